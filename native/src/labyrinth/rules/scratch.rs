//! The scratch space of the walks ([`Scratch`]: visit marks, queues, and `R` for
//! [`joins_after`](super::joins_after)), and the entry lines of a walk ([`walk_entries`]).

use super::joins::RSet;
use super::lines::LinePair;
use crate::labyrinth::board::{Board, Connections};
use crate::labyrinth::walks::{entered_on, flood, Flags, Marks};

/// Scratch space of the walks: visit marks, `R` for [`joins_after`](super::joins_after), and
/// queues.
///
/// Invariant: `queue`, `seeds` and `other` hold `n * n` entries each.
pub struct Scratch {
    /// Visit marks of the walks.
    pub marks: Marks,
    /// `R` for [`joins_after`](super::joins_after).
    pub rset: RSet,
    /// The positions the last walk visited.
    pub queue: Vec<u32>,
    /// The seeds of a walk.
    pub seeds: Vec<u32>,
    /// The goal's walk of [`joins_after`](super::joins_after).
    pub other: Vec<u32>,
    /// The stamp of the last walk.
    pub stamp: u32,
}

impl Scratch {
    /// Scratch for a board of side `n`.
    pub fn new(n: usize) -> Self {
        let nn = n * n;
        Scratch {
            marks: Marks::new(nn),
            rset: RSet::new(n),
            queue: vec![0; nn],
            seeds: vec![0; nn],
            other: vec![0; nn],
            stamp: 0,
        }
    }

    /// Bytes [`Scratch::new`] allocates.
    pub fn memory_estimate(n: usize) -> usize {
        n * n * 4 * 5 + n * 32
    }

    /// Walk from `cells` (positions before push `k`, moved by it; the board is after `k`), with a
    /// fresh stamp: the count of visited positions (`queue[..count]`), or `None` once `target`.
    #[inline]
    pub fn walk_moved(
        &mut self,
        b: &Board,
        conn: &Connections,
        cells: &[u16],
        k: usize,
        target: Option<usize>,
    ) -> Option<usize> {
        for (s, &p) in self.seeds.iter_mut().zip(cells) {
            *s = b.moved(p as usize, k) as u32;
        }
        self.walk_seeds(b, conn, cells.len(), target)
    }

    /// Walk from the single position `p`, with a fresh stamp (see [`Scratch::walk_moved`]).
    #[inline]
    pub fn walk_from(
        &mut self,
        b: &Board,
        conn: &Connections,
        p: usize,
        target: Option<usize>,
    ) -> Option<usize> {
        self.seeds[0] = p as u32;
        self.walk_seeds(b, conn, 1, target)
    }

    #[inline]
    fn walk_seeds(
        &mut self,
        b: &Board,
        conn: &Connections,
        count: usize,
        target: Option<usize>,
    ) -> Option<usize> {
        self.stamp = self.marks.fresh();
        flood(
            b,
            conn,
            &self.seeds[..count],
            &mut self.marks,
            self.stamp,
            &mut self.queue,
            target,
        )
    }

    /// The walk just made, as positions.
    #[inline]
    pub fn walked(&self, count: usize) -> impl Iterator<Item = usize> + '_ {
        self.queue[..count].iter().map(|&p| p as usize)
    }
}

/// The entry lines of a walk of `count` positions (`sc.queue`).
#[inline]
pub fn walk_entries(b: &Board, conn: &Connections, sc: &Scratch, count: usize) -> LinePair {
    if b.side() <= 62 {
        // on machine words
        return LinePair::entries(&Flags::of(b, conn, &sc.queue[..count]));
    }
    let mut e = LinePair::default();
    for p in sc.walked(count) {
        let (er, ec) = entered_on(b, p, conn.of(b.field(p)));
        e.rows |= er;
        e.cols |= ec;
    }
    e
}
