"""plateau-at-chance (P001): synthetic curves with realistic noise, sample runs, degenerate inputs, real runs."""

from __future__ import annotations

import math

import numpy as np
import pytest
from _helpers import (
    make_run,
    real_run,
    real_runs,
    run_detector,
)

NAME = "plateau-at-chance"


def chance_run(k, n=2000, noise=0.03, seed=0, every=1, acc=True, init_excess=0.05, **extra):
    """A K-class model trained on labels detached from the inputs: a short drop onto log K, then flat."""
    rng = np.random.default_rng(seed)
    steps = np.arange(n) * every
    lk = math.log(k)
    loss = lk + init_excess * lk * np.exp(-np.arange(n) / (0.01 * n)) + rng.normal(0, noise * lk, n)
    tags = {"train_loss": (steps, np.abs(loss))}
    if acc:
        tags["train_acc"] = (steps, np.clip(rng.normal(1 / k, 0.03, n), 0, 1))
    tags.update(extra)
    return make_run(**tags)


def healthy(n=2000, seed=1, start=2.3, end=0.2):
    rng = np.random.default_rng(seed)
    x = np.arange(n)
    loss = end + (start - end) * np.exp(-x / (0.15 * n))
    return loss * np.exp(rng.normal(0, 0.08, n))


@pytest.mark.parametrize("k", [2, 10, 100, 1000])
def test_fires_at_log_k(k):
    hits = run_detector(NAME, chance_run(k))
    assert len(hits) == 1
    h = hits[0]
    assert h.evidence["num_classes"] == k
    assert h.evidence["plateau_share"] > 0.9
    assert h.step <= 200
    assert h.severity is None  # the rule's error
    assert h.confidence > 0.8  # loss and accuracy agree


def test_fires_without_accuracy_on_binary_noisy_minibatches():
    # vst-t2wihhdg-like: a binary task, per-step minibatch loss very noisy around ln 2
    rng = np.random.default_rng(3)
    n = 3000
    loss = np.abs(0.693 + rng.standard_t(3, n) * 0.15)
    hits = run_detector(NAME, make_run(train_loss=loss))
    assert len(hits) == 1 and hits[0].evidence["num_classes"] == 2
    assert 0.6 <= hits[0].confidence <= 0.85  # K inferred from the loss alone


def test_sparse_logging_every_500_steps():
    hits = run_detector(NAME, chance_run(10, n=20, every=500, noise=0.01))
    assert len(hits) == 1 and hits[0].evidence["num_classes"] == 10


def test_percent_accuracy_is_understood():
    rng = np.random.default_rng(4)
    run = chance_run(10, acc=False, train_acc=(np.arange(2000), np.clip(rng.normal(10, 2, 2000), 0, 100)))
    assert len(run_detector(NAME, run)) == 1


def test_silent_on_healthy_descent():
    assert run_detector(NAME, make_run(train_loss=healthy())) == []


def test_silent_when_loss_passes_through_log_k():
    rng = np.random.default_rng(5)
    loss = np.linspace(3.5, 0.3, 1500) * np.exp(rng.normal(0, 0.05, 1500))
    assert run_detector(NAME, make_run(train_loss=loss)) == []


def test_silent_on_grokking_train_loss():
    # grokking: train loss collapses to ~0 early while validation sits at chance; train is the subject here
    n = 500
    x = np.arange(n)
    p = 37
    train = math.log(p) * np.exp(-x / 20) + 1e-3
    val = np.full(n, math.log(p)) * (1 + np.random.default_rng(6).normal(0, 0.01, n))
    run = make_run(train_loss=train, val_loss=val, train_acc=np.minimum(1, x / 50), val_acc=np.full(n, 1 / p))
    hits = run_detector(NAME, run)
    # the training loss is not at chance; what is, is the validation accuracy (training fitted, validation never
    # beat 1/K: memorised labels that do not transfer, so the labels come first, delayed generalisation later)
    assert [h.evidence.get("metric") for h in hits] == ["val_acc"]
    assert hits[0].causes[0] == "labels-detached" and "delayed-generalisation" in hits[0].causes


def test_silent_on_regression_loss_converged_near_ln2():
    rng = np.random.default_rng(7)
    n = 1500
    x = np.arange(n)
    loss = 0.69 + 4.3 * np.exp(-x / 60) + rng.normal(0, 0.01, n)  # MSE falls from 5 onto 0.69 and stays
    assert run_detector(NAME, make_run(train_loss=loss)) == []


