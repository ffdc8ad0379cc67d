"""Text logs in styles the reader had not seen (issue 36, fourth round, tests/data/textlogs_unseen4): each principle
a misreading of a real log of that batch broke, on a small synthetic log written the way its script prints."""

from __future__ import annotations

from test_textlog_readings import _read, _series


def _keras_fit(epochs: int, start: float) -> list[str]:
    out = ["Train on 8000 samples, validate on 2000 samples"]
    for e in range(1, epochs + 1):
        out += [f"Epoch {e}/{epochs}",
                f"65s - loss: {start / e:.4f} - acc: {0.2 + e / 100:.4f} - val_loss: {start / e + 0.3:.4f} - val_acc: 0.48"]
    return out


def test_keras_fits_appended_in_one_file_are_restarts(tmp_path):
    """A sweep script printing Keras verbose=2 for three fit() calls into one file: each counts its epochs from 1
    again under its own ``Epoch e/N`` headings. Every point is kept, and the clock going back is reported as a
    restart (twice), never read as one curve that zig-zags."""
    lines = ["('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')"] + _keras_fit(6, 2.4)
    lines += ["('Cell type: GRU', 'Drop Input: 0.1', 'Cell Count: 64')"] + _keras_fit(6, 2.6)
    lines += ["('Cell type: GRU', 'Drop Input: 0.3', 'Cell Count: 128')"] + _keras_fit(4, 2.2)
    rd = _read(tmp_path, lines)
    assert _series(rd, "val_loss")[0] == list(range(1, 7)) * 2 + list(range(1, 5))
    restarts = [i for i in rd.issues if i.kind == "restart"]
    assert len(restarts) == 1 and restarts[0].count == 2, rd.issues


def test_the_wandb_run_summary_is_the_runs_summary_not_one_more_point(tmp_path):
    """YOLOv5 with W&B: after the last epoch W&B prints ``wandb: Run summary:`` and the last (or best) value of each
    series it logged (``wandb:       train/box_loss 0.02659``) after ``wandb:  best/epoch 259``. They are the run's
    summary (its metadata), not one more point of the training series at "epoch 259"."""
    lines = ["      Epoch    gpu_mem       box       obj       cls    labels  img_size"]
    for e in range(8):
        lines.append(f"      {e}/3999     14.2G   {0.1 - e / 100:.4f}    0.1121   {0.04 - e / 1000:.5f}       618       640: "
                     f"100% 3/3 [00:05<00:00,  1.81s/it]")
    lines += ["wandb: Waiting for W&B process to finish... (success).", "wandb: ", "wandb: Run summary:",
              "wandb:           best/epoch 5", "wandb:       train/box_loss 0.03", "wandb:       train/cls_loss 0.033",
              "wandb:                x/lr0 0.00911", "wandb: ",
              "wandb: Synced neat-elevator-1: https://wandb.ai/x/YOLOv5/runs/1wgcbwdz",
              "wandb: Synced 5 W&B file(s), 13 media file(s), 1 artifact file(s) and 0 other file(s)"]
    rd = _read(tmp_path, lines)
    box = [t for t in rd.frame["tag"].astype(str).unique() if "box" in t]
    assert len(box) == 1 and _series(rd, box[0]) == (list(range(8)), [round(0.1 - e / 100, 4) for e in range(8)])
    assert rd.meta["summary"]["train/box_loss"] == 0.03 and rd.meta["summary"]["best/epoch"] == 5
    assert not any("Synced" in t or "file(s)" in t for t in rd.frame["tag"].astype(str).unique())


