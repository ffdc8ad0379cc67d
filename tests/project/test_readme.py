"""The README stays true: two quick-start commands, real demo output, the current rules table."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from curvedoc.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    nxt = text.find("\n## ", start + len(heading))
    return text[start : nxt if nxt != -1 else len(text)]


def test_quick_start_has_exactly_two_setup_commands():
    qs = _section(README.read_text(encoding="utf-8"), "## Quick start")
    blocks = re.findall(r"```bash\n(.*?)```", qs, flags=re.S)
    assert len(blocks) == 2, blocks
    cmds = [b.strip() for b in blocks]
    assert all("\n" not in c for c in cmds), "each quick-start block is one copy-pasteable line"
    assert "pip install ." in cmds[0] and "curvedoc diagnose sample_runs/" in cmds[0]
    assert "pip install '.[test]'" in cmds[1] and cmds[1].endswith("pytest")
    run = cmds[0].split("curvedoc diagnose ", 1)[1].split()[0]
    assert (README.parent / run).is_dir(), f"the README demo run {run} does not exist"


def test_demo_output_is_what_the_code_prints():
    text = README.read_text(encoding="utf-8")
    qs = _section(text, "## Quick start")
    cmd = re.findall(r"```bash\n(.*?)```", qs, flags=re.S)[0]
    run = cmd.split("curvedoc diagnose ", 1)[1].split()[0]
    shown = re.findall(r"```text\n(.*?)```", qs, flags=re.S)[0]
    res = CliRunner().invoke(main, ["diagnose", str(README.parent / run), "--no-color"])
    assert res.exit_code == 1
    assert res.output.rstrip("\n") == shown.rstrip("\n"), (
        "README demo output is stale: paste the output of `curvedoc diagnose " + run + " | cat`"
    )


def test_rules_table_is_current():
    text = README.read_text(encoding="utf-8")
    res = CliRunner().invoke(main, ["rules", "--format", "markdown"])
    table = res.output.replace("](#", "](docs/rules.md#").rstrip("\n")
    assert table in text, "README rules table is stale: regenerate it from `curvedoc rules --format markdown`"


def test_compare_example_is_what_the_code_prints(monkeypatch):
    """The compare section's output is an actual run's, up to the '...' that cuts it short."""
    sec = _section(README.read_text(encoding="utf-8"), "## Compare with a baseline")
    shown = re.findall(r"```text\n(.*?)```", sec, flags=re.S)[0].splitlines()
    cmd = shown[0].removeprefix("$ curvedoc ").split()
    body = [line for line in shown[1:] if line.strip() != "..."]
    monkeypatch.chdir(README.parent)
    res = CliRunner().invoke(main, cmd + ["--no-color"])
    assert res.exit_code == 1
    assert res.output.splitlines()[: len(body)] == body, "README compare example is stale: paste the real output"


def test_the_rules_that_wait_for_the_end_are_the_whole_run_ones():
    """What the README says a callback or ``watch`` cannot raise mid-run is the rule data's ``whole_run`` list, by code
    and name, and the Keras backend note is there."""
    from curvedoc.engine import Plan, resolve_settings

    watch = _section(README.read_text(encoding="utf-8"), "## Watch a run while it trains")
    said = re.search(r"Rules that need the end of the run \(([^)]*)\)", watch)
    assert said, "the README no longer says which rules wait for the end of the run"
    catalog = Plan.build(resolve_settings(None)).catalog
    whole = {r.code: r.name.replace("-", " ") for r in catalog.rules.values() if r.whole_run}
    listed = dict(re.findall(r"\b([A-Z]\d{3}) ([a-z][a-z ]+?)(?=,|:|$)", said.group(1)))
    assert listed == whole, (listed, whole)
    checks = re.search(r"Checks that need the end of the run:\s+([^)]*)\)", watch)
    assert checks, "the README no longer says which checks of other rules wait for the end of the run"
    waiting = {r.code for r in catalog.rules.values() if r.whole_run_checks and not r.whole_run}
    assert set(re.findall(r"\b([A-Z]\d{3}) ", checks.group(1))) == waiting, (checks.group(1), waiting)
    assert "KERAS_BACKEND" in watch
