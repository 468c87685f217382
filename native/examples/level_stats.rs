//! Where one complete search spends its nodes, per level (feature `level-stats`).
//!
//! Usage: `cargo run --release --features level-stats --example level_stats -- FILE DEPTH [FIRST_PUSH [TABLE_BITS]]`
//! with FILE as for `examples/dominance_stats.rs` (`n init goal` and the `n * n` connection
//! masks). One thread, a 2^20-entry table unless told. Prints per level (pushes left before the
//! push) the counters of [`_native::labyrinth::level_stats::LevelStats`].

use std::sync::Arc;

use _native::labyrinth::board::Connections;
use _native::labyrinth::level_stats;
use _native::labyrinth::search::{Options, Problem, Search, Step};
use _native::labyrinth::table::TranspositionTable;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("instance file");
    let depth: usize = args[2].parse().expect("depth");
    let first_push: Option<usize> = args
        .get(3)
        .filter(|a| *a != "-")
        .map(|a| a.parse().expect("first push"));
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
    let _ = level_stats::take();
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
        "n={n} depth={depth} first={first_push:?} {step:?} nodes={} seconds={:.1}",
        s.nodes(),
        t0.elapsed().as_secs_f64()
    );
    println!("left counted cut[r1 r2 r4 r5 r6 r7 table r3] entered[neither R C both] below[neither R C both] pending pending_below dead dead_below dead_z dead_z_below");
    let stats = level_stats::take();
    println!("outermost dead: {}", stats[0].dead_outer);
    for (l, st) in stats.iter().enumerate().skip(1) {
        println!(
            "{l} {} {:?} {:?} {:?} {} {} {} {} {} {}",
            st.counted,
            st.cut,
            st.entered,
            st.below,
            st.pending,
            st.pending_below,
            st.dead,
            st.dead_below,
            st.dead_z,
            st.dead_z_below
        );
    }
}
