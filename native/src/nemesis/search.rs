//! The exact search for Nemesis and Blizzard: a depth-first minimax with transposition tables over
//! *restricted* positions, the same as `escapology.nemesis.engines.exact_python.Search`. Each step is sound for
//! the reason given (`H` is the current multigraph, `u` the fugitive's vertex):
//!
//! 1. *Monotonicity.* If the fugitive wins from `(u, H)` he wins from `(u, H')` for every
//!    `H' ⊇ H` (he plays the same moves; a deletion outside `H` is a pass, and by induction a pass
//!    never helps the Nemesis). So deleting an edge is never worse for the Nemesis than passing.
//! 2. *No revisits* (Remark 7). A fastest winning fugitive never revisits a vertex: coming back
//!    to `v` with `H_2 ⊆ H_1` would, by (1), be no faster than the first visit. So the vertex he
//!    leaves is removed from the graph ([`Search::f_turn`]): the restricted game has the same
//!    winner.
//! 3. *Simplification* (§3.1): dropped components, pruned vertices of degree ≤ 2, capped
//!    multiplicities; see [`super::simplify`].
//! 4. *Immediate outcomes.* The fugitive wins at once when `u` keeps ≥ 2 edge copies to exits
//!    (one deletion cannot cut both). The Nemesis wins at once when a single-copy bridge separates
//!    `u` from every exit (Blizzard: one incident with `u`); see [`super::bridge`].
//! 5. *Forced reply.* With exactly one exit copy at `u` the Nemesis must delete it (any other
//!    deletion lets him step out); a cut bridge was tried in (4) first.
//! 6. *Support covering.* A fugitive strategy `σ` found after the deletion of `e` only ever uses
//!    the edges of its *support* `S(σ)`; any other deletion `c ∉ S(σ)` leaves all of them with at
//!    least the multiplicities `σ` was proven with, so `σ` wins after `c` too (by (1)). The
//!    Nemesis' candidate deletions are narrowed to the intersection of the supports found so far.
//!
//! 7. *Symmetry* (with [`Search::with_symmetry`]). Positions are keyed on their canonical form
//!    under the permutations within twin classes and of the blocks of block classes, which preserve
//!    the winner; each orbit of positions is searched once, in the coordinates of its canonical
//!    position, and of moves and deletions exchanged by a permutation fixing the position one is
//!    tried (its answer, mapped, answers the others); see [`super::symmetry`] for the proofs. An
//!    entry then refers to its canonical position: [`Search::f_located`] and [`Search::n_located`]
//!    return the relabelling with the index, and [`Search::f_entry_real`], [`Search::n_entry_real`]
//!    map an entry back to the caller's coordinates. Supports are kept in the coordinates of the
//!    entry that holds them (mapped back from the entries below as they are combined).
//!
//! The tables are kept between calls (one search serves every start vertex of a graph) and keep
//! the fugitive's strategy: a winning fugitive-turn entry names his move and the Nemesis-turn
//! entry it leads to; a winning Nemesis-turn entry lists his replies with their supports (what
//! `escapology.nemesis.engines.extract` turns into a strategy document).

use super::bridge::BridgeFinder;
use super::graph::{EdgeSet, Graph};
use super::simplify::Simplifier;
use super::symmetry::{Canonical, Perm, Symmetry};
use super::table::{Action, FEntry, Key, NEntry, Packer, Table, Tried};
use super::{Stopped, POLL_EVERY};

/// The caller's stop callback, called with the positions searched so far (the search's progress);
/// true: stop now.
pub type Stop<'a> = dyn FnMut(u64) -> bool + 'a;

/// The restricted-game search over one graph, with its tables.
pub struct Search {
    pub g: Graph,
    pub blizzard: bool,
    dist: Vec<u32>,
    packer: Packer,
    simplifier: Simplifier,
    bridges: BridgeFinder,
    /// Fugitive-turn entries.
    pub tf: Table<FEntry>,
    /// Nemesis-turn entries.
    pub tn: Table<NEntry>,
    /// Positions searched (table misses).
    pub nodes: u64,
    /// The twin classes when the search uses them (step 7).
    pub sym: Option<Symmetry>,
    /// The one-sided game of [`Search::fugitive_side`]: the fugitive never enters a twin class
    /// (of non-exits) that has a dead vertex.
    pub no_reentry: bool,
    /// The one-sided game's *heavy* vertices (Remark 7, see [`Search::fugitive_side`]): those of
    /// a twin class or block class larger than the deletions of any play; empty when there are
    /// none.
    pub heavy: Vec<bool>,
    /// Per heavy vertex its *unit* (the vertex itself in a twin class, the first vertex of its
    /// block in a block class), [`NO_UNIT`] elsewhere: the Nemesis of `F*` may delete an edge only
    /// when it is at the fugitive's vertex or each of its heavy ends is in his unit.
    pub heavy_unit: Vec<u32>,
}

/// Not a heavy vertex (see [`Search::heavy_unit`]).
pub const NO_UNIT: u32 = u32::MAX;

/// What the search reads of a position: the fugitive's vertex, the capped multiplicities and the
/// edges with copies (in canonical coordinates under symmetry), its key, whether an exit is left,
/// and (under symmetry) the relabelling and the vertices' categories.
struct Restricted {
    pos: u32,
    cm: Vec<u32>,
    edges: Vec<u32>,
    has_exit: bool,
    key: Key,
    perm: Option<Perm>,
    cat: Vec<u32>,
}

