"""Strategy documents (format ``nemesis-strategy``, version 1) and the game's other certificates:
:mod:`~escapology.nemesis.strategy.document` defines the documents, writes them and types them
(:class:`~escapology.nemesis.strategy.document.Strategy`),
:mod:`~escapology.nemesis.strategy.certificate` types Cat Herding's certificate and Blizzard's trap
region beside it (``Result.certificate``), :mod:`~escapology.nemesis.strategy.stream` reads a large
document from its file without holding it in memory. The engines write them, the checkers read
them; this package imports neither.
"""
