//! Cat Herding's exact value by memoised minimax, the same as `escapology.nemesis.engines.cat.CatSearch`
//! (Ashmore, Dyer, Marbach, Milley; the Nemesis paper's Corollary 6 for cat speed 1).
//!
//! No exits. Each round the herder deletes one edge copy, then the cat moves; the value is the
//! number of deletions until the cat sits on an isolated vertex (the cat maximises, the herder
//! minimises). With cat speed 1 the cat moves along one edge; unbounded, to any other vertex of
//! its component. It must move when it can.
//!
//! *Sound pruning.* The herder only deletes edges of the cat's component: a deletion elsewhere
//! costs one and changes nothing the cat can use, so by monotonicity it is never better. Hence a
//! position's value depends only on the cat's vertex and its component's multiplicities, which
//! is the table's key.
//!
//! *Cutoffs.* The herder has a deletion worth `b` already; another deletion matters only if the
//! cat's best reply after it is worth less than `b - 1`, so the cat's turn stops as soon as one
//! move reaches `b - 1` (its value is then at least that, and that deletion is no better). Only the
//! herder's values, always exact, go into the table.

use super::graph::Graph;
use super::search::Stop;
use super::table::{FastMap, Key, Packer};
use super::{Stopped, POLL_EVERY};

/// The cat's component: its multiplicities (zero elsewhere), edges (increasing) and vertices.
struct Component {
    cm: Vec<u32>,
    edges: Vec<u32>,
    vertices: Vec<u32>,
}

/// Memoised minimax over one graph; the table is shared between start vertices.
pub struct CatSearch {
    pub g: Graph,
    pub speed_one: bool,
    packer: Packer,
    table: FastMap<Key, u64>,
    seen: Vec<u32>,
    stamp: u32,
    /// Positions searched (table misses).
    pub nodes: u64,
}

impl CatSearch {
    /// `speed_one`: the cat moves along one edge (else to any vertex of its component).
    pub fn new(g: Graph, speed_one: bool) -> Self {
        let max = g.mult.iter().copied().max().unwrap_or(1);
        CatSearch {
            packer: Packer::new(g.m(), max),
            table: FastMap::default(),
            seen: vec![0; g.n()],
            stamp: 0,
            nodes: 0,
            speed_one,
            g,
        }
    }

    /// Positions in the table.
    pub fn positions(&self) -> usize {
        self.table.len()
    }

    fn component(&mut self, pos: u32, mult: &[u32]) -> Component {
        if self.stamp == u32::MAX {
            self.stamp = 0;
            self.seen.fill(0);
        }
        self.stamp += 1;
        let s = self.stamp;
        let mut cm = vec![0u32; mult.len()];
        let mut edges = Vec::new();
        let mut vertices = vec![pos];
        self.seen[pos as usize] = s;
        let mut i = 0;
        while i < vertices.len() {
            let v = vertices[i];
            i += 1;
            for &(w, e) in self.g.adj(v) {
                let k = mult[e as usize];
                if k > 0 {
                    if cm[e as usize] == 0 {
                        cm[e as usize] = k;
                        edges.push(e);
                    }
                    if self.seen[w as usize] != s {
                        self.seen[w as usize] = s;
                        vertices.push(w);
                    }
                }
            }
        }
        edges.sort_unstable();
        vertices.sort_unstable();
        Component {
            cm,
            edges,
            vertices,
        }
    }

    /// The vertices of the cat's component at `pos` (increasing, `pos` included).
    pub fn component_vertices(&mut self, pos: u32, mult: &[u32]) -> Vec<u32> {
        self.component(pos, mult).vertices
    }

    /// Where the cat may move from `pos` (increasing).
    fn targets(&mut self, pos: u32, mult: &[u32]) -> Vec<u32> {
        if self.speed_one {
            let mut t: Vec<u32> = self
                .g
                .adj(pos)
                .iter()
                .filter(|&&(_, e)| mult[e as usize] > 0)
                .map(|&(w, _)| w)
                .collect();
            t.sort_unstable();
            t.dedup();
            t
        } else {
            let mut t = self.component(pos, mult).vertices;
            t.retain(|&w| w != pos);
            t
        }
    }

