"""``--format html``: one self-contained file that opens offline (inline CSS, SVG and scripts; nothing fetched: a
Content-Security-Policy forbids every network source and allows only the page's own scripts by their hash).

Per run: the curves drawn with the findings marked, the findings table, likely causes and fixes,
skipped rules, importer issues, roles and hyperparameters. An audit adds an overview plot of every
run's loss curve coloured by status, the ranked table linking to each run's section, finding counts,
the hyperparameter statements, shared failures, duplicates and the runs that could not be read; only
the worst ``DETAIL_RUNS`` runs get a section with a plot, the rest are listed.

Each run's curves are an interactive chart over a static SVG (``curvedoc.reporters.interactive``); the audit
overview and a comparison's figure are matplotlib SVGs. Everything that comes from the logs (run names, tags,
hyperparameters, messages) is HTML-escaped here and in the SVGs, and JSON-escaped in the chart data.
``fragment=True`` gives the same content without the ``<html>``/``<head>`` wrapper and without scripts (Jupyter's
``Report._repr_html_``: the static SVGs).
"""

from __future__ import annotations

import html
import warnings
from typing import Any

from curvedoc.reporters._style import (
    consequence_note,
    unused_tags,
    points_text,
    duplicate_groups,
    STATUS_SYMBOL,
    clean,
    comparison_head,
    comparison_rows,
    counts_phrase,
    hparam_diff_text,
    first_fixes,
    fmt_hparam,
    fmt_num,
    fmt_step,
    fmt_steps,
    group_skipped,
    ranked_runs,
    rule_counts,
    slug,
    sorted_findings,
    status_counts,
)
from curvedoc.vocab import Status

DETAIL_RUNS = 50  # runs drawn in detail; the rest are listed

NOTEBOOK_CSS = """
div.curvedoc table{width:100% !important;max-width:none !important;table-layout:auto !important;margin:6px 0 !important}
div.curvedoc table th,div.curvedoc table td{text-align:left !important;vertical-align:top !important;
  white-space:normal;padding:4px 8px !important}
div.curvedoc table td.num{text-align:right !important;white-space:nowrap !important}
div.curvedoc table td.code,div.curvedoc table td.rule,div.curvedoc table th{white-space:nowrap !important}
div.curvedoc table tbody tr:nth-child(odd){background:transparent}
"""

CSS = """
.curvedoc{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d232a;
  line-height:1.45;font-size:14px;max-width:1180px;margin:0 auto;padding:12px 18px}
.curvedoc h1{font-size:22px;margin:8px 0 4px}
.curvedoc h2{font-size:17px;margin:0 0 4px;word-break:break-all}
.curvedoc h3{font-size:14px;margin:14px 0 4px;color:#37474f}
.curvedoc .sub{color:#5f6b76;font-size:12.5px;word-break:break-all}
.curvedoc section.run{border:1px solid #dde3e8;border-left:5px solid #9e9e9e;border-radius:6px;padding:10px 14px;
  margin:16px 0;background:#fff}
.curvedoc section.run.failing{border-left-color:#c62828}
.curvedoc section.run.warning{border-left-color:#e69500}
.curvedoc section.run.healthy{border-left-color:#43a047}
.curvedoc section.run.unreadable{border-left-color:#8e24aa}
.curvedoc .badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;
  color:#fff;background:#9e9e9e;vertical-align:middle;margin-right:4px}
.curvedoc .badge.failing,.curvedoc .badge.error{background:#c62828}
.curvedoc .badge.warning{background:#d98200}
.curvedoc .badge.healthy{background:#43a047}
.curvedoc .badge.info{background:#5c6bc0}
.curvedoc .badge.unreadable{background:#8e24aa}
.curvedoc table{border-collapse:collapse;margin:6px 0;font-size:13px;width:100%}
.curvedoc th,.curvedoc td{border-bottom:1px solid #e6eaee;padding:4px 8px;text-align:left;vertical-align:top}
.curvedoc th{background:#f4f6f8;font-weight:600;white-space:nowrap}
.curvedoc td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.curvedoc td.code{white-space:nowrap;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.curvedoc td.rule{white-space:nowrap}
.curvedoc td.name{word-break:break-all;max-width:420px}
.curvedoc table.ranking td.name{min-width:240px;max-width:380px}
.curvedoc table.ranking td.muted{font-size:12px}
.curvedoc tr.error td.code{color:#c62828}.curvedoc tr.warning td.code{color:#b26a00}
.curvedoc tr.info td.code{color:#3949ab}
.curvedoc tr.error td{color:#b71c1c}.curvedoc tr.healthy td{color:#2e6b30}
.curvedoc .plot{margin:6px 0;overflow:hidden}
.curvedoc svg.cd-plot{width:100%;height:auto;display:block}
.curvedoc .small svg.cd-plot{max-width:760px}
.curvedoc ol.causes{margin:4px 0 4px 18px;padding:0}
.curvedoc ol.causes li{margin:3px 0}
.curvedoc ul.fixes{margin:2px 0 2px 4px;padding-left:16px;color:#2e6b30}
.curvedoc .muted{color:#6b7680;font-size:12.5px}
.curvedoc .errors{color:#b71c1c}
.curvedoc details{margin:4px 0}
.curvedoc summary{cursor:pointer;color:#37474f;font-size:13px}
.curvedoc code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;
  background:#f4f6f8;padding:0 3px;border-radius:3px;word-break:break-all}
.curvedoc .counts span{margin-right:12px}
.curvedoc ul.statements li{margin:2px 0}
.curvedoc footer{color:#8a949c;font-size:12px;margin:18px 0 6px}
.curvedoc a{color:#1565c0;text-decoration:none}.curvedoc a:hover{text-decoration:underline}
"""


