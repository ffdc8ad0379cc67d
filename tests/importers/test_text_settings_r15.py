"""The settings a run logs as text beside its scalars are its hyperparameters (fifteenth session).

The Hugging Face Trainer's TensorBoard callback writes its TrainingArguments as JSON text under ``args`` (FORMATS.md
1.4: not through the hparams plugin), scripts write ``add_text("config", "epochs=60 lr=0.02")`` or ``str(args)``,
CleanRL writes a markdown table, Megatron one text summary per argument. Before, the event-file reader counted text
summaries and dropped them, so a run's stated plan (``num_train_epochs``), its clipping threshold (``max_grad_norm``)
were unknown whenever the run was logged to TensorBoard instead of a trainer_state.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from curvedoc.importers._textsettings import parse_settings_text, setting_value, text_settings
from _families import summary_writer

import curvedoc
from curvedoc.importers import event_reader


def _with(reader: str, fn, *a):
    if reader == "native":
        return fn(*a)
    with event_reader(reader):
        return fn(*a)


# ------------------------------------------------------------------ the texts people write
@pytest.mark.parametrize("text, want", [
    ('{\n  "output_dir": "out",\n  "num_train_epochs": 3.0,\n  "max_steps": -1,\n  "learning_rate": 5e-05,\n'
     '  "lr_scheduler_type": "linear",\n  "max_grad_norm": 1.0\n}',
     {"num_train_epochs": 3.0, "max_steps": -1, "learning_rate": 5e-05, "lr_scheduler_type": "linear",
      "max_grad_norm": 1.0}),
    ("epochs=60 lr=0.02 cosine T_max=60", {"epochs": 60, "lr": 0.02, "T_max": 60}),
    ("Namespace(batch_size=64, epochs=30, lr=0.001, model='resnet18', amp=True)",
     {"batch_size": 64, "epochs": 30, "lr": 0.001, "model": "resnet18", "amp": True}),
    ("{'epochs': 12, 'lr': 0.1, 'optimizer': 'sgd'}", {"epochs": 12, "lr": 0.1, "optimizer": "sgd"}),
    ("|param|value|\n|-|-|\n|learning_rate|0.00025|\n|total_timesteps|500000|\n|env_id|CartPole-v1|",
     {"learning_rate": 0.00025, "total_timesteps": 500000, "env_id": "CartPole-v1"}),
    ("num_epochs: 25\nbatch_size: 32\nscheduler: cosine", {"num_epochs": 25, "batch_size": 32, "scheduler": "cosine"}),
    ("model.depth=4, model.width=256, train.max_epochs=100",
     {"model.depth": 4, "model.width": 256, "train.max_epochs": 100}),
])
def test_the_settings_a_text_states(text, want):
    got = parse_settings_text(text)
    for k, v in want.items():
        assert got.get(k) == v, (k, got)


@pytest.mark.parametrize("raw, want", [("3", 3), ("-1", -1), ("2e-5", 2e-5), ("0.5", 0.5), ("True", True),
                                       ("false", False), ("None", None), ("'adamw'", "adamw"), ("cosine", "cosine")])
def test_setting_values_keep_their_kind(raw, want):
    assert setting_value(raw) == want and type(setting_value(raw)) is type(want)


def test_a_text_that_changes_is_output_not_settings():
    # generated samples logged every few steps: the same tag, another text each time
    texts = [("samples/text_summary", f"step {i}: the model wrote loss=0.{i} words") for i in range(5)]
    assert text_settings(texts) == {}
    # the same configuration written once per launch (three files of one run) is one statement
    cfg = [("config/text_summary", "epochs=40 lr=0.1")] * 3
    assert text_settings(cfg) == {"config/epochs": 40, "config/lr": 0.1}


def test_one_value_per_tag_is_the_setting_its_tag_names():
    # Megatron-LM writes each argument as a text summary of its own
    texts = [("train_iters", "500"), ("lr_decay_style", "cosine"), ("micro_batch_size", "4"),
             ("data_path", "['/data/a', '/data/b']")]
    got = text_settings(texts)
    assert got["train_iters"] == 500 and got["lr_decay_style"] == "cosine" and got["micro_batch_size"] == 4


def test_prose_and_huge_texts_state_little():
    assert parse_settings_text("x" * 300_000 + " epochs=3") == {}
    assert parse_settings_text("") == {}
    assert text_settings([("notes/text_summary", "a run to check the new augmentation")]) == {}


# ------------------------------------------------------------------ end to end, through the event-file readers
def _run(tmp: Path, name: str, *, epochs_done: int, steps_per_epoch: int = 20, text: tuple[str, str] | None,
         epoch_tag: str | None = "train/epoch", loss_start: float = 2.0, rate: float = 0.97) -> Path:
    d = tmp / name
    w = summary_writer(d)
    if text is not None:
        w.add_text(text[0], text[1], 0)
    step = 0
    for e in range(epochs_done):
        for b in range(steps_per_epoch):
            step += 1
            # a loss still falling clearly at the cut, as a killed run's is
            w.add_scalar("train/loss", loss_start * (rate ** step) + 0.01 * ((step * 7919) % 11) / 11, step)
            if epoch_tag:
                w.add_scalar(epoch_tag, e + (b + 1) / steps_per_epoch, step)
        w.add_scalar("eval/loss", loss_start * (rate ** step) * 1.1 + 0.05, step)
    w.close()
    return d


def _hf_args(**kw) -> str:
    args = {"output_dir": "out", "num_train_epochs": 3.0, "max_steps": -1, "learning_rate": 5e-5,
            "lr_scheduler_type": "linear", "max_grad_norm": 1.0, "logging_steps": 1, "eval_steps": None}
    args.update(kw)
    return json.dumps(args, indent=2)


@pytest.mark.parametrize("reader", ["native", "tbparse"])
@pytest.mark.parametrize("planned, done, text", [
    (10, 3, ("args", _hf_args(num_train_epochs=10.0))),   # the HF Trainer's args JSON
    (20, 4, ("config", "epochs=20 lr=0.02 cosine")),       # a script's own config line
    (50, 5, ("args", "Namespace(epochs=50, lr=0.001, batch_size=32)")),
    (12, 2, ("hyperparameters", "|param|value|\n|-|-|\n|num_epochs|12|\n|lr|0.1|")),
])
def test_a_plan_logged_as_text_tells_a_run_stopped_short(tmp_path, reader, planned, done, text):
    d = _run(tmp_path, "r", epochs_done=done, text=text)
    runs = _with(reader, curvedoc.load, d)
    assert len(runs) == 1
    rep = _with(reader, curvedoc.diagnose, runs[0])
    s002 = [f for r in rep.runs for f in r.findings if f.code == "S002"]
    assert s002, [f.code for r in rep.runs for f in r.findings]
    assert "of its planned" in s002[0].message and f" {planned} " in s002[0].message


@pytest.mark.parametrize("text", [("args", _hf_args(num_train_epochs=3.0)), ("config", "epochs=3 lr=0.02")])
def test_a_run_that_reached_its_logged_plan_is_not_unfinished(tmp_path, text):
    # (converged: a loss still falling clearly at a plan's end is told as a plan too short, another finding)
    d = _run(tmp_path, "r", epochs_done=3, text=text, rate=0.8)
    rep = curvedoc.diagnose(d)
    assert not [f for r in rep.runs for f in r.findings if f.code == "S002"]


def test_hf_max_steps_overrides_its_epochs(tmp_path):
    # max_steps > 0 overrides num_train_epochs (TrainingArguments' documented rule): a run that reached its 40 steps
    # at epoch 2 of a (default) 3 is finished
    d = _run(tmp_path, "r", epochs_done=2, text=("args", _hf_args(num_train_epochs=3.0, max_steps=40)), rate=0.8)
    rep = curvedoc.diagnose(d)
    assert not [f for r in rep.runs for f in r.findings if f.code == "S002"]


def test_the_readers_agree_on_the_settings_logged_as_text(tmp_path):
    d = _run(tmp_path, "r", epochs_done=2, text=("args", _hf_args(num_train_epochs=7.0, max_grad_norm=0.0)))
    native = curvedoc.load(d)[0].hparams
    tb = _with("tbparse", curvedoc.load, d)[0].hparams
    assert native["args/num_train_epochs"] == tb["args/num_train_epochs"] == 7.0
    assert native["args/max_grad_norm"] == tb["args/max_grad_norm"] == 0.0
    assert native == tb
