"""Terminal report (the default format), readable at 100 columns.

Per run: a status line with a tiny sparkline of the losses, the findings (severity, confidence,
code, name, steps, the numbers), the likely causes ranked with the fixes to try first, one line for
the skipped rules, importer issues, the role choices (dimmed) and any detector errors. An audit adds
the sweep overview (ranking, counts per finding, separating hyperparameters, shared failures,
duplicates, best run, unreadable runs) and the worst runs' findings in short form.
"""

from __future__ import annotations

import textwrap

from curvedoc.reporters._style import (
    consequence_note,
    unused_tags,
    points_text,
    duplicate_groups,
    STATUS_SYMBOL,
    Ansi,
    clean,
    comparison_head,
    comparison_rows,
    counts_phrase,
    hparam_diff_text,
    fmt_num,
    fmt_step,
    fmt_steps,
    middle_trunc,
    ranked_runs,
    rule_counts,
    run_curves,
    skipped_line,
    sorted_findings,
    sparkline_pair,
    status_counts,
    worst_runs,
)
from curvedoc.vocab import FLAGGED_STATUSES, Severity, Status

WIDTH = 100
AUDIT_DETAIL_RUNS = 10   # findings in short form for this many worst runs
AUDIT_TABLE_ROWS = 40    # rows of the ranked table before "... N more"
BIG_AUDIT = 50           # with --statistics, an audit this big prints the statistics table instead of details


def wrap(text: str, indent: int, first: str | None = None, width: int = WIDTH) -> list[str]:
    """Wrap plain text to ``width``; ``first`` replaces the indent on the first line."""
    pad = " " * indent
    return textwrap.wrap(text, width=width, initial_indent=first if first is not None else pad,
                         subsequent_indent=pad, break_long_words=True, break_on_hyphens=False) or [first or pad]


def _wrap_max(text: str, indent: int, lines: int, first: str | None = None) -> list[str]:
    """:func:`wrap` kept to ``lines`` lines; a cut list ends with '...' instead of a dangling comma."""
    out = wrap(text, indent, first=first)
    if len(out) <= lines:
        return out
    out = out[:lines]
    out[-1] = out[-1].rstrip().rstrip(",;") + " ..."
    return out


# ---------------------------------------------------------------------------------------------- one run


def _status_line(rr, c: Ansi) -> list[str]:
    sym = STATUS_SYMBOL.get(rr.status, "?")
    name = clean(rr.run)
    head_plain = f"{sym} {name}  {rr.status}"
    head = f"{c.status(sym, rr.status)} {c(name, 'bold')}  {c.status(rr.status, rr.status)}"
    if rr.status == Status.UNREADABLE:
        reason = clean(rr.errors[0]) if rr.errors else "could not be read"
        lines = wrap(f"{head_plain}: {reason}", 4, first="")
        first = lines[0]
        lines[0] = head + c(first[len(head_plain):], "magenta")
        return lines
    facts = f"score {rr.score:.0f}  {clean(rr.source) or '?'}  {points_text(rr.points)}"
    line_plain = f"{head_plain}  {facts}"
    out = head + "  " + c(facts, "dim")
    curves = run_curves(rr)
    if len(line_plain) > WIDTH:
        # a very long run name: the name alone, the facts below
        out, line_plain = head, head_plain
        facts_line = "    " + c(facts, "dim")
    else:
        facts_line = None
    sparks: list = []
    fits = False
    for w in (20, 16, 12, 10, 8, 6):  # the widest sparklines that fit on the status line
        sparks = sparkline_pair(curves, w)
        if len(line_plain) + 2 + len("  ".join(f"{lab} {s}" for lab, s, _ in sparks)) <= WIDTH:
            fits = True
            break
    if not fits:
        sparks = sparkline_pair(curves, 20)
    spark_col = "  ".join(f"{c(lab, 'dim')} {c(s, 'red') if bad else c(s, 'cyan')}" for lab, s, bad in sparks)
    lines = [out + ("  " + spark_col if sparks and fits else "")]
    if facts_line:
        lines.append(facts_line)
    if sparks and not fits:
        lines.append("    " + spark_col)
    return lines


