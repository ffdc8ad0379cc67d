"""A run built in memory from arrays, for benchmarks that make their own curves."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np


def run_from_series(name: str, series: Iterable[tuple[str, Any, Any]], hparams: Mapping[str, Any] | None = None):
    """A :class:`curvedoc.model.run.Run` (source ``synthetic``) from ``(tag, steps, values)`` triples."""
    from curvedoc.model.run import Run, make_frame

    tags, st, vals = [], [], []
    for tag, steps, values in series:
        tags += [tag] * len(values)
        st.append(np.asarray(steps, dtype=np.int64))
        vals.append(np.asarray(values, dtype=np.float64))
    return Run(name, "synthetic", make_frame(tags, np.concatenate(st), np.concatenate(vals)), hparams=hparams)
