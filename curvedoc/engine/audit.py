"""Sweep audit: diagnose hundreds to thousands of runs at once, rank them, explain the sweep.

    report = curvedoc.audit("sweeps/lr_bs_grid", jobs=4)
    report.sweep["separating_hparams"]   # "divergence in 7 of 7 runs with lr >= 0.003, in 0 of 21 below"

Runs are found by :func:`curvedoc.importers.discover.discover` in this process; each worker process
reads and diagnoses runs and sends back a findings-only :class:`RunReport` (plus a small summary and
a 100-point curve for the overview plot), so memory stays bounded by one run per worker. Results are
cached per run, keyed by every input file's size, mtime and inode plus the settings and curvedoc's
version: a changed file is never served from the cache. The cache lives in the user cache folder,
never inside the sweep.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import multiprocessing as mp
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from curvedoc.engine import Plan, diagnose_run, resolve_settings, unreadable_report
from curvedoc.engine.config import Settings
from curvedoc.engine.report import Report, RunReport
from curvedoc.importers._base import SETTINGS_SUFFIXES, RunSpec, is_settings_file
from curvedoc.vocab import STATUSES, WARNING_OR_WORSE, Status, status_rank

CURVE_POINTS = 100

# ------------------------------------------------------------------------------------------ workers

_PLAN: Plan | None = None


def _init_worker(settings: Settings, memory: int | None = None, compiled: bool = False) -> Any:
    """Per worker process: the plan, the size guard and the memory guard (``memory`` bytes per run on top of what
    the process holds) for the worker's lifetime; returns the memory guard (the in-process path restores it).
    ``compiled``: the parent readied the compiled rolling median (a forked worker has it already, a spawned one
    loads it from numba's cache)."""
    global _PLAN
    import signal
    import threading

    from curvedoc.importers import set_reading

    if threading.current_thread() is threading.main_thread() and mp.parent_process() is not None:
        # a worker process forked from an audit inherits the parent's SIGTERM handler (_terminate_on_sigterm, which
        # raises SystemExit wherever Python happens to be): Pool.terminate() must kill a worker outright, as stock
        # multiprocessing does -- a SystemExit raised inside the task queue's lock left a worker blocked on it and
        # the audit waiting forever for it to end
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    set_reading(settings)  # the size guard and the event-file reader, for the worker's lifetime
    if compiled:
        from curvedoc.detectors._signal import prepare_compiled

        prepare_compiled()
    _PLAN = Plan.build(settings)
    from curvedoc._guard import MemoryGuard

    return MemoryGuard(memory)  # last: the plan and its imports count as what the process holds


def _curve(run, role: str) -> list[list[float]] | None:
    if role not in run.roles:
        return None
    from curvedoc.detectors._signal import downsample

    s = run.series(role)
    if len(s) == 0:
        return None
    d = downsample(s, CURVE_POINTS)
    v = d.to_numpy(dtype=np.float64)
    return [[int(st), (float(x) if math.isfinite(x) else None)] for st, x in zip(d.index.to_numpy(), v)]


def _fingerprint(run) -> str | None:
    """Identical curves => identical fingerprint (seed not varied, or the same run copied twice)."""
    if "train_loss" not in run.roles:
        return None
    h = hashlib.sha1()
    for role in ("train_loss", "val_loss"):
        if role in run.roles:
            s = run.series(role)
            h.update(s.index.to_numpy(np.int64).tobytes())
            h.update(np.round(s.to_numpy(np.float64), 6).astype(np.float32).tobytes())
    return h.hexdigest()


def _diagnose_spec(spec: RunSpec) -> list[dict[str, Any]]:
    """Worker body: read one spec, diagnose every run in it, return plain dicts (no frames).

    Bounded by the per-run time guard (``max-seconds``): a spec that takes longer is one unreadable entry.
    """
    from curvedoc._guard import RunTimeout, max_seconds, time_guard

    assert _PLAN is not None
    try:
        with time_guard(max_seconds(_PLAN.settings)):
            return _diagnose_spec_unguarded(spec)
    except RunTimeout as exc:
        return [unreadable_report(spec.name, str(spec.root), exc.reason, "timeout").to_dict()]


# what went wrong around a run rather than in it: a worker that died (killed, a lost Dask worker), the time
# limit (the machine's load), the memory guard (its share depends on the machine and the number of workers), a
# fetch from object storage that failed (the network), a store that kept changing while it was copied. Such a result is reported, never cached nor kept by
# --resume: the next audit tries the run again.
TRANSIENT_KINDS = frozenset({"worker-died", "timeout", "out-of-memory", "fetch-failed", "store-busy"})


def _transient(result: list[dict[str, Any]]) -> bool:
    """The result says an infrastructure failure (:data:`TRANSIENT_KINDS`), not something about the inputs."""
    return any(i.get("kind") in TRANSIENT_KINDS for d in result if isinstance(d, dict)
               for i in (d.get("issues") or []) if isinstance(i, dict))


def _diagnose_spec_unguarded(spec: RunSpec) -> list[dict[str, Any]]:
    from curvedoc.errors import LoadError
    from curvedoc.importers import not_a_log, read_spec

    assert _PLAN is not None
    try:
        runs = read_spec(spec, _PLAN.settings.roles)
    except LoadError as exc:
        if not_a_log(spec, exc):
            # a readable file that is simply not a training log (config.csv, predictions.json): a problem
            # of discovery, not a broken run -- the same rule as diagnose (importers.load_all)
            return [{"_problem": {"path": exc.path, "reason": exc.reason, "kind": exc.kind}}]
        return [unreadable_report(spec.name, exc.path, exc.reason, exc.kind).to_dict()]
    except Exception as exc:  # pragma: no cover - read_spec already wraps reader bugs
        return [unreadable_report(spec.name, str(spec.root), f"{type(exc).__name__}: {exc}", "internal-error").to_dict()]
    out = []
    for run in runs:
        rr = diagnose_run(run, _PLAN, keep_run=False)
        d = rr.to_dict()
        d["_curves"] = {r: c for r in ("train_loss", "val_loss") if (c := _curve(run, r))}
        d["_fingerprint"] = _fingerprint(run)
        out.append(d)
    return out


def _work(item: tuple[int, RunSpec, str | None]) -> tuple[int, list[dict[str, Any]]]:
    idx, spec, cache_path = item
    result = _diagnose_spec(spec)
    if cache_path and not _transient(result):  # a timeout depends on the machine's load: retry next time
        _cache_write(cache_path, result)
    return idx, result


# ------------------------------------------------------------------------------------------ cache


def default_cache_dir() -> Path:
    """``$CURVEDOC_CACHE_DIR``, else ``$XDG_CACHE_HOME/curvedoc``, else ``~/.cache/curvedoc``."""
    if os.environ.get("CURVEDOC_CACHE_DIR"):
        return Path(os.environ["CURVEDOC_CACHE_DIR"])
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "curvedoc"
    home = Path.home()
    if not home.is_dir():
        # HOME=/nonexistent (a service account): never create a home folder; use the temporary folder instead
        import tempfile

        return Path(tempfile.gettempdir()) / f"curvedoc-cache-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
    return home / ".cache" / "curvedoc"


def _settings_key(settings: Settings) -> str:
    from curvedoc import __version__
    from curvedoc._resources import rules_dir

    h = hashlib.sha256()
    h.update(__version__.encode())
    h.update(json.dumps({"select": settings.select, "ignore": settings.ignore, "params": settings.params,
                         "roles": settings.roles, "max_file_mb": settings.max_file_mb, "reader": settings.reader},
                        sort_keys=True, default=str).encode())
    for d in [rules_dir(), *map(Path, settings.rules_dirs)]:
        for p in sorted(Path(d).glob("*.toml")):
            h.update(p.name.encode())
            h.update(p.read_bytes())
    h.update(_code_key().encode())
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def _code_key() -> str:
    """A hash of curvedoc's own code: every release is 0.1.0 until it is not, and a changed detector must not be
    served the findings its previous version cached (about 5 ms, once per process)."""
    pkg = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for p in sorted(pkg.rglob("*.py")):
        try:
            h.update(str(p.relative_to(pkg)).encode())
            h.update(p.read_bytes())
        except OSError:
            pass
    return h.hexdigest()


class _Listings:
    """Regular files per folder, listed once per audit: a folder of 10,000 logs is read once, not once per log
    (that made a cached audit quadratic in the logs per folder)."""

    def __init__(self):
        self._d: dict[Path, list[Path]] = {}
        self._c: dict[Path, list[Path]] = {}

    def configs(self, folder: Path) -> list[Path]:
        """The small YAML/JSON files of a folder (configs and hparams readers pick up beside a log)."""
        got = self._c.get(folder)
        if got is None:
            got = []
            for p in self.files(folder):
                if p.name.lower().endswith(SETTINGS_SUFFIXES):
                    try:
                        if is_settings_file(p.name, p.stat().st_size):
                            got.append(p)
                    except OSError:
                        pass
            self._c[folder] = got
        return got

    def files(self, folder: Path) -> list[Path]:
        got = self._d.get(folder)
        if got is None:
            try:
                got = [Path(e.path) for e in os.scandir(folder) if e.is_file()]
            except OSError:
                got = []
            self._d[folder] = got
        return got


def _spec_files(spec: RunSpec, listing: _Listings | None = None) -> list[Path]:
    """Every file that can change a run's result: its logs, and the files beside each of them (hparams.yaml in
    a TensorBoard sub-folder, training_args.json in an HF checkpoint folder, a config next to a CSV)."""
    listing = listing or _Listings()
    files = set(spec.files)
    root = spec.root
    try:
        if root.is_dir():
            if spec.format == "mlflow":
                files.update(p for p in root.rglob("*") if p.is_file())
            if spec.format == "wandb" and (root / "files").is_dir():
                files.update(listing.files(root / "files"))
            if spec.format == "hf-trainer-state":  # other checkpoints' states and training_args.json are read too
                for ckpt in sorted({*root.glob("checkpoint-*"), *(Path(f).parent for f in spec.files)}):
                    if ckpt.is_dir():
                        files.update(p for p in listing.files(ckpt) if p.suffix.lower() == ".json")
            files.update(listing.configs(root))
        elif root.is_file():
            files.add(root)
        # beside each log file: the small config files readers pick up -- not every other log of the folder (a
        # folder of 10,000 CSVs made each run's key list 10,000 files: a cached audit was quadratic)
        for folder in {Path(f).parent for f in spec.files}:
            files.update(listing.configs(folder))
    except OSError:
        pass
    for part in spec.extras.get("companions", ()):  # the other logs of the same training (HF, MMEngine layouts)
        files.update(_spec_files(part, listing))
    return sorted(files)


def _b(s: str) -> bytes:
    """A name as bytes for a hash: a file name that is not valid UTF-8 arrives as lone surrogates, which plain
    .encode() refuses (that crashed a cached audit of a folder named with a Latin-1 byte)."""
    return s.encode("utf-8", "surrogateescape")


def _spec_key(spec: RunSpec, settings_key: str, listing: _Listings | None = None) -> str:
    h = hashlib.sha256(settings_key.encode())
    h.update(_b(spec.name))
    h.update(spec.format.encode())
    h.update(_b(json.dumps(spec.prefixes, sort_keys=True)))
    if "remote" in spec.extras:  # in object storage: each needed object's size and ETag / mtime from the listing
        from curvedoc.importers.remote import fingerprint

        for part in [spec, *spec.extras.get("companions", ())]:
            for line in fingerprint(part):
                h.update(_b(line))
        return h.hexdigest()
    for p in _spec_files(spec, listing):
        try:
            st = p.stat()
            h.update(_b(f"{p}|{st.st_size}|{st.st_mtime_ns}|{st.st_ctime_ns}|{st.st_ino}"))
        except OSError:
            h.update(_b(f"{p}|missing"))
    return h.hexdigest()


def _cache_read(path: str) -> list[dict[str, Any]] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        return data if isinstance(data, list) else None
    except (OSError, ValueError):
        return None


def _cache_write(path: str, result: list[dict[str, Any]]) -> None:
    """Write a cache entry atomically; on any failure (a full disk) leave nothing behind, not a partial .tmp."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        text = json.dumps(result, allow_nan=False)  # dumps runs the C encoder in one shot; dump streams in Python
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except (OSError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass


# ------------------------------------------------------------------------------------------ progress


class _Progress:
    def __init__(self, total: int, enabled: bool, stream=None):
        self.total, self.enabled, self.done = total, enabled and total > 0, 0
        self.stream = stream or sys.stderr
        self.t0 = time.monotonic()
        self.last = 0.0

    def update(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.1 and self.done < self.total:
            return
        self.last = now
        frac = self.done / self.total
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        rate = self.done / max(now - self.t0, 1e-9)
        eta = (self.total - self.done) / rate if rate > 0 else 0
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} runs  {rate:5.1f} runs/s  eta {eta:4.0f}s ")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


# ------------------------------------------------------------------------------------------ sweep analysis

_KV = re.compile(r"(?:^|[_/,\-\s])([A-Za-z][A-Za-z0-9.]*)=([^_/,\s=]+)")


def name_hparams(name: str) -> dict[str, Any]:
    """``key=value`` parts of a run's path: ``lr=3e-3_bs=64/seed=1`` -> {lr: 0.003, bs: 64, seed: 1}."""
    out: dict[str, Any] = {}
    for k, v in _KV.findall(name):
        out[k] = _num(v)
    return out


def _num(v: Any) -> Any:
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, (int, float)):
        return v
    s = str(v).strip()
    try:
        f = float(s)
    except ValueError:
        return s
    if math.isfinite(f) and f == int(f) and re.fullmatch(r"[+-]?\d+", s):
        return int(f)
    return f


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3g}"
    return str(v)


