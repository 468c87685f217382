"""The largest Nemesis instance the readers accept (the Python readers of :mod:`escapology.nemesis.io`
and the native one of :mod:`escapology.nemesis.native_instance` alike).

Read them as ``sizes.MAX_VERTICES`` (not ``from ... import``): a caller that lifts a limit sets it
here, once, for every reader.
"""

#: The most vertices a graph may have (the linear methods run on millions; the exact search is
#: exponential anyway).
MAX_VERTICES = 4_000_000
#: The most distinct edges a graph may have.
MAX_EDGES = 8_000_000
#: The largest multiplicity of one edge (more copies than vertices behave alike anyway).
MAX_MULTIPLICITY = 10**9
#: The most facts the Python reader takes from one file (intervals expanded): every fact is a
#: Python object there. Files in the plain form are read natively
#: (:func:`escapology.nemesis.io.load_native`), bounded by :data:`MAX_VERTICES` and
#: :data:`MAX_EDGES` only.
MAX_FACTS = 2_100_000
