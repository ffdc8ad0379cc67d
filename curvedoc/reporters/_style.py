"""Shared pieces of the reporters: ordering, number/step formatting, skipped-rule grouping,
sparklines, escaping. No matplotlib here (``--format text`` and ``json`` must not import it)."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from curvedoc._fmt import fmt_num as finding_num
from curvedoc.vocab import FLAGGED_STATUSES, SEVERITIES, Severity, Status, status_rank

if TYPE_CHECKING:
    from curvedoc.engine.findings import Finding
    from curvedoc.engine.results import SkippedRule

STATUS_SYMBOL = {Status.FAILING: "✗", Status.WARNING: "!", Status.HEALTHY: "✓", Status.NOT_ASSESSED: "–",
                 Status.UNREADABLE: "?"}
# how counts of runs per status read in a summary line: the bad news first, then healthy, then the rest
COUNT_ORDER = tuple(s.value for s in (Status.FAILING, Status.WARNING, Status.HEALTHY, Status.NOT_ASSESSED,
                                      Status.UNREADABLE))

SPARK = "▁▂▃▄▅▆▇█"

# ---------------------------------------------------------------------------------------------- ANSI


class Ansi:
    """ANSI styling that turns into the identity when colour is off."""

    CODES = {
        "bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35",
        "cyan": "36", "grey": "90",
    }

    def __init__(self, enabled: bool):
        self.enabled = bool(enabled)

    def __call__(self, text: str, *styles: str) -> str:
        if not self.enabled or not styles or not text:
            return text
        codes = ";".join(self.CODES[s] for s in styles if s in self.CODES)
        return f"\x1b[{codes}m{text}\x1b[0m" if codes else text

    def severity(self, text: str, severity: str) -> str:
        return self(text, {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "blue"}.get(severity, "grey"))

    def status(self, text: str, status: str) -> str:
        return self(text, *{Status.FAILING: ("red", "bold"), Status.WARNING: ("yellow", "bold"), Status.HEALTHY: ("green",), Status.NOT_ASSESSED: ("cyan",),
                            Status.UNREADABLE: ("magenta", "bold")}.get(status, ()))


ANSI_RE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def strip_ansi(s: str) -> str:
    return ANSI_RE.sub("", s)


# bidirectional-text controls: an override (U+202E) or isolate in a file name would reorder what the user reads
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def neutral(s: Any) -> str:
    """Text from the logs with every control character but the newline (ESC, BEL, C1 controls: what opens a
    terminal escape) and every bidirectional control shown as '?': for formats that escape newlines themselves."""
    s = "" if s is None else str(s)
    return "".join(ch if ((ch >= " " or ch == "\n") and ch != "\x7f" and not 0x80 <= ord(ch) < 0xA0
                          and ch not in BIDI) else "?" for ch in s)


def clean(s: Any) -> str:
    """Text from the logs made safe for a terminal line: control characters (ESC included) and bidirectional
    controls shown as '?', newlines as spaces. A log must never be able to colour or move the user's terminal, nor
    reorder the text around it."""
    s = "" if s is None else str(s)
    s = s.replace("\r\n", " ").replace("\n", " ").replace("\r", " ").replace("\t", " ")
    return neutral(s)


# ---------------------------------------------------------------------------------------------- numbers


def fmt_step(step: Any) -> str:
    if step is None:
        return "-"
    try:
        return f"{int(step):,}"
    except (TypeError, ValueError):
        return str(step)


def fmt_steps(f: Finding) -> str:
    """'step 1,200' or 'steps 1,200-4,000' (the key step when it differs from the range start)."""
    if f.steps and f.steps[0] != f.steps[1]:
        rng = f"steps {fmt_step(f.steps[0])}-{fmt_step(f.steps[1])}"
        if f.step is not None and f.step not in (f.steps[0],):
            return f"step {fmt_step(f.step)} ({rng})"
        return rng
    if f.step is not None:
        return f"step {fmt_step(f.step)}"
    if f.steps:
        return f"step {fmt_step(f.steps[0])}"
    return ""


def fmt_num(x: Any) -> str:
    """A number as the findings write it (:func:`curvedoc._fmt.fmt_num`); "-" for nothing."""
    if x is None:
        return "-"
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, (int, float)):
        return finding_num(x)
    return str(x)


def fmt_hparam(v: Any, limit: int = 120) -> str:
    if isinstance(v, float):
        s = f"{v:.6g}"
    elif isinstance(v, (dict, list, tuple)):
        import json

        try:
            s = json.dumps(v, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            s = str(v)
    else:
        s = str(v)
    return s if len(s) <= limit else s[: limit - 1] + "…"


# ---------------------------------------------------------------------------------------------- ordering


def sorted_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: f.sort_key())


def severity_counts(findings: Iterable[Finding]) -> dict[str, int]:
    out = {s: 0 for s in SEVERITIES}
    for f in findings:
        out[f.severity] = out.get(f.severity, 0) + 1
    return out


def first_fixes(rr, limit: int = 3) -> list[str]:
    """The fixes to try first: the top causes' first fixes in cause order, then their second ones."""
    causes = rr.top_causes or []
    out: list[str] = []
    for rank in range(3):
        for c in causes:
            fx = c.fixes
            if rank < len(fx) and fx[rank] not in out:
                out.append(fx[rank])
            if len(out) >= limit:
                return out
    if not out:
        for f in sorted_findings(rr.findings):
            for fx in f.fixes:
                if fx not in out:
                    out.append(fx)
                if len(out) >= limit:
                    return out
    return out


