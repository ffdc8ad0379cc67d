"""Fuzzing every importer: random bytes, mutations of valid files, hostile numbers and structurally
hostile inputs (deep nesting, 10 MB lines, invalid UTF-8, NUL bytes, empty files...).

Contract (see ``fuzz_profile.check_contract``): ``read_spec`` returns Run(s) or raises ``LoadError``
naming the file and the reason in one line -- never another exception, never a reader crash that
``read_spec`` had to wrap as ``internal-error``, never a hang (SIGALRM bound per example), memory
bounded. ``load_all`` on the folder (discovery + reader) never raises either.

Profiles: the default ``ci`` profile is deterministic and quick; ``CURVEDOC_FUZZ=long pytest
tests/importers/test_fuzz_importers.py`` runs 50x the examples with fresh randomness. Long unattended runs:
``scripts/fuzz_atheris.py``.
"""

from __future__ import annotations

import gc
import json
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

import pytest
import yaml
from fuzz_profile import (
    MB,
    OP_KINDS,
    TARGETS,
    TEXT_TARGETS,
    check_contract,
    check_discovery,
    check_spec,
    examples,
    mutate,
    special_inputs,
    time_limit,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import curvedoc
from curvedoc.errors import LoadError

NAMES = sorted(TARGETS)
SEEDS = [TARGETS[n].seed for n in NAMES]

ops_strategy = st.lists(
    st.tuples(st.sampled_from(OP_KINDS), st.integers(0, 1 << 20), st.integers(0, 1 << 16), st.integers(0, 255)),
    min_size=1, max_size=5,
)


# ------------------------------------------------------------------------------------------ seeds


@pytest.mark.parametrize("name", NAMES)
def test_seed_is_a_valid_run(name):
    """Fuzzing starts from files each reader reads cleanly, with a training loss."""
    out = check_contract(TARGETS[name], TARGETS[name].seed)
    assert isinstance(out, list) and out, out
    assert any("train_loss" in r.roles for r in out), [r.tags for r in out]
    assert not [i for r in out for i in r.issues if i.severity == "error"]


# ------------------------------------------------------------------------------------------ hypothesis


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(12), deadline=None)
@given(data=st.binary(max_size=2048))
def test_random_bytes(name, data):
    check_contract(TARGETS[name], data, discovery=False)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(30), deadline=None)
@given(ops=ops_strategy, partner=st.integers(0, len(SEEDS) - 1), discovery=st.booleans())
def test_mutated_valid_file(name, ops, partner, discovery):
    t = TARGETS[name]
    check_contract(t, mutate(t.seed, ops, SEEDS[partner]), discovery=discovery)


@pytest.mark.parametrize("name", TEXT_TARGETS)
@settings(max_examples=examples(12), deadline=None)
@given(ops=st.lists(st.tuples(st.just("number"), st.integers(0, 1 << 16), st.integers(0, 0), st.integers(0, 255)),
                    min_size=1, max_size=8))
def test_hostile_numbers(name, ops):
    """Numbers replaced by 1e400, 2**64, NaN, '1e', '0x1F', "1", null... in every text format."""
    t = TARGETS[name]
    check_contract(t, mutate(t.seed, ops), discovery=False)


# ------------------------------------------------------------------------------------------ structural


SPECIAL_NAMES = sorted(special_inputs(TARGETS[NAMES[0]]))
BIG = {"long-line-10mb", "long-line-commas", "valid-plus-long-line", "random-1mb"}


@pytest.mark.parametrize("special", [s for s in SPECIAL_NAMES if s not in BIG])
@pytest.mark.parametrize("name", NAMES)
def test_special_inputs(name, special):
    t = TARGETS[name]
    data = special_inputs(t)[special]
    check_contract(t, data, discovery=True)


def _memory_case(name: str, data: bytes):
    """(result, seconds, tracemalloc peak bytes, ru_maxrss growth bytes) of one read."""
    t = TARGETS[name]
    with tempfile.TemporaryDirectory(prefix="curvedoc-fuzz-") as tmp:
        spec = t.write(Path(tmp), data)
        gc.collect()
        rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        tracemalloc.start()
        t0 = time.perf_counter()
        try:
            out = check_spec(spec, len(data), seconds=60)
        finally:
            dt = time.perf_counter() - t0
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
        rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return out, dt, peak, rss1 - rss0


# 10 MB inputs are slow-ish: one text target per reader family plus the binary readers
BIG_TARGETS = ["csv-generic", "jsonl", "trainer-state", "mlflow-metric", "mlflow-meta-yaml", "lightning-hparams-yaml",
               "tfevents-tf1", "wandb"]


