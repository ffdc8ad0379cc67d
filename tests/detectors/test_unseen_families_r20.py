"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twentieth round.

- A held-out accuracy that scores only the K class shares of its evaluation set (numbers that sum to 1) comes from a
  model predicting one class for every example -- at chance whatever level the shares sit at. On an unbalanced set
  (shares 0.30/0.30/0.25/0.15) the series' median names no 1/K, so K is the count of the shares and the chance
  level the largest of them (an SGD at lr 4 that put a 4-way MLP on a constant output).
- Losses that never left log K -- the training loss from the untrained model's first reading to its last and the
  validation loss at every evaluation -- say the outputs stayed uniform: an accuracy a little above 1/K (0.36 for
  K = 4, up to twice acc_slack of the way) is then the arg-max of near-equal outputs landing on an unbalanced set's
  larger classes, not learning, and does not veto plateau-at-chance (an HF fine-tune at lr 1e-7).
- An RL agent whose return never beat its untrained policy is underfitting's verdict (warning); plateau-at-chance
  says the same as context: a return has no chance level a K names.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run

from curvedoc.engine import diagnose


def _found(run, select=None) -> dict[str, str]:
    rep = diagnose(run, select=select)
    return {f.name: f.severity for rr in rep.runs for f in rr.findings}


# --------------------------------------------------------------------- class shares of an unbalanced set
def _constant_predictor(n, seed, shares, *, learned=False, loss_level=1.5):
    """Per-epoch training loss near (a little above) log K after a first epoch blown up, and a validation
    accuracy that scores one of the class shares at every evaluation (or, ``learned``, a rising accuracy)."""
    rng = np.random.default_rng(seed)
    loss = loss_level + 0.05 * rng.standard_normal(n)
    loss[0] = 3.3
    val_loss = loss_level + 0.1 * np.abs(rng.standard_normal(n))
    if learned:
        acc = np.clip(0.3 + 0.5 * (1 - np.exp(-np.arange(n) / (0.2 * n))) + 0.01 * rng.standard_normal(n), 0, 1)
        loss = loss_level * np.exp(-np.arange(n) / (0.3 * n)) + 0.2
        val_loss = loss + 0.05
    else:
        p = np.array(shares) ** 2 / np.sum(np.array(shares) ** 2)  # the majority classes come up most
        acc = rng.choice(np.array(shares), size=n, p=p)
        acc[: len(shares)] = shares  # every share appears at least once
        rng.shuffle(acc)
    return make_run("shares", train_loss=loss, val_loss=val_loss, val_acc=acc)


@pytest.mark.parametrize("shares", [(0.3013, 0.2988, 0.2450, 0.1549), (0.42, 0.33, 0.25), (0.22, 0.21, 0.2, 0.19, 0.18),
                                    (0.35, 0.25, 0.2, 0.12, 0.08)])
@pytest.mark.parametrize("n", [12, 25, 60])
@pytest.mark.parametrize("seed", range(2))
def test_an_accuracy_at_the_class_shares_of_an_unbalanced_set_is_chance(shares, n, seed):
    assert _found(_constant_predictor(n, seed, shares), select=["P001"]).get("plateau-at-chance") == "error"


@pytest.mark.parametrize("n", [12, 25, 60])
def test_a_learning_accuracy_is_not_read_as_class_shares(n):
    # guard: an accuracy that rises through many values is a model learning
    assert "plateau-at-chance" not in _found(_constant_predictor(n, 0, (0.3, 0.3, 0.25, 0.15), learned=True),
                                             select=["P001"])


def test_shares_over_too_few_evaluations_are_no_reading():
    # guard: 4 distinct values over 6 evaluations could be any scatter (fewer than twice K evaluations)
    # (no loss names a K here: the training loss falls to 0.5 nats, below log 2)
    v = np.array([0.3013, 0.2988, 0.2450, 0.1549, 0.3013, 0.2988])
    loss = 1.5 * np.exp(-np.arange(6) / 2.0) + 0.3
    assert "plateau-at-chance" not in _found(make_run("few", train_loss=loss, val_acc=v), select=["P001"])


