"""What several games truly share: facts parsing, results, errors, limits, SVG and CLI helpers."""

from escapology.core.errors import InputError
from escapology.core.limits import Deadline

__all__ = ["InputError", "Deadline"]
