"""Rule documentation from the rule data (``rules/*.toml``): ``curvedoc rules`` (the list, as text,
JSON or Markdown), ``curvedoc rule NAME|CODE`` (one rule explained) and ``docs/rules.md`` (the
generated reference page: an index, one section per rule and the cause table; written by
``scripts/gen_rules_doc.py``, checked for staleness by ``tests/reporters/test_rules_doc.py``).
"""

from __future__ import annotations

import json
import re
import textwrap
from typing import Any

from curvedoc.reporters._style import md_escape

WIDTH = 100
FAMILIES = {
    "D": "Divergence and instability",
    "E": "Data order",
    "G": "Gradients",
    "I": "Log integrity",
    "P": "Progress",
    "S": "Schedule",
    "V": "Generalisation",
    "W": "Weights",
}


def _needs(rule, sep: str = " or ") -> str:
    return ", ".join(sep.join(g) for g in rule.needs) or "-"


def _paragraphs(text: str) -> list[str]:
    """Paragraphs of a TOML multi-line string, each joined onto one line (blank lines separate them)."""
    paras = re.split(r"\n\s*\n", (text or "").strip())
    return [" ".join(line.strip() for line in p.splitlines()).strip() for p in paras if p.strip()]


def _fill(text: str, indent: int = 0, width: int = WIDTH, first: str | None = None) -> list[str]:
    pad = " " * indent
    return textwrap.wrap(text, width=width, initial_indent=pad if first is None else first, subsequent_indent=pad,
                         break_long_words=False, break_on_hyphens=False) or [""]


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return repr(v)


def rule_dict(catalog, rule) -> dict[str, Any]:
    """Everything about one rule as plain data (``curvedoc rules --format json``)."""
    return {
        "code": rule.code,
        "name": rule.name,
        "severity": rule.severity,
        "status": rule.status,
        "needs": [list(g) for g in rule.needs],
        "summary": rule.summary,
        "what": " ".join(_paragraphs(rule.what)),
        "why": " ".join(_paragraphs(rule.why)),
        "params": [{"name": k, "default": v, "doc": rule.param_docs.get(k, "")} for k, v in rule.params.items()],
        "causes": [{"id": cid, "title": catalog.causes[cid].title, "explanation": catalog.causes[cid].explanation,
                    "fixes": list(catalog.causes[cid].fixes)} for cid in rule.causes if cid in catalog.causes],
        "references": list(rule.references),
        "seeds": list(rule.seeds),
    }


def _md(s: Any) -> str:
    """Escape a table cell."""
    return str(s).replace("|", "\\|").replace("\n", " ")


def _anchor(rule) -> str:
    """GitHub's heading anchor for '## D001 divergence'."""
    return f"{rule.code.lower()}-{rule.name}"


def list_rules(catalog, fmt: str = "text") -> str:
    rules = list(catalog.rules.values())
    if fmt == "json":
        return json.dumps([rule_dict(catalog, r) for r in rules], indent=2, ensure_ascii=False) + "\n"
    if fmt == "markdown":
        lines = ["| code | name | severity | needs | symptom |", "|---|---|---|---|---|"]
        lines += [f"| {r.code} | [{r.name}](#{_anchor(r)}) | {r.severity} | {_md(_needs(r))} | {_md(r.summary)} |"
                  for r in rules]
        return "\n".join(lines) + "\n"
    w = max((len(r.name) for r in rules), default=10)
    col = 6 + w + 2 + 9
    lines = [f"{'code':<6}{'name':<{w}}  {'severity':<9}symptom [needed roles]"]
    for r in rules:
        head = f"{r.code:<6}{r.name:<{w}}  {r.severity:<9}"
        needs = _needs(r, "|") if r.needs else "no roles needed"
        lines += _fill(f"{r.summary} [{needs}]", indent=col, first=head)
    lines += [""] + _fill(f"{len(rules)} rules. `curvedoc rule CODE` explains one; select with --select/--ignore "
                          "(codes, prefixes such as D or V0, or names).")
    return "\n".join(lines) + "\n"


def _checks(rule) -> str:
    """'check x is' / 'checks x and y are': the rule's whole-run checks, named."""
    names = [f"'{c}'" for c in rule.whole_run_checks]
    if len(names) == 1:
        return f"check {names[0]} is"
    return f"checks {', '.join(names[:-1])} and {names[-1]} are"


