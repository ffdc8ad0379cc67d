"""E001 epoch-boundary-jumps: staircases and saw-tooths at epoch boundaries vs smooth curves and per-epoch logs."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import (
    make_run,
    real_run,
    real_runs,
    run_detector,
)

NAME = "epoch-boundary-jumps"


def staircase(seed=0, epochs=8, spe=500, drop=0.25, noise=0.1, every=1, hf=True, jump_up=False, lr=None):
    """Per-step loss: slow decay inside epochs, a step of ``drop`` (log) at each boundary."""
    rng = np.random.default_rng(seed)
    st = np.arange(0, epochs * spe, every)
    ep_i = st // spe
    frac = (st % spe) / spe
    if jump_up:
        level = np.log(1.0) - 0.5 * frac + 0.02 * ep_i * 0  # decays inside each epoch, resets up at the boundary
    else:
        level = np.log(1.5) - drop * ep_i - 0.03 * frac
    y = np.exp(level + rng.normal(0, noise, len(st)))
    epoch = (st + 1) / spe if hf else ep_i.astype(float)
    tags = {"train_loss": (st, y), "epoch": (st, epoch)}
    if lr is not None:
        tags["lr"] = (st, lr(st, ep_i))
    return make_run(**tags)


def test_fires_on_staircase_down_hf_epochs():
    hits = run_detector(NAME, staircase())
    assert len(hits) == 1
    h = hits[0]
    # a downward staircase with a flat loss inside each epoch is memorisation: reported, as info
    assert h.severity == "info" and h.step == 500 and h.causes[0] == "memorisation-multi-epoch"
    assert h.evidence["direction"] == -1 and h.evidence["boundaries"] == 7
    assert -0.3 < h.evidence["jump"] < -0.15
    assert h.causes[0] == "memorisation-multi-epoch"
    assert len(h.marks) == 7 and h.confidence >= 0.8


def test_fires_on_lightning_integer_epochs_logged_every_10_steps():
    hits = run_detector(NAME, staircase(hf=False, every=10, seed=1))
    assert len(hits) == 1 and hits[0].step == 500 and hits[0].evidence["direction"] == -1


def test_fires_on_saw_tooth_up_with_shuffle_cause():
    hits = run_detector(NAME, staircase(jump_up=True, seed=2))
    assert len(hits) == 1
    assert hits[0].evidence["direction"] == 1 and hits[0].causes[0] == "shuffle-bug"


@pytest.mark.parametrize("seed", range(15))
def test_silent_on_smooth_decay_with_epoch_tag(seed):
    rng = np.random.default_rng(50 + seed)
    st = np.arange(0, 4000)
    y = (2.0 * np.exp(-st / 900.0) + 0.3) * np.exp(rng.normal(0, 0.15, len(st)))
    assert run_detector(NAME, make_run(train_loss=(st, y), epoch=(st, (st + 1) / 500.0))) == []


def test_near_miss_small_drop_is_silent():
    """1.5% drops at boundaries: below min_jump."""
    assert run_detector(NAME, staircase(drop=0.015, noise=0.002)) == []


def test_silent_when_logged_once_per_epoch():
    rng = np.random.default_rng(3)
    ep = np.arange(50)
    y = (1.5 * np.exp(-ep / 10.0) + 0.1) * np.exp(rng.normal(0, 0.02, 50))
    assert run_detector(NAME, make_run(train_loss=(ep, y), epoch=(ep, ep.astype(float)))) == []


def test_fewer_than_three_boundaries_need_the_scan_test():
    # two boundaries are too few for a typical jump: only the scan variant may speak, as an info, and only
    # when each step is the largest shift of the run; a small step at two boundaries stays silent
    hits = run_detector(NAME, staircase(epochs=3, drop=0.5))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].evidence["variant"] == "few-boundaries"
    assert run_detector(NAME, staircase(epochs=3, drop=0.05)) == []


def test_epoch_reset_is_not_a_boundary():
    """Two appended sessions of 2 epochs each: the reset 1 -> 0 is not a boundary (1 + 1 real boundaries)."""
    a = staircase(epochs=2, seed=4)
    s = a.series("train_loss")
    e = a.series("epoch")
    st = np.concatenate([s.index, s.index + 1000])
    y = np.concatenate([s.to_numpy(), s.to_numpy() * 3])
    ep = np.concatenate([e.to_numpy(), e.to_numpy()])
    hits = run_detector(NAME, make_run(train_loss=(st, y), epoch=(st, ep)))
    # at most the scan variant on the two real boundaries; the session reset is never one of them
    assert all(h.evidence.get("variant") == "few-boundaries" and h.evidence["boundaries"] == 2
               and int(st[len(s)]) not in h.marks for h in hits)


def test_lr_stepped_per_epoch_is_info():
    hits = run_detector(NAME, staircase(seed=5, lr=lambda st, ep: 1e-3 * 0.7 ** ep))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].causes[0] == "lr-steps-per-epoch"


def test_smooth_lr_decay_is_not_synced():
    hits = run_detector(NAME, staircase(seed=6, lr=lambda st, ep: 1e-3 * (1 - st / 4001.0)))
    assert len(hits) == 1 and hits[0].causes[0] != "lr-steps-per-epoch"


def test_running_mean_saw_tooth_is_info():
    """Keras-style cumulative mean since the epoch start: high and jumpy early, smooth late."""
    rng = np.random.default_rng(0)
    spe, epochs = 300, 6
    out, st = [], []
    for e in range(epochs):
        per_batch = (1.2 * np.exp(-(e * spe + np.arange(spe)) / 1500.0) + 0.2) * np.exp(rng.normal(0, 0.2, spe))
        out.append(np.cumsum(per_batch) / np.arange(1, spe + 1))
        st.append(e * spe + np.arange(spe))
    st = np.concatenate(st)
    hits = run_detector(NAME, make_run(train_loss=(st, np.concatenate(out)), epoch=(st, (st // spe).astype(float))))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].causes[0] == "running-mean-logging"


def test_period_inferred_without_epoch_tag_is_info():
    run = staircase(epochs=10, spe=400, seed=8)
    s = run.series("train_loss")
    hits = run_detector(NAME, make_run(train_loss=(s.index, s.to_numpy())))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].confidence <= 0.6
    assert abs(hits[0].evidence["inferred_period"] - 400) <= 8
    assert abs(hits[0].step - 400) <= 8
    assert run_detector(NAME, make_run(train_loss=(s.index, s.to_numpy())), infer_period=False) == []


@pytest.mark.parametrize("seed", range(10))
def test_no_inference_on_smooth_or_spiky_curves(seed):
    """No epoch counter: a smooth noisy decay with isolated spikes must not produce a period."""
    rng = np.random.default_rng(200 + seed)
    st = np.arange(0, 6000)
    y = (2.0 * np.exp(-st / 1500.0) + 0.3) * np.exp(rng.normal(0, 0.2, len(st)))
    y[rng.choice(len(st), 12, replace=False)] *= 20
    y[np.arange(500, 6000, 500)] *= 30  # periodic single-point spikes (e.g. a checkpoint step) are not level shifts
    assert run_detector(NAME, make_run(train_loss=(st, y))) == []


def test_fast_on_a_million_points():
    import time

    run = staircase(epochs=20, spe=50_000, noise=0.2)
    run.series("train_loss"), run.series("epoch")
    t = time.perf_counter()
    hits = run_detector(NAME, run)
    assert time.perf_counter() - t < 0.5
    assert len(hits) == 1 and hits[0].evidence["boundaries"] == 19


# ----------------------------------------------------------------------------- real runs

@pytest.mark.parametrize("rel,first", [("hf_trainer_state/baize-tcm-llm", 744), ("hf_trainer_state/mcfed-drl", 564)])
def test_real_staircases_fire_down(rel, first):
    hits = run_detector(NAME, real_run(rel))
    assert len(hits) == 1 and hits[0].evidence["direction"] == -1 and hits[0].step == first
    assert hits[0].causes[0] == "memorisation-multi-epoch"


@pytest.mark.parametrize("rel", [
    "hf_trainer_state/whisper-tiny-nbailab",  # epoch counter resets (several sessions)
    "hf_trainer_state/tinyllama-trl-sft", "hf_trainer_state/whisper-bashkir-gradspikes",
    "lightning_csv/slm-training-v0", "lightning_csv/camels-ch-v108", "tfevents/satd-lightning-240ep",
    "keras_csvlogger/handwritten-digit-cnn",  # per-epoch logging
    "hf_trainer_state/cpt-chatglm-rouge",  # one train point per epoch
])
def test_real_runs_silent(rel):
    assert run_detector(NAME, real_run(rel)) == []


def test_real_runs_never_crash():
    for rel, r in real_runs():
        for h in run_detector(NAME, r):
            assert 0 <= h.confidence <= 1


def test_real_staircase_period_inferred_without_epoch_counter():
    """baize-tcm-llm with its epoch tag removed: the 744-step period is recovered from the loss alone."""
    run = real_run("hf_trainer_state/baize-tcm-llm")
    s = run.series("train_loss")
    hits = run_detector(NAME, make_run(train_loss=(s.index.to_numpy(), s.to_numpy())))
    assert len(hits) == 1 and hits[0].severity == "info"
    assert abs(hits[0].evidence["inferred_period"] - 743) <= 10


def test_saw_tooth_down_from_sorted_data_blames_order_not_memorisation():
    """Data sorted easy -> hard with shuffle=False: the loss climbs through every epoch and drops back at the
    boundary (sample_runs/epoch-jumps-sorted-by-difficulty shape)."""
    rng = np.random.default_rng(9)
    spe, epochs = 128, 5
    st = np.arange(0, spe * epochs, 2)
    frac = (st % spe) / spe
    y = np.exp(np.log(0.02) + 4.0 * frac - 0.1 * (st // spe) + rng.normal(0, 0.2, len(st)))
    hits = run_detector(NAME, make_run(train_loss=(st, y), epoch=(st, (st + 1) / spe)))
    assert len(hits) == 1 and hits[0].evidence["direction"] == -1
    assert hits[0].causes[0] == "shuffle-bug" and "same order" in hits[0].message


# ------------------------------------------------------------------------------------------ one or two boundaries

def _finetune(n, epochs, drop, noise, seed, drop_at=None):
    """An HF-style fine-tune: fractional epoch counter, fast early descent, a plateau, a step of `drop` (log
    space) at each epoch boundary (or at `drop_at`, a fraction of the run, instead)."""
    rng = np.random.default_rng(seed)
    x = np.arange(1, n + 1)
    ep = epochs * x / n
    v = np.log(0.2 + 1.2 * np.exp(-x / (0.03 * n)))
    if drop_at is None:
        v = v - drop * np.floor(ep - 1e-9)
    else:
        v = v - drop * (x >= drop_at * n)
    v = v + rng.normal(0, noise, n)
    return make_run(loss=(x, np.exp(v)), epoch=(x, ep))


@pytest.mark.parametrize("n", [120, 600, 2000])
@pytest.mark.parametrize("epochs", [2, 3])
@pytest.mark.parametrize("noise", [0.05, 0.15])
def test_a_step_at_one_or_two_boundaries_is_found(n, epochs, noise):
    hits = run_detector(NAME, _finetune(n, epochs, drop=0.6, noise=noise, seed=n + epochs))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].evidence["variant"] == "few-boundaries"
    assert hits[0].evidence["boundaries"] == epochs - 1


@pytest.mark.parametrize("n", [120, 600, 2000])
@pytest.mark.parametrize("epochs", [2, 3])
@pytest.mark.parametrize("seed", range(3))
def test_no_step_or_a_step_elsewhere_is_silent(n, epochs, seed):
    assert run_detector(NAME, _finetune(n, epochs, drop=0.0, noise=0.1, seed=seed)) == []
    # the same drop in the middle of an epoch is not tied to the boundary
    assert run_detector(NAME, _finetune(n, epochs, drop=0.6, noise=0.1, seed=seed, drop_at=0.25)) == []


# ------------------------------------------------------------------------- many boundaries, a noisy saw-tooth

def _noisy_saw(seed, epochs, spe, every, climb, noise, df=3, trend=2.0):
    """A loss that falls overall (``trend`` in log over the run) and climbs by ``climb`` (log) through each
    epoch, dropping back at the boundary, under heavy-tailed minibatch noise (Student t, ``df``) as large as the
    climb: 40-point medians inside an epoch move as much as the boundary drop, only in the other direction."""
    rng = np.random.default_rng(seed)
    st = np.arange(0, epochs * spe, every)
    frac = (st % spe) / spe
    v = -trend * st / st[-1] + climb * frac + noise * rng.standard_t(df, len(st))
    return make_run(train_loss=(st, np.exp(v)), epoch=(st, (st + 1) / spe))


@pytest.mark.parametrize("epochs", [10, 20, 30])
@pytest.mark.parametrize("spe,every", [(100, 1), (200, 2), (400, 5)])
def test_noisy_saw_tooth_over_many_boundaries_is_found_by_the_rank_test(epochs, spe, every):
    found = 0
    for seed in range(4):
        hits = run_detector(NAME, _noisy_saw(seed, epochs, spe, every, climb=0.5, noise=0.35))
        found += any(h.evidence["direction"] == -1 for h in hits)
    assert found >= 3
    # the ratio of typical sizes alone does not see it: the changes inside epochs are as large as the jumps
    alone = sum(bool(run_detector(NAME, _noisy_saw(s, epochs, spe, every, climb=0.5, noise=0.35),
                                  rank_min_boundaries=10**6)) for s in range(4))
    assert alone < found


@pytest.mark.parametrize("epochs", [8, 20, 40])
@pytest.mark.parametrize("df", [3, 50])
def test_noise_without_a_boundary_effect_passes_no_rank_test(epochs, df):
    for seed in range(20):
        run = _noisy_saw(1000 + seed, epochs, 200, 2, climb=0.0, noise=0.3, df=df, trend=3.0)
        assert run_detector(NAME, run) == []


def test_real_saw_tooth_under_noisy_batch_losses():
    """t5-finetune-batchloss: 20 epochs x 388 batch losses; the loss creeps up through each epoch and drops at
    the next one's start (40-batch medians 0.32 -> 0.072 at epoch 4) while single batches scatter by 2-3x."""
    hits = run_detector(NAME, real_run("text_log/t5-finetune-batchloss"))
    assert len(hits) == 1 and hits[0].evidence["direction"] == -1 and hits[0].evidence["boundaries"] == 19
    assert hits[0].evidence["rank_sum_z"] >= 4.0 and "same order" in hits[0].message


