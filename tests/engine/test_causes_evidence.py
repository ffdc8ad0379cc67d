"""Causes follow the strongest evidence (rules/causes.toml: [[consequence]] and [[signature]]).

- an explosion (divergence, a spike of 10x or more, exploding gradients) that began before a collapse puts the
  learning rate first in the collapse's causes and drops the causes the explosion rules out;
- a gradient norm that rises with the loss through the whole run (gradients accumulating: zero_grad missing)
  brings that cause first.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run

import curvedoc
from curvedoc.engine.rules import load_catalog
from curvedoc.errors import ConfigError

N = 300


def _finding(rr, code):
    found = [f for f in rr.findings if f.code == code]
    assert found, f"no {code} in {[f.code for f in rr.findings]}"
    return found[0]


def _blowup_then_collapse(seed=0):
    """Training loss falls, then blows up from step 200; the validation accuracy, best at 0.9, collapses with it."""
    rng = np.random.default_rng(seed)
    loss = 2.3 * np.exp(-np.arange(N) / 60) + 0.3 + rng.normal(0, 0.02, N)
    loss[200:] = np.linspace(0.5, 40, N - 200) * (1 + rng.normal(0, 0.05, N - 200))
    vs = np.arange(0, N, 10)
    acc = np.minimum(0.9, 0.2 + np.arange(len(vs)) * 0.05)
    acc[20:] = 0.1 + rng.normal(0, 0.01, len(vs) - 20)
    return make_run("blowup", train_loss=loss, val_acc=(vs, acc), hparams={"lr": 0.3})


def test_a_metric_that_collapses_with_a_divergence_is_its_effect_not_trained_too_long():
    rr = curvedoc.diagnose(_blowup_then_collapse()).runs[0]
    m = _finding(rr, "M001")
    assert m.cause_ids[0] == "lr-too-high"
    assert "too-many-epochs" not in m.cause_ids and "overfitting-capacity" not in m.cause_ids
    assert m.evidence["explained_by"]["code"] == "D001" and m.evidence["explained_by"]["step"] == 200
    assert m.fixes[0].startswith("Lower the peak learning rate")
    assert rr.top_causes[0]["id"] == "lr-too-high" and "M001" in rr.top_causes[0]["supported_by"]
    assert all(c["id"] != "too-many-epochs" for c in rr.top_causes)
    text = curvedoc.diagnose(_blowup_then_collapse()).render("text", color=False)
    assert "a consequence of D001 divergence from step 200" in text


def _chance_after_spike(spike_at=5, n=N):
    """Adam at lr 0.3: the loss jumps to 428 within the first steps, then sits at log(10) with chance accuracy."""
    rng = np.random.default_rng(1)
    loss = np.full(n, np.log(10)) + rng.normal(0, 0.01, n)
    loss[spike_at:spike_at + 10] = [5, 30, 120, 428, 200, 60, 12, 4, 3, 2.5]
    acc = 0.1 + rng.normal(0, 0.005, n)
    return make_run("chance", train_loss=loss, val_acc=(np.arange(n), acc), hparams={"lr": 0.3, "optimizer": "Adam"})


def test_a_chance_plateau_reached_after_a_blow_up_ranks_the_learning_rate_first_not_detached_labels():
    rr = curvedoc.diagnose(_chance_after_spike()).runs[0]
    p = _finding(rr, "P001")
    assert _finding(rr, "D002").evidence["max_ratio"] >= 10
    assert p.cause_ids[0] == "lr-too-high" and "labels-detached" not in p.cause_ids
    assert p.evidence["explained_by"]["code"] == "D002"
    assert rr.top_causes[0]["id"] == "lr-too-high"
    assert all(c["id"] != "labels-detached" for c in rr.top_causes)


def test_a_plateau_at_chance_that_was_there_before_a_late_spike_keeps_its_own_causes():
    """The plateau came first: a spike in the middle of it explains nothing (labels detached stays first)."""
    rng = np.random.default_rng(2)
    loss = np.full(N, np.log(10)) + rng.normal(0, 0.01, N)
    loss[200:205] = [30, 428, 60, 5, 2.5]
    run = make_run("late", train_loss=loss, val_acc=(np.arange(N), 0.1 + rng.normal(0, 0.005, N)))
    rr = curvedoc.diagnose(run).runs[0]
    p = _finding(rr, "P001")
    assert "explained_by" not in p.evidence and p.cause_ids[0] == "labels-detached"


def test_an_explosion_present_from_the_first_point_has_no_before():
    """NaN from the first logged point: nothing says the training ran until it blew up, so nothing is re-attributed."""
    loss = np.full(40, np.nan)
    rng = np.random.default_rng(3)
    run = make_run("nan0", train_loss=loss, val_acc=(np.arange(40), 0.1 + rng.normal(0, 0.004, 40)))
    rr = curvedoc.diagnose(run).runs[0]
    assert not any(f.evidence.get("explained_by") for f in rr.findings)


def _zero_grad_missing(n=N):
    """No zero_grad: the gradient norm grows step after step from 0.37 to 1,738, and the loss with it."""
    rng = np.random.default_rng(4)
    gn = np.geomspace(0.37, 1738, n) * np.exp(rng.normal(0, 0.05, n))
    loss = 2.3 + np.linspace(0, 5, n) ** 1.5 + rng.normal(0, 0.05, n)
    return make_run("zerograd", train_loss=loss, grad_norm=gn)


def test_a_grad_norm_growing_with_the_loss_from_the_start_brings_gradient_accumulation_first():
    rr = curvedoc.diagnose(_zero_grad_missing()).runs[0]
    g = _finding(rr, "G001")
    assert g.cause_ids[0] == "grads-accumulate"
    assert "zero_grad" in g.causes[0] and "zero_grad" in g.fixes[0]
    assert rr.top_causes[0]["id"] == "grads-accumulate"


def test_a_grad_norm_that_takes_off_after_a_flat_start_is_not_accumulation():
    """Flat for the first half, then exploding with the loss (a learning rate too high): the generic causes stay."""
    rng = np.random.default_rng(5)
    gn = np.r_[np.ones(150), np.geomspace(1, 2000, 150)] * np.exp(rng.normal(0, 0.05, N))
    loss = np.r_[2.3 * np.exp(-np.arange(150) / 50) + 0.3, np.geomspace(0.4, 30, 150)] + rng.normal(0, 0.01, N)
    rr = curvedoc.diagnose(make_run("takeoff", train_loss=loss, grad_norm=gn)).runs[0]
    g = _finding(rr, "G001")
    assert "grads-accumulate" not in g.cause_ids


def test_a_grad_norm_that_grows_while_the_loss_falls_is_not_accumulation():
    rng = np.random.default_rng(6)
    gn = np.geomspace(0.37, 1738, N) * np.exp(rng.normal(0, 0.05, N))
    loss = 2.3 * np.exp(-np.arange(N) / 80) + 0.2 + rng.normal(0, 0.01, N)
    rr = curvedoc.diagnose(make_run("gn-up-loss-down", train_loss=loss, grad_norm=gn)).runs[0]
    g = _finding(rr, "G001")
    assert "grads-accumulate" not in g.cause_ids


def test_the_links_are_rule_data_checked_when_the_catalogue_loads(tmp_path):
    cat = load_catalog()
    assert any(o.rule == "divergence" for link in cat.consequences for o in link.origins)
    assert any(s.cause == "grads-accumulate" for s in cat.signatures)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "x.toml").write_text('[[consequence]]\norigin = [{ rule = "no-such-rule" }]\n'
                                'effect = [{ rule = "metric-regression" }]\n')
    with pytest.raises(ConfigError, match="unknown rule 'no-such-rule'"):
        load_catalog([bad])
    (bad / "x.toml").write_text('[[signature]]\ncause = "lr-too-high"\nrules = ["divergence"]\n'
                                'roles = ["train_loss"]\nshape = "zigzag"\n')
    with pytest.raises(ConfigError, match="shape 'zigzag'"):
        load_catalog([bad])


def test_a_user_rules_folder_can_add_a_link(tmp_path):
    """The mechanism is data: a --rules-dir file adds a signature the built-in table does not have."""
    extra = tmp_path / "rules"
    extra.mkdir()
    (extra / "mine.toml").write_text('[[signature]]\ncause = "bad-batch"\nrules = ["divergence"]\n'
                                     'roles = ["train_loss"]\nshape = "monotone-rise"\nchunks = 4\nmin_step = 0.01\n')
    rr = curvedoc.diagnose(_zero_grad_missing()).runs[0]
    assert _finding(rr, "D001").cause_ids[0] == "grads-accumulate"
    rr = curvedoc.diagnose(_zero_grad_missing(), rules_dirs=[extra]).runs[0]
    assert _finding(rr, "D001").cause_ids[0] == "bad-batch"
    assert _finding(rr, "G001").cause_ids[0] == "grads-accumulate"


def test_every_report_format_says_which_finding_explains_a_consequence():
    from curvedoc.reporters import render

    rep = curvedoc.diagnose(_blowup_then_collapse())
    note = "a consequence of D001 divergence from step 200: its causes come first"
    for fmt in ("text", "markdown", "html"):
        assert note in " ".join(render(rep, fmt).split()), fmt
    assert rep.to_dict()["runs"][0]["findings"][1]["evidence"]["explained_by"]["code"] == "D001"


def test_every_shape_the_rule_files_may_name_has_an_implementation():
    from curvedoc.engine.causality import SHAPES
    from curvedoc.engine.rules import SIGNATURE_SHAPES

    assert set(SHAPES) == set(SIGNATURE_SHAPES)


def test_a_metric_that_fell_because_the_run_blew_up_is_information_beside_the_blow_up():
    # a classifier at 99% for three epochs, then log(0) = -inf: every loss NaN from there, validation accuracy at
    # 1/3 for the 37 epochs left. The divergence is the fault (error); the metric's fall is what it did (info, with
    # the divergence named as what explains it) -- not a second warning to act on
    import numpy as np
    from _helpers import make_run

    it = np.arange(10, 1890, 10)
    loss = np.where(it < 180, 0.05, np.nan)
    ep = np.arange(1, 41) * 47
    acc = np.where(ep < 180, 0.99, 0.34)
    rr = curvedoc.diagnose(make_run(train_loss=(it, loss), val_acc=(ep, acc))).runs[0]
    by = {f.name: f for f in rr.findings}
    assert by["divergence"].severity == "error"
    m = by.get("metric-regression")
    assert m is not None and m.severity == "info" and m.evidence["explained_by"]["name"] == "divergence"
    # a metric that falls on its own keeps its warning
    fell = np.where(ep < 180, 0.99, 0.6 + 0.01 * np.sin(ep))
    rr = curvedoc.diagnose(make_run(train_loss=(it, np.full(len(it), 0.05)), val_acc=(ep, fell))).runs[0]
    assert [f.severity for f in rr.findings if f.name == "metric-regression"] == ["warning"]
    # ... and one that fell onto 1/3 and repeats that number to the end, with finite losses, collapsed to one output:
    # plateau-at-chance's error, which names the fall; the metric regression that saw the same fall stays beside it as
    # context only (info: its best checkpoint, before the fall, is the one to keep)
    rr = curvedoc.diagnose(make_run(train_loss=(it, np.full(len(it), 0.05)), val_acc=(ep, acc))).runs[0]
    by = {f.name: f for f in rr.findings}
    assert by["plateau-at-chance"].severity == "error" and "collapsed" in by["plateau-at-chance"].message
    assert by["metric-regression"].severity == "info" if "metric-regression" in by else True
