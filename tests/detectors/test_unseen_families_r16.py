"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), sixteenth round.

- A loss NaN at every reading is still the run's training loss: a hand-written log(p) on saturated sigmoids or an LR
  that broke the weights before the first print leave a loss column with no number in it, and the run was read as
  "no loss logged" (healthy on a flat accuracy).
- A blow-up before the first logged reading: a cross-entropy whose first reading is orders of magnitude above what
  an untrained model scores (log K; at most the log of the largest vocabulary) and never comes back diverged, though
  no reading shows it rising. A loss summed over the batch (it starts at B x log K) falls as it learns: not it.
- A cosine LR schedule states its length from its first readings (each reading alone gives T; they agree only for
  a cosine): a schedule built for 100 epochs and stopped at 12 is at 97% of its peak, too shallow for a slope.
  Exponential and linear decays state nothing that way.
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
    n = len(cols[keys[0]])

    def cell(x):
        if isinstance(x, float) and not math.isfinite(x):
            return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
        return f"{x:.6g}" if isinstance(x, float) else str(x)

    (path / name).write_text(",".join(keys) + "\n" + "".join(",".join(cell(cols[k][i]) for k in keys) + "\n"
                                                           for i in range(n)))
    return path


# ------------------------------------------------------------------------------ a loss NaN at every reading
def _nan_print_log(path, n_epochs, iters, k, acc_rises=False, name="bce"):
    """A print log: 'epoch E iter N: bce nan' lines and one '>>> val epoch E: acc x' per epoch (a loss named by
    its kind alone: conventional names such as 'loss' kept their role before)."""
    path.mkdir(parents=True)
    lines = ["starting training", f"classes: {k}"]
    for e in range(n_epochs):
        for it in range(0, iters, 5):
            lines.append(f"epoch {e} iter {it}: {name} nan")
        acc = (0.25 + 0.6 * e / max(1, n_epochs - 1)) if acc_rises else 1.0 / k
        lines.append(f">>> val epoch {e}: acc {acc:.4f}")
    (path / "train.log").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("name", ["bce", "nll", "xent"])
@pytest.mark.parametrize(("n_epochs", "iters", "k"), [(10, 40, 8), (6, 100, 4), (20, 20, 10), (12, 60, 3)])
def test_a_loss_nan_at_every_reading_is_the_training_loss_and_a_divergence(name, n_epochs, iters, k, tmp_path):
    d = _nan_print_log(tmp_path / f"nan-{name}-{n_epochs}-{iters}-{k}", n_epochs, iters, k, name=name)
    rr, f = _findings(d)
    assert rr.roles.get("train_loss") == name, _shown(rr)
    assert "divergence" in f and "NaN" in f["divergence"].message, _shown(rr)


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
@pytest.mark.parametrize("n", [12, 40, 150])
def test_a_nan_loss_column_in_a_table_is_read_as_the_loss(fmt, n, tmp_path):
    d = tmp_path / f"{fmt}-{n}"
    acc = [0.125] * n
    if fmt == "csv":
        _csv(d, {"epoch": list(range(n)), "train_bce": [float("nan")] * n, "val_acc": acc})
    else:
        d.mkdir()
        (d / "log.jsonl").write_text("".join(json.dumps({"epoch": e, "train_bce": float("nan"), "val_acc": 0.125})
                                             .replace("NaN", '"nan"') + "\n" for e in range(n)))
    rr, f = _findings(d)
    assert rr.roles.get("train_loss") == "train_bce", _shown(rr)
    assert "divergence" in f, _shown(rr)


@pytest.mark.parametrize(("n_epochs", "iters"), [(10, 40), (20, 20)])
def test_a_nan_loss_beside_an_accuracy_that_rose_is_a_broken_log_not_a_diverged_model(n_epochs, iters, tmp_path):
    d = _nan_print_log(tmp_path / f"nanrise-{n_epochs}", n_epochs, iters, 4, acc_rises=True)
    rr, f = _findings(d)
    assert "divergence" not in f, _shown(rr)


def test_only_a_loss_keeps_a_role_by_its_words_when_it_never_held_a_number(tmp_path):
    # an accuracy known only by its words takes no role when NaN everywhere; a loss so named does (it is the loss)
    n = 30
    loss = [round(2.0 * math.exp(-i / 10) + 0.2, 5) for i in range(n)]
    d = _csv(tmp_path / "accnan", {"epoch": list(range(n)), "train_loss": loss,
                                   "dev_top1_accuracy": [float("nan")] * n, "val_total_loss": [float("nan")] * n})
    rr, f = _findings(d)
    assert "val_acc" not in rr.roles and rr.roles.get("val_loss") == "val_total_loss", _shown(rr)
    assert "divergence" not in f, _shown(rr)


