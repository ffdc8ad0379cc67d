"""## What it detects
A learning-rate schedule that reaches its floor (about 0, or a small fraction of its peak) well before
the last step and stays there: a large share of the run is spent at a learning rate too small to
move the weights. The loss is used as evidence: improving right up to the drop and flat afterwards
makes the finding stronger; still improving at the floor makes it weaker. When the run logs the LR of
several parameter groups of one optimizer (``lr/pg0``, ``lr/pg1``...), every group must reach its floor
early: groups share one schedule and may differ at its start only (a bias group warmed down from 0.1).
A validation loss that had reached its best two evaluations or more before the LR left its peak, and that no
evaluation during the decay improved by 1%, says the run had converged: the floor is then a missing early stop (information), not a schedule
that ended learning. An LR cut by one factor at uneven intervals (4+ cuts, or 3 whose last is clipped at a floor: a scheduler that cuts on a plateau, down to its min_lr)
reached its floor because the loss kept stalling: reported as info, the time at the floor a missing early stop.
An LR printed to a fixed number of decimals that reads 0 (``0.0000`` beside a peak of ``0.0001``) is any LR below half
its last digit: when that could be more than ``floor_ratio`` of the peak, no floor is shown.

Or an LR logged at exactly 0 from its first reading on while the run's settings state a positive one (``base lr
0.003``), beside a held-out loss the same at every evaluation: the schedule reached 0 before the first reading (a
step decay stepped per batch), and the whole logged run trained nothing.

Or a schedule that ran out on time but too soon: the LR decays to its floor at the last step while a
held-out quality metric (mAP, accuracy...) is still climbing at least at its average rate -- a share
``ran_out_gain`` of its whole gain came in the last ``ran_out_tail`` of the run. Reported as info: the
run is not broken, its schedule was too short for the model.

## Why it matters
A schedule sized for more steps than the scheduler is actually called for (``scheduler.step()`` per
micro-batch under gradient accumulation, ``T_max`` in epochs while stepping per batch) or an
over-aggressive step decay ends learning early; the rest of the compute is wasted while the model
could still improve.

## Example
``sample_runs/schedule-ended-early-grad-accum`` (linear decay stepped once per micro-batch with 3
accumulation steps: the LR hits 0 a third of the way in).

## Options
- ``floor_ratio``: the LR counts as "at its floor" only if that floor is at most this fraction of the peak LR.
- ``floor_tol``: points within this relative margin above the floor (or below ``floor_ratio / 10`` of the peak) count as at the floor.
- ``min_share``: fewest share of the run's step span spent at the floor, from the first step at which it stays there to the end.
- ``min_points``: fewest finite LR points.
- ``ran_out_tail``: the last fraction of the run in which a still-climbing metric is measured.
- ``ran_out_gain``: smallest share of the metric's whole gain made in that tail for "still climbing".
- ``floor_fall``: a training loss that fell by this share or more over the stretch at the floor shows the floor LR
  still trains: information, not a schedule that ended learning.

## References
seeds/000 10.16 Debugging training: 'Learning rate schedule' ('schedule misaligned with total steps
(e.g. cosine decays to zero before training is done)'); seeds/002 'Gradient accumulation' (the
scheduler stepping every micro-batch spends the remaining 75% at the minimum LR).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._gradients import last_key
from curvedoc.detectors._progress import clean, lr_zero_throughout, noise_sigma, prepared
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.detectors._signal import downsample, fifth_medians, rolling_median_values
from curvedoc.detectors._signal import np_median
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    floor_ratio: float
    floor_tol: float
    min_share: float
    min_points: int
    ran_out_tail: float
    ran_out_gain: float
    floor_fall: float


def _loss_rates(run: Run, onset: int, peak_step: int, start: int, end: int) -> dict | None:
    """Relative loss change per unit of run before the floor and during it.

    "Before" is the decay from the LR peak to the floor (at least 10% of the run, at most as long as
    the floor stretch), so warmup-time drops do not inflate it."""
    if "train_loss" not in run.roles:
        return None
    s = prepared(run, "train_loss")
    if len(s) < 10:
        return None
    st = s.index.to_numpy()
    v = s.to_numpy(dtype=np.float64)
    span = float(end - start) or 1.0
    during = v[st >= onset]
    width = min(max(end - onset, 1), max(onset - peak_step, int(0.1 * span)))
    pre_lo = max(start, onset - width)
    before = v[(st >= pre_lo) & (st < onset)]
    if len(during) < 4 or len(before) < 4:
        return None
    pos = bool((v > 0).all())

    def change(x):
        a, b = fifth_medians(x)
        if pos:
            return math.log(b / a)
        return (b - a) / max(abs(a), 1e-12)

    c_before = change(before)
    c_during = change(during)
    frac_before = (onset - pre_lo) / span
    frac_during = (end - onset) / span
    return {
        "loss_change_before": c_before,
        "loss_change_during": c_during,
        "rate_before": c_before / max(frac_before, 1e-9),
        "rate_during": c_during / max(frac_during, 1e-9),
        "loss_at_floor_start": np_median(before[-max(1, len(before) // 5):]),
        "loss_last": np_median(during[-max(1, len(during) // 5):]),
    }


@detector("schedule-ended-early", params=Params)
def schedule_ended_early(run: Run, p: Params) -> Iterator[Hit]:
    hits = list(_floor_early(run, p)) or list(_zero_from_first_reading(run, p))
    yield from hits or _ran_out(run, p)


# the settings that state the LR a schedule starts from (the last part of a dotted key, spaces and dashes as '_')
_STATED_LR_KEYS = frozenset({"lr", "learning_rate", "base_lr", "lr0", "initial_lr", "init_lr", "max_lr", "peak_lr",
                             "start_lr", "starting_lr"})
# a held-out loss within this share of itself (relative) at every evaluation: the weights did not change between
# them (a model that still learns, however slowly, moves its held-out loss by more between twenty evaluations)
_FROZEN_REL = 5e-4


def _stated_lr(run: Run) -> tuple[str, float] | None:
    """(key, value) of the positive learning rate the run's settings state, or None."""
    for key, val in (run.hparams or {}).items():
        k = re.sub(r"[\s\-]+", "_", last_key(key))
        if k in _STATED_LR_KEYS and isinstance(val, (int, float)) and not isinstance(val, bool) \
                and math.isfinite(val) and 0 < val < 100:
            return str(key), float(val)
    return None