def e(s: Any) -> str:
    """Escape text (from the logs or not) for HTML content and attribute values."""
    return html.escape(clean(s), quote=True)


def _consequence(f) -> str:
    """The consequence note of a finding an explosion explains, as a muted line under its message."""
    note = consequence_note(f)
    return f'<br><span class="muted">{e(note)}</span>' if note else ""


def _badge(text: str, cls: str) -> str:
    return f'<span class="badge {e(cls)}">{e(text)}</span>'


# ---------------------------------------------------------------------------------------------- plots


def _figure(rr, small: bool, interactive: bool = True) -> str:
    """The run's figure: an interactive chart over a static SVG (curvedoc.reporters.interactive); a notebook
    fragment gets the SVG alone (no scripts)."""
    try:
        from curvedoc.reporters.interactive import figure_html

        return figure_html(rr, small=small, interactive=interactive)
    except Exception as exc:  # a plotting problem must not lose the rest of the report
        return f'<p class="errors">plot failed: {e(type(exc).__name__)}: {e(exc)}</p>'


def _compare_svg(rr, anchor: str) -> str:
    try:
        from curvedoc.reporters.plots import compare_figure, figure_to_svg

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fig = compare_figure(rr, title=False)
            return figure_to_svg(fig, salt=anchor + "-cmp") if fig is not None else ""
    except Exception as exc:  # a plotting problem must not lose the rest of the report
        return f'<p class="errors">comparison plot failed: {e(type(exc).__name__)}: {e(exc)}</p>'


