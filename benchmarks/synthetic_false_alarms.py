#!/usr/bin/env python3
"""How often does curvedoc warn on healthy runs it was not tuned on? A sweep of synthetic healthy families.

Every run here is healthy by construction: a loss falling to a floor (exponential, power law, or exponential
under warm-up + cosine LR) with multiplicative noise, optionally a validation loss tracking it with a small
steady gap and an accuracy rising with it, a gradient norm settling after the start. The families cross the
regimes real logs live in: length (30 - 8,000 points), per-point noise (2% - 50%: a large batch averaged over
the logging interval down to a per-step loss of a few examples), logging interval (every step, every 20),
evaluation count (none, 3, 6, 50) and task (no class count, K = 2, K = 100 stated in the hyperparameters).
Any warning or error is a false alarm; info findings are counted apart.

    python benchmarks/synthetic_false_alarms.py            # 1,080 runs, ~1 min
    python benchmarks/synthetic_false_alarms.py --json out.json
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import curvedoc  # noqa: E402
from _runs import run_from_series  # noqa: E402

LENGTHS = (30, 150, 1000, 8000)
NOISES = (0.02, 0.1, 0.3, 0.5)
EVERY = (1, 20)
EVALS = (0, 3, 6, 50)
SHAPES = ("exp", "power", "cosine")
CLASSES = (0, 2, 100)


def healthy_run(seed: int, n: int, noise: float, every: int, evals: int, shape: str, k: int):
    rng = np.random.default_rng(seed)
    x = np.arange(n)
    frac = x / max(n - 1, 1)
    start = np.log(k) if k else rng.uniform(0.5, 8.0)
    floor = start * rng.uniform(0.05, 0.4)
    tau = rng.uniform(0.05, 0.3)
    if shape == "power":
        clean = floor + (start - floor) / (1 + frac / (tau / 3)) ** 0.8
    else:
        clean = floor + (start - floor) * np.exp(-frac / tau)
    warm = max(1, int(0.05 * n))
    if shape == "cosine":
        lr = 3e-4 * np.where(x < warm, (x + 1) / warm,
                             0.5 * (1 + np.cos(np.pi * np.clip((x - warm) / max(n - warm, 1), 0, 1))))
    else:
        lr = np.full(n, 3e-4)
    steps = x * every
    tags: dict[str, tuple[np.ndarray, np.ndarray]] = {
        "train/loss": (steps, clean * np.exp(rng.normal(0, noise, n))),
        "train/lr": (steps, lr),
        "train/grad_norm": (steps, (1.0 + 2 * np.exp(-frac / 0.1)) * np.exp(rng.normal(0, 0.15, n))),
    }
    if evals:
        es = np.linspace(n / evals, n - 1, evals).astype(int)
        tags["val/loss"] = (es * every, clean[es] * rng.uniform(1.0, 1.15) * np.exp(rng.normal(0, noise / 4, evals)))
        if k:
            acc = 1 / k + (1 - 1 / k) * (1 - clean[es] / start) * rng.uniform(0.8, 1.0)
            tags["val/accuracy"] = (es * every, np.clip(acc + rng.normal(0, 0.005, evals), 0, 1))
    return run_from_series(f"healthy-{seed}", [(tag, s, v) for tag, (s, v) in tags.items()],
                           hparams={"num_classes": k} if k else None)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", type=Path, help="write the counts here")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    severe: collections.Counter = collections.Counter()
    info: collections.Counter = collections.Counter()
    by_noise: collections.Counter = collections.Counter()
    warned_runs = 0
    total = 0
    examples: dict[str, str] = {}
    for seed, (n, noise, every, evals, shape, k) in enumerate(
            itertools.product(LENGTHS, NOISES, EVERY, EVALS, SHAPES, CLASSES), start=1001):
        rep = curvedoc.diagnose(healthy_run(seed, n, noise, every, evals, shape, k))
        total += 1
        warned = False
        for rr in rep.runs:
            for f in rr.findings:
                if f.severity in ("warning", "error"):
                    severe[f.name] += 1
                    warned = True
                    examples.setdefault(f.name, f"n={n} noise={noise} every={every} evals={evals} {shape} K={k}: "
                                                f"{f.message[:140]}")
                else:
                    info[f.name] += 1
        warned_runs += warned
        by_noise[noise] += warned
    dt = time.perf_counter() - t0
    per_noise = total // len(NOISES)
    print(f"synthetic healthy runs: {total:,} ({dt:.0f} s)")
    print(f"  runs with a warning or error   {warned_runs} ({100 * warned_runs / total:.1f}%)")
    print("  by per-point noise: " + ", ".join(f"{nz:g}: {by_noise[nz]} of {per_noise}" for nz in NOISES))
    print("  warnings/errors by rule: " + (", ".join(f"{r} {c}" for r, c in severe.most_common()) or "none"))
    print("  info findings by rule: " + (", ".join(f"{r} {c}" for r, c in info.most_common()) or "none"))
    for rule, ex in examples.items():
        print(f"    e.g. {rule}: {ex}")
    if a.json:
        a.json.write_text(json.dumps({"runs": total, "warned": warned_runs, "severe": severe, "info": info,
                                      "by_noise": {str(k): v for k, v in by_noise.items()}}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
