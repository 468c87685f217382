//! The bounded race of SP-Versus-Labyrinth (Schwahn & Thielen, FUN 2018, Definition 2): can the
//! player to move ("she") force standing on her target within `t` of her own turns, whatever the
//! opponent ("he") does, before he stands on his?
//!
//! The AND-OR recursion is the one of `escapology.amazeing.versus._Engine` (same answers):
//!
//! - `win(s, t)`: she wins now (some shift and orientation after which she can walk to her
//!   target), or `t >= 2` and some move of hers (shift, orientation, walk) leaves a position
//!   where `loses(s', t - 1)`;
//! - `loses(s, t)` (he is to move): he cannot win now, and after every shift and orientation of
//!   his she wins now, or `t >= 2` and for every walk of his `win(s'', t)`.
//!
//! Exactness of each speed-up:
//!
//! - *hoisting*: whether he wins now after her shift does not depend on where she walks (his
//!   walk does not meet her: players do not block each other), so it is tested once per shift
//!   and orientation of hers, before her walks; likewise whether she wins now after his shift
//!   is tested once before his walks, and when she does, no walk of his refutes;
//! - *his walks as one set*: `him` is a set of cells, and `win(s, t)` with a set asks for one
//!   strategy that wins against him standing on any of them (he wins now if he does from one
//!   of them). By induction on `t`, a win against a set is a win against every subset: every
//!   test of his (winning now, refuting) only has more cells to start from. So after his shift
//!   the search first asks whether she wins against all his walks at once; only when that
//!   fails is each walk tried alone, which keeps the answer exact;
//! - *her last walks filtered at once*: before his last reply, the cells from which she wins now
//!   after a given reply of his are computed backwards for all cells (the target's component
//!   after each of her shifts, carried back through the inverse permutations); a walk of hers
//!   outside that set is refuted by that reply, as `loses` would find one cell at a time;
//! - *iterative deepening*: `win(s, t)` is tried for `t = 1, 2, ...` up to the bound; the first
//!   `t` that wins is the fewest own turns of a forced win, and by monotonicity (a win within
//!   `t` turns is one within `t + 1`) the answer for the bound is the same;
//! - *transposition table* ([`super::table`]): proven bounds per whole state, exact by the same
//!   monotonicity;
//! - *move ordering* (which never changes an answer, only how soon it is found): the move that
//!   proved or refuted a state before first, then a refuting reply that worked at the same depth
//!   (killer), her walks to cells one optimistic own turn from her target first
//!   ([`super::solo`]), nearest first, his walks nearest to his target first.

use super::bits::Bits;
use super::board::{rotations, Board, Geometry, NO_TARGET, ON_SPARE};
use super::solo::{one_turn_cells, ordered_cells};
use super::table::{Key, Table};

/// No shift is forbidden (no previous shift).
pub const NO_SHIFT: usize = usize::MAX;

/// How many replies of his filter her walks before her last turn (see `Race::survivors`).
const FILTER_REPLIES: usize = 3;

/// How often (nodes) the search asks whether to stop.
const POLL_EVERY: u64 = 1 << 12;

/// A position of the race. She is the player whose forced win is asked; he is the opponent.
/// `him` is a *set* of cells: a position where he may stand on any of them, and she must win
/// against each (see the module documentation); a real position has one cell there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct State<const W: usize> {
    pub board: Board<W>,
    pub spare: u8,
    /// The shift that would undo the previous one (`NO_SHIFT` when none).
    pub forbidden: usize,
    pub her: u32,
    pub him: Bits<W>,
    /// A cell, [`ON_SPARE`] or [`NO_TARGET`].
    pub her_target: u32,
    pub his_target: u32,
}

/// A turn: shift index, inserted tile, the cell walked to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub shift: usize,
    pub tile: u8,
    pub to: u32,
}

impl Move {
    pub(super) fn pack(self) -> u32 {
        (1 << 31) | (self.shift as u32) << 20 | u32::from(self.tile) << 16 | self.to
    }

    pub(super) fn unpack(code: u32) -> Option<Move> {
        (code != 0).then_some(Move {
            shift: (code >> 20 & 0x7ff) as usize,
            tile: (code >> 16 & 15) as u8,
            to: code & 0xffff,
        })
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// A first move of a forced win, if one was found.
    pub winning_move: Option<Move>,
    /// With a win: the fewest own turns it needs. Without: every bound up to this many turns
    /// is proven to have no forced win (the full bound unless the search was stopped).
    pub turns: u32,
    /// Nodes visited (calls of `win` and `loses`).
    pub nodes: u64,
    /// States in the transposition table at the end.
    pub table_states: usize,
    /// Whether the poll stopped the search before it finished.
    pub stopped: bool,
}

pub(super) struct Stopped;

type Found = Result<Option<Move>, Stopped>;

/// The search: geometry, table, counters and the stop poll.
pub struct Race<'a, const W: usize> {
    pub(super) geo: &'a Geometry<W>,
    pub(super) rot: Vec<Vec<u8>>,
    pub(super) table: Table<W>,
    nodes: u64,
    pub(super) killers: Vec<u32>,
    poll: &'a mut dyn FnMut(u64) -> bool,
}

