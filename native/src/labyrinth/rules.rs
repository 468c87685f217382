//! The helpers of the exact search's pruning rules (the port of `escapology/labyrinth/rules.py`).
//!
//! Notation (as in [`super::search`]): `R` is the set of positions the avatar can stand on, `CG` the
//! goal's component; `band(p)` the line of push `p` and the two next to it. Every edge a push
//! changes has both ends in its band, and only the fields of its line move. A position *enters* a
//! line if it lies on it, or next to it with a connection pointing at it ([`Flags`]).
//!
//! - rules 1-3 and the kept-walk answers: [`LastPush`], [`joins_after`], [`KeptWalks`];
//! - rule 4: [`walk_unchanged`] (when a parent's walk is reused) and [`reaches_zone`];
//! - rules 5 and 6: [`useful_idle_lines`], [`Rule6`], with [`near`].

use super::board::{line, moved, moves_row, reverse, row_col, Board, Connections, Lines};
use super::walks::{entered_on, flood, neighbour, Flags, Marks};

/// A set of rows and a set of columns (bit `l` of `rows`: row `l`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinePair {
    /// Rows.
    pub rows: Lines,
    /// Columns.
    pub cols: Lines,
}

impl LinePair {
    /// Every line of an `n x n` board.
    #[inline]
    pub fn all(n: usize) -> Self {
        LinePair {
            rows: full(n),
            cols: full(n),
        }
    }

    /// The lines positions of `f` enter.
    #[inline(always)]
    pub fn entries(f: &Flags) -> Self {
        LinePair {
            rows: f.enter_rows,
            cols: f.enter_cols,
        }
    }

    /// The rows and columns of `f`.
    #[inline(always)]
    pub fn lines(f: &Flags) -> Self {
        LinePair {
            rows: f.rows,
            cols: f.cols,
        }
    }

    /// Union.
    #[inline(always)]
    pub fn or(self, o: LinePair) -> Self {
        LinePair {
            rows: self.rows | o.rows,
            cols: self.cols | o.cols,
        }
    }

    /// Intersection.
    #[inline(always)]
    pub fn and(self, o: LinePair) -> Self {
        LinePair {
            rows: self.rows & o.rows,
            cols: self.cols & o.cols,
        }
    }

    /// Whether the line push `k` moves is in the set (a row for east/west pushes).
    #[inline(always)]
    pub fn has_line_of(&self, k: usize) -> bool {
        let l = if moves_row(k) { self.rows } else { self.cols };
        let z = line(k);
        // the word holding bit z, then one machine shift (cheaper than a shift of 128 bits)
        let w = if z < 64 { l as u64 } else { (l >> 64) as u64 };
        w >> (z & 63) & 1 == 1
    }

    /// Whether the sets share a row or a column.
    #[inline(always)]
    pub fn meets(&self, o: &LinePair) -> bool {
        self.rows & o.rows != 0 || self.cols & o.cols != 0
    }
}

/// The pushes on the lines of `l`, in ascending push code: for each line `z` of `l.rows | l.cols`,
/// `4z` and `4z + 1` if row `z` is in `l`, `4z + 2` and `4z + 3` if column `z` is.
#[inline(always)]
pub fn pushes_on(l: LinePair) -> impl Iterator<Item = usize> {
    let mut zs = l.rows | l.cols;
    let mut pending = 0u8; // the pushes of the current line still to give, as bits of d
    let mut z = 0;
    std::iter::from_fn(move || {
        while pending == 0 {
            if zs == 0 {
                return None;
            }
            z = zs.trailing_zeros() as usize;
            zs &= zs - 1;
            pending = if l.rows >> z & 1 == 1 { 0b0011 } else { 0 }
                | if l.cols >> z & 1 == 1 { 0b1100 } else { 0 };
        }
        let d = pending.trailing_zeros() as usize;
        pending &= pending - 1;
        Some(4 * z + d)
    })
}

/// The lines (of `0..n`) whose band (the line and its two neighbours) meets a line of `l`.
#[inline(always)]
pub fn band_lines(l: LinePair, n: usize) -> LinePair {
    LinePair {
        rows: (l.rows | l.rows << 1 | l.rows >> 1) & full(n),
        cols: (l.cols | l.cols << 1 | l.cols >> 1) & full(n),
    }
}

/// Lines `0..n`.
#[inline(always)]
pub fn full(n: usize) -> Lines {
    if n >= 128 {
        !0
    } else {
        (1 << n) - 1
    }
}

