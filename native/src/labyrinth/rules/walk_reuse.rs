//! When a walk made after a push is still the walk after an earlier idle push: [`walk_unchanged`]
//! (rule 4 reuses a parent's walk with it, the kept walks and rule 6 theirs).

use super::lines::LinePair;
use crate::labyrinth::board::{line, moves_row, Lines};

/// Whether a walk after push `k`, which can be entered only from the lines `e`, is the same walk
/// when push `o` (whose band misses the walk's seeds) came before `k`.
///
/// The two boards after `k` differ only on the positions `k(line o)`: line `o` itself, except
/// that when `k` crosses line `o` at line `m`, the field `k` moves off line `o` stands one step
/// along `m` (around the board's edge when `o` is a border line). A walk's edges change only at
/// positions it enters, so the walk is the same unless it enters line `o` or has a position next
/// to that one moved field: entering a line within one of `o`'s neighbour `l2` (the line the
/// field moved to) and a line within one of `m`.
#[inline]
pub fn walk_unchanged(e: LinePair, o: usize, k: usize, n: usize) -> bool {
    let l = line(o);
    let orow = moves_row(o);
    let (e_o, e_m) = if orow {
        (e.rows, e.cols)
    } else {
        (e.cols, e.rows)
    };
    if e_o >> l & 1 == 1 {
        return false;
    }
    if orow == moves_row(k) {
        return true;
    }
    let l2 = if k & 1 == 0 {
        if l + 1 == n {
            0
        } else {
            l + 1
        }
    } else if l == 0 {
        n - 1
    } else {
        l - 1
    };
    let window = |c: usize| -> Lines {
        let b: Lines = 1 << c;
        b | b << 1 | b >> 1
    };
    e_o & window(l2) == 0 || e_m & window(line(k)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labyrinth::board::{Board, Connections};
    use crate::labyrinth::rules::test_boards::{random_board, Rng};
    use crate::labyrinth::rules::{walk_entries, Scratch};
    use crate::labyrinth::walks::Flags;

    fn entries_after(
        b: &Board,
        conn: &Connections,
        k: usize,
        cells: &[u16],
        sc: &mut Scratch,
    ) -> LinePair {
        let mut a = b.clone();
        a.push(k);
        let cnt = sc.walk_moved(&a, conn, cells, k, None).unwrap();
        walk_entries(&a, conn, sc, cnt)
    }

    #[test]
    fn a_cached_walk_is_reused_only_when_unchanged() {
        let mut rng = Rng::new(2026);
        let (mut reused, mut border) = (0, 0);
        for _ in 0..20000 {
            let (mut b, conn) = random_board(&mut rng, 10);
            let n = b.side();
            let mut sc = Scratch::new(n);
            let start = rng.below(n * n);
            let cells: Vec<u16> = if rng.chance(0.5) {
                vec![start as u16]
            } else {
                let cnt = sc.walk_from(&b, &conn, start, None).unwrap();
                sc.walked(cnt).map(|p| p as u16).collect()
            };
            let q: Vec<u32> = cells.iter().map(|&p| p as u32).collect();
            let f = Flags::of(&b, &conn, &q);
            let idle: Vec<usize> = (0..4 * n).filter(|&o| !f.band_hits(o)).collect();
            let touching: Vec<usize> = (0..4 * n).filter(|&k| f.band_hits(k)).collect();
            if idle.is_empty() || touching.is_empty() {
                continue;
            }
            let o = idle[rng.below(idle.len())];
            let k = touching[rng.below(touching.len())];
            let before = entries_after(&b, &conn, k, &cells, &mut sc);
            b.push(o);
            let after = entries_after(&b, &conn, k, &cells, &mut sc);
            if walk_unchanged(before, o, k, n) {
                reused += 1;
                if (line(o) == 0 || line(o) == n - 1) && moves_row(o) != moves_row(k) {
                    border += 1;
                }
                assert_eq!(before, after, "n={n} o={o} k={k} {cells:?}");
            }
        }
        assert!(reused > 5000 && border > 500, "{reused} {border}");
    }
}
