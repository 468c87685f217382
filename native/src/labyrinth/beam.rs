//! A beam search for *some* plan, fast, to give the exact search an upper bound.
//!
//! It proves nothing: iterative deepening proves the lower bound, and a plan from here counts as
//! optimal only when its length meets that bound.
//!
//! Each round expands every state of the beam by every push and keeps the `width` best children,
//! ordered by
//!
//! 1. the gap: the smallest Manhattan distance between a position the avatar can stand on and a
//!    position of the goal's component (0 would mean the goal is reached);
//! 2. then more positions for the avatar, then a larger goal component;
//! 3. then the order of expansion (beam state, then push code): the sort is stable.
//!
//! Children that repeat a kept state (same board and same avatar set, by a 64-bit hash) are
//! dropped, so the beam stays diverse. A child whose avatar set reaches the goal ends the search:
//! its plan is the first one found, so plans are as short as the rounds go.

use std::collections::HashSet;

use crate::hashing::mix;

use super::board::{moved, Board};
use super::search::Problem;
use super::walks::{flood, Marks};

/// Why a beam search ended without a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPlan {
    /// No plan within `max_depth` pushes among the states the beam kept.
    Exhausted,
    /// The next round would pass `max_expansions` children.
    Limit,
    /// `stop()` said so.
    Stopped,
}

/// One state of the beam: a board, the avatar's set `R` (closed under walking) and the goal's
/// position, and how it was reached (index of its parent in the previous round, and the push).
#[derive(Clone)]
struct State {
    board: Board,
    reach: Vec<u32>,
    goal: usize,
}

