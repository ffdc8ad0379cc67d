#!/usr/bin/env python3
"""Benchmark: many logs in ONE folder, audited with and without the cache (issue 18 item 13).

Writes N small CSV logs (200 steps, 3 columns, a mix of healthy and diverging curves) side by side in one folder,
then times ``curvedoc.audit`` three ways -- no cache, cold cache (empty), warm cache (every run cached) -- for each
N given. Linear time means the time per run stays flat as N grows (a per-folder listing done once per log made the
cached audit quadratic before).

    python benchmarks/flat_folder.py                  # N = 2,000 and 10,000, 2 workers
    python benchmarks/flat_folder.py --sizes 1000 5000 --jobs 4
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def write(folder: Path, n: int) -> None:
    folder.mkdir(parents=True)
    rng = np.random.default_rng(0)
    steps = np.arange(200)
    for i in range(n):
        loss = 2.0 * np.exp(-steps / 60) + 0.1 + 0.01 * rng.standard_normal(200)
        if i % 7 == 0:
            loss[120:] *= np.exp((steps[120:] - 120) / 15)
        lr = np.full(200, 1e-3)
        body = "\n".join(f"{s},{l:.6f},{r:g}" for s, l, r in zip(steps, loss, lr))
        (folder / f"lr=1e-3_seed={i}.csv").write_text("step,train_loss,lr\n" + body + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[2000, 10000])
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    from curvedoc.engine.audit import audit

    print(f"{'logs':>7s} {'no cache':>10s} {'cold cache':>11s} {'warm cache':>11s}   (seconds; ms per log)")
    for n in args.sizes:
        with tempfile.TemporaryDirectory(prefix="curvedoc-flat-") as tmp:
            folder = Path(tmp) / "logs"
            write(folder, n)
            cache = Path(tmp) / "cache"
            times = []
            for kw in ({"cache": False}, {"cache_dir": str(cache)}, {"cache_dir": str(cache)}):
                t0 = time.perf_counter()
                rep = audit(str(folder), jobs=args.jobs, **kw)
                times.append(time.perf_counter() - t0)
                assert len(rep.runs) == n, (len(rep.runs), n)
            print(f"{n:7,d} " + " ".join(f"{t:6.1f} ({1000 * t / n:4.1f})" for t in times))
    return 0


if __name__ == "__main__":
    sys.exit(main())
