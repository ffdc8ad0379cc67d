"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-second round.

- A printed log that ends on its last record -- nothing after it: no closing summary, no test score, no error, no
  early-stopping line -- short of the plan it states (``epoch 13 of 40``) was stopped from outside (SIGKILL, the
  OOM killer, a lost node): crashed-run says so as information, beside unfinished-schedule. A program that reached
  the end of its training loop (its plan or its own early stop) usually prints something after it; a loop written
  ``range(1, N)`` ends one epoch short of the N it prints by design.
- A held-out accuracy repeating exactly 1/K at every evaluation beside a validation cross-entropy at or above log K
  at every one of them never beat a uniform guess by either reading, however the loss moved: plateau-at-chance.
- An elapsed-time column (``time``: seconds since the process started) that falls back to near 0 while the epoch
  counts on says the process was started again there (a resumed run appended to the same results.csv): I001.
- An infinity written with a fixed-width column's padding (``'       inf'``) is a point, not a bad cell: a loss
  gone to infinity reaches divergence.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from _helpers import make_run, severities_by_name

import curvedoc
from curvedoc.engine import diagnose




def _found(run, select=None) -> dict[str, str]:
    rep = diagnose(run, select=select)
    return {f.name: f.severity for rr in rep.runs for f in rr.findings}


# --------------------------------------------------------------------- a printed log killed between two records
def _print_log(tmp_path, planned, done, *, seed=0, style="of", closing=None, banner=True, val=True):
    """A print log of a classifier that learns for ``done`` of ``planned`` epochs, in one of a few wordings, then
    ``closing`` lines (None: the file ends on the last record)."""
    rng = np.random.default_rng(seed)
    lines = ["== mlp, adam 1e-3 ==" if banner else ""]
    for e in range(1, done + 1):
        tr = 1.8 * (0.15 + 0.85 * math.exp(-e / 4)) * (1 + 0.02 * rng.standard_normal())
        va = tr * 1.1
        acc = 0.2 + 0.7 * (1 - math.exp(-e / 4))
        if style == "of":
            rec = f"epoch {e} of {planned}: train {tr:.4f}" + (f", val {va:.4f}, val-acc {acc:.3f}" if val else "")
        elif style == "slash":
            rec = f"Epoch {e}/{planned} - loss: {tr:.4f}" + (f" - val_loss: {va:.4f} - val_acc: {acc:.4f}" if val else "")
        else:
            rec = f"Epoch [{e}/{planned}] train_loss={tr:.4f}" + (f" valid_loss={va:.4f} valid_acc={acc:.4f}" if val else "")
        lines.append(rec)
    lines += closing or []
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return tmp_path


@pytest.mark.parametrize("style", ["of", "slash", "bracket"])
@pytest.mark.parametrize("planned,done", [(40, 13), (20, 6), (100, 60), (12, 9)])
@pytest.mark.parametrize("val", [True, False])
def test_a_print_log_ending_on_a_record_short_of_its_plan_was_killed(tmp_path, style, planned, done, val):
    found = severities_by_name(_print_log(tmp_path, planned, done, style=style, val=val))
    assert found.get("crashed-run") == "info", found


@pytest.mark.parametrize("closing", [
    ["Training finished.", "Test accuracy: 0.912"],
    ["saved model to out/model.pt"],
    ["Early stopping: val loss did not improve for 5 epochs"],
])
def test_a_print_log_that_says_something_after_its_records_was_not_killed(tmp_path, closing):
    assert "crashed-run" not in severities_by_name(_print_log(tmp_path, 40, 13, closing=closing))


@pytest.mark.parametrize("planned,done", [(40, 40), (40, 39), (10, 10)])
def test_a_print_log_that_reached_its_plan_or_one_short_was_not_killed(tmp_path, planned, done):
    # one epoch short is a range(1, N) loop printing 'of N'
    assert "crashed-run" not in severities_by_name(_print_log(tmp_path, planned, done))


