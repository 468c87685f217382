//! One-ply values of every move for the game bot (`escapology.amazeing.bot`), which plays against
//! the distribution of the opponent's possible targets instead of reading his secret card.
//!
//! For each shift and orientation of hers: the *threat*, the total weight of his candidate
//! targets he can walk to right after some shift and orientation of his (each candidate weighs
//! its probability); and for each cell she can walk to: the share of his replies (shift and
//! orientation) after which she can collect her own target on her next turn. Both are exact
//! counts over the rules (no search beyond the next turn): the threat by a forward flood from his
//! cell per reply, her share by the backward sets of [`Race::winning_cells`](super::race).

use super::bits::Bits;
use super::board::{rotations, Geometry, NO_TARGET, ON_SPARE};
use super::race::State;

/// The values of one shift and orientation of hers.
#[derive(Clone, Debug, PartialEq)]
pub struct ShiftValue {
    pub shift: usize,
    pub tile: u8,
    /// The weight of his candidate targets he can reach at once after it.
    pub threat: f64,
    /// The cells she can walk to, and for each the share of his replies after which she can
    /// collect on her next turn.
    pub cells: Vec<(u32, f64)>,
}

/// The values of every move of hers in `st` (`st.him` is his one cell); `targets` are his
/// candidate targets (cell or [`ON_SPARE`]) with their weights.
pub fn move_values<const W: usize>(
    geo: &Geometry<W>,
    st: &State<W>,
    targets: &[(u32, f64)],
) -> Vec<ShiftValue> {
    let rot: Vec<Vec<u8>> = (0..16).map(rotations).collect();
    let mut out = Vec::new();
    for k in 0..geo.shifts.len() {
        if k == st.forbidden {
            continue;
        }
        for &tile in &rot[st.spare as usize] {
            out.push(shift_value(geo, &rot, st, k, tile, targets));
        }
    }
    out
}

fn shifted<const W: usize>(geo: &Geometry<W>, st: &State<W>, k: usize, tile: u8) -> State<W> {
    let (board, spare) = geo.shift(&st.board, k, tile);
    State {
        board,
        spare,
        forbidden: geo.shifts[k].reverse,
        her: geo.carry_cell(st.her, k),
        him: geo.carry_cells(st.him, k),
        her_target: geo.carry_target(st.her_target, k),
        his_target: geo.carry_target(st.his_target, k),
    }
}

fn shift_value<const W: usize>(
    geo: &Geometry<W>,
    rot: &[Vec<u8>],
    st: &State<W>,
    k: usize,
    tile: u8,
    targets: &[(u32, f64)],
) -> ShiftValue {
    let child = shifted(geo, st, k, tile);
    let his: Vec<(u32, f64)> = targets
        .iter()
        .map(|&(t, w)| (geo.carry_target(t, k), w))
        .collect();
    let reach = geo.flood(&child.board, Bits::cell(child.her as usize));
    let mut reached = vec![false; his.len()];
    let mut survived: Vec<u32> = vec![0; geo.size];
    let mut replies = 0u32;
    for k2 in 0..geo.shifts.len() {
        if k2 == child.forbidden {
            continue;
        }
        for &tile2 in &rot[child.spare as usize] {
            replies += 1;
            let replied = shifted(geo, &child, k2, tile2);
            let his_reach = geo.flood(&replied.board, replied.him);
            for (i, &(t, _)) in his.iter().enumerate() {
                let t2 = geo.carry_target(t, k2);
                if !reached[i] && t2 != ON_SPARE && t2 != NO_TARGET && his_reach.has(t2 as usize) {
                    reached[i] = true;
                }
            }
            let wins = winning_cells(geo, rot, &replied);
            let before = geo.carry_cells(wins, geo.shifts[k2].reverse) & reach;
            for c in before.cells() {
                survived[c] += 1;
            }
        }
    }
    let threat = his
        .iter()
        .zip(&reached)
        .filter(|(_, &r)| r)
        .map(|(&(_, w), _)| w)
        .sum();
    let cells = reach
        .cells()
        .map(|c| (c as u32, f64::from(survived[c]) / f64::from(replies.max(1))))
        .collect();
    ShiftValue {
        shift: k,
        tile,
        threat,
        cells,
    }
}

/// The cells from which she (to move) collects her target now.
fn winning_cells<const W: usize>(geo: &Geometry<W>, rot: &[Vec<u8>], st: &State<W>) -> Bits<W> {
    let mut cells = Bits::ZERO;
    for (k, ls) in geo.shifts.iter().enumerate() {
        if k == st.forbidden {
            continue;
        }
        let t = geo.carry_target(st.her_target, k);
        if t == ON_SPARE || t == NO_TARGET {
            continue;
        }
        let (open, _) = geo.shift_open(&st.board, k);
        for &tile in &rot[st.spare as usize] {
            let board = geo.with_tile(&open, k, tile);
            let comp = geo.flood(&board, Bits::cell(t as usize));
            cells = cells | geo.carry_cells(comp, ls.reverse);
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amazeing::race::NO_SHIFT;

    #[test]
    fn shares_and_threats_on_a_small_board() {
        // 3x3 of straight tiles, none fixed; she on 0 wants 8, he on 2 may want 6 or 4
        let g: Geometry<1> = Geometry::new(3, 3, &[false; 9]);
        let st = State {
            board: g.encode(&[5, 10, 5, 10, 5, 10, 5, 10, 5]),
            spare: 5,
            forbidden: NO_SHIFT,
            her: 0,
            him: Bits::cell(2),
            her_target: 8,
            his_target: NO_TARGET,
        };
        let values = move_values(&g, &st, &[(6, 0.5), (4, 0.5)]);
        assert_eq!(values.len(), 12 * 2);
        for v in &values {
            assert!((0.0..=1.0).contains(&v.threat));
            assert!(v.cells.iter().all(|&(_, p)| (0.0..=1.0).contains(&p)));
            assert!(!v.cells.is_empty());
        }
    }
}
