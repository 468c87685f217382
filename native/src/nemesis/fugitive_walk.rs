//! The fugitive's winning strategy from a search up to symmetry, walked over real positions and
//! written straight to a file: the document of
//! `escapology.nemesis.engines.extract.fugitive_strategy_by_positions` (format
//! `nemesis-strategy`, version 1, player `fugitive`; see `escapology.nemesis.strategy.document`),
//! node for node, in the same order.
//!
//! **Why real positions.** Under symmetry ([`super::symmetry`], step 7 of [`super::search`]) a
//! table entry is shared by the positions of an orbit: looked up from a position it is mapped back
//! by a relabelling that is right for that position, but not necessarily *coherent* with the one
//! its sub-entries get when they are looked up from the positions below (two relabellings of a
//! position may differ by a symmetry of it). So the supports recorded in the table are right for
//! their own entries but cannot be trusted across entries, and the table cannot be read as a
//! strategy the way the plain search's is. The walk asks the search at every real position (each
//! answer in that position's own labels) and computes, in post-order, the *written support*
//! `S(k)` of every node `k`: the edges its written sub-strategy moves along (for an exit node
//! reached along `e`, `{e}`; for a position node, the union over the nodes it refers to of their
//! written supports and the edges leading to them).
//!
//! **What is written.** One node per restricted Nemesis-turn position `P = (w, cm)` the strategy
//! reaches: the fugitive on `w` after his move, before her deletion, `cm` the multiplicities
//! restricted as the search reads them ([`super::simplify`]: the vertex he left removed, capped,
//! zero outside his pruned component), in the graph's own labels. Its replies:
//!
//! 1. the deletions the search tried at `P` (its winning Nemesis-turn entry, mapped to `P`'s
//!    labels), each answered by the search's answer in the position after it (a win, by the
//!    search); the first is the default (`otherwise`): its deletion, if any, is not listed;
//! 2. then, for every edge `c` of the default's written support, in increasing order, that is not
//!    answered yet and that she may delete at `P` (in Blizzard only the edges at `w`: a deletion
//!    elsewhere is no move of hers and needs no reply -- the position after it may well be lost
//!    for him), the answer of the first tried deletion (1) whose written support avoids `c`, else
//!    the search's answer in the position after `c` (a win: the search proved him the winner
//!    after each of her deletions at `P`).
//!
//! One exit node `{"at": x}` per exit reached, written when first referred to; the root `{"at":
//! start, "otherwise": k}` last, `k` the node of his first move. Where two searches are given (the
//! one-sided search of `Search::fugitive_side` first, then the full symmetric one), each question
//! is asked of the first and, unless the fugitive wins there (a win of the one-sided game is a win
//! of the game), of the second: the choices of `escapology.nemesis.engines.native.NativeSearch`.
//!
//! **Why the written strategy wins on the real graph.** Claim, for every node `k` at `w` written
//! for `P = (w, cm)`: in any play of the real game where the fugitive stands on `w`, the Nemesis to
//! delete, and the real multigraph `H` has `H(e) ≥ cm(e)` on every edge `e` of `S(k)`, following
//! the document from `k` he escapes. By induction in the order nodes are written (post-order: a
//! node after every node it refers to). An exit node: he is out. A position node, after her
//! deletion of a copy of `c` (or none):
//!
//! - `c` is a tried deletion (1) (or the default's own): the answer was proven in `cm - c`; it
//!   moves along an edge `e ∈ S(k)` (a copy left: `H - c ≥ cm - c` on `S(k)`) to the node of the
//!   position `P'` after it, whose multiplicities are at most those of `cm - c` (restriction only
//!   removes, zeroes and caps), so `H - c ≥ cm_{P'}` on `S(P') ⊆ S(k)`: the claim at `P'`;
//! - `c` is answered by a tried deletion `d` whose written support `S_d` avoids `c` (2): on
//!   `S_d ∪ {e_d}` the multigraph `H - c` equals `H ≥ cm ≥ cm - d`, so the answer to `d` is played
//!   as if `d` had been deleted (monotonicity, step 1 of [`super::search`]; the support covering of
//!   step 6), and the claim holds below;
//! - `c` is answered by the search's answer after `c` (2): as for a tried deletion;
//! - any other deletion (or none) leaves the default's written support whole: `c` is not in it
//!   (every such edge she may delete here is listed), so `H - c ≥ cm - c_0` on it, `c_0` the
//!   default's deletion, and the default answer is played as if `c_0` had been deleted.
//!
//! At the root `H` is the real multigraph, at least the restricted start on every edge, and the
//! first move leads to a node whose position is below it: the claim. The walk ends since every
//! move removes the vertex left (positions strictly decrease); every answer exists since the
//! search proved the fugitive's win at each position it reaches (else [`WriteError::Wrong`]).
//!
//! **Invariants.** (1) Every reference points to an *earlier* node: positions are closed in
//! post-order on an explicit stack (a position is opened, its children are pushed above it, and it
//! is closed when they are done; a position is never below itself, so none is opened twice).
//! (2) One node per distinct restricted position: positions are keyed by their vertex and
//! bit-packed multiplicities (the tables' [`Packer`], compared in full, never on a hash alone).
//! (3) The nodes, their order, the replies and the root are those of the Python walker: the same
//! stack discipline (children pushed in the order of the replies, so the last is walked first),
//! the same questions to the same searches, the same default choices, exit nodes written where it
//! appends them.
//!
//! The root is known only at the end, so the document is written as `{"format": ..., "version":
//! 1, "player": "fugitive", "nodes": [...], "root": R}` with the separators of
//! `escapology.nemesis.strategy.document.write_json` and the names as the caller encoded them (as
//! [`super::strategy_writer`] does). At most `max_nodes` nodes are written (exit nodes and the root
//! counted), else [`WriteError::TooLarge`].
//!
//! **Cost.** Each question is a table look-up of the search: a restriction and a canonical form of
//! the position, both linear in the edges, and one more restriction for the position after his
//! move; on Lemma 14's graph for `∃x: x` (3,508 edges, 21,635 nodes) that is the whole of the
//! walk's 4.4 s (the Python walker, which crossed into the crate for every question, took 13.7 s).
//!
//! **Memory.** Per position: its packed key twice (the index, and the slot until the position is
//! closed) and the written support (a bitset over the edges); the search's own tables beside (73
//! MB at the process's peak on that graph, against the Python walker's 632 MB).

