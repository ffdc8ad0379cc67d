"""V002 train-val-gap: a gap from the first evaluation that does not close vs regularised/overfitting/closing gaps."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import (
    make_run,
    real_run,
    real_runs,
    run_detector,
)

NAME = "train-val-gap"


def train_curve(rng, steps, floor=0.1, tau=800.0, noise=0.15, start=2.3):
    return (start * np.exp(-steps / tau) + floor) * np.exp(rng.normal(0, noise, len(steps)))


def gap_run(factor=3.0, seed=0, n_val=15, wobble=0.15, every=10, total=3000):
    """val tracks train (both improve) but sits ``factor`` times above it with eval noise: eval-mode-bug shape."""
    rng = np.random.default_rng(seed)
    ts = np.arange(0, total + 1, every)
    vs = np.linspace(total / n_val, total, n_val).astype(int)
    clean_v = 2.3 * np.exp(-vs / 800.0) + 0.1
    v = factor * clean_v * np.exp(rng.normal(0, wobble, len(vs)))
    return make_run(train_loss=(ts, train_curve(rng, ts)), val_loss=(vs, v))


def test_fires_on_eval_mode_gap():
    hits = run_detector(NAME, gap_run(factor=3.0))
    assert len(hits) == 1
    h = hits[0]
    assert h.severity is None and h.step == 200
    assert 2.0 < h.evidence["ratio_median"] < 4.5
    assert h.causes[0] == "eval-mode-bug"
    assert h.confidence >= 0.7


def test_constant_factor_ranks_metric_mismatch_first():
    """A clean constant factor (sum vs mean) between two curves that move together."""
    hits = run_detector(NAME, gap_run(factor=8.0, wobble=0.01))
    assert len(hits) == 1 and hits[0].causes[0] == "eval-metric-mismatch"


@pytest.mark.parametrize("seed", range(10))
def test_silent_on_moderate_regularised_gap(seed):
    """val 1.3-1.6x train: an ordinary gap."""
    assert run_detector(NAME, gap_run(factor=1.5, seed=seed)) == []


def test_silent_when_train_is_above_val():
    """dropout/augmentation on train: train loss higher than val."""
    assert run_detector(NAME, gap_run(factor=0.7)) == []


def test_a_gap_that_opens_later_is_not_an_evaluation_bug():
    """Overfitting: the gap opens as validation turns up. Not the first-evaluation gap (no warning); the
    opening-gap mode says, as info, that the run went on past the early-stopping point."""
    rng = np.random.default_rng(3)
    ts = np.arange(0, 5001, 10)
    tr = train_curve(rng, ts, floor=0.01, tau=600)
    vs = np.linspace(250, 5000, 20).astype(int)
    v = (0.8 * np.exp(-vs / 500.0) + 0.35 + 2e-4 * np.clip(vs - 1500, 0, None)) * np.exp(rng.normal(0, 0.02, 20))
    hits = run_detector(NAME, make_run(train_loss=(ts, tr), val_loss=(vs, v)))
    assert [h for h in hits if h.severity != "info"] == []
    assert all(h.evidence.get("mode") == "opening" for h in hits)


def test_silent_when_first_eval_gap_closes():
    """handwritten-digit shape: epoch 0 val 10x train, then below train for the rest."""
    rng = np.random.default_rng(4)
    ep = np.arange(30)
    tr = (0.3 * np.exp(-ep / 3.0) + 0.02) * np.exp(rng.normal(0, 0.03, 30))
    v = (0.2 * np.exp(-ep / 3.0) + 0.015) * np.exp(rng.normal(0, 0.05, 30))
    v[0] = 3.6
    assert run_detector(NAME, make_run(train_loss=(ep, tr), val_loss=(ep, v))) == []


def test_single_eval_needs_a_larger_ratio():
    rng = np.random.default_rng(5)
    ts = np.arange(0, 2001, 100)
    tr = train_curve(rng, ts, floor=0.2, tau=500, noise=0.05)
    t_end = float(np.median(tr[-3:]))
    big = run_detector(NAME, make_run(train_loss=(ts, tr), val_loss=([2000], [15 * t_end])))
    assert len(big) == 1 and big[0].confidence < 0.75
    assert "one evaluation only" in big[0].message
    small = run_detector(NAME, make_run(train_loss=(ts, tr), val_loss=([2000], [3 * t_end])))
    assert small == []


def test_val_steps_before_training_are_ignored():
    """An eval at step 0 (before any training) compares with nothing: it must not create a gap."""
    rng = np.random.default_rng(6)
    ts = np.arange(50, 3001, 50)
    tr = train_curve(rng, ts, floor=0.3, tau=400, noise=0.05)
    vs = np.array([0, 500, 1000, 1500, 2000, 2500, 3000])
    v = np.array([5.7, 1.0, 0.6, 0.45, 0.4, 0.38, 0.37])
    assert run_detector(NAME, make_run(train_loss=(ts, tr), val_loss=(vs, v))) == []


def test_negative_losses_are_skipped():
    ts = np.arange(100)
    assert run_detector(NAME, make_run(train_loss=(ts, -np.linspace(1, 2, 100)), val_loss=(ts[::10], np.full(10, 5.0)))) == []


# ----------------------------------------------------------------------------- real runs
SILENT = ["hf_trainer_state/whisper-tr-killed-evalrise", "keras_csvlogger/handwritten-digit-cnn",
          "hf_trainer_state/whisper-small-hi-overfit", "hf_trainer_state/whisper-large-v2-ja",
          "hf_trainer_state/multi-eval-groups", "hf_trainer_state/mcfed-drl", "wandb_offline/cifar10-resnet-sjgsz037",
          "hf_trainer_state/whisper-tiny-nbailab", "hf_trainer_state/tinyllama-trl-sft", "tfevents/satd-lightning-240ep",
          "yolo_results_csv/yolov5-4105-exp2", "yolo_results_csv/yolov8-fire-smoke",
          "keras_history_json/plant-disease-resnet50", "lightning_csv/slm-training-v0", "lightning_csv/camels-ch-v108",
          "hf_trainer_state/whisper-bashkir-gradspikes", "keras_csvlogger/eng-javanese-lstm"]


@pytest.mark.parametrize("rel", SILENT)
def test_real_runs_silent(rel):
    """No evaluation-bug gap on these; an opening-gap note (info) only where the hand labels allow the class."""
    from _helpers import real_labels

    hits = run_detector(NAME, real_run(rel))
    assert [h.message for h in hits if h.severity != "info"] == []
    lab = real_labels().get(rel, {})
    if "train_val_gap" not in set(lab.get("must", [])) | set(lab.get("may", [])):
        assert hits == [], [h.message for h in hits]


def test_real_tfod_single_eval_fires():
    """TF2 OD API: eval total loss 12.3 vs train ~0.7 at the only evaluation (step 2000)."""
    hits = run_detector(NAME, real_run("tfevents/tfod-ssd-mobnet-tf2"))
    assert len(hits) == 1 and hits[0].step == 2000 and hits[0].evidence["ratio_start"] > 10


def test_real_runs_never_crash():
    for rel, r in real_runs():
        for h in run_detector(NAME, r):
            assert 0 <= h.confidence <= 1


def test_gap_at_an_early_eval_fires_even_if_val_rises_later():
    """eval-mode-bug-batchnorm shape: val 2.3x train at the first eval (train still early), then val climbs."""
    rng = np.random.default_rng(9)
    ts = np.arange(9, 1024, 10)
    tr = (2.0 * np.exp(-ts / 60.0) + 0.3) * np.exp(rng.normal(0, 0.1, len(ts)))
    vs = np.arange(63, 1024, 64)
    v = 2.6 + 2.0 * (1 - np.exp(-(vs - 63) / 300.0))
    hits = run_detector(NAME, make_run(train_loss=(ts, tr), val_loss=(vs, v)))
    assert len(hits) == 1 and hits[0].step == 63


def test_fast_memorisation_is_not_a_gap_from_the_first_evaluation():
    """Eval at step 0 equals train (untrained model); train collapses within a few evals while validation climbs
    above the untrained loss and stays there: not an evaluation-path gap (the first evaluation shows none), but
    the gap of a model that memorised its training set at once -- reported as that."""
    rng = np.random.default_rng(10)
    ts = np.arange(0, 2000, 10)
    tr = (4.6 * np.exp(-ts / 15.0) + 1e-3) * np.exp(rng.normal(0, 0.05, len(ts)))
    vs = ts.copy()
    v = 4.7 + 3.0 * (1 - np.exp(-vs / 200.0))
    hits = run_detector(NAME, make_run(train_loss=(ts, tr), val_loss=(vs, v)))
    assert len(hits) == 1 and hits[0].evidence["mode"] == "opened-at-once" and hits[0].step > 0


def test_late_first_eval_with_val_below_untrained_loss_is_only_info():
    """Held-out healthy MLP, train logged every 50 steps, eval only every 500: at the first eval the training loss
    has done ~96% of its progress (2.3 -> 0.1), val sits 2-3x above it (0.25 vs 0.1, a normal generalisation gap
    of a model fitting its training set). The ratio alone cannot tell an eval bug from that: info, not a warning."""
    rng = np.random.default_rng(21)
    ts = np.r_[np.arange(0, 1500, 50), 1499]
    tr = np.array([2.314, 1.378, 0.33, 0.333, 0.325, 0.2, 0.151, 0.133, 0.115, 0.229, 0.105, 0.166, 0.164, 0.147,
                   0.131, 0.086, 0.097, 0.16, 0.071, 0.09, 0.033, 0.055, 0.098, 0.028, 0.082, 0.03, 0.036, 0.073,
                   0.048, 0.009, 0.064]) * np.exp(rng.normal(0, 0.05, 31))
    vs = np.array([500, 1000, 1500])
    v = np.array([0.253, 0.211, 0.214])
    hits = run_detector(NAME, make_run(train_loss=(ts, tr), val_loss=(vs, v)))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].confidence <= 0.5


def test_late_first_eval_with_val_far_above_the_starting_loss_stays_a_warning():
    """TF2 OD API shape with several evals: the first eval comes after 88% of the training progress, but val (12) is
    ~9x the loss the run started from (1.3): no generalisation gap looks like that, so it stays a warning."""
    rng = np.random.default_rng(23)
    ts = np.arange(100, 2100, 100)
    tr = (0.8 * np.exp(-(ts - 100) / 300.0) + 0.6) * np.exp(rng.normal(0, 0.1, len(ts)))
    vs = np.array([1000, 1500, 2000])
    v = np.array([12.0, 12.4, 12.3])
    hits = run_detector(NAME, make_run(train_loss=(ts, tr), val_loss=(vs, v)))
    assert len(hits) == 1 and hits[0].severity is None


# ------------------------------------------------------------------------------------- a gap that opens
def _opening_run(seed=0, evals=20, total=3000, every=10, noise=0.02, val_stalls=True, train_falls=True):
    """Training falls all along; validation follows it for the first part, then stops improving (or keeps
    improving when ``val_stalls`` is false)."""
    rng = np.random.default_rng(seed)
    ts = np.arange(0, total, every)
    tl = (0.2 + 2.0 * np.exp(-ts / (0.3 * total)) if train_falls else np.full(len(ts), 0.5)) \
        * np.exp(noise * rng.standard_normal(len(ts)))
    vs = np.linspace(total / evals, total, evals).round().astype(int)
    if val_stalls:
        vl = np.maximum(0.9, 0.5 + 2.0 * np.exp(-vs / (0.1 * total)))
    else:
        vl = 0.25 + 2.0 * np.exp(-vs / (0.3 * total))
    vl = vl * np.exp(noise * rng.standard_normal(evals))
    return make_run(train_loss=(ts, tl), val_loss=(vs, vl))


@pytest.mark.parametrize("evals", [8, 20, 100])
@pytest.mark.parametrize("noise", [0.0, 0.02])
@pytest.mark.parametrize("total,every", [(600, 1), (3000, 10), (60000, 200)])
def test_a_gap_that_opens_while_validation_stalls_is_info(evals, noise, total, every):
    hits = run_detector(NAME, _opening_run(evals=evals, noise=noise, total=total, every=every))
    assert len(hits) == 1, [h.message for h in hits]
    h = hits[0]
    assert h.severity == "info" and h.evidence["mode"] == "opening"
    assert "opened from" in h.message and "stalled" in h.message


@pytest.mark.parametrize("evals", [6, 20, 100])
def test_no_opening_gap_while_validation_still_improves_or_training_is_flat(evals):
    assert run_detector(NAME, _opening_run(evals=evals, val_stalls=False)) == []
    assert run_detector(NAME, _opening_run(evals=evals, train_falls=False)) == []


def test_too_few_evaluations_to_see_a_gap_open():
    assert run_detector(NAME, _opening_run(evals=4)) == []


@pytest.mark.parametrize("rel", ["keras_csvlogger/eng-javanese-lstm", "keras_history_csv/emotion-flat-val-loss-pct-acc",
                                 "text_log/lightning-tmr-rich-logging-500ep"])
def test_real_runs_whose_gap_opened(rel):
    """Labelled train_val_gap by hand: validation stalls (0.80-0.83 for 47 epochs; 1.72-1.80) while training
    keeps falling, the gap widening to 1.7-6x."""
    hits = run_detector(NAME, real_run(rel))
    assert len(hits) == 1 and hits[0].evidence["mode"] == "opening", [h.message for h in hits]


# ------------------------------------------------------------------ a gap there almost at once (memorisation)

def _memorising_run(seed, evals, fit_frac, val_after, noise, total=20000, every=20):
    """The training loss falls to ~0 within ``fit_frac`` of the run; validation (``evals`` evaluations) then
    'rises' (memorisation: val climbs and stays far above), 'groks' (comes down to the training loss at half
    the run) or 'tracks' (a healthy run whose validation follows training at a modest gap)."""
    rng = np.random.default_rng(seed)
    st = np.arange(0, total + 1, every)
    tr = 4.7 * np.exp(-st / (fit_frac * total / 5.0)) + 1e-4
    tr = tr * np.exp(rng.normal(0, noise, len(st)))
    vs = np.linspace(0, total, evals + 1).astype(int)
    if val_after == "rises":
        v = 4.7 + 3.0 * np.clip(vs / (0.2 * total), 0, 1)
    elif val_after == "groks":
        v = np.where(vs < total / 2, 6.0, 1e-3)
    else:
        v = 1.3 * (4.7 * np.exp(-vs / (fit_frac * total / 5.0)) + 1e-4) + 0.05
    v = v * np.exp(rng.normal(0, noise, len(vs)))
    return make_run(train_loss=(st, tr), val_loss=(vs, v))


@pytest.mark.parametrize("evals", [20, 100, 400])
@pytest.mark.parametrize("noise", [0.02, 0.1])
@pytest.mark.parametrize("fit_frac", [0.005, 0.02])
def test_a_training_set_memorised_at_once_is_a_gap_even_as_validation_rises(evals, noise, fit_frac):
    for seed in range(2):
        hits = run_detector(NAME, _memorising_run(seed, evals, fit_frac, "rises", noise))
        assert len(hits) == 1 and hits[0].evidence["mode"] == "opened-at-once", hits
        assert hits[0].severity is None and "almost at once" in hits[0].message


@pytest.mark.parametrize("val_after", ["groks", "tracks"])
@pytest.mark.parametrize("evals", [20, 100, 400])
def test_a_gap_that_closes_or_a_run_that_fits_slowly_is_not_memorisation(val_after, evals):
    for seed in range(2):
        for fit_frac in (0.005, 0.3):
            hits = run_detector(NAME, _memorising_run(seed, evals, fit_frac, val_after, 0.05))
            assert not [h for h in hits if h.evidence.get("mode") == "opened-at-once"], hits
    # and a training loss that takes most of the run to fall does not count, however wide the gap gets
    hits = run_detector(NAME, _memorising_run(0, 100, 0.6, "rises", 0.05))
    assert not [h for h in hits if h.evidence.get("mode") == "opened-at-once"]


def test_real_memorisation_without_grokking():
    """modadd-adamw-wd0.1-memorises: train accuracy 1.0 from step 200, train loss -> 1e-7, test loss 20-45."""
    hits = run_detector(NAME, real_run("csv_custom/modadd-adamw-wd0.1-memorises"))
    assert len(hits) == 1 and hits[0].evidence["mode"] == "opened-at-once" and hits[0].step <= 200
