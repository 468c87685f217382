"""Errors for a user's bad input.

An :class:`InputError` names the file, the line and what is wrong. The CLI prints it as one line
(``FILE:LINE: message``) and exits with code 2; it never shows a traceback for a user's mistake.
"""

from __future__ import annotations



class InputError(ValueError):
    """Bad input from the user: a file that does not parse or describes an impossible instance.

    >>> str(InputError("unknown direction 'x'", file="board.lp", line=7))
    "board.lp:7: unknown direction 'x'"
    >>> str(InputError("--size must be positive"))
    '--size must be positive'
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line

    def with_file(self, file: str) -> "InputError":
        """Return the same error, naming ``file`` if it names none yet."""
        if self.file is None:
            self.file = file
        return self

    def __str__(self) -> str:
        if self.file is None and self.line is None:  # about an option or an argument, not a file
            return self.message
        where = self.file or "<input>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}"
