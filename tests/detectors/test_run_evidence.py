"""The evidence the rules of one run's diagnosis share (detectors._signal.shared / run_evidence): asked twice with
the same arguments while a run is diagnosed, a shared helper answers once; nothing of it outlives the diagnosis,
leaks into another thread, or changes a report."""

from __future__ import annotations

import contextlib
import threading

import numpy as np
import pandas as pd
import pytest

from curvedoc.detectors import _signal as sig

CALLS: list[tuple] = []


@sig.shared
def _levels(values: np.ndarray, scale: float = 1.0) -> np.ndarray:
    CALLS.append(("levels", scale))
    return np.cumsum(values) * scale


@sig.shared
def _facts(run) -> dict:
    CALLS.append(("facts",))
    return {"points": len(run.tags)}


@pytest.fixture(autouse=True)
def _fresh():
    CALLS.clear()
    yield
    CALLS.clear()


def test_outside_a_diagnosis_a_shared_helper_is_an_ordinary_call():
    x = np.arange(5.0)
    assert np.array_equal(_levels(x), np.cumsum(x)) and np.array_equal(_levels(x), np.cumsum(x))
    assert len(CALLS) == 2
    assert _levels(x).flags.writeable  # nothing is held, so nothing needs guarding


def test_inside_one_diagnosis_the_same_question_is_answered_once():
    x = np.arange(5.0)
    with sig.run_evidence() as ev:
        a = _levels(x)
        b = _levels(x, 1.0)  # the default spelled out is the same question
        c = _levels(x, scale=1.0)
        assert a is b is c and len(CALLS) == 1 and (ev.computed, ev.reused) == (1, 2)
        # another view of the same memory is the same array; a copy is another object, asked again
        assert _levels(x[:]) is a and len(CALLS) == 1
        _levels(x.copy())
        assert len(CALLS) == 2
        # another argument, or the same number of another type, is another question
        _levels(x, 2.0)
        _levels(x, 2)
        assert [c[1] for c in CALLS[2:]] == [2.0, 2]
    _levels(x)  # the diagnosis is over: nothing is kept
    assert len(CALLS) == 5 and sig._EVIDENCE.get() is None


def test_shared_arrays_are_read_only_and_the_inputs_stay_as_they_were():
    x = np.arange(5.0)
    with sig.run_evidence():
        out = _levels(x)
        with pytest.raises(ValueError):
            out[0] = 99.0  # a rule that wrote into it would change every other rule's evidence
        assert x.flags.writeable
        x_view = x.view()
        assert x_view.flags.writeable


def test_a_dict_answer_is_a_fresh_copy_each_time():
    from curvedoc.model.run import Run, make_frame

    run = Run("r", "test", make_frame(["loss"] * 3, [0, 1, 2], [3.0, 2.0, 1.0]))
    with sig.run_evidence():
        first = _facts(run)
        first["points"] = -1  # a caller that edits its copy
        assert _facts(run) == {"points": 1} and len(CALLS) == 1


def test_memory_is_bounded():
    x = np.arange(1000.0)
    with sig.run_evidence() as ev:
        ev.max_bytes = 4000  # less than one answer: computed, handed out, not kept
        _levels(x)
        _levels(x)
        assert len(CALLS) == 2 and ev.bytes == 0 and not ev.answers


def test_each_thread_has_its_own_evidence():
    x = np.arange(5.0)
    seen = {}

    def other():
        seen["evidence"] = sig._EVIDENCE.get()
        _levels(x)

    with sig.run_evidence() as ev:
        _levels(x)
        t = threading.Thread(target=other)
        t.start()
        t.join()
        assert seen["evidence"] is None and len(CALLS) == 2 and ev.computed == 1


def test_check_mode_catches_an_answer_that_changed(monkeypatch):
    monkeypatch.setenv("CURVEDOC_EVIDENCE_CHECK", "1")
    state = {"n": 0}

    @sig.shared
    def impure(x: np.ndarray) -> float:  # not pure: what the check is for
        state["n"] += 1
        return float(state["n"])

    x = np.arange(3.0)
    with sig.run_evidence():
        impure(x)
        with pytest.raises(AssertionError, match="differs"):
            impure(x)


def test_shared_needs_plain_positional_parameters():
    with pytest.raises(TypeError):
        sig.shared(lambda *values: 0)
    with pytest.raises(TypeError):
        def kw_only(x, *, y=1):
            return x
        sig.shared(kw_only)


def _sample_runs():
    from pathlib import Path

    from curvedoc.importers import load

    root = Path(__file__).resolve().parents[2] / "sample_runs"
    return [run for d in sorted(p for p in root.iterdir() if p.is_dir()) for run in load(d)]


def test_reports_are_the_same_with_and_without_the_shared_evidence(monkeypatch):
    """Every sample run diagnosed with the evidence shared (each reused answer checked against a fresh computation)
    and with every helper asked anew: the same reports, and the sharing did happen."""
    import curvedoc.detectors as detectors
    from curvedoc.engine import Plan, diagnose_run, resolve_settings
    from curvedoc.model.run import RunView

    monkeypatch.setenv("CURVEDOC_EVIDENCE_CHECK", "1")
    plan = Plan.build(resolve_settings())
    made: list = []
    real = detectors.run_evidence

    @contextlib.contextmanager
    def spy():
        with real() as ev:
            made.append(ev)
            yield ev

    runs = _sample_runs()
    assert len(runs) >= 20
    for run in runs:
        monkeypatch.setattr(detectors, "run_evidence", spy)
        shared = diagnose_run(RunView(run), plan, keep_run=False).to_dict()
        monkeypatch.setattr(detectors, "run_evidence", contextlib.nullcontext)
        alone = diagnose_run(RunView(run), plan, keep_run=False).to_dict()
        assert shared == alone, run.name
    assert len(made) == len(runs) and sum(ev.reused for ev in made) >= len(runs)
