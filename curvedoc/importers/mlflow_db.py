"""MLflow's SQLite tracking store (``mlflow.db``, ``mlruns.db``; the default store since MLflow 3.7).

Every run in the file becomes a :class:`Run` named by its run name (``runs.name``), with its metrics (key,
step, value, timestamp; ``is_nan`` rows are NaN), params as hyperparameters, and status / start / end time /
experiment in ``meta`` (the crashed-run rule reads FAILED and KILLED). A run that logged no metric is still a
run: it has 0 points and its status says why.

How it is read, and why:

* **A snapshot, never the user's file.** MLflow may be writing the store while it is read: SQLite opened with
  ``immutable=1`` then reads pages of different moments ("database disk image is malformed"), and opened
  normally it would create or rewrite a ``-shm`` file beside the user's ``-wal``. A consistent copy is made in a
  private temporary folder (:func:`_snapshot`: SQLite's backup API under a shared lock, or the files with
  their ``-wal`` when nothing but the WAL's tail changed meanwhile) and read there, where applying the WAL
  writes nothing beside the data. The copy is removed after.
* **MLflow's schema only.** Only the columns MLflow writes are read, each checked against its type in SQL
  (``typeof``: a text where a number belongs is a bad row, never a Python object of any size) and texts cut
  (:data:`MAX_KEY_CHARS`, :data:`MAX_TEXT_CHARS`). A store whose tables are views or virtual tables, or whose
  columns are *generated* (computed by an expression on every read: a 24 kB file can ask for gigabytes) is
  not MLflow's: refused.
* **Bounded.** SQLite runs under the run's time limit (a progress handler checks the deadline of
  :func:`curvedoc._guard.time_guard`: a query inside C is stopped too) and the memory guard (SQLite's
  allocations count in the process's data limit: out of memory is that run's error, not a crash).
* **One pass per table**, grouped by run in memory: reading 8,000 runs costs one scan of ``metrics``, not one
  per run (its primary key does not start with the run id, so a per-run query scans the whole table). Rows
  arrive in chunks turned into arrays at once, so the frame, not Python tuples, is what the store costs.
* **Damage stays local.** A damaged page of ``metrics`` or ``params`` loses the rows on it, not the store: the
  table is read again by rowid ranges around the damage, and every run says that points may be missing.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote

import numpy as np

from curvedoc.errors import LoadError
from curvedoc.importers._base import RunData, RunSpec, check_file, max_file_bytes
from curvedoc.importers.mlflow import param_value
from curvedoc.model.run import ImportIssue, make_frame

SOURCE = "mlflow-db"
SQLITE_MAGIC = b"SQLite format 3\x00"
REQUIRED_TABLES = {"runs", "metrics", "params"}
MAX_KEY_CHARS = 1000  # MLflow's keys are at most 250 characters
MAX_TEXT_CHARS = 8000  # MLflow's param values are at most 6,000 (8,000 in its newest schema)
CHUNK_ROWS = 8192  # rows turned into arrays at a time (as Python tuples, ~350 bytes a row)
SNAPSHOT_TRIES = 6
RANGE_ROWS = 4096  # rowids per range when a damaged table is read around its damage
PROGRESS_OPS = 20000  # SQLite virtual-machine steps between two deadline checks

# the columns read, by table: name -> the kind of value MLflow stores there
SCHEMA = {
    "runs": {"run_uuid": "text", "name": "text", "status": "text", "start_time": "integer", "end_time": "integer",
             "lifecycle_stage": "text", "experiment_id": "integer"},
    "metrics": {"run_uuid": "text", "key": "text", "value": "real", "timestamp": "integer", "step": "integer",
                "is_nan": "integer"},
    "params": {"run_uuid": "text", "key": "text", "value": "text"},
    "experiments": {"experiment_id": "integer", "name": "text"},
}
NEEDED = {"runs": ("run_uuid",), "metrics": ("run_uuid", "key", "value"), "params": ("run_uuid", "key", "value"),
          "experiments": ("experiment_id", "name")}


# ------------------------------------------------------------------------------ the snapshot


def _stat(p: Path):
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _wal_mode(path: Path) -> bool:
    """The database header says WAL mode (bytes 18-19 are 2): opened in place even read-only, SQLite would
    create the -wal and -shm files beside it."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(20)
    except OSError:
        return False
    return len(head) == 20 and (head[18] == 2 or head[19] == 2)


