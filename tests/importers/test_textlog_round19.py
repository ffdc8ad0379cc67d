"""Text logs, round 19 on the lock-box batch 2026-12-09ae (issue 36): misreadings found on its text logs, each checked
on small logs written the way such programs print them (several wordings, lengths and cuts), read with and without
plans (the two readings must be equal: ``_read``)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _assert_chunks_read_as_whole, _read, _series, _tags


# ------------------------------------------------------------- a column's name may start with its dimension's digit
@pytest.mark.parametrize("cols", [("2d_loss", "3d_loss", "adv_loss", "temporal_loss"),
                                  ("loss_2d", "3D_loss", "kl"), ("1st_loss", "2nd_loss", "total_loss")])
@pytest.mark.parametrize("sep, pad", [("\t", 3), ("\t", 0), ("  ", 1)])
@pytest.mark.parametrize("rows", [7, 40])
def test_a_column_named_from_a_digit_is_a_column(tmp_path, cols, sep, pad, rows):
    """A pose-lifting script saves its losses as a table, 'checkpoints/log.txt': a header '2d_loss   \\t3d_loss   \\t
    adv_loss   \\t..' (each name padded, a trailing tab) over one row of numbers per logging interval, no step column.
    A name that starts with a digit and goes on in letters ('2d_loss', '3D_loss', '1st_loss') is a name -- a
    dimension or an ordinal said in the name, as people name the 2-D and 3-D parts of a loss -- not a number: the
    header is a table's, each row one point of each column (refused before as "no training metrics")."""
    head = sep.join(c + " " * pad for c in cols) + (sep if sep == "\t" else "")
    lines = [head]
    want = {c: [] for c in cols}
    for i in range(rows):
        vals = [round(6.0 / (1 + i) + k * 0.37, 6) for k in range(len(cols))]
        lines.append(sep.join(f"{v:.6f}" for v in vals) + (sep if sep == "\t" else ""))
        for c, v in zip(cols, vals):
            want[c].append(v)
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    for c in cols:
        tag = next(t for t in tags if t.split("/")[-1] == c)
        assert _series(rd, tag)[1] == want[c], (c, tags)
    assert len(tags) == len(cols), tags


