"""Engine contract: selection, parameters, skipped rules, detector errors, status/score, exit codes."""

from __future__ import annotations

import json

import numpy as np
import pytest
from _helpers import make_run

import curvedoc
from curvedoc.detectors import Hit
from curvedoc.engine import Plan, diagnose_run, resolve_settings
from curvedoc.engine.report import Report
from curvedoc.errors import ConfigError
from curvedoc.model.run import ImportIssue


def _run_with_damage():
    return make_run("r1", train_loss=np.linspace(2, 1, 50),
                    issues=[ImportIssue("truncated-record", "truncated last record", file="f", count=1)])


def test_diagnose_run_object_and_json_contract():
    rep = curvedoc.diagnose(_run_with_damage())
    d = json.loads(rep.to_json())
    assert set(d) >= {"curvedoc_version", "runs"}
    (r,) = d["runs"]
    assert {"run", "source", "status", "score", "roles", "findings", "skipped", "errors"} <= set(r)
    names = [f["name"] for f in r["findings"]]
    assert "damaged-log" in names
    f = r["findings"][names.index("damaged-log")]
    assert set(f) >= {"code", "name", "severity", "confidence", "step", "steps", "message", "evidence", "causes", "fixes"}
    assert f["causes"] and f["fixes"]
    assert r["status"] == "warning" and 0 <= r["score"] < 100
    assert r["roles"]["train_loss"] == "train_loss"


def test_select_ignore_prefix_and_unknown():
    run = _run_with_damage()
    rep = curvedoc.diagnose(run, select=["I"], ignore=["damaged-log"])
    assert [f.name for f in rep.runs[0].findings if f.name == "damaged-log"] == []
    rep = curvedoc.diagnose(run, select=["I002"])
    assert [f.code for f in rep.runs[0].findings] == ["I002"]
    with pytest.raises(ConfigError):
        curvedoc.diagnose(run, select=["NOPE999"])
    with pytest.raises(ConfigError):
        curvedoc.diagnose(run, params={"damaged-log": {"no_such_param": 1}})
    with pytest.raises(ConfigError):
        curvedoc.diagnose(run, params={"no-such-rule": {"x": 1}})
    with pytest.raises(ConfigError):
        curvedoc.diagnose(run, params={"damaged-log": {"min_skipped": "many"}})
    rep = curvedoc.diagnose(run, params={"damaged-log": {"min_skipped": 5}}, select=["I002"])
    assert rep.runs[0].findings == []


def test_missing_roles_are_listed_as_skipped():
    run = make_run("r", epoch=np.arange(10))
    rep = curvedoc.diagnose(run)
    skipped = {s["name"]: s["missing"] for s in rep.runs[0].skipped}
    for name, rule in Plan.build(resolve_settings()).catalog.rules.items():
        if rule.needs and any("train_loss" in g for g in rule.needs):
            assert name in skipped and any("train_loss" in m for m in skipped[name])


def test_detector_exception_becomes_error_entry():
    def boom(run, p):
        raise ValueError("kaboom")

    plan = Plan.build(resolve_settings(select=["I"]))
    plan.rules = [(r, type(s)(s.name, boom if s.name == "damaged-log" else s.func, s.params, s.module), p)
                  for r, s, p in plan.rules]
    rr = diagnose_run(_run_with_damage(), plan)
    assert any("kaboom" in e and "I002" in e for e in rr.errors)


def test_exit_status_levels():
    run = _run_with_damage()
    rep = curvedoc.diagnose(run)
    assert rep.exit_status("error") == 0  # only a warning
    assert rep.exit_status("warning") == 1
    assert rep.exit_status("never") == 0
    assert Report().exit_status() == 2


def test_score_and_status_ordering():
    from curvedoc.engine.scoring import run_score, run_status
    from curvedoc.engine.findings import Finding

    err = Finding("D001", "divergence", "error", 0.9, "m")
    warn = Finding("V001", "overfitting", "warning", 0.8, "m")
    info = Finding("V003", "grokking", "info", 0.9, "m")
    assert run_status([]) == "healthy" and run_score([]) == 100
    assert run_status([info]) == "healthy" and run_score([info]) > 95
    assert run_status([warn]) == "warning"
    assert run_status([warn, err]) == "failing"
    assert run_score([err]) < run_score([warn]) < run_score([info])


def test_report_roundtrip_and_frame():
    rep = curvedoc.diagnose(_run_with_damage())
    d = rep.to_dict()
    back = Report.from_dict(json.loads(json.dumps(d)))
    assert back.to_dict()["runs"][0]["findings"] == d["runs"][0]["findings"]
    df = rep.to_frame()
    assert list(df.columns[:4]) == ["run", "status", "code", "name"]
    assert len(df) == len(rep.findings)


def test_nan_evidence_is_valid_json():
    from curvedoc.engine.findings import Finding

    f = Finding("D001", "divergence", "error", 1.0, "m", evidence={"x": float("nan"), "y": float("inf"), "z": np.float32(1.5)})
    s = json.dumps(f.to_dict(), allow_nan=False)
    assert '"NaN"' in s and '"inf"' in s and "1.5" in s


