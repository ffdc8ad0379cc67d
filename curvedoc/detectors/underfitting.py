"""## What it detects
Training (and validation) loss that improved little from the start, has stopped improving, and stays
high: well above 0 relative to log(K) for a K-class task, or with a training accuracy far from 1.
Train and validation sit close together (no generalisation gap), the signature of a model that cannot
fit even its training data. Without a scale reference (K or an accuracy) the detector stays silent:
"high" cannot be judged from a loss value alone.

## Why it matters
The model is too weak for the task, or the learning rate too low, or the schedule decayed too early:
more epochs at this setting will not help, and regularisation would make it worse.

## Example
``sample_runs/underfitting`` (a linear model on a non-linearly separable task).

## Options
- ``num_classes``: K if you know it (0 = infer from an accuracy at 1/K or a first loss at log K).
- ``max_improvement``: largest relative drop of the training loss from its start that still counts as "little improvement".
- ``max_late_improvement``: largest relative drop over the second half of the run that still counts as "stopped improving".
- ``high_frac``: the final loss counts as high when it is at least this fraction of log(K).
- ``max_norm_acc``: the final accuracy counts as low when it is at most this fraction of the way from chance to 1.
- ``max_gap``: largest |log(val / train)| for "train and val close together".
- ``min_points``: fewest finite training-loss points.
- ``k_isolation``: a K read from the first loss alone must be unambiguous: no other candidate's log K within this many times the 5% tolerance.
- ``max_lm_small_k``: a K read from the loss up to this size is ignored when a text-generation metric (BLEU, ROUGE, perplexity ...) says the model is a language model.

## References
seeds/000 10.16 Debugging training: 'Loss curves' ('Training loss high, validation loss higher:
underfitting' and 'Loss decreases then plateaus far above expected'); seeds/002 'Underfitting: Both
Curves High and Flat'; seeds/003 'Underfitting: Both Losses Plateau Too High'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._progress import (
    accuracy,
    k_from_acc,
    k_from_first_loss,
    lm_metric,
    looks_non_ce,
    prepared,
    stated_k,
    window_median,
)
from curvedoc.detectors._signal import fmt_num, fmt_pct
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    num_classes: int
    max_improvement: float
    max_late_improvement: float
    high_frac: float
    max_norm_acc: float
    max_gap: float
    min_points: int
    k_isolation: float
    max_lm_small_k: int


@detector("underfitting", params=Params)
def underfitting(run: Run, p: Params) -> Iterator[Hit]:
    s = prepared(run, "train_loss")
    n = len(s)
    if n < max(p.min_points, 5):
        return
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if (v <= 0).any():
        return
    head = float(np.median(v[: max(1, min(5, int(0.01 * n)))]))  # the start: a few points, not a stretch
    mid = window_median(v, 0.4, 0.6)
    tail = window_median(v, 0.85, 1.0)
    improvement = 1.0 - tail / head
    late = 1.0 - tail / mid
    if improvement > p.max_improvement or late > p.max_late_improvement:
        return  # learned a lot, or still learning
    if late < -2.0 * p.max_late_improvement:
        return  # rising again: not a plateau (divergence, restarted sessions...)

    # validation: close to train and stalled too (if logged)
    val_ev: dict = {}
    if "val_loss" in run.roles:
        vs = prepared(run, "val_loss")
        vv = vs.to_numpy(dtype=np.float64)
        if len(vv) >= 3 and (vv > 0).all():
            v_tail = window_median(vv, 0.7, 1.0) if len(vv) >= 5 else float(vv[-1])
            v_mid = window_median(vv, 0.35, 0.65) if len(vv) >= 5 else float(np.median(vv))
            gap = math.log(v_tail / tail)
            if abs(gap) > p.max_gap:
                return  # a generalisation gap is another story (overfitting / train-val-gap)
            if 1.0 - v_tail / v_mid > p.max_late_improvement:
                return  # validation still improving
            val_ev = {"val_last": v_tail, "gap_log": round(gap, 4)}

    # how high is high: needs K or an accuracy
    acc = accuracy(run, "train_acc")
    acc_role = "train"
    if len(acc) < 3:
        acc = accuracy(run, "val_acc")
        acc_role = "validation"
    acc_tail = window_median(acc.to_numpy(), 0.8, 1.0) if len(acc) >= 3 else float("nan")
    k, k_src = None, None
    k_given = stated_k(run, p.num_classes)
    if k_given:
        k, k_src = k_given, "num_classes"
    elif not looks_non_ce(run):
        k = k_from_first_loss(v, head, 0.05, p.k_isolation)
        if k is not None and k <= p.max_lm_small_k and lm_metric(run):
            k = None  # a text-generation metric says language model: its K is a vocabulary, the match a coincidence
        k_src = "first loss" if k else None
        if k is None and len(acc) >= 3:
            # an accuracy starting at 1/K, confirmed by a first loss near log K
            ka = k_from_acc(float(np.median(acc.to_numpy()[:3])))
            if ka and abs(head - math.log(ka)) <= 0.1 * math.log(ka):
                k, k_src = ka, "first accuracy and loss"
    reasons = []
    high_loss = False
    if k is not None:
        chance = math.log(k)
        if tail >= 0.95 * chance:
            return  # at chance: plateau-at-chance / constant-loss own this
        high_loss = tail >= p.high_frac * chance
        if high_loss:
            reasons.append(f"{fmt_num(tail)} is {tail / chance:.0%} of log({k:,}) = {fmt_num(chance)} ({k_src})")
    low_acc = False
    if math.isfinite(acc_tail):
        chance_acc = 1.0 / k if k else 0.0
        norm = (acc_tail - chance_acc) / max(1e-9, 1.0 - chance_acc)
        if norm > p.max_norm_acc:
            return  # the accuracy says the model fits the data reasonably well
        low_acc = True
        reasons.append(f"{acc_role} accuracy only {acc_tail:.3f}" + (f" (chance {chance_acc:.3f})" if k else ""))
    if not (high_loss or low_acc):
        return
    conf = 0.55 + 0.15 * high_loss + 0.15 * low_acc + (0.05 if val_ev else 0.0)
    msg = (f"train_loss improved only {fmt_pct(improvement).lstrip('+')} (from {fmt_num(head)} to {fmt_num(tail)}) and "
           f"changed {fmt_pct(-late)} over the second half of the run; it stays high: " + "; ".join(reasons))
    if val_ev:
        msg += f"; val_loss {fmt_num(val_ev['val_last'])} is close to it"
    plateau_step = int(steps[int(0.4 * n)])
    lr_ev = {}
    causes = ["capacity", "lr-too-low", "schedule-decayed-early", "vanishing-gradients"]
    if "lr" in run.roles:
        lr = prepared(run, "lr").to_numpy(dtype=np.float64)
        if len(lr) and lr.max() > 0:
            lr_ev = {"lr_max": float(lr.max()), "lr_last": float(lr[-1])}
            if lr[-1] <= 0.05 * lr.max() and window_median(lr, 0.4, 0.6) <= 0.1 * lr.max():
                causes = ["schedule-decayed-early", "capacity", "lr-too-low", "vanishing-gradients"]
    yield Hit(
        msg, step=plateau_step, steps=(plateau_step, int(steps[-1])), confidence=min(conf, 0.9),
        evidence={"first_loss": head, "last_loss": tail, "improvement": round(improvement, 4),
                  "late_improvement": round(late, 4), "num_classes": k, "acc_last": acc_tail if math.isfinite(acc_tail) else None,
                  **val_ev, **lr_ev},
        causes=tuple(causes),
    )
