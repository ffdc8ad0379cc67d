"""'healthy' means checked and fine: the statuses issue 11 names, pinned on the real runs that showed them and on
synthetic twins (a run whose only signal is a rising validation loss, a one-point run)."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import REAL_RUNS, make_run

import curvedoc


def _real(rel):
    p = REAL_RUNS / rel
    if not p.exists():
        pytest.skip(f"{p} not found: real-run tests need ../shared/real_runs")
    return curvedoc.diagnose(p).runs


@pytest.mark.parametrize("rel", ["rl_progress_csv/atari-dqn", "rl_progress_csv/ddpg-baselines-exp3",
                                 "rl_progress_csv/her-baselines-fetch", "tfevents/naf-dqn-rl-lightning"])
def test_rl_runs_are_assessed_on_their_return_or_success_rate(rel):
    for rr in _real(rel):
        cov = rr.to_dict()["coverage"]
        assert cov["assessed"] and cov["signal"] == "metric", (rr.run, cov)
        assert not (set(rr.roles) & {"train_loss", "val_loss"})  # RL losses are not a convergence signal
        assert cov["signal_note"].startswith("reinforcement learning")  # and the report says so, not "no loss"


def test_a_metric_only_run_says_no_loss_was_logged():
    n = 40
    run = make_run(**{"val/accuracy": (np.arange(n), np.linspace(0.2, 0.9, n))})
    cov = curvedoc.diagnose(run).runs[0].to_dict()["coverage"]
    assert cov["signal"] == "metric" and cov["signal_note"] == "no loss logged"
    run = make_run(train_loss=np.linspace(2, 1, n))
    assert curvedoc.diagnose(run).runs[0].to_dict()["coverage"]["signal_note"] == ""


def test_a_success_rate_stuck_at_the_random_policy_level_is_not_healthy():
    (rr,) = _real("rl_progress_csv/her-baselines-fetch")
    assert rr.status == "failing" and "P001" in {f.code for f in rr.findings}


def test_a_one_point_run_is_not_assessed():
    runs = _real("tfevents/tfod-facemask-restarts")
    assert [r.status for r in runs] == ["not-assessed"]
    assert "no training loss" in runs[0].to_dict()["coverage"]["reason"]


def test_a_run_that_exited_with_code_255_is_failing():
    (rr,) = _real("wandb_offline/loss-plateau-79u2qtit")
    assert rr.status == "failing"
    crash = [f for f in rr.findings if f.code == "I003"]
    assert crash and crash[0].severity == "error" and "255" in crash[0].message


@pytest.mark.parametrize("evals", [8, 30, 100])
def test_a_run_with_only_a_rising_validation_loss_is_not_healthy(evals):
    vs = np.linspace(0, 3000, evals).astype(int)
    k = evals // 3
    v = np.concatenate([np.linspace(1.0, 0.6, k), 0.6 * np.exp(np.linspace(0, np.log(1.5), evals - k))])
    (rr,) = curvedoc.diagnose(make_run(val_loss=(vs, v))).runs
    assert rr.to_dict()["coverage"]["signal"] == "val_loss" and rr.status in ("warning", "failing"), rr.findings


def test_a_one_point_synthetic_run_is_not_assessed_and_never_healthy():
    (rr,) = curvedoc.diagnose(make_run(train_loss=[2.3])).runs
    assert rr.status == "not-assessed" and rr.score < 100


def test_a_metric_rule_fires_on_every_run_labelled_metric_regression():
    """Issue 11: where the labels say a quality metric went wrong (metric_regression must), one of the metric rules
    reports it -- M001 (clearly worse than its best while training went on) or P001 on a metric (it never left its
    floor: the labeller's 'never improves')."""
    import json

    labels_path = REAL_RUNS / "LABELS.json"
    if not labels_path.exists():
        pytest.skip(f"{labels_path} not found: real-run tests need ../shared/real_runs")
    labels = json.loads(labels_path.read_text())
    cases = [k for k, v in labels.items() if isinstance(v, dict) and "metric_regression" in (v.get("must") or [])]
    assert len(cases) >= 5
    missed = []
    for rel in cases:
        runs = curvedoc.diagnose(REAL_RUNS / rel).runs
        hits = [f for rr in runs for f in rr.findings
                if f.code == "M001" or (f.code == "P001" and "metric" in (f.evidence or {}))]
        if not hits:
            missed.append(rel)
    assert not missed, missed
