"""Logs of shapes curvedoc found no run in (twenty-seventh round, 2026-12-30cb/cc, 2026-12-22bl):

- a script's prints saved under a table's name ('loss.csv': '===> Epoch[1](0/25343): Loss: 2.2144'; 'training_loss
  .csv': 'Epoch 0:   Training Loss=508804.57' glued run after run): the CSV reader found no numeric column and the
  file was passed over. A file named as a table whose text is a print log is read as one;
- a JSON dict of per-epoch records keyed by the epoch ({"1": {"train_loss": .., "val_loss": ..}, "2": ..}: json.dump of
  the dict a loop filled, pandas' to_json(orient="index")): discovery did not take it for a log;
- a '.json' that is a Python dict literal with numbers for keys ('{"ep1":\\n{\\n0:575981.94,..'): no JSON, one literal.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import curvedoc


def _tags(path) -> dict[str, int]:
    runs = curvedoc.load(str(path))
    out: dict[str, int] = {}
    for r in runs:
        for t, n in r.tag_counts().items() if hasattr(r, "tag_counts") else \
                r.scalars.groupby("tag", observed=True).size().items():
            out[str(t)] = out.get(str(t), 0) + int(n)
    return out


@pytest.mark.parametrize("name", ["loss.csv", "training_loss.csv", "log.csv"])
@pytest.mark.parametrize("n", [12, 60])
def test_a_print_log_saved_under_a_table_name_is_read_as_one(tmp_path, name, n):
    lines = [f"===> Epoch[{1 + i // 6}]({(i % 6) * 50}/300): Loss: {2.2 * np.exp(-i / n):.4f}" for i in range(n)]
    (tmp_path / name).write_text("\n".join(lines) + "\n")
    tags = _tags(tmp_path)
    assert tags.get("Loss") == n, tags


def test_glued_prints_under_a_table_name_are_read_with_their_restarts(tmp_path):
    # (2026-12-30cc njanne19-logone-sweep: the first launches' prints glued on the first line, the last one's a line each)
    text = "".join(f"Epoch {e}:   Training Loss={100 / (e + 1) + r:.6f}" for r in range(2) for e in range(10))
    text += "".join(f"Epoch {e}:   Training Loss={1 / (e + 1):.6f}\n" for e in range(10))
    (tmp_path / "training_loss.csv").write_text(text)
    rep = curvedoc.diagnose(str(tmp_path))
    assert sum(r.points for r in rep.runs) >= 30
    assert any(f.name == "restarted-run" for r in rep.runs for f in r.findings)


def test_a_csv_of_numbers_refused_for_other_reasons_stays_refused(tmp_path):
    # (a table with numbers and no metric name is no print log: the CSV reader's refusal stands)
    (tmp_path / "table.csv").write_text("a,b\n" + "\n".join(f"x{i},y{i}" for i in range(5)) + "\n")
    with pytest.raises(curvedoc.LoadError if hasattr(curvedoc, "LoadError") else Exception):
        curvedoc.load(str(tmp_path))


@pytest.mark.parametrize("n", [5, 44])
@pytest.mark.parametrize("first", [0, 1])
def test_a_dict_of_epoch_records_keyed_by_the_epoch_is_a_table(tmp_path, n, first):
    doc = {str(first + e): {"train_loss": 2.0 * np.exp(-e / 10), "val_loss": 2.1 * np.exp(-e / 12)} for e in range(n)}
    (tmp_path / "loss_history.json").write_text(json.dumps(doc, indent=2))
    runs = curvedoc.load(str(tmp_path))
    assert len(runs) == 1
    r = runs[0]
    assert r.roles.get("train_loss") == "train_loss" and r.roles.get("val_loss") == "val_loss"
    steps = r.series("train_loss").index.to_numpy()
    assert len(steps) == n and steps[0] == first and steps[-1] == first + n - 1


def test_a_python_dict_literal_saved_as_json_is_read(tmp_path):
    body = '{"ep1":\n{\n' + ",\n".join(f"{i}:{5e5 / (1 + i):.2f}" for i in range(20)) + '\n},\n"ep2":\n{\n' \
        + ",\n".join(f"{i}:{1e5 / (1 + i):.2f}" for i in range(20)) + "\n}\n}\n"
    (tmp_path / "train_log.json").write_text(body)
    rr = curvedoc.diagnose(str(tmp_path)).runs[0]
    assert rr.points == 40
    assert any(i.kind == "not-json" for i in rr.issues) if hasattr(rr, "issues") else True


def test_a_list_of_named_histories_is_one_run_each(tmp_path):
    # (2026-12-30cc one-with-violets: three CIFAR-100 models' histories dumped together, one with empty train lists)
    def hist(n, with_train=True):
        return {"train": [3.2 * np.exp(-e / 30) for e in range(n)] if with_train else [],
                "test": [3.3 * np.exp(-e / 40) + 0.5 for e in range(n)]}
    doc = [{"neural_net_name": "ResNet base model", "loss_records_for_each_epoch": hist(118, False),
            "accuracy_records_for_each_epoch": {"test": [0.2 + 0.5 * e / 118 for e in range(118)], "train": []}},
           {"neural_net_name": "resnet-50", "loss_records_for_each_epoch": hist(107),
            "accuracy_records_for_each_epoch": {"train": [0.2 + 0.6 * e / 107 for e in range(107)],
                                                "test": [0.2 + 0.4 * e / 107 for e in range(107)]}}]
    (tmp_path / "models-training-results.json").write_text(json.dumps(doc))
    runs = curvedoc.load(str(tmp_path))
    assert sorted(r.name.split("#", 1)[1] for r in runs) == ["ResNet base model", "resnet-50"]
    two = next(r for r in runs if r.name.endswith("resnet-50"))
    assert len(two.series("train_loss")) == 107 and len(two.series("val_loss")) == 107, two.roles


def test_a_list_of_records_without_histories_is_read_as_records(tmp_path):
    doc = [{"epoch": e, "loss": 1.0 / (e + 1), "note": "x"} for e in range(10)]
    (tmp_path / "log.json").write_text(json.dumps(doc))
    runs = curvedoc.load(str(tmp_path))
    assert len(runs) == 1 and len(runs[0].series("train_loss")) == 10


def _llamafactory(tmp_path, done: int, total: int, per_step_s: float = 60.0):
    rows = []
    for s in range(1, done + 1):
        left = int((total - s) * per_step_s)
        d, r = divmod(left, 86400)
        h, r = divmod(r, 3600)
        m, sec = divmod(r, 60)
        rem = (f"{d} days, " if d else "") + f"{h}:{m:02d}:{sec:02d}"
        rows.append(json.dumps({"current_steps": s, "total_steps": total, "loss": 0.7 * np.exp(-s / 300) + 0.1,
                                "lr": 1e-5 * min(1.0, s / 50), "epoch": s / 100, "percentage": round(100 * s / total, 2),
                                "elapsed_time": "0:01:00", "remaining_time": rem}))
    (tmp_path / "trainer_log.jsonl").write_text("\n".join(rows) + "\n")


def test_a_plan_written_into_every_record_is_a_setting_and_the_time_left_an_eta(tmp_path):
    # (2026-12-30cb llamafactory-grpo-rm: LLaMA-Factory's trainer_log.jsonl stops at step 202 of 5100, 2 days left)
    _llamafactory(tmp_path, 202, 5100)
    run = curvedoc.load(str(tmp_path))[0]
    assert run.meta.get("eta_at_end_s", 0) > 86400
    found = {f.name for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings}
    assert "crashed-run" in found and "unfinished-schedule" in found, found


def test_a_finished_llamafactory_log_expects_no_time_left(tmp_path):
    _llamafactory(tmp_path, 300, 300)
    run = curvedoc.load(str(tmp_path))[0]
    assert "eta_at_end_s" not in run.meta
    found = {f.name for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings}
    assert "crashed-run" not in found, found


@pytest.mark.parametrize("cell,seconds", [("3 days, 17:51:32", 3 * 86400 + 17 * 3600 + 51 * 60 + 32),
                                          ("0:01:48", 108), ("05:12", 312), (42.5, 42.5), ("soon", None)])
def test_clock_cells_are_read_as_seconds(cell, seconds):
    from curvedoc.importers._tabular import clock_seconds

    assert clock_seconds(cell) == seconds


def test_a_wandb_chart_export_is_one_run_per_run_name(tmp_path):
    # (2026-12-30cc speedlab-fedbalance-wandb-export: two runs' train/loss side by side, the shorter padded with
    # blank cells -- read as one table, its blank tail became NaN and the summed loss 'diverged')
    head = ['"Step"', '"A - train/loss"', '"A - train/loss__MIN"', '"A - train/loss__MAX"', '"B - train/loss"',
            '"B - train/loss__MIN"', '"B - train/loss__MAX"']
    rows = [",".join(head)]
    for s in range(1, 101):
        a = 2.4 * np.exp(-s / 20) + 0.02
        b = f'"{1.7 * np.exp(-s / 10) + 0.01}"' if s <= 51 else '""'
        rows.append(f'"{s}","{a}","{a}","{a}",{b},{b},{b}')
    (tmp_path / "training_loss.csv").write_text("\n".join(rows) + "\n")
    runs = curvedoc.load(str(tmp_path))
    assert sorted(r.name.rsplit("#", 1)[1] for r in runs) == ["A", "B"]
    by = {r.name.rsplit("#", 1)[1]: r for r in runs}
    assert len(by["A"].series("train_loss")) == 100 and len(by["B"].series("train_loss")) == 51
    assert not any(t.endswith(("__MIN", "__MAX")) for r in runs for t in r.tags)
    found = {f.name for rr in curvedoc.diagnose(str(tmp_path)).runs for f in rr.findings}
    assert "divergence" not in found, found


def test_a_history_under_a_key_beside_its_settings_is_read_with_them(tmp_path):
    # (2026-12-31ce cs236781-exp1-1-L16-K32: {"config": {.. "epochs": 100 ..}, "results": {"num_epochs": 34,
    # "train_loss": [..], "train_acc": [..], "test_loss": [..], "test_acc": [..]}})
    n = 34
    doc = {"config": {"run_name": "exp1_1", "epochs": 100, "lr": 0.001},
           "results": {"num_epochs": n, "train_loss": [2.3027 - 1e-5 * e for e in range(n)],
                       "train_acc": [10.0] * n, "test_loss": [2.3026] * n, "test_acc": [10.0] * n}}
    (tmp_path / "exp1_1.json").write_text(json.dumps(doc, indent=2))
    run = curvedoc.load(str(tmp_path))[0]
    assert len(run.series("train_loss")) == n and run.hparams.get("config.epochs") == 100, run.hparams


@pytest.mark.parametrize("cell", [10 ** 400, "9" * 400 + " days, 1:00:00", float("nan"), float("inf"), -5])
def test_clock_cells_past_a_floats_range_or_negative_are_no_duration(cell):
    from curvedoc.importers._tabular import clock_seconds

    assert clock_seconds(cell) is None
