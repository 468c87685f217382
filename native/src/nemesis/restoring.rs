//! The Nemesis' side of a blow-up: the *restoring game* on the graph with its heavy classes cut
//! down to two units. Its Nemesis wins are wins on the whole graph; what settles Lemma 14's graphs
//! of false QBFs.
//!
//! The one-sided games of [`super::search::Search::fugitive_side`] and [`super::reduced`] prove
//! the fugitive's wins; a false QBF's graph needs a proof of hers, and there the fugitive may
//! not be restricted: with `N` copies per vertex he may wander from copy to copy, and the plain
//! search meets every such walk (1.3 million positions without an answer on the 807-vertex graph
//! of `∃x: x ∧ ¬x`). Here he is given *more* power instead, so that her wins stay wins.
//!
//! **The restoring game `Q`.** Let `G` be a graph and `C` a set of its classes of false twins
//! and block classes ([`super::blocks`]), the *restored* classes, each of two units or more (a
//! unit: a vertex of a twin class, a block of a block class); no edge joins two units of one such
//! class. `G'` keeps two units of each class of `C` (the fugitive's start among them) and every
//! other vertex. `Q` is played on `G'` as the game without revisits, except:
//!
//! 1. the Nemesis may delete an edge only when each of its ends in a class of `C` is in the
//!    fugitive's unit (in Blizzard, besides, at his vertex): a *sticky* edge;
//! 2. the vertex he leaves is removed when it is in no class of `C`; when it is, his unit is
//!    *restored* instead: every edge at its vertices gets back its initial copies, but those to
//!    removed vertices;
//! 3. he wins by stepping onto an exit; she wins when he is trapped (no exit left in his
//!    component), when the position is *flat*: no vertex of his component has two exit copies or
//!    more (then she deletes the exit copy at each vertex he arrives at, and he never steps out:
//!    deletions only shrink the component), or when she wins the *race* of
//!    `Restoring::race_won` (she can bring every vertex with two exit copies down to one before he
//!    can reach it; then, earliest deadline first, he never steps out either);
//! 4. the *horizon* `L`: when he has made `L` moves the play ends and she has not won.
//!
//! **Theorem.** A Nemesis win in `Q` from `s` within the horizon is a Nemesis win in the game on
//! `G` from `s`.
//!
//! *Proof.* If the fugitive wins the game on `G`, he wins without revisits (step 2 of
//! [`super::search`]); so let her play the game without revisits on `G` against any fugitive,
//! following her winning strategy in a simulated play of `Q`. In `Q` every unit of a class of `C`
//! other than his is *untouched*: whole but for its edges to removed vertices (her deletions
//! touch only his unit and vertices outside `C`, and the unit he leaves is restored). She keeps a
//! map `φ` from the vertices of `G` still there to those of `G'`: the identity outside the classes
//! of `C` (those vertices are all in `G'`), his real unit onto his simulated one, and every other
//! unit of such a class onto a unit of `G'` of that class other than his simulated one (by the
//! index of the vertex in the block). `φ` maps edges onto edges: between two classes the units
//! are joined as wholes (exchanging units is an automorphism), no edge joins two units of a class
//! of `C`, and a vertex outside `C` is joined to all units alike. Her invariant: every edge of the
//! real position has copies at most those of its image, and the vertices removed outside `C` are
//! the same. It holds at the start (`φ` the identity on `G'`). A real move of his to `x` is a
//! simulated move to `φ(x)` (the edge is there, by the invariant; `φ(x)` is not a removed vertex:
//! the real play removes the same vertices outside `C`); afterwards she takes the new `φ` for the
//! new units (his old real unit is removed or spoilt, its image in `Q` restored, so edges only
//! gained copies in the image). Her simulated deletion is of a sticky edge, whose ends outside his
//! unit are outside `C`: `φ` is one-to-one there, and she deletes its preimage. His real exit
//! would be a simulated exit (the exit edge maps onto one with as many copies), which her
//! strategy prevents. When the simulated play is trapped, so is the real one: a real path to an
//! exit maps onto a simulated walk to it. From a flat simulated position or a won race she
//! stops simulating and plays on in the real game, where nothing is restored: a real vertex of
//! his real component maps onto one of the simulated component (a real path maps onto a
//! simulated walk of its length) and has at most its image's exit copies. Flat: so every real
//! vertex he can reach has one exit copy at most; deletions only shrink his component and the
//! copies, so deleting the exit copy at each vertex he arrives at keeps him in, and the play,
//! finite without revisits, ends with him trapped (when there is none to delete she deletes any
//! edge). The race: it is used only when no vertex of a class of `C` has an exit edge, so the
//! vertices with exit copies are outside `C`, where `φ` is one-to-one: the real demands are at
//! most the simulated ones, his real distances to them at least the simulated ones, and the
//! forced turns bounded alike, so earliest deadline first wins the real race too. (In `Q` itself
//! a flat position need not stay flat: a unit he leaves gets its exit copies back.) The horizon
//! only ends plays she has not won. ∎
//!
//! The fugitive's extra power is that a unit he leaves comes back whole: her deletions in his unit
//! (a fuse of Lemma 14, `u_i - v_i`) last only while he stays, as in the real game where he may
//! try another copy `u_j - v_j` after a detour; the paper's timing argument (its proof of Lemma
//! 14) is that such detours come too late, and `Q` decides that for the given graph. Nothing is
//! asked of `N` (the number of copies): `φ` may send many real units onto one simulated unit.
//!
//! The search of `Q` is a depth-first minimax over its positions (the fugitive's vertex, the
//! multiplicities, the removed vertices) with a table holding, per position and side to move, the
//! least horizon she was found to win with and the largest she was not (a win within a horizon is
//! one within every longer one). Its key (`Restoring::key`) is the same for positions that the
//! game's symmetries exchange. Moves and deletions equivalent under the exchange of two vertices
//! (untouched units of a class of `C`; false twins outside `C` whose edges have equal copies,
//! neither of them his vertex) are tried once: the exchange is an automorphism fixing the position
//! and the rules, so their values are equal. She tries first the deletions that halve a vertex
//! with two exit copies, the least *slack* first (its distance from him less the vertices of its
//! twin class, an exit gadget, still to halve: a gadget of `k` such vertices `k` moves away must
//! be started now), then the nearest; he tries first the moves nearest such a vertex.
//!
//! **Progressing, without horizon** ([`Restoring::nemesis_wins_progressing`]). A horizon makes
//! her search at a horizon too short meet every walk of his, and restored units let him walk for
//! ever. But her wins need few of her strategies: on Lemma 14's graphs she halves exit gadgets
//! (deletions outside `C`, never restored: *permanent*) and burns a fuse in his unit now and then
//! (a *transient* deletion). Restricted to permanent deletions (but an exit copy that does not
//! halve its vertex, away from him: it only saves her a later forced turn) and at most a
//! *budget* of transient ones (passes included), every play ends by itself: each of her turns
//! lowers the copies outside `C` or the budget. So no horizon is needed, no position is searched
//! again at a longer one, and a win found is a win of `Q` (she plays one of her strategies). On
//! the benchmark's false `∀x∃y` graph this settles in 1.8 s and 110,485 positions what the horizons
//! settled in 559 s and 39.6 M positions.

