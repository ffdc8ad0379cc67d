"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twelfth round.

Each family is drawn from a generative description (format, length, noise, where the event sits), never from a visible
run; every member must get the verdict the family stands for, and the healthy twin must not.
"""

from __future__ import annotations

import numpy as np
import pytest
from _families import keras_csvlogger

import curvedoc

SEVERE = ("warning", "error")


def _keras_csv(path, loss, acc, val_loss, val_acc):
    keras_csvlogger(path, loss, acc, val_loss, val_acc, loss_fmt=".6g", acc_fmt=".5f")


def _findings(d):
    rr = curvedoc.diagnose(str(d)).runs[0]
    return rr, {f.name: f for f in rr.findings}


# ------------------------------------------------ a validation loss that jumps for one to three evaluations and comes
# back, at the head of the series or during its fast early descent, where window medians have no level before it
# (a jump that lasts more than a fifth of the evaluations is a phase of the run, not a spike: no 3-wide one in 12)
@pytest.mark.parametrize(("epochs", "width"), [(e, w) for e in (12, 20, 50, 120) for w in (1, 2, 3) if w <= e // 5])
@pytest.mark.parametrize("at", [0.1, 0.25, 0.6])
@pytest.mark.parametrize("noise", [0.02, 0.1])
def test_a_validation_loss_that_jumps_for_a_few_evaluations_and_comes_back_is_a_spike(epochs, at, width, noise, tmp_path):
    rng = np.random.default_rng(epochs * 31 + width * 7 + int(at * 100))
    e = np.arange(epochs)
    loss = 0.05 + 1.2 * np.exp(-e / (epochs / 6))
    val = (0.08 + 1.3 * np.exp(-e / (epochs / 5))) * np.exp(noise * rng.standard_normal(epochs))
    s = max(1, int(at * epochs))
    bump = np.array([6.0, 20.0, 9.0][:width])
    val[s:s + width] *= bump
    acc = 1 - loss / 2
    d = tmp_path / f"valspike-{epochs}-{at}-{width}"
    _keras_csv(d, loss * np.exp(0.01 * rng.standard_normal(epochs)), acc, val, acc - 0.05)
    rr, f = _findings(d)
    assert "loss-spikes" in f, [(x.name, x.severity, x.message) for x in rr.findings]
    assert "val_loss" in f["loss-spikes"].message
    assert f["loss-spikes"].severity == "info"  # it came back: a checkpoint that was bad for a moment


@pytest.mark.parametrize("epochs", [12, 30, 100])
@pytest.mark.parametrize("noise", [0.03, 0.1, 0.25])
@pytest.mark.parametrize("seed", range(4))
def test_a_noisy_validation_loss_without_a_jump_has_no_spike(epochs, noise, seed, tmp_path):
    # the healthy twin: an evaluation series with its own scatter (a small validation set), up to 25% per reading
    rng = np.random.default_rng(1000 * seed + epochs)
    e = np.arange(epochs)
    loss = 0.1 + 1.2 * np.exp(-e / (epochs / 6))
    val = (0.15 + 1.3 * np.exp(-e / (epochs / 5))) * np.exp(noise * rng.standard_normal(epochs))
    acc = 1 - loss / 2
    d = tmp_path / f"noisyval-{epochs}-{noise}-{seed}"
    _keras_csv(d, loss, acc, val, acc - 0.05)
    rr, f = _findings(d)
    assert "loss-spikes" not in f, f["loss-spikes"].message


@pytest.mark.parametrize("epochs", [12, 40])
def test_a_validation_loss_with_two_levels_is_not_a_series_of_spikes(epochs, tmp_path):
    # every other evaluation 5x up (an alternating eval set, a BN-statistics bug): a pattern, not bad checkpoints
    e = np.arange(epochs)
    loss = 0.1 + np.exp(-e / 5)
    val = (0.2 + np.exp(-e / 5)) * np.where(e % 2 == 1, 5.0, 1.0)
    acc = 1 - loss / 2
    d = tmp_path / f"twolevels-{epochs}"
    _keras_csv(d, loss, acc, val, acc)
    rr, f = _findings(d)
    assert "loss-spikes" not in f or "neighbouring" not in str(f["loss-spikes"].evidence.get("test", "")), \
        f["loss-spikes"].message


# ------------------------------------------------ LR far too high: the loss leaves log K at once, is thrown to 10-30x
# it and wanders there (+-35% a reading) to the end; its last readings a little lower than the ones before is its
# noise, not a recovery. (At 5x with one reading before the blow-up, a 21-60 point run cannot tell the start from its
# noise: one reading 1.6 nats below a level scattering by 0.35 is not beyond three standard errors)
def _step_csv(path, steps, loss, acc):
    path.mkdir()
    rows = ["step,loss,acc"] + [f"{s},{l:.5g},{a:.4f}" for s, l, a in zip(steps, loss, acc)]
    (path / "metrics.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("k", [2, 6, 10, 100])
@pytest.mark.parametrize("n", [21, 60, 300])
@pytest.mark.parametrize("level", [10.0, 30.0])
@pytest.mark.parametrize("seed", range(3))
def test_a_loss_thrown_far_above_log_k_that_stays_there_is_divergence_not_underfitting(k, n, level, seed, tmp_path):
    rng = np.random.default_rng(seed * 1000 + n + k)
    lk = np.log(k)
    loss = lk * level * np.exp(0.35 * rng.standard_normal(n))
    loss *= np.linspace(1.0, 0.93, n)  # a drift a little down, well inside the noise
    loss[0] = lk * (1 + 0.01 * rng.standard_normal())
    acc = np.clip(1 / k + 0.03 * rng.standard_normal(n), 0, 1)
    d = tmp_path / f"lr-high-k{k}-n{n}-x{level:g}-{seed}"
    _step_csv(d, np.arange(n) * 10, loss, acc)
    rr, f = _findings(d)
    assert "divergence" in f and f["divergence"].severity in SEVERE, [(x.name, x.severity, x.message) for x in rr.findings]
    assert f.get("underfitting") is None or f["underfitting"].severity == "info", f["underfitting"].message


@pytest.mark.parametrize("n", [40, 200])
@pytest.mark.parametrize("seed", range(3))
def test_a_warm_up_bump_that_comes_back_down_is_not_divergence(n, seed, tmp_path):
    # the healthy twin: the loss rises at once (loss terms switching on) and falls through its noise to the end
    rng = np.random.default_rng(seed + n)
    t = np.linspace(0, 1, n)
    loss = (1.0 + 2.5 * np.exp(-((t - 0.08) / 0.05) ** 2) * (t > 0.01) + 0.6 * (1 - t)) * np.exp(0.05 * rng.standard_normal(n))
    loss[0] = 1.0
    acc = np.clip(0.3 + 0.6 * t, 0, 1)
    d = tmp_path / f"bump-{n}-{seed}"
    _step_csv(d, np.arange(n) * 10, loss, acc)
    rr, f = _findings(d)
    assert f.get("divergence") is None or f["divergence"].severity == "info", f["divergence"].message


# ------------------------------------------------ a per-epoch log opens at epoch 1, the end of its first interval: it
# saw the run from the untrained model on. A from-scratch detector whose losses fall steadily through a short
# schedule while its mAP is still near 0 is learning too slowly (underfitting's), not a model stuck at the floor
def _yolo_csv(path, epochs, box, cls, dfl, vbox, vcls, vdfl, p, r, m50, m5095, lr):
    path.mkdir()
    cols = ["epoch", "train/box_loss", "train/cls_loss", "train/dfl_loss", "metrics/precision(B)", "metrics/recall(B)",
            "metrics/mAP50(B)", "metrics/mAP50-95(B)", "val/box_loss", "val/cls_loss", "val/dfl_loss", "lr/pg0",
            "lr/pg1", "lr/pg2"]
    rows = [",".join(cols)]
    for i, e in enumerate(epochs):
        vals = [box[i], cls[i], dfl[i], p[i], r[i], m50[i], m5095[i], vbox[i], vcls[i], vdfl[i], lr[i], lr[i], lr[i]]
        rows.append(f"{e}," + ",".join(f"{x:.5g}" for x in vals))
    (path / "results.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("n", [10, 20, 30])
@pytest.mark.parametrize("fall", [0.25, 0.5])
@pytest.mark.parametrize("seed", range(3))
def test_a_short_from_scratch_detector_still_learning_is_underfitting_not_at_the_floor(n, fall, seed, tmp_path):
    rng = np.random.default_rng(seed * 10 + n)
    t = np.linspace(0, 1, n)
    shape = 1 - fall * t + 0.01 * rng.standard_normal(n)
    box, cls, dfl = 2.3 * shape, 4.4 * shape, 4.2 * shape
    vbox, vcls, vdfl = 2.4 * shape, 4.5 * shape, 4.1 * shape
    m50 = np.clip(0.001 + 0.08 * t ** 3 + 0.004 * rng.standard_normal(n), 0, 1)
    lr = 6e-4 * (1 - 0.7 * t)
    d = tmp_path / f"scratch-{n}-{fall}-{seed}"
    _yolo_csv(d, np.arange(1, n + 1), box, cls, dfl, vbox, vcls, vdfl, np.clip(m50 * 2, 0, 1), np.clip(0.3 + m50, 0, 1),
              m50, m50 / 2.5, lr)
    rr, f = _findings(d)
    assert f.get("plateau-at-chance") is None or f["plateau-at-chance"].severity == "info", \
        [(x.name, x.severity, x.message) for x in rr.findings]
    assert "underfitting" in f, [(x.name, x.severity, x.message) for x in rr.findings]


# ------------------------------------------------ an imbalanced K-class set (K >= 3): a model that predicts the majority
# class at every evaluation scores its share, the same number every time, while its loss settles onto the prior's
# entropy -- above the binary entropy of that share, since the rest of the examples spread over K - 1 classes
def _lightning_csv(path, tl, ta, vl, va):
    path.mkdir()
    rows = ["epoch,step,train_acc_epoch,train_loss_epoch,val_acc,val_loss"]
    for e, (a, b, c, d) in enumerate(zip(ta, tl, va, vl)):
        rows.append(f"{e},{5 * e + 4},{a:.6f},{b:.6f},,")
        rows.append(f"{e},{5 * e + 4},,,{c:.8f},{d:.6f}")
    (path / "metrics.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("k", [3, 4, 6])
@pytest.mark.parametrize("major", [0.55, 0.68, 0.8])
@pytest.mark.parametrize("epochs", [12, 30])
def test_a_majority_predictor_of_an_imbalanced_k_class_set_is_at_chance(k, major, epochs, tmp_path):
    rest = (1 - major) / (k - 1)
    prior = -(major * np.log(major) + (k - 1) * rest * np.log(rest))
    e = np.arange(epochs)
    lk = np.log(k)
    # the loss settles from just below log K onto the prior's entropy (the prior is learned), never below it
    tl = prior + (0.95 * lk - prior) * np.exp(-e / (epochs / 5))
    vl = prior * 1.01 + (0.96 * lk - prior) * np.exp(-e / (epochs / 5))
    n_val = 68
    q = round(major * n_val) / n_val
    d = tmp_path / f"majority-k{k}-{major}-{epochs}"
    _lightning_csv(d, tl, np.full(epochs, major + 0.02), vl, np.full(epochs, q))
    rr, f = _findings(d)
    assert "plateau-at-chance" in f and f["plateau-at-chance"].severity in SEVERE, \
        [(x.name, x.severity, x.message) for x in rr.findings]


@pytest.mark.parametrize("k", [3, 6])
@pytest.mark.parametrize("epochs", [12, 30])
def test_a_model_learning_past_the_majority_share_is_not_at_chance(k, epochs, tmp_path):
    # the healthy twin: the accuracy leaves the majority share and the loss falls below the prior's entropy
    e = np.arange(epochs)
    lk = np.log(k)
    tl = 0.2 + (0.95 * lk - 0.2) * np.exp(-e / (epochs / 4))
    va = 0.68 + 0.25 * (1 - np.exp(-e / (epochs / 4)))
    d = tmp_path / f"learns-k{k}-{epochs}"
    _lightning_csv(d, tl, va + 0.02, tl * 1.1, np.round(va * 68) / 68)
    rr, f = _findings(d)
    assert "plateau-at-chance" not in f, f["plateau-at-chance"].message


# ------------------------------------------------ a negative log-likelihood (a density estimator, a flow) goes below
# 0: no log space. Evaluated a handful of times, a validation NLL that leaves its minimum and stays above it while the
# training NLL keeps falling overfits, read in its own units against the progress it made -- also when its later
# evaluations jump about (0.07, 6.8, 0.84, 5.1, 12.6 after -0.55), which leaves no noise to measure a trend against
def _nll_csv(path, steps, train, val_steps, val):
    path.mkdir()
    rows = ["epoch,step,train_loss,val_loss"]
    ev = dict(zip(val_steps, val))
    for s, t in zip(steps, train):
        rows.append(f"{s // 250},{s},{t:.6f},")
        if s in ev:
            rows.append(f"{s // 250},{s},,{ev[s]:.6f}")
    (path / "metrics.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("evals", [5, 6, 8])
@pytest.mark.parametrize("rise", [0.5, 3.0, 12.0])
@pytest.mark.parametrize("seed", range(3))
def test_a_validation_nll_that_leaves_its_minimum_overfits(evals, rise, seed, tmp_path):
    rng = np.random.default_rng(seed * 7 + evals)
    steps = np.arange(50, evals * 250 + 1, 50)
    train = 0.2 - 1.6 * (1 - np.exp(-steps / (evals * 80))) + 0.05 * rng.standard_normal(len(steps))
    vsteps = np.arange(250, evals * 250 + 1, 250)
    val = np.empty(evals)
    val[0], val[1] = 0.9, -0.5
    up = np.linspace(0.3, 1.0, evals - 2) * np.where(np.arange(evals - 2) % 2 == 0, 0.3, 1.0)  # erratic, ends high
    up[-1] = 1.0
    val[2:] = -0.5 + rise * up * (1 + 0.2 * rng.random(evals - 2))
    d = tmp_path / f"nll-{evals}-{rise}-{seed}"
    _nll_csv(d, steps, train, vsteps, val)
    rr, f = _findings(d)
    assert "overfitting" in f, [(x.name, x.severity, x.message) for x in rr.findings]


@pytest.mark.parametrize("evals", [5, 8])
@pytest.mark.parametrize("seed", range(3))
def test_a_validation_nll_still_improving_does_not_overfit(evals, seed, tmp_path):
    # the healthy twin: the validation NLL falls with the training NLL, wobbling by a tenth of its progress
    rng = np.random.default_rng(seed + 100 * evals)
    steps = np.arange(50, evals * 250 + 1, 50)
    train = 0.2 - 1.6 * (1 - np.exp(-steps / (evals * 80))) + 0.05 * rng.standard_normal(len(steps))
    vsteps = np.arange(250, evals * 250 + 1, 250)
    val = 0.9 - 1.8 * (1 - np.exp(-vsteps / (evals * 80))) + 0.05 * rng.standard_normal(evals)
    d = tmp_path / f"nll-ok-{evals}-{seed}"
    _nll_csv(d, steps, train, vsteps, val)
    rr, f = _findings(d)
    assert "overfitting" not in f, f["overfitting"].message


# ------------------------------------------------ the gap read in what the model gets right: a training accuracy that
# climbs to 0.85-1.0 while the held-out accuracy stays 25+ points below, logged with or without a validation loss
def _acc_log(path, tr_acc, val_acc, loss=None, val_loss=None):
    path.mkdir()
    lines = []
    for e, (a, b) in enumerate(zip(tr_acc, val_acc), 1):
        extra = f" | loss {loss[e - 1]:.4f}" if loss is not None else ""
        vextra = f" | val loss {val_loss[e - 1]:.4f}" if val_loss is not None else ""
        lines.append(f"epoch {e}{extra} | train acc {a:.4f}{vextra} | val acc {b:.4f}")
    (path / "train.log").write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("epochs", [10, 30, 100])
@pytest.mark.parametrize("gap", [0.28, 0.45, 0.8])
@pytest.mark.parametrize("with_loss", [False, True])
def test_a_training_accuracy_far_above_the_held_out_one_is_a_gap(epochs, gap, with_loss, tmp_path):
    rng = np.random.default_rng(epochs + int(gap * 100))
    e = np.arange(epochs)
    top = min(0.99, 0.18 + gap + 0.1)
    tr = top - (top - 0.15) * np.exp(-e / (epochs / 5))
    va = np.clip(tr - gap * (1 - np.exp(-e / (epochs / 8))) + 0.01 * rng.standard_normal(epochs), 0.01, 1)
    loss = 2.0 * (1.05 - tr) if with_loss else None
    d = tmp_path / f"accgap-{epochs}-{gap}-{with_loss}"
    _acc_log(d, tr, va, loss)
    rr, f = _findings(d)
    assert "train-val-gap" in f and f["train-val-gap"].severity in SEVERE, \
        [(x.name, x.severity, x.message) for x in rr.findings]


@pytest.mark.parametrize("epochs", [10, 30, 100])
@pytest.mark.parametrize("gap", [0.03, 0.1, 0.18])
def test_a_regularised_model_a_few_points_better_on_its_training_data_has_no_gap(epochs, gap, tmp_path):
    # the healthy twin: held-out accuracy a few points to ~20 below the training accuracy, as regularised models are
    rng = np.random.default_rng(epochs + int(gap * 1000))
    e = np.arange(epochs)
    tr = 0.97 - 0.8 * np.exp(-e / (epochs / 5))
    va = np.clip(tr - gap + 0.01 * rng.standard_normal(epochs), 0.01, 1)
    d = tmp_path / f"accok-{epochs}-{gap}"
    _acc_log(d, tr, va, 2.0 * (1.05 - tr), 2.0 * (1.05 - va))
    rr, f = _findings(d)
    assert f.get("train-val-gap") is None or f["train-val-gap"].severity == "info", f["train-val-gap"].message


# ------------------------------------------------ RL: the untrained (random) policy's return is the chance level. An
# agent whose return ends where it started -- flat within its noise for the whole run -- never learned. (A running
# mean that spans several logged iterations -- long episodes, a few per iteration -- wanders by more than a flat
# agent's floor, and no test of that log can tell it from a slow learner: the family is the short-episode log)
def _sb3_progress(path, ret, loss=None):
    path.mkdir()
    n = len(ret)
    cols = ["rollout/ep_rew_mean", "rollout/ep_len_mean", "time/total_timesteps", "time/iterations"]
    if loss is not None:
        cols.append("train/value_loss")
    rows = [",".join(cols)]
    for i in range(n):
        vals = [f"{ret[i]:.4f}", "200", str(2048 * (i + 1)), str(i + 1)] + ([f"{loss[i]:.5f}"] if loss is not None else [])
        rows.append(",".join(vals))
    (path / "progress.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("n", [300, 800, 2000])
@pytest.mark.parametrize("level", [-100.0, 22.0, 0.5])
@pytest.mark.parametrize("noise", [0.1, 0.3])
def test_an_agent_whose_return_stays_at_the_random_policy_level_never_learned(n, level, noise, tmp_path):
    # SB3's ep_rew_mean: the mean return of the last 100 episodes, a new hundred at each logged iteration of a
    # short-episode task (2,048 steps of ~20-step episodes), though each episode's return scatters by 10-30%
    rng = np.random.default_rng(n + int(abs(level)) + int(noise * 100))
    episodes = level + abs(level) * noise * rng.standard_normal((n, 100))
    ret = episodes.mean(axis=1)
    d = tmp_path / f"rl-flat-{n}-{level}-{noise}"
    _sb3_progress(d, ret, loss=np.abs(1 + 0.1 * rng.standard_normal(n)))
    rr, f = _findings(d)
    # (since round 20 the verdict is underfitting's, plateau-at-chance's the same reading as context: a return has no
    # chance level a K names -- tests/detectors/test_unseen_families_r20.py)
    assert "underfitting" in f and f["underfitting"].severity in SEVERE, \
        [(x.name, x.severity, x.message) for x in rr.findings]
    assert "plateau-at-chance" in f, [(x.name, x.severity, x.message) for x in rr.findings]


@pytest.mark.parametrize("n", [100, 300, 2000])
@pytest.mark.parametrize("gain", [0.3, 1.0, 5.0])
@pytest.mark.parametrize("shape", ["learns", "learns-then-collapses"])
def test_an_agent_that_learned_is_not_at_chance(n, gain, shape, tmp_path):
    # the healthy twin (and one that learned, then lost half of it: metric-regression's, not a random policy)
    rng = np.random.default_rng(n + int(gain * 10))
    t = np.linspace(0, 1, n)
    curve = gain * 50 * (1 - np.exp(-t / 0.3))
    if shape == "learns-then-collapses":
        curve = np.where(t < 0.6, curve, curve[int(0.6 * n)] * (0.5 + 0.5 * np.exp(-(t - 0.6) / 0.05)))
    ret = -50 + curve + 5 * rng.standard_normal(n)
    d = tmp_path / f"rl-ok-{n}-{gain}-{shape}"
    _sb3_progress(d, ret)
    rr, f = _findings(d)
    assert "plateau-at-chance" not in f, f["plateau-at-chance"].message


@pytest.mark.parametrize("n", [300, 2000])
def test_a_return_that_fell_or_a_session_continued_from_an_earlier_one_is_no_random_policy(n, tmp_path):
    # a return that fell steadily (the policy changed, for the worse: no random policy does) and a log that opens at
    # episode 6,001 of a continued session (its start is not the untrained policy) say nothing of chance
    rng = np.random.default_rng(n)
    fell = -50 - 40 * np.linspace(0, 1, n) + rng.standard_normal((n, 100)).mean(axis=1) * 5
    d = tmp_path / f"rl-fell-{n}"
    _sb3_progress(d, fell)
    rr, f = _findings(d)
    assert "plateau-at-chance" not in f, f["plateau-at-chance"].message
    d2 = tmp_path / f"rl-continued-{n}"
    d2.mkdir()
    # (its own step column counts from 0: the session's rows; the episode counter carries on from the earlier session)
    rows = ["step,episode,reward"] + [f"{i},{6001 + i},{-10 + rng.standard_normal((100,)).mean():.3f}" for i in range(n)]
    (d2 / "episodes.csv").write_text("\n".join(rows) + "\n")
    rr, f = _findings(d2)
    assert "plateau-at-chance" not in f, f["plateau-at-chance"].message


# ------------------------------------------------ a regression script that names its loss by its formula, with the
# logging granularity after it ('mse/step' beside 'mse/valid', 'mae_batch' beside 'val_mae'): the per-step error is
# the training loss; one NaN from its first logged step diverged before it
@pytest.mark.parametrize(("train_tag", "val_tag"), [("mse/step", "mse/valid"), ("mae_batch", "val_mae"),
                                                    ("rmse/iter", "rmse/val"), ("mse/batch", "mse/test")])
@pytest.mark.parametrize("nan", [False, True])
def test_a_regression_error_logged_per_step_beside_its_held_out_twin_is_the_loss(train_tag, val_tag, nan, tmp_path):
    from _families import summary_writer

    d = tmp_path / f"reg-{train_tag.replace('/', '_').replace(' ', '_')}-{nan}"
    d.mkdir()
    w = summary_writer(d)
    for s in range(10, 950, 10):
        w.add_scalar(train_tag, float("nan") if nan else float(100 * np.exp(-s / 300) + 1), s)
    for e in range(1, 21):
        w.add_scalar(val_tag, float("nan") if nan else float(100 * np.exp(-e * 47 / 300) + 1.5), e * 47)
    w.close()
    rr, f = _findings(d)
    assert rr.roles.get("train_loss") == train_tag, rr.roles
    assert rr.roles.get("val_loss") == val_tag, rr.roles
    if nan:
        assert "divergence" in f and f["divergence"].severity == "error", [(x.name, x.message) for x in rr.findings]


# ------------------------------------------------ a blow-up the run never recovered from: the loss jumps by two orders
# of magnitude or more within its first steps, then comes back to where an untrained model starts (log K) and learns
# nothing after -- divergence, though the loss ends near where it began
@pytest.mark.parametrize("k", [2, 10, 100])
@pytest.mark.parametrize("blow", [3e2, 1e4, 1e7])
@pytest.mark.parametrize("n", [60, 500, 3000])
def test_a_loss_that_blew_up_and_came_back_to_its_start_diverged(k, blow, n, tmp_path):
    rng = np.random.default_rng(k + n + int(np.log10(blow)))
    lk = np.log(k)
    loss = lk * (1.0 + 0.01 * rng.standard_normal(n))
    m = max(4, n // 30)
    loss[1:m] = lk * blow ** np.sin(np.linspace(0.3, np.pi - 0.3, m - 1))  # up by blow and back down
    d = tmp_path / f"blowup-k{k}-{blow:g}-{n}"
    _step_csv(d, np.arange(n), loss, np.clip(1 / k + 0.01 * rng.standard_normal(n), 0, 1))
    rr, f = _findings(d)
    assert "divergence" in f and f["divergence"].severity in SEVERE, [(x.name, x.severity, x.message) for x in rr.findings]


@pytest.mark.parametrize("n", [60, 500, 3000])
def test_a_loss_that_blew_up_and_then_learned_recovered(n, tmp_path):
    # the twin: the same early blow-up, then a loss that falls well below its start -- the run recovered
    rng = np.random.default_rng(n)
    t = np.linspace(0, 1, n)
    loss = 2.3 * (0.1 + 0.9 * np.exp(-t / 0.2)) * np.exp(0.02 * rng.standard_normal(n))
    m = max(4, n // 30)
    loss[1:m] = 2.3 * 1e3 ** np.sin(np.linspace(0.3, np.pi - 0.3, m - 1))
    d = tmp_path / f"blowup-learned-{n}"
    _step_csv(d, np.arange(n), loss, np.clip(0.1 + 0.8 * t, 0, 1))
    rr, f = _findings(d)
    assert "divergence" not in f or f["divergence"].severity == "info", f["divergence"].message
