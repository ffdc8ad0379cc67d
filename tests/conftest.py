"""Settings of the test processes themselves (not of curvedoc), and the layout of the suite.

The tests live in rooms, one folder per part of curvedoc: ``importers/``, ``model/``, ``detectors/`` (one
``test_det_<rule>.py`` per rule, plus ``test_sample_run_table.py``: the rule -> sample runs that must fire / stay
silent table, and the degenerate-inputs table), ``engine/``, ``reporters/``, ``cli/``, ``integrations/``,
``corpus/`` (the sample runs and ../shared/real_runs as a whole) and ``project/`` (house rules: imports, README,
registry, read-only guarantee). Shared helpers stay here at the top: ``_helpers.py`` (runs, detectors, sample
runs, the corpus), ``_families.py`` (synthetic families of sick runs), ``fuzz_profile.py`` (fuzzing); ``data/``
and ``golden/`` hold the fixtures. Every room is put on ``sys.path`` below, so a test imports a helper of another
room's test module by its name (``from test_tfevents import write_events``) wherever it lives and however pytest
was started (one file, one room, the suite).

The suite runs one pytest-xdist worker per core. Left alone, torch (the trainings of
tests/integrations/test_integrations.py, tests/integrations/test_live_agreement.py...) and numpy's OpenBLAS each
start a thread per core in every worker, and their threads spin-wait for one another: on this project's 2-core
machine a tiny MLP's backward pass took ~78 ms a step instead of a few, and the Keras healthy-run test 21.7 s of
CPU instead of 7.4 s. The models and matrices the tests use are far too small to gain from intra-op threads, so
each worker (and every process it starts, which inherits the environment) uses one. Set here, before anything
imports numpy or torch; a value already set is kept.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path

import pytest

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")


# ------------------------------------------------------------------------------------------ scratch files in memory
# The suite writes and removes thousands of scratch files (every fuzz example in a folder of its own, sweeps of 400
# runs, a 1 GB one-line log). On a disk that other work keeps busy, creating and removing them waited on the disk
# more than the tests computed: tests/importers/test_fuzz_importers.py took 51 s alone for 17 s of CPU with /tmp on
# this project's shared disk, 22 s with its files in memory (2026-11-28, load 4, issue 41). Where TMPDIR is not set
# and /dev/shm is a tmpfs with room to spare, the tests' temporary folders (pytest's tmp_path, tempfile's, those of
# the processes they start) go there; a TMPDIR or --basetemp given is kept. pyproject's tmp_path_retention_policy =
# "failed" removes a passing test's folder when it ends, so nothing piles up in memory between runs.
_SCRATCH_ROOM = 4 << 30  # the suite's largest file is 1 GB; a few tests hold theirs at once


def _scratch_in_memory() -> None:
    if os.environ.get("TMPDIR") or not sys.platform.startswith("linux"):
        return
    shm = "/dev/shm"
    try:
        with open("/proc/mounts", encoding="utf-8") as fh:
            tmpfs = any(line.split()[1:3] == [shm, "tmpfs"] for line in fh if len(line.split()) > 2)
        room = os.statvfs(shm)
    except OSError:
        return
    if tmpfs and room.f_bavail * room.f_frsize >= _SCRATCH_ROOM and os.access(shm, os.W_OK | os.X_OK):
        import tempfile

        os.environ["TMPDIR"] = shm
        tempfile.tempdir = None  # gettempdir() reads TMPDIR again


_scratch_in_memory()


# ------------------------------------------------------------------------------------------ the curvedoc under test
# The tests import the curvedoc that is installed (the README installs it with `pip install '.[test]'`, not in
# editable mode), but a test's `python -m curvedoc ...` or `python -c ...` started from the checkout put the checkout
# first on sys.path and ran its copy of the source instead: another copy than the one tested in-process, with no
# bytecode and no numba cache of its own in a fresh clone. In the README command's first run one audit compiled the
# rolling-median kernel for it again (~6 s of CPU, for the same code the installed copy had just compiled). Where the
# installed copy is not the checkout's, the tests' processes leave the current folder and the script's folder off
# sys.path (PYTHONSAFEPATH, Python 3.11+), so each imports the curvedoc the tests import; a PYTHONPATH a test sets
# still comes first. With an editable install, or PYTHONSAFEPATH already set, nothing changes.
def _subprocesses_import_the_tested_curvedoc() -> None:
    import importlib.util

    if "PYTHONSAFEPATH" in os.environ:
        return
    spec = importlib.util.find_spec("curvedoc")
    checkout = Path(__file__).resolve().parents[1] / "curvedoc"
    if spec is not None and spec.origin and Path(spec.origin).resolve().parent != checkout:
        os.environ["PYTHONSAFEPATH"] = "1"


_subprocesses_import_the_tested_curvedoc()



# ------------------------------------------------------------------------------------------ numba's first compile
# numba compiles curvedoc's two kernels (the rolling median, the event-file decoder) the first time a process calls
# them and keeps the machine code in its cache, in the installed package: once per venv, ~13 s of CPU (~6 s and ~5 s,
# plus ~1 s for the read-only buffers tests/importers/test_tfevents_jit.py passes). In the README command's first run
# a worker compiled each in the middle of a test while the suite waited on it. Where numba is installed and its cache
# does not hold the kernels yet, the controller starts one background process at session start that compiles them
# (at a lower priority, so it takes mostly the CPU the suite leaves idle: its waits on processes, timeouts and
# sleeps, the start and the end), holding one file lock per kernel module while it does. A test process that imports
# a kernel module first waits for that lock, then loads the machine code from the cache instead of compiling it a
# second time; if the background process fails, the lock is released with it and the test compiles as before. The
# kernels are still compiled and tested against the numpy paths on the same inputs: only where and when they are
# compiled changes. Nothing starts where the cache is warm (every later run), where numba is absent, or for a run
# that does not collect the kernel tests.
_KERNELS = {  # module -> (its folder under curvedoc/, the functions the warm-up compiles)
    "curvedoc.detectors._rolling_jit": ("detectors", ("sorted_median", "sorted_median_late", "ranked_median",
                                                      "trailing_median", "median_around")),
    "curvedoc.importers._tfrecord_jit": ("importers", ("frame", "_decode", "_data_crc_ok_table", "_data_crc_ok_hw")),
}
_KERNEL_TESTS = ("test_rolling_median.py", "test_det_grad_norm_spikes.py", "test_tfevents_jit.py")
_WARM_LOCKS = "CURVEDOC_TEST_NUMBA_LOCKS"  # os.pathsep-joined lock files, one per module of _KERNELS, in its order
_WARM_CODE = """
import os, sys
import numpy as np
locks = [int(fd) for fd in sys.argv[1:]]
from curvedoc.detectors import _rolling_jit
_rolling_jit.warm()
os.close(locks[0])
from curvedoc.importers import _tfrecord_jit as J, _tfframe
J.warm()
if J.HARDWARE_CRC:  # the read-only buffers tests/importers/test_tfevents_jit.py checks both checksum paths on
    ch = _tfframe.Chunk(bytes(64) + bytes(_tfframe.PAD), 64)
    ok, one = np.empty(1, dtype=np.bool_), np.zeros(1, dtype=np.int64)
    J._data_crc_ok_table(ch.u8, ch.u64, one * 0, one * 0, J.TABLES, ok)
    J._data_crc_ok_hw(ch.u8, ch.u64, one * 0, one * 0, J.TABLES, ok)
