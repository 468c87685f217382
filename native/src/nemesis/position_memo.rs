//! Full positions of the game without revisits, stored compactly, and a memo over them: what the
//! Nemesis strategy writer ([`super::strategy_writer`]) needs to write one node per position.
//!
//! A *full position* is the fugitive's vertex, the multiset of deletions made so far and the set
//! of vertices he has left (Remark 7: he never revisits them). Positions are kept as parent chains
//! in flat arrays: position `x` was reached from `parent[x]` by the fugitive leaving
//! `at[parent[x]]` for `at[x]`, followed by the deletion `deletion[x]` (or none). The root (no
//! parent) is the start. So a position costs 12 bytes and its moves are read back by walking up.
//!
//! The memo is an open-addressing table (linear probing) of position ids, found through a 64-bit
//! hash of `(vertex, deletions, vertices left)`: a position keeps 32 bits of its hash as a tag,
//! which places it in the table (so the table can grow without the positions' hashes) and filters
//! the candidates; a hit counts only after the stored position is compared with the one looked up
//! *in full* (vertex, multiset of deletions, set of vertices left): a collision of hashes or tags
//! may cost time, never a wrong answer. The deletion hash is a sum and the visit hash an
//! exclusive-or of splitmix64 mixes, so both are independent of the order of the moves, as
//! positions are. A stored position costs 20 bytes and 5 to 11 bytes of table (load 3/8 to 3/4).

use crate::hashing::mix;

/// No position, no deletion, no node.
pub const NONE: u32 = u32::MAX;

/// The memo key of a position from its vertex and its two order-free hashes.
pub fn position_key(at: u32, deletions: u64, visits: u64) -> u64 {
    mix(deletions ^ mix(visits.wrapping_add(mix(at as u64))))
}

/// The position being looked up, as the caller holds it: flags and counts over the graph.
pub struct Current<'a> {
    /// The fugitive's vertex.
    pub at: u32,
    /// Whether each vertex has been left.
    pub visited: &'a [bool],
    /// Copies of each edge deleted so far.
    pub deleted: &'a [u32],
    /// Vertices left (the moves made).
    pub moves: u32,
    /// Deletions made (the sum of `deleted`).
    pub deletions: u32,
}

/// Positions as parent chains, and a memo from positions to the nodes written for them.
#[derive(Default)]
pub struct PositionMemo {
    parent: Vec<u32>,
    at: Vec<u32>,
    deletion: Vec<u32>,
    /// The node written for each position (NONE while it is not written yet).
    node: Vec<u32>,
    /// The high 32 bits of each stored position's hash.
    tag: Vec<u32>,
    /// Stored positions by the slot of their tag, NONE for an empty slot; a power of two long.
    slots: Vec<u32>,
    stored: usize,
    /// Deletions counted along a stored chain while it is compared (zero between comparisons).
    counted: Vec<u32>,
    touched: Vec<u32>,
}

