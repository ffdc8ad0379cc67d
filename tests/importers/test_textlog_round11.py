"""Text logs, eleventh round (issue 36): misreadings known from the lock-box batches 2026-12-04u/v/nu8 and from how
such scripts print, each on a small log written the way its script prints it, read with and without plans (the two
readings must be equal): a step that starts again every epoch laid end to end on one clock, launches appended to one
log each with its own plan of epochs, ``top 1 acc`` one name, a value measured ``after N steps``, a clock named
right after a logger's level, and a held-out word before a step's name."""

from __future__ import annotations

from test_textlog_readings import _assert_chunks_read_as_whole, _read, _series, _tags

from curvedoc.importers.textlog import read_text_log


# ------------------------------------------------------------------------------------------ one clock over the epochs
def test_a_step_that_starts_again_every_epoch_covers_every_epoch_on_one_clock(tmp_path):
    """``[E2] step 0 .. step 400`` (printed every 100) then ``[E3] step 0``: the step counts inside the epoch, with no
    epoch length printed; the epochs are laid end to end (epoch x steps per epoch + step), an epoch as long as the
    log shows it -- the top a climb reaches, less the count the next starts at, plus the interval between prints
    (0 .. 400 every 100: 500) -- so the series holds every epoch, not the last one written over the others; the
    validation that names its epoch is at the step training had reached."""
    lines = ["Starting training..."]
    for e in range(4):
        lines += [f"[E{e}] step {s} loss {2 / (1 + 5 * e + s / 100):.4f} lr 0.001" for s in range(0, 500, 100)]
        lines.append(f"[E{e}] val loss {1.5 / (1 + e):.4f}")
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "loss")
    assert steps == [500 * e + s for e in range(4) for s in range(0, 500, 100)]
    assert values == [round(2 / (1 + 5 * e + s / 100), 4) for e in range(4) for s in range(0, 500, 100)]
    assert _series(rd, "val loss")[0] == [500 * e + 400 for e in range(4)]
    assert _series(rd, "epoch")[1][-1] == 3
    assert not [i for i in rd.issues if i.kind in ("restart", "duplicate-steps")]
    data = (tmp_path / "train.log").read_bytes()
    _assert_chunks_read_as_whole(tmp_path / "train.log", [len(data) // 3, 2 * len(data) // 3])


def test_an_epochs_length_is_the_stated_total_or_the_largest_count_seen(tmp_path):
    """``Epoch 3 | it 0/500`` states the length (500); ``Epoch 3 | it 100`` every 100 up to 500, 1-based, does not:
    the top count is the length (the next epoch starts at its first print, 100). ``Epoch 3 | step 7`` printed every
    step from 0 is 0 .. N-1: N. A log that starts inside an epoch keeps the same clock after it."""
    cases = (("Epoch {e} | it {s}/500 | loss {v}", range(0, 500, 100), 500),
             ("Epoch {e} | it {s} | loss {v}", range(100, 600, 100), 500),
             ("Epoch {e} | step {s} | loss {v}", range(0, 8), 8))
    for form, counts, length in cases:
        lines = [form.format(e=e, s=s, v=f"{3 / (e + 1 + s / 1000):.5f}") for e in range(1, 5) for s in counts]
        rd = _read(tmp_path, lines)
        assert _series(rd, "loss")[0] == [(e - 1) * length + s for e in range(1, 5) for s in counts], form
        cut = _read(tmp_path, lines[2:])  # (from inside the first epoch)
        assert _series(cut, "loss")[0] == [(e - 1) * length + s for e in range(1, 5) for s in counts][2:], form


def test_a_heading_epoch_over_step_records_lays_them_end_to_end(tmp_path):
    """``Epoch 3`` on a line of its own, then ``step 40 loss ..`` lines whose step starts again under each heading:
    the same clock as when the epoch is on the record's line."""
    lines = []
    for e in range(1, 4):
        lines.append(f"Epoch {e}")
        lines += [f"step {s} loss {1 / (e + s / 100):.4f}" for s in range(20, 101, 20)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == [(e - 1) * 100 + s for e in range(1, 4) for s in range(20, 101, 20)]


def test_a_global_step_beside_the_epoch_stays_as_printed(tmp_path):
    """A step that never goes back as the epoch advances is the run's step: read as printed."""
    lines = [f"epoch {1 + s // 50} | step {s} | loss {1 / (1 + s):.4f}" for s in range(0, 200, 10)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == list(range(0, 200, 10))


# ------------------------------------------------------------------------------------------ launches and their plans
def _launches() -> list[str]:
    """Three launches appended to one train.log by a ``logging`` script: 'Epoch: e/50' (stopped at epoch 3), 'Epoch:
    0/12' (two lines, abandoned), 'Epoch: e/20' -- the iteration step back at 1300 each time, no configuration
    printed between them; each epoch ends with its top-1 and top-5 accuracies."""
    lines = []
    for plan, epochs, per_epoch in ((50, 4, 3), (12, 1, 2), (20, 5, 3)):
        step = 0
        for e in range(epochs):
            for q in range(per_epoch):
                step += 1300
                lines.append(f"2025-01-06 15:04:15,292 INFO: Epoch: {e}/{plan}, Iteration step: {step}, "
                             f"loss: {5 / (1 + e + q / 3):.6f}")
            if plan == 12:
                break
            lines.append(f"2025-01-06 15:13:20,051 INFO: ==============Epoch: {e}/{plan},top 1 acc: "
                         f"{0.03 + e / 100:.4f}==============")
            lines.append(f"2025-01-06 15:13:20,051 INFO: ==============Epoch: {e}/{plan},top 5 acc: "
                         f"{0.12 + e / 50:.4f}==============")
    return lines


def test_appended_launches_each_keep_their_own_plan_of_epochs(tmp_path):
    """A plan of epochs other than the one in force ('Epoch: 0/12' after 'Epoch: 3/50') starts a launch: read() gives
    one run per launch, each with the plan its own records state (50, 12, 20), not the last one for all."""
    rd = _read(tmp_path, _launches())
    assert _series(rd, "loss")[0][:3] == [1300, 2600, 3900]  # ('Iteration step' is the step, no series)
    assert "Iteration step" not in _tags(rd)
    runs = read_text_log(tmp_path / "train.log", segments=True)
    assert isinstance(runs, list) and len(runs) == 3
    assert [r.meta["num_epochs"] for r in runs] == [50, 12, 20]
    assert [r.hparams["num_epochs"] for r in runs] == [50, 12, 20]
    assert [len(r.frame[r.frame["tag"] == "loss"]) for r in runs] == [12, 2, 15]


def test_a_plan_stated_again_unchanged_is_one_launch(tmp_path):
    """'Epoch: e/50' on every line: one plan, one launch."""
    lines = [f"Epoch: {e}/50, Iteration step: {1300 * (3 * e + q + 1)}, loss: {5 / (1 + e + q):.4f}"
             for e in range(6) for q in range(3)]
    rd = _read(tmp_path, lines)
    assert rd.meta["num_epochs"] == 50
    assert not isinstance(read_text_log(tmp_path / "train.log", segments=True), list)


# ------------------------------------------------------------------------------------------ names
def test_a_top_k_metric_is_one_name_not_a_key_top_and_a_number(tmp_path):
    """``top 1 acc: 0.0354`` and ``top 5 acc: 0.1235`` (and ``Top 5 Error = 9.1``, ``top-5 err``): one series name
    each, the rank part of it -- not a key ``top`` holding 1 and 5 and one ``acc`` holding both accuracies."""
    rd = _read(tmp_path, _launches()[:20])  # (the first launch)
    assert _series(rd, "top-1 acc")[1] == [0.03, 0.04, 0.05, 0.06]
    assert _series(rd, "top-5 acc")[1] == [0.12, 0.14, 0.16, 0.18]
    assert not {"top", "acc"} & _tags(rd)
    lines = [f"epoch {e} | Top 1 Error = {40 - e:.1f} | Top 5 Error = {9 - e / 10:.2f} | top-5 err {9 - e / 10:.2f}"
             for e in range(1, 6)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Top-1 Error")[1] == [39.0, 38.0, 37.0, 36.0, 35.0]
    assert _series(rd, "Top-5 Error")[1] == _series(rd, "top-5 err")[1] == [8.9, 8.8, 8.7, 8.6, 8.5]


def test_a_value_measured_after_n_steps_is_named_by_the_words_before_after(tmp_path):
    """``Test accuracy after 15 steps: 30.2%``: the value is the test accuracy at step 15, not a key ``steps``."""
    lines = [f"Step {s} - loss: {2 / s:.4f}" for s in range(1, 16)] + ["Test accuracy after 15 steps: 30.2%"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Test accuracy") == ([15], [30.2])
    assert not [t for t in _tags(rd) if t.endswith("steps")]
    rd = _read(tmp_path, [f"loss after {e} epochs = {1 / e:.3f}" for e in range(1, 5)])
    assert _series(rd, "loss") == ([1, 2, 3, 4], [1.0, 0.5, 0.333, 0.25])


def test_a_clock_named_after_a_loggers_level_is_the_records_position(tmp_path):
    """``2021-03-19 20:19:45,498 - INFO - epoch:3  , train step:10 , loss: ..``: ``epoch:3`` after the level is the
    record's epoch, not a logger's ``name:lineno`` cut off with the prefix (a logger's ``train.py:33`` still is)."""
    from curvedoc.importers.textlog.records import strip_prefix

    assert strip_prefix("2021-03-19 20:19:45,498 - INFO - epoch:3  , loss: 3.1")[0] == "epoch:3  , loss: 3.1"
    assert strip_prefix("2021-03-19 20:19:45,498 - INFO - train.py:33 - loss: 3.1")[0] == "loss: 3.1"
    p = "2021-03-19 20:19:45,498 - INFO - "
    lines = [f"{p}epoch:{e:<3d}, train step:{s:<4d}, loss: {4 - e / 4 - s / 100:.5f}" for e in range(5) for s in (0, 10)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "epoch")[1][-1] == 4
    assert _series(rd, "loss")[0] == [20 * e + s for e in range(5) for s in (0, 10)]


def test_a_held_out_word_before_a_steps_name_holds_the_record_out(tmp_path):
    """``epoch:3, valid step:10, loss: ..`` beside ``epoch:3, train step:10, loss: ..``: the split word before the
    step's name says the record's split wherever it stands on the line; the two losses are never one series."""
    lines = []
    for e in range(4):
        lines += [f"epoch:{e}, train step:{s}, loss: {3 - e / 4 - s / 100:.5f}" for s in (0, 10, 20)]
        lines += [f"epoch:{e}, valid step:{s}, loss: {3.5 - e / 5:.5f}" for s in (0, 10)]
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "loss")[1]) == 12
    assert _series(rd, "val/loss")[1] == [round(3.5 - e / 5, 5) for e in range(4) for _ in (0, 10)]


def _fista_bars(epochs: int = 3, batches: int = 12, evals: int = 4) -> str:
    """A tqdm-only script: each epoch's training bar with ``loss:..,epoch mean:..`` in its postfix, then a
    ``validating...`` bar over the validation batches with the same words (each rendering drawn twice, as tqdm
    redraws after set_postfix_str)."""
    out = []
    for e in range(epochs):
        total = 0.0
        for i in range(batches + 1):
            loss = 100 / (1 + e * batches + i)
            total += loss
            out.append(f"\rEpoch {e}: {100 * i // batches:3d}%|#   | {i}/{batches} [00:{i:02d}<00:10,  1.9s/it, "
                       f"loss:{loss:.4f},epoch mean:{total / (i + 1):.2f}]")
        out.append("\n")
        total = 0.0
        for i in range(evals + 1):
            loss = 80 / (1 + e) + i / 10
            total += loss
            for _ in range(2):
                out.append(f"\rvalidating...: {100 * i // evals:3d}%|#   | {i}/{evals} [00:{i:02d}<00:03,  1.0s/it, "
                           f"loss:{loss:.4f},epoch mean:{total / (i + 1):.2f}]")
        out.append("\n")
    return "".join(out)


def test_an_evaluations_own_bar_is_held_out_one_result_each_at_the_step_reached(tmp_path):
    """``validating...: 67%|..| 14/21 [.., loss:23.6,epoch mean:26.00]`` between the epochs' training bars: its
    records are held out (the loop's name says so), ``epoch mean`` is a key (the running mean, not a bare "mean"),
    and each evaluation is one result -- its last rendering -- at the step training had reached, not 2 x 21
    renderings on a clock of their own."""
    p = tmp_path / "train_fista.log"
    p.write_text(_fista_bars(), encoding="utf-8")
    from test_textlog_shapes import _assert_same

    _assert_same(p)
    rd = read_text_log(p)
    assert "epoch mean" in _tags(rd) and "mean" not in _tags(rd)
    steps, values = _series(rd, "val/epoch mean")
    assert steps == [12, 24, 36]
    assert values == [round(sum(80 / (1 + e) + i / 10 for i in range(5)) / 5, 2) for e in range(3)]
    assert len(_series(rd, "val/loss")[0]) == 3


def test_a_step_printed_once_per_epoch_or_under_another_records_epoch_keeps_its_value(tmp_path):
    """MMCV's ``resumed epoch 9, iter 13347`` printed by each launch of an appended log (epochs 9, 9, 8, 9, 13): the
    iteration never climbed inside one epoch, so it is no counter inside the epoch and stays as printed; and a
    ``step 500 ..`` record under the epoch another record printed with its values (``epoch 3 done: loss ..``) is on
    the run's step, not laid end to end."""
    lines = []
    for e, it in ((9, 13347), (9, 13347), (8, 23720), (9, 13347), (9, 13347), (8, 23720), (13, 19283)):
        lines.append(f"2020-10-15 15:42:20,778 - mmdet - INFO - resumed epoch {e}, iter {it}")
        lines.append(f"2020-10-15 15:42:21,778 - mmdet - INFO - Epoch [{e + 1}][50/1484]\tlr: 1.000e-02, loss: 0.5")
    rd = _read(tmp_path, lines)
    # (a value printed again at the same step is an echo: one point)
    assert set(_series(rd, "resumed epoch")[0]) == {13347, 23720, 19283}
    lines = []
    for e in range(1, 5):
        lines.append(f"epoch {e} done: loss {1 / e:.3f}")
        lines += [f"step {s} grad_norm {s / 1000:.3f}" for s in (100 * e, 100 * e + 50)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "grad_norm")[0] == [100 * e + d for e in range(1, 5) for d in (0, 50)]
