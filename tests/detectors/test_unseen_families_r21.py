"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-first round.

- A validation loss that is exactly 0 at every one of five or more evaluations, from the first on, was never
  measured (a validation loop over an empty loader logs its accumulator's starting value): constant-loss, whatever
  the training loss does beside it.
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

