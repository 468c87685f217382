//! Rule 5 (two pushes before the end, a push touching neither `R` nor `CG`): the lines on which
//! it can matter, by next push ([`useful_idle_lines`]).

use super::lines::{pushes_on, LinePair};
use super::moved_fields::{crossing, near};
use super::scratch::Scratch;
use crate::labyrinth::board::{moved, reverse, Board, Connections};
use crate::labyrinth::walks::Flags;

/// Rule 5: the lines on which a push touching neither `R` nor `CG` can matter, two pushes before
/// the end; fills `qa[q]` (by next push `q`) and returns their union.
///
/// For every last push `q` whose line both `R` and `CG` can be entered from (rule 3): `R_q` and
/// `C_q` are the avatar's set and the goal's component after `q` alone, which was refuted by the
/// shallower depth. A push `p` on line `l`, touching neither set, changes only the fields on
/// `q(line l)`; a winning path after `p, q` that `q` alone did not give must enter those positions
/// from `R_q` and leave them into `C_q` (before and after them the two boards agree). So `l` is
/// kept only if the neighbourhood of `q(line l)` ([`near`] with `t` = 1 and `q` crossing) meets
/// both. The condition ties `l` to `q`: `qa[q]` records the lines it lets through, so that after
/// such a push on `l` only the last pushes `q` with `l` in `qa[q]` are tried. If `q` alone already
/// joins the goal (only possible below a shorter plan), everything is allowed.
#[allow(clippy::too_many_arguments)]
pub fn useful_idle_lines(
    b: &mut Board,
    conn: &Connections,
    r_cells: &[u16],
    g: usize,
    r: &Flags,
    c: &Flags,
    sc: &mut Scratch,
    qa: &mut [LinePair],
) -> LinePair {
    let n = b.side();
    let mut allow = LinePair::default();
    qa.fill(LinePair::default());
    for q in pushes_on(LinePair::entries(r).and(LinePair::entries(c))) {
        b.push(q);
        let gq = moved(g, q, n);
        let Some(cnt) = sc.walk_moved(b, conn, r_cells, q, Some(gq)) else {
            b.push(reverse(q));
            qa.fill(LinePair::all(n));
            return LinePair::all(n);
        };
        let cross = crossing(q);
        let fr = near(sc.walked(cnt), b, 1, cross);
        let cnt = sc.walk_from(b, conn, gq, None).unwrap_or(0);
        b.push(reverse(q));
        let fc = near(sc.walked(cnt), b, 1, cross);
        qa[q] = fr.and(fc);
        allow = allow.or(qa[q]);
    }
    allow
}
