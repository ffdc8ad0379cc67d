"""## What it detects
A global weight norm (role ``weight_norm``, or the L2 norm rebuilt from per-layer weight norms) that
shrinks toward zero: its level over the tail is at least ``min_drop_factor`` times below its peak and it
is still falling in the last third of the run (by more than ``min_late_fall``, at no less than
``min_rate_ratio`` of the earlier decline rate in log space). A norm that declines and levels off at a
new equilibrium (weight decay balanced by the gradient, e.g. grokking runs) stays silent.

## Why it matters
Weights decaying toward zero mean the decay term dominates the gradient signal: the model collapses to
a trivial function, the loss rises or stalls, and the effective learning rate of normalised layers blows up.

## Example
``sample_runs/grokking`` is the near miss: strong weight decay makes its weight norm fall steadily, then
level off, while the model generalises; this rule must stay silent there.

## Options
- ``min_points``: fewest weight-norm points needed.
- ``min_drop_factor``: peak level over tail level (a factor) that counts as a collapse.
- ``min_late_fall``: relative fall within the last third that counts as "still falling".
- ``min_rate_ratio``: last-third over earlier decline rate (log space, per step) below which the norm is levelling off.
- ``tail_frac``: fraction of the run (in points) whose median is the tail level.

## References
seeds/000 10.16 Debugging training: 'Weight norms' (shrinking aggressively -> weight decay too high, model
collapsing to zero); seeds/001 table 'Weight Norm' (rapid explosion or collapse); seeds/002 'Grokking'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._gradients import clean_steps, positive, smoothed_weight_norm, weight_norm_series
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.detectors._signal import finite, window
from curvedoc.detectors._signal import np_median
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_points: int
    min_drop_factor: float
    min_late_fall: float
    min_rate_ratio: float
    tail_frac: float


def _exp(x: float) -> float:
    return math.exp(max(min(x, 700.0), -700.0))


@detector("weight-norm-collapse", params=Params)
def weight_norm_collapse(run: Run, p: Params) -> Iterator[Hit]:
    raw, label = weight_norm_series(run)
    raw = finite(clean_steps(raw))
    if len(raw) < p.min_points:
        return
    v = raw.to_numpy(dtype=np.float64)
    if np.any(v < 0):
        return  # not a norm
    n_raw = len(v)
    tail_n = window(n_raw, p.tail_frac, 2)
    zero_tail = float((v[n_raw - tail_n:] == 0).mean())
    steps, sm = smoothed_weight_norm(run, raw, label)
    n = len(sm)
    if n < 3:
        return
    body = sm[: max(1, n - window(n, p.tail_frac, 1))]
    peak_i = int(np.argmax(body))
    peak = float(body[peak_i])
    peak_val = _exp(peak)

    if zero_tail >= 0.5:
        nz = np.nonzero(v == 0)[0]
        onset = int(raw.index[nz[0]])
        yield Hit(
            f"{label} fell from {fmt_num(peak_val)} to exactly 0 (on {zero_tail:.0%} of the last {tail_n:,} points, "
            f"first at step {fmt_step(onset)}): the weights collapsed to zero",
            step=onset,
            steps=(onset, int(raw.index[-1])),
            confidence=0.85,
            evidence={"peak_norm": peak_val, "tail_norm": 0.0, "drop_factor": None, "zero_share_tail": zero_tail},
        )
        return

    if n < p.min_points:
        return
    tail_pos = positive(raw.iloc[n_raw - tail_n:])
    if len(tail_pos) == 0:
        return
    tail = float(np.log(np_median(tail_pos.to_numpy(dtype=np.float64))))
    drop = peak - tail
    if drop < math.log(p.min_drop_factor):
        return
    i2 = (2 * n) // 3
    if i2 >= n - 1:
        return
    late = float(sm[i2]) - float(sm[-1])
    if late < -math.log1p(-min(max(p.min_late_fall, 0.0), 0.99)):  # fell by at least min_late_fall
        return
    span_last = max(1.0, float(steps[-1] - steps[i2]))
    rate_last = late / span_last
    if peak_i < i2:
        rate_before = (peak - float(sm[i2])) / max(1.0, float(steps[i2] - steps[peak_i]))
        ratio = rate_last / rate_before if rate_before > 1e-15 else float("inf")
    else:
        ratio = float("inf")  # the fall started in the last third
    if ratio < p.min_rate_ratio:
        return
    halved = np.nonzero(sm[peak_i:] <= peak - math.log(2.0))[0]
    onset = int(steps[peak_i + halved[0]]) if len(halved) else int(steps[peak_i])
    factor = _exp(drop)
    late_rel = -math.expm1(-late)
    msg = (f"{label} fell {fmt_num(factor)}x from its peak {fmt_num(peak_val)} at step {fmt_step(int(steps[peak_i]))} "
           f"to {fmt_num(_exp(tail))} and is still falling: {fmt_pct(-late_rel)} in the last third of the run")
    if "train_loss" in run.roles:
        lo = finite(clean_steps(run.series("train_loss")))
        if len(lo) >= 4:
            lv = lo.to_numpy(dtype=np.float64)
            k = window(len(lv), 0.1, 1)
            best, last = float(np.min(lv)), float(np.median(lv[-k:]))
            if abs(best) > 1e-12 and (last - best) / abs(best) > 0.2:
                msg += f"; train_loss is {fmt_pct((last - best) / abs(best))} above its minimum"
    conf = 0.55 + 0.15 * min(1.0, (drop - math.log(p.min_drop_factor)) / math.log(10.0)) + 0.2 * min(1.0, ratio)
    yield Hit(
        msg,
        step=onset,
        steps=(int(steps[peak_i]), int(steps[-1])),
        confidence=round(float(min(0.95, conf)), 2),
        evidence={
            "peak_norm": peak_val,
            "tail_norm": _exp(tail),
            "drop_factor": factor,
            "late_fall": late_rel,
            "rate_ratio": None if math.isinf(ratio) else round(ratio, 3),
            "peak_step": int(steps[peak_i]),
        },
    )
