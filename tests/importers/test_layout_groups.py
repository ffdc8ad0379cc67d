"""One training = one run: the logs a framework writes of ONE training, in its own folder layout, are read as one
run when their shared steps carry equal values (HF Trainer output folders, MMEngine work dirs), and stay apart
when they do not. Fixtures are built from the real runs' files (../shared/real_runs) laid out as the frameworks
write them, and from a real HF Trainer run when transformers is installed."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

import curvedoc
from curvedoc.importers import discover, load_all

from _helpers import REAL_RUNS as REAL, hf_classifier
T5_STATE = REAL / "hf_trainer_state" / "t5-summarization-demo" / "trainer_state.json"
T5_EVENTS = REAL / "tfevents" / "t5-summarization-demo"
MM_SCALARS = REAL / "mmengine_json" / "rtmdet-drinks-40ep-healthy" / "scalars.json"
MM_OTHER = REAL / "mmengine_json" / "mmpretrain-steplr-59ep" / "scalars.json"
STAMP = "20240301_101500"


def _need(*paths: Path):
    for p in paths:
        if not p.exists():
            pytest.skip(f"{p} not found: these fixtures are built from ../shared/real_runs")


def _copy(src: Path, dst: Path):
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    os.chmod(dst, 0o644)


def _hf_output(tmp_path: Path, state: dict | None = None) -> Path:
    """An HF Trainer output folder as the Trainer writes it: trainer_state.json, and the TensorBoard events of the
    same training in runs/<date>_<host>/ (the default logging_dir). The files are the real t5 run's."""
    _need(T5_STATE, T5_EVENTS)
    out = tmp_path / "t5-out"
    if state is None:
        _copy(T5_STATE, out / "trainer_state.json")
    else:
        out.mkdir(parents=True, exist_ok=True)
        (out / "trainer_state.json").write_text(json.dumps(state), encoding="utf-8")
    for ev in T5_EVENTS.iterdir():
        _copy(ev, out / "runs" / "Mar24_15-23-55_DESKTOP-41L2EO3" / ev.name)
    return out


def _t5_state() -> dict:
    return json.loads(T5_STATE.read_text(encoding="utf-8"))


def _kinds(run):
    return [i.kind for i in run.issues]


# ------------------------------------------------------------------------------------------------ HF Trainer
def test_hf_output_folder_with_its_tensorboard_events_is_one_run(tmp_path):
    out = _hf_output(tmp_path)
    res = load_all(tmp_path, with_base=True)
    assert not res.failures
    (run,) = res.runs  # before: t5-out (trainer_state) and t5-out/runs/Mar24_... (tfevents), the same training
    assert run.name == f"{tmp_path.name}/t5-out" and run.path == out
    sources = run.meta["sources"]
    assert sorted(s["format"] for s in sources) == ["hf-trainer-state", "tfevents"]
    assert sum(s["read"] for s in sources) == 1
    checked = [s for s in sources if not s["read"]][0]
    assert checked["shared_points"] > 1000 and checked["equal"] == checked["shared_points"]
    note = [i for i in run.issues if i.kind == "same-training"]
    assert note and "2 logs hold this training" in note[0].message and note[0].severity == "info"
    assert "sources-disagree" not in _kinds(run)
    # what only the trainer state knows (the planned length) is kept, whichever log was read
    assert run.meta["max_steps"] == 215337
    # every entry point sees one run
    assert len(curvedoc.diagnose(tmp_path).runs) == 1
    assert len(curvedoc.audit(tmp_path, jobs=1, cache=False).runs) == 1
    assert len(curvedoc.compare(out, out).runs) == 1
    w = curvedoc.Watcher(tmp_path)
    w.poll()
    assert len(w.runs) == 1


def test_checkpoint_states_and_events_are_still_one_run(tmp_path):
    out = _hf_output(tmp_path)
    state = _t5_state()
    state["log_history"] = state["log_history"][:100]
    state["global_step"] = state["log_history"][-1]["step"]
    ck = out / f"checkpoint-{state['global_step']}"
    ck.mkdir()
    (ck / "trainer_state.json").write_text(json.dumps(state), encoding="utf-8")
    (run,) = curvedoc.load(tmp_path)
    assert len(run.meta["sources"]) == 2


def test_events_beside_the_state_are_cross_checked_not_only_mentioned(tmp_path):
    # logging_dir=output_dir: the events in the same folder as trainer_state.json (before: mentioned, never read)
    _need(T5_STATE, T5_EVENTS)
    out = tmp_path / "out"
    _copy(T5_STATE, out / "trainer_state.json")
    for ev in T5_EVENTS.iterdir():
        _copy(ev, out / ev.name)
    (run,) = curvedoc.load(out)
    assert len(run.meta["sources"]) == 2 and "also-found" not in _kinds(run)


