//! The fewest pushes, proven by iterative deepening over worker threads.
//!
//! A beam search ([`super::beam`]) first finds some plan quickly. Iterative deepening then proves
//! lower bounds depth by depth: once every plan of exactly `L` pushes is refuted (and, inductively,
//! every shorter one), every plan has at least `L + 1` pushes. At each depth a *focused* search
//! (only pushes whose band meets the avatar's set or the goal's component, and repeats) runs first
//! under a node cap: it is much smaller and usually finds the optimum, which the exhausted depth
//! `L - 1` then proves. When a depth gets expensive, wider beams look for a shorter plan before
//! the next, costlier depth.
//!
//! Threads: small searches (below depth 3, or while fewer than [`PARALLEL_AFTER`] nodes were
//! searched in all) run as one task. After that every first push is a task of its own (those whose
//! band meets `R = {init}` or the goal's component first, the order the search itself uses);
//! `workers` threads take tasks from a shared queue, each with its own [`Search`] and one shared
//! transposition table. With one worker the order, and so the plan found, is the search's own;
//! with several, which plan of a depth turns up first may vary (its length does not).
//!
//! The caller's thread coordinates: it polls the [`Monitor`] (deadline, interrupts, progress)
//! about every 50 ms while the workers run, and the workers stop at the next budget of nodes once
//! told to.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::beam::find_plan;
use super::board::Board;
use super::search::{Options, Problem, Search, Step, MAX_DEPTH};
use super::table::TranspositionTable;
use super::walks::{flood, Flags, Marks};

/// Nodes searched in all before the first pushes are split over threads.
pub const PARALLEL_AFTER: u64 = 300_000;

/// The widest beam tried.
const MAX_WIDTH: usize = 4096;

/// How often the coordinating thread polls the monitor.
const POLL: Duration = Duration::from_millis(50);

/// Which kind of search a progress report is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Beam,
    Focused,
    Complete,
}

impl Mode {
    /// The name shown in progress displays.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Beam => "beam",
            Mode::Focused => "focused",
            Mode::Complete => "complete",
        }
    }
}

/// What the search has reached, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub depth: usize,
    pub mode: Mode,
    pub nodes: u64,
    pub lower_bound: usize,
    pub best: Option<usize>,
}

/// The outside world, as the coordinating thread sees it (never called from a worker).
pub trait Monitor {
    /// Whether to stop now (a deadline passed, the user interrupted).
    fn should_stop(&self) -> bool;
    /// A progress report.
    fn progress(&self, progress: &Progress);
    /// Seconds left before the deadline, if there is one (the beam takes at most half of it).
    fn remaining(&self) -> Option<f64>;
}

/// How the solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The shortest plan found (push codes), if any.
    pub plan: Option<Vec<usize>>,
    /// Proven: every plan has at least this many pushes (`max_steps + 1`: none within the limit).
    pub lower_bound: usize,
    /// Nodes of the exact search.
    pub nodes: u64,
    /// Pushes of the first beam's plan.
    pub beam_pushes: Option<usize>,
    /// The widest beam tried.
    pub beam_width: usize,
    /// Worker threads of the exact search.
    pub workers: usize,
    /// The monitor stopped the search before it finished.
    pub stopped: bool,
}

/// How one depth's search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Run {
    Found(Vec<usize>),
    Exhausted,
    Stopped,
    Cap,
}

