"""Parts of a rule that need the finished run are declared in the rule data (``whole_run_checks``), never decided by
a detector that asks whether the run is live (issue 37).

A live verdict on the first N points equals the offline verdict on a log holding exactly those N points, except for
rules marked whole-run and checks listed in a rule's ``whole_run_checks``. Detectors compute the same hits on a live
run as on a finished one; the engine leaves the hits of whole-run checks out while the run is live, and a finished
run's finding of such a check says so in its evidence (``whole_run_check``).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
from _helpers import make_run

from curvedoc.engine import Plan, diagnose_run, resolve_settings
from curvedoc.engine.rules import load_catalog
from curvedoc.errors import ConfigError

PLAN = Plan.build(resolve_settings(None))
DETECTORS = Path(__file__).resolve().parents[2] / "curvedoc" / "detectors"


def _diagnose(meta: dict | None = None, **tags):
    return diagnose_run(make_run(meta=dict(meta or {}), **tags), PLAN, keep_run=False)


def _by_code(rr) -> dict:
    return {f.code: f for f in rr.findings}


def test_no_detector_asks_whether_the_run_is_live():
    """What waits for the end of a run is rule data (whole_run, whole_run_checks), not a hidden branch."""
    readers = [p.name for p in DETECTORS.glob("*.py") if re.search(r"""meta\b.{0,20}["']live["']""", p.read_text())]
    assert readers == []


def test_every_whole_run_check_is_one_its_detector_names():
    """A check listed in the rule data that its detector never names would silently never wait."""
    for rule in load_catalog().rules.values():
        for check in rule.whole_run_checks:
            module = DETECTORS / f"{rule.name.replace('-', '_')}.py"
            assert f'"{check}"' in module.read_text(), (rule.code, check)


def test_whole_run_checks_must_be_a_list_of_names(tmp_path):
    (tmp_path / "x.toml").write_text('[[rule]]\nname = "constant-loss"\nwhole_run_checks = "flat-within-noise"\n')
    with pytest.raises(ConfigError, match="whole_run_checks must be a list"):
        load_catalog([tmp_path])


# ---------------------------------------------------------------------------------------------- the three checks
def _slow_start(n: int = 60, seed: int = 0) -> np.ndarray:
    """The first points of a healthy run at a small learning rate: 1.80 -> ~1.78, within its minibatch noise."""
    rng = np.random.default_rng(seed)
    return (1.80 - 0.0003 * np.arange(n)) * np.exp(rng.normal(0, 0.02, n))


def test_a_slow_start_flat_within_its_noise_waits_a_zero_learning_rate_does_not():
    loss = _slow_start()
    lr = np.full(len(loss), 0.01)
    finished = _by_code(_diagnose(train_loss=loss, lr=lr))
    assert finished["P002"].evidence["whole_run_check"] == "flat-within-noise"
    assert "P002" not in _by_code(_diagnose({"live": True}, train_loss=loss, lr=lr))
    frozen = _diagnose({"live": True}, train_loss=loss[:1] * np.exp(np.random.default_rng(1).normal(0, 0.02, 60)),
                       lr=np.zeros(60))
    assert "whole_run_check" not in _by_code(frozen)["P002"].evidence  # a zero LR says frozen at any point


def test_double_softmax_waits_for_the_last_point():
    rng = np.random.default_rng(0)
    n = 70
    floor = math.log(1 + 9 / math.e)
    pressing = floor + (2.30 - floor) * np.exp(-np.arange(n) / 8) + 0.01 + np.abs(rng.normal(0, 0.003, n))

    def double_softmax(meta):
        return [f for f in _diagnose(meta, train_loss=pressing).findings
                if f.code == "P004" and "double_softmax_floor" in f.evidence]

    finished = double_softmax({})
    assert finished and finished[0].evidence["whole_run_check"] == "double-softmax"
    assert double_softmax({"live": True}) == []


def _chance_then_learning(n: int = 100, seed: int = 0) -> np.ndarray:
    """A slow healthy start: 10 classes at log 10 (+-1%) for the first 70 points (warmup), then learning."""
    rng = np.random.default_rng(seed)
    v = np.full(n, math.log(10)) * np.exp(rng.normal(0, 0.01, n))
    fall = np.arange(n - 70)
    v[70:] = math.log(10) * np.exp(-fall / 20) * np.exp(rng.normal(0, 0.01, len(fall))) + 0.05
    return v


@pytest.mark.parametrize("upto", [40, 70, 85, 100])
def test_a_slow_start_at_chance_is_never_flagged_live(upto):
    """However long the warmup at log K lasted so far, the live run is not flagged; the same points read as a
    finished log are (as they always were), marked as the whole-run check."""
    loss = _chance_then_learning()[:upto]
    acc = np.full(upto, 0.1)
    live = _by_code(_diagnose({"live": True}, train_loss=loss, train_acc=acc))
    assert "P001" not in live, live["P001"].message
    finished = _by_code(_diagnose(train_loss=loss, train_acc=acc))
    if "P001" in finished:
        assert finished["P001"].evidence["whole_run_check"] == "chance-so-far"


def test_at_chance_after_a_blow_up_is_flagged_live_at_once():
    """The loss started at log 10, exploded, came back to sit at log 10: no slow start looks like that."""
    rng = np.random.default_rng(0)
    c = math.log(10)
    loss = np.concatenate([[c * 1.01], [c * 50, c * 3000, c * 40, c * 3],
                           c * 1.03 + np.abs(rng.normal(0, 0.01 * c, 25))])
    live = _by_code(_diagnose({"live": True}, train_loss=loss))
    assert "P001" in live and "whole_run_check" not in live["P001"].evidence
    assert _by_code(_diagnose(train_loss=loss))["P001"].message == live["P001"].message


def test_at_chance_for_most_of_the_planned_run_is_flagged_live():
    """With a planned length (max_steps) "most of the run" is known before its end: at chance for 70% of the
    planned 1,000 steps is judged live; 30% of them is not yet."""
    rng = np.random.default_rng(0)
    loss = math.log(10) * np.exp(rng.normal(0, 0.005, 71))
    acc = np.full(71, 0.1)
    steps = np.arange(71) * 10
    live = _by_code(_diagnose({"live": True, "max_steps": 1000}, steps=steps, train_loss=loss, train_acc=acc))
    assert "P001" in live
    early = _by_code(_diagnose({"live": True, "max_steps": 1000}, steps=steps[:31], train_loss=loss[:31],
                               train_acc=acc[:31]))
    assert "P001" not in early


def test_watch_says_a_whole_run_check_in_its_last_pass_only(tmp_path):
    """A model frozen within its noise (lr 0.01 logged, nothing moves), written as JSON lines in pieces: no poll says
    P002; the last pass (the run read whole, as ``diagnose`` reads it) does, once, as diagnose does."""
    import json

    import curvedoc
    from curvedoc.watch import Watcher

    folder = tmp_path / "run"
    folder.mkdir()
    rng = np.random.default_rng(4)
    watcher = Watcher(folder)
    polled = []
    with open(folder / "metrics.jsonl", "w") as fh:
        for s in range(400):
            fh.write(json.dumps({"step": s, "loss": 1.8 * math.exp(rng.normal(0, 0.02)), "lr": 0.01}) + "\n")
            if s % 50 == 49:
                fh.flush()
                polled += [e.finding.code for e in watcher.poll()]
    assert "P002" not in polled
    end = [e.finding for e in watcher.finish() if e.finding.code == "P002"]
    assert len(end) == 1 and end[0].evidence["whole_run_check"] == "flat-within-noise"
    ref = [f for f in curvedoc.diagnose(folder).runs[0].findings if f.code == "P002"]
    assert [f.message for f in ref] == [end[0].message]
