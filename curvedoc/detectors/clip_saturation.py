"""## What it detects
Gradient clipping that acts on most steps: the share of logged steps whose pre-clip global gradient
norm exceeds the clipping threshold (the clip rate) is above ``warn_rate`` (an error above
``error_rate``), or a post-clip norm sits pinned at the threshold. The threshold comes from a logged
tag (role ``clip_threshold``), from the hyperparameters (``max_grad_norm``, ``gradient_clip_val``,
``clip_grad_norm``, ``grad_clip``, ``clip_norm`` ...), or is inferred where a post-clip norm is flat at
a ceiling. With only a pre-clip norm and no known threshold nothing is claimed, except an info note
for Hugging Face runs whose norm is far above the Trainer's default ``max_grad_norm``.

## Why it matters
A healthy clip rate is about 1-10%: clipping should tame the odd outlier batch. When nearly every step
is clipped, the threshold (not the learning rate) sets the step size, and the learning rate you tuned
is silently overridden.

## Example
``sample_runs/clip-saturation``: an MLP trained with ``clip_grad_norm_(max_norm=0.05)`` whose pre-clip
norm is above the threshold on every step.

## Options
- ``min_points``: fewest gradient-norm points needed.
- ``skip_frac``: fraction of the points at the start left out of the clip rate (initialisation transient).
- ``warn_rate``: clip rate from which the finding is a warning.
- ``error_rate``: clip rate from which the finding is an error (saturated).
- ``mild_ratio``: below this median pre-clip norm / threshold the finding is only an info (a trim, not an override).
- ``pinned_tol``: relative distance to the threshold within which a norm counts as sitting at it.
- ``min_pinned_share``: share of points at the series' maximum needed to infer a threshold from a flat ceiling.
- ``suggest_quantile``: quantile of the pre-clip norm suggested as the new threshold.
- ``hf_default_threshold``: the Hugging Face Trainer's default ``max_grad_norm``, used only for the info note.
- ``hf_default_min_ratio``: median pre-clip norm / that default from which the info note is given (0: never).

## References
seeds/000 10.16 Debugging training: 'Gradient norms' (||g|| stuck at clipping threshold -> raise it);
seeds/002 'Choosing the Clipping Threshold' and 'Monitoring the Clip Rate' (healthy 1-10%, concerning
> 50%, 100% investigate; 90th-95th percentile rule).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np
import pandas as pd

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._gradients import (
    clean_steps,
    adaptive_optimizer,
    clip_threshold_from_hparams,
    hf_trainer_like,
    pos_arrays,
    positive,
    pre_clip_norm,
    stats_sample,
)
from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.detectors._signal import np_median
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_points: int
    skip_frac: float
    warn_rate: float
    error_rate: float
    mild_ratio: float
    pinned_tol: float
    min_pinned_share: float
    suggest_quantile: float
    hf_default_threshold: float
    hf_default_min_ratio: float


def _threshold_tag(run: Run, steps: np.ndarray) -> tuple[np.ndarray | float | None, str | None]:
    """Threshold from the clip_threshold role: a constant, or per step (carried forward) when it varies."""
    if "clip_threshold" not in run.roles:
        return None, None
    t = positive(clean_steps(run.series("clip_threshold")))
    if len(t) == 0:
        return None, None
    tv = t.to_numpy(dtype=np.float64)
    lo, hi = float(tv.min()), float(tv.max())
    src = f"the logged tag '{run.roles['clip_threshold']}'"
    if hi <= lo * 1.01 or len(steps) == 0:
        return float(np.median(tv)), src
    aligned = t.reindex(pd.Index(steps)).ffill().bfill()
    return aligned.to_numpy(dtype=np.float64), src


def _ceiling(x: np.ndarray, tol: float) -> tuple[float, float, int]:
    """(ceiling, share of points at it, distinct values below it)."""
    top = float(np.max(x))
    at = x >= top * (1.0 - tol)
    below = stats_sample(x[~at])
    return top, float(at.mean()), int(len(np.unique(below)))


def _onset(steps: np.ndarray, clipped: np.ndarray, rate: float) -> int:
    """First clipped step from which the clip rate over the rest of the run stays >= ``rate``."""
    n = len(clipped)
    suffix = np.cumsum(clipped[::-1])[::-1] / np.arange(n, 0, -1)
    ok = clipped & (suffix >= rate)
    i = int(np.argmax(ok)) if ok.any() else int(np.argmax(clipped))
    return int(steps[i])


def _confidence(rate: float, p: Params, n: int, inferred: bool) -> float:
    span = max(1e-9, 1.0 - p.warn_rate)
    c = 0.5 + 0.45 * min(1.0, max(0.0, (rate - p.warn_rate) / span))
    c *= min(1.0, 0.6 + 0.4 * n / 50.0)
    if inferred:
        c *= 0.85
    return round(float(min(0.95, max(0.3, c))), 2)


@detector("clip-saturation", params=Params)
def clip_saturation(run: Run, p: Params) -> Iterator[Hit]:
    pre_raw, pre_label = pre_clip_norm(run)
    pre_st, pre_v = pos_arrays(pre_raw)
    if "grad_norm_clipped" in run.roles:
        post_st, post_v = pos_arrays(run.series("grad_norm_clipped"))
    else:
        post_st, post_v = pre_st[:0], pre_v[:0]
    if len(pre_v) < p.min_points and len(post_v) < p.min_points:
        return

    use_pre = len(pre_v) >= p.min_points
    steps, x = (pre_st, pre_v) if use_pre else (post_st, post_v)
    skip = int(len(x) * p.skip_frac)
    if len(x) - skip < p.min_points:
        skip = 0
    head_steps, head_x = steps[:skip], x[:skip]
    steps, x = steps[skip:], x[skip:]
    n = len(x)
    xs = stats_sample(x)
    post_label = run.roles.get("grad_norm_clipped", "")

    thr, src = _threshold_tag(run, steps)
    inferred = False
    hp_disabled = False
    if thr is None:
        hp_thr, key, hp_disabled = clip_threshold_from_hparams(run.hparams)
        if hp_thr is not None:
            thr, src = hp_thr, f"'{key}' in the hyperparameters"
    if thr is None and use_pre and len(post_v) >= p.min_points:
        # both norms logged: a step is clipped where the post-clip norm is below the pre-clip one
        if len(pre_st) == len(post_st) and np.array_equal(pre_st, post_st):
            ia = ib = np.arange(len(pre_st))
        else:  # both sorted and unique: match steps by binary search
            pos = np.clip(np.searchsorted(post_st, pre_st), 0, len(post_st) - 1)
            match = post_st[pos] == pre_st
            ia, ib = np.nonzero(match)[0], pos[match]
        if len(ia) - skip >= p.min_points:
            a, b = pre_v[ia][skip:], post_v[ib][skip:]
            clipped_pairs = b < a * (1.0 - p.pinned_tol)
            if clipped_pairs.any():
                thr = float(np.median(stats_sample(b[clipped_pairs])))
                src = f"inferred from '{post_label}' where it is below '{pre_label}'"
                inferred = True
    if thr is None and hp_disabled and len(post_v) < p.min_points:
        return  # clipping explicitly off and no post-clip norm: nothing can saturate
    pinned_only = False
    if thr is None:
        # a norm flat at its maximum on many steps is a post-clip norm pinned at the threshold
        top, share, distinct_below = _ceiling(x, p.pinned_tol)
        is_post = not use_pre
        if share >= p.min_pinned_share and (distinct_below >= 1 or (is_post and share >= 0.999)) and int(share * n) >= 5:
            thr, inferred, pinned_only = top, True, True
            which = post_label if is_post else pre_label
            src = f"inferred: '{which}' is flat at {fmt_num(top)} on {share:.0%} of steps"
    if thr is None:
        if use_pre and hf_trainer_like(run) and p.hf_default_min_ratio > 0 and p.hf_default_threshold > 0:
            first = int(head_steps[0]) if len(head_steps) else int(steps[0])
            yield from _hf_default_note(run, p, first, steps, x, xs, pre_label)
        return

    thr_arr = np.broadcast_to(np.asarray(thr, dtype=np.float64), x.shape)
    if not np.all(np.isfinite(thr_arr)) or np.any(thr_arr <= 0):
        return
    thr_med = float(np.median(thr_arr))
    clipped = x >= thr_arr * (1.0 - p.pinned_tol)
    rate = float(clipped.mean())
    if rate < p.warn_rate:
        return

    at_thr = np.abs(x - thr_arr) <= thr_arr * p.pinned_tol
    pinned_share = float(at_thr.mean())
    looks_post = use_pre and not pinned_only and float(np.max(x / thr_arr)) <= 1.0 + p.pinned_tol and pinned_share >= p.min_pinned_share
    med_norm = float(np.median(xs))
    med_ratio = med_norm / thr_med
    suggested = float(np.quantile(xs, p.suggest_quantile)) if use_pre and not (pinned_only or looks_post) else None
    onset = _onset(steps, clipped, p.warn_rate)
    if onset == int(steps[0]) and len(head_x):
        # the left-out head was clipped too: the clipping started earlier
        head_clipped = head_x >= thr_med * (1.0 - p.pinned_tol)
        unclipped = np.nonzero(~head_clipped)[0]
        j = int(unclipped[-1]) + 1 if len(unclipped) else 0
        if j < len(head_x):
            onset = int(head_steps[j])
    sev = "error" if rate >= p.error_rate else None
    adaptive = adaptive_optimizer(run.hparams)

    label = pre_label if use_pre else post_label
    if pinned_only or looks_post or not use_pre:
        msg = (f"'{label}' sits at the clipping threshold {fmt_num(thr_med)} ({src}) on {rate:.0%} of "
               f"{n:,} logged steps (from step {fmt_step(onset)}): the gradient is clipped on almost every step")
    else:
        msg = (f"'{label}' exceeds the clipping threshold {fmt_num(thr_med)} ({src}) on {rate:.0%} of {n:,} "
               f"logged steps (from step {fmt_step(onset)}); median pre-clip norm {fmt_num(med_norm)} = "
               f"{fmt_num(med_ratio)}x the threshold")
        if suggested is not None:
            msg += f"; its {p.suggest_quantile:.0%} quantile is {fmt_num(suggested)}"
    evidence = {
        "clip_rate": round(rate, 4),
        "threshold": thr_med,
        "threshold_source": src,
        "points": n,
        "median_norm": med_norm,
        "median_norm_over_threshold": med_ratio,
        "pinned_share": round(pinned_share, 4),
    }
    if suggested is not None:
        evidence["suggested_threshold"] = float(f"{suggested:.3g}")
    causes = None
    if use_pre and n >= 9:
        third = max(3, n // 3)
        early, late = float(np.median(stats_sample(x[:third]))), float(np.median(stats_sample(x[-third:])))
        if early > 0 and late / early >= 10.0:
            causes = ("lr-too-high", "exploding-gradients", "clip-too-low")
            evidence["norm_growth"] = late / early
            msg += f"; the norm grew {fmt_num(late / early)}x over the run"
    if use_pre and not (pinned_only or looks_post) and med_ratio < p.mild_ratio:
        # the typical clipped step is cut by a few percent: the update is what the LR asked for, give or take
        # less than the precision anyone tunes an LR to; worth knowing, not a fault
        sev = "info"
        msg += (f" - a mild cut: the median step is scaled by {1.0 / med_ratio:.2f}, so the threshold only trims the "
                "gradient")
    elif adaptive:
        # Adam-like optimizers normalise the update: a steady rescaling of every gradient mostly cancels out,
        # so the LR is not overridden (the harm this rule is about); what is left is worth knowing
        sev = "info"
        msg += f" (with {adaptive} a steady rescaling mostly cancels out, so this matters less than with SGD)"
        evidence["optimizer"] = adaptive
    yield Hit(
        msg,
        step=onset,
        steps=(onset, int(steps[-1])),
        confidence=_confidence(rate, p, n, inferred),
        evidence=evidence,
        severity=sev,
        causes=causes,
    )


def _hf_default_note(run: Run, p: Params, first: int, steps: np.ndarray, x: np.ndarray, xs: np.ndarray,
                     label: str) -> Iterator[Hit]:
    thr = p.hf_default_threshold
    rate = float((x > thr).mean())
    med = np_median(xs)
    med_ratio = med / thr
    if rate < p.error_rate or med_ratio < p.hf_default_min_ratio:
        return
    suggested = float(np.quantile(xs, p.suggest_quantile))
    yield Hit(
        f"'{label}' is above {fmt_num(thr)} (the Hugging Face Trainer's default max_grad_norm) on {rate:.0%} of "
        f"{len(x):,} logged steps, median {fmt_num(med)} = {fmt_num(med_ratio)}x: the log does not say "
        f"the threshold, but if you kept the default every step was clipped",
        step=first,
        steps=(first, int(steps[-1])),
        confidence=0.3,
        severity="info",
        causes=("clip-too-low",),  # an assumption about the threshold is no evidence about the learning rate
        evidence={
            "clip_rate": round(rate, 4),
            "threshold": thr,
            "threshold_source": "assumed Hugging Face default (not in the log)",
            "points": int(len(x)),
            "median_norm": med,
            "median_norm_over_threshold": med_ratio,
            "suggested_threshold": float(f"{suggested:.3g}"),
        },
    )
