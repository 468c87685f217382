//! The Nemesis' winning strategy written straight to a file: the document of
//! `escapology.nemesis.engines.extract.nemesis_strategy` (format `nemesis-strategy`, version 1, see
//! `escapology.nemesis.strategy.document`), node for node, without holding it in memory.
//!
//! **What is written.** One node per *full* position of the game without revisits (the
//! fugitive's vertex, the multiset of deletions, the vertices he has left; Remark 7) that the
//! Nemesis' strategy reaches from the start. At a position where the trap rule holds the node is
//! `{"at": p, "trapped": true}`; elsewhere it answers every move `p -> w` of the fugitive
//! (along an edge with a copy left, to a vertex not left before) with the deletion the search
//! proved (the Nemesis-turn entry of `(w, H without p's edges)`), and, when the search names no
//! deletion or one already gone, the first edge with a copy left (Blizzard: at `w`), else the
//! first edge with a copy in the real multigraph, else none. The trap flag of the entry tells
//! whether the next position is a `trapped` leaf; the start asks the search (`has_exit`).
//!
//! **Invariants.** (1) Every reference points to an *earlier* node: the traversal is depth first
//! on an explicit stack and a node is written after all the nodes it answers with (post-order),
//! so its children's ids are known when it is written. (2) One node per distinct full position:
//! a position is looked up in a [`PositionMemo`] (confirmed in full, never on a hash alone)
//! before it is opened, and stored when its node is written; a position cannot recur below
//! itself (every move leaves a vertex for good), so no open position is ever needed. (3) The node
//! order, the answers and the root are those of the Python writer: the same traversal (moves in
//! adjacency order, the same memo hits), the same search entries.
//!
//! The root is known only at the end, so the document is written as
//! `{"format": ..., "version": 1, "player": "nemesis", "nodes": [...], "root": R}` (JSON objects
//! are unordered; the readers look keys up by name), with the separators of
//! `escapology.nemesis.strategy.document.write_json` (`", "`, `": "`) and the names as the caller encoded
//! them (JSON strings, quotes included).
//!
//! **Memory.** Per node: 20 bytes of position (chain, node id, tag) and 5 to 11 bytes of the
//! memo's table (27-35 bytes a node measured on the 11x11 to 13x13 grids); the search's own
//! tables beside. The writer's stack is as deep as the longest play (the non-exit vertices).

use std::io::{self, Write};

use super::position_memo::{position_key, Current, PositionMemo, NONE};
use super::search::{Search, Stop};
use super::table::NEntry;
use super::Stopped;
use crate::hashing::mix;

/// Why a strategy was not written to the end.
#[derive(Debug)]
pub enum WriteError {
    /// The caller's stop callback said so (deadline, Ctrl-C).
    Stopped,
    /// The strategy has more nodes than allowed.
    TooLarge,
    /// The search's answers contradict a Nemesis win (the message says where).
    Wrong(String),
    /// Writing failed.
    Io(io::Error),
}

impl From<Stopped> for WriteError {
    fn from(_: Stopped) -> Self {
        WriteError::Stopped
    }
}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> Self {
        WriteError::Io(e)
    }
}

/// A strategy written: its node count and its root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    pub nodes: u64,
    pub root: u32,
}

/// How often (in steps of the traversal) the writer calls the stop callback itself; the search
/// calls it too while it searches.
const POLL_STEPS: u64 = 1024;

/// One answer of an open node: the fugitive's move to `to`, the Nemesis' `deletion` (NONE: none),
/// whether the trap rule holds after it, and the node written for what follows (NONE: not yet).
#[derive(Clone, Copy)]
struct Answer {
    to: u32,
    deletion: u32,
    trapped: bool,
    node: u32,
}

/// An open node: the fugitive on `at`, its answers `answers[first..]` (the last open node's
/// answers end the list), the next to follow, its position and memo key, and what to undo when it
/// is left: the vertex and deletion of the move into it and the start of its entries in `undo`.
struct Frame {
    at: u32,
    first: usize,
    next: usize,
    deletions: u64,
    visits: u64,
    key: u64,
    position: u32,
    entered: Option<(u32, u32, usize)>,
}

/// The writer's state: the real multigraph `cur`, the restricted one `rest` (without the
/// vertices left, the solver's game), the vertices left, the deletions per edge.
pub struct StrategyWriter<'a, W: Write> {
    search: &'a mut Search,
    names: &'a [String],
    out: W,
    cap: u64,
    cur: Vec<u64>,
    rest: Vec<u64>,
    visited: Vec<bool>,
    deleted: Vec<u32>,
    moves: u32,
    deletions: u32,
    /// `rest` without the fugitive's edges, capped as the search's positions are.
    probe: Vec<u32>,
    memo: PositionMemo,
    answers: Vec<Answer>,
    undo: Vec<(u32, u64)>,
    written: u64,
    max_nodes: Option<u64>,
    steps: u64,
}

