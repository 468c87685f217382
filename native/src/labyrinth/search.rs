//! The exact search (placeholder until the port lands: only the problem).

use super::board::Connections;

/// A Labyrinth instance as the engines see it: board side, connections by field, the avatar's
/// and the goal's positions on the initial board (field `p` on position `p`).
#[derive(Clone, Debug)]
pub struct Problem {
    pub n: usize,
    pub conn: Connections,
    pub init: usize,
    pub goal: usize,
}
