"""DVCLive folders (plots/metrics/**.tsv, params.yaml, metrics.json): one run, every metric, nothing lost."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from _helpers import REAL_RUNS

import curvedoc
from curvedoc.importers import discover, load_all


def _write(root, rel, text):
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def _tsv(name, steps, values, timestamp=True):
    head = ("timestamp\tstep\t" if timestamp else "step\t") + name.split("/")[-1]
    rows = [(f"{1700000000000 + 1000 * s}\t" if timestamp else "") + f"{s}\t{v}" for s, v in zip(steps, values)]
    return "\n".join([head] + rows) + "\n"


def make_dvclive(root, n=50, timestamp=True):
    d = root / "dvclive"
    steps = np.arange(n)
    loss = 2.3 * np.exp(-steps / 20) + 0.3
    _write(d, "plots/metrics/train/loss.tsv", _tsv("train/loss", steps, np.round(loss, 5), timestamp))
    _write(d, "plots/metrics/val/loss.tsv", _tsv("val/loss", steps[::5], np.round(loss[::5] + 0.1, 5), timestamp))
    _write(d, "plots/metrics/lr.tsv", _tsv("lr", steps, [1e-3] * n, timestamp))
    _write(d, "params.yaml", "optimizer: Adam\nlr: 0.001\nmodel:\n  depth: 50\n")
    _write(d, "metrics.json", json.dumps({"train": {"loss": float(loss[-1])}, "step": n - 1}))
    return d


@pytest.mark.parametrize("timestamp", [True, False])
def test_one_run_with_every_metric_params_and_summary(tmp_path, timestamp):
    d = make_dvclive(tmp_path, timestamp=timestamp)
    disc = discover(tmp_path)
    assert [s.format for s in disc.specs] == ["dvclive"]  # metrics.json and the TSVs are not runs of their own
    (run,) = curvedoc.load(tmp_path)
    assert run.source == "dvclive" and sorted(run.tags) == ["lr", "train/loss", "val/loss"]
    assert run.tag_counts()["train/loss"] == 50 and run.tag_counts()["val/loss"] == 10
    assert run.roles["train_loss"] == "train/loss" and run.roles["val_loss"] == "val/loss" and run.roles["lr"] == "lr"
    assert run.hparams["optimizer"] == "Adam" and run.hparams["model.depth"] == 50
    assert run.meta["summary"]["step"] == 49
    wt = run.scalars["wall_time"].to_numpy()
    assert np.isfinite(wt).all() if timestamp else np.isnan(wt).all()
    assert os.path.samefile(run.path, d)


def test_bad_rows_are_counted_and_nan_literals_kept(tmp_path):
    d = tmp_path / "dvclive"
    _write(d, "plots/metrics/loss.tsv", "step\tloss\n0\t2.0\n1\tnan\n2\tgarbage\nthree\t1.0\n4\t1.5\n")
    _write(d, "plots/metrics/empty.tsv", "")
    (run,) = curvedoc.load(tmp_path)
    s = run.series("loss")
    assert list(s.index) == [0, 1, 4] and np.isnan(s.iloc[1])
    kinds = {i.kind: i for i in run.issues}
    assert kinds["bad-lines"].count == 2


def test_rows_with_more_fields_than_the_header_are_skipped_and_counted_without_a_warning(tmp_path):
    """A first row with an extra field was cut to fit with a pandas ParserWarning, later ones skipped: both are
    damaged rows now, skipped and counted, and reading them warns of nothing."""
    import warnings

    d = tmp_path / "dvclive"
    _write(d, "plots/metrics/loss.tsv", "step\tloss\n0\t2.0\t9\n1\t1.5\n2\t1.0\t7\t8\n3\t0.9\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        (run,) = curvedoc.load(tmp_path)
    assert list(run.series("loss").index) == [1, 3]
    assert {i.kind: i for i in run.issues}["bad-lines"].count == 2


def test_a_folder_with_no_points_is_reported_not_healthy(tmp_path):
    _write(tmp_path / "dvclive", "plots/metrics/loss.tsv", "step\tloss\n")
    res = load_all(tmp_path)
    assert not res.runs and (res.failures or res.problems)


def test_malformed_params_keep_the_curves(tmp_path):
    d = make_dvclive(tmp_path)
    (d / "params.yaml").write_text("a: [1, 2\n", encoding="utf-8")
    (run,) = curvedoc.load(tmp_path)
    assert run.tag_counts()["train/loss"] == 50 and any(i.kind == "bad-hparams" for i in run.issues)


def test_a_one_point_summary_does_not_take_the_role_of_the_curve(tmp_path):
    # the HF callback writes the per-step loss as 'loss' and the end-of-training average as 'train/loss'
    d = tmp_path / "dvclive"
    steps = np.arange(200)
    _write(d, "plots/metrics/loss.tsv", _tsv("loss", steps, np.round(3 - steps / 100, 4)))
    _write(d, "plots/metrics/train/loss.tsv", _tsv("train/loss", [199], [2.0]))
    (run,) = curvedoc.load(tmp_path)
    assert run.roles["train_loss"] == "loss"


REAL = [("hf-lm-bimodal-loss-flat", "loss", 1250), ("lightning-seg-dice-zero-not-learning", "train/loss", 68),
        ("resnet50-steplr-too-aggressive", "train/loss", 25), ("keras-nmt-train-only", "train/loss", None)]


@pytest.mark.parametrize("name,loss_tag,n", REAL)
def test_real_dvclive_folders(name, loss_tag, n):
    root = REAL_RUNS / "dvclive" / name
    if not root.is_dir():
        pytest.skip(f"{root} not found: real-run tests need ../shared/real_runs")
    rep = curvedoc.diagnose(root)
    assert len(rep.runs) == 1, [r.run for r in rep.runs]
    rr = rep.runs[0]
    assert rr.source == "dvclive" and rr.status != "not-assessed" and rr.roles["train_loss"] == loss_tag
    if n is not None:
        (run,) = curvedoc.load(root)
        assert run.tag_counts()[loss_tag] == n


def test_real_dice_stuck_at_zero_is_a_plateau():
    root = REAL_RUNS / "dvclive" / "lightning-seg-dice-zero-not-learning"
    if not root.is_dir():
        pytest.skip(f"{root} not found: real-run tests need ../shared/real_runs")
    codes = {f.code for f in curvedoc.diagnose(root).runs[0].findings}
    assert "P001" in codes
