"""Synthetic families of the kinds of run that curvedoc got wrong on logs nobody tuned on (issue 35).

Each family is drawn from a generative description (loss kind, K, length, logging interval, evaluation count,
noise), never from a visible run, and written in the formats people have (TensorBoard, Lightning CSV, a print log,
an HF trainer_state.json). Every member must get the verdict the family stands for.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import curvedoc
from _families import FORMATS, lr_blowup_to_chance, shuffled_labels, write
from _helpers import make_run, run_detector

SEEDS = range(8)


@pytest.mark.parametrize("fmt", FORMATS)
def test_lr_blowup_then_chance_is_failing_at_chance_with_the_lr_first(fmt, tmp_path):
    pytest.importorskip("tensorboardX")
    for seed in SEEDS:
        c = lr_blowup_to_chance(seed)
        rep = curvedoc.diagnose(str(write(c, fmt, tmp_path / str(seed))))
        assert len(rep.runs) == 1
        rr = rep.runs[0]
        what = f"seed {seed} ({fmt}): {[(f.code, f.severity) for f in rr.findings]}"
        assert rr.status == "failing", what
        assert rr.findings[0].name == "plateau-at-chance", what
        assert rr.top_causes[0]["id"] == "lr-too-high", what
        assert "exploded" in rr.findings[0].message, what


@pytest.mark.parametrize("fmt", FORMATS)
def test_shuffled_training_labels_are_at_chance_with_the_labels_first(fmt, tmp_path):
    # the model memorises the training labels while validation accuracy stays at 1/K the whole run: not ordinary
    # overfitting -- what it learned does not transfer at all, so the labels are the first thing to check
    pytest.importorskip("tensorboardX")
    for seed in SEEDS:
        c = shuffled_labels(seed)
        rr = curvedoc.diagnose(str(write(c, fmt, tmp_path / str(seed)))).runs[0]
        what = f"seed {seed} ({fmt}): {[(f.code, f.severity) for f in rr.findings]}"
        assert rr.status == "failing" and rr.findings[0].name == "plateau-at-chance", what
        assert rr.top_causes[0]["id"] == "labels-detached", what


# ------------------------------------------------------------------------ practically nothing: metric-regression
def _wandering_at_chance(seed):
    """A validation accuracy of a model at chance: 1/K plus the scatter of an evaluation set of a few hundred to a
    few thousand examples, drifting slowly, over 4-200 evaluations (K 2-100)."""
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 2, 3, 5, 10, 20, 100]))
    n = int(rng.integers(4, 200))
    size = int(rng.choice([200, 500, 1000, 5000]))
    sd = math.sqrt((1 / k) * (1 - 1 / k) / size)
    drift = np.zeros(n)  # a slow wander of the collapsed prediction, as large as the sampling scatter (AR(1))
    for i in range(1, n):
        drift[i] = 0.9 * drift[i - 1] + rng.normal(0, sd * math.sqrt(1 - 0.81))
    acc = np.clip(1 / k + rng.normal(0, sd, n) + drift, 0, 1)
    steps = np.arange(1, n + 1) * int(rng.choice([50, 100, 500]))
    train = 0.7 * np.exp(-np.arange(n * 10) / (n * 3)) + 0.01
    return make_run(train_loss=train, **{"val/acc": (steps, acc)}), k


def test_metric_regression_silent_on_an_accuracy_that_never_left_chance():
    fired = []
    for seed in range(300):
        run, k = _wandering_at_chance(seed)
        if run_detector("metric-regression", run):
            fired.append((seed, k))
    # at most 1%: a slow wander as large as a 200-example set's scatter reaches 2.5 sigmas once in a few hundred
    assert len(fired) <= 3, f"{len(fired)} of 300 accuracies at chance called a regression: {fired[:5]}"


@pytest.mark.parametrize("n", [3, 4, 5])
def test_metric_regression_with_few_evaluations_needs_a_drop_beyond_the_unmeasured_noise(n):
    # 3-5 evaluations of a healthy detector's AP: the best among them by 6-9 points is the scatter of one small
    # validation set, not a regression; a fall of 25 points is one whatever the noise
    steps = np.arange(1, n + 1) * 500
    for drop in (0.06, 0.09):
        ap = np.full(n, 0.85)
        ap[0] += drop
        assert not run_detector("metric-regression", make_run(train_loss=np.linspace(2, 0.3, 100),
                                                              **{"val/AP50": (steps, ap)})), drop
    ap = np.full(n, 0.85)
    ap[1:] -= 0.25
    assert run_detector("metric-regression", make_run(train_loss=np.linspace(2, 0.3, 100),
                                                      **{"val/AP50": (steps, ap)}))


def test_metric_regression_still_fires_on_a_real_decline():
    rng = np.random.default_rng(1)
    n = 30
    acc = np.concatenate([np.linspace(0.4, 0.8, 10), np.linspace(0.8, 0.6, 20)]) + rng.normal(0, 0.005, n)
    hits = run_detector("metric-regression", make_run(train_loss=np.linspace(2, 0.3, 300),
                                                      **{"val/acc": (np.arange(1, n + 1) * 10, acc)}))
    assert hits and "val/acc" in hits[0].message


# ------------------------------------------------------------------------------- loss kind: log(K) needs a CE
def _non_ce_start(seed):
    """A loss that is not one classifier's cross-entropy and starts high: a detection total (SSD/DSFD/RetinaNet
    localisation + confidence sums start at 19-30), a physics-informed residual, a summed reconstruction error."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(30, 3000))
    start = float(rng.uniform(19, 400))
    end = start * float(rng.uniform(0.005, 0.3))
    x = np.arange(n)
    loss = end + (start - end) * np.exp(-x / (n * rng.uniform(0.02, 0.3)))
    loss *= np.exp(rng.normal(0, rng.uniform(0.01, 0.15), n))
    name = str(rng.choice(["Loss", "loss", "train_loss", "total_loss", "train/loss"]))
    return make_run(**{name: loss})


def test_initial_loss_off_needs_a_cross_entropy_to_compare_with_log_k():
    fired = []
    for seed in range(200):
        run = _non_ce_start(seed)
        hits = [h for h in run_detector("initial-loss-off", run) if (h.severity or "warning") != "info"]
        if hits:
            fired.append(seed)
    assert not fired, f"{len(fired)} of 200 non-CE losses called 'far above log K': {fired[:5]}"


