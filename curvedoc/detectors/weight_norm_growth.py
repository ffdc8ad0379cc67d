"""## What it detects
A global weight norm (role ``weight_norm``, or the L2 norm rebuilt from per-layer weight norms) that
grows without bound: it ends at least ``min_total_growth`` times its lowest level (and, when that low point
came after the start, that many times its starting level: climbing back from a collapse is not growth), is still rising in the
last third of the run (by more than ``min_late_growth``), and over that last third it still grows like a
power of the step count with exponent at least ``min_growth_exponent`` (linear growth ~1, the sqrt growth
of Adam without weight decay ~0.5; a norm levelling off tends to 0). A modest rise from a small initialisation that
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
- ``min_growth_exponent``: d log(norm) / d log(steps) over the last third below which the norm is levelling off.

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
from curvedoc.detectors._gradients import clean_steps, smoothed_weight_norm, weight_norm_series
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_points: int
    min_total_growth: float
    min_late_growth: float
    min_growth_exponent: float


def _exp(x: float) -> float:
    return math.exp(min(x, 700.0))


@detector("weight-norm-growth", params=Params)
def weight_norm_growth(run: Run, p: Params) -> Iterator[Hit]:
    raw, label = weight_norm_series(run)
    raw = clean_steps(raw)
    if len(raw) < p.min_points:
        return
    steps, sm = smoothed_weight_norm(run, raw, label)
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
    # the norm must also end above where training started: a norm that collapsed towards 0 and climbs back
    # below its initialisation is recovering from a collapse (weight-norm-collapse's finding), not growing
    head = float(np.median(sm[: max(1, min(5, n // 50))]))
    if end - head < math.log(p.min_total_growth) and base_i > 0:
        return
    # growth exponent over the last third, d log|w| / d log t with t counted from the start of the growth:
    # ~1 linear, ~0.5 sqrt (Adam without weight decay on scale-invariant weights), >1 accelerating, -> 0 levelling off
    dt = max(1.0, float(np.median(np.diff(steps)))) if n > 1 else 1.0
    origin = float(steps[base_i]) - dt
    t_mid, t_end = float(steps[i2]) - origin, float(steps[-1]) - origin
    if t_mid <= 0 or t_end <= t_mid:
        return
    exponent = late / math.log(t_end / t_mid)
    if exponent < p.min_growth_exponent:
        return
    growth = _exp(total)
    late_rel = _exp(late) - 1.0
    shape = "accelerating" if exponent >= 1.5 else f"growing like steps^{exponent:.2f}"
    msg = (f"{label} grew {fmt_num(growth)}x from {fmt_num(_exp(base))} at step {fmt_step(int(steps[base_i]))} to "
           f"{fmt_num(_exp(end))} at step {fmt_step(int(steps[-1]))} and is not levelling off: {fmt_pct(late_rel)} "
           f"in the last third of the run ({shape})")
    conf = 0.55 + 0.15 * min(1.0, total / math.log(10.0)) + 0.2 * min(1.0, exponent / 0.5)
    yield Hit(
        msg,
        step=int(steps[base_i]),
        steps=(int(steps[base_i]), int(steps[-1])),
        confidence=round(float(min(0.95, conf)), 2),
        evidence={
            "growth": growth,
            "late_growth": late_rel,
            "growth_exponent": round(exponent, 3),
            "start_norm": _exp(base),
            "end_norm": _exp(end),
            "points": len(raw),
        },
    )
