"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-third round.

- A print log that names its numbers only by their split (``train 1.23 val 1.10``, ``tr nan va nan``) prints the
  one quantity a training is about per split: its loss. When those are NaN at every reading (weights blown up
  before the first print) they are the loss all the same, and the run diverged: it is no run with "no loss logged".
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from _helpers import severities_by_name

import curvedoc




# --------------------------------------------------------------------- split-named losses NaN from the first print
_SPLIT_STYLES = {
    "words": "epoch {e}: train {tr} val {va} score {sc:.4f}",
    "short": "e{e:03d} tr {tr} va {va} score {sc:.4f} lr 1.00e-03",
    "dev": "[epoch {e}] train={tr} dev={va} acc={sc:.4f}",
    "short_te": "ep{e} | tr {tr} | te {va} | f1 {sc:.4f}",
    "short_vl": "E{e:02d} tr {tr} vl {va} acc {sc:.4f}",
}


def _split_log(tmp_path, style, epochs, *, broken_from=None, seed=0):
    """A print log naming each number by its split; ``broken_from``: the epoch from which both losses print nan
    (None: the run learns)."""
    rng = np.random.default_rng(seed)
    lines = ["run: mlp, sgd lr 0.05"]
    for e in range(1, epochs + 1):
        if broken_from is not None and e >= broken_from:
            tr = va = "nan"
            sc = 0.2313
        else:
            t = 1.4 * (0.3 + 0.7 * math.exp(-e / 5)) * (1 + 0.02 * rng.standard_normal())
            tr, va = f"{t:.4f}", f"{t * 1.08:.4f}"
            sc = 0.25 + 0.6 * (1 - math.exp(-e / 5))
        lines.append(_SPLIT_STYLES[style].format(e=e, tr=tr, va=va, sc=sc))
    (tmp_path / "run.log").write_text("\n".join(lines) + "\n")
    return tmp_path


@pytest.mark.parametrize("style", sorted(_SPLIT_STYLES))
@pytest.mark.parametrize("epochs", [5, 25, 120])
def test_split_named_losses_nan_from_the_first_print_are_a_divergence(tmp_path, style, epochs):
    found = severities_by_name(_split_log(tmp_path, style, epochs, broken_from=1))
    assert found.get("divergence") == "error", found


@pytest.mark.parametrize("style", sorted(_SPLIT_STYLES))
@pytest.mark.parametrize("epochs", [5, 25, 120])
def test_split_named_losses_that_learn_are_no_divergence(tmp_path, style, epochs):
    found = severities_by_name(_split_log(tmp_path, style, epochs))
    assert "divergence" not in found and not any(s in ("warning", "error") for s in found.values()), found



# --------------------------------------------------------------------- a held-out accuracy below 1/K all along
def _shuffled_labels_csv(tmp_path, k, epochs, *, acc_share, learns=False, train_acc=False, acc_noise=0.08, val_rise=0.07,
                         seed=0):
    """A K-class classifier whose training labels were shuffled apart from the inputs: the training loss starts at
    log K and creeps down (memorising), the validation loss starts at log K and drifts up, and the validation
    accuracy sits at ``acc_share`` x 1/K (an unbalanced evaluation set whose majority the model misses). ``learns``:
    a real learner instead, whose validation loss falls well below log K and whose accuracy starts below 1/K and
    climbs off it."""
    rng = np.random.default_rng(seed)
    lk = math.log(k)
    rows = ["epoch,train_loss,val_loss,val_acc" + (",train_acc" if train_acc else "")]
    for e in range(1, epochs + 1):
        f = e / epochs
        if learns:
            tr = lk * (0.35 + 0.65 * math.exp(-4 * f)) * (1 + 0.01 * rng.standard_normal())
            va = tr * 1.05
        else:
            tr = lk * (1.003 - 0.06 * f) * (1 + 0.003 * rng.standard_normal())
            va = lk * (1.01 + val_rise * (e - 1) / epochs) * (1 + 0.003 * rng.standard_normal())
        share = acc_share + (1.7 - acc_share) * f if learns else acc_share  # a learner climbs off its slow start
        acc = min(1.0, max(0.0, share / k * (1 + acc_noise * rng.standard_normal())))
        row = f"{e},{tr:.5f},{va:.5f},{acc:.4f}"
        if train_acc:  # the training split memorised: its accuracy climbs from 1/K toward 0.8
            row += f",{1.0 / k + (0.8 - 1.0 / k) * (1 - math.exp(-3 * f)):.4f}"
        rows.append(row)
    (tmp_path / "metrics_log.csv").write_text("\n".join(rows) + "\n")
    return tmp_path


