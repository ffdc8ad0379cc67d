"""A generic CSV whose epoch column goes back to a LATER epoch and grows again: a job killed and resumed from a
checkpoint into the same file. One run on the epoch axis, the restart reported (the later write wins) -- as Keras'
CSVLogger files were read already; a counter back at its start is another session (a file of several runs)."""

from __future__ import annotations

import numpy as np
import pytest

import curvedoc


def _write(path, epochs, seed=0):
    rng = np.random.default_rng(seed)
    path.mkdir()
    rows = ["epoch,train_loss,val_loss,val_acc,lr"]
    for e in epochs:
        rows.append(f"{e},{2.0 * np.exp(-e / 5) + 0.1 + 0.01 * rng.random():.5f},{1.0 * np.exp(-e / 6) + 0.5:.5f},"
                    f"{0.9 - 0.4 * np.exp(-e / 4):.4f},{0.05 * (1 + np.cos(np.pi * e / 30)) / 2:.6f}")
    (path / "metrics.csv").write_text("\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize(("killed", "resumed_from", "last"), [(13, 9, 24), (5, 4, 30), (40, 31, 60)])
def test_an_epoch_column_resumed_from_a_later_checkpoint_is_one_run_with_its_restart_reported(killed, resumed_from,
                                                                                              last, tmp_path):
    epochs = list(range(1, killed + 1)) + list(range(resumed_from, last + 1))
    d = _write(tmp_path / f"resumed-{killed}-{resumed_from}", epochs)
    runs = curvedoc.load(d)
    assert len(runs) == 1
    run = runs[0]
    assert int(run.series("train_loss").index[-1]) == last  # on the epoch axis, not the row count
    assert any(i.kind == "restart" or "goes back" in i.message for i in run.issues), [i.message for i in run.issues]
    found = {f.name for f in curvedoc.diagnose(str(d)).runs[0].findings}
    assert "restarted-run" in found


def test_an_epoch_column_back_at_its_start_is_two_sessions(tmp_path):
    d = _write(tmp_path / "two-sessions", list(range(1, 14)) + list(range(1, 21)))
    assert len(curvedoc.load(d)) == 2
