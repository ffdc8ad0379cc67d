"""D002 loss-spikes: injected spikes with and without clipping, realistic minibatch noise that must stay silent,
level shifts and bumps (near misses), sample runs, degenerate inputs, real runs."""

from __future__ import annotations

import time

import numpy as np
import pytest
from _helpers import (
    real_run,
    label_check,
    curve,
    make_run,
    minibatch,
    run_detector,
)

NAME = "loss-spikes"


def _hits(run, **kw):
    return run_detector(NAME, run, **kw)


def _spiky(seed, clip, total=5000, at=(1200, 2500, 3800), size=10.0, batch=16):
    rng = np.random.default_rng(seed)
    st = np.arange(total)
    loss = minibatch(rng, curve(st, total), batch)
    for s0 in at:
        if clip:
            loss[s0] *= size
        else:  # an unclipped spike knocks the weights off: the loss needs ~100 steps to come back
            k = np.arange(min(300, total - s0))
            loss[s0:s0 + len(k)] *= 1 + (size - 1) * np.exp(-k / 40.0)
    return st, loss


# ----------------------------------------------------------------------------------------------- fires
def test_clipped_spikes_recover_at_once():
    _st, loss = _spiky(0, clip=True)
    (h,) = _hits(make_run(train_loss=loss, hparams={"max_grad_norm": 1.0}))
    assert h.step == 1200 and h.evidence["count"] == 3 and set(h.marks) == {1200, 2500, 3800}
    assert h.evidence["max_recovery_points"] <= 2 and h.severity is None
    assert "no-grad-clipping" not in h.causes and h.causes[0] == "bad-batch"
    assert 5 < h.evidence["max_ratio"] < 40


def test_unclipped_spikes_recover_slowly_and_rank_missing_clipping_first():
    _st, loss = _spiky(1, clip=False)
    (h,) = _hits(make_run(train_loss=loss))
    assert h.evidence["count"] == 3 and h.step in range(1198, 1203)
    assert h.evidence["max_recovery_points"] > 5 and h.causes[0] == "no-grad-clipping"


def test_grad_norm_spiking_with_the_loss_is_reported():
    rng = np.random.default_rng(2)
    st, loss = _spiky(2, clip=True)
    gn = minibatch(rng, np.ones(len(st)))
    gn[[1200, 2500, 3800]] *= 40
    (h,) = _hits(make_run(train_loss=loss, grad_norm=gn))
    assert h.evidence["grad_norm_spiked_with"] == 3 and "grad norm spiked with 3 of 3" in h.message


def test_spikes_in_a_run_logged_every_100_steps():
    rng = np.random.default_rng(3)
    st = np.arange(0, 200_000, 100)
    loss = curve(st, 200_000) * np.exp(rng.normal(0, 0.03, len(st)))
    loss[[500, 1500]] *= 4
    (h,) = _hits(make_run(train_loss=(st, loss)))
    assert h.step == 50_000 and h.evidence["count"] == 2


def test_spike_that_does_not_come_back_fully_says_so():
    rng = np.random.default_rng(4)
    st = np.arange(3000)
    loss = minibatch(rng, curve(st, 3000), 64)
    loss[2000] *= 30
    loss[2001:2400] *= 2.0  # comes halfway back, then stays elevated for a while
    hits = _hits(make_run(train_loss=loss))
    assert len(hits) == 1 and hits[0].step == 2000


def test_one_small_spike_is_info():
    rng = np.random.default_rng(5)
    st = np.arange(4000)
    loss = curve(st, 4000) * np.exp(rng.normal(0, 0.02, 4000))
    loss[3000] *= 1.8
    (h,) = _hits(make_run(train_loss=loss))
    assert h.severity == "info" and h.step == 3000


# ---------------------------------------------------------------------------------------------- silent
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("every,total,batch", [(1, 5000, 16), (1, 20000, 2), (1, 5000, 1), (10, 2000, 4),
                                               (500, 200_000, 64), (1, 30, 16)])
def test_realistic_minibatch_noise_is_silent(seed, every, total, batch):
    """Tiny batches (1-4 examples per step) are very noisy: the threshold must adapt to that."""
    rng = np.random.default_rng(seed)
    st = np.arange(0, total, every)
    assert _hits(make_run(train_loss=(st, minibatch(rng, curve(st, total), batch)))) == []


