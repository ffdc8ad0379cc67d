"""Role choice among several candidates of one role (a summary beside the curve it summarises)."""


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
