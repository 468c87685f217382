//! The engines of Nemesis, Blizzard and Cat Herding (Bergé, Dailly, Gerard, "Nemesis, an Escape
//! Game in Graphs", FUN 2026; Ashmore, Dyer, Marbach, Milley for Cat Herding): the exact searches,
//! and the linear-time algorithms on graphs of millions of vertices ([`linear`]).
//!
//! The exact searches are the same search as `escapology.nemesis.engines.exact_python` and
//! `escapology.nemesis.engines.cat`, as plain Rust:
//!
//! - [`graph`]: the multigraph (the one graph type of the exact and the linear engines) as
//!   compressed adjacency and multiplicity arrays, edge sets as bitsets;
//! - [`table`]: transposition tables keyed on bit-packed multiplicities, and their entries;
//! - [`simplify`]: the restriction of a position to what matters (soundness step 3);
//! - [`bridge`]: a single-copy bridge that cuts the fugitive off (soundness step 4);
//! - [`symmetry`]: twin classes and the canonical form of positions up to them (soundness step 7),
//!   with the block classes of [`blocks`] and the automorphisms of [`automorphism`];
//! - [`search`]: the restricted-game minimax with every soundness step (1-6);
//! - [`reduced`]: the one-sided search on the graph with its heavy classes cut down to a few
//!   units (what settles Lemma 14's two-variable graphs);
//! - [`restoring`]: the Nemesis' side of a blow-up, a game in which the unit the fugitive leaves
//!   comes back whole (what settles Lemma 14's graphs of false QBFs);
//! - [`cat`]: Cat Herding's memoised minimax (cat speed 1 and unbounded);
//! - [`position_memo`]: full positions of the game without revisits as parent chains, memoised;
//! - [`strategy_writer`]: the Nemesis' strategy over full positions, streamed to a file;
//! - [`fugitive_walk`]: the fugitive's strategy from a search up to symmetry, walked over real
//!   positions (with the supports it actually writes), streamed to a file;
//! - [`linear`]: Lemma 11 (trees), Lemma 12 (maximum degree 3) and Theorem 13 (Blizzard) in linear
//!   time, with their reader of instance files;
//! - [`python`]: the bindings of both (`NemesisSearch`, `CatHerding`, `NemesisGraph`).
//!
//! Every search polls a `stop` callback now and then and unwinds with [`Stopped`] when it says
//! so; the tables keep only complete entries, so a stopped search can be resumed.

pub mod automorphism;
pub mod blocks;
pub mod bridge;
pub mod cat;
pub mod fugitive_walk;
pub mod graph;
pub mod linear;
pub mod position_memo;
pub mod reduced;
pub mod restoring;
pub mod search;
pub mod simplify;
pub mod strategy_writer;
pub mod symmetry;
pub mod table;

/// The search was stopped by its caller (deadline, Ctrl-C) before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// How often (in positions visited) a search calls its `stop` callback.
pub const POLL_EVERY: u64 = 256;
pub mod python;
