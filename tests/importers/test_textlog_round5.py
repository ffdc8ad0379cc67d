"""Text logs of the labelled corpus still misread or not analysed (issue 36, fifth round): each principle a
misreading of a labelled log broke, on a small synthetic log written the way its script prints."""

from __future__ import annotations

from _helpers import paddle_hapi_fit_lines
from test_textlog_readings import _read, _series


def test_a_step_counted_against_the_epochs_length_under_an_epoch_heading_is_laid_end_to_end(tmp_path):
    """Paddle's hapi ``Model.fit`` (and Keras' progress bars) print ``Epoch 2/4`` on a line of its own, then ``step
    10/300 - loss: ..`` counting inside that epoch up to its length: the records are on the run's iteration
    ((epoch - first) * 300 + step), not folded onto steps 10..300 where each epoch overwrites the one before; the
    evaluation announced after each epoch is at the iteration training had reached."""
    lines = paddle_hapi_fit_lines()
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "loss")
    assert steps == [(e - 1) * 300 + s for e in range(1, 5) for s in range(10, 310, 10)]
    assert values[0] == 0.1 and values[-1] == round(1 / 1200, 4)
    assert _series(rd, "val/loss") == ([300, 600, 900, 1200], [round(0.3 + e / 100 + 0.044, 4) for e in range(1, 5)])
    assert not [i for i in rd.issues if i.kind == "restart"]


def test_a_step_with_its_total_under_an_epoch_heading_that_never_starts_again_is_the_runs_step(tmp_path):
    """``step 120/4000`` counting the run's steps, an ``Epoch 2`` line printed as the data loader starts again: the
    step never goes back when the epoch advances, so it is the run's step as printed."""
    lines = []
    for e in range(1, 4):
        lines.append(f"Epoch {e}")
        lines += [f"step {s}/4000 - loss: {2 / s:.4f}" for s in range((e - 1) * 1000 + 100, e * 1000 + 100, 100)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == list(range(100, 3100, 100))


def test_a_split_name_with_a_duration_is_the_time_the_split_took_not_its_loss(tmp_path):
    """``Epoch 005 loss 9.5198 | train 2.2s | Acc 13.52% | infer 4.5s``: a bare split name beside others is that
    split's loss (``train 9.85 val 9.84``), but not when its value is a duration -- then ``loss`` is the training
    loss, and no 'train loss' made of seconds takes its role."""
    from curvedoc.model.run import Run

    lines = [f"Epoch {e:03d} loss {20 / e:8.4f} | train 2.{e % 3}s" + (f" | Acc {e * 2.5:.2f}% | infer 4.5s" if e % 5 == 0 else "")
             for e in range(1, 31)]
    rd = _read(tmp_path, lines)
    assert "train loss" not in set(rd.frame["tag"].astype(str))
    run = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles["train_loss"] == "loss"
    assert _series(rd, "loss")[1][0] == 20.0
    rd = _read(tmp_path, [f"step {s} | train {3 - s / 100:.2f} val {3.1 - s / 100:.2f}" for s in range(1, 20)])
    assert {"train loss", "val loss"} <= set(rd.frame["tag"].astype(str))


def test_a_part_of_the_loss_named_alone_beside_the_loss_is_that_part(tmp_path):
    """``Epoch 001/100 | loss 10.9673 | cls 5.0648 | tal 0.0729 | train_acc 0.24``: ``cls`` printed beside the loss
    is its classification part (as YOLO's ``box obj cls`` columns are), a loss part the rules read; the same word
    in a record with no loss stays what it says."""
    from curvedoc.model.roles import other_losses
    from curvedoc.model.run import Run

    lines = [f"2026-08-18 16:17:01 | Epoch {e:03d}/100 | loss {11 / e:.4f} | cls {5 / e:.4f} | tal 0.07 | "
             f"train_acc {0.2 + e / 100:.4f} | 73.3s" for e in range(1, 21)]
    rd = _read(tmp_path, lines)
    run = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles["train_loss"] == "loss"
    assert "cls_loss" in other_losses(run)
    assert _series(rd, "cls_loss")[1] == [round(5 / e, 4) for e in range(1, 21)]
    rd = _read(tmp_path, [f"iter {i} | cls {i % 10} | acc 0.5" for i in range(1, 20)])
    assert "cls" in set(rd.frame["tag"].astype(str))


def test_records_at_the_end_of_each_epoch_are_on_the_epoch_whatever_its_length(tmp_path):
    """An ad-hoc ImageNet script keeps the last rendering of each epoch's bar, ``Train Epoch: 4 Loss: 2.966 Acc@1
    36.7: 100%|██████████| 5005/5005 [59:22<00:00, 1.41it/s]``; resumed with another batch size its epochs are 5005
    batches long instead of 10010. Every record is at the end of its epoch: one point per epoch, on the epoch -- one
    series, not two split by the epoch length (nor a clock that goes back)."""
    bar = "\u2588" * 10
    lines = []
    for e in range(1, 9):
        n = 10010 if e <= 3 else 5005
        lines += [f"Epoch: {e}", f"Learning rate: {0.005 * e:.6f}",
                  f"Train Epoch: {e} Loss: {6 / e:.3f} Acc@1 {4 * e:.3f} Acc@5 {11 * e:.3f}: 100%|{bar}| {n}/{n} "
                  f"[59:22<00:00,  1.41it/s]", "", f"Test set: Average loss: {5 / e:.4f}, Acc@1: {8 * e:.3f}%", ""]
    rd = _read(tmp_path, lines)
    tags = set(rd.frame["tag"].astype(str))
    assert not any(t.endswith("[2]") for t in tags), tags
    assert _series(rd, "Loss") == (list(range(1, 9)), [round(6 / e, 3) for e in range(1, 9)])
    assert not [i for i in rd.issues if i.kind == "restart"]