# ---------------------------------------------------------------------------------------------- skipped rules


def _missing_label(missing: Sequence[str]) -> str:
    """'no grad_norm logged' for a missing group 'grad_norm|grad_norm_sq' (the group's first role names it:
    the alternatives are variants of the same quantity)."""
    groups = [g.split("|")[0] for g in missing]
    return "no " + " and no ".join(groups) + " logged" if groups else "not applicable"


def group_skipped(skipped: Iterable[SkippedRule]) -> list[tuple[str, list[SkippedRule]]]:
    """Skipped rules grouped by what was missing: [("no grad_norm or grad_norm_sq logged", [rules])], the
    largest group first."""
    groups: dict[str, list[SkippedRule]] = {}
    for s in skipped or ():
        key = s.why or _missing_label(list(s.missing))
        groups.setdefault(key, []).append(s)
    return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))


def skipped_line(skipped: Sequence[SkippedRule], names: int = 4) -> str:
    """'7 rules skipped: no grad_norm logged (exploding-gradients, clip-saturation, ...); no epoch logged (...)'."""
    if not skipped:
        return ""
    parts = []
    for label, rules in group_skipped(skipped):
        shown = [r.name for r in rules[:names]]
        more = ", ..." if len(rules) > names else ""
        parts.append(f"{label} ({', '.join(shown)}{more})")
    n = len(skipped)
    return f"{n} rule{'s' if n != 1 else ''} skipped: " + "; ".join(parts)


# ---------------------------------------------------------------------------------------------- curves


def run_curves(rr, roles: Sequence[str] = ("train_loss", "val_loss")) -> dict[str, tuple[list, list]]:
    """(steps, values) per role from the Run when in memory, else from the audit's 100-point curves.
    Non-finite values are NaN."""
    out: dict[str, tuple[list, list]] = {}
    run = getattr(rr, "run_obj", None)
    if run is not None:
        for role in roles:
            if role in run.roles:
                s = run.series(role)
                if len(s):
                    out[role] = (s.index.to_numpy(), s.to_numpy(dtype=float))
        return out
    curves = (getattr(rr, "meta", None) or {}).get("curves") or {}
    for role in roles:
        pts = curves.get(role)
        if pts:
            steps = [int(p[0]) for p in pts]
            vals = [float("nan") if p[1] is None else float(p[1]) for p in pts]
            out[role] = (steps, vals)
    return out


def _finite(vals) -> list[float]:
    return [float(v) for v in vals if v is not None and math.isfinite(float(v))]


def sparkline(values, width: int = 16) -> tuple[str, bool]:
    """A unicode sparkline of ``values`` binned (median) to at most ``width`` characters, on its own scale
    (log when positive and spanning more than a decade). Bins holding a non-finite value show '×'.
    Returns (sparkline, has_nonfinite)."""
    import numpy as np

    v = np.asarray(values, dtype=float)
    n = len(v)
    if n == 0 or width <= 0:
        return "", False
    w = min(width, n)
    edges = np.linspace(0, n, w + 1).astype(int)
    bins = []
    for a, b in zip(edges[:-1], edges[1:]):
        chunk = v[a:max(b, a + 1)]
        fin = chunk[np.isfinite(chunk)]
        bins.append(float(np.median(fin)) if len(fin) == len(chunk) and len(fin) else float("nan"))
    fin_all = np.array([x for x in bins if math.isfinite(x)])
    use_log = len(fin_all) > 0 and bool((fin_all > 0).all()) and fin_all.max() / fin_all.min() > 10
    ys = [math.log(x) if use_log and math.isfinite(x) else x for x in bins]
    fy = [y for y in ys if math.isfinite(y)]
    lo, hi = (min(fy), max(fy)) if fy else (0.0, 0.0)
    chars, bad = [], False
    for y in ys:
        if not math.isfinite(y):
            chars.append("×")
            bad = True
            continue
        level = 0 if hi - lo <= 1e-12 * max(1.0, abs(hi)) else int(round((y - lo) / (hi - lo) * (len(SPARK) - 1)))
        chars.append(SPARK[max(0, min(len(SPARK) - 1, level))])
    return "".join(chars), bad


