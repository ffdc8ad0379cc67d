"""MLflow SQLite store (mlflow.db): every run by its run name, metrics with steps, params, status; read-only."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from _helpers import real_runs_dir

import curvedoc
from curvedoc.importers import load_all

SCHEMA = """
create table experiments (experiment_id integer primary key, name varchar(256));
create table runs (run_uuid varchar(32) primary key, name varchar(250), status varchar(9), start_time bigint,
                   end_time bigint, lifecycle_stage varchar(20), experiment_id integer);
create table metrics (key varchar(250), value float, timestamp bigint, run_uuid varchar(32), step bigint default 0,
                      is_nan boolean default 0);
create table params (key varchar(250), value varchar(8000), run_uuid varchar(32));
create table tags (key varchar(250), value varchar(5000), run_uuid varchar(32));
"""


def _store(path: Path, runs: dict[str, tuple[str, dict[str, list[float]]]]) -> Path:
    con = sqlite3.connect(path)
    con.executescript(SCHEMA)
    con.execute("insert into experiments values (1, 'exp')")
    for i, (name, (status, metrics)) in enumerate(runs.items()):
        uuid = f"{i:032x}"
        con.execute("insert into runs values (?,?,?,?,?,?,?)", (uuid, name, status, 1000 * i, 1000 * i + 500, "active", 1))
        con.execute("insert into params values ('lr', '0.001', ?)", (uuid,))
        for key, vals in metrics.items():
            for step, v in enumerate(vals):
                nan = not np.isfinite(v)
                con.execute("insert into metrics values (?,?,?,?,?,?)",
                            (key, 0.0 if nan else v, 1000 * i + step, uuid, step, int(nan)))
    con.commit()
    con.close()
    return path


def test_every_run_by_name_with_steps_params_and_status(tmp_path):
    loss = list(np.linspace(2.0, 0.5, 30))
    db = _store(tmp_path / "mlflow.db", {"brave-owl-1": ("FINISHED", {"train_loss": loss, "val_acc": [0.5, 0.6, 0.7]}),
                                         "sad-cat-2": ("FAILED", {}),
                                         "nan-run-3": ("FINISHED", {"train_loss": [1.0, float("nan"), 0.5]})})
    runs = {r.name.split("#", 1)[1]: r for r in curvedoc.load(tmp_path)}
    assert set(runs) == {"brave-owl-1", "sad-cat-2", "nan-run-3"}
    ok = runs["brave-owl-1"]
    assert ok.source == "mlflow-db" and ok.roles["train_loss"] == "train_loss"
    assert ok.tag_counts() == {"train_loss": 30, "val_acc": 3}
    assert np.allclose(ok.series("train_loss").to_numpy(), loss) and ok.hparams == {"lr": 0.001}
    assert runs["sad-cat-2"].n_points == 0 and runs["sad-cat-2"].meta["status"] == "FAILED"
    assert np.isnan(runs["nan-run-3"].series("train_loss").to_numpy()[1])
    rep = curvedoc.diagnose(db)
    failed = [r for r in rep.runs if r.run.endswith("sad-cat-2")][0]
    assert failed.status == "failing" and [f.name for f in failed.findings] == ["crashed-run"]


def test_opened_read_only_no_files_created(tmp_path):
    db = _store(tmp_path / "mlruns.db", {"a": ("FINISHED", {"loss": [1.0, 0.9, 0.8]})})
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in tmp_path.iterdir()}
    mtime = db.stat().st_mtime_ns
    curvedoc.diagnose(tmp_path)
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in tmp_path.iterdir()}
    assert after == before and db.stat().st_mtime_ns == mtime  # no -wal/-shm/-journal, bytes unchanged


def test_other_sqlite_files_and_damage(tmp_path):
    con = sqlite3.connect(tmp_path / "cache.db")
    con.execute("create table kv (k, v)")
    con.commit()
    con.close()
    res = load_all(tmp_path)
    assert not res.runs and not res.failures and any("MLflow" in p.reason for p in res.problems)
    bad = tmp_path / "sub"
    bad.mkdir()
    (bad / "mlflow.db").write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    res = load_all(bad)
    assert not res.runs and (res.failures or res.problems)


def test_real_stores():
    root = real_runs_dir() / "mlflow_db"
    if not root.is_dir():
        pytest.skip("no mlflow_db folder in ../shared/real_runs")
    runs = curvedoc.load(root)
    by = {r.name.split("#", 1)[1]: r for r in runs}
    assert {"casual-boar-794", "rambunctious-bat-651", "rogue-skunk-115", "unleashed-elk-963"} <= set(by)
    assert by["casual-boar-794"].meta["status"] == "FAILED" and by["casual-boar-794"].n_points == 0
    assert by["rambunctious-bat-651"].tag_counts()["generator_loss"] == 5
    assert all(r.n_points == 0 for n, r in by.items() if n in ("rogue-skunk-115", "judicious-eel-959"))
