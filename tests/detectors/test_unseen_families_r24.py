"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-fourth round.

- A classifier that only ever learned the class prior of an unbalanced set (a model frozen but for its head, labels
  shifted off their inputs, dropout that drowns every input, a learning rate far too low) scores the majority share
  at every evaluation and sits at the prior's entropy, a little below log K. Neither K nor the class shares are in
  the log, so neither 1/K nor log K can be read against: but its held-out accuracy never moves off its first
  evaluation while its training loss barely falls. That is a model predicting what it predicted at the start --
  plateau-at-chance, said without K -- not only a model that "improved little".
- Every loss in a log written as exactly 0.0 on every row while the model's mAP climbs: a loss of zero has no
  gradient, so the model was trained on another; the loss columns are damaged (the twin of a loss NaN at every
  point beside a model that learned). One zero part beside a real loss is a part the task does not use.
- A K-class model whose loss is frozen at log K is one phenomenon: plateau-at-chance names it with its evidence of
  chance; constant-loss's "the loss does not move" is the same level said again and stays as context (info), as
  underfitting's "the loss stays high" already did.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from _helpers import modes_of, severities_by_name




def _prior_entropy(k: int, major: float) -> float:
    rest = (1.0 - major) / (k - 1)
    return -(major * math.log(major) + (k - 1) * rest * math.log(rest))


# --------------------------------------------------------------------- a classifier that only learned the prior
def _prior_csv(tmp_path, k, major, epochs, *, n_val=600, noise=0.01, mode="prior", first_eval=1, seed=0):
    """A per-epoch CSV of a K-class classifier on a set whose majority class holds ``major`` of the examples.
    ``mode``: 'prior' -- it learns the class prior in its first epoch and nothing after (the training and validation
    loss at the prior's entropy, the accuracy at the majority share with the binomial noise of ``n_val`` examples);
    'slow' -- a slow learner whose accuracy climbs a little at every evaluation; 'finetune' -- a model right on 85% from
    its first evaluation, converged; 'memorise' -- the training loss falls to a tenth (labels shuffled), the held-out
    accuracy stays at the majority share. ``first_eval``: the epoch of the first evaluation (the log has
    per-epoch training rows from epoch 1 on)."""
    rng = np.random.default_rng(seed)
    lk = math.log(k)
    hp = _prior_entropy(k, major)
    rows = ["epoch,train_loss,val_loss,val_acc"]
    for e in range(1, epochs + 1):
        f = e / epochs
        if mode == "prior":
            tr = hp + (lk - hp) * math.exp(-3 * e) + 0.01 * hp * rng.standard_normal() * (1 + 10 * noise)
            va = hp * (1.0 + 0.004 * rng.standard_normal())
            acc = major + math.sqrt(major * (1 - major) / n_val) * rng.standard_normal()
        elif mode == "slow":
            tr = lk * (1.0 - 0.08 * f) * (1 + 0.003 * rng.standard_normal())
            va = lk * (1.0 - 0.07 * f) * (1 + 0.002 * rng.standard_normal())
            acc = 1.0 / k + 0.04 * f + 0.0005 * rng.standard_normal()
        elif mode == "finetune":
            tr = 0.45 * (1 + 0.02 * rng.standard_normal())
            va = 0.42 * (1 + 0.02 * rng.standard_normal())
            acc = 0.85 + 0.01 * rng.standard_normal()
        else:  # memorise
            tr = lk * (0.08 + 0.92 * math.exp(-5 * f)) * (1 + 0.01 * rng.standard_normal())
            va = hp * (1.0 + 0.3 * f) * (1 + 0.01 * rng.standard_normal())
            acc = major + math.sqrt(major * (1 - major) / n_val) * rng.standard_normal()
        if e < first_eval:
            rows.append(f"{e},{tr:.5f},,")
        else:
            rows.append(f"{e},{tr:.5f},{va:.5f},{acc:.5f}")
    (tmp_path / "metrics.csv").write_text("\n".join(rows) + "\n")
    return tmp_path


# K = 4 and 6 name no K from a loss level alone (log 3, 4, 5, 6 lie within 20% of each other), and the majority share
# names no 1/K: the family the K-reading paths could not see
_PRIORS = [(4, 0.36), (4, 0.45), (6, 0.30), (6, 0.40), (8, 0.25), (3, 0.45)]


@pytest.mark.parametrize("k,major", _PRIORS)
@pytest.mark.parametrize("epochs", [8, 20, 60])
@pytest.mark.parametrize("seed", [0, 1])
def test_a_classifier_that_only_learned_the_prior_is_at_chance(tmp_path, k, major, epochs, seed):
    found = severities_by_name(_prior_csv(tmp_path, k, major, epochs, seed=seed))
    assert found.get("plateau-at-chance") in ("warning", "error"), found


@pytest.mark.parametrize("n_val", [100, 300, 3000])
@pytest.mark.parametrize("noise", [0.0, 0.05])
def test_the_prior_family_on_small_and_large_evaluation_sets(tmp_path, n_val, noise):
    found = severities_by_name(_prior_csv(tmp_path, 4, 0.38, 25, n_val=n_val, noise=noise))
    assert found.get("plateau-at-chance") in ("warning", "error"), found


@pytest.mark.parametrize("k", [3, 4, 6])
@pytest.mark.parametrize("epochs", [10, 30])
def test_a_slow_learner_climbing_at_every_evaluation_is_not_read_as_never_moved(tmp_path, k, epochs):
    # (whether 1/K and log K say chance is the K-reading paths' business: a score 4 points off 1/K still is)
    assert "never-moved" not in modes_of(_prior_csv(tmp_path, k, 0.4, epochs, mode="slow"), "plateau-at-chance")


