"""Fuzzing the surfaces issue 39 attacked: remote staging, mlflow.db schemas, results files for --resume, and
the watch of a log that is rotated under it.

Contracts (each example bounded by SIGALRM; ``CURVEDOC_FUZZ=long`` runs 50x the examples):

* **remote staging** -- whatever the object keys (``..``, ``.``, empty segments, absolute forms, backslashes,
  NULs, very long or odd Unicode segments) and whatever an object does after the listing (grows, shrinks,
  vanishes): diagnose never raises, nothing is written outside its private staging folder (the victim folder
  the keys aim at and the temporary folder are unchanged afterwards), every skipped key is reported, and no
  object is fetched past the size limit + 1 byte;
* **mlflow.db** -- tables or columns missing, generated columns, wrong types in any column, damaged pages, a
  cut file: ``load_all`` reports runs or named failures, never raises, never writes beside the store;
* **results files** -- hand-edited, cut, binary, duplicated lines: ``--resume`` never crashes, keeps only whole
  records and ends with every run; a device, a FIFO or a folder as the results file is refused in one line;
* **watch rotation** -- a CSV log appended to, truncated, rewritten with another header, replaced by rename,
  swapped for a FIFO, deleted and recreated, in any order: every poll returns, the loss is never read from
  another column, and a healthy run is never given an error.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
from fuzz_profile import examples, time_limit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_readonly_security import _diff, snapshot

import curvedoc
from curvedoc.errors import ConfigError, LoadError

fsspec = pytest.importorskip("fsspec", reason="fsspec not installed: pip install '.[s3]'")

def fuzz(n: int):
    return settings(max_examples=examples(n), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _forget(fs, root: str) -> None:
    """Remove everything under ``root`` from the memory store (its rm trips over keys such as 'a/..')."""
    for k in [k for k in fs.store if k == root or k.startswith(root + "/")]:
        del fs.store[k]
    for d in [d for d in fs.pseudo_dirs if d == root or d.startswith(root + "/")]:
        fs.pseudo_dirs.remove(d)


@pytest.fixture
def private_tmp(tmp_path, monkeypatch):
    """tempfile's folder for this test alone, so that staging folders left behind would show."""
    d = tmp_path / "tmp"
    d.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(d))
    return d


# ------------------------------------------------------------------------------------------ remote staging

_SEGMENTS = ["..", ".", "", "...", "a..b", "~", "C:", "c:\\x", "..\\..", "\\", "%2e%2e", "loss", "metrics", "x" * 300,
             "\u202eevil", "é", " ", "\t", "a\0b", "$HOME", "*", "?", "con", "nul"]
_PREFIXES = ["metrics", "params", "tags", "artifacts", ""]
_META = b"run_id: abc\nrun_name: remote\nstatus: 3\nstart_time: 1\nend_time: 2\n"
_LOSS = b"".join(b"%d %.4f %d\n" % (1000 * s, 1 / (s + 1), s) for s in range(50))
_LOSS_KEY = "metrics/train_loss"  # no key the strategy builds can name it (its segments hold no 'train_loss')


@fuzz(25)
@given(keys=st.lists(st.tuples(st.sampled_from(_PREFIXES),
                               st.lists(st.one_of(st.sampled_from(_SEGMENTS), st.sampled_from(["VICTIM", "/VICTIM"])),
                                        min_size=1, max_size=8)),
                     min_size=1, max_size=6))
