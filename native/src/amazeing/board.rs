//! The board as four side masks, as `escapology.amazeing.bitboard` keeps it.
//!
//! A board is `[north, east, south, west]`; cell `r * cols + c` is in `east` when the tile on
//! `(r, c)` is open to the east. A shift moves the bits of one line one step (`±1` for a row,
//! `±cols` for a column) and puts the inserted tile's bits on the entry cell; a player on the
//! pushed-out tile wraps onto the entry cell, a treasure on it rides on the spare. A flood fill
//! grows a set of cells through the passages (both facing sides open) a few shifts at a time.

use super::bits::Bits;

/// Tile sides as in `escapology.core.tiles`: `N=1, E=2, S=4, W=8`.
pub const SIDES: [u8; 4] = [1, 2, 4, 8];

/// Where a treasure is: a cell, on the spare, or nowhere (a player without target).
pub const ON_SPARE: u32 = u32::MAX - 1;
/// The target of a player who has none: never reached.
pub const NO_TARGET: u32 = u32::MAX;

/// A board: the cells open to the north, east, south and west.
pub type Board<const W: usize> = [Bits<W>; 4];

/// One shiftable line as bit operations.
#[derive(Clone, Debug)]
pub struct LineShift<const W: usize> {
    /// `N`, `E`, `S` or `W`: the side where the spare goes in.
    pub side: char,
    /// The row (E, W) or column (N, S).
    pub index: usize,
    /// The line's cells.
    pub line: Bits<W>,
    /// How far a cell moves along the line (`±1` or `±cols`).
    pub step: isize,
    /// The cell where the spare goes in.
    pub entry: usize,
    /// The cell pushed out.
    pub exit: usize,
    /// The index of the shift that undoes this one (same line, other end).
    pub reverse: usize,
}

/// The fixed geometry of a `rows x cols` board with its fixed tiles.
pub struct Geometry<const W: usize> {
    pub rows: usize,
    pub cols: usize,
    pub size: usize,
    not_last_col: Bits<W>,
    /// The shiftable lines, sides in the order N, E, S, W and lines in increasing index (the
    /// order of `escapology.amazeing.bitboard.Geometry.shifts`).
    pub shifts: Vec<LineShift<W>>,
}

impl<const W: usize> Geometry<W> {
    /// The geometry of a board; `fixed[cell]` tells whether the tile on `cell` is fixed.
    ///
    /// Panics unless `rows * cols <= 64 * W` and `fixed` has `rows * cols` entries.
    pub fn new(rows: usize, cols: usize, fixed: &[bool]) -> Self {
        let size = rows * cols;
        assert!(size <= 64 * W && fixed.len() == size && rows > 0 && cols > 0);
        let mut not_last_col = Bits::ZERO;
        for cell in 0..size {
            if cell % cols != cols - 1 {
                not_last_col = not_last_col | Bits::cell(cell);
            }
        }
        let mut lines: Vec<(char, usize, Vec<usize>)> = Vec::new();
        for side in ['N', 'E', 'S', 'W'] {
            let count = if side == 'N' || side == 'S' {
                cols
            } else {
                rows
            };
            for index in 0..count {
                let cells = line_cells(rows, cols, side, index);
                if !cells.iter().any(|&c| fixed[c]) {
                    lines.push((side, index, cells));
                }
            }
        }
        let find = |side: char, index: usize| {
            lines
                .iter()
                .position(|(s, i, _)| *s == side && *i == index)
                .expect("the reverse of a shiftable line is shiftable")
        };
        let shifts = lines
            .iter()
            .map(|(side, index, cells)| {
                let step = match side {
                    'N' => cols as isize,
                    'S' => -(cols as isize),
                    'W' => 1,
                    _ => -1,
                };
                let other = match side {
                    'N' => 'S',
                    'S' => 'N',
                    'E' => 'W',
                    _ => 'E',
                };
                LineShift {
                    side: *side,
                    index: *index,
                    line: cells.iter().fold(Bits::ZERO, |b, &c| b | Bits::cell(c)),
                    step,
                    entry: cells[0],
                    exit: cells[cells.len() - 1],
                    reverse: find(other, *index),
                }
            })
            .collect();
        Geometry {
            rows,
            cols,
            size,
            not_last_col,
            shifts,
        }
    }

