"""D003 oscillation: late noise growth without progress (fires), noisy-but-healthy small-batch, converged and
memorising runs (silent), plateau at chance (near miss owned by P001), sample runs, degenerate inputs, real runs."""

from __future__ import annotations

import time

import numpy as np
import pytest
from _helpers import (
    curve,
    make_run,
    minibatch,
    real_runs,
    run_detector,
)

NAME = "oscillation"


def _hits(run, **kw):
    return run_detector(NAME, run, **kw)


def _late_bounce(seed, total=6000, early=0.12, late=0.5, start_late=0.5, every=1, lr=None):
    rng = np.random.default_rng(seed)
    st = np.arange(0, total, every)
    c = curve(st, total, floor=0.8)
    sigma = np.where(st > start_late * total, late, early)
    return make_run(train_loss=(st, c * np.exp(rng.normal(0, 1, len(st)) * sigma)),
                    **({"lr": (st, lr(st))} if lr else {}))


# ----------------------------------------------------------------------------------------------- fires
@pytest.mark.parametrize("seed", range(4))
def test_fires_when_late_noise_grows_without_progress(seed):
    (h,) = _hits(_late_bounce(seed, lr=lambda s: np.full(len(s), 3e-3)))
    assert 3500 <= h.step <= 4500 and h.steps[1] == 5999
    assert h.evidence["noise_ratio"] > 2 and h.evidence["late_noise"] > 0.3
    assert h.causes[0] == "lr-too-high-late" and "not decayed" in h.message


def test_decayed_lr_ranks_batch_noise_first():
    (h,) = _hits(_late_bounce(1, lr=lambda s: np.where(s < 3000, 1e-3, 5e-5)))
    assert h.causes[0] == "noisy-gradients"


def test_fires_on_wild_noise_without_growth_and_without_progress():
    """batch 4 at a too-high LR: from early on the loss bounces 0.05-3 (log noise ~1) around a level far above
    where it should be (oscillation-high-lr-tiny-batch pattern)."""
    rng = np.random.default_rng(9)
    st = np.arange(0, 3000, 5)
    c = np.where(st < 200, 1.8 - 0.005 * st, 0.8)
    (h,) = _hits(make_run(train_loss=(st, c * np.exp(rng.normal(0, 1.0, len(st))))))
    assert h.evidence["late_noise"] > 0.7 and h.evidence["noise_ratio"] < 1.5


def test_fires_when_logged_every_50_steps():
    assert len(_hits(_late_bounce(2, total=300_000, every=50))) == 1


# ---------------------------------------------------------------------------------------------- silent
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("every,total,batch", [(1, 5000, 16), (1, 5000, 2), (1, 5000, 1), (10, 3000, 4),
                                               (500, 200_000, 64), (1, 40, 16)])
def test_healthy_noisy_runs_are_silent(seed, every, total, batch):
    """Tiny batches are noisy by nature, but equally so throughout: not oscillation."""
    rng = np.random.default_rng(seed)
    st = np.arange(0, total, every)
    assert _hits(make_run(train_loss=(st, minibatch(rng, curve(st, total), batch)))) == []


def test_noise_growth_while_still_improving_is_silent():
    rng = np.random.default_rng(5)
    st = np.arange(6000)
    c = 2.5 * np.exp(-st / 2500.0)
    sigma = np.where(st > 3000, 0.5, 0.12)
    assert _hits(make_run(train_loss=c * np.exp(rng.normal(0, 1, 6000) * sigma))) == []


def test_memorising_run_noisy_in_log_space_is_silent():
    """Loss 4.0 -> ~1e-3 with +-60% per-step noise late: tiny compared with the progress made."""
    rng = np.random.default_rng(6)
    st = np.arange(6000)
    c = 4.0 * np.exp(-st / 400.0) + 1e-3
    sigma = np.where(st > 3000, 0.6, 0.15)
    assert _hits(make_run(train_loss=c * np.exp(rng.normal(0, 1, 6000) * sigma))) == []


def test_plateau_at_chance_with_little_noise_is_not_oscillation():
    """vst-t2wihhdg pattern: stuck at ln 2 with +-5% noise and rare outliers (P001's business)."""
    rng = np.random.default_rng(7)
    loss = np.log(2) * np.exp(rng.normal(0, 0.05, 3000))
    loss[rng.choice(3000, 15, replace=False)] *= 3
    assert _hits(make_run(train_loss=loss)) == []


# ------------------------------------------------------------------------------------------ robustness


def test_one_million_points_is_fast():
    run = _late_bounce(8, total=1_000_000)
    run.series("train_loss")
    t = time.perf_counter()
    assert len(_hits(run)) == 1
    assert time.perf_counter() - t < 0.5


# ------------------------------------------------------------------------------------------- real runs
def _reported(run) -> list[str]:
    from curvedoc.engine import Plan, diagnose_run, resolve_settings

    return [f.name for f in diagnose_run(run, Plan.build(resolve_settings())).findings]


