"""metric-regression (M001): a held-out metric that ends clearly worse than its best, on synthetic families (eval
count, noise, direction, scale) and on the real runs that showed the rule."""

import numpy as np
import pytest
from _helpers import make_run, real_run, real_runs, run_detector


def _acc_curve(n, peak_at, drop, rng, noise=0.005, start=0.5, top=0.85):
    x = np.linspace(0, 1, n)
    up = start + (top - start) * np.minimum(1, x / max(peak_at, 1e-9))
    down = np.where(x > peak_at, drop * (x - peak_at) / max(1e-9, 1 - peak_at), 0.0)
    return np.clip(up - down + noise * rng.standard_normal(n), 0, 1)


@pytest.mark.parametrize("n", [4, 8, 30, 200])
@pytest.mark.parametrize("noise", [0.002, 0.01])
def test_accuracy_that_falls_10_points_is_found(n, noise):
    rng = np.random.default_rng(n)
    # below 6 evaluations their noise cannot be measured, so the fall must clear twice the 5-point floor
    # (few_evals_factor): 10 points is then the edge, 12 is clear
    acc = _acc_curve(n, 0.3, 0.10 if n >= 6 else 0.12, rng, noise=noise)
    run = make_run(train_loss=np.linspace(2, 0.1, 100), val_accuracy=(np.linspace(0, 99, n).astype(int), acc))
    hits = run_detector("metric-regression", run)
    assert len(hits) == 1 and hits[0].evidence["tag"] == "val_accuracy"


@pytest.mark.parametrize("n", [4, 8, 30, 200])
@pytest.mark.parametrize("noise", [0.002, 0.01])
def test_accuracy_that_plateaus_is_silent(n, noise):
    rng = np.random.default_rng(100 + n)
    acc = _acc_curve(n, 0.5, 0.0, rng, noise=noise)
    run = make_run(train_loss=np.linspace(2, 0.1, 100), val_accuracy=(np.linspace(0, 99, n).astype(int), acc))
    assert run_detector("metric-regression", run) == []


def test_percent_scale_and_lower_is_better():
    wer = np.array([17.7, 29.6, 31.3, 28.4])  # a WER that got worse after the first evaluation
    run = make_run(train_loss=np.linspace(1, 0.2, 60), eval_wer=(np.array([250, 500, 1000, 1500]), wer))
    hits = run_detector("metric-regression", run)
    assert len(hits) == 1 and "lower is better" in hits[0].message and hits[0].step == 250
    better = make_run(train_loss=np.linspace(1, 0.2, 60), eval_wer=(np.array([250, 500, 1000, 1500]), wer[::-1] * 0 + [30, 25, 21, 20]))
    assert run_detector("metric-regression", better) == []
    pct = make_run(val_acc=(np.arange(6), np.array([40.0, 60.0, 72.0, 70.0, 61.0, 58.0])))
    assert len(run_detector("metric-regression", pct)) == 1


def test_swinging_metric_needs_a_lasting_drop():
    rng = np.random.default_rng(2)
    # a metric that always swings +-8 points around a flat level: its last value being low is noise
    acc = 0.7 + 0.08 * np.sign(np.sin(np.arange(40) * 1.3)) + 0.01 * rng.standard_normal(40)
    assert run_detector("metric-regression", make_run(train_loss=np.linspace(2, 1, 40), val_acc=acc)) == []


def test_val_loss_of_a_run_without_train_loss():
    run = make_run(val_loss=(np.arange(8) * 100, np.array([2.0, 1.5, 1.2, 1.1, 1.3, 1.5, 1.6, 1.7])))
    hits = run_detector("metric-regression", run)
    assert len(hits) == 1 and hits[0].evidence["tag"] == "val_loss"


def test_per_step_reward_judged_on_its_median():
    rng = np.random.default_rng(4)
    r = np.where(rng.random(200) < 0.05, 0.125, 0.0)  # mostly 0, a lucky batch now and then
    assert run_detector("metric-regression", make_run(reward=r)) == []


@pytest.mark.parametrize("rel, tag", [("hf_trainer_state/whisper-tr-killed-evalrise", "eval_wer"),
                                      ("lightning_csv/yolov3-lr0.09-nan-collapse", None),
                                      ("hf_trainer_state/multi-eval-groups", None)])
def test_real_runs_with_a_regressed_metric(rel, tag):
    hits = run_detector("metric-regression", real_run(rel))
    assert len(hits) == 1
    if tag:
        assert hits[0].evidence["tag"] == tag


@pytest.mark.parametrize("rel", ["hf_trainer_state/whisper-tiny-nbailab", "keras_csvlogger/handwritten-digit-cnn",
                                 "tfevents/camels-ch-lightning-v125",  # a domain classifier's accuracy: not a metric
                                 "keras_csvlogger/brain-tumor-cnn#4"])  # appended sessions: each its own run
def test_real_runs_without_regression(rel):
    rel, _, part = rel.partition("#")
    if part:  # one run of a file holding several (read as one run each): that run alone
        (run,) = [r for k, r in real_runs() if k == rel and r.name.endswith(f"#{part}")]
    else:
        run = real_run(rel)
    assert run_detector("metric-regression", run) == []
