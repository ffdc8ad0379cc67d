"""Every rule against the sample runs and against hostile inputs, from two tables (issue 40, item 9).

``SAMPLE_RUNS``: rule -> how its sample-run expectations are read from ``sample_runs/*/expected.toml``. A run whose
``[[expect]]`` names the rule must make it fire inside the expected step range; a healthy run (for rules that
count them) and a run that lists the rule under ``absent`` must keep it silent. How strictly is the row's choice,
as the rule's own test file used to write it:

- ``fires="any"``: some hit lies inside the range; ``fires="first"``: there are hits and the first lies inside it;
- ``silent="quiet"``: a run listing the rule under ``absent`` gets no hit at all, a healthy run none above
  ``info``; ``silent="none"``: no hit at all on any of them;
- ``healthy=False``: healthy runs are not among the silent ones (the rule may say something true of them);
  ``also``: more runs that must stay silent; ``disagree``: runs whose label the rule disputes (strict xfail);
  ``info_only``: runs on which the rule may only say ``info`` (no other check).

``HOSTILE``: rule -> degenerate inputs (empty, one point, all-NaN, inf, fp16 extremes, steps past 2**53, ...), how
each becomes runs for the rule, and what must hold: the rule never raises, every hit is well formed (``check``),
and where the row says so, exactly ``count[case]`` hits (0: silent). ``tests/detectors/test_robustness_detectors.py``
runs every detector on generic hostile runs as well; the rows here are each rule's own.

A new rule with sample runs gets a row in each table; ``test_every_rule_has_rows`` says which are missing.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import numpy as np
import pytest
from _helpers import DEGENERATE_SERIES, expected_steps, load_one, make_run, run_detector, sample_runs
from test_det_baseline_departure import recipe, with_baseline
from test_det_clip_saturation import norms

from curvedoc.model.run import Run


# =============================================================================================== sample runs
@dataclass(frozen=True)
class Samples:
    fires: str = "any"  # "any" | "first"
    silent: str = "quiet"  # "quiet" | "none"
    healthy: bool = True
    also: Callable[[dict], bool] | None = None
    disagree: Mapping[str, str] = field(default_factory=dict)
    info_only: frozenset = frozenset()


def _grokking_recipe(exp: dict) -> bool:
    return exp.get("generator", "").startswith("grokking")


# sample labels the overfitting rule disputes
DISPUTED = {
    # absent=["overfitting"], but eval/loss bottoms at 0.313 (step 700) and ends 0.336-0.346 (+7-10%) while
    # train/loss falls 0.17 -> 0.03: a stalled validation with a widening gap, reported as info
    "initial-loss-off-bad-init",
}

SAMPLE_RUNS: dict[str, Samples] = {
    "clip-saturation": Samples(fires="first"),
    "constant-loss": Samples(fires="first", silent="none"),
    "divergence": Samples(),
    "epoch-boundary-jumps": Samples(),
    "exploding-gradients": Samples(),
    "grokking": Samples(healthy=False),
    "initial-loss-off": Samples(fires="first", silent="none"),
    "loss-spikes": Samples(),
    "oscillation": Samples(),
    "overfitting": Samples(info_only=frozenset(DISPUTED)),
    "plateau-at-chance": Samples(fires="first", silent="none"),
    "schedule-ended-early": Samples(fires="first", silent="none"),
    "train-val-gap": Samples(),
    "underfitting": Samples(fires="first", silent="none"),
    "unfinished-schedule": Samples(fires="first", silent="none", healthy=False),
    "vanishing-gradients": Samples(fires="first"),
    "weight-norm-collapse": Samples(fires="first", silent="none", also=_grokking_recipe),
    "weight-norm-growth": Samples(fires="first", silent="none"),
}


def sample_checks(rule: str, row: Samples, exp: dict) -> tuple[str, ...]:
    """What ``rule`` must do on a sample run with expected.toml ``exp``: "fires", "silent" (no hit), "quiet"
    (nothing above info); empty when the run says nothing about the rule."""
    if exp["name"] in row.info_only:
        return ("quiet",)
    out = []
    if any(e.get("detector") == rule for e in exp.get("expect", [])):
        return ("fires",)
    if rule in exp.get("absent", []):
        out.append("silent")
    elif (row.healthy and exp.get("healthy")) or (row.also is not None and row.also(exp)):
        out.append("silent" if row.silent == "none" else "quiet")
    return tuple(out)


def _sample_params() -> list:
    out = []
    runs = sample_runs()
    for rule, row in SAMPLE_RUNS.items():
        mine = []
        for name, folder, exp in runs:
            checks = sample_checks(rule, row, {**exp, "name": name})
            if checks:
                marks = ([pytest.mark.xfail(reason=row.disagree[name], strict=True)]
                         if "fires" in checks and name in row.disagree else [])
                mine.append(pytest.param(rule, name, folder, exp, checks, id=f"{rule}:{name}", marks=marks))
        out += mine or [pytest.param(rule, None, None, None, (), id=f"{rule}:none",
                                     marks=pytest.mark.skip(reason=f"no sample run expects or silences {rule} yet"))]
    return out


@functools.lru_cache(maxsize=None)
def _sample(folder) -> Run:
    return load_one(folder)  # read once for every rule (the rules only read a run)


@pytest.mark.parametrize("rule,name,folder,exp,checks", _sample_params())
def test_sample_runs(rule, name, folder, exp, checks):
    row = SAMPLE_RUNS[rule]
    hits = run_detector(rule, _sample(folder))
    shown = [(h.step, h.severity, h.message) for h in hits]
    for check in checks:
        if check == "fires":
            lo, hi = expected_steps(exp, rule)
            assert hits, f"{name}: expected {rule}"
            if row.fires == "first":
                assert lo <= hits[0].step <= hi, f"{name}: step {hits[0].step} not in [{lo}, {hi}]: {shown}"
            else:
                assert any(lo <= h.step <= hi for h in hits), f"{name}: no hit in [{lo}, {hi}]: {shown}"
        elif check == "silent":
            assert hits == [], f"{name}: {rule} must stay silent: {shown}"
        else:
            assert [h for h in hits if h.severity != "info"] == [], f"{name}: only info allowed: {shown}"


# ========================================================================================== hostile inputs

# the degenerate (steps, values) inputs every stepped-series rule meets first: nothing, one or two points, no finite
# value, no variation
_DEGENERATE_STEPPED = {
    "empty": (np.array([], dtype=np.int64), np.array([])),
    "one": (np.array([0]), np.array([2.0])),
    "two": (np.array([0, 1]), np.array([2.0, 3.0])),
    "all_nan": (np.arange(50), np.full(50, np.nan)),
    "all_inf": (np.arange(50), np.full(50, np.inf)),
    "constant": (np.arange(50), np.full(50, 3.0)),
    "zeros": (np.arange(50), np.zeros(50)),
}

_CLIP_SATURATION = {
    **_DEGENERATE_STEPPED,
    "negative": (np.arange(50), -np.abs(norms(n=50))),
    "backwards": (np.arange(50)[::-1], norms(n=50)),
    "duplicates": (np.repeat(np.arange(25), 2), norms(n=50)),
    "negative_steps": (np.arange(-50, 0), norms(n=50)),
    "huge_steps": (np.arange(50, dtype=np.int64) + 2**60, norms(n=50)),
    "fp16_range": (np.arange(50), np.r_[np.full(25, 65504.0), np.full(25, 6e-8)]),
    "huge": (np.arange(50), norms(n=50) * 1e300),
    "tiny": (np.arange(50), norms(n=50) * 1e-300),
    "mixed_nonfinite": (np.arange(50), np.where(np.arange(50) % 3 == 0, np.nan, norms(n=50))),
}


_CONSTANT_LOSS = {
    "empty": np.array([]), "one": np.array([1.0]), "two": np.array([1.0, 1.0]), "all-nan": np.full(40, np.nan),
    "all-inf": np.full(40, np.inf), "zeros": np.zeros(40), "negative-constant": np.full(40, -3.5),
    "fp16-max": np.full(40, 65504.0), "tiny": np.full(40, 6e-8), "huge": np.geomspace(1e30, 1e35, 40),
    "nan-mixed": np.where(np.arange(40) % 3, 1.0, np.nan),
}


_INITIAL_LOSS_OFF = {
    "empty": np.array([]), "one": np.array([40.0]), "two": np.array([40.0, 2.0]), "all-nan": np.full(40, np.nan),
    "all-inf": np.full(40, np.inf), "constant": np.full(40, 2.3), "negative": -np.linspace(1, 2, 40),
    "fp16-max": np.full(40, 65504.0), "tiny": np.full(40, 6e-8), "huge": np.geomspace(1e35, 1e30, 40),
    "nan-first": np.concatenate([[np.nan], np.linspace(30, 1, 39)]),
}


_PLATEAU_AT_CHANCE = {
    "empty": dict(train_loss=np.array([])),
    "one": dict(train_loss=np.array([2.3])),
    "two": dict(train_loss=np.array([2.3, 2.3])),
    "all-nan": dict(train_loss=np.full(50, np.nan)),
    "all-inf": dict(train_loss=np.full(50, np.inf)),
    "constant": dict(train_loss=np.full(50, 0.5)),
    "negative": dict(train_loss=-np.linspace(1, 2, 50)),
    "fp16-max": dict(train_loss=np.full(50, 65504.0)),
    "tiny": dict(train_loss=np.full(50, 6e-8)),
    "huge": dict(train_loss=np.geomspace(1e30, 1e35, 50)),
    "acc-only-nan": dict(train_acc=np.full(20, np.nan)),
}


_SCHEDULE_ENDED_EARLY = {
    "empty": np.array([]), "one": np.array([1e-3]), "two": np.array([1e-3, 0.0]), "all-nan": np.full(40, np.nan),
    "all-inf": np.full(40, np.inf), "zeros": np.zeros(40), "negative": -np.linspace(1, 2, 40),
    "fp16": np.concatenate([np.full(10, 65504.0), np.full(30, 6e-8)]), "huge": np.geomspace(1e30, 1e-30, 40),
    "nan-mixed": np.where(np.arange(40) % 3, 1e-3, np.nan),
}


_UNDERFITTING = {
    "empty": np.array([]), "one": np.array([1.0]), "two": np.array([1.0, 2.0]), "all-nan": np.full(40, np.nan),
    "all-inf": np.full(40, np.inf), "constant": np.full(40, 2.3), "negative": -np.linspace(1, 2, 40),
    "fp16-max": np.full(40, 65504.0), "tiny": np.full(40, 6e-8), "huge": np.geomspace(1e35, 1e30, 40),
}


_UNFINISHED_SCHEDULE = {
    "empty": np.array([]), "one": np.array([1.0]), "two": np.array([2.0, 1.0]), "all-nan": np.full(40, np.nan),
    "all-inf": np.full(40, np.inf), "constant": np.full(40, 2.3), "negative": -np.linspace(1, 2, 40),
    "fp16-max": np.full(40, 65504.0), "tiny": np.geomspace(6e-8, 6e-9, 40), "huge": np.geomspace(1e35, 1e30, 40),
}


_VANISHING_GRADIENTS = {
    **_DEGENERATE_STEPPED,
    "negative": (np.arange(50), -np.linspace(1, 2, 50)),
    "backwards": (np.arange(50)[::-1], np.geomspace(1, 1e-6, 50)),
    "duplicates": (np.repeat(np.arange(25), 2), np.geomspace(1, 1e-6, 50)),
    "negative_steps": (np.arange(-50, 0), np.geomspace(1, 1e-6, 50)),
    "huge_steps": (np.arange(50, dtype=np.int64) + 2**60, np.geomspace(1, 1e-6, 50)),
    "fp16_range": (np.arange(50), np.r_[np.full(25, 65504.0), np.full(25, 6e-8)]),
    "huge": (np.arange(50), np.geomspace(1e300, 1e-300, 50)),
    "mixed_nonfinite": (np.arange(50), np.where(np.arange(50) % 3 == 0, np.inf, np.geomspace(1, 1e-6, 50))),
}


def _hostile_norms(falling: bool) -> dict:
    """Degenerate weight-norm series for the collapse (falling) and growth (rising) rules: the same inputs, the
    curve and the extremes in that rule's direction."""
    ends = (1e3, 1) if falling else (1, 1e3)
    curve = np.geomspace(*ends, 50)
    fp16 = (65504.0, 6e-8) if falling else (6e-8, 65504.0)
    huge = (1e300, 1e-300) if falling else (1e-300, 1e300)
    return {
        **_DEGENERATE_STEPPED,
        "negative": (np.arange(50), -np.geomspace(*ends, 50)),
        "backwards": (np.arange(50)[::-1], curve),
        "duplicates": (np.repeat(np.arange(25), 2), curve),
        "negative_steps": (np.arange(-50, 0), curve),
        "huge_steps": (np.arange(50, dtype=np.int64) + 2**60, curve),
        "fp16_range": (np.arange(50), np.r_[np.full(25, fp16[0]), np.full(25, fp16[1])]),
        "huge": (np.arange(50), np.geomspace(*huge, 50)),
        "mixed_nonfinite": (np.arange(50), np.where(np.arange(50) % 3 == 0, np.nan, curve)),
    }


