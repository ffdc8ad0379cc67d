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


def _launches(tmp_path, starts, batches):
    lines = []
    for k, (start, n) in enumerate(zip(starts, batches)):
        lines += ["Using device: cuda", "[DataLoader] batch_size=16 num_workers=8", start]
        lines += [f"  Batch {b}/215 | Loss: {2.3 - 0.002 * b - 0.1 * k:.4f}" for b in range(10, 10 * n + 1, 10)]
    path = tmp_path / "training.log"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_same_start_of_training_printed_again_is_a_relaunch_into_the_log(tmp_path):
    """'Starting Training...' three times, the first two launches stopping before (or soon after) their first
    records: the script was launched again into the same file -- restarted-run's reading, said by the importer; the
    numbers in the statement (a date) do not make it another."""
    for start in ("Starting Training...", "Starting training at 2026-02-03 15:3{k}:53"):
        starts = [start.replace("{k}", str(k)) for k in range(3)]
        rr = curvedoc.diagnose(str(_launches(tmp_path, starts, [0, 1, 20]))).runs[-1]
        assert [i for i in rr.issues if i.kind == "restart" and "started 3 times" in i.message], rr.issues
        assert "restarted-run" in {f.name for f in rr.findings}


def test_starts_of_different_trainings_or_one_start_are_no_relaunch(tmp_path):
    for starts in (["Start training P-Net", "Start training R-Net"], ["Starting Training..."]):
        rr = curvedoc.diagnose(str(_launches(tmp_path, starts, [20] * len(starts)))).runs[-1]
        # (two trainings with records each are split into runs, which says so in its own words)
        assert not [i for i in rr.issues if "times in this log" in i.message], rr.issues


def test_a_start_printed_each_epoch_with_its_number_is_a_phase_not_a_relaunch(tmp_path):
    # fairseq's 'begin training epoch 3' before each epoch's records: one run, whose epochs each announce themselves
    lines = []
    for e in range(1, 6):
        lines.append(f"begin training epoch {e}")
        lines += [f"epoch {e:03d}: {i * 100} / 500 loss={3.0 / (e + i / 5):.3f}" for i in range(1, 6)]
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n")
    rr = curvedoc.diagnose(str(path)).runs[-1]
    assert not [i for i in rr.issues if "times in this log" in i.message], rr.issues