# --------------------------------------------------------------------- losses that never left log K
def _uniform_outputs(k, n_logs, n_evals, seed, *, acc_end, loss_moves=0.0, val_off=0.0, start_late=False):
    """An HF-style run: the training loss logged every 20 steps at log K (a fine-tune whose LR is far too low),
    falling by ``loss_moves`` of log K over the run; the validation loss at log K (+ ``val_off`` of it); the
    accuracy drifting from 1/K + 0.06 to ``acc_end``."""
    rng = np.random.default_rng(seed)
    lk = np.log(k)
    steps = np.arange(1, n_logs + 1) * 20
    if start_late:
        steps = steps + 20 * n_logs
    loss = lk * (1 - loss_moves * np.linspace(0, 1, n_logs)) + 0.0005 * lk * rng.standard_normal(n_logs)
    es = np.linspace(steps[0], steps[-1], n_evals).astype(int)
    val = lk * (1 + val_off) * (1 - loss_moves * np.linspace(0, 1, n_evals)) + 0.0002 * rng.standard_normal(n_evals)
    acc = np.linspace(1 / k + 0.06, acc_end, n_evals) + 0.003 * rng.standard_normal(n_evals)
    return make_run("uniform", train_loss=(steps, loss), val_loss=(es, val), val_acc=(es, acc))


@pytest.mark.parametrize("k", [3, 4, 5, 10])
@pytest.mark.parametrize("n_logs,n_evals", [(28, 6), (100, 10), (400, 25)])
@pytest.mark.parametrize("seed", range(2))
def test_losses_at_log_k_throughout_outweigh_an_accuracy_a_little_above_chance(k, n_logs, n_evals, seed):
    # the accuracy ends 1.2 x acc_slack of the way from 1/K to 1: above the slack, below twice it
    acc_end = 1 / k + 1.2 * 0.15 * (1 - 1 / k)
    run = _uniform_outputs(k, n_logs, n_evals, seed, acc_end=acc_end)
    assert _found(run, select=["P001"]).get("plateau-at-chance") == "error"


@pytest.mark.parametrize("k", [3, 4, 10])
def test_an_accuracy_beyond_twice_the_slack_still_vetoes(k):
    # guard: an accuracy 40% of the way to perfect is a model that learned, whatever its loss says
    run = _uniform_outputs(k, 100, 10, 0, acc_end=1 / k + 0.4 * (1 - 1 / k))
    assert "plateau-at-chance" not in _found(run, select=["P001"])


@pytest.mark.parametrize("k", [3, 4, 10])
def test_a_validation_loss_off_log_k_still_vetoes(k):
    # guard: the held-out loss 8% below log K: the model learned something that transfers
    run = _uniform_outputs(k, 100, 10, 0, acc_end=1 / k + 0.2 * (1 - 1 / k), val_off=-0.08)
    assert "plateau-at-chance" not in _found(run, select=["P001"])


@pytest.mark.parametrize("k", [4, 10])
def test_a_loss_first_read_late_in_the_run_still_vetoes(k):
    # guard: the first reading is not the untrained model's (logging began half-way): nothing says it started there
    run = _uniform_outputs(k, 100, 10, 0, acc_end=1 / k + 0.2 * (1 - 1 / k), start_late=True)
    assert "plateau-at-chance" not in _found(run, select=["P001"])


# --------------------------------------------------------------------- RL agents that never improved
def _agent(n, seed, *, learns=False):
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    level = -1500.0 + (1400.0 * (1 - np.exp(-t / (0.2 * n))) if learns else 0.0)
    reward = level + 600.0 * rng.standard_normal(n)
    return make_run("agent", **{"rollout/ep_rew_mean": reward}, steps=t * 300)


@pytest.mark.parametrize("n", [100, 400, 2000])
@pytest.mark.parametrize("seed", range(2))
def test_an_agent_that_never_beat_its_start_is_underfitting(n, seed):
    found = _found(_agent(n, seed))
    assert found.get("underfitting") == "warning"
    assert found.get("plateau-at-chance") in (None, "info")


@pytest.mark.parametrize("n", [100, 400])
def test_an_agent_that_learned_is_neither(n):
    found = _found(_agent(n, 0, learns=True))
    assert "underfitting" not in found and "plateau-at-chance" not in found
