//! `escapology._native`: the search engines of escapology, bound to Python.
//!
//! Each game's engine lives in its own module tree as plain Rust; this file only binds them:
//! it checks the arguments, releases the GIL for the search, and turns the monitor's polls into
//! Python's deadline, Ctrl-C and progress callback.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub mod amazeing;
pub mod labyrinth;
pub mod nemesis;

// the linear Nemesis algorithms (bound in one block below)
pub mod nemesis_linear;

use labyrinth::board::{Connections, MAX_SIDE};
use labyrinth::deepening::{self, Monitor, Progress};
use labyrinth::search::{Options, Problem, Search, Step};
use labyrinth::table::TranspositionTable;

/// How often the search looks at Python's signal handlers (Ctrl-C) and calls the progress callback.
const PYTHON_POLL: Duration = Duration::from_millis(50);

/// The monitor of a search started from Python: a deadline, Ctrl-C, a progress callback.
///
/// Lives on the thread that called from Python (the search's coordinating thread) and takes the
/// GIL only for a moment, at most every [`PYTHON_POLL`].
struct PyMonitor {
    deadline: Option<Instant>,
    progress: Option<Py<PyAny>>,
    interrupted: RefCell<Option<PyErr>>,
    last_signals: Cell<Instant>,
    last_progress: Cell<Option<Instant>>,
}

impl PyMonitor {
    fn new(seconds: Option<f64>, progress: Option<Py<PyAny>>) -> Self {
        let now = Instant::now();
        PyMonitor {
            deadline: seconds.map(|s| now + Duration::from_secs_f64(s.clamp(0.0, 1e9))),
            progress,
            interrupted: RefCell::new(None),
            last_signals: Cell::new(now),
            last_progress: Cell::new(None),
        }
    }
}

impl Monitor for PyMonitor {
    fn should_stop(&self) -> bool {
        if self.interrupted.borrow().is_some() {
            return true;
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return true;
        }
        if now.duration_since(self.last_signals.get()) >= PYTHON_POLL {
            self.last_signals.set(now);
            if let Err(e) = Python::attach(|py| py.check_signals()) {
                *self.interrupted.borrow_mut() = Some(e);
                return true;
            }
        }
        false
    }

    fn progress(&self, p: &Progress) {
        let Some(callback) = &self.progress else {
            return;
        };
        let now = Instant::now();
        if self
            .last_progress
            .get()
            .is_some_and(|t| now.duration_since(t) < PYTHON_POLL)
        {
            return;
        }
        self.last_progress.set(Some(now));
        Python::attach(|py| {
            let best = p.best.map(|b| b as i64).unwrap_or(-1);
            if let Err(e) =
                callback.call1(py, (p.depth, p.mode.name(), p.nodes, p.lower_bound, best))
            {
                *self.interrupted.borrow_mut() = Some(e);
            }
        });
    }

    fn remaining(&self) -> Option<f64> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64())
    }
}

/// The Labyrinth problem from Python's arguments, checked.
fn labyrinth_problem(n: usize, conn: &[u8], init: usize, goal: usize) -> PyResult<Problem> {
    if !(2..=MAX_SIDE).contains(&n) {
        return Err(PyValueError::new_err(format!(
            "the native engine takes boards of side 2 to {MAX_SIDE}, not {n}"
        )));
    }
    if conn.len() != n * n || conn.iter().any(|&m| m > 15) {
        return Err(PyValueError::new_err("conn must hold n * n masks of 0..15"));
    }
    if init >= n * n || goal >= n * n {
        return Err(PyValueError::new_err(
            "init and goal must be positions of the board",
        ));
    }
    Ok(Problem {
        n,
        conn: Connections::new(conn.to_vec()),
        init,
        goal,
    })
}

