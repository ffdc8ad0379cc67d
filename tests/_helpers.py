"""Shared test helpers: build runs from arrays, find sample/real runs, run one detector, and the scaffolding
the detector test files share (sample-run cases, the cached real runs, curve builders, degenerate inputs).

Import it as ``from _helpers import ...`` (not ``tests._helpers``): under two names the module is loaded twice
and the real-run cache is filled twice.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from curvedoc.model.run import Run, make_frame

REPO = Path(__file__).resolve().parents[1]
SAMPLE_RUNS = REPO / "sample_runs"
REAL_RUNS = REPO.parent / "shared" / "real_runs"
LOCKBOX = REPO / "benchmarks" / "lockbox"


def make_run(name: str = "synthetic", *, steps=None, meta: dict | None = None, hparams: dict | None = None,
             issues=None, source: str = "synthetic", **tags: Any) -> Run:
    """Run from arrays: ``make_run(train_loss=arr, val_loss=(val_steps, val_arr), lr=arr)``.

    A tag given as an array uses ``steps`` (default 0..n-1); a ``(steps, values)`` tuple has its own steps.
    Tag names are used as given, so pass role-like names (``train_loss``) or framework names (``train/loss``)
    via ``**{"train/loss": arr}``.
    """
    # the tag column is built from codes: the categorical pandas makes of the list of names (categories sorted),
    # without factorizing a Python list of one string per point (most of the cost of the thousands of runs the
    # detector tests build)
    names, step_col, val_col = [], [], []
    for tag, data in tags.items():
        if isinstance(data, tuple):
            st, v = np.asarray(data[0]), np.asarray(data[1], dtype=float)
        else:
            v = np.asarray(data, dtype=float)
            st = np.asarray(steps) if steps is not None else np.arange(len(v))
        names.append(tag)
        step_col.append(st.astype(np.int64))
        val_col.append(v)
    present = sorted({t for t, v in zip(names, val_col) if len(v)})
    tag_col = []
    if present:
        codes = np.concatenate([np.full(len(v), present.index(t) if len(v) else 0) for t, v in zip(names, val_col)])
        tag_col = pd.Categorical.from_codes(codes, dtype=_tag_dtype(tuple(present)))
    frame = make_frame(tag_col, np.concatenate(step_col) if step_col else [], np.concatenate(val_col) if val_col else [])
    return Run(name, source, frame, meta=meta, hparams=hparams, issues=issues)


@functools.lru_cache(maxsize=1024)
def _tag_dtype(names: tuple[str, ...]) -> pd.CategoricalDtype:
    """The categorical dtype of a tag column with these (sorted) names, shared by the runs that have them: pandas
    checks the categories each time it builds one (~0.3 ms, a quarter of make_run's cost, issue 41); a dtype is
    immutable."""
    return pd.CategoricalDtype(list(names))


def real_runs_dir() -> Path:
    if not REAL_RUNS.is_dir():
        pytest.skip(f"../shared/real_runs not found at {REAL_RUNS}: real-run tests need the shared folder")
    return REAL_RUNS


def sample_runs() -> list[tuple[str, Path, dict]]:
    """(name, folder, expected) for every sample run with an expected.toml."""
    out = []
    if SAMPLE_RUNS.is_dir():
        for exp in sorted(SAMPLE_RUNS.glob("*/expected.toml")):
            with open(exp, "rb") as fh:
                out.append((exp.parent.name, exp.parent, tomllib.load(fh)))
    return out


def load_one(path) -> Run:
    import curvedoc

    runs = curvedoc.load(path)
    assert len(runs) == 1, f"{path}: expected one run, got {[r.name for r in runs]}"
    return runs[0]


def run_detector(name: str, run: Run, **overrides):
    """Hits of one detector with its rule's default parameters (plus overrides)."""
    from curvedoc.detectors import registry
    from curvedoc.engine.rules import load_catalog, make_params

    rule = load_catalog().get(name)
    spec = registry()[name]
    return list(spec.func(run, make_params(rule, spec.params, overrides)) or ())


def findings_for(path, **kw):
    """Findings of a full diagnose of one path (all rules)."""
    import curvedoc

    return curvedoc.diagnose(path, **kw)


def severities_by_name(path) -> dict[str, str]:
    """{rule name: severity} of every finding of a full diagnose of one path (all its runs): what a family test of
    the unseen-run rounds asserts on."""
    import curvedoc

    rep = curvedoc.diagnose(str(path))
    return {f.name: f.severity for rr in rep.runs for f in rr.findings}


def modes_of(path, rule: str) -> list:
    """The evidence ``mode`` of every finding of ``rule`` in a full diagnose of one path (None where a reading names
    none): which of a rule's readings spoke."""
    import curvedoc

    rep = curvedoc.diagnose(str(path))
    return [f.evidence.get("mode") for rr in rep.runs for f in rr.findings if f.name == rule]


def diagnosed_by_name(path):
    """(the first run's result, its findings by rule name) of a full diagnose of one path."""
    import curvedoc

    rr = curvedoc.diagnose(str(path)).runs[0]
    return rr, {f.name: f for f in rr.findings}


def shown(rr) -> list[tuple[str, str, str]]:
    """(rule, severity, message) of every finding of a run's result: what an assertion shows when it fails."""
    return [(x.name, x.severity, x.message) for x in rr.findings]


# ------------------------------------------------------------------------------ detector test scaffolding
def sample_cases(detector: str, kind: str, disagree: dict[str, str] | None = None, *, healthy: bool = True,
                 also=None) -> list:
    """``pytest.param(name, folder, expected, id=name)`` for the sample runs of one kind, for one detector.

    ``kind="fires"``: runs whose expected.toml lists ``detector`` in ``[[expect]]`` (a name in ``disagree`` gets a
    strict xfail with its reason). ``kind="silent"``: runs not expecting it that are healthy (unless
    ``healthy=False``), list it under ``absent``, or satisfy ``also(expected)``. With no case, one skipped param
    says why.
    """
    if kind not in ("fires", "silent"):
        raise ValueError(f"kind must be 'fires' or 'silent', not {kind!r}")
    disagree = disagree or {}
    out = []
    for name, folder, exp in sample_runs():
        fires = any(e.get("detector") == detector for e in exp.get("expect", []))
        if kind == "fires" and fires:
            marks = [pytest.mark.xfail(reason=disagree[name], strict=True)] if name in disagree else []
            out.append(pytest.param(name, folder, exp, id=name, marks=marks))
        elif kind == "silent" and not fires and ((healthy and exp.get("healthy")) or detector in exp.get("absent", [])
                                                 or (also is not None and also(exp))):
            out.append(pytest.param(name, folder, exp, id=name))
    if not out:
        what = "expects" if kind == "fires" else "must stay silent for"
        out.append(pytest.param(None, None, None, id="none",
                                marks=pytest.mark.skip(reason=f"no sample run {what} {detector} yet")))
    return out


def expected_steps(exp: dict, detector: str) -> tuple[int, int]:
    """The ``step = [lo, hi]`` range of the first ``[[expect]]`` entry for ``detector``."""
    lo, hi = next(e["step"] for e in exp["expect"] if e.get("detector") == detector)
    return lo, hi


@functools.lru_cache(maxsize=1)
def _load_real_runs() -> tuple[tuple[tuple[str, Run], ...], dict[str, str]]:
    import curvedoc
    from curvedoc.errors import LoadError

    runs, errors = [], {}
    for d in sorted(p for p in REAL_RUNS.glob("*/*") if p.is_dir()):
        rel = f"{d.parent.name}/{d.name}"
        try:
            loaded = curvedoc.load(d)
        except LoadError as exc:  # unreadable folders are the importers' business; anything else is a bug
            errors[rel] = str(exc)
            continue
        runs += [(rel, r) for r in loaded]
    return tuple(runs), errors


def real_runs() -> tuple[tuple[str, Run], ...]:
    """``(folder relative to real_runs, Run)`` for every run of every loadable folder of ../shared/real_runs,
    loaded once per session. The runs are shared: tests must not mutate their data (a test that needs other roles
    reads one through ``RunView(run, roles=...)``)."""
    real_runs_dir()
    return _load_real_runs()[0]


def real_run(rel: str) -> Run:
    """The one run of real-run folder ``rel`` (from the shared cache); skips if the folder does not load here."""
    real_runs_dir()
    runs, errors = _load_real_runs()
    found = [r for k, r in runs if k == rel]
    if not found:
        pytest.skip(f"{rel} not loadable here: {errors.get(rel, 'no such folder')}")
    assert len(found) == 1, f"{rel}: expected one run, got {[r.name for r in found]}"
    return found[0]


def curve(steps, total, start=2.5, floor=0.4, tau_frac=0.15):
    """A clean decreasing loss: exponential approach to a floor."""
    return floor + (start - floor) * np.exp(-np.asarray(steps, float) / (tau_frac * total))


def minibatch(rng, clean, batch=16):
    """Realistic per-batch noise: the mean of `batch` exponential per-example losses (right-skewed, gamma)."""
    return clean * rng.gamma(batch, 1.0 / batch, len(clean))


def warmup_cosine(steps, total, peak=1e-3, warm=0.05):
    w = max(1, int(warm * total))
    s = np.asarray(steps, float)
    return np.where(s < w, peak * (s + 1) / w, peak * 0.5 * (1 + np.cos(np.pi * (s - w) / max(1, total - w))))


# (steps, values) of one series that no detector may crash on
DEGENERATE_SERIES = {
    "empty": ([], []),
    "one": ([0], [1.0]),
    "two": ([0, 1], [1.0, 2.0]),
    "all-nan": (range(10), [np.nan] * 10),
    "all-inf": (range(10), [np.inf] * 10),
    "constant": (range(200), [1.0] * 200),
    "zeros": (range(200), [0.0] * 200),
    "float16-max": (range(200), [65504.0] * 200),
    "tiny": (range(200), 1e-300 * (1 + 0.01 * np.sin(np.arange(200)))),
    "huge": (range(200), 1e300 * (1 + 0.01 * np.sin(np.arange(200)))),
    "negative-steps": (range(-100, 100), 1.0 + 0.1 * np.sin(np.arange(200))),
    "steps>2**53": (2**60 + np.arange(200) * 2**40, 1.0 + 0.1 * np.sin(np.arange(200))),
    "duplicate-steps": (np.repeat(np.arange(100), 2), 1.0 + 0.1 * np.sin(np.arange(200))),
    "backwards-steps": (np.arange(200)[::-1], 1.0 + 0.1 * np.sin(np.arange(200))),
    "negative-values": (range(200), -3.0 + 0.1 * np.sin(np.arange(200))),
}


def check_sample_runs(detector: str, *, healthy: bool = True) -> None:
    """Run ``detector`` on every sample run: it must fire inside the expected step range where expected.toml
    expects it, stay silent where it is listed under ``absent`` and (with ``healthy``) raise nothing above info on
    healthy runs. Skips when there are no sample runs."""
    runs = sample_runs()
    if not runs:
        pytest.skip("no sample_runs/ yet")
    for name, folder, exp in runs:
        hits = run_detector(detector, load_one(folder))
        wants = [e for e in exp.get("expect", []) if e.get("detector") == detector]
        if wants:
            lo, hi = wants[0]["step"]
            assert any(lo <= h.step <= hi for h in hits), f"{name}: {[(h.step, h.message) for h in hits]}"
        if healthy and exp.get("healthy"):
            assert [h for h in hits if (h.severity or "warning") != "info"] == [], f"{name}: {hits}"
        if detector in exp.get("absent", []):
            assert hits == [], f"{name}: {[h.message for h in hits]}"


@functools.lru_cache(maxsize=1)
def real_labels() -> dict[str, dict]:
    """LABELS.json of ../shared/real_runs: per entry ``healthy``, ``must``, ``may`` (hand-made from the curves)."""
    import json

    path = real_runs_dir() / "LABELS.json"
    if not path.is_file():
        pytest.skip(f"{path} not found: label-driven real-run tests need it")
    return json.loads(path.read_text(encoding="utf-8"))


# Open disagreements between a detector and the labels on the printed logs (text_log/), read since the text-log
# importer landed. Each is a real miss-fire to fix in the detector, not in the labels; listed so that a NEW
# disagreement still fails. {detector: {label entry: why it fires}}
KNOWN_DISAGREEMENTS: dict[str, dict[str, str]] = {
    "loss-spikes": {
        "text_log/t5-finetune-batchloss": "per-batch losses printed with no step: the first batches of each epoch "
                                          "(the labelled epoch-boundary jumps) read as spikes",
    },
    "exploding-gradients": {
        "text_log/fairseq-json-ropadet-crash-no-space": "gnorm rises 11.8x over a fine-tune whose loss stays flat",
    },
    "vanishing-gradients": {
        "text_log/mmengine-stitchfusion-map-zero-two-exps": "grad norm starts at 5e5 in the first logged "
                                                            "iterations and settles near 5: a fall from a blow-up",
    },
}


def label_check(detector: str, severe_only: bool = True) -> tuple[set[str], set[str], set[str]]:
    """(fired, must, allowed) over the loadable real runs for one detector, by label entry.

    ``fired``: entries where the detector yields a hit (at warning/error when ``severe_only``: info findings do not
    change a verdict); ``must``: entries whose labels say the fault is clearly present; ``allowed``: must | may."""
    from curvedoc.engine import Applicability
    from curvedoc.engine.rules import load_catalog

    cls = detector.replace("-", "_")
    rule = load_catalog().get(detector)
    labels = real_labels()
    fired: set[str] = set()
    for rel, run in real_runs():
        key = next((k for k in labels if rel == k or rel.startswith(k + "/") or rel.startswith(k + "#")), rel)
        if Applicability(run).skip(rule) is not None:
            continue  # the engine would not run it here (a role missing; a reinforcement-learning loss)
        for h in run_detector(detector, run):
            if not severe_only or (h.severity or rule.severity) in ("warning", "error"):
                fired.add(key)
    must = {k for k, v in labels.items() if cls in v.get("must", [])}
    allowed = must | {k for k, v in labels.items() if cls in v.get("may", [])} | set(KNOWN_DISAGREEMENTS.get(detector, {}))
    return fired, must, allowed


def hf_classifier(n_in: int, hidden: int, n_out: int):
    """A tiny MLP classifier in the form HF's Trainer takes (``forward(x, labels)`` returns loss and logits), for
    the tests that train with transformers on CPU. Imports torch when called."""
    import torch

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(n_in, hidden), torch.nn.ReLU(),
                                           torch.nn.Linear(hidden, n_out))

        def forward(self, x, labels=None):
            logits = self.net(x)
            return {"loss": torch.nn.functional.cross_entropy(logits, labels), "logits": logits}

    return Net()


