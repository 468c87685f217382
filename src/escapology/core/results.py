"""Answer statuses and the exit codes every command shares.

Exit codes: 0 the command answered, 2 bad input (:class:`~escapology.core.errors.InputError`),
3 a limit (``--timeout``) was reached without an answer.
"""

from __future__ import annotations

from enum import Enum

EXIT_OK = 0
EXIT_REJECTED = 1
EXIT_BAD_INPUT = 2
EXIT_LIMIT = 3


class Status(str, Enum):
    """The status of a solver's answer, as it appears in JSON output."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"

    def exit_code(self) -> int:
        """0 for an answer (solved or proven unsolvable), 3 for unknown.

        >>> Status.UNKNOWN.exit_code()
        3
        """
        return EXIT_LIMIT if self is Status.UNKNOWN else EXIT_OK
