"""Text logs, round 30 on the lock-box batch 2026-12-16aw, read early and seen (issue 36): misreadings found on its
text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _assert_same, _read, _series, _tags

from curvedoc.importers.textlog import read_text_log


def _kinds(rd) -> set[str]:
    return {i.kind for i in rd.issues}


# ------------------------------------------------------------- 'INFO:epoch: 1, ..': the message's first pair, no logger
@pytest.mark.parametrize("fmt", [
    "[2022-11-30 02:51:{s:02d} PM-train.py-INFO:epoch: {e}, loss: {v:.4f}]",
    "INFO:epoch: {e}, loss: {v:.4f}",
    "2024-01-02 10:00:{s:02d} INFO:epoch: {e} | loss: {v:.4f}",
    "WARNING:epoch: {e}  loss: {v:.4f}",
])
@pytest.mark.parametrize("epochs", [4, 13])
def test_a_word_its_colon_and_a_number_after_the_level_is_the_messages_first_pair(tmp_path, fmt, epochs):
    """Python's basicConfig writes 'INFO:root:message' -- the level, the logger's name, the message. A format that
    glues the message to the level ('%(asctime)s-%(filename)s-%(levelname)s:%(message)s') writes 'INFO:epoch: 1,
    loss: ..': the word after the level, followed by its colon, a space and a number, is the message's first pair
    (the epoch), not a logger's name cut off with it."""
    # (every second epoch printed: the records' own epochs, not their ordinal)
    want = list(range(2, 2 * epochs + 1, 2))
    lines = [fmt.format(s=e % 60, e=e, v=1 / e) for e in want]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == (want, [round(1 / e, 4) for e in want])


