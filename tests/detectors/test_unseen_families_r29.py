"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-ninth round
(lock-box batches 2027-01-08co and 2027-01-09nu44, read once before these changes).

- A W&B chart export of six trainings' training accuracy: each climbs from ~1/K to 1.0, written as float32 means,
  one of them 1.0000000149. A maximum above 1 made the whole curve a percentage (divided by 100): 0.0001-0.01, 'at
  chance for K=100 from step 0 to the end' -- an error on a healthy run. A share past 1 by a few parts in 10^8 is a
  fraction that reached 1 (float32 rounding); past 1 by more than 1e-6 is a percentage. One function
  (model.metrics.rate_scale) now says so for the metric table, the accuracy role, the baseline comparison and the
  plots. Seen in 2027-01-08co neural_collapse_curve (healthy).
- An LR stepped per batch by a linear-to-zero schedule sized in epochs: 0.00072 (a full-precision float) after the
  first epoch, exactly 0 from the second. Two distinct values are always 'a grid' of their own gap, so the rule read
  them as an LR printed to a fixed number of decimals (where 0.0000 may hide half the peak) and saw no floor. A fixed
  number of decimals prints on a grid of a power of ten; a gap that is no power of ten is no print resolution.
  Seen in 2027-01-09nu44 longrun-gru-lr-schedule-per-batch (labelled schedule_ended_early).
- A Keras history whose every second epoch reads loss 0.0 and accuracy 0.0 and repeats the validation scores:
  steps_per_epoch past what the dataset yields, 'Your input ran out of data'. A loss cannot fall to exactly zero and
  come back at once: those readings are means over no batches -- damaged-log, the input first. Seen in 2027-01-08co
  pneumonia_cnn (labelled damaged_log).
- A JSON object holding the training records and the validation records in lists of their own ({"train": [...],
  "val": [...]}): the longest list was read and the other dropped without a word (the held-out dice, the score the
  run is about, lost; the training 'dice' -- a dice loss -- read as the held-out one). Lists named by splits are
  one log on their common epoch or step, each value named by its split; lists that are not split-named are still
  read one (the longest), the others named in a warning. Seen in 2027-01-08co brainseg_metrics_history (healthy).
- An HF fine-tune whose warmup (2,000 steps) is longer than the whole run (150 of 150 max_steps): the LR still rising
  at the end was told as information, as for a run cut short inside its warmup. A run that reached the length it
  states and whose LR was still warming was set up wrong: the model never trained at the LR it was configured for
  (a warning, the scheduler first). Seen in 2027-01-09nu44 longrun-convbert-warmup-longer-than-run.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from _helpers import make_run, run_detector

import curvedoc
from curvedoc.detectors._progress import accuracy
from curvedoc.importers import load
from curvedoc.model.metrics import rate_scale


