"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twelfth round.

Each family is drawn from a generative description (format, length, noise, where the event sits), never from a visible
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
    rows += [f"{e},{a:.5f},{l:.6g},{va:.5f},{vl:.6g}" for e, (l, a, vl, va) in enumerate(zip(loss, acc, val_loss, val_acc))]
    (path / "training.log").write_text("\n".join(rows) + "\n")


def _findings(d):
    rr = curvedoc.diagnose(str(d)).runs[0]
    return rr, {f.name: f for f in rr.findings}


# ------------------------------------------------ a validation loss that jumps for one to three evaluations and comes
# back, at the head of the series or during its fast early descent, where window medians have no level before it
# (a jump that lasts more than a fifth of the evaluations is a phase of the run, not a spike: no 3-wide one in 12)
@pytest.mark.parametrize(("epochs", "width"), [(e, w) for e in (12, 20, 50, 120) for w in (1, 2, 3) if w <= e // 5])
@pytest.mark.parametrize("at", [0.1, 0.25, 0.6])
@pytest.mark.parametrize("noise", [0.02, 0.1])
def test_a_validation_loss_that_jumps_for_a_few_evaluations_and_comes_back_is_a_spike(epochs, at, width, noise, tmp_path):
    rng = np.random.default_rng(epochs * 31 + width * 7 + int(at * 100))
    e = np.arange(epochs)
    loss = 0.05 + 1.2 * np.exp(-e / (epochs / 6))
    val = (0.08 + 1.3 * np.exp(-e / (epochs / 5))) * np.exp(noise * rng.standard_normal(epochs))
    s = max(1, int(at * epochs))
    bump = np.array([6.0, 20.0, 9.0][:width])
    val[s:s + width] *= bump
    acc = 1 - loss / 2
    d = tmp_path / f"valspike-{epochs}-{at}-{width}"
    _keras_csv(d, loss * np.exp(0.01 * rng.standard_normal(epochs)), acc, val, acc - 0.05)
    rr, f = _findings(d)
    assert "loss-spikes" in f, [(x.name, x.severity, x.message) for x in rr.findings]
    assert "val_loss" in f["loss-spikes"].message
    assert f["loss-spikes"].severity == "info"  # it came back: a checkpoint that was bad for a moment


@pytest.mark.parametrize("epochs", [12, 30, 100])
@pytest.mark.parametrize("noise", [0.03, 0.1, 0.25])
@pytest.mark.parametrize("seed", range(4))
def test_a_noisy_validation_loss_without_a_jump_has_no_spike(epochs, noise, seed, tmp_path):
    # the healthy twin: an evaluation series with its own scatter (a small validation set), up to 25% per reading
    rng = np.random.default_rng(1000 * seed + epochs)
    e = np.arange(epochs)
    loss = 0.1 + 1.2 * np.exp(-e / (epochs / 6))
    val = (0.15 + 1.3 * np.exp(-e / (epochs / 5))) * np.exp(noise * rng.standard_normal(epochs))
    acc = 1 - loss / 2
    d = tmp_path / f"noisyval-{epochs}-{noise}-{seed}"
    _keras_csv(d, loss, acc, val, acc - 0.05)
    rr, f = _findings(d)
    assert "loss-spikes" not in f, f["loss-spikes"].message


@pytest.mark.parametrize("epochs", [12, 40])
def test_a_validation_loss_with_two_levels_is_not_a_series_of_spikes(epochs, tmp_path):
    # every other evaluation 5x up (an alternating eval set, a BN-statistics bug): a pattern, not bad checkpoints
    e = np.arange(epochs)
    loss = 0.1 + np.exp(-e / 5)
    val = (0.2 + np.exp(-e / 5)) * np.where(e % 2 == 1, 5.0, 1.0)
    acc = 1 - loss / 2
    d = tmp_path / f"twolevels-{epochs}"
    _keras_csv(d, loss, acc, val, acc)
    rr, f = _findings(d)
    assert "loss-spikes" not in f or "neighbouring" not in str(f["loss-spikes"].evidence.get("test", "")), \
        f["loss-spikes"].message
