"""Text logs, forty-second round (issue 36): a record's heading glued to its first key, first met on lock-box
2026-12-23nu27 (read once, then worked on).

'[E1] summary train=1.3874 valid=1.4074 accuracy=0.2533' -- a per-epoch summary printed after a tqdm bar: each split's
loss given by its bare name. The reader already reads 'train 9.85 val 9.84' as each split's loss, but here the
record's heading ('summary') stands glued before the first key, so the key read was 'summary train', no series any
rule reads, and the run had no training loss (and its accuracy, after the held-out loss, was taken for a training
one). A first key whose last word is a split, with only clock keys before it and another split named bare after it, is
that split's name alone.
"""

from __future__ import annotations

import pytest

from curvedoc.importers.textlog import read_text_log

HEADINGS = ["summary", "Epoch summary", "results", "stats"]


@pytest.mark.parametrize("heading", HEADINGS)
@pytest.mark.parametrize("opening", ["[E{e}] ", "Epoch {e}: ", ""])
@pytest.mark.parametrize("held", ["valid", "val", "test"])
def test_a_heading_glued_to_the_first_bare_split_is_the_records_heading(tmp_path, heading, opening, held):
    lines = [f"{opening.format(e=e)}{heading} train={1.39 - 0.01 * e:.4f} {held}={1.41 - 0.005 * e:.4f} "
             f"accuracy={0.25 + 0.01 * e:.4f}" for e in range(1, 13)]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    tags = {str(t) for t in read_text_log(tmp_path / "train.log").frame["tag"].unique()}
    assert "train loss" in tags and f"{held} loss" in tags, tags
    assert not any(t.startswith(heading.split()[-1]) for t in tags), tags


def test_a_key_whose_last_word_is_a_split_without_another_bare_split_keeps_its_words(tmp_path):
    # ('mean train=..' beside named keys only: nothing says the words before 'train' are a heading)
    lines = [f"epoch {e} mean train={1.0 / e:.4f} lr=0.001" for e in range(1, 13)]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    tags = {str(t) for t in read_text_log(tmp_path / "train.log").frame["tag"].unique()}
    assert "train loss" not in tags, tags
