"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), eleventh round.

Each family is drawn from a generative description (format, length, K, noise, logging interval), never from a visible
run; every member must get the verdict the family stands for, and the healthy twin must not.
"""

from __future__ import annotations

import numpy as np
import pytest

import curvedoc

SEVERE = ("warning", "error")


def _keras_csv(path, loss, acc, val_loss, val_acc):
    path.mkdir()
    rows = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    rows += [f"{e},{a:.4f},{l:.4f},{va:.4f},{vl:.4f}" for e, (l, a, vl, va) in enumerate(zip(loss, acc, val_loss, val_acc))]
    (path / "training.log").write_text("\n".join(rows) + "\n")


# ------------------------------------------------ a model at chance from its first logged epoch (LR far too high,
# the explosion before the first log): the chance verdict carries the run; "it underfits" says it again, as info
@pytest.mark.parametrize("k", [3, 6, 10, 100])
@pytest.mark.parametrize("epochs", [8, 40])
@pytest.mark.parametrize("noise", [0.01, 0.05])
def test_a_model_at_chance_from_the_start_is_one_verdict_and_underfitting_only_restates_it(k, epochs, noise, tmp_path):
    rng = np.random.default_rng(k * 100 + epochs)
    lk = np.log(k)
    loss = lk * (1.03 + noise * rng.standard_normal(epochs))
    val_loss = lk * (1.04 + noise * rng.standard_normal(epochs))
    acc = np.clip(1 / k + 0.01 * rng.standard_normal(epochs), 0, 1)
    val_acc = np.clip(1 / k + 0.01 * rng.standard_normal(epochs), 0, 1)
    d = tmp_path / f"sgd-lr5-k{k}-{epochs}"
    _keras_csv(d, loss, acc, val_loss, val_acc)
    rr = curvedoc.diagnose(str(d)).runs[0]
    sev = {f.name: f.severity for f in rr.findings}
    assert sev.get("plateau-at-chance") in SEVERE, [(f.name, f.severity, f.message) for f in rr.findings]
    assert sev.get("underfitting", "info") == "info", [(f.name, f.severity, f.message) for f in rr.findings]
    u = [f for f in rr.findings if f.name == "underfitting"]
    if u:
        assert u[0].evidence.get("restated_by") == "P001"


@pytest.mark.parametrize("k", [3, 10])
def test_a_model_that_learns_slowly_but_clearly_is_not_at_chance(k, tmp_path):
    # the healthy twin: a loss that leaves log K and an accuracy that leaves 1/K
    e = np.arange(30)
    lk = np.log(k)
    loss = lk * (0.25 + 0.75 * np.exp(-e / 8))
    acc = 1 / k + (0.9 - 1 / k) * (1 - np.exp(-e / 8))
    d = tmp_path / f"ok-k{k}"
    _keras_csv(d, loss, acc, loss * 1.05, acc - 0.02)
    rr = curvedoc.diagnose(str(d)).runs[0]
    names = {f.name for f in rr.findings if f.severity in SEVERE}
    assert not names & {"plateau-at-chance", "underfitting"}, [(f.name, f.message) for f in rr.findings]
