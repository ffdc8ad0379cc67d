"""Text logs of the sixth unseen batch (tests/data/textlogs_unseen6, issue 36): each principle a misreading of one
of its real logs broke, on a small synthetic log written the way its script or framework prints, read with and
without plans (the two readings must be equal)."""

from __future__ import annotations

from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------------------------------------ echoes and launches
def test_an_epoch_line_with_no_record_moves_the_epoch_as_a_record_would(tmp_path):
    """Keras fit(verbose=2) calls appended to one file: a fit that stopped at the start of its second epoch says
    ``Epoch 2/100`` and prints nothing more; the next fit's first epoch prints the same numbers (a nan loss, a
    seeded run). The epoch went from 1 to 2 and back to 1 between the two prints: two records, not an echo."""
    def fit(epochs):
        out = []
        for e in range(1, epochs + 1):
            out += [f"Epoch {e}/100", f"{290 + e}s - loss: {3 - e / 10:.4f} - acc: 0.{60 + e} - val_loss: {3.1 - e / 10:.4f}"
                                      f" - val_acc: 0.{50 + e}"]
        return out + ["_________________________________________________________________"]

    lines = fit(9)
    for _ in range(2):
        lines += ["Epoch 1/100", "300s - loss: nan - acc: 0.6827 - val_loss: nan - val_acc: 0.7084", "Epoch 2/100",
                  "_________________________________________________________________"]
    lines += fit(6)
    rd = _read(tmp_path, lines)
    assert _series(rd, "val_acc")[1][9:11] == [0.7084, 0.7084]
    assert len(_series(rd, "val_acc")[1]) == len(_series(rd, "val_loss")[1]) == 17


def test_records_printed_one_after_another_under_one_epoch_line_all_count(tmp_path):
    """A script that says ``====> Epoch: 1`` once, then trains and validates fold after fold under it: three or more
    records in a row at one epoch, each with its own numbers, are all records (an echo, or a final re-evaluation of
    the best checkpoint, is one print more, not a run of them)."""
    lines = []
    for e in range(1, 11):
        lines += [f"2023-07-31 14:32:15,793\troot\tINFO\t====> Epoch: {e}",
                  f"2023-07-31 14:32:16,793\troot\tINFO\tTrain  Loss: {0.6 - e / 10:.6f} accuracy: {60 + e:.6f}% ",
                  f"2023-07-31 14:32:17,793\troot\tINFO\tVal loss: {0.5 - e / 10:.6f} Val accuracy: {70 + e:.6f}%"]
    lines.append("2023-07-31 14:37:22,014\troot\tINFO\t====> Epoch: 1")
    for f in range(5):
        lines += [f"2023-07-31 14:37:42,560\troot\tINFO\tTrain  Loss: {0.66 - f / 50:.6f} accuracy: {61 + f:.6f}% ",
                  f"2023-07-31 14:37:43,047\troot\tINFO\tVal loss: {0.59 - f / 50:.6f} Val accuracy: {77 + f:.6f}%"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Val loss")[1] == [round(0.5 - e / 10, 6) for e in range(1, 11)] + [
        round(0.59 - f / 50, 6) for f in range(5)]


def test_a_statement_that_training_starts_is_a_launch(tmp_path):
    """``Start training with CNNLSTM model``, its model printed, ``====> Epoch: 1`` and one record, the job dies; the
    next ``Start training with LCNN model`` prints epoch 1 again with other numbers: its record is its own, not an
    echo of the last one."""
    lines = []
    for model, n in (("CNN", 6), ("CNNLSTM", 1), ("LCNN", 6)):
        lines += [f"2023-07-31 14:37:21,904\troot\tINFO\tStart training with {model} model",
                  f"2023-07-31 14:37:22,013\troot\tINFO\t{model}(", "  (fc): Linear(in_features=640, out_features=2, bias=True)",
                  ")"]
        for e in range(1, n + 1):
            v = len(model) / 10 - e / 100
            lines += [f"2023-07-31 14:37:22,014\troot\tINFO\t====> Epoch: {e}",
                      f"2023-07-31 14:37:43,047\troot\tINFO\tVal loss: {v:.6f} Val accuracy: {80 + v:.6f}%"]
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "Val loss")[1]) == 13 and _series(rd, "Val loss")[1][6:8] == [0.69, 0.39]
    assert "Start training with" not in " ".join(_tags(rd))


