"""Text logs, round 16 (issue 36): kinds of misreading seen on real runs and on the lock-box batches 2026-12-07aa, ab
and nu11, each checked on small logs written the way such programs print them (several wordings and lengths), read
with and without plans (the two readings must be equal: _read checks it)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _assert_same, _read, _series, _tags

from curvedoc.importers.textlog import read_text_log


# ------------------------------------------------------------------ a traceback is the run's end, not its records
def _traceback(last: str, frames: int, source: str) -> list[str]:
    out = ["Traceback (most recent call last):"]
    for k in range(frames):
        out += [f'  File "/home/u/proj/train.py", line {80 + 7 * k}, in {"main" if k else "<module>"}',
                f"    {source if k == frames - 1 else 'main()'}"]
    return out + [last]


@pytest.mark.parametrize("record, last, source, frames, epochs", [
    ("Epoch {e}: train loss {t:.4f}, val loss {v:.4f}", "FloatingPointError: validation loss is nan at epoch {e}",
     "raise FloatingPointError(f'validation loss is nan at epoch {epoch}')", 2, 3),
    ("epoch={e} loss={t:.4f} val_loss={v:.4f}", "ValueError: loss=nan",
     "raise ValueError(f'loss={loss}')", 1, 12),
    ("[{e}/50] loss: {t:.4f} | val loss: {v:.4f}", "RuntimeError: Function 'LogSoftmaxBackward0' returned nan values in "
     "its 0th output.", "loss.backward()", 4, 7),
    ("INFO:root:Epoch {e} - loss: {t:.4f} - val loss: {v:.4f}", "AssertionError: loss 1e+09 exceeds 1e6 at step 4200",
     "assert loss < 1e6, f'loss {loss:.0e} exceeds 1e6 at step {step}'", 3, 25),
])
def test_the_lines_of_a_traceback_are_no_records_and_its_exception_is_the_crash(tmp_path, record, last, source,
                                                                                  frames, epochs):
    """A run that dies in an exception prints its traceback: 'Traceback (most recent call last):', frames ('  File
    "train.py", line 88, in main') each with the source line under it, then 'FloatingPointError: validation loss is
    nan at epoch 3'. None of these lines is a point of a series (the exception's message and the source line hold
    words and numbers like a record's): the log ends in a crash, and the crash quotes the exception."""
    lines = [record.format(e=e, t=1 / e, v=1.2 / e) for e in range(1, epochs + 1)]
    lines += _traceback(last.format(e=epochs), frames, source)
    rd = _read(tmp_path, lines)
    assert len(rd.frame) and all(len(g) == epochs for _, g in rd.frame.groupby("tag", observed=True)), \
        {t: len(g) for t, g in rd.frame.groupby("tag", observed=True)}
    crash = [i for i in rd.issues if i.kind == "crash"]
    assert len(crash) == 1 and last.format(e=epochs)[:40] in crash[0].message, rd.issues
    assert "nan" not in str(rd.meta.get("summary", {})).lower()


def test_a_keyboard_interrupt_at_the_end_of_a_traceback_is_a_kill(tmp_path):
    lines = [f"step {s} loss {2 / s:.4f}" for s in range(1, 40)]
    lines += _traceback("KeyboardInterrupt", 2, "loss = model(x, step=3)")
    rd = _read(tmp_path, lines)
    assert [i.kind for i in rd.issues if i.kind in ("crash", "killed")] == ["killed"]
    assert set(_tags(rd)) == {"loss"}


def test_a_traceback_mid_log_then_a_relaunch_keeps_the_records_after_it(tmp_path):
    """A launch that died ('ValueError: loss=nan'), then the script started again: the second launch's records
    are read; the traceback's lines are not."""
    lines = [f"epoch {e} loss={1 / e:.4f}" for e in range(1, 6)]
    lines += _traceback("ValueError: loss=nan", 2, "raise ValueError(f'loss={loss}')")
    lines += [f"epoch {e} loss={0.9 / e:.4f}" for e in range(1, 11)]
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "loss")[1]) == 15
    assert not [i for i in rd.issues if i.kind == "crash"]