@pytest.fixture(scope="module")
def settled_heap():
    """The objects alive before the big-input cases (every earlier test's state kept by the worker) moved out of the
    collector's reach, as tests/conftest.py does with what collection made: the collection ``_memory_case`` runs
    before each read then walks only what was made since, not the whole heap -- 0.6 s a case in a worker that had
    run hundreds of tests, 20 s of the suite for 32 cases (issue 41). The garbage a case leaves is made after the
    freeze and still collected. Not unfrozen after the module: that would hand the collector the whole heap again."""
    gc.collect()
    gc.freeze()


@pytest.mark.usefixtures("settled_heap")
@pytest.mark.parametrize("special", sorted(BIG))
@pytest.mark.parametrize("name", BIG_TARGETS)
def test_big_inputs_time_and_memory_bounded(name, special):
    data = special_inputs(TARGETS[name])[special]
    _, dt, peak, rss_growth = _memory_case(name, data)
    budget = 40 * len(data) + 64 * MB  # a sane multiple of the input, whatever the reader does
    assert peak < budget, f"{name}/{special}: Python/numpy peak {peak / MB:.0f} MB for a {len(data) / MB:.0f} MB input"
    assert rss_growth < budget, f"{name}/{special}: RSS grew {rss_growth / MB:.0f} MB for a {len(data) / MB:.0f} MB input"
    assert dt < 30, f"{name}/{special}: {dt:.1f} s"


# ------------------------------------------------------------------------------------------ load()


def test_load_on_broken_folder_raises_loaderror_only(tmp_path):
    """``curvedoc.load`` on a folder of nothing readable raises LoadError (naming the folder), nothing else."""
    (tmp_path / "a.csv").write_bytes(b"\x00\x01\x02" * 100)
    (tmp_path / "metrics.jsonl").write_bytes(b'{"loss": ')
    (tmp_path / "trainer_state.json").write_bytes(b"")
    with time_limit(30), pytest.raises(LoadError) as ei:
        curvedoc.load(tmp_path)
    assert ei.value.kind == "nothing-readable"
    assert str(tmp_path) in str(ei.value)


def test_load_all_reports_every_broken_file(tmp_path):
    for i, name in enumerate(NAMES):
        d = tmp_path / f"r{i:02d}_{name}"
        TARGETS[name].write(d, special_inputs(TARGETS[name])["truncated-half"])
    res = check_discovery(tmp_path, seconds=60)
    # every run is either read or named with a reason; nothing vanishes silently
    named = {r.name.split("/")[0] for r in res.runs} | {Path(f.path).relative_to(tmp_path).parts[0] for f in res.failures}
    named |= {Path(p.path).relative_to(tmp_path).parts[0] for p in res.problems}
    missing = sorted({f"r{i:02d}_{n}" for i, n in enumerate(NAMES)} - named)
    assert not missing, f"runs neither read nor reported: {missing}"
    json.dumps([f.to_dict() for f in res.failures])


# ------------------------------------------------------------------------------------------ regressions
# Each test below reproduces one crash the fuzzer found, now fixed in the importer named.


def test_regression_hf_step_too_large_for_int64(tmp_path):
    """hf_trainer._step: a step of 1e300 / 2**64 overflowed the int64 frame (OverflowError, run lost)."""
    state = json.loads(TARGETS["trainer-state"].seed)
    state["log_history"][0]["step"] = 10**30
    state["log_history"][1]["step"] = 1e300
    p = tmp_path / "trainer_state.json"
    p.write_text(json.dumps(state))
    from curvedoc.importers import read_spec
    from curvedoc.importers._base import RunSpec

    (run,) = read_spec(RunSpec(tmp_path, "r", "hf-trainer-state", [p]))
    assert run.scalars["step"].max() < 2**62
    assert any(i.kind == "missing-step" and i.count == 2 for i in run.issues), [i.to_dict() for i in run.issues]


def test_regression_discovery_survives_deeply_nested_json(tmp_path):
    """discover._sniff_json: 100k nested '{' raised RecursionError out of discovery (the whole audit)."""
    deep = b'{"a":' * 100_000 + b"1" + b"}" * 100_000
    (tmp_path / "history.json").write_bytes(deep)  # sniffed, not a log: passed over like config.json
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "log.jsonl").write_bytes(deep)  # named as a log: must be reported
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "log.csv").write_bytes(TARGETS["csv-generic"].seed)
    res = check_discovery(tmp_path)
    assert [r.name for r in res.runs] == ["good"]
    reported = [(Path(f.path).name, f.reason) for f in [*res.failures, *res.problems]]
    assert [n for n, _ in reported] == ["log.jsonl"] and "deep" in reported[0][1], reported


YAML_TARGETS = ["lightning-hparams-yaml", "tfevents-hparams-yaml", "mlflow-meta-yaml", "wandb-config-yaml"]