use std::io::Write;

use super::graph::{EdgeSet, Graph};
use super::position_memo::NONE; // no node, no position (an exit reached)
use super::search::{Search, Stop};
use super::strategy_writer::{begin_node, WriteError, Written};
use super::table::{Action, FastMap, Key, Packer};

/// The fugitive's answer to one deletion (None: none, or the default's) at an open position: he
/// moves along `edge` to `to`; `next` is the position after his move (NONE when `to` is an exit).
#[derive(Clone, Copy, Debug)]
struct Reply {
    deletion: Option<u32>,
    to: u32,
    edge: u32,
    next: u32,
}

/// A position node being closed: its default answer's node, the replies listed so far (deletion,
/// node) and the written support so far.
struct Node {
    otherwise: u32,
    replies: Vec<(u32, u32)>,
    support: EdgeSet,
}

/// What is left to do at a position (the Python walker's stack states).
enum Task {
    /// Ask the search for its replies and walk them.
    Open(u32),
    /// Its tried replies are walked: choose the replies to the default's written support.
    Close(u32, Vec<Reply>),
    /// The deletions no tried reply covers are answered by these, walked too: write the node.
    Extra(u32, Node, Vec<Reply>),
}

impl Task {
    fn position(&self) -> u32 {
        match self {
            Task::Open(p) | Task::Close(p, _) | Task::Extra(p, _, _) => *p,
        }
    }
}