/// The plan with the fewest pushes of at most `max_steps` (searched up to [`MAX_DEPTH`]), proven
/// optimal unless stopped; with `any_plan`, the first plan of at most `max_steps` pushes found (the
/// beam's, or the shortest if the deepening has to find one), or the proof that there is none.
///
/// With a `node_limit` the solve is *reproducible*: one worker, beams that are not cut by the
/// clock and widened only when no plan is known, and a stop after the first budget of nodes that
/// reaches the limit -- so the answer depends on the instance and the limit alone, not on the
/// machine or its load.
///
/// With `whole_depths` (a short look whose work others continue, such as the split's first look)
/// the solve also stops at the end of a depth when the next one is not expected to end before the
/// deadline: its complete search is predicted to take this depth's time multiplied by the growth
/// from the depth before (at least 2), and a depth stopped midway would be lost. The answer is as
/// sound as any stopped one (the lower bound is what the depths exhausted prove).
pub fn solve(
    problem: &Problem,
    max_steps: usize,
    workers: usize,
    node_limit: Option<u64>,
    any_plan: bool,
    whole_depths: bool,
    monitor: &dyn Monitor,
) -> Outcome {
    let workers = if node_limit.is_some() {
        1
    } else {
        workers.max(1)
    };
    // Deeper than MAX_DEPTH nothing is searched: the lower bound then stops at MAX_DEPTH + 1,
    // which the caller reads as "unknown" when the instance allows more steps.
    let max_steps = max_steps.min(MAX_DEPTH);
    let mut d = Deepening::new(problem, workers, monitor);
    d.node_limit = node_limit;
    let mut out = Outcome {
        plan: None,
        lower_bound: 1,
        nodes: 0,
        beam_pushes: None,
        beam_width: 64,
        workers: d.workers,
        stopped: false,
    };
    if problem.init == problem.goal {
        out.plan = Some(Vec::new());
        out.lower_bound = 0;
        return out;
    }
    let mut lower = 1;
    let mut width = 64;
    let t0 = Instant::now();
    let mut best = d.beam(max_steps, width);
    while best.is_none() && width < MAX_WIDTH && !monitor.should_stop() {
        width *= 4; // no plan yet: a wider beam before anything else
        best = d.beam(max_steps, width);
    }
    let mut beam_seconds = t0.elapsed().as_secs_f64();
    out.beam_pushes = best.as_ref().map(Vec::len);
    let mut last_spent: Option<f64> = None;
    for depth in 1..=max_steps {
        if best.as_ref().is_some_and(|b| any_plan || b.len() <= depth) {
            break;
        }
        monitor.progress(&Progress {
            depth,
            mode: Mode::Focused,
            nodes: d.nodes,
            lower_bound: lower,
            best: best.as_ref().map(Vec::len),
        });
        let cap = (d.nodes / 4).max(2_000_000);
        if settles(d.run(depth, true, Some(cap)), &mut best, &mut out.stopped) {
            break;
        }
        let t0 = Instant::now();
        if settles(d.run(depth, false, None), &mut best, &mut out.stopped) {
            break;
        }
        lower = depth + 1;
        let spent = t0.elapsed().as_secs_f64();
        let remaining = monitor.remaining();
        if whole_depths {
            let growth = last_spent.map_or(2.0, |last| (spent / last.max(1e-6)).max(2.0));
            if remaining.is_some_and(|r| spent * growth > r) {
                out.stopped = true;
                break;
            }
            last_spent = Some(spent);
        }
        // The next depth will cost much more: wider beams may find a shorter plan first. Each is
        // about four times the last; they get up to an eighth of what this depth took (at least
        // one widening once a depth takes over half a second), so how wide they go follows the
        // cost of the search, not the speed of the machine.
        let mut widened = false;
        while node_limit.is_none()
            && spent > 0.5
            && width < MAX_WIDTH
            && best.as_ref().is_none_or(|b| b.len() > lower)
            && (!widened || 4.0 * beam_seconds < spent / 8.0)
            && remaining.is_none_or(|r| r > 32.0 * beam_seconds)
        {
            widened = true;
            width *= 4;
            let t0 = Instant::now();
            let limit = best.as_ref().map_or(max_steps, |b| b.len() - 1);
            let wider = d.beam(limit, width);
            beam_seconds = t0.elapsed().as_secs_f64();
            if let Some(w) = wider {
                if best.as_ref().is_none_or(|b| w.len() < b.len()) {
                    best = Some(w);
                }
            }
        }
    }
    out.lower_bound = match &best {
        Some(b) => lower.min(b.len()),
        None => lower,
    };
    out.plan = best;
    out.nodes = d.nodes;
    out.beam_width = width;
    out
}

/// Whether a depth's outcome ends the deepening: a plan (kept in `best`: iterative deepening makes
/// it the shortest) or a stop (noted in `stopped`).
fn settles(run: Run, best: &mut Option<Vec<usize>>, stopped: &mut bool) -> bool {
    match run {
        Run::Found(plan) => {
            *best = Some(plan);
            true
        }
        Run::Stopped => {
            *stopped = true;
            true
        }
        Run::Exhausted | Run::Cap => false,
    }
}

