"""escapology: solve, check, generate and render the escape and path-planning games of the
complexity literature.

Every game lives in its own sub-package (``escapology.labyrinth``, ``escapology.roma`` ...) and is
usable from Python first; the ``escapology`` command line is a thin layer over those functions.
"""

__version__ = "0.1.0"