def test_silent_on_regression_tag_names():
    run = chance_run(2, acc=False)
    run2 = make_run(**{"train/mse_loss": run.series("train_loss").to_numpy()})
    assert run_detector(NAME, run2) == []


def test_silent_on_slow_creep_through_the_band():
    # a pretrained model fine-tuning slowly: 1.99 -> 1.77 (t5-summarization-demo), not at chance
    rng = np.random.default_rng(8)
    loss = np.linspace(2.35, 2.12, 800) * np.exp(rng.normal(0, 0.01, 800))
    assert run_detector(NAME, make_run(train_loss=loss)) == []


def test_silent_when_accuracy_shows_learning():
    run = chance_run(2, acc=False, train_acc=(np.arange(2000), np.full(2000, 0.83)))
    assert run_detector(NAME, run) == []


def test_uncommon_k_needs_the_option():
    run = chance_run(7, acc=False)
    assert run_detector(NAME, run) == []  # 7 classes is not inferred from a loss level alone
    hits = run_detector(NAME, run, num_classes=7)
    assert len(hits) == 1 and hits[0].evidence["k_source"] == "given"


def test_escape_after_long_plateau_is_a_warning():
    rng = np.random.default_rng(9)
    n = 2000
    lk = math.log(10)
    loss = np.where(np.arange(n) < 1500, lk, lk * np.exp(-(np.arange(n) - 1500) / 100)) + rng.normal(0, 0.02, n)
    hits = run_detector(NAME, make_run(train_loss=np.abs(loss)))
    assert len(hits) == 1
    assert hits[0].severity == "warning" and hits[0].confidence < 0.6


def test_accuracy_only_run():
    rng = np.random.default_rng(10)
    run = make_run(train_acc=np.clip(rng.normal(0.1, 0.01, 300), 0, 1))
    hits = run_detector(NAME, run)
    assert len(hits) == 1 and hits[0].evidence["num_classes"] == 10
    run2 = make_run(train_acc=np.linspace(0.1, 0.9, 300))
    assert run_detector(NAME, run2) == []


def test_lr_zero_reranks_causes():
    run = chance_run(10, lr=(np.arange(2000), np.zeros(2000)))
    h = run_detector(NAME, run)[0]
    assert h.causes[0] == "optimizer-not-stepping"


@pytest.mark.parametrize("steps", [
    np.arange(300)[::-1],                     # backwards
    np.repeat(np.arange(150), 2),             # duplicates
    np.arange(300) - 1000,                    # negative
    np.arange(300) + 2**53 + 10,              # beyond float precision
])
def test_odd_steps(steps):
    v = np.full(len(steps), math.log(10)) + np.random.default_rng(0).normal(0, 0.01, len(steps))
    out = run_detector(NAME, make_run(train_loss=(steps, v)))
    assert len(out) == 1


def test_exactly_constant_at_log_k_blames_frozen_params():
    run = make_run(train_loss=np.full(100, math.log(10)))
    h = run_detector(NAME, run)[0]
    assert h.causes[0] == "frozen-params"


# ------------------------------------------------------------------------------------------ real runs

def test_real_runs():
    fired = {}
    for rel, r in real_runs():
        if run_detector(NAME, r):
            fired[rel] = True
    # VerySimpleTransformer at LR 1e-3: train loss 0.697 ~ ln 2 for all 2,912 steps (the LR 3e-4 run learns)
    assert "wandb_offline/vst-t2wihhdg" in fired
    for healthy_or_learning in ["wandb_offline/vst-r8mtbfdx-killed", "wandb_offline/loss-plateau-79u2qtit",
                                "hf_trainer_state/t5-summarization-demo", "tfevents/t5-summarization-demo",
                                "wandb_offline/scaling-ngram-6nb28wca", "tfevents/camels-ch-lightning-v125",
                                "hf_trainer_state/whisper-bashkir-gradspikes", "tfevents/satd-lightning-240ep"]:
        assert healthy_or_learning not in fired, healthy_or_learning


