"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twentieth round.

- A held-out accuracy that scores only the K class shares of its evaluation set (numbers that sum to 1) comes from a
  model predicting one class for every example -- at chance whatever level the shares sit at. On an unbalanced set
  (shares 0.30/0.30/0.25/0.15) the series' median names no 1/K, so K is the count of the shares and the chance
  level the largest of them (an SGD at lr 4 that put a 4-way MLP on a constant output).
- Losses that never left log K -- the training loss from the untrained model's first reading to its last and the
  validation loss at every evaluation -- say the outputs stayed uniform: an accuracy a little above 1/K (0.36 for
  K = 4, up to twice acc_slack of the way) is then the arg-max of near-equal outputs landing on an unbalanced set's
  larger classes, not learning, and does not veto plateau-at-chance (an HF fine-tune at lr 1e-7).
- An RL agent whose return never beat its untrained policy is underfitting's verdict (warning); plateau-at-chance
  says the same as context: a return has no chance level a K names.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run

from curvedoc.engine import diagnose


def _found(run, select=None) -> dict[str, str]:
    rep = diagnose(run, select=select)
    return {f.name: f.severity for rr in rep.runs for f in rr.findings}


# --------------------------------------------------------------------- class shares of an unbalanced set
def _constant_predictor(n, seed, shares, *, learned=False, loss_level=1.5):
    """Per-epoch training loss near (a little above) log K after a first epoch blown up, and a validation
    accuracy that scores one of the class shares at every evaluation (or, ``learned``, a rising accuracy)."""
    rng = np.random.default_rng(seed)
    loss = loss_level + 0.05 * rng.standard_normal(n)
    loss[0] = 3.3
    val_loss = loss_level + 0.1 * np.abs(rng.standard_normal(n))
    if learned:
        acc = np.clip(0.3 + 0.5 * (1 - np.exp(-np.arange(n) / (0.2 * n))) + 0.01 * rng.standard_normal(n), 0, 1)
        loss = loss_level * np.exp(-np.arange(n) / (0.3 * n)) + 0.2
        val_loss = loss + 0.05
    else:
        p = np.array(shares) ** 2 / np.sum(np.array(shares) ** 2)  # the majority classes come up most
        acc = rng.choice(np.array(shares), size=n, p=p)
        acc[: len(shares)] = shares  # every share appears at least once
        rng.shuffle(acc)
    return make_run("shares", train_loss=loss, val_loss=val_loss, val_acc=acc)


@pytest.mark.parametrize("shares", [(0.3013, 0.2988, 0.2450, 0.1549), (0.42, 0.33, 0.25), (0.22, 0.21, 0.2, 0.19, 0.18),
                                    (0.35, 0.25, 0.2, 0.12, 0.08)])
@pytest.mark.parametrize("n", [12, 25, 60])
@pytest.mark.parametrize("seed", range(2))
def test_an_accuracy_at_the_class_shares_of_an_unbalanced_set_is_chance(shares, n, seed):
    assert _found(_constant_predictor(n, seed, shares), select=["P001"]).get("plateau-at-chance") == "error"


@pytest.mark.parametrize("n", [12, 25, 60])
def test_a_learning_accuracy_is_not_read_as_class_shares(n):
    # guard: an accuracy that rises through many values is a model learning
    assert "plateau-at-chance" not in _found(_constant_predictor(n, 0, (0.3, 0.3, 0.25, 0.15), learned=True),
                                             select=["P001"])


def test_shares_over_too_few_evaluations_are_no_reading():
    # guard: 4 distinct values over 6 evaluations could be any scatter (fewer than twice K evaluations)
    # (no loss names a K here: the training loss falls to 0.5 nats, below log 2)
    v = np.array([0.3013, 0.2988, 0.2450, 0.1549, 0.3013, 0.2988])
    loss = 1.5 * np.exp(-np.arange(6) / 2.0) + 0.3
    assert "plateau-at-chance" not in _found(make_run("few", train_loss=loss, val_acc=v), select=["P001"])


