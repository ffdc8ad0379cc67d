"""Text logs, thirty-eighth round (issue 36): series the lock-box labels expect and the reading missed.

- (textlog38, lock-box 2026-12-20bi har-lstm-nohup) a closing summary headed by words that say it is the final (or
  the best) result -- 'FINAL RESULT: Batch Loss = 12.62, Accuracy = 0.89' after 'Optimization Finished!', 'Final
  results - ..', 'Overall result: ..', 'Results: ..', 'Best: ..' -- at no position (no epoch or step on its line) is an
  evaluation's record, named by its heading ('test/FINAL RESULT Batch Loss'; 'val/Best Batch Loss'), never one more
  point of the training series named alike (before: the training 'Batch Loss' got the final test as its 970th point,
  at step 1). A heading that names its split ('Final test:', 'Test results:') was read as that split already.
"""

from __future__ import annotations

import pytest
from test_textlog_readings import _assert_chunks_read_as_whole

from curvedoc.importers.textlog import read_text_log

# (the heading as printed, the tag prefix its series get)
CLOSINGS = [("FINAL RESULT: Batch Loss = {l}, Accuracy = {a}", "test/FINAL RESULT "),
            ("Final results - Batch Loss = {l}, Accuracy = {a}", "test/Final results "),
            ("Final: Batch Loss: {l} | Accuracy: {a}", "test/Final "),
            ("Overall result: Batch Loss = {l}, Accuracy = {a}", "test/Overall result "),
            ("Results: Batch Loss = {l}, Accuracy = {a}", "test/Results "),
            ("Best: Batch Loss = {l}, Accuracy = {a}", "val/Best "),
            ("Best model: Batch Loss = {l}, Accuracy = {a}", "val/Best model "),
            ("Final test: Batch Loss = {l}, Accuracy = {a}", "test/"),
            ("Test results: Batch Loss: {l}, Accuracy: {a}", "test/")]


def _log(closing: str, n: int = 60) -> str:
    lines = ["Instructions for updating:", "Use tf.cast instead."]
    for i in range(1, n + 1):
        lines.append(f"Training iter #{i * 2000}:   Batch Loss = {30 - i * 0.25:.6f}, Accuracy = {0.1 + i * 0.01:.4f}")
    lines += ["Optimization Finished!", closing.format(l="12.620623588562012", a="0.8909090757369995"),
              "All train time = 17199.16", ""]
    return "\n".join(lines)


@pytest.mark.parametrize("closing,prefix", CLOSINGS)
def test_a_closing_final_result_is_no_training_point(tmp_path, closing, prefix):
    p = tmp_path / "nohup.out"
    p.write_text(_log(closing))
    frame = read_text_log(p).frame
    sizes = {str(t): len(g) for t, g in frame.groupby("tag", observed=True)}
    assert sizes.get("Batch Loss") == 60 and sizes.get("Accuracy") == 60, sizes
    assert sizes.get(prefix + "Batch Loss") == 1 and sizes.get(prefix + "Accuracy") == 1, sizes
    assert frame[frame.tag == "Batch Loss"].value.iloc[-1] == pytest.approx(15.0)
    assert frame[frame.tag == prefix + "Accuracy"].value.iloc[0] == pytest.approx(0.8909090757369995)


@pytest.mark.parametrize("closing,prefix", CLOSINGS[:6])
def test_a_closing_final_result_reads_the_same_whole_in_chunks_and_from_its_tail(tmp_path, closing, prefix):
    p = tmp_path / "nohup.out"
    p.write_text(_log(closing))
    size = p.stat().st_size
    for cuts in ([size // 5, size // 2, size * 4 // 5], [size // 3], [100, size - 300]):
        _assert_chunks_read_as_whole(p, cuts)
    # (the tail alone: its last training records and the closing summary, read as the whole log reads them)
    lines = p.read_text().splitlines(keepends=True)
    q = tmp_path / "tail" / "nohup.out"
    q.parent.mkdir()
    q.write_text("".join(lines[-8:]))
    tail = {str(t): list(g.value) for t, g in read_text_log(q).frame.groupby("tag", observed=True)}
    assert tail[prefix + "Batch Loss"] == [pytest.approx(12.620623588562012)], tail
    assert len(tail["Batch Loss"]) == 5 and tail["Batch Loss"][-1] == pytest.approx(15.0), tail


def test_a_heading_at_a_position_is_no_closing_summary(tmp_path):
    # ('Results: epoch 3 ..' each epoch is a record of that epoch, as before; so is a line that names its batch)
    p = tmp_path / "run.log"
    p.write_text("".join(f"Results: epoch {e} loss = {1 / e:.4f} acc = {e / 20:.3f}\n" for e in range(1, 11)))
    tags = set(map(str, read_text_log(p).frame.tag.unique()))
    assert not any("Results" in t for t in tags), tags
