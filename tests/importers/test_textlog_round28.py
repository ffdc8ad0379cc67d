"""Text logs, round 28 on the lock-box batch 2026-12-15at, read early and seen (issue 36): misreadings found on its
text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


def _kinds(rd) -> set[str]:
    return {i.kind for i in rd.issues}


# ------------------------------------------------------------- "Exception ignored in: ..": no crash
_IGNORED_HEADS = [
    "Exception ignored in: <function AtomicFunction.__del__ at 0x7f9f2b6920c0>",
    "Exception ignored in: <generator object _iter at 0x7f1c2a3b4c50>",
    "Exception ignored in atexit callback: <function _exit_function at 0x7f00aa11bb22>",
    "Exception ignored on calling ctypes callback function: <function cb at 0x7f3e4d5c6b70>",
]
_IGNORED_ENDS = [
    "TypeError: 'NoneType' object is not subscriptable",
    "RuntimeError: can't register atexit after shutdown",
    "AttributeError: 'NoneType' object has no attribute 'close'",
]


@pytest.mark.parametrize("head", _IGNORED_HEADS)
@pytest.mark.parametrize("end", _IGNORED_ENDS)
@pytest.mark.parametrize("times,frames", [(1, 1), (6, 2)])
def test_a_traceback_python_ignored_is_no_crash(tmp_path, head, end, times, frames):
    """What Python prints for an exception it ignores -- raised in a finalizer ('__del__') as the interpreter shuts
    down after the script's work is done, in an atexit callback, in a generator the collector closes -- is 'Exception
    ignored in: <function X.__del__ ..>' and that exception's traceback: the program went on (or went on exiting) as
    if nothing happened. A log that ends with such blocks after its last epoch did not crash."""
    lines = ["* Training basic_model for up to 8 epochs"]
    for e in range(1, 9):
        lines.append(f"Epoch {e}/8 - loss: {1.1 / e:.4f} - accuracy: {0.3 + e / 20:.4f} - val_loss: {1.2 / e:.4f}")
    lines.append("* Test accuracy: 0.7561")
    for _ in range(times):
        lines.append(head)
        lines.append("Traceback (most recent call last):")
        for f in range(frames):
            lines.append(f'  File "/usr/lib/python3.12/site-packages/pkg/mod{f}.py", line {291 + f}, in __del__')
            if f:
                lines.append("    self._close()")
        lines.append(end)
    rd = _read(tmp_path, lines)
    assert not _kinds(rd) & {"crash", "killed"}, rd.issues
    assert _series(rd, "loss")[1] == [round(1.1 / e, 4) for e in range(1, 9)]


@pytest.mark.parametrize("end", _IGNORED_ENDS)
def test_a_crash_after_an_ignored_exception_is_still_a_crash(tmp_path, end):
    """An ignored exception's block ends at its exception's line: a traceback of the script's own after it (the run
    dying at its next epoch) is the crash, as before."""
    lines = [f"Epoch {e}/9, loss = {1 / e:.4f}" for e in range(1, 5)]
    lines += [_IGNORED_HEADS[0], "Traceback (most recent call last):",
              '  File "/x/atomic_function.py", line 291, in __del__', end]
    lines += ["Epoch 5/9, loss = 0.2000", "Traceback (most recent call last):", '  File "train.py", line 88, in main',
              "    loss.backward()", "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB"]
    rd = _read(tmp_path, lines)
    assert "crash" in _kinds(rd)


# ------------------------------------------------------------- the log's first line printed again: a launch
@pytest.mark.parametrize("opening", [
    "running with learning rate = {lr} and batch size = 700",
    "Training with lr={lr}, batch_size=64, hidden=128",
    "Start: model=cnn lr {lr} epochs 30",
])
@pytest.mark.parametrize("note", ["\t> saved as best model!", "  -> saving model", ""])
@pytest.mark.parametrize("sep", ["\t", "   "])
@pytest.mark.parametrize("first,second", [(5, 17), (2, 4)])
def test_the_logs_opening_line_printed_again_after_records_opens_a_launch(tmp_path, opening, note, sep, first, second):
    """A script appended to the same file at each launch prints the same lines as it starts -- its settings in
    prose, 'running with learning rate = 0.0001 and batch size = 700', its data counts -- then its epochs counted
    from 1 again, each line opened by the bare count: the first line printed again, word for word, after records,
    opens a new launch (a restart, every record kept). A record opened by its count with a note after its numbers
    that the model was saved ('> saved as best model!') is the record, not a restatement of a best printed before."""
    lines, tl, va = [], [], []
    for n, epochs in ((108000, first), (42000, second)):
        lines += [opening.format(lr=0.0001), "Data Prepared:", f"        TRAIN:{n}", "        VALID:200", ""]
        for e in range(1, epochs + 1):
            t, v = round(0.7 / e + n / 1e6, 3), round(0.5 + (e % 3) / 200, 3)
            tl.append(t)
            va.append(v)
            lines.append(f"{e}{sep}train loss={t:.3f}{sep}valid acc={v:.3f}" + (note if e == 1 else ""))
        lines += ["", "", ""]
    rd = _read(tmp_path, lines)
    assert _series(rd, "train loss")[1] == tl and _series(rd, "valid acc")[1] == va
    assert "restart" in _kinds(rd), rd.issues


@pytest.mark.parametrize("banner", ["Training with lr=0.001, batch_size=64", "Starting run 3 of the sweep"])
def test_an_opening_line_printed_again_before_any_record_or_while_the_clock_goes_on_is_no_restart(tmp_path, banner):
    """The first line printed twice before any record (a banner and its echo), or printed before each epoch while
    the epochs go on (a banner of each phase), opens no launch the clock contradicts: no restart."""
    lines = [banner, banner]
    for e in range(1, 7):
        lines += [banner, f"Epoch {e}/6 loss={1 / e:.4f} acc={0.5 + e / 20:.4f}"]
    rd = _read(tmp_path, lines)
    assert "restart" not in _kinds(rd), rd.issues
    assert _series(rd, "loss")[1] == [round(1 / e, 4) for e in range(1, 7)]


# ------------------------------------------------------------- a page in two columns: 'Training:  ..  Testing:'
@pytest.mark.parametrize("right,prefix", [("Testing:", "test/"), ("Test", "test/"), ("Validation:", "val/")])
@pytest.mark.parametrize("indent", [88, 40])
@pytest.mark.parametrize("score", ["eval", "acc"])
@pytest.mark.parametrize("iters,every", [(1000, 100), (300, 20)])
def test_records_in_the_right_column_of_a_two_column_page_are_the_held_out_phases(tmp_path, right, prefix, indent,
                                                                                   score, iters, every):
    """A console laid out as a page in two columns under a heading row 'Training:  ..  Testing:' (Marvin's C++ CNN
    prints its testing lines indented to the right column): the records printed there, well right of the left
    column, are the test's -- their own series, never merged with the training's records of the same words. A bare
    'eval' after the line's own loss ('loss = 0.78 * 1  eval = 0.79') is the batch's score, no second loss."""
    head = "  Training:" + " " * (indent - 11) + right
    lines = ["=" * 120, head, "=" * 120]
    tl, ts, vl, vs = [], [], [], []
    for it in range(0, iters + 1, every):
        if it % (2 * every) == 0:
            v, sc = round(2.3 / (1 + it / 50), 5), round(0.1 + 0.8 * it / iters, 2)
            vl.append(v)
            vs.append(sc)
            lines.append(" " * indent + f"Epoch {it // 600}  Iteration {it} loss = {v} * 1  {score} = {sc}   ")
        t, sc = round(2.4 / (1 + it / 45), 5), round(0.12 + 0.8 * it / iters, 2)
        tl.append(t)
        ts.append(sc)
        lines.append(f"Epoch {it // 600}  Iteration {it}  learning_rate = 0.01 loss = {t} * 1  {score} = {sc}   ")
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[1] == tl and _series(rd, f"{prefix}loss")[1] == vl
    assert _series(rd, score)[1] == ts and _series(rd, f"{prefix}{score}")[1] == vs
    assert not {t for t in _tags(rd) if t.endswith("eval loss")}


@pytest.mark.parametrize("fmt,tags", [
    ("Ep{e} | train {t:.4f} | eval {v:.4f} | Acc 0.90", {"train loss", "eval loss"}),
    ("epoch {e} train {t:.4f} val {v:.4f}", {"train loss", "val loss"}),
])
def test_a_bare_split_name_beside_no_loss_of_the_lines_own_is_still_its_loss(tmp_path, fmt, tags):
    """The bare split names of a line that prints no loss of its own ('train 0.59 | eval 0.54') are still each
    split's loss, as before."""
    rd = _read(tmp_path, [fmt.format(e=e, t=1 / e, v=1.2 / e) for e in range(1, 8)])
    assert tags <= _tags(rd)


