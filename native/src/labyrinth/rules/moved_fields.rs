//! Where the fields a push changed can be some pushes later: [`near`], with the crossings of a
//! push ([`crossing`]). Rules 5 and 6 keep an idle push only on lines whose changed fields may
//! border both sets.

use super::lines::{full, spread, LinePair};
use crate::labyrinth::board::{line, moves_row, Board, Lines};

/// The crossings of push `k` for [`near`]: a row push crosses every column at its row (`rows`),
/// a column push every row at its column (`cols`).
#[inline(always)]
pub fn crossing(k: usize) -> LinePair {
    if moves_row(k) {
        LinePair {
            rows: 1 << line(k),
            cols: 0,
        }
    } else {
        LinePair {
            rows: 0,
            cols: 1 << line(k),
        }
    }
}

/// The lines `l` whose changed positions, `t` pushes after a push on `l`, may border `cells`.
///
/// A push on row `l` changes the fields of row `l` only. Each later push keeps them in their row
/// unless it is a column push ("crossing"), which moves one of them a row up or down; row pushes
/// move them along their row. Pushes wrap around the board's edge, so distances along a push are
/// counted around the board. After `t` later pushes the fields therefore lie in row `l` or, within
/// `t` rows of it, within `t - 1` columns of a crossing column; their neighbourhood lies in the
/// band `l-1..l+1` or, within `t+1` rows, within `t` columns of a crossing column. `cross.cols`
/// are the crossing columns (for rows `l`), `cross.rows` the crossing rows (for columns `l`).
/// Conservative: every such line is in the result (tested against the plain definition below).
#[inline]
pub fn near(
    cells: impl IntoIterator<Item = usize>,
    b: &Board,
    t: usize,
    cross: LinePair,
) -> LinePair {
    let n = b.side();
    let f = full(n);
    let near_xc = spread(cross.cols, t, n);
    let near_xr = spread(cross.rows, t, n);
    let [xs, ys, xc, yr] = if n <= 64 {
        // on machine words
        let (nxc, nxr) = (near_xc as u64, near_xr as u64);
        let mut acc = [0u64; 4];
        for p in cells {
            let (x, y) = b.coords(p);
            let (rb, cb) = (1u64 << x, 1u64 << y);
            acc[0] |= rb;
            acc[1] |= cb;
            acc[2] |= rb & (nxc >> y & 1).wrapping_neg();
            acc[3] |= cb & (nxr >> x & 1).wrapping_neg();
        }
        acc.map(Lines::from)
    } else {
        let mut acc: [Lines; 4] = [0; 4];
        for p in cells {
            let (x, y) = b.coords(p);
            let (rb, cb): (Lines, Lines) = (1 << x, 1 << y);
            acc[0] |= rb;
            acc[1] |= cb;
            if near_xc >> y & 1 == 1 {
                acc[2] |= rb;
            }
            if near_xr >> x & 1 == 1 {
                acc[3] |= cb;
            }
        }
        acc
    };
    LinePair {
        rows: (xs | xs << 1 | xs >> 1) & f | spread(xc, t + 1, n),
        cols: (ys | ys << 1 | ys >> 1) & f | spread(yr, t + 1, n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labyrinth::board::moved;
    use crate::labyrinth::rules::test_boards::Rng;

    #[test]
    fn near_covers_every_moved_field_around_the_edge() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for _ in 0..20000 {
            let n = 3 + rng.below(7);
            let t = 1 + rng.below(2);
            let later: Vec<usize> = (0..t).map(|_| rng.below(4 * n)).collect();
            let cross = later
                .iter()
                .fold(LinePair::default(), |a, &q| a.or(crossing(q)));
            let cells: Vec<usize> = (0..1 + rng.below(3)).map(|_| rng.below(n * n)).collect();
            let got = near(cells.iter().copied(), &Board::identity(n), t, cross);
            for is_row in [true, false] {
                for l in 0..n {
                    let mut fields: Vec<usize> = (0..n)
                        .map(|i| if is_row { l * n + i } else { i * n + l })
                        .collect();
                    for &q in &later {
                        fields = fields.iter().map(|&p| moved(p, q, n)).collect();
                    }
                    let borders = fields.iter().any(|&p| {
                        cells
                            .iter()
                            .any(|&c| (p / n).abs_diff(c / n) + (p % n).abs_diff(c % n) <= 1)
                    });
                    if borders {
                        checked += 1;
                        let flags = if is_row { got.rows } else { got.cols };
                        assert!(
                            flags >> l & 1 == 1,
                            "n={n} t={t} {later:?} {is_row} {l} {cells:?}"
                        );
                    }
                }
            }
        }
        assert!(checked > 10000);
    }
}
