"""## What it detects
Delayed generalisation: the training set is memorised early (training accuracy ~100%, or training
loss ~0), the validation curve stays where it started (near chance) for a long stretch, and then
rises sharply long after memorisation. Works on accuracies (``train_acc``/``val_acc``, in [0, 1] or
percent) or, without them, on losses (validation improvement measured as a fall of log val loss).
Only a completed grok is reported: a run that memorised and whose validation is still at chance at
the end may never grok; that case is the overfitting rule's (V001: validation rising or stalled while
training keeps falling).

## Why it matters
Not a bug, but it changes the advice: early stopping on validation would have cut the run off before
it generalised, and weight decay is what drives the late transition.

## Example
sample_runs/grokking-* (modular addition with weight decay).

## Options
- ``mem_acc``: training accuracy (fraction) that counts as memorised.
- ``mem_loss_factor``: without accuracies, memorised = training loss at most its initial level divided by this.
- ``min_val_gain``: smallest late validation gain: accuracy points (fraction), or log-space fall of the val loss in loss mode times 0.5.
- ``max_gain_before``: largest share of the final validation gain already made when memorisation happened.
- ``min_delay_ratio``: generalisation step over memorisation step (both from the run start).
- ``min_delay_frac``: shortest flat stretch between memorisation and the validation rise, as a fraction of the run up
  to the end of the rise.
- ``min_delay_evals``: ... and in evaluations: the wait is seen over at least this many of them.

## References
seeds/002 'Grokking: The Surprise Generalization' (Power et al. 2022).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _generalization as gx
from curvedoc.detectors._signal import np_median
from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    mem_acc: float
    mem_loss_factor: float
    min_val_gain: float
    max_gain_before: float
    min_delay_ratio: float
    min_delay_frac: float
    min_delay_evals: int


def _as_fraction(v: np.ndarray) -> np.ndarray:
    return v / 100.0 if len(v) and float(np.max(v)) > 1.5 else v


def _first_at_least(steps: np.ndarray, y: np.ndarray, thr: float, start: int = 0) -> int | None:
    idx = np.nonzero(y[start:] >= thr)[0]
    return None if len(idx) == 0 else start + int(idx[0])


@detector("grokking", params=Params)
def grokking(run: Run, p: Params) -> Iterator[Hit]:
    acc_mode = run.has("train_acc", "val_acc")
    if acc_mode:
        ts, tr, _, _ = gx.prepare(run.series("train_acc"), log=False, work=False)
        vs, vr, _, _ = gx.prepare(run.series("val_acc"), log=False)
        if len(ts) < 5 or len(vs) < 5:
            return
        t_q = _as_fraction(tr)
        g = _as_fraction(vr)  # generalisation score: higher is better
        if float(np.min(t_q)) < -0.01 or float(np.max(t_q)) > 1.01 or float(np.min(g)) < -0.01 or float(np.max(g)) > 1.01:
            return  # not accuracies
        train = gx.Level(ts, t_q, False, frac=0.02)
        t_sm = train.y
        mem_thr = p.mem_acc
        i_mem = _first_at_least(ts, t_sm, mem_thr)
        if i_mem is None:
            return
        mem_step = int(train.x[i_mem])
        min_gain = p.min_val_gain
        what_t, what_v = run.roles["train_acc"], run.roles["val_acc"]
    elif run.has("train_loss", "val_loss"):
        ts, tr, _, t_log = gx.prepare(run.series("train_loss"), work=False)
        vs, vr, vw, v_log = gx.prepare(run.series("val_loss"))
        if len(ts) < 5 or len(vs) < 5 or not (t_log and v_log):
            return
        train = gx.Level(ts, tr, True, frac=0.02)
        head = np_median(train.y[: max(1, min(5, len(train.y) // 20))])
        thr = head - math.log(max(p.mem_loss_factor, 1.0 + 1e-9))
        i_mem = np.nonzero(train.y <= thr)[0]
        if len(i_mem) == 0:
            return
        i_mem = int(i_mem[0])
        mem_step = int(train.x[i_mem])
        g = -vw  # higher is better
        min_gain = 2.0 * p.min_val_gain  # log-space fall of the val loss (0.3 -> 0.6 = 1.8x lower)
        what_t, what_v = run.roles["train_loss"], run.roles["val_loss"]
    else:
        return
    s0, s1 = float(min(ts[0], vs[0])), float(max(ts[-1], vs[-1]))
    span = s1 - s0
    if span <= 0:
        return
    gs = gx.smooth_sparse(g)
    j_mem = int(np.searchsorted(vs, mem_step, side="left"))
    if j_mem >= len(vs) - 2:
        return  # memorised too late to see what validation does next
    head_n = max(1, min(3, len(vs) // 10))
    g_start = np_median(gs[:head_n])
    g_mem = np_median(gs[max(0, j_mem - 1): j_mem + 2])
    g_hi = float(np.max(gs[j_mem:]))
    jump = g_hi - g_mem
    if jump < min_gain:
        return
    if g_mem - g_start > p.max_gain_before * (g_hi - g_start):
        return  # validation was already improving with training: ordinary learning, not a delayed one
    j_rise = _first_at_least(vs, gs, g_mem + 0.1 * jump, j_mem)
    j_gen = _first_at_least(vs, gs, g_mem + 0.5 * jump, j_mem)
    j_top = _first_at_least(vs, gs, g_mem + 0.9 * jump, j_mem)
    if j_rise is None or j_gen is None or j_top is None:
        return
    rise_step, gen_step, top_step = int(vs[j_rise]), int(vs[j_gen]), int(vs[j_top])
    plateau = rise_step - mem_step
    # (a share of the run up to the transition's end: how long a run went on after it generalised -- 35,000 more steps
    # at 100% -- says nothing of how long its validation waited)
    if plateau / max(top_step - s0, 1.0) < p.min_delay_frac or j_rise - j_mem < p.min_delay_evals:
        return
    ratio = (gen_step - s0) / max(mem_step - s0, span * 1e-3, 1.0)
    if ratio < p.min_delay_ratio:
        return
    rise_len = max(top_step - rise_step, 0)
    if rise_len > 1.5 * plateau:
        return  # a slow drift upward, not a transition
    # the generalised level must hold to the end (a transient bump is not grokking)
    if np_median(gs[-max(1, min(3, len(gs) // 10)):]) < g_mem + 0.5 * jump:
        return
    if acc_mode:
        lo_txt, hi_txt = f"{g_mem:.0%}", f"{g_hi:.0%}"
        mem_txt = f"{what_t} reached {p.mem_acc:.0%}"
    else:
        lo_txt, hi_txt = fmt_num(math.exp(-g_mem)), fmt_num(math.exp(-g_hi))
        mem_txt = f"{what_t} fell {p.mem_loss_factor:.0f}x below its start"
    sharp = gx.clip01(1.0 - rise_len / max(plateau, 1.0))
    conf = 0.5 + 0.45 * float(np.mean([
        gx.ratio01(ratio - p.min_delay_ratio, 3 * p.min_delay_ratio),
        gx.ratio01(jump - min_gain, 2 * min_gain),
        sharp,
    ]))
    msg = (
        f"delayed generalisation: {mem_txt} at step {fmt_step(mem_step)}, then {what_v} stayed near "
        f"{lo_txt} for {fmt_step(plateau)} steps and rose to {hi_txt} around step {fmt_step(gen_step)} "
        f"({ratio:.1f}x the memorisation step); early stopping would have cut this run off"
    )
    yield Hit(
        msg,
        step=gen_step,
        steps=(mem_step, top_step),
        confidence=round(min(0.95, conf), 3),
        evidence={
            "memorisation_step": mem_step,
            "generalisation_step": gen_step,
            "delay_steps": int(gen_step - mem_step),
            "delay_ratio": float(ratio),
            "plateau_steps": int(plateau),
            "val_at_memorisation": float(g_mem) if acc_mode else float(math.exp(-g_mem)),
            "val_final": float(g_hi) if acc_mode else float(math.exp(-g_hi)),
        },
        marks=(mem_step, gen_step),
        tags=(what_t, what_v),
    )
