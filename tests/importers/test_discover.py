"""Run discovery: grouping, symlink loops, empty and unreadable folders."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from _helpers import real_runs_dir

import curvedoc
from curvedoc.importers.discover import discover

REPO = Path(__file__).resolve().parents[2]


def _touch(p, data=b"x"):
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data)


def test_empty_folder_has_no_runs(tmp_path):
    d = discover(tmp_path)
    assert d.specs == [] and d.problems == []


def test_missing_path(tmp_path):
    d = discover(tmp_path / "nope")
    assert d.specs == [] and d.problems[0].kind == "not-found"


def test_symlink_loop_terminates(tmp_path):
    run = tmp_path / "sweep" / "a"
    _touch(run / "metrics.csv", b"step,loss\n0,1.0\n1,0.9\n")
    os.symlink(tmp_path / "sweep", run / "loop")
    d = discover(tmp_path / "sweep")
    assert [s.name for s in d.specs] == ["a"]
    assert any(p.kind == "symlink-loop" for p in d.problems)


def test_train_eval_subfolders_are_one_run(tmp_path):
    _touch(tmp_path / "exp" / "train" / "events.out.tfevents.1.host.1.0")
    _touch(tmp_path / "exp" / "eval" / "events.out.tfevents.2.host.1.0")
    _touch(tmp_path / "other" / "events.out.tfevents.3.host.1.0")
    d = discover(tmp_path)
    specs = {s.name: s for s in d.specs}
    assert set(specs) == {"exp", "other"}
    assert sorted(specs["exp"].prefixes.values()) == ["eval/", "train/"]


def test_checkpoints_are_one_hf_run(tmp_path):
    for n in (100, 200, 300):
        _touch(tmp_path / "out" / f"checkpoint-{n}" / "trainer_state.json", b"{}")
    d = discover(tmp_path)
    (spec,) = d.specs
    assert spec.format == "hf-trainer-state" and spec.name == "out"
    assert spec.files[0].parent.name == "checkpoint-300"


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read a chmod 000 folder")
def test_unreadable_folder_is_reported(tmp_path):
    bad = tmp_path / "bad"
    _touch(bad / "metrics.csv", b"step,loss\n0,1\n")
    bad.chmod(0)
    try:
        d = discover(tmp_path)
        assert any(p.kind == "unreadable" for p in d.problems)
    finally:
        bad.chmod(0o755)


def test_text_logs_are_runs(tmp_path):
    _touch(tmp_path / "r" / "train.log", b"step 1: train loss 2.3, val loss 2.4\n")
    _touch(tmp_path / "r" / "README.txt", b"how to cite this work\n")
    d = discover(tmp_path)
    assert [(s.name, s.format) for s in d.specs] == [("r", "text-log")]
    assert d.specs[0].extras.get("tentative")  # a text file that holds no metrics is passed over quietly


def test_real_runs_discovery_groups():
    root = real_runs_dir()
    d = discover(root)
    names = {s.name: s for s in d.specs}
    assert names["tfevents/tfod-ssd-mobnet-tf2"].format == "tfevents"
    assert len(names["tfevents/tfod-ssd-mobnet-tf2"].files) == 5
    assert names["tfevents/securitybert-17-files-one-dir"].files.__len__() == 17
    assert sum(1 for s in d.specs if s.name.startswith("tfevents/whisper-ja-lfs-pointers")) == 3
    assert {p.kind for p in d.problems} <= {"unsupported-format"}
    assert sum(1 for s in d.specs if s.format == "text-log") >= 45


# ------------------------------------------------------------------------------ issue 18 items 2 and 5
FIFO_NAMES = ["training.log", "metrics.json", "train.txt", "job.out", "results.csv", "x.jsonl"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_named_like_a_log_is_never_opened(tmp_path):
    """Opening a FIFO blocks until a writer comes: discovery must not even sniff it (run in a subprocess with a
    timeout, so a regression fails instead of hanging the suite). One FIFO under each name a log may have (text,
    JSON, JSON lines, CSV, a job's output) beside a readable log, in one run folder and one process: opening any
    of them would hang the process, and each must be named as a problem."""
    import subprocess
    import sys

    run = tmp_path / "run"
    run.mkdir()
    (run / "log.csv").write_text("step,loss\n" + "".join(f"{i},{1.0 / (i + 1)}\n" for i in range(50)))
    for name in FIFO_NAMES:
        os.mkfifo(run / name)
    proc = subprocess.run([sys.executable, "-m", "curvedoc", "diagnose", str(run), "--format", "json"],
                          capture_output=True, text=True, timeout=60)
    doc = json.loads(proc.stdout)
    assert [r["status"] for r in doc["runs"]] != [] and all(r["status"] != "unreadable" for r in doc["runs"])
    refused = sorted(Path(p["path"]).name for p in doc.get("problems", []) if p["kind"] == "not-a-file")
    assert refused == sorted(FIFO_NAMES), doc.get("problems")


def test_curvedocs_own_outputs_are_not_runs(tmp_path):
    """A report or a watch stream saved inside the sweep it describes is skipped, not read as a failing run."""
    import shutil

    from click.testing import CliRunner

    from curvedoc.cli import main

    sweep = tmp_path / "sweep"
    shutil.copytree(REPO / "sample_runs" / "healthy-mlp-cosine", sweep / "a")
    shutil.copytree(REPO / "sample_runs" / "divergence-lr-nan", sweep / "b")
    first = CliRunner().invoke(main, ["audit", str(sweep), "--format", "json", "--no-cache"])
    (sweep / "report.json").write_text(first.output)
    watched = CliRunner().invoke(main, ["watch", str(sweep / "b"), "--idle", "0", "--format", "json"])
    (sweep / "events.jsonl").write_text(watched.output)
    again = json.loads(CliRunner().invoke(main, ["audit", str(sweep), "--format", "json", "--no-cache"]).output)
    assert sorted(r["run"] for r in again["runs"]) == ["a", "b"]
    assert {p["kind"] for p in again.get("problems", [])} == {"own-output"}


def test_a_symlink_to_a_sibling_run_is_another_name_not_a_loop(tmp_path):
    import shutil

    sweep = tmp_path / "sweep"
    shutil.copytree(REPO / "sample_runs" / "healthy-mlp-constant-lr", sweep / "a")
    (sweep / "b").symlink_to(sweep / "a")
    (sweep / "a" / "up").symlink_to(sweep)
    d = discover(sweep)
    kinds = {p.path.rsplit("/", 1)[-1]: p.kind for p in d.problems}
    assert kinds == {"b": "duplicate-path", "up": "symlink-loop"} and len(d.specs) == 1


def test_all_negative_steps_are_read_and_said(tmp_path):
    import curvedoc

    (tmp_path / "neg.csv").write_text("step,loss\n" + "".join(f"{-100 + i},{2 / (1 + i)}\n" for i in range(100)))
    run = curvedoc.load(tmp_path / "neg.csv")[0]
    assert [i.kind for i in run.issues] == ["negative-steps"] and len(run.series("train_loss")) == 100


@pytest.mark.parametrize("name", ["speaker250_training.log", "training_191017.log", "history.txt"])
@pytest.mark.parametrize("given", ["folder", "file"])
def test_a_csvlogger_table_under_any_log_name_is_read_as_csv(tmp_path, name, given):
    # Keras' CSVLogger writes to whatever file the user names; its content (a header of names, then rows of numbers)
    # says it is a table, not a printed log
    import curvedoc

    rows = ["epoch,acc,loss,val_acc,val_loss"] + [f"{i},{0.5 + i / 40:.4f},{2 / (i + 1):.4f},{0.5 + i / 50:.4f},"
                                                  f"{1.5 / (i + 1) + i / 30:.4f}" for i in range(12)]
    p = tmp_path / "run" / name
    _touch(p, ("\n".join(rows) + "\n").encode())
    d = discover(p.parent if given == "folder" else p)
    assert [s.format for s in d.specs] == ["csv"]
    run = curvedoc.load(str(p.parent if given == "folder" else p))[0]
    assert {"train_loss", "val_loss"} <= set(run.roles)
    # a printed log whose first line happens to hold commas stays a text log
    q = tmp_path / "printed" / name
    _touch(q, b"2025-06-04 17:36:55,380 - INFO - start\nepoch 1 loss 0.5\n")
    assert [s.format for s in discover(q.parent).specs] == ["text-log"]


def test_a_reinforcement_learning_print_log_is_a_text_log(tmp_path):
    # an RL script prints episodes and rewards, no 'loss' or 'epoch': still a training log
    lines = [f"INFO:root:Episode {i * 10} | Avg Reward: {5 + i * 0.3:.2f} | Epsilon: {0.99 ** i:.3f}" for i in range(40)]
    _touch(tmp_path / "run" / "training.log", ("\n".join(lines) + "\n").encode())
    assert [s.format for s in discover(tmp_path / "run").specs] == ["text-log"]


def test_add_scalars_sub_writers_are_one_run_with_their_keys(tmp_path):
    # SummaryWriter.add_scalars("loss", {"train": .., "val": ..}) writes <logdir>/loss_train/ and <logdir>/loss_val/,
    # each under the tag "loss" (a slash in the main tag becomes '_' in the folder name): one training, read as
    # loss/train and loss/val -- not four runs and an 'unreadable' parent
    pytest.importorskip("tensorboardX")
    from tensorboardX import SummaryWriter

    w = SummaryWriter(str(tmp_path / "run"))
    for s in range(40):
        w.add_scalars("loss", {"train": 2.3 * 0.93 ** s, "val": 2.4 * 0.95 ** s}, s)
        w.add_scalars("metrics/accuracy", {"train": 1 - 0.9 * 0.93 ** s, "val": 1 - 0.9 * 0.95 ** s}, s)
    w.close()
    runs = curvedoc.load(tmp_path / "run")
    runs = runs if isinstance(runs, list) else [runs]
    assert len(runs) == 1
    assert {"loss/train", "loss/val", "metrics/accuracy/train", "metrics/accuracy/val"} <= set(runs[0].tags)
    assert runs[0].roles["train_loss"] == "loss/train" and runs[0].roles["val_loss"] == "loss/val"


def test_runs_of_a_sweep_under_a_logged_folder_stay_runs(tmp_path):
    # a sweep folder that has an event file of its own and one sub-folder per setting (lr_0.1, lr_0.01) whose tags
    # are not the folder's name: separate runs, as before
    pytest.importorskip("tensorboardX")
    from tensorboardX import SummaryWriter

    SummaryWriter(str(tmp_path / "sweep")).close()
    for lr in ("0.1", "0.01"):
        w = SummaryWriter(str(tmp_path / "sweep" / f"lr_{lr}"))
        for s in range(30):
            w.add_scalar("train/loss", 2.3 * 0.95 ** s, s)
        w.close()
    runs = curvedoc.load(tmp_path / "sweep")
    runs = runs if isinstance(runs, list) else [runs]
    assert sorted(len(r.tags) for r in runs if r.tags) == [1, 1]


def _split_table(path: Path, losses, start: int = 0, header: str = "epoch,loss,accuracy") -> None:
    rows = [header] + [f"{start + i}, {v:.4f}, {0.2 + 0.05 * i:.3f}" for i, v in enumerate(losses)]
    path.write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("train_name, val_name, word, run_name", [
    ("train.log", "valid.log", "valid", "chatbot"),
    ("log_train.csv", "log_val.csv", "val", "chatbot/log"),
    ("history-training.csv", "history-test.csv", "test", "chatbot/history"),
])
def test_a_custom_logger_writing_each_split_to_its_own_table_is_one_training(tmp_path, train_name, val_name, word,
                                                                          run_name):
    # a neural-conversation model's train.log and valid.log (epoch,loss,ppl,accuracy): one training, its
    # validation side in the other table -- not two runs, one of them 'a training loss that barely moves'
    d = tmp_path / "chatbot"
    d.mkdir()
    _split_table(d / train_name, [6.3 - 0.4 * i for i in range(10)])
    _split_table(d / val_name, [5.6 - 0.05 * i for i in range(10)])
    runs = curvedoc.load(str(tmp_path))
    assert [r.name for r in runs] == [run_name]
    run = runs[0]
    assert f"{word}_loss" in run.tags and f"{word}_epoch" not in run.tags and "loss" in run.tags
    assert run.roles["val_loss"] == f"{word}_loss" and run.roles["train_loss"] == "loss"
    assert any(i.kind == "split-files" and val_name in i.message for i in run.issues)


def test_split_tables_on_another_clock_stay_apart(tmp_path):
    # the 'valid' table counts its own evaluations far past the training's last epoch: not the same clock
    _split_table(tmp_path / "train.csv", [2.0 - 0.1 * i for i in range(10)])
    _split_table(tmp_path / "valid.csv", [1.9 - 0.1 * i for i in range(10)], start=1000)
    assert sorted(r.name for r in curvedoc.load(str(tmp_path))) == ["train.csv", "valid.csv"]


def test_a_split_table_that_cannot_be_read_is_said_on_the_training(tmp_path):
    _split_table(tmp_path / "train.csv", [2.0 - 0.1 * i for i in range(10)])
    (tmp_path / "valid.csv").write_bytes(b"epoch,loss\n\x00\x01\x02\xff\xfe garbage")
    from curvedoc.importers import load_all

    res = load_all(str(tmp_path))
    assert [r.name for r in res.runs] == ["train.csv"]
    said = [i for i in res.runs[0].issues if i.kind == "companion-unreadable"]
    assert said and "valid.csv" in said[0].message  # not lost: said on the training's run


def test_json_lines_under_a_text_log_name_are_json_in_a_folder_as_alone(tmp_path):
    # DETR's and MAE's log.txt hold one JSON object per epoch: given alone the file was read as JSON (and split where
    # the epoch restarts), found in its folder as a printed text log (one run over every launch)
    import json as _json
    import curvedoc
    rows = [{"epoch": e, "train_loss": 4.0 - 0.3 * e, "test_loss": 4.2 - 0.1 * e} for e in (0, 1)]
    rows += [{"epoch": e, "train_loss": 4.1 - 0.2 * e, "test_loss": 4.3 - 0.1 * e} for e in range(6)]
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "log.txt").write_text("\n".join(_json.dumps(r) for r in rows) + "\n")
    alone = curvedoc.load(str(tmp_path / "run" / "log.txt"))
    folder = curvedoc.load(str(tmp_path / "run"))
    assert [r.source for r in folder] == [r.source for r in alone] == ["jsonl", "jsonl"]
    assert [len(r.series("train_loss")) for r in folder] == [2, 6]


@pytest.mark.parametrize("given", ["folder", "file"])
def test_python_printed_dicts_under_a_text_log_name_are_a_text_log_not_broken_json(given, tmp_path):
    # an HF console redirected to training.log holds only Python dicts ({'loss': 2.07, 'epoch': 0.2}): they look like
    # JSON lines but JSON cannot read one of them, so the run was 'no training log found'; the text-log reader reads them
    import curvedoc
    lines = [repr({"loss": round(2.1 - 0.01 * i, 4), "learning_rate": 2e-4 * (1 - i / 20), "epoch": round(0.2 * i, 1)})
             for i in range(1, 16)]
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "training.log").write_text("\n".join(lines) + "\n")
    runs = curvedoc.load(str(tmp_path / "run" if given == "folder" else tmp_path / "run" / "training.log"))
    assert len(runs) == 1 and runs[0].source == "text-log"
    assert len(runs[0].series("train_loss")) == 15


def test_a_file_named_as_a_log_is_read_in_its_folder_whatever_words_its_script_prints(tmp_path):
    # '[3/40] mse 1080.28 | Test mse 1076.27' in train.log names no 'loss', 'epoch' or 'step': given alone it was read,
    # in its folder it was passed over (no training log found); a .txt that is not named as a log still needs a
    # training word to be tried
    import curvedoc
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "train.log").write_text(
        "\n".join(f"[{e}/40] mse {1500 / e:.2f} | Test mse {1600 / e:.2f}" for e in range(1, 41)) + "\n")
    (tmp_path / "run" / "notes.txt").write_text("Ideas: try a wider model, 3 layers, 128 units.\n")
    runs = curvedoc.load(str(tmp_path / "run"))
    assert len(runs) == 1 and runs[0].source == "text-log" and len(runs[0].series("train_loss")) == 40


# ------------------------------------------------ a folder finds the print logs a file given alone would be read as
@pytest.mark.parametrize("name", ["train_log.txt", "log_train.txt", "training_v3.log", "run.log", "job-42.out",
                                  "attnpool.log", "training-logs.txt"])
def test_a_folder_finds_a_print_log_named_as_a_log_whatever_words_its_numbers_carry(name, tmp_path):
    # 'ep 1  train 2.32 / 0.094   dev 2.31 / 0.095': no 'loss', 'epoch' or 'step' anywhere, but the file's name says
    # it is a log -- the same file given on its own is read
    lines = [f"ep {e}  train {2.3 - 0.03 * e:.4f} / {0.1 + 0.01 * e:.3f}   dev {2.31 - 0.02 * e:.4f} / {0.1 + 0.008 * e:.3f}"
             for e in range(1, 31)]
    (tmp_path / name).write_text("\n".join(lines) + "\n")
    d = discover(tmp_path)
    assert [s.format for s in d.specs] == ["text-log"], (d.specs, d.problems)


@pytest.mark.parametrize("name", ["catalog.txt", "notes.txt", "requirements.txt"])
def test_a_text_file_whose_name_and_words_say_nothing_of_training_is_not_proposed(name, tmp_path):
    (tmp_path / name).write_text("numpy==1.26.4\npandas 2.2.1\nfoo 3\n")
    assert discover(tmp_path).specs == []


def test_a_log_whose_numbers_start_after_a_64_kb_banner_is_found_below_128_kb(tmp_path):
    # a console whose first 64 KB are framework warnings: the sniffer must read the end of the file as well, not
    # only for files over 128 KB
    banner = "".join(f"W0000 12:00:00.{i:06d} warning: something noisy happened here, again and again\n"
                     for i in range(900))
    assert 65536 < len(banner) < 100_000
    records = "".join(f"{{'loss': {2.0 - 0.01 * i:.4f}, 'learning_rate': 0.0005, 'epoch': {i / 10:.1f}}}\n"
                      for i in range(100))
    (tmp_path / "console_v3.txt").write_text(banner + records)
    assert [s.format for s in discover(tmp_path).specs] == ["text-log"]
