"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), seventeenth round.

- A first loss reading is not an explosion by itself: a next-item model over thousands of classes starts at
  log K' (8.9 for 7,000 items) and falls from there, while its top-1 accuracy may settle near 0.5 -- which, read as
  1/K, makes K = 2 and the first reading 12.8x log 2. An explosion is a climb (a peak with a reading at most half of
  it before it), or a first reading above any untrained classifier's loss (the log of the largest vocabulary).
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from _helpers import diagnosed_by_name as _findings
from _helpers import shown as _shown


def _csv(path, cols: dict[str, list], name="metrics.csv"):
    path.mkdir(parents=True, exist_ok=True)
    keys = list(cols)
    lines = [",".join(keys)] + [",".join(f"{cols[k][i]:.6g}" if isinstance(cols[k][i], float) else str(cols[k][i])
                                         for k in keys) for i in range(len(cols[keys[0]]))]
    (path / name).write_text("\n".join(lines) + "\n")
    return path


def _steps_and_evals(path, loss, evals, fmt, every=10):
    """Write a per-step training loss and per-epoch validation accuracies (step -> value) as a CSV or a print log."""
    path.mkdir(parents=True, exist_ok=True)
    if fmt == "csv":
        lines = ["step,train_loss,val_acc"]
        lines += [f"{s},{x:.5f},{evals[s]:.4f}" if s in evals else f"{s},{x:.5f}," for s, x in enumerate(loss)]
        (path / "metrics.csv").write_text("\n".join(lines) + "\n")
    else:
        lines = []
        for s, x in enumerate(loss):
            if s % every == 0:
                lines.append(f"step {s}: loss {x:.4f}")
            if s in evals:
                lines.append(f"step {s} Val Acc@1: {100 * evals[s]:.2f}%")
        (path / "train.log").write_text("\n".join(lines) + "\n")
    return path


# ------------------------------------------------------------------------------ a first reading is not an explosion
def _next_item(k_big, acc_end, n_epochs=22, per_epoch=200, seed=0):
    """A classifier over k_big classes: its loss starts at log k_big and falls to 30% of it; its top-1 accuracy
    rises from 0.30 and settles at acc_end."""
    rng = np.random.default_rng(seed)
    n = n_epochs * per_epoch
    top, end = math.log(k_big), 0.3 * math.log(k_big)
    t = np.arange(n) / n
    loss = (end + (top - end) * np.exp(-6 * t)) * (1 + 0.02 * rng.standard_normal(n))
    evals = {(e + 1) * per_epoch - 1: acc_end - (acc_end - 0.30) * math.exp(-e / 1.5) + 0.004 * rng.standard_normal()
             for e in range(n_epochs)}
    return loss, evals


@pytest.mark.parametrize("fmt", ["csv", "log"])
@pytest.mark.parametrize("k_big", [1500, 7000, 20000])
@pytest.mark.parametrize("acc_end", [0.50, 0.52])
def test_a_many_class_model_whose_accuracy_settles_near_a_half_is_not_at_chance(fmt, k_big, acc_end, tmp_path):
    loss, evals = _next_item(k_big, acc_end, seed=k_big)
    rr, f = _findings(_steps_and_evals(tmp_path / "run", loss, evals, fmt))
    assert "plateau-at-chance" not in f, _shown(rr)


