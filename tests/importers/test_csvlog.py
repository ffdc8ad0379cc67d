"""CSV importer: every real CSV run against an independent pandas count, flavours, bad inputs.

Point-count convention (what ``Run.n_points`` must equal): every non-empty numeric cell of the file,
EXCEPT the cells of the column used as the step (Lightning ``step``, RL ``total/steps`` / ``steps_done``).
An ``epoch`` column is always kept as a tag, also where it is the step (Keras, YOLO), so its cells count.
(The MANIFEST's ``points`` column excludes epoch counters as well; the test states the difference.)
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import curvedoc
from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers import load_all
from curvedoc.importers._base import RunSpec
from curvedoc.importers.csvlog import read, read_csv_file

REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "real_runs"

# folder -> (expected source, step column in the file or None, MANIFEST points, epoch cells the manifest left out)
CASES = {
    "keras_csvlogger/brain-tumor-cnn": ("keras-csv", None, 120),
    "keras_csvlogger/eng-javanese-lstm": ("keras-csv", None, 315),
    "keras_csvlogger/handwritten-digit-cnn": ("keras-csv", None, 150),
    "keras_csvlogger/lung-cancer-cnn": ("keras-csv", None, 50),
    "keras_csvlogger/sleep-apnea-cnn": ("keras-csv", None, 700),
    "lightning_csv/camels-ch-v108": ("lightning-csv", "step", 684),
    "lightning_csv/slm-training-v0": ("lightning-csv", "step", 5698),
    "lightning_csv/slm-training-v8": ("lightning-csv", "step", 3022),
    "yolo_results_csv/yolov5-4105-exp2": ("yolo-csv", None, 3900),
    "yolo_results_csv/yolov5-helmet-exp": ("yolo-csv", None, 39),
    "yolo_results_csv/yolov8-fire-smoke": ("yolo-csv", None, 325),
    "rl_progress_csv/atari-dqn": ("rl-progress-csv", "steps_done", None),
    "rl_progress_csv/ddpg-baselines-exp3": ("rl-progress-csv", "total/steps", None),
    "rl_progress_csv/her-baselines-fetch": ("rl-progress-csv", None, 387),
}
# RL runs: reward curves; DDPG's actor/critic losses are deliberately not a "training loss" (rules/roles.toml)
HAS_TRAIN_LOSS = {k for k in CASES if not k.startswith("rl_progress_csv/")}
HAS_VAL_LOSS = {k for k in CASES if k.startswith(("keras_csvlogger/", "yolo_results_csv/"))} | {
    "lightning_csv/camels-ch-v108", "lightning_csv/slm-training-v0"}


def _need_real():
    if not REAL.is_dir():
        pytest.skip(f"../shared/real_runs not found: {REAL.resolve()}")


def _pandas_counts(csv: Path) -> dict[str, int]:
    """Independent count: non-empty numeric cells per (stripped) column, with plain pandas defaults."""
    df = pd.read_csv(csv, skipinitialspace=True)
    df.columns = [str(c).strip() for c in df.columns]
    return {c: int(pd.to_numeric(df[c], errors="coerce").notna().sum()) for c in df.columns}


@pytest.mark.parametrize("rel", sorted(CASES))
def test_real_csv_runs(rel):
    _need_real()
    folder = REAL / rel
    (csv,) = [p for p in folder.rglob("*.csv")]
    source, step_col, manifest_points = CASES[rel]
    runs = curvedoc.load(folder)  # a file of sessions appended one after another: one run per session
    run = runs[0]
    assert {r.source for r in runs} == {source}
    counts = _pandas_counts(csv)
    expected = {c: n for c, n in counts.items() if c != step_col and n}
    got: dict[str, int] = {}
    for r in runs:
        for tag, n in r.tag_counts().items():
            got[tag] = got.get(tag, 0) + n
    assert got == expected
    assert sum(r.n_points for r in runs) == sum(expected.values())
    if manifest_points is not None:  # the manifest excludes epoch counters, we keep them as a tag
        assert sum(r.n_points for r in runs) - counts.get("epoch", 0) == manifest_points
    assert run.scalars["step"].dtype == np.int64 and run.scalars["value"].dtype == np.float64
    assert step_col is None or step_col not in run.tags
    roles = run.roles
    if rel in HAS_TRAIN_LOSS:
        assert "train_loss" in roles, roles
    if rel in HAS_VAL_LOSS:
        assert "val_loss" in roles, roles
    if "epoch" in counts:
        assert roles.get("epoch") == "epoch"
    if source in ("keras-csv", "yolo-csv", "lightning-csv"):
        assert "lr" in roles or rel == "lightning_csv/slm-training-v0" or rel == "lightning_csv/slm-training-v8"


def test_keras_sessions_are_runs_of_their_own():
    # CSVLogger(append=True): four fit() sessions in one file, the epoch back at 0 three times -> four runs, each
    # on its own epoch axis; the sessions after the first say they were appended (I001)
    _need_real()
    runs = curvedoc.load(REAL / "keras_csvlogger/brain-tumor-cnn")
    assert [r.name.rsplit("#", 1)[1] for r in runs] == ["1", "2", "3", "4"]
    assert [len(r.series("train_loss")) for r in runs] == [5, 4, 10, 5]
    assert all(r.series("train_loss").index[0] == 0 for r in runs)
    assert [r.meta["segment"]["rows"] for r in runs] == [[1, 5], [6, 9], [10, 19], [20, 24]]
    assert [[i.kind for i in r.issues if i.kind == "restart"] for r in runs] == [[], ["restart"], ["restart"],
                                                                                   ["restart"]]
    seg = [i for i in runs[0].issues if i.kind == "segments"]
    assert seg and "holds 4 runs" in seg[0].message and "rows 6, 10, 20" in seg[0].message


def test_lightning_sparse_rows_and_hparams():
    _need_real()
    (run,) = curvedoc.load(REAL / "lightning_csv/camels-ch-v108")
    lr = run.series("lr")
    assert run.roles["lr"] == "lr-Adam" and lr.index[0] == 0 and 267 in lr.index  # rows with EMPTY epoch
    assert run.roles["val_loss"] == "val_loss" and run.series("val_loss").index[0] == 266
    assert "step" not in run.tags
    assert run.hparams["hidden_size"] == 126 and run.hparams["group_identifier"] == "gauge_id"
    # the epoch tag repeats at the val row's step with the same value: info only
    dup = [i for i in run.issues if i.kind == "duplicate-steps"]
    assert dup and all(i.severity == "info" for i in dup)


def test_yolo_padded_headers():
    _need_real()
    (run,) = curvedoc.load(REAL / "yolo_results_csv/yolov8-fire-smoke")
    assert "metrics/mAP50(B)" in run.tags and "lr/pg0" in run.tags
    assert all(t == t.strip() for t in run.tags)
    assert list(run.series("train_loss").index) == list(range(25))


def test_rl_step_columns():
    _need_real()
    (run,) = curvedoc.load(REAL / "rl_progress_csv/atari-dqn")
    assert run.meta["step_column"] == "steps_done"
    s = run.series("episode_reward")
    assert s.index[0] == 389 and s.index[-1] > 3_000_000
    (her,) = curvedoc.load(REAL / "rl_progress_csv/her-baselines-fetch")
    assert her.meta["step_column"] is None and list(her.series("test/success_rate").index) == list(range(43))


# ----------------------------------------------------------------------------- synthetic files
def _write(tmp_path: Path, name: str, content) -> Path:
    p = tmp_path / name
    p.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return p


def _read(tmp_path, name, content):
    return read_csv_file(_write(tmp_path, name, content))


def _kinds(data):
    return {i.kind for i in data.issues}


def test_generic_step_column_and_tags(tmp_path):
    d = _read(tmp_path, "log.csv", "global_step,loss, val_loss \n10,1.0,\n20,0.5,0.7\n")
    assert d.source == "csv"
    f = d.frame
    assert list(f["tag"]) == ["loss", "loss", "val_loss"]  # empty cell: no point; names stripped
    assert list(f["step"]) == [10, 20, 20]
    assert f["wall_time"].isna().all()


def test_row_index_is_step_without_step_column(tmp_path):
    d = _read(tmp_path, "log.csv", "loss,acc\n1.0,0.1\n0.5,0.2\n0.25,0.3\n")
    assert d.source == "csv" and list(d.frame["step"].unique()) == [0, 1, 2]


def test_nan_and_inf_spellings_are_points(tmp_path):
    d = _read(tmp_path, "log.csv", "step,loss,acc\n1,nan,0.5\n2,NaN,inf\n3,\"NaN\",-inf\n4,Infinity,-Infinity\n5,1e400,\n")
    f = d.frame
    loss = f[f["tag"] == "loss"]["value"].to_numpy()
    acc = f[f["tag"] == "acc"]["value"].to_numpy()
    assert np.isnan(loss[:3]).all() and loss[3] == math.inf and loss[4] == math.inf
    assert list(acc[1:]) == [math.inf, -math.inf, -math.inf] and acc[0] == 0.5
    assert len(acc) == 4  # the empty cell in row 5 is no point
    assert f["value"].dtype == np.float64


def test_truncated_last_line(tmp_path):
    d = _read(tmp_path, "log.csv", "step,loss,acc\n1,0.5,0.1\n2,0.4,0.2\n3,0.3")
    assert "truncated" in _kinds(d)
    assert sorted(d.frame["step"].unique()) == [1, 2]


def test_complete_last_line_without_newline_is_kept(tmp_path):
    d = _read(tmp_path, "log.csv", "step,loss\n1,0.5\n2,0.4")
    assert list(d.frame["step"]) == [1, 2] and "truncated" not in _kinds(d)


def test_bad_rows_are_skipped_and_counted(tmp_path):
    d = _read(tmp_path, "log.csv", "step,loss\n1,0.5\n2,0.4,9,9\n3,0.3\n4,0.2,1\n")
    bad = [i for i in d.issues if i.kind == "bad-rows"]
    assert bad and bad[0].count == 2
    assert list(d.frame["step"]) == [1, 3]


def test_duplicate_steps_kept_and_reported(tmp_path):
    p = _write(tmp_path, "log.csv", "step,loss\n1,0.5\n2,0.4\n2,0.3\n3,0.2\n")
    d = read_csv_file(p)
    assert len(d.frame) == 4
    dup = [i for i in d.issues if i.kind == "duplicate-steps"]
    assert dup and dup[0].count == 1 and dup[0].severity == "warning"
    (run,) = curvedoc.load(p)
    assert run.series("loss").loc[2] == 0.3  # the later write wins


def test_binary_file_named_csv(tmp_path):
    with pytest.raises(LoadError, match="binary data, not a CSV"):
        _read(tmp_path, "log.csv", b"\x00\x01\x02\x03PK\x00" * 200)


def test_non_utf8_bytes_are_replaced_and_reported(tmp_path):
    d = _read(tmp_path, "log.csv", b"step,loss,note\n1,0.5,caf\xe9\n2,0.4,ok\n")
    assert "invalid-utf8" in _kinds(d) and "non-numeric-columns" in _kinds(d)
    assert list(d.frame["value"]) == [0.5, 0.4]


def test_header_only(tmp_path):
    with pytest.raises(LoadError, match="no data rows") as exc:
        _read(tmp_path, "log.csv", "step,loss,val_loss\n")
    assert exc.value.kind == "header-only"


def test_empty_file(tmp_path):
    with pytest.raises(LoadError, match="empty"):
        _read(tmp_path, "log.csv", "\n\n")


def test_bom_tab_and_semicolon(tmp_path):
    d1 = _read(tmp_path, "a.csv", "\ufeffstep;loss\n1;0,5\n2;0.25\n")  # a decimal comma is a number (issue 18)
    assert d1.meta["separator"] == ";" and list(d1.frame["value"]) == [0.5, 0.25]
    d2 = _read(tmp_path, "b.tsv", "\ufeffstep\tloss\n1\t0.5\n2\t0.25\n")
    assert d2.meta["separator"] == "\t" and list(d2.frame["value"]) == [0.5, 0.25]
    assert "step" not in set(d2.frame["tag"])


def test_not_a_training_log(tmp_path):
    with pytest.raises(UnsupportedFormat):
        _read(tmp_path, "people.csv", "name,city\nbob,paris\nal,rome\n")
    with pytest.raises(UnsupportedFormat):
        _read(tmp_path, "iris.csv", "sepal_length,sepal_width\n5.1,3.5\n4.9,3.0\n")


def test_not_a_log_is_quiet_in_tree_mode(tmp_path):
    _write(tmp_path, "people.csv", "name,city\nbob,paris\nal,rome\n")
    res = load_all(tmp_path)
    assert not res.runs and not res.failures
    assert any("not a training log" in p.reason for p in res.problems)


def test_non_numeric_column_skipped_once(tmp_path):
    d = _read(tmp_path, "log.csv", "step,loss,phase\n1,0.5,train\n2,oops,train\n3,0.3,val\n4,0.2,val\n")
    skipped = [i for i in d.issues if i.kind == "non-numeric-columns"]
    assert len(skipped) == 1 and "phase" in skipped[0].message and skipped[0].severity == "info"
    assert [i.count for i in d.issues if i.kind == "bad-values"] == [1]
    assert list(d.frame["step"]) == [1, 3, 4]


def test_keras_restart_synthetic(tmp_path):
    d = read_csv_file(_write(tmp_path, "training.log",
                             "epoch,loss,val_loss\n0,1.0,1.1\n1,0.8,0.9\n0,1.2,1.3\n1,0.7,0.8\n2,0.6,0.7\n"))
    assert [x.source for x in d] == ["keras-csv", "keras-csv"]
    assert [x.name_suffix for x in d] == ["#1", "#2"]
    assert [list(x.frame[x.frame["tag"] == "loss"]["step"]) for x in d] == [[0, 1], [0, 1, 2]]
    assert [[i.count for i in x.issues if i.kind == "restart"] for x in d] == [[], [None]]


def test_keras_resume_from_a_later_epoch_stays_one_run(tmp_path):
    # a job killed after epoch 4 and resumed from the checkpoint of epoch 2 (initial_epoch=3): the counter goes
    # back to a LATER point than the run began at and goes on -- one run, the overlap a restart (later write wins)
    d = _read(tmp_path, "training.log", "epoch,loss\n0,1.0\n1,0.8\n2,0.6\n3,0.9\n4,0.95\n3,0.55\n4,0.5\n5,0.45\n")
    assert not isinstance(d, list)
    assert [i.count for i in d.issues if i.kind == "restart"] == [1]
    assert "segments" not in _kinds(d)
    loss = d.frame[d.frame["tag"] == "loss"]
    assert sorted(set(loss["step"])) == [0, 1, 2, 3, 4, 5]


def test_repeated_header_rows(tmp_path):
    # two logs concatenated (`cat a.csv b.csv`): the header again and the epoch back at 0 -> two runs
    d = _read(tmp_path, "log.csv", "epoch,loss\n0,1\n1,0.5\nepoch,loss\n0,2\n1,1\n")
    assert [x.name_suffix for x in d] == ["#1", "#2"]
    assert all("repeated-header" in _kinds(x) for x in d) and "restart" in _kinds(d[1])
    assert [len(x.frame[x.frame["tag"] == "loss"]) for x in d] == [2, 2]


def test_repeated_header_where_the_counter_goes_on_is_one_run(tmp_path):
    # a logger that writes its header again when the job is resumed, the steps going on: one run
    d = _read(tmp_path, "log.csv", "step,loss\n0,1\n10,0.5\nstep,loss\n20,0.4\n30,0.3\n")
    assert not isinstance(d, list) and "repeated-header" in _kinds(d) and "restart" not in _kinds(d)
    # no counter at all: nothing says the rows go on, the header starts a second log
    d = _read(tmp_path, "log2.csv", "loss,acc\n1,0.1\n0.5,0.2\nloss,acc\n2,0.1\n1,0.3\n")
    assert [x.name_suffix for x in d] == ["#1", "#2"]


def test_lightning_detection_needs_more_than_columns(tmp_path):
    (tmp_path / "v0").mkdir()
    (tmp_path / "v0" / "hparams.yaml").write_text("lr: 0.1\nname: !!python/name:os.system\n")
    d = read_csv_file(_write(tmp_path, "v0/metrics.csv", "epoch,step,train_loss,lr-SGD\n,0,,0.1\n0,9,1.5,\n0,19,1.2,\n"))
    assert d.source == "lightning-csv" and d.hparams.get("lr") == 0.1
    assert "unsafe-yaml" in _kinds(d)
    assert sorted(set(d.frame["tag"])) == ["epoch", "lr-SGD", "train_loss"]
    assert list(d.frame[d.frame["tag"] == "lr-SGD"]["step"]) == [0]


def test_wall_time_from_timestamp_column(tmp_path):
    d = _read(tmp_path, "log.csv", "timestamp,step,loss\n2024-01-01 10:00:00,1,0.5\n2024-01-01 10:00:05,2,0.4\n")
    assert list(d.frame["wall_time"]) == [1704103200.0, 1704103205.0]
    assert set(d.frame["tag"]) == {"loss"} and "non-numeric-columns" not in _kinds(d)


def test_tensorboard_csv_export(tmp_path):
    d = _read(tmp_path, "run_train-tag-loss.csv", "Wall time,Step,Value\n1700000000.5,1,0.5\n1700000001.5,2,0.4\n")
    assert set(d.frame["tag"]) == {"run_train-tag-loss"} and d.frame["wall_time"].iloc[0] == 1700000000.5


def test_unterminated_quote_is_a_load_error(tmp_path):
    with pytest.raises(LoadError, match="malformed CSV"):
        _read(tmp_path, "log.csv", 'step,loss\n1,0.5\n2,"0.4\n3,0.3\n')


def test_reader_entry_point_and_prefix(tmp_path):
    p = _write(tmp_path, "log.csv", "step,loss\n1,0.5\n")
    d = read(RunSpec(tmp_path, "x", "csv", [p], prefixes={str(p): "train/"}))
    assert list(d.frame["tag"]) == ["train/loss"]


def test_large_csv_is_vectorised(tmp_path):
    n = 200_000
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"step": np.arange(n), "loss": rng.random(n), "lr": 1e-3, "val": np.nan})
    df.loc[::1000, "val"] = 1.0
    p = tmp_path / "big.csv"
    df.to_csv(p, index=False)
    d = read_csv_file(p)
    assert len(d.frame) == 2 * n + n // 1000
    assert d.frame["tag"].dtype == "category"


def test_utf16_and_crlf(tmp_path):
    d = _read(tmp_path, "a.csv", "step,loss\r\n1,0.5\r\n2,0.4\r\n".encode("utf-16"))
    assert list(d.frame["value"]) == [0.5, 0.4] and not d.issues
    d = _read(tmp_path, "b.csv", "step,loss\r\n1,0.5\r\n2,0.4")
    assert list(d.frame["step"]) == [1, 2]


def test_whitespace_only_cells_are_empty(tmp_path):
    d = _read(tmp_path, "results.csv", "  epoch,  train/box_loss,   x/lr0\n    0,   0.5,    \n    1,   0.4,   0.01\n")
    assert d.source == "yolo-csv" and "bad-values" not in _kinds(d)
    assert sorted(set(d.frame["tag"])) == ["epoch", "train/box_loss", "x/lr0"]
    assert len(d.frame) == 5


# ------------------------------------------------------------------------------ issue 18 item 15
def test_per_item_tables_are_not_training_logs(tmp_path):
    """A per-class report or COCO-style predictions beside a log used to become 'healthy' runs whose steps were
    row numbers. They are refused with the reason; the real log beside them is read."""
    import json

    from curvedoc.importers import load_all

    run = tmp_path / "run"
    run.mkdir()
    (run / "log.csv").write_text("step,loss\n" + "".join(f"{i},{2.0 / (1 + i)}\n" for i in range(20)))
    (run / "per_class.csv").write_text("class,precision,recall,f1,support\n"
                                       + "".join(f"cat{i},0.{i}1,0.{i}2,0.{i}3,{10 + i}\n" for i in range(8)))
    (run / "predictions.json").write_text(json.dumps(
        [{"image_id": i % 5, "category_id": i % 3, "bbox": [1, 2, 3, 4], "score": 0.5} for i in range(30)]))
    res = load_all(run)
    assert [r.source for r in res.runs] == ["csv"] and res.runs[0].path.name == "run"
    why = {p.path.split("/")[-1]: p.reason for p in res.problems}
    assert "per-item table" in why["per_class.csv"] and "'class'" in why["per_class.csv"]
    assert "image_id" in why["predictions.json"]


def test_logs_without_a_step_column_are_still_logs(tmp_path):
    """The per-item test must not refuse real logs: a Keras history dump (all numeric, no epoch column), a log
    keyed by timestamps, and one with a repeated phase column."""
    from curvedoc.importers import load_all

    (tmp_path / "history.csv").write_text("loss,accuracy,val_loss,val_accuracy\n"
                                          + "".join(f"{1 / (i + 1)},{i / 10},{1.2 / (i + 1)},{i / 11}\n" for i in range(10)))
    (tmp_path / "timed.csv").write_text("time,loss\n" + "".join(f"2024-01-01 10:{i:02d}:00,{1 / (i + 1)}\n" for i in range(10)))
    (tmp_path / "phased.csv").write_text("phase,loss\n" + "".join(f"{'train' if i % 2 else 'val'},{1 / (i + 1)}\n" for i in range(10)))
    res = load_all(tmp_path)
    assert sorted(r.name for r in res.runs) == ["history.csv", "phased.csv", "timed.csv"], res.problems


# ------------------------------------------------------------------------------ issue 18 item 16
def test_compressed_logs_are_read_and_a_gzip_bomb_is_refused(tmp_path, monkeypatch):
    import gzip
    import json

    import curvedoc

    with gzip.open(tmp_path / "log.csv.gz", "wt") as fh:
        fh.write("step,loss\n" + "".join(f"{i},{2 / (1 + i)}\n" for i in range(30)))
    with gzip.open(tmp_path / "m.jsonl.gz", "wt") as fh:
        fh.write("".join(json.dumps({"step": i, "loss": 2 / (1 + i)}) + "\n" for i in range(30)))
    (tmp_path / "printed").mkdir()  # a printed log beside CSVs is 'also found', not read twice: its own folder
    with gzip.open(tmp_path / "printed" / "train.log.gz", "wt") as fh:
        fh.write("".join(f"step {i} | loss {2 / (1 + i):.4f}\n" for i in range(30)))
    runs = {r.name: r for r in curvedoc.load(tmp_path)}
    assert {n: len(r.series("train_loss")) for n, r in runs.items()} == {
        "log.csv.gz": 30, "m.jsonl.gz": 30, "printed": 30}
    with gzip.open(tmp_path / "bomb.csv.gz", "wt") as fh:
        fh.write("step,loss\n" + "1,1.0\n" * 200_000)
    monkeypatch.setenv("CURVEDOC_MAX_FILE_BYTES", "100000")
    rep = curvedoc.diagnose(tmp_path / "bomb.csv.gz")
    assert rep.runs[0].status == "unreadable" and "decompresses to more than" in rep.runs[0].errors[0]


def test_numbers_as_logging_code_prints_them(tmp_path):
    """tensor(0.45), tensor(0.45, device='cuda:0'), np.float32(0.8) and decimal commas are numbers."""
    import curvedoc

    (tmp_path / "t.csv").write_text("step,loss\n0,tensor(1.5)\n1,tensor(nan)\n2,\"tensor(0.9, device='cuda:0')\"\n"
                                    "3,np.float32(0.8)\n4,tensor(0.7)\n")
    (tmp_path / "c.csv").write_text("step;loss;acc\n" + "".join(f"{i};{2 / (1 + i):.4f};{i / 40:.3f}\n".replace(".", ",")
                                                           for i in range(10)))
    t = curvedoc.load(tmp_path / "t.csv")[0].series("loss").tolist()
    assert t[0] == 1.5 and t[2:] == [0.9, 0.8, 0.7] and t[1] != t[1]
    c = curvedoc.load(tmp_path / "c.csv")[0]
    assert c.series("loss").iloc[1] == pytest.approx(1.0) and c.series("acc").iloc[4] == pytest.approx(0.1)


def test_duplicate_column_names_and_json_keys_are_reported(tmp_path):
    import curvedoc

    (tmp_path / "d.csv").write_text("step,loss,loss\n" + "".join(f"{i},{2 / (1 + i)},{3 / (1 + i)}\n" for i in range(10)))
    (tmp_path / "k.jsonl").write_text("".join(f'{{"step": {i}, "loss": {1 / (1 + i)}, "loss": {2 / (1 + i)}}}\n'
                                              for i in range(10)))
    d = curvedoc.load(tmp_path / "d.csv")[0]
    k = curvedoc.load(tmp_path / "k.jsonl")[0]
    assert [i.kind for i in d.issues] == ["duplicate-columns"] and sorted(d.tags) == ["loss", "loss.1"]
    assert [i.kind for i in k.issues] == ["duplicate-keys"]


# ----------------------------------------------------------------------------- several runs in one file
def _loss_rows(n, start=1.0, end=0.2):
    return np.geomspace(start, end, n)


def test_keras_csvlogger_appended_twice_is_two_runs_and_no_rule_crosses_the_reset(tmp_path):
    # CSVLogger(append=True) twice: 0..29 then 0..29 again, each session a healthy fall from 2.3. Read as one run,
    # the jump back to 2.3 at the reset was a loss spike (D002); as two runs nothing compares across it.
    rows = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    for _ in range(2):
        for e, v in enumerate(_loss_rows(30, 2.3, 0.3)):
            rows.append(f"{e},{0.9 - v / 3:.4f},{v:.4f},{0.85 - v / 3:.4f},{v * 1.1:.4f}")
    p = _write(tmp_path, "training.log", "\n".join(rows) + "\n")
    res = load_all(p)
    assert [r.name for r in res.runs] == ["training.log#1", "training.log#2"]
    assert [r.series("train_loss").index.tolist() for r in res.runs] == [list(range(30))] * 2
    rep = curvedoc.diagnose(p)
    assert len(rep.runs) == 2
    codes = {f.name for rr in rep.runs for f in rr.findings}
    assert "loss-spikes" not in codes and "divergence" not in codes and "metric-regression" not in codes
    assert [[f.name for f in rr.findings if f.name == "restarted-run"] for rr in rep.runs] == [[], ["restarted-run"]]


def test_sweep_csv_with_a_model_column_is_one_run_per_model(tmp_path):
    rows = ["model,epoch,train_loss,val_loss"]
    for m, top in (("resnet18", 2.0), ("vit-b/16", 3.0), ("mlp", 1.5)):
        for e, v in enumerate(_loss_rows(12, top, top / 5), 1):
            rows.append(f"{m},{e},{v:.4f},{v * 1.2:.4f}")
    p = _write(tmp_path, "sweep.csv", "\n".join(rows) + "\n")
    runs = curvedoc.load(p)
    assert [r.name for r in runs] == ["sweep.csv#resnet18", "sweep.csv#vit-b_16", "sweep.csv#mlp"]  # file order
    assert all(r.series("train_loss").index.tolist() == list(range(1, 13)) for r in runs)
    # members of a sweep, not restarts; the model column names the runs and is not reported as skipped text
    assert not [i for r in runs for i in r.issues if i.kind in ("restart", "non-numeric-columns", "duplicate-steps")]
    assert all(r.meta["segment"]["of"] == 3 for r in runs)
    assert "'model' changes value at rows 13, 25" in [i for i in runs[0].issues if i.kind == "segments"][0].message


def test_config_value_seen_again_is_a_rerun(tmp_path):
    rows = ["model,epoch,loss"] + [f"a,{e},{1 / e:.3f}" for e in range(1, 6)] + [
        f"b,{e},{1 / e:.3f}" for e in range(1, 6)] + [f"a,{e},{1 / e:.3f}" for e in range(1, 4)]
    d = _read(tmp_path, "log.csv", "\n".join(rows) + "\n")
    assert [x.name_suffix for x in d] == ["#a", "#b", "#a.2"]
    assert ["restart" in _kinds(x) for x in d] == [False, False, True]


def test_step_counter_reset_is_a_new_run(tmp_path):
    rows = ["step,loss,lr"] + [f"{s},{v:.4f},0.001" for s, v in zip(range(0, 500, 10), _loss_rows(50))] * 2
    d = _read(tmp_path, "metrics_log.csv", "\n".join(rows) + "\n")
    assert [x.name_suffix for x in d] == ["#1", "#2"]
    assert [x.frame["step"].max() for x in d] == [490, 490]
    assert not [i for x in d for i in x.issues if i.kind == "duplicate-steps"]


def test_a_counter_inside_the_epoch_is_not_a_reset(tmp_path):
    # 'iter' counts batches within an epoch and starts again each epoch, while the epoch goes on: one run
    rows = ["epoch,iter,loss"] + [f"{e},{i},{2 - e * 0.1 - i * 0.01:.3f}" for e in range(4) for i in range(5)]
    d = _read(tmp_path, "log.csv", "\n".join(rows) + "\n")
    assert not isinstance(d, list)


def test_eval_rows_at_restarting_steps_are_not_runs(tmp_path):
    # Lightning's val *_step rows: the step counts val batches from 0 again, the epoch cell is empty on them
    rows = ["epoch,step,train_loss_step,val_loss_step"]
    for e in range(3):
        rows.append(f"{e},{(e + 1) * 50 - 1},{2 - e * 0.3:.2f},")
        rows += [f",{i},,{2.5 - e * 0.2:.2f}" for i in range(3)]
    d = read_csv_file(_write(tmp_path, "metrics.csv", "\n".join(rows) + "\n"))
    assert not isinstance(d, list) and d.source == "lightning-csv"
    # the same row shape at the same step (a train row and a val row of step 0) is not a one-row run either
    d = _read(tmp_path, "m.csv", "step,loss,val_loss\n0,2.0,\n0,,2.1\n10,1.5,\n10,,1.7\n20,1.2,\n")
    assert not isinstance(d, list)


def test_one_epoch_session_between_two_is_its_own_run(tmp_path):
    # an Ultralytics results.csv of runs appended: 1..3, a 1-epoch run, 1..2 (the epoch stays at 1 on a row of
    # the same kind: a new run)
    head = "epoch,train/box_loss,metrics/mAP50(B),val/box_loss,lr/pg0"
    rows = [head] + [f"{e},{1 / e:.3f},{0.1 * e:.2f},{1.1 / e:.3f},0.01" for e in (1, 2, 3, 1, 1, 2)]
    d = _read(tmp_path, "results.csv", "\n".join(rows) + "\n")
    assert [x.source for x in d] == ["yolo-csv"] * 3
    assert [x.meta["segment"]["rows"] for x in d] == [[1, 3], [4, 4], [5, 6]]


def test_columns_that_are_not_run_names_do_not_split(tmp_path):
    # a 'phase' that changes while the step goes on: phases of one run
    rows = ["step,phase,loss"] + [f"{s},warmup,{2 - s * 0.01:.3f}" for s in range(10)] + [
        f"{s},main,{1.9 - s * 0.01:.3f}" for s in range(10, 30)]
    assert not isinstance(_read(tmp_path, "a.csv", "\n".join(rows) + "\n"), list)
    # a data split of one run (rows of train, then rows of val), and a mode column alternating per row
    rows = ["split,epoch,loss"] + [f"train,{e},{1 / (e + 1):.3f}" for e in range(6)] + [
        f"val,{e},{1.2 / (e + 1):.3f}" for e in range(6)]
    d = _read(tmp_path, "b.csv", "\n".join(rows) + "\n")
    assert not isinstance(d, list) or not any(x.name_suffix in ("#train", "#val") for x in d)
    rows = ["mode,loss"] + [f"{'train' if i % 2 else 'eval'},{1 / (i + 1):.3f}" for i in range(20)]
    assert not isinstance(_read(tmp_path, "c.csv", "\n".join(rows) + "\n"), list)
    # a date column: many rows of one day, then the next day -- a clock, not a run name
    rows = ["date,step,loss"] + [f"2024-01-0{1 + s // 10},{s},{2 - s * 0.01:.3f}" for s in range(30)]
    assert not isinstance(_read(tmp_path, "d.csv", "\n".join(rows) + "\n"), list)


def test_a_counter_that_cycles_every_few_rows_is_not_a_run_counter(tmp_path):
    # 'step' alternates 0, 1, 0, 1 (a phase number, not a clock): 5,000 'runs' of two rows would be nonsense
    rows = ["step,loss"] + [f"{i % 2},{1 / (i + 1):.5f}" for i in range(10_000)]
    d = _read(tmp_path, "a.csv", "\n".join(rows) + "\n")
    assert not isinstance(d, list) and "restart" in _kinds(d)
    # a batch counter of 120 epochs without an epoch column: not 120 runs
    rows = ["batch,loss"] + [f"{b},{2 - e * 0.01:.3f}" for e in range(120) for b in range(10)]
    assert not isinstance(_read(tmp_path, "b.csv", "\n".join(rows) + "\n"), list)


def test_rows_where_evaluation_did_not_run_are_missing_not_zero(tmp_path):
    # Ultralytics with validation only after the last epoch writes 0.0 in every val/* loss and metric of the
    # other rows: placeholders, not a model at 0 mAP with a zero validation loss that then 'rises'
    import curvedoc

    head = "epoch,train/box_loss,train/cls_loss,val/box_loss,val/cls_loss,metrics/precision(B),metrics/mAP50(B),lr/pg0"
    rows = [f"{e},{1.6 - e * 0.02:.3f},{2.4 - e * 0.08:.3f},0,0,0,0,0.001" for e in range(1, 20)]
    rows.append("20,1.09,0.61,1.175,0.608,0.91,0.948,0.0001")
    p = tmp_path / "results.csv"
    p.write_text("\n".join([head] + rows) + "\n")
    rr = curvedoc.diagnose(str(p)).runs[0]
    assert any(i["kind"] == "not-evaluated" and i["count"] == 19 for i in rr.issues), rr.issues
    assert rr.status == "healthy", [(f.code, f.message) for f in rr.findings]
    # a model really at 0 mAP (its validation losses non-zero) keeps its zeros
    rows0 = [f"{e},{1.6 - e * 0.02:.3f},{2.4 - e * 0.08:.3f},{3.2 - e * 0.01:.3f},4.1,0,0,0.001" for e in range(1, 21)]
    q = tmp_path / "zero" / "results.csv"
    q.parent.mkdir()
    q.write_text("\n".join([head] + rows0) + "\n")
    rz = curvedoc.diagnose(str(q)).runs[0]
    assert not any(i["kind"] == "not-evaluated" for i in rz.issues)


@pytest.mark.parametrize("first_marker_line", [2, 3])
def test_an_unresolved_merge_conflict_is_a_damaged_log(tmp_path, first_marker_line):
    # a log committed with git's conflict markers holds two versions of itself: the markers are not rows (no
    # 'bad values' in the step column), both versions are read, and the file is reported as damaged
    rng = np.random.default_rng(0)
    rows = [f"{e},{2.3 * math.exp(-e / 20) + rng.normal(0, 0.01):.5f},{2.4 * math.exp(-e / 25):.5f}"
            for e in range(1, 61)]
    theirs = [f"{e},{2.2 * math.exp(-e / 3):.5f},{2.3 * math.exp(-e / 4):.5f}" for e in range(1, 3)]
    head = ["epoch,train_loss,val_loss"] + rows[:first_marker_line - 2]
    text = "\n".join(head + ["<<<<<<< HEAD"] + rows[first_marker_line - 2:] + ["======="] + theirs
                     + [">>>>>>> d0150e4 (Reduce model size)"]) + "\n"
    (tmp_path / "training_log.csv").write_text(text)
    rep = curvedoc.diagnose(tmp_path)
    kinds = {i.kind for r in load_all(tmp_path).runs for i in r.issues}
    assert "merge-conflict" in kinds and "bad-values" not in kinds
    assert "damaged-log" in {f.name for rr in rep.runs for f in rr.findings}


def test_a_lone_separator_line_is_not_a_merge_conflict(tmp_path):
    text = "epoch,loss\n" + "".join(f"{e},{1 / e:.4f}\n" for e in range(1, 30)) + "=======\n"
    (tmp_path / "log.csv").write_text(text)
    assert "merge-conflict" not in {i.kind for r in load_all(tmp_path).runs for i in r.issues}


def test_a_loss_column_empty_in_every_row_of_a_pandas_table_is_nan(tmp_path):
    # a new user's loss was NaN from the first epoch; pd.DataFrame(history).to_csv() writes NaN as an empty cell:
    # 'epoch,train_loss,val_loss' then '1,,' ... The loss was logged, as NaN -- not absent
    hist = pd.DataFrame({"epoch": range(1, 21), "train_loss": [float("nan")] * 20, "val_loss": [float("nan")] * 20})
    hist.to_csv(tmp_path / "history.csv", index=False)
    rep = curvedoc.diagnose(str(tmp_path / "history.csv"))
    rr = rep.runs[0]
    assert rr.status == "failing" and rr.findings[0].name == "divergence", [f.name for f in rr.findings]
    run = curvedoc.load(str(tmp_path / "history.csv"))[0]
    assert any(i.kind == "empty-column" for i in run.issues)
    # a sparse table (a column filled in some rows only) keeps its empty cells as 'no point'
    (tmp_path / "sparse.csv").write_text("epoch,loss,val_loss\n1,0.9,\n2,0.8,0.85\n3,0.7,\n4,0.6,0.7\n")
    sparse = curvedoc.load(str(tmp_path / "sparse.csv"))[0]
    assert len(sparse.series("val_loss")) == 2 and not any(i.kind == "empty-column" for i in sparse.issues)


def test_an_empty_setting_column_stays_out(tmp_path):
    # a setting written as None (an empty cell too) beside filled losses is no series: only a loss or a metric
    # that is empty everywhere was NaN
    rows = ["step,train_loss,scheduled_freeze_step"] + [f"{i},{2.0 - 0.01 * i}," for i in range(10)]
    (tmp_path / "log.csv").write_text("\n".join(rows) + "\n")
    run = curvedoc.load(str(tmp_path / "log.csv"))[0]
    assert "scheduled_freeze_step" not in run.tags and not any(i.kind == "empty-column" for i in run.issues)


@pytest.mark.parametrize("first,every", [(0, 1), (1, 1), (0, 10)])
def test_a_batch_counted_inside_the_epoch_is_laid_end_to_end(tmp_path, first, every):
    # 'epoch,batch,loss' written by hand: the batch starts again every epoch. It is a position inside the epoch,
    # not a restarted run: 5 epochs of 14 logged batches are one curve of 70 points in order
    rows = ["epoch,batch,loss"]
    for e in range(5):
        for b in range(first, first + 14 * every, every):
            rows.append(f"{e},{b},{2.0 - 0.02 * (e * 14 + (b - first) // every):.4f}")
    p = tmp_path / "log.csv"
    p.write_text("\n".join(rows) + "\n")
    rd = read_csv_file(p)
    s = rd.frame[rd.frame["tag"] == "loss"].sort_values("step")
    assert len(s) == 70 and s["step"].is_unique
    assert np.all(np.diff(s["value"].to_numpy()) < 0)  # in the order it was written
    assert not [i for i in rd.issues if i.kind == "restart"]
    # a step that goes back while the epoch stays (or goes back too) is a restart still
    rows2 = ["epoch,step,loss", "0,0,2", "0,1,1.9", "0,2,1.8", "0,0,2.1", "0,1,1.95", "0,2,1.7"]
    p2 = tmp_path / "again.csv"
    p2.write_text("\n".join(rows2) + "\n")
    rd2 = read_csv_file(p2)
    rd2 = rd2 if not isinstance(rd2, list) else rd2[-1]
    assert rd2.meta.get("step_inside_epoch") is None


@pytest.mark.parametrize("eol", ["\r", "\r\r", "\r\n"])
def test_a_csvlogger_file_with_carriage_return_line_endings_is_read_as_its_table(tmp_path, eol):
    # Keras' CSVLogger writing 'train.log' through a Windows writer that doubled the CR (or classic Mac endings):
    # a reader that splits on newlines alone sees one line and no header -- the file was refused as a text log
    # without metrics
    rows = ["epoch,acc,loss,lr,val_acc,val_loss"] + [f"{e},{0.5 + e / 50},{1 / (e + 1)},1e-04,{0.5 + e / 60},{1.2 / (e + 1)}"
                                                     for e in range(12)]
    d = tmp_path / "run"
    d.mkdir()
    (d / "train.log").write_bytes(eol.join(rows).encode() + eol.encode())
    res = load_all(d)
    assert len(res.runs) == 1 and not res.failures
    s = res.runs[0].series("val_loss")
    assert len(s) == 12 and s.index.tolist() == list(range(12))


@pytest.mark.parametrize("where", [1, 13, 40])
def test_a_row_cut_before_the_end_of_the_file_is_dropped_and_reported(tmp_path, where):
    # a record whose start was lost (two writers, a resumed job overwriting): read by position its values would
    # land under the wrong names (epoch 0.667, every loss one column off)
    rows = [f"{e},{1.0 / e:.6f},{1.1 / e:.6f},{0.5 + e / 100:.6f}" for e in range(1, 51)]
    rows[where - 1] = rows[where - 1].split(",", 1)[1]  # the epoch field lost
    d = _read(tmp_path, "log.csv", "epoch,train_loss,val_loss,acc\n" + "\n".join(rows) + "\n")
    bad = [i for i in d.issues if i.kind == "bad-rows"]
    assert len(bad) == 1 and bad[0].count == 1 and f"line {where + 1}" in bad[0].message
    g = d.frame[d.frame["tag"] == "train_loss"]
    assert len(g) == 49 and float(g["step"].min()) >= 1


def test_short_rows_written_by_design_at_many_epochs_are_read_as_they_are(tmp_path):
    # an evaluation column written only every 5th epoch by a hand-made writer: short rows are the rule, not damage
    rows = [f"{e},{1.0 / e:.6f}" + (f",{1.1 / e:.6f}" if e % 5 == 0 else "") for e in range(1, 51)]
    d = _read(tmp_path, "log.csv", "epoch,train_loss,val_loss\n" + "\n".join(rows) + "\n")
    assert not [i for i in d.issues if i.kind == "bad-rows"]
    assert len(d.frame[d.frame["tag"] == "train_loss"]) == 50 and len(d.frame[d.frame["tag"] == "val_loss"]) == 10


def test_a_quoted_separator_does_not_make_a_row_short(tmp_path):
    d = _read(tmp_path, "log.csv", 'epoch,loss,note\n1,0.5,"a,b"\n2,0.4,c\n3,0.3,"d,e"\n4,0.2,f\n')
    assert not [i for i in d.issues if i.kind == "bad-rows"]
