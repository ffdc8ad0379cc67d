"""A loss that went NaN mid-run, written by pandas: the empty tail is NaN (issue 35, eighteenth round).

pandas' ``DataFrame.to_csv`` writes NaN as an empty cell, so ``pd.DataFrame(history).to_csv(...)`` of a training
whose loss blew up to NaN leaves the loss column filled up to some row and empty in every row after it, while the
epoch and any metric that stayed a number go on. Found by writing real runs' frames out as a plain CSV (a
label-preserving change): every NaN divergence turned into 'the loss stopped being logged'. Those cells are read as
NaN, as a column empty from the first row already was; a sparse table, an appended launch or a one-row gap is left
as it is.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import curvedoc
from curvedoc.importers.csvlog import read_csv_file


def _history(n_ok, n_nan, val=True, acc=True):
    loss = list(np.linspace(2.3, 1.0, n_ok)) + [6.0, 60.0] + [np.nan] * n_nan
    cols = {"epoch": list(range(len(loss))), "loss": loss}
    if val:
        cols["val_loss"] = [x * 1.1 for x in loss]
    if acc:
        cols["accuracy"] = list(np.linspace(0.1, 0.6, n_ok)) + [0.1] * (n_nan + 2)
    return pd.DataFrame(cols)


@pytest.mark.parametrize("n_ok", [8, 30])
@pytest.mark.parametrize("n_nan", [3, 20])
@pytest.mark.parametrize(("val", "acc"), [(True, True), (False, True), (True, False)])
def test_a_pandas_written_loss_that_went_nan_diverged(tmp_path, n_ok, n_nan, val, acc):
    run = tmp_path / "run"
    run.mkdir()
    _history(n_ok, n_nan, val, acc).to_csv(run / "history.csv", index=False)
    d = read_csv_file(run / "history.csv")
    g = d.frame[d.frame["tag"] == "loss"]
    assert len(g) == n_ok + 2 + n_nan and int(np.isnan(g["value"]).sum()) == n_nan
    assert any(i.kind == "empty-tail" for i in d.issues)
    rr = curvedoc.diagnose(str(run)).runs[0]
    assert "divergence" in {f.name for f in rr.findings}, [(f.name, f.message) for f in rr.findings]


def test_a_one_row_gap_at_the_end_is_left_alone(tmp_path):
    df = _history(20, 1)
    df.to_csv(tmp_path / "history.csv", index=False)
    d = read_csv_file(tmp_path / "history.csv")
    assert not any(i.kind == "empty-tail" for i in d.issues)


def test_a_sparse_table_is_left_alone(tmp_path):
    # per-step rows with a validation loss every 5th row: its empty cells are not NaN
    n = 40
    df = pd.DataFrame({"step": range(n), "loss": np.linspace(2, 1, n),
                       "val_loss": [1.5 if i % 5 == 4 else np.nan for i in range(n)]})
    df.to_csv(tmp_path / "metrics.csv", index=False)
    d = read_csv_file(tmp_path / "metrics.csv")
    assert not any(i.kind == "empty-tail" for i in d.issues)
    assert len(d.frame[d.frame["tag"] == "val_loss"]) == 8


def test_an_appended_launch_without_the_column_is_left_alone(tmp_path):
    # a second launch (the epoch goes back) that logs no val_loss: not NaN, another training's columns
    a = pd.DataFrame({"epoch": range(10), "loss": np.linspace(2, 1, 10), "val_loss": np.linspace(2.2, 1.2, 10)})
    b = pd.DataFrame({"epoch": range(10), "loss": np.linspace(2, 0.9, 10)})
    pd.concat([a, b]).to_csv(tmp_path / "history.csv", index=False)
    runs = read_csv_file(tmp_path / "history.csv")
    runs = runs if isinstance(runs, list) else [runs]
    assert not any(i.kind == "empty-tail" for r in runs for i in r.issues)
