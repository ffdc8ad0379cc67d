"""Shared numerics for detectors: robust, scale-invariant, vectorised.

Losses differ by orders of magnitude between tasks, steps are irregular and validation points
sparse, so detectors work on:

* finite values only (non-finite points are counted separately),
* log space for positive quantities (losses, grad norms, LR),
* medians and MAD instead of means and standard deviations,
* windows defined as a FRACTION of the run (in points), never a fixed number of steps,
* at most ``MAX_POINTS`` points (bin medians) so a 1M-point run costs milliseconds.

Several rules ask the same questions of one run (a series downsampled, its finite log values, the loss kind): the
helpers marked :func:`shared` answer each once per run while the engine holds a :func:`run_evidence` for it.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import inspect
import math
import os
import warnings

import numpy as np
import pandas as pd

from curvedoc._fmt import fmt_num, fmt_pct, fmt_step  # noqa: F401 -- re-exported: the detectors call sig.fmt_num

MAX_POINTS = 4000
MAD_TO_SIGMA = 1.4826
MEDIAN_SE = 1.2533  # sqrt(pi / 2): the median of n normal values has a standard error of ~1.2533 sigma / sqrt(n)


class RunEvidence:
    """What the rules of one run's diagnosis computed through the :func:`shared` helpers, for the others to reuse.

    Held by :func:`run_evidence` for the length of one run's diagnosis, then dropped. Its answers are keyed on the
    objects asked about (an array by its memory, shape, strides and type; a series, a run by identity) and on the
    other arguments by type and value; it keeps a reference to each object a key names, so that no other object can
    take its memory or identity while the evidence lives. The detectors never write into a run's data or into what
    a helper returned: a shared answer's arrays are handed out as read-only views, so a rule that tried would fail
    loudly instead of changing another rule's evidence. At most ``max_bytes`` of arrays are kept (past that, answers are
    computed and not kept), so a run of millions of points stays bounded. ``CURVEDOC_EVIDENCE_CHECK=1`` recomputes
    every reused answer and raises when it differs (the tests run the corpus so)."""

    def __init__(self, max_bytes: int = 256 << 20) -> None:
        self.answers: dict[tuple, object] = {}
        self.named: list[object] = []  # what the keys name, kept alive with the evidence
        self.max_bytes = max_bytes
        self.bytes = 0
        self.reused = 0
        self.computed = 0
        self.check = os.environ.get("CURVEDOC_EVIDENCE_CHECK", "").strip() not in ("", "0")
        self.rolling = _rolling_mode_from_env()  # read once a run, not on each of its ~11 rolling medians
        self.masks: dict[int, tuple[pd.Series, np.ndarray | None]] = {}  # finite_mask's answers, by series


_EVIDENCE: contextvars.ContextVar[RunEvidence | None] = contextvars.ContextVar("curvedoc_run_evidence", default=None)


@contextlib.contextmanager
def run_evidence():
    """Share the :func:`shared` helpers' answers among the rules while one run is diagnosed (a context variable:
    each thread of a pool or a Dask worker has its own, a process its own). Yields the :class:`RunEvidence`."""
    evidence = RunEvidence()
    token = _EVIDENCE.set(evidence)
    try:
        yield evidence
    finally:
        _EVIDENCE.reset(token)


_SCALARS = (int, float, bool, str, bytes, type(None), np.integer, np.floating, np.bool_)
_MISSING = object()


_EXACT_SCALARS = frozenset((int, float, bool, str, bytes, type(None), np.float64, np.int64, np.bool_))


def _part(x, named: list) -> object:
    """One argument as part of a key (None: it cannot be one, so the call is not shared)."""
    t = type(x)
    if t in _EXACT_SCALARS:  # the usual arguments, by one set lookup instead of isinstance over ten types
        return (t, x)
    if t is np.ndarray:
        named.append(x)
        return ("array", x.__array_interface__["data"][0], x.shape, x.strides, x.dtype.str)
    if isinstance(x, _SCALARS):
        return (type(x), x)
    if isinstance(x, np.ndarray):
        named.append(x)
        return ("array", x.__array_interface__["data"][0], x.shape, x.strides, x.dtype.str)
    if isinstance(x, (pd.Series, pd.Index)) or hasattr(x, "memo"):  # a series, an index, a run or its view
        named.append(x)
        return ("object", id(x))
    return None


def _read_only(value):
    """``value`` with every array in it (itself, or the items of a tuple) replaced by a read-only view of it: the
    flag is the view's own, so no array anyone else holds changes. Also the bytes those arrays span."""
    if isinstance(value, np.ndarray):
        view = value.view()
        view.flags.writeable = False
        return view, value.nbytes
    if isinstance(value, tuple):
        items = [_read_only(v) for v in value]
        return tuple(v for v, _ in items), sum(n for _, n in items)
    if isinstance(value, pd.Series):
        return value, 16 * len(value)  # its values and steps
    return value, 0


