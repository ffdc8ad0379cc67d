"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-fifth round.

- An agent's per-episode rewards dumped to a file named for them (``np.savetxt("rewards.csv", rewards)``: one column,
  named ``rewards``) were no RL run: the RL markers knew 'reward' and 'returns?' but not the plural 'rewards', so
  the agent-never-learned reading (its returns never rose above the untrained policy's) never looked. Seen in
  2026-12-21bj frozen-agent-reward-list and 2026-12-21bk utham07_gobletoffire (both labelled underfitting).
- An agent whose every episode returns the same negative number (MountainCar's -200: each episode runs out its 200
  steps at -1 a step, the goal never reached) has a return of spread 0, which the reading passed over as "a constant
  metric says nothing": it says the goal was never once reached. A constant return above 0 (a solved task's maximum,
  a policy loaded trained) says nothing of that kind and stays unjudged. Seen in 2026-12-22bm
  mountaincar-506ep-never-solves (labelled plateau_at_chance).
- A converged classifier's held-out loss thrown 24x above the evaluations on either side for an epoch or two and
  back (GTSRB ResNet: 0.113 -> 2.76 -> 2.37 -> 0.076): its near-zero tail zig-zags by +-0.5 nats, so the reading-
  against-reading test's scatter bar hid it. A jump big_ratio^2 above both neighbours that gave back more than all
  the progress the series made needs no scatter test. Seen in 2026-12-22bm gtsrb-resnet-20ep-val-spikes (labelled
  loss_spikes); a near-zero tail that only zig-zags stays quiet.
