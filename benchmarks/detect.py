"""Benchmark: how long the detectors take on one large run (all rules, in process).

Builds a realistic run in memory — N steps of train loss with minibatch noise, warmup+cosine LR, grad norm,
weight norm, per-layer grad norms, accuracy, and a validation loss every 100 steps — then times
``curvedoc.engine.diagnose_run`` (every selected rule) several times and reports the median, plus the
slowest detectors.

    python benchmarks/detect.py                # 1M points
    python benchmarks/detect.py --steps 250000 --repeat 5
    python benchmarks/detect.py --sweep /tmp/bench/sweep --sample 48   # runs of an audit.py sweep (--keep /tmp/bench)

With ``--sweep`` it reads ``--sample`` runs spread over a sweep that ``benchmarks/audit.py --keep`` generated, readies
the compiled kernels as an audit of that sweep does, and times every rule's detector on each run read afresh (the
engine's per-run view and shared evidence included), ``--repeat`` passes (default 3): the CPU per run of all
detectors, of the whole diagnosis, and of each rule, as the median of the passes, with the load average.
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
    ap.add_argument("--repeat", type=int, default=None, help="passes (default 5; 3 with --sweep)")
    ap.add_argument("--sweep", type=str, default=None, help="a sweep folder made by benchmarks/audit.py --keep")
    ap.add_argument("--sample", type=int, default=48, help="with --sweep: how many of its runs (evenly spread)")
    args = ap.parse_args()
    if args.sweep:
        return per_run(args.sweep, args.sample, args.repeat or 3)
    args.repeat = args.repeat or 5

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


def per_run(sweep: str, sample: int, repeat: int) -> None:
    """Detector CPU per run on a sample of a benchmark sweep's runs (see the module's docstring)."""
    import dataclasses
    import os
    from collections import defaultdict
    from pathlib import Path

    from curvedoc.detectors import prepare_rolling_median
    from curvedoc.engine import Plan, diagnose_run, resolve_settings
    from curvedoc.importers import load
    from curvedoc.model.run import RunView

    from curvedoc.importers import prepare_event_decoder

    prepare_rolling_median()  # as an audit of a sweep this size does (engine/worker.warm_up)
    dirs = sorted((d for d in Path(sweep).iterdir() if d.is_dir()), key=lambda d: d.name)
    prepare_event_decoder(sum(f.stat().st_size for d in dirs for f in d.iterdir()))  # the same
    dirs = dirs[:: max(1, len(dirs) // sample)][:sample]  # spread over the sweep: every kind of run in its share
    load(dirs[0])  # the readers' imports, once, outside the timing
    t0 = time.process_time()
    runs = [r for d in dirs for r in load(d)]
    reading = (time.process_time() - t0) * 1000.0 / len(runs)  # the importer, discovery included
    spent: dict[str, float] = defaultdict(float)

    def timed(name, func):
        def detector(run, params):
            t0 = time.process_time()
            try:
                return list(func(run, params) or ())
            finally:
                spent[name] += time.process_time() - t0
        return detector

    plan = Plan.build(resolve_settings())
    plan = dataclasses.replace(plan, rules=[(rule, dataclasses.replace(spec, func=timed(rule.name, spec.func)), params)
                                            for rule, spec, params in plan.rules])
    load_avg = " ".join(f"{x:.1f}" for x in os.getloadavg())
    passes, roles = [], []
    for _ in range(repeat):
        spent.clear()
        t0 = time.process_time()
        for run in runs:
            RunView(run).roles  # role inference alone, on a fresh view (diagnose_run's view infers them again)
        roles.append(time.process_time() - t0)
        t0 = time.process_time()
        for run in runs:
            diagnose_run(RunView(run), plan, keep_run=False)  # a fresh view: nothing carried over from a pass
        passes.append((sum(spent.values()), time.process_time() - t0, dict(spent)))
    ms = 1000.0 / len(runs)
    det = statistics.median(p[0] for p in passes) * ms
    whole = statistics.median(p[1] for p in passes) * ms
    role_ms = statistics.median(roles) * ms
    print(f"per run, ms of CPU: reading (importer) {reading:.2f}, role inference {role_ms:.2f}, detectors {det:.2f}, "
          f"the rest of the diagnosis (applicability, causes, coverage, report) {whole - det - role_ms:.2f}")
    per_rule = {k: statistics.median(p[2].get(k, 0.0) for p in passes) * ms for k in passes[0][2]}
    print(f"{len(runs)} runs of {sweep}, {repeat} passes (load average {load_avg} at start, "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} at end): detectors {det:.2f} ms of CPU per run, "
          f"the whole diagnosis {whole:.2f} ms (medians of the passes: "
          f"{', '.join(f'{p[0] * ms:.2f}' for p in passes)})")
    print("per rule, ms per run: " + ", ".join(f"{k} {v:.2f}" for k, v in sorted(per_rule.items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
