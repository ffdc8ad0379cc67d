"""Tables written by hand, fifteenth session: a header-less table of a counter and one value.

``f.write(f"{epoch},{loss}\\n")`` into ``loss_log.txt`` leaves two unnamed columns; before, both were ``column_1`` /
``column_2`` and the run was not assessed ("nothing says which is the loss"). The file's name says what its one value
is, as it does for a one-column file, and the counter beside it is the step.
"""

from __future__ import annotations

import numpy as np
import pytest

import curvedoc
from curvedoc.importers._tabular import counter_and_value


@pytest.mark.parametrize("name, role", [("loss_log.txt", "train_loss"), ("train_loss.csv", "train_loss"),
                                        ("val_acc.txt", "val_acc"), ("losses.csv", "train_loss")])
@pytest.mark.parametrize("start, every", [(0, 1), (1, 1), (100, 100), (5, 5)])
@pytest.mark.parametrize("n", [8, 60, 400])
def test_a_counter_and_one_value_take_the_step_and_the_files_name(tmp_path, name, role, start, every, n):
    rng = np.random.default_rng(n + start)
    v = (np.linspace(0.2, 0.9, n) if "acc" in name else 3.0 * np.exp(-np.arange(n) / (n / 3)) + 0.5)
    v = v * np.exp(0.01 * rng.standard_normal(n))
    p = tmp_path / name
    p.write_text("".join(f"{start + i * every},{x:.5f}\n" for i, x in enumerate(v)))
    (run,) = curvedoc.load(p)
    stem = name.split(".")[0]
    assert run.tags == [stem]
    s = run.series(stem)
    assert s.index.tolist() == [start + i * every for i in range(n)]
    assert run.roles.get(role) == stem, run.roles
    (iss,) = [i for i in run.issues if i.kind == "no-header"]
    assert iss.severity == "info" and "counter" in iss.message


def test_a_launch_appended_starts_the_counter_again(tmp_path):
    p = tmp_path / "loss_log.txt"
    first = [f"{e},{6.0 - 0.08 * e:.4f}\n" for e in range(1, 24)]
    second = [f"{e},{4.0 - 0.002 * e:.4f}\n" for e in range(1, 207)]
    p.write_text("".join(first + second))
    rep = curvedoc.diagnose(str(p))
    assert len(rep.runs) == 2
    assert any(f.name == "restarted-run" for r in rep.runs for f in r.findings)
    assert all(r.status != "not-assessed" for r in rep.runs)


@pytest.mark.parametrize("rows", [
    [(10.0 / (i + 1), -200.0 + i) for i in range(50)],           # two values: no counter
    [(i, 100 + 3 * i) for i in range(30)],                       # two counters (epoch, samples seen)
    [((i * 7) % 11, 0.5 + 0.01 * i) for i in range(30)],          # whole numbers that do not count
])
def test_two_columns_without_one_counter_stay_unnamed(tmp_path, rows):
    p = tmp_path / "log.txt"
    p.write_text("".join(f"{a},{b}\n" for a, b in rows))
    (run,) = curvedoc.load(p)
    assert set(run.tags) == {"column_1", "column_2"}
    assert counter_and_value(np.array(rows, dtype=float)) is False