/// The fewest pushes for a Labyrinth instance (see `escapology.labyrinth.native`).
///
/// Returns a dict: `plan` (push codes, or None), `lower_bound`, `nodes`, `beam_pushes`,
/// `beam_width`, `workers`, `stopped`. `progress(depth, mode, nodes, lower_bound, best)` is called
/// now and then (`best` -1: no plan yet). Raises KeyboardInterrupt on Ctrl-C. With `node_limit`
/// the answer is reproducible (one worker, no clock in any decision).
#[pyfunction]
#[pyo3(signature = (n, conn, init, goal, max_steps, workers=1, seconds=None, progress=None, node_limit=None))]
#[allow(clippy::too_many_arguments)]
fn labyrinth_solve<'py>(
    py: Python<'py>,
    n: usize,
    conn: &[u8],
    init: usize,
    goal: usize,
    max_steps: usize,
    workers: usize,
    seconds: Option<f64>,
    progress: Option<Py<PyAny>>,
    node_limit: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let problem = labyrinth_problem(n, conn, init, goal)?;
    let (out, interrupted) = py.detach(move || {
        let monitor = PyMonitor::new(seconds, progress);
        let out = deepening::solve(&problem, max_steps, workers, node_limit, &monitor);
        (out, monitor.interrupted.into_inner())
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    let d = PyDict::new(py);
    d.set_item("plan", out.plan)?;
    d.set_item("lower_bound", out.lower_bound)?;
    d.set_item("nodes", out.nodes)?;
    d.set_item("beam_pushes", out.beam_pushes)?;
    d.set_item("beam_width", out.beam_width)?;
    d.set_item("workers", out.workers)?;
    d.set_item("stopped", out.stopped)?;
    Ok(d)
}

/// One complete Labyrinth search of exactly `depth` pushes, for tests and benchmarks of the
/// search alone: (status "found" or "exhausted", nodes, plan as push codes). `prune` 0 turns every
/// rule off (the reference the rules are checked against), 1 keeps rules 1-5, 2 is the engine's.
/// Runs with the GIL released, one table generation 1.
#[pyfunction]
#[pyo3(signature = (n, conn, init, goal, depth, focused=false, prune=2, table_bits=0, first_push=None))]
#[allow(clippy::too_many_arguments)]
fn labyrinth_search(
    py: Python<'_>,
    n: usize,
    conn: &[u8],
    init: usize,
    goal: usize,
    depth: usize,
    focused: bool,
    prune: u8,
    table_bits: u32,
    first_push: Option<usize>,
) -> PyResult<(String, u64, Vec<usize>)> {
    let problem = labyrinth_problem(n, conn, init, goal)?;
    if prune > 2 || table_bits > 32 || depth > 255 || first_push.is_some_and(|k| k >= 4 * n) {
        return Err(PyValueError::new_err(
            "prune is 0..2, table_bits 0..32, depth 0..255, first_push a push of the board",
        ));
    }
    let options = Options {
        focused,
        prune,
        first_push,
    };
    let (step, nodes, plan) = py.detach(move || {
        let table = (table_bits > 0).then(|| Arc::new(TranspositionTable::new(table_bits)));
        let mut s = Search::new(&problem, depth, options, table, 1);
        loop {
            match s.run(1 << 24) {
                Step::Budget => continue,
                step => return (step, s.nodes(), s.plan()),
            }
        }
    });
    let status = if step == Step::Found {
        "found"
    } else {
        "exhausted"
    };
    Ok((status.to_string(), nodes, plan))
}

/// Bytes the native Labyrinth solve may allocate on a board of side `n` (checked against a memory
/// limit before it starts).
#[pyfunction]
fn labyrinth_memory(n: usize, max_steps: usize, workers: usize) -> usize {
    deepening::memory_estimate(n.min(MAX_SIDE), max_steps, workers)
}

// ----- The aMAZEing Labyrinth: the bounded race of SP-Versus-Labyrinth ----------------------------

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
) -> PyResult<(Option<RaceMove>, amazeing::race::Outcome)> {
    use amazeing::board::{Geometry, NO_TARGET, ON_SPARE};
    use amazeing::race::{Race, State, NO_SHIFT};
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
        table_states.min(table_mb * (1 << 20) / amazeing::table::Table::<W>::entry_bytes());
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
        him: amazeing::bits::Bits::cell(cells[1] as usize),
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
    use amazeing::bits::Bits;
    use amazeing::board::{Geometry, NO_TARGET, ON_SPARE};
    use amazeing::race::{State, NO_SHIFT};
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
        amazeing::evaluate::move_values(&geo, &st, &targets)
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
// ---- Nemesis, Blizzard and Cat Herding: the exact searches, driven from Python -----------------

use nemesis::cat::CatSearch;
use nemesis::graph::Graph;
use nemesis::search::{Search as NemesisEngine, Stop};
use nemesis::table::{Action, FEntry, NEntry};
use pyo3::types::{PyFrozenSet, PyList};
use std::sync::atomic::{AtomicBool, Ordering};

/// Stack bytes a search may need per level of recursion (with a wide margin).
const STACK_PER_LEVEL: usize = 2048;
/// Searches at most this deep run on the calling thread; deeper ones on a thread of their own.
const INLINE_LEVELS: usize = 512;
/// The deepest search taken (a stack of 4 GiB); Cat Herding with more edge copies is refused.
const MAX_LEVELS: usize = 1 << 21;

fn check_levels(levels: usize) -> PyResult<usize> {
    if levels > MAX_LEVELS {
        return Err(PyValueError::new_err(format!(
            "the search would recurse {levels} levels deep; the native engine takes at most {MAX_LEVELS}"
        )));
    }
    Ok(levels)
}

/// Runs `work`, a search `levels` deep at most that polls its stop callback, under a monitor
/// with a deadline of `seconds` and Ctrl-C, with the GIL released. A shallow search runs on this
/// thread and polls the monitor itself; a deep one runs on a thread with a stack to match while
/// this thread (the one Python's signals reach) polls the monitor and raises the stop flag.
fn run_monitored<T: Send>(
    py: Python<'_>,
    seconds: Option<f64>,
    levels: usize,
    work: impl FnOnce(&mut Stop) -> T + Send,
) -> PyResult<T> {
    let (out, interrupted) = py.detach(move || {
        let monitor = PyMonitor::new(seconds, None);
        let out = if levels <= INLINE_LEVELS {
            work(&mut || monitor.should_stop())
        } else {
            let flag = AtomicBool::new(false);
            let caller = std::thread::current();
            std::thread::scope(|scope| {
                let worker = std::thread::Builder::new()
                    .name("nemesis-search".into())
                    .stack_size((16 << 20) + levels.saturating_mul(STACK_PER_LEVEL))
                    .spawn_scoped(scope, || {
                        let out = work(&mut || flag.load(Ordering::Relaxed));
                        caller.unpark();
                        out
                    })
                    .expect("a thread for the search");
                while !worker.is_finished() {
                    if monitor.should_stop() {
                        flag.store(true, Ordering::Relaxed);
                    }
                    std::thread::park_timeout(Duration::from_millis(20));
                }
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
        };
        (out, monitor.interrupted.into_inner())
    });
    match interrupted {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// The multigraph from Python's arguments, multiplicities capped to `cap`.
fn nemesis_graph(
    n: usize,
    ends: Vec<(u32, u32)>,
    mult: &[u64],
    is_exit: Vec<bool>,
    cap: u64,
) -> PyResult<Graph> {
    if mult.contains(&0) {
        return Err(PyValueError::new_err("every edge has at least one copy"));
    }
    let mult = mult.iter().map(|&k| k.min(cap) as u32).collect();
    Graph::new(n, ends, mult, is_exit).map_err(PyValueError::new_err)
}

/// A position's multiplicities from Python, capped to `cap`, checked against the initial ones.
fn position(initial: &[u32], mult: &[u64], cap: u64) -> PyResult<Vec<u32>> {
    if mult.len() != initial.len() {
        return Err(PyValueError::new_err("one multiplicity per edge"));
    }
    let out: Vec<u32> = mult.iter().map(|&k| k.min(cap) as u32).collect();
    if out.iter().zip(initial).any(|(a, b)| a > b) {
        return Err(PyValueError::new_err(
            "a position has no more copies of an edge than the graph",
        ));
    }
    Ok(out)
}

fn edge_set<'py>(
    py: Python<'py>,
    edges: impl Iterator<Item = u32>,
) -> PyResult<Bound<'py, PyFrozenSet>> {
    PyFrozenSet::new(py, edges.collect::<Vec<_>>())
}

/// The exact Nemesis/Blizzard search of `escapology.nemesis.exact`, with its tables kept between
/// calls. Entries are referred to by index; `f_entry`/`n_entry` give them in the tuple shapes of
/// the Python search's tables (what `escapology.nemesis.extract` reads).
#[pyclass(module = "escapology._native")]
struct NemesisSearch {
    engine: NemesisEngine,
    cap: u64,
    levels: usize,
}

#[pymethods]
impl NemesisSearch {
    /// `n` vertices, edges `ends` with multiplicities `mult` (capped to `n + 1`: unbreakable),
    /// `is_exit` per vertex, `blizzard` for Blizzard's rule (delete next to the fugitive).
    #[new]
    fn new(
        n: usize,
        ends: Vec<(u32, u32)>,
        mult: Vec<u64>,
        is_exit: Vec<bool>,
        blizzard: bool,
    ) -> PyResult<Self> {
        let cap = n as u64 + 1;
        let g = nemesis_graph(n, ends, &mult, is_exit, cap)?;
        let levels = check_levels(2 * g.is_exit.iter().filter(|&&x| !x).count() + 2)?;
        Ok(NemesisSearch {
            engine: NemesisEngine::new(g, blizzard),
            cap,
            levels,
        })
    }

    /// The fugitive to move at `pos`: the index of the entry, or None when `seconds` ran out.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn f_turn(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<u32>> {
        self.turn(py, pos, &mult, seconds, true)
    }

    /// The fugitive arrived at `w`, the Nemesis to delete: the index of the entry, or None when
    /// `seconds` ran out.
    #[pyo3(signature = (w, mult, seconds=None))]
    fn n_turn(
        &mut self,
        py: Python<'_>,
        w: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<u32>> {
        self.turn(py, w, &mult, seconds, false)
    }

    /// Whether an exit is left in the pruned component of `pos`.
    fn has_exit(&mut self, pos: u32, mult: Vec<u64>) -> PyResult<bool> {
        self.check_vertex(pos)?;
        let mult = position(&self.engine.g.mult, &mult, self.cap)?;
        Ok(self.engine.has_exit(pos, &mult))
    }

    /// A fugitive-turn entry: `(False, i, "trapped")`, `(False, i)`, or `(True, w, e, next,
    /// support, i)` with `next` None when `w` is an exit.
    fn f_entry<'py>(&self, py: Python<'py>, i: u32) -> PyResult<Bound<'py, PyAny>> {
        let entry = self.engine.tf.entries.get(i as usize);
        Ok(
            match entry.ok_or_else(|| PyValueError::new_err("no such entry"))? {
                FEntry::Trapped => (false, i, "trapped").into_pyobject(py)?.into_any(),
                FEntry::Lost => (false, i).into_pyobject(py)?.into_any(),
                FEntry::Exits { to, edge } => {
                    let support = edge_set(py, std::iter::once(*edge))?;
                    (true, *to, *edge, py.None(), support, i)
                        .into_pyobject(py)?
                        .into_any()
                }
                FEntry::Moves {
                    to,
                    edge,
                    next,
                    support,
                } => (true, *to, *edge, *next, edge_set(py, support.iter())?, i)
                    .into_pyobject(py)?
                    .into_any(),
            },
        )
    }

    /// A Nemesis-turn entry: `(False, deletion, trapped)` or `(True, tried, support, i)`, `tried`
    /// a list of `(deletion or None, ("exit", e) or ("f", fugitive entry), support)`.
    fn n_entry<'py>(&self, py: Python<'py>, i: u32) -> PyResult<Bound<'py, PyAny>> {
        let entry = self.engine.tn.entries.get(i as usize);
        Ok(
            match entry.ok_or_else(|| PyValueError::new_err("no such entry"))? {
                NEntry::Lost { deletion, trapped } => {
                    (false, *deletion, *trapped).into_pyobject(py)?.into_any()
                }
                NEntry::Won { tried, support } => {
                    let list = PyList::empty(py);
                    for t in tried {
                        let action = match t.action {
                            Action::Exit(e) => ("exit", e),
                            Action::Fugitive(f) => ("f", f),
                        };
                        list.append((t.deletion, action, edge_set(py, t.support.iter())?))?;
                    }
                    (true, list, edge_set(py, support.iter())?, i)
                        .into_pyobject(py)?
                        .into_any()
                }
            },
        )
    }

    /// Positions searched (table misses).
    #[getter]
    fn nodes(&self) -> u64 {
        self.engine.nodes
    }

    /// Entries in the two tables.
    #[getter]
    fn positions(&self) -> usize {
        self.engine.tf.len() + self.engine.tn.len()
    }

    /// Bytes the tables hold, about.
    #[getter]
    fn table_bytes(&self) -> usize {
        self.engine.table_bytes()
    }
}

