//! The transposition table of the race search: proven bounds per state, with full keys.
//!
//! Both questions of the search are monotone in the number of turns: a forced win within `t`
//! own turns is one within `t + 1`, and a position the opponent loses within `t` he loses within
//! `t + 1` (by induction over the AND-OR recursion of `race.rs`). So an entry keeps the fewest
//! turns proven true (`win_from`, 0 when none) and the most turns proven false (`fail_to`, 0 when
//! none); a later visit with `t >= win_from` is true and one with `t <= fail_to` is false. Keys
//! are whole states (no hash collisions can answer for another state), so the answers stay
//! exact. When the table is full, known keys are still updated but no new key is added.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::bits::Bits;
use super::board::Board;

/// A state of the search and which question is asked of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key<const W: usize> {
    pub board: Board<W>,
    /// spare (4 bits), forbidden shift (16 bits), question (1 bit: the opponent loses)
    pub packed: u32,
    pub her: u32,
    pub him: Bits<W>,
    pub her_target: u32,
    pub his_target: u32,
}

/// What is proven about a key.
#[derive(Clone, Copy, Default, Debug)]
pub struct Entry {
    /// The fewest turns for which the answer is proven true (0: none).
    pub win_from: u8,
    /// The most turns for which the answer is proven false (0: none).
    pub fail_to: u8,
    /// The move that proved it (a win) or refuted it (a loss), packed as in `race.rs`; 0 none.
    pub best: u32,
}

/// FxHash (the Firefox / rustc hash): one multiply per word, plenty for keys of random boards.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Proven bounds of at most `limit` states.
pub struct Table<const W: usize> {
    map: HashMap<Key<W>, Entry, BuildHasherDefault<FxHasher>>,
    limit: usize,
}

impl<const W: usize> Table<W> {
    /// A table of at most `limit` states.
    pub fn new(limit: usize) -> Self {
        Table {
            map: HashMap::default(),
            limit,
        }
    }

    /// Bytes one entry takes, roughly (key, entry, the map's own share).
    pub fn entry_bytes() -> usize {
        std::mem::size_of::<(Key<W>, Entry)>() * 8 / 7 + 1
    }

    /// What is known about `key`.
    #[inline]
    pub fn get(&self, key: &Key<W>) -> Option<Entry> {
        self.map.get(key).copied()
    }

    /// Record that the answer is true from `turns` on, proven by move `best`.
    pub fn prove(&mut self, key: Key<W>, turns: u8, best: u32) {
        if let Some(e) = self.slot(key) {
            if e.win_from == 0 || turns < e.win_from {
                e.win_from = turns;
                e.best = best;
            }
        }
    }

    /// Record that the answer is false up to `turns` (refuted by `best`, 0 when no move did).
    pub fn refute(&mut self, key: Key<W>, turns: u8, best: u32) {
        if let Some(e) = self.slot(key) {
            if turns > e.fail_to {
                e.fail_to = turns;
                if best != 0 {
                    e.best = best;
                }
            }
        }
    }

    fn slot(&mut self, key: Key<W>) -> Option<&mut Entry> {
        if self.map.len() >= self.limit && !self.map.contains_key(&key) {
            return None;
        }
        Some(self.map.entry(key).or_default())
    }

    /// The number of states held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no state is held.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}