def test_initial_loss_off_still_judges_a_classifier_far_above_every_log_k():
    n = 400
    loss = np.concatenate([[60.0, 45.0], 2.3 * np.exp(-np.arange(n - 2) / 100) + 0.2])
    acc = (np.arange(0, n, 20), np.linspace(0.1, 0.9, n // 20))
    hits = run_detector("initial-loss-off", make_run(train_loss=loss, val_acc=acc))
    assert hits and hits[0].evidence.get("ratio", 0) > 2


def test_a_frozen_loss_at_a_vocabulary_sized_level_is_constant_not_chance():
    # a frozen reconstruction loss that happens to sit within 3% of log(V) for some tokenizer vocabulary V: with
    # nothing saying the loss is a token cross-entropy, the level names no K; the loss does not move, and that is
    # the finding (plateau-at-chance used to say 'uniform over 100,277 tokens', constant-loss deferred to it)
    from curvedoc.detectors._progress import VOCAB_SIZES

    for i, vocab in enumerate(VOCAB_SIZES[::3]):
        rng = np.random.default_rng(i)
        n = int(rng.integers(60, 600))
        level = math.log(vocab) * (1 + rng.choice([-1, 1]) * rng.uniform(0.005, 0.02))  # near log V, not on it
        loss = level + rng.normal(0, 2e-4 * level, n)
        loss[0] = level * 1.004
        val = (np.arange(1, n, 10), np.full(len(range(1, n, 10)), level * 1.003))
        run = make_run(Loss=loss, ValLoss=val)
        assert run_detector("plateau-at-chance", run) == [], vocab
        assert run_detector("constant-loss", run), vocab
        # the same loss named as a language model's (a token count logged) is at chance over the vocabulary
        lm = make_run(Loss=loss, ValLoss=val, num_input_tokens_seen=np.arange(n) * 4096.0)
        assert run_detector("plateau-at-chance", lm), vocab
        # and a loss at log V to the printed digit (a fine-tune collapsed to uniform) needs no other evidence
        exact = math.log(vocab) * (1 + rng.normal(0, 1e-5, n))
        exact[:3] = 1.6
        assert run_detector("plateau-at-chance", make_run(Loss=exact)), vocab


def test_a_noisy_flat_loss_with_gradients_flowing_is_not_a_frozen_model():
    # a LoRA fine-tune whose loss stays 2.1-2.2 (+-10% minibatch noise) under a cosine LR while its gradient norm
    # is ~1: the parameters are updated, the model learns nothing visible (underfitting), it is not frozen; with a
    # gradient norm of 0 (frozen parameters, detached graph) or none logged, constant-loss still says so
    for seed in range(20):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(60, 1000))
        loss = 2.15 * np.exp(rng.normal(0, 0.08, n))
        lr = 2e-4 * 0.5 * (1 + np.cos(np.pi * np.arange(n) / n))
        flowing = make_run(train_loss=loss, lr=lr, grad_norm=np.abs(1 + rng.normal(0, 0.2, n)))
        assert run_detector("constant-loss", flowing) == [], seed
        frozen = make_run(train_loss=loss, lr=lr, grad_norm=np.zeros(n))
        assert run_detector("constant-loss", frozen), seed
        assert run_detector("constant-loss", make_run(train_loss=loss, lr=lr)), seed


def test_a_detector_predicting_boxes_everywhere_never_left_the_floor():
    # mAP never above 2% while recall is high (boxes everywhere) and precision ~0: the combined metric judges,
    # the halves that trade against each other neither fire nor veto
    # (a training loss that does not move: one that clearly falls is a slow learner, underfitting's -- below)
    rng = np.random.default_rng(0)
    ev = np.arange(1, 51)
    run = make_run(train_loss=3.8 + rng.normal(0, 0.05, 500), **{
        "metrics/mAP50-95(B)": (ev, np.abs(rng.normal(0.005, 0.004, 50))),
        "metrics/precision(B)": (ev, np.abs(rng.normal(0.003, 0.001, 50))),
        "metrics/recall(B)": (ev, np.clip(rng.uniform(0.4, 0.96, 50), 0, 1))})
    hits = run_detector("plateau-at-chance", run)
    assert hits and hits[0].evidence["metric"] == "metrics/mAP50-95(B)"
    # without the combined metric, a recall far from the floor still says the model learned something
    run = make_run(train_loss=np.linspace(4, 3.6, 500), **{
        "metrics/precision(B)": (ev, np.abs(rng.normal(0.003, 0.001, 50))),
        "metrics/recall(B)": (ev, np.clip(rng.uniform(0.4, 0.96, 50), 0, 1))})
    assert run_detector("plateau-at-chance", run) == []


def _slow_detector(seed: int, *, fall: float, val_rise: float = 0.0):
    """A YOLO-like results table: box/cls/dfl losses whose sum falls by ``fall`` (a fraction) over 10-300 epochs
    with 1-8% noise, validation losses moving by ``val_rise``, mAP at 0.002-0.05 creeping up, precision/recall
    scattered (they trade against each other)."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([10, 25, 50, 100, 300]))
    ev = np.arange(1, n + 1)
    shape = np.exp(-ev / (n / 3))
    total = 1 - fall * (1 - shape) / (1 - shape[-1])
    noise = float(rng.uniform(0.01, 0.08)) / math.sqrt(max(1.0, n / 25))
    parts = {}
    for part, w in (("box", 0.4), ("cls", 0.35), ("dfl", 0.25)):
        base = float(rng.uniform(2, 6)) * w
        parts[f"train/{part}_loss"] = (ev, base * total * (1 + rng.normal(0, noise, n)))
        parts[f"val/{part}_loss"] = (ev, base * np.linspace(1, 1 + val_rise, n) * (0.97 * total[0] + 0.03 * total)
                                     * (1 + rng.normal(0, noise / 3, n)))
    top = float(rng.uniform(0.002, 0.05))
    parts["metrics/mAP50(B)"] = (ev, np.clip(np.linspace(0, top, n) + rng.normal(0, top / 10, n), 0, 1))
    parts["metrics/mAP50-95(B)"] = (ev, parts["metrics/mAP50(B)"][1] / 2)
    parts["metrics/precision(B)"] = (ev, np.clip(rng.uniform(0.0, 0.9, n), 0, 1))
    parts["metrics/recall(B)"] = (ev, np.clip(rng.uniform(0.0, 0.2, n), 0, 1))
    return make_run(**parts)


@pytest.mark.parametrize("seed", range(10))
def test_a_detector_whose_loss_falls_while_its_map_stays_low_learned_too_little(seed):
    # a detector or segmenter's score has no chance level: mAP 0.03 after 50 epochs beside a loss that fell 30% is a
    # model learning too slowly (too few epochs, LR too low), not one stuck at the prior
    rng = np.random.default_rng(100 + seed)
    run = _slow_detector(seed, fall=float(rng.uniform(0.15, 0.6)))
    names = [f.name for f in curvedoc.diagnose(run).runs[0].findings]
    assert "underfitting" in names and "plateau-at-chance" not in names, (seed, names)
    hit = run_detector("underfitting", run)[0]
    assert hit.evidence["mode"] == "localisation-floor" and hit.causes[0] == "too-few-steps"


@pytest.mark.parametrize("seed", range(6))
def test_a_detector_at_the_floor_whose_loss_did_not_fall_or_fitted_is_at_chance(seed):
    # the same score beside a loss that did not move, one that fell by two orders of magnitude (the training data
    # fitted, nothing transfers) or a validation loss that rose stays plateau-at-chance's
    for fall, rise in ((0.0, 0.0), (0.99, 0.0), (0.3, 0.8)):
        run = _slow_detector(seed, fall=fall, val_rise=rise)
        assert run_detector("plateau-at-chance", run), (seed, fall, rise)
        assert [h for h in run_detector("underfitting", run) if h.evidence.get("mode") == "localisation-floor"] == []
    # and a detector whose mAP left the floor is neither
    run = _slow_detector(seed, fall=0.3)
    ev, v = run.series("metrics/mAP50(B)").index.to_numpy(), run.series("metrics/mAP50(B)").to_numpy()
    fine = make_run(**{t: (run.series(t).index.to_numpy(), run.series(t).to_numpy()) for t in run.tags
                       if t != "metrics/mAP50(B)"}, **{"metrics/mAP50(B)": (ev, v + 0.3)})
    assert [h for h in run_detector("underfitting", fine) if h.evidence.get("mode") == "localisation-floor"] == []


def test_an_rl_run_stopped_before_its_planned_length_is_unfinished():
    # a GRPO-style checkpoint: 2,000 of max_steps 14,973, a policy loss ~0 (as usual), rewards improving. The planned
    # length says the run is unfinished whatever the loss does; the loss's own trend is not read
    rng = np.random.default_rng(0)
    n = 2000
    run = make_run(meta={"max_steps": 14973, "global_step": n}, loss=rng.normal(0, 5e-4, n),
                   reward=np.clip(0.15 + 0.2 * np.arange(n) / n + rng.normal(0, 0.2, n), 0, 1),
                   learning_rate=np.full(n, 3e-5))
    from curvedoc.engine import Plan, diagnose_run, resolve_settings

    rr = diagnose_run(run, Plan.build(resolve_settings()))
    assert "unfinished-schedule" in [f.name for f in rr.findings], rr.skipped


# --------------------------------------------------------------------------------------- binary tasks at chance
def _h(q):
    return -(q * math.log(q) + (1 - q) * math.log(1 - q))


@pytest.mark.parametrize("seed", range(12))
def test_a_binary_model_predicting_the_majority_class_is_at_chance(seed):
    # Keras binary runs of 4-60 epochs on a small unbalanced set: the model predicts the majority class, so the
    # validation accuracy repeats the majority share q and the loss sits at the prior's entropy H(q) <= log 2
    rng = np.random.default_rng(seed)
    size = int(rng.choice([47, 120, 300, 1000]))
    q = round(float(rng.uniform(0.5, 0.78)) * size) / size
    n = int(rng.integers(4, 60))
    acc = np.full(n, q)
    flips = rng.random(n) < 0.3
    acc[flips] += rng.integers(-2, 3, flips.sum()) / size
    loss = _h(q) * (1 + rng.normal(0, 0.01, n))
    run = make_run(accuracy=np.clip(q + rng.normal(0, 0.04, n), 0, 1), loss=loss * 1.01, val_accuracy=acc,
                   val_loss=loss)
    hits = run_detector("plateau-at-chance", run)
    # by the validation accuracy, or (q near 0.5) by the training loss at log 2 with the accuracy at chance
    assert hits and ("never beat chance" in hits[0].message or "uniform guessing" in hits[0].message), (q, n)


def test_a_converged_classifier_whose_accuracy_repeats_is_not_a_prior_predictor():
    # a 10-class digits model: validation accuracy 0.95, 0.97, then 0.983 three times on a 360-example set, its
    # loss 0.085 -- which is also the entropy of a 0.983/0.017 prior; above a majority share of 0.8 the two
    # readings cannot tell a prior predictor from a good classifier, so they are not used
    ev = np.arange(44, 225, 45)
    acc = np.array([0.95, 0.97, 354 / 360, 354 / 360, 354 / 360])
    loss = 0.085 + 1.5 * np.exp(-np.arange(225) / 20)
    run = make_run(loss=loss, accuracy=np.clip(1 - loss / 3, 0, 1), val_accuracy=(ev, acc),
                   val_loss=(ev, np.array([0.15, 0.1, 0.085, 0.0848, 0.0849])))
    assert run_detector("plateau-at-chance", run) == []


@pytest.mark.parametrize("seed", range(12))
def test_a_binary_classifier_that_learned_is_not_at_chance(seed):
    # balanced, 85-95% accurate, loss 0.2-0.4 (near H(0.9) = 0.325 by coincidence): its accuracy moves between
    # evaluations, so no majority share repeats
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(4, 60))
    acc = np.clip(np.round(rng.uniform(0.85, 0.95) + rng.normal(0, 0.01, n), 4), 0, 1)
    loss = _h(float(np.median(acc))) * (1 + rng.normal(0, 0.03, n))
    run = make_run(accuracy=np.clip(acc + 0.03, 0, 1), loss=loss * 0.9, val_accuracy=acc, val_loss=loss)
    assert run_detector("plateau-at-chance", run) == []


# -------------------------------------------------------------------------------------------- never learned
@pytest.mark.parametrize("level", [0.05, 1.7, 25.0, 3100.0])
def test_a_loss_that_never_left_its_start_is_reported_whatever_its_scale(level):
    # no K, no accuracy: a regression, a reconstruction, a detection total that ends where it started, noise
    # 2-10%, 400-5,000 points (enough to show the fall is under 5%; a noisier or shorter run is not judged)
    for seed in range(6):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(400, 5000))
        loss = level * np.exp(rng.normal(0, rng.uniform(0.02, 0.1), n))
        hits = run_detector("underfitting", make_run(train_loss=loss))
        assert hits and hits[0].evidence.get("mode") == "never-learned", (level, seed)


def test_never_learned_stays_silent_when_the_loss_fell_or_cannot_be_measured():
    rng = np.random.default_rng(0)
    x = np.arange(2000)
    fell = 1.0 * (0.88 + 0.12 * np.exp(-x / 300)) * np.exp(rng.normal(0, 0.05, 2000))  # a fine-tune: -12%
    assert run_detector("underfitting", make_run(train_loss=fell)) == []
    short_noisy = 1.0 * np.exp(rng.normal(0, 0.5, 25))  # 25 points at 50% noise: the fall cannot be measured
    assert run_detector("underfitting", make_run(train_loss=short_noisy)) == []
    flat_but_val_learns = 1.0 * np.exp(rng.normal(0, 0.05, 2000))
    val = (np.arange(100, 2000, 100), np.linspace(1.0, 0.7, 19))
    assert run_detector("underfitting", make_run(train_loss=flat_but_val_learns, val_loss=val)) == []


# ---------------------------------------------------------------- practically nothing: noise of tiny batches
def test_the_framework_stated_batch_size_counts_for_per_example_noise():
    # a 1-epoch SFT at batch size 1 (HF writes train_batch_size into trainer_state.json, not the hyperparameters):
    # the per-step loss is a per-example loss, its scatter grows as easy examples get easy; not oscillation
    rng = np.random.default_rng(0)
    n = 128
    level = 0.6 + 0.15 * np.exp(-np.arange(n) / 10)
    noise = np.where(np.arange(n) > 85, 0.37, 0.14)
    loss = level * np.exp(rng.normal(0, 1, n) * noise)
    lr = np.full(n, 2e-5)
    assert run_detector("oscillation", make_run(train_loss=loss, lr=lr))  # no batch size known: growing noise
    assert run_detector("oscillation", make_run(train_loss=loss, lr=lr, meta={"train_batch_size": 1})) == []


def test_precision_and_recall_beside_map_do_not_oscillate_for_it():
    rng = np.random.default_rng(2)
    ev = np.arange(1, 56)
    m = np.clip(np.linspace(0.1, 0.3, 55) + rng.normal(0, 0.005, 55), 0, 1)
    rec = np.clip(np.concatenate([np.linspace(0.3, 0.75, 27), 0.7 + 0.15 * (-1) ** np.arange(28)]), 0, 1)
    run = make_run(train_loss=np.linspace(3, 1, 550), **{"metrics/mAP50(B)": (ev, m), "metrics/recall(B)": (ev, rec)})
    assert not [h for h in run_detector("oscillation", run) if "recall" in h.message]


def test_a_model_at_chance_from_start_to_end_has_no_metric_regression_or_swing_to_report():
    # the loss sits at log 2 from the first step to the last; a recall/accuracy beside it wanders 0.25-0.65: its
    # 'best' was never a learned state, so the chance verdict is the one finding
    from curvedoc.engine import Plan, diagnose_run, resolve_settings

    rng = np.random.default_rng(3)
    n = 28
    loss = math.log(2) * (1 + rng.normal(0, 1e-4, n))
    ev = np.arange(n)
    rec = np.clip(0.45 + 0.2 * (-1) ** ev * rng.uniform(0.3, 1, n), 0, 1)
    acc = np.concatenate([[0.25], np.abs(rng.normal(0.001, 0.001, n - 1))])
    run = make_run(loss=loss, accuracy=np.full(n, 0.03), val_loss=(ev, np.full(n, 0.6932)),
                   val_accuracy=(ev, acc), val_recall=(ev, rec))
    names = [f.name for f in diagnose_run(run, Plan.build(resolve_settings())).findings]
    assert "plateau-at-chance" in names
    assert "metric-regression" not in names and "oscillation" not in names, names


# ---------------------------------------------------------------------------------- live runs never cry wolf
def test_a_slow_start_on_a_live_run_is_neither_constant_nor_double_softmax():
    # the first 41-70 logged steps of a healthy run at a small LR: 2.30 -> 2.1 within the minibatch noise, just
    # above log(1 + 9/e) = 1.46 later; the finished run learns. Live, neither check judges the partial run (both are
    # whole_run_checks in the rule data: the engine leaves them out, the detectors do not ask); a zero learning rate
    # still says 'frozen' at once
    from curvedoc.engine import Plan, diagnose_run, resolve_settings

    plan = Plan.build(resolve_settings())

    def codes(run):
        return [f.code for f in diagnose_run(run, plan, keep_run=False).findings]

    rng = np.random.default_rng(0)
    n = 41
    slow = (2.30 - 0.004 * np.arange(n)) * np.exp(rng.normal(0, 0.02, n))
    lr = np.full(n, 0.01)
    live = {"live": True}
    assert "P002" not in codes(make_run(train_loss=slow, lr=lr, meta=live))
    frozen = make_run(train_loss=1.9 * np.exp(rng.normal(0, 0.02, n)), lr=np.zeros(n), meta=live)
    assert "P002" in codes(frozen)
    n = 70
    floor = math.log(1 + 9 / math.e)
    pressing = floor + (2.30 - floor) * np.exp(-np.arange(n) / 8) + 0.01 + np.abs(rng.normal(0, 0.003, n))

    def double_softmax(meta):
        found = diagnose_run(make_run(train_loss=pressing, meta=meta), plan, keep_run=False).findings
        return [f for f in found if "double_softmax_floor" in f.evidence]

    assert double_softmax({}) and double_softmax(live) == []  # the finished run is judged, the partial one waits


# -------------------------------------------------------------------------------------- frozen from some step on
@pytest.mark.parametrize("seed", range(8))
def test_a_loss_frozen_from_some_step_to_the_end_is_constant(seed):
    # a model that stopped changing at step s (collapsed after a blow-up, or frozen from epoch 5): the loss then
    # scatters by ~1e-4 around one level (or repeats one printed number) for the rest of the run
    rng = np.random.default_rng(seed)
    n = int(rng.integers(40, 800))
    s = int(rng.integers(2, n // 3))
    level = float(rng.uniform(0.03, 5))
    loss = np.concatenate([level * np.exp(rng.uniform(0.3, 3, s)), level * (1 + rng.normal(0, 1e-4, n - s))])
    if seed % 2:
        loss[s:] = round(level, 5)  # printed with its digits, the same number every epoch
    hits = run_detector("constant-loss", make_run(train_loss=loss))
    assert hits and "frozen from step" in hits[0].message, (seed, n, s)


def test_a_converged_loss_is_not_frozen():
    x = np.arange(600)
    creeping = 0.2 + 2.0 * np.exp(-x / 30) + 1e-4 * np.exp(-x / 300)  # a full-batch fit: down, ever more slowly
    assert run_detector("constant-loss", make_run(train_loss=creeping)) == []
    coarse = np.round(np.concatenate([np.linspace(2.3, 0.01, 100), np.full(500, 0.0012)]), 4)  # printed with 4 decimals
    assert run_detector("constant-loss", make_run(train_loss=coarse)) == []


# ------------------------------------------------------------------------------ the loss kind, said in the report
@pytest.mark.parametrize("tags,hparams,kind", [
    ({"train/loss": None, "val/acc": "acc"}, {}, "a cross-entropy over classes"),
    ({"train/loss": None}, {"num_classes": 10}, "a cross-entropy over 10 classes"),
    ({"train/loss": None}, {"num_labels": 2}, "a binary cross-entropy"),
    ({"loss": None, "eval_rouge1": "acc"}, {}, "a token cross-entropy of a language model"),
    ({"train/box_loss": None}, {}, "a detection loss of several parts"),
    ({"train/mse_loss": None}, {}, "a regression or reconstruction loss"),
    ({"loss_G": None, "loss_D": None, "loss_G_l1": None}, {}, "an adversarial (GAN) loss"),
    ({"loss": None}, {}, "of unknown kind"),
])
def test_the_loss_kind_is_inferred_and_said(tags, hparams, kind):
    from curvedoc.engine import Plan, diagnose_run, resolve_settings
    from curvedoc.reporters.text import coverage_text

    n = 200
    x = np.arange(n)
    data = {t: (x[::20], np.linspace(0.2, 0.8, len(x[::20]))) if v == "acc" else 2.0 * np.exp(-x / 80) + 0.2
            for t, v in tags.items()}
    rr = diagnose_run(make_run(hparams=hparams, **data), Plan.build(resolve_settings()))
    assert rr.coverage["loss_kind"]["kind"] == kind and rr.coverage["loss_kind"]["why"]
    assert f", {kind};" in coverage_text(rr)


# ------------------------------------------------------------- stalled at a constant prediction; a metric of noise
@pytest.mark.parametrize("seed", range(8))
def test_a_loss_stalled_at_one_level_is_constant_though_validation_scatters(seed):
    # a regression net stalled at the mean prediction from the first epoch: the training loss stays within ~0.5%
    # for 30-200 epochs while the validation loss scatters by a few percent around one level (a few evaluations
    # 5-8% high). The validation loss's level does not move, so the model is as stalled as its training loss
    rng = np.random.default_rng(seed)
    n = int(rng.integers(30, 200))
    level = float(rng.uniform(0.01, 50))
    train = level * (1 + rng.normal(0, 0.001, n))
    val = 0.9 * level * (1 + np.abs(rng.normal(0, 0.01, n)))
    val[rng.choice(n, 3, replace=False)] *= 1.07
    hits = run_detector("constant-loss", make_run(train_loss=train, val_loss=val))
    assert hits and "does not move" in hits[0].message, (seed, n)
    # a validation loss whose level falls (a model that learns while the training loss hides it in its noise)
    # still vetoes the finding
    falling = 0.9 * level * np.linspace(1.0, 0.8, n) * (1 + np.abs(rng.normal(0, 0.01, n)))
    assert run_detector("constant-loss", make_run(train_loss=train, val_loss=falling)) == [], (seed, n)


def test_metric_regression_silent_on_a_metric_that_is_only_noise():
    # an error metric (MAE, WER ...) of a model that learns nothing, scattering 10-30% (log scale) around one
    # level over 20-300 evaluations: its best is the luckiest evaluation, not a level it fell from. The noise
    # must be measured on the evaluations themselves, not on their rolling median
    fired = []
    for seed in range(200):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(20, 300))
        mae = 0.05 * np.exp(rng.normal(0, rng.uniform(0.1, 0.3), n))
        run = make_run(train_loss=np.linspace(2, 0.3, 10 * n), **{"valid_MAE": (np.arange(1, n + 1) * 10, mae)})
        if run_detector("metric-regression", run):
            fired.append((seed, n))
    assert len(fired) <= 2, f"{len(fired)} of 200 noise-only metrics called a regression: {fired[:5]}"


@pytest.mark.parametrize("seed", range(6))
def test_a_loss_that_underflows_to_exactly_zero_is_frozen(seed):
    # a loss written at full precision (0.0029, 3.1e-06, 2.6e-08) that then reads exactly 0.0 for most of the run
    # has underflowed: the outputs saturated and no gradient flows. A loss printed with 4 decimals that reaches
    # 0.0000 is still only the printed precision (test_a_converged_loss_is_not_frozen)
    rng = np.random.default_rng(seed)
    n = int(rng.integers(200, 3000))
    s = int(rng.integers(n // 10, n // 3))
    loss = 0.69 * np.exp(-np.arange(n) * rng.uniform(15, 40) / s) * np.exp(rng.normal(0, 0.1, n))
    loss[s:] = 0.0
    hits = run_detector("constant-loss", make_run(train_loss=loss))
    assert hits and "exactly" in hits[0].message, (seed, n, s)
    printed = np.round(loss, 4)  # the same run printed with 4 decimals: 0.0000 long before it underflows
    assert run_detector("constant-loss", make_run(train_loss=printed)) == [], (seed, n, s)


@pytest.mark.parametrize("seed", range(8))
def test_a_short_run_that_learned_in_its_first_points_then_converged_did_learn(seed):
    # 15-40 epochs: the untrained loss, then most of the fall within 1-2 epochs, then a converged level creeping
    # down a few percent with ~0.5% noise. The median of the first three readings sits on the converged level; the
    # first reading does not, so this run learned (it is not 'never learned')
    rng = np.random.default_rng(seed)
    n = int(rng.integers(15, 40))
    level = float(rng.uniform(0.3, 3.0))
    loss = level * (1 - 0.03 * np.arange(n) / n) * (1 + rng.normal(0, 0.005, n))
    loss[0] = level * rng.uniform(1.12, 1.4)
    loss[1] = level * rng.uniform(1.0, 1.05)
    hits = run_detector("underfitting", make_run(train_loss=loss))
    # (a first loss that happens to sit at log K is the poor-fit path's business, not this one's)
    assert not [h for h in hits if h.evidence.get("mode") == "never-learned"], (seed, n)
    flat = loss.copy()
    flat[:2] = loss[2:4]  # the same run without the fall at its start never learned
    assert run_detector("underfitting", make_run(train_loss=flat)), (seed, n)


@pytest.mark.parametrize("k", [3, 10, 100, 1000])
def test_a_noisy_fine_tune_loss_that_happens_to_sit_near_log_k_is_not_chance(k):
    # a pretrained LM fine-tuned with tiny batches: the per-batch loss bounces 0.3-0.5 nats around a flat level that
    # happens to sit at log K, with nothing else logged. A model at chance predicts the same distribution for every
    # input; its minibatch loss scatters by the spread of -log p(y), not by tens of percent of log K
    fired = []
    for seed in range(10):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(40, 400))
        loss = math.log(k) * (1 + rng.normal(0, 0.01)) + rng.normal(0, rng.uniform(0.3, 0.5), n)
        if run_detector("plateau-at-chance", make_run(train_loss=np.abs(loss))):
            fired.append(seed)
    assert not fired, (k, fired)
    # the same level with the little scatter of a model at chance is still at chance
    rng = np.random.default_rng(0)
    flat = math.log(k) * (1 + rng.normal(0, 0.01, 200))
    assert run_detector("plateau-at-chance", make_run(train_loss=flat))


@pytest.mark.parametrize("seed", range(6))
def test_one_recovered_spike_is_information_and_repeated_or_huge_ones_warn(seed):
    # a warmup transient or one bad batch: the loss jumps 3-8x once and is back at the next point. Worth telling,
    # not a fault; nor are one or two such single readings of up to 100x (twenty-first round: labellers call runs
    # with an 18x or a 78x minibatch spike healthy). Three of them, or one of two orders of magnitude, are
    rng = np.random.default_rng(seed)
    n = int(rng.integers(80, 600))
    base = (0.4 + 2.0 * np.exp(-np.arange(n) / (n / 5))) * np.exp(rng.normal(0, 0.02, n))
    i = int(rng.integers(n // 10, n - 5))
    one = base.copy()
    one[i] *= rng.uniform(3.5, 8.0)
    hits = run_detector("loss-spikes", make_run(train_loss=one))
    assert hits and hits[0].severity == "info", (seed, [(h.severity, h.message) for h in hits])
    big = base.copy()
    big[i] *= 12.0
    assert run_detector("loss-spikes", make_run(train_loss=big))[0].severity == "info", seed
    huge = base.copy()
    huge[i] *= 150.0
    assert run_detector("loss-spikes", make_run(train_loss=huge))[0].severity is None, seed
    two = one.copy()
    j = (i + n // 3) % (n - 5) or 5
    two[j] *= 5.0
    assert run_detector("loss-spikes", make_run(train_loss=two))[0].severity == "info", seed
    three = base.copy()
    three[[n // 4, n // 2, 3 * n // 4]] *= 5.0
    assert run_detector("loss-spikes", make_run(train_loss=three))[0].severity is None, seed


@pytest.mark.parametrize("n_evals", [3, 4])
def test_a_gap_that_opens_is_seen_with_three_or_four_evaluations(n_evals):
    # an HF classification fine-tune evaluated 3-4 times: training loss 1.9 -> 0.03, eval loss stalls near 0.9
    # (ratio 3x -> ~30x). A healthy one whose eval loss keeps improving, or whose gap stays under 4x, is not
    steps = np.arange(10, 330, 10)
    train = 1.9 * np.exp(-steps / 45.0) + 0.03
    ev_steps = np.linspace(100, 320, n_evals).round(-1).astype(int)
    stalled = 0.9 * (1 + 0.02 * np.arange(n_evals))
    hits = run_detector("train-val-gap", make_run(loss=(steps, train), eval_loss=(ev_steps, stalled)))
    assert hits and "opened" in hits[0].message
    improving = 1.2 * np.exp(-ev_steps / 300.0)
    assert run_detector("train-val-gap", make_run(loss=(steps, train), eval_loss=(ev_steps, improving))) == []
    mild = 0.9 * train[np.searchsorted(steps, ev_steps)] * np.linspace(1.5, 3.5, n_evals)  # ends 3.5x: under 4x
    assert run_detector("train-val-gap", make_run(loss=(steps, train), eval_loss=(ev_steps, mild))) == []


@pytest.mark.parametrize("seed", range(6))
def test_a_loss_that_climbs_back_half_its_orders_of_magnitude_has_diverged(seed):
    # a regression loss falls by 1.5-2 orders of magnitude, then climbs back 60-80% of that (on a log scale) over
    # the last epochs, still rising at the end: only 10-25% of the linear progress is given back
    rng = np.random.default_rng(seed)
    n = int(rng.integers(18, 60))
    m = int(n * rng.uniform(0.6, 0.75))
    start, best = float(rng.uniform(1, 5)), 0.0
    best = start / rng.uniform(30, 100)
    fall = start * (best / start) ** (np.arange(m) / (m - 1))
    climb = best * np.exp(np.linspace(0, math.log(start / best) * rng.uniform(0.6, 0.8), n - m + 1))[1:]
    loss = np.concatenate([fall, climb]) * np.exp(rng.normal(0, 0.03, n))
    hits = run_detector("divergence", make_run(train_loss=loss))
    assert hits and "rose" in hits[0].message, (seed, n, m)
    # a memorising loss creeping back 1.5-3x from 1e-3 after starting at 2.5 gave back a third of its log fall or
    # less: not divergence
    mem = np.concatenate([2.5 * (4e-4) ** (np.arange(m) / (m - 1)), 1e-3 * np.linspace(1, 2.5, n - m)])
    assert run_detector("divergence", make_run(train_loss=mem)) == [], (seed, n, m)


def test_a_reinforcement_learning_loss_that_is_exactly_constant_is_reported():
    # an RL loss need not fall, but a loss that is the very same number at every update (0.0 in all 288 rows: the
    # network is never updated, or the loss never computed) is broken in any training; a flat noisy RL loss is not
    rng = np.random.default_rng(0)
    reward = np.clip(np.cumsum(rng.normal(0.01, 0.1, 300)), -1, None)
    zero = make_run(Loss=np.zeros(300), Reward=reward)
    rep = curvedoc.diagnose(zero)
    assert "constant-loss" in [f.name for f in rep.runs[0].findings]
    noisy = make_run(Loss=np.abs(1.0 + rng.normal(0, 0.2, 300)), Reward=reward)
    assert "constant-loss" not in [f.name for f in curvedoc.diagnose(noisy).runs[0].findings]


@pytest.mark.parametrize("seed", range(6))
def test_a_slow_binary_classifier_passing_over_the_double_softmax_floor_is_not_pressed_against_it(seed):
    # a binary classifier learning slowly: 0.69 -> 0.32 over 40 epochs, still falling 10-20% over its last third.
    # log(1 + 1/e) = 0.313 is on its way down; a loss held up by probabilities fed as logits flattens onto it
    rng = np.random.default_rng(seed)
    n = int(rng.integers(30, 80))
    x = np.arange(n) / (n - 1)
    slow = 0.693 - (0.693 - rng.uniform(0.315, 0.33)) * x ** 0.8 + rng.normal(0, 0.002, n)
    acc = 0.5 + 0.36 * x  # an accuracy beside the loss says it is a classifier's cross-entropy
    assert not [h for h in run_detector("initial-loss-off", make_run(train_loss=slow, train_acc=acc))
                if "double_softmax_floor" in h.evidence], seed
    pressed = 0.314 + (0.693 - 0.314) * np.exp(-x * 12) + rng.normal(0, 0.001, n)
    assert [h for h in run_detector("initial-loss-off", make_run(train_loss=np.maximum(pressed, 0.3135), train_acc=acc))
            if "double_softmax_floor" in h.evidence], seed


def test_a_stated_class_count_does_not_make_a_sum_of_losses_one_cross_entropy():
    # a segmentation net with num_classes=19 whose printed total sums a semantic loss and an auxiliary loss
    # starts at 11.6 (4x log 19): the total is not one classifier's cross-entropy. The semantic part alone at 4x
    # log K would still be a bad start
    rng = np.random.default_rng(0)
    n = 300
    sem = 2.9 * np.exp(-np.arange(n) / 40) + 0.4 + rng.normal(0, 0.02, n)
    ic = 8.0 * np.exp(-np.arange(n) / 20) + 0.2 + rng.normal(0, 0.02, n)
    aux = 0.5 * np.exp(-np.arange(n) / 60) + 0.1
    total = make_run(hparams={"num_classes": 19}, **{"Loss": sem + ic + aux, "Semantic loss": sem, "IC loss": ic,
                                                     "Aux loss": aux})
    assert [h for h in run_detector("initial-loss-off", total) if h.evidence.get("k_source") == "num_classes"] == []
    single = make_run(hparams={"num_classes": 19}, train_loss=4 * math.log(19) * np.exp(-np.arange(n) / 10) + 0.5)
    assert run_detector("initial-loss-off", single)


@pytest.mark.parametrize("seed", range(4))
def test_a_loss_that_rose_far_above_its_start_did_not_merely_never_learn(seed):
    # a per-step LM loss that climbs 50% over the run: divergence's finding; 'never learned: a change within 5%'
    # would contradict the numbers it quotes
    rng = np.random.default_rng(seed)
    n = 1500
    loss = 2.9 * np.exp(np.linspace(0, 0.4, n)) + rng.normal(0, 0.25, n)
    assert not [h for h in run_detector("underfitting", make_run(train_loss=loss))
                if h.evidence.get("mode") == "never-learned"], seed


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_a_short_run_whose_loss_rose_at_every_point_diverged(n):
    # 4-7 logged epochs, the loss up at every one and 50-200% above its start by the end (the eval loss's minimum
    # at its first evaluation): too short to smooth, but no noisy level rises at every reading; a short run that
    # wobbles, or rises by less than the practical floor, is not judged
    for seed in range(5):
        rng = np.random.default_rng(seed)
        up = np.exp(np.sort(rng.uniform(0, rng.uniform(0.45, 1.1), n)))
        up[0] = 1.0
        hits = run_detector("divergence", make_run(train_loss=up * rng.uniform(0.1, 5)))
        assert hits, (n, seed, up)
        wobble = up.copy()
        wobble[n // 2] = wobble[n // 2 - 1] * 0.97
        assert run_detector("divergence", make_run(train_loss=wobble)) == [], (n, seed)
        small = 1.0 + np.linspace(0, 0.3, n)  # +30%: under min_rise (log 0.4)
        assert run_detector("divergence", make_run(train_loss=small)) == [], n


@pytest.mark.parametrize("seed", range(4))
def test_a_reinforcement_learning_loss_frozen_at_one_number_to_the_end_is_reported(seed):
    # an RL loss that moved and then reads the very same number in every row to the end (0.0 once the policy
    # collapsed: the value and policy losses vanish, nothing is updated) is no update in any training; an RL loss
    # that keeps moving, however flat, is not judged
    rng = np.random.default_rng(seed)
    n = 2000
    cut = int(n * rng.uniform(0.03, 0.3))
    moving = np.abs(3000 * np.exp(rng.normal(0, 0.3, cut)))
    reward = np.concatenate([rng.normal(-96, 2, cut), np.full(n - cut, -100.0)])
    frozen = make_run(**{"train/loss": np.concatenate([moving, np.zeros(n - cut)]),
                         "rollout/ep_rew_mean": reward, "rollout/ep_len_mean": np.ones(n)})
    assert "constant-loss" in [f.name for f in curvedoc.diagnose(frozen).runs[0].findings], seed
    still = make_run(**{"train/loss": np.abs(3000 * np.exp(rng.normal(0, 0.3, n))) * np.linspace(1, 0.01, n),
                        "rollout/ep_rew_mean": reward, "rollout/ep_len_mean": np.ones(n)})
    assert "constant-loss" not in [f.name for f in curvedoc.diagnose(still).runs[0].findings], seed


@pytest.mark.parametrize("seed", range(4))
def test_a_language_models_token_accuracy_does_not_give_a_class_count(seed):
    # a conversation model's per-epoch log (loss, perplexity, token accuracy in percent): its first accuracy,
    # 23-28% after one epoch, sits near 1/4, but a token cross-entropy is over a vocabulary, not 4 classes, so its
    # first loss 5.6 is not '4x log 4'; the same numbers from a 4-class classifier (no language-model metric) are
    rng = np.random.default_rng(seed)
    e = np.arange(10)
    loss = 5.62 - 0.55 * np.log1p(e) + rng.normal(0, 0.01, 10)
    acc = 23.2 + 7.6 * (1 - np.exp(-e / 2)) + rng.normal(0, 0.2, 10)
    lm = make_run(loss=loss, ppl=np.exp(loss), accuracy=acc)
    assert "initial-loss-off" not in [h.name for h in curvedoc.diagnose(lm).runs[0].findings], seed
    flat = np.full(10, 25.0) + rng.normal(0, 0.3, 10)
    clf = make_run(loss=loss, accuracy=flat)
    assert "initial-loss-off" in [h.name for h in curvedoc.diagnose(clf).runs[0].findings], seed


@pytest.mark.parametrize("share", [0.55, 0.8, 0.9866, 0.995])
@pytest.mark.parametrize("seed", range(3))
def test_a_held_out_accuracy_that_never_changes_is_a_constant_predictor(share, seed):
    # a segmentation U-Net predicting background everywhere: val_accuracy is the background share at every one of
    # 35 evaluations (float32 averaging moves it by 1e-7 only) while the training loss falls: the held-out
    # predictions never change, whatever the share. A converged classifier's accuracy moves while it learns, and
    # one value repeated at 5 evaluations of a small set is its granularity: neither is reported
    rng = np.random.default_rng(seed)
    n = 35
    e = np.arange(n)
    loss = 1.4 * np.exp(-e / 3) + 0.05 + rng.normal(0, 0.005, n)
    frozen = share + rng.choice([-1.2e-7, 0.0, 0.0, 6e-8], n)
    run = make_run(loss=loss, val_loss=0.9 * np.exp(-e / 2) + 0.06, accuracy=1 - loss / 3, val_accuracy=frozen)
    assert "plateau-at-chance" in [f.name for f in curvedoc.diagnose(run).runs[0].findings], (share, seed)
    learned = np.minimum(0.999, share * (1 - 0.3 * np.exp(-e / 4)) + rng.normal(0, 0.002, n))
    ok = make_run(loss=loss, val_loss=0.9 * np.exp(-e / 2) + 0.06, accuracy=1 - loss / 3, val_accuracy=learned)
    assert "plateau-at-chance" not in [f.name for f in curvedoc.diagnose(ok).runs[0].findings], (share, seed)
    if share > 0.8:  # (at or below 0.8 a repeated share is also judged by where the loss sits: the prior's entropy)
        few = make_run(loss=loss[:5], val_loss=(0.9 * np.exp(-e / 2) + 0.06)[:5], accuracy=(1 - loss / 3)[:5],
                       val_accuracy=np.full(5, share))
        assert "plateau-at-chance" not in [f.name for f in curvedoc.diagnose(few).runs[0].findings], (share, seed)


@pytest.mark.parametrize("seed", range(4))
def test_a_binary_model_flipping_between_the_two_class_shares_is_at_chance(seed):
    # HF Trainer at lr 30: the first logged loss is 359 (ln 2 = 0.69), it decays with the LR but never reaches ln 2,
    # and eval_accuracy is 0.522 or 0.478 at every evaluation -- one class for every example, then the other. At
    # chance, with the learning rate first; a binary model that learns scores other numbers
    rng = np.random.default_rng(seed)
    steps = np.arange(10, 190, 10)
    loss = 359 * np.exp(-steps / 45) * np.exp(rng.normal(0, 0.2, len(steps))) + 5
    es = np.array([40, 80, 120, 160, 189])
    share = rng.choice([0.522, 0.51, 0.538])
    acc = np.where(rng.random(5) < 0.25, 1 - share, share)
    acc[0], acc[2] = share, 1 - share  # (at least one flip: one repeated value is judged by other readings)
    run = make_run(loss=(steps, loss), eval_loss=(es, loss[es // 10 - 1] / 6), eval_accuracy=(es, acc),
                   learning_rate=(steps, 30 * (1 - steps / 189)))
    rr = curvedoc.diagnose(run).runs[0]
    f = rr.findings
    assert f and f[0].name == "plateau-at-chance" and rr.top_causes[0]["id"] == "lr-too-high", [x.name for x in f]
    learned = np.array([0.52, 0.61, 0.75, 0.84, 0.88])
    ok = make_run(loss=(steps, loss), eval_loss=(es, loss[es // 10 - 1] / 6), eval_accuracy=(es, learned))
    assert "plateau-at-chance" not in [x.name for x in curvedoc.diagnose(ok).runs[0].findings]


def test_a_first_loss_hundreds_of_times_log_2_is_reported_when_every_evaluation_sits_at_chance():
    # the same lr-30 run: evaluation every 40 steps, logging every 10. The first accuracy is later than the first
    # loss, but a model whose every evaluation scores 1/2 was at chance from the start: K = 2 and 359 is 518x log 2
    steps = np.arange(10, 190, 10)
    loss = 359 * np.exp(-steps / 45) + 5
    es = np.array([40, 80, 120, 160, 189])
    run = make_run(loss=(steps, loss), eval_loss=(es, loss[es // 10 - 1] / 6),
                   eval_accuracy=(es, np.array([0.522, 0.522, 0.478, 0.522, 0.522])))
    assert "initial-loss-off" in [f.name for f in curvedoc.diagnose(run).runs[0].findings]
    # a model that learned: its later accuracies are not at chance, and nothing says what K its first loss had
    ok = make_run(loss=(steps, loss), eval_loss=(es, loss[es // 10 - 1] / 6),
                  eval_accuracy=(es, np.array([0.52, 0.61, 0.75, 0.84, 0.88])))
    hits = [f for f in curvedoc.diagnose(ok).runs[0].findings if f.name == "initial-loss-off"]
    assert all("K=2" not in f.message for f in hits)


def test_a_loss_nan_from_its_first_point_with_accuracy_at_chance_is_divergence_and_chance():
    # SGD lr 2 with momentum: every printed loss is nan from the first one, and the validation accuracy is 24.67% at
    # each of 25 epochs (4 classes): the run diverged at once and the model sits at chance -- both reported, and
    # no rule falls over a loss that has no finite point
    ep = np.arange(1, 26)
    run = make_run(train_loss=(ep * 32, np.full(25, np.nan)), val_loss=(ep * 32, np.full(25, np.nan)),
                   val_acc=(ep * 32, np.full(25, 0.2467)))
    rr = curvedoc.diagnose(run).runs[0]
    names = [f.name for f in rr.findings]
    assert "divergence" in names and "plateau-at-chance" in names, names
    assert rr.errors == [], rr.errors


@pytest.mark.parametrize("seed", range(4))
def test_an_accuracy_at_1_over_k_after_the_loss_exploded_is_at_chance(seed):
    # a CNN whose optimizer.zero_grad() was forgotten: the step loss climbs from 1.8 to 1e7 and turns NaN halfway,
    # validation accuracy scatters 12-22% around 1/6 at every epoch. K=6 read from the accuracy alone is a
    # coincidence as often as not; after an explosion it is not (a slow learner does not explode)
    rng = np.random.default_rng(seed)
    steps = np.arange(10, 760, 10)
    loss = 1.8 * np.exp(np.linspace(0, 16, len(steps))) * np.exp(rng.normal(0, 0.3, len(steps)))
    loss[len(steps) // 2:] = np.nan
    ep = np.arange(1, 16) * 50
    acc = np.clip(1 / 6 + rng.normal(0, 0.03, 15), 0.1, 0.23)
    run = make_run(train_loss=(steps, loss), val_loss=(ep, np.full(15, np.nan)), val_acc=(ep, acc))
    rr = curvedoc.diagnose(run).runs[0]
    names = [f.name for f in rr.findings]
    assert "plateau-at-chance" in names and "divergence" in names, names
    # the same accuracies with a loss that falls slowly: one reading of K, nothing said
    slow = make_run(train_loss=(steps, 4.0 - 0.002 * steps), val_acc=(ep, acc))
    assert "plateau-at-chance" not in [f.name for f in curvedoc.diagnose(slow).runs[0].findings]


def test_a_class_count_read_from_one_accuracy_must_agree_with_the_other_split():
    # a Lightning run: train_acc about 0.5 over its first epochs, val_acc 0.04-0.3 (many classes), loss 3.0: K=2 from
    # the training accuracy is contradicted by a held-out accuracy far below 1/2, so '3.0 is 4.4x log 2' is not said
    e = np.arange(100)
    loss = 3.02 - 0.2 * (1 - np.exp(-e / 20))
    tr = 0.498 + 0.12 * (1 - np.exp(-e / 30))
    va = np.clip(0.0427 + 0.25 * (1 - np.exp(-e / 15)), 0, 1)
    run = make_run(train_loss=(e * 847 + 847, loss), train_acc=(e * 847 + 847, tr), val_acc=(e * 847 + 847, va))
    hits = [f for f in curvedoc.diagnose(run).runs[0].findings if f.name == "initial-loss-off"]
    assert not [h for h in hits if "K=2" in h.message], [h.message for h in hits]


@pytest.mark.parametrize("k", [2, 3, 10])
@pytest.mark.parametrize("seed", range(3))
def test_a_loss_settling_onto_log_k_from_just_above_is_at_chance(k, seed):
    # an HF checkpoint of a 3-class fine-tune at lr 1e-3: the loss starts 3-4% above ln 3 and settles onto it
    # (1.14 -> 1.10) for all 50 logged points, eval accuracy 0.33: the model learned the class prior and nothing
    # else. Coming down ONTO log K is no learning; learning takes the loss through it (test_det_plateau_at_chance
    # keeps a loss creeping through the band silent)
    rng = np.random.default_rng(seed)
    steps = np.arange(10, 510, 10)
    chance = math.log(k)
    loss = chance * (1 + 0.035 * np.exp(-np.arange(50) / 8)) + rng.normal(0, 0.008 * chance, 50)
    run = make_run(loss=(steps, loss), eval_loss=(np.array([250, 500]), np.array([1.017, 1.008]) * chance),
                   eval_accuracy=(np.array([250, 500]), np.array([1.0, 0.99]) / k))
    assert "plateau-at-chance" in [f.name for f in curvedoc.diagnose(run).runs[0].findings], (k, seed)


@pytest.mark.parametrize("seed", range(6))
def test_a_loss_that_blew_up_at_once_and_swung_chaotically_above_its_start_diverged(seed):
    # the untrained model's loss first (log K-ish), then an LR far too high: the next epoch is 10-30x higher and the
    # loss swings chaotically for the rest of the run (dipping back near the start now and then, bursting up again).
    # The dips make the final rise look like 'one more cycle' measured from the lowest dip, but a loss that ends far
    # above the model it started from has lost everything, whatever it did in between
    rng = np.random.default_rng(seed)
    n = int(rng.integers(60, 900))
    start = float(rng.uniform(0.7, 3.0))
    level = np.log(start * rng.uniform(10, 30)) + np.cumsum(rng.normal(0, 0.05, n)) / np.sqrt(n / 60)
    swings = level + rng.normal(0, rng.uniform(0.2, 0.35), n)
    for at in rng.choice(np.arange(n // 10, n - n // 5), size=3, replace=False):  # stretches back near the start
        w = max(3, n // 25)
        swings[at:at + w] = np.log(start * rng.uniform(1.2, 1.6)) + rng.normal(0, 0.05, len(swings[at:at + w]))
    loss = np.exp(swings)
    loss[0] = start
    hits = run_detector("divergence", make_run(train_loss=loss))
    assert hits and hits[0].evidence["best_step"] == 0, (seed, n)
    # the same chaos that ends BELOW the start (an epoch sawtooth, a cyclic LR, a noisy loss that learned) is not
    calm = np.exp(np.log(start) - np.linspace(0, 1.0, n) + 0.6 * np.abs(np.sin(np.arange(n) / 7.0))
                  + rng.normal(0, 0.05, n))
    calm[0] = start * 1.3
    assert run_detector("divergence", make_run(train_loss=calm)) == [], seed
    # and a flat, very noisy per-batch loss whose first reading happens to be low (2 sigma) has not diverged:
    # the end must clear the run's own noise above that one reading
    flat = np.exp(np.log(start) + rng.normal(0, 0.5, n))
    flat[0] = start * math.exp(-1.0)
    assert run_detector("divergence", make_run(train_loss=flat)) == [], seed


@pytest.mark.parametrize("returns", ["AverageReturn", "RawAverageReturn", "AverageDiscountedReturn",
                                     "AverageEpRet", "AverageTestEpRet", "eprewmean", "EpRewMean"])
def test_the_classic_rl_libraries_progress_tables_mark_an_rl_run(returns):
    # rllab/garage, Spinning Up and OpenAI baselines name the return their own way; their value-function loss grows
    # with the returns, so a run that logs one is judged on its return, and a value loss rising from its first
    # reading is not divergence
    from curvedoc.model.roles import rl_marker

    vf = 0.07 * np.exp(np.linspace(0, 2.3, 12))
    run = make_run(**{returns: np.linspace(6, 72, 12), "vf_loss_after": vf})
    assert rl_marker(run) == returns
    assert run_detector("divergence", run) == []
    assert rl_marker(make_run(train_loss=vf, portfolio_return=np.ones(12))) is None  # a return is not an RL marker


def _crossover(seed, metric, big=False):
    """A fine-tune whose training loss keeps falling while its validation loss turns up 10-40% after its minimum;
    the held-out accuracy either keeps creeping up (over-confidence), holds, or falls 3-10 points (worse
    predictions), or is not logged. 8-60 evaluations."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(8, 60))
    t = np.linspace(0, 1, n)
    at = float(rng.uniform(0.25, 0.5))  # where the validation loss is lowest
    rise = float(rng.uniform(0.1, 0.3)) if not big else float(rng.uniform(0.5, 1.0))  # log: +10-35% / +65-170%
    val = np.log(0.4) - 0.8 * np.minimum(t, at) + rise * np.clip((t - at) / (1 - at), 0, None)
    val = np.exp(val + rng.normal(0, 0.01, n))
    train = np.exp(np.log(0.5) - 3.0 * t + rng.normal(0, 0.01, n))
    acc = {"up": 0.80 + 0.12 * (1 - np.exp(-4 * t)), "flat": 0.80 + 0.1 * np.minimum(t / at, 1.0),
           "down": 0.80 + 0.1 * np.minimum(t / at, 1.0) - rng.uniform(0.03, 0.1) * np.clip((t - at) / (1 - at), 0, None)
           }.get(metric)
    tags = {"train_loss": (np.arange(n) * 10, train), "val_loss": (np.arange(n) * 10, val)}
    if acc is not None:
        tags["val_acc"] = (np.arange(n) * 10, acc + rng.normal(0, 0.003, n))
    return make_run(**tags)


@pytest.mark.parametrize("seed", range(6))
def test_a_crossover_that_cost_nothing_measurable_is_information(seed):
    # what a crossover cost decides its severity: the held-out accuracy ending no worse than at the validation loss's
    # best checkpoint is over-confidence (an info); a falling accuracy, or no metric to say, is a warning
    for metric, want in (("up", "info"), ("flat", "info"), ("down", None), (None, None)):
        hits = run_detector("overfitting", _crossover(seed, metric))
        assert hits and hits[0].severity == want, (seed, metric, [(h.severity, h.message) for h in hits])
    # a validation loss up by half or more is a warning whatever the metric does: the probabilities are far gone
    hits = run_detector("overfitting", _crossover(seed, "up", big=True))
    assert hits and hits[0].severity is None, (seed, [(h.severity, h.message) for h in hits])


@pytest.mark.parametrize("seed", range(6))
def test_a_validation_loss_near_zero_swinging_by_large_factors_is_practically_nothing(seed):
    # a fine-tune that masters its task: the eval loss falls from ~0.1-1 to 0.1-1% of that within a few
    # evaluations, then jumps by factors of 2-5 between neighbouring evaluations on those tiny values. In log space
    # that is wild; in the loss's own units it is a fraction of a percent of what the validation loss learned
    rng = np.random.default_rng(seed)
    n = int(rng.integers(10, 40))
    start = float(rng.uniform(0.1, 1.0))
    tiny = start * 10 ** rng.uniform(-3.0, -2.0)
    val = np.concatenate([[start], start * np.exp(-np.arange(1, 4) * 1.5),
                          tiny * np.exp(np.where(np.arange(n - 4) % 2 == 0, 1.0, -1.0) * rng.uniform(0.4, 0.8, n - 4))])
    train = np.exp(np.linspace(np.log(start), np.log(tiny), 5 * n) + rng.normal(0, 0.05, 5 * n))
    run = make_run(train_loss=(np.arange(5 * n), train), val_loss=(np.arange(n) * 5 + 4, val))
    assert run_detector("oscillation", run) == [], seed
    # the same back-and-forth at a level comparable to its progress is unstable validation
    alternate = np.where(np.arange(n - 1) % 2 == 0, 1.0, -1.0) * rng.uniform(0.3, 0.6, n - 1)
    wild = np.concatenate([[start], start * 0.5 * np.exp(alternate)])
    assert run_detector("oscillation", make_run(train_loss=(np.arange(5 * n), train),
                                                val_loss=(np.arange(n) * 5 + 4, wild))), seed


@pytest.mark.parametrize("seed", range(8))
def test_double_softmax_is_read_from_the_floor_when_the_first_loss_is_an_epoch_mean(seed):
    # probabilities fed to a cross-entropy: the loss cannot go below log(1 + (K-1)/e) while the training accuracy
    # reaches ~1. Logged per epoch (Keras, Lightning epoch means, a print per epoch) the first reading is already
    # below log K, so the start does not name K; the floor and the accuracy together do
    rng = np.random.default_rng(seed)
    k = int(rng.integers(3, 21))
    n = int(rng.integers(25, 80))
    floor = math.log(1 + (k - 1) / math.e)
    start = math.log(k) * rng.uniform(0.85, 0.95)
    t = np.arange(n)
    loss = floor + (start - floor) * np.exp(-t / rng.uniform(2, 5)) + np.abs(rng.normal(0, 2e-4, n))
    acc = 1.0 - (1.0 - 1.5 / k) * np.exp(-t / 3.0) - 0.002 * rng.random(n)
    hits = run_detector("initial-loss-off", make_run(train_loss=loss, train_acc=acc))
    assert hits and hits[0].evidence.get("num_classes") == k and hits[0].causes[0] == "double-softmax", (seed, k)
    # K read from the level alone (label smoothing flattens a loss too, at a level matching some whole K about one
    # time in ten): said, as an info
    assert hits[0].severity == "info", (seed, hits[0].severity)
    # an accuracy that stays well short of 1, or a level between two whole-K floors, names nothing
    assert run_detector("initial-loss-off", make_run(train_loss=loss, train_acc=0.8 * acc)) == [], seed
    between = math.log(1 + (k - 0.5) / math.e)
    off = between + (start - between) * np.exp(-t / 3.0)
    assert run_detector("initial-loss-off", make_run(train_loss=off, train_acc=acc)) == [], seed


@pytest.mark.parametrize("seed", range(6))
def test_validation_spikes_that_came_back_while_training_was_smooth_are_information(seed):
    # a detector head or a one-cycle peak makes the validation loss jump 3-60x at one or two evaluations and come
    # straight back, while the training loss falls smoothly: a checkpoint that was bad for a moment, nothing the
    # final model paid for
    rng = np.random.default_rng(seed)
    n = int(rng.integers(40, 300))
    t = np.arange(n)
    train = np.exp(np.log(2.0) - 1.5 * t / n + rng.normal(0, 0.01, n))
    val = np.exp(np.log(2.2) - 1.4 * t / n + rng.normal(0, 0.01, n))
    for at in rng.choice(np.arange(n // 5, n - 5), size=int(rng.integers(1, 3)), replace=False):
        val[at] *= rng.uniform(3, 60)
    hits = run_detector("loss-spikes", make_run(train_loss=train, val_loss=val))
    assert hits and all(h.severity == "info" for h in hits), (seed, [(h.severity, h.message) for h in hits])


@pytest.mark.parametrize("seed", range(6))
def test_a_binary_model_at_chance_on_a_small_validation_set_is_at_chance(seed):
    # 5-12 epochs of a binary classifier whose validation loss never leaves log 2 while its accuracy over 100-200
    # held-out examples scatters around 0.5 (up to 0.59-0.63 once by luck: 2.6 binomial sigmas): nothing generalises. On a
    # large evaluation set (10,000 examples) the same 0.55-0.60 is learning, proven
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 13))
    size = int(rng.choice([100, 200]))
    acc = np.round(np.clip(0.5 + rng.normal(0, math.sqrt(0.25 / size), n), 0, 1) * size) / size
    acc[int(rng.integers(0, n))] = np.round((0.5 + 2.6 * math.sqrt(0.25 / size)) * size) / size  # one lucky evaluation
    val = math.log(2) * (1 + rng.normal(0, 0.004, n))
    train = np.exp(np.log(0.6931) - np.linspace(0, 0.3, n))  # the training split is being fitted
    run = make_run(loss=(np.arange(n), train), val_loss=(np.arange(n), val), val_accuracy=(np.arange(n), acc))
    hits = run_detector("plateau-at-chance", run)
    assert hits and hits[0].evidence.get("num_classes") == 2, (seed, acc)
    big = np.round((0.56 + 0.02 * np.sin(np.arange(n))) * 10000) / 10000
    run = make_run(loss=(np.arange(n), train), val_loss=(np.arange(n), val * 0.97), val_accuracy=(np.arange(n), big))
    assert run_detector("plateau-at-chance", run) == [], seed


def test_a_discriminator_at_chance_is_a_gan_doing_its_job():
    # an adversarial training logs its discriminator's (a steganalyser's) held-out accuracy: at 0.5 the generator
    # wins, which is the goal
    rng = np.random.default_rng(0)
    n = 20
    acc = np.round(0.5 + rng.normal(0, 0.04, n), 2)
    run = make_run(Loss_G=np.exp(np.linspace(np.log(11.0), np.log(2.1), n)), Loss_D=0.7 + rng.normal(0, 0.1, n),
                   **{"val/Steganalysis Accuracy": acc})
    assert run_detector("plateau-at-chance", run) == []


@pytest.mark.parametrize("seed", range(6))
def test_validation_swings_are_weighed_against_the_untrained_loss_when_evaluation_came_late(seed):
    # a fine-tune that learns its task in the first tens of steps and is first evaluated after that: every
    # evaluation already sits at 1e-5..1e-3 of the training loss's start and jumps by factors between evaluations.
    # The untrained model's loss is the training loss's first reading; against it the swings are nothing
    rng = np.random.default_rng(seed)
    n_train, every = 600, int(rng.integers(50, 120))
    start = float(rng.uniform(0.3, 3.0))
    train = start * np.exp(-np.arange(n_train) / 10.0) + 1e-4 * (1 + rng.random(n_train))
    ev_steps = np.arange(every, n_train, every)
    tiny = start * 10 ** rng.uniform(-5.0, -3.0)
    val = tiny * np.exp(np.where(np.arange(len(ev_steps)) % 2 == 0, 1.0, -1.0) * rng.uniform(0.5, 1.0, len(ev_steps)))
    run = make_run(train_loss=(np.arange(n_train), train), val_loss=(ev_steps, val))
    assert run_detector("oscillation", run) == [], seed


# ------------------------------------------------------------- at chance for a class count that is not round
def _at_chance_any_k(seed):
    """A K-class model that never learns (labels detached, an LR far too low): the loss starts at log K and stays
    there within 0.5-3% noise for 8-200 epochs. K is any class count 6-30. The one accuracy logged is too rough to
    name K by itself: a training accuracy over small epochs (100-300 examples), or a validation accuracy of a
    predictor collapsed onto one or two classes (their share, 1-2 x 1/K)."""
    rng = np.random.default_rng(seed)
    k = int(rng.choice([6, 7, 9, 12, 15, 20, 26, 30]))
    n = int(rng.integers(8, 200))
    chance = math.log(k)
    loss = chance * (1 + rng.normal(0, rng.uniform(0.005, 0.03), n))
    if seed % 2:
        size = int(rng.integers(100, 300))
        return k, make_run(train_loss=loss, train_acc=rng.binomial(size, 1 / k, n) / size)
    share = float(rng.uniform(1.2, 2.0)) / k
    val = np.clip(share + rng.normal(0, 0.003, n), 0, 1)
    return k, make_run(train_loss=loss, val_loss=chance * (1 + rng.normal(0, 0.004, n)), val_acc=val)


@pytest.mark.parametrize("seed", range(12))
def test_a_model_at_chance_is_reported_whatever_its_class_count(seed):
    # the loss at log K from the first reading to the last beside an accuracy at 1/K: three readings of one K, for a
    # 7-class emotion set or 12 waveform classes as for 10 classes (round counts were the only ones read before)
    k, run = _at_chance_any_k(seed)
    hits = run_detector("plateau-at-chance", run)
    # K as precisely as the loss's scatter reads it: log K within 4% (log 20 and log 22 are 3% apart)
    assert hits and abs(math.log(hits[0].evidence["num_classes"]) / math.log(k) - 1) <= 0.04, (seed, k, hits)


@pytest.mark.parametrize("k", [7, 12, 26])
def test_a_classifier_that_learned_from_log_k_is_not_at_chance(k):
    rng = np.random.default_rng(k)
    n = 60
    x = np.arange(n)
    chance = math.log(k)
    loss = chance * (0.25 + 0.75 * np.exp(-x / 12)) * (1 + rng.normal(0, 0.02, n))
    acc = 1 / k + (0.85 - 1 / k) * (1 - np.exp(-x / 12))
    assert run_detector("plateau-at-chance", make_run(train_loss=loss, train_acc=acc)) == []
    # a loss flat from its first reading with an accuracy far above 1/K is a model logged after it converged
    flat = chance * 0.3 * (1 + rng.normal(0, 0.02, n))
    assert run_detector("plateau-at-chance", make_run(train_loss=flat, train_acc=np.full(n, 0.8))) == []


@pytest.mark.parametrize("seed", range(8))
def test_a_noisy_loss_that_never_moved_is_shown_by_a_flat_validation_loss(seed):
    # a regression homework: 25 minibatch losses scattered by 5-15% (too few and too noisy to bound the change by
    # themselves) beside a validation loss evaluated every epoch that moved by less than 1% -- the whole-set
    # evaluation is the precise witness that the model never learned (an LR far too low)
    rng = np.random.default_rng(seed)
    level = float(rng.choice([0.05, 3.0, 900.0]))
    n = int(rng.integers(20, 40))
    loss = level * np.exp(rng.normal(0, rng.uniform(0.05, 0.15), n))
    ev = np.arange(n // 5 - 1, n, n // 5)
    val = level * 0.8 * (1 - np.linspace(0, rng.uniform(0.0, 0.008), len(ev)))
    hits = run_detector("underfitting", make_run(train_loss=loss, val_loss=(ev, val)))
    assert hits and hits[0].evidence.get("mode") == "never-learned", seed
    # the same losses beside a validation loss that fell 15%, or one first evaluated late, say nothing
    fell = level * 0.8 * np.linspace(1.0, 0.85, len(ev))
    assert run_detector("underfitting", make_run(train_loss=loss, val_loss=(ev, fell))) == []
    late = (np.arange(n // 2, n, 3), level * 0.8 * np.ones(len(range(n // 2, n, 3))))
    assert run_detector("underfitting", make_run(train_loss=loss, val_loss=late)) == []


# ------------------------------------------------------------ an evaluation set of a handful of examples
def _tiny_eval_set(seed):
    """A model that fits its training split (accuracy 0.5 -> 0.97) evaluated on 4-8 held-out examples: the validation
    accuracy moves in steps of 1/N and jumps between 0 and 1 from epoch to epoch; its validation loss improves."""
    rng = np.random.default_rng(seed)
    size = int(rng.integers(4, 9))
    n = int(rng.integers(8, 40))
    x = np.arange(n)
    train_acc = 0.5 + 0.47 * (1 - np.exp(-x / (n / 4)))
    loss = 0.69 * np.exp(-x / (n / 3)) + 0.02
    val_acc = rng.binomial(size, float(rng.uniform(0.4, 0.8)), n) / size
    val_loss = (1.0 + 0.3 * np.exp(-x / (n / 3))) * np.exp(rng.normal(0, 0.05, n))
    return make_run(loss=loss, accuracy=train_acc, val_loss=val_loss, val_accuracy=val_acc)


@pytest.mark.parametrize("seed", range(12))
def test_an_evaluation_set_of_a_few_examples_proves_neither_chance_nor_a_regression(seed):
    # six validation examples: 6/6 then 3/6 is three examples, and 'never beat chance' with a margin of three
    # binomial sigmas (0.6 of the scale) is no evidence of chance either: neither is reported
    run = _tiny_eval_set(seed)
    names = [f.name for f in curvedoc.diagnose(run).runs[0].findings if f.severity != "info"]
    assert "plateau-at-chance" not in names and "metric-regression" not in names, (seed, names)


@pytest.mark.parametrize("seed", range(6))
def test_an_accuracy_repeating_one_count_while_the_validation_loss_improves_is_no_frozen_predictor(seed):
    # 10 evaluations on a 6-example set all at 3/6 (or 4/6) while the validation loss falls 8-20% and the training
    # split is fitted: the held-out predictions changed, the set is too small to show it in its count
    rng = np.random.default_rng(seed)
    n = 10
    x = np.arange(n)
    acc = np.full(n, float(rng.choice([0.5, 4 / 6])))
    val_loss = 1.3 * np.exp(-float(rng.uniform(0.08, 0.2)) * x / (n - 1)) * np.exp(rng.normal(0, 0.01, n))
    run = make_run(loss=1.0 * np.exp(-x / 3) + 0.05, accuracy=0.5 + 0.47 * (1 - np.exp(-x / 3)),
                   val_loss=val_loss, val_accuracy=acc)
    assert run_detector("plateau-at-chance", run) == [], seed


@pytest.mark.parametrize("key", ["max_iterations", "total_iterations", "max_iters"])
def test_a_planned_iteration_count_in_any_common_spelling_says_the_run_stopped_early(key):
    # an argparse Namespace with max_iterations=90000 and a log that ends at iteration 20: stopped at 0% of its plan
    rng = np.random.default_rng(0)
    loss = 1.0 * np.exp(rng.normal(0, 0.2, 20))
    run = make_run(train_loss=(np.arange(1, 21), loss), hparams={key: 90000, "max_epochs": 400})
    hits = run_detector("unfinished-schedule", run)
    assert hits and "90,000" in hits[0].message, key


@pytest.mark.parametrize("seed", range(6))
def test_a_gradient_norm_high_only_at_the_first_batches_did_not_explode(seed):
    # an HF fine-tune whose first logged loss is 12 (the new head's first batches): grad_norm 20-60 at the first
    # logged step, then 0.3-0.7 for the rest of the run -- it rose from nothing the reference was measured against
    rng = np.random.default_rng(seed)
    n = int(rng.integers(80, 140))
    gn = rng.uniform(0.33, 0.69, n)
    gn[:8] = float(rng.uniform(20, 60)) * np.array([1.0, 0.55, 0.037, 0.029, 0.025, 0.015, 0.012, 0.009])
    loss = 0.1 + 0.3 * np.exp(-np.arange(n) / 20)
    loss[0] = 12.0
    assert run_detector("exploding-gradients", make_run(train_loss=loss, grad_norm=gn)) == [], seed
    # the same start, then a norm that runs away later in the run, is still an explosion
    late = gn.copy()
    late[n // 2:] *= np.logspace(0, 3, n - n // 2)
    assert run_detector("exploding-gradients", make_run(train_loss=loss, grad_norm=late)), seed


@pytest.mark.parametrize("seed", range(8))
def test_a_blow_up_whose_own_jumps_swamp_the_noise_estimate_is_divergence_at_once(seed):
    # a live check 11 steps into a Keras run at lr 3: five readings near log K (2.5, 2.8, 2.3, 1.2, 2.0), then the
    # blow-up's chaotic 5-25 (16, 11, 25, 12, 9): first differences of the log loss are the jumps themselves, so a
    # noise bar drawn from them (0.58 per point) hides a 5x rise. Every reading after the onset above every reading
    # before it is a shift noise makes once in C(11, 5) = 462 orders
    rng = np.random.default_rng(seed)
    pre = 2.3 * np.exp(rng.normal(0, 0.25, 5))
    post = float(pre.max()) * 2.0 * np.exp(np.abs(rng.normal(0, 0.8, 6)))
    loss = np.concatenate([pre, post])
    hits = run_detector("divergence", make_run(train_loss=loss))
    assert hits, (seed, np.round(loss, 2))


@pytest.mark.parametrize("epochs", [10, 30, 100])
def test_a_bias_group_warmed_down_from_a_high_start_is_no_schedule_that_ended_early(epochs):
    # Ultralytics: lr/pg0 (the biases) starts at warmup_bias_lr 0.1 and falls to lr0 over the warm-up while pg1 and
    # pg2 rise from 0 to it; then all three decay linearly to 1% of lr0. Against pg0's start the whole run looks 'at
    # the floor'; the groups share one schedule, and it ran to its end
    e = np.arange(1, epochs + 1)
    lr0 = 3e-4
    decay = lr0 * (1 - 0.99 * (e - 1) / (epochs - 1))
    warm = np.clip(e / 3, 0, 1)
    pg0 = np.where(e <= 3, 0.1 + (decay - 0.1) * warm, decay)
    pg1 = np.where(e <= 3, decay * warm, decay)
    loss = 2.0 * np.exp(-e / (epochs / 3)) + 0.5
    run = make_run(**{"train/box_loss": (e, loss), "lr/pg0": (e, pg0), "lr/pg1": (e, pg1), "lr/pg2": (e, pg1)})
    assert run_detector("schedule-ended-early", run) == [], epochs
    # every group at the floor from a third of the run on: the schedule did end early
    early = np.where(e > epochs // 3, lr0 * 1e-3, decay)
    run = make_run(**{"train/box_loss": (e, loss), "lr/pg0": (e, np.where(e <= 3, pg0, early)),
                      "lr/pg1": (e, early), "lr/pg2": (e, early)})
    assert run_detector("schedule-ended-early", run), epochs


def test_a_per_example_loss_wild_from_the_start_while_its_level_falls_is_no_oscillation():
    # a LoRA fine-tune at batch 1 printing its step loss: it jumps 2-20x from one point to the next from the first
    # steps to the last (log noise 1.3, steady), while the level under it falls 3.6x over the run. The wild late
    # swings were there all along and the model kept learning under them: the logging's grain, not an oscillation
    fired = 0
    for seed in range(20):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(300, 3000))
        level = 0.23 + 0.6 * np.exp(-np.arange(n) / (n / 5))
        fired += bool(run_detector("oscillation", make_run(train_loss=level * np.exp(rng.normal(0, 1.3, n)))))
    assert fired <= 2, fired  # (11 of 20 before)


def test_a_classification_error_in_percent_is_a_rate_with_a_practical_floor():
    # DETR's test_class_error: a percentage of 0 at the first evaluation and about 1 (point of 100) later: a rise
    # of one point of a percentage is below the 5-point floor of a rate, not a regression from 'its best, 0'
    rng = np.random.default_rng(0)
    ev = np.arange(1, 301)
    err = np.clip(np.r_[0.0, np.linspace(0.2, 1.2, 299) + rng.normal(0, 0.2, 299)], 0, 100)
    loss = 16 * np.exp(-ev / 60) + 1.5
    run = make_run(train_loss=loss, test_class_error=(ev, err), test_loss=(ev, 8 + 0 * ev))
    assert run_detector("metric-regression", run) == []
    # an error rate that climbed from 10% to 30% and stayed is one
    bad = np.r_[np.linspace(40, 10, 100), np.linspace(10, 30, 100), np.full(100, 30.0)] + rng.normal(0, 0.5, 300)
    assert run_detector("metric-regression", make_run(train_loss=loss, test_class_error=(ev, bad)))


@pytest.mark.parametrize("seed", range(6))
def test_a_cross_entropy_falling_without_bound_below_zero_diverged(seed):
    # NLLLoss on raw logits (log_softmax forgotten): the 'loss' is minus the true class's logit, -2 after the first
    # epoch and -5,000 twenty epochs later, falling faster each epoch, with a validation accuracy beside it (so the
    # loss is a cross-entropy, which is never negative). A naive reader sees a loss that keeps improving
    rng = np.random.default_rng(seed)
    n = int(rng.integers(10, 60))
    loss = -2.0 * np.exp(np.linspace(0, float(rng.uniform(5, 8)), n)) * (1 + rng.normal(0, 0.02, n))
    acc = np.r_[0.67, np.full(n - 1, 0.47)]
    run = make_run(train_loss=loss, val_acc=acc)
    hits = run_detector("divergence", run)
    assert hits and hits[0].evidence.get("mode") == "below-zero", seed
    names = [f.name for f in curvedoc.diagnose(run).runs[0].findings]
    assert "unfinished-schedule" not in names, names
    # a cross-entropy with an entropy bonus subtracted that ends a little below zero is no such fault
    small = np.linspace(1.0, -0.05, n)
    assert run_detector("divergence", make_run(train_loss=small, val_acc=np.linspace(0.5, 0.9, n))) == []


@pytest.mark.parametrize("seed", range(6))
def test_an_accuracy_logged_beside_a_regression_loss_is_no_evidence_of_a_poor_fit(seed):
    # Keras' metrics=['accuracy'] on a model with continuous targets counts exact matches of real numbers (0.1-0.2
    # whatever the fit): beside an MSE whose mae falls, it says nothing about underfitting
    rng = np.random.default_rng(seed)
    n = int(rng.integers(12, 60))
    loss = 0.054 * np.exp(-np.arange(n) / (3 * n)) * (1 + rng.normal(0, 0.01, n))
    mae = 0.17 * np.exp(-np.arange(n) / (3 * n))
    acc = 0.18 + rng.normal(0, 0.005, n)
    run = make_run(loss=loss, mae=mae, accuracy=acc)
    assert run_detector("underfitting", run) == [], seed
    # the same accuracy beside a classification loss that stalled at 1.6 nats after falling from 2.3 is one
    stalled = np.r_[np.linspace(2.3, 1.62, n // 3), np.full(n - n // 3, 1.6)] * (1 + rng.normal(0, 0.005, n))
    assert run_detector("underfitting", make_run(loss=stalled, accuracy=acc)), seed


@pytest.mark.parametrize("rows", [4, 5, 8])
def test_a_run_stopped_inside_its_warmup_is_unfinished_and_its_floor_says_nothing(rows):
    # Ultralytics warms the LR up from 0 over its first epochs; a job stopped after 4 of 100 epochs has mAP 0 at
    # every evaluation: the model has hardly been trained, it is not at chance
    rng = np.random.default_rng(rows)
    ev = np.arange(1, rows + 1)
    lr = 1.4e-5 * (ev - 1)
    tags = {"lr/pg0": (ev, lr), "metrics/mAP50(B)": (ev, np.zeros(rows)), "metrics/mAP50-95(B)": (ev, np.zeros(rows))}
    for part in ("box", "cls", "dfl"):
        tags[f"train/{part}_loss"] = (ev, 2 + rng.normal(0, 0.1, rows))
        tags[f"val/{part}_loss"] = (ev, 2 + rng.normal(0, 0.05, rows))
    run = make_run(**tags)
    assert run_detector("plateau-at-chance", run) == []
    hits = run_detector("unfinished-schedule", run)
    assert hits and "warming up" in hits[0].message
    # the same evaluations after the warmup ended (the LR at its peak, then decaying) are judged
    done = dict(tags)
    done["lr/pg0"] = (ev, np.r_[1e-4, np.linspace(1e-3, 5e-4, rows - 1)])
    assert run_detector("plateau-at-chance", make_run(**done))


@pytest.mark.parametrize("seed", range(8))
def test_an_agent_that_never_beat_its_random_start_has_no_reward_to_lose(seed):
    # an RL agent's return starts at what its random policy earns and scatters widely: a lucky stretch early on and
    # a typical one at the end is not a regression unless the return first rose above the start by as much
    rng = np.random.default_rng(seed)
    n = int(rng.choice([60, 250, 1200]))
    steps = np.arange(n) * 2048
    level = float(rng.uniform(-30, 5))
    scale = float(rng.uniform(1, 8))
    # the first episodes of a random policy happened to earn more (a lucky stretch, or a policy that then collapsed
    # onto a worse deterministic action): never a learned gain
    t = np.arange(n) / n
    flat = level + 3 * scale * np.exp(-t / 0.1) + rng.normal(0, scale, n)
    run = make_run(steps=steps, **{"rollout/ep_rew_mean": flat, "train/value_loss": np.abs(rng.normal(1, 0.3, n))})
    assert run_detector("metric-regression", run) == [], seed
    # the same agent that learned (the return climbed well above its start) and then lost most of it regressed
    learned = level + 10 * scale * np.r_[np.linspace(0, 1, n // 2), np.linspace(1, 0.3, n - n // 2)] + \
        rng.normal(0, scale, n)
    run = make_run(steps=steps, **{"rollout/ep_rew_mean": learned, "train/value_loss": np.abs(rng.normal(1, 0.3, n))})
    assert run_detector("metric-regression", run), seed


@pytest.mark.parametrize("seed", range(5))
def test_a_generator_loss_rising_as_its_discriminator_wins_is_no_divergence(seed):
    # a GAN starts at the equilibrium (G ~ ln 2, D ~ 2 ln 2); as the discriminator gains the upper hand the
    # generator's loss climbs to 2-3 with batch spikes: a game's score, not a model losing its fit
    rng = np.random.default_rng(seed)
    n = int(rng.choice([200, 420, 2000]))
    t = np.linspace(0, 1, n)
    g = 0.7 + 2.2 * t ** 0.7 + rng.gamma(2, 0.15, n)
    d = 1.38 - 1.1 * t ** 0.7 + rng.gamma(2, 0.03, n)
    run = make_run(**{"Gen Loss": g, "Disc Loss": d})
    assert run_detector("divergence", run) == [], seed
    # a NaN in it is still reported
    g2 = g.copy()
    g2[n // 2:] = np.nan
    assert run_detector("divergence", make_run(**{"Gen Loss": g2, "Disc Loss": d})), seed


@pytest.mark.parametrize("n", [30, 60, 300])
def test_a_loss_passing_through_log_k_on_its_way_down_is_not_settling_at_chance(n):
    # an LM fine-tune's window means: 2.23 at the first log, 1.45 soon after, then a slow steady fall to 1.33 -- it
    # crosses ln 4 = 1.386 and keeps going. A model settling on the prior comes down onto log K and stays at or just
    # above it; one that ends below log K by half the band is still learning
    rng = np.random.default_rng(n)
    k0 = max(2, n // 15)
    loss = np.r_[np.linspace(2.23, 1.46, k0), np.linspace(1.45, 1.332, n - k0)] * (1 + rng.normal(0, 0.004, n))
    assert run_detector("plateau-at-chance", make_run(train_loss=loss)) == [], n
    # settling onto ln 3 from just above it (1.14 -> 1.10) and staying there is the prior
    settle = np.r_[np.linspace(1.3, 1.14, k0), 1.0986 + 0.04 * np.exp(-np.arange(n - k0) / (n / 8))] * \
        (1 + rng.normal(0, 0.002, n))
    assert run_detector("plateau-at-chance", make_run(train_loss=settle)), n


@pytest.mark.parametrize("seed", range(6))
def test_a_grad_norm_spike_inside_the_range_the_run_learned_with_is_practically_nothing(seed):
    # a fine-tune that memorises its data: the norm falls from ~8 to ~0.01 and a hard batch lifts it to 0.36 --
    # 27x its local level, but a step the optimizer took routinely while it learned
    rng = np.random.default_rng(seed)
    n = int(rng.choice([160, 400, 3000]))
    t = np.arange(n)
    g = (8 * np.exp(-t / (n / 20)) + 0.01) * np.exp(rng.normal(0, 0.2, n))
    spiked = g.copy()
    for k in rng.choice(np.arange(n // 3, n - 5), 2, replace=False):
        spiked[k] = float(rng.uniform(0.2, 0.5))
    loss = 0.7 * np.exp(-t / (n / 10)) + 1e-4
    assert run_detector("grad-norm-spikes", make_run(train_loss=loss, grad_norm=spiked)) == [], seed
    # a spike far above anything the run saw is one
    spiked[n // 2] = 60.0
    assert run_detector("grad-norm-spikes", make_run(train_loss=loss, grad_norm=spiked)), seed


@pytest.mark.parametrize("seed", range(8))
def test_sgd_far_too_high_keeps_the_loss_above_guessing_and_validation_at_chance(seed):
    # SGD at lr 8 with momentum: the loss starts at ln K (the untrained model, step 0), is thrown to 2-4x ln K within
    # ten steps and bounces there to the end (never the 10x 'explosion'); validation accuracy, printed in percent,
    # sits at 100/K at every epoch. At chance, the learning rate first
    rng = np.random.default_rng(seed)
    k = int(rng.choice([3, 5, 7, 12, 20]))
    n, ev = 140, int(rng.integers(8, 30))
    loss = np.r_[math.log(k), math.log(k) * rng.uniform(1.0, 4.2, n - 1)]
    steps = np.arange(n) * 10
    ev_steps = np.linspace(steps[5], steps[-1], ev).astype(int)
    acc = 100.0 / k + rng.normal(0, 1.2, ev)
    run = make_run(steps=steps, loss=loss, **{"val acc": (ev_steps, acc),
                                               "val loss": (ev_steps, math.log(k) * rng.uniform(2.4, 3.5, ev))})
    rep = curvedoc.diagnose(run).runs[0]
    assert rep.findings and rep.findings[0].name == "plateau-at-chance", (seed, [f.name for f in rep.findings])
    assert rep.findings[0].cause_ids[0] == "lr-too-high", rep.findings[0].cause_ids


@pytest.mark.parametrize("k", [2, 3, 5])
def test_three_evaluations_at_chance_after_an_explosion_are_enough(k):
    # a 3-epoch HF fine-tune at lr 80: the loss is 400-600x log K from the first log and the accuracy is 1/K at each
    # of the three epoch-end evaluations. Three evaluations could all fall inside a warm-up -- not after an explosion
    rng = np.random.default_rng(k)
    steps = np.arange(5, 190, 5)
    loss = np.linspace(450, 15, len(steps)) * (1 + rng.normal(0, 0.1, len(steps)))
    ev = np.array([63, 126, 189])
    acc = np.full(3, round(1 / k - 0.01, 2))
    run = make_run(steps=steps, loss=loss, eval_accuracy=(ev, acc), eval_loss=(ev, np.array([3.3, 31.9, 6.4])))
    rep = curvedoc.diagnose(run).runs[0]
    assert rep.findings[0].name == "plateau-at-chance", [f.name for f in rep.findings]
    assert rep.findings[0].cause_ids[0] == "lr-too-high"
    # the same three evaluations beside a loss that fell normally from log K say nothing yet
    calm = math.log(k) * np.linspace(1.0, 0.9, len(steps))
    run = make_run(steps=steps, loss=calm, eval_accuracy=(ev, acc))
    assert run_detector("plateau-at-chance", run) == []


@pytest.mark.parametrize("seed", range(5))
def test_a_learner_passing_through_log_k_and_one_over_k_is_not_at_chance(seed):
    # 20 classes: the loss falls 3.3 -> 1.9 -> 1.45 -> 1.18 (through ln 3 = 1.10) while a 16-image validation
    # accuracy climbs 0.06 -> 0.44 (its median near 1/3): two readings of K = 3 by coincidence, on a learner
    rng = np.random.default_rng(seed)
    n = 500
    loss = 1.0 + 2.3 * np.exp(-np.arange(n) / 170) + rng.normal(0, 0.08, n)
    ev = np.arange(20, 520, 20)
    acc = np.clip(np.round((0.06 + 0.38 * (ev / 500) ** 0.8 + rng.normal(0, 0.05, len(ev))) * 16) / 16, 0, 1)
    run = make_run(**{"loss/train": loss, "acc/val": (ev, acc), "loss/val": (ev, 1.3 + 1.8 * np.exp(-ev / 250))})
    assert run_detector("plateau-at-chance", run) == [], seed


@pytest.mark.parametrize("seed", range(4))
def test_a_metric_printed_as_zero_beside_a_validation_loss_that_fell_is_not_computed(seed):
    # a regression script printing 'Val Acc: 0.00' every epoch (the field is unused) while its validation loss
    # falls 6x: the model does well on held-out data by its own loss; the zero is a placeholder, not chance
    rng = np.random.default_rng(seed)
    n = 30
    e = np.arange(1, n + 1)
    val = 0.04 + 0.23 * np.exp(-e / 3) + rng.normal(0, 0.002, n)
    run = make_run(steps=e, train_loss=0.03 + 0.3 * np.exp(-e / 4), val_loss=val, **{"Val Acc": np.zeros(n)})
    assert run_detector("plateau-at-chance", run) == [], seed
    # the same zero beside a validation loss that did not fall is a model that never produced a correct output
    run = make_run(steps=e, train_loss=0.03 + 0.3 * np.exp(-e / 4), val_loss=0.27 + rng.normal(0, 0.002, n),
                   **{"Val Acc": np.zeros(n)})
    assert run_detector("plateau-at-chance", run), seed


@pytest.mark.parametrize("seed", range(4))
def test_a_language_model_loss_near_the_log_of_a_small_count_is_no_chance_level(seed):
    # an image-captioning LSTM: per-step loss 9.2 -> 2.3 (= ln 10 by coincidence) and flat, perplexity ~10 printed
    # beside it: a text-generation metric says the loss is over a vocabulary, not 10 classes
    rng = np.random.default_rng(seed)
    n = 20000  # (one point a step: the fall takes the first 1% of the run)
    loss = 2.31 + 6.9 * np.exp(-np.arange(n) / 40) + rng.normal(0, 0.15, n)
    run = make_run(Loss=loss, Perplexity=np.exp(loss))
    assert run_detector("plateau-at-chance", run) == [], seed
    # its first reading, 4x log 10 and never reached again, says so too: a fresh 10-class model starts at log 10
    assert run_detector("plateau-at-chance", make_run(Loss=loss)) == [], seed
    # a loss at ln 10 from its first reading: without the text-generation metric nothing says it is not a 10-class
    # loss at chance; with it, the loss is over a vocabulary
    flat = 2.31 + rng.normal(0, 0.02, n)
    assert run_detector("plateau-at-chance", make_run(Loss=flat)), seed
    assert run_detector("plateau-at-chance", make_run(Loss=flat, Perplexity=np.exp(flat))) == [], seed


@pytest.mark.parametrize("every,length", [(10, 63), (50, 600), (1, 40)])
def test_a_log_that_stops_inside_an_epoch_was_cut_off_whatever_its_format(every, length):
    # the epoch logged beside every step (Lightning's metrics.csv, a print 'epoch 7 step 470 loss ..'): the steps
    # where it moves on give the epoch's length; SIGKILL half-way through epoch 6 leaves the last step well short
    # of that epoch's end -- the same evidence a text log's 'batch 30/63' gives
    steps = np.arange(every - 1, 6 * length + length // 2, every)
    epoch = (steps // length).astype(float)
    loss = 1.5 * np.exp(-steps / (3 * length)) + 0.1
    names = {f.name: f for f in curvedoc.diagnose(make_run(steps=steps, train_loss=loss, epoch=epoch)).runs[0].findings}
    assert "crashed-run" in names and "inside epoch 6" in names["crashed-run"].message, names
    # the same run that ran its last epoch to the end, with Lightning's closing test row at max_epochs, is whole
    done = np.r_[np.arange(every - 1, 7 * length, every), 7 * length]
    ep = np.r_[(np.arange(every - 1, 7 * length, every) // length).astype(float), 7.0]
    names = [f.name for f in curvedoc.diagnose(make_run(steps=done, train_loss=1.5 * np.exp(-done / (3 * length)) + 0.1,
                                                        epoch=ep)).runs[0].findings]
    assert "crashed-run" not in names, names
    # a fractional epoch (HF's 2.54 of a max_steps plan) says nothing of where an epoch ends
    names = [f.name for f in curvedoc.diagnose(make_run(steps=steps, train_loss=loss, epoch=steps / length)).runs[0].findings]
    assert "crashed-run" not in names, names


@pytest.mark.parametrize("k", [7, 13, 14, 23])
@pytest.mark.parametrize("seed", range(3))
def test_labels_unrelated_to_the_inputs_at_any_class_count_are_at_chance_with_the_labels_first(k, seed):
    # the labels shifted one row against the images: the training split is memorised, the validation loss starts
    # at ln K at its first evaluation and climbs, and the validation accuracy starts at 1/K and drifts BELOW it as
    # the model learns a wrong mapping (its median then reads another K: 1/20 for 14 classes). The first validation
    # loss names K; the first accuracies and the fitted training split confirm it
    rng = np.random.default_rng(seed)
    n, m = 1050, 50
    steps = np.arange(n)
    loss = math.log(k) * np.exp(-steps / 300) * (1 + rng.normal(0, 0.05, n)) + 0.05
    ev = np.linspace(20, n - 1, m).astype(int)
    val_loss = math.log(k) * (1 + np.linspace(0, 1.0, m)) * (1 + rng.normal(0, 0.003, m))
    val_loss[0] = math.log(k) * (1 + rng.normal(0, 0.004))
    acc = np.clip(1 / k * np.linspace(1.15, 0.45, m) + rng.normal(0, 0.15 / k, m), 0, 1)
    run = make_run(train_loss=loss, val_loss=(ev, val_loss), val_acc=(ev, acc))
    rep = curvedoc.diagnose(run).runs[0]
    chance = [f for f in rep.findings if f.name == "plateau-at-chance"]
    assert chance and chance[0].cause_ids[0] == "labels-detached", (k, seed, [f.name for f in rep.findings])
    # a learner whose validation loss starts at ln K and FALLS (its accuracy rising) is no such run
    good = make_run(train_loss=loss, val_loss=(ev, math.log(k) * np.linspace(1.0, 0.3, m)),
                    val_acc=(ev, np.linspace(1 / k, 0.8, m)))
    assert run_detector("plateau-at-chance", good) == []


# ------------------------------------------------------------- initial-loss-off: the cost of a bad start decides
def _bad_start(seed, recover_after):
    """A K-class classifier (K 2-1,000, 8-400 readings, per-epoch or per-step) whose first loss is 2.5-30x log K
    and which is back at log K after ``recover_after`` readings, then learns normally."""
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 3, 5, 10, 38, 100, 1000]))
    n = int(rng.choice([8, 10, 15, 30, 60, 120, 400]))
    chance = math.log(k)
    head = chance * np.geomspace(float(rng.uniform(2.5, 30.0)), 1.2, recover_after) if recover_after else np.array([])
    rest = chance * (0.1 + 0.8 * np.exp(-np.arange(n - len(head)) / (0.3 * n)))
    loss = np.concatenate([head, rest]) * np.exp(rng.normal(0, 0.02, n))
    acc = np.clip(1.0 / k + (1 - 1.0 / k) * (1 - rest / chance), 0, 1)
    return make_run(train_loss=loss, train_acc=np.concatenate([np.full(len(head), 1.0 / k), acc])[:n],
                    hparams={"num_classes": k}), n


def test_a_bad_start_undone_by_the_next_reading_is_info_and_a_lasting_one_a_warning():
    # the first reading far above log K and the next one back at it (the epoch mean of a first epoch whose
    # first batches ran on a bad start): the start cost one logging interval -- info, as a broken start that
    # recovered is; a loss held above log K for a visible share of the run spent that share undoing its start
    for seed in range(40):
        run, n = _bad_start(seed, 1)
        hits = run_detector("initial-loss-off", run)
        assert hits and hits[0].severity == "info" and hits[0].evidence["recovered_quickly"], (seed, hits)
        run, n = _bad_start(seed, max(2, int(0.2 * n)))
        hits = run_detector("initial-loss-off", run)
        assert hits and (hits[0].severity or "warning") == "warning", (seed, n, hits)


# ------------------------------------------------------------ overfitting: what the rise gave back of the progress
def _crossover_after_progress(seed, gained):
    """A validation loss that falls from its first evaluation by the factor ``gained`` (0.003-0.5 of its start
    left), then rises by 12-35% over the last 40% while the training loss keeps falling (20-200 evaluations: a
    crossover the rule finds at every length)."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([20, 40, 80, 200]))
    start = float(rng.uniform(0.05, 5.0))
    best = start * gained
    i_best = int(0.6 * n)
    fall = start * (best / start) ** (np.arange(i_best + 1) / i_best)
    up = best * np.exp(np.linspace(0, math.log(1 + rng.uniform(0.12, 0.35)), n - i_best)[1:])
    val = np.concatenate([fall, up]) * np.exp(rng.normal(0, 0.004, n))
    steps = np.arange(1, n + 1) * 100
    train = start * np.exp(-np.linspace(0, 6, 10 * n)) * np.exp(rng.normal(0, 0.01, 10 * n))
    return make_run(train_loss=(np.arange(1, 10 * n + 1) * 10, train), val_loss=(steps, val))


def test_an_overfitting_rise_that_gave_back_almost_nothing_of_the_progress_is_info():
    # a validation loss 100-300x below its start that rose 12-35% since its minimum gave back well under 5% of what it
    # gained: statistically a crossover, practically the best checkpoint; one that kept only half of its start gave
    # back far more, and stays a warning
    for seed in range(30):
        gained = float(np.random.default_rng(seed).uniform(0.003, 0.01))
        hits = run_detector("overfitting", _crossover_after_progress(seed, gained))
        assert hits and hits[0].severity == "info" and hits[0].evidence["given_back"] < 0.05, (seed, hits)
        hits = run_detector("overfitting", _crossover_after_progress(seed, 0.5))
        assert hits and (hits[0].severity or "warning") == "warning", (seed, hits)


# ------------------------------------------ plateau-at-chance: a level K is read from alone, against the first record
def _fine_tune_onto_a_log_k(seed):
    """A fine-tune's loss (no accuracy, no class count) whose first record is 1.6-3x the level it then hovers at
    (+-3% noise, 40-400 records every 10-50 steps), the level chosen at log K for a plausible K (2-20)."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 21))
    n = int(rng.choice([40, 90, 200, 400]))
    every = int(rng.choice([10, 25, 50]))
    level = math.log(k) * float(rng.uniform(1.0, 1.04))
    first = level * float(rng.uniform(1.6, 3.0))
    x = np.arange(n)
    loss = level + (first - level) * np.exp(-x / float(rng.uniform(0.5, 2.0)))
    loss *= np.exp(rng.normal(0, 0.03, n))
    loss[0] = first
    steps = (x + 1) * every
    return make_run(steps=steps, loss=loss, learning_rate=np.full(n, 2e-4), grad_norm=np.abs(rng.normal(0.6, 0.1, n)))


def test_a_loss_that_fell_onto_a_log_k_from_its_first_record_far_above_is_not_at_chance():
    # a fresh K-class model's first loss is log K; a first record at twice the level the loss settles at says the
    # level is where this loss's learning slowed down, not a uniform guess over K classes -- whatever the median of
    # the first 5% of records (already down near the level after a few records) says
    fired = [seed for seed in range(40) if run_detector("plateau-at-chance", _fine_tune_onto_a_log_k(seed))]
    assert not fired, fired


def _short_crossover(seed, blown_up=False):
    """A fine-tune evaluated 5-8 times: the validation loss is lowest at its first or second evaluation, then rises
    25-60% by the end with one dip on the way (never back to its minimum), while the training loss keeps falling
    (and sits below it) -- or, blown up, falls from far above both and stays above them."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 9))
    i_min = int(rng.integers(0, 2))
    lo = float(rng.uniform(0.1, 1.0))
    up = np.exp(np.linspace(0, math.log(1 + rng.uniform(0.25, 0.6)), n - i_min))
    dip = int(rng.integers(2, n - i_min - 1)) if n - i_min > 3 else 1
    up[dip] = up[dip - 1] * 0.97  # one dip, still above the minimum
    val = np.concatenate([lo * np.linspace(1.6, 1.2, i_min + 1)[:i_min], lo * up])
    train = lo * np.geomspace(1.5, 0.1, 10 * n) if not blown_up else lo * np.geomspace(400, 20, 10 * n)
    return make_run(train_loss=(np.arange(1, 10 * n + 1), train), val_loss=(np.arange(1, n + 1) * 10, val))


def test_a_short_validation_rise_with_a_dip_is_a_crossover_but_not_beside_a_blown_up_training_loss():
    # five to eight evaluations cannot measure their noise; a validation loss that left its minimum and never came
    # back, 25-60% above it at the end, beside a training loss that kept falling below it, is the crossover. A
    # training loss falling from an explosion, still far above the held-out loss, memorised nothing
    for seed in range(30):
        assert run_detector("overfitting", _short_crossover(seed)), seed
        assert run_detector("overfitting", _short_crossover(seed, blown_up=True)) == [], seed


# ------------------------------------------------ train-val-gap: a gap in the loss, none in what the model gets right
def _scaled_gap(seed, acc_gap):
    """A classifier whose validation loss is 3-10x its training loss from the first evaluation (40-200 epochs), its
    validation accuracy ``acc_gap`` below the training one."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([40, 100, 200]))
    e = np.arange(1, n + 1)
    train = 0.02 + 0.5 * np.exp(-e / (0.1 * n))
    factor = float(rng.uniform(3, 10))
    val = factor * train * np.exp(rng.normal(0, 0.02, n))
    tacc = np.clip(0.995 - 0.4 * np.exp(-e / (0.1 * n)) + rng.normal(0, 0.002, n), 0, 1)
    return make_run(steps=e, train_loss=train, val_loss=val, train_acc=tacc, val_acc=np.clip(tacc - acc_gap, 0, 1))


def test_a_loss_gap_beside_agreeing_accuracies_is_info_and_beside_a_lower_val_accuracy_a_warning():
    # a validation loss several times the training loss while both accuracies agree: the two losses are computed or
    # normalised differently (summed over sets of different sizes); an evaluation bug or memorisation shows in
    # the held-out accuracy
    for seed in range(20):
        hits = run_detector("train-val-gap", _scaled_gap(seed, 0.004))
        assert hits and hits[0].severity == "info" and hits[0].causes[0] == "eval-metric-mismatch", (seed, hits)
        hits = run_detector("train-val-gap", _scaled_gap(seed, 0.12))
        assert hits and (hits[0].severity or "warning") == "warning", (seed, hits)


# ------------------------------------------ loss-spikes: single-step doublings in a long per-step log are batch noise
def _per_step_with_jumps(seed, width):
    """A per-step loss (2,000-40,000 steps, 5-15% batch noise) with 4-12 jumps of 2.1-2.8x its level that last
    ``width`` steps each."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([2000, 10000, 40000]))
    x = np.arange(n)
    level = 0.4 + 2.0 * np.exp(-x / (0.1 * n))
    loss = level * np.exp(rng.normal(0, rng.uniform(0.05, 0.15), n))
    for at in rng.choice(np.arange(int(0.3 * n), n - 20), int(rng.integers(4, 13)), replace=False):
        loss[at: at + width] = level[at: at + width] * rng.uniform(2.1, 2.8)
    return make_run(train_loss=loss)


def test_small_spikes_back_at_the_next_reading_are_info_however_many_and_slow_ones_a_warning():
    for seed in range(12):
        hits = run_detector("loss-spikes", _per_step_with_jumps(seed, 1))
        assert all(h.severity == "info" for h in hits), (seed, hits)
        hits = run_detector("loss-spikes", _per_step_with_jumps(seed, 4))
        assert hits and any((h.severity or "warning") == "warning" for h in hits), (seed, hits)


# ------------------------------------------------ underfitting: a flat main loss beside something learned early
def _flat_main_loss(seed, aux):
    """A main training loss flat at its level (a diffusion noise-prediction loss: 0.15 +- 3%, 100-600 epochs) beside
    an auxiliary head that learned in the first 2-5% of the run and kept it: a retrieval accuracy 0.03 -> ~1.0, or
    an auxiliary loss 5 -> 0.15; or nothing beside it."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([100, 300, 600]))
    x = np.arange(n)
    tags = {"train/loss": 0.15 * np.exp(rng.normal(0, 0.03, n))}
    fast = np.exp(-x / (rng.uniform(0.02, 0.05) * n))
    if aux == "acc":
        tags["train/retrieval_acc"] = np.clip(1.0 - 0.97 * fast + rng.normal(0, 0.01, n), 0, 1)
    elif aux == "loss":
        tags["train/loss_retrieval"] = (0.15 + 5.0 * fast) * np.exp(rng.normal(0, 0.05, n))
    return make_run(**tags)


def test_a_flat_main_loss_beside_a_head_that_learned_early_is_not_never_learned():
    for seed in range(12):
        for aux in ("acc", "loss"):
            assert run_detector("underfitting", _flat_main_loss(seed, aux)) == [], (seed, aux)
        assert run_detector("underfitting", _flat_main_loss(seed, None)), seed


# ----------------------------------------------------------------- the names a new user gives (roles, discovery)
def _named_at_chance(seed):
    """A classifier that never learned, logged under the names a new user picks: the cross-entropy as ``ce`` on
    each split ('train/ce', 'valid/ce'), the accuracy per evaluation. K 2-50, 200-2,000 steps, minibatch noise
    5-30%."""
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 3, 5, 10, 50]))
    n = int(rng.integers(200, 2000))
    every = int(rng.choice([10, 25, 50]))
    noise = float(rng.uniform(0.05, 0.3))
    steps = np.arange(1, n + 1)
    ev = np.arange(every, n + 1, every)
    ce = math.log(k) * (1.0 + noise * rng.standard_normal(n) / 3).clip(0.5)
    return k, {"train/ce": (steps, ce), "valid/ce": (ev, math.log(k) * (1 + 0.002 * rng.standard_normal(len(ev)))),
               "valid/acc": (ev, 1.0 / k + 0.01 * rng.standard_normal(len(ev)) / k)}


@pytest.mark.parametrize("seed", range(12))
def test_a_cross_entropy_named_ce_is_the_loss_and_one_at_log_k_is_at_chance(seed):
    k, tags = _named_at_chance(seed)
    run = make_run(**tags)
    assert run.roles.get("train_loss") == "train/ce" and run.roles.get("val_loss") == "valid/ce"
    hits = run_detector("plateau-at-chance", run)
    assert hits, f"K={k}: {run.roles}"


def _regression_keras_names(seed, learns):
    """A Keras regression: no 'loss' key, the error under its bare name and its 'val_' twin (``mse``/``val_mse``,
    ``mae``/``val_mae``), 20-200 epochs; one that learns (the error falls 10-100x) or one whose inputs say nothing
    about the targets (the error stays at the targets' variance, within its noise)."""
    rng = np.random.default_rng(seed)
    kind = str(rng.choice(["mse", "mae", "rmse"]))
    n = int(rng.integers(20, 200))
    e = np.arange(1, n + 1)
    var = float(rng.uniform(0.5, 50.0))
    if learns:
        floor = var / float(rng.uniform(10, 100))
        tr = floor + (var - floor) * np.exp(-e / (0.2 * n))
    else:
        tr = np.full(n, var)
    tr = tr * (1 + 0.01 * rng.standard_normal(n))
    va = tr * 1.05 * (1 + 0.02 * rng.standard_normal(n))
    return kind, {kind: (e, tr), f"val_{kind}": (e, va)}


@pytest.mark.parametrize("seed", range(10))
def test_a_regression_error_under_its_bare_keras_name_is_the_loss_and_a_flat_one_never_learned(seed):
    kind, tags = _regression_keras_names(seed, learns=False)
    run = make_run(**tags)
    assert run.roles.get("train_loss") == kind and run.roles.get("val_loss") == f"val_{kind}", run.roles
    assert [h for h in run_detector("underfitting", run) if h.evidence.get("mode") == "never-learned"]
    kind, tags = _regression_keras_names(seed, learns=True)
    assert run_detector("underfitting", make_run(**tags)) == []
    # a name that says 'train' itself is the training split before a bare one (a per-step 'mse' beside per-epoch
    # 'train mse' / 'val mse')
    e = np.arange(1, 31)
    run = make_run(**{kind: (np.arange(1, 301), np.ones(300)), f"train {kind}": (e * 10, np.ones(30)),
                      f"val {kind}": (e * 10, np.ones(30))})
    assert run.roles.get("train_loss") == f"train {kind}", run.roles


@pytest.mark.parametrize("ns", ["finetuning", "model", "stage1"])
def test_lightning_accuracies_under_a_namespace_with_their_step_or_epoch_suffix_fill_the_accuracy_roles(ns):
    e = np.arange(1, 11)
    run = make_run(**{f"{ns}/train_loss_step": (e, 0.69 + 0 * e), f"{ns}/train_acc_epoch": (e, 0.5 + 0 * e),
                      f"{ns}/val_acc_epoch": (e, 0.5 + 0 * e)})
    assert run.roles.get("train_acc") == f"{ns}/train_acc_epoch"
    assert run.roles.get("val_acc") == f"{ns}/val_acc_epoch"


@pytest.mark.parametrize("word", ["logloss", "celoss", "trainloss", "nllloss"])
def test_a_print_log_naming_its_loss_in_a_compound_word_is_found_in_its_folder(word, tmp_path):
    # 'it 25 | logloss 0.6931 | val logloss 0.6931 | val acc 0.6737' in logreg.txt: a folder walk must hand it to
    # the text-log reader, as the file given alone is
    lines = [f"it {i:5d} | {word} {0.7 - i * 1e-4:.6f} | val {word} {0.7 - i * 1e-4:.6f} | val acc 0.6737"
             for i in range(25, 1525, 25)]
    (tmp_path / "logreg.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rep = curvedoc.diagnose(str(tmp_path))
    assert len(rep.runs) == 1 and rep.runs[0].points >= 120


def _collapse_after_learning(seed, healthy=False):
    """A classifier that learned for the first 1-3 evaluations and then collapsed to one output (an LR step too
    large mid-run, a loss going to minus infinity): from then on its validation accuracy is the same number, the
    share of the class it predicts (1/K on a balanced set), for 60-95% of 8-40 evaluations. ``healthy``: a model
    that converged and whose small evaluation set gives the same high score at every late evaluation."""
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 3, 4, 5, 10, 20]))
    n = int(rng.integers(8, 40))
    good = int(rng.integers(1, 4))
    ev = np.arange(1, n + 1) * 100
    steps = np.arange(1, n * 100 + 1, 10)
    if healthy:
        acc = np.r_[np.linspace(0.5, 0.96, good + 2), np.full(n - good - 2, 0.975)]
        loss = 2.0 * np.exp(-steps / 800) + 0.05
        vl = 1.5 * np.exp(-ev / 800) + 0.1
    else:
        acc = np.r_[1.0 / k + np.linspace(0.15, 0.3, good) * (1 - 1.0 / k), np.full(n - good, 1.0 / k)]
        cut = good * 100 + 50
        loss = np.where(steps < cut, math.log(k) * np.exp(-steps / 2000),
                        math.log(k) * (1.0 + 0.3 * rng.random(len(steps))) * 5)
        vl = np.where(ev < cut, math.log(k) * 0.8, math.log(k) * 6)
    return k, {"train_loss": (steps, loss), "val_loss": (ev, vl), "val_acc": (ev, acc)}


@pytest.mark.parametrize("seed", range(10))
def test_a_validation_accuracy_that_collapsed_to_one_number_at_chance_is_at_chance_whatever_came_before(seed):
    k, tags = _collapse_after_learning(seed)
    hits = run_detector("plateau-at-chance", make_run(**tags))
    assert hits and "collapsed" in hits[0].message, f"K={k}"
    assert run_detector("plateau-at-chance", make_run(**_collapse_after_learning(seed, healthy=True)[1])) == []


def test_a_negative_loss_is_no_evidence_against_chance_nor_of_a_fitted_training_split():
    # NLLLoss on raw scores: both losses fall without bound below zero while the validation accuracy sits at 1/K,
    # identical at every evaluation from the second one on
    e = np.arange(1, 31)
    acc = np.r_[0.33, np.full(29, 0.2017)]
    run = make_run(TrainLoss=(e, -2.0 * e ** 3), ValLoss=(e, -7.0 * e ** 3), ValAcc=(e, acc))
    hits = run_detector("plateau-at-chance", run)
    assert hits and "fitted" not in hits[0].message


def _epoch_indexed_blowup(seed, zero_based):
    """A new user's TensorBoard log: the training loss at every step, the evaluation once per epoch written against
    the epoch number (``add_scalar('val/acc', acc, epoch)``), 0- or 1-based; the LR is far too high and the loss
    explodes during the second or third epoch, after one or two evaluations above chance; from then on validation
    accuracy scatters around 1/K (K 3-20, 10-30 epochs of 30-100 steps)."""
    rng = np.random.default_rng(seed)
    k = int(rng.choice([3, 4, 5, 10, 20]))
    epochs = int(rng.integers(10, 30))
    per = int(rng.integers(30, 100))
    good = int(rng.integers(1, 3))
    steps = np.arange(1, epochs * per + 1)
    blow = good * per + per // 2
    loss = np.where(steps < blow, math.log(k) * np.exp(-steps / per),
                    np.where(steps < blow + 5, 1e9, math.log(k) * 50 * (1 + 0.3 * rng.random(len(steps)))))
    idx = np.arange(epochs) + (0 if zero_based else 1)
    acc = np.where(np.arange(epochs) < good, 0.5 + 0.4 * rng.random(epochs),
                   1.0 / k * (1 + 0.1 * rng.standard_normal(epochs)))
    return k, steps, loss, idx, acc, per


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("zero_based", [False, True])
def test_evaluations_written_against_the_epoch_number_sit_at_each_epochs_end_and_chance_after_a_blowup_is_seen(
        seed, zero_based, tmp_path):
    pytest.importorskip("tensorboardX")
    from tensorboardX import SummaryWriter

    k, steps, loss, idx, acc, per = _epoch_indexed_blowup(seed, zero_based)
    w = SummaryWriter(str(tmp_path))
    for s, v in zip(steps, loss):
        w.add_scalar("training_loss", float(v), int(s))
    for e, a in zip(idx, acc):
        w.add_scalar("validation_accuracy", float(a), int(e))
    w.close()
    rep = curvedoc.diagnose(str(tmp_path))
    rr = rep.runs[0]
    run = rr.run_obj
    placed = run.series("validation_accuracy").index.to_numpy()
    assert placed[-1] == steps[-1] and abs(placed[0] - per) <= 1, placed[:3]
    what = f"K={k}: {[(f.code, f.severity, f.message[:80]) for f in rr.findings]}"
    assert any(i.kind == "epoch-axis" for i in run.issues)
    assert any(f.name == "plateau-at-chance" and "exploded" in f.message for f in rr.findings), what
    assert not any(f.name == "train-val-gap" for f in rr.findings), what


def test_evaluations_on_the_training_clock_are_left_where_they_are():
    from curvedoc.model.axes import place_epoch_indexed
    from curvedoc.model.run import make_frame

    steps = np.arange(1, 501)
    ev = np.arange(50, 501, 50)
    frame = make_frame(["train/loss"] * 500 + ["val/loss"] * len(ev), np.r_[steps, ev], np.r_[1 / steps, 1 / ev])
    out, note = place_epoch_indexed(frame)
    assert note is None and out is frame
    # ... and an epoch index with a training clock of its own length (one reading per epoch) is no index
    e = np.arange(1, 31)
    frame = make_frame(["loss"] * 30 + ["val_loss"] * 30, np.r_[e, e], np.r_[1 / e, 1 / e])
    assert place_epoch_indexed(frame)[1] is None


def test_an_index_longer_than_the_runs_own_epoch_count_is_no_epoch_index():
    # Lightning's per-batch validation loss ('valid_loss_step/epoch_0', 157 batches indexed 0-156) beside an epoch
    # counter that reached 1 (two epochs): those are batches of one validation pass, not 157 epochs
    from curvedoc.model.axes import place_epoch_indexed
    from curvedoc.model.run import make_frame

    steps = np.arange(49, 3900, 50)
    b = np.arange(0, 157)
    frame = make_frame(["train_loss_step"] * len(steps) + ["valid_loss_step/epoch_0"] * len(b) + ["epoch"] * 2,
                       np.r_[steps, b, [1718, 3437]], np.r_[1 / steps, 1 / (b + 1), [0.0, 1.0]])
    assert place_epoch_indexed(frame)[1] is None
    # without the counter, or with one that reached as many epochs, the index is placed
    frame = make_frame(["train_loss_step"] * len(steps) + ["valid_loss"] * 20 + ["epoch"] * 2,
                       np.r_[steps, np.arange(1, 21), [1718, 3437]], np.r_[1 / steps, np.ones(20), [0.0, 19.0]])
    assert place_epoch_indexed(frame)[1] is not None


@pytest.mark.parametrize("every", [100, 300])
@pytest.mark.parametrize("cut", [True, False])
def test_a_table_whose_step_restarts_each_epoch_and_stops_short_of_an_epochs_end_was_cut_off(every, cut, tmp_path):
    # 'epoch,step,train_loss,...' with the step counting batches inside the epoch (299, 599 every epoch): the last
    # epoch logged only its first position -- killed inside it; a run that completed its last epoch is not
    rows = ["epoch,step,train_loss,val_loss,val_acc"]
    epochs = 5
    for e in range(1, epochs + 1):
        for st in range(every - 1, 600, every):
            rows.append(f"{e},{st},{2.0 / (e + st / 600):.4f},{2.1 / (e + st / 600):.4f},{0.2 + 0.1 * e:.3f}")
    if cut:
        rows.append(f"{epochs + 1},{every - 1},{2.0 / (epochs + 1):.4f},{2.1 / (epochs + 1):.4f},0.8")
    (tmp_path / "training_log.csv").write_text("\n".join(rows) + "\n")
    rr = curvedoc.diagnose(str(tmp_path)).runs[0]
    said = [f for f in rr.findings if f.name == "unfinished-schedule" and "inside epoch" in f.message]
    assert bool(said) == cut, [(f.name, f.message) for f in rr.findings]
    if cut:
        assert f"inside epoch {epochs + 1}" in said[0].message


@pytest.mark.parametrize("seed", range(8))
def test_a_fine_tune_whose_last_evaluation_alone_rose_is_told_as_info_and_two_rising_ones_warn(seed):
    # 3-5 evaluations of a short fine-tune: the validation loss best at the one before last and up 18-45% at the last
    # (one reading); the same with the rise seen at two evaluations is a trend
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 6))
    rise = float(rng.uniform(1.18, 1.45))
    base = 0.45 * np.exp(-np.arange(n - 1) / 2)
    ev = np.arange(1, n + 1) * 100
    steps = np.arange(10, n * 100 + 1, 10)
    train = 0.7 * np.exp(-steps / 150) + 0.02
    one = np.r_[base, base[-1] * rise]
    hits = run_detector("overfitting", make_run(train_loss=(steps, train), val_loss=(ev, one)))
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]
    ev2 = np.arange(1, n + 2) * 100
    steps2 = np.arange(10, (n + 1) * 100 + 1, 10)
    two = np.r_[base, base[-1] * rise, base[-1] * rise * 1.05]
    hits = run_detector("overfitting", make_run(train_loss=(steps2, 0.7 * np.exp(-steps2 / 150) + 0.02), val_loss=(ev2, two)))
    assert hits and hits[0].severity != "info", [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("killed", [True, False])
def test_a_lightning_csv_whose_last_epoch_has_no_summary_was_killed_inside_it(seed, killed, tmp_path):
    # Lightning's CSVLogger: train_loss_step every `every` steps, then per epoch a row with val_loss and
    # train_loss_epoch; killed, the file ends with train_loss_step rows of an epoch that never wrote its summary
    # (one row is enough). A finished run ends with its last epoch's summary (and may add a lone test row).
    rng = np.random.default_rng(seed)
    per = int(rng.integers(40, 120))
    every = int(rng.choice([10, 25, 50]))
    epochs = int(rng.integers(5, 15))
    stop_epoch = int(rng.integers(3, epochs)) if killed else epochs
    rows = ["epoch,step,train_loss_step,train_loss_epoch,val_loss"]
    for e in range(stop_epoch + (1 if killed else 0)):
        for st in range(e * per, (e + 1) * per):
            if (st + 1) % every == 0:
                rows.append(f"{e},{st},{1.0 / (1 + st / per):.4f},,")
            if killed and e == stop_epoch and st >= e * per + every:
                break
        if e < stop_epoch:
            rows.append(f"{e},{(e + 1) * per - 1},,{1.0 / (1 + e):.4f},{1.1 / (1 + e):.4f}")
    if not killed:
        rows.append(f"{epochs},{epochs * per},,,")  # the closing row Lightning writes at max_epochs
    d = tmp_path / "lightning_logs" / "version_0"
    d.mkdir(parents=True)
    (d / "metrics.csv").write_text("\n".join(rows) + "\n")
    rr = curvedoc.diagnose(str(d)).runs[0]
    said = [f for f in rr.findings if f.name == "unfinished-schedule" and "inside epoch" in f.message]
    assert bool(said) == killed, [(f.name, f.message) for f in rr.findings]


@pytest.mark.parametrize("reached", [5, 16, 40])
def test_the_plan_a_log_states_wins_over_a_number_a_settings_line_gives_under_an_epoch_key(reached):
    # 'Epochs: 100' read as the plan; a banner 'Section 1/5, epochs 1-100' also leaves 'epochs' = 1 among the
    # hyperparameters: the run that stopped at epoch `reached` of 100 did not finish
    e = np.arange(1, reached + 1)
    run = make_run(Loss=(e, 1.0 / e), epoch=(e, e.astype(float)), meta={"num_epochs": 100},
                   hparams={"epochs": 1.0, "Epochs": 100.0, "num_epochs": 100})
    hits = run_detector("unfinished-schedule", run)
    assert hits and f"epoch {reached} of" in hits[0].message, [h.message for h in hits]


@pytest.mark.parametrize("seed", range(6))
def test_a_loss_logged_as_nan_at_every_point_while_accuracy_rises_is_a_broken_log_not_a_divergence(seed):
    # an fp16 mean that overflows in the logged loss only: NaN at every logged point (4-40 of them), while the
    # accuracies rise 10-50 points above chance -- the weights are fine. With the accuracy at chance the NaN is the
    # training's: divergence -- a model whose weights went NaN predicts one fixed thing, so its held-out accuracy is
    # one number at every evaluation (its training accuracy still scatters with the batches)
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 4, 10]))
    n = int(rng.integers(4, 40))
    steps = np.arange(1, n + 1) * 200
    gain = float(rng.uniform(0.1, 0.5))
    rising = 1.0 / k + np.linspace(0.0, gain, n)
    flat = 1.0 / k + 0.005 * rng.standard_normal(n)
    nan = np.full(n, np.nan)
    for acc, held, broken in ((rising, rising, True), (flat, np.full(n, round(1.0 / k, 4)), False)):
        rr = curvedoc.diagnose(make_run(**{"training/loss": (steps, nan), "eval_loss": (steps, nan),
                                           "training/acc": (steps, acc), "eval_acc": (steps, held)})).runs[0]
        names = {f.name: f.severity for f in rr.findings}
        if broken:
            assert names.get("damaged-log") == "warning" and "divergence" not in names, names
        else:
            assert names.get("divergence") == "error" and "damaged-log" not in names, names


# ------------------------------------------------------- a loss flat within its noise: frozen, or learning too slowly
def _flat_within_noise(seed, exact=False):
    """A regression loss that never moves from its level (0.03-3,000: a standardised target's 1.0, raw units' 10^3),
    logged at 100-2,000 steps with minibatch noise 1-5% (or printed as the same number at every step), and a
    validation loss on a whole held-out set at 10-20 evaluations, at the same level to 0.01-0.2%: a model frozen,
    or one updated far too slowly to show (a noisier loss cannot be shown flat to the rules' 5%)."""
    rng = np.random.default_rng(seed)
    level = float(rng.choice([0.033, 0.49, 1.0, 37.0, 3100.0]))
    n = int(rng.choice([100, 300, 2000]))
    noise = 0.0 if exact else float(rng.uniform(0.01, 0.05))
    steps = np.arange(1, n + 1)
    every = n // int(rng.choice([10, 20]))
    ev = np.arange(every, n + 1, every)
    tr = level * (1.0 + noise * rng.standard_normal(n))
    va = level * 1.02 * (1.0 + float(rng.uniform(1e-4, 2e-3)) * rng.standard_normal(len(ev)))
    return make_run(**{"train/mse": (steps, tr), "val/mse": (ev, va)})


@pytest.mark.parametrize("seed", range(10))
def test_a_loss_flat_within_its_noise_is_reported_as_never_learned_beside_constant_loss(seed):
    # data-order noise on an unchanged level cannot tell a frozen model from one updated far too slowly (SGD at
    # 1e-5, Adam at 1e-6): constant-loss says the loss does not move, underfitting says the model never learned
    # (causes: LR too low, capacity) -- both stand. A loss printed as the same number at every step is frozen:
    # constant-loss leads, and underfitting's 'never learned' stays beside it as context only (info: it restates the
    # freeze without it -- practitioners name a frozen run's loss 'never learned' too; until the twenty-sixth round it
    # was dropped)
    rr = curvedoc.diagnose(_flat_within_noise(seed)).runs[0]
    names = {f.name for f in rr.findings}
    assert {"constant-loss", "underfitting"} <= names, [(f.name, f.severity) for f in rr.findings]
    rr = curvedoc.diagnose(_flat_within_noise(seed, exact=True)).runs[0]
    sev = {f.name: f.severity for f in rr.findings}
    assert sev.get("constant-loss") in ("warning", "error") and sev.get("underfitting") in (None, "info"), sev


# ------------------------------------------- at chance the whole run: never learned (LR far too low), not exploded
def _creeping_at_chance(seed, spike=False):
    """A K-class model trained with an LR far too low (SGD 1e-5, Adam 1e-6): its loss starts at log K and creeps
    down by 1-3% over the run while its accuracy edges 2-6 points above 1/K; K 2-100, 100-2,000 steps, minibatch
    noise 1-5%, a validation loss and accuracy at 10-20 evaluations. With ``spike``, the same run whose loss was
    thrown to 3-30x log K for a few steps near the start (an LR too high that then sat at the prior)."""
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 4, 10, 100]))
    n = int(rng.choice([100, 400, 2000]))
    x = np.arange(n) / (n - 1)
    chance = math.log(k)
    tr = chance * (1 - float(rng.uniform(0.01, 0.03)) * x) * (1 + float(rng.uniform(0.01, 0.05)) * rng.standard_normal(n))
    if spike:
        at = int(rng.integers(1, 4))
        tr[at:at + 3] = chance * float(rng.uniform(3, 30))
    every = n // int(rng.choice([10, 20]))
    ev = np.arange(every, n + 1, every)
    xe = ev / n
    gain = float(rng.uniform(0.02, 0.06))
    acc = 1.0 / k + gain * xe
    return make_run(**{"train/loss": (np.arange(1, n + 1), tr), "train/acc": (ev, acc + 0.005 * rng.standard_normal(len(ev))),
                       "val/loss": (ev, chance * (1 - 0.01 * xe)), "val/acc": (ev, acc)})


@pytest.mark.parametrize("seed", range(10))
def test_a_loss_that_sat_at_chance_the_whole_run_is_underfitting_too_unless_it_was_thrown_above_it(seed):
    # the model predicts the prior because it never learned (LR far too low, a model too weak): practitioners call
    # it underfitting, with plateau-at-chance's verdict beside it; a loss thrown far above log K first (even for
    # three steps) exploded -- the opposite cause -- and chance's verdict stands alone
    rr = curvedoc.diagnose(_creeping_at_chance(seed)).runs[0]
    assert "underfitting" in {f.name for f in rr.findings}, [(f.name, f.severity) for f in rr.findings]
    rr = curvedoc.diagnose(_creeping_at_chance(seed, spike=True)).runs[0]
    assert "underfitting" not in {f.name for f in rr.findings}, [(f.name, f.severity) for f in rr.findings]


def _fine_tune_settling_near_a_log_k(seed):
    """An LM/LoRA fine-tune's loss (no accuracy, no class count, no text metric) that starts 1.12-1.6x the level it
    settles at and comes down over 2-20% of the run, then hovers there (+-1-3% per record, 20-400 records every
    10-30 steps); the level falls 2-5% off log K (either side) for a K of 2-10 by coincidence."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 11))
    n = int(rng.choice([20, 31, 90, 400]))
    every = int(rng.choice([10, 30]))
    level = math.log(k) * (1.0 + float(rng.choice([-1.0, 1.0])) * float(rng.uniform(0.02, 0.05)))
    first = level * float(rng.uniform(1.12, 1.6))
    x = np.arange(n)
    loss = level + (first - level) * np.exp(-x / (float(rng.uniform(0.02, 0.2)) * n / 3))
    loss *= np.exp(rng.normal(0, float(rng.uniform(0.01, 0.03)), n))
    loss[0] = first
    steps = (x + 1) * every
    return make_run(steps=steps, loss=loss, learning_rate=np.linspace(2e-4, 1e-6, n),
                    grad_norm=np.abs(rng.normal(0.5, 0.1, n)))


def test_a_loss_that_came_down_onto_a_log_k_is_no_chance_level_when_nothing_else_names_k():
    # an untrained K-way classifier starts AT log K (its head's outputs are near uniform): with K read from the loss
    # level alone, a start at that level (within 10%) confirms it; a loss that came down onto it from 12-60% above
    # must sit AT log K (within 1%: a prior predictor scores the prior's entropy, log K for balanced classes) --
    # hovering a few percent off it (LoRA SFTs on Qwen and Llama at 1.42 and 1.57 nats, 'K = 4 / 5') is a
    # coincidence
    fired = [seed for seed in range(40) if run_detector("plateau-at-chance", _fine_tune_settling_near_a_log_k(seed))]
    assert not fired, fired


# ------------------------------------------- an accuracy that starts near 1/K for a small K by coincidence
def _resumed_large_k(seed, small_k_loss=False):
    """A 100-1,000-class model (top-1 as a fraction) resumed or fine-tuned from a checkpoint: its first held-out
    accuracies sit near 1/K of a small K (0.33, 0.5, 0.25) by coincidence and climb to 0.72-0.9, while its loss
    (3-7 nats, the large K's scale) falls slowly and never comes near log of that small K; 30-300 epochs. With
    ``small_k_loss``, a real small-K classifier with a broken start: the loss starts 4x log K and comes below it."""
    rng = np.random.default_rng(seed)
    kk = int(rng.choice([2, 3, 4]))
    n = int(rng.choice([30, 100, 300]))
    x = np.arange(n) / (n - 1)
    rise = np.clip((x - 0.1) / 0.9, 0, 1) ** 0.5  # the first tenth of the run (3-30 evaluations) at 1/K
    acc = 1.0 / kk + (float(rng.uniform(0.72, 0.9)) - 1.0 / kk) * rise + 0.005 * rng.standard_normal(n)
    if small_k_loss:
        loss = math.log(kk) * (4.0 * np.exp(-x / 0.05) + 0.6 * (1 - x) + 0.2)
    else:
        loss = float(rng.uniform(3.0, 7.0)) * (1 - 0.3 * x) * (1 + 0.01 * rng.standard_normal(n))
    e = np.arange(n)
    return kk, make_run(**{"train_loss": (e, loss), "test_acc1": (e, acc)})


@pytest.mark.parametrize("seed", range(10))
def test_an_accuracy_near_one_over_k_is_no_class_count_when_the_loss_never_reaches_log_k_as_it_climbs(seed):
    # a K-way cross-entropy is below log K once the model clearly beats chance: an accuracy that ends well above
    # 1/K beside a loss that never once came down to log K refutes the K the first accuracies suggested
    kk, run = _resumed_large_k(seed)
    assert [h for h in run_detector("initial-loss-off", run) if h.evidence.get("num_classes") == kk] == [], kk
    kk, run = _resumed_large_k(seed, small_k_loss=True)
    assert [h for h in run_detector("initial-loss-off", run) if h.evidence.get("num_classes") == kk], kk


def _slow_steady_fall(seed):
    """A per-batch loss with +-8-15% noise that falls steadily by 4-10% over the run (100-2,000 batches): a model
    that learns, slowly (its epoch means fall every epoch)."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([140, 500, 2000]))
    x = np.arange(n) / (n - 1)
    level = float(rng.choice([0.7, 12.0, 90.0]))
    loss = level * (1 - float(rng.uniform(0.04, 0.1)) * x) * (1 + float(rng.uniform(0.08, 0.15)) * rng.standard_normal(n))
    return make_run(**{"train/mse": loss})


@pytest.mark.parametrize("seed", range(10))
def test_a_noisy_loss_with_a_steady_trend_is_no_constant_loss(seed):
    # segment medians of a noisy minibatch loss can all sit within the noise of the run's median while the loss
    # falls steadily by 5%: a robust slope over the whole run shows it responds to training, however slowly
    assert run_detector("constant-loss", _slow_steady_fall(seed)) == [], seed


@pytest.mark.parametrize("seed", range(8))
def test_a_run_stopped_in_the_first_twentieth_of_its_plan_is_not_judged_underfitting(seed):
    # part of epoch 1 of 100 (a killed job, a debug run) says nothing of whether the model can fit: the run that
    # never learned in its whole stated plan still is underfitting; stopped at 1-4% of it, unfinished-schedule's
    rng = np.random.default_rng(seed)
    base = _creeping_at_chance(seed)
    tags = {t: (base.series(t).index.to_numpy(), base.series(t).to_numpy()) for t in base.tags}
    last = int(base.series("train/loss").index[-1])
    share = float(rng.uniform(0.01, 0.04))
    key = str(rng.choice(["max_steps", "num_train_steps", "total_steps"]))
    early = make_run(hparams={key: int(last / share)}, **tags)
    assert run_detector("underfitting", early) == [], (key, share)
    assert run_detector("underfitting", make_run(hparams={key: last}, **tags)), key


def _converged_bump(seed, lost):
    """A loss that starts at 0.5-2.5 and converges toward 0 (best 0.5-3% of its start), with, after mid-run, a smooth
    episode that rises by ``lost`` of the progress made (5-15%: 5-40x its running best) over 3-10% of the run and
    comes back; 200-5,000 points, noise 2-10%."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([200, 1000, 5000]))
    x = np.arange(n) / n
    start = float(rng.uniform(0.5, 2.5))
    best = start * float(rng.uniform(0.005, 0.03))
    base = best + (start - best) * np.exp(-x / 0.08)
    width = float(rng.uniform(0.03, 0.1))
    at = float(rng.uniform(0.5, 0.8))
    shape = np.clip(1 - np.abs(x - at - width / 2) / (width / 2), 0, 1)
    y = base + lost * (start - best) * shape
    return make_run(train_loss=y * np.exp(rng.normal(0, float(rng.uniform(0.02, 0.1)), n)))


@pytest.mark.parametrize("seed", range(10))
def test_a_bump_of_a_converged_loss_that_gave_back_little_of_the_progress_is_info(seed):
    # against a running best near 0 the ratio is large (5-40x) while the loss gave back 5-15% of what it had
    # learned: a practitioner sees a blip on a linear plot -- an info; giving back half of the progress, a warning
    hits = [h for h in run_detector("loss-spikes", _converged_bump(seed, float(np.random.default_rng(seed).uniform(0.06, 0.15))))
            if h.evidence.get("variant") == "bump"]
    assert all(h.severity == "info" for h in hits), [(h.severity, h.evidence) for h in hits]
    hits = run_detector("loss-spikes", _converged_bump(seed, 0.5))  # a narrow episode may read as a spike
    assert hits and hits[0].severity is None, [(h.severity, h.evidence) for h in hits]


def _swinging_val_loss(seed, acc_swing):
    """A classifier near 99% held-out accuracy whose validation loss (0.01-0.15: a few confidently wrong examples
    dominate it) jumps up and down by 2-8x between evaluations, 20-60 epochs; its held-out accuracy moves by
    ``acc_swing`` (absolute) between evaluations over the second half."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 61))
    e = np.arange(1, n + 1)
    train = 0.15 * np.exp(-e / (0.2 * n)) + 0.01
    val = 0.05 * np.exp(np.resize([-1.0, 1.0], n) * float(rng.uniform(0.7, 1.5)))
    val[0] = 0.15
    acc = np.clip(0.99 - 0.08 * np.exp(-e / (0.1 * n)) + acc_swing * np.resize([-0.5, 0.5], n), 0, 1)
    return make_run(**{"train/loss": (e * 100, train), "val/loss": (e * 100, val), "val/accuracy": (e * 100, acc)})


@pytest.mark.parametrize("seed", range(8))
def test_validation_loss_swings_beside_a_steady_held_out_accuracy_are_info(seed):
    # the checkpoints score alike on the task (accuracy moving < 2 points late): the loss swings on a few examples'
    # confidence, practically nothing; beside an accuracy that swings 8 points too, validation cannot pick a checkpoint
    hits = [h for h in run_detector("oscillation", _swinging_val_loss(seed, 0.002)) if h.evidence.get("series") == "val/loss"]
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]
    hits = run_detector("oscillation", _swinging_val_loss(seed, 0.08))
    assert hits and all(h.severity is None for h in hits), [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("first", [0, 1])
def test_a_one_row_results_table_far_short_of_its_planned_epochs_is_unfinished(first, tmp_path):
    # a job that wrote one epoch's row and stopped: whether the counter starts at 0 or 1, epoch 1 of a planned 30
    # is known from the one row and the plan beside it
    run = tmp_path / "train"
    run.mkdir()
    (run / "results.csv").write_text(
        "epoch,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),metrics/mAP50(B),"
        "metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2\n"
        f"{first},1.057,1.825,1.253,0.797,0.594,0.707,0.493,1.142,1.3,1.2,0.000415,0.000415,0.000415\n")
    (run / "args.yaml").write_text("task: detect\nmode: train\nmodel: yolov8s.pt\nepochs: 30\nbatch: 16\n")
    rr = curvedoc.diagnose(str(run)).runs[0]
    assert "unfinished-schedule" in {f.name for f in rr.findings}, [(f.name, f.message) for f in rr.findings]


def _yolo_table(tmp_path, rows, best_at, epochs=30, patience=5, name="args.yaml"):
    """An Ultralytics results.csv of ``rows`` epochs whose fitness peaks at epoch ``best_at`` (1-based), with its
    settings file beside it (``args.yaml`` of YOLOv8+, or YOLOv5's ``opt.yaml``)."""
    run = tmp_path / f"train-{rows}-{best_at}-{name}"
    run.mkdir()
    lines = ["epoch,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
             "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2"]
    for e in range(1, rows + 1):
        m = 0.6 - 0.3 * abs(e - best_at) / rows
        lines.append(f"{e},{1.5 - 0.02 * e:.4f},{2.0 - 0.03 * e:.4f},{1.3 - 0.01 * e:.4f},0.6,0.5,{m:.4f},{m / 2:.4f},"
                     f"{1.4 + 0.005 * abs(e - best_at):.4f},1.5,1.3,0.001,0.001,0.001")
    (run / "results.csv").write_text("\n".join(lines) + "\n")
    (run / name).write_text(f"task: detect\nmode: train\nepochs: {epochs}\npatience: {patience}\nbatch: 16\n")
    return run


@pytest.mark.parametrize("name", ["args.yaml", "opt.yaml"])
def test_an_ultralytics_run_reads_its_plan_and_early_stopping_from_the_settings_beside_it(name, tmp_path):
    # killed at epoch 12 of 30 with its fitness still at its best: unfinished; stopped by its own patience (best at
    # epoch 6, patience 5, last epoch 12): a planned end, nothing to report
    killed = curvedoc.diagnose(str(_yolo_table(tmp_path, 12, 12, name=name))).runs[0]
    assert "unfinished-schedule" in {f.name for f in killed.findings}, [(f.name, f.message) for f in killed.findings]
    stopped = curvedoc.diagnose(str(_yolo_table(tmp_path, 12, 6, name=name))).runs[0]
    assert "unfinished-schedule" not in {f.name for f in stopped.findings}, [(f.name, f.message) for f in stopped.findings]


@pytest.mark.parametrize("seed", range(8))
def test_a_nan_loss_beside_a_held_out_rate_that_changed_for_the_better_is_a_broken_log(seed):
    # a model whose weights went NaN predicts one fixed thing: its held-out accuracy is the very same number at every
    # evaluation. One that takes different values and ends higher (0.29 -> 0.36, under the 10-point bar) was updating
    # with finite weights: the NaN is in the logged loss (damaged-log), not in the model (divergence)
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 30))
    ev = np.arange(1, n + 1) * 200
    k = int(rng.choice([2, 4, 5]))
    acc = 1.0 / k + float(rng.uniform(0.03, 0.09)) * np.linspace(0, 1, n) + 0.005 * rng.standard_normal(n)
    tags = {"training/loss": (ev, np.full(n, np.nan)), "eval/loss": (ev, np.full(n, np.nan)), "eval/acc": (ev, acc)}
    names = {f.name for f in curvedoc.diagnose(make_run(**tags)).runs[0].findings}
    assert "damaged-log" in names and "divergence" not in names, names
    tags["eval/acc"] = (ev, np.full(n, round(1.0 / k, 4)))  # NaN weights: the same prediction at every evaluation
    names = {f.name for f in curvedoc.diagnose(make_run(**tags)).runs[0].findings}
    assert "divergence" in names, names


@pytest.mark.parametrize("seed", range(8))
def test_a_blown_up_binary_model_scoring_only_the_two_class_shares_is_at_chance(seed):
    # an LR of 80-100 on a binary fine-tune: the loss explodes to 10^3 and the model predicts one class, then the
    # other -- its evaluations score q or 1 - q, the two class shares of an unbalanced evaluation set (0.54 / 0.46):
    # above 1/2 (close enough to read K = 2 from it), yet exactly what a constant predictor scores
    rng = np.random.default_rng(seed)
    q = round(float(rng.uniform(0.53, 0.56)), 3)
    n_ev = int(rng.integers(5, 12))
    steps = np.arange(10, 310, 10)
    loss = np.r_[1480.0, 2510.0, 2000.0 * np.exp(-np.arange(len(steps) - 2) / 6.0) + 25.0]
    ev = np.linspace(50, 300, n_ev).astype(int)
    acc = np.where(rng.random(n_ev) < 0.8, q, round(1 - q, 3))
    acc[0] = q
    acc[-1] = round(1 - q, 3) if acc[-1] == q and (acc == round(1 - q, 3)).sum() == 0 else acc[-1]
    run = make_run(loss=(steps, loss), eval_loss=(ev, 400.0 * np.exp(-ev / 80.0) + 10.0), eval_accuracy=(ev, acc))
    hits = run_detector("plateau-at-chance", run)
    assert hits, (q, acc)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("names", [("metrics/mAP50(B)", "metrics/mAP50-95(B)"), ("metrics/mAP_0.5", "metrics/mAP_0.5:0.95"),
                                   ("coco/bbox_mAP_50", "coco/bbox_mAP")])
def test_a_detector_whose_headline_map_holds_while_its_val_loss_rises_is_an_info(seed, names):
    # a YOLO run: validation box loss +10-30% since its minimum while training keeps falling; mAP50-95 (the headline,
    # Ultralytics' fitness) ends at its best while mAP50, near its ceiling, wobbles 2-4 points below its best epoch:
    # the rise cost nothing measurable -- an info. With the headline 5 points below its best too, a warning
    rng = np.random.default_rng(seed)
    n = int(rng.integers(50, 200))
    e = np.arange(1, n + 1)
    x = e / n
    train = 2.0 * np.exp(-x / 0.3) + 0.8 - 0.2 * x
    val = 1.6 + 1.0 * np.exp(-x / 0.08) + float(rng.uniform(0.15, 0.45)) * np.clip(x - 0.3, 0, None)
    val *= 1 + 0.004 * rng.standard_normal(n)
    m95 = 0.5 * (1 - np.exp(-x / 0.1)) + 0.002 * rng.standard_normal(n)
    m50 = 0.92 * (1 - np.exp(-x / 0.08)) - float(rng.uniform(0.02, 0.04)) * np.clip((x - 0.5) * 2, 0, 1) + \
        0.004 * rng.standard_normal(n)
    tags = {"train/box_loss": (e, train), "val/box_loss": (e, val), names[0]: (e, m50), names[1]: (e, m95)}
    hits = run_detector("overfitting", make_run(**tags))
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message[-160:]) for h in hits]
    tags[names[1]] = (e, m95 - 0.05 * np.clip((x - 0.5) * 2, 0, 1))
    hits = run_detector("overfitting", make_run(**tags))
    assert hits and hits[0].severity is None, [(h.severity, h.message[-160:]) for h in hits]


