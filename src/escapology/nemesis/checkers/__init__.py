"""The independent checkers: a certificate replayed against every reply of the opponent.

They never call a solver and import no engine (only the model, the strategy documents and each
other): :mod:`~escapology.nemesis.checkers.check` sends a certificate to the checker of its player
(:mod:`~escapology.nemesis.checkers.fugitive`, :mod:`~escapology.nemesis.checkers.nemesis` with the
trap rule and Blizzard's trap regions, :mod:`~escapology.nemesis.checkers.cat`);
:mod:`~escapology.nemesis.checkers.escape_tree` checks binary escape trees;
:mod:`~escapology.nemesis.checkers.node_table` holds a Nemesis strategy in flat arrays and
:mod:`~escapology.nemesis.checkers.base` what they share (name look-ups, the position memo).
"""
