"""Benchmark: audit a large TensorBoard sweep end to end.

Generates a sweep of N runs x S steps x 8 scalar tags in TF1 event-file format (the layout torch's
SummaryWriter writes), with a mix of healthy, diverging, overfitting and plateaued runs whose folder
names carry their hyperparameters (``lr=0.003_bs=64_seed=1``), then runs ``curvedoc audit`` on it in a
separate process (start-up included) and prints wall time, runs/s, points/s and the peak memory of
the parent and of the largest worker.

    python benchmarks/audit.py                      # 1000 runs x 10,000 steps x 8 tags, eval every 100 steps
    python benchmarks/audit.py --warm               # then audit again from the cache
    python benchmarks/audit.py --repeat 3           # three cold audits: each and the best (the machine is noisy)
    python benchmarks/audit.py --repeat 5 --warm    # five cold/warm pairs, interleaved: the medians of each
    python benchmarks/audit.py --repeat 5 --warm --without-numba   # and the same with numba hidden, interleaved too
    python benchmarks/audit.py --val-every 1        # every tag at every step (the dense layout)
    python benchmarks/audit.py --runs 100 --steps 2000
    python benchmarks/audit.py --keep /tmp/sweep    # keep the generated sweep for other experiments

The generated files live in a temporary folder unless --keep is given.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

TAGS = ["train/loss", "eval/loss", "train/learning_rate", "train/grad_norm", "train/epoch", "eval/accuracy",
        "train/weight_norm", "train/samples_per_second"]


def _crc(data: bytes) -> int:
    import google_crc32c

    c = google_crc32c.value(data)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(n: int) -> bytes:
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _record(payload: bytes) -> bytes:
    head = struct.pack("<Q", len(payload))
    return head + struct.pack("<I", _crc(head)) + payload + struct.pack("<I", _crc(payload))


def _event(wall: float, step: int, tag: bytes, value: float) -> bytes:
    val = b"\x0a" + _varint(len(tag)) + tag + b"\x15" + struct.pack("<f", value)
    summ = b"\x0a" + _varint(len(val)) + val
    return b"\x09" + struct.pack("<d", wall) + b"\x10" + _varint(step) + b"\x2a" + _varint(len(summ)) + summ


def _curves(kind: str, steps: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    t = np.arange(steps, dtype=float)
    tau = steps / 6
    base = 0.4 + 1.9 * np.exp(-t / tau)
    noise = rng.normal(0, 0.04, steps) * (0.5 + np.exp(-t / tau))
    train = base + noise
    val = base + 0.05 + rng.normal(0, 0.01, steps)
    lr = np.where(t < steps * 0.05, 3e-4 * t / (steps * 0.05), 3e-4 * 0.5 * (1 + np.cos(math.pi * t / steps)))
    gn = 1.0 + 0.3 * rng.standard_normal(steps) ** 2
    if kind == "diverging":
        onset = int(steps * rng.uniform(0.3, 0.6))
        blow = np.exp(np.clip(t - onset, 0, None) / (steps * 0.01))
        train = train * blow
        gn = gn * blow ** 1.5
        train[onset + int(steps * 0.06):] = np.nan
        val = val * blow
    elif kind == "overfitting":
        val = 0.9 + 1.4 * np.exp(-t / tau) + 0.6 * np.clip(t / steps - 0.35, 0, None) + rng.normal(0, 0.01, steps)
        train = 0.05 + 2.25 * np.exp(-t / (tau * 0.7)) + noise * 0.5
    elif kind == "plateau":
        train = math.log(10) + rng.normal(0, 0.02, steps)
        val = math.log(10) + rng.normal(0, 0.005, steps)
    # 10 classes: accuracy 1/K = 0.1 where the loss is log(10) = 2.3
    acc = np.clip(0.1 + 0.9 * (1.0 - val / math.log(10)), 0, 1)
    return {
        "train/loss": train,
        "eval/loss": val,
        "train/learning_rate": lr,
        "train/grad_norm": gn,
        "train/epoch": t / (steps / 10),
        "eval/accuracy": acc,
        "train/weight_norm": 50 + 5 * np.log1p(t),
        "train/samples_per_second": 1000 + rng.normal(0, 20, steps),
    }


EVAL_TAGS = ("eval/loss", "eval/accuracy")


def _write_event_file(path: Path, curves: dict[str, np.ndarray], t0: float, val_every: int = 1) -> int:
    """Every training tag at every step; the eval tags at every ``val_every``-th step (and the last)."""
    chunks = [_record(b"\x09" + struct.pack("<d", t0) + b"\x1a\x0dbrain.Event:2")]
    steps = len(next(iter(curves.values())))
    tags = [(t.encode(), np.clip(curves[t], -3e38, 3e38).astype(np.float32), t in EVAL_TAGS)
            for t in TAGS]  # NaN stays NaN
    for s in range(steps):
        wall = t0 + s * 0.1
        at_eval = s % val_every == val_every - 1 or s == steps - 1
        for tag, vals, is_eval in tags:
            if is_eval and not at_eval:
                continue
            chunks.append(_record(_event(wall, s, tag, float(vals[s]))))
    data = b"".join(chunks)
    path.write_bytes(data)
    return len(data)


def points_per_run(steps: int, val_every: int) -> int:
    evals = sum(1 for s in range(steps) if s % val_every == val_every - 1 or s == steps - 1)
    return steps * (len(TAGS) - len(EVAL_TAGS)) + evals * len(EVAL_TAGS)


def generate(root: Path, runs: int, steps: int, templates: int = 24, seed: int = 0,
             val_every: int = 1) -> tuple[int, int]:
    """Write the sweep; returns (points, bytes). Runs are copies of a few generated templates per kind."""
    rng = np.random.default_rng(seed)
    kinds = ["healthy"] * 14 + ["diverging"] * 5 + ["overfitting"] * 3 + ["plateau"] * 2
    tdir = root / "_templates"
    tdir.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(templates):
        kind = kinds[i % len(kinds)]
        p = tdir / f"{kind}_{i}.tfevents"
        _write_event_file(p, _curves(kind, steps, rng), 1.7e9 + i, val_every)
        made.append((kind, p))
    total_bytes = 0
    for r in range(runs):
        kind, src = made[r % len(made)]
        lr = {"diverging": 3e-3, "healthy": 3e-4, "overfitting": 1e-4, "plateau": 1e-4}[kind]
        d = root / "sweep" / f"lr={lr:g}_bs={[32, 64, 128][r % 3]}_seed={r}"
        d.mkdir(parents=True, exist_ok=True)
        dst = d / f"events.out.tfevents.{1700000000 + r}.bench-host.{r}.0"
        shutil.copyfile(src, dst)
        total_bytes += dst.stat().st_size
    shutil.rmtree(tdir)
    return runs * points_per_run(steps, val_every), total_bytes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--steps", type=int, default=10000)
    ap.add_argument("--val-every", type=int, default=100,
                    help="steps between evaluations (eval/loss, eval/accuracy); 1 = every tag at every step")
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: cores)")
    ap.add_argument("--warm", action="store_true",
                    help="also time an audit that reads the cache, after each cold audit (cold and warm interleaved, "
                         "so both medians see the same minutes of a shared machine)")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="time the cold audit N times (the cache emptied each time; with --warm, N cold/warm pairs) "
                         "and report each, the best and the median: this machine's speed varies by 20-30%% from "
                         "minute to minute")
    ap.add_argument("--decode", type=int, default=0, metavar="N",
                    help="also time the event-file decoder alone on N of the sweep's files, in this process")
    ap.add_argument("--without-numba", action="store_true",
                    help="also time every audit with numba hidden (an installation without it: `import numba` fails in "
                         "the audit's processes), interleaved with the default one, and check both find the same")
    ap.add_argument("--keep", type=Path, default=None, help="generate into (or reuse) this folder and keep it")
    args = ap.parse_args()

    root = args.keep or Path(tempfile.mkdtemp(prefix="curvedoc-bench-audit-"))
    sweep = root / "sweep"
    t = time.perf_counter()
    if sweep.is_dir() and any(sweep.iterdir()):
        points = sum(1 for _ in sweep.iterdir()) * points_per_run(args.steps, args.val_every)
        nbytes = sum(p.stat().st_size for p in sweep.rglob("*tfevents*"))
        print(f"reusing {sweep}: {nbytes / 1e9:.2f} GB")
    else:
        points, nbytes = generate(root, args.runs, args.steps, val_every=args.val_every)
        print(f"generated {args.runs} runs x {args.steps:,} steps x {len(TAGS)} tags (eval every "
              f"{args.val_every}) = {points:,} points, "
              f"{nbytes / 1e9:.2f} GB in {time.perf_counter() - t:.1f} s")
    try:
        # warm the page cache (the figure we want is curvedoc's, not the disk's)
        for p in sweep.rglob("*tfevents*"):
            with open(p, "rb") as fh:
                while fh.read(1 << 24):
                    pass
        if args.decode:
            from curvedoc.importers._tfrecord import read_event_file

            files = sorted(sweep.rglob("*tfevents*"))[: args.decode]
            for decoder in ("numpy", "compiled"):
                os.environ["CURVEDOC_TF_DECODER"] = decoder
                try:
                    read_event_file(files[0])  # imports (and numba's cached machine code)
                except ImportError:
                    print(f"decoder alone ({decoder}): skipped, numba cannot be imported (it is part of the default install)")
                    continue
                walls = []
                for _ in range(3):  # the best of three passes over files already in the page cache
                    t = time.perf_counter()
                    n = sum(read_event_file(f).n_points for f in files)
                    walls.append(time.perf_counter() - t)
                wall = min(walls)
                print(f"decoder alone ({decoder}): {len(files)} files, {n:,} points in {wall:.2f} s = "
                      f"{n / wall / 1e6:.2f} M points/s (best of 3)")
            os.environ.pop("CURVEDOC_TF_DECODER", None)
        # the compiled kernels (numba, in the default install): compiled once per install (~5 s, kept in numba's cache);
        # done here so "cold" below means curvedoc's result cache is empty, not a first compile
        warm = subprocess.run([sys.executable, "-c", "from curvedoc.importers._tfrecord_jit import warm; warm(); "
                               "from curvedoc.detectors._rolling_jit import warm; warm()"],
                              capture_output=True, text=True)
        print("event decoder and rolling median: " + (
            "compiled (numba), their machine code ready" if warm.returncode == 0 else
            "numpy and pandas (numba cannot be imported here: it is part of the default install)"))
        cache = root / "cache"
        shutil.rmtree(cache, ignore_errors=True)
        cmd = [sys.executable, "-m", "curvedoc", "audit", str(sweep), "--cache-dir", str(cache), "--format", "json",
               "--out", str(root / "audit.json"), "--no-progress"]
        if args.jobs:
            cmd += ["--jobs", str(args.jobs)]
        pair = ["cold (empty cache)"] + (["warm (cache filled)"] if args.warm else [])
        variants = {"numba": dict(os.environ)}
        if args.without_numba:
            hide = root / "_no_numba"  # a package named numba that cannot be imported, ahead of the installed one
            (hide / "numba").mkdir(parents=True, exist_ok=True)
            (hide / "numba" / "__init__.py").write_text("raise ImportError('numba hidden by benchmarks/audit.py')\n")
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join([str(hide)] + [x for x in [env.get("PYTHONPATH", "")] if x])
            variants["without numba"] = env
        labels = [(v, lab) for _ in range(max(1, args.repeat)) for v in variants for lab in pair]
        findings: dict[str, dict] = {}
        import curvedoc

        print(f"curvedoc {curvedoc.__version__} from {Path(curvedoc.__file__).parent} (the audits run "
              f"{sys.executable} -m curvedoc from {Path.cwd()}); load average at start "
              f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        timed: dict[str, list[tuple[float, float]]] = {}
        loads: dict[str, list[float]] = {}
        cpu_before = 0.0
        for variant, label in labels:
            if label.startswith("cold"):
                shutil.rmtree(cache, ignore_errors=True)
            load1 = os.getloadavg()[0]
            t = time.perf_counter()
            proc = subprocess.run(cmd, capture_output=True, text=True, env=variants[variant])
            wall = time.perf_counter() - t
            ru = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = ru.ru_utime + ru.ru_stime - cpu_before  # the audit's processes, parent and workers
            cpu_before += cpu
            if proc.returncode not in (0, 1):
                print(proc.stderr)
                raise SystemExit(f"audit failed with exit code {proc.returncode}")
            import json

            doc = json.loads((root / "audit.json").read_text())
            n = len(doc["runs"])
            pts = sum(r["points"] for r in doc["runs"])
            assert pts == points, f"points returned {pts:,} != points written {points:,}"
            name = f"{label.split()[0]}, {variant}" if len(variants) > 1 else label.split()[0]
            print(f"{name if len(variants) > 1 else label}: audit of {n} runs: {wall:.2f} s wall, {cpu:.2f} s CPU "
                  f"({n / wall:.0f} runs/s, {pts / wall / 1e6:.2f} M points/s, {nbytes / wall / 1e6:.0f} MB/s); "
                  f"peak RSS of the largest process so far: {ru.ru_maxrss / 1024:.0f} MB; exit code {proc.returncode}; "
                  f"load average {load1:.1f} before", flush=True)
            timed.setdefault(name, []).append((wall, cpu))
            loads.setdefault(name, []).append(load1)
            # what was found, run by run (codes and steps): every audit of every variant must say the same
            got = {r["run"]: sorted((f["code"], f.get("step")) for f in r.get("findings", [])) for r in doc["runs"]}
            findings.setdefault(variant, got)
            if got != findings[variant] or got != next(iter(findings.values())):
                differ = [k for k in got if got[k] != next(iter(findings.values())).get(k)]
                print(f"  FINDINGS DIFFER from the first audit's for {len(differ)} runs, e.g. {differ[:3]}")
        for kind, got in timed.items():
            if len(got) > 1:
                walls, cpus = sorted(w for w, _ in got), sorted(c for _, c in got)
                print(f"{kind} audits: median {statistics.median(walls):.2f} s wall (best {walls[0]:.2f}, worst "
                      f"{walls[-1]:.2f}), median {statistics.median(cpus):.1f} s CPU, of {len(got)}; load average "
                      f"{min(loads[kind]):.1f}-{max(loads[kind]):.1f} before them")
        if len(findings) > 1:
            same = len({repr(sorted(v.items())) for v in findings.values()}) == 1
            print("findings of every run: " + ("the same with and without numba" if same else "DIFFER between variants"))
        print(f"load average at end {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        print("status counts:", doc["sweep"]["status_counts"])
        for s in doc["sweep"]["separating_hparams"][:3]:
            print("  ", s["statement"])
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
