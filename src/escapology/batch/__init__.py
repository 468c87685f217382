"""Batch runs: many instances with several engines into a results store, and reports.

``escapology batch`` (:func:`run_batch`), ``escapology results`` (:func:`~escapology.batch.store.to_csv`,
:func:`~escapology.batch.store.to_json`) and ``escapology report`` (:func:`write_report`); see
``docs/batch.md``. The batch is a thin layer over the protocol of every game
(:mod:`escapology.core.protocol`) and the registry (:mod:`escapology.games`).
"""

import lazy_loader

# imported on first use (PEP 562, lazy_loader): `import escapology.<pkg>` and the command line stay light
__getattr__, __dir__, _ = lazy_loader.attach(__name__, submod_attrs={
    "runner": ["BatchSummary", "run_batch", "select_engines"],
    "inputs": ["Item", "Inputs", "collect"],
    "store": ["COLUMNS", "Store", "to_csv", "to_json"],
    "task": ["Task", "run_task"],
    "report": ["write_report", "report_html"],
})

__all__ = ["BatchSummary", "COLUMNS", "Inputs", "Item", "Store", "Task", "collect", "report_html", "run_batch",
           "run_task", "select_engines", "to_csv", "to_json", "write_report"]