/// A position met: its key (until it is closed) and, once closed, its node and written support.
struct Slot {
    at: u32,
    key: Option<Key>,
    done: Option<(u32, EdgeSet)>,
}

/// The walk over real positions (see the module documentation).
pub struct FugitiveWalk<'a, W: Write> {
    /// Asked in this order: a fugitive win of any is a win; the last one's answer stands.
    searches: Vec<&'a mut Search>,
    g: Graph,
    blizzard: bool,
    names: &'a [String],
    out: W,
    packer: Packer,
    index: FastMap<Key, u32>,
    slots: Vec<Slot>,
    exit_node: Vec<u32>,
    written: u64,
    max_nodes: Option<u64>,
}

impl<'a, W: Write> FugitiveWalk<'a, W> {
    /// A walk asking `one_sided` (the one-sided search of `Search::fugitive_side`, if any) and then
    /// `search` (over the same graph and game), vertex names already encoded as JSON strings,
    /// writing to `out`, failing beyond `max_nodes` nodes.
    pub fn new(
        one_sided: Option<&'a mut Search>,
        search: &'a mut Search,
        names: &'a [String],
        out: W,
        max_nodes: Option<u64>,
    ) -> Self {
        let g = search.g.clone();
        let blizzard = search.blizzard;
        let packer = search.packer().clone();
        let mut searches: Vec<&'a mut Search> = one_sided.into_iter().collect();
        searches.push(search);
        FugitiveWalk {
            exit_node: vec![NONE; g.n()],
            searches,
            g,
            blizzard,
            names,
            out,
            packer,
            index: FastMap::default(),
            slots: Vec::new(),
            written: 0,
            max_nodes,
        }
    }

    /// Writes the document of the fugitive's strategy from `start` in the graph's initial
    /// position; `stop` is polled (with the nodes written so far) at every step of the walk and by
    /// the searches.
    pub fn write(mut self, start: u32, stop: &mut Stop) -> Result<Written, WriteError> {
        self.out.write_all(
            br#"{"format": "nemesis-strategy", "version": 1, "player": "fugitive", "nodes": ["#,
        )?;
        let initial = self.g.mult.clone();
        let first = self.answer(start, &initial, None, stop)?;
        let mut stack: Vec<Task> = Vec::new();
        if first.next != NONE {
            stack.push(Task::Open(first.next));
        }
        let mut cm = vec![0u32; self.g.m()];
        while let Some(task) = stack.pop() {
            if stop(self.written) {
                return Err(WriteError::Stopped);
            }
            let p = task.position();
            if self.slots[p as usize].done.is_some() {
                continue;
            }
            let w = self.slots[p as usize].at;
            match task {
                Task::Open(_) => {
                    self.unpack(p, &mut cm);
                    let tried = self.open(w, &cm, stop)?;
                    let children: Vec<u32> = tried.iter().map(|r| r.next).collect();
                    stack.push(Task::Close(p, tried));
                    self.push_children(&mut stack, children);
                }
                Task::Close(_, tried) => {
                    let (node, extra) = self.close(w, &tried)?;
                    if extra.is_empty() {
                        self.finish(p, node)?;
                        continue;
                    }
                    // deletions answered by their own positions: ask, walk them, then write
                    self.unpack(p, &mut cm);
                    let mut more = Vec::with_capacity(extra.len());
                    for c in extra {
                        more.push(self.answer(w, &cm, Some(c), stop)?);
                    }
                    let children: Vec<u32> = more.iter().map(|r| r.next).collect();
                    stack.push(Task::Extra(p, node, more));
                    self.push_children(&mut stack, children);
                }
                Task::Extra(_, mut node, more) => {
                    for r in &more {
                        let (k, support) = self.child(r)?;
                        node.replies.push((listed(r)?, k));
                        node.support.union_with(&support);
                    }
                    self.finish(p, node)?;
                }
            }
        }
        let top = self.child(&first)?.0;
        let root = self.begin_node()?;
        write!(
            self.out,
            "{{\"at\": {}, \"otherwise\": {top}}}",
            self.names[start as usize]
        )?;
        writeln!(self.out, "], \"root\": {root}}}")?;
        self.out.flush()?;
        Ok(Written {
            nodes: self.written,
            root,
        })
    }