impl<'a, W: Write> StrategyWriter<'a, W> {
    /// A writer over `search`'s graph with multiplicities `mult` (the real ones, uncapped),
    /// vertex names already encoded as JSON strings, writing to `out`, failing beyond
    /// `max_nodes` nodes. `cap` is the cap the search's positions are given (its graph's).
    pub fn new(
        search: &'a mut Search,
        mult: &[u64],
        cap: u64,
        names: &'a [String],
        out: W,
        max_nodes: Option<u64>,
    ) -> Self {
        let (n, m) = (search.g.n(), search.g.m());
        StrategyWriter {
            names,
            out,
            cap,
            cur: mult.to_vec(),
            rest: mult.to_vec(),
            visited: vec![false; n],
            deleted: vec![0; m],
            moves: 0,
            deletions: 0,
            probe: vec![0; m],
            memo: PositionMemo::new(m),
            answers: Vec::new(),
            undo: Vec::new(),
            written: 0,
            max_nodes,
            steps: 0,
            search,
        }
    }

    /// Writes the document of the Nemesis' strategy from `start`; `stop` is polled (with the
    /// nodes written so far) by the traversal and by the search.
    pub fn write(mut self, start: u32, stop: &mut Stop) -> Result<Written, WriteError> {
        self.out.write_all(
            br#"{"format": "nemesis-strategy", "version": 1, "player": "nemesis", "nodes": ["#,
        )?;
        let first = self.answers.len();
        let root = match self.open(start, None, stop)? {
            Some(leaf) => leaf,
            None => {
                let frame = Frame {
                    at: start,
                    first,
                    next: 0,
                    deletions: 0,
                    visits: 0,
                    key: 0,
                    position: self.memo.push(NONE, start, NONE),
                    entered: None,
                };
                self.traverse(frame, stop)?
            }
        };
        writeln!(self.out, "], \"root\": {root}}}")?;
        self.out.flush()?;
        Ok(Written {
            nodes: self.written,
            root,
        })
    }

    /// The depth-first traversal from the open root; returns the root's node.
    fn traverse(&mut self, root: Frame, stop: &mut Stop) -> Result<u32, WriteError> {
        let mut stack = vec![root];
        loop {
            self.steps += 1;
            if self.steps.is_multiple_of(POLL_STEPS) && stop(self.written) {
                return Err(WriteError::Stopped);
            }
            let top = stack.last_mut().expect("an open node");
            let i = top.first + top.next;
            if i < self.answers.len() {
                let Answer {
                    to: w,
                    deletion: c,
                    trapped,
                    ..
                } = self.answers[i];
                let p = top.at;
                let deletions = if c != NONE {
                    top.deletions.wrapping_add(mix(c as u64))
                } else {
                    top.deletions
                };
                let visits = top.visits ^ mix(p as u64);
                let key = position_key(w, deletions, visits);
                let parent = top.position;
                if let Some(known) = self.find(key, w, p, c) {
                    self.answers[i].node = known;
                    stack.last_mut().expect("an open node").next += 1;
                    continue;
                }
                let undo_from = self.enter(p, c);
                let position = self.memo.push(parent, w, c);
                let first = self.answers.len();
                match self.open(w, Some(trapped), stop)? {
                    Some(leaf) => {
                        self.memo.store(key, position, leaf);
                        self.leave(p, c, undo_from);
                        self.answers[i].node = leaf;
                        stack.last_mut().expect("an open node").next += 1;
                    }
                    None => stack.push(Frame {
                        at: w,
                        first,
                        next: 0,
                        deletions,
                        visits,
                        key,
                        position,
                        entered: Some((p, c, undo_from)),
                    }),
                }
                continue;
            }
            let fr = stack.pop().expect("an open node");
            let node = self.write_answers(&fr)?;
            self.answers.truncate(fr.first);
            let Some(parent) = stack.last_mut() else {
                return Ok(node);
            };
            self.answers[parent.first + parent.next].node = node;
            parent.next += 1;
            self.memo.store(fr.key, fr.position, node);
            let (p, c, undo_from) = fr.entered.expect("a node below the root was entered");
            self.leave(p, c, undo_from);
        }
    }

    /// The node of the position after the move `p -> w` and deletion `c` from the current one,
    /// if written already.
    fn find(&mut self, key: u64, w: u32, p: u32, c: u32) -> Option<u32> {
        // the position looked up is the current one with the move applied (undone below)
        self.visited[p as usize] = true;
        if c != NONE {
            self.deleted[c as usize] += 1;
        }
        let cur = Current {
            at: w,
            visited: &self.visited,
            deleted: &self.deleted,
            moves: self.moves + 1,
            deletions: self.deletions + u32::from(c != NONE),
        };
        let found = self.memo.find(key, &cur);
        self.visited[p as usize] = false;
        if c != NONE {
            self.deleted[c as usize] -= 1;
        }
        found
    }