# --- float32 fractions that reach 1 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("k", [10, 100, 200])
@pytest.mark.parametrize("n", [20, 200])
def test_a_float32_accuracy_that_reached_one_is_a_fraction(k, n):
    x = np.arange(n, dtype=float)
    acc = (1.0 / k + (1.0 - 1.0 / k) / (1.0 + np.exp(-(x - 0.5 * n) / (0.08 * n)))).astype(np.float32).astype(float)
    acc[-n // 10:] = 1.0000000149011612  # float32 rounding of an averaged 1.0
    run = make_run(steps=x.astype(int), train_acc=acc)
    a = accuracy(run, "train_acc")
    assert float(a.max()) > 0.99, "read as a percentage"
    assert not run_detector("plateau-at-chance", run)


@pytest.mark.parametrize("hi,scale", [(1.0, 1.0), (1.0000000149, 1.0), (1.0000009, 1.0), (1.2, 100.0), (97.0, 100.0)])
def test_the_rate_scale(hi, scale):
    assert rate_scale(hi) == scale


# --- an LR at a full-precision value, then exactly 0 -----------------------------------------------------------------

@pytest.mark.parametrize("n", [10, 25, 60])
@pytest.mark.parametrize("first", [0.00072, 0.0031415, 7.2e-4 * 0.999])
def test_an_lr_stepped_to_zero_after_its_first_epoch_ended_the_schedule(n, first):
    x = np.arange(1, n + 1)
    lr = np.zeros(n)
    lr[0] = first
    loss = np.full(n, 0.3934)
    loss[0] = 0.4538
    run = make_run(steps=x, train_loss=loss, lr=lr)
    hits = run_detector("schedule-ended-early", run)
    assert hits and hits[0].severity != "info", [h.message for h in hits]


@pytest.mark.parametrize("peak", ["0.0001", "0.0002"])
def test_an_lr_printed_to_four_decimals_hides_its_floor(peak):
    # 0.0000 beside 0.0001 is any LR below 5e-5: half the peak as well as nothing -- no floor is shown
    x = np.arange(1, 21)
    lr = np.array([float(peak)] * 3 + [0.0] * 17)
    run = make_run(steps=x, train_loss=np.linspace(1.0, 0.5, 20), lr=lr)
    assert not run_detector("schedule-ended-early", run)


# --- epochs with no batches -----------------------------------------------------------------------------------------

def _history(tmp_path, loss, val_loss):
    acc = [0.0 if v == 0.0 else 0.8 + 0.01 * i for i, v in enumerate(loss)]
    doc = {"accuracy": acc, "loss": list(loss), "val_accuracy": [0.7] * len(loss), "val_loss": list(val_loss)}
    p = tmp_path / "history.json"
    p.write_text(json.dumps(doc))
    return p


@pytest.mark.parametrize("epochs", [5, 8, 20])
def test_a_loss_at_exactly_zero_every_second_epoch_is_epochs_with_no_batches(tmp_path, epochs):
    real = list(0.42 * np.exp(-np.arange(epochs) / 4.0) + 0.2)
    loss = [v for r in real for v in (r, 0.0)]
    val = [v for r in real for v in (r * 1.5, r * 1.5)]
    rep = curvedoc.diagnose(str(_history(tmp_path, loss, val)))
    (f,) = [f for f in rep.runs[0].findings if f.name == "damaged-log"]
    assert f.severity == "warning" and f.evidence["mode"] == "empty-epochs", f.message


@pytest.mark.parametrize("case", ["converged-to-zero", "one-zero"])
def test_zeros_that_are_a_loss_near_zero_or_a_single_reading_are_no_empty_epochs(tmp_path, case):
    if case == "converged-to-zero":  # a loss printed to 4 decimals that came down to 0.0000
        loss = list(np.round(0.5 * np.exp(-np.arange(30) / 3.0), 4))
        loss[-5:] = [0.0, 0.0001, 0.0, 0.0001, 0.0]
    else:
        loss = list(0.5 * np.exp(-np.arange(30) / 10.0) + 0.1)
        loss[12] = 0.0
    run = load(str(_history(tmp_path, loss, [v * 1.2 + 0.01 for v in loss])))[0]
    hits = [h for h in run_detector("damaged-log", run) if h.evidence.get("mode") == "empty-epochs"]
    assert not hits, [h.message for h in hits]


# --- record lists kept apart by split ---------------------------------------------------------------------------------

def _split_lists(tmp_path, names=("train", "val"), epochs=60, every=5):
    train = [{"epoch": float(e), "global_step": 29.0 * e, "loss": 1.7 * np.exp(-e / 20) + 1.1,
              "dice": 0.98 * np.exp(-e / 30) + 0.2, "lr": 5e-5} for e in range(1, epochs + 1)]
    val = [{"epoch": float(e), "dice": 0.75 * (1 - np.exp(-e / 15))} for e in range(every, epochs + 1, every)]
    p = tmp_path / "metrics_history.json"
    p.write_text(json.dumps({names[0]: train, names[1]: val}))
    return p


@pytest.mark.parametrize("names", [("train", "val"), ("training", "validation"), ("train", "test")])
def test_record_lists_kept_apart_by_split_are_one_log(tmp_path, names):
    run = load(str(_split_lists(tmp_path, names)))[0]
    counts = run.tag_counts()
    assert counts.get(f"{names[1]}/dice") == 12 and counts.get(f"{names[0]}/dice") == 60, counts
    assert run.roles.get("train_loss") == f"{names[0]}/loss"
    assert not [h for h in run_detector("overfitting", run)]


def test_record_lists_not_named_by_split_say_what_was_not_read(tmp_path):
    run = load(str(_split_lists(tmp_path, ("records", "summaries"))))[0]
    kinds = {i.kind for i in run.issues}
    assert "other-record-lists" in kinds, kinds


# --- a warmup longer than the run -----------------------------------------------------------------------------------

def _warming_run(reached: int, planned: int):
    steps = np.arange(10, reached + 1, 10)
    lr = 5e-4 * steps / 2000.0
    rng = np.random.default_rng(0)
    loss = 0.55 + 0.02 * rng.standard_normal(len(steps))
    return make_run(steps=steps, train_loss=loss, lr=lr, meta={"max_steps": planned, "global_step": reached})


@pytest.mark.parametrize("planned", [60, 150, 400])
def test_a_warmup_longer_than_a_finished_run_is_a_warning(planned):
    hits = run_detector("unfinished-schedule", _warming_run(planned, planned))
    assert hits and hits[0].severity == "warning" and hits[0].evidence["mode"] == "warmup-longer-than-run"
    assert hits[0].causes[0] == "scheduler-misaligned"


def test_a_run_cut_short_inside_its_warmup_stays_information():
    hits = run_detector("unfinished-schedule", _warming_run(150, 3000))
    assert hits and hits[0].severity is None and "warmup-longer-than-run" not in str(hits[0].evidence)


@pytest.mark.parametrize("n", [12, 30])
def test_a_loss_lower_after_the_lr_hit_zero_is_the_first_epoch_mean_lagging(n):
    # epoch means: the first taken while the LR still trained (0.67), the rest after it was 0 (0.28 flat): at an LR
    # of exactly 0 nothing trains, so the 'fall at the floor' is the first reading's lag, not a floor that trains
    x = np.arange(1, n + 1)
    lr = np.zeros(n)
    lr[0] = 0.0011
    loss = np.full(n, 0.2803)
    loss[0] = 0.6697
    hits = run_detector("schedule-ended-early", make_run(steps=x, train_loss=loss, lr=lr))
    assert hits and hits[0].severity is None, [(h.severity, h.message) for h in hits]
