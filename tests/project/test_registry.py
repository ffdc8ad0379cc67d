"""The catalogue is complete and consistent: every rule has a detector, a test file and documentation;
every detector has a rule; parameters in the rule data match the detector's Params exactly."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from curvedoc.detectors import registry
from curvedoc.engine.rules import CODE_RE, load_catalog

TESTS = Path(__file__).resolve().parents[1]
HEADINGS = ["## What it detects", "## Why it matters", "## Example", "## Options", "## References"]


def test_rules_and_detectors_are_a_bijection():
    cat = load_catalog()
    dets = registry()
    assert set(cat.rules) == set(dets), (
        f"rules without detector: {sorted(set(cat.rules) - set(dets))}; "
        f"detectors without rule: {sorted(set(dets) - set(cat.rules))}"
    )


def test_codes_unique_and_well_formed():
    cat = load_catalog()
    codes = [r.code for r in cat.rules.values()]
    assert len(codes) == len(set(codes))
    for c in codes:
        assert CODE_RE.match(c), c


@pytest.mark.parametrize("name", sorted(load_catalog().rules))
def test_rule_entry_is_complete(name):
    cat = load_catalog()
    rule = cat.rules[name]
    spec = registry()[name]
    assert rule.summary and rule.what and rule.why, f"{name}: summary/what/why must be filled"
    assert rule.causes, f"{name}: no causes"
    assert all(c in cat.causes for c in rule.causes)
    fields = {f.name for f in dataclasses.fields(spec.params)}
    assert set(rule.params) == fields, f"{name}: rule params {sorted(rule.params)} != detector Params {sorted(fields)}"
    for f in dataclasses.fields(spec.params):
        assert f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING, (
            f"{name}.{f.name}: defaults live in the rule data only"
        )
    for p in rule.params:
        assert rule.param_docs.get(p), f"{name}: parameter {p!r} has no param_docs entry saying why"
    from curvedoc.model.roles import PSEUDO_ROLES, family_names, role_names

    known = set(role_names()) | set(family_names()) | set(PSEUDO_ROLES)
    for group in rule.needs:
        for role in group:
            assert role in known, f"{name}: needs unknown role {role!r}"


@pytest.mark.parametrize("name", sorted(registry()))
def test_detector_documented_and_tested(name):
    spec = registry()[name]
    import importlib

    mod = importlib.import_module(spec.module)
    doc = mod.__doc__ or ""
    for h in HEADINGS:
        assert h in doc, f"{spec.module}: docstring lacks {h!r}"
    options = doc.split("## Options", 1)[1].split("##", 1)[0]
    documented = set(re.findall(r"^\s*-\s*``(\w+)``", options, flags=re.M))
    rule = load_catalog().rules[name]
    assert documented == set(rule.params), f"{name}: ## Options documents {sorted(documented)}, rule has {sorted(rule.params)}"
    snake = name.replace("-", "_")
    assert spec.module.rsplit(".", 1)[1] == snake, f"detector {name} should live in detectors/{snake}.py"
    test_file = TESTS / "detectors" / f"test_det_{snake}.py"
    assert test_file.is_file(), f"{name}: no test file {test_file.name}"


def test_every_cause_is_used_or_documented():
    cat = load_catalog()
    used = {c for r in cat.rules.values() for c in r.causes}
    # a cause a [[signature]] or [[consequence]] brings forward is cited too (rules/causes.toml)
    used |= {s.cause for s in cat.signatures} | {c for link in cat.consequences for c in link.lead}
    unused = set(cat.causes) - used
    assert not unused, f"causes nobody cites: {sorted(unused)}"
    for c in cat.causes.values():
        assert c.title and c.fixes and c.source, f"cause {c.id} lacks title/fixes/source"
