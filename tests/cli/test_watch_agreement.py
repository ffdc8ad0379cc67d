"""``curvedoc watch`` says live what ``curvedoc diagnose`` says of the log as written so far (issue 37).

A log is written in pieces cut at arbitrary byte positions (mid-line, mid-record included) and polled after each
piece. At every poll the watch's live findings equal the offline diagnosis (live mode: whole-run rules wait) of a
file holding what the watch could read so far: the complete lines (for a print log also a progress bar's renderings
up to its last ``\\r``), the complete event records. After the last poll they equal ``diagnose`` of the final file,
rules marked whole-run aside; and a healthy log is never warned at a poll where the offline diagnosis of that prefix
is quiet. Formats: TensorBoard event files, CSV (Lightning ``metrics.csv``, Keras ``CSVLogger``), JSON lines and
print logs of several styles -- a step printed beside an in-epoch counter, an in-epoch counter alone
(``Epoch [e][i/N]``, ``Epoch e iter i/N``), validation lines that name only their epoch, a resumed job whose steps
restart from a checkpoint.
"""

from __future__ import annotations

import json
import math
import random
import struct
from pathlib import Path

import numpy as np
import pytest
from _families import Curves, lr_blowup_to_chance, shuffled_labels, write

from curvedoc.engine import Plan, diagnose_run, resolve_settings
from curvedoc.importers import load_all
from curvedoc.watch import Watcher

PLAN = Plan.build(resolve_settings(None))
RULES = PLAN.catalog.by_code()


def _waits(f) -> bool:
    """A finding only a finished run gets: its rule is marked whole-run, or its check is one of the rule's
    ``whole_run_checks`` (the rule data says so; no detector reads whether the run is live)."""
    rule = RULES[f.code]
    return rule.whole_run or (f.evidence or {}).get("whole_run_check") in rule.whole_run_checks


def _keys(findings) -> list[tuple]:
    out = []
    for f in findings:
        ev = getattr(f, "evidence", None) or {}
        out.append((f.code, f.severity, str(ev.get("tag") or ev.get("curve") or "")))
    return sorted(out)


# ---------------------------------------------------------------------------------------------- the logs
def healthy(seed: int, n: int = 600, every: int = 5, n_eval: int = 12) -> Curves:
    """A loss falling to a floor with per-step noise, a validation loss a little above it, accuracy rising."""
    rng = np.random.default_rng(seed)
    steps = np.arange(1, n + 1, dtype=np.int64) * every
    x = steps / steps[-1]
    loss = (2.3 * np.exp(-x / 0.25) + 0.35) * np.exp(rng.normal(0, 0.08, n))
    eval_steps = np.unique(np.linspace(steps[-1] / n_eval, steps[-1], n_eval).astype(np.int64))
    xe = eval_steps / steps[-1]
    val_loss = (2.3 * np.exp(-xe / 0.25) + 0.42) * np.exp(rng.normal(0, 0.01, len(xe)))
    val_acc = np.clip(0.1 + 0.8 * (1 - np.exp(-xe / 0.25)) + rng.normal(0, 0.005, len(xe)), 0, 1)
    return Curves(steps, loss, np.full(n, 0.05), eval_steps, val_loss=val_loss, val_acc=val_acc,
                  hparams={"lr": 0.05})


def nan_at(seed: int, frac: float = 0.6) -> Curves:
    """Healthy, then the loss NaN from 60% of the run on."""
    c = healthy(seed)
    c.train_loss = c.train_loss.copy()
    c.train_loss[int(frac * len(c.steps)):] = np.nan
    return c


def _jsonl(c: Curves, folder: Path) -> Path:
    """One JSON object per logging call, an evaluation row after the training row of its step."""
    from _families import _events

    lines = []
    for st, is_eval, i in _events(c):
        row = {"step": st}
        if is_eval:
            row.update(val_loss=float(c.val_loss[i]), val_acc=float(c.val_acc[i]))
        else:
            row.update(loss=float(c.train_loss[i]), lr=float(c.lr[i]))
        lines.append(json.dumps(row))
    p = folder / "metrics.jsonl"
    p.write_text("\n".join(lines) + "\n")
    return p