def _finding_lines(f, c: Ansi, short: bool = False) -> list[str]:
    where = fmt_steps(f)
    sev = f"{f.severity} {f.confidence:.0%}"
    head_plain = f"  {f.code} {f.name}  {sev}" + (f"  {where}" if where else "")
    head = ("  " + c.severity(f"{f.code} {f.name}", f.severity) + "  " + c.severity(sev, f.severity)
            + (f"  {c(where, 'bold')}" if where else ""))
    lines = [head if len(head_plain) <= WIDTH else head_plain[:WIDTH]]
    msg = clean(f.message)
    lines += wrap(msg, 6)
    note = consequence_note(f)
    if note:
        lines += [c(x, "dim") for x in wrap(clean(note), 6)]
    if short and f.causes:
        likely = f"likely: {clean(f.causes[0])}" + (f" -> {clean(f.fixes[0])}" if f.fixes else "")
        lines += [c(x, "dim") for x in wrap(likely, 6)]
    return lines


def _causes_lines(rr, c: Ansi) -> list[str]:
    if not rr.top_causes:
        return []
    lines = ["  " + c("Likely causes, and what to try first", "bold")]
    for i, cause in enumerate(rr.top_causes, 1):
        sup = ", ".join(cause.supported_by)
        w = cause.weight
        tail = f"  [{sup}{'; ' if sup and w is not None else ''}{'' if w is None else f'{float(w):.0%}'}]"
        title_lines = wrap(f"{i}. {clean(cause.title)}", 7, first="    ")
        if len(title_lines[-1]) + len(tail) <= WIDTH:
            title_lines[-1] += c(tail, "dim")
        else:
            title_lines.append(" " * 7 + c(tail.strip(), "dim"))
        lines += title_lines
        for fx in cause.fixes[:2]:
            lines += [c(x, "green") for x in wrap(f"-> {clean(fx)}", 10, first="       ")]
    return lines


def _issue_lines(rr, c: Ansi, limit: int = 3) -> list[str]:
    issues = rr.issues or []
    if not issues:
        return []
    lines = []
    for it in issues[:limit]:
        kind = clean(it.kind)
        cnt = it.count
        msg = clean(it.message)
        text = f"importer: {kind}{f' x{cnt:,}' if isinstance(cnt, int) and cnt > 1 else ''}: {msg}"
        wrapped = wrap(text, 6, first="  ")
        if len(wrapped) > 2:
            wrapped = wrapped[:2]
            wrapped[-1] = wrapped[-1][: WIDTH - 1] + "…"
        style = "red" if it.severity == Severity.ERROR else ("yellow" if it.severity == Severity.WARNING else "dim")
        lines += [c(x, style) for x in wrapped]
    if len(issues) > limit:
        lines.append(c(f"  importer: ... {len(issues) - limit} more issue(s) (see --format json)", "dim"))
    return lines


def _roles_lines(rr, c: Ansi) -> list[str]:
    lines = []
    if rr.roles:
        used = ", ".join(f"{k}={clean(v)}" for k, v in rr.roles.items())
        lines += [c(x, "dim") for x in _wrap_max(f"roles: {used}", 6, 3, first="  ")]
    losses = list((rr.coverage.other_losses if rr.coverage is not None else None) or ())
    for label, tags in (("other losses read", losses), ("tags no rule reads", unused_tags(rr))):
        if tags:
            shown = ", ".join(clean(t) for t in tags[:6]) + (f", ... {len(tags) - 6} more" if len(tags) > 6 else "")
            lines += [c(x, "dim") for x in _wrap_max(f"{label} ({len(tags)}): {shown}", 6, 2, first="  ")]
    for note in rr.role_notes or []:
        lines += [c(x, "dim") for x in _wrap_max(f"role: {clean(note)}", 6, 3, first="  ")]
    return lines


