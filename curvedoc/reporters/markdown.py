"""``--format markdown``: a report to paste into an issue or pull request (GitHub-flavoured).

Headings per run, a findings table, likely causes with fixes, skipped rules in one line; audits get
the same sections as the terminal report. Every piece of text from the logs is escaped
(:func:`~curvedoc.reporters._style.md_escape`): ``|`` cannot break a table, ``*_[]<>`` cannot format
or inject HTML, newlines cannot end a row, ``@name`` cannot notify anyone.
"""

from __future__ import annotations

from curvedoc.reporters._style import (
    consequence_note,
    points_text,
    duplicate_groups,
    STATUS_SYMBOL,
    comparison_head,
    comparison_rows,
    counts_phrase,
    hparam_diff_text,
    fmt_num,
    fmt_step,
    fmt_steps,
    group_skipped,
    md_escape,
    ranked_runs,
    rule_counts,
    run_curves,
    sorted_findings,
    sparkline_pair,
    status_counts,
    worst_runs,
)
from curvedoc.vocab import FLAGGED_STATUSES, Status

AUDIT_DETAIL_RUNS = 10
AUDIT_TABLE_ROWS = 50

m = md_escape


def table(header: list[str], rows: list[list[str]], align: list[str] | None = None) -> list[str]:
    """A GFM table; cells must already be escaped. Same number of cells in every row."""
    align = align or ["l"] * len(header)
    sep = ["---:" if a == "r" else "---" for a in align]
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join(sep) + " |"]
    for r in rows:
        r = list(r) + [""] * (len(header) - len(r))
        out.append("| " + " | ".join(c if c else " " for c in r[: len(header)]) + " |")
    return out


def _findings_table(rr) -> list[str]:
    rows = []
    for f in sorted_findings(rr.findings):
        where = fmt_steps(f).replace("steps ", "").replace("step ", "")
        rows.append([f.severity, f"`{f.code}`", m(f.name), f"{f.confidence:.0%}", m(where), m(" ".join(x for x in (f.message, f"({consequence_note(f)})" if consequence_note(f) else "") if x))])
    return table(["severity", "code", "rule", "confidence", "step(s)", "what was seen"], rows,
                 ["l", "l", "l", "r", "r", "l"])


def _skipped(rr) -> str:
    if not rr.skipped:
        return ""
    parts = [f"{m(label)} ({', '.join(m(r.name) for r in rules)})" for label, rules in group_skipped(rr.skipped)]
    n = len(rr.skipped)
    return f"<sub>{n} rule{'s' if n != 1 else ''} skipped: " + "; ".join(parts) + "</sub>"


def comparison_section(rr) -> list[str]:
    """The comparison with the baseline: verdict, one table row per curve, differing hyperparameters, shared
    and resolved findings, notes."""
    cmp = rr.comparison
    if cmp is None:
        return []
    out = [f"**{m(comparison_head(rr))}**", ""]
    rows = comparison_rows(rr)
    if rows:
        out += table(["curve", "final", "baseline", "change", "band", "verdict", "best (run vs baseline)"],
                     [[m(r["curve"]), m(r["run"]), m(r["baseline"]), m(r["change"]), m(r["band"]),
                       (f"**{m(r['verdict'])}**" if r["side"] == "worse" else m(r["verdict"])), m(r["best"])]
                      for r in rows],
                     ["l", "r", "r", "r", "r", "l", "r"]) + [""]
    extra = []
    hp = hparam_diff_text(rr)
    if hp:
        extra.append(m(hp))
    shared = cmp.shared_findings
    if shared:
        extra.append("also in the baseline (not counted): " + ", ".join(f"`{f['code']}` {m(f['name'])}" for f in shared))
    resolved = cmp.resolved_findings
    if resolved:
        extra.append("the baseline had, this run has not: " + ", ".join(f"`{f.code}` {m(f.name)}" for f in resolved))
    extra += [f"note: {m(n)}" for n in cmp.notes]
    out += [f"- {x}" for x in extra] + ([""] if extra else [])
    return out


def run_section(rr, level: int = 2, short: bool = False) -> list[str]:
    h = "#" * level
    sym = STATUS_SYMBOL.get(rr.status, "?")
    out = [f"{h} {sym} {m(rr.run)}: {rr.status}" + ("" if rr.status == Status.UNREADABLE else f" (score {rr.score:.0f})"), ""]
    if rr.status == Status.UNREADABLE:
        out += [f"Could not be read: {m(rr.errors[0] if rr.errors else 'unknown reason')}", ""]
        return out
    sparks = sparkline_pair(run_curves(rr), 20)
    facts = f"{m(rr.source)} · {points_text(rr.points)}"
    if sparks:
        facts += " · " + " ".join(f"{lab} `{s}`" for lab, s, _ in sparks)
    out += [facts, ""]
    out += comparison_section(rr)
    if rr.findings:
        out += _findings_table(rr) + [""]
    else:
        out += ["No findings.", ""]
    if short:
        if rr.top_causes:
            c = rr.top_causes[0]
            fx = (c.fixes or ("",))[0]
            out += [f"Likely: **{m(c.title)}**" + (f": {m(fx)}" if fx else ""), ""]
        return out
    if rr.top_causes:
        out += ["**Likely causes, and what to try first**", ""]
        for i, c in enumerate(rr.top_causes, 1):
            sup = ", ".join(c.supported_by)
            out.append(f"{i}. **{m(c.title)}**" + (f" ({m(sup)})" if sup else ""))
            for fx in c.fixes:
                out.append(f"   - {m(fx)}")
        out.append("")
    if rr.errors:
        out += ["**Errors**", ""] + [f"- {m(x)}" for x in rr.errors] + [""]
    if rr.issues:
        out += ["**Importer issues**", ""]
        for it in rr.issues:
            cnt = it.count
            out.append(f"- `{m(it.kind)}`" + (f" ×{cnt:,}" if isinstance(cnt, int) and cnt > 1 else "")
                       + f": {m(it.message)}")
        out.append("")
    sk = _skipped(rr)
    if sk:
        out += [sk, ""]
    if rr.roles:
        out += ["<sub>roles: " + ", ".join(f"{m(k)} = {m(v)}" for k, v in rr.roles.items()) + "</sub>", ""]
    return out


