//! The indexed multigraph of Nemesis in compressed form (the same numbering as Python's
//! `escapology.nemesis.model.Graph`): vertices `0..n` in the order of their names, edges `0..m`
//! with their ends and multiplicity, adjacency in compressed sparse rows listing, for each vertex,
//! `(neighbour, edge)` in increasing edge order — the order of `Graph.adj`.

/// A Nemesis multigraph with exits and a start.
#[derive(Debug, Clone)]
pub struct Graph {
    pub names: Vec<String>,
    /// The ends of each edge, in the order of `Instance.key` (the smaller name first).
    pub ends: Vec<(u32, u32)>,
    pub mult: Vec<u64>,
    pub is_exit: Vec<bool>,
    pub start: Option<u32>,
    offsets: Vec<u32>,
    adjacent: Vec<(u32, u32)>,
}

impl Graph {
    /// Build from the parts; `ends` index `names`, every multiplicity is at least 1.
    pub fn new(
        names: Vec<String>,
        ends: Vec<(u32, u32)>,
        mult: Vec<u64>,
        is_exit: Vec<bool>,
        start: Option<u32>,
    ) -> Graph {
        let n = names.len();
        let mut offsets = vec![0u32; n + 1];
        for &(a, b) in &ends {
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
        Graph {
            names,
            ends,
            mult,
            is_exit,
            start,
            offsets,
            adjacent,
        }
    }

    pub fn n(&self) -> usize {
        self.names.len()
    }

    /// `(neighbour, edge)` pairs of `v`, in increasing edge order.
    pub fn adj(&self, v: u32) -> &[(u32, u32)] {
        &self.adjacent[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    pub fn exit(&self, v: u32) -> bool {
        self.is_exit[v as usize]
    }

    /// Degree of `v`, edge copies counted.
    pub fn degree(&self, v: u32) -> u64 {
        self.adj(v)
            .iter()
            .map(|&(_, e)| self.mult[e as usize])
            .sum()
    }

    /// The edge between `u` and `v` (at most one: parallel edges are one edge with a multiplicity).
    pub fn edge(&self, u: u32, v: u32) -> Option<u32> {
        self.adj(u).iter().find(|&&(w, _)| w == v).map(|&(_, e)| e)
    }
}