def test_another_training_in_the_same_layout_stays_a_run_of_its_own(tmp_path):
    # the state of ANOTHER training (a different seed: the same schedule, lr and epochs, other losses) with the
    # events of the t5 run: the layout alone is no evidence -> two runs
    state = _t5_state()
    rng = np.random.default_rng(1)
    for row in state["log_history"]:
        for k in ("loss", "grad_norm", "eval_loss"):
            if isinstance(row.get(k), float):
                row[k] = round(row[k] * float(rng.uniform(0.9, 1.1)), 4)
    _hf_output(tmp_path, state)
    runs = curvedoc.load(tmp_path)
    assert sorted(r.source for r in runs) == ["hf-trainer-state", "tfevents"]
    assert not any("sources" in r.meta for r in runs)
    assert sorted(r.name for r in runs) == ["t5-out", "t5-out/runs/Mar24_15-23-55_DESKTOP-41L2EO3"]


def test_a_few_differing_values_are_an_importer_issue(tmp_path):
    state = _t5_state()
    changed = 0
    for row in state["log_history"]:
        if "loss" in row and changed < 3 and row["step"] % 5000 == 0:
            row["loss"] = row["loss"] + 0.5
            changed += 1
    assert changed == 3
    _hf_output(tmp_path, state)
    (run,) = curvedoc.load(tmp_path)
    bad = [i for i in run.issues if i.kind == "sources-disagree"]
    assert bad and bad[0].count == 3 and "loss" in bad[0].message


@pytest.mark.slow  # trains a tiny model with the real HF Trainer (~20 s)
def test_a_real_hf_trainer_output_folder_is_one_run(tmp_path):
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("tensorboard")
    from transformers import Trainer, TrainingArguments

    torch.manual_seed(0)

    rng = np.random.default_rng(0)
    x = rng.normal(size=(256, 20)).astype(np.float32)
    y = (x[:, 0] > 0).astype(np.int64) + 2 * (x[:, 1] > 0)
    ds = [{"x": torch.from_numpy(a), "labels": torch.tensor(b)} for a, b in zip(x, y)]
    args = TrainingArguments(output_dir=str(tmp_path / "out"), max_steps=30, per_device_train_batch_size=32,
                             learning_rate=0.05, optim="sgd", logging_steps=2, report_to="tensorboard",
                             save_strategy="steps", save_steps=15, eval_strategy="steps", eval_steps=10,
                             use_cpu=True, disable_tqdm=True, remove_unused_columns=False, seed=0)
    Trainer(model=hf_classifier(20, 32, 4), args=args, train_dataset=ds, eval_dataset=ds[:64]).train()
    assert list((tmp_path / "out" / "runs").iterdir())  # the layout this test is about
    (run,) = curvedoc.load(tmp_path / "out")
    assert sorted(s["format"] for s in run.meta["sources"]) == ["hf-trainer-state", "tfevents"]
    assert "sources-disagree" not in _kinds(run)


