"""Text logs, round 21 on the lock-box batch 2026-12-10ag (issue 36): misreadings found on its text logs, each checked
on small logs written the way such programs print them (several wordings, lengths and cuts), read with and without
plans (the two readings must be equal: ``_read``)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags

from curvedoc.importers.textlog import read_text_log


def _runs(path):
    got = read_text_log(path, segments=True)
    return got if isinstance(got, list) else [got]


def _points(run, tag):
    return len(run.frame[run.frame["tag"] == tag])


# ------------------------------------------------------------- a CSV row of names and their values
@pytest.mark.parametrize("fmt", [
    "Step, {s}, Loss, {l}, PSNR, {p}, StepTime, {t}, TrainTime, {c},",
    "step, {s}, loss, {l}, psnr, {p}",
    "Iteration, {s}, train loss, {l}, val PSNR, {p}, time, {t}",
    "step,{s},loss,{l},psnr,{p},",
])
@pytest.mark.parametrize("n", [5, 140])
def test_names_and_values_alternating_between_commas_are_pairs(tmp_path, fmt, n):
    """A script writing its record as a CSV row of names and values ('Step, 0, Loss, 0.114, PSNR, 9.42, StepTime, 5.42,
    TrainTime, 5.42,': f.write(f"{k}, {v}, ") for each item) lists its pairs: each name with the value after it, the
    step its position (refused before as "no training metrics found")."""
    lines = [fmt.format(s=i, l=round(0.2 - i / 2000, 6), p=round(9 + i / 100, 4), t=3.9, c=round(3.9 * (i + 1), 3))
             for i in range(n)]
    rd = _read(tmp_path, lines)
    loss = "train loss" if "train loss" in fmt else "Loss" if "Loss" in fmt else "loss"
    steps, values = _series(rd, loss)
    assert steps == list(range(n)) and values == [round(0.2 - i / 2000, 6) for i in range(n)], _tags(rd)
    assert len(_series(rd, "val/val PSNR" if "val PSNR" in fmt else "PSNR" if "PSNR" in fmt else "psnr")[0]) == n \
        or len(_series(rd, "val PSNR")[0]) == n, _tags(rd)
    assert not {"step", "iteration"} & {t.lower() for t in _tags(rd)}, _tags(rd)


def test_a_csv_row_of_numbers_only_is_no_pairs(tmp_path):
    """A row of numbers with one word at its head ('train, 0.5, 0.25, 0.125') or a sentence with commas is no list of
    pairs: the rule needs a name before every value."""
    from curvedoc.importers.textlog.records import COMMA_PAIRS

    assert COMMA_PAIRS.match("Step, 0, Loss, 0.114, PSNR, 9.42,")
    assert not COMMA_PAIRS.match("train, 0.5, 0.25, 0.125")
    assert not COMMA_PAIRS.match("0, 0.5, 0.25, 0.125")
    assert not COMMA_PAIRS.match("loss, 0.5")  # (one pair: a CSV row's first cells, not a record of pairs)


# ------------------------------------------------------------- a sentence that says where it stands
@pytest.mark.parametrize("say", [
    "Saved PixelSNAIL model at epoch {e} with loss: {v}",
    "Model checkpoint saved at epoch {e} with loss {v}",
    "Saving the best model after epoch {e}, loss={v}",
])
@pytest.mark.parametrize("launches", [(5,), (3, 11), (1, 1, 3, 11)])
def test_a_checkpoint_sentence_at_an_epoch_is_the_records_position(tmp_path, say, launches):
    """A script that writes a line only when the loss improved ('Saved PixelSNAIL model at epoch 1 with loss: 3.68'):
    the words up to the epoch's name are the sentence, the epoch the record's position -- no series named 'Saved
    PixelSNAIL model at epoch' valued 1, 2, 3 ..; those statements are the loss's only print, so each is a point, also
    where a relaunch says an epoch the log had passed (its epoch back at 1), and the clock going back tells the
    relaunch."""
    lines, want = [], []
    for k, n in enumerate(launches):
        for e in range(1, n + 1):
            v = round(3.7 - e / 50 - k / 1000, 6)
            lines.append(say.format(e=e, v=v))
            want.append(v)
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[1] == want, _tags(rd)
    assert not any("epoch" in t.lower() and t != "epoch" for t in _tags(rd)), _tags(rd)
    if len(launches) > 1:
        runs = _runs(tmp_path / "train.log")
        assert len(runs) > 1 or any(i.kind == "restart" for i in runs[0].issues)


# ------------------------------------------------------------- launches appended with nothing printed between
@pytest.mark.parametrize("fmt, first", [
    ("Step, {i}, Loss, {v}, PSNR, 9.4,", 0),
    ("Epoch {i:>2}/50 | Train Loss: {v} (Acc: 40.44%) | Val Loss: {w} (Acc: 50.52%) | LR: 0.000300", 1),
    ("[TRAIN] step {i} | loss: {v}", 10),
])
@pytest.mark.parametrize("lengths", [(34, 18), (144, 22), (20, 30, 12)])
def test_a_clock_back_at_its_start_is_a_launch_of_its_own(tmp_path, fmt, first, lengths):
    """A script launched again into the same log (its output appended, no configuration or start statement printed
    that the reader knows) shows it by its clock: the step or epoch back at the value the log started at. Each launch
    is a run of its own, as a table's counter back at its start splits the table (read as one run before, overlapping
    positions resolved to the later write: the second launch's epoch 17 compared with the first's 34)."""
    lines = []
    stride = 10 if first == 10 else 1
    for k, n in enumerate(lengths):
        lines += ["==================================================", "MILESTONE 4 — REAL TRAINING",
                  "=================================================="] if "Epoch" in fmt else []
        lines += [fmt.format(i=first + j * stride, v=round(2.4 / (1 + j) + k / 10, 4), w=round(2.0 / (1 + j), 4))
                  for j in range(n)]
    _read(tmp_path, lines)
    runs = _runs(tmp_path / "train.log")
    loss = "Train Loss" if "Train Loss" in fmt else "Loss" if "Loss" in fmt else "loss"
    assert [_points(r, loss) for r in runs] == list(lengths)
    assert all(any(i.kind == "restart" for i in r.issues) for r in runs[1:])


@pytest.mark.parametrize("fmt", ["Step, {i}, Loss, {v},", "Epoch {i}/50 | Train Loss: {v}", "iter {i} loss {v}"])
def test_a_clock_back_to_a_later_point_stays_one_run(tmp_path, fmt):
    """A job resumed from a checkpoint goes back to a later point than its start and goes on: one run, its restart
    told (not a launch of its own)."""
    steps = list(range(1, 41)) + list(range(30, 61))
    _read(tmp_path, [fmt.format(i=i, v=round(2 / i, 5)) for i in steps])
    runs = _runs(tmp_path / "train.log")
    assert len(runs) == 1 and any(i.kind == "restart" for i in runs[0].issues)


@pytest.mark.parametrize("times, n", [(3, 20), (8, 10), (2, 2)])
def test_a_clock_back_at_its_start_often_or_soon_is_a_counter_of_the_run(tmp_path, times, n):
    """A counter that starts again more than twice with nothing printed (an episode, a phase, a trial of a sweep), or
    after a couple of records, counts inside one run: one run, as before this round."""
    lines = [f"step {s} loss {2 / (s + 1 + k):.4f}" for k in range(times + 1) for s in range(n)]
    _read(tmp_path, lines)
    assert len(_runs(tmp_path / "train.log")) == 1


@pytest.mark.parametrize("head", ["Epoch {e}", "=== Epoch {e}/5 ==="])
def test_a_count_inside_the_epoch_that_starts_again_is_no_launch(tmp_path, head):
    """A step counted inside each epoch (under an 'Epoch 3' heading) starts again every epoch: one run, laid end to
    end, no launch."""
    lines = []
    for e in range(1, 6):
        lines.append(head.format(e=e))
        lines += [f"step {s}/100 loss {2 / (e + s / 100):.4f}" for s in range(0, 100, 20)]
    _read(tmp_path, lines)
    assert len(_runs(tmp_path / "train.log")) == 1


# ------------------------------------------------------------- a dated start banner printed again
def _cyclegan(launches: list[tuple[int, int]], start_day: int = 10) -> list[str]:
    """loss_log.txt of pytorch-CycleGAN-and-pix2pix: a dated banner at each launch, then records '(epoch: E, iters: I,
    time: .., data: ..) D_A: .. G_A: .. cycle_A: ..'; ``launches``: (first epoch, records) per launch (0 records: a
    launch that logged nothing)."""
    lines = []
    for k, (e0, n) in enumerate(launches):
        lines.append(f"================ Training Loss (Thu Jun {start_day + k:2d} 10:{26 + k:02d}:25 2021) ================")
        for j in range(n):
            e, it = e0 + j // 5, 100 * (j % 5 + 1)
            lines.append(f"(epoch: {e}, iters: {it}, time: 0.857, data: 2.929) D_A: {0.2 + j / 1000:.3f} "
                         f"G_A: {0.66:.3f} cycle_A: {1.7 - j / 200 - k / 100:.3f} idt_A: 0.559 ")
    return lines


@pytest.mark.parametrize("launches, runs", [
    ([(1, 0), (1, 5), (1, 1), (1, 8), (1, 0), (1, 4), (1, 12)], [5, 1, 8, 4, 12]),
    ([(1, 3), (1, 3)], [3, 3]),
    ([(1, 12), (1, 0), (1, 7)], [12, 7]),
])
def test_a_dated_start_banner_printed_again_tells_the_launches(tmp_path, launches, runs):
    """CycleGAN writes '================ Training Loss (<date>) ================' each time the script starts, then
    its records with the epoch from 1 again: launches that each stopped in their first epochs (the epoch 1 on both
    sides of a banner) are runs of their own, not one curve (read before as one run, nothing told). The banner is
    no record."""
    _read(tmp_path, _cyclegan(launches), name="loss_log.txt")
    got = _runs(tmp_path / "loss_log.txt")
    assert [_points(r, "cycle_A") for r in got] == runs
    assert not any("training loss" in t.lower() for r in got for t in _tags(r))


def test_a_dated_banner_before_a_resume_is_one_run_with_its_restart(tmp_path):
    """Re-opened at an epoch the log had reached (epoch 3, its iterations again from 100): a resume, one run, its
    restart told (nothing was told before)."""
    _read(tmp_path, _cyclegan([(1, 15), (3, 5)]), name="loss_log.txt")
    got = _runs(tmp_path / "loss_log.txt")
    assert len(got) == 1 and any(i.kind == "restart" for i in got[0].issues)


def test_a_dated_banner_with_the_clock_going_on_is_one_run(tmp_path):
    """A banner with its date printed at each phase while the epoch goes on (a job that went on where it stopped):
    one run, no restart."""
    _read(tmp_path, _cyclegan([(1, 10), (3, 10), (5, 10)]), name="loss_log.txt")
    got = _runs(tmp_path / "loss_log.txt")
    assert len(got) == 1 and not any(i.kind == "restart" for i in got[0].issues), [i.message for i in got[0].issues]


def test_a_logger_time_stamp_before_a_banner_is_no_date_of_the_banner():
    """'2021-10-14 15:29:13 ===== Results =====': the time stamp is the logger's, on every line, not the banner's."""
    from curvedoc.importers.textlog.records import analyse

    assert analyse("================ Training Loss (Sat Nov 29 20:58:22 2025) ================", None).launch
    assert analyse("------------- [START 2021-10-14 15:29:13] -------------", None).launch
    assert not analyse("2021-10-14 15:29:13 ===== Results =====", None).launch
    assert not analyse("===== Epoch 3 =====", None).launch


# ------------------------------------------------------------- a table whose bars group its columns
@pytest.mark.parametrize("groups", [("VALID", "TRAIN"), ("Validation", "Training"), ("val", "train")])
@pytest.mark.parametrize("time_cell", ["{h} hr {m:02d} min", "{h}:{m:02d}:00"])
@pytest.mark.parametrize("rows", [5, 40])
def test_a_two_level_bar_header_names_each_column_with_its_group(tmp_path, groups, time_cell, rows):
    """A fixed-width table whose bars group its columns ('lr  iter  epoch | loss  top-1  top-2 | loss  top-1  top-2 |
    Current Best | time') under a row naming the groups ('|---- VALID ----|---- TRAIN ----|-- Accuracy --|----|'):
    the names inside a group, two spaces or more apart, are columns of their own; each takes its group's word, so the
    two 'loss' columns are the validation's and training's; the duration cell is no class's name (read before as a
    series 'hr', nothing else)."""
    v, t = groups
    lines = ["-" * 40 + " [START 2021-10-14 15:29:13] " + "-" * 40, "", "** start training here! **",
             " " * 27 + f"|------------ {v} -------------|----------- {t} -------------|------Accuracy------|------------|",
             "lr       iter     epoch    | loss   top-1  top-2            | loss   top-1  top-2           |    Current "
             "Best    | time       |", "-" * 127]
    for e in range(rows):
        vl, tl = round(0.52 - e / 200, 3), round(0.65 - e / 150, 3)
        tm = time_cell.format(h=e // 9, m=(e * 7) % 60)
        lines.append(f"0.0001   {e}.0    {e}.0        | {vl:.3f}  {80 + e / 4:.3f}  96.347          | {tl:.3f}  "
                     f"{66 + e / 3:.3f}  95.480         |         {80 + e / 4:.6f}         |  {tm}")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert _series(rd, f"{v} loss") == (list(range(rows)), [round(0.52 - e / 200, 3) for e in range(rows)]), tags
    assert _series(rd, f"{t} loss")[1] == [round(0.65 - e / 150, 3) for e in range(rows)], tags
    assert len(_series(rd, f"{v} top-1")[0]) == rows and len(_series(rd, f"{t} top-2")[0]) == rows, tags
    assert not {"hr", "min", "loss"} & tags, tags


def test_a_bar_table_with_one_name_a_group_reads_as_before(tmp_path):
    """'epoch | train_loss | val_loss' over ' 1/30 | 3796.1 | 1047.5': one column between each pair of bars."""
    lines = ["epoch | train_loss | val_loss | val_acc", "------+------------+----------+--------"]
    lines += [f" {e}/30 | {3.0 / e:.4f} | {3.2 / e:.4f} | {0.5 + e / 100:.3f}" for e in range(1, 31)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "train_loss")[0] == list(range(1, 31)) and len(_series(rd, "val_loss")[0]) == 30, _tags(rd)
