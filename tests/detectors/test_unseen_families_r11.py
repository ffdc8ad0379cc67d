"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), eleventh round.

Each family is drawn from a generative description (format, length, K, noise, logging interval), never from a visible
run; every member must get the verdict the family stands for, and the healthy twin must not.
"""

from __future__ import annotations

import numpy as np
import pytest
from _families import keras_csvlogger

import curvedoc

SEVERE = ("warning", "error")


def _keras_csv(path, loss, acc, val_loss, val_acc):
    keras_csvlogger(path, loss, acc, val_loss, val_acc)


# ------------------------------------------------ a model at chance from its first logged epoch (LR far too high,
# the explosion before the first log): the chance verdict carries the run; "it underfits" says it again, as info
@pytest.mark.parametrize("k", [3, 6, 10, 100])
@pytest.mark.parametrize("epochs", [8, 40])
@pytest.mark.parametrize("noise", [0.01, 0.05])
def test_a_model_at_chance_from_the_start_is_one_verdict_and_underfitting_only_restates_it(k, epochs, noise, tmp_path):
    rng = np.random.default_rng(k * 100 + epochs)
    lk = np.log(k)
    loss = lk * (1.03 + noise * rng.standard_normal(epochs))
    val_loss = lk * (1.04 + noise * rng.standard_normal(epochs))
    acc = np.clip(1 / k + 0.01 * rng.standard_normal(epochs), 0, 1)
    val_acc = np.clip(1 / k + 0.01 * rng.standard_normal(epochs), 0, 1)
    d = tmp_path / f"sgd-lr5-k{k}-{epochs}"
    _keras_csv(d, loss, acc, val_loss, val_acc)
    rr = curvedoc.diagnose(str(d)).runs[0]
    sev = {f.name: f.severity for f in rr.findings}
    assert sev.get("plateau-at-chance") in SEVERE, [(f.name, f.severity, f.message) for f in rr.findings]
    assert sev.get("underfitting", "info") == "info", [(f.name, f.severity, f.message) for f in rr.findings]
    u = [f for f in rr.findings if f.name == "underfitting"]
    if u:
        assert u[0].evidence.get("restated_by") == "P001"


@pytest.mark.parametrize("k", [3, 10])
def test_a_model_that_learns_slowly_but_clearly_is_not_at_chance(k, tmp_path):
    # the healthy twin: a loss that leaves log K and an accuracy that leaves 1/K
    e = np.arange(30)
    lk = np.log(k)
    loss = lk * (0.25 + 0.75 * np.exp(-e / 8))
    acc = 1 / k + (0.9 - 1 / k) * (1 - np.exp(-e / 8))
    d = tmp_path / f"ok-k{k}"
    _keras_csv(d, loss, acc, loss * 1.05, acc - 0.02)
    rr = curvedoc.diagnose(str(d)).runs[0]
    names = {f.name for f in rr.findings if f.severity in SEVERE}
    assert not names & {"plateau-at-chance", "underfitting"}, [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------ a validation accuracy over a set of N examples, printed to three
# decimals or as float32: its scatter is the set's binomial one, whatever N the printing leaves readable
from curvedoc.detectors._progress import eval_set_size, printed_decimals, set_size_not_printing  # noqa: E402


@pytest.mark.parametrize("n", [44, 88, 137, 347])
@pytest.mark.parametrize("style", ["3dec", "float32"])
def test_the_set_size_reads_through_the_printing(n, style):
    rng = np.random.default_rng(n)
    k = rng.integers(int(0.6 * n), int(0.95 * n), 30)
    v = k / n
    v = np.round(v, 3) if style == "3dec" else v.astype(np.float32).astype(np.float64)
    if len(np.unique(v)) >= 5 and (style == "float32" or n * 0.0005 <= 0.1):
        assert eval_set_size(v) == n
        assert set_size_not_printing(v) == n


def test_a_grid_the_printing_explains_is_no_set_size():
    v = np.array([0.81, 0.84, 0.86, 0.83, 0.87, 0.85, 0.82])
    assert printed_decimals(np.unique(v)) == 2
    assert eval_set_size(v) == 100 and set_size_not_printing(v) == 0


def test_random_three_decimal_values_rarely_look_like_a_set():
    rng = np.random.default_rng(7)
    hits = 0
    for _ in range(2000):
        v = np.round(rng.uniform(0.6, 0.95, 8), 3)
        hits += set_size_not_printing(v) > 0
    assert hits <= 10  # 0.5%: the tolerant reading needs five distinct values, each within a tenth of a step


def _history(path, val_acc, decimals):
    e = len(val_acc)
    loss = 1.2 * np.exp(-np.arange(e) / 6) + 0.05
    rows = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    for i in range(e):
        va = f"{val_acc[i]:.{decimals}f}" if decimals else repr(float(np.float32(val_acc[i])))
        rows.append(f"{i},{1 - loss[i] / 2:.4f},{loss[i]:.4f},{va},{0.4 + 0.002 * rng_fixed[i]:.4f}")
    path.mkdir()
    (path / "training.log").write_text("\n".join(rows) + "\n")


rng_fixed = np.random.default_rng(3).standard_normal(200)


@pytest.mark.parametrize("n", [60, 88, 150])
@pytest.mark.parametrize("decimals", [3, None])
@pytest.mark.parametrize("seed", range(4))
def test_a_small_sets_scatter_around_a_plateau_is_no_regression(n, decimals, seed, tmp_path):
    # the model converged at q = 0.9 by epoch 4; from then on, equally good models differ in which of the n fixed
    # examples they get right: the count on the set drifts from epoch to epoch (an AR(1) with the set's binomial
    # sigma as its spread, so neighbouring evaluations agree and their differences look quiet), and the best of 30
    # such readings is 2-2.5 sigmas above the plateau, 6-8 points on 60-150 examples, by luck alone
    rng = np.random.default_rng(seed * 31 + n)
    sig = np.sqrt(0.09 / n)
    drift = np.zeros(29)
    for i in range(1, 29):
        drift[i] = 0.8 * drift[i - 1] + np.sqrt(1 - 0.64) * sig * rng.standard_normal()
    q = np.concatenate([np.linspace(0.6, 0.9, 4), 0.9 + drift])
    val_acc = np.round(np.clip(q, 0, 1) * n) / n
    d = tmp_path / f"plateau-{n}-{decimals}-{seed}"
    _history(d, val_acc, decimals)
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name == "metric-regression" and f.severity in SEVERE], \
        [(f.name, f.message) for f in rr.findings]


@pytest.mark.parametrize("n", [88, 150])
@pytest.mark.parametrize("decimals", [3, None])
def test_a_fall_of_many_sigmas_on_the_same_set_still_warns(n, decimals, tmp_path):
    rng = np.random.default_rng(n)
    q = np.concatenate([np.linspace(0.6, 0.92, 6), np.full(10, 0.92), np.linspace(0.92, 0.62, 10), np.full(8, 0.62)])
    val_acc = rng.binomial(n, q) / n
    d = tmp_path / f"fall-{n}-{decimals}"
    _history(d, val_acc, decimals)
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert [f for f in rr.findings if f.name == "metric-regression" and f.severity in SEVERE], \
        [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------ a model that predicts one class for every example at every
# evaluation, switching class now and then: its accuracy takes only the K class shares of the evaluation set
def _lightning_csv(path, step_loss, val_acc, val_loss, every=5, per_epoch=40):
    path.mkdir(parents=True)
    rows = ["epoch,step,train_loss_step,val_acc,val_loss"]
    for e in range(len(val_acc)):
        for s in range(e * per_epoch + every - 1, (e + 1) * per_epoch, every):
            rows.append(f"{e},{s},{step_loss[s // every]:.6f},,")
        rows.append(f"{e},{(e + 1) * per_epoch - 1},,{val_acc[e]:.6f},{val_loss[e]:.6f}")
    (path / "metrics.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("k", [3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_an_accuracy_made_only_of_the_class_shares_is_a_constant_predictor_at_chance(k, seed, tmp_path):
    # LR far too high: the loss kicks around 1.1-1.9x log K, most of it near 1.2x (too far above log K for 'sits at
    # log K'), and each epoch the model predicts one class for the whole set, scoring that class's share
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(300, np.full(k, 1.0 / k))
    shares = counts / counts.sum()
    epochs = 15
    val_acc = shares[np.concatenate([np.arange(k), rng.integers(0, k, epochs - k)])]
    lk = np.log(k)
    step_loss = lk * (1.1 + 0.8 * rng.random(epochs * 8) ** 4)
    val_loss = lk * (1.12 + 0.2 * rng.random(epochs))
    d = tmp_path / f"lit-sgd-lr5-k{k}-{seed}" / "version_0"
    _lightning_csv(d, step_loss, val_acc, val_loss)
    rr = curvedoc.diagnose(str(d)).runs[0]
    f = [f for f in rr.findings if f.name == "plateau-at-chance"]
    assert f and f[0].severity in SEVERE, [(f.name, f.message) for f in rr.findings]
    # (where the loss's level reads K first, it may name a neighbouring K: log 5 is 1.16x log 4)


@pytest.mark.parametrize("k", [3, 5])
def test_a_small_set_read_by_a_model_that_learns_is_not_a_set_of_class_shares(k, tmp_path):
    # the healthy twin: a six-example evaluation set gives few distinct values too, but they climb and do not sum to 1
    rng = np.random.default_rng(k)
    epochs = 15
    val_acc = np.minimum(1.0, np.round((1 / k + np.linspace(0, 0.6, epochs)) * 6) / 6)
    lk = np.log(k)
    step_loss = lk * np.exp(-np.arange(epochs * 8) / 40) * (1 + 0.05 * rng.standard_normal(epochs * 8))
    val_loss = lk * np.exp(-np.arange(epochs) / 6)
    d = tmp_path / f"lit-ok-k{k}" / "version_0"
    _lightning_csv(d, step_loss, val_acc, val_loss)
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name == "plateau-at-chance" and f.severity in SEVERE], \
        [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------ a language-model fine-tune whose first logged loss happens to sit
# near log K of some small K: its K is a vocabulary, and its start is a pretrained model's, not a uniform guess
def _trl_state(path, first, steps, seed):
    import json

    rng = np.random.default_rng(seed)
    hist = []
    for i, s in enumerate(range(10, steps + 1, 10)):
        loss = first * (0.68 + 0.32 * np.exp(-i / 3)) * (1 + 0.04 * rng.standard_normal())
        hist.append({"epoch": s / 100, "grad_norm": 0.2, "learning_rate": 2e-4 * (1 - s / (steps * 1.2)),
                     "loss": round(float(loss), 4), "mean_token_accuracy": round(0.74 + 0.04 * i / (steps / 10), 4),
                     "num_tokens": 4096 * s, "entropy": 0.9, "step": s})
        if s % 50 == 0:
            hist.append({"epoch": s / 100, "eval_loss": round(float(first * 0.72 - 0.002 * i), 4),
                         "eval_mean_token_accuracy": 0.77 + 0.001 * i, "step": s})
    path.mkdir()
    (path / "trainer_state.json").write_text(json.dumps(
        {"global_step": steps, "max_steps": steps, "num_train_epochs": 3, "log_history": hist}))


@pytest.mark.parametrize("k", [3, 4, 5, 10])
@pytest.mark.parametrize("seed", range(2))
def test_a_token_cross_entropy_starting_near_log_k_is_no_k_way_classifier(k, seed, tmp_path):
    d = tmp_path / f"sft-{k}-{seed}"
    _trl_state(d, np.log(k) * 0.99, 250, seed)
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name == "underfitting" and f.severity in SEVERE], \
        [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------ an agent logged by a hand-written loop: per-episode 'return=' and a
# TD loss that grows with the returns, as value losses do
@pytest.mark.parametrize("name", ["return", "EpRew", "ep_ret", "episode_reward", "avg_return"])
@pytest.mark.parametrize("seed", range(2))
def test_an_agents_value_loss_growing_with_its_returns_is_no_divergence(name, seed, tmp_path):
    rng = np.random.default_rng(seed)
    lines = ["dqn train"]
    for e in range(1, 601):
        ret = -110 + 90 * e / 600 + 40 * rng.standard_normal()
        line = f"[step={e}] episode={e} {name}={ret:.4f} length={int(rng.integers(10, 40))}"
        if e > 40:
            line += f" loss={250 * (1 + 3 * e / 600) * np.exp(0.4 * rng.standard_normal()):.4f}"
        lines.append(line)
    d = tmp_path / f"rl-{name}-{seed}"
    d.mkdir()
    (d / "train.log").write_text("\n".join(lines) + "\n")
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name == "divergence" and f.severity in SEVERE], \
        [(f.name, f.message) for f in rr.findings]


def test_a_plain_return_that_is_not_an_agents_does_not_make_an_rl_run():
    from curvedoc.model.roles import rl_marker
    from _helpers import make_run

    for tag in ("val_return_mse", "returns_pred_loss", "return_rate_acc"):
        run = make_run(train_loss=np.linspace(1, 0.1, 20), **{tag: np.linspace(0.5, 0.9, 20)})
        assert rl_marker(run) is None, tag


# ------------------------------------------------ Ultralytics' optimizer groups: the first holds the biases, warmed
# DOWN from warmup_bias_lr (0.1) to lr0 while the weights' groups warm up from 0; the per-epoch LR is the value the
# epoch started with, so a linear decay to lrf x lr0 ends one to two epochs after its last reading
def _ultralytics_lr(epochs, lr0=0.01, lrf=0.01):
    lf = lambda x: (1 - x / epochs) * (1 - lrf) + lrf  # noqa: E731
    w = [lr0 * lf(2) * f for f in (0.33, 0.75, 1.0)]  # the weights' warmup (3 epochs), rising
    b = [0.07, 0.04, lr0 * lf(2)]  # the bias group, falling from 10x
    rest = [lr0 * lf(max(3, e - 1)) for e in range(3, epochs)]
    return b + rest, w + rest


def _results_csv(path, epochs, stop, seed):
    rng = np.random.default_rng(seed)
    pg0, pg1 = _ultralytics_lr(epochs)
    rows = ["epoch,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
            "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2"]
    for e in range(stop):
        f = np.exp(-e / (0.4 * epochs)) * (1 + 0.01 * rng.standard_normal())
        m = 0.7 * (1 - np.exp(-(e + 1) / (0.3 * epochs)))
        rows.append(f"{e + 1},{0.8 + 0.7 * f:.5f},{0.5 + 2.5 * f:.5f},{1.0 + 0.5 * f:.5f},{m + 0.1:.5f},{m:.5f},"
                    f"{m:.5f},{0.6 * m:.5f},{0.9 + 0.7 * f:.5f},{0.6 + 2.3 * f:.5f},{1.1 + 0.5 * f:.5f},"
                    f"{pg0[e]:.6g},{pg1[e]:.6g},{pg1[e]:.6g}")
    path.mkdir()
    (path / "results.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("epochs", [10, 20, 30, 50])
@pytest.mark.parametrize("seed", range(2))
def test_a_finished_ultralytics_schedule_read_per_epoch_is_finished(epochs, seed, tmp_path):
    d = tmp_path / f"train-{epochs}-{seed}"
    _results_csv(d, epochs, epochs, seed)
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name in ("unfinished-schedule", "schedule-ended-early")], \
        [(f.name, f.message) for f in rr.findings]
    assert rr.roles["lr"] == "lr/pg1"  # the weights' group, not the bias group's warmup from 10x


@pytest.mark.parametrize("epochs", [30, 50, 100])
def test_an_ultralytics_run_cut_short_of_its_linear_decay_is_unfinished(epochs, tmp_path):
    d = tmp_path / f"cut-{epochs}"
    _results_csv(d, epochs, int(0.8 * epochs), 0)
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert [f for f in rr.findings if f.name == "unfinished-schedule"], [(f.name, f.message) for f in rr.findings]


def test_lr_ran_out_reads_a_short_linear_decay_logged_per_epoch():
    from curvedoc.detectors._progress import lr_ran_out

    _, pg1 = _ultralytics_lr(10)
    steps = np.arange(1, 11)
    assert lr_ran_out(steps, np.asarray(pg1), 0.05)  # 2.1e-3 of 8e-3 at the last of 10 epochs: over
    assert not lr_ran_out(steps[:7], np.asarray(pg1[:7]), 0.05)  # 3 of 10 epochs left
    assert lr_ran_out(steps, np.full(10, 1e-3) * np.r_[np.ones(5), np.full(5, 0.01)], 0.05)  # a step to 1%
    assert not lr_ran_out(steps, np.full(10, 1e-3), 0.05)  # a constant LR never runs out


# ------------------------------------------------ a binary classifier that ends the run still within a tenth of
# log 2, creeping down, at 55-65% accuracy: it learned too little, whatever it still gains per epoch
def _keras_json(path, hist):
    import json

    path.mkdir()
    (path / "history.json").write_text(json.dumps({k: [float(x) for x in v] for k, v in hist.items()}))


@pytest.mark.parametrize("epochs", [15, 40])
@pytest.mark.parametrize("end", [0.64, 0.67])
@pytest.mark.parametrize("seed", range(2))
def test_a_loss_still_near_log_k_at_the_end_underfits_even_while_it_creeps_down(epochs, end, seed, tmp_path):
    rng = np.random.default_rng(seed)
    t = np.linspace(0, 1, epochs)
    loss = 0.70 - (0.70 - end) * t + 0.004 * rng.standard_normal(epochs)
    val_loss = loss * 0.99 + 0.004 * rng.standard_normal(epochs)
    acc = 0.5 + 0.12 * t + 0.01 * rng.standard_normal(epochs)
    d = tmp_path / f"binary-{epochs}-{end}-{seed}"
    _keras_json(d, {"loss": loss, "accuracy": acc, "val_loss": val_loss, "val_accuracy": acc + 0.01})
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert [f for f in rr.findings if f.name == "underfitting" and f.severity in SEVERE], \
        [(f.name, f.severity, f.message) for f in rr.findings]


@pytest.mark.parametrize("epochs", [15, 40])
def test_a_binary_classifier_that_leaves_log_2_is_no_underfitter(epochs, tmp_path):
    t = np.linspace(0, 1, epochs)
    loss = 0.69 * np.exp(-2.2 * t) + 0.05
    acc = 0.5 + 0.42 * (1 - np.exp(-3 * t))
    d = tmp_path / f"binary-ok-{epochs}"
    _keras_json(d, {"loss": loss, "accuracy": acc, "val_loss": loss * 1.1, "val_accuracy": acc - 0.02})
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name == "underfitting" and f.severity in SEVERE], \
        [(f.name, f.severity, f.message) for f in rr.findings]


# ------------------------------------------------ a loss thrown up by orders of magnitude right after its first
# reading, falling back slowly but ending 10-30x above where the untrained model started
@pytest.mark.parametrize("peak", [1e3, 1e6])
@pytest.mark.parametrize("end", [10.0, 30.0])
@pytest.mark.parametrize("seed", range(2))
def test_a_loss_that_ends_far_above_its_first_reading_diverged_whatever_it_did_between(peak, end, seed, tmp_path):
    rng = np.random.default_rng(seed)
    n = 160
    first = 1386.0
    t = np.arange(n - 1) / (n - 2)
    body = first * np.exp(np.log(peak) * (1 - t) + np.log(end) * t + 0.4 * rng.standard_normal(n - 1))
    v = np.r_[first, body]
    d = tmp_path / f"flow-{peak:g}-{end:g}-{seed}"
    d.mkdir()
    (d / "log.csv").write_text("global_step,nll\n" + "\n".join(f"{4 * (i + 1)},{x:.6g}" for i, x in enumerate(v)) + "\n")
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert [f for f in rr.findings if f.name == "divergence"], [(f.name, f.message) for f in rr.findings]


def test_a_warmup_bump_that_ends_below_its_first_reading_is_no_divergence(tmp_path):
    rng = np.random.default_rng(0)
    n = 160
    t = np.arange(n) / (n - 1)
    v = 2.0 * np.exp(1.5 * np.exp(-((t - 0.05) / 0.03) ** 2) - 1.2 * t + 0.05 * rng.standard_normal(n))
    d = tmp_path / "bump"
    d.mkdir()
    (d / "log.csv").write_text("global_step,loss\n" + "\n".join(f"{i + 1},{x:.6g}" for i, x in enumerate(v)) + "\n")
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name == "divergence"], [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------ a run stopped within the first twentieth of its stated plan, at
# log K: a slow start as often as a model that cannot learn -- not judged at chance from its level alone
def _hf_state_at_chance(path, k, reached, max_steps, seed):
    import json

    rng = np.random.default_rng(seed)
    hist = []
    for s in range(10, reached + 1, 10):
        hist.append({"epoch": s / max_steps * 3, "learning_rate": 2e-5, "loss": round(float(np.log(k) * (1.01 + 0.02 * rng.standard_normal())), 4), "step": s})
        if s % 50 == 0:
            hist.append({"epoch": s / max_steps * 3, "eval_loss": round(float(np.log(k) * 1.005), 4),
                         "eval_accuracy": round(float(1 / k + 0.005 * rng.standard_normal()), 4), "step": s})
    path.mkdir()
    (path / "trainer_state.json").write_text(json.dumps(
        {"global_step": reached, "max_steps": max_steps, "num_train_epochs": 3, "log_history": hist}))


@pytest.mark.parametrize("k", [3, 10])
@pytest.mark.parametrize("seed", range(2))
def test_a_run_stopped_in_the_first_twentieth_of_its_plan_is_not_called_at_chance(k, seed, tmp_path):
    d = tmp_path / f"early-{k}-{seed}"
    _hf_state_at_chance(d, k, 300, 10_000, seed)  # 3% of the plan
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name == "plateau-at-chance"], [(f.name, f.message) for f in rr.findings]
    assert [f for f in rr.findings if f.name == "unfinished-schedule"]


@pytest.mark.parametrize("k", [3, 10])
def test_the_same_run_at_chance_over_most_of_its_plan_is_at_chance(k, tmp_path):
    d = tmp_path / f"late-{k}"
    _hf_state_at_chance(d, k, 900, 1_000, 0)
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert [f for f in rr.findings if f.name == "plateau-at-chance"], [(f.name, f.message) for f in rr.findings]


# ------------------------------------------------ a held-out accuracy climbing through its evaluations, however low
# (an LR far too low): a model learning too slowly, not one at chance
@pytest.mark.parametrize("k", [10, 20])
@pytest.mark.parametrize("evals", [8, 20])
def test_a_climbing_held_out_accuracy_is_not_at_chance(k, evals, tmp_path):
    rng = np.random.default_rng(k + evals)
    acc = np.linspace(0.6, 1.7, evals) / k + 0.002 * rng.standard_normal(evals)
    lk = np.log(k)
    loss = lk * np.linspace(1.06, 0.96, evals * 4) * (1 + 0.005 * rng.standard_normal(evals * 4))
    d = tmp_path / f"slow-{k}-{evals}"
    d.mkdir()
    rows = []
    for i in range(evals * 4):
        rows.append(f"epoch {i // 4 + 1} step {20 * (i + 1)} loss: {loss[i]:.4f}")
        if i % 4 == 3:
            rows.append(f"epoch {i // 4 + 1} EVAL loss: {loss[i] * 0.99:.4f} token acc: {100 * acc[i // 4]:.1f}%")
    (d / "train.log").write_text("\n".join(rows) + "\n")
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert not [f for f in rr.findings if f.name == "plateau-at-chance"], [(f.name, f.message) for f in rr.findings]


@pytest.mark.parametrize("k", [10, 20])
def test_a_held_out_accuracy_scattered_around_1_over_k_is_still_at_chance(k, tmp_path):
    from _helpers import make_run, run_detector

    rng = np.random.default_rng(k)
    n = 20
    run = make_run(train_loss=np.log(k) * (1.02 + 0.01 * rng.standard_normal(n * 4)),
                   val_acc=1 / k + 0.004 * rng.standard_normal(n), val_loss=np.log(k) * (1.03 + 0.01 * rng.standard_normal(n)))
    assert run_detector("plateau-at-chance", run)