def test_hostile_keys_never_leave_the_staging_folder(keys, tmp_path_factory, private_tmp):
    base = tmp_path_factory.mktemp("victim")
    victim = base / "home"
    victim.mkdir()
    (victim / ".bashrc").write_bytes(b"# the user's file\n")
    fs = fsspec.filesystem("memory")
    root = f"/fuzz-{os.getpid()}-{time.monotonic_ns()}"
    run = f"{root}/exp/1/abc"
    fs.pipe(f"{run}/meta.yaml", _META)
    fs.pipe(f"{run}/{_LOSS_KEY}", _LOSS)
    try:
        written = 0
        for prefix, segs in keys:
            key = "/".join(([prefix] if prefix else []) + [str(victim) + "/.bashrc" if s == "/VICTIM" else
                                                           ("/".join([".."] * 30) + str(victim) if s == "VICTIM" else s)
                                                           for s in segs])
            try:
                fs.pipe(f"{run}/{key}", b"1 0.5 0\n")
                written += 1
            except Exception:  # the memory store refuses some names itself: nothing to audit there
                continue
        before, tmp_before = snapshot(victim), snapshot(private_tmp)
        with time_limit(60, "diagnose memory://"):
            rep = curvedoc.diagnose(f"memory:/{run}")
        assert _diff(before, snapshot(victim)) == []
        assert [c for c in _diff(tmp_before, snapshot(private_tmp)) if not c.startswith("changed .:")] == []
        (r,) = rep.runs  # the run is read (its loss) whatever keys sit beside it
        assert r.status != "unreadable" and r.tags.get("train_loss") == 50, (r.status, r.errors, r.tags)
        json.dumps(rep.to_dict())
    finally:
        _forget(fs, root)


@pytest.mark.parametrize("key", ["metrics", "", "params", "metrics/" + "x" * 300, "tags/" + "/".join(["d" * 200] * 25)])
def test_an_object_named_like_a_folder_or_too_long_to_stage_loses_itself_not_the_run(key, private_tmp):
    """Found by the fuzzer: an object whose key is also a folder of other objects ('run/metrics' beside
    'run/metrics/loss'; the run folder's own name, as a folder marker with content) made the whole run
    unreadable, or the folder read as a file ('unsupported format'); a key with a segment longer than a file
    name (S3 allows 1,024 bytes) or a path past the system's limit failed the whole fetch (ENAMETOOLONG). Such an
    object is skipped and reported; the run is read."""
    fs = fsspec.filesystem("memory")
    root = f"/named-{os.getpid()}-{time.monotonic_ns()}"
    run = f"{root}/exp/1/abc"
    fs.pipe(f"{run}/meta.yaml", _META)
    fs.pipe(f"{run}/{_LOSS_KEY}", _LOSS)
    fs.pipe(f"{run}/params/lr", b"0.1")
    fs.pipe(f"{run}/{key}".rstrip("/"), b"1 0.5 0\n")
    try:
        for url in (f"memory:/{run}", f"memory:/{root}"):
            with time_limit(60, "diagnose"):
                rep = curvedoc.diagnose(url)
            (r,) = rep.runs
            assert r.status != "unreadable" and r.tags.get("train_loss") == 50, (url, r.status, r.errors, rep.problems)
            # named once: as the run's issue, or (an object named like the run folder itself: not inside it) a problem
            skipped = [i["message"] for i in r.issues if i["kind"] == "unsafe-key"] + [
                p["reason"] for p in rep.problems if p["kind"] == "unsafe-key"]
            assert len(skipped) == 1 and "skipped" in skipped[0], (r.issues, rep.problems)
    finally:
        _forget(fs, root)


@fuzz(20)
@given(change=st.sampled_from(["grow", "shrink", "vanish", "grow-side", "vanish-side", "huge"]),
       limit=st.integers(64, 8192), big=st.booleans())
