//! Symmetry in the exact search: twin classes and block classes, and a canonical form of positions
//! under the permutations within them, so that the search ([`super::search`]) meets each orbit of
//! positions once.
//!
//! **Twins.** Two vertices `u ≠ v` of the multigraph are *twins* when they are both exits or both
//! not, and `N(u) \ {v}` and `N(v) \ {u}` are the same vertices with the same multiplicities
//! (*false* twins: not adjacent, equal open neighbourhoods; *true* twins: adjacent, equal closed
//! neighbourhoods). Both relations are transitive (for true twins `u ~ v ~ w`: `w ∈ N(v) \ {u} =
//! N(u) \ {v}` with `mult(uw) = mult(vw)`, and from `v ~ w`, `mult(vu) = mult(wu)`, so every
//! multiplicity out of `u` and `w` agrees) and no vertex has twins of both kinds (a false twin `v`
//! and a true twin `w` of `u`: `w ∈ N(u) = N(v)`, so `v ∈ N(w) \ {u} = N(u) \ {w}`, against `v ∉
//! N(u)`), so the twin *classes* partition the vertices. The transposition of two twins maps every
//! edge to an edge of the same multiplicity and exits to exits: it is an automorphism, and so is
//! every permutation within the classes. Let `Γ` be the group of these permutations (the product
//! of the symmetric groups of the classes). The start is not kept apart: every position, the first
//! included, is mapped to its canonical form and the answers are mapped back (below).
//!
//! **The value is invariant.** For `π ∈ Γ` the fugitive wins from `(u, H)` iff he wins from `(πu,
//! πH)` (`πH`: the multiplicity of `πa πb` is that of `ab` in `H`): `π` maps moves to moves,
//! deletions to deletions and exits to exits, so a strategy `σ` from `(u, H)` becomes `πσπ⁻¹` from
//! `(πu, πH)`, winning the same plays. The restriction of [`super::simplify`] (component, pruning,
//! cap) is defined from the graph's structure alone, so it commutes with `π`; so do the rules of
//! no revisits and of Blizzard (a deletion at the fugitive's vertex is mapped to one at his image).
//! So a table entry proven for one position of an orbit serves every position of it, mapped.
//!
//! **The canonical form.** A restricted position (`pos`, multiplicities `cm` capped to `cap`) is
//! described, without loss, by: the vertices *alive* (`pos` and the ends of edges with `cm > 0`;
//! every edge at a dead vertex is gone), and the *deficiency* `d(e) = min(mult(e), cap) - cm(e)` of
//! each edge between two alive vertices that are not both exits (edges between exits are never in
//! a position: `cm = 0` always). Given these, `cm(e)` is `0` at a dead end or between exits and
//! `min(mult(e), cap) - d(e)` otherwise. Call a vertex *touched* when it is `pos` or has an edge of
//! positive deficiency; an alive untouched vertex is *plain*. Two plain vertices of one class are
//! interchangeable: every edge at either is full or at a dead vertex, so their transposition fixes
//! the position; the same holds for two dead vertices of one class. So a position is determined,
//! up to `Γ`, by (1) per class, the numbers of its plain and of its dead vertices, and (2) the
//! *touched graph*: the touched vertices coloured by their class (and `pos` marked), with the
//! edges of positive deficiency labelled by it. The form computed here is the canonical labelling of
//! (2) by individualisation and refinement: colours are refined (a vertex's new colour is the rank
//! of its colour and the multiset of its neighbours' colours and labels, ranks taken over
//! signatures built from colours only, so isomorphism-invariant); while a cell has two vertices or
//! more, the first such cell (in colour order, an invariant choice) is split by individualising each
//! of its vertices in turn, and the least *certificate* (the colours and the label matrix in the
//! leaf's order) over all leaves is kept. The set of leaf certificates is invariant under
//! relabelling, so its minimum is one per isomorphism class of (2); with (1) that is one per orbit
//! of `Γ`. The canonical *position* puts, in each class (its vertices in increasing order), the
//! touched vertices first in the canonical order, then the plain ones, then the dead ones: a
//! function of the form, so **positions of one orbit, and only they, get the same canonical
//! position** (it is `πP` for some `π ∈ Γ`, so in the orbit of `P`; equal forms give equal
//! positions). The tables are keyed on it and hold entries in its coordinates.
//!
//! *A bounded search.* The individualisation tree is exponential in the worst case (a matching of
//! `k` deficient edges inside one pair of classes has `k!` leaves). After [`MAX_LEAVES`] leaves the
//! least certificate seen is taken: still `πP` for some `π ∈ Γ` (sound: equal keys still mean one
//! orbit), possibly not the same for every position of the orbit (a position then searched twice);
//! [`Symmetry::fallbacks`] counts these.
//!
//! **Orbits of moves.** In the canonical position every plain vertex of a class, and every dead one,
//! has a *category* (the first slot of its kind in its class); a touched vertex and a vertex of a
//! one-vertex class are their own category. Two moves of the fugitive to vertices of one category,
//! and two deletions whose ends have the same categories, are exchanged by a permutation of
//! interchangeable vertices (which fixes the position), so they lead to positions of one orbit:
//! the search tries one of each (see [`Symmetry::sibling_map`] for the permutation).
//!
//! **Block classes** ([`super::blocks`]): families of `N ≥ 2` disjoint blocks `B_1..B_N` of `s`
//! non-exit vertices, `B_i = (b_i^1..b_i^s)`, whose exchanges `b_i^t <-> b_j^t` (every `t`) are
//! automorphisms and no two of which an edge joins (Lemma 14's copies `u_i - v_i` of a fuse's
//! ends); twin classes are the case `s = 1` (kept apart). Block classes are disjoint from each
//! other and from the twin classes of two vertices or more. `Γ` is now the product of the
//! symmetric groups of the twin classes and of the block classes, the latter acting on blocks
//! diagonally (`b_i^t ↦ b_{π(i)}^t`); every element is an automorphism, and everything said above
//! of `Γ` (the value, the restriction, the rules of the search) holds unchanged.
//!
//! *The canonical form with blocks.* A block is *touched* when one of its vertices is (`pos` or
//! an end of an edge of positive deficiency); its vertices are then all put into the touched
//! graph, alive or not, coloured by (block class, `t`), whether alive and whether `pos`, and every
//! two of them joined by a label of their own (`MATE`, or-ed with a deficiency where they are
//! joined by one). An isomorphism of such touched graphs preserves colours and labels, so it maps
//! blocks onto blocks of the same class with `t` kept (the `MATE` labels join exactly the
//! blockmates, all of them); the least certificate's leaf orders the touched blocks of each class
//! by the first leaf index of their vertices, an order carried by that isomorphism. An *untouched*
//! block is described by its *pattern* (which of its `s` vertices are alive): two untouched blocks
//! of one class with equal patterns are exchanged by an element of `Γ` that fixes the position
//! (their vertices are alive alike, every edge at an alive one to an alive vertex is full, and
//! `b_i^t`, `b_j^t` have the same neighbours outside `B_i ∪ B_j` and corresponding inner edges,
//! while no edge joins `B_i` and `B_j`). So a position is determined up to `Γ` by the touched graph
//! up to isomorphism, the counts of plain and dead vertices of the twin classes and the counts of
//! the untouched blocks of each pattern in each block class; the canonical position puts, in each
//! block class, the touched blocks first (block slots `1, 2, ...` in the leaf's order, `t` kept),
//! then the untouched ones grouped by pattern (decreasing as a bit mask): a function of the form,
//! and `πP` for the block permutation `π` it defines. So, as before, **positions of one orbit, and
//! only they, get the same canonical position**. A vertex of an untouched block gets the category
//! `b_f^t`, `f` the first slot of its pattern's group; a vertex of a touched block is its own.
//!
//! *Orbits of moves with blocks.* Two moves to vertices of one category: the vertices are equal,
//! or `b_i^t`, `b_j^t` of untouched blocks of one pattern, exchanged by the block transposition
//! `(B_i B_j)` that fixes the position. Two deletions `ab`, `xy` whose ends have the same
//! categories: [`Symmetry::sibling_map`] maps each end's *unit* (the vertex, or its block) onto the
//! other's. When `a`, `b` are in one block class they are in one block (no edge between blocks),
//! and so are `x`, `y` (the edge `xy` too); with `cat a = cat x` the blocks are of one pattern and
//! the block transposition maps `a` to `x` and `b` to `y` (same `t`). Otherwise the ends' units lie
//! in different classes (twin or block), and the map is the product of the two commuting
//! transpositions (or, for two true twins of one class, the bijection of the twin case); each
//! fixes the position. So the
//! permutation is in `Γ`, fixes the position and maps `ab` onto `xy`.

