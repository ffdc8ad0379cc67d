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
    return _unit_of_file(nodeid.split("::", 1)[0])


@functools.lru_cache(maxsize=None)
def _unit_of_file(file: str) -> str:
    """(once per file: the scheduler asks twice per test, ~18,000 times in the controller)"""
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


# What the tests leave alive grows as well: modules imported on first use (numba and its compiled kernels, scipy,
# matplotlib), the real-runs corpus, curvedoc's caches -- and every full collection walked it again, ~8 s of CPU in
# the worker that ran the corpus and 4.5 s in the other (issue 41, round 21: 54 and 85 full collections, single
# pauses up to 0.27 s). When a test file is done (its module fixtures torn down), what is still alive is as
# long-lived as what collection made: collected once and frozen too, so each full collection walks what the tests of
# one file made, not the whole session -- 12.7 -> 5.6 s of collection over both workers, the longest pause 0.15 s,
# the same peak memory. Garbage is collected first; what the tests make is collected as before.
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    yield
    if nextitem is None or getattr(nextitem, "module", None) is not getattr(item, "module", None):
        import gc

        gc.collect()
        gc.freeze()