os.close(locks[1])
"""
_WARMER: list = []  # the controller's background process, while it runs


def _numba_cache_dir(source_dir: str) -> str:
    """Where numba keeps the machine code of a module of ``source_dir`` (as curvedoc.importers._tfcompiled finds it,
    without importing numba or curvedoc): $NUMBA_CACHE_DIR, else the module's __pycache__, else ~/.cache/numba."""
    import hashlib

    sub = f"{os.path.basename(source_dir)}_{hashlib.sha1(source_dir.encode()).hexdigest()}"
    if os.environ.get("NUMBA_CACHE_DIR"):
        return os.path.join(os.environ["NUMBA_CACHE_DIR"], sub)
    tree = os.path.join(source_dir, "__pycache__")
    if os.access(tree if os.path.isdir(tree) else source_dir, os.W_OK):
        return tree
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "numba", sub)


def _kernels_cached(package: Path) -> bool:
    """numba's cache holds every function the warm-up compiles, written after its module's source was."""
    tag = f"py{sys.version_info[0]}{sys.version_info[1]}"
    for module, (folder, functions) in _KERNELS.items():
        source = package / folder / (module.rsplit(".", 1)[1] + ".py")
        try:
            mtime = source.stat().st_mtime
            names = os.listdir(_numba_cache_dir(str(source.parent)))
        except OSError:
            return False
        stem = source.stem
        for fn in functions:
            found = [n for n in names if n.startswith(f"{stem}.{fn}-") and n.endswith(f".{tag}.nbi")]
            cache = _numba_cache_dir(str(source.parent))
            if not any(os.stat(os.path.join(cache, n)).st_mtime >= mtime for n in found):
                return False
    return True