/// Iterative deepening's state across depths: nodes so far, the shared table, the generation.
struct Deepening<'a> {
    problem: &'a Problem,
    workers: usize,
    monitor: &'a dyn Monitor,
    nodes: u64,
    table: Option<Arc<TranspositionTable>>,
    generation: u32,
    budget: u64,
    node_limit: Option<u64>,
}

impl<'a> Deepening<'a> {
    fn new(problem: &'a Problem, workers: usize, monitor: &'a dyn Monitor) -> Self {
        let n = problem.n as u64;
        Deepening {
            problem,
            workers,
            monitor,
            nodes: 0,
            table: None,
            generation: 0,
            // nodes between polls of the stop flag: a few milliseconds whatever the board size
            budget: (200_000_000 / (n * n)).max(2_000),
            node_limit: None,
        }
    }

    /// A beam of `width` for a plan of at most `max_depth` pushes, in at most half the time left.
    fn beam(&self, max_depth: usize, width: usize) -> Option<Vec<usize>> {
        self.monitor.progress(&Progress {
            depth: 0,
            mode: Mode::Beam,
            nodes: self.nodes,
            lower_bound: 0,
            best: None,
        });
        let end = match self.node_limit {
            Some(_) => None, // reproducible: the beam's width and depth bound its work
            None => self
                .monitor
                .remaining()
                .map(|r| Instant::now() + Duration::from_secs_f64(r.max(0.0) / 2.0)),
        };
        let stop = || end.is_some_and(|e| Instant::now() >= e) || self.monitor.should_stop();
        find_plan(self.problem, max_depth, width, 7, u64::MAX, &stop).ok()
    }

    /// Search the plans of exactly `depth` pushes.
    fn run(&mut self, depth: usize, focused: bool, node_cap: Option<u64>) -> Run {
        if depth >= 4 && self.table.is_none() {
            // one table for the whole solve, shared by the worker threads
            let bits = if self.problem.n >= 8 { 20 } else { 14 };
            self.table = Some(Arc::new(TranspositionTable::new(bits)));
        }
        self.generation += 1; // a fresh table for this search
        let tasks = if self.workers <= 1 || depth < 3 || self.nodes < PARALLEL_AFTER {
            vec![None]
        } else {
            first_pushes(self.problem).into_iter().map(Some).collect()
        };
        self.run_tasks(depth, focused, node_cap, tasks)
    }