def test_an_object_that_changes_after_the_listing_is_fetched_within_the_limit(change, limit, big, monkeypatch,
                                                                              private_tmp):
    """Small objects come in batched range requests, big ones streamed: both stop at limit + 1 bytes, whatever
    the object became since the listing."""
    from curvedoc.importers import read_spec, remote
    from curvedoc.importers.discover import discover

    fs = fsspec.filesystem("memory")
    run = f"/grow-{os.getpid()}-{time.monotonic_ns()}/r"
    rows = lambda n: b"step,loss\n" + b"".join(b"%d,%.4f\n" % (i, 1 / (i + 1)) for i in range(n))  # noqa: E731
    fs.pipe(f"{run}/metrics.csv", rows(5))
    fs.pipe(f"{run}/hparams.yaml", b"lr: 0.1\n")
    tmp_before = snapshot(private_tmp)
    try:
        (spec,) = discover(f"memory:/{run}").specs
        monkeypatch.setenv("CURVEDOC_MAX_FILE_BYTES", str(limit))
        if big:
            monkeypatch.setattr(remote, "SMALL_OBJECT", 0)  # every object streamed
        target = f"{run}/metrics.csv" if not change.endswith("-side") else f"{run}/hparams.yaml"
        if change in ("grow", "grow-side"):
            fs.pipe(target, rows(2000) if target.endswith(".csv") else b"lr: 0.1\n" + b"#" * 100_000 + b"\n")
        elif change == "huge":
            fs.pipe(target, rows(200_000))
        elif change == "shrink":
            fs.pipe(target, b"step,loss\n0,1")
        else:
            fs.rm(target)
        asked: list[int] = []
        real_cat, real_open = fs.cat_ranges, fs.open

        def cat_ranges(paths, starts, ends, **kw):
            got = real_cat(paths, starts, ends, **kw)
            asked.extend(len(b) for b in got if isinstance(b, bytes))
            return got

        class Counted:
            def __init__(self, fh):
                self.fh = fh

            def read(self, n=-1):
                data = self.fh.read(n)
                asked.append(len(data))
                return data

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.fh.close()

        monkeypatch.setattr(fs, "cat_ranges", cat_ranges)
        monkeypatch.setattr(fs, "open", lambda path, mode="rb", **kw: Counted(real_open(path, mode, **kw)))
        with time_limit(60, "read_remote"):
            try:
                runs = remote.read_remote(spec, read=read_spec)
            except LoadError as exc:
                assert str(exc) and "\n" not in exc.reason
                runs = []
        assert sum(asked) <= 2 * (limit + 1), (asked, limit)  # two objects at most, each cut at limit + 1
        for r in runs:
            assert r.n_points >= 1
        assert [c for c in _diff(tmp_before, snapshot(private_tmp)) if not c.startswith("changed .:")] == []
    finally:
        _forget(fs, run.rsplit("/", 1)[0])


# ------------------------------------------------------------------------------------------ mlflow.db schemas

_TABLES = {
    "experiments": "experiment_id integer primary key, name varchar(256)",
    "runs": "run_uuid varchar(32) primary key, name varchar(250), status varchar(9), start_time bigint, end_time bigint, "
            "lifecycle_stage varchar(20), experiment_id integer",
    "metrics": "key varchar(250), value float, timestamp bigint, run_uuid varchar(32), step bigint default 0, "
               "is_nan boolean default 0",
    "params": "key varchar(250), value varchar(8000), run_uuid varchar(32)",
    "tags": "key varchar(250), value varchar(5000), run_uuid varchar(32)",
}
_ODD_VALUES = [None, "abc", "", "1e400", "nan", b"\x00\xff" * 10, 2**63 - 1, -(2**63), 1e308, -0.0, float("inf"),
               "x" * 100_000, 3.5, "0x1F", True]


@st.composite
def _stores(draw):
    tables = {}
    for name, cols in _TABLES.items():
        if draw(st.integers(0, 9)) == 0:
            continue  # a table missing
        parts = [c.strip() for c in cols.split(",")]
        out = []
        for c in parts:
            what = draw(st.integers(0, 19))
            col = c.split()[0]
            if what == 0:
                continue  # a column missing
            if what == 1:
                out.append(f"{col} text")  # another type
            elif what == 2:
                out.append(f"{col}_raw blob")
                out.append(f"{col} text generated always as (printf('%.*c', 100000, 'x') || {col}_raw) virtual")
            else:
                out.append(c)
        tables[name] = out
    damage = draw(st.sampled_from(["none", "none", "page", "truncate", "header", "bytes"]))
    odd = draw(st.lists(st.tuples(st.sampled_from(sorted(_TABLES)), st.integers(0, 6), st.sampled_from(range(len(_ODD_VALUES)))),
                        max_size=8))
    return tables, damage, odd, draw(st.integers(0, 2**31))


