//! Where one complete search spends its nodes, per level (feature `level-stats`).
//!
//! Usage: `cargo run --release --features level-stats --example level_stats -- FILE DEPTH [FIRST_PUSH [TABLE_BITS]]`
//! with FILE as in `examples/common/mod.rs` (`n init goal` and the `n * n` connection
//! masks). One thread, a 2^20-entry table unless told. Prints per level (pushes left before the
//! push) the counters of [`_native::labyrinth::level_stats::LevelStats`].

mod common;

use _native::labyrinth::level_stats;

fn main() {
    let args = common::args();
    let _ = level_stats::take();
    common::complete_search(&args);
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
