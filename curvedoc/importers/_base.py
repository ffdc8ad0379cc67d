"""What every importer shares: the run spec discovery hands it, the data it returns,
and small helpers for reading files safely (read-only, size-guarded, never modified)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where a frame is made (see curvedoc.model.run): discovery needs none
    import pandas as pd

from curvedoc._fmt import fmt_bytes
from curvedoc.errors import LoadError
from curvedoc.importers.context import current, entered, with_tree, with_windows
from curvedoc.model.run import ImportIssue

LFS_MAGIC = b"version https://git-lfs"

# The settings files readers pick up beside a log (hparams.yaml, training_args.json, config.yaml): small by nature;
# a 1 GB .json is data, not a config. One rule for what the cache keys a run by and what a remote run fetches.
SETTINGS_SUFFIXES = (".yaml", ".yml", ".json")
SETTINGS_MAX_BYTES = 1 << 20


def is_settings_file(name: str, size: int) -> bool:
    return name.lower().endswith(SETTINGS_SUFFIXES) and size < SETTINGS_MAX_BYTES


def max_file_bytes() -> int:
    """The per-file size limit in force: the :class:`~curvedoc.importers.context.ReadContext`'s (``max-file-mb`` or
    ``CURVEDOC_MAX_FILE_BYTES``, see its precedence rule), else
    :data:`~curvedoc.importers.context.DEFAULT_MAX_FILE_BYTES`."""
    return current().max_file_bytes


@dataclass
class RunSpec:
    """One run found by discovery, not yet read.

    ``format`` is the reader family (``tfevents``, ``hf-trainer-state``, ``csv``, ``json``,
    ``mlflow``, ``wandb``); ``files`` the files that belong to the run; ``prefixes`` maps a file
    to the tag prefix its tags get (``train/``, ``eval/`` for sub-folders merged into one run).
    Picklable: audit workers receive specs, not data.
    """

    root: Path
    name: str
    format: str
    files: list[Path]
    prefixes: dict[str, str] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass
class RunData:
    """What a reader returns for one run."""

    frame: pd.DataFrame
    source: str
    hparams: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    issues: list[ImportIssue] = field(default_factory=list)
    # when one spec holds several runs (two unrelated runs written into one folder)
    name_suffix: str = ""


def check_file(path: Path) -> int:
    """Stat a file before reading it: exists, is a regular file, readable, under the size guard.

    Returns its size. Raises :class:`LoadError` with a one-line reason otherwise.
    """
    try:
        st = path.stat()
    except PermissionError:
        raise LoadError(path, "permission denied", kind="unreadable") from None
    except FileNotFoundError:
        raise LoadError(path, "file not found (broken link?)", kind="unreadable") from None
    except OSError as exc:
        raise LoadError(path, f"cannot stat: {exc.strerror or exc}", kind="unreadable") from None
    if not path.is_file():
        raise LoadError(path, "not a regular file", kind="unreadable")
    limit = max_file_bytes()
    if st.st_size > limit:
        raise LoadError(
            path,
            f"file is {fmt_bytes(st.st_size)}, over the {fmt_bytes(limit)} per-file limit "
            "(raise it with CURVEDOC_MAX_FILE_BYTES or max-file-mb)",
            kind="too-large",
        )
    if not os.access(path, os.R_OK):
        raise LoadError(path, "permission denied", kind="unreadable")
    return st.st_size


# Byte windows (curvedoc watch): while a window is set for a path, the readers see only those bytes -- the part
# of a growing file appended since the last poll (plus, for a CSV, its header) -- so a poll costs what was
# appended, not the file. They are part of the ReadContext in force: a watch in one thread never changes what
# another thread reads.
def byte_windows(windows: dict[str, bytes]):
    """Make :func:`read_bytes`, :func:`open_binary` and :func:`file_size` see ``windows[str(path)]`` instead of
    the file, for the duration of a block (:func:`curvedoc.importers.context.with_windows`)."""
    return with_windows(windows)


def _window(path) -> bytes | None:
    ctx = entered()
    return None if ctx is None else ctx.window(path)


def windowed(path) -> bool:
    """True while a byte window stands for ``path`` (a watch poll reading what was appended to it)."""
    return _window(path) is not None


def _gz(path) -> bool:
    return os.fspath(path).lower().endswith(".gz")


def open_binary(path, buffering: int = -1):
    """``open(path, 'rb')`` (a ``.gz`` file decompressed on the fly), or the path's byte window when one is set."""
    w = _window(path)
    if w is not None:
        import io

        return io.BytesIO(w)
    if _gz(path):
        import gzip

        return gzip.open(path, "rb")
    return open(path, "rb", buffering=buffering)