use std::collections::HashMap;

use super::automorphism::Group;
use super::blocks::{find_blocks, sorted_adjacency, BlockClass};
use super::graph::{EdgeSet, Graph};

/// The most leaves of the individualisation tree explored for one canonical form.
pub const MAX_LEAVES: usize = 512;

/// Graphs of at most this many vertices keep the edge between every two vertices in a matrix
/// (4 MiB at most), so that mapping an edge costs one read; larger ones search the adjacency.
const DENSE_VERTICES: usize = 1024;

const NONE: u32 = u32::MAX;

/// Blockmates in the touched graph: an edge label of its own, or-ed with a deficiency.
const MATE: u32 = 1 << 31;

/// A relabelling of the vertices within twin classes and of the blocks of block classes (an
/// element of `Γ`): the searched position's vertex to the canonical position's (`to_canon`) and
/// back (`to_real`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perm {
    pub to_canon: Vec<u32>,
    pub to_real: Vec<u32>,
}

/// A position in canonical form: the fugitive's vertex, the multiplicities and the edges with
/// `cm > 0` (increasing), the relabelling that led there and each vertex's category.
pub struct Canonical {
    pub pos: u32,
    pub cm: Vec<u32>,
    pub edges: Vec<u32>,
    pub perm: Perm,
    pub cat: Vec<u32>,
}

/// The twin classes and block classes of a graph, and scratch space for canonical forms.
pub struct Symmetry {
    /// Each vertex's class (classes numbered by their least vertex).
    pub class: Vec<u32>,
    /// The vertices of each class, increasing.
    pub members: Vec<Vec<u32>>,
    /// Per vertex, `(neighbour, edge)` by increasing neighbour.
    by_nbr: Vec<Vec<(u32, u32)>>,
    /// The edge between `u` and `v` at `u * n + v` (NONE: none), or empty (see
    /// [`DENSE_VERTICES`]).
    between: Vec<u32>,
    /// Canonical forms computed, and those that stopped at [`MAX_LEAVES`].
    pub forms: u64,
    pub fallbacks: u64,
    alive: Vec<bool>,
    tindex: Vec<u32>,
    next: Vec<u32>,
    /// Instead of twins, the graph's automorphisms ([`super::automorphism`]); the classes are
    /// then single vertices.
    pub group: Option<Group>,
    /// The block classes (of vertices whose twin classes are single), ordered by their first
    /// vertex.
    pub blocks: Vec<BlockClass>,
    /// Per vertex `(block class, block, index t)`, or `(NONE, NONE, NONE)` outside the block
    /// classes.
    pub block_of: Vec<(u32, u32, u32)>,
    /// Per block class, the first colour of its vertices in the touched graph.
    block_colour: Vec<u64>,
    bnext: Vec<u32>,
}

