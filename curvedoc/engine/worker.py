"""What one audit worker does: read an input (a run spec), diagnose every run in it, send back plain dicts.

    init_worker(settings)                 # once per worker process: the plan, the ReadContext, the memory guard
    index, result = work((index, spec, cache_path))
    diagnose_batch(settings, items)       # a Dask worker's task: the same for a batch, plan built once per settings
    diagnose_spec(spec, plan, context)    # the body of both, everything it uses passed in

A result is a list of findings-only :class:`RunReport` dicts (plus a 100-point curve per loss for the overview plot
and a fingerprint of the curves) or ``{"_problem": ...}`` for a readable file that is not a training log; nothing
holds a run's frame after its diagnosis, so a worker's memory stays bounded by one run. Each input is bounded by
the per-run time guard (``max-seconds``); a result that says an infrastructure failure (:func:`is_transient`) is
never cached. :func:`warm_up` readies the compiled kernels once in the parent before the workers start.

Every executor (:mod:`curvedoc.engine.executors`) runs these functions. The only per-process state of an audit is
what a pool worker was initialised with (:func:`init_worker`: the plan and the reading context, both built from the
frozen settings); it is handed to :func:`diagnose_spec` explicitly, and a Dask batch passes its own (nothing of one
audit's reading limits is left in force for the next).
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import multiprocessing as mp
import os
import threading
from typing import Any, Iterator

from curvedoc.engine import Plan, diagnose_run, unreadable_report
from curvedoc.engine import cache
from curvedoc.engine.config import Settings
from curvedoc.importers import ReadContext, RunSpec, reading_context

CURVE_POINTS = 100

# a worker that died (killed, out of memory, a lost Dask worker): the message of each run it was reading
WORKER_DIED = ("the worker process reading this run died twice (killed, or out of memory?); the rest of the "
               "audit went on")

# what init_worker gave this worker process: (the plan, the reading context), read by work()
_STATE: "tuple[Plan, ReadContext] | None" = None
_PLANS: dict[str, Plan] = {}  # a long-lived (Dask) worker's plans, one per settings it has been sent


def init_worker(settings: Settings, memory: int | None = None, compiled: bool = False) -> Any:
    """Per worker process: the plan, the size guard and the memory guard (``memory`` bytes per run on top of what
    the process holds) for the worker's lifetime; returns the memory guard (the in-process path restores it).
    ``compiled``: the parent readied the compiled rolling median (a forked worker has it already, a spawned one
    loads it from numba's cache)."""
    global _STATE
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and mp.parent_process() is not None:
        # a worker process forked from an audit inherits the parent's SIGTERM handler (executors.terminate_on_sigterm,
        # which raises SystemExit wherever Python happens to be): Pool.terminate() must kill a worker outright, as stock
        # multiprocessing does -- a SystemExit raised inside the task queue's lock left a worker blocked on it and
        # the audit waiting forever for it to end
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    context = reading_context(settings)  # the size guard and the event-file reader, for the worker's life
    if compiled:
        from curvedoc.detectors import prepare_rolling_median

        prepare_rolling_median()
    _STATE = (Plan.build(settings), context)
    from curvedoc._guard import MemoryGuard

    return MemoryGuard(memory)  # last: the plan and its imports count as what the process holds


# ------------------------------------------------------------------------------------------ a Dask worker's heap
#
# Dask's nanny starts every worker process with MALLOC_TRIM_THRESHOLD_=65536 (``distributed.nanny.pre-spawn-environ``)
# so that memory a task frees goes back to the system at once. Any such variable also turns off glibc's sliding
# mmap threshold, which then stays at 128 KiB: every array a run's reading and rules make above that is a fresh
# mmap (zeroed pages, page faults) and every free a munmap or a trim. For curvedoc's many mid-sized arrays that cost
# 25-30% of a worker's CPU (one thread, 350 local runs: 9.0-9.4 ms a run with glibc's defaults, 11.7-12.2 ms under
# the nanny's setting, 9.1-9.8 ms with the thresholds below for each batch of 16). So while a batch runs, the heap
# keeps what it frees (the thresholds glibc's own sliding rule reaches), and when the worker's last batch ends the
# process's thresholds are put back and the free memory is handed back (malloc_trim), as Dask wants between tasks.
# Only where glibc runs with thresholds fixed by the environment: glibc's defaults are left alone.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # mallopt's parameter numbers (malloc.h)
_ROOMY_MMAP, _ROOMY_TRIM = 32 << 20, 64 << 20  # glibc's largest sliding mmap threshold (64-bit) and twice it
_GLIBC_MMAP_DEFAULT, _GLIBC_TRIM_DEFAULT = 128 << 10, 128 << 10
_HEAP = {"users": 0, "lock": threading.Lock()}


def _fixed_heap_thresholds() -> "tuple[Any, int, int] | None":
    """(libc, trim threshold, mmap threshold) when this process runs glibc with malloc thresholds fixed by the
    environment (MALLOC_TRIM_THRESHOLD_ / MALLOC_MMAP_THRESHOLD_, as a Dask nanny sets); else None."""
    trim, mmap = os.environ.get("MALLOC_TRIM_THRESHOLD_"), os.environ.get("MALLOC_MMAP_THRESHOLD_")
    if trim is None and mmap is None:
        return None
    if "libc" not in _HEAP:
        libc = None
        try:
            import ctypes
            import sys

            if sys.platform.startswith("linux"):
                lib = ctypes.CDLL(None)
                if all(hasattr(lib, f) for f in ("gnu_get_libc_version", "mallopt", "malloc_trim")):
                    libc = lib
        except (OSError, AttributeError):
            libc = None
        _HEAP["libc"] = libc
    if _HEAP["libc"] is None:
        return None
    try:
        return (_HEAP["libc"], int(trim) if trim is not None else _GLIBC_TRIM_DEFAULT,
                int(mmap) if mmap is not None else _GLIBC_MMAP_DEFAULT)
    except ValueError:
        return None


@contextlib.contextmanager
def roomy_heap() -> Iterator[None]:
    """For the length of a Dask batch: glibc's heap keeps what the runs free (see above); the environment's
    thresholds come back, and the free memory goes back to the system, when the process's last batch ends (a
    worker with several threads runs batches side by side). Does nothing without thresholds fixed by the
    environment, or off glibc."""
    fixed = _fixed_heap_thresholds()
    if fixed is None:
        yield
        return
    libc, trim, mmap = fixed
    with _HEAP["lock"]:
        _HEAP["users"] += 1
        if _HEAP["users"] == 1:
            libc.mallopt(_M_MMAP_THRESHOLD, _ROOMY_MMAP)
            libc.mallopt(_M_TRIM_THRESHOLD, _ROOMY_TRIM)
    try:
        yield
    finally:
        with _HEAP["lock"]:
            _HEAP["users"] -= 1
            if _HEAP["users"] == 0:
                libc.mallopt(_M_TRIM_THRESHOLD, trim)
                libc.mallopt(_M_MMAP_THRESHOLD, mmap)
                libc.malloc_trim(0)


def diagnose_batch(settings: Settings, items: list, compiled: bool = False) -> list:
    """A Dask worker's task: ``work`` on each ``(index, spec, cache_path)`` item. The plan is built once per worker
    process and settings (a worker outlives one audit and may serve several); the batch is read with its own
    audit's :class:`~curvedoc.importers.context.ReadContext`, passed to every read, so nothing of one audit's
    reading limits stays for the next. ``compiled``: the audit is large enough for the compiled rolling median
    (:func:`warm_up` readied it in the client), which the worker then loads once, as a forked pool worker inherits
    it (without it a Dask worker computed every rolling median the slower way: ~1 ms of CPU a run). The batch runs
    in :func:`roomy_heap`."""
    if compiled:  # loaded once per worker process (prepare_rolling_median is a no-op after that, or without numba)
        from curvedoc.detectors import prepare_rolling_median

        prepare_rolling_median()
    key = repr(settings)
    if key not in _PLANS:
        _PLANS[key] = Plan.build(settings)
    plan, context = _PLANS[key], reading_context(settings)
    with roomy_heap():  # Dask's nanny fixed glibc's malloc thresholds low: see roomy_heap
        return [_work(item, plan, context) for item in items]


def _curve(run, role: str) -> list[list[float]] | None:
    import numpy as np

    if role not in run.roles:
        return None
    from curvedoc.detectors import downsample

    s = run.series(role)
    if len(s) == 0:
        return None
    d = downsample(s, CURVE_POINTS)
    v = d.to_numpy(dtype=np.float64)
    return [[int(st), (float(x) if math.isfinite(x) else None)] for st, x in zip(d.index.to_numpy(), v)]


def _fingerprint(run) -> str | None:
    """Identical curves => identical fingerprint (seed not varied, or the same run copied twice)."""
    import numpy as np

    if "train_loss" not in run.roles:
        return None
    h = hashlib.sha1()
    for role in ("train_loss", "val_loss"):
        if role in run.roles:
            s = run.series(role)
            h.update(s.index.to_numpy(np.int64).tobytes())
            h.update(np.round(s.to_numpy(np.float64), 6).astype(np.float32).tobytes())
    return h.hexdigest()


def diagnose_spec(spec: RunSpec, plan: Plan, context: ReadContext) -> list[dict[str, Any]]:
    """Worker body: read one spec with ``context``, diagnose every run in it with ``plan``, return plain dicts (no
    frames).

    Bounded by the per-run time guard (``max-seconds``): a spec that takes longer is one unreadable entry.
    """
    from curvedoc._guard import RunTimeout, max_seconds, time_guard

    try:
        with time_guard(max_seconds(plan.settings)):
            return _diagnose_spec_unguarded(spec, plan, context)
    except RunTimeout as exc:
        return [unreadable_report(spec.name, str(spec.root), exc.reason, "timeout").to_dict()]


# what went wrong around a run rather than in it: a worker that died (killed, a lost Dask worker), the time
# limit (the machine's load), the memory guard (its share depends on the machine and the number of workers), a
# fetch from object storage that failed (the network), a store that kept changing while it was copied. Such a
# result is reported, never cached nor kept by --resume: the next audit tries the run again.
TRANSIENT_KINDS = frozenset({"worker-died", "timeout", "out-of-memory", "fetch-failed", "store-busy"})


def is_transient(result: list[dict[str, Any]]) -> bool:
    """The result says an infrastructure failure (:data:`TRANSIENT_KINDS`), not something about the inputs."""
    return any(i.get("kind") in TRANSIENT_KINDS for d in result if isinstance(d, dict)
               for i in (d.get("issues") or []) if isinstance(i, dict))


def _diagnose_spec_unguarded(spec: RunSpec, plan: Plan, context: ReadContext) -> list[dict[str, Any]]:
    from curvedoc.errors import LoadError
    from curvedoc.importers import not_a_log, read_spec

    try:
        runs = read_spec(spec, plan.settings.roles, context)
    except LoadError as exc:
        if not_a_log(spec, exc):
            # a readable file that is simply not a training log (config.csv, predictions.json): a problem
            # of discovery, not a broken run -- the same rule as diagnose (importers.load_all)
            return [{"_problem": {"path": exc.path, "reason": exc.reason, "kind": exc.kind}}]
        return [unreadable_report(spec.name, exc.path, exc.reason, exc.kind).to_dict()]
    except Exception as exc:  # pragma: no cover - read_spec already wraps reader bugs
        return [unreadable_report(spec.name, str(spec.root), f"{type(exc).__name__}: {exc}", "internal-error").to_dict()]
    out = []
    for run in runs:
        rr = diagnose_run(run, plan, keep_run=False)
        d = rr.to_dict()
        d["_curves"] = {r: c for r in ("train_loss", "val_loss") if (c := _curve(run, r))}
        d["_fingerprint"] = _fingerprint(run)
        out.append(d)
    return out


def work(item: tuple[int, RunSpec, str | None]) -> tuple[int, list[dict[str, Any]]]:
    """A pool worker's task: one ``(index, spec, cache_path)`` item with what :func:`init_worker` set up."""
    if _STATE is None:
        raise RuntimeError("work() runs in a process set up by init_worker(settings)")
    return _work(item, *_STATE)


def _work(item: tuple[int, RunSpec, str | None], plan: Plan, context: ReadContext) -> tuple[int, list[dict[str, Any]]]:
    idx, spec, cache_path = item
    result = diagnose_spec(spec, plan, context)
    if cache_path and not is_transient(result):  # a timeout depends on the machine's load: retry next time
        cache.write(cache_path, result)
    return idx, result


def work_batch(items: list) -> list:
    """:func:`work` on each item (a process pool's task: fewer, larger tasks)."""
    return [work(item) for item in items]


COMPILED_ROLLING_RUNS = 200  # inputs from which an audit readies the compiled rolling median


def warm_up(todo) -> bool:
    """Ready the compiled kernels (``curvedoc[fast]``, numba) once, before the workers start, so none of them compiles
    them on its own (a no-op without numba): the event-file decoder with a gigabyte or more of local event files to
    read, the detectors' rolling median with ``COMPILED_ROLLING_RUNS`` inputs or more (it saves ~5 ms of CPU per
    run and costs ~0.5 s to load once). True when the rolling median is ready."""
    from curvedoc.detectors import prepare_rolling_median
    from curvedoc.importers import prepare_event_decoder

    total = 0
    for _, spec, _ in todo:
        if spec.format == "tfevents":
            for f in spec.files:
                try:
                    total += os.stat(f).st_size
                except (OSError, TypeError, ValueError):
                    pass
    prepare_event_decoder(total)
    return len(todo) >= COMPILED_ROLLING_RUNS and prepare_rolling_median()


