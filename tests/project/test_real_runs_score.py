"""The real-run score (benchmarks/real_runs.py) that every lock-box figure comes from: what counts as found, and the
aliases of label classes that name no rule (benchmarks/lockbox/ALIASES.json)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).parents[2]


def _real_runs():
    spec = importlib.util.spec_from_file_location("real_runs", ROOT / "benchmarks" / "real_runs.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _verdict(**findings):
    return {"crash": None, "runs": [{"run": "r", "status": "failing", "points": 10}], "findings": findings}


LABELS = {
    "a": {"healthy": False, "must": ["nan_inf"], "may": []},
    "b": {"healthy": False, "must": ["overfitting"], "may": ["stalled_training"]},
    "c": {"healthy": True, "must": [], "may": []},
}
VERDICTS = {"a": _verdict(divergence="error"), "b": _verdict(overfitting="warning", underfitting="warning"),
            "c": _verdict(loss_spikes="info")}


def test_without_aliases_a_class_that_names_no_rule_is_never_found():
    s = _real_runs().score(LABELS, VERDICTS)
    assert s["per_class"]["nan_inf"] == (0, 1)
    assert s["precision"] == 1 / 3  # only b's overfitting: divergence and underfitting are not named in must or may
    assert s["healthy_with_warning"] == 0  # an info is no warning


def test_aliases_count_the_rules_that_report_a_class_for_recall_and_precision():
    aliases = json.loads((ROOT / "benchmarks" / "lockbox" / "ALIASES.json").read_text(encoding="utf-8"))["aliases"]
    s = _real_runs().score(LABELS, VERDICTS, aliases)
    assert s["per_class"]["nan_inf"] == (1, 1)
    assert s["precision"] == 1.0
