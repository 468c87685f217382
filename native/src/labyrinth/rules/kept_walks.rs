//! The walks of the last push's other set, kept per node two pushes before the end
//! ([`KeptWalks`]): they answer a last push without a walk when an earlier push changed only one
//! set.

use super::lines::LinePair;
use super::scratch::{walk_entries, Scratch};
use super::walk_reuse::walk_unchanged;
use crate::labyrinth::board::{moved, reverse, Board, Connections};

/// The walks of the last push's other set, kept per node `Y` two pushes before the end.
///
/// After a push `pk` (from `Y`) that changed only `R` (side 0) or only the goal's component (side
/// 1), the other set's walk after the last push `k` on `Y`'s board is kept per `(side, k)`:
/// `visited[side][k]` says whether it was walked for node id `lid[side][k]`, `inside` holds its
/// positions as a bitset, `entries` the lines it can be entered from.
///
/// Invariant: where `lid[s][k]` is the current node's id, `inside[s][k]` and `entries[s][k]` are
/// that walk's.
pub struct KeptWalks {
    nk: usize,
    words: usize,
    lid: Vec<u64>,
    inside: Vec<u64>,
    entries: Vec<LinePair>,
}

impl KeptWalks {
    /// Kept walks for a board of side `n`.
    pub fn new(n: usize) -> Self {
        let nk = 4 * n;
        let words = (n * n).div_ceil(64);
        KeptWalks {
            nk,
            words,
            lid: vec![0; 2 * nk],
            inside: vec![0; 2 * nk * words],
            entries: vec![LinePair::default(); 2 * nk],
        }
    }

    /// Bytes [`KeptWalks::new`] allocates.
    pub fn memory_estimate(n: usize) -> usize {
        let nk = 4 * n;
        2 * nk * (8 + (n * n).div_ceil(64) * 8 + std::mem::size_of::<LinePair>())
    }

    /// The last push `k` after a push `pk` that changed only `R` (`s` 0) or only the goal's
    /// component (`s` 1), from the other set's walk after `k` at the node `Y` before `pk` (id `lid`,
    /// goal there `gy`; `r_cells` and `g` are `R` and the goal now).
    ///
    /// If that walk does not enter the positions `k(line pk)` ([`walk_unchanged`]), it is the same
    /// walk after `pk, k`; then the goal joins the avatar exactly when one of `k(R)` lies in the
    /// goal's component (`s` 0), or the goal's position lies in the avatar's set (`s` 1), as both
    /// are closed under walking. Returns `None` when the walk may have changed.
    #[allow(clippy::too_many_arguments)]
    pub fn joins_known(
        &mut self,
        b: &mut Board,
        conn: &Connections,
        k: usize,
        s: usize,
        pk: usize,
        lid: u64,
        r_cells: &[u16],
        g: usize,
        gy: usize,
        sc: &mut Scratch,
    ) -> Option<bool> {
        let n = b.side();
        let i = s * self.nk + k;
        let bits = &mut self.inside[i * self.words..(i + 1) * self.words];
        if self.lid[i] != lid {
            self.lid[i] = lid;
            b.push(reverse(pk)); // Y's board, then k
            b.push(k);
            let cnt = if s == 0 {
                sc.walk_from(b, conn, moved(gy, k, n), None)
            } else {
                // R has the same positions at Y
                sc.walk_moved(b, conn, r_cells, k, None)
            }
            .unwrap_or(0);
            bits.fill(0);
            for p in sc.walked(cnt) {
                bits[p >> 6] |= 1 << (p & 63);
            }
            self.entries[i] = walk_entries(b, conn, sc, cnt);
            b.push(reverse(k));
            b.push(pk);
        }
        if !walk_unchanged(self.entries[i], pk, k, n) {
            return None;
        }
        let has = |p: usize| bits[p >> 6] >> (p & 63) & 1 == 1;
        Some(if s == 0 {
            r_cells.iter().any(|&p| has(b.moved(p as usize, k)))
        } else {
            has(b.moved(g, k))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labyrinth::rules::test_boards::{random_board, Rng};
    use crate::labyrinth::walks::Flags;

    #[test]
    fn a_last_push_answered_from_the_kept_walk_is_exact() {
        // After a push p that changed only R (or only the goal's component), `joins_known` answers
        // a last push k from the other set's walk after k at the node Y before p. Whenever it
        // answers, a plain walk on the board after p, k must agree, and the board is left as it was.
        let mut rng = Rng::new(11);
        let mut answered = [0; 2];
        let mut joined = 0;
        for lid in 1..=4000u64 {
            let (mut b, conn) = random_board(&mut rng, 9);
            let n = b.side();
            let mut sc = Scratch::new(n);
            let walk = |sc: &mut Scratch, b: &Board, start: usize| -> Vec<u16> {
                let cnt = sc.walk_from(b, &conn, start, None).unwrap();
                sc.walked(cnt).map(|p| p as u16).collect()
            };
            let r_y = walk(&mut sc, &b, rng.below(n * n));
            let g_y = rng.below(n * n);
            let c_y = walk(&mut sc, &b, g_y);
            if r_y.contains(&(g_y as u16)) {
                continue;
            }
            let as_u32 = |v: &[u16]| v.iter().map(|&p| u32::from(p)).collect::<Vec<_>>();
            let (fr, fc) = (
                Flags::of(&b, &conn, &as_u32(&r_y)),
                Flags::of(&b, &conn, &as_u32(&c_y)),
            );
            let s = rng.below(2);
            let hits: Vec<usize> = (0..4 * n)
                .filter(|&p| fr.band_hits(p) != fc.band_hits(p) && fr.band_hits(p) == (s == 0))
                .collect();
            if hits.is_empty() {
                continue;
            }
            let p = hits[rng.below(hits.len())];
            b.push(p);
            let g_z = moved(g_y, p, n);
            let r_z: Vec<u16> = if s == 0 {
                let cnt = sc.walk_moved(&b, &conn, &r_y, p, None).unwrap();
                sc.walked(cnt).map(|q| q as u16).collect()
            } else {
                r_y.clone()
            };
            if r_z.contains(&(g_z as u16)) {
                continue;
            }
            let mut kept = KeptWalks::new(n);
            for k in 0..4 * n {
                let before = b.clone();
                let known = kept.joins_known(&mut b, &conn, k, s, p, lid, &r_z, g_z, g_y, &mut sc);
                assert_eq!(b, before);
                let Some(known) = known else { continue };
                let mut after = b.clone();
                after.push(k);
                let plain = sc
                    .walk_moved(&after, &conn, &r_z, k, Some(moved(g_z, k, n)))
                    .is_none();
                assert_eq!(known, plain, "n={n} s={s} p={p} k={k}");
                answered[s] += 1;
                joined += usize::from(plain);
            }
        }
        assert!(
            answered[0] > 5000 && answered[1] > 5000 && joined > 100,
            "{answered:?} {joined}"
        );
    }
}
