//! The turn-restricted race with a score, after the upper-bound remark of Schwahn & Thielen
//! (FUN 2018, end of §2.3): the game is cut off after `k` turns of each player and "the player
//! who has achieved the better situation", the one with fewer solo turns left to reach her goal,
//! wins. This bounded game is the one the paper shows PSPACE-complete.
//!
//! The rules here, exactly:
//!
//! - she moves first; they alternate; each has at most `k` own turns (she `k`, then he `k`);
//! - a player who stands on her target after her own turn wins at once;
//! - if nobody has after his `k`-th turn, each player's *solo distance* is her fewest own turns
//!   to stand on her target alone from the final position (Definition 1: nobody else shifts;
//!   the reversal of the last shift is forbidden on the first of them), counted up to `cap`
//!   (farther counts as `cap + 1`); she wins when hers is strictly smaller, a tie is a draw
//!   (his shift can carry her onto her target: hers is then 0; his is at least 1, or he would
//!   have won);
//! - the question: can she force a win (a draw is not one)?
//!
//! The search is the AND-OR recursion of [`super::race`] with the same hoisting and the same
//! "his walks as one set" step, which stays exact here: after his last turn she wins against a set
//! of his cells iff his solo distance from the set (the least over its cells, the solo search
//! starts from all of them at once) is larger than hers, i.e. iff she wins against each cell.
//! The score is not monotone in `k`, so there is no iterative deepening, and the table's keys
//! hold the turns left (every entry answers for exactly one `k`).

use super::bits::Bits;
use super::race::{Move, Outcome, Race, State, Stopped};
use super::solo::solo_within;

impl<const W: usize> Race<'_, W> {
    /// Whether she (to move in `root`) can force a win of the scored race of `turns` turns each,
    /// solo distances counted up to `cap`.
    pub fn solve_scored(&mut self, root: &State<W>, turns: u32, cap: u8) -> Outcome {
        let turns = turns.clamp(1, 120) as u8;
        self.killers = vec![0; turns as usize + 2];
        match self.win_scored(root, turns, cap) {
            Ok(found) => self.outcome(found, u32::from(turns), false),
            Err(Stopped) => self.outcome(None, 0, true),
        }
    }

    fn scored_key(st: &State<W>, his_turn: bool, t: u8) -> super::table::Key<W> {
        let mut key = Self::key(st, his_turn);
        key.packed |= u32::from(t) << 21 | 1 << 31;
        key
    }

    /// She is to move with `t` own turns left (and he `t` after hers).
    fn win_scored(&mut self, st: &State<W>, t: u8, cap: u8) -> Result<Option<Move>, Stopped> {
        self.tick()?;
        let key = Self::scored_key(st, false, t);
        let mut hint = 0;
        if let Some(e) = self.table.get(&key) {
            if e.win_from != 0 {
                return Ok(Move::unpack(e.best));
            }
            if e.fail_to != 0 {
                return Ok(None);
            }
            hint = e.best;
        }
        if self.she_wins_now(st) {
            let m = self.wins_now(st, Bits::cell(st.her as usize), st.her_target);
            let m = m.expect("she wins now");
            self.table.prove(key, t, m.pack());
            return Ok(Some(m));
        }
        let geo = self.geo;
        for (k, tile) in self.moves(st, &[hint]) {
            let child = self.shifted(st, k, tile);
            if self.he_wins_now(&child) {
                continue;
            }
            let reach = geo.flood(&child.board, Bits::cell(child.her as usize));
            for cell in reach.cells() {
                let after = State {
                    her: cell as u32,
                    ..child
                };
                if self.loses_scored(&after, t, cap)? {
                    let m = Move {
                        shift: k,
                        tile,
                        to: cell as u32,
                    };
                    self.table.prove(key, t, m.pack());
                    return Ok(Some(m));
                }
            }
        }
        self.table.refute(key, t, 0);
        Ok(None)
    }

    /// He is to move, his `t`-th turn from the end: whether she wins whatever he does.
    fn loses_scored(&mut self, st: &State<W>, t: u8, cap: u8) -> Result<bool, Stopped> {
        self.tick()?;
        let key = Self::scored_key(st, true, t);
        let mut hint = 0;
        if let Some(e) = self.table.get(&key) {
            if e.win_from != 0 {
                return Ok(true);
            }
            if e.fail_to != 0 {
                return Ok(false);
            }
            hint = e.best;
        }
        if self.he_wins_now(st) {
            self.table.refute(key, t, 0);
            return Ok(false);
        }
        let geo = self.geo;
        let killer = self.killers[t as usize];
        for (k, tile) in self.moves(st, &[hint, killer]) {
            let child = self.shifted(st, k, tile);
            let reach = geo.flood(&child.board, child.him);
            let refuted = if t == 1 {
                !self.she_scores_better(&child, reach, cap)
            } else if self.she_wins_now(&child) {
                false
            } else {
                !self.beats_every_walk(&child, reach, t - 1, cap)?
            };
            if refuted {
                let m = Move {
                    shift: k,
                    tile,
                    to: reach.cells().next().unwrap_or(0) as u32,
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

    /// After his last shift (`child`), he walks to a cell of `reach`: whether her solo distance
    /// is below his from every such cell.
    fn she_scores_better(&self, child: &State<W>, reach: Bits<W>, cap: u8) -> bool {
        if child.her == child.her_target {
            return true; // his shift carried her onto her target (with the spare): 0 turns left
        }
        let solo = |from: Bits<W>, target: u32, depth: u8| {
            solo_within(
                self.geo,
                &self.rot,
                &child.board,
                child.spare,
                child.forbidden,
                from,
                target,
                depth,
            )
        };
        let Some(hers) =
            (1..=cap).find(|&d| solo(Bits::cell(child.her as usize), child.her_target, d))
        else {
            return false; // farther than the cap: at best a tie
        };
        // she wins iff he cannot get there within `hers` turns from any cell of `reach`
        !(1..=hers).any(|d| solo(reach, child.his_target, d))
    }

    /// After his shift (`child`, not his last; she cannot win now): whether she wins, with `t`
    /// own turns left, wherever in `reach` he walks. All walks at once first, then one by one.
    fn beats_every_walk(
        &mut self,
        child: &State<W>,
        reach: Bits<W>,
        t: u8,
        cap: u8,
    ) -> Result<bool, Stopped> {
        if self
            .win_scored(
                &State {
                    him: reach,
                    ..*child
                },
                t,
                cap,
            )?
            .is_some()
        {
            return Ok(true);
        }
        if reach.count() == 1 {
            return Ok(false);
        }
        for cell in reach.cells() {
            let after = State {
                him: Bits::cell(cell),
                ..*child
            };
            if self.win_scored(&after, t, cap)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
