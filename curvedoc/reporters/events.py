"""What the command line prints outside a report: a finding raised by ``curvedoc watch`` (text block or JSON line),
the summary a watch ends with, and the one-line messages (errors, notes) that go to stderr. The CLI decides when
to print; the words and their escaping live here, beside the other reporters (text from the logs -- run names,
tags, paths -- is cleaned of control characters before it reaches a terminal)."""

from __future__ import annotations

import json
import time
from typing import Any

from curvedoc.reporters._style import Ansi, clean, fmt_steps
from curvedoc.reporters.text import wrap

__all__ = ["palette", "error_line", "note_line", "event_text", "event_json", "watch_end_text", "watch_end_json"]


def palette(enabled: bool) -> Ansi:
    """The terminal styling for the CLI's own lines: the identity when colour is off."""
    return Ansi(enabled)


def error_line(msg: str) -> str:
    """``curvedoc: error: <msg>`` for a user mistake or an unreadable input (the message's paths and names come from
    the user's disk: cleaned)."""
    return f"curvedoc: error: {clean(msg)}"


def note_line(msg: str) -> str:
    """``curvedoc: <msg>`` for a note a command makes on the way (cleaned as above)."""
    return f"curvedoc: {clean(msg)}"


def event_text(ev: Any, c: Ansi) -> str:
    """One finding of a watch as a block: time, run, code, severity, steps, then the message wrapped."""
    f = ev.finding
    stamp = time.strftime("%H:%M:%S", time.localtime(ev.time))
    where = fmt_steps(f)
    head = (f"{stamp} {clean(ev.run)}  " + c.severity(f"{f.code} {f.name}", f.severity) + "  "
            + c.severity(f"{f.severity} {f.confidence:.0%}", f.severity) + (f"  {where}" if where else ""))
    return "\n".join([head] + wrap(clean(f.message), 4))


def event_json(ev: Any) -> str:
    """One finding of a watch as a JSON line (strict JSON: no NaN)."""
    return json.dumps(ev.to_dict(), ensure_ascii=False, allow_nan=False, default=str)


def watch_end_json(runs: int, findings: int, polls: int, stopped_by: str | None) -> str:
    """The last JSON line of a watch."""
    return json.dumps({"event": "end", "runs": runs, "findings": findings, "polls": polls, "stopped_by": stopped_by})


def watch_end_text(runs: int, findings: int, polls: int, hit: Any, c: Ansi) -> str:
    """The line a watch ends with on stderr: how many runs and findings, and why it stopped."""
    why = f"stopped at {hit.finding.code} ({hit.finding.severity})" if hit is not None else "no growth for --idle"
    return c(f"curvedoc watch: {runs} run{'s' if runs != 1 else ''}, {findings} finding(s), {polls} polls; {why}",
             "dim")
