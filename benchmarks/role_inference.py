#!/usr/bin/env python3
"""Role inference on runs with many distinct tags (issue 39, item 28: 200k distinct text-log keys took 78 s).

Each case builds one run in a fresh process (cold caches) and measures the CPU seconds of what the roles code
does with its names:

* ``roles``: ``run.roles`` + ``run.family_map()`` + ``other_losses(run)`` + ``role_of_name`` of every tag (the
  text-log reader asks it of every key) -- the role inference alone, on a frame built in memory;
* ``textlog``: ``curvedoc.diagnose`` of a text log printing that many distinct keys (one line each, beside a
  training loss): reading, roles and rules end to end.

Tag shapes: ``keys`` (``metric_<i>``: no word any role reads, one point each), ``losses`` (``loss_part<i>``: every
tag a part of the training loss, 3 points each, no total logged: the case that sums loss parts). Per-tag cost that stays flat from
20k to 200k tags is linear; the old code's grew (its per-name cache of 65,536 names thrashed, and the loss parts
were compared pairwise).

Measured on the shared 2-core machine (CPU seconds, so other users' load counts little), before (d1fe962) and after
issue 39 item 28:

    case              tags      before                after
    roles   keys      20,000      0.94 s (47 us/tag)     0.38 s (19 us/tag)
    roles   keys     200,000     45.9  s (229 us/tag)    4.0  s (20 us/tag)
    roles   losses    20,000     36.8  s (1.8 ms/tag)    1.1  s (57 us/tag)
    roles   losses   200,000    > 600  s (stopped)      12.7  s (64 us/tag)
    textlog keys      20,000      4.6  s (230 us/tag)    3.6  s (179 us/tag)
    textlog keys     200,000     96.5  s (483 us/tag)   35.5  s (177 us/tag)

The rest of ``textlog`` (~150 us per distinct key, flat) is the reader's and the rules' own per-key work.

    python benchmarks/role_inference.py                     # this checkout, 20k and 200k tags
    python benchmarks/role_inference.py --repo /path/to/old  # another checkout (before/after figures)
    python benchmarks/role_inference.py --sizes 20000 --cases roles:keys
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CHILD = r'''
import json, os, sys, time
os.environ["CURVEDOC_MAX_SECONDS_PER_RUN"] = "0"  # measured to the end, whatever it takes
sys.path.insert(0, {repo!r})
import numpy as np
what, shape, n, path = {what!r}, {shape!r}, {n!r}, {path!r}
import curvedoc
from curvedoc.model.roles import other_losses, role_of_name
from curvedoc.model.run import Run, make_frame

if what == "roles":
    per = 1 if shape == "keys" else 3
    names = [f"metric_{{i}}" if shape == "keys" else f"loss_part{{i}}" for i in range(n)]
    extra = ["loss"] if shape == "keys" else []  # 'losses': no total, only its parts
    tags = np.repeat(np.asarray(names + extra, dtype=object), [per] * n + [200] * len(extra))
    steps = np.concatenate([np.tile(np.arange(per), n), np.arange(200 * len(extra))])
    values = np.concatenate([np.random.default_rng(0).uniform(0.1, 1.0, per * n),
                             2.0 / (1 + np.arange(200 * len(extra)) / 20)])
    run = Run("bench", "synthetic", make_frame(tags, steps, values))
    t0 = time.process_time()
    roles = dict(run.roles)
    run.family_map()
    other_losses(run)
    named = sum(role_of_name(t) is not None for t in run.tags)
    dt = time.process_time() - t0
    print(json.dumps({{"cpu_s": dt, "roles": roles, "named": named}}))
else:
    t0 = time.process_time()
    rep = curvedoc.diagnose(path)
    dt = time.process_time() - t0
    print(json.dumps({{"cpu_s": dt, "roles": {{k: v for k, v in rep.runs[0].roles.items() if k == "train_loss"}}}}))
'''


def _textlog(folder: Path, shape: str, n: int) -> Path:
    p = folder / f"{shape}-{n}.log"
    with open(p, "w") as fh:
        for i in range(n):
            key = f"metric_{i}" if shape == "keys" else f"loss_part{i}"
            if shape == "keys":
                fh.write(f"step {i}: loss {2.0 / (1 + i / 1000):.4f} {key}: {(i * 7919) % 1000 / 1000:.4f}\n")
            else:  # a loss part printed 3 times, no total
                for k in range(3):
                    fh.write(f"step {3 * i + k}: {key}: {0.5 + k / 10:.4f}\n")
    return p


def measure(repo: Path, what: str, shape: str, n: int, tmp: Path, timeout: float) -> dict:
    path = str(_textlog(tmp, shape, n)) if what == "textlog" else ""
    code = CHILD.format(repo=str(repo), what=what, shape=shape, n=n, path=path)
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return {"cpu_s": None, "note": f"stopped after {timeout:.0f} s"}
    except subprocess.CalledProcessError as exc:
        return {"cpu_s": None, "note": exc.stderr.strip().splitlines()[-1]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repo", type=Path, default=REPO, help="the checkout to measure (default: this one)")
    ap.add_argument("--sizes", default="20000,200000")
    ap.add_argument("--cases", default="roles:keys,roles:losses,textlog:keys",
                    help="comma-separated what:shape (what: roles|textlog, shape: keys|losses)")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per case before it is given up")
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    print(f"checkout: {a.repo}")
    with tempfile.TemporaryDirectory(prefix="curvedoc-roles-bench-") as tmp:
        for case in a.cases.split(","):
            what, shape = case.split(":")
            for n in sizes:
                r = measure(a.repo, what, shape, n, Path(tmp), a.timeout)
                if r["cpu_s"] is None:
                    print(f"{what:8s} {shape:7s} {n:>8,} tags: {r['note']}", flush=True)
                    continue
                print(f"{what:8s} {shape:7s} {n:>8,} tags: {r['cpu_s']:8.2f} CPU s  "
                      f"{1e6 * r['cpu_s'] / n:8.1f} us/tag  roles {r['roles']}", flush=True)


if __name__ == "__main__":
    main()
