//! The Labyrinth engine (ASP-competition variant): fewest cyclic pushes until the avatar can walk
//! to the goal.
//!
//! - [`board`]: the board as a permutation of fields, and pushes;
//! - [`walks`]: walks, visit marks, and the line flags of a set of positions;
//! - [`beam`]: a beam search for some plan (an upper bound);
//! - [`search`]: the exact, resumable depth-limited search.

pub mod beam;
pub mod board;
pub mod search;
pub mod walks;
