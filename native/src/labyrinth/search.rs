//! The exact search: a resumable depth-limited depth-first search over push sequences.
//!
//! The reachable set `R` (every position the avatar can stand on; the avatar's choices are
//! existential, so their union is exact, and a larger `R` on the same board is never worse: every
//! later step is monotone in `R`) is kept per level with its [`Flags`]. A push is *R-idle* when
//! its band misses `R`: then `R` stays the same set of positions.
//!
//! Pruning (each rule proven below, the helpers in [`super::rules`]):
//!
//! 1. An R-idle push is never followed by its reverse.
//! 2. An R-idle push is never followed by a push of the same orientation on another line that is
//!    not R-idle, nor by an R-idle one on a smaller line. At the root, the other way round: a
//!    first push meeting `{init}`'s band is never followed by an R-idle push of the same
//!    orientation on another line (*rule 2 at the root*).
//! 3. The last push must be on a line both `R` and the goal's component `CG` can be entered from.
//! 4. Two pushes before the end, a push changing only one of `R` and `CG` must give it a position
//!    entering a line the other set enters.
//! 5. Two pushes before the end, a push touching neither set is tried only on lines where it can
//!    change a path that some last push opens; 6. the same three pushes before the end. Below such
//!    a push only the pushes whose condition let its line through are tried.
//!
//! A transposition table ([`TranspositionTable`]) skips nodes three or more pushes before the end
//! whose state was already exhausted. In *focused* mode (an incomplete search for a first plan)
//! only pushes whose band meets `R` or `CG`, or repeats of the previous push, are tried.
//!
//! # Soundness
//!
//! Why the pruning of the complete search loses no optimal plan. Write `band(p)` for the rows
//! (columns) `z - 1, z, z + 1` of the row (column) `z` that `p` pushes. Every edge a push changes
//! has both ends in its band, and only fields of its line move.
//!
//! *Idle pushes.* If `band(p)` misses `R` (from push 2 on, when `R` is closed under walking), no
//! field of `R` moves and no edge at `R` changes, so `R` stays the same set: `p` is R-idle.
//!
//! *Rule 1* (no reverse after an idle push): the pair restores the board and `R`, so a plan using
//! it is not the shortest.
//!
//! *Rule 2* (idle push, then the same orientation on another line): pushes of two different rows
//! (two different columns) commute on the board. If `p` is R-idle and `q` follows, then in the
//! order `q, p`: `q(R)` has no field on `p`'s line (rows stay rows), so `p` does not move it and
//! the final `R` contains the component of `q(R)` on the same final board -- a superset of what
//! `p, q` gives. Monotonicity carries the superset to the end. A measure that strictly drops with
//! each such swap (idle pushes weighted by how early they stand; ties between two idle pushes
//! broken by line number, as both orders then give identical states) shows that some optimal plan
//! never shows the pattern.
//!
//! *Rule 2 at the root.* Before the first push the avatar cannot walk, so `R = {init}` is not
//! closed and rule 2 does not apply to the first two pushes; there the order it keeps is even the
//! worse one. Let the first push `p` meet `init`'s band and `q`, of the same orientation on another
//! line, be R-idle after `p`. `R_p` holds `p(init)`, on `init`'s line (rows stay rows), so `band(q)`
//! misses `init`'s line: `q` does not move `init`, `init` is in `R_q`, and `p` meets `R_q`'s band
//! (the node after `q, p` has no restriction). `R_{pq} = R_p` is closed on the board `pq = qp`
//! (no field of it moves and no edge at it changes), so it is the closure of `p(init)` there, and
//! `R_{qp}`, the closure of `p(R_q) ⊇ {p(init)}` on the same board, contains it. By monotonicity
//! every plan `p, q, c...` gives the plan `q, p, c...` of the same length. Some optimal plan
//! avoids the pattern: rule 2's exchanges never move the first two pushes of `q, p, c...` (`q`
//! has no restriction to break, and `p` after it is not R-idle), and `q` itself is R-idle at the
//! root, so this rule does not apply to `q, p`.
//!
//! *Rule 3* (the last push can be entered from `R` and from `CG`): a position *enters* a line if
//! it lies on the line, or next to it with a connection pointing at it. If no position of `R`
//! enters the line of `p`, no field of `R` moves and no edge `p` changes (all have an end on the
//! line) is usable from `R`: `p(R)` is the same closed set. Likewise `CG` (and the goal on it)
//! stays put. So both must enter the line, or the two sets stay apart.
//!
//! *Rule 4* (two pushes before the end, a push `p` whose band meets exactly one of `R` and `CG`):
//! the other set keeps its positions and fields, so by rule 3 the last push needs a line entered
//! from that set and from the changed set after `p`. `p` is skipped when no position of the
//! changed set after `p` enters a line the other set enters -- decided by a walk before the child
//! is built.
//!
//! *Rule 5* (two pushes before the end, a push `p` meeting neither `R` nor `CG`): with `q` the
//! last push (whose line both sets enter, by rule 3: if no line is entered from both, no such `p`
//! is tried), `q` alone was already refuted by the shallower depth, so the winning path after `p,
//! q` must use a position whose field differs from the board after `q` alone, i.e. one of
//! `q(line(p))`; it enters them from `R_q` and leaves them into `C_q` (the components after `q`
//! alone), because before and after those positions the two boards agree. `q(line(p))` lies within
//! one line of `line(p)` -- counted around the board's edge, as pushes wrap -- so its
//! neighbourhood lies in lines `l - 2 .. l + 2` (around the edge); lines where those miss `R_q` or
//! `C_q` for every such `q` are skipped ([`super::rules::near`] bounds where those positions can
//! be). The condition ties `p` to `q`: below such a `p`, only the last pushes `q` whose condition
//! lets `p`'s line through are tried.
//!
//! *Rule 6* (three pushes before the end, a push `p` on line `l` meeting neither `R` nor `CG`):
//! the same argument one level up. With `q, r` the last two pushes, `q, r` alone was refuted.
//! The boards after `q` with and without `p` differ only on `D1 = q(line l)`, and `R` and the goal
//! stand in the same places in both worlds. (A) If `D1` does not border `R_q` (the avatar's set
//! after `q` alone), the walk that made `R_q` sees the same edges in both worlds, so `R` after `p,
//! q` is `R_q` too. Then the winning path after `r`, from `r(R_q)` to the goal, must use a
//! position of `D2 = r(D1)`, where alone the final boards differ: the part before its first such
//! position lies in `R_qr`, the part after its last in `C_qr` (the sets `q, r` give without `p`;
//! the goal is off `D2`, as it is off line `l`), so (B) `D2` borders both. If `D1` does not border
//! `C_q` either, a last push `r` missing `C_q`'s band leaves `C_qr = C_q` and moves no position of
//! `D2` next to it, so (B) fails for it. Hence: the next push `q` must be one that lets `l`
//! through by (A) on `R_q`, (A) on `C_q` or (B) for some `r`; when not by (A) on `R_q`, the last
//! push `r` must be one for which (B) does, or, when `D1` may border `C_q`, one missing `C_q`'s
//! band. (The goal's component is no part of the state: a change of it before the last push
//! matters only through the end, which (B) covers.)
//!
//! *Transpositions.* Nodes three or more pushes before the end are keyed by two independent 64-bit
//! hashes of the board, of `R` and, after an `R`-idle push, of that push (which restricts the next
//! by rules 1 and 2; nothing else the search does depends on the path). A node whose subtree was
//! exhausted with `left` pushes to go is stored; a node with the same key and at most `left`
//! pushes to go is skipped: with as many, its subtree is the same; with fewer, a completion would
//! give a plan shorter than `depth`, and iterative deepening has refuted those.
//!
//! The rules are checked against the same search with every rule off, against breadth-first
//! search (`tests/labyrinth/test_native_kernel.py`, `test_pruning.py`, `test_solvers.py`) and
//! against clingo on real instances.

