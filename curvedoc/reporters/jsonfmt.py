"""``--format json``: the documented contract (see README "JSON output")."""

from __future__ import annotations


def render(report, indent: int | None = 2, **_) -> str:
    return report.to_json(indent=indent)
