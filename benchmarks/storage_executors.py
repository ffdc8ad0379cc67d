"""Benchmark: the audit's executors and storage layer side by side (issue 17).

On one generated TensorBoard sweep (``benchmarks/audit.py``'s generator: N runs x S steps x 8 tags, validation every
10th step), with the cache off:

* the local process pool (``--executor processes``) against a Dask ``LocalCluster`` of the same number of
  single-threaded worker processes on 127.0.0.1, as ``--executor dask`` starts it: runs/s each (the workers warmed
  by one audit first, as the pool's forked workers come with curvedoc imported), and the cluster's start-up;
* the same sweep read from object storage: uploaded to a moto S3 server on 127.0.0.1 (``--s3``), audited through
  fsspec: what listing, fetching and staging add per run;
* ``--before REV``: the local audit at an earlier revision (a temporary git worktree) against this checkout, to show
  the fsspec layer left local speed unchanged.

Each measurement is the median of ``--repeat`` audits.

    python benchmarks/storage_executors.py                     # 2000 runs x 2000 steps, pool vs Dask
    python benchmarks/storage_executors.py --s3 --runs 500
    python benchmarks/storage_executors.py --before 5c92697
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from audit import generate  # noqa: E402


def _timed(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def _norm(report) -> list:
    d = report.to_dict()
    return sorted((r["run"], r["status"], r["score"], [(f["code"], f.get("step"), f["message"]) for f in r["findings"]])
                  for r in d["runs"])


_REV_SCRIPT = """
import sys, time, json
sys.path.insert(0, sys.argv[1])
from curvedoc.engine.audit import audit
t0 = time.perf_counter(); r = audit(sys.argv[2], cache=False, jobs=int(sys.argv[3])); t = time.perf_counter() - t0
print(json.dumps({"seconds": t, "runs": len(r.runs)}))
"""


def _audit_at(src: Path, sweep: Path, jobs: int) -> float:
    out = subprocess.run([sys.executable, "-c", _REV_SCRIPT, str(src), str(sweep), str(jobs)], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])["seconds"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2, help="pool processes = Dask workers (default 2)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--s3", action="store_true", help="also audit the sweep from a moto S3 server on 127.0.0.1")
    ap.add_argument("--before", default=None, metavar="REV", help="also time the local audit at this git revision")
    ap.add_argument("--keep", type=Path, default=None, help="generate into (or reuse) this folder")
    args = ap.parse_args()

    from curvedoc.engine.audit import audit

    tmp = None
    if args.keep:
        sweep = args.keep / "sweep"
        if not sweep.exists():
            generate(args.keep, args.runs, args.steps)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="curvedoc-bench-")
        sweep = Path(tmp.name) / "sweep"
        generate(Path(tmp.name), args.runs, args.steps)
    n = sum(1 for _ in sweep.iterdir())
    size = sum(p.stat().st_size for p in sweep.rglob("*") if p.is_file())
    print(f"sweep: {n} runs x {args.steps} steps x 8 tags, {size / 1e6:.0f} MB, {args.jobs} workers, "
          f"median of {args.repeat}")

    t_pool, pool = _timed(lambda: audit(str(sweep), cache=False, jobs=args.jobs), args.repeat)
    print(f"process pool      {t_pool:7.2f} s  {n / t_pool:7.1f} runs/s")

    from curvedoc.engine.cluster import client_for

    t0 = time.perf_counter()
    client = client_for(None, args.jobs)  # the LocalCluster `--executor dask` starts: 127.0.0.1, no dashboard
    t_start = time.perf_counter() - t0
    try:
        audit(str(sweep), cache=False, client=client)  # the workers' imports, once (the pool's fork has them)
        t_dask, dask = _timed(lambda: audit(str(sweep), cache=False, client=client), args.repeat)
    finally:
        client.close()
        client.cluster.close()
    same = _norm(dask) == _norm(pool)
    print(f"Dask LocalCluster {t_dask:7.2f} s  {n / t_dask:7.1f} runs/s  = {t_pool / t_dask:.0%} of the pool's "
          f"throughput (cluster start {t_start:.1f} s, not counted); findings identical: {same}")

    if args.s3:
        import logging

        import s3fs
        from moto.server import ThreadedMotoServer

        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
        server.start()
        host, port = server.get_host_and_port()
        opts = {"endpoint_url": f"http://{host}:{port}", "key": "bench", "secret": "bench"}
        fs = s3fs.S3FileSystem(**opts)
        fs.mkdir("bench")
        t0 = time.perf_counter()
        fs.put(str(sweep), "bench/sweep", recursive=True)
        t_up = time.perf_counter() - t0
        from curvedoc.importers.discover import discover

        t_list, disc = _timed(lambda: discover("s3://bench/sweep", storage_options=opts), args.repeat)
        t_s3, s3 = _timed(lambda: audit("s3://bench/sweep", cache=False, jobs=args.jobs, storage_options=opts),
                          args.repeat)
        server.stop()
        print(f"S3 (moto, local)  {t_s3:7.2f} s  {n / t_s3:7.1f} runs/s  (discovery: {t_list:.2f} s for "
              f"{len(disc.specs)} runs; upload {t_up:.0f} s not counted); findings identical: {_norm(s3) == _norm(pool)}")

    if args.before:
        repo = HERE.parent
        with tempfile.TemporaryDirectory(prefix="curvedoc-before-") as wt:
            subprocess.run(["git", "-C", str(repo), "worktree", "add", "--detach", wt, args.before], check=True,
                           capture_output=True)
            try:
                before, after = [], []
                for _ in range(args.repeat):  # interleaved, so a busy minute hurts both alike
                    before.append(_audit_at(Path(wt), sweep, args.jobs))
                    after.append(_audit_at(repo, sweep, args.jobs))
            finally:
                subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", wt], capture_output=True)
        b, a = statistics.median(before), statistics.median(after)
        print(f"local audit at {args.before}: {b:.2f} s; this checkout: {a:.2f} s ({(a / b - 1):+.1%}; "
              f"runs: {', '.join(f'{x:.2f}' for x in before)} vs {', '.join(f'{x:.2f}' for x in after)})")
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