@pytest.mark.parametrize("k", [2, 3, 4, 5, 10])
@pytest.mark.parametrize("epochs", [12, 40, 150])
@pytest.mark.parametrize("acc_share", [0.55, 0.7, 0.85])
def test_a_held_out_accuracy_below_one_in_k_beside_a_loss_at_log_k_never_beat_chance(tmp_path, k, epochs, acc_share):
    found = severities_by_name(_shuffled_labels_csv(tmp_path, k, epochs, acc_share=acc_share))
    assert "plateau-at-chance" in found, found


@pytest.mark.parametrize("k", [2, 4, 10])
@pytest.mark.parametrize("epochs", [12, 40, 150])
def test_a_held_out_loss_that_falls_below_log_k_after_a_slow_start_is_no_chance(tmp_path, k, epochs):
    found = severities_by_name(_shuffled_labels_csv(tmp_path, k, epochs, acc_share=0.7, learns=True))
    assert "plateau-at-chance" not in found, found


# --------------------------------------------------------------------- a pandas-written history that was NaN throughout
@pytest.mark.parametrize("columns", [["loss", "accuracy", "val_loss", "val_accuracy"], ["loss", "mae", "val_loss", "val_mae"],
                                     ["loss"], ["loss", "val_loss", "lr"]])
@pytest.mark.parametrize("epochs", [3, 25, 200])
def test_a_keras_history_written_by_pandas_nan_at_every_epoch_diverged(tmp_path, columns, epochs):
    # pd.DataFrame(history.history).to_csv(...) of a fit whose loss went NaN in its first batch: the row index and
    # nothing else, every cell empty -- the training never held a number, which is divergence, not "no loss logged"
    pd = pytest.importorskip("pandas")
    pd.DataFrame({c: [float("nan")] * epochs for c in columns}).to_csv(tmp_path / "history.csv")
    found = severities_by_name(tmp_path)
    assert found.get("divergence") == "error", found


@pytest.mark.parametrize("epochs", [3, 25])
def test_a_pandas_written_history_with_numbers_is_read_as_before(tmp_path, epochs):
    pd = pytest.importorskip("pandas")
    loss = [2.0 * 0.8 ** e for e in range(epochs)]
    pd.DataFrame({"loss": loss, "val_loss": [x * 1.1 for x in loss], "mae": [float("nan")] * epochs}) \
        .to_csv(tmp_path / "history.csv")
    found = severities_by_name(tmp_path)
    assert "divergence" not in found, found


