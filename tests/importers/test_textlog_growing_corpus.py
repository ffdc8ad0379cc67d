"""Issue 36's chunked / tail / whole property, as ``watch`` reads a growing print log: the log fed in pieces to one
:class:`~curvedoc.importers.textlog.GrowingTextLog` (what ``watch`` keeps for it, the pieces cut anywhere, mid-line
included, a reading taken between pieces) reads exactly as the whole file does -- on every text log of the corpus:
../shared/real_runs/text_log and the text logs of the scored lock-box batches (test_textlog_lockbox.lockbox_entries).

A reading taken between two pieces applies the lines held back so far (``flush``); that must change nothing. It did
for an epoch's summary printed with the same keys and clock as the epoch's batch lines ('===> Epoch 5 Complete: Avg.
Loss: 1.053' after '===> Epoch[5](25300/25343): Loss: 1.0268', 2026-12-22bl diwu1990_cs766): the fast reading applied
it with the batch lines as one kind -- a point of their series -- while the reference reading, and the fast one after
a flush, made it the summary series it is (``closes``). A record that closes its epoch is a kind of its own now.

The stateless windows of test_textlog_readings (a window read with no memory of the lines before it) cannot hold
for a header table's rows cut from their header; ``watch`` never reads a text log that way.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from _helpers import real_runs_dir
from test_textlog_lockbox import lockbox_entries

from curvedoc.errors import LoadError
from curvedoc.importers.textlog import GrowingTextLog, read_text_log

MAX_BYTES = 1_000_000  # (the property does not depend on the length; the larger logs only slow the suite)


def _grown(path: Path, data: bytes, cuts: list[int], read_between: bool = True):
    g, prev = GrowingTextLog(path), 0
    for c in cuts:
        g.feed(data[prev:c])
        prev = c
        if read_between:
            try:
                g.reading()  # as a poll of `watch` does: applies what was held back
            except LoadError:
                pass  # (no metric printed yet)
    g.feed(data[prev:])
    return g.reading().frame.reset_index(drop=True)


def _epoch_summary_log(tmp_path: Path, newline_at_end: bool = True) -> Path:
    lines = []
    for e in range(1, 5):
        lines += [f"===> Epoch[{e}]({i}/300): Loss: {2.0 - 0.1 * e - i / 3000:.4f}" for i in range(0, 300, 50)]
        lines.append(f"===> Epoch {e} Complete: Avg. Loss: {2.0 - 0.1 * e:.4f}")
    p = tmp_path / "train.log"
    p.write_bytes(("\n".join(lines) + ("\n" if newline_at_end else "")).encode())
    return p


@pytest.mark.parametrize("newline_at_end", [True, False])
def test_an_epoch_summary_with_the_batch_lines_keys_reads_the_same_fast_growing_and_by_reference(tmp_path,
                                                                                                 newline_at_end):
    p = _epoch_summary_log(tmp_path, newline_at_end)
    fast = read_text_log(p).frame.reset_index(drop=True)
    ref = read_text_log(p, reuse=False).frame.reset_index(drop=True)
    assert fast.equals(ref)
    assert sorted(set(map(str, fast["tag"]))) == ["Loss", "Loss [2]", "epoch"]  # the summaries are a series apart
    assert (fast["tag"] == "Loss [2]").sum() == 4
    data = p.read_bytes()
    last = data.rstrip(b"\n").rfind(b"\n") + 1  # a poll right before the last summary
    assert _grown(p, data, [last]).equals(fast)


def _corpus() -> list[tuple[str, Path]]:
    out = []
    root = real_runs_dir() / "text_log"
    if root.is_dir():
        out += [(f"shared/{d.name}", f) for d in sorted(root.iterdir()) if d.is_dir()
                for f in sorted(d.iterdir()) if f.is_file()]
    out += [(key, path) for key, path, _ in lockbox_entries() if path.is_file()]
    return out


@pytest.mark.slow  # feeds ~1,400 real logs in pieces (~2 min); CI runs it (.ci/run)
def test_every_text_log_of_the_corpus_reads_the_same_grown_in_pieces_as_whole():
    logs = _corpus()
    if len(logs) < 100:
        pytest.skip("../shared/real_runs is absent: the corpus is the lock-box batches alone")
    failed, read = [], 0
    for key, path in logs:
        data = path.read_bytes()
        if not data or len(data) > MAX_BYTES:
            continue
        try:
            whole = read_text_log(path).frame.reset_index(drop=True)
        except LoadError:
            continue  # (not a text log the reader reads: nothing to grow)
        read += 1
        cuts = sorted(random.Random(len(data)).sample(range(len(data)), min(6, len(data))))
        if not _grown(path, data, cuts).equals(whole):
            failed.append(key)
    assert read >= 1000, read
    assert not failed, failed


# --- an evaluation's record printed again at its epoch ('-> best') -------------------------------------------------

@pytest.mark.parametrize("suffix", [" -> best", "  [best]", ""])
def test_an_evaluation_printed_again_at_its_epoch_is_one_point_and_the_epoch_stays_the_clock(tmp_path, suffix):
    """'[ Valid | 001/030 ] loss = 1.98945, acc = 0.35743' then the same line again with ' -> best' (a course's
    template, 2027-01-14ct food11_train_tfm_kenyu): the second print is an echo, so every epoch holds one record and
    the epoch is the clock. Two records an epoch made the epoch 'shared by consecutive records' and the validation
    went on an ordinal clock of 60 steps beside training's 30 epochs."""
    lines = []
    for e in range(1, 31):
        lines.append(f"[ Train | {e:03d}/030 ] loss = {1.9 - 0.05 * e:.5f}, acc = {0.3 + 0.02 * e:.5f}")
        v = f"[ Valid | {e:03d}/030 ] loss = {1.9 - 0.03 * e + 0.002 * (e % 3):.5f}, acc = {0.3 + 0.012 * e:.5f}"
        lines += [v, v + suffix]
        lines.append(f"Best model found at epoch {e - 1}, saving model")
    p = tmp_path / "train.txt"
    p.write_text("\n".join(lines) + "\n")
    fast = read_text_log(p).frame
    counts = fast.groupby("tag", observed=True).size().to_dict()
    assert counts["val/loss"] == 30 and counts["loss"] == 30, counts
    val = fast[fast["tag"] == "val/loss"]
    assert val["step"].tolist() == fast[fast["tag"] == "loss"]["step"].tolist()
    assert fast.reset_index(drop=True).equals(read_text_log(p, reuse=False).frame.reset_index(drop=True))


def test_two_records_of_one_epoch_with_other_values_stay_two(tmp_path):
    # (a script that evaluates twice an epoch, or folds under one epoch: not echoes -- the ordinal keeps them apart)
    lines = []
    for e in range(1, 11):
        lines.append(f"[ Valid | {e:03d}/010 ] loss = {1.9 - 0.03 * e:.5f}, acc = {0.30 + 0.01 * e:.5f}")
        lines.append(f"[ Valid | {e:03d}/010 ] loss = {1.9 - 0.03 * e:.5f}, acc = {0.31 + 0.01 * e:.5f}")
    p = tmp_path / "train.txt"
    p.write_text("\n".join(lines) + "\n")
    counts = read_text_log(p).frame.groupby("tag", observed=True).size().to_dict()
    assert counts["val/acc"] == 20 and counts["val/loss"] == 20, counts