    /// Pushes the positions `next` not closed yet (exits are not positions), in this order.
    fn push_children(&self, stack: &mut Vec<Task>, next: Vec<u32>) {
        for p in next {
            if p != NONE && self.slots[p as usize].done.is_none() {
                stack.push(Task::Open(p));
            }
        }
    }

    /// The multiplicities of open position `p`, into `cm`.
    fn unpack(&self, p: u32, cm: &mut [u32]) {
        let key = self.slots[p as usize]
            .key
            .as_ref()
            .expect("an open position keeps its key");
        self.packer.unpack(key, cm);
    }

    /// The id of the restricted position (`at`, `cm`), met now or before.
    fn position(&mut self, at: u32, cm: &[u32]) -> u32 {
        let key = self.packer.key(at, cm);
        if let Some(&p) = self.index.get(&key) {
            return p;
        }
        let p = self.slots.len() as u32;
        self.slots.push(Slot {
            at,
            key: Some(key.clone()),
            done: None,
        });
        self.index.insert(key, p);
        p
    }

    /// The search's replies at the restricted Nemesis-turn position (`w`, `cm`), in its labels:
    /// every tried deletion with the fugitive's answer after it.
    fn open(&mut self, w: u32, cm: &[u32], stop: &mut Stop) -> Result<Vec<Reply>, WriteError> {
        let shown = self.written;
        let last = self.searches.len() - 1;
        let mut tried = None;
        for (i, s) in self.searches.iter_mut().enumerate() {
            let (r, perm) = s.n_located(w, cm, &mut |_| stop(shown))?;
            tried = s.n_replies_real(r, perm.as_ref());
            if tried.is_some() || i == last {
                break;
            }
        }
        let tried = tried.ok_or_else(|| {
            WriteError::Wrong(
                "the fugitive does not win after this move: the search was wrong".into(),
            )
        })?;
        let mut out = Vec::with_capacity(tried.len());
        for (c, action) in tried {
            out.push(match action {
                Action::Exit(e) => {
                    let (a, b) = self.g.ends[e as usize];
                    Reply {
                        deletion: c,
                        to: if a == w { b } else { a },
                        edge: e,
                        next: NONE,
                    }
                }
                Action::Fugitive(_) => self.answer(w, cm, c, stop)?,
            });
        }
        Ok(out)
    }

    /// The fugitive's answer at the restricted position (`w`, `cm`) after the deletion of one copy
    /// of `c` (None: none): his move by the search, and the restricted Nemesis-turn position after
    /// it (`w`'s edges removed), as the crate's `NemesisSearch.answer` gives them.
    fn answer(
        &mut self,
        w: u32,
        cm: &[u32],
        c: Option<u32>,
        stop: &mut Stop,
    ) -> Result<Reply, WriteError> {
        let mut mult = cm.to_vec();
        if let Some(c) = c {
            let (a, b) = self.g.ends[c as usize];
            if mult[c as usize] == 0 || (self.blizzard && a != w && b != w) {
                return Err(WriteError::Wrong(format!(
                    "a reply to a deletion she cannot make (edge {c} at vertex {w})"
                )));
            }
            mult[c as usize] -= 1;
        }
        let shown = self.written;
        let last = self.searches.len() - 1;
        let mut found = None;
        for (i, s) in self.searches.iter_mut().enumerate() {
            let (r, perm, here) = s.f_located_restricted(w, &mult, &mut |_| stop(shown))?;
            found = s
                .f_move_real(r, perm.as_ref())
                .map(|to_edge| (to_edge, here));
            if found.is_some() || i == last {
                break;
            }
        }
        let ((to, edge), mut here) = found.ok_or_else(|| {
            WriteError::Wrong("the fugitive does not win here: the search was wrong".into())
        })?;
        let mut reply = Reply {
            deletion: c,
            to,
            edge,
            next: NONE,
        };
        if !self.g.is_exit[to as usize] {
            // the position after his move: `w` left (its edges removed), restricted at `to`
            for &(_, e) in self.g.adj(w) {
                here[e as usize] = 0;
            }
            let search = self.searches.last_mut().expect("a search");
            let next = search.restricted(to, &here);
            reply.next = self.position(to, &next);
        }
        Ok(reply)
    }