/// The lines within `t` of one of `x`, counted around the board's edge (`n` lines).
#[inline]
pub fn spread(x: Lines, t: usize, n: usize) -> Lines {
    if x == 0 {
        return 0;
    }
    if n <= 64 {
        // the same on one machine word
        let f = (full(n)) as u64;
        let mut acc = x as u64;
        for _ in 0..t {
            acc |= (acc << 1 | acc >> (n - 1) | acc >> 1 | acc << (n - 1)) & f;
        }
        return Lines::from(acc);
    }
    let f = full(n);
    let mut acc = x;
    for _ in 0..t {
        let up = (acc << 1 | acc >> (n - 1)) & f;
        let down = (acc >> 1 | acc << (n - 1)) & f;
        acc |= up | down;
    }
    acc
}

/// The crossings of push `k` for [`near`]: a row push crosses every column at its row (`rows`),
/// a column push every row at its column (`cols`).
#[inline(always)]
pub fn crossing(k: usize) -> LinePair {
    if moves_row(k) {
        LinePair {
            rows: 1 << line(k),
            cols: 0,
        }
    } else {
        LinePair {
            rows: 0,
            cols: 1 << line(k),
        }
    }
}

/// The lines `l` whose changed positions, `t` pushes after a push on `l`, may border `cells`.
///
/// A push on row `l` changes the fields of row `l` only. Each later push keeps them in their row
/// unless it is a column push ("crossing"), which moves one of them a row up or down; row pushes
/// move them along their row. Pushes wrap around the board's edge, so distances along a push are
/// counted around the board. After `t` later pushes the fields therefore lie in row `l` or, within
/// `t` rows of it, within `t - 1` columns of a crossing column; their neighbourhood lies in the
/// band `l-1..l+1` or, within `t+1` rows, within `t` columns of a crossing column. `cross.cols`
/// are the crossing columns (for rows `l`), `cross.rows` the crossing rows (for columns `l`).
/// Conservative: every such line is in the result (tested against the plain definition below).
#[inline]
pub fn near(
    cells: impl IntoIterator<Item = usize>,
    b: &Board,
    t: usize,
    cross: LinePair,
) -> LinePair {
    let n = b.side();
    let f = full(n);
    let near_xc = spread(cross.cols, t, n);
    let near_xr = spread(cross.rows, t, n);
    let [xs, ys, xc, yr] = if n <= 64 {
        // on machine words
        let (nxc, nxr) = (near_xc as u64, near_xr as u64);
        let mut acc = [0u64; 4];
        for p in cells {
            let (x, y) = b.coords(p);
            let (rb, cb) = (1u64 << x, 1u64 << y);
            acc[0] |= rb;
            acc[1] |= cb;
            acc[2] |= rb & (nxc >> y & 1).wrapping_neg();
            acc[3] |= cb & (nxr >> x & 1).wrapping_neg();
        }
        acc.map(Lines::from)
    } else {
        let mut acc: [Lines; 4] = [0; 4];
        for p in cells {
            let (x, y) = b.coords(p);
            let (rb, cb): (Lines, Lines) = (1 << x, 1 << y);
            acc[0] |= rb;
            acc[1] |= cb;
            if near_xc >> y & 1 == 1 {
                acc[2] |= rb;
            }
            if near_xr >> x & 1 == 1 {
                acc[3] |= cb;
            }
        }
        acc
    };
    LinePair {
        rows: (xs | xs << 1 | xs >> 1) & f | spread(xc, t + 1, n),
        cols: (ys | ys << 1 | ys >> 1) & f | spread(yr, t + 1, n),
    }
}

/// Whether a walk after push `k`, which can be entered only from the lines `e`, is the same walk
/// when push `o` (whose band misses the walk's seeds) came before `k`.
///
/// The two boards after `k` differ only on the positions `k(line o)`: line `o` itself, except
/// that when `k` crosses line `o` at line `m`, the field `k` moves off line `o` stands one step
/// along `m` (around the board's edge when `o` is a border line). A walk's edges change only at
/// positions it enters, so the walk is the same unless it enters line `o` or has a position next
/// to that one moved field: entering a line within one of `o`'s neighbour `l2` (the line the
/// field moved to) and a line within one of `m`.
#[inline]
pub fn walk_unchanged(e: LinePair, o: usize, k: usize, n: usize) -> bool {
    let l = line(o);
    let orow = moves_row(o);
    let (e_o, e_m) = if orow {
        (e.rows, e.cols)
    } else {
        (e.cols, e.rows)
    };
    if e_o >> l & 1 == 1 {
        return false;
    }
    if orow == moves_row(k) {
        return true;
    }
    let l2 = if k & 1 == 0 {
        if l + 1 == n {
            0
        } else {
            l + 1
        }
    } else if l == 0 {
        n - 1
    } else {
        l - 1
    };
    let window = |c: usize| -> Lines {
        let b: Lines = 1 << c;
        b | b << 1 | b >> 1
    };
    e_o & window(l2) == 0 || e_m & window(line(k)) == 0
}

