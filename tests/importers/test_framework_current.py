"""What the current framework versions write, read right: real outputs made by scripts/make_framework_current.py
(versions and cases in tests/data/framework_current/README.md), each a few KB. Every expectation below is written
from what the framework logged (its TrainingArguments, its logger's calls), not from what curvedoc printed."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pandas as pd

import curvedoc
from curvedoc.importers import load_all

DATA = Path(__file__).resolve().parents[1] / "data" / "framework_current"


def _steps(run, tag):
    return [int(s) for s in run.tag_series(tag).index]


# ------------------------------------------------------------------------------ W&B: define_metric's step metric
def test_lightning_wandb_logger_is_read_on_the_trainer_global_step():
    """WandbLogger logs once per call with ``trainer/global_step`` in the row and defines it as the step metric of
    every key; ``_step`` counts calls. The points go where W&B plots them: the trainer's global step (the same
    seeded training written by CSVLogger puts train_loss_step at 4, 9, ... 29, the validation at 9, 19, 29)."""
    [run] = curvedoc.load(DATA / "wandb" / "lightning_wandblogger")
    assert _steps(run, "train_loss_step") == [4, 9, 14, 19, 24, 29]
    assert _steps(run, "val_loss") == [9, 19, 29]
    assert _steps(run, "lr-SGD") == [4, 9, 14, 19, 24, 29]
    gs = run.tag_series("trainer/global_step")
    assert (gs.index.to_numpy() == gs.to_numpy()).all()  # the step metric on its own axis
    csv = pd.read_csv(DATA / "lightning" / "csv_and_tensorboard" / "lightning_logs" / "version_0" / "metrics.csv")
    rows = csv.dropna(subset=["train_loss_step"])
    np.testing.assert_allclose(run.tag_series("train_loss_step").to_numpy(), rows["train_loss_step"].to_numpy(),
                               rtol=1e-6)
    assert run.meta["step_metric"] == ["trainer/global_step"]
    # the epoch the logger writes in each of a step's calls is one point, not a duplicate
    assert not [i for i in run.issues if i.kind == "duplicate-steps"]


def test_hf_wandb_callback_is_read_on_the_trainer_global_step():
    """The HF Trainer's WandbCallback logs ``train/global_step`` in each row and defines it as every key's step
    metric: logging_steps=5, eval_steps=10, max_steps=40 put the training rows at 5..40 and evaluations at 10..40."""
    [run] = curvedoc.load(DATA / "wandb" / "hf_wandbcallback")
    assert _steps(run, "train/loss") == list(range(5, 41, 5))
    assert _steps(run, "eval/loss") == [10, 20, 30, 40]
    assert run.roles["train_loss"] == "train/loss" and run.roles["val_loss"] == "eval/loss"


def test_a_wandb_run_without_a_step_metric_keeps_its_step(tmp_path):
    """Only what define_metric says moves a point: the same file with its metric records removed is read on
    ``_step`` (the calls), as before."""
    from curvedoc.importers import wandb as W

    src = next((DATA / "wandb" / "lightning_wandblogger").glob("*/run-*.wandb"))
    rows = W._Rows()
    issues: list = []
    meta: dict = {}
    W._read_wandb(src, rows, issues, meta, {}, {})
    assert rows.rekeyed > 0
    plain = W._Rows()
    plain.define = lambda *a: None  # the metric records ignored
    W._read_wandb(src, plain, [], {}, {}, {})
    assert plain.rekeyed == 0
    assert sorted(set(np.frombuffer(plain.steps, dtype=np.int64).tolist()))[:3] == [0, 1, 2]


# ------------------------------------------------------------------------------ Lightning: one version per logger
def test_lightning_csv_and_tensorboard_loggers_on_one_save_dir_are_one_run():
    """``logger=[CSVLogger(d), TensorBoardLogger(d)]``: version_0 holds metrics.csv, version_1 the events of the
    same training. One run, read from the more complete log and cross-checked against the other."""
    runs = curvedoc.load(DATA / "lightning" / "csv_and_tensorboard" / "lightning_logs")
    assert len(runs) == 1, [r.name for r in runs]
    run = runs[0]
    assert run.name.endswith("version_0")
    assert {s["format"] for s in run.meta["sources"]} == {"tfevents", "lightning-csv"}
    assert _steps(run, "train_loss_step") == [4, 9, 14, 19, 24, 29]
    assert _steps(run, "val_loss") == [9, 19, 29]
    assert any(i.kind == "same-training" for i in run.issues)


def test_two_lightning_trainings_with_two_loggers_each_stay_two(tmp_path):
    """version_0/1 one training, version_2/3 another (its CSV's values differ from version_1's events): the pairs are
    proposed by the layout but kept together only on equal values."""
    src = DATA / "lightning" / "csv_and_tensorboard" / "lightning_logs"
    dst = tmp_path / "lightning_logs"
    shutil.copytree(src, dst)
    shutil.copytree(src / "version_0", dst / "version_2")
    shutil.copytree(src / "version_1", dst / "version_3")
    csv = pd.read_csv(dst / "version_2" / "metrics.csv")
    for c in ("train_loss_step", "train_loss_epoch", "val_loss"):
        csv[c] = csv[c] * 1.5
    csv.to_csv(dst / "version_2" / "metrics.csv", index=False)
    names = sorted(r.name for r in curvedoc.load(dst))
    assert names == ["version_0", "version_2", "version_3"]


# ------------------------------------------------------------------------------ HF Trainer killed between checkpoints
def test_a_killed_hf_run_stops_where_its_events_stop_not_at_its_last_checkpoint():
    """Killed at step 27 of max_steps 40: the last checkpoint's trainer_state.json says global_step 20, the
    TensorBoard events go on to step 25. One run; where the training stopped is the events' last step, and the
    plan (max_steps 40) is kept."""
    [run] = curvedoc.load(DATA / "hf" / "killed_tensorboard" / "output")
    assert run.source == "tfevents"
    assert _steps(run, "train/loss")[-1] == 25
    assert run.meta["max_steps"] == 40
    assert run.meta.get("global_step", 25) >= 25
    assert not [i for i in run.issues if i.kind == "ended-early" and "step 20 " in i.message]
    found = {f.name: f for f in curvedoc.diagnose(str(DATA / "hf" / "killed_tensorboard" / "output")).runs[0].findings}
    assert found["unfinished-schedule"].steps[0] == 25, found["unfinished-schedule"].message


# ------------------------------------------------------------------------------ DVCLive's HF callback
def test_hf_dvclive_callback_is_read_on_the_trainer_steps():
    """DVCLive's step counts the callback's log calls (training, evaluation and summary rows alike); each row logs
    the Trainer's epoch. logging_steps=5, eval_steps=10, max_steps=40, 75 steps an epoch (1,200 samples, batch
    16): training rows at 5..40, evaluations at 10..40, the epoch at step s is s/75."""
    [run] = curvedoc.load(DATA / "dvclive" / "hf_dvclivecallback" / "dvclive")
    assert _steps(run, "loss") == list(range(5, 41, 5))
    assert _steps(run, "eval/loss") == [10, 20, 30, 40]
    ep = run.tag_series("epoch")
    np.testing.assert_allclose(ep.to_numpy(), ep.index.to_numpy() / 75.0)
    found = {f.name for f in curvedoc.diagnose(str(DATA / "dvclive" / "hf_dvclivecallback" / "dvclive")).runs[0].findings}
    assert "unfinished-schedule" not in found  # it reached max_steps 40


def test_a_dvclive_folder_of_another_logger_keeps_its_step(tmp_path):
    """Without the Trainer's arguments in params.yaml the counter is the step, as DVCLive writes it."""
    dst = tmp_path / "dvclive"
    shutil.copytree(DATA / "dvclive" / "hf_dvclivecallback" / "dvclive", dst)
    (dst / "params.yaml").write_text("lr: 0.003\n")
    [run] = curvedoc.load(dst)
    assert _steps(run, "loss")[:3] == [0, 1, 3]