def _flat_hparams(rr: RunReport) -> dict[str, Any]:
    hp = {}
    for k, v in (rr.hparams or {}).items():
        if isinstance(v, (str, int, float, bool)) or v is None:
            hp[str(k)] = _num(v)
    hp.update(name_hparams(rr.run))
    return hp


def fisher_greater(a: int, b: int, c: int, d: int) -> float:
    """One-sided Fisher exact test of the 2x2 table [[a, b], [c, d]] (alternative 'greater', as
    ``scipy.stats.fisher_exact``): the probability, with the margins fixed, of a top-left count of ``a`` or more.
    Exact in integers (math.comb), so the audit does not import scipy.stats (about a second per process)."""
    import math

    row1, row2, col1 = a + b, c + d, a + c
    n = row1 + row2
    if min(a, b, c, d) < 0 or n == 0:
        return 1.0
    hi = min(row1, col1)
    num = sum(math.comb(col1, x) * math.comb(n - col1, row1 - x) for x in range(a, hi + 1))
    return min(1.0, num / math.comb(n, row1))


def separating_hparams(runs: list[RunReport], min_group: int = 3, min_gap: float = 0.6,
                       max_p: float = 0.05, max_per_outcome: int = 3) -> list[dict[str, Any]]:
    """Hyperparameters whose values separate runs with a finding (or failing runs) from the others.

    For each outcome (each finding name with warning/error severity, and ``failing``) and each
    hyperparameter with at least two values: numeric ones are split at the threshold that best
    separates the outcome (``>= t`` vs ``< t``), categorical ones value-vs-rest. A statement is kept
    when both groups have ``min_group`` runs or the outcome group does, the rate difference is at
    least ``min_gap`` and Fisher's exact test gives p <= ``max_p``.
    """
    readable = [r for r in runs if r.status != Status.UNREADABLE]
    if len(readable) < 2 * min_group:
        return []
    hps = [_flat_hparams(r) for r in readable]
    keys = sorted({k for hp in hps for k in hp})
    outcomes: dict[str, list[bool]] = {}
    names = sorted({f.name for r in readable for f in r.findings if f.severity in WARNING_OR_WORSE})
    for n in names:
        outcomes[n] = [any(f.name == n and f.severity in WARNING_OR_WORSE for f in r.findings) for r in readable]
    outcomes[Status.FAILING.value] = [r.status == Status.FAILING for r in readable]
    # the candidate splits depend on the hyperparameters only: built once, as rows of two boolean matrices (the
    # group and the rest), so each outcome's counts are two matrix-vector sums instead of four per candidate
    splits = []
    for k in keys:
        vals = [hp.get(k) for hp in hps]
        present = np.array([v is not None for v in vals])
        if present.sum() < 2 * min_group:
            continue
        distinct = {v for v in vals if v is not None}
        if len(distinct) < 2 or len(distinct) > max(50, len(vals) // 2) and not all(
            isinstance(v, (int, float)) for v in distinct
        ):
            continue
        numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in distinct)
        candidates = []
        if numeric:
            xs = np.array([float(v) if v is not None else np.nan for v in vals])
            for t in sorted(distinct)[1:]:
                hi = present & (xs >= float(t))
                lo = present & (xs < float(t))
                candidates.append((hi, lo, f"{k} >= {_fmt(t)}", "below"))
                candidates.append((lo, hi, f"{k} < {_fmt(t)}", f"with {k} >= {_fmt(t)}"))
        else:
            for v in sorted(distinct, key=str):
                grp = present & np.array([x == v for x in vals])
                rest = present & ~grp
                candidates.append((grp, rest, f"{k} = {_fmt(v)}", "with other values"))
        grp_m = np.array([c[0] for c in candidates], dtype=np.int64)
        rest_m = np.array([c[1] for c in candidates], dtype=np.int64)
        splits.append((k, len(distinct), candidates, grp_m, rest_m, grp_m.sum(axis=1), rest_m.sum(axis=1)))
    results = []
    for outcome, flags in outcomes.items():
        y = np.array(flags, dtype=bool)
        n_pos = int(y.sum())
        if n_pos < min_group or n_pos == len(y):
            continue
        yi = y.astype(np.int64)
        found: dict[str, tuple] = {}
        for k, n_distinct, candidates, grp_m, rest_m, bs, ds in splits:
            As, Cs = grp_m @ yi, rest_m @ yi
            for i in np.flatnonzero((bs >= 1) & (ds >= 1) & (As >= min_group)).tolist():
                _, _, label, rest_label = candidates[i]
                a, b, c, d = int(As[i]), int(bs[i]), int(Cs[i]), int(ds[i])
                gap = a / b - c / d
                if gap < min_gap:
                    continue
                p = fisher_greater(a, b - a, c, d - c)
                if p > max_p:
                    continue
                # ties (two hparams separating equally well) go to the one with fewer distinct values:
                # a 3-value learning rate explains more than a 20-value run index
                score = (round(gap, 6), -p, -n_distinct, a)
                if k not in found or score > found[k][0]:
                    found[k] = (score, {
                        "outcome": outcome,
                        "hparam": k,
                        "condition": label,
                        "with": [a, b],
                        "without": [c, d],
                        "p_value": round(p, 6),
                        "statement": f"{outcome} in {a} of {b} runs with {label}, in {c} of {d} {rest_label}",
                    })
        ranked = sorted(found.values(), key=lambda t: t[0], reverse=True)
        results.extend(stmt for _, stmt in ranked[:max_per_outcome])
    order = {o: i for i, o in enumerate(outcomes)}
    results.sort(key=lambda r: (r["outcome"] == Status.FAILING, order[r["outcome"]]))
    return results