use std::collections::HashMap;

use super::graph::Graph;
use super::reduced::cut_down;
use super::search::{heavy_vertices, NO_UNIT};
use super::symmetry::Symmetry;
use super::{Stopped, POLL_EVERY};

/// The restoring game `Q` of a graph (see the module documentation) and its table.
pub struct Restoring {
    /// `G'`: the classes of `C` cut down to two units.
    pub g: Graph,
    /// `G`'s vertex of each vertex of `G'`.
    pub vertices: Vec<u32>,
    blizzard: bool,
    /// Per vertex of `G'`, its unit (an index of `unit_vertices`) when in a class of `C`, else
    /// [`NO_UNIT`].
    unit: Vec<u32>,
    unit_vertices: Vec<Vec<u32>>,
    /// Per unit, the other unit of its class in `G'`.
    other_unit: Vec<u32>,
    /// Per vertex outside `C`, its class of false twins in `G'` (itself when it has none).
    twin: Vec<u32>,
    /// Per vertex, `(neighbour, edge)` by increasing neighbour.
    by_nbr: Vec<Vec<(u32, u32)>>,
    table: HashMap<Box<[u8]>, (u32, u32)>,
    /// Per unit that is the second of its class, the map of edges exchanging the two units (an
    /// automorphism), else empty.
    swap_edges: Vec<Vec<u32>>,
    /// Per unit that is the second of its class, the map of vertices exchanging the two units.
    swap_vertices: Vec<Vec<u32>>,
    /// The classes of false twins outside `C` none of whose neighbours (but exits) is in another
    /// such class: their members are sorted by state in the keys.
    sorted: Vec<Vec<u32>>,
    in_sorted: Vec<bool>,
    /// Whether each vertex has an edge to an exit.
    has_exit_edge: Vec<bool>,
    /// Per vertex, its edges to exits.
    exit_edges: Vec<Vec<u32>>,
    /// The edges between two vertices that are neither exits nor in a class of `sorted`.
    plain_edges: Vec<u32>,
    /// Whether the race of [`Restoring::race_won`] is used (no vertex of a class of `C` has an
    /// exit edge).
    race: bool,
    /// Whether no two vertices with exit edges are adjacent.
    exit_vertices_apart: bool,
    /// Bits of a key's multiplicity and exit count (enough for the largest ones).
    mult_bits: u32,
    exit_bits: u32,
    /// Whether the search is *progressing* (see [`Restoring::nemesis_wins_progressing`]): `left`
    /// is then her budget of transient deletions, else the horizon of his moves.
    progressing: bool,
    /// Positions searched (table misses).
    pub nodes: u64,
    /// The most positions the table holds; when full it is emptied (see [`TABLE_LIMIT`]).
    pub table_limit: usize,
    /// How many times the table was emptied.
    pub forgotten: u64,
}

/// The most positions [`Restoring`]'s table holds by default, some 3 GB on the 304-vertex game of
/// the fourth two-variable Lemma 14 graph (bit-packed keys of some 150 bytes): the horizons'
/// search held 70 million positions (12 GB) there before it was bounded.
pub const TABLE_LIMIT: usize = 16_000_000;

/// A key being written, bit by bit (the table holds millions: a key of bytes per edge would
/// take gigabytes).
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    used: u32,
}