def coverage_text(rr) -> str:
    """One sentence on what was analysed (or why the run was not assessed)."""
    cov = rr.coverage
    if cov is None:
        return ""
    if not cov.assessed:
        return f"not assessed: {cov.reason or 'no training signal was analysed'}"
    sig = cov.signal
    what = {"train_loss": "training loss", "val_loss": "validation loss (no training loss logged)",
            "metric": f"quality metric ({cov.signal_note or 'no loss logged'})"}.get(sig, sig)
    ran, on = len(cov.rules_ran or ()), len(cov.rules_on_signal or ())
    mets = cov.metrics or ()
    mtxt = ""
    if mets:
        shown = ", ".join(f"{m.tag} ({m.direction} is better)" for m in mets[:3])
        mtxt = f"; metrics: {shown}" + (f" and {len(mets) - 3} more" if len(mets) > 3 else "")
    kind = (cov.loss_kind or {}).get("kind")
    ktxt = f", {kind}" if kind else ""
    return f"analysed: {what} {cov.signal_tag!s}{ktxt}; {ran} rules ran, {on} of them on that signal{mtxt}"


def comparison_lines(rr, c: Ansi) -> list[str]:
    """The comparison with the baseline: a verdict line, one row per curve, what differs in the
    hyperparameters, findings the baseline shares or had, notes."""
    cmp = rr.comparison
    if cmp is None:
        return []
    verdict = cmp.verdict
    style = {"worse": "red", "better": "green", "matches": "green"}.get(verdict, "cyan")
    lines = [c(x, style) for x in wrap(clean(comparison_head(rr)), 6, first="  ")]
    rows = comparison_rows(rr)
    if rows:
        w = min(36, max(len("curve"), *(len(clean(r["curve"])) for r in rows)))
        lines.append(c(f"    {'curve':<{w}}  {'final':>9}  {'baseline':>9}  {'change':>7}  {'band':>9}  verdict", "dim"))
        for r in rows:
            row_style = {"worse": "red", "better": "green", "different": "cyan"}.get(r["side"])
            verdict_txt = c(clean(r["verdict"]), row_style) if row_style else clean(r["verdict"])
            lines.append(f"    {middle_trunc(clean(r['curve']), w):<{w}}  {r['run']:>9}  {r['baseline']:>9}  "
                         f"{r['change']:>7}  {r['band']:>9}  " + verdict_txt)
    hp = hparam_diff_text(rr)
    if hp:
        lines += [c(x, "dim") for x in wrap(clean(hp), 6, first="  ")]
    shared = cmp.shared_findings
    if shared:
        codes = ", ".join(f"{f['code']} {f['name']}" for f in shared)
        lines += [c(x, "dim") for x in wrap(f"also in the baseline (not counted): {clean(codes)}", 6, first="  ")]
    resolved = cmp.resolved_findings
    if resolved:
        codes = ", ".join(f"{f.code} {f.name}" for f in resolved)
        lines += [c(x, "green") for x in wrap(f"the baseline had, this run has not: {clean(codes)}", 6, first="  ")]
    for note in cmp.notes:
        lines += [c(x, "dim") for x in wrap(f"note: {clean(note)}", 6, first="  ")]
    return lines


def baseline_text(report) -> str:
    """One sentence on the baseline: its path, its runs and their own diagnosis."""
    b = report.baseline
    if b is None:
        return ""
    runs = b.runs
    parts = [f"{r.run} ({r.source}, {r.status}" + (f": {', '.join(sorted({f['code'] for f in r.findings}))}"
             if r.findings else "") + ")" for r in runs[:5]]
    more = f" and {len(runs) - 5} more" if len(runs) > 5 else ""
    txt = (f"baseline {b.path or '(in memory)'}: {len(runs)} run{'s' if len(runs) != 1 else ''}"
           f"{' (seeds of one recipe: their spread widens the band)' if len(runs) > 1 else ''}: " + "; ".join(parts) + more)
    if b.unreadable:
        txt += f"; {len(b.unreadable)} could not be read"
    return txt


