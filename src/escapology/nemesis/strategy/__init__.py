"""Strategy documents (format ``nemesis-strategy``, version 1): :mod:`~escapology.nemesis.strategy.document`
defines them and writes them, :mod:`~escapology.nemesis.strategy.stream` reads a large one from its
file without holding it in memory. The engines write them, the checkers read them; this package
imports neither.
"""