def test_regression_deep_yaml_does_not_kill_the_process():
    """_yaml.StrictSafeLoader: CSafeLoader's C composer overflowed the C stack (SIGSEGV, the whole audit
    gone) on ~30k nested '[' or '- ' in hparams.yaml / meta.yaml / config.yaml. Run in a child process so
    a regression shows up as a failure here instead of killing pytest."""
    import subprocess
    import sys

    script = f"""
import sys
sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
from fuzz_profile import TARGETS, check_contract
for name in {YAML_TARGETS!r}:
    for data in (b"a: " + b"[" * 100000 + b"1" + b"]" * 100000, b"a:\\n  " + b"- " * 100000 + b"x\\n",
                 b"a: " + b"{{b: " * 50000 + b"1" + b"}}" * 50000):
        out = check_contract(TARGETS[name], data, discovery=False)
        assert isinstance(out, list) and out, (name, out)  # the run survives; only its hparams/meta are lost
        kinds = {{i.kind for r in out for i in r.issues}}
        assert kinds & {{"bad-hparams", "unreadable", "too-large"}}, (name, kinds)
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout[-500:], r.stderr[-2000:])


def test_regression_yaml_text_longer_than_a_file_name():
    """_yaml.load_yaml_tolerant: one-line YAML text of 256-4095 chars raised OSError (ENAMETOOLONG) from
    the path check instead of being parsed."""
    from curvedoc.importers._yaml import load_yaml_tolerant

    assert load_yaml_tolerant("[" + ", ".join(["1"] * 600) + "]") == [1] * 600
    with pytest.raises(yaml.YAMLError):  # NUL in one-line text: a YAML error, never an OSError from the path check
        load_yaml_tolerant("a: 1\x00")


def test_regression_wandb_step_too_large_for_int64(tmp_path):
    """wandb._Rows.add: a ``_step`` of 2**64 / 1e300 overflowed the int64 frame (OverflowError, run lost)."""
    rows = [{"loss": 1.0, "_step": 0}, {"loss": 0.9, "_step": 2**64}, {"loss": 0.8, "_step": 1e300}, {"loss": 0.7, "_step": 3}]
    (tmp_path / "wandb-history.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    out = check_spec(TARGETS["wandb-history-jsonl"].write(tmp_path, (tmp_path / "wandb-history.jsonl").read_bytes()))
    (run,) = out
    assert run.n_points == 4 and run.scalars["step"].max() < 2**62
    assert any(i.kind == "missing-step" and i.count == 2 for i in run.issues), [i.to_dict() for i in run.issues]


def test_regression_csv_with_millions_of_columns_is_refused_quickly(tmp_path):
    """csvlog._parse: a 10 MB header of 2M duplicate names ('loss,loss,...') ran for hours in pandas'
    quadratic duplicate-name mangling. Now refused with a reason, in well under a second."""
    p = tmp_path / "log.csv"
    p.write_bytes(b"loss," * (2 * MB) + b"\n" + b"1," * (2 * MB) + b"\n")
    from curvedoc.importers._base import RunSpec

    t0 = time.perf_counter()
    err = check_spec(RunSpec(tmp_path, "r", "csv", [p]), seconds=30)
    assert isinstance(err, LoadError) and err.kind == "too-large" and "columns" in err.reason, err
    assert time.perf_counter() - t0 < 10


def test_regression_mlflow_meta_time_beyond_float(tmp_path):
    """mlflow._read_meta: ``start_time: 1e400``-as-integer (10**400) overflowed int -> float (run lost)."""
    meta = TARGETS["mlflow-meta-yaml"].seed.replace(b"start_time: 1700000000000", b"start_time: 1" + b"0" * 400)
    (run,) = check_spec(TARGETS["mlflow-meta-yaml"].write(tmp_path, meta))
    assert "start_s" not in run.meta and run.meta.get("end_s") == 1700000040.0


# ------------------------------------------------------------------------------------------ end to end

_PLAN = None


def _plan():
    global _PLAN
    if _PLAN is None:
        from curvedoc.engine import Plan
        from curvedoc.engine.config import Settings

        _PLAN = Plan.build(Settings())
    return _PLAN


@pytest.mark.parametrize("name", ["csv-generic", "csv-lightning", "jsonl", "trainer-state", "tfevents-tf1", "wandb",
                                  "mlflow-metric"])
@settings(max_examples=examples(25), deadline=None)
@given(ops=ops_strategy)
def test_mutated_runs_diagnose_without_detector_errors(name, ops):
    """Whatever a damaged file reads as, every detector copes with it (the engine would hide a crash
    as an error entry of the run: here it fails the test)."""
    from curvedoc.engine import diagnose_run

    t = TARGETS[name]
    with tempfile.TemporaryDirectory(prefix="curvedoc-fuzz-") as tmp:
        out = check_spec(t.write(Path(tmp), mutate(t.seed, ops)))
        if not isinstance(out, list):
            return
        for run in out:
            with time_limit(60, f"diagnose {name}"):
                rr = diagnose_run(run, _plan())
            assert not rr.errors, rr.errors
            json.dumps(rr.to_dict(), allow_nan=False)
