//! A Nemesis instance as the linear algorithms read it: the graph (the crate's one
//! [`Graph`], multiplicities as `u64`), its vertex names and its start, in the numbering of
//! Python's `escapology.nemesis.model.Graph`: vertices `0..n` in the order of their names, edges
//! `0..m` with their ends in the order of `Instance.key` (the smaller name first).

use std::ops::Deref;

use crate::nemesis::graph::Graph;

/// The graph with its vertex names and start; it reads as its graph (`g.adj(v)`, `g.mult`, ...).
///
/// Invariant: `names` has one entry per vertex of `graph`; every multiplicity is at least 1.
#[derive(Debug, Clone)]
pub struct Instance {
    /// The multigraph, multiplicities as read (capped by the reader's limit).
    pub graph: Graph<u64>,
    /// The name of each vertex.
    pub names: Vec<String>,
    /// The start, if the instance names one.
    pub start: Option<u32>,
}

impl Instance {
    /// Build from the parts; `ends` index `names`, every multiplicity is at least 1. An error when
    /// [`Graph::new`] refuses the parts.
    pub fn new(
        names: Vec<String>,
        ends: Vec<(u32, u32)>,
        mult: Vec<u64>,
        is_exit: Vec<bool>,
        start: Option<u32>,
    ) -> Result<Instance, String> {
        Ok(Instance {
            graph: Graph::new(names.len(), ends, mult, is_exit)?,
            names,
            start,
        })
    }
}

impl Deref for Instance {
    type Target = Graph<u64>;

    fn deref(&self) -> &Graph<u64> {
        &self.graph
    }
}