impl Search {
    /// The search with symmetry (step 7) when `symmetry` and the graph has twins.
    pub fn with_symmetry(g: Graph, blizzard: bool, symmetry: bool) -> Self {
        let sym = if symmetry { Symmetry::find(&g) } else { None };
        let mut s = Self::new(g, blizzard);
        s.sym = sym;
        s
    }

    /// The search up to the automorphisms of [`super::automorphism`] (step 7 with the group of
    /// the graph instead of twins; the grids of Fig. 4) when the graph has them, else the plain
    /// search.
    pub fn with_automorphisms(g: Graph, blizzard: bool) -> Self {
        let sym = Symmetry::automorphic(&g);
        let mut s = Self::new(g, blizzard);
        s.sym = sym;
        s
    }

    pub fn new(g: Graph, blizzard: bool) -> Self {
        let n = g.n();
        let inner = g.is_exit.iter().filter(|&&x| !x).count() as u32;
        let max = g.mult.iter().copied().max().unwrap_or(1).min(inner + 1);
        Search {
            dist: g.distances_to_exits(),
            packer: Packer::new(g.m(), max),
            simplifier: Simplifier::new(n),
            bridges: BridgeFinder::new(n),
            tf: Table::default(),
            tn: Table::default(),
            nodes: 0,
            sym: None,
            no_reentry: false,
            heavy: Vec::new(),
            heavy_unit: Vec::new(),
            blizzard,
            g,
        }
    }

    /// The *one-sided* search for the fugitive's wins on a graph with twins: the same search (with
    /// symmetry) of a game where the fugitive may not enter a vertex of a twin class of two
    /// vertices or more (not exits), or of a block class ([`super::symmetry`]), one of whose
    /// vertices is *dead* in the restricted position (no
    /// edge copy left at it: left behind, cut off or pruned), so that he never comes back into a
    /// class he has left. Only the fugitive is restricted, so **a win of his here is a win in the
    /// game** (the Nemesis' replies are all answered, his moves are moves of the game); a win of the
    /// Nemesis here proves nothing (ask [`Search::with_symmetry`]). Every step of the search
    /// stays sound for this game: a position's dead vertices only shrink when edges are added
    /// (the pruned component grows with the multigraph), so his moves allowed in `H` are allowed in
    /// every `H' ⊇ H` and monotonicity (step 1), hence support covering (step 6), still hold; the
    /// rule depends on the restricted position alone (tables, step 3) and is kept by the
    /// permutations within classes (step 7). None when the graph has neither twins nor block
    /// classes.
    ///
    /// **Heavy classes (Remark 7).** The fugitive's rule bounds every play: he stands on at most
    /// one vertex of a class of false twins or of one vertex, on at most two of a class of true
    /// twins and on at most two of a block class (he may enter a class only while none of its
    /// vertices is dead, and the vertex he leaves dies; from a vertex of a block class the only
    /// edges into the class stay in its block, so his second vertex there is a blockmate, after
    /// which the class has a dead vertex). So the non-exit vertices he stands on number at most
    /// `R`, the *slots* of `heavy_vertices` (1 per class of false twins or of one vertex, 2 per
    /// class of true twins, 2 per block class). A class of non-exits whose vertices' edges have one
    /// copy each is *heavy* when it has at least `R` false twins, at least `2R + 1` true twins, or
    /// at least `R - 1` blocks. A heavy vertex's *unit* is itself in a twin class, its block in a
    /// block class. In the game searched here (`F*`) the Nemesis may delete an edge only if it is
    /// at the fugitive's vertex or each of its heavy ends is in his unit. **A win of his in `F*` is
    /// a win in the game.** He plays the real game keeping a simulated play of `F*` (his strategy
    /// there, the vertex he leaves removed as in step 2) and an element `π` of `Γ` (an
    /// automorphism, see [`super::symmetry`]) such that his real vertex is `π` of the simulated one
    /// and the real multigraph has at least the multiplicities of `π` of the simulated one (i) on
    /// every edge without a heavy end and (ii), when he stands on a heavy vertex, on every edge
    /// from his unit to itself or to a vertex that is not heavy. A real deletion allowed in `F*` is
    /// made in the simulation through `π⁻¹` (where the simulated edge has no copy left, a pass
    /// there); any other is a pass there. A pass leaves him a win by monotonicity (step 1): he wins
    /// after every allowed deletion (an edge at his vertex is one), each leaving a sub-multigraph
    /// of the pass. Either way (i) and (ii) are kept: the edges they speak of have no heavy end
    /// outside his unit, so their deletions are allowed, and made in both. His simulated move to a
    /// vertex `y` that is not heavy, or in his own unit (a blockmate), is played to `π(y)`: the
    /// edge is there by (i) or (ii). A simulated move from `w` to a heavy `x` of class `B` outside
    /// his unit is played into a *fresh* unit `b` of `B` (no edge at it deleted in the real play)
    /// other than his real vertex (at the vertex of `b` with `x`'s index `t` in its block); the
    /// edge to it is there, `b` having lost none. Then `π` becomes `π τ`, `τ` the transposition of
    /// `x`'s unit and `π⁻¹(b)` (two twins, or two blocks exchanged diagonally), and **`τ` fixes the
    /// simulated position `Q` after the move** (`w` removed): a simulated deletion with an end `z`
    /// in `B` was made while he stood on `z`'s unit or on the other end; he never stood in `x`'s
    /// unit nor in `π⁻¹(b)`'s (for a block class or false twins, not in `B` at all: he would have
    /// left a dead vertex in it, against the rule for entering `x`; for true twins, at most on
    /// `w`), so the other end was a vertex he stood on, now removed (`w` with the move); and
    /// `π⁻¹(b)` has lost no edge to a vertex still there either (each simulated deletion is a real
    /// one, and `b` is fresh). So in `Q` every edge at the two units is whole or at a removed
    /// vertex (the inner edges of a block are whole: only he, standing in it, would let them go),
    /// alike under `τ`, an automorphism moving nothing else: `τ Q = Q`, and the simulated play goes
    /// on from `Q` unchanged. `τ` moves no edge without a heavy end and not his vertex, so (i)
    /// holds for `π τ`, and (ii) holds at `b` (fresh, its edges whole). A fresh unit exists: before
    /// his `j`-th move the Nemesis has deleted at most `j` edge copies; each is at one vertex of
    /// `B` at most for false twins, at two for true twins, and at one block of `B` at most for a
    /// block class (no edge joins two blocks). The `j` vertices he stood on before are outside `B`
    /// (for true twins, but for the one he may stand on), so `j ≤ R - 1` for false twins (the move
    /// into `B` takes one of `B`'s slots) and `j ≤ R - 2` for a block class (he used neither of
    /// `B`'s two slots): at most `R - 1` vertices of `B`, resp. `R - 2` of its blocks, are not
    /// fresh, fewer than `B` has (`2R - 1`, plus the vertex he stands on for a move inside `B`, for
    /// true twins, fewer than `2R + 1`). So the real play follows a won simulated play to an exit.
    /// Every step of the search stays sound for `F*`: the Nemesis' allowed deletions depend on the
    /// edge and the fugitive's vertex only, not on the multigraph, so monotonicity, support
    /// covering and the simplification (a restriction to a sub-multigraph) hold as before, and the
    /// rule is kept by `Γ` (which maps heavy units onto heavy units). (A cut bridge the Nemesis may
    /// not delete in `F*` still counts as her win there: that only hides fugitive wins.)
    pub fn fugitive_side(g: Graph, blizzard: bool) -> Option<Self> {
        let sym = Symmetry::find(&g)?;
        let heavy = heavy_vertices(&g, &sym);
        let mut s = Self::new(g, blizzard);
        s.sym = Some(sym);
        s.no_reentry = true;
        if heavy.iter().any(|&h| h) {
            s.heavy_unit = heavy_units(s.sym.as_ref().expect("the symmetry"), &heavy);
            s.heavy = heavy;
        }
        Some(s)
    }

