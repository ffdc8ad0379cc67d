"""Text logs, round 29 on the lock-box batches 2026-12-15au, 2026-12-15av and 2026-12-15nu19, scored and seen (issue
36): misreadings found on their text logs, each checked on small logs written the way such programs write them
(several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series

from curvedoc.importers.textlog import read_text_log


def _kinds(rd) -> set[str]:
    return {i.kind for i in rd.issues}


# ------------------------------------------------------------- 'Epoch0,loss:517.1': the glued counter heads the record
@pytest.mark.parametrize("word", ["Epoch", "epoch", "ep", "Ep", "e"])
@pytest.mark.parametrize("sep", [",", ", ", ";", " | ", "|"])
@pytest.mark.parametrize("n", [6, 40])
def test_a_counter_glued_to_its_word_and_set_off_by_a_comma_heads_the_record(tmp_path, word, sep, n):
    """``print(f"Epoch{epoch},loss:{loss}")``: the epoch's word glued to its count, then a comma (a semicolon, a bar)
    before the record's pairs -- the counter heads the record as 'Epoch 0, loss: ..' does: the records are on the
    epochs they print, not on their ordinal."""
    lines = [f"{word}{e}{sep}loss:{10 / (e + 1):.4f}{sep}acc:{e / (2 * n):.4f}" for e in range(n)]
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "loss")
    assert steps == list(range(n)), steps
    assert values == [round(10 / (e + 1), 4) for e in range(n)]
    assert _series(rd, "epoch")[1] == list(range(n))


@pytest.mark.parametrize("n", [30, 200])
def test_the_glued_counter_back_at_its_start_is_a_launch_of_its_own(tmp_path, n):
    """Two trainings appended to one file with such records ('Epoch0,loss:..' .. 'Epoch199,loss:..', then 'Epoch0,..'
    again, nothing printed between): the clock back at its start with nothing printed before it is a launch of its
    own, as for 'Epoch 0, loss: ..' (round 21): two runs, a restart."""
    lines = [f"Epoch{e},loss:{50 / (e + 1) + 5:.6f}" for e in range(n)]
    lines += [f"Epoch{e},loss:{30 / (e + 1) + 8:.6f}" for e in range(n)]
    p = tmp_path / "losses.txt"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    runs = read_text_log(p, segments=True)
    assert isinstance(runs, list) and len(runs) == 2
    assert "restart" in _kinds(runs[1])
    for r in runs:
        g = r.frame[r.frame["tag"] == "loss"]
        assert g["step"].tolist() == list(range(n))


@pytest.mark.parametrize("line", ["Epoch0 the loader is ready, 12 batches", "epoch1,2,3 done", "Ep3,4"])
def test_a_glued_counter_heading_no_pairs_stays_as_before(tmp_path, line):
    """Without a name and its value after the separator ('Epoch0 the loader is ready, 12 batches', 'epoch1,2,3
    done') nothing new is read as a position."""
    lines = [line] + [f"epoch {e}: loss {1 / e:.3f}" for e in range(1, 6)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == [1, 2, 3, 4, 5]
