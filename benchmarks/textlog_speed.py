"""Text-log reading speed: lines per second over the real printed logs in ../shared/real_runs/text_log.

Issue 13 asks for >= 300k lines/s on the common styles; run `python benchmarks/textlog_speed.py` to measure.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from curvedoc.importers.textlog import read_text_log

ROOT = Path(__file__).resolve().parents[2] / "shared" / "real_runs" / "text_log"


def main() -> int:
    if not ROOT.is_dir():
        print(f"skipped: {ROOT} not found")
        return 0
    total_lines = total_bytes = 0
    total_s = 0.0
    for d in sorted(p for p in ROOT.iterdir() if p.is_dir()):
        for f in d.iterdir():
            t = time.perf_counter()
            rd = read_text_log(f)
            dt = time.perf_counter() - t
            total_s += dt
            total_lines += rd.meta["lines"]
            total_bytes += f.stat().st_size
            print(f"{d.name:60s} {rd.meta['lines']:8,d} lines {dt:6.2f} s {rd.meta['lines'] / dt:10,.0f} lines/s")
    print(f"total: {total_lines:,} lines, {total_bytes / 1e6:.1f} MB in {total_s:.2f} s: "
          f"{total_lines / total_s:,.0f} lines/s, {total_bytes / 1e6 / total_s:.2f} MB/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
