//! The Python side of the exact Nemesis, Blizzard and Cat Herding searches:
//! `escapology._native.NemesisSearch` and `CatHerding`.
//!
//! Bound in `lib.rs` by [`register`]; used by `escapology.nemesis.engines.native`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use pyo3::exceptions::{PyAssertionError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyList};

use crate::labyrinth::deepening::Monitor;
use crate::py_monitor::PyMonitor;

use super::cat::CatSearch;
use super::fugitive_walk::FugitiveWalk;
use super::graph::Graph;
use super::reduced::reduce;
use super::restoring::Restoring;
use super::search::{Search as NemesisEngine, Stop};
use super::strategy_writer::{StrategyWriter, WriteError, Written};
use super::symmetry::Perm;
use super::table::{Action, FEntry, NEntry};

/// Stack bytes a search may need per level of recursion (with a wide margin).
const STACK_PER_LEVEL: usize = 2048;
/// Searches at most this deep run on the calling thread; deeper ones on a thread of their own.
const INLINE_LEVELS: usize = 512;
/// The deepest search taken (a stack of 4 GiB); Cat Herding with more edge copies is refused.
const MAX_LEVELS: usize = 1 << 21;

fn check_levels(levels: usize) -> PyResult<usize> {
    if levels > MAX_LEVELS {
        return Err(PyValueError::new_err(format!(
            "the search would recurse {levels} levels deep; the native engine takes at most {MAX_LEVELS}"
        )));
    }
    Ok(levels)
}

