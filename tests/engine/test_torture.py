"""The torture sweep: good runs mixed with every kind of broken input a disk holds, audited through
the CLI. Every good run is diagnosed, every bad one is reported with its reason, the exit code is as
documented, the tree is byte-identical afterwards. Plus the per-run time guard (``max-seconds``).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzz_profile import (
    EVENT_NAME,
    TARGETS,
    special_inputs,
    tf_event,
    tfrecord,
    time_limit,
)
from test_readonly_security import _diff, snapshot

import curvedoc
from curvedoc._guard import (
    DEFAULT_MAX_SECONDS,
    ENV,
    RunTimeout,
    max_seconds,
    time_guard,
)
from curvedoc.engine.config import Settings, load_settings
from curvedoc.errors import ConfigError

SMALL_LIMIT = 200_000  # CURVEDOC_MAX_FILE_BYTES for the sweep: the "oversized" file is over it, good runs under

# run folder -> what the report must say: ("ok", None) diagnosed; ("ok", kind) diagnosed with an import issue
# of that kind; ("unreadable", reason words); ("problem", reason words) listed under problems
EXPECT: dict[str, tuple[str, str | None]] = {}


def _put(tree: Path, rel: str, data: bytes) -> Path:
    p = tree / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data)
    return p


def build_torture(tree: Path) -> dict[str, tuple[str, str | None]]:
    exp: dict[str, tuple[str, str | None]] = {}
    # --- good runs of several formats
    for name in ("csv-generic", "tfevents-tf1", "trainer-state", "jsonl", "mlflow-metric", "wandb", "csv-keras",
                 "detectron2"):
        TARGETS[name].write(tree / f"good-{name}")
        exp[f"good-{name}"] = ("ok", None)
    ev = TARGETS["tfevents-tf1"].seed
    # --- event files
    _put(tree, f"ev-truncated/{EVENT_NAME}", ev[: len(ev) * 2 // 3])
    exp["ev-truncated"] = ("ok", "truncated")
    bad = bytearray(ev)
    for off in range(len(ev) // 3, len(ev) // 3 + 400, 37):
        bad[off] ^= 0x5A
    _put(tree, f"ev-corrupted/{EVENT_NAME}", bytes(bad))
    exp["ev-corrupted"] = ("ok", "corrupt")
    _put(tree, f"ev-lfs/{EVENT_NAME}", special_inputs(TARGETS["tfevents-tf1"])["lfs-pointer"])
    exp["ev-lfs"] = ("unreadable", "lfs")
    _put(tree, f"ev-header-only/{EVENT_NAME}", tfrecord(tf_event(wall=1.7e9, version="brain.Event:2")))
    exp["ev-header-only"] = ("unreadable", "no scalar")
    _put(tree, f"ev-garbage/{EVENT_NAME}", os.urandom(0) + bytes(range(256)) * 40)
    exp["ev-garbage"] = ("unreadable", None)
    # --- CSV
    csv = TARGETS["csv-generic"].seed
    _put(tree, "csv-half-written/log.csv", csv[: len(csv) // 2 + 3])
    exp["csv-half-written"] = ("ok", "truncated|incomplete")
    _put(tree, "csv-binary/log.csv", bytes(range(256)) * 20)
    exp["csv-binary"] = ("unreadable", "binary")
    _put(tree, "csv-latin1/log.csv", "step,p\u00e9rte_loss,val_loss\n".encode("latin-1") +
         b"".join(f"{i},{2 / (i + 1):.4f},{2.2 / (i + 1):.4f}\n".encode() for i in range(40)))
    exp["csv-latin1"] = ("ok", "utf")
    _put(tree, "csv-nan-strings/log.csv", b"step,loss,val_loss\n" + b"".join(
        f"{i},{v},{w}\n".encode() for i, (v, w) in enumerate(
            [("nan", "NaN"), ("inf", "-inf"), ("1.0", "null"), ("0.9", ""), ("NaN", "1.1"), ("0.8", "N/A")] * 8)))
    exp["csv-nan-strings"] = ("ok", None)
    _put(tree, "csv-oversized/log.csv", csv + b"".join(f"{i},1.0,1.0,0.1\n".encode() for i in range(400, 20000)))
    exp["csv-oversized"] = ("unreadable", "over the 200.0 kb per-file limit")
    # --- JSON / HF
    _put(tree, "hf-zero-bytes/trainer_state.json", b"")
    exp["hf-zero-bytes"] = ("unreadable", "empty")
    st = TARGETS["trainer-state"].seed
    _put(tree, "hf-truncated/trainer_state.json", st[: len(st) // 2])
    exp["hf-truncated"] = ("ok", "truncated")
    _put(tree, "json-deep/metrics.jsonl", b"[" * 100_000)
    exp["json-deep"] = ("problem", "deep")
    # --- W&B cut mid-block
    wb = TARGETS["wandb"].seed
    _put(tree, "wandb-cut/run-abc.wandb", wb[: len(wb) // 2])
    exp["wandb-cut"] = ("ok", "truncated")
    # --- Lightning with a hostile hparams.yaml
    TARGETS["csv-lightning"].write(tree / "lightning-deep-yaml")
    _put(tree, "lightning-deep-yaml/hparams.yaml", b"a: " + b"[" * 50_000)
    exp["lightning-deep-yaml"] = ("ok", "bad-hparams")
    # --- folders: empty, symlink loop, dangling link, unreadable (simulated when root)
    (tree / "empty-folder").mkdir()
    loop = tree / "symlink-loop"
    loop.mkdir()
    os.symlink("..", loop / "again")
    exp["symlink-loop"] = ("problem", "loop")
    (tree / "dangling").mkdir()
    os.symlink(tree / "does-not-exist.csv", tree / "dangling" / "log.csv")
    exp["dangling"] = ("unreadable", "not found")
    # --- issue 18: a FIFO named like a log beside a good one, curvedoc's own report inside the sweep, a gzip
    # bomb and a good .gz log, a YAML alias bomb beside a Lightning log, a non-UTF-8 folder name
    if hasattr(os, "mkfifo"):
        TARGETS["csv-generic"].write(tree / "fifo-beside")
        os.mkfifo(tree / "fifo-beside" / "training.log")
        exp["fifo-beside"] = ("ok", None)
    _put(tree, "own-report/report.json", b'{\n  "curvedoc_version": "0.1.0",\n  "runs": []\n}\n')
    exp["own-report"] = ("problem", "curvedoc report")
    import gzip

    _put(tree, "gz-bomb/log.csv.gz", gzip.compress(b"step,loss\n" + b"1,1.0\n" * 400_000))
    exp["gz-bomb"] = ("unreadable", "decompresses")
    _put(tree, "gz-good/log.csv.gz", gzip.compress(TARGETS["csv-generic"].seed))
    exp["gz-good"] = ("ok", None)
    TARGETS["csv-lightning"].write(tree / "lightning-alias-bomb")
    bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10))
    _put(tree, "lightning-alias-bomb/hparams.yaml", bomb.encode())
    exp["lightning-alias-bomb"] = ("ok", None)
    # the merge-key bomb (each level merges the one below twice: 2^20 keys if expanded) in every other YAML a reader
    # picks up beside a log: W&B files/config.yaml, DVCLive params.yaml, a TensorBoard folder's hparams.yaml
    merge = "m0: &m0 {k0: 1, k1: 2}\n" + "".join(
        f"m{i}: &m{i}\n  <<: [*m{i - 1}, *m{i - 1}]\n  x{i}: {i}\n" for i in range(1, 21))
    for name, target, rel in (("wandb-merge-bomb", "wandb", "files/config.yaml"),
                              ("wandb-alias-bomb", "wandb", "files/config.yaml"),
                              ("dvclive-merge-bomb", "dvclive-tsv", "params.yaml"),
                              ("tb-merge-bomb", "tfevents-tf1", "hparams.yaml")):
        TARGETS[target].write(tree / name)
        root = next((d for d in [tree / name, *sorted((tree / name).rglob("*"))] if d.is_dir() and (
            any(x.suffix == ".wandb" for x in d.iterdir()) if target == "wandb" else
            (d / "plots").is_dir() if target == "dvclive-tsv" else
            any("tfevents" in x.name for x in d.iterdir()))), tree / name)
        _put(tree, str((root / rel).relative_to(tree)), (bomb if "alias" in name else merge).encode())
        exp[name] = ("ok", None)
    weird = os.fsdecode(b"non-utf8-\xff-name")
    TARGETS["csv-generic"].write(tree / weird)
    exp["non-utf8-\ufffd-name"] = ("ok", None)  # reported as valid UTF-8: the byte becomes U+FFFD
    return exp


def _run_cli(tree: Path, tmp: Path, *args: str, extra_env=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CURVEDOC_")}
    env.update({"CURVEDOC_MAX_FILE_BYTES": str(SMALL_LIMIT), "HOME": str(tmp / "home"),
                "XDG_CACHE_HOME": str(tmp / "xdg"), "PYTHONDONTWRITEBYTECODE": "1"})
    env.update(extra_env or {})
    with time_limit(600, "curvedoc audit on the torture sweep"):
        return subprocess.run([sys.executable, "-m", "curvedoc", "audit", str(tree), *args], capture_output=True,
                              text=True, env=env, timeout=600, check=False)


def _entries(report: dict, tree: Path):
    """run folder -> list of run dicts; run folder -> list of problem reasons."""
    runs: dict[str, list] = {}
    for r in report["runs"]:
        runs.setdefault(r["run"].split("/")[0], []).append(r)
    probs: dict[str, list] = {}
    for p in report.get("problems", []):
        try:
            top = Path(p["path"]).relative_to(tree).parts[0]
        except ValueError:
            top = p["path"]
        probs.setdefault(top, []).append(p["reason"])
    return runs, probs


def test_torture_sweep_through_the_cli(tmp_path):
    tree = tmp_path / "sweep"
    exp = build_torture(tree)
    before = snapshot(tree)
    r = _run_cli(tree, tmp_path, "--format", "json", "--jobs", "2", "--cache-dir", str(tmp_path / "cache"))
    assert r.returncode in (0, 1), (r.returncode, r.stderr[-3000:])
    report = json.loads(r.stdout)
    runs, probs = _entries(report, tree)
    wrong = []
    for folder, (what, word) in sorted(exp.items()):
        got = runs.get(folder, [])
        if what == "ok":
            good = [x for x in got if x["status"] != "unreadable" and x["points"] > 0]
            if not good:
                wrong.append(f"{folder}: expected diagnosed, got {[(x['status'], x['errors']) for x in got]}")
                continue
            if word:
                text = " ".join(f"{i['kind']} {i['message']}" for x in good for i in x["issues"]).lower()
                if not any(w in text for w in word.split("|")):
                    wrong.append(f"{folder}: expected an import issue about {word!r}, got {text[:300]!r}")
            if len(good) != len(got):  # e.g. a config .json beside the log shown as an unreadable run
                wrong.append(f"{folder}: also unreadable entries {[x['errors'] for x in got if x not in good]}")
            if any(x["errors"] for x in good):
                wrong.append(f"{folder}: detector errors {[x['errors'] for x in good]}")
        elif what == "unreadable":
            bad = [x for x in got if x["status"] == "unreadable"]
            reasons = " ".join(e for x in bad for e in x["errors"]).lower()
            if not bad or not reasons.strip():
                wrong.append(f"{folder}: expected unreadable with a reason, got {[(x['status'], x['errors']) for x in got]}"
                             f" / problems {probs.get(folder)}")
            elif word and word not in reasons:
                wrong.append(f"{folder}: reason {reasons!r} does not mention {word!r}")
        else:  # problem
            reasons = " ".join(probs.get(folder, []) + [e for x in got for e in x["errors"]]).lower()
            if not reasons or (word and word not in reasons):
                wrong.append(f"{folder}: expected a problem about {word!r}, got {reasons!r}")
    assert not wrong, "\n".join(wrong)
    # nothing diagnosed that is not in the tree, nothing unexpected vanished
    assert set(runs) <= set(exp) | {"empty-folder"}, sorted(set(runs) - set(exp))
    # exit code as documented: 1 iff an error finding among readable runs (fail-on error)
    errors = any(f["severity"] == "error" for x in report["runs"] for f in x["findings"])
    assert r.returncode == (1 if errors else 0), (r.returncode, errors)
    # the sweep section lists every unreadable run with its reason
    listed = {u["run"].split("/")[0] for u in report["sweep"]["unreadable"]}
    assert {f for f, (w, _) in exp.items() if w == "unreadable"} <= listed
    assert not _diff(before, snapshot(tree)), _diff(before, snapshot(tree))


def test_torture_nothing_readable_exits_2(tmp_path):
    tree = tmp_path / "sweep"
    exp = build_torture(tree)
    import shutil

    for folder, (what, _) in exp.items():
        if what == "ok" and (tree / folder).exists():
            shutil.rmtree(tree / folder)
    shutil.rmtree(tree / os.fsdecode(b"non-utf8-\xff-name"))  # reported under its U+FFFD name
    r = _run_cli(tree, tmp_path, "--format", "json", "--no-cache", "--jobs", "1")
    assert r.returncode == 2, (r.returncode, r.stdout[-2000:], r.stderr[-2000:])


def test_unreadable_permission_is_reported(tmp_path, monkeypatch):
    """chmod 000 does not stop root, so the refusal is simulated (os.access says no); for real otherwise."""
    d = tmp_path / "run"
    TARGETS["csv-generic"].write(d)
    target = d / "log.csv"
    if os.geteuid() == 0:
        real_access = os.access
        monkeypatch.setattr(os, "access", lambda p, mode, *a, **k: False if Path(p) == target else real_access(p, mode, *a, **k))
    else:
        os.chmod(target, 0)
    try:
        report = curvedoc.diagnose(tmp_path)
    finally:
        os.chmod(target, 0o644)
    (rr,) = report.runs
    assert rr.status == "unreadable" and "permission denied" in rr.errors[0], (rr.status, rr.errors)
    assert report.exit_status() == 2


# ------------------------------------------------------------------------------------------ time guard


def test_guard_interrupts_and_restores():
    t0 = time.monotonic()
    with pytest.raises(RunTimeout) as ei, time_guard(0.2):
        while True:
            pass
    assert 0.15 < time.monotonic() - t0 < 5
    assert ei.value.reason == "took longer than 0.2 s (limit: max-seconds)"
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.default_int_handler, None)
    with time_guard(None):  # disabled
        time.sleep(0.01)
    with time_guard(5):  # nothing fires when the block is quick
        time.sleep(0.01)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_guard_nests_with_an_outer_timer():
    class Outer(BaseException):
        pass

    def outer(signum, frame):
        raise Outer()

    old = signal.signal(signal.SIGALRM, outer)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.6)
        with time_guard(10), pytest.raises(Outer):  # the inner limit is longer: the outer still fires on time
            time.sleep(3)
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        with time_guard(0.1), pytest.raises(RunTimeout):
            time.sleep(3)
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        assert 0 < left < 0.5  # the outer timer is re-armed with what is left
        with pytest.raises(Outer):
            time.sleep(3)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_max_seconds_sources(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert max_seconds(None) == DEFAULT_MAX_SECONDS
    assert max_seconds(Settings(max_seconds=12)) == 12
    assert max_seconds(Settings(max_seconds=0)) is None
    monkeypatch.setenv(ENV, "3.5")
    assert max_seconds(Settings(max_seconds=12)) == 3.5  # the environment wins
    monkeypatch.setenv(ENV, "0")
    assert max_seconds(Settings(max_seconds=12)) is None
    monkeypatch.setenv(ENV, "junk")
    assert max_seconds(Settings(max_seconds=12)) == 12
    (tmp_path / "pyproject.toml").write_text("[tool.curvedoc]\nmax-seconds = 7\n")
    assert load_settings(tmp_path).max_seconds == 7
    (tmp_path / "pyproject.toml").write_text("[tool.curvedoc]\nmax-seconds = 'soon'\n")
    with pytest.raises(ConfigError, match="max-seconds"):
        load_settings(tmp_path)


@pytest.fixture
def slow_reader(monkeypatch):
    """The CSV reader takes 30 s on files named slow.csv (inherited by forked audit workers)."""
    from curvedoc.importers import csvlog

    real = csvlog.read

    def read(spec):
        if Path(spec.files[0]).name == "slow.csv":
            time.sleep(30)
        return real(spec)

    monkeypatch.setattr(csvlog, "read", read)
    monkeypatch.setenv(ENV, "0.5")


def _sweep_with_a_slow_run(tmp_path) -> Path:
    tree = tmp_path / "sweep"
    for i in range(3):
        TARGETS["csv-generic"].write(tree / f"fast{i}")
    (tree / "slow").mkdir()
    (tree / "slow" / "slow.csv").write_bytes(TARGETS["csv-generic"].seed)
    return tree


REASON = "took longer than 0.5 s (limit: max-seconds)"


@pytest.mark.parametrize("jobs", [1, 2])
def test_audit_turns_a_slow_run_into_an_unreadable_entry(slow_reader, tmp_path, jobs):
    tree = _sweep_with_a_slow_run(tmp_path)
    t0 = time.monotonic()
    with time_limit(60):
        rep = curvedoc.audit(tree, jobs=jobs, cache_dir=tmp_path / "cache")
    assert time.monotonic() - t0 < 25
    by = {r.run: r for r in rep.runs}
    assert by["slow"].status == "unreadable" and by["slow"].errors == [REASON]
    assert all(by[f"fast{i}"].status != "unreadable" for i in range(3))
    assert rep.sweep["unreadable"] == [{"run": "slow", "path": str(tree / "slow"), "reason": REASON}]
    # a timeout is not cached: the next audit tries the slow run again, serves the others from the cache
    rep2 = curvedoc.audit(tree, jobs=jobs, cache_dir=tmp_path / "cache")
    assert rep2.sweep["cached_runs"] == 3


def test_diagnose_turns_a_slow_run_into_an_unreadable_entry(slow_reader, tmp_path):
    tree = _sweep_with_a_slow_run(tmp_path)
    with time_limit(60):
        rep = curvedoc.diagnose(tree)
    by = {r.run.rsplit("/", 1)[-1]: r for r in rep.runs}  # diagnose names runs from the given folder
    assert by["slow"].status == "unreadable" and by["slow"].errors == [REASON], sorted(by)
    assert by["slow"].issues[0]["kind"] == "timeout"
    assert sum(r.status != "unreadable" for r in rep.runs) == 3


def test_max_seconds_from_pyproject_through_the_cli(slow_reader, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from curvedoc.cli import main

    monkeypatch.delenv(ENV)
    tree = _sweep_with_a_slow_run(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.curvedoc]\nmax-seconds = 0.5\n")
    monkeypatch.chdir(tmp_path)
    with time_limit(60):
        res = CliRunner().invoke(main, ["audit", str(tree), "--format", "json", "--no-cache", "--jobs", "1"],
                                 catch_exceptions=False)
    assert res.exit_code in (0, 1), res.output
    report = json.loads(res.stdout)
    assert {"run": "slow", "path": str(tree / "slow"), "reason": REASON} in report["sweep"]["unreadable"]


def _sigterm_disposition(settings, conn):
    import signal

    from curvedoc.engine.worker import init_worker

    init_worker(settings)
    conn.send(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)
    conn.close()


def test_audit_workers_do_not_inherit_the_parents_sigterm_handler():
    """The audit parent turns SIGTERM into SystemExit (to take its workers down with it); a forked worker must not
    keep that handler: Pool.terminate() has to kill a worker outright wherever it is -- a SystemExit raised inside
    the task queue's lock once left a worker blocked on it and the audit waiting for it forever (seen in CI)."""
    import multiprocessing as mp
    import signal

    from curvedoc.engine.executors import terminate_on_sigterm
    from curvedoc.engine.config import Settings

    if "fork" not in mp.get_all_start_methods():
        pytest.skip("fork start method not available")
    ctx = mp.get_context("fork")
    with terminate_on_sigterm():
        assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, None)
        r, w = ctx.Pipe(duplex=False)
        p = ctx.Process(target=_sigterm_disposition, args=(Settings(), w))
        p.start()
        w.close()
        assert r.recv() is True
        p.join(10)