def sparkline_pair(curves: dict[str, tuple[list, list]], width: int = 16) -> list[tuple[str, str, bool]]:
    """[(label, sparkline, has_nonfinite)] for the train and val loss, each on its own scale (the shape is
    what a sparkline can show: a val curve that dips and rises stays visible next to a train curve
    that falls by orders of magnitude)."""
    out = []
    for role, label in (("train_loss", "train"), ("val_loss", "val")):
        if role in curves and len(curves[role][1]):
            s, bad = sparkline(curves[role][1], width)
            out.append((label, s, bad))
    return out


# ---------------------------------------------------------------------------------------------- escaping

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~#&!{}])")


def md_escape(s: Any) -> str:
    """Text from the logs inside Markdown (tables included): newlines become spaces, and every character
    Markdown or GitHub would interpret (``\\ ` * _ [ ] < > | ~ # & ! { }``) is backslash-escaped, so a run
    named ``**x**|<b>`` is shown literally and cannot break a table."""
    s = clean(s)
    s = _MD_SPECIAL.sub(r"\\\1", s)
    # '@user' would notify someone on GitHub; a zero-width joiner after '@' keeps it inert
    return s.replace("@", "@\u200d")


def slug(text: str, used: set[str]) -> str:
    """An HTML id for a run: ASCII letters/digits/dashes, unique within ``used``."""
    base = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:60] or "run"
    base = "run-" + base
    s, i = base, 2
    while s in used:
        s = f"{base}-{i}"
        i += 1
    used.add(s)
    return s


def worst_runs(report, limit: int) -> list:
    """Failing and warning runs, worst first (status, then score, then name), at most ``limit``."""
    runs = [r for r in report.runs if r.status in FLAGGED_STATUSES]
    runs.sort(key=lambda r: (status_rank(r.status), r.score, r.run))
    return runs[:limit]


def ranked_runs(report) -> list:
    return sorted(report.runs, key=lambda r: (status_rank(r.status), r.score, r.run))


def status_counts(report) -> dict[str, int]:
    if report.sweep is not None and report.sweep.status_counts:
        return dict(report.sweep.status_counts)
    out = {s: 0 for s in COUNT_ORDER}
    for r in report.runs:
        out[r.status] = out.get(r.status, 0) + 1
    return out


def counts_phrase(counts: dict[str, int]) -> str:
    parts = [f"{counts.get(s, 0)} {s}" for s in COUNT_ORDER if counts.get(s)]
    return ", ".join(parts) if parts else "nothing"


def rule_counts(report) -> list[dict[str, Any]]:
    """Per rule across all runs: code, name, worst severity, runs (with the finding), count (findings) and
    the runs per severity; most runs first. Unlike ``Report.statistics`` one row per rule."""
    rows: dict[str, dict[str, Any]] = {}
    for r in report.runs:
        for f in r.findings:
            row = rows.setdefault(f.code, {"code": f.code, "name": f.name, "severity": f.severity, "count": 0,
                                           "runs": set(), "by_severity": {}})
            row["count"] += 1
            row["runs"].add(r.run)
            row["by_severity"].setdefault(f.severity, set()).add(r.run)
            if SEVERITIES.index(f.severity) < SEVERITIES.index(row["severity"]):
                row["severity"] = f.severity
    out = []
    for row in rows.values():
        out.append(dict(row, runs=len(row["runs"]),
                        by_severity={k: len(v) for k, v in sorted(row["by_severity"].items(),
                                                                   key=lambda kv: SEVERITIES.index(kv[0]))}))
    out.sort(key=lambda x: (-x["runs"], SEVERITIES.index(x["severity"]), x["code"]))
    return out


def middle_trunc(s: str, n: int) -> str:
    """Shorten to ``n`` characters keeping both ends (run paths differ at their ends)."""
    if len(s) <= n:
        return s
    if n < 8:
        return s[: n - 1] + "…"
    head = (n - 1) // 2
    return s[:head] + "…" + s[len(s) - (n - 1 - head):]


