"""schedule-ended-early (S001): schedules that hit their floor early vs ones that end on time; degenerate; real runs."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import (
    make_run,
    real_run,
    real_runs,
    run_detector,
)

NAME = "schedule-ended-early"


def linear_warmup_decay(n, total, warm=30, peak=3e-4):
    s = np.arange(n)
    f = np.where(s < warm, (s + 1) / warm, np.maximum(0.0, (total - s) / (total - warm)))
    return peak * f


def cosine(n, warm=100, peak=1e-3, floor=0.0):
    s = np.arange(n)
    p = np.clip((s - warm) / (n - warm), 0, 1)
    f = np.where(s < warm, (s + 1) / warm, floor + (1 - floor) * 0.5 * (1 + np.cos(np.pi * p)))
    return peak * f


def loss_curve(n, stall_at=None, seed=0):
    rng = np.random.default_rng(seed)
    x = np.arange(n, dtype=float)
    if stall_at is not None:
        x = np.minimum(x, stall_at)
    return (0.4 + 1.9 * np.exp(-x / (0.25 * n))) * np.exp(rng.normal(0, 0.03, n))


def test_grad_accum_misaligned_linear_schedule():
    n = 900
    lr = linear_warmup_decay(n, total=300)  # scheduler stepped 3x per optimizer step
    hits = run_detector(NAME, make_run(lr=lr, train_loss=loss_curve(n, stall_at=300)))
    assert len(hits) == 1
    h = hits[0]
    assert 280 <= h.step <= 320
    assert 0.6 < h.evidence["floor_share"] < 0.7
    assert h.confidence >= 0.75 and "still falling" in h.message
    assert h.causes[0] == "scheduler-misaligned"


def test_step_decay_to_5_percent_midway():
    # detectron2 medical-waste: 5e-5 for the first part, then 2.5e-6 for the last 62%
    n = 200
    steps = np.arange(n) * 20 + 19
    lr = np.where(steps < 1500, 5e-5, 2.5e-6)
    hits = run_detector(NAME, make_run(lr=(steps, lr), train_loss=(steps, loss_curve(n, stall_at=75))))
    assert len(hits) == 1 and hits[0].causes[0] == "schedule-decayed-early"


def test_confidence_lower_when_loss_keeps_falling_at_the_floor():
    n = 900
    lr = linear_warmup_decay(n, total=300)
    strong = run_detector(NAME, make_run(lr=lr, train_loss=loss_curve(n, stall_at=300)))[0]
    weak = run_detector(NAME, make_run(lr=lr, train_loss=loss_curve(n)))[0]
    assert weak.confidence < strong.confidence
    alone = run_detector(NAME, make_run(lr=lr))[0]
    assert 0.5 <= alone.confidence <= 0.75


@pytest.mark.parametrize("lr", [
    cosine(1500),                                      # cosine ending at the last step
    cosine(2500, floor=0.05),                          # cosine to a 5% floor at the end
    linear_warmup_decay(800, total=800),               # HF linear to 0 at the end
    np.full(1000, 1e-3),                               # constant
    np.minimum(1.0, (np.arange(1000) + 1) / 100) * 1e-3,  # warmup then constant
    1e-3 * 0.5 ** np.floor(np.arange(630) / 90),       # ReduceLROnPlateau halvings to the end
    np.where(np.arange(1000) < 300, 1e-3, 1e-4),       # a single 10x step: still a meaningful LR
    np.concatenate([cosine(500), cosine(500)]),        # warm restarts
    1e-3 * np.where(np.arange(900) < 600, 1.0, np.where(np.arange(900) < 800, 0.1, 0.01)),  # 0.1/0.01 at the end
])
def test_silent_on_normal_schedules(lr):
    assert run_detector(NAME, make_run(lr=lr, train_loss=loss_curve(len(lr)))) == []


def test_classic_three_stage_step_schedule_is_not_flagged():
    # ResNet-style 0.1 / 0.01 / 0.001 at epochs 30 and 60 of 90: a third at the final LR by design
    e = np.arange(90)
    lr = 0.1 * np.where(e < 30, 1.0, np.where(e < 60, 0.1, 0.01))
    assert run_detector(NAME, make_run(lr=lr, train_loss=loss_curve(90))) == []


def test_epoch_level_sparse_lr():
    lr = np.array([1e-3, 1e-3, 5e-4, 1e-4, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6])
    hits = run_detector(NAME, make_run(lr=lr))
    assert len(hits) == 1 and hits[0].step == 4


def test_million_points_fast():
    import time

    n = 1_000_000
    run = make_run(lr=linear_warmup_decay(n, total=n // 3, warm=1000), train_loss=loss_curve(n, stall_at=n // 3))
    run.series("lr"), run.series("train_loss")
    t = time.perf_counter()
    hits = run_detector(NAME, run)
    assert time.perf_counter() - t < 0.3
    assert len(hits) == 1 and abs(hits[0].step - n // 3) < n // 100


@pytest.mark.parametrize("steps", [np.arange(900)[::-1], np.repeat(np.arange(450), 2), np.arange(900) - 5000,
                                   np.arange(900) + 2**53 + 10])
def test_odd_steps(steps):
    out = run_detector(NAME, make_run(lr=(steps, linear_warmup_decay(900, total=300))))
    assert isinstance(out, list)


# ------------------------------------------------------------------------------------------ real runs

def test_real_runs():
    fired = set()
    for rel, r in real_runs():
        if run_detector(NAME, r):
            fired.add(rel)
    # detectron2: lr 5e-5 -> 2.5e-6 (5%) at iteration ~1,500 of 4,000 while the loss was still falling; flat after
    assert "jsonl_detectron2/medical-waste-frcnn" in fired
    for name in ["keras_csvlogger/sleep-apnea-cnn", "keras_csvlogger/eng-javanese-lstm",
                 "hf_trainer_state/t5-summarization-demo", "tfevents/t5-summarization-demo",
                 "hf_trainer_state/tinyllama-trl-sft", "wandb_offline/cifar10-resnet-sjgsz037",
                 "hf_trainer_state/geollm-memorize", "hf_trainer_state/mcfed-drl", "wandb_offline/tinylm-kj3gdsjx",
                 "tfevents/satd-lightning-240ep", "yolo_results_csv/yolov5-4105-exp2"]:
        assert name not in fired, name


# ------------------------------------------------------------------------- a schedule that ran out too soon
def _ran_out_run(evals=50, total=5000, still_climbing=True, lr_to_zero=True, seed=0, percent=False):
    rng = np.random.default_rng(seed)
    st = np.arange(0, total, 10)
    lr = cosine(len(st), warm=len(st) // 20, peak=1e-2, floor=0.0 if lr_to_zero else 0.5)
    es = np.linspace(total / evals, total - 10, evals).round().astype(int)
    if still_climbing:  # mAP still rising almost linearly when the schedule ends
        m = 0.05 + 0.5 * (es / total) ** 1.1
    else:  # converged long before the end
        m = 0.55 - 0.5 * np.exp(-es / (0.12 * total))
    m = np.clip(m + 0.005 * rng.standard_normal(evals), 0, 1) * (100 if percent else 1)
    return make_run(**{"train/loss": (st, 2.0 / (1 + st / 500)), "lr": (st, lr), "metrics/mAP_0.5": (es, m)})


@pytest.mark.parametrize("evals", [8, 50, 300])
@pytest.mark.parametrize("total", [2000, 50000])
@pytest.mark.parametrize("percent", [False, True])
def test_schedule_that_ran_out_while_the_metric_climbs_is_info(evals, total, percent):
    hits = run_detector(NAME, _ran_out_run(evals=evals, total=total, percent=percent))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].evidence["mode"] == "ran-out"
    assert "still climbing" in hits[0].message


@pytest.mark.parametrize("evals", [8, 50, 300])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_converged_metric_or_unfinished_decay_is_not_reported(evals, seed):
    assert run_detector(NAME, _ran_out_run(evals=evals, still_climbing=False, seed=seed)) == []
    assert run_detector(NAME, _ran_out_run(evals=evals, lr_to_zero=False, seed=seed)) == []


def test_real_yolov5_whose_map_still_climbed_when_its_schedule_ended():
    hits = run_detector(NAME, real_run("tfevents/yolov5-cells-50ep-cut-short"))
    assert len(hits) == 1 and hits[0].evidence["mode"] == "ran-out"
