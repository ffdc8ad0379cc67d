#!/usr/bin/env python3
"""Peak memory of each importer per MB of input, against the size of the frame it produces (issue 18 item 3).

For every format a synthetic log of about ``--mb`` megabytes is written (4 tags, one point per tag per step),
then read by ``curvedoc.load`` in a fresh process whose peak RSS (``VmHWM``; ``ru_maxrss`` would carry the
parent's peak across fork + exec) is measured; the peak of a process that only imports curvedoc is subtracted. The canonical frame holds 8 + 8 + 8 bytes per point plus
1-byte category codes (tag, source file).

    python benchmarks/importer_memory.py            # ~40 MB per format
    python benchmarks/importer_memory.py --mb 200
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TAGS = ("loss", "lr", "grad_norm", "val_loss")
PROBE = r'''
import sys, json
sys.path.insert(0, {repo!r})
import curvedoc, numpy, pandas
def hwm():  # this process's peak RSS in kB (VmHWM: unlike ru_maxrss, not inherited across fork + exec)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
base = hwm()
if {path!r}:
    runs = curvedoc.load({path!r})
    pts = sum(r.n_points for r in runs)
    frame = sum(int(r.scalars.memory_usage(deep=False).sum()) for r in runs)
else:
    pts = frame = 0
peak = hwm()
print(json.dumps({{"base_kb": base, "peak_kb": peak, "points": pts, "frame_bytes": frame}}))
'''


from _events import event_record as _event  # noqa: E402


def write(fmt: str, folder: Path, mb: float) -> Path:
    folder.mkdir(parents=True)
    target = int(mb * 1e6)
    if fmt == "csv":
        p = folder / "log.csv"
        with open(p, "w") as fh:
            fh.write("step," + ",".join(TAGS) + "\n")
            s = 0
            while fh.tell() < target:
                fh.write("".join(f"{i},{1 / (1 + i):.6f},0.001,{0.5 + (i % 7) / 10:.4f},{1.1 / (1 + i):.6f}\n"
                                 for i in range(s, s + 10000)))
                s += 10000
    elif fmt == "jsonl":
        p = folder / "metrics.jsonl"
        with open(p, "w") as fh:
            s = 0
            while fh.tell() < target:
                fh.write("".join(json.dumps({"step": i, "loss": 1 / (1 + i), "lr": 0.001, "grad_norm": 0.5,
                                             "val_loss": 1.1 / (1 + i)}) + "\n" for i in range(s, s + 10000)))
                s += 10000
    elif fmt == "hf":
        p = folder / "trainer_state.json"
        rows, size, i = [], 0, 0
        while size < target:
            r = {"step": i, "loss": 1 / (1 + i), "learning_rate": 0.001, "grad_norm": 0.5, "epoch": i / 1000}
            rows.append(r)
            size += 100
            i += 1
        p.write_text(json.dumps({"global_step": i, "max_steps": i, "log_history": rows}, indent=2))
    elif fmt == "tfevents":
        p = folder / "events.out.tfevents.1700000000.host.1.0"
        with open(p, "wb") as fh:
            s = 0
            while fh.tell() < target:
                fh.write(b"".join(_event(i, t, 1 / (1 + i)) for i in range(s, s + 5000) for t in TAGS))
                s += 5000
    elif fmt == "text":
        p = folder / "train.log"
        with open(p, "w") as fh:
            s = 0
            while fh.tell() < target:
                fh.write("".join(f"step {i} | loss {1 / (1 + i):.6f} | lr 1.00e-03 | grad_norm 0.5000\n"
                                 for i in range(s, s + 10000)))
                s += 10000
    elif fmt == "mlflow":
        run = folder / "mlruns" / "1" / "abc"
        (run / "metrics").mkdir(parents=True)
        (run / "params").mkdir()
        (run / "tags").mkdir()
        (folder / "mlruns" / "1" / "meta.yaml").write_text("experiment_id: '1'\nname: x\nlifecycle_stage: active\n")
        (run / "meta.yaml").write_text("run_id: abc\nrun_uuid: abc\nexperiment_id: '1'\nstatus: 3\nstart_time: 1\n"
                                       "end_time: 2\nlifecycle_stage: active\nrun_name: x\n")
        n = int(target / 30 / len(TAGS))
        for t in TAGS:
            with open(run / "metrics" / t, "w") as fh:
                fh.write("".join(f"{1700000000000 + i} {1 / (1 + i):.6f} {i}\n" for i in range(n)))
        p = folder
    elif fmt == "wandb":
        p = folder / "wandb" / "run-20240101_000000-abc"
        p.mkdir(parents=True)
        with open(p / "run-abc.wandb", "wb") as fh:
            fh.write(_wandb_log(target))
    else:
        raise SystemExit(f"unknown format {fmt}")
    return p


def _wandb_log(target: int) -> bytes:
    """A .wandb file as the W&B client writes it: a LevelDB-style log of 32 kB blocks whose records are protobuf
    history rows (each metric an item of key + JSON value, with _step / _timestamp / _runtime)."""
    import struct
    import zlib

    sys.path.insert(0, str(REPO))
    from curvedoc.importers import _protowire as pw

    def item(key, value):
        return pw.encode_field(1, pw.encode_field(1, key) + pw.encode_field(16, json.dumps(value)))

    block = 32768
    out = bytearray(b":W&B" + struct.pack("<H", 0xBEE1) + b"\x00")
    i = 0
    while len(out) < target:
        body = b"".join(item(k, v) for k, v in (("loss", 1 / (1 + i)), ("lr", 0.001), ("grad_norm", 0.5),
                                                 ("val_loss", 1.1 / (1 + i)), ("_step", i), ("_timestamp", 1.7e9 + i),
                                                 ("_runtime", i)))
        data, first = pw.encode_field(1, i) + pw.encode_field(2, body), True
        while True:
            room = block - len(out) % block
            if room < 7:
                out += b"\x00" * room
                continue
            frag, data = data[: room - 7], data[room - 7:]
            last = not data
            kind = 1 if first and last else 2 if first else 4 if last else 3
            out += struct.pack("<IHB", zlib.crc32(bytes([kind]) + frag), len(frag), kind) + frag
            first = False
            if last:
                break
        i += 1
    return bytes(out)


def probe(path: str) -> dict:
    code = PROBE.format(repo=str(REPO), path=path)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=40.0)
    ap.add_argument("--formats", nargs="*", default=["csv", "jsonl", "hf", "tfevents", "text", "mlflow", "wandb"])
    args = ap.parse_args(argv)
    empty = probe("")
    print(f"{'format':10s} {'input MB':>9s} {'points':>11s} {'frame MB':>9s} {'peak MB':>8s} {'MB per input MB':>16s} "
          f"{'x frame':>8s}")
    with tempfile.TemporaryDirectory() as tmp:
        for fmt in args.formats:
            p = write(fmt, Path(tmp) / fmt, args.mb)
            size = sum(f.stat().st_size for f in (p.rglob("*") if p.is_dir() else [p]) if f.is_file())
            r = probe(str(p))
            peak = (r["peak_kb"] - empty["peak_kb"]) / 1024.0
            frame = r["frame_bytes"] / 1e6
            print(f"{fmt:10s} {size / 1e6:9.1f} {r['points']:11,} {frame:9.1f} {peak:8.0f} {peak / (size / 1e6):16.1f} "
                  f"{peak / frame if frame else float('nan'):8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