impl<'a, const W: usize> Race<'a, W> {
    /// A search on `geo` keeping at most `table_states` states; `poll(nodes)` is called every
    /// few thousand nodes and stops the search when it returns true.
    pub fn new(
        geo: &'a Geometry<W>,
        table_states: usize,
        poll: &'a mut dyn FnMut(u64) -> bool,
    ) -> Self {
        Race {
            geo,
            rot: (0..16).map(rotations).collect(),
            table: Table::new(table_states),
            nodes: 0,
            killers: Vec::new(),
            poll,
        }
    }

    /// Whether she (to move in `root`) can force a win within `turns` own turns: iterative
    /// deepening over `1..=turns`.
    pub fn solve(&mut self, root: &State<W>, turns: u32) -> Outcome {
        let turns = turns.min(u32::from(u8::MAX - 1));
        self.killers = vec![0; turns as usize + 2];
        let mut proven = 0;
        for t in 1..=turns {
            match self.win(root, t as u8, false) {
                Ok(Some(m)) => return self.outcome(Some(m), t, false),
                Ok(None) => proven = t,
                Err(Stopped) => return self.outcome(None, proven, true),
            }
        }
        self.outcome(None, proven, false)
    }

    pub(super) fn outcome(&self, winning_move: Option<Move>, turns: u32, stopped: bool) -> Outcome {
        Outcome {
            winning_move,
            turns,
            nodes: self.nodes,
            table_states: self.table.len(),
            stopped,
        }
    }

