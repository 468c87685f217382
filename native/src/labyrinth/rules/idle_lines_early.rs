//! Rule 6 (three pushes before the end, a push touching neither `R` nor `CG`): the lines on which
//! it can matter, by next push and last push ([`Rule6`]).

use super::lines::{band_lines, lines_of, pushes_on, spread, LinePair};
use super::moved_fields::{crossing, near};
use super::scratch::{walk_entries, Scratch};
use super::walk_reuse::walk_unchanged;
use crate::labyrinth::board::{moved, reverse, Board, Connections};
use crate::labyrinth::walks::Flags;

/// The tables of rule 6 (three pushes before the end), kept for the last push below.
///
/// Invariant (after [`Rule6::useful_idle_lines3`] at a node `X`, for the subtree of `X`): `qa_first[q]`
/// are the lines condition (A) lets through after next push `q`; `qbv[q][r]` is 0 when (B) lets
/// nothing through for the last push `r`, 1 when `qb[q][r]` holds the lines it lets through, 2
/// when `qbase[r]` does. The other tables are scratch of the computation.
pub struct Rule6 {
    n: usize,
    /// (A) by next push `q`.
    pub qa_first: Vec<LinePair>,
    /// The lines whose changed positions may border the goal's component after next push `q`.
    pub qc: Vec<LinePair>,
    /// (B) by next push `q` and last push `r` (index `q * 4n + r`).
    pub qb: Vec<LinePair>,
    /// Which of `qb` / `qbase` is valid (index `q * 4n + r`).
    pub qbv: Vec<u8>,
    /// (B) for `r` with `r` the only crossing push.
    pub qbase: Vec<LinePair>,
    rok: LinePair,
    rcells: Vec<u16>,
    rcnt: Vec<usize>,
    ccells: Vec<u16>,
    ccnt: Vec<usize>,
    rent: Vec<[LinePair; 2]>,
    sens: Vec<LinePair>,
    cg: Vec<u16>,
    rlq: Vec<u16>,
}

impl Rule6 {
    /// Tables for a board of side `n`.
    pub fn new(n: usize) -> Self {
        let (nk, nn) = (4 * n, n * n);
        Rule6 {
            n,
            qa_first: vec![LinePair::default(); nk],
            qc: vec![LinePair::default(); nk],
            qb: vec![LinePair::default(); nk * nk],
            qbv: vec![0; nk * nk],
            qbase: vec![LinePair::default(); nk],
            rok: LinePair::default(),
            rcells: vec![0; nk * nn],
            rcnt: vec![0; nk],
            ccells: vec![0; nk * nn],
            ccnt: vec![0; nk],
            rent: vec![[LinePair::default(); 2]; nk],
            sens: vec![LinePair::default(); nk],
            cg: vec![0; nn],
            rlq: vec![0; nn],
        }
    }

    /// Bytes [`Rule6::new`] allocates.
    pub fn memory_estimate(n: usize) -> usize {
        let (nk, nn) = (4 * n, n * n);
        let lp = std::mem::size_of::<LinePair>();
        nk * lp * 5 + nk * nk * (lp + 1) + nk * (16 + 2 * lp) + 2 * nk * nn * 2 + 2 * nn * 2
    }

    /// Whether the last push `k` may follow next push `rq` below an idle push on the line of
    /// `rline` that only condition (B) let through.
    #[inline(always)]
    pub fn lets_last(&self, rq: usize, k: usize, rline: usize) -> bool {
        let i = rq * 4 * self.n + k;
        match self.qbv[i] {
            1 => self.qb[i].has_line_of(rline),
            2 => self.qbase[k].has_line_of(rline),
            // `k` misses the band of `R_q` or of `C_q`: (A) on `C_q`
            _ => self.qc[rq].has_line_of(rline),
        }
    }

    fn permit_all(&mut self, qa: &mut [LinePair]) -> LinePair {
        let all = LinePair::all(self.n);
        qa.fill(all);
        self.qa_first.fill(all);
        self.qc.fill(all);
        all
    }