def _snapshot(path: Path, folder: str) -> Path:
    """A consistent copy of the store in ``folder``, the user's files untouched.

    A store in rollback-journal mode is copied by SQLite's backup API from a read-only connection: a shared lock
    for the copy (a writer waits that long, and a live writer's transaction is waited for), no file created.
    Otherwise (WAL mode, a -wal beside it, or a hot -journal left by a writer that died, which a read-only
    connection cannot roll back) the files are copied as they are, kept when the copy is consistent (see
    :func:`_files_copy`), and SQLite recovers the copy in ``folder``."""
    dst = Path(folder) / "store.db"
    wal = Path(f"{path}-wal")
    if not wal.exists() and not _wal_mode(path):  # a -journal of a live writer is waited for (its lock)
        try:
            src = sqlite3.connect("file:" + quote(str(path.resolve())) + "?mode=ro", uri=True, timeout=10)
            try:
                out = sqlite3.connect(str(dst))
                try:
                    src.backup(out)
                finally:
                    out.close()
                return dst
            finally:
                src.close()
        except sqlite3.Error:
            for p in Path(folder).iterdir():  # a hot journal (a writer that died: rolled back in the copy), no database
                p.unlink()
    return _files_copy(path, dst)


def _files_copy(path: Path, dst: Path) -> Path:
    """Copy the store with its -wal or -journal. Consistent when the database file did not change during the
    copy (size, mtime, inode) and the -wal only grew (same inode and header: SQLite recovers its complete
    transactions and ignores a frame cut at the end) or the -journal did not change. Retried a few times; a
    store that kept changing is a LoadError of kind ``store-busy`` (tried again by the next audit)."""
    limit = max_file_bytes()
    side = [Path(f"{path}-wal"), Path(f"{path}-journal")]

    def state():
        out = [_stat(path)]
        for p in side:
            st = _stat(p)
            head = b""
            if st is not None:
                try:
                    with open(p, "rb") as fh:
                        head = fh.read(32)
                except OSError:
                    pass
            out.append((st, head))
        return out

    for attempt in range(SNAPSHOT_TRIES):
        before = state()
        for (st, _), p in zip(before[1:], side):
            if st is not None and st[0] > limit:
                raise LoadError(p, f"{p.name} is {st[0]:,} bytes, over the per-file limit", kind="too-large")
        try:
            shutil.copyfile(path, dst)
            for p in side:
                target = Path(f"{dst}{p.name[len(path.name):]}")
                if p.exists():
                    shutil.copyfile(p, target)
                elif target.exists():
                    target.unlink()
        except FileNotFoundError:
            pass  # the WAL was checkpointed away meanwhile: try again
        else:
            after = state()
            wal_b, wal_a = before[1], after[1]
            same_db = after[0] == before[0]
            wal_ok = wal_b == wal_a or (wal_b[0] is not None and wal_a[0] is not None and wal_b[1] == wal_a[1]
                                        and wal_b[0][2] == wal_a[0][2] and wal_a[0][0] >= wal_b[0][0])
            if same_db and wal_ok and after[2] == before[2]:
                return dst
        time.sleep(min(0.5, 0.02 * 2 ** attempt))
    raise LoadError(path, f"the store kept changing while it was copied ({SNAPSHOT_TRIES} tries): MLflow is writing "
                    "it; read it again later", kind="store-busy")


# ------------------------------------------------------------------------------ limits


class _Deadline:
    """The progress handler: stop SQLite when the run's time limit is reached."""

    def __init__(self):
        from curvedoc._guard import active_deadline

        self.at = active_deadline()
        self.hit = False

    def __call__(self) -> int:
        if self.at is not None and time.monotonic() >= self.at:
            self.hit = True
            return 1
        return 0


def _limit_error(exc: sqlite3.Error, deadline: _Deadline) -> BaseException | None:
    """The guard's own exception for a query SQLite stopped (time limit) or could not allocate for (memory)."""
    from curvedoc._guard import active_timeout

    text = str(exc).lower()
    if deadline.hit or "interrupted" in text:
        return active_timeout()
    if "out of memory" in text or isinstance(exc, MemoryError):
        return MemoryError(str(exc))
    return None


# ------------------------------------------------------------------------------ schema checks