# ------------------------------------------------------------- "* Evaluating basic_model": an evaluation announced
@pytest.mark.parametrize("say", ["* Evaluating basic_model", "Evaluating the model...", "Evaluating final_model",
                                 "Testing model"])
@pytest.mark.parametrize("epochs,per", [(3, 4), (12, 32)])
def test_an_evaluation_announced_with_the_model_it_evaluates_holds_its_bar_out(tmp_path, say, epochs, per):
    """A Keras script printing '* Evaluating basic_model' before model.evaluate(): the evaluation's progress bar,
    with the training bar's keys ('accuracy', 'loss') and its own total, is the evaluation's -- held out, its
    renderings one result --, and training's bar stays one point per epoch, the epoch's last rendering, whatever the
    script prints after it (the result's dict, the test accuracy)."""
    lines, tl = [], []
    for e in range(1, epochs + 1):
        lines.append(f"Epoch {e}/{epochs}")
        parts = []
        for b in range(1, per + 1):
            bar = "\x1b[32m" + "━" * (20 * b // per) + "\x1b[0m\x1b[37m" + "━" * (20 - 20 * b // per)  # (done, to do)
            parts.append(f"\x1b[1m{b:2d}/{per}\x1b[0m {bar}\x1b[0m \x1b[1m2s\x1b[0m 210ms/step - accuracy: "
                         f"{0.3 + e / 50 + b / 1000:.4f} - loss: {1.1 - e / 50 - b / 1000:.4f}" + "\x08" * 12)
        tl.append(round(1.1 - e / 50 - per / 1000, 4))
        parts.append(parts[-1].replace("\x08", "") + f" - val_accuracy: {0.3 + e / 40:.4f} - val_loss: {1.0 - e / 40:.4f}")
        lines.append("\r" + "\r".join(parts))
    lines.append(say)
    lines.append("\r" + "\r".join(f"\x1b[1m{b:2d}/30\x1b[0m \x1b[32m━━━━\x1b[0m \x1b[1m1s\x1b[0m 47ms/step - accuracy: "
                                  f"{0.7 + b / 1000:.4f} - loss: {0.6 - b / 1000:.4f}" for b in range(1, 31)))
    lines += ["{'accuracy': 0.7301230063438416, 'loss': 0.5701336269378662}", "* Test accuracy: 0.7301"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[1] == tl and len(_series(rd, "val_loss")[1]) == epochs
    assert not {t for t in _tags(rd) if t.endswith("[2]")}


# ------------------------------------------------------------- "running loss of epoch 0 is : 12.5"
@pytest.mark.parametrize("fmt,key", [
    ("[{i}/{N}] running loss of epoch {e} is : {v}", "running loss"),
    ("The average loss of epoch {e} is {v}", "average loss"),
    ("batch {i}: loss of epoch {e} = {v}", "loss"),
    ("mean loss in epoch {e} was {v}", "mean loss"),
])
@pytest.mark.parametrize("epochs,per", [(2, 3), (6, 11)])
def test_a_quantity_said_to_be_of_an_epoch_is_its_value_at_that_epoch(tmp_path, fmt, key, epochs, per):
    """``print(f"[{i}/{n}] running loss of epoch {epoch} is : {running_loss}")``: the quantity is named, said to be
    of an epoch, then its value follows 'is' -- the epoch is where the record stands, the value after 'is' the
    quantity's (never the epoch's number read as the value of 'running loss of epoch')."""
    lines, vals = [], []
    for e in range(epochs):
        for i in range(per if "{i}" in fmt else 1):
            v = round(3.5 / (e * per + i + 1) + 0.01 * i, 5)
            vals.append(v)
            lines.append(fmt.format(i=i, N=per, e=e, v=v))
    rd = _read(tmp_path, lines)
    assert key in _tags(rd) and not {t for t in _tags(rd) if "of epoch" in t or "in epoch" in t}
    assert _series(rd, key)[1] == vals


# ------------------------------------------------------------- "mean average precision (mAP@0.50) = 0.4034"
@pytest.mark.parametrize("fmt,key", [
    (" mean average precision (mAP@0.50) = {v:.6f}, or {p:.2f} % ", "mAP@0.50"),
    (" mean_average_precision (mAP@0.5) = {v:.6f} ", "mAP@0.5"),
    ("Peak signal-to-noise ratio (PSNR): {p:.2f}", "PSNR"),
    ("eval: root mean squared error (RMSE) = {v:.5f}", "RMSE"),
])
@pytest.mark.parametrize("evals", [2, 5])
def test_a_quantity_named_in_words_then_its_short_name_is_that_key(tmp_path, fmt, key, evals):
    """A program that names what it measures in words and then its short name in parentheses before the value
    (darknet's ' mean average precision (mAP@0.50) = 0.403355, or 40.34 % ' after each evaluation) prints that
    quantity under its short name: one point per evaluation, never a line left unread."""
    lines, vals = [], []
    for k in range(1, evals + 1):
        for it in range(1, 4):
            lines.append(f" {k * 100 + it}: {2 / (k + it):.6f}, {2.1 / (k + it):.6f} avg loss, 0.001000 rate")
        v = round(0.1 * k, 6)
        vals.append(round(v * 100 + 0.37, 2) if key == "PSNR" else v)
        lines.append(fmt.format(v=v, p=v * 100 + 0.37))
    rd = _read(tmp_path, lines)
    got = [t for t in _tags(rd) if t.split("/")[-1] == key]
    assert got and _series(rd, got[0])[1] == vals


@pytest.mark.parametrize("line,tag", [("Epoch {e} PSNR (dB) = {v}", "PSNR (dB)"), ("Epoch {e} Loss (train) = {v}", "Loss (train)")])
def test_a_unit_or_a_word_in_parentheses_is_no_short_name(tmp_path, line, tag):
    """A unit in parentheses ('PSNR (dB)') or a word that abbreviates nothing before it ('Loss (train)') stays part of
    the name, as before."""
    rd = _read(tmp_path, [line.format(e=e, v=30 + e) for e in range(1, 6)])
    assert tag in _tags(rd)


# ------------------------------------------------------------- one print in two loops of each epoch
@pytest.mark.parametrize("fmt", [
    "[{i}/{N}] running loss of epoch {e} is : {v}",
    "epoch {e} [{i}/{N}] loss: {v}",
    "Epoch {e} [{i}/{N}]  running_loss={v}",
])
@pytest.mark.parametrize("epochs,train,val", [(2, 12, 4), (5, 40, 9)])
def test_one_print_in_a_second_smaller_loop_of_each_epoch_is_the_evaluations(tmp_path, fmt, epochs, train, val):
    """A script that prints the same line in its training loop and in its validation loop -- ``print(f"[{i}/{len(
    loader)}] running loss of epoch {epoch} is : {running_loss}")`` in both, the loader the training set's, then the
    validation set's -- counts the second loop against its own, smaller total, each epoch after training's: that
    loop's records are the evaluation's, held out (``val/``), never a training series '[2]'."""
    lines, tl, vl = [], [], []
    for e in range(epochs):
        for N, out in ((train, tl), (val, vl)):
            for i in range(N):
                v = round((i + 1) * (1.2 if N == train else 1.0) / (1 + e), 4)
                out.append(v)
                lines.append(fmt.format(i=i, N=N, e=e, v=v))
    rd = _read(tmp_path, lines)
    key = "running_loss" if "running_loss" in fmt else "running loss" if "running" in fmt else "loss"
    assert _series(rd, key)[1] == tl and _series(rd, f"val/{key}")[1] == vl
    assert not {t for t in _tags(rd) if t.endswith("[2]")}


@pytest.mark.parametrize("epochs", [3, 7])
def test_two_totals_that_do_not_take_turns_are_no_evaluation(tmp_path, epochs):
    """A counter whose total changes once (a second stage with another batch size, its epochs after the first's) is
    no evaluation loop taking turns with training: nothing is held out."""
    lines = [f"epoch {e} [{i}/12] loss: {1 / (e * 12 + i + 1):.4f}" for e in range(epochs) for i in range(12)]
    lines += [f"epoch {e} [{i}/5] loss: {0.1 / (e + i + 1):.4f}" for e in range(epochs, 2 * epochs) for i in range(5)]
    rd = _read(tmp_path, lines)
    assert not {t for t in _tags(rd) if t.startswith("val/")}


# ------------------------------------------------------------- "5<TAB>train loss=0.191<TAB>valid acc=0.500"
@pytest.mark.parametrize("sep", ["\t", "   ", "\t\t"])
@pytest.mark.parametrize("pairs", ["train loss={t:.3f}{s}valid loss={v:.3f}", "loss: {t:.4f}{s}acc: {v:.4f}"])
@pytest.mark.parametrize("first,second", [(5, 17), (3, 3)])
def test_a_bare_count_opening_a_record_is_its_position(tmp_path, sep, pairs, first, second):
    """``print(f"{epoch}\\ttrain loss={tl:.3f}\\t...")``: a bare whole number first on the line, set off by a tab or
    a run of spaces before the named values, counts the records -- their position: a second launch appended to the
    log, its count back at 1, lies over the first on that clock (a restart), never after it as if it went on."""
    lines, tl = [], []
    for base, epochs in ((0.3, first), (0.6, second)):
        for e in range(1, epochs + 1):
            t = round(base / e + 0.1, 3)
            tl.append(t)
            lines.append(f"{e}{sep}" + pairs.format(t=t, v=2 + e / 10, s=sep))
        lines.append("")
    rd = _read(tmp_path, lines)
    key = "train loss" if "train loss" in pairs else "loss"
    steps, vals = _series(rd, key)
    assert vals == tl and steps == list(range(1, first + 1)) + list(range(1, second + 1))
    assert _kinds(rd) & {"restart", "duplicate-steps"}  # (the notes the restarted-run rule reads)


@pytest.mark.parametrize("first", ["Training the model", "=" * 40, "Epoch 1 of the run"])
@pytest.mark.parametrize("blank", ["", "   "])
def test_blank_lines_between_records_open_no_launch(tmp_path, first, blank):
    """A log whose first line states no setting (or whose first line is never printed again) has no launch in its
    blank lines: records numbered in order, blank lines between them, are one run -- no restart, no value printed
    once per launch taken for a setting."""
    lines = [first, blank]
    for k in range(1, 9):
        lines += [f"train loss={1 / k:.4f}  valid acc={0.5 + k / 40:.4f}", "best acc=0.9000", blank]
    rd = _read(tmp_path, lines)
    assert not _kinds(rd) & {"restart", "segments"}, rd.issues
    assert _series(rd, "train loss")[1] == [round(1 / k, 4) for k in range(1, 9)]
