"""initial-loss-off (P004): far-above starts with and without K, double softmax, near misses, degenerate, real runs."""

from __future__ import annotations

import math

import numpy as np
import pytest
from _helpers import (
    load_one,
    make_run,
    real_run,
    real_runs,
    run_detector,
)

NAME = "initial-loss-off"


def bad_init(first=25.0, k=10, n=1500, seed=0):
    """Over-confident wrong logits at init: a huge first loss, fast fall to ~log K, then normal learning."""
    rng = np.random.default_rng(seed)
    x = np.arange(n)
    lk = math.log(k)
    v = 0.3 + (lk - 0.3) * np.exp(-x / 400) + (first - lk) * np.exp(-x / 15)
    return v * np.exp(rng.normal(0, 0.03, n))


def test_fires_with_num_classes():
    hits = run_detector(NAME, make_run(train_loss=bad_init(first=12.0)), num_classes=10)
    assert len(hits) == 1
    h = hits[0]
    assert h.step == 0 and h.evidence["ratio"] > 4 and h.evidence["num_classes"] == 10
    assert h.evidence["recovered_step"] is not None


def test_fires_with_accuracy_at_chance_at_the_start():
    rng = np.random.default_rng(1)
    acc = np.clip(np.minimum(0.9, 0.1 + np.maximum(0, np.arange(1500) - 60) / 500) + rng.normal(0, 0.01, 1500), 0, 1)
    hits = run_detector(NAME, make_run(train_loss=bad_init(first=9.0), train_acc=acc))
    assert len(hits) == 1 and hits[0].evidence["num_classes"] == 10


def test_unknown_k_needs_a_loss_above_every_vocabulary():
    # mt5-az-news-killed: a summariser (ROUGE logged: a token cross-entropy) whose first loss is 25.5
    rouge = (np.arange(100, 1501, 100), np.linspace(0.1, 0.3, 15))
    assert len(run_detector(NAME, make_run(loss=bad_init(first=25.5), eval_rouge1=rouge))) == 1
    assert run_detector(NAME, make_run(loss=bad_init(first=11.0), eval_rouge1=rouge)) == []  # whisper: ~log(51,865)
    # the same start with nothing saying the loss is a cross-entropy (a detection total, a regression error): no
    # log K to compare it with
    assert run_detector(NAME, make_run(loss=bad_init(first=25.5))) == []


def test_classifier_with_accuracy_has_a_tighter_bound():
    vs = np.arange(100, 1501, 100)
    val_acc = (vs, np.linspace(0.5, 0.9, len(vs)))
    run = make_run(train_loss=bad_init(first=13.0), val_acc=val_acc)
    hits = run_detector(NAME, run)
    assert len(hits) == 1 and hits[0].evidence["k_source"].startswith("classifiers")
    token = make_run(train_loss=bad_init(first=13.0), **{"eval_mean_token_accuracy": val_acc})
    assert run_detector(NAME, token) == []


def test_silent_on_composite_or_regression_losses():
    x = bad_init(first=25.0)
    parts = {f"train/ploss_{i}": x / 4 for i in range(4)}
    assert run_detector(NAME, make_run(loss=x, **parts)) == []
    assert run_detector(NAME, make_run(**{"train/box_loss": x})) == []
    assert run_detector(NAME, make_run(train_loss=x, train_mse=x)) == []


@pytest.mark.parametrize("n", [10, 60, 1500])
@pytest.mark.parametrize("noise", [0.0, 0.05, 0.2])
def test_unknown_k_silent_on_a_loss_that_stays_above_every_log_k(n, noise):
    # a CTC loss summed over frames or a regression loss: 300 -> 230, never near any log K, at any length/noise;
    # the same start that falls through log K within the first steps is a bad start and is reported
    rng = np.random.default_rng(n)
    x = np.linspace(0, 1, n)
    summed = (230 + 100 * np.exp(-x / 0.1)) * np.exp(rng.normal(0, noise, n))
    assert run_detector(NAME, make_run(loss=summed)) == []
    transient = np.where(x < 0.02, 300.0, 0.5 + 2 * np.exp(-x / 0.3)) * np.exp(rng.normal(0, noise, n))
    transient[0] = 300.0
    assert len(run_detector(NAME, make_run(loss=transient))) == 1


def test_silent_when_several_output_heads_are_scored():
    # a detector scoring its objectness, no-object and class heads separately trains on a sum of head losses
    x = bad_init(first=40.0)
    vs = np.arange(100, 1501, 100)
    heads = {f"val_{h}_Accuracy": (vs, np.linspace(0.3, 0.9, len(vs))) for h in ("Class", "Obj", "No_Obj")}
    # no claim about log K (at most the loss-agnostic note that the start was far above where the run settled)
    assert [h for h in run_detector(NAME, make_run(train_loss=x, **heads)) if h.severity != "info"] == []
    one = {"val_Class_Accuracy": heads["val_Class_Accuracy"]}
    assert len(run_detector(NAME, make_run(train_loss=x, **one))) == 1