def _schema_problem(con: sqlite3.Connection, tables: dict[str, str]) -> str | None:
    """Why the file is not an MLflow store we read, or None: a required table missing, a view or virtual table
    in its place, a needed column missing or generated (computed on read)."""
    missing = REQUIRED_TABLES - set(tables)
    if missing:
        return f"a SQLite file without MLflow's {'/'.join(sorted(REQUIRED_TABLES))} tables"
    for table in (t for t in SCHEMA if t in tables):
        if (tables[table] or "").lstrip().upper().startswith("CREATE VIRTUAL"):
            return f"its {table} table is a virtual table, not MLflow's schema"
        cols = {r[1]: r for r in con.execute(f"pragma table_xinfo({table})")}  # noqa: S608 - fixed names
        for name in NEEDED[table]:
            if name not in cols:
                return f"its {table} table has no {name} column, not MLflow's schema"
        for name in SCHEMA[table]:
            if name in cols and cols[name][6] not in (0, 1):  # 2 virtual, 3 stored generated
                return (f"its {table}.{name} column is generated (computed from an expression), not MLflow's "
                        "schema: not read")
    return None


def _select(table: str, cols: set[str], extra: str = "") -> tuple[list[str], str]:
    """(names, SQL) reading ``table``'s MLflow columns with their types checked and texts cut: a value of
    another type reads as NULL."""
    names, parts = [], []
    for name, kind in SCHEMA[table].items():
        if name not in cols:
            continue
        names.append(name)
        if kind == "text":
            n = MAX_TEXT_CHARS if (table, name) == ("params", "value") else MAX_KEY_CHARS
            parts.append(f"case when typeof({name}) = 'text' then substr({name}, 1, {n}) "
                         f"when typeof({name}) in ('integer', 'real') then cast({name} as text) end")
        elif kind == "real":
            parts.append(f"case when typeof({name}) in ('integer', 'real') then {name} end")
        else:
            parts.append(f"case when typeof({name}) = 'integer' then {name} "
                         f"when typeof({name}) = 'real' and abs({name}) < 9.2e18 then cast({name} as integer) end")
    return names, f"select {', '.join(parts)} from {table}{extra}"  # noqa: S608 - fixed names


def _scan(con: sqlite3.Connection, sql: str, table: str, damage: list[str]) -> Iterator[list[tuple]]:
    """Chunks of the rows of ``sql`` (a whole-table select). On a damaged page the table is read again by
    rowid ranges, the ranges that fail skipped and named in ``damage``: one bad page loses its rows only."""
    try:
        cur = con.execute(sql)
        while True:
            rows = cur.fetchmany(CHUNK_ROWS)
            if not rows:
                return
            yield rows
    except sqlite3.DatabaseError as exc:
        if "malformed" not in str(exc) and "corrupt" not in str(exc).lower():
            raise
    # read around the damage (rows yielded before it are read again: the caller starts over)
    yield None  # type: ignore[misc]  # tells the caller to drop what it has of this table
    lo, hi = _bound(con, table, "min"), _bound(con, table, "max")
    a, empty = (lo if lo is not None else 1), 0
    while (a <= hi) if hi is not None else (empty < MAX_EMPTY_RANGES):
        b = a + RANGE_ROWS - 1
        rows = _rows_around_damage(con, sql, table, a, b, damage)
        empty = 0 if rows else empty + 1
        if rows:
            yield rows
        a = b + 1


MAX_EMPTY_RANGES = 64  # with the table's last rowid unreadable: ranges without a row before the end is assumed
MIN_DAMAGED_RANGE = 32  # a failing range is halved down to this many rowids: the rows lost are those near the damage


def _bound(con: sqlite3.Connection, table: str, which: str) -> int | None:
    try:
        v = con.execute(f"select {which}(rowid) from {table}").fetchone()[0]  # noqa: S608 - fixed names
    except sqlite3.DatabaseError:
        return None
    return v if isinstance(v, int) else None


def _rows_around_damage(con, sql: str, table: str, a: int, b: int, damage: list[str]) -> list[tuple]:
    """The readable rows with rowids in ``[a, b]``, halving a range that fails down to MIN_DAMAGED_RANGE."""
    try:
        return con.execute(f"{sql} where rowid between ? and ?", (a, b)).fetchall()
    except sqlite3.DatabaseError as exc:
        if "malformed" not in str(exc) and "corrupt" not in str(exc).lower():
            raise
    if b - a + 1 <= MIN_DAMAGED_RANGE:
        prev = damage[-1] if damage else ""
        head = f"{table} rowids "
        if prev.startswith(head) and prev.rsplit("-", 1)[-1].replace(",", "").isdigit() \
                and int(prev.rsplit("-", 1)[-1].replace(",", "")) == a - 1:
            damage[-1] = f"{prev.rsplit('-', 1)[0]}-{b:,}"  # one run of adjacent damaged ranges, one entry
        else:
            damage.append(f"{head}{a:,}-{b:,}")
        return []
    m = (a + b) // 2
    return _rows_around_damage(con, sql, table, a, m, damage) + _rows_around_damage(con, sql, table, m + 1, b, damage)


