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
