//! The Labyrinth engine (ASP-competition variant): fewest cyclic pushes until the avatar can walk
//! to the goal.
//!
//! - [`board`]: the board as a permutation of fields, and pushes;
//! - [`walks`]: walks, visit marks, and the line flags of a set of positions;
//! - [`rules`]: the helpers of the exact search's pruning rules, one file per concept;
//! - [`table`]: the transposition table shared by worker threads;
//! - [`search`]: the exact, resumable depth-limited search;
//! - [`state`]: a state of that search (where a search can start), and its bytes;
//! - [`beam`]: a beam search for some plan (an upper bound);
//! - [`deepening`]: iterative deepening over worker threads, the engine's entry point.

pub mod beam;
pub mod board;
pub mod deepening;
#[cfg(feature = "dominance-stats")]
pub mod dominance_stats;
#[cfg(feature = "level-stats")]
pub mod level_stats;
pub mod python;
pub mod rules;
pub mod search;
pub mod state;
pub mod table;
pub mod walks;