/// The home slot of a tag in a table of `2^bits` slots (Fibonacci hashing).
fn home(tag: u32, bits: u32) -> usize {
    ((tag as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

impl PositionMemo {
    /// An empty memo for a graph of `m` edges.
    pub fn new(m: usize) -> Self {
        PositionMemo {
            counted: vec![0; m],
            ..Default::default()
        }
    }

    /// Adds the position reached from `parent` (NONE for the root) at `at` after `deletion`
    /// (NONE: none); returns its id. It is found by [`Self::find`] only once [`Self::store`]d.
    pub fn push(&mut self, parent: u32, at: u32, deletion: u32) -> u32 {
        let id = self.parent.len() as u32;
        self.parent.push(parent);
        self.at.push(at);
        self.deletion.push(deletion);
        self.node.push(NONE);
        self.tag.push(0);
        id
    }

    /// Records `node` as the node written for position `x`, found under `key` from now on.
    pub fn store(&mut self, key: u64, x: u32, node: u32) {
        self.node[x as usize] = node;
        self.tag[x as usize] = (key >> 32) as u32;
        if 4 * (self.stored + 1) > 3 * self.slots.len() {
            self.grow();
        }
        self.place(x);
        self.stored += 1;
    }

    fn bits(&self) -> u32 {
        self.slots.len().trailing_zeros()
    }

    /// Puts stored position `x` in the first empty slot from its home.
    fn place(&mut self, x: u32) {
        let mask = self.slots.len() - 1;
        let mut i = home(self.tag[x as usize], self.bits());
        while self.slots[i] != NONE {
            i = (i + 1) & mask;
        }
        self.slots[i] = x;
    }

    /// Doubles the table (at least 1024 slots) and places the stored positions again.
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![NONE; size]);
        for x in old.into_iter().filter(|&x| x != NONE) {
            self.place(x);
        }
    }

    /// The node stored for the position `cur` (hashed to `key`), if any: every candidate with the
    /// key's tag is compared with `cur` in full.
    pub fn find(&mut self, key: u64, cur: &Current) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let tag = (key >> 32) as u32;
        let mask = self.slots.len() - 1;
        let mut i = home(tag, self.bits());
        loop {
            let x = self.slots[i];
            if x == NONE {
                return None;
            }
            if self.tag[x as usize] == tag && self.same(x, cur) {
                return Some(self.node[x as usize]);
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether stored position `x` is `cur`: the same vertex, the same vertices left (the chain's
    /// are distinct, since no vertex is revisited, all left in `cur` and as many), the same
    /// multiset of deletions (each edge's count along the chain at most `cur`'s, the totals equal).
    fn same(&mut self, x: u32, cur: &Current) -> bool {
        if self.at[x as usize] != cur.at {
            return false;
        }
        let (mut moves, mut deletions, mut ok) = (0u32, 0u32, true);
        let mut y = x as usize;
        while self.parent[y] != NONE {
            let up = self.parent[y] as usize;
            moves += 1;
            if moves > cur.moves || !cur.visited[self.at[up] as usize] {
                ok = false;
                break;
            }
            let c = self.deletion[y];
            if c != NONE {
                deletions += 1;
                let k = &mut self.counted[c as usize];
                if *k == 0 {
                    self.touched.push(c);
                }
                *k += 1;
                if *k > cur.deleted[c as usize] {
                    ok = false;
                    break;
                }
            }
            y = up;
        }
        for c in self.touched.drain(..) {
            self.counted[c as usize] = 0;
        }
        ok && moves == cur.moves && deletions == cur.deletions
    }

    /// Positions held (stored or not).
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Bytes held, about (positions, table, scratch).
    pub fn bytes(&self) -> usize {
        20 * self.parent.capacity() + 4 * self.slots.len() + 4 * self.counted.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_found_in_any_order_of_their_moves_and_only_in_full() {
        // 0 -> 1 (delete 5) -> 2 (delete 6), and 0 ... the same vertices left and deletions
        // reached through another order: visited {0, 1}, deleted {5, 6}, at 2
        let mut memo = PositionMemo::new(8);
        let root = memo.push(NONE, 0, NONE);
        let a = memo.push(root, 1, 5);
        let b = memo.push(a, 2, 6);
        let key = position_key(2, mix(5).wrapping_add(mix(6)), mix(0) ^ mix(1));
        memo.store(key, b, 7);
        let mut visited = vec![false; 4];
        visited[0] = true;
        visited[1] = true;
        let mut deleted = vec![0u32; 8];
        deleted[5] = 1;
        deleted[6] = 1;
        let cur = Current {
            at: 2,
            visited: &visited,
            deleted: &deleted,
            moves: 2,
            deletions: 2,
        };
        assert_eq!(memo.find(key, &cur), Some(7));
        // the same key, another multiset of deletions (a forced collision): not found
        let mut other_deleted = deleted.clone();
        other_deleted[6] = 0;
        other_deleted[4] = 1;
        let other = Current {
            deleted: &other_deleted,
            ..cur
        };
        assert_eq!(memo.find(key, &other), None);
        // stored as well under the same key: both are told apart
        let c = memo.push(a, 2, 4);
        memo.store(key, c, 9);
        assert_eq!(memo.find(key, &other), Some(9));
        assert_eq!(memo.find(key, &cur), Some(7));
        assert_eq!(memo.len(), 4);
    }

    #[test]
    fn the_table_grows_and_keeps_every_position() {
        // 5000 positions one move from the root (at 0): at v, no deletion
        let n = 5001;
        let mut memo = PositionMemo::new(1);
        let root = memo.push(NONE, 0, NONE);
        for v in 1..n as u32 {
            let x = memo.push(root, v, NONE);
            memo.store(position_key(v, 0, mix(0)), x, 10 * v);
        }
        let mut visited = vec![false; n];
        visited[0] = true;
        let deleted = [0u32];
        for v in 1..n as u32 {
            let cur = Current {
                at: v,
                visited: &visited,
                deleted: &deleted,
                moves: 1,
                deletions: 0,
            };
            assert_eq!(memo.find(position_key(v, 0, mix(0)), &cur), Some(10 * v));
            assert_eq!(memo.find(position_key(v, 1, mix(0)), &cur), None);
        }
        assert!(memo.bytes() >= 20 * n + 4 * 8192);
    }
}