# ------------------------------------------------------------------------------ a blow-up before the first reading
def _hf_state(path, loss, eval_acc, every, lr0=50.0, with_acc=True):
    path.mkdir(parents=True)
    n = len(loss)
    hist = []
    for i, x in enumerate(loss):
        st = (i + 1) * every
        hist.append({"epoch": round(st / (n * every) * 5, 4), "step": st, "loss": float(x),
                     "learning_rate": lr0 * (1 - st / (n * every)), "grad_norm": float(x) * 1e3})
        if with_acc and (i + 1) % max(1, n // 5) == 0:
            hist.append({"epoch": round(st / (n * every) * 5, 4), "step": st, "eval_loss": float(x) * 1.1,
                         "eval_accuracy": float(eval_acc[i])})
    state = {"global_step": n * every, "max_steps": n * every, "num_train_epochs": 5, "log_history": hist,
             "logging_steps": every, "train_batch_size": 16}
    (path / "trainer_state.json").write_text(json.dumps(state))
    return path


@pytest.mark.parametrize("level", [3e3, 2.6e5, 4e7])
@pytest.mark.parametrize(("n", "every"), [(25, 25), (60, 10), (200, 5)])
def test_a_cross_entropy_blown_up_before_its_first_reading_diverged(level, n, every, tmp_path):
    rng = np.random.default_rng(n + int(math.log10(level)))
    k = 5
    loss = level * np.exp(0.3 * rng.standard_normal(n))
    acc = 1.0 / k + 0.03 * rng.standard_normal(n)
    d = _hf_state(tmp_path / f"blown-{level:g}-{n}", loss, acc, every)
    rr, f = _findings(d)
    assert "divergence" in f, _shown(rr)
    assert "first reading" in f["divergence"].message and f["divergence"].severity == "error"


@pytest.mark.parametrize("batch", [32, 256])
@pytest.mark.parametrize("n", [40, 150])
def test_a_loss_summed_over_the_batch_that_learns_is_no_blow_up(batch, n, tmp_path):
    # reduction='sum': the untrained model scores B x log K, and the loss falls as it learns -- a scale, not a blow-up
    rng = np.random.default_rng(batch + n)
    k = 10
    t = np.arange(n)
    loss = batch * math.log(k) * (0.15 + 0.85 * np.exp(-t / (0.25 * n))) * np.exp(0.05 * rng.standard_normal(n))
    acc = 0.1 + 0.8 * (1 - np.exp(-t / (0.25 * n)))
    d = _hf_state(tmp_path / f"summed-{batch}-{n}", loss, acc, 10, lr0=1e-3)
    rr, f = _findings(d)
    assert "divergence" not in f, _shown(rr)


@pytest.mark.parametrize("n", [30, 120])
def test_a_huge_regression_loss_of_unknown_kind_is_no_blow_up(n, tmp_path):
    # raw units: an MSE in the millions that stays there is a scale (nothing says it is a cross-entropy)
    rng = np.random.default_rng(n)
    loss = 3e6 * np.exp(0.1 * rng.standard_normal(n))
    d = _csv(tmp_path / f"mse-{n}", {"epoch": list(range(n)), "train_mse": [float(x) for x in loss],
                                     "val_mse": [float(x) * 1.1 for x in loss]})
    rr, f = _findings(d)
    assert "divergence" not in f or "first reading" not in f["divergence"].message, _shown(rr)


def test_a_blown_up_start_that_learns_back_below_chance_is_no_divergence(tmp_path):
    n = 100
    t = np.arange(n)
    loss = 2e4 * np.exp(-t / 5.0) + 0.4 + 0.01 * np.sin(t)  # 5 classes: log 5 = 1.61, learned down to 0.4
    acc = np.clip(0.2 + 0.7 * (1 - np.exp(-t / 15.0)), 0, 1)
    d = _hf_state(tmp_path / "learns", loss, acc, 10, lr0=1e-3)
    rr, f = _findings(d)
    assert "divergence" not in f or "first reading" not in f["divergence"].message, _shown(rr)


# ------------------------------------------------------------------------------ a cosine schedule states its length
def _cos_run(path, planned, done, every=1, floor=0.0, peak=3e-3, shape="cosine", seed=0, digits=6):
    rng = np.random.default_rng(seed)
    e = np.arange(done)
    if shape == "cosine":
        lr = floor + (peak - floor) * 0.5 * (1 + np.cos(np.pi * e / planned))
    elif shape == "exponential":
        lr = peak * (0.99 ** e)
    else:
        lr = peak * (1 - e / planned)
    loss = 0.5 * (0.1 + 0.9 * np.exp(-e / 3.0)) * np.exp(0.03 * rng.standard_normal(done))
    fmt = lambda x: float(f"{x:.{digits}g}")  # noqa: E731 -- as a CSV writer prints them
    return _csv(path, {"epoch": [int(x) + 1 for x in e], "step": [int(x + 1) * every for x in e],
                       "train_loss": [fmt(x) for x in loss], "val_loss": [fmt(x * 1.05) for x in loss],
                       "lr": [fmt(x) for x in lr]})


@pytest.mark.parametrize(("planned", "done"), [(100, 12), (200, 15), (60, 10), (300, 40)])
@pytest.mark.parametrize("every", [1, 50])
def test_a_cosine_schedule_cut_short_is_unfinished_from_its_first_readings(planned, done, every, tmp_path):
    d = _cos_run(tmp_path / f"cos-{planned}-{done}-{every}", planned, done, every=every, seed=planned)
    rr, f = _findings(d)
    assert "unfinished-schedule" in f, _shown(rr)
    msg = f["unfinished-schedule"].message
    assert "cosine" in msg
    # the length read from the cosine is the planned one (to the reading's resolution), not a slope's guess
    assert f"{done / planned:.0%} done" in msg or f"{done / (planned + 1):.0%} done" in msg, msg


def test_a_cosine_with_a_floor_is_read_too(tmp_path):
    d = _cos_run(tmp_path / "cosfloor", 100, 14, floor=3e-5, seed=3)
    rr, f = _findings(d)
    assert "unfinished-schedule" in f and "cosine" in f["unfinished-schedule"].message, _shown(rr)


@pytest.mark.parametrize("shape", ["exponential", "linear"])
@pytest.mark.parametrize("done", [12, 20])
def test_an_exponential_or_linear_decay_states_no_cosine_length(shape, done, tmp_path):
    d = _cos_run(tmp_path / f"{shape}-{done}", 400, done, shape=shape, seed=done)
    rr, f = _findings(d)
    assert "unfinished-schedule" not in f or "cosine" not in f["unfinished-schedule"].message, _shown(rr)


def test_a_cosine_that_ran_its_course_is_finished(tmp_path):
    d = _cos_run(tmp_path / "cosdone", 50, 50, seed=5)
    rr, f = _findings(d)
    assert "unfinished-schedule" not in f, _shown(rr)


def test_a_cosine_printed_to_two_digits_states_nothing(tmp_path):
    # 3.0e-3 -> 2.9e-3: the printed digits cannot show the cosine's shape, so no length is read from it
    d = _cos_run(tmp_path / "cos2", 100, 12, seed=7, digits=2)
    rr, f = _findings(d)
    assert "unfinished-schedule" not in f or "cosine" not in f["unfinished-schedule"].message, _shown(rr)


# ------------------------------------------------------------------------------ a top-k accuracy bounds K from below
def _yolo_cls(path, k_true, n, seed, first_top1=0.345):
    """An Ultralytics classify results.csv: train/loss from log K down, val/loss flat, top-1 from ~1/3 (after one
    epoch of a K-class task) and top-5 below 1 (K > 5)."""
    rng = np.random.default_rng(seed)
    e = np.arange(1, n + 1)
    lk = math.log(k_true)
    tl = lk * np.exp(-e / (0.2 * n)) + 0.02
    vl = lk * (0.9 + 0.05 * rng.standard_normal(n))
    top1 = np.clip(first_top1 + 0.3 * (1 - np.exp(-e / (0.1 * n))) + 0.02 * rng.standard_normal(n), 0, 1)
    top5 = np.clip(0.75 + 0.15 * (1 - np.exp(-e / (0.1 * n))) + 0.02 * rng.standard_normal(n), 0, 0.99)
    top1[:3] = first_top1 + np.array([0.0, 0.004, -0.003])
    return _csv(path, {"epoch": [int(x) for x in e], "train/loss": [float(x) for x in tl],
                       "metrics/accuracy_top1": [float(x) for x in top1],
                       "metrics/accuracy_top5": [float(x) for x in top5], "val/loss": [float(x) for x in vl],
                       "lr/pg0": [float(1e-3 * (1 - x / n)) for x in e]}, name="results.csv")


@pytest.mark.parametrize(("k_true", "n"), [(11, 200), (8, 60), (20, 100)])
def test_a_top5_accuracy_below_one_rules_out_k_of_three(k_true, n, tmp_path):
    # a first top-1 of 0.345 reads as 1/3, but a top-5 accuracy below 1 says more than 5 classes: the first loss at
    # log K is then where an untrained model starts, not 2x log 3
    d = _yolo_cls(tmp_path / f"cls-{k_true}-{n}", k_true, n, seed=k_true)
    rr, f = _findings(d)
    assert "initial-loss-off" not in f or "K=3" not in f["initial-loss-off"].message, _shown(rr)


def test_more_classes_than_reads_top_k_names():
    from curvedoc.detectors._progress import more_classes_than

    class M:
        def __init__(self, tag, scale=1.0):
            self.tag, self.rate, self.higher_is_better, self.scale = tag, True, True, scale

    import pandas as pd

    class R:
        metrics = [M("metrics/accuracy_top5"), M("acc@3", 100.0), M("top1_acc"), M("val_top10", 1.0)]
        vals = {"metrics/accuracy_top5": [0.7, 0.9], "acc@3": [100.0, 100.0], "top1_acc": [0.2, 0.4],
                "val_top10": [1.0, 1.0]}

        def series(self, tag):
            return pd.Series(self.vals[tag])

    assert more_classes_than(R()) == 5  # top-3 and top-10 were 1 at every reading: they bound nothing


# ------------------------------------------------------------------------------ a warmup logged per micro-batch
def _accum_log(path, n_batches, accum, warmup_steps, peak, seed, loss_start=4.6):
    """A GPT-2-style print log: one line per micro-batch, the LR stepped once per optimizer step (every ``accum``
    micro-batches) by a linear warmup that the run never finishes; a byte-level LM whose loss falls slowly."""
    rng = np.random.default_rng(seed)
    path.mkdir(parents=True)
    lines = [f"args: epochs=5, lr={peak}, warmup_steps={warmup_steps}, gradient_accumulation={accum}"]
    for b in range(1, n_batches + 1):
        opt_step = (b - 1) // accum
        lr = peak * opt_step / warmup_steps
        loss = loss_start * (0.8 + 0.2 * math.exp(-b / (0.4 * n_batches))) * math.exp(0.03 * rng.standard_normal())
        acc = 0.2 + 0.15 * (1 - math.exp(-b / (0.4 * n_batches)))
        lines.append(f"epoch 1, batch {b}, loss {loss:.4f}, batch_acc {acc:.4f}, lr {lr:.6e}")
    (path / "train.log").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(("n_batches", "accum"), [(1500, 6), (600, 4), (300, 8)])
def test_a_warmup_stepped_per_optimizer_step_is_still_warming_and_not_underfitting(n_batches, accum, tmp_path):
    d = _accum_log(tmp_path / f"accum-{n_batches}-{accum}", n_batches, accum, 4000, 1.5e-4, seed=accum)
    rr, f = _findings(d)
    assert "underfitting" not in f, _shown(rr)
    assert "unfinished-schedule" in f and "warming up" in f["unfinished-schedule"].message, _shown(rr)


def test_a_warmup_that_ended_into_a_constant_lr_is_not_warming():
    from curvedoc.detectors._progress import _warming
    import pandas as pd

    ramp = np.repeat(np.linspace(0, 1e-3, 40), 5)  # stepped every 5 readings: still warming at the end
    assert _warming(pd.Series(ramp)) is not None
    done = np.r_[ramp, np.full(400, 1e-3)]  # then held constant for 400 readings: the warmup ended long ago
    assert _warming(pd.Series(done)) is None
    stairs = np.r_[np.full(100, 1e-3), np.full(100, 2e-3)]  # one step up: no ramp
    assert _warming(pd.Series(stairs)) is None


# ------------------------------------------------------------------------------ short per-step logs with spikes
@pytest.mark.parametrize("n", [10, 14, 19])
@pytest.mark.parametrize("size", [50.0, 1e6])
def test_a_short_training_loss_is_judged_reading_against_reading(n, size, tmp_path):
    # fewer readings than the window test needs (20): a reading far above both neighbours is still a spike
    rng = np.random.default_rng(n)
    loss = 130.0 * np.exp(0.05 * rng.standard_normal(n))
    loss[n // 2] *= size
    d = _csv(tmp_path / f"short-{n}-{size:g}", {"step": [int(50 * (i + 1)) for i in range(n)],
                                                  "train_loss_step": [float(x) for x in loss]})
    rr, f = _findings(d)
    assert "loss-spikes" in f, _shown(rr)


@pytest.mark.parametrize("n", [10, 16])
def test_a_short_smooth_training_loss_has_no_spike(n, tmp_path):
    rng = np.random.default_rng(n)
    loss = 2.0 * np.exp(-np.arange(n) / 5.0) * np.exp(0.1 * rng.standard_normal(n)) + 0.1
    d = _csv(tmp_path / f"smooth-{n}", {"step": list(range(1, n + 1)), "train_loss": [float(x) for x in loss]})
    rr, f = _findings(d)
    assert "loss-spikes" not in f, _shown(rr)


# ------------------------------------------------------------------------------ Dice is a held-out score
@pytest.mark.parametrize("name", ["Dice", "dice", "mean_dice"])
def test_a_dice_named_by_no_split_is_the_held_out_score(name, tmp_path):
    n = 120
    rng = np.random.default_rng(len(name))
    e = np.arange(1, n + 1)
    dice = 0.6 + 0.14 * np.exp(-((e - 40) / 25.0) ** 2) - 0.15 * (e > 80) * (e - 80) / 40 + 0.01 * rng.standard_normal(n)
    d = _csv(tmp_path / name, {"epoch": [int(x) for x in e], name: [float(x) for x in dice]})
    rr, f = _findings(d)
    assert "metric-regression" in f and name in f["metric-regression"].message, _shown(rr)


# ------------------------------------------------------------------------------ an agent that learned at once
@pytest.mark.parametrize("n_eval", [8, 12, 17])  # sparse evaluations, read one by one
def test_an_agent_that_learned_within_its_first_evaluation_and_lost_it_regressed(n_eval, tmp_path):
    rng = np.random.default_rng(n_eval)
    ev = np.full(n_eval, -5.8) + 0.05 * rng.standard_normal(n_eval)
    ev[0] = -56.8  # the untrained policy, evaluated before the first update
    k = int(0.7 * n_eval)
    ev[k:] = np.linspace(-11, -37, n_eval - k) + 2 * rng.standard_normal(n_eval - k)
    steps = [int(489 * (i + 1)) for i in range(n_eval)]
    rows = {"step": [], "train/reward": [], "train/loss": [], "val/reward": []}
    for i, s in enumerate(steps):
        rows["step"].append(s)
        rows["train/reward"].append(float(ev[i] + rng.standard_normal()))
        rows["train/loss"].append(float(abs(0.3 * rng.standard_normal())))
        rows["val/reward"].append(float(ev[i]))
    d = _csv(tmp_path / f"ppo-{n_eval}", rows)
    rr, f = _findings(d)
    assert "metric-regression" in f and "reward" in f["metric-regression"].message, _shown(rr)


# ------------------------------------------------------------------------------ a dense, noisy validation loss
def _dense_val(path, n, rise, seed, noise=0.13, train_falls=True):
    """A validation batch read at every step: the validation loss falls to a minimum at a fifth of the run, then
    rises by ``rise`` (log) to the end, each reading +-``noise`` (log); the training loss keeps falling."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    tmin = 0.2 * n
    base = np.where(t < tmin, math.log(25.0) - (t / tmin) * math.log(25 / 13.5),
                    math.log(13.5) + rise * (t - tmin) / (n - tmin))
    val = np.exp(base + noise * rng.standard_normal(n))
    train = 25.0 * np.exp(-t / (0.5 * n)) * (1 if train_falls else 0) + 4 + 0.3 * rng.standard_normal(n)
    return _csv(path, {"step": [int(x) for x in t], "loss": [float(x) for x in np.abs(train)],
                       "VALIDATION loss": [float(x) for x in val]})


@pytest.mark.parametrize("n", [600, 1000, 2600])
@pytest.mark.parametrize("rise", [0.2, 0.3])
def test_a_dense_noisy_validation_loss_that_rises_is_overfitting(n, rise, tmp_path):
    # +-13% per reading; a rise of 20% over the last four fifths is 5-10 standard errors of the tenth-medians
    d = _dense_val(tmp_path / f"dense-{n}-{rise}", n, rise, seed=n)
    rr, f = _findings(d)
    assert "overfitting" in f, _shown(rr)


@pytest.mark.parametrize("n", [300, 1000, 2600])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_dense_noisy_validation_loss_that_stays_flat_is_not(n, seed, tmp_path):
    d = _dense_val(tmp_path / f"flat-{n}-{seed}", n, 0.0, seed=seed + n)
    rr, f = _findings(d)
    assert "overfitting" not in f, _shown(rr)


# ------------------------------------------------------------------------------ a blow-up episode after an absurd start
@pytest.mark.parametrize("n", [45, 120, 400])
@pytest.mark.parametrize("height", [1e3, 1e6])
def test_a_blow_up_episode_is_a_spike_whatever_the_start(n, height, tmp_path):
    # the first readings are absurd (1e8) and the loss then trains at 3-30: a six-reading episode at 1e3-1e6 that
    # comes back is an instability episode, though it is a sliver of the 'progress' measured from the start
    rng = np.random.default_rng(n)
    loss = 10.0 * np.exp(0.6 * rng.standard_normal(n))
    loss[:4] = 1e8 * np.exp(0.5 * rng.standard_normal(4))
    a = n // 2
    w = max(3, n // 15)
    loss[a:a + w] = height * np.exp(0.5 * rng.standard_normal(w))
    d = _csv(tmp_path / f"blow-{n}-{height:g}", {"step": list(range(n)), "loss": [float(x) for x in loss]})
    rr, f = _findings(d)
    assert "loss-spikes" in f and f["loss-spikes"].severity == "warning", _shown(rr)


@pytest.mark.parametrize("n", [60, 300])
def test_a_converged_loss_wandering_near_zero_is_no_blow_up(n, tmp_path):
    # a start at 1.3 and a converged loss of 0.01 wandering to 0.04: 4x, not orders of magnitude -- still quiet
    rng = np.random.default_rng(n)
    t = np.arange(n)
    loss = 1.3 * np.exp(-t / (0.1 * n)) + 0.01 * np.exp(0.2 * rng.standard_normal(n))
    loss[n // 2:n // 2 + n // 10] += 0.03
    d = _csv(tmp_path / f"wander-{n}", {"step": list(range(n)), "loss": [float(x) for x in loss]})
    rr, f = _findings(d)
    assert "loss-spikes" not in f or f["loss-spikes"].severity == "info", _shown(rr)


def test_a_short_log_spike_small_against_its_fall_is_an_info(tmp_path):
    # a loss falling 1,000x over 14 readings (1.6 -> 0.0014) with one reading at 0.14 that is back at once: a bad batch
    # worth telling, 8% of the fall -- the start is the first reading, not the median of three that fell 70x already
    loss = [1.628, 0.072, 0.022, 0.0116, 0.0076, 0.005, 0.0038, 0.0032, 0.0027, 0.0022, 0.002, 0.0016, 0.0014,
            0.137, 0.010, 0.0012]
    d = _csv(tmp_path / "lmhead", {"step": [50 * (i + 1) for i in range(len(loss))], "loss": loss})
    rr, f = _findings(d)
    assert "loss-spikes" in f and f["loss-spikes"].severity == "info", _shown(rr)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_per_batch_loss_scattered_over_orders_of_magnitude_has_no_blow_up(seed, tmp_path):
    # a per-batch loss of a nearly fitted classifier logged every 50 steps: 0.002-1.8, log-normal scatter of ~1.5
    # nats; its smoothed best sits on one low extreme, and 100x above it is its ordinary scatter
    rng = np.random.default_rng(seed)
    n = 55
    loss = np.exp(np.log(0.1) + 1.5 * rng.standard_normal(n))
    d = _csv(tmp_path / f"scatter-{seed}", {"step": [50 * (i + 1) - 1 for i in range(n)],
                                               "train_loss": [float(x) for x in loss]})
    rr, f = _findings(d)
    assert "loss-spikes" not in f or "100x" not in f["loss-spikes"].message, _shown(rr)
    assert "loss-spikes" not in f or f["loss-spikes"].severity == "info" or \
        f["loss-spikes"].evidence.get("variant") != "bump", _shown(rr)


# ------------------------------------------------------------------------------ top-k accuracies judge from k/K
def _yolo_cls_weak(path, k_true, n, seed, learns=False):
    """An Ultralytics classifier whose schedule completes: train/loss from log K; top-1 and top-5 accuracies."""
    rng = np.random.default_rng(seed)
    e = np.arange(1, n + 1)
    lk = math.log(k_true)
    if learns:
        tl = lk * (0.05 + 0.95 * np.exp(-e / (0.15 * n)))
        top1 = 0.95 - 0.6 * np.exp(-e / (0.15 * n))
    else:
        tl = lk * (0.82 + 0.18 * np.exp(-e / (0.3 * n))) * np.exp(0.01 * rng.standard_normal(n))
        top1 = 1.0 / k_true + 0.25 * (1 - np.exp(-e / (0.3 * n))) + 0.02 * rng.standard_normal(n)
    top5 = np.ones(n) if k_true <= 5 else np.clip(5 / k_true + 0.1 * (1 - np.exp(-e / (0.3 * n))), 0, 1)
    lr = np.where(e <= 3, 1e-3 * e / 3, 1e-3 * (1 - (e - 3) / (n - 2)))
    return _csv(path, {"epoch": [int(x) for x in e], "train/loss": [float(x) for x in tl],
                       "metrics/accuracy_top1": [float(x) for x in np.clip(top1, 0, 1)],
                       "metrics/accuracy_top5": [float(x) for x in top5],
                       "val/loss": [float(x) * 1.02 for x in tl], "lr/pg0": [float(x) for x in lr]},
                name="results.csv")


@pytest.mark.parametrize(("k_true", "n"), [(2, 40), (4, 100), (6, 10), (3, 30)])
def test_a_weak_classifier_is_not_cleared_by_its_top5_accuracy(k_true, n, tmp_path):
    # a top-5 accuracy of a task of 5 classes or fewer is 1 by construction (of 6, 0.83 at chance): it says nothing
    # of the fit, and a loss at 80-85% of log K with a middling top-1 after a complete schedule is underfitting
    d = _yolo_cls_weak(tmp_path / f"weak-{k_true}-{n}", k_true, n, seed=k_true + n)
    rr, f = _findings(d)
    assert "underfitting" in f or "plateau-at-chance" in f, _shown(rr)


@pytest.mark.parametrize(("k_true", "n"), [(2, 40), (4, 100), (6, 30)])
def test_a_classifier_that_fits_is_not_underfitting(k_true, n, tmp_path):
    d = _yolo_cls_weak(tmp_path / f"fit-{k_true}-{n}", k_true, n, seed=k_true, learns=True)
    rr, f = _findings(d)
    assert "underfitting" not in f, _shown(rr)


# ------------------------------------------------------------------------------ a perfect held-out accuracy
@pytest.mark.parametrize(("k", "n"), [(3, 100), (5, 60), (2, 200)])
def test_a_loss_gap_beside_a_perfect_held_out_accuracy_is_an_info(k, n, tmp_path):
    # an Ultralytics classifier's validation loss is a cross-entropy of probabilities: its floor is log(1 + (K-1)/e)
    # (0.551 for 3 classes), reached at 100% top-1 while the training loss goes on to 5e-4
    e = np.arange(1, n + 1)
    floor = math.log(1 + (k - 1) / math.e)
    tl = 0.9 * np.exp(-(e - 1) / 0.4) + 5e-4  # the training data fitted almost at once
    vl = floor + 0.25 * np.exp(-e / 3.0)
    top1 = np.where(e < 8, 0.9 + 0.0125 * e, 1.0)
    d = _csv(tmp_path / f"perfect-{k}-{n}", {"epoch": [int(x) for x in e], "train/loss": [float(x) for x in tl],
                                              "metrics/accuracy_top1": [float(x) for x in top1],
                                              "val/loss": [float(x) for x in vl]}, name="results.csv")
    rr, f = _findings(d)
    assert "train-val-gap" not in f or f["train-val-gap"].severity == "info", _shown(rr)


# ------------------------------------------------------------------------------ an AUC at 0.5
@pytest.mark.parametrize("n", [8, 30, 60])
@pytest.mark.parametrize("split", ["val_auc", "ROC_AUC"])
def test_an_auc_at_one_half_throughout_is_at_chance(n, split, tmp_path):
    rng = np.random.default_rng(n)
    auc = 0.5 + 0.025 * rng.standard_normal(n)
    loss = 270.0 + 5 * rng.standard_normal(n)
    d = _csv(tmp_path / f"auc-{split}-{n}", {"epoch": list(range(1, n + 1)), "loss": [float(x) for x in loss],
                                              split: [float(x) for x in auc]})
    rr, f = _findings(d)
    assert "plateau-at-chance" in f and "auc" in f["plateau-at-chance"].message.lower(), _shown(rr)


@pytest.mark.parametrize("n", [8, 30])
def test_an_auc_that_rises_is_not_at_chance(n, tmp_path):
    e = np.arange(1, n + 1)
    auc = 0.5 + 0.4 * (1 - np.exp(-e / (0.3 * n)))
    loss = 0.7 * np.exp(-e / (0.3 * n)) + 0.1
    d = _csv(tmp_path / f"aucup-{n}", {"epoch": [int(x) for x in e], "loss": [float(x) for x in loss],
                                        "val_auc": [float(x) for x in auc]})
    rr, f = _findings(d)
    assert "plateau-at-chance" not in f, _shown(rr)


def test_an_auc_at_chance_on_a_run_still_being_written_waits_for_its_end(tmp_path):
    # 8 evaluations of a 100-epoch plan at AUC 0.5 are also a slow start: a live reading holds the verdict back
    from curvedoc.engine import Plan, diagnose_run, resolve_settings
    from curvedoc.importers import load_all

    rng = np.random.default_rng(8)
    n = 8
    d = _csv(tmp_path / "live-auc", {"epoch": list(range(1, n + 1)), "epochs": [100] * n,
                                      "loss": [float(x) for x in 0.7 + 0.01 * rng.standard_normal(n)],
                                      "val_auc": [float(x) for x in 0.5 + 0.02 * rng.standard_normal(n)]})
    run = load_all(d).runs[0]
    run.meta["live"] = True
    live = diagnose_run(run, Plan.build(resolve_settings(None)), keep_run=False)
    assert "plateau-at-chance" not in {f.name for f in live.findings}


# ------------------------------------------------------------------------------ an LR printed with too few digits
def _printed_lr_log(path, decimals, n=40, cut=10, seed=0):
    """A per-epoch CSV whose LR column is printed to ``decimals`` places: 1e-4 for ``cut`` epochs, then a cosine tail
    from 4e-5 down to 1e-6 (which 4 decimals print as 0.0000)."""
    rng = np.random.default_rng(seed)
    e = np.arange(n)
    lr = np.where(e < cut, 1e-4, 4e-5 * (0.5 * (1 + np.cos(np.pi * (e - cut) / (n - cut)))) + 1e-6)
    loss = 0.8 * np.exp(-e / 15.0) + 0.2 + 0.01 * rng.standard_normal(n)
    path.mkdir(parents=True)
    (path / "metrics.csv").write_text("epoch,lr,train_loss\n" + "".join(
        f"{i},{lr[i]:.{decimals}f},{loss[i]:.4f}\n" for i in range(n)))
    return path


def test_an_lr_printed_as_zero_below_its_last_digit_is_no_floor(tmp_path):
    d = _printed_lr_log(tmp_path / "lr4", 4)
    rr, f = _findings(d)
    assert "schedule-ended-early" not in f, _shown(rr)


def test_an_lr_that_really_reaches_zero_early_is_still_a_floor(tmp_path):
    # a float-logged LR that is set to 0 a quarter of the way in: a floor whatever the print
    n = 40
    e = np.arange(n)
    lr = np.where(e < 10, 1e-3 * (1 - e / 10), 0.0)
    loss = 0.8 * np.exp(-e / 5.0) + 0.3
    d = _csv(tmp_path / "lr0", {"epoch": [int(x) for x in e], "train_loss": [float(x) for x in loss],
                                "lr": [float(x) for x in lr]})
    rr, f = _findings(d)
    assert "schedule-ended-early" in f, _shown(rr)


def test_print_step_reads_the_printed_resolution():
    from curvedoc.detectors.schedule_ended_early import _print_step

    assert _print_step(np.array([1e-4, 1e-4, 0.0, 0.0])) == pytest.approx(1e-4)
    assert _print_step(np.array([1e-3, 1e-4, 1e-5, 0.0])) == pytest.approx(1e-5)
    # (a full-precision float sits on no coarse decimal place: its resolution is below anything a floor compares)
    assert _print_step(np.array([1.2345e-5, 3.3e-7, 0.0])) <= 1e-9  # 9 decimals: far below any floor compared
