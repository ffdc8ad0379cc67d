"""The CLI is a thin layer: exit codes, formats, errors as one clear line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from curvedoc import __version__
from curvedoc.cli import main


def _csv_run(tmp_path, rows=60):
    p = tmp_path / "run" / "metrics.csv"
    p.parent.mkdir(parents=True)
    lines = ["step,loss"] + [f"{i},{2.0 * 0.97 ** i + 0.01 * (i % 3)}" for i in range(rows)]
    p.write_text("\n".join(lines) + "\n")
    return p.parent


def test_version_and_help():
    r = CliRunner().invoke(main, ["--version"])
    assert r.exit_code == 0 and __version__ in r.output
    r = CliRunner().invoke(main, ["--help"])
    assert r.exit_code == 0 and "diagnose" in r.output and "audit" in r.output


def test_nothing_readable_exits_2_with_one_line(tmp_path):
    (tmp_path / "empty").mkdir()
    r = CliRunner().invoke(main, ["diagnose", str(tmp_path / "empty")])
    assert r.exit_code == 2
    assert "no training log found" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["diagnose", str(tmp_path / "missing")])
    assert r.exit_code == 2 and "no such file" in r.output


def test_unknown_rule_and_param_exit_2(tmp_path):
    run = _csv_run(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run), "--select", "ZZZ9"])
    assert r.exit_code == 2 and "unknown rule selector" in r.output
    r = CliRunner().invoke(main, ["diagnose", str(run), "--param", "damaged-log.nope=1"])
    assert r.exit_code == 2 and "no parameter" in r.output
    r = CliRunner().invoke(main, ["diagnose", str(run), "--role", "bogus=x"])
    assert r.exit_code == 2 and "unknown role" in r.output


def test_json_output_parses(tmp_path):
    run = _csv_run(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run), "--format", "json"])
    assert r.exit_code in (0, 1), r.output
    doc = json.loads(r.output)
    assert doc["curvedoc_version"] == __version__
    assert doc["runs"][0]["run"] == "run" and doc["runs"][0]["roles"]["train_loss"] == "loss"


def test_rules_and_rule_commands():
    r = CliRunner().invoke(main, ["rules"])
    assert r.exit_code == 0 and "I002" in r.output and "damaged-log" in r.output
    r = CliRunner().invoke(main, ["rule", "i002"])
    assert r.exit_code == 0 and "What it detects" in r.output and "min_skipped" in r.output
    r = CliRunner().invoke(main, ["rule", "nope"])
    assert r.exit_code == 2
