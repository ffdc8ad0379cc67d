"""The ReadContext (issue 40 item 1): reading limits travel as one frozen value, entered for a block and left after
it, with one precedence rule (command line > environment > config file > default)."""

from __future__ import annotations

import dataclasses
import threading

import pytest

import curvedoc
from curvedoc.engine.config import Settings
from curvedoc.errors import LoadError
from curvedoc.importers import EVENT_READERS, ReadContext, read_spec, reading
from curvedoc.importers._base import max_file_bytes
from curvedoc.importers.context import DEFAULT_MAX_FILE_BYTES, READERS, current, use
from curvedoc.importers.discover import discover


def _csv_run(tmp_path):
    d = tmp_path / "runs" / "r"
    d.mkdir(parents=True)
    (d / "metrics.csv").write_text("step,loss\n" + "".join(f"{i},{1.0 / (i + 1)}\n" for i in range(2000)))
    return d


def test_the_environment_wins_over_the_config_file_for_max_file_mb(tmp_path, monkeypatch):
    """One rule for every limit: the environment beats [tool.curvedoc] (max-file-mb used to beat
    CURVEDOC_MAX_FILE_BYTES while max-seconds and max-memory-mb lost to theirs)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CURVEDOC_MAX_FILE_BYTES", raising=False)
    d = _csv_run(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.curvedoc]\nmax-file-mb = 0.001\n")  # 1 KB: the log is ~20 KB
    assert curvedoc.diagnose(d).runs[0].status == "unreadable"  # the config file over the default
    monkeypatch.setenv("CURVEDOC_MAX_FILE_BYTES", str(10 << 20))
    assert curvedoc.diagnose(d).runs[0].status != "unreadable"  # the environment over the config file
    assert ReadContext.from_settings(Settings(max_file_mb=0.001)).max_file_bytes == 10 << 20
    monkeypatch.setenv("CURVEDOC_MAX_FILE_BYTES", "not a number")  # malformed: ignored, the config file applies
    assert ReadContext.from_settings(Settings(max_file_mb=0.001)).max_file_bytes == int(0.001 * 1024 * 1024)
    monkeypatch.delenv("CURVEDOC_MAX_FILE_BYTES")
    assert ReadContext.from_settings(Settings()) == ReadContext()
    assert ReadContext().max_file_bytes == DEFAULT_MAX_FILE_BYTES


def test_a_long_lived_dask_worker_does_not_keep_an_earlier_audits_limit(tmp_path, monkeypatch):
    """A Dask worker serves several audits: the second one, without max-file-mb, read with the first one's 1 KB
    limit (cluster._batch set a process global and never put it back)."""
    from curvedoc.engine import worker

    monkeypatch.delenv("CURVEDOC_MAX_FILE_BYTES", raising=False)
    (spec,) = discover(_csv_run(tmp_path)).specs
    before = max_file_bytes()
    (_, first), = worker.diagnose_batch(Settings(max_file_mb=0.001), [(0, spec, None)])
    assert first[0]["status"] == "unreadable" and "limit" in first[0]["errors"][0]
    (_, second), = worker.diagnose_batch(Settings(), [(0, spec, None)])
    assert second[0]["status"] != "unreadable", second[0]["errors"]
    assert max_file_bytes() == before


def test_a_context_given_to_read_spec_holds_for_that_read_only(tmp_path):
    (spec,) = discover(_csv_run(tmp_path)).specs
    with pytest.raises(LoadError, match="per-file limit"):
        read_spec(spec, context=ReadContext(max_file_bytes=100))
    assert read_spec(spec)  # the default again
    with reading(Settings(max_file_mb=0.001)):
        assert max_file_bytes() == int(0.001 * 1024 * 1024)
        assert read_spec(spec, context=ReadContext())  # an explicit context wins over the one in force
    assert max_file_bytes() == current().max_file_bytes


def test_a_context_is_frozen_checked_and_private_to_its_thread():
    ctx = ReadContext(max_file_bytes=123)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ctx.max_file_bytes = 1
    with pytest.raises(ValueError, match="unknown event-file reader"):
        ReadContext(reader="tensorflow")
    assert set(READERS) == set(EVENT_READERS)
    seen = []
    with use(ctx):
        t = threading.Thread(target=lambda: seen.append(max_file_bytes()))
        t.start()
        t.join()
        assert max_file_bytes() == 123
    assert seen == [ReadContext.from_settings(None).max_file_bytes]  # another thread reads with its own limits


def test_a_dask_batch_readies_the_compiled_rolling_median_when_the_audit_asks(tmp_path, monkeypatch):
    """speed16: a pool worker inherits the compiled rolling median the audit readied before forking (an audit of
    200 inputs or more); a Dask worker never loaded it and computed every rolling median the slower way. The audit
    now tells the batch, and the worker loads it once; the findings are the same either way."""
    pytest.importorskip("numba", reason="numba not installed")
    from curvedoc.detectors import _signal
    from curvedoc.engine import executors, worker

    monkeypatch.delenv("CURVEDOC_ROLLING", raising=False)
    assert executors.executor_for("dask", 2, 500, compiled=True).compiled
    assert not executors.executor_for("dask", 2, 500).compiled
    (spec,) = discover(_csv_run(tmp_path)).specs
    monkeypatch.setattr(_signal, "_ROLLING", {})  # a fresh worker process
    (_, slow), = worker.diagnose_batch(Settings(), [(0, spec, None)])
    assert "kernel" not in _signal._ROLLING
    (_, fast), = worker.diagnose_batch(Settings(), [(0, spec, None)], True)
    assert "kernel" in _signal._ROLLING
    assert fast == slow
