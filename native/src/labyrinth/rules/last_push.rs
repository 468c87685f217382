//! The last push of a plan ([`LastPush`]): rules 1-3 choose its candidates, rules 5 and 6 filter
//! them by the idle pushes before, and each is answered by the kept walks or by [`joins_after`].

use super::idle_lines_early::Rule6;
use super::joins::joins_after;
use super::kept_walks::KeptWalks;
use super::lines::{pushes_on, LinePair};
use super::scratch::Scratch;
use crate::labyrinth::board::{line, moves_row, reverse, Board, Connections};
use crate::labyrinth::walks::Flags;

/// The last push of a plan (one push left): what rules 1-3, 5 and 6 let through at a node, and
/// the node's facts the tests need.
pub struct LastPush<'a> {
    /// `R` at the node (closed under walking below the root).
    pub r_cells: &'a [u16],
    /// The goal's position.
    pub g: usize,
    /// The flags of `R` and of the goal's component.
    pub r: &'a Flags,
    /// See `r`.
    pub c: &'a Flags,
    /// The push that led here (`None` at the root) and whether it was R-idle.
    pub pk: Option<usize>,
    /// See `pk`.
    pub pidle: bool,
    /// Whether the node is the root (then nothing is pruned: `R` is not closed).
    pub root: bool,
    /// Whether rules 1-3 apply.
    pub prune: bool,
    /// Rule 5: the parent's `qa` table and the idle push that led here, if rule 5 let it through.
    pub rule5: Option<(&'a [LinePair], usize)>,
    /// Rule 6: the next push `rq` and the idle push before it, when only (B) let that one through.
    pub rule6: Option<(&'a Rule6, usize, usize)>,
    /// The kept walks: side (0: `pk` changed only `R`, 1: only the goal's component), the node
    /// id of the parent `Y`, and the goal there.
    pub kept: Option<(usize, u64, usize)>,
    /// Only this push (a worker's task at depth 1).
    pub only: Option<usize>,
}

impl LastPush<'_> {
    /// The lines rules 2 and 3 let the last push use (every line at the root or unpruned).
    ///
    /// Rule 3: both sets enter the pushed line. Rule 2: after an R-idle push `pk`, a push of the
    /// same orientation on another line is pruned (one that both sets enter meets `R`, so it is
    /// not idle): only `pk`'s own line stays in that orientation.
    #[inline(always)]
    fn candidate_lines(&self, n: usize) -> LinePair {
        if !self.prune || self.root {
            return LinePair::all(n);
        }
        let mut l = LinePair {
            rows: self.r.enter_rows & self.c.enter_rows,
            cols: self.r.enter_cols & self.c.enter_cols,
        };
        if let (Some(pk), true) = (self.pk, self.pidle) {
            if moves_row(pk) {
                l.rows &= 1 << line(pk);
            } else {
                l.cols &= 1 << line(pk);
            }
        }
        l
    }

    /// Whether the last push `k` on a candidate line passes rules 1, 5 and 6 (and is the task's
    /// push, if any).
    #[inline(always)]
    fn allowed(&self, k: usize) -> bool {
        if self.only.is_some_and(|o| o != k) {
            return false;
        }
        if !self.prune || self.root {
            return true;
        }
        if self.pidle && self.pk == Some(k ^ 1) {
            return false; // rule 1
        }
        if let Some((qa, ql)) = self.rule5 {
            if !qa[k].has_line_of(ql) {
                return false; // rule 5: the idle push before does not matter after this one
            }
        }
        if let Some((t, rq, rline)) = self.rule6 {
            if !t.lets_last(rq, k, rline) {
                return false; // rule 6: nor the one two pushes before
            }
        }
        true
    }

    /// Try every last push the rules allow, in order: the first that joins the goal to the
    /// avatar (if any) and how many were tried. `b` is the node's board (restored on return).
    pub fn find(
        &self,
        b: &mut Board,
        conn: &Connections,
        sc: &mut Scratch,
        kept: &mut KeptWalks,
    ) -> (Option<usize>, u64) {
        let n = b.side();
        let mut tried = 0;
        let mut r_set = false; // R is in `sc.rset`, once needed
        for k in pushes_on(self.candidate_lines(n)) {
            if !self.allowed(k) {
                continue;
            }
            tried += 1;
            if self.try_push(k, b, conn, sc, kept, &mut r_set) {
                return (Some(k), tried);
            }
        }
        (None, tried)
    }

    /// Whether the last push `k` joins the goal to the avatar.
    #[inline(always)]
    fn try_push(
        &self,
        k: usize,
        b: &mut Board,
        conn: &Connections,
        sc: &mut Scratch,
        kept: &mut KeptWalks,
        r_set: &mut bool,
    ) -> bool {
        let gk = b.moved(self.g, k);
        if self.root {
            b.push(k);
            let hit = sc.walk_moved(b, conn, self.r_cells, k, Some(gk)).is_none();
            b.push(reverse(k));
            return hit;
        }
        if let (Some((s, lid, gy)), Some(pk)) = (self.kept, self.pk) {
            if let Some(known) =
                kept.joins_known(b, conn, k, s, pk, lid, self.r_cells, self.g, gy, sc)
            {
                return known;
            }
        }
        if !*r_set {
            sc.rset.set(b, self.r_cells);
            *r_set = true;
        }
        b.push(k);
        let joined = joins_after(
            b,
            conn,
            k,
            &sc.rset,
            gk,
            &mut sc.marks,
            &mut sc.queue,
            &mut sc.other,
        );
        b.push(reverse(k));
        joined
    }
}
