"""Compiled rolling median, used by :func:`curvedoc.detectors._signal.rolling_median_values` when numba is installed
(``pip install 'curvedoc[fast]'``) and an audit has readied it (``_signal.prepare_compiled``).

pandas' ``Series.rolling(w).median()`` stays the reference and the fallback. This kernel gives the same numbers:
the window holds the last ``w`` positions, NaN (and +-inf, which pandas turns into NaN first) are not observations,
a window with fewer than ``min_periods`` observations is NaN, and an even count takes ``(a + b) / 2`` of the two
middle values, as pandas' skiplist does (a window holding both -0.0 and +0.0 may
return either: they compare equal). Two ways to keep the window, chosen by its length (measured on the detectors'
series, a few thousand bins): up to ``RANKED_FROM`` points a sorted array (binary search, then a shift: O(w) per
point, but no setup), beyond it the ranks of all values in a Fenwick tree of counts (one sort of the series, then
O(log n) per point whatever the window; the shift costs most when the values are skewed, e.g. absolute residuals
with many near zero). Both are several times faster than pandas; tests/detectors/test_rolling_median.py compares each with it.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _position(buf, cnt, v):
    """First index of ``buf[:cnt]`` (sorted) whose value is >= ``v``."""
    lo, hi = 0, cnt
    while lo < hi:
        mid = (lo + hi) >> 1
        if buf[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(cache=True, nogil=True)
def _insert(buf, cnt, v):
    """Put ``v`` into the sorted ``buf[:cnt]`` (which has room for one more)."""
    at = _position(buf, cnt, v)
    j = cnt
    while j > at:
        buf[j] = buf[j - 1]
        j -= 1
    buf[at] = v


@njit(cache=True, nogil=True)
def _remove(buf, cnt, v):
    """Take one copy of ``v`` out of the sorted ``buf[:cnt]``."""
    at = _position(buf, cnt, v)
    for j in range(at, cnt - 1):
        buf[j] = buf[j + 1]


@njit(cache=True, nogil=True)
def _replace(buf, cnt, u, v):
    """Take one copy of ``u`` out of the sorted ``buf[:cnt]`` and put ``v`` in, in one shift: only the values between
    the two positions move (a sliding window's next value is usually near the one leaving it in rank; a separate
    removal and insertion would each move everything to one side)."""
    a = _position(buf, cnt, u)  # a copy of u
    b = _position(buf, cnt, v)  # where v goes, u still in
    if b > a:  # v goes right of u: the values between move one place left
        b -= 1
        for j in range(a, b):
            buf[j] = buf[j + 1]
    else:
        for j in range(a, b, -1):
            buf[j] = buf[j - 1]
    buf[b] = v


RANKED_FROM = 96  # window length from which the rank tree beats the sorted array (crossover measured at 60-100)


@njit(cache=True, nogil=True)
def trailing_median(x, w, min_periods, out):
    """``out[i]`` = median of the non-NaN values among ``x[i-w+1 .. i]`` (NaN below ``min_periods`` of them)."""
    if w >= RANKED_FROM:
        ranked_median(x, w, min_periods, out)
    else:
        sorted_median(x, w, min_periods, out)


@njit(cache=True, nogil=True)
def sorted_median(x, w, min_periods, out):
    """:func:`trailing_median` keeping the window's values in a sorted array."""
    buf = np.empty(max(w, 1), dtype=np.float64)
    cnt = 0
    for i in range(len(x)):
        v = x[i]
        u = x[i - w] if i >= w else np.nan  # the value leaving the window
        if v == v and u == u:
            _replace(buf, cnt, u, v)
        else:
            if v == v:  # not NaN: insert in order
                _insert(buf, cnt, v)
                cnt += 1
            if u == u:
                _remove(buf, cnt, u)
                cnt -= 1
        if cnt > 0 and cnt >= min_periods:
            h = cnt >> 1
            out[i] = buf[h] if cnt & 1 else (buf[h] + buf[h - 1]) / 2
        else:
            out[i] = np.nan