@pytest.mark.parametrize("epochs", [8, 20, 60])
def test_a_converged_fine_tune_whose_accuracy_stands_still_is_not_at_chance(tmp_path, epochs):
    found = severities_by_name(_prior_csv(tmp_path, 4, 0.4, epochs, mode="finetune"))
    assert "plateau-at-chance" not in found, found


@pytest.mark.parametrize("k,major", [(4, 0.36), (6, 0.4)])
@pytest.mark.parametrize("epochs", [20, 60])
def test_a_model_memorising_its_training_split_is_not_read_as_never_moved(tmp_path, k, major, epochs):
    assert "never-moved" not in modes_of(_prior_csv(tmp_path, k, major, epochs, mode="memorise"), "plateau-at-chance")


@pytest.mark.parametrize("first_eval", [8, 15])
def test_evaluations_that_start_late_say_nothing_of_the_start(tmp_path, first_eval):
    assert "never-moved" not in modes_of(_prior_csv(tmp_path, 4, 0.36, 30, first_eval=first_eval), "plateau-at-chance")


# --------------------------------------------------------------------- every loss exactly 0 beside a model that learned
def _zero_loss_csv(tmp_path, epochs, *, parts=("box_loss", "cls_loss", "dfl_loss"), nonzero=None, learns=True, seed=0):
    """A per-epoch detector log whose loss columns ``parts`` are written as exactly 0.0 on every row; ``nonzero``: one
    part that carries a real, falling value (a single-class detector whose classification loss alone is 0);
    ``learns``: the mAP rises from 0 to ~0.5 (else it stays at 0)."""
    rng = np.random.default_rng(seed)
    cols = list(parts) + ([nonzero] if nonzero else []) + ["precision", "recall", "mAP50"]
    rows = ["epoch," + ",".join(cols)]
    for e in range(1, epochs + 1):
        f = e / epochs
        m = 0.5 * (1 - math.exp(-4 * f)) + 0.01 * rng.standard_normal() if learns else 0.0
        vals = ["0.0"] * len(parts)
        if nonzero:
            vals.append(f"{1.8 * (0.4 + 0.6 * math.exp(-3 * f)):.4f}")
        vals += [f"{max(m, 0) * 1.2:.4f}", f"{max(m, 0):.4f}", f"{max(m, 0):.4f}"]
        rows.append(f"{e}," + ",".join(vals))
    (tmp_path / "epoch_log.csv").write_text("\n".join(rows) + "\n")
    return tmp_path


@pytest.mark.parametrize("epochs", [6, 20, 100])
@pytest.mark.parametrize("parts", [("box_loss", "cls_loss", "dfl_loss"), ("loss",), ("train_loss", "val_loss")])
def test_every_loss_at_exactly_zero_beside_a_model_that_learned_is_a_damaged_log(tmp_path, epochs, parts):
    found = severities_by_name(_zero_loss_csv(tmp_path, epochs, parts=parts))
    assert found.get("damaged-log") == "warning", found


@pytest.mark.parametrize("epochs", [6, 20, 100])
def test_one_zero_part_beside_a_real_loss_is_no_damage(tmp_path, epochs):
    # a single-class detector: its classification loss is 0 by design, its box loss carries the training
    assert "zero-losses" not in modes_of(_zero_loss_csv(tmp_path, epochs, parts=("cls_loss",), nonzero="box_loss"),
                                         "damaged-log")


@pytest.mark.parametrize("epochs", [6, 20])
def test_zero_losses_beside_nothing_that_learned_are_not_this_reading(tmp_path, epochs):
    assert "zero-losses" not in modes_of(_zero_loss_csv(tmp_path, epochs, learns=False), "damaged-log")


# --------------------------------------------------------------------- a loss frozen at log K: one verdict, with context
def _frozen_at_chance_csv(tmp_path, k, epochs, *, exact=True, seed=0):
    """A K-class model whose weights never change (frozen parameters, an optimizer over the wrong model): its
    training and validation losses sit at log K for the whole run -- exactly, or with a little minibatch noise --
    and its held-out accuracy at 1/K."""
    rng = np.random.default_rng(seed)
    lk = math.log(k)
    rows = ["epoch,train_loss,val_loss,val_acc"]
    for e in range(1, epochs + 1):
        tr = lk if exact else lk * (1 + 0.002 * rng.standard_normal())
        va = lk * (1 + 0.001 * rng.standard_normal())
        acc = 1.0 / k + 0.01 * rng.standard_normal()
        rows.append(f"{e},{tr:.5f},{va:.5f},{acc:.4f}")
    (tmp_path / "metrics.csv").write_text("\n".join(rows) + "\n")
    return tmp_path


@pytest.mark.parametrize("k", [2, 10, 100])
@pytest.mark.parametrize("exact", [True, False])
def test_a_loss_frozen_at_log_k_is_one_verdict_at_chance_with_the_frozen_loss_as_context(tmp_path, k, exact):
    found = severities_by_name(_frozen_at_chance_csv(tmp_path, k, 30, exact=exact))
    assert found.get("plateau-at-chance") == "error", found
    # the frozen loss is this verdict's level said again: it stays in the report, as context, never a second error
    assert found.get("constant-loss") in (None, "info"), found