def sweep_analysis(runs: list[RunReport], fingerprints: dict[str, str | None]) -> dict[str, Any]:
    readable = [r for r in runs if r.status != Status.UNREADABLE]
    counts = {s: sum(1 for r in runs if r.status == s) for s in STATUSES}
    ranked = sorted(runs, key=lambda r: (status_rank(r.status), r.score, r.run))
    table = []
    for i, r in enumerate(ranked, 1):
        tf = r.top_finding
        table.append({"rank": i, "run": r.run, "status": r.status, "score": r.score,
                      "top_finding": f"{tf.code} {tf.name}" if tf else None,
                      "step": tf.step if tf else None,
                      "message": tf.message if tf else (r.errors[0] if r.errors else "")})
    findings_count: dict[str, int] = {}
    for r in runs:
        for name in {f.name for f in r.findings}:
            findings_count[name] = findings_count.get(name, 0) + 1
    # every run failing the same way
    shared = []
    if len(readable) >= 3:
        for name, n in sorted(findings_count.items(), key=lambda kv: -kv[1]):
            sev = {f.severity for r in readable for f in r.findings if f.name == name}
            if n >= 0.9 * len(readable) and sev & set(WARNING_OR_WORSE):
                shared.append({"finding": name, "runs": n, "of": len(readable),
                               "statement": f"{name} in {n} of {len(readable)} runs: likely a bug shared by the "
                                            "whole pipeline (data, loss, config), not a hyperparameter"})
    # identical curves
    groups: dict[str, list[str]] = {}
    for r in readable:
        fp = fingerprints.get(r.run)
        if fp:
            groups.setdefault(fp, []).append(r.run)
    duplicates = [sorted(v) for v in groups.values() if len(v) > 1]
    # best run by final validation loss (then by final train loss when no run has validation)
    best = None
    for role in ("val_loss", "train_loss"):
        cands = [(r.summary.get(role, {}).get("last"), r) for r in readable if r.status != Status.FAILING]
        cands = [(v, r) for v, r in cands if isinstance(v, (int, float)) and math.isfinite(v)]
        if cands:
            v, r = min(cands, key=lambda t: t[0])
            best = {"run": r.run, "by": f"final {role}", "value": v}
            break
    unreadable = [{"run": r.run, "path": r.path, "reason": r.errors[0] if r.errors else ""}
                  for r in runs if r.status == Status.UNREADABLE]
    return {
        "runs": len(runs),
        "status_counts": counts,
        "ranking": table,
        "finding_counts": dict(sorted(findings_count.items(), key=lambda kv: (-kv[1], kv[0]))),
        "separating_hparams": separating_hparams(runs),
        "shared_failures": shared,
        "duplicate_runs": duplicates,
        "best_run": best,
        "unreadable": unreadable,
    }


