//! The aMAZEing Labyrinth engine (Schwahn & Thielen, FUN 2018): the exact bounded race of
//! SP-Versus-Labyrinth (Definition 2), as `escapology.amazeing.versus.forced_win` decides it.
//!
//! - [`bits`]: sets of cells as fixed-width bitsets;
//! - [`board`]: the board as four side masks, shifts, flood fills;
//! - [`evaluate`]: one-ply values of every move, for the game bot;
//! - [`solo`]: solo distances (cells one own turn from the target), for move ordering;
//! - [`table`]: the transposition table of proven bounds;
//! - [`race`]: the AND-OR search with iterative deepening, the engine's entry point.
//! - [`scored`]: the turn-restricted race rated by solo distances (the paper's upper-bound remark).

pub mod bits;
pub mod board;
pub mod evaluate;
pub mod python;
pub mod race;
pub mod scored;
pub mod solo;
pub mod table;
