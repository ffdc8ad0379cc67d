"""grad-norm-spikes (G004): isolated gradient-norm spikes against the local level, on synthetic families (noise
level, length, logging interval, spike count) and on the real runs that showed the rule."""

import numpy as np
import pytest
from _helpers import make_run, real_run, run_detector


def _norm(n, rng, level=2.5, noise=0.15, drift=0.0):
    """A healthy grad norm: log-normal scatter around a slowly drifting level."""
    t = np.arange(n)
    return level * np.exp(drift * t / n + noise * rng.standard_normal(n))


@pytest.mark.parametrize("n", [60, 400, 5000])
@pytest.mark.parametrize("noise", [0.05, 0.15, 0.3])
@pytest.mark.parametrize("every", [1, 20, 500])
def test_healthy_scatter_is_silent(n, noise, every):
    rng = np.random.default_rng(n + int(100 * noise) + every)
    run = make_run(steps=np.arange(n) * every, **{"train/grad_norm": _norm(n, rng, noise=noise)})
    assert run_detector("grad-norm-spikes", run) == []


@pytest.mark.parametrize("n", [80, 1000, 20000])
@pytest.mark.parametrize("noise", [0.05, 0.2])
def test_one_large_spike_is_found(n, noise):
    rng = np.random.default_rng(7)
    g = _norm(n, rng, noise=noise)
    k = int(0.7 * n)
    g[k] *= 14.0
    hits = run_detector("grad-norm-spikes", make_run(steps=np.arange(n) * 10, grad_norm=g))
    assert len(hits) == 1
    assert hits[0].step == k * 10 and hits[0].evidence["spikes"] == 1
    assert hits[0].evidence["max_ratio"] > 8


def test_repeated_moderate_spikes_are_found_a_lone_one_is_not():
    rng = np.random.default_rng(3)
    g = _norm(3000, rng, noise=0.1)
    lone = g.copy()
    lone[1500] *= 6.0
    assert run_detector("grad-norm-spikes", make_run(grad_norm=lone)) == []
    rep = g.copy()
    for k in (800, 1500, 2200):
        rep[k] *= 6.0
    hits = run_detector("grad-norm-spikes", make_run(grad_norm=rep))
    assert len(hits) == 1 and hits[0].evidence["spikes"] == 3 and len(hits[0].marks) == 3


def test_initial_transient_and_level_shift_are_not_spikes():
    rng = np.random.default_rng(5)
    g = _norm(500, rng, noise=0.1)
    g[0] *= 100.0  # initialisation: the first norm is huge
    g[1] *= 30.0
    assert run_detector("grad-norm-spikes", make_run(grad_norm=g)) == []
    shift = _norm(500, rng, noise=0.1)
    shift[300:] *= 20.0  # rises and stays: exploding-gradients' business
    assert run_detector("grad-norm-spikes", make_run(grad_norm=shift)) == []


def test_squared_norm():
    rng = np.random.default_rng(9)
    g = _norm(400, rng, noise=0.1)
    g[250] *= 20.0
    hits = run_detector("grad-norm-spikes", make_run(grad_norm_sq=g ** 2))
    assert len(hits) == 1 and hits[0].step == 250


def test_rl_runs_are_skipped():
    rng = np.random.default_rng(1)
    g = _norm(300, rng, noise=0.1, level=1e-3)
    g[100] *= 100
    run = make_run(grad_norm=g, reward=np.zeros(300))
    assert run_detector("grad-norm-spikes", run) == []


@pytest.mark.parametrize("rel, step", [("hf_trainer_state/t5-summarization-demo", 190000),
                                       ("hf_trainer_state/star-hangeryang", 22360)])
def test_real_runs_with_isolated_spikes(rel, step):
    hits = run_detector("grad-norm-spikes", real_run(rel))
    assert len(hits) == 1 and hits[0].step == step


@pytest.mark.parametrize("rel", ["hf_trainer_state/whisper-bashkir-gradspikes",  # first point 286: a transient
                                 "hf_trainer_state/whisper-tiny-nbailab", "hf_trainer_state/tinyllama-trl-sft"])
def test_real_healthy_runs_are_silent(rel):
    assert run_detector("grad-norm-spikes", real_run(rel)) == []


