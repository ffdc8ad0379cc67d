"""Role choice among several candidates of one role (a summary beside the curve it summarises)."""

import numpy as np
import pytest
from _helpers import make_run

from curvedoc.model.roles import resolve_roles


def test_two_readings_beside_a_curve_of_the_same_role_are_a_summary_not_the_curve():
    # a log that prints '[Checkpoint] saved (val_loss=...)' at two saves beside its per-epoch 'ValLoss': the
    # conventional name with two readings is the best checkpoint's value, the per-epoch curve is the role's series
    import numpy as np
    from _helpers import make_run
    e = np.arange(1, 31)
    run = make_run(TrainLoss=(e, 1.0 / e), ValLoss=(e, 1.2 / np.sqrt(e)), val_loss=(np.array([10, 20]), [0.4, 0.3]))
    assert run.roles["val_loss"] == "ValLoss"
    # two readings alone (or beside a curve they are not inside) stay the role's series
    run = make_run(TrainLoss=(e, 1.0 / e), val_loss=(np.array([10, 20]), [0.4, 0.3]))
    assert run.roles["val_loss"] == "val_loss"


# ------------------------------------------- a print log that names each number only by its split
@pytest.mark.parametrize("train_name,val_name", [("train", "val"), ("train", "valid"), ("training", "dev"),
                                                 ("train", "eval")])
def test_numbers_named_only_by_their_split_are_the_losses_when_no_loss_is_named(train_name, val_name):
    n = 200
    train = 11.0 * np.exp(-np.arange(n) / 60.0) + 3.0
    val = train[::25] + 0.05
    run = make_run(**{train_name: train}, steps=np.arange(n))
    run2 = make_run(**{train_name: train, val_name: (np.arange(0, n, 25), val)})
    assert resolve_roles(run)[0].get("train_loss") == train_name
    roles = resolve_roles(run2)[0]
    assert roles.get("train_loss") == train_name and roles.get("val_loss") == val_name, roles


def test_a_rising_series_named_only_by_its_split_is_no_loss():
    acc = 0.1 + 0.8 * (1 - np.exp(-np.arange(100) / 20.0))
    assert "train_loss" not in resolve_roles(make_run(train=acc))[0]


def test_a_split_name_stands_down_where_a_loss_is_named():
    run = make_run(train=np.linspace(5, 1, 50), loss=np.linspace(3, 1, 50))
    assert resolve_roles(run)[0].get("train_loss") == "loss"


# ------------------------------------------- one table pattern names a total and its parts alike
@pytest.mark.parametrize("total,parts", [("total loss", ["ctc loss", "score loss", "border loss"]),
                                         ("losses/total_loss", ["losses/cls_loss", "losses/reg_loss"]),
                                         ("train_elbo_loss", ["train_recon_loss", "train_kl_loss"]),
                                         # a loss named after the model (a VAE's) is its whole objective
                                         ("loss_vae", ["loss_recon", "loss_kl", "loss_mmd"]),
                                         ("vae_loss", ["recon_loss", "kl_loss"])])
def test_the_total_is_the_training_loss_over_its_shorter_named_parts(total, parts):
    n = 60
    cols = {p: np.linspace(1.0 + i, 0.5, n) for i, p in enumerate(parts)}
    cols[total] = 3.0 * sum(cols.values())  # a weighted sum: not the plain sum of the parts
    assert resolve_roles(make_run(**cols))[0].get("train_loss") == total
