"""Where an audit's inputs are diagnosed: one interface, four executors.

    executor = executor_for("processes", n_jobs=4, n_items=len(todo))
    executor.run(settings, todo, emit)     # emit(index, result) for each item as it finishes

An item is ``(index, spec, cache_path)``; a result is what :func:`curvedoc.engine.worker.work` returns for it.
Every executor calls ``emit`` exactly once per item, and writes the cache entry of each result that is not an
infrastructure failure (``cache_path`` is None when the cache is off):

* :class:`InProcess` -- in this process, one item after the other (one job, or one input);
* :class:`ProcessPool` -- a local pool of processes; when a worker dies (the OOM killer, kill -9) the items it may
  have held get one more try in :class:`Isolated`;
* :class:`Isolated` -- each item in a process of its own: a process that dies costs only its run;
* :class:`Dask` -- batches on a Dask cluster (:mod:`curvedoc.engine.cluster`); the client writes the cache, since a
  worker may be another machine.

SIGTERM to the audit (a job scheduler's cancel) ends it like Ctrl-C, taking the workers down with it
(:class:`terminate_on_sigterm`).
"""

from __future__ import annotations

import multiprocessing as mp
from typing import Any, Callable, Protocol

from curvedoc.engine import cache, unreadable_report
from curvedoc.engine.config import Settings
from curvedoc.engine.worker import WORKER_DIED, init_worker, is_transient, work, work_batch

Emit = Callable[[int, list], None]

EXECUTORS = ("processes", "dask")  # the names a user chooses from (--executor)


class Executor(Protocol):
    def run(self, settings: Settings, todo: list, emit: Emit) -> None:
        """Diagnose every ``(index, spec, cache_path)`` item of ``todo``, calling ``emit(index, result)`` for each."""


def executor_for(name: str, n_jobs: int, n_items: int, *, client=None, scheduler: str | None = None,
                 compiled: bool = False) -> Executor:
    """The executor for ``--executor name`` with ``n_jobs`` workers and ``n_items`` inputs to diagnose:
    ``"dask"`` -> :class:`Dask`; ``"processes"`` -> :class:`InProcess` for one job or one input, else
    :class:`ProcessPool`. ``compiled``: the parent readied the compiled rolling median (:func:`worker.warm_up`)."""
    if name == "dask":
        return Dask(client=client, scheduler=scheduler, n_jobs=n_jobs, compiled=compiled)
    if n_jobs == 1 or n_items == 1:
        return InProcess()
    return ProcessPool(n_jobs, compiled)


def memory_per_run(settings: Settings, workers: int) -> int | None:
    """The memory guard's budget per run with ``workers`` processes at once (``max-memory-mb``)."""
    from curvedoc._guard import max_memory_bytes

    return max_memory_bytes(settings, workers)


