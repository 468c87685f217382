//! Line sets: a set of rows and a set of columns ([`LinePair`]), the pushes on them
//! ([`pushes_on`]), their bands ([`band_lines`]), and the lines within a distance of some, counted
//! around the board's edge ([`spread`]).

use crate::labyrinth::board::{line, moves_row, row_col, Lines};
use crate::labyrinth::walks::Flags;

/// A set of rows and a set of columns (bit `l` of `rows`: row `l`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinePair {
    /// Rows.
    pub rows: Lines,
    /// Columns.
    pub cols: Lines,
}

impl LinePair {
    /// Every line of an `n x n` board.
    #[inline]
    pub fn all(n: usize) -> Self {
        LinePair {
            rows: full(n),
            cols: full(n),
        }
    }

    /// The lines positions of `f` enter.
    #[inline(always)]
    pub fn entries(f: &Flags) -> Self {
        LinePair {
            rows: f.enter_rows,
            cols: f.enter_cols,
        }
    }

    /// The rows and columns of `f`.
    #[inline(always)]
    pub fn lines(f: &Flags) -> Self {
        LinePair {
            rows: f.rows,
            cols: f.cols,
        }
    }

    /// Union.
    #[inline(always)]
    pub fn or(self, o: LinePair) -> Self {
        LinePair {
            rows: self.rows | o.rows,
            cols: self.cols | o.cols,
        }
    }

    /// Intersection.
    #[inline(always)]
    pub fn and(self, o: LinePair) -> Self {
        LinePair {
            rows: self.rows & o.rows,
            cols: self.cols & o.cols,
        }
    }

    /// Whether the line push `k` moves is in the set (a row for east/west pushes).
    #[inline(always)]
    pub fn has_line_of(&self, k: usize) -> bool {
        let l = if moves_row(k) { self.rows } else { self.cols };
        let z = line(k);
        // the word holding bit z, then one machine shift (cheaper than a shift of 128 bits)
        let w = if z < 64 { l as u64 } else { (l >> 64) as u64 };
        w >> (z & 63) & 1 == 1
    }

    /// Whether the sets share a row or a column.
    #[inline(always)]
    pub fn meets(&self, o: &LinePair) -> bool {
        self.rows & o.rows != 0 || self.cols & o.cols != 0
    }
}

/// The pushes on the lines of `l`, in ascending push code: for each line `z` of `l.rows | l.cols`,
/// `4z` and `4z + 1` if row `z` is in `l`, `4z + 2` and `4z + 3` if column `z` is.
#[inline(always)]
pub fn pushes_on(l: LinePair) -> impl Iterator<Item = usize> {
    let mut zs = l.rows | l.cols;
    let mut pending = 0u8; // the pushes of the current line still to give, as bits of d
    let mut z = 0;
    std::iter::from_fn(move || {
        while pending == 0 {
            if zs == 0 {
                return None;
            }
            z = zs.trailing_zeros() as usize;
            zs &= zs - 1;
            pending = if l.rows >> z & 1 == 1 { 0b0011 } else { 0 }
                | if l.cols >> z & 1 == 1 { 0b1100 } else { 0 };
        }
        let d = pending.trailing_zeros() as usize;
        pending &= pending - 1;
        Some(4 * z + d)
    })
}

/// The lines (of `0..n`) whose band (the line and its two neighbours) meets a line of `l`.
#[inline(always)]
pub fn band_lines(l: LinePair, n: usize) -> LinePair {
    LinePair {
        rows: (l.rows | l.rows << 1 | l.rows >> 1) & full(n),
        cols: (l.cols | l.cols << 1 | l.cols >> 1) & full(n),
    }
}

/// Lines `0..n`.
#[inline(always)]
pub fn full(n: usize) -> Lines {
    if n >= 128 {
        !0
    } else {
        (1 << n) - 1
    }
}

/// The lines within `t` of one of `x`, counted around the board's edge (`n` lines).
#[inline]
pub fn spread(x: Lines, t: usize, n: usize) -> Lines {
    if x == 0 {
        return 0;
    }
    if n <= 64 {
        // the same on one machine word
        let f = (full(n)) as u64;
        let mut acc = x as u64;
        for _ in 0..t {
            acc |= (acc << 1 | acc >> (n - 1) | acc >> 1 | acc << (n - 1)) & f;
        }
        return Lines::from(acc);
    }
    let f = full(n);
    let mut acc = x;
    for _ in 0..t {
        let up = (acc << 1 | acc >> (n - 1)) & f;
        let down = (acc >> 1 | acc << (n - 1)) & f;
        acc |= up | down;
    }
    acc
}

/// The rows and columns of `cells` (positions on a board of side `n`).
pub fn lines_of(cells: impl Iterator<Item = usize>, n: usize) -> LinePair {
    let mut l = LinePair::default();
    for p in cells {
        let (x, y) = row_col(p, n);
        l.rows |= 1 << x;
        l.cols |= 1 << y;
    }
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labyrinth::rules::test_boards::Rng;

    #[test]
    fn pushes_on_gives_the_pushes_of_the_lines_in_order() {
        let mut rng = Rng::new(3);
        for _ in 0..2000 {
            let n = 2 + rng.below(127);
            let l = LinePair {
                rows: (rng.below(usize::MAX) as Lines | (rng.below(usize::MAX) as Lines) << 64)
                    & full(n),
                cols: (rng.below(usize::MAX) as Lines | (rng.below(usize::MAX) as Lines) << 64)
                    & full(n),
            };
            let plain: Vec<usize> = (0..4 * n).filter(|&k| l.has_line_of(k)).collect();
            assert_eq!(pushes_on(l).collect::<Vec<_>>(), plain);
        }
    }

    #[test]
    fn spread_counts_around_the_edge() {
        for n in 2..12 {
            for t in 0..4 {
                for l in 0..n {
                    let s = spread(1 << l, t, n);
                    for m in 0..n {
                        let d = l.abs_diff(m).min(n - l.abs_diff(m));
                        assert_eq!(s >> m & 1 == 1, d <= t, "n={n} t={t} l={l} m={m}");
                    }
                    assert_eq!(s & !full(n), 0);
                }
            }
        }
    }
}