"""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import modes_of, severities_by_name


def _rewards(n: int, *, learns: bool, noise: float, seed: int = 0, sparse: bool = False) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = np.arange(n) / max(n - 1, 1)
    if sparse:  # mostly 0, a hit now and then (a frozen agent in a sparse-reward task)
        base = np.where(rng.random(n) < 0.08, rng.uniform(10, 60, n), 0.0)
        return base + (x * 80 if learns else 0.0)
    level = -50 + (120 * (1 - np.exp(-4 * x)) if learns else 0.0)
    return level + noise * 100 * rng.standard_normal(n)


@pytest.mark.parametrize("name", ["rewards.csv", "rewards.txt", "episode_rewards.csv"])
@pytest.mark.parametrize("n", [100, 500, 2000])
@pytest.mark.parametrize("noise", [0.05, 0.3])
def test_an_agent_whose_dumped_rewards_never_rose_did_not_learn(tmp_path, name, n, noise):
    np.savetxt(tmp_path / name, _rewards(n, learns=False, noise=noise))
    sev = severities_by_name(tmp_path)
    assert sev.get("underfitting") in ("warning", "error"), sev


@pytest.mark.parametrize("name", ["rewards.csv", "rewards.txt"])
@pytest.mark.parametrize("n", [100, 500, 2000])
@pytest.mark.parametrize("noise", [0.05, 0.3])
def test_an_agent_whose_dumped_rewards_rose_is_not_warned(tmp_path, name, n, noise):
    np.savetxt(tmp_path / name, _rewards(n, learns=True, noise=noise))
    sev = severities_by_name(tmp_path)
    assert not {r for r, s in sev.items() if s in ("warning", "error")}, sev


@pytest.mark.parametrize("n", [100, 1000])
def test_a_sparse_reward_agent_that_never_improved_did_not_learn(tmp_path, n):
    np.savetxt(tmp_path / "rewards.csv", _rewards(n, learns=False, noise=0.0, sparse=True))
    assert "underfitting" in severities_by_name(tmp_path)


def _monitor(tmp_path, returns):
    lines = ['#{"t_start": 1700000000.0, "env_id": "MountainCar-v0"}', "r,l,t"]
    t = 0.0
    for r in returns:
        t += 0.36
        lines.append(f"{r},200,{t:.6f}")
    (tmp_path / "monitor.csv").write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("n", [30, 506, 3000])
@pytest.mark.parametrize("value", [-200.0, -500.0, -1.0])
def test_the_same_negative_return_in_every_episode_is_an_agent_that_never_learned(tmp_path, n, value):
    _monitor(tmp_path, [value] * n)
    sev = severities_by_name(tmp_path)
    assert sev.get("underfitting") in ("warning", "error"), sev


@pytest.mark.parametrize("value", [500.0, 200.0])
def test_the_same_positive_return_in_every_episode_is_not_judged(tmp_path, value):
    # (CartPole's 500 in every episode: a policy at the task's maximum, e.g. loaded trained -- nothing to fault)
    _monitor(tmp_path, [value] * 300)
    sev = severities_by_name(tmp_path)
    assert "underfitting" not in sev, sev


def test_an_agent_that_reached_the_goal_once_is_judged_by_its_spread(tmp_path):
    # (-200 every episode but a few that reached the goal sooner, late in the run: it began to learn)
    returns = [-200.0] * 400 + [-200.0, -150.0, -200.0, -120.0, -200.0, -110.0, -100.0, -95.0] * 12
    _monitor(tmp_path, returns)
    sev = severities_by_name(tmp_path)
    assert sev.get("underfitting") not in ("warning", "error"), sev


# --------------------------------------------------------------------- a held-out loss thrown far up for an epoch
def _keras_table(tmp_path, val, seed=0):
    rng = np.random.default_rng(seed)
    n = len(val)
    train = [3.8 * np.exp(-0.45 * e) + 0.03 * (1 + 0.2 * rng.standard_normal()) for e in range(n)]
    rows = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    for e in range(n):
        rows.append(f"{e},{min(0.99, 0.2 + 0.04 * e)},{train[e]},{min(0.99, 0.3 + 0.035 * e)},{val[e]}")
    (tmp_path / "log.csv").write_text("\n".join(rows) + "\n")


def _converged_val(n, zigzag, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for e in range(n):
        level = 3.3 * np.exp(-1.2 * e) + 0.045
        out.append(level * float(np.exp(zigzag * rng.standard_normal())))
    return out


# (GTSRB ResNet, Keras CSVLogger, 2026-12-22bm gtsrb-resnet-20ep-val-spikes: the held-out loss as logged)
GTSRB_VAL = [3.3535, 0.68893, 0.39374, 0.14623, 0.16270, 0.11319, 2.75946, 2.37438, 0.07606, 1.39751, 0.04449,
             0.07903, 0.05412, 0.06469, 0.02554, 0.05453, 0.03915, 0.03126, 0.04567, 0.02594]


@pytest.mark.parametrize("scale", [0.01, 1.0, 30.0])
@pytest.mark.parametrize("shift", [0, 3])
@pytest.mark.parametrize("tail", [0, 20])
def test_a_held_out_loss_thrown_past_all_its_progress_is_a_spike(tmp_path, scale, shift, tail):
    # (0.113 -> 2.76 -> 2.37 -> 0.076 and 0.076 -> 1.40 -> 0.044: 24x and 18x, each more than the whole series'
    # progress from its start, beside a near-zero tail that zig-zags by +-0.5 nats, so the scatter test alone hides
    # them; in any unit, with the spikes later in the run and with more converged epochs after)
    base = GTSRB_VAL[:6]
    val = base + base[-1:] * shift + GTSRB_VAL[6:] + (GTSRB_VAL[-8:] * 3)[:tail]
    _keras_table(tmp_path, [x * scale for x in val])
    assert "loss-spikes" in severities_by_name(tmp_path)


@pytest.mark.parametrize("zigzag", [0.3, 0.5])
@pytest.mark.parametrize("n", [15, 20, 40])
def test_a_near_zero_held_out_loss_that_only_zig_zags_has_no_spike(tmp_path, zigzag, n):
    _keras_table(tmp_path, _converged_val(n, zigzag, seed=3))
    assert "loss-spikes" not in severities_by_name(tmp_path)


# --------------------------------------------------------------------- precision and recall beside a ROC-AUC
@pytest.mark.parametrize("swing", [0.04, 0.07, 0.1])
@pytest.mark.parametrize("n", [20, 60])
def test_precision_and_recall_swinging_beside_a_steady_auc_are_no_oscillation(tmp_path, swing, n):
    # (a binary Keras model with AUC, precision and recall metrics: the threshold halves trade against each other
    # from epoch to epoch while the AUC, which reads every threshold, climbs smoothly; 2026-12-23bo tinobie03-hit800)
    import json

    rng = np.random.default_rng(1)
    e = np.arange(n) / n
    auc = 0.63 + 0.22 * (1 - np.exp(-3 * e)) + 0.003 * rng.standard_normal(n)
    sign = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    hist = {"loss": list(0.66 - 0.2 * e), "val_loss": list(0.62 - 0.17 * e),
            "accuracy": list(0.55 + 0.23 * e), "val_accuracy": list(0.66 + 0.12 * e), "val_auc": list(auc),
            "val_precision": list(0.78 + swing * sign), "val_recall": list(0.70 - swing * sign)}
    (tmp_path / "history.json").write_text(json.dumps(hist))
    sev = severities_by_name(tmp_path)
    assert sev.get("oscillation") not in ("warning", "error"), sev


# --------------------------------------------------------------------- a recommender's recall at a cut-off
@pytest.mark.parametrize("level", [0.03, 0.09, 0.2])
def test_a_recall_at_k_at_its_own_level_is_no_underfitting(tmp_path, level):
    # (LightGCN: BPR loss 5.19 -> 4.20 over 50 epochs, Recall@20 0.07 -> 0.09, NDCG@20 alike -- a retrieval score at a
    # cut-off over thousands of items has no level that says 'poor'; 2026-12-23bo qian9332-lightgcn)
    import json

    rows = []
    for i, ep in enumerate(range(5, 55, 5)):
        f = i / 9
        rows.append({"epoch": ep, "loss": 5.19 - 0.99 * f, "Recall@20": level * (0.8 + 0.25 * f),
                     "NDCG@20": level * 0.55 * (0.8 + 0.25 * f), "Recall@50": level * 1.6 * (0.8 + 0.25 * f)})
    (tmp_path / "metrics.json").write_text(json.dumps(rows))
    sev = severities_by_name(tmp_path)
    assert sev.get("underfitting") not in ("warning", "error"), sev


# --------------------------------------------------------------------- grokking in a run that went on long after
@pytest.mark.parametrize("after", [1, 4, 10])
def test_grokking_is_told_however_long_the_run_went_on_after_it(tmp_path, after):
    # (memorised by step 200, validation at 0.05-0.2 until ~3,000, at 100% by 4,800 -- and the log goes on to
    # 4,800 x (1 + after) steps at 100%: the wait is as long whatever came after; 2026-12-23bn modadd)
    import json

    end = 4800 * (1 + after)
    rows = []
    for step in range(0, end + 1, 100):
        tr_acc = min(1.0, 0.01 + step / 200)
        if step <= 2400:
            va = 0.01 + 0.1 * step / 2400
        elif step <= 4800:
            va = 0.11 + 0.89 * ((step - 2400) / 2400) ** 2
        else:
            va = 0.999
        rows.append({"step": step, "train_loss": max(4.75 * (1 - step / 200), 1e-6) + 1e-7, "train_acc": tr_acc,
                     "val_loss": 4.8 - 4.79 * max(0.0, va - 0.1) / 0.9, "val_acc": va})
    (tmp_path / "log.json").write_text(json.dumps(rows))
    assert "grokking" in severities_by_name(tmp_path)


# --------------------------------------------------------------------- thrown to chance within the first epoch
@pytest.mark.parametrize("first", [2.9, 6.62, 12.0])
@pytest.mark.parametrize("k", [4, 10])
def test_a_first_epoch_mean_far_above_log_k_then_chance_is_the_lr(tmp_path, first, k):
    # (Adam at lr 0.5: the first epoch's mean loss 6.62 = 4.8x log 4 holds the blow-up, then 1.39-1.41 to the end with
    # validation accuracy at 1/K: one phenomenon -- chance after the LR threw the model there, the LR first among the
    # causes, initial-loss-off's reading of that first value as context; 2026-12-23nu27 stroke_adam_lr_half)
    import curvedoc

    rng = np.random.default_rng(k)
    lk = np.log(k)
    first = first * lk / np.log(4)
    rows = ["epoch,train_loss,val_loss,val_acc,lr"]
    for e in range(18):
        tr = first if e == 0 else lk * (1.01 + 0.005 * rng.standard_normal())
        rows.append(f"{e + 1},{tr},{lk * (1.01 + 0.008 * rng.standard_normal())},"
                    f"{1 / k + 0.02 * rng.standard_normal()},0.5")
    (tmp_path / "log.csv").write_text("\n".join(rows) + "\n")
    rep = curvedoc.diagnose(str(tmp_path))
    (rr,) = rep.runs
    sev = {f.name: f.severity for f in rr.findings}
    assert sev.get("plateau-at-chance") == "error", sev
    assert sev.get("initial-loss-off") in (None, "info"), sev
    first_cause = next(iter(rr.top_causes)) if rr.top_causes else None
    assert first_cause is not None and "learning rate" in str(first_cause).lower(), rr.top_causes


# --------------------------------------------------------------------- one answer to every input
def _frozen_history(tmp_path, share, n, *, train_share=None, loss_fall=0.3, seed=0):
    import json

    rng = np.random.default_rng(seed)
    train_share = share if train_share is None else train_share
    h0 = -(share * np.log(share) + (1 - share) * np.log(1 - share))
    e = np.arange(n) / max(n - 1, 1)
    hist = {"training_loss": list(h0 * 1.2 * (1 - loss_fall * e) * (1 + 0.03 * rng.standard_normal(n))),
            "validation_loss": list(h0 * 1.25 * (1 - 0.8 * loss_fall * e) * (1 + 0.03 * rng.standard_normal(n))),
            "training_accuracy": list(train_share + 2e-5 * rng.standard_normal(n)),
            "validation_accuracy": list(share + 1e-4 * rng.standard_normal(n))}
    (tmp_path / "history.json").write_text(json.dumps(hist))


@pytest.mark.parametrize("share", [0.62, 0.707, 0.85])
@pytest.mark.parametrize("n", [8, 23, 60])
@pytest.mark.parametrize("loss_fall", [0.0, 0.3])
def test_both_accuracies_frozen_at_one_share_is_one_answer_to_every_input(tmp_path, share, n, loss_fall):
    # (a binary classifier whose training and held-out accuracies sit at the majority share, 0.7067 / 0.7072, to four
    # decimals for 23 epochs while its loss creeps from 0.73 to 0.52: 2026-12-23bn splane_majority_class_23ep)
    _frozen_history(tmp_path, share, n, loss_fall=loss_fall)
    assert "never-moved" in modes_of(tmp_path, "plateau-at-chance")


@pytest.mark.parametrize("share", [0.707, 0.92])
def test_a_held_out_accuracy_frozen_beside_a_training_one_that_fits_is_not_one_answer(tmp_path, share):
    # (a converged fine-tune's held-out accuracy can stand still; its training accuracy stands apart from it)
    _frozen_history(tmp_path, share, 23, train_share=min(0.995, share + 0.06))
    assert "never-moved" not in modes_of(tmp_path, "plateau-at-chance")


def test_a_pixel_accuracy_frozen_beside_a_dice_that_rises_is_not_one_answer(tmp_path):
    # (a lesion segmenter: pixel accuracy 0.999 -- the background -- at every epoch on both names Keras gives it, while
    # its Dice rises 0.64 -> 0.70: the model learns; 2026-12-04u mslesseg-keras-validation, healthy)
    import json

    rng = np.random.default_rng(5)
    n = 40
    e = np.arange(n) / n
    acc = list(0.99906 + 2e-5 * rng.standard_normal(n))
    hist = {"loss": list(1.0 - 0.2 * e + 0.05 * rng.standard_normal(n)), "accuracy": acc,
            "val_accuracy": acc, "val_dice_score": list(0.636 + 0.066 * e + 0.01 * rng.standard_normal(n))}
    (tmp_path / "history.json").write_text(json.dumps(hist))
    assert "never-moved" not in modes_of(tmp_path, "plateau-at-chance")


# --------------------------------------------------------------------- an agent's table naming its return 'reward_sum'
# (the DQN's TD loss and reward sum as logged, 100 episodes: 0 before the replay buffer fills, then 0.04-0.23)
DQN_LOSS = [
    0.0, 0.0, 0.1438, 0.0451, 0.0376, 0.2231, 0.2317, 0.1381, 0.0939, 0.1263, 0.1167, 0.0895, 0.1242, 0.1141,
    0.1865, 0.1253, 0.0623, 0.0956, 0.1582, 0.1522, 0.1683, 0.0711, 0.0699, 0.0733, 0.1137, 0.1297, 0.0713,
    0.0714, 0.0742, 0.1379, 0.1217, 0.0764, 0.0815, 0.0844, 0.1373, 0.1503, 0.0732, 0.075, 0.0845, 0.1175,
    0.1222, 0.0628, 0.0667, 0.0885, 0.0927, 0.088, 0.0624, 0.0635, 0.0703, 0.0831, 0.0866, 0.0666, 0.0618,
    0.0603, 0.0707, 0.0738, 0.0638, 0.0612, 0.0532, 0.0526, 0.0652, 0.0527, 0.0578, 0.0613, 0.0613, 0.0734,
    0.0629, 0.0648, 0.0566, 0.0621, 0.0688, 0.067, 0.0619, 0.0626, 0.0605, 0.0669, 0.0605, 0.0593, 0.0602,
    0.0546, 0.0631, 0.0495, 0.0535, 0.0494, 0.0472, 0.0407, 0.0406, 0.033, 0.0353, 0.0377, 0.043, 0.0361,
    0.0369, 0.0338, 0.0389, 0.0399, 0.0371, 0.0347, 0.035, 0.0325]
DQN_REWARD = [
    -11.15, -5.65, -13.15, -8.25, -5.81, -16.47, -6.74, -10.5, -7.56, -5.11, -12.82, -8.04, -9.61, -7.72, -7.76,
    -6.92, -10.32, -11.98, -7.16, -6.37, -16.15, -5.98, -6.47, -10.52, -9.86, -9.38, -5.04, -7.53, -14.9,
    -12.92, -7.07, -11.21, -10.38, -5.77, -6.64, -7.02, -4.36, -7.25, -9.08, -7.57, -6.4, -5.96, -6.36, -8.45,
    -7.81, -6.54, -9.78, -6.0, -2.51, -7.63, -7.71, -11.35, -6.55, -4.25, -6.82, -5.8, 0.99, -7.24, -5.34,
    -9.84, -9.02, -9.48, -6.25, -3.93, -14.77, -8.15, -5.43, -8.8, -5.25, -7.43, -3.98, -11.33, -5.33, -5.32,
    -4.7, -3.61, -6.64, -5.95, -9.01, -3.88, -4.5, -4.8, -4.58, -4.55, -7.5, -0.03, -2.88, -1.19, -8.65, -4.99,
    -5.32, -7.54, -3.84, -5.25, -5.45, -7.65, -5.7, -3.9, -3.28, -6.65]


@pytest.mark.parametrize("name", ["reward_sum", "rewards_total", "sum_reward"])
def test_a_dqn_table_with_a_reward_sum_is_an_agent_whose_td_loss_need_not_fall(tmp_path, name):
    # (an agent's loss tracks a moving target; read as a training loss it 'diverged from its best 0' at the first
    # episode; 2026-12-24bp daniyal2mil_timetable_dqn)
    rows = [f"episode,penalty,{name},epsilon,loss"]
    for e, (loss, rew) in enumerate(zip(DQN_LOSS, DQN_REWARD), 1):
        rows.append(f"{e},{1231 - e},{rew},{max(0.05, 0.97 ** e):.3f},{loss}")
    (tmp_path / "training_metrics.csv").write_text("\n".join(rows) + "\n")
    sev = severities_by_name(tmp_path)
    assert sev.get("divergence") not in ("warning", "error"), sev