def _text(raw: bytes) -> str:
    """SQLite text as str: bytes that are not UTF-8 (a damaged byte, text stored as raw bytes) read as U+FFFD
    instead of failing the whole store (sqlite3's default decoding raises on the first bad cell)."""
    return raw.decode("utf-8", "replace")


def is_mlflow_store(path: Path) -> bool:
    try:
        con = sqlite3.connect("file:" + quote(str(path.resolve())) + "?mode=ro&immutable=1", uri=True)
        con.text_factory = _text
        try:
            names = {r[0] for r in con.execute("select name from sqlite_master where type='table'")}
        finally:
            con.close()
    except (sqlite3.Error, UnicodeDecodeError):
        return False
    return REQUIRED_TABLES <= names


# ------------------------------------------------------------------------------ reading


def read(spec: RunSpec) -> list[RunData]:
    path = Path(spec.files[0])
    check_file(path)
    folder = tempfile.mkdtemp(prefix="curvedoc-mlflowdb-")
    try:
        copy = _snapshot(path, folder)
        try:
            con = sqlite3.connect(str(copy))
        except sqlite3.Error as exc:
            raise LoadError(path, f"not a readable SQLite file: {exc}", kind="unreadable") from None
        con.text_factory = _text
        deadline = _Deadline()
        con.set_progress_handler(deadline, PROGRESS_OPS)
        try:
            try:
                tables = {n: sql for n, sql in con.execute("select name, sql from sqlite_master where type='table'")}
            except UnicodeDecodeError:  # SQLite's message quotes the damaged schema text, which is not UTF-8
                raise LoadError(path, "not a readable SQLite file: its schema is damaged", kind="unsupported-format") from None
            except sqlite3.DatabaseError as exc:
                limit = _limit_error(exc, deadline)
                if limit is not None:
                    raise limit from None
                raise LoadError(path, f"not a readable SQLite file: {exc}", kind="unsupported-format") from None
            problem = _schema_problem(con, tables)
            if problem:
                raise LoadError(path, problem, kind="unsupported-format")
            # every query in one read transaction of the private copy: in autocommit each query locked and
            # unlocked the file and checked the page cache anew -- ~5x the cost of a query that hits a damaged page,
            # and a damaged table is read around its damage in up to ~16,000 such queries (issue 41)
            con.execute("begin")
            return _read_store(con, path, tables)
        except UnicodeDecodeError:  # an error message of SQLite's quoting damaged text
            raise LoadError(path, "damaged MLflow store: its pages hold text that is not UTF-8 where SQLite needs "
                            "names", kind="unreadable") from None
        except sqlite3.Error as exc:
            limit = _limit_error(exc, deadline)
            if limit is not None:
                raise limit from None
            raise LoadError(path, f"damaged MLflow store: {exc}", kind="unreadable") from None
        finally:
            con.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _columns(con: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in con.execute(f"pragma table_xinfo({table})")}  # noqa: S608 - fixed table names


