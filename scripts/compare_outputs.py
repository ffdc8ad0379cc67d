"""Behaviour check for refactors: record every report curvedoc writes for the sample and real runs, compare two
recordings.

A refactor (issue 40) must not change what curvedoc says. This records, for every run folder in sample_runs/ and
every entry of ../shared/real_runs (``<format>/<run>``), the full output (standard output and error) and exit code of ``curvedoc diagnose`` in
JSON -- and, for sample_runs, also in text, markdown and github form (the reporters' own words and number
formatting) -- plus ``curvedoc audit sample_runs`` in JSON and text. Comparing two recordings prints every
difference, timing fields aside (there are none in today's JSON; the list is here for when one is added).

    PYTHONPATH=$PWD python scripts/compare_outputs.py record /tmp/before      # on the commit before the change
    PYTHONPATH=$PWD python scripts/compare_outputs.py record /tmp/after       # on the change
    python scripts/compare_outputs.py compare /tmp/before /tmp/after          # exit 1 when anything differs

    PYTHONPATH=$PWD python scripts/compare_outputs.py check /tmp/before       # record to a temp folder + compare

Runs in-process through click's test runner (no terminal: no colour, no progress bar), one process, so it takes a
few minutes on a loaded machine. ``--only SUBSTRING`` limits it to entries whose name contains SUBSTRING.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_RUNS = ROOT / "sample_runs"
REAL_RUNS = ROOT.parent / "shared" / "real_runs"
# keys whose values are wall-clock measurements, ignored at any depth of a JSON report
TIMING_KEYS = frozenset({"elapsed", "elapsed_s", "seconds", "duration_s", "wall_time_s", "took_s"})
SAMPLE_FORMATS = ("json", "text", "markdown", "github")


def _entries(only: str | None) -> list[tuple[str, list[str]]]:
    """(name, CLI arguments) of every recorded invocation, in a fixed order."""
    out: list[tuple[str, list[str]]] = []
    for d in sorted(p for p in SAMPLE_RUNS.iterdir() if p.is_dir()):
        for fmt in SAMPLE_FORMATS:
            out.append((f"sample/{d.name}.{fmt}", ["diagnose", str(d.relative_to(ROOT)), "--format", fmt]))
    for fmt in ("json", "text"):
        out.append((f"audit/sample_runs.{fmt}", ["audit", "sample_runs", "--format", fmt, "--no-cache", "-j", "1",
                                                  "--no-progress"]))
    if REAL_RUNS.is_dir():
        for fmt_dir in sorted(p for p in REAL_RUNS.iterdir() if p.is_dir()):
            for run in sorted(p for p in fmt_dir.iterdir() if p.is_dir()):
                out.append((f"real/{fmt_dir.name}/{run.name}.json", ["diagnose", str(run), "--format", "json"]))
    return [e for e in out if only is None or only in e[0]]


def record(dest: Path, only: str | None) -> None:
    from click.testing import CliRunner

    from curvedoc.cli import main

    print(f"curvedoc from {sys.modules['curvedoc'].__file__}", file=sys.stderr)
    os.chdir(ROOT)  # paths in the reports are relative to the checkout, the same for every worktree
    dest.mkdir(parents=True, exist_ok=True)
    runner = CliRunner()
    entries = _entries(only)
    for i, (name, args) in enumerate(entries, 1):
        res = runner.invoke(main, args, env={"NO_COLOR": "1", "COLUMNS": "120"})
        crash = None
        if res.exception is not None and not isinstance(res.exception, SystemExit):
            crash = f"{type(res.exception).__name__}: {res.exception}"
        rec = {"args": args, "exit_code": res.exit_code, "stdout": res.stdout, "stderr": res.stderr, "crash": crash}
        path = dest / (name.replace("/", "__") + ".rec.json")
        path.write_text(json.dumps(rec, indent=1, ensure_ascii=False), encoding="utf-8")
        print(f"[{i}/{len(entries)}] {name}: exit {res.exit_code}" + (f" CRASH {crash}" if crash else ""),
              file=sys.stderr)


def _strip_timing(obj):
    if isinstance(obj, dict):
        return {k: _strip_timing(v) for k, v in obj.items() if k not in TIMING_KEYS}
    if isinstance(obj, list):
        return [_strip_timing(v) for v in obj]
    return obj


def _diff(a, b, path: str, out: list[str], limit: int = 20) -> None:
    if len(out) >= limit:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'after' if k not in a else 'before'}")
            else:
                _diff(a[k], b[k], f"{path}.{k}", out, limit)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{path}[{i}]", out, limit)
    elif a != b or type(a) is not type(b):
        out.append(f"{path}: {json.dumps(a)[:200]} -> {json.dumps(b)[:200]}")


def _load_output(rec: dict):
    if "--format" in rec["args"] and rec["args"][rec["args"].index("--format") + 1] == "json":
        try:
            return _strip_timing(json.loads(rec["stdout"]))
        except ValueError:
            pass
    return rec["stdout"].splitlines()


def compare(before: Path, after: Path) -> int:
    names_b = {p.name for p in before.glob("*.rec.json")}
    names_a = {p.name for p in after.glob("*.rec.json")}
    differing = 0
    for name in sorted(names_b - names_a):
        print(f"{name}: recorded before only")
    for name in sorted(names_a - names_b):
        print(f"{name}: recorded after only")
    common = sorted(names_b & names_a)
    for name in common:
        rb = json.loads((before / name).read_text(encoding="utf-8"))
        ra = json.loads((after / name).read_text(encoding="utf-8"))
        diffs: list[str] = []
        if rb["exit_code"] != ra["exit_code"]:
            diffs.append(f"exit code {rb['exit_code']} -> {ra['exit_code']}")
        if rb["crash"] != ra["crash"]:
            diffs.append(f"crash {rb['crash']} -> {ra['crash']}")
        _diff(_load_output(rb), _load_output(ra), "output", diffs)
        _diff(rb.get("stderr", "").splitlines(), ra.get("stderr", "").splitlines(), "stderr", diffs)
        if diffs:
            differing += 1
            print(f"{name}: {len(diffs)} difference(s)")
            for d in diffs:
                print(f"    {d}")
    missing = len(names_b ^ names_a)
    print(f"{len(common)} outputs compared, {differing} differ, {missing} recorded on one side only")
    return 1 if differing or missing else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help="record every output into a folder")
    r.add_argument("dest", type=Path)
    r.add_argument("--only", default=None)
    c = sub.add_parser("compare", help="compare two recordings (exit 1 on any difference)")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    k = sub.add_parser("check", help="record the current code to a temporary folder and compare with BEFORE")
    k.add_argument("before", type=Path)
    k.add_argument("--only", default=None)
    args = ap.parse_args(argv)
    if args.cmd == "record":
        record(args.dest, args.only)
        return 0
    if args.cmd == "compare":
        return compare(args.before, args.after)
    with tempfile.TemporaryDirectory(prefix="curvedoc-compare-") as tmp:
        record(Path(tmp), args.only)
        if args.only:  # compare only what was recorded now
            keep = {p.name for p in Path(tmp).glob("*.rec.json")}
            with tempfile.TemporaryDirectory(prefix="curvedoc-before-") as sub_before:
                for n in keep:
                    if (args.before / n).exists():
                        (Path(sub_before) / n).write_bytes((args.before / n).read_bytes())
                return compare(Path(sub_before), Path(tmp))
        return compare(args.before, Path(tmp))


if __name__ == "__main__":
    sys.exit(main())
