"""The one way every game reads a user's file or standard input: bounded, never blocking, every
failure an :class:`~escapology.core.errors.InputError` that names the file.

- Only a regular file or standard input is read. A FIFO, a device (``/dev/zero``), a socket or a
  directory is refused at once (exit 2): a FIFO is opened without waiting for a writer, so that
  ``solve fifo.lp -t 5`` cannot hang before its deadline even starts to matter.
- At most :data:`MAX_INPUT_BYTES` are read (the size is checked before the bytes are, from the
  file's metadata, and the read itself stops one byte after the limit, in case the file grows).
- Every operating-system error (``EIO`` from ``/proc/self/mem``, a name too long, ...) is one line
  naming the file; bytes that are not UTF-8 name the line of the first bad byte.
- JSON is parsed by :func:`parse_json`, which turns nesting deeper than the parser can follow into
  an :class:`InputError` instead of a ``RecursionError``.

>>> import tempfile, os
>>> fifo = os.path.join(tempfile.mkdtemp(), "fifo.lp"); os.mkfifo(fifo)
>>> read_text_file(fifo)
Traceback (most recent call last):
...
escapology.core.errors.InputError: ...fifo.lp: is a FIFO (a named pipe), not a regular file: give a file, or pipe it into standard input as -
>>> parse_json("[" * 100000 + "]" * 100000, "deep.json")
Traceback (most recent call last):
...
escapology.core.errors.InputError: deep.json: JSON nested too deeply (arrays and objects inside each other beyond what can be read)
"""

from __future__ import annotations

import json
import os
import stat
import sys
from typing import Any, BinaryIO

from escapology.core.errors import InputError

__all__ = ["MAX_INPUT_BYTES", "STDIN", "decode_text", "parse_json", "read_stdin", "read_text_file"]

#: the largest file or standard input read (1 GiB: the largest inputs the games document, a
#: Nemesis graph of 4 M vertices or a Roma file of a million URLs, are a few hundred MB)
MAX_INPUT_BYTES = 1 << 30

#: the name standard input goes by in messages
STDIN = "<stdin>"

_KINDS = ((stat.S_ISFIFO, "a FIFO (a named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory"))


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


def _short(name: str) -> str:
    return name if len(name) <= 80 else name[:77] + "..."


def _too_large(size: int, limit: int) -> str:
    return f"is larger than the {limit:,} bytes read at most (at least {size:,} bytes)"


#: What a reader asks for at a time beyond the size it expects
_PIECE = 1 << 20


def _read_bounded(fh: BinaryIO, name: str, limit: int, expected: int = 0) -> bytes:
    """At most ``limit`` bytes of ``fh`` (more is an :class:`InputError`), read in pieces: the
    ``expected`` size (a regular file's) and one byte more first, then a MiB at a time. It never
    asks for ``limit`` bytes at once, since a buffer that size would be allocated before anything
    is read (under ``--memory`` that allocation alone fails)."""
    parts: list[bytes] = []
    total = 0
    want = min(expected, limit) + 1 if expected > 0 else _PIECE
    while total <= limit:
        part = fh.read(min(want, limit + 1 - total))
        if not part:
            break
        parts.append(part)
        total += len(part)
        want = _PIECE
    if total > limit:
        raise InputError(_too_large(total, limit), file=name)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def read_text_file(path: "str | os.PathLike[str]", limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes; anything else (a missing file,
    a directory, a FIFO or device, a larger file, a read error, a name the system refuses, bytes
    that are not UTF-8) is an :class:`InputError` naming the file.

    >>> read_text_file("x" * 5000)
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...: cannot read it: File name too long
    >>> read_text_file("/dev/zero")
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: /dev/zero: is a character device, not a regular file: give a file, or pipe it into standard input as -
    """
    name = os.fspath(path)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens at once, without a writer
    except FileNotFoundError:
        raise InputError("no such file", file=name) from None
    except IsADirectoryError:
        raise InputError("is a directory", file=name) from None
    except PermissionError:
        raise InputError("permission denied", file=name) from None
    except OSError as exc:  # a name the system refuses (too long, ...): named short, never a traceback
        raise InputError(f"cannot read it: {exc.strerror or exc}", file=_short(name)) from None
    try:
        with os.fdopen(fd, "rb") as fh:
            mode = os.fstat(fh.fileno())
            for test, kind in _KINDS:
                if test(mode.st_mode):
                    raise InputError(f"is {kind}, not a regular file: give a file, or pipe it into standard input as -",
                                     file=name)
            if mode.st_size > limit:
                raise InputError(_too_large(mode.st_size, limit), file=name)
            data = _read_bounded(fh, name, limit, mode.st_size)
    except OSError as exc:  # EIO and its kin while reading
        raise InputError(f"cannot read it: {exc.strerror or exc}", file=_short(name)) from None
    return decode_text(data, name)


def read_stdin(limit: int = MAX_INPUT_BYTES) -> str:
    """Standard input as text (at most ``limit`` bytes; a device other than a terminal, such as
    ``< /dev/zero``, is refused); an :class:`InputError` names ``<stdin>``."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a replaced sys.stdin (tests) that only has text
        return sys.stdin.read()
    try:
        fileno = buffer.fileno()
    except (OSError, ValueError):  # not a real file (a test's BytesIO)
        fileno = None
    try:
        if fileno is not None and not os.isatty(fileno):
            mode = os.fstat(fileno).st_mode
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISDIR(mode):
                raise InputError("is a device, not a file or a pipe", file=STDIN)
        data = _read_bounded(buffer, STDIN, limit)
    except OSError as exc:
        raise InputError(f"cannot read it: {exc.strerror or exc}", file=STDIN) from None
    return decode_text(data, STDIN)


def parse_json(text: str, file: str | None = None) -> Any:
    """``json.loads(text)``; nesting deeper than the parser follows (a ``RecursionError``) is an
    :class:`InputError` naming ``file``. Other errors are ``json.JSONDecodeError`` as usual."""
    try:
        return json.loads(text)
    except RecursionError:
        raise InputError("JSON nested too deeply (arrays and objects inside each other beyond what can be read)",
                         file=file) from None