def _zero_from_first_reading(run: Run, p: Params) -> Iterator[Hit]:
    """An LR logged at exactly 0 at every one of at least ``min_points`` readings while the run's settings state a
    positive one (``base lr 0.003``), and a held-out loss identical (within 5e-4 of itself) at every evaluation: the
    schedule reached 0 before the first reading -- a step decay stepped per batch instead of per epoch, a schedule
    sized in epochs and stepped in iterations -- and the whole logged run trained nothing. The frozen held-out loss
    is the second witness: an LR printed with too few decimals reads 0 while the model still changes, and a model
    that still changes scores a different held-out loss at every evaluation."""
    s = lr_zero_throughout(run, max(p.min_points, 4))
    if s is None:
        return
    stated = _stated_lr(run)
    if stated is None or "val_loss" not in run.roles:
        return
    v = clean(run.series("val_loss")).to_numpy(dtype=np.float64)
    if len(v) < max(p.min_points, 4) or not float(np.ptp(v)) <= _FROZEN_REL * float(np.max(np.abs(v))):
        return
    start, end = int(s.index[0]), int(s.index[-1])
    msg = (f"the learning rate {run.roles['lr']} is 0 at all {len(s)} readings (steps {fmt_step(start)}-"
           f"{fmt_step(end)}) while the run's settings state {stated[0]} = {fmt_num(stated[1])}, and "
           f"{run.roles['val_loss']} is {fmt_num(float(v[0]))} at every one of its {len(v)} evaluations: the schedule "
           "reached 0 before the first reading, and nothing was trained after it")
    yield Hit(msg, step=start, steps=(start, end), confidence=0.85,
              evidence={"mode": "zero-from-first-reading", "lr_stated": stated[1], "lr_key": stated[0],
                        "lr_peak": stated[1], "lr_floor": 0.0, "floor_share": 1.0, "last_step": end},
              causes=("scheduler-misaligned", "schedule-decayed-early"))