    #[inline]
    pub(super) fn tick(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) && (self.poll)(self.nodes) {
            return Err(Stopped);
        }
        Ok(())
    }

    pub(super) fn key(st: &State<W>, his_turn: bool) -> Key<W> {
        Key {
            board: st.board,
            packed: u32::from(st.spare)
                | ((st.forbidden as u32 & 0xffff) << 4)
                | (u32::from(his_turn) << 20),
            her: st.her,
            him: st.him,
            her_target: st.her_target,
            his_target: st.his_target,
        }
    }

    /// The position after shift (`k`, `tile`), before the walk.
    #[inline]
    pub(super) fn shifted(&self, st: &State<W>, k: usize, tile: u8) -> State<W> {
        let geo = self.geo;
        let (board, spare) = geo.shift(&st.board, k, tile);
        State {
            board,
            spare,
            forbidden: geo.shifts[k].reverse,
            her: geo.carry_cell(st.her, k),
            him: geo.carry_cells(st.him, k),
            her_target: geo.carry_target(st.her_target, k),
            his_target: geo.carry_target(st.his_target, k),
        }
    }

    /// A shift and orientation after which a player on one of `from` can walk to `target`
    /// (the board, spare and forbidden shift of `st`); the move walks to the target.
    pub(super) fn wins_now(&self, st: &State<W>, from: Bits<W>, target: u32) -> Option<Move> {
        let geo = self.geo;
        for k in 0..geo.shifts.len() {
            if k == st.forbidden {
                continue;
            }
            let t = geo.carry_target(target, k);
            if t == ON_SPARE || t == NO_TARGET {
                continue;
            }
            let goal = Bits::cell(t as usize);
            let from = geo.carry_cells(from, k);
            let tiles = &self.rot[st.spare as usize];
            let (open, _) = geo.shift_open(&st.board, k);
            if tiles.len() > 1 {
                // opening sides only adds passages: no orientation helps if a cross does not
                let relaxed = geo.with_tile(&open, k, 15);
                if !geo.flood_until(&relaxed, from, goal).meets(&goal) {
                    continue;
                }
            }
            for &tile in tiles {
                let board = geo.with_tile(&open, k, tile);
                if geo.flood_until(&board, from, goal).meets(&goal) {
                    return Some(Move {
                        shift: k,
                        tile,
                        to: t,
                    });
                }
            }
        }
        None
    }

    pub(super) fn she_wins_now(&self, st: &State<W>) -> bool {
        self.wins_now(st, Bits::cell(st.her as usize), st.her_target)
            .is_some()
    }

    pub(super) fn he_wins_now(&self, st: &State<W>) -> bool {
        self.wins_now(st, st.him, st.his_target).is_some()
    }

    /// The shifts and orientations of the player to move, those in `first` (packed moves) first.
    pub(super) fn moves(&self, st: &State<W>, first: &[u32]) -> Vec<(usize, u8)> {
        let tiles = &self.rot[st.spare as usize];
        let mut out = Vec::with_capacity(self.geo.shifts.len() * tiles.len());
        for &code in first {
            if let Some(m) = Move::unpack(code) {
                if m.shift != st.forbidden
                    && m.shift < self.geo.shifts.len()
                    && tiles.contains(&m.tile)
                    && !out.contains(&(m.shift, m.tile))
                {
                    out.push((m.shift, m.tile));
                }
            }
        }
        let hints = out.len();
        for k in 0..self.geo.shifts.len() {
            if k == st.forbidden {
                continue;
            }
            for &tile in tiles {
                if !out[..hints].contains(&(k, tile)) {
                    out.push((k, tile));
                }
            }
        }
        out
    }

    /// She is to move: a first move forcing a win within `t` own turns against him standing on
    /// any cell of `st.him` (`now_known`: she cannot win now).
    fn win(&mut self, st: &State<W>, t: u8, now_known: bool) -> Found {
        self.tick()?;
        let key = Self::key(st, false);
        let mut hint = 0;
        if let Some(e) = self.table.get(&key) {
            if e.win_from != 0 && t >= e.win_from {
                return Ok(Move::unpack(e.best));
            }
            if t <= e.fail_to {
                return Ok(None);
            }
            hint = e.best;
        }
        if !now_known && self.she_wins_now(st) {
            let m = self.wins_now(st, Bits::cell(st.her as usize), st.her_target);
            let m = m.expect("the cells that win now are exact");
            self.table.prove(key, 1, m.pack());
            return Ok(Some(m));
        }
        if t <= 1 {
            self.table.refute(key, 1, 0);
            return Ok(None);
        }
        let geo = self.geo;
        for (k, tile) in self.moves(st, &[hint]) {
            let child = self.shifted(st, k, tile);
            if self.he_wins_now(&child) {
                continue; // he wins now wherever she walks
            }
            let mut reach = geo.flood(&child.board, Bits::cell(child.her as usize));
            if t == 2 {
                // his last reply before her last turn: only walks from which she wins now after
                // each of a few replies of his can win (the others are refuted by that reply)
                reach = self.survivors(&child, reach);
            }
            let near = if t >= 3 {
                one_turn_cells(geo, &child.board, child.her_target, NO_SHIFT)
            } else {
                Bits::ZERO
            };
            for cell in ordered_cells(geo, reach, near, child.her_target) {
                let after = State { her: cell, ..child };
                if self.loses(&after, t - 1, true)? {
                    let m = Move {
                        shift: k,
                        tile,
                        to: cell,
                    };
                    self.table.prove(key, t, m.pack());
                    return Ok(Some(m));
                }
            }
        }
        self.table.refute(key, t, 0);
        Ok(None)
    }

    /// Before his last reply (`child`: her shift done, he cannot win now): the cells of `reach`
    /// from which she wins now after each of up to [`FILTER_REPLIES`] replies of his (the killer
    /// first). Every cell left out is refuted by one of those replies, exactly as `loses(_, 1)`
    /// would find; the cells kept still go through `loses`.
    fn survivors(&self, child: &State<W>, reach: Bits<W>) -> Bits<W> {
        let geo = self.geo;
        let mut left = reach;
        for (used, (k, tile)) in self
            .moves(child, &[self.killers[1]])
            .into_iter()
            .enumerate()
        {
            if used == FILTER_REPLIES || left.is_zero() {
                break;
            }
            let replied = self.shifted(child, k, tile);
            let wins = self.winning_cells(&replied, replied.her_target);
            left = left & geo.carry_cells(wins, geo.shifts[k].reverse);
        }
        left
    }

    /// The cells from which the player to move wins now on `st`'s board, spare and forbidden
    /// shift, walking to `target`: for every shift and orientation, the target's component after
    /// it, carried back through the reverse shift (the inverse permutation of cells).
    fn winning_cells(&self, st: &State<W>, target: u32) -> Bits<W> {
        let geo = self.geo;
        let mut cells = Bits::ZERO;
        for (k, ls) in geo.shifts.iter().enumerate() {
            if k == st.forbidden {
                continue;
            }
            let t = geo.carry_target(target, k);
            if t == ON_SPARE || t == NO_TARGET {
                continue;
            }
            let goal = Bits::cell(t as usize);
            let (open, _) = geo.shift_open(&st.board, k);
            for &tile in &self.rot[st.spare as usize] {
                let board = geo.with_tile(&open, k, tile);
                cells = cells | geo.carry_cells(geo.flood(&board, goal), ls.reverse);
            }
        }
        cells
    }

    /// He is to move: whether he, standing on any cell of `st.him`, cannot stop her from forcing
    /// a win within `t` of her turns, nor win first (`now_known`: he cannot win now).
    fn loses(&mut self, st: &State<W>, t: u8, now_known: bool) -> Result<bool, Stopped> {
        self.tick()?;
        let key = Self::key(st, true);
        let mut hint = 0;
        if let Some(e) = self.table.get(&key) {
            if e.win_from != 0 && t >= e.win_from {
                return Ok(true);
            }
            if t <= e.fail_to {
                return Ok(false);
            }
            hint = e.best;
        }
        if !now_known && self.he_wins_now(st) {
            self.table.refute(key, u8::MAX, 0);
            return Ok(false);
        }
        let geo = self.geo;
        let killer = self.killers[t as usize];
        for (k, tile) in self.moves(st, &[hint, killer]) {
            let child = self.shifted(st, k, tile);
            if self.she_wins_now(&child) {
                continue; // she wins now wherever he walks
            }
            let refuted = if t == 1 {
                Some(child.him.cells().next().unwrap_or(0) as u32)
            } else {
                let reach = geo.flood(&child.board, child.him);
                self.refuting_walk(&child, reach, t)?
            };
            if let Some(cell) = refuted {
                let m = Move {
                    shift: k,
                    tile,
                    to: cell,
                }
                .pack();
                self.killers[t as usize] = m;
                self.table.refute(key, t, m);
                return Ok(false);
            }
        }
        self.table.prove(key, t, 0);
        Ok(true)
    }

    /// After his shift (`child`, she cannot win now): a cell of `reach` he can walk to from
    /// which she cannot force a win within `t` turns, if any. His walk nearest his target is
    /// tried first; when she beats it, she plays against all the other walks at once (a win
    /// there is a win against each of them), and only if that fails is each tried alone.
    fn refuting_walk(
        &mut self,
        child: &State<W>,
        reach: Bits<W>,
        t: u8,
    ) -> Result<Option<u32>, Stopped> {
        let mut cells: Vec<(u32, u32)> = reach
            .cells()
            .map(|c| {
                let d = if (child.his_target as usize) < self.geo.size {
                    self.geo.manhattan(c as u32, child.his_target)
                } else {
                    0
                };
                (d, c as u32)
            })
            .collect();
        cells.sort_unstable();
        for (i, &(_, cell)) in cells.iter().enumerate() {
            let after = State {
                him: Bits::cell(cell as usize),
                ..*child
            };
            if self.win(&after, t, true)?.is_none() {
                return Ok(Some(cell));
            }
            if i == 0 && cells.len() > 2 {
                // she beat his most threatening walk: try to beat the others all at once
                let rest = reach.andnot(Bits::cell(cell as usize));
                if self
                    .win(
                        &State {
                            him: rest,
                            ..*child
                        },
                        t,
                        true,
                    )?
                    .is_some()
                {
                    return Ok(None);
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The doctest position of `versus.py`: ┌─┐ / │·│ / └─┘, spare ─, red on 0 wants 8.
    #[test]
    fn the_small_doctest_race_is_won_in_one_turn() {
        let tiles = [6u8, 10, 12, 5, 0, 5, 3, 10, 9];
        let g: Geometry<1> = Geometry::new(3, 3, &[false; 9]);
        let root = State {
            board: g.encode(&tiles),
            spare: 10,
            forbidden: NO_SHIFT,
            her: 0,
            him: Bits::cell(2),
            her_target: 8,
            his_target: 4,
        };
        let mut poll = |_n: u64| false;
        let out = Race::new(&g, 1 << 16, &mut poll).solve(&root, 3);
        assert_eq!(out.turns, 1);
        let m = out.winning_move.expect("a win");
        assert_eq!(m.to, 8);
        let (board, _) = g.shift(&root.board, m.shift, m.tile);
        assert!(g.reaches(&board, g.carry_cell(0, m.shift), 8));
    }

    #[test]
    fn a_stopped_search_says_so() {
        let tiles = [5u8; 9];
        let g: Geometry<1> = Geometry::new(3, 3, &[false; 9]);
        let root = State {
            board: g.encode(&tiles),
            spare: 5,
            forbidden: NO_SHIFT,
            her: 0,
            him: Bits::cell(8),
            her_target: NO_TARGET,
            his_target: NO_TARGET,
        };
        let mut poll = |_n: u64| true;
        let out = Race::new(&g, 1 << 16, &mut poll).solve(&root, 50);
        assert!(out.stopped && out.winning_move.is_none());
    }

    #[test]
    fn packed_moves_round_trip() {
        let m = Move {
            shift: 37,
            tile: 9,
            to: 4095,
        };
        assert_eq!(Move::unpack(m.pack()), Some(m));
        assert_eq!(Move::unpack(0), None);
    }
}