use std::sync::Arc;

use crate::hashing::mix;

use super::board::{line, moves_row, reverse, Board, Connections, Lines};
use super::rules::{
    reaches_zone, useful_idle_lines, walk_entries, walk_unchanged, KeptWalks, LastPush, LinePair,
    Rule6, Scratch,
};
pub use super::state::State;
use super::table::TranspositionTable;
use super::walks::Flags;

/// A Labyrinth instance for the search: board side, connections by field, the avatar's and the
/// goal's positions.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The board side (2..=128).
    pub n: usize,
    /// The connections of the `n * n` fields.
    pub conn: Connections,
    /// The avatar's position.
    pub init: usize,
    /// The goal's position.
    pub goal: usize,
}

/// How a call of [`Search::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A plan was found ([`Search::plan`]).
    Found,
    /// No plan of this depth exists (within the options).
    Exhausted,
    /// The node budget ran out; call `run` again to continue.
    Budget,
}

/// The options of a search.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Focused mode: only pushes whose band meets `R` or `CG`, or repeats (incomplete).
    pub focused: bool,
    /// 0: no pruning, 1: rules 1-5, 2: all rules and the transposition table.
    pub prune: u8,
    /// Only this first push (a worker's task).
    pub first_push: Option<usize>,
    /// Two pushes before the end, skip by line masks the candidates rules 1, 2, 5 and 6 rule out
    /// without a walk (boards of up to 32 rows; the same search, nodes and plans, faster).
    pub masks: bool,
    /// Collect the states at this level ([`Search::collected`]) instead of searching below them
    /// (a split; the search then needs `depth >= split_at + 3` to be the one of every depth that
    /// deep, and no table).
    pub split_at: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            focused: false,
            prune: 2,
            first_push: None,
            masks: true,
            split_at: None,
        }
    }
}

const SALT1: u64 = 0x243F_6A88_85A3_08D3;
const SALT2: u64 = 0x1319_8A2E_0370_7344;
const SALT3: u64 = 0xA409_3822_299F_31D0;
const SALT4: u64 = 0x082E_FA98_EC4E_6C89;
const SALT5: u64 = 0x4528_21E6_38D0_1377;
const ODD: u64 = 0x9E37_79B9_7F4A_7C15;

/// Sum of the hashes of (position, field) over the line of push `k`: a board's hash is the sum
/// over all positions, so a push changes it by the difference of this before and after.
#[inline]
fn line_hash(b: &Board, k: usize, salt: u64) -> u64 {
    let n = b.side();
    let nn = (n * n) as u64;
    let z = line(k);
    let mut h = 0u64;
    for i in 0..n {
        let p = if moves_row(k) { z * n + i } else { i * n + z };
        h = h.wrapping_add(mix((p as u64 * nn + u64::from(b.field(p))) ^ salt));
    }
    h
}

/// Return `None` from [`Search::admit`]: candidate cut by a rule (counted in the counting build).
macro_rules! cut {
    ($left:expr, $why:ident) => {{
        #[cfg(feature = "level-stats")]
        super::level_stats::cut($left, super::level_stats::Cut::$why);
        return None;
    }};
}

/// The deepest search there is (levels are counted in bytes in places).
pub const MAX_DEPTH: usize = 255;

/// No push (the root's `prev`).
const NO_PUSH: usize = usize::MAX;

/// The row pushes among push codes `0..128` (bits `4z` and `4z + 1`).
const ROW_PUSHES: u128 = 0x3333_3333_3333_3333_3333_3333_3333_3333;

/// The pushes on the lines of `l` (of `0..n`, `4n <= 128`) as bits of push codes.
#[inline(always)]
fn push_mask(l: LinePair, n: usize) -> u128 {
    let f = super::rules::full(n);
    let mut m = 0u128;
    let mut rows = l.rows & f;
    while rows != 0 {
        m |= 0b0011 << (4 * rows.trailing_zeros());
        rows &= rows - 1;
    }
    let mut cols = l.cols & f;
    while cols != 0 {
        m |= 0b1100 << (4 * cols.trailing_zeros());
        cols &= cols - 1;
    }
    m
}

/// The state of one level of the search (the node after `L` pushes on the current path).
///
/// Invariants while level `L` is on the path: `r` are the flags of `R` (positions
/// `rl[at * nn..at * nn + rn]`, `at <= L` the level that walked it), `c` those of the goal's
/// component, `g` the goal's position, `prev` the push that led here (`NO_PUSH` at the root);
/// `cur` the next candidate (`0..2 * 4n` three or more pushes before the end: first the pushes
/// meeting `R` or `CG`, then the others; else `0..4n`); `allow` is valid when `allow_done`.
#[derive(Clone, Copy, Debug)]
struct Level {
    cur: usize,
    prev: usize,
    pidle: bool,
    gidle: bool,
    g: usize,
    at: usize,
    rn: usize,
    r: Flags,
    c: Flags,
    /// The lines whose band meets `R` (`CG`): a push on one of them is not R-idle (CG-idle).
    r_band: LinePair,
    /// See `r_band`.
    c_band: LinePair,
    allow_done: bool,
    allow: LinePair,
    /// Whether some line is entered from both `R` and `CG`: 0 unknown, 1 no, 2 yes.
    apart: u8,
    /// The idle push that led here, if rule 5 or 6 let it through.
    qline: Option<usize>,
    /// Rule 2 at the root restricts the next push: the push that led here was the first and met
    /// `{init}`'s band.
    root2: bool,
    /// After a push that changed only `R` (1) or only `CG` (2), two pushes before the end.
    oside: u8,
    /// Two pushes before the end, on boards of up to 32 rows: the candidate pushes (bit `k`)
    /// that rules 1, 2, 5 (no line entered by both sets) and 6's tie do not rule out
    /// ([`Search::candidates2`]); valid once `cur > 0`.
    todo: u128,
    hb: [u64; 2],
    hr: [u64; 2],
    tk: [u64; 2],
    /// The counting build: the idle pushes this path is pending on ([`super::level_stats`]).
    #[cfg(feature = "level-stats")]
    pend: super::level_stats::Pending,
}