    fn run_tasks(
        &mut self,
        depth: usize,
        focused: bool,
        node_cap: Option<u64>,
        tasks: Vec<Option<usize>>,
    ) -> Run {
        let threads = self.workers.min(tasks.len());
        let queue = Mutex::new(tasks.into_iter().rev().collect::<Vec<_>>());
        let stop = AtomicBool::new(false);
        let total = AtomicU64::new(self.nodes);
        let outcomes: Mutex<Vec<Run>> = Mutex::new(Vec::new());
        let start_nodes = self.nodes;
        let capped = |t: u64| node_cap.is_some_and(|c| t - start_nodes >= c);
        let limit = self.node_limit;
        let over = |t: u64| limit.is_some_and(|l| t >= l);
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let mode = if focused {
            Mode::Focused
        } else {
            Mode::Complete
        };
        let report = |nodes: u64| {
            self.monitor.progress(&Progress {
                depth,
                mode,
                nodes,
                lower_bound: depth,
                best: None,
            })
        };
        std::thread::scope(|s| {
            for _ in 0..threads {
                let done_tx = done_tx.clone();
                let (queue, stop, total, outcomes) = (&queue, &stop, &total, &outcomes);
                let table = self.table.clone();
                let (problem, generation, budget) = (self.problem, self.generation, self.budget);
                s.spawn(move || {
                    let finish = |run: Run| {
                        outcomes.lock().expect("outcomes").push(run);
                        stop.store(true, Ordering::Relaxed);
                    };
                    while !stop.load(Ordering::Relaxed) {
                        let first = {
                            let mut q = queue.lock().expect("task queue");
                            let t = total.load(Ordering::Relaxed);
                            if over(t) {
                                finish(Run::Stopped);
                                break;
                            }
                            if capped(t) {
                                finish(Run::Cap);
                                break;
                            }
                            match q.pop() {
                                Some(t) => t,
                                None => break,
                            }
                        };
                        let options = Options {
                            focused,
                            first_push: first,
                            ..Options::default()
                        };
                        let mut search =
                            Search::new(problem, depth, options, table.clone(), generation);
                        let mut spent = 0;
                        loop {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            let step = search.run(budget);
                            let now = search.nodes();
                            let t = total.fetch_add(now - spent, Ordering::Relaxed) + now - spent;
                            spent = now;
                            match step {
                                Step::Found => {
                                    finish(Run::Found(search.plan()));
                                    break;
                                }
                                Step::Exhausted => break,
                                Step::Budget if over(t) => {
                                    finish(Run::Stopped);
                                    break;
                                }
                                Step::Budget if capped(t) => {
                                    finish(Run::Cap);
                                    break;
                                }
                                Step::Budget => {}
                            }
                        }
                    }
                    let _ = done_tx.send(());
                });
            }
            drop(done_tx);
            let mut finished = 0;
            while finished < threads {
                match done_rx.recv_timeout(POLL) {
                    Ok(()) => finished += 1,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if !stop.load(Ordering::Relaxed) && self.monitor.should_stop() {
                            outcomes.lock().expect("outcomes").push(Run::Stopped);
                            stop.store(true, Ordering::Relaxed);
                        }
                        report(total.load(Ordering::Relaxed));
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
        });
        self.nodes = total.load(Ordering::Relaxed);
        report(self.nodes);
        let outcomes = outcomes.into_inner().expect("outcomes");
        for want in [0, 1, 2] {
            for o in &outcomes {
                let rank = match o {
                    Run::Found(_) => 0,
                    Run::Stopped => 1,
                    Run::Cap => 2,
                    Run::Exhausted => 3,
                };
                if rank == want {
                    return o.clone();
                }
            }
        }
        Run::Exhausted
    }
}

/// Bytes a [`solve`] on a board of side `n` may allocate with `workers` threads: the widest beam
/// (two rounds of `MAX_WIDTH` states, each a board and an avatar set of up to `n * n`
/// positions, their sort keys and the plan table of `max_steps` rounds), the transposition table,
/// and one [`Search`] of the deepest depth per worker.
pub fn memory_estimate(n: usize, max_steps: usize, workers: usize) -> usize {
    let (nn, nk, depth) = (n * n, 4 * n, max_steps.min(MAX_DEPTH));
    let beam = 2 * MAX_WIDTH * (2 * nn + 4 * nn + 64) + MAX_WIDTH * nk * 16 + depth * MAX_WIDTH * 8;
    let table = TranspositionTable::memory_estimate(if n >= 8 { 20 } else { 14 });
    beam + table + workers.max(1) * Search::memory_estimate(n, depth)
}

/// Every first push, those whose band meets `R = {init}` or the goal's component first.
pub fn first_pushes(problem: &Problem) -> Vec<usize> {
    let n = problem.n;
    let board = Board::identity(n);
    let mut marks = Marks::new(n * n);
    let mut queue = vec![0u32; n * n];
    let s = marks.fresh();
    let cnt = flood(
        &board,
        &problem.conn,
        &[problem.goal as u32],
        &mut marks,
        s,
        &mut queue,
        None,
    )
    .unwrap_or(0);
    let mut both = Flags::of(&board, &problem.conn, &queue[..cnt]);
    both.add(problem.init, 0, n);
    let (mut near, mut far): (Vec<usize>, Vec<usize>) =
        (0..4 * n).partition(|&k| both.band_hits(k));
    near.append(&mut far);
    near
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labyrinth::board::Connections;
    use crate::labyrinth::walks::tests::Rng;
    use std::cell::Cell;

    struct Quiet;

    impl Monitor for Quiet {
        fn should_stop(&self) -> bool {
            false
        }
        fn progress(&self, _: &Progress) {}
        fn remaining(&self) -> Option<f64> {
            None
        }
    }

    struct StopAfter(Cell<u32>);

    impl Monitor for StopAfter {
        fn should_stop(&self) -> bool {
            let left = self.0.get();
            self.0.set(left.saturating_sub(1));
            left == 0
        }
        fn progress(&self, _: &Progress) {}
        fn remaining(&self) -> Option<f64> {
            Some(0.0)
        }
    }

    fn random_problem(rng: &mut Rng, n: usize) -> Problem {
        let masks = (0..n * n).map(|_| rng.below(16) as u8).collect();
        let init = rng.below(n * n);
        let goal = (init + 1 + rng.below(n * n - 1)) % (n * n);
        Problem {
            n,
            conn: Connections::new(masks),
            init,
            goal,
        }
    }

    #[test]
    fn one_and_two_workers_prove_the_same_minimum() {
        let mut rng = Rng::new(5);
        for _ in 0..60 {
            let n = 4 + rng.below(3);
            let p = random_problem(&mut rng, n);
            let a = solve(&p, 4, 1, None, false, false, &Quiet);
            let b = solve(&p, 4, 2, None, false, false, &Quiet);
            assert_eq!(a.plan.as_ref().map(Vec::len), b.plan.as_ref().map(Vec::len));
            assert_eq!(a.lower_bound, b.lower_bound);
            if let Some(plan) = &a.plan {
                assert_eq!(
                    a.lower_bound,
                    plan.len(),
                    "proven optimal without a deadline"
                );
            }
        }
    }

    #[test]
    fn any_plan_answers_within_max_steps_exactly_when_a_plan_exists() {
        let mut rng = Rng::new(21);
        let (mut solved, mut none) = (0, 0);
        for _ in 0..60 {
            let n = 4 + rng.below(3);
            let p = random_problem(&mut rng, n);
            let steps = 1 + rng.below(4);
            let fewest = solve(&p, steps, 1, None, false, false, &Quiet);
            let any = solve(&p, steps, 1, None, true, false, &Quiet);
            assert_eq!(fewest.plan.is_some(), any.plan.is_some());
            if let (Some(f), Some(a)) = (&fewest.plan, &any.plan) {
                assert!(f.len() <= a.len() && a.len() <= steps);
                assert!(any.lower_bound <= f.len());
                solved += 1;
            } else {
                assert_eq!(any.lower_bound, steps + 1, "no plan: proven");
                none += 1;
            }
        }
        assert!(solved > 5 && none > 5, "{solved} {none}");
    }

    #[test]
    fn a_monitor_that_stops_ends_the_solve_unproven() {
        let mut rng = Rng::new(9);
        let p = random_problem(&mut rng, 6);
        let out = solve(&p, 6, 2, None, false, false, &StopAfter(Cell::new(0)));
        assert!(out.stopped || out.plan.is_some());
        assert!(out.lower_bound <= 6);
    }

    /// A monitor that never stops the search but reports `seconds` left before its deadline.
    struct Left(f64);

    impl Monitor for Left {
        fn should_stop(&self) -> bool {
            false
        }
        fn progress(&self, _: &Progress) {}
        fn remaining(&self) -> Option<f64> {
            Some(self.0)
        }
    }

    #[test]
    fn whole_depths_stops_at_the_end_of_a_depth_whose_next_would_not_end_in_time() {
        let mut rng = Rng::new(21);
        let mut stopped = 0;
        for _ in 0..30 {
            let p = random_problem(&mut rng, 5);
            let full = solve(&p, 5, 1, None, false, false, &Quiet);
            // no time left: the look ends after its first whole depth (or with the beam's plan)
            let short = solve(&p, 5, 1, None, false, true, &Left(0.0));
            if short.stopped {
                stopped += 1;
                assert_eq!(
                    short.lower_bound, 2,
                    "depth 1 exhausted, nothing of depth 2 kept"
                );
            }
            assert!(short.lower_bound <= full.lower_bound);
            // time enough: the same answer as without it
            let long = solve(&p, 5, 1, None, false, true, &Left(1e9));
            assert_eq!((long.lower_bound, long.stopped), (full.lower_bound, false));
            assert_eq!(long.plan.map(|p| p.len()), full.plan.map(|p| p.len()));
        }
        assert!(stopped > 5, "{stopped}");
    }

    #[test]
    fn a_node_limit_gives_the_same_answer_every_time() {
        let mut rng = Rng::new(13);
        for _ in 0..20 {
            let p = random_problem(&mut rng, 7);
            let a = solve(&p, 7, 2, Some(20_000), false, false, &Quiet);
            let b = solve(&p, 7, 2, Some(20_000), false, false, &Quiet);
            assert_eq!(a, b);
            assert_eq!(a.workers, 1);
        }
    }

    #[test]
    fn first_pushes_lists_every_push_once() {
        let mut rng = Rng::new(1);
        let p = random_problem(&mut rng, 7);
        let mut ks = first_pushes(&p);
        ks.sort_unstable();
        assert_eq!(ks, (0..28).collect::<Vec<_>>());
    }
}