# --------------------------------------------------------------------- losses that never left log K
def _uniform_outputs(k, n_logs, n_evals, seed, *, acc_end, loss_moves=0.0, val_off=0.0, start_late=False):
    """An HF-style run: the training loss logged every 20 steps at log K (a fine-tune whose LR is far too low),
    falling by ``loss_moves`` of log K over the run; the validation loss at log K (+ ``val_off`` of it); the
    accuracy drifting from 1/K + 0.06 to ``acc_end``."""
    rng = np.random.default_rng(seed)
    lk = np.log(k)
    steps = np.arange(1, n_logs + 1) * 20
    if start_late:
        steps = steps + 20 * n_logs
    loss = lk * (1 - loss_moves * np.linspace(0, 1, n_logs)) + 0.0005 * lk * rng.standard_normal(n_logs)
    es = np.linspace(steps[0], steps[-1], n_evals).astype(int)
    val = lk * (1 + val_off) * (1 - loss_moves * np.linspace(0, 1, n_evals)) + 0.0002 * rng.standard_normal(n_evals)
    acc = np.linspace(1 / k + 0.06, acc_end, n_evals) + 0.003 * rng.standard_normal(n_evals)
    return make_run("uniform", train_loss=(steps, loss), val_loss=(es, val), val_acc=(es, acc))


@pytest.mark.parametrize("k", [3, 4, 5, 10])
@pytest.mark.parametrize("n_logs,n_evals", [(28, 6), (100, 10), (400, 25)])
@pytest.mark.parametrize("seed", range(2))
def test_losses_at_log_k_throughout_outweigh_an_accuracy_a_little_above_chance(k, n_logs, n_evals, seed):
    # the accuracy ends 1.2 x acc_slack of the way from 1/K to 1: above the slack, below twice it
    acc_end = 1 / k + 1.2 * 0.15 * (1 - 1 / k)
    run = _uniform_outputs(k, n_logs, n_evals, seed, acc_end=acc_end)
    assert _found(run, select=["P001"]).get("plateau-at-chance") == "error"


@pytest.mark.parametrize("k", [3, 4, 10])
def test_an_accuracy_beyond_twice_the_slack_still_vetoes(k):
    # guard: an accuracy 40% of the way to perfect is a model that learned, whatever its loss says
    run = _uniform_outputs(k, 100, 10, 0, acc_end=1 / k + 0.4 * (1 - 1 / k))
    assert "plateau-at-chance" not in _found(run, select=["P001"])


@pytest.mark.parametrize("k", [3, 4, 10])
def test_a_validation_loss_off_log_k_still_vetoes(k):
    # guard: the held-out loss 8% below log K: the model learned something that transfers
    run = _uniform_outputs(k, 100, 10, 0, acc_end=1 / k + 0.2 * (1 - 1 / k), val_off=-0.08)
    assert "plateau-at-chance" not in _found(run, select=["P001"])


@pytest.mark.parametrize("k", [4, 10])
def test_a_loss_first_read_late_in_the_run_still_vetoes(k):
    # guard: the first reading is not the untrained model's (logging began half-way): nothing says it started there
    run = _uniform_outputs(k, 100, 10, 0, acc_end=1 / k + 0.2 * (1 - 1 / k), start_late=True)
    assert "plateau-at-chance" not in _found(run, select=["P001"])


# --------------------------------------------------------------------- RL agents that never improved
def _agent(n, seed, *, learns=False):
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    level = -1500.0 + (1400.0 * (1 - np.exp(-t / (0.2 * n))) if learns else 0.0)
    reward = level + 600.0 * rng.standard_normal(n)
    return make_run("agent", **{"rollout/ep_rew_mean": reward}, steps=t * 300)


@pytest.mark.parametrize("n", [100, 400, 2000])
@pytest.mark.parametrize("seed", range(2))
def test_an_agent_that_never_beat_its_start_is_underfitting(n, seed):
    found = _found(_agent(n, seed))
    assert found.get("underfitting") == "warning"
    assert found.get("plateau-at-chance") in (None, "info")


