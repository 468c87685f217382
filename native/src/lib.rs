//! `escapology._native`: the search engines of escapology, bound to Python.
//!
//! Each game's engine lives in its own module tree as plain Rust; this file only binds them.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pub mod labyrinth;

use labyrinth::board::{Connections, MAX_SIDE};
use labyrinth::search::{Options, Problem, Search, Step};
use labyrinth::table::TranspositionTable;

/// One complete Labyrinth search of exactly `depth` pushes (for tests): (status "found" or
/// "exhausted", nodes, plan as push codes). Runs with the GIL released, one table generation 1.
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
    if !(2..=MAX_SIDE).contains(&n) || conn.len() != n * n || init >= n * n || goal >= n * n {
        return Err(PyValueError::new_err(
            "bad board: side, connections or positions",
        ));
    }
    if prune > 2 || table_bits > 32 || depth > 255 || first_push.is_some_and(|k| k >= 4 * n) {
        return Err(PyValueError::new_err("bad options"));
    }
    let problem = Problem {
        n,
        conn: Connections::new(conn.to_vec()),
        init,
        goal,
    };
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

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(labyrinth_search, m)?)?;
    Ok(())
}
