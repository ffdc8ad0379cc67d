"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), nineteenth round.

- A metric broken down by class is a part of the aggregate logged beside it, not another eval set. A detector's
  results table logs mAP and, per class, 'metrics/<class>_mAP': one class's score swings by the few examples it
  holds and falls whenever the model trades it for another, while the aggregate -- the model's quality -- holds.
  Metric-regression judges the aggregate; a metric named with every word of the lead's name and more, on the same
  split and of the same kind, is its breakdown. Numbers (IoU thresholds, indices) and split words narrow no
  population: 'mAP_0.5' beside 'mAP_0.5:0.95' and 'test/acc' beside 'val/acc' are still judged.
- A plan is named by its unit and a word saying it is the whole (in either order: 'epochs_planned', 'TotalEpochs',
  'target_steps'), not only by the spellings a list holds; a name with another word is another setting
  ('warmup_epochs', 'patience_epochs', 'steps_per_epoch').
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run

from curvedoc.engine import diagnose


def _names(run, select=None) -> dict[str, str]:
    rep = diagnose(run, select=select)
    return {f.name: f.severity for rr in rep.runs for f in rr.findings}


# --------------------------------------------------------------------- per-class breakdowns
def _detector_table(n, seed, *, agg_falls=False, classes=("banana", "milk", "eggs"), fall_class="milk",
                    namespace="metrics/", suffix="_mAP"):
    """A detector's per-epoch table: box loss falling, the aggregate mAP rising to a plateau (or falling back by 15
    points after its best when ``agg_falls``), per-class mAPs around it, one class peaking mid-run and ending 15
    points lower."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    agg = 0.7 * (1 - np.exp(-t / (0.15 * n))) + 0.01 * rng.standard_normal(n)
    if agg_falls:
        agg = agg - 0.15 * np.clip((t - 0.5 * n) / (0.3 * n), 0, 1)
    tags = {"train/box_loss": 0.1 * np.exp(-t / (0.3 * n)) + 0.02 + 0.001 * rng.standard_normal(n),
            "val/box_loss": 0.05 * np.exp(-t / (0.3 * n)) + 0.02 + 0.001 * rng.standard_normal(n),
            f"{namespace}mAP_0.5": np.clip(agg + 0.2, 0, 1), f"{namespace}mAP_0.5:0.95": np.clip(agg, 0, 1)}
    for c in classes:
        v = agg + 0.03 * rng.standard_normal(n)
        if c == fall_class:
            v = v + 0.2 * np.exp(-0.5 * ((t - 0.45 * n) / (0.08 * n)) ** 2) - 0.15 * (t > 0.55 * n)
        tags[f"{namespace}{c}{suffix}"] = np.clip(v, 0, 1)
    return make_run("yolo", **tags)


@pytest.mark.parametrize("n", [40, 100, 300])
@pytest.mark.parametrize("seed", range(3))
def test_one_class_falling_while_the_aggregate_holds_is_no_regression(n, seed):
    assert "metric-regression" not in _names(_detector_table(n, seed), select=["M001"])


@pytest.mark.parametrize("suffix", ["_mAP", "_mAP_50", "_AP"])
def test_class_breakdowns_in_other_spellings_are_parts(suffix):
    assert "metric-regression" not in _names(_detector_table(100, 0, suffix=suffix), select=["M001"])


@pytest.mark.parametrize("n", [40, 100, 300])
def test_the_aggregate_falling_is_still_found(n):
    # guard: the breakdowns are left out, the aggregate is judged as before
    assert "metric-regression" in _names(_detector_table(n, 0, agg_falls=True), select=["M001"])


def _two_sets(n, seed, a, b, *, falls):
    """Two held-out accuracies; ``falls`` ('a'/'b') peaks mid-run and ends 20 points lower, the other rises."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    up = 0.5 + 0.4 * (1 - np.exp(-t / (0.15 * n)))
    peak = up + 0.25 * np.exp(-0.5 * ((t - 0.4 * n) / (0.1 * n)) ** 2) - 0.2 * (t > 0.5 * n)
    va = (peak if falls == "a" else up) + 0.005 * rng.standard_normal(n)
    vb = (peak if falls == "b" else up) + 0.005 * rng.standard_normal(n)
    loss = 2.0 * np.exp(-t / (0.3 * n)) + 0.2
    return make_run("sets", train_loss=loss, **{a: np.clip(va, 0, 1), b: np.clip(vb, 0, 1)})


@pytest.mark.parametrize("a,b", [("val/acc", "test/acc"), ("eval_mnli_accuracy", "eval_qnli_accuracy"),
                                 ("val_acc/dataloader_idx_0", "val_acc/dataloader_idx_1")])
@pytest.mark.parametrize("falls", ["a", "b"])
def test_other_eval_sets_are_still_judged(a, b, falls):
    # guard: eval sets named by split words, by their dataset's name (no aggregate beside them) or by an index are
    # not breakdowns: a fall on either is found, before and after
    assert "metric-regression" in _names(_two_sets(100, 0, a, b, falls=falls), select=["M001"])


def test_a_per_group_accuracy_beside_the_aggregate_is_a_part():
    # 'eval_g3_accuracy' beside 'eval_accuracy': one group of the same held-out examples
    run = _two_sets(100, 0, "eval_accuracy", "eval_g3_accuracy", falls="b")
    assert "metric-regression" not in _names(run, select=["M001"])


# --------------------------------------------------------------------- plans named by their words
def _stopped_early(plan_col, planned=80, done=7, extra=None):
    """A table stopped by its user after ``done`` of ``planned`` epochs, the plan written in every row."""
    t = np.arange(1, done + 1)
    tags = {"train_loss": 1.0 / t + 0.25, "val_loss": 0.4 / t + 0.27, "val_acc": 0.95 - 0.05 / t,
            "epoch": t.astype(float), "lr": 0.05 * (0.5 + 0.5 * np.cos(np.pi * (t - 1) / planned))}
    if plan_col:
        tags[plan_col] = np.full(done, float(planned))
    tags.update(extra or {})
    return make_run("table", steps=t - 1, **tags)


@pytest.mark.parametrize("col", ["epochs_planned", "planned_epochs", "TotalEpochs", "target_epochs", "epochs_total"])
def test_a_plan_column_named_by_its_words_is_the_plan(col):
    assert "unfinished-schedule" in _names(_stopped_early(col), select=["S002"])


@pytest.mark.parametrize("col", ["warmup_epochs", "patience_epochs", "eval_every_epochs"])
def test_a_column_naming_another_epoch_setting_is_no_plan(col):
    # guard: 80 in a column named for warm-up or patience says nothing about when the run ends
    assert "unfinished-schedule" not in _names(_stopped_early(col), select=["S002"])


@pytest.mark.parametrize("key", ["epochs_planned", "TotalEpochs", "training_epochs"])
def test_a_plan_hyperparameter_named_by_its_words_is_the_plan(key):
    run = _stopped_early(None)
    run = make_run("table", steps=np.arange(7), hparams={key: 80},
                   **{t: (run.series(t).index.to_numpy(), run.series(t).to_numpy()) for t in run.tags})
    assert "unfinished-schedule" in _names(run, select=["S002"])
