"""Real-run score: curvedoc's verdicts on ../shared/real_runs against the hand-made labels (LABELS.json).

The labels were written from the curves by people, without running curvedoc: per run ``healthy``, the
fault classes that are clearly present (``must``), those a careful reader could also accept (``may``), and
``refuse`` for inputs that are not a readable log. A class is a rule name with ``_`` for ``-``
(``loss_spikes`` = D002 loss-spikes). A labelled entry may hold several runs (two runs in one folder, an
MLflow store); its verdict is the union of their findings.

Measures (the ones issue 12 names):

* recall per class: of the entries whose ``must`` has the class, the share where curvedoc reports that
  rule (any severity: an info finding is still a finding); macro recall = mean over classes;
* healthy with a warning/error: labelled-healthy entries where curvedoc reports a warning or error;
* precision: warning/error findings (one per entry and rule) whose class is in that entry's must|may;
* refusals: entries labelled ``refuse`` must come back unreadable or not-assessed, never healthy;
* not-assessed: entries curvedoc declined to judge (they count as misses for every must class).

    python benchmarks/real_runs.py                      # score, per-class table, run-by-run differences
    python benchmarks/real_runs.py --json score.json    # also write the raw per-entry verdicts
    python benchmarks/real_runs.py --only hf_trainer_state --quiet
    python benchmarks/real_runs.py --root benchmarks/lockbox/2026-11-27a/runs \
        --labels benchmarks/lockbox/2026-11-27a/LABELS.json    # a lock-box batch: score it once, then it is seen
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REAL_RUNS = Path(__file__).resolve().parents[1].parent / "shared" / "real_runs"
SEVERE = ("warning", "error")


def _verdict(path: str) -> dict:
    """Diagnose one labelled entry; return what the score needs (picklable, no frames)."""
    import curvedoc

    try:
        rep = curvedoc.diagnose(path)
    except Exception as exc:  # the score must report a crash, not die of it
        return {"crash": f"{type(exc).__name__}: {exc}", "runs": [], "findings": {}}
    runs = [{"run": rr.run, "status": rr.status, "points": rr.points} for rr in rep.runs]
    return {"crash": None, "runs": runs, "findings": worst_severities(rep)}


def worst_severities(report) -> dict[str, str]:
    """Class (a rule name with ``_`` for ``-``) -> the worst severity of its findings over a report's runs."""
    order = {"info": 0, "warning": 1, "error": 2}
    findings: dict[str, str] = {}
    for rr in report.runs:
        for f in rr.findings:
            cls = f.name.replace("-", "_")
            if order.get(f.severity, 0) >= order.get(findings.get(cls, "info"), 0) or cls not in findings:
                findings[cls] = f.severity
    return findings


