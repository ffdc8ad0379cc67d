"""curvedoc watch: a run written step by step while it is watched. Divergence reported within a few polls of its
onset, once; a healthy growing run never warned; half-written records never read as damage; rules that need the
finished run wait for the end; the last word equals diagnose's; the live run stays bounded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import curvedoc
from curvedoc.cli import main
from curvedoc.live import HEAD, MIDDLE, RECENT, LiveRun
from curvedoc.watch import Watcher

ONSET = 2000
TOTAL = 3000
CHUNK = 50  # steps written between polls: the logging interval of the test


def loss_at(step, rng, diverge=True):
    clean = 2.3 * np.exp(-step / 300) + 0.3
    if diverge and step >= ONSET:
        clean = 0.3 * np.exp((step - ONSET) / 100)
    return float(clean * rng.gamma(16, 1 / 16))


class Writer:
    """Writes one run in a given format, CHUNK steps at a time (flushed: what a training script does)."""

    def __init__(self, folder: Path, fmt: str, diverge=True, seed=0):
        self.folder, self.fmt, self.diverge = folder, fmt, diverge
        self.rng = np.random.default_rng(seed)
        self.step = 0
        folder.mkdir(parents=True, exist_ok=True)
        if fmt == "jsonl":
            self.fh = open(folder / "metrics.jsonl", "w")
        elif fmt == "csv":
            self.fh = open(folder / "metrics.csv", "w")
            self.fh.write("step,loss,lr\n")
        elif fmt == "text":
            self.fh = open(folder / "train.log", "w")
        elif fmt == "tfevents":
            from test_tfevents import frame
            from tensorboard.compat.proto import event_pb2

            self.frame, self.pb = frame, event_pb2
            self.fh = open(folder / "events.out.tfevents.1700000000.host.1.0", "wb")
            self.fh.write(frame(event_pb2.Event(wall_time=1.0, file_version="brain.Event:2").SerializeToString()))

    def write(self, n=CHUNK):
        for _ in range(n):
            s, v = self.step, loss_at(self.step, self.rng, self.diverge)
            lr = 1e-3
            if self.fmt == "jsonl":
                self.fh.write(json.dumps({"step": s, "loss": v, "lr": lr}) + "\n")
            elif self.fmt == "csv":
                self.fh.write(f"{s},{v!r},{lr}\n")
            elif self.fmt == "text":
                self.fh.write(f"step {s} | loss {v:.5f} | lr {lr:.2e}\n")
            else:
                for tag, val in (("train/loss", v), ("train/lr", lr)):
                    ev = self.pb.Event(wall_time=1e9 + s, step=s)
                    ev.summary.value.add(tag=tag, simple_value=val)
                    self.fh.write(self.frame(ev.SerializeToString()))
            self.step += 1
        self.fh.flush()

    def close(self):
        self.fh.close()


def watch_growing(tmp_path, fmt, diverge=True, total=TOTAL):
    """Write and poll in turns; returns [(step written so far, event)] and the watcher."""
    w = Writer(tmp_path / "run", fmt, diverge)
    watcher = Watcher(tmp_path / "run")
    seen = []
    while w.step < total:
        w.write()
        for ev in watcher.poll():
            seen.append((w.step, ev))
    w.close()
    end = [(w.step, ev) for ev in watcher.finish()]
    return seen, end, watcher


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "tfevents", "text"])
def test_divergence_is_reported_once_within_a_few_polls(tmp_path, fmt):
    seen, end, _ = watch_growing(tmp_path, fmt)
    div = [(at, ev) for at, ev in seen if ev.finding.code == "D001"]
    assert len(div) == 1, [(at, ev.finding.code) for at, ev in seen]
    at, ev = div[0]
    assert ONSET < at <= ONSET + 4 * CHUNK, f"reported after writing step {at}, onset {ONSET}"
    assert abs(ev.finding.steps[0] - ONSET) <= 2 * CHUNK
    assert not [e for _, e in end if e.finding.code == "D001"], "the last pass repeats nothing already said"
    # nothing reported live that diagnose on the finished log does not say
    final = {f.code for f in curvedoc.diagnose(tmp_path / "run").runs[0].findings}
    assert {e.finding.code for _, e in seen} <= final


@pytest.mark.parametrize("fmt", ["jsonl", "tfevents", "text"])
def test_a_healthy_growing_run_is_never_warned(tmp_path, fmt):
    seen, end, _ = watch_growing(tmp_path, fmt, diverge=False)
    bad = [(at, e.finding.code, e.finding.message) for at, e in seen + end if e.finding.severity != "info"]
    assert bad == []


def test_the_last_word_equals_diagnose(tmp_path):
    seen, end, watcher = watch_growing(tmp_path, "jsonl")
    rr = next(iter(watcher.monitor.reports.values()))
    ref = curvedoc.diagnose(tmp_path / "run").runs[0]
    assert [(f.code, f.message) for f in rr.findings] == [(f.code, f.message) for f in ref.findings]


def test_whole_run_rules_wait_for_the_end(tmp_path):
    """A run logged with a planned length (HF-style max_steps in a text log) and stopped at 60%: unfinished is
    judged only at the end, never while the run is live."""
    folder = tmp_path / "run"
    folder.mkdir()
    rng = np.random.default_rng(1)
    log = folder / "train.log"
    watcher = Watcher(folder)
    live_codes = []
    with open(log, "w") as fh:
        fh.write("max_steps: 5000\n")
        for s in range(3000):
            fh.write(f"step {s}/5000 | loss {loss_at(s, rng, diverge=False) * (1 + s / 3000):.5f}\n")
            if s % 100 == 99:
                fh.flush()
                live_codes += [e.finding.code for e in watcher.poll()]
    end_codes = [e.finding.code for e in watcher.finish()]
    assert "S002" not in live_codes
    ref = {f.code for f in curvedoc.diagnose(folder).runs[0].findings}
    assert ("S002" in ref) == ("S002" in end_codes)


def test_half_written_lines_and_records_are_not_damage(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir()
    p = folder / "metrics.jsonl"
    watcher = Watcher(folder)
    with open(p, "w") as fh:
        for s in range(200):
            fh.write(json.dumps({"step": s, "loss": 2.0 / (1 + s / 50)}) + "\n")
        fh.write('{"step": 200, "lo')  # the writer is mid-line
        fh.flush()
        events = watcher.poll()
        fh.write('ss": 0.4}\n')
        fh.flush()
        events += watcher.poll()
    assert not [e for e in events if e.finding.code == "I002"]
    live = next(iter(watcher.runs.values())).live
    assert live.points == 201  # the cut line was read once it was complete


def test_new_runs_in_a_sweep_are_picked_up(tmp_path):
    sweep = tmp_path / "sweep"
    a = Writer(sweep / "a", "jsonl")
    watcher = Watcher(sweep)
    a.write(300)
    watcher.poll()
    b = Writer(sweep / "b", "jsonl", seed=3)
    b.write(300)
    watcher.poll()
    assert len(watcher.runs) == 2
    a.close()
    b.close()


def test_live_run_stays_bounded_and_keeps_nonfinite_values():
    lr = LiveRun("x")
    n = 1_000_000
    steps = np.arange(n)
    vals = np.exp(-steps / 2e5)
    vals[400_000] = np.nan
    for a in range(0, n, 50_000):
        lr.append("loss", steps[a : a + 50_000], vals[a : a + 50_000])
    assert lr.points == n
    kept = lr.kept_points()
    assert kept <= HEAD + 2 * MIDDLE + RECENT + 1
    s = lr.snapshot().series("loss")
    assert s.index[0] == 0 and s.index[-1] == n - 1
    assert np.isnan(s.to_numpy()).sum() == 1  # the NaN survived binning
    np.testing.assert_array_equal(s.index[-RECENT:], steps[-RECENT:])  # recent points exact


# ------------------------------------------------------------------------------------------ CLI
def test_cli_fail_on_stops_at_the_first_error_and_exec_gets_the_finding(tmp_path):
    w = Writer(tmp_path / "run", "jsonl")
    w.write(TOTAL)
    w.close()
    out = tmp_path / "hook.txt"
    hook = f"{sys.executable} -c \"import os,sys,json; open({str(out)!r},'a').write(os.environ['CURVEDOC_CODE']+' '+json.load(sys.stdin)['finding']['name']+chr(10))\""
    r = CliRunner().invoke(main, ["watch", str(tmp_path / "run"), "--idle", "0", "--interval", "0.05",
                                  "--fail-on", "error", "--format", "json", "--exec", hook])
    assert r.exit_code == 1, r.output
    lines = [json.loads(x) for x in r.output.splitlines() if x.startswith("{")]
    assert lines[-1]["event"] == "end" and lines[-1]["stopped_by"] == "D001"
    assert any(x.get("finding", {}).get("code") == "D001" for x in lines)
    assert "D001 divergence" in out.read_text()


def test_exec_never_goes_through_a_shell(tmp_path):
    """A tag or message full of shell syntax reaches the hook as data."""
    folder = tmp_path / "run"
    folder.mkdir()
    with open(folder / "m.jsonl", "w") as fh:
        for s in range(400):
            fh.write(json.dumps({"step": s, "loss; touch PWNED": float("nan") if s > 200 else 1.0 / (1 + s)}) + "\n")
    out = tmp_path / "env.txt"
    hook = f"{sys.executable} -c \"import os; open({str(out)!r},'a').write(os.environ['CURVEDOC_MESSAGE'])\""
    r = CliRunner().invoke(main, ["watch", str(folder), "--idle", "0", "--exec", hook])
    assert r.exit_code in (0, 1), r.output
    assert not (tmp_path / "PWNED").exists() and not Path("PWNED").exists()


@pytest.mark.parametrize("args,needle", [
    (["watch", "nope"], "no such file or directory"),
    (["watch", "sample_runs/healthy-mlp-cosine", "--interval", "0"], "--interval"),
    (["watch", "sample_runs/healthy-mlp-cosine", "--idle", "-1"], "--idle"),
    (["watch", "sample_runs/healthy-mlp-cosine", "--exec", "'unclosed"], "--exec"),
    (["watch", "sample_runs/healthy-mlp-cosine", "--select", "Q9"], "Q9"),
])
def test_cli_mistakes_exit_2_with_one_line(args, needle, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and needle in lines[0], r.output


def test_cli_watches_a_run_written_by_another_process(tmp_path):
    """The real thing: a writer thread appends while `curvedoc watch` runs as its own process."""
    folder = tmp_path / "run"
    w = Writer(folder, "jsonl")
    w.write(CHUNK)

    def writer():
        while w.step < TOTAL:
            w.write()
            time.sleep(0.01)
        w.close()

    t = threading.Thread(target=writer)
    t.start()
    env = dict(os.environ, NO_COLOR="1")
    proc = subprocess.run([sys.executable, "-m", "curvedoc", "watch", str(folder), "--interval", "0.2", "--idle", "1.5",
                           "--fail-on", "error"], capture_output=True, text=True, env=env, timeout=120)
    t.join()
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stdout.count("D001 divergence") == 1


@pytest.mark.parametrize("name, header, row", [
    ("metrics.csv", "step,loss\n", "{s},{v}\n"),
    ("metrics.jsonl", "", '{{"step": {s}, "loss": {v}}}\n'),
])
def test_a_table_whose_step_goes_back_between_polls_says_restart(tmp_path, name, header, row):
    """A resumed run appended to its CSV / JSON-lines log (the step goes back where the last poll read on) gets
    the restart note diagnose gives the whole file -- a table's rows (the registry's rows_restart), not records."""
    run = tmp_path / "run"
    run.mkdir()
    log = run / name
    log.write_text(header + "".join(row.format(s=s, v=1.0 / (1 + s)) for s in range(100)))
    w = Watcher(run)
    w.poll()
    (live,) = [x.live for x in w.runs.values()]
    assert not [i for i in live.issues if i.kind == "restart"]
    with open(log, "a") as fh:
        fh.write("".join(row.format(s=s, v=1.0 / (1 + s)) for s in range(40, 140)))
    w.poll()
    (live,) = [x.live for x in w.runs.values()]
    notes = [i.message for i in live.issues if i.kind == "restart"]
    assert notes and "step 99 -> 40" in notes[0], notes


def test_a_whole_file_format_is_reread_when_it_changes(tmp_path):
    """HF's trainer_state.json is rewritten at every checkpoint: re-read whole; a half-written copy is retried."""
    folder = tmp_path / "run"
    folder.mkdir()
    rng = np.random.default_rng(0)
    state = folder / "trainer_state.json"
    watcher = Watcher(folder)
    hist, found = [], []
    for s in range(0, TOTAL, 10):
        hist.append({"step": s, "loss": loss_at(s, rng), "learning_rate": 1e-3, "epoch": s / 1000})
        if s % 200 == 190:
            text = json.dumps({"global_step": s, "max_steps": TOTAL, "log_history": hist})
            state.write_text(text[: len(text) // 2])  # caught mid-write
            found += [(s, e) for e in watcher.poll()]
            state.write_text(text)
            found += [(s, e) for e in watcher.poll()]
    div = [(s, e) for s, e in found if e.finding.code == "D001"]
    assert len(div) == 1 and ONSET < div[0][0] <= ONSET + 400
    assert not [e for _, e in found if e.finding.code == "I002"]


# ------------------------------------------------------------------------------ issue 39.4: rotated logs


def _csv_log(path: Path, header: str, rows) -> None:
    path.write_text(header + "\n" + "".join(",".join(repr(float(x)) if i else str(int(x)) for i, x in enumerate(r)) + "\n"
                                            for r in rows))


def _loss_of(watcher) -> np.ndarray:
    (w,) = watcher.runs.values()
    return w.live.snapshot().series("loss").to_numpy()


@pytest.mark.parametrize("how", ["rename", "rewrite-longer", "rewrite-shorter"])
def test_a_rotated_or_replaced_log_is_read_from_its_start(tmp_path, how):
    """39.4: a healthy CSV log replaced by a restarted script's (columns in another order: step,lr,loss): read
    from the old offset under the old header, the lr column became the loss and the run was reported diverging.
    A new inode, a shorter file or other first bytes start the run over."""
    folder = tmp_path / "run"
    folder.mkdir()
    log = folder / "metrics.csv"
    steps = np.arange(300)
    loss = 2.0 * np.exp(-steps / 200) + 0.3
    _csv_log(log, "step,loss,lr", np.column_stack([steps[:200], loss[:200], np.full(200, 1e-3)]))
    watcher = Watcher(folder)
    events = watcher.poll()
    assert np.allclose(_loss_of(watcher), loss[:200])
    n = {"rename": 300, "rewrite-longer": 300, "rewrite-shorter": 120}[how]
    new_rows = np.column_stack([steps[:n], np.full(n, 50.0), loss[:n]])  # lr 50 where the loss was
    if how == "rename":
        tmp = folder / "metrics.csv.new"
        _csv_log(tmp, "step,lr,loss", new_rows)
        os.replace(tmp, log)
    else:
        _csv_log(log, "step,lr,loss", new_rows)
    for _ in range(2):
        events += watcher.poll()
    assert np.allclose(_loss_of(watcher), loss[:n])  # the new file's loss, whole, nothing from the old offset
    assert not [e for e in events if e.finding.severity == "error"], [e.finding.code for e in events]


# ------------------------------------------------------------------------------ issue 39.9 / 14 / 15: --exec hooks


def _nan_run(folder: Path, tag: str = "loss") -> Path:
    folder.mkdir(parents=True)
    with open(folder / "m.jsonl", "w") as fh:
        for s in range(300):
            fh.write(json.dumps({"step": s, tag: float("nan") if s > 200 else 1.0 / (1 + s)}) + "\n")
    return folder


def test_exec_hook_output_is_bounded(tmp_path):
    """39.9: a hook printing without end was captured whole (3.6 GB in 20 s): its output is read as it comes,
    the first 64 kB shown, the rest counted and dropped."""
    from curvedoc.watch import HOOK_OUTPUT_BYTES, hook_env, run_hook

    flood = [sys.executable, "-c", "import sys\nfor _ in range(320): sys.stdout.buffer.write(b'x' * 65536)"]
    r = run_hook(flood, b"{}\n", hook_env({}))
    assert r.returncode == 0 and len(r.output) == HOOK_OUTPUT_BYTES and r.dropped == 320 * 65536 - HOOK_OUTPUT_BYTES
    folder = _nan_run(tmp_path / "run")
    res = CliRunner().invoke(main, ["watch", str(folder), "--idle", "0", "--fail-on", "error",
                                    "--exec", " ".join(__import__("shlex").quote(a) for a in flood)])
    assert res.exit_code == 1 and len(res.output) < 4 * HOOK_OUTPUT_BYTES and "more bytes of output not shown" in res.output


def test_exec_hook_gets_a_nul_and_a_huge_tag_as_data(tmp_path):
    """39.14: a NUL in a run name was a traceback (an environment string cannot hold one); a tag over 128 kB
    made the hook fail to start (one environment string is capped by the kernel). Both reach the hook: the
    variables cleaned and cut, the whole finding on stdin."""
    from curvedoc.watch import HOOK_ENV_CHARS, hook_env, run_hook

    env = hook_env({"CURVEDOC_RUN": "a\0b", "CURVEDOC_MESSAGE": "m" * 300_000, "CURVEDOC_X": "\udcff"})
    assert env["CURVEDOC_RUN"] == "a\ufffdb" and len(env["CURVEDOC_MESSAGE"]) == HOOK_ENV_CHARS
    r = run_hook([sys.executable, "-c", "import os,sys; print(os.environ['CURVEDOC_RUN'], len(sys.stdin.read()))"],
                 b"x" * 500_000, env)
    assert r.returncode == 0 and r.output.split() == ["a\ufffdb", "500000"], r
    big = "loss_" + "t" * 200_000
    folder = _nan_run(tmp_path / "run", big)
    out = tmp_path / "hook.txt"
    hook = (f"{sys.executable} -c \"import os,sys,json; d=json.load(sys.stdin); "
            f"open({str(out)!r},'a').write(os.environ['CURVEDOC_CODE']+chr(10))\"")
    res = CliRunner().invoke(main, ["watch", str(folder), "--idle", "0", "--exec", hook])
    assert res.exit_code in (0, 1) and "Traceback" not in res.output
    assert out.exists() and out.read_text().split(), res.output[-500:]


def test_exec_hook_runs_the_command_with_the_finding_as_data(tmp_path):
    """watch.exec_hook (the CLI's --exec, moved out of cli.py): the command is split, never run through a shell;
    the finding arrives as JSON on stdin (a run name that is not valid UTF-8 -- lone surrogates -- as U+FFFD, so the
    JSON stays valid) and in CURVEDOC_* variables."""
    from curvedoc.watch import exec_hook

    folder = _nan_run(tmp_path / "run")
    w = Watcher(folder)
    events = w.poll() + w.finish()
    assert events
    import dataclasses

    ev = dataclasses.replace(events[0], run="bad\udcffname")
    out = tmp_path / "got.json"
    code = (f"import os,sys; open({str(out)!r},'w').write(sys.stdin.read()); "
            "print(os.environ['CURVEDOC_CODE'], os.environ['CURVEDOC_SEVERITY'])")
    r = exec_hook(f"{sys.executable} -c {__import__('shlex').quote(code)} ';' echo not-a-shell", ev)
    assert r.returncode == 0 and r.error == "", r
    assert r.output.split() == [ev.finding.code, ev.finding.severity]
    got = json.loads(out.read_text(encoding="utf-8"))
    assert got["run"] == "bad\ufffdname" and got["finding"]["code"] == ev.finding.code


def test_a_hook_leaving_a_background_child_does_not_block_the_watch(tmp_path):
    """39.15: a hook that starts a background child (which keeps the output pipe open) blocked every poll up to
    300 s. The watch stops reading shortly after the hook itself exits."""
    from curvedoc.watch import hook_env, run_hook

    pidfile = tmp_path / "child.pid"
    hook = [sys.executable, "-c", "import subprocess, sys; p = subprocess.Popen(['sleep', '30']); "
            f"open({str(pidfile)!r}, 'w').write(str(p.pid)); print('started')"]
    t0 = time.monotonic()
    try:
        r = run_hook(hook, b"{}\n", hook_env({}))
        took = time.monotonic() - t0
        assert r.returncode == 0 and "started" in r.output and took < 5, took
    finally:
        if pidfile.exists():
            os.kill(int(pidfile.read_text()), 9)


def test_a_hook_past_its_time_limit_is_stopped_with_what_it_started(tmp_path):
    from curvedoc.watch import hook_env, run_hook

    pidfile = tmp_path / "child.pid"
    hook = [sys.executable, "-c", "import subprocess, time; p = subprocess.Popen(['sleep', '30']); "
            f"open({str(pidfile)!r}, 'w').write(str(p.pid)); time.sleep(30)"]
    r = run_hook(hook, b"", hook_env({}), timeout=1.0)
    assert r.returncode is None and "time limit" in r.error
    time.sleep(0.2)
    pid = int(pidfile.read_text())
    try:
        os.kill(pid, 0)
        alive = open(f"/proc/{pid}/stat").read().split()[2] != "Z"
    except (ProcessLookupError, FileNotFoundError):
        alive = False
    assert not alive  # the hook's own child was stopped with it


# ------------------------------------------------------------------------------ issue 39.11 / 13 / 30


def _events(steps, tag="train/loss"):
    from test_tfevents import frame
    from tensorboard.compat.proto import event_pb2

    out = b""
    for s in steps:
        ev = event_pb2.Event(wall_time=1e9 + s, step=s)
        ev.summary.value.add(tag=tag, simple_value=2.0 / (1 + s / 50))
        out += frame(ev.SerializeToString())
    return out


def test_a_torn_event_record_does_not_stop_the_watch(tmp_path):
    """39.11: one torn record (a length header that fails its checksum) stopped the watch for good: its offset
    never moved past it. The reading resynchronises at the next good record, as diagnose does."""
    folder = tmp_path / "run"
    folder.mkdir()
    p = folder / "events.out.tfevents.1700000000.host.1.0"
    p.write_bytes(_events(range(100)))
    watcher = Watcher(folder)
    watcher.poll()
    with open(p, "ab") as fh:
        fh.write(b"\xff" * 7 + b"\x00" * 9 + b"garbage")  # a torn record
        fh.write(_events(range(100, 300)))
    watcher.poll()
    (w,) = watcher.runs.values()
    steps = w.live.snapshot().series("train/loss").index
    assert w.live.points == 300 and steps.max() == 299


def test_progress_bars_redrawn_with_carriage_returns_are_seen_live(tmp_path):
    """39.13: a text log whose lines end in \\r (a progress bar redrawn in place) was not read until a newline:
    nothing was diagnosed live. A carriage return ends a line of a text log too."""
    folder = tmp_path / "run"
    folder.mkdir()
    p = folder / "train.log"
    watcher = Watcher(folder)
    with open(p, "w", newline="") as fh:
        for s in range(300):
            fh.write(f"step {s} | loss {2.0 / (1 + s / 50):.5f} | lr 1.00e-03\r")
        fh.flush()
        watcher.poll()
    (w,) = watcher.runs.values()
    assert w.live.points >= 300 * 0.9, w.live.points


def test_a_log_swapped_for_a_fifo_never_hangs_the_watch(tmp_path, monkeypatch):
    """39.30: a file swapped for a FIFO between the regular-file check and the first read hung the watch. Files
    are opened non-blocking and checked after the open."""
    import threading

    folder = tmp_path / "run"
    folder.mkdir()
    p = folder / "metrics.jsonl"
    p.write_text("".join(json.dumps({"step": s, "loss": 1.0 / (1 + s)}) + "\n" for s in range(100)))
    watcher = Watcher(folder)
    watcher.poll()
    with open(p, "a") as fh:
        fh.write(json.dumps({"step": 100, "loss": 0.01}) + "\n")
    grown = p.stat()  # what the watch saw: a regular file that grew ...
    p.unlink()
    os.mkfifo(p)  # ... and what it opens a moment later
    real_stat = Path.stat
    monkeypatch.setattr(Path, "stat", lambda self, **kw: grown if self == p else real_stat(self, **kw))
    w = next(iter(watcher.runs.values()))
    done = threading.Event()

    def grow():
        watcher._grow(w)
        done.set()

    threading.Thread(target=grow, daemon=True).start()
    try:
        assert done.wait(5), "the watch blocked on a FIFO"
    finally:
        if not done.is_set():  # unblock the reader so no thread is left behind
            os.close(os.open(p, os.O_WRONLY | os.O_NONBLOCK))


def test_each_run_of_an_mlflow_store_is_watched_on_its_own(tmp_path):
    """39.12: every run of one mlflow.db was merged into one live run (a healthy run's loss and a diverging one's
    as one curve). Each run of the store is its own live run, with its own findings."""
    import sqlite3

    from test_mlflow_db import SCHEMA

    folder = tmp_path / "mlruns"
    folder.mkdir()
    con = sqlite3.connect(folder / "mlflow.db")
    con.executescript(SCHEMA)
    rng = np.random.default_rng(0)
    for i, (name, diverge) in enumerate((("calm", False), ("wild", True))):
        uuid = f"{i:032x}"
        con.execute("insert into runs values (?,?,?,?,?,?,?)", (uuid, name, "RUNNING", i, None, "active", 1))
        con.executemany("insert into metrics values ('loss', ?, ?, ?, ?, 0)",
                        [(loss_at(s, rng, diverge), 1000 * s, uuid, s) for s in range(0, TOTAL, 10)])
    con.commit()
    con.close()
    watcher = Watcher(folder)
    events = watcher.poll()
    (w,) = watcher.runs.values()
    assert sorted(lv.name.rsplit("#", 1)[-1] for lv in w.lives()) == ["calm", "wild"]
    assert all(lv.points == TOTAL // 10 for lv in w.lives())
    div = [e for e in events if e.finding.code == "D001"]
    assert div and all(e.run.endswith("#wild") for e in div)


def test_event_files_are_read_a_window_at_a_time_and_one_over_the_limit_is_said(tmp_path, monkeypatch):
    """39.20: watch read an event file whole at its first poll (3.4x its size), even over the size limit, and the
    run then vanished without a word. A poll reads at most a window of a file; a file over the limit is named."""
    from curvedoc import watch as watch_mod

    folder = tmp_path / "run"
    folder.mkdir()
    p = folder / "events.out.tfevents.1700000000.host.1.0"
    p.write_bytes(_events(range(600)))
    monkeypatch.setattr(watch_mod, "WINDOW_BYTES", p.stat().st_size // 5)
    notes: list[str] = []
    watcher = Watcher(folder, on_note=notes.append)
    watcher.poll()
    (w,) = watcher.runs.values()
    assert 0 < w.live.points < 600  # one window, not the whole file
    for _ in range(6):
        watcher.poll()
    assert w.live.points == 600 and not notes
    monkeypatch.setenv("CURVEDOC_MAX_FILE_BYTES", str(p.stat().st_size // 2))
    with open(p, "ab") as fh:
        fh.write(_events(range(600, 700)))
    watcher.poll()
    assert len(notes) == 1 and "over the" in notes[0] and p.name in notes[0]
