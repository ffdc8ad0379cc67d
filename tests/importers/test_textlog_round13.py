"""Text logs, thirteenth round (issue 36): known misreadings, each on a small log written the way its script prints
it, read with and without plans (the two readings must be equal): a bare fraction heading each record is the epoch
and the plan a first line stated; a start statement printed again opens a launch only where the clock goes back; each
launch keeps its own early-stopping statement."""

from __future__ import annotations

from test_textlog_readings import _assert_chunks_read_as_whole, _assert_same, _read, _series

import curvedoc
from curvedoc.importers.textlog import read_text_log


def _write(tmp_path, lines, name="train.log"):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _assert_same(path)
    return path


def _runs(path):
    got = read_text_log(path, segments=True)
    return got if isinstance(got, list) else [got]


# ------------------------------------------------------------------------------------------ a fraction heading records
def _fraction_log(first: str, epochs, total=30):
    return [first] + [f"{e:02d}/{total}  train_loss: {1 / e:.4f}  val_loss: {1.2 / e:.4f}  val_acc: {0.5 + e / 100:.4f}"
                      for e in epochs]


def test_a_bare_fraction_heading_each_record_is_the_epoch_and_the_plan_stated(tmp_path):
    """``print(f"{epoch:02d}/{epochs}  train_loss: ..")`` under a first line that states the plan ("bits GRU, 30
    epochs", "Training for 30 epochs", "epochs: 30"): the fraction is the epoch and its total the planned epochs -- a
    log that starts at epoch 12 (a resumed job, a tail) has its series at epochs 12.., the run's plan is 30 epochs (a
    run killed at epoch 19 stopped before its plan)."""
    for first in ("bits GRU, 30 epochs", "Training for 30 epochs", "epochs: 30, lr: 0.01, batch_size: 64"):
        rd = _read(tmp_path, _fraction_log(first, range(12, 20)))
        assert _series(rd, "train_loss")[0] == list(range(12, 20)), first
        assert _series(rd, "val_acc")[0] == list(range(12, 20)), first
        assert rd.meta.get("num_epochs") == 30 and rd.hparams.get("num_epochs") == 30, (first, rd.meta, rd.hparams)
        # (on the epoch clock: the epochs reached, which the plan is compared with)
        assert _series(rd, "epoch") == (list(range(12, 20)), list(range(12, 20))), first
    run = curvedoc.diagnose(str(tmp_path / "train.log")).runs[0]
    assert "unfinished-schedule" in {f.name for f in run.findings}, [(f.name, f.message) for f in run.findings]


def test_a_fraction_whose_total_is_no_stated_plan_of_epochs_stays_a_counter(tmp_path):
    """A fraction heading records whose total is not the plan of epochs the log stated (``120/5000 loss ..``: the step
    of 5000) is their position, no plan of epochs; Keras' ``1875/1875 - 3s - loss: ..`` under ``Epoch 3/10`` is the
    epoch's batches: the plan stays the 10 epochs the heading states."""
    rd = _read(tmp_path, ["Training for 30 epochs"] + [f"{s}/5000  loss: {2 / s:.4f}  lr: 0.001" for s in range(100, 600, 100)])
    assert _series(rd, "loss")[0] == list(range(100, 600, 100))
    assert rd.meta.get("num_epochs") == 30  # (the statement is still the plan)
    lines = []
    for e in range(1, 4):
        lines += [f"Epoch {e}/10", f"1875/1875 - 3s - loss: {0.3 / e:.4f} - accuracy: {0.9 + e / 100:.4f} - "
                                  f"val_loss: {0.35 / e:.4f} - val_accuracy: {0.88 + e / 100:.4f}"]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("num_epochs") == 10, rd.meta
    assert _series(rd, "loss")[0] == [1, 2, 3]


def test_a_plan_said_in_words_after_training_started_is_no_plan(tmp_path):
    """"stopped after 19 epochs" at the end of a training is what happened, not a plan of 19."""
    lines = [f"Epoch {e}: loss {1 / e:.4f}" for e in range(1, 20)] + ["stopped after 19 epochs"]
    rd = _read(tmp_path, lines)
    assert "num_epochs" not in rd.meta


