"""benchmarks/seen_batches.py: which sets it reads (never a locked batch), how it pools them, what it compares."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _mod():
    spec = importlib.util.spec_from_file_location("seen_batches", REPO / "benchmarks" / "seen_batches.py")
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def _score(healthy, warned, severe, precision, recall, per_class=True, diffs=()):
    return {"score": {"healthy": healthy, "healthy_with_warning": warned, "severe_findings": severe,
                      "precision": precision, "macro_recall": recall, "per_class": {"x": [1, 2]} if per_class else {},
                      "not_assessed": 1, "crashes": 0, "diffs": list(diffs)}, "verdicts": {}}


def test_a_locked_batch_is_never_read(tmp_path):
    m = _mod()
    for name, scored in (("2027-01-01a", True), ("2027-01-02b", False)):
        d = tmp_path / "lockbox" / name
        (d / "runs").mkdir(parents=True)
        (d / "LABELS.json").write_text("{}")
        if scored:
            (d / "SCORES.md").write_text("scored")
    sets = m.seen_sets(tmp_path / "lockbox", tmp_path / "no-shared")
    assert [s[0] for s in sets] == ["2027-01-01a"]


def test_pooling_and_comparing(tmp_path):
    m = _mod()
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "s1.json").write_text(json.dumps(_score(10, 1, 10, 0.9, 0.5, diffs=["r1: missed x"])))
    (a / "s2.json").write_text(json.dumps(_score(20, 3, 30, 0.6, 0.7)))
    (b / "s1.json").write_text(json.dumps(_score(10, 0, 10, 1.0, 1.0, diffs=["r2: unlabelled y"])))
    p = m.pool(a)
    assert (p["sets"], p["healthy"], p["healthy_warned"], p["severe_findings"]) == (2, 30, 4, 40)
    assert abs(p["precision"] - (9 + 18) / 40) < 1e-12 and abs(p["mean_macro_recall"] - 0.6) < 1e-12
    assert m.changed(a, b) == ["s1  - r1: missed x", "s1  + r2: unlabelled y"]
