//! Block classes: the symmetry of whole blocks of vertices.
//!
//! Lemma 14's fuses become matchings `u_i - v_i` between the copies of their ends, whose copies are then not twins (each has its own partner); what is symmetric is the
//! exchange of whole *blocks* `{u_i, v_i}`. A *block class* is a family of `N ≥ 2` disjoint blocks
//! `B_1..B_N` of `s` non-exit vertices each, `B_i = (b_i^1..b_i^s)`, such that for `i ≠ j` the
//! exchange `b_i^t <-> b_j^t` (every `t`) is an automorphism, and **no edge joins two blocks of a
//! class**. Twin classes are the case `s = 1` (kept apart). `find_blocks` looks for them among
//! the non-exit vertices whose twin classes are single: the components (of 2 to [`MAX_BLOCK`]
//! vertices) of the graph these vertices induce, each ordered by its vertices' *external
//! signatures* (the sorted `(neighbour, multiplicity)` outside the component, so outside the
//! induced graph), which must be pairwise distinct; components of equal signature tuples and equal
//! internal edges (in that order, with multiplicities) form a class. Then `b_i^t` and `b_j^t` have
//! the same neighbours outside `B_i ∪ B_j` with the same multiplicities, and corresponding internal
//! edges: the exchange is an automorphism, and it is checked besides for the first block against
//! each other (these transpositions generate all permutations of the blocks). Blocks are
//! different components of the induced graph, so no edge joins two of them. Block classes are
//! disjoint from each other and from the twin classes of two vertices or more (their vertices are
//! in one-vertex twin classes, and each in one component). [`super::symmetry`] searches up to the
//! product of the twin classes' and the block classes' symmetric groups (proofs there).

use std::collections::HashMap;

use super::graph::Graph;

/// The most vertices of a block (larger components are not tried as blocks).
pub const MAX_BLOCK: usize = 8;

/// A block class: `blocks[i][t]` is `b_i^t` (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockClass {
    pub blocks: Vec<Vec<u32>>,
}

/// Per vertex, its `(neighbour, edge)` pairs by increasing neighbour (what `mult_between` and
/// the symmetry's edge lookups search).
pub fn sorted_adjacency(g: &Graph) -> Vec<Vec<(u32, u32)>> {
    (0..g.n() as u32)
        .map(|v| {
            let mut a = g.adj(v).to_vec();
            a.sort_unstable();
            a
        })
        .collect()
}

/// The multiplicity of the edge `u - v` (0: none), from the sorted adjacency.
pub(super) fn mult_between(g: &Graph, by_nbr: &[Vec<(u32, u32)>], u: u32, v: u32) -> u32 {
    let a = &by_nbr[u as usize];
    a.binary_search_by_key(&v, |&(w, _)| w)
        .map_or(0, |i| g.mult[a[i].1 as usize])
}

/// Whether exchanging `x[t] <-> y[t]` for every `t` (disjoint vertex lists of equal length) is an
/// automorphism: exits to exits, and every edge at a vertex of `x` onto an edge of the same
/// multiplicity (the other edges are fixed; the map is an involution, so edges at `y` follow).
pub(super) fn swap_is_automorphism(
    g: &Graph,
    by_nbr: &[Vec<(u32, u32)>],
    x: &[u32],
    y: &[u32],
) -> bool {
    let image = |v: u32| -> u32 {
        if let Some(t) = x.iter().position(|&a| a == v) {
            y[t]
        } else if let Some(t) = y.iter().position(|&b| b == v) {
            x[t]
        } else {
            v
        }
    };
    x.iter().zip(y).all(|(&a, &b)| {
        g.exit(a) == g.exit(b)
            && g.adj(a).len() == g.adj(b).len()
            && g.adj(a)
                .iter()
                .all(|&(w, e)| mult_between(g, by_nbr, b, image(w)) == g.mult[e as usize])
    })
}

/// The block classes of `g` (see the module documentation): among the non-exits of one-vertex
/// twin classes, the components of the graph they induce (of 2 to [`MAX_BLOCK`] vertices), each
/// ordered by its vertices' *external signatures* (sorted `(neighbour, multiplicity)` outside the
/// component), which must be pairwise distinct; components with the same signatures and the same
/// internal edges (in that order, with multiplicities) are the blocks of one class, kept when
/// each exchange of the first block with another is an automorphism (checked, not assumed).
pub(super) fn find_blocks(
    g: &Graph,
    by_nbr: &[Vec<(u32, u32)>],
    members: &[Vec<u32>],
    class: &[u32],
) -> Vec<BlockClass> {
    let n = g.n();
    let single: Vec<bool> = (0..n)
        .map(|v| !g.is_exit[v] && members[class[v] as usize].len() == 1)
        .collect();
    type Shape = (Vec<Vec<(u32, u32)>>, Vec<(u32, u32, u32)>);
    let mut groups: HashMap<Shape, Vec<Vec<u32>>> = HashMap::new();
    let mut seen = vec![false; n];
    let mut comp: Vec<u32> = Vec::new();
    for s in 0..n as u32 {
        if !single[s as usize] || seen[s as usize] {
            continue;
        }
        // the component of s in the induced graph, breadth first
        comp.clear();
        comp.push(s);
        seen[s as usize] = true;
        let mut i = 0;
        while i < comp.len() {
            let v = comp[i];
            i += 1;
            for &(w, _) in g.adj(v) {
                if single[w as usize] && !seen[w as usize] {
                    seen[w as usize] = true;
                    comp.push(w);
                }
            }
        }
        if comp.len() < 2 || comp.len() > MAX_BLOCK {
            continue;
        }
        let mut sigs: Vec<(Vec<(u32, u32)>, u32)> = comp
            .iter()
            .map(|&v| {
                let sig = by_nbr[v as usize]
                    .iter()
                    .filter(|&&(w, _)| !single[w as usize])
                    .map(|&(w, e)| (w, g.mult[e as usize]))
                    .collect();
                (sig, v)
            })
            .collect();
        sigs.sort_unstable();
        if sigs.windows(2).any(|p| p[0].0 == p[1].0) {
            continue; // no correspondence fixed by the signatures
        }
        let block: Vec<u32> = sigs.iter().map(|&(_, v)| v).collect();
        let mut inner: Vec<(u32, u32, u32)> = Vec::new();
        for a in 0..block.len() {
            for b in a + 1..block.len() {
                let k = mult_between(g, by_nbr, block[a], block[b]);
                if k > 0 {
                    inner.push((a as u32, b as u32, k));
                }
            }
        }
        let sigs: Vec<Vec<(u32, u32)>> = sigs.into_iter().map(|(sig, _)| sig).collect();
        groups.entry((sigs, inner)).or_default().push(block);
    }
    let mut classes: Vec<BlockClass> = groups
        .into_values()
        .filter(|blocks| blocks.len() >= 2)
        .filter_map(|mut blocks| {
            blocks.sort_unstable();
            let ok = blocks[1..]
                .iter()
                .all(|b| swap_is_automorphism(g, by_nbr, &blocks[0], b));
            ok.then_some(BlockClass { blocks })
        })
        .collect();
    classes.sort_unstable_by_key(|c| c.blocks[0][0]);
    classes
}
