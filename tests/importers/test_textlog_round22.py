"""Text logs, round 22 on the seen lock-box batches 2026-12-10ah and 2026-12-10nu14 (issue 36): misreadings found on
their text logs, each checked on small logs written the way such programs print them (several wordings, lengths and
cuts), read with and without plans (the two readings must be equal: ``_read``)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags

import curvedoc


def _kinds(rd) -> set[str]:
    return {i.kind for i in rd.issues}


# ------------------------------------------------------------- the logging module's report of a record it could not write
_LOGGING_ERROR = [
    "--- Logging error ---",
    "Traceback (most recent call last):",
    '  File "C:\\Program Files\\Python312\\Lib\\logging\\__init__.py", line 1163, in emit',
    "    stream.write(msg + self.terminator)",
    '  File "C:\\Program Files\\Python312\\Lib\\encodings\\cp1252.py", line 19, in encode',
    "    return codecs.charmap_encode(input,self.errors,encoding_table)[0]",
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    "UnicodeEncodeError: 'charmap' codec can't encode characters in position 31-90: character maps to <undefined>",
    "Call stack:",
    '  File "C:\\work\\src\\train.py", line 431, in <module>',
    "    main()",
    '  File "C:\\work\\src\\train.py", line 241, in train_model',
    '    logger.info("%s", "\u2500" * 60)',
    "Message: '%s'",
    "Arguments: ('\u2500\u2500\u2500\u2500',)",
]


@pytest.mark.parametrize("record", [
    "2026-06-09 19:10:49,052 [INFO]     Batch [{b}/788] Loss: {v}",
    "INFO:root:step {b} loss={v}",
    "epoch 1 iter {b} | loss {v}",
])
@pytest.mark.parametrize("blocks", [1, 3])
@pytest.mark.parametrize("n", [4, 40])
def test_a_logging_error_block_is_no_crash(tmp_path, record, blocks, n):
    """Python's logging prints '--- Logging error ---', a traceback, 'Call stack:', 'Message: ..' and 'Arguments: ..' when
    a handler cannot write a record (a cp1252 console and a box-drawing character) -- and the program goes on: no crash,
    however many such blocks stand before the records, and none of their lines is a record."""
    lines = ["2026-06-09 19:10:29,636 [INFO] Total epochs: 20"]
    for _ in range(blocks):
        lines += ["2026-06-09 19:10:31,560 [INFO] " + "\u2500" * 60] + _LOGGING_ERROR
    lines += [record.format(b=10 * (i + 1), v=round(0.3 - i / 1000, 4)) for i in range(n)]
    rd = _read(tmp_path, lines)
    assert not {"crash", "killed"} & _kinds(rd), [i.message for i in rd.issues]
    steps, values = _series(rd, "Loss" if "Loss" in record else "loss")
    assert values == [round(0.3 - i / 1000, 4) for i in range(n)], _tags(rd)


def test_a_traceback_after_a_logging_error_block_is_still_a_crash(tmp_path):
    """The block ends with its 'Arguments:' line: a run that then dies in a traceback of its own crashed."""
    lines = ["step 1 loss 0.5"] + _LOGGING_ERROR + ["step 2 loss 0.4", "step 3 loss 0.3",
                                                    "Traceback (most recent call last):",
                                                    '  File "train.py", line 8, in <module>',
                                                    "    main()",
                                                    "RuntimeError: CUDA error: an illegal memory access was encountered"]
    rd = _read(tmp_path, lines)
    assert "crash" in _kinds(rd)
    assert _series(rd, "loss")[1] == [0.5, 0.4, 0.3]


# ------------------------------------------------------------- a plan stated plainly is the run's plan
@pytest.mark.parametrize("said, epochs", [
    ("Total epochs: 20", 20), ("Number of epochs = 30", 30), ("max_epochs: 12", 12), ("Max epochs: 15", 15),
    ("Planned epochs: 40", 40), ("Epochs to train: 25", 25), ("n_epochs = 8", 8),
    ("Run configurations: model=t5-large train_batch=4 eval_batch=8 epochs=30", 30),
    ("lr=0.01 batch_size=16 epochs=50", 50), ("seed=101 epochs=10 lr=0.05", 10),
    ("=== launch 1: resnet-ish, Adam 2e-3, 20 epochs ===", 20), ("Training for 12 epochs (600 steps)", 12),
])
def test_a_plan_of_epochs_said_as_a_setting_is_the_runs_plan(tmp_path, said, epochs):
    """A count of epochs stated under a name that says it is the plan ('Total epochs: 20', 'max_epochs: 12') is the
    run's plan (``meta["num_epochs"]``), and a number before a setting named 'epochs' ('eval_batch=8 epochs=30') is no
    count of epochs (it was read as a plan of 8)."""
    lines = [said] + [f"epoch {e} | loss {1 / e:.4f} | val_loss {1.2 / e:.4f}" for e in range(1, 6)]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("num_epochs") == epochs, (rd.meta, rd.hparams)


@pytest.mark.parametrize("said, steps", [("Max iterations: 5000", 5000), ("Total training steps: 2000", 2000),
                                         ("Number of steps = 3000", 3000), ("num_steps: 1000", 1000)])
def test_a_plan_of_steps_said_as_a_setting_is_the_runs_plan(tmp_path, said, steps):
    """A count of steps whose name says it is the plan ('Max iterations: 5000', 'Total training steps: 2000') is the
    run's ``max_steps`` when the log's steps stay within it."""
    lines = [said] + [f"step {s} loss {1 / s:.4f}" for s in range(100, 900, 100)]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("max_steps") == steps, (rd.meta, rd.hparams)


@pytest.mark.parametrize("said", ["Total steps: 5000", "steps: 5000", "Total epochs done: 3", "epochs completed: 4"])
def test_a_count_that_may_be_progress_is_no_plan(tmp_path, said):
    """A bare or total count of steps ('Total steps: 5000' an RL script prints as its progress) and a count of what
    ran ('epochs completed: 4') are no plan."""
    lines = [f"step {s} loss {1 / s:.4f}" for s in range(100, 900, 100)] + [said]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("max_steps") is None and rd.meta.get("num_epochs") is None, (rd.meta, rd.hparams)


@pytest.mark.parametrize("phase", ["PHASE 1: Training classification head only (Epochs 1-5)",
                                   "Stage 2: fine-tune all layers (epochs 6-20)", "Warmup (epochs 1\u20133)"])
def test_a_range_of_epochs_is_no_value_nor_plan(tmp_path, phase):
    """'(Epochs 1-5)' names the epochs a phase covers: neither a value of 'Epochs' nor a plan of one epoch (it was
    read as num_epochs = 1 beside 'Total epochs: 20')."""
    lines = ["Total epochs: 20", phase] + [f"epoch {e} | loss {1 / e:.4f}" for e in range(1, 4)]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("num_epochs") == 20, (rd.meta, rd.hparams)
    assert not any(str(k).lower() == "epochs" for k in rd.hparams), rd.hparams


# ------------------------------------------------------------- a count in brackets after its name
@pytest.mark.parametrize("fmt", ["    Batch [{b}/{N}] Loss: {v}", "Step [{b}/{N}] loss: {v}", "iter [{b}/{N}]  loss={v}",
                                 "Batch [ {b}/{N}] | Loss {v}"])
@pytest.mark.parametrize("stop, N", [(140, 788), (30, 500)])
def test_a_count_in_brackets_after_its_name_is_that_counter_with_its_plan(tmp_path, fmt, stop, N):
    """'Batch [140/788] Loss: 0.16' is the counter 'batch 140/788' is: its total the planned length, so a log that
    simply stops there (no error, no end banner) is a run stopped before its plan, not a finished one."""
    lines = [fmt.format(b=b, N=N, v=round(0.3 - b / 10000, 4)) for b in range(10, stop + 1, 10)]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("max_steps") == N, (rd.meta, _tags(rd))
    assert _series(rd, "Loss" if "Loss" in fmt else "loss")[0] == list(range(10, stop + 1, 10))
    rep = curvedoc.diagnose(str(tmp_path / "train.log"))
    assert any(f.name == "unfinished-schedule" for r in rep.runs for f in r.findings)
    assert not any(f.name == "crashed-run" for r in rep.runs for f in r.findings)


# ------------------------------------------------------------- a table whose rows are labelled by their split
@pytest.mark.parametrize("head, splits", [
    ("Dataset\tEpoch\tPrecision\tRecall\tF1\tAccuracy", ("train", "eval")),
    ("Split\tEpoch\tPrecision\tRecall\tF1\tAccuracy", ("train", "valid")),
    ("set   epoch   Precision   Recall   F1   Accuracy", ("training", "validation")),
])
@pytest.mark.parametrize("before", [True, False])
@pytest.mark.parametrize("n", [3, 30])
def test_a_table_row_labelled_by_its_split_is_that_splits(tmp_path, head, splits, before, n):
    """A table whose first column names each row's split ('train\\t3\\t..' and 'eval\\t3\\t..' under 'Dataset\\tEpoch\\t
    Precision\\tRecall\\tF1\\tAccuracy'): the training rows are training's series and the evaluation rows the held-out
    ones (read as 'train/train/Accuracy' and 'train/eval/Accuracy' before); an epoch -1 row -- the evaluation before
    training -- is a point at epoch -1, not a setting, and no epoch of training reached."""
    sep = "\t" if "\t" in head else "   "
    lines = ["Run configurations: model=t5-large train_batch=4 eval_batch=8 epochs=30", head]
    for e in range(-1 if before else 0, n):
        for k, sp in enumerate(splits):
            acc = round(0.8 + e / 1000 - k / 100, 4)
            lines.append(sep.join([sp, str(e), str(round(acc - 0.01, 4)), str(round(acc + 0.01, 4)), str(acc), str(acc)]))
    rd = _read(tmp_path, lines)
    want = list(range(-1 if before else 0, n))
    assert _series(rd, "train/Accuracy")[0] == want, _tags(rd)
    assert _series(rd, "val/Accuracy")[0] == want, _tags(rd)
    assert _series(rd, "val/Accuracy")[1][-1] == round(0.8 + (n - 1) / 1000 - 0.01, 4)
    assert min(_series(rd, "epoch")[1]) >= 0 and rd.meta.get("num_epochs") == 30
    assert not any(t.count("/") > 1 for t in _tags(rd)), _tags(rd)


def test_a_row_labelled_by_a_class_keeps_its_class(tmp_path):
    """A row labelled by a class's name (a detector's per-class table) still names its class."""
    lines = ["Class\tImages\tP\tR\tmAP50", "person\t100\t0.5\t0.6\t0.55", "car\t100\t0.4\t0.5\t0.45"]
    rd = _read(tmp_path, lines)
    assert any("person" in t for t in _tags(rd)) and any("car" in t for t in _tags(rd)), _tags(rd)


# ------------------------------------------------------------- a dict's clock printed with a decimal point
@pytest.mark.parametrize("key", ["update", "step", "iter"])
@pytest.mark.parametrize("epochs", [3, 6])
def test_a_dict_clock_printed_with_a_decimal_point_is_progress(tmp_path, key, epochs):
    """fairseq's train_inner dict prints "update": 4.003 (epochs done, fractional) beside "num_updates": "62050": at an
    epoch's start the fraction is whole ("update": 4.0) -- still progress, no step: the log stays one training on
    num_updates (it was read as the clock going back to 4, a launch of its own)."""
    from curvedoc.importers.textlog import read_text_log

    lines, n = [], 0
    for e in range(1, epochs + 1):
        for i in range(20):
            n += 50
            frac = f"{e - 1 + i / 20:.3f}".rstrip("0").rstrip(".") if i else f"{e - 1}.0"
            lines.append(f'2025-05-29 21:54:35 | INFO | train_inner | {{"epoch": {e}, "{key}": {frac}, "loss": '
                         f'"{2.5 - n / 10000:.3f}", "num_updates": "{n}", "lr": "6.25e-06"}}')
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "loss")
    assert steps == list(range(50, n + 1, 50)), steps[:25]
    runs = read_text_log(tmp_path / "train.log", segments=True)
    assert not isinstance(runs, list) or len(runs) == 1


# ------------------------------------------------------------- a split's summary heading a line
@pytest.mark.parametrize("heads", [("Train_summary:", "Test_summary:"), ("Train summary |", "Val summary |"),
                                   ("train_summary:", "eval_summary:")])
@pytest.mark.parametrize("epochs", [2, 6])
def test_a_splits_summary_is_a_series_apart_and_held_out(tmp_path, heads, epochs):
    """An AverageMeter logger printing 'Train: [i/N]\\tepoch: e\\titer: t\\tLoss: x (avg)' per batch, 'Test: [..]' per
    evaluation batch, then 'Train_summary: .. Loss: avg' and 'Test_summary: .. Loss: avg' per epoch: each summary is
    its split's epoch summary, a series apart -- the test summary's loss is no point of the training 'Loss' (it was:
    a train/eval mix), the training summary's no second point of the batch losses."""
    lines, t = [], 0
    for e in range(epochs):
        for i in range(10):
            lines.append(f"Train: [{i}/10/{(i + 1) * 10}]\tepoch: {e}\titer: {t}\tTime: 1.70 (1.75)\t"
                         f"Loss: {2 - t / 100:.4f} ({2.1 - t / 100:.4f})\tPrec@1: 50.000 (48.000)\tlr 0.001000")
            t += 1
        for i in range(4):
            lines.append(f"Test: [{i}/4/{(i + 1) * 10}]\tepoch: {e}\titer: {t - 1}\tTime: 1.6 (1.6)\t"
                         f"Loss: {0.9 - e / 100:.4f} ({0.9 - e / 100:.4f})\tPrec@1: 70.000 (70.000)\t")
        lines.append(f"{heads[1]} [3/4/40] epoch: {e} iter: {t - 1}\tBestPrec@1: 70.000\tTime: 1.6\t"
                     f"Loss: {0.95 - e / 100:.4f}\tPrec@1: 70.000\t")
        lines.append(f"{heads[0]} [9/10/100]\tepoch: {e}\titer: {t - 1}\tTime: 1.75\tLoss: {1.5 - e / 10:.4f}\t"
                     f"Prec@1: 48.000\tlr 0.001000")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    steps, values = _series(rd, "Loss")
    assert len(values) == 10 * epochs and max(values) <= 2 and min(values) > 1.4 - 10 * epochs / 100, (values, tags)
    sums = sorted(t for t in tags if "summary" in t.lower() and t.endswith("Loss"))
    train_sum = next(t for t in sums if t.lower().startswith("train"))
    test_sum = next(t for t in sums if not t.lower().startswith("train"))
    assert _series(rd, train_sum)[1] == [round(1.5 - e / 10, 4) for e in range(epochs)]
    assert _series(rd, test_sum)[1] == [round(0.95 - e / 100, 4) for e in range(epochs)]
    assert not any(v == round(0.95 - e / 100, 4) for e in range(epochs) for v in values)


# ------------------------------------------------------------- the count of updates said in words
@pytest.mark.parametrize("said", ["num of updates", "number of updates"])
@pytest.mark.parametrize("n", [3, 50])
def test_a_count_of_updates_said_in_words_is_the_step(tmp_path, said, n):
    """Blocks between rules, one 'key: value' a line ('time elapsed: 0:01:07', 'num of updates: 1000', 'ret loss: ..',
    'action loss: ..'; the Decision Transformer's console): the count of updates said in words is the block's step,
    as 'num_updates' is -- no series of its own, the losses on it (they were on the blocks' ordinal)."""
    lines = ["max_train_iters:  500", "num_updates_per_iter:  100", "=" * 60]
    for k in range(1, n + 1):
        lines += [f"time elapsed: 0:0{k % 10}:07", f"{said}: {1000 * k}", f"ret loss: {3.3 / k:.5f}",
                  f"action loss: {0.25 / k:.5f}", "=" * 60]
    rd = _read(tmp_path, lines)
    assert _series(rd, "ret loss")[0] == [1000 * k for k in range(1, n + 1)], _tags(rd)
    assert _series(rd, "action loss")[0] == [1000 * k for k in range(1, n + 1)]
    assert said not in _tags(rd)