def _start_warmer(config) -> None:
    import importlib.util
    import subprocess
    import tempfile

    if getattr(config, "workerinput", None) is not None or _WARM_LOCKS in os.environ:
        return
    if os.environ.get("CURVEDOC_TEST_NUMBA_WARM", "1") == "0" or not sys.platform.startswith("linux"):
        return
    spec = importlib.util.find_spec("curvedoc")
    if spec is None or not spec.origin or importlib.util.find_spec("numba") is None:
        return
    here = config.invocation_params.dir
    wanted = [(here / arg.split("::", 1)[0]).resolve() for arg in config.args]
    kernel_tests = [_TEST_FILES[n] for n in _KERNEL_TESTS if n in _TEST_FILES]
    if not any(w == path or w in path.parents for w in wanted for path in kernel_tests):
        return
    if _kernels_cached(Path(spec.origin).parent):
        return
    import fcntl

    folder = tempfile.mkdtemp(prefix="curvedoc-numba-warm-")
    paths, fds = [], []
    for i in range(len(_KERNELS)):
        paths.append(os.path.join(folder, f"{i}.lock"))
        fds.append(os.open(paths[-1], os.O_RDWR | os.O_CREAT, 0o600))
        fcntl.flock(fds[-1], fcntl.LOCK_EX)  # held by the process below (it inherits the open file), not by us

    def lower_priority() -> None:
        os.nice(10)

    try:
        proc = subprocess.Popen([sys.executable, "-c", _WARM_CODE, *map(str, fds)], pass_fds=fds,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                preexec_fn=lower_priority, cwd=folder)
    except OSError:
        proc = None
    for fd in fds:
        os.close(fd)
    if proc is None:
        return
    _WARMER.append((proc, folder))
    os.environ[_WARM_LOCKS] = os.pathsep.join(paths)  # the workers, started after this, inherit it


def _stop_warmer() -> None:
    import shutil

    while _WARMER:
        proc, folder = _WARMER.pop()
        if proc.poll() is None:  # a run that ended before it did: numba writes each cache file whole, or not at all
            proc.terminate()
        proc.wait()
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(_WARM_LOCKS, None)


class _WaitForTheWarmer:
    """An import hook: the first import of a kernel module in this process waits until the background process has
    written that module's machine code to numba's cache (or has ended, or five minutes have passed)."""

    def __init__(self, paths: list[str]):
        self.locks = dict(zip(_KERNELS, paths))

    def find_spec(self, name, path=None, target=None):
        lock = self.locks.pop(name, None)
        if lock is not None:
            import fcntl
            import time

            try:
                fd = os.open(lock, os.O_RDONLY)
            except OSError:
                return None
            try:
                deadline = time.monotonic() + 300
                while True:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() > deadline:
                            break
                        time.sleep(0.05)
            finally:
                os.close(fd)
        if not self.locks and self in sys.meta_path:
            sys.meta_path.remove(self)
        return None  # the import itself is left to the usual finders


def _wait_for_the_warmer() -> None:
    paths = os.environ.get(_WARM_LOCKS)
    if paths and not any(isinstance(f, _WaitForTheWarmer) for f in sys.meta_path):
        sys.meta_path.insert(0, _WaitForTheWarmer(paths.split(os.pathsep)))


# ------------------------------------------------------------------------------------------ xdist scheduling
# `--dist loadfile` (pyproject's addopts) sends whole test files to a worker, so a module's fixtures (the moto S3
# server, the Dask cluster, the audits they are compared with) are built once, not once per worker. This
# scheduler refines it in two ways:
# - every file that reads ../shared/real_runs through tests/_helpers.py (`real_runs()`, `label_check()`...) goes to one
#   worker as one unit: the corpus is loaded once per process (~7.5 s of CPU, mostly the text logs), and with
#   per-test distribution each worker loaded it;
# - units start in order of their expected cost, longest first (the corpus unit, then the files that start
#   processes, clusters and trainings, then the rest by number of tests), so no long file starts last while the
#   other worker sits idle.
# xdist's `loadgroup` would do the grouping from marks, but with pytest 9 it silently groups nothing
# (pytest-xdist#1386: it renames `item._nodeid`, which pytest 9 no longer reads). `pytest --dist load` still gives
# xdist's own per-test distribution.

_TESTS = Path(__file__).resolve().parent
_CORPUS_UNIT = "tests/[real_runs corpus]"
# the rooms: every folder of tests/ that holds test files (data/ and golden/ hold none)
_ROOMS = sorted(p for p in _TESTS.iterdir() if p.is_dir() and any(p.glob("test_*.py")))
for _room in _ROOMS:
    if str(_room) not in sys.path:
        sys.path.append(str(_room))
# test file name -> its path: names are unique across rooms (pytest imports a test module by its name)
_TEST_FILES = {p.name: p for room in _ROOMS for p in room.glob("test_*.py")}


