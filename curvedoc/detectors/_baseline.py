"""A run against a baseline run: which curves to pair, on which axis, and whether the run left the baseline's
noise band and stayed out.

The principle: a curve is *different* from the baseline only when it lies outside what the baseline's own
noise allows, along a tolerance in both directions, for the rest of the run. Everything is scale-invariant:

* **pairing** -- by role (train_loss with train_loss, lr with lr, whatever the tags are called in each
  format), quality metrics by tag or else by kind and split (``val/acc`` with ``val_accuracy``), and loss
  components by identical tag;
* **axis** -- the optimizer step, unless both runs log the epoch (or tokens seen) and their steps per epoch
  (per token) differ by more than 10%: a run with twice the batch size reaches epoch 1 at half the step, and
  comparing it step by step would call a good run bad;
* **values** -- in log space for positive curves that are not bounded rates (losses, LR, norms: a loss of
  0.02 vs 0.01 is as different as 2 vs 1), linear for accuracy-like rates and curves that cross zero;
* **band** -- around the baseline smoothed by a running median (``smooth_frac`` of the span on each side),
  ``band`` times the baseline's local point noise (robust: the MAD of each point's distance from the line
  through its neighbours, over ``noise_frac`` of the span), widened to at least ``rtol`` (relative) and
  ``atol`` (absolute), and stretched ``shift_frac`` of the span left and right: a reseeded run drops a little
  earlier or later, and at a steep part that shift is a large vertical difference that means nothing;
  several baseline runs (seeds) add their spread to the noise;
* **departure** -- the run's smoothed curve, at the baseline's points, is outside the band on one side from
  some step to the end of the overlap (``stay_frac`` of those points, and most of the last tenth), for at
  least ``min_points`` points: an early difference that comes back is how reseeded runs look, not a change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import numpy as np

from curvedoc.model.metrics import rate_scale

# roles whose value has a better direction; the others (lr, norms, clip threshold, loss scale) only differ
ROLE_DIRECTION = {"train_loss": "lower", "val_loss": "lower", "train_acc": "higher", "val_acc": "higher"}
SKIP_ROLES = {"epoch"}
# steps per epoch (or per token) that differ by more than this ratio make the epoch (tokens) the common axis
AXIS_RATIO = 1.1
# fewer baseline points than this in the overlap: no noise estimate (second differences of a sparse curve
# measure its bends, not its noise)
MIN_NOISE_POINTS = 12
MAX_GRID = 600
# with several baseline seeds, a new seed may lie this many seed-spreads from their median curve (the usual
# three-sigma bound; the spread of a handful of seeds is taken as the farthest one's distance, which for 3 seeds
# is about one standard deviation). 2.5 let weight norms of reseeded sample runs out of a 3-seed band.
SEED_SIGMAS = 3.0  # comparison points per curve: enough to place an onset within 0.2% of the span


@dataclass(frozen=True)
class BandParams:
    band: float
    rtol: float
    atol: float
    seed_rtol: float
    smooth_frac: float
    noise_frac: float
    shift_frac: float
    stay_frac: float
    min_points: int
    align: str


@dataclass
class Pair:
    key: str  # role name, or the metric / component tag
    run_tag: str
    base_tags: list[str]
    direction: str | None  # 'lower' | 'higher' | None (no better side: lr, norms)
    kind: str  # 'role' | 'metric' | 'component'


@dataclass
class SeriesComparison:
    key: str
    run_tag: str
    base_tag: str
    direction: str | None
    axis: str
    scale: str = "log"
    compared: bool = True
    reason: str = ""  # why not compared
    points: int = 0
    overlap: tuple[float, float] | None = None
    left_at: float | None = None  # axis value where the run left the band for good
    left_step: int | None = None  # the run's own step there
    side: str | None = None  # 'worse' | 'better' | 'different' | None (inside the band)
    out_share: float = 0.0
    excess: float = 0.0  # median distance outside the band after onset, in band half-widths
    band_rel: float | None = None  # typical band half-width relative to the baseline value (log curves)
    band_abs: float | None = None  # typical band half-width in the curve's own units (linear curves)
    run_final: float | None = None
    base_final: float | None = None
    run_best: float | None = None
    base_best: float | None = None
    run_best_at: float | None = None
    base_best_at: float | None = None
    run_end: float | None = None  # last axis value of each curve
    base_end: float | None = None
    curves: dict[str, Any] = field(default_factory=dict, repr=False)  # for plots: grid, base, lo, hi, run

    @property
    def final_delta(self) -> float | None:
        if self.run_final is None or self.base_final is None:
            return None
        return self.run_final - self.base_final

    @property
    def final_rel(self) -> float | None:
        d = self.final_delta
        if d is None or not self.base_final:
            return None
        return d / abs(self.base_final)

    @property
    def best_rel(self) -> float | None:
        if self.run_best is None or self.base_best is None or not self.base_best:
            return None
        return (self.run_best - self.base_best) / abs(self.base_best)

    def to_dict(self) -> dict[str, Any]:
        def num(v):
            return None if v is None or not math.isfinite(v) else float(v)

        d = {
            "key": self.key, "run_tag": self.run_tag, "baseline_tag": self.base_tag, "direction": self.direction,
            "axis": self.axis, "scale": self.scale, "compared": self.compared, "points": self.points,
            "overlap": None if self.overlap is None else [num(self.overlap[0]), num(self.overlap[1])],
            "left_at": num(self.left_at), "left_step": self.left_step, "side": self.side,
            "out_share": round(self.out_share, 3), "excess": round(self.excess, 2),
            "band_rel": num(self.band_rel), "band_abs": num(self.band_abs),
            "run_final": num(self.run_final), "baseline_final": num(self.base_final),
            "final_delta": num(self.final_delta), "final_rel": num(self.final_rel),
            "run_best": num(self.run_best), "baseline_best": num(self.base_best),
            "run_best_at": num(self.run_best_at), "baseline_best_at": num(self.base_best_at),
            "best_rel": num(self.best_rel),
            "run_end": num(self.run_end), "baseline_end": num(self.base_end),
        }
        if self.reason:
            d["reason"] = self.reason
        return d


# ------------------------------------------------------------------------------------------------ pairing
def _loss_like(tag: str) -> bool:
    from curvedoc.model.metrics import tokens

    return "loss" in tokens(tag)


def pairs(run, bases: Sequence) -> list[Pair]:
    """The curves to compare: every role both have, every metric matched by tag (or else by kind and split,
    when that is unique on both sides), and every loss-like tag of the same name that fills no role."""
    out: list[Pair] = []
    base = bases[0]
    used_run: set[str] = set()
    for role, tag in run.roles.items():
        if role in SKIP_ROLES or not all(role in b.roles for b in bases):
            continue
        out.append(Pair(role, tag, [b.roles[role] for b in bases], ROLE_DIRECTION.get(role), "role"))
        used_run.add(tag)
    bm = {m.tag: m for m in base.metrics}
    by_kind: dict[tuple, list] = {}
    for m in base.metrics:
        by_kind.setdefault((m.kind, m.split), []).append(m)
    run_kinds: dict[tuple, int] = {}
    for m in run.metrics:
        run_kinds[(m.kind, m.split)] = run_kinds.get((m.kind, m.split), 0) + 1
    for m in run.metrics:
        if m.tag in used_run:
            continue
        match = bm.get(m.tag)
        if match is None and run_kinds[(m.kind, m.split)] == 1 and len(by_kind.get((m.kind, m.split), [])) == 1:
            match = by_kind[(m.kind, m.split)][0]
        if match is None:
            continue
        tags = [match.tag] + [match.tag for b in bases[1:] if match.tag in b.tags]
        if len(tags) != len(bases):
            continue
        out.append(Pair(m.tag, m.tag, tags, m.direction, "metric"))
        used_run.add(m.tag)
    base_role_tags = {t for b in bases for t in b.roles.values()}
    for tag in run.tags:
        if tag in used_run or tag in base_role_tags or not _loss_like(tag):
            continue
        if len(run.series(tag)) < 3:  # a one-off summary ('train_summary/train_loss') is not a curve
            continue
        if all(tag in b.tags for b in bases) and tag not in run.roles.values():
            out.append(Pair(tag, tag, [tag] * len(bases), "lower", "component"))
    return out


# ------------------------------------------------------------------------------------------------ axis
def _progress_series(run, kind: str):
    """The run's epoch (or tokens-seen) counter as (steps, values), non-decreasing, or None."""
    from curvedoc.model.metrics import tokens

    if kind == "epoch":
        tag = run.roles.get("epoch")
        cands = [tag] if tag else []
    else:
        cands = [t for t in run.tags if {"tokens", "token"} & set(tokens(t))
                 and not {"per", "second", "sec", "s", "rate", "throughput"} & set(tokens(t))]
    for tag in cands:
        s = run.series(tag)
        v = s.to_numpy(dtype=np.float64)
        ok = np.isfinite(v)
        if ok.sum() < 3:
            continue
        st, v = s.index.to_numpy(dtype=np.float64)[ok], v[ok]
        if v[-1] <= v[0] or np.any(np.diff(v) < -1e-9 * max(1.0, abs(v[-1]))):
            continue
        return st, v
    return None