def test_level_shift_is_not_a_spike():
    rng = np.random.default_rng(6)
    st = np.arange(3000)
    loss = minibatch(rng, curve(st, 3000), 64)
    loss[2000:] *= 5
    assert _hits(make_run(train_loss=loss)) == []


def test_gradual_bump_is_not_a_sudden_spike_but_an_episode():
    """A 3x bump built up over dozens of steps is not a spike (the sudden-spike test stays silent); it is reported
    as the instability episode it is (the bump variant)."""
    rng = np.random.default_rng(7)
    st = np.arange(3000)
    c = curve(st, 3000) * (1 + 2.0 * np.exp(-(((st - 1500) / 40.0) ** 2)))
    hits = _hits(make_run(train_loss=minibatch(rng, c, 64)))
    assert len(hits) == 1 and hits[0].evidence["variant"] == "bump" and 1400 <= hits[0].step <= 1500


def test_alternating_logging_pattern_is_not_spiky():
    """whisper-small-hi: consecutive logged losses alternate 0.06 / 0.03 (accumulation/logging artefact)."""
    rng = np.random.default_rng(8)
    st = np.arange(0, 5000, 25)
    base = curve(st, 5000, start=0.9, floor=0.04)
    loss = base * np.where(np.arange(len(st)) % 2 == 0, 1.0, 1.9) * np.exp(rng.normal(0, 0.05, len(st)))
    assert _hits(make_run(train_loss=(st, loss))) == []


def test_memorised_loss_blips_are_not_spikes():
    rng = np.random.default_rng(9)
    st = np.arange(3000)
    loss = (2.0 * np.exp(-st / 200.0) + 1e-4) * np.exp(rng.normal(0, 0.1, 3000))
    loss[[2000, 2600]] *= 2.5
    assert _hits(make_run(train_loss=loss)) == []


# ------------------------------------------------------------------------------------------ robustness


def test_one_million_points_is_fast_and_finds_the_spike():
    rng = np.random.default_rng(10)
    st = np.arange(1_000_000)
    loss = minibatch(rng, curve(st, 1e6), 64)
    loss[600_000] *= 20
    run = make_run(train_loss=loss)
    run.series("train_loss")
    t = time.perf_counter()
    hits = _hits(run)
    assert time.perf_counter() - t < 0.5
    assert len(hits) == 1 and hits[0].step == 600_000


# ------------------------------------------------------------------------------------------- real runs
def test_real_runs_no_crash_and_known_verdicts():
    """Against the hand-made labels: warnings only where loss spikes are called present or possible; the huge
    spikes of the collapsed modular-addition run are found; healthy / noisy-but-fine runs stay silent
    (whisper-bashkir's first point 11 is an initial transient, whisper-small-hi alternates 0.06/0.03, geollm and
    whisper-large-v2 memorise to ~1e-4)."""
    fired, must, allowed = label_check("loss-spikes")
    assert fired <= allowed, sorted(fired - allowed)
    # (its two 63x spikes came back by the next reading: found, as information since the twenty-first round)
    assert "csv_custom/modadd-adamw-lr1e-2-wd3-collapse" in label_check("loss-spikes", severe_only=False)[0]
    for key in ("hf_trainer_state/whisper-bashkir-gradspikes", "hf_trainer_state/whisper-small-hi-overfit",
                "hf_trainer_state/whisper-large-v2-ja", "hf_trainer_state/geollm-memorize",
                "hf_trainer_state/whisper-tiny-nbailab", "hf_trainer_state/baize-tcm-llm", "hf_trainer_state/mcfed-drl",
                "hf_trainer_state/star-hangeryang", "hf_trainer_state/t5-summarization-demo"):
        assert key not in fired, key


# ------------------------------------------------------------------------------------------ held-out losses

def _smooth_train(n, seed):
    rng = np.random.default_rng(seed)
    x = np.arange(n)
    return (0.3 + 2.0 * np.exp(-x / (0.3 * n))) * np.exp(rng.normal(0, 0.02, n))