impl NemesisSearch {
    fn check_vertex(&self, v: u32) -> PyResult<()> {
        if v as usize >= self.engine.g.n() || self.engine.g.is_exit[v as usize] {
            return Err(PyValueError::new_err(
                "the fugitive stands on a non-exit vertex",
            ));
        }
        Ok(())
    }

    fn turn(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: &[u64],
        seconds: Option<f64>,
        fugitive: bool,
    ) -> PyResult<Option<u32>> {
        self.check_vertex(pos)?;
        let mult = position(&self.engine.g.mult, mult, self.cap)?;
        let hit = if fugitive {
            self.engine.lookup_f(pos, &mult)
        } else {
            self.engine.lookup_n(pos, &mult)
        };
        if hit.is_some() {
            return Ok(hit);
        }
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, self.levels, move |stop| {
            if fugitive {
                engine.f_turn(pos, &mult, stop)
            } else {
                engine.n_turn(pos, &mult, stop)
            }
        })?;
        Ok(out.ok())
    }
}

/// Cat Herding's exact search of `escapology.nemesis.cat`, with its table kept between calls.
/// Every method returns None when `seconds` ran out.
#[pyclass(module = "escapology._native")]
struct CatHerding {
    engine: CatSearch,
    levels: usize,
}

#[pymethods]
impl CatHerding {
    /// `n` vertices, edges `ends` with multiplicities `mult`; `speed_one`: the cat moves along
    /// one edge per round (else anywhere in its component).
    #[new]
    fn new(n: usize, ends: Vec<(u32, u32)>, mult: Vec<u64>, speed_one: bool) -> PyResult<Self> {
        if mult.iter().any(|&k| k > u32::MAX as u64) {
            return Err(PyValueError::new_err("at most 2^32 - 1 copies of an edge"));
        }
        let g = nemesis_graph(n, ends, &mult, vec![false; n], u64::MAX)?;
        let copies: u64 = g.mult.iter().map(|&k| k as u64).sum();
        let levels = check_levels((copies as usize).saturating_mul(2).saturating_add(2))?;
        Ok(CatHerding {
            engine: CatSearch::new(g, speed_one),
            levels,
        })
    }

