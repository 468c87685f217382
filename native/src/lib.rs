//! `escapology._native`: the search engines of escapology, bound to Python.
//!
//! Each game's engine lives in its own module tree as plain Rust; this file only binds them.

use pyo3::prelude::*;

pub mod labyrinth;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
