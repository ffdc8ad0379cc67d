"""What a practitioner reads (issue 38): messages name the series they read by tag and split; a run too short to
judge is not-assessed, with the number of points a verdict needs, never 'healthy'."""

from __future__ import annotations

import numpy as np
from _helpers import make_run

import curvedoc
from curvedoc.reporters import render

N = 300


def _chance_run(acc_tag: str):
    rng = np.random.default_rng(0)
    loss = np.full(N, np.log(10)) + rng.normal(0, 0.01, N)
    acc = 0.1 + rng.normal(0, 0.005, N)
    return make_run("chance", **{"loss/total": loss, acc_tag: (np.arange(N), acc)})


def _p001(run):
    rr = curvedoc.diagnose(run).runs[0]
    return next(f for f in rr.findings if f.code == "P001")


def test_plateau_at_chance_names_a_validation_accuracy_as_validation_and_by_its_tag():
    f = _p001(_chance_run("val/acc"))
    assert "train accuracy" not in f.message
    assert "validation accuracy val/acc 0.1" in f.message
    assert "the training loss loss/total sits at" in f.message
    assert f.evidence["acc_tag"] == "val/acc" and f.evidence["acc_split"] == "validation"
    assert "train_acc" not in f.evidence


def test_plateau_at_chance_names_a_training_accuracy_as_training():
    f = _p001(_chance_run("train/acc"))
    assert "training accuracy train/acc 0.1" in f.message
    assert f.evidence["acc_split"] == "training"


def test_a_three_point_run_is_not_assessed_and_says_how_many_points_a_verdict_needs():
    rep = curvedoc.diagnose(make_run("short", train_loss=[2.3, 1.9, 1.7]))
    rr = rep.runs[0]
    assert rr.status == "not-assessed" and rr.score <= 50
    reason = rr.coverage["reason"]
    assert "3 finite points" in reason and "a verdict needs at least 5" in reason and "P002" in reason
    text = " ".join(render(rep, "text", color=False).split())  # unwrapped
    assert "healthy" not in text and "not-assessed" in text and "a verdict needs at least 5" in text


def test_the_points_a_verdict_needs_follow_the_rule_parameters():
    """The bar is the rules' own min_points (here raised by --param), not a number of the engine's."""
    run = make_run("short", train_loss=np.linspace(2.3, 1.0, 6))
    assert curvedoc.diagnose(run).runs[0].status == "healthy"
    rr = curvedoc.diagnose(make_run("short", train_loss=np.linspace(2.3, 1.0, 6)),
                           params={"constant-loss": {"min_points": 8}}).runs[0]
    assert rr.status == "not-assessed" and "a verdict needs at least 8" in rr.coverage["reason"]


def test_a_run_long_enough_for_its_rules_is_still_assessed():
    rng = np.random.default_rng(1)
    run = make_run("ok", train_loss=2.3 * np.exp(-np.arange(40) / 15) + 0.2 + rng.normal(0, 0.01, 40))
    rr = curvedoc.diagnose(run).runs[0]
    assert rr.status == "healthy" and rr.coverage["assessed"]
