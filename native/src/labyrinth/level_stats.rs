//! Counters of where the exact search spends its nodes, per level (feature `level-stats` only).
//!
//! Levels are counted in pushes left before the push: a child entered from a node with `left`
//! pushes to go is counted at `left`. Per level: the nodes the search counts there (candidate
//! pushes, and at level 1 the last pushes tried), the candidates each rule cuts, the children
//! entered by the kind of push (touching neither `R` nor `CG`, only `R`, only `CG`, both) and the
//! nodes counted in their subtrees.
//!
//! It also bounds what a rule on pushes that leave `R` and the goal in place could save at most.
//! Below such a push `p` on line `l`, the plans without `p` were refuted by the shallower depth,
//! and the boards with and without `p` differ only on the positions the later pushes carry line
//! `l`'s to; so `p` matters only if those positions border the avatar's set after some later push
//! before the last, or border both sets after the last (the argument of rules 5 and 6 in
//! `search.rs`, for any number of later pushes). The path below `p` is *pending* while that has
//! not happened; a pending last-push node where no last push satisfies it is *dead*, and so is a
//! pending node none of whose children is alive. `dead_outer` (level 0) counts the nodes below
//! the outermost dead nodes: what a perfect test of the condition, made where the pending path
//! starts, would cut. Which pushes start a pending path is set by [`Config`].

use std::cell::RefCell;
use std::sync::OnceLock;

use super::rules::LinePair;

/// Which pushes start a pending path: `LEVEL_STATS_RIDLE=1` every push leaving `R` and the goal
/// in place (else only those touching neither set), `LEVEL_STATS_LEFT=a-b` with `a..=b` pushes
/// left before the push (default 4-4).
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Pushes leaving `R` and the goal in place (not only those touching neither set).
    pub ridle: bool,
    /// The fewest pushes left before a push that starts a pending path.
    pub min_left: usize,
    /// The most.
    pub max_left: usize,
}

/// The configuration from the environment (read once).
pub fn config() -> Config {
    static C: OnceLock<Config> = OnceLock::new();
    *C.get_or_init(|| {
        let ridle = std::env::var("LEVEL_STATS_RIDLE").is_ok_and(|v| v == "1");
        let range = std::env::var("LEVEL_STATS_LEFT").unwrap_or_else(|_| "4-4".into());
        let (a, b) = range.split_once('-').expect("LEVEL_STATS_LEFT=a-b");
        Config {
            ridle,
            min_left: a.parse().expect("a number"),
            max_left: b.parse().expect("a number"),
        }
    })
}

/// The pushes a path is pending on: line push, crossings of the later pushes, their count.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pending {
    /// How many of `e` are used.
    pub n: usize,
    /// The entries.
    pub e: [(usize, LinePair, usize); 8],
}

impl Pending {
    /// Add an entry (the oldest ones are kept when full).
    pub fn push(&mut self, p: usize, cross: LinePair, t: usize) {
        if self.n < self.e.len() {
            self.e[self.n] = (p, cross, t);
            self.n += 1;
        }
    }
}

/// Why a candidate push was not entered.
#[derive(Clone, Copy, Debug)]
pub enum Cut {
    /// Rule 1 (reverse after an idle push).
    Rule1,
    /// Rule 2 (same orientation after an idle push), and rule 2 at the root.
    Rule2,
    /// Rule 4.
    Rule4,
    /// Rule 5 (and its tie at the last push).
    Rule5,
    /// Rule 6 (and its ties).
    Rule6,
    /// Rule 7 (and its ties).
    Rule7,
    /// The transposition table.
    Table,
    /// Rule 3 at the last push (lines not entered by both sets).
    Rule3,
}

/// The counters of one level.
#[derive(Clone, Copy, Debug, Default)]
pub struct LevelStats {
    /// Nodes the search counts at this level.
    pub counted: u64,
    /// Candidates cut, by [`Cut`].
    pub cut: [u64; 8],
    /// Children entered, by kind (neither set, only `R`, only `CG`, both).
    pub entered: [u64; 4],
    /// Nodes counted below those children, by kind.
    pub below: [u64; 4],
    /// Pending children entered (see the module doc).
    pub pending: u64,
    /// Nodes counted below pending children.
    pub pending_below: u64,
    /// Pending last-push nodes (level 1 only, counted at 1) where no last push passes (C).
    pub dead: u64,
    /// Nodes those counted.
    pub dead_below: u64,
    /// Pending children none of whose children is alive (not pending, or pending and not dead).
    pub dead_z: u64,
    /// Nodes counted below those.
    pub dead_z_below: u64,
    /// Nodes counted below outermost dead children.
    pub dead_outer: u64,
}

