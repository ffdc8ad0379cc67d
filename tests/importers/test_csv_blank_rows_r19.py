"""Blank rows after a loss went NaN in a table of several logging intervals (issue 35, nineteenth round).

A wide table of a training loss every step and a validation loss and accuracy every few steps, written with pandas
(``pd.DataFrame(records).to_csv``): pandas writes NaN as an empty cell, so once the loss goes NaN its rows go on with
their step and nothing else -- rows nobody writes for nothing. The columns that had stopped before such rows are
read as NaN on them. Found by writing real runs' frames out as a plain CSV (a label-preserving change): NaN
divergences in tables of mixed granularity read as 'the loss stopped being logged'. Left alone: blank rows before
anything stopped (a table that logs settings alone on some rows), a measured column that begins after the stop (a
new phase), a counter that goes back, one blank row.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from curvedoc.engine import diagnose
from curvedoc.importers.csvlog import read_csv_file


def _records(n, nan_at, every, *, shared_rows=True, lr=True, acc_after=True):
    rows = []
    for s in range(n):
        r = {"step": s, "train_loss": 2.3 * np.exp(-s / (0.2 * n)) + 0.3 if s < nan_at else np.nan}
        if lr:
            r["lr"] = 1e-3
        rows.append(r)
        if s % every == every - 1:
            v = {"val_loss": 2.3 * np.exp(-s / (0.2 * n)) + 0.35 if s < nan_at else np.nan,
                 "val_acc": (0.9 if s < nan_at else 0.1) if (s < nan_at or acc_after) else np.nan}
            if shared_rows:
                r.update(v)
            else:
                rows.append({"step": s + 0.5, **v})
    df = pd.DataFrame(rows)
    if not shared_rows:
        df["step"] = (df["step"] * 2).astype(int)
    return df


def _nan_points(path, tag):
    d = read_csv_file(path)
    g = d.frame[d.frame["tag"] == tag]
    return int(np.isnan(g["value"].to_numpy(dtype=float)).sum()), d


@pytest.mark.parametrize("n,nan_at", [(200, 120), (600, 300), (1000, 950)])
@pytest.mark.parametrize("every", [10, 50])
@pytest.mark.parametrize("shared_rows", [True, False])
@pytest.mark.parametrize("acc_after", [True, False])
def test_a_loss_gone_nan_in_a_mixed_table_is_nan(tmp_path, n, nan_at, every, shared_rows, acc_after):
    p = tmp_path / "history.csv"
    _records(n, nan_at, every, shared_rows=shared_rows, acc_after=acc_after).to_csv(p, index=False)
    k, d = _nan_points(p, "train_loss")
    assert k == n - nan_at  # one NaN per training step from the blow-up on
    kv, _ = _nan_points(p, "val_loss")
    assert abs(kv - (n - nan_at) / every) <= 1  # one per evaluation after it, at its own interval
    assert any(i.kind == "blank-rows" for i in d.issues)
    rep = diagnose(str(p))
    assert "divergence" in {f.name for rr in rep.runs for f in rr.findings}


def test_settings_alone_on_some_rows_are_a_habit(tmp_path):
    # guard: lr logged every step, the loss every other step: blank rows from the start, never NaN
    rows = [{"step": s, "lr": 1e-3, **({"loss": 1.0 / (s + 1)} if s % 2 == 0 else {})} for s in range(100)]
    rows += [{"step": s, "lr": 1e-4} for s in range(100, 110)]
    p = tmp_path / "h.csv"
    pd.DataFrame(rows).to_csv(p, index=False)
    assert _nan_points(p, "loss")[0] == 0


def test_a_new_phase_logging_other_columns_is_not_nan(tmp_path):
    # guard: pre-training logs 'pretrain_loss', fine-tuning 'finetune_loss' from row 60 on, with lr-only rows between
    rows = [{"step": s, "lr": 1e-3, "pretrain_loss": 1.0 / (s + 1)} for s in range(50)]
    rows += [{"step": s, "lr": 1e-4} for s in range(50, 60)]
    rows += [{"step": s, "lr": 1e-4, "finetune_loss": 0.5 / (s - 59)} for s in range(60, 100)]
    p = tmp_path / "h.csv"
    pd.DataFrame(rows).to_csv(p, index=False)
    assert _nan_points(p, "pretrain_loss")[0] == 0


def test_one_blank_row_is_not_enough(tmp_path):
    df = _records(200, 199, 10)
    p = tmp_path / "h.csv"
    df.to_csv(p, index=False)
    assert _nan_points(p, "train_loss")[0] == 0


def test_an_appended_launch_is_left_alone(tmp_path):
    # guard: the step counter goes back (a second launch appended): blank rows are not read as NaN
    a = _records(200, 120, 10)
    b = _records(100, 1000, 10)
    p = tmp_path / "h.csv"
    pd.concat([a, b]).to_csv(p, index=False)
    d = read_csv_file(p)
    assert not any(i.kind == "blank-rows" for r in (d if isinstance(d, list) else [d]) for i in r.issues)


def test_a_table_that_simply_ends_reads_as_before(tmp_path):
    # guard: no blank rows at all, no NaN added
    p = tmp_path / "h.csv"
    _records(300, 10**6, 10).to_csv(p, index=False)
    assert _nan_points(p, "train_loss")[0] == 0
    assert _nan_points(p, "val_loss")[0] == 0


def test_a_decaying_lr_in_the_blank_rows_is_a_schedule(tmp_path):
    # the LR logged with every row goes on decaying after the loss went NaN: the rows are still blank
    df = _records(300, 150, 10)
    df["lr"] = 1e-3 * np.cos(np.linspace(0, 1.5, len(df)))
    p = tmp_path / "h.csv"
    df.to_csv(p, index=False)
    assert _nan_points(p, "train_loss")[0] == 150


def test_a_number_going_up_and_down_after_the_stop_is_data(tmp_path):
    # guard: a column whose values cycle (314, 320, 324, ...) goes on after the losses stop: the table still logs
    # something, its rows are not blank -- left as it is
    df = _records(300, 150, 10)
    df["profiler"] = np.tile([314.0, 320.0, 324.0], 100)
    p = tmp_path / "h.csv"
    df.to_csv(p, index=False)
    assert _nan_points(p, "train_loss")[0] == 0
