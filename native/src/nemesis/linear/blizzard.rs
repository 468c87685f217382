//! Blizzard (Theorem 13): `blizzard_winning_set`, `blizzard_winner` and `blizzard_trap_region` of
//! `escapology.nemesis.engines.linear`, step for step.

use std::collections::VecDeque;

use super::document::{Document, Finished};
use super::Instance;

/// Rank of the vertices outside the winning set `W`.
pub const OUTSIDE: u32 = u32::MAX;

/// The rank of every vertex in `W` (exits 0), [`OUTSIDE`] for the others, in O(n + m).
pub fn winning_set(g: &Instance) -> Vec<u32> {
    let n = g.n();
    let mut rank = vec![OUTSIDE; n];
    let mut count = vec![0u64; n];
    let mut queue = VecDeque::new();
    for v in 0..n as u32 {
        if g.exit(v) {
            rank[v as usize] = 0;
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        for &(w, e) in g.adj(v) {
            if rank[w as usize] != OUTSIDE {
                continue;
            }
            count[w as usize] += g.mult[e as usize];
            if count[w as usize] >= 2 {
                rank[w as usize] = rank[v as usize] + 1;
                queue.push_back(w);
            }
        }
    }
    rank
}

/// The two lowest-ranked edge copies from `v` into `W` (ranks below `below`), one entry per copy.
fn lower(g: &Instance, v: u32, rank: &[u32], below: u32) -> Vec<(u32, u32)> {
    let mut adj: Vec<(u32, u32)> = g.adj(v).to_vec();
    adj.sort_by_key(|&(w, _)| (rank[w as usize], w));
    let mut out = Vec::with_capacity(2);
    for (w, e) in adj {
        if rank[w as usize] == OUTSIDE || rank[w as usize] >= below || out.len() >= 2 {
            break;
        }
        for _ in 0..g.mult[e as usize].min(2) {
            out.push((w, e));
        }
    }
    out.truncate(2);
    out
}

/// The trapper's strategy from `s` when he wins (he walks down the ranks), else None.
pub fn blizzard_winner(g: &Instance, s: u32, rank: &[u32]) -> Option<Finished> {
    let mut doc = Document::new(g, true);
    if g.exit(s) {
        let root = doc.leaf(s);
        return Some(doc.finish(root));
    }
    let best = lower(g, s, rank, OUTSIDE);
    let &(first, _) = best.first()?;
    let mut ids = vec![usize::MAX; g.n()];
    let mut stack = vec![(first, false)];
    while let Some((w, expanded)) = stack.pop() {
        if ids[w as usize] != usize::MAX {
            continue;
        }
        if g.exit(w) {
            ids[w as usize] = doc.leaf(w);
            continue;
        }
        let two = lower(g, w, rank, rank[w as usize]);
        let ((a, ea), (b, _)) = (two[0], two[1]);
        if !expanded {
            stack.push((w, true));
            for x in [a, b] {
                if ids[x as usize] == usize::MAX {
                    stack.push((x, false));
                }
            }
            continue;
        }
        let replies = if a != b {
            vec![(ea, ids[b as usize])]
        } else {
            Vec::new()
        };
        ids[w as usize] = doc.fugitive(w, ids[a as usize], &replies);
    }
    let root = doc.fugitive(s, ids[first as usize], &[]);
    Some(doc.finish(root))
}