struct Open {
    level: usize,
    kind: usize,
    work: u64,
    pending: bool,
    dead: bool,
    alive: bool,
    /// Work below dead children not yet known to be outermost.
    held: u64,
}

#[derive(Default)]
struct State {
    levels: Vec<LevelStats>,
    work: u64,
    open: Vec<Open>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

fn with<T>(f: impl FnOnce(&mut State) -> T) -> T {
    STATE.with(|s| f(&mut s.borrow_mut()))
}

fn level(s: &mut State, l: usize) -> &mut LevelStats {
    if s.levels.len() <= l {
        s.levels.resize(l + 1, LevelStats::default());
    }
    &mut s.levels[l]
}

/// Take the counters (and clear them).
pub fn take() -> Vec<LevelStats> {
    with(|s| {
        s.open.clear();
        s.work = 0;
        std::mem::take(&mut s.levels)
    })
}

/// Count `n` nodes at level `left`.
pub fn tick(left: usize, n: u64) {
    with(|s| {
        s.work += n;
        level(s, left).counted += n;
    });
}

/// A candidate at level `left` cut by `why`.
pub fn cut(left: usize, why: Cut) {
    with(|s| level(s, left).cut[why as usize] += 1);
}

/// A child entered from level `left` by a push touching `R` (`hits_r`) and/or `CG`; `pending`:
/// the path below an idle push four before the end where (A) and (B) failed so far.
pub fn enter(left: usize, hits_r: bool, hits_c: bool, pending: bool) {
    with(|s| {
        let kind = usize::from(hits_r) + 2 * usize::from(hits_c);
        let st = level(s, left);
        st.entered[kind] += 1;
        st.pending += u64::from(pending);
        let work = s.work;
        s.open.push(Open {
            level: left,
            kind,
            work,
            pending,
            dead: false,
            alive: false,
            held: 0,
        });
    });
}

/// A pending last-push node where no last push passes (C): the nodes it counted.
pub fn dead(nodes: u64) {
    with(|s| {
        let st = level(s, 1);
        st.dead += 1;
        st.dead_below += nodes;
        if let Some(o) = s.open.last_mut() {
            o.dead = true;
        }
    });
}

/// The child entered last is left.
pub fn leave() {
    with(|s| {
        let o = s.open.pop().expect("a child to leave");
        let w = s.work - o.work;
        let st = level(s, o.level);
        st.below[o.kind] += w;
        if o.pending {
            st.pending_below += w;
        }
        // a last-push node is dead when `dead` said so; another when it is pending and no
        // child is alive
        let dead = if o.level == 2 {
            o.pending && o.dead
        } else {
            o.pending && !o.alive
        };
        if dead && o.level > 2 {
            st.dead_z += 1;
            st.dead_z_below += w;
        }
        match (dead, s.open.last_mut()) {
            (true, Some(up)) => up.held += w,
            (false, Some(up)) => {
                up.alive = true;
                let h = o.held;
                level(s, 0).dead_outer += h;
            }
            (true, None) => level(s, 0).dead_outer += w,
            (false, None) => level(s, 0).dead_outer += o.held,
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_work_below_children_by_kind() {
        let _ = take();
        tick(3, 1);
        enter(3, false, false, false);
        tick(2, 2);
        enter(2, true, false, true);
        tick(1, 5);
        dead(5);
        leave();
        leave();
        cut(2, Cut::Rule4);
        let st = take();
        assert_eq!(st[3].below, [7, 0, 0, 0]);
        assert_eq!((st[2].below[1], st[2].pending_below), (5, 5));
        assert_eq!((st[1].dead, st[1].dead_below, st[1].counted), (1, 5, 5));
        assert_eq!(st[2].cut[Cut::Rule4 as usize], 1);
    }
}