    /// The largest multiplicity a position may give an edge: its initial one.
    pub fn fits(&self, mult: &[u32]) -> bool {
        mult.len() == self.g.m() && mult.iter().zip(&self.g.mult).all(|(a, b)| a <= b)
    }

    fn restrict(&mut self, pos: u32, mult: &[u32]) -> Restricted {
        let p = self.simplifier.prune(&self.g, mult, pos);
        if let Some(group) = self.sym.as_ref().and_then(|s| s.group.as_ref()) {
            let (cpos, cm, perm) = group.canonical_form(pos, &p.cm);
            let edges = (0..cm.len() as u32)
                .filter(|&e| cm[e as usize] > 0)
                .collect();
            return Restricted {
                key: self.packer.key(cpos, &cm),
                pos: cpos,
                cm,
                edges,
                has_exit: p.has_exit,
                perm: Some(perm),
                cat: Vec::new(),
            };
        }
        match self.sym.as_mut() {
            None => Restricted {
                key: self.packer.key(pos, &p.cm),
                pos,
                cm: p.cm,
                edges: p.edges,
                has_exit: p.has_exit,
                perm: None,
                cat: Vec::new(),
            },
            Some(sym) => {
                let Canonical {
                    pos,
                    cm,
                    edges,
                    perm,
                    cat,
                } = sym.canonical(&self.g, pos, &p.cm, &p.edges, p.cap);
                Restricted {
                    key: self.packer.key(pos, &cm),
                    pos,
                    cm,
                    edges,
                    has_exit: p.has_exit,
                    perm: Some(perm),
                    cat,
                }
            }
        }
    }

    /// Whether an exit is left in the pruned component of `pos` (the trap rule fails).
    pub fn has_exit(&mut self, pos: u32, mult: &[u32]) -> bool {
        self.simplifier.prune(&self.g, mult, pos).has_exit
    }

    /// The fugitive-turn entry of this position if the table has it, with the relabelling to its
    /// coordinates (None: the caller's).
    pub fn lookup_f(&mut self, pos: u32, mult: &[u32]) -> Option<(u32, Option<Perm>)> {
        let r = self.restrict(pos, mult);
        self.tf.get(&r.key).map(|i| (i, r.perm))
    }

    /// The Nemesis-turn entry of this position if the table has it, with the relabelling.
    pub fn lookup_n(&mut self, w: u32, mult: &[u32]) -> Option<(u32, Option<Perm>)> {
        let r = self.restrict(w, mult);
        self.tn.get(&r.key).map(|i| (i, r.perm))
    }

    /// As [`Self::f_located`], with the restricted position's multiplicities in the caller's
    /// coordinates (those of [`Self::restricted`]), which the lookup computes anyway: a strategy
    /// walker needs both (one restriction instead of two when the table has the entry).
    pub fn f_located_restricted(
        &mut self,
        pos: u32,
        mult: &[u32],
        stop: &mut Stop,
    ) -> Result<(u32, Option<Perm>, Vec<u32>), Stopped> {
        let p = self.simplifier.prune(&self.g, mult, pos);
        let (key, perm) = match self.sym.as_mut() {
            None => (self.packer.key(pos, &p.cm), None),
            Some(sym) if sym.group.is_some() => {
                let group = sym.group.as_ref().expect("a group");
                let (cpos, cm, perm) = group.canonical_form(pos, &p.cm);
                (self.packer.key(cpos, &cm), Some(perm))
            }
            Some(sym) => {
                let c = sym.canonical(&self.g, pos, &p.cm, &p.edges, p.cap);
                (self.packer.key(c.pos, &c.cm), Some(c.perm))
            }
        };
        if let Some(i) = self.tf.get(&key) {
            return Ok((i, perm, p.cm));
        }
        let (i, perm) = self.f_located(pos, mult, stop)?;
        Ok((i, perm, p.cm))
    }

