"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-first round.

- A validation loss that is exactly 0 at every one of five or more evaluations, from the first on, was never
  measured (a validation loop over an empty loader logs its accumulator's starting value): constant-loss, whatever
  the training loss does beside it.
- A binary classifier whose held-out recall is 1 and whose held-out precision equals its accuracy predicted the
  positive class for every example (an identity: TN or FP is 0, and FP = 0 with recall 1 is a perfect score): its
  accuracy is the positive share, and the model is at chance whatever that share is -- below 1/2 for a minority
  positive class, where no 1/K and no majority share reads it.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run

from curvedoc.engine import diagnose


def _found(run, select=None) -> dict[str, str]:
    rep = diagnose(run, select=select)
    return {f.name: f.severity for rr in rep.runs for f in rr.findings}


# --------------------------------------------------------------------- a validation loss never measured
def _zero_validation(n, seed, *, kind="ce", every=1, zeros="all", noise=0.05):
    """A training loss of ``kind`` that learns over ``n`` epochs (per-epoch means with ``noise`` relative scatter),
    and a validation loss evaluated every ``every`` epochs that is exactly 0 (``zeros="all"``), 0 at some
    evaluations only (``"some"``), or a tiny positive number (``"tiny"``: a model that fits its validation set)."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    start = {"ce": 2.3, "mse": 0.8, "bce": 0.69, "margin": 15.0}[kind]
    train = start * (0.1 + 0.9 * np.exp(-t / (0.25 * n))) * (1 + noise * rng.standard_normal(n))
    vs = t[::every]
    if zeros == "all":
        val = np.zeros(len(vs))
    elif zeros == "some":
        val = start * 0.2 * (1 + 0.1 * rng.standard_normal(len(vs)))
        val[1::3] = 0.0
    else:
        val = 1e-6 * (1 + rng.random(len(vs)))
    return make_run("zero-val", train_loss=train, val_loss=(vs, val))


@pytest.mark.parametrize("kind", ["ce", "mse", "bce", "margin"])
@pytest.mark.parametrize("n,every", [(5, 1), (16, 1), (60, 1), (200, 10), (40, 4)])
@pytest.mark.parametrize("noise", [0.02, 0.2])
def test_a_validation_loss_exactly_0_at_every_evaluation_was_never_measured(kind, n, every, noise):
    found = _found(_zero_validation(n, 0, kind=kind, every=every, noise=noise), select=["P002"])
    assert found.get("constant-loss") == "warning", found


@pytest.mark.parametrize("zeros", ["some", "tiny"])
@pytest.mark.parametrize("n", [16, 60])
def test_a_validation_loss_0_only_sometimes_or_tiny_is_not_never_measured(zeros, n):
    # guards: zeros at some evaluations only are placeholders or damage (other rules' business); a tiny positive
    # loss is a model fitting its validation set
    assert "constant-loss" not in _found(_zero_validation(n, 1, zeros=zeros), select=["P002"])


def test_a_validation_loss_of_0_at_too_few_evaluations_is_not_judged():
    assert "constant-loss" not in _found(_zero_validation(4, 2), select=["P002"])


# --------------------------------------------------------------------- one class predicted for every held-out example
def _binary_with_pr(n, seed, share, *, constant_from=0, fitted=True):
    """A binary Keras-style history over ``n`` epochs: training metrics that learn (to 1.0 when ``fitted``), and
    held-out accuracy/precision/recall of a model that predicts the positive class (``share`` of the evaluation set)
    for every example from epoch ``constant_from`` on, and learned before it (a model that moves)."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    top = 1.0 if fitted else 0.75
    acc = np.clip(0.6 + (top - 0.6) * (1 - np.exp(-t / (0.2 * n))) + 0.01 * rng.standard_normal(n), 0, 1)
    loss = 0.66 * np.exp(-t / (0.25 * n)) * (1.0 if fitted else 0.9) + (0.005 if fitted else 0.3)
    prec_t = np.clip(acc + 0.01 * rng.standard_normal(n), 0, 1)
    rec_t = np.clip(acc - 0.02 + 0.01 * rng.standard_normal(n), 0, 1)
    v_acc = np.clip(0.7 + 0.15 * (1 - np.exp(-t / (0.2 * n))) + 0.01 * rng.standard_normal(n), 0, 1)
    v_prec = np.clip(v_acc - 0.05 + 0.01 * rng.standard_normal(n), 0, 1)
    v_rec = np.clip(v_acc + 0.02 * rng.standard_normal(n), 0, 0.99)
    v_loss = 0.6 * np.exp(-t / (0.3 * n)) + 0.3
    c = t >= constant_from
    v_acc[c] = np.float32(share)
    v_prec[c] = np.float32(share)
    v_rec[c] = 1.0
    v_loss[c] = 0.77 + 4.5 * (t[c] - constant_from) / max(n - constant_from, 1) + 0.05 * rng.random(int(c.sum()))
    return make_run("one-class", loss=loss, accuracy=acc, precision=prec_t, recall=rec_t, val_loss=v_loss,
                    val_accuracy=v_acc, val_precision=v_prec, val_recall=v_rec)


@pytest.mark.parametrize("share", [0.08, 0.1468, 0.3, 0.45, 0.62])
@pytest.mark.parametrize("n", [6, 12, 40])
@pytest.mark.parametrize("fitted", [True, False])
def test_recall_1_with_precision_at_the_accuracy_is_a_constant_predictor_at_chance(share, n, fitted):
    found = _found(_binary_with_pr(n, 0, share, fitted=fitted), select=["P001"])
    assert found.get("plateau-at-chance") == "error", found


@pytest.mark.parametrize("n", [12, 40])
def test_a_model_that_predicts_one_class_only_early_on_is_not_at_chance(n):
    # guard: the identity at the first few evaluations only (a model that then learned) says nothing of the end
    run = _binary_with_pr(n, 1, 0.3, constant_from=n)  # never constant
    assert "plateau-at-chance" not in _found(run, select=["P001"])


def test_recall_1_with_a_precision_of_its_own_is_a_good_model():
    # guard: recall 1 at every evaluation with a precision that is not the accuracy is a model that misses no
    # positive and predicts some negatives right
    n = 20
    run = _binary_with_pr(n, 2, 0.3, constant_from=n)
    v_acc = np.linspace(0.8, 0.95, n)
    run2 = make_run("good", loss=np.linspace(0.6, 0.1, n), val_loss=np.linspace(0.6, 0.2, n), val_accuracy=v_acc,
                    val_precision=v_acc - 0.1, val_recall=np.ones(n))
    assert "plateau-at-chance" not in _found(run, select=["P001"])
    assert "plateau-at-chance" not in _found(run2, select=["P001"])