impl Default for Level {
    fn default() -> Self {
        Level {
            cur: 0,
            prev: NO_PUSH,
            pidle: false,
            gidle: false,
            g: 0,
            at: 0,
            rn: 0,
            r: Flags::default(),
            c: Flags::default(),
            r_band: LinePair::default(),
            c_band: LinePair::default(),
            allow_done: false,
            allow: LinePair::default(),
            apart: 0,
            qline: None,
            root2: false,
            oside: 0,
            todo: 0,
            hb: [0; 2],
            hr: [0; 2],
            tk: [0; 2],
            #[cfg(feature = "level-stats")]
            pend: super::level_stats::Pending::default(),
        }
    }
}

impl Level {
    /// Set `r_band` and `c_band` from `r` and `c`.
    #[inline(always)]
    fn set_bands(&mut self) {
        let band = |l: Lines| l | l << 1 | l >> 1;
        self.r_band = LinePair {
            rows: band(self.r.rows),
            cols: band(self.r.cols),
        };
        self.c_band = LinePair {
            rows: band(self.c.rows),
            cols: band(self.c.cols),
        };
    }
}

/// The outcome of trying to enter a child.
enum Child {
    Entered,
    Skipped,
    Found,
}

/// A resumable search of plans of exactly `depth` pushes.
///
/// Invariants: `board` is the board of level `lvl` (pushed on the way down, pushed back on the
/// way up); levels `0..=lvl` describe the current path; `qa[L * 4n..]` are rule 5's or 6's tables
/// of level `L` (valid when its `allow_done`), `cache`/`cstate[L * 4n + k]` rule 4's walks after
/// `k` at level `L` (three pushes before the end); `rule6` holds the tables of the last level
/// rule 6 ran at (on the path whenever used), `kept` the walks of the last node two pushes before
/// the end (id `l2id`).
pub struct Search {
    n: usize,
    nk: usize,
    nn: usize,
    depth: usize,
    options: Options,
    conn: Connections,
    board: Board,
    levels: Vec<Level>,
    rl: Vec<u16>,
    qa: Vec<LinePair>,
    cstate: Vec<u8>,
    cache: Vec<[LinePair; 2]>,
    sc: Scratch,
    rule6: Rule6,
    kept: KeptWalks,
    l2id: u64,
    table: Option<Arc<TranspositionTable>>,
    generation: u32,
    use_tt: bool,
    /// Whether nodes two pushes before the end skip, by masks, the candidates rules 1, 2, 5 and
    /// 6 rule out without a walk (the complete search on boards of up to 32 rows).
    masks2: bool,
    lvl: usize,
    nodes: u64,
    started: bool,
    finished: Option<Step>,
    plan_len: usize,
    /// Whether level 0 is the game's start (`R = {init}`, not closed under walking: the avatar
    /// walks only after the first push), not a state the search visits ([`Search::from_state`]).
    open_root: bool,
    /// The states met at `options.split_at`, each with the pushes that led to it.
    collected: Vec<(Vec<usize>, State)>,
}

impl Search {
    /// The search of plans of exactly `depth` pushes from the initial board (R = {init}).
    pub fn new(
        problem: &Problem,
        depth: usize,
        options: Options,
        table: Option<Arc<TranspositionTable>>,
        generation: u32,
    ) -> Search {
        let n = problem.n;
        let (nk, nn) = (4 * n, n * n);
        assert!(depth <= MAX_DEPTH, "depth {depth} too large");
        assert!(
            problem.init < nn && problem.goal < nn,
            "position off the board"
        );
        assert_eq!(problem.conn.len(), nn, "one connection mask per field");
        let levels = depth + 1;
        let use_tt = options.prune >= 2
            && !options.focused
            && options.split_at.is_none()
            && table.as_ref().is_some_and(|t| t.enabled());
        let mut s = Search {
            n,
            nk,
            nn,
            depth,
            options,
            conn: problem.conn.clone(),
            board: Board::identity(n),
            levels: vec![Level::default(); levels],
            rl: vec![0; levels * nn],
            qa: vec![LinePair::default(); levels * nk],
            cstate: vec![0; levels * nk],
            cache: vec![[LinePair::default(); 2]; levels * nk],
            sc: Scratch::new(n),
            rule6: Rule6::new(n),
            kept: KeptWalks::new(n),
            // kept walks are valid for one id (`l2id`): none is, before the first
            l2id: 1,
            table,
            generation,
            use_tt,
            masks2: options.masks && options.prune >= 2 && !options.focused && 4 * n <= 128,
            lvl: 0,
            nodes: 0,
            started: false,
            finished: None,
            plan_len: 0,
            open_root: true,
            collected: Vec::new(),
        };
        s.rl[0] = problem.init as u16;
        s.levels[0].rn = 1;
        s.levels[0].g = problem.goal;
        s
    }

    /// The search of `depth` more pushes below `state` (checked by [`State::from_bytes`]): the
    /// search of depth `L + depth` continued below a node at level `L` in that state, node for
    /// node (see [`super::state`] for the one exception and the invariant the parts keep).
    pub fn from_state(
        conn: &Connections,
        state: &State,
        depth: usize,
        options: Options,
        table: Option<Arc<TranspositionTable>>,
        generation: u32,
    ) -> Search {
        let n = state.side();
        let problem = Problem {
            n,
            conn: conn.clone(),
            init: usize::from(state.r[0]),
            goal: state.goal,
        };
        let mut s = Search::new(&problem, depth, options, table, generation);
        if state.start {
            return s;
        }
        s.open_root = false;
        s.board = state.board();
        s.rl[..state.r.len()].copy_from_slice(&state.r);
        let root = &mut s.levels[0];
        root.rn = state.r.len();
        root.prev = state.prev.unwrap_or(NO_PUSH);
        root.pidle = state.idle;
        root.root2 = state.root2;
        s
    }

    /// The states met at `options.split_at`, each after the pushes that led to it, in the order
    /// the search met them (after [`Search::run`] returned [`Step::Exhausted`]).
    pub fn collected(&self) -> &[(Vec<usize>, State)] {
        &self.collected
    }

    /// Note the state at the current level (`options.split_at`).
    fn collect(&mut self) {
        let lv = &self.levels[self.lvl];
        let restricted = lv.pidle || lv.root2;
        let state = State {
            board: self.board.fields().to_vec(),
            r: self.rl[lv.at * self.nn..lv.at * self.nn + lv.rn].to_vec(),
            goal: lv.g,
            start: false,
            prev: restricted.then_some(lv.prev),
            idle: lv.pidle,
            root2: lv.root2,
        };
        let pushes = self.levels[1..=self.lvl].iter().map(|l| l.prev).collect();
        self.collected.push((pushes, state));
    }

