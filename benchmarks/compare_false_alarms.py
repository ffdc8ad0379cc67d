#!/usr/bin/env python3
"""How often does ``curvedoc compare`` cry wolf, and does it still see real changes?

For every healthy sample recipe (sample_runs/healthy-*), the committed run is the baseline and is compared with:

* the same recipe reseeded (tests/data/compare/reseed1..3, plus ``--generate K`` more seeds made on the spot
  with torch, never seen while the defaults were chosen): any departure, worse, better or different, is a
  false alarm; so is an exit code of 1;
* the same recipe with 40% label noise from the start, or from the middle of the run (a data bug): must be
  worse, and for the mid-run bug from about the middle;
* the same recipe with a 10x learning rate: reported as it is (worse, better or matching), for the record;
* a multi-seed baseline (the committed run + reseed1 + reseed2) against reseed3 and the generated seeds.

    python benchmarks/compare_false_alarms.py                 # the bundled pairs (~10 s)
    python benchmarks/compare_false_alarms.py --generate 3    # plus 3 fresh seeds per recipe (needs torch)
    python benchmarks/compare_false_alarms.py --json out.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import curvedoc  # noqa: E402

SAMPLES = REPO / "sample_runs"
PAIRS = REPO / "tests" / "data" / "compare"


def departures(rep) -> list[str]:
    out = []
    for rr in rep.runs:
        for s in (rr.comparison.series if rr.comparison is not None else ()):
            if s.get("side"):
                out.append(f"{s['key']} {s['side']} from {s['left_at']:g}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--generate", type=int, default=0, metavar="K", help="also generate K fresh seeds per recipe (torch)")
    ap.add_argument("--json", type=Path, default=None, help="write the results as JSON")
    args = ap.parse_args(argv)
    recipes = sorted(p.name for p in SAMPLES.glob("healthy-*"))
    extra: dict[str, list[Path]] = {r: [] for r in recipes}
    tmp = None
    if args.generate:
        tmp = tempfile.TemporaryDirectory()
        for k in range(args.generate):
            out = Path(tmp.name) / f"reseed{100 + k}"
            subprocess.run([sys.executable, str(REPO / "scripts" / "make_sample_runs.py"), "--only", *recipes,
                            "--out", str(out), "--reseed", str(100 + k)], check=True, stdout=subprocess.DEVNULL)
            for r in recipes:
                extra[r].append(out / r)
    t0 = time.perf_counter()
    rows = []
    fa_pairs = fa_exit = n_pairs = 0
    detect = {"label-noise": [0, 0], "label-noise-late": [0, 0]}
    multi_fa = multi_n = 0
    for r in recipes:
        base = SAMPLES / r
        reseeds = [PAIRS / f"reseed{k}" / r for k in (1, 2, 3)] + extra[r]
        for path in reseeds:
            rep = curvedoc.compare(path, base)
            d = departures(rep)
            n_pairs += 1
            fa_pairs += bool(d)
            fa_exit += rep.exit_status("error") == 1
            rows.append({"recipe": r, "run": str(path.relative_to(path.parents[1])), "kind": "reseed",
                         "verdict": rep.runs[0].comparison.verdict, "departures": d})
        for kind in ("label-noise", "label-noise-late"):
            path = PAIRS / kind / r
            if not path.is_dir():
                continue
            rep = curvedoc.compare(path, base)
            cmp = rep.runs[0].comparison
            worse = [s for s in cmp.series if s["side"] == "worse"]
            detect[kind][1] += 1
            onset_ok = True
            if kind == "label-noise-late" and worse:
                end = max(s["baseline_end"] for s in worse)
                onset_ok = any(0.45 * end <= s["left_at"] <= 0.6 * end for s in worse)
            detect[kind][0] += bool(worse) and onset_ok
            rows.append({"recipe": r, "run": f"{kind}/{r}", "kind": kind, "verdict": cmp["verdict"],
                         "departures": departures(rep)})
        rep = curvedoc.compare(PAIRS / "lr-x10" / r, base)
        rows.append({"recipe": r, "run": f"lr-x10/{r}", "kind": "lr-x10", "verdict": rep.runs[0].comparison.verdict,
                     "departures": departures(rep)})
        bases = [base, PAIRS / "reseed1" / r, PAIRS / "reseed2" / r]
        runs = [b for p in bases for b in curvedoc.load(p)]
        for path in [PAIRS / "reseed3" / r] + extra[r]:
            rep = curvedoc.compare(path, runs)
            multi_n += 1
            multi_fa += bool(departures(rep))
    dt = time.perf_counter() - t0
    print(f"{'recipe':26s} {'run':44s} {'verdict':9s} departures")
    for row in rows:
        print(f"{row['recipe']:26s} {row['run']:44s} {row['verdict']:9s} {'; '.join(row['departures']) or '-'}")
    print()
    print(f"reseeded pairs, one-run baseline: {n_pairs}; with any departure: {fa_pairs} ({fa_pairs / n_pairs:.1%}); "
          f"exit code 1: {fa_exit}")
    print(f"reseeded runs, 3-seed baseline: {multi_n}; with any departure: {multi_fa}")
    for kind, (hit, n) in detect.items():
        extra_txt = " with the onset at 45-60% of the run" if kind == "label-noise-late" else ""
        print(f"{kind}: found worse{extra_txt} in {hit} of {n} recipes")
    print(f"{len(rows) + multi_n} comparisons in {dt:.1f} s")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "reseed_pairs": n_pairs, "false_alarm_pairs": fa_pairs,
                                         "false_alarm_exit": fa_exit, "multi_seed_pairs": multi_n,
                                         "multi_seed_false_alarms": multi_fa,
                                         "detected": {k: {"found": v[0], "of": v[1]} for k, v in detect.items()},
                                         "seconds": round(dt, 2)}, indent=1))
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
