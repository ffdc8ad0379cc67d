"""Text logs of the sixth unseen batch (tests/data/textlogs_unseen6, issue 36): each principle a misreading of one
of its real logs broke, on a small synthetic log written the way its script or framework prints, read with and
without plans (the two readings must be equal)."""

from __future__ import annotations

from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------------------------------------ echoes and launches
def test_an_epoch_line_with_no_record_moves_the_epoch_as_a_record_would(tmp_path):
    """Keras fit(verbose=2) calls appended to one file: a fit that stopped at the start of its second epoch says
    ``Epoch 2/100`` and prints nothing more; the next fit's first epoch prints the same numbers (a nan loss, a
    seeded run). The epoch went from 1 to 2 and back to 1 between the two prints: two records, not an echo."""
    def fit(epochs):
        out = []
        for e in range(1, epochs + 1):
            out += [f"Epoch {e}/100", f"{290 + e}s - loss: {3 - e / 10:.4f} - acc: 0.{60 + e} - val_loss: {3.1 - e / 10:.4f}"
                                      f" - val_acc: 0.{50 + e}"]
        return out + ["_________________________________________________________________"]

    lines = fit(9)
    for _ in range(2):
        lines += ["Epoch 1/100", "300s - loss: nan - acc: 0.6827 - val_loss: nan - val_acc: 0.7084", "Epoch 2/100",
                  "_________________________________________________________________"]
    lines += fit(6)
    rd = _read(tmp_path, lines)
    assert _series(rd, "val_acc")[1][9:11] == [0.7084, 0.7084]
    assert len(_series(rd, "val_acc")[1]) == len(_series(rd, "val_loss")[1]) == 17


def test_records_printed_one_after_another_under_one_epoch_line_all_count(tmp_path):
    """A script that says ``====> Epoch: 1`` once, then trains and validates fold after fold under it: three or more
    records in a row at one epoch, each with its own numbers, are all records (an echo, or a final re-evaluation of
    the best checkpoint, is one print more, not a run of them)."""
    lines = []
    for e in range(1, 11):
        lines += [f"2023-07-31 14:32:15,793\troot\tINFO\t====> Epoch: {e}",
                  f"2023-07-31 14:32:16,793\troot\tINFO\tTrain  Loss: {0.6 - e / 10:.6f} accuracy: {60 + e:.6f}% ",
                  f"2023-07-31 14:32:17,793\troot\tINFO\tVal loss: {0.5 - e / 10:.6f} Val accuracy: {70 + e:.6f}%"]
    lines.append("2023-07-31 14:37:22,014\troot\tINFO\t====> Epoch: 1")
    for f in range(5):
        lines += [f"2023-07-31 14:37:42,560\troot\tINFO\tTrain  Loss: {0.66 - f / 50:.6f} accuracy: {61 + f:.6f}% ",
                  f"2023-07-31 14:37:43,047\troot\tINFO\tVal loss: {0.59 - f / 50:.6f} Val accuracy: {77 + f:.6f}%"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Val loss")[1] == [round(0.5 - e / 10, 6) for e in range(1, 11)] + [
        round(0.59 - f / 50, 6) for f in range(5)]


def test_a_statement_that_training_starts_is_a_launch(tmp_path):
    """``Start training with CNNLSTM model``, its model printed, ``====> Epoch: 1`` and one record, the job dies; the
    next ``Start training with LCNN model`` prints epoch 1 again with other numbers: its record is its own, not an
    echo of the last one."""
    lines = []
    for model, n in (("CNN", 6), ("CNNLSTM", 1), ("LCNN", 6)):
        lines += [f"2023-07-31 14:37:21,904\troot\tINFO\tStart training with {model} model",
                  f"2023-07-31 14:37:22,013\troot\tINFO\t{model}(", "  (fc): Linear(in_features=640, out_features=2, bias=True)",
                  ")"]
        for e in range(1, n + 1):
            v = len(model) / 10 - e / 100
            lines += [f"2023-07-31 14:37:22,014\troot\tINFO\t====> Epoch: {e}",
                      f"2023-07-31 14:37:43,047\troot\tINFO\tVal loss: {v:.6f} Val accuracy: {80 + v:.6f}%"]
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "Val loss")[1]) == 13 and _series(rd, "Val loss")[1][6:8] == [0.69, 0.39]
    assert "Start training with" not in " ".join(_tags(rd))