    /// Bytes this search will allocate for a board of side n and this depth (for memory
    /// limits), without allocating.
    pub fn memory_estimate(n: usize, depth: usize) -> usize {
        let (nk, nn, levels) = (4 * n, n * n, depth + 1);
        let lp = std::mem::size_of::<LinePair>();
        std::mem::size_of::<Search>()
            + nn * 3 // board and connections
            + levels * std::mem::size_of::<Level>()
            + levels * nn * 2
            + levels * nk * (lp + 1 + 2 * lp)
            + Scratch::memory_estimate(n)
            + Rule6::memory_estimate(n)
            + KeptWalks::memory_estimate(n)
    }

    /// Nodes visited so far (the numba kernel's `state[3]`, counted identically).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// After [`Step::Found`]: the plan as push codes (`4 * line + d`; `d` 0 east, 1 west, 2
    /// north, 3 south). May be shorter than `depth` (the goal joined early, as in the kernel).
    pub fn plan(&self) -> Vec<usize> {
        if self.finished != Some(Step::Found) {
            return Vec::new();
        }
        self.levels[1..=self.plan_len]
            .iter()
            .map(|l| l.prev)
            .collect()
    }

    /// The root: board hash, flags of `R = {init}` and of the goal's component.
    fn start(&mut self) {
        self.started = true;
        let (b, conn) = (&self.board, &self.conn);
        let mut hb = [0u64; 2];
        for z in 0..self.n {
            hb[0] = hb[0].wrapping_add(line_hash(b, 4 * z, SALT1));
            hb[1] = hb[1].wrapping_add(line_hash(b, 4 * z, SALT2));
        }
        let g = self.levels[0].g;
        let cnt = self.sc.walk_from(b, conn, g, None).unwrap_or(0);
        let c = Flags::of(b, conn, &self.sc.queue[..cnt]);
        let cells: Vec<u32> = self.rl[..self.levels[0].rn]
            .iter()
            .map(|&p| u32::from(p))
            .collect();
        let r = Flags::of(b, conn, &cells);
        let mut hr = [0u64; 2];
        for &p in &cells {
            hr[0] = hr[0].wrapping_add(mix(u64::from(p) ^ SALT3));
            hr[1] = hr[1].wrapping_add(mix(u64::from(p) ^ SALT4));
        }
        let root = &mut self.levels[0];
        root.hb = hb;
        root.hr = hr;
        root.c = c;
        root.r = r;
        root.set_bands();
    }

    /// Whether `R` at level `lvl` is closed under walking (every level but the game's start).
    #[inline(always)]
    fn closed(&self, lvl: usize) -> bool {
        lvl > 0 || !self.open_root
    }

    fn finish(&mut self, step: Step, nodes: u64) -> Step {
        self.nodes += nodes;
        self.finished = Some(step);
        step
    }

    /// Continue for at most about `budget` nodes (resumable, exactly as kernel.run with state
    /// kept).
    pub fn run(&mut self, budget: u64) -> Step {
        if let Some(step) = self.finished {
            return step;
        }
        if !self.started {
            self.start();
            if self.depth == 0 {
                return self.finish(Step::Exhausted, 0);
            }
        }
        let nk = self.nk;
        let mut nodes = 0u64;
        loop {
            if nodes >= budget {
                self.nodes += nodes;
                return Step::Budget;
            }
            let lvl = self.lvl;
            let left = self.depth - lvl;
            let k = self.levels[lvl].cur;
            if k >= if left >= 3 { 2 * nk } else { nk } {
                if lvl == 0 {
                    return self.finish(Step::Exhausted, nodes);
                }
                self.back_up(left);
                continue;
            }
            if left == 1 {
                self.levels[lvl].cur = 2 * nk;
                let (found, tried) = self.last_push();
                nodes += 1 + tried;
                #[cfg(feature = "dominance-stats")]
                super::dominance_stats::tick(lvl, 1 + tried);
                #[cfg(feature = "level-stats")]
                self.stats_last(1 + tried);
                if let Some(k) = found {
                    self.levels[lvl + 1].prev = k;
                    self.plan_len = lvl + 1;
                    return self.finish(Step::Found, nodes);
                }
                continue;
            }
            let k = if left == 2 && self.closed(lvl) && self.masks2 {
                // jump to the next candidate the masks leave; the ones passed over are counted
                // as nodes as every candidate is
                let next = self.next_candidate2(lvl, k);
                nodes += (next - k) as u64;
                #[cfg(feature = "level-stats")]
                super::level_stats::tick(left, (next - k) as u64);
                if next >= nk {
                    self.levels[lvl].cur = nk;
                    continue;
                }
                next
            } else {
                k
            };
            self.levels[lvl].cur = k + 1;
            // Three or more pushes before the end, pushes touching R or CG are tried first and
            // the others in a second pass (plans, made mostly of such pushes, turn up sooner).
            let (k, second) = if k >= nk { (k - nk, true) } else { (k, false) };
            let hits_r = self.levels[lvl].r_band.has_line_of(k);
            let hits_c = self.levels[lvl].c_band.has_line_of(k);
            if left >= 3 && second == (hits_r || hits_c) {
                continue;
            }
            if lvl == 0 && self.options.first_push.is_some_and(|f| f != k) {
                continue;
            }
            nodes += 1;
            #[cfg(feature = "dominance-stats")]
            super::dominance_stats::tick(lvl, 1);
            #[cfg(feature = "level-stats")]
            super::level_stats::tick(left, 1);
            let Some(kept) = self.admit(k, left, hits_r, hits_c) else {
                continue;
            };
            match self.descend(k, left, hits_r, hits_c, kept) {
                Child::Found => return self.finish(Step::Found, nodes),
                Child::Entered if self.options.split_at == Some(self.lvl) => {
                    self.collect();
                    self.back_up(left - 1);
                }
                #[cfg(feature = "level-stats")]
                Child::Entered => self.stats_enter(k, left, hits_r, hits_c),
                #[cfg(feature = "level-stats")]
                Child::Skipped => super::level_stats::cut(left, super::level_stats::Cut::Table),
                // with the counting build the arms above cover every case; one build's
                // lints cover both (Makefile: one clippy run over the feature sets)
                #[allow(unreachable_patterns)]
                _ => {}
            }
        }
    }

    /// Leave level `lvl` (`left` pushes before the end), its candidates exhausted.
    fn back_up(&mut self, left: usize) {
        let lv = &self.levels[self.lvl];
        if self.use_tt && left >= 3 {
            // this state (board, R, and the restriction its last push puts on the next) has no
            // completion with `left` pushes
            if let Some(t) = &self.table {
                t.store(lv.tk[0], lv.tk[1], self.generation, left);
            }
            #[cfg(feature = "dominance-stats")]
            super::dominance_stats::leave(self.lvl);
        }
        self.board.push(reverse(lv.prev));
        self.lvl -= 1;
        #[cfg(feature = "level-stats")]
        super::level_stats::leave();
    }