/// Push codes of some plan of at most `max_depth` pushes from the initial board.
///
/// At most `max_expansions` children are expanded in all (a limit in work, not time, so the
/// answer is the same on every machine); `stop` is polled once per expanded beam state and ends
/// the search early. `salt` seeds the state hashes.
pub fn find_plan(
    problem: &Problem,
    max_depth: usize,
    width: usize,
    salt: u64,
    max_expansions: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<usize>, NoPlan> {
    let n = problem.n;
    let nn = n * n;
    let nk = 4 * n;
    let conn = &problem.conn;
    let width = width.max(1);
    let mut beam = vec![State {
        board: Board::identity(n),
        reach: vec![problem.init as u32],
        goal: problem.goal,
    }];
    // parent[d][i], pushed[d][i]: how state i of round d was made
    let mut parent: Vec<Vec<u32>> = vec![Vec::new()];
    let mut pushed: Vec<Vec<u32>> = vec![Vec::new()];
    let mut marks = Marks::new(nn);
    let mut queue = vec![0u32; nn];
    let mut goal_queue = vec![0u32; nn];
    let mut child = Board::identity(n);
    let mut seeds: Vec<u32> = Vec::with_capacity(nn);
    let mut expanded: u64 = 0;
    for depth in 1..=max_depth {
        let round = (beam.len() * nk) as u64;
        if expanded + round > max_expansions {
            return Err(NoPlan::Limit);
        }
        expanded += round;
        let mut keys: Vec<(i64, u64)> = Vec::with_capacity(beam.len() * nk);
        for (b, st) in beam.iter().enumerate() {
            if stop() {
                return Err(NoPlan::Stopped);
            }
            for k in 0..nk {
                st.board.pushed_into(k, &mut child);
                seeds.clear();
                seeds.extend(st.reach.iter().map(|&p| moved(p as usize, k, n) as u32));
                let gm = moved(st.goal, k, n);
                let s = marks.fresh();
                let Some(cnt) = flood(&child, conn, &seeds, &mut marks, s, &mut queue, Some(gm))
                else {
                    let mut plan = vec![k];
                    let mut cur = b;
                    for d in (1..depth).rev() {
                        plan.push(pushed[d][cur] as usize);
                        cur = parent[d][cur] as usize;
                    }
                    plan.reverse();
                    return Ok(plan);
                };
                let mut h = salt;
                for (p, &f) in child.fields().iter().enumerate() {
                    h ^= mix((p * nn) as u64 + f as u64);
                }
                for &p in &queue[..cnt] {
                    h ^= mix((nn * nn) as u64 + p as u64);
                }
                let (gap, cg) = score(
                    &child,
                    problem,
                    &queue[..cnt],
                    gm,
                    &mut marks,
                    &mut goal_queue,
                );
                let key = (gap as i64) * (1 << 40) - (cnt as i64) * (1 << 20) - cg as i64;
                keys.push((key, h));
            }
        }
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_by_key(|&i| keys[i].0);
        let mut seen: HashSet<u64> = HashSet::with_capacity(width * 2);
        seen.insert(0);
        let mut next: Vec<State> = Vec::with_capacity(width);
        let mut par = Vec::with_capacity(width);
        let mut how = Vec::with_capacity(width);
        for idx in order {
            if next.len() >= width {
                break;
            }
            if !seen.insert(keys[idx].1) {
                continue;
            }
            let (b, k) = (idx / nk, idx % nk);
            let st = &beam[b];
            let mut board = Board::identity(n);
            st.board.pushed_into(k, &mut board);
            seeds.clear();
            seeds.extend(st.reach.iter().map(|&p| moved(p as usize, k, n) as u32));
            let s = marks.fresh();
            let cnt = flood(&board, conn, &seeds, &mut marks, s, &mut queue, None).unwrap_or(0);
            next.push(State {
                board,
                reach: queue[..cnt].to_vec(),
                goal: moved(st.goal, k, n),
            });
            par.push(b as u32);
            how.push(k as u32);
        }
        parent.push(par);
        pushed.push(how);
        beam = next;
    }
    Err(NoPlan::Exhausted)
}

/// `(gap, |CG|)` for the avatar's set `reach` and the goal at `goal` on `board`: the smallest
/// Manhattan distance from `reach` to the goal's component, and that component's size.
fn score(
    board: &Board,
    problem: &Problem,
    reach: &[u32],
    goal: usize,
    marks: &mut Marks,
    queue: &mut [u32],
) -> (usize, usize) {
    let n = problem.n;
    let s = marks.fresh();
    let cnt = flood(board, &problem.conn, &[goal as u32], marks, s, queue, None).unwrap_or(0);
    let mut best = usize::MAX;
    for &p in reach {
        let (pr, pc) = (p as usize / n, p as usize % n);
        for &q in &queue[..cnt] {
            let (qr, qc) = (q as usize / n, q as usize % n);
            best = best.min(pr.abs_diff(qr) + pc.abs_diff(qc));
        }
    }
    (best, cnt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labyrinth::board::Connections;
    use crate::labyrinth::walks::tests::Rng;

    /// Replay a plan with plain pushes and one walk at the end.
    fn reaches(problem: &Problem, plan: &[usize]) -> bool {
        let n = problem.n;
        let mut b = Board::identity(n);
        let mut reach = vec![problem.init as u32];
        let mut goal = problem.goal;
        let mut marks = Marks::new(n * n);
        let mut queue = vec![0u32; n * n];
        for &k in plan {
            b.push(k);
            let seeds: Vec<u32> = reach
                .iter()
                .map(|&p| moved(p as usize, k, n) as u32)
                .collect();
            goal = moved(goal, k, n);
            let s = marks.fresh();
            let cnt = flood(&b, &problem.conn, &seeds, &mut marks, s, &mut queue, None).unwrap();
            reach = queue[..cnt].to_vec();
        }
        reach.contains(&(goal as u32))
    }

    #[test]
    fn every_plan_found_is_valid_and_within_the_depth() {
        let mut rng = Rng::new(3);
        let mut found = 0;
        for _ in 0..300 {
            let n = 3 + rng.below(6);
            let masks = (0..n * n).map(|_| rng.below(16) as u8).collect();
            let init = rng.below(n * n);
            let mut goal = rng.below(n * n);
            if goal == init {
                goal = (goal + 1) % (n * n);
            }
            let problem = Problem {
                n,
                conn: Connections::new(masks),
                init,
                goal,
            };
            match find_plan(&problem, 4, 16, 7, u64::MAX, &|| false) {
                Ok(plan) => {
                    found += 1;
                    assert!(plan.len() <= 4 && !plan.is_empty());
                    assert!(reaches(&problem, &plan), "{plan:?}");
                }
                Err(e) => assert_eq!(e, NoPlan::Exhausted),
            }
        }
        assert!(found > 100, "{found}");
    }

    #[test]
    fn limits_and_stop_end_the_search() {
        let problem = Problem {
            n: 4,
            conn: Connections::new(vec![0; 16]),
            init: 0,
            goal: 15,
        };
        assert_eq!(
            find_plan(&problem, 3, 8, 7, 20, &|| false),
            Err(NoPlan::Limit)
        );
        assert_eq!(
            find_plan(&problem, 3, 8, 7, u64::MAX, &|| true),
            Err(NoPlan::Stopped)
        );
        assert_eq!(
            find_plan(&problem, 3, 8, 7, u64::MAX, &|| false),
            Err(NoPlan::Exhausted)
        );
    }
}
