"""Runs started from LightningCLI: the ``config.yaml`` it saves into the log folder (beside ``hparams.yaml`` and the
TensorBoard events or ``metrics.csv``) states the trainer's plan (``trainer.max_epochs``). The fixtures in
tests/data/lightning_cli are real runs of lightning 2.6 (``make_runs.py`` there: a 3-class MLP, ``--trainer.max_epochs
20``, stopped by hand -- a KeyboardInterrupt -- after epoch 4), copied as the logger left them (checkpoints left out)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import curvedoc

DATA = Path(__file__).resolve().parents[1] / "data" / "lightning_cli"


@pytest.mark.parametrize("logger", ["tensorboard", "csv"])
def test_the_plan_in_a_lightning_cli_config_is_read(logger):
    run = curvedoc.load(DATA / logger)[0]
    assert run.hparams["trainer.max_epochs"] == 20
    # the module's own hparams.yaml names its keys first; config.yaml adds what it alone holds
    assert run.hparams["hidden"] == 32 and run.hparams["model.hidden"] == 32
    found = {f.name: f for f in curvedoc.diagnose(str(DATA / logger)).runs[0].findings}
    assert "unfinished-schedule" in found, [f.message for f in found.values()]
    assert "epoch 4 of its planned trainer.max_epochs" in found["unfinished-schedule"].message


def test_the_tbparse_reader_reads_the_same_plan():
    pytest.importorskip("tbparse")
    from curvedoc.importers import event_reader

    with event_reader("tbparse"):
        run = curvedoc.load(DATA / "tensorboard")[0]
    assert run.hparams["trainer.max_epochs"] == 20


def test_a_config_yaml_that_is_not_lightning_clis_is_not_read(tmp_path):
    # a file of that common name written by something else (no trainer section) says nothing about this run's plan
    d = tmp_path / "run"
    shutil.copytree(DATA / "csv", d)
    (d / "config.yaml").write_text("epochs: 3\nmax_epochs: 3\ndata:\n  path: /somewhere\n")
    run = curvedoc.load(d)[0]
    assert not any(k.endswith("max_epochs") or k == "epochs" for k in run.hparams), run.hparams
    assert run.hparams["hidden"] == 32
