"""## What it detects
Gradients too small to train: either the global gradient norm (or the square root of a logged squared norm) collapses by orders of magnitude
(``min_drop_decades`` below its peak) and stays down (a norm that ends more than a decade above the lowest level it
fell to recovered) while
the training loss has hardly improved, or, with per-layer
gradient norms (``grad_norm/<layer>`` ...), the layers nearest the input get gradients orders of
magnitude (``layer_min_decades``) smaller than the layers nearest the output, steadily with depth.

## Why it matters
Early layers that receive almost no gradient do not learn: the loss plateaus far above what the model
could reach, and more steps or a higher learning rate for the whole model do not help.

## Example
``sample_runs/vanishing-gradients``: a deep sigmoid MLP logging ``grad_norm/layer_00`` ... whose first
layers' gradients are thousands of times smaller than the last layer's.

## Options
- ``min_points``: fewest points of a gradient-norm series.
- ``min_drop_decades``: global norm drop (log10, peak to tail) that counts as a collapse.
- ``max_loss_progress``: largest relative fall of the training loss (start to end) for which the loss is "still high".
- ``tail_frac``: fraction of the run (in points) that is the tail for levels at the end.
- ``layer_min_decades``: log10 gap between the input-side and output-side layer groups.
- ``layer_min_rank_corr``: Spearman correlation between depth and log gradient norm needed (steady decay with depth).
- ``min_layers``: fewest ordered layers for the per-layer check.
- ``learning_progress``: relative loss fall above which a per-layer gap is reported as info only (the network still learns).

## References
seeds/000 10.16 Debugging training: 'Gradient norms' (||g|| vanishing in deep networks -> initialisation or
architecture); seeds/001 'Vanishing gradients' (sigmoid derivatives <= 0.25 per layer); seeds/002
'Per-Layer Gradient Monitoring'; seeds/003 'Vanishing gradients in very deep networks'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np
import pandas as pd

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._gradients import (
    clean_steps,
    family_frame,
    layer_position,
    order_layers,
    param_kind,
    pre_clip_norm,
    stats_sample,
    trend,
)
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.detectors._signal import average_ranks, finite, rolling_median_values, window
from curvedoc.detectors._signal import np_median
from curvedoc.model.roles import rl_marker
from curvedoc.model.run import Run

LN10 = math.log(10.0)
GLOBAL_NAMES = {"total", "global", "all", "norm", "clip", "clipped", "pre_clip", "post_clip", "preclip", "postclip"}


@dataclass(frozen=True)
class Params:
    min_points: int
    min_drop_decades: float
    max_loss_progress: float
    tail_frac: float
    layer_min_decades: float
    layer_min_rank_corr: float
    min_layers: int
    learning_progress: float


def _loss_progress(run: Run, tail_frac: float) -> float | None:
    """Relative fall of the training loss from its start to its end (positive = improved), or None."""
    if "train_loss" not in run.roles:
        return None
    s = finite(clean_steps(run.series("train_loss")))
    if len(s) < 4:
        return None
    s = trend(s, 2000)
    v = s.to_numpy(dtype=np.float64)
    n = len(v)
    head = np_median(v[: window(n, 0.1, 1)])
    tail = np_median(v[n - window(n, tail_frac, 1):])
    if not (math.isfinite(head) and math.isfinite(tail)) or abs(head) < 1e-12:
        return None
    return (head - tail) / abs(head)


def _spearman(a: np.ndarray, b: np.ndarray) -> float:
    if len(a) < 3:
        return float("nan")
    ra, rb = average_ranks(a)[0], average_ranks(b)[0]
    if np.std(ra) == 0 or np.std(rb) == 0:
        return float("nan")
    return float(np.corrcoef(ra, rb)[0, 1])


@detector("vanishing-gradients", params=Params)
def vanishing_gradients(run: Run, p: Params) -> Iterator[Hit]:
    progress = _loss_progress(run, p.tail_frac)
    hit = _per_layer(run, p, progress)
    if hit is not None:
        yield hit
        return
    if rl_marker(run) is not None:
        # a reinforcement-learning run's (policy-optimisation included) global norm follows the advantages, which
        # sit at 0 while every rollout of a group scores the same (GRPO's zero-std groups): a norm that falls to 0
        # there is the learning signal missing, not gradients vanishing through depth -- as exploding-gradients does
        # not judge its growth. Per-layer norms (above) are still compared across depth
        return
    hit = _global(run, p, progress)
    if hit is not None:
        yield hit


def _global(run: Run, p: Params, progress: float | None) -> Hit | None:
    if progress is None or progress >= p.max_loss_progress:
        return None
    # the global norm, or the square root of its logged square (||g||^2 is the same quantity in squared units)
    raw, label = pre_clip_norm(run)
    if raw.empty:
        return None
    raw = clean_steps(raw)
    st_all = raw.index.to_numpy(dtype=np.int64)
    v_all = raw.to_numpy(dtype=np.float64)
    fin = np.isfinite(v_all)
    if not fin.all():
        st_all, v_all = st_all[fin], v_all[fin]
    if len(v_all) < p.min_points or np.any(v_all < 0):
        return None  # too short, or not a norm
    n_all = len(v_all)
    tail_n = window(n_all, p.tail_frac, 2)
    zero_tail = float((v_all[n_all - tail_n:] == 0).mean())
    posm = v_all > 0
    if posm.sum() < max(3, p.min_points // 2):
        return None
    L = trend(pd.Series(v_all[posm], index=pd.Index(st_all[posm], name="step")), 2000)
    L = np.log(L)
    lv = L.to_numpy(dtype=np.float64)
    n = len(lv)
    # full windows only (no shrinking windows at the edges): a transient shorter than ~5% of the run,
    # e.g. the large first steps after initialisation, cannot be the peak
    w = window(n, 0.1, 3)
    smooth = rolling_median_values(lv, w, w, center=True)
    body = smooth[: max(1, n - window(n, p.tail_frac, 1))]
    if not np.isfinite(body).any():
        return None
    peak_i = int(np.nanargmax(body))
    peak = float(body[peak_i])
    if zero_tail >= 0.5:
        decades = float("inf")
        tail_val = 0.0
    else:
        tail_v = v_all[n_all - tail_n:]
        tail_v = tail_v[tail_v > 0]
        if len(tail_v) == 0:
            return None
        tail_log = float(np.log(np.median(stats_sample(tail_v))))
        decades = (peak - tail_log) / LN10
        tail_val = math.exp(tail_log)
    if decades < p.min_drop_decades:
        return None
    steps = L.index.to_numpy()
    # onset: first step after the peak where the smoothed norm is min_drop_decades below it
    with np.errstate(invalid="ignore"):
        after = np.nonzero(smooth[peak_i:] <= peak - p.min_drop_decades * LN10)[0]
    onset = int(steps[peak_i + after[0]]) if len(after) else int(st_all[n_all - tail_n])
    if len(after) and not math.isinf(decades):
        # vanishing gradients stay vanished: a norm whose end level is more than a decade above the lowest it fell
        # to after the collapse climbed back (an initial transient of huge norms, then ordinary training whose
        # norm grows again); it did not vanish
        post = smooth[peak_i + after[0]:]
        post = post[np.isfinite(post)]
        if len(post) and tail_log - float(np.min(post)) > LN10:
            return None
    peak_val = math.exp(peak)
    if math.isinf(decades):
        msg = (f"{label} fell from {fmt_num(peak_val)} to exactly 0 on {zero_tail:.0%} of the last "
               f"{tail_n:,} points while train_loss changed only {fmt_pct(-progress)}")
        causes = ("frozen-params", "vanishing-gradients", "optimizer-not-stepping")
        conf = 0.8
    else:
        msg = (f"{label} collapsed {fmt_num(decades, 2)} decades ({fmt_num(peak_val / max(tail_val, 1e-300))}x) "
               f"from {fmt_num(peak_val)} to {fmt_num(tail_val)} by step {fmt_step(onset)} while train_loss changed "
               f"only {fmt_pct(-progress)}")
        causes = None
        conf = min(0.9, 0.55 + 0.15 * (decades - p.min_drop_decades) + 0.2 * (1 - max(progress, 0) / max(p.max_loss_progress, 1e-9)))
    return Hit(
        msg,
        step=onset,
        steps=(onset, int(st_all[-1])),
        confidence=round(float(max(0.4, conf)), 2),
        evidence={
            "mode": "global",
            "peak_grad_norm": peak_val,
            "tail_grad_norm": tail_val,
            "drop_decades": None if math.isinf(decades) else round(decades, 3),
            "zero_share_tail": round(zero_tail, 3),
            "loss_progress": round(progress, 4),
        },
        causes=causes,
    )


def _per_layer(run: Run, p: Params, progress: float | None) -> Hit | None:
    fam = run.family("layer_grad_norm")
    names = [n for n in (fam or {}) if n.strip().lower() not in GLOBAL_NAMES]
    # the two ends of the net, named so (first_layer / last_layer, input / output): what a user logs by hand. The
    # input end getting orders of magnitude less gradient than the output end is the signature itself; with two
    # layers there is no trend with depth to read, so their gap alone decides
    ends = len(names) == 2 and sorted(layer_position(n) for n in names) == [-1, 1]
    need = 2 if ends else p.min_layers
    if len(names) < need:
        return None
    weights = [n for n in names if param_kind(n) == "weight"]
    if len(weights) >= need:
        names = weights
    ordered = order_layers(names)
    if ordered is None or len(ordered) < need:
        return None
    df = family_frame(run, "layer_grad_norm", ordered, max_points=1000)
    if df.empty:
        return None
    df = df[[c for c in ordered if c in df.columns]]
    vals = df.to_numpy(dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.where(np.isfinite(vals) & (vals > 0), np.log(np.where(vals > 0, vals, 1.0)), np.nan)
    counts = np.sum(np.isfinite(logs), axis=0)
    zero_counts = np.sum(np.isfinite(vals) & (vals == 0), axis=0)
    keep = (counts >= max(2, p.min_points // 2)) | (zero_counts >= p.min_points // 2)
    if keep.sum() < need:
        return None
    cols = [c for c, k in zip(df.columns, keep) if k]
    logs, vals = logs[:, keep], vals[:, keep]
    with np.errstate(all="ignore"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            level = np.nanmedian(logs, axis=0)
    frozen = np.isnan(level)  # layers with only zero gradients
    m = len(cols)
    k = max(1, m // 3)
    early_idx, late_idx = np.arange(k), np.arange(m - k, m)
    if frozen[late_idx].all():
        return None
    late_level = float(np.nanmedian(level[late_idx]))
    if frozen[early_idx].all():
        early_level, gap = float("-inf"), float("inf")
    else:
        early_level = float(np.nanmedian(level[early_idx]))
        gap = (late_level - early_level) / LN10
    fin = ~frozen
    corr = _spearman(np.arange(m)[fin], level[fin]) if fin.sum() >= 3 else float("nan")
    if gap < p.layer_min_decades:
        return None
    if not math.isinf(gap) and not ends and not (corr >= p.layer_min_rank_corr):
        return None

    # time-resolved gap: early-group minus late-group median log norm at every step (carried forward)
    lf = pd.DataFrame(logs, index=df.index).ffill()
    with np.errstate(all="ignore"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            e_t = np.nanmedian(lf.iloc[:, early_idx].to_numpy(), axis=1)
            l_t = np.nanmedian(lf.iloc[:, late_idx].to_numpy(), axis=1)
    g_t = (l_t - e_t) / LN10
    steps = df.index.to_numpy()
    ok = np.where(np.isnan(g_t), math.isinf(gap), g_t >= p.layer_min_decades)
    if ok.any():
        suffix = np.cumsum(ok[::-1])[::-1] / np.arange(len(ok), 0, -1)
        first = np.nonzero(ok & (suffix >= 0.5))[0]
        onset = int(steps[first[0]] if len(first) else steps[int(np.argmax(ok))])
    else:
        onset = int(steps[0])

    first_name, last_name = cols[0], cols[-1]
    lvl_first = float(np.exp(level[0])) if not frozen[0] else 0.0
    lvl_last = float(np.exp(level[-1])) if not frozen[-1] else 0.0
    severity = None
    if math.isinf(gap):
        msg = (f"the {k} input-side layer(s) ({first_name} ...) get exactly zero gradient while the output-side "
               f"layers ({last_name}: median {fmt_num(lvl_last)}) do not")
        causes = ("frozen-params", "vanishing-gradients")
        conf = 0.85
    else:
        ratio = 10 ** gap
        msg = (f"input-side layers get gradients {fmt_num(gap, 2)} decades ({fmt_num(ratio)}x) smaller than "
               f"output-side layers: median grad norm {fmt_num(lvl_first)} at {first_name} vs {fmt_num(lvl_last)} at "
               + (f"{last_name}, the two ends of the net" if ends else
                  f"{last_name}, shrinking steadily with depth over {m} layers (rank correlation {fmt_num(corr, 2)})"))
        causes = None
        steady = 0.0 if ends else max(0.0, corr - p.layer_min_rank_corr) / max(1e-9, 1 - p.layer_min_rank_corr)
        conf = 0.6 + 0.1 * min(2.0, gap - p.layer_min_decades) + 0.15 * steady
    if progress is not None:
        msg += f"; train_loss changed {fmt_pct(-progress)} over the run"
        if progress >= p.learning_progress:
            severity = "info"
            conf *= 0.6
            msg += " (the network still learns)"
    evidence = {
        "mode": "per-layer",
        "layers": m,
        "first_layer": first_name,
        "last_layer": last_name,
        "first_layer_grad_norm": lvl_first,
        "last_layer_grad_norm": lvl_last,
        "gap_decades": None if math.isinf(gap) else round(gap, 3),
        "rank_corr": None if not math.isfinite(corr) else round(corr, 3),
        "frozen_layers": int(frozen.sum()),
    }
    if progress is not None:
        evidence["loss_progress"] = round(progress, 4)
    return Hit(
        msg,
        step=onset,
        steps=(onset, int(steps[-1])),
        confidence=round(float(min(0.95, max(0.3, conf))), 2),
        evidence=evidence,
        severity=severity,
        causes=causes,
    )