/// Runs `work`, a search `levels` deep at most that polls its stop callback, under a monitor
/// with a deadline of `seconds`, Ctrl-C and the `progress` callback (called with the positions
/// searched so far), with the GIL released. A shallow search runs on this thread and polls the
/// monitor itself; a deep one runs on a thread with a stack to match while this thread (the one
/// Python's signals reach) polls the monitor, reports the count the search publishes and raises
/// the stop flag.
fn run_monitored<T: Send>(
    py: Python<'_>,
    seconds: Option<f64>,
    progress: Option<Py<PyAny>>,
    levels: usize,
    work: impl FnOnce(&mut Stop) -> T + Send,
) -> PyResult<T> {
    let (out, interrupted) = py.detach(move || {
        let monitor = PyMonitor::new(seconds, progress);
        let out = if levels <= INLINE_LEVELS {
            work(&mut |nodes| {
                monitor.count(nodes);
                monitor.should_stop()
            })
        } else {
            let flag = AtomicBool::new(false);
            let counted = AtomicU64::new(0);
            let caller = std::thread::current();
            std::thread::scope(|scope| {
                let worker = std::thread::Builder::new()
                    .name("nemesis-search".into())
                    .stack_size((16 << 20) + levels.saturating_mul(STACK_PER_LEVEL))
                    .spawn_scoped(scope, || {
                        let out = work(&mut |nodes| {
                            counted.store(nodes, Ordering::Relaxed);
                            flag.load(Ordering::Relaxed)
                        });
                        caller.unpark();
                        out
                    })
                    .expect("a thread for the search");
                while !worker.is_finished() {
                    monitor.count(counted.load(Ordering::Relaxed));
                    if monitor.should_stop() {
                        flag.store(true, Ordering::Relaxed);
                    }
                    std::thread::park_timeout(Duration::from_millis(20));
                }
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
        };
        (out, monitor.interrupted.into_inner())
    });
    match interrupted {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// The multigraph from Python's arguments, multiplicities capped to `cap`.
fn nemesis_graph(
    n: usize,
    ends: Vec<(u32, u32)>,
    mult: &[u64],
    is_exit: Vec<bool>,
    cap: u64,
) -> PyResult<Graph> {
    if mult.contains(&0) {
        return Err(PyValueError::new_err("every edge has at least one copy"));
    }
    let mult = mult.iter().map(|&k| k.min(cap) as u32).collect();
    Graph::new(n, ends, mult, is_exit).map_err(PyValueError::new_err)
}

/// The multigraph from Python's arguments (multiplicities capped to `n + 1`: unbreakable) with
/// a start vertex `start`, checked to be one of its vertices.
fn graph_from_start(
    n: usize,
    ends: Vec<(u32, u32)>,
    mult: &[u64],
    is_exit: Vec<bool>,
    start: u32,
) -> PyResult<Graph> {
    if start as usize >= n {
        return Err(PyValueError::new_err(format!("no vertex {start}")));
    }
    nemesis_graph(n, ends, mult, is_exit, n as u64 + 1)
}

/// A position's multiplicities from Python, capped to `cap`, checked against the initial ones.
fn position(initial: &[u32], mult: &[u64], cap: u64) -> PyResult<Vec<u32>> {
    if mult.len() != initial.len() {
        return Err(PyValueError::new_err("one multiplicity per edge"));
    }
    let out: Vec<u32> = mult.iter().map(|&k| k.min(cap) as u32).collect();
    if out.iter().zip(initial).any(|(a, b)| a > b) {
        return Err(PyValueError::new_err(
            "a position has no more copies of an edge than the graph",
        ));
    }
    Ok(out)
}

fn edge_set<'py>(
    py: Python<'py>,
    edges: impl Iterator<Item = u32>,
) -> PyResult<Bound<'py, PyFrozenSet>> {
    PyFrozenSet::new(py, edges.collect::<Vec<_>>())
}

/// A reduced graph's search with the whole graph's label of each of its vertices and edges
/// (what `NemesisSearch.reduced` returns).
type ReducedSearch = (NemesisSearch, Vec<u32>, Vec<u32>);

/// The exact Nemesis/Blizzard search of `escapology.nemesis.engines.exact_python`, with its tables kept between
/// calls. Entries are referred to by index; `f_entry`/`n_entry` give them in the tuple shapes of
/// the Python search's tables (what `escapology.nemesis.engines.extract` reads).
#[pyclass(module = "escapology._native")]
struct NemesisSearch {
    engine: NemesisEngine,
    cap: u64,
    levels: usize,
    /// Called with the positions searched so far, about every 50 ms of a search (or None).
    #[pyo3(get, set)]
    progress: Option<Py<PyAny>>,
}

#[pymethods]
impl NemesisSearch {
    /// `n` vertices, edges `ends` with multiplicities `mult` (capped to `n + 1`: unbreakable),
    /// `is_exit` per vertex, `blizzard` for Blizzard's rule (delete next to the fugitive),
    /// `symmetry` to search positions up to the permutations within twin classes and of the
    /// blocks of block classes (see `symmetry.rs`; off when the graph has neither);
    /// `fugitive_side` for the one-sided search of `Search::fugitive_side` (its fugitive wins are
    /// wins, its Nemesis wins prove nothing; ValueError when the graph has neither twins nor block
    /// classes); `automorphisms` (without the other two) to search
    /// positions up to the graph's automorphisms (`automorphism.rs`; the plain search when none
    /// is found).
    #[new]
    #[pyo3(signature = (n, ends, mult, is_exit, blizzard, symmetry=false, fugitive_side=false, automorphisms=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        n: usize,
        ends: Vec<(u32, u32)>,
        mult: Vec<u64>,
        is_exit: Vec<bool>,
        blizzard: bool,
        symmetry: bool,
        fugitive_side: bool,
        automorphisms: bool,
    ) -> PyResult<Self> {
        let cap = n as u64 + 1;
        let g = nemesis_graph(n, ends, &mult, is_exit, cap)?;
        let levels = check_levels(2 * g.is_exit.iter().filter(|&&x| !x).count() + 2)?;
        let engine = if fugitive_side {
            NemesisEngine::fugitive_side(g, blizzard).ok_or_else(|| {
                PyValueError::new_err("the graph has neither twins nor block classes")
            })?
        } else if automorphisms {
            NemesisEngine::with_automorphisms(g, blizzard)
        } else {
            NemesisEngine::with_symmetry(g, blizzard, symmetry)
        };
        Ok(NemesisSearch {
            engine,
            cap,
            levels,
            progress: None,
        })
    }

    /// The one-sided search of the *reduced* graph (`reduced.rs`): the graph with every heavy
    /// class of Remark 7 cut down to `keep` units (the unit of `start` among them), searched as
    /// the game `F*` with the whole graph's heavy vertices, whose fugitive wins are wins on the
    /// whole graph. `(search, vertices, edges)`: the search of the reduced graph and the whole
    /// graph's vertex of each of its vertices and edge of each of its edges; None when the graph
    /// has no heavy class or the reduced graph's classes do not keep them (`reduce`).
    #[staticmethod]
    #[pyo3(signature = (n, ends, mult, is_exit, blizzard, start, keep=3))]
    #[allow(clippy::too_many_arguments)]
    fn reduced(
        py: Python<'_>,
        n: usize,
        ends: Vec<(u32, u32)>,
        mult: Vec<u64>,
        is_exit: Vec<bool>,
        blizzard: bool,
        start: u32,
        keep: usize,
    ) -> PyResult<Option<ReducedSearch>> {
        let cap = n as u64 + 1;
        let g = graph_from_start(n, ends, &mult, is_exit, start)?;
        let Some(r) = py.detach(|| reduce(&g, blizzard, start, keep)) else {
            return Ok(None);
        };
        let inner = r.search.g.is_exit.iter().filter(|&&x| !x).count();
        let search = NemesisSearch {
            engine: r.search,
            cap,
            levels: check_levels(2 * inner + 2)?,
            progress: None,
        };
        Ok(Some((search, r.vertices, r.edges)))
    }

    /// The fugitive to move at `pos`: the entry (the tuple of `f_entry`, in the coordinates of
    /// this position even when the table holds it for another of its orbit), or None when
    /// `seconds` ran out.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn f_turn<'py>(
        &mut self,
        py: Python<'py>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.turn(py, pos, &mult, seconds, true)? {
            None => Ok(None),
            Some((i, perm)) => {
                let entry = self.engine.f_entry_real(i, perm.as_ref());
                f_tuple(py, &entry, i).map(Some)
            }
        }
    }

    /// The fugitive arrived at `w`, the Nemesis to delete: the entry (the tuple of `n_entry`, in
    /// this position's coordinates), or None when `seconds` ran out.
    #[pyo3(signature = (w, mult, seconds=None))]
    fn n_turn<'py>(
        &mut self,
        py: Python<'py>,
        w: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.turn(py, w, &mult, seconds, false)? {
            None => Ok(None),
            Some((i, perm)) => {
                let entry = self.engine.n_entry_real(i, perm.as_ref());
                n_tuple(py, &entry, i).map(Some)
            }
        }
    }

    /// Whether the search uses symmetry (the graph has twins or block classes and it was asked
    /// for).
    #[getter]
    fn symmetric(&self) -> bool {
        self.engine.sym.is_some()
    }

    /// The vertices of the heavy twin and block classes of Remark 7 (a one-sided search's; 0
    /// otherwise).
    #[getter]
    fn heavy_vertices(&self) -> usize {
        self.engine.heavy.iter().filter(|&&h| h).count()
    }

    /// `(twin classes of two vertices or more, vertices in them, canonical forms computed, forms
    /// that stopped at the bound of leaves)`; zeros without symmetry.
    #[getter]
    fn symmetry_stats(&self) -> (usize, usize, u64, u64) {
        match &self.engine.sym {
            None => (0, 0, 0, 0),
            Some(s) => {
                let big: Vec<&Vec<u32>> = s.members.iter().filter(|c| c.len() > 1).collect();
                (
                    big.len(),
                    big.iter().map(|c| c.len()).sum(),
                    s.forms,
                    s.fallbacks,
                )
            }
        }
    }

    /// `(block classes, the vertices in them)` (see `symmetry.rs`); zeros without symmetry.
    #[getter]
    fn block_stats(&self) -> (usize, usize) {
        match &self.engine.sym {
            None => (0, 0),
            Some(s) => (
                s.blocks.len(),
                s.blocks
                    .iter()
                    .map(|c| c.blocks.len() * c.blocks[0].len())
                    .sum(),
            ),
        }
    }

    /// The block class of every vertex (None outside the block classes).
    fn block_classes(&self) -> Vec<Option<u32>> {
        let n = self.engine.g.n() as u32;
        match &self.engine.sym {
            None => vec![None; n as usize],
            Some(s) => (0..n).map(|v| s.block(v).map(|(c, _)| c)).collect(),
        }
    }

    /// The twin class of every vertex (classes numbered by their least vertex).
    fn twin_classes(&self) -> Vec<u32> {
        match &self.engine.sym {
            None => (0..self.engine.g.n() as u32).collect(),
            Some(s) => s.class.clone(),
        }
    }

    /// Whether an exit is left in the pruned component of `pos`.
    fn has_exit(&mut self, pos: u32, mult: Vec<u64>) -> PyResult<bool> {
        self.check_vertex(pos)?;
        let mult = position(&self.engine.g.mult, &mult, self.cap)?;
        Ok(self.engine.has_exit(pos, &mult))
    }

    /// A fugitive-turn entry: `(False, i, "trapped")`, `(False, i)`, or `(True, w, e, next,
    /// support, i)` with `next` None when `w` is an exit; in the coordinates of the position the
    /// table holds it for (under symmetry, a canonical one: `f_turn` maps it back).
    fn f_entry<'py>(&self, py: Python<'py>, i: u32) -> PyResult<Bound<'py, PyAny>> {
        let entry = self.engine.tf.entries.get(i as usize);
        f_tuple(
            py,
            entry.ok_or_else(|| PyValueError::new_err("no such entry"))?,
            i,
        )
    }

    /// A Nemesis-turn entry: `(False, deletion, trapped)` or `(True, tried, support, i)`, `tried`
    /// a list of `(deletion or None, ("exit", e) or ("f", fugitive entry), support)` (coordinates
    /// as `f_entry`).
    fn n_entry<'py>(&self, py: Python<'py>, i: u32) -> PyResult<Bound<'py, PyAny>> {
        let entry = self.engine.tn.entries.get(i as usize);
        n_tuple(
            py,
            entry.ok_or_else(|| PyValueError::new_err("no such entry"))?,
            i,
        )
    }

    /// The restricted position (`pos`, `mult`) as the search reads it, in the caller's
    /// coordinates (no symmetry applied): the multiplicities capped, zero outside the fugitive's
    /// pruned component.
    fn restricted(&mut self, pos: u32, mult: Vec<u64>) -> PyResult<Vec<u32>> {
        self.check_vertex(pos)?;
        let mult = position(&self.engine.g.mult, &mult, self.cap)?;
        Ok(self.engine.restricted(pos, &mult))
    }

    /// The fugitive's answer at (`w`, `mult`) after the deletion of one copy of `deletion` (None:
    /// none; in Blizzard an edge at `w`, else ValueError), for strategy walkers: `(wins, to, edge, next)` with `next` the restricted position of
    /// the Nemesis' turn after his move (`restricted(to, ...)` with `w`'s edges removed; None when
    /// `to` is an exit or he loses); None when `seconds` ran out. The entry is in this position's
    /// coordinates (as `f_turn`).
    #[pyo3(signature = (w, mult, deletion=None, seconds=None))]
    #[allow(clippy::type_complexity)]
    fn answer(
        &mut self,
        py: Python<'_>,
        w: u32,
        mut mult: Vec<u64>,
        deletion: Option<u32>,
        seconds: Option<f64>,
    ) -> PyResult<Option<(bool, u32, u32, Option<Vec<u32>>)>> {
        if let Some(c) = deletion {
            match mult.get_mut(c as usize) {
                Some(k) if *k > 0 => *k -= 1,
                _ => return Err(PyValueError::new_err("no copy of that edge to delete")),
            }
            let (a, b) = self.engine.g.ends[c as usize];
            if self.engine.blizzard && a != w && b != w {
                return Err(PyValueError::new_err(
                    "in Blizzard the Nemesis deletes an edge at the fugitive's vertex",
                ));
            }
        }
        let Some((i, perm)) = self.turn(py, w, &mult, seconds, true)? else {
            return Ok(None);
        };
        let (to, edge) = match self.engine.f_entry_real(i, perm.as_ref()) {
            FEntry::Exits { to, edge } => (to, edge),
            FEntry::Moves { to, edge, .. } => (to, edge),
            _ => return Ok(Some((false, 0, 0, None))),
        };
        if self.engine.g.is_exit[to as usize] {
            return Ok(Some((true, to, edge, None)));
        }
        let capped = position(&self.engine.g.mult, &mult, self.cap)?;
        let mut here = self.engine.restricted(w, &capped);
        for &(_, e) in self.engine.g.adj(w) {
            here[e as usize] = 0;
        }
        Ok(Some((
            true,
            to,
            edge,
            Some(self.engine.restricted(to, &here)),
        )))
    }

    /// Writes the Nemesis' winning strategy from `start` to the file `path`: the document of
    /// `escapology.nemesis.engines.extract.nemesis_strategy`, node for node (see `strategy_writer`).
    /// `mult` are the graph's real multiplicities, `names` every vertex's name encoded as a JSON
    /// string. Returns `("written", nodes, root)`, or `("too_large", 0, 0)` beyond `max_nodes`
    /// nodes, or `("stopped", 0, 0)` when `seconds` ran out; the file is then incomplete (the
    /// caller removes it). The progress callback is told the nodes written so far.
    #[pyo3(signature = (start, mult, names, path, max_nodes=None, seconds=None))]
    #[allow(clippy::too_many_arguments)]
    fn write_nemesis_strategy(
        &mut self,
        py: Python<'_>,
        start: u32,
        mult: Vec<u64>,
        names: Vec<String>,
        path: std::path::PathBuf,
        max_nodes: Option<u64>,
        seconds: Option<f64>,
    ) -> PyResult<(&'static str, u64, u32)> {
        self.check_document(start, &mult, &names)?;
        let out = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&path)?);
        let progress = self.callback(py);
        let cap = self.cap;
        let engine = &mut self.engine;
        let written = run_monitored(py, seconds, progress, self.levels, move |stop| {
            StrategyWriter::new(engine, &mult, cap, &names, out, max_nodes).write(start, stop)
        })?;
        outcome(written)
    }

    /// Writes the fugitive's winning strategy from `start` to the file `path`, walking real
    /// positions (see `fugitive_walk`): the document of
    /// `escapology.nemesis.engines.extract.fugitive_strategy_by_positions`, node for node, for a
    /// search up to symmetry (any search's answers make a correct document; the plain search's
    /// table is read faster by `extract.fugitive_strategy`). `one_sided`, if given, is the
    /// one-sided search of the same graph and game (`fugitive_side`), asked first at every
    /// position (its fugitive wins are wins). `mult`, `names`, `max_nodes`, `seconds`, the
    /// progress callback and the values returned as `write_nemesis_strategy`; AssertionError when
    /// the fugitive does not win from `start`.
    #[pyo3(signature = (start, mult, names, path, max_nodes=None, seconds=None, one_sided=None))]
    #[allow(clippy::too_many_arguments)]
    fn write_fugitive_strategy(
        &mut self,
        py: Python<'_>,
        start: u32,
        mult: Vec<u64>,
        names: Vec<String>,
        path: std::path::PathBuf,
        max_nodes: Option<u64>,
        seconds: Option<f64>,
        mut one_sided: Option<PyRefMut<'_, NemesisSearch>>,
    ) -> PyResult<(&'static str, u64, u32)> {
        self.check_document(start, &mult, &names)?;
        if let Some(other) = one_sided.as_deref() {
            let (a, b) = (&other.engine, &self.engine);
            let same = a.blizzard == b.blizzard
                && a.g.ends == b.g.ends
                && a.g.mult == b.g.mult
                && a.g.is_exit == b.g.is_exit;
            if !same {
                return Err(PyValueError::new_err(
                    "the one-sided search is over the same graph and game",
                ));
            }
        }
        let out = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&path)?);
        let progress = self.callback(py);
        let engine = &mut self.engine;
        let first = one_sided.as_deref_mut().map(|s| &mut s.engine);
        let written = run_monitored(py, seconds, progress, self.levels, move |stop| {
            FugitiveWalk::new(first, engine, &names, out, max_nodes).write(start, stop)
        })?;
        outcome(written)
    }

    /// Positions searched (table misses).
    #[getter]
    fn nodes(&self) -> u64 {
        self.engine.nodes
    }

    /// Entries in the two tables.
    #[getter]
    fn positions(&self) -> usize {
        self.engine.tf.len() + self.engine.tn.len()
    }

    /// Bytes the tables hold, about.
    #[getter]
    fn table_bytes(&self) -> usize {
        self.engine.table_bytes()
    }
}

