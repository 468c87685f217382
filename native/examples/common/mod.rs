//! What the counting examples share: reading their instance file and their arguments, and one
//! complete search on one thread.
//!
//! The instance file holds `n init goal` and the `n * n` connection masks, whitespace-separated,
//! e.g.
//!
//! ```text
//! .venv/bin/python -c 'import sys; from escapology.labyrinth import load; i = load(sys.argv[1]); \
//! print(i.n, i.init_position, i.goal_position, *i.connections)' INSTANCE.asp > FILE
//! ```

use std::sync::Arc;
use std::time::Instant;

use _native::labyrinth::board::Connections;
use _native::labyrinth::search::{Options, Problem, Search, Step};
use _native::labyrinth::table::TranspositionTable;

/// The arguments `FILE DEPTH [FIRST_PUSH [TABLE_BITS]]` (`-` for no first push; a table of
/// 2^20 entries unless told).
pub struct Args {
    pub problem: Problem,
    pub depth: usize,
    pub first_push: Option<usize>,
    pub table_bits: u32,
}

/// Reads the command line and the instance file; panics with what is missing (these are
/// diagnostic tools, not user commands).
pub fn args() -> Args {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("instance file");
    let depth = args[2].parse().expect("depth");
    let first_push = args
        .get(3)
        .filter(|a| *a != "-")
        .map(|a| a.parse().expect("first push"));
    let table_bits = args.get(4).map_or(20, |a| a.parse().expect("table bits"));
    let v: Vec<usize> = text
        .split_whitespace()
        .map(|w| w.parse().expect("a number"))
        .collect();
    let (n, init, goal) = (v[0], v[1], v[2]);
    let masks = v[3..3 + n * n].iter().map(|&m| m as u8).collect();
    Args {
        problem: Problem {
            n,
            conn: Connections::new(masks),
            init,
            goal,
        },
        depth,
        first_push,
        table_bits,
    }
}

/// Runs the complete search of `a.depth` pushes (below `a.first_push`, if given) on one thread
/// and prints its outcome, nodes and seconds.
pub fn complete_search(a: &Args) {
    let table = Some(Arc::new(TranspositionTable::new(a.table_bits)));
    let t0 = Instant::now();
    let mut s = Search::new(
        &a.problem,
        a.depth,
        Options {
            first_push: a.first_push,
            ..Options::default()
        },
        table,
        1,
    );
    let step = loop {
        match s.run(1 << 24) {
            Step::Budget => continue,
            st => break st,
        }
    };
    println!(
        "n={} depth={} first={:?} {step:?} nodes={} seconds={:.1}",
        a.problem.n,
        a.depth,
        a.first_push,
        s.nodes(),
        t0.elapsed().as_secs_f64()
    );
}
