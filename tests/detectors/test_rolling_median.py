"""The rolling median the detectors share: pandas' numbers from the compiled kernel or from pandas.

"The same numbers": equal values and NaN in the same places. The only bits that may differ are a zero's sign where
a window holds both -0.0 and +0.0 (they compare equal, so which one sorts first is arbitrary in both
implementations)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from curvedoc.detectors import _signal as sig


def _pandas(x, w, mp, center):
    return pd.Series(np.asarray(x, dtype=np.float64)).rolling(w, min_periods=mp, center=center).median().to_numpy()


def _same(got, want) -> bool:
    return got.shape == want.shape and np.array_equal(got, want, equal_nan=True)


def _cases(seed: int, count: int):
    """Random series with the features that decide a median's bits: ties (rounded values), NaN gaps, +-inf
    (pandas drops them), windows longer than the series, every min_periods, centred and trailing windows."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(0, 400))
        w = int(rng.integers(1, 80))
        mp = int(rng.integers(0, w + 1))
        x = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4)
        if rng.random() < 0.4:
            x = np.round(x, 1)
        if rng.random() < 0.3:
            x[rng.random(n) < 0.25] = np.nan
        if rng.random() < 0.15:
            x[rng.random(n) < 0.1] = np.inf
        if rng.random() < 0.1:
            x[rng.random(n) < 0.1] = -np.inf
        yield x, w, mp, bool(rng.integers(0, 2))


@pytest.fixture
def compiled(monkeypatch):
    pytest.importorskip("numba", reason="the compiled rolling median needs numba (pip install '.[fast]')")
    monkeypatch.setenv("CURVEDOC_ROLLING", "compiled")
    monkeypatch.setattr(sig, "_ROLLING", {})  # the kernel stays this test's: other tests keep the default path
    assert sig.prepare_compiled()
    return sig


def test_compiled_matches_pandas(compiled):
    for x, w, mp, center in _cases(0, 2500):
        got = compiled.rolling_median_values(x, w, mp, center)
        want = _pandas(x, w, mp, center)
        assert _same(got, want), (len(x), w, mp, center)