@njit(cache=True, nogil=True)
def _kth(tree, top, m, k):
    """0-based rank of the k-th smallest value (1-based k) counted in the Fenwick tree ``tree[1..m]``."""
    pos = 0
    step = top
    while step:
        q = pos + step
        if q <= m and tree[q] < k:
            pos = q
            k -= tree[q]
        step >>= 1
    return pos


@njit(cache=True, nogil=True)
def _count(tree, m, r, d):
    while r <= m:
        tree[r] += d
        r += r & (-r)


@njit(cache=True, nogil=True)
def ranked_median(x, w, min_periods, out):
    """:func:`trailing_median` counting the window's values by rank: every non-NaN value of the series gets its rank
    in one stable sort, the window is a Fenwick tree of counts over the ranks, and a median is the value at the
    k-th counted rank."""
    n = len(x)
    m = 0
    for i in range(n):
        if x[i] == x[i]:
            m += 1
    where = np.empty(m, dtype=np.int64)
    vals = np.empty(m, dtype=np.float64)
    j = 0
    for i in range(n):
        if x[i] == x[i]:
            where[j] = i
            vals[j] = x[i]
            j += 1
    order = np.argsort(vals, kind="mergesort")
    ranked = vals[order]
    rank = np.zeros(n, dtype=np.int64)  # 1-based rank of x[i]; 0 for NaN
    for r in range(m):
        rank[where[order[r]]] = r + 1
    tree = np.zeros(m + 1, dtype=np.int64)
    top = 1
    while top * 2 <= m:
        top *= 2
    cnt = 0
    for i in range(n):
        if rank[i]:
            _count(tree, m, rank[i], 1)
            cnt += 1
        if i >= w and rank[i - w]:
            _count(tree, m, rank[i - w], -1)
            cnt -= 1
        if cnt > 0 and cnt >= min_periods:
            h = cnt >> 1
            hi = ranked[_kth(tree, top, m, h + 1)]
            out[i] = hi if cnt & 1 else (hi + ranked[_kth(tree, top, m, h)]) / 2
        else:
            out[i] = np.nan


@njit(cache=True, nogil=True)
def median_around(x, h, out):
    """``out[i]`` for ``h <= i < len(x) - h``: the median of the ``2h`` points around ``x[i]``, ``x[i]`` left out
    (the mean of the middle two, as ``np.median`` takes it). ``x`` holds no NaN. A sorted window of ``2h + 1``
    points slides along; the point itself is skipped by index when the middle two are read."""
    n = len(x)
    w = 2 * h + 1
    if n < w:
        return
    buf = np.empty(w, dtype=np.float64)
    for j in range(w):
        buf[j] = x[j]
    buf.sort()
    for i in range(h, n - h):
        if i > h:  # slide: x[i - h - 1] leaves, x[i + h] enters
            _replace(buf, w, x[i - h - 1], x[i + h])
        p = _position(buf, w, x[i])  # a copy of x[i]; any copy leaves the same multiset
        a = h - 1 if h - 1 < p else h
        b = h if h < p else h + 1
        out[i] = (buf[a] + buf[b]) / 2


def warm() -> None:
    """Compile (or load from numba's cache) the kernel and check it on a small case with a known answer."""
    x = np.array([3.0, np.nan, 1.0, 2.0, 10.0], dtype=np.float64)
    out = np.empty(5, dtype=np.float64)
    for kernel in (sorted_median, ranked_median):
        kernel(x, 3, 1, out)
        if not np.array_equal(out, np.array([3.0, 3.0, 2.0, 1.5, 2.0]), equal_nan=True):
            raise RuntimeError("the compiled rolling median failed its self-check")
    trailing_median(x, 3, 1, out)
    y = np.array([5.0, 1.0, 9.0, 2.0, 7.0], dtype=np.float64)
    median_around(y, 1, out)
    if out[1] != 7.0 or out[2] != 1.5 or out[3] != 8.0:
        raise RuntimeError("the compiled rolling median failed its self-check")