impl NemesisSearch {
    fn callback(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.progress.as_ref().map(|p| p.clone_ref(py))
    }

    /// The arguments of a strategy writer: a non-exit `start`, the graph's own multiplicities
    /// (capped as the search's), one name per vertex.
    fn check_document(&self, start: u32, mult: &[u64], names: &[String]) -> PyResult<()> {
        self.check_vertex(start)?;
        let g = &self.engine.g;
        if names.len() != g.n() {
            return Err(PyValueError::new_err("one name per vertex"));
        }
        let same = mult.len() == g.m()
            && mult
                .iter()
                .zip(&g.mult)
                .all(|(&k, &c)| k > 0 && k.min(self.cap) == c as u64);
        if !same {
            return Err(PyValueError::new_err(
                "mult are the multiplicities of the search's graph",
            ));
        }
        Ok(())
    }

    fn check_vertex(&self, v: u32) -> PyResult<()> {
        if v as usize >= self.engine.g.n() || self.engine.g.is_exit[v as usize] {
            return Err(PyValueError::new_err(
                "the fugitive stands on a non-exit vertex",
            ));
        }
        Ok(())
    }

    fn turn(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: &[u64],
        seconds: Option<f64>,
        fugitive: bool,
    ) -> PyResult<Option<(u32, Option<Perm>)>> {
        self.check_vertex(pos)?;
        let mult = position(&self.engine.g.mult, mult, self.cap)?;
        let hit = if fugitive {
            self.engine.lookup_f(pos, &mult)
        } else {
            self.engine.lookup_n(pos, &mult)
        };
        if hit.is_some() {
            return Ok(hit);
        }
        let progress = self.callback(py);
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, progress, self.levels, move |stop| {
            if fugitive {
                engine.f_located(pos, &mult, stop)
            } else {
                engine.n_located(pos, &mult, stop)
            }
        })?;
        Ok(out.ok())
    }
}