@pytest.mark.parametrize("seed", range(8))
def test_a_gap_from_the_first_evaluation_beside_a_high_held_out_accuracy_is_info(seed):
    # a fine-tune whose training loss is already low at its first record: validation loss 2-4x it from the first
    # evaluation on. No training accuracy is logged; the held-out accuracy reaches 0.84-0.97 -- the evaluation works,
    # the gap is ordinary generalisation: an info. Beside a held-out accuracy of 0.3-0.5, the warning stands
    rng = np.random.default_rng(seed)
    n = int(rng.integers(8, 30))
    e = np.arange(1, n + 1)
    steps = np.arange(50, 50 * 18 * n + 1, 50)
    x = steps / steps[-1]
    train = (0.06 + 0.05 * np.exp(-x / 0.3)) * np.exp(0.3 * rng.standard_normal(len(steps)))
    ratio = float(rng.uniform(2.0, 4.0))
    val = ratio * (0.06 + 0.05 * np.exp(-e / (0.3 * n))) * (1 + 0.05 * rng.standard_normal(n))
    top = float(rng.uniform(0.84, 0.97))
    acc = top - 0.03 * np.exp(-e / (0.3 * n))
    tags = {"train_loss": (steps, train), "val_loss": (e * 900, val), "val_acc": (e * 900, acc)}
    hits = [h for h in run_detector("train-val-gap", make_run(**tags))]
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message[-120:]) for h in hits]
    tags["val_acc"] = (e * 900, acc - 0.5)
    hits = run_detector("train-val-gap", make_run(**tags))
    assert hits and hits[0].severity is None, [(h.severity, h.message[-120:]) for h in hits]