def score(labels: dict, verdicts: dict, aliases: dict | None = None) -> dict:
    """The measures over the labelled entries. ``aliases`` maps a label class that names no rule (a labeller's word
    such as ``nan_inf``) to the rule classes that report it (``divergence``, ``damaged_log``): a must of that class
    is found when any of them is, and a finding of any of them is allowed where the class is must or may. The classes
    keep their labelled names in the per-class table."""
    aliases = aliases or {}
    must_total: dict[str, int] = defaultdict(int)
    must_hit: dict[str, int] = defaultdict(int)
    healthy_n = healthy_fp = 0
    sev_total = sev_ok = 0
    refuse_n = refuse_ok = 0
    not_assessed = crashes = 0
    diffs: list[str] = []
    for key, lab in sorted(labels.items()):
        v = verdicts.get(key)
        if v is None:
            continue
        if v["crash"]:
            crashes += 1
            diffs.append(f"{key}: CRASH {v['crash']}")
        statuses = [r["status"] for r in v["runs"]]
        found = v["findings"]
        if lab.get("refuse"):
            refuse_n += 1
            ok = not statuses or all(s in ("unreadable", "not-assessed") for s in statuses)
            refuse_ok += ok
            if not ok:
                diffs.append(f"{key}: should be refused, got {statuses}")
            continue
        if statuses and all(s in ("unreadable", "not-assessed") for s in statuses):
            not_assessed += 1
        allowed = set(lab.get("must", [])) | set(lab.get("may", []))
        allowed |= {a for c in list(allowed) for a in aliases.get(c, ())}
        missed = []
        for cls in lab.get("must", []):
            must_total[cls] += 1
            if cls in found or any(a in found for a in aliases.get(cls, ())):
                must_hit[cls] += 1
            else:
                missed.append(cls)
        wrong = []
        for cls, sev in found.items():
            if sev in SEVERE:
                sev_total += 1
                if cls in allowed:
                    sev_ok += 1
                else:
                    wrong.append(f"{cls}({sev})")
        if lab.get("healthy"):
            healthy_n += 1
            if any(sev in SEVERE for sev in found.values()):
                healthy_fp += 1
        if missed or wrong:
            st = ",".join(sorted(set(statuses))) or "no run"
            parts = []
            if missed:
                parts.append("missed " + ", ".join(missed))
            if wrong:
                parts.append("unlabelled " + ", ".join(wrong))
            diffs.append(f"{key} [{st}]: " + "; ".join(parts))
    per_class = {c: (must_hit[c], must_total[c]) for c in sorted(must_total)}
    recalls = [h / t for h, t in per_class.values() if t]
    return {
        "entries": sum(1 for k in labels if k in verdicts),
        "per_class": per_class,
        "macro_recall": sum(recalls) / len(recalls) if recalls else float("nan"),
        "micro_recall": (sum(h for h, _ in per_class.values()) / max(1, sum(t for _, t in per_class.values()))),
        "healthy": healthy_n,
        "healthy_with_warning": healthy_fp,
        "healthy_fp_rate": healthy_fp / healthy_n if healthy_n else float("nan"),
        "severe_findings": sev_total,
        "precision": sev_ok / sev_total if sev_total else float("nan"),
        "refuse": (refuse_ok, refuse_n),
        "not_assessed": not_assessed,
        "crashes": crashes,
        "diffs": diffs,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, default=REAL_RUNS, help="real_runs folder (default ../shared/real_runs)")
    ap.add_argument("--labels", type=Path, help="LABELS.json (default: ROOT/LABELS.json; a lock-box batch keeps it "
                    "beside its runs/ folder: --root benchmarks/lockbox/DATE/runs --labels benchmarks/lockbox/DATE/LABELS.json)")
    ap.add_argument("--aliases", type=Path, help="JSON {label class: [rule classes]} for label classes that name no "
                    "rule (benchmarks/lockbox/ALIASES.json: decided before the batches it is used on were scored)")
    ap.add_argument("--only", default="", help="score only entries whose key starts with this")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", type=Path, help="write the per-entry verdicts and the score here")
    ap.add_argument("--quiet", action="store_true", help="no run-by-run differences")
    a = ap.parse_args(argv)
    labels_path = a.labels or a.root / "LABELS.json"
    if not labels_path.is_file():
        print(f"no labels at {labels_path}", file=sys.stderr)
        return 2
    labels = json.loads(labels_path.read_text(encoding="utf-8"))
    labels = {k: v for k, v in labels.items() if k.startswith(a.only)}
    keys = [k for k in labels if (a.root / k).exists()]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        verdicts = dict(zip(keys, ex.map(_verdict, [str(a.root / k) for k in keys])))
    dt = time.perf_counter() - t0
    s = score(labels, verdicts, json.loads(a.aliases.read_text(encoding="utf-8"))["aliases"] if a.aliases else None)
    print(f"curvedoc real-run score on {s['entries']} labelled entries ({a.root}, {dt:.1f} s)")
    print(f"  macro recall (must classes)        {s['macro_recall']:.3f}   (micro {s['micro_recall']:.3f})")
    print(f"  healthy runs with a warning/error  {s['healthy_with_warning']} of {s['healthy']} "
          f"({100 * s['healthy_fp_rate']:.1f}%)")
    print(f"  precision of warning/error         {s['precision']:.3f}   ({s['severe_findings']} findings)")
    print(f"  refused where labelled 'refuse'    {s['refuse'][0]} of {s['refuse'][1]}")
    print(f"  not assessed / crashed             {s['not_assessed']} / {s['crashes']}")
    print("  recall per class:")
    for cls, (h, t) in s["per_class"].items():
        print(f"    {cls:24s} {h:3d} / {t:<3d} {h / t:.2f}")
    if not a.quiet and s["diffs"]:
        print("  differences from the labels:")
        for d in s["diffs"]:
            print("    " + d)
    if a.json:
        a.json.write_text(json.dumps({"score": {k: v for k, v in s.items()}, "verdicts": verdicts}, indent=1,
                                     default=list), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