@pytest.mark.parametrize("n", [100, 400])
def test_an_agent_that_learned_is_neither(n):
    found = _found(_agent(n, 0, learns=True))
    assert "underfitting" not in found and "plateau-at-chance" not in found


# --------------------------------------------------------------------- a swing seen before is no divergence
def _swinging(n, seed, *, final_len, final_level, swing_len, swing_level=9.8):
    """A loss falling from 9 to 5.5 over the first 40%, swinging up to ``swing_level`` for ``swing_len`` readings
    and back down to 4.8, then rising at the end to ``final_level`` for ``final_len`` readings."""
    rng = np.random.default_rng(seed)
    a = int(0.4 * n)
    down = np.linspace(9.0, 5.5, a)
    back = np.linspace(5.4, 4.8, n - a - swing_len - final_len)
    loss = np.r_[down, np.full(swing_len, swing_level), back, np.full(final_len, final_level)]
    return make_run("swing", train_loss=loss * np.exp(0.02 * rng.standard_normal(n)))


@pytest.mark.parametrize("n", [19, 40, 120])
@pytest.mark.parametrize("seed", range(3))
def test_a_rise_at_the_end_no_higher_or_longer_than_an_earlier_swing_is_no_divergence(n, seed):
    swing = max(3, n // 8)
    run = _swinging(n, seed, final_len=max(3, swing - 1), final_level=8.2, swing_len=swing)
    assert "divergence" not in _found(run, select=["D001"])


@pytest.mark.parametrize("n", [40, 120])
@pytest.mark.parametrize("seed", range(3))
def test_a_rise_at_the_end_longer_than_the_earlier_swing_is_still_divergence(n, seed):
    # guard: the end has stood up longer than the swing ever did
    swing = max(3, n // 12)
    run = _swinging(n, seed, final_len=3 * swing, final_level=8.2, swing_len=swing)
    assert "divergence" in _found(run, select=["D001"])


@pytest.mark.parametrize("n", [19, 40, 120])
@pytest.mark.parametrize("seed", range(3))
def test_a_rise_at_the_end_above_the_earlier_swing_is_still_divergence(n, seed):
    # guard: the end climbed past anything the run had come back from (15 vs 9.8)
    swing = max(3, n // 8)
    run = _swinging(n, seed, final_len=max(3, swing - 1), final_level=15.0, swing_len=swing)
    assert "divergence" in _found(run, select=["D001"])


# --------------------------------------------------------------------- an accuracy gap of 10-25 points is told
def _accuracies(n, seed, gap, *, with_val_loss=False):
    """Training accuracy rising to ~1.0, held-out accuracy rising to 1.0 - ``gap`` (per-epoch, Keras-style); the
    training loss falls by two orders of magnitude."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    tr = 0.98 - 0.5 * np.exp(-t / (0.15 * n)) + 0.005 * rng.standard_normal(n)
    va = 0.98 - gap - 0.4 * np.exp(-t / (0.15 * n)) + 0.01 * rng.standard_normal(n)
    tags = {"loss": 1.2 * np.exp(-t / (0.2 * n)) + 0.01, "accuracy": np.clip(tr, 0, 1),
            "val_accuracy": np.clip(va, 0, 1)}
    if with_val_loss:
        tags["val_loss"] = 0.6 * np.exp(-t / (0.2 * n)) + 0.3 + 0.01 * rng.standard_normal(n)
    return make_run("acc", **tags)


@pytest.mark.parametrize("gap", [0.12, 0.16, 0.22])
@pytest.mark.parametrize("n", [10, 30, 100])
def test_an_accuracy_gap_of_ten_to_twenty_five_points_is_an_info(gap, n):
    assert _found(_accuracies(n, 0, gap), select=["V002"]).get("train-val-gap") == "info"


@pytest.mark.parametrize("n", [10, 30, 100])
def test_an_accuracy_gap_of_a_few_points_is_not_told(n):
    # guard: a regularised model's few points
    assert "train-val-gap" not in _found(_accuracies(n, 0, 0.04), select=["V002"])


@pytest.mark.parametrize("n", [10, 30, 100])
def test_an_accuracy_gap_past_a_quarter_is_still_a_warning(n):
    # guard: memorisation
    assert _found(_accuracies(n, 0, 0.4), select=["V002"]).get("train-val-gap") == "warning"


# --------------------------------------------------------------------- a loss that crawled in a straight line
def _crawl(n, seed, *, fall=0.05, noise=0.002, shape="line", val=True, rate_gain=0.0, start=0):
    """A regression loss from its untrained start: 'line' falls by ``fall`` (relative) at a constant rate (an LR far
    too low), 'bend' falls by the same amount fast and then flattens (a model near its floor converging)."""
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, n)
    curve = 1 - fall * (t if shape == "line" else (1 - np.exp(-t / 0.1)) / (1 - np.exp(-10)))
    loss = 2.97 * curve * np.exp(noise * rng.standard_normal(n))
    tags = {"train_loss": (np.arange(start, start + n), loss)}
    if val:
        tags["val_loss"] = (np.arange(start, start + n), 3.06 * curve * np.exp(noise * rng.standard_normal(n)))
    if rate_gain:
        tags["val_acc"] = (np.arange(start, start + n), 0.3 + rate_gain * t)
    return make_run("crawl", **tags)


@pytest.mark.parametrize("n", [20, 40, 200, 2000])
@pytest.mark.parametrize("fall", [0.03, 0.05, 0.08])
@pytest.mark.parametrize("noise", [0.001, 0.005])
def test_a_loss_that_fell_a_few_percent_in_a_straight_line_underfits(n, fall, noise):
    found = _found(_crawl(n, 0, fall=fall, noise=noise), select=["P003"])
    assert found.get("underfitting") == "warning"


@pytest.mark.parametrize("n", [20, 40, 200, 2000])
@pytest.mark.parametrize("fall", [0.07, 0.09])
def test_a_loss_that_fell_as_little_but_bent_is_not_a_crawl(n, fall):
    # guard: most of the fall comes first (a model near its floor converging; below never_floor's 5% the
    # never-learned reading judges it, whatever its shape)
    assert "underfitting" not in _found(_crawl(n, 0, fall=fall, shape="bend"), select=["P003"])


@pytest.mark.parametrize("n", [40, 200])
def test_a_crawl_beside_a_rising_quality_rate_is_learning(n):
    # guard: the held-out accuracy rose 30 points: the model learned something its loss does not show
    assert "underfitting" not in _found(_crawl(n, 0, rate_gain=0.3), select=["P003"])


@pytest.mark.parametrize("n", [40, 200])
def test_a_crawl_seen_only_from_late_in_the_run_is_not_judged(n):
    # guard: the log starts at step 10n: nothing says the first reading is the untrained model's
    assert "underfitting" not in _found(_crawl(n, 0, start=10 * n), select=["P003"])


@pytest.mark.parametrize("n", [40, 200])
def test_a_loss_that_fell_by_a_fifth_in_a_straight_line_is_no_crawl(n):
    # guard: 20% over the run is beyond the practical floor of 'barely moved'
    assert "underfitting" not in _found(_crawl(n, 0, fall=0.2), select=["P003"])


# --------------------------------------------------------------------- zeros written between the evaluations
def _cadenced(n, every, seed, *, scores=True, first=None, val_scale=0.6):
    """A per-epoch table whose generation metric is scored every ``every``-th epoch and written 0.0 in the others
    (``scores``: the real evaluations 0.16 -> 0.20; else all 0); the training loss falls 3.8 -> 0.33."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    first = every - 1 if first is None else first
    bleu = np.zeros(n)
    at = np.arange(first, n, every)
    if scores:
        bleu[at] = np.linspace(0.16, 0.2, len(at)) + 0.005 * rng.standard_normal(len(at))
    loss = 3.5 * np.exp(-t / (0.2 * n)) + 0.33
    return make_run("cadence", train_loss=loss, val_loss=val_scale * loss + 1.5, bleu4=bleu)


@pytest.mark.parametrize("n,every", [(40, 5), (30, 3), (100, 10), (24, 2)])
@pytest.mark.parametrize("first", [None, 0])
def test_zeros_between_evaluations_on_a_cadence_are_not_the_floor(n, every, first):
    assert "plateau-at-chance" not in _found(_cadenced(n, every, 0, first=first), select=["P001"])


@pytest.mark.parametrize("n,every", [(40, 5), (100, 10)])
def test_a_metric_at_zero_at_every_scored_evaluation_is_still_the_floor(n, every):
    # guard: nothing scored, cadence or not (a validation loss that did not halve: an all-zero metric beside one that
    # did is a metric not computed for the task, plateau-at-chance's older reading)
    assert "plateau-at-chance" in _found(_cadenced(n, every, 0, scores=False, val_scale=0.2), select=["P001"])


def test_nonzero_readings_off_any_cadence_are_no_placeholders():
    # guard: zero at most evaluations, the few nonzero ones at irregular rows (a model at the floor scoring by luck)
    v = np.zeros(40)
    v[[3, 11, 14, 30]] = [0.02, 0.03, 0.01, 0.02]
    loss = 3.5 * np.exp(-np.arange(40) / 8.0) + 0.33
    run = make_run("luck", train_loss=loss, val_loss=0.6 * loss + 0.5, bleu4=v)
    assert "plateau-at-chance" in _found(run, select=["P001"])


# --------------------------------------------------------------------- loss parts exactly 0: heads without targets
def _yolo_table(n, seed, *, dead=("box_loss", "pose_loss", "kobj_loss", "dfl_loss"), scores_zero=True):
    """An Ultralytics-style per-epoch table: the class loss falls; the ``dead`` parts are 0.0 at every epoch on both
    splits; mAP / precision / recall all 0 (``scores_zero``) or rising."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    tags = {}
    for side, lvl in (("train", 19.0), ("val", 9.0)):
        for part in ("box_loss", "pose_loss", "kobj_loss", "cls_loss", "dfl_loss"):
            v = lvl * np.exp(-t / (0.1 * n)) + 0.005 + 0.001 * rng.random(n) if part == "cls_loss" or part not in dead \
                else np.zeros(n)
            tags[f"{side}/{part}"] = v
    for metric in ("precision(B)", "recall(B)", "mAP50(B)", "mAP50-95(B)"):
        tags[f"metrics/{metric}"] = np.zeros(n) if scores_zero else np.clip(0.8 * (1 - np.exp(-t / (0.2 * n))), 0, 1)
    return make_run("yolo", **tags)


@pytest.mark.parametrize("n", [10, 50, 100])
@pytest.mark.parametrize("dead", [("box_loss", "pose_loss", "kobj_loss", "dfl_loss"), ("pose_loss", "kobj_loss"),
                                  ("box_loss",)])
def test_loss_parts_at_zero_beside_scores_at_zero_are_heads_without_targets(n, dead):
    found = _found(_yolo_table(n, 0, dead=dead), select=["P002"])
    assert found.get("constant-loss") == "error"


@pytest.mark.parametrize("n", [10, 50, 100])
def test_a_part_at_zero_beside_scores_that_rose_is_a_term_switched_off(n):
    # guard: the detector learned (mAP 0 -> 0.8): a zero part is a loss term not used
    assert "constant-loss" not in _found(_yolo_table(n, 0, dead=("pose_loss", "kobj_loss"), scores_zero=False),
                                         select=["P002"])


# --------------------------------------------------------------------- one score at several thresholds
def _thresholds(n, seed, *, strict_rises=True, names=("metrics/mAP50(P)", "metrics/mAP50-95(P)")):
    """A pose model: the lenient threshold's score peaks early at 0.98 and drifts to 0.82; the strict average over
    thresholds rises 0.21 -> 0.76 (or, ``strict_rises=False``, falls with it)."""
    rng = np.random.default_rng(seed)
    t = np.arange(n) / n
    lenient = 0.98 - 0.16 * np.clip((t - 0.1) / 0.9, 0, 1) + 0.005 * rng.standard_normal(n)
    strict = (0.21 + 0.55 * (1 - np.exp(-t / 0.3))) if strict_rises else 0.6 - 0.15 * t
    loss = 4.4 * np.exp(-t / 0.3) + 0.7
    return make_run("pose", **{"train/pose_loss": loss, "val/pose_loss": 0.9 * loss + 0.1, names[0]: lenient,
                               names[1]: strict + 0.005 * rng.standard_normal(n)})


@pytest.mark.parametrize("n", [50, 196])
@pytest.mark.parametrize("names", [("metrics/mAP50(P)", "metrics/mAP50-95(P)"), ("val/mAP_0.5", "val/mAP_0.5:0.95")])
def test_a_lenient_threshold_falling_while_the_strict_average_rose_is_no_regression(n, names):
    assert "metric-regression" not in _found(_thresholds(n, 0, names=names), select=["M001"])


@pytest.mark.parametrize("n", [50, 196])
def test_both_thresholds_falling_is_still_a_regression(n):
    # guard
    assert "metric-regression" in _found(_thresholds(n, 0, strict_rises=False), select=["M001"])


# --------------------------------------------------------------------- per-batch swings while held-out improves
def _per_batch(n, seed, *, val_improves=True, epochs=15):
    """A per-batch progress-bar loss: its level falls 1.3 -> 0.13 by 60% of the run and stays; its step-to-step
    swings grow from +-40% to +-100% (a few hard examples in small batches). The validation loss per epoch keeps
    falling to the last epoch (or flattens from mid-run)."""
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, n)
    level = 0.13 + 1.17 * np.clip(1 - t / 0.6, 0, 1) ** 2
    noise = 0.4 + 0.6 * (t > 0.66)
    loss = level * np.exp(noise * rng.standard_normal(n))
    es = np.linspace(n / epochs, n - 1, epochs).astype(int)
    te = es / (n - 1)
    val = 0.18 + 1.08 * (1 - te) ** 2 if val_improves else 0.3 + 0.96 * np.clip(1 - te / 0.5, 0, 1) ** 2
    if val_improves is None:
        return make_run("tqdm", train_loss=loss)
    return make_run("tqdm", train_loss=loss, val_loss=(es, val))


@pytest.mark.parametrize("n", [195, 600, 2000])
@pytest.mark.parametrize("seed", range(3))
def test_per_batch_swings_while_the_validation_loss_still_falls_are_no_oscillation(n, seed):
    assert "oscillation" not in _found(_per_batch(n, seed), select=["D003"])


@pytest.mark.parametrize("n", [195, 600, 2000])
@pytest.mark.parametrize("seed", range(3))
def test_per_batch_swings_beside_a_flat_validation_loss_are_judged_as_without_it(n, seed):
    # guard: a validation loss that stopped improving is no veto -- the verdict is the training loss's own
    flat = _found(_per_batch(n, seed, val_improves=False), select=["D003"]).get("oscillation")
    alone = _found(_per_batch(n, seed, val_improves=None), select=["D003"]).get("oscillation")
    assert flat == alone


# --------------------------------------------------------------------- grad-norm spikes the loss did not react to
def _grad_spikes(n, seed, *, loss_jumps=False):
    """An HF-style log: loss falling 2.0 -> 0.6, grad_norm ~0.5 with three isolated 20x spikes after the first 20%;
    the loss jumps 3x at those steps or does not react."""
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, n)
    loss = (1.4 * np.exp(-t / 0.3) + 0.6) * np.exp(0.03 * rng.standard_normal(n))
    gn = 0.5 * np.exp(0.1 * rng.standard_normal(n))
    for k in (int(0.35 * n), int(0.6 * n), int(0.85 * n)):
        gn[k] *= 20.0
        if loss_jumps:
            loss[k] *= 3.0
    return make_run("gn", loss=loss, grad_norm=gn)


@pytest.mark.parametrize("n", [100, 400, 2000])
@pytest.mark.parametrize("seed", range(2))
def test_grad_norm_spikes_the_loss_did_not_react_to_are_an_info(n, seed):
    assert _found(_grad_spikes(n, seed), select=["G004"]).get("grad-norm-spikes") == "info"


@pytest.mark.parametrize("n", [100, 400, 2000])
def test_grad_norm_spikes_the_loss_jumped_with_stay_a_warning(n):
    # guard
    assert _found(_grad_spikes(n, 0, loss_jumps=True), select=["G004"]).get("grad-norm-spikes") == "warning"


# --------------------------------------------------------------------- a creeping loss beside a held-out loss still falling
def _creeping(n, seed, *, val_falls=True):
    """A 10-class MLP: training loss 3.2 -> 2.36, still falling ~7% over the second half; validation accuracy at
    0.44-0.45 over the whole second half; the validation loss still falling ~5% over the second half (or flat)."""
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, n)
    loss = (2.3 + 0.9 * np.exp(-t / 0.25) - 0.15 * t) * np.exp(0.005 * rng.standard_normal(n))
    val = (2.45 + 0.8 * np.exp(-t / 0.25) - 0.12 * t if val_falls else 2.45 + 0.8 * np.exp(-t / 0.1)) \
        * np.exp(0.003 * rng.standard_normal(n))
    acc = np.clip(0.45 - 0.3 * np.exp(-t / 0.15), 0, 1) + 0.003 * rng.standard_normal(n)
    return make_run("creep", train_loss=loss, val_loss=val, val_acc=acc)


@pytest.mark.parametrize("n", [30, 50, 200])
@pytest.mark.parametrize("seed", range(2))
def test_a_creeping_loss_beside_a_validation_loss_still_falling_is_not_underfitting(n, seed):
    assert "underfitting" not in _found(_creeping(n, seed), select=["P003"])


@pytest.mark.parametrize("n", [30, 50, 200])
def test_a_creeping_loss_beside_a_flat_validation_loss_and_rate_is_still_underfitting(n):
    # guard: nothing held-out improves over the second half: the creep buys nothing
    assert "underfitting" in _found(_creeping(n, 0, val_falls=False), select=["P003"])


# --------------------------------------------------------------------- a head whose precision alone left the floor
def _pose_table(n, seed, *, pose_learns=False):
    """Ultralytics pose results: the box head learns (mAP50 0.1 -> 0.53); the pose head's mAPs and recall stay under
    0.01 while its precision swings up to ~0.26 (few, confident keypoint matches) -- or, ``pose_learns``, its mAPs
    rise to 0.5."""
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, n)
    up = 1 - np.exp(-t / 0.3)
    tags = {"train/box_loss": 1.5 - 0.6 * up, "train/pose_loss": 11.5 - 1.8 * up, "val/box_loss": 0.8 - 0.2 * up,
            "val/pose_loss": 11.4 - 2.7 * up}
    for key, v in (("precision(B)", 0.14 + 0.43 * up), ("recall(B)", 0.26 + 0.25 * up), ("mAP50(B)", 0.1 + 0.43 * up),
                   ("mAP50-95(B)", 0.07 + 0.38 * up)):
        tags[f"metrics/{key}"] = v
    pose = 0.5 * up if pose_learns else 0.004 * t
    tags["metrics/precision(P)"] = 0.5 * up if pose_learns else np.clip(0.26 * t + 0.02 * rng.random(n), 0, 1)
    tags["metrics/recall(P)"] = 0.5 * up if pose_learns else 0.004 * t
    tags["metrics/mAP50(P)"] = pose
    tags["metrics/mAP50-95(P)"] = pose / 4
    return make_run("pose", **tags)


@pytest.mark.parametrize("n", [5, 20, 100])
@pytest.mark.parametrize("seed", range(2))
def test_a_head_whose_precision_alone_left_the_floor_never_learned(n, seed):
    assert "underfitting" in _found(_pose_table(n, seed), select=["P003"])


@pytest.mark.parametrize("n", [5, 20, 100])
def test_a_head_whose_maps_rose_learned(n):
    # guard
    assert "underfitting" not in _found(_pose_table(n, 0, pose_learns=True), select=["P003"])