# --------------------------------------------------------------------- exactly 1/K beside a loss above log K
def _frozen_acc(k, evals, seed, *, loss="above", moving=True):
    """A validation accuracy exactly 1/K at every one of ``evals`` evaluations, beside a validation cross-entropy
    that rises from 1.5 log K (``loss="above"``; flat when not ``moving``) or falls to 0.6 log K (``"below"``)."""
    rng = np.random.default_rng(seed)
    lk = math.log(k)
    n = evals * 20
    train = lk * (0.9 - 0.2 * np.arange(n) / n) * (1 + 0.03 * rng.standard_normal(n))
    vs = np.arange(1, evals + 1) * 20 - 1
    if loss == "above":
        val = lk * (1.5 + (1.0 if moving else 0.0) * np.arange(evals) / evals) * (1 + 0.01 * rng.standard_normal(evals))
    else:
        val = lk * (1.0 - 0.4 * np.arange(evals) / evals)
    return make_run("frozen-acc", train_loss=train, val_loss=(vs, val), val_acc=(vs, np.full(evals, 1.0 / k)))


@pytest.mark.parametrize("k", [2, 3, 4, 10])
@pytest.mark.parametrize("evals", [4, 6, 12])
@pytest.mark.parametrize("seed", range(2))
def test_an_accuracy_exactly_1_over_k_beside_a_loss_never_below_log_k_is_at_chance(k, evals, seed):
    found = _found(_frozen_acc(k, evals, seed), select=["P001"])
    assert found.get("plateau-at-chance") in ("warning", "error"), found


@pytest.mark.parametrize("k", [2, 10])
def test_an_accuracy_at_1_over_k_beside_a_loss_that_went_below_log_k_is_not_read_so(k):
    # guard: the held-out loss beat a uniform guess -- the outputs improved, which one repeated count can hide
    assert "plateau-at-chance" not in _found(_frozen_acc(k, 6, 0, loss="below"), select=["P001"])


# --------------------------------------------------------------------- an elapsed-time column that starts again
def _results_csv(tmp_path, epochs, resets, *, seed=0, per_epoch=330.0, jitter=False):
    rng = np.random.default_rng(seed)
    rows = ["epoch,time,train/box_loss,train/cls_loss,val/box_loss,metrics/mAP50(B),lr/pg0"]
    t = 0.0
    for e in range(1, epochs + 1):
        if e in resets:
            t = 0.0
        t += per_epoch * (1 + 0.05 * rng.standard_normal()) if not jitter else per_epoch * rng.random()
        box = 1.8 * (0.6 + 0.4 * math.exp(-e / 10)) * (1 + 0.02 * rng.standard_normal())
        cls = 4.8 * (0.25 + 0.75 * math.exp(-e / 8))
        rows.append(f"{e},{t:.3f},{box:.5f},{cls:.5f},{box * 1.05:.5f},{0.6 * (1 - math.exp(-e / 8)):.5f},"
                    f"{1e-3 * (1 - e / (epochs + 10)):.6f}")
    (tmp_path / "results.csv").write_text("\n".join(rows) + "\n")
    return tmp_path


@pytest.mark.parametrize("epochs,resets", [(38, (11, 35)), (60, (31,)), (20, (7, 12, 16))])
def test_an_elapsed_clock_that_starts_again_is_a_resumed_run(tmp_path, epochs, resets):
    found = severities_by_name(_results_csv(tmp_path, epochs, resets))
    assert "restarted-run" in found, found


@pytest.mark.parametrize("jitter", [False, True])
def test_a_clock_that_never_starts_again_or_is_per_row_is_no_resume(tmp_path, jitter):
    # guards: a cumulative clock counting up; a per-epoch duration that goes up and down (no fall to near 0 only)
    assert "restarted-run" not in severities_by_name(_results_csv(tmp_path, 40, (), jitter=jitter))


