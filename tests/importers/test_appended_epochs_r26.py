"""A training script that appends every training of a sweep to one CSV ('Epoch,Train Loss,..' with the epoch starting
at 1 again for each) holds as many trainings as the epoch starts again, however many: nothing inside one training
counts its epochs from 1 again. The cap that keeps a counter restarting 100 times or more in one run was meant for
counters inside a training (a batch counter without an epoch column) and had stitched 120 trainings of 15-30 epochs
into one run with no word on the restarts (2026-12-24bq asl_gesture_appended_sweep, labelled restarted_run, seen)."""

from __future__ import annotations

import numpy as np
import pytest

from curvedoc.importers import load
from curvedoc.importers.csvlog import read_csv_file


def _appended(n_runs: int, epochs: int, rng) -> str:
    rows = ["Epoch,Train Loss,Train Acc,Val Loss,Val Acc,Best Model"]
    for _ in range(n_runs):
        for e in range(1, epochs + 1):
            tl = 2.2 * np.exp(-e / 8) + 0.05 + rng.normal(0, 0.02)
            vl = 2.2 * np.exp(-e / 10) + 0.3 + rng.normal(0, 0.03)
            rows.append(f"{e},{tl:.4f},{100 * (1 - tl / 2.4):.2f},{vl:.4f},{100 * (1 - vl / 2.6):.2f},"
                        f"best_model_epoch{e}.pth")
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("n_runs,epochs", [(120, 15), (150, 8), (101, 30), (5, 20)])
def test_every_training_appended_to_one_csv_is_a_run(tmp_path, n_runs, epochs):
    (tmp_path / "training_logs.csv").write_text(_appended(n_runs, epochs, np.random.default_rng(n_runs)))
    runs = load(tmp_path)
    assert len(runs) == n_runs
    # every training after the first says it was appended (the restart note), none is stitched to the one before
    restarted = [r for r in runs if any(i.kind == "restart" for i in r.issues)]
    assert len(restarted) == n_runs - 1
    assert all(r.scalars["step"].max() == epochs for r in runs)


@pytest.mark.parametrize("name", ["batch", "iter", "step"])
def test_a_counter_inside_a_training_that_starts_again_120_times_stays_one_run(tmp_path, name):
    # a batch counter of 120 epochs without an epoch column: one run whose counter goes back, not 120 runs
    rows = [f"{name},loss"] + [f"{b},{2 - e * 0.01:.3f}" for e in range(120) for b in range(10)]
    (tmp_path / "b.csv").write_text("\n".join(rows) + "\n")
    assert not isinstance(read_csv_file(tmp_path / "b.csv"), list)


def test_an_epoch_that_goes_back_every_two_rows_is_no_run_counter(tmp_path):
    # an 'epoch' alternating 0, 1, 0, 1 is bookkeeping, not 5,000 trainings of two rows
    rows = ["epoch,loss"] + [f"{i % 2},{1 / (i + 1):.5f}" for i in range(10_000)]
    (tmp_path / "a.csv").write_text("\n".join(rows) + "\n")
    assert not isinstance(read_csv_file(tmp_path / "a.csv"), list)


# A table written without its header whose first column is a counter ('episode,reward,epsilon' rows: 1,35.0,0.995):
# the counter is the step, as in a two-column file, and where it starts again a new training starts. Its columns
# were all 'column_N' on the row number, so five trainings appended to one file were one run with no restart
# (2026-12-26bt manishkondoju-pacman-assignment, labelled restarted_run, seen).

def _headerless(lengths, seed=0) -> str:
    rng = np.random.default_rng(seed)
    rows = []
    for n in lengths:
        for e in range(1, n + 1):
            rows.append(f"{e},{20 + 40 * e / n + rng.normal(0, 8):.2f},{max(0.01, 0.995 ** e):.4f}")
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("lengths", [(500, 500, 500, 1000, 1000), (40, 60), (200,)])
def test_a_headerless_table_led_by_a_counter_is_read_along_it(tmp_path, lengths):
    (tmp_path / "reward_log.csv").write_text(_headerless(lengths))
    runs = load(tmp_path)
    assert len(runs) == len(lengths)
    assert sum(any(i.kind == "restart" for i in r.issues) for r in runs) == len(lengths) - 1
    for r, n in zip(runs, lengths):
        tags = set(r.scalars["tag"].astype(str))
        assert tags == {"column_2", "column_3"} and r.scalars["step"].max() == n
        msg = next(i.message for i in r.issues if i.kind == "no-header")
        assert "a counter (the step, its first column)" in msg and "--role train_loss=column_2" in msg


def test_a_headerless_table_with_no_counter_first_keeps_every_column(tmp_path):
    rng = np.random.default_rng(0)
    rows = [f"{rng.normal(2, 0.1):.3f},{rng.normal(1, 0.1):.3f},{rng.normal(0.5, 0.1):.3f}" for _ in range(50)]
    (tmp_path / "log.csv").write_text("\n".join(rows) + "\n")
    (run,) = load(tmp_path)
    assert set(run.scalars["tag"].astype(str)) == {"column_1", "column_2", "column_3"}


def test_a_headerless_table_led_by_an_epoch_then_a_batch_counter_is_read_along_the_batches(tmp_path):
    # 'epoch, batch, loss, part, part, part, 0' rows (2026-12-27bv nnhands-noheader-restarts): the epoch is 0 on every
    # row (both launches died inside epoch 0), the batch index restarts at 0 with the second launch
    rng = np.random.default_rng(1)
    rows = []
    for n in (29, 16):
        for b in range(n):
            parts = [10.8 - 0.05 * b + rng.normal(0, 0.1), 3.7 + rng.normal(0, 0.05), 1.96 - 0.01 * b]
            rows.append(", ".join(["0", str(b), f"{sum(parts):.4f}", *(f"{x:.4f}" for x in parts), "0"]))
    (tmp_path / "trainlog.txt").write_text("\n".join(rows) + "\n")
    runs = load(tmp_path)
    assert len(runs) == 2 and any(i.kind == "restart" for i in runs[1].issues)
    msg = next(i.message for i in runs[0].issues if i.kind == "no-header")
    assert "its column 2" in msg and "--role train_loss=column_3" in msg
