"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), ninth round.

Each family is drawn from a generative description (format, length, plan, logging interval), never from a visible
run; every member must get the verdict the family stands for, and the healthy twin must not.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import curvedoc
from _helpers import make_run, run_detector


def _names(rr):
    return {f.name for f in rr.findings}


# ------------------------------------------------------------- a plan stated without a training loss to read
@pytest.mark.parametrize("reached,planned", [(2, 6), (40, 300), (500, 4000)])
def test_a_trainer_checkpoint_with_only_evaluation_rows_short_of_its_plan_is_unfinished(reached, planned, tmp_path):
    # logging_steps larger than the steps run: the state holds evaluations only, and still states global_step and
    # max_steps; saved at a step that is no multiple of save_steps (an epoch save), it is no last-checkpoint copy
    d = tmp_path / f"checkpoint-{reached}"
    d.mkdir()
    state = {"global_step": reached, "max_steps": planned, "save_steps": 10_000, "logging_steps": 10_000,
             "epoch": 1.0, "num_train_epochs": 3,
             "log_history": [{"epoch": 1.0, "step": reached, "eval_loss": 35.8, "eval_mse": 35.8, "eval_runtime": 0.4}]}
    (d / "trainer_state.json").write_text(json.dumps(state))
    rr = curvedoc.diagnose(str(d)).runs[0]
    f = [f for f in rr.findings if f.name == "unfinished-schedule"]
    assert f, [(f.name, f.message) for f in rr.findings]
    assert "less than one save interval" not in f[0].message, f[0].message


def test_a_checkpoint_at_a_multiple_of_save_steps_near_the_end_is_still_said_to_be_maybe_a_copy():
    # saved by the step schedule one interval before the end: the run may have finished after it
    run = make_run(train_loss=np.linspace(2.0, 1.0, 20), steps=np.arange(1, 21) * 100,
                   meta={"global_step": 2000, "max_steps": 2300, "save_steps": 500})
    hits = run_detector("unfinished-schedule", run)
    assert hits and "less than one save interval" in hits[0].message, [h.message for h in hits]


@pytest.mark.parametrize("epochs", [3, 4])
@pytest.mark.parametrize("lr0", [1e-4, 1e-2])
def test_a_table_of_three_or_four_epochs_whose_lr_still_rises_in_equal_steps_ended_in_its_warmup(epochs, lr0, tmp_path):
    # an Ultralytics-style linear warmup read once an epoch, the run ending before it finished: no plan in the file,
    # too few points to judge the curves, but the schedule says the run never reached its peak
    run = tmp_path / f"train-{epochs}-{lr0}"
    run.mkdir()
    lines = ["epoch,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
             "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2"]
    rng = np.random.default_rng(epochs)
    for e in range(1, epochs + 1):
        lr = lr0 * e / 3.0 * (1 + rng.normal(0, 0.02))
        lines.append(f"{e},{1.7 + rng.normal(0, 0.05):.4f},{4.0 + rng.normal(0, 0.1):.4f},1.4,0.001,0.1,0.002,0.001,"
                     f"1.5,4.0,1.4,{lr:.6g},{lr:.6g},{0.1 - 0.03 * e:.6g}")
    (run / "results.csv").write_text("\n".join(lines) + "\n")
    rr = curvedoc.diagnose(str(run)).runs[0]
    assert "unfinished-schedule" in _names(rr), [(f.name, f.message) for f in rr.findings]


@pytest.mark.parametrize("lr", [[1e-3, 2e-3, 1e-3], [1e-3, 1e-3, 1e-3], [1e-3, 3e-3, 9e-3], [1e-3, 1.2e-3, 1.5e-3],
                                [3e-3, 1e-3, 5e-3, 2e-2]])
def test_three_or_four_lr_points_that_do_not_rise_in_equal_steps_to_double_say_no_warmup(lr):
    # a triangle, a constant, a geometric (range-test-like) climb, a rise short of doubling, an uneven rise
    n = len(lr)
    run = make_run(train_loss=np.linspace(1.0, 0.5, n), lr=np.array(lr))
    assert not run_detector("unfinished-schedule", run)