# ------------------------------------------------------------------------------------------ a start printed again
def _banner_log(banner: str, second_epochs) -> list[str]:
    lines = [banner.format(k=0)] + [f"Epoch {e} | loss {2 / e:.4f} | val_loss {2.2 / e:.4f}" for e in range(1, 6)]
    lines += ["Saving model to runs/best.pt", banner.format(k=1)]
    lines += [f"Epoch {e} | loss {1.5 / e:.4f} | val_loss {1.7 / e:.4f}" for e in second_epochs]
    return lines


BANNERS = ("=== Training started ===", "Training Session Started: 2026-02-03 15:3{k}:53", "Training started on cuda")


def test_a_start_statement_printed_again_opens_a_launch_where_the_clock_goes_back(tmp_path):
    """The same start statement printed again, then the epochs from 1 again: a second training appended to the log,
    read as a run of its own (``train.log#1``, ``#2``)."""
    for banner in BANNERS:
        path = _write(tmp_path, _banner_log(banner, range(1, 6)))
        runs = _runs(path)
        assert [len(_series(r, "loss")[1]) for r in runs] == [5, 5], banner
        assert [r.name_suffix for r in runs] == ["#1", "#2"], banner


def test_a_start_statement_printed_again_with_the_clock_going_on_is_one_launch(tmp_path):
    """The same banner printed again while the epochs go on (6, 7, ..: a script that prints it at each phase, a job
    that resumed where it stopped) is one training: one run, no restart said."""
    for banner in BANNERS:
        path = _write(tmp_path, _banner_log(banner, range(6, 11)))
        runs = _runs(path)
        assert len(runs) == 1, banner
        assert _series(runs[0], "loss")[0] == list(range(1, 11)), banner
        assert not [i for i in runs[0].issues if i.kind == "restart"], (banner, runs[0].issues)
        size = path.stat().st_size
        _assert_chunks_read_as_whole(path, [size // 3, 2 * size // 3])


def test_aborted_starts_printed_before_the_training_are_still_a_relaunch(tmp_path):
    """The statement printed three times, the first two launches stopping before their first record: no clock goes
    on across them, the script was launched again into the log (a restart said), one training read."""
    lines = ["=== Training started ===", "Loading data...", "=== Training started ===", "Loading data...",
             "=== Training started ==="] + [f"Epoch {e} | loss {2 / e:.4f}" for e in range(1, 6)]
    runs = _runs(_write(tmp_path, lines))
    assert len(runs) == 1 and [i for i in runs[0].issues if i.kind == "restart"], runs[0].issues


# ------------------------------------------------------------------------------------------ early stopping per launch
def _keras_fit(lines, epochs, loss0, stop: bool):
    lines.append("Train on 40000 samples, validate on 10000 samples")
    for e in range(1, epochs + 1):
        lines.append(f"Epoch {e}/50")
        loss = loss0 / e
        lines.append(f"224s - loss: {loss:.4f} - acc: {1 - loss / 4:.4f} - val_loss: {loss * 1.1:.4f} - val_acc: "
                     f"{1 - loss / 3:.4f}")
    if stop:
        lines.append(f"Epoch {epochs:05d}: early stopping")


def test_each_launch_keeps_its_own_early_stopping_statement(tmp_path):
    """Fits appended to one console, each read as a run: the one whose EarlyStopping ended it says so
    (``meta["early_stopped"]``), the one stopped otherwise does not -- whichever comes last."""
    for stops in ((True, False), (False, True), (True, True)):
        lines: list[str] = []
        for k, stop in enumerate(stops):
            _keras_fit(lines, 12 + 4 * k, 3.5 - k, stop)
        runs = _runs(_write(tmp_path, lines))
        assert len(runs) == 2, stops
        assert [bool(r.meta.get("early_stopped")) for r in runs] == list(stops), (stops, [r.meta for r in runs])
        for r, n in zip(runs, (12, 16)):
            if r.meta.get("early_stopped"):
                assert f"{n:05d}: early stopping" in r.meta["early_stopped"]


def test_an_early_stop_said_in_the_middle_of_a_launch_is_not_its_end(tmp_path):
    """A statement in the first launch far from its end (a callback's message about an earlier phase) does not mark
    it; the rule keeps the 'after (or among the last records of) the training' reading."""
    lines: list[str] = ["Train on 40000 samples, validate on 10000 samples", "Epoch 00001: early stopping"]
    for e in range(1, 80):
        lines += [f"Epoch {e}/80", f"224s - loss: {1 / e:.4f} - val_loss: {1.1 / e:.4f}"]
    _keras_fit(lines, 10, 2.0, False)
    runs = _runs(_write(tmp_path, lines))
    assert len(runs) == 2 and not any(r.meta.get("early_stopped") for r in runs), [r.meta for r in runs]


# ------------------------------------------------------------------------------------------ a final evaluation
def test_a_regressions_single_final_error_is_a_series_of_one_point(tmp_path):
    """``Final dev mse 0.6377 (rmse 0.7986)`` once after the training records: a single final evaluation (a
    regression's error is a quality metric, as a loss or an accuracy is), a series of one point -- not a setting."""
    lines = [f"Step {s} - loss: {1.2 - s / 40:.4f}" for s in range(1, 21)] + ["Final dev mse 0.6377 (rmse 0.7986)"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "val/Final dev mse")[1] == [0.6377] and _series(rd, "val/rmse")[1] == [0.7986]
    assert "val/Final dev mse" not in rd.hparams and "Final dev mse" not in rd.hparams


# ------------------------------------------------------------------------------------------ the best iteration restated
def test_the_best_iteration_restated_at_the_end_is_no_new_point(tmp_path):
    """LightGBM ends with "Did not meet early stopping. Best iteration is:" (or "Early stopping, best iteration is:")
    and the best round's record again ("[485]\\ttrain's auc: .."): the run's best restated, not a point at round 485
    after round 500 -- no clock going back (no restart), the series end at the last round logged; an early stop says
    so."""
    rounds = [f"[{r}]\ttrain's auc: {0.84 + r / 1e5:.6f}\tvalid's auc: {0.85 + r / 1e5:.6f}" for r in range(100, 501, 100)]
    for said, early in (("Did not meet early stopping. Best iteration is:", False),
                        ("Early stopping, best iteration is:", True)):
        lines = ["Training until validation scores don't improve for 50 rounds"] + rounds
        lines += [said, "[485]\ttrain's auc: 0.855137\tvalid's auc: 0.860413", "Model saved to model.pkl"]
        rd = _read(tmp_path, lines)
        assert _series(rd, "valid auc")[0] == list(range(100, 501, 100)), said
        assert not [i for i in rd.issues if i.kind == "restart"], rd.issues
        assert bool(rd.meta.get("early_stopped")) is early, (said, rd.meta)


# ------------------------------------------------------------------------------------------ Torch7's optim.Logger
def test_torch7_optim_logger_columns_are_read_one_per_name(tmp_path):
    """Torch7's ``optim.Logger`` writes a header of names, each after a '%' and tab-separated (a name may hold spaces
    and parentheses), then one row of numbers per epoch: a table, read column by column -- one column too -- at the
    row's rank (the epoch)."""
    for cols in (["mean class accuracy (train set)"], ["mean class accuracy (train set)", "mean class accuracy (test set)"]):
        lines = ["\t".join(f"% {c}" for c in cols) + "\t"]
        lines += ["\t".join(f" {40 + e + k:.4e}" for k in range(len(cols))) + "\t" for e in range(1, 31)]
        rd = _read(tmp_path, lines)
        for k, c in enumerate(cols):
            tag = next(t for t in rd.frame["tag"].astype(str).unique() if t.endswith(c))
            assert _series(rd, tag) == (list(range(1, 31)), [40.0 + e + k for e in range(1, 31)]), (cols, tag)


# ------------------------------------------------------------------------------------------ a norm between bars
def test_a_quantity_between_bars_is_its_norm(tmp_path):
    """``it 5  mse 0.41  |grad| 3.462e+06``: ``|grad|`` is the gradient's norm, as the math writes it -- the run's
    grad_norm, not a key lost between two field separators; bars with spaces around them still separate fields."""
    lines = [f"it {i:5d}  mse {40 / (1 + i):.4f}  |grad| {3.4e6 / (1 + i):.3e}" for i in range(0, 50, 5)]
    lines += ["it    50  mse nan  |grad| nan"]
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "grad norm")
    assert steps == list(range(0, 55, 5)) and values[0] == 3.4e6
    run = curvedoc.diagnose(str(tmp_path / "train.log")).runs[0]
    assert run.roles.get("grad_norm") == "grad norm", run.roles
    rd = _read(tmp_path, [f"step {s} | loss {1 / s:.3f} | grad {s / 10:.2f}" for s in range(1, 9)])
    assert {"loss", "grad"} <= set(rd.frame["tag"].astype(str))


# ------------------------------------------------------------------------------------------ an evaluation's progress
def test_an_evaluations_item_count_heading_its_running_result_is_its_progress(tmp_path):
    """awesome-semantic-segmentation / CIRKD print ``Sample: 37, Validation pixAcc: 0.61, mIoU: 0.11`` for every
    image of an evaluation: the count is the evaluation's progress, the values its running result -- one result per
    evaluation (the last line holds it) at the step training reached; no 'Sample' series."""
    pre = "2023-10-17 08:56:44,634 semantic_segmentation INFO: "
    lines = []
    for ev in range(1, 4):
        lines += [pre + f"Iters: {it}/2400 || Lr: 0.0192 || Task Loss: {2 / (1 + it / 100):.4f} || KD Loss: 0.97"
                  for it in range(ev * 800 - 790, ev * 800 + 1, 10)]
        lines.append(pre + "Start validation, Total sample: 50")
        lines += [pre + f"Sample: {s}, Validation pixAcc: {0.5 + ev / 10 + s / 1000:.3f}, mIoU: {0.1 * ev + s / 1000:.3f}"
                  for s in range(1, 51)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Validation pixAcc") == ([800, 1600, 2400], [0.65, 0.75, 0.85])
    assert _series(rd, "Validation mIoU") == ([800, 1600, 2400], [0.15, 0.25, 0.35])
    assert "Sample" not in set(rd.frame["tag"].astype(str))
    size = (tmp_path / "train.log").stat().st_size
    _assert_chunks_read_as_whole(tmp_path / "train.log", [size // 3, 2 * size // 3])


# ------------------------------------------------------------------------------------------ BasicSR's l_ losses
def test_basicsr_l_prefixed_losses_are_losses(tmp_path):
    """BasicSR / MMEditing print each loss as ``l_`` + what it measures (``l_pix: 1.0009e-02``): the run's only loss
    is its training loss (it was left with no role: nothing analysed); a bookkeeping word stays bookkeeping."""
    from curvedoc.model.roles import infer_role

    lines = [f"2022-05-01 10:00:{i % 60:02d},000 INFO: [HDRUN..][epoch: {i // 50:3d}, iter: {100 * i:8,d}, lr:(1.000e-04,)] "
             f"[eta: 1 day, 2:00:00, time (data): 0.500 (0.010)] l_pix: {0.02 / (1 + i / 50):.4e}" for i in range(1, 120)]
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = curvedoc.diagnose(str(path)).runs[0]
    assert run.roles.get("train_loss") == "l_pix", run.roles
    assert infer_role("val/l_pix")[0] == "val_loss" and infer_role("L_steg")[0] == "train_loss"
    assert infer_role("l_time") is None and infer_role("cell_size") is None


# ------------------------------------------------------------------------------------------ an evaluation after a record
def test_a_held_out_result_right_after_a_training_record_is_the_evaluations_own(tmp_path):
    """``[epoch: 2/200, iter: 475/489] total: 1.58``, ``Percentage of used data: 21.25%`` (a pair continuing it),
    then ``Validation accuracy: 0.508``: the evaluation's result, not one more key of the training record it follows
    -- one series with the same line printed further from a training record (after a warning), each at the step
    training had reached (it was two: the first print apart as ``Validation accuracy [2]``)."""
    lines, want = [], []
    for e in range(1, 7):
        lines += [f"[epoch: {e}/200, iter: {i}/489] total: {1.7 - e / 10 - i / 10000:.6f} " for i in range(0, 489, 25)]
        lines += ["Max Confidence from Epoch [-1, -1, -1]", "Percentage of used data: 21.25%"]
        if e == 1:  # (the first evaluation printed after a warning, the others right after the training record)
            lines += ["/home/u/radam.py:45: UserWarning: This overload of addcmul_ is deprecated:",
                      "	addcmul_(Number value, Tensor tensor1, Tensor tensor2)", "Consider using one of these instead:",
                      "  exp_avg_sq.mul_(beta2).addcmul_(1 - beta2, grad, grad)"]
        lines.append(f"Validation accuracy: {0.4 + e / 100:.3f}")
        want.append(489 * (e - 1) + 475)
    rd = _read(tmp_path, lines)
    assert _series(rd, "Validation accuracy") == (want, [round(0.4 + e / 100, 3) for e in range(1, 7)])
    assert not [t for t in set(rd.frame["tag"].astype(str)) if t.startswith("Validation accuracy [")]


# ------------------------------------------------------------------------------------------ counts with their percentage
def test_counts_with_their_percentage_are_the_percentage(tmp_path):
    """The PyTorch MNIST example's ``Test set: Average loss: 0.0341, Accuracy: 9890/10000 (99%)``: the accuracy is the
    percentage printed, not the count of correct answers (nor 10,000 a plan); its training line's
    ``[100/600 (17%)]`` stays the batch inside the epoch."""
    lines = []
    for e in range(1, 5):
        lines += [f"Train Epoch: {e} [{b}/600 ({100 * b // 600}%)]\tLoss: {2 / (e + b / 600):.6f}" for b in (0, 300)]
        lines += ["", f"Test set: Average loss: {1 / e:.4f}, Accuracy: {9000 + 200 * e}/10000 ({90 + 2 * e}%)", ""]
    rd = _read(tmp_path, lines)
    acc = next(t for t in set(rd.frame["tag"].astype(str)) if t.endswith("Accuracy"))
    assert _series(rd, acc)[1] == [92.0, 94.0, 96.0, 98.0]
    assert "max_steps" not in rd.meta


# ------------------------------------------------------------------------------------------ a value as a tuple
def test_a_learning_rate_printed_as_a_tuple_is_its_first_groups(tmp_path):
    """BasicSR prints ``lr:(1.587e-04,)`` -- a tuple of one rate per parameter group: the run's learning rate (the
    first group's, as a list's first value is); a size written as a tuple of integers is no value."""
    lines = [f"2022-05-01 10:00:00,000 INFO: [HDRUN..][epoch: {i // 40:3d}, iter: {100 * i:8,d}, lr:({1e-4 / (1 + i / 50):.3e},)] "
             f"l_pix: {0.02 / (1 + i / 50):.4e}" for i in range(1, 90)]
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "lr")
    assert steps == [100 * i for i in range(1, 90)] and values[0] == round(float(f"{1e-4 / 1.02:.3e}"), 6)
    rd = _read(tmp_path, [f"step {s} lr=(1e-4, 1e-5) input: (224, 224) loss={1 / s:.3f}" for s in range(1, 9)])
    assert _series(rd, "lr")[1] == [0.0001] * 8 and not [t for t in set(rd.frame["tag"].astype(str)) if "input" in t]