def render_run(rr, c: Ansi, short: bool = False) -> list[str]:
    lines = _status_line(rr, c)
    if rr.status == Status.UNREADABLE:
        return lines
    lines += comparison_lines(rr, c)
    if rr.status == Status.NOT_ASSESSED:
        lines += [c(x, "cyan") for x in wrap(clean(coverage_text(rr)), 6, first="  ")]
    for f in sorted_findings(rr.findings):
        lines += _finding_lines(f, c, short=short)
    if short:
        for e in rr.errors:
            lines += [c(x, "red") for x in wrap(f"error: {clean(e)}", 6, first="  ")]
        return lines
    lines += _causes_lines(rr, c)
    cov = coverage_text(rr)
    if cov and rr.status != Status.NOT_ASSESSED:
        lines += [c(x, "dim") for x in _wrap_max(clean(cov), 6, 3, first="  ")]
    sk = skipped_line(rr.skipped)
    if sk:
        lines += [c(x, "dim") for x in wrap(sk, 6, first="  ")]
    lines += _issue_lines(rr, c)
    for e in rr.errors:
        lines += [c(x, "red") for x in wrap(f"error: {clean(e)}", 6, first="  ")]
    lines += _roles_lines(rr, c)
    return lines


# ---------------------------------------------------------------------------------------------- statistics


def statistics_lines(report, c: Ansi) -> list[str]:
    rows = report.statistics()
    if not rows:
        return [c("No findings.", "dim")]
    w = max(len(r["name"]) for r in rows)
    lines = [c(f"{'count':>6}  {'code':<5} {'name':<{w}}  {'severity':<8} {'runs':>5}", "bold")]
    for r in rows:
        lines.append(f"{r['count']:>6}  " + c.severity(f"{r['code']:<5}", r["severity"])
                     + f" {r['name']:<{w}}  {r['severity']:<8} {r['runs']:>5}")
    return lines


# ---------------------------------------------------------------------------------------------- audit


def _trunc(s: str, n: int) -> str:
    return s if len(s) <= n else s[: max(0, n - 1)] + "…"


