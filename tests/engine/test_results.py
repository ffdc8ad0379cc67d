"""Typed results (issue 40 item 3): a report's parts are frozen dataclasses whose fields are the keys of the JSON
contract (curvedoc/reporters/schema.json), and whose ``to_dict()`` is exactly that JSON."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from curvedoc.engine.report import Report, RunReport
from curvedoc.engine.results import (BaselineInfo, BaselineRun, BestRun, CauseRank, Comparison, Coverage,
                                     CurveComparison, HparamDiff, Issue, MetricEntry, Problem, RankRow,
                                     ResolvedFinding, RoleSummary, Separation, SharedFailure, SkippedRule,
                                     SweepSummary, UnreadableRun)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "curvedoc" / "reporters" / "schema.json").read_text())
SAMPLES = ROOT / "sample_runs"

# each typed result and the schema object it writes
WHERE = {
    Coverage: SCHEMA["$defs"]["run"]["properties"]["coverage"],
    SkippedRule: SCHEMA["$defs"]["skipped"],
    CauseRank: SCHEMA["$defs"]["cause"],
    Comparison: SCHEMA["$defs"]["comparison"],
    SweepSummary: SCHEMA["$defs"]["sweep"],
    Problem: SCHEMA["properties"]["problems"]["items"],
    Issue: SCHEMA["$defs"]["issue"],
    RoleSummary: SCHEMA["$defs"]["roleSummary"],
    BaselineInfo: SCHEMA["$defs"]["baseline"],
    RankRow: SCHEMA["$defs"]["sweep"]["properties"]["ranking"]["items"],
    Separation: SCHEMA["$defs"]["sweep"]["properties"]["separating_hparams"]["items"],
    SharedFailure: SCHEMA["$defs"]["sweep"]["properties"]["shared_failures"]["items"],
    BestRun: SCHEMA["$defs"]["sweep"]["properties"]["best_run"]["oneOf"][1],
    UnreadableRun: SCHEMA["$defs"]["sweep"]["properties"]["unreadable"]["items"],
}


@pytest.mark.parametrize("cls", list(WHERE), ids=lambda c: c.__name__)
def test_the_schema_and_the_dataclass_name_the_same_fields(cls):
    schema = WHERE[cls]
    fields = cls.json_keys()
    # an object the schema describes by its required keys only (a shared failure, an unreadable run) names them all
    assert set(fields) == set(schema.get("properties") or schema["required"]), f"{cls.__name__} vs schema.json"
    assert set(schema.get("required", ())) <= set(fields)
    # a key the schema requires is never left out of to_dict() -- but a sweep's "unreadable", which a report saved
    # before it existed lacks (then None, and the text report lists the unreadable runs from the runs themselves)
    assert not set(schema.get("required", ())) & (cls.OPTIONAL - {"unreadable"}), cls.OPTIONAL


@pytest.mark.parametrize("cls, where", [
    (CurveComparison, SCHEMA["$defs"]["comparison"]["properties"]["series"]["items"]),
    (ResolvedFinding, SCHEMA["$defs"]["comparison"]["properties"]["resolved_findings"]["items"]),
    (HparamDiff, SCHEMA["$defs"]["comparison"]["properties"]["hparams_diff"]["items"]),
    (BaselineRun, SCHEMA["$defs"]["baseline"]["properties"]["runs"]["items"]),
    (MetricEntry, SCHEMA["$defs"]["run"]["properties"]["coverage"]["properties"]["metrics"]["items"]),
], ids=lambda x: getattr(x, "__name__", ""))
def test_a_comparisons_parts_carry_every_key_the_schema_names(cls, where):
    """The schema names some keys of these objects (the required ones and those it constrains); the dataclass has
    them all, and its other fields are what compare writes today (tests below check the JSON itself)."""
    keys = set(cls.json_keys())
    assert set(where.get("required", ())) <= keys and set(where.get("properties", {})) <= keys


def test_the_run_report_fields_that_are_typed_are_those_of_the_schema():
    typed = {"coverage": Coverage, "comparison": Comparison}
    hints = {f.name: f.type for f in dataclasses.fields(RunReport)}
    for name, cls in typed.items():
        assert cls.__name__ in str(hints[name])
    assert "SkippedRule" in str(hints["skipped"]) and "CauseRank" in str(hints["top_causes"])
    assert "Issue" in str(hints["issues"]) and "RoleSummary" in str(hints["summary"])
    report_hints = {f.name: f.type for f in dataclasses.fields(Report)}
    assert "SweepSummary" in str(report_hints["sweep"]) and "Problem" in str(report_hints["problems"])
    assert "BaselineInfo" in str(report_hints["baseline"])


def _reports():
    import curvedoc
    from curvedoc.comparison import compare
    from curvedoc.engine.audit import audit

    healthy, spiky = SAMPLES / "healthy-mlp-cosine", SAMPLES / "loss-spikes-corrupt-batches"
    yield "diagnose", curvedoc.diagnose(spiky)
    yield "compare", compare(spiky, healthy)
    yield "audit", audit(SAMPLES, jobs=1, cache=False)


def test_to_dict_round_trips_and_the_parts_are_typed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for kind, report in _reports():
        d = report.to_dict()
        assert Report.from_dict(json.loads(json.dumps(d))).to_dict() == d, kind
        for rr in report.runs:
            assert rr.coverage is None or isinstance(rr.coverage, Coverage)
            assert rr.coverage is None or all(isinstance(m, MetricEntry) for m in rr.coverage.metrics)
            assert all(isinstance(s, SkippedRule) for s in rr.skipped)
            assert all(isinstance(c, CauseRank) for c in rr.top_causes)
            assert all(isinstance(i, Issue) for i in rr.issues)
            assert all(isinstance(s, RoleSummary) for s in rr.summary.values())
        if kind == "compare":
            cmp = report.runs[0].comparison
            assert isinstance(cmp, Comparison) and cmp.verdict in ("matches", "worse", "better", "different")
            assert d["runs"][0]["comparison"] == cmp.to_dict()
            assert isinstance(report.baseline, BaselineInfo) and report.baseline.runs[0].run == "healthy-mlp-cosine"
            assert cmp.series and all(isinstance(s, CurveComparison) for s in cmp.series)
            assert all(isinstance(h, HparamDiff) for h in cmp.hparams_diff or ())
        if kind == "audit":
            assert isinstance(report.sweep, SweepSummary) and report.sweep.runs == len(report.runs)
            assert all(isinstance(r, RankRow) for r in report.sweep.ranking) and report.sweep.ranking[0].rank == 1
            assert isinstance(report.sweep.best_run, BestRun)
            assert all(isinstance(u, UnreadableRun) for u in report.sweep.unreadable)
            assert report.sweep.jobs == 1 and report.sweep.cached_runs == 0
            assert "resumed_runs" not in d["sweep"]  # only for an audit resumed from a results stream
            assert all(isinstance(p, Problem) for p in report.problems)


def test_results_are_frozen_and_still_read_as_mappings():
    cov = Coverage(assessed=True, signal="train_loss", signal_tag="loss", rules_ran=["D001"], reason="")
    with pytest.raises(dataclasses.FrozenInstanceError):
        cov.assessed = False
    assert cov.rules_ran == ("D001",)
    # code written when coverage was a dict keeps working, read-only
    assert cov["assessed"] is True and cov.get("signal") == "train_loss" and cov.get("nope", 3) == 3
    assert "signal_note" not in cov and "reason" in cov
    skipped = SkippedRule(name="x", code="X001", missing=["epoch"])
    assert skipped.to_dict() == {"name": "x", "code": "X001", "missing": ["epoch"]}  # no "why": none was given
    assert SkippedRule.from_dict({**skipped.to_dict(), "future_key": 1}) == skipped  # unknown keys are left out


def test_a_separating_statement_keeps_its_json_keys():
    """"with" is a Python keyword: the field is with_, the JSON key stays "with"."""
    d = {"outcome": "divergence", "hparam": "lr", "condition": "lr >= 0.1", "with": [3, 3], "without": [0, 5],
         "p_value": 0.018, "statement": "divergence in 3 of 3 runs with lr >= 0.1, in 0 of 5 below"}
    s = Separation.from_dict(d)
    assert s.with_ == (3, 3) and s.to_dict() == d and list(s.to_dict()) == list(d)
    sweep = SweepSummary.from_dict({"runs": 8, "separating_hparams": [d], "shared_failures": [],
                                    "best_run": {"run": "a", "by": "final val_loss", "value": 0.5}})
    assert sweep.separating_hparams == (s,) and sweep.best_run == BestRun("a", "final val_loss", 0.5)
    assert sweep["separating_hparams"] == [d]  # the mapping view gives the JSON