    /// The restricted position's multiplicities in the caller's coordinates (no symmetry
    /// applied).
    pub fn restricted(&mut self, pos: u32, mult: &[u32]) -> Vec<u32> {
        self.simplifier.prune(&self.g, mult, pos).cm
    }

    /// The image of an edge set under `map` (a vertex map within twin classes).
    fn map_set(&self, s: EdgeSet, map: Option<&[u32]>) -> EdgeSet {
        match (map, &self.sym) {
            (Some(map), Some(sym)) => sym.map_set(&self.g, &s, map),
            _ => s,
        }
    }

    fn map_edge(&self, e: u32, map: Option<&[u32]>) -> u32 {
        match (map, &self.sym) {
            (Some(map), Some(sym)) => sym.map_edge(&self.g, e, map),
            _ => e,
        }
    }

    /// Fugitive-turn entry `i` in the coordinates of the position it was looked up from (`perm`
    /// from [`Self::f_located`]); the `next` index is left as it is (an entry in its own
    /// coordinates).
    pub fn f_entry_real(&self, i: u32, perm: Option<&Perm>) -> FEntry {
        let entry = self.tf.entries[i as usize].clone();
        let Some(p) = perm else { return entry };
        let back = Some(&p.to_real[..]);
        match entry {
            FEntry::Exits { to, edge } => FEntry::Exits {
                to: p.to_real[to as usize],
                edge: self.map_edge(edge, back),
            },
            FEntry::Moves {
                to,
                edge,
                next,
                support,
            } => FEntry::Moves {
                to: p.to_real[to as usize],
                edge: self.map_edge(edge, back),
                next,
                support: self.map_set(support, back),
            },
            other => other,
        }
    }

    /// Nemesis-turn entry `i` in the coordinates of the position it was looked up from (as
    /// [`Self::f_entry_real`]; `Fugitive` actions keep their index).
    pub fn n_entry_real(&self, i: u32, perm: Option<&Perm>) -> NEntry {
        let entry = self.tn.entries[i as usize].clone();
        let Some(p) = perm else { return entry };
        let back = Some(&p.to_real[..]);
        match entry {
            NEntry::Lost { deletion, trapped } => NEntry::Lost {
                deletion: deletion.map(|c| self.map_edge(c, back)),
                trapped,
            },
            NEntry::Won { tried, support } => NEntry::Won {
                tried: tried
                    .into_iter()
                    .map(|t| Tried {
                        deletion: t.deletion.map(|c| self.map_edge(c, back)),
                        action: match t.action {
                            Action::Exit(e) => Action::Exit(self.map_edge(e, back)),
                            f => f,
                        },
                        support: self.map_set(t.support, back),
                    })
                    .collect(),
                support: self.map_set(support, back),
            },
        }
    }

    /// The move of fugitive-turn entry `i` in the coordinates of the position it was looked up
    /// from (as [`Self::f_entry_real`], the support not mapped): `(to, edge)` when he wins (steps
    /// out or moves on), None when he loses. What a strategy walker asks of each answer.
    pub fn f_move_real(&self, i: u32, perm: Option<&Perm>) -> Option<(u32, u32)> {
        let (to, edge) = match self.tf.entries[i as usize] {
            FEntry::Exits { to, edge } | FEntry::Moves { to, edge, .. } => (to, edge),
            FEntry::Trapped | FEntry::Lost => return None,
        };
        Some(match perm {
            None => (to, edge),
            Some(p) => (
                p.to_real[to as usize],
                self.map_edge(edge, Some(&p.to_real[..])),
            ),
        })
    }

    /// The replies `(deletion, action)` of Nemesis-turn entry `i` in the coordinates of the
    /// position it was looked up from (as [`Self::n_entry_real`], the supports not mapped; a
    /// `Fugitive` action keeps its index) when the fugitive wins there, None when he loses.
    pub fn n_replies_real(
        &self,
        i: u32,
        perm: Option<&Perm>,
    ) -> Option<Vec<(Option<u32>, Action)>> {
        let NEntry::Won { tried, .. } = &self.tn.entries[i as usize] else {
            return None;
        };
        let back = perm.map(|p| &p.to_real[..]);
        Some(
            tried
                .iter()
                .map(|t| {
                    let action = match t.action {
                        Action::Exit(e) => Action::Exit(self.map_edge(e, back)),
                        f => f,
                    };
                    (t.deletion.map(|c| self.map_edge(c, back)), action)
                })
                .collect(),
        )
    }

    /// The packer of the tables' keys: every restricted position's multiplicities fit it.
    pub fn packer(&self) -> &Packer {
        &self.packer
    }

    /// Bytes the tables hold, about.
    pub fn table_bytes(&self) -> usize {
        let per_key = self.packer.key_bytes() + 48;
        (self.tf.len() + self.tn.len()) * per_key
    }

