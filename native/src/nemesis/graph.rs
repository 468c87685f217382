//! The indexed multigraph of Nemesis, Blizzard and Cat Herding: the one graph type of the crate's
//! Nemesis engines, the exact searches and the linear algorithms ([`super::linear`]) alike.
//!
//! Vertices `0..n`, edges `0..m` with their ends and multiplicities, adjacency in compressed
//! sparse rows listing, for each vertex, `(neighbour, edge)` in increasing edge order -- the order
//! of `escapology.nemesis.model.Graph.adj` (edge by edge, both ends) --, and sets of edges as
//! bitsets ([`EdgeSet`]).
//!
//! The two kinds of engine differ only in the width of a multiplicity, the type parameter `M`:
//! the exact searches read every position as `u32` multiplicities (capped to what can matter, and
//! bit-packed in their tables; `Graph` is `Graph<u32>`), the linear algorithms keep a file's
//! multiplicities as `u64` and the vertex names beside the graph
//! ([`Instance`](super::linear::Instance)). The adjacency, the checks and the queries are shared.

/// A multigraph with exits (Nemesis, Blizzard) or without (Cat Herding), multiplicities of type
/// `M`.
///
/// Invariant: `mult` and `ends` have one entry per edge, `is_exit` one per vertex; no edge is a
/// self-loop; `adj(v)` lists `(neighbour, edge)` for every edge at `v`, in increasing edge order.
#[derive(Clone, Debug)]
pub struct Graph<M = u32> {
    /// The ends of every edge.
    pub ends: Vec<(u32, u32)>,
    /// Every edge's multiplicity in the initial position.
    pub mult: Vec<M>,
    /// Whether each vertex is an exit.
    pub is_exit: Vec<bool>,
    /// Where each vertex's entries start in `adjacent` (and, at `n`, where they end).
    offsets: Vec<u32>,
    /// `(neighbour, edge)` for every edge at each vertex, vertex by vertex.
    adjacent: Vec<(u32, u32)>,
}

impl<M> Graph<M> {
    /// The graph on `n` vertices; checks the ends (no self-loop, in range) and the sizes.
    pub fn new(
        n: usize,
        ends: Vec<(u32, u32)>,
        mult: Vec<M>,
        is_exit: Vec<bool>,
    ) -> Result<Self, String> {
        if ends.len() != mult.len() {
            return Err("ends and mult have different lengths".into());
        }
        if is_exit.len() != n {
            return Err("is_exit must have one flag per vertex".into());
        }
        // the adjacency holds each edge twice, indexed by u32
        if n >= u32::MAX as usize || 2 * ends.len() >= u32::MAX as usize {
            return Err("the graph is too large".into());
        }
        let mut offsets = vec![0u32; n + 1];
        for (e, &(a, b)) in ends.iter().enumerate() {
            if a as usize >= n || b as usize >= n || a == b {
                return Err(format!(
                    "edge {e} has ends {a}, {b}: not two vertices of the graph"
                ));
            }
            offsets[a as usize + 1] += 1;
            offsets[b as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut adjacent = vec![(0u32, 0u32); 2 * ends.len()];
        for (e, &(a, b)) in ends.iter().enumerate() {
            adjacent[fill[a as usize] as usize] = (b, e as u32);
            fill[a as usize] += 1;
            adjacent[fill[b as usize] as usize] = (a, e as u32);
            fill[b as usize] += 1;
        }
        Ok(Graph {
            ends,
            mult,
            is_exit,
            offsets,
            adjacent,
        })
    }

    /// The number of vertices.
    pub fn n(&self) -> usize {
        self.is_exit.len()
    }

    /// The number of edges.
    pub fn m(&self) -> usize {
        self.ends.len()
    }

    /// `(neighbour, edge)` pairs of `v`, in increasing edge order.
    #[inline]
    pub fn adj(&self, v: u32) -> &[(u32, u32)] {
        &self.adjacent[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// Whether `v` is an exit.
    #[inline]
    pub fn exit(&self, v: u32) -> bool {
        self.is_exit[v as usize]
    }

    /// The edge between `u` and `v` (at most one: parallel edges are one edge with a multiplicity).
    pub fn edge(&self, u: u32, v: u32) -> Option<u32> {
        self.adj(u).iter().find(|&&(w, _)| w == v).map(|&(_, e)| e)
    }

    /// Breadth-first distance of every vertex to its nearest exit (`n + 1` when none is
    /// reachable), over the edges of the initial graph.
    pub fn distances_to_exits(&self) -> Vec<u32> {
        let n = self.n();
        let big = n as u32 + 1;
        let mut dist = vec![big; n];
        let mut frontier: Vec<u32> = (0..n as u32)
            .filter(|&v| self.is_exit[v as usize])
            .collect();
        for &v in &frontier {
            dist[v as usize] = 0;
        }
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &u in &frontier {
                for &(w, _) in self.adj(u) {
                    if dist[w as usize] == big {
                        dist[w as usize] = d;
                        next.push(w);
                    }
                }
            }
            frontier = next;
        }
        dist
    }
}

impl<M: Copy + Into<u64>> Graph<M> {
    /// Degree of `v`, edge copies counted.
    pub fn degree(&self, v: u32) -> u64 {
        self.adj(v)
            .iter()
            .map(|&(_, e)| self.mult[e as usize].into())
            .sum()
    }
}

/// A set of edges (a strategy's support) as a bitset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EdgeSet(Box<[u64]>);

impl EdgeSet {
    /// The empty set over `m` edges.
    pub fn empty(m: usize) -> Self {
        EdgeSet(vec![0; m.div_ceil(64)].into_boxed_slice())
    }

    /// The set `{e}` over `m` edges.
    pub fn single(m: usize, e: u32) -> Self {
        let mut s = Self::empty(m);
        s.insert(e);
        s
    }

    pub fn insert(&mut self, e: u32) {
        self.0[e as usize / 64] |= 1 << (e % 64);
    }

    pub fn contains(&self, e: u32) -> bool {
        self.0[e as usize / 64] >> (e % 64) & 1 == 1
    }

    /// `self ∪= other`.
    pub fn union_with(&mut self, other: &EdgeSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }

    /// The edges in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(i as u32 * 64 + b)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_follows_the_edge_order_and_distances_count_edges() {
        // s - a - x, a - y (x, y exits)
        let g: Graph = Graph::new(
            4,
            vec![(0, 1), (1, 2), (1, 3)],
            vec![1, 1, 2],
            vec![false, false, true, true],
        )
        .unwrap();
        assert_eq!(g.adj(1), [(0, 0), (2, 1), (3, 2)]);
        assert_eq!(g.degree(1), 4);
        assert_eq!(g.edge(3, 1), Some(2));
        assert!(g.exit(2) && !g.exit(1));
        assert_eq!(g.distances_to_exits(), vec![2, 1, 0, 0]);
        assert!(Graph::new(2, vec![(0, 0)], vec![1], vec![false, false]).is_err());
    }

    #[test]
    fn edge_sets_iterate_in_order() {
        let mut s = EdgeSet::single(130, 129);
        s.insert(3);
        s.insert(64);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64, 129]);
        assert!(s.contains(64) && !s.contains(65));
    }
}
