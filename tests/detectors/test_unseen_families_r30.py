"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), thirtieth round
(lock-box batches 2027-01-10cp and 2027-01-10nu45, read once with the twenty-ninth session's code before these
changes).

- NaN training losses that all come before the first finite reading, none after: placeholders written before the
  loss was first computed (a DQN's episodes before its replay buffer filled). Weights a NaN reached give NaN for good,
  so these never touched them: no divergence. Seen in 2027-01-10cp lunarlander_dqn_original (healthy).
- A log that opens at epoch 249 of a resumed run, every 5 epochs, its rows numbered from 1: the step axis says the
  log saw its start, the epoch column says it did not. 'Never learned' compares the end with the untrained model;
  this log has no untrained model in it. Seen in 2027-01-10cp cond_diffusion_metrics_history (healthy).
- A segmenter's per-pixel validation loss near zero: 0.104 -> 0.0037 -> 0.0063 while its IoU (logged as
  'jacard_coef', the Jaccard index) and accuracy still rise. +72% of a number near zero gave back 2.6% of the
  progress: the held-out metrics decide, and they held (info). The Jaccard index is read as the IoU it is. Seen in
  2027-01-10cp mito_unet (healthy).
- A DQN whose per-episode training return climbs steadily (396, 426, 483, 540, 537 by fifths) while a noisy eval
  return does not: the first 5% of a noisy per-episode return cannot show the rise, a rank trend over the run does.
  Seen in 2027-01-10cp dqn_2048 (healthy).
- A regression fine-tune at LR 0.5: its first logged loss 6,934 with a gradient norm of 9,562, then 1.0 +- 10% to
  the end and a validation loss flat at the mean predictor's level. The blow-up came before the first reading (no
  untrained level to measure from, no K to call chance): measured from where it came back down, it learned nothing,
  and a network that learns nothing after such a step gives one output whatever its input -- chance for its loss
  (plateau-at-chance, a warning: no K read). Seen in 2027-01-10nu45 span_distilbert_lr_0p5 (labelled underfitting,
  chance 'may'); the seen batches 2026-12-22nu26 bearing_adam_lr3_tbx and 2027-01-02nu37 bridge_adam_lr05 (Adam at
  LR 3 and 0.5, labelled plateau_at_chance) were missed the same way.
