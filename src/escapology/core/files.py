"""The one writer of every verb's ``-o FILE`` (``solve``, ``generate``, ``render``, ``reduce``,
``results``, ``report``): the file appears whole or not at all, with the mode any new file gets.

The text (or bytes) go to a temporary file beside the target, which replaces the target when the
writing ends without an error (an error removes it: no half-written answer or picture is left).
A new file gets ``0666`` less the process's umask, as ``open()`` would give it (``0644`` under the
usual umask ``022``; a temporary file alone would stay ``0600``); an existing file keeps its mode.
A target that is not a regular file (``/dev/stdout``, a named pipe) is written in place, and a
symbolic link is followed (the file it names is replaced, the link stays). A target that cannot
be written is an :class:`~escapology.core.errors.InputError` naming it (exit 2).

>>> import os, tempfile
>>> d = tempfile.mkdtemp()
>>> path = write_text(os.path.join(d, "a.txt"), "hello\\n")
>>> oct(os.stat(path).st_mode & 0o777) == oct(new_file_mode())
True
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from escapology.core.errors import InputError


def umask() -> int:
    """The process's umask (read from ``/proc`` where it is shown, else set and restored)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old


def new_file_mode() -> int:
    """The mode a new file gets: ``0666`` less the umask."""
    return 0o666 & ~umask()


class OutputFile:
    """``with OutputFile(path) as out: out.file.write(...)``: the target written whole (module
    docstring). ``keep`` decides at the end whether the target is written: ``None`` (the default)
    keeps it when the block ends without an exception; a caller sets it ``True`` or ``False`` to
    decide itself (``solve -o`` keeps an answer whose command exits 1 or 3)."""

    def __init__(self, path: str | os.PathLike[str], *, binary: bool = False) -> None:
        self.target = Path(path)
        self.binary = binary
        self.keep: bool | None = None
        self.file: IO[Any]
        self._part: str | None = None
        #: the path the block's bytes go to: the temporary file, or the target written in place
        #: (for a writer that opens it by name itself, as the native strategy writers do)
        self.path: Path = self.target

    def __enter__(self) -> "OutputFile":
        real = Path(os.path.realpath(self.target))
        mode = "wb" if self.binary else "w"
        encoding = None if self.binary else "utf-8"
        try:
            if real.exists() and not real.is_file() and not real.is_dir():  # a device or a pipe: in place
                self.path = real
                self.file = open(real, mode, encoding=encoding)
                return self
            if real.is_dir():
                raise IsADirectoryError(21, "is a directory")
            fd, self._part = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".part", dir=real.parent)
        except OSError as exc:
            raise InputError(f"{self.target}: cannot write there ({exc.strerror})") from None
        self._real = real
        self.path = Path(self._part)
        try:  # the final mode at once: a file renamed by whoever ends the process has it too
            os.fchmod(fd, stat.S_IMODE(os.stat(real).st_mode) if real.exists() else new_file_mode())
        except OSError:
            pass
        self.file = os.fdopen(fd, mode, encoding=encoding)
        return self

    def pending(self) -> "tuple[str, Path] | None":
        """``(temporary file, target)`` while the block runs (None when the target is written in
        place, a device or a pipe): what a process ended from outside renames
        (:func:`escapology.core.cli_support.deliver_answer_file`)."""
        return None if self._part is None else (self._part, self._real)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.file.close()
        part = self._part
        if part is None:
            return
        keep = self.keep if self.keep is not None else kind is None
        if not keep:
            os.unlink(part)
            return
        try:
            try:
                mode = stat.S_IMODE(os.stat(self._real).st_mode)
            except FileNotFoundError:
                mode = new_file_mode()
            os.chmod(part, mode)
            os.replace(part, self._real)
        except OSError as err:
            os.unlink(part)
            if kind is None:
                raise InputError(f"{self.target}: cannot write there ({err.strerror})") from None

    def written(self) -> int:
        """How many bytes were written so far."""
        self.file.flush()
        return os.fstat(self.file.fileno()).st_size


def write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` whole, with the mode of a new file; returns the path."""
    with OutputFile(path) as out:
        out.file.write(text)
    return Path(path)


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` whole, with the mode of a new file; returns the path."""
    with OutputFile(path, binary=True) as out:
        out.file.write(data)
    return Path(path)
