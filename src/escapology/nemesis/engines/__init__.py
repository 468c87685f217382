"""The engines of Nemesis, Blizzard and Cat Herding: what finds the winner and its strategy.

- :mod:`~escapology.nemesis.engines.exact`: the exact engines (``exact``, ``exact-python``): the
  search chosen, the winner, the strategy written from the search's tables
  (:mod:`~escapology.nemesis.engines.extract`);
- :mod:`~escapology.nemesis.engines.native`: the bindings of the crate's exact searches (Nemesis,
  Blizzard, Cat Herding); :mod:`~escapology.nemesis.engines.exact_python`: the same search in
  Python, kept as the cross-check;
- :mod:`~escapology.nemesis.engines.linear` (``linear-python``) and
  :mod:`~escapology.nemesis.engines.linear_native` (``linear``): the paper's linear-time methods;
  :mod:`~escapology.nemesis.engines.escape_tree`: binary escape trees by SAT;
- :mod:`~escapology.nemesis.engines.cat`: Cat Herding's exact search and its certificate;
- :mod:`~escapology.nemesis.engines.base`: what the Python and the crate's searches share (the
  graph, the rules, the deadline, checked once).

Engines import the strategy documents, the model and :mod:`escapology.nemesis.checkers.base` (the
position memo); no checker imports an engine.
"""