    /// Rule 6: the lines on which a push `p` touching neither `R` nor `CG` can matter, three
    /// pushes before the end; fills `qa[q]` (by next push `q`), the tables of `self`, and returns
    /// the union of `qa`.
    ///
    /// With `q, r` the last two pushes: `q, r` alone was refuted by the shallower depth, so the
    /// changed positions `D1 = q(line l)` must border the avatar's set after `q` alone --
    /// condition (A), [`near`] with `t` = 1 (`qa_first`: every last push after `q`) -- or else the
    /// avatar's set is the same after `q` in both worlds, and the winning path after `r` must
    /// enter `D2 = r(D1)` from `R_qr` and leave it into `C_qr`, the sets `q, r` give without `p`
    /// -- condition (B), [`near`] with `t` = 2, for the `r` it was found with (`qb`, `qbase`),
    /// which meet both bands after `q`. A last push missing `C_q`'s band fails (B) unless `D1`
    /// borders `C_q` (`qc`: such pushes are let through for those lines). The proof is in
    /// [`crate::labyrinth::search`].
    ///
    /// Most pushes `q` touch neither set either; then `R_q` and `C_q` are `R` and `CG`, and `R_qr`,
    /// `C_qr` are the sets after `r` alone unless those enter line `q` ([`walk_unchanged`]), so the
    /// sets after each `r` alone are walked once. Their [`near`] flags with `r` as the only crossing
    /// are `qbase[r]`; `q` changes them only where it crosses within two lines of one of their
    /// positions (`sens[r]`), else (B) for `q, r` is `qbase[r]` (`qbv` 2), and the union of `qbase`
    /// over `r` is in `qa[q]` from the start. If some push alone (or two) already joins the goal
    /// (only below a shorter plan) everything is allowed.
    #[allow(clippy::too_many_arguments)]
    pub fn useful_idle_lines3(
        &mut self,
        b: &mut Board,
        conn: &Connections,
        r_cells: &[u16],
        g: usize,
        r: &Flags,
        c: &Flags,
        sc: &mut Scratch,
        qa: &mut [LinePair],
    ) -> LinePair {
        let n = self.n;
        let (nk, nn) = (4 * n, n * n);
        let mut allow = LinePair::default();
        let cgn = sc.walk_from(b, conn, g, None).unwrap_or(0);
        for (d, &s) in self.cg.iter_mut().zip(&sc.queue[..cgn]) {
            *d = s as u16;
        }
        let mut rok_union = LinePair::default();
        // the last pushes meeting both sets (when q leaves them in place)
        self.rok = band_lines(LinePair::lines(r), n).and(band_lines(LinePair::lines(c), n));
        for rr in pushes_on(self.rok) {
            b.push(rr);
            let gr = moved(g, rr, n);
            let Some(cnt) = sc.walk_moved(b, conn, r_cells, rr, Some(gr)) else {
                b.push(reverse(rr));
                return self.permit_all(qa);
            };
            self.rcnt[rr] = cnt;
            store_cells(&mut self.rcells[rr * nn..], &sc.queue[..cnt]);
            let er = walk_entries(b, conn, sc, cnt);
            let cnt = sc.walk_from(b, conn, gr, None).unwrap_or(0);
            self.ccnt[rr] = cnt;
            store_cells(&mut self.ccells[rr * nn..], &sc.queue[..cnt]);
            let ec = walk_entries(b, conn, sc, cnt);
            self.rent[rr] = [er, ec];
            b.push(reverse(rr));
            // the (B) flags with r as the only crossing, and where another crossing changes them
            let cross = crossing(rr);
            let (rc, cc) = self.walks_of(rr);
            let base = near(rc.clone(), b, 2, cross).and(near(cc.clone(), b, 2, cross));
            let within = lines_of(rc.chain(cc), n);
            self.qbase[rr] = base;
            allow = allow.or(base);
            rok_union = rok_union.or(base);
            self.sens[rr] = LinePair {
                rows: spread(within.rows, 2, n),
                cols: spread(within.cols, 2, n),
            };
        }
        for q in 0..nk {
            qa[q] = LinePair::default();
            self.qa_first[q] = LinePair::default();
            self.qc[q] = LinePair::default();
            self.qbv[q * nk..(q + 1) * nk].fill(0);
            let idle = !(r.band_hits(q) || c.band_hits(q));
            let cross_q = crossing(q);
            // the board after q is needed only for walks: after an idle q, only for the last
            // pushes whose walks q may change ([`near`] reads coordinates alone)
            let mut pushed = !idle;
            if pushed {
                b.push(q);
            }
            let gq = moved(g, q, n);
            // band flags of R and CG after q, for rule 3 on the last push r
            let (rq_lines, cq_lines, rqn);
            if idle {
                // R and CG keep their positions
                qa[q] = rok_union;
                self.rlq[..r_cells.len()].copy_from_slice(r_cells);
                rqn = r_cells.len();
                let a = near(r_cells.iter().map(|&p| p as usize), b, 1, cross_q);
                let ac = near(self.cg[..cgn].iter().map(|&p| p as usize), b, 1, cross_q);
                self.allow_first(q, a, ac, &mut allow, qa);
                rq_lines = LinePair::lines(r);
                cq_lines = LinePair::lines(c);
            } else {
                let Some(cnt) = sc.walk_moved(b, conn, r_cells, q, Some(gq)) else {
                    b.push(reverse(q));
                    return self.permit_all(qa);
                };
                rqn = cnt;
                store_cells(&mut self.rlq, &sc.queue[..cnt]);
                // (A) p's changed positions border R or CG after q
                let a = near(sc.walked(cnt), b, 1, cross_q);
                rq_lines = lines_of(sc.walked(cnt), n);
                let cnt = sc.walk_from(b, conn, gq, None).unwrap_or(0);
                let ac = near(sc.walked(cnt), b, 1, cross_q);
                self.allow_first(q, a, ac, &mut allow, qa);
                cq_lines = lines_of(sc.walked(cnt), n);
            }
            // (B) the last push r, meeting both sets after q
            let last = if idle {
                self.rok
            } else {
                band_lines(rq_lines, n).and(band_lines(cq_lines, n))
            };
            for rr in pushes_on(last) {
                let cross = cross_q.or(crossing(rr));
                let flags = if idle
                    && walk_unchanged(self.rent[rr][0], q, rr, n)
                    && walk_unchanged(self.rent[rr][1], q, rr, n)
                {
                    // the walks after r alone, unchanged by q
                    if !self.sens[rr].has_line_of(q) {
                        self.qbv[q * nk + rr] = 2; // the flags of r alone: qbase[r] (in qa[q] already)
                        continue;
                    }
                    let (rc, cc) = self.walks_of(rr);
                    near(rc, b, 2, cross).and(near(cc, b, 2, cross))
                } else {
                    if !pushed {
                        b.push(q);
                        pushed = true;
                    }
                    b.push(rr);
                    let gr = moved(gq, rr, n);
                    let Some(cnt) = sc.walk_moved(b, conn, &self.rlq[..rqn], rr, Some(gr)) else {
                        b.push(reverse(rr));
                        b.push(reverse(q));
                        return self.permit_all(qa);
                    };
                    let fr = near(sc.walked(cnt), b, 2, cross);
                    let cnt = sc.walk_from(b, conn, gr, None).unwrap_or(0);
                    b.push(reverse(rr));
                    fr.and(near(sc.walked(cnt), b, 2, cross))
                };
                self.qbv[q * nk + rr] = 1;
                self.qb[q * nk + rr] = flags;
                allow = allow.or(flags);
                qa[q] = qa[q].or(flags);
            }
            if pushed {
                b.push(reverse(q));
            }
        }
        allow
    }

    /// The positions of the walks after `r` alone: the avatar's and the goal's.
    fn walks_of(
        &self,
        r: usize,
    ) -> (
        impl Iterator<Item = usize> + Clone + '_,
        impl Iterator<Item = usize> + Clone + '_,
    ) {
        let nn = self.n * self.n;
        let rc = self.rcells[r * nn..r * nn + self.rcnt[r]].iter();
        let cc = self.ccells[r * nn..r * nn + self.ccnt[r]].iter();
        (rc.map(|&p| p as usize), cc.map(|&p| p as usize))
    }

    /// Rule 6 (A): allow, after `q`, the lines `a` (whose changed positions may border `R_q`)
    /// for every last push, and the lines `ac` (may border `C_q`) for the last pushes missing
    /// `C_q`'s band.
    fn allow_first(
        &mut self,
        q: usize,
        a: LinePair,
        ac: LinePair,
        allow: &mut LinePair,
        qa: &mut [LinePair],
    ) {
        let both = a.or(ac);
        *allow = allow.or(both);
        qa[q] = qa[q].or(both);
        self.qa_first[q] = self.qa_first[q].or(a);
        self.qc[q] = ac;
    }
}

fn store_cells(dst: &mut [u16], src: &[u32]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = s as u16;
    }
}
