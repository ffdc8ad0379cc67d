"""Text logs, twelfth round (issue 35/36): fits appended to one Keras console are separate trainings.

Each case is a small log written the way its script prints it, read with and without plans (the two readings must be
equal)."""

from __future__ import annotations

from test_textlog_readings import _assert_chunks_read_as_whole

import curvedoc


def _keras_fit(lines, epochs, loss0, val=True):
    lines.append("Train on 40000 samples" + (", validate on 10000 samples" if val else ""))
    for e in range(1, epochs + 1):
        lines.append(f"Epoch {e}/50")
        loss = loss0 / e
        lines.append(f"224s - loss: {loss:.4f} - acc: {1 - loss / 4:.4f}"
                     + (f" - val_loss: {loss * 1.1:.4f} - val_acc: {1 - loss / 3:.4f}" if val else ""))


def test_keras_fits_appended_to_one_console_are_read_as_trainings_of_their_own(tmp_path):
    """Keras 2 opens every fit() with 'Train on N samples[, validate on M samples]' and counts its epochs from 1
    again: a second fit() (a new model, or the same one trained on) is another training. Read as one, its first
    epoch's loss far above the first fit's last was a 'divergence' across the boundary."""
    lines: list[str] = []
    _keras_fit(lines, 19, 3.5)
    lines += ["Epoch 00018: early stopping", "stopped after  19 epochs"]
    _keras_fit(lines, 14, 0.9)
    _keras_fit(lines, 10, 3.7, val=False)
    path = tmp_path / "model_training_log.txt"
    path.write_text("\n".join(lines) + "\n")
    rep = curvedoc.diagnose(str(path))
    assert [len(rr.run_obj.series("train_loss")) for rr in rep.runs] == [19, 14, 10]
    assert not [f for rr in rep.runs for f in rr.findings if f.name == "divergence"]
    size = path.stat().st_size
    _assert_chunks_read_as_whole(path, [size // 3, 2 * size // 3])


def test_one_keras_fit_is_one_training(tmp_path):
    lines: list[str] = []
    _keras_fit(lines, 12, 2.0)
    path = tmp_path / "log.txt"
    path.write_text("\n".join(lines) + "\n")
    assert len(curvedoc.diagnose(str(path)).runs) == 1


def test_a_batch_counter_printed_once_an_epoch_at_the_same_position_is_laid_end_to_end(tmp_path):
    """'Epoch [3/50] Batch 0/15 Loss: 1.0000' once an epoch: the batch never climbs, yet the epoch moved on without
    it -- it counts inside the epoch, 15 to an epoch (the total it prints). Each epoch's record is a point of its own,
    not the same step printed again; and 15 is no plan of steps for the run (its 50 epochs are)."""
    from curvedoc.importers.textlog import read_text_log

    lines = ["--- TRAINING START ---"]
    for e in range(1, 17):
        lines += [f"Epoch [{e}/50] Batch 0/15 Loss: 1.0000", f"==> EPOCH {e} DONE | Loss: 1.0000 | Val Dice: 0.0000"]
    path = tmp_path / "training_log.txt"
    path.write_text("\n".join(lines) + "\n")
    d = read_text_log(path)
    f = d.frame
    steps = f[f["tag"] == "Loss"]["step"].tolist()
    assert steps == [15 * e for e in range(16)], steps
    assert d.meta.get("max_steps") in (None, 750), d.meta
    rr = curvedoc.diagnose(str(path)).runs[0]
    assert "constant-loss" in {x.name for x in rr.findings}, [(x.name, x.message) for x in rr.findings]
    size = path.stat().st_size
    _assert_chunks_read_as_whole(path, [size // 3, 2 * size // 3])