@pytest.mark.parametrize("tag", ["metrics/accuracy_top1", "metrics/accuracy_top5", "metrics/acc"])
def test_an_accuracy_under_the_metrics_namespace_is_a_held_out_one(tag):
    # Ultralytics writes its validation scores under 'metrics/' (a classifier's metrics/accuracy_top1 beside
    # val/loss); the metric table already counts that namespace as held-out, and the roles must agree
    run = make_run(**{"train/loss": np.linspace(1.0, 0.1, 20), "val/loss": np.linspace(1.1, 0.3, 20),
                      tag: np.linspace(0.6, 0.9, 20)})
    assert run.roles.get("val_acc") == tag and "train_acc" not in run.roles, run.roles
    assert [m.split for m in run.metrics if m.tag == tag] == ["val"]
    assert make_run(**{"metrics/train_acc": np.linspace(0.6, 0.9, 20)}).roles.get("train_acc") == "metrics/train_acc"


@pytest.mark.parametrize("seed", range(6))
def test_a_validation_loss_is_no_regressing_metric_beside_a_held_out_quality_metric(seed):
    # a YOLO segment whose training loss is a placeholder (no train_loss role): its validation box loss ends 25%
    # above its first evaluation while mAP climbs to its best -- the mAP says what the model does; the loss alone
    # (a recommender logging only val_loss) is still judged
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 60))
    e = np.arange(1, n + 1)
    x = e / n
    vloss = 0.7 * (1 + 0.35 * np.clip(x * 3, 0, 1)) * (1 + 0.02 * rng.standard_normal(n))
    m = 0.7 * (1 - np.exp(-x / 0.15)) + 0.005 * rng.standard_normal(n)
    run = make_run(**{"val/box_loss": (e, vloss), "metrics/mAP50-95(B)": (e, m), "epoch": (e, e.astype(float))})
    assert run_detector("metric-regression", run) == [], run.roles
    alone = make_run(**{"val_loss": (e, np.r_[vloss[:3] * 0.8, vloss[3:]])})
    assert run_detector("metric-regression", alone), alone.roles