@pytest.mark.parametrize("evals", [30, 100, 300])
@pytest.mark.parametrize("noise", [0.02, 0.1])
def test_a_spike_in_a_validation_series_is_reported_with_its_tag(evals, noise):
    # training is smooth; one evaluation of one validation component jumps 8x and comes straight back
    rng = np.random.default_rng(evals)
    vs = np.linspace(50, 5000, evals).astype(int)
    base = (0.01 + 0.02 * np.exp(-vs / 1500)) * np.exp(rng.normal(0, noise, evals))
    spiky = base.copy()
    spiky[evals // 2] *= 8.0
    run = make_run(train_loss=(np.arange(5001), _smooth_train(5001, 1)), val_loss=(vs, base * 3),
                   **{"val/obj_loss": (vs, spiky)})
    hits = run_detector(NAME, run)
    assert len(hits) == 1 and hits[0].message.startswith("validation loss val/obj_loss:")
    assert hits[0].evidence["series"] == "val/obj_loss" and hits[0].step == int(vs[evals // 2])


@pytest.mark.parametrize("evals", [30, 100, 300])
@pytest.mark.parametrize("seed", range(4))
def test_noisy_validation_without_a_spike_is_silent(evals, seed):
    # heavy-tailed evaluation noise (a small validation set): no single evaluation stands out
    rng = np.random.default_rng(seed)
    vs = np.linspace(50, 5000, evals).astype(int)
    val = (0.5 + np.exp(-vs / 1500)) * np.exp(0.08 * rng.standard_t(4, evals))
    run = make_run(train_loss=(np.arange(5001), _smooth_train(5001, seed)), val_loss=(vs, val))
    assert run_detector(NAME, run) == []


def test_a_training_spike_is_reported_before_any_validation_one():
    n = 2000
    t = _smooth_train(n, 3)
    t[1000] *= 10
    vs = np.arange(100, n, 100)
    v = 0.5 + np.exp(-vs / 600)
    v[5] *= 6
    hits = run_detector(NAME, make_run(train_loss=t, val_loss=(vs, v)))
    assert len(hits) == 1 and not hits[0].message.startswith("validation loss") and hits[0].step == 1000


@pytest.mark.parametrize("n", [1, 2, 5, 37, 3334])
@pytest.mark.parametrize("w", [1, 2, 5, 8, 67])
def test_one_pass_window_medians_equal_three_pandas_rollings(n, w):
    """_signal.window_medians (before / after / centred from one rolling pass over a NaN-padded series) gives the
    numbers loss-spikes used to get from three separate pandas rollings, bit for bit, ties included."""
    import pandas as pd

    from curvedoc.detectors._signal import window_medians

    rng = np.random.default_rng(n + w)
    for y in (np.exp(rng.normal(size=n) * 2), np.round(np.exp(rng.normal(size=n)), 1)):
        for mp in sorted({1, min(w, 3), max(1, w // 2)}):
            b = pd.Series(y)
            ref = (b.rolling(w, min_periods=mp).median().shift(1).to_numpy(),
                   b[::-1].reset_index(drop=True).rolling(w, min_periods=mp).median().shift(1).to_numpy()[::-1],
                   b.rolling(w, min_periods=1, center=True).median().to_numpy())
            for a, g in zip(ref, window_medians(y, w, mp)):
                assert np.array_equal(a, g, equal_nan=True)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 10, 11, 1000])
@pytest.mark.parametrize("kind", ["plain", "ties", "nan", "inf", "all-inf"])
def test_the_lean_median_is_numpys(n, kind):
    import warnings

    from curvedoc.detectors._signal import median

    rng = np.random.default_rng(n)
    a = rng.normal(size=n) * 10 ** rng.uniform(-5, 5)
    if kind == "ties":
        a = np.round(a)
    elif n and kind == "nan":
        a[rng.integers(0, n)] = np.nan
    elif n and kind == "inf":
        a[rng.integers(0, n)] = np.inf
    elif kind == "all-inf":
        a[:] = -np.inf
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        ref = float(np.median(a)) if n else float("nan")
    got = median(a)
    assert got == ref or (np.isnan(got) and np.isnan(ref))


@pytest.mark.parametrize("n", [40, 91, 150])
@pytest.mark.parametrize("seed", range(4))
def test_three_large_spikes_on_a_short_run_are_events_not_noise(n, seed):
    """A short run (per-50-step logging, NaN after a few thousand steps) with three isolated 3-7x jumps: the 1%
    noise allowance rounds to nothing there, so at least three spikes are always allowed."""
    rng = np.random.default_rng(seed)
    y = 14.5 * np.exp(rng.normal(0, 0.06, n))
    at = [n // 8, n // 3, (2 * n) // 3]
    for i, r in zip(at, (7.1, 3.0, 5.0)):
        y[i] *= r
    hits = run_detector("loss-spikes", make_run(train_loss=y))
    assert hits and hits[0].evidence["count"] == 3 and hits[0].severity != "info"
    # a fourth and fifth on a 40-point run exceed the allowance: that many jumps are the run's own noise
    if n == 40:
        y[[5, 30]] *= 4.0
        assert not run_detector("loss-spikes", make_run(train_loss=y))


# ------------------------------------------------------------------ an instability episode that recovers (a bump)

def _bump_run(seed, n, height, width, noise, recover=True, at=0.5):
    """A decaying loss (3.0 -> 0.3) with, at ``at`` of the run, an episode that multiplies it by ``height`` over
    ``width`` of the run (rising and falling smoothly, or staying up when not ``recover``)."""
    rng = np.random.default_rng(seed)
    x = np.arange(n) / n
    y = np.log(0.3 + 2.7 * np.exp(-x / 0.15))
    ramp = np.clip((x - at) / (width / 2), 0, None)
    shape = np.where(ramp <= 1, ramp, np.clip(2 - ramp, 0, 1)) if recover else np.clip(ramp, 0, 1)
    y = y + np.log(height) * shape + rng.normal(0, noise, n)
    return make_run(train_loss=np.exp(y))


@pytest.mark.parametrize("n", [100, 1000, 10000])
@pytest.mark.parametrize("noise", [0.02, 0.15])
@pytest.mark.parametrize("height,severity", [(3.0, "info"), (8.0, None)])  # ~2.4x / ~5.8x over the running best
def test_a_loss_bump_that_recovers_is_an_instability_episode(n, noise, height, severity):
    for seed in range(2):
        hits = run_detector(NAME, _bump_run(seed, n, height, 0.15, noise))
        assert len(hits) == 1 and hits[0].evidence.get("variant") == "bump", hits
        assert hits[0].severity == severity and 0.4 < hits[0].step / n < 0.6


@pytest.mark.parametrize("n", [100, 1000, 10000])
def test_no_bump_in_noise_a_small_rise_a_lasting_rise_or_a_warmup(n):
    for seed in range(3):
        assert run_detector(NAME, _bump_run(seed, n, 1.0, 0.15, 0.25)) == []  # heavy noise only
        assert not run_detector(NAME, _bump_run(seed, n, 1.5, 0.15, 0.05))  # below 2x
        lasting = run_detector(NAME, _bump_run(seed, n, 4.0, 0.15, 0.05, recover=False))
        assert not [h for h in lasting if h.evidence.get("variant") == "bump"]  # divergence's business
        assert not run_detector(NAME, _bump_run(seed, n, 3.0, 0.08, 0.05, at=0.0))  # a bump at the very start


@pytest.mark.parametrize("rel", ["hf_trainer_state/wav2vec2-ctc-instability-bump",
                                 "text_log/mmengine-stitchfusion-map-zero-two-exps"])
def test_real_instability_episodes(rel):
    """wav2vec2 CTC: 883 at step 2,150 -> ~2,400 -> 1,060 by the end; StitchFusion: 0.37 -> 8.0 -> 0.47."""
    hits = run_detector(NAME, real_run(rel))
    assert len(hits) == 1 and hits[0].evidence["variant"] == "bump"


def test_trailing_noise_is_the_shifted_backfilled_rolling_median():
    """The noise level before each point: the rolling median of the ``wide`` values before it, the first points
    taking the earliest defined level -- pandas' rolling().median().shift(1).bfill(), computed in numpy."""
    import pandas as pd

    from curvedoc.detectors.loss_spikes import _trailing_noise

    rng = np.random.default_rng(0)
    for t in range(600):
        n, w = int(rng.integers(1, 200)), int(rng.integers(1, 60))
        mp = int(rng.integers(1, w + 1))
        a = np.abs(rng.normal(size=n))
        if t % 3 == 0:
            a[rng.random(n) < 0.3] = np.nan
        want = pd.Series(pd.Series(a).rolling(w, min_periods=mp).median().to_numpy()).shift(1).bfill().to_numpy()
        assert np.array_equal(_trailing_noise(a, w, mp), want, equal_nan=True)


def test_episode_scan_is_the_point_by_point_scan():
    """The bump variant's vectorised episode scan finds the same (start, end, peak) as walking the points one by one."""
    from curvedoc.detectors.loss_spikes import _episodes

    def walk(sm, best, up, back, i):
        n, out = len(sm), []
        while i < n:
            if sm[i] - best[i] < up:
                i += 1
                continue
            j, peak = i, i
            while j < n and sm[j] - best[i] >= back:
                peak = j if sm[j] > sm[peak] else peak
                j += 1
            out.append((i, j, peak))
            i = j + 1
        return out

    rng = np.random.default_rng(3)
    for t in range(500):
        n = int(rng.integers(1, 400))
        sm = np.cumsum(rng.normal(0, rng.uniform(0.01, 0.3), n)) + np.round(rng.normal(0, 1, n), int(t % 3))
        best = np.minimum.accumulate(sm)
        up, back = sorted(rng.uniform(0, 1.5, 2))[::-1] if t % 4 else sorted(rng.uniform(0, 1.5, 2))
        start = int(rng.integers(0, max(1, n)))
        assert list(_episodes(sm, best, up, back, start)) == walk(sm, best, up, back, start), t


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 8, 9, 300])
def test_np_median_is_numpys_float_to_the_sign_of_zero(n):
    """:func:`_signal.np_median` stands in for ``float(np.median(x))`` in the detectors: the same float, the sign of a
    zero included (numpy's mean of the middle gives +0.0 for a middle -0.0, and -0.0 when a tiny negative sum halves
    to zero); :func:`_signal.median` keeps the middle value's own sign for an odd count, as it always did."""
    import math
    import warnings

    from curvedoc.detectors._signal import median, np_median

    rng = np.random.default_rng(n)
    for values in ([0.0, -0.0, 1.0, -1.0], [0.0, -0.0, 5e-324, -5e-324, np.inf, -np.inf, np.nan, 1e308, -1e308]):
        for _ in range(400):
            a = rng.choice(values, size=n)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                ref = float(np.median(a))
            got = np_median(a)
            assert (math.isnan(ref) and math.isnan(got)) or (got == ref and math.copysign(1, got) == math.copysign(1, ref))
            lean = median(a)
            assert (math.isnan(ref) and math.isnan(lean)) or lean == ref


@pytest.mark.parametrize("seed", range(20))
def test_levels_floor_gate_only_drops_series_without_candidates(seed):
    """_levels(y, p, floor) returns None only where no point reaches floor above the level before it, so the spike
    test's first pass (left + max(z sigma, floor), finite levels only) would have found no candidate either."""
    import math

    from curvedoc.detectors import registry
    from curvedoc.detectors.loss_spikes import _levels
    from curvedoc.engine.rules import load_catalog, make_params

    p = make_params(load_catalog().get("loss-spikes"), registry()["loss-spikes"].params, {})
    rng = np.random.default_rng(seed)
    for n in (40, 300, 5000, 9000):
        for _ in range(6):
            y = np.log(0.3 + 2 * np.exp(-np.arange(n) / (n / 5))) + rng.uniform(0.005, 0.3) * rng.standard_normal(n)
            for i in rng.integers(0, n, size=rng.integers(0, 4)):
                y[i] += rng.uniform(0.1, 2.0)
            floor = math.log(p.min_ratio)
            left, right, scale, k = _levels(y, p)
            thr_b = np.where(np.isfinite(left) & np.isfinite(right), left + np.fmax(p.z_min * scale, floor), np.inf)
            thr = np.repeat(thr_b, k)[:n] if k > 1 else thr_b
            thr = np.append(thr, np.full(n - len(thr), thr_b[-1]))
            got = _levels(y, p, floor)  # once: a pure function of (y, p, floor)
            if got is None:
                assert not (y >= thr).any()
            else:
                assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(got[:3], (left, right, scale)))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 9, 10, 301, 10_000, 10_001])
