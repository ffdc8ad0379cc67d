"""Fuzzing the settings a user writes (issue 18, item 7): any TOML value under any [tool.curvedoc] key, and any
``--param`` value, gives Settings or a ConfigError (exit 2 with one line), never a traceback."""

from __future__ import annotations

import math

import pytest
from fuzz_profile import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from curvedoc.engine.config import KNOWN_KEYS, load_settings
from curvedoc.errors import ConfigError

_scalars = st.one_of(
    st.booleans(), st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20), st.sampled_from(["abc", "many", "inf", "nan", "-5", "1e20", "", "0"]),
)
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                       max_leaves=6)


def _toml(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}" for c in v) + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return "{" + ", ".join(f"{_toml(k)} = {_toml(x)}" for k, x in v.items()) + "}"


@settings(max_examples=examples(150), deadline=None)
@given(key=st.sampled_from(sorted(KNOWN_KEYS)), value=_values)
def test_any_value_under_any_key_is_settings_or_a_config_error(tmp_path_factory, key, value):
    d = tmp_path_factory.mktemp("cfg")
    p = d / "pyproject.toml"
    p.write_text(f"[tool.curvedoc]\n{key} = {_toml(value)}\n", encoding="utf-8")
    try:
        load_settings(config_file=p)
    except ConfigError as exc:
        assert str(exc) and "\n" not in str(exc)


@settings(max_examples=examples(100), deadline=None)
@given(rule=st.sampled_from(["plateau-at-chance", "divergence", "loss-spikes", "overfitting", "no-such-rule"]),
       name=st.sampled_from(["num_classes", "min_rise", "min_points", "window_frac", "nope"]),
       value=st.sampled_from(["inf", "-inf", "nan", "-1", "0", "1e20", "abc", "[1]", "3", "0.5", ""]))
def test_any_param_option_is_accepted_or_refused_in_one_line(rule, name, value):
    import numpy as np
    from _helpers import make_run

    import curvedoc
    from curvedoc.engine.config import parse_param_option

    run = make_run(train_loss=2.0 * np.exp(-np.arange(200) / 50) + 0.1)

    try:
        params = parse_param_option([f"{rule}.{name}={value}"])
        rep = curvedoc.diagnose(run, params=params)
    except ConfigError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    # accepted: the run was checked, never a detector error turned into "healthy"
    assert not rep.runs[0].errors or rep.runs[0].status != "healthy"
