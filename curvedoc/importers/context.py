"""What a reader may read and how: one frozen :class:`ReadContext`, in force for a block of reading.

    ctx = ReadContext.from_settings(settings)       # max-file-mb, the event-file reader
    with use(ctx):                                  # or: read_spec(spec, roles, ctx)
        runs = read_spec(spec)

A context carries the per-file size limit (``max_file_bytes``), the event-file reader (``reader``: curvedoc's own
decoder or tbparse), the byte windows of a watch poll (``windows``: while one stands for a path, the readers see
only those bytes -- what was appended since the last poll) and the object-storage listing discovery is walking
(``tree``: the heads of files come from it, not from the local disk). It is immutable: a block that needs a
different one enters a new one (:func:`use`, :func:`with_windows`, :func:`with_tree`), and leaving the block puts
the previous one back -- so a long-lived worker never keeps an earlier audit's limits. It lives in a
:class:`contextvars.ContextVar`: one thread's (or task's) reading never changes what another reads. With no context
entered, readers get :func:`ReadContext.from_settings` of no settings (the environment, else the defaults).

Who passes it: :func:`curvedoc.importers.read_spec`, ``read_into`` and ``load_all`` take one (``context=``); the
engine builds one from its frozen Settings per diagnosis, comparison, audit worker or Dask batch
(:func:`curvedoc.importers.reading_context`) and passes it to every read -- nothing is installed for a process. The readers keep their one-argument signature
``read(spec)``: the file helpers every reader goes through (``check_file``, ``read_bytes``, ``open_binary``,
``file_size``, ``head_bytes`` in :mod:`curvedoc.importers._base`) consult the context in force.

**Precedence** (docs/guide.md, Configuration): the command line wins over the environment, which wins over the
config file, which wins over the default. Here: ``CURVEDOC_MAX_FILE_BYTES`` over ``max-file-mb``, ``--reader`` over
``reader``; :mod:`curvedoc._guard` resolves the time and memory limits in the same order.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import os
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

# Default per-file size guard (bytes): a 50 GB file must not stall an audit.
DEFAULT_MAX_FILE_BYTES = 2 * 1024**3
MAX_FILE_ENV = "CURVEDOC_MAX_FILE_BYTES"
DEFAULT_READER = "native"
READERS = ("native", "tbparse")  # event-file readers: curvedoc's own decoder, or tbparse as a reference


def _env_max_file_bytes() -> int | None:
    env = os.environ.get(MAX_FILE_ENV)
    if env:
        try:
            return int(float(env))
        except ValueError:
            pass
    return None


@dataclass(frozen=True)
class ReadContext:
    """The reading limits and views in force (see the module's documentation); build one with
    :meth:`from_settings`, change one with :func:`dataclasses.replace`."""

    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    reader: str = DEFAULT_READER
    windows: Mapping[str, bytes] = field(default_factory=dict)  # absolute path -> the bytes readers see instead
    tree: Any = None  # curvedoc.importers.remote.RemoteTree while discovery walks object storage

    def __post_init__(self):
        if self.reader not in READERS:
            raise ValueError(f"unknown event-file reader {self.reader!r} (known: {', '.join(READERS)})")

    @classmethod
    def from_settings(cls, settings: Any = None) -> "ReadContext":
        """The context the settings ask for (``max-file-mb``, ``reader``; the CLI's ``--reader`` is merged into the
        settings already), under the precedence rule: ``CURVEDOC_MAX_FILE_BYTES`` wins over ``max-file-mb``."""
        limit = _env_max_file_bytes()
        if limit is None and settings is not None:
            limit = settings.max_file_bytes()
        reader = getattr(settings, "reader", None) or DEFAULT_READER
        return cls(max_file_bytes=limit or DEFAULT_MAX_FILE_BYTES, reader=reader)

    def window(self, path) -> bytes | None:
        """The byte window standing for ``path``, or None (read the file)."""
        return self.windows.get(os.path.abspath(os.fspath(path))) if self.windows else None


_CURRENT: contextvars.ContextVar[ReadContext | None] = contextvars.ContextVar("curvedoc_read_context", default=None)


def current() -> ReadContext:
    """The context in force: the one entered last in this thread, else the environment's and the defaults."""
    ctx = _CURRENT.get()
    return ctx if ctx is not None else ReadContext.from_settings(None)


def entered() -> ReadContext | None:
    """The context entered in this thread, or None (nothing entered: the environment's and the defaults)."""
    return _CURRENT.get()


@contextlib.contextmanager
def use(ctx: ReadContext) -> Iterator[ReadContext]:
    """``ctx`` for the duration of a block; the previous context is back afterwards."""
    token = _CURRENT.set(ctx)
    try:
        yield ctx
    finally:
        _CURRENT.reset(token)


def install(ctx: ReadContext) -> None:
    """``ctx`` for the rest of this thread's life (an audit worker process's main thread, from its start); a
    :func:`use` block around it still restores what was there before."""
    _CURRENT.set(ctx)


@contextlib.contextmanager
def with_windows(windows: Mapping[str, bytes]) -> Iterator[ReadContext]:
    """The current context plus byte windows (``{path: bytes}``) for the duration of a block."""
    ctx = current()
    merged = {**ctx.windows, **{os.path.abspath(k): v for k, v in windows.items()}}
    with use(dataclasses.replace(ctx, windows=merged)) as new:
        yield new


@contextlib.contextmanager
def with_tree(tree: Any) -> Iterator[ReadContext]:
    """The current context reading heads from ``tree`` (an object-storage listing) for the duration of a block."""
    with use(dataclasses.replace(current(), tree=tree)) as new:
        yield new


__all__ = ["DEFAULT_MAX_FILE_BYTES", "READERS", "ReadContext", "current", "entered", "install", "use", "with_tree",
           "with_windows"]