/// The avatar's set `R` for [`joins_after`]: marked by position, and as line sets.
///
/// Invariant: after [`RSet::set`], `has(p)` holds exactly for the positions of `R`, `by_row[r]`
/// has bit `c` exactly for the positions `(r, c)` of `R`, and `by_col[c]` bit `r`.
pub struct RSet {
    marks: Marks,
    stamp: u32,
    by_row: Vec<Lines>,
    by_col: Vec<Lines>,
}

impl RSet {
    /// An empty set for a board of side `n`.
    pub fn new(n: usize) -> Self {
        RSet {
            marks: Marks::new(n * n),
            stamp: 0,
            by_row: vec![0; n],
            by_col: vec![0; n],
        }
    }

    /// Make the set `cells` (positions on `b`).
    pub fn set(&mut self, b: &Board, cells: &[u16]) {
        self.stamp = self.marks.fresh();
        self.by_row.fill(0);
        self.by_col.fill(0);
        for &p in cells {
            let p = usize::from(p);
            self.marks.set(p, self.stamp);
            let (r, c) = b.coords(p);
            self.by_row[r] |= 1 << c;
            self.by_col[c] |= 1 << r;
        }
    }

    /// Whether position `p` is in the set.
    #[inline(always)]
    pub fn has(&self, p: usize) -> bool {
        self.marks.has(p, self.stamp)
    }
}

/// Scratch space of the walks: visit marks, `R` for [`joins_after`], and queues.
///
/// Invariant: `queue`, `seeds` and `other` hold `n * n` entries each.
pub struct Scratch {
    /// Visit marks of the walks.
    pub marks: Marks,
    /// `R` for [`joins_after`].
    pub rset: RSet,
    /// The positions the last walk visited.
    pub queue: Vec<u32>,
    /// The seeds of a walk.
    pub seeds: Vec<u32>,
    /// The goal's walk of [`joins_after`].
    pub other: Vec<u32>,
    /// The stamp of the last walk.
    pub stamp: u32,
}

impl Scratch {
    /// Scratch for a board of side `n`.
    pub fn new(n: usize) -> Self {
        let nn = n * n;
        Scratch {
            marks: Marks::new(nn),
            rset: RSet::new(n),
            queue: vec![0; nn],
            seeds: vec![0; nn],
            other: vec![0; nn],
            stamp: 0,
        }
    }

    /// Bytes [`Scratch::new`] allocates.
    pub fn memory_estimate(n: usize) -> usize {
        n * n * 4 * 5 + n * 32
    }

    /// Walk from `cells` (positions before push `k`, moved by it; the board is after `k`), with a
    /// fresh stamp: the count of visited positions (`queue[..count]`), or `None` once `target`.
    #[inline]
    pub fn walk_moved(
        &mut self,
        b: &Board,
        conn: &Connections,
        cells: &[u16],
        k: usize,
        target: Option<usize>,
    ) -> Option<usize> {
        for (s, &p) in self.seeds.iter_mut().zip(cells) {
            *s = b.moved(p as usize, k) as u32;
        }
        self.walk_seeds(b, conn, cells.len(), target)
    }

    /// Walk from the single position `p`, with a fresh stamp (see [`Scratch::walk_moved`]).
    #[inline]
    pub fn walk_from(
        &mut self,
        b: &Board,
        conn: &Connections,
        p: usize,
        target: Option<usize>,
    ) -> Option<usize> {
        self.seeds[0] = p as u32;
        self.walk_seeds(b, conn, 1, target)
    }

    #[inline]
    fn walk_seeds(
        &mut self,
        b: &Board,
        conn: &Connections,
        count: usize,
        target: Option<usize>,
    ) -> Option<usize> {
        self.stamp = self.marks.fresh();
        flood(
            b,
            conn,
            &self.seeds[..count],
            &mut self.marks,
            self.stamp,
            &mut self.queue,
            target,
        )
    }