# --------------------------------------------------------------------- a padded infinity
@pytest.mark.parametrize("cell", ["inf", "   inf", "  -inf", "Infinity", "  +inf  "])
def test_a_padded_infinity_in_a_loss_column_is_a_point_divergence_reads(tmp_path, cell):
    rows = ["epoch,train_loss,val_loss,val_acc"]
    for e in range(1, 41):
        loss = cell if e == 30 else f"{2.0 * math.exp(-e / 10) + 0.1:.5f}"
        rows.append(f"{e},{loss:>12},{2.1 * math.exp(-e / 10) + 0.12:.5f},{0.9 - 0.8 * math.exp(-e / 10):.4f}")
    (tmp_path / "metrics.csv").write_text("\n".join(rows) + "\n")
    run = curvedoc.load(str(tmp_path))[0]
    v = run.series("train_loss").to_numpy()
    assert np.isinf(v).sum() == 1 and not any(i.kind == "bad-values" for i in run.issues)
    assert "divergence" in severities_by_name(tmp_path)


# --------------------------------------------------------------------- a plan said with 'of', an early stop in own words
@pytest.mark.parametrize("word", ["epoch", "Epoch", "EPOCH"])
def test_epoch_e_of_n_states_the_plan(tmp_path, word):
    lines = [f"{word} {e} of 40: train {1.0 / e:.4f}, val {1.1 / e:.4f}" for e in range(1, 11)] + ["Test acc 0.91"]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    assert curvedoc.load(str(tmp_path))[0].meta.get("num_epochs") == 40


@pytest.mark.parametrize("said", ["early stopping: no improvement for 6 epochs (stopped at 15)",
                                  "Early stopping! best val loss 0.28 at epoch 9",
                                  "no improvement in 6 epochs -> stop"])
def test_a_hand_written_early_stop_is_a_planned_end(tmp_path, said):
    closing = [said]
    found = severities_by_name(_print_log(tmp_path, 60, 15, closing=closing))
    assert "unfinished-schedule" not in found and "crashed-run" not in found, found


@pytest.mark.parametrize("setting", ["Early stopping: True", "early_stopping=True", "Early stopping: 5"])
def test_an_early_stopping_setting_is_no_early_stop(tmp_path, setting):
    (tmp_path / "train.log").write_text(setting + "\n" + "\n".join(
        f"epoch {e}/60: train {1.0 / e:.4f}, val {1.1 / e:.4f}" for e in range(1, 16)) + "\n")
    assert not curvedoc.load(str(tmp_path))[0].meta.get("early_stopped")


# --------------------------------------------------------------------- a top-5 beside a top-1
def _topk_run(k, evals, seed, *, learns=False):
    """A K-way classifier logging top-1 and top-5 held-out accuracy (Ultralytics logs top-5 for every classifier:
    1.0 by construction when K <= 5), its losses at log K, its top-1 at 1/K (``learns``: rising to 0.9)."""
    rng = np.random.default_rng(seed)
    lk = math.log(k)
    n = evals * 10
    t = np.arange(n)
    train = lk * ((0.95 + 0.03 * rng.standard_normal(n)) if not learns else 0.1 + 0.9 * np.exp(-t / (0.2 * n)))
    vs = np.arange(1, evals + 1) * 10 - 1
    top1 = (1.0 / k + 0.02 * rng.standard_normal(evals)) if not learns else 0.9 - (0.9 - 1.0 / k) * np.exp(-np.arange(evals) / 3)
    top5 = np.minimum(1.0, np.full(evals, min(1.0, 5.0 / k)) + (0.0 if k <= 5 else 0.02 * rng.standard_normal(evals)))
    val = lk * (1.0 + 0.01 * rng.standard_normal(evals)) if not learns else lk * (0.15 + 0.85 * np.exp(-np.arange(evals) / 3))
    return make_run("topk", **{"train/loss": train, "val/loss": (vs, val), "metrics/accuracy_top1": (vs, top1),
                               "metrics/accuracy_top5": (vs, top5)})


