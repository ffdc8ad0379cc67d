"""Text logs, thirty-fourth round (issue 36): short 'name value' pairs after a glued epoch counter.

- (textlog34, lock-box 2026-12-19nu23 stack_gru_warmup, stack_irnn_noclip, soil_l1_huge) a glued epoch counter heading
  short 'name value' pairs with no sign between -- '<ts> INFO | e001 tr 15.3945 va 1.3837 score 0.2663 lr 1.00e-03',
  a logging call's f"e{ep:03d} tr {tl:.4f} va {vl:.4f} .." -- is the record's epoch, as it is before 'key: value'
  pairs ('e1 s20 loss: 3.18'): only when all the rest of the line is such pairs, two or more, so a sentence after a
  glued 'e3' is no record. The splits' two-letter short forms alone, 'tr' beside 'va' (or 'te'), are then the
  splits' losses for the roles, as 'train' / 'val' alone are -- never a lone 'tr' or 'va'.
"""

from __future__ import annotations

import pytest
from _helpers import LOCKBOX, lockbox_text_log_sizes

import curvedoc
from curvedoc.errors import LoadError
from curvedoc.importers.textlog import read_text_log
from curvedoc.importers.textlog.records import parse_record


def _log(tmp_path, lines):
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return p


def _lines(n=20, keys=("tr", "va")):
    out = ["2026-11-30 06:32:47,868 INFO | GRU(48), AdamW 4e-3, 3 warmup epochs then cosine"]
    for e in range(1, n + 1):
        vals = " ".join(f"{k} {1.0 / e + 0.1 * i:.4f}" for i, k in enumerate(keys))
        out.append(f"2026-11-30 06:32:{e + 10:02d},159 INFO | e{e:03d} {vals} score {1 - 0.5 / e:.4f} lr 1.00e-03")
    return out


def test_a_glued_epoch_counter_heads_short_name_value_pairs(tmp_path):
    rd = read_text_log(_log(tmp_path, _lines()))
    sizes = {str(t): len(g) for t, g in rd.frame.groupby("tag", observed=True)}
    assert {k: sizes.get(k) for k in ("tr", "va", "score", "lr")} == {"tr": 20, "va": 20, "score": 20, "lr": 20}, sizes
    tr = rd.frame[rd.frame["tag"] == "tr"]
    assert list(tr["step"])[:3] == [1, 2, 3]


def test_a_glued_counter_before_words_is_no_record():
    # (the rest must be 'name number' pairs, two or more: a sentence, or one pair, keeps the line's own reading)
    assert parse_record("e3 is the best 2 runs").epoch is None
    assert parse_record("e2 loss 0.5").epoch is None
    assert parse_record("e001 tr 15.3945 va nan score 0.2663 lr 1.00e-03").epoch == 1


def test_the_splits_short_forms_side_by_side_are_their_losses(tmp_path):
    rr = curvedoc.diagnose(str(_log(tmp_path, _lines()))).runs[0]
    assert rr.roles.get("train_loss") == "tr" and rr.roles.get("val_loss") == "va", rr.roles


def test_a_lone_short_form_is_no_loss(tmp_path):
    rr = curvedoc.diagnose(str(_log(tmp_path, _lines(keys=("tr", "xy"))))).runs[0]
    assert rr.roles.get("train_loss") != "tr", rr.roles


@pytest.mark.parametrize("entry,points", [("2026-12-19nu23/text/stack_gru_warmup", 25),
                                          ("2026-12-19nu23/text/stack_irnn_noclip", 25),
                                          ("2026-12-19nu23/text/soil_l1_huge", 30)])
def test_real_logs_short_pairs_after_a_glued_epoch(entry, points):
    sizes = lockbox_text_log_sizes(entry)
    assert all(sizes.get(k) == points for k in ("tr", "va", "score", "lr")), sizes


# (textlog34, lock-box 2026-12-19bf abhishek315-ddqn-nolstm-print) a fixed-width table whose last column is named by a
# Greek letter, a parameter's symbol ('EP  Reward  DropRate  Loss  ε'), is a table as with a Latin name; and a row that
# ends in its elapsed time in brackets under no heading of its own ('.. 0.8187  [5s]') has that time as no column
def _ddqn_table(elapsed: bool, symbol: str = "ε") -> list[str]:
    out = ["  Starting training -- 500 episodes...", f"     EP    Reward   DropRate      Loss       {symbol}"]
    for e in range(1, 40, 3):
        tail = f"  [{e}s]" if elapsed else ""
        out.append(f"  {e:5d}   {-266.32 + e:7.2f}     {14.0 - 0.1 * e:4.1f}%   {0.1 * e:.5f}  {1 - 0.01 * e:.4f}{tail}")
    return out


@pytest.mark.parametrize("elapsed", [False, True])
def test_a_greek_column_and_a_trailing_elapsed_time(tmp_path, elapsed):
    rd = read_text_log(_log(tmp_path, _ddqn_table(elapsed)))
    sizes = {str(t): len(g) for t, g in rd.frame.groupby("tag", observed=True)}
    assert {k: sizes.get(k) for k in ("train/Reward", "train/Loss", "train/ε")} == {
        "train/Reward": 13, "train/Loss": 13, "train/ε": 13}, sizes


def test_a_bracketed_cell_that_is_no_duration_keeps_the_row_out(tmp_path):
    # (one cell more than the header, not a bracketed duration: no row of that table, as before)
    lines = [ln.replace("s]", "x]") for ln in _ddqn_table(True)]
    try:
        tags = {str(t) for t in read_text_log(_log(tmp_path, lines)).frame["tag"].unique()}
    except LoadError:
        tags = set()
    assert "train/Loss" not in tags, tags


def test_real_log_ddqn_table_with_greek_column_and_elapsed_time():
    path = LOCKBOX / "2026-12-19bf/runs/text_log/abhishek315-ddqn-nolstm-print/training_log_no_lstm_run.txt"
    sizes = {str(t): len(g) for t, g in read_text_log(path).frame.groupby("tag", observed=True)}
    assert all(sizes.get(f"train/{k}") == 51 for k in ("Reward", "DropRate", "AvgLat", "AvgEng", "Loss", "ε")), sizes