    /// The board of row-major tile masks.
    pub fn encode(&self, tiles: &[u8]) -> Board<W> {
        let mut board = [Bits::ZERO; 4];
        for (cell, &t) in tiles.iter().enumerate() {
            for (side, mask) in board.iter_mut().zip(SIDES) {
                if t & mask != 0 {
                    *side = *side | Bits::cell(cell);
                }
            }
        }
        board
    }

    /// The tile mask on `cell`.
    pub fn tile(&self, board: &Board<W>, cell: usize) -> u8 {
        (0..4)
            .filter(|&i| board[i].has(cell))
            .fold(0, |t, i| t | SIDES[i])
    }

    #[inline]
    fn move_line(&self, x: Bits<W>, ls: &LineShift<W>) -> Bits<W> {
        let moved = if ls.step > 0 {
            x << ls.step as usize
        } else {
            x >> (-ls.step) as usize
        };
        moved & ls.line
    }

    /// Shift `k` with a closed tile (no side open) inserted: the board, to which
    /// [`Geometry::with_tile`] adds the inserted tile's sides, and the pushed-out tile. Trying
    /// every orientation costs one shift this way.
    #[inline]
    pub fn shift_open(&self, board: &Board<W>, k: usize) -> (Board<W>, u8) {
        self.shift(board, k, 0)
    }

    /// The board of [`Geometry::shift_open`] with `tile` on the entry cell of shift `k`.
    #[inline]
    pub fn with_tile(&self, open: &Board<W>, k: usize, tile: u8) -> Board<W> {
        let entry = self.shifts[k].entry;
        let mut out = *open;
        for (side, mask) in out.iter_mut().zip(SIDES) {
            if tile & mask != 0 {
                *side = *side | Bits::cell(entry);
            }
        }
        out
    }

    /// Insert `tile` with shift `k`: the new board and the pushed-out tile.
    #[inline]
    pub fn shift(&self, board: &Board<W>, k: usize, tile: u8) -> (Board<W>, u8) {
        let ls = &self.shifts[k];
        let mut out = [Bits::ZERO; 4];
        let mut pushed = 0;
        for i in 0..4 {
            let line = board[i] & ls.line;
            if line.has(ls.exit) {
                pushed |= SIDES[i];
            }
            let mut side = board[i].andnot(ls.line) | self.move_line(line, ls);
            if tile & SIDES[i] != 0 {
                side = side | Bits::cell(ls.entry);
            }
            out[i] = side;
        }
        (out, pushed)
    }

    /// Where a player on `cell` stands after shift `k` (the pushed-out one wraps onto the entry).
    #[inline]
    pub fn carry_cell(&self, cell: u32, k: usize) -> u32 {
        let ls = &self.shifts[k];
        let c = cell as usize;
        if c == ls.exit {
            ls.entry as u32
        } else if ls.line.has(c) {
            (c as isize + ls.step) as u32
        } else {
            cell
        }
    }

    /// Where a treasure is after shift `k`: pushed out onto the spare, or in with the spare.
    #[inline]
    pub fn carry_target(&self, target: u32, k: usize) -> u32 {
        let ls = &self.shifts[k];
        match target {
            NO_TARGET => NO_TARGET,
            ON_SPARE => ls.entry as u32,
            t if t as usize == ls.exit => ON_SPARE,
            t => self.carry_cell(t, k),
        }
    }

    /// A set of cells after shift `k` (wrap-around included): the shift as a permutation.
    #[inline]
    pub fn carry_cells(&self, cells: Bits<W>, k: usize) -> Bits<W> {
        let ls = &self.shifts[k];
        let line = cells & ls.line;
        let mut out = cells.andnot(ls.line) | self.move_line(line, ls);
        if line.has(ls.exit) {
            out = out | Bits::cell(ls.entry);
        }
        out
    }

    /// The cells with an open passage to the east neighbour and to the south neighbour.
    #[inline]
    pub fn edges(&self, board: &Board<W>) -> (Bits<W>, Bits<W>) {
        let [n, e, s, w] = *board;
        (e & (w >> 1) & self.not_last_col, s & (n >> self.cols))
    }