    /// The walk just made, as positions.
    #[inline]
    pub fn walked(&self, count: usize) -> impl Iterator<Item = usize> + '_ {
        self.queue[..count].iter().map(|&p| p as usize)
    }
}

/// Whether the goal, at `gq` on board `b` after push `k`, joins the avatar's set.
///
/// `R` (positions before the push, `rset`) is closed under walking. Every edge the push changes
/// has an end on the pushed line, so a walk that leaves `k(R)` leaves it from a position in the
/// line's band: only those are expanded (found from `R`'s line sets), and positions of `k(R)` met
/// on the way are not (all their unchanged edges lead back into `k(R)`). A second walk from the
/// goal runs in step with it; the answer is known as soon as the walks meet, or as one of them
/// runs out -- so the cost is that of the smaller side. `queue` and `gqueue` hold `n * n` entries.
#[allow(clippy::too_many_arguments)]
pub fn joins_after(
    b: &Board,
    conn: &Connections,
    k: usize,
    rset: &RSet,
    gq: usize,
    marks: &mut Marks,
    queue: &mut [u32],
    gqueue: &mut [u32],
) -> bool {
    let n = b.side();
    let inv = reverse(k);
    let z = line(k);
    let rows = moves_row(k);
    let own = marks.fresh();
    let gs = marks.fresh();
    let mut tail = 0;
    let by_line = if rows { &rset.by_row } else { &rset.by_col };
    let f = full(n);
    for (a, &set) in by_line
        .iter()
        .enumerate()
        .take(z + 2)
        .skip(z.saturating_sub(1))
    {
        let mut bits = set;
        if a == z {
            // on the pushed line, each position holds the field from the one before it (east,
            // north: k even) or after it, around the edge
            bits = if k & 1 == 0 {
                (bits << 1 | bits >> (n - 1)) & f
            } else {
                (bits >> 1 | bits << (n - 1)) & f
            };
        }
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let p = if rows { a * n + c } else { c * n + a };
            if p == gq {
                return true;
            }
            marks.set(p, own);
            queue[tail] = p as u32;
            tail += 1;
        }
    }
    if rset.has(b.moved(gq, inv)) {
        return true;
    }
    marks.set(gq, gs);
    gqueue[0] = gq as u32;
    let mut gtail = 1;
    let (mut head, mut ghead) = (0, 0);
    let env = StepEnv { b, conn, rset, inv };
    while head < tail && ghead < gtail {
        // one step of each walk in turn
        let p = queue[head] as usize;
        head += 1;
        if env.step(p, queue, &mut tail, marks, own, gs, false) {
            return true;
        }
        let p = gqueue[ghead] as usize;
        ghead += 1;
        if env.step(p, gqueue, &mut gtail, marks, gs, own, true) {
            return true;
        }
    }
    false
}

/// What the two walks of [`joins_after`] share.
struct StepEnv<'a> {
    b: &'a Board,
    conn: &'a Connections,
    rset: &'a RSet,
    inv: usize,
}

impl StepEnv<'_> {
    /// Expand `p` for one of the walks (marks `own`; the other walk marks `other`). Returns
    /// whether the walks met. Positions of `k(R)` end the goal's walk; the avatar's walk marks
    /// them but does not expand them.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn step(
        &self,
        p: usize,
        queue: &mut [u32],
        tail: &mut usize,
        marks: &mut Marks,
        own: u32,
        other: u32,
        from_goal: bool,
    ) -> bool {
        let m = self.conn.of(self.b.field(p));
        for side in 0..4 {
            let Some(q) = neighbour(self.b, self.conn, p, m, side) else {
                continue;
            };
            if marks.has(q, own) {
                continue;
            }
            if marks.has(q, other) {
                return true;
            }
            let in_r = self.rset.has(self.b.moved(q, self.inv));
            if in_r && from_goal {
                return true;
            }
            marks.set(q, own);
            if in_r {
                continue;
            }
            queue[*tail] = q as u32;
            *tail += 1;
        }
        false
    }
}

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

/// The entry lines of a walk of `count` positions (`sc.queue`).
#[inline]
pub fn walk_entries(b: &Board, conn: &Connections, sc: &Scratch, count: usize) -> LinePair {
    if b.side() <= 62 {
        // on machine words
        return LinePair::entries(&Flags::of(b, conn, &sc.queue[..count]));
    }
    let mut e = LinePair::default();
    for p in sc.walked(count) {
        let (er, ec) = entered_on(b, p, conn.of(b.field(p)));
        e.rows |= er;
        e.cols |= ec;
    }
    e
}

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
    /// [`super::search`].
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

