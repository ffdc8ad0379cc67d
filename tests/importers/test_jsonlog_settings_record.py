"""A JSON-lines log whose first record is the run's settings (openai/glow's train.txt, json.dumps(vars(args)) before
the first record) reads them as hyperparameters, not as a point."""

from __future__ import annotations

import json

import curvedoc


def _log(tmp_path, settings, records):
    p = tmp_path / "train.txt"
    p.write_text("\n".join(json.dumps(r) for r in [settings, *records]) + "\n")
    return p


def test_a_first_record_of_settings_is_the_hyperparameters(tmp_path):
    settings = {"problem": "imagenet-oord", "optimizer": "adamax", "lr": 0.001, "epochs": 30, "n_train": 50000,
                "verbose": False, "restore_path": ""}
    recs = [{"epoch": e, "n_processed": 50048 * e, "loss": 3.5 - 0.05 * e, "bits_x": 3.5 - 0.05 * e}
            for e in range(1, 6)]
    run = curvedoc.load(str(_log(tmp_path, settings, recs)))[0]
    assert run.hparams.get("epochs") == 30 and run.hparams.get("optimizer") == "adamax"
    assert "problem" not in run.tags and "n_train" not in run.tags and "lr" not in run.tags
    assert len(run.series("train_loss")) == 5
    rr = curvedoc.diagnose(str(tmp_path / "train.txt")).runs[0]
    assert "unfinished-schedule" in {f.name for f in rr.findings}  # epoch 5 of 30


def test_a_first_record_that_shares_keys_with_later_ones_is_a_point(tmp_path):
    first = {"epoch": 0, "loss": 4.0, "mode": "train", "note": "warmup", "extra": None}
    recs = [{"epoch": e, "loss": 4.0 - 0.1 * e} for e in range(1, 6)]
    run = curvedoc.load(str(_log(tmp_path, first, recs)))[0]
    assert len(run.series("train_loss")) == 6
