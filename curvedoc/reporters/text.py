"""Terminal report (placeholder layout; the full terminal reporter replaces this)."""

from __future__ import annotations


def render(report, color: bool = False, **_) -> str:
    lines = []
    for r in report.runs:
        lines.append(f"{r.run}: {r.status} (score {r.score:.0f}) [{r.source}, {r.points:,} points]")
        for f in r.findings:
            step = "" if f.step is None else f" at step {f.step:,}"
            lines.append(f"  {f.code} {f.name} [{f.severity}, {f.confidence:.0%}]{step}: {f.message}")
        for e in r.errors:
            lines.append(f"  error: {e}")
    return "\n".join(lines) + "\n"
