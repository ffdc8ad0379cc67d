"""Text logs, thirty-ninth round (issue 36): a style first met on an unseen batch (lock-box 2026-12-21bk, read once
at the session's end, then worked on).

- One quantity per file, the file's name its name, each row a counter and its value set apart by a colon:
  ``train_loss.txt`` holding 'epoch 0:1655.59', 'epoch 1:577.97' ... (``f.write(f"epoch {e}:{loss}\\n")``). No word on
  a line names the number, so the key-value reading finds nothing ("no training metrics found") and the file was
  refused. It is the bare-number table with a counter heading each row -- as 'epoch1<TAB>0.2549' already was: the
  count is the row's position, the value takes the file's name.
"""

from __future__ import annotations

import pytest

from curvedoc.importers.textlog import read_text_log

ROWS = ["epoch {e}:{v}", "Epoch {e}: {v}", "epoch {e} : {v}", "iter {e}={v}", "step {e} | {v}", "Epoch #{e}: {v}",
        "round {e}:{v}"]


@pytest.mark.parametrize("row", ROWS)
@pytest.mark.parametrize("n", [5, 89])
def test_a_counter_and_a_value_set_apart_by_a_colon_are_a_row_of_the_file_named_series(tmp_path, row, n):
    vals = [1655.5953185476483 / (1 + 0.3 * e) for e in range(n)]
    (tmp_path / "train_loss.txt").write_text("\n".join(row.format(e=e, v=v) for e, v in enumerate(vals)) + "\n")
    d = read_text_log(tmp_path / "train_loss.txt")
    tags = {str(t): g for t, g in d.frame.groupby("tag", observed=True)}
    assert list(tags) == ["train_loss"], tags
    g = tags["train_loss"].sort_values("step")
    assert len(g) == n
    assert g["step"].tolist() == list(range(n))
    assert g["value"].tolist() == pytest.approx(vals)


@pytest.mark.parametrize("row", ["Epoch {e}: loss {v}", "epoch {e}: loss={v}"])
def test_a_row_that_names_its_number_keeps_its_name(tmp_path, row):
    # (a word naming the number is the key-value reading's: the file's name does not replace it)
    (tmp_path / "train_loss.txt").write_text("\n".join(row.format(e=e, v=1.0 / (e + 1)) for e in range(12)) + "\n")
    d = read_text_log(tmp_path / "train_loss.txt")
    tags = {str(t) for t in d.frame["tag"].unique()}
    assert any("loss" in t for t in tags) and len(d.frame) >= 12, tags