    fn tick(&mut self, stop: &mut Stop) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) && stop(self.nodes) {
            return Err(Stopped);
        }
        Ok(())
    }

    /// The support of a winning fugitive-turn entry.
    pub fn f_support(&self, f: u32) -> EdgeSet {
        match &self.tf.entries[f as usize] {
            FEntry::Exits { edge, .. } => EdgeSet::single(self.g.m(), *edge),
            FEntry::Moves { support, .. } => support.clone(),
            _ => unreachable!("the support of a lost position"),
        }
    }

    /// The fugitive to move at `pos`: the index of the fugitive-turn entry (searched if new). Its
    /// winner is the position's; its moves are in the coordinates of the position's canonical form
    /// under symmetry (see [`Self::f_located`]).
    pub fn f_turn(&mut self, pos: u32, mult: &[u32], stop: &mut Stop) -> Result<u32, Stopped> {
        Ok(self.f_located(pos, mult, stop)?.0)
    }

    /// The Nemesis-turn entry's index (as [`Self::f_turn`]).
    pub fn n_turn(&mut self, w: u32, mult: &[u32], stop: &mut Stop) -> Result<u32, Stopped> {
        Ok(self.n_located(w, mult, stop)?.0)
    }

    /// The fugitive to move at `pos`: the fugitive-turn entry's index and the relabelling from
    /// the caller's coordinates to the entry's (None: the same).
    pub fn f_located(
        &mut self,
        pos: u32,
        mult: &[u32],
        stop: &mut Stop,
    ) -> Result<(u32, Option<Perm>), Stopped> {
        let r = self.restrict(pos, mult);
        if let Some(i) = self.tf.get(&r.key) {
            return Ok((i, r.perm));
        }
        self.tick(stop)?;
        let Restricted {
            pos,
            cm,
            has_exit,
            key,
            perm,
            cat,
            ..
        } = r;
        if !has_exit {
            return Ok((self.tf.insert(key, FEntry::Trapped), perm));
        }
        let g = &self.g;
        let mut moves: Vec<(u32, u32)> = Vec::new();
        for &(w, e) in g.adj(pos) {
            if cm[e as usize] == 0 {
                continue;
            }
            if g.is_exit[w as usize] {
                return Ok((self.tf.insert(key, FEntry::Exits { to: w, edge: e }), perm));
            }
            moves.push((w, e));
        }
        // the fugitive's rule of a one-sided search: no class (of twins, or of blocks) entered
        // once it has lost a vertex
        if let Some(sym) = self.sym.as_ref().filter(|_| self.no_reentry) {
            let alive = |v: u32| v == pos || g.adj(v).iter().any(|&(_, f)| cm[f as usize] > 0);
            moves.retain(|&(w, _)| {
                if let Some((c, _)) = sym.block(w) {
                    return sym.blocks[c as usize]
                        .blocks
                        .iter()
                        .all(|b| b.iter().all(|&v| alive(v)));
                }
                let members = &sym.members[sym.class[w as usize] as usize];
                members.len() == 1 || members.iter().all(|&v| alive(v))
            });
        }
        // the vertex left is removed (step 2)
        let mut after = cm;
        for &(_, e) in g.adj(pos) {
            after[e as usize] = 0;
        }
        // moves next to two exit copies first, then nearest the exits
        let order = |w: u32| {
            let exits: u32 = g
                .adj(w)
                .iter()
                .filter(|&&(x, _)| g.is_exit[x as usize])
                .map(|&(_, e)| after[e as usize])
                .sum();
            (std::cmp::Reverse(exits.min(2)), self.dist[w as usize])
        };
        moves.sort_by_key(|&(w, _)| order(w));
        // step 7: a move to the category of a lost one is lost too
        let mut lost: Vec<u32> = Vec::new();
        for (w, e) in moves {
            if !cat.is_empty() && lost.contains(&cat[w as usize]) {
                continue;
            }
            let (r, below) = self.n_located(w, &after, stop)?;
            if let NEntry::Won { support, .. } = &self.tn.entries[r as usize] {
                let back = below.as_ref().map(|p| &p.to_real[..]);
                let mut support = self.map_set(support.clone(), back);
                support.insert(e);
                let entry = FEntry::Moves {
                    to: w,
                    edge: e,
                    next: r,
                    support,
                };
                return Ok((self.tf.insert(key, entry), perm));
            }
            if !cat.is_empty() {
                lost.push(cat[w as usize]);
            }
        }
        Ok((self.tf.insert(key, FEntry::Lost), perm))
    }

    /// The fugitive just arrived at `w`, the Nemesis to delete: the Nemesis-turn entry's index
    /// (searched if new) and the relabelling to its coordinates (as [`Self::f_located`]).
    pub fn n_located(
        &mut self,
        w: u32,
        mult: &[u32],
        stop: &mut Stop,
    ) -> Result<(u32, Option<Perm>), Stopped> {
        let r = self.restrict(w, mult);
        if let Some(i) = self.tn.get(&r.key) {
            return Ok((i, r.perm));
        }
        self.tick(stop)?;
        let Restricted {
            pos: w,
            cm,
            edges,
            has_exit,
            key,
            perm,
            cat,
            ..
        } = r;
        if !has_exit {
            let lost = NEntry::Lost {
                deletion: None,
                trapped: true,
            };
            return Ok((self.tn.insert(key, lost), perm));
        }
        let m = self.g.m();
        let exit_edges: Vec<u32> = self
            .g
            .adj(w)
            .iter()
            .filter(|&&(x, e)| self.g.is_exit[x as usize] && cm[e as usize] > 0)
            .map(|&(_, e)| e)
            .collect();
        let n_exit: u32 = exit_edges.iter().map(|&e| cm[e as usize]).sum();
        // step 4: two exit copies at w
        if n_exit >= 2 {
            let e1 = exit_edges[0];
            let second = if cm[e1 as usize] >= 2 {
                e1
            } else {
                exit_edges[1]
            };
            let tried = vec![
                Tried {
                    deletion: None,
                    action: Action::Exit(e1),
                    support: EdgeSet::single(m, e1),
                },
                Tried {
                    deletion: Some(e1),
                    action: Action::Exit(second),
                    support: EdgeSet::single(m, second),
                },
            ];
            return Ok((self.insert_won(key, tried), perm));
        }
        // step 4: a cut bridge
        if let Some(b) = self
            .bridges
            .cut_bridge(&self.g, w, &cm, &edges, self.blizzard)
        {
            let lost = NEntry::Lost {
                deletion: Some(b),
                trapped: true,
            };
            return Ok((self.tn.insert(key, lost), perm));
        }
        let mut tried = Vec::new();
        let uncovered: Vec<u32> = if n_exit == 1 {
            // step 5: the one exit copy must go; any other deletion, he steps out
            let ex = exit_edges[0];
            tried.push(Tried {
                deletion: None,
                action: Action::Exit(ex),
                support: EdgeSet::single(m, ex),
            });
            vec![ex]
        } else {
            let cands: Vec<u32> = if self.blizzard {
                self.g
                    .adj(w)
                    .iter()
                    .filter(|&&(_, e)| cm[e as usize] > 0)
                    .map(|&(_, e)| e)
                    .collect()
            } else if self.heavy_unit.is_empty() {
                edges
            } else {
                // Remark 7: no deletion with an end in a heavy class away from the fugitive's
                // vertex (or, in a heavy block class, from his block)
                let unit = &self.heavy_unit;
                let ends = &self.g.ends;
                let here = unit[w as usize];
                let allowed = |z: u32| unit[z as usize] == NO_UNIT || unit[z as usize] == here;
                edges
                    .into_iter()
                    .filter(|&e| {
                        let (a, b) = ends[e as usize];
                        a == w || b == w || (allowed(a) && allowed(b))
                    })
                    .collect()
            };
            self.order_deletions(w, &cm, cands)
        };
        let mut next = cm.clone();
        let mut uncovered: std::collections::VecDeque<u32> = uncovered.into();
        while let Some(c) = uncovered.pop_front() {
            next[c as usize] -= 1;
            let r = self.f_located(w, &next, stop);
            next[c as usize] += 1;
            let (r, below) = r?;
            let entry = &self.tf.entries[r as usize];
            if !entry.wins() {
                let trapped = matches!(entry, FEntry::Trapped);
                let lost = NEntry::Lost {
                    deletion: Some(c),
                    trapped,
                };
                return Ok((self.tn.insert(key, lost), perm));
            }
            // step 6: only deletions in this support still need an answer
            let support = self.f_support(r);
            let support = self.map_set(support, below.as_ref().map(|p| &p.to_real[..]));
            uncovered.retain(|&d| support.contains(d));
            // step 7: a deletion of the same categories is answered by the image of this answer
            let mut siblings: Vec<Tried> = Vec::new();
            if let Some(sym) = self.sym.as_ref().filter(|_| !cat.is_empty()) {
                let g = &self.g;
                let (a, b) = g.ends[c as usize];
                let (ca, cb) = (cat[a as usize], cat[b as usize]);
                let mut i = 0;
                while i < uncovered.len() {
                    let d = uncovered[i];
                    let (x, y) = g.ends[d as usize];
                    let (cx, cy) = (cat[x as usize], cat[y as usize]);
                    let map = if (cx, cy) == (ca, cb) {
                        sym.sibling_map(a, b, x, y)
                    } else if (cy, cx) == (ca, cb) {
                        sym.sibling_map(a, b, y, x)
                    } else {
                        i += 1;
                        continue;
                    };
                    let mut image = EdgeSet::empty(m);
                    for f in support.iter() {
                        image.insert(sym.apply_sibling(g, f, &map));
                    }
                    uncovered.remove(i);
                    uncovered.retain(|&u| image.contains(u));
                    i = 0;
                    siblings.push(Tried {
                        deletion: Some(d),
                        action: Action::Fugitive(r),
                        support: image,
                    });
                }
            }
            tried.push(Tried {
                deletion: Some(c),
                action: Action::Fugitive(r),
                support,
            });
            tried.extend(siblings);
        }
        Ok((self.insert_won(key, tried), perm))
    }

    fn insert_won(&mut self, key: Key, tried: Vec<Tried>) -> u32 {
        let mut support = EdgeSet::empty(self.g.m());
        for t in &tried {
            support.union_with(&t.support);
        }
        self.tn.insert(key, NEntry::Won { tried, support })
    }

    /// The Nemesis' move ordering: edges near the fugitive first (breadth-first distance over the
    /// component, exits not walked through), fewer copies first, then nearer the exits.
    fn order_deletions(&self, w: u32, cm: &[u32], mut cands: Vec<u32>) -> Vec<u32> {
        let g = &self.g;
        let big = g.n() as u32 + 5;
        let mut dist = vec![big; g.n()];
        dist[w as usize] = 0;
        let mut frontier = vec![w];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &v in &frontier {
                if g.is_exit[v as usize] {
                    continue;
                }
                for &(x, e) in g.adj(v) {
                    if cm[e as usize] > 0 && dist[x as usize] == big {
                        dist[x as usize] = d;
                        next.push(x);
                    }
                }
            }
            frontier = next;
        }
        cands.sort_by_key(|&e| {
            let (a, b) = g.ends[e as usize];
            let near = dist[a as usize].min(dist[b as usize]);
            let to_exit = self.dist[a as usize].min(self.dist[b as usize]);
            (near, cm[e as usize], to_exit)
        });
        cands
    }
}