def duplicate_groups(groups: Sequence[Sequence[str]], max_groups: int = 10,
                     max_names: int = 6) -> tuple[list[list[str]], int]:
    """Groups of identical runs, shortened for people: at most ``max_groups`` groups of at most
    ``max_names`` names each (the rest summarised as "... N more"); returns (groups, groups left out)."""
    out = []
    for g in list(groups)[:max_groups]:
        names = [str(x) for x in g]
        if len(names) > max_names:
            names = names[:max_names] + [f"... {len(g) - max_names} more"]
        out.append(names)
    return out, max(0, len(groups) - max_groups)


def points_text(n: int) -> str:
    """'1 point', '2,093 points'."""
    return f"{n:,} point{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------------------------- compare

VERDICT_WORDS = {"matches": "matches the baseline", "worse": "worse than the baseline",
                 "better": "better than the baseline", "different": "differs from the baseline",
                 "not-compared": "nothing could be compared"}


def comparison_head(rr) -> str:
    """'vs baseline golden (by step): worse than the baseline' for a compared run, else ''."""
    cmp = rr.comparison
    if not cmp:
        return ""
    names = ", ".join(cmp.baseline) or "?"
    return f"vs baseline {names} (by {cmp.axis}): {VERDICT_WORDS.get(cmp.verdict, cmp.verdict)}"


def _pct(x: Any) -> str:
    if not isinstance(x, (int, float)) or not math.isfinite(x):
        return ""
    return f"{x * 100:+.0f}%" if abs(x) >= 0.01 else f"{x * 100:+.1f}%"


def comparison_rows(rr) -> list[dict[str, str]]:
    """One row per paired curve: curve, run's final, baseline's final, change, band, verdict, best values (text)."""
    cmp = rr.comparison
    if cmp is None:
        return []
    rows = []
    axis = cmp.axis
    for s in cmp.series:
        name = s.run_tag if s.run_tag == s.baseline_tag else f"{s.run_tag} / {s.baseline_tag}"
        if not s.compared:
            rows.append({"curve": name, "run": "", "baseline": "", "change": "", "band": "",
                         "verdict": f"not compared: {s.reason or ''}", "side": "", "best": ""})
            continue
        if s.band_rel is not None:
            band = f"±{s.band_rel * 100:.0f}%" + (" err" if s.scale == "error" else "")
        else:
            band = f"±{fmt_num(s.band_abs)}"
        side = s.side
        where = (f"step {fmt_step(s.left_step)}" if axis == "step"
                 else f"{axis.rstrip('s')} {fmt_num(s.left_at)}")
        verdict = {"worse": f"worse from {where}", "better": f"better from {where}",
                   "different": f"differs from {where}"}.get(side, "inside the band")
        best = ""
        if s.run_best is not None and s.baseline_best is not None:
            best = f"{fmt_num(s.run_best)} vs {fmt_num(s.baseline_best)}"
            if _pct(s.best_rel):
                best += f" ({_pct(s.best_rel)})"
        rows.append({"curve": name, "run": fmt_num(s.run_final), "baseline": fmt_num(s.baseline_final),
                     "change": _pct(s.final_rel), "band": band, "verdict": verdict, "side": side or "",
                     "best": best})
    return rows


def hparam_diff_text(rr, limit: int = 6) -> str:
    diff = (rr.comparison.hparams_diff or ()) if rr.comparison is not None else ()
    if not diff:
        return ""
    def v(x):
        return "(not logged)" if x is None else fmt_hparam(x, 40)

    parts = [f"{d.key} {v(d.run)} vs {v(d.baseline)}" for d in diff[:limit]]
    more = f" and {len(diff) - limit} more" if len(diff) > limit else ""
    return "hyperparameters that differ (run vs baseline): " + ", ".join(parts) + more


def unused_tags(rr) -> list[str]:
    """The logged tags no rule reads (the coverage's list; for a report saved before it existed, every tag that
    is not a role or a quality metric)."""
    cov = rr.coverage
    if cov is not None and cov.unused_tags is not None:
        return list(cov.unused_tags)
    metric_tags = {m.tag for m in (cov.metrics if cov is not None else None) or ()}
    return [t for t in (rr.tags or {}) if t not in set(rr.roles.values()) and t not in metric_tags]


def consequence_note(f) -> str:
    """'a consequence of D001 divergence from step 162: its causes come first' for a finding that an explosion
    explains (evidence ``explained_by``, see rules/causes.toml [[consequence]]), else ''."""
    origin = (f.evidence or {}).get("explained_by")
    if not isinstance(origin, dict) or not origin.get("code"):
        return ""
    at = f" from step {fmt_step(origin['step'])}" if origin.get("step") is not None else ""
    return f"a consequence of {origin['code']} {origin.get('name', '')}{at}: its causes come first"
