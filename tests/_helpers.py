"""Shared test helpers: build runs from arrays, find sample/real runs, run one detector."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from curvedoc.model.run import Run, make_frame

REPO = Path(__file__).resolve().parents[1]
SAMPLE_RUNS = REPO / "sample_runs"
REAL_RUNS = REPO.parent / "shared" / "real_runs"


def make_run(name: str = "synthetic", *, steps=None, meta: dict | None = None, hparams: dict | None = None,
             issues=None, source: str = "synthetic", **tags: Any) -> Run:
    """Run from arrays: ``make_run(train_loss=arr, val_loss=(val_steps, val_arr), lr=arr)``.

    A tag given as an array uses ``steps`` (default 0..n-1); a ``(steps, values)`` tuple has its own steps.
    Tag names are used as given, so pass role-like names (``train_loss``) or framework names (``train/loss``)
    via ``**{"train/loss": arr}``.
    """
    tag_col, step_col, val_col = [], [], []
    for tag, data in tags.items():
        if isinstance(data, tuple):
            st, v = np.asarray(data[0]), np.asarray(data[1], dtype=float)
        else:
            v = np.asarray(data, dtype=float)
            st = np.asarray(steps) if steps is not None else np.arange(len(v))
        tag_col += [tag] * len(v)
        step_col.append(st.astype(np.int64))
        val_col.append(v)
    frame = make_frame(tag_col, np.concatenate(step_col) if step_col else [], np.concatenate(val_col) if val_col else [])
    return Run(name, source, frame, meta=meta, hparams=hparams, issues=issues)


def real_runs_dir() -> Path:
    if not REAL_RUNS.is_dir():
        pytest.skip(f"../shared/real_runs not found at {REAL_RUNS}: real-run tests need the shared folder")
    return REAL_RUNS


def sample_runs() -> list[tuple[str, Path, dict]]:
    """(name, folder, expected) for every sample run with an expected.toml."""
    out = []
    if SAMPLE_RUNS.is_dir():
        for exp in sorted(SAMPLE_RUNS.glob("*/expected.toml")):
            with open(exp, "rb") as fh:
                out.append((exp.parent.name, exp.parent, tomllib.load(fh)))
    return out


def load_one(path) -> Run:
    import curvedoc

    runs = curvedoc.load(path)
    assert len(runs) == 1, f"{path}: expected one run, got {[r.name for r in runs]}"
    return runs[0]


def run_detector(name: str, run: Run, **overrides):
    """Hits of one detector with its rule's default parameters (plus overrides)."""
    from curvedoc.detectors import registry
    from curvedoc.engine.rules import load_catalog, make_params

    rule = load_catalog().get(name)
    spec = registry()[name]
    return list(spec.func(run, make_params(rule, spec.params, overrides)) or ())


def findings_for(path, **kw):
    """Findings of a full diagnose of one path (all rules)."""
    import curvedoc

    return curvedoc.diagnose(path, **kw)