fn lines_of(cells: impl Iterator<Item = usize>, n: usize) -> LinePair {
    let mut l = LinePair::default();
    for p in cells {
        let (x, y) = row_col(p, n);
        l.rows |= 1 << x;
        l.cols |= 1 << y;
    }
    l
}

/// The walks of the last push's other set, kept per node `Y` two pushes before the end.
///
/// After a push `pk` (from `Y`) that changed only `R` (side 0) or only the goal's component (side
/// 1), the other set's walk after the last push `k` on `Y`'s board is kept per `(side, k)`:
/// `visited[side][k]` says whether it was walked for node id `lid[side][k]`, `inside` holds its
/// positions as a bitset, `entries` the lines it can be entered from.
///
/// Invariant: where `lid[s][k]` is the current node's id, `inside[s][k]` and `entries[s][k]` are
/// that walk's.
pub struct KeptWalks {
    nk: usize,
    words: usize,
    lid: Vec<u64>,
    inside: Vec<u64>,
    entries: Vec<LinePair>,
}

impl KeptWalks {
    /// Kept walks for a board of side `n`.
    pub fn new(n: usize) -> Self {
        let nk = 4 * n;
        let words = (n * n).div_ceil(64);
        KeptWalks {
            nk,
            words,
            lid: vec![0; 2 * nk],
            inside: vec![0; 2 * nk * words],
            entries: vec![LinePair::default(); 2 * nk],
        }
    }

    /// Bytes [`KeptWalks::new`] allocates.
    pub fn memory_estimate(n: usize) -> usize {
        let nk = 4 * n;
        2 * nk * (8 + (n * n).div_ceil(64) * 8 + std::mem::size_of::<LinePair>())
    }

    /// The last push `k` after a push `pk` that changed only `R` (`s` 0) or only the goal's
    /// component (`s` 1), from the other set's walk after `k` at the node `Y` before `pk` (id `lid`,
    /// goal there `gy`; `r_cells` and `g` are `R` and the goal now).
    ///
    /// If that walk does not enter the positions `k(line pk)` ([`walk_unchanged`]), it is the same
    /// walk after `pk, k`; then the goal joins the avatar exactly when one of `k(R)` lies in the
    /// goal's component (`s` 0), or the goal's position lies in the avatar's set (`s` 1), as both
    /// are closed under walking. Returns `None` when the walk may have changed.
    #[allow(clippy::too_many_arguments)]
    pub fn joins_known(
        &mut self,
        b: &mut Board,
        conn: &Connections,
        k: usize,
        s: usize,
        pk: usize,
        lid: u64,
        r_cells: &[u16],
        g: usize,
        gy: usize,
        sc: &mut Scratch,
    ) -> Option<bool> {
        let n = b.side();
        let i = s * self.nk + k;
        let bits = &mut self.inside[i * self.words..(i + 1) * self.words];
        if self.lid[i] != lid {
            self.lid[i] = lid;
            b.push(reverse(pk)); // Y's board, then k
            b.push(k);
            let cnt = if s == 0 {
                sc.walk_from(b, conn, moved(gy, k, n), None)
            } else {
                // R has the same positions at Y
                sc.walk_moved(b, conn, r_cells, k, None)
            }
            .unwrap_or(0);
            bits.fill(0);
            for p in sc.walked(cnt) {
                bits[p >> 6] |= 1 << (p & 63);
            }
            self.entries[i] = walk_entries(b, conn, sc, cnt);
            b.push(reverse(k));
            b.push(pk);
        }
        if !walk_unchanged(self.entries[i], pk, k, n) {
            return None;
        }
        let has = |p: usize| bits[p >> 6] >> (p & 63) & 1 == 1;
        Some(if s == 0 {
            r_cells.iter().any(|&p| has(b.moved(p as usize, k)))
        } else {
            has(b.moved(g, k))
        })
    }
}

