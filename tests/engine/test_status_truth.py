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
        assert cov["signal_note"].startswith("reinforcement learning")  # and the report says so, not "no loss"
        # a logged loss has its role (drawn, checked for NaN), but no rule that expects a loss to fall judges it
        # (unfinished-schedule runs: on an RL run it reads only the planned length, kill messages and the LR, never
        # the loss's trend -- tests/detectors/test_unseen_families.py; constant-loss runs too, and on an RL run judges only a
        # loss that is the very same number at every update)
        loss_rules = {"D002", "D003", "P004", "E001", "V001", "V002"}
        assert not loss_rules & set(cov["rules_ran"]), cov["rules_ran"]
        # underfitting runs on an RL run on its returns alone (an agent that never beat its untrained policy
        # learned nothing): whatever it finds names a return, reward or success rate, never the loss
        assert "P003" in cov["rules_ran"]
        for f in rr.findings:
            if f.code == "P003":
                assert f.evidence["metric"] in {m.tag for m in rr.metrics if m.kind in ("reward", "return", "success")}
        if "train_loss" in rr.roles:
            assert any(s.get("why", "").startswith("reinforcement learning") for s in rr.skipped)


@pytest.mark.parametrize("rel,tag", [("rl_progress_csv/ddpg-baselines-exp3", "train/loss_critic"),
                                     ("tfevents/naf-dqn-rl-lightning", "episode/MSE Loss"),
                                     ("hf_trainer_state/grpo-zero-reward-no-signal", "loss")])
def test_an_rl_run_that_logs_a_loss_gets_the_train_loss_role(rel, tag):
    """The labeller's training loss of each RL run: a plain loss, else the value (critic) loss, the regression part
    of an actor-critic update (the DDPG critic loss that grows 400 -> 12,000 as Q grows is drawn, not judged)."""
    (rr,) = _real(rel)
    assert rr.roles.get("train_loss") == tag, rr.roles
    assert not {f.code for f in rr.findings} & {"D001", "D002", "D003"}


def _rl_twin(n, every, seed, loss, nan_from=None):
    """An actor-critic run whose return improves while its critic loss grows 400 -> 12,000 (noisy)."""
    rng = np.random.default_rng(seed)
    st = np.arange(0, n * every, every)
    ret = np.linspace(-200, 250, n) + rng.normal(0, 30, n)
    lv = np.linspace(400, 12000, n) * rng.lognormal(0, 0.2, n)
    if nan_from is not None:
        lv[int(n * nan_from):] = np.nan
    return make_run(**{"train/loss_actor": (st, -np.abs(ret)), loss: (st, lv), "rollout/return": (st, ret)})


@pytest.mark.parametrize("n", [40, 300, 2000])
@pytest.mark.parametrize("every", [1, 50])
@pytest.mark.parametrize("seed", [0, 1])
def test_an_rl_value_loss_that_grows_is_drawn_not_judged(n, every, seed):
    run = _rl_twin(n, every, seed, "train/loss_critic")
    assert run.roles["train_loss"] == "train/loss_critic"  # the critic, not the actor (a negated Q estimate)
    rr = curvedoc.diagnose(run).runs[0]
    assert rr.status == "healthy" and rr.to_dict()["coverage"]["signal"] == "metric", rr.findings
    # a NaN in it is still a broken update: divergence judges an RL loss's NaN/Inf, never its finite rise
    run = _rl_twin(n, every, seed, "train/value_loss", nan_from=0.8)
    rr = curvedoc.diagnose(run).runs[0]
    assert rr.roles["train_loss"] == "train/value_loss"
    assert [f.code for f in rr.findings if f.severity == "error"] == ["D001"], rr.findings
    assert "NaN" in rr.findings[0].message


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
