"""``--format github``: GitHub Actions workflow commands, one annotation per finding.

    ::error file=runs/exp1/metrics.csv,title=curvedoc D001 divergence::exp1: training loss became NaN at step 1,200 ...

Severity maps error -> ``::error``, warning -> ``::warning``, info -> ``::notice``; unreadable runs
are errors, detector failures warnings. Values are escaped by GitHub's rules (``%``, CR and LF in
the message; additionally ``:`` and ``,`` in properties), so text from the logs cannot end a
command or inject another one.
"""

from __future__ import annotations

import os

from curvedoc.reporters._style import counts_phrase, fmt_steps, neutral, sorted_findings, status_counts
from curvedoc.vocab import Severity, Status

# GitHub's annotation commands for each severity
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(s: str) -> str:
    return str(s).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def _repo_root(path: str) -> str | None:
    """The nearest folder above ``path`` holding a ``.git`` (a repository's root, or a worktree's), else None."""
    d = os.path.dirname(os.path.abspath(path))
    while True:
        if os.path.exists(os.path.join(d, ".git")):
            return d
        up = os.path.dirname(d)
        if up == d:
            return None
        d = up


def _file(path: str) -> str:
    """The log's path as GitHub matches annotations to repository files: relative to the workspace
    (``GITHUB_WORKSPACE``, else the working directory) when it lies inside it, else relative to the root of the
    repository that holds it; absolute only when neither holds it. Never a bare file name that resolves nowhere."""
    if not path:
        return ""
    bases = [os.environ.get("GITHUB_WORKSPACE") or os.getcwd(), _repo_root(path)]
    for base in bases:
        if not base:
            continue
        try:
            rel = os.path.relpath(path, base)
        except ValueError:  # another drive on Windows
            continue
        if not rel.startswith(".."):
            return rel
    return os.path.abspath(path)


def _log_file(rr) -> str:
    """The log FILE an annotation points at (GitHub attaches annotations to files, not folders): the run's path
    when it is a file, else the file most of its points were read from (a name the importer gives relative to the
    run's folder is joined to it), else a file an importer issue names, else the folder."""
    path = rr.path or ""
    if path and not os.path.isdir(path):
        return path
    run = getattr(rr, "run_obj", None)
    if run is not None:
        try:
            src = run.scalars["source_file"]
            counts = src.value_counts()
            best = next((str(f) for f in counts.index if str(f)), "")
            if best:
                if path and not os.path.isabs(best) and os.path.exists(os.path.join(path, best)):
                    return os.path.join(path, best)
                return best
        except (KeyError, AttributeError, TypeError):
            pass
    for issue in rr.issues or []:
        f = issue.file
        if f and not os.path.isdir(f):
            return str(f)
    return path


def command(level: str, message: str, **props: str) -> str:
    """One workflow command. Text from the logs (run and file names, messages) has its control and bidirectional
    characters neutralised first: an ESC, BEL or right-to-left override must not reach the log viewer or a
    terminal that shows the workflow output."""
    ps = ",".join(f"{k}={escape_property(neutral(v))}" for k, v in props.items() if v not in (None, ""))
    return f"::{level}{' ' + ps if ps else ''}::{escape_data(neutral(message))}"


def render(report, **_) -> str:
    lines = []
    for rr in report.runs:
        f_path = _file(_log_file(rr))
        if rr.status == Status.UNREADABLE:
            reason = rr.errors[0] if rr.errors else "could not be read"
            lines.append(command("error", f"{rr.run}: {reason}", file=f_path, title="curvedoc unreadable run"))
            continue
        for f in sorted_findings(rr.findings):
            where = fmt_steps(f)
            msg = f"{rr.run}: {f.message}"
            extra = []
            if where:
                extra.append(f"At {where}; confidence {f.confidence:.0%}.")
            if f.causes:
                extra.append(f"Likely cause: {f.causes[0]}.")
            if f.fixes:
                extra.append(f"Try first: {f.fixes[0]}.")
            extra.append(f"Explain: curvedoc rule {f.code}")
            lines.append(command(LEVEL.get(f.severity, "notice"), msg + "\n" + "\n".join(extra), file=f_path,
                                 title=f"curvedoc {f.code} {f.name}"))
        for err in rr.errors:
            lines.append(command("warning", f"{rr.run}: {err}", file=f_path, title="curvedoc detector error"))
        if rr.comparison:
            from curvedoc.reporters._style import comparison_head

            lines.append(command("notice", f"{rr.run}: {comparison_head(rr)}", file=f_path,
                                 title="curvedoc compare"))
    counts = status_counts(report)
    n = len(report.runs)
    lines.append(command("notice", f"curvedoc: {n} run{'s' if n != 1 else ''}: {counts_phrase(counts)}; "
                                   f"{len(report.findings)} finding(s)", title="curvedoc summary"))
    return "\n".join(lines) + "\n"