def test_the_lean_median_keeps_the_introselect_sign_of_zero(n):
    """The single-index selection gives the order statistics' values; an odd count's zero median keeps the sign the
    several-index introselect gave it (np.partition with (h, n - 1)), and an even count's sum of the middle two is
    +0.0 when zero, as numpy's mean makes it."""
    import math

    from curvedoc.detectors._signal import median

    rng = np.random.default_rng(n)
    for _ in range(50 if n < 1000 else 5):
        a = rng.choice([0.0, -0.0, 1.0, -1.0, 2.5], size=n)
        h = n // 2
        part = np.partition(a, (h, n - 1) if n % 2 else (h - 1, h, n - 1))
        ref = float(part[h]) if n % 2 else float(np.mean(part[h - 1: h + 1]))
        got = median(a)
        assert got == ref and math.copysign(1, got) == math.copysign(1, ref)


def test_min_before_is_the_lowest_of_the_window_before():
    from curvedoc.detectors.loss_spikes import _min_before

    rng = np.random.default_rng(3)
    for _ in range(500):
        nb, w = int(rng.integers(1, 200)), int(rng.integers(1, 150))
        b = rng.normal(size=nb)
        ref = np.array([min(b[max(0, i - w):i], default=np.inf) for i in range(nb)])
        assert np.array_equal(ref, _min_before(b, w))


