"""Every run in ../shared/real_runs loads, or is refused with a clear reason; train_loss is found wherever the
run logs a training loss. (Per-format tests compare point counts with independent readers: test_tfevents.py
against tbparse, test_csvlog/test_jsonlog/test_hf_trainer/test_mlflow against pandas/json, test_wandb against
an independent protobuf decode.)"""

from __future__ import annotations

from _helpers import real_runs_dir

from curvedoc.importers import load_all

import json

from curvedoc.model.roles import rl_marker

# formats not read yet (plain-text prints): nothing to check until their importer lands
NOT_READ_YET = ("text_log/",)


def test_every_real_run_loads_or_is_refused_with_a_reason():
    """Driven by LABELS.json: every labelled entry loads, or (labelled ``refuse``) is refused or has no training
    signal; wherever the labeller names a training-loss tag, a training loss is found (RL runs excepted: their
    losses are not a convergence signal by design)."""
    root = real_runs_dir()
    labels = json.loads((root / "LABELS.json").read_text(encoding="utf-8"))
    res = load_all(root)
    for key, lab in sorted(labels.items()):
        if not (root / key).exists():
            continue
        runs = [r for r in res.runs if r.name == key or r.name.startswith(key + "/") or r.name.startswith(key + "#")]
        failures = [f for f in res.failures if f.name == key or f.name.startswith(key + "/")]
        problems = [p for p in res.problems if f"/{key}/" in p.path or p.path.endswith("/" + key)]
        if key.startswith(NOT_READ_YET):
            continue
        if lab.get("refuse"):
            assert failures or problems or all("train_loss" not in r.roles for r in runs), (key, failures)
            continue
        assert runs, f"{key}: not loaded ({failures or problems})"
        # a run with no point (an MLflow run that FAILED before logging) must say so in its issues
        assert all(r.n_points > 0 or any(i.kind == "empty-history" for i in r.issues) for r in runs), key
        want = (lab.get("roles") or {}).get("train_loss")
        if want and not any(rl_marker(r) for r in runs):
            assert any("train_loss" in r.roles for r in runs), f"{key}: no train_loss among {runs[0].tags[:12]}"
