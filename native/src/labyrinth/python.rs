//! The Python side of the Labyrinth engine: `escapology._native.labyrinth_*`.
//!
//! Bound in `lib.rs` by [`register`]; used by `escapology.labyrinth.native`.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use super::board::{Connections, MAX_SIDE};
use super::deepening;
use super::deepening::Monitor;
use super::search::{Options, Problem, Search, Step};
use super::state::State;
use super::table::TranspositionTable;
use crate::py_monitor::PyMonitor;

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
/// the answer is reproducible (one worker, no clock in any decision). With `any_plan` the first plan
/// within `max_steps` found is the answer (the competition's decision task), not the shortest.
/// With `whole_depths` it stops at the end of a depth when the next is not expected to end
/// within `seconds` (a look whose work others continue: the split's first look).
#[pyfunction]
#[pyo3(signature = (n, conn, init, goal, max_steps, workers=1, seconds=None, progress=None, node_limit=None, any_plan=false, whole_depths=false))]
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
    any_plan: bool,
    whole_depths: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let problem = labyrinth_problem(n, conn, init, goal)?;
    let (out, interrupted) = py.detach(move || {
        let monitor = PyMonitor::new(seconds, progress);
        let out = deepening::solve(
            &problem,
            max_steps,
            workers,
            node_limit,
            any_plan,
            whole_depths,
            &monitor,
        );
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
        ..Options::default()
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

/// The states the exact search meets after `k` pushes (`1 <= k`), for searches of `k + 3`
/// pushes or more, each with the pushes that lead to it (codes), as bytes for
/// [`labyrinth_search_state`]: `(status, nodes, plan, [(pushes, state), ...])`. `status` is
/// "found" when a plan of at most `k` pushes turned up on the way (then `plan` is it and the list
/// is empty), else "split". With `distinct`, a state met again (same bytes: the same search below)
/// is listed once, after the first pushes that met it. `nodes` are the search's above the states.
/// Runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (n, conn, init, goal, k, distinct=true))]
#[allow(clippy::type_complexity)]
fn labyrinth_split<'py>(
    py: Python<'py>,
    n: usize,
    conn: &[u8],
    init: usize,
    goal: usize,
    k: usize,
    distinct: bool,
) -> PyResult<(
    String,
    u64,
    Vec<usize>,
    Vec<(Vec<usize>, Bound<'py, PyBytes>)>,
)> {
    let problem = labyrinth_problem(n, conn, init, goal)?;
    if !(1..=super::search::MAX_DEPTH - 3).contains(&k) {
        return Err(PyValueError::new_err("k must be at least 1"));
    }
    let (step, nodes, plan, states) = py.detach(move || {
        let options = Options {
            split_at: Some(k),
            ..Options::default()
        };
        let mut s = Search::new(&problem, k + 3, options, None, 1);
        let mut step = Step::Budget;
        while step == Step::Budget {
            step = s.run(1 << 24);
        }
        let mut seen = std::collections::HashSet::new();
        let states: Vec<(Vec<usize>, Vec<u8>)> = if step == Step::Found {
            Vec::new()
        } else {
            s.collected()
                .iter()
                .map(|(pushes, state)| (pushes.clone(), state.to_bytes()))
                .filter(|(_, bytes)| !distinct || seen.insert(bytes.clone()))
                .collect()
        };
        (step, s.nodes(), s.plan(), states)
    });
    let status = if step == Step::Found {
        "found"
    } else {
        "split"
    };
    let states = states
        .into_iter()
        .map(|(pushes, bytes)| (pushes, PyBytes::new(py, &bytes)))
        .collect();
    Ok((status.to_string(), nodes, plan, states))
}

/// A transposition table kept by Python across searches of `labyrinth_search_state` (`2^bits`
/// entries; the engine's own tables have `2^20` on boards of side 8 or more): one per process
/// of a split, so that the parts a worker searches share it.
#[pyclass(frozen)]
pub struct LabyrinthTable {
    table: Arc<TranspositionTable>,
}

#[pymethods]
impl LabyrinthTable {
    #[new]
    fn new(bits: u32) -> PyResult<Self> {
        if bits == 0 || bits > 32 {
            return Err(PyValueError::new_err("bits 1..32"));
        }
        Ok(LabyrinthTable {
            table: Arc::new(TranspositionTable::new(bits)),
        })
    }
}

/// The complete search of exactly `depth` more pushes below a state of [`labyrinth_split`] (its
/// bytes): `(status, nodes, plan)`, `status` "found" (`plan`: the pushes after the state),
/// "exhausted", "stopped" (`seconds` ran out) or "capped" (after about `node_cap` nodes). Node for
/// node the search of the whole instance continued below that state
/// (`native/src/labyrinth/state.rs`); `focused`: the engine's focused search instead (only pushes
/// meeting `R` or the goal's component, or repeats: it finds plans, proves nothing). `table_bits`
/// 0: no table (default: the engine's, from four pushes on). `table`: a [`LabyrinthTable`] kept
/// by the caller across searches instead (`table_bits` is then ignored), read and written in
/// search `generation`: the parts of one split searched in one process at one whole depth share
/// it as the threads of one search share theirs (the table sees only the state, see
/// [`super::state`]; give each whole depth, and each focused search, a generation of its own).
/// `progress`: a callable given the nodes so far about every 50 ms; an error it raises stops the
/// search and is raised here (a Ray actor's part stops so when Ray cancels it). Runs with the GIL
/// released; Ctrl-C raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (n, conn, state, depth, seconds=None, table_bits=None, focused=false, node_cap=None, table=None, generation=1, progress=None))]
#[allow(clippy::too_many_arguments)]
fn labyrinth_search_state(
    py: Python<'_>,
    n: usize,
    conn: &[u8],
    state: &[u8],
    depth: usize,
    seconds: Option<f64>,
    table_bits: Option<u32>,
    focused: bool,
    node_cap: Option<u64>,
    table: Option<PyRef<'_, LabyrinthTable>>,
    generation: u32,
    progress: Option<Py<PyAny>>,
) -> PyResult<(String, u64, Vec<usize>)> {
    let problem = labyrinth_problem(n, conn, 0, 0)?;
    let state = State::from_bytes(state, &problem.conn).map_err(PyValueError::new_err)?;
    if depth > super::search::MAX_DEPTH || table_bits.is_some_and(|b| b > 32) {
        return Err(PyValueError::new_err("depth 0..255, table_bits 0..32"));
    }
    let bits = table_bits.unwrap_or(if depth >= 4 {
        if n >= 8 {
            20
        } else {
            14
        }
    } else {
        0
    });
    let kept = table.map(|t| Arc::clone(&t.table));
    let (step, nodes, plan, interrupted) = py.detach(move || {
        let monitor = PyMonitor::new(seconds, progress);
        let table = kept.or_else(|| (bits > 0).then(|| Arc::new(TranspositionTable::new(bits))));
        let options = Options {
            focused,
            ..Options::default()
        };
        let mut s = Search::from_state(&problem.conn, &state, depth, options, table, generation);
        // nodes between polls of the monitor: a few milliseconds whatever the board size
        let budget = (200_000_000 / (n * n) as u64).max(2_000);
        let budget = node_cap.map_or(budget, |c| budget.min(c.max(1)));
        let step = loop {
            let step = s.run(budget);
            monitor.count(s.nodes());
            match step {
                Step::Budget if monitor.should_stop() => break None,
                Step::Budget if node_cap.is_some_and(|c| s.nodes() >= c) => {
                    break Some(Step::Budget)
                }
                Step::Budget => {}
                step => break Some(step),
            }
        };
        (step, s.nodes(), s.plan(), monitor.interrupted.into_inner())
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    let status = match step {
        Some(Step::Found) => "found",
        Some(Step::Budget) => "capped",
        Some(Step::Exhausted) => "exhausted",
        None => "stopped",
    };
    Ok((status.to_string(), nodes, plan))
}

/// The engine's beam search of `width` states for a plan of at most `max_depth` pushes (push
/// codes, or None), until `seconds` run out (an upper bound: the split widens it as the engine
/// does). Runs with the GIL released; Ctrl-C raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (n, conn, init, goal, max_depth, width, seconds=None))]
#[allow(clippy::too_many_arguments)]
fn labyrinth_beam(
    py: Python<'_>,
    n: usize,
    conn: &[u8],
    init: usize,
    goal: usize,
    max_depth: usize,
    width: usize,
    seconds: Option<f64>,
) -> PyResult<Option<Vec<usize>>> {
    let problem = labyrinth_problem(n, conn, init, goal)?;
    if !(1..=1 << 16).contains(&width) {
        return Err(PyValueError::new_err("width must be 1 to 65536"));
    }
    let max_depth = max_depth.min(super::search::MAX_DEPTH);
    let (plan, interrupted) = py.detach(move || {
        let monitor = PyMonitor::new(seconds, None);
        let stop = || monitor.should_stop();
        let plan = super::beam::find_plan(&problem, max_depth, width, 7, u64::MAX, &stop).ok();
        (plan, monitor.interrupted.into_inner())
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    Ok(plan)
}

/// Bytes the native Labyrinth solve may allocate on a board of side `n` (checked against a memory
/// limit before it starts).
#[pyfunction]
fn labyrinth_memory(n: usize, max_steps: usize, workers: usize) -> usize {
    deepening::memory_estimate(n.min(MAX_SIDE), max_steps, workers)
}

/// Adds the Labyrinth's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("LABYRINTH_MAX_SIDE", MAX_SIDE)?;
    m.add_function(wrap_pyfunction!(labyrinth_solve, m)?)?;
    m.add_function(wrap_pyfunction!(labyrinth_search, m)?)?;
    m.add_function(wrap_pyfunction!(labyrinth_memory, m)?)?;
    m.add_function(wrap_pyfunction!(labyrinth_split, m)?)?;
    m.add_function(wrap_pyfunction!(labyrinth_beam, m)?)?;
    m.add_function(wrap_pyfunction!(labyrinth_search_state, m)?)?;
    m.add_class::<LabyrinthTable>()?;
    Ok(())
}
