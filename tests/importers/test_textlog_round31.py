"""Text logs, round 31 on the lock-box batches 2026-12-16ax, 2026-12-16ay and 2026-12-16nu20, scored and seen (issue
36): misreadings found on their text logs, each checked on small logs written the way such programs write them
(several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags

from curvedoc.importers.textlog import records


# ------------------------------------------------------------- a power's or an energy's unit against its number
@pytest.mark.parametrize("unit", ["W", "kW", "MW", "Wh", "kWh", "MWh"])
@pytest.mark.parametrize("form", ["{e}\ttrain={h:.4f}\teval={h:.4f}\tmae={v:.1f}{u}",
                                  "epoch {e} | loss {h:.4f} | rmse: {v:.2f}{u}"])
def test_a_power_or_energy_unit_written_against_its_value_is_read(tmp_path, unit, form):
    """A load or generation forecast's error printed with its unit against the number ('mae=554.8W', 'rmse: 1.2kW',
    '3.4kWh'): the number is the value, in that unit, as 'mae=57.21km' is."""
    lines = ["lr = 1e-05"] + [form.format(e=e, h=1 / e, v=600 - e, u=unit) for e in range(1, 13)]
    rd = _read(tmp_path, lines)
    key = "mae" if "mae" in form else "rmse"
    tags = [t for t in _tags(rd) if t.rsplit(" ", 1)[-1].rsplit("/", 1)[-1] == key]
    assert len(tags) == 1, _tags(rd)
    steps, values = _series(rd, tags[0])
    assert steps == list(range(1, 13))
    assert values == pytest.approx([600 - e for e in range(1, 13)])


def test_a_status_tables_power_readings_stay_no_pair(tmp_path):
    """nvidia-smi's table printed into the log ('| N/A   33C    P0   111W / 700W |   5789MiB / 81559MiB |'): the power
    drawn of its cap, no key's value -- a unit against its number is read after '=' or ':' only."""
    lines = ["| N/A   33C    P0             111W / 700W |   5789MiB / 81559MiB |      5%      Default |"] * 3
    lines += [f"step:{i}/100 train_loss:{1 / i:.4f} train_time:{i * 100}ms" for i in range(1, 11)]
    rd = _read(tmp_path, lines)
    assert not any("P0" in t for t in _tags(rd)), _tags(rd)


# ------------------------------------------------------------- an amount of money: its number, signed
@pytest.mark.parametrize("fmt,sign", [("cash=${s}{v:,.2f} | pnl={s2}${v2:,.2f}", None), ("cash: €{s}{v:,.2f}, pnl: {s2}€{v2:,.2f}", None)])
@pytest.mark.parametrize("n", [4, 11])
def test_an_amount_of_money_is_its_signed_number(tmp_path, fmt, sign, n):
    """'cash=$+3,032.72', 'inv_adj=$-7.91', 'pnl: -$12.50': the currency's symbol before the number, the number's sign
    either side of it -- the value a trading or bidding agent is scored by; a price per unit ('p_ref = $24.21/MWh')
    printed beside the records is a setting's words, no series."""
    lines = []
    cash, pnl = [], []
    for i in range(1, n + 1):
        v, v2 = 1000.0 * i + 0.25, (-1) ** i * 12.5 * i
        cash.append(v)
        pnl.append(v2)
        lines.append("p_ref = $24.21/MWh  (training median)")
        lines.append(f"step {1000 * i} | " + fmt.format(s="+", v=v, s2="-" if v2 < 0 else "", v2=abs(v2)))
    rd = _read(tmp_path, lines)
    assert _series(rd, "cash") == ([1000 * i for i in range(1, n + 1)], cash)
    assert _series(rd, "pnl")[1] == pnl
    assert not any("p_ref" in t for t in _tags(rd)), _tags(rd)


# ------------------------------------------------------------- 'New best: x=..' restates the value just printed
@pytest.mark.parametrize("note", ["  ↑ New best (healthy): inv_adj={v}", "New best val_score: {v}", "new best! val_score={v}"])
def test_a_new_best_said_after_the_evaluation_restates_it(tmp_path, note):
    """'★ Val: .. inv_adj=1886.06 ..' then '↑ New best (healthy): inv_adj=1886.06': the statement that the value just
    printed is the best so far, as 'Saving best model (val_loss=1.05)' is -- no point of a series of its own."""
    lines, best, vals = [], -1.0, []
    for i in range(1, 9):
        v = round(100 + 10 * ((i * 7) % 5) + i, 2)
        lines.append(f"  step={i * 1000} | critic={1 / i:.3f} | actor={-i / 10:.3f}")
        lines.append(f"  Val: val_score={v} | inv_adj={v} | final_soc=0.08")
        vals.append(v)
        if v > best:
            best = v
            lines.append(note.format(v=v))
    rd = _read(tmp_path, lines)
    held = [t for t in _tags(rd) if t.endswith("inv_adj")]
    assert held and all(len(_series(rd, t)[0]) == 8 for t in held), {t: len(_series(rd, t)[0]) for t in _tags(rd)}
    assert all(len(_series(rd, t)[0]) == 8 for t in _tags(rd) if t.endswith("val_score"))