def _same(a, b) -> bool:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, pd.Series) and isinstance(b, pd.Series):
        return (a.index.equals(b.index) and a.name == b.name and a.dtype == b.dtype
                and np.array_equal(a.to_numpy(), b.to_numpy(), equal_nan=a.dtype.kind == "f"))
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b


def shared(func):
    """Mark a pure helper (same arguments, same answer; it writes into none of them) as evidence the rules share:
    while a :func:`run_evidence` is held, a call with the arguments of an earlier one returns that call's answer
    (a dict, list or set as a fresh shallow copy); otherwise it is an ordinary call. Arguments that cannot be keyed
    (anything but numbers, strings, arrays, series and runs) make an ordinary call too."""
    code = func.__code__
    if code.co_kwonlyargcount or code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        raise TypeError(f"shared() needs named positional parameters only ({func.__qualname__})")
    names = code.co_varnames[: code.co_argcount]
    defaults = dict(zip(names[len(names) - len(func.__defaults__ or ()):], func.__defaults__ or ()))

    @functools.wraps(func)
    def answer(*args, **kwargs):
        evidence = _EVIDENCE.get()
        if evidence is None:
            return func(*args, **kwargs)
        values = args
        if kwargs or len(args) < len(names):
            values = args + tuple(kwargs.get(n, defaults.get(n, _MISSING)) for n in names[len(args):])
        named: list = []
        key = (answer, *[_part(v, named) for v in values])
        if None in key:
            return func(*args, **kwargs)
        got = evidence.answers.get(key, _MISSING)
        if got is _MISSING:
            got, size = _read_only(func(*args, **kwargs))
            evidence.computed += 1
            if evidence.bytes + size <= evidence.max_bytes:
                evidence.answers[key] = got
                evidence.named.extend(named)
                evidence.bytes += size
        else:
            evidence.reused += 1
            if evidence.check and not _same(got, func(*args, **kwargs)):
                raise AssertionError(f"{func.__qualname__}: a shared answer differs from the one computed again")
        return type(got)(got) if isinstance(got, (dict, list, set)) else got

    answer.unshared = func
    return answer