    /// Every cell reachable from `cells`; stops early once it holds a cell of `stop`.
    #[inline]
    pub fn flood_until(&self, board: &Board<W>, cells: Bits<W>, stop: Bits<W>) -> Bits<W> {
        let (east, south) = self.edges(board);
        let mut reach = cells;
        let mut frontier = cells;
        while !frontier.is_zero() {
            if frontier.meets(&stop) {
                return reach;
            }
            let grow = ((frontier & east) << 1)
                | ((frontier >> 1) & east)
                | ((frontier & south) << self.cols)
                | ((frontier >> self.cols) & south);
            frontier = grow.andnot(reach);
            reach = reach | frontier;
        }
        reach
    }

    /// Every cell reachable from `cells` through open passages.
    #[inline]
    pub fn flood(&self, board: &Board<W>, cells: Bits<W>) -> Bits<W> {
        self.flood_until(board, cells, Bits::ZERO)
    }

    /// Whether a player on `from` can walk to `to`.
    #[inline]
    pub fn reaches(&self, board: &Board<W>, from: u32, to: u32) -> bool {
        let goal = Bits::cell(to as usize);
        self.flood_until(board, Bits::cell(from as usize), goal)
            .meets(&goal)
    }

    /// The Manhattan distance of two cells.
    #[inline]
    pub fn manhattan(&self, a: u32, b: u32) -> u32 {
        let (ra, ca) = (a as usize / self.cols, a as usize % self.cols);
        let (rb, cb) = (b as usize / self.cols, b as usize % self.cols);
        (ra.abs_diff(rb) + ca.abs_diff(cb)) as u32
    }
}

/// The cells of a line from the insertion end to the end that pushes out.
pub fn line_cells(rows: usize, cols: usize, side: char, index: usize) -> Vec<usize> {
    match side {
        'N' => (0..rows).map(|r| r * cols + index).collect(),
        'S' => (0..rows).rev().map(|r| r * cols + index).collect(),
        'W' => (0..cols).map(|c| index * cols + c).collect(),
        _ => (0..cols).rev().map(|c| index * cols + c).collect(),
    }
}

/// The distinct orientations of a tile, clockwise from itself (as `model.rotations`).
pub fn rotations(tile: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(4);
    let mut t = tile & 15;
    for _ in 0..4 {
        if !out.contains(&t) {
            out.push(t);
        }
        t = ((t << 1) | (t >> 3)) & 15;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_and_flood_as_the_python_doctest() {
        // "─┐" / "·│": ─ = E|W, ┐ = S|W, · = 0, │ = N|S
        let g: Geometry<1> = Geometry::new(2, 2, &[false; 4]);
        let board = g.encode(&[2 | 8, 4 | 8, 0, 1 | 4]);
        assert_eq!(
            g.flood(&board, Bits::cell(0)).cells().collect::<Vec<_>>(),
            vec![0, 1, 3]
        );
        let k = g
            .shifts
            .iter()
            .position(|s| s.side == 'N' && s.index == 0)
            .unwrap();
        let (after, out) = g.shift(&board, k, 1 | 4);
        assert_eq!((g.tile(&after, 0), out), (5, 0));
        assert_eq!(g.tile(&after, 2), 2 | 8);
        let (open, pushed) = g.shift_open(&board, k);
        assert_eq!((g.with_tile(&open, k, 1 | 4), pushed), (after, out));
    }

    #[test]
    fn carrying_wraps_players_and_pushes_treasures_onto_the_spare() {
        let g: Geometry<1> = Geometry::new(3, 3, &[false; 9]);
        let k = g
            .shifts
            .iter()
            .position(|s| s.side == 'W' && s.index == 1)
            .unwrap();
        assert_eq!(g.carry_cell(5, k), 3);
        assert_eq!(g.carry_cell(3, k), 4);
        assert_eq!(g.carry_target(5, k), ON_SPARE);
        assert_eq!(g.carry_target(ON_SPARE, k), 3);
        assert_eq!(g.carry_target(NO_TARGET, k), NO_TARGET);
        let set = Bits::cell(3) | Bits::cell(5) | Bits::cell(0);
        assert_eq!(
            g.carry_cells(set, k).cells().collect::<Vec<_>>(),
            vec![0, 3, 4]
        );
        assert_eq!(g.shifts[g.shifts[k].reverse].side, 'E');
    }

    #[test]
    fn rotations_are_distinct() {
        assert_eq!(rotations(5), vec![5, 10]);
        assert_eq!(rotations(15), vec![15]);
        assert_eq!(rotations(3), vec![3, 6, 12, 9]);
    }
}
