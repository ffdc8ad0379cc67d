"""## What it detects
Duplicate steps written by a restarted job, as reported by the importer (kinds ``restart`` and
``duplicate-steps``), or a printed log's own statement that training went on from a saved state (kind
``resumed``: a resume that wrote no step twice still stitches the curve from several processes). When the importer found training sessions appended to one file (an epoch counter
that starts again, ``meta["sessions"]``), the first cause is a new session, not a resume, and each
session's start is a mark.

## Why it matters
The curve is stitched from several processes; an unintended restart hides a crash.

## Example
A TensorBoard folder with two event files whose steps overlap (100-149 written twice).

## Options
- ``min_duplicates``: fewest superseded points worth a finding.

## References
FORMATS.md 1.6.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from curvedoc.detectors import Hit, detector
from curvedoc.model.run import Run

KINDS = {"restart", "duplicate-steps", "resumed"}


@dataclass(frozen=True)
class Params:
    min_duplicates: int


@detector("restarted-run", params=Params)
def restarted_run(run: Run, p: Params) -> Iterator[Hit]:
    # same-value repeats (e.g. the epoch column on the train and val rows of one Lightning step) are
    # bookkeeping, not restarts: the importer marks them "info"
    issues = [i for i in run.issues if i.kind in KINDS and not (i.kind == "duplicate-steps" and i.severity == "info")]
    if not issues:
        return
    count = sum(i.count or 0 for i in issues)
    if count < p.min_duplicates and any(i.count for i in issues):
        return
    detail = "; ".join(i.message for i in issues[:3])
    sessions = run.meta.get("sessions") if isinstance(run.meta, dict) else None
    sessions = [int(s) for s in sessions if isinstance(s, (int, float)) and not isinstance(s, bool)
                and abs(s) < 2**62] if isinstance(sessions, list) else []
    # an epoch counter that starts again is a new training appended to the log, not a resumed one: nothing to
    # resume, and each session's start is marked on the plots
    causes = ("new-session-appended", "restart-overlap", "run-killed") if len(sessions) > 1 else None
    yield Hit(
        f"{len(issues)} restart/duplicate-step note(s) from the importer: {detail}",
        confidence=0.95,
        evidence={"superseded_points": count, "notes": len(issues), **({"session_starts": sessions[1:]} if len(sessions) > 1 else {})},
        causes=causes,
        marks=tuple(sessions[1:]) if len(sessions) > 1 else (),
    )
