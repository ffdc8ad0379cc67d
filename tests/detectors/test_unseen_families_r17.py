"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), seventeenth round.

- A first loss reading is not an explosion by itself: a next-item model over thousands of classes starts at
  log K' (8.9 for 7,000 items) and falls from there, while its top-1 accuracy may settle near 0.5 -- which, read as
  1/K, makes K = 2 and the first reading 12.8x log 2. An explosion is a climb (a peak with a reading at most half of
  it before it), or a first reading above any untrained classifier's loss (the log of the largest vocabulary).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from _helpers import diagnosed_by_name as _findings
from _helpers import shown as _shown


def _steps_and_evals(path, loss, evals, fmt, every=10):
    """Write a per-step training loss and per-epoch validation accuracies (step -> value) as a CSV or a print log."""
    path.mkdir(parents=True, exist_ok=True)
    if fmt == "csv":
        lines = ["step,train_loss,val_acc"]
        lines += [f"{s},{x:.5f},{evals[s]:.4f}" if s in evals else f"{s},{x:.5f}," for s, x in enumerate(loss)]
        (path / "metrics.csv").write_text("\n".join(lines) + "\n")
    else:
        lines = []
        for s, x in enumerate(loss):
            if s % every == 0:
                lines.append(f"step {s}: loss {x:.4f}")
            if s in evals:
                lines.append(f"step {s} Val Acc@1: {100 * evals[s]:.2f}%")
        (path / "train.log").write_text("\n".join(lines) + "\n")
    return path


# ------------------------------------------------------------------------------ a first reading is not an explosion
def _next_item(k_big, acc_end, n_epochs=22, per_epoch=200, seed=0):
    """A classifier over k_big classes: its loss starts at log k_big and falls to 30% of it; its top-1 accuracy
    rises from 0.30 and settles at acc_end."""
    rng = np.random.default_rng(seed)
    n = n_epochs * per_epoch
    top, end = math.log(k_big), 0.3 * math.log(k_big)
    t = np.arange(n) / n
    loss = (end + (top - end) * np.exp(-6 * t)) * (1 + 0.02 * rng.standard_normal(n))
    evals = {(e + 1) * per_epoch - 1: acc_end - (acc_end - 0.30) * math.exp(-e / 1.5) + 0.004 * rng.standard_normal()
             for e in range(n_epochs)}
    return loss, evals


@pytest.mark.parametrize("fmt", ["csv", "log"])
@pytest.mark.parametrize("k_big", [1500, 7000, 20000])
@pytest.mark.parametrize("acc_end", [0.50, 0.52])
def test_a_many_class_model_whose_accuracy_settles_near_a_half_is_not_at_chance(fmt, k_big, acc_end, tmp_path):
    loss, evals = _next_item(k_big, acc_end, seed=k_big)
    rr, f = _findings(_steps_and_evals(tmp_path / "run", loss, evals, fmt))
    assert "plateau-at-chance" not in f, _shown(rr)


def _blown_binary(kind, n=2000, n_evals=20, seed=0):
    """A binary classifier whose LR blew it up: the loss climbs from log 2 to ~60 in the first steps ('climb'), or
    is first logged already at 500 ('first'), then sits 30% above log 2 (confidently wrong); accuracy at 0.5."""
    rng = np.random.default_rng(seed)
    late = 1.3 * math.log(2) * (1 + 0.03 * rng.standard_normal(n))
    if kind == "climb":
        head = np.array([0.70, 0.69, 3.0, 60.0, 40.0, 9.0, 2.0])
    else:
        head = np.array([500.0, 80.0, 6.0, 1.5])
    loss = np.concatenate([head, late[len(head):]])
    evals = {int(s): 0.5 + 0.004 * rng.standard_normal() for s in np.linspace(n // n_evals, n - 1, n_evals)}
    return loss, evals


@pytest.mark.parametrize("fmt", ["csv", "log"])
@pytest.mark.parametrize("kind", ["climb", "first"])
def test_a_climb_or_an_impossible_first_reading_is_still_an_explosion(fmt, kind, tmp_path):
    loss, evals = _blown_binary(kind)
    rr, f = _findings(_steps_and_evals(tmp_path / "run", loss, evals, fmt, every=1))
    assert "plateau-at-chance" in f and "exploded" in f["plateau-at-chance"].message, _shown(rr)