# ------------------------------------------------------------------------------------------ pairs
def test_a_value_said_at_its_clock_is_named_by_the_words_before_at(tmp_path):
    """``2017-08-18 02:43:53,914:\\tLoss at step 1: 8.499695``: the loss at step 1 is 8.499695 (not a series "Loss at
    step" whose values are the steps)."""
    lines = ["2017-08-18 02:43:52,360:\tStart training epoch 1."]
    lines += [f"2017-08-18 02:43:53,914:\tLoss at step {s}: {8.5 - s / 40:.6f}" for s in range(1, 41)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Loss") == (list(range(1, 41)), [round(8.5 - s / 40, 6) for s in range(1, 41)])
    assert not [t for t in _tags(rd) if "at step" in t]


def test_a_split_word_abbreviated_with_a_full_stop_still_names_the_split(tmp_path):
    """Raschka's helper prints ``**Epoch: 001/020 | Train. Acc.: 95.060% | Loss: 0.1574`` and ``**Epoch: 001/020 |
    Test. Acc.: 97.430% | Loss: 0.0829``: the full stop after Train / Test abbreviates, it ends no sentence; the
    training and the test records are two series, one point per epoch each."""
    lines = []
    for e in range(1, 11):
        lines += [f"Epoch: {e:03d}/010 | Batch {b:04d}/0469 | Loss: {2 / (e + b / 100):.4f}" for b in (0, 200, 400)]
        lines += [f"**Epoch: {e:03d}/010 | Train. Acc.: {90 + e / 2:.3f}% | Loss: {0.2 / e:.4f}",
                  f"**Epoch: {e:03d}/010 | Test. Acc.: {91 + e / 3:.3f}% | Loss: {0.1 / e:.4f}", "Time elapsed: 0.49 min"]
    rd = _read(tmp_path, lines)
    tests = [t for t in _tags(rd) if t.lower().startswith(("test", "val/")) and "loss" in t.lower()]
    trains = [t for t in _tags(rd) if t.lower().startswith("train") and "loss" in t.lower()]
    assert len(tests) == len(trains) == 1
    assert _series(rd, tests[0])[1] == [round(0.1 / e, 4) for e in range(1, 11)]
    assert _series(rd, trains[0])[1] == [round(0.2 / e, 4) for e in range(1, 11)]


# ------------------------------------------------------------------------------------------ the split of a record
def test_a_torchlight_log_keeps_its_evaluation_blocks_apart(tmp_path):
    """ST-GCN's torchlight IO prints ``[03.24.23|09:56:11] Training epoch: 4`` and ``[03.24.23|09:57:51] Eval epoch: 4``,
    each followed by ``\\tmean_loss: ..`` (and ``\\tTop1: 12.50%`` for the evaluation) on lines of their own: the
    bracketed date is the line's time stamp, and the evaluation's mean_loss is a validation value, not a second
    point of the training one."""
    lines = ["[03.24.23|09:56:11] Parameters:", "{'work_dir': './output', 'phase': 'train', 'num_epoch': 20}", ""]
    for e in range(20):
        lines += [f"[03.24.23|09:56:{e + 10}] Training epoch: {e}", f"[03.24.23|09:56:{e + 11}] \tmean_loss: {3 - e / 10:.4f}",
                  f"[03.24.23|09:56:{e + 11}] Time consumption:", f"[03.24.23|09:56:{e + 11}] Done."]
        if e % 5 == 4:
            lines += [f"[03.24.23|09:57:{e + 10}] Eval epoch: {e}", f"[03.24.23|09:57:{e + 11}] \tmean_loss: {3.5 - e / 20:.4f}",
                      f"[03.24.23|09:57:{e + 11}] \tTop1: {10 + e:.2f}%", f"[03.24.23|09:57:{e + 11}] \tTop5: {50 + e:.2f}%",
                      f"[03.24.23|09:57:{e + 11}] Done."]
    rd = _read(tmp_path, lines)
    assert _series(rd, "val/mean_loss") == ([4, 9, 14, 19], [round(3.5 - e / 20, 4) for e in (4, 9, 14, 19)])
    assert _series(rd, "mean_loss") == (list(range(20)), [round(3 - e / 10, 4) for e in range(20)])
    assert _series(rd, "val/Top1")[1] == [14.0, 19.0, 24.0, 29.0]


def test_training_steps_past_an_announced_evaluation_end_it(tmp_path):
    """A Theano captioner says ``Test Set...`` before scoring the test set, then training goes on in the same epoch:
    ``Epoch 29 Update 15100 Cost 33.05`` after update 15000. A run-wide step (no total beside it, so no evaluation's
    progress) past the one training had reached ends the evaluation: the costs after it are training's."""
    lines = []
    for u in range(100, 3100, 100):
        e = u // 1000
        lines.append(f"Epoch {e} Update {u} Cost {60 - u / 100:.10f} PD 0.0385620594025 UD 0.0977559089661")
        if u % 1000 == 500:
            lines += ["Valid Set... ", "validation use time: 69.219109",
                      f"validation loss: {160 - u / 100:.6f}, validation perp: {380 - u / 50:.6f}", "Test Set... ",
                      "CIDEr: 0.061", "Bleu_4: 0.001"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Cost") == (list(range(100, 3100, 100)), [round(60 - u / 100, 6) for u in range(100, 3100, 100)])
    assert not [t for t in _tags(rd) if t.endswith("Cost") and t != "Cost"]


def test_records_printed_without_their_newlines_are_still_records(tmp_path):
    """A script's print lost its newline: ``epoch: 1/1000, train_loss: 6.8405, train_acc: 0.3898epoch: 2/1000,
    train_loss: ..`` on one physical line. A record's epoch written against the last value of the record before it
    starts the next record: one point per epoch, not keys numbered #2, #3 ... of one record."""
    lines = [f"epoch: {e}/50, train_loss: {3 - e / 10:.4f}, train_acc: {0.1 + e / 100:.4f}, test_loss: {3.2 - e / 10:.4f}, "
             f"test_acc: {0.1 + e / 120:.4f} " for e in range(1, 21)]
    lines.append("".join(f"epoch: {e}/1000, train_loss: {6.8 - e / 10:.4f}, train_acc: {0.39 - e / 1000:.4f}"
                         for e in range(1, 31)))
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "train_loss")[1]) == 50
    assert _series(rd, "train_loss")[1][-1] == round(6.8 - 3, 4)
    assert not [t for t in _tags(rd) if "#" in t]


