"""Pooled score over every SEEN labelled set: ../shared/real_runs and each lock-box batch already scored once (its
SCORES.md written). A batch without SCORES.md is locked: this script never opens it.

    python benchmarks/seen_batches.py --out /tmp/s1              # score all (2 processes), pooled figures
    python benchmarks/seen_batches.py --out /tmp/s2 --compare /tmp/s1   # ... and the entries whose verdicts changed
    python benchmarks/seen_batches.py --pool /tmp/s1             # pooled figures of an earlier --out, no scoring

Each set is scored by benchmarks/real_runs.py in a process of its own (its JSON kept in --out as <set>.json), so a
tree other than this checkout can be scored by running this script from that tree. The pooled figures: healthy runs
with a warning or error over all sets, the precision of warning/error findings over all sets, and the mean of the
sets' macro recalls (each set weighs the same, as each lock-box reading is read on its own).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
LOCKBOX = REPO / "benchmarks" / "lockbox"
SHARED = REPO.parent / "shared" / "real_runs"


def seen_sets(lockbox: Path, shared: Path) -> list[tuple[str, Path, Path]]:
    """(name, runs root, labels) of every seen set: the shared corpus, then each scored lock-box batch."""
    out = []
    if (shared / "LABELS.json").is_file():
        out.append(("shared", shared, shared / "LABELS.json"))
    for d in sorted(p for p in lockbox.iterdir() if p.is_dir()) if lockbox.is_dir() else []:
        if (d / "SCORES.md").is_file() and (d / "LABELS.json").is_file():
            out.append((d.name, d / "runs", d / "LABELS.json"))
    return out


def score_one(name: str, root: Path, labels: Path, out: Path) -> tuple[str, int]:
    cmd = [sys.executable, str(HERE / "real_runs.py"), "--root", str(root), "--labels", str(labels),
           "--json", str(out / f"{name}.json")]
    with open(out / f"{name}.txt", "w") as fh:
        return name, subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=REPO).returncode


def pool(out: Path) -> dict:
    healthy = warned = severe = right = 0
    recalls, not_assessed, crashes, sets = [], 0, 0, 0
    for f in sorted(out.glob("*.json")):
        s = json.loads(f.read_text())["score"]
        sets += 1
        healthy += s["healthy"]
        warned += s["healthy_with_warning"]
        severe += s["severe_findings"]
        right += round(s["precision"] * s["severe_findings"]) if s["severe_findings"] else 0
        if s["per_class"]:
            recalls.append(s["macro_recall"])
        not_assessed += s["not_assessed"]
        crashes += s["crashes"]
    return {"sets": sets, "healthy": healthy, "healthy_warned": warned, "severe_findings": severe,
            "precision": right / severe if severe else float("nan"),
            "mean_macro_recall": sum(recalls) / len(recalls) if recalls else float("nan"),
            "not_assessed": not_assessed, "crashes": crashes}


def changed(before: Path, after: Path) -> list[str]:
    """The label differences (real_runs.py's 'diffs') that one directory has and the other has not, per set."""
    lines = []
    for f in sorted(before.glob("*.json")):
        g = after / f.name
        if not g.is_file():
            continue
        a = set(json.loads(f.read_text())["score"]["diffs"])
        b = set(json.loads(g.read_text())["score"]["diffs"])
        lines += [f"{f.stem}  - {x}" for x in sorted(a - b)] + [f"{f.stem}  + {x}" for x in sorted(b - a)]
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="folder for the per-set JSON and text reports")
    ap.add_argument("--pool", type=Path, help="only pool the figures of an earlier --out")
    ap.add_argument("--compare", type=Path, help="an earlier --out: list the entries whose differences changed")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--lockbox", type=Path, default=LOCKBOX)
    ap.add_argument("--shared", type=Path, default=SHARED)
    args = ap.parse_args(argv)
    if args.pool is None and args.out is None:
        ap.error("give --out (to score) or --pool (to pool an earlier --out)")
    out = args.pool or args.out
    if args.pool is None:
        out.mkdir(parents=True, exist_ok=True)
        sets = seen_sets(args.lockbox, args.shared)
        with ThreadPoolExecutor(max(1, args.jobs)) as ex:
            bad = [n for n, rc in ex.map(lambda s: score_one(*s, out), sets) if rc != 0]
        if bad:
            print(f"scoring failed for {len(bad)} set(s): {', '.join(bad)} (see their .txt in {out})", file=sys.stderr)
    p = pool(out)
    print(f"{p['sets']} sets: healthy runs warned {p['healthy_warned']} of {p['healthy']} "
          f"({p['healthy_warned'] / max(1, p['healthy']):.2%}); precision {p['precision']:.4f} "
          f"({p['severe_findings']} findings); mean macro recall {p['mean_macro_recall']:.4f}; "
          f"not assessed {p['not_assessed']}, crashes {p['crashes']}")
    if args.compare is not None:
        print("\n".join(changed(args.compare, out)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