/// The restoring game of `restoring.rs` (the Nemesis' side of a blow-up: its Nemesis wins are
/// wins on the whole graph), from a start vertex.
#[pyclass(module = "escapology._native")]
struct RestoringGame {
    game: Restoring,
    start: u32,
    /// Called with the positions searched so far, about every 50 ms of a search (or None).
    #[pyo3(get, set)]
    progress: Option<Py<PyAny>>,
}

#[pymethods]
impl RestoringGame {
    /// The game of the graph (`n` vertices, `ends`, `mult`, `is_exit` as `NemesisSearch`) from
    /// `start`, or None when the graph has no heavy class of false twins or blocks to restore.
    #[staticmethod]
    #[pyo3(signature = (n, ends, mult, is_exit, blizzard, start))]
    fn of(
        py: Python<'_>,
        n: usize,
        ends: Vec<(u32, u32)>,
        mult: Vec<u64>,
        is_exit: Vec<bool>,
        blizzard: bool,
        start: u32,
    ) -> PyResult<Option<Self>> {
        let g = graph_from_start(n, ends, &mult, is_exit, start)?;
        let Some(game) = py.detach(|| Restoring::new(&g, blizzard, start)) else {
            return Ok(None);
        };
        let start = game.vertex_of(start).expect("the start is kept");
        Ok(Some(RestoringGame {
            game,
            start,
            progress: None,
        }))
    }