def _keras_csv(seed: int, folder: Path, epochs: int = 30, blow_up_at: int | None = None) -> Path:
    """Keras' CSVLogger: one row per epoch (epoch, accuracy, loss, val_accuracy, val_loss)."""
    rng = np.random.default_rng(seed)
    rows = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    for e in range(epochs):
        loss = (2.3 * math.exp(-e / 6) + 0.3) * math.exp(rng.normal(0, 0.02))
        if blow_up_at is not None and e >= blow_up_at:
            loss = 0.3 * 10 ** (e - blow_up_at + 1)
        acc = min(0.99, 0.1 + 0.85 * (1 - math.exp(-e / 6)))
        rows.append(f"{e},{acc:.4f},{loss:.6f},{acc - 0.02:.4f},{loss * 1.08:.6f}")
    p = folder / "log.csv"
    p.write_text("\n".join(rows) + "\n")
    return p


def _printed(lines: list[str], folder: Path) -> Path:
    p = folder / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return p


def _loss(s: int, rng, nan_from: int | None = None) -> float:
    if nan_from is not None and s >= nan_from:
        return math.nan
    return (2.3 * math.exp(-s / 250) + 0.35) * math.exp(rng.normal(0, 0.05))


def mmcv_log(seed: int, folder: Path, nan_from: int | None = None, epochs: int = 20, n: int = 48) -> Path:
    """MMEngine/MMCV: ``Epoch [e][i/N]`` training lines (no step printed: the in-epoch counter is the clock) and
    an ``Epoch(val) [e][k]`` line per epoch."""
    rng = np.random.default_rng(seed)
    lines = []
    for e in range(1, epochs + 1):
        for i in range(4, n + 1, 4):
            s = (e - 1) * n + i
            lines.append(f"2024-01-01 10:00:{i:02d} - mmengine - INFO - Epoch [{e}][{i}/{n}]  lr: 1.0000e-02  "
                         f"eta: 0:01:00  time: 0.0500  loss: {_loss(s, rng, nan_from):.4f}")
        lines.append(f"2024-01-01 10:01:00 - mmengine - INFO - Epoch(val) [{e}][10/10]  accuracy/top1: "
                     f"{min(99.0, 40 + 3 * e):.4f}  loss: {_loss(e * n, rng) * 1.1:.4f}")
    return _printed(lines, folder)


def epoch_iter_log(seed: int, folder: Path, nan_from: int | None = None, epochs: int = 16, n: int = 43) -> Path:
    """``Epoch e iter i/N loss`` (a counter inside the epoch, no step printed) and ``Validation epoch e: ...``."""
    rng = np.random.default_rng(seed)
    lines = ["Namespace(batch_size=64, epochs=16, lr=0.05, model='mlp', optimizer='sgd', seed=0)"]
    for e in range(epochs):
        for i in range(5, n + 1, 5):
            lines.append(f"Epoch {e} iter {i}/{n} loss: {_loss(e * n + i, rng, nan_from):.5f} lr: 0.05")
        lines.append(f"Validation epoch {e}: val_loss {_loss(e * n + n, rng) * 1.1:.5f} val_acc {0.5 + e / 40:.4f}")
    return _printed(lines, folder)


def printed_step_log(seed: int, folder: Path, nan_from: int | None = None, epochs: int = 20, n: int = 43) -> Path:
    """``epoch e | iter i/N | step s | loss ...`` and a validation line that names only its epoch."""
    rng = np.random.default_rng(seed)
    lines = []
    for e in range(epochs):
        for i in range(3, n, 10):
            s = e * n + i
            lines.append(f"epoch {e} | iter {i}/{n} | step {s} | loss {_loss(s, rng, nan_from):.5f} | lr 0.0001")
        lines.append(f"epoch {e} | val_loss {_loss(e * n + n, rng) * 1.1:.4f} | val_acc {0.5 + e / 50:.4f}")
    return _printed(lines, folder)


def resumed_log(seed: int, folder: Path, nan_from: int | None = None) -> Path:
    """A job killed after step 1,200 and resumed from its checkpoint at step 1,000, printing into the same log: the
    steps restart from 1,000."""
    rng = np.random.default_rng(seed)
    lines = ["Namespace(batch_size=64, lr=0.05, max_steps=2000, optimizer='sgd', seed=0, warmup=0, data='x')"]
    for s in range(10, 1201, 10):
        lines.append(f"step {s} | loss {_loss(s, rng):.5f} | lr 0.05")
        if s % 200 == 0:
            lines.append(f"step {s} | val_loss {_loss(s, rng) * 1.1:.5f} | val_acc {0.5 + s / 5000:.4f}")
    lines += ["Traceback (most recent call last):", "RuntimeError: NCCL timeout",
              "Namespace(batch_size=64, lr=0.05, max_steps=2000, optimizer='sgd', seed=0, warmup=0, data='x')",
              "Resuming training from checkpoint at step 1000"]
    for s in range(1010, 2001, 10):
        lines.append(f"step {s} | loss {_loss(s, rng, nan_from):.5f} | lr 0.05")
        if s % 200 == 0:
            lines.append(f"step {s} | val_loss {_loss(s, rng) * 1.1:.5f} | val_acc {0.5 + s / 5000:.4f}")
    return _printed(lines, folder)


