"""Every run in ../shared/real_runs loads, or is refused with a clear reason; train_loss is found wherever the
run logs a training loss. (Per-format tests compare point counts with independent readers: test_tfevents.py
against tbparse, test_csvlog/test_jsonlog/test_hf_trainer/test_mlflow against pandas/json, test_wandb against
an independent protobuf decode.)"""

from __future__ import annotations

from _helpers import real_runs_dir

import functools
import json

import pytest

from curvedoc.importers import load_all


@functools.lru_cache(maxsize=1)
def _load_all_real():
    """load_all over ../shared/real_runs, once for this module's tests (it takes seconds: the printed logs)."""
    return load_all(real_runs_dir())




@pytest.mark.slow  # reads the whole real-run corpus (~15 s); CI runs it (.ci/run)
def test_every_real_run_loads_or_is_refused_with_a_reason():
    """Driven by LABELS.json: every labelled entry loads, or (labelled ``refuse``) is refused or has no training
    signal; wherever the labeller names a training-loss tag, a training loss is found (RL runs excepted: their
    losses are not a convergence signal by design)."""
    root = real_runs_dir()
    labels = json.loads((root / "LABELS.json").read_text(encoding="utf-8"))
    res = _load_all_real()
    for key, lab in sorted(labels.items()):
        if not (root / key).exists():
            continue
        runs = [r for r in res.runs if r.name == key or r.name.startswith(key + "/") or r.name.startswith(key + "#")]
        failures = [f for f in res.failures if f.name == key or f.name.startswith(key + "/")]
        problems = [p for p in res.problems if f"/{key}/" in p.path or p.path.endswith("/" + key)]
        if lab.get("refuse"):
            assert failures or problems or all("train_loss" not in r.roles for r in runs), (key, failures)
            continue
        assert runs, f"{key}: not loaded ({failures or problems})"
        # a run with no point (an MLflow run that FAILED before logging) must say so in its issues
        assert all(r.n_points > 0 or any(i.kind == "empty-history" for i in r.issues) for r in runs), key
        want = (lab.get("roles") or {}).get("train_loss")
        if want:
            assert any("train_loss" in r.roles for r in runs), f"{key}: no train_loss among {runs[0].tags[:12]}"


# the role that reads a labelled quantity: a gradient norm is read as the global norm, as its square (||g||^2, the
# same quantity in squared units; every gradient rule reads its root), or as one part of a per-layer family
_READ_AS = {"train_loss": ("train_loss",), "clip_threshold": ("clip_threshold",),
            "grad_norm": ("grad_norm", "grad_norm_sq", "layer_grad_norm")}


@pytest.mark.slow  # reads the whole real-run corpus (~15 s); CI runs it (.ci/run)
def test_every_labelled_training_loss_gradient_norm_and_clip_threshold_gets_its_role():
    """Issue 11's done-when: every run that logs a training loss, a gradient norm or a clip threshold (as its
    labeller names them in LABELS.json) gets that role -- reinforcement-learning runs included (their loss is
    drawn and checked for NaN; the rules that expect a loss to fall judge the return instead)."""
    root = real_runs_dir()
    labels = json.loads((root / "LABELS.json").read_text(encoding="utf-8"))
    res = _load_all_real()
    checked, missed = 0, []
    for key, lab in sorted(labels.items()):
        runs = [r for r in res.runs if r.name == key or r.name.startswith(key + "/") or r.name.startswith(key + "#")]
        for role, read_as in _READ_AS.items():
            want = (lab.get("roles") or {}).get(role)
            if not want or not runs or lab.get("refuse"):
                continue
            checked += 1
            got = [r for r in runs for ra in read_as
                   if ra in r.roles or (ra in r.family_map() and want in r.family_map()[ra].values())]
            if not got:
                missed.append(f"{key}: {role} {want!r} (roles {dict(runs[0].roles)})")
    assert checked >= 150 and not missed, "\n".join(missed)
