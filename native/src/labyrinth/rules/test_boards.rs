//! Random boards for the rules' tests, from a small deterministic generator.

use crate::labyrinth::board::{Board, Connections, EAST, NORTH, SOUTH, WEST};

/// A small deterministic generator (xorshift).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn below(&mut self, m: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % m as u64) as usize
    }
    pub fn chance(&mut self, p: f64) -> bool {
        (self.below(1_000_000) as f64) < p * 1e6
    }
}

/// A random board of side 3..=`max_n`, its connections of one of three densities, a few pushes
/// away from the identity.
pub fn random_board(rng: &mut Rng, max_n: usize) -> (Board, Connections) {
    let n = 3 + rng.below(max_n - 2);
    let density = [0.3, 0.5, 0.7][rng.below(3)];
    let conn = Connections::new(
        (0..n * n)
            .map(|_| {
                [NORTH, EAST, SOUTH, WEST]
                    .into_iter()
                    .filter(|_| rng.chance(density))
                    .sum()
            })
            .collect(),
    );
    let mut b = Board::identity(n);
    for _ in 0..rng.below(9) {
        b.push(rng.below(4 * n));
    }
    (b, conn)
}
