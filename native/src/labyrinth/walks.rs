//! Walks on a board: which positions the avatar (or the goal's side) can reach, and the lines a
//! set of positions can be entered from.
//!
//! A walk steps from a position to the next one on a side when both fields have a connection
//! facing each other, and never across the board's edge (pushes wrap, walks do not).

use super::board::{row_col, Board, Connections, Lines, EAST, NORTH, SOUTH, WEST};

/// Visit marks by position, with stamps so that a new walk needs no clearing.
///
/// Invariant: every entry of `mark` is at most `stamp`; a position is marked by the walk of stamp
/// `s` exactly when `mark[p] == s`.
#[derive(Clone, Debug)]
pub struct Marks {
    mark: Vec<u32>,
    stamp: u32,
}

impl Marks {
    /// Marks for `size` positions, none marked.
    pub fn new(size: usize) -> Self {
        Marks {
            mark: vec![0; size],
            stamp: 0,
        }
    }

    /// A stamp no position carries yet (clears every mark when the counter wraps around).
    #[inline]
    pub fn fresh(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.mark.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Whether `p` carries stamp `s`.
    #[inline(always)]
    pub fn has(&self, p: usize, s: u32) -> bool {
        self.mark[p] == s
    }

    /// Give `p` stamp `s`.
    #[inline(always)]
    pub fn set(&mut self, p: usize, s: u32) {
        self.mark[p] = s;
    }
}

/// The position next to `p` on `side` (0 north, 1 south, 2 east, 3 west) that a walk can step to
/// -- both facing connections, inside the board -- if any. `m` is the connection mask at `p`.
#[inline(always)]
pub fn neighbour(b: &Board, conn: &Connections, p: usize, m: u8, side: usize) -> Option<usize> {
    let n = b.side();
    let m = m & b.inside(p);
    match side {
        0 if m & NORTH != 0 && conn.of(b.field(p + n)) & SOUTH != 0 => Some(p + n),
        1 if m & SOUTH != 0 && conn.of(b.field(p - n)) & NORTH != 0 => Some(p - n),
        2 if m & EAST != 0 && conn.of(b.field(p + 1)) & WEST != 0 => Some(p + 1),
        3 if m & WEST != 0 && conn.of(b.field(p - 1)) & EAST != 0 => Some(p - 1),
        _ => None,
    }
}

/// Breadth-first walk from `seeds`, marking what it visits with stamp `s`. The visited positions
/// are `queue[..count]`. Returns `None` as soon as `target` is visited, else `Some(count)`.
///
/// `queue` must hold at least `n * n` entries.
pub fn flood(
    b: &Board,
    conn: &Connections,
    seeds: &[u32],
    marks: &mut Marks,
    s: u32,
    queue: &mut [u32],
    target: Option<usize>,
) -> Option<usize> {
    let mut tail = 0;
    for &p in seeds {
        let p = p as usize;
        if !marks.has(p, s) {
            marks.set(p, s);
            queue[tail] = p as u32;
            tail += 1;
            if Some(p) == target {
                return None;
            }
        }
    }
    let mut head = 0;
    while head < tail {
        let p = queue[head] as usize;
        head += 1;
        let m = conn.of(b.field(p));
        for side in 0..4 {
            if let Some(q) = neighbour(b, conn, p, m, side) {
                if !marks.has(q, s) {
                    marks.set(q, s);
                    queue[tail] = q as u32;
                    tail += 1;
                    if Some(q) == target {
                        return None;
                    }
                }
            }
        }
    }
    Some(tail)
}

/// Row and column sets of some positions, and the lines they can be entered from.
///
/// A position *enters* a line if it lies on it, or next to it with a connection pointing at it: a
/// push of line `l` changes an edge usable from `p` only if `p` enters `l`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// Rows holding a position.
    pub rows: Lines,
    /// Columns holding a position.
    pub cols: Lines,
    /// Rows some position enters.
    pub enter_rows: Lines,
    /// Columns some position enters.
    pub enter_cols: Lines,
}

impl Flags {
    /// Add position `p` whose field has connections `m` (board side `n`).
    #[inline(always)]
    pub fn add(&mut self, p: usize, m: u8, n: usize) {
        let (r, c) = row_col(p, n);
        self.rows |= 1 << r;
        self.cols |= 1 << c;
        let (er, ec) = entered(p, m, n);
        self.enter_rows |= er;
        self.enter_cols |= ec;
    }

