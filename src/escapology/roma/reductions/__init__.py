"""Formula-level pieces of Theorem 2's reduction (PLANAR 3SAT -> Roma).

Only what is proven is here: :mod:`.planarize` turns any CNF with clauses of at most three
literals into a planar one with the same number of models (Lichtenstein's layout and crossover,
which Theorem 9 relies on). The Roma gadgets that would turn a planar formula into a board are
not built; docs/roma.md ("Theorem 2's reduction: not built") says how far they got.
"""
