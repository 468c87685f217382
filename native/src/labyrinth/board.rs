//! A Labyrinth board: which field stands on which position, and the pushes that move them.
//!
//! Positions are `p = row * n + col`, 0-based, row 0 in the south (the competition's `x - 1`),
//! column 0 in the west (`y - 1`). Fields keep their number and their connections wherever they
//! are pushed, so the board is the permutation `ids[p]` = the field on position `p`, and the
//! connections are a table by field ([`Connections`]).
//!
//! A push is a code `k = 4 * line + d` with `d` 0 = east, 1 = west (the row `line` moves), 2 =
//! north, 3 = south (the column `line` moves). Pushes are cyclic: the field pushed off one edge
//! comes back on the other. `k ^ 1` is the reverse push, which undoes `k`.
//!
//! Invariant: `ids` is a permutation of `0..n*n` whatever pushes were made.

/// Connection bits of a field: north, east, south, west.
pub const NORTH: u8 = 1;
/// See [`NORTH`].
pub const EAST: u8 = 2;
/// See [`NORTH`].
pub const SOUTH: u8 = 4;
/// See [`NORTH`].
pub const WEST: u8 = 8;

/// The largest board side the native engine takes: line sets are one `u128` ([`Lines`]) and
/// fields fit a `u16`.
pub const MAX_SIDE: usize = 128;

/// A set of lines (rows or columns) of the board: bit `l` is line `l`.
pub type Lines = u128;

/// The line a push moves.
#[inline(always)]
pub fn line(k: usize) -> usize {
    k >> 2
}

/// Whether a push moves a row (east or west) rather than a column.
#[inline(always)]
pub fn moves_row(k: usize) -> bool {
    k & 3 < 2
}

/// The push that undoes `k`.
#[inline(always)]
pub fn reverse(k: usize) -> usize {
    k ^ 1
}

/// The row and column of position `p` on an `n x n` board (32-bit division: positions and
/// sides fit, and it is several times faster than the 64-bit one on common CPUs).
#[inline(always)]
pub fn row_col(p: usize, n: usize) -> (usize, usize) {
    debug_assert!(p < MAX_SIDE * MAX_SIDE && n <= MAX_SIDE);
    let r = (p as u32 / n as u32) as usize;
    (r, p - r * n)
}

/// Where push `k` moves the field standing on position `p` of an `n x n` board.
#[inline(always)]
pub fn moved(p: usize, k: usize, n: usize) -> usize {
    let z = k >> 2;
    let (r, c) = row_col(p, n);
    match k & 3 {
        0 if r == z => r * n + if c + 1 < n { c + 1 } else { 0 },
        1 if r == z => r * n + if c > 0 { c - 1 } else { n - 1 },
        2 if c == z => (if r + 1 < n { r + 1 } else { 0 }) * n + c,
        3 if c == z => (if r > 0 { r - 1 } else { n - 1 }) * n + c,
        _ => p,
    }
}

/// The band of a push: its line and the lines next to it (not around the edge), as a line set.
/// Every edge a push changes has both ends in its band.
#[inline(always)]
pub fn band(k: usize) -> Lines {
    let b = 1u128 << (k >> 2);
    b | b >> 1 | b << 1
}

/// The connection masks of the fields, by field number.
#[derive(Clone, Debug)]
pub struct Connections {
    masks: Vec<u8>,
}

impl Connections {
    /// The table of `n * n` masks (bits [`NORTH`], [`EAST`], [`SOUTH`], [`WEST`]).
    pub fn new(masks: Vec<u8>) -> Self {
        Connections { masks }
    }

    /// How many fields have masks.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    /// Whether there are no fields.
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// The connection mask of a field.
    #[inline(always)]
    pub fn of(&self, field: u16) -> u8 {
        self.masks[field as usize]
    }
}

/// The fields standing on the positions of an `n x n` board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    ids: Vec<u16>,
    /// By position, the sides ([`NORTH`] ...) on which a neighbour lies inside the board.
    inside: Vec<u8>,
    /// By position, its row and column.
    coords: Vec<[u8; 2]>,
}

impl Board {
    /// The initial board: field `p` on position `p`.
    pub fn identity(n: usize) -> Self {
        assert!(
            (2..=MAX_SIDE).contains(&n),
            "board side {n} outside 2..={MAX_SIDE}"
        );
        let inside = (0..n * n)
            .map(|p| {
                let (r, c) = (p / n, p % n);
                let mut m = 0;
                if r + 1 < n {
                    m |= NORTH;
                }
                if r > 0 {
                    m |= SOUTH;
                }
                if c + 1 < n {
                    m |= EAST;
                }
                if c > 0 {
                    m |= WEST;
                }
                m
            })
            .collect();
        Board {
            n,
            ids: (0..(n * n) as u16).collect(),
            inside,
            coords: (0..n * n).map(|p| [(p / n) as u8, (p % n) as u8]).collect(),
        }
    }

