"""A key printed once with one value per data split, each value followed by its split in parentheses --
"objective: 1.38 (train) 1.41 (valid)" -- is one series per split (issue 36). The reader kept the first value under
the bare key (a training loss) and dropped the others: the validation loss, the one that says whether the model
generalises, was lost, and a held-out accuracy "accuracy: 0.52 (valid)" was read as a training accuracy."""

from __future__ import annotations

import pytest

from curvedoc.importers import load


def _log(tmp_path, lines: list[str]):
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return load(p)[0]


@pytest.mark.parametrize("sep", [": ", " = ", ":"])
@pytest.mark.parametrize("comma", ["", ","])
@pytest.mark.parametrize("val_word", ["valid", "val", "dev", "test"])
def test_one_value_per_split_in_parentheses(tmp_path, sep, comma, val_word):
    tr, va, acc = [2.31, 1.9, 1.5, 1.3, 1.2], [2.2, 1.8, 1.6, 1.55, 1.5], [0.11, 0.35, 0.45, 0.5, 0.52]
    lines = [f"epoch {i + 1} objective{sep}{a:.4f} (train){comma} {b:.4f} ({val_word}) accuracy{sep}{c:.2f} ({val_word})"
             for i, (a, b, c) in enumerate(zip(tr, va, acc))]
    run = _log(tmp_path, lines)
    assert list(run.tag_values(run.roles["train_loss"])) == tr
    assert list(run.tag_values(run.roles["val_loss"])) == va
    assert list(run.tag_values(run.roles["val_acc"])) == acc


def test_three_splits(tmp_path):
    lines = [f"step {i} loss: {1.0 / i:.3f} (train) {1.1 / i:.3f} (valid) {1.2 / i:.3f} (test)" for i in range(1, 6)]
    run = _log(tmp_path, lines)
    assert {"train loss", "valid loss", "test loss"} <= set(run.tags)


@pytest.mark.parametrize("line", ["loss: {a:.3f} ({b:.3f})", "Accuracy: 98{i}0/10000 (98%)", "loss: {a:.3f} (avg {b:.3f})"])
def test_other_parentheses_keep_their_reading(tmp_path, line):
    lines = [f"epoch {i} " + line.format(a=1.0 / i, b=1.2 / i, i=i) for i in range(1, 6)]
    run = _log(tmp_path, lines)
    assert not any(t.startswith(("train ", "valid ", "test ")) for t in run.tags)
