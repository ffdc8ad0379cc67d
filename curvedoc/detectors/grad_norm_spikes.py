"""## What it detects
Isolated spikes of the global gradient norm: single steps (or a few in a row) where the pre-clip norm jumps
to many times its local level and then comes straight back. The local level is the rolling median of the
neighbouring points in log space, so the test is scale-free (a norm of 0.4 or of 40 is judged the same
way); a spike must be at least ``min_ratio`` times that level AND ``noise_z`` robust sigmas of the run's own
step-to-step scatter above it -- or ``group_z`` sigmas when at least ``group_min`` such spikes stand out beyond
the downward excursions of the same size (several 4-sigma spikes in a widely scattered norm are not its noise;
a two-sided heavy tail is). The level around a spike leaves the other spikes out. The first points of a run (the initialisation transient, when norms of 10-100x
the later level are normal) are left out. A norm that rises and stays up is exploding-gradients (G001), not
this; a spike of the loss itself is loss-spikes (D002). Spikes the training loss did not react to (at the largest
one, the loss within 1.5x of its local level) are reported as info: the update was contained and the run kept its
course; the earliest sign of trouble, not yet a fault.

## Why it matters
A gradient-norm spike is the earliest sign of a bad batch or of an LR near the edge of stability; with
clipping the update is contained, without it one such step can throw the optimizer's momentum off for many
steps. Repeated spikes predict the loss spikes and divergences that follow in long runs.

## Example
``hf_trainer_state/t5-summarization-demo``: grad norm ~2.5 with a spike to 35.6 at step 190,000 (14x) and
13.2 at 164,000 (5x); the loss does not react.

## Options
- ``min_points``: fewest finite gradient-norm points.
- ``half_window``: neighbours on each side whose median is the local level (points).
- ``min_ratio``: a spike is at least this many times its local level.
- ``noise_z``: and at least this many robust sigmas (MAD of log residuals) above it.
- ``skip_frac``: leading fraction of the points left out (initialisation transient); at least ``skip_min`` points.
- ``skip_min``: fewest leading points left out.
- ``max_width``: longest run of consecutive high points that still counts as a spike (longer = a level shift).
- ``single_min_ratio``: a lone spike must be at least this many times its level (repeated spikes need only ``min_ratio``).
- ``group_z``: spikes of at least this many robust sigmas count when there are ``group_min`` or more of them ...
- ``group_min``: ... (a heavy-tailed norm whose lone 4-sigma point is noise, but not three of them).
- ``working_frac``: a spike must rise above the norm's working range early in the run (the 90th percentile of this leading share of its points, after the initialisation transient).

## References
seeds/002 'Gradient norms ... If it suddenly spikes, a bad batch or learning rate change is causing problems';
seeds/002 'If you have gradient clipping enabled, the spike usually recovers'; seeds/000 'Sudden loss spikes'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._gradients import clean_steps, positive, pre_clip_norm
from curvedoc.detectors._instability import clipping_configured, lr_context
from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.detectors import _signal as sig
from curvedoc.detectors._signal import compiled_kernels, mad
from curvedoc.detectors._signal import np_median
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_points: int
    half_window: int
    min_ratio: float
    noise_z: float
    skip_frac: float
    skip_min: int
    max_width: int
    single_min_ratio: float
    group_z: float
    group_min: int
    working_frac: float


def rolling_median_excl(x: np.ndarray, h: int) -> np.ndarray:
    """Median of the ``h`` points on each side of every point, the point itself left out (edges: what exists)."""
    n = len(x)
    pad = np.concatenate([np.full(h, np.nan), x, np.full(h, np.nan)])
    out = np.empty(n)
    # interior points: the 2h neighbours are all there (no padding), and a plain median of the two half-windows is
    # the same number as nanmedian over the window with the point masked, at a fraction of the cost
    lo, hi = min(h, n), max(min(h, n), n - h)
    if hi > lo:
        kernels = compiled_kernels()
        if kernels is not None and not np.isnan(x).any():  # the same numbers from a sliding sorted window
            kernels.median_around(np.ascontiguousarray(x, dtype=np.float64), h, out)
        else:
            win = np.lib.stride_tricks.sliding_window_view(pad, 2 * h + 1)
            inner = np.concatenate([win[lo:hi, :h], win[lo:hi, h + 1:]], axis=1)
            if np.isnan(inner).any():  # NaN inside the series itself: keep nanmedian's skipping
                some = ~np.isnan(inner).all(axis=1)  # a window of NaN only has no median (NaN), and no warning
                seg = np.full(hi - lo, np.nan)
                seg[some] = np.nanmedian(inner[some], axis=1)
                out[lo:hi] = seg
            else:  # 2h values: the mean of the middle two after a row sort, as np.median computes it, 3x faster
                srt = np.sort(inner, axis=1)
                out[lo:hi] = srt[:, h - 1 : h + 1].mean(axis=1)
    # the 2h edge points: the median of what exists around each (NaN when nothing does), row by row -- nanmedian
    # over these few short rows takes a slow per-row path inside numpy (~1 ms for 10 rows)
    for i in np.r_[0:lo, hi:n].tolist():
        row = np.concatenate([pad[i:i + h], pad[i + h + 1:i + 2 * h + 1]])
        row = row[~np.isnan(row)]
        out[i] = np_median(row) if len(row) else np.nan
    return out


def may_spike(x: np.ndarray, p: Params) -> bool:
    """Whether any point after the skipped start stands ``min_ratio`` above its level (the median of its ``h``
    neighbours on each side, as :func:`find_spikes` measures it) -- found without the rolling median over the whole
    series: a bound from below on every level (the lowest value around each point) leaves a few candidates, whose
    levels are then taken one by one (more than 32, or one at an edge, and the answer is yes: the full test then
    decides). Where no point does, :func:`find_spikes` finds nothing. ``x`` holds no NaN."""
    n = len(x)
    h = max(1, min(p.half_window, n // 4))
    skip = _transient(n, p)
    if skip >= n:
        return False
    if not np.isfinite(x).all():
        return True  # not judged here
    low = sig.sliding_extreme(np.concatenate([np.full(h, np.inf), x, np.full(h, np.inf)]), 2 * h + 1, np.minimum)
    if h == 5 and n > 2 * h:
        # closer for an interior point: of its 10 neighbours at most 2 + 2 lie below the smaller of the medians of
        # the 5 before and the 5 after it, so the middle two (whose mean is its level) do not
        m5 = sig.row_medians(np.lib.stride_tricks.sliding_window_view(x, 5))  # m5[j]: median of x[j .. j + 4]
        np.maximum(low[h: n - h], np.minimum(m5[: n - 2 * h], m5[h + 1:]), out=low[h: n - h])
    c = np.log(p.min_ratio)
    cand = np.flatnonzero(x[skip:] - low[skip:] >= c) + skip
    if len(cand) > 32 or (len(cand) and (cand[0] < h or cand[-1] >= n - h)):
        return True
    # the few points the bound lets through: their level, the median of their 2h neighbours, as find_spikes has it
    return any(x[i] - sig.median(np.concatenate([x[i - h:i], x[i + 1:i + h + 1]])) >= c for i in cand.tolist())


def _transient(n: int, p: Params) -> int:
    """How many leading points of ``n`` are the initialisation transient (``skip_frac``, at least ``skip_min``)."""
    return max(p.skip_min, int(round(p.skip_frac * n)))


def find_spikes(x: np.ndarray, p: Params) -> tuple[list[tuple[int, int]], np.ndarray, float]:
    """Spans (start, end inclusive) of isolated spikes in log values ``x``; also the residuals and sigma (NaN when
    no point after the skipped start is even ``min_ratio`` above its level: no spike then, whatever the noise)."""
    n = len(x)
    h = max(1, min(p.half_window, n // 4))
    base = rolling_median_excl(x, h)
    resid = x - base
    skip = _transient(n, p)
    if not (resid[skip:] >= np.log(p.min_ratio)).any():
        return [], resid, math.nan
    sigma = max(mad(resid[skip:]), 0.02)

    def isolated_spans(z: float) -> list[tuple[int, int]]:
        high = (resid >= np.log(p.min_ratio)) & (resid >= z * sigma)
        high[:skip] = False
        spans = []
        # the level around a spike leaves the other spikes out: a second spike two points later is not the level
        calm = np.where(high, np.nan, x)
        # runs of consecutive high points, found in one pass (not point by point in Python)
        edge = np.diff(np.concatenate([[0], high.astype(np.int8), [0]]))
        for i, j in zip(np.flatnonzero(edge == 1).tolist(), (np.flatnonzero(edge == -1) - 1).tolist()):
            if j - i + 1 <= p.max_width:
                # isolated: the level after the spike is back near the level before it (not a step up)
                before = calm[max(0, i - h):i]
                after = calm[j + 1:j + 1 + h]
                before, after = before[np.isfinite(before)], after[np.isfinite(after)]
                if len(before) and len(after) and abs(np.median(after) - np.median(before)) < np.log(p.min_ratio) / 2:
                    spans.append((i, j))
        return spans

    # one point beyond noise_z sigmas, or several beyond group_z: a single 4-sigma point among hundreds can be the
    # tail of a heavy-tailed norm, several of them cannot -- unless the norm also falls as far as often: noise is
    # two-sided, spikes are not, so the upward ones must outnumber the downward excursions of the same size
    group = isolated_spans(p.group_z) if p.group_z < p.noise_z else []
    down = int(np.sum(resid[skip:] <= -p.group_z * sigma))
    return (group if len(group) - down >= p.group_min else isolated_spans(p.noise_z)), resid, sigma


@detector("grad-norm-spikes", params=Params)
def grad_norm_spikes(run: Run, p: Params) -> Iterator[Hit]:
    from curvedoc.model.roles import rl_marker

    if rl_marker(run) is not None:
        return  # policy-gradient norms follow the advantages: bursts where some rollout scored are the signal
    s, label = pre_clip_norm(run)
    s = positive(clean_steps(s))
    if len(s) < p.min_points:
        return
    steps = s.index.to_numpy()
    v = s.to_numpy(dtype=np.float64)
    x = np.log(v)
    if not may_spike(x, p):
        return
    spans, resid, sigma = find_spikes(x, p)
    if not spans:
        return
    peaks = [i + int(np.argmax(resid[i:j + 1])) for i, j in spans]
    # a practical floor: a spike that stays below the norm's working range early in the run (the 90th percentile of
    # its first working_frac of points, the initialisation transient skipped) is a hard batch against a model that
    # has since converged -- the optimizer took steps that large routinely while it learned
    skip = _transient(len(v), p)
    early = v[skip: skip + max(3, int(p.working_frac * len(v)))]
    working = float(np.quantile(early, 0.9)) if len(early) else 0.0
    peaks = [k for k in peaks if v[k] > working]
    if not peaks:
        return
    peaks.sort(key=lambda k: -resid[k])
    top = peaks[0]
    ratio = float(np.exp(resid[top]))
    if len(peaks) == 1 and ratio < p.single_min_ratio:
        return
    level = float(v[top] / ratio)
    shown = ", ".join(f"{fmt_num(v[k])} at step {fmt_step(steps[k])} ({fmt_num(float(np.exp(resid[k])), 2)}x)"
                      for k in peaks[:3])
    more = f" and {len(peaks) - 3} more" if len(peaks) > 3 else ""
    loss_note, reacted = "", None
    if "train_loss" in run.roles:
        ls = positive(clean_steps(run.series("train_loss")))
        if len(ls) >= 5:
            li = np.searchsorted(ls.index.to_numpy(), steps[top])
            lv = ls.to_numpy(dtype=np.float64)
            lo, hi = max(0, li - 5), min(len(lv), li + 6)
            if lo < hi:
                local = np_median(lv[lo:hi])
                peak_loss = float(np.max(lv[max(0, li - 1):min(len(lv), li + 2)])) if li < len(lv) else local
                reacted = peak_loss > 1.5 * local
                loss_note = "; the training loss jumped with it" if reacted else \
                    "; the training loss did not react: the optimizer absorbed it, a sign to watch rather than a fault"
    clip = clipping_configured(run)
    clip_note = "" if clip is None else ("; clipping is configured, so the update was capped" if clip
                                         else "; no gradient clipping is configured")
    n_sp = len(peaks)
    conf = min(0.95, 0.55 + 0.1 * min(n_sp, 3) + 0.05 * min(4.0, np.log2(ratio / p.min_ratio + 1)))
    ev = {"spikes": n_sp, "max_ratio": ratio, "max_value": float(v[top]), "level": level, "step_of_max": int(steps[top]),
          "noise_sigma_log": float(sigma), "tag": label}
    ev.update(lr_context(run, int(steps[top])))
    yield Hit(
        f"{label} spiked {n_sp} time{'s' if n_sp != 1 else ''} against its local level: {shown}{more} "
        f"(typical level about {fmt_num(level)}){loss_note}{clip_note}",
        step=int(steps[top]),
        confidence=float(conf),
        evidence=ev,
        marks=tuple(int(steps[k]) for k in sorted(peaks)[:50]),
        # a spike the training loss did not react to left the run on its course (Adam's normalisation or clipping
        # contained the step): information; one the loss jumped with, or with no loss logged to tell, a warning
        severity="info" if reacted is False else None,
    )
