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
import os
import time
from pathlib import Path
from typing import Any, Iterator

HEADER_KIND = "audit-results"


def _header(target: str) -> dict[str, Any]:
    from curvedoc import __version__

    return {"curvedoc_version": __version__, "stream": HEADER_KIND, "target": target,
            "started": time.strftime("%Y-%m-%dT%H:%M:%S%z")}


def records(path: str | os.PathLike) -> Iterator[dict[str, Any]]:
    """The run records of a results stream, skipping the header and any line that is not a whole record (the
    partial last line of a killed audit)."""
    try:
        fh = open(path, encoding="utf-8", errors="replace")
    except OSError:
        return
    with fh:
        for line in fh:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if (isinstance(rec, dict) and isinstance(rec.get("key"), str) and isinstance(rec.get("part"), int)
                    and isinstance(rec.get("parts"), int) and ("run" in rec or "problem" in rec)):
                yield rec


def _head(path: str | os.PathLike) -> dict[str, Any] | None:
    try:
        with open(path, "rb") as fh:
            first = fh.readline(1 << 16)
        head = json.loads(first)
    except (OSError, ValueError):
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


__all__ = ["ResultStream", "records", "complete", "is_stream", "HEADER_KIND"]