def open_regular(path):
    """``path`` opened for reading (raw bytes, no window), non-blocking, then checked to be a regular file: a log
    swapped for a FIFO (or a device) between a check and the open cannot hang the caller (``curvedoc watch``
    polling a growing file). OSError otherwise."""
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path}: not a regular file (a FIFO or a device): not read")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _gunzip(path) -> bytes:
    """A ``.gz`` file's content, refusing more than the per-file limit (a gzip bomb must not fill memory)."""
    import gzip
    import zlib

    limit = max_file_bytes()
    chunks, total = [], 0
    try:
        with gzip.open(path, "rb") as fh:
            while True:
                b = fh.read(1 << 20)
                if not b:
                    break
                total += len(b)
                if total > limit:
                    raise LoadError(path, f"decompresses to more than the {fmt_bytes(limit)} per-file limit",
                                    kind="too-large")
                chunks.append(b)
    except (OSError, EOFError, zlib.error) as exc:
        if chunks:  # a truncated .gz (a run killed mid-write): keep what decompressed
            return b"".join(chunks)
        raise LoadError(path, f"not a readable gzip file: {exc}", kind="unreadable") from None
    return b"".join(chunks)


def file_size(path) -> int:
    w = _window(path)
    return len(w) if w is not None else os.path.getsize(path)


def read_bytes(path: Path) -> bytes:
    """Read a whole file read-only after the size guard (or its byte window, when one is set)."""
    w = _window(path)
    if w is not None:
        return w
    check_file(path)
    if _gz(path):
        return _gunzip(path)
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except PermissionError:
        raise LoadError(path, "permission denied", kind="unreadable") from None
    except OSError as exc:
        raise LoadError(path, f"cannot read: {exc.strerror or exc}", kind="unreadable") from None


def walk_files(top: Path, issues: list[ImportIssue]) -> list[tuple[str, Path]]:
    """Every regular file under ``top`` as (key rebuilt with '/', path), sorted by key (MLflow's metrics/ and
    params/, DVCLive's plots/metrics/: a '/' in a logged name is stored as sub-folders). A folder that cannot
    be read is reported in ``issues``; symlinked folders are not followed."""
    out: list[tuple[str, Path]] = []

    def onerror(err: OSError) -> None:
        issues.append(ImportIssue("unreadable", f"cannot read folder: {err.strerror or err}",
                                  file=str(err.filename or top)))

    for dirpath, dirnames, filenames in os.walk(top, onerror=onerror, followlinks=False):
        dirnames.sort()
        for f in sorted(filenames):
            p = Path(dirpath) / f
            if not p.is_file():
                continue
            out.append((p.relative_to(top).as_posix(), p))
    out.sort(key=lambda kp: kp[0])
    return out


# A listing of object storage that discovery is walking (remote.RemoteTree): while one is in the ReadContext,
# head_bytes answers from the heads fetched for it, not from the local disk.
def remote_view(tree):
    """Read heads from ``tree`` for the duration of a block (:func:`curvedoc.importers.context.with_tree`)."""
    return with_tree(tree)


def active_tree():
    ctx = entered()
    return None if ctx is None else ctx.tree


def head_bytes(path: Path, n: int = 4096) -> bytes:
    tree = active_tree()
    if tree is not None:
        return tree.head(path, n)
    try:
        if _gz(path):
            import gzip
            import zlib

            try:
                with gzip.open(path, "rb") as fh:
                    return fh.read(n)
            except (EOFError, zlib.error, OSError):
                return b""
        with open(path, "rb") as fh:
            return fh.read(n)
    except OSError:
        return b""


# the buffer a copy or upload moves a file in: a file cut short by one ends at a multiple of it
COPY_BLOCK = 4096