def test_a_record_opened_by_a_new_best_tag_and_its_position_is_the_record(tmp_path):
    """'[NEW BEST] Epoch #7: train_loss=.., val_loss=..': the tag opens the epoch's own record, with its position --
    the record, no restatement."""
    lines = [f"{'[NEW BEST] ' if e % 3 == 0 else ''}Epoch #{e}: train_loss={1 / (e + 1):.6f}, val_loss={1.1 / (e + 1):.6f}"
             for e in range(20)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "train_loss")[0] == list(range(20)) and _series(rd, "val_loss")[0] == list(range(20))


# ------------------------------------------------------------- a stopping rule's test: no record, no planned early stop
@pytest.mark.parametrize("stop", ["[EARLY STOP] log_pi +0.003 > 0.0 at step {s:,}. Policy collapsed.",
                                  "critic 312.4 > 300.0: stopping at step {s}",
                                  "Stopping: log_pi 0.01 >= 0.0 after step {s}"])
def test_a_stopping_rules_test_is_no_record(tmp_path, stop):
    """A program's own guard said as it fires, the value it tested against its bound ('[EARLY STOP] log_pi +0.003 >
    0.0 at step 130,954'): the reason for the stop, no point of the series; and no framework's planned early stop --
    the run ended before its plan ('Total steps : 500,000')."""
    lines = ["  Total steps   : 500,000"]
    for i in range(1, 14):
        lines.append(f"  step= {i * 1000:,} | critic={1 / i:.3f} | actor={-i / 10:.3f} | log_pi={-0.6 + i / 100:.3f}")
    lines.append(stop.format(s=13_954))
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "log_pi")
    assert steps == [i * 1000 for i in range(1, 14)]
    assert values == [round(-0.6 + i / 100, 3) for i in range(1, 14)]
    assert not rd.meta.get("early_stopped")


@pytest.mark.parametrize("line", ["critic 0.45 > best 0.40", "loss 0.3 < 0.5 (target reached)", "Early stop: patience 5",
                                  "  Early stop    : critic>300 OR log_pi>0.0 after step 50,000"])
def test_a_comparison_without_a_stop_or_a_rule_without_its_test_is_no_stopping_rules_test(line):
    """(a comparison that says no stop, and the rule stated as a setting before training -- 'critic>300', the bound
    against a name, no value tested -- are not the rule firing)"""
    assert records.STOP_RULE.search(line) is None


# ------------------------------------------------------------- an evaluation against an opponent holds out its records
@pytest.mark.parametrize("head", ["📊 Evaluation vs RANDOM (500 games)", "Evaluation vs. greedy", "Evaluating against minimax-3",
                                  "Test versus random agent (100 episodes)"])
def test_an_evaluation_against_an_opponent_holds_out_the_records_under_it(tmp_path, head):
    """A game-playing agent's training prints its own games' shares ('Ep 500 | Win 11% | Loss 89% | Steps 10192'); an
    evaluation announced with the opponent it plays, and how many games ('📊 Evaluation vs RANDOM (500 games)'),
    prints its shares with the same words: held out, never a point of the training's 'Loss'."""
    lines = [f"2026-05-06 15:29:{i:02d},850 - Ep {500 * i:5d} | Win {10 + i}% | Loss {90 - i}% | Steps {10000 * i} | Pool 1"
             for i in range(1, 11)]
    lines += [head, "2026-05-06 16:10:22,865 - W/L/D = 499/1/0 | Win 99.8% | Loss 0.2% | Draw 0.0%"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Loss") == ([10000 * i for i in range(1, 11)], [90 - i for i in range(1, 11)])
    assert any(t.startswith(("val/", "test/")) for t in _tags(rd)), _tags(rd)


@pytest.mark.parametrize("line", ["Evaluation vs baseline: acc 0.91", "Test vs val gap 0.05"])
def test_a_comparison_said_with_a_value_is_no_announcement(tmp_path, line):
    lines = [f"epoch {i} loss {1 / i:.4f}" for i in range(1, 6)] + [line]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == [1, 2, 3, 4, 5]