    /// The last push at level `lvl`: rules 1-3 (and 5, 6 below idle pushes) in one pass over the
    /// candidates; the push found, if any, and how many were tried.
    fn last_push(&mut self) -> (Option<usize>, u64) {
        let lvl = self.lvl;
        let nk = self.nk;
        let lv = &self.levels[lvl];
        let mut rule6 = None;
        if lvl >= 2 {
            if let Some(ql) = self.levels[lvl - 1].qline {
                if !self.rule6.qa_first[lv.prev].has_line_of(ql) {
                    rule6 = Some((&self.rule6, lv.prev, ql));
                }
            }
        }
        let lp = LastPush {
            r_cells: &self.rl[lv.at * self.nn..lv.at * self.nn + lv.rn],
            g: lv.g,
            r: &lv.r,
            c: &lv.c,
            pk: (lv.prev != NO_PUSH).then_some(lv.prev),
            pidle: lv.pidle,
            root: !self.closed(lvl),
            prune: self.options.prune > 0,
            rule5: lv.qline.map(|ql| (&self.qa[(lvl - 1) * nk..lvl * nk], ql)),
            rule6,
            kept: (lv.oside > 0)
                .then(|| (usize::from(lv.oside - 1), self.l2id, self.levels[lvl - 1].g)),
            only: if lvl == 0 {
                self.options.first_push
            } else {
                None
            },
        };
        lp.find(&mut self.board, &self.conn, &mut self.sc, &mut self.kept)
    }

    /// Two pushes before the end (level `lvl > 0`, complete search, `4n <= 128`): the first
    /// candidate `>= k` that [`Search::candidates2`] leaves, or `4n` if none (computed at `k = 0`).
    #[inline(always)]
    fn next_candidate2(&mut self, lvl: usize, k: usize) -> usize {
        if k == 0 {
            self.levels[lvl].todo = self.candidates2(lvl);
        }
        let rest = self.levels[lvl].todo >> k;
        if rest == 0 {
            self.nk
        } else {
            k + rest.trailing_zeros() as usize
        }
    }

