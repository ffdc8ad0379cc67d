"""Logs of shapes curvedoc found no run in (twenty-eighth round, 2027-01-03ci):

- a JSON object of whole trainings' histories keyed by their names ({"sp_metrics": {"train_losses": [..],
  "val_losses": [..], "learning_rates": [..], "best_epoch": 18}, "rp_metrics": {..}, "timestamp": ".."}: a script
  that trained two models and saved them together) was refused as 'a single JSON object of values (a summary or
  config)'. Each named history is a run of its own, named after its key, as a list of named histories is.
- (2027-01-04cj) Ludwig's training_statistics.json, grouped by split and then by output feature; (2027-01-05cl) an
  agent's per-episode records under a key beside its settings; (2027-01-06cm) a training's output pasted into a
  markdown page that is all its folder holds; counts whose printed percentage is rounded ('9882/10000 (99%)') read
  as the share they make.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import curvedoc


def _histories(names, n, *, extra_scalar=True):
    out = {}
    for j, name in enumerate(names):
        h = {"train_losses": list(0.33 * np.exp(-np.arange(n + j) / 8) + 0.08),
             "val_losses": list(0.30 * np.exp(-np.arange(n + j) / 10) + 0.1),
             "learning_rates": [1e-3] * (n + j)}
        if extra_scalar:
            h["best_epoch"] = n // 2
        out[name] = h
    out["timestamp"] = "2025-01-25T18:49:43.394341"
    return out


@pytest.mark.parametrize("names", [("sp_metrics", "rp_metrics"), ("lstm", "gru", "transformer")])
@pytest.mark.parametrize("n", [5, 29])
def test_histories_keyed_by_name_are_one_run_each(tmp_path, names, n):
    (tmp_path / "training_results.json").write_text(json.dumps(_histories(names, n)))
    runs = curvedoc.load(str(tmp_path))
    assert sorted(r.name.rsplit("#", 1)[-1] for r in runs) == sorted(names)
    for j, name in enumerate(names):
        (r,) = [r for r in runs if r.name.endswith("#" + name)]
        assert r.roles.get("train_loss") == "train_losses" and len(r.series("train_losses")) == n + j


def test_a_history_grouped_by_split_is_still_one_training(tmp_path):
    n = 12
    doc = {"train": {"loss": list(np.linspace(1, 0.2, n)), "acc": list(np.linspace(0.3, 0.9, n))},
           "val": {"loss": list(np.linspace(1.1, 0.3, n)), "acc": list(np.linspace(0.3, 0.85, n))}}
    (tmp_path / "history.json").write_text(json.dumps(doc))
    runs = curvedoc.load(str(tmp_path))
    assert len(runs) == 1 and {"train/loss", "val/loss"} <= set(runs[0].tags)


def test_a_summary_of_named_scalars_is_no_set_of_histories(tmp_path):
    doc = {"sp_metrics": {"best_epoch": 18, "best_val_loss": 0.09}, "rp_metrics": {"best_epoch": 16}}
    (tmp_path / "summary.json").write_text(json.dumps(doc))
    try:
        runs = curvedoc.load(str(tmp_path / "summary.json"))
    except Exception:
        runs = []
    assert not any(r.name.endswith(("#sp_metrics", "#rp_metrics")) for r in runs)


# --- Ludwig's training_statistics.json: a history grouped by split, then by output feature ---------------------------
# (2027-01-04cj ludwig_training_statistics/*: {"training": {"combined": {"loss": [..], "accuracy": [..]},
# "In5Mins": {"loss": [..], "accuracy": [..]}}, "validation": {..}, "test": {..}} -- refused as a single object of
# values; read, its per-output losses summed with the combined one as parts, its test accuracy taken for the
# validation accuracy)

def _ludwig(n: int, feature: str = "Consumption", splits=("training", "validation", "test")):
    rng = np.random.default_rng(0)
    out = {}
    for j, sp in enumerate(splits):
        loss = list(0.01 * np.exp(-np.arange(n) / 6) + 0.0002 * (1 + j) + rng.normal(0, 1e-5, n))
        out[sp] = {"combined": {"loss": loss, "accuracy": [0.0] * n},
                   feature: {"loss": loss, "mean_absolute_error": list(np.sqrt(loss)), "r2": list(-0.3 - 0.1 * j
                                                                                                   + np.zeros(n))}}
    return out


@pytest.mark.parametrize("n", [7, 35])
@pytest.mark.parametrize("train_word", ["training", "train"])
def test_a_ludwig_history_is_one_training_read_by_split_and_output(tmp_path, n, train_word):
    (tmp_path / "training_statistics.json").write_text(json.dumps(_ludwig(n, splits=(train_word, "validation",
                                                                                       "test"))))
    (run,) = curvedoc.load(str(tmp_path))
    assert run.roles["train_loss"] == f"{train_word}/combined/loss"  # the combined loss is the total, not a part
    assert run.roles["val_loss"] == "validation/combined/loss"
    assert run.roles.get("val_acc") in (None, "validation/combined/accuracy")  # validation's, not test's
    kinds = {m.tag: m.kind for m in run.metrics}
    assert kinds["validation/Consumption/mean_absolute_error"] == "mae"  # a regression error, not an error rate


# --- an agent's per-episode records under a key beside its settings ------------------------------------------------
# (2027-01-05cl joeyyu23-dqn-fruitmerger: {"config": {..}, "training": [{"episode": 0, "score": 102, "reward": -966.0,
# "mean_loss": 22090.1, "epsilon": 0.49}, ..], "validation": [..], "test": [..]}: discovery took no log in it -- its
# sniff knew records opened by an epoch, step, iteration or loss, not by an episode)

@pytest.mark.parametrize("n", [20, 501])
def test_per_episode_records_beside_settings_are_a_log(tmp_path, n):
    rng = np.random.default_rng(0)
    doc = {"config": {"seed": 42, "max_episodes": n, "learning_rate": 0.001},
           "training": [{"episode": e, "score": int(rng.integers(90, 130)), "reward": float(-950 + rng.normal(0, 20)),
                         "mean_loss": float(22000 * 0.99 ** e), "epsilon": 0.5 * 0.999 ** e} for e in range(n)],
           "validation": [{"episode": e, "mean_score": 150.0} for e in range(0, n, 25)]}
    (tmp_path / "training_metrics.json").write_text(json.dumps(doc, indent=2))
    runs = curvedoc.load(str(tmp_path))
    assert len(runs) == 1 and "reward" in runs[0].tags and len(runs[0].series("reward")) == n


# --- a training's output pasted into a markdown page --------------------------------------------------------------
# (2027-01-06cm: nine runs whose only copy is a markdown write-up -- 'summary.md', 'stats.md', a blog post, a README's
# training section -- each a folder holding that page alone: 'no training log found')

def _md_log(n: int) -> str:
    lines = ["# Experiment 6", "", "Training output:", "", "```"]
    lines += [f"Epoch {e}/{n} - loss: {2.3 * 0.9 ** e:.4f} - val_loss: {2.4 * 0.92 ** e:.4f}" for e in range(1, n + 1)]
    return "\n".join(lines + ["```", "", "The model converged."]) + "\n"


@pytest.mark.parametrize("name", ["summary.md", "README.md", "2022-12-20-post.markdown"])
def test_a_markdown_page_that_is_all_a_folder_holds_is_read_as_a_log(tmp_path, name):
    (tmp_path / name).write_text(_md_log(12))
    runs = curvedoc.load(str(tmp_path))
    assert len(runs) == 1 and len(runs[0].series("loss")) == 12


def test_a_readme_beside_a_log_is_documentation(tmp_path):
    (tmp_path / "README.md").write_text(_md_log(12))
    rows = ["epoch,loss,val_loss"] + [f"{e},{2.0 * 0.9 ** e:.4f},{2.1 * 0.9 ** e:.4f}" for e in range(30)]
    (tmp_path / "metrics.csv").write_text("\n".join(rows) + "\n")
    runs = curvedoc.load(str(tmp_path))
    assert len(runs) == 1 and len(runs[0].series("loss")) == 30


def test_a_markdown_page_of_prose_is_no_log(tmp_path):
    (tmp_path / "README.md").write_text("# My project\n\nInstall with pip. See docs/ for the API.\n")
    try:
        runs = curvedoc.load(str(tmp_path))
    except Exception:
        runs = []
    assert runs == []


# --- counts whose percentage is rounded --------------------------------------------------------------------------
# (2027-01-06cm nitinranjansharma-eva5-s4: the PyTorch MNIST example's 'Accuracy: 9882/10000 (99%)' read as 99 at
# each of 14 epochs -- 9882 to 9946 right -- so 'the same number at every evaluation': a collapsed predictor, an
# error on a healthy run. The counts make the share; the printed percentage rounds it.)

def test_counts_are_read_as_the_share_they_make_not_its_rounding(tmp_path):
    lines = []
    for e in range(1, 15):
        lines += [f"Train Epoch: {e} [59904/60000 (100%)]\tLoss: {0.02 / e:.6f}", "",
                  f"Test set: Average loss: {0.04 / e ** 0.3:.4f}, Accuracy: {9882 + 4 * e}/10000 (99%)", ""]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    (run,) = curvedoc.load(str(tmp_path))
    acc = next(t for t in run.tags if t.endswith("Accuracy"))
    assert list(run.series(acc).to_numpy()[:3]) == [98.86, 98.9, 98.94]


def test_a_percentage_the_counts_do_not_make_is_kept(tmp_path):
    lines = [f"epoch {e} loss: {1 / e:.3f} matched: {e}/0 (50%)" for e in range(1, 8)]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    (run,) = curvedoc.load(str(tmp_path))
    tag = next((t for t in run.tags if "matched" in t), None)
    assert tag is None or set(run.series(tag).to_numpy()) == {50.0}
