"""## What it detects
The training loss becomes NaN/Inf and stays so, or rises and *stays* far above its running minimum
(a reinforcement-learning loss is judged on the NaN/Inf part only: a critic or value loss tracks a moving target
and may grow as the value estimates grow, but a non-finite loss is a broken update in any training)
until the end of the run (the smoothed loss ends at least ``min_rise`` above its best in log space
and has given back at least ``min_progress_lost`` of the progress made since the start; a loss that ends far above its
very first reading, beyond the run's noise, is measured from that reading whatever it did in between). Transient
spikes that come back down (loss-spikes), a warmup bump that recovers, and a rising validation loss
with a falling training loss (overfitting) are not divergence. NaN values that appear and then
disappear again are reported as a warning. A loss NaN at every point while a quality rate rose 10 points of its
scale is a broken loss log, not a diverged model (damaged-log reports it). A cross-entropy (by what the run logs beside it) that falls below zero
and on to ten times further below it is not bounded below (NLLLoss on raw logits): reported as divergence too; so is a
loss of any kind that runs 100x further below zero than its first negative reading, faster over its last fifth than
before it (an objective with no lower bound: a variance driven to zero, a sign error). A first reading that later
readings reach again (twice or more) is the low edge of the run's scatter, not a start the run lost; a blow-up the loss
climbs back to again and again after returning to its start (a loss summed over each epoch's batches) is a cycle.

The finding says where it started (onset: the point of no return of the smoothed loss; for a NaN
the key step is the first NaN and the rise before it, if any, is the start of the span), how bad it got against the best loss and where that was, the LR at onset and whether onset lies
inside the LR warmup, whether the gradient norm rose first (and how many steps earlier), and whether
a single huge step preceded the NaN. Causes are ranked from that evidence: NaN within the first few
steps with a loss-scale tag -> fp16 overflow; onset inside the warmup -> LR too high / warmup too
short; a grad-norm rise first -> LR too high / exploding gradients; one huge step then NaN -> bad
batch / numerical instability; an LR of 1 or more at onset (no fp16 loss scale logged) -> LR too high first, whatever
else the blow-up looks like: no adaptive optimiser's recipe and almost no SGD recipe runs there.

A rise the loss has already made and recovered from at least ``max_prior_cycles`` times before (an
epoch sawtooth, cyclic LR) is a cycle, not a divergence. A rise past which every held-out score the run logs (validation loss, held-out metrics) went on to beat its best
from before the rise is told as information: the model did not diverge, its training loss changed what it measures
(a loss term switched on). A rise that comes with the logged LR climbing back from its
decayed floor (a tenth of its peak or less by the loss's best, half the peak or more after it: a warm restart, a
cosine whose cycle is shorter than the run) and that gave back less than the progress made is told as information,
the scheduler first among its causes: what a restart does to a fitted loss. When the importer found several training sessions appended to one file (``meta["sessions"]``),
the finite-rise check looks at the last session only: a later session starting higher is another
training, not a divergence.

A cross-entropy whose very first reading is already ``blowup_ratio`` times what an untrained model scores (log K,
known without a reading when K is stated or named; at most the log of the largest tokenizer vocabulary otherwise) and
that never came back nor halved, with no quality rate rising, blew up before its first log (lr 50: 2.6e5 at step 25);
so did one that halved as its LR decayed while every quality rate it logs stood where it started (a summed loss that
learns shows it in its accuracy). K is the stated or named class count, else read from a held-out accuracy at 1/K.
A cross-entropy that reached ``thrown_peak`` times log K and whose level over the last three quarters of the run is
still ``thrown_ratio`` times log K, beside quality rates that stood still, was thrown and kept worse than a uniform
guess: diverged too, whatever its first reading.

A run too short to smooth (4 to ``min_points`` - 1 logged points) diverged when its loss rose at every point and
ended ``min_rise`` or more above its first value.

## Why it matters
A diverged run wastes every step after the onset; the checkpoint to keep is the one before it.

## Example
``sample_runs/divergence-lr-nan`` (LR too high: the loss shoots up and becomes NaN).

## Options
- ``min_points``: fewest finite loss points needed for the finite-rise check.
- ``smooth_frac``: rolling-median window for the loss trend, as a fraction of the points.
- ``min_rise``: how far (natural-log units) the end-of-run loss must sit above its best.
- ``min_progress_lost``: fraction of the start-to-best improvement the loss must have given back.
- ``min_log_progress_lost``: ... or this fraction of it in log space (the orders of magnitude won).
- ``min_log_end_share``: ... the log-space route only when the end level is at least this share of the start.
- ``rise_noise_z``: the rise must also clear this many standard errors of the medians it compares (short noisy runs).
- ``tail_z``: ... and the expected shortfall of the best (the lowest of many window medians) plus this many standard errors of the end level.
- ``first_z``: the first logged loss is the best when it lies this many robust sigmas (and half of ``min_rise``) below the whole smoothed curve.
- ``tail_frac``: fraction of the run (in points) whose median is the end-of-run level.
- ``min_tail_points``: fewest points after onset (and in the end-of-run window).
- ``early_frac``: a NaN within this fraction of the points counts as "within a few steps".
- ``max_prior_cycles``: if the loss already rose this far and came back down this many times, it is a cycle.
- ``huge_jump``: log-space jump of the last finite value over its recent level that counts as one huge step.
- ``grad_rise``: log-space rise of the grad norm over its pre-onset level that counts as "rose first".

- ``recovering_fall``: a rise that began before the loss ever improved is only an info when the loss still fell at least this much over the last part of the run.
- ``recovering_z``: ... and that fall clears this many standard errors of the two medians compared (the run's own step-to-step noise).
- ``blowup_ratio``: a jump of the training loss within the first fifth of the run to this many times the untrained model's loss ...
- ``blowup_stuck``: ... after which its rolling level never got below this share of that start is a blow-up the run never recovered from.
- ``thrown_ratio``: a cross-entropy whose level over the last three quarters of the run is this many times log K or more, beside a held-out accuracy at 1/K and no quality rate that rose, was kept worse than a uniform guess: diverged ...
- ``thrown_peak``: ... when it also reached this many times log K at some reading (an explosion).

## References
seeds/000 10.16 Debugging training: 'Loss curves' (loss diverges) and 'Common pathologies' (NaN after a
few steps); seeds/002 'NaN Loss: Causes, Mechanisms, and Fixes'; seeds/003 'Training Loss Goes to NaN'.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pandas as pd

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _instability as I
from curvedoc.detectors import _signal as sig
from curvedoc.detectors._progress import accuracy, adversarial, held_out_moved, k_from_acc, rate_rose, window_median
from curvedoc.detectors._signal import np_median
from curvedoc.model.metrics import trade_off_halves
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_points: int
    smooth_frac: float
    min_rise: float
    min_progress_lost: float
    min_log_progress_lost: float
    min_log_end_share: float
    first_z: float
    rise_noise_z: float
    tail_z: float
    tail_frac: float
    min_tail_points: int
    early_frac: float
    max_prior_cycles: int
    huge_jump: float
    grad_rise: float
    recovering_fall: float
    recovering_z: float
    blowup_ratio: float
    blowup_stuck: float
    thrown_ratio: float
    thrown_peak: float


def _lin(x: float, logspace: bool) -> float:
    return float(math.exp(min(x, 700.0))) if logspace else float(x)


def _short_rise(s: pd.Series, p: Params) -> dict | None:
    """A run too short to smooth (4 to min_points - 1 points) diverged when its loss rose at every logged point and
    ended at least min_rise (log) above its first: no noise estimate is needed, since a sequence of 4+ noisy
    readings of a level rises at every step by chance once in 24 (4 points) to 5,040 (7), and the rise must also
    clear the practical floor. A loss that falls at any point is left to the longer-run test."""
    y, logspace = I.finite_positive_log(s)
    yv = y.to_numpy(dtype=np.float64)
    if not logspace or not bool(np.all(np.diff(yv) > 0)) or float(yv[-1] - yv[0]) < p.min_rise:
        return None
    st = y.index
    return {"logspace": True, "onset": int(st[1]), "best_step": int(st[0]), "best": _lin(float(yv[0]), True),
            "end_level": _lin(float(yv[-1]), True), "peak": _lin(float(yv[-1]), True),
            "onset_value": _lin(float(yv[1]), True), "rise_log": float(yv[-1] - yv[0]), "lost": math.inf,
            "lost_log": math.inf, "n_after": len(yv) - 1, "from_start": True, "head": _lin(float(yv[0]), True)}


def _separated(yv: np.ndarray, floor: float, alpha: float = 0.01) -> bool:
    """Every reading from some point on lies above every reading before it, by ``floor`` (log) at least, with 2+
    readings before and 3+ after: a shift that noise produces with probability 1 / C(n, j) at most (the readings
    in a random order put the j lowest first once in C(n, j)), here at most ``alpha``. Needs no noise estimate: a
    blow-up's own jumps (2.5 -> 16 -> 11 -> 25 -> 12 -> 9 in its first steps) inflate any estimate drawn from
    first differences, but cannot put a reading back below the level before it."""
    n = len(yv)
    if n < 5:
        return False
    pre_max = np.maximum.accumulate(yv)[:-1]
    post_min = np.minimum.accumulate(yv[::-1])[::-1][1:]
    for j in range(2, n - 2):  # j readings before, n - j after
        if post_min[j - 1] - pre_max[j - 1] >= floor and math.comb(n, j) * alpha >= 1.0:
            return True
    return False


def _above_start(yv: np.ndarray, tail: float, k: int, noise: float, logspace: bool, p: Params) -> bool:
    """The end level (median of the last ``k`` log values) sits above the FIRST reading -- the untrained model's
    loss -- by ``min_rise`` and by ``rise_noise_z`` standard errors of the two (one point and a k-point median).
    A loss that blew up at once and then swung chaotically, dipping now and then, has its smoothed minimum on a
    dip (or on the blown-up level itself), and measured from there the end is 'one more cycle' or no rise at all;
    but cycles explain a rise from a dip, not an end above the start: a loss that ends clearly worse than the model
    it started from has lost all of its progress, whatever it did in between."""
    if not logspace or not len(yv) or not math.isfinite(noise):
        return False
    above = tail - float(yv[0])
    return above >= p.min_rise and above >= p.rise_noise_z * sig.median_se(noise, k, 1)


def _rise_noise(noise: float, k: int, w_best: int, n: int, p: Params) -> float:
    """The rise from the best to the end level that noise alone can make: ``rise_noise_z`` standard errors of the
    difference of the two medians compared (the end level over ``k`` points, the best over the smoothing window
    ``w_best``), and at least the expected shortfall of the best -- the lowest of ~n / w_best independent window
    medians sits sqrt(2 ln m) of their standard errors below the level by chance alone (the largest of m
    Gaussians) -- plus ``tail_z`` standard errors of the end level: a flat noisy loss must not 'rise' from the
    luckiest of its window medians, whose luck grows with the number of windows."""
    m = max(1, n // max(w_best, 1))
    shortfall = math.sqrt(2.0 * math.log(m)) * sig.median_se(noise, w_best) if m > 1 else 0.0
    return max(p.rise_noise_z * sig.median_se(noise, k, w_best), shortfall + p.tail_z * sig.median_se(noise, k))


def _finite_rise(s: pd.Series, p: Params) -> dict | None:
    """Sustained rise of a finite loss series to its end, or None."""
    n = len(s)
    if 4 <= n < p.min_points:
        return _short_rise(s, p)
    if n < max(p.min_points, 3):
        return None
    y, logspace = I.finite_positive_log(s)
    yv = y.to_numpy(dtype=np.float64)
    k = min(max(p.min_tail_points, sig.window(n, p.tail_frac, lo=1)), max(1, n // 3))
    tail = sig.np_median(yv[n - k:])
    if logspace and len(yv) and tail - float(np.min(yv)) < p.min_rise:
        # the smoothed minimum (medians of medians) is never below the raw one, so the rise measured below cannot
        # reach min_rise either: most runs end near their best and stop here, before the smoothing
        return None
    sm = I.smoothed(y, p.smooth_frac)
    vals = sm.to_numpy(dtype=np.float64)
    if len(vals) < 3:
        return None
    bi = int(np.argmin(vals))
    ymin = float(vals[bi])
    # the first logged loss is the untrained model's: when it lies clearly below everything the smoothed curve
    # reached -- first_z robust sigmas of the point-to-point noise and half of min_rise -- the loss rose within the
    # first smoothing window (which averages that point away) and the first point is the run's best
    first_best = False
    noise = I.diff_noise(yv) if logspace else float("nan")
    # (a first reading that later raw readings reach again -- two or more of them -- is the low edge of the run's own
    # scatter, not a start it lost: a loss printed to 3 decimals, 0.002 first and four more times among 688 readings
    # of ~0.009, never 'rose from' it)
    reached_again = int((yv[1:] <= yv[0]).sum()) >= 2
    if logspace and math.isfinite(noise) and float(yv[0]) < ymin - max(p.first_z * noise, 0.5 * p.min_rise) \
            and not reached_again:
        first_best, ymin, bi = True, float(yv[0]), 0
    elif float(yv[0]) < ymin and not reached_again and _above_start(yv, tail, k, noise, logspace, p):
        # the end sits far above the untrained model's loss: the rise is measured from the start, not from the
        # lowest stretch of a loss that swung chaotically after blowing up at once
        first_best, ymin, bi = True, float(yv[0]), 0
    # the start: the first readings' median -- or, when the first reading is the run's best, that reading itself: a
    # loss that ends above the model it started from made no progress to lose (the first 2% would hold the explosion)
    head = ymin if first_best else np_median(yv[: sig.window(n, 0.02, lo=1, hi=20)])
    rise = tail - ymin
    if logspace:
        if rise < p.min_rise:
            return None
        # the end level and the best are medians of a few noisy points (k at the end, the smoothing window at the
        # best, one point for a first-point best), and the best is the lowest of many such medians: on a short,
        # noisy run the rise must also clear rise_noise_z standard errors of that difference
        w_best = 1 if first_best else sig.window(len(vals), p.smooth_frac, 3)
        if math.isfinite(noise) and rise < _rise_noise(noise, k, w_best, 1 if first_best else len(vals), p) \
                and not _separated(yv, p.min_rise):
            return None
        head_l, min_l, tail_l = _lin(head, True), _lin(ymin, True), _lin(tail, True)
        progress = head_l - min_l
        lost = (tail_l - min_l) / progress if progress > 1e-12 * max(abs(min_l), 1e-300) else math.inf
        # a loss that fell by orders of magnitude and climbed back by half of them (0.061 -> 0.55 after
        # 2.58 -> 0.061: 9x up, still rising) has diverged, though it gave back only 20% of the linear progress
        lost_log = rise / (head - ymin) if head - ymin > 0 else math.inf
        half = 0.5 * p.min_rise
    else:
        spread = float(np.quantile(vals, 0.9) - np.quantile(vals, 0.1))
        scale = max(head - ymin, spread, 1e-12)
        if rise < p.min_progress_lost * scale:
            return None
        # the same noise bound as in log space, in the loss's own units (a signed loss: a Gaussian NLL swinging
        # -1 to 8 around a flat level 'rises' from its luckiest window median as readily as a positive one)
        lin_noise = I.diff_noise(yv)
        w_best = sig.window(len(vals), p.smooth_frac, 3)
        if math.isfinite(lin_noise) and rise < _rise_noise(lin_noise, k, w_best, len(vals), p) \
                and not _separated(yv, p.min_progress_lost * scale):
            return None
        lost = rise / (head - ymin) if head - ymin > 1e-12 else math.inf
        lost_log = 0.0
        half = 0.5 * p.min_progress_lost * scale
    if lost < p.min_progress_lost and lost_log < p.min_log_progress_lost:
        return None
    if lost < p.min_progress_lost and logspace and _lin(tail, True) < p.min_log_end_share * _lin(head, True):
        # orders of magnitude given back on a loss that still ends below a twentieth of where it started: a
        # memorised training loss wandering between 1e-7 and 1e-2 after starting at 1.6 kept 99% of its progress
        return None
    below = np.flatnonzero(vals[bi:] - ymin < half)
    j = bi + int(below[-1]) if len(below) else 0  # (none: the first point alone was that low)
    if j >= len(vals) - 1:
        return None  # the smoothed curve is back down at the very end: not sustained
    # a cycle, not a divergence: the loss already rose this far above its running minimum and came back down
    # at least twice before (epoch sawtooth of unshuffled data, cyclic LR, restarts): epoch-boundary-jumps'
    # business, and nothing says this rise will not come back down too
    start = max(1, int(0.05 * len(vals)))
    cm = np.minimum.accumulate(vals)
    exc_run = (vals - cm)[start: j + 1]
    thr_full = 2.0 * half
    up = exc_run >= thr_full
    down = exc_run < half
    episodes, inside = 0, False
    # (each cycle's highest level and its length in points above half of min_rise over the running minimum)
    peak, length, precedent = -math.inf, 0, False
    final_len = len(vals) - 1 - j
    for u, d, level in zip(up, down, vals[start: j + 1]):
        if not d:
            length += 1
            peak = max(peak, float(level))
        if u:
            inside = True
        elif d and inside:
            episodes, inside = episodes + 1, False
            # the loss already stood at least as high as it ends now and came back down to its best, over at
            # least as many readings as the rise at the end has had: the end is that swing again, not (yet) a
            # divergence (a contrastive loss 9 -> 5.5 -> 9.9 -> 4.8 -> 8.2 over eight epochs)
            precedent = precedent or (peak >= tail and length >= final_len)
        if d:
            peak, length = -math.inf, 0
    if episodes >= p.max_prior_cycles or precedent:
        return None
    prev_step = int(y.index[0]) if first_best and not len(below) else int(sm.index[j])
    after = y[y.index > prev_step]
    cand = after[after.to_numpy() >= ymin + half]
    onset = int(cand.index[0]) if len(cand) else int(sm.index[j + 1])
    n_after = int((y.index >= onset).sum())
    if n_after < p.min_tail_points:
        return None
    peak = float(np.max(vals[j + 1:]))
    return {
        "logspace": logspace,
        "onset": onset,
        "best_step": int(y.index[0]) if first_best else int(sm.index[bi]),
        "best": _lin(ymin, logspace),
        "end_level": _lin(tail, logspace),
        "peak": _lin(peak, logspace),
        "onset_value": _lin(float(y[y.index >= onset].iloc[0]), logspace),
        "rise_log": rise if logspace else float("nan"),
        "lost": lost,
        "lost_log": lost_log,
        "n_after": n_after,
        "from_start": bi <= max(1, int(0.05 * len(vals))),
        "head": _lin(head, logspace),
    }


def _grad_lead(run: Run, start: int, onset: int, p: Params) -> dict:
    """Did the gradient norm rise (or go non-finite) before the loss onset? Evidence dict."""
    gn = I.grad_norm_series(run)
    out: dict = {}
    if len(gn) < 5:
        return out
    out["grad_norm_logged"] = True
    bad = sig.first_nonfinite_step(gn)
    cands = []
    if bad is not None and bad <= onset:
        cands.append(bad)
    rs = I.rise_step(gn, start, onset, p.grad_rise)
    if rs is not None:
        cands.append(rs)
    if cands:
        gs = min(cands)
        if gs < onset:
            out["grad_rise_step"] = gs
            out["grad_lead_steps"] = int(onset - gs)
    return out


def _rank(ev: dict, *, nan: bool, early: bool, huge: bool, has_scale: bool) -> tuple[str, ...]:
    if ev.get("lr_at_onset", 0.0) >= I.EXTREME_LR and not has_scale:
        order = ["lr-too-high", *(["no-warmup"] if ev.get("has_warmup") is False else []), "numerical-instability",
                 "fp16-overflow" if nan else "bad-batch"]
    elif nan and early and has_scale:
        order = ["fp16-overflow", "lr-too-high", "numerical-instability", "no-warmup"]
    elif huge:
        order = ["bad-batch", "numerical-instability", "lr-too-high", "fp16-overflow"]
    elif ev.get("in_warmup"):
        order = ["lr-too-high", "no-warmup", "numerical-instability"]
    elif "grad_lead_steps" in ev:
        order = ["lr-too-high", "exploding-gradients", "bad-batch"]
    elif nan and early and not ev.get("rose_before_nan"):
        order = ["numerical-instability", "lr-too-high", "fp16-overflow", "no-warmup"]
    else:
        order = ["lr-too-high", "bad-batch", "numerical-instability"]
        if ev.get("has_warmup") is False or (nan and early):
            order.insert(1, "no-warmup")
    if has_scale and "fp16-overflow" not in order[:2]:
        order = [c for c in order if c != "fp16-overflow"]
        order.insert(1, "fp16-overflow")
    if nan and "fp16-overflow" not in order:
        order.append("fp16-overflow")
    seen: list[str] = []
    for c in order:
        if c not in seen:
            seen.append(c)
    return tuple(seen)


def _context_text(ev: dict) -> str:
    parts = []
    if "lr_at_onset" in ev:
        t = f"LR {sig.fmt_num(ev['lr_at_onset'])} at onset"
        if ev.get("in_warmup"):
            t += f" (inside the warmup, which ends at step {sig.fmt_step(ev['warmup_end_step'])})"
        elif ev.get("has_warmup") is False:
            t += " (no warmup)"
        else:
            t += " (after the warmup)"
        parts.append(t)
    if "grad_lead_steps" in ev:
        parts.append(f"grad norm rose first, at step {sig.fmt_step(ev['grad_rise_step'])} "
                     f"({sig.fmt_step(ev['grad_lead_steps'])} steps earlier)")
    elif ev.get("grad_norm_logged"):
        parts.append("grad norm did not rise first")
    return "; ".join(parts)


@detector("divergence", params=Params)
def divergence(run: Run, p: Params) -> Iterator[Hit]:
    s = run.series("train_loss")
    n = len(s)
    if n == 0:
        return
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    fin = np.isfinite(v)
    has_scale = "loss_scale" in run.roles

    if not fin.any():
        if rate_rose(run) is not None or held_out_moved(run) is not None:
            return  # the weights are fine -- the model learned -- so it is the logged loss that is broken: damaged-log's
        ev = {"onset_step": int(steps[0]), "nan_step": int(steps[0]), "nonfinite_points": int(n)}
        ev.update(I.lr_context(run, int(steps[0])))
        causes = _rank(ev, nan=True, early=True, huge=False, has_scale=has_scale)
        ctx = _context_text(ev)
        yield Hit(f"every training-loss value is NaN/Inf ({n:,} point(s) from step {sig.fmt_step(steps[0])})"
                  + (f"; {ctx}" if ctx else ""),
                  step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.9, evidence=ev,
                  causes=causes)
        return

    if not fin.all():
        fb = int(np.argmax(~fin))
        bad_after = ~fin[fb:]
        frac_bad = float(bad_after.mean())
        persistent = (not fin[-1]) or frac_bad >= 0.5
        if persistent:
            yield _nan_hit(run, s, fb, frac_bad, p, has_scale)
            return
        # NaNs that all come before the first finite reading, none after, are placeholders written before the loss
        # was first computed (a DQN's episodes before its replay buffer filled, a row logged before the first
        # optimizer step): weights a NaN had reached would give NaN for good, so these never touched them
        placeholders = fb == 0 and bool(fin[int(np.argmax(fin)):].all())
        if not placeholders:
            nbad = int((~fin).sum())
            ev = {"nan_step": int(steps[fb]), "nonfinite_points": nbad, "last_loss": float(v[fin][-1])}
            causes = ("fp16-overflow", "numerical-instability", "bad-batch") if has_scale else \
                ("numerical-instability", "bad-batch", "fp16-overflow")
            yield Hit(f"{nbad:,} NaN/Inf training-loss value(s), the first at step {sig.fmt_step(steps[fb])}, "
                      f"but the loss was finite again afterwards (last value {sig.fmt_num(float(v[fin][-1]))})",
                      step=int(steps[fb]), confidence=0.6, evidence=ev, severity="warning", causes=causes,
                      marks=tuple(int(x) for x in steps[~fin][:50]))

    from curvedoc.model.roles import rl_marker

    if rl_marker(run) is not None or adversarial(run):
        # a reinforcement-learning loss tracks a moving target, and a GAN's losses score a game (the generator's
        # rises as its discriminator wins, then falls back): a finite rise is not divergence, a NaN is
        return
    f = I.last_session(run, s[fin])
    below = _below_zero(run, f) or _unbounded_below(run, f)
    if below is not None:
        yield below
        return
    res = _finite_rise(f, p)
    if res is None:
        blow = _blown_up_and_stuck(f, p) or _blown_before_first_reading(run, f, p) or _kept_above_uniform(run, f, p)
        if blow is not None:
            yield blow
        return
    onset = res["onset"]
    ev = {"onset_step": onset, "best_step": res["best_step"], "best_loss": res["best"],
          "loss_at_onset": res["onset_value"], "end_loss": res["end_level"], "peak_loss": res["peak"],
          "progress_lost": res["lost"] if math.isfinite(res["lost"]) else None}
    if res["logspace"]:
        ev["rise_factor"] = math.exp(min(res["rise_log"], 700.0))
    ev.update(I.lr_context(run, onset))
    ev.update(_grad_lead(run, res["best_step"], onset, p))
    causes = _rank(ev, nan=False, early=False, huge=False, has_scale=has_scale)
    if res["logspace"]:
        how = f"{I.ratio_text(res['rise_log'])} its best {sig.fmt_num(res['best'])} at step {sig.fmt_step(res['best_step'])}"
    else:
        how = f"from its best {sig.fmt_num(res['best'])} at step {sig.fmt_step(res['best_step'])}"
    log_txt = ""
    if res["lost"] < p.min_progress_lost and math.isfinite(res["lost_log"]):
        log_txt = f", {sig.fmt_pct(min(res['lost_log'], 1.0)).lstrip('+')} of its fall on a log scale"
    lost_txt = "more than all" if not math.isfinite(res["lost"]) or res["lost"] > 1 else sig.fmt_pct(res["lost"]).lstrip("+")
    ctx = _context_text(ev)
    msg = (f"train_loss rose from step {sig.fmt_step(onset)} and stayed up to the end: end level "
           f"{sig.fmt_num(res['end_level'])} is {how} ({lost_txt} of the progress since the start lost"
           f"{log_txt})"
           + (f"; {ctx}" if ctx else ""))
    strength = (res["rise_log"] / p.min_rise) if res["logspace"] else (min(res["lost"], 3.0) / p.min_progress_lost)
    conf = 0.55 + 0.4 * I.clamp01((strength - 1.0) / 2.0)
    if res["from_start"]:
        conf = min(conf, 0.6)  # never improved before rising: could be a warmup bump cut short
    severe = (res["logspace"] and res["rise_log"] >= math.log(2.0)) or res["lost"] >= 1.0
    severity = None if severe else "warning"
    restart = _lr_restarted(run, onset, res["best_step"])
    if restart is not None and severity is None and res["lost"] < 1.0:
        # the rise came with the LR climbing back from its decayed floor (a cosine whose cycle is shorter than the
        # run, a cyclic or warm-restart schedule) and gave back less than the progress made: what a restart does to
        # a fitted loss, to be told -- an intended warm restart or a misaligned schedule length -- not a run lost
        severity = "info"
        causes = ("scheduler-misaligned",) + tuple(c for c in causes if c != "scheduler-misaligned")
        msg += (f"; the LR had decayed to {sig.fmt_num(restart[0])} and rose again to {sig.fmt_num(restart[1])} after "
                "it: the schedule restarted (a warm restart, or a cycle shorter than the run)")
        ev["lr_restart"] = {"floor": restart[0], "after": restart[1]}
    went_on = _held_out_went_on(run, onset) if severity is None or severity == "warning" else None
    if went_on is not None:
        # every held-out score the run logs beat, after the onset, its best from before it: the model did not
        # diverge -- what its training loss measures changed (a loss term switched on, a reweighting)
        severity = "info"
        msg += (f"; but every held-out score went on improving past the rise ({went_on}): the training loss changed "
                "what it measures (a loss term switched on or reweighted), the model did not diverge")
        ev["held_out_went_on"] = went_on
    late = _late_fall(f, p.recovering_z)
    if res["from_start"] and late is not None and late >= p.recovering_fall:
        # the 'best' is the first points, before any learning: no progress was lost. A loss that rose at once
        # and has been falling ever since (still falling at the end) is a warm-up bump or a loss whose terms
        # switch on during training (a dynamic assigner), not a run that went away: worth knowing only
        severity = "info"
        msg += (f"; it rose before it ever improved and is still falling at the end ({sig.fmt_pct(-late)} over the "
                "last part of the run): a bump at the start, not a run going away")
        ev["late_fall"] = late
    yield Hit(msg, step=onset, steps=(onset, int(f.index[-1])), confidence=conf, evidence=ev, causes=causes,
              severity=severity, marks=(res["best_step"],))


def _lr_restarted(run: Run, onset: int, best_step: int) -> tuple[float, float] | None:
    """(floor, level after) when the logged LR had decayed to a tenth of its peak or less by the onset of the rise (the
    lowest of the last fifth of its readings up to the onset, or up to the loss's best step when that is later) and
    climbed back to half of that peak or more after the best step -- a schedule that restarted; None otherwise (no LR
    logged, or no restart)."""
    if "lr" not in run.roles:
        return None
    lr = sig.finite(run.series("lr"))
    if len(lr) < 5:
        return None
    lv = lr.to_numpy(dtype=np.float64)
    ls = lr.index.to_numpy()
    peak = float(np.max(lv))
    if not peak > 0:
        return None
    before = lv[ls <= max(best_step, onset)]
    after = lv[ls > best_step]
    if not len(before) or not len(after):
        return None
    floor = float(np.min(before[-max(1, len(before) // 5):]))
    high = float(np.max(after))
    if floor <= 0.1 * peak and high >= 0.5 * peak:
        return floor, high
    return None


def _climbs_again(after: np.ndarray, start: float, peak: float) -> int:
    """How many times the loss after a peak came back to within 2x of ``start`` and then climbed again to the
    geometric midpoint between ``start`` and ``peak``."""
    near, high = 2.0 * start, math.sqrt(start * peak)
    count, low_seen = 0, False
    for x in after:
        if x <= near:
            low_seen = True
        elif x >= high and low_seen:
            count, low_seen = count + 1, False
    return count


def _blown_up_and_stuck(f: pd.Series, p: Params) -> Hit | None:
    """A blow-up the run never recovered from, though the loss came back down: within the first fifth of the run the
    training loss jumped to ``blowup_ratio`` times the untrained model's loss (its first reading, or the median of the
    first 2% of points) or more, and from then to the end its rolling median (2% of the points, 3 at least) never got
    clearly below that start (``blowup_stuck`` of it): the step was too large, the weights were thrown out of the
    region where the model learns, and it never learned after (LR 10 on MNIST: 2.29 -> 3,310 -> 2.30 for the rest of
    the run, at chance). A loss that blew up and then learned below its start recovered (a spike's business)."""
    v = f.to_numpy(dtype=np.float64)
    n = len(v)
    if n < max(p.min_points, 10) or (v <= 0).any():
        return None
    st = f.index.to_numpy()
    head = np_median(v[: sig.window(n, 0.02, lo=1, hi=20)])
    first = float(v[0])
    start = min(head, first)
    early = max(2, int(0.2 * n))
    i_peak = int(np.argmax(v[:early]))
    peak = float(v[i_peak])
    if not start > 0 or peak < p.blowup_ratio * start or i_peak == 0:
        return None
    after = v[i_peak:]
    if len(after) < 3:
        return None
    rm = sig.rolling_median_values(after, max(3, sig.window(n, 0.02, lo=3)), 1, True)
    low = float(np.min(rm))
    if low < p.blowup_stuck * start:
        return None  # it learned below its start after the blow-up: recovered
    if _climbs_again(after, start, peak) >= p.max_prior_cycles:
        # back at its start and up again toward the peak, over and over: a cycle (a loss summed over each epoch's
        # batches, an epoch sawtooth), not a model thrown out once and stuck -- epoch-boundary-jumps' business
        return None
    end = np_median(v[-max(3, n // 7):])
    ev = {"onset_step": int(st[i_peak]), "best_step": int(st[0]), "best_loss": start, "peak_loss": peak,
          "end_loss": end, "blowup_ratio": peak / start, "lowest_after": low}
    msg = (f"train_loss blew up to {sig.fmt_num(peak)} at step {sig.fmt_step(st[i_peak])}, "
           f"{sig.fmt_num(peak / start)}x the untrained model's {sig.fmt_num(start)}, and never got below that start "
           f"again (lowest rolling level after it {sig.fmt_num(low)}; {sig.fmt_num(end)} at the end): the step was too "
           "large and the model learned nothing after it")
    return Hit(msg, step=int(st[i_peak]), steps=(int(st[i_peak]), int(st[-1])), confidence=0.8, evidence=ev,
               causes=("lr-too-high", "no-warmup", "numerical-instability"), marks=(int(st[i_peak]),))


def _positive_ce(run: Run, f: pd.Series) -> tuple[np.ndarray, dict] | None:
    """(values, loss kind) of a training loss of four or more positive readings that the run says is a
    cross-entropy (:func:`loss_kind`), else None: what the readings against an untrained model's log K need."""
    from curvedoc.detectors._progress import loss_kind

    v = f.to_numpy(dtype=np.float64)
    if len(v) < 4 or (v <= 0).any():
        return None
    kind = loss_kind(run)
    return (v, kind) if "cross-entropy" in kind.get("kind", "") else None


def _blown_before_first_reading(run: Run, f: pd.Series, p: Params) -> Hit | None:
    """A blow-up that happened before the first logged reading. A cross-entropy's untrained model scores log K (its
    head's outputs near uniform), so when the run says its loss is a cross-entropy (:func:`loss_kind`: a stated
    class count, an accuracy beside it, its name) the untrained model's loss is known without a reading of it: log K
    for a known K, else at most the log of the largest tokenizer vocabulary (12.5 nats). A loss whose first reading
    already sits ``blowup_ratio`` times above that, whose rolling level (2% of the points) never got below
    ``blowup_stuck`` of it, and which made no progress on its own scale (its last 15% no lower than half its
    first 5%: a loss summed over a batch instead of averaged starts at B x log K too, but falls as it learns), with
    no quality rate that rose, had its weights thrown before anyone looked (Adam at lr 50: 2.6e5 at the first log
    of a 5-class task, and there for the whole run). A run that logs its first reading late is the common case:
    a loss logged every 25 or 200 steps."""
    from curvedoc.detectors._progress import VOCAB_SIZES, penalty_decay

    ce = _positive_ce(run, f)
    if ce is None:
        return None
    v, kind = ce
    n = len(v)
    k = kind.get("num_classes") or _k_at_chance(run)
    untrained = math.log(k) if k else math.log(max(VOCAB_SIZES))
    if float(v[0]) < p.blowup_ratio * untrained:
        return None
    rm = sig.rolling_median_values(v, max(3, sig.window(n, 0.02, lo=3)), 1, True)
    low = float(np.min(rm))
    if low < p.blowup_stuck * untrained:
        return None  # it learned below where an untrained model starts: recovered (as for _blown_up_and_stuck)
    head = np_median(v[: max(2, n // 20)])
    end = np_median(v[-max(3, n // 7):])
    if rate_rose(run) is not None:
        return None  # a quality rate rose: it learned (a summed loss)
    if end < 0.5 * head and not _rates_stood_still(run):
        # it fell by half on its own scale: a loss summed over the batch learning -- unless the quality rates the
        # run logs stood where they started the while (a summed loss that learns shows it in its accuracy; a
        # thrown model whose loss eases down as its LR decays, still hundreds of times log K, does not)
        return None
    if penalty_decay(run) is not None:
        # it came down from that first reading by a steady factor a reading to where it settled: a weight penalty in
        # the logged loss decaying (Keras adds its kernel regularisers' losses), not weights thrown by a step
        return None
    st = f.index.to_numpy()
    ref = f"log({k}) = {sig.fmt_num(untrained)}, the loss of a uniform guess over its {k} classes" if k else \
        (f"at most {sig.fmt_num(untrained)} nats, the log of the largest tokenizer vocabulary: a uniform guess over "
         "any class count scores less")
    ev = {"onset_step": int(st[0]), "first_loss": float(v[0]), "untrained_loss": untrained,
          "blowup_ratio": float(v[0]) / untrained, "lowest_after": low, "end_loss": end, "loss_kind": kind["kind"]}
    msg = (f"train_loss is {sig.fmt_num(float(v[0]))} at its first reading (step {sig.fmt_step(st[0])}), "
           f"{sig.fmt_num(float(v[0]) / untrained)}x an untrained model's loss ({ref}; the loss is "
           f"{kind['kind']}: {kind['why']}), and it never came back (lowest rolling level {sig.fmt_num(low)}, "
           f"{sig.fmt_num(end)} at the end): the weights were thrown before the first log, and the model learned "
           "nothing after")
    return Hit(msg, step=int(st[0]), steps=(int(st[0]), int(st[-1])), confidence=0.8, evidence=ev,
               causes=("lr-too-high", "no-warmup", "numerical-instability"), marks=(int(st[0]),))


def _held_out_went_on(run: Run, onset: int) -> str | None:
    """A description of the held-out scores when every one the run logs (the validation loss, the held-out quality
    metrics), each evaluated at least once before ``onset`` and twice after it, reached a best after the onset that
    beats its best before it -- else None. A diverged model's held-out scores get worse with it; a training loss
    that rises while the held-out loss, accuracy and error rates go on to new bests measures something else from the
    onset on (a domain-adversarial term switched on at epoch 5: the loss jumps to ln 2 and stays, while EER falls from
    4.7% to 0.2%). None when the run logs no held-out score. Precision and recall beside an mAP, F1 or AUC of
    the same split are left to that combined score (trade_off_halves): a detector's recall of 1.0 at a precision of
    0.003 before it learned anything is no best the model must beat again."""
    series = []
    if "val_loss" in run.roles:
        series.append((run.roles["val_loss"], False))
    halves = trade_off_halves(run.metrics)
    series += [(m.tag, m.higher_is_better) for m in run.metrics
               if m.split == "val" and m.tag != run.roles.get("val_loss") and m.tag not in halves]
    said = []
    for tag, higher in series:
        s = run.series(tag)
        s = s[np.isfinite(s.to_numpy(dtype=np.float64))]
        st = s.index.to_numpy()
        before, after = s[st < onset].to_numpy(dtype=np.float64), s[st > onset].to_numpy(dtype=np.float64)
        if len(before) < 1 or len(after) < 2:
            return None
        b, a = (before.max(), after.max()) if higher else (before.min(), after.min())
        if not (a > b if higher else a < b):
            return None
        said.append(f"{tag} {sig.fmt_num(float(b))} -> {sig.fmt_num(float(a))}")
    if not said:
        return None
    return ", ".join(said[:3]) + (f" and {len(said) - 3} more" if len(said) > 3 else "")


def _kept_above_uniform(run: Run, f: pd.Series, p: Params) -> Hit | None:
    """A cross-entropy thrown up and kept worse than a uniform guess. A K-way classifier's untrained model scores log
    K, and every update that teaches it anything brings its training loss below that; a training loss that reached
    ``thrown_peak`` times log K (an explosion: no minibatch or curriculum moves a cross-entropy an order of magnitude
    above where a fresh model starts) and whose level over the last three quarters of the run (their median) is
    still ``thrown_ratio`` times log K or more, beside a held-out accuracy
    at 1/K (which names K, 3 or more, when no class count is stated) and no quality rate that rose, was made worse than
    untrained and kept there: the steps are too large for the model (Adam at 0.5 on a GRU: 4-7 nats for 8 classes
    over the whole run; lr 30 on a transformer: 144 -> 559 -> 10.8 as the LR decayed). A loss summed over the batch
    also sits far above log K, but it learns and its accuracy shows it; a model sitting at log K (not above it) is
    at chance, plateau-at-chance's reading alone; so is one that sat a few times above log K without ever reaching
    ``thrown_peak`` (raw, unnormalised inputs saturate a softmax there from the first step just as well). With no
    class count stated or named (an accuracy wandering around an unbalanced set's majority names none), a level
    ``thrown_ratio`` times the log of the largest tokenizer vocabulary -- above twice log K whatever K is -- beside a
    quality rate that stood still says the same (SGD at lr 8 on a 3-class GRU: 59 nats at the first epoch, 33-46 for
    the rest, accuracy at the majority share)."""
    ce = _positive_ce(run, f)
    if ce is None:
        return None
    v, kind = ce
    n = len(v)
    k = kind.get("num_classes")
    if not k:
        # K from the accuracy alone: not 2 -- an accuracy at 0.5 is also a many-class learner that reached half
        # (CIFAR-100 at 50%, whose loss of 1.5-2.5 sits above twice log 2)
        k = _k_at_chance(run)
        if k is not None and k < 3:
            return None
    if (k is not None and k < 2) or rate_rose(run) is not None or not _rates_stood_still(run):
        return None
    level = window_median(v, 0.25, 1.0)
    if k:
        untrained = math.log(k)
        if level < p.thrown_ratio * untrained or float(np.max(v)) < p.thrown_peak * untrained:
            return None
    else:
        # no class count stated or named: a uniform guess over ANY class count scores at most the log of the largest
        # tokenizer vocabulary (12.5 nats), so a level twice that is above twice log K whatever K is -- no peak
        # needed to show the throw (a softmax saturated by raw inputs sits a few times log K, never at 25+ nats
        # per example with nothing learned)
        from curvedoc.detectors._progress import VOCAB_SIZES

        untrained = math.log(max(VOCAB_SIZES))
        if level < p.thrown_ratio * untrained:
            return None
    st = f.index.to_numpy()
    cut = int(0.25 * n)
    ev = {"onset_step": int(st[0]), "first_loss": float(v[0]), "untrained_loss": untrained, "level": level,
          "level_ratio": level / untrained, "end_loss": np_median(v[-max(3, n // 7):]), "loss_kind": kind["kind"]}
    ref = (f"log({k}) = {sig.fmt_num(untrained)}, the loss of a uniform guess over its {k} classes" if k else
           f"{sig.fmt_num(untrained)} nats, the log of the largest tokenizer vocabulary, above a uniform guess's loss "
           f"over any class count (the loss is {kind['kind']}: {kind['why']})")
    msg = (f"{run.roles.get('train_loss', 'train_loss')} sits at {sig.fmt_num(level)} over the last three quarters of "
           f"the run (median from step {sig.fmt_step(st[cut])}), {sig.fmt_num(level / untrained)}x {ref}, and no "
           "quality rate rose: the model was made worse than untrained and kept there -- the steps are too large for it")
    return Hit(msg, step=int(st[0]), steps=(int(st[0]), int(st[-1])), confidence=0.75, evidence=ev,
               causes=("lr-too-high", "no-warmup", "numerical-instability"), marks=(int(st[0]),))


def _k_at_chance(run: Run) -> int | None:
    """K read from a held-out accuracy whose median over four or more evaluations sits at 1/K (within 10%): a model
    that never left chance names its class count by its score -- 0.25 of four classes -- as plateau-at-chance reads
    it. None otherwise."""
    a = accuracy(run, "val_acc")
    if len(a) < 4:
        return None
    return k_from_acc(np_median(a.to_numpy(dtype=np.float64)), tol=0.1)


def _rates_stood_still(run: Run) -> bool:
    """Whether the run logs a bounded higher-is-better quality rate with four readings or more (and none rose:
    :func:`rate_rose` said so before this is asked) -- the evidence that a loss falling on its own scale taught the
    model nothing."""
    return any(m.rate and m.higher_is_better and m.points >= 4 for m in run.metrics)


def _below_zero(run: Run, f: pd.Series) -> Hit | None:
    """A cross-entropy falling without bound below zero. A cross-entropy is never negative; one that the run says is
    a cross-entropy (an accuracy beside it, a name, a stated class count: :func:`loss_kind`) and that ends below zero,
    at its lowest, at least ten times further below zero than its first negative reading and than log 2, is not
    bounded below -- NLLLoss on raw logits (log-softmax forgotten), a sign error -- and the optimizer drives it to
    minus infinity: the run is lost however 'well' the loss falls. A small negative value (an entropy bonus
    subtracted) does not qualify."""
    from curvedoc.detectors._progress import loss_kind

    v = f.to_numpy(dtype=np.float64)
    below = _ends_lowest_below_zero(v) if len(v) >= 3 else None
    if below is None:
        return None
    kind = loss_kind(run)
    if "cross-entropy" not in kind.get("kind", ""):
        return None
    i_neg, first_neg, end = below
    if end > 10.0 * min(first_neg, -math.log(2.0)):
        return None
    steps = f.index.to_numpy()
    tag = run.roles.get("train_loss", "train_loss")
    msg = (f"{tag} is {kind['kind']} ({kind['why']}) but fell below zero from step {sig.fmt_step(steps[i_neg])} "
           f"({sig.fmt_num(first_neg)}) to {sig.fmt_num(end)} at step {sig.fmt_step(steps[-1])}, still falling: a "
           "cross-entropy is never negative, so this loss is not bounded below (log-softmax missing before NLLLoss, "
           "a sign error) and the optimizer drives it to minus infinity")
    # a loss "still improving" at minus thousands is this fault, not a run stopped too soon
    ev = {"onset_step": int(steps[i_neg]), "first_negative": first_neg, "end_loss": end, "mode": "below-zero",
          "supersedes": [["unfinished-schedule", tag]]}
    return Hit(msg, step=int(steps[i_neg]), steps=(int(steps[i_neg]), int(steps[-1])), confidence=0.9, evidence=ev,
               causes=("wrong-loss", "numerical-instability"))


def _ends_lowest_below_zero(v: np.ndarray) -> tuple[int, float, float] | None:
    """(index of the first negative reading, that reading, the last) when a loss ends below zero at its lowest --
    what both readings of a loss with no lower bound start from -- else None."""
    end = float(v[-1])
    if not end < 0.0 or end > float(np.min(v)):
        return None
    i_neg = int(np.flatnonzero(v < 0.0)[0])
    return i_neg, float(v[i_neg]), end


# a loss of any kind that went below zero and on to this many times its first negative reading's size, still falling
# as fast as ever, is not bounded below
UNBOUNDED_RATIO = 100.0


def _unbounded_below(run: Run, f: pd.Series) -> Hit | None:
    """A loss of any kind running off to minus infinity. Some losses are negative by design -- a Gaussian negative
    log-likelihood, a subtracted entropy bonus, a contrastive score -- and settle at some negative level; a loss that
    ends below zero, at its lowest, ``UNBOUNDED_RATIO`` times further below zero than its first negative reading and
    falling over the last fifth of the run at least as fast as over the run before it (no settling: an unbounded
    objective accelerates, a density fit flattens) has no lower bound: a variance driven to zero, a sign error, a
    likelihood without its normaliser -- the numbers it prints say nothing about the model any more. A Keras ECG
    model's loss went from -33,835 to -6.5e7 over 70 epochs, faster every epoch."""
    v = f.to_numpy(dtype=np.float64)
    n = len(v)
    below = _ends_lowest_below_zero(v) if n >= 10 else None
    if below is None:
        return None
    i_neg, first_neg, end = below
    if end > UNBOUNDED_RATIO * first_neg:
        return None
    steps = f.index.to_numpy(dtype=np.float64)
    cut = int(0.8 * n)
    if cut < 2 or steps[-1] <= steps[cut] or steps[cut] <= steps[0]:
        return None
    late = (v[cut] - v[-1]) / (steps[-1] - steps[cut])  # fall per step over the last fifth
    before = (v[0] - v[cut]) / (steps[cut] - steps[0])
    if not late >= before > 0:
        return None
    tag = run.roles.get("train_loss", "train_loss")
    ist = f.index.to_numpy()
    msg = (f"{tag} fell below zero from step {sig.fmt_step(ist[i_neg])} ({sig.fmt_num(first_neg)}) to "
           f"{sig.fmt_num(end)} at step {sig.fmt_step(ist[-1])}, {abs(end / first_neg):,.0f}x as far below zero, and "
           f"falls faster over the last fifth of the run ({sig.fmt_num(late)} per step) than before it "
           f"({sig.fmt_num(before)}): a loss with no lower bound (a variance driven to zero, a sign error, a "
           "likelihood missing its normaliser) -- its values say nothing about the model any more")
    ev = {"onset_step": int(ist[i_neg]), "first_negative": first_neg, "end_loss": end, "mode": "unbounded-below",
          "supersedes": [["unfinished-schedule", tag]]}
    return Hit(msg, step=int(ist[i_neg]), steps=(int(ist[i_neg]), int(ist[-1])), confidence=0.8, evidence=ev,
               causes=("wrong-loss", "numerical-instability"))


def _late_fall(f, z: float = 0.0) -> float | None:
    """Relative fall of the loss from the median of 55-70% of the run to the median of its last 15% (positive =
    still falling), or None when there are too few points or the loss is not positive. With ``z`` > 0 a fall that
    does not clear ``z`` standard errors of the difference of the two medians (from the loss's own step-to-step
    noise, log space) is no fall: 0. A loss thrown to 8x its start that wanders between 8 and 31 is not 'still
    falling' because its last four readings happen to sit 6% lower than the four before."""
    v = f.to_numpy(dtype=np.float64)
    v = v[np.isfinite(v)]
    n = len(v)
    if n < 20 or (v <= 0).any():
        return None
    a, b = v[int(0.55 * n): int(0.7 * n)], v[int(0.85 * n):]
    mid = np_median(a)
    end = np_median(b)
    if not mid > 0:
        return None
    fall = 1.0 - end / mid
    if z > 0 and fall > 0:
        se = sig.median_se(I.diff_noise(np.log(v)), len(a), len(b))
        if math.isfinite(se) and math.log(mid / end) < z * se:
            return 0.0
    return fall


def _nan_hit(run: Run, s: pd.Series, fb: int, frac_bad: float, p: Params, has_scale: bool) -> Hit:
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    n = len(v)
    nan_step = int(steps[fb])
    prefix = s.iloc[:fb]
    prefix = prefix[np.isfinite(prefix.to_numpy(dtype=np.float64))]
    early = fb < max(5, math.ceil(p.early_frac * n))
    huge = False
    jump = float("nan")
    best_step = int(prefix.index[0]) if len(prefix) else nan_step
    best = float("nan")
    onset = nan_step
    rise = None
    if len(prefix):
        y, logspace = I.finite_positive_log(prefix)
        yv = y.to_numpy(dtype=np.float64)
        bi = int(np.argmin(yv)) if len(yv) < p.min_points else None
        if len(yv) >= 5:
            # one huge step: the last finite value jumps far above its recent level while the value before it
            # was still ordinary (an exponential blow-up over several steps is a rise, not one bad step)
            w = sig.window(len(yv) - 2, 0.05, lo=3, hi=50)
            level = np_median(yv[-w - 1:-1])
            level2 = np_median(yv[-w - 2:-2])
            jump = float(yv[-1] - level)
            if logspace:
                huge = jump >= p.huge_jump and (yv[-2] - level2) < p.min_rise
            else:
                scale = float(np.quantile(yv, 0.9) - np.quantile(yv, 0.1))
                huge = scale > 0 and jump >= 10.0 * scale and (yv[-2] - level2) < scale
        rise = _finite_rise(prefix, p)
        if rise is not None:
            onset = rise["onset"]
            best_step, best = rise["best_step"], rise["best"]
        else:
            if bi is None:
                sm = I.smoothed(y, p.smooth_frac)
                bi_s = int(np.argmin(sm.to_numpy()))
                best_step, best = int(sm.index[bi_s]), _lin(float(sm.iloc[bi_s]), logspace)
            else:
                best_step, best = int(y.index[bi]), _lin(float(yv[bi]), logspace)
            if huge:
                onset = int(prefix.index[-1])
    ev = {"onset_step": onset, "nan_step": nan_step, "best_step": best_step,
          "best_loss": best if math.isfinite(best) else None, "nonfinite_fraction_after": frac_bad,
          "nan_within_few_steps": bool(early), "loss_scale_logged": bool(has_scale)}
    if len(prefix):
        ev["last_finite_loss"] = float(prefix.iloc[-1])
    ev["rose_before_nan"] = rise is not None
    if huge:
        ev["jump_factor"] = math.exp(min(jump, 700.0)) if sig.all_positive(prefix) else None
    ev.update(I.lr_context(run, onset))
    ev.update(_grad_lead(run, best_step, onset, p))
    causes = _rank(ev, nan=True, early=early, huge=huge, has_scale=has_scale)
    parts = [f"training loss became NaN/Inf at step {sig.fmt_step(nan_step)}"]
    parts.append("and stayed non-finite" if frac_bad >= 0.999 else
                 f"({sig.fmt_pct(frac_bad).lstrip('+')} of the later points non-finite)")
    if rise is not None:
        parts.append(f"after rising from step {sig.fmt_step(onset)} to {sig.fmt_num(rise['peak'])} "
                     f"({I.ratio_text(rise['rise_log'])} its best {sig.fmt_num(best)} at step {sig.fmt_step(best_step)})"
                     if rise["logspace"] else f"after rising from step {sig.fmt_step(onset)}")
    elif huge and ev.get("jump_factor"):
        parts.append(f"right after one huge step to {sig.fmt_num(float(prefix.iloc[-1]))} at step "
                     f"{sig.fmt_step(int(prefix.index[-1]))} ({sig.fmt_num(ev['jump_factor'])}x its recent level)")
    elif math.isfinite(best):
        parts.append(f"(best {sig.fmt_num(best)} at step {sig.fmt_step(best_step)})")
    if early:
        parts.append("within the first few logged steps")
    msg = " ".join(parts)
    ctx = _context_text(ev)
    if has_scale:
        ctx = (ctx + "; " if ctx else "") + "a loss-scale tag is logged (mixed precision)"
    if ctx:
        msg += "; " + ctx
    conf = 0.95 if frac_bad >= 0.5 else 0.8
    # the key step is the first NaN (unambiguous); the rise that led to it is in steps/evidence/marks
    return Hit(msg, step=nan_step, steps=(onset, int(steps[-1])), confidence=conf, evidence=ev, causes=causes,
               marks=tuple(sorted(m for m in {best_step, onset} if m != nan_step)))