@pytest.mark.parametrize("k", [2, 3, 10, 20])
@pytest.mark.parametrize("evals", [10, 50])
@pytest.mark.parametrize("seed", range(2))
def test_a_top5_beside_a_top1_at_chance_does_not_veto_the_chance_verdict(k, evals, seed):
    found = _found(_topk_run(k, evals, seed), select=["P001"])
    assert found.get("plateau-at-chance") in ("warning", "error"), found


@pytest.mark.parametrize("k", [2, 10])
def test_a_top1_that_learns_beside_a_top5_is_not_at_chance(k):
    assert "plateau-at-chance" not in _found(_topk_run(k, 20, 0, learns=True), select=["P001"])


# --------------------------------------------------------------------- a held-out R² that never left 0
def _r2_run(evals, seed, *, best=0.0, noise=0.03, loss="mse"):
    """A regression whose held-out R² sits at ``best`` (0: the mean predictor's score) with ``noise`` scatter, or
    rises to ``best``; its training loss noisy and flat (or falling when the model learns)."""
    rng = np.random.default_rng(seed)
    n = evals * 20
    learns = best > 0.2
    t = np.arange(n)
    start = {"mse": 12.0, "mae": 2.5, "huber": 0.8}[loss]
    train = start * ((1.0 + 0.3 * rng.standard_normal(n)).clip(0.1) if not learns else 0.2 + 0.8 * np.exp(-t / (0.2 * n)))
    vs = np.arange(1, evals + 1) * 20 - 1
    e = np.arange(evals)
    r2 = (best - 0.02 + noise * rng.standard_normal(evals)) if not learns else best * (1 - np.exp(-e / 3))
    val = start * (1.0 - np.clip(r2, -0.5, 0.99))
    return make_run("r2", train_loss=train, val_loss=(vs, val), val_r2=(vs, r2))


@pytest.mark.parametrize("evals", [4, 12, 100])
@pytest.mark.parametrize("loss", ["mse", "mae", "huber"])
@pytest.mark.parametrize("seed", range(2))
def test_a_held_out_r2_that_never_left_0_is_underfitting(evals, loss, seed):
    found = _found(_r2_run(evals, seed, loss=loss, noise=0.01), select=["P003"])
    assert found.get("underfitting") in ("warning", "error"), found


@pytest.mark.parametrize("best", [0.3, 0.8])
@pytest.mark.parametrize("evals", [6, 40])
def test_a_held_out_r2_that_rose_is_no_underfitting(best, evals):
    assert "underfitting" not in _found(_r2_run(evals, 0, best=best), select=["P003"])


# --------------------------------------------------------------------- a held-out loss that never beat a guess
def _val_at_log_k(k, evals, seed, *, train_falls=0.0, val_falls=0.0, every=1, names=("train_loss", "val_loss")):
    """A K-way classifier whose first training and validation losses sit at log K; the training loss falls by
    ``train_falls`` (relative) over the run (memorising shuffled labels), the validation loss by ``val_falls``."""
    rng = np.random.default_rng(seed)
    lk = math.log(k)
    n = evals * every
    t = np.arange(n) / max(1, n - 1)
    train = lk * (1.0 - train_falls * t) * (1 + 0.01 * rng.standard_normal(n))
    train[0] = lk * (1 + 0.005 * rng.standard_normal())
    vs = np.arange(evals) * every + every - 1
    e = np.arange(evals) / max(1, evals - 1)
    val = lk * (1.0 - val_falls * e + 0.02 * e) * (1 + 0.004 * rng.standard_normal(evals))
    val[0] = lk * (1 + 0.004 * rng.standard_normal())
    return make_run("val-at-log-k", **{names[0]: train, names[1]: (vs, val)})