    /// The flags of `cells` on board `b`.
    pub fn of(b: &Board, conn: &Connections, cells: &[u32]) -> Flags {
        if b.side() <= 62 {
            // the same on machine words (bits up to r + 2 < 64)
            let mut f = [0u64; 4];
            for &p in cells {
                let p = p as usize;
                let (r, c) = b.coords(p);
                let m = usize::from(conn.of(b.field(p)) & b.inside(p));
                f[0] |= 1 << r;
                f[1] |= 1 << c;
                f[2] |= u64::from(ROW_PATTERN[m]) << r >> 1;
                f[3] |= u64::from(COL_PATTERN[m]) << c >> 1;
            }
            return Flags {
                rows: f[0].into(),
                cols: f[1].into(),
                enter_rows: f[2].into(),
                enter_cols: f[3].into(),
            };
        }
        let mut f = Flags::default();
        for &p in cells {
            let p = p as usize;
            let (r, c) = b.coords(p);
            f.rows |= 1 << r;
            f.cols |= 1 << c;
            let (er, ec) = entered_on(b, p, conn.of(b.field(p)));
            f.enter_rows |= er;
            f.enter_cols |= ec;
        }
        f
    }

    /// Whether the band of push `k` meets a row (column) of these positions.
    #[inline(always)]
    pub fn band_hits(&self, k: usize) -> bool {
        let lines = if super::board::moves_row(k) {
            self.rows
        } else {
            self.cols
        };
        lines & super::board::band(k) != 0
    }

    /// Whether these positions enter the line of push `k`.
    #[inline(always)]
    pub fn enters(&self, k: usize) -> bool {
        let lines = if super::board::moves_row(k) {
            self.enter_rows
        } else {
            self.enter_cols
        };
        lines >> (k >> 2) & 1 == 1
    }

    /// Whether some line is entered from both sets.
    #[inline(always)]
    pub fn meets(&self, other: &Flags) -> bool {
        self.enter_rows & other.enter_rows != 0 || self.enter_cols & other.enter_cols != 0
    }
}

/// By connection mask (already cut to the sides inside the board), the lines `r - 1, r, r + 1`
/// a position on row `r` enters, as bits 0, 1, 2; likewise columns.
const ROW_PATTERN: [u8; 16] = pattern(SOUTH, NORTH);
const COL_PATTERN: [u8; 16] = pattern(WEST, EAST);

const fn pattern(before: u8, after: u8) -> [u8; 16] {
    let mut t = [0u8; 16];
    let mut m = 0;
    while m < 16 {
        t[m] = 2
            | if m as u8 & before != 0 { 1 } else { 0 }
            | if m as u8 & after != 0 { 4 } else { 0 };
        m += 1;
    }
    t
}

/// [`entered`] on board `b` without division or branches: the position's row and column come
/// from a table, its connections are cut to the sides inside the board, and the three lines
/// `r - 1..=r + 1` are one small pattern shifted into place (bit `r - 1` never set for `r` = 0).
#[inline(always)]
pub fn entered_on(b: &Board, p: usize, m: u8) -> (Lines, Lines) {
    let (r, c) = b.coords(p);
    let m = usize::from(m & b.inside(p));
    (
        Lines::from(ROW_PATTERN[m]) << r >> 1,
        Lines::from(COL_PATTERN[m]) << c >> 1,
    )
}