def test_real_runs_no_crash_and_known_verdicts():
    fired = {}
    for rel, r in real_runs():
        if "train_loss" in r.roles:
            fired[rel] = _hits(r)
    # vst-r8mtbfdx (constant LR 3e-4, batch size 4): per-step noise grows from +-26% to +-48% while the median
    # stalls at ~0.55 - with 4 examples per step that is the scatter of nearly per-example losses of a classifier
    # that is learning, not oscillation
    assert fired.get("wandb_offline/vst-r8mtbfdx-killed", []) == []
    # vst-t2wihhdg sits at ln 2 with robust noise ~5% (the 0.01-3.0 range comes from <1% outliers): a plateau
    for key in ("wandb_offline/vst-t2wihhdg", "hf_trainer_state/whisper-bashkir-gradspikes",
                "hf_trainer_state/trocr-gradnorm-huge-killed", "hf_trainer_state/baize-tcm-llm",
                "hf_trainer_state/geollm-memorize", "hf_trainer_state/mcfed-drl", "jsonl_detectron2/medical-waste-frcnn"):
        if key in fired:
            assert fired[key] == [], (key, [h.message for h in fired[key]])
    # lung-cancer-cnn: val_loss 0.61, 0.96, 0.39, 0.33, 0.92, 0.25, 0.43, 0.16 ... (labelled oscillation)
    (h,) = fired["keras_csvlogger/lung-cancer-cnn"]
    assert h.evidence["series"] == "val_loss" and h.evidence["median_swing"] > 0.5
    # mmseg-watermelon: mIoU 74 -> 57 -> 66 -> 72 -> 60 -> 77 -> 61 over its last evaluations (labelled oscillation)
    (h,) = fired["mmengine_json/mmseg-watermelon-val-oscillates"]
    assert h.evidence["series"] == "mIoU"
    runs = dict(real_runs())
    # as a user sees it: a swing of a metric of a model at chance from start to end is superseded by the chance verdict
    others = {k: [h.message for h in v] for k, v in fired.items()
              if v and k not in ("keras_csvlogger/lung-cancer-cnn", "mmengine_json/mmseg-watermelon-val-oscillates")
              and "oscillation" in _reported(runs[k])}
    assert not others, others


def _val_run(evals, swing, seed, trend=0.6):
    rng = np.random.default_rng(seed)
    vs = np.linspace(100, 5000, evals).astype(int)
    level = np.log(0.6) - trend * np.linspace(0, 1, evals)
    alt = swing * np.where(np.arange(evals) % 2 == 0, 1.0, -1.0) * rng.uniform(0.7, 1.3, evals)
    train = 0.3 + 1.5 * np.exp(-np.arange(5001) / 1500.0)
    return make_run(train_loss=train * np.exp(rng.normal(0, 0.02, 5001)), val_loss=(vs, np.exp(level + alt)))


@pytest.mark.parametrize("evals", [8, 30, 100])
@pytest.mark.parametrize("seed", range(3))
def test_validation_that_swings_back_and_forth_is_oscillation(evals, seed):
    hits = run_detector(NAME, _val_run(evals, swing=0.35, seed=seed))
    assert len(hits) == 1 and hits[0].evidence["series"] == "val_loss"


@pytest.mark.parametrize("evals", [8, 30, 100])
@pytest.mark.parametrize("noise", [0.02, 0.1, 0.2])
def test_ordinary_validation_noise_is_silent(evals, noise):
    # a trending validation loss with i.i.d. noise up to +-20% per evaluation (a small validation set)
    rng = np.random.default_rng(evals)
    vs = np.linspace(100, 5000, evals).astype(int)
    v = np.exp(np.log(0.6) - 0.6 * np.linspace(0, 1, evals) + rng.normal(0, noise, evals))
    train = 0.3 + 1.5 * np.exp(-np.arange(5001) / 1500.0)
    assert run_detector(NAME, make_run(train_loss=train, val_loss=(vs, v))) == []


def test_a_loss_crossing_zero_has_no_relative_swing():
    import numpy as np
    from _helpers import make_run, run_detector

    rng = np.random.default_rng(0)
    loss = np.concatenate([np.linspace(0.7, 0.0, 1000), rng.normal(0.0, 0.05, 2000)])  # ends swinging around 0
    assert run_detector("oscillation", make_run(train_loss=loss)) == []


@pytest.mark.parametrize("bs,fires", [(1, False), (4, False), (8, False), (32, True), (None, True)])
def test_grown_noise_is_no_evidence_with_a_tiny_batch(bs, fires):
    # the step noise doubles late while the median stalls: oscillation for a normal batch, but with a handful of
    # examples per step it is the spread of nearly per-example losses as easy ones go to ~0
    rng = np.random.default_rng(7)
    n = 3000
    x = np.arange(n)
    level = 0.55 + 0.25 * np.exp(-x / 300.0)
    sigma = np.where(x < 2000, 0.2, 0.45)
    loss = level * np.exp(rng.normal(0, sigma, n))
    hp = {} if bs is None else {"optimizer.bs": bs}
    hits = run_detector(NAME, make_run(train_loss=loss, hparams=hp))
    assert bool(hits) == fires, [h.message for h in hits]


