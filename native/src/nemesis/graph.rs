//! The indexed multigraph: vertices `0..n`, edges `0..m` with their ends and multiplicities,
//! adjacency lists of `(neighbour, edge)` in the order of `escapology.nemesis.model.Graph`
//! (edge by edge, both ends), and sets of edges as bitsets.

/// A multigraph with exits (Nemesis, Blizzard) or without (Cat Herding).
#[derive(Clone, Debug)]
pub struct Graph {
    /// The ends of every edge.
    pub ends: Vec<(u32, u32)>,
    /// Every edge's multiplicity in the initial position.
    pub mult: Vec<u32>,
    /// Whether each vertex is an exit.
    pub is_exit: Vec<bool>,
    /// `(neighbour, edge)` for every edge at each vertex.
    pub adj: Vec<Vec<(u32, u32)>>,
}

impl Graph {
    /// The graph on `n` vertices; checks the ends (no self-loop, in range) and the sizes.
    pub fn new(
        n: usize,
        ends: Vec<(u32, u32)>,
        mult: Vec<u32>,
        is_exit: Vec<bool>,
    ) -> Result<Self, String> {
        if ends.len() != mult.len() {
            return Err("ends and mult have different lengths".into());
        }
        if is_exit.len() != n {
            return Err("is_exit must have one flag per vertex".into());
        }
        if n >= u32::MAX as usize || ends.len() >= u32::MAX as usize {
            return Err("the graph is too large".into());
        }
        let mut adj = vec![Vec::new(); n];
        for (e, &(a, b)) in ends.iter().enumerate() {
            if a as usize >= n || b as usize >= n || a == b {
                return Err(format!(
                    "edge {e} has ends {a}, {b}: not two vertices of the graph"
                ));
            }
            adj[a as usize].push((b, e as u32));
            adj[b as usize].push((a, e as u32));
        }
        Ok(Graph {
            ends,
            mult,
            is_exit,
            adj,
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
                for &(w, _) in &self.adj[u as usize] {
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
        let g = Graph::new(
            4,
            vec![(0, 1), (1, 2), (1, 3)],
            vec![1, 1, 2],
            vec![false, false, true, true],
        )
        .unwrap();
        assert_eq!(g.adj[1], vec![(0, 0), (2, 1), (3, 2)]);
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
