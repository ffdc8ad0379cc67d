"""Issue 41, round 17: a Dask audit's batches are sized large first and smaller towards the end (fewer tasks, each
costing the cluster milliseconds, and both workers busy to the last run); results come back as batches finish,
every run exactly once; a batch that fails is tried again run by run, and only a run that fails alone too is
reported (worker-died)."""

from __future__ import annotations

import pytest

from curvedoc.engine.executors import DASK_LARGEST_BATCH, chunk_size, dask_batches


@pytest.mark.parametrize("n, workers", [(10000, 2), (3000, 2), (1000, 2), (1000, 7), (48, 2), (5, 2), (1, 1),
                                        (100000, 40)])
def test_batches_cover_every_run_once_largest_first(n, workers):
    sizes = dask_batches(n, workers)
    assert sum(sizes) == n and all(1 <= s <= DASK_LARGEST_BATCH for s in sizes)
    assert sizes == sorted(sizes, reverse=True)  # large first, smaller towards the end
    # the last batches are small next to what each worker still has to do (no worker idles long at the end)
    left = n
    for s in sizes:
        assert s <= max(1, left // (workers * 4))
        left -= s


def test_ten_thousand_runs_take_a_third_of_the_tasks_they_took():
    before = -(-10000 // chunk_size(10000, 2))  # 16 runs a task: 625 tasks
    after = len(dask_batches(10000, 2))
    assert before == 625 and after < 200
    assert dask_batches(0, 2) == []


@pytest.fixture(scope="module")
def threads_client(tmp_path_factory):
    distributed = pytest.importorskip("distributed", reason="dask.distributed not installed: pip install '.[dask]'")
    import dask

    # (its workers' lock files in a folder of the test's own: Dask's default 'dask-scratch-space' in the temporary
    # folder outlives the run)
    space = str(tmp_path_factory.mktemp("dask-space"))
    with dask.config.set({"distributed.worker.profile.enabled": False, "temporary-directory": space}):
        with distributed.Client(processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None,
                                local_directory=space) as c:
            yield c


class _Spec:
    def __init__(self, name):
        self.name, self.root = name, f"/runs/{name}"


def _fake_batch(settings, items, compiled=False):
    """diagnose_batch's stand-in in the (in-process) workers: a batch holding 'poison' fails as a whole."""
    if any(spec.name == "poison" for _, spec, _ in items):
        raise RuntimeError("the worker reading this batch died")
    return [(i, [{"run": spec.name, "batch": len(items)}]) for i, spec, _ in items]


def test_every_run_is_emitted_once_in_the_listed_batch_sizes(threads_client, monkeypatch):
    from curvedoc.engine import cluster, worker

    monkeypatch.setattr(worker, "diagnose_batch", _fake_batch)
    todo = [(i, _Spec(f"r{i}"), None) for i in range(23)]
    got: dict[int, list] = {}

    def emit(i, res):
        assert i not in got  # exactly once
        got[i] = res

    cluster.run(threads_client, None, todo, [10, 8, 3, 2], emit)
    assert sorted(got) == list(range(23))
    # each run came back from the batch it was listed in
    assert [got[i][0]["batch"] for i in range(23)] == [10] * 10 + [8] * 8 + [3] * 3 + [2] * 2
    got.clear()
    cluster.run(threads_client, None, todo, 5, emit)  # a single size still works: 5, 5, 5, 5, 3
    assert sorted(got) == list(range(23)) and got[22][0]["batch"] == 3


def test_a_failed_batch_is_retried_run_by_run_and_only_the_culprit_is_reported(threads_client, monkeypatch):
    from curvedoc.engine import cluster, worker

    monkeypatch.setattr(worker, "diagnose_batch", _fake_batch)
    names = ["a", "b", "poison", "c", "d", "e"]
    todo = [(i, _Spec(n), None) for i, n in enumerate(names)]
    got: dict[int, list] = {}

    def emit(i, res):
        assert i not in got  # exactly once
        got[i] = res

    cluster.run(threads_client, None, todo, [4, 2], emit)
    assert sorted(got) == list(range(6))
    poison = got[2][0]
    assert poison["status"] == "unreadable" and poison["issues"][0]["kind"] == "worker-died"
    assert "RuntimeError" in poison["issues"][0]["message"]
    # the healthy runs of the failed batch came back from tasks of their own; the other batch as it was
    assert [got[i][0]["batch"] for i in (0, 1, 3)] == [1, 1, 1] and [got[i][0]["batch"] for i in (4, 5)] == [2, 2]