def test_collapse_after_learning_ranks_lr_before_detached_labels():
    """A loss that was far below log(K) before sitting at it learned the labels: they are not detached."""
    import math

    import numpy as np
    from _helpers import make_run, run_detector

    rng = np.random.default_rng(3)
    t = np.arange(1500)
    loss = np.where(t < 300, 2.3 * np.exp(-t / 80) + 0.4, math.log(10)) + rng.normal(0, 0.02, t.size)
    hits = run_detector("plateau-at-chance", make_run(train_loss=loss))
    assert hits and hits[0].causes[0] == "lr-too-high"
    assert hits[0].evidence["learned_before_plateau"] is True
    flat = math.log(10) + rng.normal(0, 0.02, t.size)
    hits = run_detector("plateau-at-chance", make_run(train_loss=flat))
    assert hits and hits[0].causes[0] == "labels-detached"


def test_noisy_tiny_batch_loss_whose_median_sits_near_log4_is_not_chance():
    """Held-out 10-class MLP, plain SGD lr 0.2, batch 4, logged every 20 steps: the per-batch loss bounces between
    ~0.3 and ~3 (lognormal, sigma ~0.6 of its level) and its median drifts to ~1.3, near log 4 = 1.386. K is not
    known; a model at chance would output one distribution for every input and log an almost constant loss."""
    rng = np.random.default_rng(31)
    steps = np.arange(0, 6000, 20)
    median = np.where(steps < 2000, 0.8, 1.3)
    loss = median * np.exp(rng.normal(0, 0.8, steps.size))
    assert run_detector(NAME, make_run(train_loss=(steps, loss))) == []
    # the same level with the tiny noise of a real chance plateau still fires
    flat = math.log(4) * np.exp(rng.normal(0, 0.005, steps.size))
    assert run_detector(NAME, make_run(train_loss=(steps, flat)))


def test_layers_starved_of_gradient_rank_vanishing_gradients_first():
    import math

    import numpy as np
    from _helpers import make_run, run_detector

    rng = np.random.default_rng(4)
    n = 1200
    loss = math.log(10) + rng.normal(0, 0.02, n)
    layers = {f"grad_norm/layer_{i:02d}": 10.0 ** (-8 + i) * (1 + 0.1 * rng.random(n)) for i in range(8)}
    hits = run_detector("plateau-at-chance", make_run(train_loss=loss, **layers))
    assert hits and hits[0].causes[0] == "vanishing-gradients" and hits[0].evidence["layer_grad_spread"] > 1e6
    even = {f"grad_norm/layer_{i:02d}": 0.5 * (1 + 0.1 * rng.random(n)) for i in range(8)}
    hits = run_detector("plateau-at-chance", make_run(train_loss=loss, **even))
    assert hits and hits[0].causes[0] == "labels-detached"


# ------------------------------------------------------------------------------------------ held-out metrics

