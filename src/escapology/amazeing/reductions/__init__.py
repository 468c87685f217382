"""The reductions of Schwahn & Thielen (FUN 2018), one function per theorem.

* :func:`sat_to_labyrinth` — Theorem 3, 3SAT -> SP-Labyrinth, as the paper builds it
  (``escapology reduce amazeing-3sat``);
* :func:`reduce_3sat` — the project's own compact board for the same theorem (:mod:`.compact`)
  (``escapology reduce amazeing-3sat-compact``);
* :func:`qsat_to_versus` — Theorem 4, QSAT -> SP-Versus-Labyrinth, as the paper builds it
  (``escapology reduce amazeing-qsat``; :func:`check_prefix` says whether a QDIMACS prefix fits).
"""

from escapology.amazeing.reductions.compact import Reduction, reduce_3sat
from escapology.amazeing.reductions.common import Built, Label
from escapology.amazeing.reductions.theorem3 import sat_to_labyrinth
from escapology.amazeing.reductions.theorem4 import check_prefix, qsat_to_versus

__all__ = ["Built", "Label", "Reduction", "check_prefix", "qsat_to_versus", "reduce_3sat", "sat_to_labyrinth"]
