//! The automorphism group of a graph when one fixed vertex pins it down (the grids of the
//! paper's Fig. 4: their 8-fold symmetry), and the canonical form of positions under it, so that
//! the exact search ([`super::search`]) meets each orbit of positions once.
//!
//! **Refinement.** Colour refinement starts from the vertices' kinds (exit or not) and replaces,
//! round after round, a vertex's colour by the rank of (its colour, the sorted multiset of its
//! neighbours' colours with the multiplicities of the edges to them) among all such signatures,
//! until the number of colours stops growing. The ranks are taken over signatures made of colours
//! alone, so the result is *equivariant*: for an automorphism `γ`, `refine(γc) = γ refine(c)`.
//!
//! **Finding the group.** Refine; take a cell `X` of two vertices or more, not inside one twin
//! class of [`super::symmetry`] (vertices with the same neighbours, which refinement cannot tell
//! apart), and its first vertex `v₀`; individualise `v₀` (a colour of its own) and refine: the
//! colouring `c₀`. It must be *discrete up to twins*: every cell within one twin class. The cells
//! are tried largest first (a vertex whose stabiliser is trivial lies in an orbit as large as the
//! group); when none works the group is not found (None: the search runs without it). For each `w ∈ X`, individualise `w` and refine: `c_w`; if
//! its cells have the sizes of `c₀`'s, let `φ_w` send the `i`-th vertex (in increasing order) of
//! `c₀`'s cell of colour `k` to the `i`-th of `c_w`'s cell of colour `k`, and keep `φ_w` if it maps
//! every edge to an edge of the same multiplicity and exits to exits. *These are the
//! order-preserving automorphisms* (those that map each twin class onto one in increasing order):
//! an automorphism `γ` with `γv₀ = w` maps `c₀` to `c_w` (equivariance), so on each cell it is
//! determined up to a permutation within a twin class; composed with the permutation within
//! classes that restores increasing order (an automorphism: twins are interchangeable) it is
//! `φ_w`. So the kept maps form a group `A` (the order-preserving automorphisms are closed under
//! composition and inverse), a transversal of the full group modulo the permutations within twin
//! classes. On a grid of Fig. 4 `A` is the dihedral group of the square (8 maps; the two exits at
//! a corner are twins), found with 8 refinements.
//!
//! **Canonical form.** Let `μ(v)` be the least vertex of `v`'s orbit under `A`. A restricted
//! position `P = (u, cm)` is mapped to the least, in the order of `(vertex, multiplicities)`,
//! of its images `γP = (γu, γcm)` (`γcm(γe) = cm(e)`) over the `γ ∈ A` with `γu = μ(u)`. For `δP`
//! (`δ ∈ A`) those `γ` are the `γ'δ` (`γ'δu = μ(u)`), so the images compared are the same set and
//! the form is the same: **one form per orbit of `A`**, and a position's form is in its orbit. An
//! automorphism maps moves to moves, deletions to deletions and exits to exits and commutes with
//! the search's restriction (component, pruning, cap, no revisits, Blizzard's rule), so it keeps
//! the winner, and an entry proven for the form serves every position of the orbit, mapped back
//! (as for twins: [`super::symmetry`]). The stabiliser of most vertices of a grid is trivial, so
//! most positions are compared in one image, the identity or one map.

use std::collections::HashMap;

use super::graph::Graph;
use super::symmetry::Perm;

/// The most vertices of a cell tried (each a refinement): larger groups are left to twins.
const MAX_CELL: usize = 64;

/// An automorphism group (see the module documentation): its maps, each vertex's least orbit
/// vertex, and per vertex the maps that send it there.
pub struct Group {
    /// The maps of `A` (the identity first), on vertices and on edges, and their inverses.
    pub maps: Vec<Vec<u32>>,
    pub inverse: Vec<Vec<u32>>,
    edge_maps: Vec<Vec<u32>>,
    /// `μ(v)`, the least vertex of the orbit of `v`.
    pub orbit_min: Vec<u32>,
    /// Per vertex `v`, the indices of the maps `γ` with `γv = μ(v)`.
    to_min: Vec<Vec<u32>>,
}

/// A vertex's signature in a round of refinement: its colour and its neighbours' colours with the
/// multiplicities of the edges to them, sorted.
type Signature = (u32, Vec<(u32, u32)>);

