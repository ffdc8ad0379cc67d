"""How logs nobody tuned on were misread (issue 35/36), thirtieth round (lock-box 2027-01-11cq and 2027-01-11nu46,
read once before these changes).

- A logging print 'e=3/30 tl=4.8109 vl=4.7356 vacc=0.7100 lrate=0.02': the training and validation losses written
  as two letters, the learning rate as Keras' examples name it ('lrate'). No loss had a role, so a divergence from
  0.84 to 283 went unreported. (2027-01-11nu46 meteor_mlp_no_zero_grad and the three other runs of that style.)
- A per-episode RL table 'episode,steps,rewards,loss' whose 'steps' is 100 at every row (every episode ran out the
  same time limit): the constant column was the x axis, so every reading sat at step 100 and the run was 'not
  assessed'. A step-named column that never moves while the episode grows counts per row, as one that goes back
  does. (2027-01-11cq minigrid_dqn_dueling_prev.)
- A JSON-lines log whose first record wraps the settings under one key ('{"_meta": {...}}') and whose last wraps
  the summary ('{"_summary": {...}}'): every setting and summary value became a one-point series ('_meta/lr' the
  learning rate role, '_summary/final_test_acc' a metric). (2027-01-11cq modadd97_adamw_wd0_grok_s2.)
- A weight norm logged as 'wn_total' beside 'wn_embed' / 'wn_hidden': unread, so its 17-fold growth was not
  reported. (Same run.)
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from _helpers import run_detector

from curvedoc.importers import load


@pytest.mark.parametrize("n", [8, 30])
def test_two_letter_losses_and_lrate(tmp_path, n):
    p = tmp_path / "run.log"
    rng = np.random.default_rng(n)
    tl = 0.84 * np.exp(np.cumsum(np.abs(rng.normal(0.3, 0.2, n))))
    lines = [f"2026-12-01 03:24:13,696 [INFO] fit - task=meteor model=mlp optim=sgd lr=0.02 epochs={n}"]
    lines += [f"2026-12-01 03:24:13,{700 + i:03d} [INFO] fit - e={i + 1}/{n} tl={tl[i]:.4f} vl={tl[i] * 0.9:.4f} "
              f"vacc=0.7450 lrate=0.02" for i in range(n)]
    p.write_text("\n".join(lines) + "\n")
    run = load(p)[0]
    assert run.roles["train_loss"] == "tl" and run.roles["val_loss"] == "vl" and run.roles["lr"] == "lrate"
    assert run_detector("divergence", run)


@pytest.mark.parametrize("limit", [100, 500])
def test_a_constant_steps_column_beside_a_growing_episode_is_no_x_axis(tmp_path, limit):
    p = tmp_path / "log.csv"
    rng = np.random.default_rng(limit)
    rows = ["episode,steps,rewards,loss"] + [f"{i},{limit},-1.0000000000000007,{4.6 * np.exp(-i / 20) + 1e-5 * rng.random():.6g}"
                                             for i in range(1, 301)]
    p.write_text("\n".join(rows) + "\n")
    run = load(p)[0]
    assert len(run.series("rewards")) == 300 and int(run.series("rewards").index[-1]) == 300
    assert any(i.kind == "per-row-count" for i in run.issues)
    assert run_detector("underfitting", run)  # the same penalty in every episode: the goal never reached


def test_wrapped_settings_and_summary_records_are_no_curves(tmp_path):
    p = tmp_path / "metrics.jsonl"
    recs = [{"_meta": {"p": 97, "op": "add", "lr": 0.001, "weight_decay": 0.0, "steps": 400, "device": "cuda"}}]
    recs += [{"step": 25 * i, "train_loss": 4.6 * np.exp(-i / 3), "test_loss": 4.6 - 0.01 * i, "wn_total": 28.0 + i,
              "wn_embed": 3.0 + i} for i in range(17)]
    recs += [{"_summary": {"final_test_acc": 0.99, "grok_step": 300, "stopped_step": 400, "device": "cuda"}}]
    p.write_text("\n".join(json.dumps(r) for r in recs) + "\n")
    run = load(p)[0]
    assert not [t for t in run.tags if t.startswith(("_meta", "_summary"))]
    assert run.hparams.get("lr") == 0.001 and "lr" not in run.roles
    assert run.roles.get("weight_norm") == "wn_total"


@pytest.mark.parametrize("tag", ["wn", "wn_total", "train/wn", "model/wn_global"])
def test_the_weight_norm_abbreviated(tag):
    from _helpers import make_run

    run = make_run(train_loss=np.linspace(2.0, 0.1, 50), **{tag: np.linspace(28.0, 580.0, 50)})
    assert run.roles.get("weight_norm") == tag
    assert run_detector("weight-norm-growth", run)


# --- a JSON-lines logger that writes each split to its own file ---------------------------------------------------

@pytest.mark.parametrize("names", [("train_metrics.jsonl", "eval_metrics.jsonl"), ("train.jsonl", "valid.jsonl"),
                                   ("log_train.jsonl", "log_val.jsonl")])
def test_split_jsonl_files_are_one_run(tmp_path, names):
    # (2027-01-11cq zh_en_gru_additive_tf1: the training losses in one file, the evaluations in the other, each read
    # as a run of its own -- the validation loss's rise from step 7,000 while the training loss fell was unseen)
    tr, ev = tmp_path / names[0], tmp_path / names[1]
    tr.write_text("\n".join(json.dumps({"step": 50 * i, "loss": 9.7 * np.exp(-i / 40) + 0.8}) for i in range(400)))
    ev.write_text("\n".join(json.dumps({"step": 1000 * i, "loss_ce": 5.7 - 1.4 * min(i, 7) / 7 + 0.07 * max(0, i - 7),
                                        "bleu": 0.4 + 0.4 * i}) for i in range(1, 20)))
    runs = load(tmp_path)
    assert len(runs) == 1
    run = runs[0]
    assert any(i.kind == "split-files" for i in run.issues)
    assert run.roles.get("val_loss", "").endswith("loss_ce") and run.roles.get("train_loss") == "loss"
    assert run_detector("overfitting", run)


# --- more print styles (2027-01-12cr, 2027-01-12nu47) ---------------------------------------------------------------

def _text(tmp_path, lines):
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return load(p)[0]


def test_a_key_qualified_by_its_split_in_parentheses(tmp_path):
    # 'objective(train)=0.539 objective(valid)=0.391': no loss had a role (nu47 allergy_mlp and three more)
    lines = [f"2026-12-01 04:01:36,{600 + i:03d} :: INFO :: fit :: ep#{i:03d} objective(train)={0.54 / i:.5f} "
             f"objective(valid)={0.4 / i + 0.05:.5f} valid.f1={0.6 + 0.01 * i:.4f} lr=0.001" for i in range(1, 11)]
    run = _text(tmp_path, lines)
    assert run.roles["train_loss"] == "train objective" and run.roles["val_loss"] == "valid objective"


def test_a_value_said_at_its_key(tmp_path):
    # '@lr 1.00e-03': the learning rate the epoch ran at (nu47 cipher_mlp_adam and three more)
    lines = [f"({i}/15) tr.loss {0.9 / i:.4f}  va.loss {0.62 / i:.4f}  va.acc 0.78{i:02d}  @lr 1.00e-03"
             for i in range(1, 16)]
    run = _text(tmp_path, lines)
    assert run.roles.get("lr") == "lr" and len(run.tag_values("lr")) == 15


def test_an_abbreviation_with_its_full_stop_after_a_split(tmp_path):
    # 'Val Cls. Acc 7.41%' and 'Val Ret. Acc 89.70%' were one series 'val/Acc' alternating between the two (cr
    # face_cls_hw2p2_output: an oscillation warning on a healthy run)
    lines = []
    for i in range(1, 11):
        lines += [f"Epoch {i}/10", f"Train Cls. Acc {3.0 * i:.4f}%\t Train Cls. Loss {8.6 / i:.4f}",
                  f"Val Cls. Acc {2.5 * i:.4f}%\t Val Cls. Loss {7.7 / i:.4f}", f"Val Ret. Acc {85 + i * 0.9:.4f}%"]
    run = _text(tmp_path, lines)
    assert {"Val Cls Acc", "Val Ret Acc", "Val Cls Loss"} <= set(run.tags)
    assert len(run.tag_values("Val Ret Acc")) == 10


@pytest.mark.parametrize("acc", ["categorical_accuracy", "sparse_categorical_accuracy"])
def test_keras_accuracies_in_a_saved_history(tmp_path, acc):
    # results_recap.json with 'history_train' / 'history_val': the accuracies had no role, so a loss gap beside a
    # held-out accuracy of 0.98 warned (cr speechcmd_area_dsaug14, healthy)
    n = 15
    doc = {"history_train": {"loss": list(np.geomspace(0.41, 0.019, n)), acc: list(np.linspace(0.88, 0.994, n))},
           "history_val": {"val_loss": list(np.geomspace(0.91, 0.056, n)), f"val_{acc}": list(np.linspace(0.87, 0.985, n))}}
    p = tmp_path / "results_recap.json"
    p.write_text(json.dumps(doc))
    run = load(p)[0]
    assert run.roles["train_acc"].endswith(acc) and run.roles["val_acc"].endswith(f"val_{acc}")
    assert all(h.severity == "info" for h in run_detector("train-val-gap", run))


@pytest.mark.parametrize("clock", ["ep#{i:03d}", "epoch #{i}", "iter#{i}"])
def test_a_clock_numbered_with_a_hash_and_a_relaunch(tmp_path, clock):
    # 'ep#001 objective(train)=..' printed by a script launched twice into one log: the hash-numbered epoch was no
    # clock, so the relaunch's first epochs were laid after the first launch's last and read as a loss spike (nu47
    # spring_mlp_relaunch)
    lines = ["2026-12-01 04:01:46,059 :: INFO :: fit :: launch spring/mlp opt=Adam lr=0.001 epochs=25"]
    lines += [f"2026-12-01 04:01:46,1{i:02d} :: INFO :: fit :: {clock.format(i=i)} objective(train)={0.74 / i:.5f} "
              f"objective(valid)={0.4 / i:.5f} lr=0.001" for i in range(1, 10)]
    lines += ["2026-12-01 04:01:51,106 :: INFO :: fit :: launch spring/mlp opt=Adam lr=0.001 epochs=25"]
    lines += [f"2026-12-01 04:01:51,1{i:02d} :: INFO :: fit :: {clock.format(i=i)} objective(train)={0.74 / i:.5f} "
              f"objective(valid)={0.4 / i:.5f} lr=0.001" for i in range(1, 26)]
    p = tmp_path / "run.log"
    p.write_text("\n".join(lines) + "\n")
    runs = load(p)
    last = runs[-1]
    assert len(last.tag_values(last.roles["train_loss"])) == 25
    assert not [h for r in runs for h in run_detector("loss-spikes", r) if h.severity != "info"]


# --- 2027-01-13nu48's print styles --------------------------------------------------------------------------------

def test_a_key_with_its_splits_in_parentheses_and_a_value_each(tmp_path):
    # 'losses(train/val)=1.2024/0.5218': the training loss was lost, the pair read as one number (four nu48 runs)
    lines = [f"[2026-12-01 04:26:39,{800 + i:03d}] INFO trainer: E={i} losses(train/val)={1.2 / i:.4f}/{0.6 / i:.4f} "
             f"acc=0.78{i:02d} lr=5.00e-01" for i in range(1, 13)]
    run = _text(tmp_path, lines)
    assert run.roles["train_loss"] == "train losses" and run.roles["val_loss"] == "val losses"
    assert len(run.tag_values("train losses")) == 12


def test_a_training_value_an_arrow_and_the_held_out_one(tmp_path):
    # 'ep 01 of 20 · loss 1.3939 → 0.7972 (val) · acc 0.728': the held-out loss was dropped (four nu48 runs)
    lines = ["# run spectra/mlp opt=adam lr=0.001 epochs=12"]
    lines += [f"ep {i:02d} of 12 · loss {1.39 / i:.4f} → {0.8 / i:.4f} (val) · acc 0.7{i:02d} · lr 1.0e-03"
              for i in range(1, 13)]
    run = _text(tmp_path, lines)
    assert run.roles["train_loss"] == "loss" and run.roles["val_loss"] == "val loss"
    assert len(run.tag_values("val loss")) == 12


def test_a_bracketed_timestamp_log_reads_the_same_as_a_file_and_by_its_folder(tmp_path):
    # '[2026-12-01 04:26:39,677] INFO trainer: ..' given as a file was sniffed as JSON lines and refused ('no JSON
    # record could be read'), while its folder read it as the text log it is (issue 36: a file given alone)
    lines = [f"[2026-12-01 04:26:{10 + i:02d},677] INFO trainer: E={i} loss={1.2 / i:.4f} val_loss={0.9 / i:.4f}"
             for i in range(1, 11)]
    p = tmp_path / "run.log"
    p.write_text("\n".join(lines) + "\n")
    by_file, by_folder = load(p)[0], load(tmp_path)[0]
    assert by_file.roles == by_folder.roles and by_file.roles["train_loss"] == "loss"
    assert list(by_file.tag_values("loss")) == list(by_folder.tag_values("loss"))
