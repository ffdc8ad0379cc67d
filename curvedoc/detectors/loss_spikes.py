"""## What it detects
Isolated upward spikes of the training loss: sudden jumps far above the median of the window before
them (log space for positive losses) after which the loss comes at least halfway back down within
``max_recovery_frac`` of the run. A point must be at least ``min_ratio`` times the level before it and
at least ``z_min`` robust sigmas of the run's own local noise before it (MAD of the residuals around a
rolling median and of the step-to-step differences) above it, so the threshold adapts: a noisy small-batch run needs a
much larger jump than a smooth one, and when more than ``max_spike_frac`` of the points qualify the
"spikes" are the run's ordinary heavy-tailed noise and nothing is reported. One or two single-reading spikes, each
back at its level by the next reading or the one after and under ``bump_blowup`` (100x), are minibatches the run
shrugged off: information, not a warning.

When the training loss has no spike, every held-out loss series (the validation loss, other evaluation
sets, the components of a detector's validation loss) is judged by the same test against its own noise,
and the largest clear spike (a warning, not a lone small one, which is the noise of a small validation
set) is reported with the tag it is in: a validation loss can spike in the high-LR phase
of a one-cycle schedule, or in one head of a detector, while training stays smooth. With training smooth and
every such spike recovered, neither the training nor the final model paid for it: an info (a checkpoint that was
bad for a moment); one that did not recover stays a warning. An evaluation series is short and has no minibatch
noise, so a held-out loss the window medians cannot judge (a jump at its head, or during its fast early descent) is
also judged reading against reading: a peak ``big_ratio`` times above the evaluations on both sides, beyond the
series' own scatter. A training loss written once per row of an epoch table, at the very steps of the held-out loss
(Keras' history, a CSV of epoch means), is a mean over a whole epoch with no minibatch noise either: when neither the
window test nor the bump test finds anything in it, it is judged reading against reading in the same way (a bad
second epoch, 0.69 -> 8.05 -> 0.67, has no window before it), with the window test's severity.

With no sudden spike, a bump is reported: the smoothed loss rising to ``bump_ratio`` times its running best after
the first tenth of the run and coming back within ``bump_back`` of it before the end (an instability episode
that recovered; info below ``big_ratio``).

For each spike it measures the size (x the level before it), how many logged points and steps the loss
needed to come back near that level, and whether the gradient norm spiked at the same step.

Decision on non-recovering jumps: a jump that stays up is a level shift, not a spike (every window
median after it stays high), and is divergence's business when it lasts to the end. A spike that only partly comes
back is still reported here, marked "did not recover" with the level it stayed at, and the message
points to divergence; the finding is never duplicated as a second divergence finding by this rule.

## Why it matters
A spike is one bad batch or a step past the stability edge. With clipping it usually recovers at once;
without it a single spike can knock the optimizer's momentum off course for many steps, or start a
divergence. Repeated spikes are an early warning.

## Example
``sample_runs/loss-spikes-noclip`` (injected bad batches, no gradient clipping).

## Options
- ``min_points``: fewest finite loss points.
- ``window_frac``: width of the context before and after each point, as a fraction of the points.
- ``min_window``: smallest context window in points on each side.
- ``z_min``: robust sigmas a spike must clear above the higher neighbour level.
- ``min_ratio``: a spike must also be this many times the local level.
- ``min_abs_frac``: a spike must also rise by this fraction of the run's scale (start-to-best range or level).
- ``max_rise_points``: a spike stands 3/4 of its height above the median of this many points before it (sudden).
- ``max_recovery_frac``: within this fraction of the run the loss must come at least halfway back down.
- ``noise_floor_frac``: the local noise is never taken below this fraction of the run's global noise.
- ``max_spike_frac``: above this fraction of qualifying points the jumps are noise: report nothing.
- ``slow_recovery_points``: still up after this many logged points = slow recovery.
- ``big_ratio``: spike size that makes the finding a warning rather than info.
- ``at_once_points``: spikes under ``big_ratio`` that are all back at their level within this many logged points stay
  info however many there are (the tail of the minibatch noise).
- ``max_big_spike_frac``: above ``max_spike_frac``, crossings that are nearly all big (``big_ratio`` or more) are still events up to this fraction of the points.
- ``grad_ratio``: grad norm this many times its own recent level at the spike = spiked with it.
- ``bump_ratio``: with no sudden spike, a smoothed rise to this many times the running best that recovers ...
- ``bump_back``: ... to within this factor of that best before the end is an instability episode (a bump).
- ``bump_smooth_frac``: the bump test's rolling-median window, as a fraction of the points.
- ``bump_min_lost``: the bump must give back at least this share of the progress the run made (loss units).
- ``eval_min_points``: a held-out loss with no window-median spike is also judged reading against reading (a peak
  ``big_ratio`` times above the evaluations on both sides) from this many evaluations on.
- ``eval_max_len``: ... with at most this many readings up between the two anchors (and a fifth of the series).
- ``bump_blowup``: a bump that rose this many times its running best (two orders of magnitude) counts, and warns,
  whatever share of the progress it gave back in loss units; it came back once within the square root of that factor
  (10x) of the best.
- ``bump_warn_lost``: a bump is a warning only when it gave back at least this share of the progress (and reached ``big_ratio``); an info otherwise. Sudden spikes that all came back at once and rose by less than this share in loss units are info too.

## References
seeds/000 10.16 Debugging training: 'Loss curves' (Sudden loss spikes); seeds/002 'Loss Spikes';
seeds/003 'Loss Curve Patterns'.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _instability as I
from curvedoc.detectors import _signal as sig
from curvedoc.model.run import Run

MAX_FULL = 4000  # above this many points the context levels are computed on (sub-sampled) bin medians


@dataclass(frozen=True)
class Params:
    min_points: int
    window_frac: float
    min_window: int
    z_min: float
    min_ratio: float
    min_abs_frac: float
    max_rise_points: int
    max_recovery_frac: float
    noise_floor_frac: float
    max_spike_frac: float
    slow_recovery_points: int
    big_ratio: float
    at_once_points: int
    max_big_spike_frac: float
    grad_ratio: float
    bump_ratio: float
    bump_back: float
    bump_smooth_frac: float
    bump_min_lost: float
    bump_warn_lost: float
    eval_min_points: int
    eval_max_len: int
    bump_blowup: float


def _trailing_noise(a: np.ndarray, wide: int, mpw: int) -> np.ndarray:
    """Median of the ``wide`` values before each one (the first ones take the earliest defined level)."""
    med = sig.rolling_median_values(a, wide, mpw)
    out = np.empty_like(med)
    out[0] = np.nan
    out[1:] = med[:-1]
    gap = np.isnan(out)
    if gap.any():  # a NaN takes the next defined level (pandas' bfill, in numpy)
        nxt = np.where(gap, len(out), np.arange(len(out)))
        nxt = np.minimum.accumulate(nxt[::-1])[::-1]
        fill = gap & (nxt < len(out))
        out[fill] = out[nxt[fill]]
    return out


def _expand(per_bin: np.ndarray, k: int, n: int) -> np.ndarray:
    """A per-bin array read per point (the last bin's value for the points after the last whole bin)."""
    out = np.repeat(per_bin, k)[:n] if k > 1 else per_bin
    if len(out) < n:
        out = np.append(out, np.full(n - len(out), per_bin[-1]))
    return out


def _min_before(bins: np.ndarray, w: int) -> np.ndarray:
    """The lowest of the ``w`` bins before each bin (+inf before the first), by doubling windows: a bound below the
    level before it, which is their median."""
    return sig.sliding_extreme(np.concatenate([np.full(w, np.inf), bins]), w, np.minimum)[: len(bins)]


def _levels(y: np.ndarray, p: Params, floor: float | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
    """Per bin (one point per bin for short runs): level before, level after, local noise sigma; bin size. With
    ``floor`` (what a spike must at least rise above the level before it): None when no point does -- the spike test
    would find no candidate whatever the noise, so the noise (two more rolling medians) is not computed."""
    n = len(y)
    bins, k = I.fast_bins(y, MAX_FULL)
    nb = len(bins)
    w = sig.window(nb, p.window_frac, lo=p.min_window)
    mp = max(3, w // 2)
    if floor is not None and np.isfinite(bins).all() and not (y >= _expand(_min_before(bins, w) + floor, k, n)).any():
        return None  # not even floor above the lowest of the w bins before it: the median of them is no lower
    left, right, center = sig.window_medians(bins, w, mp)  # before, after, centred: one rolling pass
    if floor is not None:
        with np.errstate(invalid="ignore"):
            low = np.where(np.isfinite(left) & np.isfinite(right), left + floor, np.inf)
        if not (y >= _expand(low, k, n)).any():
            return None
    # local noise: residuals around the rolling median AND step-to-step differences (the larger wins),
    # so an alternating pattern (0.06, 0.03, 0.06 ...) whose median sits on one phase is not "noiseless"
    if k == 1:
        absr = np.abs(y - center)
        absd = np.abs(np.diff(y, prepend=y[1]))
    else:  # a few consecutive points from each bin are enough for a noise level
        c = min(k, I.SUB_COLS)
        m = n // k * k
        blk = y[:m].reshape(-1, k)[:, :c]
        absr_b = sig.row_medians(np.abs(blk - center[: blk.shape[0], None]))
        absd_b = sig.row_medians(np.abs(np.diff(blk, axis=1))) if c > 1 else absr_b
        if len(absr_b) < nb:
            absr_b, absd_b = np.append(absr_b, absr_b[-1]), np.append(absd_b, absd_b[-1])
    wide = min(nb, 3 * w)
    if k == 1:
        absr_b, absd_b = absr, absd
    # trailing noise (the window BEFORE each point): a spike is judged against the noise that preceded it, not
    # against its own noisy aftermath (an unclipped spike can shake the loss for dozens of steps)
    mpw = max(3, wide // 4)
    loc_r = _trailing_noise(absr_b, wide, mpw)
    loc_d = _trailing_noise(absd_b, wide, mpw)
    loc = np.fmax(loc_r, loc_d / math.sqrt(2.0))
    # ... and against the noise after the recovery horizon: if the loss is as noisy after it as the jump, the
    # run entered a noisier regime (oscillation), it did not spike
    skip = max(1, math.ceil(p.max_recovery_frac * nb)) + wide
    later = np.empty_like(loc)
    later[: max(0, nb - skip)] = loc[skip:]
    later[max(0, nb - skip):] = loc[-1]
    loc = np.fmax(loc, later)
    glob = max(sig.np_median(absr_b), sig.np_median(absd_b) / math.sqrt(2.0))
    scale = sig.MAD_TO_SIGMA * np.maximum(loc, p.noise_floor_frac * glob)
    scale = np.maximum(scale, 1e-9 * max(1.0, sig.np_median(np.abs(bins))))
    return left, right, scale, k


@detector("loss-spikes", params=Params)
def loss_spikes(run: Run, p: Params) -> Iterator[Hit]:
    hit = _spikes(run, sig.finite(run.series("train_loss")), p)
    if hit is not None:
        yield hit
        return
    bump = _bump(run, p)
    if bump is not None:
        yield bump
        return
    train = sig.finite(run.series("train_loss"))
    table = _epoch_table(run, train, p)
    if table or p.eval_min_points <= len(train) < p.min_points:
        # a training loss written once per row of an epoch table, at the very steps of the held-out loss (Keras'
        # history, a CSV of epoch means): a mean over a whole epoch has no minibatch noise, so it is judged reading
        # against reading like an evaluation series -- a bad epoch at the head of the run (0.69, 8.05, 0.67) has no
        # window of readings before it to stand out from. So is a training loss too short for the window test
        # (8-19 readings): a reading big_ratio above both neighbours and z_min sigmas of the run's own scatter is a
        # spike however few the readings (130, 5e9, 131 in a 14-reading Lightning log)
        h = _eval_spike(train, p, "epoch readings" if table else "readings")
        if h is not None:
            yield dataclasses.replace(h, severity=_epoch_spike_severity(train, h, p, head_points=3 if table else 1),
                                      causes=("lr-too-high", "no-warmup", "numerical-instability"),
                                      message=f"{run.roles.get('train_loss', 'train_loss')}: {h.message}")
            return
    # a validation loss can spike while training is smooth (the high-LR phase of a one-cycle schedule, one
    # head of a detector): each held-out loss series is judged by the same test against its own noise, and
    # the largest spike is reported with the tag it is in
    found = []
    for tag in _val_loss_tags(run):
        vals = sig.finite(run.series(tag))
        h = _spikes(run, vals, p)
        if h is None:
            h = _eval_spike(vals, p)
        # only clear spikes: a lone small one in an evaluation series is the noise of a small validation set (a
        # lone big one that recovered at once is kept, as the information it is)
        if h is not None and (h.severity != "info" or (h.evidence.get("max_ratio") or 0.0) >= p.big_ratio):
            found.append((h.evidence.get("max_ratio") or 0.0, tag, h))
    if found:
        _, tag, h = max(found, key=lambda x: x[0])
        # the training loss was smooth (judged above): a spike in an evaluation curve that came back is a checkpoint
        # that was bad for a moment, and with every spike recovered neither the training nor the final model paid
        # for it -- what happened, worth telling (keep the checkpoint choice in mind), not a warning. One that did
        # not come back (the model stayed worse) stays one
        sev = "info" if not h.evidence.get("not_recovered") else h.severity
        yield dataclasses.replace(h, message=f"validation loss {tag}: {h.message}", tags=(tag,), severity=sev,
                                  evidence={**h.evidence, "series": tag})


def _may_bump(y: np.ndarray, w: int, start: int, rise: float) -> bool:
    """Whether the smoothed level of ``y`` (a centred rolling median over odd ``w`` points) can stand ``rise`` above
    its running best anywhere from ``start`` on: the level is never above the highest of the ``w`` points around it,
    and the running best never below the lowest point up to the end of that window -- where that bound stays under
    ``rise``, :func:`_episodes` finds no start, and the rolling median is not computed. ``y`` holds no NaN."""
    n = len(y)
    hw = w // 2
    if start >= n:
        return False
    pad = np.concatenate([np.full(hw, -np.inf), y, np.full(hw, -np.inf)])
    high = sig.sliding_extreme(pad, w, np.maximum)  # the highest of y[i - hw .. i + hw]
    low = np.minimum.accumulate(y)[np.minimum(np.arange(n) + hw, n - 1)]  # the lowest of y[0 .. i + hw]
    return bool((high[start:] - low[start:] >= rise).any())


def _bump(run: Run, p: Params) -> Hit | None:
    """An instability episode that recovered: after the first tenth of the run the smoothed training loss
    (rolling median over ``bump_smooth_frac`` of the points, log space) rises to at least ``bump_ratio`` times its
    running best (and by ``z_min`` noise sigmas of the smoothed level), giving back at least ``bump_min_lost`` of
    the progress the run made (in loss units), and comes
    back within ``bump_back`` of that best before the end. A warning when it reached ``big_ratio`` and gave back
    ``bump_warn_lost`` of the progress or more. A spike spread over many steps
    (a burst of bad batches, an LR too high for a while, a warm restart): not sudden, so the spike test above does
    not see it, and not lasting, so it is not divergence. Info below ``big_ratio``."""
    from curvedoc.detectors._progress import noise_sigma, prepared

    s = prepared(run, "train_loss")
    v = s.to_numpy(dtype=np.float64)
    n = len(v)
    if n < p.min_points or not bool((v > 0).all()):
        return None
    y = np.log(v)
    w = max(3, int(round(p.bump_smooth_frac * n))) | 1
    if not _may_bump(y, w, int(0.1 * n), math.log(p.bump_ratio)):
        return None
    sm = sig.rolling_median_values(y, w, 1, center=True)
    best = np.minimum.accumulate(sm)
    # the rise is a difference of two smoothed levels (the running best is itself the low extreme of noisy
    # medians): it must also clear z_min of their noise, so tiny-batch scatter does not make episodes
    noise = sig.median_se(noise_sigma(y), w, w)
    up, back = max(math.log(p.bump_ratio), p.z_min * noise), math.log(p.bump_back)
    head = math.exp(float(np.median(y[: max(1, n // 50)])))
    # in loss units an episode must give back a visible share of the progress the run made: a converged loss of
    # 0.014 wandering to 0.037 for a few epochs after a start at 1.3 gives back 2% of it
    min_lost = p.bump_min_lost * max(head - math.exp(float(np.min(sm))), 0.0)
    found = None
    for i, j, peak in _episodes(sm, best, up, back, int(0.1 * n)):
        base = best[i]
        rise_abs = math.exp(sm[peak]) - math.exp(base)
        # ... unless it rose by orders of magnitude (bump_blowup): no wander of a converged loss moves it 100x, and
        # a start that was itself absurd (8e7 before a loss of 10) must not make a 1e6 episode 'small'
        if j < n and (rise_abs >= min_lost or sm[peak] - base >= math.log(p.bump_blowup)) \
                and (found is None or sm[peak] - base > found[0]):
            found = (float(sm[peak] - base), i, j, peak, float(base), rise_abs, p.bump_back)
    if found is None:
        # a blow-up by orders of magnitude that came back to within the square root of that factor of its best (a
        # loss of 1-30 thrown to 1e6 for six readings and back at 6-20): the best before it is often one low reading,
        # and 'back within bump_back of it' would call the recovery none
        blow = math.log(p.bump_blowup)
        # (beyond the smoothed levels' noise too, as every episode: a per-batch loss scattered over three orders
        # of magnitude puts its running best on one low extreme)
        for i, j, peak in _episodes(sm, best, max(blow, p.z_min * noise), 0.5 * blow, int(0.1 * n)):
            if j < n and (found is None or sm[peak] - best[i] > found[0]):
                found = (float(sm[peak] - best[i]), i, j, peak, float(best[i]), math.exp(sm[peak]) - math.exp(best[i]),
                         math.sqrt(p.bump_blowup))
    if found is None:
        return None
    rise, a, b, pk, base, rise_abs, back_f = found
    progress = max(head - math.exp(float(np.min(sm))), 0.0)
    lost = rise_abs / progress if progress > 0 else math.inf
    steps = s.index.to_numpy()
    ratio = math.exp(rise)
    msg = (f"the training loss rose to {sig.fmt_num(ratio)}x its best so far and came back: from "
           f"{sig.fmt_num(math.exp(base))} (smoothed) it climbed from step {sig.fmt_step(int(steps[a]))} to "
           f"{sig.fmt_num(math.exp(base + rise))} at step {sig.fmt_step(int(steps[pk]))} and was back within "
           f"{back_f:g}x of it at step {sig.fmt_step(int(steps[b]))} ({(b - a) / n:.0%} of the run): an "
           "instability episode that recovered, a spike spread over many steps")
    return Hit(msg, step=int(steps[a]), steps=(int(steps[a]), int(steps[b])),
               confidence=round(0.5 + 0.4 * I.clamp01((ratio - p.bump_ratio) / p.bump_ratio), 3),
               evidence={"variant": "bump", "max_ratio": ratio, "peak_step": int(steps[pk]),
                         "recovered_step": int(steps[b]), "episode_share": round((b - a) / n, 4),
                         "progress_lost": round(lost, 4) if math.isfinite(lost) else None},
               # a warning by what it cost: a big rise against the running best AND a quarter of the run's progress
               # given back; a converged loss near 0 wandering from 0.001 to 0.04 after a start at 0.7 is 40x its
               # best and 5% of the plot's height -- an info
               severity=None if ratio >= p.big_ratio and (lost >= p.bump_warn_lost or ratio >= p.bump_blowup)
               else "info",
               causes=("lr-too-high", "bad-batch", "numerical-instability", "no-grad-clipping"),
               marks=(int(steps[pk]),))


def _episodes(sm: np.ndarray, best: np.ndarray, up: float, back: float, start: int) -> Iterator[tuple[int, int, int]]:
    """(first, end, peak) of each episode of a smoothed level ``sm`` above its running best ``best``, scanning from
    ``start``: an episode begins where the level is ``up`` or more above the best, lasts while it stays ``back`` or
    more above the best it began from (``end`` is the first point back, ``len(sm)`` when none is), peaks at its first
    highest point; the next one is looked for after ``end``. Vectorised: the scan jumps between candidate starts."""
    n = len(sm)
    starts = np.flatnonzero(sm - best >= up)
    i = start
    while True:
        at = int(np.searchsorted(starts, i))
        if at >= len(starts):
            return
        i = int(starts[at])
        ended = np.flatnonzero(sm[i:] - best[i] < back)
        j = i + int(ended[0]) if len(ended) else n
        yield i, j, (i + int(np.argmax(sm[i:j])) if j > i else i)
        i = j + 1


def _val_loss_tags(run: Run) -> list[str]:
    """The held-out loss series of the run: the val_loss role first, then every other tag whose words name a
    held-out loss (other eval sets, the components of a detector's validation loss)."""
    from curvedoc.model.roles import infer_role

    out = [run.roles["val_loss"]] if "val_loss" in run.roles else []
    for tag in run.tags:
        r = infer_role(tag)
        if tag not in out and r is not None and r[0] == "val_loss":
            out.append(tag)
    return out[:20]


def _epoch_spike_severity(train, h: Hit, p: Params, head_points: int = 3) -> str | None:
    """The window-median test's severity for spikes found reading against reading in an epoch table: every one is
    big_ratio times its neighbours or more, yet one that came back by the next reading stays info under big_ratio^2
    (a bad epoch the run shrugged off: a phase switch, a warm-up transient), and so do spikes all back by the next
    reading or the one after that rose by less than ``bump_warn_lost`` of the progress from the start to the best
    in loss units; the rest are warnings. The start is the median of the first ``head_points`` readings (3 epoch
    means; the first reading of a short per-step log, whose loss can fall 100x over its first three)."""
    ev = h.evidence
    if ev["count"] == 1 and ev["max_ratio"] < p.big_ratio ** 2:
        return "info"
    v = train.to_numpy(dtype=np.float64)
    span = float(np.median(v[: min(head_points, len(v))])) - float(np.min(v))
    steps = train.index.to_numpy()
    pos = np.searchsorted(steps, ev["spike_steps"])
    rise = max(float(v[i]) - float(min(v[i - 1], v[i + 1])) for i in pos if 0 < i < len(v) - 1)
    if ev["max_recovery_points"] <= p.at_once_points and span > 0 and rise < p.bump_warn_lost * span:
        return "info"
    return None


def _epoch_table(run: Run, train, p: Params) -> bool:
    """The training loss is one reading per row of an epoch table: logged at exactly the steps of the held-out loss
    (``eval_min_points`` of them at least), as Keras' history and per-epoch CSVs write both."""
    if "val_loss" not in run.roles or len(train) < p.eval_min_points:
        return False
    val = sig.finite(run.series("val_loss"))
    return len(val) == len(train) and bool(np.array_equal(val.index.to_numpy(), train.index.to_numpy()))


def _eval_spike(f, p: Params, readings: str = "evaluations") -> Hit | None:
    """A held-out loss that jumped for a few evaluations and came back, judged against its neighbours.

    An evaluation series is short (10-100 readings) and has no minibatch noise: each reading is the model on the
    same held-out data. The window medians of :func:`_spikes` need ``min_window`` readings on each side, so they miss
    a bad checkpoint at the head of the series (evaluations 2-5 of 50) or during the fast early descent (where the
    median of the readings before lags far above the curve). Here a spike is a peak whose nearest readings on both
    sides (the troughs the readings fall to, at most ``eval_max_len`` + 1 evaluations away) are ``big_ratio`` times
    lower or more, with at most ``eval_max_len`` readings (and a fifth of the series) clearly up between them; the peak must clear the higher of those two anchors by ``z_min`` standard deviations of the
    difference of two readings (the series' own scatter: robust sigma of each reading's log residual from the mean
    of its two neighbours, outside the episode) and rise by ``min_abs_frac`` of the series' scale in loss units.
    Episodes that cover more than a fifth of the readings are a series with two levels (oscillation's), not spikes.
    A peak big_ratio^2 above both anchors and above the series' first readings (the untrained model's loss) needs
    no scatter test: no noise makes a model score worse than one that never trained.
    The training loss was smooth (judged first), so the causes are the weights' state at that evaluation: an LR at
    the edge of stability, a numerically fragile layer, or normalisation statistics that differ at evaluation.
    """
    n = len(f)
    if n < p.eval_min_points:
        return None
    v = f.to_numpy(dtype=np.float64)
    if float(v.min()) <= 0.0:
        return None
    steps = f.index.tolist()
    lv = np.log(v)
    max_len = max(1, min(p.eval_max_len, n // 5))
    drop = math.log(p.big_ratio)
    head = float(np.median(v[: min(3, n)]))
    span = max(head - float(np.min(v)), 0.0)
    episodes = []
    taken = np.zeros(n, dtype=bool)
    for i in np.argsort(-lv, kind="stable"):
        i = int(i)
        if i == 0 or i == n - 1 or taken[i]:
            continue
        if lv[i - 1] > lv[i] or lv[i + 1] > lv[i]:
            continue  # not a peak
        # the anchors are the troughs the readings fall to on each side (as long as they keep falling, within
        # max_len + 1 readings of the peak): a bad checkpoint often shows on its neighbours too (0.02, 0.10, 0.92, 0.007)
        j = i - 1
        while j >= 1 and i - (j - 1) <= max_len + 1 and lv[j - 1] < lv[j]:
            j -= 1
        k = i + 1
        while k < n - 1 and (k + 1) - i <= max_len + 1 and lv[k + 1] < lv[k]:
            k += 1
        if lv[j] > lv[i] - drop or lv[k] > lv[i] - drop:
            continue
        if v[i] - max(v[j], v[k]) < p.min_abs_frac * max(span, max(v[j], v[k])):
            continue  # a rise of nothing in loss units (1e-4 -> 4e-3 after fitting) is no episode, nor a second level
        # the episode: the readings between the anchors still clearly up (half the big_ratio drop, log space)
        up = j + 1 + np.flatnonzero(lv[j + 1:k] > max(lv[j], lv[k]) + 0.5 * drop)
        if len(up) > max_len or taken[up].any():
            continue
        taken[up] = True
        episodes.append((j, i, k))
    if not episodes or taken.sum() > n / 5:
        return None
    inner = np.arange(1, n - 1)
    keep = inner[~(taken[inner] | taken[inner - 1] | taken[inner + 1])]
    if len(keep) < 3:
        return None
    resid = lv[keep] - 0.5 * (lv[keep - 1] + lv[keep + 1])
    s_one = sig.MAD_TO_SIGMA * float(np.median(np.abs(resid - np.median(resid)))) / math.sqrt(1.5)
    events = []
    for j, i, k in sorted(episodes):
        base = max(v[j], v[k])
        height = lv[i] - math.log(base)
        # a reading big_ratio^2 above both neighbours and above every one of the series' first readings (the
        # untrained model's loss) scored worse than a model that never trained: no scatter of the series explains
        # that, however noisy its near-zero tail is in log space (1e-5 .. 4e-3 after fitting: several nats)
        worse_than_untrained = height >= 2.0 * drop and v[i] > float(np.max(v[: min(3, n)]))
        # ... nor does it explain one big_ratio^2 above both neighbours that gave back more than all the progress
        # the series made (its rise in loss units above the anchors beyond the span from its start to its best: a
        # converged classifier's 0.11 thrown to 2.76 beside a start at 0.69) -- the log residuals of a near-zero
        # tail (0.05, 0.08, 0.05, 0.03: +-0.5 nats) would otherwise hide a 24x jump
        gave_back_all = height >= 2.0 * drop and v[i] - base > span > 0.0
        if height < p.z_min * math.sqrt(2.0) * s_one and not (worse_than_untrained or gave_back_all):
            continue
        if v[i] - base < p.min_abs_frac * max(span, base):
            continue
        # came back: the first reading after the peak at least halfway down to the anchors (log space)
        back = next(r for r in range(i + 1, k + 1) if lv[r] <= lv[i] - 0.5 * height)
        events.append((j, i, back, float(v[i] / base), float(height)))
    if not events:
        return None
    count = len(events)
    j, i, back, ratio, height = max(events, key=lambda e: e[3])
    k = next(e for e in episodes if e[1] == i)[2]
    rec_pts = max(e[2] - e[1] for e in events)
    where = ", ".join(sig.fmt_step(steps[e[1]]) for e in events[:8]) + (", ..." if count > 8 else "")
    msg = (f"{count} spike{'s' if count != 1 else ''} at step{'s' if count != 1 else ''} {where}: up to "
           f"{sig.fmt_num(ratio)}x the {readings} on either side ({sig.fmt_num(v[i])} at step {sig.fmt_step(steps[i])}; "
           f"{sig.fmt_num(v[j])} at step {sig.fmt_step(steps[j])} before, {sig.fmt_num(v[k])} at step "
           f"{sig.fmt_step(steps[k])} after); {'each' if count > 1 else 'it'} was back at least halfway within "
           f"{rec_pts} {readings.split()[-1][:-1] if rec_pts == 1 else readings.split()[-1]}")
    z = height / max(math.sqrt(2.0) * s_one, 1e-12)
    ev = {"count": count, "first_spike_step": steps[events[0][1]], "max_ratio": ratio, "max_z": float(z),
          "recovered": count, "not_recovered": 0, "max_recovery_points": rec_pts,
          "max_recovery_steps": max(steps[e[2]] - steps[e[1]] for e in events), "grad_norm_spiked_with": None,
          "clipping_configured": None, "spike_steps": [steps[e[1]] for e in events[:50]],
          "test": "neighbouring evaluations"}
    return Hit(msg, step=steps[events[0][1]], steps=(steps[events[0][1]], steps[events[-1][1]]),
               confidence=0.5 + 0.45 * I.clamp01(0.5 * math.log(ratio) / math.log(p.big_ratio)),
               evidence=ev, severity="info", causes=("lr-too-high", "numerical-instability", "eval-mode-bug"),
               marks=tuple(steps[e[1]] for e in events[:200]))


def _spikes(run: Run, f, p: Params) -> Hit | None:
    n = len(f)
    if n < max(p.min_points, 2 * p.min_window + 1):
        return None
    y, logspace = I.finite_positive_log(f)
    yv = y.to_numpy(dtype=np.float64)
    steps = y.index.to_numpy()
    if float(np.ptp(yv)) == 0.0:
        return None
    floor_b = math.log(p.min_ratio) if logspace else 0.0
    levels = _levels(yv, p, floor_b)  # None: no point rises even floor_b above its level (no candidate below)
    if levels is None:
        return None
    left, right, scale, k = levels
    nb = len(left)
    # the height of a spike is measured against the level BEFORE it; what follows only decides whether it
    # is isolated: within max_recovery_frac of the run some window median after it must be back at least
    # halfway down (a level shift stays high in all of them; an unclipped spike may take a few windows)
    w = sig.window(nb, p.window_frac, lo=p.min_window)
    n_after = max(1, math.ceil(p.max_recovery_frac * nb / w))
    after = right.copy()
    for j in range(1, n_after):
        nxt = np.full(nb, np.nan)
        if nb > j * w:
            nxt[:-j * w] = right[j * w:]
        after = np.fmin(after, nxt)
    with np.errstate(invalid="ignore"):
        thr_b = left + np.fmax(p.z_min * scale, floor_b)
    thr_b = np.where(np.isfinite(left) & np.isfinite(right), thr_b, np.inf)
    thr = np.repeat(thr_b, k)[:n] if k > 1 else thr_b
    if len(thr) < n:
        thr = np.append(thr, np.full(n - len(thr), thr_b[-1]))
    idx = np.flatnonzero(yv >= thr)  # cheap first pass; the few candidates get the full test below
    if len(idx) == 0:
        return None
    bin_of = np.minimum(idx // k, nb - 1)
    h = yv[idx] - left[bin_of]
    z = h / scale[bin_of]
    isolated = after[bin_of] <= left[bin_of] + 0.5 * h
    if logspace:
        head = float(np.exp(np.median(yv[: sig.window(n, 0.02, lo=1, hi=20)])))
        lo_q = float(np.exp(np.quantile(yv[:: max(1, n // 100000)], 0.01)))
        span = max(head - lo_q, 0.0)
        lvl_lin = np.exp(np.fmin(left[bin_of], 700.0))
        ok = (np.exp(np.fmin(yv[idx], 700.0)) - lvl_lin) >= p.min_abs_frac * np.fmax(span, lvl_lin)
    else:
        sub = yv[:: max(1, n // 100000)]
        spread = float(np.quantile(sub, 0.9) - np.quantile(sub, 0.1))
        ok = h >= (p.min_ratio - 1.0) * np.maximum(np.abs(left[bin_of]), spread)
    ok &= isolated
    # sudden: the point stands at least 3/4 of its height above the median of the max_rise_points before it (a smooth bump
    # that builds up over dozens of points is not a spike)
    r = max(1, p.max_rise_points)
    prev = np.stack([yv[np.maximum(idx - j, 0)] for j in range(1, r + 1)])
    ok &= (yv[idx] - np.median(prev, axis=0)) >= 0.75 * h
    idx, h, z, bin_of = idx[ok], h[ok], z[ok], bin_of[ok]
    if len(idx) == 0:
        return None
    # group neighbouring points into one event (a spike may span a few logged points)
    groups = np.split(np.arange(len(idx)), np.flatnonzero(np.diff(idx) > 2) + 1)
    limit = max(3.0, p.max_spike_frac * n)
    if len(groups) > limit:
        # many crossings are the run's heavy-tailed noise when most of them sit just above the bar, as the tail of a
        # noise distribution does; when nearly all are large (big_ratio x the level or more) and they are no more
        # than max_big_spike_frac of the points, they are recurring events (20-50 spikes of 8-20x in 1,000 points)
        gh = np.array([float(np.max(h[g])) for g in groups])
        big = gh >= math.log(p.big_ratio) if logspace else np.zeros(len(groups), dtype=bool)
        if big.sum() < 0.8 * len(groups) or big.sum() > p.max_big_spike_frac * n:
            return None
        groups = [g for g, b in zip(groups, big) if b]
    peaks = [int(g[int(np.argmax(h[g]))]) for g in groups]  # positions in idx

    gn = I.grad_norm_series(run)
    gv = gn.to_numpy(dtype=np.float64)
    gok = np.isfinite(gv) & (gv > 0)
    gsteps = gn.index.to_numpy()[gok]
    gvals = gv[gok]
    gw = sig.window(len(gvals), p.window_frac, lo=p.min_window) if len(gvals) else 0

    events = []
    w_pts = sig.window(nb, p.window_frac, lo=p.min_window) * k
    search = max(50, 20 * w_pts)
    for q in peaks:
        i = int(idx[q])
        b = int(bin_of[q])
        lvl = float(left[b])
        height = float(yv[i] - lvl)
        tol = max(3.0 * float(scale[b]), 0.25 * height)
        seg = yv[i + 1: min(n, i + 1 + search)]
        back = np.flatnonzero(seg <= lvl + tol)
        if len(back):
            j = i + 1 + int(back[0])
            rec_pts, rec_steps, stuck = j - i, int(steps[j] - steps[i]), None
        else:
            rec_pts, rec_steps = None, None
            after = yv[i + 1: min(n, i + 1 + max(3, w_pts))]
            stuck = float(np.median(after) - lvl) if len(after) else float("nan")
        mag = math.exp(min(height, 700.0)) if logspace else float("nan")
        gspike = None
        if len(gvals) >= 2 * p.min_window + 1:
            gi = int(np.searchsorted(gsteps, steps[i]))
            best = None
            for c in (gi - 1, gi, gi + 1):
                if gw <= c < len(gsteps) and abs(int(gsteps[c]) - int(steps[i])) <= max(1, int(steps[min(i + 1, n - 1)] - steps[i])):
                    r = math.log(gvals[c]) - float(np.median(np.log(gvals[c - gw:c])))
                    best = r if best is None else max(best, r)
            if best is not None:
                gspike = bool(best >= math.log(p.grad_ratio))
        events.append({"i": i, "step": int(steps[i]), "mag": mag, "z": float(z[q]), "rec_pts": rec_pts,
                       "rec_steps": rec_steps, "stuck": stuck, "grad": gspike, "value": float(f.iloc[i]), "level": lvl})

    count = len(events)
    mags = [e["mag"] for e in events if math.isfinite(e["mag"])]
    max_mag = max(mags) if mags else float("nan")
    zmax = max(e["z"] for e in events)
    unrec = [e for e in events if e["rec_pts"] is None]
    slow = [e for e in events if e["rec_pts"] is None or e["rec_pts"] > p.slow_recovery_points]
    rec = [e for e in events if e["rec_pts"] is not None]
    gknown = [e for e in events if e["grad"] is not None]
    gwith = [e for e in gknown if e["grad"]]
    clip = I.clipping_configured(run)

    step_list = ", ".join(sig.fmt_step(e["step"]) for e in events[:8]) + (", ..." if count > 8 else "")
    parts = [f"{count} loss spike{'s' if count != 1 else ''} at step{'s' if count != 1 else ''} {step_list}"]
    if mags:
        parts.append(f"up to {sig.fmt_num(max_mag)}x the level before {'them' if count > 1 else 'it'}")
    else:
        parts.append(f"up to {sig.fmt_num(zmax)} robust sigmas above the local level")
    if rec:
        mp = max(e["rec_pts"] for e in rec)
        ms = max(e["rec_steps"] for e in rec)
        who = "all" if len(rec) == count else f"{len(rec)} of {count}"
        parts.append(f"{who} recovered within {mp} logged point{'s' if mp != 1 else ''} ({sig.fmt_step(ms)} steps)")
    if unrec:
        e = unrec[0]
        st = e["stuck"]
        stuck_txt = (f"still {sig.fmt_num(math.exp(min(st, 700.0)))}x the level before it"
                     if logspace and math.isfinite(st) else "still above the level before it")
        parts.append(f"{len(unrec)} did not recover (step {sig.fmt_step(e['step'])}: {stuck_txt}; see divergence)")
    if gknown:
        parts.append(f"grad norm spiked with {len(gwith)} of {len(gknown)}")
    if clip is True:
        parts.append("gradient clipping is configured")
    msg = "; ".join(parts)

    if slow and clip is not True:
        causes = ["no-grad-clipping", "bad-batch", "lr-too-high", "numerical-instability"]
    elif count >= 5:
        causes = ["lr-too-high", "bad-batch", "no-grad-clipping", "numerical-instability"]
    else:
        causes = ["bad-batch", "no-grad-clipping", "lr-too-high", "numerical-instability"]
    if clip is True:
        causes.remove("no-grad-clipping")
    if gknown and len(gwith) * 2 > len(gknown) and "exploding-gradients" not in causes:
        causes.insert(min(2, len(causes)), "exploding-gradients")

    if math.isfinite(max_mag):
        big = max_mag >= p.big_ratio
        notable = max_mag >= (1.0 + p.big_ratio) / 2.0  # 2x for big_ratio 3
    else:
        big = zmax >= 2 * p.z_min
        notable = zmax >= 1.5 * p.z_min
    if big and count == 1 and not unrec and not slow and math.isfinite(max_mag) and max_mag < p.big_ratio ** 2:
        # one spike, recovered at once and under big_ratio^2 (9x): an event the run shrugged off (a bad batch, a
        # warmup transient) -- worth telling, not a fault; two or more, a slow or no recovery, or 9x and up are
        big = False
    shrugged = (count <= 2 and not unrec and not slow and math.isfinite(max_mag) and max_mag < p.bump_blowup
                and max(e["rec_pts"] for e in rec) <= p.at_once_points)
    if big and shrugged:
        # one or two spikes of single readings, each back at its level by the next reading or the one after and
        # under bump_blowup (100x): minibatches the run shrugged off (18x and 78x in healthy Lightning runs) --
        # worth telling, not a fault. Three or more are a pattern, a slower recovery cost steps, and a jump of two
        # orders of magnitude came within a step of diverging: those stay warnings
        big = False
    # several spikes under big_ratio, each back at its level by the next logged point or the one after, are the
    # tail of the minibatch noise (a hard batch now and then: 8 single-step doublings in 38,000 steps of a captioning
    # run), however many of them a long per-step log holds: a loss that doubled for one step cost nothing. Several that
    # took longer to come back, or any slow or lasting one, are a pattern (an LR at the edge of stability)
    at_once = math.isfinite(max_mag) and not unrec and max(e["rec_pts"] for e in rec) <= p.at_once_points
    severity = None if (big or (notable and (slow or (count >= 3 and not at_once)))) else "info"
    if severity is None and at_once and logspace and span > 0:
        # spikes that were all back at their level by the next reading or the one after, none of which rose by
        # bump_warn_lost of the progress from the start to the best in loss units: a near-perfect classifier's
        # per-step loss going from 5e-4 to 0.07 on one hard batch is 130x its level and 15% of the curve's height --
        # the same reading as a bump's, an info
        rise = max(e["value"] - math.exp(min(e["level"], 700.0)) for e in events)
        if rise < p.bump_warn_lost * span:
            severity = "info"
    strength = 0.5 * (zmax / p.z_min - 1.0)
    if math.isfinite(max_mag):
        strength += 0.5 * math.log(max_mag) / math.log(p.big_ratio)
    conf = 0.5 + 0.45 * I.clamp01(strength)
    ev = {"count": count, "first_spike_step": events[0]["step"], "max_ratio": max_mag if mags else None,
          "max_z": zmax, "recovered": len(rec), "not_recovered": len(unrec),
          "max_recovery_points": max((e["rec_pts"] for e in rec), default=None),
          "max_recovery_steps": max((e["rec_steps"] for e in rec), default=None),
          "grad_norm_spiked_with": len(gwith) if gknown else None,
          "clipping_configured": clip, "spike_steps": [e["step"] for e in events[:50]]}
    return Hit(msg, step=events[0]["step"], steps=(events[0]["step"], events[-1]["step"]), confidence=conf,
              evidence=ev, severity=severity, causes=tuple(causes),
              marks=tuple(e["step"] for e in events[:200]))
