//! The Python side of the aMAZEing Labyrinth's race search: `escapology._native.amazeing_*`.
//!
//! Bound in `lib.rs` by [`register`]; used by `escapology.amazeing.native`.

use std::cell::Cell;
use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::labyrinth::deepening::Monitor;
use crate::py_monitor::{PyMonitor, PYTHON_POLL};

/// The largest board (cells) the native race search takes.
const AMAZEING_MAX_CELLS: usize = 64 * 128;

/// A winning first move as Python sees it: the shift's side and line, the tile, the cell.
type RaceMove = (char, usize, u8, u32);

/// A race question as Python's plain data (checked by `amazeing_race`).
struct RaceArgs {
    rows: usize,
    cols: usize,
    fixed: Vec<bool>,
    tiles: Vec<u8>,
    spare: u8,
    forbidden: Option<(char, usize)>,
    /// her cell, his cell, her target, his target (-1 on the spare, -2 none)
    cells: [i64; 4],
    turns: u32,
    table_states: usize,
    table_mb: usize,
    /// the solo cap of a scored race, `None` for the plain race
    scored: Option<u8>,
}

/// The search at bitset width `W` (at least `rows * cols / 64` words).
fn amazeing_race_at<const W: usize>(
    args: &RaceArgs,
    poll: &mut dyn FnMut(u64) -> bool,
) -> PyResult<(Option<RaceMove>, super::race::Outcome)> {
    use super::board::{Geometry, NO_TARGET, ON_SPARE};
    use super::race::{Race, State, NO_SHIFT};
    let RaceArgs {
        rows,
        cols,
        ref fixed,
        ref tiles,
        spare,
        forbidden,
        cells,
        turns,
        table_states,
        table_mb,
        scored,
    } = *args;
    let geo: Geometry<W> = Geometry::new(rows, cols, fixed);
    // a state of a wide board is large: keep the table within the memory budget too
    let table_states =
        table_states.min(table_mb * (1 << 20) / super::table::Table::<W>::entry_bytes());
    let forbidden = match forbidden {
        None => NO_SHIFT,
        Some((side, index)) => geo
            .shifts
            .iter()
            .position(|s| s.side == side && s.index == index)
            .unwrap_or(NO_SHIFT),
    };
    let size = (rows * cols) as i64;
    let target = |t: i64| match t {
        -1 => Ok(ON_SPARE),
        -2 => Ok(NO_TARGET),
        t if (0..size).contains(&t) => Ok(t as u32),
        _ => Err(PyValueError::new_err(
            "a target is a cell, -1 (spare) or -2 (none)",
        )),
    };
    if !(0..size).contains(&cells[0]) || !(0..size).contains(&cells[1]) {
        return Err(PyValueError::new_err(
            "the players must stand on cells of the board",
        ));
    }
    let root = State {
        board: geo.encode(tiles),
        spare,
        forbidden,
        her: cells[0] as u32,
        him: super::bits::Bits::cell(cells[1] as usize),
        her_target: target(cells[2])?,
        his_target: target(cells[3])?,
    };
    let mut race = Race::new(&geo, table_states, poll);
    let out = match scored {
        None => race.solve(&root, turns),
        Some(cap) => race.solve_scored(&root, turns, cap),
    };
    let mv = out.winning_move.map(|m| {
        let s = &geo.shifts[m.shift];
        (s.side, s.index, m.tile, m.to)
    });
    Ok((mv, out))
}