@pytest.mark.parametrize("n1,n2", [(1, 5), (8, 24), (19, 60), (300, 40)])
@pytest.mark.parametrize("ties", [False, True])
def test_rank_sum_z_matches_scipy(n1, n2, ties):
    """The shift test behind the many-boundary variant: the Mann-Whitney U of scipy.stats.mannwhitneyu
    (asymptotic, tie-corrected, no continuity correction) turned into its z score."""
    from scipy.stats import mannwhitneyu, norm

    from curvedoc.detectors._signal import rank_sum_z

    rng = np.random.default_rng(n1 * 100 + n2)
    a, b = rng.normal(0.4, 1, n1), rng.normal(0, 1, n2)
    if ties:
        a, b = np.round(a, 1), np.round(b, 1)
    ref = mannwhitneyu(a, b, alternative="greater", method="asymptotic", use_continuity=False)
    z = rank_sum_z(a, b)
    assert norm.sf(z) == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-15)
    assert rank_sum_z(b, a) == pytest.approx(-z)
    assert np.isnan(rank_sum_z(a, np.array([]))) and rank_sum_z(np.ones(3), np.ones(4)) == 0.0


@pytest.mark.parametrize("seed", range(40))
def test_average_ranks_match_pandas(seed):
    """The ranks behind rank_sum_z and vanishing-gradients' Spearman correlation: pandas' rank() numbers, ties
    averaged, NaN kept as NaN and left out, inf ranked as a value; the tie group sizes sum to the finite count."""
    import pandas as pd

    from curvedoc.detectors._signal import average_ranks

    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 40))
    x = rng.integers(0, 6, n).astype(float)
    if n:
        x[rng.integers(0, n, int(rng.integers(0, 4)))] = np.nan
        x[rng.integers(0, n)] = np.inf if seed % 2 else x[0]
    ranks, counts = average_ranks(x)
    assert np.array_equal(ranks, pd.Series(x).rank().to_numpy(), equal_nan=True)
    assert counts.sum() == int((~np.isnan(x)).sum())


