"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-eighth round.

- A Keras CSVLogger appended a second session to its file: a fine-tune stage at lr 1e-5 that went on from the first
  stage's weights (its first loss 0.189 where the first stage ended at 0.190, which had started at 0.266). The
  importer splits the file at the epoch counter's restart and reads each session on its own; the second was then
  judged 'never learned' from its own start -- a trained model's. A session that opens where the one before it
  left off did not see its model untrained: the importer states the earlier session's first and last values
  (``meta["continued_from"]``), and never-learned and initial-loss-off do not judge a start that is not one. A
  session that starts again from scratch (its first loss at the earlier session's first) is judged as before. Seen
  in 2027-01-01cf dimitricalmand_ml_bio#2 (healthy).
- A 4-class model trained with SGD at lr 3: the loss thrown to 4.8, then 1.7-1.9 (above log 4) to the end, and its
  validation accuracy, from mid-run on, only ever 0.3767 or 0.2900 -- two class shares of a 300-example evaluation
  set: one class predicted for every example, now this class, now that one. K is stated nowhere, the accuracy sits
  at no 1/K, the validation loss 'improved' from its blown-up start: no reading of K held, and the run passed as
  healthy. Evaluations that take only a few numbers far apart that sum to 1 or less are class shares whatever K is:
  plateau-at-chance, with the LR first. A model hovering at a low level scores neighbouring numbers; one whose
  predictions are mixed scores numbers that sum past 1. Seen in 2027-01-01nu36 reef_sgd_lr3 (labelled
  plateau_at_chance).
- A ViT trained in two phases, a frozen stage at lr 1e-3 and a fine-tune at 1e-5 (1% of the peak) for the last
  half, its loss falling another 44% during the fine-tune: schedule-ended-early warned that the LR sat at its floor
  while the loss had been falling. A floor the loss kept falling at by 10% or more (underfitting's crawl floor) still
  trains: information; a loss that stopped once the LR was gone stays a warning. Seen in 2027-01-01cf
  jiulichan_vit_picture_classification (healthy).
- A 6-tag multi-label tagger with an L2 penalty of 0.5 on every layer (meant 5e-4): the logged loss (penalty
  included) falls from 37.7 onto 0.5735 and its validation binary accuracy is 0.7400 at every evaluation from the
  fifth on -- 1 - prevalence, the all-negative predictor, and 0.5735 is H(0.26), that prior's entropy, to 0.02%. An
  accuracy collapsed onto one number is otherwise read at 1/K only; a majority share with a loss on its prior's
  entropy to settle_tol (1%) is a model predicting the prior: plateau-at-chance. Seen in 2027-01-02nu37
  birdsong_l2_heavy (labelled plateau_at_chance).
- A Lightning run killed during its ninth epoch: its metrics.csv ends on the LearningRateMonitor's row for that
  epoch's start, with no training or validation row after it. A run that ends on schedule or by early stopping
  ends on its last epoch's rows; one more epoch-start LR reading than epoch summaries, after every other record,
  opened an epoch that never closed: crashed-run (info), 'at its start'. Seen in 2027-01-03nu38 tide_killed_epoch9
  (labelled crashed_run).
- An HF fine-tune at lr 2 with clipping off logs 6.6e6 as its first 28-step mean, then 49-106 for seven more
  readings: initial-loss-off's broken-start reading needed ten points to measure where the run settles; with fewer,
  a first reading 15x above EVERY later one at a logged LR of 1 or more is a broken start, the LR its first cause
  (at an ordinary LR a short log's first mean far above the rest is as often a fast learner's first epoch: six
  healthy runs of the seen sets). Seen in 2027-01-03nu38 zigzag_distilbert_lr_2 (labelled initial_loss_off).
- A 4-class model thrown by Adam at lr 0.3: its validation accuracy 0.3422 (154/450) at each of its last 12
  evaluations of 25 (one fewer than half: the one before scored 155/450), its losses settled at 1.365 and 1.37
  beside ln 4 = 1.386. A collapse needed half of the evaluations, and its number read as 1/K (1/3, which the loss
  contradicts); a loss settled where a prior predictor's sits names what the number is -- H(q) for a majority
  share, log K for a lesser one -- and then a third of the evaluations (6 at least) will do. Seen in
  2027-01-03nu38 volcano_adam_lr_0.3 (labelled plateau_at_chance).
- A 6-class GoogLeNet trained from scratch: its first validation accuracies 0.44-0.48 (each after an epoch of
  learning) read K as 2, and its first training loss 1.76 (log 6) as 2.5x log 2 -- a warning on a healthy run --
  while its training accuracy over those epochs was 0.33-0.44. A K-way model starting at chance scores about 1/K
  on every split over its first epochs: another split's first accuracies below 1/K by more than the reading's own
  tolerance (15%) say 1/K is not where the model started. Seen in 2027-01-03ch googlenet-se-scratch (healthy).
- A StepLR meant per epoch stepped per batch (lr 1.35e-3 after the first epoch, 1e-61 at the end): constant-loss
  named frozen parameters first. An LR held 10,000x or more below its peak over most of the run stopped the
  updates: the schedule is named first. Seen in 2027-01-03nu38 tide_steplr_stepped_per_batch. And an HF fine-tune at
  lr 1e-7, its held-out loss the same at every evaluation: at a peak LR of 1e-6 or less an Adam step moves each weight
  by about the LR -- nothing a loss shows -- so the LR is named first (zigzag_roberta_lr_1e-7).
- (2027-01-04cj) a held-out R² below 0 throughout beside a loss that only fell, and a tagger's F1 of exactly 0 beside
  a halved loss; (2027-01-05cl) print logs whose last words start the training ('开始训练...', '7. training loop')
  with nothing after them: crashed-run (info), the process died before its first report; (2027-01-05cl) an
  Ultralytics run with validation off, every held-out column 0.0: no evaluation ran, so no dead heads and no floor.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import diagnosed_by_name, make_run, run_detector, shown

import curvedoc
from curvedoc.importers import load


# --- a session appended after another: resumed, or started again --------------------------------------------------

def _two_sessions(tmp_path, n1: int, n2: int, *, resumed: bool, seed: int = 0, noise: float = 0.004):
    rng = np.random.default_rng(seed)
    rows = ["epoch,accuracy,loss,learning_rate,val_accuracy,val_loss"]
    e1 = np.arange(n1)
    loss1 = 0.19 + 0.08 * np.exp(-e1 / 2.0) + rng.normal(0, noise, n1)
    acc1 = 0.58 - 0.09 * np.exp(-e1 / 2.0) + rng.normal(0, noise, n1)
    for i in range(n1):
        rows.append(f"{i},{acc1[i]:.6f},{loss1[i]:.6f},0.001,{acc1[i] + 0.08:.6f},{loss1[i] * 0.7:.6f}")
    if resumed:  # the same weights, fine-tuned at a tiny LR: the loss goes on from where it was and hardly moves
        loss2 = float(loss1[-1]) - 0.002 + rng.normal(0, noise, n2)
        acc2 = float(acc1[-1]) + rng.normal(0, noise, n2)
    else:  # started again from scratch with a model that cannot learn: the loss stays where an untrained one sits
        loss2 = float(loss1[0]) + rng.normal(0, noise, n2)
        acc2 = float(acc1[0]) + rng.normal(0, noise, n2)
    for i in range(n2):
        rows.append(f"{i},{acc2[i]:.6f},{loss2[i]:.6f},1e-05,{acc2[i] + 0.08:.6f},{loss2[i] * 0.7:.6f}")
    path = tmp_path / "training_log.csv"
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize("n1,n2", [(10, 20), (12, 40), (30, 60)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_session_resumed_from_the_weights_before_is_not_judged_from_its_own_start(tmp_path, n1, n2, seed):
    runs = load(str(_two_sessions(tmp_path, n1, n2, resumed=True, seed=seed)))
    assert len(runs) == 2
    second = runs[1]
    assert second.meta["continued_from"]["loss"][1] == pytest.approx(float(runs[0].series("loss").iloc[-1]))
    rep = curvedoc.diagnose(str(tmp_path))
    names = {f.name for f in rep.runs[1].findings if f.severity in ("warning", "error")}
    assert not names & {"underfitting", "initial-loss-off"}, [(f.name, f.message) for f in rep.runs[1].findings]


@pytest.mark.parametrize("n1,n2", [(10, 20), (12, 40), (30, 60)])
def test_a_session_started_again_from_scratch_is_still_judged(tmp_path, n1, n2):
    runs = load(str(_two_sessions(tmp_path, n1, n2, resumed=False)))
    assert len(runs) == 2 and "continued_from" in runs[1].meta
    hits = run_detector("underfitting", runs[1])
    assert any(h.evidence.get("mode") == "never-learned" for h in hits), [h.message for h in hits]


def test_the_first_session_has_nothing_before_it(tmp_path):
    runs = load(str(_two_sessions(tmp_path, 10, 20, resumed=True)))
    assert "continued_from" not in runs[0].meta


# --- evaluations at a few class shares, K unknown ----------------------------------------------------------------

def _shares_run(n: int, shares: tuple[float, ...], *, wild: int, seed: int = 0, loss_level: float = 1.75):
    """A classifier thrown about by an LR far too high for ``wild`` epochs, then predicting one class for every
    example at each evaluation (a class share of a 300-example set), K stated nowhere."""
    rng = np.random.default_rng(seed)
    steps = np.arange(n)
    loss = np.concatenate([np.linspace(2.9, 4.8, wild), loss_level + rng.normal(0, 0.04, n - wild)])
    acc = np.round(rng.uniform(0.2, 0.42, n) * 300) / 300
    acc[wild:] = rng.choice(np.array(shares), n - wild)
    acc[wild] = shares[0]
    acc[wild + 1] = shares[-1]
    val_loss = loss * 1.08 + rng.normal(0, 0.05, n)
    return make_run(steps=steps, loss=loss, val_loss=val_loss, accuracy=rng.uniform(0.32, 0.42, n),
                    val_accuracy=acc)


@pytest.mark.parametrize("n", [16, 25, 60])
@pytest.mark.parametrize("shares", [(113 / 300, 87 / 300), (0.26, 0.29, 0.38), (0.5, 0.2), (0.31, 0.22, 0.12, 0.35)])
@pytest.mark.parametrize("seed", [0, 1])
def test_evaluations_only_at_a_few_class_shares_are_chance(n, shares, seed):
    hits = run_detector("plateau-at-chance", _shares_run(n, shares, wild=n // 3, seed=seed))
    assert hits and hits[0].severity in (None, "error", "warning"), [h.message for h in hits]
    assert "class shares" in hits[0].message


@pytest.mark.parametrize("n", [16, 25, 60])
@pytest.mark.parametrize("seed", range(6))
def test_a_model_hovering_at_a_low_level_is_not_read_as_class_shares(n, seed):
    # a hard task learned slowly to ~0.31 on a 300-example set: neighbouring numbers, not class shares
    rng = np.random.default_rng(seed)
    steps = np.arange(n)
    loss = 2.3 * np.exp(-steps / n) + 0.8 + rng.normal(0, 0.02, n)
    acc = np.round((0.12 + 0.2 * (1 - np.exp(-steps / (n / 4))) + rng.normal(0, 0.01, n)) * 300) / 300
    run = make_run(steps=steps, loss=loss, val_loss=loss * 1.05, val_accuracy=acc)
    hits = run_detector("plateau-at-chance", run)
    assert not hits or all("class shares" not in h.message for h in hits), [h.message for h in hits]


@pytest.mark.parametrize("values", [(0.30, 0.3133), (0.62, 0.6333, 0.6267), (4 / 17, 5 / 17, 6 / 17),
                                    (np.float32(2 / 9), np.float32(3 / 9))])
def test_a_converged_score_repeating_neighbouring_numbers_is_not_class_shares(values):
    n = 30
    rng = np.random.default_rng(3)
    steps = np.arange(n)
    acc = np.round(np.linspace(0.1, values[0], n) * 300) / 300
    acc[n // 3:] = rng.choice(np.array(values), n - n // 3)
    loss = 2.0 * np.exp(-steps / 8) + 0.9
    hits = run_detector("plateau-at-chance", make_run(steps=steps, loss=loss, val_loss=loss, val_accuracy=acc))
    assert not hits or all("class shares" not in h.message for h in hits), [h.message for h in hits]


# --- a floor LR that still trains ------------------------------------------------------------------------------------

def _two_phase(n: int, keeps_falling: bool, seed: int = 0):
    """A frozen stage at lr 1e-3 for the first half, then a fine-tune at lr 1e-5 (1% of the peak) to the end."""
    rng = np.random.default_rng(seed)
    steps = np.arange(n)
    half = n // 2
    lr = np.where(steps < half, 1e-3, 1e-5)
    loss = 0.1 + 2.4 * np.exp(-steps / (n / 10))
    if keeps_falling:  # the fine-tune unfreezes the backbone: the loss goes on falling at the small LR
        loss[half:] = loss[half - 1] * np.exp(-0.8 * (steps[half:] - half + 1) / (n - half))
    else:  # the LR too small to move anything: the loss stops where the stage before left it
        loss[half:] = loss[half - 1]
    loss = loss * np.exp(rng.normal(0, 0.01, n))
    return make_run(steps=steps, train_loss=loss, lr=lr)


@pytest.mark.parametrize("n", [20, 60, 200])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_floor_the_loss_kept_falling_at_is_information(n, seed):
    hits = run_detector("schedule-ended-early", _two_phase(n, True, seed))
    assert hits and all(h.severity == "info" for h in hits), [(h.severity, h.message) for h in hits]
    assert "still trains" in hits[0].message


@pytest.mark.parametrize("n", [20, 60, 200])
def test_a_floor_the_loss_stopped_at_is_still_a_warning(n):
    hits = run_detector("schedule-ended-early", _two_phase(n, False))
    assert hits and hits[0].severity is None, [(h.severity, h.message) for h in hits]


# --- an accuracy collapsed onto a majority share beside a loss on that prior's entropy -------------------------------

def _squeezed(n: int, q: float, offset: float, seed: int = 0):
    """A multi-label tagger whose weight penalty (in the logged loss) squeezes it onto the prior: the loss falls from
    the penalty's 37 onto ``(1 + offset) * H(q)``, the binary accuracy stays at ``q`` (1 - prevalence) from the
    fifth epoch on."""
    rng = np.random.default_rng(seed)
    h = -(q * np.log(q) + (1 - q) * np.log(1 - q))
    steps = np.arange(n)
    floor = (1 + offset) * h
    loss = floor + 37.0 * np.exp(-steps / (n / 12)) * (1 + rng.normal(0, 0.002, n))
    acc = np.full(n, q)
    acc[:4] = [0.55, 0.68, 0.745, 0.742]
    return make_run(steps=steps, loss=loss, val_loss=loss * 0.99 + 0.001, bin_acc=acc.copy(), val_bin_acc=acc)


@pytest.mark.parametrize("n", [20, 30, 80])
@pytest.mark.parametrize("q", [0.6, 0.74, 0.8])
def test_an_accuracy_collapsed_on_a_majority_share_beside_the_prior_entropy_is_chance(n, q):
    hits = run_detector("plateau-at-chance", _squeezed(n, q, 0.0005))
    assert hits and "entropy of that prior" in hits[0].message, [h.message for h in hits]


@pytest.mark.parametrize("n", [20, 30, 80])
# (below the chance band, 5%: within it a multi-label model's loss sits at its labels' priors -- the mean of their
# entropies, under H of the mean share; -0.05 was a case here until the thirty-first round, test_unseen_families_r31)
@pytest.mark.parametrize("offset", [-0.15, -0.08])
def test_a_loss_below_the_prior_entropy_is_a_model_that_learned(n, offset):
    hits = run_detector("plateau-at-chance", _squeezed(n, 0.74, offset))
    assert not any("entropy of that prior" in h.message for h in hits), [h.message for h in hits]


@pytest.mark.parametrize("n", [30, 49, 80])
def test_a_loss_sliding_down_past_the_prior_entropy_has_not_settled_there(n):
    # a slow learner on a small evaluation set: its accuracy repeats 11/14 while its loss slides on down through H
    q = 11 / 14
    h = -(q * np.log(q) + (1 - q) * np.log(1 - q))
    steps = np.arange(n)
    # the median of its last quarter right on H, the quarter's halves 2% apart: still falling at the same pace
    loss = h * (1.0 + 0.09 * (0.875 - steps / (n - 1)))
    acc = np.full(n, q)
    acc[: n // 3] = 9 / 14
    hits = run_detector("plateau-at-chance", make_run(steps=steps, val_loss=loss, val_accuracy=acc))
    assert not any("entropy of that prior" in h.message for h in hits), [h.message for h in hits]


# --- a Lightning run whose last record opened an epoch -----------------------------------------------------------

def _lightning_opened(tmp_path, epochs: int, killed: bool, per_step_lr: bool = False):
    """LearningRateMonitor(logging_interval='epoch') writes the LR at each epoch's start; the epoch's validation and
    training rows follow at its end. Killed during the epoch after the last complete one: its LR row, and nothing."""
    d = tmp_path / "lightning_logs" / "version_0"
    d.mkdir(parents=True)
    rows = ["epoch,lr-AdamW,step,train_loss,val_loss,val_r2"]
    per = 19
    for e in range(epochs + (1 if killed else 0)):
        start = e * per
        rows.append(f",0.002,{start},,,")
        if killed and e == epochs:
            break
        end = start + per - 1
        rows.append(f"{e},,{end},,{0.64 * 0.85 ** e:.5f},{0.27 + 0.06 * e:.4f}")
        rows.append(f"{e},,{end},{0.9 * 0.85 ** e:.5f},,")
    (d / "metrics.csv").write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("epochs", [3, 8, 30])
def test_a_lightning_log_ending_on_an_epochs_opening_lr_row_was_cut(tmp_path, epochs):
    _lightning_opened(tmp_path, epochs, killed=True)
    rr, f = diagnosed_by_name(tmp_path)
    assert "crashed-run" in f and "at its start" in f["crashed-run"].message, shown(rr)


@pytest.mark.parametrize("epochs", [3, 8, 30])
def test_a_lightning_log_ending_on_its_last_epochs_rows_was_not_cut(tmp_path, epochs):
    _lightning_opened(tmp_path, epochs, killed=False)
    rr, f = diagnosed_by_name(tmp_path)
    assert "crashed-run" not in f, shown(rr)


# --- a short log whose first mean is a blow-up, at an LR of 1 or more -----------------------------------------------

@pytest.mark.parametrize("n", [5, 8, 9])
def test_a_short_logs_first_reading_far_above_every_later_one_at_an_lr_of_1_is_a_broken_start(n):
    rng = np.random.default_rng(n)
    loss = 50.0 + rng.normal(0, 3.0, n)
    loss[0] = 6.6e6
    run = make_run(steps=np.arange(1, n + 1) * 28, loss=loss, learning_rate=np.linspace(1.77, 0.08, n))
    hits = run_detector("initial-loss-off", run)
    assert hits and hits[0].severity == "info" and hits[0].evidence.get("mode") == "transient-start", \
        [h.message for h in hits]
    assert hits[0].causes[0] == "lr-too-high", hits[0].causes


@pytest.mark.parametrize("n", [5, 8, 9])
def test_a_short_logs_fast_first_epoch_at_an_ordinary_lr_is_no_broken_start(n):
    # a 5-epoch MLP: its first epoch's mean 0.15, then 0.0065 and falling -- a fast learner's first epoch
    loss = 0.0065 * 0.7 ** np.arange(n)
    loss[0] = 0.15
    run = make_run(steps=np.arange(1, n + 1), loss=loss, learning_rate=np.full(n, 1e-3))
    hits = run_detector("initial-loss-off", run)
    assert not any(h.evidence.get("mode") == "transient-start" for h in hits), [h.message for h in hits]


@pytest.mark.parametrize("n", [5, 8, 9])
def test_a_short_log_that_fell_steadily_is_no_broken_start(n):
    loss = 40.0 * 0.5 ** np.arange(n)  # halves every epoch: a first value 2**(n-1) times the last, no single drop
    hits = run_detector("initial-loss-off", make_run(steps=np.arange(1, n + 1), loss=loss))
    assert not any(h.evidence.get("mode") == "transient-start" for h in hits), [h.message for h in hits]


# --- a collapse onto one class's share for the last third, beside losses settled at log K ----------------------------

def _collapsed_third(n: int, k: int, level: float, seed: int = 0):
    """Thrown at its first epoch, mixed predictions for a while, then one class predicted for every example over the
    last ~half less one evaluation (the odd neighbour before it), the losses settled at ``level`` x log K."""
    rng = np.random.default_rng(seed)
    steps = np.arange(1, n + 1)
    lk = np.log(k)
    tr = level * lk * (1 + 0.004 * rng.standard_normal(n))
    tr[0] = 3.0 * lk
    va = level * lk * (1 + 0.004 * rng.standard_normal(n))
    va[: n // 2] = lk * (1 + 0.15 * rng.standard_normal(n // 2))
    q = 154 / 450 if k == 4 else 1.6 / k
    acc = np.round(rng.uniform(0.27, 0.46, n) * 450) / 450
    tail = n // 2 - 1
    acc[-tail:] = q
    acc[-tail - 1] = q + 1 / 450
    return make_run(steps=steps, **{"loss/train": tr, "loss/val": va, "val/acc": acc})


@pytest.mark.parametrize("n", [20, 25, 40])
@pytest.mark.parametrize("k", [4, 5])
def test_a_collapse_onto_a_share_beside_losses_settled_at_log_k_is_chance(n, k):
    hits = run_detector("plateau-at-chance", _collapsed_third(n, k, 0.985))
    assert hits and f"log({k})" in hits[0].message and "one class predicted" in hits[0].message, \
        [h.message for h in hits]


@pytest.mark.parametrize("n", [20, 25, 40])
def test_a_collapse_beside_losses_well_below_log_k_is_not_read_from_the_loss(n):
    hits = run_detector("plateau-at-chance", _collapsed_third(n, 4, 0.6))
    assert not any("a uniform guess's loss" in h.message for h in hits), [h.message for h in hits]


# --- a K read from one split's first accuracies that the other split's contradict -------------------------------------

def _six_class_epochs(n: int, train_first: tuple[float, ...]):
    """A 6-class model trained from scratch, per-epoch means: its first training loss 1.76 (= log 6), its first
    validation accuracies 0.44-0.48 (after a whole epoch of learning), its training accuracy over the first epochs
    ``train_first``, then both rising to ~0.95."""
    steps = np.arange(1, n + 1)
    loss = 0.05 + 1.71 * np.exp(-(steps - 1) / (n / 4))
    va = np.clip(0.44 + 0.5 * (1 - np.exp(-(steps - 1) / (n / 4))), 0, 0.97)
    va[:3] = [0.4399, 0.4842, 0.4778]
    ta = np.clip(0.33 + 0.65 * (1 - np.exp(-(steps - 1) / (n / 4))), 0, 0.98)
    ta[:3] = train_first
    return make_run(steps=steps, train_loss=loss, val_loss=loss * 0.6, train_acc=ta, val_acc=va)


@pytest.mark.parametrize("n", [20, 60])
def test_a_k_the_other_splits_first_accuracies_contradict_is_not_read(n):
    hits = run_detector("initial-loss-off", _six_class_epochs(n, (0.3283, 0.3647, 0.4422)))
    assert not any(h.severity in (None, "warning", "error") and "K=2" in h.message for h in hits), \
        [h.message for h in hits]


@pytest.mark.parametrize("n", [20, 60])
def test_a_k_both_splits_first_accuracies_agree_on_is_read(n):
    hits = run_detector("initial-loss-off", _six_class_epochs(n, (0.47, 0.49, 0.51)))
    assert hits and "K=2" in hits[0].message, [h.message for h in hits]


# --- a loss that stopped because its schedule took the LR to nothing ---------------------------------------------------

@pytest.mark.parametrize("n", [30, 100])
def test_a_constant_loss_under_an_lr_gone_to_nothing_names_the_schedule_first(n):
    rng = np.random.default_rng(0)
    steps = np.arange(1, n + 1)
    lr = 1.35e-3 * 0.3 ** (steps * 19 / 5.0)  # StepLR(step_size=5, gamma=0.3) stepped every batch, 19 batches an epoch
    loss = 0.787 * (1 + rng.normal(0, 0.002, n))
    hits = run_detector("constant-loss", make_run(steps=steps, train_loss=loss, lr=lr))
    assert hits and hits[0].causes and hits[0].causes[0] == "scheduler-misaligned", [(h.message, h.causes) for h in hits]


@pytest.mark.parametrize("peak", [1e-7, 8.8e-8, 1e-6])
def test_a_constant_loss_at_a_peak_lr_of_1e_6_or_less_names_the_lr_first(peak):
    rng = np.random.default_rng(1)
    n = 40
    steps = np.arange(1, n + 1) * 28
    loss = 1.0 * (1 + rng.normal(0, 0.002, n))
    lr = np.linspace(peak, peak / 20, n)
    hits = run_detector("constant-loss", make_run(steps=steps, train_loss=loss, lr=lr))
    assert hits and hits[0].causes and hits[0].causes[0] == "lr-too-low", [(h.message, h.causes) for h in hits]


# --- a held-out R² below 0 throughout beside a loss that only fell --------------------------------------------------

@pytest.mark.parametrize("n", [12, 35, 100])
def test_an_r2_below_zero_beside_a_loss_that_only_fell_is_underfitting(n):
    steps = np.arange(n)
    loss = 0.0002 + 0.0102 * np.exp(-steps / (n / 6))  # 0.0104 -> 0.0002: fell 50x, was thrown nowhere
    r2 = -0.35 - 12.7 * np.exp(-steps / (n / 8))
    run = make_run(steps=steps, train_loss=loss, val_loss=loss * 1.3, **{"val_r2": r2})
    hits = run_detector("underfitting", run)
    assert hits and hits[0].evidence.get("mode") == "r2-at-zero", [h.message for h in hits]


@pytest.mark.parametrize("n", [12, 35, 100])
def test_an_r2_below_zero_after_the_loss_was_thrown_up_is_not_underfitting(n):
    steps = np.arange(n)
    loss = 0.0002 + 0.0102 * np.exp(-steps / (n / 6))
    loss[n // 2:] *= 40.0  # thrown up after it had come down: divergence's story
    r2 = np.full(n, -0.35)
    hits = run_detector("underfitting", make_run(steps=steps, train_loss=loss, val_loss=loss, **{"val_r2": r2}))
    assert not any(h.evidence.get("mode") == "r2-at-zero" for h in hits), [h.message for h in hits]


# --- a tagger whose F1 is exactly 0 at every evaluation while its loss halves ---------------------------------------

@pytest.mark.parametrize("n", [6, 10, 30])
def test_an_f1_of_zero_throughout_beside_a_halved_loss_is_a_model_at_the_floor(n):
    steps = np.arange(1, n + 1)
    tr = 0.39 + 2.2 * np.exp(-steps / 1.5)
    va = 0.5 + 1.3 * np.exp(-steps / 1.5)
    z = np.zeros(n)
    run = make_run(steps=steps, TRAIN_LOSS=tr, DEV_LOSS=va, DEV_PRECISION=z, DEV_RECALL=z, DEV_F1=z,
                   DEV_ACCURACY=z)
    hits = run_detector("plateau-at-chance", run)
    assert hits and "never leaves the floor" in hits[0].message, [h.message for h in hits]


@pytest.mark.parametrize("n", [6, 10, 30])
def test_a_lone_accuracy_of_zero_beside_a_halved_regression_loss_is_a_metric_not_computed(n):
    steps = np.arange(1, n + 1)
    tr = 0.05 + 2.2 * np.exp(-steps / 1.5)
    run = make_run(steps=steps, train_loss=tr, val_loss=tr * 1.1, val_acc=np.zeros(n))
    hits = run_detector("plateau-at-chance", run)
    assert not any("never leaves the floor" in h.message for h in hits), [h.message for h in hits]


# --- a print log whose last words start the training -------------------------------------------------------------

_PREAMBLE = [f"2025-07-02 18:00:17,081 - __main__ - INFO - Fold {k}: train samples: {7658 + k}, val samples: 851"
             for k in range(10)] + ["2025-07-02 18:00:17,082 - __main__ - INFO - merged train samples: 76069",
                                    "2025-07-02 18:00:17,086 - __main__ - INFO - optimizer: AdamW (lr=0.0001)",
                                    "2025-07-02 18:00:17,086 - __main__ - INFO - scheduler: cosine"]


@pytest.mark.parametrize("start", ["2025-07-02 18:00:17,087 - __main__ - INFO - 开始训练...",
                                   "Starting training...", "INFO 7. training loop",
                                   "[train] Start training for 40 epochs"])
@pytest.mark.parametrize("after", ["", "2025-07-02 18:00:48 INFO [DEVICE] images device=cuda:0"])
def test_a_log_that_ends_where_its_training_starts_died_before_its_first_report(tmp_path, start, after):
    (tmp_path / "training.log").write_text("\n".join(_PREAMBLE + [start] + ([after] if after else [])) + "\n")
    rr, f = diagnosed_by_name(tmp_path)
    assert "crashed-run" in f and f["crashed-run"].severity == "info" and "where the training starts" in \
        f["crashed-run"].message, shown(rr)


def test_a_log_whose_training_reported_after_its_start_line_did_not_die_there(tmp_path):
    lines = _PREAMBLE + ["Starting training..."] + [f"epoch {e} loss {2.0 * 0.8 ** e:.4f} val_loss {2.1 * 0.82 ** e:.4f}"
                                                    for e in range(1, 21)] + ["Training finished."]
    (tmp_path / "training.log").write_text("\n".join(lines) + "\n")
    rr, f = diagnosed_by_name(tmp_path)
    assert "crashed-run" not in f or "where the training starts" not in f["crashed-run"].message, shown(rr)


def test_a_start_line_followed_by_a_traceback_is_told_by_the_error(tmp_path):
    lines = _PREAMBLE + ["Starting training...", "Traceback (most recent call last):",
                         '  File "train.py", line 88, in <module>', "RuntimeError: CUDA out of memory."]
    (tmp_path / "training.log").write_text("\n".join(lines) + "\n")
    rr, f = diagnosed_by_name(tmp_path)
    assert "crashed-run" not in f or "where the training starts" not in f["crashed-run"].message, shown(rr)


# --- Ultralytics with validation off: zeros in every held-out column ---------------------------------------------
# (2027-01-05cl izzylerman-constellation-train11: val=False until the last epoch, the job stopped at epoch 7 --
# every val/*_loss and every metrics/* column 0.0 at each epoch; read as heads that never received a target and a
# model at the floor: two errors. A real evaluation scores some part above 0, the class loss at least.)

def _yolo_rows(n: int, val_cls: float | None):
    rows = ["epoch,time,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),"
            "metrics/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2"]
    for e in range(1, n + 1):
        box, cls, dfl = 2.43 * 0.97 ** e, 3.8 * 0.9 ** e, 2.2 * 0.98 ** e
        vc = 0.0 if val_cls is None else val_cls * (1 + 0.01 * e)
        rows.append(f"{e},{15 * e},{box:.5f},{cls:.5f},{dfl:.5f},0,0,0,0,0,{vc:.5f},0,0.0076,0.0076,0.0076")
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("n", [5, 7, 20])
def test_a_yolo_run_with_validation_off_has_no_dead_heads_and_no_floor(tmp_path, n):
    (tmp_path / "results.csv").write_text(_yolo_rows(n, None))
    rr, f = diagnosed_by_name(tmp_path)
    assert "constant-loss" not in f and "plateau-at-chance" not in f, shown(rr)


@pytest.mark.parametrize("n", [5, 7, 20])
def test_a_yolo_run_whose_evaluation_ran_on_no_targets_keeps_its_dead_heads(tmp_path, n):
    (tmp_path / "results.csv").write_text(_yolo_rows(n, 0.4668))
    rr, f = diagnosed_by_name(tmp_path)
    assert "constant-loss" in f or "plateau-at-chance" in f, shown(rr)


@pytest.mark.parametrize("lr", [1.0, 3.0])
def test_a_loss_frozen_after_an_lr_of_1_names_the_lr_first(lr):
    # (2027-01-06nu41 cooling-mlp-adam-lr1: Adam at lr 1, a first loss of 4.6e4, then 1.02588 to 1e-3 for 20 epochs)
    rng = np.random.default_rng(2)
    n = 30
    steps = np.arange(1, n + 1)
    loss = np.full(n, 1.02588) * (1 + rng.normal(0, 2e-4, n))
    loss[:10] = np.geomspace(4.56e4, 1.1, 10)
    hits = run_detector("constant-loss", make_run(steps=steps, train_loss=loss, lr=np.full(n, lr)))
    assert hits and hits[0].causes and hits[0].causes[0] == "lr-too-high", [(h.message, h.causes) for h in hits]