# --------------------------------------------------------------------- thrown far above any uniform guess, K unknown
def _thrown_log(tmp_path, epochs, level, *, learns=False, summed=False, seed=0, style="keras"):
    """A classifier (an accuracy logged beside the loss, no class count anywhere) whose LR threw it at the first
    epoch: the loss wanders around ``level`` nats for the whole run while the accuracy wanders around an unbalanced
    set's majority share (0.38: no 1/K). ``learns``: a healthy run whose loss is summed over a batch of 64 instead
    (it starts at 64 x log K, falls, and its accuracy rises)."""
    rng = np.random.default_rng(seed)
    lines = [f"Training for {epochs} epochs"]
    for e in range(1, epochs + 1):
        f = e / epochs
        if learns:
            tr = 64 * math.log(3) * (0.3 + 0.7 * math.exp(-4 * f)) * (1 + 0.03 * rng.standard_normal())
            va = tr * 1.1
            acc = 0.38 + 0.5 * (1 - math.exp(-4 * f)) + 0.01 * rng.standard_normal()
        else:
            tr = level * (1.4 if e == 1 else 1 + 0.15 * rng.standard_normal())
            va = level * (1 + 0.3 * rng.standard_normal())
            acc = 0.38 + 0.04 * rng.standard_normal()
        if style == "keras":
            lines.append(f"Epoch {e}/{epochs} - loss: {tr:.4f} - val_loss: {abs(va):.4f} - val_acc: {acc:.4f}")
        else:
            lines.append(f"epoch={e} train_loss={tr:.4f} valid_loss={abs(va):.4f} valid_accuracy={acc:.4f}")
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    return tmp_path


@pytest.mark.parametrize("level", [30.0, 60.0, 400.0])
@pytest.mark.parametrize("epochs", [8, 15, 60])
@pytest.mark.parametrize("style", ["keras", "kv"])
def test_a_classifier_loss_kept_far_above_any_uniform_guess_diverged(tmp_path, level, epochs, style):
    found = severities_by_name(_thrown_log(tmp_path, epochs, level, style=style))
    assert found.get("divergence") == "error", found


@pytest.mark.parametrize("epochs", [8, 15, 60])
@pytest.mark.parametrize("style", ["keras", "kv"])
def test_a_batch_summed_loss_that_learns_is_no_divergence(tmp_path, epochs, style):
    found = severities_by_name(_thrown_log(tmp_path, epochs, 0.0, learns=True, style=style))
    assert "divergence" not in found, found


@pytest.mark.parametrize("level", [3.0, 6.0, 12.0])
def test_a_classifier_loss_a_few_nats_up_with_no_class_count_is_not_read_as_thrown(tmp_path, level):
    # without K, 3-12 nats may be a uniform guess over 20-150,000 classes: not above any uniform guess
    found = severities_by_name(_thrown_log(tmp_path, 15, level))
    assert "divergence" not in found, found


# --------------------------------------------------------------------- one class predicted, one flicker in between
def _one_class_csv(tmp_path, k, evals, *, share, flicker_at, learner=False, seed=0):
    """A K-class classifier whose held-out accuracy is ``share`` (the majority class's share of an unbalanced
    evaluation set: one class predicted for every example) at every evaluation but one (``flicker_at``: another class
    predicted once), its losses at log K after a warm-up bump. ``learner``: a converged classifier instead, whose
    small evaluation set repeats 0.92 and whose loss is far below log K."""
    rng = np.random.default_rng(seed)
    lk = math.log(k)
    rows = ["step,train_loss,val_loss,val_accuracy"]
    for i in range(evals):
        step = 30 * (i + 1)
        if learner:
            tr, va, acc = 0.25 * lk * (1 + 0.05 * rng.standard_normal()), 0.3 * lk, 0.92 if i != flicker_at else 0.9
        else:
            tr = lk * (1.26 if i == 0 else 1 + 0.01 * rng.standard_normal())
            va = lk * (0.975 + 0.01 * rng.standard_normal())
            acc = share if i != flicker_at else round(0.6 * share, 4)  # another class, predicted once
        rows.append(f"{step},{tr:.5f},{va:.5f},{acc:.6f}")
    (tmp_path / "metrics_log.csv").write_text("\n".join(rows) + "\n")
    return tmp_path


@pytest.mark.parametrize("k,share", [(3, 0.52), (4, 0.3733), (5, 0.36), (10, 0.3)])
@pytest.mark.parametrize("evals,flicker_at", [(10, 4), (12, 3), (20, 11)])
def test_one_class_predicted_with_one_flicker_beside_a_loss_at_log_k_is_chance(tmp_path, k, share, evals, flicker_at):
    found = severities_by_name(_one_class_csv(tmp_path, k, evals, share=share, flicker_at=flicker_at))
    assert found.get("plateau-at-chance") == "error", found


