"""Screenshots of the HTML report in headless Chromium, for docs/ and the README.

    python scripts/screenshots.py            # needs Chromium (/usr/bin/chromium) and npm's playwright-core

For the real runs issue 14 names (../shared/real_runs) and one bundled sample run, writes the HTML page, opens it
in headless Chromium (scripts/screenshots.mjs, Playwright), waits until every chart is drawn, and saves the first
run section to docs/screenshots/<name>.png; for the first page it also hovers and zooms the loss panel and saves
<name>-zoomed.png. It fails when a page logs a script error, asks for anything outside the file, or the zoom does
not narrow the x axis. playwright-core is installed into a temporary folder (never into the project).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT.parent / "shared" / "real_runs"
OUT = ROOT / "docs" / "screenshots"
RUNS = [
    # (name, folder, interact): x range = logged steps (planned end far away), train/val gap on one axis,
    # findings marked, appended sessions marked
    ("trocr-gradnorm-huge-killed", REAL / "hf_trainer_state" / "trocr-gradnorm-huge-killed", True),
    ("whisper-tr-killed-evalrise", REAL / "hf_trainer_state" / "whisper-tr-killed-evalrise", False),
    ("sketch-vlm-two-runs-one-dir", REAL / "tfevents" / "sketch-vlm-two-runs-one-dir", False),
    ("brain-tumor-cnn-appended-sessions", REAL / "keras_csvlogger" / "brain-tumor-cnn", False),
    ("loss-spikes-corrupt-batches", ROOT / "sample_runs" / "loss-spikes-corrupt-batches", False),
]


def main() -> int:
    node, chromium = shutil.which("node"), shutil.which("chromium") or "/usr/bin/chromium"
    if node is None or not Path(chromium).exists():
        print("needs node and Chromium (apt-get install chromium)", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "install", "--silent", "--prefix", tmp, "playwright-core@1"], check=True)
        jobs = []
        for name, folder, interact in RUNS:
            if not folder.exists():
                print(f"skipped {name}: {folder} not found", file=sys.stderr)
                continue
            html = Path(tmp) / f"{name}.html"
            subprocess.run([sys.executable, "-m", "curvedoc", "diagnose", str(folder), "--format", "html",
                            "--out", str(html)], cwd=ROOT, capture_output=True)
            jobs.append({"html": str(html), "png": str(OUT / f"{name}.png"), "interact": interact})
        (Path(tmp) / "jobs.json").write_text(json.dumps(jobs))
        out = subprocess.run([node, str(ROOT / "scripts" / "screenshots.mjs"), str(Path(tmp) / "jobs.json")],
                             cwd=tmp, capture_output=True, text=True, env={"CHROMIUM": chromium, "PATH": "/usr/bin:/bin"})
        if out.returncode != 0:
            print(out.stderr, file=sys.stderr)
            return 1
    bad = 0
    for r in json.loads(out.stdout):
        name = Path(r["html"]).stem
        print(f"{name}: {r['figures']} chart(s) drawn, script errors {r['errors'] or 'none'}, "
              f"requests outside the file {r['requests'] or 'none'}")
        bad += bool(r["errors"] or r["requests"] or not r["figures"])
        if "step_after" in r:
            # zoomed into 30-50% of the width: the same spot (55%) now points at an earlier step, and the left
            # edge no longer at the first one
            print(f"  hover: {r['legend']}\n  step under the cursor at 55% of the width: {r['step_before']:,.0f} "
                  f"before the zoom, {r['step_after']:,.0f} after; at the left edge after: {r['step_left_after']:,.0f}")
            bad += not (r["step_left_after"] < r["step_after"] < r["step_before"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