# ------------------------------------------------- a regression's held-out error evaluated once beside its curve
@pytest.mark.parametrize("ratio", [1.5, 3.0, 8.0, 30.0, 100.0])
@pytest.mark.parametrize("kind", ["mse", "rmse"])
def test_a_regression_evaluated_once_far_above_its_training_error_has_a_train_val_gap(ratio, kind, tmp_path):
    # Lightning's self.log('train_mse') every step and one validation at the end: the error a regression minimises
    # is its loss on both sides, and one evaluation is enough to set beside the training curve
    rng = np.random.default_rng(int(ratio))
    n = 40
    train = 10.0 * np.exp(-np.arange(n) / 8.0) + 0.1 + np.abs(rng.normal(0, 0.02, n))
    d = tmp_path / f"version_{kind}_{int(ratio)}"
    d.mkdir()
    rows = [f"train_{kind}_step,epoch,step,val_{kind}_step"]
    rows += [f"{v:.5f},0,{i}," for i, v in enumerate(train)]
    rows.append(f",0,{n - 1},{ratio * train[-5:].mean():.5f}")
    (d / "metrics.csv").write_text("\n".join(rows) + "\n")
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert rr.roles.get("val_loss") == f"val_{kind}_step", rr.roles
    gap = [f for f in rr.findings if f.name == "train-val-gap"]
    # one evaluation cannot show the gap persists: it must reach train-val-gap's min_ratio squared (4x)
    assert (gap != []) == (ratio >= 4.0), [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------------------- a CSV with a second kind of record in it
def _two_record_kinds(path, epochs, summary_every=True, jitter=None):
    lines = ["Epoch,Batch,Loss"]
    rng = np.random.default_rng(epochs)
    for e in range(1, epochs + 1):
        for b in range(1, 501, 100):
            lines.append(f"{e},{b},{2.0 / e + rng.normal(0, 0.01):.4f}")
        if summary_every:
            lines.append(f"{e},summary,{2.0 / e:.4f},{1 - 1 / (e + 1):.4f},6986")
    if jitter:
        for i in jitter:  # torn writes: wider rows of varying widths at no rhythm
            lines.insert(i, "3,1,0.5,0.4" + ",9" * (i % 3))
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("epochs", [4, 10, 30])
def test_a_summary_row_written_once_an_epoch_under_a_narrower_header_is_a_record_kind_not_damage(epochs, tmp_path):
    rr = curvedoc.diagnose(str(_two_record_kinds(tmp_path / "log.csv", epochs))).runs[0]
    assert "damaged-log" not in _names(rr), [(f.name, f.message) for f in rr.findings]
    # said, never dropped silently: as many rows of the other kind as epochs, an info
    said = [i for i in rr.issues if i.kind == "other-record-kind"]
    assert said and said[0].count == epochs and said[0].severity == "info", rr.issues


def test_wider_rows_of_varying_width_at_no_rhythm_are_still_damage(tmp_path):
    rr = curvedoc.diagnose(str(_two_record_kinds(tmp_path / "log.csv", 10, summary_every=False,
                                                 jitter=[3, 4, 17, 40]))).runs[0]
    assert "damaged-log" in _names(rr), [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------------ a plateau scheduler at its min_lr is a missing early stop
def _plateau_scheduled(seed, factor, step_period=None, n=120):
    """An LR cut by ``factor`` whenever the (validation) loss stalls for a few epochs -- uneven intervals, 4-8
    cuts down to a min_lr it then stays at -- or, with ``step_period``, a step schedule cutting every that many
    epochs. The loss converges."""
    rng = np.random.default_rng(seed)
    lr = np.empty(n)
    cur, floor = 1e-3, 1e-3 * factor ** int(rng.integers(4, {0.5: 9, 0.2: 7, 0.1: 6}[factor]))  # min_lr 1e-7+
    nxt = step_period or int(rng.integers(8, 16))
    for i in range(n):
        if i == nxt and cur > floor:
            cur = max(cur * factor, floor)
            nxt = i + (step_period or int(rng.choice([4, 5, 6, 7, 9, 12])))
        lr[i] = cur
    e = np.arange(n)
    loss = 0.02 + 0.01 * np.exp(-e / 15) + rng.normal(0, 2e-5, n)
    return make_run(train_loss=loss, val_loss=loss * 1.02 + rng.normal(0, 2e-5, n), lr=lr)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("factor", [0.5, 0.2, 0.1])
def test_an_lr_cut_on_plateaus_down_to_its_min_lr_is_told_as_info(seed, factor):
    hits = run_detector("schedule-ended-early", _plateau_scheduled(seed, factor))
    assert all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("seed", range(3))
def test_a_step_schedule_cutting_at_a_fixed_period_that_ends_early_still_warns(seed):
    # the same number of cuts at a fixed period: a step schedule sized for a shorter run (StepLR(step_size=8))
    hits = run_detector("schedule-ended-early", _plateau_scheduled(seed, 0.5, step_period=8))
    assert hits and hits[0].severity is None, [(h.severity, h.message) for h in hits]


# -------------------------------------------- a Lightning CSV killed in its second or third epoch
def _lightning_csv(tmp_path, seed, complete, killed):
    """Lightning's CSVLogger: train_loss_step every `every` steps from step every-1, one row per epoch end with
    train_loss_epoch and val_loss; ``complete`` epochs written whole, then (``killed``) part of the next one."""
    rng = np.random.default_rng(seed)
    per = int(rng.integers(200, 1000))
    every = int(rng.choice([10, 25, 50]))
    rows = ["epoch,step,train_loss_epoch,train_loss_step,val_loss"]
    upto = complete + (1 if killed else 0)
    stop = int(per * rng.uniform(0.3, 0.9))
    for e in range(upto):
        for st in range(e * per, (e + 1) * per):
            if killed and e == complete and st - e * per > stop:
                break
            if (st + 1) % every == 0:
                rows.append(f"{e},{st},,{0.8 / (1 + st / per) + rng.normal(0, 0.02):.4f},")
        if e < complete:
            rows.append(f"{e},{(e + 1) * per - 1},{0.8 / (1 + e):.4f},,{0.85 / (1 + e):.4f}")
    d = tmp_path / f"version_{seed}_{complete}_{killed}"
    d.mkdir()
    (d / "metrics.csv").write_text("\n".join(rows) + "\n")
    return d


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("complete", [1, 2])
@pytest.mark.parametrize("killed", [True, False])
def test_a_lightning_csv_killed_after_one_or_two_complete_epochs_ends_inside_the_next(seed, complete, killed, tmp_path):
    # one epoch-end summary already shows the habit: Lightning writes its on_epoch values at every epoch's end
    rr = curvedoc.diagnose(str(_lightning_csv(tmp_path, seed, complete, killed))).runs[0]
    said = [f for f in rr.findings if f.name == "unfinished-schedule" and "inside epoch" in f.message]
    assert bool(said) == killed, [(f.name, f.message) for f in rr.findings]


# ------------------------------- a binary model after a blow-up scoring the two class shares averaged over batches
@pytest.mark.parametrize("seed", range(8))
def test_two_class_shares_averaged_over_batches_still_read_as_a_constant_predictor(seed):
    # Lightning's val_acc is a mean of per-batch accuracies: the last, smaller batch weighs as a full one, so the two
    # shares a constant predictor scores sum to 1 within a few tenths of a point (0.35625 + 0.6475), not exactly
    rng = np.random.default_rng(seed)
    q = round(float(rng.uniform(0.55, 0.7)), 4)
    other = round(1.0 - q + float(rng.uniform(-0.006, 0.006)), 5)
    n_ev = int(rng.integers(6, 14))
    per = 47
    steps = np.arange(4, per * n_ev, 5)
    loss = 0.7 + np.abs(rng.normal(0, 0.15, len(steps)))
    loss[8] = 10.0 ** float(rng.uniform(6, 20))  # SGD at lr 10: the blow-up, then the prior
    ev = np.arange(1, n_ev + 1) * per - 1
    acc = np.where(rng.random(n_ev) < 0.6, q, other)
    acc[:2] = [other, q]
    run = make_run(train_loss=(steps, loss), val_loss=(ev, 0.7 + np.abs(rng.normal(0, 0.2, n_ev))),
                   val_acc=(ev, acc))
    hits = run_detector("plateau-at-chance", run)
    assert hits, (q, other, acc)


# --------------------------------------------- a lone lucky evaluation is no best a metric regressed from
def _heavy_tailed_rewards(seed):
    """Episode rewards of an agent that neither improves nor worsens: a heavy-tailed scatter (a rare big win) over
    6-19 evaluations, sign changes included."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 20))
    r = 500.0 + 600.0 * rng.standard_t(2, n)
    return make_run(**{"rollout/step_rewards": (np.arange(1, n + 1) * 10 - 1, r)})


def test_a_lone_lucky_evaluation_of_a_heavy_tailed_reward_is_no_regression():
    # a lone evaluation far above both its neighbours was 'the best' 28 times in 200 (14%); what remains (~4%) is
    # heavy tails on both sides (a lucky pair, two disasters at the end), which 6-19 evaluations cannot tell apart
    fired = [seed for seed in range(200) if run_detector("metric-regression", _heavy_tailed_rewards(seed))]
    assert len(fired) <= 12, f"{len(fired)} of 200 reward scatters called a regression: {fired[:8]}"


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("shape", ["gradual", "collapse"])
def test_a_metric_that_held_its_best_before_falling_still_regresses(seed, shape):
    # 8-16 evaluations: an accuracy that rose, held its best for a neighbour at least, then fell gradually or
    # collapsed at once (an LR spike late in the run)
    rng = np.random.default_rng(seed)
    n = int(rng.integers(8, 17))
    peak = n // 2
    x = np.arange(n)
    acc = 0.85 - 0.3 * np.exp(-x / 2.0)
    if shape == "gradual":
        acc[peak:] -= 0.04 * (x[peak:] - peak)
    else:
        acc[peak + 1:] = 0.3
    acc += rng.normal(0, 0.005, n)
    run = make_run(train_loss=np.linspace(1.0, 0.2, 10 * n), val_acc=(x * 10 + 9, acc))
    assert run_detector("metric-regression", run), acc


# ------------------------------------ a pre-clip norm that grew under a known clipping threshold, loss unmoved
def _growing_norm(seed, growth, source="hf-trainer-state", hparams=None):
    """A classifier fine-tune logged every 5 of 400-1500 steps: the loss falls steadily from the first step, the
    gradient norm (measured before clipping) grows ``growth``-fold after the first fifth and stays there."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(80, 300))
    st = np.arange(1, n + 1) * 5
    x = np.arange(n) / n
    loss = (0.7 * np.exp(-x * 2.0) + 0.15) * np.exp(rng.normal(0, 0.05, n))
    gn = 0.3 * np.where(x > 0.2, np.minimum(growth, np.exp((x - 0.2) * 12.0)), 1.0) * np.exp(rng.normal(0, 0.1, n))
    return make_run(source=source, train_loss=(st, loss), grad_norm=(st, gn), hparams=hparams)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("growth", [12.0, 40.0])
def test_a_pre_clip_norm_growing_under_hf_default_clipping_with_the_loss_falling_is_info(seed, growth):
    hits = run_detector("exploding-gradients", _growing_norm(seed, growth))
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]
    # a threshold the hyperparameters state holds the same way; clipping switched off does not
    hits = run_detector("exploding-gradients", _growing_norm(seed, growth, "tensorboard", {"gradient_clip_val": 0.5}))
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]
    hits = run_detector("exploding-gradients", _growing_norm(seed, growth, "hf-trainer-state", {"max_grad_norm": 0}))
    assert hits and hits[0].severity == "warning", [(h.severity, h.message) for h in hits]
    hits = run_detector("exploding-gradients", _growing_norm(seed, growth, "tensorboard"))
    assert hits and hits[0].severity == "warning", [(h.severity, h.message) for h in hits]


