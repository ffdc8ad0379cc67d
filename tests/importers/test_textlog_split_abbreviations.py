"""A text table that prints each split's columns side by side under short forms ('tr_loss | va_loss | te_loss'):
the short forms are the splits once two or more of them head the same measure -- the training loss is not the sum of
the training, validation and test losses. A lone 'te_' or 'va_' column keeps the table's own split."""

from __future__ import annotations

import numpy as np
import pytest

import curvedoc


def _table(path, sep, heads, n, seed=0):
    rng = np.random.default_rng(seed)
    path.mkdir()
    cols = ["epoch"] + [f"{h}_{m}" for h in heads for m in ("loss", "acc")]
    lines = ["device=cpu args={'epochs': 40, 'lr': 0.01}", sep.join(cols)]
    for e in range(1, n + 1):
        row = [str(e)]
        for i, h in enumerate(heads):
            loss = (1.5 - 0.6 * (1 - np.exp(-e / 5))) * (1 + 0.3 * i) * (1 + 0.01 * rng.standard_normal())
            row += [f"{loss:.4f}", f"{40 + 40 * (1 - np.exp(-e / 5)) / (1 + 0.3 * i):.2f}"]
        lines.append(sep.join(row))
    (path / "train.log").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("sep", [" | ", "\t", "  "])
@pytest.mark.parametrize("heads", [("tr", "va", "te"), ("tr", "va"), ("trn", "vl", "tst")])
@pytest.mark.parametrize("n", [8, 30])
def test_split_short_forms_side_by_side_are_the_splits(sep, heads, n, tmp_path):
    run = curvedoc.load(_table(tmp_path / f"t-{len(sep)}-{heads[0]}-{n}", sep, heads, n))[0]
    # ('trn' is the training split's own abbreviation to the reader since round 32: its column needs no prefix)
    assert run.roles["train_loss"] in (f"train/{heads[0]}_loss", f"{heads[0]}_loss"), run.roles
    assert run.roles["val_loss"] == f"val/{heads[1]}_loss", run.roles
    assert len(run.series("train_loss")) == n


def test_a_lone_short_form_keeps_the_tables_split(tmp_path):
    run = curvedoc.load(_table(tmp_path / "lone", " | ", ("te",), 10))[0]
    assert "train/te_loss" in run.tags and not any(t.startswith("test/") for t in run.tags), run.tags
