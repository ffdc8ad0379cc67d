"""Label-preserving changes to real runs: which verdicts flip when nothing about the training changed?

A change that keeps every label true -- the same training logged at half the rate, a loss of unknown kind in other
units -- should leave curvedoc's warnings and errors where they were. Flips are findings about curvedoc that need no
label judgement (the generalisation issue, 35): a detector whose verdict depends on the logging interval or on the
unit of a regression loss has learned the visible logs, not the principle. Three changes:

* ``thin``: every series of 40 or more points keeps every second point (and its last): the logging interval doubled.
  Some flips are legitimate (a one-point spike may be among the dropped points; fewer points are less evidence);
  a finding that APPEARS with less data deserves a look.
* ``scale``: on runs whose loss is of unknown kind (nothing says it is a cross-entropy), every loss-like series
  multiplied by 1000 and by 0.001 (a regression target in other units). Nothing should move but the classes that
  read a class count off the loss level by design (a loss at log K: plateau-at-chance, underfitting,
  initial-loss-off), left out of that comparison.
* ``csv``: the run's frame written out as one plain pandas CSV (step, one column per tag) and read back: what a
  user's ``pd.DataFrame(history).to_csv`` leaves. Format facts (plans, hyperparameters) do not survive, so the
  plan- and restart-bound classes are left out of the comparison.

Only labelled entries that hold one run are changed; only batches already scored (a ``SCORES.md`` beside their
labels) are read, never a lock box still locked.

    python benchmarks/label_preserving.py thin                 # ../shared/real_runs and every scored lock-box batch
    python benchmarks/label_preserving.py scale --jobs 3
    python benchmarks/label_preserving.py csv --only benchmarks/lockbox/2026-12-14aq
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import sys
import tempfile
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from real_runs import worst_severities  # noqa: E402  (the real-run score's reading of a report, shared)

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "real_runs"
ORDER = {"info": 0, "warning": 1, "error": 2}
# format facts a plain CSV cannot carry: classes that rest on them are left out of the csv comparison
FORMAT_BOUND = {"unfinished_schedule", "restarted_run", "damaged_log", "crashed_run"}
# classes that read a class count K off the loss level (log K) by design: left out of the scale comparison
LEVEL_BOUND = {"plateau_at_chance", "underfitting", "initial_loss_off"}


def labelled_sets(only: str | None) -> list[tuple[str, Path, Path]]:
    """(name, runs root, LABELS.json) of the shared corpus and of every lock-box batch already scored."""
    out = []
    if SHARED.is_dir():
        out.append(("real_runs", SHARED, SHARED / "LABELS.json"))
    for lab in sorted((ROOT / "benchmarks" / "lockbox").glob("*/LABELS.json")):
        if (lab.parent / "SCORES.md").exists():  # a batch not yet scored is a lock box: never read it here
            out.append((lab.parent.name, lab.parent / "runs", lab))
    if only:
        want = Path(only).resolve()
        out = [s for s in out if s[1].resolve() == want or s[1].parent.resolve() == want]
    return out


def _entries(only: str | None) -> list[tuple[str, str, str]]:
    out = []
    for name, root, lab in labelled_sets(only):
        labels = json.loads(lab.read_text())
        for key, label in labels.items():
            if isinstance(label, dict) and (root / key).exists():
                out.append((name, key, str(root / key)))
    return out


def _thin(run):
    import numpy as np
    import pandas as pd

    parts = []
    for _, g in run.scalars.groupby("tag", observed=True, sort=False):
        if len(g) >= 40:
            i = np.arange(len(g))
            g = g[(i % 2 == 0) | (i == len(g) - 1)]
        parts.append(g)
    return run.replace(scalars=pd.concat(parts).sort_index()) if parts else run


def _scaled(run, factor: float):
    s = run.scalars.copy()
    tags = {str(t) for t in run.tags if re.search(r"loss|mse|mae|rmse|err", str(t), re.I)}
    tags |= {str(run.roles[r]) for r in ("train_loss", "val_loss") if r in run.roles}
    m = s["tag"].astype(str).isin(tags)
    s.loc[m, "value"] = s.loc[m, "value"] * factor
    return run.replace(scalars=s)


def _as_csv(run, folder: str):
    s = run.scalars.assign(tag=run.scalars["tag"].astype(str)).drop_duplicates(["step", "tag"], keep="last")
    wide = s.pivot(index="step", columns="tag", values="value")
    wide.columns = [c.replace(",", " ") for c in wide.columns]
    # a neutral name: 'metrics.csv' with a step and an epoch column reads as Lightning's CSVLogger, which writes a NaN
    # as 'nan' and leaves a cell empty only where nothing was logged -- not what a pandas writer leaves
    wide.reset_index().to_csv(os.path.join(folder, "history.csv"), index=False)
    return folder


def _one(job: tuple[str, str, str, str]):
    change, name, key, path = job
    warnings.filterwarnings("ignore")
    import curvedoc
    from curvedoc.detectors import loss_kind
    from curvedoc.engine import diagnose

    try:
        runs = curvedoc.load(path)
    except Exception:  # an entry that does not load is real_runs.py's business, not this check's
        return None
    if len(runs) != 1:
        return None
    run = runs[0]
    try:
        if change == "scale":
            if not {"train_loss", "val_loss"} & set(run.roles) or loss_kind(run).get("kind") != "of unknown kind":
                return None
            changed = [diagnose(_scaled(run, 1000.0)), diagnose(_scaled(run, 0.001))]
        elif change == "thin":
            changed = [diagnose(_thin(run))]
        else:
            if len(run.scalars) > 200_000:
                return None
            folder = tempfile.mkdtemp(prefix="curvedoc-lp-")
            try:
                changed = [diagnose(_as_csv(run, folder))]
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        return name, key, worst_severities(diagnose(run)), [worst_severities(r) for r in changed]
    except Exception as exc:  # the changed run could not be made or read back (an empty frame, a CSV refused): said
        return name, key, None, f"{type(exc).__name__}: {exc}"[:200]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("change", choices=("thin", "scale", "csv"))
    ap.add_argument("--only", help="one labelled set: its runs folder or its batch folder")
    ap.add_argument("--jobs", type=int, default=min(3, os.cpu_count() or 1))
    ap.add_argument("--json", help="write every entry's verdicts before and after here")
    args = ap.parse_args(argv)

    labels = {name: json.loads(lab.read_text()) for name, _, lab in labelled_sets(args.only)}
    jobs = [(args.change, *e) for e in _entries(args.only)]
    with ProcessPoolExecutor(max(1, args.jobs)) as ex:
        results = [r for r in ex.map(_one, jobs, chunksize=4) if r is not None]
    skip = {"csv": FORMAT_BOUND, "scale": LEVEL_BOUND}.get(args.change, set())
    counts: collections.Counter = collections.Counter()
    lines = []
    failed = [(name, key, why) for name, key, before, why in results if before is None]
    results = [r for r in results if r[2] is not None]
    for name, key, before, afters in results:
        label = labels[name][key]
        must = set(label.get("must", []))
        allowed = must | set(label.get("may", []))
        was = {c for c, s in before.items() if ORDER[s] >= 1} - skip
        for after in afters:
            now = {c for c, s in after.items() if ORDER[s] >= 1} - skip
            for c in sorted(was ^ now):
                how = "appeared" if c in now else "vanished"
                kind = "must" if c in must else ("may" if c in allowed else "unlabelled")
                counts[(how, kind)] += 1
                lines.append(f"  {how:9s} {c:22s} ({kind}) {name}/{key}")
    print(f"label-preserving change '{args.change}': {len(results):,} labelled runs changed and diagnosed again")
    print(f"  warning/error findings that flipped: {sum(counts.values())}")
    for (how, kind), n in sorted(counts.items()):
        print(f"    {how} where the labels say {kind}: {n}")
    if failed:
        print(f"  not changed (the change could not be made or read back): {len(failed)}")
    print("\n".join(lines + [f"  not changed: {n}/{k}: {why}" for n, k, why in failed]))
    if args.json:
        Path(args.json).write_text(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