def _rate(prog) -> float:
    st, v = prog
    return (st[-1] - st[0]) / (v[-1] - v[0])


def choose_axis(run, bases: Sequence, align: str = "auto") -> tuple[str, str]:
    """('step' | 'epoch' | 'tokens', why). ``align`` forces one; 'auto' leaves the step only when both runs
    log the epoch (tokens) and their steps per epoch (token) differ by more than AXIS_RATIO."""
    if align == "step":
        return "step", "asked for"
    kinds = ("epoch", "tokens") if align == "auto" else (align,)
    for kind in kinds:
        progs = [_progress_series(r, kind) for r in (run, *bases)]
        if any(p is None for p in progs):
            if align != "auto":
                who = "the run" if progs[0] is None else "the baseline"
                raise ValueError(f"cannot align by {kind}: {who} logs no {kind} counter")
            continue
        rates = [_rate(p) for p in progs]
        ratio = max(rates) / min(rates) if min(rates) > 0 else math.inf
        if align != "auto":
            return kind, "asked for"
        if ratio > AXIS_RATIO:
            return kind, (f"steps per {kind.rstrip('s')} differ ({rates[0]:.4g} in the run, {rates[1]:.4g} in "
                          f"the baseline)")
    return "step", "same steps" if align == "auto" else "asked for"


