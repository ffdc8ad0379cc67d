"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), fifteenth round.

A plan written into every record: scripts that log ``{"epoch": 7, "epochs": 20, ...}`` (the plan beside the
counter) and LLaMA-Factory's ``trainer_log.jsonl`` (``current_steps`` / ``total_steps`` on every line). The plan is
stated as plainly as in the settings, so a run that stopped short of it is unfinished, and one that reached it is not.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from _helpers import diagnosed_by_name as _findings
from _helpers import shown as _shown


def _loss(n: int, seed: int, noise: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    return 2.0 * (0.3 + 0.7 * np.exp(-t / (0.5 * n))) * np.exp(noise * rng.standard_normal(n))


def _per_epoch_log(path, fmt, planned, done, seed, key="epochs", noise=0.02):
    """One record per epoch, the plan written into each (as JSON lines or as a CSV column)."""
    path.mkdir()
    loss = _loss(done, seed, noise)
    rows = [{"epoch": e, key: planned, "step": (e + 1) * 50, "train_loss": round(float(loss[e]), 5),
             "val_loss": round(float(loss[e]) * 1.05, 5), "val_acc": round(0.2 + 0.5 * (1 - math.exp(-e / 10)), 4)}
            for e in range(done)]
    if fmt == "jsonl":
        (path / "log.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    else:
        cols = list(rows[0])
        (path / "metrics.csv").write_text(",".join(cols) + "\n" + "".join(",".join(str(r[c]) for c in cols) + "\n"
                                                                           for r in rows))
    return path


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
@pytest.mark.parametrize("key", ["epochs", "num_epochs", "max_epochs", "n_epochs"])
@pytest.mark.parametrize(("planned", "done"), [(20, 8), (100, 12), (30, 4), (60, 40)])
def test_a_plan_written_in_every_record_tells_a_run_stopped_short(fmt, key, planned, done, tmp_path):
    d = _per_epoch_log(tmp_path / f"{fmt}-{key}-{planned}-{done}", fmt, planned, done, seed=planned + done, key=key)
    rr, f = _findings(d)
    assert "unfinished-schedule" in f, _shown(rr)
    assert f"planned {key} (epochs, logged in every record) {planned}" in f["unfinished-schedule"].message


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
@pytest.mark.parametrize("planned", [5, 20, 60])
def test_a_run_that_reached_the_plan_it_wrote_is_not_unfinished(fmt, planned, tmp_path):
    d = _per_epoch_log(tmp_path / f"{fmt}-{planned}", fmt, planned, planned, seed=planned, noise=0.005)
    rr, f = _findings(d)
    assert "unfinished-schedule" not in f or "planned" not in f["unfinished-schedule"].message, _shown(rr)


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_a_column_that_counts_is_no_plan(fmt, tmp_path):
    # an 'epochs' column that counts (the epochs done so far) is a counter, not a plan
    d = tmp_path / fmt
    d.mkdir()
    loss = _loss(12, 3, 0.005)
    rows = [{"epochs": e + 1, "train_loss": round(float(loss[e]), 5), "val_loss": round(float(loss[e]) * 1.05, 5)}
            for e in range(12)]
    if fmt == "jsonl":
        (d / "log.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    else:
        (d / "metrics.csv").write_text("epochs,train_loss,val_loss\n" + "".join(
            f"{r['epochs']},{r['train_loss']},{r['val_loss']}\n" for r in rows))
    rr, f = _findings(d)
    assert "unfinished-schedule" not in f or "logged in every record" not in f["unfinished-schedule"].message


def _llama_factory(path, total, done, every, seed):
    """LLaMA-Factory's trainer_log.jsonl: one line per logging step with current_steps, total_steps, loss, lr, epoch,
    percentage and clock strings."""
    path.mkdir()
    n = done // every
    loss = _loss(n, seed, 0.03)
    lines = []
    for i in range(n):
        s = (i + 1) * every
        lr = 1e-4 * 0.5 * (1 + math.cos(math.pi * s / total))
        lines.append(json.dumps({"current_steps": s, "total_steps": total, "loss": round(float(loss[i]), 4),
                                 "reward": None, "learning_rate": lr, "epoch": round(3.0 * s / total, 2),
                                 "percentage": round(100 * s / total, 2), "elapsed_time": "0:01:00",
                                 "remaining_time": "0:10:00"}))
    (path / "trainer_log.jsonl").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(("total", "every"), [(1000, 10), (11900, 10), (3000, 5)])
def test_a_llama_factory_log_that_reached_its_total_steps_is_finished_on_its_own_step_axis(total, every, tmp_path):
    d = _llama_factory(tmp_path / f"lf-{total}", total, total, every, seed=total)
    rr, f = _findings(d)
    assert "unfinished-schedule" not in f, _shown(rr)
    # the x axis is the trainer's step counter, not the line number
    assert all(x.step is None or x.step % every == 0 for x in rr.findings), _shown(rr)


@pytest.mark.parametrize(("total", "done"), [(1000, 300), (11900, 4000), (3000, 900)])
def test_a_llama_factory_log_cut_short_of_its_total_steps_is_unfinished(total, done, tmp_path):
    d = _llama_factory(tmp_path / f"lf-{total}-{done}", total, done, 10, seed=done)
    rr, f = _findings(d)
    assert "unfinished-schedule" in f, _shown(rr)
    assert f"step {done:,}" in f["unfinished-schedule"].message, f["unfinished-schedule"].message
