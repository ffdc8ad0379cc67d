"""Private helpers of the instability family (divergence, loss-spikes, oscillation, exploding-gradients).

Everything here is vectorised and scale-invariant: positive quantities are compared in log space,
noise is measured with medians/MAD, windows are fractions of the run in points.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from curvedoc.detectors import _signal as sig
from curvedoc.detectors._signal import shared

# an LR of 1 or more moves each weight by its whole gradient or more at every step: no adaptive optimiser's recipe
# and almost no SGD recipe runs there (their usual ranges are 1e-5..1e-2 and 1e-3..0.5), so a run that blew up at such
# an LR names it first whatever else the blow-up looks like (divergence, initial-loss-off's broken start)
EXTREME_LR = 1.0

# Hyperparameter keys that say gradient clipping is on (HF, Lightning, fairseq, timm, nanoGPT ...).
CLIP_KEYS = ("max_grad_norm", "gradient_clip_val", "grad_clip", "clip_grad_norm", "clip_grad", "clip_norm",
             "max_norm", "gradient_clipping", "clip_gradient", "grad_norm_clip")


@shared
def finite_positive_log(s: pd.Series) -> tuple[pd.Series, bool]:
    """Finite points of ``s``, in log space when every finite value is > 0 (second item says which)."""
    v = s.to_numpy(dtype=np.float64)
    fin = np.isfinite(v)
    if not fin.all():
        s, v = s[fin], v[fin]
    if len(v) and float(v.min()) > 0:
        return pd.Series(np.log(v), index=s.index, name=s.name, copy=False), True
    return pd.Series(v, index=s.index, name=s.name, copy=False), False


def diff_noise(y: np.ndarray) -> float:
    """Robust step-to-step noise (sigma of one point) from first differences: immune to slow trends."""
    y = np.asarray(y, dtype=np.float64)
    if len(y) < 3:
        return float("nan")
    m = max(1, (len(y) - 1) // 50000)  # every m-th consecutive pair: exact diffs, at most ~50k of them
    d = y[1::m] - y[:-1:m][: len(y[1::m])]
    return float(sig.MAD_TO_SIGMA * sig.median(np.abs(d - sig.median(d))) / math.sqrt(2.0))


SUB_COLS = 32  # points per bin actually used for a bin median on long runs (evenly spread in the bin)


def fast_bins(v: np.ndarray, max_bins: int = sig.MAX_POINTS) -> tuple[np.ndarray, int]:
    """(bin medians, bin size k) of ``v`` with at most ``max_bins`` bins.

    Each median uses at most ``SUB_COLS`` evenly spread points of its bin, so a 1M-point series costs
    about as much as a 128k-point one; for a level or noise estimate that is plenty.
    """
    v = np.asarray(v, dtype=np.float64)
    n = len(v)
    if n <= max_bins:
        return v, 1
    k = math.ceil(n / max_bins)
    m = n // k * k
    blocks = v[:m].reshape(-1, k)
    stride = max(1, k // SUB_COLS)
    if stride > 1:
        blocks = blocks[:, ::stride]
    out = sig.row_medians(blocks)
    if m < n:
        out = np.append(out, sig.np_median(v[m:]))
    return out, k


def fast_downsample(s: pd.Series, max_bins: int = sig.MAX_POINTS) -> pd.Series:
    """Like ``sig.downsample`` (bin medians indexed by each bin's last step) but with sub-sampled bins."""
    n = len(s)
    if n <= max_bins:
        return s
    med, k = fast_bins(s.to_numpy(dtype=np.float64), max_bins)
    steps = s.index.to_numpy()
    idx = steps[k - 1::k][: len(med)]
    if len(idx) < len(med):
        idx = np.append(idx, steps[-1])
    return pd.Series(med, index=pd.Index(idx, name="step"), name=s.name)


def smoothed(s: pd.Series, frac: float, lo: int = 3) -> pd.Series:
    """Bin medians (at most ``sig.MAX_POINTS``) then a centered rolling median over ``frac`` of the points."""
    ds = fast_downsample(s)
    if len(ds) == 0:
        return ds
    return sig.rolling_median(ds, sig.window(len(ds), frac, lo), center=True)


def value_at(s: pd.Series, step: int) -> float | None:
    """Value of ``s`` at the last step <= ``step`` (or the first point if none), None if ``s`` is empty."""
    if s is None or len(s) == 0:
        return None
    steps = s.index.to_numpy()
    i = int(np.searchsorted(steps, step, side="right")) - 1
    i = min(max(i, 0), len(s) - 1)
    v = float(s.iloc[i])
    return v if math.isfinite(v) else None


def near_peak_index(v: np.ndarray) -> int:
    """Index of the first value within 5% of the series' maximum: where a rising LR has (about) reached its peak."""
    return int(np.argmax(v >= 0.95 * float(np.max(v))))


def warmup_end(lr: pd.Series) -> int | None:
    """Step where a rising LR first reaches ~its peak, or None when the LR does not start with a warmup.

    A warmup is recognised when the first LR is below half its peak and the peak is reached after the start.
    """
    lr = sig.finite(lr)
    if len(lr) < 3:
        return None
    v = lr.to_numpy(dtype=np.float64)
    peak = float(np.max(v))
    if not peak > 0 or not v[0] < 0.5 * peak:
        return None
    i = near_peak_index(v)
    if i == 0:
        return None
    return int(lr.index[i])


def lr_context(run, step: int) -> dict:
    """LR at ``step`` and whether ``step`` lies inside the LR warmup: evidence for cause ranking."""
    out: dict = {}
    if "lr" not in run.roles:
        return out
    lr = run.series("lr")
    if len(sig.finite(lr)) == 0:
        return out
    v = value_at(lr, step)
    if v is not None:
        out["lr_at_onset"] = v
    w = warmup_end(lr)
    fl = sig.finite(lr)
    out["has_warmup"] = w is not None
    if w is not None:
        out["warmup_end_step"] = w
        out["in_warmup"] = bool(step < w)
    else:
        out["in_warmup"] = False
    out["lr_peak"] = float(np.max(fl.to_numpy(dtype=np.float64)))
    return out


def grad_norm_series(run) -> pd.Series:
    """The global pre-clip gradient norm: ``grad_norm``, else sqrt of ``grad_norm_sq``; empty if neither."""
    from curvedoc.detectors._gradients import pre_clip_norm

    return pre_clip_norm(run)[0]


def clipping_configured(run) -> bool | None:
    """True/False when the hyperparameters (or a clip-threshold tag) say whether clipping is on, else None."""
    if "clip_threshold" in run.roles or "grad_norm_clipped" in run.roles:
        return True
    for key, val in (run.hparams or {}).items():
        k = str(key).lower().rsplit(".", 1)[-1].rsplit("/", 1)[-1]
        if k in CLIP_KEYS:
            try:
                f = float(val)
            except (TypeError, ValueError):
                continue
            if math.isfinite(f):
                return f > 0
    return None


def last_session(run, s: pd.Series) -> pd.Series:
    """Points of the last appended training session when the importer found several in one file.

    Importers report appended sessions (an epoch counter restarting at 0) in ``run.meta["sessions"]`` as
    the first step of each session; earlier sessions are separate trainings, so a higher loss in a later
    session is not a divergence of the earlier one.
    """
    starts = run.meta.get("sessions") if isinstance(run.meta, dict) else None
    if not starts or len(s) == 0:
        return s
    try:
        last = max(int(x) for x in starts)
    except (TypeError, ValueError):
        return s
    if last <= int(s.index[0]):
        return s
    return s[s.index >= last]


def rise_step(s: pd.Series, start: int, end: int, factor_log: float, frac: float = 0.05) -> int | None:
    """First step in [start, end] where the smoothed log of a positive series exceeds its median before
    ``start`` by ``factor_log``; None if it never does (or the series is unusable)."""
    f = sig.finite(s)
    f = f[f > 0]
    if len(f) < 5:
        return None
    y = pd.Series(np.log(f.to_numpy(dtype=np.float64)), index=f.index)
    before = y[y.index <= start]
    if len(before) < 2:
        before = y.iloc[: max(2, len(y) // 10)]
    base = sig.np_median(before.to_numpy())
    sm = smoothed(y, frac)
    win = sm[(sm.index >= start) & (sm.index <= end)]
    hit = win.to_numpy() >= base + factor_log
    if not hit.any():
        return None
    return int(win.index[int(np.argmax(hit))])


def clamp01(x: float) -> float:
    if not math.isfinite(x):
        return 0.5
    return float(min(1.0, max(0.0, x)))


def ratio_text(log_ratio: float) -> str:
    """'3.2x' from a natural-log ratio."""
    r = math.exp(min(log_ratio, 700.0))
    return f"{sig.fmt_num(r)}x"
