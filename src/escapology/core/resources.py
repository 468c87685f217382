"""Objects that hold a resource until they are closed (a results database, a SAT solver)."""

from __future__ import annotations

from typing import Self

__all__ = ["Closing"]


class Closing:
    """The base of an object that holds a resource until :meth:`close`: ``with obj:`` closes it at
    the end of the block, as a file is.

    >>> class Held(Closing):
    ...     def close(self) -> None:
    ...         print("closed")
    >>> with Held():
    ...     pass
    closed
    """

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
