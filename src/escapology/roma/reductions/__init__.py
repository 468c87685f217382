"""Theorem 2's reduction (PLANAR 3SAT -> Roma, parsimonious), built crossing-free.

:mod:`.layout` draws a 3-CNF with its variables on one line and its clauses above and below without
crossings, monotone by copies; :mod:`.gadgets` holds the board pieces with their proofs; :mod:`.board`
assembles them; :mod:`.planar3sat` is ``escapology reduce roma-planar3sat``. :mod:`.planarize` is
Lichtenstein's planarization (parsimonious) and a line drawing of his crossover as a swap, which the
reduction does not use yet (docs/roma.md: crossovers). :mod:`.frame` frames a piece for its tests.
"""
