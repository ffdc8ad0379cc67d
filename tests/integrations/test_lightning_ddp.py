"""Lightning in several processes (DDP): the callback acts on rank 0 only (issue 37).

Lightning calls every logger on every rank (its own loggers write on rank 0 only); the callback records, diagnoses
and reports on rank 0, and the other ranks keep nothing. Rank 0's decision to stop reaches every rank through the
strategy's ``reduce_boolean_decision`` at the start of a training batch (the ``EarlyStopping`` convention), so the
ranks stop together. Checked with a real two-process DDP training over gloo on CPU, and with a fake trainer for the
rank logic."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

HERE = Path(__file__).resolve().parent


def test_a_two_process_ddp_blow_up_is_seen_on_rank_0_and_stops_every_rank(tmp_path):
    pytest.importorskip("torch", reason="torch not installed (pip install '.[integrations]')")
    pytest.importorskip("lightning", reason="lightning not installed (pip install '.[integrations]')")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE.parents[1]), os.environ.get("PYTHONPATH", "")]),
           "MASTER_ADDR": "127.0.0.1", "PYTHONWARNINGS": "ignore"}
    env.pop("LOCAL_RANK", None)
    proc = subprocess.run([sys.executable, str(HERE / "_ddp_lightning.py"), "30", str(tmp_path), "2"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    r0, r1 = (json.loads((tmp_path / f"rank{r}.json").read_text()) for r in (0, 1))
    assert r0["world"] == r1["world"] == 2
    # rank 0 recorded what Lightning logged, found the divergence and asked to stop; rank 1 kept nothing
    assert r0["points"] > 0 and "train_loss" in r0["tags"]
    assert r0["stop"] in ("D001", "G001", "D002"), r0
    assert r1["points"] == 0 and r1["findings"] == [] and r1["stop"] is None, r1
    # ... and both ranks stopped, at the same step, long before the end
    assert r0["should_stop"] and r1["should_stop"]
    assert r0["global_step"] == r1["global_step"] < r0["max_steps"] // 2, (r0["global_step"], r1["global_step"])
    # rank 0's run is what CSVLogger (rank 0) wrote
    rows = (tmp_path / "pl" / "metrics.csv").read_text().splitlines()
    assert sum(1 for ln in rows[1:] if ln.split(",")[rows[0].split(",").index("train_loss")]) == len(r0["loss"])


# ---------------------------------------------------------------------------------------------- a fake trainer
class _Strategy:
    """The collective as one rank sees it: its own decision or'ed with what the other ranks say in the same round
    (``others()``)."""

    def __init__(self, others=lambda: False):
        self.calls: list[bool] = []
        self.others = others

    def reduce_boolean_decision(self, decision: bool, all: bool = True) -> bool:
        assert all is False  # any rank's True (only rank 0 ever says True) stops every rank
        self.calls.append(decision)
        return decision or self.others()


def _trainer(rank: int, world: int, strategy=None):
    return SimpleNamespace(global_rank=rank, world_size=world, strategy=strategy or _Strategy(), should_stop=False,
                           loggers=[], default_root_dir=".", max_steps=-1)


def _callback(**kw):
    pytest.importorskip("lightning", reason="lightning not installed (pip install '.[integrations]')")
    from curvedoc.integrations.lightning import CurvedocCallback

    return CurvedocCallback(every=1, **kw)


def _blow_up(cb, trainer, steps=range(12)):
    for s in steps:
        cb.on_train_batch_start(trainer, None, None, s)
        for lg in trainer.loggers:
            lg.log_metrics({"train_loss": 2.3 * 10 ** max(0, s - 3)}, step=s)


def test_rank_0_records_decides_and_every_rank_learns_the_decision_at_its_next_batch():
    cb0, cb1 = _callback(), _callback()
    t0 = _trainer(0, 2)
    t1 = _trainer(1, 2, _Strategy(others=lambda: t0.should_stop))  # (rank 0 meets the collective first)
    cb0.on_fit_start(t0, None)
    cb1.on_fit_start(t1, None)
    for s in range(12):
        if t0.should_stop or t1.should_stop:
            break  # (the loop stops every rank before its next batch)
        for cb, t in ((cb0, t0), (cb1, t1)):
            cb.on_train_batch_start(t, None, None, s)
        for cb, t in ((cb0, t0), (cb1, t1)):
            for lg in t.loggers:
                lg.log_metrics({"train_loss": 2.3 * 10 ** max(0, s - 3)}, step=s)
            lg.log_hyperparams({"lr": 30.0})
    assert cb0.stop_reason is not None and cb0.diagnosis.live.points > 0
    assert cb1.diagnosis.live.points == 0 and cb1.findings == [] and not cb1.diagnosis.live.hparams
    assert t0.should_stop and t1.should_stop
    # rank 0 never set should_stop on its own in the middle of a batch: only the collective did, on both
    assert t0.strategy.calls.count(True) == 1 and True not in t1.strategy.calls
    assert len(t0.strategy.calls) == len(t1.strategy.calls)  # the ranks met in every collective


def test_one_process_stops_at_once_and_needs_no_collective():
    cb = _callback()
    t = _trainer(0, 1)
    cb.on_fit_start(t, None)
    _blow_up(cb, t)
    assert t.should_stop and cb.stop_reason is not None
    assert t.strategy.calls == []


def test_no_collective_when_nothing_can_stop_the_training():
    cb = _callback(stop_on="never")
    t = _trainer(0, 2)
    cb.on_fit_start(t, None)
    _blow_up(cb, t)
    assert not t.should_stop and t.strategy.calls == [] and cb.findings  # found, reported, never stopping