fn find(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        let p = parent[v as usize];
        parent[v as usize] = parent[p as usize];
        v = p;
    }
    v
}

fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb) as usize] = ra.min(rb);
    }
}

impl Symmetry {
    /// The twin classes and block classes of `g` (see the module documentation), or None when
    /// every twin class has one vertex and there is no block class (no symmetry to use).
    pub fn find(g: &Graph) -> Option<Symmetry> {
        let n = g.n();
        let by_nbr = sorted_adjacency(g);
        let mut parent: Vec<u32> = (0..n as u32).collect();
        // false twins: equal open neighbourhoods, multiplicities included
        let mut open: HashMap<(bool, Vec<(u32, u32)>), u32> = HashMap::new();
        // true twins: candidates share the closed neighbourhood's vertex set
        let mut closed: HashMap<(bool, Vec<u32>), Vec<u32>> = HashMap::new();
        for v in 0..n as u32 {
            let nb = &by_nbr[v as usize];
            let sig: Vec<(u32, u32)> = nb.iter().map(|&(w, e)| (w, g.mult[e as usize])).collect();
            match open.entry((g.exit(v), sig)) {
                std::collections::hash_map::Entry::Occupied(o) => union(&mut parent, *o.get(), v),
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(v);
                }
            }
            if !nb.is_empty() {
                let mut set: Vec<u32> = nb.iter().map(|&(w, _)| w).collect();
                set.push(v);
                set.sort_unstable();
                closed.entry((g.exit(v), set)).or_default().push(v);
            }
        }
        let true_twins = |u: u32, v: u32| -> bool {
            g.adj(u).iter().all(|&(x, e)| {
                x == v
                    || by_nbr[v as usize]
                        .binary_search_by_key(&x, |&(y, _)| y)
                        .is_ok_and(|i| {
                            g.mult[by_nbr[v as usize][i].1 as usize] == g.mult[e as usize]
                        })
            })
        };
        let mut groups: Vec<Vec<u32>> = closed.into_values().filter(|c| c.len() > 1).collect();
        groups.sort_unstable();
        for group in groups {
            let mut reps: Vec<u32> = Vec::new();
            for &v in &group {
                match reps.iter().find(|&&r| true_twins(r, v)) {
                    Some(&r) => union(&mut parent, r, v),
                    None => reps.push(v),
                }
            }
        }
        let mut class = vec![NONE; n];
        let mut members: Vec<Vec<u32>> = Vec::new();
        for v in 0..n as u32 {
            let r = find(&mut parent, v);
            if class[r as usize] == NONE {
                class[r as usize] = members.len() as u32;
                members.push(Vec::new());
            }
            class[v as usize] = class[r as usize];
            members[class[v as usize] as usize].push(v);
        }
        let blocks = find_blocks(g, &by_nbr, &members, &class);
        if members.len() == n && blocks.is_empty() {
            return None;
        }
        let mut s = Self::with_classes(g, class, members, by_nbr);
        s.set_blocks(blocks);
        Some(s)
    }

    /// Installs the block classes (each checked an automorphism class by [`find_blocks`]).
    fn set_blocks(&mut self, blocks: Vec<BlockClass>) {
        let n = self.class.len();
        self.block_of = vec![(NONE, NONE, NONE); n];
        self.block_colour.clear();
        // colours of block vertices come after every twin class's
        let mut colour = self.members.len() as u64;
        for (c, bc) in blocks.iter().enumerate() {
            for (i, b) in bc.blocks.iter().enumerate() {
                for (t, &v) in b.iter().enumerate() {
                    self.block_of[v as usize] = (c as u32, i as u32, t as u32);
                }
            }
            self.block_colour.push(colour);
            colour += bc.blocks[0].len() as u64;
        }
        self.bnext = vec![0; blocks.len()];
        self.blocks = blocks;
    }

    /// The block of `v` as `(class, block)`, or None outside the block classes.
    #[inline]
    pub fn block(&self, v: u32) -> Option<(u32, u32)> {
        self.block_of
            .get(v as usize)
            .filter(|b| b.0 != NONE)
            .map(|&(c, i, _)| (c, i))
    }

    /// The symmetry of the graph's automorphisms ([`super::automorphism`]) instead of twins, when
    /// it has some that one vertex pins down: the classes are single vertices (positions are not
    /// canonical up to twins, only up to the group).
    pub fn automorphic(g: &Graph) -> Option<Symmetry> {
        let twins = Symmetry::find(g);
        let class: Vec<u32> = match &twins {
            Some(t) => t.class.clone(),
            None => (0..g.n() as u32).collect(),
        };
        let group = Group::find(g, &class)?;
        let n = g.n();
        let by_nbr = sorted_adjacency(g);
        let mut s = Self::with_classes(
            g,
            (0..n as u32).collect(),
            (0..n as u32).map(|v| vec![v]).collect(),
            by_nbr,
        );
        s.group = Some(group);
        Some(s)
    }

    fn with_classes(
        g: &Graph,
        class: Vec<u32>,
        members: Vec<Vec<u32>>,
        by_nbr: Vec<Vec<(u32, u32)>>,
    ) -> Symmetry {
        let n = g.n();
        let classes = members.len();
        let mut between = Vec::new();
        if n <= DENSE_VERTICES {
            between = vec![NONE; n * n];
            for (e, &(a, b)) in g.ends.iter().enumerate() {
                between[a as usize * n + b as usize] = e as u32;
                between[b as usize * n + a as usize] = e as u32;
            }
        }
        Symmetry {
            between,
            class,
            members,
            by_nbr,
            forms: 0,
            fallbacks: 0,
            alive: vec![false; n],
            tindex: vec![NONE; n],
            next: vec![0; classes],
            group: None,
            blocks: Vec::new(),
            block_of: Vec::new(),
            block_colour: Vec::new(),
            bnext: Vec::new(),
        }
    }

    /// The edge between `u` and `v` (which must be adjacent).
    #[inline]
    pub fn edge_between(&self, u: u32, v: u32) -> u32 {
        if !self.between.is_empty() {
            let e = self.between[u as usize * self.class.len() + v as usize];
            assert!(
                e != NONE,
                "a permutation within twin classes maps edges to edges"
            );
            return e;
        }
        let a = &self.by_nbr[u as usize];
        let i = a
            .binary_search_by_key(&v, |&(w, _)| w)
            .expect("a permutation within twin classes maps edges to edges");
        a[i].1
    }

    /// The image of edge `e` under the vertex map `map`.
    #[inline]
    pub fn map_edge(&self, g: &Graph, e: u32, map: &[u32]) -> u32 {
        let (a, b) = g.ends[e as usize];
        let (x, y) = (map[a as usize], map[b as usize]);
        if x == a && y == b {
            e
        } else {
            self.edge_between(x, y)
        }
    }

    /// The image of an edge set under the vertex map `map`.
    pub fn map_set(&self, g: &Graph, s: &EdgeSet, map: &[u32]) -> EdgeSet {
        let mut out = EdgeSet::empty(g.m());
        for e in s.iter() {
            out.insert(self.map_edge(g, e, map));
        }
        out
    }

    /// The canonical form of the restricted position (`pos`, `cm`) with its edges `edges` (those
    /// with `cm > 0`) and its cap (see the module documentation).
    pub fn canonical(
        &mut self,
        g: &Graph,
        pos: u32,
        cm: &[u32],
        edges: &[u32],
        cap: u32,
    ) -> Canonical {
        self.forms += 1;
        let n = g.n();
        // alive vertices
        let mut alive_list: Vec<u32> = vec![pos];
        self.alive[pos as usize] = true;
        for &e in edges {
            let (a, b) = g.ends[e as usize];
            for v in [a, b] {
                if !self.alive[v as usize] {
                    self.alive[v as usize] = true;
                    alive_list.push(v);
                }
            }
        }
        // the touched graph: vertices, and edges of positive deficiency
        let mut touched: Vec<u32> = vec![pos];
        self.tindex[pos as usize] = 0;
        let mut deficient: Vec<(u32, u32, u32)> = Vec::new();
        for &v in &alive_list {
            for &(w, e) in g.adj(v) {
                if w < v || !self.alive[w as usize] || (g.exit(v) && g.exit(w)) {
                    continue;
                }
                let d = g.mult[e as usize].min(cap) - cm[e as usize];
                if d > 0 {
                    for x in [v, w] {
                        if self.tindex[x as usize] == NONE {
                            self.tindex[x as usize] = touched.len() as u32;
                            touched.push(x);
                        }
                    }
                    deficient.push((self.tindex[v as usize], self.tindex[w as usize], d));
                }
            }
        }
        // a touched block is touched whole: its other vertices join, dead or alive
        let mut mates: Vec<(u32, u32)> = Vec::new();
        if !self.blocks.is_empty() {
            let mut done: Vec<(u32, u32)> = Vec::new();
            let mut i = 0;
            while i < touched.len() {
                let v = touched[i];
                i += 1;
                let (c, b, _) = self.block_of[v as usize];
                if c == NONE || done.contains(&(c, b)) {
                    continue;
                }
                done.push((c, b));
                let block = &self.blocks[c as usize].blocks[b as usize];
                for &x in block {
                    if self.tindex[x as usize] == NONE {
                        self.tindex[x as usize] = touched.len() as u32;
                        touched.push(x);
                    }
                }
                for (j, &x) in block.iter().enumerate() {
                    for &y in &block[j + 1..] {
                        mates.push((self.tindex[x as usize], self.tindex[y as usize]));
                    }
                }
            }
        }
        let colours: Vec<u64> = touched
            .iter()
            .map(|&v| {
                let (c, _, t) = self
                    .block_of
                    .get(v as usize)
                    .copied()
                    .unwrap_or((NONE, 0, 0));
                let id = if c == NONE {
                    self.class[v as usize] as u64
                } else {
                    self.block_colour[c as usize] + t as u64
                };
                4 * id + 2 * u64::from(self.alive[v as usize]) + u64::from(v == pos)
            })
            .collect();
        let order = self.label(colours, &deficient, &mates);
        // the canonical position: per class, touched (canonical order), plain, dead; per block
        // class, the touched blocks (in the order of their first vertex) then the untouched
        // ones by pattern
        let mut to_canon = vec![NONE; n];
        let mut cat = vec![0u32; n];
        for c in self.next.iter_mut() {
            *c = 0;
        }
        for c in self.bnext.iter_mut() {
            *c = 0;
        }
        for &t in &order {
            let v = touched[t as usize];
            let (bc, b, _) = self
                .block_of
                .get(v as usize)
                .copied()
                .unwrap_or((NONE, 0, 0));
            if bc != NONE {
                let blocks = &self.blocks[bc as usize].blocks;
                if to_canon[blocks[b as usize][0] as usize] == NONE {
                    let slot = &blocks[self.bnext[bc as usize] as usize];
                    self.bnext[bc as usize] += 1;
                    for (&x, &y) in blocks[b as usize].iter().zip(slot) {
                        to_canon[x as usize] = y;
                        cat[y as usize] = y;
                    }
                }
                continue;
            }
            let c = self.class[v as usize] as usize;
            to_canon[v as usize] = self.members[c][self.next[c] as usize];
            self.next[c] += 1;
        }
        for (bc, class) in self.blocks.iter().enumerate() {
            let mut rest: Vec<(std::cmp::Reverse<u32>, u32)> = Vec::new();
            for (b, block) in class.blocks.iter().enumerate() {
                if to_canon[block[0] as usize] == NONE {
                    let pattern = block
                        .iter()
                        .enumerate()
                        .map(|(t, &x)| u32::from(self.alive[x as usize]) << t)
                        .sum();
                    rest.push((std::cmp::Reverse(pattern), b as u32));
                }
            }
            rest.sort_unstable();
            let touched_blocks = self.bnext[bc] as usize;
            let mut first = touched_blocks;
            for (k, &(pattern, b)) in rest.iter().enumerate() {
                let slot = touched_blocks + k;
                if k > 0 && rest[k - 1].0 != pattern {
                    first = slot;
                }
                for (t, &x) in class.blocks[b as usize].iter().enumerate() {
                    let y = class.blocks[slot][t];
                    to_canon[x as usize] = y;
                    cat[y as usize] = class.blocks[first][t];
                }
            }
        }
        for (c, mem) in self.members.iter().enumerate() {
            if mem.len() == 1 {
                let v = mem[0];
                if self.block(v).is_none() {
                    // its own image (touched or not) and its own category
                    to_canon[v as usize] = v;
                    cat[v as usize] = v;
                }
                continue;
            }
            let first_plain = self.next[c] as usize;
            for s in 0..first_plain {
                cat[mem[s] as usize] = mem[s];
            }
            for want_alive in [true, false] {
                let start = self.next[c] as usize;
                for &v in mem {
                    if to_canon[v as usize] == NONE && self.alive[v as usize] == want_alive {
                        let slot = mem[self.next[c] as usize];
                        to_canon[v as usize] = slot;
                        cat[slot as usize] = mem[start.min(mem.len() - 1)];
                        self.next[c] += 1;
                    }
                }
            }
        }
        let mut to_real = vec![0u32; n];
        for (v, &c) in to_canon.iter().enumerate() {
            to_real[c as usize] = v as u32;
        }
        let mut ccm = vec![0u32; cm.len()];
        for &e in edges {
            ccm[self.map_edge(g, e, &to_canon) as usize] = cm[e as usize];
        }
        // increasing: read off `ccm` (as long as zeroing it; sorting thousands of edges took a
        // fifth of a form)
        let cedges: Vec<u32> = (0..cm.len() as u32)
            .filter(|&e| ccm[e as usize] > 0)
            .collect();
        // reset the scratch marks
        for &v in &alive_list {
            self.alive[v as usize] = false;
        }
        for &v in &touched {
            self.tindex[v as usize] = NONE;
        }
        Canonical {
            pos: to_canon[pos as usize],
            cm: ccm,
            edges: cedges,
            perm: Perm { to_canon, to_real },
            cat,
        }
    }

    /// The canonical order of the touched graph (indices into `touched`): the leaf of least
    /// certificate of the individualisation-refinement tree.
    fn label(
        &mut self,
        colours: Vec<u64>,
        deficient: &[(u32, u32, u32)],
        mates: &[(u32, u32)],
    ) -> Vec<u32> {
        let k = colours.len();
        let mut matrix = vec![0u32; k * k];
        for &(a, b, d) in deficient {
            matrix[a as usize * k + b as usize] = d;
            matrix[b as usize * k + a as usize] = d;
        }
        for &(a, b) in mates {
            matrix[a as usize * k + b as usize] |= MATE;
            matrix[b as usize * k + a as usize] |= MATE;
        }
        let mut nbrs: Vec<Vec<(u32, u32)>> = vec![Vec::new(); k];
        for (a, b) in deficient
            .iter()
            .map(|&(a, b, _)| (a, b))
            .chain(mates.iter().copied())
        {
            let label = matrix[a as usize * k + b as usize];
            if !nbrs[a as usize].contains(&(b, label)) {
                nbrs[a as usize].push((b, label));
                nbrs[b as usize].push((a, label));
            }
        }
        let mut tree = Tree {
            nbrs: &nbrs,
            matrix: &matrix,
            colour0: &colours,
            best: None,
            leaves: 0,
            stopped: false,
        };
        tree.explore(colours.clone());
        if tree.stopped {
            self.fallbacks += 1;
        }
        tree.best.expect("the tree has a leaf").1
    }

    /// A permutation within the categories of a canonical position that maps the edge `(a, b)` to
    /// `(x, y)` (ends of equal categories, `cat[a] = cat[x]`, `cat[b] = cat[y]`), as pairs `(v,
    /// image)` of the vertices it moves. Categories group interchangeable vertices (see the module
    /// documentation), so the permutation fixes the position. When `a` and `b` are of different
    /// categories it is the transpositions `(a x)(b y)` (disjoint, each within a category or the
    /// identity); of one category, a bijection of `{a, b, x, y}` sending `a` to `x`, `b` to `y`
    /// and the rest of `{x, y}` onto the rest of `{a, b}`. A vertex of a block class stands for
    /// its block (its *unit*): the map is built on units, then a block goes onto a block vertex by
    /// vertex (same `t`); `a`, `b` in one block means `x`, `y` in one block (no edge joins two
    /// blocks of a class), and the map is the exchange of the two blocks.
    pub fn sibling_map(&self, a: u32, b: u32, x: u32, y: u32) -> Vec<(u32, u32)> {
        // a block stands for its vertices through its first one
        let unit = |v: u32| match self.block(v) {
            Some((c, i)) => self.blocks[c as usize].blocks[i as usize][0],
            None => v,
        };
        let (ua, ub, ux, uy) = (unit(a), unit(b), unit(x), unit(y));
        let units = if ua == ub {
            // one block (no edge joins two blocks of a class): so are x and y
            debug_assert_eq!(ux, uy, "an edge inside a block maps to one inside a block");
            if ua == ux {
                Vec::new()
            } else {
                vec![(ua, ux), (ux, ua)]
            }
        } else {
            Self::vertex_map(ua, ub, ux, uy)
        };
        let mut map = Vec::with_capacity(units.len());
        for (s, d) in units {
            match (self.block(s), self.block(d)) {
                (Some((c, i)), Some((c2, j))) => {
                    debug_assert_eq!(c, c2, "blocks of one class");
                    let blocks = &self.blocks[c as usize].blocks;
                    map.extend(
                        blocks[i as usize]
                            .iter()
                            .copied()
                            .zip(blocks[j as usize].iter().copied()),
                    );
                }
                _ => map.push((s, d)),
            }
        }
        map
    }

    /// [`Self::sibling_map`] on vertices that stand for themselves (twins, or blocks through
    /// their first vertices).
    fn vertex_map(a: u32, b: u32, x: u32, y: u32) -> Vec<(u32, u32)> {
        let mut map: Vec<(u32, u32)> = Vec::with_capacity(4);
        map.push((a, x));
        map.push((b, y));
        let sources = [a, b];
        let targets = [x, y];
        let extra_src: Vec<u32> = targets
            .iter()
            .copied()
            .filter(|t| !sources.contains(t))
            .collect();
        let extra_dst: Vec<u32> = sources
            .iter()
            .copied()
            .filter(|s| !targets.contains(s))
            .collect();
        for (s, d) in extra_src.into_iter().zip(extra_dst) {
            map.push((s, d));
        }
        map.retain(|&(s, d)| s != d);
        map
    }

    /// The image of `e` under a sibling map.
    pub fn apply_sibling(&self, g: &Graph, e: u32, map: &[(u32, u32)]) -> u32 {
        let im = |v: u32| map.iter().find(|&&(s, _)| s == v).map_or(v, |&(_, d)| d);
        let (a, b) = g.ends[e as usize];
        let (x, y) = (im(a), im(b));
        if x == a && y == b {
            e
        } else {
            self.edge_between(x, y)
        }
    }
}

