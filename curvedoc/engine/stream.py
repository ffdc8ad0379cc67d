"""Streamed, resumable audit results: one JSON line per run, written the moment the run is diagnosed.

    curvedoc audit s3://bucket/sweep --out results.jsonl            # a line per run as it finishes
    curvedoc audit s3://bucket/sweep --out results.jsonl --resume   # after a crash: only what is missing

The file starts with a header line (``{"curvedoc_version": ..., "stream": "audit-results", ...}``: discovery knows it
for curvedoc's own output and never reads it as a run). Each later line is one run:

    {"key": "<input key>", "part": 0, "parts": 1, "run": {<the run's report, as in --format json>}}

``key`` is the run's input key (every input file's size and mtime -- or size and ETag in object storage -- plus the
settings and curvedoc's code: the cache's key); ``part``/``parts`` count the runs one input holds (an MLflow store
holds many). A line is written whole and flushed, so a killed audit leaves at most one partial last line.

``--resume`` keeps the runs whose key is unchanged and complete (every part present), drops the rest (a partial
line, a run whose inputs changed, a run no longer in the sweep) and diagnoses only what is missing: no run is lost
or counted twice. The sweep report (ranking, separating hyperparameters, HTML) is built from these records, which
hold findings only, never curves' frames.
"""

from __future__ import annotations

import json
import math
import os
import stat
import time
from pathlib import Path
from typing import Any, Iterator

from curvedoc.vocab import SEVERITIES

HEADER_KIND = "audit-results"
MAX_LINE_BYTES = 64 * 1024 * 1024  # a run's line is kilobytes; a longer one is not a record (skipped, read past)