_WEIGHT_NORM_COLLAPSE = _hostile_norms(falling=True)
_WEIGHT_NORM_GROWTH = {**_hostile_norms(falling=False),
                       "inf_at_end": (np.arange(50), np.r_[np.geomspace(1, 1e3, 45), np.full(5, np.inf)])}


def _epoch_boundary_jumps_runs():
    n = 200
    st = np.arange(n)
    ep = st / 20.0
    return {
        "empty": make_run(train_loss=([], []), epoch=([], [])),
        "one": make_run(train_loss=([0], [1.0]), epoch=([0], [0.0])),
        "two": make_run(train_loss=([0, 1], [1.0, 0.5]), epoch=([0, 1], [0.0, 1.0])),
        "all_nan": make_run(train_loss=(st, np.full(n, np.nan)), epoch=(st, ep)),
        "all_inf": make_run(train_loss=(st, np.full(n, np.inf)), epoch=(st, ep)),
        "nan_epochs": make_run(train_loss=(st, np.linspace(2, 1, n)), epoch=(st, np.full(n, np.nan))),
        "constant": make_run(train_loss=(st, np.ones(n)), epoch=(st, ep)),
        "backwards": make_run(train_loss=(st[::-1], np.linspace(2, 0.1, n)), epoch=(st[::-1], ep)),
        "duplicates": make_run(train_loss=(np.repeat(st[:100], 2), np.linspace(2, 0.1, n)), epoch=(np.repeat(st[:100], 2), ep)),
        "negative_steps": make_run(train_loss=(st - 1000, np.linspace(2, 0.1, n)), epoch=(st - 1000, ep)),
        "huge_steps": make_run(train_loss=(st + 2**53, np.linspace(2, 0.1, n)), epoch=(st + 2**53, ep)),
        "huge_epochs": make_run(train_loss=(st, np.linspace(2, 0.1, n)), epoch=(st, ep * 1e300)),
        "fp16_range": make_run(train_loss=(st, np.linspace(65504, 1, n)), epoch=(st, ep)),
        "huge": make_run(train_loss=(st, np.geomspace(1e300, 1e200, n)), epoch=(st, ep)),
        "tiny": make_run(train_loss=(st, np.geomspace(1e-30, 1e-40, n)), epoch=(st, ep)),
        "zeros": make_run(train_loss=(st, np.zeros(n)), epoch=(st, ep)),
        "negative_losses": make_run(train_loss=(st, -1 - (st // 20) * 0.5), epoch=(st, ep)),
        "epoch_only": make_run(epoch=(st, ep)),
    }


def _grokking_runs():
    n = 50
    st = np.arange(n)
    up = np.linspace(0, 1, n)
    return {
        "empty": make_run(train_acc=([], []), val_acc=([], [])),
        "one": make_run(train_acc=([0], [1.0]), val_acc=([0], [0.0])),
        "two": make_run(train_acc=([0, 1], [1.0, 1.0]), val_acc=([0, 1], [0.0, 1.0])),
        "all_nan": make_run(train_acc=(st, np.full(n, np.nan)), val_acc=(st, np.full(n, np.nan))),
        "all_inf": make_run(train_loss=(st, np.full(n, np.inf)), val_loss=(st, np.full(n, np.inf))),
        "constant": make_run(train_acc=(st, np.ones(n)), val_acc=(st, np.ones(n))),
        "step_val": make_run(train_acc=(st, np.ones(n)), val_acc=(st, (st > 40).astype(float))),
        "backwards": make_run(train_acc=(st[::-1], up), val_acc=(st[::-1], up)),
        "duplicates": make_run(train_acc=(np.repeat(st[:25], 2), up), val_acc=(np.repeat(st[:25], 2), up)),
        "negative_steps": make_run(train_acc=(st - 100, np.ones(n)), val_acc=(st - 100, (st > 40).astype(float))),
        "huge_steps": make_run(train_acc=(st + 2**53, np.ones(n)), val_acc=(st + 2**53, (st > 40).astype(float))),
        "not_accuracies": make_run(train_acc=(st, np.linspace(0, 500, n)), val_acc=(st, np.linspace(-3, 9, n))),
        "fp16_range_losses": make_run(train_loss=(st, np.linspace(65504, 1e-3, n)), val_loss=(st, np.full(n, 65504.0))),
        "huge_losses": make_run(train_loss=(st, np.linspace(1e300, 1e290, n)), val_loss=(st, np.full(n, 1e305))),
        "tiny_losses": make_run(train_loss=(st, np.geomspace(1e-30, 1e-40, n)), val_loss=(st, np.geomspace(1e-20, 1e-40, n))),
        "zero_losses": make_run(train_loss=(st, np.zeros(n)), val_loss=(st, np.zeros(n))),
    }


def _overfitting_runs():
    n = 50
    st = np.arange(n)
    return {
        "empty": make_run(train_loss=([], []), val_loss=([], [])),
        "one": make_run(train_loss=([0], [1.0]), val_loss=([0], [1.0])),
        "two": make_run(train_loss=([0, 1], [1.0, 0.5]), val_loss=([0, 1], [1.0, 2.0])),
        "all_nan": make_run(train_loss=(st, np.full(n, np.nan)), val_loss=(st, np.full(n, np.nan))),
        "all_inf": make_run(train_loss=(st, np.full(n, np.inf)), val_loss=(st, np.full(n, -np.inf))),
        "constant": make_run(train_loss=(st, np.ones(n)), val_loss=(st, np.ones(n))),
        "backwards": make_run(train_loss=(st[::-1], np.linspace(2, 0.1, n)), val_loss=(st[::-1], np.linspace(1, 3, n))),
        "duplicates": make_run(train_loss=(np.repeat(st[:25], 2), np.linspace(2, 0.1, n)),
                               val_loss=(np.repeat(st[:25], 2), np.linspace(1, 2, n))),
        "negative_steps": make_run(train_loss=(st - 100, np.linspace(2, 0.1, n)), val_loss=(st - 100, np.linspace(0.5, 1, n))),
        "huge_steps": make_run(train_loss=(st + 2**53, np.linspace(2, 0.1, n)), val_loss=(st + 2**53, np.linspace(0.5, 1, n))),
        "fp16_range": make_run(train_loss=(st, np.linspace(65504, 1, n)), val_loss=(st, np.linspace(1, 65504, n))),
        "huge": make_run(train_loss=(st, np.linspace(1e300, 1e290, n)), val_loss=(st, np.linspace(1e290, 1e300, n))),
        "tiny": make_run(train_loss=(st, np.linspace(1e-30, 1e-40, n)), val_loss=(st, np.linspace(1e-40, 1e-30, n))),
        "zeros": make_run(train_loss=(st, np.zeros(n)), val_loss=(st, np.zeros(n))),
        "val_only": make_run(val_loss=(st, np.linspace(1, 2, n))),
        "mixed_nan": make_run(train_loss=(st, np.where(st % 3 == 0, np.nan, np.linspace(2, 0.1, n))),
                              val_loss=(st, np.where(st % 4 == 0, np.inf, np.linspace(0.5, 1.5, n)))),
    }


def _train_val_gap_runs():
    n = 50
    st = np.arange(n)
    return {
        "empty": make_run(train_loss=([], []), val_loss=([], [])),
        "one": make_run(train_loss=([0], [1.0]), val_loss=([0], [10.0])),
        "two": make_run(train_loss=([0, 1], [1.0, 0.5]), val_loss=([0, 1], [10.0, 20.0])),
        "all_nan": make_run(train_loss=(st, np.full(n, np.nan)), val_loss=(st, np.full(n, np.nan))),
        "all_inf": make_run(train_loss=(st, np.full(n, np.inf)), val_loss=(st, np.full(n, np.inf))),
        "constant": make_run(train_loss=(st, np.ones(n)), val_loss=(st, np.full(n, 5.0))),
        "backwards": make_run(train_loss=(st[::-1], np.linspace(2, 0.1, n)), val_loss=(st[::-1], np.linspace(9, 3, n))),
        "duplicates": make_run(train_loss=(np.repeat(st[:25], 2), np.linspace(2, 0.1, n)),
                               val_loss=(np.repeat(st[:25], 2), np.linspace(10, 5, n))),
        "negative_steps": make_run(train_loss=(st - 100, np.linspace(2, 0.1, n)), val_loss=(st - 100, np.linspace(9, 3, n))),
        "huge_steps": make_run(train_loss=(st + 2**53, np.linspace(2, 0.1, n)), val_loss=(st + 2**53, np.linspace(9, 3, n))),
        "fp16_range": make_run(train_loss=(st, np.linspace(65504, 1, n)), val_loss=(st, np.full(n, 65504.0))),
        "huge": make_run(train_loss=(st, np.linspace(1e300, 1e290, n)), val_loss=(st, np.full(n, 1e305))),
        "tiny": make_run(train_loss=(st, np.linspace(1e-30, 1e-40, n)), val_loss=(st, np.full(n, 1e-20))),
        "zeros": make_run(train_loss=(st, np.zeros(n)), val_loss=(st, np.zeros(n))),
        "mixed_nan": make_run(train_loss=(st, np.where(st % 3 == 0, np.nan, np.linspace(2, 0.1, n))),
                              val_loss=(st, np.where(st % 4 == 0, np.inf, np.linspace(9, 3, n)))),
    }


def _series(case_data):
    st, v = case_data
    return np.asarray(st, dtype=np.int64), np.asarray(v, float)


def _as_given(case_data):
    st, v = case_data
    return np.asarray(st), np.asarray(v, float)


def _confident(h) -> bool:
    return 0.0 <= h.confidence <= 1.0


def _confident_and_worded(h) -> bool:
    return 0.0 <= h.confidence <= 1.0 and bool(h.message)


def _finite_float_evidence(h) -> bool:
    return 0 <= h.confidence <= 1 and all(np.isfinite(v) for v in h.evidence.values() if isinstance(v, float))


def _finite_or_nan_evidence(h) -> bool:
    return 0 <= h.confidence <= 1 and all(
        np.isfinite(v) for v in h.evidence.values() if isinstance(v, float) and not np.isnan(v))


@dataclass(frozen=True)
class Hostile:
    cases: Callable[[], Mapping[str, Any]]  # case -> data (built when asked)
    runs: Callable[[Any], list] = lambda d: [d]  # data -> the runs (or make_run keywords) the rule is given
    count: Mapping[str, int] = field(default_factory=dict)  # case -> exactly this many hits (on each run)
    check: Callable[[Any], bool] | None = None  # what every hit must satisfy
    variants: tuple = ({},)  # hparams, one test per variant


_SILENT_8 = ("empty", "one", "two", "all-nan", "all-inf", "constant", "zeros", "float16-max")
_NAN_FIRES = {"all-nan": 1, "all-inf": 1, **dict.fromkeys(("empty", "one", "two", "constant", "zeros", "float16-max",
                                                          "negative-values"), 0)}

HOSTILE: dict[str, Hostile] = {
    "baseline-departure": Hostile(
        lambda: DEGENERATE_SERIES,
        lambda d: [with_baseline(make_run("run", train_loss=_as_given(d), val_loss=_as_given(d)),
                                 recipe(0, name="base")),
                   with_baseline(recipe(1), make_run("b", train_loss=_as_given(d)))]),
    "clip-saturation": Hostile(
        lambda: _CLIP_SATURATION,
        lambda d: [{"grad_norm": d}, {"grad_norm_clipped": d}, {"grad_norm": d, "grad_norm_clipped": d},
                   {"grad_norm": d, "clip_threshold": d}],
        check=_confident_and_worded, variants=({}, {"max_grad_norm": 1.0})),
    "constant-loss": Hostile(lambda: _CONSTANT_LOSS, lambda v: [{"train_loss": v}]),
    "divergence": Hostile(lambda: DEGENERATE_SERIES, lambda d: [{"train_loss": _series(d), "grad_norm": _series(d)}],
                          count=_NAN_FIRES, check=_confident),
    "epoch-boundary-jumps": Hostile(_epoch_boundary_jumps_runs, check=_confident),
    "exploding-gradients": Hostile(lambda: DEGENERATE_SERIES,
                                   lambda d: [{"grad_norm": _series(d), "train_loss": _series(d)}],
                                   count=_NAN_FIRES, check=_confident),
    "grad-norm-spikes": Hostile(
        lambda: {"five-ones": [1.0] * 5, "all-nan": np.full(100, np.nan), "zeros": np.zeros(100)},
        lambda v: [{"grad_norm": v}], count={"five-ones": 0, "all-nan": 0, "zeros": 0}),
    "grokking": Hostile(_grokking_runs, check=_confident),
    "initial-loss-off": Hostile(lambda: _INITIAL_LOSS_OFF, lambda v: [{"train_loss": v}]),
    "loss-spikes": Hostile(lambda: DEGENERATE_SERIES, lambda d: [{"train_loss": _series(d), "grad_norm": _series(d)}],
                           count=dict.fromkeys(_SILENT_8, 0), check=_confident),
    "metric-regression": Hostile(
        lambda: {"empty": [], "one": [0.5], "two": [0.5, 0.4], "all-nan": [np.nan] * 6, "zeros": [0.0] * 10},
        lambda v: [{"val_acc": np.asarray(v, dtype=float)}],
        count=dict.fromkeys(("empty", "one", "two", "all-nan", "zeros"), 0)),
    "oscillation": Hostile(lambda: DEGENERATE_SERIES, lambda d: [{"train_loss": _series(d)}],
                           count=dict.fromkeys(_SILENT_8, 0), check=_confident),
    "overfitting": Hostile(_overfitting_runs, check=_finite_or_nan_evidence),
    "plateau-at-chance": Hostile(lambda: _PLATEAU_AT_CHANCE, lambda kw: [kw]),
    "schedule-ended-early": Hostile(
        lambda: _SCHEDULE_ENDED_EARLY,
        lambda v: [{"lr": v, "train_loss": (np.arange(len(v)), np.linspace(2, 1, len(v)))}]),
    "train-val-gap": Hostile(_train_val_gap_runs, check=_finite_float_evidence),
    "underfitting": Hostile(
        lambda: _UNDERFITTING,
        lambda v: [{"train_loss": v, "train_acc": np.full(len(v), 0.3), "val_loss": (np.arange(len(v)), v)}]),
    "unfinished-schedule": Hostile(
        lambda: _UNFINISHED_SCHEDULE,
        lambda v: [{"train_loss": v, "meta": {"max_steps": "n/a"}},
                   {"train_loss": v, "meta": {"max_steps": 10**30, "global_step": -5}}]),
    "vanishing-gradients": Hostile(
        lambda: _VANISHING_GRADIENTS,
        lambda d: [{"grad_norm": d, "train_loss": (d[0], np.full(len(d[0]), 2.3))}, {"grad_norm": d, "train_loss": d},
                   {**{f"grad_norm/layer_{i}": (d[0], d[1] * 10.0 ** -i) for i in range(4)},
                    "train_loss": (d[0], np.full(len(d[0]), 2.3))},
                   {f"grad_norm/layer_{i}": d for i in range(4)}],
        check=_confident_and_worded),
    "weight-norm-collapse": Hostile(
        lambda: _WEIGHT_NORM_COLLAPSE,
        lambda d: [{"weight_norm": d}, {f"weight_norm/layer_{i}": d for i in range(3)},
                   {"weight_norm": d, "train_loss": d}],
        check=_confident_and_worded),
    "weight-norm-growth": Hostile(
        lambda: _WEIGHT_NORM_GROWTH,
        lambda d: [{"weight_norm": d}, {f"weight_norm/layer_{i}": d for i in range(3)}],
        check=_confident_and_worded),
}


def _hostile_params() -> list:
    out = []
    for rule, row in HOSTILE.items():
        for case in row.cases():
            for k, hp in enumerate(row.variants):
                tail = f":hp{k}" if len(row.variants) > 1 else ""
                out.append(pytest.param(rule, case, hp, id=f"{rule}:{case}{tail}"))
    return out


@pytest.mark.parametrize("rule,case,hparams", _hostile_params())
def test_hostile_inputs(rule, case, hparams):
    row = HOSTILE[rule]
    for run in row.runs(row.cases()[case]):
        if not isinstance(run, Run):
            run = make_run(**({"hparams": hparams} if hparams else {}), **run)
        hits = run_detector(rule, run)  # never raises
        assert isinstance(hits, list)
        if case in row.count:
            assert len(hits) == row.count[case], f"{rule} on {case}: {[h.message for h in hits]}"
        if row.check is not None:
            assert all(row.check(h) for h in hits), f"{rule} on {case}: {hits}"


def test_every_rule_has_rows():
    """Each rule is in the hostile table; each rule that sample runs expect or list as absent is in the sample
    table."""
    from curvedoc.detectors import registry

    rules = set(registry())
    quiet = {"crashed-run", "damaged-log", "restarted-run"}  # importer facts: their own files feed them hostile logs
    assert rules - set(HOSTILE) - quiet == set(), "rules missing from HOSTILE"
    named = {e.get("detector") for _, _, exp in sample_runs() for e in exp.get("expect", [])}
    named |= {r for _, _, exp in sample_runs() for r in exp.get("absent", [])}
    assert (named & rules) - set(SAMPLE_RUNS) == set(), "rules sample runs name, missing from SAMPLE_RUNS"
