"""Rule documentation from the rule data: `curvedoc rules`, `curvedoc rule X`, and docs/rules.md."""

from __future__ import annotations

import json


def _needs(rule) -> str:
    return ", ".join(" or ".join(g) for g in rule.needs) or "-"


def list_rules(catalog, fmt: str = "text") -> str:
    rules = list(catalog.rules.values())
    if fmt == "json":
        return json.dumps(
            [{"code": r.code, "name": r.name, "severity": r.severity, "needs": [list(g) for g in r.needs],
              "summary": r.summary} for r in rules], indent=2) + "\n"
    if fmt == "markdown":
        lines = ["| code | name | severity | needs | symptom |", "|---|---|---|---|---|"]
        lines += [f"| {r.code} | [{r.name}](#{r.code.lower()}-{r.name}) | {r.severity} | {_needs(r)} | {r.summary} |" for r in rules]
        return "\n".join(lines) + "\n"
    w = max((len(r.name) for r in rules), default=10)
    lines = [f"{r.code:<5} {r.name:<{w}}  {r.severity:<7}  needs: {_needs(r):<28} {r.summary}" for r in rules]
    return "\n".join(lines) + "\n"


def explain_rule(catalog, rule, markdown: bool = False) -> str:
    h = "### " if markdown else ""
    lines = [f"{'## ' if markdown else ''}{rule.code} {rule.name}", ""]
    lines += [f"Severity: {rule.severity}    Needs: {_needs(rule)}", "", rule.summary, ""]
    if rule.what:
        lines += [f"{h}What it detects", "", rule.what, ""]
    if rule.why:
        lines += [f"{h}Why it matters", "", rule.why, ""]
    if rule.params:
        lines += [f"{h}Parameters", ""]
        for k, v in rule.params.items():
            doc = rule.param_docs.get(k, "")
            lines.append(f"- `{k}` = {v!r}" + (f": {doc}" if doc else "") if markdown else f"  {k} = {v!r}" + (f"  — {doc}" if doc else ""))
        lines.append("")
    if rule.causes:
        lines += [f"{h}Likely causes (most likely first) and fixes", ""]
        for i, cid in enumerate(rule.causes, 1):
            c = catalog.causes[cid]
            lines.append(f"{i}. {c.title}: {c.explanation}")
            for fx in c.fixes:
                lines.append(f"   - {fx}")
        lines.append("")
    if rule.references:
        lines += [f"{h}References", ""] + [f"- {r}" for r in rule.references] + [""]
    return "\n".join(lines)
