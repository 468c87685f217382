"""Lazy package exports: ``escapology.<game>`` names its API without importing it.

A game's ``__init__`` lists what it exports and where it lives; a name's module is imported on
first use (PEP 562 module ``__getattr__``), so ``import escapology.chess`` (and the command line,
which imports only the game it runs) does not pay for numpy, networkx, pysat, clingo, ...

>>> import sys
>>> from escapology.core.lazy import lazy_package
>>> mod = type(sys)("demo_pkg")
>>> sys.modules["demo_pkg"] = mod
>>> mod.__getattr__, mod.__dir__ = lazy_package("demo_pkg", {"json": {"dumps": "dumps"}})
>>> mod.dumps([1])
'[1]'
>>> del sys.modules["demo_pkg"]
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any, Callable, Iterable, Mapping

#: the protocol's names: a submodule of the same name (every game has ``render.py``) never hides them
PROTOCOL = ("load", "solve", "check", "generate", "render")


class LazyPackage(ModuleType):
    """A package whose protocol names stay its functions when a same-named submodule is imported
    (the import system sets ``package.render = <module render>`` on ``import package.render``)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in PROTOCOL and isinstance(value, ModuleType):
            self.__dict__.pop(name, None)  # __getattr__ finds the function again
            return
        super().__setattr__(name, value)


def lazy_package(
    package: str, exports: Mapping[str, Mapping[str, str] | Iterable[str]],
    deprecated: Mapping[str, str] | None = None,
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return ``(__getattr__, __dir__)`` for ``package``.

    ``exports`` maps a module (absolute, or relative to ``package`` when it starts with ``.``) to
    the names it provides: a list of names, or ``{exported name: name in the module}``.
    ``deprecated`` maps exported names that are kept for one release to what replaces them: taking
    one from the package (``escapology.forest.load_instance``) warns once with a
    :class:`DeprecationWarning`; the modules themselves keep the function without a warning.
    ``dir()`` does not list them, so that tools walking a package (doctest, completion) do not warn.
    """
    deprecated = dict(deprecated or {})
    where: dict[str, tuple[str, str]] = {}
    for module, names in exports.items():
        full = package + module if module.startswith(".") else module
        pairs = names.items() if isinstance(names, Mapping) else ((n, n) for n in names)
        for exported, original in pairs:
            where[exported] = (full, original)
    pkg = sys.modules.get(package)
    if pkg is not None and type(pkg) is ModuleType:
        pkg.__class__ = LazyPackage

    def __getattr__(name: str) -> Any:
        try:
            module, original = where[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), original)
        if name in deprecated:
            import warnings

            warnings.warn(f"{package}.{name} is deprecated: use {deprecated[name]}", DeprecationWarning, stacklevel=2)
        ModuleType.__setattr__(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted((set(where) - set(deprecated)) | set(vars(sys.modules[package])))

    return __getattr__, __dir__