@pytest.mark.parametrize("k", [3, 4, 10])
@pytest.mark.parametrize("evals,flicker_at", [(10, 4), (20, 11)])
def test_a_converged_model_repeating_its_score_on_a_small_set_is_no_chance(tmp_path, k, evals, flicker_at):
    found = severities_by_name(_one_class_csv(tmp_path, k, evals, share=0.0, flicker_at=flicker_at, learner=True))
    assert "plateau-at-chance" not in found, found


@pytest.mark.parametrize("k", [2, 3, 5, 10])
@pytest.mark.parametrize("epochs", [12, 60])
@pytest.mark.parametrize("acc_share", [0.85, 1.0])
@pytest.mark.parametrize("val_rise", [0.07, 0.25])
def test_a_training_accuracy_that_climbs_as_it_memorises_does_not_veto_a_held_out_loss_at_log_k(tmp_path, k, epochs,
                                                                                                 acc_share, val_rise):
    # (0.25: the held-out loss climbs a quarter above log K as the shuffled training labels are memorised)
    found = severities_by_name(_shuffled_labels_csv(tmp_path, k, epochs, acc_share=acc_share, train_acc=True,
                                             acc_noise=0.15, val_rise=val_rise))
    assert "plateau-at-chance" in found, found


@pytest.mark.parametrize("k", [2, 5, 10])
@pytest.mark.parametrize("epochs", [12, 60])
def test_a_learner_with_its_training_accuracy_is_still_no_chance(tmp_path, k, epochs):
    found = severities_by_name(_shuffled_labels_csv(tmp_path, k, epochs, acc_share=0.7, learns=True, train_acc=True))
    assert "plateau-at-chance" not in found, found


# --------------------------------------------------------------------- a per-episode table's 'steps' is a length
def _episode_table(tmp_path, episodes, *, name="steps", seed=0, learns=True, relaunch_at=None):
    """A per-episode RL table (episode, <name>: how many steps the episode lasted, total_reward). ``relaunch_at``:
    the script was started again there, the episode counter back at 1."""
    rng = np.random.default_rng(seed)
    rows = [f"episode,{name},total_reward,epsilon"]
    ep = 0
    for i in range(episodes):
        ep = 1 if (relaunch_at is not None and i == relaunch_at) else ep + 1
        f = i / episodes
        length = int(rng.integers(150, 320))
        reward = (-200 + (300 * f if learns else 0)) + 80 * rng.standard_normal()
        rows.append(f"{ep},{length},{reward:.2f},{max(0.05, 1 - f):.4f}")
    (tmp_path / "training_metrics.csv").write_text("\n".join(rows) + "\n")
    return tmp_path


@pytest.mark.parametrize("episodes", [40, 300, 2000])
@pytest.mark.parametrize("name", ["steps", "step", "iterations"])
def test_an_episode_length_column_named_steps_is_no_step_counter(tmp_path, episodes, name):
    rep = curvedoc.diagnose(str(_episode_table(tmp_path, episodes, name=name)))
    assert len(rep.runs) == 1, [rr.run for rr in rep.runs]
    found = {f.name: f.severity for rr in rep.runs for f in rr.findings}
    assert "restarted-run" not in found and "metric-regression" not in found, found
    assert rep.runs[0].points >= episodes, rep.runs[0].points