def test_a_tree_deeper_than_the_path_limit_says_so(tmp_path):
    """Folders nested past PATH_MAX cannot be opened by path: the audit reads everything above them and names the
    folder where it had to stop with the real reason, not a bare OS error."""
    import curvedoc

    good = "step,loss\n" + "".join(f"{i},{1 / (i + 1)}\n" for i in range(50))
    (tmp_path / "ok").mkdir()
    (tmp_path / "ok" / "metrics.csv").write_text(good)
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        for _ in range(30):  # 30 x 201 bytes > 4,096
            os.mkdir("d" * 200, dir_fd=fd)
            nfd = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = nfd
        with open(os.open("metrics.csv", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w") as fh:
            fh.write(good)
    finally:
        os.close(fd)
    rep = curvedoc.audit(tmp_path, cache=False, jobs=1)
    assert [r.run for r in rep.runs] == ["ok"]
    msgs = [p["reason"] for p in rep.problems]
    assert any("longer than this system's limit" in m for m in msgs), msgs


_KILL_ONE = r'''
import json, os, signal, sys
import curvedoc.importers.csvlog as csvlog
real = csvlog.read
def read(spec):
    if "killed-worker" in str(spec.root):
        os.kill(os.getpid(), signal.SIGKILL)  # the OOM killer, as far as the audit can tell
    return real(spec)
csvlog.read = read
import curvedoc
rep = curvedoc.audit(sys.argv[1], jobs=2, cache=False)
print(json.dumps({r.run.split("/")[0]: r.status for r in rep.runs}))
'''


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_torture_sweep_with_a_worker_killed_mid_read(tmp_path):
    """The torture sweep again, with one more run whose reading kills its worker process: the audit still
    finishes (no hang), every other run is there, and the killed one is reported as unreadable."""
    tree = tmp_path / "sweep"
    exp = build_torture(tree)
    TARGETS["csv-generic"].write(tree / "killed-worker")
    script = tmp_path / "kill.py"
    script.write_text(_KILL_ONE)
    out = subprocess.run([sys.executable, str(script), str(tree)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    def shown(name: str) -> str:  # a non-UTF-8 folder name is shown with U+FFFD (surrogates in Python's str)
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")

    statuses = {shown(k): v for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}
    assert statuses.get("killed-worker") == "unreadable"
    assert {shown(f) for f, (w, _) in exp.items() if w == "ok"} <= set(statuses)