def progress_bar_log(seed: int, folder: Path, nan_from: int | None = None) -> Path:
    """A progress bar redrawn with ``\\r`` (its line ends only with the epoch) and a validation line per epoch."""
    rng = np.random.default_rng(seed)
    text = ""
    for e in range(1, 11):
        for i in range(10, 101, 10):
            s = (e - 1) * 100 + i
            text += (f"\rEpoch {e}/10: {i:3d}%|####| {i}/100 [00:0{e % 10}<00:00, 9.1it/s, "
                     f"loss={_loss(s, rng, nan_from):.4f}]")
        text += f"\nEpoch {e}: val_loss={_loss(e * 100, rng) * 1.1:.4f} val_acc={0.5 + e / 30:.4f}\n"
    p = folder / "train.log"
    p.write_text(text)
    return p


def _build_curves(c: Curves, fmt: str, folder: Path) -> Path:
    out = write(c, fmt, folder)
    return next(out.iterdir()) if out.is_dir() else out  # (the event file tensorboardX wrote)


def _build(kind: str, seed: int, folder: Path, sick: bool) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if kind in ("tfevents", "csv", "printlog"):
        return _build_curves(nan_at(seed) if sick else healthy(seed), kind, folder)
    if kind == "jsonl":
        return _jsonl(nan_at(seed) if sick else healthy(seed), folder)
    if kind == "keras-csv":
        return _keras_csv(seed, folder, blow_up_at=18 if sick else None)
    make = {"mmcv": mmcv_log, "epoch-iter": epoch_iter_log, "printed-step": printed_step_log,
            "resumed": resumed_log, "progress-bar": progress_bar_log}[kind]
    return make(seed, folder, nan_from=(650 if kind != "resumed" else 1500) if sick else None)


# ---------------------------------------------------------------------------------------------- what the watch can read
def _readable_end(name: str, data: bytes, cut: int) -> int:
    """How much of a file holding ``data[:cut]`` a reader of a growing file can take: the complete event records;
    the complete lines (a print log: also a progress bar's renderings up to its last carriage return)."""
    if "tfevents" in name:
        pos = 0
        while pos + 12 <= cut:
            (length,) = struct.unpack_from("<Q", data, pos)
            if pos + 12 + length + 4 > cut:
                break
            pos += 12 + length + 4
        return pos
    part = data[:cut]
    ends = (b"\n", b"\r") if name.endswith(".log") else (b"\n",)
    return max(part.rfind(e) for e in ends) + 1


def _offline(folder: Path, *, live: bool):
    res = load_all(folder)
    assert not res.failures, [f.reason for f in res.failures]
    assert len(res.runs) == 1, [r.name for r in res.runs]
    run = res.runs[0]
    run.meta["live"] = live
    return diagnose_run(run, PLAN, keep_run=False)


def watch_in_pieces(tmp_path: Path, src: Path, cuts: list[int], *, offline: bool = True):
    """Replay ``src`` into a watched folder in pieces ending at ``cuts``; after each poll compare the live findings
    with the offline diagnosis of what could be read. Returns (every poll's (live, offline) keys, the watcher).
    ``offline=False``: a test that reads only what the watch said skips the offline diagnosis of every prefix (half
    the cost), and keeps every poll that has a report."""
    data = src.read_bytes()
    run = tmp_path / "watched"
    run.mkdir()
    target = run / src.name
    watcher = Watcher(run)
    polls = []
    done = 0
    with open(target, "wb") as fh:
        for cut in [*cuts, len(data)]:
            fh.write(data[done:cut])
            fh.flush()
            done = cut
            events = watcher.poll()
            end = _readable_end(src.name, data, cut)
            if not watcher.runs:
                continue
            w = next(iter(watcher.runs.values()))
            rr = watcher.monitor.reports.get(w.live.name)
            if rr is None:
                continue
            off = None
            if offline:
                prefix = tmp_path / f"prefix-{len(polls)}"
                prefix.mkdir()
                (prefix / src.name).write_bytes(data[:end])
                try:
                    off = _offline(prefix, live=True)
                except AssertionError:
                    continue  # nothing readable yet offline either (no metric printed so far)
            polls.append({"cut": cut, "end": end, "live": _keys(rr.findings),
                          "offline": None if off is None else _keys(off.findings),
                          "events": [(e.finding.code, e.finding.severity, e.finding.step, e.finding.message)
                                     for e in events]})
    return polls, watcher


