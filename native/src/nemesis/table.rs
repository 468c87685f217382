//! Transposition tables: a position (vertex, multiplicities) packed into a key of a few words,
//! mapped to the index of its entry in a vector (so entries refer to each other by index, and
//! Python refers to them by index too).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::graph::EdgeSet;

/// A fast multiplicative hasher for keys that are already well mixed words.
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// A position: the player's vertex and the multiplicities, `bits` bits per edge.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub pos: u32,
    pub words: Box<[u64]>,
}

/// Packs multiplicities of at most `max` into keys.
#[derive(Clone, Debug)]
pub struct Packer {
    bits: u32,
    words: usize,
}

impl Packer {
    /// A packer for `m` edges with multiplicities in `0..=max`.
    pub fn new(m: usize, max: u32) -> Self {
        let bits = (32 - max.leading_zeros()).max(1);
        Packer {
            bits,
            words: (m * bits as usize).div_ceil(64),
        }
    }

    /// The key of `pos` with multiplicities `mult` (each at most the packer's `max`).
    pub fn key(&self, pos: u32, mult: &[u32]) -> Key {
        let mut words = vec![0u64; self.words].into_boxed_slice();
        let b = self.bits as usize;
        for (e, &k) in mult.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let at = e * b;
            let (i, o) = (at / 64, at % 64);
            words[i] |= (k as u64) << o;
            if o + b > 64 {
                words[i + 1] |= (k as u64) >> (64 - o);
            }
        }
        Key { pos, words }
    }

    /// The multiplicities packed in `key`, written to `mult` (one per edge): the inverse of
    /// [`Self::key`].
    pub fn unpack(&self, key: &Key, mult: &mut [u32]) {
        let b = self.bits as usize;
        let mask = (1u64 << b) - 1;
        for (e, k) in mult.iter_mut().enumerate() {
            let at = e * b;
            let (i, o) = (at / 64, at % 64);
            let mut x = key.words[i] >> o;
            if o + b > 64 {
                x |= key.words[i + 1] << (64 - o);
            }
            *k = (x & mask) as u32;
        }
    }

    /// Bytes a key takes in a table (its words, the box and the vertex), for estimates.
    pub fn key_bytes(&self) -> usize {
        self.words * 8 + 24
    }
}

/// Where a fugitive's winning action leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// He steps out along this edge.
    Exit(u32),
    /// Play goes on at this fugitive-turn entry.
    Fugitive(u32),
}

/// A fugitive-turn entry (the fugitive to move).
#[derive(Clone, Debug)]
pub enum FEntry {
    /// No exit is left in his pruned component (the trap rule holds).
    Trapped,
    /// He loses (every move is answered).
    Lost,
    /// He steps out to exit `to` along `edge`.
    Exits { to: u32, edge: u32 },
    /// He moves to `to` along `edge` and wins from the Nemesis-turn entry `next`, using only the
    /// edges of `support`.
    Moves {
        to: u32,
        edge: u32,
        next: u32,
        support: EdgeSet,
    },
}

impl FEntry {
    pub fn wins(&self) -> bool {
        matches!(self, FEntry::Exits { .. } | FEntry::Moves { .. })
    }
}

/// One reply of a fugitive's strategy at a Nemesis-turn entry: after `deletion` (None: the
/// default, any deletion not listed) he plays `action`, using the edges of `support`.
#[derive(Clone, Debug)]
pub struct Tried {
    pub deletion: Option<u32>,
    pub action: Action,
    pub support: EdgeSet,
}

/// A Nemesis-turn entry (the fugitive has just arrived, the Nemesis deletes).
#[derive(Clone, Debug)]
pub enum NEntry {
    /// The Nemesis wins by deleting `deletion` (None: he is already trapped); `trapped` tells
    /// whether the trap rule holds right after it.
    Lost {
        deletion: Option<u32>,
        trapped: bool,
    },
    /// The fugitive wins: his replies and the union of their supports.
    Won { tried: Vec<Tried>, support: EdgeSet },
}

impl NEntry {
    pub fn wins(&self) -> bool {
        matches!(self, NEntry::Won { .. })
    }
}

/// A table: keys to indices into `entries`.
#[derive(Debug)]
pub struct Table<E> {
    pub index: FastMap<Key, u32>,
    pub entries: Vec<E>,
}

impl<E> Default for Table<E> {
    fn default() -> Self {
        Table {
            index: FastMap::default(),
            entries: Vec::new(),
        }
    }
}

impl<E> Table<E> {
    pub fn get(&self, key: &Key) -> Option<u32> {
        self.index.get(key).copied()
    }

    /// Stores `entry` under `key`; returns its index.
    pub fn insert(&mut self, key: Key, entry: E) -> u32 {
        let i = self.entries.len() as u32;
        self.entries.push(entry);
        self.index.insert(key, i);
        i
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_pack_across_word_boundaries_and_tell_positions_apart() {
        let p = Packer::new(40, 5); // 3 bits per edge, 120 bits
        let mut m = vec![0u32; 40];
        m[21] = 5; // bits 63..66
        let a = p.key(1, &m);
        m[21] = 4;
        let b = p.key(1, &m);
        assert_ne!(a, b);
        assert_eq!(a.words.len(), 2);
        assert_eq!(a.words[0] >> 63, 1);
        assert_eq!(a.words[1] & 3, 2);
        assert_ne!(p.key(2, &m), b);
        let mut back = vec![9u32; 40];
        p.unpack(&b, &mut back);
        assert_eq!(back, m);
        m[0] = 1;
        m[39] = 5;
        let mut back = vec![0u32; 40];
        p.unpack(&p.key(0, &m), &mut back);
        assert_eq!(back, m);
    }
}