# ---------------------------- the untrained model's first loss at log K' refutes a K read from an accuracy at 1/K
@pytest.mark.parametrize("seed", range(6))
def test_a_first_loss_at_log_10_refutes_a_k_of_3_read_from_a_token_accuracy_near_a_third(seed):
    # a seq2seq over ten digits: its first loss is log 10 (uniform over the digits), an LR far too high throws it
    # up, and its token accuracy then sits near 1/3 (the input-free baseline) -- the first loss is not '2x log 3'
    rng = np.random.default_rng(seed)
    n = int(rng.integers(150, 400))
    loss = 1.6 + 0.3 * rng.random(n)
    loss[0] = np.log(10) * (1 + rng.uniform(-0.004, 0.004))
    loss[1:4] = [3.2, 7.5, 4.0]
    ev = np.arange(50, n, 50)
    acc = 0.33 + rng.uniform(-0.04, 0.04, len(ev))
    run = make_run(train_loss=loss, val_acc=(ev, acc), val_loss=(ev, 1.7 + 0.1 * rng.random(len(ev))))
    assert not [h for h in run_detector("initial-loss-off", run) if h.severity != "info"]
    # the same run whose first loss is 2.6x log 10 with the accuracy at 1/10 still starts far too high
    loss[0] = 2.6 * np.log(10)
    loss[1:4] = [4.5, 3.5, 2.8]  # a bad start coming down, no blow-up
    run = make_run(train_loss=loss, val_acc=(ev, 0.1 + rng.uniform(-0.004, 0.004, len(ev))),
                   val_loss=(ev, 2.3 + 0.01 * rng.random(len(ev))))
    assert run_detector("initial-loss-off", run)


