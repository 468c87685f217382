//! The linear-time algorithms of Nemesis (Bergé, Dailly, Gerard, FUN 2026) on graphs of millions
//! of vertices: a reader for the plain instance files ([`parse`]), trees (Lemma 11, [`tree`]),
//! maximum degree 3 (Lemma 12, [`subcubic`]) and Blizzard (Theorem 13, [`blizzard`]), each
//! writing the winner's strategy as JSON text ([`document`]). They read an [`Instance`]: the
//! crate's one Nemesis graph ([`super::graph::Graph`], multiplicities as `u64`) with its vertex
//! names and start.
//!
//! They follow `escapology.nemesis.engines.linear` step for step (same iteration orders), so the documents
//! are the very ones the Python reference writes; the tests of `tests/nemesis/test_linear_native.py`
//! compare them on random graphs. Everything runs on explicit stacks and queues.

pub mod blizzard;
pub mod document;
pub mod instance;
pub mod parse;
pub mod python;
pub mod subcubic;
pub mod tree;

use document::{name_list, Finished};
pub use instance::Instance;
use tree::NotApplicable;

/// The answer of a linear method from the graph's start.
pub struct Answer {
    pub fugitive_wins: bool,
    pub method: &'static str,
    pub strategy: Option<Finished>,
    /// JSON: the binary escape tree as pairs of names (maximum degree 3, fugitive wins).
    pub escape_tree: Option<String>,
    /// JSON: the sorted names of Blizzard's winning set `W`.
    pub winning_set: Option<String>,
    /// JSON: Blizzard's trap region (the vertices outside `W`) when the Storm wins.
    pub trap_region: Option<String>,
}

/// Nemesis by Lemma 11 (trees) or else Lemma 12 (maximum degree 3), or Blizzard by Theorem 13.
pub fn solve(g: &Instance, s: u32, blizzard: bool) -> Result<Answer, NotApplicable> {
    let mut answer = Answer {
        fugitive_wins: false,
        method: "",
        strategy: None,
        escape_tree: None,
        winning_set: None,
        trap_region: None,
    };
    if blizzard {
        let rank = blizzard::winning_set(g);
        let inside = |v: usize| rank[v] != blizzard::OUTSIDE;
        answer.method = "Theorem 13";
        answer.strategy = blizzard::blizzard_winner(g, s, &rank);
        answer.fugitive_wins = answer.strategy.is_some();
        let mut w: Vec<&str> = (0..g.n())
            .filter(|&v| inside(v))
            .map(|v| g.names[v].as_str())
            .collect();
        w.sort_unstable();
        answer.winning_set = Some(name_list(w.into_iter()));
        if !answer.fugitive_wins {
            let region = (0..g.n()).filter(|&v| !inside(v));
            answer.trap_region = Some(name_list(region.map(|v| g.names[v].as_str())));
        }
        return Ok(answer);
    }
    if let Ok((fugitive, doc)) = tree::tree_winner(g, s) {
        answer.method = "Lemma 11 (tree)";
        answer.fugitive_wins = fugitive;
        answer.strategy = Some(doc);
        return Ok(answer);
    }
    answer.method = "Lemma 12 (maximum degree 3)";
    if let Some(pairs) = subcubic::subcubic_winner(g, s)? {
        answer.fugitive_wins = true;
        answer.strategy = Some(subcubic::subcubic_strategy(g, s, &pairs));
        let mut text = String::from("[");
        for (i, &(a, b)) in pairs.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            text.push_str(&name_list(
                [g.names[a as usize].as_str(), g.names[b as usize].as_str()].into_iter(),
            ));
        }
        text.push(']');
        answer.escape_tree = Some(text);
    }
    Ok(answer)
}
