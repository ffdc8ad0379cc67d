"""Benchmark: the audit's executors and storage layer side by side (issue 17).

On one generated TensorBoard sweep (``benchmarks/audit.py``'s generator: N runs x S steps x 8 tags, validation every
10th step), with the cache off:

* the local process pool (``--executor processes``) against a Dask ``LocalCluster`` of the same number of
  single-threaded worker processes on 127.0.0.1, as ``--executor dask`` starts it: runs/s each (the workers warmed
  by one audit first, as the pool's forked workers come with curvedoc imported), and the cluster's start-up;
* the same sweep read from object storage: uploaded to a moto S3 server on 127.0.0.1 (``--s3``), audited through
  fsspec: what listing, fetching and staging add per run;
* ``--scale 1000,3000,10000`` (issue 41): sweeps of those sizes in a bucket of a moto S3 server run as a process of
  its own, each audited by ``python -m curvedoc audit s3://... --out results.jsonl`` (wall time, start-up included)
  with the process pool and with a Dask cluster started from the dask CLI (``dask scheduler``, ``--jobs`` x ``dask
  worker --nthreads 1``), interleaved, ``--repeat`` times each: medians, the ratio, the load average, a linear fit
  of time against runs (the per-run cost); each JSONL checked to hold every run exactly once. ``--kill``: one more
  Dask audit of the largest size with a worker killed (SIGKILL) at 40%: every run still exactly once, the findings
  as without the kill. Every process and temporary folder it starts is removed at the end, on Ctrl-C too;
* ``--before REV``: the local audit at an earlier revision (a temporary git worktree) against this checkout, to show
  the fsspec layer left local speed unchanged.

Each measurement is the median of ``--repeat`` audits.

    python benchmarks/storage_executors.py                     # 2000 runs x 2000 steps, pool vs Dask
    python benchmarks/storage_executors.py --s3 --runs 500
    python benchmarks/storage_executors.py --before 5c92697
    python benchmarks/storage_executors.py --scale 1000,3000,10000 --kill
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


# ------------------------------------------------------------------------------------------ --scale (issue 41)
#
# Every service is a process of its own, started the way a user starts it: the moto S3 server (``moto_server``), a
# Dask scheduler and ``--jobs`` workers from the dask CLI (``dask scheduler``, ``dask worker``, each worker under its
# nanny), and every measured audit is ``python -m curvedoc audit s3://...`` (its wall time, start-up included, as a
# user sees it). Each child is in a process group of its own, killed on the way out -- Ctrl-C, SIGTERM or an error
# -- with every temporary folder.


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Services:
    """Child processes in process groups of their own and a temporary folder, all removed by close() (also on
    Ctrl-C and SIGTERM, which are turned into exceptions while the services run)."""

    def __init__(self, prefix: str = "curvedoc-scale-"):
        import signal

        self.tmp = Path(tempfile.mkdtemp(prefix=prefix))
        self.procs: list[subprocess.Popen] = []
        self._old = signal.signal(signal.SIGTERM, self._on_term)
        self._old_hup = signal.signal(signal.SIGHUP, self._on_term)
        # Ctrl-C as KeyboardInterrupt even where SIGINT came in ignored (a background job of a script)
        self._old_int = signal.signal(signal.SIGINT, signal.default_int_handler)

    @staticmethod
    def _on_term(signum, frame):
        raise SystemExit(128 + signum)

    def start(self, name: str, cmd: list[str], env: dict | None = None) -> subprocess.Popen:
        import os

        log = open(self.tmp / f"{name}.log", "wb")
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             env={**os.environ, **(env or {})}, start_new_session=True)
        log.close()
        p.name = name  # type: ignore[attr-defined]
        self.procs.append(p)
        return p

    def log(self, name: str) -> str:
        try:
            return (self.tmp / f"{name}.log").read_text(errors="replace")[-2000:]
        except OSError:
            return ""

    def close(self) -> None:
        import os
        import shutil
        import signal

        for sig, wait in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
            alive = [p for p in self.procs if p.poll() is None]
            for p in alive:
                try:
                    os.killpg(p.pid, sig)  # the group: a nanny's worker, moto's threads, an audit's pool
                except ProcessLookupError:
                    pass
            deadline = time.monotonic() + wait
            for p in alive:
                try:
                    p.wait(max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    pass
        for p in self.procs:  # a group whose leader ended may still hold children (a worker whose nanny died)
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        shutil.rmtree(self.tmp, ignore_errors=True)
        signal.signal(signal.SIGTERM, self._old)
        signal.signal(signal.SIGHUP, self._old_hup)
        signal.signal(signal.SIGINT, self._old_int)


def _wait_for(what: str, ready, proc: subprocess.Popen, services: _Services, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{what} ended with exit code {proc.returncode}:\n{services.log(proc.name)}")
        got = ready()
        if got:
            return got
        time.sleep(0.2)
    raise SystemExit(f"{what} not ready after {seconds:.0f} s:\n{services.log(proc.name)}")


def _dask_cli() -> list[str]:
    import shutil

    exe = Path(sys.executable).with_name("dask")
    found = str(exe) if exe.exists() else shutil.which("dask")
    if not found:
        raise SystemExit("the dask CLI is not installed: pip install 'curvedoc[dask]'")
    return [found]


def _load() -> str:
    import os

    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def _jsonl_runs(path: Path) -> tuple[dict, int]:
    """run name -> (status, score, findings) from a results stream, and how many run lines it holds (a run counted
    twice shows as more lines than names)."""
    from curvedoc.engine.stream import records

    out, lines = {}, 0
    for rec in records(path):
        if "run" not in rec:
            continue
        lines += 1
        r = rec["run"]
        out[r["run"]] = (r["status"], r.get("score"), sorted((f["code"], f.get("step"), f["message"])
                                                              for f in r.get("findings") or []),
                         [i.get("kind") for i in r.get("issues") or [] if isinstance(i, dict)])
    return out, lines


def _worker_processes(nanny: subprocess.Popen) -> list[int]:
    """The Dask worker process(es) a ``dask worker`` nanny runs (its children other than multiprocessing's
    resource tracker)."""
    import psutil

    try:
        kids = psutil.Process(nanny.pid).children()
    except psutil.NoSuchProcess:
        return []
    out = []
    for k in kids:
        try:
            if "resource_tracker" not in " ".join(k.cmdline()):
                out.append(k.pid)
        except psutil.NoSuchProcess:
            pass
    return out


WARM_RUNS = 48  # a first audit of this many runs outside the measurements


def scale(args) -> None:
    import os
    import signal

    # "1000,3000,10000" or with repetitions of their own: "1000:5,3000:3,10000:2" (default --repeat)
    reps_of = {int(x.split(":")[0]): int(x.split(":")[1]) if ":" in x else args.repeat for x in args.scale.split(",")}
    sizes = sorted(reps_of)
    repo = HERE.parent
    services = _Services()
    try:
        port = _free_port()
        moto = services.start("moto", [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)])
        endpoint = f"http://127.0.0.1:{port}"
        opts = {"endpoint_url": endpoint, "key": "bench", "secret": "bench"}

        def moto_up():
            import urllib.request

            try:
                urllib.request.urlopen(endpoint, timeout=1).close()
                return True
            except OSError as exc:
                return getattr(exc, "code", None) is not None  # an HTTP answer of any status: the server is up

        _wait_for("moto_server", moto_up, moto, services)

        # the sweep: the largest size generated once; each size is a prefix of its own in the bucket
        t0 = time.perf_counter()
        generate(services.tmp / "gen", max(sizes), args.steps)
        sweep = services.tmp / "gen" / "sweep"
        names = sorted(p.name for p in sweep.iterdir())
        per_run = sum(p.stat().st_size for p in sweep.rglob("*") if p.is_file()) / len(names)
        import s3fs

        fs = s3fs.S3FileSystem(**opts)
        fs.mkdir("bench")
        for n, where in [(WARM_RUNS, "warm")] + [(n, f"s{n}") for n in sizes]:
            files = [f for r in names[:n] for f in sorted((sweep / r).iterdir())]
            fs.put([str(f) for f in files], [f"bench/{where}/{f.parent.name}/{f.name}" for f in files])
        import shutil

        shutil.rmtree(services.tmp / "gen")  # the bucket has it now; the audits read it from there
        print(f"S3 (moto_server, its own process): {', '.join(map(str, sizes))} runs x {args.steps} steps x 8 tags "
              f"(one event file of {per_run / 1e3:.0f} kB per run), generated and uploaded in "
              f"{time.perf_counter() - t0:.0f} s", flush=True)

        # the Dask cluster, from the dask CLI: a scheduler and one `dask worker` (nanny + single-threaded worker) per
        # job; the workers import this checkout's curvedoc, without Dask's profiler (as `--executor dask` turns it off)
        # the workers' and the audits' temporary folder (their runs' staging folders) a private one, so that what a
        # killed worker leaves there shows (it is removed by the next process that stages)
        stage_tmp = services.tmp / "tmp"
        stage_tmp.mkdir()
        env = {"PYTHONPATH": str(repo) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
               "DASK_TEMPORARY_DIRECTORY": str(services.tmp), "TMPDIR": str(stage_tmp)}
        sched_file = services.tmp / "scheduler.json"
        sched = services.start("scheduler", _dask_cli() + ["scheduler", "--host", "127.0.0.1", "--port", "0",
                                                           "--no-dashboard", "--scheduler-file", str(sched_file)], env)

        def address():
            try:
                return json.loads(sched_file.read_text())["address"]
            except (OSError, ValueError, KeyError):
                return None

        addr = _wait_for("dask scheduler", address, sched, services)
        nannies = [services.start(f"worker{k}", _dask_cli() + [
            "worker", "--scheduler-file", str(sched_file), "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
            "--host", "127.0.0.1", "--name", f"w{k}", "--local-directory", str(services.tmp / f"w{k}")], env)
            for k in range(args.jobs)]
        from distributed import Client

        with Client(addr, timeout="30s") as c:
            c.wait_for_workers(args.jobs, timeout=120)
        print(f"Dask: `dask scheduler` at {addr}, {args.jobs} x `dask worker --nthreads 1` (each under its nanny)",
              flush=True)

        base = [sys.executable, "-m", "curvedoc", "audit", "--no-cache", "--no-progress", "-j", str(args.jobs),
                "--format", "json", "--exit-zero"] + [a for k, v in opts.items() for a in ("--storage-option", f"{k}={v}")]
        cmds = {"pool": ["--executor", "processes"], "dask": ["--executor", "dask", "--scheduler", addr]}
        audit_env = {**os.environ, "PYTHONPATH": env["PYTHONPATH"], "TMPDIR": str(stage_tmp)}

        def one(kind: str, n: int, kill_at: float | None = None, prefix: str | None = None) -> dict:
            out = services.tmp / f"{kind}-{n}.jsonl"
            out.unlink(missing_ok=True)
            cmd = base[:4] + [f"s3://bench/{prefix or f's{n}'}", "--out", str(out)] + base[4:] + cmds[kind]
            load = os.getloadavg()[0]
            t0 = time.perf_counter()
            errlog = services.tmp / f"audit-{kind}-{n}.err"
            with open(errlog, "wb") as errfh:  # a file, not a pipe: a chatty audit cannot fill it and stall
                p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errfh, env=audit_env,
                                     start_new_session=True)
            p.name = f"audit-{kind}-{n}"  # type: ignore[attr-defined]
            services.procs.append(p)
            killed = None
            if kill_at is not None:
                done, fh = 0, None
                try:
                    while p.poll() is None and killed is None:
                        if fh is None and out.exists():
                            fh = open(out, "rb")
                        if fh is not None:  # the lines written since the last look (the header counts as one)
                            done += sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
                        if done - 1 >= kill_at * n:
                            pids = _worker_processes(nannies[0])
                            if pids:
                                os.kill(pids[0], signal.SIGKILL)
                                killed = (pids[0], done - 1)
                        time.sleep(0.2)
                finally:
                    if fh is not None:
                        fh.close()
            p.wait()
            t = time.perf_counter() - t0
            services.procs.remove(p)
            if p.returncode != 0:
                err = errlog.read_text(errors="replace")[-2000:]
                raise SystemExit(f"{' '.join(cmd)}: exit {p.returncode}\n{err}")
            runs, lines = _jsonl_runs(out)
            return {"seconds": t, "runs": runs, "lines": lines, "load": load, "killed": killed}

        # the workers' imports and the pool's first start, once, outside the measurements
        one("dask", WARM_RUNS, prefix="warm")
        one("pool", WARM_RUNS, prefix="warm")
        table = []
        for n in sizes:
            reps = {"pool": [], "dask": []}
            loads = []
            reference = None
            for r in range(reps_of[n]):  # interleaved: a busy minute on the shared machine hurts both alike
                for kind in (("pool", "dask") if r % 2 == 0 else ("dask", "pool")):
                    got = one(kind, n)
                    if got["lines"] != n or set(got["runs"]) != set(names[:n]):
                        raise SystemExit(f"{kind}, {n} runs: {got['lines']} run lines for {len(got['runs'])} of the "
                                         f"{n} runs in the JSONL")
                    if reference is None:
                        reference = got["runs"]
                    same = got["runs"] == reference
                    reps[kind].append(got["seconds"])
                    loads.append(got["load"])
                    print(f"  {n:6d} runs  {kind:4s}  {got['seconds']:7.1f} s  {n / got['seconds']:6.1f} runs/s  "
                          f"load {got['load']:.2f}  findings as the first audit's: {same}", flush=True)
            tp, td = statistics.median(reps["pool"]), statistics.median(reps["dask"])
            table.append((n, tp, td, statistics.median(loads), min(loads), max(loads)))

        print(f"\n{'runs':>6s} {'pool s':>8s} {'runs/s':>7s} {'dask s':>8s} {'runs/s':>7s} {'dask/pool':>9s}  load (1 min)")
        for n, tp, td, lm, lo, hi in table:
            print(f"{n:6d} {tp:8.1f} {n / tp:7.1f} {td:8.1f} {n / td:7.1f} {tp / td:9.0%}  median {lm:.2f} "
                  f"({lo:.2f}-{hi:.2f})")
        if len(table) >= 2:
            import numpy as np

            x = np.array([n for n, *_ in table], dtype=float)
            for k, label in ((1, "pool"), (2, "dask")):
                y = np.array([row[k] for row in table])
                b, a = np.polyfit(x, y, 1)
                print(f"fit {label}: t = {a:.1f} s + {b * 1e3:.1f} ms x runs  ({1 / b:.1f} runs/s at scale; "
                      f"100k runs ~ {(a + b * 1e5) / 60:.0f} min on these {args.jobs} workers)")

        if args.kill:
            n = max(sizes)
            got = one("dask", n, kill_at=0.4)
            died = [r for r, v in got["runs"].items() if "worker-died" in v[3]]
            ok = got["lines"] == n and set(got["runs"]) == set(names[:n])
            same = sum(1 for r, v in got["runs"].items() if v == reference.get(r))
            print(f"\nworker killed (SIGKILL to pid {got['killed'][0]} after {got['killed'][1]} of {n} runs)"
                  if got["killed"] else "\nno worker was killed (the audit ended first)")
            print(f"dask with a worker killed: {got['seconds']:.1f} s, {n / got['seconds']:.1f} runs/s; "
                  f"{len(got['runs'])} runs in {got['lines']} lines of the JSONL, every run exactly once: {ok}; "
                  f"reported worker-died: {len(died)}; findings as without the kill: {same} of {n}")
            left = sorted(p.name for p in stage_tmp.iterdir() if p.name.startswith("curvedoc-stage-"))
            print(f"staging folders and their locks left in the workers' temporary folder after the audit: {len(left)}"
                  + (f" ({', '.join(left[:4])})" if left else ""))
            if not ok:
                raise SystemExit("runs lost or duplicated when a worker died")
        print(f"load average at the end: {_load()}")
    finally:
        services.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--steps", type=int, default=None, help="steps per run (default 2000; 300 with --scale)")
    ap.add_argument("--jobs", type=int, default=2, help="pool processes = Dask workers (default 2)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--s3", action="store_true", help="also audit the sweep from a moto S3 server on 127.0.0.1")
    ap.add_argument("--before", default=None, metavar="REV", help="also time the local audit at this git revision")
    ap.add_argument("--keep", type=Path, default=None, help="generate into (or reuse) this folder")
    ap.add_argument("--scale", default=None, metavar="N[:R],...",
                    help="audit these sweep sizes from a moto S3 server, the process pool against a Dask cluster "
                         "started from the dask CLI, interleaved, R (--repeat) times each (e.g. 1000:5,3000:3,10000:2); "
                         "nothing else is measured")
    ap.add_argument("--kill", action="store_true",
                    help="with --scale: one more Dask audit of the largest size with a worker killed (SIGKILL) at 40%%")
    args = ap.parse_args()
    if args.scale:
        args.steps = args.steps or 300
        scale(args)
        return
    args.steps = args.steps or 2000

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
