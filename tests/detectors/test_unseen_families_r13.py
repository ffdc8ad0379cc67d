"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), thirteenth round.

Each family is drawn from a generative description (format, length, noise, where the event sits), never from a visible
run; every member must get the verdict the family stands for, and the healthy twin must not.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from _families import keras_csvlogger

import curvedoc

SEVERE = ("warning", "error")


def _findings(d):
    rr = curvedoc.diagnose(str(d)).runs[0]
    return rr, {f.name: f for f in rr.findings}


def _shown(rr):
    return [(x.name, x.severity, x.message) for x in rr.findings]


# ------------------------------------------------ a classifier that learned, then its loss went NaN: from then on the
# NaN weights predict one class, and every accuracy is exactly 1/K to the end -- divergence, and a model at chance since
@pytest.mark.parametrize("k", [3, 10, 100])
@pytest.mark.parametrize("epochs", [30, 120])
@pytest.mark.parametrize("at", [0.15, 0.4])
@pytest.mark.parametrize("percent", [False, True])
def test_a_classifier_whose_loss_went_nan_sits_at_chance_after_it(k, epochs, at, percent, tmp_path):
    rng = np.random.default_rng(k * 7 + epochs + int(at * 10))
    e = np.arange(epochs)
    loss = math.log(k) * (0.15 + 0.85 * np.exp(-e / 6)) * np.exp(0.02 * rng.standard_normal(epochs))
    acc = 1 / k + (0.9 - 1 / k) * (1 - np.exp(-e / 6))
    val_loss = loss * 1.2
    val_acc = 0.95 * acc
    cut = int(at * epochs)
    loss[cut:] = np.nan
    val_loss[cut:] = np.nan
    acc[cut:] = 1 / k
    val_acc[cut:] = 1 / k
    scale = 100.0 if percent else 1.0
    d = keras_csvlogger(tmp_path / f"nanchance-{k}-{epochs}-{at}-{percent}", loss, acc * scale, val_loss,
                        val_acc * scale, loss_fmt=".6g", acc_fmt=".5f")
    rr, f = _findings(d)
    assert "divergence" in f and f["divergence"].severity == "error", _shown(rr)
    assert "plateau-at-chance" in f, _shown(rr)
    assert f["plateau-at-chance"].evidence.get("num_classes", k) == k, f["plateau-at-chance"].message


@pytest.mark.parametrize("k", [3, 10])
@pytest.mark.parametrize("epochs", [30, 120])
def test_a_classifier_that_keeps_learning_after_a_nan_free_run_is_not_at_chance(k, epochs, tmp_path):
    # the healthy twin of the family above: the same run without the NaN
    e = np.arange(epochs)
    loss = math.log(k) * (0.15 + 0.85 * np.exp(-e / 6))
    acc = 1 / k + (0.9 - 1 / k) * (1 - np.exp(-e / 6))
    d = keras_csvlogger(tmp_path / f"nonan-{k}-{epochs}", loss, acc, loss * 1.2, 0.95 * acc,
                        loss_fmt=".6g", acc_fmt=".5f")
    rr, f = _findings(d)
    assert "plateau-at-chance" not in f and "divergence" not in f, _shown(rr)