def explain_rule(catalog, rule, markdown: bool = False) -> str:
    """The full explanation of one rule: what it detects, why it matters, parameters with defaults and
    their docs, likely causes with fixes, references."""
    if markdown:
        return "\n".join(_rule_markdown(catalog, rule, level=2)) + "\n"
    lines = [f"{rule.code} {rule.name}", "=" * len(f"{rule.code} {rule.name}"), ""]
    lines += _fill(rule.summary)
    lines += ["", f"Severity: {rule.severity}" + (f"    Status: {rule.status}" if rule.status != "stable" else "")]
    lines += _fill(f"Needs: {_needs(rule)} (a rule whose roles are not logged is skipped; map a tag to a role with "
                   f"--role ROLE=TAG)")
    if rule.whole_run:
        lines += _fill("Judged on the finished run only: not while a run is watched or trained with a callback "
                       "(curvedoc watch reports it after its last full pass).")
    elif rule.whole_run_checks:
        lines += _fill(f"Its {_checks(rule)} judged on the finished run only (whole_run_checks): not while a run "
                       "is watched or trained with a callback; the rest of the rule is judged mid-run too.")
    for title, text in (("What it detects", rule.what), ("Why it matters", rule.why)):
        if text:
            lines += ["", title, "-" * len(title)]
            for i, p in enumerate(_paragraphs(text)):
                if i:
                    lines.append("")
                lines += _fill(p)
    if rule.params:
        lines += ["", "Parameters (default)", "--------------------"]
        for k, v in rule.params.items():
            lines.append(f"  {k} = {_value(v)}")
            doc = rule.param_docs.get(k, "")
            if doc:
                lines += _fill(doc, indent=6)
        lines += [""] + _fill(f"Change one with --param {rule.name}.PARAM=VALUE or in pyproject.toml under "
                              f"[tool.curvedoc.params.{rule.name}].")
    if rule.causes:
        lines += ["", "Likely causes (most likely first) and fixes", "-------------------------------------------"]
        for i, cid in enumerate(rule.causes, 1):
            c = catalog.causes.get(cid)
            if c is None:
                continue
            lines += _fill(f"{i}. {c.title}: {c.explanation}", indent=3, first="")
            for fx in c.fixes:
                lines += _fill(f"- {fx}", indent=5, first="   ")
    if rule.references:
        lines += ["", "References", "----------"]
        for ref in rule.references:
            lines += _fill(f"- {ref}", indent=2, first="")
    if rule.seeds:
        lines += [""] + _fill("Built from the practitioners' guides this product started from: " + "; ".join(rule.seeds))
    return "\n".join(lines) + "\n"


def _rule_markdown(catalog, rule, level: int = 2) -> list[str]:
    h = "#" * level
    out = [f"{h} {rule.code} {rule.name}", ""]
    out += [f"**{rule.summary}**", ""]
    out += [f"Severity: `{rule.severity}` · Needs: {', '.join(' or '.join(f'`{x}`' for x in g) for g in rule.needs) or 'nothing (importer issues)'}"
            + (f" · Status: {rule.status}" if rule.status != "stable" else "")
            + (" · Judged on the finished run only (not while watched)" if rule.whole_run else "")
            + (f" · Its {_checks(rule)} judged on the finished run only (not while watched)"
               if rule.whole_run_checks and not rule.whole_run else ""), ""]
    if rule.what:
        out += [f"{h}# What it detects", ""]
        for p in _paragraphs(rule.what):
            out += [p, ""]
    if rule.why:
        out += [f"{h}# Why it matters", ""]
        for p in _paragraphs(rule.why):
            out += [p, ""]
    if rule.params:
        out += [f"{h}# Parameters", "", "| parameter | default | meaning |", "|---|---|---|"]
        for k, v in rule.params.items():
            out.append(f"| `{k}` | `{_md(_value(v))}` | {_md(rule.param_docs.get(k, ''))} |")
        out += ["", f"Override with `--param {rule.name}.PARAM=VALUE` or in `pyproject.toml`:", "",
                "```toml", f"[tool.curvedoc.params.{rule.name}]",
                f"{next(iter(rule.params))} = {_value(next(iter(rule.params.values())))}", "```", ""]
    if rule.causes:
        out += [f"{h}# Likely causes and fixes", ""]
        for i, cid in enumerate(rule.causes, 1):
            c = catalog.causes.get(cid)
            if c is None:
                continue
            out.append(f"{i}. **{c.title}** (`{cid}`): {c.explanation}")
            for fx in c.fixes:
                out.append(f"   - {fx}")
        out.append("")
    if rule.references:
        out += [f"{h}# References", ""] + [f"- {r}" for r in rule.references] + [""]
    if rule.seeds:
        out += ["<sub>Built from the practitioners' guides this product started from: "
                + "; ".join(md_escape(x) for x in rule.seeds) + "</sub>", ""]
    return out