    /// Deletions still to come, the herder to move, the cat at `pos`.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn herder_turn(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<u64>> {
        let mult = self.position(pos, &mult)?;
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, self.levels, move |stop| {
            engine.herder_turn(pos, &mult, stop)
        })?;
        Ok(out.ok())
    }

    /// Deletions still to come, the cat to move at `pos`.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn cat_turn(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<u64>> {
        let mult = self.position(pos, &mult)?;
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, self.levels, move |stop| {
            engine.cat_turn(pos, &mult, stop)
        })?;
        Ok(out.ok())
    }

    /// `(found, edge)`: an optimal deletion (edge None when the cat is isolated); found False when
    /// `seconds` ran out.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn best_deletion(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<(bool, Option<u32>)> {
        let mult = self.position(pos, &mult)?;
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, self.levels, move |stop| {
            engine.best_deletion(pos, &mult, stop)
        })?;
        Ok(out.map_or((false, None), |e| (true, e)))
    }

    /// `(found, vertex)`: an optimal move of the cat (None when it cannot move); found False when
    /// `seconds` ran out.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<(bool, Option<u32>)> {
        let mult = self.position(pos, &mult)?;
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, self.levels, move |stop| {
            engine.best_move(pos, &mult, stop)
        })?;
        Ok(out.map_or((false, None), |w| (true, w)))
    }

    /// The vertices of the cat's component (increasing, `pos` included).
    fn component(&mut self, pos: u32, mult: Vec<u64>) -> PyResult<Vec<u32>> {
        let mult = self.position(pos, &mult)?;
        Ok(self.engine.component_vertices(pos, &mult))
    }

    /// Positions searched (table misses).
    #[getter]
    fn nodes(&self) -> u64 {
        self.engine.nodes
    }

    /// Positions in the table.
    #[getter]
    fn positions(&self) -> usize {
        self.engine.positions()
    }
}

impl CatHerding {
    fn position(&self, pos: u32, mult: &[u64]) -> PyResult<Vec<u32>> {
        if pos as usize >= self.engine.g.n() {
            return Err(PyValueError::new_err(
                "the cat stands on a vertex of the graph",
            ));
        }
        position(&self.engine.g.mult, mult, u64::MAX)
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("LABYRINTH_MAX_SIDE", MAX_SIDE)?;
    m.add_function(wrap_pyfunction!(labyrinth_solve, m)?)?;
    m.add_function(wrap_pyfunction!(labyrinth_search, m)?)?;
    m.add_function(wrap_pyfunction!(labyrinth_memory, m)?)?;
    m.add("AMAZEING_MAX_CELLS", AMAZEING_MAX_CELLS)?;
    m.add_function(wrap_pyfunction!(amazeing_race, m)?)?;
    m.add_function(wrap_pyfunction!(amazeing_move_values, m)?)?;
    // the linear Nemesis algorithms
    nemesis_linear::python::register(m)?;
    m.add_class::<NemesisSearch>()?;
    m.add_class::<CatHerding>()?;
    Ok(())
}
