//! The transposition table of the exact search, shared by worker threads.
//!
//! A node three or more pushes before the end is keyed by two independent 64-bit hashes `k1`,
//! `k2` of its state (see `search.rs`). When its subtree is exhausted with `left` pushes to go,
//! the search stores `(k1, k2, left)`; a later node with the same key and at most `left` pushes to
//! go is skipped (proof in the module documentation of [`super::search`]).
//!
//! Entries are two `AtomicU64`s written and read with `Relaxed` ordering, without locks, by the
//! XOR trick: an entry at index `k1 & mask` stores `w0 = k1 ^ data` and `w1 = data`, where `data`
//! packs the high 32 bits of `k2`, the generation (24 bits) and `left` (8 bits).
//!
//! Invariant: a reader accepts an entry only if `w0 ^ w1 == k1`, the packed part of `k2` and the
//! generation match and the stored `left` is at least its own. If two threads write the same
//! entry at once, a reader may see `w0` of one write and `w1` of the other; then `w0 ^ w1` is
//! `k1a ^ data_a ^ data_b`, which equals the reader's `k1` only by a coincidence of 64 bits --
//! no likelier than a collision of the hash itself, which the search already accepts. So a torn
//! entry never answers for a state it was not written for (up to that 2^-64 chance), and a lost or
//! torn write only loses a hit, which costs time but not correctness.
//!
//! Generations: every search gives its own `generation`, so entries of earlier searches (with
//! other depths and plans refuted) never match and nothing needs clearing between searches. The
//! generation is compared modulo 2^24.
//!
//! Compared with the numba kernel, which compares all 64 bits of `k2`, a hit here needs `k1` and
//! the high 32 bits of `k2`: a false hit needs a 96-bit coincidence.

use std::sync::atomic::{AtomicU64, Ordering};

const GEN_BITS: u32 = 24;
const GEN_MASK: u64 = (1 << GEN_BITS) - 1;

/// A lockless table of exhausted states, `2^bits` entries (none for `bits` 0).
///
/// Invariant: `entries.len()` is 0 or a power of two, and `mask == entries.len() - 1` (0 when
/// empty).
pub struct TranspositionTable {
    entries: Vec<[AtomicU64; 2]>,
    mask: u64,
}

impl TranspositionTable {
    /// A table of `2^bits` entries, all empty; `bits` 0 gives no table at all (every probe
    /// misses, stores are dropped), as the numba kernel's table of one entry.
    pub fn new(bits: u32) -> Self {
        assert!(bits <= 40, "table of 2^{bits} entries is too large");
        let size = if bits == 0 { 0 } else { 1usize << bits };
        TranspositionTable {
            entries: (0..size)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: size.saturating_sub(1) as u64,
        }
    }

    /// Whether the table has entries (`bits` > 0).
    pub fn enabled(&self) -> bool {
        !self.entries.is_empty()
    }

    /// Bytes a table of `2^bits` entries takes.
    pub fn memory_estimate(bits: u32) -> usize {
        if bits == 0 {
            0
        } else {
            (1usize << bits) * 16
        }
    }

    #[inline(always)]
    fn pack(k2: u64, generation: u32, left: usize) -> u64 {
        debug_assert!(left < 256);
        (k2 & !0xFFFF_FFFF) | (u64::from(generation) & GEN_MASK) << 8 | left as u64
    }

    /// Record that the state keyed `(k1, k2)` has no completion with `left` pushes (`left` <
    /// 256), in search `generation`.
    #[inline]
    pub fn store(&self, k1: u64, k2: u64, generation: u32, left: usize) {
        if let Some(e) = self.entries.get((k1 & self.mask) as usize) {
            let data = Self::pack(k2, generation, left);
            e[0].store(k1 ^ data, Ordering::Relaxed);
            e[1].store(data, Ordering::Relaxed);
        }
    }

    /// Whether the state keyed `(k1, k2)` was stored in search `generation` with at least `left`
    /// pushes to go.
    #[inline]
    pub fn probe(&self, k1: u64, k2: u64, generation: u32, left: usize) -> bool {
        let Some(e) = self.entries.get((k1 & self.mask) as usize) else {
            return false;
        };
        let w0 = e[0].load(Ordering::Relaxed);
        let w1 = e[1].load(Ordering::Relaxed);
        let want = Self::pack(k2, generation, 0);
        w0 ^ w1 == k1 && w1 & !0xFF == want && (w1 & 0xFF) as usize >= left
    }

    /// Write raw words into the entry of `k1` (tests only: simulates a torn write).
    #[cfg(test)]
    fn write_raw(&self, k1: u64, w0: u64, w1: u64) {
        let e = &self.entries[(k1 & self.mask) as usize];
        e[0].store(w0, Ordering::Relaxed);
        e[1].store(w1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_only_the_stored_state_generation_and_enough_pushes() {
        let t = TranspositionTable::new(8);
        let (k1, k2) = (0x1234_5678_9ABC_DEF0, 0x0FED_CBA9_8765_4321);
        assert!(!t.probe(k1, k2, 1, 3));
        t.store(k1, k2, 1, 4);
        assert!(t.probe(k1, k2, 1, 3));
        assert!(t.probe(k1, k2, 1, 4));
        assert!(!t.probe(k1, k2, 1, 5), "fewer pushes stored than asked");
        assert!(!t.probe(k1, k2, 2, 3), "another generation");
        assert!(!t.probe(k1 ^ 1 << 40, k2, 1, 3), "same index, other k1");
        assert!(!t.probe(k1, k2 ^ 1 << 50, 1, 3), "other k2");
        assert!(!t.probe(k1 + 1, k2, 1, 3), "other index");
        // a fresh (zero) entry never answers, even in generation 0
        assert!(!t.probe(0, 0, 0, 3));
    }

    #[test]
    fn a_torn_entry_is_rejected() {
        let t = TranspositionTable::new(4);
        let (a1, a2) = (0xAAAA_0000_1111_0003, 0x5555_6666_7777_8888);
        let (b1, b2) = (0xBBBB_0000_2222_0003, 0x9999_AAAA_BBBB_CCCC); // same index 3
        let da = TranspositionTable::pack(a2, 7, 5);
        let db = TranspositionTable::pack(b2, 7, 5);
        // w0 of A's write with w1 of B's, and the other way round
        for (w0, w1) in [(a1 ^ da, db), (b1 ^ db, da)] {
            t.write_raw(a1, w0, w1);
            for (k1, k2) in [(a1, a2), (b1, b2)] {
                assert!(!t.probe(k1, k2, 7, 3), "torn entry accepted");
            }
        }
        // whole writes are accepted
        t.write_raw(a1, a1 ^ da, da);
        assert!(t.probe(a1, a2, 7, 5) && !t.probe(b1, b2, 7, 5));
    }

    #[test]
    fn no_table_never_hits() {
        let t = TranspositionTable::new(0);
        assert!(!t.enabled());
        t.store(5, 6, 1, 9);
        assert!(!t.probe(5, 6, 1, 3));
    }
}