# ------------------------------------- a small step at one boundary, judged after the run's initial descent

def _sft(n, noise, seed, *, step, tail_slope=0.0, epochs_end=1.3, every=1):
    """An SFT run killed in its second epoch (HF fractional epochs): a descent over the first tenth that keeps easing
    into a plateau (the largest shifts of the run are in its end), a `step` (log space) at the one boundary, and an
    optional steady decline `tail_slope` (log units over the run) that carries on across the boundary."""
    rng = np.random.default_rng(seed)
    x = np.arange(1, n + 1)
    ep = epochs_end * x / n
    v = np.log(0.6 + 0.5 * np.exp(-x / (0.04 * n))) - tail_slope * x / n
    v = v - step * (ep >= 1.0) + rng.normal(0, noise, n)
    return make_run(loss=(x * every, np.exp(v)), epoch=(x * every, np.round(ep, 2)))


@pytest.mark.parametrize("n", [200, 574, 3000])
@pytest.mark.parametrize("noise", [0.005, 0.02])
@pytest.mark.parametrize("every", [1, 25])
def test_a_small_step_at_the_one_boundary_is_found_once_the_descent_is_over(n, noise, every):
    """An 8% drop at the only boundary (hf_dict-trl-open-r1: 0.603 -> 0.553 at epoch 1.00, noise ~1.5%): smaller
    than the shifts of the early descent, far larger than any shift after it."""
    hits = run_detector(NAME, _sft(n, noise, n, step=0.085, every=every))
    assert len(hits) == 1 and hits[0].evidence["variant"] == "few-boundaries" and hits[0].severity == "info", hits
    assert "once its initial descent is over" in hits[0].message


@pytest.mark.parametrize("n", [200, 574, 3000])
@pytest.mark.parametrize("seed", range(3))
def test_a_decline_that_carries_on_across_the_boundary_is_not_a_step(n, seed):
    """No step, but the loss keeps falling 15% over the run: the shift at the boundary is like those beside it."""
    assert run_detector(NAME, _sft(n, 0.02, seed, step=0.0, tail_slope=0.15)) == []
    assert run_detector(NAME, _sft(n, 0.02, seed, step=0.0)) == []


def test_the_real_sft_that_steps_at_its_one_boundary():
    run = real_run("text_log/hf_dict-trl-open-r1-sft-unfinished-cr")
    hits = run_detector(NAME, run)
    assert len(hits) == 1 and hits[0].evidence["variant"] == "few-boundaries"
    assert hits[0].evidence["jump"] < -0.06
