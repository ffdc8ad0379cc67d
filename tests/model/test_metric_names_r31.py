"""Quality metrics named in the lock-box batches 2026-12-16ax / ay of round 31 (issue 36): names common enough to be
known wherever they are printed -- R² written with its square, the macro F1 written with its 'm', a forecast's MAPE;
and an actor-critic agent's losses named by its networks alone."""

from __future__ import annotations

import numpy as np
import pytest

from curvedoc.model.metrics import classify


# ------------------------------------------------------------- R², the macro F1 and MAPE are quality metrics
@pytest.mark.parametrize("tag,kind", [("Val R²", "r2"), ("test/R²", "r2"), ("R^2", "r2"), ("val_r2", "r2"), ("mf1", "f1"),
                                      ("val_mF1", "f1"), ("train_mf1", "f1")])
def test_r_squared_and_the_macro_f1_are_quality_metrics(tag, kind):
    """'R²' / 'R^2' is the coefficient of determination as 'r2' is; 'mF1' is the mean F1 over classes (the macro F1) as
    'mIoU' and 'mAcc' are: higher is better, the split said by the name's words."""
    c = classify(tag)
    assert c is not None and c[0] == kind and c[1] is True, c
    assert c[2] == ("val" if tag.lower().startswith(("val", "test")) else "train")


@pytest.mark.parametrize("tag,kind", [("train_mape", "mape"), ("val MAPE", "mape"), ("test_smape", "smape")])
def test_a_forecasts_percentage_error_is_a_quality_metric_lower_is_better(tag, kind):
    """MAPE, a forecast's mean absolute percentage error, and sMAPE, its symmetric form: errors, lower is better, as
    MAE and RMSE beside them are."""
    c = classify(tag)
    assert c is not None and c[0] == kind and c[1] is False, c
    assert c[2] == ("val" if tag.lower().startswith(("val", "test")) else "train")


# ------------------------------------------------------------- an actor-critic agent's networks named alone
@pytest.mark.parametrize("value", ["critic", "q", "vf"])
def test_an_agents_losses_named_by_their_networks_alone_give_the_critics_as_its_loss(value):
    """'step= 10,000 | critic=0.45 | actor=0.30 | alpha=0.200 | log_pi=-0.590' (a SAC loop's print): the actor marks
    an agent's run, and the value network's loss named by the network alone is its training loss, as 'critic_loss'
    is -- a reinforcement-learning loss, judged as one."""
    from _helpers import make_run

    from curvedoc.model.roles import resolve_roles, rl_marker

    n = 40
    steps = np.arange(1, n + 1) * 1000
    rng = np.random.default_rng(0)
    run = make_run(steps=steps, **{value: 0.5 + 0.1 * rng.random(n), "actor": -np.linspace(0, 5, n),
                                   "alpha": np.full(n, 0.2), "log_pi": -0.6 + 0.01 * rng.random(n)})
    assert rl_marker(run) == "actor"
    assert resolve_roles(run)[0].get("train_loss") == value


def test_a_critic_without_an_actor_is_no_agents_loss():
    """A WGAN calls its discriminator the critic ('critic=-1.2 | generator=0.8'): no actor, no agent's run, and the
    bare 'critic' takes no loss role from these words."""
    from _helpers import make_run

    from curvedoc.model.roles import resolve_roles, rl_marker

    n = 40
    run = make_run(steps=np.arange(n), critic=-np.linspace(0, 2, n), generator=np.linspace(0.5, 1.0, n))
    assert rl_marker(run) is None
    assert resolve_roles(run)[0].get("train_loss") != "critic"