/// The individualisation-refinement tree of one touched graph.
struct Tree<'a> {
    nbrs: &'a [Vec<(u32, u32)>],
    matrix: &'a [u32],
    colour0: &'a [u64],
    /// The least certificate so far and its order.
    best: Option<(Vec<u64>, Vec<u32>)>,
    leaves: usize,
    stopped: bool,
}

impl Tree<'_> {
    /// Refines `colours` to an equitable partition; colours become the ranks `0..cells` of the
    /// signatures (colour, multiset of (neighbour's colour, label)).
    fn refine(&self, colours: &mut [u64]) {
        let k = colours.len();
        let mut cells = usize::MAX;
        loop {
            let mut sigs: Vec<(Vec<u64>, u32)> = (0..k)
                .map(|v| {
                    let mut s: Vec<u64> = self.nbrs[v]
                        .iter()
                        .map(|&(w, d)| (colours[w as usize] << 32) | d as u64)
                        .collect();
                    s.sort_unstable();
                    s.insert(0, colours[v]);
                    (s, v as u32)
                })
                .collect();
            sigs.sort_unstable();
            let mut rank = 0u64;
            for i in 0..k {
                if i > 0 && sigs[i].0 != sigs[i - 1].0 {
                    rank += 1;
                }
                colours[sigs[i].1 as usize] = rank;
            }
            let now = rank as usize + 1;
            if now == cells || now == k {
                return;
            }
            cells = now;
        }
    }

    fn explore(&mut self, mut colours: Vec<u64>) {
        if self.stopped {
            return;
        }
        self.refine(&mut colours);
        let k = colours.len();
        // the first cell with two vertices or more, in colour order
        let mut count = vec![0u32; k];
        for &c in &colours {
            count[c as usize] += 1;
        }
        let Some(target) = (0..k).find(|&c| count[c] > 1) else {
            self.leaf(&colours);
            return;
        };
        let cell: Vec<u32> = (0..k as u32)
            .filter(|&v| colours[v as usize] == target as u64)
            .collect();
        for v in cell {
            if self.stopped {
                return;
            }
            let split: Vec<u64> = colours
                .iter()
                .enumerate()
                .map(|(u, &c)| 2 * c + u64::from(c == target as u64 && u as u32 != v))
                .collect();
            self.explore(split);
        }
    }

    fn leaf(&mut self, colours: &[u64]) {
        let k = colours.len();
        let mut order = vec![0u32; k];
        for (v, &c) in colours.iter().enumerate() {
            order[c as usize] = v as u32;
        }
        let mut cert: Vec<u64> = order.iter().map(|&v| self.colour0[v as usize]).collect();
        for i in 0..k {
            for j in i + 1..k {
                cert.push(self.matrix[order[i] as usize * k + order[j] as usize] as u64);
            }
        }
        if self.best.as_ref().is_none_or(|(b, _)| cert < *b) {
            self.best = Some((cert, order));
        }
        self.leaves += 1;
        if self.leaves >= MAX_LEAVES {
            self.stopped = true;
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::nemesis::blocks::swap_is_automorphism;

    /// s(0) joined to a(1), b(2), c(3) (false twins), each joined to exits x(4), y(5) (twins);
    /// also the fugitive walk's tests' graph.
    pub(in crate::nemesis) fn fan() -> Graph {
        let ends = vec![
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 4),
            (1, 5),
            (2, 4),
            (2, 5),
            (3, 4),
            (3, 5),
        ];
        let m = ends.len();
        Graph::new(
            6,
            ends,
            vec![1; m],
            vec![false, false, false, false, true, true],
        )
        .unwrap()
    }

    #[test]
    fn twin_classes_of_a_fan_and_none_on_a_path() {
        let s = Symmetry::find(&fan()).unwrap();
        assert_eq!(s.members, vec![vec![0], vec![1, 2, 3], vec![4, 5]]);
        let p = Graph::new(3, vec![(0, 1), (1, 2)], vec![1, 2], vec![false; 3]).unwrap();
        assert!(Symmetry::find(&p).is_none());
        // a triangle of true twins with a pendant vertex on each: no twins left
        let k3 = Graph::new(3, vec![(0, 1), (1, 2), (0, 2)], vec![2; 3], vec![false; 3]).unwrap();
        assert_eq!(Symmetry::find(&k3).unwrap().members, vec![vec![0, 1, 2]]);
    }

    #[test]
    fn positions_of_one_orbit_get_one_canonical_form_and_others_not() {
        let g = fan();
        let mut s = Symmetry::find(&g).unwrap();
        let all: Vec<u32> = (0..g.m() as u32).collect();
        let canon = |s: &mut Symmetry, pos: u32, cm: &[u32]| {
            let edges: Vec<u32> = all
                .iter()
                .copied()
                .filter(|&e| cm[e as usize] > 0)
                .collect();
            let c = s.canonical(&g, pos, cm, &edges, 5);
            (c.pos, c.cm)
        };
        // delete a-x, or b-y, or c-x: one orbit
        let mut one = vec![1u32; 9];
        one[3] = 0;
        let mut two = vec![1u32; 9];
        two[6] = 0;
        let mut three = vec![1u32; 9];
        three[7] = 0;
        let a = canon(&mut s, 0, &one);
        assert_eq!(a, canon(&mut s, 0, &two));
        assert_eq!(a, canon(&mut s, 0, &three));
        // a-x and b-y deleted (a matching) is not a-x and a-y (a star)
        let mut matching = vec![1u32; 9];
        matching[3] = 0;
        matching[6] = 0;
        let mut star = vec![1u32; 9];
        star[3] = 0;
        star[4] = 0;
        assert_ne!(canon(&mut s, 0, &matching), canon(&mut s, 0, &star));
        let mut other = vec![1u32; 9];
        other[5] = 0;
        other[8] = 0;
        assert_eq!(canon(&mut s, 0, &matching), canon(&mut s, 0, &other));
        assert_eq!(s.fallbacks, 0);
    }

    /// s(0), s'(1) (false twins) joined to u_1..u_3 (2-4), each u_i to its own v_i (5-7) (a
    /// matching: the blocks `{u_i, v_i}`), each v_i to the exits x(8), y(9).
    pub(in crate::nemesis) fn matching() -> Graph {
        let mut ends = Vec::new();
        for i in 0..3 {
            ends.extend([
                (0, 2 + i),
                (1, 2 + i),
                (2 + i, 5 + i),
                (5 + i, 8),
                (5 + i, 9),
            ]);
        }
        let m = ends.len();
        let mut is_exit = vec![false; 10];
        is_exit[8] = true;
        is_exit[9] = true;
        Graph::new(10, ends, vec![1; m], is_exit).unwrap()
    }

    fn edge(g: &Graph, a: u32, b: u32) -> usize {
        g.ends
            .iter()
            .position(|&e| e == (a.min(b), a.max(b)))
            .expect("an edge")
    }

    #[test]
    fn a_matching_of_copies_is_a_block_class_whose_exchanges_are_automorphisms() {
        let g = matching();
        let s = Symmetry::find(&g).unwrap();
        assert_eq!(s.members.len(), 1 + 3 + 3 + 1); // {s, s'}, the u's and v's alone, {x, y}
        assert_eq!(
            s.blocks,
            vec![BlockClass {
                blocks: vec![vec![2, 5], vec![3, 6], vec![4, 7]]
            }]
        );
        assert_eq!(s.block(6), Some((0, 1)));
        assert_eq!(s.block(0), None);
        let by_nbr = sorted_adjacency(&g);
        assert!(swap_is_automorphism(&g, &by_nbr, &[2, 5], &[4, 7]));
        // exchanging u's alone, or a u with another block's v, is not one
        assert!(!swap_is_automorphism(&g, &by_nbr, &[2], &[3]));
        assert!(!swap_is_automorphism(&g, &by_nbr, &[2, 5], &[3, 7]));
        // a second edge between two blocks breaks the class: one component
        let mut ends = g.ends.clone();
        ends.push((5, 6));
        let m = ends.len();
        let joined = Graph::new(10, ends, vec![1; m], g.is_exit.clone()).unwrap();
        assert!(Symmetry::find(&joined).unwrap().blocks.is_empty());
    }

    #[test]
    fn block_positions_of_one_orbit_get_one_canonical_form_and_others_not() {
        let g = matching();
        let mut s = Symmetry::find(&g).unwrap();
        let canon = |s: &mut Symmetry, pos: u32, gone: &[(u32, u32)]| {
            let mut cm = vec![1u32; g.m()];
            for &(a, b) in gone {
                cm[edge(&g, a, b)] = 0;
            }
            let edges: Vec<u32> = (0..g.m() as u32).filter(|&e| cm[e as usize] > 0).collect();
            let c = s.canonical(&g, pos, &cm, &edges, 5);
            // the relabelling is a block permutation: an automorphism mapping the position
            for (e, &(a, b)) in g.ends.iter().enumerate() {
                let f = s.map_edge(&g, e as u32, &c.perm.to_canon) as usize;
                assert_eq!(c.cm[f], cm[e]);
                let (x, y) = g.ends[f];
                let (pa, pb) = (c.perm.to_canon[a as usize], c.perm.to_canon[b as usize]);
                assert!((x, y) == (pa, pb) || (x, y) == (pb, pa));
            }
            (c.pos, c.cm)
        };
        // one fuse u_i - v_i deleted: one orbit
        let a = canon(&mut s, 0, &[(2, 5)]);
        assert_eq!(a, canon(&mut s, 0, &[(3, 6)]));
        assert_eq!(a, canon(&mut s, 1, &[(4, 7)]));
        // a fuse and an exit edge of the same block, not of two blocks
        let same = canon(&mut s, 0, &[(2, 5), (5, 8)]);
        assert_eq!(same, canon(&mut s, 0, &[(4, 7), (7, 9)]));
        let two = canon(&mut s, 0, &[(2, 5), (6, 8)]);
        assert_ne!(same, two);
        assert_eq!(two, canon(&mut s, 0, &[(4, 7), (5, 9)]));
        // the fugitive in a block, another block touched: the block exchange
        let on = canon(&mut s, 2, &[(6, 8)]);
        assert_eq!(on, canon(&mut s, 3, &[(5, 8)]));
        assert_eq!(on, canon(&mut s, 4, &[(5, 9)]));
        assert_ne!(on, canon(&mut s, 2, &[(5, 8)]));
        // dead vertices: u_3 cut off (its three edges gone), or u_1; not v_1
        let dead_u = canon(&mut s, 0, &[(0, 4), (1, 4), (4, 7)]);
        assert_eq!(dead_u, canon(&mut s, 0, &[(0, 2), (1, 2), (2, 5)]));
        assert_ne!(dead_u, canon(&mut s, 0, &[(2, 5), (5, 8), (5, 9)]));
        assert_eq!(s.fallbacks, 0);
    }

    /// The pairs `(v, image)` of `map` permute the vertices they move.
    fn assert_permutes(map: &[(u32, u32)]) {
        let mut moved: Vec<u32> = map.iter().map(|&(v, _)| v).collect();
        let mut images: Vec<u32> = map.iter().map(|&(_, d)| d).collect();
        moved.sort_unstable();
        images.sort_unstable();
        assert_eq!(moved, images, "a permutation of the vertices it moves");
    }

    #[test]
    fn a_sibling_map_exchanges_whole_blocks() {
        let g = matching();
        let s = Symmetry::find(&g).unwrap();
        // the fuse of block 1 onto that of block 3; an exit edge of block 2 onto one of block 1
        for (a, b, x, y) in [(2, 5, 4, 7), (6, 8, 5, 8), (0, 3, 1, 4)] {
            let map = s.sibling_map(a, b, x, y);
            let im = |v: u32| map.iter().find(|&&(p, _)| p == v).map_or(v, |&(_, d)| d);
            assert_eq!((im(a), im(b)), (x, y));
            // a permutation, and an automorphism
            assert_permutes(&map);
            for e in 0..g.m() as u32 {
                let f = s.apply_sibling(&g, e, &map);
                let ((p, q), (u, v)) = (g.ends[e as usize], g.ends[f as usize]);
                assert!((im(p), im(q)) == (u, v) || (im(q), im(p)) == (u, v));
            }
        }
    }

    #[test]
    fn the_matrix_and_the_adjacency_find_the_same_edges() {
        let g = fan();
        let dense = Symmetry::find(&g).unwrap();
        let mut sparse = Symmetry::find(&g).unwrap();
        sparse.between.clear(); // as on a graph of more than DENSE_VERTICES vertices
        assert_eq!(dense.between.len(), 36);
        for (e, &(a, b)) in g.ends.iter().enumerate() {
            for s in [&dense, &sparse] {
                assert_eq!(
                    (s.edge_between(a, b), s.edge_between(b, a)),
                    (e as u32, e as u32)
                );
            }
        }
    }

    #[test]
    fn a_sibling_map_moves_one_edge_onto_the_other() {
        for (a, b, x, y) in [
            (1, 2, 2, 3),
            (1, 2, 2, 1),
            (1, 2, 3, 4),
            (1, 2, 1, 2),
            (1, 2, 3, 1),
        ] {
            let map = Symmetry::vertex_map(a, b, x, y);
            let im = |v: u32| map.iter().find(|&&(s, _)| s == v).map_or(v, |&(_, d)| d);
            assert_eq!((im(a), im(b)), (x, y));
            assert_permutes(&map);
        }
    }
}
