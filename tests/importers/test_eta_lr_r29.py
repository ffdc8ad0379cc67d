"""'eta' is the learning rate η where every reading is a number in (0, 1); elsewhere it is the time a progress bar
says is left (twenty-ninth round: eleven print logs of 2027-01-09nu44 write 'sweep 3/25  fit 0.94  heldout 0.85
acc 0.67  eta 1.992e-03'; the reader dropped the 'eta' column as a time left and no LR was read). A time left is
seconds or a clock, above 1 for all but a run's last moments; an LR stays below 1."""

from __future__ import annotations

import json

import numpy as np
import pytest

from curvedoc.importers import load


def _print_log(tmp_path, n: int, lr0: float = 2e-3, style: str = "sweep"):
    lines = [f"~~ task / mlp | opt=adam lr={lr0} | planned {n} epochs"]
    for e in range(1, n + 1):
        lr = lr0 * 0.5 * (1 + np.cos(np.pi * (e - 1) / n))
        loss = 1.4 * np.exp(-e / 8) + 0.3
        if style == "sweep":
            lines.append(f"sweep {e:3d}/{n}  fit {loss:.4f}  heldout {loss * 1.1:.4f}  acc {0.6 + 0.01 * e:.4f}  eta {lr:.3e}")
        else:
            lines.append(f"epoch {e} | loss={loss:.4f} | val_loss={loss * 1.1:.4f} | eta={lr:.3e}")
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return p


@pytest.mark.parametrize("n", [5, 25, 80])
@pytest.mark.parametrize("style", ["sweep", "pipes"])
def test_an_eta_below_one_at_every_reading_is_the_learning_rate(tmp_path, n, style):
    run = load(str(_print_log(tmp_path, n, style=style)))[0]
    assert run.tag_counts().get("eta") == n, run.tag_counts()
    assert run.roles.get("lr") == "eta", run.roles


def test_a_time_left_is_no_series(tmp_path):
    lines = [f"Epoch {e}/10 - ETA: {30 - 3 * e}s - loss: {1.0 / e:.4f}" for e in range(1, 11)]
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    run = load(str(p))[0]
    assert "ETA" not in run.tag_counts() and "eta" not in run.tag_counts(), run.tag_counts()
    assert "lr" not in run.roles


def test_an_eta_in_seconds_is_no_learning_rate(tmp_path):
    recs = [{"step": 10 * i, "loss": 1.0 / (i + 1), "eta": 600.0 - 6 * i} for i in range(40)]
    p = tmp_path / "metrics.jsonl"
    p.write_text("\n".join(json.dumps(r) for r in recs) + "\n")
    run = load(str(p))[0]
    assert run.roles.get("lr") != "eta", run.roles