# -------------------------------------- a detector evaluated 1-3 times with every held-out score at its floor
@pytest.mark.parametrize("rows", [1, 2, 3])
@pytest.mark.parametrize("best", [0.0004, 0.03, 0.3])
def test_a_detector_at_its_floor_after_one_to_three_evaluations_is_said_as_info(rows, best, tmp_path):
    # a 1-3 epoch Ultralytics run (a first try, a smoke test) whose mAP never left 0: 'not assessed' alone hides
    # that nothing useful was learned; an mAP that left the floor at any evaluation says nothing of the kind
    run = tmp_path / f"train-{rows}-{best}"
    run.mkdir()
    lines = ["epoch,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
             "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2"]
    for e in range(1, rows + 1):
        m = best * e / rows
        lines.append(f"{e},{2.0 - 0.1 * e:.3f},{4.0 - 0.2 * e:.3f},1.6,0.01,0.1,{m:.5f},{m / 2:.5f},2.1,4.2,1.7,"
                     "0.001,0.001,0.001")
    (run / "results.csv").write_text("\n".join(lines) + "\n")
    rr = curvedoc.diagnose(str(run)).runs[0]
    said = [f for f in rr.findings if f.name == "underfitting"]
    if best < 0.1:
        assert said and said[0].severity == "info" and "floor" in said[0].message, [(f.name, f.message) for f in rr.findings]
    else:
        assert not said, [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------ a validation loss that is the same number at every evaluation
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("with_train", [True, False])
def test_a_validation_loss_the_same_at_every_evaluation_is_a_constant_loss(seed, with_train):
    # an optimizer that never steps (SGD at 1e-5 on a matrix factorisation: val_mse 1.196152, 1.196153, ...), or an
    # evaluation of a stale checkpoint; with a noisy training loss beside it or none logged at all
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 60))
    ev = np.arange(n) * int(rng.choice([1, 100, 627]))
    level = float(rng.choice([0.0537, 1.196, 17.3, 615.28]))  # (a level at log K is plateau-at-chance's reading)
    val = level * (1 + np.cumsum(np.full(n, 1e-6)))
    tags = {"val_loss": (ev, val)}
    if with_train:
        tags["train_loss"] = (ev, level * (1 + rng.normal(0, 0.01, n)))
    hits = run_detector("constant-loss", make_run(**tags))
    # (a training loss flat within its noise beside it may be the reading given first: either says it)
    assert hits and (with_train or "val_loss" in hits[0].message), [h.message for h in hits]