/// The rows and columns position `p` (connections `m`) enters.
#[inline(always)]
pub fn entered(p: usize, m: u8, n: usize) -> (Lines, Lines) {
    let (r, c) = row_col(p, n);
    let mut rows: Lines = 1 << r;
    let mut cols: Lines = 1 << c;
    if m & NORTH != 0 && r + 1 < n {
        rows |= 1 << (r + 1);
    }
    if m & SOUTH != 0 && r > 0 {
        rows |= 1 << (r - 1);
    }
    if m & EAST != 0 && c + 1 < n {
        cols |= 1 << (c + 1);
    }
    if m & WEST != 0 && c > 0 {
        cols |= 1 << (c - 1);
    }
    (rows, cols)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::labyrinth::board::moved;

    /// A small deterministic generator (xorshift), so the tests need no crate.
    pub(crate) struct Rng(u64);

    impl Rng {
        pub(crate) fn new(seed: u64) -> Self {
            Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
        }
        pub(crate) fn below(&mut self, m: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % m as u64) as usize
        }
    }

    /// Reachability by the plain definition: repeat "add every connected neighbour" to a fixpoint.
    fn reach_plain(b: &Board, conn: &Connections, start: usize) -> Vec<bool> {
        let n = b.side();
        let mut seen = vec![false; n * n];
        seen[start] = true;
        loop {
            let mut grew = false;
            for p in 0..n * n {
                if !seen[p] {
                    continue;
                }
                let (r, c) = (p / n, p % n);
                let m = conn.of(b.field(p));
                let steps = [
                    (m & NORTH != 0 && r + 1 < n, p + n, SOUTH),
                    (m & SOUTH != 0 && r > 0, p.wrapping_sub(n), NORTH),
                    (m & EAST != 0 && c + 1 < n, p + 1, WEST),
                    (m & WEST != 0 && c > 0, p.wrapping_sub(1), EAST),
                ];
                for (ok, q, back) in steps {
                    if ok && conn.of(b.field(q)) & back != 0 && !seen[q] {
                        seen[q] = true;
                        grew = true;
                    }
                }
            }
            if !grew {
                return seen;
            }
        }
    }

    #[test]
    fn flood_matches_the_plain_fixpoint_on_random_pushed_boards() {
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let n = 2 + rng.below(9);
            let conn = Connections::new((0..n * n).map(|_| rng.below(16) as u8).collect());
            let mut b = Board::identity(n);
            for _ in 0..rng.below(6) {
                b.push(rng.below(4 * n));
            }
            let start = rng.below(n * n);
            let mut marks = Marks::new(n * n);
            let mut queue = vec![0u32; n * n];
            let s = marks.fresh();
            let count = flood(&b, &conn, &[start as u32], &mut marks, s, &mut queue, None).unwrap();
            let plain = reach_plain(&b, &conn, start);
            assert_eq!(count, plain.iter().filter(|&&x| x).count());
            for &p in &queue[..count] {
                assert!(plain[p as usize]);
            }
            let target = rng.below(n * n);
            let s = marks.fresh();
            let hit = flood(
                &b,
                &conn,
                &[start as u32],
                &mut marks,
                s,
                &mut queue,
                Some(target),
            );
            assert_eq!(hit.is_none(), plain[target]);
        }
    }

    #[test]
    fn entered_on_a_board_is_entered() {
        for n in 2..=12 {
            let b = Board::identity(n);
            for p in 0..n * n {
                for m in 0..16u8 {
                    assert_eq!(entered_on(&b, p, m), entered(p, m, n), "n={n} p={p} m={m}");
                }
            }
        }
    }

    #[test]
    fn a_push_changes_only_edges_in_its_band_and_entered_lines_are_exact() {
        // The soundness of band_hits and enters: after push k, the neighbours of a position p
        // outside k's band are the same as before (up to the moved fields); and p's usable edges
        // change only if p enters k's line.
        let mut rng = Rng::new(11);
        for _ in 0..3000 {
            let n = 3 + rng.below(7);
            let conn = Connections::new((0..n * n).map(|_| rng.below(16) as u8).collect());
            let b = Board::identity(n);
            let k = rng.below(4 * n);
            let mut after = b.clone();
            after.push(k);
            for p in 0..n * n {
                let (er, ec) = entered(p, conn.of(b.field(p)), n);
                let enters = if crate::labyrinth::board::moves_row(k) {
                    er >> (k >> 2) & 1 == 1
                } else {
                    ec >> (k >> 2) & 1 == 1
                };
                if enters {
                    continue;
                }
                // p is off the line, so its field stays; its steps lead to the same positions
                assert_eq!(moved(p, k, n), p);
                for side in 0..4 {
                    let m = conn.of(b.field(p));
                    assert_eq!(
                        neighbour(&b, &conn, p, m, side),
                        neighbour(&after, &conn, p, m, side),
                        "n={n} k={k} p={p} side={side}"
                    );
                }
            }
        }
    }
}
