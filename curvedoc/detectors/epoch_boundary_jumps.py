"""## What it detects
The training loss changes at epoch boundaries much more than anywhere inside an epoch: a staircase
that drops (or a saw-tooth that jumps up) at each new epoch. Boundaries come from the run's epoch
counter (fractional HF epochs such as 0.19, integer Lightning/Keras epochs logged per step); for
each boundary the level just after is compared with the level just before (medians of a few points
each side), and the typical size of that jump is compared with the same statistic inside epochs.
Runs logged once per epoch (every point is a boundary) are skipped. With fewer than
``min_boundaries`` boundaries (a fine-tune of 1.5-3 epochs) each boundary is tested as a scan statistic:
its level change must exceed ``few_min_ratio`` times the change at every other position of the run (after its
first tenth and after the initial descent) and ``few_min_jump``; the finding is an info.

## Why it matters
A drop at each new epoch means the model recognises examples it has already seen: it is memorising
the training set (the drop measures how much better it does on seen than on unseen data). A jump up
at each boundary points at the data order: no shuffling, a sampler without ``set_epoch()``, or an
epoch that starts with its hardest part. A learning rate stepped once per epoch also makes steps at
the boundaries; the finding says so when the LR is logged. Loss logged as a running mean that resets
each epoch (Keras/tqdm-style) makes a logging saw-tooth; the finding says so when the within-epoch
shape shows it.

## Example
sample_runs/epoch-jumps-* ; real: ``baize-tcm-llm`` (LoRA SFT for 9 epochs, loss 1.5 -> 0.09 as a
staircase dropping at each boundary).

## Options
- ``min_boundaries``: fewest epoch boundaries (with data on both sides) worth judging.
- ``min_points_per_epoch``: fewest logged training points per epoch (fewer = logged per epoch: skip).
- ``window_frac``: points compared on each side of a boundary, as a fraction of an epoch's points.
- ``min_ratio``: typical boundary jump over typical within-epoch change of the same statistic.
- ``min_jump``: smallest typical boundary jump (log space: 0.03 = 3%).
- ``min_agreement``: share of boundaries whose jump has the dominant sign.
- ``few_min_jump``: with only one or two boundaries, the smallest level change (log space) across each (info).
- ``few_min_ratio``: ...and how many times the largest shift of the run anywhere else (after the initial descent) it must be.
- ``rank_min_boundaries``: with at least this many boundaries, a boundary shift smaller than ``min_ratio`` times the
  changes inside epochs still counts when a rank-sum test puts the boundary changes beyond them.
- ``rank_z``: the rank-sum z (in the jump's direction) that test needs.
- ``warn_share``: a staircase warns only when its typical jump, in loss units, is at least this share of the progress from the start to the best; an info below.
- ``infer_period``: without an epoch counter, infer boundaries from strictly periodic level shifts (conservative).

## References
seeds/000 10.16 Debugging training, table 'Loss jumps up at exactly epoch boundaries -> data shuffling
bug' and 'forgot to set_epoch() on the sampler'; seeds/002 overfitting (memorisation in multi-epoch
fine-tuning).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _generalization as gx
from curvedoc.detectors import _signal as sig
from curvedoc._fmt import fmt_pct, fmt_step
from curvedoc.detectors._signal import MAD_TO_SIGMA, rank_sum_z
from curvedoc.detectors._signal import np_median
from curvedoc.model.run import Run

MAX_BOUNDARIES = 2000
THIN_POINTS = 16000


@dataclass(frozen=True)
class Params:
    min_boundaries: int
    min_points_per_epoch: int
    window_frac: float
    min_ratio: float
    min_jump: float
    min_agreement: float
    infer_period: bool
    few_min_jump: float
    few_min_ratio: float
    rank_min_boundaries: int
    rank_z: float
    warn_share: float


def _epoch_index(run: Run, steps: np.ndarray) -> np.ndarray | None:
    """Epoch number (0-based, integer) of each training step, from the epoch counter; None if unusable."""
    if not run.has("epoch"):
        return None
    e = run.series("epoch")
    if len(e) < 2:
        return None
    es = e.index.to_numpy()
    er = e.to_numpy(dtype=np.float64)
    # the epoch value in force at each training step (the last one logged at or before it)
    if len(es) == len(steps) and np.array_equal(es, steps) and bool(np.all(es[1:] > es[:-1])):
        pos = np.arange(len(steps))  # logged at every training step: each step finds its own (the same positions)
    else:
        pos = np.searchsorted(es, steps, side="right") - 1
    val = er[np.clip(pos, 0, len(er) - 1)]
    val = np.where((pos >= 0) & np.isfinite(val) & (np.abs(val) < 1e12), val, np.nan)
    fin = val[np.isfinite(val)]
    if len(fin) < 2:
        return None
    if np.all(np.abs(fin - np.round(fin)) < 1e-6):
        return np.round(val)  # integer epochs (Lightning, Keras): the counter names the current epoch
    # fractional HF epochs: epoch=1.0 is logged at the last step of the first epoch
    return np.maximum(np.ceil(val - 1e-6) - 1.0, 0.0)


def _infer_epoch_index(ts: np.ndarray, tw: np.ndarray, min_boundaries: int) -> tuple[np.ndarray, float] | None:
    """Epoch index from strictly periodic level shifts, for runs without an epoch counter; None if unclear.

    Conservative: regularly spaced steps, at least ``min_boundaries + 1`` level shifts that are extreme
    outliers (robust z > 6) of the level-change statistic, of one sign, spaced by the same period
    (within 5%, at most one missing), covering the run.
    """
    n = len(ts)
    if n < 200:
        return None
    ds = np.diff(ts)
    md = np_median(ds)
    if md <= 0 or np.mean(np.abs(ds - md) > 0.01 * md + 0.5) > 0.05:
        return None
    x, y = gx.thin(ts, tw, 4000)
    for w in (3, 10, 30, 100):  # window scales: short epochs / noisy long epochs
        if len(y) < 20 * w:
            break
        got = _periodic_shifts(ts, x, y, w, min_boundaries)
        if got is not None:
            return got
    return None


def _periodic_shifts(ts, x, y, w, min_boundaries):
    idx = np.arange(w, len(y) - w + 1)
    # level change at every index in O(n log w): trailing rolling medians read before and after i
    rm = sig.rolling_median_values(y, w)
    d = rm[idx + w - 1] - rm[idx - 1]
    c = np_median(d)
    s = MAD_TO_SIGMA * np_median(np.abs(d - c))
    if not s > 0:
        return None
    z = (d - c) / s
    hot = np.abs(z) > 6
    if hot.sum() < min_boundaries + 1:
        return None
    # one peak per run of consecutive hot indices (a shift shows over a few positions)
    hi = np.nonzero(hot)[0]
    groups = np.split(hi, np.nonzero(np.diff(hi) > w)[0] + 1)
    peaks = np.array([g[np.argmax(np.abs(z[g]))] for g in groups])
    signs = np.sign(z[peaks])
    dom = 1.0 if np.sum(signs > 0) > np.sum(signs < 0) else -1.0
    peaks = peaks[signs == dom]
    if len(peaks) < min_boundaries + 1:
        return None
    b_steps = x[idx[peaks]].astype(np.float64)
    gaps = np.diff(b_steps)
    per = np_median(gaps)
    if per <= 0:
        return None
    mult = gaps / per
    near = np.abs(mult - np.round(mult)) <= 0.05 * np.round(mult)
    if not near.all() or np.any(np.round(mult) < 1) or float(np.sum(np.round(mult) - 1)) > 1:
        return None
    span = float(ts[-1] - ts[0])
    if (b_steps[-1] - b_steps[0]) < 0.5 * span or span / per > 1000:
        return None
    # the strongest shifts may be every 2nd/3rd boundary: accept a sub-period when the positions it adds
    # show shifts of the same sign at least half as strong (robust z >= 3)
    grid_z = np_median(np.abs(z[peaks]))
    xs = x[idx].astype(np.float64)
    b0 = float(b_steps[0])
    bin_steps = np_median(np.diff(xs)) if len(xs) > 1 else 1.0
    for k in (4, 3, 2):
        sub = per / k
        if sub < 4 * w * bin_steps:
            continue
        pos = b0 + sub * np.arange(math.ceil((xs[0] - b0) / sub), math.floor((xs[-1] - b0) / sub) + 1)
        frac = (pos - b0) / per
        extra = pos[np.abs(frac - np.round(frac)) > 0.1]
        if len(extra) < 2:
            continue
        j = np.clip(np.searchsorted(xs, extra), 0, len(xs) - 1)
        ze = np.array([float(np.max(dom * z[max(0, i - w): i + w + 1])) for i in j])
        if np.all(ze >= max(3.0, 0.5 * grid_z)):
            per = sub
            break
    return np.floor((ts - b_steps[0]) / per + 1e-9), per


def _medians_around(y: np.ndarray, at: np.ndarray, w: int) -> np.ndarray:
    """median(y[i:i+w]) - median(y[i-w:i]) for each index i (the level change across i)."""
    at = np.asarray(at, dtype=np.int64)
    if len(at) == 0:
        return np.empty(0)
    off = np.arange(w)
    after = sig.row_medians(y[at[:, None] + off])  # np.median(axis=1), the same numbers
    before = sig.row_medians(y[at[:, None] - w + off])
    return after - before


@detector("epoch-boundary-jumps", params=Params)
def epoch_boundary_jumps(run: Run, p: Params) -> Iterator[Hit]:
    if not run.has("train_loss"):
        return
    ts, tr, _, t_log = gx.prepare(run.series("train_loss"), work=False)
    if len(ts) < max(20, p.min_boundaries * p.min_points_per_epoch):
        return
    # very dense logs: bin means (each bin tagged with its last step) keep this O(n) and a few ms
    ts, tr = gx.thin(ts, tr, THIN_POINTS)
    tw = np.log(tr) if t_log else tr
    ep = _epoch_index(run, ts)
    period = None
    if ep is None:
        if not p.infer_period:
            return
        got = _infer_epoch_index(ts, tw, p.min_boundaries)
        if got is None:
            return
        ep, period = got
    ok = np.isfinite(ep)
    if ok.sum() < 20:
        return
    ts, tr, tw, ep = ts[ok], tr[ok], tw[ok], ep[ok]
    # boundaries: the epoch index goes UP (a reset to 0 is a restart or a new session, not a boundary)
    d = np.diff(ep)
    b_idx = np.nonzero(d > 0)[0] + 1
    if len(b_idx) == 0:
        return
    edges = np.concatenate([[0], b_idx, [len(ts)]])
    lengths = np.diff(edges)
    ppe = np_median(lengths)
    if ppe < p.min_points_per_epoch:
        return  # logged (about) once per epoch: every point is a boundary
    w = max(3, int(round(p.window_frac * ppe)))
    w = min(w, int(ppe // 2))
    if w < 2:
        return
    # keep boundaries with a full window of points of the right epochs on both sides
    left_len, right_len = lengths[:-1], lengths[1:]
    keep = (left_len >= w) & (right_len >= w) & (d[b_idx - 1] <= 2)
    b_idx = b_idx[keep][:MAX_BOUNDARIES]
    if len(b_idx) < p.min_boundaries:
        if len(b_idx) >= 1 and period is None:
            yield from _few_boundaries(run, ts, tw, t_log, b_idx, w, p)
        return
    jumps = _medians_around(tw, b_idx, w)
    med = np_median(jumps)
    sign = 1.0 if med > 0 else -1.0
    agreement = float(np.mean(np.sign(jumps) == sign))
    size = np_median(np.abs(jumps))
    if t_log:
        big_enough = size >= p.min_jump
    else:
        scale = np_median(np.abs(tw)) or 1.0
        big_enough = size / scale >= p.min_jump
    if not (big_enough and agreement >= p.min_agreement):
        return  # the verdict below needs both: the interior reference and the noise are not computed then
    # reference: the same statistic at interior points (1/4, 1/2, 3/4 of each epoch, away from boundaries)
    interior = []
    for a, b in zip(edges[:-1], edges[1:]):
        if b - a >= 4 * w:
            for f in (0.25, 0.5, 0.75):
                i = a + int(f * (b - a))
                if i - w >= a and i + w <= b:
                    interior.append(i)
    interior = np.asarray(interior[: 3 * MAX_BOUNDARIES], dtype=np.int64)
    noise = MAD_TO_SIGMA * sig.np_median(np.abs(np.diff(tw))) / math.sqrt(2.0) if len(tw) > 2 else 0.0
    noise_ref = 1.19 * noise / math.sqrt(w)  # median |difference of two w-point medians| of pure noise
    inner_med = 0.0
    if len(interior) >= 3:
        inner = _medians_around(tw, interior, w)
        typical = max(np_median(np.abs(inner)), noise_ref)
        inner_med = np_median(inner)
    else:
        typical = noise_ref
    floor = 1e-6 if t_log else 1e-9 * max(1.0, np_median(np.abs(tw)))
    typical = max(typical, floor)
    ratio = size / typical
    # many boundaries: a shift smaller than the scatter inside epochs still shows when the boundary changes sit
    # systematically beyond the interior changes in the jump's direction (a rank-sum test needs no noise scale,
    # and a loss that creeps up through each epoch, a saw-tooth, pushes its interior changes the other way)
    rank_z = math.nan
    if len(b_idx) >= p.rank_min_boundaries and len(interior) >= p.rank_min_boundaries:
        rank_z = sign * rank_sum_z(jumps, inner)
    by_ratio = ratio >= p.min_ratio
    by_rank = bool(rank_z >= p.rank_z)
    if not (big_enough and agreement >= p.min_agreement and (by_ratio or by_rank)):
        return
    b_steps = ts[b_idx]
    jump_rel = float(math.expm1(med)) if t_log else med / (np_median(np.abs(tw)) or 1.0)
    direction = "down" if sign < 0 else "up"
    # context: an LR stepped at each boundary explains steps; a running mean that resets makes a saw-tooth
    lr_synced = False
    if run.has("lr"):
        ls, lraw, _, l_log = gx.prepare(run.series("lr"), work=False)
        ls, lraw = gx.thin(ls, lraw, THIN_POINTS)
        lw = np.log(lraw) if l_log else lraw
        if len(ls) >= len(ts) // 2 and l_log:
            pos_b = np.searchsorted(ls, b_steps)
            good = (pos_b - w >= 0) & (pos_b + w <= len(ls))
            pos_i = np.searchsorted(ls, ts[interior]) if len(interior) else np.empty(0, dtype=np.int64)
            good_i = (pos_i - w >= 0) & (pos_i + w <= len(ls))
            if good.sum() >= p.min_boundaries:
                lj = np_median(np.abs(_medians_around(lw, pos_b[good], w)))
                li = np_median(np.abs(_medians_around(lw, pos_i[good_i], w))) if good_i.sum() >= 3 else 0.0
                lr_synced = lj >= 0.05 and lj >= 3.0 * li
    early, late = [], []
    for a, b in zip(edges[:-1], edges[1:]):
        if b - a >= 20:
            q = a + max(3, (b - a) // 5)
            early.append(np.median(np.abs(np.diff(tw[a:q]))))
            late.append(np.median(np.abs(np.diff(tw[a + (b - a) // 2:b]))))
    running_mean = bool(len(early) >= 2 and np.median(late) < 0.3 * max(np.median(early), 1e-300))
    # a saw-tooth: the loss moves AGAINST the boundary jump inside every epoch (climbs through each epoch and
    # drops back at the boundary): the same order every epoch (sorted data, no shuffling), not memorisation
    # (the change across w points, scaled to a whole epoch, gives back at least half the boundary jump)
    saw_tooth = inner_med * sign < 0 and abs(inner_med) * (ppe / w) >= 0.5 * size
    if running_mean:
        causes = ("running-mean-logging",) + (("memorisation-multi-epoch",) if sign < 0 else ("shuffle-bug",))
    elif saw_tooth:
        causes = ("shuffle-bug",) + (("lr-steps-per-epoch",) if lr_synced else ())
    elif lr_synced:
        causes = ("lr-steps-per-epoch",) + (("memorisation-multi-epoch",) if sign < 0 else ("shuffle-bug",))
    elif sign < 0:
        causes = ("memorisation-multi-epoch", "too-many-epochs")
    else:
        causes = ("shuffle-bug",)
    tag = run.roles.get("train_loss", "train_loss")
    if sign < 0:
        meaning = "the model does better on examples it has already seen: it is memorising the training set"
    else:
        meaning = "each epoch starts with harder (or identically ordered) data: check shuffling"
    if saw_tooth:
        within = "climbs" if sign < 0 else "falls"
        meaning = (f"the loss {within} through each epoch and jumps back at each boundary: every epoch sees the "
                   f"data in the same order (unshuffled, sorted by class/length/difficulty)")
    if running_mean:
        meaning = "the logged value looks like a running mean that resets each epoch (a logging saw-tooth)"
    elif lr_synced:
        meaning = "the learning rate also steps at each boundary (a per-epoch schedule)"
    if by_ratio:
        versus = f"{ratio:.1f}x the typical change inside an epoch"
    else:
        versus = (f"beyond the changes inside epochs in that direction (rank-sum z = {rank_z:.1f} against "
                  f"{len(interior)} points inside epochs)")
    msg = (
        f"{tag} jumps {direction} at epoch boundaries: typical change {fmt_pct(jump_rel)} across a boundary, "
        f"{versus}, same direction at {agreement:.0%} of "
        f"{len(b_idx)} boundaries (first at step {fmt_step(int(b_steps[0]))}); {meaning}"
    )
    conf = 0.45 + 0.5 * float(np.mean([
        gx.ratio01(ratio - p.min_ratio, 2 * p.min_ratio),
        gx.ratio01(agreement - p.min_agreement, 1 - p.min_agreement),
        gx.clip01((len(b_idx) - p.min_boundaries + 1) / 5),
    ]))
    if not by_ratio:
        conf = min(conf, 0.45 + 0.05 * min(3.0, rank_z - p.rank_z))
    if running_mean or lr_synced or period is not None:
        conf = min(conf, 0.6)
    if period is not None:
        msg += f" (no epoch counter logged: boundaries inferred from a regular period of {fmt_step(int(round(period)))} steps)"
    # how large the staircase is in the curve's own units: the typical jump (at the level before each boundary)
    # against the progress from the start to the best. A jump of a few percent of a loss memorised down to 0.02
    # after a start at 4.2 is 0.1% of the curve's height -- detectable, and nothing a practitioner sees or acts on
    shown = _share_of_progress(tr, b_idx, w, jumps, t_log)
    small = shown is not None and shown < p.warn_share
    if small:
        share = f"{shown:.1%}" if shown >= 0.001 else "under 0.1%"
        msg += (f"; each step is {share} of the progress from the start to the best, too small to cost anything "
                "seen on the whole curve")
    yield Hit(
        msg,
        step=int(b_steps[0]),
        steps=(int(b_steps[0]), int(b_steps[-1])),
        confidence=round(min(0.95, conf), 3),
        evidence={
            "boundaries": int(len(b_idx)),
            "jump": jump_rel,
            "jump_ratio": float(ratio),
            "agreement": agreement,
            "points_per_epoch": ppe,
            "window_points": int(w),
            "direction": -1 if sign < 0 else 1,
            "within_epoch_change": float(math.expm1(inner_med)) if t_log else inner_med,
            **({"rank_sum_z": float(rank_z)} if math.isfinite(rank_z) else {}),
            **({"inferred_period": float(period)} if period is not None else {}),
        },
        # downward steps with a flat or falling loss inside each epoch are the ordinary signature of a
        # multi-epoch fine-tune re-seeing its data (memorisation): worth knowing, not a bug; the
        # overfitting rule judges the harm where a validation loss exists
        severity="info" if (running_mean or lr_synced or period is not None or (sign < 0 and not saw_tooth) or small)
        else None,
        causes=causes,
        marks=tuple(int(s) for s in b_steps[:200]),
        tags=(tag,),
    )


def _share_of_progress(tr: np.ndarray, b_idx: np.ndarray, w: int, jumps: np.ndarray, t_log: bool) -> float | None:
    """The typical boundary jump in loss units as a share of the run's progress (the median of its first 2% of
    points, at most 20, down to its 1% quantile); None when that progress is not positive or the loss is not
    positive (a signed loss has no 'start to best' in these units)."""
    if not t_log or len(tr) < 3:
        return None
    head = np_median(tr[: max(1, min(20, len(tr) // 50))])
    best = float(np.quantile(tr, 0.01))
    progress = head - best
    if not progress > 0:
        return None
    before = np.array([np_median(tr[max(0, i - w):i]) for i in b_idx])
    units = np_median(before * np.abs(np.expm1(jumps)))
    return units / progress


def _descent_end(rm: np.ndarray, b0: int, w: int, share: float = 0.95) -> int:
    """Index at which the run's initial descent is over: the first point from which the trailing rolling median
    ``rm`` has made ``share`` of its fall from the start (the first window) to the level just before the first
    boundary. The shifts of a run still learning its first steps are not shifts of a level; 0 when the loss did
    not fall before the boundary."""
    start, before = float(rm[w - 1]), float(rm[b0 - 1])
    if not start > before:
        return 0
    done = np.flatnonzero(rm[w - 1: b0] <= before + (1.0 - share) * (start - before))
    return int(w - 1 + done[0]) if len(done) else 0


def _few_boundaries(run: Run, ts, tw, t_log: bool, b_idx, w: int, p: Params) -> Iterator[Hit]:
    """One or two epoch boundaries (a fine-tune of 1.5-3 epochs): too few for a typical jump, so each is
    tested as a scan statistic. The level change across every position of the run is measured (median of the w
    points after minus median of the w before); a boundary counts when its change is ``few_min_ratio`` times larger
    than the change at EVERY other position away from the boundaries (after the first tenth of the run and after
    the initial descent, see _descent_end) and at least ``few_min_jump``. By chance the largest level shift of a
    run falls at a given boundary with probability ~w/n (n/w independent windows: 1 in 13 for 44-point windows in
    574 points), so being the largest is not enough: it must stand out by the ratio; with two boundaries both
    must."""
    n = len(tw)
    if n < 8 * w or not t_log:
        return
    rm = sig.rolling_median_values(tw, w)
    pos = np.arange(w, n - w + 1)
    d = rm[pos + w - 1] - rm[pos - 1]
    jumps = _medians_around(tw, b_idx, w)
    sign = float(np.sign(jumps[0]))
    if sign == 0 or np.any(np.sign(jumps) != sign) or float(np.min(np.abs(jumps))) < p.few_min_jump:
        return
    away = np.ones(len(pos), dtype=bool)
    for b in b_idx:
        away &= np.abs(pos - b) > w
    away &= pos >= max(w, int(0.1 * n), _descent_end(rm, int(b_idx[0]), w))
    if away.sum() < 4 * w:
        return
    # the largest change of the same sign anywhere else (a fall for a drop, a rise for a jump up)
    other = float(np.max(sign * d[away]))
    if not float(np.min(sign * jumps)) > max(p.few_min_ratio * other, 0.0):
        return
    tag = run.roles.get("train_loss", "train_loss")
    b_steps = ts[b_idx]
    rel = [float(math.expm1(j)) for j in jumps]
    direction = "down" if sign < 0 else "up"
    where = " and ".join(f"{fmt_pct(r)} at step {fmt_step(int(s))}" for r, s in zip(rel, b_steps))
    meaning = ("the model does better on examples it has already seen: the second pass over the data is "
               "memorisation" if sign < 0 else "the next epoch starts with harder (or identically ordered) data")
    msg = (f"{tag} steps {direction} at the epoch boundar{'ies' if len(b_idx) > 1 else 'y'} ({where}), "
           f"a larger level shift than at any other point of the run once its initial descent is over "
           f"(largest elsewhere {fmt_pct(float(math.expm1(sign * other)))}); {meaning}")
    yield Hit(
        msg, step=int(b_steps[0]), steps=(int(b_steps[0]), int(b_steps[-1])), confidence=0.5,
        evidence={"boundaries": int(len(b_idx)), "jump": rel[0], "largest_other_change": float(math.expm1(sign * other)),
                  "window_points": int(w), "direction": -1 if sign < 0 else 1, "variant": "few-boundaries"},
        severity="info",
        causes=("memorisation-multi-epoch", "too-many-epochs") if sign < 0 else ("shuffle-bug",),
        marks=tuple(int(x) for x in b_steps), tags=(tag,),
    )
