"""Sweep audit: diagnose hundreds to thousands of runs at once, rank them, explain the sweep.

    report = curvedoc.audit("sweeps/lr_bs_grid", jobs=4)
    report.sweep.separating_hparams      # "divergence in 7 of 7 runs with lr >= 0.003, in 0 of 21 below"

This module orchestrates; each room holds one part:

* runs are found by :func:`curvedoc.importers.discover.discover` in this process;
* :mod:`~curvedoc.engine.cache` says which inputs are already diagnosed (keyed by every input file's size, mtime and
  inode plus the settings and curvedoc's code: a changed file is never served from the cache; the cache lives in
  the user cache folder, never inside the sweep), and ``--resume`` keeps what a results stream already holds
  (:mod:`~curvedoc.engine.stream`);
* an executor (:mod:`~curvedoc.engine.executors`: in this process, a process pool, a Dask cluster) runs
  :mod:`~curvedoc.engine.worker` on the rest: each worker reads and diagnoses runs and sends back a findings-only
  :class:`RunReport` (plus a small summary and a 100-point curve for the overview plot), so memory stays bounded by
  one run per worker;
* :mod:`~curvedoc.engine.sweep` turns the results into the report's ``sweep`` section (pure statistics).
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import Any, Iterable

from curvedoc._gcpause import paused_gc
from curvedoc.engine import resolve_settings
from curvedoc.engine.config import Settings
from curvedoc.engine.cache import (Listings, default_cache_dir, note_rules_checked, rules_checked, settings_key,
                                   spec_key)
from curvedoc.engine.cache import read as cache_read
from curvedoc.engine.executors import EXECUTORS, executor_for
from curvedoc.engine.report import Report
from curvedoc.engine.results import Problem
from curvedoc.engine.sweep import name_hparams, separating_hparams, sweep_analysis, sweep_report
from curvedoc.engine.worker import is_transient, warm_up
from curvedoc.importers import RunSpec

# ------------------------------------------------------------------------------------------ progress


class _Progress:
    def __init__(self, total: int, enabled: bool, stream=None):
        self.total, self.enabled, self.done = total, enabled and total > 0, 0
        self.stream = stream or sys.stderr
        self.t0 = time.monotonic()
        self.last = 0.0

    def update(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.1 and self.done < self.total:
            return
        self.last = now
        frac = self.done / self.total
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        rate = self.done / max(now - self.t0, 1e-9)
        eta = (self.total - self.done) / rate if rate > 0 else 0
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} runs  {rate:5.1f} runs/s  eta {eta:4.0f}s ")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


# ------------------------------------------------------------------------------------------ entry point


def audit(
    path,
    *,
    jobs: int | None = None,
    cache: bool = True,
    cache_dir: str | os.PathLike | None = None,
    progress: bool = False,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    params=None,
    roles=None,
    fail_on: str | None = None,
    rules_dirs: Iterable[str] | None = None,
    config=None,
    storage_options: dict[str, Any] | None = None,
    executor: str = "processes",
    scheduler: str | None = None,
    client=None,
    stream: str | os.PathLike | None = None,
    resume: bool = False,
    settings: Settings | None = None,
) -> Report:
    """Diagnose every run under ``path`` in parallel and add a ``sweep`` section to the report.

    ``path`` is a folder or a storage URL (``s3://bucket/sweep``; fsspec ``storage_options``). ``executor`` is
    ``"processes"`` (a local pool of ``jobs`` processes) or ``"dask"`` (``client``, a ``dask.distributed.Client``,
    or one connected to ``scheduler``, or a new local cluster of ``jobs`` workers). ``stream`` names a JSON-lines
    file that gets one line per run as it is diagnosed; with ``resume`` the runs already complete in it (inputs
    unchanged) are kept and not diagnosed again (see :mod:`curvedoc.engine.stream`). ``settings`` (built once with
    :meth:`Settings.build <curvedoc.engine.config.Settings.build>`) configures every worker, as for
    :func:`curvedoc.diagnose`; the keywords apply on top of it."""
    from curvedoc.importers.discover import discover
    from curvedoc.importers.remote import local_path

    if executor not in EXECUTORS:
        from curvedoc.errors import ConfigError

        raise ConfigError(f"executor {executor!r}: one of {', '.join(EXECUTORS)}")
    if client is not None:
        executor = "dask"
    path = local_path(path)
    settings = resolve_settings(path, select=select, ignore=ignore, params=params, roles=roles,
                                fail_on=fail_on, rules_dirs=rules_dirs, config=config, settings=settings)
    skey = settings_key(settings) if cache or stream is not None else None
    cache_root = (Path(cache_dir) if cache_dir else default_cache_dir()) if cache else None
    # validate in the parent: config errors surface before any work (or were checked by an earlier audit with the
    # same settings, rule files and code: then the detectors need not be imported here)
    n_rules, noted = rules_checked(settings, cache_root, skey)
    with paused_gc():  # a listing of every input: kept to the end, as the results are
        disc = discover(path, storage_options=storage_options)
    specs = disc.specs
    n_jobs = jobs or settings.jobs or os.cpu_count() or 1
    n_jobs = max(1, min(n_jobs, len(specs) or 1))

    if cache_root is not None:
        try:
            cache_root.mkdir(parents=True, exist_ok=True)
        except OSError:
            cache_root = None
    if cache_root is not None and not noted:
        note_rules_checked(cache_root, settings, n_rules, skey)

    from curvedoc.engine import stream as _stream

    if stream is not None:
        from curvedoc.errors import ConfigError

        given = stream
        # a link is followed: the results go where it points (not a new file in place of the link), under one lock
        # per real file whatever link names it
        stream = os.path.realpath(stream)
        if os.path.exists(stream) and not os.path.isfile(stream):
            raise ConfigError(f"{given}: not a regular file (a FIFO, a device or a folder); a results file is "
                              "written and read back by --resume")
        if not os.path.isdir(os.path.dirname(stream)):
            raise ConfigError(f"{given}: the folder {os.path.dirname(stream)} it would be written in does not exist")
    # one audit at a time writes a results file: a second one on the same --out would interleave or lose lines
    lock = _stream.StreamLock(stream) if stream is not None else None
    try:
        keep = _stream.complete(stream) if stream is not None and resume else {}
        keep = {k: v for k, v in keep.items() if not is_transient(v)}  # a worker that died last time: try again
        results: list[list[dict[str, Any]] | None] = [None] * len(specs)
        keys: list[str | None] = [None] * len(specs)
        todo: list[tuple[int, RunSpec, str | None]] = []
        listing = Listings()
        reused: dict[str, list[dict[str, Any]]] = {}
        cached = 0
        with paused_gc():  # the hits read here are plain data, kept to the end
            for i, spec in enumerate(specs):
                cpath = None
                if skey is not None:
                    keys[i] = key = spec_key(spec, skey, listing)
                    if key in keep:  # resumed: done in an earlier (killed) audit with the same inputs
                        results[i] = reused[key] = keep[key]
                        continue
                    if cache_root is not None:
                        cpath = str(cache_root / f"{key}.json")
                        hit = cache_read(cpath)
                        if hit is not None:
                            results[i] = hit
                            cached += 1
                            continue
                todo.append((i, spec, cpath))

        sink = _stream.ResultStream(stream, str(path), reused) if stream is not None else None
        if sink is not None:
            for i, res in enumerate(results):  # cache hits are part of the account too
                if res is not None and keys[i] not in reused:
                    sink.write(keys[i], res)
        bar = _Progress(len(specs), progress)
        bar.update(len(specs) - len(todo))

        def emit(i: int, res: list[dict[str, Any]]) -> None:
            results[i] = res
            if sink is not None:
                sink.write(keys[i], res)
            bar.update()

        try:
            if todo:
                compiled = warm_up(todo)  # Dask workers find numba's cache warmed by this
                run_on = executor_for(executor, n_jobs, len(todo), client=client, scheduler=scheduler,
                                      compiled=compiled)
                run_on.run(settings, todo, emit)
        finally:
            bar.close()
            if sink is not None:
                sink.close()

        with paused_gc():
            report = sweep_report(str(path), results, [Problem.from_dict(p.to_dict()) for p in disc.problems])
        report.sweep = dataclasses.replace(
            report.sweep, jobs=n_jobs, cached_runs=cached,
            resumed_runs=len(specs) - len(todo) - cached if stream is not None else None)
        return report
    finally:
        if lock is not None:
            lock.release()


def report_from_stream(path: str | os.PathLike) -> Report:
    """The sweep report of a results stream written by ``audit --out results.jsonl`` (complete inputs only), without
    reading or diagnosing any run again: ``curvedoc audit results.jsonl --format html --out sweep.html``."""
    from curvedoc.engine import stream as _stream

    target = _stream.target(path) or str(path)
    return sweep_report(target, _stream.complete(path).values(), [])


__all__ = ["audit", "report_from_stream", "sweep_report", "separating_hparams", "sweep_analysis", "name_hparams",
           "default_cache_dir"]
