//! Maximum degree 3 (Lemma 12 / Theorem 1): `subcubic_winner`, `_escape_component` and
//! `subcubic_strategy` of `escapology.nemesis.engines.linear`, step for step.

use super::document::Finished;
use super::tree::{escape_tree_strategy, Kids, NotApplicable};
use super::Instance;

const NONE: u32 = u32::MAX;

/// The winner from `s` and, when the fugitive wins, the binary escape tree as vertex pairs (the
/// first pair leaves the start; empty when the start is an exit).
pub fn subcubic_winner(g: &Instance, s: u32) -> Result<Option<Vec<(u32, u32)>>, NotApplicable> {
    for v in 0..g.n() as u32 {
        if !g.exit(v) && g.degree(v) > 3 {
            return Err(NotApplicable("a vertex has degree above 3"));
        }
    }
    if g.exit(s) {
        return Ok(Some(Vec::new()));
    }
    if let Some(&(u, _)) = g.adj(s).iter().find(|&&(u, _)| g.exit(u)) {
        return Ok(Some(vec![(s, u)]));
    }
    for &(u, _) in g.adj(s) {
        if let Some(tree) = escape_component(g, s, u) {
            let mut pairs = vec![(s, u)];
            pairs.extend(tree.iter().map(|&e| g.ends[e as usize]));
            return Ok(Some(pairs));
        }
    }
    Ok(None)
}

/// After `s -> u`: the edges of the pruned component of `u` if it is a binary escape tree.
fn escape_component(g: &Instance, s: u32, u: u32) -> Option<Vec<u32>> {
    let n = g.n();
    let mut in_comp = vec![false; n];
    let mut comp = vec![u];
    in_comp[u as usize] = true;
    let mut i = 0;
    while i < comp.len() {
        let v = comp[i];
        i += 1;
        for &(w, _) in g.adj(v) {
            if w != s && !g.exit(w) && !in_comp[w as usize] {
                in_comp[w as usize] = true;
                comp.push(w);
            }
        }
    }
    let mut deg = vec![0u64; n];
    for &v in &comp {
        deg[v as usize] = g
            .adj(v)
            .iter()
            .filter(|&&(w, _)| w != s)
            .map(|&(_, e)| g.mult[e as usize])
            .sum();
    }
    let mut removed = vec![false; n];
    removed[s as usize] = true;
    let mut queue: Vec<u32> = comp
        .iter()
        .copied()
        .filter(|&v| v != u && deg[v as usize] <= 2)
        .collect();
    while let Some(v) = queue.pop() {
        if removed[v as usize] {
            continue;
        }
        removed[v as usize] = true;
        for &(w, e) in g.adj(v) {
            if in_comp[w as usize] && !removed[w as usize] {
                deg[w as usize] -= g.mult[e as usize];
                if deg[w as usize] <= 2 && w != u {
                    queue.push(w);
                }
            }
        }
    }
    if deg[u as usize] < 2 {
        return None;
    }
    let mut in_tree = vec![false; n];
    in_tree[u as usize] = true;
    let mut size = 1u64;
    let mut stack = vec![u];
    let mut edges = Vec::new();
    let mut internal = 0u64;
    while let Some(v) = stack.pop() {
        for &(w, e) in g.adj(v) {
            if removed[w as usize] {
                continue;
            }
            if g.exit(w) {
                edges.push(e);
                continue;
            }
            if !in_tree[w as usize] {
                in_tree[w as usize] = true;
                size += 1;
                stack.push(w);
            }
            if v < w {
                internal += g.mult[e as usize];
                edges.push(e);
            }
        }
    }
    (internal == size - 1).then_some(edges)
}

/// The fugitive's strategy (Lemma 11) along the escape tree `pairs` that [`subcubic_winner`] gave.
pub fn subcubic_strategy(g: &Instance, s: u32, pairs: &[(u32, u32)]) -> Finished {
    let n = g.n();
    if pairs.is_empty() {
        let mut doc = super::document::Document::new(g, true);
        let root = doc.leaf(s);
        return doc.finish(root);
    }
    let u = pairs[0].1;
    // the tree's adjacency, each list in the order of the pairs (compressed rows)
    let mut at = vec![0u32; n + 1];
    for &(a, b) in &pairs[1..] {
        at[a as usize + 1] += 1;
        at[b as usize + 1] += 1;
    }
    for v in 0..n {
        at[v + 1] += at[v];
    }
    let mut fill = at[..n].to_vec();
    let mut nbrs = vec![0u32; 2 * (pairs.len() - 1)];
    for &(a, b) in &pairs[1..] {
        nbrs[fill[a as usize] as usize] = b;
        fill[a as usize] += 1;
        nbrs[fill[b as usize] as usize] = a;
        fill[b as usize] += 1;
    }
    let mut kids: Kids = vec![[(NONE, NONE); 2]; n];
    let mut seen = vec![false; n];
    seen[u as usize] = true;
    let mut stack = vec![u];
    while let Some(v) = stack.pop() {
        let mut list: Vec<(u32, u32)> = Vec::with_capacity(2);
        for &w in &nbrs[at[v as usize] as usize..at[v as usize + 1] as usize] {
            let e = g.edge(v, w).expect("a tree edge is an edge of the graph");
            if g.exit(w) {
                for _ in 0..g.mult[e as usize].min(2) {
                    list.push((w, e));
                }
            } else if !seen[w as usize] {
                seen[w as usize] = true;
                list.push((w, e));
                stack.push(w);
            }
        }
        if g.exit(v) {
            continue;
        }
        assert!(
            list.len() == 2,
            "an inner vertex of a binary escape tree has two children"
        );
        kids[v as usize] = [list[0], list[1]];
    }
    escape_tree_strategy(g, s, u, &kids)
}
