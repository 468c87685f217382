//! The Python side of the linear Nemesis algorithms: `escapology._native.NemesisGraph`.
//!
//! Bound in `lib.rs` by [`register`]; used by `escapology.nemesis.engines.linear_native`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use super::parse::{self, Options, Outcome};
use super::Instance;

/// A Nemesis multigraph held natively (vertex and edge numbering of `escapology.nemesis.model.Graph`).
#[pyclass(frozen, module = "escapology._native")]
pub struct NemesisGraph {
    g: Instance,
}

#[pymethods]
impl NemesisGraph {
    /// Read the plain form of ASP facts (`edge_list=False`) or of an edge list; None when the file
    /// is not in that form or holds a mistake (the Python reader then says which); ValueError
    /// "vertices" or "edges" above the limits.
    #[staticmethod]
    #[pyo3(signature = (text, edge_list, exits, start, max_vertices, max_edges, max_multiplicity))]
    #[allow(clippy::too_many_arguments)]
    fn read(
        py: Python<'_>,
        text: &str,
        edge_list: bool,
        exits: Vec<String>,
        start: Option<String>,
        max_vertices: usize,
        max_edges: usize,
        max_multiplicity: u64,
    ) -> PyResult<Option<NemesisGraph>> {
        let outcome = py.detach(|| {
            let options = Options {
                max_vertices,
                max_edges,
                max_multiplicity,
                exits: &exits,
                start: start.as_deref(),
            };
            if edge_list {
                parse::read_edge_list(text, &options)
            } else {
                parse::read_facts(text, &options)
            }
        });
        match outcome {
            Outcome::Read(g) => Ok(Some(NemesisGraph { g })),
            Outcome::Declined => Ok(None),
            Outcome::TooLarge(vertices) => Err(PyValueError::new_err(if vertices {
                "vertices"
            } else {
                "edges"
            })),
        }
    }

    /// From the parts of a Python graph: names, edge ends (indices), multiplicities (>= 1), the
    /// exit indices and the start.
    #[staticmethod]
    fn from_parts(
        names: Vec<String>,
        ends: Vec<(u32, u32)>,
        mult: Vec<u64>,
        exits: Vec<u32>,
        start: Option<u32>,
    ) -> PyResult<NemesisGraph> {
        let n = names.len();
        if ends.len() != mult.len()
            || ends
                .iter()
                .any(|&(a, b)| a as usize >= n || b as usize >= n || a == b)
            || exits.iter().any(|&x| x as usize >= n)
            || start.is_some_and(|s| s as usize >= n)
            || mult.contains(&0)
        {
            return Err(PyValueError::new_err("inconsistent graph parts"));
        }
        let mut is_exit = vec![false; n];
        for x in exits {
            is_exit[x as usize] = true;
        }
        let g = Instance::new(names, ends, mult, is_exit, start)
            .map_err(|_| PyValueError::new_err("inconsistent graph parts"))?;
        Ok(NemesisGraph { g })
    }

    #[getter]
    fn n(&self) -> usize {
        self.g.n()
    }

    #[getter]
    fn m(&self) -> usize {
        self.g.ends.len()
    }

    #[getter]
    fn start(&self) -> Option<u32> {
        self.g.start
    }

    /// The name of vertex `v`.
    fn name(&self, v: usize) -> PyResult<String> {
        self.g
            .names
            .get(v)
            .cloned()
            .ok_or_else(|| PyValueError::new_err("no such vertex"))
    }

    fn names(&self) -> Vec<String> {
        self.g.names.clone()
    }

    fn ends(&self) -> Vec<(u32, u32)> {
        self.g.ends.clone()
    }

    fn mult(&self) -> Vec<u64> {
        self.g.mult.clone()
    }

    /// The indices of the exits, increasing.
    fn exits(&self) -> Vec<u32> {
        (0..self.g.n() as u32).filter(|&v| self.g.exit(v)).collect()
    }

    /// The linear method from `start` (default: the graph's): a dict with `winner`, `method`,
    /// `strategy` (the document as UTF-8 JSON bytes, or None), `nodes`, `principal_line`, and
    /// the JSON bytes `escape_tree`, `winning_set`, `trap_region` where they apply. ValueError when the
    /// graph is neither a tree nor of maximum degree 3 (Nemesis).
    #[pyo3(signature = (blizzard, start=None))]
    fn solve_linear<'py>(
        &self,
        py: Python<'py>,
        blizzard: bool,
        start: Option<u32>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let Some(s) = start
            .or(self.g.start)
            .filter(|&s| (s as usize) < self.g.n())
        else {
            return Err(PyValueError::new_err("no start vertex"));
        };
        let answer = py
            .detach(|| super::solve(&self.g, s, blizzard))
            .map_err(|e| PyValueError::new_err(e.0))?;
        let d = PyDict::new(py);
        let winner = if answer.fugitive_wins {
            "fugitive"
        } else {
            "nemesis"
        };
        d.set_item("winner", winner)?;
        d.set_item("method", answer.method)?;
        match answer.strategy {
            Some(doc) => {
                d.set_item("strategy", PyBytes::new(py, doc.json.as_bytes()))?;
                d.set_item("nodes", doc.nodes)?;
                d.set_item("principal_line", doc.principal_line)?;
            }
            None => d.set_item("strategy", py.None())?,
        }
        let bytes = |text: Option<String>| text.map(|t| PyBytes::new(py, t.as_bytes()));
        d.set_item("escape_tree", bytes(answer.escape_tree))?;
        d.set_item("winning_set", bytes(answer.winning_set))?;
        d.set_item("trap_region", bytes(answer.trap_region))?;
        Ok(d)
    }
}

/// Add the class to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NemesisGraph>()
}