# ------------------------------------------------------------------------------ Keras: CSVLogger + History dump
def test_keras_csvlogger_and_history_json_are_one_run():
    runs = load_all(DATA / "keras" / "csvlogger_and_history").runs
    assert len(runs) == 1, [r.name for r in runs]
    run = runs[0]
    assert run.name == "csvlogger_and_history"
    assert _steps(run, "loss") == list(range(6)) and _steps(run, "val_loss") == list(range(6))


def test_a_keras_table_and_a_history_of_another_training_stay_two(tmp_path):
    src = DATA / "keras" / "csvlogger_and_history"
    shutil.copy(src / "training.csv", tmp_path / "training.csv")
    text = (src / "history.json").read_text()
    import json

    hist = {k: [v * 1.1 for v in vals] for k, vals in json.loads(text).items()}
    (tmp_path / "history.json").write_text(json.dumps(hist))
    assert sorted(r.name for r in load_all(tmp_path).runs) == ["history.json", "training.csv"]


# ------------------------------------------------------------------------------ TensorBoard: the same value again
def test_an_epoch_written_again_at_its_step_is_no_repeated_step_note():
    """Lightning and the HF Trainer write the epoch with each call of a step (the training row, the validation
    row): the same value at the same step is one point, not 'several values per step'."""
    from curvedoc.importers import load

    for path in (DATA / "lightning" / "csv_and_tensorboard" / "lightning_logs" / "version_1",
                 next((DATA / "hf" / "killed_tensorboard" / "output" / "runs").iterdir())):
        [run] = load(path)
        assert run.source == "tfevents"
        assert not [i for i in run.issues if i.kind == "repeated-steps"], [i.message for i in run.issues]
        ep = [t for t in run.tags if t.endswith("epoch")][0]
        assert run.scalars[run.scalars["tag"] == ep].duplicated(subset=["step"]).any()  # written twice, kept


# ------------------------------------------------------------------------------ Stable-Baselines3: Monitor + logger
def test_sb3_monitor_and_its_tensorboard_log_are_one_run():
    """``Monitor(env, d)`` and ``PPO(..., tensorboard_log=d)``: d/monitor.csv and d/PPO_1/events of one learn() call.
    The logger's rollout/ep_rew_mean is the mean of the monitor's last 100 episode returns at each of its steps: the
    evidence that keeps them together."""
    runs = curvedoc.load(DATA / "sb3" / "monitor_and_tensorboard_log")
    assert len(runs) == 1, [r.name for r in runs]
    [run] = runs
    assert {s["format"] for s in run.meta["sources"]} == {"tfevents", "sb3-monitor"}
    other = [s for s in run.meta["sources"] if not s["read"]][0]
    assert other["shared_points"] >= 5 and other["equal"] == other["shared_points"]


def test_two_learn_calls_beside_one_monitor_stay_apart(tmp_path):
    """Two event folders (PPO_1, PPO_2): which one the monitor belongs to is not proposed."""
    src = DATA / "sb3" / "monitor_and_tensorboard_log"
    shutil.copytree(src, tmp_path / "d")
    shutil.copytree(src / "PPO_1", tmp_path / "d" / "PPO_2")
    assert len(curvedoc.load(tmp_path / "d")) == 3
