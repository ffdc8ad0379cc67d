"""Rate panels (accuracy, mAP, AUC...) are drawn on their full scale, 0-1 or 0-100 (issue 38): chance-level noise
of a point or two must not fill the panel and look like swings."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run

import curvedoc
from curvedoc.reporters.interactive import chart_data
from curvedoc.reporters.plots import panel_specs, plot_run

pytest.importorskip("matplotlib")
N = 200


def _rr(**tags):
    return curvedoc.diagnose(make_run("r", **tags)).runs[0]


def _loss():
    return 2.3 * np.exp(-np.arange(N) / 60) + 0.3


def _panel(rr, name):
    return next(p for p in panel_specs(rr) if p["name"] == name)


def _noise(center, sd, seed=0):
    return center + np.random.default_rng(seed).normal(0, sd, N)


def test_an_accuracy_at_chance_is_drawn_on_a_zero_to_one_axis():
    rr = _rr(train_loss=_loss(), val_acc=_noise(0.1, 0.004))
    acc = _panel(rr, "acc")
    assert acc["ylim"] == (0.0, 1.0) and not acc["log"]
    fig = plot_run(rr)
    ax = fig.axes[[p["name"] for p in panel_specs(rr)].index("acc")]
    lo, hi = ax.get_ylim()
    assert lo <= 0.0 and hi >= 1.0 and hi - lo < 1.2


def test_a_percent_accuracy_is_drawn_on_a_zero_to_hundred_axis():
    assert _panel(_rr(train_loss=_loss(), val_acc=_noise(50.0, 0.5)), "acc")["ylim"] == (0.0, 100.0)


def test_a_rate_metric_panel_uses_its_scale_and_a_reward_keeps_its_own_range():
    rr = _rr(train_loss=_loss(), **{"val/mAP": _noise(0.3, 0.01)})
    assert _panel(rr, "metric")["ylim"] == (0.0, 1.0)
    rr = _rr(train_loss=_loss(), **{"eval/mean_reward": _noise(120.0, 5.0)})
    assert _panel(rr, "metric")["ylim"] is None


def test_the_html_chart_carries_the_rate_scale():
    rr = _rr(train_loss=_loss(), val_acc=_noise(0.1, 0.004))
    data = chart_data(rr)
    acc = next(p for p in data["panels"] if p["name"] == "acc")
    assert acc["ylim"] == [0.0, 1.0]
    assert next(p for p in data["panels"] if p["name"] == "loss")["ylim"] is None
