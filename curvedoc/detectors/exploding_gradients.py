"""## What it detects
A gradient norm that grows by orders of magnitude, or becomes NaN/Inf. The smoothed norm (rolling
median of log10, so isolated spikes do not count) is compared with its median over the first
``early_frac`` of the run (so one initial transient point does not move the reference either); a
sustained rise of at least ``min_orders`` orders of magnitude is flagged with the growth factor, the
step where it crossed, and whether the training loss followed. Uses ``grad_norm`` or the square root of
``grad_norm_sq``.

In a reinforcement-learning run (policy optimisation included) growth is not judged: the norm follows the
advantages, which sit near 0 while all rollouts of a group score the same. A norm that is large but not
growing is not exploding: e.g. a norm logged before fp16 unscaling sits
at 1e4-1e6 from the first step while the loss falls normally; growth, not size, is the symptom here
(clip-saturation judges the size against the clipping threshold). A burst that comes back to (or below)
the early level by the end while the loss never rose is a transient (a warm-up while the loss collapses):
info. So is a growth below ``severe_orders`` that crosses while the learning rate is still warming up and stops
growing when the warm-up ends, with a loss that did not rise: the norm grows with the step size. Isolated NaN/Inf norms followed by
finite ones, with a finite loss, are overflowed steps that mixed-precision loss scaling skips: info. So is a norm that
turned NaN/Inf at or after the step the training loss did, with no reading before the loss broke or level ones
(three at least, within ``min_orders``): a NaN loss back-propagates NaN into every gradient, so the norm echoes the
loss's breakdown (divergence's finding) and is no explosion of its own; a norm that broke before the loss, grew
first, or had too few readings to show it did not, is the evidence and stays an error. A growth
below ``severe_orders`` that the loss did not follow, of a norm measured before clipping in a run whose steps are
clipped at a known threshold (the hyperparameters', or the Hugging Face Trainer's default max_grad_norm 1.0), moved
the weights no further than the threshold allows: info.

## Why it matters
Exploding gradients throw the weights far from where they were; the loss follows within a few steps and
the run becomes NaN. Clipping and a lower learning rate stop it when applied before the onset.

## Example
``sample_runs/exploding-gradients`` (deep net without clipping: the norm grows 1000x, then NaN).

## Options
- ``min_points``: fewest finite positive grad-norm points.
- ``early_frac``: fraction of the points whose median is the reference level.
- ``smooth_frac``: rolling-median window of log10(grad norm), as a fraction of the points.
- ``min_orders``: log10 rise over the reference that is flagged.
- ``severe_orders``: log10 rise that is an error even when the loss did not follow.
- ``loss_follow``: natural-log rise of the loss after the crossing that counts as "the loss followed".
- ``max_isolated_frac``: at most this fraction of non-finite norms (finite at the end) counts as isolated.

## References
seeds/000 10.16 Debugging training: 'Gradient norms'; seeds/002 'What to Log and Why';
seeds/003 'Training Loss Goes to NaN' (exploding gradients).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pandas as pd

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _instability as I
from curvedoc.detectors import _signal as sig
from curvedoc.detectors._gradients import clip_bound
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_points: int
    early_frac: float
    smooth_frac: float
    min_orders: float
    severe_orders: float
    loss_follow: float
    max_isolated_frac: float


def _loss_followed(run: Run, cross: int, p: Params) -> tuple[bool | None, str]:
    """Did the training loss rise (or turn NaN) after ``cross``? (None when no usable loss)."""
    if "train_loss" not in run.roles:
        return None, ""
    loss = run.series("train_loss")
    if len(loss) < 4:
        return None, ""
    bad = sig.first_nonfinite_step(loss)
    if bad is not None and bad >= cross:
        return True, f"the loss became NaN/Inf at step {sig.fmt_step(bad)}"
    lf = sig.finite(loss)
    before = lf[lf.index <= cross]
    after = lf[lf.index > cross]
    if len(before) < 2 or len(after) < 1:
        return None, ""
    if sig.all_positive(lf):
        y = pd.Series(np.log(lf.to_numpy(dtype=np.float64)), index=lf.index)
        sm = I.smoothed(y, p.smooth_frac)
        b = float(np.median(y[y.index <= cross].to_numpy()[-sig.window(len(before), 0.25, lo=2):]))
        a_s = sm[sm.index > cross]
        a = float(a_s.max()) if len(a_s) else float(np.median(after.to_numpy()))
        end = float(sm.iloc[-1])
        if a - b >= p.loss_follow:
            if len(after) < 2:
                return None, ""  # one later point is not a trend up (it may say the loss did not follow)
            return True, f"the loss followed (up to {I.ratio_text(a - b)} its level at the crossing)"
        return False, (f"the loss did not follow ({sig.fmt_num(math.exp(b))} at the crossing, "
                       f"{sig.fmt_num(math.exp(end))} at the end)")
    return None, ""


def _learned_from_a_flat_start(run: Run, step: int, p: Params) -> float:
    """How far (log space) the training loss fell from a flat start to the end of the run, or 0.

    The start is flat when up to ``step`` (the end of the gradient norm's reference window, the first ``early_frac``
    of its points) the loss fell (medians of the window's first and last thirds) by less than ``loss_follow`` and by
    less than a quarter of what its average pace over the run would give there (``early_frac`` of its whole fall):
    a plateau has next to no fall, while a run that learns from the first step is at its fastest there. (A noisy
    window can hide a small fall: then the start is not shown flat and the growth keeps its severity.) A model that had not started to learn had tiny gradients there, so its
    reference level is not a learning model's norm. The fall is from the window's median to the median of the last
    tenth of the points."""
    if "train_loss" not in run.roles:
        return 0.0
    lf = sig.finite(run.series("train_loss"))
    vals = lf.to_numpy(dtype=np.float64)
    if len(vals) < 6 or not np.all(vals > 0):
        return 0.0
    y = np.log(vals)
    head = y[lf.index.to_numpy() <= step]
    if len(head) < 3:
        return 0.0
    t = max(1, len(head) // 3)
    start = float(np.median(head[:t]))
    total = start - float(np.median(y[-max(3, len(y) // 10):]))
    if not total > 0 or start - float(np.median(head[-t:])) >= min(p.loss_follow, 0.25 * p.early_frac * total):
        return 0.0
    return float(np.median(head)) - float(np.median(y[-max(3, len(y) // 10):]))


def _lr_ramp(run: Run, start: int, cross: int, sm: pd.Series) -> tuple[float, float, bool] | None:
    """(LR where the norm series starts, LR at the crossing, whether the warm-up ended before the log does) when
    the norm crossed during an LR warm-up and
    stopped growing once the warm-up ended: at the crossing the LR is at least twice its starting value and
    still at its running maximum (rising), and the smoothed log10 norm (``sm``) rose less than 0.3 (2x) from the
    warm-up's end (the LR first within 5% of its peak) to its own peak. None otherwise."""
    if "lr" not in run.roles:
        return None
    lr = sig.finite(run.series("lr"))
    if len(lr) < 3:
        return None
    a, c = I.value_at(lr, start), I.value_at(lr, cross)
    if a is None or c is None or not (a > 0 and c >= 2.0 * a):
        return None
    lv = lr.to_numpy(dtype=np.float64)
    ls = lr.index.to_numpy()
    if c < 0.95 * float(np.max(lv[ls <= cross])):
        return None  # the LR was no longer rising: warm-up over, decaying or cycling
    w = int(ls[I.near_peak_index(lv)])
    after = sm[sm.index >= w].to_numpy()
    if len(after) and float(np.max(after) - after[0]) >= 0.3:
        return None  # it kept growing after the warm-up: a run-away
    return float(a), float(c), int(np.argmax(lv)) < len(lv) - 1  # its peak is not the last point: it ended


def _growth(gn: pd.Series, p: Params) -> dict | None:
    """Sustained log10 rise of the smoothed norm over its early median (finite positive points), or None."""
    v = gn.to_numpy(dtype=np.float64)
    pos = np.isfinite(v) & (v > 0)
    g = gn[pos] if not pos.all() else gn
    m = len(g)
    if m < p.min_points:
        return None
    y = pd.Series(np.log10(g.to_numpy(dtype=np.float64)), index=g.index)
    k = sig.window(m, p.early_frac, lo=3)
    base = sig.np_median(y.to_numpy()[:k])
    if not float(np.max(y.to_numpy())) - base >= p.min_orders:
        return None  # the smoothed norm (medians of medians) never exceeds the raw one: no rise of min_orders
    sm = I.smoothed(y, p.smooth_frac)
    exc = sm.to_numpy() - base
    # a growth is a rise FROM the reference: only after the window that set it. A norm that is high at the very
    # first points (an untrained model's first batches: 36 at step 10 of a fine-tune whose first loss is 12) and
    # already back by the end of the window rose from nothing it was measured against
    exc[:k] = -np.inf
    pi = int(np.argmax(exc))
    peak = float(exc[pi])
    if not peak >= p.min_orders:
        return None
    ci = int(np.argmax(exc >= p.min_orders))
    return {"base": base, "peak": peak, "cross": int(sm.index[ci]), "end": float(exc[-1]), "sm": sm, "pi": pi,
            "ref_end": int(g.index[k - 1])}


def _loss_broke_first(loss_bad: int | None, norm_bad: int, v: np.ndarray, steps: np.ndarray, p: Params) -> str:
    """The words for a gradient norm that turned NaN/Inf (at ``norm_bad``) with no growth before it, when the
    training loss was NaN/Inf already at that step or earlier (``loss_bad``): the norm is the loss's NaN passed back
    through the network (every gradient of a NaN loss is NaN), no explosion of its own -- divergence tells the fault,
    and the norm is its echo (an info). The norm's readings (``v`` at ``steps``) before the loss broke must be none,
    or level -- three at least, within a factor of 10**min_orders: a norm of 68 -> 8.6e3 -> 2.1e7 in three steps
    exploded, however few its readings, and one or two cannot show it did not. "" when the norm broke first, the
    loss never did, or the norm's readings before say nothing of a level: then the norm's NaN is the evidence."""
    if loss_bad is None or loss_bad > norm_bad:
        return ""
    early = v[steps < loss_bad]
    before = early[np.isfinite(early) & (early > 0)]
    if len(early) and not (len(before) >= 3 and float(np.max(before)) < 10.0 ** p.min_orders * float(np.min(before))):
        return ""
    return (f"; the training loss was NaN/Inf from step {sig.fmt_step(loss_bad)}, at or before it, and a NaN loss "
            "gives NaN gradients: the norm echoes the loss's breakdown (divergence) rather than showing an explosion "
            "of its own")


@detector("exploding-gradients", params=Params)
def exploding_gradients(run: Run, p: Params) -> Iterator[Hit]:
    gn = I.grad_norm_series(run)
    n = len(gn)
    if n == 0:
        return
    v = gn.to_numpy(dtype=np.float64)
    steps = gn.index.to_numpy()
    fin = np.isfinite(v)
    loss_bad = sig.first_nonfinite_step(run.series("train_loss")) if "train_loss" in run.roles else None
    if not fin.any():
        echo = _loss_broke_first(loss_bad, int(steps[0]), v[:0], steps[:0], p)
        yield Hit(f"every gradient-norm value is NaN/Inf ({n:,} point(s) from step {sig.fmt_step(steps[0])})"
                  + echo, step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.9,
                  evidence={"nonfinite_points": n, "nan_step": int(steps[0]),
                            **({"loss_nan_step": int(loss_bad)} if loss_bad is not None else {})},
                  severity="info" if echo else None,
                  causes=("exploding-gradients", "numerical-instability", "fp16-overflow", "lr-too-high"))
        return
    if not fin.all():
        fb = int(np.argmax(~fin))
        frac = float((~fin[fb:]).mean())
        nbad = int((~fin).sum())
        ev = {"nan_step": int(steps[fb]), "nonfinite_points": nbad, "nonfinite_fraction_after": frac}
        if loss_bad is not None:
            ev["loss_nan_step"] = int(loss_bad)
        if (not fin[-1]) or frac >= 0.5:
            follow = f"; the loss became NaN/Inf at step {sig.fmt_step(loss_bad)}" if loss_bad is not None else ""
            grew, start = "", int(steps[fb])
            g = _growth(gn.iloc[:fb], p)
            if g is not None:
                ev.update({"orders_of_magnitude": g["peak"], "growth_factor": 10.0 ** min(g["peak"], 300.0),
                           "cross_step": g["cross"]})
                grew = (f" after growing {sig.fmt_num(10.0 ** min(g['peak'], 300.0))}x from its early median "
                        f"{sig.fmt_num(10.0 ** g['base'])} (crossing {sig.fmt_num(10.0 ** p.min_orders)}x at step "
                        f"{sig.fmt_step(g['cross'])})")
                start = g["cross"]
            echo = _loss_broke_first(loss_bad, int(steps[fb]), v[:fb], steps[:fb], p) if g is None else ""
            yield Hit(f"gradient norm became NaN/Inf at step {sig.fmt_step(steps[fb])}{grew} and stayed so "
                      f"({sig.fmt_pct(frac).lstrip('+')} of the later points){echo or follow}",
                      step=int(steps[fb]), steps=(start, int(steps[-1])), confidence=0.95, evidence=ev,
                      severity="info" if echo else None,
                      causes=("exploding-gradients", "lr-too-high", "fp16-overflow", "numerical-instability"))
            return
        marks = tuple(int(x) for x in steps[~fin][:100])
        if nbad <= max(1, p.max_isolated_frac * n) and loss_bad is None:
            yield Hit(f"{nbad:,} isolated NaN/Inf gradient-norm value(s) (first at step {sig.fmt_step(steps[fb])}); "
                      "the norm and the loss were finite again afterwards — overflowed steps that mixed-precision "
                      "loss scaling skips", step=int(steps[fb]), confidence=0.6, evidence=ev, severity="info",
                      causes=("fp16-overflow", "numerical-instability"), marks=marks)
        else:
            yield Hit(f"{nbad:,} NaN/Inf gradient-norm value(s) from step {sig.fmt_step(steps[fb])} "
                      f"({sig.fmt_pct(nbad / n).lstrip('+')} of the points), finite again at the end",
                      step=int(steps[fb]), confidence=0.7, evidence=ev, severity="warning",
                      causes=("fp16-overflow", "exploding-gradients", "numerical-instability"), marks=marks)

    from curvedoc.model.roles import rl_marker

    if rl_marker(run) is not None:
        # policy-gradient norms scale with the advantages, which are ~0 while every rollout of a group scores
        # the same: growth from that floor is the learning signal arriving, not an explosion (NaN/Inf above
        # still counts)
        return
    gr = _growth(gn, p)
    if gr is None:
        return
    base, peak, cross, end_exc, sm, pi = gr["base"], gr["peak"], gr["cross"], gr["end"], gr["sm"], gr["pi"]
    followed, follow_txt = _loss_followed(run, cross, p)
    clip = I.clipping_configured(run)
    ev = {"growth_factor": 10.0 ** min(peak, 300.0), "orders_of_magnitude": peak, "cross_step": cross,
          "peak_step": int(sm.index[pi]), "early_grad_norm": 10.0 ** base, "peak_grad_norm": 10.0 ** (base + peak),
          "end_factor": 10.0 ** min(end_exc, 300.0), "loss_followed": followed, "clipping_configured": clip}
    msg = (f"gradient norm grew {sig.fmt_num(10.0 ** min(peak, 300.0))}x ({peak:.1f} orders of magnitude) from its "
           f"early median {sig.fmt_num(10.0 ** base)} to {sig.fmt_num(10.0 ** (base + peak))} (smoothed, step "
           f"{sig.fmt_step(int(sm.index[pi]))}), crossing {sig.fmt_num(10.0 ** p.min_orders)}x at step {sig.fmt_step(cross)}")
    if end_exc < 0.5 * p.min_orders:
        msg += f", then fell back to {sig.fmt_num(10.0 ** end_exc)}x by the end"
    if follow_txt:
        msg += "; " + follow_txt
    if followed is False:
        causes = ["exploding-gradients", "fp16-loss-scale-norm", "lr-too-high", "no-grad-clipping"]
        if "loss_scale" not in run.roles and peak < p.severe_orders:
            causes = ["exploding-gradients", "lr-too-high", "fp16-loss-scale-norm", "no-grad-clipping"]
    else:
        causes = ["exploding-gradients", "lr-too-high", "no-grad-clipping", "numerical-instability"]
    if clip is True:
        causes = [c for c in causes if c != "no-grad-clipping"]
    severe = peak >= p.severe_orders or followed is True
    strength = (peak - p.min_orders) / max(p.severe_orders - p.min_orders, 1e-9)
    conf = 0.55 + 0.3 * I.clamp01(strength) + (0.1 if followed else 0.0)
    if followed is False:
        conf = min(conf, 0.7)
    severity = None if severe else "warning"
    fell = _learned_from_a_flat_start(run, gr["ref_end"], p) if followed is False else 0.0
    if end_exc <= 0.0 and followed is not True:
        # the norm came back to (or below) where it started and the loss never rose: a transient burst (the
        # first steps of a warm-up while the loss collapses), not a run-away; worth knowing, not a fault
        severity = "info"
        msg += "; a transient burst, not a run-away growth"
    elif followed is not True and peak < p.severe_orders:
        # the norm peaked while the learning rate was still warming up: the steps grow with the LR and the norm
        # with them (the optimiser reaches sharper regions); a run-away would show in the loss, which did not rise
        ramp = _lr_ramp(run, int(steps[0]), cross, sm)
        if ramp is not None:
            severity = "info"
            ev["lr_ramp"] = ramp
            msg += (f"; it grew while the learning rate was still warming up ({sig.fmt_num(ramp[0])} -> "
                    f"{sig.fmt_num(ramp[1])} at the crossing)"
                    + (" and stopped when the warm-up did" if ramp[2] else ", a warm-up still under way when the log ends")
                    + ": the norm follows the growing step size, not a run-away"
                    + ("" if followed is False else " as long as the loss does not rise"))
    if severity != "info" and fell >= p.loss_follow:
        # the reference level was measured while the loss sat on a flat start (a classifier at log K, whose
        # gradients are tiny until it finds a direction); the loss then fell by at least the factor that counts as
        # following (1.3x) and did not rise after the crossing: the norm grew because the model started to learn,
        # and the weights were not thrown anywhere (a framework's default clipping -- HF Trainer's max_grad_norm
        # 1.0 -- bounds the step whatever the norm). Worth knowing, not a fault
        severity = "info"
        ev["loss_fall_from_flat_start"] = round(fell, 4)
        msg += (f"; the loss sat flat while the early level was measured, then fell {sig.fmt_num(math.exp(fell))}x: the "
                "norm grew as the model started to learn, not a run-away")
    bound = clip_bound(run) if severity != "info" and followed is False and peak < p.severe_orders else None
    if bound is not None and 10.0 ** (base + peak) > bound[0]:
        # the norm is measured before clipping and every step above the threshold was scaled down to it: a growth
        # of less than 100x that the loss did not follow moved the weights no further than the threshold allows --
        # contained, worth knowing (where it crosses the threshold is clip-saturation's reading), not a fault
        severity = "info"
        ev["clip_threshold"] = bound[0]
        msg += f"; the steps are clipped at {bound[1]}, so the weights moved no further than that allows"
    yield Hit(msg, step=cross, steps=(cross, int(steps[-1])), confidence=min(conf, 0.97), evidence=ev,
              severity=severity, causes=tuple(causes), marks=(int(sm.index[pi]),))
