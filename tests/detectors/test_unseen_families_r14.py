"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), fourteenth round.

Each family is drawn from a generative description (format, length, noise, where the event sits), never from a visible
run; every member must get the verdict the family stands for, and the healthy twin must not.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from _families import FORMATS, Curves, write
from _helpers import diagnosed_by_name as _findings
from _helpers import shown as _shown

SEVERE = ("warning", "error")


# ------------------------------------------------ a classifier that learned, then lost it and sits at chance to the end,
# its loss thrown up only a few times (a one-cycle peak or a warm-up to an LR too high for the later stage) rather than
# by an order of magnitude: the held-out accuracy at 1/K and the training loss back at log K over the final stretch
def _learned_then_lost(k, n, at, throw, recover, seed, n_eval=20, val_size=2000):
    rng = np.random.default_rng(seed)
    c = math.log(k)
    steps = np.arange(1, n + 1, dtype=np.int64) * 5
    i = int(at * n)
    t = np.arange(n)
    loss = c * (0.25 + 0.75 * np.exp(-t / (0.06 * n)))
    acc_best = min(0.95, 1.0 / k + 0.6)
    # the LR climbs past the model's stability edge: a burst of readings thrown `throw` times up, then the loss at
    # log K (a uniform guess) -- or back to where it was, for the twin that recovered
    burst = slice(i, min(n, i + max(2, n // 50)))
    loss[burst] = c * throw * np.exp(0.2 * rng.standard_normal(len(loss[burst])))
    after = slice(burst.stop, n)
    if recover:
        loss[after] = c * (0.25 + 0.2 * np.exp(-(t[after] - burst.stop) / (0.05 * n)))
    else:
        loss[after] = c * (1.0 + 0.02 * np.abs(rng.standard_normal(n - burst.stop)))
    loss *= np.exp(0.04 * rng.standard_normal(n))
    eval_steps = np.unique(np.linspace(steps[-1] / n_eval, steps[-1], n_eval).astype(np.int64))
    m = len(eval_steps)
    thrown_at = steps[i]
    before = eval_steps < thrown_at
    acc = np.where(before, 1.0 / k + (acc_best - 1.0 / k) * (1 - np.exp(-eval_steps / (0.1 * steps[-1]))), 0.0)
    sd = math.sqrt((1 / k) * (1 - 1 / k) / val_size)
    acc[~before] = (acc_best - 0.03) if recover else np.clip(rng.normal(1.0 / k, sd, int((~before).sum())), 0, 1)
    val_loss = np.where(before, np.interp(eval_steps, steps, loss) * 1.1, c * (1.0 + 0.03 * rng.random(m)))
    if recover:
        val_loss[~before] = np.interp(eval_steps[~before], steps, loss) * 1.1
    lr = np.full(n, 0.5)
    return Curves(steps, loss, lr, eval_steps, val_loss=val_loss, val_acc=acc, hparams={"lr": 0.5})


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("k", [3, 8, 10, 100])
@pytest.mark.parametrize(("n", "at"), [(300, 0.15), (300, 0.45), (2000, 0.3), (2000, 0.45)])
@pytest.mark.parametrize("throw", [2.0, 4.0])
def test_a_classifier_that_learned_and_came_back_to_chance_without_an_explosion_sits_at_chance(fmt, k, n, at, throw,
                                                                                              tmp_path):
    c = _learned_then_lost(k, n, at, throw, False, seed=k * 100 + n + int(10 * throw))
    d = write(c, fmt, tmp_path / f"lost-{fmt}-{k}-{n}-{throw}")
    rr, f = _findings(d)
    assert "plateau-at-chance" in f and f["plateau-at-chance"].severity in SEVERE, _shown(rr)
    assert "lr-too-high" in f["plateau-at-chance"].cause_ids[:2], f["plateau-at-chance"].cause_ids


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("k", [3, 10, 100])
@pytest.mark.parametrize("throw", [2.0, 4.0])
def test_a_classifier_thrown_up_that_learned_again_is_not_at_chance(fmt, k, throw, tmp_path):
    c = _learned_then_lost(k, 1000, 0.3, throw, True, seed=k + int(throw))
    d = write(c, fmt, tmp_path / f"back-{fmt}-{k}-{throw}")
    rr, f = _findings(d)
    assert "plateau-at-chance" not in f, f["plateau-at-chance"].message


@pytest.mark.parametrize("k", [3, 10, 100])
@pytest.mark.parametrize("fmt", ["csv", "tfevents"])
def test_a_held_out_accuracy_at_chance_late_beside_a_fitted_training_loss_is_not_a_return_to_chance(k, fmt, tmp_path):
    # validation drops to 1/K in the second half while the training loss keeps falling far below log K (a model that
    # fits its training data): whatever that is, it is not a model back at the uniform guess
    c = _learned_then_lost(k, 1000, 0.45, 1.0, True, seed=7 * k)
    chance = 1.0 / k
    late = c.eval_steps >= c.steps[450]
    c.val_acc[late] = np.clip(np.random.default_rng(k).normal(chance, 0.005, int(late.sum())), 0, 1)
    d = write(c, fmt, tmp_path / f"fitted-{fmt}-{k}")
    rr, f = _findings(d)
    if "plateau-at-chance" in f:
        assert "sat at chance from step" not in f["plateau-at-chance"].message, f["plateau-at-chance"].message


# ------------------------------------------------ an Ultralytics run stopped after its first two epochs: its LR is the
# warmup ramp scaled by the linear decay running at the same time (lr0 * ni/nw * lf(epoch)), so the second reading is a
# little short of twice the first for a long plan, and far short for a plan of a few epochs (whose warmup never ends)
def _yolo_two_epochs(path, planned, nb, lr0=0.01, lrf=0.01):
    path.mkdir()
    nw = max(round(3 * nb), 100)
    rows = ["epoch,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
            "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2"]
    for e in range(2):
        ni = (e + 1) * nb - 1
        lf = (1 - e / planned) * (1.0 - lrf) + lrf
        w = float(np.interp(ni, [0, nw], [0.0, lr0 * lf]))
        b = float(np.interp(ni, [0, nw], [0.1, lr0 * lf]))
        rows.append(f"{e + 1},{3.0 - 0.2 * e},{3.3 - 0.2 * e},{4.1 - 0.4 * e},0.01,0.2,0.02,0.01,"
                    f"{2.9 - 0.1 * e},{3.5 - 0.1 * e},{4.0 - 0.2 * e},{b:.8g},{w:.8g},{w:.8g}")
    (path / "results.csv").write_text("\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize("planned", [20, 50, 100, 300])
@pytest.mark.parametrize("nb", [40, 120])
def test_a_yolo_run_stopped_inside_its_warmup_is_unfinished(planned, nb, tmp_path):
    d = _yolo_two_epochs(tmp_path / f"yolo-{planned}-{nb}", planned, nb)
    rr, f = _findings(d)
    assert "unfinished-schedule" in f, _shown(rr)


@pytest.mark.parametrize("planned", [2, 3])
@pytest.mark.parametrize("nb", [40, 120])
def test_a_yolo_plan_of_two_or_three_epochs_is_not_read_as_a_warmup_cut_short(planned, nb, tmp_path):
    d = _yolo_two_epochs(tmp_path / f"yolo-{planned}-{nb}", planned, nb)
    rr, f = _findings(d)
    assert "unfinished-schedule" not in f, f["unfinished-schedule"].message