# ------------------------------------------------------------------------------------------ workers

WORKER_DIED = ("the worker process reading this run died twice (killed, or out of memory?); the rest of the "
               "audit went on")


def _pool_round(ctx, settings, todo, n_jobs, chunk, emit, compiled: bool = False) -> list:
    """Run ``todo`` in a pool; return the items not finished when a worker died (empty when none did).

    multiprocessing.Pool replaces a dead worker but loses its tasks, and the iterator then waits forever: the
    worker pids are watched, and a replaced one ends the round."""
    done: set[int] = set()
    batches = [todo[a:a + chunk] for a in range(0, len(todo), chunk)]
    with ctx.Pool(n_jobs, initializer=_init_worker, initargs=(settings, _memory(settings, n_jobs), compiled)) as pool:
        pids = {p.pid for p in pool._pool}
        # batches of our own with chunksize 1: with chunksize > 1 imap_unordered returns a plain generator,
        # which has no next(timeout)
        it = pool.imap_unordered(_work_batch, batches, chunksize=1)
        while len(done) < len(todo):
            try:
                got = it.next(timeout=0.5)
            except mp.TimeoutError:
                if {p.pid for p in pool._pool} != pids or any(p.exitcode not in (None, 0) for p in pool._pool):
                    break
                continue
            except StopIteration:
                break
            for i, res in got:
                done.add(i)
                emit(i, res)
    return [item for item in todo if item[0] not in done]


