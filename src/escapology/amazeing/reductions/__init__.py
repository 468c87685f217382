"""The reductions of Schwahn & Thielen (FUN 2018), one function per theorem.

* :func:`sat_to_labyrinth` — Theorem 3, 3SAT -> SP-Labyrinth, as the paper builds it
  (``escapology reduce amazeing-3sat``);
* :func:`reduce_3sat` — the project's own compact board for the same theorem
  (``escapology reduce amazeing-3sat-compact``);

Theorem 4 (QSAT -> SP-Versus-Labyrinth) is not built yet (docs/amazeing.md says how far it got).
"""

from escapology.amazeing.reduction import Reduction, reduce_3sat
from escapology.amazeing.reductions.common import Built, Label
from escapology.amazeing.reductions.theorem3 import sat_to_labyrinth

__all__ = ["Built", "Label", "Reduction", "reduce_3sat", "sat_to_labyrinth"]
