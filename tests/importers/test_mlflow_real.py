"""MLflow stores written by the real mlflow client (mlflow-skinny 3.17.2; scripts/make_mlflow_fixture.py): the SQLite
store and the file store give the same runs, params, points and findings, and reading never writes beside them."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import curvedoc

DATA = Path(__file__).parents[1] / "data" / "mlflow_real"


def _digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_both_stores_hold_the_same_two_runs():
    before = _digest(DATA)
    db = {r.run.split("#")[-1]: r for r in curvedoc.diagnose(DATA / "mlflow.db").runs}
    fs = {r.run.split(" (")[0].split("/")[-1]: r for r in curvedoc.diagnose(DATA / "mlruns").runs}
    assert set(db) == set(fs) == {"healthy-mlp", "overfit-mlp"}
    for name in db:
        a, b = db[name], fs[name]
        assert a.points == b.points and a.roles == b.roles
        assert a.roles["train_loss"] == "train_loss" and a.roles["val_loss"] == "val_loss"
        assert a.hparams.get("lr") in (0.01, "0.01") and b.hparams.get("lr") in (0.01, "0.01")
        assert [f.code for f in a.findings] == [f.code for f in b.findings]
    assert "V001" in {f.code for f in db["overfit-mlp"].findings}
    assert db["healthy-mlp"].status == "healthy"
    assert _digest(DATA) == before  # nothing written beside the stores (no -wal/-shm, no journal)


def test_nan_logged_by_mlflow_is_kept():
    runs = {r.name.split("#")[-1].split(" (")[0].split("/")[-1]: r for r in curvedoc.load(DATA / "mlflow.db")}
    s = runs["overfit-mlp"].series("val_loss")
    assert len(s) == 61 and math.isnan(s.iloc[-1])
    assert len(runs["healthy-mlp"].series("val_accuracy")) == 6
