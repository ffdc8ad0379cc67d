#!/usr/bin/env python3
"""Does a watch poll cost what was appended, or what the run has grown to?

A JSON-lines log (two tags: loss, lr) grows to 1M points in equal appends; after each append the watcher polls
once. The cost of each poll is printed against the run's length, next to what a full ``diagnose`` of the log
costs at that length (what a naive watch would pay every poll).

    python benchmarks/watch_growth.py                   # 1M points in 50 appends
    python benchmarks/watch_growth.py --points 200000 --appends 20 --format tfevents
    python benchmarks/watch_growth.py --points 400000 --appends 20 --format text   # a print log: parser kept
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import curvedoc  # noqa: E402
from curvedoc.watch import Watcher  # noqa: E402


from _events import event_record as _event  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--points", type=int, default=1_000_000)
    ap.add_argument("--appends", type=int, default=50)
    ap.add_argument("--format", choices=["jsonl", "tfevents", "text"], default="jsonl")
    ap.add_argument("--naive-at", type=int, nargs="*", default=None, help="run lengths (points) at which to time a full diagnose")
    args = ap.parse_args(argv)
    steps_total = args.points // 2
    per = steps_total // args.appends
    naive_at = set(args.naive_at if args.naive_at is not None else
                   [per * 2 * k for k in (1, args.appends // 4, args.appends // 2, args.appends)])
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "run"
        folder.mkdir()
        path = folder / {"jsonl": "metrics.jsonl", "text": "train.log"}.get(args.format,
                                                                            "events.out.tfevents.1700000000.host.1.0")
        w = Watcher(folder)
        rows = []
        step = 0
        with open(path, "wb" if args.format == "tfevents" else "w") as fh:
            for k in range(args.appends):
                s = np.arange(step, step + per)
                loss = (2.3 * np.exp(-s / (steps_total / 5)) + 0.3) * rng.gamma(16, 1 / 16, per)
                if args.format == "jsonl":
                    fh.write("".join(f'{{"step": {int(a)}, "loss": {b:.6g}, "lr": 0.001}}\n' for a, b in zip(s, loss)))
                elif args.format == "text":  # a print log: the text-log parser is kept across polls
                    fh.write("".join(f"epoch {int(a) // 1000} | iter {int(a) % 1000}/1000 | loss {b:.5f} | lr 0.001\n"
                                     for a, b in zip(s, loss)))
                else:
                    fh.write(b"".join(_event(int(a), "loss", float(b)) + _event(int(a), "lr", 1e-3) for a, b in zip(s, loss)))
                fh.flush()
                step += per
                t = time.perf_counter()
                w.poll()
                dt = time.perf_counter() - t
                n = 2 * step
                naive = None
                if n in naive_at:
                    t = time.perf_counter()
                    curvedoc.diagnose(folder)
                    naive = time.perf_counter() - t
                live = next(iter(w.runs.values())).live
                rows.append((n, dt, live.kept_points(), naive))
    print(f"{'run length':>12} {'poll (s)':>9} {'kept points':>12} {'full diagnose (s)':>18}")
    for n, dt, kept, naive in rows:
        if naive is not None or n in (rows[0][0], rows[-1][0]) or len(rows) <= 12:
            print(f"{n:>12,} {dt:>9.3f} {kept:>12,} {'' if naive is None else f'{naive:.3f}':>18}")
    first = np.median([r[1] for r in rows[1:6]])
    last = np.median([r[1] for r in rows[-5:]])
    print(f"median poll, appends 2-6: {first:.3f} s; last 5: {last:.3f} s (each append: {2 * per:,} points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
