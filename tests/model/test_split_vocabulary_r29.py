"""One vocabulary of split words (issue 35, twenty-ninth round; the house issue's 'one vocabulary').

The words that say which data a series measures lived in three lists that disagreed: the role vocabulary
(rules/roles.toml [tokens]) knew the short forms 'va', 'te', 'tr', 'trn'; the metric table ([metrics] val_split /
train_split) did not, so 'va_acc' was a TRAINING accuracy and 'trn_mse' named no split; the split a loss tag names
(model.roles.split_word) knew neither. New users name their held-out set for what it is used for -- 'hold_loss',
'hold-acc' (the hold-out set written short), 'check_loss', 'check-mae' (the set the training is checked on) -- and
the training split by the verb that trains on it ('fit_mse', 'fit/objective'); 'check_loss' was read as a second
TRAINING loss and summed with 'fit-loss' into a 'total'. Now [tokens] val / train is the one list: the metric table
extends it with its namespaces, split_word reads its test words and its validation words from it.

With it, the loss a log names only by its split or as a split's objective:
- 'train_objective' that never moved (an optimizer built on another model's parameters: 1.3847 at every epoch) is
  the loss all the same -- a series named the objective need not fall, only not rise past where it began (its first
  reading: 1.35 then 0.65 flat);
- 'valid_objective' fills the held-out role beside a named 'batch_loss' (a role a name fills keeps it; the others
  are still filled), and a bare 'hold' that falls beside 'trn loss' is that split's loss;
- 'train_err' / 'check_err' beside an R² are a regression's errors, the loss where none is named;
- a glued 'vloss' / 'vacc' is 'v_loss' / 'v_acc'.
Seen in 2026-12-23nu27, 2026-12-25nu29, 2026-12-30nu34, 2026-12-31nu35, 2027-01-01nu36, 2027-01-02nu37,
2027-01-04nu39, 2027-01-05nu40, 2027-01-07nu42 (65 held-out losses unread over the new-user batches).
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import run_detector

from curvedoc._resources import load_toml
from curvedoc.detectors import loss_kind
from curvedoc.importers import load
from curvedoc.model.metrics import classify, tokens
from curvedoc.model.roles import infer_role, split_word

_WORDS = load_toml("roles.toml")["tokens"]
# the one-letter and two-letter short forms are split words only before a measure in a name ('va_acc'); alone they
# are judged by _split_named_loss; 'predict' names a prediction run
_HELD = [w for w in _WORDS["val"]]
_TRAIN = [w for w in _WORDS["train"]]


@pytest.mark.parametrize("word", _HELD)
def test_every_held_out_word_reads_as_held_out_in_every_reading(word):
    c = classify(f"{word}_acc")
    assert c is not None and c[2] == "val", (word, c)
    assert infer_role(f"{word}_loss") == ("val_loss", 0), (word, infer_role(f"{word}_loss"))
    assert split_word(f"{word}_loss") != "train"


@pytest.mark.parametrize("word", _TRAIN)
def test_every_training_word_reads_as_training_in_every_reading(word):
    c = classify(f"{word}_acc")
    assert c is not None and c[2] == "train", (word, c)
    assert infer_role(f"{word}_loss") == ("train_loss", 0), (word, infer_role(f"{word}_loss"))
    assert split_word(f"{word}_loss") == "train"


@pytest.mark.parametrize("tag,split", [("te_loss", "test"), ("tst_loss", "test"), ("testing_loss", "test"),
                                       ("hold_loss", "val"), ("check_loss", "val"), ("va_loss", "val")])
def test_a_test_word_names_a_test_set(tag, split):
    assert split_word(tag) == split


@pytest.mark.parametrize("tag,words,role", [("vloss", ["v", "loss"], "val_loss"), ("vacc", ["v", "acc"], "val_acc"),
                                            ("checkacc", ["check", "acc"], "val_acc"),
                                            ("trnloss", ["trn", "loss"], "train_loss")])
def test_a_split_glued_to_its_measure_is_the_two_words(tag, words, role):
    assert tokens(tag) == words
    assert infer_role(tag)[0] == role


@pytest.mark.parametrize("tag", ["checkpoint_loss", "threshold", "holder_acc", "vscore"])
def test_words_that_only_contain_a_split_word_are_not_split_words(tag):
    assert split_word(tag) == "train"


def _csv(tmp_path, header: list[str], cols: list[np.ndarray], name: str = "log.csv"):
    rows = [",".join(header)] + [",".join(f"{c[i]:.6g}" for c in cols) for i in range(len(cols[0]))]
    p = tmp_path / name
    p.write_text("\n".join(rows) + "\n")
    return next(iter(load(str(p))))


@pytest.mark.parametrize("n", [8, 20, 60])
@pytest.mark.parametrize("train,held", [("fit_mse", "holdout_mse"), ("trn_mse", "val_mse"), ("fit_mse", "check_mse"),
                                        ("trn_mse", "hold_mse")])
def test_a_regression_error_under_any_split_word_stands_for_the_loss(tmp_path, n, train, held):
    e = np.arange(n, dtype=float)
    run = _csv(tmp_path, ["epoch", train, held], [e, 1.0 / (1 + e) + 0.05, 1.2 / (1 + e) + 0.08])
    assert run.roles.get("train_loss") == train and run.roles.get("val_loss") == held, run.roles


@pytest.mark.parametrize("n", [10, 25])
def test_a_frozen_objective_is_the_loss_all_the_same(tmp_path, n):
    e = np.arange(1, n + 1, dtype=float)
    flat = np.full(n, 1.3847)
    run = _csv(tmp_path, ["epoch", "train_objective", "heldout_objective", "acc"],
               [e, flat, flat - 0.0002, np.full(n, 0.288)])
    assert run.roles.get("train_loss") == "train_objective" and run.roles.get("val_loss") == "heldout_objective"
    hits = run_detector("plateau-at-chance", run)
    assert hits, "a loss at log 4 from the first epoch to the last, accuracy 0.288: at chance"


def test_an_objective_that_fell_at_its_first_step_and_sat_is_the_loss(tmp_path):
    n = 25
    e = np.arange(n, dtype=float)
    fit = 0.645 + 0.01 * e / n  # flat after its first step, creeping up by a point and a half: no fall fifth to fifth
    fit[0] = 1.35
    run = _csv(tmp_path, ["step", "fit/objective", "holdout/objective"], [e, fit, fit - 0.01])
    assert run.roles.get("train_loss") == "fit/objective" and run.roles.get("val_loss") == "holdout/objective"


def test_a_rising_objective_is_not_a_loss(tmp_path):
    n = 20
    e = np.arange(n, dtype=float)
    run = _csv(tmp_path, ["step", "train_objective", "valid_objective"], [e, 0.2 + 0.03 * e, 0.25 + 0.03 * e])
    assert "train_loss" not in run.roles and "val_loss" not in run.roles, run.roles


def test_a_held_out_objective_beside_a_named_training_loss_takes_the_held_out_role(tmp_path):
    n = 20
    e = np.arange(n, dtype=float)
    run = _csv(tmp_path, ["epoch", "batch_loss", "train_objective", "valid_objective"],
               [e, 1.1 / (1 + 0.3 * e), 1.0 / (1 + 0.3 * e), 1.05 / (1 + 0.25 * e)])
    assert run.roles.get("val_loss") == "valid_objective", run.roles


@pytest.mark.parametrize("falls", [True, False])
def test_a_bare_held_out_split_beside_a_named_loss_is_its_loss_when_it_falls(tmp_path, falls):
    n = 20
    e = np.arange(n, dtype=float)
    hold = 1.2 / (1 + 0.2 * e) if falls else 0.4 + 0.02 * e  # a falling loss, or an accuracy that rises
    run = _csv(tmp_path, ["epoch", "trn loss", "hold"], [e, 1.1 / (1 + 0.2 * e), hold])
    assert (run.roles.get("val_loss") == "hold") is falls, run.roles


def test_an_error_beside_an_r2_is_the_regression_loss(tmp_path):
    n = 30
    e = np.arange(n, dtype=float)
    run = _csv(tmp_path, ["cycle", "train_err", "check_err", "r2"],
               [e, 0.9 / (1 + 0.3 * e) + 0.02, 1.0 / (1 + 0.3 * e) + 0.03, 1 - 1.0 / (1 + 0.3 * e)])
    assert run.roles.get("train_loss") == "train_err" and run.roles.get("val_loss") == "check_err", run.roles


def test_a_held_out_loss_is_never_summed_with_the_training_loss(tmp_path):
    n = 20
    e = np.arange(n, dtype=float)
    run = _csv(tmp_path, ["round", "fit-loss", "check-loss", "check-mae"],
               [e, 1.0 / (1 + e), 1.1 / (1 + e), 0.8 / (1 + e)])
    assert run.roles.get("train_loss") == "fit-loss" and run.roles.get("val_loss") == "check-loss", run.roles


def test_a_held_out_loss_and_a_running_loss_are_no_sum_of_parts(tmp_path):
    n = 15
    e = np.arange(n, dtype=float)
    run = _csv(tmp_path, ["epoch", "tr_loss", "va_loss", "running loss"],
               [e, 1.07 - 0.005 * e, 1.056 - 0.005 * e, 1.066 - 0.005 * e])
    assert run.roles.get("val_loss") == "va_loss"
    assert loss_kind(run).get("kind") != "a sum of several losses", loss_kind(run)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_held_out_r2_at_zero_beside_a_fitted_training_loss_is_no_underfitting(tmp_path, seed):
    # validation inputs left unscaled: the training MSE falls 60x, the held-out R² sits at -1e4
    rng = np.random.default_rng(seed)
    n = 30
    e = np.arange(1, n + 1, dtype=float)
    tr = 0.5 / e ** 1.2 + 0.008 + rng.normal(0, 0.0005, n)
    va = 1e4 * (1 + 0.3 * rng.standard_normal(n))
    run = _csv(tmp_path, ["epoch", "train_loss", "val_loss", "val_r2"], [e, tr, va, 1 - va])
    hits = run_detector("underfitting", run)
    assert not hits, [h.message for h in hits]