    /// Deletions still to come, the herder to move, the cat at `pos`.
    pub fn herder_turn(&mut self, pos: u32, mult: &[u32], stop: &mut Stop) -> Result<u64, Stopped> {
        let c = self.component(pos, mult);
        let key = self.packer.key(pos, &c.cm);
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) && stop(self.nodes) {
            return Err(Stopped);
        }
        let mut best: Option<u64> = None;
        let mut next = c.cm;
        // the edges at the cat first: they tend to be the best, and make the cutoffs bite
        let mut order = c.edges;
        order.sort_by_key(|&e| {
            let (a, b) = self.g.ends[e as usize];
            a != pos && b != pos
        });
        for &e in &order {
            next[e as usize] -= 1;
            let enough = best.map_or(u64::MAX, |b| b - 1);
            let v = self.cat_reply(pos, &next, enough, stop);
            next[e as usize] += 1;
            let v = 1 + v?;
            if best.is_none_or(|b| v < b) {
                best = Some(v);
                if v == 1 {
                    break; // no deletion gives fewer than one
                }
            }
        }
        let v = best.unwrap_or(0);
        self.table.insert(key, v);
        Ok(v)
    }

    /// Deletions still to come, the cat to move at `pos`.
    pub fn cat_turn(&mut self, pos: u32, mult: &[u32], stop: &mut Stop) -> Result<u64, Stopped> {
        self.cat_reply(pos, mult, u64::MAX, stop)
    }

    /// The cat's best move, or the first worth at least `enough` (see *Cutoffs*).
    fn cat_reply(
        &mut self,
        pos: u32,
        mult: &[u32],
        enough: u64,
        stop: &mut Stop,
    ) -> Result<u64, Stopped> {
        let mut best = 0;
        for w in self.targets(pos, mult) {
            best = best.max(self.herder_turn(w, mult, stop)?);
            if best >= enough {
                break;
            }
        }
        Ok(best)
    }

    /// An optimal deletion for the herder (the first in edge order; None when the cat is isolated).
    pub fn best_deletion(
        &mut self,
        pos: u32,
        mult: &[u32],
        stop: &mut Stop,
    ) -> Result<Option<u32>, Stopped> {
        let target = self.herder_turn(pos, mult, stop)?;
        let c = self.component(pos, mult);
        let mut next = c.cm;
        for &e in &c.edges {
            next[e as usize] -= 1;
            let v = self.cat_turn(pos, &next, stop);
            next[e as usize] += 1;
            if 1 + v? == target {
                return Ok(Some(e));
            }
        }
        Ok(None)
    }

    /// An optimal move for the cat (the first in vertex order; None when it cannot move).
    pub fn best_move(
        &mut self,
        pos: u32,
        mult: &[u32],
        stop: &mut Stop,
    ) -> Result<Option<u32>, Stopped> {
        let mut best: Option<(u64, u32)> = None;
        for w in self.targets(pos, mult) {
            let v = self.herder_turn(w, mult, stop)?;
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, w));
            }
        }
        Ok(best.map(|(_, w)| w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triangle_takes_two_deletions_at_either_speed() {
        let g = Graph::new(3, vec![(0, 1), (1, 2), (2, 0)], vec![1; 3], vec![false; 3]).unwrap();
        for speed_one in [false, true] {
            let mut c = CatSearch::new(g.clone(), speed_one);
            assert_eq!(c.herder_turn(0, &[1, 1, 1], &mut |_| false), Ok(2));
        }
        // a path, the cat at an end: its one edge goes first
        let p = Graph::new(4, vec![(0, 1), (1, 2), (2, 3)], vec![1; 3], vec![false; 4]).unwrap();
        let mut c = CatSearch::new(p, false);
        assert_eq!(c.herder_turn(0, &[1, 1, 1], &mut |_| false), Ok(1));
        assert_eq!(c.best_deletion(0, &[1, 1, 1], &mut |_| false), Ok(Some(0)));
    }
}