    /// Vertices and edges of the cut-down graph the game is played on.
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.game.g.n(), self.game.g.m())
    }

    /// Positions searched so far (table misses).
    #[getter]
    fn nodes(&self) -> u64 {
        self.game.nodes
    }

    /// Whether the Nemesis wins within the horizon of `left` moves of the fugitive (False: not
    /// within it, which proves nothing), or None when `seconds` ran out.
    #[pyo3(signature = (left, seconds=None))]
    fn nemesis_wins(
        &mut self,
        py: Python<'_>,
        left: u32,
        seconds: Option<f64>,
    ) -> PyResult<Option<bool>> {
        let progress = self.progress.as_ref().map(|p| p.clone_ref(py));
        let levels = check_levels(2 * left as usize + 2)?;
        let (game, start) = (&mut self.game, self.start);
        let out = run_monitored(py, seconds, progress, levels, move |stop| {
            game.nemesis_wins(start, left, stop)
        })?;
        Ok(out.ok())
    }

    /// Whether the Nemesis wins with at most `budget` transient deletions, every other one
    /// permanent, and no horizon (False: not so, which proves nothing), or None when `seconds`
    /// ran out (`Restoring::nemesis_wins_progressing`).
    #[pyo3(signature = (budget, seconds=None))]
    fn nemesis_wins_progressing(
        &mut self,
        py: Python<'_>,
        budget: u32,
        seconds: Option<f64>,
    ) -> PyResult<Option<bool>> {
        let progress = self.progress.as_ref().map(|p| p.clone_ref(py));
        let turns = self.game.permanent_copies() + u64::from(budget);
        let levels = check_levels(usize::try_from(2 * turns + 2).unwrap_or(usize::MAX))?;
        let (game, start) = (&mut self.game, self.start);
        let out = run_monitored(py, seconds, progress, levels, move |stop| {
            game.nemesis_wins_progressing(start, budget, stop)
        })?;
        Ok(out.ok())
    }
}

