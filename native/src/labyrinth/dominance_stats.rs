//! Counters for measuring dominance between search states (feature `dominance-stats` only).
//!
//! At every node three or more pushes before the end that the search enters (the transposition
//! table did not skip it), the node's board hash and avatar set are recorded for the current
//! search. Per level the counters say how many such nodes have a board seen before in this
//! search, how many with the very same avatar set, and how many have an avatar set contained in
//! one recorded for the same board with at least as many pushes left by a node entered by a push
//! that was not R-idle (what a dominance test could skip), and how many nodes (as the search
//! counts them) the subtrees of those outermost dominated nodes hold.
//!
//! # Why "dominated" is what a subsumption test could skip
//!
//! Let `X` be a node with board `B`, avatar set `A` and `r` pushes left, entered by a push that was
//! not R-idle (or the first push), whose search failed; let `Y` have the same board, a set
//! `A' ⊆ A` and `r' <= r` pushes left, anywhere in the same search of depth `D` (all shorter plans
//! refuted).
//!
//! 1. *Monotonicity.* A push moves the positions of its line along it (the avatar rides its field)
//!    and the avatar then walks; the set after a push is the walk's closure of the moved set, which
//!    grows with the set. So a completion of `Y` (pushes after which the goal's position is in the
//!    set) is one of `X`.
//! 2. *`X` has no completion of `r` pushes at all*, not only none the rules let through: `X` is
//!    unrestricted, so rule 1 and 2's exchanges applied to a completion stay inside it, and rules 3
//!    to 6 are necessary conditions of every completion given that shorter plans are refuted. A
//!    completion would thus leave one the rules keep, which the failed search would have found.
//! 3. A completion of `Y` with `r' < r` pushes, applied at `X`, would give a plan shorter than
//!    `D`; with `r' = r` it contradicts 2. So `Y` has no completion and the search may skip it.
//!
//! After an R-idle push `X`'s search leaves out the pushes rules 1 and 2 forbid after it, so its
//! failure proves nothing about them: such nodes are not counted as dominating.

use std::cell::RefCell;
use std::collections::HashMap;

/// The counters of one level.
#[derive(Clone, Copy, Debug, Default)]
pub struct LevelStats {
    /// Nodes entered.
    pub entered: u64,
    /// Of those, with a board recorded before.
    pub board_seen: u64,
    /// With the same board and the same avatar set recorded before with at least as many pushes
    /// left.
    pub same_set: u64,
    /// With an avatar set contained in an earlier one of the same board (any restriction).
    pub subset_any: u64,
    /// Contained in an earlier set recorded unrestricted with at least as many pushes left.
    pub dominated: u64,
    /// Nodes searched below outermost dominated nodes.
    pub dominated_work: u64,
    /// Nodes searched below outermost nodes with a (board, set) entered before.
    pub same_work: u64,
    /// Nodes searched below outermost nodes whose board was entered before with at least as
    /// many pushes left (any avatar set): what any test keyed by the board could save at most.
    pub board_work: u64,
    /// Nodes counted at this level (candidate pushes tried).
    pub counted: u64,
}

#[derive(Default)]
struct State {
    levels: Vec<LevelStats>,
    seen: HashMap<u64, Vec<(Vec<u64>, usize, bool)>>,
    work: u64,
    /// Per level on the current path: the work counter on entry if it is an outermost
    /// dominated node.
    open: Vec<Option<u64>>,
    /// The same for nodes with a (board, set) entered before.
    open_same: Vec<Option<u64>>,
    /// The same for nodes with a board entered before.
    open_board: Vec<Option<u64>>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Forget the recorded states (a new search).
pub fn reset_states() {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.seen.clear();
        s.open.clear();
        s.open_same.clear();
        s.open_board.clear();
    });
}

/// Take the counters (and clear them).
pub fn take() -> Vec<LevelStats> {
    STATE.with(|s| std::mem::take(&mut s.borrow_mut().levels))
}