@pytest.mark.parametrize("name", ["root", "__main__", "trainer", "my.module"])
def test_a_loggers_name_after_the_level_is_still_cut_off(tmp_path, name):
    lines = [f"INFO:{name}:Epoch {e}: loss {1 / e:.4f}" for e in range(1, 6)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == (list(range(1, 6)), [round(1 / e, 4) for e in range(1, 6)])
    assert not any(name in t for t in _tags(rd))


# ------------------------------------------------------------- a result per data set
_SETS = ["CVC-300", "Kvasir", "ETIS-LaribPolypDB", "CVC-ClinicDB", "val2017"]


@pytest.mark.parametrize("fmt", [
    "epoch: {e}, dataset: {s}, dice: {v:.6f}",
    "[2022-11-30 02:51:59 PM-train.py-INFO:epoch: {e}, dataset: {s}, dice: {v:.6f}]",
    "Epoch {e} | data_set={s} dice={v:.6f}",
    "epoch {e}  dataset: {s}  dice: {v:.6f}",
    "ep {e} | benchmark: {s} | dice: {v:.6f}",
])
@pytest.mark.parametrize("sets,epochs", [(2, 3), (5, 12)])
def test_a_record_naming_its_data_set_is_that_sets_series(tmp_path, fmt, sets, epochs):
    """A script evaluating one model on several data sets prints one record a set ('epoch: 1, dataset: Kvasir, dice:
    0.21', then '.. dataset: CVC-300 ..'): the set named by the word after 'dataset' is the set the record's values
    were measured on -- each set its own series ('Kvasir dice'), never points of one series zig-zagging between the
    sets."""
    lines = []
    for e in range(1, epochs + 1):
        for k, s in enumerate(_SETS[:sets]):
            lines.append(fmt.format(e=e, s=s, v=0.1 * (k + 1) + e / 100))
    rd = _read(tmp_path, lines)
    for k, s in enumerate(_SETS[:sets]):
        assert _series(rd, f"{s} dice") == (list(range(1, epochs + 1)),
                                             [round(0.1 * (k + 1) + e / 100, 6) for e in range(1, epochs + 1)]), _tags(rd)
    assert "dice" not in _tags(rd)


@pytest.mark.parametrize("line,keys", [
    ("Test set: Average loss: 0.0451, Accuracy: 9839/10000 (98%)", {"test/Average loss", "test/Accuracy"}),
    ("epoch 3 dataset: val, loss: 0.41", {"val loss"}),
    ("epoch 3 | benchmark: ETIS | mIoU: 0.40 | lr: 0.001", {"ETIS mIoU", "lr"}),
    ("Epoch 3  data: 0.1230  loss: 0.5000", {"data", "loss"}),
])
def test_a_data_sets_word_names_a_set_only_when_it_names_one(line, keys):
    """A heading ('Test set: Average loss ..') names no set 'Average'; a split's word for the set is the split; the
    learning rate is the optimizer's; a loader's time ('data: 0.123') is a number, no set."""
    from curvedoc.importers.textlog.records import analyse
    assert set(analyse(line, None).rec.keys) == keys


# ------------------------------------------------------------- a relaunch after a few epochs of several records each
@pytest.mark.parametrize("sets", [3, 5])
@pytest.mark.parametrize("first,second", [(3, 2), (2, 2), (4, 2)])
def test_a_relaunch_with_few_epochs_of_several_records_is_a_launch_of_its_own(tmp_path, sets, first, second):
    """A script printing one result per data set each epoch, launched again into the same log after a few epochs
    ('epoch: 3, dataset: Kvasir ..' then 'epoch: 1, dataset: CVC-300 ..'), holds a dozen records in two epochs: its
    clock back at its start is a launch of its own (two runs, the restart said), though its clock counts two points --
    not one run whose later epochs overwrite the first launch's."""
    lines = []
    for launch, epochs in enumerate((first, second)):
        for e in range(1, epochs + 1):
            for k, s in enumerate(_SETS[:sets]):
                lines.append(f"epoch: {e}, dataset: {s}, dice: {0.1 * (k + 1) + launch + e / 100:.4f}")
            lines.append(f"best: {0.2 + launch + e / 100:.4f}")
    p = tmp_path / "train_log.log"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _assert_same(p)
    runs = read_text_log(p, segments=True)
    assert isinstance(runs, list) and len(runs) == 2, runs
    assert _series(runs[0], f"{_SETS[0]} dice")[0] == list(range(1, first + 1))
    assert _series(runs[1], f"{_SETS[0]} dice")[0] == list(range(1, second + 1))
    assert "restart" in _kinds(runs[1])


def test_a_counter_going_back_after_two_points_of_one_record_each_stays_one_run(tmp_path):
    """The launch of its own needs records of its own: a clock back at its start after two records, one record a
    point, is a counter of the run (the restart issue says it), as before."""
    lines = [f"epoch: {e}, loss: {1 / e:.4f}" for e in (1, 2, 1, 2)]
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rd = read_text_log(p, segments=True)
    assert not isinstance(rd, list)


# ------------------------------------------------------------- a log that stops inside its last record
def _write(tmp_path, text: str, name="train.log"):
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    return p


def _step_log(n: int, fmt: str) -> list[str]:
    return [fmt.format(i=i, l=1 / i + 0.123456, a=0.5 + i / 10000) for i in range(1, n + 1)]


_FORMATS = ["step={i} ,loss={l:.5f}, auc={a:.5f}", "Epoch 1 | iter {i} | loss: {l:.4f} | acc: {a:.4f}",
            "[INFO] it={i}\tloss={l:.6f}\tlr={a:.2e}"]


@pytest.mark.parametrize("fmt", _FORMATS)
@pytest.mark.parametrize("n,keep", [(40, 2), (229, 11), (12, 1)])
def test_a_log_that_stops_inside_its_last_record_is_damaged_there(tmp_path, fmt, n, keep):
    """A print log whose last line stops, without its line end, inside a record of the shape printed just before it
    ('step=229 ,loss=0.23484, auc=0.50518' then 'st') was cut while writing that record: the job was stopped
    mid-write, or its buffered output never reached the file. The cut record is not read (its number may have lost
    digits) and a truncated-record note says so -- info, one record lost."""
    lines = _step_log(n, fmt)
    text = "\n".join(lines) + "\n" + lines[-1].replace(str(n), str(n + 1), 1)[:keep]
    if len(text.encode()) % 4096 == 0:
        text += lines[-1][keep:keep + 1]
    p = _write(tmp_path, text)
    _assert_same(p)
    rd = read_text_log(p)
    cut = [i for i in rd.issues if i.kind == "truncated-record"]
    assert len(cut) == 1 and cut[0].severity == "info" and cut[0].count == 1, rd.issues
    assert len(_series(rd, "loss")[0]) == n


@pytest.mark.parametrize("fmt", _FORMATS)
def test_a_log_cut_inside_a_record_at_a_4_kib_block_may_have_lost_more(tmp_path, fmt):
    """Cut at a whole number of 4 KiB blocks (8192 bytes: a redirected stdout is written a block at a time), the
    output after it is unknown: a warning."""
    lines = _step_log(400, fmt)
    body = "\n".join(lines) + "\n"
    # (a banner padded so that the block ends ten characters into a record, among its words)
    start = max(i for i in range(1, len(body)) if body[i - 1] == "\n" and i < 8192 - 10 - 20)
    text = "#" + "=" * (8192 - 10 - start - 2) + "\n" + body
    text = text[:8192]
    assert not text.endswith("\n") and len(text.encode()) == 8192
    p = _write(tmp_path, text)
    rd = read_text_log(p)
    cut = [i for i in rd.issues if i.kind == "truncated-record"]
    assert len(cut) == 1 and cut[0].severity == "warning", rd.issues


@pytest.mark.parametrize("last", ["Training finished.", "step=41 ,loss=0.14, auc=0.51", "Done",
                                  " 45%|████▌     | 45/100 [00:10<00:12,  4.50it/s]"])
def test_a_last_line_complete_in_its_words_is_no_cut_record(tmp_path, last):
    """A writer that never ends its last line (a final message, a last record printed whole, a progress bar drawn
    with carriage returns) cut nothing."""
    text = "\n".join(_step_log(40, _FORMATS[0])) + "\n" + ("\r" if "%" in last else "") + last
    rd = read_text_log(_write(tmp_path, text))
    assert "truncated-record" not in _kinds(rd), rd.issues


@pytest.mark.parametrize("meter", ["[14:55<00:00,  1.48it/s]", "[00:08<00:00, 3.86it/s, loss=0.41]"])
def test_a_bar_drawn_whole_after_a_bar_with_a_record_glued_is_no_cut_record(tmp_path, meter):
    """A notebook's bar drawn without carriage returns ('100% 1330/1330 [14:55<00:00, 1.48it/s]') as the log's last
    line is complete, though a line of the same bar with an HF dict glued after its meter came before it."""
    lines = [f"100% 31/31 [00:08<00:00,  3.86it/s]{{'mr': {1255.99 - e}, 'epoch': {e}.0}}" for e in range(1, 6)]
    text = "\n".join(lines) + "\n" + "100% 1330/1330 " + meter
    rd = read_text_log(_write(tmp_path, text))
    assert "truncated-record" not in _kinds(rd), rd.issues


# ------------------------------------------------------------- two epochs in brackets: the data's, then the loop's
@pytest.mark.parametrize("per,every", [(25, 24), (100, 50), (500, 100)])
@pytest.mark.parametrize("blocks", [1, 3, 8])
def test_an_iteration_runners_inner_epoch_and_its_counter_are_the_records_clock(tmp_path, per, every, blocks):
    """LAVIS / BLIP's iteration runner prints 'Train: data epoch: [0]; inner epoch [3]  [24/25]  eta: ..  lr: ..
    loss: ..': the pass over the data, then the block of iterations ('inner epoch') the counter counts inside. The
    later epoch, with its counter, is the record's clock (block * N + i); the first is no value, nor is 'inner epoch'
    a series."""
    lines = ["Start training, max_iters=%d, in total %d inner epochs." % (per * blocks, blocks)]
    want_steps, want = [], []
    for b in range(blocks):
        for i in sorted(set(range(0, per, every)) | {per - 1}):
            v = 3 / (1 + b * per + i)
            lines.append(f"Train: data epoch: [{b // 4}]; inner epoch [{b}]  [{i:>{len(str(per))}}/{per}]  eta: 0:00:09  "
                         f"lr: 0.000048  loss: {v:.4f}  time: 0.1914  data: 0.0000  max mem: 22623")
            want_steps.append(b * per + i)
            want.append(round(v, 4))
        lines.append(f"Train: data epoch: [{b // 4}]; inner epoch [{b}] Total time: 0:00:09 (0.3974 s / it)")
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == (want_steps, want)
    assert not {"inner epoch", "data epoch"} & _tags(rd)


# ------------------------------------------------------------- "total_batch=1082" in the banner: the plan of 'step=N'
@pytest.mark.parametrize("banner,rec", [
    ("total_batch={n}", "step={i} ,loss={v:.5f}, auc={a:.5f}"),
    ("Total batches: {n}", "[step {i}] loss: {v:.4f}"),
    ("num_batches = {n}", "step {i}: loss={v:.4f} acc={a:.4f}"),
])
@pytest.mark.parametrize("plan,ran,every", [(1082, 229, 1), (500, 500, 10), (3000, 120, 20)])
def test_a_total_of_batches_over_records_counting_batches_is_their_plan(tmp_path, banner, rec, plan, ran, every):
    """A print log's banner states how many batches the training goes through ('Optimization algorithm: adam',
    'total_batch=1082') and each record counts the batch it is at ('step=229 ,loss=..'): on that clock of steps (no
    epochs) the total is their plan, as 'Total timesteps' is a PPO's -- a log that stops at step 229 of 1082 stopped
    before it."""
    lines = ["Optimization algorithm: adam", banner.format(n=plan)]
    lines += [rec.format(i=i, v=5 / (i + 1), a=0.5 + i / 1e5) for i in range(every, ran + 1, every)]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("max_steps") == plan and "num_epochs" not in rd.meta


@pytest.mark.parametrize("banner", ["total_batch=50", "num_batches: 40"])
def test_a_total_of_batches_beside_records_on_epochs_is_no_plan_of_them(tmp_path, banner):
    """The batches of an epoch over records on a clock of epochs ('Epoch 3 | loss ..') are no plan of those records."""
    lines = [banner] + [f"Epoch {e} | loss {1 / e:.4f} | val_loss {1.1 / e:.4f}" for e in range(1, 30)]
    rd = _read(tmp_path, lines)
    assert "max_steps" not in rd.meta


# ------------------------------------------------------------- a set's size with the set's name before its noun
@pytest.mark.parametrize("fmt", ["total {n} Im2LatexDataset samples", "Loaded {n} training images",
                                 "Found {n} valid images belonging to 3 classes.", "dataset size: {n} FormulaDataset items"])
@pytest.mark.parametrize("epochs", [3, 12])
def test_a_count_with_the_sets_name_before_its_noun_is_a_sets_size(tmp_path, fmt, epochs):
    """'total 100000 Im2LatexDataset samples' (a data set's __init__ printing its size), 'Loaded 5000 training images':
    a count, a word or two naming the set, then the noun of what it counts is the set's size, as 'Loaded 4699
    samples' is -- no series, whichever words head it."""
    lines = [fmt.format(n=100000), fmt.format(n=10000)]
    lines += [f"Epoch {e}: loss {1 / e:.4f}" for e in range(1, epochs + 1)]
    rd = _read(tmp_path, lines)
    assert _tags(rd) <= {"loss", "epoch"}, _tags(rd)
    assert _series(rd, "loss")[0] == list(range(1, epochs + 1))


@pytest.mark.parametrize("line,keys", [("step 100 of the samples loss 0.3", {"samples loss"}),
                                       ("epoch 3 loss 0.5 on 1000 test samples", {"loss"})])
def test_a_count_before_a_word_that_ends_its_phrase_is_not_made_a_size(line, keys):
    from curvedoc.importers.textlog.records import analyse
    assert set(analyse(line, None).rec.keys) == keys