impl Bits {
    /// Appends the `width` (at most 32) low bits of `value`.
    fn push(&mut self, value: u32, width: u32) {
        let value = u64::from(value) & ((1u64 << width) - 1);
        let at = self.used % 8;
        if at == 0 {
            self.bytes.push(0);
        }
        let mut v = value << at;
        let last = self.bytes.len() - 1;
        self.bytes[last] |= v as u8;
        v >>= 8;
        let mut left = (at + width).saturating_sub(8);
        while left > 0 {
            self.bytes.push(v as u8);
            v >>= 8;
            left = left.saturating_sub(8);
        }
        self.used += width;
    }

    fn finish(self) -> Box<[u8]> {
        self.bytes.into_boxed_slice()
    }
}

/// A position of `Q`: the multiplicities and the removed vertices (the fugitive's vertex apart).
#[derive(Clone)]
struct Position {
    mult: Vec<u8>,
    removed: Vec<bool>,
}

impl Restoring {
    /// The restoring game of `g` from `start`, `C` the heavy classes of Remark 7 that are false
    /// twins or block classes (see [`super::search::Search::fugitive_side`]: in Lemma 14's graphs
    /// the copies of the multigraph's vertices, not the exit gadgets' vertices); None when there is
    /// no such class or a multiplicity exceeds 255.
    pub fn new(g: &Graph, blizzard: bool, start: u32) -> Option<Self> {
        if g.mult.iter().any(|&k| k > u8::MAX as u32) {
            return None;
        }
        let sym = Symmetry::find(g)?;
        let mut chosen = heavy_vertices(g, &sym);
        for (v, c) in chosen.iter_mut().enumerate() {
            let members = &sym.members[sym.class[v] as usize];
            let true_twins = sym.block(v as u32).is_none()
                && members.len() >= 2
                && g.adj(members[0]).iter().any(|&(x, _)| x == members[1]);
            *c &= !true_twins;
        }
        if !chosen.iter().any(|&c| c) {
            return None;
        }
        let cut = cut_down(g, &sym, &chosen, start, 2)?;
        let n = cut.graph.n();
        let mut index = vec![u32::MAX; g.n()];
        for (i, &v) in cut.vertices.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let mut unit = vec![NO_UNIT; n];
        let mut unit_vertices: Vec<Vec<u32>> = Vec::new();
        let mut other_unit: Vec<u32> = Vec::new();
        for class in &cut.units_of {
            let kept: Vec<&Vec<u32>> = class.iter().filter(|u| cut.kept[u[0] as usize]).collect();
            if kept.len() != 2 {
                return None;
            }
            let first = unit_vertices.len() as u32;
            for (k, u) in kept.into_iter().enumerate() {
                let members: Vec<u32> = u.iter().map(|&x| index[x as usize]).collect();
                for &x in &members {
                    unit[x as usize] = first + k as u32;
                }
                unit_vertices.push(members);
                other_unit.push(first + 1 - k as u32);
            }
        }
        let t = Symmetry::find(&cut.graph)?;
        // the classes of G' keep the rules: a class of C is its two units, the others avoid C
        for v in 0..n as u32 {
            let mates: Vec<u32> = match t.block(v) {
                Some((c, _)) => t.blocks[c as usize]
                    .blocks
                    .iter()
                    .flatten()
                    .copied()
                    .collect(),
                None => t.members[t.class[v as usize] as usize].clone(),
            };
            let in_c = |x: &u32| unit[*x as usize] != NO_UNIT;
            match unit[v as usize] {
                NO_UNIT if mates.iter().any(in_c) => return None,
                NO_UNIT => {}
                u => {
                    let mut own: Vec<u32> = unit_vertices[u as usize].clone();
                    own.extend(&unit_vertices[other_unit[u as usize] as usize]);
                    own.sort_unstable();
                    let mut mates = mates;
                    mates.sort_unstable();
                    if mates != own {
                        return None;
                    }
                }
            }
        }
        let twins = Some(&t);
        let twin: Vec<u32> = (0..n as u32)
            .map(|v| match twins {
                Some(t) if unit[v as usize] == NO_UNIT && t.block(v).is_none() => {
                    let m = &t.members[t.class[v as usize] as usize];
                    let true_twins =
                        m.len() >= 2 && cut.graph.adj(m[0]).iter().any(|&(x, _)| x == m[1]);
                    if true_twins {
                        v
                    } else {
                        m[0]
                    }
                }
                _ => v,
            })
            .collect();
        let by_nbr = (0..n as u32)
            .map(|v| {
                let mut a = cut.graph.adj(v).to_vec();
                a.sort_unstable();
                a
            })
            .collect();
        let g2 = &cut.graph;
        let mut edge_of: HashMap<(u32, u32), u32> = HashMap::new();
        for (e, &(a, b)) in g2.ends.iter().enumerate() {
            edge_of.insert((a.min(b), a.max(b)), e as u32);
        }
        let (mut swap_edges, mut swap_vertices) = (Vec::new(), Vec::new());
        for u in 0..unit_vertices.len() {
            let o = other_unit[u] as usize;
            if o > u {
                swap_edges.push(Vec::new());
                swap_vertices.push(Vec::new());
                continue;
            }
            let mut map: Vec<u32> = (0..n as u32).collect();
            for (&x, &y) in unit_vertices[u].iter().zip(&unit_vertices[o]) {
                map[x as usize] = y;
                map[y as usize] = x;
            }
            let edges = g2
                .ends
                .iter()
                .map(|&(a, b)| {
                    let (x, y) = (map[a as usize], map[b as usize]);
                    edge_of[&(x.min(y), x.max(y))]
                })
                .collect();
            swap_edges.push(edges);
            swap_vertices.push(map);
        }
        let mut classes: HashMap<u32, Vec<u32>> = HashMap::new();
        for v in 0..n as u32 {
            classes.entry(twin[v as usize]).or_default().push(v);
        }
        let mut candidate = vec![false; n];
        for m in classes
            .values()
            .filter(|m| m.len() >= 2 && !g2.is_exit[m[0] as usize])
        {
            for &v in m {
                candidate[v as usize] = true;
            }
        }
        let mut sorted: Vec<Vec<u32>> = classes
            .into_values()
            .filter(|m| {
                candidate[m[0] as usize]
                    && m.iter().all(|&v| {
                        g2.adj(v)
                            .iter()
                            .all(|&(x, _)| g2.is_exit[x as usize] || !candidate[x as usize])
                    })
            })
            .collect();
        sorted.sort_unstable();
        let mut in_sorted = vec![false; n];
        for &v in sorted.iter().flatten() {
            in_sorted[v as usize] = true;
        }
        let has_exit_edge: Vec<bool> = (0..n as u32)
            .map(|v| g2.adj(v).iter().any(|&(x, _)| g2.is_exit[x as usize]))
            .collect();
        let most_exits = (0..n as u32)
            .map(|v| {
                g2.adj(v)
                    .iter()
                    .filter(|&&(x, _)| g2.is_exit[x as usize])
                    .map(|&(_, e)| g2.mult[e as usize])
                    .sum::<u32>()
            })
            .max()
            .unwrap_or(0);
        let bits = |k: u32| 32 - k.max(1).leading_zeros();
        let mult_bits = bits(g2.mult.iter().copied().max().unwrap_or(1));
        let exit_bits = bits(most_exits.min(255));
        let exit_edges: Vec<Vec<u32>> = (0..n as u32)
            .map(|v| {
                g2.adj(v)
                    .iter()
                    .filter(|&&(x, _)| g2.is_exit[x as usize])
                    .map(|&(_, e)| e)
                    .collect()
            })
            .collect();
        let plain = |z: u32| !g2.is_exit[z as usize] && !in_sorted[z as usize];
        let plain_edges: Vec<u32> = (0..g2.m() as u32)
            .filter(|&e| {
                let (a, b) = g2.ends[e as usize];
                plain(a) && plain(b)
            })
            .collect();
        let race = (0..n).all(|v| !has_exit_edge[v] || unit[v] == NO_UNIT);
        let exit_vertices_apart = g2.ends.iter().all(|&(a, b)| {
            !(has_exit_edge[a as usize] && has_exit_edge[b as usize])
                || g2.is_exit[a as usize]
                || g2.is_exit[b as usize]
        });
        Some(Restoring {
            exit_edges,
            plain_edges,
            race,
            exit_vertices_apart,
            has_exit_edge,
            mult_bits,
            exit_bits,
            swap_edges,
            swap_vertices,
            sorted,
            in_sorted,
            g: cut.graph,
            vertices: cut.vertices,
            blizzard,
            unit,
            unit_vertices,
            other_unit,
            twin,
            by_nbr,
            table: HashMap::new(),
            progressing: false,
            nodes: 0,
            table_limit: TABLE_LIMIT,
            forgotten: 0,
        })
    }

