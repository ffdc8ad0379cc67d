"""Tables people write by hand (issue 35, fourteenth round): an epoch written on every batch's row, a relaunch that
re-writes the epoch it died in, an RL script's per-episode table, a history dict that keeps its metrics as one record
per epoch. Each is drawn from a description of how such scripts write, in several sizes, never from one visible file."""

from __future__ import annotations

import json

import numpy as np
import pytest

import curvedoc
from curvedoc.importers import load


@pytest.mark.parametrize("epochs", [3, 10, 40])
@pytest.mark.parametrize("per_epoch", [2, 8, 50])
@pytest.mark.parametrize("with_acc", [False, True])
def test_an_epoch_written_on_every_batch_row_is_one_run_read_row_by_row(epochs, per_epoch, with_acc, tmp_path):
    # csv.writer(f).writerow([epoch, loss(, acc)]) once per batch: the epoch holds its value over a block of rows
    rng = np.random.default_rng(epochs * per_epoch)
    rows = ["epoch,loss" + (",acc" if with_acc else "")]
    n = 0
    for e in range(epochs):
        for _ in range(per_epoch):
            loss = 2.0 / (1 + n / 20) * np.exp(0.05 * rng.standard_normal())
            rows.append(f"{e},{loss:.5f}" + (f",{min(1.0, 0.3 + n / (epochs * per_epoch)):.4f}" if with_acc else ""))
            n += 1
    path = tmp_path / "train_log.csv"
    path.write_text("\n".join(rows) + "\n")
    runs = load(path)
    assert len(runs) == 1, [r.name for r in runs]
    run = runs[0]
    assert run.roles.get("train_loss") == "loss"
    assert len(run.series("loss")) == epochs * per_epoch  # every batch's reading, none overwritten by the next
    assert not [i for i in run.issues if i.kind in ("segments", "restart")], run.issues


@pytest.mark.parametrize("blocks", [[(0, 10)], [(0, 5), (3, 9)], [(0, 4), (4, 8)], [(2, 6), (6, 6), (6, 12)]])
def test_a_relaunch_that_writes_again_the_epoch_it_died_in_is_one_resumed_run(blocks, tmp_path):
    # a job killed during epoch E and resumed from its checkpoint writes epoch E again (or an earlier one)
    rows = ["epoch,train_loss,val_loss"]
    for a, b in blocks:
        rows += [f"{e},{1.0 / (e + 1):.5f},{1.2 / (e + 1):.5f}" for e in range(a, b + 1)]
    path = tmp_path / "history.csv"
    path.write_text("\n".join(rows) + "\n")
    runs = load(path)
    assert len(runs) == 1
    run = runs[0]
    last = max(b for _, b in blocks)
    assert int(run.series("train_loss").index[-1]) == last  # read along the epoch, the later write winning
    restarted = len(blocks) > 1
    # the relaunch is told (the epoch going back, or an epoch written twice), one session alone is not
    assert bool([i for i in run.issues if i.kind in ("restart", "duplicate-steps")]) == restarted, run.issues


@pytest.mark.parametrize("launches", [2, 4])
@pytest.mark.parametrize("every", [1, 50])
def test_an_episode_counter_that_starts_again_is_a_relaunch(launches, every, tmp_path):
    rng = np.random.default_rng(launches * every)
    rows = ["Episode,Loss,Epsilon"]
    for _ in range(launches):
        for k in range(1, 31):
            rows.append(f"{k * every},{0.5 + 0.1 * rng.standard_normal():.4f},{max(0.1, 1 - k / 30):.4f}")
    path = tmp_path / "metrics.csv"
    path.write_text("\n".join(rows) + "\n")
    runs = load(path)
    assert len(runs) == launches, [r.name for r in runs]
    assert all(len(r.series("Loss")) == 30 for r in runs)
    rr = curvedoc.diagnose(str(path)).runs
    assert any(f.name == "restarted-run" for r in rr for f in r.findings), [(r.run, r.findings) for r in rr]


def test_an_episode_counter_that_only_grows_is_the_x_axis(tmp_path):
    rows = ["episode,reward,loss"] + [f"{k},{k / 10:.2f},{1 / k:.4f}" for k in range(1, 201)]
    path = tmp_path / "log.csv"
    path.write_text("\n".join(rows) + "\n")
    run = load(path)[0]
    assert list(run.series("loss").index[:3]) == [1, 2, 3]


@pytest.mark.parametrize("epochs", [5, 40])
@pytest.mark.parametrize("kind", ["regression", "classification"])
def test_a_history_that_keeps_its_metrics_as_one_record_per_epoch_is_read_whole(epochs, kind, tmp_path):
    # {"train_loss": [...], "val_loss": [...], "val_metrics": [{"mse": .., "r2": ..}, ...], "learning_rates": [...]}
    e = np.arange(epochs)
    rec = (lambda i: {"mse": 1 / (i + 1), "r2": 1 - 1 / (i + 2)}) if kind == "regression" else \
        (lambda i: {"accuracy": 1 - 1 / (i + 2), "f1": 1 - 1.1 / (i + 2)})
    doc = {"train_loss": (1 / (e + 1)).tolist(), "val_loss": (1.2 / (e + 1)).tolist(),
           "train_metrics": [rec(i) for i in e], "val_metrics": [rec(i) for i in e],
           "learning_rates": [3e-4 * 0.5 ** (i // 3) for i in e]}
    path = tmp_path / "training_history.json"
    path.write_text(json.dumps(doc, indent=2))
    run = load(path)[0]
    assert run.roles.get("train_loss") == "train_loss" and run.roles.get("val_loss") == "val_loss", run.roles
    assert run.roles.get("lr") == "learning_rates", run.roles
    inner = "mse" if kind == "regression" else "accuracy"
    assert len(run.series(f"val_metrics/{inner}")) == epochs


@pytest.mark.parametrize("names", [("train_cos", "val_cos"), ("train_cosine_sim", "val_cosine_sim"),
                                   ("train/similarity", "val/similarity")])
def test_a_cosine_similarity_is_a_quality_metric_higher_is_better(names, tmp_path):
    rows = [f"epoch,{names[0]},{names[1]}"] + [f"{e},{0.6 + 0.3 * (1 - 0.9 ** e):.4f},{0.6 + 0.25 * (1 - 0.9 ** e):.4f}"
                                                for e in range(1, 31)]
    path = tmp_path / "log.csv"
    path.write_text("\n".join(rows) + "\n")
    rr = curvedoc.diagnose(str(path)).runs[0]
    assert rr.status != "not-assessed", rr.coverage
    run = load(path)[0]
    kinds = {m.tag: (m.kind, m.higher_is_better, m.split) for m in run.metrics}
    assert kinds.get(names[1]) == ("cosine", True, "val"), kinds


@pytest.mark.parametrize("name", ["cos_loss", "val_cosine_loss"])
def test_a_cosine_loss_is_a_loss_not_a_similarity(name, tmp_path):
    rows = [f"epoch,{name}"] + [f"{e},{0.5 * 0.9 ** e:.4f}" for e in range(1, 31)]
    path = tmp_path / "log.csv"
    path.write_text("\n".join(rows) + "\n")
    run = load(path)[0]
    assert not [m for m in run.metrics if m.tag == name], run.metrics