/// The bounded race of SP-Versus-Labyrinth (see `escapology.amazeing.native`): can the player to
/// move force standing on her target within `turns` own turns before the opponent stands on his?
///
/// `fixed` and `tiles` are row-major; `forbidden` is the shift (side, index) that would undo the
/// previous one; targets are cells, -1 (on the spare) or -2 (none). Returns a dict: `move`
/// ((side, index, tile, cell) of a winning first move, or None), `turns` (with a move: the fewest
/// own turns of a forced win; else every bound up to it is proven lost), `nodes`, `table_states`,
/// `stopped`. With `scored_cap` the question is the scored race of `turns` turns each, solo
/// distances counted up to the cap (`native/src/amazeing/scored.rs`). The table keeps at most `table_states` states and `table_mb` MiB. Runs with the GIL
/// released; Ctrl-C raises KeyboardInterrupt; `progress(nodes)` is called now and then.
#[pyfunction]
#[pyo3(signature = (rows, cols, fixed, tiles, spare, forbidden, me, opp, my_target, opp_target, turns, seconds=None, table_states=4_000_000, table_mb=1024, node_limit=None, scored_cap=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn amazeing_race<'py>(
    py: Python<'py>,
    rows: usize,
    cols: usize,
    fixed: Vec<bool>,
    tiles: Vec<u8>,
    spare: u8,
    forbidden: Option<(char, usize)>,
    me: i64,
    opp: i64,
    my_target: i64,
    opp_target: i64,
    turns: u32,
    seconds: Option<f64>,
    table_states: usize,
    table_mb: usize,
    node_limit: Option<u64>,
    scored_cap: Option<u8>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let size = rows * cols;
    if rows == 0 || cols == 0 || size > AMAZEING_MAX_CELLS {
        return Err(PyValueError::new_err(format!(
            "the native race takes boards of 1 to {AMAZEING_MAX_CELLS} cells, not {rows}x{cols}"
        )));
    }
    if scored_cap.is_some_and(|c| !(1..=16).contains(&c)) || (scored_cap.is_some() && turns > 120) {
        return Err(PyValueError::new_err(
            "a scored race takes 1..120 turns and a solo cap of 1..16",
        ));
    }
    if fixed.len() != size || tiles.len() != size || tiles.iter().any(|&t| t > 15) || spare > 15 {
        return Err(PyValueError::new_err(
            "fixed and tiles must hold rows * cols entries, tiles 0..15",
        ));
    }
    let args = RaceArgs {
        rows,
        cols,
        fixed,
        tiles,
        spare,
        forbidden,
        cells: [me, opp, my_target, opp_target],
        turns,
        table_states,
        table_mb,
        scored: scored_cap,
    };
    let (result, interrupted) = py.detach(move || {
        let monitor = PyMonitor::new(seconds, None);
        let last_progress = Cell::new(Instant::now());
        let mut poll = |nodes: u64| {
            if let Some(callback) = &progress {
                if last_progress.get().elapsed() >= PYTHON_POLL {
                    last_progress.set(Instant::now());
                    if let Err(e) = Python::attach(|py| callback.call1(py, (nodes,))) {
                        *monitor.interrupted.borrow_mut() = Some(e);
                    }
                }
            }
            node_limit.is_some_and(|l| nodes >= l) || monitor.should_stop()
        };
        let p: &mut dyn FnMut(u64) -> bool = &mut poll;
        let result = match size.div_ceil(64) {
            1 => amazeing_race_at::<1>(&args, p),
            2 => amazeing_race_at::<2>(&args, p),
            3..=4 => amazeing_race_at::<4>(&args, p),
            5..=8 => amazeing_race_at::<8>(&args, p),
            9..=16 => amazeing_race_at::<16>(&args, p),
            17..=32 => amazeing_race_at::<32>(&args, p),
            33..=64 => amazeing_race_at::<64>(&args, p),
            _ => amazeing_race_at::<128>(&args, p),
        };
        (result, monitor.interrupted.into_inner())
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    let (mv, out) = result?;
    let d = PyDict::new(py);
    d.set_item(
        "move",
        mv.map(|(side, index, tile, cell)| (side.to_string(), index, tile, cell)),
    )?;
    d.set_item("turns", out.turns)?;
    d.set_item("nodes", out.nodes)?;
    d.set_item("table_states", out.table_states)?;
    d.set_item("stopped", out.stopped)?;
    Ok(d)
}

/// One-ply values of every move of the player to move, for the game bot (see
/// `escapology.amazeing.bot`): a list of (side, index, tile, threat, [(cell, share), ...]), where
/// `threat` is the weight of the opponent's candidate targets (`targets`: (cell or -1, weight))
/// he can reach right after some reply, and `share` the share of his replies after which she can
/// collect her target (`my_target`) on her next turn from that cell. The GIL is released.
#[pyfunction]
#[pyo3(signature = (rows, cols, fixed, tiles, spare, forbidden, me, opp, my_target, targets))]
#[allow(clippy::too_many_arguments)]
fn amazeing_move_values(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    fixed: Vec<bool>,
    tiles: Vec<u8>,
    spare: u8,
    forbidden: Option<(char, usize)>,
    me: usize,
    opp: usize,
    my_target: i64,
    targets: Vec<(i64, f64)>,
) -> PyResult<Vec<MoveValues>> {
    use super::bits::Bits;
    use super::board::{Geometry, NO_TARGET, ON_SPARE};
    use super::race::{State, NO_SHIFT};
    let size = rows * cols;
    if rows == 0 || cols == 0 || size > 64 || fixed.len() != size || tiles.len() != size {
        return Err(PyValueError::new_err(
            "move values take boards of at most 64 cells with rows * cols tiles",
        ));
    }
    let cell = |t: i64| match t {
        -1 => Ok(ON_SPARE),
        t if (0..size as i64).contains(&t) => Ok(t as u32),
        _ => Err(PyValueError::new_err("a target is a cell or -1 (spare)")),
    };
    if me >= size || opp >= size || tiles.iter().any(|&t| t > 15) || spare > 15 {
        return Err(PyValueError::new_err("players on cells, tiles 0..15"));
    }
    let her_target = cell(my_target)?;
    let targets: Vec<(u32, f64)> = targets
        .iter()
        .map(|&(t, w)| cell(t).map(|c| (c, w)))
        .collect::<PyResult<_>>()?;
    Ok(py.detach(move || {
        let geo: Geometry<1> = Geometry::new(rows, cols, &fixed);
        let forbidden = forbidden
            .and_then(|(side, index)| {
                geo.shifts
                    .iter()
                    .position(|s| s.side == side && s.index == index)
            })
            .unwrap_or(NO_SHIFT);
        let st = State {
            board: geo.encode(&tiles),
            spare,
            forbidden,
            her: me as u32,
            him: Bits::cell(opp),
            her_target,
            his_target: NO_TARGET,
        };
        super::evaluate::move_values(&geo, &st, &targets)
            .into_iter()
            .map(|v| {
                let s = &geo.shifts[v.shift];
                (s.side.to_string(), s.index, v.tile, v.threat, v.cells)
            })
            .collect()
    }))
}

/// A move's values as Python sees them: side, line, tile, threat, (cell, share) per walk.
type MoveValues = (String, usize, u8, f64, Vec<(u32, f64)>);

/// Adds the aMAZEing functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("AMAZEING_MAX_CELLS", AMAZEING_MAX_CELLS)?;
    m.add_function(wrap_pyfunction!(amazeing_race, m)?)?;
    m.add_function(wrap_pyfunction!(amazeing_move_values, m)?)?;
    Ok(())
}