@pytest.mark.parametrize("seed", range(10))
def test_may_bump_never_hides_an_episode_start(seed):
    """_may_bump bounds the smoothed level's rise over its running best from above (the highest point around, the
    lowest point so far): where it says no, no point from the start of the scan stands that far above the best."""
    import math

    from curvedoc.detectors import _signal as sig
    from curvedoc.detectors.loss_spikes import _may_bump

    rng = np.random.default_rng(seed)
    for _ in range(60):
        n = int(rng.integers(20, 2500))
        y = np.log(0.3 + 2 * np.exp(-np.arange(n) / (n / 5))) + rng.uniform(0.005, 0.4) * rng.standard_normal(n)
        if rng.random() < 0.5:
            a = int(rng.integers(0, n))
            y[a:a + int(rng.integers(1, max(2, n // 5)))] += rng.uniform(0.1, 2.0)
        w, start, rise = max(3, int(round(0.03 * n))) | 1, int(0.1 * n), math.log(2.0)
        sm = sig.rolling_median_values(y, w, 1, center=True)
        if (sm[start:] - np.minimum.accumulate(sm)[start:] >= rise).any():
            assert _may_bump(y, w, start, rise)


@pytest.mark.parametrize("kind", ["plain", "ties", "zeros", "specials"])
def test_mad_selects_in_place_and_leaves_the_callers_array(kind):
    """mad takes its two medians in place on its own finite copy: numpy's numbers (median of |x - median(x)|, scaled),
    signed zeros, infinities and NaN included, and the array it was given is left as it was."""
    import math
    import warnings

    from curvedoc.detectors._signal import MAD_TO_SIGMA, mad

    rng = np.random.default_rng(len(kind))
    pool = {"zeros": [0.0, -0.0, 1.0, -1.0], "specials": [0.0, -0.0, np.inf, -np.inf, np.nan, 1e308, -1e308, 2.0]}
    for n in list(range(0, 12)) + [301, 1000]:
        a = rng.choice(pool[kind], size=n) if kind in pool else rng.normal(size=n)
        if kind == "ties":
            a = np.round(a)
        before = a.copy()
        f = a[np.isfinite(a)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            ref = float(MAD_TO_SIGMA * np.median(np.abs(f - np.median(f)))) if len(f) else float("nan")
            got = mad(a)
        assert (math.isnan(ref) and math.isnan(got)) or got == ref
        assert np.array_equal(a, before, equal_nan=True)
