//! The monitor of a search started from Python: its deadline, Ctrl-C and progress callback.
//!
//! Every game's binding runs its search under a [`PyMonitor`] with the GIL released; the monitor
//! takes the GIL only for a moment, at most every [`PYTHON_POLL`].

use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

use pyo3::prelude::*;

use crate::labyrinth::deepening::{Monitor, Progress};

/// How often the search looks at Python's signal handlers (Ctrl-C) and calls the progress callback.
pub(crate) const PYTHON_POLL: Duration = Duration::from_millis(50);

/// The monitor of a search started from Python: a deadline, Ctrl-C, a progress callback.
///
/// Lives on the thread that called from Python (the search's coordinating thread) and takes the
/// GIL only for a moment, at most every [`PYTHON_POLL`].
pub(crate) struct PyMonitor {
    deadline: Option<Instant>,
    progress: Option<Py<PyAny>>,
    /// The error that stopped the search (Ctrl-C, or the progress callback raised).
    pub(crate) interrupted: RefCell<Option<PyErr>>,
    last_signals: Cell<Instant>,
    last_progress: Cell<Option<Instant>>,
}

impl PyMonitor {
    pub(crate) fn new(seconds: Option<f64>, progress: Option<Py<PyAny>>) -> Self {
        let now = Instant::now();
        PyMonitor {
            deadline: seconds.map(|s| now + Duration::from_secs_f64(s.clamp(0.0, 1e9))),
            progress,
            interrupted: RefCell::new(None),
            last_signals: Cell::new(now),
            last_progress: Cell::new(None),
        }
    }
}

impl PyMonitor {
    /// Tells the progress callback, if any, how many positions a search without depths (the
    /// Nemesis and Cat Herding searches) has visited: `callback(nodes)`.
    pub(crate) fn count(&self, nodes: u64) {
        self.report(|py, callback| callback.call1(py, (nodes,)));
    }

    /// Calls the progress callback through `call`, at most every [`PYTHON_POLL`]; an error it
    /// raises stops the search as Ctrl-C does.
    fn report<T>(&self, call: impl FnOnce(Python<'_>, &Py<PyAny>) -> PyResult<T>) {
        let Some(callback) = &self.progress else {
            return;
        };
        let now = Instant::now();
        if self
            .last_progress
            .get()
            .is_some_and(|t| now.duration_since(t) < PYTHON_POLL)
        {
            return;
        }
        self.last_progress.set(Some(now));
        Python::attach(|py| {
            if let Err(e) = call(py, callback) {
                *self.interrupted.borrow_mut() = Some(e);
            }
        });
    }
}

impl Monitor for PyMonitor {
    fn should_stop(&self) -> bool {
        if self.interrupted.borrow().is_some() {
            return true;
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return true;
        }
        if now.duration_since(self.last_signals.get()) >= PYTHON_POLL {
            self.last_signals.set(now);
            if let Err(e) = Python::attach(|py| py.check_signals()) {
                *self.interrupted.borrow_mut() = Some(e);
                return true;
            }
        }
        false
    }

    fn progress(&self, p: &Progress) {
        let best = p.best.map(|b| b as i64).unwrap_or(-1);
        self.report(|py, callback| {
            callback.call1(py, (p.depth, p.mode.name(), p.nodes, p.lower_bound, best))
        });
    }

    fn remaining(&self) -> Option<f64> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64())
    }
}