    /// The pushes at level `lvl` (two before the end) that [`Search::admit`] does not reject by
    /// rules 1 and 2 (after an R-idle push), 5 (an idle push where no line is entered by both
    /// sets) or 6's tie, as bits of a mask: the same tests on line masks, without a walk. The
    /// others, and rules 4 and 5's table, are left to `admit`, which repeats these tests.
    fn candidates2(&mut self, lvl: usize) -> u128 {
        let nk = self.nk;
        let all: u128 = if nk == 128 { !0 } else { (1 << nk) - 1 };
        let lv = self.levels[lvl];
        let n = self.n;
        let (hr, hc) = (push_mask(lv.r_band, n), push_mask(lv.c_band, n));
        let mut m = all;
        if lv.apart == 0 {
            self.levels[lvl].apart = if lv.r.meets(&lv.c) { 2 } else { 1 };
        }
        if self.levels[lvl].apart == 1 {
            m &= hr | hc; // rule 5: no idle push
        }
        if lv.pidle && lv.prev != NO_PUSH {
            let pk = lv.prev;
            m &= !(1u128 << reverse(pk)); // rule 1
            let same = if moves_row(pk) {
                ROW_PUSHES
            } else {
                !ROW_PUSHES
            };
            let other = same & !(0b1111u128 << (4 * line(pk)));
            let smaller = (1u128 << (4 * line(pk))) - 1;
            m &= !(other & (hr | smaller)); // rule 2
        }
        if let Some(ql) = lv.qline {
            // rule 6's tie: only the pushes that let the idle push before through
            let qa = &self.qa[(lvl - 1) * nk..lvl * nk];
            let mut bits = m;
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !qa[k].has_line_of(ql) {
                    m &= !(1u128 << k);
                }
            }
        }
        m
    }

    /// Rules 1, 2, focus, 4, 5 and 6 on push `k` at level `lvl`: `None` if pruned, else the size
    /// of the walk rule 4 left in the scratch queue for the child, if it made one.
    fn admit(
        &mut self,
        k: usize,
        left: usize,
        hits_r: bool,
        hits_c: bool,
    ) -> Option<Option<usize>> {
        let lvl = self.lvl;
        let nk = self.nk;
        let prune = self.options.prune;
        let focused = self.options.focused;
        let lv = &self.levels[lvl];
        let pk = lv.prev;
        if prune > 0 && pk != NO_PUSH && lv.pidle {
            if k == reverse(pk) {
                cut!(left, Rule1);
            }
            if moves_row(k) == moves_row(pk)
                && line(k) != line(pk)
                && (hits_r || line(k) < line(pk))
            {
                cut!(left, Rule2);
            }
        }
        if prune >= 2 && !focused && lv.root2 && !hits_r && moves_row(k) == moves_row(pk) {
            // rule 2 at the root: the first push met {init}; `k`, R-idle after it, of the same
            // orientation on another line, does at least as well first
            if line(k) != line(pk) {
                cut!(left, Rule2);
            }
        }
        if focused && !(hits_r || hits_c || k == pk) {
            return None;
        }
        if left == 2 {
            if let Some(ql) = lv.qline {
                if !self.qa[(lvl - 1) * nk + k].has_line_of(ql) {
                    cut!(left, Rule6); // rule 6: the idle push that led here does not matter after k
                }
            }
        }
        let idle = !(hits_r || hits_c);
        let rules = prune > 0 && self.closed(lvl) && !focused;
        if rules && left == 2 && lv.apart == 0 {
            let close = lv.r.meets(&lv.c);
            self.levels[lvl].apart = if close { 2 } else { 1 };
        }
        if rules && left == 2 && idle {
            // Rule 5: its lines come from last pushes whose line both sets enter: here, none?
            if self.levels[lvl].apart == 1 {
                cut!(left, Rule5);
            }
            self.idle_lines(5);
            if !self.levels[lvl].allow.has_line_of(k) {
                cut!(left, Rule5);
            }
        }
        let mut kept = None;
        if prune >= 2 && rules && left == 2 && hits_r != hits_c {
            let (near, walked) = self.rule4(k, hits_r);
            if !near {
                cut!(left, Rule4);
            }
            kept = walked;
        }
        if prune >= 2 && rules && left == 3 && idle {
            self.idle_lines(6);
            if !self.levels[lvl].allow.has_line_of(k) {
                cut!(left, Rule6);
            }
        }
        Some(kept)
    }

    /// Rules 5 and 6: the lines on which an idle push can matter at level `lvl`, once per node.
    fn idle_lines(&mut self, rule: u8) {
        let lvl = self.lvl;
        if self.levels[lvl].allow_done {
            return;
        }
        let nk = self.nk;
        let lv = self.levels[lvl];
        let cells = &self.rl[lv.at * self.nn..lv.at * self.nn + lv.rn];
        let qa = &mut self.qa[lvl * nk..(lvl + 1) * nk];
        let allow = if rule == 5 {
            useful_idle_lines(
                &mut self.board,
                &self.conn,
                cells,
                lv.g,
                &lv.r,
                &lv.c,
                &mut self.sc,
                qa,
            )
        } else {
            self.rule6.useful_idle_lines3(
                &mut self.board,
                &self.conn,
                cells,
                lv.g,
                &lv.r,
                &lv.c,
                &mut self.sc,
                qa,
            )
        };
        let lv = &mut self.levels[lvl];
        lv.allow = allow;
        lv.allow_done = true;
    }

    /// On the current board, made after push `k` from level `at`'s board: the walk of `R` moved by
    /// `k` (`hits_r`) or of the goal's component; its size (the positions are in the scratch).
    fn walk_pushed_side(&mut self, at: usize, k: usize, hits_r: bool) -> usize {
        let lv = self.levels[at];
        let (b, conn) = (&self.board, &self.conn);
        if hits_r {
            let cells = &self.rl[lv.at * self.nn..lv.at * self.nn + lv.rn];
            self.sc.walk_moved(b, conn, cells, k, None)
        } else {
            self.sc.walk_from(b, conn, b.moved(lv.g, k), None)
        }
        .unwrap_or(0)
    }

    /// Rule 4 on push `k` (which meets exactly one of `R`, `CG`; `hits_r`: it meets `R`): whether
    /// the changed set after `k` enters a line the other set enters, and the size of the walk
    /// made for it (left in the scratch queue, on the board after `k`), if one was made.
    ///
    /// The walk of the changed set after `k`, as seen from the parent `X` (when the push that
    /// led here left that set unchanged), is the same walk here unless it enters that push's
    /// line or comes next to the one field `k` moves off it ([`walk_unchanged`]; cached per `k`
    /// at `X`).
    fn rule4(&mut self, k: usize, hits_r: bool) -> (bool, Option<usize>) {
        let (lvl, n, nk) = (self.lvl, self.n, self.nk);
        // at the root of a search from a state there is no parent to reuse walks from
        let par = lvl.saturating_sub(1);
        let lv = self.levels[lvl];
        let pp = lv.prev;
        let s = usize::from(!hits_r);
        let other = if hits_r {
            LinePair::entries(&lv.c)
        } else {
            LinePair::entries(&lv.r)
        };
        let ci = par * nk + k;
        let mut reuse = lvl >= 2 && if hits_r { lv.pidle } else { lv.gidle };
        if reuse {
            if self.cstate[ci] & (1 << s) == 0 {
                self.cstate[ci] |= 1 << s;
                self.board.push(reverse(pp)); // back to the parent's board, then k
                self.board.push(k);
                let cnt = self.walk_pushed_side(par, k, hits_r);
                self.cache[ci][s] = walk_entries(&self.board, &self.conn, &self.sc, cnt);
                self.board.push(reverse(k));
                self.board.push(pp);
            }
            reuse = walk_unchanged(self.cache[ci][s], pp, k, n);
        }
        if reuse {
            return (self.cache[ci][s].meets(&other), None);
        }
        self.board.push(k);
        let cnt = self.walk_pushed_side(lvl, k, hits_r);
        let near = reaches_zone(&self.board, &self.conn, &self.sc, cnt, other);
        self.board.push(reverse(k));
        (near, Some(cnt))
    }

    /// Make push `k` at level `lvl` and enter the child (unless the table knows it): its `R`, goal
    /// component, hashes and rule state. `kept`: rule 4's walk of the changed set, if made.
    fn descend(
        &mut self,
        k: usize,
        left: usize,
        hits_r: bool,
        hits_c: bool,
        kept: Option<usize>,
    ) -> Child {
        let (lvl, nn) = (self.lvl, self.nn);
        let nl = lvl + 1;
        let closed = self.closed(lvl);
        let root2 = !closed && self.levels[lvl].r_band.has_line_of(k);
        let keyed = self.use_tt && self.depth - nl >= 3;
        // the child is written in place: only what differs from the parent, or is stale
        let (parents, children) = self.levels.split_at_mut(nl);
        let lv = &parents[lvl];
        let ch = &mut children[0];
        let mut h = [0u64; 2];
        if keyed {
            h[0] = lv.hb[0].wrapping_sub(line_hash(&self.board, k, SALT1));
            h[1] = lv.hb[1].wrapping_sub(line_hash(&self.board, k, SALT2));
        }
        self.board.push(k);
        ch.g = self.board.moved(lv.g, k);
        ch.prev = k;
        // rule 2 needs R closed under walking before the idle push: not so at the root
        ch.pidle = closed && !hits_r;
        ch.root2 = root2;
        ch.gidle = !hits_c;
        if keyed {
            ch.hb[0] = h[0].wrapping_add(line_hash(&self.board, k, SALT1));
            ch.hb[1] = h[1].wrapping_add(line_hash(&self.board, k, SALT2));
        }
        if hits_r || !closed {
            let cnt = match kept {
                Some(c) => c, // rule 4 walked R after k already (same board, same stamp)
                None => {
                    let cells = &self.rl[lv.at * nn..lv.at * nn + lv.rn];
                    self.sc
                        .walk_moved(&self.board, &self.conn, cells, k, None)
                        .unwrap_or(0)
                }
            };
            let walked = &self.sc.queue[..cnt];
            for (d, &p) in self.rl[nl * nn..].iter_mut().zip(walked) {
                *d = p as u16;
            }
            ch.r = Flags::of(&self.board, &self.conn, walked);
            ch.at = nl;
            ch.rn = cnt;
            if keyed {
                ch.hr = [0, 0];
                for &p in walked {
                    ch.hr[0] = ch.hr[0].wrapping_add(mix(u64::from(p) ^ SALT3));
                    ch.hr[1] = ch.hr[1].wrapping_add(mix(u64::from(p) ^ SALT4));
                }
            }
            // the goal may have joined R already: a shorter plan (only possible at the root's
            // first iterations, as iterative deepening proves shorter plans absent)
            if self.sc.marks.has(ch.g, self.sc.stamp) {
                self.plan_len = nl;
                return Child::Found;
            }
        } else {
            // R is the same set of positions (walked at level `at`)
            ch.r = lv.r;
            ch.at = lv.at;
            ch.rn = lv.rn;
            ch.hr = lv.hr;
        }
        if keyed {
            let mut k1 = ch.hb[0] ^ ch.hr[0].wrapping_mul(ODD);
            let mut k2 = ch.hb[1].wrapping_add(ch.hr[1] ^ SALT5);
            if ch.pidle {
                k1 ^= mix(k as u64 ^ SALT3);
                k2 = k2.wrapping_add(mix(k as u64 ^ SALT4));
            }
            if let Some(t) = &self.table {
                if t.probe(k1, k2, self.generation, self.depth - nl) {
                    // the same state was exhausted with as many pushes left, or more
                    self.board.push(reverse(k));
                    return Child::Skipped;
                }
            }
            ch.tk = [k1, k2];
            #[cfg(feature = "dominance-stats")]
            super::dominance_stats::enter(
                nl,
                self.depth - nl,
                ch.hb[0],
                &self.rl[ch.at * nn..ch.at * nn + ch.rn]
                    .iter()
                    .map(|&p| u32::from(p))
                    .collect::<Vec<_>>(),
                nn,
                !ch.pidle,
            );
        }
        if !(hits_r || hits_c) {
            // the goal's component is the same set of positions as before the push
            ch.c = lv.c;
        } else if let (Some(cnt), false) = (kept, hits_r) {
            // rule 4 walked the goal's component after k already
            ch.c = Flags::of(&self.board, &self.conn, &self.sc.queue[..cnt]);
        } else {
            let cnt = self
                .sc
                .walk_from(&self.board, &self.conn, ch.g, None)
                .unwrap_or(0);
            ch.c = Flags::of(&self.board, &self.conn, &self.sc.queue[..cnt]);
        }
        let prune = self.options.prune;
        let focused = self.options.focused;
        ch.cur = 0;
        ch.allow_done = false;
        // a push that changed only one of R and CG, before the last: the last-push tests can
        // use the other set's walks (kept per node, id `l2id`)
        ch.oside = 0;
        if prune >= 2 && left == 2 && closed && !focused && hits_r != hits_c {
            ch.oside = if hits_r { 1 } else { 2 };
        }
        if self.depth - nl == 2 {
            self.l2id += 1;
        }
        // after an idle push that rule 5 or 6 let through, the next push must be one that let it
        ch.qline = None;
        if prune > 0
            && (left == 2 || (left == 3 && prune >= 2))
            && closed
            && !focused
            && !(hits_r || hits_c)
        {
            ch.qline = Some(k);
        }
        ch.apart = 0;
        ch.set_bands();
        if self.depth - nl == 3 {
            self.cstate[nl * self.nk..(nl + 1) * self.nk].fill(0);
        }
        self.lvl = nl;
        Child::Entered
    }
}

