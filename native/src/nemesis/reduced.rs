//! The one-sided search on a *reduced* graph: the heavy classes of Remark 7 cut down to a few
//! units.
//!
//! On Lemma 14's graphs every regular vertex has `N` copies, `N` one more than the multigraph's
//! vertices, and every unbreakable edge is the complete bipartite graph between copies: a
//! two-variable QBF gives 453,685 edges, and each position of the one-sided game `F*`
//! ([`Search::fugitive_side`]) costs passes over all of them. Yet `F*`'s proof only ever needs a
//! *fresh* unit of a heavy class in the **real** graph; the simulated play may run on a much
//! smaller graph. So [`reduce`] keeps every vertex outside the heavy classes and `keep` units
//! (vertices of a twin class, whole blocks of a block class) of each heavy class, and searches
//! `F*` there with the heavy vertices and units of the whole graph.
//!
//! **Theorem.** Let `G` be a graph, `H` the heavy vertices of its classes (for `R` the slots of
//! `G`), and `G'` the subgraph of `G` induced by every vertex outside `H` and a non-empty set of
//! units of each heavy class `B` (its *kept part* `B'`), such that the classes found on `G'`
//! ([`Symmetry::find`]) (a) never hold a heavy and a non-heavy vertex together, (b) have each kept
//! part `B'` as one class of the same kind as `B` (twins of the same kind; a block class of the
//! same blocks), and (c) have slots `R'` for which every heavy class of `G` is still heavy (at
//! least `R'` false twins, `2R' + 1` true twins, `R' - 1` blocks). Let `F*(G')` be the one-sided
//! game on `G'` with `G`'s heavy vertices and units: the Nemesis may delete an edge only at the
//! fugitive's vertex or with each heavy end in his unit, and he never enters a class of `G'`
//! that has a dead vertex. **A fugitive win in `F*(G')` from a vertex `s` of `G'` is a win in
//! the game on `G` from `s`.**
//!
//! *Proof.* As the proof of [`Search::fugitive_side`], with the simulated play on `G'` and `π`
//! the restriction to `G'` of an element `σ` of `Γ_H`, the group of exchanges of units within the
//! heavy classes of `G` (automorphisms of `G` fixing every vertex outside `H`). He keeps `σ`
//! (first the identity) such that his real vertex is `σ` of the simulated one and the real
//! multigraph has at least the multiplicities of `σ` of the simulated one (i) on every edge of
//! `G'` without a heavy end and (ii), when he stands on a heavy vertex, on every edge of `G'` from
//! his unit to itself or to a vertex that is not heavy. A real deletion allowed in `F*` (`σ`
//! keeps heaviness and units) whose edge is `σ` of an edge of `G'` is made in the simulation on
//! that edge (a pass there where no copy is left); any other is a pass there, which leaves him a
//! win by monotonicity (step 1). The edges of (i) and (ii) are fixed by `σ` or run from his unit,
//! which `σ` maps from his simulated unit: their deletions are allowed and made in both, so (i)
//! and (ii) hold. A simulated move from `w` to `y`, `y` not heavy or in his unit, is played to
//! `σ(y)` (the edge is there by (i) or (ii)); an exit is such a `y`. A simulated move from `w` to a
//! heavy `x` of class `B`, outside his unit, is played to the vertex with `x`'s index of a
//! *fresh* unit `b` of `B` in `G` (no real deletion at it, never stood on), and `σ` becomes
//! `σ τ`, `τ ∈ Γ_H` the exchange of `x`'s unit and `σ⁻¹(b)` (two units of `B` in `G`). `w` is in
//! neither: not in `x`'s unit (the move leaves it), and `σ(w)`, his real vertex, is not in `b`
//! (for twins `b` is not his vertex; no edge joins two blocks of a block class, so `w` is not in
//! `B` at all when `B` is one). So `στ(w) = σ(w)` and the edge `σ(w) - b_x = στ(w - x)` is an edge
//! of `G` (an automorphism's image), with its copy (`b` is fresh). `τ` fixes every vertex outside
//! `B`, so (i) holds for `στ`, and (ii) holds at `b` (fresh: its edges whole). Nothing is claimed
//! of the image of `G'` under `στ`, which need not be `G'`: the invariant speaks of edges of `G'`
//! mapped by `σ` alone. A fresh unit exists: his simulated play stands on at most `R'` non-exit
//! vertices (the slots of `G'`'s classes, by its no-reentry rule as in [`Search::fugitive_side`]),
//! one of which is `B`'s move (by (b), `B'` is one class of `G'`, entered once; for true twins he
//! may stand on one more of it); before his `j`-th move the Nemesis deleted at most `j` copies,
//! each at one unit of `B` at most (two for true twins), and he stood on none of `B` (for true
//! twins, on at most the vertex he leaves). So at most `R' - 1` units of `B` are spoilt (`R' - 2`
//! blocks; `2R' - 1` true twins, plus the one he stands on), fewer than `B` has by (c). The real
//! play follows the won simulated play to an exit. ∎
//!
//! The search of `F*(G')` is [`Search::fugitive_side`]'s, on `G'` with its own classes, which
//! keep its rules by (a) and (b) (they map heavy units onto heavy units), so every soundness step
//! holds as argued there. Its Nemesis wins prove nothing, and a win it refuses may still be one on
//! `G` (fewer units give her local deletions more bite); [`reduce`] refuses (None) when (a)-(c)
//! fail. The entries are in `G'`'s labels; [`Reduced::vertices`] and [`Reduced::edges`] map them
//! to `G`'s.

