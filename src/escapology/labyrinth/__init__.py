"""The Labyrinth of the ASP Competition (System Track, 2011 onwards): fewest pushes to the goal.

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`,
:func:`check`, :func:`generate`, :func:`render`.

>>> from escapology.labyrinth import Instance, solve, check
>>> inst = Instance.from_grid(["╷╴", "└ "], init=(1, 1), goal=(2, 2), max_steps=2)
>>> result = solve(inst)
>>> result.facts(), result.optimal
('push(1,n,1).', True)
>>> check(inst, result.certificate).ok
True
"""

import lazy_loader

# imported on first use (PEP 562, lazy_loader): `import escapology.<pkg>` and the command line stay light
__getattr__, __dir__, _ = lazy_loader.attach(__name__, submod_attrs={
    "checker": ["check_plan"],
    "spec": ["ENGINES"],
    "generator": ["generate_instance"],
    "io": ["format_instance", "parse_instance", "parse_plan", "read_instance"],
    "model": ["Board", "Instance", "Plan", "Push", "all_pushes", "plan_facts"],
    "drawing": ["plan_svg", "replay", "text_frames"],
    "result": ["Result", "SolveResult"],
    "api": ["check", "generate", "load", "render", "solve"],
})

__all__ = [
    "Board", "ENGINES", "Instance", "Plan", "Push", "Result", "SolveResult", "all_pushes", "check", "check_plan",
    "format_instance", "generate", "generate_instance", "load", "parse_instance", "parse_plan", "plan_facts",
    "plan_svg", "read_instance", "render", "replay", "solve", "text_frames",
]
