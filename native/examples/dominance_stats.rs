//! How often a board recurs in one complete search with another avatar set (feature
//! `dominance-stats`).
//!
//! Usage: `cargo run --release --features dominance-stats --example dominance_stats -- FILE DEPTH [FIRST_PUSH [TABLE_BITS]]`
//! with FILE as in `examples/common/mod.rs` (`n init goal` and the `n * n` connection masks).
//!
//! One thread, a 2^20-entry table unless told. Prints per level (pushes from the root) the
//! counters of [`_native::labyrinth::dominance_stats::LevelStats`]; `counted` is where the nodes
//! of the search's own count are spent.

mod common;

use _native::labyrinth::dominance_stats;

fn main() {
    let args = common::args();
    dominance_stats::reset_states();
    common::complete_search(&args);
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
