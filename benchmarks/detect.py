"""Benchmark: how long the detectors take on one large run (all rules, in process).

Builds a realistic run in memory — N steps of train loss with minibatch noise, warmup+cosine LR, grad norm,
weight norm, per-layer grad norms, accuracy, and a validation loss every 100 steps — then times
``curvedoc.engine.diagnose_run`` (every selected rule) several times and reports the median, plus the
slowest detectors.

    python benchmarks/detect.py                # 1M points
    python benchmarks/detect.py --steps 250000 --repeat 5
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np


def build_run(steps: int, seed: int = 0):
    from _runs import run_from_series

    rng = np.random.default_rng(seed)
    t = np.arange(steps, dtype=float)
    tau = steps / 5
    train = (0.3 + 2.0 * np.exp(-t / tau)) * rng.gamma(16, 1 / 16, steps)
    warm = max(1, steps // 20)
    lr = np.where(t < warm, 3e-4 * (t + 1) / warm, 1.5e-4 * (1 + np.cos(np.pi * (t - warm) / (steps - warm))))
    gn = 1.0 + 0.3 * rng.standard_normal(steps) ** 2
    wn = 40 + 3 * np.log1p(t)
    acc = np.clip(1 - train / 3, 0, 1)
    vs = np.arange(0, steps, 100)
    val = 0.35 + 2.0 * np.exp(-vs / tau) + rng.normal(0, 0.005, len(vs))
    return run_from_series("bench", [("train/loss", t, train), ("train/learning_rate", t, lr), ("train/grad_norm", t, gn),
                                     ("train/weight_norm", t, wn), ("train/accuracy", t, acc), ("eval/loss", vs, val)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=200_000, help="steps per tag (x5 tags + val = points)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    from curvedoc.engine import Plan, diagnose_run, resolve_settings

    plan = Plan.build(resolve_settings())
    times = []
    for i in range(args.repeat):
        run = build_run(args.steps, seed=i)  # a fresh run: no per-run caches carried over
        t0 = time.perf_counter()
        rr = diagnose_run(run, plan, keep_run=False)
        times.append(time.perf_counter() - t0)
    print(f"run of {run.n_points:,} points, {len(plan.rules)} rules: diagnose median {statistics.median(times) * 1000:.0f} ms "
          f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}) over {args.repeat} runs; "
          f"findings: {[f.code for f in rr.findings]}")
    # per-detector split on one more fresh run
    run = build_run(args.steps, seed=99)
    from curvedoc.model.roles import family_names

    present = set(run.roles) | {fam for fam in family_names() if run.family(fam)}
    per = []
    for rule, spec, params in plan.rules:
        if rule.missing_roles(present):
            continue
        t0 = time.perf_counter()
        list(spec.func(run, params) or ())
        per.append((time.perf_counter() - t0, rule.code, rule.name))
    per.sort(reverse=True)
    print("slowest detectors: " + ", ".join(f"{c} {n} {s * 1000:.0f} ms" for s, c, n in per[:6]))


if __name__ == "__main__":
    main()
