"""Sweep audit: ranking, separating hyperparameters, bad runs, symlink loops, cache."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest
from _helpers import real_runs_dir

REPO = Path(__file__).resolve().parents[2]

import curvedoc
from curvedoc.engine.audit import name_hparams, separating_hparams
from curvedoc.engine.report import RunReport


def _write_csv(folder: Path, loss: np.ndarray, val: np.ndarray | None = None):
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["step,train_loss,val_loss"]
    for i, x in enumerate(loss):
        v = "" if val is None or i % 50 else f"{val[i]:.6g}"
        lines.append(f"{i},{x:.6g},{v}")
    (folder / "metrics.csv").write_text("\n".join(lines) + "\n")


def _healthy(rng, n=600, level=2.3):
    t = np.arange(n)
    loss = 0.3 + (level - 0.3) * np.exp(-t / 120) + rng.normal(0, 0.03, n) * (0.3 + np.exp(-t / 120))
    val = loss + 0.05 + rng.normal(0, 0.01, n)
    return loss, val


def _diverging(rng, n=600, onset=200):
    loss, val = _healthy(rng, n)
    t = np.arange(n)
    blow = np.where(t > onset, np.exp((t - onset) / 25.0), 1.0)
    loss = loss * blow
    loss[onset + 150 :] = np.nan
    return loss, val * blow


@pytest.fixture
def sweep(tmp_path):
    rng = np.random.default_rng(0)
    root = tmp_path / "sweep"
    k = 0
    for lr in (1e-4, 3e-4, 1e-3, 3e-3, 1e-2):
        for seed in range(4):
            name = f"lr={lr:g}_bs=64_seed={seed}"
            if lr >= 3e-3:
                loss, val = _diverging(rng, onset=150 + 20 * seed)
            else:
                loss, val = _healthy(rng)
            _write_csv(root / name, loss, val)
            k += 1
    # a corrupt run: binary bytes named like a CSV
    (root / "lr=1e-4_bs=64_seed=9").mkdir()
    (root / "lr=1e-4_bs=64_seed=9" / "metrics.csv").write_bytes(b"\x00\x01\x02garbage\xff" * 100)
    return root


def test_audit_ranks_failing_runs_and_finds_the_hparam(sweep, tmp_path):
    rep = curvedoc.audit(sweep, jobs=2, cache_dir=tmp_path / "cache")
    sw = rep.sweep
    assert sw["runs"] == 21
    failing = {r.run for r in rep.runs if r.status == "failing"}
    assert failing == {r for r in (x.run for x in rep.runs) if r.startswith(("lr=0.003", "lr=0.01"))}, failing
    # ranking: the unreadable run first, then failing runs, healthy ones last
    statuses = [row["status"] for row in sw["ranking"]]
    assert statuses[0] == "unreadable"
    assert statuses[1:9] == ["failing"] * 8
    assert set(statuses[9:]) <= {"healthy", "warning"}
    stmts = [s for s in sw["separating_hparams"] if s["outcome"] in ("divergence", "failing")]
    assert stmts, sw["separating_hparams"]
    s = stmts[0]
    assert s["hparam"] == "lr" and s["condition"] == "lr >= 0.003"
    assert s["with"] == [8, 8] and s["without"] == [0, 12]
    assert "8 of 8 runs with lr >= 0.003, in 0 of 12" in s["statement"]
    (bad,) = sw["unreadable"]
    assert bad["run"] == "lr=1e-4_bs=64_seed=9" and bad["reason"]
    assert rep.exit_status("error") == 1
    doc = json.loads(rep.to_json())
    assert "sweep" in doc and len(doc["runs"]) == 21


def test_cache_is_reused_and_never_stale(sweep, tmp_path):
    cache = tmp_path / "cache"
    first = curvedoc.audit(sweep, jobs=1, cache_dir=cache)
    assert first.sweep["cached_runs"] == 0
    again = curvedoc.audit(sweep, jobs=1, cache_dir=cache)
    assert again.sweep["cached_runs"] == 21
    assert [r.to_dict() for r in again.runs] == [r.to_dict() for r in first.runs]
    # change one healthy run into a diverging one: its cached result must not be served
    rng = np.random.default_rng(5)
    target = sweep / "lr=0.0001_bs=64_seed=0"
    loss, val = _diverging(rng, onset=100)
    _write_csv(target, loss, val)
    os.utime(target / "metrics.csv", ns=(1, 1))  # even with an old mtime, size/ctime/inode change the key
    third = curvedoc.audit(sweep, jobs=1, cache_dir=cache)
    assert third.sweep["cached_runs"] == 20
    assert third.run("lr=0.0001_bs=64_seed=0").status == "failing"
    # the cache is not inside the sweep
    assert not any(p.suffix == ".json" for p in sweep.rglob("*"))


def test_symlink_loop_in_sweep_terminates(sweep, tmp_path):
    os.symlink(sweep, sweep / "lr=0.0001_bs=64_seed=0" / "loop")
    rep = curvedoc.audit(sweep, jobs=1, cache=False)
    assert rep.sweep["runs"] == 21
    assert any(p["kind"] == "symlink-loop" for p in rep.problems)


def test_duplicate_runs_and_shared_failure(tmp_path):
    rng = np.random.default_rng(1)
    loss, val = _diverging(rng)
    for i in range(4):
        _write_csv(tmp_path / "s" / f"run{i}", loss, val)
    rep = curvedoc.audit(tmp_path / "s", jobs=1, cache=False)
    assert rep.sweep["duplicate_runs"] == [["run0", "run1", "run2", "run3"]]
    assert rep.sweep["shared_failures"] and rep.sweep["shared_failures"][0]["finding"] == "divergence"


def test_name_hparams():
    assert name_hparams("sweep/lr=3e-3_bs=64/seed=1") == {"lr": 0.003, "bs": 64, "seed": 1}
    assert name_hparams("opt=adam,wd=0.1") == {"opt": "adam", "wd": 0.1}
    assert name_hparams("plain_name") == {}


def test_separating_hparams_categorical():
    from curvedoc.engine.findings import Finding

    runs = []
    for i in range(12):
        opt = "sgd" if i < 6 else "adam"
        f = [Finding("D001", "divergence", "error", 0.9, "m")] if opt == "sgd" else []
        rr = RunReport(run=f"opt={opt}_i={i}", source="x", status="failing" if f else "healthy", score=50,
                       findings=f)
        runs.append(rr)
    res = separating_hparams(runs)
    first = [r for r in res if r["outcome"] == "divergence"][0]
    assert first["hparam"] == "opt" and first["condition"] == "opt = sgd" and first["with"] == [6, 6]


@pytest.mark.slow  # reads the whole real-run corpus (~15 s); CI runs it (.ci/run)
def test_audit_real_runs_does_not_crash(tmp_path):
    root = real_runs_dir()
    rep = curvedoc.audit(root, jobs=2, cache=False)
    assert rep.sweep["runs"] >= 50
    assert not [r for r in rep.runs if any("internal error" in e for e in r.errors)]


def test_the_exact_fisher_test_matches_scipy():
    import itertools

    from scipy.stats import fisher_exact

    from curvedoc.engine.sweep import fisher_greater

    for a, b, c, d in itertools.product(range(0, 7), range(0, 6), range(0, 6), range(0, 7)):
        want = float(fisher_exact([[a, b], [c, d]], alternative="greater")[1])
        assert abs(fisher_greater(a, b, c, d) - want) <= 1e-9 * max(1.0, want), (a, b, c, d)
    want = float(fisher_exact([[120, 30], [40, 900]], alternative="greater")[1])
    got = fisher_greater(120, 30, 40, 900)
    assert got == want or abs(got - want) <= 1e-9 * want


def test_an_audit_does_not_import_scipy():
    import subprocess
    import sys

    from _helpers import SAMPLE_RUNS

    code = ("import sys, curvedoc\n"
            f"curvedoc.audit({str(SAMPLE_RUNS)!r}, jobs=1, cache=False)\n"
            "print('scipy' in sys.modules)\n")
    # the default path of a small audit: numba (the opt-in compiled kernels, forced by these variables) imports
    # scipy.linalg itself, a cost counted in the ~0.5 s an audit of hundreds of runs spends readying them
    env = {k: v for k, v in os.environ.items() if k not in ("CURVEDOC_ROLLING", "CURVEDOC_TF_DECODER")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert out.stdout.strip().splitlines()[-1] == "False", out.stderr[-500:]


# ------------------------------------------------------------------------------ issue 18 items 1 and 14
_KILLER = r'''
import os, signal, sys
import curvedoc.importers.csvlog as csvlog
real = csvlog.read
def read(spec):
    if "boom" in str(spec.root):
        os.kill(os.getpid(), signal.SIGKILL)   # the OOM killer, as far as the parent can tell
    return real(spec)
csvlog.read = read
import curvedoc, json
rep = curvedoc.audit(sys.argv[1], jobs=2, cache=False)
print(json.dumps({r.run: [r.status, r.errors[:1]] for r in rep.runs}))
'''


def _csv_sweep(root, names, rows=60):
    text = "step,loss\n" + "".join(f"{i},{2.0 / (1 + i / 10)}\n" for i in range(rows))  # the same log in each run
    for n in names:
        d = root / n
        d.mkdir(parents=True)
        (d / "log.csv").write_text(text)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_worker_killed_mid_audit_does_not_hang_it(tmp_path):
    """A worker killed while reading one run: the audit finishes, every other run is there, the killed one is
    reported (after one more try in a fresh process). Run as a subprocess with a timeout: a hang fails."""
    import json
    import subprocess

    sweep = tmp_path / "sweep"
    _csv_sweep(sweep, [f"run{i:02d}" for i in range(12)] + ["boom"])
    script = tmp_path / "kill.py"
    script.write_text(_KILLER)
    proc = subprocess.run([sys.executable, str(script), str(sweep)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert sorted(got) == sorted([f"run{i:02d}" for i in range(12)] + ["boom"])
    assert got["boom"][0] == "unreadable" and "died" in got["boom"][1][0]
    assert all(got[f"run{i:02d}"][0] != "unreadable" for i in range(12))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_the_isolated_executor_loses_only_the_run_whose_process_died(tmp_path, monkeypatch):
    """Issue 40.5: the executors share one interface, run(settings, todo, emit); the isolated one (a process per
    input, the pool's second try) reports a process that died as that run's unreadable entry, the others read."""
    import multiprocessing as mp
    import signal

    import curvedoc.importers.csvlog as csvlog
    from curvedoc.engine.config import Settings
    from curvedoc.engine.executors import Isolated
    from curvedoc.importers.discover import discover

    if "fork" not in mp.get_all_start_methods():
        pytest.skip("the killing reader reaches the children by fork")
    real = csvlog.read

    def read(spec):
        if "boom" in str(spec.root):
            os.kill(os.getpid(), signal.SIGKILL)
        return real(spec)

    monkeypatch.setattr(csvlog, "read", read)
    _csv_sweep(tmp_path, ["a", "boom", "c"])
    todo = [(i, spec, None) for i, spec in enumerate(discover(tmp_path).specs)]
    got = {}
    Isolated(2).run(Settings(), todo, lambda i, res: got.setdefault(i, res))
    by_name = {todo[i][1].name: res[0] for i, res in got.items()}
    assert sorted(by_name) == ["a", "boom", "c"]
    assert by_name["boom"]["status"] == "unreadable" and "died" in by_name["boom"]["errors"][0]
    assert "signal 9" in by_name["boom"]["errors"][0]
    assert by_name["a"]["status"] != "unreadable" and by_name["c"]["status"] != "unreadable"


@pytest.mark.skipif(sys.platform == "win32" or not Path("/proc").is_dir(), reason="needs SIGTERM and /proc")
def test_sigterm_to_the_audit_leaves_no_worker_behind(tmp_path):
    import signal
    import subprocess
    import time

    sweep = tmp_path / "sweep-sigterm-marker"
    _csv_sweep(sweep, [f"r{i:03d}" for i in range(400)], rows=3000)
    def ours() -> list[str]:  # the audit and its workers (forked: the same command line)
        left = []
        for p in Path("/proc").iterdir():
            if p.name.isdigit():
                try:
                    if str(sweep).encode() in (p / "cmdline").read_bytes():
                        left.append(p.name)
                except OSError:
                    pass
        return left

    proc = subprocess.Popen([sys.executable, "-m", "curvedoc", "audit", str(sweep), "--jobs", "2", "--no-cache",
                             "--format", "json"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # SIGTERM once both workers are reading (not after a fixed 2 s: the 400 runs keep them busy far longer, and
    # every second waited here was two of their CPU)
    deadline = time.monotonic() + 30
    while len(ours()) < 3 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None and len(ours()) >= 3, "the audit ended or never started its two workers"
    time.sleep(0.3)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    time.sleep(1.0)
    left = ours()
    assert left == [], f"orphaned workers: {left}"
    assert proc.returncode != 0


# ------------------------------------------------------------------------------ issue 18 items 8 and 13
def test_cache_key_covers_the_code_and_the_files_beside_each_log(tmp_path, monkeypatch):
    from curvedoc.engine import cache as A
    from curvedoc.engine.config import Settings

    s = A.settings_key(Settings())
    A.code_key.cache_clear()
    monkeypatch.setattr(A, "code_key", lambda: "another version of the detectors")
    assert A.settings_key(Settings()) != s  # a changed detector is never served old findings
    # a Keras-layout run: train/hparams.yaml beside an event file in a sub-folder, not in the run folder
    import shutil

    from curvedoc.importers.discover import discover

    run = tmp_path / "run"
    shutil.copytree(REPO / "sample_runs" / "healthy-keras-tf2", run)
    (run / "train" / "hparams.yaml").write_text("lr: 0.001\n")
    (spec,) = discover(run).specs
    assert run / "train" / "hparams.yaml" in A.spec_files(spec)
    # an HF run whose training_args.json lives in a checkpoint folder
    hf = tmp_path / "hf"
    (hf / "checkpoint-600").mkdir(parents=True)
    shutil.copy(REPO / "sample_runs" / "healthy-gru-charlm" / "trainer_state.json", hf / "checkpoint-600")
    (hf / "checkpoint-600" / "training_args.json").write_text('{"learning_rate": 0.003}')
    (spec,) = discover(hf).specs
    assert hf / "checkpoint-600" / "training_args.json" in A.spec_files(spec)


def test_a_cached_audit_is_linear_in_the_logs_of_one_folder(tmp_path):
    """Each log's cache key lists its own file and the small configs beside it, not the folder's other logs
    (listing them made every key O(n) and the audit O(n^2): 2,000 CSVs took 249 s cold)."""
    from curvedoc.engine import cache as A
    from curvedoc.importers.discover import discover

    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(300):
        (folder / f"r{i:04d}.csv").write_text("step,loss\n0,2.0\n1,1.5\n2,1.2\n3,1.0\n")
    (folder / "config.yaml").write_text("lr: 0.1\n")
    specs = discover(folder).specs
    assert len(specs) == 300
    listing = A.Listings()
    sizes = {len(A.spec_files(sp, listing)) for sp in specs}
    assert sizes == {2}  # the CSV and the config beside it


def _cli(*args, cwd=None):
    import subprocess

    return subprocess.run([sys.executable, "-m", "curvedoc", *map(str, args)], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def test_a_fully_cached_audit_imports_neither_the_detectors_nor_pandas_nor_numpy(sweep, tmp_path):
    """Issue 41 (warm audit <= 1.0 s): the settings were checked by the audit that filled the cache (a note in the
    cache names them, their rule files and curvedoc's code), so the cached audit reads the results without importing
    the detectors, or pandas with them (~0.25 s of a 1,000-run warm audit), and builds the report without numpy
    (~0.09 s); its report is the first one's."""
    import subprocess

    cache = tmp_path / "cache"
    first = curvedoc.audit(sweep, jobs=1, cache_dir=cache)
    assert len(list(cache.glob("plan-*.ok"))) == 1  # the note: the settings passed Plan.build's checks
    code = ("import sys, json, curvedoc\n"
            f"rep = curvedoc.audit({str(sweep)!r}, jobs=1, cache_dir={str(cache)!r})\n"
            "text = rep.to_json()\n"
            "print(json.dumps([rep.sweep.cached_runs, 'pandas' in sys.modules, 'numpy' in sys.modules,\n"
            "                  any(m.startswith('curvedoc.detectors') for m in sys.modules)]))\n"
            "print(text)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    lines = out.stdout.split("\n", 1)
    cached, pandas_loaded, numpy_loaded, detectors_loaded = json.loads(lines[0])
    assert cached == len(first.runs), out.stderr[-800:]
    assert not pandas_loaded and not numpy_loaded and not detectors_loaded
    again = json.loads(lines[1])
    want = json.loads(first.to_json())
    want["sweep"]["cached_runs"] = cached
    assert again == want


def test_the_audit_command_freezes_nothing_when_called_in_process(sweep, tmp_path):
    """Freezing what a collector pause leaves alive is for the process that ends with the command (entry(), the
    console script): main() called in-process (click's test runner, a notebook) must not leave objects frozen."""
    import gc

    from click.testing import CliRunner

    import curvedoc._gcpause as G
    from curvedoc.cli import main

    frozen = gc.get_freeze_count()
    for _ in range(2):  # cold, then from the cache
        r = CliRunner().invoke(main, ["audit", str(sweep), "--cache-dir", str(tmp_path / "c"), "--format", "json",
                                      "--no-progress", "-j", "1"])
        assert r.exit_code in (0, 1), r.output
    # nothing frozen by the command (the suite froze what collection made: some of that may be freed meanwhile)
    assert not G._FREEZE_AT_END and gc.get_freeze_count() <= frozen


def test_the_cached_settings_note_never_hides_a_config_error(sweep, tmp_path):
    cache = tmp_path / "cache"
    ok = _cli("audit", sweep, "--cache-dir", cache, "--format", "json", "--no-progress")
    assert ok.returncode in (0, 1), ok.stderr
    assert len(list(cache.glob("plan-*.ok"))) == 1
    # other settings are checked again (their key differs): an unknown rule's parameter is still refused
    bad = _cli("audit", sweep, "--cache-dir", cache, "--param", "no-such-rule.x=1", "--no-progress")
    assert bad.returncode == 2 and "unknown rule" in bad.stderr
    # a selection that leaves no rule is never noted: refused every time
    for _ in range(2):
        none = _cli("audit", sweep, "--cache-dir", cache, "--select", "D001", "--ignore", "D001", "--no-progress")
        assert none.returncode == 2 and "no rule left to run" in none.stderr
    # a rules folder that was there when noted and is gone now: the error is said again
    extra = tmp_path / "rules"
    extra.mkdir()
    first = _cli("audit", sweep, "--cache-dir", cache, "--rules-dir", extra, "--no-progress")
    assert first.returncode in (0, 1), first.stderr
    extra.rmdir()
    gone = _cli("audit", sweep, "--cache-dir", cache, "--rules-dir", extra, "--no-progress")
    assert gone.returncode == 2 and "does not exist" in gone.stderr
    # --no-cache neither reads nor writes the note
    n = len(list(cache.glob("plan-*.ok")))
    bare = _cli("audit", sweep, "--no-cache", "--select", "D", "--no-progress")
    assert bare.returncode in (0, 1) and len(list(cache.glob("plan-*.ok"))) == n


# ------------------------------------------------------------------------------ issue 18 item 17 (smaller)
def test_config_that_is_not_a_regular_file_is_refused(tmp_path):
    from click.testing import CliRunner

    from curvedoc.cli import main

    r = CliRunner().invoke(main, ["diagnose", str(REPO / "sample_runs" / "healthy-mlp-cosine"), "--config", "/dev/zero"])
    assert r.exit_code == 2 and "not a regular file" in r.output


def test_no_home_folder_is_created_for_the_cache(tmp_path, monkeypatch):
    from curvedoc.engine import cache as A

    ghost = tmp_path / "no-such-home"
    monkeypatch.delenv("CURVEDOC_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(ghost))
    d = A.default_cache_dir()
    assert not str(d).startswith(str(ghost)) and not ghost.exists()


def test_a_failed_cache_write_leaves_no_partial_file(tmp_path, monkeypatch):
    from curvedoc.engine import cache as A

    target = tmp_path / "entry.json"

    class FullDisk:  # the disk fills after the first two bytes of the entry are written
        def __init__(self, path, *a, **kw):
            self.fh = open(path, *a, **kw)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[:2])
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(A, "open", FullDisk, raising=False)
    A.write(str(target), [{"x": 1}])
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def huge_csv(tmp_path_factory):
    """A 1.5M-row, 41 MB CSV, written once for both pool sizes (the bytes np.savetxt writes with these formats,
    formatted in one pass: 0.8 s of CPU instead of its 2.4 s)."""
    path = tmp_path_factory.mktemp("huge") / "log.csv"
    n = 1_500_000
    s = np.arange(n)
    rows = zip(s.tolist(), (1 / (1 + s / 1000)).tolist(), (s / n).tolist())
    with open(path, "w") as fh:
        fh.write("step,loss,acc\n" + "".join(["%d,%.6g,%.6g\n" % r for r in rows]))
    return path


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_DATA accounting is Linux's")
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_run_too_big_for_the_memory_budget_fails_alone(tmp_path, jobs, huge_csv):
    """Issue 18 item 3: the per-run memory guard. With max-memory-mb = 150 a 1.5M-row CSV cannot be read; it becomes
    an unreadable entry that says why, every other run is diagnosed, and the audit exits normally."""
    import shutil
    import subprocess

    sweep = tmp_path / "sweep"
    _csv_sweep(sweep, ["a", "b", "c"])
    big = sweep / "huge"
    big.mkdir()
    shutil.copyfile(huge_csv, big / "log.csv")
    (tmp_path / "pyproject.toml").write_text("[tool.curvedoc]\nmax-memory-mb = 150\n")
    out = subprocess.run([sys.executable, "-m", "curvedoc", "audit", str(sweep), "--no-cache", "--jobs", str(jobs),
                          "--format", "json"], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         env={k: v for k, v in os.environ.items() if k != "CURVEDOC_MAX_MEMORY_MB"})
    assert out.returncode in (0, 1), out.stderr[-800:]
    runs = {r["run"]: r for r in json.loads(out.stdout)["runs"]}
    assert {"a", "b", "c", "huge"} <= set(runs)
    assert all(runs[k]["status"] != "unreadable" for k in "abc")
    assert runs["huge"]["status"] == "unreadable"
    assert "needed more than 150 MB of memory (limit: max-memory-mb)" in json.dumps(runs["huge"])


def test_memory_budget_settings(tmp_path, monkeypatch):
    from curvedoc._guard import max_memory_bytes
    from curvedoc.engine.config import Settings, load_settings
    from curvedoc.errors import ConfigError

    monkeypatch.delenv("CURVEDOC_MAX_MEMORY_MB", raising=False)
    phys = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert max_memory_bytes(Settings(), workers=2) == max(1 << 30, int(0.8 * phys / 2))
    assert max_memory_bytes(Settings(max_memory_mb=0)) is None
    assert max_memory_bytes(Settings(max_memory_mb=512)) == 512 << 20
    monkeypatch.setenv("CURVEDOC_MAX_MEMORY_MB", "64")
    assert max_memory_bytes(Settings(max_memory_mb=512)) == 64 << 20
    for bad in ('"abc"', "-5", "nan", "inf", "[1]", "true"):
        (tmp_path / "pyproject.toml").write_text(f"[tool.curvedoc]\nmax-memory-mb = {bad}\n")
        with pytest.raises(ConfigError, match="max-memory-mb"):
            load_settings(config_file=tmp_path / "pyproject.toml")