def _comparison(rr, anchor: str) -> str:
    """The verdict, the per-curve table, the plot with the baseline's band, what differs and what is shared."""
    cmp = rr.comparison
    if cmp is None:
        return ""
    cls = {"worse": "failing", "better": "healthy", "matches": "healthy"}.get(cmp.verdict, "info")
    parts = [f"<h3>{_badge(cmp.verdict, cls)} {e(comparison_head(rr))}</h3>"]
    rows = comparison_rows(rr)
    if rows:
        body = "".join(
            f'<tr class="{e({"worse": "error", "better": "healthy", "different": "info"}.get(r["side"], ""))}">'
            f'<td class="name">{e(r["curve"])}</td><td class="num">{e(r["run"])}</td><td class="num">{e(r["baseline"])}</td>'
            f'<td class="num">{e(r["change"])}</td><td class="num">{e(r["band"])}</td><td>{e(r["verdict"])}</td>'
            f'<td class="num">{e(r["best"])}</td></tr>'
            for r in rows)
        parts.append("<table><thead><tr><th>curve</th><th>final</th><th>baseline</th><th>change</th><th>band</th>"
                     f"<th>verdict</th><th>best (run vs baseline)</th></tr></thead><tbody>{body}</tbody></table>")
    svg = _compare_svg(rr, anchor)
    if svg:
        parts.append(f'<div class="plot">{svg}</div>')
        parts.append('<p class="muted">Grey: the baseline (smoothed) with its noise band shaded; colour: this run '
                     "(red where it became worse, green better); the dashed line is where it left the band for good."
                     "</p>")
    items = []
    hp = hparam_diff_text(rr)
    if hp:
        items.append(e(hp))
    shared = cmp.shared_findings
    if shared:
        items.append("also in the baseline (not counted): " + e(", ".join(f"{f['code']} {f['name']}" for f in shared)))
    resolved = cmp.resolved_findings
    if resolved:
        items.append("the baseline had, this run has not: " + e(", ".join(f"{f.code} {f.name}" for f in resolved)))
    items += [f"note: {e(n)}" for n in cmp.notes]
    if items:
        parts.append('<ul class="muted">' + "".join(f"<li>{x}</li>" for x in items) + "</ul>")
    return "".join(parts)


def _overview_svg(report) -> str:
    try:
        from curvedoc.reporters.plots import figure_to_svg, overview_figure

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return figure_to_svg(overview_figure(report), salt="overview")
    except Exception as exc:
        return f'<p class="errors">overview plot failed: {e(type(exc).__name__)}: {e(exc)}</p>'


# ---------------------------------------------------------------------------------------------- one run