def keras_on_torch():
    """Keras 3 on its torch backend (the backend these tests train with), or a skip with the reason: torch or keras
    missing, or keras already imported with another backend in this process."""
    import os
    import sys

    if "keras" not in sys.modules:
        os.environ.setdefault("KERAS_BACKEND", "torch")
    pytest.importorskip("torch", reason="torch not installed (Keras runs on its torch backend here)")
    keras = pytest.importorskip("keras", reason="keras not installed (pip install '.[integrations]')")
    if keras.backend.backend() != "torch":
        pytest.skip(f"keras was imported with the {keras.backend.backend()} backend before this test")
    return keras


def paddle_hapi_fit_lines(epochs: int = 4) -> list[str]:
    """The console of Paddle's hapi ``Model.fit`` (Keras prints alike): ``Epoch e/E`` on a line of its own, then
    ``step s/300 - loss: ..`` counting inside that epoch, then an evaluation announced by ``Eval begin...`` whose
    records use the training's words (``step s/44 - loss: ..``) and end with ``Eval samples: N``."""
    lines = []
    for e in range(1, epochs + 1):
        lines.append(f"Epoch {e}/{epochs}")
        lines += [f"step {s:3d}/300 - loss: {1 / (e * s):.4f} - AUROC_avg: {0.5 + e / 20:.4f} - 2s/step"
                  for s in range(10, 310, 10)]
        lines.append("Eval begin...")
        lines += [f"step {s:2d}/44 - loss: {0.3 + e / 100 + s / 1000:.4f} - AUROC_avg: {0.6 + e / 50:.4f} - 1s/step"
                  for s in (10, 20, 30, 40, 44)]
        lines.append("Eval samples: 11219")
    return lines


def lockbox_text_log_sizes(entry: str) -> dict[str, int]:
    """Points per series of a lock-box text log, ``entry`` = '<batch>/<format>/<run>' (the run folder's largest file,
    read by the text-log reader)."""
    from curvedoc.importers.textlog import read_text_log

    batch, rest = entry.split("/", 1)
    folder = LOCKBOX / batch / "runs" / rest
    path = max((f for f in folder.iterdir() if f.is_file()), key=lambda f: f.stat().st_size)
    rd = read_text_log(path)
    return {str(t): len(g) for t, g in rd.frame.groupby("tag", observed=True)}