/// Colour refinement from `colours` (see the module documentation): the stable colours, ranks
/// from 0.
fn refine(g: &Graph, mut colours: Vec<u32>) -> Vec<u32> {
    let mut count = {
        let mut c = colours.clone();
        c.sort_unstable();
        c.dedup();
        c.len()
    };
    loop {
        let signatures: Vec<Signature> = (0..g.n() as u32)
            .map(|v| {
                let mut s: Vec<(u32, u32)> = g
                    .adj(v)
                    .iter()
                    .map(|&(w, e)| (colours[w as usize], g.mult[e as usize]))
                    .collect();
                s.sort_unstable();
                (colours[v as usize], s)
            })
            .collect();
        let mut sorted: Vec<&Signature> = signatures.iter().collect();
        sorted.sort_unstable();
        sorted.dedup();
        let rank: HashMap<&Signature, u32> = sorted
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, i as u32))
            .collect();
        let next: Vec<u32> = signatures.iter().map(|s| rank[s]).collect();
        let grown = sorted.len();
        colours = next;
        if grown == count {
            return colours;
        }
        count = grown;
    }
}

/// The cells of `colours` (vertices in increasing order), indexed by colour.
fn cells(colours: &[u32]) -> Vec<Vec<u32>> {
    let k = colours.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
    let mut out = vec![Vec::new(); k];
    for (v, &c) in colours.iter().enumerate() {
        out[c as usize].push(v as u32);
    }
    out
}

/// `colours` with `v` individualised (a colour of its own, above the others).
fn individualised(colours: &[u32], v: u32) -> Vec<u32> {
    let mut c = colours.to_vec();
    c[v as usize] = colours.iter().copied().max().unwrap_or(0) + 1;
    c
}

/// The edge between every two adjacent vertices.
fn edge_index(g: &Graph) -> HashMap<(u32, u32), u32> {
    let mut out = HashMap::with_capacity(2 * g.m());
    for (e, &(a, b)) in g.ends.iter().enumerate() {
        out.insert((a, b), e as u32);
        out.insert((b, a), e as u32);
    }
    out
}

impl Group {
    /// The group of order-preserving automorphisms of `g` (see the module documentation), given
    /// its twin classes (`class[v]`); None when it is trivial or not found by one individualised
    /// vertex.
    pub fn find(g: &Graph, class: &[u32]) -> Option<Group> {
        let n = g.n();
        let base = refine(g, g.is_exit.iter().map(|&x| u32::from(x)).collect());
        let within_twins =
            |c: &Vec<u32>| c.iter().all(|&v| class[v as usize] == class[c[0] as usize]);
        // anchors: cells not inside one twin class, largest first (an orbit whose points have
        // a trivial stabiliser is as large as the group)
        let mut anchors: Vec<Vec<u32>> = cells(&base)
            .into_iter()
            .filter(|c| c.len() > 1 && c.len() <= MAX_CELL && !within_twins(c))
            .collect();
        anchors.sort_by_key(|c| std::cmp::Reverse(c.len()));
        // the first whose first vertex, individualised, leaves a colouring discrete up to twins
        let (anchor_cell, cells0) = anchors.into_iter().find_map(|c| {
            let cells0 = cells(&refine(g, individualised(&base, c[0])));
            cells0.iter().all(within_twins).then_some((c, cells0))
        })?;
        let index = edge_index(g);
        let mut maps: Vec<Vec<u32>> = Vec::new();
        let mut edge_maps: Vec<Vec<u32>> = Vec::new();
        for &w in &anchor_cell {
            let cw = cells(&refine(g, individualised(&base, w)));
            if cw.len() != cells0.len() || cw.iter().zip(&cells0).any(|(a, b)| a.len() != b.len()) {
                continue;
            }
            let mut phi = vec![0u32; n];
            for (a, b) in cells0.iter().zip(&cw) {
                for (&x, &y) in a.iter().zip(b) {
                    phi[x as usize] = y;
                }
            }
            if let Some(em) = edge_map(g, &index, &phi) {
                maps.push(phi);
                edge_maps.push(em);
            }
        }
        if maps.len() < 2 {
            return None;
        }
        // the identity first (it is φ_{v₀})
        let id = maps
            .iter()
            .position(|m| m.iter().enumerate().all(|(v, &x)| x == v as u32))
            .expect("the identity is found");
        maps.swap(0, id);
        edge_maps.swap(0, id);
        let inverse: Vec<Vec<u32>> = maps
            .iter()
            .map(|m| {
                let mut inv = vec![0u32; n];
                for (v, &x) in m.iter().enumerate() {
                    inv[x as usize] = v as u32;
                }
                inv
            })
            .collect();
        let orbit_min: Vec<u32> = (0..n)
            .map(|v| maps.iter().map(|m| m[v]).min().expect("a map"))
            .collect();
        let to_min: Vec<Vec<u32>> = (0..n)
            .map(|v| {
                (0..maps.len() as u32)
                    .filter(|&i| maps[i as usize][v] == orbit_min[v])
                    .collect()
            })
            .collect();
        Some(Group {
            maps,
            inverse,
            edge_maps,
            orbit_min,
            to_min,
        })
    }