/// The last push of a plan (one push left): what rules 1-3, 5 and 6 let through at a node, and
/// the node's facts the tests need.
pub struct LastPush<'a> {
    /// `R` at the node (closed under walking below the root).
    pub r_cells: &'a [u16],
    /// The goal's position.
    pub g: usize,
    /// The flags of `R` and of the goal's component.
    pub r: &'a Flags,
    /// See `r`.
    pub c: &'a Flags,
    /// The push that led here (`None` at the root) and whether it was R-idle.
    pub pk: Option<usize>,
    /// See `pk`.
    pub pidle: bool,
    /// Whether the node is the root (then nothing is pruned: `R` is not closed).
    pub root: bool,
    /// Whether rules 1-3 apply.
    pub prune: bool,
    /// Rule 5: the parent's `qa` table and the idle push that led here, if rule 5 let it through.
    pub rule5: Option<(&'a [LinePair], usize)>,
    /// Rule 6: the next push `rq` and the idle push before it, when only (B) let that one through.
    pub rule6: Option<(&'a Rule6, usize, usize)>,
    /// The kept walks: side (0: `pk` changed only `R`, 1: only the goal's component), the node
    /// id of the parent `Y`, and the goal there.
    pub kept: Option<(usize, u64, usize)>,
    /// Only this push (a worker's task at depth 1).
    pub only: Option<usize>,
}

impl LastPush<'_> {
    /// The lines rules 2 and 3 let the last push use (every line at the root or unpruned).
    ///
    /// Rule 3: both sets enter the pushed line. Rule 2: after an R-idle push `pk`, a push of the
    /// same orientation on another line is pruned (one that both sets enter meets `R`, so it is
    /// not idle): only `pk`'s own line stays in that orientation.
    #[inline(always)]
    fn candidate_lines(&self, n: usize) -> LinePair {
        if !self.prune || self.root {
            return LinePair::all(n);
        }
        let mut l = LinePair {
            rows: self.r.enter_rows & self.c.enter_rows,
            cols: self.r.enter_cols & self.c.enter_cols,
        };
        if let (Some(pk), true) = (self.pk, self.pidle) {
            if moves_row(pk) {
                l.rows &= 1 << line(pk);
            } else {
                l.cols &= 1 << line(pk);
            }
        }
        l
    }

    /// Whether the last push `k` on a candidate line passes rules 1, 5 and 6 (and is the task's
    /// push, if any).
    #[inline(always)]
    fn allowed(&self, k: usize) -> bool {
        if self.only.is_some_and(|o| o != k) {
            return false;
        }
        if !self.prune || self.root {
            return true;
        }
        if self.pidle && self.pk == Some(k ^ 1) {
            return false; // rule 1
        }
        if let Some((qa, ql)) = self.rule5 {
            if !qa[k].has_line_of(ql) {
                return false; // rule 5: the idle push before does not matter after this one
            }
        }
        if let Some((t, rq, rline)) = self.rule6 {
            if !t.lets_last(rq, k, rline) {
                return false; // rule 6: nor the one two pushes before
            }
        }
        true
    }

    /// Try every last push the rules allow, in order: the first that joins the goal to the
    /// avatar (if any) and how many were tried. `b` is the node's board (restored on return).
    pub fn find(
        &self,
        b: &mut Board,
        conn: &Connections,
        sc: &mut Scratch,
        kept: &mut KeptWalks,
    ) -> (Option<usize>, u64) {
        let n = b.side();
        let mut tried = 0;
        let mut r_set = false; // R is in `sc.rset`, once needed
        for k in pushes_on(self.candidate_lines(n)) {
            if !self.allowed(k) {
                continue;
            }
            tried += 1;
            if self.try_push(k, b, conn, sc, kept, &mut r_set) {
                return (Some(k), tried);
            }
        }
        (None, tried)
    }

    /// Whether the last push `k` joins the goal to the avatar.
    #[inline(always)]
    fn try_push(
        &self,
        k: usize,
        b: &mut Board,
        conn: &Connections,
        sc: &mut Scratch,
        kept: &mut KeptWalks,
        r_set: &mut bool,
    ) -> bool {
        let gk = b.moved(self.g, k);
        if self.root {
            b.push(k);
            let hit = sc.walk_moved(b, conn, self.r_cells, k, Some(gk)).is_none();
            b.push(reverse(k));
            return hit;
        }
        if let (Some((s, lid, gy)), Some(pk)) = (self.kept, self.pk) {
            if let Some(known) =
                kept.joins_known(b, conn, k, s, pk, lid, self.r_cells, self.g, gy, sc)
            {
                return known;
            }
        }
        if !*r_set {
            sc.rset.set(b, self.r_cells);
            *r_set = true;
        }
        b.push(k);
        let joined = joins_after(
            b,
            conn,
            k,
            &sc.rset,
            gk,
            &mut sc.marks,
            &mut sc.queue,
            &mut sc.other,
        );
        b.push(reverse(k));
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labyrinth::board::{EAST, NORTH, SOUTH, WEST};

    /// A small deterministic generator (xorshift).
    struct Rng(u64);

    impl Rng {
        fn new(seed: u64) -> Self {
            Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
        }
        fn below(&mut self, m: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % m as u64) as usize
        }
        fn chance(&mut self, p: f64) -> bool {
            (self.below(1_000_000) as f64) < p * 1e6
        }
    }

    fn random_board(rng: &mut Rng, max_n: usize) -> (Board, Connections) {
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

    #[test]
    fn near_covers_every_moved_field_around_the_edge() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for _ in 0..20000 {
            let n = 3 + rng.below(7);
            let t = 1 + rng.below(2);
            let later: Vec<usize> = (0..t).map(|_| rng.below(4 * n)).collect();
            let cross = later
                .iter()
                .fold(LinePair::default(), |a, &q| a.or(crossing(q)));
            let cells: Vec<usize> = (0..1 + rng.below(3)).map(|_| rng.below(n * n)).collect();
            let got = near(cells.iter().copied(), &Board::identity(n), t, cross);
            for is_row in [true, false] {
                for l in 0..n {
                    let mut fields: Vec<usize> = (0..n)
                        .map(|i| if is_row { l * n + i } else { i * n + l })
                        .collect();
                    for &q in &later {
                        fields = fields.iter().map(|&p| moved(p, q, n)).collect();
                    }
                    let borders = fields.iter().any(|&p| {
                        cells
                            .iter()
                            .any(|&c| (p / n).abs_diff(c / n) + (p % n).abs_diff(c % n) <= 1)
                    });
                    if borders {
                        checked += 1;
                        let flags = if is_row { got.rows } else { got.cols };
                        assert!(
                            flags >> l & 1 == 1,
                            "n={n} t={t} {later:?} {is_row} {l} {cells:?}"
                        );
                    }
                }
            }
        }
        assert!(checked > 10000);
    }

    fn entries_after(
        b: &Board,
        conn: &Connections,
        k: usize,
        cells: &[u16],
        sc: &mut Scratch,
    ) -> LinePair {
        let mut a = b.clone();
        a.push(k);
        let cnt = sc.walk_moved(&a, conn, cells, k, None).unwrap();
        walk_entries(&a, conn, sc, cnt)
    }

    #[test]
    fn a_cached_walk_is_reused_only_when_unchanged() {
        let mut rng = Rng::new(2026);
        let (mut reused, mut border) = (0, 0);
        for _ in 0..20000 {
            let (mut b, conn) = random_board(&mut rng, 10);
            let n = b.side();
            let mut sc = Scratch::new(n);
            let start = rng.below(n * n);
            let cells: Vec<u16> = if rng.chance(0.5) {
                vec![start as u16]
            } else {
                let cnt = sc.walk_from(&b, &conn, start, None).unwrap();
                sc.walked(cnt).map(|p| p as u16).collect()
            };
            let q: Vec<u32> = cells.iter().map(|&p| p as u32).collect();
            let f = Flags::of(&b, &conn, &q);
            let idle: Vec<usize> = (0..4 * n).filter(|&o| !f.band_hits(o)).collect();
            let touching: Vec<usize> = (0..4 * n).filter(|&k| f.band_hits(k)).collect();
            if idle.is_empty() || touching.is_empty() {
                continue;
            }
            let o = idle[rng.below(idle.len())];
            let k = touching[rng.below(touching.len())];
            let before = entries_after(&b, &conn, k, &cells, &mut sc);
            b.push(o);
            let after = entries_after(&b, &conn, k, &cells, &mut sc);
            if walk_unchanged(before, o, k, n) {
                reused += 1;
                if (line(o) == 0 || line(o) == n - 1) && moves_row(o) != moves_row(k) {
                    border += 1;
                }
                assert_eq!(before, after, "n={n} o={o} k={k} {cells:?}");
            }
        }
        assert!(reused > 5000 && border > 500, "{reused} {border}");
    }

    #[test]
    fn joins_after_agrees_with_a_plain_walk() {
        let mut rng = Rng::new(99);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20000 {
            let (b, conn) = random_board(&mut rng, 10);
            let n = b.side();
            let mut sc = Scratch::new(n);
            let cnt = sc.walk_from(&b, &conn, rng.below(n * n), None).unwrap();
            let r: Vec<u16> = sc.walked(cnt).map(|p| p as u16).collect();
            let g = rng.below(n * n);
            if r.contains(&(g as u16)) {
                continue;
            }
            sc.rset.set(&b, &r);
            let k = rng.below(4 * n);
            let mut a = b.clone();
            a.push(k);
            let gk = moved(g, k, n);
            let plain = sc.walk_moved(&a, &conn, &r, k, Some(gk)).is_none();
            let got = joins_after(
                &a,
                &conn,
                k,
                &sc.rset,
                gk,
                &mut sc.marks,
                &mut sc.queue,
                &mut sc.other,
            );
            assert_eq!(got, plain, "n={n} k={k}");
            if plain {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 500 && no > 5000, "{yes} {no}");
    }

    #[test]
    fn a_last_push_answered_from_the_kept_walk_is_exact() {
        // After a push p that changed only R (or only the goal's component), `joins_known` answers
        // a last push k from the other set's walk after k at the node Y before p. Whenever it
        // answers, a plain walk on the board after p, k must agree, and the board is left as it was.
        let mut rng = Rng::new(11);
        let mut answered = [0; 2];
        let mut joined = 0;
        for lid in 1..=4000u64 {
            let (mut b, conn) = random_board(&mut rng, 9);
            let n = b.side();
            let mut sc = Scratch::new(n);
            let walk = |sc: &mut Scratch, b: &Board, start: usize| -> Vec<u16> {
                let cnt = sc.walk_from(b, &conn, start, None).unwrap();
                sc.walked(cnt).map(|p| p as u16).collect()
            };
            let r_y = walk(&mut sc, &b, rng.below(n * n));
            let g_y = rng.below(n * n);
            let c_y = walk(&mut sc, &b, g_y);
            if r_y.contains(&(g_y as u16)) {
                continue;
            }
            let as_u32 = |v: &[u16]| v.iter().map(|&p| u32::from(p)).collect::<Vec<_>>();
            let (fr, fc) = (
                Flags::of(&b, &conn, &as_u32(&r_y)),
                Flags::of(&b, &conn, &as_u32(&c_y)),
            );
            let s = rng.below(2);
            let hits: Vec<usize> = (0..4 * n)
                .filter(|&p| fr.band_hits(p) != fc.band_hits(p) && fr.band_hits(p) == (s == 0))
                .collect();
            if hits.is_empty() {
                continue;
            }
            let p = hits[rng.below(hits.len())];
            b.push(p);
            let g_z = moved(g_y, p, n);
            let r_z: Vec<u16> = if s == 0 {
                let cnt = sc.walk_moved(&b, &conn, &r_y, p, None).unwrap();
                sc.walked(cnt).map(|q| q as u16).collect()
            } else {
                r_y.clone()
            };
            if r_z.contains(&(g_z as u16)) {
                continue;
            }
            let mut kept = KeptWalks::new(n);
            for k in 0..4 * n {
                let before = b.clone();
                let known = kept.joins_known(&mut b, &conn, k, s, p, lid, &r_z, g_z, g_y, &mut sc);
                assert_eq!(b, before);
                let Some(known) = known else { continue };
                let mut after = b.clone();
                after.push(k);
                let plain = sc
                    .walk_moved(&after, &conn, &r_z, k, Some(moved(g_z, k, n)))
                    .is_none();
                assert_eq!(known, plain, "n={n} s={s} p={p} k={k}");
                answered[s] += 1;
                joined += usize::from(plain);
            }
        }
        assert!(
            answered[0] > 5000 && answered[1] > 5000 && joined > 100,
            "{answered:?} {joined}"
        );
    }

    #[test]
    fn pushes_on_gives_the_pushes_of_the_lines_in_order() {
        let mut rng = Rng::new(3);
        for _ in 0..2000 {
            let n = 2 + rng.below(127);
            let l = LinePair {
                rows: (rng.below(usize::MAX) as Lines | (rng.below(usize::MAX) as Lines) << 64)
                    & full(n),
                cols: (rng.below(usize::MAX) as Lines | (rng.below(usize::MAX) as Lines) << 64)
                    & full(n),
            };
            let plain: Vec<usize> = (0..4 * n).filter(|&k| l.has_line_of(k)).collect();
            assert_eq!(pushes_on(l).collect::<Vec<_>>(), plain);
        }
    }

    #[test]
    fn spread_counts_around_the_edge() {
        for n in 2..12 {
            for t in 0..4 {
                for l in 0..n {
                    let s = spread(1 << l, t, n);
                    for m in 0..n {
                        let d = l.abs_diff(m).min(n - l.abs_diff(m));
                        assert_eq!(s >> m & 1 == 1, d <= t, "n={n} t={t} l={l} m={m}");
                    }
                    assert_eq!(s & !full(n), 0);
                }
            }
        }
    }
}