# ------------------------------------------------------------------- a held-out quality rate that swings

def _metric_run(evals, seed, *, late_level=0.7, swing=0.08, late_climb=0.0, tag="val/mIoU", percent=True):
    """A held-out rate that rises 0.45 -> late_level over the first half of its evaluations, then jumps by about
    +-swing between evaluations around a level that climbs late_climb over the second half; a smooth train loss."""
    rng = np.random.default_rng(seed)
    vs = np.linspace(400, 8000, evals).astype(int)
    x = np.linspace(0, 1, evals)
    base = np.where(x < 0.5, 0.45 + (late_level - 0.45) * x / 0.5, late_level + late_climb * (x - 0.5) / 0.5)
    jump = np.where(x < 0.5, 0.0, swing * np.where(np.arange(evals) % 2 == 0, 1.0, -1.0) * rng.uniform(0.6, 1.4, evals))
    a = np.clip(base + jump + rng.normal(0, 0.005, evals), 0, 1)
    train = 0.3 + 0.7 * np.exp(-np.arange(8001) / 1500.0)
    return make_run(loss=train * np.exp(rng.normal(0, 0.02, 8001)), **{tag: (vs, a * (100 if percent else 1))})


@pytest.mark.parametrize("evals", [10, 20, 60])
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("percent", [True, False])
def test_a_held_out_rate_that_swings_without_progress_is_oscillation(evals, seed, percent):
    hits = run_detector(NAME, _metric_run(evals, seed, percent=percent))
    assert len(hits) == 1 and hits[0].evidence["series"] == "val/mIoU", hits
    assert "cannot tell one checkpoint from the next" in hits[0].message


@pytest.mark.parametrize("evals", [8, 10, 20, 60])
@pytest.mark.parametrize("seed", range(3))
def test_a_held_out_rate_that_swings_while_climbing_is_silent(evals, seed):
    """Big swings on a rate that still climbs by more than a swing (YOLOv8 fire-smoke: mAP50 0.49 -> 0.86 with
    jumps of 0.1-0.26): noisy, but improving."""
    assert run_detector(NAME, _metric_run(evals, seed, swing=0.08, late_climb=0.25)) == []


@pytest.mark.parametrize("evals", [8, 20, 60])
@pytest.mark.parametrize("swing", [0.0, 0.02])
def test_small_late_changes_of_a_held_out_rate_are_evaluation_noise(evals, swing):
    assert run_detector(NAME, _metric_run(evals, 7, swing=swing)) == []


def test_training_rates_are_not_judged_for_swings():
    assert run_detector(NAME, _metric_run(20, 1, tag="train/acc")) == []


def test_real_run_whose_miou_swings_without_progress():
    runs = {k: r for k, r in real_runs()}
    if "mmengine_json/mmseg-watermelon-val-oscillates" not in runs:
        pytest.skip("../shared/real_runs lacks the MMSeg run")
    (h,) = run_detector(NAME, runs["mmengine_json/mmseg-watermelon-val-oscillates"])
    assert h.evidence["series"] == "mIoU"
    assert run_detector(NAME, runs["yolo_results_csv/yolov8-fire-smoke"]) == []


# ------------------------------------------- noise growth judged against the sampling error of two noise estimates

def _noisy_descent(n, seed, noise_early, noise_late, every=1):
    """A loss falling to a floor with multiplicative noise `noise_early`, switching to `noise_late` for the last
    third of the points."""
    rng = np.random.default_rng(seed)
    x = np.arange(n) / n
    sigma = np.where(np.arange(n) >= n - round(n * 0.33), noise_late, noise_early)
    loss = (0.7 + 1.6 * np.exp(-x / 0.15)) * np.exp(rng.normal(0, 1, n) * sigma)
    return make_run(train_loss=(np.arange(n) * every, loss))


@pytest.mark.parametrize("n", [40, 60, 100, 200])
@pytest.mark.parametrize("noise", [0.2, 0.3])
@pytest.mark.parametrize("every", [1, 50])
def test_an_equally_noisy_short_run_rarely_looks_grown(n, noise, every):
    """The same 20-30% noise all along: over 20 late points the noise estimate alone makes a 1.5x 'growth' about
    one time in eight; the growth must clear the estimates' sampling error (before: 8-17% of 60-point runs)."""
    fired = sum(bool(run_detector(NAME, _noisy_descent(n, seed, noise, noise, every))) for seed in range(60))
    assert fired <= 2, fired


@pytest.mark.parametrize("n", [60, 200, 2000])
def test_noise_that_really_grew_is_still_found_on_short_runs(n):
    """Noise x4 over the last third (a learning rate too high for the end of training): found as often as before
    the sampling-error test (17-20 of 20; the misses fail the late-progress test, not this one)."""
    fired = sum(bool(run_detector(NAME, _noisy_descent(n, seed, 0.1, 0.4))) for seed in range(20))
    assert fired >= 16, fired
