"""Text logs in styles the reader had not seen (issue 36, third round): each principle a misreading of a real log in
tests/data/textlogs_unseen3 broke, on a small synthetic log written the way its tool prints (read with and without
plans, through ``_read``)."""

from __future__ import annotations

from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------------------------------------ tables and bars
def _yolo_v7_epoch(e: int, n: int, fence: str = "") -> list[str]:
    """One epoch of YOLOv5 v7.0 as a notebook's text output shows it: tqdm without its bar glyphs."""
    return [f"{fence}     Epoch    GPU_mem   box_loss   obj_loss   cls_loss  Instances       Size",
            f"{e:>9}/{n - 1}      10.2G {0.1 / (e + 1):>10.5f} {0.03 / (e + 1):>10.5f} {0.04 / (e + 1):>10.5f}"
            f"         26        640: 100% 15/15 [00:08<00:00,  1.79it/s]",
            "                 Class     Images  Instances          P          R      mAP50   mAP50-95: 100% 1/1 "
            "[00:00<00:00,  1.28it/s]",
            f"                   all         51         87 {0.1 + e / 100:>10.4f} {0.2 + e / 100:>10.4f} "
            f"{0.3 + e / 100:>10.4f} {0.15 + e / 100:>10.4f}",
            ""]


def test_a_progress_bar_without_its_glyphs_is_still_the_tables_bar(tmp_path):
    """tqdm rendered as text (a notebook's output, ``ncols=0``) prints ``100% 15/15 [00:08<00:00, 1.79it/s]`` with no
    bar glyph: it is the row's progress bar all the same, so YOLO's training and validation rows map to their own
    header's columns (not the validation row onto the training header)."""
    lines = []
    for e in range(6):
        lines += _yolo_v7_epoch(e, 6)
    rd = _read(tmp_path, lines)
    assert _series(rd, "train/box_loss") == (list(range(6)), [round(0.1 / (e + 1), 5) for e in range(6)])
    assert _series(rd, "val/mAP50") == (list(range(6)), [round(0.3 + e / 100, 4) for e in range(6)])
    assert "train/GPU_mem" not in _tags(rd) or _series(rd, "train/GPU_mem")[1] == [10.2] * 6


def test_a_markdown_fence_on_the_outputs_first_line_is_no_part_of_it(tmp_path):
    """Output pasted in markdown often starts on the fence's own line (``` Epoch GPU_mem ...): the fence is cut like
    a prefix, so the first epoch's header (and the epoch under it) is read."""
    lines = ["<details>", "  <summary>Click to expand!</summary>", ""]
    for e in range(5):
        lines += _yolo_v7_epoch(e, 5, fence="  ```" if e == 0 else "")
    lines += ["     ```", "</details>"]
    rd = _read(tmp_path, lines, name="README.md")
    assert _series(rd, "train/box_loss")[0] == list(range(5))


def test_an_early_stopping_statement_with_the_best_epoch_moves_no_clock(tmp_path):
    """Ultralytics ends an early-stopped run with "Stopping training early as no improvement observed in last 100
    epochs. Best results observed at epoch 2, best model saved as best.pt." then validates best.pt once more: the
    statement is no record (its numbers are a patience and a past epoch), and the final validation is no new epoch
    (not a point placed back at epoch 2)."""
    lines = []
    for e in range(6):
        lines += _yolo_v7_epoch(e, 300)
    lines += ["Stopping training early as no improvement observed in last 100 epochs. Best results observed at "
              "epoch 2, best model saved as best.pt.",
              "To update EarlyStopping(patience=100) pass a new patience value, i.e. `python train.py --patience 300` "
              "or use `--patience 0` to disable EarlyStopping.", "",
              "6 epochs completed in 0.949 hours.", "", "Validating runs/train/exp/weights/best.pt...",
              "Fusing layers... ", "Model summary: 157 layers, 7018216 parameters, 0 gradients, 15.8 GFLOPs",
              "                 Class     Images  Instances          P          R      mAP50   mAP50-95: 100% 1/1 "
              "[00:00<00:00,  1.70it/s]",
              "                   all         51         87      0.737      0.504      0.603       0.44"]
    rd = _read(tmp_path, lines)
    steps, _ = _series(rd, "val/mAP50")
    assert steps == list(range(6))
    assert not [t for t in _tags(rd) if "observed" in t or "improvement" in t]


