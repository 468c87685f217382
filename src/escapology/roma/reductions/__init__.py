"""Theorem 2's reduction (3SAT -> Roma, parsimonious), built crossing-free on the board.

:mod:`.layout` draws a 3-CNF with its variables on one line and its clauses above and below without
crossings, monotone by copies; :mod:`.crossings` routes the formulas that have no such drawing
through Lichtenstein's crossover drawn on the line as a swap; :mod:`.gadgets` holds the board pieces
with their proofs; :mod:`.board` assembles them; :mod:`.planar3sat` is ``escapology reduce
roma-planar3sat``. :mod:`.planarize` is Lichtenstein's planarization (parsimonious) and the line
drawing of his crossover that :mod:`.crossings` uses. :mod:`.frame` frames a piece for its tests.
"""
