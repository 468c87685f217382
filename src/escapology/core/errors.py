"""Errors for a user's bad input.

An :class:`InputError` names the file, the line and what is wrong. The CLI prints it as one line
(``FILE:LINE: message``) and exits with code 2; it never shows a traceback for a user's mistake.
"""

from __future__ import annotations

import os


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


def decode_text(data: bytes, file: str | None = None) -> str:
    """``data`` as UTF-8 text, or an :class:`InputError` naming ``file``, the line and the byte.

    >>> decode_text(b"edge(1,2).\\n\\xff\\xfe", file="g.lp")
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: g.lp:2: not UTF-8 text (byte 0xff at offset 11): is this a binary file?
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}): "
                         "is this a binary file?", file=file, line=line) from None


def read_text_file(path: "str | os.PathLike[str]") -> str:
    """The UTF-8 text of a file; a missing file, a directory, a name the system refuses (too long)
    or bytes that are not UTF-8 are an :class:`InputError` naming the file (and the line of the
    first bad byte).

    >>> read_text_file("x" * 5000)
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...: cannot read it: File name too long
    """
    name = os.fspath(path)
    try:
        with open(name, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise InputError("no such file", file=name) from None
    except IsADirectoryError:
        raise InputError("is a directory", file=name) from None
    except PermissionError:
        raise InputError("permission denied", file=name) from None
    except OSError as exc:  # a name the system refuses (too long, ...): named short, never a traceback
        shown = name if len(name) <= 80 else name[:77] + "..."
        raise InputError(f"cannot read it: {exc.strerror or exc}", file=shown) from None
    return decode_text(data, name)