def to_axis(run, axis: str, steps: np.ndarray) -> np.ndarray:
    if axis == "step":
        return steps.astype(np.float64)
    prog = _progress_series(run, axis)
    if prog is None:  # pragma: no cover - choose_axis checked it
        return steps.astype(np.float64)
    st, v = prog
    return np.interp(steps.astype(np.float64), st, v)


def from_axis(run, axis: str, x: float) -> int:
    """The run's own step at axis value ``x``."""
    if axis == "step":
        return int(round(x))
    prog = _progress_series(run, axis)
    if prog is None:  # pragma: no cover
        return int(round(x))
    st, v = prog
    return int(round(float(np.interp(x, v, st))))


# ------------------------------------------------------------------------------------------------ curves
def _curve(run, tag: str, axis: str) -> tuple[np.ndarray, np.ndarray]:
    s = run.series(tag)
    v = s.to_numpy(dtype=np.float64)
    x = to_axis(run, axis, s.index.to_numpy())
    ok = np.isfinite(v) & np.isfinite(x)
    x, v = x[ok], v[ok]
    if len(x) > 1 and np.any(np.diff(x) <= 0):  # epochs can repeat at the same value: keep the later write
        order = np.argsort(x, kind="stable")
        x, v = x[order], v[order]
        keep = np.ones(len(x), dtype=bool)
        keep[:-1] = x[1:] != x[:-1]
        x, v = x[keep], v[keep]
    return x, v