def test_a_line_printed_right_after_a_tqdm_bar_is_a_line_of_its_own(tmp_path):
    """tqdm writes no newline after its bar, so a ``print`` after a bar that was left open continues the same
    physical line: ``  0%|    | 0/938 [00:00<?, ?it/s]Epoch 15, Val Loss: 0.08, Val Accuracy: 0.97``. The text after
    the meter's ``[elapsed<remaining, rate]`` block is a rendering of its own, read like the same print on its own
    line (one series, not a second one for the lines that followed a bar)."""
    lines = []
    for e in range(1, 11):
        bar = f"100%|██████████| 938/938 [00:20<00:00, 45.5it/s, accuracy=1, loss={0.1 / e:.5f}, lr=0.0001]"
        val = f"Epoch {e}, Val Loss: {0.5 / e:.6f}, Val Accuracy: {0.9 + e / 200:.6f}"
        lines += [bar, ("  0%|          | 0/938 [00:00<?, ?it/s]" + val) if e % 3 == 0 else val]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Val Loss") == (list(range(1, 11)), [round(0.5 / e, 6) for e in range(1, 11)])
    assert not [t for t in _tags(rd) if t.startswith("Val Loss ")]


# ------------------------------------------------------------------------------------------ prefixes
def test_glog_and_tensorflow_prefixes_are_no_part_of_the_message(tmp_path):
    """Caffe and other glog users prefix each line with ``I1128 12:00:00.123456 4567 solver.cpp:218]`` (level and
    date, thread id, source file:line); TensorFlow's C++ logging writes ``2023-01-17 17:27:07.438560: I
    tensorflow/.../cuda_dnn.cc:428]``. That prefix is cut like a logger's: no tag is named after a source file, and
    the records after it are read as if printed alone."""
    lines = ["2023-01-17 17:27:07.438560: I tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:428] Loaded "
             "cuDNN version 8204"]
    for it in range(0, 1000, 100):
        lines.append(f"I1128 12:{it // 100:02d}:00.123456 31073 solver.cpp:218] Iteration {it} (9.5 iter/s, 10.5s/100 "
                     f"iters), loss = {2.3 / (1 + it / 100):.5f}")
        lines.append(f"I1128 12:{it // 100:02d}:00.123900 31073 sgd_solver.cpp:105] Iteration {it}, lr = 0.01")
    rd = _read(tmp_path, lines)
    assert not [t for t in _tags(rd) if ".cc" in t or ".cpp" in t], _tags(rd)
    assert _series(rd, "loss") == (list(range(0, 1000, 100)), [round(2.3 / (1 + it / 100), 5) for it in range(0, 1000, 100)])


# ------------------------------------------------------------------------------------------ echoes
def test_a_checkpoint_statement_repeating_the_last_values_is_an_echo(tmp_path):
    """``保存最佳模型 (val_loss=3.2508)`` ("saving the best model") after ``Epoch 1/100 - Train Loss: 4.05, Val Loss:
    3.2508`` repeats a value the epoch's line printed: no ``val_loss`` series of its own beside ``Val Loss`` (which
    would take the role). A checkpoint line whose value was printed nowhere before is still a record."""
    lines = []
    best = 9.0
    for e in range(1, 21):
        val = 3.0 / e + (0.3 if e % 4 == 0 else 0)
        lines.append(f"Epoch {e}/20 - Train Loss: {4 / e:.4f}, Val Loss: {val:.4f}")
        if val < best:
            best = val
            lines.append(f"  保存最佳模型 (val_loss={val:.4f})" if e % 2 else f"Saving best model (val_loss={val:.4f})")
    lines.append("Loaded checkpoint from best.pt (test_acc=0.8123)")
    rd = _read(tmp_path, lines)
    assert "val_loss" not in _tags(rd), _tags(rd)
    assert len(_series(rd, "Val Loss")[1]) == 20
    assert _series(rd, "test_acc")[1] == [0.8123] or rd.summary.get("test_acc") == 0.8123 \
        or rd.hparams.get("test_acc") == 0.8123