    /// `G'`'s vertex of `G`'s vertex `v`, if kept.
    pub fn vertex_of(&self, v: u32) -> Option<u32> {
        self.vertices.binary_search(&v).ok().map(|i| i as u32)
    }

    /// Whether the Nemesis wins `Q` from the start of `G'` (vertex `start` of `G'`, every edge
    /// whole) within the horizon of `left` moves of the fugitive (false: not within it).
    pub fn nemesis_wins(
        &mut self,
        start: u32,
        left: u32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool, Stopped> {
        self.search(start, left, false, stop)
    }

    /// Whether the Nemesis wins `Q` from the start of `G'` with at most `budget` *transient*
    /// deletions (false: not so), every other deletion of hers *permanent*, and no horizon.
    ///
    /// A deletion is permanent when neither end of the edge is in a class of `C`: restoration
    /// (rule 2) gives back copies only to edges at vertices of `C`, so such a copy never comes
    /// back; any other deletion (at his unit, or a pass) is transient. Restricting her to these
    /// strategies keeps her wins wins of `Q` (she plays one of her strategies), and it ends every
    /// play without a horizon: each of her turns lowers the copies of the edges outside `C` or
    /// the budget, and neither ever grows, so a play has at most [`Restoring::permanent_copies`]
    /// plus `budget` turns of hers. Her win so found is a win of `Q` without horizon (every play
    /// ends in a win of hers by rule 3), so a win in `G` by the theorem. On Lemma 14's graphs,
    /// where she halves exit gadgets (permanent) and burns fuses in his unit (transient), the
    /// search meets no position twice at another horizon and needs no deepening over his moves.
    pub fn nemesis_wins_progressing(
        &mut self,
        start: u32,
        budget: u32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool, Stopped> {
        self.search(start, budget, true, stop)
    }

    /// The copies of the edges neither end of which is in a class of `C`: with a budget, the
    /// most turns of hers in a progressing play (see [`Restoring::nemesis_wins_progressing`]).
    pub fn permanent_copies(&self) -> u64 {
        (0..self.g.m())
            .filter(|&e| self.permanent(e as u32))
            .map(|e| u64::from(self.g.mult[e]))
            .sum()
    }

    /// Whether no end of `e` is in a class of `C` (its deletions are never restored).
    fn permanent(&self, e: u32) -> bool {
        let (a, b) = self.g.ends[e as usize];
        self.unit[a as usize] == NO_UNIT && self.unit[b as usize] == NO_UNIT
    }

    fn search(
        &mut self,
        start: u32,
        left: u32,
        progressing: bool,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool, Stopped> {
        if progressing != self.progressing {
            // `left` means another thing in the table's entries
            self.table.clear();
            self.progressing = progressing;
        }
        let p = Position {
            mult: self.g.mult.iter().map(|&k| k as u8).collect(),
            removed: vec![false; self.g.n()],
        };
        self.f_turn(start, &p, left, stop)
    }

    /// The table's key of a position, the same for positions the game's symmetries exchange
    /// (see the module documentation): his unit made the first of its class (the exchange of
    /// the two units, an automorphism keeping the rules); exit edges counted per vertex (exits
    /// are terminals, so which exit an exit copy leads to changes nothing); the members of each
    /// class of `Restoring::sorted` described by their states, sorted (a permutation of false
    /// twins whose neighbours it fixes is an automorphism keeping the rules).
    fn key(&self, turn: u8, pos: u32, p: &Position) -> Box<[u8]> {
        let g = &self.g;
        let (pos, mult): (u32, std::borrow::Cow<[u8]>) = match self.unit[pos as usize] {
            u if u != NO_UNIT && !self.swap_edges[u as usize].is_empty() => {
                let mut m = vec![0u8; p.mult.len()];
                for (e, &f) in self.swap_edges[u as usize].iter().enumerate() {
                    m[f as usize] = p.mult[e];
                }
                (self.swap_vertices[u as usize][pos as usize], m.into())
            }
            _ => (pos, (&p.mult[..]).into()),
        };
        let exits = |v: u32| -> u8 { self.exit_copies(v, &mult).min(255) as u8 };
        let mut k = Bits::default();
        k.push(u32::from(turn), 1);
        let shown = if self.in_sorted[pos as usize] {
            u32::MAX
        } else {
            pos
        };
        k.push(shown, 32);
        for &e in &self.plain_edges {
            k.push(u32::from(mult[e as usize]), self.mult_bits);
        }
        for v in 0..g.n() as u32 {
            if !g.is_exit[v as usize] && !self.in_sorted[v as usize] {
                if self.has_exit_edge[v as usize] {
                    k.push(u32::from(exits(v)), self.exit_bits);
                }
                if self.unit[v as usize] == NO_UNIT {
                    k.push(u32::from(p.removed[v as usize]), 1);
                }
            }
        }
        for class in &self.sorted {
            // a member's state: his vertex?, removed?, exit copies, the copies to its neighbours
            let state = |v: u32, k: &mut Bits| {
                k.push(u32::from(v == pos), 1);
                k.push(u32::from(p.removed[v as usize]), 1);
                k.push(u32::from(exits(v)), self.exit_bits);
                for &(x, e) in &self.by_nbr[v as usize] {
                    if !g.is_exit[x as usize] {
                        k.push(u32::from(mult[e as usize]), self.mult_bits);
                    }
                }
            };
            let mut states: Vec<Box<[u8]>> = class
                .iter()
                .map(|&v| {
                    let mut b = Bits::default();
                    state(v, &mut b);
                    b.finish()
                })
                .collect();
            states.sort_unstable();
            // every member's state has the same width (false twins: the same neighbours)
            for st in &states {
                for &byte in st.iter() {
                    k.push(u32::from(byte), 8);
                }
            }
        }
        k.finish()
    }

    /// The table's answer for `key` at horizon `left`, if it knows.
    fn known(&self, key: &[u8], left: u32) -> Option<bool> {
        let &(wins_from, fails_to) = self.table.get(key)?;
        if left >= wins_from {
            Some(true)
        } else if left < fails_to {
            Some(false)
        } else {
            None
        }
    }

    fn remember(&mut self, key: Box<[u8]>, left: u32, wins: bool) {
        if self.table.len() >= self.table_limit && !self.table.contains_key(&key) {
            // the table is a cache: forgetting it costs time, never an answer
            self.table.clear();
            self.forgotten += 1;
        }
        let e = self.table.entry(key).or_insert((u32::MAX, 0));
        if wins {
            e.0 = e.0.min(left);
        } else {
            e.1 = e.1.max(left + 1);
        }
    }

    fn tick(&mut self, stop: &mut dyn FnMut(u64) -> bool) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) && stop(self.nodes) {
            return Err(Stopped);
        }
        Ok(())
    }

    /// The fugitive to move at `pos`: whether she wins.
    fn f_turn(
        &mut self,
        pos: u32,
        p: &Position,
        left: u32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool, Stopped> {
        if left == 0 && !self.progressing {
            return Ok(false);
        }
        let key = self.key(0, pos, p);
        if let Some(known) = self.known(&key, left) {
            return Ok(known);
        }
        self.tick(stop)?;
        let g = &self.g;
        let mut targets: Vec<u32> = Vec::new();
        for &(x, e) in g.adj(pos) {
            if p.mult[e as usize] == 0 {
                continue;
            }
            if g.is_exit[x as usize] {
                self.remember(key, left, false);
                return Ok(false);
            }
            let t = self.representative(x, pos, p);
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        // he leaves pos: removed, or his unit restored (rule 2)
        let mut after = p.clone();
        match self.unit[pos as usize] {
            NO_UNIT => {
                after.removed[pos as usize] = true;
                for &(_, e) in self.g.adj(pos) {
                    after.mult[e as usize] = 0;
                }
            }
            u => {
                for &v in &self.unit_vertices[u as usize] {
                    for &(x, e) in self.g.adj(v) {
                        if !after.removed[x as usize] {
                            after.mult[e as usize] = self.g.mult[e as usize] as u8;
                        }
                    }
                }
            }
        }
        // nearest a vertex with two exit copies first: his refutations come soonest
        let threat = self.threat_distances(&after);
        targets.sort_by_key(|&x| threat[x as usize]);
        let next = if self.progressing { left } else { left - 1 };
        for x in targets {
            if !self.n_turn(x, &after, next, stop)? {
                self.remember(key, left, false);
                return Ok(false);
            }
        }
        // no move (trapped) or every move lost
        self.remember(key, left, true);
        Ok(true)
    }

    /// The vertex standing for `x` among those the exchange of two vertices fixing the position
    /// maps it to (see the module documentation), the fugitive at `pos`.
    fn representative(&self, x: u32, pos: u32, p: &Position) -> u32 {
        if x == pos {
            return x;
        }
        let u = self.unit[x as usize];
        if u != NO_UNIT {
            if u == self.unit[pos as usize] {
                return x;
            }
            // untouched units of a class are alike: the first of them not his
            let other = self.other_unit[u as usize];
            let first = u.min(other);
            let pick = if first == self.unit[pos as usize] {
                u.max(other)
            } else {
                first
            };
            let at = self.unit_vertices[u as usize]
                .iter()
                .position(|&y| y == x)
                .expect("x in its unit");
            return self.unit_vertices[pick as usize][at];
        }
        let t = self.twin[x as usize];
        if t == x {
            return x;
        }
        // the least false twin of x with the same copies on the same neighbours
        let same = |y: u32| {
            y != pos
                && p.removed[y as usize] == p.removed[x as usize]
                && self.by_nbr[y as usize]
                    .iter()
                    .zip(&self.by_nbr[x as usize])
                    .all(|(&(a, e), &(b, f))| a == b && p.mult[e as usize] == p.mult[f as usize])
        };
        (t..x)
            .find(|&y| self.twin[y as usize] == t && same(y))
            .unwrap_or(x)
    }

    /// The fugitive just arrived at `w`, the Nemesis to delete: whether she wins.
    fn n_turn(
        &mut self,
        w: u32,
        p: &Position,
        left: u32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool, Stopped> {
        let key = self.key(1, w, p);
        if let Some(known) = self.known(&key, left) {
            return Ok(known);
        }
        self.tick(stop)?;
        let g = &self.g;
        let exit_edges: Vec<u32> = g
            .adj(w)
            .iter()
            .filter(|&&(x, e)| g.is_exit[x as usize] && p.mult[e as usize] > 0)
            .map(|&(_, e)| e)
            .collect();
        let copies: u32 = exit_edges.iter().map(|&e| p.mult[e as usize] as u32).sum();
        if copies >= 2 {
            self.remember(key, left, false);
            return Ok(false);
        }
        let mut wins = false;
        if copies == 1 {
            // the one exit copy must go (rule 1: an edge at his vertex to an exit is sticky
            // when his vertex is; else she cannot and he steps out)
            let e = exit_edges[0];
            if let Some(after) = self.spend(e, left) {
                if self.sticky(w, e) {
                    let mut next = p.clone();
                    next.mult[e as usize] -= 1;
                    wins = self
                        .decided(&next, &self.distances(w, &next), true)
                        .unwrap_or(false)
                        || self.f_turn(w, &next, after, stop)?;
                }
            }
        } else {
            // one breadth-first pass serves rule 3 and the order of her deletions
            let dist = self.distances(w, p);
            if let Some(decided) = self.decided(p, &dist, false) {
                wins = decided;
            } else {
                let candidates = self.candidates(w, p, &dist);
                if candidates.is_empty() {
                    // nothing sticky to delete: a pass (in the real game, any deletion)
                    if let Some(after) = self.spend(u32::MAX, left) {
                        wins = self.f_turn(w, p, after, stop)?;
                    }
                }
                for c in candidates {
                    let Some(after) = self.spend(c, left) else {
                        continue;
                    };
                    let mut next = p.clone();
                    next.mult[c as usize] -= 1;
                    if self.f_turn(w, &next, after, stop)? {
                        wins = true;
                        break;
                    }
                }
            }
        }
        self.remember(key, left, wins);
        Ok(wins)
    }

    /// What is `left` after she deletes `e` (`u32::MAX`: a pass), None when she may not: a
    /// transient deletion or a pass takes one of a progressing search's budget; the horizon
    /// counts his moves only.
    fn spend(&self, e: u32, left: u32) -> Option<u32> {
        if !self.progressing || (e != u32::MAX && self.permanent(e)) {
            Some(left)
        } else {
            left.checked_sub(1)
        }
    }

    /// Rule 3 at her turn, no exit copy at `w` (`spent`: her turn went on the one there): Some(true)
    /// when he is trapped, the position is flat or she wins the race, None otherwise.
    fn decided(&self, p: &Position, dist: &[u32], spent: bool) -> Option<bool> {
        // his component through non-exit vertices (`dist`): trapped when it holds no exit; flat
        // when none of its vertices has two exit copies (deletions only shrink it, so he never
        // reaches another); won by the race below
        let g = &self.g;
        let mut exit = false;
        let mut demands: Vec<(u32, u32)> = Vec::new(); // (distance, deletions it needs)
        let mut exit_vertices = 0u32;
        for v in 0..g.n() as u32 {
            if g.is_exit[v as usize] || dist[v as usize] == u32::MAX {
                continue;
            }
            let copies = self.exit_copies(v, &p.mult);
            exit |= copies > 0;
            exit_vertices += u32::from(copies > 0);
            if copies >= 2 {
                demands.push((dist[v as usize], copies - 1));
            }
        }
        if demands.is_empty() || !exit {
            return Some(true);
        }
        self.race_won(&mut demands, exit_vertices, spent)
            .then_some(true)
    }

    /// Per vertex, its distance from `w` through non-exit vertices (an exit gets one, but is not
    /// walked through; `u32::MAX`: not reached): his component, and the order of her deletions.
    fn distances(&self, w: u32, p: &Position) -> Vec<u32> {
        let g = &self.g;
        let mut dist = vec![u32::MAX; g.n()];
        dist[w as usize] = 0;
        let mut queue = std::collections::VecDeque::from([w]);
        while let Some(v) = queue.pop_front() {
            if g.is_exit[v as usize] {
                continue;
            }
            for &(x, e) in g.adj(v) {
                if p.mult[e as usize] > 0 && dist[x as usize] == u32::MAX {
                    dist[x as usize] = dist[v as usize] + 1;
                    queue.push_back(x);
                }
            }
        }
        dist
    }

    /// *The race* (rule 3, a sufficient condition): she wins when, from now on, she can bring every
    /// vertex of his component with two exit copies or more down to one before he can reach it.
    /// Her turn now is turn 0, turn `j` comes after his `j`-th move; he reaches a vertex at
    /// distance `d` at his move `d` at the earliest (distances only grow), and must find two
    /// copies there, so its `c - 1` deletions are due by turn `d - 1`. A turn is *forced* when he
    /// stands on a vertex with one exit copy (she deletes it); among turns `1..t` at most
    /// `⌈(t - 1) / 2⌉` are forced when no two vertices with exit edges are adjacent (he cannot
    /// stand on two in a row), else `t - 1`, and never more than the vertices with exit copies.
    /// Unit jobs with deadlines and at most `F(t)` unavailable turns among the first `t` are all
    /// met, earliest deadline first, when every prefix fits: the deletions due by turn `t - 1` are
    /// at most `t - F(t)` (`t - 1 - F(t)` when turn 0 is `spent` already, on the exit copy at his
    /// vertex). Restoration brings back no exit copy (no vertex of a class of `C` has
    /// an exit edge, else the race is not used), so the demands only shrink.
    fn race_won(&self, demands: &mut [(u32, u32)], exit_vertices: u32, spent: bool) -> bool {
        if !self.race {
            return false;
        }
        demands.sort_unstable();
        let mut due = 0u32;
        for i in 0..demands.len() {
            let (d, need) = demands[i];
            due += need;
            if i + 1 < demands.len() && demands[i + 1].0 == d {
                continue;
            }
            let forced = if self.exit_vertices_apart {
                d.saturating_sub(1).div_ceil(2)
            } else {
                d.saturating_sub(1)
            }
            .min(exit_vertices);
            if due + forced + u32::from(spent) > d {
                return false;
            }
        }
        true
    }

    /// The exit copies at `v` under the multiplicities `mult`.
    fn exit_copies(&self, v: u32, mult: &[u8]) -> u32 {
        self.exit_edges[v as usize]
            .iter()
            .map(|&e| mult[e as usize] as u32)
            .sum()
    }

    /// Per vertex, its distance (through non-exit vertices) to the nearest vertex with two exit
    /// copies or more (`u32::MAX`: none reachable): the order of his moves.
    fn threat_distances(&self, p: &Position) -> Vec<u32> {
        let g = &self.g;
        let mut dist = vec![u32::MAX; g.n()];
        let mut queue = std::collections::VecDeque::new();
        for v in 0..g.n() as u32 {
            if !g.is_exit[v as usize] && !p.removed[v as usize] && self.exit_copies(v, &p.mult) >= 2
            {
                dist[v as usize] = 0;
                queue.push_back(v);
            }
        }
        while let Some(v) = queue.pop_front() {
            for &(x, e) in g.adj(v) {
                if p.mult[e as usize] > 0 && !g.is_exit[x as usize] && dist[x as usize] == u32::MAX
                {
                    dist[x as usize] = dist[v as usize] + 1;
                    queue.push_back(x);
                }
            }
        }
        dist
    }

    /// Whether she may delete `e` with the fugitive at `w` (rule 1).
    fn sticky(&self, w: u32, e: u32) -> bool {
        let (a, b) = self.g.ends[e as usize];
        if self.blizzard && a != w && b != w {
            return false;
        }
        let here = self.unit[w as usize];
        let ok = |z: u32| {
            let u = self.unit[z as usize];
            u == NO_UNIT || (here != NO_UNIT && u == here)
        };
        ok(a) && ok(b)
    }

    /// Her deletions worth trying at `w`: the sticky edges with a copy in his component, one per
    /// class of equivalent ones; those halving a vertex first, by least slack (see the module
    /// documentation), then nearest him first.
    fn candidates(&self, w: u32, p: &Position, dist: &[u32]) -> Vec<u32> {
        let g = &self.g;
        let big = u32::MAX;
        let mut seen: Vec<(u32, u32)> = Vec::new();
        let mut out: Vec<(bool, i64, u32, u32)> = Vec::new();
        for e in 0..g.m() as u32 {
            if p.mult[e as usize] == 0 || !self.sticky(w, e) {
                continue;
            }
            let (a, b) = g.ends[e as usize];
            let near = dist[a as usize].min(dist[b as usize]);
            if near == big {
                continue;
            }
            let halves = [a, b].iter().any(|&z| self.exit_copies(z, &p.mult) >= 2)
                && (g.is_exit[a as usize] || g.is_exit[b as usize]);
            let exit_edge = g.is_exit[a as usize] || g.is_exit[b as usize];
            if self.progressing && exit_edge && !halves {
                // one exit copy left at a vertex not his (his is the forced deletion, not a
                // candidate): deleting it only saves her a later forced turn; not tried
                continue;
            }
            let (ra, rb) = (self.representative(a, w, p), self.representative(b, w, p));
            let pair = (ra.min(rb), ra.max(rb));
            if seen.contains(&pair) {
                continue;
            }
            seen.push(pair);
            // halving a vertex with two exit copies or more first, least slack first, nearest
            // him first
            let slack = if halves {
                let v = if g.is_exit[a as usize] { b } else { a };
                let t = self.twin[v as usize];
                let due = (0..g.n() as u32)
                    .filter(|&y| {
                        self.twin[y as usize] == t
                            && dist[y as usize] != big
                            && !g.is_exit[y as usize]
                            && self.exit_copies(y, &p.mult) >= 2
                    })
                    .count() as i64;
                i64::from(near) - due
            } else {
                i64::MAX
            };
            out.push((!halves, slack, near, e));
        }
        out.sort_unstable();
        out.into_iter().map(|(_, _, _, e)| e).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nemesis::reduced::tests::blown_up_with;
    use crate::nemesis::search::Search;

    #[test]
    fn a_nemesis_win_of_the_restoring_game_is_one_of_the_whole_graph_horizon_or_progressing() {
        let (mut games, mut hers, mut his, mut progressing) = (0, 0, 0, 0);
        let (mut raced, mut gadget_games, mut gadget_hers) = (0, 0, 0);
        for seed in 0..600 {
            let gadgets = seed % 2 == 1;
            let g = blown_up_with(seed / 2, gadgets);
            for blizzard in [false, true] {
                let Some(mut q) = Restoring::new(&g, blizzard, 0) else {
                    continue;
                };
                games += 1;
                let mut whole = Search::with_symmetry(g.clone(), blizzard, true);
                let f = whole.f_turn(0, &g.mult.clone(), &mut |_| false).unwrap();
                let fugitive = whole.tf.entries[f as usize].wins();
                let start = q.vertex_of(0).unwrap();
                let horizon = 2 * q.g.n() as u32;
                let wins = q.nemesis_wins(start, horizon, &mut |_| false).unwrap();
                assert!(!wins || !fugitive, "seed {seed}, blizzard {blizzard}");
                let progressed = (0..=2).any(|budget| {
                    q.nemesis_wins_progressing(start, budget, &mut |_| false)
                        .unwrap()
                });
                assert!(!progressed || !fugitive, "seed {seed}, blizzard {blizzard}");
                hers += usize::from(wins);
                progressing += usize::from(progressed);
                his += usize::from(fugitive);
                raced += usize::from(q.race);
                if gadgets {
                    gadget_games += 1;
                    gadget_hers += usize::from(wins);
                }
            }
        }
        // 540 games (114 with exit gadgets, all raced): 154 his, 386 hers, of which the restoring
        // game proves 380 (70 with gadgets), within the horizon and progressing with a budget of
        // 2 alike
        assert!(
            games > 500 && his > 100 && hers + his + 10 >= games,
            "{games} {hers} {his}"
        );
        assert!(progressing + 10 >= hers, "{progressing} {hers}");
        assert!(raced > 100 && gadget_games > 100 && gadget_hers > 50);
    }

    #[test]
    fn a_table_emptied_when_full_changes_no_answer() {
        let mut forgotten = 0;
        for seed in 0..120 {
            let g = blown_up_with(seed / 2, seed % 2 == 1);
            let Some(mut whole) = Restoring::new(&g, false, 0) else {
                continue;
            };
            let mut small = Restoring::new(&g, false, 0).unwrap();
            small.table_limit = 2;
            let start = whole.vertex_of(0).unwrap();
            for budget in 0..=2 {
                let a = whole.nemesis_wins_progressing(start, budget, &mut |_| false);
                let b = small.nemesis_wins_progressing(start, budget, &mut |_| false);
                assert_eq!(a.unwrap(), b.unwrap(), "seed {seed}, budget {budget}");
            }
            let h = 2 * whole.g.n() as u32;
            let a = whole.nemesis_wins(start, h, &mut |_| false).unwrap();
            assert_eq!(a, small.nemesis_wins(start, h, &mut |_| false).unwrap());
            forgotten += small.forgotten;
        }
        assert!(forgotten > 50, "{forgotten}");
    }
}