def test_marian_abbreviated_epoch_and_update_are_the_clock_and_cost_is_the_loss(tmp_path):
    """Marian NMT: ``Ep. 1 : Up. 500 : Sen. 15,203 : Cost 6.01 * 414,436 after 414,436 : Time 609.91s`` and
    ``[valid] Ep. 1 : Up. 5000 : cross-entropy : 219.282 : new best``. "Up." (updates) is the step and "Ep." the
    epoch, so training and validation share the update axis; "Cost" is Marian's training objective, the loss (and a
    PaddlePaddle timing named 'batch_cost' is not)."""
    from curvedoc.model.run import Run

    lines = []
    for u in range(500, 10500, 500):
        lines.append(f"[2021-05-26 23:22:42] Ep. {1 + u // 4000} : Up. {u} : Sen. {u * 30:,} : Cost {6 - u / 4000:.8f} "
                     f"* 414,436 after {u * 800:,} : Time 609.91s : 679.50 words/s : batch_cost: 0.61")
        if u % 5000 == 0:
            lines.append(f"[2021-05-27 00:53:30] [valid] Ep. {1 + u // 4000} : Up. {u} : cross-entropy : {220 - u / 100:.3f}"
                         " : new best")
    rd = _read(tmp_path, lines)
    assert _series(rd, "Cost")[0] == list(range(500, 10500, 500))
    assert _series(rd, "val/cross-entropy") == ([5000, 10000], [170.0, 120.0])
    run = Run("marian", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles["train_loss"] == "Cost" and run.roles["val_loss"] == "val/cross-entropy"


def test_a_value_in_decibels_is_the_value(tmp_path):
    """KAIR (USRNet, DPSR ...) prints ``<epoch: 10, Average PSNR : 18.33dB`` after its training lines: the PSNR is
    18.33 (the unit written against the number, like '%' or 's'), a series at its epoch."""
    lines = []
    for e in range(1, 31):
        lines.append(f"<epoch:{e:3d}, lr:1.000e-04> loss: {0.4 / e:.3e} ")
        if e % 10 == 0:
            lines.append(f"<epoch:{e:3d}, Average PSNR : {18 + e / 10:.2f}dB")
    rd = _read(tmp_path, lines)
    assert _series(rd, "Average PSNR") == ([10, 20, 30], [19.0, 20.0, 21.0])


def test_a_models_parameter_count_printed_at_each_fit_is_no_series(tmp_path):
    """Keras' ``model.summary()`` before each fit() ends with ``Total params: 39,344`` / ``Trainable params: ..`` /
    ``Non-trainable params: 0``; a logging script prints ``Total parameters: 4386178 || Trainable parameters: 258
    (0.0059%)`` at each launch. They describe the model, not its training: no series (a loss beside a 'total' is
    still read)."""
    lines = []
    for fit, n in enumerate((39344, 22326, 51000)):
        lines += ['Model: "sequential"', "_" * 65, f"Total params: {n:,}", f"Trainable params: {n:,}",
                  "Non-trainable params: 0", "_" * 65,
                  f"2024-06-17 22:30:23,751 - INFO - Total parameters: {n + 7} || Trainable parameters: {n} (99.98%)"]
        for e in range(1, 4):
            lines += [f"Epoch {e}/3", f"128/128 - 0s - loss: {3 / e + fit:.4f} - accuracy: {0.1 * e:.4f} - 358ms/epoch - 3ms/step"]
    lines.append("Epoch 4 | total 3.2 | loss 0.5")
    rd = _read(tmp_path, lines)
    tags = set(rd.frame["tag"].astype(str))
    assert not any("param" in t.lower() for t in tags), tags
    assert {"loss", "accuracy", "total"} <= tags


def test_trainings_one_after_the_other_each_with_its_epoch_length_are_laid_end_to_end_each(tmp_path):
    """MTCNN trains its P-, R- and O-Net one after the other into one nohup file, each printing ``Epoch: e, Step: s,
    accuracy: .., det loss: ..`` with the step starting again at every epoch, and each net its own epoch length: each
    net's epochs are laid end to end on its own clock (its epoch as long as its climbs: 1,400, 1,200 and 600 steps),
    and the clock going back as the next net starts at epoch 1 again is a restart (three trainings, not one curve);
    the same whether the file is read whole, in chunks or from any line onward."""
    from test_textlog_readings import _assert_chunks_read_as_whole

    lines = []
    for net, top in (("pnet", 1200), ("rnet", 1000), ("onet", 400)):
        lines.append(f"training {net} ...")
        for e in range(1, 6):
            lines += [f"2022-11-21 19:27:39.088521 : Epoch: {e}, Step: {s}, accuracy: {0.8 + e / 100 + s / 1e5:.6f}, "
                      f"det loss: {0.6 - e / 20 - s / 1e5:.6f}, all_loss: {0.7 - e / 20:.6f}, lr:0.01 " for s in range(0, top + 1, 200)]
    rd = _read(tmp_path, lines)
    p = tmp_path / "train.log"
    assert _series(rd, "accuracy")[0] == [(e - 1) * (top + 200) + s for top in (1200, 1000, 400) for e in range(1, 6)
                                          for s in range(0, top + 1, 200)]
    assert [i for i in rd.issues if i.kind == "restart"]
    data = p.read_bytes()
    _assert_chunks_read_as_whole(p, [len(data) // 5, len(data) // 2, 4 * len(data) // 5])


def test_a_step_counted_inside_each_epoch_is_laid_end_to_end_and_the_held_out_roles_go_to_the_summaries(tmp_path):
    """PaddleClas 2.0: ``epoch:3 , train step:10 , top1: .., loss: ..`` during the epoch (the step starts again at every
    epoch, no epoch length printed), ``END epoch:3   train top1: .., loss: ..`` at its end, and the same for ``valid
    step`` / ``END epoch:3   valid ...`` (``epoch:3`` after the logger's ``INFO -`` is the record's epoch, no logger's
    name:lineno). The training steps are laid end to end (each epoch as long as its climb: 0 .. 30 every 10, 40
    steps), so the per-step loss covers every epoch and is the training loss; the valid steps are the evaluation's
    progress (held out, as ``valid`` before the step's name says): the held-out roles go to the END summaries, one
    point per epoch."""
    from curvedoc.model.run import Run

    p = "2021-03-19 20:19:45,498 - INFO - "
    lines = []
    for e in range(12):
        lines += [f"{p}epoch:{e:<3d}, train step:{s:<4d}, top1: {0.1 + e / 20:.5f}, top5: 0.5, loss: {4 - e / 4 - s / 100:.5f}, "
                  f"lr: 0.0125, batch_cost: 0.60194 s, reader_cost: 0.42753 s, ips: 53.16 images/sec." for s in (0, 10, 20, 30)]
        lines.append(f"{p}END epoch:{e:<3d} train top1: {0.1 + e / 20:.5f}, top5: 0.5, loss: {3.9 - e / 4:.5f},  batch_cost: "
                     "0.58692 s, reader_cost: 0.41308 s, batch_cost_sum: 12.32524 s, ips: 54.52226 images/sec.")
        lines += [f"{p}epoch:{e:<3d}, valid step:{s:<4d}, top1: {0.2 + e / 25:.5f}, top5: 0.6, loss: {4.1 - e / 5 + s / 50:.5f}, "
                  f"lr: 0.000000, batch_cost: 0.42536 s, reader_cost: 0.32728 s, ips: 47.0 images/sec." for s in (0, 10, 20)]
        lines.append(f"{p}END epoch:{e:<3d} valid top1: {0.21 + e / 25:.5f}, top5: 0.6, loss: {4.3 - e / 5:.5f},  batch_cost: "
                     "0.25130 s, reader_cost: 0.20991 s, batch_cost_sum: 10.30339 s, ips: 79.58546 images/sec.")
    rd = _read(tmp_path, lines)
    run = Run("paddleclas", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    train = run.series("train_loss")
    assert train.tolist() == [round(4 - e / 4 - s / 100, 5) for e in range(12) for s in (0, 10, 20, 30)]
    assert train.index.tolist() == [40 * e + s for e in range(12) for s in (0, 10, 20, 30)]
    assert run.series("val_loss").tolist() == [round(4.3 - e / 5, 5) for e in range(12)]
    assert len(run.series("val_acc")) == 12 and len(run.series("train_acc")) == 48


def test_settings_printed_as_a_tuple_of_strings_are_settings(tmp_path):
    """A sweep script prints the settings of each run it starts as a tuple of strings, ``('Cell type: LSTM',
    'Drop Input: 0.1', 'Cell Count: 64')``: the numbers are inside text, the run's settings, not series."""
    lines = []
    for cell, drop, count in (("LSTM", 0.1, 64), ("GRU", 0.3, 128), ("GRU", 0.5, 256)):
        lines.append(f"('Cell type: {cell}', 'Drop Input: {drop}', 'Cell Count: {count}')")
        lines += _keras_fit(4, 2.0 + drop)
    rd = _read(tmp_path, lines)
    # (and the epochs of Keras' "Epoch e/E" headings: the run's epoch series)
    assert set(rd.frame["tag"].astype(str)) - {"epoch"} == {"loss", "acc", "val_loss", "val_acc"}
    assert rd.hparams["Cell type"] == "LSTM" and rd.hparams["Drop Input"] == 0.1 and rd.hparams["Cell Count"] == 64


def test_the_pytorch_tutorials_epoch_and_batch_in_brackets_are_the_position(tmp_path):
    """The PyTorch CIFAR-10 tutorial prints ``[2,  2000] loss: 1.234`` (epoch, then the batch inside it) and, after
    every 5th epoch, ``Accuracy of the network on the 10000 test images: 52 %``: the brackets are the record's epoch
    and batch (not noise before the loss), so the evaluations are placed at their epochs."""
    lines = []
    for e in range(1, 11):
        lines += [f"[{e}, {b:5d}] loss: {2.3 - e / 10 - b / 10000:.6f}" for b in (20, 40, 60)]
        if e % 5 == 0:
            lines.append(f"Accuracy of the network on the 10000 test images: {40 + e} %")
    rd = _read(tmp_path, lines)
    acc = [t for t in set(rd.frame["tag"].astype(str)) if "test images" in t]
    assert len(acc) == 1 and _series(rd, acc[0]) == ([5, 10], [45.0, 50.0])
    assert len(_series(rd, "loss")[1]) == 30 and sorted(set(_series(rd, "epoch")[1])) == list(range(1, 11))