@pytest.mark.parametrize("n", [1, 2, 3, 7, 11, 60, 5000])
@pytest.mark.parametrize("h", [1, 2, 5, 13])
@pytest.mark.parametrize("gaps", [False, True])
@pytest.mark.parametrize("compiled", [False, True])
def test_the_fast_neighbour_median_is_the_masked_nanmedian(n, h, gaps, compiled, monkeypatch):
    """rolling_median_excl sorts the 2h neighbours of interior points (numpy, or the compiled sliding window of
    ``curvedoc[fast]``) instead of nanmedian over a masked window: the same numbers at every length, window, with
    ties and with NaN gaps in the series."""
    import warnings

    from curvedoc.detectors import _signal as sig
    from curvedoc.detectors.grad_norm_spikes import rolling_median_excl

    if compiled:
        pytest.importorskip("numba", reason="the compiled kernels need numba (pip install '.[fast]')")
        monkeypatch.setenv("CURVEDOC_ROLLING", "compiled")
        monkeypatch.setattr(sig, "_ROLLING", {})
    rng = np.random.default_rng(n * 31 + h)
    x = rng.normal(size=n) * 10 ** rng.uniform(-6, 6)
    if n % 2:
        x = np.round(x / np.nanmax(np.abs(x)), 1)  # ties
    if gaps and n > 5:
        x[rng.integers(0, n, max(1, n // 20))] = np.nan
    pad = np.concatenate([np.full(h, np.nan), x, np.full(h, np.nan)])
    win = np.lib.stride_tricks.sliding_window_view(pad, 2 * h + 1).copy()
    win[:, h] = np.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        ref = np.nanmedian(win, axis=1)[:n]
    assert np.array_equal(rolling_median_excl(x, h), ref, equal_nan=True)


# ------------------------------------------------------------- spikes in a norm that always scatters widely

def _wide_scatter(seed, n, k, ratio, df=None, scale=0.6, gap=None):
    """log-normal (or Student-t in log space) scatter of a factor ~2 per sigma around a norm of 8, with ``k``
    spikes of ``ratio``x placed after the first tenth (``gap`` points apart when given)."""
    rng = np.random.default_rng(seed)
    x = np.log(8.0) + scale * (rng.standard_t(df, n) if df else rng.normal(0, 1, n))
    if gap is None:
        idx = rng.choice(np.arange(int(0.1 * n), n - 5), size=k, replace=False) if k else []
    else:
        idx = [n // 2 + gap * i for i in range(k)]
    for i in idx:
        x[i] = np.log(8.0 * ratio)
    st = np.arange(1, n + 1)
    return make_run(train_loss=(st, np.exp(-st / n) + 1.0), grad_norm=(st, np.exp(x)))


@pytest.mark.parametrize("n", [300, 3000])
def test_several_4_sigma_spikes_in_a_widely_scattered_norm_are_found(n):
    found = sum(bool(run_detector("grad-norm-spikes", _wide_scatter(100 + s, n, 3, 30.0))) for s in range(10))
    alone = sum(bool(run_detector("grad-norm-spikes", _wide_scatter(100 + s, n, 3, 30.0), group_z=99.0)) for s in range(10))
    assert found >= 7 and alone <= 2


@pytest.mark.parametrize("n", [300, 3000])
def test_wide_scatter_alone_is_not_spikes(n):
    assert not any(run_detector("grad-norm-spikes", _wide_scatter(s, n, 0, 1.0)) for s in range(20))
    # two-sided heavy tails: the group test adds no finding the 6-sigma test would not make
    extra = sum(bool(run_detector("grad-norm-spikes", _wide_scatter(s, n, 0, 1.0, df=8)))
                - bool(run_detector("grad-norm-spikes", _wide_scatter(s, n, 0, 1.0, df=8), group_z=99.0)) for s in range(20))
    assert extra <= 1


def test_a_spike_two_points_after_another_is_judged_against_the_calm_level():
    hits = run_detector("grad-norm-spikes", _wide_scatter(7, 400, 3, 40.0, gap=3))
    assert len(hits) == 1 and hits[0].evidence["spikes"] >= 3


def test_real_bf16_full_finetune_with_bursts_of_spikes():
    """ms-swift gemma full fine-tune: norms 3-50 at every step, spikes of 230-790 (20-30x their local level)."""
    hits = run_detector("grad-norm-spikes", real_run("text_log/hf_dict-ms-swift-gemma4-fullft-cr-bars"))
    assert len(hits) == 1 and hits[0].evidence["spikes"] >= 3


@pytest.mark.parametrize("seed", range(40))
def test_may_spike_never_hides_what_find_spikes_finds(seed):
    """may_spike is a bound, not a second test: where it says no point can stand min_ratio above its level, the
    rolling median finds none either (heavy-tailed norms, planted spikes of 2-20x, steps, short series, h < 5)."""
    import dataclasses

    from curvedoc.detectors import registry
    from curvedoc.detectors.grad_norm_spikes import _transient, find_spikes, may_spike
    from curvedoc.engine.rules import load_catalog, make_params

    p = make_params(load_catalog().get("grad-norm-spikes"), registry()["grad-norm-spikes"].params, {})
    rng = np.random.default_rng(seed)
    for n in (12, 25, 60, 400, 3000):
        for _ in range(8):
            v = 1.0 + rng.uniform(0.05, 0.6) * rng.standard_normal(n) ** 2
            for i in rng.integers(0, n, size=rng.integers(0, 6)):
                v[i] *= rng.uniform(2.0, 20.0)
            if rng.random() < 0.3:
                v[n // 2:] *= rng.uniform(0.2, 5.0)
            x = np.log(v)
            for q in (p, dataclasses.replace(p, min_ratio=float(rng.uniform(1.5, 6.0)))):
                spans, resid, sigma = find_spikes(x, q)
                can = may_spike(x, q)
                assert can or (not spans and not (resid[_transient(n, q):] >= np.log(q.min_ratio)).any())