def test_values_each_followed_by_their_name_are_named_by_the_words_after_them(tmp_path):
    """``Epoch 23 @ 06:19 AM : 0.9540 C.E. Loss, 98.49% Accuracy``: in a list after a colon whose items are each a
    number and then words, the words name the number before them (not "AM" = 0.954)."""
    lines = ["[W logger.cpp:314] Warning: Cuda time stats are not collected for multi-device modules."]
    lines += [f"Epoch {e} @ {1 + e % 11:02d}:{e % 60:02d} {'AM' if e % 2 else 'PM'} : {1 - e / 100:.4f} C.E. Loss, "
              f"{90 + e / 10:.2f}% Accuracy" for e in range(30)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Loss") == (list(range(30)), [round(1 - e / 100, 4) for e in range(30)])
    assert _series(rd, "Accuracy")[1] == [round(90 + e / 10, 2) for e in range(30)]
    assert "AM" not in _tags(rd)


def test_perp_is_a_perplexity():
    """Nematus-style captioners print ``validation loss: 163.6, validation perp: 383.2``: ``perp`` abbreviates
    perplexity, a held-out quality metric where lower is better (rules/roles.toml [metrics])."""
    from curvedoc.model.metrics import classify

    assert classify("validation perp") == ("perplexity", False, "val", False)
    assert classify("valid_perp")[:3] == ("perplexity", False, "val")