def copy_cut(size: int) -> bool:
    """Whether a file that ends inside a record, ``size`` bytes long, was cut by a copy or an upload rather than
    left so by its writer: a writer stopped mid-record leaves a file of any size, a copy cut short stops at a buffer
    boundary (a whole number of 4 KiB blocks) -- and then how much came after is unknown, not just one record."""
    return size % COPY_BLOCK == 0


def is_lfs_pointer(head: bytes) -> bool:
    return head.startswith(LFS_MAGIC)


def looks_utf16le(head: bytes) -> bool:
    """UTF-16-LE text without a BOM (PowerShell redirection): NUL at most odd offsets of the first 4 KB and
    almost none at even ones (a NUL-damaged UTF-8 file has its NULs in runs, at both)."""
    odd, even = head[1:4096:2], head[0:4096:2]
    return len(head) > 64 and odd.count(0) > 0.4 * len(odd) and even.count(0) < 0.05 * len(even)


def decode_text(data: bytes, path: Path, issues: list[ImportIssue]) -> str:
    """Decode text as UTF-8 (BOM tolerated); invalid bytes become U+FFFD and are reported once."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("utf-8", errors="replace")
        issues.append(
            ImportIssue(
                "invalid-utf8",
                "file is not valid UTF-8; undecodable bytes were replaced",
                file=str(path),
                count=text.count("\ufffd"),
            )
        )
        return text


NONFINITE_STRINGS = {"NaN": float("nan"), "nan": float("nan"), "Infinity": float("inf"), "inf": float("inf"),
                     "-Infinity": float("-inf"), "-inf": float("-inf")}


def json_number(v: Any, nonfinite_strings: bool = False) -> float | None:
    """A decoded JSON value as a float, or None when it is not a number (bool, str, null, list, dict).

    Integers too large for a float (10**400) are not numbers here; with ``nonfinite_strings`` the strings
    "NaN"/"Infinity"/"-Infinity" (how some writers spell them) are the non-finite floats."""
    if isinstance(v, bool):
        return None
    if isinstance(v, float):
        return v
    if isinstance(v, int):
        try:
            return float(v)
        except OverflowError:
            return None
    if nonfinite_strings and isinstance(v, str):
        return NONFINITE_STRINGS.get(v)
    return None


# ----------------------------------------------------------------------------- points collected one by one
def tags_from_codes(codes, code_of: dict[str, int]) -> pd.Categorical:
    """The tag column from ``codes`` (a typed array of int32, ``code_of`` giving each tag's code in first-seen order,
    as a reader collects them point by point): categories sorted, as ``pd.Categorical`` of the tag strings
    would make them (so the frame is the same whichever way it is built)."""
    import numpy as np
    import pandas as pd

    names = sorted(code_of)
    remap = np.empty(max(len(code_of), 1), dtype=np.int32)
    for new, name in enumerate(names):
        remap[code_of[name]] = new
    return pd.Categorical.from_codes(remap[np.frombuffer(codes, dtype=np.int32)] if len(codes) else
                                     np.empty(0, dtype=np.int32), categories=names)


def repeated_points(frame: pd.DataFrame, skip: str | None = None) -> tuple[list[str], int]:
    """(sorted tags, count) of the points that repeat a (tag, step) written before them, tag ``skip`` aside; computed
    on the integer codes (``DataFrame.duplicated`` on a filtered copy of the frame took a copy and a hash table
    of every point)."""
    import numpy as np

    cats = frame["tag"].cat.categories
    c = frame["tag"].cat.codes.to_numpy()
    s = frame["step"].to_numpy()
    where = np.flatnonzero(cats == skip) if skip is not None else []
    if len(where):
        keep = c != where[0]
        c, s = c[keep], s[keep]
    if len(c) < 2:
        return [], 0
    order = np.lexsort((s, c))  # stable: equal (tag, step) pairs keep their order, the first stays the original
    cs, ss = c[order], s[order]
    rep = (cs[1:] == cs[:-1]) & (ss[1:] == ss[:-1])
    n = int(rep.sum())
    return (sorted({str(cats[i]) for i in np.unique(cs[1:][rep])}), n) if n else ([], 0)