    /// The board of side `n` with field `fields[p]` on position `p` (a permutation of the fields).
    pub fn from_fields(n: usize, fields: &[u16]) -> Self {
        let mut b = Board::identity(n);
        assert_eq!(fields.len(), n * n, "one field per position");
        b.ids.copy_from_slice(fields);
        b
    }

    /// The board side.
    #[inline(always)]
    pub fn side(&self) -> usize {
        self.n
    }

    /// The field on position `p`.
    #[inline(always)]
    pub fn field(&self, p: usize) -> u16 {
        self.ids[p]
    }

    /// The sides of position `p` on which a neighbour lies inside the board.
    #[inline(always)]
    pub fn inside(&self, p: usize) -> u8 {
        self.inside[p]
    }

    /// The row and column of position `p` (from a table: no division).
    #[inline(always)]
    pub fn coords(&self, p: usize) -> (usize, usize) {
        let [r, c] = self.coords[p];
        (usize::from(r), usize::from(c))
    }

    /// Where push `k` moves the field on position `p` ([`moved`], with the coordinates from the
    /// table).
    #[inline(always)]
    pub fn moved(&self, p: usize, k: usize) -> usize {
        let n = self.n;
        let z = k >> 2;
        let (r, c) = self.coords(p);
        match k & 3 {
            0 if r == z => p + 1 - if c + 1 < n { 0 } else { n },
            1 if r == z => p + if c > 0 { 0 } else { n } - 1,
            2 if c == z => p + n - if r + 1 < n { 0 } else { n * n },
            3 if c == z => p + if r > 0 { 0 } else { n * n } - n,
            _ => p,
        }
    }

    /// The fields by position.
    pub fn fields(&self) -> &[u16] {
        &self.ids
    }

    /// Make push `k` on this board (O(n)); `push(reverse(k))` undoes it.
    #[inline]
    pub fn push(&mut self, k: usize) {
        let n = self.n;
        let z = k >> 2;
        match k & 3 {
            0 => {
                let row = &mut self.ids[z * n..(z + 1) * n];
                let last = row[n - 1];
                row.copy_within(0..n - 1, 1);
                row[0] = last;
            }
            1 => {
                let row = &mut self.ids[z * n..(z + 1) * n];
                let first = row[0];
                row.copy_within(1..n, 0);
                row[n - 1] = first;
            }
            2 => {
                // each field moves a row up: pass the one pushed off the top along from row 0
                let mut carry = self.ids[(n - 1) * n + z];
                for row in self.ids.chunks_exact_mut(n) {
                    std::mem::swap(&mut row[z], &mut carry);
                }
            }
            _ => {
                let mut carry = self.ids[z];
                for row in self.ids.chunks_exact_mut(n).rev() {
                    std::mem::swap(&mut row[z], &mut carry);
                }
            }
        }
    }

    /// Copy `self` with push `k` made into `out` (same side).
    #[inline]
    pub fn pushed_into(&self, k: usize, out: &mut Board) {
        out.ids.copy_from_slice(&self.ids);
        out.push(k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain definition: the field on `p` after push `k` is the one that stood where `p`'s
    /// field came from.
    fn pushed_plain(b: &Board, k: usize) -> Vec<u16> {
        let n = b.side();
        let mut out = vec![0; n * n];
        for p in 0..n * n {
            out[moved(p, k, n)] = b.field(p);
        }
        out
    }

    #[test]
    fn push_moves_every_field_as_moved_says_and_reverse_undoes_it() {
        for n in 2..9 {
            let mut b = Board::identity(n);
            for k in 0..4 * n {
                let start = b.clone();
                let expected = pushed_plain(&b, k);
                b.push(k);
                assert_eq!(b.fields(), &expected[..], "n={n} k={k}");
                for p in 0..n * n {
                    assert_eq!(b.moved(p, k), moved(p, k, n));
                }
                let mut c = Board::identity(n);
                start.pushed_into(k, &mut c);
                assert_eq!(c, b);
                b.push(reverse(k));
                assert_eq!(b, start);
                b.push((k * 7 + 3) % (4 * n)); // wander to less regular boards
            }
        }
    }

    #[test]
    fn band_is_the_line_and_its_neighbours_inside_the_board() {
        let n = 5;
        for k in 0..4 * n {
            let z = line(k);
            for l in 0..n {
                let inside = l + 1 >= z && l <= z + 1;
                assert_eq!(band(k) >> l & 1 == 1, inside, "k={k} l={l}");
            }
        }
    }
}
