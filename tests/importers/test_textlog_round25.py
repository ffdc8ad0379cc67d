"""Text logs, round 25 on the seen lock-box batches 2026-12-12ak, al, am and nu16 (issue 36): misreadings found on their
text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- a value printed as a word ends its pair
@pytest.mark.parametrize("word", ["None", "True", "False", "null"])
@pytest.mark.parametrize("sep", ["=", ": "])
@pytest.mark.parametrize("epochs", [4, 15])
def test_a_value_printed_as_a_word_is_no_part_of_the_next_key(tmp_path, word, sep, epochs):
    """A script printing every field of its record prints the ones it did not compute as Python writes them
    (``tr_acc=None`` for a regression, ``use_amp=False``): the word is that field's value, and the next key starts
    after it -- ``val_loss``, never a key ``None val_loss``."""
    lines, vl = [], []
    for e in range(1, epochs + 1):
        vl.append(round(0.3 / e, 4))
        lines.append(f"[{e:02d}] tr_loss{sep}{0.5 / e:.4f} tr_acc{sep}{word} val_loss{sep}{0.3 / e:.4f} "
                     f"val_mae{sep}{30 / e:.4f}")
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"tr_loss", "val_loss", "val_mae"}
    assert _series(rd, "val_loss") == (list(range(1, epochs + 1)), vl)


# ------------------------------------------------------------- a file named for its quantity and its kind of file
@pytest.mark.parametrize("name,tag", [("loss_log.txt", "loss"), ("train_loss_history.txt", "train_loss"),
                                      ("acc-curve.txt", "acc"), ("reward_log.txt", "reward"),
                                      ("val_loss.log.txt", "val_loss")])
@pytest.mark.parametrize("counted", [False, True])
@pytest.mark.parametrize("rows", [12, 300])
def test_a_file_named_for_its_quantity_and_its_kind_names_its_rows(tmp_path, name, tag, counted, rows):
    """``loss_log.txt`` written one number a line (``f.write(f"{loss}\\n")``, or ``f"{i}, {loss}"``) holds a loss a row:
    the file's name says the quantity and then the kind of file it is (log, history, curve, record), so the rows
    are the quantity's -- a series ``loss``, as ``losses.txt``'s are, not one named ``loss_log``."""
    vals = [round(1.7 / (1 + i / 10), 6) for i in range(rows)]
    lines = [f"{i + 1}, {v}" if counted else f"{v}" for i, v in enumerate(vals)]
    rd = _read(tmp_path, lines, name=name)
    assert _tags(rd) == {tag}
    assert _series(rd, tag)[1] == vals
