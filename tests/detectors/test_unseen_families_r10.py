"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), tenth round.

Each family is drawn from a generative description (format, length, plan, logging interval), never from a visible
run; every member must get the verdict the family stands for, and the healthy twin must not.
"""

from __future__ import annotations

import numpy as np
import pytest

import curvedoc
from _helpers import make_run, run_detector


def _names(rr):
    return {f.name for f in rr.findings}


# ------------------------------------------ a run of two epochs that ended inside its warmup, in any LR group
def _yolov5_two_epochs(path, lr0, bias_start, group_named, seed):
    # YOLOv5's warmup read at the end of each epoch: the weights' groups rise linearly from 0 (a, 2a), the bias group
    # falls from warmup_bias_lr towards lr0; which group the columns name first varies between versions
    rng = np.random.default_rng(seed)
    a = lr0 / 3.0
    head = ("epoch,train/box_loss,train/obj_loss,train/cls_loss,metrics/precision,metrics/recall,metrics/mAP_0.5,"
            "metrics/mAP_0.5:0.95,val/box_loss,val/obj_loss,val/cls_loss,x/lr0,x/lr1,x/lr2")
    rows = [head]
    for e in range(2):
        w = np.float32(a * (e + 1))
        b = np.float32(bias_start - (bias_start - lr0) * (e + 1) / 3.0)
        groups = (b, w, w) if group_named == "bias-first" else (w, w, b)
        rows.append(f"{e},{0.11 - 0.02 * e + rng.normal(0, 0.002):.5f},0.041,0,{0.04 + 0.2 * e:.4f},0.05,"
                    f"{0.01 + 0.09 * e:.5f},0.003,0.09,0.03,0,{groups[0]:.6g},{groups[1]:.6g},{groups[2]:.6g}")
    path.mkdir()
    (path / "results.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("lr0", [1e-3, 1e-2])
@pytest.mark.parametrize("group_named", ["bias-first", "weights-first"])
@pytest.mark.parametrize("seed", [0, 1])
def test_two_epochs_whose_weights_lr_doubled_from_the_first_ended_inside_their_warmup(lr0, group_named, seed, tmp_path):
    # nothing but a warmup doubles an LR between two equal intervals; the bias group warming *down* from 0.1 must
    # not hide it when the role picks that column
    d = tmp_path / f"exp-{lr0}-{group_named}-{seed}"
    _yolov5_two_epochs(d, lr0, 0.1, group_named, seed)
    rr = curvedoc.diagnose(str(d)).runs[0]
    f = [f for f in rr.findings if f.name == "unfinished-schedule"]
    assert f, [(f.name, f.message) for f in rr.findings]
    assert "x/lr" in f[0].message, f[0].message  # names the series it read


@pytest.mark.parametrize("lr", [[1e-3, 1.5e-3], [1e-3, 3e-3], [2e-3, 1e-3], [1e-3, 1e-3], [1e-3, 2.2e-3]])
def test_two_lr_points_that_do_not_double_say_no_warmup(lr):
    # a rise short of double, a tripling (a range test's geometric climb), a fall, a constant, a rise past double
    run = make_run(train_loss=np.array([1.0, 0.8]), lr=np.array(lr))
    assert not run_detector("unfinished-schedule", run)


def test_two_lr_points_from_zero_are_a_warmup_and_a_sibling_group_is_read_only_when_it_is_a_group():
    run = make_run(train_loss=np.array([1.0, 0.8]), lr=np.array([0.0, 1e-4]))
    assert run_detector("unfinished-schedule", run)
    # a tag that merely shares the LR's words is no parameter group: 'lr_scale' doubling says nothing
    other = make_run(train_loss=np.array([1.0, 0.8]), lr=np.array([1e-3, 1e-3]), lr_scale=np.array([1.0, 2.0]))
    assert not run_detector("unfinished-schedule", other)


# ------------------------------------------------------ one epoch logged of a plan of two or more, said in the log
@pytest.mark.parametrize("planned", [2, 3, 30])
@pytest.mark.parametrize("first", [0, 1])
def test_a_log_that_printed_only_its_first_epoch_of_a_plan_stopped_after_one_epoch(planned, first, tmp_path):
    # a script that says its plan, prints one epoch line and ends: the first epoch a counter gives (0 or 1) is one
    # epoch done, however the counter counts
    log = tmp_path / "train.log"
    log.write_text(f"Loading data...\nStarting training for {planned} epochs\n"
                   f"Epoch {first}/{planned} - Loss: 0.97655\n")
    rr = curvedoc.diagnose(str(log)).runs[0]
    assert "unfinished-schedule" in _names(rr), [(f.name, f.message) for f in rr.findings]


def test_a_log_that_finished_its_one_planned_epoch_is_not_unfinished(tmp_path):
    log = tmp_path / "train.log"
    log.write_text("Starting training for 1 epochs\nEpoch 1/1 - Loss: 0.97655\n")
    rr = curvedoc.diagnose(str(log)).runs[0]
    assert "unfinished-schedule" not in _names(rr), [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------- a K read from one first reading of a loss nothing else names
@pytest.mark.parametrize("start", [0.70, 1.10, 1.62, 2.25, 4.55])
@pytest.mark.parametrize("seed", [0, 1])
def test_a_loss_of_unknown_kind_that_starts_near_some_log_k_and_falls_little_is_underfitting_as_info_only(start, seed):
    # an SFT demo's per-step loss: it starts wherever the pretrained model is (here near log 2 ... log 100 by
    # coincidence), falls ~10% and stays noisy; nothing says it is a K-way cross-entropy
    rng = np.random.default_rng(seed)
    n = 60
    loss = start * (1.0 - 0.1 * (1 - np.exp(-np.arange(n) / 8.0))) * (1 + rng.normal(0, 0.05, n))
    loss[0] = start
    run = make_run(train_loss=loss, steps=np.arange(1, n + 1))
    hits = run_detector("underfitting", run)
    assert all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("seed", [0, 1])
def test_a_first_loss_at_log_k_beside_a_poor_accuracy_is_still_an_underfitting_warning(seed):
    rng = np.random.default_rng(seed)
    n = 60
    loss = np.log(10) * (1.0 - 0.1 * (1 - np.exp(-np.arange(n) / 8.0))) * (1 + rng.normal(0, 0.02, n))
    acc = 0.1 + 0.12 * (1 - np.exp(-np.arange(n) / 8.0)) + rng.normal(0, 0.01, n)
    run = make_run(train_loss=loss, train_acc=acc, steps=np.arange(1, n + 1))
    hits = run_detector("underfitting", run)
    assert hits and all(h.severity is None for h in hits), [(h.severity, h.message) for h in hits]


# --------------------------------------- a converged per-step loss's one-batch jumps, small in the curve's own units
def _converged_with_jumps(seed, jump_to, n=2000):
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    loss = 0.7 * np.exp(-t / 150.0) + 5e-4
    loss = loss * np.exp(rng.normal(0, 0.15, n))
    at = rng.choice(np.arange(600, n - 50), size=3, replace=False)
    loss[at] = jump_to  # one hard batch each, back at the next reading
    return loss


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_one_batch_jumps_of_a_converged_loss_that_undo_little_of_its_progress_are_info(seed):
    run = make_run(train_loss=_converged_with_jumps(seed, 0.07))
    hits = run_detector("loss-spikes", run)
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_one_batch_jumps_that_throw_the_loss_back_near_its_start_stay_a_warning(seed):
    run = make_run(train_loss=_converged_with_jumps(seed, 0.5))
    hits = run_detector("loss-spikes", run)
    assert hits and any(h.severity is None for h in hits), [(h.severity, h.message) for h in hits]


# ------------------------------------- an epoch staircase far below the curve's height (a memorising fine-tune)
def _staircase(seed, step_size, epochs=30, per_epoch=40, floor=0.02, start=4.0):
    rng = np.random.default_rng(seed)
    n = epochs * per_epoch
    t = np.arange(n)
    base = floor + (start - floor) * np.exp(-t / 60.0)
    # the loss creeps up through each epoch and drops back at the boundary, by step_size (relative)
    within = np.tile(np.linspace(0.0, step_size, per_epoch), epochs)
    loss = base * np.exp(within) * np.exp(rng.normal(0, 0.05, n))
    return loss, np.repeat(np.arange(epochs), per_epoch)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_staircase_of_a_loss_memorised_far_below_its_start_is_info(seed):
    loss, epoch = _staircase(seed, 0.25)
    hits = run_detector("epoch-boundary-jumps", make_run(train_loss=loss, epoch=epoch.astype(float)))
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_staircase_as_tall_as_a_good_part_of_the_progress_still_warns(seed):
    loss, epoch = _staircase(seed, 0.6, floor=1.5, start=2.5)
    hits = run_detector("epoch-boundary-jumps", make_run(train_loss=loss, epoch=epoch.astype(float)))
    assert hits and any(h.severity is None for h in hits), [(h.severity, h.message) for h in hits]


# ---------------------------------- a summed loss with a large irreducible part, creeping under its scatter
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_summed_loss_creeping_down_within_1e3_of_its_level_is_not_frozen(seed):
    # a VAE's summed ELBO: 1,008 -> 995.5 early, then 995.4 -> 994.9 under a small minibatch scatter (the whole
    # stretch within 1e-3 of its level, both ways from point to point)
    rng = np.random.default_rng(seed)
    n = 240
    t = np.arange(n)
    loss = 994.9 + 13.0 * np.exp(-t / 6.0) + 0.5 * (1 - t / n) + rng.normal(0, 0.05, n)
    hits = run_detector("constant-loss", make_run(train_loss=loss, steps=t * 50 + 49))
    assert not [h for h in hits if "frozen" in h.message], [h.message for h in hits]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_model_collapsed_to_its_prior_drifting_by_1e4_is_still_frozen(seed):
    rng = np.random.default_rng(seed)
    n = 400
    loss = np.concatenate([np.linspace(5.0, 1.2, 40), 1.08311 + np.linspace(0, -1e-4, n - 40)
                           + rng.normal(0, 2e-5, n - 40)])
    hits = run_detector("constant-loss", make_run(train_loss=loss))
    assert hits and "frozen" in hits[0].message, [h.message for h in hits]


# -------------------------------------- three plateau cuts, the last clipped at min_lr, vs a three-milestone step
def _three_cuts(seed, last_clipped):
    rng = np.random.default_rng(seed)
    n = 60
    at = sorted(rng.choice(np.arange(6, 40), size=3, replace=False))
    while np.diff(at).max() < 1.5 * np.diff(at).min():
        at = sorted(rng.choice(np.arange(6, 40), size=3, replace=False))
    lr = np.full(n, 1e-3)
    for k, i in enumerate(at):
        lr[i:] = 1e-3 * 0.2 ** (k + 1)
    if last_clipped:
        lr[at[2]:] = 1e-5  # 4e-5 x 0.2 = 8e-6, clipped at min_lr 1e-5
    e = np.arange(n)
    loss = 0.7 + 1.0 * np.exp(-e / 12) + rng.normal(0, 0.004, n)
    return make_run(train_loss=loss, val_loss=loss * 1.02, lr=lr)


@pytest.mark.parametrize("seed", range(4))
def test_three_plateau_cuts_whose_last_is_clipped_at_min_lr_are_info(seed):
    hits = run_detector("schedule-ended-early", _three_cuts(seed, True))
    assert all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("seed", range(4))
def test_three_equal_cuts_at_milestones_are_still_judged_as_a_step_schedule(seed):
    hits_clipped = run_detector("schedule-ended-early", _three_cuts(seed, True))
    hits_step = run_detector("schedule-ended-early", _three_cuts(seed, False))
    # the step schedule is never read as a plateau scheduler (its message does not say so)
    assert not any("same factor" in h.message for h in hits_step), [h.message for h in hits_step]
    assert all("same factor" in h.message for h in hits_clipped if h.severity == "info")
