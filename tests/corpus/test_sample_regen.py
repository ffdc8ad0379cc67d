"""Regenerating a few of the quickest sample runs reproduces the committed numbers.

Needs torch (``pip install .[samples]``); without it the whole file is skipped with the reason.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest


@pytest.fixture(autouse=True, scope="module")
def _torch():
    """torch is imported when a test of this file runs, not when the suite is collected (1.5-2.5 s of CPU in every
    xdist worker, which all collect every file, and most never run these tests)."""
    return pytest.importorskip("torch", reason="torch not installed (pip install '.[samples]'): cannot regenerate "
                                               "sample runs")


REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_sample_runs import read_raw  # noqa: E402


def _generator():
    spec = importlib.util.spec_from_file_location("make_sample_runs", REPO / "scripts" / "make_sample_runs.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["make_sample_runs"] = mod  # dataclasses need the module registered
    spec.loader.exec_module(mod)
    return mod


QUICK = ["constant-loss-lr-zero", "plateau-chance-k10", "divergence-lr-nan"]


@pytest.mark.parametrize("name", QUICK)
def test_regenerated_run_matches_committed(name, tmp_path):
    committed = REPO / "sample_runs" / name
    if not committed.is_dir():
        pytest.skip(f"{committed} not present")
    gen = _generator()
    exp, _ = gen.generate(name, tmp_path)
    new = read_raw(tmp_path / name)
    old = read_raw(committed)
    assert sorted(new) == sorted(old)
    for tag in old:
        s0, v0 = old[tag]
        s1, v1 = new[tag]
        np.testing.assert_array_equal(s1, s0, err_msg=f"{name}:{tag} steps")
        nan0, nan1 = ~np.isfinite(v0), ~np.isfinite(v1)
        np.testing.assert_array_equal(nan1, nan0, err_msg=f"{name}:{tag} non-finite positions")
        np.testing.assert_allclose(v1[~nan1], v0[~nan0], rtol=1e-4, atol=1e-7, err_msg=f"{name}:{tag}")
    assert (tmp_path / name / "expected.toml").read_text() == (committed / "expected.toml").read_text()


def test_registry_and_cli():
    gen = _generator()
    assert len(gen.RUNS) >= 20 and all(callable(f) for f in gen.RUNS.values())
    assert gen.main(["--list"]) == 0
    with pytest.raises(SystemExit):
        gen.main(["--only", "no-such-run", "--out", "/nonexistent"])