    /// Opens the node of the fugitive on `p` to move: `Some(node)` when it is a `trapped` leaf
    /// (written at once), else None with its answers appended to `answers`. `trapped` is the
    /// search's word on the trap rule here (None: ask it).
    fn open(
        &mut self,
        p: u32,
        trapped: Option<bool>,
        stop: &mut Stop,
    ) -> Result<Option<u32>, WriteError> {
        for (k, &r) in self.probe.iter_mut().zip(&self.rest) {
            *k = r.min(self.cap) as u32;
        }
        let trapped = match trapped {
            Some(t) => t,
            None => !self.search.has_exit(p, &self.probe),
        };
        if trapped {
            return Ok(Some(self.write_trapped(p)?));
        }
        let g = &self.search.g;
        for &(_, e) in g.adj(p) {
            self.probe[e as usize] = 0;
        }
        for j in 0..self.search.g.adj(p).len() {
            let (w, e) = self.search.g.adj(p)[j];
            if self.rest[e as usize] == 0 {
                continue;
            }
            if self.search.g.is_exit[w as usize] {
                return Err(WriteError::Wrong(
                    "the fugitive escapes: the search was wrong".into(),
                ));
            }
            let shown = self.written;
            let (r, perm) = self
                .search
                .n_located(w, &self.probe, &mut |_| stop(shown))?;
            // the entry in this position's coordinates (it may be another's, under symmetry)
            let (deletion, trapped) = match self.search.n_entry_real(r, perm.as_ref()) {
                NEntry::Lost { deletion, trapped } => (deletion, trapped),
                NEntry::Won { .. } => {
                    return Err(WriteError::Wrong(
                        "the fugitive wins after this move: the search was wrong".into(),
                    ))
                }
            };
            let deletion = match deletion {
                Some(c) if self.probe[c as usize] > 0 => c,
                _ => self.fallback(w),
            };
            self.answers.push(Answer {
                to: w,
                deletion,
                trapped,
                node: NONE,
            });
        }
        Ok(None)
    }

    /// The deletion when the search names none (or one already gone): the first edge with a copy
    /// left in the restricted game after the move (Blizzard: among `w`'s), else the first with a
    /// copy in the real multigraph, else none.
    fn fallback(&self, w: u32) -> u32 {
        let g = &self.search.g;
        let first = |alive: &dyn Fn(usize) -> bool| -> Option<u32> {
            if self.search.blizzard {
                g.adj(w)
                    .iter()
                    .map(|&(_, f)| f)
                    .find(|&f| alive(f as usize))
            } else {
                (0..g.m() as u32).find(|&f| alive(f as usize))
            }
        };
        first(&|f| self.probe[f] > 0)
            .or_else(|| first(&|f| self.cur[f] > 0))
            .unwrap_or(NONE)
    }

    /// The fugitive leaves `p` and the Nemesis deletes `c`; returns where its undo entries start.
    fn enter(&mut self, p: u32, c: u32) -> usize {
        let undo_from = self.undo.len();
        self.visited[p as usize] = true;
        self.moves += 1;
        for &(_, e) in self.search.g.adj(p) {
            let k = self.rest[e as usize];
            if k > 0 {
                self.undo.push((e, k));
                self.rest[e as usize] = 0;
            }
        }
        if c != NONE {
            let c = c as usize;
            self.cur[c] -= 1;
            self.deleted[c] += 1;
            self.deletions += 1;
            let (a, b) = self.search.g.ends[c];
            if self.rest[c] > 0 && !self.visited[a as usize] && !self.visited[b as usize] {
                self.undo.push((c as u32, self.rest[c]));
                self.rest[c] -= 1;
            }
        }
        undo_from
    }

    /// Undoes [`Self::enter`].
    fn leave(&mut self, p: u32, c: u32, undo_from: usize) {
        self.visited[p as usize] = false;
        self.moves -= 1;
        if c != NONE {
            let c = c as usize;
            self.cur[c] += 1;
            self.deleted[c] -= 1;
            self.deletions -= 1;
        }
        while self.undo.len() > undo_from {
            let (e, k) = self.undo.pop().expect("an undo entry");
            self.rest[e as usize] = k;
        }
    }

    /// Starts the next node; returns its id.
    fn begin_node(&mut self) -> Result<u32, WriteError> {
        begin_node(&mut self.out, &mut self.written, self.max_nodes)
    }