def test_stray_traceback_headers_among_records_lose_no_record(tmp_path):
    """A 'Traceback (most recent call last):' line with no frames after it (a log cut, or lines of several
    processes interleaved): the records after it are records, in both readings."""
    lines = []
    for i in range(300):
        if i % 37 == 5:
            lines.append("Traceback (most recent call last):")
        lines.append(f"Epoch: [{i}][50]\tTime 0.{i % 9 + 1} (0.5)\tLoss {1 + 1 / (i + 1):.4f} ({1.5:.4f})")
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "Loss")[1]) == 300


@pytest.mark.parametrize("line", ["Epoch: [3][50]\tLoss 0.41", "Error rate: 0.12", "MSE Error: 0.41",
                                  "val Error: 0.2", "TrainError 0.3"])
def test_a_record_named_like_an_error_is_still_a_record(tmp_path, line):
    """Only a class name (CamelCase, one word, maybe dotted by its module) ending as exception classes do, then
    ': message', is an exception's line: a metric called an error ('Error rate: 0.12', 'MSE Error: 0.41') is no
    exception."""
    rd = _read(tmp_path, [line.replace("0.", f"0.{k}") for k in range(1, 9)])
    assert len(rd.frame) and all(len(g) == 8 for _, g in rd.frame.groupby("tag", observed=True))


# ------------------------------------------------------- a Keras bar's renderings are the epoch's running means
def _keras_log(style: str, epochs: int, batches: int, val: bool, sep: str = "\n") -> tuple[str, list, list]:
    """model.fit's console: 'Epoch e/E', then the bar drawn at each batch with the epoch's running means (they start
    again every epoch: a sawtooth over the run), then the line that closes it (at its total, with the validation
    keys when there is a validation set). Returns the text, the epoch-end losses and validation losses."""
    text, ends, vals = "", [], []
    for e in range(1, epochs + 1):
        text += f"Epoch {e}/{epochs}\n"
        end, v = round(1 / e, 4), round(1.2 / e, 4)
        ends.append(end)
        vals.append(v)
        for b in range(1, batches + 1):
            run = f"loss: {end + 0.3 * (batches - b) / batches:.4f} - accuracy: {0.5 + e / 50 - b / 1000:.4f}"
            if style == "keras2":
                done = b * 30 // batches
                bar = "[" + "=" * max(done - 1, 0) + (">" if done < 30 else "=") + "." * (30 - done) + "]"
                eta = f"{(batches - b) // 3}:{b % 60:02d}" if b % 7 == 3 else f"{batches - b}s"
                line = f"{b:4d}/{batches} {bar} - ETA: {eta} - {run}"
            elif style == "keras3-ascii":  # (Keras 3's bar where its glyph cannot be drawn: '=' with no brackets)
                line = f"\x1b[1m{b:4d}/{batches}\x1b[0m \x1b[32m{'=' * (20 * b // batches)}\x1b[0m\x1b[37m" \
                       f"{'=' * (20 - 20 * b // batches)}\x1b[0m \x1b[1m{batches - b}s\x1b[0m 60ms/step - {run}"
            else:
                line = f"{b:4d}/{batches} {'━' * 20} {batches - b}s 60ms/step - {run}"
            text += line + sep
        tail = f" - val_loss: {v:.4f} - val_accuracy: 0.8" if val else ""
        closing = f"loss: {end:.4f} - accuracy: {0.5 + e / 50:.4f}{tail}"
        if style == "keras2":
            text += f"{batches:4d}/{batches} [{'=' * 30}] - 3s 60ms/step - {closing}\n"
        elif style == "keras3-ascii":
            text += f"\x1b[1m{batches:4d}/{batches}\x1b[0m \x1b[32m{'=' * 20}\x1b[0m\x1b[37m\x1b[0m \x1b[1m3s\x1b[0m " \
                    f"60ms/step - {closing}\n"
        else:
            text += f"{batches:4d}/{batches} {'━' * 20} 3s 60ms/step - {closing}\n"
    return text, ends, vals


@pytest.mark.parametrize("style", ["keras2", "keras3-ascii", "keras3"])
@pytest.mark.parametrize("epochs, batches, val, sep", [(6, 35, True, "\n"), (12, 9, False, "\n"), (4, 120, True, "\r"),
                                                       (9, 20, False, "\r")])
