//! Solo distances for move ordering: the cells from which a player alone reaches her target in
//! one own turn, optimistically (every inserted tile a cross, the board otherwise as it is).
//!
//! Computed backwards, for all cells at once, as `escapology.amazeing.versus._winning_starts`
//! does: for each shift, the target's component after the shift is carried back through the
//! reverse shift (the inverse permutation of cells, wrap-around included). The race search only
//! orders moves by it, so it need not be a bound; it is one anyway (opening sides only adds
//! passages), which is why the cells outside it are tried last.

use super::bits::Bits;
use super::board::{Board, Geometry};

/// The cells from which a player reaches `target` with one shift (any but `forbidden`, the
/// inserted tile open on all sides) and a walk.
pub fn one_turn_cells<const W: usize>(
    geo: &Geometry<W>,
    board: &Board<W>,
    target: u32,
    forbidden: usize,
) -> Bits<W> {
    let mut cells = Bits::ZERO;
    for (k, ls) in geo.shifts.iter().enumerate() {
        if k == forbidden {
            continue;
        }
        let t = geo.carry_target(target, k);
        if t as usize >= geo.size {
            continue;
        }
        let (relaxed, _) = geo.shift(board, k, 15);
        let comp = geo.flood(&relaxed, Bits::cell(t as usize));
        cells = cells | geo.carry_cells(comp, ls.reverse);
    }
    cells
}

/// The cells of `reach` in the order to try them: those in `near` first, each group by
/// increasing Manhattan distance to `target` (cells of a target on the spare keep their order).
pub fn ordered_cells<const W: usize>(
    geo: &Geometry<W>,
    reach: Bits<W>,
    near: Bits<W>,
    target: u32,
) -> Vec<u32> {
    let mut cells: Vec<(u32, u32)> = reach
        .cells()
        .map(|c| {
            let far = u32::from(!near.has(c));
            let d = if (target as usize) < geo.size {
                geo.manhattan(c as u32, target)
            } else {
                0
            };
            ((far << 16) | d, c as u32)
        })
        .collect();
    cells.sort_unstable();
    cells.into_iter().map(|(_, c)| c).collect()
}

/// Whether a player alone (nobody else shifts) starting on any cell of `cells` can stand on
/// `target` after one of her next `depth` turns (Definition 1): the set-of-cells search of
/// `escapology.amazeing.solver` (the board's evolution does not depend on the walk, so the cells
/// she may occupy are carried and flooded; no walk is branched on). A shift whose target is out
/// of reach with a cross inserted is skipped on the last turn (opening sides only adds passages).
#[allow(clippy::too_many_arguments)]
pub fn solo_within<const W: usize>(
    geo: &Geometry<W>,
    rot: &[Vec<u8>],
    board: &Board<W>,
    spare: u8,
    forbidden: usize,
    cells: Bits<W>,
    target: u32,
    depth: u8,
) -> bool {
    for (k, ls) in geo.shifts.iter().enumerate() {
        if k == forbidden {
            continue;
        }
        let t = geo.carry_target(target, k);
        let on_board = (t as usize) < geo.size;
        if depth == 1 && !on_board {
            continue;
        }
        let from = geo.carry_cells(cells, k);
        let (open, out) = geo.shift_open(board, k);
        if depth == 1 && rot[spare as usize].len() > 1 {
            let relaxed = geo.with_tile(&open, k, 15);
            let goal = Bits::cell(t as usize);
            if !geo.flood_until(&relaxed, from, goal).meets(&goal) {
                continue;
            }
        }
        for &tile in &rot[spare as usize] {
            let next = geo.with_tile(&open, k, tile);
            let reach = geo.flood(&next, from);
            if on_board && reach.has(t as usize) {
                return true;
            }
            if depth > 1 && solo_within(geo, rot, &next, out, ls.reverse, reach, t, depth - 1) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_turn_cells_match_a_forward_check() {
        // a 3x3 board of straight tiles, none fixed: check every cell forwards
        let tiles = [5u8, 10, 5, 10, 5, 10, 5, 10, 5];
        let g: Geometry<1> = Geometry::new(3, 3, &[false; 9]);
        let board = g.encode(&tiles);
        let target = 8;
        let back = one_turn_cells(&g, &board, target, usize::MAX);
        for cell in 0..9u32 {
            let forward = (0..g.shifts.len()).any(|k| {
                let t = g.carry_target(target, k);
                let (b, _) = g.shift(&board, k, 15);
                (t as usize) < 9 && g.reaches(&b, g.carry_cell(cell, k), t)
            });
            assert_eq!(back.has(cell as usize), forward, "cell {cell}");
        }
    }
}