/// The vertices of the *heavy* classes of Remark 7 (see [`Search::fugitive_side`]), for `R` the
/// [`slots`] of `g`'s classes.
pub(super) fn heavy_vertices(g: &Graph, sym: &Symmetry) -> Vec<bool> {
    heavy_for_slots(g, sym, slots(g, sym))
}

/// Whether `m` (a twin class) holds true twins (adjacent vertices).
fn true_twins(g: &Graph, m: &[u32]) -> bool {
    m.len() >= 2 && g.adj(m[0]).iter().any(|&(x, _)| x == m[1])
}

/// The twin classes of non-exits outside the block classes.
fn inner_classes<'a>(g: &'a Graph, sym: &'a Symmetry) -> impl Iterator<Item = &'a Vec<u32>> + 'a {
    sym.members
        .iter()
        .filter(|m| !g.is_exit[m[0] as usize] && sym.block(m[0]).is_none())
}

/// `R`, the *slots* of the one-sided game (see [`Search::fugitive_side`]), summed over the classes
/// of non-exits: 1 for a class of false twins or of one vertex (not in a block class), 2 for a
/// class of true twins, 2 for a block class. It bounds the non-exit vertices he stands on.
pub(super) fn slots(g: &Graph, sym: &Symmetry) -> usize {
    inner_classes(g, sym)
        .map(|m| if true_twins(g, m) { 2 } else { 1 })
        .sum::<usize>()
        + 2 * sym.blocks.len()
}

