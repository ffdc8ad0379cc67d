"""Text logs, round 17 on the lock-box batch 2026-12-08ac (issue 36): misreadings found on its 11 text logs, each
checked on small logs written the way such programs print them (several wordings, lengths and cuts), read with and
without plans (the two readings must be equal), and in chunks or from any line onward where the series are on the
step the log prints. (Named apart from the round-16 tests of the batches 2026-12-07aa/ab/nu11, so that both branches
merge.)"""

from __future__ import annotations

import random

import pytest
from test_textlog_readings import _assert_chunks_read_as_whole, _read, _series, _tags

from curvedoc.importers.textlog import read_text_log


# ------------------------------------------------------------------- the global iteration is the run's step
@pytest.mark.parametrize("fmt, n", [
    ("Global Iter: {s} training loss: {loss:.5f}", 120),
    ("global_iter={s}, loss={loss:.4f}", 75),
    ("Global Iteration {s} | loss {loss:.4f}", 40),
])
def test_the_global_iteration_is_the_step_not_a_series(tmp_path, fmt, n):
    """A job relaunched from its checkpoints prints its 'Global Iter' counting on across the relaunches: the run's
    step, as 'global step' is -- not a series of its own, with the records placed one after the other."""
    lines, truth = [], []
    for i in range(1, n + 1):
        if i % 30 == 1:
            lines += [f"Number of Patches: {300000 - i}", f"checkpoint found: /tmp/run/model.ckpt-{100 * i}"]
        loss = 2.0 - i / (2 * n)
        lines.append(fmt.format(s=100 * i, loss=loss))
        truth.append(round(float(f"{loss:.4f}" if ".4f" in fmt else f"{loss:.5f}"), 6))
    rd = _read(tmp_path, lines)
    key = "training loss" if "training" in fmt else "loss"
    assert _series(rd, key) == ([100 * i for i in range(1, n + 1)], truth)
    assert not any("global" in t.lower() or "iter" in t.lower() for t in _tags(rd))


# ------------------------------------------------------------- another logged line written into a record's middle
def _spliced_log(intruder: str, cuts: list[int], n: int) -> tuple[list[str], dict, dict]:
    """A TensorFlow 1 script's stdout ('Global Iter: N training loss: x', '.. training acc: y' every 100 iterations),
    its stderr in the same file: at each relaunch the framework's line lands in the middle of the record being
    written -- cut at ``cuts`` (in turn), the intruder, a line of its own, then the rest of the cut record on a line of
    its own. (the points the reading must hold: loss and acc, {step: value})"""
    lines: list[str] = []
    loss: dict[int, float] = {}
    acc: dict[int, float] = {}
    k = 0
    for i in range(1, n + 1):
        s = 100 * i
        for key, v, out in (("loss", round(2.08 - (i % 7) / 50, 5), loss), ("acc", round(0.125 + (i % 5) / 32, 5), acc)):
            text = f"Global Iter: {s} training {key}: {v}"
            if i % 25 == 0 and key == "loss":
                c = cuts[k % len(cuts)]
                k += 1
                stamp = f"2017-06-{21 + i // 500:02d} {i % 24:02d}:44:29.037849"
                lines.append(text[:c] + intruder.format(stamp=stamp))
                lines.append(f"INFO:tensorflow:Restoring parameters from /tmp/run/model.ckpt-{s + 37}")
                lines.append(text[c:])
                if text[:c] == "Global ":
                    out[s] = v  # (cut where a word ends: the rest is a whole record, its clock and key)
                continue
            lines.append(text)
            out[s] = v
    return lines, loss, acc


TF_LINE = "{stamp}: I tensorflow/core/common_runtime/gpu/gpu_device.cc:977] Creating TensorFlow device (/gpu:0) -> " \
          "(device: 0, name: Tesla P100-PCIE-16GB, pci bus id: 0000:82:00.0)"


@pytest.mark.parametrize("intruder", [
    TF_LINE,
    "{stamp} - INFO - Restoring checkpoint from step 5000",
    "{stamp} | WARNING  | data.loader:42 - 3 corrupt patches skipped",
    "{stamp} [INFO] loading weights",
])
@pytest.mark.parametrize("cuts, n", [
    ([3, 7, 13, 16, 27, 34], 300),  # in a key's word, where a word ends, in the step, in the key, after the colon
    ([36, 30, 0x0 + 5, 38], 170),  # in the value (its last digits printed after the intruder), in 'training'
])
def test_a_record_another_line_was_written_into_is_damaged_and_not_read(tmp_path, intruder, cuts, n):
    """The values of a record cut by another logger's line are not read (the number before the cut may have lost its
    last digits, or be the intruder's year: a loss of 2017), the rest of the cut record printed after the intruder is
    not a series of its own ('bal Iter', 'ining loss'), and the log is said damaged (a note damaged-log reads)."""
    from curvedoc.detectors.damaged_log import KINDS

    lines, loss, acc = _spliced_log(intruder, cuts, n)
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"training loss", "training acc"}
    assert _series(rd, "training loss") == (sorted(loss), [loss[s] for s in sorted(loss)])
    assert _series(rd, "training acc") == (sorted(acc), [acc[s] for s in sorted(acc)])
    bad = [i for i in rd.issues if i.kind in KINDS]
    assert len(bad) == 1 and bad[0].count >= n // 25 and "not read" in bad[0].message
    p = tmp_path / "whole.log"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rng = random.Random(n)
    for _ in range(3):
        _assert_chunks_read_as_whole(p, sorted(rng.sample(range(p.stat().st_size), 4)))