def test_a_number_with_a_unit_is_no_column_name(tmp_path):
    """A row of values with their units ('3ms 12ms 40ms') heads no table: a digit-led name goes on in letters to a
    word, a measurement is a number and its unit."""
    lines = ["epoch 1 loss 0.9 acc 0.41", "3ms 12ms 40ms", "epoch 2 loss 0.7 acc 0.52", "1 2 3", "epoch 3 loss 0.5 acc 0.6"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[1] == [0.9, 0.7, 0.5]
    assert not any(t.endswith("ms") for t in _tags(rd)), _tags(rd)


# ------------------------------------------------------------- a count of epochs said in words is no value
@pytest.mark.parametrize("say, word, key, val", [
    ("Finished {E} epochs, val acc 0.93", "Finished", "val acc", 0.93),
    ("Trained {E} epochs: best val_loss 0.41", "Trained", "val_loss", 0.41),
    ("Done: {E} epochs, test acc 0.88", "Done", "acc", 0.88),
    ("training completed {E} epochs | final loss 0.2", "completed", "loss", 0.2),
])
@pytest.mark.parametrize("E, plan", [(30, True), (7, False)])
def test_a_count_of_epochs_said_in_words_is_no_value_of_the_word_before(tmp_path, say, word, key, val, E, plan):
    """A script ends with a sentence saying how many epochs ran and its result ('Finished 30 epochs, val acc 0.93'):
    a whole number written before 'epochs' counts epochs -- how many ran, or the plan -- and is never the value of
    the word before it ('Finished' valued 30 was a series or a summary value of the run); the result beside it is
    read."""
    lines = ([f"Training for {E} epochs"] if plan else []) + \
        [f"epoch {e} loss {1 / e:.3f} val acc {0.5 + e / 100:.3f}" for e in range(1, E + 1)] + [say.format(E=E)]
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert not any(word.lower() in t.lower() for t in tags), tags
    assert not any(word.lower() in str(k).lower() for k in (rd.meta.get("summary") or {})), rd.meta.get("summary")
    assert not any(word.lower() in str(k).lower() for k in rd.hparams), rd.hparams
    assert any(key in t and _series(rd, t)[1][-1:] == [val] for t in tags) \
        or val in (rd.meta.get("summary") or {}).values(), (tags, rd.meta.get("summary"))
    assert len(_series(rd, "loss")[1]) == E
    if plan:
        assert rd.meta.get("num_epochs") == E


# ------------------------------------------------------------- absl's time before its logging is initialised
@pytest.mark.parametrize("level", ["I", "W", "E"])
@pytest.mark.parametrize("where", ["port.cc:153", "cpu_feature_guard.cc:227", "tensorflow/core/util/port.cc:113",
                                   "cuda_dnn.cc:8473"])
@pytest.mark.parametrize("epochs", [2, 6])
def test_absl_lines_before_its_log_is_initialised_are_a_prefix(tmp_path, level, where, epochs):
    """TensorFlow 2.16+ writes its C++ messages through absl before absl::InitializeLog() is called, with a zeroed date
    and the seconds since 1970 ('I0000 00:00:1776710231.442377    2592 port.cc:153] oneDNN custom operations are
    on..'): the level letter, the time, the thread and the source's file:line are the logger's prefix, as glog's
    'I1128 12:00:00.123 4567 solver.cpp:218]' is -- the source file is no key valued by its line number (a 'port.cc'
    series, a 'cpu_feature_guard.cc' setting)."""
    t0 = 1776710231.442377
    lines = ["WARNING: All log messages before absl::InitializeLog() is called are written to STDERR"]
    for k in range(3):
        lines.append(f"{level}0000 00:00:{t0 + k:.6f}    2592 {where}] oneDNN custom operations are on. You may see")
        lines.append("slightly different numerical results due to floating-point round-off errors.")
    for e in range(1, epochs + 1):
        lines.append(f"Epoch {e}/{epochs}")
        lines.append(f"92/92 - 30s - 320ms/step - accuracy: {0.5 + e / 50:.4f} - loss: {1.3 / e:.4f} - "
                     f"val_accuracy: {0.6 + e / 60:.4f} - val_loss: {1.0 / e:.4f}")
        lines.append(f"{level}0000 00:00:{t0 + 100 * e:.6f}    2592 {where}] Allocation of 102760448 exceeds 10% of "
                     "free system memory.")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    src = where.rsplit("/", 1)[-1].split(":")[0]
    assert not any(src in t or t.endswith(".cc") for t in tags), tags
    assert not any(src in str(k) for k in rd.hparams), rd.hparams
    assert len(_series(rd, "loss")[1]) == epochs and len(_series(rd, "val_loss")[1]) == epochs


@pytest.mark.parametrize("every", [1, 3])
def test_absl_lines_between_step_records_read_alike_whole_and_in_chunks(tmp_path, every):
    """The same log read whole, in chunks or from any line onward: absl's lines between the records are no records
    wherever the reading starts."""
    lines = []
    for i in range(1, 61):
        lines.append(f"step {10 * i} loss {2.0 / i:.4f} lr 0.001")
        if i % every == 0:
            lines.append(f"W0000 00:00:{1776710231.442377 + i:.6f}    2592 cuda_dnn.cc:8473] Allocation of {i} bytes")
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == [10 * i for i in range(1, 61)]
    assert not any(t.endswith(".cc") for t in _tags(rd)), _tags(rd)
    p = tmp_path / "train.log"
    _assert_chunks_read_as_whole(p, [len(p.read_bytes()) // 3, len(p.read_bytes()) // 2])
