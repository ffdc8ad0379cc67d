"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-first round.

- A validation loss that is exactly 0 at every one of five or more evaluations, from the first on, was never
  measured (a validation loop over an empty loader logs its accumulator's starting value): constant-loss, whatever
  the training loss does beside it.
- A binary classifier whose held-out recall is 1 and whose held-out precision equals its accuracy predicted the
  positive class for every example (an identity: TN or FP is 0, and FP = 0 with recall 1 is a perfect score): its
  accuracy is the positive share, and the model is at chance whatever that share is -- below 1/2 for a minority
  positive class, where no 1/K and no majority share reads it.
- A cross-entropy that exploded (a reading at 10x log K) and was kept at twice log K or more for most of the run,
  beside a held-out accuracy at 1/K, was made worse than a uniform guess and kept there by steps too large for the
  model: divergence, beside plateau-at-chance. One that sat a few times log K from its first reading without such a
  peak (raw inputs saturating a softmax) is not read so.
- A gap between validation and training loss that is there at the first evaluation is an evaluation bug's sign only
  when the log saw the run's start: a log that opens at epoch 31 of a resumed run shows what 30 unseen epochs of
  fitting left (information, not a warning).
- A training loss that rises and stays up while every held-out score goes on to new bests did not diverge: what it
  measures changed (a domain-adversarial term switched on at epoch 5 holds the loss at ln 2): information.
- A held-out loss that fits to near 0 scatters by several nats in log space (1e-5 .. 4e-3) while nothing happens in
  loss units: those wiggles are no spike episodes and no second level, and a reading far above the untrained model's
  own loss, big_ratio^2 above both neighbours, is a spike whatever that log scatter (a two-epoch blow-up to 42).
- A planned number of epochs in the settings beside no epoch counter is compared with the step axis: an epoch takes
  a step at least, so a run whose every series ends by step E < planned (E + 1 from step 0) stopped early.
- An LR cut to its floor after the validation loss had settled (its best two evaluations or more before the LR left
  its peak, none better during the decay beyond 1% or its noise) ended no learning: the run had converged, and the
  time at the floor is a missing early stop -- information, whether the cuts came at even intervals or not.
- A held-out accuracy that repeats one number at 80% of its evaluations or more, beside a loss at log K (a uniform
  guess's), is a constant predictor on an unbalanced set: at chance, the repeated number the majority share.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run

from curvedoc.engine import diagnose


def _found(run, select=None) -> dict[str, str]:
    rep = diagnose(run, select=select)
    return {f.name: f.severity for rr in rep.runs for f in rr.findings}


# --------------------------------------------------------------------- a validation loss never measured
def _zero_validation(n, seed, *, kind="ce", every=1, zeros="all", noise=0.05):
    """A training loss of ``kind`` that learns over ``n`` epochs (per-epoch means with ``noise`` relative scatter),
    and a validation loss evaluated every ``every`` epochs that is exactly 0 (``zeros="all"``), 0 at some
    evaluations only (``"some"``), or a tiny positive number (``"tiny"``: a model that fits its validation set)."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    start = {"ce": 2.3, "mse": 0.8, "bce": 0.69, "margin": 15.0}[kind]
    train = start * (0.1 + 0.9 * np.exp(-t / (0.25 * n))) * (1 + noise * rng.standard_normal(n))
    vs = t[::every]
    if zeros == "all":
        val = np.zeros(len(vs))
    elif zeros == "some":
        val = start * 0.2 * (1 + 0.1 * rng.standard_normal(len(vs)))
        val[1::3] = 0.0
    else:
        val = 1e-6 * (1 + rng.random(len(vs)))
    return make_run("zero-val", train_loss=train, val_loss=(vs, val))


@pytest.mark.parametrize("kind", ["ce", "mse", "bce", "margin"])
@pytest.mark.parametrize("n,every", [(5, 1), (16, 1), (60, 1), (200, 10), (40, 4)])
@pytest.mark.parametrize("noise", [0.02, 0.2])
def test_a_validation_loss_exactly_0_at_every_evaluation_was_never_measured(kind, n, every, noise):
    found = _found(_zero_validation(n, 0, kind=kind, every=every, noise=noise), select=["P002"])
    assert found.get("constant-loss") == "warning", found


@pytest.mark.parametrize("zeros", ["some", "tiny"])
@pytest.mark.parametrize("n", [16, 60])
def test_a_validation_loss_0_only_sometimes_or_tiny_is_not_never_measured(zeros, n):
    # guards: zeros at some evaluations only are placeholders or damage (other rules' business); a tiny positive
    # loss is a model fitting its validation set
    assert "constant-loss" not in _found(_zero_validation(n, 1, zeros=zeros), select=["P002"])


def test_a_validation_loss_of_0_at_too_few_evaluations_is_not_judged():
    assert "constant-loss" not in _found(_zero_validation(4, 2), select=["P002"])


# --------------------------------------------------------------------- one class predicted for every held-out example
def _binary_with_pr(n, seed, share, *, constant_from=0, fitted=True):
    """A binary Keras-style history over ``n`` epochs: training metrics that learn (to 1.0 when ``fitted``), and
    held-out accuracy/precision/recall of a model that predicts the positive class (``share`` of the evaluation set)
    for every example from epoch ``constant_from`` on, and learned before it (a model that moves)."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    top = 1.0 if fitted else 0.75
    acc = np.clip(0.6 + (top - 0.6) * (1 - np.exp(-t / (0.2 * n))) + 0.01 * rng.standard_normal(n), 0, 1)
    loss = 0.66 * np.exp(-t / (0.25 * n)) * (1.0 if fitted else 0.9) + (0.005 if fitted else 0.3)
    prec_t = np.clip(acc + 0.01 * rng.standard_normal(n), 0, 1)
    rec_t = np.clip(acc - 0.02 + 0.01 * rng.standard_normal(n), 0, 1)
    v_acc = np.clip(0.7 + 0.15 * (1 - np.exp(-t / (0.2 * n))) + 0.01 * rng.standard_normal(n), 0, 1)
    v_prec = np.clip(v_acc - 0.05 + 0.01 * rng.standard_normal(n), 0, 1)
    v_rec = np.clip(v_acc + 0.02 * rng.standard_normal(n), 0, 0.99)
    v_loss = 0.6 * np.exp(-t / (0.3 * n)) + 0.3
    c = t >= constant_from
    v_acc[c] = np.float32(share)
    v_prec[c] = np.float32(share)
    v_rec[c] = 1.0
    v_loss[c] = 0.77 + 4.5 * (t[c] - constant_from) / max(n - constant_from, 1) + 0.05 * rng.random(int(c.sum()))
    return make_run("one-class", loss=loss, accuracy=acc, precision=prec_t, recall=rec_t, val_loss=v_loss,
                    val_accuracy=v_acc, val_precision=v_prec, val_recall=v_rec)


@pytest.mark.parametrize("share", [0.08, 0.1468, 0.3, 0.45, 0.62])
@pytest.mark.parametrize("n", [6, 12, 40])
@pytest.mark.parametrize("fitted", [True, False])
def test_recall_1_with_precision_at_the_accuracy_is_a_constant_predictor_at_chance(share, n, fitted):
    found = _found(_binary_with_pr(n, 0, share, fitted=fitted), select=["P001"])
    assert found.get("plateau-at-chance") == "error", found


@pytest.mark.parametrize("n", [12, 40])
def test_a_model_that_predicts_one_class_only_early_on_is_not_at_chance(n):
    # guard: the identity at the first few evaluations only (a model that then learned) says nothing of the end
    run = _binary_with_pr(n, 1, 0.3, constant_from=n)  # never constant
    assert "plateau-at-chance" not in _found(run, select=["P001"])


def test_recall_1_with_a_precision_of_its_own_is_a_good_model():
    # guard: recall 1 at every evaluation with a precision that is not the accuracy is a model that misses no
    # positive and predicts some negatives right
    n = 20
    run = _binary_with_pr(n, 2, 0.3, constant_from=n)
    v_acc = np.linspace(0.8, 0.95, n)
    run2 = make_run("good", loss=np.linspace(0.6, 0.1, n), val_loss=np.linspace(0.6, 0.2, n), val_accuracy=v_acc,
                    val_precision=v_acc - 0.1, val_recall=np.ones(n))
    assert "plateau-at-chance" not in _found(run, select=["P001"])
    assert "plateau-at-chance" not in _found(run2, select=["P001"])


# --------------------------------------------------------------------- kept worse than a uniform guess
def _kept_above(n, seed, k, ratio, *, evals=10, learns=False, summed=False, stated=False, peak=True):
    """A K-way classifier whose per-step training loss sits at ``ratio`` x log K (log-normal scatter, a first
    reading at 12x log K or more: the explosion) for the whole run, with a held-out accuracy at 1/K (a sampling scatter of an evaluation
    set of 500) at ``evals`` evaluations. ``learns``: the loss falls from there and the accuracy rises (a loss
    summed over the batch when ``summed``: it starts at B x log K and falls as the model learns)."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    lk = np.log(k)
    if learns:
        start = (32 if summed else ratio) * lk
        loss = start * (0.05 + 0.95 * np.exp(-t / (0.3 * n))) * np.exp(0.1 * rng.standard_normal(n))
    else:
        loss = ratio * lk * np.exp(0.3 * rng.standard_normal(n))
        loss[0] = max(3 * ratio, 12.0) * lk if peak else ratio * lk  # the explosion's first reading
        if not peak:
            loss = np.minimum(loss, 1.5 * ratio * lk)
    es = np.linspace(n // evals, n - 1, evals).astype(int)
    sd = np.sqrt((1 / k) * (1 - 1 / k) / 500)
    acc = 1 / k + sd * rng.standard_normal(evals)
    if learns:
        acc = 1 / k + (0.9 - 1 / k) * (1 - np.exp(-es / (0.3 * n)))
    vloss = loss[es] * 0.9
    return make_run("kept-above", train_loss=loss, val_loss=(es, vloss), val_acc=(es, np.clip(acc, 0, 1)),
                    hparams={"num_classes": k} if stated else None)


@pytest.mark.parametrize("k,stated", [(2, True), (3, False), (8, False), (10, True), (100, False)])
@pytest.mark.parametrize("ratio", [2.5, 5.0, 40.0])
@pytest.mark.parametrize("n,evals", [(30, 6), (300, 15), (2000, 40)])
def test_a_cross_entropy_kept_above_twice_log_k_at_chance_diverged(k, stated, ratio, n, evals):
    run = _kept_above(n, 0, k, ratio, evals=evals, stated=stated)
    assert _found(run, select=["D001"]).get("divergence") == "error"
    rr = diagnose(run).runs[0]
    assert rr.status == "failing" and rr.top_causes[0]["id"] == "lr-too-high", [f.name for f in rr.findings]
    # (beside plateau-at-chance, when it reads the run at chance, that verdict comes first)
    names = [f.name for f in rr.findings]
    assert "plateau-at-chance" not in names or names[0] == "plateau-at-chance", names


@pytest.mark.parametrize("ratio", [2.5, 5.0])
def test_a_loss_a_few_times_log_k_from_the_start_without_an_explosion_is_not_divergence(ratio):
    # guard: raw, unnormalised inputs saturate a softmax at a few times log K from the first step
    assert "divergence" not in _found(_kept_above(300, 4, 8, ratio, evals=15, peak=False), select=["D001"])


def test_a_binary_accuracy_at_one_half_alone_names_no_k_for_kept_above():
    # guard: 0.5 is also a many-class learner at half (its loss above twice log 2); without a stated K, no reading
    assert "divergence" not in _found(_kept_above(300, 3, 2, 2.5, evals=15), select=["D001"])


@pytest.mark.parametrize("k", [2, 10])
@pytest.mark.parametrize("summed", [False, True])
def test_a_loss_far_above_log_k_that_learns_did_not_diverge(k, summed):
    # guard: a loss summed over the batch (or one that starts high) falls as the model learns, and its accuracy rises
    assert "divergence" not in _found(_kept_above(300, 1, k, 5.0, evals=15, learns=True, summed=summed),
                                      select=["D001"])


@pytest.mark.parametrize("k", [2, 10, 100])
@pytest.mark.parametrize("ratio", [1.0, 1.5])
def test_a_model_at_or_near_log_k_is_at_chance_not_diverged(k, ratio):
    # guard: at log K (or a little above it) the model is at chance -- plateau-at-chance's reading alone
    assert "divergence" not in _found(_kept_above(300, 2, k, ratio, evals=15), select=["D001"])


# --------------------------------------------------------------------- a gap at the first evaluation of a resumed log
def _gap_run(first, last, seed, ratio, *, every=1):
    """Per-epoch losses from epoch ``first`` to ``last`` of a training whose validation loss sits ``ratio`` times
    its training loss the whole time (both falling slowly, 5% scatter)."""
    rng = np.random.default_rng(seed)
    ep = np.arange(first, last + 1)
    train = 0.2 + 0.6 * np.exp(-ep / 40.0)
    train = train * (1 + 0.05 * rng.standard_normal(len(ep)))
    val = ratio * (0.2 + 0.6 * np.exp(-ep / 40.0)) * (1 + 0.05 * rng.standard_normal(len(ep)))
    es = ep[::every]
    return make_run("gap", steps=ep, train_loss=train, val_loss=(es, val[::every]))


@pytest.mark.parametrize("first,last", [(31, 49), (50, 80), (200, 260)])
@pytest.mark.parametrize("ratio", [2.2, 3.0])
@pytest.mark.parametrize("seed", range(2))
def test_a_gap_at_the_first_evaluation_of_a_resumed_log_is_information(first, last, ratio, seed):
    found = _found(_gap_run(first, last, seed, ratio), select=["V002"])
    assert found.get("train-val-gap") in (None, "info"), found


@pytest.mark.parametrize("last", [19, 49])
def test_a_gap_from_the_first_evaluation_of_a_whole_log_stays_a_warning(last):
    # guard: the same gap in a log that saw its run's start is the evaluation-path bug's sign
    found = _found(_gap_run(1, last, 0, 3.0), select=["V002"])
    assert found.get("train-val-gap") == "warning", found


# --------------------------------------------------------------------- a loss term switched on
def _term_switched_on(n, seed, on, *, held_out_better=True, with_acc=True):
    """Per-epoch training loss that falls to ~0.02 and, from epoch ``on``, jumps to ln 2 + noise (an adversarial term
    switched on); a validation loss and accuracy that keep improving to the end (``held_out_better``) or get worse
    from the jump on."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    train = 0.12 * np.exp(-t / 2.0) + 0.015
    train[on:] = np.log(2) + 0.005 * rng.standard_normal(n - on)
    val = 0.05 * np.exp(-t / (0.4 * n)) + 0.003 + 0.0005 * rng.random(n)
    acc = 0.95 + 0.045 * (1 - np.exp(-t / (0.4 * n)))
    if not held_out_better:
        val[on:] = val[on - 1] * (3 + np.arange(n - on))
        acc[on:] = 0.5 + 0.01 * rng.standard_normal(n - on)
    tags = {"train_loss": train, "val_loss": val}
    if with_acc:
        tags["val_acc"] = acc
    return make_run("dann", **tags)


@pytest.mark.parametrize("n,on", [(20, 5), (40, 8), (60, 30)])
@pytest.mark.parametrize("with_acc", [True, False])
@pytest.mark.parametrize("seed", range(2))
def test_a_loss_term_switched_on_while_held_out_scores_improve_is_no_divergence(n, on, with_acc, seed):
    found = _found(_term_switched_on(n, seed, on, with_acc=with_acc), select=["D001"])
    assert found.get("divergence") in (None, "info"), found


@pytest.mark.parametrize("n,on", [(20, 5), (60, 30)])
def test_a_rise_with_held_out_scores_getting_worse_is_still_divergence(n, on):
    # guard: the same jump with the validation loss and accuracy getting worse is the model going away
    found = _found(_term_switched_on(n, 0, on, held_out_better=False), select=["D001"])
    assert found.get("divergence") == "error", found


# --------------------------------------------------------------------- a held-out blow-up beside a near-zero tail
def _fitted_val_blowup(n, seed, at, *, width=2, peak=8.0, blowup=True):
    """Per-epoch losses of a model that fits its (easy) task: the training loss falls smoothly to ~0.01; the
    validation loss falls from ~5 to ~3e-4 with a log-normal scatter of 2.2 nats around its tail, and (``blowup``)
    jumps to ``peak`` x its first reading for ``width`` epochs from epoch ``at``."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    train = 1.4 * np.exp(-t / 3.0) + 0.01
    val = np.maximum(5.6 * np.exp(-t / 1.2), 3e-4 * np.exp(2.2 * rng.standard_normal(n)))
    if blowup:
        val[at:at + width] = peak * 5.6 * (1 - 0.15 * np.arange(width))
    return make_run("fitted-val-blowup", steps=t, train_loss=train, val_loss=val)


@pytest.mark.parametrize("n,at", [(25, 6), (25, 14), (60, 10), (60, 40)])
@pytest.mark.parametrize("width", [1, 2])
@pytest.mark.parametrize("seed", range(3))
def test_a_held_out_blow_up_beside_a_near_zero_tail_is_a_spike(n, at, width, seed):
    found = _found(_fitted_val_blowup(n, seed, at, width=width), select=["D002"])
    assert "loss-spikes" in found, found


@pytest.mark.parametrize("n", [25, 60])
@pytest.mark.parametrize("seed", range(3))
def test_a_near_zero_tail_scattering_in_log_space_has_no_spike(n, seed):
    # guard: the tail's log-space scatter is nothing in loss units
    assert "loss-spikes" not in _found(_fitted_val_blowup(n, seed, 0, blowup=False), select=["D002"])


# --------------------------------------------------------------------- a plan in the settings, no epoch counter
def _planned_epochs(done, planned, seed, *, zero_based=False, per_step=0):
    """Per-epoch readings (the epoch index as the step, from 0 or 1) of ``done`` epochs of a run whose settings plan
    ``planned`` epochs; ``per_step``: the training loss logged every step of ``per_step`` steps per epoch instead,
    the evaluations at the end of each epoch."""
    rng = np.random.default_rng(seed)
    e = np.arange(done) + (0 if zero_based else 1)
    val = 0.3 + 0.7 * np.exp(-(e + 1) / 8.0) * (1 + 0.02 * rng.standard_normal(done))
    if per_step:
        st = np.arange(1, done * per_step + 1)
        train = 0.25 + 0.8 * np.exp(-st / (6.0 * per_step)) * (1 + 0.05 * rng.standard_normal(len(st)))
        tags = {"train_loss": (st, train), "val_loss": (e * per_step + (0 if zero_based else per_step - 1) + 1, val)}
    else:
        tags = {"train_loss": (e, val - 0.05), "val_loss": (e, val)}
    return make_run("planned", hparams={"config/epochs": planned}, **tags)


@pytest.mark.parametrize("done,planned", [(5, 40), (6, 60), (3, 10), (20, 80), (12, 30)])
@pytest.mark.parametrize("zero_based", [False, True])
def test_fewer_steps_than_planned_epochs_is_an_unfinished_schedule(done, planned, zero_based):
    found = _found(_planned_epochs(done, planned, 0, zero_based=zero_based), select=["S002"])
    assert "unfinished-schedule" in found, found


@pytest.mark.parametrize("zero_based", [False, True])
def test_as_many_steps_as_planned_epochs_is_no_shortfall(zero_based):
    # guard: 40 readings of a 40-epoch plan (from step 0 or 1) reached it
    assert "unfinished-schedule" not in _found(_planned_epochs(40, 40, 1, zero_based=zero_based), select=["S002"])


def test_a_per_step_log_past_the_planned_epochs_says_nothing_by_its_steps():
    # guard: 6 epochs of 30 steps (180 steps) cannot be bounded below a 10-epoch plan by the step count
    run = _planned_epochs(6, 10, 2, per_step=30)
    said = " ".join(f.message for rr in diagnose(run, select=["S002"]).runs for f in rr.findings)
    assert "at the latest" not in said, said


# --------------------------------------------------------------------- an LR cut on a plateau after the task was learned
def _cut_after_converged(n, seed, *, converged=True, cut_every=3, first_cut=9):
    """Per-epoch losses of a model that learns its task in the first epochs (``converged``: its validation loss at
    its best by epoch 3 and flat after), or one still improving on held-out data while its LR is cut; the LR cut by
    0.3 every ``cut_every`` epochs from ``first_cut`` on, down to ~1e-9 (a plateau scheduler cutting at every
    patience interval, or a step schedule)."""
    rng = np.random.default_rng(seed)
    t = np.arange(n)
    lr = 3e-3 * 0.3 ** np.maximum(0, (t - first_cut) // cut_every + 1) * (t >= first_cut) + 3e-3 * (t < first_cut)
    train = 0.2 + 0.6 * np.exp(-t / 2.0) - 0.02 * t / n
    if converged:
        val = 0.29 + 0.05 * np.exp(-t / 1.0) + 0.004 * rng.standard_normal(n)
        val[3] = 0.285
    else:
        val = 0.29 + 0.4 * np.exp(-t / (0.45 * n)) + 0.002 * rng.standard_normal(n)
    return make_run("cut", train_loss=train, val_loss=val, lr=lr)


@pytest.mark.parametrize("n,cut_every", [(40, 2), (40, 3), (60, 3), (60, 5), (80, 5)])
@pytest.mark.parametrize("seed", range(2))
def test_an_lr_cut_to_its_floor_after_the_held_out_loss_settled_is_information(n, cut_every, seed):
    found = _found(_cut_after_converged(n, seed, cut_every=cut_every), select=["S001"])
    assert found.get("schedule-ended-early") == "info", found


@pytest.mark.parametrize("n", [40, 60])
def test_an_lr_cut_to_its_floor_while_the_held_out_loss_still_improved_warns(n):
    # guard: the held-out loss still falling as the LR is cut: the schedule ended learning early
    found = _found(_cut_after_converged(n, 0, converged=False), select=["S001"])
    assert found.get("schedule-ended-early") == "warning", found


# --------------------------------------------------------------------- one share repeated beside a loss at log K
def _repeated_share(n, seed, k, q, *, learned=False, others=1, step_noise=0.25):
    """Per-epoch validation accuracy at ``q`` (a class share above 1/K) at every evaluation but the last ``others``, and a
    per-step training loss at log K (relative scatter ``step_noise``); ``learned``: a converged model whose small
    evaluation set repeats its 0.95 while its loss sits far below log K."""
    rng = np.random.default_rng(seed)
    lk = np.log(k)
    steps = np.arange(1, 40 * n + 1)
    level = 0.08 if learned else lk * 1.01
    loss = level * (1 + step_noise * rng.standard_normal(len(steps)))
    acc = np.full(n, 0.95 if learned else q)
    idx = np.arange(n - others, n)  # (the other values at the last evaluations: no frozen tail to the end)
    acc[idx] = acc[idx] + rng.choice([-1, 1], size=others) * 0.01
    es = np.arange(1, n + 1) * 40
    vloss = (0.1 if learned else lk * 1.015) + 0.002 * rng.standard_normal(n)
    return make_run("share", train_loss=(steps, np.abs(loss)), val_loss=(es, vloss), val_acc=(es, acc))


@pytest.mark.parametrize("k,q", [(3, 0.41), (5, 0.3265), (7, 0.28), (10, 0.15)])
@pytest.mark.parametrize("n", [8, 15, 40])
def test_one_share_repeated_beside_a_loss_at_log_k_is_at_chance(k, q, n):
    found = _found(_repeated_share(n, 0, k, q), select=["P001"])
    assert found.get("plateau-at-chance") == "error", found


@pytest.mark.parametrize("n", [8, 15, 40])
def test_a_converged_score_repeated_beside_a_low_loss_is_not_at_chance(n):
    # guard: a small evaluation set repeats a converged model's 0.95; its loss is far below log K
    assert "plateau-at-chance" not in _found(_repeated_share(n, 1, 5, 0.3, learned=True), select=["P001"])



def test_a_high_score_repeated_beside_a_loss_near_some_log_k_is_not_at_chance():
    # guard: a double softmax's loss floor (1.09 for 6 classes) sits near log 3 by coincidence while a converged
    # model's small evaluation set repeats its 0.955: above the majority-share cap (0.8) no reading of a share
    n = 30
    rng = np.random.default_rng(3)
    steps = np.arange(1, 40 * n + 1)
    loss = 1.09 * (1 + 0.02 * rng.standard_normal(len(steps)))
    es = np.arange(1, n + 1) * 40
    acc = np.full(n, 0.955)
    acc[:4] = [0.915, 0.93, 0.94, 0.95]
    run = make_run("double-softmax", train_loss=(steps, loss), val_loss=(es, 1.0905 + 0.0005 * rng.standard_normal(n)),
                   val_acc=(es, acc))
    assert "plateau-at-chance" not in _found(run, select=["P001"])