    /// The node an answer refers to and its written support with the edge leading there.
    fn child(&mut self, r: &Reply) -> Result<(u32, EdgeSet), WriteError> {
        if r.next == NONE {
            return Ok((self.exit_id(r.to)?, EdgeSet::single(self.g.m(), r.edge)));
        }
        let Some((k, support)) = &self.slots[r.next as usize].done else {
            return Err(WriteError::Wrong(
                "a position is closed before the positions below it".into(),
            ));
        };
        let mut support = support.clone();
        support.insert(r.edge);
        Ok((*k, support))
    }

    /// The node of exit `x`, written when first referred to.
    fn exit_id(&mut self, x: u32) -> Result<u32, WriteError> {
        if self.exit_node[x as usize] == NONE {
            let id = self.begin_node()?;
            write!(self.out, "{{\"at\": {}}}", self.names[x as usize])?;
            self.exit_node[x as usize] = id;
        }
        Ok(self.exit_node[x as usize])
    }

    /// The node at `w` from its tried replies (walked): the default, the tried deletions, and the
    /// edges of the default's written support she may delete, each answered by a tried reply whose
    /// written support avoids it; returns the node so far and the edges no tried reply covers.
    fn close(&mut self, w: u32, tried: &[Reply]) -> Result<(Node, Vec<u32>), WriteError> {
        let m = self.g.m();
        let Some(first) = tried.first() else {
            return Err(WriteError::Wrong("a won position without replies".into()));
        };
        let (otherwise, default_support) = self.child(first)?;
        let mut node = Node {
            otherwise,
            replies: Vec::with_capacity(tried.len() - 1),
            support: default_support.clone(),
        };
        let mut answered: Vec<(EdgeSet, u32)> = Vec::with_capacity(tried.len() - 1);
        let mut seen = EdgeSet::empty(m);
        if let Some(c0) = first.deletion {
            seen.insert(c0);
        }
        for r in &tried[1..] {
            let c = listed(r)?;
            let (k, support) = self.child(r)?;
            node.replies.push((c, k));
            node.support.union_with(&support);
            answered.push((support, k));
            seen.insert(c);
        }
        let mut extra = Vec::new();
        for c in default_support.iter() {
            let (a, b) = self.g.ends[c as usize];
            if seen.contains(c) || (self.blizzard && a != w && b != w) {
                continue; // answered, or (Blizzard) she deletes at w only
            }
            seen.insert(c);
            match answered.iter().find(|(support, _)| !support.contains(c)) {
                Some((support, k)) => {
                    node.replies.push((c, *k));
                    node.support.union_with(support);
                }
                None => extra.push(c),
            }
        }
        Ok((node, extra))
    }

    /// Writes the node of position `p` and records its id and written support.
    fn finish(&mut self, p: u32, node: Node) -> Result<(), WriteError> {
        let id = self.begin_node()?;
        let names = self.names;
        let slot = &mut self.slots[p as usize];
        write!(
            self.out,
            "{{\"at\": {}, \"otherwise\": {}",
            names[slot.at as usize], node.otherwise
        )?;
        if !node.replies.is_empty() {
            self.out.write_all(b", \"replies\": [")?;
            for (j, &(c, k)) in node.replies.iter().enumerate() {
                let sep = if j > 0 { ", " } else { "" };
                let (x, y) = self.g.ends[c as usize];
                let (x, y) = (&names[x as usize], &names[y as usize]);
                write!(self.out, "{sep}[{x}, {y}, {k}]")?;
            }
            self.out.write_all(b"]")?;
        }
        self.out.write_all(b"}")?;
        slot.key = None;
        slot.done = Some((id, node.support));
        Ok(())
    }

