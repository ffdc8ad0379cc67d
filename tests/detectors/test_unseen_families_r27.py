"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-seventh round.

- A regression trained with SGD at lr 2 (or cast to fp16 with Adam) logs NaN for its loss and its gradient norm from
  the first reading on: the run diverged, and exploding-gradients added an error of its own for the norm. A NaN loss
  back-propagates NaN into every gradient: a norm that turned NaN with no growth before it, at or after the step the
  loss did, echoes the loss's breakdown and is told as info beside divergence. A norm that broke first, or grew by
  orders of magnitude first, is the evidence and stays an error. Seen in 2026-12-29nu33 tide-sgd-lr-2 and
  tide-fp16-adam (labelled divergence only).
- A print log naming its splits 'train' and 'holdout' ('pass 3 | train 0.79 | holdout 0.67 | acc 0.79') had its
  held-out loss and the accuracy after it left unread, its 'pass' counter read as a metric and its plan ('40 passes')
  not read: a job killed at pass 14 of 40 passed as healthy and complete. The held-out split by its own name is a
  split word as 'val' is, a pass over the data is an epoch. Seen in 2026-12-28nu32 lattice_mlp_sigkill.
- ... and with the held-out loss named as one, the training objective named as such ('objective 1.61 heldout 1.65')
  is the training loss still: the log names no training loss.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run, run_detector, severities_by_name

from curvedoc.importers.textlog import read_text_log


# --- a gradient norm NaN because the loss is -------------------------------------------------------------------------

def _nan_run(n: int, loss_from: int, norm_from: int, *, grow: bool = False, seed: int = 0):
    rng = np.random.default_rng(seed)
    steps = np.arange(n) * 10
    loss = 1.0 * np.exp(-np.arange(n) / n) + rng.normal(0, 0.02, n)
    loss[loss_from:] = np.nan
    norm = np.abs(1.0 + rng.normal(0, 0.1, n))
    if grow:
        norm[max(0, norm_from - 8):norm_from] *= np.logspace(1, 6, min(8, norm_from))
    norm[norm_from:] = np.nan
    return make_run(steps=steps, train_loss=loss, grad_norm=norm, lr=np.full(n, 2.0))