def _cuts(size: int, seed: int, k: int = 12) -> list[int]:
    """``k`` arbitrary byte positions (mid-line and mid-record ones among them), in order."""
    return sorted(random.Random(seed).sample(range(1, size), k))


KINDS = ["tfevents", "csv", "keras-csv", "jsonl", "printlog", "mmcv", "epoch-iter", "printed-step", "resumed",
         "progress-bar"]


@pytest.mark.parametrize("sick", [False, True], ids=["healthy", "sick"])
@pytest.mark.parametrize("kind", KINDS)
def test_live_findings_equal_the_offline_diagnosis_of_what_was_written(tmp_path, kind, sick):
    src = _build(kind, 3, tmp_path / "src", sick)
    polls, watcher = watch_in_pieces(tmp_path, src, _cuts(src.stat().st_size, 11))
    assert polls, "the watch never diagnosed the run"
    for p in polls:
        assert p["live"] == p["offline"], (p["cut"], p["end"], p["live"], p["offline"])
        if not sick and not [k for k in p["offline"] if k[1] != "info"]:
            assert not [e for e in p["events"] if e[1] != "info"], p
    # after the last poll: diagnose on the final file, rules marked whole-run aside
    final = _offline(src.parent, live=False)
    w = next(iter(watcher.runs.values()))
    live = _keys(watcher.monitor.reports[w.live.name].findings)
    assert live == _keys([f for f in final.findings if not _waits(f)]), (live, _keys(final.findings))


@pytest.mark.parametrize("kind", ["mmcv", "epoch-iter", "printed-step", "progress-bar"])
def test_a_nan_is_reported_at_the_printed_step_whatever_the_pieces(tmp_path, kind):
    """The divergence of a print log is reported once, at the step the whole log places it (not at the in-epoch
    counter of the line a piece starts with), with no "finite again afterwards" and no train-val gap at the
    start, whichever byte positions the pieces end at."""
    src = _build(kind, 5, tmp_path / "src", True)
    whole = {f.code: f for f in _offline(src.parent, live=True).findings}
    assert "D001" in whole
    for seed in range(3):
        d = tmp_path / f"try-{seed}"
        d.mkdir()
        polls, watcher = watch_in_pieces(d, src, _cuts(src.stat().st_size, 100 + seed, k=25), offline=False)
        said = [e for p in polls for e in p["events"] if e[0] == "D001"]
        assert len(said) == 1 and said[0][2] == whole["D001"].step, (said, whole["D001"].step)
        w = next(iter(watcher.runs.values()))
        f = next(f for f in watcher.monitor.reports[w.live.name].findings if f.code == "D001")
        assert f.message == whole["D001"].message
        # what a piece's own clock made up is never said: no "finite again afterwards" (the NaN steps placed
        # before finite ones), no train-val gap at the start (validation placed at the wrong steps)
        said = [e for p in polls for e in p["events"]]
        assert not [e for e in said if "finite again" in e[3]]
        assert "V002" in whole or not [e for e in said if e[0] == "V002"]


def test_a_resumed_log_is_read_live_as_a_resumed_log(tmp_path):
    """The steps of a resumed job restart from its checkpoint: live as offline, the restart is one note (I001), and
    the series has the points of both launches at their printed steps."""
    src = _build("resumed", 2, tmp_path / "src", False)
    polls, watcher = watch_in_pieces(tmp_path, src, _cuts(src.stat().st_size, 4, k=20))
    w = next(iter(watcher.runs.values()))
    live = w.live.snapshot(live=False)
    off = load_all(src.parent).runs[0]
    for tag in off.tags:
        assert live.tag_series(tag).index.tolist() == off.tag_series(tag).index.tolist(), tag
    assert {i.kind for i in live.issues} == {i.kind for i in off.issues}
    assert [p["live"] for p in polls] == [p["offline"] for p in polls]



