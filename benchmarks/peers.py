"""Whole-process time of one diagnosis, curvedoc beside the peers (trainspotter, losslint), on the same small run.

Each command is run as a user runs it -- a fresh process, start-up and imports included -- ``--repeat`` times after
one untimed warm-up run (which also writes Python's bytecode caches, as any installed package has them), and the
median is printed. The peers are installed from PyPI into a virtual environment of their own (``--venv``, created on
first use), so they never touch the project's environment. gradsnitch is a library without a command line for
files, so it is not timed here.

    python benchmarks/peers.py                                  # sample_runs/healthy-gru-charlm/trainer_state.json
    python benchmarks/peers.py --run path/to/trainer_state.json --repeat 9
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PEERS = ("trainspotter", "losslint")


def _venv(path: Path) -> Path:
    bin_dir = path / "bin"
    if not all((bin_dir / p).exists() for p in PEERS):
        subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
        subprocess.run([str(bin_dir / "pip"), "install", "-q", *PEERS], check=True)
    return bin_dir


def _time(cmd: list[str], repeat: int, env: dict) -> tuple[float, int]:
    subprocess.run(cmd, capture_output=True, env=env)  # warm-up: bytecode caches, page cache
    times = []
    rc = 0
    for _ in range(repeat):
        t = time.perf_counter()
        rc = subprocess.run(cmd, capture_output=True, env=env).returncode
        times.append(time.perf_counter() - t)
    return statistics.median(times), rc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--run", type=Path, default=ROOT / "sample_runs" / "healthy-gru-charlm" / "trainer_state.json")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--venv", type=Path, default=Path(tempfile.gettempdir()) / "curvedoc-peers-venv")
    args = ap.parse_args()

    peers = _venv(args.venv)
    curvedoc = shutil.which("curvedoc") or str(Path(sys.executable).parent / "curvedoc")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed packages run
    out = Path(tempfile.mkdtemp(prefix="curvedoc-peers-"))
    run = str(args.run)
    rows = [
        ("curvedoc diagnose (text)", [curvedoc, "diagnose", run]),
        ("trainspotter analyze (terminal)", [str(peers / "trainspotter"), "analyze", run, "--no-color"]),
        ("losslint check (text)", [str(peers / "losslint"), "check", run, "--color", "never"]),
        ("curvedoc diagnose --format html", [curvedoc, "diagnose", run, "--format", "html", "--out",
                                             str(out / "curvedoc.html")]),
        ("trainspotter analyze --output html", [str(peers / "trainspotter"), "analyze", run, "--output", "html",
                                                "--out", str(out / "trainspotter.html")]),
    ]
    print(f"run: {run}; median of {args.repeat} whole-process runs each (after one warm-up)")
    for name, cmd in rows:
        med, rc = _time(cmd, args.repeat, env)
        print(f"  {name:38s} {med:6.2f} s   (exit {rc})")
    shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
