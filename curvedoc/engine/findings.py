"""Findings: what users see. Plain dataclasses with a stable JSON form."""

from __future__ import annotations

import functools
import math
import re
import string
import sys
from dataclasses import dataclass, field
from typing import Any

from curvedoc._fmt import fmt_num
from curvedoc.vocab import severity_rank


def jsonable(v: Any) -> Any:
    """Evidence values as JSON-safe scalars (NaN/inf become strings: JSON has no NaN)."""
    t = type(v)  # the plain types first, by their exact type: the same answers, a tenth of the time
    if t is str or t is int or t is bool or v is None:
        return v
    if t is float:
        if v != v:
            return "NaN"
        if v in (math.inf, -math.inf):
            return "inf" if v > 0 else "-inf"
        return v
    if t is dict:
        return {str(k): jsonable(x) for k, x in v.items()}
    if t is list or t is tuple:
        return [jsonable(x) for x in v]
    np = sys.modules.get("numpy")  # a numpy value exists only once numpy is imported: never imported for this
    if np is not None:
        if isinstance(v, np.generic):
            v = v.item()
        elif isinstance(v, np.ndarray):
            v = v.tolist()
    if isinstance(v, float):
        if math.isnan(v):
            return "NaN"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return v
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): jsonable(x) for k, x in v.items()}
    if v is None or isinstance(v, (bool, int, str)):
        return v
    return str(v)


class _SafeDict(dict):
    def __missing__(self, key):
        raise KeyError(key)


def fill_template(template: str, evidence: dict[str, Any]) -> str:
    """Fill ``{placeholders}`` from evidence; a sentence whose placeholder has no value drops the
    parenthesised/trailing part that needs it, and is never shown with raw braces."""
    fmt = string.Formatter()
    names = _template_names(template)
    try:
        return fmt.vformat(template, (), _SafeDict({k: _fmt_value(v) for k, v in evidence.items()
                                                    if names is None or k in names}))
    except (KeyError, ValueError, IndexError):
        # remove '(... {x} ...)' groups and 'about {x}' fragments we cannot fill
        import re

        out = re.sub(r"\s*\([^()]*\{[^{}]*\}[^()]*\)", "", template)
        out = re.sub(r"\s*(?:about|near|at|was|of|=)?\s*\{[^{}]*\}", "", out)
        return out.strip()


@functools.lru_cache(maxsize=4096)
def _template_names(template: str) -> frozenset[str] | None:
    """The evidence keys a template's placeholders name (``{lr}``, ``{ratio:.1f}``, ``{a.b}`` -> a), so only those
    are formatted -- a finding's evidence has a dozen values and its fixes' templates use one or two; None (format
    them all) for a template this cannot read plainly (nested fields in a format spec, a malformed brace)."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return None
    names = set()
    for _, field, spec, _ in parsed:
        if field is None:
            continue
        if spec and "{" in spec:
            return None
        names.add(re.match(r"[^.\[]*", field).group())
    return frozenset(names)


def _fmt_value(v: Any) -> Any:
    if isinstance(v, float):
        return fmt_num(v)
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return v


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    severity: str
    confidence: float
    message: str
    step: int | None = None
    steps: tuple[int, int] | None = None
    evidence: dict[str, Any] = field(default_factory=dict)
    causes: tuple[str, ...] = ()  # cause titles, most likely first
    fixes: tuple[str, ...] = ()
    cause_ids: tuple[str, ...] = ()
    marks: tuple[int, ...] = ()
    run: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity,
            "confidence": round(float(self.confidence), 3),
            "step": None if self.step is None else int(self.step),
            "steps": None if self.steps is None else [int(self.steps[0]), int(self.steps[1])],
            "message": self.message,
            "evidence": jsonable(dict(self.evidence)),
            "causes": list(self.causes),
            "fixes": list(self.fixes),
            "cause_ids": list(self.cause_ids),
            "marks": [int(m) for m in self.marks],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], run: str = "") -> "Finding":
        return cls(
            code=d["code"],
            name=d["name"],
            severity=d["severity"],
            confidence=float(d["confidence"]),
            message=d["message"],
            step=d.get("step"),
            steps=tuple(d["steps"]) if d.get("steps") else None,
            evidence=dict(d.get("evidence") or {}),
            causes=tuple(d.get("causes") or ()),
            fixes=tuple(d.get("fixes") or ()),
            cause_ids=tuple(d.get("cause_ids") or ()),
            marks=tuple(d.get("marks") or ()),
            run=run,
        )

    def sort_key(self):
        return (severity_rank(self.severity), -self.confidence, self.code)
