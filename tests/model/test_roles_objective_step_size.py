"""A loss named the split's *objective* ('objective 1.41 | heldout_objective 1.65', 'train objective' / 'holdout
objective') and a learning rate named the optimiser's *step size* ('step_size=1.8e-03', 'step-size') are the names
optimisation texts give them; scripts written from those texts print them so. They were tags no rule read, so a run
whose held-out objective rose or whose step size was cut short was never judged on them (new-user batches
2026-12-22nu26, 2026-12-24nu28 and 2026-12-25nu29, seen)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from curvedoc.model.run import Run


def _run(series: dict[str, np.ndarray]) -> Run:
    rows = [(s, t, float(v)) for t, vals in series.items() for s, v in enumerate(vals)]
    return Run("r", "text-log", pd.DataFrame(rows, columns=["step", "tag", "value"]))


_FALL = 1.4 * np.exp(-np.arange(20) / 6) + 0.2
_LR = 2e-3 * (1 + np.cos(np.pi * np.arange(20) / 20)) / 2 + 1e-5


@pytest.mark.parametrize("train,held", [("objective", "heldout_objective"), ("train objective", "holdout objective"),
                                        ("train_objective", "val_objective"), ("objective", "held-out objective")])
def test_a_splits_objective_is_its_loss(train, held):
    r = _run({train: _FALL, held: _FALL + 0.1})
    assert r.roles.get("train_loss") == train and r.roles.get("val_loss") == held


def test_an_objective_that_rises_is_no_loss():
    # the guards of a loss named only by its split hold: a rising 'train objective' is a score (an ELBO, a return)
    r = _run({"train objective": 2.0 - _FALL, "holdout objective": 2.1 - _FALL})
    assert "train_loss" not in r.roles


def test_a_split_objective_does_not_displace_a_named_loss():
    r = _run({"loss": _FALL, "val_loss": _FALL + 0.1, "heldout_objective": _FALL + 0.2})
    assert r.roles.get("train_loss") == "loss" and r.roles.get("val_loss") == "val_loss"


@pytest.mark.parametrize("name", ["step_size", "step-size", "step size", "optim/step_size"])
def test_the_step_size_is_the_learning_rate(name):
    assert _run({"loss": _FALL, name: _LR}).roles.get("lr") == name


def test_a_named_learning_rate_comes_before_a_step_size():
    assert _run({"loss": _FALL, "lr": _LR, "step_size": _LR * 2}).roles.get("lr") == "lr"


# An 'error' whose readings go above 100 is no share of examples (neither of 1 nor of 100): a magnitude the model
# minimises ('trainError = 409.99', a sum of squared errors). Where no loss is named it stands for the loss, as MSE does
# (2026-12-26bu nerolink-learnrepresent-divergence: trainError 410 -> 3e5, testError 0.61 -> 312, labelled divergence).

def test_an_error_above_100_stands_for_the_loss_where_none_is_named():
    r = _run({"trainError": 400 * np.exp(np.arange(20) / 5), "testError": 1.0 + np.arange(20.0)})
    assert r.roles.get("train_loss") == "trainError" and r.roles.get("val_loss") == "testError"


@pytest.mark.parametrize("scale", [1.0, 100.0])
def test_an_error_rate_is_no_loss(scale):
    # a classification error in [0, 1] or in percent is a rate, a quality metric
    err = scale * (0.6 * np.exp(-np.arange(20) / 6) + 0.05)
    r = _run({"train_error": err, "val_error": err * 1.1})
    assert "train_loss" not in r.roles and "val_loss" not in r.roles


def test_an_error_beside_a_named_loss_stays_a_metric():
    r = _run({"loss": _FALL, "trainError": 400 + _FALL})
    assert r.roles.get("train_loss") == "loss"
