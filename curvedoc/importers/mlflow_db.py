"""MLflow's SQLite tracking store (``mlflow.db``, ``mlruns.db``; the default store since MLflow 3.7).

Every run in the file becomes a :class:`Run` named by its run name (``runs.name``), with its metrics (key,
step, value, timestamp; ``is_nan`` rows are NaN), params as hyperparameters, and status / start / end time /
experiment in ``meta`` (the crashed-run rule reads FAILED and KILLED). A run that logged no metric is still a
run: it has 0 points and its status says why.

The file is opened strictly read-only: ``mode=ro`` through SQLite's URI, and ``immutable=1`` when no ``-wal``
file lies beside it, so SQLite neither takes locks nor creates ``-wal``/``-shm`` files next to the data (the
read-only guarantee). With a ``-wal`` beside it the database may have uncommitted pages there, so plain
``mode=ro`` is used; if that is refused (a read-only folder) the file is read as immutable and the issue says
the WAL was not applied.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np

from curvedoc.errors import LoadError
from curvedoc.importers._base import RunData, RunSpec, check_file
from curvedoc.importers.mlflow import _param_value
from curvedoc.model.run import ImportIssue, make_frame

SOURCE = "mlflow-db"
SQLITE_MAGIC = b"SQLite format 3\x00"
REQUIRED_TABLES = {"runs", "metrics", "params"}


def _connect(path: Path, issues: list[ImportIssue]) -> sqlite3.Connection:
    uri = "file:" + quote(str(path.resolve()))
    wal = Path(str(path) + "-wal")
    if wal.exists():
        try:
            con = sqlite3.connect(uri + "?mode=ro", uri=True)
            con.execute("select 1 from sqlite_master limit 1").fetchall()
            return con
        except sqlite3.Error:
            issues.append(ImportIssue("wal-not-applied", f"{wal.name} beside the store could not be applied "
                                      "read-only (a read-only folder?); rows only in the WAL are missing",
                                      file=str(path)))
    return sqlite3.connect(uri + "?mode=ro&immutable=1", uri=True)


def is_mlflow_store(path: Path) -> bool:
    try:
        con = sqlite3.connect("file:" + quote(str(path.resolve())) + "?mode=ro&immutable=1", uri=True)
        try:
            names = {r[0] for r in con.execute("select name from sqlite_master where type='table'")}
        finally:
            con.close()
    except sqlite3.Error:
        return False
    return REQUIRED_TABLES <= names


def _columns(con: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in con.execute(f"pragma table_info({table})")}  # noqa: S608 - fixed table names


def read(spec: RunSpec) -> list[RunData]:
    path = Path(spec.files[0])
    check_file(path)
    issues: list[ImportIssue] = []
    try:
        con = _connect(path, issues)
    except sqlite3.Error as exc:
        raise LoadError(path, f"not a readable SQLite file: {exc}", kind="unreadable") from None
    try:
        try:
            tables = {r[0] for r in con.execute("select name from sqlite_master where type='table'")}
        except sqlite3.DatabaseError as exc:
            raise LoadError(path, f"not a readable SQLite file: {exc}", kind="unsupported-format") from None
        if not REQUIRED_TABLES <= tables:
            raise LoadError(path, "a SQLite file without MLflow's runs/metrics/params tables", kind="unsupported-format")
        return _read_store(con, path, tables, issues)
    except sqlite3.DatabaseError as exc:
        raise LoadError(path, f"damaged MLflow store: {exc}", kind="unreadable") from None
    finally:
        con.close()


def _read_store(con: sqlite3.Connection, path: Path, tables: set[str], shared: list[ImportIssue]) -> list[RunData]:
    rcols = _columns(con, "runs")
    want = [c for c in ("run_uuid", "name", "status", "start_time", "end_time", "lifecycle_stage", "experiment_id")
            if c in rcols]
    runs = con.execute(f"select {', '.join(want)} from runs order by start_time, run_uuid").fetchall()  # noqa: S608
    experiments: dict[Any, str] = {}
    if "experiments" in tables:
        experiments = {e: n for e, n in con.execute("select experiment_id, name from experiments")}
    has_nan = "is_nan" in _columns(con, "metrics")
    out: list[RunData] = []
    names_seen: dict[str, int] = {}
    for row in runs:
        r = dict(zip(want, row))
        uuid = str(r.get("run_uuid"))
        issues = list(shared)
        q = "select key, step, value, timestamp" + (", is_nan" if has_nan else "") + \
            " from metrics where run_uuid = ? order by timestamp, step"
        rows = con.execute(q, (uuid,)).fetchall()
        if rows:
            keys = [x[0] for x in rows]
            steps = np.array([int(x[1] or 0) for x in rows], dtype=np.int64)
            vals = np.array([np.nan if (has_nan and x[4]) or x[2] is None else float(x[2]) for x in rows])
            wall = np.array([float(x[3]) / 1000.0 if x[3] is not None else np.nan for x in rows])
            frame = make_frame(keys, steps, vals, wall, str(path))
        else:
            frame = make_frame([], [], [], [], str(path))
            issues.append(ImportIssue("empty-history", "the run logged no metric", file=str(path), severity="info"))
        hparams = {k: _param_value(v if v is not None else "")
                   for k, v in con.execute("select key, value from params where run_uuid = ?", (uuid,))}
        status = str(r.get("status") or "").upper()
        meta: dict[str, Any] = {"run_id": uuid, "status": status, "store": str(path)}
        for k in ("start_time", "end_time"):
            if isinstance(r.get(k), (int, float)):
                meta[k.replace("_time", "_s")] = float(r[k]) / 1000.0
        if r.get("experiment_id") is not None:
            meta["experiment"] = experiments.get(r["experiment_id"], str(r["experiment_id"]))
        if r.get("lifecycle_stage") == "deleted":
            issues.append(ImportIssue("deleted-run", "the run is marked deleted in MLflow", severity="info"))
        name = str(r.get("name") or uuid)
        names_seen[name] = names_seen.get(name, 0) + 1
        if names_seen[name] > 1:
            name = f"{name}-{uuid[:8]}"
        meta["run_name"] = name
        out.append(RunData(frame=frame, source=SOURCE, hparams=hparams, meta=meta, issues=issues,
                           name_suffix=f"#{name}"))
    if not out:
        raise LoadError(path, "the MLflow store holds no run", kind="empty")
    return out