def _write_store(path: Path, tables, damage, odd, seed) -> None:
    con = sqlite3.connect(path)
    for name, cols in tables.items():
        con.execute(f"create table {name} ({', '.join(cols) or 'x integer'})")
    plain = {name: [c.split()[0] for c in cols if " generated " not in c] for name, cols in tables.items()}
    rows = {
        "experiments": [{"experiment_id": 1, "name": "exp"}],
        "runs": [{"run_uuid": f"{i:032x}", "name": f"r{i}", "status": "FINISHED", "start_time": i, "end_time": i + 1,
                  "lifecycle_stage": "active", "experiment_id": 1} for i in range(2)],
        "metrics": [{"key": "loss", "value": 2.0 / (1 + s / 20), "timestamp": s, "run_uuid": f"{i:032x}", "step": s,
                     "is_nan": 0} for i in range(2) for s in range(200)],
        "params": [{"key": "lr", "value": "0.001", "run_uuid": f"{i:032x}"} for i in range(2)],
        "tags": [{"key": "mlflow.runName", "value": f"r{i}", "run_uuid": f"{i:032x}"} for i in range(2)],
    }
    for name, cols in plain.items():
        if not cols:
            continue
        for row in rows[name]:
            vals = [row.get(c[:-4], 1.0) if c.endswith("_raw") else row.get(c) for c in cols]
            con.execute(f"insert into {name} ({', '.join(cols)}) values ({', '.join('?' * len(cols))})", vals)
    for name, col_i, val_i in odd:
        cols = plain.get(name) or []
        if cols:
            row = [None] * len(cols)
            row[col_i % len(cols)] = _ODD_VALUES[val_i]
            try:
                con.execute(f"insert into {name} ({', '.join(cols)}) values ({', '.join('?' * len(cols))})", row)
            except sqlite3.Error:
                pass  # a NOT NULL / primary key the row breaks: nothing to read
    con.commit()
    con.close()
    data = bytearray(path.read_bytes())
    rng = random.Random(seed)
    if damage == "page" and len(data) > 8192:
        page = int.from_bytes(data[16:18], "big") or 65536
        at = rng.randrange(1, max(2, len(data) // page)) * page
        data[at] = 0xFF
    elif damage == "truncate":
        data = data[: rng.randrange(0, len(data))]
    elif damage == "header":
        for i in rng.sample(range(100), 6):
            data[i] = rng.randrange(256)
    elif damage == "bytes":
        for _ in range(40):
            data[rng.randrange(100, max(101, len(data)))] = rng.randrange(256)
    path.write_bytes(bytes(data))


@fuzz(40)
@given(store=_stores())
def test_any_mlflow_db_schema_is_read_or_refused_with_a_reason(store, tmp_path_factory, monkeypatch):
    from curvedoc.importers import load_all

    monkeypatch.setenv("CURVEDOC_MAX_SECONDS_PER_RUN", "20")
    folder = tmp_path_factory.mktemp("store")
    _write_store(folder / "mlflow.db", *store)
    before = snapshot(folder)
    with time_limit(60, "load_all(mlflow.db)"):
        res = load_all(folder)
    assert _diff(before, snapshot(folder)) == []  # no -journal, -wal or -shm left or created beside the store
    for f in [*res.failures, *res.problems]:
        assert f.reason and "\n" not in f.reason and "Traceback" not in f.reason, f.reason
        assert "internal" not in getattr(f, "kind", ""), f
    for r in res.runs:
        assert r.source == "mlflow-db"
        v = r.scalars["value"].to_numpy()
        assert v.dtype == np.float64 and r.scalars["step"].to_numpy().dtype == np.int64
    with time_limit(60, "diagnose(mlflow.db)"):
        rep = curvedoc.diagnose(folder) if res.runs else None
    if rep is not None:
        assert all(not e.startswith("Traceback") for r in rep.runs for e in r.errors)
        json.dumps(rep.to_dict(), allow_nan=False)


def test_text_that_is_not_utf8_in_a_store_is_read_with_replacement(tmp_path):
    """Found by the schema fuzzer: a text cell (or a table's SQL in the schema) that is not valid UTF-8 -- a
    damaged byte, or text written as raw bytes -- raised UnicodeDecodeError out of the reader ('internal error');
    discovery too. Such text reads with U+FFFD in place of the bad bytes; the run is read."""
    from test_mlflow_db import SCHEMA

    from curvedoc.importers import load_all

    db = tmp_path / "mlflow.db"
    con = sqlite3.connect(db)
    con.executescript(SCHEMA)
    con.execute("insert into runs values ('a', cast(x'6f6bff' as text), 'FINISHED', 1, 2, 'active', 1)")
    con.executemany("insert into metrics values (?, ?, ?, 'a', ?, 0)",
                    [("loss", 2.0 / (1 + s / 20), s, s) for s in range(60)])
    con.execute("insert into metrics values (cast(x'6c6f7373ff' as text), 0.5, 1, 'a', 1, 0)")
    con.execute("insert into params values (cast(x'ff' as text), cast(x'fe' as text), 'a')")
    con.execute("insert into tags values ('mlflow.note', cast(x'c3' as text), 'a')")
    con.execute("create table \"odd\xff\" (x)".encode("utf-8", "surrogateescape").decode("utf-8", "replace"))
    con.commit()
    con.close()
    data = db.read_bytes()
    at = data.find("odd\ufffd".encode())
    db.write_bytes(data[:at] + b"odd\xff\xff\xff" + data[at + 6:])  # a table name in the schema that is not UTF-8
    res = load_all(tmp_path)
    assert not res.failures and not res.problems, (res.failures, res.problems)
    (run,) = res.runs
    assert run.tag_counts()["loss"] == 60 and "ok\ufffd" in run.name


def test_a_damaged_schema_quoted_in_sqlite_s_message_is_a_named_failure(tmp_path):
    """Found by the schema fuzzer (this exact store): damaged bytes in the schema's SQL made SQLite's error
    message itself undecodable -- UnicodeDecodeError out of the reader, an internal error. Now: a damaged file,
    named as such."""
    from curvedoc.importers import load_all

    _write_store(tmp_path / "mlflow.db", {"experiments": [], "runs": [], "metrics": [], "tags": []}, "bytes", [],
                 2_147_483_647)
    res = load_all(tmp_path)
    assert not res.runs and [f.kind for f in res.failures + res.problems] in (["unsupported-format"], ["unreadable"]), res
    assert "schema is damaged" in (res.failures + res.problems)[0].reason


# ------------------------------------------------------------------------------------------ results files


def _two_runs(base: Path) -> Path:
    sweep = base / "sweep"
    for i in range(2):
        (sweep / f"r{i}").mkdir(parents=True)
        (sweep / f"r{i}" / "metrics.csv").write_text(
            "step,loss\n" + "".join(f"{s},{2.0 / (1 + s / (10 + i))}\n" for s in range(60)))
    return sweep


_RESULTS: dict[str, bytes] = {}


def _valid_results(base: Path, sweep: Path) -> bytes:
    from curvedoc.engine.audit import audit

    out = base / "first.jsonl"
    audit(str(sweep), cache=False, jobs=1, stream=out)
    return out.read_bytes()


_EDITS = ["cut", "flip", "binary", "dup", "swap", "value", "drop-key", "nul", "crlf", "header", "bom", "deep", "huge-int"]


def _edit(data: bytes, edits, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    for kind in edits:
        i = rng.randrange(len(lines))
        if kind == "cut":
            data = b"\n".join(lines)
            lines = data[: rng.randrange(len(data) + 1)].split(b"\n")
        elif kind == "flip" and lines[i]:
            b = bytearray(lines[i])
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            lines[i] = bytes(b)
        elif kind == "binary":
            lines.insert(i, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))).replace(b"\n", b""))
        elif kind == "dup":
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind in ("value", "drop-key", "huge-int", "deep"):
            try:
                rec = json.loads(lines[i])
            except ValueError:
                continue

            def walk(o):
                if isinstance(o, dict) and o:
                    k = rng.choice(sorted(o))
                    if kind == "drop-key" and rng.random() < 0.5:
                        del o[k]
                    elif isinstance(o[k], (dict, list)) and rng.random() < 0.7:
                        walk(o[k])
                    else:
                        o[k] = rng.choice([None, "text", -1, 1e308, [], {}, True, 2**70, "NaN"]) if kind != "deep" \
                            else json.loads("[" * 50 + "]" * 50)
                elif isinstance(o, list) and o:
                    j = rng.randrange(len(o))
                    if isinstance(o[j], (dict, list)):
                        walk(o[j])
                    else:
                        o[j] = 2**70 if kind == "huge-int" else None
            walk(rec)
            lines[i] = json.dumps(rec).encode()
        elif kind == "nul":
            lines[i] = lines[i][: len(lines[i]) // 2] + b"\0" + lines[i][len(lines[i]) // 2:]
        elif kind == "crlf":
            lines[i] = lines[i] + b"\r"
        elif kind == "header":
            lines[0] = lines[0].replace(b"audit-results", b"audit-resultz" if rng.random() < 0.5 else b"audit-results")
        elif kind == "bom":
            lines[0] = b"\xef\xbb\xbf" + lines[0]
    return b"\n".join(lines)


@fuzz(30)
@given(edits=st.lists(st.sampled_from(_EDITS), min_size=1, max_size=5), seed=st.integers(0, 2**31))
def test_resume_on_an_edited_results_file_never_crashes_and_ends_whole(edits, seed, tmp_path_factory):
    from curvedoc.engine.audit import audit, report_from_stream

    base = tmp_path_factory.mktemp("resume")
    sweep = _two_runs(base)
    out = base / "r.jsonl"
    out.write_bytes(_edit(_valid_results(base, sweep), edits, random.Random(seed)))
    edited = out.read_bytes()
    with time_limit(120, "audit --resume"):
        try:
            rep = audit(str(sweep), cache=False, jobs=1, stream=out, resume=True)
        except ConfigError as exc:  # refused: one line, the file left as it was
            assert "\n" not in str(exc) and out.read_bytes() == edited
            return
    assert sorted(r.run for r in rep.runs) == ["r0", "r1"]
    assert sorted(r.run for r in report_from_stream(out).runs) == ["r0", "r1"]  # the file is whole again


@pytest.mark.parametrize("kind", ["dev-zero", "dev-null", "fifo", "folder", "dangling", "link-to-fifo"])
def test_a_results_file_that_is_no_regular_file_is_refused_in_one_line(kind, tmp_path):
    """A device, a FIFO or a folder as the results file, or a link to one or into a folder that does not exist:
    refused at once (exit 2, one line), with or without --resume, nothing created. The command runs in this
    process under the same time limit as the library calls (an open() blocked on a FIFO is interrupted by it)."""
    from click.testing import CliRunner

    from curvedoc.cli import main
    from curvedoc.engine.audit import audit

    sweep = _two_runs(tmp_path)
    out = tmp_path / "r.jsonl"
    if kind == "dev-zero":
        out.symlink_to("/dev/zero")
    elif kind == "dev-null":
        out.symlink_to("/dev/null")
    elif kind == "fifo":
        os.mkfifo(out)
    elif kind == "folder":
        out.mkdir()
    elif kind == "dangling":
        out.symlink_to(tmp_path / "nowhere" / "r.jsonl")
    else:
        os.mkfifo(tmp_path / "fifo")
        out.symlink_to(tmp_path / "fifo")
    before = snapshot(tmp_path)
    for resume in (True, False):
        with time_limit(60, f"audit --out {kind}"), pytest.raises(ConfigError) as ei:
            audit(str(sweep), cache=False, jobs=1, stream=out, resume=resume)
        assert "\n" not in str(ei.value)
    with time_limit(60, f"curvedoc audit --out {kind}"):
        r = CliRunner().invoke(main, ["audit", str(sweep), "--out", str(out), "--resume", "--no-cache", "-j", "1"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert _diff(before, snapshot(tmp_path)) == []


def test_a_results_file_reached_through_a_link_is_written_where_the_link_points(tmp_path):
    """``results.jsonl -> /shared/sweep.jsonl``: the results were written beside the link and the link replaced by
    a file (the shared file left stale, and two links to one file locked apart). The link is followed: one file,
    one lock, the link kept."""
    from curvedoc.engine import stream as stream_mod
    from curvedoc.engine.audit import audit, report_from_stream

    sweep = _two_runs(tmp_path)
    shared = tmp_path / "shared"
    shared.mkdir()
    real = shared / "sweep.jsonl"
    link, other = tmp_path / "results.jsonl", tmp_path / "again.jsonl"
    link.symlink_to(real)
    other.symlink_to(real)
    audit(str(sweep), cache=False, jobs=1, stream=link)
    assert link.is_symlink() and len(report_from_stream(real).runs) == 2
    lock = stream_mod.StreamLock(real)
    try:
        with pytest.raises(ConfigError, match="another audit is writing"):
            audit(str(sweep), cache=False, jobs=1, stream=other, resume=True)
    finally:
        lock.release()
    rep = audit(str(sweep), cache=False, jobs=1, stream=other, resume=True)
    assert rep.sweep["resumed_runs"] == 2 and other.is_symlink() and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.jsonl", "results.jsonl", "shared", "sweep"]
    assert sorted(p.name for p in shared.iterdir()) == ["sweep.jsonl"]


# ------------------------------------------------------------------------------------------ watch rotation

_OPS = ["append", "append", "append", "partial", "truncate0", "truncate-mid", "replace", "rewrite", "fifo", "delete",
        "header-only"]
_ORDERS = [("step", "loss", "lr"), ("step", "lr", "loss"), ("loss", "step", "lr"), ("step", "loss")]
LR = 50.0  # far from any loss value written: a loss of 50 is the lr column read as the loss


class _Log:
    """A CSV log some training script writes and something rotates under it."""

    def __init__(self, path: Path):
        self.path, self.order, self.step, self.pending = path, _ORDERS[0], 0, b""
        self.loss: set[float] = set()
        self._write_all(0)

    def _row(self, s: int) -> bytes:
        v = round(float(2.0 * np.exp(-s / 150) + 0.3), 6)
        self.loss.add(v)
        vals = {"step": str(s), "loss": repr(v), "lr": repr(LR)}
        return (",".join(vals[c] for c in self.order) + "\n").encode()

    def _write_all(self, upto: int, path: Path | None = None) -> None:
        data = (",".join(self.order) + "\n").encode() + b"".join(self._row(s) for s in range(upto))
        (path or self.path).write_bytes(data)

    def _regular(self) -> bool:
        return self.path.is_file() and not self.path.is_symlink()

    def apply(self, op: str, rng: random.Random) -> None:
        if op in ("append", "partial") and not self._regular():  # the script starts a new file, whole lines
            self.path.unlink(missing_ok=True)
            self._write_all(self.step)
            self.pending = b""
        if op == "append":
            n = rng.randrange(1, 40)
            with open(self.path, "ab") as fh:
                fh.write(self.pending + b"".join(self._row(self.step + i) for i in range(n)))
            self.pending, self.step = b"", self.step + n
        elif op == "partial":
            row = self._row(self.step)
            cut = rng.randrange(1, len(row))
            with open(self.path, "ab") as fh:
                fh.write(self.pending + row[:cut])
            self.pending, self.step = row[cut:], self.step + 1
        elif op == "truncate0":  # copytruncate: the script goes on in an empty file, header first
            self.path.unlink(missing_ok=True)
            self.path.write_bytes((",".join(self.order) + "\n").encode())
            self.pending = b""
        elif op == "truncate-mid" and self._regular():
            size = self.path.stat().st_size
            os.truncate(self.path, rng.randrange(0, size + 1))
            self.pending = b"\n"  # the next write starts a fresh line
        elif op in ("replace", "rewrite", "header-only"):
            self.order = rng.choice(_ORDERS)
            self.pending = b""
            if op == "replace":
                tmp = self.path.with_name(self.path.name + ".new")
                self._write_all(self.step, tmp)
                os.replace(tmp, self.path)
            else:
                if not self._regular():
                    self.path.unlink(missing_ok=True)
                self._write_all(0 if op == "header-only" else self.step)
        elif op == "fifo":
            self.path.unlink(missing_ok=True)
            os.mkfifo(self.path)
        elif op == "delete":
            self.path.unlink(missing_ok=True)


@fuzz(25)
@given(ops=st.lists(st.sampled_from(_OPS), min_size=3, max_size=14), seed=st.integers(0, 2**31))
def test_watch_survives_any_rotation_of_its_log(ops, seed, tmp_path_factory):
    from curvedoc.watch import Watcher

    folder = tmp_path_factory.mktemp("watched")
    log = _Log(folder / "metrics.csv")
    rng = random.Random(seed)
    log.apply("append", rng)
    log.apply("append", rng)
    watcher = Watcher(folder)
    events = []
    for op in ops:
        log.apply(op, rng)
        with time_limit(20, f"watch poll after {op}"):
            events += watcher.poll()
        for w in watcher.runs.values():
            for live in (w.lives() if hasattr(w, "lives") else [w.live]):
                loss = live.snapshot().series("loss").to_numpy()
                finite = loss[np.isfinite(loss)]
                assert not (finite >= LR).any(), (ops, "the lr column read as the loss")
    errors = [(e.finding.code, e.finding.message) for e in events if e.finding.severity == "error"]
    assert not errors, (ops, errors)


@pytest.mark.parametrize("start", ["header-only", "rows"])
def test_a_log_rewritten_in_place_with_its_old_first_bytes_is_read_from_its_start(start, tmp_path):
    """Found by the rotation fuzzer: a CSV log that held only its header when first read (a script that had
    just started, or just truncated it), then rows, then was rewritten in place -- same inode, same header, longer
    -- was read on from the old offset: mid-line, '3,50.0' under 'step,loss,lr' put the lr in the loss column.
    The first bytes compared must be all that was read up to HEAD_CHECK, and the bytes just before the offset
    must be unchanged too (a rewrite keeping the first bytes). Every cut of the old offset into the new rows."""
    from curvedoc.watch import Watcher

    def rows(a, b):
        return "".join(f"{s},{round(2.0 * np.exp(-s / 150) + 0.3, 6)!r},{LR!r}\n" for s in range(a, b))

    first = "step,loss,lr\n" + ("" if start == "header-only" else rows(0, 40))
    wrong = []
    for cut in range(1, 30):
        folder = tmp_path / f"run{cut}"
        folder.mkdir()
        log = folder / "metrics.csv"
        log.write_text(first)
        watcher = Watcher(folder)
        watcher.poll()
        with open(log, "a") as fh:
            fh.write(rows(1000, 1002) + "9" * cut + "\n")  # an odd line: the old offset falls anywhere in a row
        watcher.poll()
        with open(log, "r+") as fh:  # rewritten in place: same inode, same first bytes, other rows, longer
            fh.write(first + rows(40, 400))
        events = []
        for _ in range(2):
            events += watcher.poll()
        (w,) = watcher.runs.values()
        loss = w.live.snapshot().series("loss").to_numpy()
        if (loss >= LR).any() or [e for e in events if e.finding.severity == "error"]:
            wrong.append(cut)
    assert not wrong, wrong


def test_rows_wider_than_a_cut_header_never_shift_the_columns(tmp_path):
    """Found by the rotation fuzzer: a log truncated inside its header ('step,loss,lr' cut to 'step,loss') and
    written on: every row one field wider than the header, pandas took the first field for an index column and
    shifted every name one column right -- the lr read as the loss, in diagnose and in watch alike. The values
    are read by position under the header's names, and the run says its rows are wider than the header."""
    from curvedoc.watch import Watcher

    folder = tmp_path / "run"
    folder.mkdir()
    log = folder / "metrics.csv"
    log.write_text("step,loss\n" + "".join(f"{s},{2.0 / (1 + s / 30)!r},{LR!r}\n" for s in range(60)))
    (run,) = curvedoc.load(log)
    loss = run.series("loss").to_numpy()
    assert len(loss) == 60 and not (loss >= LR).any() and list(run.series("loss").index[:2]) == [0, 1]
    assert any(i.kind == "bad-rows" for i in run.issues), [i.to_dict() for i in run.issues]
    watcher = Watcher(folder)
    watcher.poll()
    (w,) = watcher.runs.values()
    assert not (w.live.snapshot().series("loss").to_numpy() >= LR).any()