def _read_store(con: sqlite3.Connection, path: Path, tables: dict[str, str]) -> list[RunData]:
    damage: list[str] = []
    names, sql = _select("runs", _columns(con, "runs"), "")
    runs = [dict(zip(names, row)) for chunk in _scan(con, sql, "runs", damage) if chunk for row in chunk]
    runs = [r for r in runs if r.get("run_uuid")]
    runs.sort(key=lambda r: (r.get("start_time") is None, r.get("start_time") or 0, r["run_uuid"]))
    experiments: dict[Any, str] = {}
    if "experiments" in tables and "name" in _columns(con, "experiments"):
        _, esql = _select("experiments", _columns(con, "experiments"))
        for chunk in _scan(con, esql, "experiments", damage):
            if chunk is None:
                experiments.clear()
                continue
            experiments.update((e, n) for e, n in chunk if n is not None)
    params = _params(con, damage)
    metrics, bad_rows = _metrics(con, path, damage)
    out: list[RunData] = []
    names_seen: dict[str, int] = {}
    for r in runs:
        uuid = str(r["run_uuid"])
        issues: list[ImportIssue] = []
        if damage:
            issues.append(ImportIssue("corrupt-records", f"the store is damaged ({'; '.join(damage[:3])}"
                                      f"{'...' if len(damage) > 3 else ''}): rows there were skipped, so points or "
                                      "params of this run may be missing", file=str(path), count=len(damage)))
        if bad_rows:
            issues.append(ImportIssue("bad-rows", f"{bad_rows:,} metric row(s) of the store with a key or value of "
                                      "the wrong type were skipped", file=str(path), count=bad_rows))
        frame = metrics.get(uuid)
        if frame is None:
            frame = make_frame([], [], [], [], str(path))
            issues.append(ImportIssue("empty-history", "the run logged no metric", file=str(path), severity="info"))
        hparams = {k: param_value(v if v is not None else "") for k, v in params.get(uuid, [])}
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


def _params(con: sqlite3.Connection, damage: list[str]) -> dict[str, list[tuple[str, str]]]:
    _, sql = _select("params", _columns(con, "params"))
    out: dict[str, list[tuple[str, str]]] = {}
    for chunk in _scan(con, sql, "params", damage):
        if chunk is None:
            out.clear()
            continue
        for uuid, key, value in chunk:
            if uuid is not None and key is not None:
                out.setdefault(uuid, []).append((key, value))
    return out


def _metrics(con: sqlite3.Connection, path: Path, damage: list[str]):
    """run id -> its frame (ordered by timestamp, then step, as MLflow logged them), and the rows skipped."""
    cols = _columns(con, "metrics")
    names, sql = _select("metrics", cols)
    at = {n: i for i, n in enumerate(names)}
    run_ids: dict[str, int] = {}
    key_ids: dict[str, int] = {}
    parts: list[tuple[np.ndarray, ...]] = []
    bad = 0

    def column(rows, name, default=None):
        i = at.get(name)
        return [default] * len(rows) if i is None else [row[i] for row in rows]

    for rows in _scan(con, sql, "metrics", damage):
        if rows is None:
            parts.clear()
            bad = 0
            continue
        uu, kk, vv = column(rows, "run_uuid"), column(rows, "key"), column(rows, "value")
        ok = np.fromiter((u is not None and k is not None for u, k in zip(uu, kk)), bool, len(rows))
        nan = np.fromiter((bool(x) if isinstance(x, int) else False for x in column(rows, "is_nan", 0)), bool, len(rows))
        has_v = np.fromiter((v is not None for v in vv), bool, len(rows))
        ok &= has_v | nan
        bad += int(len(rows) - ok.sum())
        if not ok.any():
            continue
        keep = np.flatnonzero(ok)
        r_code = np.fromiter((run_ids.setdefault(uu[i], len(run_ids)) for i in keep), np.int32, len(keep))
        k_code = np.fromiter((key_ids.setdefault(kk[i], len(key_ids)) for i in keep), np.int32, len(keep))
        val = np.fromiter((np.nan if nan[i] else float(vv[i]) for i in keep), np.float64, len(keep))
        ss = column(rows, "step", 0)
        step = np.fromiter((ss[i] or 0 for i in keep), np.int64, len(keep))
        tt = column(rows, "timestamp")
        wall = np.fromiter((np.nan if tt[i] is None else tt[i] / 1000.0 for i in keep), np.float64, len(keep))
        parts.append((r_code, k_code, step, val, wall))
    if not parts:
        return {}, bad
    r_code, k_code, step, val, wall = (np.concatenate(x) for x in zip(*parts))
    parts.clear()
    order = np.lexsort((step, np.nan_to_num(wall, nan=np.inf), r_code))
    r_code, k_code, step, val, wall = r_code[order], k_code[order], step[order], val[order], wall[order]
    keys = np.empty(len(key_ids), dtype=object)
    for k, i in key_ids.items():
        keys[i] = k
    bounds = np.searchsorted(r_code, np.arange(len(run_ids) + 1))
    out = {}
    for uuid, i in run_ids.items():
        a, b = bounds[i], bounds[i + 1]
        out[uuid] = make_frame(keys[k_code[a:b]], step[a:b], val[a:b], wall[a:b], str(path))
    return out, bad
