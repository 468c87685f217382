//! Soundness step 4, the Nemesis' immediate win: a *single-copy bridge* separating the fugitive
//! from every exit. Deleting it leaves his component without an exit, and no later move of his
//! can cross a deleted edge, so he has lost (for Blizzard the bridge must be incident with his
//! vertex, the only edges she may delete).
//!
//! Exits are merged into one sink; a depth-first search from the fugitive's vertex finds the
//! bridges `(p, c)` of its tree whose lower side holds the sink (Tarjan's low-link: `low(c) >
//! disc(p)`), parallel copies being distinct edges so that a multi-edge is never a bridge.

use super::graph::Graph;

/// Scratch space for [`BridgeFinder::cut_bridge`].
#[derive(Clone, Debug, Default)]
pub struct BridgeFinder {
    stamp: u32,
    mark: Vec<u32>,
    disc: Vec<u32>,
    low: Vec<u32>,
    has_sink: Vec<bool>,
    sink_edges: Vec<(u32, u32)>,
    stack: Vec<(u32, u32, u32)>,
}

impl BridgeFinder {
    pub fn new(n: usize) -> Self {
        BridgeFinder {
            mark: vec![0; n + 1],
            disc: vec![0; n + 1],
            low: vec![0; n + 1],
            has_sink: vec![false; n + 1],
            ..Default::default()
        }
    }

    /// The first single-copy edge (in the search's post-order) whose deletion separates `w` from
    /// every exit, over the component's edges `edges` with multiplicities `cm`; `blizzard` keeps
    /// only edges incident with `w`.
    pub fn cut_bridge(
        &mut self,
        g: &Graph,
        w: u32,
        cm: &[u32],
        edges: &[u32],
        blizzard: bool,
    ) -> Option<u32> {
        let n = g.n() as u32;
        let sink = n;
        self.sink_edges.clear();
        for &e in edges {
            let (a, b) = g.ends[e as usize];
            match (g.is_exit[a as usize], g.is_exit[b as usize]) {
                (true, false) => self.sink_edges.push((b, e)),
                (false, true) => self.sink_edges.push((a, e)),
                _ => {}
            }
        }
        if self.sink_edges.is_empty() {
            return None;
        }
        if self.stamp == u32::MAX {
            self.stamp = 0;
            self.mark.fill(0);
        }
        self.stamp += 1;
        let s = self.stamp;
        let here = |v: u32| if g.is_exit[v as usize] { sink } else { v };
        // the i-th neighbour of v in the merged graph: (vertex, edge)
        let neighbour = |me: &Self, v: u32, i: u32| -> Option<(u32, u32)> {
            if v == sink {
                return me.sink_edges.get(i as usize).copied();
            }
            g.adj(v).get(i as usize).copied()
        };
        let mut counter = 1u32;
        self.mark[w as usize] = s;
        self.disc[w as usize] = 0;
        self.low[w as usize] = 0;
        self.has_sink[w as usize] = false;
        self.stack.clear();
        self.stack.push((w, u32::MAX, 0));
        let mut found = None;
        while let Some(&(v, pe, i)) = self.stack.last() {
            let top = self.stack.len() - 1;
            match neighbour(self, v, i) {
                Some((x, e)) => {
                    self.stack[top].2 += 1;
                    if e == pe || cm[e as usize] == 0 {
                        continue;
                    }
                    let x = here(x);
                    let xi = x as usize;
                    if self.mark[xi] != s {
                        self.mark[xi] = s;
                        self.disc[xi] = counter;
                        self.low[xi] = counter;
                        counter += 1;
                        self.has_sink[xi] = x == sink;
                        self.stack.push((x, e, 0));
                    } else {
                        self.low[v as usize] = self.low[v as usize].min(self.disc[xi]);
                    }
                }
                None => {
                    self.stack.pop();
                    if let Some(&(p, _, _)) = self.stack.last() {
                        let (pi, vi) = (p as usize, v as usize);
                        self.low[pi] = self.low[pi].min(self.low[vi]);
                        if self.has_sink[vi] {
                            self.has_sink[pi] = true;
                            if found.is_none()
                                && self.low[vi] > self.disc[pi]
                                && cm[pe as usize] == 1
                            {
                                let (a, b) = g.ends[pe as usize];
                                if !blizzard || a == w || b == w {
                                    found = Some(pe);
                                }
                            }
                        }
                    }
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_bridge_to_the_exits_but_not_a_double_edge() {
        // 0 - 1 - 2, 1 - x(3), 2 - x(3) is a cycle; 0 - 1 is a bridge with the exits beyond
        let g = Graph::new(
            4,
            vec![(0, 1), (1, 2), (1, 3), (2, 3)],
            vec![1, 1, 1, 1],
            vec![false, false, false, true],
        )
        .unwrap();
        let mut b = BridgeFinder::new(4);
        assert_eq!(b.cut_bridge(&g, 0, &g.mult, &[0, 1, 2, 3], false), Some(0));
        let two = vec![2, 1, 1, 1];
        assert_eq!(b.cut_bridge(&g, 0, &two, &[0, 1, 2, 3], false), None);
        // Blizzard from 1: the bridge 0-1 does not separate 1 from the exits; none incident
        assert_eq!(b.cut_bridge(&g, 1, &g.mult, &[1, 2, 3], true), None);
    }
}