# ------------------------------------------------------------------------------------------ names
def test_a_detection_tables_p_and_r_columns_are_its_precision_and_recall(tmp_path):
    """YOLO's validation header "Class Images Instances P R mAP50 mAP50-95" names precision and recall by their
    initials: the series are named so (``val/precision``, ``val/recall``) and read as quality metrics."""
    from curvedoc.model.run import Run

    lines = []
    for e in range(6):
        lines += _yolo_v7_epoch(e, 6)
    rd = _read(tmp_path, lines)
    assert {"val/precision", "val/recall"} <= _tags(rd) and not {"val/P", "val/R"} & _tags(rd)
    run = Run("yolo", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert {"val/precision", "val/recall", "val/mAP50"} <= {m.tag for m in run.metrics}


def test_losses_named_by_their_criterion_and_other_held_out_sets_are_analysed():
    """A criterion printed by its name alone is that loss (GluonCV's ``CrossEntropy`` / ``SmoothL1`` columns, a
    VAE's ``recons``), unless an accuracy word makes it an accuracy of it; FCN's "Mean IU" is the mean IoU; a test
    set's loss beside the validation loss is another held-out loss, not a copy of it."""
    import numpy as np
    import pandas as pd

    from curvedoc.model.metrics import tokens  # noqa: F401  (the tokenizer the roles read)
    from curvedoc.model.roles import infer_role, other_losses
    from curvedoc.model.run import Run

    assert infer_role("CrossEntropy") == ("train_loss", 0)
    assert infer_role("SmoothL1")[0] == "train_loss"
    assert infer_role("v_recons")[0] == "val_loss"
    assert infer_role("recon_acc")[0] == "train_acc"
    assert infer_role("l1_norm") is None
    rows = []
    for e in range(1, 11):
        for tag, v in (("Loss", 2 / e), ("Validation loss", 2.2 / e), ("Test loss", 2.3 / e), ("Mean IU", 40 + e)):
            rows.append((tag, e, v))
    frame = pd.DataFrame(rows, columns=["tag", "step", "value"])
    frame["wall_time"] = np.nan
    run = Run("r", "text-log", frame)
    assert run.roles["val_loss"] == "Validation loss"
    assert "Test loss" in other_losses(run)
    assert "Mean IU" in {m.tag for m in run.metrics}


def test_a_launchers_process_messages_are_no_series(tmp_path):
    """torchrun's "Received 15 death signal, shutting down workers" and "Sending process 55014 closing signal
    SIGTERM" (after a glog prefix, cut) hold a signal number and a process id: no series."""
    lines = [f"[step {s}/100] loss {1 / s:.4f}" for s in range(1, 40)]
    lines += ["W1227 22:43:28.153000 54958 torch/distributed/elastic/agent/server/api.py:725] Received 15 death "
              "signal, shutting down workers",
              "W1227 22:43:28.153000 54958 torch/distributed/elastic/multiprocessing/api.py:908] Sending process "
              "55014 closing signal SIGTERM"]
    rd = _read(tmp_path, lines)
    assert _tags(rd) <= {"loss", "step"}, _tags(rd)


# ------------------------------------------------------------------------------------------ the clock
def test_the_same_record_printed_without_its_epoch_after_training_is_a_final_evaluation(tmp_path):
    """``Epoch 20/100, Accuracy: 0.46, F1 Score: 0.29`` per epoch, then ``Accuracy: 0.50, F1 Score: 0.33`` once the
    run is over (the test set): the same words without the epoch are the final evaluation, a series of its own,
    not one more point of the epochs' series."""
    lines = []
    for run in range(3):
        lines += [f"Epoch {e}/10, Accuracy: {0.4 + e / 100:.2f}, F1 Score: {0.2 + e / 100:.2f}" for e in range(1, 11)]
        lines.append(f"Accuracy: {0.6 + run / 100:.2f}, F1 Score: {0.5 + run / 100:.2f}")
    rd = _read(tmp_path, lines)
    steps, vals = _series(rd, "Accuracy")
    assert len(vals) == 30 and vals[:10] == [round(0.4 + e / 100, 2) for e in range(1, 11)]
    finals = [t for t in _tags(rd) if t.startswith("Accuracy") and t != "Accuracy"]
    assert len(finals) == 1 and _series(rd, finals[0])[1] == [0.6, 0.61, 0.62]


def test_a_fractional_epoch_is_no_epoch_counter(tmp_path):
    """xnmt prints ``Epoch 23.0000 dev BLEU4: 0.165`` at each epoch end (and ``Epoch 19.5323: train_loss/word=..``
    in between): the number is no epoch 2 (its first digit) nor an epoch counter; the record is placed by the
    step its training lines print."""
    lines = []
    for e in range(8, 14):
        for q in (0.25, 0.5, 0.75, 1.0):
            lines.append(f"[exp] Epoch {e - 1 + q:.4f}: train_loss/word={3 / (e + q):.6f} (steps={int((e - 1 + q) * 100)}, "
                         f"words/sec=11000.00, time=0-00:19:34)")
        lines.append(f"[exp] Epoch {e:.4f} dev BLEU4: {0.1 + e / 100}, 0.48/0.22/0.11/0.06 (BP = 0.99, ratio=1.00, "
                     f"hyp_len=7736, ref_len=7744) (time=0-00:20:13)")
    rd = _read(tmp_path, lines)
    assert _series(rd, "dev BLEU4") == ([100 * e for e in range(8, 14)], [round(0.1 + e / 100, 6) for e in range(8, 14)])


def test_a_command_at_a_shell_prompt_starts_a_launch(tmp_path):
    """A notes file with two trainings pasted one after the other, each after its command at a shell prompt
    (``(env) user@host:~/exp$ xnmt --gpu config.yaml``): the second training's first evaluation, printed before
    any of its own training lines, is a record of the new launch, not an echo of the last evaluation of the first."""
    lines = []
    for run, (first, n) in enumerate(((1, 5), (6, 5))):
        lines.append(f"(xnmt-py3.6) ye@host:~/tool/xnmt/exp/run{run}$ time xnmt --backend torch --gpu ./config{run}.yaml")
        lines += ["...", "> Checkpoint [exp]"]
        for e in range(first, first + n):
            if not (run == 1 and e == first):
                lines.append(f"[exp] Epoch {e:.4f}: train_loss/word={3 / e:.6f} (steps={100 * e}, words/sec=1.0, time=0)")
            lines.append(f"[exp] Epoch {e:.4f} dev BLEU4: {0.1 + e / 100 + run / 1000}, 0.4/0.2/0.1/0.06 (BP = 0.9)")
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "dev BLEU4")[1]) == 10