    /// The canonical form of the restricted position (`pos`, `cm`) (see the module
    /// documentation): the form's vertex and multiplicities, and the relabelling to it.
    pub fn canonical_form(&self, pos: u32, cm: &[u32]) -> (u32, Vec<u32>, Perm) {
        let (i, cpos, ccm) = self.canonical(pos, cm);
        let perm = Perm {
            to_canon: self.maps[i].clone(),
            to_real: self.inverse[i].clone(),
        };
        (cpos, ccm, perm)
    }

    /// As [`Self::canonical_form`], with the index of the map used instead of the relabelling.
    pub fn canonical(&self, pos: u32, cm: &[u32]) -> (usize, u32, Vec<u32>) {
        let mut best: Option<(usize, Vec<u32>)> = None;
        for &i in &self.to_min[pos as usize] {
            let i = i as usize;
            let image = if i == 0 {
                cm.to_vec()
            } else {
                let mut image = vec![0u32; cm.len()];
                for (e, &k) in cm.iter().enumerate() {
                    image[self.edge_maps[i][e] as usize] = k;
                }
                image
            };
            if best.as_ref().is_none_or(|(_, b)| image < *b) {
                best = Some((i, image));
            }
        }
        let (i, image) = best.expect("the orbit's least vertex has a map to it");
        (i, self.orbit_min[pos as usize], image)
    }
}

/// The map of edges induced by the vertex map `phi` when it is an automorphism of `g` (every edge
/// to an edge of the same multiplicity, exits to exits); None otherwise.
fn edge_map(g: &Graph, index: &HashMap<(u32, u32), u32>, phi: &[u32]) -> Option<Vec<u32>> {
    if (0..g.n()).any(|v| g.is_exit[v] != g.is_exit[phi[v] as usize]) {
        return None;
    }
    let mut out = Vec::with_capacity(g.m());
    for (e, &(a, b)) in g.ends.iter().enumerate() {
        let f = *index.get(&(phi[a as usize], phi[b as usize]))?;
        if g.mult[f as usize] != g.mult[e] {
            return None;
        }
        out.push(f);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::super::search::tests::grid;
    use super::super::symmetry::Symmetry;
    use super::*;

    fn group_of(g: &Graph) -> Option<Group> {
        let class = match Symmetry::find(g) {
            Some(s) => s.class,
            None => (0..g.n() as u32).collect(),
        };
        Group::find(g, &class)
    }

    #[test]
    fn a_grid_has_the_eight_symmetries_of_the_square() {
        for k in [4, 5, 7] {
            let g = grid(k);
            let a = group_of(&g).expect("a grid is symmetric");
            assert_eq!(a.maps.len(), 8);
            // the centre of an odd grid is its own orbit; a corner's orbit is the four corners
            if k % 2 == 1 {
                let c = k * k / 2;
                assert_eq!(a.orbit_min[c as usize], c);
            }
            let corners = [0, k - 1, k * (k - 1), k * k - 1];
            assert!(corners.iter().all(|&c| a.orbit_min[c as usize] == 0));
        }
    }

    #[test]
    fn positions_of_one_orbit_get_one_form() {
        let g = grid(5);
        let a = group_of(&g).unwrap();
        let mut cm = g.mult.clone();
        cm[3] = 0;
        cm[7] = 0;
        let pos = 6;
        let (_, p0, f0) = a.canonical(pos, &cm);
        for i in 0..a.maps.len() {
            let mut image = vec![0u32; cm.len()];
            for (e, &k) in cm.iter().enumerate() {
                image[a.edge_maps[i][e] as usize] = k;
            }
            let (_, p, f) = a.canonical(a.maps[i][pos as usize], &image);
            assert_eq!((p, &f), (p0, &f0));
        }
    }

    #[test]
    fn a_path_with_a_tail_has_no_symmetry() {
        // 0 - 1 - 2 - 3, 1 - 4: no automorphism but the identity
        let g = Graph::new(
            5,
            vec![(0, 1), (1, 2), (2, 3), (1, 4), (3, 4)],
            vec![1, 1, 1, 2, 1],
            vec![false; 5],
        )
        .unwrap();
        assert!(group_of(&g).is_none());
    }
}