def _blown_binary(kind, n=2000, n_evals=20, seed=0):
    """A binary classifier whose LR blew it up: the loss climbs from log 2 to ~60 in the first steps ('climb'), or
    is first logged already at 500 ('first'), then sits 30% above log 2 (confidently wrong); accuracy at 0.5."""
    rng = np.random.default_rng(seed)
    late = 1.3 * math.log(2) * (1 + 0.03 * rng.standard_normal(n))
    if kind == "climb":
        head = np.array([0.70, 0.69, 3.0, 60.0, 40.0, 9.0, 2.0])
    else:
        head = np.array([500.0, 80.0, 6.0, 1.5])
    loss = np.concatenate([head, late[len(head):]])
    evals = {int(s): 0.5 + 0.004 * rng.standard_normal() for s in np.linspace(n // n_evals, n - 1, n_evals)}
    return loss, evals


@pytest.mark.parametrize("fmt", ["csv", "log"])
@pytest.mark.parametrize("kind", ["climb", "first"])
def test_a_climb_or_an_impossible_first_reading_is_still_an_explosion(fmt, kind, tmp_path):
    loss, evals = _blown_binary(kind)
    rr, f = _findings(_steps_and_evals(tmp_path / "run", loss, evals, fmt, every=1))
    assert "plateau-at-chance" in f and "exploded" in f["plateau-at-chance"].message, _shown(rr)


# ------------------------------------------------------------------------------ a loss that fell from log K' onto log K
def _wider_start(k_wide, k_level, acc_end, n_epochs=15, per_epoch=40, seed=0):
    """A K'-way classifier: its untrained loss (step 0) at log K', falling within two epochs onto log k_level and
    staying there (a hard task); its validation accuracy rises from 1/K' to acc_end."""
    rng = np.random.default_rng(seed)
    n = n_epochs * per_epoch
    t = np.arange(n)
    top, floor = math.log(k_wide), math.log(k_level) * 1.01
    loss = (floor + (top - floor) * np.exp(-t / (0.7 * per_epoch))) * (1 + 0.03 * rng.standard_normal(n))
    loss[0] = top
    evals = {(e + 1) * per_epoch - 1: acc_end - (acc_end - 1.0 / k_wide) * math.exp(-e / 1.2)
             + 0.006 * rng.standard_normal() for e in range(n_epochs)}
    return loss, evals


@pytest.mark.parametrize("fmt", ["csv", "log"])
@pytest.mark.parametrize(("k_wide", "k_level", "acc_end"), [(6, 3, 0.42), (8, 4, 0.35), (12, 5, 0.30), (20, 10, 0.22)])
def test_a_loss_that_fell_from_log_k_wide_onto_a_smaller_log_k_is_not_at_chance(fmt, k_wide, k_level, acc_end,
                                                                                 tmp_path):
    # the accuracy is within acc_slack of 1/k_level (so a K read from the late loss level is 'confirmed') but far
    # above 1/k_wide, where the untrained model's loss says the task's chance is
    loss, evals = _wider_start(k_wide, k_level, acc_end, seed=k_wide)
    rr, f = _findings(_steps_and_evals(tmp_path / "run", loss, evals, fmt, every=1))
    assert "plateau-at-chance" not in f, _shown(rr)


@pytest.mark.parametrize("fmt", ["csv", "log"])
@pytest.mark.parametrize("k", [3, 4, 10])
def test_a_loss_that_started_and_stayed_at_log_k_is_still_at_chance(fmt, k, tmp_path):
    # the guard: started at log K and sat there, accuracy at 1/K -- the same K all along
    rng = np.random.default_rng(k)
    n = 600
    loss = math.log(k) * (1 + 0.01 * rng.standard_normal(n))
    evals = {s: 1.0 / k + 0.004 * rng.standard_normal() for s in range(39, n, 40)}
    rr, f = _findings(_steps_and_evals(tmp_path / "run", loss, evals, fmt, every=1))
    assert "plateau-at-chance" in f, _shown(rr)


# ------------------------------------------------------------------------------ an agent that never learned
def _monitor(path, rewards, env="LunarLander-v2"):
    """A Stable-Baselines3 Monitor file: a JSON header line, then r,l,t per episode."""
    path.mkdir(parents=True, exist_ok=True)
    lines = ['#{"t_start": 1700000000.0, "env_id": "%s"}' % env, "r,l,t"]
    t = 0.0
    for r in rewards:
        t += 0.5
        lines.append(f"{r:.6f},200,{t:.3f}")
    (path / "monitor.csv").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("n", [150, 400, 1500])
@pytest.mark.parametrize("level", [-150.0, -20.0, 25.0])
def test_an_agent_at_its_random_policys_return_is_at_chance_and_not_learning(n, level, tmp_path):
    # returns scattered around what a random policy collects for the whole run (per-episode noise 60)
    rng = np.random.default_rng(n + int(level))
    rr, f = _findings(_monitor(tmp_path / "run", level + rng.normal(0, 60, n)))
    # (since round 20 the verdict is underfitting's, plateau-at-chance's the same reading as context: a return has no
    # chance level a K names -- tests/detectors/test_unseen_families_r20.py)
    assert "plateau-at-chance" in f and f["plateau-at-chance"].severity == "info", _shown(rr)
    assert "underfitting" in f and f["underfitting"].severity == "warning", _shown(rr)
    assert "never rose" in f["underfitting"].message, _shown(rr)


@pytest.mark.parametrize("n", [150, 400, 1500])
def test_an_agent_that_learned_is_neither(n, tmp_path):
    rng = np.random.default_rng(n)
    t = np.arange(n) / n
    rr, f = _findings(_monitor(tmp_path / "run", -150 + 350 * (1 - np.exp(-4 * t)) + rng.normal(0, 60, n)))
    assert "plateau-at-chance" not in f and "underfitting" not in f, _shown(rr)


# ------------------------------------------------------------------------------ a classifier head at chance in a sum
def _multitask(path, k, reg_level, n=240, seed=0, cls_name="classification_loss", learns=False):
    """A Lightning-style CSV of a two-head model logging only its parts: a K-way classification part (flat at log K,
    or falling to 40% of it when it learns) and a regression part in its own units, hundreds of times larger, noisy."""
    rng = np.random.default_rng(seed)
    t = np.arange(n) / n
    cls = math.log(k) * ((0.4 + 0.6 * np.exp(-5 * t)) if learns else 1.0) * (1 + 0.004 * rng.standard_normal(n))
    reg = reg_level * (1 + 0.5 * rng.standard_normal(n)).clip(0.3)
    every = n // 8
    lines = [f"epoch,step,train_{cls_name},train_regression_loss,val_{cls_name},val_regression_loss"]
    for i in range(n):
        val = ""
        if (i + 1) % every == 0:
            v_cls = math.log(k) * ((0.45 + 0.6 * math.exp(-5 * t[i])) if learns else 1.0)
            val = f"{v_cls:.5f},{reg_level * 0.98:.3f}"
        lines.append(f"{i // every},{50 * i + 49},{cls[i]:.5f},{reg[i]:.3f}," + (val or ","))
    path.mkdir(parents=True, exist_ok=True)
    (path / "metrics.csv").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(("k", "reg_level"), [(200, 700.0), (10, 50.0), (100, 3.0), (128, 900.0)])
@pytest.mark.parametrize("cls_name", ["classification_loss", "cls_loss", "class_loss"])
def test_a_classifier_head_at_log_k_inside_a_multi_part_loss_is_at_chance(k, reg_level, cls_name, tmp_path):
    rr, f = _findings(_multitask(tmp_path / "run", k, reg_level, seed=k, cls_name=cls_name))
    assert "plateau-at-chance" in f and f["plateau-at-chance"].severity != "info", _shown(rr)
    assert f"train_{cls_name}" in f["plateau-at-chance"].message, _shown(rr)


@pytest.mark.parametrize(("k", "reg_level"), [(200, 700.0), (10, 50.0)])
def test_a_classifier_head_that_learns_inside_a_multi_part_loss_is_not(k, reg_level, tmp_path):
    rr, f = _findings(_multitask(tmp_path / "run", k, reg_level, seed=k, learns=True))
    assert "plateau-at-chance" not in f, _shown(rr)


# ------------------------------------------------------------------------------ a quality rate that rose says learned
def _seg_history(path, n, iou_first, iou_last, seed=0, start=0.757, floor=0.70, name="val_iou"):
    """A Keras-style history JSON of a segmentation model: a loss with a high floor near log 2 (BCE + a dice term
    on a hard mask) and a held-out score that goes from iou_first to iou_last."""
    rng = np.random.default_rng(seed)
    t = np.arange(n) / n
    loss = floor + (start - floor) * np.exp(-8 * t) + 0.002 * rng.standard_normal(n)
    iou = iou_last - (iou_last - iou_first) * np.exp(-6 * t) + 0.005 * rng.standard_normal(n)
    path.mkdir(parents=True, exist_ok=True)
    (path / "history.json").write_text(json.dumps({"epoch": list(range(1, n + 1)), "train_loss": loss.tolist(),
                                                   name: iou.tolist()}))
    return path


@pytest.mark.parametrize("n", [40, 150, 500])
@pytest.mark.parametrize("name", ["val_iou", "val_f1", "val_dice"])
def test_a_loss_near_log_2_beside_a_rising_held_out_score_is_not_at_chance(n, name, tmp_path):
    rr, f = _findings(_seg_history(tmp_path / "run", n, 0.23, 0.65, seed=n, name=name))
    assert "plateau-at-chance" not in f, _shown(rr)


@pytest.mark.parametrize("n", [40, 150, 500])
def test_a_loss_at_log_2_beside_a_flat_score_is_still_at_chance(n, tmp_path):
    rr, f = _findings(_seg_history(tmp_path / "run", n, 0.05, 0.06, seed=n, start=0.694, floor=0.6935,
                                   name="val_f1"))
    assert "plateau-at-chance" in f, _shown(rr)


# ------------------------------------------------------------------------------ one head of a multi-head model at 0
def _yolo_two_heads(path, n, head, dead_level=0.0, seed=0):
    """An Ultralytics results.csv of a two-head model (boxes (B) and masks (M) or keypoints (P)): the box head learns
    (mAP50 0.01 -> 0.85); the other head's four scores stay at dead_level (None: it learns too)."""
    rng = np.random.default_rng(seed)
    t = np.arange(1, n + 1) / n
    box = 0.85 * (1 - np.exp(-5 * t)) + 0.01 * rng.standard_normal(n)
    other = (0.6 * (1 - np.exp(-4 * t)) if dead_level is None else np.full(n, dead_level)) \
        + (0 if dead_level == 0.0 else 0.003 * np.abs(rng.standard_normal(n)))
    part = {"P": "pose_loss", "M": "seg_loss"}[head]
    cols = {"epoch": np.arange(1, n + 1), "train/box_loss": 2.6 - 1.9 * t, f"train/{part}": 10.8 - 2.5 * t,
            "train/cls_loss": 8.0 * np.exp(-3 * t) + 0.4, "train/dfl_loss": 2.3 - 0.9 * t}
    for side, v in (("B", box), (head, other)):
        for name, f in (("precision", 1.1), ("recall", 0.9), ("mAP50", 1.0), ("mAP50-95", 0.6)):
            cols[f"metrics/{name}({side})"] = np.clip(v * f, 0, 1)
    cols.update({"val/box_loss": 2.3 - 1.2 * t, f"val/{part}": 10.9 - 1.6 * t, "val/cls_loss": 9 * np.exp(-3 * t) + 1,
                 "val/dfl_loss": 2.1 - 0.6 * t, "lr/pg0": 0.01 * (1 - t) + 1e-4})
    path.mkdir(parents=True, exist_ok=True)
    keys = list(cols)
    lines = [",".join(f"{k:>24}" for k in keys)]
    for i in range(n):
        lines.append(",".join(f"{(int(cols[k][i]) if k == 'epoch' else round(float(cols[k][i]), 5)):>24}" for k in keys))
    (path / "results.csv").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("n", [12, 50, 150])
@pytest.mark.parametrize("head", ["P", "M"])
@pytest.mark.parametrize("dead_level", [0.0, 0.03])
def test_a_head_whose_scores_stay_at_the_floor_beside_a_head_that_learns_underfits(n, head, dead_level, tmp_path):
    rr, f = _findings(_yolo_two_heads(tmp_path / "run", n, head, dead_level, seed=n))
    assert "underfitting" in f and f["underfitting"].severity == "warning", _shown(rr)
    assert f"({head}) head" in f["underfitting"].message, _shown(rr)


@pytest.mark.parametrize("n", [12, 50])
@pytest.mark.parametrize("head", ["P", "M"])
def test_two_heads_that_learn_are_not_flagged(n, head, tmp_path):
    rr, f = _findings(_yolo_two_heads(tmp_path / "run", n, head, None, seed=n))
    assert "underfitting" not in f, _shown(rr)


# ------------------------------------------------------------------------------ a solved task is no never-learned
def _flat_from_the_start(path, n, f1_level, floor=0.0497, seed=0):
    """A print log of a fine-tune whose loss sits at its floor from the first logged step (label smoothing scaled by
    gradient accumulation) and a validation F1 per epoch at f1_level."""
    rng = np.random.default_rng(seed)
    lines = []
    per = n // 5
    for i in range(1, n + 1):
        lines.append(f"Step {100 * i} | Loss: {floor + 0.0001 * round(rng.standard_normal()):.4f}")
        if i % per == 0:
            lines.append(f"Epoch {i // per} | val/Loss: {4 * floor:.4f} | val/F1: {f1_level + 0.0003 * rng.standard_normal():.4f}")
    path.mkdir(parents=True, exist_ok=True)
    (path / "train.log").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("n", [60, 150, 400])
def test_a_loss_flat_from_its_first_reading_beside_a_near_perfect_held_out_score_learned(n, tmp_path):
    rr, f = _findings(_flat_from_the_start(tmp_path / "run", n, 0.9989, seed=n))
    assert "underfitting" not in f, _shown(rr)


@pytest.mark.parametrize("n", [60, 150, 400])
def test_the_same_flat_loss_beside_a_score_at_one_half_never_learned(n, tmp_path):
    rr, f = _findings(_flat_from_the_start(tmp_path / "run", n, 0.50, seed=n))
    assert "underfitting" in f or "constant-loss" in f or "plateau-at-chance" in f, _shown(rr)


# ------------------------------------------------------------------------------ evaluation-set noise is no oscillation
def _acc_evals(path, n_evals, set_size, level, swing_extra=0.0, seed=0, rise=0.03):
    """A CSV: a training loss that fell and levelled, and a validation accuracy per evaluation measured on set_size
    examples (a multiple of 1/set_size), rising by `rise` to `level` over the first half (one model's batches of a
    final test pass hardly rise at all); swing_extra adds a real alternating
    swing of that size on top of the binomial scatter in the second half."""
    rng = np.random.default_rng(seed)
    n = 40 * n_evals
    t = np.arange(n) / n
    loss = 0.9 + 1.4 * np.exp(-8 * t) + 0.01 * rng.standard_normal(n)
    evals = {}
    for e in range(n_evals):
        p_true = level - rise + rise * min(1.0, 2.0 * (e + 1) / n_evals)
        if e >= n_evals // 2 and swing_extra:
            p_true += swing_extra * (1 if e % 2 else -1)
        evals[40 * (e + 1) - 1] = rng.binomial(set_size, min(max(p_true, 0.0), 1.0)) / set_size
    return _steps_and_evals(path, loss, evals, "csv")


@pytest.mark.parametrize("n_evals", [60, 250])
@pytest.mark.parametrize(("set_size", "level"), [(64, 0.58), (32, 0.7), (100, 0.5)])
def test_accuracy_swings_within_its_evaluation_sets_binomial_noise_are_no_oscillation(n_evals, set_size, level,
                                                                                       tmp_path):
    rr, f = _findings(_acc_evals(tmp_path / "run", n_evals, set_size, level, seed=n_evals + set_size))
    assert "oscillation" not in f, _shown(rr)


@pytest.mark.parametrize("n_evals", [60, 250])
def test_accuracy_swings_far_beyond_the_sets_noise_still_are(n_evals, tmp_path):
    rr, f = _findings(_acc_evals(tmp_path / "run", n_evals, 1000, 0.6, swing_extra=0.15, seed=n_evals, rise=0.4))
    assert "oscillation" in f, _shown(rr)


# ------------------------------------------------------------------------------ a hit rate's level is no poor fit
@pytest.mark.parametrize("hr_end", [0.05, 0.09, 0.2])
@pytest.mark.parametrize("name", ["val_hit_rate", "val_hr", "val_hits"])
def test_a_recommenders_low_hit_rate_is_no_evidence_of_underfitting(hr_end, name, tmp_path):
    # a sampled-softmax loss 7.7 -> 5.5 (-27%) under a halving LR schedule that ends at 1/32 of its peak, beside a
    # hit rate that rose from 0.01: the level of hit@k over a catalogue says nothing of the fit
    n = 30
    t = np.arange(n) / n
    loss = 5.5 + 2.2 * np.exp(-3 * t)
    lr = 5e-4 * 0.5 ** np.floor(np.arange(n) / 6)
    hr = 0.01 + (hr_end - 0.01) * (1 - np.exp(-3 * t))
    d = _csv(tmp_path / "run", {"epoch": list(range(1, n + 1)), "loss": loss.tolist(), "lr": lr.tolist(),
                                name: hr.tolist()})
    rr, f = _findings(d)
    assert "underfitting" not in f, _shown(rr)


# ------------------------------------------------------------------------------ a token accuracy names no small K
@pytest.mark.parametrize("acc", [0.062, 0.1, 0.2])
@pytest.mark.parametrize("lm", ["val_ppl", "val_bleu", "val_perplexity"])
def test_a_token_accuracy_beside_a_text_generation_metric_names_no_small_k(acc, lm, tmp_path):
    # a translation model: an epoch-summed first loss of 813, then 3-5; three validations whose token accuracy sits
    # near 1/16 (or 1/10, 1/5) while perplexity climbs -- the vocabulary is the K, not 16
    n = 100
    rng = np.random.default_rng(int(acc * 1000))
    loss = [813.0] + (4.5 - 1.2 * np.arange(1, n) / n + 0.2 * rng.standard_normal(n - 1)).tolist()
    cols = {"epoch": list(range(1, n + 1)), "train_loss": loss,
            "val_token_accuracy": ["" for _ in range(n)], lm: ["" for _ in range(n)]}
    for j, e in enumerate((25, 50, 75)):
        cols["val_token_accuracy"][e] = acc + 0.0005 * j
        cols[lm][e] = (22.9, 54.4, 81.2)[j] if lm != "val_bleu" else (12.0, 9.0, 7.5)[j]
    rr, f = _findings(_csv(tmp_path / "run", cols))
    assert "plateau-at-chance" not in f, _shown(rr)


def test_the_same_accuracy_without_a_text_generation_metric_is_still_read_as_chance(tmp_path):
    n = 100
    rng = np.random.default_rng(62)
    loss = [813.0] + (4.5 - 1.2 * np.arange(1, n) / n + 0.2 * rng.standard_normal(n - 1)).tolist()
    cols = {"epoch": list(range(1, n + 1)), "train_loss": loss, "val_accuracy": ["" for _ in range(n)]}
    for j, e in enumerate((25, 50, 75)):
        cols["val_accuracy"][e] = 0.062 + 0.0005 * j
    rr, f = _findings(_csv(tmp_path / "run", cols))
    assert "plateau-at-chance" in f, _shown(rr)
