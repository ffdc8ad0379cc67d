"""W002 weight-norm-collapse: decay toward zero vs declines that level off (grokking, weight-decay
equilibrium), exact zeros, per-layer families, degenerate inputs, sample runs and real runs."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import (
    make_run,
    real_runs,
    run_detector,
)

NAME = "weight-norm-collapse"


def wn(shape, n=1000, seed=0, noise=0.01):
    rng = np.random.default_rng(seed)
    return shape(np.linspace(0, 1, n)) * np.exp(rng.normal(0, noise, n))


def test_exponential_decay_toward_zero_fires():
    hits = run_detector(NAME, make_run(weight_norm=wn(lambda t: 50 * np.exp(-5 * t))))
    assert len(hits) == 1
    h = hits[0]
    assert h.severity is None and h.evidence["drop_factor"] > 50
    assert h.evidence["rate_ratio"] > 0.8 and h.confidence >= 0.85
    assert 100 <= h.step <= 200  # halved at t = ln2/5 ~ 0.14
    assert "still falling" in h.message


def test_collapse_after_a_healthy_phase():
    hits = run_detector(NAME, make_run(weight_norm=wn(lambda t: np.where(t < 0.5, 40.0, 40 * np.exp(-8 * (t - 0.5))))))
    assert len(hits) == 1 and 500 <= hits[0].step <= 650


def test_collapse_mentions_a_rising_loss():
    rng = np.random.default_rng(1)
    n = 1000
    loss = np.r_[np.linspace(2.3, 0.5, 400), np.linspace(0.5, 2.0, 600)] * np.exp(rng.normal(0, 0.02, n))
    hits = run_detector(NAME, make_run(weight_norm=wn(lambda t: 50 * np.exp(-5 * t)), train_loss=loss))
    assert len(hits) == 1 and "above its minimum" in hits[0].message


def test_weights_at_exact_zero_fire():
    w = np.r_[np.linspace(10, 1, 300), np.zeros(200)]
    hits = run_detector(NAME, make_run(weight_norm=w))
    assert len(hits) == 1 and hits[0].evidence["tail_norm"] == 0.0 and hits[0].step == 300


def test_per_layer_family_is_combined():
    rng = np.random.default_rng(2)
    t = np.linspace(0, 1, 400)
    tags = {f"weight_norm/{i}.weight": (i + 1) * np.exp(-4 * t) * np.exp(rng.normal(0, 0.01, 400)) for i in range(3)}
    hits = run_detector(NAME, make_run(**tags))
    assert len(hits) == 1


@pytest.mark.parametrize("seed", range(5))
def test_grokking_decline_that_levels_off_is_silent(seed):
    """Strong weight decay: the norm falls ~4x, then settles."""
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 45 * np.exp(-t / 0.15) + 15, seed=seed))) == []


def test_twentyfold_decline_that_settles_at_an_equilibrium_is_silent():
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 100 * np.exp(-t / 0.08) + 5))) == []


def test_steady_fall_that_is_not_tenfold_is_silent():
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 50 * np.exp(-1.8 * t)))) == []


def test_growth_is_silent():
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 10 * np.exp(3 * t)))) == []


# -------------------------------------------------------------------------------------- real runs


def test_real_runs_fire_only_where_the_weights_collapse():
    """The modular-addition run with wd 3.0 logs per-part parameter norms ('hidden_parameter_norm'): the hidden
    norm collapses to 0 (labelled weight_norm_collapse); no other real run may fire."""
    fired = {}
    for rel, r in real_runs():
        for h in run_detector(NAME, r):
            fired[rel] = h.message
    assert set(fired) == {"csv_custom/modadd-adamw-lr1e-2-wd3-collapse"}, fired
    assert "collapsed to zero" in fired["csv_custom/modadd-adamw-lr1e-2-wd3-collapse"]
