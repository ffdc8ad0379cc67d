"""Every run in ../shared/real_runs loads, or is refused with a clear reason; train_loss is found wherever the
run logs a training loss. (Per-format tests compare point counts with independent readers: test_tfevents.py
against tbparse, test_csvlog/test_jsonlog/test_hf_trainer/test_mlflow against pandas/json, test_wandb against
an independent protobuf decode.)"""

from __future__ import annotations

from _helpers import real_runs_dir

from curvedoc.importers import load_all

# runs whose data the manifest says is absent (refused), and why
REFUSED = {
    "tfevents/securitybert-17-files-one-dir": "no scalar data",
    "tfevents/whisper-ja-lfs-pointers": "Git LFS pointers",
}
TEXT_LOGS = "text_log/"  # plain-text prints: "unsupported format" by design (for now)
# logs with no training-loss series at all, or reinforcement-learning runs (losses are not a convergence signal)
NO_TRAIN_LOSS = {"rl_progress_csv/atari-dqn", "rl_progress_csv/her-baselines-fetch", "rl_progress_csv/ddpg-baselines-exp3",
                 "tfevents/naf-dqn-rl-lightning", "tfevents/tfod-facemask-restarts"}


def test_every_real_run_loads_or_is_refused_with_a_reason():
    root = real_runs_dir()
    res = load_all(root)
    loaded = {r.name for r in res.runs}
    folders = sorted(f"{p.parent.name}/{p.name}" for p in root.glob("*/*") if p.is_dir())
    assert len(folders) == 58, f"MANIFEST lists 58 runs, found {len(folders)} folders"
    for folder in folders:
        covered = [n for n in loaded if n == folder or n.startswith(folder + "/") or n.startswith(folder + "#")]
        failures = [f for f in res.failures if f.name == folder or f.name.startswith(folder + "/")]
        problems = [p for p in res.problems if f"/{folder}/" in p.path]
        if folder.startswith(TEXT_LOGS):
            assert problems and all("unsupported format" in p.reason for p in problems), folder
            continue
        if folder in REFUSED:
            assert failures and all(REFUSED[folder] in f.reason for f in failures), (folder, failures)
            continue
        assert covered, f"{folder}: not loaded ({failures or problems})"
    for run in res.runs:
        top = "/".join(run.name.split("/")[:2]).split("#")[0]
        assert run.n_points > 0, run.name
        if top not in NO_TRAIN_LOSS:
            assert "train_loss" in run.roles, f"{run.name}: no train_loss among {run.tags[:12]}"
