"""Golden file: what curvedoc says about every run in ../shared/real_runs.

Changes in behaviour on real runs nobody here made show up in review as a diff of
tests/golden/real_runs.json. After a deliberate change, refresh it with

    CURVEDOC_UPDATE_GOLDEN=1 pytest tests/corpus/test_golden_real_runs.py

and read the diff (and MANIFEST.md) before committing it.
"""

from __future__ import annotations

import json

import pytest
import os
from pathlib import Path

from _helpers import real_runs_dir

import curvedoc

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "real_runs.json"


def _summary() -> dict:
    rep = curvedoc.diagnose(real_runs_dir())
    out = {}
    for rr in sorted(rep.runs, key=lambda r: r.run):
        name = rr.run.split("/", 1)[1] if "/" in rr.run else rr.run  # drop the folder's own name
        out[name] = {
            "source": rr.source,
            "status": rr.status,
            "points": rr.points,
            "roles": {k: rr.roles[k] for k in ("train_loss", "val_loss", "lr", "grad_norm") if k in rr.roles},
            "findings": [f"{f.code} {f.name} {f.severity} step={f.step}" for f in rr.findings],
            "errors": rr.errors,
        }
    out["_problems"] = sorted(Path(p["path"]).name + ": " + p["reason"] for p in rep.problems)
    return out


@pytest.mark.slow  # reads the whole real-run corpus (~15 s); CI runs it (.ci/run)
def test_real_runs_match_golden():
    got = _summary()
    if os.environ.get("CURVEDOC_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(got, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    changed = sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))
    assert not changed, (
        f"behaviour on real runs changed for {changed[:10]}; if intended, refresh with "
        "CURVEDOC_UPDATE_GOLDEN=1 pytest tests/corpus/test_golden_real_runs.py and review the diff"
    )
    # nothing crashed: no detector error on any real run
    assert not [k for k, v in got.items() if k != "_problems" and any("Error" in e for e in v["errors"])]
