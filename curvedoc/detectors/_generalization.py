"""Private helpers for the generalisation (V) and data-order (E) detectors.

Validation curves are sparse (5-100 evals) and noisy, train curves dense and noisy, and the two are
logged at different steps (per step vs per epoch). These helpers put them on a common footing:

* ``prepare``: finite points of a series, in log space when every value is positive;
* ``smooth_sparse``: a centred rolling median whose window suits a few points (3 for <= 20 evals);
* ``noise_sigma``: robust noise of a sparse curve from second differences (insensitive to trend);
* ``level_at``: the smoothed train level at arbitrary steps (bin medians + rolling median, then
  step interpolation), so a val point can be compared with the train loss *at the same step*.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

from curvedoc.detectors import _signal as sig
from curvedoc.detectors._signal import shared

SQRT6 = math.sqrt(6.0)
LEVEL_POINTS = 1000  # bins for a smoothed level: 0.1% of the run is resolution enough to read it at an eval step


def ratio01(num: float, den: float) -> float:
    """clip01(num / den) with a safe denominator (parameters may be set to 0 by users)."""
    return clip01(num / den) if den > 1e-12 else (1.0 if num > 0 else 0.0)


def clip01(x: float) -> float:
    if not np.isfinite(x):
        return 0.0
    return float(min(1.0, max(0.0, x)))


@shared
def prepare(s: pd.Series, log: bool | None = None, work: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """(steps, raw values, working values, is_log) of the finite points of ``s``.

    Working values are natural logs when every finite value is positive (or when ``log`` is True
    and they are); otherwise the raw values. Steps are strictly increasing (``Run.series`` sorts and
    de-duplicates). Values beyond float64 sanity (|x| > 1e300) are dropped as non-finite.
    """
    if len(s) == 0:
        e = np.empty(0)
        return e.astype(np.int64), e, e, False
    st = s.index.to_numpy()
    v = s.to_numpy(dtype=np.float64)
    m = np.isfinite(v)
    if not m.all():
        st, v = st[m], v[m]
    mn = float(np.min(v)) if len(v) else 0.0
    if len(v) and (mn <= -1e300 or float(np.max(v)) >= 1e300):
        m = np.abs(v) < 1e300
        st, v = st[m], v[m]
        mn = float(np.min(v)) if len(v) else 0.0
    if len(st) > 1 and not np.all(np.diff(st) > 0):  # defensive: sort and keep the last write per step
        order = np.argsort(st, kind="stable")
        st, v = st[order], v[order]
        last = np.ones(len(st), dtype=bool)
        last[:-1] = st[1:] != st[:-1]
        st, v = st[last], v[last]
    pos = len(v) > 0 and mn > 0
    use_log = pos if log is None else (bool(log) and pos)
    if not work:
        return st.astype(np.int64, copy=False), v, v, use_log
    w = np.log(v) if use_log else v.copy()
    return st.astype(np.int64, copy=False), v, w, use_log


@shared
def thin(steps: np.ndarray, values: np.ndarray, max_points: int) -> tuple[np.ndarray, np.ndarray]:
    """Block means of at most ``max_points`` bins (indexed by each bin's last step); cheap O(n) for dense curves.

    Means (not medians) keep this one vectorised pass; callers smooth the bins with a rolling median,
    which absorbs the odd bin inflated by a spike.
    """
    n = len(values)
    if n <= max_points:
        return steps, values
    k = int(math.ceil(n / max_points))
    m = n // k * k
    agg = values[:m].reshape(-1, k).mean(axis=1)
    idx = steps[k - 1 : m : k]
    if m < n:
        agg = np.append(agg, values[m:].mean())
        idx = np.append(idx, steps[-1])
    return idx, agg


def sparse_window(n: int) -> int:
    """Odd rolling-median window for a sparse curve of ``n`` points."""
    if n <= 4:
        return 1
    if n <= 20:
        return 3
    if n <= 60:
        return 5
    w = int(round(n * 0.08))
    w = min(25, max(5, w))
    return w if w % 2 else w + 1


def smooth_sparse(y: np.ndarray, w: int | None = None) -> np.ndarray:
    """Centred rolling median (edges use the available points)."""
    n = len(y)
    if n == 0:
        return y
    w = sparse_window(n) if w is None else w
    if w <= 1:
        return np.asarray(y, dtype=np.float64).copy()
    return sig.rolling_median_values(y, w, 1, center=True)


def noise_sigma(y: np.ndarray, floor: float) -> float:
    """Robust noise sigma of a curve from its second differences (a linear trend cancels out)."""
    y = np.asarray(y, dtype=np.float64)
    if len(y) >= 4:
        d2 = y[2:] - 2.0 * y[1:-1] + y[:-2]
        s = sig.MAD_TO_SIGMA * sig.np_median(np.abs(d2)) / SQRT6
    elif len(y) >= 2:
        s = sig.MAD_TO_SIGMA * float(np.median(np.abs(np.diff(y)))) / math.sqrt(2.0)
    else:
        s = 0.0
    if not np.isfinite(s):
        s = 0.0
    return max(s, floor)


@shared
def _level_medians(v: np.ndarray, is_log: bool, w: int) -> np.ndarray:
    """Trailing rolling medians (``w`` points, edges use what exists) of ``v`` (its logs when ``is_log``) followed by
    ``(w - 1) // 2`` NaNs: the first ``len(v)`` are the trailing level, the rest from ``(w - 1) // 2`` on the centred
    one (pandas skips NaN, so each is the number its own ``rolling(..., center=...)`` gives). One pass for both: the
    rules that read the training loss's level trailing and centred at the same window (train-val-gap, grokking)
    share it."""
    y = np.log(v) if is_log else v
    off = (w - 1) // 2
    if off:
        y = np.concatenate([y, np.full(off, np.nan)])
    return sig.rolling_median_values(y, w, 1, center=False)


class Level:
    """Smoothed level of a dense curve (in working space: log when ``is_log``), queried at arbitrary steps.

    ``values`` are RAW values; the curve is thinned to bin means first, so a 1M-point series costs one
    vectorised pass, then smoothed by a rolling median over ``frac`` of the bins (centred, or trailing
    with ``center=False`` so that the level at a step uses no later points).
    """

    def __init__(self, steps: np.ndarray, values: np.ndarray, is_log: bool = False, frac: float = 0.05,
                 center: bool = True):
        self.ok = len(steps) > 0
        if not self.ok:
            self.x = self.y = np.empty(0)
            return
        x, v = thin(np.asarray(steps), np.asarray(values, dtype=np.float64), LEVEL_POINTS)
        w = sig.window(len(v), frac, lo=1)
        if w % 2 == 0:
            w += 1
        if w > 1:
            y = _level_medians(v, is_log, w)
            y = y[(w - 1) // 2:] if center else y[: len(v)]
        else:
            y = np.log(v) if is_log else v
        self.x = np.asarray(x, dtype=np.float64)
        self.y = np.asarray(y, dtype=np.float64)

    def at(self, steps) -> np.ndarray:
        q = np.asarray(steps, dtype=np.float64)
        if not self.ok:
            return np.full(q.shape, np.nan)
        if len(self.x) == 1:
            return np.full(q.shape, self.y[0])
        return np.interp(q, self.x, self.y)


def lin_change(a_work: float, b_work: float, is_log: bool) -> float:
    """Relative change from a to b in the raw scale, given working-space values."""
    if is_log:
        d = b_work - a_work
        return float(math.expm1(min(d, 700.0)))
    return sig.relative_change(a_work, b_work)


def raw(work: float, is_log: bool) -> float:
    if is_log:
        return float(math.exp(min(work, 700.0)))
    return float(work)


_EVAL_WORD = re.compile(r"(^|[/_ \-.])(val|valid|validation|eval|evaluation|test|dev)([/_ \-.0-9]|$)")


def sibling_eval_loss_tags(run, val_tag: str, min_points: int) -> list[str]:
    """Other evaluation-loss tags of the run (several eval sets), excluding ``val_tag``.

    A tag qualifies when it names an eval split and a loss (``eval_g1_loss``, ``val/loss_ood``) and has
    at least ``min_points`` points. Runtime/throughput tags are excluded.
    """
    out = []
    counts = run.tag_counts()
    for tag, n in counts.items():
        if tag == val_tag or n < min_points:
            continue
        t = tag.strip().lower()
        if "loss" not in t or not _EVAL_WORD.search(t):
            continue
        if any(k in t for k in ("runtime", "per_second", "samples", "steps_per", "time")):
            continue
        out.append(tag)
    return sorted(out)


def loss_stem(tag: str) -> str:
    """The words that say which loss a tag is, split words dropped: 'val/box_loss' and 'train/box_loss' -> 'box loss'."""
    from curvedoc.model.roles import tag_stem as _stem

    return _stem(tag)


def is_train_loss_tag(tag: str) -> bool:
    from curvedoc.model.roles import infer_role

    r = infer_role(tag)
    return r is not None and r[0] == "train_loss"


def component_name(tag: str) -> str:
    """'val/obj_loss' -> 'obj', 'loss_rpn_cls' -> 'rpn cls': the words that say which part of the loss a tag is."""
    from curvedoc.model.roles import tag_stem as _stem

    words = [w for w in _stem(tag).split() if w not in ("loss", "losses")]
    return " ".join(words) or tag


def component_pairs(run, val_tag: str, train_tag: str, min_points: int) -> list[tuple[str, str]]:
    """(validation tag, training tag) pairs of the same loss component other than the role pair: the
    validation-side loss tags of the run whose component words (split and 'loss' dropped) match those of a
    training-side loss tag (``val/obj_loss`` with ``train/obj_loss``, ``val_loss_cls`` with ``loss_cls``)."""
    from curvedoc.model.roles import infer_role, tag_stem as _stem

    counts = run.tag_counts()
    train_by_stem: dict[str, str] = {}
    for tag, n in counts.items():
        r = infer_role(tag)
        if tag != train_tag and n >= 3 and r is not None and r[0] == "train_loss":
            train_by_stem.setdefault(_stem(tag), tag)
    out = []
    for tag in sibling_eval_loss_tags(run, val_tag, min_points):
        r = infer_role(tag)
        if r is None or r[0] != "val_loss":
            continue
        t = train_by_stem.get(_stem(tag))
        if t is not None:
            out.append((tag, t))
    return out


def on_train_clock(run, steps: np.ndarray, train_steps: np.ndarray) -> np.ndarray:
    """Evaluation steps read on the training loss's clock. A log that counts training iterations but evaluates
    once per epoch (MMCV / MMDetection text logs: ``Epoch(val) [12]``) numbers its evaluations by epoch; when an
    epoch counter is logged on the training clock, the evaluation steps all fit within its range and the
    training steps run far past them (5x), evaluation ``e`` is read at the last training step of epoch ``e``.
    Otherwise the steps are returned as they are (evaluations already on the training clock)."""
    steps = np.asarray(steps)
    if len(steps) == 0 or len(train_steps) == 0 or not run.has("epoch"):
        return steps
    e = run.series("epoch")
    es, ev = e.index.to_numpy(), e.to_numpy(dtype=np.float64)
    ok = np.isfinite(ev)
    es, ev = es[ok], ev[ok]
    if len(ev) < 2 or float(ev.max()) < 2 or float(steps.max()) > float(ev.max()) + 1:
        return steps
    if float(train_steps[-1]) < 5 * max(1.0, float(steps.max())) or float(es[-1]) < 0.5 * float(train_steps[-1]):
        return steps
    run_max = np.maximum.accumulate(ev)  # a restart's epoch reset does not move the clock back
    i = np.searchsorted(run_max, steps.astype(np.float64), side="right") - 1
    return es[np.clip(i, 0, len(es) - 1)]