/// What a strategy writer returns to Python: `("written", nodes, root)`, `("stopped", 0, 0)`,
/// `("too_large", 0, 0)`; AssertionError when the search's answers contradict the win.
fn outcome(written: Result<Written, WriteError>) -> PyResult<(&'static str, u64, u32)> {
    match written {
        Ok(w) => Ok(("written", w.nodes, w.root)),
        Err(WriteError::Stopped) => Ok(("stopped", 0, 0)),
        Err(WriteError::TooLarge) => Ok(("too_large", 0, 0)),
        Err(WriteError::Wrong(msg)) => Err(PyAssertionError::new_err(msg)),
        Err(WriteError::Io(e)) => Err(e.into()),
    }
}

/// A fugitive-turn entry as the Python tuple (see `NemesisSearch.f_entry`).
fn f_tuple<'py>(py: Python<'py>, entry: &FEntry, i: u32) -> PyResult<Bound<'py, PyAny>> {
    Ok(match entry {
        FEntry::Trapped => (false, i, "trapped").into_pyobject(py)?.into_any(),
        FEntry::Lost => (false, i).into_pyobject(py)?.into_any(),
        FEntry::Exits { to, edge } => {
            let support = edge_set(py, std::iter::once(*edge))?;
            (true, *to, *edge, py.None(), support, i)
                .into_pyobject(py)?
                .into_any()
        }
        FEntry::Moves {
            to,
            edge,
            next,
            support,
        } => (true, *to, *edge, *next, edge_set(py, support.iter())?, i)
            .into_pyobject(py)?
            .into_any(),
    })
}