def test_a_bar_rendering_on_its_way_gives_way_to_the_line_that_closes_its_epoch(tmp_path):
    """Keras 2 with a callback that prints mid-epoch: ``214/215 [=====>.] - ETA: 0s - loss: 0.0379 - accuracy:
    0.9885``, then ``Epoch 6: ReduceLROnPlateau reducing learning rate to 0.0005.``, then the epoch's final ``215/215
    [=====] - 6s 27ms/step - loss: 0.0378 - ... - val_loss: ..``: the rendering reporting an ETA showed the value on
    its way, the final line the epoch's: one point per epoch."""
    lines = []
    for e in range(1, 11):
        lines.append(f"Epoch {e}/10")
        if e in (4, 7):
            lines += [f"214/215 [============================>.] - ETA: 0s - loss: {1 / e + 0.001:.4f} - accuracy: 0.9",
                      f"Epoch {e}: ReduceLROnPlateau reducing learning rate to 0.0005000000237487257."]
        lines.append(f"215/215 [==============================] - 6s 27ms/step - loss: {1 / e:.4f} - accuracy: 0.9 - "
                     f"val_loss: {1.2 / e:.4f} - val_accuracy: 0.8 - lr: 0.0010")
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == (list(range(1, 11)), [round(1 / e, 4) for e in range(1, 11)])


def test_renderings_of_one_bar_stay_one_series_when_only_some_carry_the_epoch(tmp_path):
    """A Keras bar garbled by a terminal emulator (W&B's capture of a notebook): some renderings carry the epoch
    glued in front (``Epoch 8/10[=====>.....] - ETA: 11s - loss: ..``), the others not. They are renderings of one
    bar reporting an ETA, one series -- not a 'final evaluation' apart (that is for plain lines printed without the
    epoch after the epochs)."""
    lines = []
    for e in range(1, 9):
        for i, eta in enumerate((30, 20, 11)):
            lead = f"Epoch {e}/10" if i == 0 else ""
            lines.append(f"{lead}[{'=' * (10 * i + 5)}>{'.' * (30 - 10 * i)}] - ETA: {eta}s - loss: {1 / e + eta / 1000:.4f}"
                         f" - accuracy: {0.5 + e / 100:.4f}")
    rd = _read(tmp_path, lines)
    assert not [t for t in _tags(rd) if t.startswith("loss ")], _tags(rd)