@pytest.mark.parametrize("episodes", [80, 400])
def test_an_episode_counter_that_starts_again_is_still_a_relaunch(tmp_path, episodes):
    rep = curvedoc.diagnose(str(_episode_table(tmp_path, episodes, relaunch_at=episodes // 2)))
    found = {f.name for rr in rep.runs for f in rr.findings}
    assert len(rep.runs) == 2 or "restarted-run" in found, ([rr.run for rr in rep.runs], found)


# --------------------------------------------------------------------- a count per epoch is no epoch
@pytest.mark.parametrize("header", ["Epochs: 25, steps/epoch: 94, total steps: 2350", "Epochs: 25, steps per epoch: 94",
                                    "epochs=25 iters/epoch=94", "Training 25 epochs (batches per epoch: 94)"])
@pytest.mark.parametrize("done", [2, 5])
def test_a_count_per_epoch_in_a_header_is_no_epoch_counter(tmp_path, header, done):
    # a debug cap left in: the loop stopped after `done` of the 25 epochs the header plans; 'steps/epoch: 94' is a
    # setting, and reading it as the epoch (94 > 25) made the run look finished
    lines = [header]
    it = 0
    for e in range(1, done + 1):
        for _ in range(3):
            it += 10
            lines.append(f"  it {it} loss {2.3 * math.exp(-it / 200):.4f}")
        lines.append(f"Epoch {e} | train_loss={2.3 * math.exp(-it / 200):.4f} | val_loss={2.2 * math.exp(-it / 220):.4f}")
    lines.append("Training finished.")
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    from curvedoc.importers import load

    (run,) = load(str(tmp_path / "train.log"))
    assert run.series("epoch").max() == done, run.series("epoch").tolist()
    assert "unfinished-schedule" in severities_by_name(tmp_path)


# --------------------------------------------------------------------- 'objective' and 'heldout' named alone
def _objective_log(tmp_path, epochs, *, kind, seed=0):
    """A logging print of 'round E -> objective X heldout Y hit-rate Z' (5 classes). ``kind``: 'nan' (both losses NaN
    from the first round), 'learns', 'shuffled' (labels shuffled apart from the rows: the objective creeps down from
    log 5 as it memorises, the held-out loss drifts up from log 5), 'rl' (a policy's surrogate objective, maximised:
    it rises, and no held-out loss)."""
    rng = np.random.default_rng(seed)
    lk = math.log(5)
    lines = ["2026-11-30 09:08:42,929 INFO peaks: === run: mlp on peaks, 5 classes ==="]
    for e in range(1, epochs + 1):
        f = e / epochs
        if kind == "nan":
            rec = "objective nan heldout nan hit-rate 0.1283"
        elif kind == "learns":
            tr = lk * (0.2 + 0.8 * math.exp(-4 * f)) * (1 + 0.01 * rng.standard_normal())
            rec = f"objective {tr:.4f} heldout {tr * 1.1:.4f} hit-rate {0.2 + 0.7 * (1 - math.exp(-4 * f)):.4f}"
        elif kind == "shuffled":
            tr = lk * (1.003 - 0.14 * f) * (1 + 0.003 * rng.standard_normal())
            va = lk * (1.02 + 0.1 * f) * (1 + 0.003 * rng.standard_normal())
            rec = f"objective {tr:.4f} heldout {va:.4f} hit-rate {0.2 * (1 + 0.15 * rng.standard_normal()):.4f}"
        else:
            rec = f"objective {0.01 + 0.05 * f + 0.005 * rng.standard_normal():.4f} return {-200 + 300 * f:.1f}"
        lines.append(f"2026-11-30 09:08:{43 + e % 10:02d},243 INFO peaks: round {e} -> {rec}")
    (tmp_path / "run.log").write_text("\n".join(lines) + "\n")
    return tmp_path


@pytest.mark.parametrize("epochs", [6, 15, 40])
def test_an_objective_and_a_heldout_nan_from_the_first_round_diverged(tmp_path, epochs):
    assert severities_by_name(_objective_log(tmp_path, epochs, kind="nan")).get("divergence") == "error"


@pytest.mark.parametrize("epochs", [15, 30])
def test_an_objective_memorising_shuffled_labels_beside_a_heldout_at_log_k_is_chance(tmp_path, epochs):
    assert "plateau-at-chance" in severities_by_name(_objective_log(tmp_path, epochs, kind="shuffled"))


@pytest.mark.parametrize("epochs", [6, 15, 40])
@pytest.mark.parametrize("kind", ["learns", "rl"])
def test_an_objective_that_learns_or_is_maximised_raises_nothing(tmp_path, epochs, kind):
    found = severities_by_name(_objective_log(tmp_path, epochs, kind=kind))
    assert not any(s in ("warning", "error") for s in found.values()), found


# --------------------------------------------------------------------- two hand-written tables that were refused
@pytest.mark.parametrize("n", [5, 40, 500])
@pytest.mark.parametrize("columns", [1, 3])
def test_a_pandas_series_written_with_its_index_is_read(tmp_path, n, columns):
    # pd.Series(losses).to_csv('losses.csv') writes ',0' then 'i,value'; a DataFrame of an array ',0,1,2': the index
    # is the row counter and the default labels name nothing -- the file's name names a lone column
    pd = pytest.importorskip("pandas")
    data = {i: [4.6 * 0.995 ** k + 0.01 * i for k in range(n)] for i in range(columns)}
    (pd.Series(data[0]) if columns == 1 else pd.DataFrame(data)).to_csv(tmp_path / "train_losses.csv")
    from curvedoc.importers import load

    (run,) = load(str(tmp_path / "train_losses.csv"))
    assert len(run.tags) >= columns and max(len(run.tag_values(t)) for t in run.tags) == n, run.tags
    if columns == 1:
        assert run.roles.get("train_loss") == "train_losses", run.roles


@pytest.mark.parametrize("n", [3, 11, 60])
@pytest.mark.parametrize("sep", ["\t", ","])
def test_an_epoch_counter_printed_with_a_colon_is_a_counter(tmp_path, n, sep):
    # f.write(f"{epoch}:\t{loss}\n") under a header 'Epoch\tAverage training loss'
    rows = [f"Epoch{sep}Average training loss"] + [f"{e}:{sep}{10.0 * 0.7 ** e:.6f}" for e in range(n)]
    (tmp_path / "training_loss.txt").write_text("\n".join(rows) + "\n")
    rep = curvedoc.diagnose(str(tmp_path))
    assert rep.runs and rep.runs[0].status != "unreadable", rep.runs
    assert rep.runs[0].points >= n


# --------------------------------------------------------------------- a loop of one-epoch Keras fits
@pytest.mark.parametrize("rows", [3, 25, 173])
def test_a_keras_log_of_one_epoch_fits_in_a_loop_keeps_every_row(tmp_path, rows):
    # for i in range(N): model.fit(..., epochs=1, callbacks=[CSVLogger('log.csv', append=True)]): every row says
    # epoch 0; read on that epoch, every row but the last was overwritten at step 0
    lines = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    for i in range(rows):
        loss = 2.0 * 0.97 ** i
        lines.append(f"0,{1 - loss / 2.2:.4f},{loss:.5f},{1 - loss / 2.0:.4f},{loss * 1.1:.5f}")
    (tmp_path / "training.log").write_text("\n".join(lines) + "\n")
    from curvedoc.importers import load

    (run,) = load(str(tmp_path / "training.log"))
    assert len(run.series("train_loss")) == rows, run.series("train_loss")
    assert "restarted-run" in severities_by_name(tmp_path)


@pytest.mark.parametrize("rows", [3, 25])
def test_a_keras_log_with_its_epochs_is_read_on_them(tmp_path, rows):
    lines = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    lines += [f"{i},{0.5 + 0.01 * i:.4f},{2.0 * 0.97 ** i:.5f},{0.5 + 0.01 * i:.4f},{2.2 * 0.97 ** i:.5f}" for i in range(rows)]
    (tmp_path / "training.log").write_text("\n".join(lines) + "\n")
    from curvedoc.importers import load

    (run,) = load(str(tmp_path / "training.log"))
    assert list(run.series("train_loss").index) == list(range(rows))
    assert "restarted-run" not in severities_by_name(tmp_path)