/// The counting build's hooks ([`super::level_stats`]).
#[cfg(feature = "level-stats")]
impl Search {
    /// Count the child just entered by push `k` from level `left`, and follow the paths below
    /// idle pushes: whether their changed positions border `R` after each later push.
    fn stats_enter(&mut self, k: usize, left: usize, hits_r: bool, hits_c: bool) {
        use super::level_stats::{config, Pending};
        use super::rules::{crossing, near};
        let (nl, nn) = (self.lvl, self.nn);
        let cfg = config();
        let rules = self.options.prune >= 2 && !self.options.focused && nl > 1;
        let mut pend = Pending::default();
        let parent = self.levels[nl - 1];
        let ch = &self.levels[nl];
        for &(p, cross, t) in &parent.pend.e[..parent.pend.n] {
            let cross = cross.or(crossing(k));
            let cells = self.rl[ch.at * nn..ch.at * nn + ch.rn]
                .iter()
                .map(|&x| usize::from(x));
            if !near(cells, &self.board, t + 1, cross).has_line_of(p) {
                pend.push(p, cross, t + 1);
            }
        }
        // a push that leaves R and the goal in place starts a pending path
        let goal_stays = if cfg.ridle {
            !on_line(parent.g, k, self.n)
        } else {
            !hits_c
        };
        if rules && !hits_r && goal_stays && left >= cfg.min_left && left <= cfg.max_left {
            pend.push(k, LinePair::default(), 0);
        }
        let pending = pend.n > 0;
        self.levels[nl].pend = pend;
        super::level_stats::enter(left, hits_r, hits_c, pending);
    }

    /// Count a last-push node (`nodes` with its tries); on a pending path, whether for every
    /// pending push some last push passes (C).
    fn stats_last(&mut self, nodes: u64) {
        use super::rules::{crossing, near, pushes_on};
        super::level_stats::tick(1, nodes);
        let lv = self.levels[self.lvl];
        if lv.pend.n == 0 {
            return;
        }
        let cells = &self.rl[lv.at * self.nn..lv.at * self.nn + lv.rn];
        let both = LinePair::entries(&lv.r).and(LinePair::entries(&lv.c));
        let mut ok = vec![false; lv.pend.n];
        for s in pushes_on(both) {
            self.board.push(s);
            let cnt = self
                .sc
                .walk_moved(&self.board, &self.conn, cells, s, None)
                .unwrap_or(0);
            let mut here: Vec<bool> = lv.pend.e[..lv.pend.n]
                .iter()
                .map(|&(p, cross, t)| {
                    near(
                        self.sc.walked(cnt),
                        &self.board,
                        t + 1,
                        cross.or(crossing(s)),
                    )
                    .has_line_of(p)
                })
                .collect();
            let g = self.board.moved(lv.g, s);
            let cnt = self
                .sc
                .walk_from(&self.board, &self.conn, g, None)
                .unwrap_or(0);
            for (h, &(p, cross, t)) in here.iter_mut().zip(&lv.pend.e[..lv.pend.n]) {
                *h = *h
                    && near(
                        self.sc.walked(cnt),
                        &self.board,
                        t + 1,
                        cross.or(crossing(s)),
                    )
                    .has_line_of(p);
            }
            self.board.push(reverse(s));
            for (o, h) in ok.iter_mut().zip(here) {
                *o |= h;
            }
        }
        if ok.iter().any(|o| !o) {
            super::level_stats::dead(nodes);
        }
    }
}