@pytest.mark.parametrize("fmt, key", [
    ("Epoch {e} finished at 2021-03-04 1{e}:00:00, loss: {v:.4f}, acc: 0.8123", "loss"),
    ("Checkpoint saved 2021-03-04 1{e}:00:00 (val_loss={v:.4f}) to /tmp/ckpt_{e}.pt", "val_loss"),
    ("epoch {e} | loss {v:.4f} | acc 0.8123 | time 2021-03-04T1{e}:00:00", "loss"),
    ("[rank0]: 2021-03-04 1{e}:00:00,123 - INFO - epoch {e} loss: {v:.4f}", "loss"),
])
def test_a_date_written_in_a_record_is_no_splice(tmp_path, fmt, key):
    """A date and time a script writes in its own record (when an epoch ended, where a checkpoint was saved), or a
    launcher's prefix before the logger's, is no other line written into it: the record reads."""
    rd = _read(tmp_path, [fmt.format(e=e, v=1 / e) for e in range(1, 7)])
    assert not [i for i in rd.issues if i.kind == "bad-lines"]
    assert _series(rd, key)[1] == [round(1 / e, 4) for e in range(1, 7)]


# --------------------------------------------------------------- a metric given per split, on a line per class
def _per_class_log(arrow: str, head: str, classes: int, epochs: int) -> list[str]:
    """A script's epoch block through Python logging: the epoch, the losses, then one line per class giving each
    metric for both splits after an arrow ('Class 1: Top-k Acc → Train: 0.024, Val: 0.344;  PR-AUC → Train: ..')."""
    lines = ["2025-05-04 21:56:19,705 - INFO - Starting training...",
             f"2025-05-04 21:58:51,817 - INFO - Training with num epochs: {epochs * 4}"]
    for e in range(epochs):
        t = f"2025-05-04 22:{e % 60:02d}:07,090 - INFO - "
        lines += [f"{t}Epoch {e}/{epochs * 4}", f"{t}  Train Loss: {0.5 / (e + 1):.4f}", f"{t}  Val   Loss: {0.6 / (e + 1):.4f}"]
        for c in range(classes):
            a, b = round(0.1 + e / (2 * epochs) + c / 100, 3), round(0.2 + e / (2 * epochs) + c / 100, 3)
            lines.append(f"{t}  {head} {c}: Top-k Acc {arrow} Train: {a:.3f}, Val: {b:.3f};  PR-AUC {arrow} "
                         f"Train: {a / 2:.3f}, Val: {b / 2:.3f}")
        lines.append(f"{t}  Train counts (true {arrow} pred): [8159 1215 1215] {arrow} [8152 3991 5290]")
        lines.append(f"{t}{'-' * 60}")
    return lines


@pytest.mark.parametrize("arrow, head, classes, epochs", [
    ("→", "Class", 3, 28),
    ("->", "class", 5, 9),
    ("=>", "Label", 2, 14),
])
def test_a_metric_given_per_split_on_a_class_line_is_named_by_metric_split_and_class(tmp_path, arrow, head, classes,
                                                                                     epochs):
    """'metric → split: value, split: value' names the metric, qualified by the split and by the class the line is
    about: 'Val Class 1 Top-k Acc', one point per epoch -- not a 'Train loss' of three points an epoch made of the
    classes' accuracies (which took the training loss's role), nor a 'Class' series of the classes' numbers."""
    from curvedoc.model.run import Run

    rd = _read(tmp_path, _per_class_log(arrow, head, classes, epochs))
    want = {"Train Loss", "val/Loss", "epoch"} | {f"{s} {head} {c} {m}" for s in ("Train", "Val") for c in range(classes)
                                                  for m in ("Top-k Acc", "PR-AUC")}
    assert _tags(rd) == want
    assert _series(rd, "Train Loss")[1] == [round(0.5 / (e + 1), 4) for e in range(epochs)]
    steps, values = _series(rd, f"Val {head} 1 Top-k Acc")
    assert values == [round(0.2 + e / (2 * epochs) + 0.01, 3) for e in range(epochs)] and len(set(steps)) == epochs
    run = Run("x", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles["train_loss"] == "Train Loss" and run.roles["val_loss"] == "val/Loss"


@pytest.mark.parametrize("line, keys", [
    ("class 2 | acc: 0.5 | f1: 0.3", ("class 2 acc", "class 2 f1")),
    ("Class 12 - mIoU: 0.5", ("Class 12 mIoU",)),
    ("Label 3: precision=0.5 recall=0.4", ("Label 3 precision", "Label 3 recall")),
    ("accuracy => train=0.91 / test=0.85", ("train accuracy", "test accuracy")),
    ("Epoch 3: loss 0.4 -> val: 0.5", ("loss", "val loss")),  # (an arrow after a value: no metric before it)
])
def test_the_record_of_one_class_names_its_class(line, keys):
    from curvedoc.importers.textlog.records import parse_record

    assert parse_record(line).keys == keys
