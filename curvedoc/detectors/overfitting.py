"""## What it detects
The crossover: validation loss reaches its minimum and then rises (beyond its own noise) while the
training loss keeps falling over the same span. When the total (the role pair) does not show it, each
train/val pair of one loss component (``val/obj_loss`` with ``train/obj_loss``) is judged the same way,
held to ``component_noise_z`` sigmas, and the finding names the component; so is every other eval set
(``eval_ood_loss`` beside ``eval_loss``) against the training loss, and the finding names the set. The finding's step is the best checkpoint (the
validation minimum). A milder variant is reported as ``info``: validation has stalled for a long
stretch while the training loss kept falling a lot, so the train/val gap keeps widening; a validation loss that
hardly improved at all while the training loss fell that much is the same variant at its most extreme.

When no validation loss is logged (detection and segmentation logs print mAP / mIoU, not a validation loss) the
held-out quality metric stands in: it reaches its best and then declines, measured as metric-regression measures
it, while the training loss keeps falling (``metric_min_train_drop``) over the same span.

What it cost decides the severity: a loss crossover while every held-out metric the run logs (accuracy, mAP, F1 ...) is
still at its best is an info (over-confidence on the examples the model gets wrong, not more of them wrong yet),
unless the validation loss rose by ``large_rise`` or more.

## Why it matters
Every step past the crossover makes the model worse on unseen data; the checkpoint to keep is the
one at the validation minimum, and the remedy is early stopping or more regularisation/data.

## Example
sample_runs/overfitting-* (a small training set trained for many epochs); real:
``whisper-small-hi-overfit`` (eval_loss 0.31 -> 0.47 while train loss -> 2e-4).

## Options
- ``min_val_points``: fewest finite validation points to judge a crossover.
- ``min_points_after``: fewest validation points after the minimum (a rise needs witnesses).
- ``min_rise``: smallest rise of the validation loss since its minimum (log space: 0.05 = +5%).
- ``noise_z``: the rise must exceed this many robust noise sigmas of the validation curve.
- ``min_train_drop``: the training loss must fall at least this much (relative) over the same span.
- ``stall_min_train_drop``: stall variant: training loss fall (log) needed while validation stalls.
- ``stall_max_val_gain``: stall variant: largest validation improvement (log) that still counts as stalled.
- ``stall_min_frac``: stall variant: shortest stall, as a fraction of the validation steps.
- ``few_min_points``: fewest validation points for the few-evaluations variant (runs evaluated 3-4 times).
- ``component_min_rise``: the practical floor of a component's rise (log space), twice ``min_rise`` as ``component_noise_z`` is twice ``noise_z``.
- ``component_noise_z``: the rise a loss component's validation curve needs, in noise sigmas (each component judged is one more chance for noise to pass).
- ``few_min_rise``: few-evaluations variant: rise (log space) of the last evaluation over the best one.
- ``max_train_over_val``: a training loss ending at this multiple of the held-out loss or more memorised nothing.
- ``dense_min_points``: from this many evaluations (a validation batch read at every step) the rise is also judged
  between medians of a tenth of the curve each, against their standard error and the selection of the lowest window.
- ``few_max_points``: up to this many evaluations the few-evaluations test also runs when the noise-based one
  cannot confirm a rise.
- ``metric_min_points``: without a validation loss, fewest evaluations of the held-out metric.
- ``metric_min_drop_rate``: the metric's decline from its best, for bounded rates (share of the full scale).
- ``metric_min_drop_log``: the same for positive unbounded metrics such as WER (log space).
- ``metric_noise_z``: the decline must also exceed this many robust sigmas of the evaluation noise.
- ``metric_min_train_drop``: the training loss fall (log space) over the decline that makes it overfitting.
- ``hold_rate``: a held-out rate counts as still at its best (the crossover is then an info) within this share of
  its scale.
- ``hold_log``: the same for other positive metrics, as a relative change (log space).
- ``hold_z``: ... or within this many standard errors of the metric's own evaluation noise.
- ``large_rise``: a validation-loss rise this large (log space) is a warning whatever the metric does.
- ``min_giveback``: a rise below ``large_rise`` that gave back less than this share of the validation loss's progress
  (first evaluation to minimum) is an info: the end is practically as good as the best checkpoint.

## References
seeds/002 'Overfitting: The Crossover'; seeds/000 10.16 'Loss curves' (training loss low, validation
loss high: classical overfitting); seeds/003 'Overfitting: Loss Diverges Between Train and Validation'.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _generalization as gx
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.detectors._signal import rolling_median_values
from curvedoc.detectors._signal import np_median
from curvedoc.model.metrics import trade_off_halves
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_val_points: int
    min_points_after: int
    min_rise: float
    noise_z: float
    min_train_drop: float
    stall_min_train_drop: float
    stall_max_val_gain: float
    stall_min_frac: float
    few_min_points: int
    few_min_rise: float
    component_noise_z: float
    component_min_rise: float
    metric_min_points: int
    metric_min_drop_rate: float
    metric_min_drop_log: float
    metric_noise_z: float
    metric_min_train_drop: float
    hold_rate: float
    hold_log: float
    hold_z: float
    large_rise: float
    min_giveback: float
    few_max_points: int
    max_train_over_val: float
    dense_min_points: int


def _train_change(train: gx.Level, best_step: int, end_step: int, t_is_log: bool) -> tuple[float, float, float] | None:
    """(relative change, level at best, level at end) of the training loss between two steps, or None."""
    t_best, t_end = (float(x) for x in train.at([best_step, end_step]))
    if not (np.isfinite(t_best) and np.isfinite(t_end)):
        return None
    return gx.lin_change(t_best, t_end, t_is_log), t_best, t_end


def _assess_few(steps, raw, work, is_log, train: gx.Level, t_is_log: bool, p: Params) -> dict | None:
    """Crossover on a validation curve with too few points to measure its noise (a fine-tune evaluated once
    per epoch for 3-5 epochs): the minimum must come before the end, every later evaluation must stay above it --
    the loss never came back -- with the last one far above it (few_min_rise) and the later evaluations' median at
    least a quarter as far (a rise, not one high last reading), and the training loss must keep falling. A dip between
    two higher evaluations (0.191 -> 0.195 -> 0.277 -> 0.268 -> 0.285) is still a loss that left its minimum. A loss
    that can be negative (an NLL) is read in its own units, its rise against its progress or its minimum's size."""
    n = len(steps)
    if n < p.few_min_points:
        return None
    i_best = int(np.argmin(work))
    after = work[i_best:]
    if len(after) < 2 or not bool(np.all(after[1:] > after[0])):
        return None
    rise = float(work[-1] - work[i_best])
    # a loss that can be negative (a negative log-likelihood) has no log space: its rise is read against the scale
    # of its own values -- the progress it made from its first evaluation to its minimum, or the minimum's size,
    # whichever is larger -- so that few_min_rise means the same share (0.15) in both readings
    scale = max(float(work[0] - work[i_best]), abs(float(work[i_best])), 1e-12) if not is_log else 1.0
    if rise < p.few_min_rise * scale or np_median(after[1:]) - after[0] < rise / 4:
        return None
    monotone = bool(np.all(np.diff(after) > 0))
    best_step, end_step = int(steps[i_best]), int(steps[-1])
    tc = _train_change(train, best_step, end_step, t_is_log)
    if tc is None or not tc[0] <= -max(p.min_train_drop, 0.05):
        return None
    t_change, t_best, t_end = tc
    if float(raw[-1]) > 0 and gx.raw(t_end, t_is_log) >= float(raw[-1]):
        # with no noise estimate the evidence must be plain: the training loss ends below the held-out one (the
        # noise-measured test allows up to max_train_over_val)
        return None
    return {
        "best_step": best_step, "end_step": end_step, "val_best": float(raw[i_best]), "val_end": float(raw[-1]),
        "val_first": float(raw[0]),
        "rise": float(gx.lin_change(work[i_best], work[-1], True)) if is_log else rise / scale,
        "rise_log": rise if is_log else float("nan"), "rise_units": None if is_log else rise,
        "train_change": float(t_change), "train_at_best": gx.raw(t_best, t_is_log),
        "train_at_end": gx.raw(t_end, t_is_log), "points_after": int(n - 1 - i_best), "val_points": int(n),
        "monotone": monotone,
    }