def test_a_keras_bar_is_one_point_per_epoch_its_closing_value(tmp_path, style, epochs, batches, val, sep):
    """The loss a Keras bar shows at batch b is the mean over the epoch's first b batches, and it starts again every
    epoch: read as readings at each batch they are a sawtooth that detectors take for rises. One point per epoch, the
    value of the line that closes the bar (what Keras' History holds), with or without a validation set, the bar in
    brackets (Keras 2, with its ETA), in '━' or in '=' (Keras 3, a console that cannot draw '━'), each rendering on a
    line of its own or redrawn with '\\r'."""
    text, ends, vals = _keras_log(style, epochs, batches, val, sep)
    p = tmp_path / "train.log"
    p.write_text(text, encoding="utf-8")
    _assert_same(p)
    rd = read_text_log(p)
    assert _series(rd, "loss") == (list(range(1, epochs + 1)), ends), _tags(rd)
    assert not [t for t in _tags(rd) if t.startswith(("loss ", "accuracy "))], _tags(rd)
    if val:
        assert _series(rd, "val_loss") == (list(range(1, epochs + 1)), vals)


# ------------------------------------------------ '[e/E][b/B]': the epoch of the plan, then the batch of the epoch
@pytest.mark.parametrize("fmt, epochs, batches, every", [
    ("[{e}/{E}][{b}/{B}]\tLoss_D: {d:.4f}\tLoss_G: {g:.4f}\tD(x): {x:.4f}\tD(G(z)): 0.1 / 0.2", 5, 40, 5),
    ("[{e}/{E}][{b}/{B}] Loss_D: {d:.4f} Loss_G: {g:.4f} D(x): {x:.4f}", 3, 782, 50),
    ("[{e}/{E}] [{b}/{B}] loss_D={d:.4f}, loss_G={g:.4f}, D_x={x:.4f}", 12, 100, 10),
])
def test_two_bracketed_fractions_heading_a_line_are_the_epoch_and_its_batch(tmp_path, fmt, epochs, batches, every):
    """The DCGAN example prints '[3/25][120/782] Loss_D: ..': the epoch of the planned epochs, then the batch of the
    epoch's batches. Each record is on the step training reached, epoch x batches + batch, the plan is read, and the
    counters are no series."""
    lines = [fmt.format(e=e, E=epochs, b=b, B=batches, d=1 + b / 1000 + e / 7, g=2 + e / 10 - b / 5000, x=0.5 + b / 9000)
             for e in range(epochs) for b in range(0, batches, every)]
    rd = _read(tmp_path, lines)
    steps = [e * batches + b for e in range(epochs) for b in range(0, batches, every)]
    key = "Loss_D" if "Loss_D" in fmt else "loss_D"
    assert _series(rd, key)[0] == steps
    assert len(_series(rd, "Loss_G" if key == "Loss_D" else "loss_G")[1]) == len(steps)
    assert rd.meta.get("num_epochs") == epochs


# --------------------------------------------------------------------- a test is not the validation, however said
_SAID = {
    "banner": lambda w, e: [f"===== Training epoch {e} =====", f"Epoch {e} | loss = {1 / e:.4f}",
                            f"===== {w} epoch {e} =====", f"Epoch {e} | loss = {1.5 / e:.4f}"],
    "rule-banner": lambda w, e: ["*" * 5 + " TRAINING " + "*" * 5, f"Epoch {e} | loss = {1 / e:.4f}",
                                 "*" * 5 + f" {w.upper()} " + "*" * 5, f"Epoch {e} | loss = {1.5 / e:.4f}"],
    "announced": lambda w, e: [f"Epoch {e} | loss = {1 / e:.4f}", f"{w}...", f"Epoch {e} | loss = {1.5 / e:.4f}"],
    "line": lambda w, e: [f"Epoch {e} | loss = {1 / e:.4f}", f"{w}: Epoch {e} | loss = {1.5 / e:.4f}"],
}


@pytest.mark.parametrize("how", list(_SAID))
@pytest.mark.parametrize("word, split", [("Testing", "test"), ("Test", "test"), ("Validation", "val"),
                                         ("Evaluating", "val")])
def test_a_test_said_by_a_banner_an_announcement_or_its_line_is_test_not_validation(tmp_path, how, word, split):
    """The split of a held-out record comes from the words on its line, its heading or its block; a test is not the
    validation (a record whose line opens with 'Test' is test/): so is a block under '===== Testing =====' or after
    'Testing...', where the validation's words give val/."""
    if how == "line" and word.endswith("ing"):
        word = word[:-3] if word == "Testing" else "Validation"
    if how == "announced" and word == "Test":
        word = "Testing"
    lines = [x for e in range(1, 8) for x in _SAID[how](word, e)]
    rd = _read(tmp_path, lines)
    assert _series(rd, f"{split}/loss")[1] == [round(1.5 / e, 4) for e in range(1, 8)], _tags(rd)
    assert _series(rd, "loss")[1] == [round(1 / e, 4) for e in range(1, 8)]