@pytest.mark.parametrize("seed", range(6))
def test_a_stated_class_count_gives_no_log_k_scale_to_a_detectors_summed_loss(seed):
    # num_classes = 8 in an MMDetection config names the classes, not the loss: the total of classification, box
    # and point losses sitting at 1.35 (65% of log 8) after a small early fall says nothing of 'high'
    rng = np.random.default_rng(seed)
    n = int(rng.integers(200, 1000))
    x = np.arange(n) / n
    cls = 0.6 + 0.15 * np.exp(-x / 0.02)
    box = 0.75 + 0.1 * np.exp(-x / 0.02)
    noise = np.exp(0.04 * rng.standard_normal(n))
    run = make_run(hparams={"num_classes": 8}, loss=(cls + box) * noise, loss_cls=cls * noise, loss_bbox=box * noise)
    assert [h for h in run_detector("underfitting", run) if h.evidence.get("num_classes") == 8] == [], run.roles


@pytest.mark.parametrize("seed", range(6))
def test_a_blow_up_seen_only_in_the_epoch_mean_twin_or_a_loss_that_learned_and_lost_it_is_no_underfitting(seed):
    # Lightning logs the loss per step (every 5 steps: the blow-up between two logged steps is missed) and per epoch
    # (the first epoch's mean holds it, 4x log K); a OneCycle peak of 3 throws a loss of 0.4 back to log K after the
    # model learned for a few percent of the run. Neither model failed to learn: divergence / chance say it
    rng = np.random.default_rng(seed)
    k = int(rng.choice([4, 10, 16]))
    chance = math.log(k)
    n = int(rng.integers(100, 600))
    steps = np.arange(4, 5 * n + 4, 5)
    per_step = chance * (1.0 + 0.01 * rng.standard_normal(n))
    epochs = np.linspace(steps[0], steps[-1], 15).astype(int)
    per_epoch = chance * (1.0 + 0.005 * rng.standard_normal(15))
    per_epoch[0] = 4.0 * chance
    acc = 1.0 / k + 0.01 * rng.standard_normal(15)
    run = make_run(train_loss_step=(steps, per_step), train_loss_epoch=(epochs, per_epoch),
                   val_loss=(epochs, per_epoch * 0 + chance), val_acc=(epochs, acc))
    assert run_detector("underfitting", run) == [], run.roles
    m = int(rng.integers(400, 1000))
    x = np.arange(m) / m
    loss = np.where(x < 0.03, chance * (1 - 25 * x), np.where(x < 0.07, 0.25 * chance, chance))
    loss = loss * (1.0 + 0.02 * rng.standard_normal(m))
    ev = np.arange(m // 20, m + 1, m // 20)
    run = make_run(**{"train/loss": (np.arange(m), loss), "val/accuracy": (ev, 1.0 / k + 0.02 * rng.random(len(ev))),
                      "train/lr": (np.arange(m), 3.0 * np.sin(np.pi * np.minimum(x / 0.3, 1.0) / 2) * (1 - x) + 1e-5)})
    assert run_detector("underfitting", run) == [], run.roles
