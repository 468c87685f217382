//! How often a board recurs in one complete search with another avatar set (feature
//! `dominance-stats`).
//!
//! Usage: `cargo run --release --features dominance-stats --example dominance_stats -- FILE DEPTH [FIRST_PUSH [TABLE_BITS]]`
//! where FILE holds `n init goal` and the `n * n` connection masks (whitespace-separated), e.g.
//!
//! ```text
//! .venv/bin/python -c 'import sys; from escapology.labyrinth import load; i = load(sys.argv[1]); \
//! print(i.n, i.init_position, i.goal_position, *i.connections)' INSTANCE.asp > FILE
//! ```
//!
//! One thread, a 2^20-entry table unless told. Prints per level (pushes from the root) the
//! counters of [`_native::labyrinth::dominance_stats::LevelStats`]; `counted` is where the nodes
//! of the search's own count are spent.

use std::sync::Arc;

use _native::labyrinth::board::Connections;
use _native::labyrinth::dominance_stats;
use _native::labyrinth::search::{Options, Problem, Search, Step};
use _native::labyrinth::table::TranspositionTable;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("instance file");
    let depth: usize = args[2].parse().expect("depth");
    let first_push: Option<usize> = args.get(3).map(|a| a.parse().expect("first push"));
    let bits: u32 = args.get(4).map_or(20, |a| a.parse().expect("table bits"));
    let v: Vec<usize> = text
        .split_whitespace()
        .map(|w| w.parse().expect("a number"))
        .collect();
    let (n, init, goal) = (v[0], v[1], v[2]);
    let masks = v[3..3 + n * n].iter().map(|&m| m as u8).collect();
    let problem = Problem {
        n,
        conn: Connections::new(masks),
        init,
        goal,
    };
    let table = Some(Arc::new(TranspositionTable::new(bits)));
    dominance_stats::reset_states();
    let t0 = std::time::Instant::now();
    let mut s = Search::new(
        &problem,
        depth,
        Options {
            first_push,
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
        "n={n} depth={depth} {step:?} nodes={} seconds={:.1}",
        s.nodes(),
        t0.elapsed().as_secs_f64()
    );
    println!(
        "level entered board_seen same_set subset_any dominated dominated_work same_work board_work counted"
    );
    for (l, st) in dominance_stats::take().iter().enumerate() {
        println!(
            "{l} {} {} {} {} {} {} {} {} {}",
            st.entered,
            st.board_seen,
            st.same_set,
            st.subset_any,
            st.dominated,
            st.dominated_work,
            st.same_work,
            st.board_work,
            st.counted
        );
    }
}
