"""Ingest benchmark: curvedoc's TensorBoard reader vs tbparse on the same event files.

Generates a sweep of runs in a temp dir (TF1 ``simple_value`` files like torch's SummaryWriter writes,
and TF2 tensor-scalar files like TF2's C++ writer writes: ``tensor_content`` + ``scalars`` plugin
metadata on every value), plus CSV and JSONL twins of the same data, then times:

* curvedoc (``curvedoc.load(run_dir)``, the user path: discovery + read + frame) on every run,
  asserting that every point written comes back (value bit-exact as float32, NaN/inf included);
* tbparse ``SummaryReader(run_dir, event_types={"scalars"})`` (TF1) / ``{"tensors"}`` (TF2) on a
  subset of runs (it is ~50x slower); its points/s on the subset is extrapolated to the sweep and
  the report says so;
* the CSV/JSONL twins through ``curvedoc.load`` (skipped with a message if those readers are absent);
* peak memory of reading one run (tracemalloc, separate pass) vs the memory of the resulting frame.

Records are generated with numpy from protobuf-serialised templates (the first records of every
file are checked byte-for-byte against ``event_pb2.Event.SerializeToString``); CRCs with
``google_crc32c``, one call per record.

Usage::

    python benchmarks/ingest.py                      # 20 runs x 50,000 steps x 12 tags, TF1 and TF2
    python benchmarks/ingest.py --runs 2 --steps 2000 --tags 4 --tbparse-runs 1   # quick
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import struct
import sys
import tempfile
import time
import tracemalloc
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


# ----------------------------------------------------------------------------- generation
def _masked(crc: int) -> int:
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _event_bytes(style: str, tag: str, step: int, wall: float, value: float) -> bytes:
    from tensorboard.compat.proto import (
        event_pb2,
        tensor_pb2,
        tensor_shape_pb2,
        types_pb2,
    )

    ev = event_pb2.Event(wall_time=wall, step=step)
    if style == "tf1":
        ev.summary.value.add(tag=tag, simple_value=value)
    else:
        v = ev.summary.value.add(tag=tag)
        v.tensor.CopyFrom(
            tensor_pb2.TensorProto(
                dtype=types_pb2.DT_FLOAT,
                tensor_shape=tensor_shape_pb2.TensorShapeProto(),
                tensor_content=np.float32(value).tobytes(),
            )
        )
        v.metadata.plugin_data.plugin_name = "scalars"
    return ev.SerializeToString()


def _varint_len(x: np.ndarray) -> np.ndarray:
    n = np.ones(len(x), dtype=np.int64)
    for k in range(1, 10):
        n += (x >= (1 << (7 * k))).astype(np.int64)
    n[x == 0] = 0
    return n


def _frame_records(payload_rows: np.ndarray) -> np.ndarray:
    """(N, L) payload bytes -> (N, L+16) framed records (length, length CRC, payload, data CRC)."""
    import google_crc32c

    N, L = payload_rows.shape
    out = np.zeros((N, L + 16), dtype=np.uint8)
    out[:, 0:8] = np.frombuffer(struct.pack("<Q", L), dtype=np.uint8)
    out[:, 8:12] = np.frombuffer(struct.pack("<I", _masked(google_crc32c.value(struct.pack("<Q", L)))), dtype=np.uint8)
    out[:, 12 : 12 + L] = payload_rows
    value = google_crc32c.value
    crcs = np.fromiter((_masked(value(r.tobytes())) for r in payload_rows), dtype="<u4", count=N)
    out[:, 12 + L :] = crcs.view(np.uint8).reshape(N, 4)
    return out


def generate_run(path: Path, style: str, steps: int, tags: list[str], seed: int) -> dict:
    """Write one event file of ``steps`` x ``len(tags)`` scalars; return the ground truth."""
    from curvedoc.importers._tftemplate import parse_template

    rng = np.random.default_rng(seed)
    T = len(tags)
    step_arr = np.arange(steps, dtype=np.int64)
    wall0 = 1.7e9 + seed
    # write order: for each step, every tag
    vals = rng.standard_normal((steps, T)).astype(np.float32) * np.float32(3.0)
    vals[rng.random((steps, T)) < 0.0005] = np.nan
    vals[rng.random((steps, T)) < 0.0002] = np.inf
    vals[rng.random((steps, T)) < 0.0002] = -np.inf
    walls = wall0 + (np.arange(steps * T, dtype=np.float64) * 0.001).reshape(steps, T)
    vlen = _varint_len(step_arr)
    from tensorboard.compat.proto import event_pb2

    header = event_pb2.Event(wall_time=wall0, file_version="brain.Event:2").SerializeToString()
    rec_len = np.zeros((steps, T), dtype=np.int64)
    groups = []  # (tag index, step mask, template, L)
    for ti, tag in enumerate(tags):
        for v in np.unique(vlen).tolist():
            sel = np.flatnonzero(vlen == v)
            rep_step = int(step_arr[sel[0]])
            rep = _event_bytes(style, tag, rep_step, float(walls[sel[0], ti]), float(vals[sel[0], ti]))
            tpl = parse_template(rep)
            rec_len[sel, ti] = len(rep)
            groups.append((ti, sel, rep, tpl))
    sizes = rec_len + 16
    offsets = np.zeros((steps, T), dtype=np.int64)
    flat = sizes.ravel()
    starts = np.zeros(len(flat), dtype=np.int64)
    np.cumsum(flat[:-1], out=starts[1:])
    first = len(header) + 16
    starts += first
    offsets = starts.reshape(steps, T)
    total = first + int(flat.sum())
    buf = np.zeros(total, dtype=np.uint8)
    buf[:first] = _frame_records(np.frombuffer(header, dtype=np.uint8)[None, :])[0]
    for ti, sel, rep, tpl in groups:
        L = len(rep)
        rows = np.repeat(np.frombuffer(rep, dtype=np.uint8)[None, :], len(sel), axis=0)
        if tpl.wall_off >= 0:
            rows[:, tpl.wall_off : tpl.wall_off + 8] = walls[sel, ti].astype("<f8").view(np.uint8).reshape(-1, 8)
        if tpl.step_off >= 0:
            s = step_arr[sel].astype(np.uint64)
            for j in range(tpl.step_len):
                b = ((s >> np.uint64(7 * j)) & np.uint64(0x7F)).astype(np.uint8)
                if j < tpl.step_len - 1:
                    b |= 0x80
                rows[:, tpl.step_off + j] = b
        slot = tpl.slots[0]
        rows[:, slot.off : slot.off + 4] = vals[sel, ti].astype("<f4").view(np.uint8).reshape(-1, 4)
        framed = _frame_records(rows)
        idx = offsets[sel, ti][:, None] + np.arange(L + 16, dtype=np.int64)[None, :]
        buf[idx] = framed
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(buf.tobytes())
    # byte-for-byte check of the first records against protobuf serialisation
    raw = buf.tobytes()
    pos = first
    for k in range(min(3 * T, steps * T)):
        st, ti = divmod(k, T)
        L = struct.unpack_from("<Q", raw, pos)[0]
        want = _event_bytes(style, tags[ti], int(step_arr[st]), float(walls[st, ti]), float(vals[st, ti]))
        assert raw[pos + 12 : pos + 12 + L] == want, "generator disagrees with protobuf serialisation"
        pos += 16 + L
    return {"steps": step_arr, "values": vals, "walls": walls, "bytes": total}


def write_twins(d: Path, truth: dict, tags: list[str]) -> tuple[Path, Path]:
    import pandas as pd

    df = pd.DataFrame(truth["values"].astype(np.float64), columns=tags)
    df.insert(0, "step", truth["steps"])
    csv = d / "metrics.csv"
    df.to_csv(csv, index=False, float_format="%.9g")
    jl = d / "metrics.jsonl"
    # NaN/inf are not JSON: write them as null (and count them as missing points)
    df.replace([np.inf, -np.inf], np.nan).to_json(jl, orient="records", lines=True, double_precision=15)
    return csv, jl


# ----------------------------------------------------------------------------- timing helpers
def _frame_bytes(frame) -> int:
    return int(frame.memory_usage(deep=True, index=True).sum())


def _check_run(run, truth: dict, tags: list[str]) -> None:
    fr = run.scalars
    T = len(tags)
    n = truth["values"].size
    assert len(fr) == n, f"{run.name}: {len(fr)} points returned, {n} written"
    codes = fr["tag"].cat.codes.to_numpy()
    cats = list(fr["tag"].cat.categories)
    order = np.array([cats.index(t) for t in tags])
    assert np.array_equal(codes, np.tile(order, n // T)), "tag order differs"
    got = fr["value"].to_numpy()
    want = truth["values"].ravel().astype(np.float64)
    assert np.array_equal(got, want, equal_nan=True), "values differ"
    assert np.array_equal(fr["step"].to_numpy(), np.repeat(truth["steps"], T)), "steps differ"
    assert np.array_equal(fr["wall_time"].to_numpy(), truth["walls"].ravel()), "wall times differ"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--steps", type=int, default=50_000)
    ap.add_argument("--tags", type=int, default=12)
    ap.add_argument("--styles", default="tf1,tf2")
    ap.add_argument("--tbparse-runs", type=int, default=1, help="runs per style timed with tbparse (0 = skip)")
    ap.add_argument("--mem-runs", type=int, default=2, help="runs per style measured with tracemalloc")
    ap.add_argument("--no-twins", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the generated files")
    ap.add_argument("--dir", default=None)
    ap.add_argument("--json", default=None, help="write the results as JSON here")
    args = ap.parse_args(argv)

    import curvedoc
    from curvedoc.importers import load as cd_load

    warnings.simplefilter("ignore")
    tags = [f"tag_{i:02d}" if i % 3 else f"train/loss_{i:02d}" for i in range(args.tags)]
    base = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="curvedoc-ingest-"))
    results: dict = {"config": vars(args), "styles": {}}
    print(f"# curvedoc ingest benchmark: {args.runs} runs x {args.steps:,} steps x {args.tags} tags per style "
          f"({args.runs * args.steps * args.tags:,} points/style) in {base}")
    try:
        for style in args.styles.split(","):
            t0 = time.perf_counter()
            truths = []
            for r in range(args.runs):
                d = base / style / f"run{r:03d}"
                f = d / f"events.out.tfevents.{1700000000 + r}.bench-host.{1000 + r}.0{'.v2' if style == 'tf2' else ''}"
                truth = generate_run(f, style, args.steps, tags, seed=r + (0 if style == "tf1" else 10_000))
                if not args.no_twins:
                    tw = base / f"{style}-twins" / f"run{r:03d}"
                    tw.mkdir(parents=True, exist_ok=True)
                    write_twins(tw, truth, tags)
                truths.append((d, truth))
            gen = time.perf_counter() - t0
            total_pts = sum(t["values"].size for _, t in truths)
            total_bytes = sum(t["bytes"] for _, t in truths)
            print(f"\n## {style}: generated {total_pts:,} points, {total_bytes / 1e6:.1f} MB of event files in {gen:.1f} s")

            # curvedoc, every run
            gc.collect()
            t0 = time.perf_counter()
            c0 = time.process_time()
            per_run = []
            for d, truth in truths:
                t1 = time.perf_counter()
                runs = cd_load(d)
                per_run.append(time.perf_counter() - t1)
                assert len(runs) == 1
                _check_run(runs[0], truth, tags)
                del runs
            cd_time = time.perf_counter() - t0
            cd_cpu = time.process_time() - c0  # includes the exactness check of every point
            cd_pps = total_pts / cd_time
            print(f"curvedoc : {cd_time:7.2f} s  {cd_pps / 1e6:6.2f} M points/s  {total_bytes / 1e6 / cd_time:7.1f} MB/s  "
                  f"(per run median {np.median(per_run) * 1e3:.0f} ms; all {total_pts:,} points checked exact; "
                  f"CPU time incl. the check {cd_cpu:.2f} s, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
            row = {"points": total_pts, "bytes": total_bytes, "curvedoc_s": cd_time, "curvedoc_pps": cd_pps,
                   "curvedoc_MBps": total_bytes / 1e6 / cd_time}

            # memory, separate pass
            mem = []
            for d, truth in truths[: args.mem_runs]:
                gc.collect()
                tracemalloc.start()
                runs = cd_load(d)
                _, peak = tracemalloc.get_traced_memory()
                tracemalloc.stop()
                fb = _frame_bytes(runs[0].scalars)
                mem.append((peak, fb))
                del runs
            if mem:
                ratios = [p / f for p, f in mem]
                print(f"memory   : peak {max(p for p, _ in mem) / 1e6:.1f} MB while reading one run "
                      f"({truths[0][1]['bytes'] / 1e6:.1f} MB file) vs frame {mem[0][1] / 1e6:.1f} MB -> "
                      f"peak/frame {max(ratios):.2f}x (tracemalloc, {len(mem)} runs)")
                row["peak_over_frame"] = max(ratios)
                row["peak_MB"] = max(p for p, _ in mem) / 1e6
                row["frame_MB"] = mem[0][1] / 1e6

            # tbparse, on a subset
            if args.tbparse_runs > 0:
                try:
                    from tbparse import SummaryReader
                except ImportError:
                    print("tbparse  : not installed, skipped")
                else:
                    sub = truths[: args.tbparse_runs]
                    sub_pts = sum(t["values"].size for _, t in sub)
                    t0 = time.perf_counter()
                    c0 = time.process_time()
                    got = 0
                    for d, _ in sub:
                        if style == "tf1":
                            df = SummaryReader(str(d), event_types={"scalars"}).scalars
                        else:
                            df = SummaryReader(str(d), event_types={"tensors"}).tensors
                        got += len(df)
                        del df
                    tb_time = time.perf_counter() - t0
                    tb_cpu = time.process_time() - c0
                    tb_pps = sub_pts / tb_time
                    extrap = total_pts / tb_pps
                    print(f"tbparse  : {tb_time:7.2f} s on {len(sub)} of {len(truths)} runs ({sub_pts:,} points, returned {got:,}) "
                          f"-> {tb_pps / 1e6:6.3f} M points/s; EXTRAPOLATED to the sweep: ~{extrap:.0f} s")
                    print(f"           tbparse CPU time {tb_cpu:.1f} s -> {sub_pts / tb_cpu / 1e6:.3f} M points/s of CPU; "
                          f"curvedoc {total_pts / cd_cpu / 1e6:.2f} M points/s of CPU -> CPU ratio "
                          f"{(total_pts / cd_cpu) / (sub_pts / tb_cpu):.1f}x")
                    print(f"ratio    : curvedoc is {cd_pps / tb_pps:.1f}x tbparse's points/s "
                          f"({'.scalars' if style == 'tf1' else '.tensors'})")
                    row.update({"tbparse_cpu_s": tb_cpu, "curvedoc_cpu_s": cd_cpu, "tbparse_runs": len(sub), "tbparse_s": tb_time, "tbparse_pps": tb_pps,
                                "tbparse_points": got, "ratio": cd_pps / tb_pps, "tbparse_extrapolated_s": extrap})

            # CSV / JSONL twins
            if not args.no_twins:
                for kind, fname, mod in (("csv", "metrics.csv", "csvlog"), ("jsonl", "metrics.jsonl", "jsonlog")):
                    if not (Path(curvedoc.__file__).parent / "importers" / f"{mod}.py").exists():
                        print(f"{kind:9s}: curvedoc/importers/{mod}.py not there yet, skipped")
                        continue
                    t0 = time.perf_counter()
                    pts = 0
                    try:
                        for r in range(len(truths)):
                            runs = cd_load(base / f"{style}-twins" / f"run{r:03d}" / fname)
                            pts += sum(x.n_points for x in runs)
                    except Exception as exc:
                        print(f"{kind:9s}: failed: {type(exc).__name__}: {exc}")
                        continue
                    dt = time.perf_counter() - t0
                    size = sum((base / f"{style}-twins" / f"run{r:03d}" / fname).stat().st_size for r in range(len(truths)))
                    print(f"{kind:9s}: {dt:7.2f} s  {pts / dt / 1e6:6.2f} M points/s  {size / 1e6 / dt:7.1f} MB/s  "
                          f"({pts:,} points; NaN/inf cells are missing values there)")
                    row[f"{kind}_s"] = dt
                    row[f"{kind}_pps"] = pts / dt
                    row[f"{kind}_points"] = pts
            results["styles"][style] = row
    finally:
        if not args.keep and not args.dir:
            shutil.rmtree(base, ignore_errors=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