def audit_lines(report, c: Ansi, rows: int = AUDIT_TABLE_ROWS, detail: int = AUDIT_DETAIL_RUNS,
                details: bool = True) -> list[str]:
    sw = report.sweep  # None: a report of many runs shown as a sweep
    counts = status_counts(report)
    n = len(report.runs)
    target = clean(report.target) or "the sweep"
    lines = wrap(f"curvedoc audit of {target}: {n} run{'s' if n != 1 else ''} ({counts_phrase(counts)})", 4, first="")
    lines[0] = c(lines[0], "bold")
    lines.append("")
    readable = [r for r in ranked_runs(report) if r.status != Status.UNREADABLE]
    if readable:
        lines.append(c("Runs, worst first", "bold"))
        nw = min(40, max(len(clean(r.run)) for r in readable))
        tw = 26
        sw_ = max(8, max(len(str(r.status)) for r in readable[:rows]))  # 'not-assessed' is wider than 'warning'
        lines.append(c(f"{'#':>4}  {'status':<{sw_}} {'score':>5}  {'run':<{nw}}  {'top finding':<{tw}} {'step':>9}",
                       "dim"))
        for i, r in enumerate(readable[:rows], 1):
            tf = r.top_finding
            top = _trunc(f"{tf.code} {tf.name}" if tf else "-", tw)
            step = fmt_step(tf.step) if tf and tf.step is not None else ""
            name = middle_trunc(clean(r.run), nw)
            row = (f"{i:>4}  " + c.status(f"{r.status:<{sw_}}", r.status) + f" {r.score:>5.0f}  {name:<{nw}}  "
                   + (c.severity(f"{top:<{tw}}", tf.severity) if tf else f"{top:<{tw}}") + f" {step:>9}")
            lines.append(row.rstrip())
        if len(readable) > rows:
            rest = readable[rows:]
            rc = {}
            for r in rest:
                rc[r.status] = rc.get(r.status, 0) + 1
            lines.append(c(f"      ... {len(rest)} more ({counts_phrase(rc)}); --format json or html lists all",
                           "dim"))
        lines.append("")
    stats = rule_counts(report)
    if stats:
        lines.append(c("Findings across the sweep", "bold"))
        w = max(len(s["name"]) for s in stats)
        for s in stats:
            sev = ", ".join(f"{k} {v}" for k, v in s["by_severity"].items()) if len(s["by_severity"]) > 1 \
                else s["severity"]
            extra = f"; {s['count']} findings" if s["count"] != s["runs"] else ""
            lines.append(f"  {c.severity(s['code'], s['severity'])} {s['name']:<{w}}  in {s['runs']:>4} of {n} "
                         f"run{'s' if n != 1 else ''}  " + c(f"({sev}{extra})", "dim"))
        lines.append("")
    sep = sw.separating_hparams if sw is not None else ()
    if sep:
        lines.append(c("What separates the failing runs", "bold"))
        for s in sep:
            lines += wrap(f"- {clean(s.statement)}" + (f"  (p={s.p_value:.2g})" if isinstance(
                s.p_value, (int, float)) else ""), 4, first="  ")
        lines.append("")
    shared = sw.shared_failures if sw is not None else ()
    if shared:
        lines.append(c("Shared failures", "bold"))
        for s in shared:
            lines += [c(x, "red") for x in wrap(f"- {clean(s.statement)}", 4, first="  ")]
        lines.append("")
    dups = sw.duplicate_runs if sw is not None else ()
    if dups:
        lines.append(c("Identical curves (seed not varied, or one run copied twice)", "bold"))
        shown, left = duplicate_groups(dups)
        for g in shown:
            lines += wrap("- " + " = ".join(clean(x) for x in g), 4, first="  ")
        if left:
            lines.append(f"  ... and {left} more groups (--format json lists them all)")
        lines.append("")
    best = sw.best_run if sw is not None else None
    if best:
        lines += wrap(f"Best run: {clean(best.run)} ({clean(best.by)} {fmt_num(best.value)})",
                       4, first="")
        lines.append("")
    unread = [(u.run, u.reason) for u in sw.unreadable] if sw is not None and sw.unreadable is not None else None
    if unread is None:  # a report that does not list them (saved before it did): from the runs themselves
        unread = [(r.run, r.errors[0] if r.errors else "") for r in report.runs if r.status == Status.UNREADABLE]
    if unread:
        lines.append(c(f"Could not be read ({len(unread)})", "bold"))
        for run, reason in unread:
            lines += [c(x, "magenta") for x in wrap(f"? {clean(run)}: {clean(reason)}", 4, first="  ")]
        lines.append("")
    if details:
        worst = worst_runs(report, detail)
        if worst:
            nbad = sum(1 for r in report.runs if r.status in FLAGGED_STATUSES)
            more = f" (worst {len(worst)} of {nbad})" if nbad > len(worst) else ""
            lines.append(c(f"Findings of the failing and warning runs{more}", "bold"))
            for r in worst:
                lines += render_run(r, c, short=True)
                lines.append("")
    return lines


def _problem_lines(report, c: Ansi) -> list[str]:
    probs = report.problems or []
    if not probs:
        return []
    lines = [c(f"{len(probs)} path(s) skipped while looking for runs:", "dim")]
    for p in probs[:5]:
        lines += [c(x, "dim") for x in wrap(f"- {clean(p.path)}: {clean(p.reason)}", 4, first="  ")]
    if len(probs) > 5:
        lines.append(c(f"  ... {len(probs) - 5} more", "dim"))
    return lines


# ---------------------------------------------------------------------------------------------- entry point


def render(report, color: bool = False, statistics: bool = False, **_) -> str:
    c = Ansi(color)
    lines: list[str] = []
    if report.sweep is not None:
        big = statistics and len(report.runs) >= BIG_AUDIT
        lines += audit_lines(report, c, details=not big)
    else:
        for i, rr in enumerate(report.runs):
            if i:
                lines.append("")
            lines += render_run(rr, c)
        if len(report.runs) > 1:
            counts = status_counts(report)
            lines += ["", c(f"{len(report.runs)} runs: {counts_phrase(counts)}", "bold")]
        if report.baseline is not None:
            lines += [""] + [c(x, "dim") for x in wrap(clean(baseline_text(report)), 4, first="")]
    pl = _problem_lines(report, c)
    if pl:
        lines += [""] + pl
    if statistics:
        while lines and lines[-1] == "":
            lines.pop()
        lines += ["", c("Statistics (findings per rule)", "bold")] + statistics_lines(report, c)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"