def _metric_gain_share(s, higher: bool, tail: float) -> tuple[float, float, int, int] | None:
    """(share of the total gain made in the last ``tail`` of the step span -- scaled to the span the evaluations in
    it really cover --, total gain, first step of that tail, points) of a quality metric; None when it made no
    gain or was better before the tail. Levels are medians of
    k = n/25 points (one point for a handful of evaluations, a dozen for 300), so noise neither makes nor hides
    the gain and a short curve is not smoothed away."""
    v = s.to_numpy(dtype=np.float64)
    x = s.index.to_numpy()
    ok = np.isfinite(v)
    v, x = v[ok], x[ok]
    n = len(v)
    if n < 6 or x[-1] <= x[0]:
        return None
    if not higher:
        v = -v
    k = max(1, n // 25)

    # the median of every k consecutive points (trailing rolling medians, O(n log k): a metric logged every step
    # has 10,000 points and k = 400), read for the windows starting before ``stop``
    trailing = rolling_median_values(v, k)[k - 1:]

    def medians(stop: int) -> np.ndarray:
        return trailing[: max(1, stop)]

    base = float(np.min(medians(n // 10 - k + 1)))
    end = np_median(v[n - k:])
    total = end - base
    if not total > 0:
        return None
    i_tail = int(np.searchsorted(x, x[0] + (1.0 - tail) * (x[-1] - x[0])))
    i_tail = min(max(i_tail, k), n - 1)
    at_tail = np_median(v[max(0, i_tail - k // 2): i_tail - k // 2 + k])
    before = medians(i_tail - k + 1)
    if float(np.max(before)) > end:
        return None  # the metric was better before the tail: it is not still climbing
    # the share of the gain made in the tail, per share of the step span the tail really covers (evaluations
    # fall where they fall): 1.0 = the metric still climbed at its average rate over the run
    span_share = float(x[-1] - x[i_tail]) / float(x[-1] - x[0])
    return (end - at_tail) / total / max(span_share, 1e-12) * tail, total, int(x[i_tail]), n


def _ran_out(run: Run, p: Params) -> Iterator[Hit]:
    """The schedule completed on time -- the LR decayed to its floor at the end -- while a held-out quality
    metric was still climbing at least at its average rate: ``ran_out_gain`` of its whole gain came in the last
    ``ran_out_tail`` of the run. The schedule was too short for the model (info: more steps would help)."""
    s = clean(run.series("lr"))
    lr = s.to_numpy(dtype=np.float64)
    if len(lr) < max(p.min_points, 4) or (lr < 0).any():
        return
    peak = float(np.max(lr))
    if not peak > 0 or float(lr[-1]) > p.floor_ratio * peak:
        return
    # the run's headline held-out metric (the first one, mAP before precision and recall): a component such as
    # recall can still creep up while the metric that matters has converged
    for m in [m for m in run.metrics if m.split == "val" and m.points >= 6][:1]:
        got = _metric_gain_share(run.series(m.tag), m.higher_is_better, p.ran_out_tail)
        if got is None or got[0] < p.ran_out_gain:
            continue
        share, total, tail_step, n = got
        end = int(s.index[-1])
        msg = (f"the learning-rate schedule ran out (LR {fmt_num(float(lr[-1]))}, {float(lr[-1]) / peak:.1%} of its "
               f"peak {fmt_num(peak)}, at step {fmt_step(end)}) while {m.tag} was still climbing: {share:.0%} of its "
               f"whole gain ({fmt_num(total)}) came in the last {p.ran_out_tail:.0%} of the run, from step "
               f"{fmt_step(tail_step)}; a longer schedule would likely improve it")
        yield Hit(msg, step=tail_step, steps=(tail_step, end), confidence=round(0.55 + 0.35 * min(1.0, share), 3),
                  evidence={"mode": "ran-out", "metric": m.tag, "gain_share_tail": round(share, 4),
                            "lr_end": float(lr[-1]), "lr_peak": peak},
                  causes=("schedule-decayed-early", "lr-too-low"), severity="info")
        return


def _print_step(v: np.ndarray) -> float:
    """The resolution an LR was printed at: the coarsest decimal place (1, 0.1, ... 1e-12) of which every value is a
    whole multiple (within 1% of that place): 0.0002 and 0.0000 were printed to 4 decimals (a step of 1e-4), 0.00072
    to 5 at least; an LR logged as a full-precision float (7.1928e-4, 0.0031415) sits on no coarse place and its
    resolution is below anything a floor rule compares. 0 for an LR with a single value or none."""
    u = np.unique(np.abs(v[np.isfinite(v)]))
    if len(u) < 2:
        return 0.0
    for d in range(0, 13):
        q = 10.0 ** -d
        r = u / q
        # (a value other than 0 is one unit of the place at least: 0.00072 is no multiple of 1 by being near 0)
        if bool(np.all((np.abs(r - np.round(r)) <= 0.01) & ((u == 0) | (np.round(r) >= 1)))):
            return q
    return 0.0


def _floor_shape(s, p: Params) -> dict | None:
    """Where an LR series reaches a floor early and stays there to the end: {'lr', 'steps', 'ipeak', 'peak',
    'floor', 'ratio', 'i0', 'onset', 'share', 'start', 'end'}, or None (no lasting floor that early)."""
    s = clean(s)
    if len(s) > 4000:
        s = clean(downsample(s, 4000, how="max"))  # bin maxima: a bin is at the floor only if all of it is
    n = len(s)
    if n < max(p.min_points, 4):
        return None
    lr = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if (lr < 0).any():
        return None
    start, end = int(steps[0]), int(steps[-1])
    if end <= start:
        return None
    ipeak = int(np.argmax(lr))
    peak = float(lr[ipeak])
    if peak <= 0:
        return None  # LR 0 all along: constant-loss's business
    floor = float(lr[ipeak:].min())
    ratio = floor / peak
    if ratio > p.floor_ratio * (1.0 + 1e-6):  # (float slack: 2.5e-6 / 5e-5 = 0.05000000000000001)
        return None  # constant LR, or decays that leave a meaningful LR
    if floor == 0.0 and _print_step(lr) / 2.0 > p.floor_ratio * peak:
        # an LR printed to a fixed number of decimals reads 0 for anything below half its last digit: '0.0000' beside
        # a peak of '0.0001' is any LR under 5e-5 -- half the peak as well as nothing -- so no floor is shown
        return None
    thr = max(floor * (1.0 + p.floor_tol), peak * p.floor_ratio / 10.0) if floor > 0 else peak * p.floor_ratio / 10.0
    thr = min(thr, peak * p.floor_ratio * (1.0 + 1e-6))
    at = lr <= thr
    if not at[-1]:
        return None  # it rises again at the end (a restart / cyclic schedule): no lasting floor
    # first index from which the LR stays at the floor to the end
    not_at = np.flatnonzero(~at)
    i0 = int(not_at[-1] + 1) if len(not_at) else 0
    if i0 <= ipeak:
        return None  # at the floor from the peak on: no schedule shape to judge
    onset = int(steps[i0])
    share = (end - onset) / float(end - start)
    if share < p.min_share:
        return None
    return {"lr": lr, "steps": steps, "ipeak": ipeak, "peak": peak, "floor": floor, "ratio": ratio, "i0": i0,
            "onset": onset, "share": share, "start": start, "end": end}


def _sibling_groups(run: Run) -> list[str]:
    """The other parameter groups' LR tags of the optimizer whose LR the run's lr role reads: tags that differ
    from it only in their digits ('lr/pg1', 'lr/pg2' beside 'lr/pg0'; 'lr-AdamW/pg2' beside 'lr-AdamW/pg1')."""
    tag = run.roles.get("lr")
    if not tag or not re.search(r"\d", tag):
        return []
    stem = re.sub(r"\d+", "#", tag)
    return [t for t in run.tags if t != tag and re.sub(r"\d+", "#", t) == stem]


def _floor_early(run: Run, p: Params) -> Iterator[Hit]:
    shape = _floor_shape(run.series("lr"), p)
    if shape is None:
        return
    # the parameter groups of one optimizer follow one schedule and may differ at its start only (Ultralytics
    # warms its bias group DOWN from 0.1 while the others warm up from 0): a floor reached 'early' against one
    # group's warm-up start is no schedule that ended early unless every group logged reaches its floor early
    if any(_floor_shape(run.series(t), p) is None for t in _sibling_groups(run)):
        return
    lr, steps, ipeak, peak, floor, ratio, i0, onset, share, start, end = (
        shape[k] for k in ("lr", "steps", "ipeak", "peak", "floor", "ratio", "i0", "onset", "share", "start", "end"))
    rates = _loss_rates(run, onset, int(steps[ipeak]), start, end)
    conf = 0.7
    loss_txt = ""
    causes = ["scheduler-misaligned", "schedule-decayed-early"]
    # a smooth decay (many distinct values before the floor) is a mis-sized schedule; a jump a step decay
    pre = lr[ipeak:i0 + 1]
    jumps = np.abs(np.diff(np.log(np.maximum(pre, peak * 1e-12)))) if len(pre) > 1 else np.array([0.0])
    if len(pre) > 2 and jumps.max() > 0.5 * float(np.abs(np.log(np.maximum(pre[-1], peak * 1e-12) / peak))):
        causes = ["schedule-decayed-early", "scheduler-misaligned"]
    severity = None
    if rates is not None:
        rb, rd = rates["rate_before"], rates["rate_during"]
        first, last = rates["loss_at_floor_start"], rates["loss_last"]
        if floor > 0 and first > 0 and last > 0 and last <= (1.0 - p.floor_fall) * first:
            # (at a floor of exactly 0 no step moves a weight: a loss lower there than at the floor's first reading is
            # that reading's lag -- an epoch mean taken while the LR still trained -- not training at the floor)
            # the loss fell by floor_fall or more while the LR sat at its floor: the floor LR still trains (a
            # fine-tune stage at 1e-5 after a frozen stage at 1e-3), the run was not ended by its schedule
            severity = "info"
            causes = ["schedule-decayed-early"]
            loss_txt = (f"; the loss kept falling at the floor ({fmt_pct(last / first - 1.0)} over the "
                        f"{fmt_pct(share).lstrip('+')} of the run spent there), so the floor LR still trains: "
                        "a higher floor may train faster, but nothing was stopped")
        elif rb < -0.05 and rd > 0.25 * rb:
            conf = 0.85  # the loss was falling when the LR ran out and stalled afterwards
            loss_txt = (f"; the loss was still falling ({fmt_pct(math.expm1(rates['loss_change_before']))} in the "
                        f"stretch before) and changed {fmt_pct(math.expm1(rates['loss_change_during']))} in the "
                        f"{fmt_pct(share).lstrip('+')} of the run spent at the floor")
        elif rb < -0.05:
            conf = 0.55
            loss_txt = (f"; the loss kept falling at the floor ({fmt_pct(math.expm1(rates['loss_change_during']))}), so "
                        "the floor LR still does some work")
        else:
            conf = 0.5
            loss_txt = (f"; the loss had already flattened before the floor "
                        f"({fmt_pct(math.expm1(rates['loss_change_before']))}), so little was lost")
    conf *= 0.85 + 0.15 * min(1.0, (share - p.min_share) / max(1e-9, 1.0 - p.min_share))
    floor_txt = "0" if floor == 0 else f"{fmt_num(floor)} ({ratio:.1%} of the peak)"
    msg = (f"the learning rate reaches its floor {floor_txt} at step {fmt_step(onset)} and stays there for the last "
           f"{fmt_pct(share).lstrip('+')} of the run (peak {fmt_num(peak)} at step {fmt_step(steps[ipeak])}){loss_txt}")
    cuts = _plateau_cuts(steps[ipeak:], lr[ipeak:])
    if cuts is not None:
        # a scheduler that cuts on a plateau reaches its floor because the monitored loss kept stalling: the schedule
        # did what it was set to do, and the time at the floor is a missing early stop, not a mis-sized schedule
        severity = "info"
        causes = ["schedule-decayed-early"]
        msg += (f"; the LR was cut {cuts[0]} times by the same factor {cuts[1]:.2g} at uneven intervals, as a "
                "scheduler that cuts on a plateau does, so the floor is its min_lr: early stopping would have ended "
                "the run there")
    below = np.flatnonzero(lr[ipeak:] < peak * (1.0 - 1e-6))
    decay_start = int(steps[ipeak + int(below[0])]) if len(below) else end  # the first step off the peak
    settled = _held_out_settled_before(run, decay_start) if severity is None else None
    if settled is not None:
        # the held-out loss had reached its best before the LR ever left its peak, and no decay step improved it:
        # the run had converged -- the schedule ended no learning, the time at the floor is a missing early stop
        severity = "info"
        causes = ["schedule-decayed-early"]
        msg += (f"; but {settled[0]} had stopped improving before the LR left its peak (best {fmt_num(settled[1])} by "
                f"step {fmt_step(settled[2])}, none better after step {fmt_step(decay_start)}): the run had converged, "
                "and early stopping would have ended it there")
    ev = {"lr_peak": peak, "lr_floor": floor, "floor_ratio": ratio, "floor_step": onset,
          "floor_share": round(share, 4), "peak_step": int(steps[ipeak]), "last_step": end}
    if rates:
        ev.update({k: round(v, 6) for k, v in rates.items()})
    yield Hit(msg, step=onset, steps=(onset, end), confidence=round(conf, 3), evidence=ev, causes=tuple(causes),
              severity=severity)


def _held_out_settled_before(run: Run, step: int) -> tuple[str, float, int] | None:
    """(tag, best, step of the best) of the validation loss when it was evaluated at least twice before ``step`` and
    three times after, its best before ``step`` came two evaluations or more before the LR left its peak (it had
    stopped improving at the peak LR), and no evaluation after ``step`` beat that best by 1% or two sigmas of the
    evaluations' own noise, whichever is more: what the model does
    on held-out data was settled before the LR started down -- a task learned in its first epochs, then held at its
    level through every cut (a ReduceLROnPlateau that cuts at every patience interval because nothing improves).
    A schedule that ended learning early shows the opposite: the held-out loss still improving as the LR decays."""
    if "val_loss" not in run.roles:
        return None
    s = run.series("val_loss")
    s = s[np.isfinite(s.to_numpy(dtype=np.float64))]
    st = s.index.to_numpy()
    before, after = s[st < step], s[st >= step]
    if len(before) < 2 or len(after) < 3:
        return None
    b = float(before.min())
    sigma = noise_sigma(s.to_numpy(dtype=np.float64))  # (five evaluations at least: before 2, after 3)
    # (the lowest of many evaluations of a flat loss sits about two of its sigmas below the level: no improvement)
    if not b > 0 or float(after.min()) < b - max(0.01 * b, 2.0 * sigma):
        return None
    if int(np.argmin(before.to_numpy(dtype=np.float64))) > len(before) - 3:
        return None  # its best among the last two evaluations at the peak LR: still improving when the LR went down
    return run.roles["val_loss"], b, int(before.idxmin())


def _plateau_cuts(steps: np.ndarray, lr: np.ndarray) -> tuple[int, float] | None:
    """(number of cuts, factor) when the LR fell from its peak to the end the way a plateau scheduler
    (ReduceLROnPlateau, Keras' callback) cuts it: piecewise constant, at least 4 cuts (3 when the last is clipped at
    min_lr, smaller than the others), every cut by one factor (within 3% of their median; the last may be smaller,
    clipped at min_lr) and at uneven intervals (the longest at least 1.5x
    the shortest: it waits for the monitored loss to stall, while a step schedule cuts at a fixed period). None for a
    smooth decay, a step schedule or too few cuts to tell."""
    if len(lr) < 6 or (lr <= 0).any():
        return None
    d = np.flatnonzero(lr[1:] != lr[:-1])
    if len(d) < 3 or len(d) > len(lr) // 2:
        return None  # a handful of cuts between long constant stretches, not a decay changing at every point
    r = lr[d + 1] / lr[d]
    if (r >= 1).any():
        return None
    med = np_median(r[:-1])
    if np.any(np.abs(r[:-1] / med - 1.0) > 0.03) or not med * 0.97 <= float(r[-1]) < 1.0:
        return None
    if len(d) == 3 and not float(r[-1]) > med * 1.03:
        # three cuts say it only when the last is clipped at a floor (a smaller cut than the others: min_lr); a
        # step schedule cuts by its one gamma every time, at milestones that may be uneven too
        return None
    gaps = np.diff(steps[d + 1].astype(np.float64))
    if float(gaps.min()) <= 0 or float(gaps.max()) < 1.5 * float(gaps.min()):
        return None
    return len(d), med
