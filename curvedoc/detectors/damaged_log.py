"""## What it detects
Records the importer skipped: truncated or corrupt event-file records, half-written CSV/JSON lines,
LFS pointer stubs among the files of a run.

## Why it matters
Points are missing; other readers drop them silently.

## Example
An event file cut 7 bytes short (job killed mid-write).

## Options
- ``min_skipped``: fewest skipped records worth a finding.

## References
FORMATS.md 1.7.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from curvedoc.detectors import Hit, detector
from curvedoc.model.run import Run

KINDS = {"truncated-record", "truncated", "corrupt-records", "bad-rows", "bad-lines", "lfs-pointer", "bad-chunks",
         "invalid-utf8", "truncated-json"}


@dataclass(frozen=True)
class Params:
    min_skipped: int


@detector("damaged-log", params=Params)
def damaged_log(run: Run, p: Params) -> Iterator[Hit]:
    issues = [i for i in run.issues if i.kind in KINDS]
    if not issues:
        return
    skipped = sum(i.count or 1 for i in issues)
    if skipped < p.min_skipped:
        return
    files = sorted({i.file for i in issues if i.file})
    detail = "; ".join(i.message for i in issues[:3])
    yield Hit(
        f"{skipped:,} damaged record(s)/line(s) skipped in {len(files) or 1} file(s): {detail}",
        confidence=0.95,
        evidence={"skipped": skipped, "files": len(files)},
    )