@pytest.mark.parametrize("k", [2, 3, 5, 10, 100])
@pytest.mark.parametrize("train_falls", [0.0, 0.04, 0.6])
@pytest.mark.parametrize("evals,every", [(5, 1), (25, 1), (20, 50)])
def test_a_held_out_loss_that_never_beat_log_k_is_at_chance(k, train_falls, evals, every):
    found = _found(_val_at_log_k(k, evals, 0, train_falls=train_falls, every=every), select=["P001"])
    assert found.get("plateau-at-chance") in ("warning", "error"), found


@pytest.mark.parametrize("k", [2, 10])
@pytest.mark.parametrize("val_falls", [0.2, 0.6])
def test_a_held_out_loss_that_fell_below_log_k_is_not_at_chance(k, val_falls):
    assert "plateau-at-chance" not in _found(_val_at_log_k(k, 20, 0, train_falls=0.6, val_falls=val_falls),
                                             select=["P001"])


@pytest.mark.parametrize("name", ["held-out loss", "holdout_loss", "Held Out Loss", "hold-out/loss"])
def test_held_out_in_any_spelling_names_the_validation_split(name):
    run = _val_at_log_k(5, 10, 0, names=("mean loss", name))
    assert run.roles.get("val_loss") == name, run.roles


# --------------------------------------------------------------------- pandas' NaN in a Lightning-named table
def test_a_lightning_named_table_written_by_pandas_with_empty_losses_is_nan(tmp_path):
    rows = ["epoch,step,trn/loss_epoch,dev/loss,trn/lr"] + [f"{e},{25 * e},,,0.001" for e in range(1, 21)]
    (tmp_path / "metrics.csv").write_text("\n".join(rows) + "\n")
    assert severities_by_name(tmp_path).get("divergence") == "error"


def test_a_sparse_lightning_table_keeps_its_empty_cells_as_missing(tmp_path):
    # guard: Lightning's own metrics.csv fills each column in some rows only
    rows = ["epoch,step,train_loss,val_loss"]
    for e in range(20):
        rows += [f"{e},{10 * e + 9},{2.0 * math.exp(-e / 5) + 0.1:.4f},", f"{e},{10 * e + 9},,{2.1 * math.exp(-e / 5) + 0.12:.4f}"]
    (tmp_path / "metrics.csv").write_text("\n".join(rows) + "\n")
    found = severities_by_name(tmp_path)
    assert "divergence" not in found and "damaged-log" not in found, found


# --------------------------------------------------------------------- a balanced accuracy at exactly 1/K
@pytest.mark.parametrize("name", ["val_bacc", "val/balanced_accuracy", "valid_balAcc"])
@pytest.mark.parametrize("k,prior_loss", [(2, 0.55), (2, 0.35), (4, 0.9)])
@pytest.mark.parametrize("evals", [4, 6, 20])
def test_a_balanced_accuracy_at_exactly_1_over_k_is_chance_whatever_the_loss(name, k, prior_loss, evals):
    # a constant predictor on an unbalanced set: balanced accuracy exactly 1/K, its loss the prior's entropy (< log K)
    rng = np.random.default_rng(evals)
    vs = np.arange(evals)
    run = make_run("bacc", **{name: (vs, np.full(evals, 1.0 / k)),
                              "val_loss": (vs, prior_loss * (1 + 0.01 * rng.standard_normal(evals)))})
    assert _found(run, select=["P001"]).get("plateau-at-chance") in ("warning", "error")


@pytest.mark.parametrize("k,prior_loss", [(2, 0.55), (4, 0.9)])
def test_a_plain_accuracy_at_1_over_k_beside_a_loss_below_log_k_is_not_read_so(k, prior_loss):
    # guard: a plain accuracy's constant predictor scores the majority share, and 1/K with a loss below log K is not it
    vs = np.arange(6)
    run = make_run("acc", val_acc=(vs, np.full(6, 1.0 / k)), val_loss=(vs, np.full(6, prior_loss)))
    assert "plateau-at-chance" not in _found(run, select=["P001"])