/// The vertices of the classes heavy for `slots` = `R`: a class of non-exits whose edges have one
/// copy each is heavy when it has at least `R` false twins, at least `2R + 1` true twins, or at
/// least `R - 1` blocks (a block class of `N ≥ R - 1` blocks: at most `R - 2` of them spoiled when
/// he enters it).
pub(super) fn heavy_for_slots(g: &Graph, sym: &Symmetry, slots: usize) -> Vec<bool> {
    let simple = |v: &u32| g.adj(*v).iter().all(|&(_, e)| g.mult[e as usize] == 1);
    let mut heavy = vec![false; g.n()];
    for m in inner_classes(g, sym) {
        let need = if true_twins(g, m) {
            2 * slots + 1
        } else {
            slots
        };
        if m.len() >= 2 && m.len() >= need && m.iter().all(simple) {
            for &v in m {
                heavy[v as usize] = true;
            }
        }
    }
    for class in &sym.blocks {
        let vertices = || class.blocks.iter().flatten();
        if class.blocks.len() + 1 >= slots && vertices().all(simple) {
            for &v in vertices() {
                heavy[v as usize] = true;
            }
        }
    }
    heavy
}

/// Each vertex's heavy *unit* (see [`Search::heavy_unit`]): itself in a heavy twin class, the
/// first vertex of its block in a heavy block class, [`NO_UNIT`] when not heavy.
pub(super) fn heavy_units(sym: &Symmetry, heavy: &[bool]) -> Vec<u32> {
    (0..heavy.len() as u32)
        .map(|v| match (heavy[v as usize], sym.block(v)) {
            (false, _) => NO_UNIT,
            (true, Some((c, i))) => sym.blocks[c as usize].blocks[i as usize][0],
            (true, None) => v,
        })
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn never() -> impl FnMut(u64) -> bool {
        |_| false
    }

    /// The k x k grid of Fig. 4 (vertex i*k+j, exits after), as in `generator.grid`.
    pub fn grid(k: u32) -> Graph {
        let mut ends = Vec::new();
        let mut exit = k * k;
        for i in 0..k {
            for j in 0..k {
                let v = i * k + j;
                if j + 1 < k {
                    ends.push((v, v + 1));
                }
                if i + 1 < k {
                    ends.push((v, v + k));
                }
                for on in [i == 0, i == k - 1, j == 0, j == k - 1] {
                    if on {
                        ends.push((v, exit));
                        exit += 1;
                    }
                }
            }
        }
        let n = exit as usize;
        let is_exit = (0..n).map(|v| v >= (k * k) as usize).collect();
        let m = ends.len();
        Graph::new(n, ends, vec![1; m], is_exit).unwrap()
    }

    #[test]
    fn the_first_example_is_won_and_a_path_is_lost() {
        // s - a, a - x, a - y: he moves to a, two exits
        let g = Graph::new(
            4,
            vec![(0, 1), (1, 2), (1, 3)],
            vec![1; 3],
            vec![false, false, true, true],
        )
        .unwrap();
        let mut s = Search::new(g, false);
        let mult = s.g.mult.clone();
        let f = s.f_turn(0, &mult, &mut never()).unwrap();
        assert!(s.tf.entries[f as usize].wins());
        // s - a - x: a single path is lost
        let g = Graph::new(
            3,
            vec![(0, 1), (1, 2)],
            vec![1; 2],
            vec![false, false, true],
        )
        .unwrap();
        let mut s = Search::new(g, false);
        let f = s.f_turn(0, &[1, 1], &mut never()).unwrap();
        assert!(!s.tf.entries[f as usize].wins());
    }

    #[test]
    fn the_grid_5x5_centre_is_won_and_7x7_centre_lost() {
        let mut s = Search::new(grid(5), false);
        let mult = s.g.mult.clone();
        let f = s.f_turn(12, &mult, &mut never()).unwrap();
        assert!(s.tf.entries[f as usize].wins());
        let mut s = Search::new(grid(7), false);
        let mult = s.g.mult.clone();
        let f = s.f_turn(24, &mult, &mut never()).unwrap();
        assert!(!s.tf.entries[f as usize].wins());
    }

    #[test]
    fn a_stop_unwinds_and_the_search_resumes() {
        let mut s = Search::new(grid(7), false);
        let mult = s.g.mult.clone();
        assert_eq!(s.f_turn(24, &mult, &mut |_| true), Err(Stopped));
        let f = s.f_turn(24, &mult, &mut never()).unwrap();
        assert!(!s.tf.entries[f as usize].wins());
    }

    /// A random multigraph with planted twin classes: `classes` groups of 1-3 copies (exits among
    /// them), edges between groups as complete bipartite graphs, a few single edges between
    /// copies that break the twins (a simple generator: the state of a 64-bit LCG).
    fn planted(seed: u64) -> (Graph, u32) {
        planted_with(seed, false)
    }

    /// As [`planted`]; with `matchings`, two non-exit groups of equal sizes (2 or 3) are joined by
    /// a matching of their copies instead (planted block classes).
    fn planted_with(seed: u64, matchings: bool) -> (Graph, u32) {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut next = |k: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % k
        };
        let groups = 3 + next(3) as usize;
        let mut of: Vec<Vec<u32>> = Vec::new();
        let mut is_exit = Vec::new();
        for i in 0..groups + 2 {
            let copies = 1 + next(3) as usize;
            let exit = i >= groups;
            of.push((0..copies).map(|j| (is_exit.len() + j) as u32).collect());
            is_exit.extend(std::iter::repeat_n(exit, copies));
        }
        let mut pairs = std::collections::BTreeMap::new();
        for a in 0..of.len() {
            for b in a + 1..of.len() {
                if (a >= groups && b >= groups) || next(100) >= 45 {
                    continue;
                }
                let k = 1 + u32::from(next(4) == 0);
                if matchings && b < groups && of[a].len() == of[b].len() && of[a].len() > 1 {
                    for (&u, &v) in of[a].iter().zip(&of[b]) {
                        pairs.insert((u, v), 1);
                    }
                    continue;
                }
                for &u in &of[a] {
                    for &v in &of[b] {
                        pairs.insert((u, v), k);
                    }
                }
            }
        }
        let n = is_exit.len() as u32;
        for _ in 0..next(3) {
            let (u, v) = (next(n as u64) as u32, next(n as u64) as u32);
            if u != v && !(is_exit[u as usize] && is_exit[v as usize]) {
                pairs.entry((u.min(v), u.max(v))).or_insert(1);
            }
        }
        let (ends, mult): (Vec<(u32, u32)>, Vec<u32>) = pairs.into_iter().unzip();
        (Graph::new(n as usize, ends, mult, is_exit).unwrap(), n)
    }

    #[test]
    fn symmetry_and_the_one_sided_search_agree_with_the_plain_search() {
        let (mut compared, mut twinned, mut won) = (0, 0, 0);
        for seed in 0..300 {
            let (g, n) = planted(seed);
            twinned += usize::from(Symmetry::find(&g).is_some());
            agree(&g, n, seed, &mut compared, &mut won);
        }
        assert!(compared > 1000 && twinned > 200 && won > 100 && compared - won > 100);
    }

    #[test]
    fn with_planted_block_classes_too() {
        let (mut compared, mut blocked, mut won, mut heavy) = (0, 0, 0, 0);
        for seed in 0..1500 {
            let (g, n) = planted_with(seed, true);
            let Some(sym) = Symmetry::find(&g) else {
                continue;
            };
            if sym.blocks.is_empty() {
                continue;
            }
            blocked += 1;
            heavy += usize::from(Search::fugitive_side(g.clone(), false).is_some_and(|s| {
                s.heavy_unit
                    .iter()
                    .any(|&u| u != NO_UNIT && sym.block(u).is_some())
            }));
            agree(&g, n, seed, &mut compared, &mut won);
        }
        assert!(blocked > 120 && heavy > 25 && won > 2000 && compared - won > 150);
    }

    /// From every start: the symmetric search has the plain search's winner (and a move of the
    /// position when he wins), the one-sided search no fugitive win the plain one refuses.
    fn agree(g: &Graph, n: u32, seed: u64, compared: &mut usize, won: &mut usize) {
        for blizzard in [false, true] {
            let mut plain = Search::new(g.clone(), blizzard);
            let mut sym = Search::with_symmetry(g.clone(), blizzard, true);
            let mut side = Search::fugitive_side(g.clone(), blizzard);
            for v in (0..n).filter(|&v| !g.is_exit[v as usize]) {
                let mult = g.mult.clone();
                let a = plain.f_turn(v, &mult, &mut never()).unwrap();
                let a = plain.tf.entries[a as usize].wins();
                let (b, perm) = sym.f_located(v, &mult, &mut never()).unwrap();
                let entry = sym.f_entry_real(b, perm.as_ref());
                assert_eq!(a, entry.wins(), "seed {seed}, start {v}");
                *won += usize::from(a);
                if let FEntry::Moves { to, edge, .. } | FEntry::Exits { to, edge } = entry {
                    // the move is a move of this position
                    let (x, y) = g.ends[edge as usize];
                    assert!((x, y) == (v, to) || (x, y) == (to, v));
                }
                if let Some(side) = side.as_mut() {
                    let c = side.f_turn(v, &mult, &mut never()).unwrap();
                    assert!(!side.tf.entries[c as usize].wins() || a, "seed {seed}");
                }
                *compared += 1;
            }
        }
    }
}
