"""Audit on a Dask cluster: batches of run specs go to the workers, findings come back.

    curvedoc audit s3://bucket/sweep --executor dask --scheduler tcp://10.0.0.5:8786
    curvedoc.audit("s3://bucket/sweep", client=dask.distributed.Client(...))

Dask does the scheduling, retries and worker bookkeeping (``dask[distributed]``, the ``dask`` extra; imported only
here). What crosses the network is small both ways: a spec (paths or URLs, sizes, ETags) to a worker, findings and
a 100-point curve back. Each worker reads its runs from storage itself -- a local path every worker sees (a shared
file system), or object storage through fsspec -- never through the client. A ``memory://`` store lives in one
process and is not visible to Dask workers.

What a worker does with a batch is :func:`curvedoc.engine.worker.diagnose_batch`, as in the process pool; the
audit reaches this module through :class:`curvedoc.engine.executors.Dask`.
"""

from __future__ import annotations

from typing import Callable

from curvedoc.engine.config import Settings

CONNECT_SECONDS = 10.0  # to reach a scheduler and complete Dask's handshake with it


def client_for(scheduler: str | None, n_workers: int):
    """A Dask client: connected to ``scheduler`` (an address such as ``tcp://host:8786``), or to a new local
    cluster of ``n_workers`` single-threaded processes when no address is given. Exit-2 errors when dask is
    missing or the scheduler cannot be reached."""
    from curvedoc.errors import ConfigError

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ConfigError("--executor dask needs dask.distributed: pip install 'curvedoc[dask]'") from None
    if scheduler:
        _probe(scheduler, CONNECT_SECONDS)
        try:
            return Client(scheduler, timeout=f"{CONNECT_SECONDS:g}s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise ConfigError(f"--scheduler {scheduler}: cannot connect ({exc})") from None
    import dask

    # Dask's statistical profiler samples every worker thread's stack every 10 ms: for pure-Python work such as
    # reading and diagnosing logs it costs the GIL -- measured on 400 runs, 2 workers: 16.9 s with it, 14.0 s
    # without, 12.4 s for the process pool. A cluster of one's own can turn it off the same way (dask config).
    import shutil
    import tempfile
    import weakref

    # the workers' scratch space (their lock files, spilled data) in a private folder removed with the cluster:
    # Dask's default 'dask-scratch-space' in the temporary folder outlives the audit (issue 39: nothing written
    # outside curvedoc's own staging and cache folders)
    scratch = tempfile.mkdtemp(prefix="curvedoc-dask-")
    with dask.config.set({"distributed.worker.profile.enabled": False, "temporary-directory": scratch}):
        cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=None,
                               host="127.0.0.1", local_directory=scratch)
    weakref.finalize(cluster, shutil.rmtree, scratch, True)
    return Client(cluster)


def _probe(address: str, seconds: float) -> None:
    """Connect to ``address`` and complete Dask's handshake within ``seconds``, or raise ConfigError (exit 2).

    Dask's own connect times out the TCP connection only, then waits for the peer's handshake without limit: a
    port that accepts connections but is not a scheduler (the dashboard's 8787, any web server) hung the audit
    for good, deaf to Ctrl-C. The probe runs in an event loop of its own, so the limit cancels it cleanly."""
    import asyncio

    from distributed.comm import connect
    from distributed.security import Security

    from curvedoc.errors import ConfigError

    async def attempt():
        comm = await connect(address, timeout=seconds, **Security().get_connection_args("client"))
        try:
            info = comm.remote_info or {}
        finally:
            await comm.close()
        return info

    try:
        info = asyncio.run(asyncio.wait_for(attempt(), seconds))
    except asyncio.TimeoutError:
        raise ConfigError(f"--scheduler {address}: no Dask scheduler answered within {seconds:g} s (something "
                          "accepts connections there but does not speak Dask's protocol: the dashboard's port?)") from None
    except (OSError, ValueError, TypeError) as exc:
        raise ConfigError(f"--scheduler {address}: cannot connect ({type(exc).__name__}: {exc})") from None
    except Exception:  # a peer answering something else than Dask's handshake (read as a frame length: any size)
        raise ConfigError(f"--scheduler {address}: not a Dask scheduler (it answered something other than Dask's "
                          "handshake: a web server or the dashboard's port?)") from None
    if not isinstance(info, dict):
        raise ConfigError(f"--scheduler {address}: not a Dask scheduler (unexpected handshake)")


def run(client, settings: Settings, todo: list, chunk: "int | list[int]", emit: Callable[[int, list], None],
        compiled: bool = False) -> None:
    """Fan ``todo`` out in batches -- of ``chunk`` items, or of the sizes ``chunk`` lists, in that order
    (:func:`~curvedoc.engine.executors.dask_batches`) -- and ``emit(index, result)`` once per item as batches finish.

    Each batch's results are fetched by the client's event loop as soon as it is done (``as_completed`` with its
    results), not asked for one by one from this thread.

    A worker that dies (kill -9, the OOM killer) is Dask's to handle first: the scheduler gives its tasks to another
    worker, up to ``distributed.scheduler.allowed-failures`` times. A batch that still fails (``KilledWorker``) may
    hold one run that kills every worker reading it and healthy runs with it, so each of its runs is tried again
    in a task of its own, as the process pool does (:class:`~curvedoc.engine.executors.Isolated`): only a run whose
    own task fails too is an unreadable entry (``worker-died``). Ctrl-C cancels what is left on the cluster before
    it propagates."""
    from distributed import as_completed

    from curvedoc.engine import unreadable_report
    from curvedoc.engine.worker import WORKER_DIED, diagnose_batch

    def submit(batch: list):
        # specs travel without their cache paths: the client writes the cache (a worker may be another machine)
        return client.submit(diagnose_batch, settings, [(i, spec, None) for i, spec, _ in batch], compiled,
                             pure=False)

    sizes = chunk if isinstance(chunk, list) else [chunk] * -(-len(todo) // max(1, chunk))
    futures, start = {}, 0
    for size in sizes:
        if start >= len(todo):
            break
        batch = todo[start:start + size]
        futures[submit(batch)] = batch
        start += size
    if start < len(todo):  # sizes that fall short of todo: the rest in one more batch
        futures[submit(todo[start:])] = todo[start:]
    pending = as_completed(list(futures), with_results=True, raise_errors=False)
    try:
        for fut, got in pending:
            batch = futures.pop(fut)
            failed = fut.status == "error" or fut.cancelled()
            fut.release()
            if failed:  # KilledWorker, a worker that lost its connection...
                exc = got[1] if isinstance(got, tuple) and len(got) == 3 else got
                if len(batch) > 1:  # which run of the batch was to blame is unknown: each alone, once more
                    for item in batch:
                        again = submit([item])
                        futures[again] = [item]
                        pending.add(again)
                    continue
                why = f"{WORKER_DIED} ({type(exc).__name__})"
                got = [(i, [unreadable_report(spec.name, str(spec.root), why, "worker-died").to_dict()])
                       for i, spec, _ in batch]
            for i, res in got:
                emit(i, res)
    except BaseException:
        client.cancel(list(futures))
        raise


__all__ = ["client_for", "run"]
