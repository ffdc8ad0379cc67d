"""Remote staging folders are never left behind (issue 41, round 17): a process killed while it fetched a run's
objects (a Dask worker SIGKILLed mid-audit, the OOM killer) runs no ``finally`` and left an empty
``curvedoc-stage-*`` folder in the temporary folder for good. Each folder now has its owner's lock beside it; the
next process that stages removes the folders whose owner is gone, never a live one."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import tempfile

import pytest

from curvedoc.importers import remote

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="fork and flock: POSIX only")


@pytest.fixture()
def private_tmp(tmp_path, monkeypatch):
    """tempfile's folder for this test alone, and a process that has not swept yet."""
    d = tmp_path / "tmp"
    d.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(d))
    monkeypatch.setattr(remote, "_SWEPT", {})
    return d


def _stage_and_die(conn, die: bool) -> None:
    stage = remote._Stage()
    (open(os.path.join(stage.path, "half-fetched"), "wb")).close()
    conn.send(stage.path)
    if die:
        os.kill(os.getpid(), signal.SIGKILL)  # killed while fetching: no finally runs
    conn.recv()  # a live owner, until told to go
    stage.close()


def _child(die: bool):
    ctx = mp.get_context("fork")
    r, w = ctx.Pipe()
    p = ctx.Process(target=_stage_and_die, args=(w, die))
    p.start()
    return p, r, r.recv()


def test_a_killed_stagers_folder_is_removed_by_the_next_process_that_stages(private_tmp):
    dead, _, dead_path = _child(die=True)
    dead.join(10)
    assert dead.exitcode == -signal.SIGKILL
    assert os.path.isdir(dead_path) and os.path.exists(dead_path + ".lock")  # what a kill used to leave
    live, conn, live_path = _child(die=False)  # the next process that stages sweeps first
    try:
        assert not os.path.exists(dead_path) and not os.path.exists(dead_path + ".lock")
        remote._SWEPT.clear()
        mine = remote._Stage()  # this process sweeps too: the live owner's folder stays
        assert os.path.isdir(live_path) and os.path.exists(live_path + ".lock")
        assert os.path.isdir(mine.path)
        mine.close()
    finally:
        conn.send("go")
        live.join(10)
    assert live.exitcode == 0
    assert sorted(os.listdir(private_tmp)) == []  # every owner gone its own way: nothing left


def test_a_sweep_runs_once_a_minute_per_process_and_leaves_unlocked_folders_of_older_versions_an_hour(private_tmp):
    import time

    old = private_tmp / (remote.STAGE_PREFIX + "older")  # an older curvedoc's folder: no lock beside it
    old.mkdir()
    pending = private_tmp / ("." + remote.STAGE_PREFIX + "x.locking")  # killed between its lock and the rename
    pending.touch()
    now = time.time()
    assert remote._sweep_orphans(str(private_tmp), now) == []  # young: perhaps an older curvedoc at work
    assert old.is_dir() and pending.exists()
    hours_ago = now - 2 * remote.STAGE_ORPHAN_SECONDS
    for p in (old, pending):
        os.utime(p, (hours_ago, hours_ago))
    assert remote._sweep_orphans(str(private_tmp), now + 1) == []  # swept a moment ago: not again yet
    assert old.is_dir() and pending.exists()
    assert remote._sweep_orphans(str(private_tmp), now + remote.STAGE_SWEEP_SECONDS + 1) == [str(old)]
    assert sorted(os.listdir(private_tmp)) == []


def test_a_stage_is_removed_with_its_lock_when_the_read_ends(private_tmp):
    stage = remote._Stage()
    name = os.path.basename(stage.path)
    assert sorted(os.listdir(private_tmp)) == [name, name + ".lock"]
    stage.close()
    assert os.listdir(private_tmp) == []