def _chunk(n_items: int, workers: int) -> int:
    """Runs per task: about 8 tasks per worker (load balance), at most 16 runs (a slow run does not hold up many)."""
    return max(1, min(16, n_items // (workers * 8) or 1))


def _work_batch(items: list) -> list:
    return [_work(item) for item in items]


def _memory(settings: Settings, workers: int) -> int | None:
    from curvedoc._guard import max_memory_bytes

    return max_memory_bytes(settings, workers)


def _isolated_child(settings, item, conn, memory=None) -> None:
    try:
        _init_worker(settings, memory)
        conn.send(_work(item))
    finally:
        conn.close()


def _isolated_round(ctx, settings, items, n_jobs, emit) -> None:
    """Each item in a process of its own (``n_jobs`` at a time): a process that dies costs only its run."""
    from multiprocessing.connection import wait

    queue = list(items)
    memory = _memory(settings, n_jobs)
    running: dict[Any, tuple[Any, tuple]] = {}
    while queue or running:
        while queue and len(running) < n_jobs:
            item = queue.pop(0)
            r, w = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_isolated_child, args=(settings, item, w, memory), daemon=True)
            proc.start()
            w.close()
            running[r] = (proc, item)
        for r in wait(list(running), timeout=1.0):
            proc, item = running.pop(r)
            try:
                i, res = r.recv()
            except (EOFError, OSError):
                i, res = item[0], None
            r.close()
            proc.join(timeout=5)
            if res is None:
                spec = item[1]
                code = proc.exitcode
                why = WORKER_DIED + (f" (exit signal {-code})" if isinstance(code, int) and code < 0 else "")
                res = [unreadable_report(spec.name, str(spec.root), why, "worker-died").to_dict()]
            emit(i, res)


class _terminate_on_sigterm:
    """SIGTERM to the audit (a job scheduler's cancel) ends it like Ctrl-C: the with-blocks above terminate the
    workers on the way out instead of leaving them running as orphans. Main thread only; restored after."""

    def __enter__(self):
        import signal
        import threading

        self._old = None
        if threading.current_thread() is threading.main_thread():
            def handler(signum, frame):
                raise SystemExit(128 + signum)

            self._old = signal.signal(signal.SIGTERM, handler)
        return self

    def __exit__(self, *exc):
        import signal

        if self._old is not None:
            signal.signal(signal.SIGTERM, self._old)
        return False


# ------------------------------------------------------------------------------------------ entry point


EXECUTORS = ("processes", "dask")


def audit(
    path,
    *,
    jobs: int | None = None,
    cache: bool = True,
    cache_dir: str | os.PathLike | None = None,
    progress: bool = False,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    params=None,
    roles=None,
    fail_on: str | None = None,
    rules_dirs: Iterable[str] | None = None,
    config=None,
    storage_options: dict[str, Any] | None = None,
    executor: str = "processes",
    scheduler: str | None = None,
    client=None,
    stream: str | os.PathLike | None = None,
    resume: bool = False,
) -> Report:
    """Diagnose every run under ``path`` in parallel and add a ``sweep`` section to the report.

    ``path`` is a folder or a storage URL (``s3://bucket/sweep``; fsspec ``storage_options``). ``executor`` is
    ``"processes"`` (a local pool of ``jobs`` processes) or ``"dask"`` (``client``, a ``dask.distributed.Client``,
    or one connected to ``scheduler``, or a new local cluster of ``jobs`` workers). ``stream`` names a JSON-lines
    file that gets one line per run as it is diagnosed; with ``resume`` the runs already complete in it (inputs
    unchanged) are kept and not diagnosed again (see :mod:`curvedoc.engine.stream`)."""
    from curvedoc.importers.discover import discover
    from curvedoc.importers.remote import local_path

    if executor not in EXECUTORS:
        from curvedoc.errors import ConfigError

        raise ConfigError(f"executor {executor!r}: one of {', '.join(EXECUTORS)}")
    if client is not None:
        executor = "dask"
    path = local_path(path)
    settings = resolve_settings(path, select=select, ignore=ignore, params=params, roles=roles,
                                fail_on=fail_on, rules_dirs=rules_dirs, config=config)
    Plan.build(settings)  # validate in the parent: config errors surface before any work
    disc = discover(path, storage_options=storage_options)
    specs = disc.specs
    n_jobs = jobs or settings.jobs or os.cpu_count() or 1
    n_jobs = max(1, min(n_jobs, len(specs) or 1))

    cache_root = None
    skey = None
    if cache or stream is not None:
        skey = _settings_key(settings)
    if cache:
        cache_root = Path(cache_dir) if cache_dir else default_cache_dir()
        try:
            cache_root.mkdir(parents=True, exist_ok=True)
        except OSError:
            cache_root = None

    from curvedoc.engine import stream as _stream

    if stream is not None:
        from curvedoc.errors import ConfigError

        given = stream
        # a link is followed: the results go where it points (not a new file in place of the link), under one lock
        # per real file whatever link names it
        stream = os.path.realpath(stream)
        if os.path.exists(stream) and not os.path.isfile(stream):
            raise ConfigError(f"{given}: not a regular file (a FIFO, a device or a folder); a results file is "
                              "written and read back by --resume")
        if not os.path.isdir(os.path.dirname(stream)):
            raise ConfigError(f"{given}: the folder {os.path.dirname(stream)} it would be written in does not exist")
    # one audit at a time writes a results file: a second one on the same --out would interleave or lose lines
    lock = _stream.StreamLock(stream) if stream is not None else None
    try:
        keep = _stream.complete(stream) if stream is not None and resume else {}
        keep = {k: v for k, v in keep.items() if not _transient(v)}  # a worker that died last time: try again
        results: list[list[dict[str, Any]] | None] = [None] * len(specs)
        keys: list[str | None] = [None] * len(specs)
        todo: list[tuple[int, RunSpec, str | None]] = []
        listing = _Listings()
        reused: dict[str, list[dict[str, Any]]] = {}
        cached = 0
        for i, spec in enumerate(specs):
            cpath = None
            if skey is not None:
                keys[i] = key = _spec_key(spec, skey, listing)
                if key in keep:  # resumed: done in an earlier (killed) audit with the same inputs
                    results[i] = reused[key] = keep[key]
                    continue
                if cache_root is not None:
                    cpath = str(cache_root / f"{key}.json")
                    hit = _cache_read(cpath)
                    if hit is not None:
                        results[i] = hit
                        cached += 1
                        continue
            todo.append((i, spec, cpath))

        sink = _stream.ResultStream(stream, str(path), reused) if stream is not None else None
        if sink is not None:
            for i, res in enumerate(results):  # cache hits are part of the account too
                if res is not None and keys[i] not in reused:
                    sink.write(keys[i], res)
        bar = _Progress(len(specs), progress)
        bar.update(len(specs) - len(todo))

        def emit(i: int, res: list[dict[str, Any]]) -> None:
            results[i] = res
            if sink is not None:
                sink.write(keys[i], res)
            bar.update()

        try:
            if todo:
                compiled = _prepare_compiled(todo)  # Dask workers find numba's cache warmed by this
                _execute(settings, todo, n_jobs, emit, executor, client, scheduler, compiled)
        finally:
            bar.close()
            if sink is not None:
                sink.close()

        report = sweep_report(str(path), results, [p.to_dict() for p in disc.problems])
        report.sweep["jobs"] = n_jobs
        report.sweep["cached_runs"] = cached
        if stream is not None:
            report.sweep["resumed_runs"] = len(specs) - len(todo) - cached
        return report
    finally:
        if lock is not None:
            lock.release()


def sweep_report(target: str, results: Iterable[list[dict[str, Any]] | None], problems: list[dict]) -> Report:
    """The audit report from per-input result lists (run dicts and ``{"_problem": ...}``): findings only, the
    same whether they came from workers, the cache or a results stream."""
    report = Report(target=target)
    fingerprints: dict[str, str | None] = {}
    not_logs = []
    for res in results:
        for d in res or []:
            if "_problem" in d:
                if d["_problem"]:
                    not_logs.append(d["_problem"])
                continue
            rr = RunReport.from_dict(d)
            rr.meta["curves"] = d.get("_curves") or {}
            fingerprints[rr.run] = d.get("_fingerprint")
            report.runs.append(rr)
    report.runs.sort(key=lambda r: (status_rank(r.status), r.score, r.run))
    report.problems = list(problems) + not_logs
    report.sweep = sweep_analysis(report.runs, fingerprints)
    return report


def report_from_stream(path: str | os.PathLike) -> Report:
    """The sweep report of a results stream written by ``audit --out results.jsonl`` (complete inputs only), without
    reading or diagnosing any run again: ``curvedoc audit results.jsonl --format html --out sweep.html``."""
    from curvedoc.engine import stream as _stream

    target = _stream.target(path) or str(path)
    return sweep_report(target, _stream.complete(path).values(), [])


_COMPILED_ROLLING_RUNS = 200  # inputs from which an audit readies the compiled rolling median


def _prepare_compiled(todo) -> bool:
    """Ready the compiled kernels (``curvedoc[fast]``, numba) once, before the workers start, so none of them compiles
    them on its own (a no-op without numba): the event-file decoder with a gigabyte or more of local event files to
    read, the detectors' rolling median with ``_COMPILED_ROLLING_RUNS`` inputs or more (it saves ~5 ms of CPU per
    run and costs ~0.5 s to load once). True when the rolling median is ready."""
    from curvedoc.detectors._signal import prepare_compiled as prepare_rolling
    from curvedoc.importers._tfrecord import prepare_compiled

    total = 0
    for _, spec, _ in todo:
        if spec.format == "tfevents":
            for f in spec.files:
                try:
                    total += os.stat(f).st_size
                except (OSError, TypeError, ValueError):
                    pass
    prepare_compiled(total)
    return len(todo) >= _COMPILED_ROLLING_RUNS and prepare_rolling()


def _execute(settings, todo, n_jobs, emit, executor, client, scheduler, compiled: bool = False) -> None:
    """Diagnose ``todo`` with the chosen executor, calling ``emit(index, result)`` for each input as it finishes."""
    if executor == "dask":
        from curvedoc.engine import cluster

        own = client is None
        dclient = client if client is not None else cluster.client_for(scheduler, n_jobs)
        workers = max(1, len(dclient.scheduler_info().get("workers", {})) or n_jobs)
        cache_paths = {i: cpath for i, _, cpath in todo}

        def emit_and_cache(i, res):
            if cache_paths[i] and not _transient(res):  # a path only when the cache is on
                _cache_write(cache_paths[i], res)
            emit(i, res)

        try:
            with _terminate_on_sigterm():
                cluster.run(dclient, settings, todo, _chunk(len(todo), workers), emit_and_cache)
        finally:
            if own:
                cl = getattr(dclient, "cluster", None)
                dclient.close()
                if cl is not None:
                    cl.close()
        return
    if n_jobs == 1 or len(todo) == 1:
        from curvedoc.importers import reading

        # in this process: the size guard and reader _init_worker sets are restored when the block ends
        with reading(settings):
            guard = _init_worker(settings, _memory(settings, 1))
            try:
                for item in todo:
                    emit(*_work(item))
            finally:
                guard.restore()
        return
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with _terminate_on_sigterm():
        lost = _pool_round(ctx, settings, todo, n_jobs, _chunk(len(todo), n_jobs), emit, compiled)
        if lost:
            # a worker died (OOM killer, kill -9): the pool cannot say which runs it was reading, so every
            # run not finished gets one more try, each in a fresh process of its own; a run whose process
            # dies again is reported, and the audit finishes
            _isolated_round(ctx, settings, lost, n_jobs, emit)


__all__ = ["audit", "report_from_stream", "sweep_report", "separating_hparams", "sweep_analysis", "name_hparams", "default_cache_dir"]
