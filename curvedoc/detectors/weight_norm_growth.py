"""## What it detects
A global weight norm (role ``weight_norm``, or the L2 norm rebuilt from per-layer weight norms) that
grows without bound: it ends at least ``min_total_growth`` times its lowest level, is still rising in the
last third of the run (by more than ``min_late_growth``), and its growth speed over the last third is at
least ``min_rate_ratio`` of the first third's (not levelling off). A modest rise from a small initialisation that
levels off is healthy and stays silent.

## Why it matters
Unbounded weight growth means nothing holds the parameters back (no or too little weight decay), or a
feedback loop such as softmax saturation pushing logits to infinity; it precedes overflow, loss spikes
and poorly calibrated, over-confident models.

## Example
``sample_runs/weight-norm-growth``: a classifier trained without weight decay on separable data whose
logits (and weights) keep growing.

## Options
- ``min_points``: fewest weight-norm points needed.
- ``min_total_growth``: end level over the lowest level before the last third (a factor).
- ``min_late_growth``: relative growth within the last third that counts as "still growing".
- ``min_rate_ratio``: last-third over first-third growth speed (per step) below which the norm is levelling off.

## References
seeds/000 10.16 Debugging training: 'Weight norms' (should grow modestly and stabilise; growing without
bound -> weight decay too low or a runaway feedback loop); seeds/001 table 'Weight Norm' (gradual, bounded growth).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._gradients import clean_steps, smoothed_log, weight_norm_series
from curvedoc.detectors._signal import fmt_num, fmt_pct, fmt_step
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_points: int
    min_total_growth: float
    min_late_growth: float
    min_rate_ratio: float


def _exp(x: float) -> float:
    return math.exp(min(x, 700.0))


@detector("weight-norm-growth", params=Params)
def weight_norm_growth(run: Run, p: Params) -> Iterator[Hit]:
    raw, label = weight_norm_series(run)
    raw = clean_steps(raw)
    if len(raw) < p.min_points:
        return
    steps, sm = smoothed_log(raw)
    n = len(sm)
    if n < p.min_points or not np.all(np.isfinite(sm)):
        return
    i1, i2 = n // 3, (2 * n) // 3
    if i1 < 1 or i2 <= i1 or i2 >= n - 1:
        return
    base_i = int(np.argmin(sm[: i2 + 1]))
    base, end, mid2 = float(sm[base_i]), float(sm[-1]), float(sm[i2])
    total = end - base
    late = end - mid2
    if total < math.log(p.min_total_growth) or late < math.log1p(p.min_late_growth):
        return
    span_last = max(1.0, float(steps[-1] - steps[i2]))
    start_i = base_i if base_i < i1 else 0
    span_first = max(1.0, float(steps[i1] - steps[start_i]))
    # speed in norm units per step (scale-free as a ratio): linear growth keeps ratio 1, sqrt-like growth
    # slows to ~0.3, a saturating rise to ~0, exponential growth exceeds 1. Computed in log space (no overflow).
    s0, m1 = float(sm[start_i]), float(sm[i1])
    with np.errstate(all="ignore"):
        first_gain = float(np.expm1(np.float64(m1 - s0)))
        late_gain = float(np.expm1(np.float64(late)))
        if first_gain <= 1e-12:
            ratio = float("inf")
        else:
            log_ratio = (mid2 - s0) + math.log(late_gain) - math.log(first_gain) + math.log(span_first / span_last)
            ratio = float(np.exp(np.float64(min(log_ratio, 700.0))))
    if ratio < p.min_rate_ratio:
        return
    growth = _exp(total)
    late_rel = _exp(late) - 1.0
    speed = "faster than in the first third" if ratio >= 1.0 else f"at {fmt_num(ratio, 2)}x the speed of the first third"
    msg = (f"{label} grew {fmt_num(growth)}x from {fmt_num(_exp(base))} at step {fmt_step(int(steps[base_i]))} to "
           f"{fmt_num(_exp(end))} at step {fmt_step(int(steps[-1]))} and is not levelling off: {fmt_pct(late_rel)} "
           f"in the last third of the run, {speed}")
    conf = 0.55 + 0.15 * min(1.0, total / math.log(10.0)) + 0.2 * min(1.0, ratio)
    yield Hit(
        msg,
        step=int(steps[base_i]),
        steps=(int(steps[base_i]), int(steps[-1])),
        confidence=round(float(min(0.95, conf)), 2),
        evidence={
            "growth": growth,
            "late_growth": late_rel,
            "rate_ratio": None if math.isinf(ratio) else round(ratio, 3),
            "start_norm": _exp(base),
            "end_norm": _exp(end),
            "points": len(raw),
        },
    )
