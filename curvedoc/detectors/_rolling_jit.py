"""Compiled rolling median, used by :func:`curvedoc.detectors._signal.rolling_median_values` when numba is installed
(``pip install 'curvedoc[fast]'``) and an audit has readied it (``_signal.prepare_compiled``).

pandas' ``Series.rolling(w).median()`` stays the reference and the fallback. This kernel gives the same numbers:
the window holds the last ``w`` positions, NaN (and +-inf, which pandas turns into NaN first) are not observations,
a window with fewer than ``min_periods`` observations is NaN, and an even count takes ``(a + b) / 2`` of the two
middle values, as pandas' skiplist does (a window holding both -0.0 and +0.0 may
return either: they compare equal). The window is kept as a sorted array (binary search, then a shift):
O(w) per point, but with no allocation and no Python per call, several times faster than pandas for the windows
the detectors use (5-300 points over at most a few thousand bins). tests/test_rolling_median.py compares both.
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
def trailing_median(x, w, min_periods, out):
    """``out[i]`` = median of the non-NaN values among ``x[i-w+1 .. i]`` (NaN below ``min_periods`` of them)."""
    buf = np.empty(max(w, 1), dtype=np.float64)
    cnt = 0
    for i in range(len(x)):
        v = x[i]
        if v == v:  # not NaN: insert in order
            at = _position(buf, cnt, v)
            j = cnt
            while j > at:
                buf[j] = buf[j - 1]
                j -= 1
            buf[at] = v
            cnt += 1
        if i >= w:
            u = x[i - w]
            if u == u:  # the value leaving the window: remove one copy of it
                at = _position(buf, cnt, u)
                for j in range(at, cnt - 1):
                    buf[j] = buf[j + 1]
                cnt -= 1
        if cnt > 0 and cnt >= min_periods:
            h = cnt >> 1
            out[i] = buf[h] if cnt & 1 else (buf[h] + buf[h - 1]) / 2
        else:
            out[i] = np.nan


def warm() -> None:
    """Compile (or load from numba's cache) the kernel and check it on a small case with a known answer."""
    x = np.array([3.0, np.nan, 1.0, 2.0, 10.0], dtype=np.float64)
    out = np.empty(5, dtype=np.float64)
    trailing_median(x, 3, 1, out)
    if not np.array_equal(out, np.array([3.0, 3.0, 2.0, 1.5, 2.0]), equal_nan=True):
        raise RuntimeError("the compiled rolling median failed its self-check")