use super::graph::Graph;
use super::search::{heavy_for_slots, heavy_units, heavy_vertices, slots, Search};
use super::symmetry::Symmetry;

/// The fewest units a reduced heavy class keeps (one unit would make every twin class a single
/// vertex, and the kept part no class).
pub const MIN_KEEP: usize = 2;

/// The one-sided search of a reduced graph `G'` and its labels in the whole graph `G`.
pub struct Reduced {
    /// The search of `F*(G')` (see the module documentation).
    pub search: Search,
    /// `G`'s vertex of each vertex of `G'`.
    pub vertices: Vec<u32>,
    /// `G`'s edge of each edge of `G'`.
    pub edges: Vec<u32>,
}

impl Reduced {
    /// `G'`'s vertex of `G`'s vertex `v`, if kept.
    pub fn vertex_of(&self, v: u32) -> Option<u32> {
        self.vertices.binary_search(&v).ok().map(|i| i as u32)
    }
}

/// A graph with classes cut down to a few units: the subgraph of the whole graph `G` induced by
/// the kept vertices, with `G`'s label of each of its vertices and edges.
pub struct Cut {
    pub graph: Graph,
    /// `G`'s vertex of each kept vertex (increasing).
    pub vertices: Vec<u32>,
    /// `G`'s edge of each kept edge (increasing).
    pub edges: Vec<u32>,
    /// Per class cut, its units in `G` (a vertex of a twin class, a block of a block class).
    pub units_of: Vec<Vec<Vec<u32>>>,
    /// Per vertex of `G`, whether it is kept.
    pub kept: Vec<bool>,
}

/// The units of `v`'s class: its twins one by one, or the blocks of its block class.
pub(super) fn units(sym: &Symmetry, v: u32) -> Vec<Vec<u32>> {
    match sym.block(v) {
        Some((c, _)) => sym.blocks[c as usize].blocks.clone(),
        None => sym.members[sym.class[v as usize] as usize]
            .iter()
            .map(|&u| vec![u])
            .collect(),
    }
}

/// `g` with the classes of the vertices marked in `cut` cut down to `keep` units each, the unit
/// of `start` first, then the first ones; every other vertex kept.
pub(super) fn cut_down(
    g: &Graph,
    sym: &Symmetry,
    cut: &[bool],
    start: u32,
    keep: usize,
) -> Option<Cut> {
    let mut kept = vec![true; g.n()];
    let mut units_of: Vec<Vec<Vec<u32>>> = Vec::new();
    let mut done = vec![false; g.n()];
    for v in 0..g.n() as u32 {
        if !cut[v as usize] || done[v as usize] {
            continue;
        }
        let units = units(sym, v);
        for u in units.iter().flatten() {
            done[*u as usize] = true;
            kept[*u as usize] = false;
        }
        let mut order: Vec<&Vec<u32>> = units.iter().filter(|u| u.contains(&start)).collect();
        order.extend(units.iter().filter(|u| !u.contains(&start)));
        for u in order.into_iter().take(keep) {
            for &x in u {
                kept[x as usize] = true;
            }
        }
        units_of.push(units);
    }
    let vertices: Vec<u32> = (0..g.n() as u32).filter(|&v| kept[v as usize]).collect();
    let mut index = vec![u32::MAX; g.n()];
    for (i, &v) in vertices.iter().enumerate() {
        index[v as usize] = i as u32;
    }
    let edges: Vec<u32> = (0..g.m() as u32)
        .filter(|&e| {
            let (a, b) = g.ends[e as usize];
            kept[a as usize] && kept[b as usize]
        })
        .collect();
    let graph = Graph::new(
        vertices.len(),
        edges
            .iter()
            .map(|&e| {
                let (a, b) = g.ends[e as usize];
                (index[a as usize], index[b as usize])
            })
            .collect(),
        edges.iter().map(|&e| g.mult[e as usize]).collect(),
        vertices.iter().map(|&v| g.is_exit[v as usize]).collect(),
    )
    .ok()?;
    Some(Cut {
        graph,
        vertices,
        edges,
        units_of,
        kept,
    })
}