/// A Nemesis-turn entry as the Python tuple (see `NemesisSearch.n_entry`).
fn n_tuple<'py>(py: Python<'py>, entry: &NEntry, i: u32) -> PyResult<Bound<'py, PyAny>> {
    Ok(match entry {
        NEntry::Lost { deletion, trapped } => {
            (false, *deletion, *trapped).into_pyobject(py)?.into_any()
        }
        NEntry::Won { tried, support } => {
            let list = PyList::empty(py);
            for t in tried {
                let action = match t.action {
                    Action::Exit(e) => ("exit", e),
                    Action::Fugitive(f) => ("f", f),
                };
                list.append((t.deletion, action, edge_set(py, t.support.iter())?))?;
            }
            (true, list, edge_set(py, support.iter())?, i)
                .into_pyobject(py)?
                .into_any()
        }
    })
}

/// Cat Herding's exact search of `escapology.nemesis.engines.cat`, with its table kept between calls.
/// Every method returns None when `seconds` ran out.
#[pyclass(module = "escapology._native")]
struct CatHerding {
    engine: CatSearch,
    levels: usize,
    /// Called with the positions searched so far, about every 50 ms of a search (or None).
    #[pyo3(get, set)]
    progress: Option<Py<PyAny>>,
}

#[pymethods]
impl CatHerding {
    /// `n` vertices, edges `ends` with multiplicities `mult`; `speed_one`: the cat moves along
    /// one edge per round (else anywhere in its component).
    #[new]
    fn new(n: usize, ends: Vec<(u32, u32)>, mult: Vec<u64>, speed_one: bool) -> PyResult<Self> {
        if mult.iter().any(|&k| k > u32::MAX as u64) {
            return Err(PyValueError::new_err("at most 2^32 - 1 copies of an edge"));
        }
        let g = nemesis_graph(n, ends, &mult, vec![false; n], u64::MAX)?;
        let copies: u64 = g.mult.iter().map(|&k| k as u64).sum();
        let levels = check_levels((copies as usize).saturating_mul(2).saturating_add(2))?;
        Ok(CatHerding {
            engine: CatSearch::new(g, speed_one),
            levels,
            progress: None,
        })
    }