    fn write_trapped(&mut self, p: u32) -> Result<u32, WriteError> {
        let id = self.begin_node()?;
        let name = &self.names[p as usize];
        write!(self.out, "{{\"at\": {name}, \"trapped\": true}}")?;
        Ok(id)
    }

    fn write_answers(&mut self, fr: &Frame) -> Result<u32, WriteError> {
        let id = self.begin_node()?;
        let names = self.names;
        write!(
            self.out,
            "{{\"at\": {}, \"answers\": [",
            names[fr.at as usize]
        )?;
        for (j, a) in self.answers[fr.first..].iter().enumerate() {
            let sep = if j > 0 { ", " } else { "" };
            if a.deletion == NONE {
                write!(self.out, "{sep}[{}]", a.node)?;
            } else {
                let (x, y) = self.search.g.ends[a.deletion as usize];
                let (x, y) = (&names[x as usize], &names[y as usize]);
                write!(self.out, "{sep}[{}, {x}, {y}]", a.node)?;
            }
        }
        self.out.write_all(b"]}")?;
        Ok(id)
    }
}

/// Starts the next node of a document being written to `out` (a separator after the first),
/// `written` nodes so far: its id, or [`WriteError::TooLarge`] at `max_nodes` nodes (the
/// document never holds more), or an error beyond the ids a node can have. Shared by the
/// Nemesis' writer here and the fugitive's walk ([`super::fugitive_walk`]).
pub(super) fn begin_node<W: Write>(
    out: &mut W,
    written: &mut u64,
    max_nodes: Option<u64>,
) -> Result<u32, WriteError> {
    if max_nodes.is_some_and(|cap| *written >= cap) {
        return Err(WriteError::TooLarge);
    }
    if *written >= NONE as u64 {
        return Err(WriteError::Wrong(format!(
            "more than {} nodes",
            NONE as u64 - 1
        )));
    }
    if *written > 0 {
        out.write_all(b", ")?;
    }
    *written += 1;
    Ok(*written as u32 - 1)
}

#[cfg(test)]
mod tests {
    use super::super::graph::Graph;
    use super::*;

    fn names(n: &[&str]) -> Vec<String> {
        n.iter().map(|s| format!("\"{s}\"")).collect()
    }

    fn write(
        g: Graph,
        blizzard: bool,
        start: u32,
        names: &[String],
        max: Option<u64>,
    ) -> Result<(Written, String), WriteError> {
        let mult: Vec<u64> = g.mult.iter().map(|&k| k as u64).collect();
        let cap = g.n() as u64 + 1;
        let mut s = Search::new(g, blizzard);
        let mut out = Vec::new();
        let w = StrategyWriter::new(&mut s, &mult, cap, names, &mut out, max)
            .write(start, &mut |_| false)?;
        Ok((w, String::from_utf8(out).unwrap()))
    }

    #[test]
    fn a_path_to_one_exit_is_cut_at_once() {
        // s = a (two copies), a - x: he moves to a, the Nemesis deletes a-x, the trap rule holds
        let g = Graph::new(
            3,
            vec![(0, 1), (1, 2)],
            vec![2, 1],
            vec![false, false, true],
        )
        .unwrap();
        let (w, doc) = write(g, false, 0, &names(&["s", "a", "x"]), None).unwrap();
        assert_eq!(w, Written { nodes: 2, root: 1 });
        assert_eq!(
            doc,
            "{\"format\": \"nemesis-strategy\", \"version\": 1, \"player\": \"nemesis\", \"nodes\": \
             [{\"at\": \"a\", \"trapped\": true}, {\"at\": \"s\", \"answers\": [[0, \"a\", \"x\"]]}], \
             \"root\": 1}\n"
        );
    }

    #[test]
    fn a_start_without_exits_is_one_trapped_node_and_the_cap_holds() {
        // s - x with one exit copy: the fugitive wins, the writer refuses
        let g = Graph::new(2, vec![(0, 1)], vec![1], vec![false, true]).unwrap();
        assert!(matches!(
            write(g, false, 0, &names(&["s", "x"]), None),
            Err(WriteError::Wrong(_))
        ));
        // s - a, the exit x apart: trapped at the start
        let cut = Graph::new(3, vec![(0, 1)], vec![1], vec![false, false, true]).unwrap();
        let (w, doc) = write(cut, false, 0, &names(&["s", "a", "x"]), None).unwrap();
        assert_eq!(w, Written { nodes: 1, root: 0 });
        assert!(doc.contains("[{\"at\": \"s\", \"trapped\": true}]"));
        let path = Graph::new(
            3,
            vec![(0, 1), (1, 2)],
            vec![2, 1],
            vec![false, false, true],
        )
        .unwrap();
        assert!(matches!(
            write(path, false, 0, &names(&["s", "a", "x"]), Some(1)),
            Err(WriteError::TooLarge)
        ));
    }
}
