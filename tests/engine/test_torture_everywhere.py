"""The torture sweep plus issue 39's attack inputs, audited locally, from memory:// and through a Dask cluster
(issue 39, "done when"): no file written outside the staging and cache folders, inputs byte-identical, no hang
past the time limits, memory within the guard.

Each audit runs in a child process whose HOME, working directory and TMPDIR are empty folders of the test: the
three are snapshotted (every path, type and content hash) before and after, as is the sweep itself and the
victim files the attacks aim at. The only new paths allowed are the ones the command was told to write (the
report, the results file, the cache folder), all outside those three; curvedoc's private staging folders live in
TMPDIR while a run is read and must be gone at the end. The child's peak memory (its own and its workers') is
checked against the memory guard it ran under.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from test_readonly_security import _diff, snapshot
from test_torture import SMALL_LIMIT, build_torture

MAX_SECONDS = 30  # the per-run limit the audits run under
MEMORY_MB = 1024  # the per-run memory guard (CURVEDOC_MAX_MEMORY_MB)
CHILD_SECONDS = 420  # no audit of this sweep may take longer (a hang shows up as a failure, not a stuck CI job)


def _put(root: Path, rel: str, data: bytes) -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data)
    return p


def _mlflow_db(path: Path, schema: str, rows: int = 60) -> Path:
    from test_mlflow_db import SCHEMA

    con = sqlite3.connect(path)
    con.executescript(schema or SCHEMA)
    con.execute("insert into runs values ('a', 'a', 'FINISHED', 1, 2, 'active', 1)")
    cols = [r[1] for r in con.execute("pragma table_xinfo(metrics)") if r[6] == 0]  # not generated
    if "value" in cols:
        con.executemany("insert into metrics (key, value, timestamp, run_uuid, step) values ('loss', ?, ?, 'a', ?)",
                        [(1.0 / (s + 1), s, s) for s in range(rows)])
    else:
        con.executemany("insert into metrics (key, v0, timestamp, run_uuid, step) values ('loss', ?, ?, 'a', ?)",
                        [(1.0 / (s + 1), s, s) for s in range(rows)])
    con.commit()
    con.close()
    return path


def build_attacks(tree: Path, home: Path) -> dict[str, str]:
    """Issue 39's attack inputs beside the torture sweep: folder -> what the audit must do with it ("ok": read,
    "unreadable": named with a reason, "skip": passed over or named as a problem, never read)."""
    from test_mlflow_db import SCHEMA

    exp = {}
    steps = np.arange(400)
    healthy = 2.0 * np.exp(-steps / 120) + 0.3
    # 39.16: settings inside the data never apply; the diverging run beside them must still fail the command
    run = tree / "attack-pyproject" / "diverging"
    _put(run, "metrics.csv", ("step,loss\n" + "".join(f"{i},{2.0 * 0.97 ** i}\n" for i in range(40))
                              + "".join(f"{i},nan\n" for i in range(40, 60))).encode())
    _put(tree, "attack-pyproject/pyproject.toml",
         b'[tool.curvedoc]\nfail-on = "never"\njobs = 40\nignore = ["D"]\nmax-seconds = 0\nmax-file-mb = 100000\n')
    exp["attack-pyproject"] = "ok"
    # 39.7 / 39.24: mlflow.db with a generated column, with one damaged page, without its metrics table
    gen = SCHEMA.replace("value float, timestamp", "v0 float, value float generated always as "
                         "(length(printf('%.*c', 200000, 'x')) + v0) virtual, timestamp")
    (tree / "attack-mlflow-generated").mkdir()
    _mlflow_db(tree / "attack-mlflow-generated" / "mlflow.db", gen)
    exp["attack-mlflow-generated"] = "unreadable"
    (tree / "attack-mlflow-damaged").mkdir()
    db = _mlflow_db(tree / "attack-mlflow-damaged" / "mlflow.db", SCHEMA, rows=3000)
    data = bytearray(db.read_bytes())
    data[len(data) - 4096 * 3] = 0xFF  # a page near the end (metrics, written last) is no b-tree page any more
    db.write_bytes(bytes(data))
    exp["attack-mlflow-damaged"] = "ok"
    (tree / "attack-mlflow-no-metrics").mkdir()
    con = sqlite3.connect(tree / "attack-mlflow-no-metrics" / "mlflow.db")
    con.executescript(SCHEMA.split("create table metrics")[0])
    con.execute("insert into runs values ('a', 'a', 'FINISHED', 1, 2, 'active', 1)")
    con.commit()
    con.close()
    exp["attack-mlflow-no-metrics"] = "unreadable"
    # 39.29: steps at 2^62 and past it
    _put(tree, "attack-huge-steps/metrics.csv", b"step,loss\n" + b"".join(
        b"%d,%r\n" % (2**62 + i * 1000, float(v)) for i, v in enumerate(healthy[:100])))
    exp["attack-huge-steps"] = "ok"
    # 39.6 / 39.28: many distinct keys (within the per-file limit) in JSONL and in a text log
    _put(tree, "attack-jsonl-keys/metrics.jsonl", "".join(
        json.dumps({"step": i, "loss": float(healthy[i % 400]), f"k{i}": 1.0}) + "\n" for i in range(3000)).encode())
    exp["attack-jsonl-keys"] = "ok"
    _put(tree, "attack-text-keys/train.log", "".join(
        f"step {i}: loss {healthy[i % 400]:.4f} metric_{i}: 0.5\n" for i in range(4000)).encode())
    exp["attack-text-keys"] = "ok"
    # 39.26: frequent large spikes
    spiky = healthy.copy()
    spiky[np.arange(20, 400, 13)] *= 12
    _put(tree, "attack-spikes/metrics.csv", b"step,loss\n" + b"".join(b"%d,%r\n" % (i, float(v)) for i, v in enumerate(spiky)))
    exp["attack-spikes"] = "ok"
    # 39.10: a 'latest' link to a run of the sweep; a log that is a link to /dev/zero; a log that is a link to a
    # file outside the sweep (read, never written)
    os.symlink("attack-spikes", tree / "latest")
    (tree / "attack-dev-zero").mkdir()
    os.symlink("/dev/zero", tree / "attack-dev-zero" / "metrics.csv")
    exp["attack-dev-zero"] = "skip"
    (tree / "attack-outside-link").mkdir()
    os.symlink(home / "outside.csv", tree / "attack-outside-link" / "metrics.csv")
    exp["attack-outside-link"] = "ok"
    return exp


def _victims(home: Path) -> None:
    (home / ".bashrc").write_bytes(b"# the user's shell settings\n")
    (home / "outside.csv").write_bytes(b"step,loss\n" + b"".join(b"%d,%.4f\n" % (i, 1 / (i + 1)) for i in range(50)))


CHILD = r'''
import json, os, resource, sys, time


def run():
    sys.path.insert(0, {tests!r})
    mode, tree, out = sys.argv[1], sys.argv[2], sys.argv[3]
    from curvedoc.engine.audit import audit
    t0 = time.monotonic()
    code = None
    if mode == "local":
        from curvedoc.cli import main
        try:
            main(["audit", tree, "--format", "json", "--jobs", "2", "--cache-dir", out + "/cache", "--out",
                  out + "/results.jsonl"], standalone_mode=True)
        except SystemExit as exc:
            code = exc.code
    elif mode == "memory":
        import fsspec
        fs = fsspec.filesystem("memory")
        root = "/sweep"
        for dirpath, dirs, files in os.walk(tree):
            for name in files:
                p = os.path.join(dirpath, name)
                if os.path.islink(p) or not os.path.isfile(p):
                    continue  # a store has objects only: no links, FIFOs or devices
                fs.pipe(root + "/" + os.path.relpath(p, tree), open(p, "rb").read())
        home = os.environ["HOME"]
        run = root + "/mlflow-remote/1/abc"  # an MLflow run whose keys point out of the staging folder
        fs.pipe(run + "/meta.yaml", b"run_id: abc\nrun_name: remote\nstatus: 3\nstart_time: 1\nend_time: 2\n")
        fs.pipe(run + "/metrics/loss", b"".join(b"%d %.4f %d\n" % (s, 1 / (s + 1), s) for s in range(50)))
        ups = "/".join([".."] * 30)
        for k in (f"metrics/{{ups}}{{home}}/.bashrc", f"params/{{ups}}{{home}}/new-file", f"tags/..\\..\\x",
                  f"metrics//{{home}}/abs", "metrics/./loss2", f"tags/{{ups}}{{home}}/dir/deeper"):
            fs.pipe(run + "/" + k, b"1 0.5 0\n")
        fs.pipe(root + "/" + ups + home + "/top-level", b"x")
        from curvedoc.cli import main
        try:
            main(["audit", "memory:/" + root, "--format", "json", "--jobs", "2", "--cache-dir", out + "/cache",
                  "--out", out + "/results.jsonl"], standalone_mode=True)
        except SystemExit as exc:
            code = exc.code
    elif mode == "dask":
        import dask
        from distributed import Client, LocalCluster
        # the cluster's own scratch space (its lock files, spilled data) goes to a folder given for it, as a
        # cluster set up for a shared machine would have it: TMPDIR is left to curvedoc's staging
        with dask.config.set({{"distributed.worker.profile.enabled": False, "temporary-directory": out + "/dask-space"}}):
            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                   host="127.0.0.1", local_directory=out + "/dask-space")
        client = Client(cluster)
        rep = audit(tree, client=client, cache_dir=out + "/cache", stream=out + "/results.jsonl")
        json.dump(rep.to_dict(), open(out + "/report.json", "w"))
        client.close()
        cluster.close()
        code = rep.exit_status()
    peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print(json.dumps({{"code": code, "seconds": time.monotonic() - t0, "peak_mb": peak / 1024}}), file=sys.stderr)


if __name__ == "__main__":  # Dask's worker processes import this file again
    run()
'''


def _audit(mode: str, tree: Path, base: Path) -> tuple[dict, str]:
    out = base / f"out-{mode}"
    out.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CURVEDOC_", "DASK_"))}
    env.update({"HOME": str(base / "home"), "TMPDIR": str(base / "tmp"), "XDG_CACHE_HOME": str(base / "home" / ".cache"),
                "PYTHONDONTWRITEBYTECODE": "1", "MPLCONFIGDIR": str(out / "mpl"),
                "CURVEDOC_MAX_FILE_BYTES": str(SMALL_LIMIT), "CURVEDOC_MAX_SECONDS_PER_RUN": str(MAX_SECONDS),
                "CURVEDOC_MAX_MEMORY_MB": str(MEMORY_MB)})
    script = base / f"child-{mode}.py"
    script.write_text(CHILD.format(tests=str(Path(__file__).resolve().parents[1])))
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, str(script), mode, str(tree), str(out)], cwd=base / "cwd", env=env,
                       capture_output=True, text=True, timeout=CHILD_SECONDS, check=False)
    took = time.monotonic() - t0
    stats = json.loads(r.stderr.strip().splitlines()[-1]) if r.stderr.strip() else {}
    assert stats, (mode, r.returncode, r.stderr[-3000:])
    stats["took"] = took
    return stats, r.stdout


def _run_of(report: dict, folder: str) -> list[dict]:
    return [r for r in report["runs"] if r["run"].split("/")[0] == folder or r["run"].startswith(folder + "#")]


@pytest.mark.slow  # three audits of ~60 runs each, one through a Dask cluster: ~1-3 min on a loaded 2-core machine
def test_the_torture_sweep_and_the_attacks_write_nowhere_and_change_nothing(tmp_path):
    base = tmp_path
    for d in ("home", "cwd", "tmp"):
        (base / d).mkdir()
    _victims(base / "home")
    tree = base / "sweep"
    torture = build_torture(tree)
    attacks = build_attacks(tree, base / "home")
    watched = {d: snapshot(base / d) for d in ("home", "cwd", "tmp")}
    inputs = snapshot(tree)
    pytest.importorskip("fsspec")
    modes = ["local", "memory"]
    try:
        import distributed  # noqa: F401

        modes.append("dask")
    except ImportError:
        pass
    problems = []
    for mode in modes:
        stats, stdout = _audit(mode, tree, base)
        # nothing written outside the folders the command was given; staging folders gone; inputs unchanged
        for d, before in watched.items():
            # a folder's own times change when staging folders come and go in it: what it holds must not
            changed = [c for c in _diff(before, snapshot(base / d)) if not c.startswith("changed .:")]
            if changed:
                problems.append(f"{mode}: {d} changed: {changed[:8]}")
        changed = _diff(inputs, snapshot(tree))
        if changed:
            problems.append(f"{mode}: the sweep changed: {changed[:8]}")
        # no hang: every run bounded by its limit, the whole audit far inside the child's
        if stats["took"] > CHILD_SECONDS - 60:
            problems.append(f"{mode}: took {stats['took']:.0f} s")
        # memory: no process past what the guard lets one run have on top of a worker's own
        if stats["peak_mb"] > MEMORY_MB + 600:
            problems.append(f"{mode}: peak RSS {stats['peak_mb']:.0f} MB over the {MEMORY_MB} MB guard")
        if stats["code"] not in (0, 1):
            problems.append(f"{mode}: exit {stats['code']}")
        report = json.loads(stdout) if mode != "dask" else json.loads((base / "out-dask" / "report.json").read_text())
        names = {r["run"].split("/")[0].split("#")[0] for r in report["runs"]}
        for folder, what in attacks.items():
            got = _run_of(report, folder)
            if mode == "memory" and folder == "attack-outside-link":
                continue  # a store holds objects, not links: nothing of it was uploaded
            if what == "ok" and not [r for r in got if r["status"] != "unreadable" and r["points"] > 0]:
                problems.append(f"{mode}: {folder} not read: {[(r['status'], r['errors']) for r in got]}")
            if what == "unreadable" and not (got and all(r["status"] == "unreadable" and r["errors"] for r in got)) \
                    and not any(folder in p["path"] for p in report.get("problems", [])):
                problems.append(f"{mode}: {folder} should be named unreadable: {[(r['status'], r['errors']) for r in got]}")
            if what == "skip" and [r for r in got if r["points"]]:
                problems.append(f"{mode}: {folder} was read: {got}")
        diverging = _run_of(report, "attack-pyproject")
        if not any(f["code"].startswith("D") for r in diverging for f in r["findings"]):
            problems.append(f"{mode}: the settings inside the data hid the diverging run")
        if stats["code"] != 1:
            problems.append(f"{mode}: exit {stats['code']}, not 1, with a diverging run in the sweep")
        good = {f for f, (w, _) in torture.items() if w == "ok" and not f.startswith(("fifo", "non-utf8"))}
        missing = sorted(good - names)
        if missing:
            problems.append(f"{mode}: torture runs missing: {missing}")
        if mode == "memory":
            r = _run_of(report, "mlflow-remote")
            unsafe = [i for x in r for i in x["issues"] if i["kind"] == "unsafe-key"]
            if len(unsafe) < 5 or not any(p.get("kind") == "unsafe-key" for p in report.get("problems", [])):
                problems.append(f"memory: hostile keys not all reported: {len(unsafe)} issues, "
                                f"problems {report.get('problems')}")
    assert not problems, "\n".join(problems)