# ------------------------------------------------------------------------------------------------ MMEngine
def _mmengine_workdir(work: Path, scalars: Path, log_from: Path | None = None, twin: bool = True) -> Path:
    """An MMEngine work dir as the Runner writes it: <stamp>/<stamp>.log (the printed log) and <stamp>/vis_data/
    with scalars.json and <stamp>.json (the same records). The printed log is printed from ``log_from``'s records
    (default: the same scalars) in MMEngine's format (4 decimals)."""
    d = work / STAMP
    _copy(scalars, d / "vis_data" / "scalars.json")
    if twin:
        _copy(scalars, d / "vis_data" / f"{STAMP}.json")
    if log_from is None and not twin:
        return d
    recs = [json.loads(line) for line in (log_from or scalars).read_text().splitlines() if line.strip()]
    train = [r for r in recs if "loss" in r]
    n_epochs = max(r["epoch"] for r in train)
    n_iter = -(-max(r["step"] for r in train) // n_epochs)
    lines = ["03/01 10:15:00 - mmengine - INFO - Config:", "model = dict(type='RTMDet')"]
    for r in recs:
        if "loss" in r:
            i = r["step"] - (r["epoch"] - 1) * n_iter
            keys = [k for k in r if k not in ("lr", "epoch", "step", "time", "data_time", "memory")]
            lines.append(f"03/01 10:16:00 - mmengine - INFO - Epoch(train) [{r['epoch']}][{i:>3}/{n_iter}]  "
                         f"lr: {r['lr']:.4e}  eta: 0:10:00  time: {r['time']:.4f}  data_time: {r['data_time']:.4f}  "
                         f"memory: {r.get('memory', 0)}  " + "  ".join(f"{k}: {r[k]:.4f}" for k in keys))
        else:
            keys = [k for k in r if k not in ("step", "time", "data_time")]
            lines.append(f"03/01 10:20:00 - mmengine - INFO - Epoch(val) [{r['step']}][5/5]    "
                         + "  ".join(f"{k}: {r[k]:.4f}" for k in keys)
                         + f"  data_time: {r['data_time']:.4f}  time: {r['time']:.4f}")
    (d / f"{STAMP}.log").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return d


def test_mmengine_work_dir_is_one_run(tmp_path):
    _need(MM_SCALARS)
    d = _mmengine_workdir(tmp_path / "rtmdet", MM_SCALARS, log_from=MM_SCALARS)
    res = load_all(tmp_path, with_base=True)
    assert not res.failures
    (run,) = res.runs  # before: the printed log, vis_data/scalars.json and vis_data/<stamp>.json: three runs
    assert run.name == f"{tmp_path.name}/rtmdet/{STAMP}" and run.path == d
    assert sorted(s["format"] for s in run.meta["sources"]) == ["jsonl", "jsonl", "text-log"]
    # the structured records are read (the printed log holds the same points, rounded to 4 decimals)
    assert [Path(s["files"][0]).name for s in run.meta["sources"] if s["read"]] == ["scalars.json"]
    assert all(s["equal"] == s["shared_points"] > 100 for s in run.meta["sources"] if not s["read"])
    assert len(curvedoc.diagnose(tmp_path).runs) == 1
    w = curvedoc.Watcher(tmp_path)  # a watch reads the appended part of the records; its last word is the group
    w.poll()
    assert len(w.runs) == 1
    w.finish()


def test_mmengine_vis_data_alone_is_one_run(tmp_path):
    _need(MM_SCALARS)
    _mmengine_workdir(tmp_path, MM_SCALARS, twin=True)
    (tmp_path / STAMP / f"{STAMP}.log").unlink(missing_ok=True)
    (run,) = curvedoc.load(tmp_path)
    assert len(run.meta["sources"]) == 2


def test_mmengine_log_of_another_training_stays_apart(tmp_path):
    # the printed log of another training in the work dir of this one: its losses disagree -> its own run
    _need(MM_SCALARS, MM_OTHER)
    _mmengine_workdir(tmp_path, MM_SCALARS, log_from=MM_OTHER)
    runs = curvedoc.load(tmp_path)
    assert sorted(r.source for r in runs) == ["jsonl", "text-log"]
    grouped = [r for r in runs if "sources" in r.meta]
    assert len(grouped) == 1 and grouped[0].source == "jsonl"  # the two identical records files are one
    assert sorted(r.name for r in runs) == [STAMP, f"{STAMP}/{STAMP}.log"]  # never two runs of one name


def test_two_unrelated_logs_in_one_folder_stay_two(tmp_path):
    # no framework layout: two CSVs side by side are two runs even with identical values
    rows = "epoch,loss\n" + "".join(f"{e},{1 / (e + 1):.4f}\n" for e in range(20))
    (tmp_path / "a.csv").write_text(rows)
    (tmp_path / "b.csv").write_text(rows)
    assert len(curvedoc.load(tmp_path)) == 2
    assert not [s for s in discover(tmp_path).specs if s.extras.get("companions")]


# ------------------------------------------------------------------------------------------------ W&B
def test_wandb_run_named_by_its_folder_not_the_latest_run_link(tmp_path):
    src = REAL / "wandb_offline" / "nanogpt-5000it-healthy"
    _need(src)
    (run_dir,) = [p for p in src.iterdir() if p.is_dir()]
    wandb = tmp_path / "wandb"
    shutil.copytree(run_dir, wandb / run_dir.name)
    (wandb / "latest-run").symlink_to(run_dir.name)
    # W&B's debug logs beside the run folders (links into the latest run's logs/): its bookkeeping, not runs
    (wandb / run_dir.name / "logs").mkdir()
    for name in ("debug.log", "debug-internal.log"):
        (wandb / run_dir.name / "logs" / name).write_text(
            "2024-02-15 01:27:27,100 DEBUG   SenderThread:99 [sender.py:send():382] send: history step 10 loss\n")
        (wandb / name).symlink_to(f"{run_dir.name}/logs/{name}")
    res = load_all(tmp_path)
    assert [r.name for r in res.runs] == [f"wandb/{run_dir.name}"]
    assert [p.kind for p in res.problems] == ["duplicate-path"]


# ------------------------------------------------------------------------------------------------ object storage
def test_groups_are_read_the_same_from_object_storage(tmp_path):
    fsspec = pytest.importorskip("fsspec")
    _need(MM_SCALARS)
    _hf_output(tmp_path / "local")
    _mmengine_workdir(tmp_path / "local" / "rtmdet", MM_SCALARS, log_from=MM_SCALARS)
    fs = fsspec.filesystem("memory")
    name = f"/groups-{os.getpid()}"
    try:
        for p in (tmp_path / "local").rglob("*"):
            if p.is_file():
                fs.pipe(f"{name}/{p.relative_to(tmp_path / 'local').as_posix()}", p.read_bytes())
        local = load_all(tmp_path / "local")
        remote = load_all(f"memory:/{name}")
        assert not remote.failures
        assert sorted(r.name for r in remote.runs) == sorted(r.name for r in local.runs) == ["rtmdet/" + STAMP,
                                                                                              "t5-out"]
        assert all(str(r.path).startswith("memory://") and "sources" in r.meta for r in remote.runs)
    finally:
        if fs.exists(name):
            fs.rm(name, recursive=True)
