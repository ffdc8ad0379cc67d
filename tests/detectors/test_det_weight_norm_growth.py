"""W001 weight-norm-growth: unbounded vs levelling-off growth with realistic noise, per-layer families,
near misses (grokking decline, modest rise), degenerate inputs, sample runs and real runs."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import (
    make_run,
    real_runs,
    run_detector,
)

NAME = "weight-norm-growth"


def wn(shape, n=1000, seed=0, noise=0.01):
    rng = np.random.default_rng(seed)
    return shape(np.linspace(0, 1, n)) * np.exp(rng.normal(0, noise, n))


def test_exponential_growth_fires():
    hits = run_detector(NAME, make_run(weight_norm=wn(lambda t: 20 * np.exp(3 * t))))
    assert len(hits) == 1
    h = hits[0]
    assert h.severity is None and 15 < h.evidence["growth"] < 25
    assert h.evidence["growth_exponent"] > 1.0 and h.confidence >= 0.85
    assert h.step <= 50 and "not levelling off" in h.message


def test_linear_tenfold_growth_without_weight_decay_fires():
    hits = run_detector(NAME, make_run(weight_norm=wn(lambda t: 10 + 90 * t)))
    assert len(hits) == 1 and hits[0].evidence["late_growth"] > 0.3


def test_growth_after_an_initial_dip_starts_at_the_minimum():
    hits = run_detector(NAME, make_run(weight_norm=wn(lambda t: np.where(t < 0.2, 30 - 50 * t, 20 * np.exp(3 * (t - 0.2))))))
    assert len(hits) == 1 and 150 <= hits[0].step <= 260


def test_sparse_irregular_logging():
    steps = np.unique(np.sort(np.random.default_rng(1).integers(0, 100_000, 30)))
    w = 5 * np.exp(3 * steps / 100_000) * np.exp(np.random.default_rng(2).normal(0, 0.01, len(steps)))
    hits = run_detector(NAME, make_run(weight_norm=(steps, w)))
    assert len(hits) == 1


def test_per_layer_family_is_combined():
    rng = np.random.default_rng(3)
    t = np.linspace(0, 1, 500)
    tags = {f"weight_norm/layer_{i}": (i + 1) * np.exp(2.5 * t) * np.exp(rng.normal(0, 0.01, 500)) for i in range(4)}
    hits = run_detector(NAME, make_run(**tags))
    assert len(hits) == 1 and "4 layers" in hits[0].message


@pytest.mark.parametrize("seed", range(5))
def test_rise_that_levels_off_is_silent(seed):
    """From a small init up ~3x, then flat: healthy."""
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 10 + 20 * (1 - np.exp(-t / 0.1)), seed=seed))) == []


def test_modest_steady_rise_is_silent():
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 100 * (1 + 0.3 * t)))) == []


def test_sqrt_growth_of_adam_without_weight_decay_fires():
    """Scale-invariant weights under Adam: |w|^2 grows linearly, |w| like sqrt(t), 20x and never levels off."""
    hits = run_detector(NAME, make_run(weight_norm=wn(lambda t: 10 * np.sqrt(1 + 400 * t))))
    assert len(hits) == 1 and 0.35 < hits[0].evidence["growth_exponent"] < 0.65


def test_rise_that_saturates_before_the_last_third_is_silent():
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 10 + 90 * (1 - np.exp(-5 * t))))) == []


@pytest.mark.parametrize("seed", range(5))
def test_logarithmic_creep_is_silent(seed):
    """Grows 2.5x early, then only creeps (log-like): levelling off."""
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 10 * (1 + np.log1p(300 * t) / 4), seed=seed, noise=0.02))) == []


def test_grokking_decline_is_silent():
    assert run_detector(NAME, make_run(weight_norm=wn(lambda t: 60 * np.exp(-2 * t) + 10))) == []


# -------------------------------------------------------------------------------------- real runs


def test_real_runs_no_crash_and_silent():
    """No real run in the shared set logs a weight norm: nothing may fire."""
    fired = {}
    for rel, r in real_runs():
        for h in run_detector(NAME, r):
            fired[rel] = h.message
    assert fired == {}


def test_climbing_back_after_a_collapse_is_not_growth():
    import numpy as np
    from _helpers import make_run, run_detector

    # 19.6 at initialisation, collapses to ~1e-8, climbs back to 8: below where it started
    n = 300
    x = np.arange(n)
    w = np.where(x < 100, 19.6 * np.exp(-x / 5.0), 1e-8 * np.exp((x - 100) * np.log(8e8) / 199))
    w = np.maximum(w, 1e-8)
    assert run_detector("weight-norm-growth", make_run(loss=np.linspace(2, 1, n), weight_norm=w)) == []
    # the same climb from a small initialisation is growth
    assert len(run_detector("weight-norm-growth", make_run(loss=np.linspace(2, 1, n), weight_norm=w[100:]))) == 1


def test_growth_and_collapse_share_one_smoothed_norm(monkeypatch):
    """The smoothed log weight norm is computed once per run and read by both weight-norm rules; a NaN in the norm
    (which collapse drops before smoothing and growth does not) gives the same level either way."""
    from curvedoc.detectors import _gradients

    calls = []
    real = _gradients.smoothed_log
    monkeypatch.setattr(_gradients, "smoothed_log", lambda s, *a, **k: calls.append(len(s)) or real(s, *a, **k))
    v = wn(lambda t: 20 * np.exp(3 * t))
    run = make_run(weight_norm=v)
    grow = run_detector(NAME, run)
    run_detector("weight-norm-collapse", run)
    assert len(calls) == 1 and len(grow) == 1
    v[500] = np.nan
    calls.clear()
    a = run_detector(NAME, make_run(weight_norm=v))
    fresh = make_run(weight_norm=v)
    run_detector("weight-norm-collapse", fresh)
    b = run_detector(NAME, fresh)
    assert a[0].evidence == b[0].evidence