/// Whether position `p` lies on the line push `k` moves.
#[cfg(feature = "level-stats")]
fn on_line(p: usize, k: usize, n: usize) -> bool {
    if moves_row(k) {
        p / n == line(k)
    } else {
        p % n == line(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(p: &Problem, depth: usize, prune: u8) -> (Step, u64, Vec<usize>) {
        let mut s = Search::new(
            p,
            depth,
            Options {
                prune,
                ..Options::default()
            },
            Some(Arc::new(TranspositionTable::new(10))),
            1,
        );
        loop {
            match s.run(1000) {
                Step::Budget => continue,
                st => return (st, s.nodes(), s.plan()),
            }
        }
    }

    #[test]
    fn finds_a_one_push_plan_and_exhausts_depth_zero() {
        // 3x3: avatar at (0,0) with only an east connection, goal at (0,2) with a west one, the
        // middle of row 0 closed; pushing column 1 north brings (2,1)'s field, open east-west.
        let mut masks = vec![0u8; 9];
        masks[0] = super::super::board::EAST;
        masks[2] = super::super::board::WEST;
        masks[7] = super::super::board::EAST | super::super::board::WEST;
        let p = Problem {
            n: 3,
            conn: Connections::new(masks),
            init: 0,
            goal: 2,
        };
        assert_eq!(solve(&p, 0, 2).0, Step::Exhausted);
        let (st, _, plan) = solve(&p, 1, 2);
        assert_eq!(st, Step::Found);
        assert_eq!(plan.len(), 1);
        let mut b = Board::identity(3);
        b.push(plan[0]);
        assert_eq!(b.field(1), 7);
    }

    #[test]
    fn memory_estimate_is_about_what_is_allocated() {
        let e = Search::memory_estimate(22, 22);
        assert!(e > 100_000 && e < 10_000_000, "{e}");
        let big = Search::memory_estimate(128, 22);
        assert!(big > e && big < 100_000_000, "{big}");
    }

    #[test]
    fn searches_move_between_threads_and_problems_are_shared() {
        fn send<T: Send>() {}
        fn send_sync<T: Send + Sync>() {}
        send::<Search>();
        send_sync::<Problem>();
        send_sync::<TranspositionTable>();
    }

    #[test]
    fn the_candidate_masks_change_no_node_and_no_plan() {
        // random boards of 5 to 9 rows, depths 3 to 5, with and without the masks two pushes
        // before the end: the same status, nodes and plan
        let mut x = 2026u64;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let (mut found, mut exhausted) = (0, 0);
        for _ in 0..300 {
            let n = 5 + next(5) as usize;
            let density = [3, 5, 7][next(3) as usize];
            let masks = (0..n * n)
                .map(|_| {
                    (0..4)
                        .filter(|_| next(10) < density)
                        .map(|b| 1u8 << b)
                        .sum()
                })
                .collect();
            let p = Problem {
                n,
                conn: Connections::new(masks),
                init: next((n * n) as u64) as usize,
                goal: next((n * n) as u64) as usize,
            };
            let depth = 3 + next(3) as usize;
            let run = |masks: bool| {
                let table = Some(Arc::new(TranspositionTable::new(12)));
                let options = Options {
                    masks,
                    ..Options::default()
                };
                let mut s = Search::new(&p, depth, options, table, 1);
                let mut step = Step::Budget;
                while step == Step::Budget {
                    step = s.run(1000);
                }
                (step, s.nodes(), s.plan())
            };
            let with = run(true);
            assert_eq!(with, run(false), "n={n} depth={depth} {p:?}");
            found += usize::from(with.0 == Step::Found);
            exhausted += usize::from(with.0 == Step::Exhausted);
        }
        assert!(found > 30 && exhausted > 30, "{found} {exhausted}");
    }

    /// Run a search to its end: status, nodes, plan.
    fn finish(mut s: Search) -> (Step, u64, Vec<usize>, Search) {
        let mut step = Step::Budget;
        while step == Step::Budget {
            step = s.run(1000);
        }
        let (nodes, plan) = (s.nodes(), s.plan());
        (step, nodes, plan, s)
    }

    #[test]
    #[cfg_attr(
        feature = "level-stats",
        ignore = "the level counters follow one whole search from the root; a part starts inside the tree"
    )]
    fn parts_started_from_states_are_the_search_continued_node_for_node() {
        // random boards of 4 to 7 rows, split after k = 1 or 2 pushes, depths k + 3 and k + 4,
        // no table: the whole search's status, and when exhausted its nodes, are the split's
        let mut x = 77u64;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let (mut found, mut exhausted, mut restricted) = (0, 0, 0);
        for _ in 0..80 {
            let n = 4 + next(4) as usize;
            let masks = (0..n * n)
                .map(|_| (0..4).filter(|_| next(10) < 4).map(|b| 1u8 << b).sum())
                .collect();
            let init = next((n * n) as u64) as usize;
            let p = Problem {
                n,
                conn: Connections::new(masks),
                init,
                goal: (init + 1 + next((n * n - 1) as u64) as usize) % (n * n),
            };
            let k = 1 + next(2) as usize;
            for depth in k + 3..=k + 4 {
                let (whole, whole_nodes, whole_plan, _) =
                    finish(Search::new(&p, depth, Options::default(), None, 1));
                let split = Options {
                    split_at: Some(k),
                    ..Options::default()
                };
                let (top, top_nodes, _, s) = finish(Search::new(&p, depth, split, None, 1));
                if top == Step::Found {
                    assert_eq!(whole, Step::Found); // a plan of k pushes or fewer
                    continue;
                }
                let mut nodes = top_nodes;
                let mut first_plan = None;
                for (pushes, state) in s.collected() {
                    restricted += usize::from(state.idle || state.root2);
                    let bytes = state.to_bytes();
                    let back = State::from_bytes(&bytes, &p.conn).expect("its own bytes");
                    assert_eq!(&back, state);
                    let part =
                        Search::from_state(&p.conn, &back, depth - k, Options::default(), None, 1);
                    let (step, part_nodes, plan, _) = finish(part);
                    nodes += part_nodes;
                    if step == Step::Found {
                        first_plan = Some([pushes.clone(), plan].concat());
                        break;
                    }
                }
                assert_eq!(
                    first_plan.is_some(),
                    whole == Step::Found,
                    "n={n} k={k} {p:?}"
                );
                if let Some(plan) = first_plan {
                    // the first part to find one finds the whole's plan (the whole's order)
                    assert_eq!(plan, whole_plan);
                    found += 1;
                } else {
                    assert_eq!(nodes, whole_nodes, "n={n} k={k} depth={depth} {p:?}");
                    exhausted += 1;
                }
            }
        }
        assert!(
            found > 10 && exhausted > 10 && restricted > 100,
            "{found} {exhausted} {restricted}"
        );
    }

    #[test]
    fn a_state_that_is_not_one_is_refused() {
        let p = Problem {
            n: 3,
            conn: Connections::new(vec![15; 9]),
            init: 0,
            goal: 8,
        };
        let start = State::start(3, 0, 8);
        assert_eq!(
            State::from_bytes(&start.to_bytes(), &p.conn),
            Ok(start.clone())
        );
        let open = State {
            start: false,
            ..start.clone()
        };
        // every field connects everywhere: {0} is not closed under walking
        assert!(State::from_bytes(&open.to_bytes(), &p.conn).is_err());
        let mut bytes = start.to_bytes();
        bytes[12] = 1; // field 1 twice
        assert!(State::from_bytes(&bytes, &p.conn).is_err());
        assert!(State::from_bytes(&bytes[..20], &p.conn).is_err());
    }

    #[test]
    fn a_resumed_search_counts_the_same_nodes() {
        // random 6 x 6 boards: run in small budgets and at once, same nodes and plan
        let mut x = 12345u64;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..30 {
            let n = 6;
            let masks = (0..n * n).map(|_| next(16) as u8).collect();
            let p = Problem {
                n,
                conn: Connections::new(masks),
                init: next(36) as usize,
                goal: next(36) as usize,
            };
            let table = Some(Arc::new(TranspositionTable::new(8)));
            let mut a = Search::new(&p, 4, Options::default(), table.clone(), 1);
            let mut b = Search::new(&p, 4, Options::default(), table, 2);
            let whole = a.run(u64::MAX);
            let mut step = Step::Budget;
            while step == Step::Budget {
                step = b.run(7);
            }
            assert_eq!((whole, a.nodes(), a.plan()), (step, b.nodes(), b.plan()));
        }
    }
}