/// The reduced graph of `g` keeping `keep` (at least [`MIN_KEEP`]) units of each heavy class, the
/// unit of `start` among them, with the search of `F*` on it (see the module documentation); None
/// when `g` has no heavy class or the reduced graph's classes fail conditions (a)-(c).
pub fn reduce(g: &Graph, blizzard: bool, start: u32, keep: usize) -> Option<Reduced> {
    let keep = keep.max(MIN_KEEP);
    let sym = Symmetry::find(g)?;
    let heavy = heavy_vertices(g, &sym);
    if !heavy.iter().any(|&h| h) {
        return None;
    }
    let Cut {
        graph: reduced,
        vertices,
        edges,
        units_of,
        kept,
    } = cut_down(g, &sym, &heavy, start, keep)?;
    let sym2 = Symmetry::find(&reduced)?;
    let heavy2: Vec<bool> = vertices.iter().map(|&v| heavy[v as usize]).collect();
    // (a) and (b): each class of G' is all heavy or all not, and a heavy one is a kept part
    let as_sets = |units: &[Vec<u32>]| -> Vec<Vec<u32>> {
        let mut s: Vec<Vec<u32>> = units
            .iter()
            .map(|u| {
                let mut u: Vec<u32> = u.iter().map(|&x| vertices[x as usize]).collect();
                u.sort_unstable();
                u
            })
            .collect();
        s.sort_unstable();
        s
    };
    let kept_sets = |units: &[Vec<u32>]| -> Vec<Vec<u32>> {
        let mut s: Vec<Vec<u32>> = units
            .iter()
            .filter(|u| kept[u[0] as usize])
            .map(|u| {
                let mut u = u.clone();
                u.sort_unstable();
                u
            })
            .collect();
        s.sort_unstable();
        s
    };
    let mut g_units_of_vertex: Vec<Option<usize>> = vec![None; g.n()];
    for (k, units) in units_of.iter().enumerate() {
        for &u in units.iter().flatten() {
            g_units_of_vertex[u as usize] = Some(k);
        }
    }
    for v2 in 0..reduced.n() as u32 {
        let units2 = units(&sym2, v2);
        let flags = units2.iter().flatten().map(|&u| heavy2[u as usize]);
        if !heavy2[v2 as usize] {
            if flags.into_iter().any(|h| h) {
                return None;
            }
            continue;
        }
        let k = g_units_of_vertex[vertices[v2 as usize] as usize]?;
        if as_sets(&units2) != kept_sets(&units_of[k]) {
            return None;
        }
    }
    // (c): every heavy class of G is heavy for the slots of G'
    let again = heavy_for_slots(g, &sym, slots(&reduced, &sym2));
    if heavy.iter().zip(&again).any(|(&h, &a)| h && !a) {
        return None;
    }
    let mut search = Search::new(reduced, blizzard);
    search.heavy_unit = heavy_units(&sym2, &heavy2);
    search.heavy = heavy2;
    search.sym = Some(sym2);
    search.no_reentry = true;
    Some(Reduced {
        search,
        vertices,
        edges,
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn never() -> impl FnMut(u64) -> bool {
        |_| false
    }

    /// Lemma 14's shape in small (a 64-bit LCG's choices from `seed`): a start `s`; `r` (2-3)
    /// inner vertices of a multigraph, each blown up into `N` copies; 1-2 exits of one vertex.
    /// `s` is joined to every copy of the first; two inner vertices are joined by the complete
    /// bipartite graph between their copies (an unbreakable edge) or by the matching of their
    /// copies (a fuse: a block class), an inner vertex to an exit by a star. `N` is the one-sided
    /// game's slots `R` or one more, so that every class is heavy.
    pub(in crate::nemesis) fn blown_up(seed: u64) -> Graph {
        blown_up_with(seed, false)
    }

    /// As [`blown_up`]; with `gadgets`, Lemma 14's exit gadgets instead of stars: an inner vertex
    /// joined to the exits gets 1-3 vertices `p`, each joined to every copy of it and to both of
    /// two exits (the `p` of one inner vertex are false twins, too few to be heavy).
    pub(in crate::nemesis) fn blown_up_with(seed: u64, gadgets: bool) -> Graph {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = |k: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % k
        };
        let r = 2 + next(2) as usize;
        let exits = 1 + next(2) as usize;
        let mut inner_edges: Vec<(usize, usize, bool)> = Vec::new(); // (a, b, matching)
        for a in 0..r {
            for b in a + 1..r {
                if next(3) > 0 {
                    inner_edges.push((a, b, next(3) == 0));
                }
            }
        }
        let blocks = inner_edges.iter().filter(|e| e.2).count();
        let slots = 1 + r + blocks; // s, a slot per class, one more per block class
        let n_copies = slots + next(2) as usize;
        let copy = |a: usize, i: usize| (1 + a * n_copies + i) as u32;
        let exit = |x: usize| (1 + r * n_copies + x) as u32;
        let mut ends = Vec::new();
        for i in 0..n_copies {
            ends.push((0, copy(0, i)));
        }
        for &(a, b, matching) in &inner_edges {
            for i in 0..n_copies {
                if matching {
                    ends.push((copy(a, i), copy(b, i)));
                } else {
                    for j in 0..n_copies {
                        ends.push((copy(a, i), copy(b, j)));
                    }
                }
            }
        }
        let exits = if gadgets { 2 } else { exits };
        let mut ps: Vec<(usize, usize)> = Vec::new(); // (inner vertex, p) of the gadgets
        for a in 0..r {
            for x in 0..exits {
                if next(2) == 0 || (a == r - 1 && x == 0) {
                    if gadgets {
                        if x == 0 {
                            for _ in 0..1 + next(3) {
                                ps.push((a, ps.len()));
                            }
                        }
                        continue;
                    }
                    for i in 0..n_copies {
                        ends.push((copy(a, i), exit(x)));
                    }
                }
            }
        }
        let first_p = 1 + r * n_copies + exits;
        for &(a, j) in &ps {
            let p = (first_p + j) as u32;
            for i in 0..n_copies {
                ends.push((copy(a, i), p));
            }
            ends.push((p, exit(0)));
            ends.push((p, exit(1)));
        }
        let n = first_p + ps.len();
        let is_exit = (0..n).map(|v| v > r * n_copies && v < first_p).collect();
        let m = ends.len();
        Graph::new(n, ends, vec![1; m], is_exit).unwrap()
    }

    #[test]
    fn a_win_on_the_reduced_graph_is_a_win_on_the_whole_graph() {
        let (mut reduced, mut cut, mut won, mut refused) = (0, 0, 0, 0);
        for seed in 0..200 {
            let g = blown_up(seed);
            for blizzard in [false, true] {
                let mut whole = Search::with_symmetry(g.clone(), blizzard, true);
                let f = whole.f_turn(0, &g.mult.clone(), &mut never()).unwrap();
                let truth = whole.tf.entries[f as usize].wins();
                for keep in [2, 3] {
                    let Some(mut r) = reduce(&g, blizzard, 0, keep) else {
                        // refused only without heavy classes: (a)-(c) hold on every blow-up
                        let side = Search::fugitive_side(g.clone(), blizzard);
                        assert!(side.is_none_or(|s| s.heavy.is_empty()), "seed {seed}");
                        refused += 1;
                        continue;
                    };
                    reduced += 1;
                    cut += usize::from(r.search.g.n() < g.n());
                    assert_eq!(r.vertices[0], 0);
                    // the labels: each reduced edge joins the whole graph's ends of its ends
                    for (e2, &e) in r.edges.iter().enumerate() {
                        let (a, b) = r.search.g.ends[e2];
                        let ends = (r.vertices[a as usize], r.vertices[b as usize]);
                        assert_eq!(ends, g.ends[e as usize]);
                    }
                    let mult = r.search.g.mult.clone();
                    let f = r.search.f_turn(0, &mult, &mut never()).unwrap();
                    let wins = r.search.tf.entries[f as usize].wins();
                    assert!(
                        !wins || truth,
                        "seed {seed}, keep {keep}: a win refused on G"
                    );
                    won += usize::from(wins);
                }
            }
        }
        assert!(
            reduced > 500 && cut > 400 && won > 100 && refused < 300,
            "{reduced} {cut} {won} {refused}"
        );
    }

    #[test]
    fn a_graph_without_heavy_classes_is_not_reduced() {
        // s - a, a - x, a - y: no class is heavy
        let g = Graph::new(
            4,
            vec![(0, 1), (1, 2), (1, 3)],
            vec![1; 3],
            vec![false, false, true, true],
        )
        .unwrap();
        assert!(reduce(&g, false, 0, 3).is_none());
    }
}