def _evidence_markdown(catalog, codes: dict[str, str]) -> list[str]:
    """How a run's causes follow its strongest evidence: the [[consequence]] and [[signature]] entries."""
    if not catalog.consequences and not catalog.signatures:
        return []

    def named(names) -> str:
        return ", ".join(f"{codes.get(n, '?')} {n}" for n in names)

    def titled(ids) -> str:
        return ", ".join(f"*{_md(catalog.causes[c].title)}*" for c in ids)

    out = ["## Causes that follow the evidence", "",
           "A finding's causes are its rule's, most likely first, except where the run holds stronger evidence "
           "(rules/causes.toml holds these links, and a `--rules-dir` file may add its own):", ""]
    for link in catalog.consequences:
        origins = []
        for o in link.origins:
            cond = " and ".join(f"{k} >= {v:g}" for k, v in o.min)
            origins.append(f"{codes.get(o.rule, '?')} {o.rule}" + (f" ({cond})" if cond else ""))
        out.append(f"- **Consequences.** A finding of {named(r for r, _ in link.effects)} that a finding of "
                   f"{', '.join(origins)} began before (after the run's first point) is its effect: it takes that "
                   f"finding's causes" + (f", {titled(link.lead)} first" if link.lead else "")
                   + (f", and no longer cites {titled(link.drop)}" if link.drop else "") + ".")
    for sig in catalog.signatures:
        params = ", ".join(f"{k} {v:g}" for k, v in sig.params.items())
        series = " and ".join(" or ".join(g) for g in sig.roles)
        out.append(f"- **Signature.** When {series} {'have' if len(sig.roles) > 1 else 'has'} the shape "
                   f"`{sig.shape}` ({params}), "
                   f"{titled([sig.cause])} comes first in the findings of {named(sig.rules)}.")
    return out + [""]


def rules_markdown(catalog) -> str:
    """The whole rules reference page (docs/rules.md): index table, one section per rule, cause table."""
    rules = list(catalog.rules.values())
    out = [
        "# curvedoc rules",
        "",
        "<!-- Generated by scripts/gen_rules_doc.py from rules/*.toml. Do not edit by hand: run",
        "     `python scripts/gen_rules_doc.py` after changing the rule data. -->",
        "",
        f"{len(rules)} rules in {len({r.code[0] for r in rules})} families. Each rule needs some *roles* (the "
        "training loss, the validation loss, the learning rate, the gradient norm...): a rule whose roles are not "
        "in a run's logs is skipped and listed as skipped. `curvedoc rule CODE` prints the same explanation in "
        "the terminal; select rules with `--select`/`--ignore` (codes, code prefixes such as `D` or `V0`, or "
        "names) and change their parameters with `--param RULE.PARAM=VALUE`.",
        "",
        "## Index",
        "",
        "| code | name | severity | needs | symptom |",
        "|---|---|---|---|---|",
    ]
    out += [f"| {r.code} | [{r.name}](#{_anchor(r)}) | {r.severity} | {_md(_needs(r))} | {_md(r.summary)} |"
            for r in rules]
    out.append("")
    family = None
    for r in rules:
        if r.code[0] != family:
            family = r.code[0]
            out += [f"<!-- {FAMILIES.get(family, family)} -->", ""]
        out += _rule_markdown(catalog, r, level=2)
    cited: dict[str, list[str]] = {}
    for r in rules:
        for cid in r.causes:
            cited.setdefault(cid, []).append(r.code)
    codes = {r.name: r.code for r in rules}
    for sig in catalog.signatures:
        for name in sig.rules:
            if codes.get(name) and codes[name] not in cited.setdefault(sig.cause, []):
                cited[sig.cause].append(codes[name])
    out += _evidence_markdown(catalog, codes)
    out += ["## Causes", "",
            "The likely causes the rules cite, with the fixes to try first. A run's report ranks them by the "
            "severity and confidence of the findings that cite them.", "",
            "| id | cause | cited by | fixes |", "|---|---|---|---|"]
    for cid in sorted(catalog.causes):
        c = catalog.causes[cid]
        out.append(f"| `{cid}` | **{_md(c.title)}**: {_md(c.explanation)} | {', '.join(cited.get(cid, [])) or '-'} | "
                   + "<br>".join(_md(f) for f in c.fixes) + " |")
    out.append("")
    return "\n".join(out)
