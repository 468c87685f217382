//! Whether the goal joins the avatar's set after a last push ([`joins_after`]): two walks in
//! step, from the pushed line's band of `R` ([`RSet`]) and from the goal.

use super::lines::full;
use crate::labyrinth::board::{line, moves_row, reverse, Board, Connections, Lines};
use crate::labyrinth::walks::{neighbour, Marks};

/// The avatar's set `R` for [`joins_after`]: marked by position, and as line sets.
///
/// Invariant: after [`RSet::set`], `has(p)` holds exactly for the positions of `R`, `by_row[r]`
/// has bit `c` exactly for the positions `(r, c)` of `R`, and `by_col[c]` bit `r`.
pub struct RSet {
    marks: Marks,
    stamp: u32,
    by_row: Vec<Lines>,
    by_col: Vec<Lines>,
}

impl RSet {
    /// An empty set for a board of side `n`.
    pub fn new(n: usize) -> Self {
        RSet {
            marks: Marks::new(n * n),
            stamp: 0,
            by_row: vec![0; n],
            by_col: vec![0; n],
        }
    }

    /// Make the set `cells` (positions on `b`).
    pub fn set(&mut self, b: &Board, cells: &[u16]) {
        self.stamp = self.marks.fresh();
        self.by_row.fill(0);
        self.by_col.fill(0);
        for &p in cells {
            let p = usize::from(p);
            self.marks.set(p, self.stamp);
            let (r, c) = b.coords(p);
            self.by_row[r] |= 1 << c;
            self.by_col[c] |= 1 << r;
        }
    }

    /// Whether position `p` is in the set.
    #[inline(always)]
    pub fn has(&self, p: usize) -> bool {
        self.marks.has(p, self.stamp)
    }
}

/// Whether the goal, at `gq` on board `b` after push `k`, joins the avatar's set.
///
/// `R` (positions before the push, `rset`) is closed under walking. Every edge the push changes
/// has an end on the pushed line, so a walk that leaves `k(R)` leaves it from a position in the
/// line's band: only those are expanded (found from `R`'s line sets), and positions of `k(R)` met
/// on the way are not (all their unchanged edges lead back into `k(R)`). A second walk from the
/// goal runs in step with it; the answer is known as soon as the walks meet, or as one of them
/// runs out -- so the cost is that of the smaller side. `queue` and `gqueue` hold `n * n` entries.
#[allow(clippy::too_many_arguments)]
pub fn joins_after(
    b: &Board,
    conn: &Connections,
    k: usize,
    rset: &RSet,
    gq: usize,
    marks: &mut Marks,
    queue: &mut [u32],
    gqueue: &mut [u32],
) -> bool {
    let n = b.side();
    let inv = reverse(k);
    let z = line(k);
    let rows = moves_row(k);
    let own = marks.fresh();
    let gs = marks.fresh();
    let mut tail = 0;
    let by_line = if rows { &rset.by_row } else { &rset.by_col };
    let f = full(n);
    for (a, &set) in by_line
        .iter()
        .enumerate()
        .take(z + 2)
        .skip(z.saturating_sub(1))
    {
        let mut bits = set;
        if a == z {
            // on the pushed line, each position holds the field from the one before it (east,
            // north: k even) or after it, around the edge
            bits = if k & 1 == 0 {
                (bits << 1 | bits >> (n - 1)) & f
            } else {
                (bits >> 1 | bits << (n - 1)) & f
            };
        }
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let p = if rows { a * n + c } else { c * n + a };
            if p == gq {
                return true;
            }
            marks.set(p, own);
            queue[tail] = p as u32;
            tail += 1;
        }
    }
    if rset.has(b.moved(gq, inv)) {
        return true;
    }
    marks.set(gq, gs);
    gqueue[0] = gq as u32;
    let mut gtail = 1;
    let (mut head, mut ghead) = (0, 0);
    let env = StepEnv { b, conn, rset, inv };
    while head < tail && ghead < gtail {
        // one step of each walk in turn
        let p = queue[head] as usize;
        head += 1;
        if env.step(p, queue, &mut tail, marks, own, gs, false) {
            return true;
        }
        let p = gqueue[ghead] as usize;
        ghead += 1;
        if env.step(p, gqueue, &mut gtail, marks, gs, own, true) {
            return true;
        }
    }
    false
}

/// What the two walks of [`joins_after`] share.
struct StepEnv<'a> {
    b: &'a Board,
    conn: &'a Connections,
    rset: &'a RSet,
    inv: usize,
}

impl StepEnv<'_> {
    /// Expand `p` for one of the walks (marks `own`; the other walk marks `other`). Returns
    /// whether the walks met. Positions of `k(R)` end the goal's walk; the avatar's walk marks
    /// them but does not expand them.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn step(
        &self,
        p: usize,
        queue: &mut [u32],
        tail: &mut usize,
        marks: &mut Marks,
        own: u32,
        other: u32,
        from_goal: bool,
    ) -> bool {
        let m = self.conn.of(self.b.field(p));
        for side in 0..4 {
            let Some(q) = neighbour(self.b, self.conn, p, m, side) else {
                continue;
            };
            if marks.has(q, own) {
                continue;
            }
            if marks.has(q, other) {
                return true;
            }
            let in_r = self.rset.has(self.b.moved(q, self.inv));
            if in_r && from_goal {
                return true;
            }
            marks.set(q, own);
            if in_r {
                continue;
            }
            queue[*tail] = q as u32;
            *tail += 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labyrinth::board::moved;
    use crate::labyrinth::rules::test_boards::{random_board, Rng};
    use crate::labyrinth::rules::Scratch;

    #[test]
    fn joins_after_agrees_with_a_plain_walk() {
        let mut rng = Rng::new(99);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20000 {
            let (b, conn) = random_board(&mut rng, 10);
            let n = b.side();
            let mut sc = Scratch::new(n);
            let cnt = sc.walk_from(&b, &conn, rng.below(n * n), None).unwrap();
            let r: Vec<u16> = sc.walked(cnt).map(|p| p as u16).collect();
            let g = rng.below(n * n);
            if r.contains(&(g as u16)) {
                continue;
            }
            sc.rset.set(&b, &r);
            let k = rng.below(4 * n);
            let mut a = b.clone();
            a.push(k);
            let gk = moved(g, k, n);
            let plain = sc.walk_moved(&a, &conn, &r, k, Some(gk)).is_none();
            let got = joins_after(
                &a,
                &conn,
                k,
                &sc.rset,
                gk,
                &mut sc.marks,
                &mut sc.queue,
                &mut sc.other,
            );
            assert_eq!(got, plain, "n={n} k={k}");
            if plain {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 500 && no > 5000, "{yes} {no}");
    }
}