def _findings_table(rr) -> str:
    fs = sorted_findings(rr.findings)
    if not fs:
        return '<p class="muted">No findings.</p>'
    rows = []
    for f in fs:
        rows.append(
            f'<tr class="{e(f.severity)}"><td>{_badge(f.severity, f.severity)}</td><td class="code">{e(f.code)}</td>'
            f"<td class=\"rule\">{e(f.name)}</td><td class=\"num\">{f.confidence:.0%}</td>"
            f'<td class="num">{e(fmt_steps(f).replace("steps ", "").replace("step ", ""))}</td><td>{e(f.message)}{_consequence(f)}</td></tr>'
        )
    return ('<table class="findings"><thead><tr><th>severity</th><th>code</th><th>rule</th><th>confidence</th>'
            "<th>step(s)</th><th>what was seen</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def _causes(rr) -> str:
    if not rr.top_causes:
        return ""
    items = []
    for c in rr.top_causes:
        sup = ", ".join(c.supported_by)
        w = c.weight
        meta = " ".join(x for x in (f"[{sup}]" if sup else "", f"{float(w):.0%}" if isinstance(w, (int, float)) else "") if x)
        fixes = "".join(f"<li>{e(fx)}</li>" for fx in c.fixes)
        items.append(f"<li><b>{e(c.title)}</b> <span class=\"muted\">{e(meta)}</span>"
                     + (f'<ul class="fixes">{fixes}</ul>' if fixes else "") + "</li>")
    return "<h3>Likely causes, and what to try first</h3><ol class=\"causes\">" + "".join(items) + "</ol>"


def _skipped(rr) -> str:
    if not rr.skipped:
        return ""
    parts = []
    for label, rules in group_skipped(rr.skipped):
        names = ", ".join(f"{r.code} {r.name}".strip() for r in rules)
        parts.append(f"{e(label)} ({e(names)})")
    n = len(rr.skipped)
    return f'<p class="muted">{n} rule{"s" if n != 1 else ""} skipped: ' + "; ".join(parts) + "</p>"


def _issues(rr) -> str:
    if not rr.issues:
        return ""
    rows = []
    for it in rr.issues:
        cnt = it.count
        rows.append(f"<tr><td>{_badge(it.severity, it.severity)}</td>"
                    f"<td class=\"code\">{e(it.kind)}</td><td class=\"num\">{'' if cnt is None else e(f'{cnt:,}' if isinstance(cnt, int) else cnt)}</td>"
                    f"<td>{e(it.message)}</td><td class=\"name\">{e(it.file or '')}</td></tr>")
    return ("<h3>Importer issues</h3><table><thead><tr><th>severity</th><th>kind</th><th>count</th><th>message</th>"
            "<th>file</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def _roles_hparams(rr) -> str:
    out = []
    if rr.roles or rr.role_notes:
        rows = "".join(f"<tr><td class=\"code\">{e(k)}</td><td><code>{e(v)}</code></td>"
                       f"<td class=\"num\">{e(f'{rr.tags[v]:,}') if v in (rr.tags or {}) else ''}</td></tr>"
                       for k, v in rr.roles.items())
        notes = "".join(f"<li>{e(n)}</li>" for n in rr.role_notes)
        out.append(f"<details><summary>Roles: which logged tag was used for what ({len(rr.roles)})</summary>"
                   f"<table><thead><tr><th>role</th><th>tag</th><th>points</th></tr></thead><tbody>{rows}</tbody></table>"
                   + (f'<ul class="muted">{notes}</ul>' if notes else "") + "</details>")
    losses = rr.coverage.other_losses if rr.coverage is not None else None
    for title, tags in (("Other losses the rules read (parts of a loss, other eval sets)", losses),
                        ("Logged tags no rule reads", unused_tags(rr))):
        if tags:
            shown = ", ".join(f"<code>{e(t)}</code>" for t in tags[:200])
            more = f" and {len(tags) - 200} more" if len(tags) > 200 else ""
            out.append(f"<details><summary>{e(title)} ({len(tags)})</summary><p>{shown}{more}</p></details>")
    if rr.hparams:
        items = list(rr.hparams.items())
        rows = "".join(f"<tr><td class=\"code\">{e(k)}</td><td class=\"name\">{e(fmt_hparam(v, 300))}</td></tr>"
                       for k, v in items[:500])
        more = f'<p class="muted">... {len(items) - 500} more</p>' if len(items) > 500 else ""
        out.append(f"<details><summary>Hyperparameters ({len(items)})</summary><table><tbody>{rows}</tbody></table>"
                   f"{more}</details>")
    return "".join(out)


def _run_section(rr, anchor: str, small: bool, interactive: bool = True) -> str:
    parts = [f'<section class="run {e(rr.status)}" id="{e(anchor)}">']
    sym = STATUS_SYMBOL.get(rr.status, "?")
    parts.append(f"<h2>{_badge(f'{sym} {rr.status}', rr.status)} {e(rr.run)}</h2>")
    if rr.status == Status.UNREADABLE:
        reason = rr.errors[0] if rr.errors else "could not be read"
        parts.append(f'<p class="errors">{e(reason)}</p><p class="sub">{e(rr.path)}</p></section>')
        return "".join(parts)
    parts.append(f'<p class="sub">score {rr.score:.0f} · {e(rr.source)} · {points_text(rr.points)}'
                 + (f" · {e(rr.path)}" if rr.path else "") + "</p>")
    if rr.comparison:
        parts.append(_comparison(rr, anchor))
        parts.append(f'<details><summary>the run\'s own curves, findings marked</summary><div class="plot'
                     f'{" small" if small else ""}">{_figure(rr, small, interactive)}</div></details>')
    else:
        parts.append(f'<div class="plot{" small" if small else ""}">{_figure(rr, small, interactive)}</div>')
    parts.append(_findings_table(rr))
    parts.append(_causes(rr))
    if not rr.top_causes and rr.findings:
        fx = first_fixes(rr)
        if fx:
            parts.append("<h3>What to try first</h3><ul class=\"fixes\">" + "".join(f"<li>{e(x)}</li>" for x in fx) + "</ul>")
    if rr.errors:
        parts.append("<h3>Errors</h3><ul class=\"errors\">" + "".join(f"<li>{e(x)}</li>" for x in rr.errors) + "</ul>")
    parts.append(_skipped(rr))
    parts.append(_issues(rr))
    parts.append(_roles_hparams(rr))
    parts.append("</section>")
    return "".join(parts)


# ---------------------------------------------------------------------------------------------- overview


def _ranked_table(runs, anchors: dict[int, str]) -> str:
    rows = []
    for i, r in enumerate(runs, 1):
        tf = r.top_finding
        top = f"{tf.code} {tf.name}" if tf else ("" if r.status != Status.UNREADABLE else "")
        msg = tf.message if tf else (r.errors[0] if r.errors else "")
        if len(msg) > 130:
            msg = msg[:129] + "…"
        a = anchors.get(id(r))
        name = f'<a href="#{e(a)}">{e(r.run)}</a>' if a else e(r.run)
        rows.append(f'<tr class="{e(tf.severity) if tf else ""}"><td class="num">{i}</td>'
                    f"<td>{_badge(r.status, r.status)}</td><td class=\"num\">{r.score:.0f}</td>"
                    f'<td class="name">{name}</td><td class="code">{e(top)}</td>'
                    f'<td class="num">{e(fmt_step(tf.step)) if tf and tf.step is not None else ""}</td>'
                    f'<td class="muted">{e(msg)}</td></tr>')
    return ("<table class=\"ranking\"><thead><tr><th>#</th><th>status</th><th>score</th><th>run</th>"
            "<th>top finding</th><th>step</th><th>details</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def _counts_table(report) -> str:
    rows = rule_counts(report)
    if not rows:
        return ""
    n = len(report.runs)
    body = "".join(
        f'<tr class="{e(r["severity"])}"><td class="code">{e(r["code"])}</td><td>{e(r["name"])}</td>'
        f'<td class="num">{r["runs"]} of {n}</td><td class="num">{r["count"]}</td>'
        f'<td>{e(", ".join(f"{k} {v}" for k, v in r["by_severity"].items()))}</td></tr>'
        for r in rows)
    return ("<h3>Findings across the runs</h3><table><thead><tr><th>code</th><th>rule</th><th>runs</th>"
            "<th>findings</th><th>by severity</th></tr></thead><tbody>" + body + "</tbody></table>")


def _sweep_sections(report) -> str:
    sw = report.sweep
    if sw is None:
        return ""
    out = []
    sep = sw.separating_hparams
    if sep:
        items = "".join(f"<li>{e(s.statement)}"
                        + (f" <span class=\"muted\">(p = {s.p_value:.2g})</span>" if isinstance(s.p_value, (int, float)) else "")
                        + "</li>" for s in sep)
        out.append(f'<h3>What separates the failing runs</h3><ul class="statements">{items}</ul>')
    shared = sw.shared_failures
    if shared:
        items = "".join(f"<li>{e(s.statement)}</li>" for s in shared)
        out.append(f'<h3>Shared failures</h3><ul class="statements errors">{items}</ul>')
    dups = sw.duplicate_runs
    if dups:
        shown, left = duplicate_groups(dups)
        items = "".join("<li>" + " = ".join(f"<code>{e(x)}</code>" for x in g) + "</li>" for g in shown)
        items += f"<li>... and {left} more groups</li>" if left else ""
        out.append(f"<h3>Identical curves (seed not varied, or one run copied twice)</h3><ul>{items}</ul>")
    best = sw.best_run
    if best:
        out.append(f"<p><b>Best run:</b> <code>{e(best.run)}</code> ({e(best.by)} "
                   f"{e(fmt_num(best.value))})</p>")
    return "".join(out)


def _unreadable(report, anchors: dict[int, str]) -> str:
    bad = [r for r in report.runs if r.status == Status.UNREADABLE]
    if not bad:
        return ""
    items = "".join(f'<li id="{e(anchors[id(r)])}"><code>{e(r.run)}</code>: {e(r.errors[0] if r.errors else "")}</li>'
                    for r in bad)
    return f'<h3>Could not be read ({len(bad)})</h3><ul class="errors">{items}</ul>'


def _problems(report) -> str:
    if not report.problems:
        return ""
    items = "".join(f"<li><code>{e(p.path)}</code>: {e(p.reason)}</li>" for p in report.problems[:200])
    return f'<details><summary>{len(report.problems)} path(s) skipped while looking for runs</summary><ul class="muted">{items}</ul></details>'


# ---------------------------------------------------------------------------------------------- entry point


def render(report, fragment: bool = False, detail_runs: int = DETAIL_RUNS, **_) -> str:
    from curvedoc import __version__

    runs = ranked_runs(report) if (report.sweep is not None or len(report.runs) > 1) else list(report.runs)
    used: set[str] = set()
    anchors = {id(r): slug(r.run, used) for r in runs}
    readable = [r for r in runs if r.status != Status.UNREADABLE]
    detailed = readable[:detail_runs]
    rest = readable[detail_runs:]
    small = report.sweep is not None or len(readable) > 3
    counts = status_counts(report)

    body = ['<div class="curvedoc">']
    title = ("curvedoc audit" if report.sweep is not None else
             "curvedoc compare" if report.baseline is not None else "curvedoc report")
    body.append(f"<h1>{e(title)}</h1>")
    body.append(f'<p class="sub">{e(report.target) + " · " if report.target else ""}{len(report.runs)} '
                f"run{'s' if len(report.runs) != 1 else ''}: {e(counts_phrase(counts))}</p>")
    if len(runs) > 1 or report.sweep is not None:
        if len(readable) > 1:
            body.append(f'<div class="plot">{_overview_svg(report)}</div>')
            body.append('<p class="muted">Every run\'s loss, coloured by status (red failing, amber warning, '
                        "green healthy); click a run in the table for its curves and findings.</p>")
        body.append("<h3>Runs, worst first</h3>")
        body.append(_ranked_table(readable, anchors))
        body.append(_counts_table(report))
        body.append(_sweep_sections(report))
        body.append(_unreadable(report, anchors))
        body.append(_problems(report))
        if detailed:
            more = f" (the worst {len(detailed)} of {len(readable)})" if rest else ""
            body.append(f"<h2 style=\"margin-top:22px\">Runs in detail{e(more)}</h2>")
    for r in detailed:
        body.append(_run_section(r, anchors[id(r)], small=small, interactive=not fragment))
    if len(runs) == 1 and runs[0].status == Status.UNREADABLE:
        body.append(_run_section(runs[0], anchors[id(runs[0])], small=False, interactive=not fragment))
    if rest:
        rows = "".join(
            f'<tr id="{e(anchors[id(r)])}"><td>{_badge(r.status, r.status)}</td><td class="num">{r.score:.0f}</td>'
            f'<td class="name">{e(r.run)}</td><td class="code">{e(", ".join(sorted({f.code for f in r.findings})))}</td></tr>'
            for r in rest)
        body.append(f"<h3>The other {len(rest)} runs (not drawn)</h3><table><thead><tr><th>status</th><th>score</th>"
                    f"<th>run</th><th>findings</th></tr></thead><tbody>{rows}</tbody></table>")
    if len(runs) <= 1:
        body.append(_problems(report))
    if report.baseline is not None:
        from curvedoc.reporters.text import baseline_text

        body.append(f'<p class="muted">{e(baseline_text(report))}</p>')
    body.append(f"<footer>curvedoc {e(__version__)} · rule docs: <code>curvedoc rule CODE</code></footer>")
    body.append("</div>")
    content = "\n".join(x for x in body if x)
    style = f"<style>{CSS}</style>"
    if fragment:
        # inside a notebook the host's stylesheet styles tables too (JupyterLab right-aligns cells and lets
        # tables shrink to their content): the report's own layout wins there with more specific rules
        return f"<style>{CSS}{NOTEBOOK_CSS}</style>" + "\n" + content
    title_txt = f"{title}: {report.target}" if report.target else title
    from curvedoc.reporters.interactive import figures_on_page, page_parts

    scripts = ""
    csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
    if figures_on_page(body):
        extra_css, scripts, csp = page_parts()
        style = f"<style>{CSS}{extra_css}</style>"
    # nothing on the page may reach the network: no source is allowed but the page's own inline parts
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{e(title_txt)}</title>{style}</head>\n<body>\n{content}\n{scripts}\n</body></html>\n")
