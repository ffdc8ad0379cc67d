"""speed16: a Dask batch runs with glibc's heap thresholds raised when the environment fixed them low.

Dask's nanny starts every worker with MALLOC_TRIM_THRESHOLD_=65536, which also freezes glibc's mmap threshold at
128 KiB: every mid-sized array a run makes was a fresh mmap, ~25-30% of a worker's CPU on the 10,000-run S3 sweep.
"""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from curvedoc.engine import worker


class FakeLibc:
    def __init__(self):
        self.calls = []

    def mallopt(self, param, value):
        self.calls.append(("mallopt", param, value))
        return 1

    def malloc_trim(self, pad):
        self.calls.append(("malloc_trim", pad))
        return 1


@pytest.fixture
def fake_libc(monkeypatch):
    fake = FakeLibc()
    monkeypatch.setitem(worker._HEAP, "libc", fake)
    monkeypatch.setitem(worker._HEAP, "users", 0)
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_", raising=False)
    return fake


def test_the_environments_thresholds_come_back_and_the_memory_is_handed_back(fake_libc, monkeypatch):
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    with worker.roomy_heap():
        assert fake_libc.calls == [("mallopt", -3, 32 << 20), ("mallopt", -1, 64 << 20)]
    # the trim threshold of the environment; the mmap threshold where an environment variable froze it (128 KiB)
    assert fake_libc.calls[2:] == [("mallopt", -1, 65536), ("mallopt", -3, 128 << 10), ("malloc_trim", 0)]


def test_an_mmap_threshold_from_the_environment_is_the_one_put_back(fake_libc, monkeypatch):
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    monkeypatch.setenv("MALLOC_MMAP_THRESHOLD_", "1048576")
    with worker.roomy_heap():
        pass
    assert fake_libc.calls[2:] == [("mallopt", -1, 128 << 10), ("mallopt", -3, 1 << 20), ("malloc_trim", 0)]


def test_glibcs_own_sliding_thresholds_are_left_alone(fake_libc, monkeypatch):
    """Without a threshold in the environment glibc slides its thresholds itself (the process pool's case): a
    mallopt call would switch that off for good, so nothing is called."""
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    with worker.roomy_heap():
        pass
    assert fake_libc.calls == []


def test_a_threshold_that_is_not_a_number_leaves_the_heap_alone(fake_libc, monkeypatch):
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "lots")
    with worker.roomy_heap():
        pass
    assert fake_libc.calls == []


def test_batches_side_by_side_raise_once_and_restore_when_the_last_ends(fake_libc, monkeypatch):
    """A worker with several threads runs batches at once: the thresholds stay raised until the last one ends."""
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen = {}

    def first():
        with worker.roomy_heap():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second():
        first_in.wait(5)
        with worker.roomy_heap():
            second_in.set()
            first_out.wait(5)
            seen["while_second_runs"] = list(fake_libc.calls)

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen["while_second_runs"] == [("mallopt", -3, 32 << 20), ("mallopt", -1, 64 << 20)]
    assert fake_libc.calls[2:] == [("mallopt", -1, 65536), ("mallopt", -3, 128 << 10), ("malloc_trim", 0)]
    assert worker._HEAP["users"] == 0


def test_a_batch_that_raises_still_puts_the_thresholds_back(fake_libc, monkeypatch):
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    with pytest.raises(RuntimeError):
        with worker.roomy_heap():
            raise RuntimeError("a reader bug")
    assert fake_libc.calls[-1] == ("malloc_trim", 0) and worker._HEAP["users"] == 0


_PROBE = """
import ctypes, sys
from curvedoc.engine import worker
libc = ctypes.CDLL(None)
if not hasattr(libc, "mallinfo2"):
    print("no-mallinfo2"); sys.exit(0)
class MI(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                "fsmblks", "uordblks", "fordblks", "keepcost")]
libc.mallinfo2.restype = MI
def mmapped_while_held(n=1 << 20):
    before = libc.mallinfo2().hblks
    b = bytearray(n)
    during = libc.mallinfo2().hblks
    del b
    return during - before
out = [mmapped_while_held()]
with worker.roomy_heap():
    out.append(mmapped_while_held())
out.append(mmapped_while_held())
print(" ".join(map(str, out)))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
def test_on_glibc_a_megabyte_is_kept_on_the_heap_inside_a_batch_only():
    """The real allocator, with the nanny's environment: a 1 MiB block is an mmap of its own before and after a
    batch (the environment's thresholds in force), on the heap inside it."""
    import os

    env = {**os.environ, "MALLOC_TRIM_THRESHOLD_": "65536"}
    env.pop("MALLOC_MMAP_THRESHOLD_", None)
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env, check=True).stdout
    if "no-mallinfo2" in out or not out.strip():
        pytest.skip("not glibc >= 2.33")
    assert out.split() == ["1", "0", "1"], out
