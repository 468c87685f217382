//! Rule 4 (two pushes before the end, a push changing only one of `R` and `CG`): whether the
//! changed set's walk enters a line the other set enters ([`reaches_zone`]).

use super::lines::LinePair;
use super::scratch::Scratch;
use crate::labyrinth::board::{Board, Connections};
use crate::labyrinth::walks::entered_on;

/// Rule 4's test: whether a walk of `count` positions (`sc.queue`) enters a line of `zone`.
#[inline]
pub fn reaches_zone(
    b: &Board,
    conn: &Connections,
    sc: &Scratch,
    count: usize,
    zone: LinePair,
) -> bool {
    sc.walked(count).any(|p| {
        let (er, ec) = entered_on(b, p, conn.of(b.field(p)));
        er & zone.rows != 0 || ec & zone.cols != 0
    })
}