def _assess(steps, raw, work, is_log, train: gx.Level, t_is_log: bool, p: Params) -> dict | None:
    """Crossover test on one validation curve. Returns the evidence or None."""
    n = len(steps)
    if n < p.min_val_points:
        return None
    w = gx.sparse_window(n)
    sm = gx.smooth_sparse(work, w)
    span = float(np.max(sm) - np.min(sm))
    floor = 1e-3 if is_log else max(1e-12, 1e-3 * span)
    sigma = gx.noise_sigma(work, floor)
    i_sm = int(np.argmin(sm))
    lo, hi = max(0, i_sm - w // 2), min(n, i_sm + w // 2 + 1)
    i_best = lo + int(np.argmin(work[lo:hi]))  # the measured best checkpoint near the smoothed minimum
    n_after = n - 1 - i_best
    if n_after < p.min_points_after:
        return None
    k = max(1, min(n_after, max(2, math.ceil(0.1 * n)), w))
    end_work = np_median(work[n - k:])
    base = float(sm[i_sm])
    rise = end_work - base  # detection: robust end level vs smoothed minimum
    if is_log:
        if rise < p.min_rise:
            return None
    else:
        if span <= 0 or rise / span < 4 * p.min_rise:  # no log space: rise as a share of the curve's range
            return None
    z = rise / sigma
    if z < p.noise_z:
        return None
    best_step, end_step = int(steps[i_best]), int(steps[-1])
    tc = _train_change(train, best_step, end_step, t_is_log)
    if tc is None or not tc[0] <= -p.min_train_drop:
        return None
    t_change, t_best, t_end = tc
    val_best, val_end = float(raw[i_best]), np_median(raw[n - k:])
    v_change = gx.lin_change(work[i_best], end_work, is_log)
    gap_growth = float("nan")
    if is_log and t_is_log:
        gap_growth = float(math.exp(min(700.0, (end_work - t_end) - (float(work[i_best]) - t_best))))
    return {
        "best_step": best_step,
        "end_step": end_step,
        "val_best": val_best,
        "val_end": val_end,
        "val_first": float(raw[0]),
        "rise": float(v_change),
        "rise_log": float(rise) if is_log else float("nan"),
        "rise_z": float(z),
        "val_noise": float(sigma),
        "train_change": float(t_change),
        "train_at_best": gx.raw(t_best, t_is_log),
        "train_at_end": gx.raw(t_end, t_is_log),
        "gap_growth": gap_growth,
        "points_after": int(n_after),
        "val_points": int(n),
    }


def _assess_dense(steps, raw, work, is_log, train: gx.Level, t_is_log: bool, p: Params) -> dict | None:
    """Crossover test on a dense, noisy validation curve (``dense_min_points`` evaluations or more: a validation
    batch read at every step). :func:`_assess` holds the rise to ``noise_z`` sigmas of one reading, right for tens of
    evaluations; over thousands that bar is the spread of single readings, while the levels compared are medians of
    hundreds. Here both levels are medians of a tenth of the curve (K readings): the lowest centred window and the
    last K readings, which must not overlap. Their difference has a standard error of 1.2533 x sigma x sqrt(2 / K),
    and the lowest of m = n / K windows of a flat curve lies sqrt(2 ln m) standard errors below its level by
    selection alone: the rise must clear ``noise_z`` standard errors on top of that, and ``min_rise`` (log space)."""
    n = len(steps)
    if n < p.dense_min_points or not is_log:
        return None
    K = max(5, int(math.ceil(0.1 * n)))
    K += 1 - K % 2
    sigma = gx.noise_sigma(work, 1e-3)
    rm = rolling_median_values(work, K, 1, True)
    h = K // 2
    if n - 2 * h < 1:
        return None
    i_min = h + int(np.argmin(rm[h:n - h]))  # the lowest centred window that fits inside the curve
    if i_min + h >= n - K:
        return None  # the lowest window reaches into the end window: no later level to compare
    base = float(rm[i_min])
    end_work = np_median(work[n - K:])
    rise = end_work - base
    se = 1.2533 * sigma * math.sqrt(2.0 / K)
    bar = (p.noise_z + math.sqrt(2.0 * math.log(max(n / K, 1.0)))) * se
    if rise < p.min_rise or rise < bar:
        return None
    lo, hi = i_min - h, i_min + h + 1
    i_best = lo + int(np.argmin(work[lo:hi]))
    best_step, end_step = int(steps[i_min]), int(steps[-1])
    tc = _train_change(train, best_step, end_step, t_is_log)
    if tc is None or not tc[0] <= -p.min_train_drop:
        return None
    t_change, t_best, t_end = tc
    gap_growth = float("nan")
    if t_is_log:
        gap_growth = float(math.exp(min(700.0, (end_work - t_end) - (base - t_best))))
    return {
        "best_step": best_step,
        "end_step": end_step,
        "val_best": float(math.exp(base)),
        "val_end": float(math.exp(end_work)),
        "val_first": float(raw[0]),
        "rise": float(math.expm1(min(rise, 700.0))),
        "rise_log": float(rise),
        "rise_z": float(rise / se),
        "val_noise": float(sigma),
        "train_change": float(t_change),
        "train_at_best": gx.raw(t_best, t_is_log),
        "train_at_end": gx.raw(t_end, t_is_log),
        "gap_growth": gap_growth,
        "points_after": int(n - 1 - i_min),
        "val_points": int(n),
        "level_window": int(K),
        "best_single_step": int(steps[i_best]),
    }


def _stall(steps, raw, work, is_log, train: gx.Level, t_is_log: bool, p: Params) -> dict | None:
    """Val has stopped improving for a long stretch while train keeps falling a lot (log losses only)."""
    n = len(steps)
    if not (is_log and t_is_log) or n < max(p.min_val_points, 8):
        return None
    sm = gx.smooth_sparse(work)
    s0, s1 = float(steps[0]), float(steps[-1])
    if s1 <= s0:
        return None
    # stall start: the first point from which the smoothed val never improves by more than the allowed gain
    future_min = np.minimum.accumulate(sm[::-1])[::-1]
    ok = sm - future_min <= p.stall_max_val_gain
    if not ok[-1]:
        return None
    # earliest index i such that ok holds from i to the end
    bad = np.nonzero(~ok)[0]
    i0 = int(bad[-1] + 1) if len(bad) else 0
    # a validation loss that learned (almost) nothing before its stall hardly improved at all: the whole evaluated
    # span is its stall, and with the training loss falling a lot over it (checked below, as for any stall)
    # nothing the training learns carries over to validation -- the stall at its most extreme; a training loss
    # that stalls too is underfitting's
    never = float(sm[0] - sm[i0]) < 2 * p.stall_max_val_gain
    if never:
        i0 = 0
    if (s1 - float(steps[i0])) / (s1 - s0) < p.stall_min_frac or n - i0 < 5:
        return None
    t0, t1 = (float(x) for x in train.at([int(steps[i0]), int(steps[-1])]))
    if not (np.isfinite(t0) and np.isfinite(t1)):
        return None
    t_drop = t0 - t1
    v_gain = float(sm[i0] - sm[-1])
    if t_drop < p.stall_min_train_drop or v_gain > 0.1 * t_drop:
        return None
    return {
        "stall_step": int(steps[i0]),
        "end_step": int(steps[-1]),
        "val_at_stall": gx.raw(float(sm[i0]), is_log),
        "val_end": gx.raw(float(sm[-1]), is_log),
        "val_change": float(math.expm1(-v_gain)),
        "train_change": float(math.expm1(-t_drop)),
        "gap_growth": float(math.exp(min(700.0, t_drop - v_gain))),
        "val_points": int(n),
        "stall_points": int(n - i0),
        "best_step": int(steps[int(np.argmin(work))]),
        "never_improved": never,
    }


@detector("overfitting", params=Params)
def overfitting(run: Run, p: Params) -> Iterator[Hit]:
    if run.has("train_loss") and not run.has("val_loss"):
        yield from _metric_crossover(run, p)
        return
    for h in _loss_crossover(run, p):
        yield _weighed(run, h, p)


def _loss_crossover(run: Run, p: Params) -> Iterator[Hit]:
    if not run.has("train_loss", "val_loss"):
        return
    val_tag = run.roles.get("val_loss", "val_loss")
    train_tag = run.roles.get("train_loss", "train_loss")
    hits = list(_judge(run, p, val_tag, train_tag, run.series("val_loss"), run.series("train_loss"), main=True))
    if any(h.severity != "info" for h in hits):
        yield from hits
        return
    # one loss component can overfit while the total (or the component chosen for the role) does not: a
    # detector's objectness loss rises on validation while its training counterpart keeps falling. Each
    # train/val pair of the same component is judged the same way; a crossover in one of them is reported
    pc = dataclasses.replace(p, noise_z=p.component_noise_z)
    pairs = gx.component_pairs(run, val_tag, train_tag, p.min_val_points)[:12]
    for vt, tt in pairs:
        comp = [h for h in _judge(run, pc, vt, tt, run.series(vt), run.series(tt), main=False)
                if h.severity != "info" and h.evidence.get("val_points", 0) >= p.min_val_points
                and _rise_log(h.evidence) >= p.component_min_rise]
        if comp:
            h = comp[0]
            yield dataclasses.replace(h, message=f"the {gx.component_name(vt)} component overfits: {h.message}",
                                      evidence={**h.evidence, "component": gx.component_name(vt)})
            return
    # every eval set is judged, not only the one chosen for the role: a model can overfit one held-out set (a
    # small domain, one language) while the main one still improves. An eval set is a held-out loss with no
    # training counterpart of its own (those are loss components, judged above) compared with the training loss,
    # held to the component threshold (each set judged is one more chance for noise to pass)
    train_stems = {gx.loss_stem(t) for t in run.tags if gx.is_train_loss_tag(t)}
    judged = {vt for vt, _ in pairs}
    for vt in gx.sibling_eval_loss_tags(run, val_tag, p.min_val_points)[:20]:
        if vt in judged or gx.loss_stem(vt) in train_stems:
            continue
        other = [h for h in _judge(run, pc, vt, train_tag, run.series(vt), run.series("train_loss"), main=False)
                 if h.severity != "info" and h.evidence.get("val_points", 0) >= p.min_val_points
                 and _rise_log(h.evidence) >= p.component_min_rise]
        if other:
            h = other[0]
            yield dataclasses.replace(h, message=f"the eval set {vt} overfits while {val_tag} does not: {h.message}",
                                      evidence={**h.evidence, "eval_set": vt})
            return
    yield from hits


def _weighed(run: Run, h: Hit, p: Params) -> Hit:
    """What a loss crossover cost. A validation loss rising while every held-out quality metric the run logs
    (accuracy, mAP, F1 ...) is still at its best is the model growing over-confident on the examples it gets wrong,
    not yet getting more of them wrong: worth knowing (the checkpoint at the loss's minimum is the better calibrated
    one), not a warning -- unless the loss rose so far on its own (``large_rise``) that the predicted probabilities
    are no longer usable. Every held-out metric must hold (an AUC that slipped while the accuracy held is a cost).
    A large rise that gave back only a sliver of the validation loss's progress (``min_giveback``: 0.0037 -> 0.0063
    after 0.104 -> 0.0037, a segmenter's per-pixel loss near zero) says nothing of usability by its ratio alone: there
    the held-out metrics decide. With no held-out metric logged the loss is all there is, and it stands."""
    if h.severity == "info":
        return h
    rise = _rise_log(h.evidence)
    if not math.isfinite(rise):
        return h
    back = _given_back(h.evidence)
    small = back is not None and back < p.min_giveback
    if rise >= p.large_rise and not small:
        return h
    if small and rise < p.large_rise:
        ev = h.evidence
        return dataclasses.replace(
            h, severity="info",
            message=f"{h.message}; but that rise gave back only {back:.1%} of what the validation loss gained from its "
                    f"first evaluation ({fmt_num(ev['val_first'])} -> {fmt_num(ev['val_best'])}): the model at the end "
                    "is practically as good as the best checkpoint",
            evidence={**ev, "given_back": back})
    best_step = h.evidence.get("best_step")
    held = _held_out_holds(run, p, int(best_step)) if isinstance(best_step, (int, np.integer)) else None
    if held is None:
        return h
    tag, at_best, end = held
    return dataclasses.replace(
        h, severity="info",
        message=f"{h.message}; but the held-out metric {tag} ended no worse than at that checkpoint ({fmt_num(end)} "
                f"vs {fmt_num(at_best)}) or than its own best: over-confidence on the examples the model gets wrong, "
                "not more of them wrong yet",
        evidence={**h.evidence, "metric_held": tag, "metric_at_best": at_best, "metric_end": end})


# a perplexity or bits-per-character is the validation loss itself, exponentiated or rescaled: it cannot say what
# the loss's rise cost
LOSS_LIKE = ("perplexity", "ppl", "bpc", "bpb")


def _held_out_holds(run: Run, p: Params, best_step: int) -> tuple[str, float, float] | None:
    """(tag, at the loss's best checkpoint, at the end) when every held-out quality metric the run logs (precision
    and recall beside the mAP/F1 that combines them aside, as is a perplexity: it is the loss) ended at least as good
    as it was at the validation loss's best checkpoint -- the one early stopping would have kept -- and as its own
    best level, so going on past the crossover cost nothing measurable. 'As good' is within ``hold_rate`` of the full
    scale (rates) or ``hold_log`` (other positive metrics, log space), or within ``hold_z`` standard errors of the
    metric's own evaluation noise (second differences) for the two medians compared (k evaluations: around the
    checkpoint, the last k, the best k-wide running median; k a tenth of the evaluations, 1 below 10). None when no
    metric has 3 evaluations, one of them is worse at the end, or a metric sits low and never moved (a model at
    chance, a frozen score: it says nothing of the cost)."""
    halves = trade_off_halves(run.metrics) | _lax_map_twins(run.metrics)
    held_out = [m for m in run.metrics if m.split == "val" and m.tag not in halves and m.kind not in LOSS_LIKE]
    out = None
    for m in held_out:
        s = run.series(m.tag)
        s = s[np.isfinite(s.to_numpy(dtype=np.float64))]
        v = s.to_numpy(dtype=np.float64)
        n = len(v)
        if n < 3:
            return None
        sign = 1.0 if m.higher_is_better else -1.0
        if m.rate:
            g, floor = sign * v / m.scale, p.hold_rate
        elif (v > 0).all():
            g, floor = sign * np.log(v), p.hold_log
        else:
            return None
        k = max(1, int(round(0.1 * n))) if n >= 10 else 1
        noise = gx.noise_sigma(g, 0.0) if n >= 6 else 0.0  # second differences: the metric's trend is no noise
        bar = max(floor, p.hold_z * noise * math.sqrt(2.0 / k))
        i = int(np.clip(np.searchsorted(s.index.to_numpy(), best_step), 0, n - 1))
        at_best = np_median(g[max(0, i - k // 2): max(0, i - k // 2) + k])
        end = np_median(g[-k:])
        top = float(np.max(rolling_median_values(g, k | 1, 1, center=True))) if k > 1 else float(np.max(g))
        if end < max(at_best, top) - bar:
            return None  # worse at the end than at the loss's best checkpoint, or than the metric's own best level
        if float(np.max(g)) - np_median(g[:k]) <= bar and not (m.rate and m.higher_is_better and
                                                                         float(np.max(g)) > 0.5):
            # a metric that never moved from its first readings and sits in the lower half of its scale is a model
            # at chance or a frozen score (held-out accuracy 0.01 of a memorising model). One that was high from its
            # first evaluation learned before it (a small task learned in one epoch)
            return None
        if out is None:
            raw_at_best = sign * at_best * m.scale if m.rate else math.exp(sign * at_best)
            out = (m.tag, float(raw_at_best), np_median(v[-k:]))
    return out


# an mAP at one IoU threshold (mAP50, mAP@.5) and the mAP averaged over the thresholds 0.5-0.95 that includes it:
# the averaged one is the detector's headline (COCO's primary metric, Ultralytics' fitness is 90% of it)
_MAP_RANGE = re.compile(r"[@_]?(?:50-95|50:95|0?\.5:0?\.95)")
_MAP_ONE = re.compile(r"[@_]?(?:0?\.5|50)(?![\d:.-])")
_MAP_75 = re.compile(r"[@_]?(?:75|0?\.75)(?![\d])")


def _lax_map_twins(metrics) -> set[str]:
    """The single-threshold mAP tags (``metrics/mAP50(B)``, ``metrics/mAP_0.5``, ``coco/bbox_mAP_50``) of a run that
    also logs the mAP averaged over IoU 0.5-0.95 for the same head (``metrics/mAP50-95(B)``,
    ``metrics/mAP_0.5:0.95``, MMDetection's plain ``coco/bbox_mAP``): the averaged one speaks for what the model
    does (COCO's primary metric; Ultralytics' fitness is 90% of it); the lax one sits near its ceiling and wobbles
    by a point or four between epochs while the headline holds (a YOLO run whose validation box loss rose)."""
    tags = [m.tag for m in metrics if "map" in m.tag.lower()]
    averaged = set()
    for t in tags:
        low = t.lower()
        if _MAP_RANGE.search(low):
            averaged.add(_MAP_RANGE.sub("", low))
        elif not _MAP_ONE.search(low) and not _MAP_75.search(low):
            averaged.add(low)  # an mAP with no threshold named is the averaged one
    return {t for t in tags if not _MAP_RANGE.search(t.lower()) and _MAP_ONE.search(t.lower())
            and _MAP_ONE.sub("", t.lower()) in averaged}


def _given_back(ev: dict) -> float | None:
    """The share of the validation loss's progress (its first evaluation down to its minimum) that the rise since
    the minimum gave back, in the loss's own units; None when the minimum is the first evaluation (no progress to
    measure against) or a value is missing."""
    first, best, end = ev.get("val_first"), ev.get("val_best"), ev.get("val_end")
    if not all(isinstance(x, (int, float)) and math.isfinite(x) for x in (first, best, end)):
        return None
    if not first > best:
        return None
    return max(0.0, float(end - best)) / float(first - best)


def _rise_log(ev: dict) -> float:
    """A finding's rise in log space: its own ``rise_log`` when the curve was judged in log space, else the log of
    its end over its best (a linear-space judgement of positive values); unknown -> +inf (nothing to hold it to)."""
    r = ev.get("rise_log")
    if isinstance(r, (int, float)) and math.isfinite(r):
        return float(r)
    best, end = ev.get("val_best"), ev.get("val_end")
    if isinstance(best, (int, float)) and isinstance(end, (int, float)) and best > 0 and end > 0:
        return math.log(end / best)
    return math.inf


def _judge(run: Run, p: Params, val_tag: str, train_tag: str, val_s, train_s, main: bool) -> Iterator[Hit]:
    vs, vr, vw, v_log = gx.prepare(val_s)
    ts, tr, _, t_log = gx.prepare(train_s, work=False)
    if len(vs) < min(p.min_val_points, p.few_min_points) or len(ts) < 3:
        return
    if v_log != t_log:  # compare like with like: both in log space or both linear
        vs, vr, vw, v_log = gx.prepare(val_s, log=False)
        ts, tr, _, t_log = gx.prepare(train_s, log=False, work=False)
    # only the part of the val curve that overlaps the train curve can be compared
    m = (vs >= ts[0] - (ts[-1] - ts[0]) * 0.05) & (vs <= ts[-1] + max(1, (ts[-1] - ts[0]) * 0.05))
    vs, vr, vw = vs[m], vr[m], vw[m]
    train = gx.Level(ts, tr, t_log)
    t_last = float(train.at([int(vs[-1])])[0]) if len(vs) else float("nan")
    if math.isfinite(t_last) and float(vr[-1]) > 0 and gx.raw(t_last, t_log) >= p.max_train_over_val * float(vr[-1]):
        return  # a training loss still far above the held-out one memorised nothing (a blown-up run)
    # too few evaluations to measure their noise: the few-evaluations test alone; up to few_max_points the noise of
    # second differences rests on a handful of values, and when it cannot confirm a rise the few-evaluations test
    # (a large rise the loss never came back from) still can
    ev = _assess(vs, vr, vw, v_log, train, t_log, p) if len(vs) >= p.min_val_points else None
    if ev is None and main:
        # the dense test reads the role pair only: a component or another eval set judged by it too would be one
        # more chance per series for a statistically real but practically empty rise (a one-class detector's
        # cls term 0.0026 -> 0.0047 over 300 epochs)
        ev = _assess_dense(vs, vr, vw, v_log, train, t_log, p)
    if ev is None and len(vs) <= max(p.few_max_points, p.min_val_points - 1):
        few = _assess_few(vs, vr, vw, v_log, train, t_log, p)
        if few is not None:
            # the rule's own witness count: one later evaluation is one reading (min_points_after), worth telling,
            # not yet a trend -- unless it rose so far (large_rise) that it matters by itself
            rl = few["rise_log"] if math.isfinite(few["rise_log"]) else few["rise"]
            lone = few["points_after"] < p.min_points_after and rl < p.large_rise
            how = (fmt_pct(few["rise"]) if math.isfinite(few["rise_log"]) else
                   f"up {fmt_num(few['rise_units'])} ({few['rise']:.1f}x the scale of its progress)")
            yield Hit(
                f"{val_tag} {how} since its minimum {fmt_num(few['val_best'])} at step "
                f"{fmt_step(few['best_step'])}, {'rising at' if few['monotone'] else 'above it at'} each of the "
                f"{few['points_after']} later evaluations "
                f"(now {fmt_num(few['val_end'])} at step {fmt_step(few['end_step'])}), while {train_tag} changed "
                f"{fmt_pct(few['train_change'])}; only {few['val_points']} evaluations, too few to measure their "
                f"noise; best checkpoint: step {fmt_step(few['best_step'])}"
                + ("; one evaluation after the minimum is a single reading, not yet a trend" if lone else ""),
                severity="info" if lone else None,
                step=few["best_step"],
                steps=(few["best_step"], few["end_step"]),
                confidence=round(0.45 + 0.2 * gx.ratio01(rl - p.few_min_rise, 2 * p.few_min_rise), 3),
                evidence=few,
                causes=("too-many-epochs", "overfitting-capacity"),
                tags=(val_tag, train_tag),
            )
            return
    if len(vs) < p.min_val_points:
        return
    if ev is not None:
        # other evaluation sets (eval_g1_loss ...): say which of them also rise
        others = []
        for tag in (gx.sibling_eval_loss_tags(run, val_tag, p.min_val_points)[:20] if main else []):
            os_, or_, ow, o_log = gx.prepare(run.series(tag), log=v_log)
            if o_log != v_log or len(os_) < p.min_val_points:
                continue
            oev = _assess(os_, or_, ow, o_log, train, t_log, p)
            others.append((tag, oev))
        rising = [(t, e) for t, e in others if e is not None]
        ev["other_eval_sets"] = len(others)
        ev["other_eval_sets_rising"] = len(rising)
        rise_txt = fmt_pct(ev["rise"]) if v_log else f"+{fmt_num(ev['val_end'] - ev['val_best'])}"
        gap_txt = ""
        if np.isfinite(ev["gap_growth"]):
            gap_txt = f"; the val/train ratio grew {ev['gap_growth']:.1f}x"
        msg = (
            f"{val_tag} {rise_txt} since its minimum {fmt_num(ev['val_best'])} at step {fmt_step(ev['best_step'])} "
            f"(now {fmt_num(ev['val_end'])} at step {fmt_step(ev['end_step'])}, "
            + (f"medians of {ev['level_window']} evaluations each, {ev['rise_z']:.0f} standard errors apart, "
               if "level_window" in ev else f"{ev['rise_z']:.0f} noise sigmas, ") +
            f"{ev['points_after']} evals after the minimum) while {train_tag} changed {fmt_pct(ev['train_change'])} "
            f"({fmt_num(ev['train_at_best'])} -> {fmt_num(ev['train_at_end'])}){gap_txt}; "
            f"best checkpoint: step {fmt_step(ev['best_step'])}"
        )
        if others:
            names = ", ".join(f"{t} {fmt_pct(e['rise'])}" for t, e in rising[:4])
            if len(rising) > 4:
                names += f" and {len(rising) - 4} more"
            msg += f". Other eval sets rising too: {len(rising)} of {len(others)}" + (f" ({names})" if names else "")
        rl = ev["rise_log"] if np.isfinite(ev["rise_log"]) else 4 * p.min_rise
        conf = 0.45 + 0.5 * float(np.mean([
            gx.ratio01(rl - p.min_rise, 3 * p.min_rise),
            gx.ratio01(ev["rise_z"] - p.noise_z, 2 * p.noise_z),
            gx.clip01((ev["points_after"] - 1) / 4),
            gx.clip01(-math.log1p(max(-0.999999, ev["train_change"])) / 0.3),
        ]))
        causes = ("overfitting-capacity", "too-many-epochs")
        if run.has("epoch"):
            e = run.series("epoch").to_numpy(dtype=np.float64)
            e = e[np.isfinite(e)]
            if len(e) and float(np.max(e)) >= 3:
                causes = ("too-many-epochs", "overfitting-capacity")
        ev["tag"] = val_tag  # (the series judged: what another rule's finding names to restate this one)
        yield Hit(
            msg,
            step=ev["best_step"],
            steps=(ev["best_step"], ev["end_step"]),
            confidence=round(min(0.97, conf), 3),
            evidence=ev,
            causes=causes,
            tags=(val_tag, train_tag),
        )
        return
    st = _stall(vs, vr, vw, v_log, train, t_log, p) if main else None
    if st is not None:
        levels = (f"(smoothed {fmt_num(st['val_at_stall'])} -> {fmt_num(st['val_end'])}, {fmt_pct(st['val_change'])}) "
                  f"while {train_tag} fell {fmt_pct(-st['train_change']).lstrip('+')}")
        widened = f"the val/train gap widened {st['gap_growth']:.1f}x"
        if st["never_improved"]:
            msg = (f"{val_tag} hardly improved over its {st['val_points']} evaluations {levels}: nothing the training "
                   f"learned carries over to validation ({widened})")
        else:
            msg = (f"{val_tag} has stalled since step {fmt_step(st['stall_step'])} {levels} over the same span: "
                   f"{widened} and further training no longer helps validation")
        conf = 0.4 + 0.3 * gx.ratio01(math.log(st["gap_growth"]) - p.stall_min_train_drop, p.stall_min_train_drop)
        yield Hit(
            msg,
            step=st["stall_step"],
            steps=(st["stall_step"], st["end_step"]),
            confidence=round(conf, 3),
            evidence=st,
            severity="info",
            causes=("too-many-epochs", "overfitting-capacity"),
            tags=(val_tag, train_tag),
        )


def _metric_crossover(run: Run, p: Params) -> Iterator[Hit]:
    """No held-out loss is logged, only a held-out quality metric (mAP, accuracy, BLEU, WER...): the crossover is
    that metric reaching its best and then declining -- measured as metric-regression (M001) measures it, at
    this rule's thresholds and against the raw (unsmoothed) evaluation noise, so a metric that swings by more
    than it declines is not called overfitting -- while the training loss kept falling by ``metric_min_train_drop`` (log) or more
    over the same span. A decline with a training loss that stalls or rises is not overfitting (a learning rate
    too high, a broken stream: M001 and divergence say so). The finding supersedes metric-regression's on the same
    metric (one phenomenon, reported once, with its cause)."""
    from curvedoc.detectors import metric_regression as mr
    from curvedoc.detectors._instability import last_session
    from curvedoc.model.roles import rl_marker

    metrics = mr.lead_metrics(run)
    if rl_marker(run) is not None or not metrics:
        return
    ts, tr, _, t_log = gx.prepare(run.series("train_loss"), work=False)
    if len(ts) < 3:
        return
    train = gx.Level(ts, tr, t_log)
    mp = mr.Params(min_points=p.metric_min_points, min_drop_rate=p.metric_min_drop_rate,
                   min_drop_log=p.metric_min_drop_log, min_drop_range=1.0, noise_z=p.metric_noise_z, alpha=0.01,
                   tail_frac=0.15, smooth_min_points=10**9,  # M001's tail; the noise of the raw evaluations
                   # the training loss falling over the same span is the second reading that M001 lacks with
                   # few evaluations; the chance test is M001's own (assess does not make it)
                   few_evals_factor=1.0, chance_margin=0.0, chance_slack=0.0,
                   tiny_eval_set=20,  # M001's: a handful of held-out examples scatters by its own counts
                   # this rule's floor for a rate is metric_min_drop_rate whatever the best reached
                   min_drop_share=None, min_drop_rate_low=0.0, share_min_best=1.0)
    best = None
    for m in metrics:
        ms = last_session(run, run.series(m.tag))
        a = mr.assess(ms.index.to_numpy(), ms.to_numpy(dtype=np.float64), m, mp)
        if a is None or a["unit"] == "range":
            continue
        b_step, e_step = (int(x) for x in gx.on_train_clock(run, np.array([a["best_step"], a["last_step"]]), ts))
        if e_step > ts[-1] + max(1, 0.05 * (ts[-1] - ts[0])) or e_step <= b_step:
            continue
        ch = _train_change(train, b_step, e_step, t_log)
        if ch is None:
            continue
        fall = ch[1] - ch[2] if t_log else -ch[0]  # log-space levels: their difference is the log fall
        if fall < p.metric_min_train_drop:
            continue
        if best is None or a["strength"] > best[1]["strength"]:
            best = (m, a, ch)
    if best is None:
        return
    m, a, (t_rel, t_best, t_end) = best
    conf = float(min(0.9, 0.5 + 0.08 * min(a["after"], 4) + 0.1 * min(2.0, a["strength"] - 1.0)))
    yield Hit(
        f"no validation loss is logged; the held-out metric {m.tag} was best at step {fmt_step(a['best_step'])} "
        f"({fmt_num(a['best'])}) and ended at {fmt_num(a['final'])}, {mr.change_text(a, m)}, after {a['after']} "
        f"more evaluation{'s' if a['after'] != 1 else ''}, while the training loss fell from "
        f"{fmt_num(gx.raw(t_best, t_log))} to {fmt_num(gx.raw(t_end, t_log))} ({fmt_pct(t_rel)}) over the same "
        f"span: the model fits its "
        f"training data better and generalises worse; the checkpoint to keep is the one at step "
        f"{fmt_step(a['best_step'])}",
        step=a["best_step"],
        steps=(a["best_step"], a["last_step"]),
        confidence=conf,
        evidence={"variant": "held-out-metric", "metric": m.tag, "best": a["best"], "final": a["final"],
                  "best_step": a["best_step"], "evaluations": a["n"], "after_best": a["after"],
                  "train_change": t_rel,
                  # the same decline is metric-regression's finding on this tag: this one names its cause
                  "supersedes": [["metric-regression", m.tag]]},
        tags=(m.tag,),
    )
