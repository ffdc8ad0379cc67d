"""JSON-lines records written from one-row tables, and numbered by their episode (issue 35, eighteenth round).

- ``{"episode": [1], "loss": ["0.52"]}``: a record whose every list holds one scalar was written from a one-row
  table (pandas' ``to_dict('list')`` of each row, ``{k: [v]}`` built to make a DataFrame): its value is that scalar.
  Lists of other lengths are still series, not scalars, and still skipped with a note.
- A record numbered by its episode (an RL loop's outer count) and by no step or epoch is placed by that number, and
  a relaunch appended to the file shows as the episode going back (as the CSV reader's coarse counters do).
"""

from __future__ import annotations

import json

import pytest

import curvedoc
from curvedoc.importers.jsonlog import read_json_file


def _write(path, records):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return path


def _series(d, tag):
    g = d.frame[d.frame["tag"] == tag]
    return g["step"].tolist(), g["value"].tolist()


@pytest.mark.parametrize("as_text", [True, False])
@pytest.mark.parametrize("n", [5, 40])
def test_one_element_lists_are_their_scalar(tmp_path, as_text, n):
    recs = [{"step": [i * 10], "loss": [f"{1.0 / (i + 1):.6f}" if as_text else 1.0 / (i + 1)],
             "lr": [f"{0.1:.6f}" if as_text else 0.1]} for i in range(n)]
    d = read_json_file(_write(tmp_path / "log.jsonl", recs))
    steps, vals = _series(d, "loss")
    assert steps == [i * 10 for i in range(n)]
    assert vals == pytest.approx([1.0 / (i + 1) for i in range(n)], rel=1e-4)
    assert not any(i.kind == "non-scalar-values" for i in d.issues)


def test_lists_of_other_lengths_are_still_skipped(tmp_path):
    recs = [{"step": i, "loss": 1.0 / (i + 1), "hist": [0.1, 0.2, 0.3]} for i in range(6)]
    d = read_json_file(_write(tmp_path / "log.jsonl", recs))
    assert "hist" not in set(d.frame["tag"])
    assert any(i.kind == "non-scalar-values" and "hist" in i.message for i in d.issues)


def test_a_column_mixing_one_and_two_element_lists_is_not_unwrapped(tmp_path):
    recs = [{"step": i, "loss": 1.0 / (i + 1), "pair": [0.1] if i % 2 else [0.1, 0.2]} for i in range(6)]
    d = read_json_file(_write(tmp_path / "log.jsonl", recs))
    assert "pair" not in set(d.frame["tag"])


@pytest.mark.parametrize("wrapped", [True, False])
def test_records_numbered_by_episode_are_placed_by_it_and_split_at_a_relaunch(tmp_path, wrapped):
    eps = list(range(1, 61)) + list(range(41, 101))  # a relaunch resumed from episode 41
    recs = [{"episode": [e] if wrapped else e, "critic_loss": [str(5.0 / e)] if wrapped else 5.0 / e,
             "val_return": [str(e * 0.1)] if wrapped else e * 0.1} for e in eps]
    path = _write(tmp_path / "run" / "train_log.txt", recs)
    rr = curvedoc.diagnose(str(path.parent)).runs[0]
    assert rr.status != "not-assessed"
    assert "restarted-run" in {f.name for f in rr.findings}, [(f.name, f.message) for f in rr.findings]