def chunk_size(n_items: int, workers: int) -> int:
    """Runs per task: about 8 tasks per worker (load balance), at most 16 runs (a slow run does not hold up many)."""
    return max(1, min(16, n_items // (workers * 8) or 1))


DASK_LARGEST_BATCH = 64  # runs per Dask task at most (~1 s of a worker's time on the 300-step S3 sweep)


def dask_batches(n_items: int, workers: int, largest: int = DASK_LARGEST_BATCH) -> list[int]:
    """The runs of each Dask task, in the order they are submitted: large first, smaller towards the end (guided
    self-scheduling: a quarter of each worker's share of what is left, at most ``largest``, at least 1).

    Every task costs the cluster several milliseconds of CPU wherever it goes (the client's submit and gather, the
    scheduler's transitions, the worker's messages): 625 tasks of 16 runs for 10,000 runs, ~190 this way. Smaller
    tasks at the end keep both workers busy to the last run, and a worker killed mid-audit loses one task's work."""
    sizes, left = [], n_items
    while left > 0:
        size = min(left, max(1, min(largest, left // (max(1, workers) * 4))))
        sizes.append(size)
        left -= size
    return sizes


def _context():
    return mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()


class InProcess:
    """In this process: the memory guard ``init_worker`` sets is restored when it ends (the reading context is
    passed to each read, never put in force for the process)."""

    def run(self, settings: Settings, todo: list, emit: Emit) -> None:
        guard = init_worker(settings, memory_per_run(settings, 1))
        try:
            for item in todo:
                emit(*work(item))
        finally:
            guard.restore()


class ProcessPool:
    """A pool of ``n_jobs`` worker processes (forked where the platform can); items whose worker died are tried
    once more, each in a process of its own (:class:`Isolated`)."""

    def __init__(self, n_jobs: int, compiled: bool = False):
        self.n_jobs, self.compiled = n_jobs, compiled

    def run(self, settings: Settings, todo: list, emit: Emit) -> None:
        ctx = _context()
        with terminate_on_sigterm():
            lost = self._round(ctx, settings, todo, chunk_size(len(todo), self.n_jobs), emit)
            if lost:
                # a worker died (OOM killer, kill -9): the pool cannot say which runs it was reading, so every
                # run not finished gets one more try, each in a fresh process of its own; a run whose process
                # dies again is reported, and the audit finishes
                Isolated(self.n_jobs).run_in(ctx, settings, lost, emit)

    def _round(self, ctx, settings: Settings, todo: list, chunk: int, emit: Emit) -> list:
        """Run ``todo`` in a pool; return the items not finished when a worker died (empty when none did).

        multiprocessing.Pool replaces a dead worker but loses its tasks, and the iterator then waits forever: the
        worker pids are watched, and a replaced one ends the round."""
        n_jobs = self.n_jobs
        done: set[int] = set()
        batches = [todo[a:a + chunk] for a in range(0, len(todo), chunk)]
        initargs = (settings, memory_per_run(settings, n_jobs), self.compiled)
        with ctx.Pool(n_jobs, initializer=init_worker, initargs=initargs) as pool:
            pids = {p.pid for p in pool._pool}
            # batches of our own with chunksize 1: with chunksize > 1 imap_unordered returns a plain generator,
            # which has no next(timeout)
            it = pool.imap_unordered(work_batch, batches, chunksize=1)
            while len(done) < len(todo):
                try:
                    got = it.next(timeout=0.5)
                except mp.TimeoutError:
                    if {p.pid for p in pool._pool} != pids or any(p.exitcode not in (None, 0) for p in pool._pool):
                        break
                    continue
                except StopIteration:
                    break
                for i, res in got:
                    done.add(i)
                    emit(i, res)
        return [item for item in todo if item[0] not in done]


def _isolated_child(settings, item, conn, memory=None) -> None:
    try:
        init_worker(settings, memory)
        conn.send(work(item))
    finally:
        conn.close()


class Isolated:
    """Each item in a process of its own (``n_jobs`` at a time): a process that dies costs only its run, which is
    reported as unreadable (``worker-died``)."""

    def __init__(self, n_jobs: int):
        self.n_jobs = n_jobs

    def run(self, settings: Settings, todo: list, emit: Emit) -> None:
        with terminate_on_sigterm():
            self.run_in(_context(), settings, todo, emit)

    def run_in(self, ctx, settings: Settings, todo: list, emit: Emit) -> None:
        from multiprocessing.connection import wait

        n_jobs = self.n_jobs
        queue = list(todo)
        memory = memory_per_run(settings, n_jobs)
        running: dict[Any, tuple[Any, tuple]] = {}
        while queue or running:
            while queue and len(running) < n_jobs:
                item = queue.pop(0)
                r, w = ctx.Pipe(duplex=False)
                proc = ctx.Process(target=_isolated_child, args=(settings, item, w, memory), daemon=True)
                proc.start()
                w.close()
                running[r] = (proc, item)
            for r in wait(list(running), timeout=1.0):
                proc, item = running.pop(r)
                try:
                    i, res = r.recv()
                except (EOFError, OSError):
                    i, res = item[0], None
                r.close()
                proc.join(timeout=5)
                if res is None:
                    spec = item[1]
                    code = proc.exitcode
                    why = WORKER_DIED + (f" (exit signal {-code})" if isinstance(code, int) and code < 0 else "")
                    res = [unreadable_report(spec.name, str(spec.root), why, "worker-died").to_dict()]
                emit(i, res)


class Dask:
    """Batches on a Dask cluster: ``client`` (a ``dask.distributed.Client``), or one connected to ``scheduler``, or
    a new local cluster of ``n_jobs`` workers; a client made here is closed with its cluster at the end.
    ``compiled``: the audit is large enough for the compiled rolling median (:func:`worker.warm_up`), which each
    worker then readies once, as the pool's workers inherit it from the parent."""

    def __init__(self, client=None, scheduler: str | None = None, n_jobs: int = 1, compiled: bool = False):
        self.client, self.scheduler, self.n_jobs, self.compiled = client, scheduler, n_jobs, compiled

    def run(self, settings: Settings, todo: list, emit: Emit) -> None:
        from curvedoc.engine import cluster

        own = self.client is None
        dclient = self.client if not own else cluster.client_for(self.scheduler, self.n_jobs)
        workers = max(1, len(dclient.scheduler_info().get("workers", {})) or self.n_jobs)
        cache_paths = {i: cpath for i, _, cpath in todo}

        def emit_and_cache(i, res):
            if cache_paths[i] and not is_transient(res):  # a path only when the cache is on
                cache.write(cache_paths[i], res)
            emit(i, res)

        try:
            with terminate_on_sigterm():
                cluster.run(dclient, settings, todo, dask_batches(len(todo), workers), emit_and_cache,
                            compiled=self.compiled)
        finally:
            if own:
                cl = getattr(dclient, "cluster", None)
                dclient.close()
                if cl is not None:
                    cl.close()


class terminate_on_sigterm:
    """SIGTERM to the audit (a job scheduler's cancel) ends it like Ctrl-C: the executors' with-blocks terminate the
    workers on the way out instead of leaving them running as orphans. Main thread only; restored after."""

    def __enter__(self):
        import signal
        import threading

        self._old = None
        if threading.current_thread() is threading.main_thread():
            def handler(signum, frame):
                raise SystemExit(128 + signum)

            self._old = signal.signal(signal.SIGTERM, handler)
        return self

    def __exit__(self, *exc):
        import signal

        if self._old is not None:
            signal.signal(signal.SIGTERM, self._old)
        return False


__all__ = ["EXECUTORS", "Dask", "Executor", "InProcess", "Isolated", "ProcessPool", "chunk_size", "dask_batches",
           "executor_for", "memory_per_run", "terminate_on_sigterm"]