@pytest.mark.parametrize("n_loss", [68, 600])
@pytest.mark.parametrize("evals,fires", [(3, False), (4, True), (10, True)])
def test_a_metric_at_zero_over_a_few_evaluations(n_loss, evals, fires):
    # a segmentation model whose dice is 0 at every evaluation never produced a correct output; evaluations
    # are few by nature, so their count (not the loss's) decides; 3 could all fall inside a warm-up
    rng = np.random.default_rng(evals)
    loss = 1.5 * np.exp(rng.normal(0, 0.04, n_loss))
    vs = np.linspace(n_loss // evals, n_loss - 1, evals).astype(int)
    run = make_run(train_loss=loss, **{"val/dice": (vs, np.zeros(evals))})
    hits = [h for h in run_detector(NAME, run) if h.evidence.get("metric") == "val/dice"]
    assert bool(hits) == fires
    # the same run with a dice that left the floor is not at chance
    run = make_run(train_loss=loss, **{"val/dice": (vs, np.linspace(0.05, 0.6, evals))})
    assert not [h for h in run_detector(NAME, run) if h.evidence.get("metric") == "val/dice"]


@pytest.mark.parametrize("n", [150, 200, 400])
@pytest.mark.parametrize("batch", [8, 16, 32])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_early_noisy_snapshot_of_a_falling_loss_is_not_a_plateau(n, batch, seed):
    """The first few hundred points of a healthy run (what a live monitor sees early on): the loss falls steadily
    through some log(K) under heavy minibatch noise. A robust trend over the whole stretch says it is learning,
    where two fifths of a short noisy plateau could not tell."""
    rng = np.random.default_rng(seed)
    st = np.arange(n)
    loss = (2.3 * np.exp(-st / 300) + 0.3) * rng.gamma(batch, 1.0 / batch, n)
    assert run_detector(NAME, make_run(loss=loss)) == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_flat_noisy_chance_plateau_is_still_one(seed):
    rng = np.random.default_rng(seed)
    loss = np.log(10) * (1 + 0.03 * rng.standard_normal(400))
    assert len(run_detector(NAME, make_run(loss=loss))) == 1


@pytest.mark.parametrize("sessions", [4, 7])
@pytest.mark.parametrize("n_loss", [120, 900])
def test_every_recorded_evaluation_counts_when_sessions_re_evaluate_the_same_step(sessions, n_loss):
    # restarted sessions appended to one log each evaluate at step 0: the step-resolved series keeps one value,
    # but every evaluation the log recorded says whether the model ever left the floor
    rng = np.random.default_rng(sessions)
    loss = 3.0 * np.exp(rng.normal(0, 0.05, n_loss))
    zeros = (np.zeros(sessions, dtype=int), np.zeros(sessions))
    run = make_run(train_loss=loss, **{"coco/bbox_mAP": zeros})
    hits = [h for h in run_detector(NAME, run) if h.evidence.get("metric") == "coco/bbox_mAP"]
    assert hits and hits[0].evidence["evaluations"] == sessions
    # the later sessions scored above the floor: the model learned something
    vals = np.zeros(sessions)
    vals[sessions // 2:] = 0.3
    run = make_run(train_loss=loss, **{"coco/bbox_mAP": (np.zeros(sessions, dtype=int), vals)})
    assert not [h for h in run_detector(NAME, run) if h.evidence.get("metric") == "coco/bbox_mAP"]


@pytest.mark.parametrize("train_acc", [0.75, 0.98])
def test_a_training_score_only_vetoes_a_held_out_metric_of_its_own_kind(train_acc):
    # a two-stage detector's proposal classifier is right about background most of the time (train s0.acc 98%)
    # while the box mAP stays 0: that accuracy says nothing about the boxes, the detector never learned
    rng = np.random.default_rng(3)
    n, evals = 600, 12
    vs = np.linspace(50, n - 1, evals).astype(int)
    loss = 2.0 * np.exp(rng.normal(0, 0.05, n))
    acc = np.clip(train_acc + rng.normal(0, 0.01, n), 0, 1)
    run = make_run(train_loss=loss, **{"s0.acc": acc, "val/coco/bbox_mAP": (vs, np.zeros(evals))})
    assert [h for h in run_detector(NAME, run) if h.evidence.get("metric") == "val/coco/bbox_mAP"]
    # a training ACCURACY far above a held-out accuracy stuck at 1/K is not a model that never learned: it
    # memorised training labels that say nothing about the inputs (shuffled labels), so the labels come first
    run = make_run(train_loss=loss, **{"train/acc": acc, "val/acc": (vs, np.full(evals, 0.05))})
    hits = [h for h in run_detector(NAME, run) if h.evidence.get("metric") == "val/acc"]
    assert hits and hits[0].causes[0] == "labels-detached" and "never beat chance" in hits[0].message


def test_thresholds_printed_with_a_config_are_settings_not_metrics():
    from curvedoc.model.metrics import classify

    for tag in ("neg_iou_thr", "pos_iou_thr", "score_thr", "nms_thr"):
        assert classify(tag) is None, tag
    assert classify("val/coco/bbox_mAP") is not None


@pytest.mark.parametrize("k", [2, 10, 100])
@pytest.mark.parametrize("n", [40, 800])
def test_a_loss_that_is_nan_throughout_leaves_the_accuracy_as_the_evidence(k, n):
    rng = np.random.default_rng(k)
    acc = np.clip(rng.normal(1 / k, 0.01 / k, n), 0, 1)
    run = make_run(train_loss=np.full(n, np.nan), train_acc=acc)
    hits = run_detector(NAME, run)
    assert hits and hits[0].evidence["num_classes"] == k and "no finite values" in hits[0].message
    # an accuracy that climbs is no plateau
    run = make_run(train_loss=np.full(n, np.nan), train_acc=np.linspace(1 / k, 0.9, n))
    assert not run_detector(NAME, run)


@pytest.mark.parametrize("n", [4, 5, 10, 101, 300, 2000])
@pytest.mark.parametrize("ties", [False, True])
def test_theil_sen_matches_scipy_and_the_full_sort(n, ties):
    """The robust slope behind the plateau drift test: median pairwise slope and Kendall-based 99% bounds as
    scipy.stats.theilslopes computes them for distinct steps (scipy is a required dependency; curvedoc takes four
    order statistics instead of sorting n^2/2 slopes). With tied steps the bounds keep the untied variance: the
    same numbers as the full sort it replaced."""
    from scipy.stats import theilslopes

    from curvedoc.detectors._signal import theil_sen

    rng = np.random.default_rng(n)
    x = np.sort(rng.integers(0, 3 * n, n)).astype(float) if ties else np.arange(n, dtype=float)
    y = 0.01 * x + rng.normal(size=n)
    ref = theilslopes(y, x, alpha=0.99)
    med, lo, hi = theil_sen(x, y, z=2.5758293035489004, max_points=10**6)  # scipy's exact z for 99%
    assert med == pytest.approx(ref.slope, rel=1e-12, abs=1e-15)
    if not ties:
        assert lo == pytest.approx(ref.low_slope, rel=1e-12, abs=1e-15)
        assert hi == pytest.approx(ref.high_slope, rel=1e-12, abs=1e-15)
    med, lo, hi = theil_sen(x, y, max_points=10**6)
    i, j = np.triu_indices(n, 1)
    keep = x[j] != x[i]
    slopes = np.sort((y[j] - y[i])[keep] / (x[j] - x[i])[keep])
    m = len(slopes)
    sigma = math.sqrt(n * (n - 1) * (2 * n + 5) / 18.0)
    assert med == float(np.median(slopes))
    assert lo == slopes[int(np.clip(round((m - 2.576 * sigma) / 2.0) - 1, 0, m - 1))]
    assert hi == slopes[int(np.clip(round((m + 2.576 * sigma) / 2.0), 0, m - 1))]


# ------------------------------------------------------------- a frozen predictor: the same accuracy at every point

@pytest.mark.parametrize("k", [2, 10, 100])
@pytest.mark.parametrize("n", [3, 5])
def test_an_accuracy_identical_at_every_point_at_one_over_k_is_judged_from_three_points(k, n):
    """NaN weights or a dead network: the predictions no longer change, the accuracy repeats to the digit."""
    st = np.arange(1, n + 1) * 350
    acc = np.full(n, round(1.0 / k, 4))
    hits = run_detector(NAME, make_run(train_loss=(st, np.full(n, np.nan)), train_acc=(st, acc)))
    assert len(hits) == 1 and "at all" in hits[0].message and hits[0].evidence["num_classes"] == k


def test_few_accuracy_points_that_move_or_sit_above_chance_are_not_judged():
    st = np.array([350, 700, 1050])
    loss = np.full(3, np.nan)
    moving = np.array([0.095, 0.101, 0.098])  # near chance, but not frozen: 3 noisy points say little
    assert run_detector(NAME, make_run(train_loss=(st, loss), train_acc=(st, moving))) == []
    frozen_high = np.full(3, 0.62)  # frozen, but at no 1/K: a model that stopped learning after learning
    assert run_detector(NAME, make_run(train_loss=(st, loss), train_acc=(st, frozen_high))) == []


def test_real_nan_loss_with_accuracy_frozen_at_chance():
    """lightning-wrn-cifar10: train_loss=nan.0 from the first visible update, top1 0.0898 at all 3 bars."""
    hits = run_detector(NAME, real_run("text_log/lightning-wrn-cifar10-nan-loss-chance-interrupted"))
    assert len(hits) == 1 and "at all 3 points" in hits[0].message


def test_order_statistics_are_the_introselects_to_the_sign_of_zero():
    """theil_sen's order statistics come from one single-index partition each: np.partition's values at the same
    indexes, signed zeros included (a zero among them is read from the several-index introselect)."""
    import math

    from curvedoc.detectors._signal import _order_statistics

    rng = np.random.default_rng(11)
    for _ in range(300):
        n = int(rng.integers(1, 300))
        a = rng.choice([0.0, -0.0, 1.0, -1.0, 2.5], size=n) if rng.random() < 0.5 else rng.normal(size=n)
        kth = sorted(set(rng.integers(0, n, size=int(rng.integers(1, 5))).tolist()))
        ref, got = np.partition(a, kth)[kth], _order_statistics(a, kth)[kth]
        assert all(x == y and math.copysign(1, x) == math.copysign(1, y) for x, y in zip(ref, got))