def _open_regular(path: str | os.PathLike):
    """The file opened for reading when it is a regular file (symlinks followed), else None: a FIFO would block
    for good and ``/dev/zero`` is one endless line. Opened non-blocking, then checked, so a file swapped for a
    FIFO between a check and the open cannot hang the read either."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return None
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except OSError:
        os.close(fd)
        return None


def _bounded_lines(fh) -> Iterator[bytes]:
    """The lines of ``fh``, each at most MAX_LINE_BYTES (a longer one is read past in pieces and skipped)."""
    while True:
        line = fh.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = fh.readline(MAX_LINE_BYTES + 1)
            continue
        yield line


def _valid_run(d: Any) -> bool:
    """A run record as ``audit --out`` writes it (the fields the sweep report reads, with their types): a hand-edited
    or damaged line is dropped (its run diagnosed again by --resume), never a crash of every later resume."""
    from curvedoc.engine.report import RunReport

    def num(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)

    def step(x):
        return x is None or (isinstance(x, int) and not isinstance(x, bool))

    if not (isinstance(d, dict) and isinstance(d.get("run"), str) and isinstance(d.get("status"), str)
            and num(d.get("score", 0)) and isinstance(d.get("findings", []), list)):
        return False
    for key, kind in (("roles", dict), ("tags", dict), ("hparams", dict), ("summary", dict), ("coverage", dict),
                      ("issues", list), ("skipped", list), ("errors", list), ("top_causes", list)):
        if d.get(key) is not None and not isinstance(d[key], kind):
            return False
    if not all(isinstance(i, dict) for i in d.get("issues") or []):
        return False
    for f in d.get("findings") or []:
        if not (isinstance(f, dict) and all(isinstance(f.get(k), str) for k in ("code", "name", "message"))
                and f.get("severity") in SEVERITIES and num(f.get("confidence")) and step(f.get("step"))):
            return False
        st = f.get("steps")
        if st is not None and not (isinstance(st, list) and len(st) == 2 and all(step(x) and x is not None for x in st)):
            return False
    try:
        RunReport.from_dict(d)
    except Exception:
        return False
    return True


class StreamLock:
    """One writer per results file: an exclusive lock on ``.<name>.lock`` beside it (removed on release). A second
    audit on the same ``--out`` fails at once with a ConfigError (exit 2) instead of losing the first one's lines."""

    def __init__(self, path: str | os.PathLike):
        from curvedoc.errors import ConfigError

        self.path = Path(path)
        self.lock = self.path.with_name(f".{self.path.name}.lock")
        self.fd = None
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: no lock
            return
        while True:
            fd = os.open(self.lock, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                try:
                    who = os.read(fd, 64).decode("ascii", "replace").strip()
                finally:
                    os.close(fd)
                raise ConfigError(f"{self.path}: another audit is writing this results file"
                                  f"{f' (process {who})' if who.isdigit() else ''}; wait for it to end or choose "
                                  "another --out") from None
            try:
                same = os.stat(self.lock).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:  # not a lock file its previous holder removed meanwhile
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self.fd = fd

    def release(self) -> None:
        if self.fd is None:
            return
        try:
            os.unlink(self.lock)
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


def _header(target: str) -> dict[str, Any]:
    from curvedoc import __version__

    return {"curvedoc_version": __version__, "stream": HEADER_KIND, "target": target,
            "started": time.strftime("%Y-%m-%dT%H:%M:%S%z")}


def records(path: str | os.PathLike) -> Iterator[dict[str, Any]]:
    """The run records of a results stream, skipping the header and any line that is not a whole record (the
    partial last line of a killed audit)."""
    fh = _open_regular(path)
    if fh is None:
        return
    with fh:
        for line in _bounded_lines(fh):
            try:
                rec = json.loads(line.decode("utf-8", "replace"))
            except (ValueError, RecursionError):
                continue
            if not (isinstance(rec, dict) and isinstance(rec.get("key"), str) and type(rec.get("part")) is int
                    and type(rec.get("parts")) is int and 0 <= rec["part"] < max(1, rec["parts"]) <= 1_000_000):
                continue
            if "run" in rec and _valid_run(rec["run"]):
                yield rec
            elif "problem" in rec and "run" not in rec and (rec["problem"] is None or (
                    isinstance(rec["problem"], dict) and all(isinstance(v, str) for v in rec["problem"].values()))):
                yield rec


def _head(path: str | os.PathLike) -> dict[str, Any] | None:
    fh = _open_regular(path)
    if fh is None:
        return None
    try:
        with fh:
            first = fh.readline(1 << 16)
        head = json.loads(first)
    except (OSError, ValueError, RecursionError):
        return None
    return head if isinstance(head, dict) and head.get("stream") == HEADER_KIND else None


def is_stream(path: str | os.PathLike) -> bool:
    """A file that starts with a results-stream header."""
    return os.path.isfile(path) and _head(path) is not None


def target(path: str | os.PathLike) -> str | None:
    """The sweep a results stream was written for."""
    head = _head(path)
    return str(head.get("target")) if head and head.get("target") else None


def complete(path: str | os.PathLike) -> dict[str, list[dict[str, Any]]]:
    """Input key -> that input's result list (run dicts, ``{"_problem": ...}``) for every input whose parts are
    all present; duplicates of a part (an input diagnosed twice) count once."""
    groups: dict[str, dict[int, dict[str, Any]]] = {}
    sizes: dict[str, int] = {}
    for rec in records(path):
        k, n = rec["key"], rec["parts"]
        if sizes.setdefault(k, n) != n:
            continue
        groups.setdefault(k, {})[rec["part"]] = rec
    out = {}
    for k, parts in groups.items():
        n = sizes[k]
        if n == 0:
            out[k] = []
        elif n > 0 and set(parts) == set(range(n)):
            out[k] = [_result(parts[i]) for i in range(n)]
    return out


def _result(rec: dict[str, Any]) -> dict[str, Any]:
    return rec["run"] if "run" in rec else {"_problem": rec["problem"]}


class ResultStream:
    """The writer: a header, then a line per run as it arrives. ``keep`` (from a resume) is written first, so the
    file is always a complete account of what is done."""

    def __init__(self, path: str | os.PathLike, target: str, keep: dict[str, list[dict[str, Any]]] | None = None):
        self.path = Path(path)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        with open(tmp, "w", encoding="utf-8") as fh:  # a resumed file is rewritten whole, then replaces the old
            fh.write(json.dumps(_header(target)) + "\n")
            for key, results in (keep or {}).items():
                for line in _lines(key, results):
                    fh.write(line)
        os.replace(tmp, self.path)
        self._fh = open(self.path, "a", encoding="utf-8")

    def write(self, key: str, results: list[dict[str, Any]]) -> None:
        self._fh.write("".join(_lines(key, results)))
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()


def _finite(x: Any) -> Any:
    if isinstance(x, float):
        return x if x == x and x not in (float("inf"), float("-inf")) else None
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_finite(v) for v in x]
    return x


def _lines(key: str, results: list[dict[str, Any]]) -> list[str]:
    out = []
    n = len(results)
    for i, d in enumerate(results):
        rec: dict[str, Any] = {"key": key, "part": i, "parts": n}
        if "_problem" in d:
            rec["problem"] = d["_problem"]
        else:
            rec["run"] = d
        try:
            out.append(json.dumps(rec, allow_nan=False, default=str) + "\n")
        except ValueError:  # a NaN or infinity somewhere: null, as the JSON report writes it
            out.append(json.dumps(_finite(rec), allow_nan=False, default=str) + "\n")
    if not results:  # an input that gave nothing is still done: one empty record says so
        out.append(json.dumps({"key": key, "part": 0, "parts": 0, "problem": None}) + "\n")
    return out


__all__ = ["ResultStream", "StreamLock", "records", "complete", "is_stream", "HEADER_KIND"]