@pytest.mark.parametrize("n", [30, 81, 300])
@pytest.mark.parametrize("lag", [0, 1, 3])
def test_a_norm_that_turned_nan_with_or_after_the_loss_echoes_it(n, lag):
    for at in (0, n // 3):
        hits = run_detector("exploding-gradients", _nan_run(n, at, at + lag))
        assert hits and all(h.severity == "info" for h in hits), (at, [(h.severity, h.message) for h in hits])
        assert "echoes the loss" in hits[0].message


@pytest.mark.parametrize("n", [30, 81, 300])
def test_a_norm_that_turned_nan_before_the_loss_is_the_evidence(n):
    hits = run_detector("exploding-gradients", _nan_run(n, n // 2, n // 3))
    assert hits and hits[0].severity in (None, "error", "warning"), [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("n", [60, 300])
def test_a_norm_that_grew_by_orders_before_turning_nan_stays_an_explosion(n):
    hits = run_detector("exploding-gradients", _nan_run(n, n // 2, n // 2, grow=True))
    assert hits and hits[0].severity in (None, "error"), [(h.severity, h.message) for h in hits]


def test_a_norm_nan_from_the_first_reading_beside_a_finite_loss_is_an_error():
    hits = run_detector("exploding-gradients", _nan_run(40, 40, 0))
    assert hits and hits[0].severity in (None, "error")


def test_a_run_nan_everywhere_reports_divergence_and_the_norm_as_its_echo(tmp_path):
    rows = ["step,train_loss,grad_norm,lr"] + [f"{s},nan,nan,2.0" for s in range(10, 820, 10)]
    (tmp_path / "metrics.csv").write_text("\n".join(rows) + "\n")
    sev = severities_by_name(tmp_path)
    assert sev.get("divergence") == "error" and sev.get("exploding-gradients") == "info", sev


# --- the held-out split by its own name; a pass over the data ---------------------------------------------------------

def _lattice(tmp_path, held: str, n: int, planned: int, clock: str = "pass"):
    lines = [f"2026-11-30 18:45:48,667 INFO fit | start lattice on lattice: lr 0.001, {planned} {clock}es"
             if clock == "pass" else f"start: lr 0.001, {planned} {clock}s"]
    for e in range(1, n + 1):
        lines.append(f"2026-11-30 18:45:48,742 INFO fit | {clock} {e} | train {1.5 / e ** 0.5:.5f} | {held} "
                     f"{1.4 / e ** 0.45:.5f} | acc {min(0.95, 0.5 + 0.03 * e):.4f} | lr 0.001")
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return p


@pytest.mark.parametrize("held", ["holdout", "heldout", "held-out", "hold-out"])
@pytest.mark.parametrize("n", [5, 14, 30])
def test_the_held_out_split_by_its_own_name_is_a_split(tmp_path, held, n):
    rd = read_text_log(_lattice(tmp_path, held, n, 40))
    tags = {str(t): len(g) for t, g in rd.frame.groupby("tag", observed=True)}
    assert tags.get(f"{held} loss") == n and tags.get(f"{held} acc") == n, tags
    assert "pass" not in tags and tags.get("epoch") == n, tags


@pytest.mark.parametrize("n,planned", [(14, 40), (8, 30)])
def test_a_killed_pass_loop_short_of_its_plan_is_told(tmp_path, n, planned):
    _lattice(tmp_path, "holdout", n, planned)
    sev = severities_by_name(tmp_path)
    assert "crashed-run" in sev and "unfinished-schedule" in sev, sev


def test_a_pass_loop_that_reached_its_plan_is_not_unfinished(tmp_path):
    _lattice(tmp_path, "holdout", 20, 20)
    import curvedoc

    found = [(f.name, f.message) for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings]
    assert not any(n == "crashed-run" or "planned" in m for n, m in found), found


@pytest.mark.parametrize("line", ["epoch 3 loss 0.25 pass@1: 0.35", "epoch 3 loss 0.25 pass: 0.35",
                                  "forward pass 3 took 0.12 s; epoch 3 loss 0.25"])
def test_pass_as_a_score_or_in_prose_is_no_epoch(tmp_path, line):
    p = tmp_path / "log.txt"
    p.write_text("\n".join(line.replace("epoch 3", f"epoch {e}") for e in range(6)) + "\n")
    tags = {str(t): len(g) for t, g in read_text_log(p).frame.groupby("tag", observed=True)}
    assert tags.get("loss") == 6 and tags.get("epoch") == 6, tags


def test_paddle_pairs_around_a_dict_are_the_records_too(tmp_path):
    lines = []
    for e in range(5):
        for b in (0, 100, 200):
            lines.append(f"Pass {e}, Batch {b}, Cost {2.0 / (1 + e + b / 100):.6f}, "
                         f"{{'classification_error_evaluator': {0.5 / (1 + e + b / 300):.6f}}}")
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    tags = {str(t): len(g) for t, g in read_text_log(p).frame.groupby("tag", observed=True)}
    assert tags.get("Cost") == 15 and tags.get("classification_error_evaluator") == 15 and tags.get("epoch") == 15, tags


@pytest.mark.parametrize("held", ["heldout", "holdout"])
def test_the_objective_beside_a_named_held_out_loss_is_the_training_loss(tmp_path, held):
    lines = ["=== run: mlp, adam lr=0.002, 30 epochs, batch 64 ==="]
    for r in range(1, 31):
        lines.append(f"INFO beer: round {r} -> objective {1.6 / r ** 0.3:.4f} {held} {1.65 / r ** 0.25:.4f} "
                     f"hit-rate {0.1 + 0.02 * r:.4f}")
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    import curvedoc

    rr = curvedoc.diagnose(str(tmp_path)).runs[0]
    assert rr.roles.get("train_loss") == "objective" and rr.roles.get("val_loss") == f"{held} loss", rr.roles


# --- an LR of 1 or more at the blow-up names the LR first ------------------------------------------------------------

@pytest.mark.parametrize("lr", [1.0, 2.0, 30.0])
@pytest.mark.parametrize("nan_from", [0, 12])
def test_a_blow_up_at_an_lr_of_one_or_more_names_the_lr_first(lr, nan_from):
    run = _nan_run(60, nan_from, 60)
    run = make_run(steps=np.arange(60) * 10, train_loss=run.tag_values("train_loss"), lr=np.full(60, lr))
    hits = run_detector("divergence", run)
    assert hits and hits[0].causes[0] == "lr-too-high", [(h.message, h.causes) for h in hits]


def test_a_nan_from_the_start_at_an_ordinary_lr_keeps_its_numerical_reading():
    run = _nan_run(60, 0, 60)
    run = make_run(steps=np.arange(60) * 10, train_loss=run.tag_values("train_loss"), lr=np.full(60, 1e-3))
    hits = run_detector("divergence", run)
    assert hits and hits[0].causes[0] == "numerical-instability", [(h.message, h.causes) for h in hits]


@pytest.mark.parametrize("first", [[68.0, 8.6e3, 2.1e7], [2.69e7], [1.0, 1.2]])
def test_a_norm_with_too_few_or_rising_readings_before_the_nan_stays_the_evidence(first):
    # (a ReLU RNN without clipping: gnorm 68 -> 8.6e3 -> 2.1e7, then NaN with the loss -- 2026-12-24nu28
    # desc_relu_rnn_noclip, labelled exploding_gradients -- or one reading of 2.7e7 before it: too few to show a
    # level norm)
    n = 60
    k = len(first)
    loss = np.r_[np.linspace(3.4, 9e10, k), np.full(n - k, np.nan)]
    norm = np.r_[first, np.full(n - k, np.nan)]
    hits = run_detector("exploding-gradients", make_run(train_loss=loss, grad_norm=norm, lr=np.full(n, 0.05)))
    assert hits and hits[0].severity in (None, "error"), [(h.severity, h.message) for h in hits]


@pytest.mark.parametrize("said", ["patience exhausted at epoch {e}, best heldout 0.0150", "Ran out of patience at {e}",
                                  "patience reached, stopping"])
def test_a_stopping_rule_said_as_its_patience_running_out_ended_the_run(tmp_path, said):
    # (2026-12-21nu25 delivery_mlp_earlystop: 'config: epochs=150', 'pass 27/150 ..', 'patience exhausted at epoch 27')
    lines = ["config: epochs=150"] + [f"pass {e}/150  fit_loss={0.4 / e:.5f}  holdout_loss={0.5 / e ** 0.5:.5f}"
                                      for e in range(1, 28)] + [said.format(e=27)]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    import curvedoc

    found = [(f.name, f.message) for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings]
    assert not any(n in ("crashed-run", "unfinished-schedule") and "planned" in m for n, m in found), found


# --- a run short of its plan that its own early-stopping patience cannot have ended ----------------------------------

_YOLO_HEAD = ("epoch,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
              "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2")


def _yolo_stopped(tmp_path, done: int, planned: int, patience: int, peak_at: int | None = None):
    rows = [_YOLO_HEAD]
    for e in range(1, done + 1):
        x = e / planned
        q = x if peak_at is None else (x if e <= peak_at else peak_at / planned - 0.2 * (e - peak_at) / planned)
        m50 = 0.1 + 0.8 * q
        lr = 0.01 * (1 - x) + 1e-4
        rows.append(f"{e},{1.4 - 0.6 * x:.5f},{2.4 - 1.2 * x:.5f},{1.5 - 0.3 * x:.5f},{0.5 + 0.3 * q:.5f},"
                    f"{0.4 + 0.3 * q:.5f},{m50:.5f},{0.6 * m50:.5f},{1.5 - 0.4 * q:.5f},{2.0 - 0.8 * q:.5f},"
                    f"{1.6 - 0.3 * q:.5f},{lr:.6f},{lr:.6f},{lr:.6f}")
    (tmp_path / "results.csv").write_text("\n".join(rows) + "\n")
    (tmp_path / "args.yaml").write_text(f"task: detect\nmode: train\nepochs: {planned}\npatience: {patience}\n")


@pytest.mark.parametrize("done,planned,patience", [(10, 100, 50), (17, 25, 100), (40, 300, 100)])
def test_a_run_short_of_its_plan_before_its_patience_was_stopped_from_outside(tmp_path, done, planned, patience):
    _yolo_stopped(tmp_path, done, planned, patience)
    import curvedoc

    found = {f.name: f for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings}
    assert "crashed-run" in found and "patience" in found["crashed-run"].message, found


def test_a_run_whose_best_was_patience_evaluations_before_its_end_may_have_stopped_itself(tmp_path):
    _yolo_stopped(tmp_path, 60, 300, 20, peak_at=40)
    import curvedoc

    found = {f.name: f for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings}
    assert "crashed-run" not in found, found


# --- the objective under a statistic; an objective that rose until it broke ------------------------------------------

@pytest.mark.parametrize("stat", ["avg objective", "mean_objective", "epoch objective"])
def test_the_objective_under_a_statistic_is_the_training_loss(tmp_path, stat):
    # (2026-12-30nu34 hive-mlp-tiny64-tqdm: 'avg objective=0.85 heldout objective=1.49 heldout acc=0.32', 64 rows)
    key = stat.replace(" ", "_") if "_" in stat else stat
    lines = [f"epoch {e}/150: {key}={0.85 * np.exp(-e / 15) + 4e-4:.5f} heldout objective="
             f"{1.25 + 0.025 * max(0, e - 4) + (0.2 if e < 4 else 0):.5f} heldout acc={0.5 - 0.0003 * e:.4f}"
             for e in range(1, 151)]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    sev = severities_by_name(tmp_path)
    assert sev.get("overfitting") in ("warning", "error"), sev


def test_an_objective_that_rose_until_it_broke_diverged(tmp_path):
    # (2026-12-30nu34 ferry-mlp-nozerograd-logging: zero_grad missing, objective 1.9 -> 1.7e9 -> nan)
    vals = [1.88762, 326.9, 4.1e5, 1.7e9] + [float("nan")] * 26
    lines = [f"INFO  trainer: pass={e + 1}/30 objective={v:.5f} check_objective={v * 3:.5f} check_mae=4.1 lr=1.00e-02"
             for e, v in enumerate(vals)]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    assert severities_by_name(tmp_path).get("divergence") == "error"



def test_a_run_short_of_its_plan_with_early_stopping_off_was_stopped_from_outside(tmp_path):
    _yolo_stopped(tmp_path, 60, 300, 100)
    (tmp_path / "args.yaml").write_text("task: detect\nmode: train\nepochs: 300\nearly_stopping: false\npatience: 100\n")
    import curvedoc

    found = {f.name: f for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings}
    assert "crashed-run" in found and "early stopping is off" in found["crashed-run"].message, found


def test_an_lr_schedulers_patience_is_no_early_stopping_patience(tmp_path):
    _yolo_stopped(tmp_path, 10, 100, 50)
    (tmp_path / "args.yaml").write_text("task: detect\nmode: train\nepochs: 100\nlr_scheduler:\n  patience: 50\n")
    import curvedoc

    found = {f.name for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings}
    assert "crashed-run" not in found, found


# --- 'cost' under any split name; a score at 0 only after the loss broke; a K the accuracy does not bear out --------

@pytest.mark.parametrize("train,held", [("trn_cost", "heldout_cost"), ("train_cost", "val_cost"),
                                        ("cost", "test_cost")])
def test_a_cost_under_any_split_name_is_that_splits_loss(tmp_path, train, held):
    # (2026-12-31nu35 t02_orchard_sgd_lr8: SGD lr 8, trn_cost and heldout_cost NaN from the first epoch)
    lines = [f"[ep {e:02d}/25] {train}=nan | {held}=nan | heldout_acc=0.2700 | lr=8.000e+00" for e in range(1, 26)]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    import curvedoc

    rr = curvedoc.diagnose(str(tmp_path)).runs[0]
    assert rr.roles.get("train_loss") == train and rr.roles.get("val_loss") == held, rr.roles
    assert any(f.name == "divergence" and f.severity == "error" for f in rr.findings)


@pytest.mark.parametrize("n,broke", [(40, 2), (60, 7)])
def test_a_score_at_zero_only_after_the_loss_broke_is_the_breakdowns_consequence(n, broke):
    # (2026-12-31nu35 t09_pond_manual_bce, 2026-12-30nu34 leaf-mlp-manual-bce: a hand-written log(sigmoid) BCE gives
    # NaN once a sigmoid saturates; F1 0.77-0.85 until then, 0 from there on)
    steps = np.arange(1, n + 1)
    loss = np.r_[np.linspace(0.48, 0.3, broke - 1), np.full(n - broke + 1, np.nan)]
    f1 = np.r_[np.linspace(0.77, 0.85, broke - 1), np.zeros(n - broke + 1)]
    run = make_run(steps=steps, train_loss=loss, val_loss=loss.copy(), val_f1=f1)
    assert not [h for h in run_detector("plateau-at-chance", run) if "never leaves the floor" in h.message]


def test_a_score_at_zero_from_the_first_evaluation_still_never_left_the_floor():
    n = 40
    steps = np.arange(1, n + 1)
    loss = np.r_[np.linspace(0.3, 0.29, 5), np.full(n - 5, np.nan)]
    run = make_run(steps=steps, train_loss=loss, val_loss=loss.copy(), val_f1=np.zeros(n))
    assert [h for h in run_detector("plateau-at-chance", run) if "never leaves the floor" in h.message]


def test_a_k_read_from_an_epoch_mean_loss_the_accuracy_does_not_bear_out_is_told_as_info(tmp_path):
    # (2026-12-31nu35 k01_orchard_csvlogger: a healthy 4-class Keras run on a noisy task; its first epoch's mean loss
    # 1.07 is log 3 by coincidence, its first epoch's mean accuracy 0.52 names no K: underfitting warned)
    rows = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    for e in range(30):
        loss = 0.69 + 0.38 * np.exp(-e / 4)
        rows.append(f"{e},{0.70 - 0.18 * np.exp(-e / 4):.4f},{loss:.4f},{0.66 + 0.01 * np.sin(e):.4f},"
                    f"{0.75 + 0.07 * np.exp(-e / 2) + 0.0007 * e:.4f}")
    (tmp_path / "training.log").write_text("\n".join(rows) + "\n")
    sev = severities_by_name(tmp_path)
    assert sev.get("underfitting") in (None, "info"), sev


# --- an agent's start ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [300, 1100])
def test_an_agents_return_that_rose_fast_and_collapsed_regressed(n):
    # (2026-12-31cd gauravs43_sf_ppo11: ep_rew_mean 11,900 at its first reading, 69,000 a few dozen readings on, then
    # down to 2,600 for the rest of 5M steps; the first 5% of readings held the rise, so 'no gain over the start')
    x = np.arange(n)
    rise = max(3, n // 25)
    ret = np.where(x < rise, 11900 + (69000 - 11900) * x / rise, 2600 + 66400 * np.exp(-(x - rise) / (n / 10)))
    ret = ret + np.random.default_rng(0).normal(0, 300, n)
    run = make_run(steps=x * 4544, **{"rollout/ep_rew_mean": ret, "train/loss": np.full(n, 1.0) + 0.1 * np.sin(x)})
    hits = run_detector("metric-regression", run)
    assert hits and hits[0].severity in (None, "warning", "error"), hits


def test_an_agent_that_never_gained_has_nothing_to_lose():
    n = 600
    ret = np.random.default_rng(1).normal(-500, 200, n)
    run = make_run(steps=np.arange(n), **{"rollout/ep_rew_mean": ret, "train/loss": np.ones(n)})
    assert not run_detector("metric-regression", run)


def test_a_held_out_r2_that_fell_with_a_diverging_loss_is_divergences(tmp_path):
    # (2026-12-31nu35 t04_smelt_no_zero_grad: zero_grad missing, 'train cost' 2.8 -> 1.8e35 -> NaN, 'validation r2'
    # -0.5 -> -1.8e34: underfitting's 'no better than the mean' warned beside the divergence)
    lines = []
    for e in range(1, 31):
        c = 2.8 * 100.0 ** (e - 1) if e < 20 else float("nan")
        lines.append(f"epoch {e} of 30 -> train cost {c:.5f}, validation cost {c * 3:.5f}, validation r2 "
                     f"{1 - c * 3 if c == c else float('nan'):.4f}, learning rate 1.00e-02")
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    sev = severities_by_name(tmp_path)
    assert sev.get("divergence") == "error" and sev.get("underfitting") in (None, "info"), sev


def test_a_held_out_r2_at_zero_beside_a_crawling_loss_is_still_underfitting(tmp_path):
    lines = [f"[ep {e:02d}/30] trn_cost={1.054 - 0.0007 * e:.4f} | heldout_cost={1.004 - 0.0006 * e:.4f} | "
             f"heldout_r2={-0.04 + 0.0006 * e:.4f} | lr=1.000e-06" for e in range(1, 31)]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    assert severities_by_name(tmp_path).get("underfitting") in ("warning", "error")


# --- the training phase by its verb ('fit'), the objective short ('obj'), a split-named loss broken after one reading --

@pytest.mark.parametrize("train,held", [("fit_obj", "holdout_obj"), ("fit/objective", "holdout/objective"),
                                        ("train_obj", "val_obj")])
def test_a_splits_short_objective_is_its_loss(tmp_path, train, held):
    # (2027-01-01nu36 reef_labels_shuffled, glacier_sgd_lowlr: 'sweep,fit_obj,holdout_obj,holdout_q,lr_now' and a
    # SummaryWriter's fit/objective, holdout/objective: not assessed)
    rows = [f"sweep,{train},{held},lr_now"] + [f"{e},{1.3 - 0.01 * e:.4f},{1.27 + 0.02 * e:.4f},0.003"
                                                for e in range(1, 41)]
    (tmp_path / "history.csv").write_text("\n".join(rows) + "\n")
    import curvedoc

    rr = curvedoc.diagnose(str(tmp_path)).runs[0]
    assert rr.roles.get("train_loss") == train and rr.roles.get("val_loss") == held, rr.roles


def test_a_split_named_loss_broken_after_its_first_reading_is_the_loss(tmp_path):
    # (2027-01-01nu36 playlist_log0: a hand-written log(0) -- fit_obj 0.48, then NaN for 29 sweeps)
    import json

    rows = [{"sweep": 1, "fit_obj": 0.48, "holdout_obj": 0.38, "holdout_q": 0.77, "lr_now": 0.05}] + [
        {"sweep": e, "fit_obj": float("nan"), "holdout_obj": float("nan"), "holdout_q": 0.0, "lr_now": 0.05}
        for e in range(2, 31)]
    (tmp_path / "history.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert severities_by_name(tmp_path).get("divergence") == "error"
