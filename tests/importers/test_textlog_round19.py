"""Text logs, round 19 on the lock-box batch 2026-12-09ae (issue 36): misreadings found on its text logs, each checked
on small logs written the way such programs print them (several wordings, lengths and cuts), read with and without
plans (the two readings must be equal: ``_read``)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- a column's name may start with its dimension's digit
@pytest.mark.parametrize("cols", [("2d_loss", "3d_loss", "adv_loss", "temporal_loss"),
                                  ("loss_2d", "3D_loss", "kl"), ("1st_loss", "2nd_loss", "total_loss")])
@pytest.mark.parametrize("sep, pad", [("\t", 3), ("\t", 0), ("  ", 1)])
@pytest.mark.parametrize("rows", [7, 40])
def test_a_column_named_from_a_digit_is_a_column(tmp_path, cols, sep, pad, rows):
    """A pose-lifting script saves its losses as a table, 'checkpoints/log.txt': a header '2d_loss   \\t3d_loss   \\t
    adv_loss   \\t..' (each name padded, a trailing tab) over one row of numbers per logging interval, no step column.
    A name that starts with a digit and goes on in letters ('2d_loss', '3D_loss', '1st_loss') is a name -- a
    dimension or an ordinal said in the name, as people name the 2-D and 3-D parts of a loss -- not a number: the
    header is a table's, each row one point of each column (refused before as "no training metrics")."""
    head = sep.join(c + " " * pad for c in cols) + (sep if sep == "\t" else "")
    lines = [head]
    want = {c: [] for c in cols}
    for i in range(rows):
        vals = [round(6.0 / (1 + i) + k * 0.37, 6) for k in range(len(cols))]
        lines.append(sep.join(f"{v:.6f}" for v in vals) + (sep if sep == "\t" else ""))
        for c, v in zip(cols, vals):
            want[c].append(v)
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    for c in cols:
        tag = next(t for t in tags if t.split("/")[-1] == c)
        assert _series(rd, tag)[1] == want[c], (c, tags)
    assert len(tags) == len(cols), tags


def test_a_number_with_a_unit_is_no_column_name(tmp_path):
    """A row of values with their units ('3ms 12ms 40ms') heads no table: a digit-led name goes on in letters to a
    word, a measurement is a number and its unit."""
    lines = ["epoch 1 loss 0.9 acc 0.41", "3ms 12ms 40ms", "epoch 2 loss 0.7 acc 0.52", "1 2 3", "epoch 3 loss 0.5 acc 0.6"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[1] == [0.9, 0.7, 0.5]
    assert not any(t.endswith("ms") for t in _tags(rd)), _tags(rd)