def test_compiled_matches_pandas_on_the_sizes_detectors_use(compiled):
    # a few thousand bins, windows of 5-300 points, a falling noisy loss with a spike and a NaN gap
    rng = np.random.default_rng(1)
    for n, w in [(3334, 201), (2000, 101), (3468, 67), (1000, 21), (110, 5), (4000, 1333)]:
        x = np.log(2.0 + np.exp(-np.arange(n) / (n / 5))) + rng.normal(0, 0.05, n)
        x[n // 3] += 5.0
        x[n // 2: n // 2 + 7] = np.nan
        for mp, center in [(1, True), (1, False), (w, False), (w, True), (max(3, w // 4), False)]:
            got = compiled.rolling_median_values(x, w, mp, center)
            assert got.tobytes() == _pandas(x, w, mp, center).tobytes()  # no zeros here: the same bits


def test_default_min_periods_is_the_window(compiled):
    x = np.arange(10, dtype=float)
    assert _same(compiled.rolling_median_values(x, 4), _pandas(x, 4, 4, False))
    assert np.isnan(compiled.rolling_median_values(x, 4)[:3]).all()


def test_pandas_path_is_the_default_and_the_fallback(monkeypatch):
    monkeypatch.setenv("CURVEDOC_ROLLING", "pandas")
    assert sig.prepare_compiled() is False
    for x, w, mp, center in _cases(2, 200):
        assert _same(sig.rolling_median_values(x, w, mp, center), _pandas(x, w, mp, center))


def test_rolling_median_series_keeps_index_and_name():
    s = pd.Series([3.0, 1.0, 2.0, 10.0], index=pd.Index([5, 7, 9, 11], name="step"), name="loss")
    out = sig.rolling_median(s, 3, center=True)
    pd.testing.assert_series_equal(out, s.rolling(3, min_periods=1, center=True).median())


def test_kernel_self_check():
    jit = pytest.importorskip("curvedoc.detectors._rolling_jit", reason="needs numba (pip install '.[fast]')")
    jit.warm()


def test_an_audit_readies_the_kernel_only_for_a_large_sweep(monkeypatch):
    from types import SimpleNamespace

    from curvedoc.engine import worker

    pytest.importorskip("numba", reason="the compiled rolling median needs numba (pip install '.[fast]')")
    monkeypatch.delenv("CURVEDOC_ROLLING", raising=False)
    monkeypatch.setattr(sig, "_ROLLING", {})
    spec = SimpleNamespace(format="csv", files=[])
    few = [(i, spec, None) for i in range(worker.COMPILED_ROLLING_RUNS - 1)]
    assert worker.warm_up(few) is False and "kernel" not in sig._ROLLING
    assert worker.warm_up(few + [(len(few), spec, None)]) is True and "kernel" in sig._ROLLING


@pytest.mark.parametrize("kernel", ["sorted_median", "sorted_median_late", "ranked_median"])
def test_each_window_keeping_matches_pandas(kernel):
    """Both ways of keeping the window, whatever the length the dispatcher would pick for it: small and large windows
    over short and long series, skewed values (absolute residuals, many near zero), ties, NaN runs."""
    jit = pytest.importorskip("curvedoc.detectors._rolling_jit", reason="needs numba (pip install '.[fast]')")
    fn = getattr(jit, kernel)
    rng = np.random.default_rng(7)
    cases = list(_cases(3, 600))
    for n, w in [(3334, 201), (5000, 700), (300, 299), (50, 120)]:
        x = np.abs(rng.standard_normal(n)) ** 3
        x[rng.random(n) < 0.05] = np.nan
        cases += [(x, w, 1, False), (x, w, w, True), (np.round(x, 1), w, w // 3, False)]
    for x, w, mp, center in cases:
        want = _pandas(x, w, mp, center)
        xx = np.where(np.isinf(x), np.nan, np.asarray(x, dtype=np.float64))
        off = (w - 1) // 2 if center else 0
        xx = np.concatenate([xx, np.full(off, np.nan)])
        out = np.empty(len(xx))
        fn(xx, w, mp, out)
        assert _same(out[off:], want), (kernel, len(x), w, mp, center)


def test_the_sorted_array_keeping_arrival_order_is_the_rank_trees_to_the_bit():
    """From RANKED_FROM to TREE_FROM the dispatcher takes the sorted array where the rank tree was taken before (issue
    41: twice as fast at the detectors' windows): with equal values kept in the order they came in it gives the tree's
    numbers bit for bit -- of +0.0 and -0.0 the same one -- on ties, signed zeros and NaN runs, and the dispatcher's
    answer is the tree's at every length up to TREE_FROM."""
    jit = pytest.importorskip("curvedoc.detectors._rolling_jit", reason="needs numba (pip install '.[fast]')")
    rng = np.random.default_rng(41)
    pool = np.array([0.0, -0.0, 1.0, -1.0, 2.0, np.nan, 0.5, 3.0, -0.0])
    for trial in range(400):
        n, w = int(rng.integers(1, 700)), int(rng.integers(1, jit.TREE_FROM + 20))
        mp = int(rng.integers(0, w + 1))
        x = rng.choice(pool, size=n) if trial % 2 else np.round(rng.standard_normal(n), 1)
        a, b = np.empty(n), np.empty(n)
        jit.sorted_median_late(x, w, mp, a)
        jit.ranked_median(x, w, mp, b)
        assert np.array_equal(np.signbit(a), np.signbit(b)) and _same(a, b), (n, w, mp)
        if jit.RANKED_FROM <= w:
            jit.trailing_median(x, w, mp, a)
            assert np.array_equal(np.signbit(a), np.signbit(b)) and _same(a, b), (n, w, mp)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6, 9, 40, 101])
def test_row_medians_are_numpys(k):
    """The min/max networks for bins of 1-5 points give np.median's numbers: random values, ties of every pattern
    (all 3^k rows of 0/1/2 for small k), NaN rows, empty input; wider bins are numpy's own."""
    import itertools

    rng = np.random.default_rng(k)
    cases = [rng.standard_normal((700, k)), rng.integers(0, 3, (700, k)).astype(float), np.zeros((0, k))]
    if k <= 5:
        cases.append(np.array(list(itertools.product(range(3), repeat=k)), dtype=float))
    nan = rng.standard_normal((50, k))
    nan[rng.random((50, k)) < 0.2] = np.nan
    cases.append(nan)
    for b in cases:
        with np.errstate(invalid="ignore"):
            assert _same(sig.row_medians(b), np.median(b, axis=1)), b.shape


def test_median_around_matches_numpy():
    """The sliding sorted window of grad-norm-spikes' neighbour median (one shift per step between the leaving and the
    entering value's places): np.median of the 2h points around each one, itself left out -- on noise, on ties, and
    on a monotone trend, where the leaving and the entering value sit at opposite ends of the window."""
    jit = pytest.importorskip("curvedoc.detectors._rolling_jit", reason="needs numba (pip install '.[fast]')")
    rng = np.random.default_rng(11)
    series = [rng.standard_normal(500), np.round(rng.standard_normal(500), 1), np.log1p(np.arange(500.0)),
              -np.arange(500.0), np.full(300, 2.5)]
    for x in series:
        for h in (1, 2, 5, 20, 100):
            out = np.full(len(x), np.nan)
            jit.median_around(np.ascontiguousarray(x), h, out)
            want = [np.median(np.concatenate([x[i - h:i], x[i + 1:i + h + 1]])) for i in range(h, len(x) - h)]
            assert np.array_equal(out[h:len(x) - h], want), h


@pytest.mark.parametrize("kernel", ["sorted_median", "sorted_median_late", "ranked_median"])
def test_monotone_series_match_pandas(kernel):
    """A rising or falling series (a weight norm, a loss): every step the leaving value is the window's smallest (or
    largest) and the entering one its other extreme."""
    jit = pytest.importorskip("curvedoc.detectors._rolling_jit", reason="needs numba (pip install '.[fast]')")
    for x in (50 + 5 * np.log1p(np.arange(3000.0)), 3.0 * np.exp(-np.arange(2000.0) / 300)):
        for w, mp in ((7, 1), (101, 1), (201, 50)):
            out = np.empty(len(x))
            getattr(jit, kernel)(x, w, mp, out)
            assert _same(out, _pandas(x, w, mp, False)), (w, mp)


def test_the_default_path_calls_pandas_routine_directly_with_pandas_numbers(monkeypatch):
    """Without the compiled kernel the rolling median skips the Series and Rolling objects around pandas' routine
    (issue 41: they cost more than the median of a few hundred points) -- the same numbers as the public call on
    every case, read-only and strided input included -- and takes the public call where the routine is missing."""
    monkeypatch.delenv("CURVEDOC_ROLLING", raising=False)
    monkeypatch.setattr(sig, "_ROLLING", {})
    assert sig._pandas_median() is not None  # this project's pandas has it and passes the check
    for x, w, mp, center in _cases(7, 1500):
        assert _same(sig.rolling_median_values(x, w, mp, center), _pandas(x, w, mp, center)), (len(x), w, mp, center)
    x = np.arange(40, dtype=float)[::-1]
    x.flags.writeable = False
    assert _same(sig.rolling_median_values(x[::3], 4, 2, True), _pandas(x[::3], 4, 2, True))
    calls = []
    monkeypatch.setattr(sig, "_ROLLING", {"pandas": lambda *a: calls.append(a)})
    sig.rolling_median_values(np.ones(5), 3, 1, True)
    assert len(calls) == 1  # the routine is what computes it
    monkeypatch.setattr(sig, "_ROLLING", {"pandas": None})  # a pandas without it (or failing the check)
    for x, w, mp, center in _cases(8, 200):
        assert _same(sig.rolling_median_values(x, w, mp, center), _pandas(x, w, mp, center))


def test_row_nanmax_is_numpys_nanmax_to_the_sign_of_zero():
    """downsample(how='max') takes bin maxima column by column: the same numbers as np.nanmax(axis=1), NaN rows,
    infinities and signed zeros included."""
    import warnings

    from curvedoc.detectors._signal import _row_nanmax

    rng = np.random.default_rng(7)
    for it in range(3000):
        r, k = int(rng.integers(0, 40)), int(rng.integers(1, 12))
        pool = [0.0, -0.0, np.nan, 1.0, -1.0, np.inf, -np.inf] if it % 2 else [0.0, -0.0, np.nan]
        b = rng.choice(pool, size=(r, k)) if it % 3 else rng.normal(size=(r, k))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            ref = np.nanmax(b, axis=1)
            got = _row_nanmax(b)
        assert np.array_equal(ref, got, equal_nan=True) and np.array_equal(np.signbit(ref), np.signbit(got))


@pytest.mark.parametrize("k", [6, 7, 40, 101])
def test_wide_row_medians_keep_numpys_sign_of_zero(k):
    """Rows wider than 5 are sorted and read off: rows of signed zeros, tiny denormals and infinities give
    np.median's numbers to the sign of a zero median (those rows leave the call to numpy)."""
    rng = np.random.default_rng(k)
    for _ in range(200):
        b = rng.choice([0.0, -0.0, 1.0, -1.0, 5e-324, -5e-324, np.inf, -np.inf], size=(int(rng.integers(1, 12)), k))
        with np.errstate(invalid="ignore"):
            ref, got = np.median(b, axis=1), sig.row_medians(b)
        assert np.array_equal(np.signbit(ref), np.signbit(got)) and _same(got, ref)


def test_monotone_series_read_without_sorting_give_the_general_kernels_bits(compiled):
    """A series that only rises or only falls (a weight norm) is read by its middle values, without sorting: the
    same bits as the sorted-array and rank-tree kernels and pandas' numbers, ties, centred padding and min_periods
    included; a zero, a turn or a NaN inside the series sends it to the general kernels."""
    from curvedoc.detectors import _rolling_jit as K

    rng = np.random.default_rng(7)
    seen = 0
    for trial in range(600):
        n = int(rng.integers(2, 300))
        x = np.cumsum(rng.random(n) * 10.0 ** rng.integers(-6, 2)) + float(rng.standard_normal()) * 5
        if rng.random() < 0.4:
            x = np.round(x, int(rng.integers(0, 3)))  # ties
        if rng.random() < 0.5:
            x = x[::-1].copy()
        if rng.random() < 0.1:
            x[int(rng.integers(0, n))] = 0.0
        if rng.random() < 0.1:
            x[int(rng.integers(0, n))] = np.nan
        w = int(rng.integers(1, 400))
        mp = int(rng.integers(0, min(w, 50) + 1))
        pad = np.concatenate([x, np.full(int(rng.integers(0, 5)), np.nan)])
        out = np.full(len(pad), 123.0)
        if K.monotone_median(pad, w, mp, out):
            seen += 1
            for general in (K.sorted_median, K.sorted_median_late, K.ranked_median):
                ref = np.empty(len(pad))
                general(pad, w, mp, ref)
                assert np.array_equal(np.isnan(out), np.isnan(ref)), trial
                ok = ~np.isnan(ref)
                assert np.array_equal(out[ok].view(np.int64), ref[ok].view(np.int64)), trial
            assert _same(out, _pandas(pad, w, mp, False)), trial
        for center in (False, True):
            assert _same(compiled.rolling_median_values(x, w, mp, center), _pandas(x, w, mp, center)), trial
    assert seen > 300
