//! The exact search for Nemesis and Blizzard: a depth-first minimax with transposition tables over
//! *restricted* positions, the same as `escapology.nemesis.engines.exact_python.Search`. Each step is sound for
//! the reason given (`H` is the current multigraph, `u` the fugitive's vertex):
//!
//! 1. *Monotonicity.* If the fugitive wins from `(u, H)` he wins from `(u, H')` for every
//!    `H' ⊇ H` (he plays the same moves; a deletion outside `H` is a pass, and by induction a pass
//!    never helps the Nemesis). So deleting an edge is never worse for the Nemesis than passing.
//! 2. *No revisits* (Remark 7). A fastest winning fugitive never revisits a vertex: coming back
//!    to `v` with `H_2 ⊆ H_1` would, by (1), be no faster than the first visit. So the vertex he
//!    leaves is removed from the graph ([`Search::f_turn`]): the restricted game has the same
//!    winner.
//! 3. *Simplification* (§3.1): dropped components, pruned vertices of degree ≤ 2, capped
//!    multiplicities; see [`super::simplify`].
//! 4. *Immediate outcomes.* The fugitive wins at once when `u` keeps ≥ 2 edge copies to exits
//!    (one deletion cannot cut both). The Nemesis wins at once when a single-copy bridge separates
//!    `u` from every exit (Blizzard: one incident with `u`); see [`super::bridge`].
//! 5. *Forced reply.* With exactly one exit copy at `u` the Nemesis must delete it (any other
//!    deletion lets him step out); a cut bridge was tried in (4) first.
//! 6. *Support covering.* A fugitive strategy `σ` found after the deletion of `e` only ever uses
//!    the edges of its *support* `S(σ)`; any other deletion `c ∉ S(σ)` leaves all of them with at
//!    least the multiplicities `σ` was proven with, so `σ` wins after `c` too (by (1)). The
//!    Nemesis' candidate deletions are narrowed to the intersection of the supports found so far.
//!
//! The tables are kept between calls (one search serves every start vertex of a graph) and keep
//! the fugitive's strategy: a winning fugitive-turn entry names his move and the Nemesis-turn
//! entry it leads to; a winning Nemesis-turn entry lists his replies with their supports (what
//! `escapology.nemesis.engines.extract` turns into a strategy document).

use super::bridge::BridgeFinder;
use super::graph::{EdgeSet, Graph};
use super::simplify::{Pruned, Simplifier};
use super::table::{Action, FEntry, Key, NEntry, Packer, Table, Tried};
use super::{Stopped, POLL_EVERY};

/// The caller's stop callback, called with the positions searched so far (the search's progress);
/// true: stop now.
pub type Stop<'a> = dyn FnMut(u64) -> bool + 'a;

/// The restricted-game search over one graph, with its tables.
pub struct Search {
    pub g: Graph,
    pub blizzard: bool,
    dist: Vec<u32>,
    packer: Packer,
    simplifier: Simplifier,
    bridges: BridgeFinder,
    /// Fugitive-turn entries.
    pub tf: Table<FEntry>,
    /// Nemesis-turn entries.
    pub tn: Table<NEntry>,
    /// Positions searched (table misses).
    pub nodes: u64,
}

impl Search {
    pub fn new(g: Graph, blizzard: bool) -> Self {
        let n = g.n();
        let inner = g.is_exit.iter().filter(|&&x| !x).count() as u32;
        let max = g.mult.iter().copied().max().unwrap_or(1).min(inner + 1);
        Search {
            dist: g.distances_to_exits(),
            packer: Packer::new(g.m(), max),
            simplifier: Simplifier::new(n),
            bridges: BridgeFinder::new(n),
            tf: Table::default(),
            tn: Table::default(),
            nodes: 0,
            blizzard,
            g,
        }
    }

    /// The largest multiplicity a position may give an edge: its initial one.
    pub fn fits(&self, mult: &[u32]) -> bool {
        mult.len() == self.g.m() && mult.iter().zip(&self.g.mult).all(|(a, b)| a <= b)
    }

    fn restrict(&mut self, pos: u32, mult: &[u32]) -> (Pruned, Key) {
        let p = self.simplifier.prune(&self.g, mult, pos);
        let key = self.packer.key(pos, &p.cm);
        (p, key)
    }

    /// Whether an exit is left in the pruned component of `pos` (the trap rule fails).
    pub fn has_exit(&mut self, pos: u32, mult: &[u32]) -> bool {
        self.simplifier.prune(&self.g, mult, pos).has_exit
    }

    /// The fugitive-turn entry of this position if the table has it.
    pub fn lookup_f(&mut self, pos: u32, mult: &[u32]) -> Option<u32> {
        let (_, key) = self.restrict(pos, mult);
        self.tf.get(&key)
    }

    /// The Nemesis-turn entry of this position if the table has it.
    pub fn lookup_n(&mut self, w: u32, mult: &[u32]) -> Option<u32> {
        let (_, key) = self.restrict(w, mult);
        self.tn.get(&key)
    }