def _audit(report) -> list[str]:
    sw = report.sweep  # None: a report of many runs shown as a sweep
    n = len(report.runs)
    counts = status_counts(report)
    out = [f"# curvedoc audit{': ' + m(report.target) if report.target else ''}", "",
           f"**{n} runs**: {counts_phrase(counts)}", ""]
    readable = [r for r in ranked_runs(report) if r.status != Status.UNREADABLE]
    if readable:
        rows = []
        for i, r in enumerate(readable[:AUDIT_TABLE_ROWS], 1):
            tf = r.top_finding
            rows.append([str(i), f"{STATUS_SYMBOL.get(r.status, '?')} {r.status}", f"{r.score:.0f}", m(r.run),
                         f"`{tf.code}` {m(tf.name)}" if tf else "", fmt_step(tf.step) if tf and tf.step is not None else ""])
        out += ["## Runs, worst first", ""]
        out += table(["#", "status", "score", "run", "top finding", "step"], rows, ["r", "l", "r", "l", "l", "r"])
        if len(readable) > AUDIT_TABLE_ROWS:
            out += ["", f"... and {len(readable) - AUDIT_TABLE_ROWS} more runs (see `--format json` or `html`)"]
        out.append("")
    rc = rule_counts(report)
    if rc:
        out += ["## Findings across the sweep", ""]
        out += table(["code", "rule", "runs", "findings", "by severity"],
                     [[f"`{r['code']}`", m(r["name"]), f"{r['runs']} of {n}", str(r["count"]),
                       ", ".join(f"{k} {v}" for k, v in r["by_severity"].items())] for r in rc],
                     ["l", "l", "r", "r", "l"])
        out.append("")
    sep = sw.separating_hparams if sw is not None else ()
    if sep:
        out += ["## What separates the failing runs", ""] + [f"- {m(s.statement)}" for s in sep] + [""]
    shared = sw.shared_failures if sw is not None else ()
    if shared:
        out += ["## Shared failures", ""] + [f"- {m(s.statement)}" for s in shared] + [""]
    dups = sw.duplicate_runs if sw is not None else ()
    if dups:
        shown, left = duplicate_groups(dups)
        out += ["## Identical curves", ""] + ["- " + " = ".join(m(x) for x in g) for g in shown]
        out += ([f"- ... and {left} more groups"] if left else []) + [""]
    best = sw.best_run if sw is not None else None
    if best:
        out += [f"**Best run:** {m(best.run)} ({m(best.by)} {m(fmt_num(best.value))})", ""]
    bad = [r for r in report.runs if r.status == Status.UNREADABLE]
    if bad:
        out += [f"## Could not be read ({len(bad)})", ""]
        out += [f"- {m(r.run)}: {m(r.errors[0] if r.errors else '')}" for r in bad] + [""]
    worst = worst_runs(report, AUDIT_DETAIL_RUNS)
    if worst:
        nbad = sum(1 for r in report.runs if r.status in FLAGGED_STATUSES)
        more = f" (worst {len(worst)} of {nbad})" if nbad > len(worst) else ""
        out += [f"## Failing and warning runs{more}", ""]
        for r in worst:
            out += run_section(r, level=3, short=True)
    return out


def _statistics(report) -> list[str]:
    rows = report.statistics()
    if not rows:
        return ["## Statistics", "", "No findings.", ""]
    return ["## Statistics (findings per rule)", ""] + table(
        ["count", "code", "rule", "severity", "runs"],
        [[str(r["count"]), f"`{r['code']}`", m(r["name"]), r["severity"], str(r["runs"])] for r in rows],
        ["r", "l", "l", "l", "r"]) + [""]


def render(report, statistics: bool = False, **_) -> str:
    if report.sweep is not None:
        out = _audit(report)
    else:
        out = []
        if len(report.runs) > 1:
            out += ["# curvedoc report", "", f"**{len(report.runs)} runs**: {counts_phrase(status_counts(report))}", ""]
        for rr in report.runs:
            out += run_section(rr, level=2 if len(report.runs) > 1 else 2)
        if report.baseline is not None:
            from curvedoc.reporters.text import baseline_text

            out += [f"<sub>{m(baseline_text(report))}</sub>", ""]
    if report.problems:
        out += [f"<sub>{len(report.problems)} path(s) skipped while looking for runs: "
                + "; ".join(f"{m(p.path)}: {m(p.reason)}" for p in report.problems[:5]) + "</sub>", ""]
    if statistics:
        out += _statistics(report)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"