def _corpus_helpers() -> set[str]:
    """The functions of tests/_helpers.py that load the corpus: ``_load_real_runs`` and, transitively, those that
    call it (``real_runs``, ``real_run``, ``label_check``...)."""
    import ast

    tree = ast.parse((_TESTS / "_helpers.py").read_text(encoding="utf-8"))
    funcs = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    called = {name: {c.func.id for c in ast.walk(f) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
              for name, f in funcs.items()}
    users = {"_load_real_runs"}
    while grown := {name for name, calls in called.items() if name not in users and calls & users}:
        users |= grown
    return users


_CORPUS_USE = re.compile(r"(?<!\w)(?:%s)\(" % "|".join(sorted(map(re.escape, _corpus_helpers()))))
# measured CPU (2026-11-28, issue 41), most first: these start subprocesses, Dask clusters, DDP trainings
_LONG_FIRST = ("test_storage.py", "test_lightning_ddp.py", "test_fuzz_importers.py", "test_watch_agreement.py",
               "test_textlog_shapes.py", "test_audit.py", "test_torture.py", "test_integrations.py",
               "test_mlflow_db.py", "test_watch.py", "test_tfevents.py", "test_unseen_families.py",
               "test_jsonlog.py", "test_live_agreement.py", "test_fuzz_surfaces.py", "test_textlog.py")


@functools.lru_cache(maxsize=None)
def _uses_the_corpus(filename: str) -> bool:
    path = _TEST_FILES.get(filename)
    return path is not None and bool(_CORPUS_USE.search(path.read_text(encoding="utf-8", errors="replace")))


def _unit_of(nodeid: str) -> str:
    file = nodeid.split("::", 1)[0]
    return _CORPUS_UNIT if _uses_the_corpus(Path(file).name) else file


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class CurvedocScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _unit_of(nodeid)

        def _assign_work_unit(self, node) -> None:
            if not getattr(self, "_ordered", False):  # the queue is complete before the first assignment
                units = list(self.workqueue.items())
                self.workqueue.clear()
                self.workqueue.update(sorted(units, key=_rank))
                self._ordered = True
            super()._assign_work_unit(node)

    return CurvedocScheduling(config, log)


def _rank(unit: tuple[str, dict]) -> tuple:
    scope, tests = unit
    name = Path(scope).name
    if scope == _CORPUS_UNIT:
        return (0, 0, 0)
    if name in _LONG_FIRST:
        return (1, _LONG_FIRST.index(name), 0)
    return (2, 0, -len(tests))


# ------------------------------------------------------------------------------------------ the first collection
# Every worker collects the whole suite. In a fresh clone no test module has bytecode yet, and each worker rewrote the
# asserts of all ~2 MB of test modules and compiled them itself, at the same moment and in the same order, so neither
# found what the other had just written: ~5 s of CPU a worker instead of ~2 on later runs (issue 41, the README
# command's first run). Workers of odd number import the modules their collection will import in reverse order
# first, through pytest's own import hook (which writes the rewritten bytecode to __pycache__ as always): the two
# meet in the middle, and each compiles about half and loads the other half from what the other wrote. pytest's
# collection then finds each module imported, under the same name from the same file, as it does when one test
# module imports another. Only when bytecode is written, and never for a module the collection would not import.
@pytest.hookimpl(tryfirst=True)
def pytest_collection(session):
    config = session.config
    worker = getattr(config, "workerinput", {}).get("workerid", "")
    if sys.dont_write_bytecode or not worker[2:].isdigit() or int(worker[2:]) % 2 == 0:
        return
    if config.getoption("ignore", None) or config.getoption("ignore_glob", None) or config.getoption("pyargs", False):
        return
    import importlib

    here = config.invocation_params.dir
    wanted = [(here / arg.split("::", 1)[0]).resolve() for arg in config.args]
    for path in sorted(_TEST_FILES.values(), reverse=True):
        if path.stem not in sys.modules and any(w == path or w in path.parents for w in wanted):
            try:
                importlib.import_module(path.stem)
            except (Exception, pytest.skip.Exception, pytest.fail.Exception):
                pass  # not imported: the collection imports it again and reports what it raises


# ------------------------------------------------------------------------------------------ the collector
# What is alive once the suite is collected -- the test modules, curvedoc, numpy, pandas, the ~6,000 items:
# 400,000-560,000 objects a worker -- lives to the end, yet every full collection of the cyclic garbage collector
# walked it again: ~3 s of CPU a worker in ~20-55 full collections (issue 41, gc.callbacks over the README command).
# Frozen (gc.freeze) after collection, it is no longer walked; what the tests make is collected as before.
def pytest_collection_finish(session):
    import gc

    gc.collect()
    gc.freeze()


def pytest_configure(config):
    _start_warmer(config)
    _wait_for_the_warmer()


def pytest_unconfigure(config):
    _stop_warmer()