def test_silent_beside_a_correlation_metric():
    # Spearman / Pearson score a regression: the loss is not a cross-entropy
    vs = np.arange(100, 1501, 100)
    run = make_run(train_loss=bad_init(first=40.0), ValSpearman=(vs, np.linspace(0.1, 0.6, len(vs))))
    assert [h for h in run_detector(NAME, run) if h.severity != "info"] == []


def test_silent_on_normal_start():
    assert run_detector(NAME, make_run(train_loss=bad_init(first=2.35)), num_classes=10) == []


def test_silent_on_fine_tune_starting_below_log_k():
    assert run_detector(NAME, make_run(train_loss=bad_init(first=0.5)), num_classes=1000) == []


def test_silent_when_logging_starts_late():
    v = bad_init(first=30.0)
    steps = np.arange(len(v)) + 5000
    assert run_detector(NAME, make_run(train_loss=(steps, v)), num_classes=10) == []


def double_softmax(k=10, n=2000, seed=2, tau=300):
    rng = np.random.default_rng(seed)
    floor = math.log(1 + (k - 1) / math.e)
    lk = math.log(k)
    x = np.arange(n)
    clean = floor + (lk - floor) * np.exp(-x / tau)
    noisy = clean + np.abs(rng.normal(0, 0.02, n))  # every minibatch stays above the floor
    return noisy


def test_double_softmax_signature():
    hits = run_detector(NAME, make_run(train_loss=double_softmax()))
    assert len(hits) == 1
    h = hits[0]
    assert h.causes[0] == "double-softmax"
    assert abs(h.evidence["double_softmax_floor"] - math.log(1 + 9 / math.e)) < 1e-9


def test_double_softmax_near_miss_normal_training_goes_below_the_floor():
    v = double_softmax()
    v2 = np.concatenate([v[:1000], v[1000:] * np.linspace(1, 0.5, 1000)])
    assert run_detector(NAME, make_run(train_loss=v2)) == []


def test_double_softmax_near_miss_slow_learning_far_above_the_floor():
    v = double_softmax(tau=5000)  # still near log K at the end: cannot tell
    assert run_detector(NAME, make_run(train_loss=v)) == []


@pytest.mark.parametrize("steps", [np.arange(1500)[::-1], np.repeat(np.arange(750), 2), np.arange(1500) - 9000,
                                   np.arange(1500) + 2**53 + 10])
def test_odd_steps(steps):
    out = run_detector(NAME, make_run(train_loss=(steps, bad_init(first=30.0))))
    assert isinstance(out, list)


# ------------------------------------------------------------------------------------------ sample runs


def test_bad_init_sample_with_num_classes():
    from _helpers import SAMPLE_RUNS

    folder = SAMPLE_RUNS / "initial-loss-off-bad-init"
    if not folder.is_dir():
        pytest.skip("sample run initial-loss-off-bad-init not generated")
    hits = run_detector(NAME, load_one(folder), num_classes=10)
    assert len(hits) == 1 and hits[0].step <= 20 and hits[0].evidence["ratio"] > 3


# ------------------------------------------------------------------------------------------ real runs

def test_real_runs():
    fired = set()
    for rel, r in real_runs():
        if run_detector(NAME, r):
            fired.add(rel)
    # mT5: first loss 25.5 > 1.5 x log(262,144): above uniform for any vocabulary
    assert "hf_trainer_state/mt5-az-news-killed" in fired
    # whisper-bashkir's 11.0 ~ log(51,865) is a uniform start, not an off one; star's 24.8 is a sum of 7 heads
    # each starting at 6.9 = log 1000; sketch-vlm's 19.6 is a retrieval loss (mAP logged)
    for name in ["hf_trainer_state/whisper-bashkir-gradspikes", "hf_trainer_state/star-hangeryang",
                 "tfevents/sketch-vlm-two-runs-one-dir", "lightning_csv/camels-ch-v108",
                 "wandb_offline/cifar10-resnet-sjgsz037",
                 # CTC losses summed over frames (11,383 -> 1,060; 333 -> 235) and a regression loss beside a
                 # Spearman score stay above every log K: another scale, not a bad start
                 "hf_trainer_state/wav2vec2-ctc-instability-bump", "mlflow_filestore/swahili-stt-ctc-plateau",
                 "csv_custom/hevisum-fold1-val-spikes",
                 # YOLOv3 scores three heads (class, obj, no-obj): its loss is their sum
                 "lightning_csv/yolov3-lr8e-4-healthy"]:
        assert name not in fired, name