def _by_width(y: np.ndarray, lo: np.ndarray, hi: np.ndarray, rows_reduce) -> tuple[np.ndarray, np.ndarray]:
    """``rows_reduce`` (a reduction along axis 1, e.g. np.median) of each non-empty window ``y[lo[i]:hi[i]]``, and the
    mask of the non-empty ones. Windows of one width are reduced as the rows of one block, a reduction of each row
    equal to the same reduction of the 1-D slice (a comparison grid of a few hundred points has a few widths: a
    handful of numpy calls instead of one per point); blocks are cut to about a million values."""
    width = hi - lo
    out = np.zeros(len(lo))
    full = width > 0
    for k in np.unique(width[full]):
        k = int(k)
        rows = np.flatnonzero(width == k)
        step = max(1, (1 << 20) // k)
        for s in range(0, len(rows), step):
            r = rows[s : s + step]
            out[r] = rows_reduce(y[lo[r, None] + np.arange(k)], axis=1)
    return out, full


def _window_median(x: np.ndarray, y: np.ndarray, at: np.ndarray, h: float) -> np.ndarray:
    """Median of ``y`` over ``|x - a| <= h`` for each ``a`` (the nearest point when the window is empty)."""
    lo = np.searchsorted(x, at - h, side="left")
    hi = np.searchsorted(x, at + h, side="right")
    out, full = _by_width(y, lo, hi, np.median)
    for i in np.flatnonzero(~full):
        j = int(np.clip(np.searchsorted(x, at[i]), 0, len(x) - 1))
        if j > 0 and abs(x[j - 1] - at[i]) < abs(x[j] - at[i]):
            j -= 1
        out[i] = y[j]
    return out


def _window_counts(x: np.ndarray, at: np.ndarray, h: float) -> np.ndarray:
    n = np.searchsorted(x, at + h, side="right") - np.searchsorted(x, at - h, side="left")
    return np.maximum(n, 1)


def _point_noise(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """|distance of each point from the line through its two neighbours| / sqrt(1.5): for independent noise of
    sd sigma on a locally straight curve this has a median of 0.6745 sigma (ends copy their neighbour)."""
    n = len(y)
    if n < 3:
        return np.zeros(n)
    dx = x[2:] - x[:-2]
    w = np.where(dx > 0, (x[1:-1] - x[:-2]) / np.where(dx > 0, dx, 1.0), 0.5)
    r = np.abs(y[1:-1] - (y[:-2] * (1 - w) + y[2:] * w)) / math.sqrt(1.5)
    return np.concatenate([[r[0]], r, [r[-1]]])


def _local_sigma(x: np.ndarray, r: np.ndarray, at: np.ndarray, h: float, min_n: int = 5) -> np.ndarray:
    """Robust local noise sd at ``at``: 1.4826 x median of the point residuals within ``h`` (at least the
    ``min_n`` nearest points)."""
    lo = np.searchsorted(x, at - h, side="left")
    hi = np.searchsorted(x, at + h, side="right")
    n = len(x)
    few = hi - lo < min_n  # too few within h: the min_n points nearest to a (fewer when the curve has fewer)
    c = np.clip(np.searchsorted(x, at[few]), 0, n - 1)
    b = np.minimum(n, c - min_n // 2 + min_n)
    lo[few], hi[few] = np.maximum(0, b - min_n), b
    med, full = _by_width(r, lo, hi, np.median)
    return np.where(full, 1.4826 * med, 0.0)


def _sliding(vals: np.ndarray, x: np.ndarray, d: float, fn) -> np.ndarray:
    """``fn`` (np.max, np.min) of ``vals`` over ``|x - a| <= d`` for each point ``a`` of ``x``."""
    if d <= 0:
        return vals
    lo = np.searchsorted(x, x - d, side="left")
    hi = np.searchsorted(x, x + d, side="right")
    return _by_width(vals, lo, hi, fn)[0]  # each window holds its own point


def _scale_of(direction: str | None, arrays: Sequence[np.ndarray], rate_scale: float | None) -> str:
    """'error' for a higher-is-better bounded rate (accuracy 0.90 vs 0.88 is compared as error 0.10 vs 0.12, a
    20% change, the way losses are compared), 'log' for positive curves, 'linear' for curves that reach zero
    or below (rewards, ELBOs)."""
    if rate_scale and direction == "higher":
        return "error"
    return "log" if all(len(a) and np.all(a > 0) for a in arrays) else "linear"


def _transforms(scale: str, rate_scale: float | None):
    if scale == "log":
        return np.log, np.exp
    if scale == "error":  # log of the error rate; clipped a thousandth of the scale above zero (100% accuracy)
        top, eps = float(rate_scale), 1e-3 * float(rate_scale)
        return (lambda a: np.log(np.maximum(top - a, eps))), (lambda z: top - np.exp(z))
    return (lambda a: a), (lambda a: a)


def compare_curves(run, bases: Sequence, pair: Pair, axis: str, p: BandParams,
                   rate_scale: float | None = None) -> SeriesComparison:
    """Compare one paired curve; see the module docstring for the method."""
    sc = SeriesComparison(pair.key, pair.run_tag, pair.base_tags[0], pair.direction, axis)
    rx, rv = _curve(run, pair.run_tag, axis)
    bcurves = [_curve(b, t, axis) for b, t in zip(bases, pair.base_tags)]
    bx, bv = bcurves[0]
    if len(rx):
        sc.run_end = float(rx[-1])
    if len(bx):
        sc.base_end = float(bx[-1])
    if len(rx) < 3 or len(bx) < 3:
        sc.compared = False
        sc.reason = f"too few finite points (run {len(rx)}, baseline {len(bx)})"
        return sc
    lo, hi = max(rx[0], bx[0]), min(rx[-1], bx[-1])
    span = hi - lo
    in_r = (rx >= lo) & (rx <= hi)
    in_b = (bx >= lo) & (bx <= hi)
    if span <= 0 or in_r.sum() < 3 or in_b.sum() < 3:
        sc.compared = False
        sc.reason = (f"the curves barely overlap on the {axis} axis (run {rx[0]:g}-{rx[-1]:g}, baseline "
                     f"{bx[0]:g}-{bx[-1]:g})")
        return sc
    sc.overlap = (float(lo), float(hi))
    scale = _scale_of(pair.direction, [rv] + [c[1] for c in bcurves], rate_scale)
    sc.scale = scale
    f, finv = _transforms(scale, rate_scale)
    grid = bx[in_b]
    if len(grid) > MAX_GRID:
        grid = grid[np.unique(np.linspace(0, len(grid) - 1, MAX_GRID).round().astype(int))]
    # smoothing half-width: smooth_frac of the span, but never less than half the sparser curve's spacing; a
    # curve long enough to have a measurable noise gets at least a 5-point median (compared point by point, a
    # noisy minibatch loss logged every 10 steps would need a band several times its level)
    gap = max(float(np.median(np.diff(rx))) if len(rx) > 1 else 0.0, float(np.median(np.diff(bx))))
    many = in_b.sum() >= MIN_NOISE_POINTS and in_r.sum() >= MIN_NOISE_POINTS
    h = max(p.smooth_frac * span, (2.0 if many else 0.5) * gap)
    fb = [f(c[1]) for c in bcurves]
    base_s = _window_median(bx, fb[0], grid, h)
    run_s = _window_median(rx, f(rv), grid, h)
    hn = max(p.noise_frac * span, gap)
    if in_b.sum() >= MIN_NOISE_POINTS:
        sigma = _local_sigma(bx, _point_noise(bx, fb[0]), grid, hn)
    else:  # a dozen evaluations cannot tell their noise from their shape: the tolerances alone make the band
        sigma = np.zeros(len(grid))
    if len(bcurves) > 1:
        # several baseline seeds: their spread is part of the noise. With a handful of seeds a MAD says little,
        # so the spread is the larger of the robust sd and the farthest seed from the median curve
        others = np.array([_window_median(c[0], fc, grid, h) for c, fc in zip(bcurves[1:], fb[1:])])
        allb = np.vstack([base_s[None, :], others])
        centre = np.median(allb, axis=0)
        dev = np.abs(allb - centre)
        spread = np.maximum(1.4826 * np.median(dev, axis=0), dev.max(axis=0))
        spread = _window_median(grid, spread, grid, hn)  # one seed crossing another is not a narrow band
        base_s = centre
    else:
        spread = np.zeros(len(grid))
    # the smoothed curves are running medians: each is uncertain by about 1.25 sigma / sqrt(points in its
    # window) (sigma itself for a single point), and the band is ``band`` standard errors of their
    # difference -- plus, with several baseline seeds, SEED_SIGMAS times their spread, which is already a
    # spread of smoothed curves
    n_b = _window_counts(bx, grid, h)
    n_r = np.maximum(_window_counts(rx, grid, h), 1)
    eff = np.where(n_b >= 3, 1.25, 1.0) ** 2 / n_b + np.where(n_r >= 3, 1.25, 1.0) ** 2 / n_r
    half = np.sqrt((p.band * sigma) ** 2 * eff + (SEED_SIGMAS * spread) ** 2)
    # a single baseline run shows its own noise, not how far another seed moves the curve: assume seed_rtol. A few
    # seeds show their spread, but only roughly: the assumption shrinks as 1/sqrt(seeds) rather than vanishing
    rtol = max(p.rtol, p.seed_rtol / math.sqrt(len(bcurves)))
    if scale in ("log", "error"):
        half = np.maximum(half, math.log1p(rtol))
        if p.atol > 0:  # an absolute tolerance, turned into log units at the baseline's level
            half = np.maximum(half, np.log1p(p.atol / np.maximum(np.abs(finv(base_s)), 1e-300)))
    else:
        half = np.maximum(half, np.maximum(rtol * np.abs(base_s), p.atol))
    d = p.shift_frac * span
    upper = _sliding(base_s + half, grid, d, np.max)
    lower = _sliding(base_s - half, grid, d, np.min)
    sc.points = int(len(grid))
    if scale in ("log", "error"):
        sc.band_rel = float(np.median(np.expm1(np.minimum(half, 50.0))))
    else:
        sc.band_abs = float(np.median(half))
    sc.curves = {"x": grid, "base": finv(base_s), "lo": finv(lower), "hi": finv(upper), "run_x": rx, "run": rv,
                 "run_s": finv(run_s), "base_x": bx, "base_raw": bcurves[0][1]}
    # summary numbers on the smoothed curves (a minibatch loss's last raw point is mostly noise)
    run_full = finv(_window_median(rx, f(rv), rx, h))
    base_full = finv(_window_median(bx, fb[0], bx, h))
    pick = np.argmax if pair.direction == "higher" else np.argmin
    sc.run_final, sc.base_final = float(run_full[-1]), float(base_full[-1])
    if pair.direction is not None:
        i, j = int(pick(run_full)), int(pick(base_full))
        sc.run_best, sc.run_best_at = float(run_full[i]), float(rx[i])
        sc.base_best, sc.base_best_at = float(base_full[j]), float(bx[j])
    above, below = run_s > upper, run_s < lower
    n = len(grid)
    best = None
    for flags, side_dir in ((above, "up"), (below, "down")):
        suffix = np.cumsum(flags[::-1])[::-1]  # out points from i to the end
        share = suffix / np.arange(n, 0, -1)
        ok = np.flatnonzero((share >= p.stay_frac) & flags)
        if not len(ok):
            continue
        i0 = int(ok[0])
        if n - i0 < p.min_points or ((rx >= grid[i0]) & (rx <= hi)).sum() < 2:
            continue
        # still out at the end: most of the last tenth of the stretch (at least 3 points). Not every last point:
        # where both curves run into a floor together (an LR annealed to 0) the shift-widened band takes them in
        tail = max(3, (n - i0) // 10)
        if flags[-tail:].mean() < 0.5:
            continue
        if best is None or i0 < best[0]:
            best = (i0, side_dir, float(share[i0]))
    if best is None:
        return sc
    i0, side_dir, share = best
    # on the error scale (log of 1 - accuracy) up is worse, as for a loss
    eff = "lower" if scale == "error" else pair.direction
    if eff is None:
        side = "different"
    elif (side_dir == "up") == (eff == "lower"):
        side = "worse"
    else:
        side = "better"
    gap_out = (run_s - upper) if side_dir == "up" else (lower - run_s)
    sc.side, sc.left_at, sc.out_share = side, float(grid[i0]), share
    sc.left_step = from_axis(run, axis, float(grid[i0]))
    sc.excess = float(np.median(gap_out[i0:] / np.maximum(half[i0:], 1e-12)))
    return sc


# ------------------------------------------------------------------------------------------------ a run
# bookkeeping keys that differ between any two runs and say nothing about the recipe
_RUN_KEYS = ("seed", "run_name", "output_dir", "logging_dir", "run_id", "name", "version", "timestamp", "date", "time",
             "hostname", "host", "experiment_name", "exp_name", "wandb_run_id", "save_dir", "log_dir")


def hparams_diff(run_hp: Mapping[str, Any], base_hp: Mapping[str, Any], limit: int = 30) -> list[dict[str, Any]]:
    """Hyperparameters whose values differ (or that only one side logs), bookkeeping keys aside: the first
    place to look when a curve left the baseline."""
    out = []
    for k in sorted(set(run_hp) | set(base_hp)):
        leaf = str(k).rsplit("/", 1)[-1].rsplit(".", 1)[-1].lower()
        if leaf in _RUN_KEYS or leaf.endswith(("_dir", "_path", "_id")):
            continue
        a, b = run_hp.get(k, None), base_hp.get(k, None)
        if a == b or (a is not None and b is not None and str(a) == str(b)):
            continue
        out.append({"key": str(k), "run": a, "baseline": b})
        if len(out) >= limit:
            break
    return out



@dataclass
class RunComparison:
    axis: str
    axis_reason: str
    series: list[SeriesComparison]
    notes: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"axis": self.axis, "axis_reason": self.axis_reason, "notes": list(self.notes),
                "series": [s.to_dict() for s in self.series]}


def _rate_scales(run) -> dict[str, float]:
    """tag -> top of the scale (1 or 100) for bounded rates: accuracy-like metrics and the accuracy roles."""
    out = {m.tag: m.scale for m in run.metrics if m.rate}
    for role in ("train_acc", "val_acc"):
        tag = run.roles.get(role)
        if tag and tag not in out:
            v = run.series(tag).to_numpy(dtype=np.float64)
            v = v[np.isfinite(v)]
            if len(v) and v.min() >= 0:
                out[tag] = rate_scale(float(v.max())) if v.max() <= 100.0 else 0.0
    return {t: s for t, s in out.items() if s}


def compare_run(run, bases: Sequence, p: BandParams) -> RunComparison:
    """Every paired curve of ``run`` against ``bases`` (one or more runs of the baseline recipe). Cached on the
    run per parameter set, so the detector and the report share one computation."""
    cache = run.memo("baseline")
    key = (p, tuple(id(b) for b in bases))
    if key in cache:
        return cache[key]
    notes: list[str] = []
    try:
        axis, why = choose_axis(run, bases, p.align)
    except ValueError as exc:
        axis, why = "step", str(exc)
        notes.append(f"{exc}; compared by step")
    rates = _rate_scales(run)
    series = [compare_curves(run, bases, pr, axis, p, rates.get(pr.run_tag)) for pr in pairs(run, bases)]
    ends = [(s.run_end, s.base_end) for s in series if s.compared and s.run_end is not None and s.base_end is not None]
    if ends:
        r_end = max(e[0] for e in ends)
        b_end = max(e[1] for e in ends)
        unit = "step" if axis == "step" else axis.rstrip("s")
        if r_end < 0.95 * b_end:
            notes.append(f"the run ends at {unit} {r_end:,.4g}, the baseline at {b_end:,.4g}: compared where both "
                         f"have data ({100 * r_end / b_end:.0f}% of the baseline)")
        elif b_end < 0.95 * r_end:
            notes.append(f"the baseline ends at {unit} {b_end:,.4g}: the run's {unit}s after that are not compared")
    if not series:
        notes.append("the run and the baseline share no curve (no common role, metric or loss tag)")
    out = RunComparison(axis, why, series, notes)
    cache[key] = out
    return out


__all__ = ["BandParams", "Pair", "SeriesComparison", "pairs", "choose_axis", "compare_curves", "RunComparison",
           "compare_run", "hparams_diff"]
