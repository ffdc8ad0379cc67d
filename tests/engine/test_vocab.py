"""The vocabulary (curvedoc/vocab.py) is the one declaration of severities, statuses and fail-on levels: the JSON
schema, the CLI's choices and the rules' TOML all agree with it, and its orders are the ones the reports use."""

from __future__ import annotations

import json
from importlib.resources import files

import click
import pytest

from curvedoc.vocab import (
    FAIL_ON_LEVELS,
    FLAGGED_STATUSES,
    SEVERITIES,
    STATUS_RANK,
    STATUSES,
    WARNING_OR_WORSE,
    FailOn,
    Severity,
    Status,
    at_or_above,
    failing_severities,
    severity_rank,
    status_rank,
)


def _schema() -> dict:
    return json.loads((files("curvedoc.reporters") / "schema.json").read_text(encoding="utf-8"))


def _walk(node, path=""):
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from _walk(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{path}/{i}")


def test_schema_enums_are_the_vocabulary():
    schema = _schema()
    assert schema["$defs"]["severity"] == {"enum": list(SEVERITIES)}
    assert schema["$defs"]["status"] == {"enum": list(STATUSES)}
    counts = [n["status_counts"] for _, n in _walk(schema) if isinstance(n.get("status_counts"), dict)]
    assert counts and all(c["required"] == list(STATUSES) for c in counts)


def test_every_severity_and_status_in_the_schema_is_the_vocabulary():
    """A 'severity' or 'status' property refers to the one definition, and every constant one is a member."""
    defs = {"severity": ("#/$defs/severity", SEVERITIES), "status": ("#/$defs/status", STATUSES)}
    seen = 0
    for path, node in _walk(_schema()):
        props = node.get("properties")
        if not isinstance(props, dict):
            continue
        for key, (ref, allowed) in defs.items():
            spec = props.get(key)
            if not isinstance(spec, dict):
                continue
            seen += 1
            if "const" in spec:
                assert spec["const"] in allowed, f"{path}/properties/{key}"
            else:
                assert spec == {"$ref": ref}, f"{path}/properties/{key} spells its own enum: {spec}"
    assert seen >= 6


def test_orders():
    assert list(Severity) == ["error", "warning", "info"]  # worst first
    assert [severity_rank(s) for s in ("error", "warning", "info", "fatal")] == [0, 1, 2, 3]
    assert sorted(STATUSES, key=status_rank) == ["unreadable", "failing", "warning", "not-assessed", "healthy"]
    assert status_rank("unknown") > max(STATUS_RANK.values())
    assert set(STATUS_RANK) == set(STATUSES)
    assert WARNING_OR_WORSE == failing_severities(FailOn.WARNING)
    assert set(FLAGGED_STATUSES) == {Status.FAILING, Status.WARNING}


@pytest.mark.parametrize("level, fails", [
    ("error", ("error",)), ("warning", ("error", "warning")), ("info", ("error", "warning", "info")),
    ("never", ()), (None, ()),
])
def test_fail_on_levels(level, fails):
    assert failing_severities(level) == fails
    for sev in SEVERITIES:
        assert at_or_above(sev, level) == (sev in fails)
    assert not at_or_above("fatal", level)  # a severity that is none of the three never fails


def test_an_unknown_fail_on_level_is_refused():
    with pytest.raises(ValueError, match="one of error, warning, info, never"):
        failing_severities("warn")


def test_members_are_their_strings():
    assert Severity.ERROR == "error" and f"{Status.NOT_ASSESSED}" == "not-assessed"
    assert json.dumps({Status.FAILING: Severity.WARNING}) == '{"failing": "warning"}'
    assert FAIL_ON_LEVELS == tuple(FailOn) == SEVERITIES + ("never",)


def test_cli_choices_come_from_the_vocabulary():
    from curvedoc.cli import main

    def choices(command: str) -> list[str]:
        opt = next(p for p in main.commands[command].params if p.name == "fail_on")
        assert isinstance(opt.type, click.Choice)
        return list(opt.type.choices)

    assert choices("diagnose") == choices("audit") == choices("compare") == list(FAIL_ON_LEVELS)
    assert choices("watch") == list(SEVERITIES)  # watch stops at a finding: 'never' would mean no --fail-on


def test_builtin_rules_use_the_vocabulary():
    from curvedoc.engine.rules import load_catalog

    rules = load_catalog().rules.values()
    assert rules and all(r.severity in SEVERITIES for r in rules)


def test_live_and_integrations_share_one_ranking():
    """Reporting (error first) and stopping (at or above a level) used to keep two reversed rankings."""
    from curvedoc import live
    from curvedoc.engine.findings import Finding

    assert live.at_or_above is at_or_above
    found = [Finding("X001", "x", sev, 0.5, "m") for sev in ("info", "error", "warning")]
    assert [f.severity for f in sorted(found, key=Finding.sort_key)] == ["error", "warning", "info"]
