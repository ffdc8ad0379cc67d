"""``--format json`` is written by curvedoc._json.dumps_indented: the same bytes as ``json.dumps(d, indent=2,
ensure_ascii=False, allow_nan=False)`` (the JSON contract's layout), for any tree of JSON values, and the same errors."""

from __future__ import annotations

import enum
import json
import math

import pytest
from fuzz_profile import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from curvedoc._json import dumps_indented


def _std(obj, indent=2):
    return json.dumps(obj, indent=indent, ensure_ascii=False, allow_nan=False)


_keys = st.one_of(st.text(max_size=8), st.integers(-5, 5), st.floats(allow_nan=False, allow_infinity=False),
                  st.booleans(), st.none())
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2 ** 70), 2 ** 70),
                     st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
_trees = st.recursive(_scalars, lambda kids: st.one_of(st.lists(kids, max_size=5), st.tuples(kids, kids),
                                                       st.dictionaries(_keys, kids, max_size=5)), max_leaves=40)


@settings(max_examples=examples(400))
@given(_trees, st.sampled_from([2, 0, 1, 4]))
def test_the_same_bytes_as_the_standard_encoder(tree, indent):
    assert dumps_indented(tree, indent) == _std(tree, indent)


class _Sev(str, enum.Enum):
    WARNING = "warning"


class _Level(enum.IntEnum):
    HIGH = 3


class _Dict(dict):
    pass


def test_subclasses_escapes_and_edge_values():
    tree = {"sev": _Sev.WARNING, "lvl": _Level.HIGH, "sub": _Dict(a=[1, _Dict(b=2.5)]), "t": (1, (2, [])),
            "esc": "quote \" back \\ tab \t nl \n ctl \x01 é 漢 \U0001f600 \ud800", "f": [1e-7, 1e22, -0.0, 5e-324],
            1: "int key", 2.5: "float key", True: "bool key", None: "none key", "empty": [{}, [], ()],
            "big": 2 ** 100, "flat": {"x": 1, "y": "z"}}
    assert dumps_indented(tree) == _std(tree)
    assert dumps_indented([]) == "[]" and dumps_indented({}) == "{}" and dumps_indented("x") == '"x"'
    assert dumps_indented(None, 2) == "null"
    assert dumps_indented({"a": 1}, None) == _std({"a": 1}, None)  # not an int: the standard encoder itself


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("where", ["flat", "nested", "key", "top"])
def test_nan_and_infinity_are_refused_as_the_standard_encoder_refuses_them(bad, where):
    tree = {"flat": [1, bad], "nested": {"a": [[bad]]}, "key": {bad: 1}, "top": bad}[where]
    with pytest.raises(ValueError):
        _std(tree)
    with pytest.raises(ValueError):
        dumps_indented(tree)


@pytest.mark.parametrize("tree", [{"a": object()}, [[object()]], {"a": {(1, 2): 3}}, {"s": {1, 2}}])
def test_what_json_cannot_hold_is_a_type_error_both_ways(tree):
    with pytest.raises(TypeError):
        _std(tree)
    with pytest.raises(TypeError):
        dumps_indented(tree)


def test_an_audit_report_is_written_with_the_standard_layout(tmp_path):
    import curvedoc
    from _helpers import SAMPLE_RUNS

    report = curvedoc.audit(SAMPLE_RUNS, jobs=1, cache=False)
    assert report.to_json() == _std(report.to_dict())
    assert report.to_json(indent=None) == json.dumps(report.to_dict(), ensure_ascii=False, allow_nan=False)