# ---------------------------------------------------- a record whose first key names an evaluation is the evaluation's
@pytest.mark.parametrize("train, held", [
    ("epoch: {e}, {b}/50, acc: {a:.4f}, loss: {l:.4f}", "epoch: {e}, {b}/10, eval_acc: {a:.4f}, loss: {l:.4f}"),
    ("Epoch {e} step {b}: loss={l:.4f} acc={a:.4f}", "Epoch {e} step {b}: val_acc={a:.4f} loss={l:.4f}"),
    ("[{e}] it {b} | loss {l:.4f} | acc {a:.4f}", "[{e}] it {b} | test_acc {a:.4f} | loss {l:.4f} | f1 {a:.3f}"),
])
def test_the_bare_keys_of_a_record_opened_by_an_evaluation_key_are_the_evaluations(tmp_path, train, held):
    """'epoch: 0, 0/313, eval_acc: 37.5, loss: 2.03' after the training lines 'epoch: 0, 1874/1875, acc: .., loss: ..':
    a line is one split's record and its first key says which: its 'loss' is the evaluation's, not a point of the
    training loss (which then zig-zags between the two)."""
    lines = []
    for e in range(1, 7):
        lines += [train.format(e=e, b=b, a=0.5 + e / 20 + b / 1000, l=2 / e - b / 1000) for b in range(0, 50, 10)]
        lines += [held.format(e=e, b=b, a=0.4 + e / 20, l=2.5 / e + b / 1000) for b in range(0, 10, 5)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[1] == [round(2 / e - b / 1000, 4) for e in range(1, 7) for b in range(0, 50, 10)]
    held_tags = [t for t in _tags(rd) if t.endswith("loss") and t != "loss"]
    assert len(held_tags) == 1 and len(_series(rd, held_tags[0])[1]) == 12, _tags(rd)


@pytest.mark.parametrize("seed", range(4))
def test_logs_of_these_kinds_read_the_same_whole_in_chunks_or_from_any_line(tmp_path, seed):
    """The chunked / tail / whole property (tests/importers/test_textlog_readings.py) on a log with '[e/E][b/B]'
    records, a relaunch after a traceback, and a final traceback."""
    import random

    from test_textlog_readings import _assert_chunks_read_as_whole

    rng = random.Random(seed)
    lines = []
    for launch in range(2):
        for e in range(4):
            lines += [f"[{e}/4][{b}/200]\tLoss_D: {1 + rng.random():.4f}\tLoss_G: {2 + rng.random():.4f}"
                      for b in range(0, 200, 20)]
        lines += _traceback("ValueError: loss=nan" if launch == 0 else "FloatingPointError: loss is nan at step 799",
                            rng.randint(1, 3), "raise ValueError(f'loss={loss}')")
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _assert_same(p)
    size = p.stat().st_size
    _assert_chunks_read_as_whole(p, sorted(rng.sample(range(size), 4)))


@pytest.mark.parametrize("fmt", ["Epoch {e}: v_recons {a:.4e}  recons {b:.4e}  v_loss {c:.4e}  loss {d:.4e}",
                                 "epoch {e} val_loss={c:.4f} loss={d:.4f} val_acc={a:.4f} acc={b:.4f}"])
def test_a_record_holding_both_splits_keeps_its_bare_keys_training(tmp_path, fmt):
    """'v_recons 0.45  recons 0.46  v_loss 4.59  loss 5.36' (a Lightning script printing its epoch's metrics): each
    bare key has its held-out twin beside it, so the record holds both splits and the bare keys are training's,
    whatever key comes first."""
    lines = [fmt.format(e=e, a=0.4 + e / 100, b=0.45 + e / 100, c=4 / e, d=5 / e) for e in range(1, 9)]
    rd = _read(tmp_path, lines)
    sci = ".4e}" in fmt
    assert _series(rd, "loss")[1] == [round(float(f"{5 / e:.4e}" if sci else f"{5 / e:.4f}"), 6)
                                      for e in range(1, 9)], _tags(rd)