- A regression whose validation R² is logged ('val_r2') and whose MSE starts near 1.1: the R² was skipped as a
  held-out tag when the loss kind was read, so the loss was a 3-class cross-entropy at log 3 ('never beat a uniform
  guess', an error). A regression metric says regression on any split. And an R² that never rose above 0 -- the
  mean predictor's score, a regression's chance level -- has no best to regress from. Seen in 2027-01-10nu45
  tank_inputs_sorted_labels_not (labelled underfitting).
- A held-out R² that rose to 0.22 and ended back at 0 while the training loss rose too (weight decay of 20-30, or 1
  with Adam, pulling the weights back): the model at the end predicts the mean. 'Never above the floor' missed it;
  an R² back at the floor with the training data fitted no better than at its best is the same verdict. Seen in
  2027-01-02nu37 bridge_wd_huge and 2027-01-08nu43 lens-adam-weight-decay-1 (labelled underfitting).
- A 10-epoch Keras regression whose loss moved 0.1% from its first epoch to its last (0.4461 -> 0.4460, its
  validation loss flat too): 'never learned' asked for 20 readings, though its medians of 3 and the run's own noise
  show it on 10. The 'crawled' reading, which reads the curve's shape too, keeps its 20. Seen in 2027-01-11cq
  fer_valence_arousal_keras_fit, and five seen runs of 10-19 readings labelled underfitting. A detector resumed
  from its trained weights (mAP50 0.93 from its first epoch, 14 epochs whose loss no longer falls) learned before
  the log: a held-out localisation score at half its scale or more stands 'never learned' down.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run, run_detector

from curvedoc.detectors._progress import rl_never_improved
from curvedoc.model.metrics import classify


# --- leading NaN placeholders -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lead", [1, 9, 40])
@pytest.mark.parametrize("n", [100, 800])
def test_nan_placeholders_before_the_first_loss_are_no_divergence(lead, n):
    rng = np.random.default_rng(lead + n)
    loss = 2.0 * np.exp(-np.arange(n) / (0.3 * n)) + 0.3 + 0.05 * rng.standard_normal(n)
    loss[:lead] = np.nan
    run = make_run(train_loss=loss)
    assert not run_detector("divergence", run)


@pytest.mark.parametrize("n", [100, 800])
def test_nan_in_the_middle_that_recovers_is_still_reported(n):
    rng = np.random.default_rng(n)
    loss = 2.0 * np.exp(-np.arange(n) / (0.3 * n)) + 0.3 + 0.05 * rng.standard_normal(n)
    loss[n // 2: n // 2 + 3] = np.nan
    hits = run_detector("divergence", make_run(train_loss=loss))
    assert hits and hits[0].severity == "warning" and "finite again" in hits[0].message


# --- a log that opens late in its epoch counter -----------------------------------------------------------------

@pytest.mark.parametrize("first_epoch,every", [(249, 5), (50, 1), (1000, 10)])
def test_never_learned_needs_the_start_of_the_run_in_the_log(first_epoch, every):
    rng = np.random.default_rng(first_epoch)
    n = 110
    epochs = first_epoch + every * np.arange(n)
    loss = 0.028 * np.exp(0.12 * rng.standard_normal(n))
    val = 0.028 * np.exp(0.03 * rng.standard_normal(n))
    steps = np.arange(1, n + 1)
    late = make_run(steps=steps, train_loss=loss, val_loss=val, epoch=epochs)
    assert not run_detector("underfitting", late)
    # the same flat loss in a log that starts at epoch 0 never learned
    early = make_run(steps=steps, train_loss=loss, val_loss=val, epoch=every * np.arange(n))
    assert run_detector("underfitting", early)


# --- the Jaccard index ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tag", ["val_jacard_coef", "val_jaccard_coef", "val/jaccard", "val_jaccard_index"])
def test_the_jaccard_index_is_an_iou(tag):
    assert classify(tag) == ("iou", True, "val", True)


# --- a large relative rise of a validation loss near zero, metrics holding -----------------------------------------

def _segmenter(n: int, metric: bool, rng) -> dict:
    x = np.arange(n, dtype=float)
    train = 0.127 * np.exp(-x / (0.12 * n)) + 0.0009
    val = 0.1 * np.exp(-x / (0.06 * n)) + 0.0037 + 0.0027 * np.clip((x - 0.38 * n) / (0.62 * n), 0, None)
    val = val * np.exp(0.02 * rng.standard_normal(n))
    tags = {"loss": train, "val_loss": val}
    if metric:
        tags["val_jacard_coef"] = 0.93 - 0.9 * np.exp(-x / (0.15 * n)) + 0.002 * rng.standard_normal(n)
        tags["val_accuracy"] = 0.996 - 0.05 * np.exp(-x / (0.1 * n)) + 0.0003 * rng.standard_normal(n)
    return tags


@pytest.mark.parametrize("n", [60, 100, 300])
def test_a_tiny_giveback_with_metrics_holding_is_information(n):
    hits = run_detector("overfitting", make_run(**_segmenter(n, True, np.random.default_rng(n))))
    assert all(h.severity == "info" for h in hits)


@pytest.mark.parametrize("n", [60, 100, 300])
def test_a_large_rise_without_a_metric_still_warns(n):
    hits = run_detector("overfitting", make_run(**_segmenter(n, False, np.random.default_rng(n))))
    assert hits and hits[0].severity in (None, "warning")  # None: the rule's own severity, a warning


# --- an agent whose noisy return climbs steadily ----------------------------------------------------------------

def _agent(n: int, rise: float, rng) -> object:
    x = np.arange(n, dtype=float)
    ret = 400.0 + rise * x / n + 190.0 * rng.standard_normal(n)
    return make_run(steps=x.astype(int), **{"Train/reward": ret, "Train/loss": 1.0 + 5.0 * x / n})


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("n", [200, 461, 1500])
def test_a_steady_climb_is_learning(seed, n):
    run = _agent(n, 250.0, np.random.default_rng(seed))
    assert rl_never_improved(run, 20, 0.05, 2.0) == []
    assert not run_detector("underfitting", run)


@pytest.mark.parametrize("n", [200, 461, 1500])
def test_a_flat_noisy_return_still_never_learned(n):
    hits = [bool(run_detector("underfitting", _agent(n, 0.0, np.random.default_rng(s)))) for s in range(10)]
    assert sum(hits) >= 7


# --- a blow-up before the first reading, then nothing learned -----------------------------------------------------

def _thrown(n: int, every: int, noise: float, after_fall: float, evidence: str, rng):
    steps = every * np.arange(1, n + 1)
    loss = np.exp(noise * rng.standard_normal(n)) * (1.0 - after_fall * np.arange(n) / n)
    loss[:3] = [6934.0, 172.7, 53.1][:3]
    tags = {"loss": loss}
    m = max(4, n // 3)
    ev_steps = steps[:: max(1, n // m)][:m]
    val = 0.763 * np.exp(0.01 * rng.standard_normal(len(ev_steps))) * (1.0 - after_fall * np.arange(len(ev_steps))
                                                                       / len(ev_steps))
    val[0] = 55.0
    tags["eval_loss"] = (ev_steps, val)
    if evidence == "grad":
        g = 0.35 * np.exp(0.8 * rng.standard_normal(n))
        g[:3] = [9562.0, 205.0, 31.0]
        tags["grad_norm"] = g
    elif evidence == "lr":
        tags["learning_rate"] = np.linspace(2.0, 0.01, n)
    else:
        tags["learning_rate"] = np.linspace(5e-5, 1e-6, n)
    return make_run(steps=steps, **tags)


@pytest.mark.parametrize("evidence", ["grad", "lr"])
@pytest.mark.parametrize("n,every", [(25, 10), (100, 5), (400, 50)])
@pytest.mark.parametrize("noise", [0.02, 0.1])
def test_thrown_before_the_log_then_flat_never_learned(evidence, n, every, noise):
    hits = run_detector("plateau-at-chance", _thrown(n, every, noise, 0.0, evidence, np.random.default_rng(n)))
    assert hits and hits[0].evidence["variant"] == "thrown-then-flat" and hits[0].severity == "warning"
    assert hits[0].causes[0] == "lr-too-high"


@pytest.mark.parametrize("n,every", [(25, 10), (100, 5), (400, 50)])
def test_thrown_then_learning_is_no_underfitting(n, every):
    hits = run_detector("plateau-at-chance", _thrown(n, every, 0.05, 0.6, "grad", np.random.default_rng(n)))
    assert not [h for h in hits if h.evidence.get("variant") == "thrown-then-flat"]


@pytest.mark.parametrize("n,every", [(25, 10), (100, 5)])
def test_a_fast_first_fall_with_nothing_thrown_is_not_read_as_a_blow_up(n, every):
    hits = run_detector("plateau-at-chance", _thrown(n, every, 0.05, 0.0, "none", np.random.default_rng(n)))
    assert not [h for h in hits if h.evidence.get("variant") == "thrown-then-flat"]


# --- a held-out regression metric names the loss kind ------------------------------------------------------------

@pytest.mark.parametrize("n", [25, 60])
@pytest.mark.parametrize("level", [1.0986, 0.693, 1.609])
def test_a_held_out_r2_makes_the_loss_a_regression(n, level):
    rng = np.random.default_rng(n)
    x = np.arange(n, dtype=float)
    train = level * (1.0 - 0.2 * x / n) * np.exp(0.01 * rng.standard_normal(n))
    val = level * (1.0 + 0.1 * x / n) * np.exp(0.01 * rng.standard_normal(n))
    r2 = -0.07 - 0.15 * x / n + 0.01 * rng.standard_normal(n)
    run = make_run(train_loss=train, val_loss=val, val_r2=r2)
    assert not run_detector("plateau-at-chance", run)
    assert not run_detector("metric-regression", run)
    hits = run_detector("underfitting", run)
    assert hits and hits[0].evidence["mode"] == "r2-at-zero"


@pytest.mark.parametrize("n", [25, 60])
def test_an_r2_that_learned_and_lost_still_regresses(n):
    rng = np.random.default_rng(n)
    x = np.arange(n, dtype=float)
    r2 = np.where(x < n / 2, 0.9 * x / (n / 2), 0.9 - 0.6 * (x - n / 2) / (n / 2)) + 0.005 * rng.standard_normal(n)
    run = make_run(train_loss=np.linspace(1.0, 0.2, n), val_loss=np.linspace(1.0, 0.4, n), val_r2=r2)
    assert run_detector("metric-regression", run)


# --- an R² that ended back at the mean predictor's level --------------------------------------------------------

def _r2_back(n: int, train_fits: bool, rng):
    x = np.arange(n, dtype=float)
    peak = int(0.25 * n)
    r2 = np.where(x <= peak, 0.1 + 0.12 * x / peak, 0.22 - 0.225 * (x - peak) / (n - 1 - peak))
    r2 = r2 + 0.004 * rng.standard_normal(n)
    if train_fits:
        train = np.linspace(0.9, 0.2, n)  # the training data fitted ever better: overfitting's story
    else:
        train = np.where(x <= peak, 0.88 - 0.15 * x / peak, 0.73 + 0.24 * (x - peak) / (n - 1 - peak))
    val = 1.0 - r2
    return make_run(mse_train=train * np.exp(0.01 * rng.standard_normal(n)), mse_val=val, r2_val=r2)


@pytest.mark.parametrize("n", [12, 30, 100])
def test_an_r2_back_at_the_mean_is_underfitting(n):
    hits = run_detector("underfitting", _r2_back(n, False, np.random.default_rng(n)))
    # (on 12 readings the training loss's own 'never learned' -- it ended above where it started -- is read first)
    assert hits and hits[0].evidence["mode"] in ("r2-back-to-zero", "never-learned")


@pytest.mark.parametrize("n", [12, 30, 100])
def test_an_r2_lost_while_the_training_data_fitted_better_is_not(n):
    hits = run_detector("underfitting", _r2_back(n, True, np.random.default_rng(n)))
    assert not [h for h in hits if h.evidence.get("mode") == "r2-back-to-zero"]


@pytest.mark.parametrize("n", [12, 30])
def test_an_r2_that_moved_by_a_hundredth_did_not_regress(n):
    # (an R² is a share of variance: 0.008 -> -0.001 is nothing, whatever the range of the flat series says)
    rng = np.random.default_rng(n)
    r2 = np.r_[0.017, 0.008, -0.001 + 0.0002 * rng.standard_normal(n - 2)]
    run = make_run(train_loss=np.full(n, 1.0), val_loss=np.full(n, 1.1), val_r2=r2)
    assert not run_detector("metric-regression", run)


# --- 'never learned' on a short log -----------------------------------------------------------------------------

@pytest.mark.parametrize("n", [10, 12, 19])
@pytest.mark.parametrize("noise", [0.001, 0.01])
def test_a_short_log_that_never_moved_never_learned(n, noise):
    rng = np.random.default_rng(n)
    run = make_run(train_loss=0.446 * np.exp(noise * rng.standard_normal(n)),
                   val_loss=0.447 * np.exp(noise * rng.standard_normal(n)))
    hits = run_detector("underfitting", run)
    assert hits and hits[0].evidence["mode"] == "never-learned"


@pytest.mark.parametrize("n", [10, 12, 19])
def test_a_short_log_that_falls_learned(n):
    rng = np.random.default_rng(n)
    x = np.arange(n, dtype=float)
    run = make_run(train_loss=(0.3 + 0.2 * np.exp(-x / 3)) * np.exp(0.01 * rng.standard_normal(n)),
                   val_loss=(0.32 + 0.2 * np.exp(-x / 3)) * np.exp(0.01 * rng.standard_normal(n)))
    assert not run_detector("underfitting", run)


@pytest.mark.parametrize("n", [10, 15])
def test_a_short_straight_fall_is_not_read_as_a_crawl(n):
    run = make_run(train_loss=np.linspace(129.0, 121.0, n), val_loss=np.linspace(131.3, 123.2, n))
    assert not [h for h in run_detector("underfitting", run) if h.evidence.get("mode") == "crawled"]


@pytest.mark.parametrize("map50,learned", [(0.93, True), (0.6, True), (0.02, False)])
def test_a_detector_that_localises_learned(map50, learned):
    rng = np.random.default_rng(7)
    n = 14
    loss = 1.77 * (1.0 + 0.06 * np.arange(n) / n) * np.exp(0.01 * rng.standard_normal(n))
    run = make_run(**{"train/box_loss": loss, "metrics/mAP50(B)": map50 + 0.01 * rng.standard_normal(n)})
    never = [h for h in run_detector("underfitting", run) if h.evidence.get("mode") == "never-learned"]
    assert bool(never) is not learned