def arrays(s: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(steps, values) as numpy arrays."""
    return s.index.to_numpy(dtype=np.int64), s.to_numpy(dtype=np.float64)


def finite_mask(s: pd.Series) -> np.ndarray | None:
    """Which points of ``s`` are finite; None when all are (the usual case). While a run is diagnosed the answer
    is kept per series (the series itself held with it, so its identity stays its own): the rules ask it of the
    same few series ~30 times a run, ~5-10 us each on 10,000 points. The mask handed out is read-only."""
    evidence = _EVIDENCE.get()
    if evidence is not None:
        got = evidence.masks.get(id(s))
        if got is not None and got[0] is s:
            if evidence.check:
                again = np.isfinite(s.to_numpy(dtype=np.float64))
                if not (np.array_equal(again, got[1]) if got[1] is not None else again.all()):
                    raise AssertionError("finite_mask: a kept answer differs from the one computed again")
            return got[1]
    m = np.isfinite(s.to_numpy(dtype=np.float64))
    if m.all():
        m = None
    else:
        m.flags.writeable = False
    if evidence is not None:
        evidence.masks[id(s)] = (s, m)
    return m


def finite(s: pd.Series) -> pd.Series:
    """Only the finite points."""
    m = finite_mask(s)
    return s if m is None else s[m]


def first_nonfinite_step(s: pd.Series) -> int | None:
    v = s.to_numpy(dtype=np.float64)
    bad = ~np.isfinite(v)
    if not bad.any():
        return None
    return int(s.index[np.argmax(bad)])


def all_positive(s: pd.Series) -> bool:
    v = s.to_numpy(dtype=np.float64)
    v = v[np.isfinite(v)]
    return len(v) > 0 and bool((v > 0).all())


def to_log(s: pd.Series, floor: float | None = None) -> pd.Series:
    """log of a positive series (values <= 0 clipped to ``floor`` or to 1e-3 of the smallest positive value)."""
    v = s.to_numpy(dtype=np.float64)
    pos = v[np.isfinite(v) & (v > 0)]
    if floor is None:
        floor = float(pos.min()) * 1e-3 if len(pos) else 1e-12
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.log(np.maximum(v, floor))
    return pd.Series(out, index=s.index, name=s.name)


def median(x: np.ndarray) -> float:
    """``np.median`` of a 1-D array, the same number (NaN when any value is NaN, the mean of the middle two for an
    even count), without its generic-axis machinery: detectors take a few hundred small medians per run, where
    that overhead is most of the cost.

    One order statistic is selected (``partition`` with a single index: numpy's vectorised selection where the
    processor has one, 5-8x faster on a 10,000-point series than the several-index introselect np.median runs), the
    one below it for an even count is the maximum of the lower part. Their values are those of any selection; only
    the sign of a zero middle value could depend on which of +0.0 and -0.0 lands there, so an odd count's zero median
    is taken from the introselect this function always used."""
    a = np.asarray(x, dtype=np.float64).ravel()
    n = a.size
    if n == 0 or np.isnan(a).any():
        return float("nan")
    h = n // 2
    part = a.copy()
    part.partition(h)
    if n % 2:
        m = float(part[h])
        if m == 0.0:
            part = a.copy()
            part.partition((h, n - 1))
            m = float(part[h])
        return m
    # np.mean of the middle two: their sum (numpy adds onto +0.0, so a zero sum is +0.0, never -0.0), halved -- a
    # sum that no zero's sign changes
    s = float(part[:h].max()) + float(part[h])
    return (s if s != 0.0 else 0.0) / 2


def np_median(x: np.ndarray) -> float:
    """``float(np.median(x))`` of a 1-D float64 array, to the bit: :func:`median`, whose middle value of an odd count
    keeps its sign of zero where numpy's mean of it (added onto +0.0) gives +0.0."""
    m = median(x)
    return m + 0.0 if np.size(x) % 2 else m


def mad(x: np.ndarray) -> float:
    """Median absolute deviation scaled to a Gaussian sigma (robust std)."""
    x = np.asarray(x, dtype=np.float64)
    x = x[np.isfinite(x)]  # a new array, finite: its medians are selected in place (no copy, no NaN scan)
    if len(x) == 0:
        return float("nan")
    # (the sign of a zero centre changes no deviation: |x - (+0.0)| and |x - (-0.0)| are the same numbers)
    return float(MAD_TO_SIGMA * _median_in_place(np.abs(x - _median_in_place(x))))


def _median_in_place(a: np.ndarray) -> float:
    """:func:`median` of a 1-D float64 array without NaN that the caller owns and lets be reordered, to the sign of a
    zero (which :func:`median` takes from the introselect; the caller does not depend on it)."""
    n = len(a)
    h = n // 2
    a.partition(h)
    if n % 2:
        return float(a[h])
    s = float(a[:h].max()) + float(a[h])
    return (s if s != 0.0 else 0.0) / 2


def fifth_medians(x: np.ndarray) -> tuple[float, float]:
    """Medians of the first and the last fifth of ``x`` (one point each below ten): where a series starts and where
    it ends, robust to one point's noise."""
    k = max(1, len(x) // 5)
    return median(x[:k]), median(x[-k:])


def median_se(sigma: float, *counts: float) -> float:
    """Standard error of a median of ``n`` points of noise ``sigma`` (one count), or of a difference of medians of
    ``n1``, ``n2``... points (several counts): sqrt(pi/2) sigma sqrt(1/n1 + 1/n2 + ...)."""
    return MEDIAN_SE * sigma * math.sqrt(sum(1.0 / c for c in counts))


def robust_z(x: np.ndarray, center: np.ndarray | float, scale: float | np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return (np.asarray(x, dtype=np.float64) - center) / scale


def sliding_extreme(a: np.ndarray, w: int, op=np.minimum) -> np.ndarray:
    """``op`` (np.minimum or np.maximum) over every window of ``w`` consecutive values, ``out[i]`` for ``a[i:i + w]``
    (``len(a) - w + 1`` of them), by doubling spans: log2(w) vectorised passes instead of a rolling window. Exact (a
    minimum or maximum involves no rounding)."""
    m = np.asarray(a)
    span = 1
    while 2 * span <= w:  # m[i] = op of the 2 * span values from i on
        m = op(m[:-span], m[span:])
        span *= 2
    count = len(a) - w + 1
    return op(m[:count], m[w - span: w - span + count])


def row_medians(blocks: np.ndarray) -> np.ndarray:
    """``np.median(blocks, axis=1)``, the same numbers. Bins of 1-5 points (a 10,000-point series in 2,000-4,000
    bins) take exact min/max networks: the median of an odd count is one of the values, of an even count the mean
    of the middle two, ``(lo + hi) / 2`` as numpy takes it; NaN propagates as in np.median. Several times faster
    than numpy's partition for these short rows. Wider float64 rows without NaN are sorted (numpy's vectorised sort:
    3-8x faster than its partition of each row) and the middle value, or the mean of the middle two, read off; a row
    whose median is zero, whose sign could depend on the order the two took, sends the whole call to numpy."""
    k = blocks.shape[1]
    if blocks.shape[0] == 0:
        return np.median(blocks, axis=1)
    if k > 5:
        if blocks.dtype != np.float64 or np.isnan(blocks).any():
            return np.median(blocks, axis=1)
        srt = np.sort(blocks, axis=1)
        h = k // 2
        med = srt[:, h] if k % 2 else (srt[:, h - 1] + srt[:, h]) / 2
        return np.median(blocks, axis=1) if (med == 0).any() else med
    c = [blocks[:, j] for j in range(k)]
    mn, mx = np.minimum, np.maximum
    if k == 1:
        return c[0].astype(np.float64, copy=True)
    if k == 2:
        return (c[0] + c[1]) / 2
    if k == 4:
        return (mx(mn(c[0], c[1]), mn(c[2], c[3])) + mn(mx(c[0], c[1]), mx(c[2], c[3]))) / 2
    if k == 5:  # the median of 5 is the median of the fifth value and the middle two of the first four's pairs
        lo, hi = mx(mn(c[0], c[1]), mn(c[2], c[3])), mn(mx(c[0], c[1]), mx(c[2], c[3]))
        c = [lo, hi, c[4]]
    return mx(mn(c[0], c[1]), mn(mx(c[0], c[1]), c[2]))


def _row_nanmax(blocks: np.ndarray) -> np.ndarray:
    """``np.nanmax(blocks, axis=1)`` (NaN only for a row of NaN): for a few columns, one ``fmax`` per column instead
    of numpy's reduction along each short row, ~10x faster on 4,000 bins of 3. A zero maximum, whose sign could
    depend on the order the two take, is left to numpy."""
    k = blocks.shape[1]
    if k > 8 or blocks.shape[0] == 0:
        return np.nanmax(blocks, axis=1)
    agg = blocks[:, 0].copy()
    for j in range(1, k):
        np.fmax(agg, blocks[:, j], out=agg)
    return np.nanmax(blocks, axis=1) if (agg == 0).any() else agg


@shared
def downsample(s: pd.Series, max_points: int = MAX_POINTS, how: str = "median") -> pd.Series:
    """Reduce a long series to at most ``max_points`` bins (median of each bin, indexed by the bin's last step).

    Spikes survive as bin maxima only with ``how="max"``; use the full series for spike detection.
    """
    n = len(s)
    if n <= max_points:
        return s
    k = int(math.ceil(n / max_points))
    m = n // k * k
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    blocks = v[:m].reshape(-1, k)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        if how == "median":
            agg = np.nanmedian(blocks, axis=1) if np.isnan(blocks).any() else row_medians(blocks)
        elif how == "max":
            agg = _row_nanmax(blocks)
        elif how == "min":
            agg = np.nanmin(blocks, axis=1)
        else:
            agg = np.nanmean(blocks, axis=1)
    idx = steps[k - 1 : m : k]
    if m < n:
        tail = v[m:]
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            agg = np.append(agg, np.nanmedian(tail))
        idx = np.append(idx, steps[-1])
    return pd.Series(agg, index=pd.Index(idx, name="step"), name=s.name)


def window(n: int, frac: float, lo: int = 3, hi: int | None = None) -> int:
    """A window length in points: ``frac`` of the run, at least ``lo`` (odd numbers are nicer for medians)."""
    w = max(lo, int(round(n * frac)))
    if hi is not None:
        w = min(w, hi)
    return max(1, min(w, n))


def rolling_median(s: pd.Series, w: int, center: bool = True) -> pd.Series:
    """Rolling median of a series over ``w`` points (edges use what exists), same index."""
    return pd.Series(rolling_median_values(s.to_numpy(dtype=np.float64), w, 1, center), index=s.index, name=s.name)


_ROLLING: dict[str, object] = {}  # "kernel": the compiled module once prepare_compiled() has readied it;
# "pandas": pandas' own rolling-median routine once _pandas_median() has checked it (None: the public call)


def _rolling_mode_from_env() -> str:
    return os.environ.get("CURVEDOC_ROLLING", "auto").strip().lower()


def _rolling_mode() -> str:
    """``CURVEDOC_ROLLING`` as read when the run being diagnosed began (else now)."""
    evidence = _EVIDENCE.get()
    return _rolling_mode_from_env() if evidence is None else evidence.rolling


def prepare_compiled() -> bool:
    """Ready the compiled rolling median (numba, ``curvedoc[fast]``) in this process: compiled on a fresh install,
    else loaded from numba's cache. An audit calls it once before its workers start (a fork inherits it): importing
    numba and loading the code takes ~0.3 s, which a single run does not win back (its rolling medians cost a few
    milliseconds), while a sweep of hundreds of runs saves several milliseconds on every one. False without numba,
    or with ``CURVEDOC_ROLLING=pandas``."""
    if _rolling_mode() == "pandas":
        return False
    if "kernel" not in _ROLLING:
        try:
            from curvedoc.detectors import _rolling_jit

            _rolling_jit.warm()
        except Exception:
            return False
        _ROLLING["kernel"] = _rolling_jit
    return True


def compiled_kernels():
    """The compiled rolling-median kernels (:mod:`curvedoc.detectors._rolling_jit`) when :func:`prepare_compiled` has
    readied them in this process or ``CURVEDOC_ROLLING=compiled`` asks for them; None means: use numpy/pandas."""
    mode = _rolling_mode()
    if mode == "pandas" or (mode != "compiled" and "kernel" not in _ROLLING):
        return None
    if "kernel" not in _ROLLING and not prepare_compiled():
        raise ImportError("CURVEDOC_ROLLING=compiled needs numba (pip install 'curvedoc[fast]')")
    return _ROLLING["kernel"]


def _pandas_rolling_median(x: np.ndarray, w: int, mp: int, center: bool) -> np.ndarray:
    """What ``pd.Series(x).rolling(w, min_periods=mp, center=center).median()`` computes, without the Series, the
    Rolling object and its validation around it (~50 us a call, more than the median of a few hundred points): the
    window bounds of pandas' FixedWindowIndexer, +-inf as NaN, then pandas' own routine. For a 1-D float64 ``x`` with
    at least one value and 0 <= mp <= w (what pandas accepts)."""
    off = (w - 1) // 2 if center else 0
    n = len(x)
    end = np.arange(1 + off, n + 1 + off, dtype=np.int64)
    start = np.clip(end - w, 0, n)
    np.clip(end, 0, n, out=end)
    inf = np.isinf(x)
    if inf.any():
        x = np.where(inf, np.nan, x)
    return np.asarray(_ROLLING["pandas"](x, start, end, mp), dtype=np.float64)


def _pandas_median():
    """:func:`_pandas_rolling_median` where this pandas has the routine it calls and it gives pandas' numbers on a
    check series (NaN, +-inf, ties, windows centred and trailing, longer than the series, none to all min_periods); else
    None: the public call is used. Decided once per process."""
    if "pandas" not in _ROLLING:
        ok = False
        try:
            from pandas._libs.window.aggregations import roll_median_c

            _ROLLING["pandas"] = roll_median_c
            x = np.array([3.0, np.nan, 1.0, np.inf, 2.0, 2.0, -np.inf, 7.0, 0.5, np.nan, np.nan, 4.0, -1.0])
            ok = all(np.array_equal(_pandas_rolling_median(x[:n], w, mp, c),
                                    pd.Series(x[:n]).rolling(w, min_periods=mp, center=c).median().to_numpy(),
                                    equal_nan=True)
                     for n in (13,) for w in (1, 4, 16) for mp in {0, w // 2, w} for c in (False, True))
        except Exception:  # moved or changed in another pandas: the public call it is
            ok = False
        _ROLLING["pandas"] = _ROLLING["pandas"] if ok else None
    return _pandas_rolling_median if _ROLLING["pandas"] is not None else None


def rolling_median_values(y, w: int, min_periods: int | None = None, center: bool = False) -> np.ndarray:
    """``pd.Series(y).rolling(w, min_periods=min_periods, center=center).median().to_numpy()``: the same numbers.

    NaN and +-inf are not observations (pandas turns inf into NaN); a window with fewer than ``min_periods``
    observations (default ``w``) is NaN; ``center=True`` reads the window ``[i - w//2, i + (w-1)//2]``. Computed by
    the compiled kernel when :func:`prepare_compiled` has readied it (or ``CURVEDOC_ROLLING=compiled``), else by
    pandas; tests/detectors/test_rolling_median.py checks that both agree."""
    x = np.asarray(y, dtype=np.float64)
    w = int(w)
    mp = w if min_periods is None else int(min_periods)
    kernel = compiled_kernels()
    if kernel is None or w < 1:
        direct = _pandas_median() if 0 <= mp <= w and x.ndim == 1 and len(x) else None
        if direct is not None:
            return direct(x, w, mp, center)
        return pd.Series(x).rolling(w, min_periods=mp, center=center).median().to_numpy(dtype=np.float64)
    x = np.where(np.isinf(x), np.nan, x)
    off = (w - 1) // 2 if center else 0
    if off:
        x = np.concatenate([x, np.full(off, np.nan)])
    out = np.empty(len(x), dtype=np.float64)
    kernel.trailing_median(x, w, mp, out)
    return out[off:]


def window_medians(y: np.ndarray, w: int, min_periods: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three rolling medians of ``w`` points from ONE pass: of the window just before each point, of the window just
    after it (each NaN with fewer than ``min_periods`` points), and centred on it (pandas' ``center=True``, edges
    use what exists). All three are trailing windows of the series padded with ``w`` NaNs on each side, read at
    different offsets; pandas skips NaN, so each number equals its separate ``rolling(...).median()``."""
    n = len(y)
    pad = np.concatenate([np.full(w, np.nan), np.asarray(y, dtype=np.float64), np.full(w, np.nan)])
    med = rolling_median_values(pad, w, 1)
    fin = np.concatenate([[0], np.cumsum(np.isfinite(pad))])
    count = np.zeros(len(pad), dtype=np.int64)
    count[w - 1:] = fin[w:] - fin[:-w]  # finite points in the window ending at each position
    at = np.arange(n) + w  # where y[i] sits in pad
    before, after, centred = at - 1, at + w, at + (w - 1) // 2
    return (np.where(count[before] >= min_periods, med[before], np.nan),
            np.where(count[after] >= min_periods, med[after], np.nan),
            np.where(count[centred] >= 1, med[centred], np.nan))


def running_min(s: pd.Series) -> pd.Series:
    return s.cummin()


def smooth(s: pd.Series, frac: float = 0.05, lo: int = 3) -> pd.Series:
    """Rolling median over ``frac`` of the run (centered)."""
    return rolling_median(s, window(len(s), frac, lo), center=True)


def segment_stats(s: pd.Series, start_frac: float, end_frac: float) -> pd.Series:
    """The points between two fractions of the run (by position)."""
    n = len(s)
    return s.iloc[int(n * start_frac) : max(int(n * start_frac) + 1, int(math.ceil(n * end_frac)))]


def head_value(s: pd.Series, frac: float = 0.02, lo: int = 1, hi: int = 20) -> float:
    """Robust value at the start of a run: median of the first few points."""
    n = len(s)
    k = window(n, frac, lo, hi)
    return float(np.median(s.to_numpy(dtype=np.float64)[:k]))


def tail_value(s: pd.Series, frac: float = 0.1, lo: int = 1, hi: int | None = None) -> float:
    """Robust value at the end of a run: median of the last ``frac`` of the points."""
    n = len(s)
    k = window(n, frac, lo, hi)
    return float(np.median(s.to_numpy(dtype=np.float64)[n - k :]))


def relative_change(a: float, b: float) -> float:
    """(b - a) / |a| with a safe denominator."""
    den = abs(a) if abs(a) > 1e-12 else 1e-12
    return (b - a) / den


def step_at_fraction(s: pd.Series, frac: float) -> int:
    """The step at a fraction of the run's step range (not of its points)."""
    steps = s.index.to_numpy()
    return int(steps[0] + frac * (steps[-1] - steps[0]))


def fraction_of_run(s: pd.Series, step: int) -> float:
    steps = s.index.to_numpy()
    span = steps[-1] - steps[0]
    return float((step - steps[0]) / span) if span > 0 else 0.0


def slope_log(s: pd.Series) -> float:
    """Least-squares slope of log(value) per unit fraction of the run (robust enough on smoothed input)."""
    s = finite(s)
    if len(s) < 3 or not all_positive(s):
        return float("nan")
    x = s.index.to_numpy(dtype=np.float64)
    x = (x - x[0]) / max(x[-1] - x[0], 1)
    y = np.log(s.to_numpy(dtype=np.float64))
    return float(np.polyfit(x, y, 1)[0])


def theil_sen(x: np.ndarray, y: np.ndarray, z: float = 2.576, max_points: int = 300) -> tuple[float, float, float]:
    """Robust slope of ``y`` against ``x`` (median of pairwise slopes) and its two-sided confidence interval at
    ``z`` (2.576: 99%) from Kendall's rank statistic, as scipy.stats.theilslopes computes it; at most
    ``max_points`` evenly spaced points are used (the pairs grow as n^2). NaN when fewer than 4 points."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    ok = np.isfinite(x) & np.isfinite(y)
    x, y = x[ok], y[ok]
    if len(x) > max_points:
        idx = np.unique(np.linspace(0, len(x) - 1, max_points).round().astype(int))
        x, y = x[idx], y[idx]
    n = len(x)
    if n < 4:
        return math.nan, math.nan, math.nan
    i, j = _pairs(n)
    dx = x[j] - x[i]
    keep = dx != 0
    slopes = (y[j] - y[i])[keep] / dx[keep]
    m = len(slopes)
    if m == 0:
        return math.nan, math.nan, math.nan
    sigma = math.sqrt(n * (n - 1) * (2 * n + 5) / 18.0)
    lo = int(np.clip(round((m - z * sigma) / 2.0) - 1, 0, m - 1))
    hi = int(np.clip(round((m + z * sigma) / 2.0), 0, m - 1))
    # four order statistics, not a sort of all n^2/2 slopes: the median (the middle one or two) and the bounds
    mid = sorted({(m - 1) // 2, m // 2})
    part = _order_statistics(slopes, sorted({lo, hi, *mid}))
    med = float(part[mid[0]]) if len(mid) == 1 else float(np.mean(part[mid]))
    return med, float(part[lo]), float(part[hi])


def _order_statistics(a: np.ndarray, kth: list[int]) -> np.ndarray:
    """``np.partition(a, kth)`` read at ``kth`` only (elsewhere the array is not partitioned): one single-index
    partition per order statistic, numpy's vectorised selection (several times faster on theil_sen's ~45,000 slopes
    than one several-index introselect). A zero among them, whose sign could depend on the algorithm, is read from
    the introselect."""
    out = np.empty(len(a))
    for k in kth:
        part = a.copy()
        part.partition(k)
        out[k] = part[k]
    if (out[kth] == 0).any() or np.isnan(out[kth]).any():
        return np.partition(a, kth)
    return out


def average_ranks(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ranks 1..n, tie group sizes) of ``x`` from one sort: ties share the mean of their positions, as pandas'
    ``rank()`` and scipy's ``rankdata`` give them; a NaN keeps a NaN rank and is left out of the others (pandas'
    ``na_option='keep'``) and of the groups."""
    x = np.asarray(x, dtype=np.float64)
    ranks = np.full(len(x), np.nan)
    ok = np.flatnonzero(~np.isnan(x))
    n = len(ok)
    order = ok[np.argsort(x[ok], kind="mergesort")]
    srt = x[order]
    first = np.flatnonzero(np.concatenate([[True], srt[1:] != srt[:-1]])) if n else np.zeros(0, dtype=np.int64)
    last = np.append(first[1:], n)  # each tie group is srt[first:last]
    counts = last - first
    ranks[order] = np.repeat((first + 1 + last) / 2.0, counts)
    return ranks, counts


def rank_sum_z(a: np.ndarray, b: np.ndarray) -> float:
    """Mann-Whitney rank-sum statistic of ``a`` against ``b`` as a z score (normal approximation with the tie
    correction, as scipy.stats.mannwhitneyu computes it without continuity correction): positive when ``a``
    tends to be larger than ``b``. A shift test that needs no scale: it holds for any noise distribution, and a
    few wild points cannot make it. NaN when either sample is empty."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    a, b = a[np.isfinite(a)], b[np.isfinite(b)]
    n1, n2 = len(a), len(b)
    if n1 == 0 or n2 == 0:
        return math.nan
    n = n1 + n2
    ranks, counts = average_ranks(np.concatenate([a, b]))
    u = float(ranks[:n1].sum()) - n1 * (n1 + 1) / 2.0
    ties = float(np.sum(counts.astype(np.float64) ** 3 - counts))
    var = n1 * n2 / 12.0 * ((n + 1) - ties / (n * (n - 1))) if n > 1 else 0.0
    if not var > 0:
        return 0.0
    return (u - n1 * n2 / 2.0) / math.sqrt(var)


@functools.lru_cache(maxsize=8)
def _pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i < j) of n points, reused: theil_sen is called with the same few sizes."""
    i, j = np.triu_indices(n, 1)
    i.flags.writeable = False
    j.flags.writeable = False
    return i, j


def chance_loss(k: int) -> float:
    """Cross-entropy of a uniform prediction over ``k`` classes: log(k) nats."""
    return math.log(k)


def infer_classes_from_loss(loss: float, k_max: int = 100000, tol: float = 0.05) -> int | None:
    """The K whose log(K) is within ``tol`` (relative) of ``loss``, if any (K >= 2)."""
    if not np.isfinite(loss) or loss <= 0.3:
        return None
    k = int(round(math.exp(loss)))
    best = None
    for cand in {max(2, k - 1), max(2, k), max(2, k + 1)}:
        if cand <= k_max and abs(math.log(cand) - loss) / math.log(cand) <= tol:
            if best is None or abs(math.log(cand) - loss) < abs(math.log(best) - loss):
                best = cand
    return best