def test_k_from_a_logged_class_count_hparam():
    """A class count logged with the run (Lightning hparams, HF num_labels, MLflow params) states K."""
    import numpy as np
    from _helpers import make_run, run_detector

    rng = np.random.default_rng(0)
    t = np.arange(300)
    loss = 1.0 + 6.3 * np.exp(-t / 4.0) + rng.normal(0, 0.03, 300)  # starts at 7.3, K=10 -> log K = 2.30
    assert run_detector("initial-loss-off", make_run(train_loss=loss)) == []
    for key in ("num_classes", "model.num_labels", "data/n_classes"):
        hits = run_detector("initial-loss-off", make_run(train_loss=loss, hparams={key: 10}))
        assert hits and hits[0].evidence["num_classes"] == 10, key
    # a boolean or a non-integer is not a class count
    assert run_detector("initial-loss-off", make_run(train_loss=loss, hparams={"num_classes": True})) == []


# ------------------------------------------------------------------------------ a broken, transient start
def _transient(first, settled=0.5, n=400, every=1, seed=0, noise=0.05):
    rng = np.random.default_rng(seed)
    st = np.arange(0, n * every, every)
    v = settled * (1 + 0.5 * np.exp(-st / (0.3 * n * every))) * np.exp(noise * rng.standard_normal(n))
    v[0] = first
    return make_run(train_loss=(st, v))


@pytest.mark.parametrize("n,every", [(60, 1), (400, 10), (5000, 50)])
@pytest.mark.parametrize("first", [14.0, 16.0])  # (12 would be log K of a 160k vocabulary: an LM's start)
def test_a_first_loss_far_above_where_the_run_settles_is_info(n, every, first):
    """Below every bound on log K (the warning's case) yet ~20x where the run settles within 5%."""
    hits = run_detector(NAME, _transient(first, n=n, every=every))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].evidence["mode"] == "transient-start"


def test_a_detection_loss_far_above_where_it_settles_is_info():
    """A composite detection loss is never compared with log K, but with itself it is: 156 -> 0.7."""
    st = np.arange(0, 4000, 20)
    v = 0.7 * (1 + np.exp(-st / 800.0))
    v[0] = 156.0
    hits = run_detector(NAME, make_run(**{"train/box_loss": (st, v), "val/box_loss": (st, v * 1.1)}))
    assert [h.evidence.get("mode") for h in hits] == ["transient-start"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_from_scratch_start_at_log_k_or_a_moderate_drop_is_not(seed):
    assert run_detector(NAME, _transient(math.log(50257), settled=0.4, seed=seed)) == []  # an LM at log(vocab)
    assert run_detector(NAME, _transient(math.log(10), settled=0.02, seed=seed)) == []  # MNIST-like: log 10 -> 0.02
    assert run_detector(NAME, _transient(5.0, settled=0.5, seed=seed)) == []  # 10x: not far enough


def test_real_runs_with_a_broken_start():
    for rel in ("hf_trainer_state/gemma3-1b-first-loss-14", "text_log/detectron2-frcnn-semisup-resumed-3x"):
        hits = run_detector(NAME, real_run(rel))
        assert [h.evidence.get("mode") for h in hits] == ["transient-start"], rel


# --------------------------------------------------------------- the first loss is one point, as noisy as the rest

def _noisy_start(n, k, noise, seed, first_mult=1.0, every=1):
    """A K-class run whose clean loss starts at first_mult x log K and falls to a fifth of log K, logged per step
    with multiplicative noise `noise` (a small batch), K stated in the hyperparameters."""
    rng = np.random.default_rng(seed)
    x = np.arange(n) / n
    start = first_mult * np.log(k)
    clean = 0.2 * np.log(k) + (start - 0.2 * np.log(k)) * np.exp(-x / 0.1)
    return make_run(hparams={"num_classes": k}, train_loss=(np.arange(n) * every,
                                                            clean * np.exp(rng.normal(0, noise, n))))


@pytest.mark.parametrize("n", [30, 150, 1000])
@pytest.mark.parametrize("k", [2, 10, 100])
@pytest.mark.parametrize("noise", [0.3, 0.5])
def test_a_noisy_first_point_at_chance_is_not_a_bad_start(n, k, noise):
    """A fresh model at log K whose per-step loss swings +-30-50%: its first point lands at 2x log K by chance."""
    fired = sum(bool(run_detector(NAME, _noisy_start(n, k, noise, seed))) for seed in range(40))
    assert fired <= 1, fired


@pytest.mark.parametrize("n", [30, 150, 1000])
@pytest.mark.parametrize("noise", [0.05, 0.3, 0.5])
@pytest.mark.parametrize("every", [1, 100])
def test_a_real_bad_start_stands_above_the_noise(n, noise, every):
    """A first loss 12x log 10 (final layer initialised far too large) is found however noisy the steps are."""
    hits = run_detector(NAME, _noisy_start(n, 10, noise, 7, first_mult=12.0, every=every))
    assert len(hits) == 1 and "log(10)" in hits[0].message, hits