@pytest.mark.parametrize("seed", range(6))
def test_a_validation_loss_that_moves_a_little_or_was_evaluated_only_late_is_no_constant_loss(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 40))
    ev = np.arange(1, n + 1) * 100
    train = 1.0 * np.exp(-np.arange(n * 10) / (n * 3)) + 0.2
    # a converged fine-tune: its validation loss still moves by a few thousandths
    val = 0.35 * (1 + 0.004 * np.sin(np.arange(n)) + rng.normal(0, 0.002, n))
    assert not run_detector("constant-loss", make_run(train_loss=train, val_loss=(ev, val)))
    # the same number at evaluations that begin only in the last part of a long run: a converged stretch
    late = np.arange(1, 6) * 10 + n * 10 - 60
    assert not run_detector("constant-loss", make_run(train_loss=train, val_loss=(late, np.full(5, 0.35))))


# ------------------------------------------------ a loss at log K at each of its few logged points
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [2, 10, 50257])
def test_a_loss_at_log_k_at_each_of_two_to_seven_points_is_said_as_chance_so_far(seed, k):
    # an HF run logging every 500 of 1,293 steps: 0.696 and 0.700 -- at a uniform guess at every point it shows
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 8))
    loss = np.log(k) * (1 + rng.uniform(-0.012, 0.012, n))
    hits = run_detector("plateau-at-chance", make_run(train_loss=(np.arange(1, n + 1) * 500, loss)))
    assert hits and hits[0].severity == "info", [(h.severity, h.message) for h in hits]
    # an accuracy that left chance beside it (a classifier at 0.965 whose margins are still small) says otherwise;
    # a loss off every round log K says nothing
    acc = run_detector("plateau-at-chance", make_run(train_loss=(np.arange(1, n + 1) * 500, loss),
                                                      eval_accuracy=([n * 500], [0.965])))
    assert not acc, [h.message for h in acc]
    off = run_detector("plateau-at-chance", make_run(train_loss=(np.arange(1, n + 1) * 500, loss * 1.25)))
    assert not off, [h.message for h in off]