def test_config_from_pyproject(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the working directory's project
    (tmp_path / "pyproject.toml").write_text(
        '[tool.curvedoc]\nselect = ["I"]\nignore = ["I001"]\nfail-on = "warning"\n'
        '[tool.curvedoc.roles]\ntrain_loss = "my/loss"\n[tool.curvedoc.params.damaged-log]\nmin_skipped = 3\n'
    )
    s = resolve_settings(tmp_path)
    assert s.select == ("I",) and s.ignore == ("I001",) and s.fail_on == "warning"
    assert s.roles == {"train_loss": "my/loss"} and s.params == {"damaged-log": {"min_skipped": 3}}
    (tmp_path / "pyproject.toml").write_text('[tool.curvedoc]\nselct = ["I"]\n')
    with pytest.raises(ConfigError, match="selct"):
        resolve_settings(tmp_path)


def test_role_override_picks_tag():
    run = make_run("r", **{"a/b": np.linspace(3, 1, 20), "loss": np.linspace(2, 1, 20)})
    assert run.roles["train_loss"] == "loss"
    from curvedoc.model.run import RunView

    assert RunView(run, roles={"train_loss": "a/b"}).roles["train_loss"] == "a/b"
    assert any("missing" in n for n in RunView(run, roles={"train_loss": "missing"}).role_notes)
    assert run.roles["train_loss"] == "loss", "a view with overrides leaves the run's own reading as it was"


def test_user_rules_dir_overrides_severity(tmp_path):
    (tmp_path / "mine.toml").write_text('[[rule]]\nname = "damaged-log"\nseverity = "error"\n[rule.params]\nmin_skipped = 1\n')
    rep = curvedoc.diagnose(_run_with_damage(), rules_dirs=[tmp_path], select=["I002"])
    assert rep.runs[0].findings[0].severity == "error"
    assert rep.exit_status("error") == 1


def test_hit_defaults():
    h = Hit("m")
    assert h.confidence == 0.8 and h.step is None and h.marks == ()


def test_rl_losses_get_their_role_but_no_rule_expects_them_to_fall():
    run = make_run("r", **{"train/loss": np.linspace(1, 3, 50), "rollout/ep_rew_mean": np.linspace(0, 100, 50)})
    assert run.roles["train_loss"] == "train/loss"
    assert any("reinforcement-learning" in n for n in run.role_notes)
    rep = curvedoc.diagnose(run)
    assert not [f for f in rep.runs[0].findings if f.code.startswith("D")]  # a rising value loss is not divergence
    why = {s["code"]: s.get("why", "") for s in rep.runs[0].skipped}
    assert why["D002"].startswith("reinforcement learning ('rollout/ep_rew_mean' logged)")
    from curvedoc.reporters import render

    assert "reinforcement learning" in render(rep, "text")


def test_max_file_mb_is_scoped_to_the_call(tmp_path, monkeypatch):
    import os

    monkeypatch.chdir(tmp_path)  # the working directory's project
    from curvedoc.importers._base import max_file_bytes

    d = tmp_path / "r"
    d.mkdir()
    (d / "metrics.csv").write_text("step,loss\n" + "".join(f"{i},{1.0 / (i + 1)}\n" for i in range(2000)))
    before = max_file_bytes()
    env_before = os.environ.get("CURVEDOC_MAX_FILE_BYTES")
    (tmp_path / "pyproject.toml").write_text("[tool.curvedoc]\nmax-file-mb = 0.001\n")
    rep = curvedoc.diagnose(d)
    assert rep.runs[0].status == "unreadable" and "limit" in rep.runs[0].errors[0]
    rep = curvedoc.audit(d.parent, jobs=1, cache=False)
    assert [r.status for r in rep.runs] == ["unreadable"]
    assert max_file_bytes() == before and os.environ.get("CURVEDOC_MAX_FILE_BYTES") == env_before


def test_a_detector_error_never_leaves_a_run_healthy():
    import numpy as np

    def boom(run, p):
        raise IndexError("kaboom")

    plan = Plan.build(resolve_settings())
    plan.rules = [(r, type(s)(s.name, boom if s.name == "divergence" else s.func, s.params, s.module), p)
                  for r, s, p in plan.rules]
    from _helpers import make_run

    healthy = make_run(train_loss=0.3 + 2 * np.exp(-np.arange(300) / 60.0))
    rr = diagnose_run(healthy, plan)
    assert rr.errors and rr.status == "not-assessed" and "failed" in rr.coverage["reason"]


@pytest.mark.parametrize("param,value,why", [("divergence.min_rise", "nan", "finite"), ("divergence.min_rise", "-inf", "finite"),
                                             ("divergence.min_rise", "-1", ">= 0"),
                                             ("plateau-at-chance.num_classes", "inf", "finite"),
                                             ("plateau-at-chance.num_classes", "1e20", "expects int"),
                                             ("loss-spikes.window_frac", "3", "fraction")])
def test_out_of_range_parameters_are_refused(param, value, why):
    from curvedoc.engine.config import parse_param_option

    with pytest.raises(ConfigError, match=why):
        Plan.build(resolve_settings(params=parse_param_option([f"{param}={value}"])))
