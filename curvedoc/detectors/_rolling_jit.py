"""Compiled rolling median, used by :func:`curvedoc.detectors._signal.rolling_median_values` when numba is installed
(``pip install 'curvedoc[fast]'``) and an audit has readied it (``_signal.prepare_compiled``).

pandas' ``Series.rolling(w).median()`` stays the reference and the fallback. This kernel gives the same numbers:
the window holds the last ``w`` positions, NaN (and +-inf, which pandas turns into NaN first) are not observations,
a window with fewer than ``min_periods`` observations is NaN, and an even count takes ``(a + b) / 2`` of the two
middle values, as pandas' skiplist does (a window holding both -0.0 and +0.0 may
return either: they compare equal). Three ways to keep the window, chosen by its length (measured on the detectors'
series, a few thousand bins): below ``TREE_FROM`` points a sorted array (a branch-free binary search for the leaving
value, then one shift toward where the entering one goes: O(w) per point, but no setup), beyond it the ranks of all
values in a Fenwick tree of counts (one sort of the series, then O(log n) per point whatever the window; the shift
costs most when the values are skewed, e.g. absolute residuals with many near zero). From ``RANKED_FROM`` on the
sorted array keeps equal values in the order they came in, as the tree does, so moving the crossover between the two
changed no number, not even the sign of a zero median. All are several times faster than pandas;
tests/detectors/test_rolling_median.py compares each with it and the sorted array with the tree bit for bit.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _position(buf, cnt, v):
    """First index of ``buf[:cnt]`` (sorted) whose value is >= ``v``. Branch-free: the halving takes the same steps
    whatever the values, so the processor never mispredicts it (a branching binary search on noise mispredicts about
    every other step, which was most of the cost of a small window)."""
    if cnt == 0:
        return 0
    base = 0
    n = cnt
    while n > 1:
        half = n >> 1
        base += half * (buf[base + half] < v)
        n -= half
    return base + (buf[base] < v)


@njit(cache=True, nogil=True)
def _replace(buf, cnt, u, v, late):
    """Take the first copy of ``u`` out of the sorted ``buf[:cnt]`` and put ``v`` in before its equals (after them
    when ``late``: the window's equal values then stay in the order they came in), in one pass: the values between
    the two places move one place toward the gap (a sliding window's next value is usually near the one leaving it in
    rank), the gap walking to where ``v`` goes -- no second search for that place."""
    a = _position(buf, cnt, u)
    if v > u or (late and v == u):
        while a + 1 < cnt and (buf[a + 1] < v or (late and buf[a + 1] == v)):
            buf[a] = buf[a + 1]
            a += 1
    else:
        while a > 0 and (buf[a - 1] > v or (not late and buf[a - 1] == v)):
            buf[a] = buf[a - 1]
            a -= 1
    buf[a] = v


@njit(cache=True, nogil=True)
def _remove(buf, cnt, v):
    """Take the first copy of ``v`` out of the sorted ``buf[:cnt]``."""
    at = _position(buf, cnt, v)
    for j in range(at, cnt - 1):
        buf[j] = buf[j + 1]


RANKED_FROM = 96  # window length from which equal values are kept in the order they came in (the rank tree's order)
TREE_FROM = 320  # window length from which the rank tree beats the sorted array (crossover measured at 250-400)


@njit(cache=True, nogil=True)
def trailing_median(x, w, min_periods, out):
    """``out[i]`` = median of the non-NaN values among ``x[i-w+1 .. i]`` (NaN below ``min_periods`` of them)."""
    if monotone_median(x, w, min_periods, out):
        return
    if w >= TREE_FROM:
        ranked_median(x, w, min_periods, out)
    elif w >= RANKED_FROM:
        sorted_median_late(x, w, min_periods, out)  # the rank tree's numbers, bit for bit, faster at this length
    else:
        sorted_median(x, w, min_periods, out)


@njit(cache=True, nogil=True)
def monotone_median(x, w, min_periods, out):
    """:func:`trailing_median` of a series that only rises or only falls (a weight norm, a decaying schedule), with no
    zero and with NaN only after its last value (the padding of a centred window), read without sorting anything:
    each window is then a run of consecutive values already in order, whose middle one (or two) is the median.
    The same numbers as the general kernels: equal non-zero values are the same bits, and the mean of the middle two
    is the same sum either way round. False, writing nothing, for any other series (most stop at their first
    turn, a few points in)."""
    n = len(x)
    m = 0
    while m < n and x[m] == x[m]:
        m += 1
    for i in range(m, n):
        if x[i] == x[i]:
            return False
    if m < 2:
        return False
    up = False
    down = False
    for i in range(m):
        if x[i] == 0.0:
            return False
        if i:
            if x[i] > x[i - 1]:
                up = True
            elif x[i] < x[i - 1]:
                down = True
            if up and down:
                return False
    for i in range(n):
        lo = i - w + 1 if i >= w else 0
        hi = i if i < m else m - 1
        cnt = hi - lo + 1 if hi >= lo else 0
        if cnt > 0 and cnt >= min_periods:
            h = cnt >> 1
            out[i] = x[lo + h] if cnt & 1 else (x[lo + h] + x[lo + h - 1]) / 2
        else:
            out[i] = np.nan
    return True


@njit(cache=True, nogil=True)
def _sorted_median(x, w, min_periods, out, late):
    """:func:`trailing_median` keeping the window's values in a sorted array, a value that comes in placed before
    its equals -- or after them when ``late`` (and the first of a leaving value's equals taken out either way)."""
    buf = np.empty(max(w, 1), dtype=np.float64)
    cnt = 0
    for i in range(len(x)):
        v = x[i]
        u = x[i - w] if i >= w else np.nan  # the value leaving the window
        if v == v and u == u:
            _replace(buf, cnt, u, v, late)
        else:
            if v == v:  # not NaN: insert in order, before (after, when late) its equals
                j = cnt
                while j > 0 and (buf[j - 1] > v or (not late and buf[j - 1] == v)):
                    buf[j] = buf[j - 1]
                    j -= 1
                buf[j] = v
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
def sorted_median(x, w, min_periods, out):
    """:func:`trailing_median` keeping the window's values in a sorted array, a value that comes in placed before
    its equals (and the first of a leaving value's equals taken out)."""
    _sorted_median(x, w, min_periods, out, False)


@njit(cache=True, nogil=True)
def sorted_median_late(x, w, min_periods, out):
    """:func:`sorted_median` placing a value that comes in after its equals: equal values then sit in the order they
    came in, the first of them is the one leaving, and every median is :func:`ranked_median`'s to the bit (of two
    equal values, +0.0 and -0.0 included, the same one)."""
    _sorted_median(x, w, min_periods, out, True)


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
            _replace(buf, w, x[i - h - 1], x[i + h], False)
        # where x[i] sits (its first copy: any copy leaves the same multiset) only matters against the middle: past
        # it (buf[h] < x[i]) the middle two are buf[h-1], buf[h]; before it (buf[h-1] >= x[i]) buf[h], buf[h+1]; at it
        # buf[h-1], buf[h+1] -- two comparisons instead of a search
        v = x[i]
        if buf[h] < v:
            out[i] = (buf[h - 1] + buf[h]) / 2
        elif buf[h - 1] >= v:
            out[i] = (buf[h] + buf[h + 1]) / 2
        else:
            out[i] = (buf[h - 1] + buf[h + 1]) / 2


def warm() -> None:
    """Compile (or load from numba's cache) the kernel and check it on a small case with a known answer."""
    x = np.array([3.0, np.nan, 1.0, 2.0, 10.0], dtype=np.float64)
    out = np.empty(5, dtype=np.float64)
    for kernel in (sorted_median, sorted_median_late, ranked_median):
        kernel(x, 3, 1, out)
        if not np.array_equal(out, np.array([3.0, 3.0, 2.0, 1.5, 2.0]), equal_nan=True):
            raise RuntimeError("the compiled rolling median failed its self-check")
    trailing_median(x, 3, 1, out)
    y = np.array([5.0, 1.0, 9.0, 2.0, 7.0], dtype=np.float64)
    median_around(y, 1, out)
    if out[1] != 7.0 or out[2] != 1.5 or out[3] != 8.0:
        raise RuntimeError("the compiled rolling median failed its self-check")
