"""The repeated-(tag, step) check (importers._tabular.duplicate_issues) answers "no repeats" without sorting every
point by (tag, step) when each tag's steps rise in the frame's order (issue 41: it was 0.5 s and ~300 MB of a
2M-line text log's reading). These compare its answer with the full sort's on frames with and without repeats,
few tags (one pass per tag) and many (a stable sort by tag), and points without a tag."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from curvedoc.importers._tabular import duplicate_issues
from curvedoc.model.run import make_frame


def _by_full_sort(codes: np.ndarray, steps: np.ndarray, values: np.ndarray) -> tuple[int, int]:
    """(points repeating a step of their tag, of which with another value), from a sort of every point."""
    order = np.lexsort((steps, codes))
    c, s, v = codes[order], steps[order], values[order]
    same = (c[1:] == c[:-1]) & (s[1:] == s[:-1])
    differ = same & ~((v[1:] == v[:-1]) | (np.isnan(v[1:]) & np.isnan(v[:-1])))
    return int(same.sum()), int(differ.sum())


def _frame(codes: np.ndarray, steps: np.ndarray, values: np.ndarray, n_tags: int) -> pd.DataFrame:
    tags = pd.Categorical.from_codes(codes, categories=[f"tag{i}" for i in range(n_tags)])
    return make_frame(tags, steps, values)


@pytest.mark.parametrize("n_tags", [1, 4, 31, 40, 300])
@pytest.mark.parametrize("seed", range(6))
def test_the_answer_is_the_full_sorts(n_tags, seed):
    rng = np.random.default_rng(seed)
    n = 3000
    codes = rng.integers(0, n_tags, n)
    if seed % 3 == 0:
        steps = np.arange(n) * 2  # every tag's steps rise in order: no repeats
    elif seed % 3 == 1:
        steps = np.arange(n) * 2
        steps[rng.integers(0, n, 3)] = steps[rng.integers(0, n, 3)]  # a few steps written again, some out of order
    else:
        steps = rng.integers(0, n // 4, n)  # repeats everywhere
    values = rng.normal(size=n)
    if seed % 2:
        values[rng.integers(0, n, 50)] = np.nan
    frame = _frame(codes, steps, values, n_tags)
    got = duplicate_issues(frame, "x.log")
    n_dup, n_diff = _by_full_sort(codes, steps, values)
    if not n_dup:
        assert got == []
    else:
        assert len(got) == 1 and got[0].count == (n_diff or n_dup)
        assert got[0].severity == ("warning" if n_diff else "info")


def test_a_step_written_again_far_from_the_first_is_found():
    # each tag's steps rise except for one repeat long after the first write, with other tags' points between
    codes = np.array([0, 1, 0, 1, 0, 1, 0])
    steps = np.array([1, 1, 2, 2, 3, 3, 2])
    values = np.array([1.0, 5.0, 2.0, 6.0, 3.0, 7.0, 2.0])
    (issue,) = duplicate_issues(_frame(codes, steps, values, 2), "x.log")
    assert issue.count == 1 and issue.severity == "info" and "tag0" in issue.message


def test_points_without_a_tag_are_checked_too():
    # code -1 (no tag): the full sort groups them as one more tag; so does the quick answer
    tags = pd.Categorical.from_codes(np.array([0, -1, 0, -1]), categories=["loss"])
    frame = make_frame(tags, np.array([1, 5, 2, 5]), np.array([1.0, 2.0, 3.0, 9.0]))
    (issue,) = duplicate_issues(frame, "x.log")
    assert issue.count == 1 and issue.severity == "warning"