/// Count `n` nodes of work at `level`.
pub fn tick(level: usize, n: u64) {
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        s.work += n;
        if s.levels.len() <= level {
            s.levels.resize(level + 1, LevelStats::default());
        }
        s.levels[level].counted += n;
    });
}

/// A node entered at `level` with `left` pushes to go: board hash, avatar positions, whether it
/// was entered by a push that was not R-idle.
pub fn enter(level: usize, left: usize, board: u64, cells: &[u32], nn: usize, free: bool) {
    let mut set = vec![0u64; nn.div_ceil(64)];
    for &p in cells {
        set[p as usize / 64] |= 1 << (p % 64);
    }
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        if s.levels.len() <= level {
            s.levels.resize(level + 1, LevelStats::default());
        }
        if s.open.len() <= level {
            s.open.resize(level + 1, None);
            s.open_same.resize(level + 1, None);
            s.open_board.resize(level + 1, None);
        }
        let st = &mut s.levels[level];
        st.entered += 1;
        let list = s.seen.entry(board).or_default();
        let within = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
        let mut dominated = false;
        let mut same = false;
        let board_seen = list.iter().any(|e| e.1 >= left);
        if !list.is_empty() {
            st.board_seen += 1;
            if list.iter().any(|e| e.1 >= left && e.0 == set) {
                st.same_set += 1;
                same = true;
            }
            if list.iter().any(|e| within(&set, &e.0)) {
                st.subset_any += 1;
            }
            if list
                .iter()
                .any(|e| e.2 && e.1 >= left && within(&set, &e.0))
            {
                st.dominated += 1;
                dominated = true;
            }
        }
        list.push((set, left, free));
        let outer = s.open[..level].iter().all(Option::is_none);
        s.open[level] = (dominated && outer).then_some(s.work);
        let outer = s.open_same[..level].iter().all(Option::is_none);
        s.open_same[level] = (same && outer).then_some(s.work);
        let outer = s.open_board[..level].iter().all(Option::is_none);
        s.open_board[level] = (board_seen && outer).then_some(s.work);
    });
}

/// The node at `level` is left.
pub fn leave(level: usize) {
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        if let Some(Some(w0)) = s.open.get(level).copied() {
            let w = s.work - w0;
            s.levels[level].dominated_work += w;
            s.open[level] = None;
        }
        if let Some(Some(w0)) = s.open_same.get(level).copied() {
            let w = s.work - w0;
            s.levels[level].same_work += w;
            s.open_same[level] = None;
        }
        if let Some(Some(w0)) = s.open_board.get(level).copied() {
            let w = s.work - w0;
            s.levels[level].board_work += w;
            s.open_board[level] = None;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_recurring_boards_equal_and_nested_sets() {
        reset_states();
        let _ = take();
        // board 7 with {1, 2} entered freely, 3 pushes left; its subtree holds 5 nodes
        enter(1, 3, 7, &[1, 2], 9, true);
        tick(2, 5);
        leave(1);
        // the same board and set after an idle push, 3 left: equal set, dominated
        enter(1, 3, 7, &[2, 1], 9, false);
        tick(2, 4);
        leave(1);
        // a strict subset with more pushes left: not dominated (the earlier one had fewer)
        enter(2, 4, 7, &[1], 9, true);
        leave(2);
        // another board
        enter(1, 3, 8, &[1], 9, true);
        leave(1);
        let st = take();
        assert_eq!(
            (
                st[1].entered,
                st[1].board_seen,
                st[1].same_set,
                st[1].dominated
            ),
            (3, 1, 1, 1)
        );
        assert_eq!(
            (st[1].dominated_work, st[1].same_work, st[1].board_work),
            (4, 4, 4)
        );
        assert_eq!(
            (st[2].entered, st[2].board_seen, st[2].subset_any),
            (1, 1, 1)
        );
        assert_eq!(
            (st[2].dominated, st[2].board_work, st[2].counted),
            (0, 0, 9)
        );
    }
}
