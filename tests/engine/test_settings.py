"""One Settings carrier (issue 40 item 1): keywords, the config file and the command line become one frozen
Settings, built once (:meth:`Settings.build`) and passed down; the public keyword API still works on top of it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import curvedoc
from curvedoc.engine import Plan, resolve_settings
from curvedoc.engine.config import Settings, load_settings
from curvedoc.importers.context import entered

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_runs" / "overfitting-small-data"


@pytest.fixture(autouse=True)
def _no_project_config(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no pyproject.toml above: the defaults
    monkeypatch.delenv("CURVEDOC_MAX_FILE_BYTES", raising=False)


def test_settings_are_frozen_and_own_their_values():
    select, roles, params = ["D"], {"train_loss": "loss"}, {"divergence": {"min_rise": 0.5}}
    s = Settings.build(select=select, roles=roles, params=params)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.fail_on = "never"
    select.append("V")
    roles["val_loss"] = "x"
    params["divergence"]["min_rise"] = 9
    assert s.select == ("D",) and s.roles == {"train_loss": "loss"} and s.params == {"divergence": {"min_rise": 0.5}}


def test_one_selector_given_as_a_string_is_one_selector():
    """``select="D001"`` used to become the selectors D, 0, 0, 1 (list() of a string)."""
    s = Settings.build(select="D001", ignore="D002", rules_dirs=Path("extra"))
    assert s.select == ("D001",) and s.ignore == ("D002",) and s.rules_dirs == ("extra",)
    assert Settings(select="V001").select == ("V001",)
    assert [r.code for r, _, _ in Plan.build(Settings.build(select="D001")).rules] == ["D001"]


def test_keywords_go_on_top_of_settings_and_of_the_config_file(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.curvedoc]\nselect = ["D"]\nignore = ["D002"]\nfail-on = "warning"\n'
                                             "[tool.curvedoc.params.divergence]\nmin_rise = 0.5\n")
    base = load_settings()
    assert Settings.build() == base  # no base: the working directory's pyproject.toml
    s = Settings.build(base, extend_select=["V"], ignore=["V001"], params={"divergence": {"window": 3}}, jobs=2,
                       reader="tbparse")
    assert s.select == ("D", "V") and s.ignore == ("D002", "V001") and s.fail_on == "warning"
    assert s.params == {"divergence": {"min_rise": 0.5, "window": 3}} and s.jobs == 2 and s.reader == "tbparse"
    assert base.select == ("D",) and base.jobs is None  # merging built new settings
    assert Settings.build(s, select=["I"]).select == ("I",)  # a selection given replaces
    with pytest.raises(curvedoc.CurvedocError, match="fail-on"):
        Settings.build(fail_on="sometimes")
    with pytest.raises(TypeError, match="not both"):
        resolve_settings(settings=s, config=tmp_path / "pyproject.toml")


def test_diagnose_audit_and_compare_take_one_settings():
    s = Settings.build(select=["G"], fail_on="warning")
    by_settings = curvedoc.diagnose(SAMPLE, settings=s).to_dict()
    assert by_settings == curvedoc.diagnose(SAMPLE, select=["G"], fail_on="warning").to_dict()
    assert {f["code"][0] for r in by_settings["runs"] for f in r["findings"]} <= {"G"}
    # keywords given with settings apply on top of them
    narrowed = curvedoc.diagnose(SAMPLE, settings=Settings.build(select=["ALL"]), select=["G"]).to_dict()
    assert narrowed == by_settings
    from curvedoc.comparison import compare
    from curvedoc.engine.audit import audit

    cmp = compare(SAMPLE, SAMPLE, settings=s)
    assert cmp.to_dict() == compare(SAMPLE, SAMPLE, select=["G"], fail_on="warning").to_dict()
    aud = audit(SAMPLE.parent, settings=s, jobs=1, cache=False, executor="processes")
    assert {f.code[0] for f in aud.findings} <= {"G"}


def test_monitor_and_callbacks_build_their_plan_from_settings():
    from curvedoc.integrations import LiveDiagnosis
    from curvedoc.live import Monitor

    s = Settings.build(select=["D"])
    assert {r.code[0] for r, _, _ in Monitor(settings=s).plan.rules} == {"D"}
    assert {r.code[0] for r, _, _ in LiveDiagnosis(settings=s).monitor.plan.rules} == {"D"}
    assert Monitor(settings=s, ignore=["D001"]).plan.settings.ignore == ("D001",)


def test_an_audit_worker_passes_its_reading_context_instead_of_installing_one():
    """init_worker used to install the audit's ReadContext in the process for good (so an in-process audit left it
    there, and a later read in the same thread saw it); now the context is handed to each read."""
    from curvedoc.engine import worker
    from curvedoc.importers import discover

    assert entered() is None
    guard = worker.init_worker(Settings(max_file_mb=0.001))
    try:
        assert entered() is None
        (spec,) = discover(SAMPLE).specs
        (_, res) = worker.work((0, spec, None))
        assert res[0]["status"] == "unreadable" and "limit" in res[0]["errors"][0]  # the worker's 1 KB limit held
    finally:
        guard.restore()
    assert entered() is None


@pytest.mark.parametrize("command", ["diagnose", "audit", "compare"])
def test_the_cli_builds_one_settings(command, monkeypatch):
    """Every command hands the library the Settings it built from its options (not keywords rebuilt from them)."""
    from click.testing import CliRunner

    import curvedoc.comparison as compare_module
    import curvedoc.engine as engine
    import curvedoc.engine.audit as audit_module
    from curvedoc.cli import main

    module, name = {"diagnose": (engine, "diagnose"), "audit": (audit_module, "audit"),
                    "compare": (compare_module, "compare")}[command]
    seen = []
    real = getattr(module, name)

    def spy(*args, **kw):
        seen.append(kw)
        return real(*args, **kw)

    monkeypatch.setattr(module, name, spy)
    args = {"diagnose": ["diagnose", str(SAMPLE)], "audit": ["audit", str(SAMPLE.parent), "--no-cache", "-j", "1"],
            "compare": ["compare", str(SAMPLE), "--baseline", str(SAMPLE)]}[command]
    res = CliRunner().invoke(main, args + ["--select", "G", "--extend-select", "I", "--fail-on", "warning",
                                           "--format", "json"])
    assert res.exit_code in (0, 1), res.output
    (kw,) = seen
    assert not {"select", "ignore", "params", "roles", "fail_on", "rules_dirs", "config"} & set(kw)
    assert kw["settings"] == Settings.build(select=["G"], extend_select=["I"], fail_on="warning",
                                            jobs=1 if command == "audit" else None)
    assert isinstance(Plan.build(kw["settings"]), Plan)


def test_the_project_file_is_parsed_once_and_an_edit_is_seen(tmp_path, monkeypatch):
    """Issue 41: every diagnose walks up to the same pyproject.toml and parsed it again (~2 ms, over a thousand times
    in the suite). What a file's bytes say is kept, so it is parsed once; a file edited, even to the same size, is
    read anew."""
    import tomllib

    from curvedoc.engine import config

    parsed = []
    real = tomllib.loads
    monkeypatch.setattr(config.tomllib, "loads", lambda text: parsed.append(text) or real(text))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "curvedoc-demo"\n[tool.curvedox]\nselect = ["D001"]\n')
    assert config.find_pyproject() is None and config.find_pyproject() is None
    assert len(parsed) == 1
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "curvedoc-demo"\n[tool.curvedoc]\nselect = ["D001"]\n')
    assert config.find_pyproject() == tmp_path / "pyproject.toml"
    assert load_settings().config_file == str(tmp_path / "pyproject.toml")
