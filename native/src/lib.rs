//! `escapology._native`: the search engines of escapology, bound to Python.
//!
//! Each game's engine lives in its own module tree as plain Rust, with its Python side in the
//! tree's `python` module (it checks the arguments, releases the GIL for the search, and runs it
//! under a `py_monitor::PyMonitor`: Python's deadline, Ctrl-C and progress callback). This
//! file only gathers them into the module.

use pyo3::prelude::*;

pub mod amazeing;
pub mod hashing;
pub mod labyrinth;
pub mod nemesis;
mod oom;
mod py_monitor;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    labyrinth::python::register(m)?;
    amazeing::python::register(m)?;
    nemesis::python::register(m)?;
    oom::register(m)?;
    Ok(())
}