    /// Starts the next node; returns its id.
    fn begin_node(&mut self) -> Result<u32, WriteError> {
        begin_node(&mut self.out, &mut self.written, self.max_nodes)
    }
}

/// The deletion a listed reply answers (every reply but the default names one).
fn listed(r: &Reply) -> Result<u32, WriteError> {
    r.deletion
        .ok_or_else(|| WriteError::Wrong("a reply that answers no deletion".into()))
}

#[cfg(test)]
mod tests {
    use super::super::symmetry::tests::fan;
    use super::*;

    fn names(n: &[&str]) -> Vec<String> {
        n.iter().map(|s| format!("\"{s}\"")).collect()
    }

    fn walk(
        search: &mut Search,
        one_sided: Option<&mut Search>,
        start: u32,
        max: Option<u64>,
        stop: &mut Stop,
    ) -> Result<(Written, String), WriteError> {
        let names = names(&["s", "a", "b", "c", "x", "y"]);
        let mut out = Vec::new();
        let w = FugitiveWalk::new(one_sided, search, &names, &mut out, max).write(start, stop)?;
        Ok((w, String::from_utf8(out).unwrap()))
    }

    #[test]
    fn the_fan_is_won_in_two_moves_and_every_deletion_is_answered() {
        for one_sided in [false, true] {
            let mut s = Search::with_symmetry(fan(), false, true);
            let mut side = Search::fugitive_side(fan(), false).unwrap();
            let side = one_sided.then_some(&mut side);
            let (w, doc) = walk(&mut s, side, 0, None, &mut |_| false).unwrap();
            assert_eq!(w, Written { nodes: 4, root: 3 });
            // he moves to a twin of a, two exit copies there: the default steps out to x, and
            // after her deletion of that copy he steps out to y
            let ok = ["a", "b", "c"].iter().any(|v| {
                doc == format!(
                    "{{\"format\": \"nemesis-strategy\", \"version\": 1, \"player\": \"fugitive\", \
                     \"nodes\": [{{\"at\": \"x\"}}, {{\"at\": \"y\"}}, {{\"at\": \"{v}\", \
                     \"otherwise\": 0, \"replies\": [[\"{v}\", \"x\", 1]]}}, {{\"at\": \"s\", \
                     \"otherwise\": 2}}], \"root\": 3}}\n"
                )
            });
            assert!(ok, "{doc}");
        }
    }

    #[test]
    fn the_walk_stops_refuses_more_nodes_than_allowed_and_a_lost_start() {
        let mut s = Search::with_symmetry(fan(), false, true);
        assert!(matches!(
            walk(&mut s, None, 0, None, &mut |_| true),
            Err(WriteError::Stopped)
        ));
        assert!(matches!(
            walk(&mut s, None, 0, Some(3), &mut |_| false),
            Err(WriteError::TooLarge)
        ));
        assert!(walk(&mut s, None, 0, Some(4), &mut |_| false).is_ok());
        // s - a - x with a second copy of s - a: the Nemesis cuts a - x
        let path = Graph::new(
            3,
            vec![(0, 1), (1, 2)],
            vec![2, 1],
            vec![false, false, true],
        )
        .unwrap();
        let mut s = Search::new(path, false);
        let names = names(&["s", "a", "x"]);
        let mut out = Vec::new();
        let lost = FugitiveWalk::new(None, &mut s, &names, &mut out, None).write(0, &mut |_| false);
        assert!(matches!(lost, Err(WriteError::Wrong(_))));
    }
}
