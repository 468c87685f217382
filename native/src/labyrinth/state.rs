//! A state of the exact search, as the search below a node sees it, and its bytes.
//!
//! The complete search of `d` more pushes below a node depends on the node only through
//! - the board (the field on each position),
//! - the avatar's set `R` (closed under walking: every node but the game's start),
//! - the goal's position,
//! - the restriction the push that led there puts on the next: rules 1 and 2 after an R-idle push
//!   (no reverse; no push of the same orientation on another line unless R-idle on a larger line),
//!   and rule 2 at the root after a first push that met `{init}`'s band (no R-idle push of the same
//!   orientation on another line).
//!
//! (Rules 5 and 6 also tie the last two pushes to an idle push before them: a state with at most
//! two pushes left after such a push is searched without that tie, a superset of the node's
//! search; every other rule, and the table, see only the state.) So [`super::search::Search::from_state`] with
//! `d` pushes is the search of depth `L + d` continued below a node at level `L`, node for node
//! when the state has at least three pushes left ([`super::search`]'s tests check it), and:
//!
//! **Invariant (the parts compose to the whole).** Split the search of depth `D >= k + 3` at level
//! `k` ([`super::search::Options::split_at`]): every plan the whole search finds at depth `D` is the
//! pushes to one collected state followed by a plan the part of that state finds with `D - k`
//! pushes, and conversely. Hence: the whole finds a plan of `D` pushes exactly when some part
//! finds one of `D - k`; when every part is exhausted at `D - k`, so is the whole at `D`; and the
//! fewest pushes is `k` plus the fewest over the parts (searched depth by depth, as the whole is),
//! the whole's lower bound `k` plus the least of the parts' (given, as for the whole, that no plan
//! of `k + 2` pushes or fewer exists: the parts' rules, like the whole's, assume the shorter
//! depths refuted, which they are once every part has been searched to the depth below).

use super::board::{Board, Connections};
use super::walks::{flood, Marks};

/// A state the search visits (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The field on each position (a permutation of `0..n * n`).
    pub board: Vec<u16>,
    /// The positions of `R`, in the order the search walked them.
    pub r: Vec<u16>,
    /// The goal's position.
    pub goal: usize,
    /// The game's start (no push yet, `R = {init}`, not closed: the avatar walks only after the
    /// first push).
    pub start: bool,
    /// The push that led here, where it restricts the next (`idle` or `root2`).
    pub prev: Option<usize>,
    /// `prev` was R-idle: rules 1 and 2 restrict the next push.
    pub idle: bool,
    /// `prev` was the first push and met `{init}`'s band: rule 2 at the root restricts the next.
    pub root2: bool,
}

const MAGIC: &[u8; 4] = b"LBS1";

impl State {
    /// The game's start: the identity board, `R = {init}`.
    pub fn start(n: usize, init: usize, goal: usize) -> State {
        State {
            board: (0..(n * n) as u16).collect(),
            r: vec![init as u16],
            goal,
            start: true,
            prev: None,
            idle: false,
            root2: false,
        }
    }

    /// The board side.
    pub fn side(&self) -> usize {
        (self.board.len() as f64).sqrt().round() as usize
    }

    /// The bytes of the state: `LBS1`, the side, flags (1 start, 2 idle, 4 root2), the previous
    /// push (`0xFFFF`: none, or no restriction), the goal, `|R|` (`u16` little-endian each), the
    /// board and `R` (`u16` little-endian). The previous push is written only where it restricts
    /// the next, so that equal bytes mean the same search below.
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = self.side();
        let mut out = Vec::with_capacity(12 + 2 * (self.board.len() + self.r.len()));
        out.extend_from_slice(MAGIC);
        out.push(n as u8);
        out.push(u8::from(self.start) | u8::from(self.idle) << 1 | u8::from(self.root2) << 2);
        let prev = match self.prev {
            Some(k) if self.idle || self.root2 => k as u16,
            _ => u16::MAX,
        };
        for v in [prev, self.goal as u16, self.r.len() as u16] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for &v in self.board.iter().chain(&self.r) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// The state of [`State::to_bytes`], checked against the connections: a side of at most the
    /// engine's, a permutation board, positions on the board, `R` a set closed under walking (or
    /// `{init}` at the start), the flags consistent.
    pub fn from_bytes(bytes: &[u8], conn: &Connections) -> Result<State, String> {
        let bad = |why: &str| Err(format!("not a Labyrinth search state: {why}"));
        if bytes.len() < 12 || &bytes[..4] != MAGIC {
            return bad("no LBS1 header");
        }
        let n = usize::from(bytes[4]);
        let flags = bytes[5];
        let word = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let (prev, goal, rn) = (word(6), usize::from(word(8)), usize::from(word(10)));
        let nn = n * n;
        if !(2..=super::board::MAX_SIDE).contains(&n) || conn.len() != nn {
            return bad("the side does not match the connections");
        }
        if bytes.len() != 12 + 2 * (nn + rn) || flags > 7 {
            return bad("wrong length or flags");
        }
        let board: Vec<u16> = (0..nn).map(|i| word(12 + 2 * i)).collect();
        let r: Vec<u16> = (0..rn).map(|i| word(12 + 2 * (nn + i))).collect();
        let mut seen = vec![false; nn];
        for &f in &board {
            if usize::from(f) >= nn || std::mem::replace(&mut seen[usize::from(f)], true) {
                return bad("the board is not a permutation of the fields");
            }
        }
        let mut in_r = vec![false; nn];
        for &p in &r {
            if usize::from(p) >= nn || std::mem::replace(&mut in_r[usize::from(p)], true) {
                return bad("R holds a position twice or off the board");
            }
        }
        let start = flags & 1 != 0;
        let (idle, root2) = (flags & 2 != 0, flags & 4 != 0);
        if goal >= nn || r.is_empty() {
            return bad("no goal or an empty R");
        }
        let restricted = idle || root2;
        if (start && (restricted || r.len() != 1))
            || (restricted && usize::from(prev) >= 4 * n)
            || (!restricted && prev != u16::MAX)
            || (idle && root2)
        {
            return bad("inconsistent flags");
        }
        let state = State {
            board,
            r,
            goal,
            start,
            prev: restricted.then_some(usize::from(prev)),
            idle,
            root2,
        };
        if !start && !state.r_closed(conn) {
            return bad("R is not closed under walking");
        }
        if in_r[goal] {
            return bad("the goal is in R already");
        }
        Ok(state)
    }

    /// The board of the state.
    pub fn board(&self) -> Board {
        Board::from_fields(self.side(), &self.board)
    }

    /// Whether `R` is closed under walking on the state's board.
    pub fn r_closed(&self, conn: &Connections) -> bool {
        let b = self.board();
        let nn = self.board.len();
        let mut marks = Marks::new(nn);
        let mut queue = vec![0u32; nn];
        let s = marks.fresh();
        let seeds: Vec<u32> = self.r.iter().map(|&p| u32::from(p)).collect();
        let cnt = flood(&b, conn, &seeds, &mut marks, s, &mut queue, None).unwrap_or(0);
        cnt == self.r.len()
    }
}
