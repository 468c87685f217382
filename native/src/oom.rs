//! What an allocation that fails does in the native engines.
//!
//! By default what Rust does: the message `memory allocation of N bytes failed`, then `abort`.
//! Under `--memory` the process's data segment is bounded (`escapology.core.memory`), and an
//! engine that reaches the bound must end the command the way Python's `MemoryError` ends it: the
//! answer "unknown", the note, exit 3. Python cannot catch an abort, so the command arms this
//! module first ([`on_allocation_failure`]) with what to write and the exit code; the allocator
//! below, the system's own with a check of every result, then writes it and ends the process at
//! once (`_exit`: no destructor, no allocation). Where the answer goes to a temporary file
//! (`solve -o FILE`), the file is then renamed to FILE and standard output says so, as when the
//! command ends. A batch worker arms it with its own exit code and nothing to write, so that its
//! pool records the task "unknown" (memory limit).
//!
//! Allocations that are meant to fail softly (`try_reserve`) end the process as well once armed:
//! none of the engines uses one.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::{c_char, CString};
use std::sync::OnceLock;

use pyo3::prelude::*;

/// What to do when an allocation fails: set once, from Python.
struct Armed {
    /// written to `out_fd` (the command's answer)
    out: Vec<u8>,
    out_fd: i32,
    /// written to standard error (the note)
    err: Vec<u8>,
    code: i32,
    /// then renamed (the temporary file `out_fd` writes, to the answer's file) ...
    rename: Option<(CString, CString)>,
    /// ... and this written to standard output
    after: Vec<u8>,
}

static ARMED: OnceLock<Armed> = OnceLock::new();

extern "C" {
    fn write(fd: i32, buf: *const u8, count: usize) -> isize;
    fn rename(from: *const c_char, to: *const c_char) -> i32;
    fn _exit(code: i32) -> !;
}

/// Writes all of `bytes` to `fd` (as much as the system takes; errors end the attempt).
fn write_all(fd: i32, bytes: &[u8]) {
    let mut rest = bytes;
    while !rest.is_empty() {
        // SAFETY: `rest` is a live slice; `write` reads at most `rest.len()` bytes of it.
        let n = unsafe { write(fd, rest.as_ptr(), rest.len()) };
        if n <= 0 {
            return;
        }
        rest = &rest[n as usize..];
    }
}

/// An allocation failed: when armed, write the answer and the note and end the process.
#[cold]
fn failed() {
    if let Some(armed) = ARMED.get() {
        write_all(armed.out_fd, &armed.out);
        write_all(2, &armed.err);
        if let Some((from, to)) = &armed.rename {
            // SAFETY: two NUL-terminated strings made when the allocator was armed.
            if unsafe { rename(from.as_ptr(), to.as_ptr()) } == 0 {
                write_all(1, &armed.after);
            }
        }
        // SAFETY: ends the process; nothing after this runs.
        unsafe { _exit(armed.code) }
    }
}

/// The system allocator, with a failed allocation handed to [`failed`] (when not armed, the
/// null pointer goes on to Rust's own handling: the message and `abort`).
pub struct CheckedAllocator;

// SAFETY: every call is forwarded to `System` with the same arguments; only a null result is
// looked at.
unsafe impl GlobalAlloc for CheckedAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if p.is_null() {
            failed();
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if p.is_null() {
            failed();
        }
        p
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() {
            failed();
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: CheckedAllocator = CheckedAllocator;

/// Arm the allocator: when an allocation of the native engines fails, write `out` to the file
/// descriptor `out_fd` and `err` to standard error; with `rename_from` and `rename_to`, rename the
/// one to the other and write `after` to standard output; then end the process with exit code
/// `code`. Once per process: False when it was armed already (the first arming stays).
#[pyfunction]
#[pyo3(signature = (out, err, code, out_fd=1, rename_from=None, rename_to=None, after=Vec::new()))]
fn on_allocation_failure(
    out: Vec<u8>,
    err: Vec<u8>,
    code: i32,
    out_fd: i32,
    rename_from: Option<Vec<u8>>,
    rename_to: Option<Vec<u8>>,
    after: Vec<u8>,
) -> PyResult<bool> {
    let rename = match (rename_from, rename_to) {
        (Some(from), Some(to)) => {
            let nul =
                |e: std::ffi::NulError| pyo3::exceptions::PyValueError::new_err(e.to_string());
            Some((
                CString::new(from).map_err(nul)?,
                CString::new(to).map_err(nul)?,
            ))
        }
        _ => None,
    };
    Ok(ARMED
        .set(Armed {
            out,
            out_fd,
            err,
            code,
            rename,
            after,
        })
        .is_ok())
}

/// Adds the allocator's function to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(on_allocation_failure, m)?)?;
    Ok(())
}