    /// Bytes the tables hold, about.
    pub fn table_bytes(&self) -> usize {
        let per_key = self.packer.key_bytes() + 48;
        (self.tf.len() + self.tn.len()) * per_key
    }

    fn tick(&mut self, stop: &mut Stop) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) && stop(self.nodes) {
            return Err(Stopped);
        }
        Ok(())
    }

    /// The support of a winning fugitive-turn entry.
    pub fn f_support(&self, f: u32) -> EdgeSet {
        match &self.tf.entries[f as usize] {
            FEntry::Exits { edge, .. } => EdgeSet::single(self.g.m(), *edge),
            FEntry::Moves { support, .. } => support.clone(),
            _ => unreachable!("the support of a lost position"),
        }
    }

    /// The fugitive to move at `pos`: the index of the fugitive-turn entry (searched if new).
    pub fn f_turn(&mut self, pos: u32, mult: &[u32], stop: &mut Stop) -> Result<u32, Stopped> {
        let (p, key) = self.restrict(pos, mult);
        if let Some(i) = self.tf.get(&key) {
            return Ok(i);
        }
        self.tick(stop)?;
        if !p.has_exit {
            return Ok(self.tf.insert(key, FEntry::Trapped));
        }
        let cm = p.cm;
        let g = &self.g;
        let mut moves: Vec<(u32, u32)> = Vec::new();
        for &(w, e) in g.adj(pos) {
            if cm[e as usize] == 0 {
                continue;
            }
            if g.is_exit[w as usize] {
                return Ok(self.tf.insert(key, FEntry::Exits { to: w, edge: e }));
            }
            moves.push((w, e));
        }
        // the vertex left is removed (step 2)
        let mut after = cm;
        for &(_, e) in g.adj(pos) {
            after[e as usize] = 0;
        }
        // moves next to two exit copies first, then nearest the exits
        let order = |w: u32| {
            let exits: u32 = g
                .adj(w)
                .iter()
                .filter(|&&(x, _)| g.is_exit[x as usize])
                .map(|&(_, e)| after[e as usize])
                .sum();
            (std::cmp::Reverse(exits.min(2)), self.dist[w as usize])
        };
        moves.sort_by_key(|&(w, _)| order(w));
        for (w, e) in moves {
            let r = self.n_turn(w, &after, stop)?;
            if let NEntry::Won { support, .. } = &self.tn.entries[r as usize] {
                let mut support = support.clone();
                support.insert(e);
                let entry = FEntry::Moves {
                    to: w,
                    edge: e,
                    next: r,
                    support,
                };
                return Ok(self.tf.insert(key, entry));
            }
        }
        Ok(self.tf.insert(key, FEntry::Lost))
    }

    /// The fugitive just arrived at `w`, the Nemesis to delete: the index of the Nemesis-turn
    /// entry (searched if new).
    pub fn n_turn(&mut self, w: u32, mult: &[u32], stop: &mut Stop) -> Result<u32, Stopped> {
        let (p, key) = self.restrict(w, mult);
        if let Some(i) = self.tn.get(&key) {
            return Ok(i);
        }
        self.tick(stop)?;
        if !p.has_exit {
            let lost = NEntry::Lost {
                deletion: None,
                trapped: true,
            };
            return Ok(self.tn.insert(key, lost));
        }
        let m = self.g.m();
        let cm = p.cm;
        let exit_edges: Vec<u32> = self
            .g
            .adj(w)
            .iter()
            .filter(|&&(x, e)| self.g.is_exit[x as usize] && cm[e as usize] > 0)
            .map(|&(_, e)| e)
            .collect();
        let n_exit: u32 = exit_edges.iter().map(|&e| cm[e as usize]).sum();
        // step 4: two exit copies at w
        if n_exit >= 2 {
            let e1 = exit_edges[0];
            let second = if cm[e1 as usize] >= 2 {
                e1
            } else {
                exit_edges[1]
            };
            let tried = vec![
                Tried {
                    deletion: None,
                    action: Action::Exit(e1),
                    support: EdgeSet::single(m, e1),
                },
                Tried {
                    deletion: Some(e1),
                    action: Action::Exit(second),
                    support: EdgeSet::single(m, second),
                },
            ];
            return Ok(self.insert_won(key, tried));
        }
        // step 4: a cut bridge
        if let Some(b) = self
            .bridges
            .cut_bridge(&self.g, w, &cm, &p.edges, self.blizzard)
        {
            let lost = NEntry::Lost {
                deletion: Some(b),
                trapped: true,
            };
            return Ok(self.tn.insert(key, lost));
        }
        let mut tried = Vec::new();
        let uncovered: Vec<u32> = if n_exit == 1 {
            // step 5: the one exit copy must go; any other deletion, he steps out
            let ex = exit_edges[0];
            tried.push(Tried {
                deletion: None,
                action: Action::Exit(ex),
                support: EdgeSet::single(m, ex),
            });
            vec![ex]
        } else {
            let cands: Vec<u32> = if self.blizzard {
                self.g
                    .adj(w)
                    .iter()
                    .filter(|&&(_, e)| cm[e as usize] > 0)
                    .map(|&(_, e)| e)
                    .collect()
            } else {
                p.edges.clone()
            };
            self.order_deletions(w, &cm, cands)
        };
        let mut next = cm.clone();
        let mut uncovered: std::collections::VecDeque<u32> = uncovered.into();
        while let Some(c) = uncovered.pop_front() {
            next[c as usize] -= 1;
            let r = self.f_turn(w, &next, stop);
            next[c as usize] += 1;
            let r = r?;
            let entry = &self.tf.entries[r as usize];
            if !entry.wins() {
                let trapped = matches!(entry, FEntry::Trapped);
                let lost = NEntry::Lost {
                    deletion: Some(c),
                    trapped,
                };
                return Ok(self.tn.insert(key, lost));
            }
            // step 6: only deletions in this support still need an answer
            let support = self.f_support(r);
            uncovered.retain(|&d| support.contains(d));
            tried.push(Tried {
                deletion: Some(c),
                action: Action::Fugitive(r),
                support,
            });
        }
        Ok(self.insert_won(key, tried))
    }

    fn insert_won(&mut self, key: Key, tried: Vec<Tried>) -> u32 {
        let mut support = EdgeSet::empty(self.g.m());
        for t in &tried {
            support.union_with(&t.support);
        }
        self.tn.insert(key, NEntry::Won { tried, support })
    }

    /// The Nemesis' move ordering: edges near the fugitive first (breadth-first distance over the
    /// component, exits not walked through), fewer copies first, then nearer the exits.
    fn order_deletions(&self, w: u32, cm: &[u32], mut cands: Vec<u32>) -> Vec<u32> {
        let g = &self.g;
        let big = g.n() as u32 + 5;
        let mut dist = vec![big; g.n()];
        dist[w as usize] = 0;
        let mut frontier = vec![w];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &v in &frontier {
                if g.is_exit[v as usize] {
                    continue;
                }
                for &(x, e) in g.adj(v) {
                    if cm[e as usize] > 0 && dist[x as usize] == big {
                        dist[x as usize] = d;
                        next.push(x);
                    }
                }
            }
            frontier = next;
        }
        cands.sort_by_key(|&e| {
            let (a, b) = g.ends[e as usize];
            let near = dist[a as usize].min(dist[b as usize]);
            let to_exit = self.dist[a as usize].min(self.dist[b as usize]);
            (near, cm[e as usize], to_exit)
        });
        cands
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> impl FnMut(u64) -> bool {
        |_| false
    }

    /// The k x k grid of Fig. 4 (vertex i*k+j, exits after), as in `generator.grid`.
    pub fn grid(k: u32) -> Graph {
        let mut ends = Vec::new();
        let mut exit = k * k;
        for i in 0..k {
            for j in 0..k {
                let v = i * k + j;
                if j + 1 < k {
                    ends.push((v, v + 1));
                }
                if i + 1 < k {
                    ends.push((v, v + k));
                }
                for on in [i == 0, i == k - 1, j == 0, j == k - 1] {
                    if on {
                        ends.push((v, exit));
                        exit += 1;
                    }
                }
            }
        }
        let n = exit as usize;
        let is_exit = (0..n).map(|v| v >= (k * k) as usize).collect();
        let m = ends.len();
        Graph::new(n, ends, vec![1; m], is_exit).unwrap()
    }

    #[test]
    fn the_first_example_is_won_and_a_path_is_lost() {
        // s - a, a - x, a - y: he moves to a, two exits
        let g = Graph::new(
            4,
            vec![(0, 1), (1, 2), (1, 3)],
            vec![1; 3],
            vec![false, false, true, true],
        )
        .unwrap();
        let mut s = Search::new(g, false);
        let mult = s.g.mult.clone();
        let f = s.f_turn(0, &mult, &mut never()).unwrap();
        assert!(s.tf.entries[f as usize].wins());
        // s - a - x: a single path is lost
        let g = Graph::new(
            3,
            vec![(0, 1), (1, 2)],
            vec![1; 2],
            vec![false, false, true],
        )
        .unwrap();
        let mut s = Search::new(g, false);
        let f = s.f_turn(0, &[1, 1], &mut never()).unwrap();
        assert!(!s.tf.entries[f as usize].wins());
    }

    #[test]
    fn the_grid_5x5_centre_is_won_and_7x7_centre_lost() {
        let mut s = Search::new(grid(5), false);
        let mult = s.g.mult.clone();
        let f = s.f_turn(12, &mult, &mut never()).unwrap();
        assert!(s.tf.entries[f as usize].wins());
        let mut s = Search::new(grid(7), false);
        let mult = s.g.mult.clone();
        let f = s.f_turn(24, &mult, &mut never()).unwrap();
        assert!(!s.tf.entries[f as usize].wins());
    }

    #[test]
    fn a_stop_unwinds_and_the_search_resumes() {
        let mut s = Search::new(grid(7), false);
        let mult = s.g.mult.clone();
        assert_eq!(s.f_turn(24, &mult, &mut |_| true), Err(Stopped));
        let f = s.f_turn(24, &mult, &mut never()).unwrap();
        assert!(!s.tf.entries[f as usize].wins());
    }
}