def _resumed_rows(seed: int) -> list[tuple[int, float]]:
    """(step, loss) in the order a job writes them: to step 1,200, then resumed from its checkpoint at 1,000."""
    rng = np.random.default_rng(seed)
    return [(s, _loss(s, rng)) for s in [*range(10, 1201, 10), *range(1010, 2001, 10)]]


def _write_resumed(fmt: str, folder: Path) -> Path:
    folder.mkdir(parents=True)
    rows = _resumed_rows(1)
    if fmt == "jsonl":
        p = folder / "metrics.jsonl"
        p.write_text("".join(json.dumps({"step": s, "loss": v, "lr": 0.05}) + "\n" for s, v in rows))
        return p
    if fmt == "csv":
        p = folder / "metrics.csv"
        p.write_text("step,train_loss,lr\n" + "".join(f"{s},{v!r},0.05\n" for s, v in rows))
        return p
    from tensorboardX import SummaryWriter

    w = SummaryWriter(str(folder))
    for s, v in rows:
        w.add_scalar("train/loss", v, s)
    w.close()
    return next(folder.iterdir())


@pytest.mark.parametrize("cuts", [4, 5, 6])
@pytest.mark.parametrize("fmt", ["jsonl", "csv", "tfevents"])
def test_a_resumed_job_appended_to_a_structured_log_is_said_live(tmp_path, fmt, cuts):
    """Steps that go back from one appended piece to the next (a job resumed from its checkpoint at step 1,000
    after reaching 1,200, writing on into the same file) are the restart note diagnose gives (I001), at the poll
    that reads them, never later."""
    src = _write_resumed(fmt, tmp_path / "src")
    polls, _ = watch_in_pieces(tmp_path, src, _cuts(src.stat().st_size, cuts, k=20))
    assert [p["live"] for p in polls] == [p["offline"] for p in polls]
    # (an event file's steps written twice are repeated points, an info note, not a restart: live as offline)
    assert any(k[0] == "I001" for k in polls[-1]["live"]) == (fmt != "tfevents")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le"])
def test_a_utf16_print_log_cut_between_the_bytes_of_a_character_reads_as_the_whole(tmp_path, encoding):
    """PowerShell writes UTF-16 (with or without a BOM): a piece may end between the two bytes of a character;
    live as offline at every poll, and no damage note the file does not have."""
    (tmp_path / "src").mkdir()
    src = tmp_path / "src" / "train.log"
    rng = np.random.default_rng(0)
    src.write_bytes(("".join(f"step {s} | loss {_loss(s, rng, 600):.4f} | lr 0.05\n" for s in range(0, 900, 5)))
                    .encode(encoding))
    polls, watcher = watch_in_pieces(tmp_path, src, [c | 1 for c in _cuts(src.stat().st_size, 2, k=15)])
    assert [p["live"] for p in polls] == [p["offline"] for p in polls]
    assert not [e for p in polls for e in p["events"] if e[0] == "I002"]
    assert [k[0] for k in polls[-1]["live"]] == ["D001"]


@pytest.mark.parametrize("family", [lr_blowup_to_chance, shuffled_labels])
@pytest.mark.parametrize("fmt", ["tfevents", "csv", "printlog"])
def test_the_generalisation_families_read_live_as_offline(tmp_path, fmt, family):
    """The synthetic families of sick runs (tests/_families.py), grown in pieces: live as offline at every poll,
    and after the last one as diagnose, whole-run rules and checks aside. A model at chance after its loss exploded,
    or at chance on validation while it fits its training split, is no slow start: plateau-at-chance says so live
    (with or without a planned length, which only the print log states), from the first poll whose points show it."""
    src = _build_curves(family(7), fmt, tmp_path / "src")
    polls, watcher = watch_in_pieces(tmp_path, src, _cuts(src.stat().st_size, 8, k=8))
    assert [p["live"] for p in polls] == [p["offline"] for p in polls]
    final = _offline(src.parent, live=False)
    w = next(iter(watcher.runs.values()))
    live = _keys(watcher.monitor.reports[w.live.name].findings)
    assert live == _keys([f for f in final.findings if not _waits(f)]), (live, _keys(final.findings))
    assert "P001" in [k[0] for k in live], live