    /// Deletions still to come, the herder to move, the cat at `pos`.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn herder_turn(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<u64>> {
        let mult = self.position(pos, &mult)?;
        let progress = self.callback(py);
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, progress, self.levels, move |stop| {
            engine.herder_turn(pos, &mult, stop)
        })?;
        Ok(out.ok())
    }

    /// Deletions still to come, the cat to move at `pos`.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn cat_turn(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<u64>> {
        let mult = self.position(pos, &mult)?;
        let progress = self.callback(py);
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, progress, self.levels, move |stop| {
            engine.cat_turn(pos, &mult, stop)
        })?;
        Ok(out.ok())
    }

    /// `(found, edge)`: an optimal deletion (edge None when the cat is isolated); found False when
    /// `seconds` ran out.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn best_deletion(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<(bool, Option<u32>)> {
        let mult = self.position(pos, &mult)?;
        let progress = self.callback(py);
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, progress, self.levels, move |stop| {
            engine.best_deletion(pos, &mult, stop)
        })?;
        Ok(out.map_or((false, None), |e| (true, e)))
    }

    /// `(found, vertex)`: an optimal move of the cat (None when it cannot move); found False when
    /// `seconds` ran out.
    #[pyo3(signature = (pos, mult, seconds=None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        pos: u32,
        mult: Vec<u64>,
        seconds: Option<f64>,
    ) -> PyResult<(bool, Option<u32>)> {
        let mult = self.position(pos, &mult)?;
        let progress = self.callback(py);
        let engine = &mut self.engine;
        let out = run_monitored(py, seconds, progress, self.levels, move |stop| {
            engine.best_move(pos, &mult, stop)
        })?;
        Ok(out.map_or((false, None), |w| (true, w)))
    }

    /// The vertices of the cat's component (increasing, `pos` included).
    fn component(&mut self, pos: u32, mult: Vec<u64>) -> PyResult<Vec<u32>> {
        let mult = self.position(pos, &mult)?;
        Ok(self.engine.component_vertices(pos, &mult))
    }

    /// Positions searched (table misses).
    #[getter]
    fn nodes(&self) -> u64 {
        self.engine.nodes
    }

    /// Positions in the table.
    #[getter]
    fn positions(&self) -> usize {
        self.engine.positions()
    }
}

impl CatHerding {
    fn callback(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.progress.as_ref().map(|p| p.clone_ref(py))
    }

    fn position(&self, pos: u32, mult: &[u64]) -> PyResult<Vec<u32>> {
        if pos as usize >= self.engine.g.n() {
            return Err(PyValueError::new_err(
                "the cat stands on a vertex of the graph",
            ));
        }
        position(&self.engine.g.mult, mult, u64::MAX)
    }
}

/// Adds the Nemesis classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NemesisSearch>()?;
    m.add_class::<RestoringGame>()?;
    m.add_class::<CatHerding>()?;
    // the linear algorithms
    super::linear::python::register(m)
}
