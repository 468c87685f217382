//! Soundness step 3 (§3.1 of the paper): the restriction of a position to what can matter.
//!
//! *Paths only matter up to their first exit*, so exits are terminals (never walked through) and
//! a component holding no fugitive is dropped. *A non-exit vertex `w ≠ u` of degree ≤ 2*
//! (multiplicities counted) is pruned, repeatedly: entering `w` uses one of its edge copies, and
//! since the vertex left behind is removed (no revisits, step 2) at most one copy leads on, which
//! the Nemesis deletes, stranding the fugitive; so no winning strategy enters `w` and removing it
//! changes no outcome (in Blizzard too: that copy is incident with `w`, where he stands).
//! *Unbreakable edges*: without revisits the fugitive enters at most `r - 1` more non-exit
//! vertices (`r` the non-exit vertices of his component, his own included), so at most `r`
//! deletions remain and an edge with more than `r` copies can never be cut: multiplicities are
//! capped to `r + 1`, which makes more positions equal in the tables.

use super::graph::Graph;

/// A position restricted to the fugitive's pruned component.
#[derive(Clone, Debug)]
pub struct Pruned {
    /// The canonical multiplicities: capped, zero outside the component.
    pub cm: Vec<u32>,
    /// The component's edges (those with `cm > 0`).
    pub edges: Vec<u32>,
    /// Whether an exit is left in the component.
    pub has_exit: bool,
    /// The cap the multiplicities were given (`1 +` the component's non-exit vertices).
    pub cap: u32,
}

/// Scratch space for [`Simplifier::prune`], reused between calls (marks by generation stamps).
#[derive(Clone, Debug, Default)]
pub struct Simplifier {
    stamp: u32,
    seen: Vec<u32>,
    removed: Vec<u32>,
    comp: Vec<u32>,
    deg: Vec<u64>,
    stack: Vec<u32>,
    inner: Vec<u32>,
    queue: Vec<u32>,
}

impl Simplifier {
    pub fn new(n: usize) -> Self {
        Simplifier {
            stamp: 0,
            seen: vec![0; n],
            removed: vec![0; n],
            comp: vec![0; n],
            deg: vec![0; n],
            ..Default::default()
        }
    }

    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.stamp = 0;
            self.seen.fill(0);
            self.removed.fill(0);
            self.comp.fill(0);
        }
        self.stamp += 1;
        self.stamp
    }

    /// The pruned component of `pos` under `mult` (see the module documentation).
    pub fn prune(&mut self, g: &Graph, mult: &[u32], pos: u32) -> Pruned {
        let s = self.next_stamp();
        // the component through non-exit vertices (exits are terminals), with degrees
        self.stack.clear();
        self.inner.clear();
        self.seen[pos as usize] = s;
        self.stack.push(pos);
        let mut has_exit = false;
        while let Some(v) = self.stack.pop() {
            if g.is_exit[v as usize] {
                has_exit = true;
                continue;
            }
            self.inner.push(v);
            let mut d = 0u64;
            for &(w, e) in g.adj(v) {
                let k = mult[e as usize];
                if k > 0 {
                    d += k as u64;
                    if self.seen[w as usize] != s {
                        self.seen[w as usize] = s;
                        self.stack.push(w);
                    }
                }
            }
            self.deg[v as usize] = d;
        }
        // prune non-exit vertices of degree <= 2 (other than pos), repeatedly
        self.queue.clear();
        for &v in &self.inner {
            if v != pos && self.deg[v as usize] <= 2 {
                self.queue.push(v);
            }
        }
        let pruned = !self.queue.is_empty();
        if pruned {
            while let Some(v) = self.queue.pop() {
                if self.removed[v as usize] == s {
                    continue;
                }
                self.removed[v as usize] = s;
                for &(w, e) in g.adj(v) {
                    let k = mult[e as usize];
                    let wi = w as usize;
                    if k > 0 && self.seen[wi] == s && !g.is_exit[wi] && self.removed[wi] != s {
                        self.deg[wi] -= k as u64;
                        if self.deg[wi] <= 2 && w != pos {
                            self.queue.push(w);
                        }
                    }
                }
            }
            // the component after pruning
            self.inner.clear();
            has_exit = false;
            self.comp[pos as usize] = s;
            self.stack.push(pos);
            while let Some(v) = self.stack.pop() {
                if g.is_exit[v as usize] {
                    has_exit = true;
                    continue;
                }
                self.inner.push(v);
                for &(w, e) in g.adj(v) {
                    let wi = w as usize;
                    if mult[e as usize] > 0 && self.removed[wi] != s && self.comp[wi] != s {
                        self.comp[wi] = s;
                        self.stack.push(w);
                    }
                }
            }
        }
        let in_comp = |w: usize, me: &Self| {
            if pruned {
                me.comp[w] == s
            } else {
                me.seen[w] == s
            }
        };
        // unbreakable edges: at most (non-exit vertices - 1) deletions remain
        let cap = 1 + self.inner.len() as u32;
        let mut cm = vec![0u32; mult.len()];
        let mut edges = Vec::new();
        for &v in &self.inner {
            for &(w, e) in g.adj(v) {
                let k = mult[e as usize];
                if k > 0 && cm[e as usize] == 0 && in_comp(w as usize, self) {
                    cm[e as usize] = k.min(cap);
                    edges.push(e);
                }
            }
        }
        Pruned {
            cm,
            edges,
            has_exit,
            cap,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_end_and_a_path_are_pruned_and_copies_are_capped() {
        // 0 - 1 - x(2); 0 - 3 - 4 (dead end); 0 = 5 (x3 copies) - x(6), 5 - x(6) via edge 6
        let g = Graph::new(
            7,
            vec![(0, 1), (1, 2), (0, 3), (3, 4), (0, 5), (5, 6)],
            vec![1, 1, 1, 1, 9, 1],
            vec![false, false, true, false, false, false, true],
        )
        .unwrap();
        let mut s = Simplifier::new(7);
        let p = s.prune(&g, &g.mult, 0);
        assert!(p.has_exit);
        // 1 has degree 2: pruned; 3, 4 pruned; 5 has degree 10: stays; cap = 1 + |{0, 5}| = 3
        assert_eq!(p.cm, vec![0, 0, 0, 0, 3, 1]);
        let mut cut = g.mult.clone();
        cut[5] = 0;
        assert!(!s.prune(&g, &cut, 0).has_exit);
    }
}
