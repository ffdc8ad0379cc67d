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
