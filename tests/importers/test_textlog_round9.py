"""Text logs in styles the lock-box batches' text logs showed misread (issue 36, the lock-box corpus of
tests/importers/test_textlog_lockbox.py): each principle on a small synthetic log written the way such a script prints,
read with and without plans (``_read`` compares them)."""

from __future__ import annotations

from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------------------------------------ the epoch on a step clock
def test_an_epoch_record_on_the_step_clock_gives_the_run_its_epoch(tmp_path):
    """``iter 10: loss ..`` with ``epoch 1: train_loss .. val_loss ..`` after each epoch: the epoch's record is placed
    at the step training had reached, and the epoch it names is the run's epoch at that step (the ``epoch`` series),
    so that how far a plan of N epochs got can be said."""
    lines = ["training mlp, 6 epochs"]
    it = 0
    for e in range(1, 5):
        for _ in range(4):
            it += 10
            lines.append(f"iter {it}: loss {1 / it:.4f}")
        lines.append(f"epoch {e}: train_loss {1 / e:.4f} val_loss {1.2 / e:.4f} val_acc {0.5 + e / 20:.3f}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "val_loss") == ([40, 80, 120, 160], [round(1.2 / e, 4) for e in range(1, 5)])
    steps, epochs = _series(rd, "epoch")
    at = dict(zip(steps, epochs))
    assert [at.get(s) for s in (40, 80, 120, 160)] == [1, 2, 3, 4]


# ------------------------------------------------------------------------------------------ announced evaluations
def test_an_evaluation_announced_in_its_mode_and_training_continued(tmp_path):
    """A PaddlePaddle script prints ``testing in eval mode……`` before its test line and ``Now continue training……``
    before the next epoch's training line, both with the same words (``epoch: 0,  loss is: .., acc is: ..``); it
    tests once before training starts, then trains epoch 0 without announcing it. The test lines are one series, the
    training lines another: an evaluation gives its result once, so the same record at the same epoch again is
    training's."""
    lines = ["aistudio@jupyter-1:~$ python main.py", "testing in eval mode……",
             "epoch: 0,  loss is: 2.504774796962738, acc is: 0.0708582267165184",
             "/opt/conda/lib/python3.7/site-packages/paddle/fluid/dygraph/math_op_patch.py:278: UserWarning: dtype",
             "  format(lhs_dtype, rhs_dtype, lhs_dtype))"]
    for e in range(6):
        if e:
            lines.append("Now continue training……")
        lines.append(f"epoch: {e},  loss is: {0.6 / (e + 1):.15f}, acc is: {0.78 + e / 100:.15f}")
        lines += ["testing in eval mode……", f"epoch: {e},  loss is: {0.5 - e / 50:.15f}, acc is: {0.83 + e / 100:.15f}"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == (list(range(6)), [round(0.6 / (e + 1), 6) for e in range(6)])
    # (a test announced, 'testing in eval mode', holds its records out as test/: a test is not the validation, as a
    # record whose line opens with 'Test' is not -- round 16)
    assert _series(rd, "test/loss")[1] == [2.504775] + [round(0.5 - e / 50, 6) for e in range(6)]
    assert _tags(rd) >= {"acc", "test/acc"}


# ------------------------------------------------------------------------------------------ settings, not records
def test_a_settings_line_with_word_values_is_no_record_and_its_epochs_are_the_plan(tmp_path):
    """``logging`` prints the run's settings before the first epoch: ``Label smoothing: 0.1, Scheduler: StepLR,
    Epochs: 50`` names settings by words and counts the epochs in the plural -- the plan, not a record at epoch 50
    (which would make a run stopped at epoch 6 of 50 look finished)."""
    lines = ["2025-08-18 19:36:51,923 - INFO - ===== Training Start =====",
             "2025-08-18 19:36:51,923 - INFO - DATA len: 100000, Batch size: 8, LR: 0.001, Optimizer: AdamW, "
             "Weight Decay: 0.0001",
             "2025-08-18 19:36:51,923 - INFO - Label smoothing: 0.1, Scheduler: StepLR, Epochs: 50"]
    for e in range(1, 7):
        lines.append(f"2025-08-18 19:38:45,398 - INFO - Epoch [{e}/50] Train Loss: {17 - e / 10:.4f}, ce_loss: "
                     f"{11 - e / 10:.2f}, Train Acc: 0.45% | Val Loss: {2000 - e:.4f}, Val Acc: 0.62%")
    rd = _read(tmp_path, lines)
    assert "Label smoothing" not in _tags(rd) and rd.hparams["Label smoothing"] == 0.1
    assert _series(rd, "epoch") == (list(range(1, 7)), [float(e) for e in range(1, 7)])
    assert rd.meta["num_epochs"] == 50


def test_a_plural_count_of_epochs_beside_settings_is_the_plan(tmp_path):
    """``Starting training: epochs=12 batch_size=16 lr=0.001`` before ``epoch 1 step 20 | loss ..``: ``epochs=12`` is
    how many epochs the run plans, so the batch size and the learning rate beside it are settings, not a record at
    epoch 12."""
    lines = ["2026-11-28 02:59:18,136 - INFO - Starting training: epochs=12 batch_size=16 lr=0.001"]
    for e in range(1, 4):
        lines += [f"2026-11-28 02:59:18,238 - INFO - epoch {e} step {20 * (3 * e - 3 + i)} | loss {2 - e / 5 - i / 50:.4f}"
                  f" | lr 0.000999" for i in (1, 2, 3)]
    rd = _read(tmp_path, lines)
    assert "batch_size" not in _tags(rd) and rd.hparams["batch_size"] == 16
    assert _series(rd, "lr")[0] == [20 * k for k in range(1, 10)]
    assert rd.meta["num_epochs"] == 12


# ------------------------------------------------------------------------------------------ Keras 3 consoles
def _keras3_console(epochs_done: int, planned: int, steps: int, killed_at: int) -> str:
    """A SLURM .log of Keras 3's fit(): TensorFlow's start-up noise, then under each ``Epoch e/E`` the bar drawn again
    and again (a carriage return, the rendering, backspaces) (``\\x1b[1m 46/160\\x1b[0m ━━━ 9:13 5s/step - dice_coef: .. - loss: ..``), a checkpoint
    callback's message, and the line that closes the epoch with its validation values; the job is killed inside an
    epoch."""
    esc, out = "\x1b", []
    out.append("2026-01-11 17:00:54.806784: I tensorflow/core/util/port.cc:113] oneDNN custom operations are on. You may "
               "see slightly different numerical results due to floating-point round-off errors from different "
               "computation orders. To turn them off, set the environment variable `TF_ENABLE_ONEDNN_OPTS=0`.\n")
    out.append("Starting training...\n")
    for e in range(1, epochs_done + 2):
        out.append(f"Epoch {e}/{planned}\n")
        last = steps if e <= epochs_done else killed_at
        for n in range(1, last + 1):
            bar = f"{esc}[32m{'━' * (20 * n // steps)}{esc}[0m{esc}[37m{'━' * (20 - 20 * n // steps)}{esc}[0m"
            run = 0.9 / (e + n / steps)
            out.append(f"\r{esc}[1m{n:3d}/{steps}{esc}[0m {bar} {esc}[1m{(steps - n) * 5}s{esc}[0m 5s/step - dice_coef: "
                       f"{0.1 + e / 20:.4f} - loss: {run:.4f}" + ("\b" * 90 if n < last else ""))
        if e > epochs_done:
            break
        out.append(f"\nEpoch {e}: val_dice_coef improved from 0.1 to 0.2, saving model to seg_model_best.keras\n")
        out.append(f"{esc}[1m{steps}/{steps}{esc}[0m {bar} {esc}[1m807s{esc}[0m 5s/step - dice_coef: {0.2 + e / 20:.4f} - "
                   f"loss: {0.5 / e:.4f} - val_dice_coef: {0.1 + e / 25:.4f} - val_loss: {0.6 / e:.4f} - "
                   f"learning_rate: 0.0010\n")
    return "".join(out)


def test_a_keras3_console_reads_one_point_per_epoch_on_one_axis_with_its_epoch(tmp_path):
    """Keras 3's bar is redrawn for every batch under ``Epoch e/E`` and closed by a line holding the epoch's results
    and its validation values: the renderings are that epoch's bar on its way, so the epoch's values are the closing
    line's, on the epoch -- the axis the validation values are on (not the renderings on an ordinal 1..N beside a
    ``loss [2]`` of the epochs). The run keeps its epochs (an ``epoch`` series beside the ``num_epochs`` plan), so a
    job killed inside epoch 4 of 15 can be said to have stopped there; an environment variable quoted in TensorFlow's advice is no
    series."""
    p = tmp_path / "ship_training_2775964.log"
    p.write_text(_keras3_console(epochs_done=3, planned=15, steps=12, killed_at=5), encoding="utf-8")
    from test_textlog_readings import _assert_same

    from curvedoc.importers.textlog import read_text_log

    _assert_same(p)
    rd = read_text_log(p)
    assert _series(rd, "val_loss") == ([1, 2, 3], [round(0.6 / e, 4) for e in (1, 2, 3)])
    # (the bar of epoch 4, which no line closed, is no result of it -- Keras' History has none -- but the run
    # reached epoch 4)
    assert _series(rd, "loss") == ([1, 2, 3], [round(0.5 / e, 4) for e in (1, 2, 3)])
    assert _series(rd, "epoch") == ([1, 2, 3, 4], [1.0, 2.0, 3.0, 4.0]) and rd.meta["num_epochs"] == 15
    assert not [t for t in _tags(rd) if "[2]" in t or "TF_" in t], _tags(rd)


def test_one_epoch_of_a_planned_two_is_the_epoch_reached(tmp_path):
    """A print log that says ``Starting Training for 2 epochs...`` and then ``Epoch 1/2 - Loss: 0.97655`` and ends:
    with the plan stated, the one epoch position is already how far it got (the ``epoch`` series holds it, beside
    ``num_epochs``), as two or more would be."""
    lines = ["Training Samples: 332816", "Starting Training for 2 epochs...", "Epoch 1/2 - Loss: 0.97655"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Loss") == ([1], [0.97655])
    assert _series(rd, "epoch") == ([1], [1.0]) and rd.meta["num_epochs"] == 2
    # (a log that states no plan keeps no epoch series for one position)
    assert "epoch" not in _tags(_read(tmp_path, ["Epoch 1 - Loss: 0.97655"], name="other.log"))


def test_the_time_left_on_a_keras2_bar_is_no_series(tmp_path):
    """Keras 2's ``32/58 [=====>....] - ETA: 0s - loss: 1.18 - acc: 0.31`` on the way to the epoch's closing line: the
    ETA is the time the bar says is left, not a training series (an ``ETA`` tag beside ``loss``)."""
    lines = ["Train on 58 samples, validate on 26 samples"]
    for e in range(1, 5):
        lines += [f"Epoch {e}/40", f"32/58 [===============>..............] - ETA: {5 - e}s - loss: {1.2 / e:.4f} - acc: 0.31",
                  f"58/58 [==============================] - 0s 7ms/step - loss: {1.1 / e:.4f} - acc: 0.33 - val_loss: "
                  f"{1.0 / e:.4f} - val_acc: 0.46"]
    rd = _read(tmp_path, lines)
    assert "ETA" not in _tags(rd)
    assert _series(rd, "loss") == ([1, 2, 3, 4], [round(1.1 / e, 4) for e in range(1, 5)])
