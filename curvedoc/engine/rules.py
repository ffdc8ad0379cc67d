"""The rule catalogue: rule entries and the cause table, read from ``rules/*.toml``.

A rule file holds ``[[rule]]`` entries (and may add ``[causes.<id>]`` tables, and ``[[consequence]]`` and
``[[signature]]`` entries that make a run's causes follow its strongest evidence: see rules/causes.toml). Users can add a
folder of their own TOML files (``--rules-dir`` or ``rules-dir`` in ``[tool.curvedoc]``): an entry
whose ``name`` already exists overrides that rule's fields (severity, params, causes...); a new
name must have a detector of that name.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from curvedoc._resources import rules_dir
from curvedoc.errors import ConfigError
from curvedoc.vocab import SEVERITIES
CODE_RE = re.compile(r"^[A-Z]{1,3}\d{3}$")
NON_RULE_FILES = {"roles.toml"}


@dataclass(frozen=True)
class Cause:
    id: str
    title: str
    explanation: str
    fixes: tuple[str, ...]
    source: str = ""


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: str
    needs: tuple[tuple[str, ...], ...]  # all groups must be satisfied; a group is satisfied by any of its roles
    summary: str
    what: str
    why: str
    causes: tuple[str, ...]
    params: dict[str, Any]
    param_docs: dict[str, str]
    references: tuple[str, ...] = ()  # public sources (books, papers, official docs) a user can look up
    seeds: tuple[str, ...] = ()  # where the rule comes from in the project's own material (the seed guides)
    status: str = "stable"
    file: str = ""
    # judged on the finished run only ("ended early", "unfinished", "crashed"): not run while the run is live
    # (curvedoc watch, training callbacks), where the last point is not the end
    whole_run: bool = False
    # the parts of the rule (a hit's ``check``) that need the finished run while the rest can judge a live one:
    # "most of the run" needs its end when nothing else corroborates it (plateau-at-chance from the start), "never
    # below" needs the last point (double softmax). Left out while the run is live, as a whole-run rule is
    whole_run_checks: tuple[str, ...] = ()
    # its judgement holds on a reinforcement-learning loss too (a critic or policy loss tracks a moving target and
    # need not fall): the rules that expect a loss to fall, level off or mirror a held-out loss say False
    rl_loss: bool = False

    def missing_roles(self, present: Iterable[str]) -> list[str]:
        have = set(present)
        return ["|".join(g) for g in self.needs if not any(r in have for r in g)]


@dataclass(frozen=True)
class Origin:
    """A finding that can explain a collapse: its rule, the evidence it must reach, the evidence key (if any)
    that says how many steps it took to recover (a spike's span ends there)."""

    rule: str
    min: tuple[tuple[str, float], ...] = ()
    recovery: str = ""


@dataclass(frozen=True)
class Consequence:
    """``[[consequence]]``: findings of ``effects`` (rule, within) that an ``origins`` finding began before are its
    effect: their causes become the origin's, ``lead`` first, without ``drop``."""

    origins: tuple[Origin, ...]
    effects: tuple[tuple[str, float], ...]
    lead: tuple[str, ...] = ()
    drop: tuple[str, ...] = ()
    as_info: tuple[str, ...] = ()  # effects reported as info once explained (``severity = "info"`` on the effect)


@dataclass(frozen=True)
class Signature:
    """``[[signature]]``: when a finding of ``rules`` is present and the run's series has ``shape`` (with its
    parameters) for every group of ``roles`` (a group: any of its roles, as a rule's ``needs``), ``cause`` goes first
    among that finding's causes."""

    cause: str
    rules: tuple[str, ...]
    roles: tuple[tuple[str, ...], ...]
    shape: str
    params: dict[str, float] = field(default_factory=dict)


SIGNATURE_SHAPES = {"monotone-rise": ("chunks", "min_step")}


@dataclass
class Catalog:
    rules: dict[str, Rule] = field(default_factory=dict)  # by name, in code order
    causes: dict[str, Cause] = field(default_factory=dict)
    consequences: list[Consequence] = field(default_factory=list)
    signatures: list[Signature] = field(default_factory=list)

    def by_code(self) -> dict[str, Rule]:
        return {r.code: r for r in self.rules.values()}

    def get(self, name_or_code: str) -> Rule | None:
        if name_or_code in self.rules:
            return self.rules[name_or_code]
        return self.by_code().get(name_or_code.upper())

    def did_you_mean(self, name: str) -> str:
        """'; did you mean overfitting (V001)?' for a mistyped rule name or code, else ''."""
        import difflib

        by_key = {r.name: r for r in self.rules.values()} | {r.code: r for r in self.rules.values()}
        key = name.strip()
        close = difflib.get_close_matches(key.lower(), [k.lower() for k in by_key], n=2, cutoff=0.75)
        lower = {k.lower(): r for k, r in by_key.items()}
        found = list(dict.fromkeys(lower[c].name for c in close))
        if not found:
            return ""
        return "; did you mean " + " or ".join(f"{n} ({self.rules[n].code})" for n in found) + "?"

    def select(self, select: Iterable[str] | None = None, ignore: Iterable[str] | None = None) -> list[Rule]:
        """Rules enabled by ``select`` (default ALL) minus ``ignore``; selectors are codes, code prefixes,
        names or ``ALL``. Unknown selectors raise :class:`ConfigError`."""
        rules = list(self.rules.values())
        sel = list(select) if select else ["ALL"]
        ign = list(ignore or [])
        for s in sel + ign:
            if not any(_matches(r, s) for r in rules):
                raise ConfigError(f"unknown rule selector {s!r}{self.did_you_mean(s)} (see `curvedoc rules` for codes "
                                  "and names)")
        return [r for r in rules if any(_matches(r, s) for s in sel) and not any(_matches(r, s) for s in ign)]


def _matches(rule: Rule, selector: str) -> bool:
    s = selector.strip()
    if s.upper() == "ALL":
        return True
    if s == rule.name:
        return True
    return bool(re.fullmatch(r"[A-Za-z]{1,3}\d{0,3}", s)) and rule.code.startswith(s.upper())


def _as_needs(raw) -> tuple[tuple[str, ...], ...]:
    out = []
    for item in raw or []:
        if isinstance(item, str):
            out.append(tuple(x.strip() for x in item.split("|") if x.strip()))
        else:
            out.append(tuple(item))
    return tuple(out)


def _checks(name: str, raw) -> tuple[str, ...]:
    """A rule's ``whole_run_checks``: a list of check names."""
    if not isinstance(raw, list) or not all(isinstance(c, str) and c for c in raw):
        raise ConfigError(f"rule {name!r}: whole_run_checks must be a list of check names, got {raw!r}")
    return tuple(raw)


def _read_file(path: Path, rules: dict[str, dict], causes: dict[str, Cause], override: bool,
               links: list[tuple[str, str, dict]] | None = None) -> None:
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    for cid, c in (data.get("causes") or {}).items():
        if cid in causes and not override:
            raise ConfigError(f"{path}: cause id {cid!r} defined twice")
        try:
            causes[cid] = Cause(cid, c["title"], c.get("explanation", ""), tuple(c.get("fixes", [])), c.get("source", ""))
        except KeyError as exc:
            raise ConfigError(f"{path}: cause {cid!r} lacks {exc}") from None
    if links is not None:
        for kind in ("consequence", "signature"):
            for entry in data.get(kind) or []:
                if not isinstance(entry, dict):
                    raise ConfigError(f"{path}: [[{kind}]] must be a table")
                links.append((kind, str(path), entry))
    for entry in data.get("rule", []) or []:
        name = entry.get("name")
        if not name:
            raise ConfigError(f"{path}: a [[rule]] entry has no name")
        if name in rules:
            if not override:
                raise ConfigError(f"{path}: rule {name!r} defined twice")
            merged = dict(rules[name])
            params = dict(merged.get("params", {}))
            params.update(entry.get("params", {}))
            merged.update(entry)
            merged["params"] = params
            rules[name] = merged
        else:
            rules[name] = dict(entry, _file=str(path))


def _names(path: str, kind: str, what: str, values, known) -> tuple[str, ...]:
    vals = [values] if isinstance(values, str) else list(values or [])
    for v in vals:
        if v not in known:
            raise ConfigError(f"{path}: [[{kind}]] names an unknown {what} {v!r}")
    return tuple(vals)


def _link(kind: str, path: str, e: dict, rules: set[str], causes: dict[str, Cause]):
    """One ``[[consequence]]`` or ``[[signature]]`` entry, checked against the rules and causes it names."""
    try:
        if kind == "consequence":
            origins = []
            for o in e["origin"]:
                mins = tuple((str(k), float(v)) for k, v in (o.get("min") or {}).items())
                origins.append(Origin(_names(path, kind, "rule", o["rule"], rules)[0], mins, str(o.get("recovery", ""))))
            effects, as_info = [], []
            for x in e["effect"]:
                within = float(x.get("within", 0.0))
                if not 0.0 <= within <= 1.0:
                    raise ConfigError(f"{path}: [[consequence]] effect {x['rule']!r}: within must lie in [0, 1]")
                name = _names(path, kind, "rule", x["rule"], rules)[0]
                effects.append((name, within))
                sev = x.get("severity")
                if sev is not None and sev != "info":
                    raise ConfigError(f"{path}: [[consequence]] effect {x['rule']!r}: severity can only be 'info' "
                                      f"(an explained effect is reported as information), not {sev!r}")
                if sev == "info":
                    as_info.append(name)
            return Consequence(tuple(origins), tuple(effects), _names(path, kind, "cause", e.get("lead"), causes),
                               _names(path, kind, "cause", e.get("drop"), causes), tuple(as_info))
        shape = e["shape"]
        if shape not in SIGNATURE_SHAPES:
            raise ConfigError(f"{path}: [[signature]] shape {shape!r} is not one of {sorted(SIGNATURE_SHAPES)}")
        params = {k: float(e[k]) for k in SIGNATURE_SHAPES[shape]}
        return Signature(_names(path, kind, "cause", e["cause"], causes)[0], _names(path, kind, "rule", e["rules"], rules),
                         _as_needs(e["roles"]), shape, params)
    except KeyError as exc:
        raise ConfigError(f"{path}: a [[{kind}]] entry lacks {exc}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise ConfigError(f"{path}: a [[{kind}]] entry is malformed: {exc}") from None


def _build(rules_raw: dict[str, dict], causes: dict[str, Cause], links=()) -> Catalog:
    cat = Catalog(causes=causes)
    built = []
    for name, e in rules_raw.items():
        try:
            code = e["code"]
            sev = e.get("severity", "warning")
            if not CODE_RE.match(code):
                raise ConfigError(f"rule {name!r}: code {code!r} is not like 'D001'")
            if sev not in SEVERITIES:
                raise ConfigError(f"rule {name!r}: severity {sev!r} not one of {SEVERITIES}")
            for cid in e.get("causes", []):
                if cid not in causes:
                    raise ConfigError(f"rule {name!r}: unknown cause id {cid!r}")
            built.append(
                Rule(
                    code=code,
                    name=name,
                    severity=sev,
                    needs=_as_needs(e.get("needs")),
                    summary=e.get("summary", ""),
                    what=e.get("what", "").strip(),
                    why=e.get("why", "").strip(),
                    causes=tuple(e.get("causes", [])),
                    params=dict(e.get("params", {})),
                    param_docs=dict(e.get("param_docs", {})),
                    references=tuple(e.get("references", [])),
                    seeds=tuple(e.get("seeds", [])),
                    status=e.get("status", "stable"),
                    file=e.get("_file", ""),
                    whole_run=bool(e.get("whole_run", False)),
                    whole_run_checks=_checks(name, e.get("whole_run_checks", [])),
                    rl_loss=bool(e.get("rl_loss", False)),
                )
            )
        except KeyError as exc:
            raise ConfigError(f"rule {name!r} lacks {exc}") from None
    codes = [r.code for r in built]
    dup = {c for c in codes if codes.count(c) > 1}
    if dup:
        raise ConfigError(f"duplicate rule codes: {sorted(dup)}")
    for r in sorted(built, key=lambda r: r.code):
        cat.rules[r.name] = r
    for kind, path, entry in links:
        link = _link(kind, path, entry, set(cat.rules), causes)
        (cat.consequences if kind == "consequence" else cat.signatures).append(link)
    return cat


@functools.lru_cache(maxsize=8)
def _load_cached(extra: tuple[str, ...]) -> Catalog:
    rules_raw: dict[str, dict] = {}
    causes: dict[str, Cause] = {}
    links: list[tuple[str, str, dict]] = []
    base = rules_dir()
    for p in sorted(base.glob("*.toml")):
        if p.name in NON_RULE_FILES:
            continue
        _read_file(p, rules_raw, causes, override=False, links=links)
    for d in extra:
        dp = Path(d)
        if not dp.is_dir():
            raise ConfigError(f"rules folder {d!r} does not exist")
        for p in sorted(dp.glob("*.toml")):
            _read_file(p, rules_raw, causes, override=True, links=links)
    return _build(rules_raw, causes, links)


def load_catalog(extra_dirs: Iterable[str | Path] = ()) -> Catalog:
    return _load_cached(tuple(str(Path(d).resolve()) for d in extra_dirs))


_FRACTION = re.compile(r"(_frac|_share|_fraction|^frac_|^share_)")


def coerce_param(rule: Rule, key: str, value: Any) -> Any:
    """Convert a user-given parameter value to the type of the rule's default; raise ConfigError if impossible."""
    if key not in rule.params:
        known = ", ".join(sorted(rule.params)) or "none"
        raise ConfigError(f"rule {rule.name!r} ({rule.code}) has no parameter {key!r} (parameters: {known})")
    default = rule.params[key]
    try:
        if isinstance(default, bool):
            if isinstance(value, str):
                if value.lower() in ("true", "1", "yes", "on"):
                    return True
                if value.lower() in ("false", "0", "no", "off"):
                    return False
                raise ValueError(value)
            return bool(value)
        if isinstance(default, (int, float)) and not isinstance(default, bool):
            f = float(value)
            # every numeric parameter is a count, a ratio, a fraction, a threshold or a tolerance: finite and,
            # like its default, not negative; fractions and shares lie in [0, 1]
            if not math.isfinite(f):
                raise ConfigError(f"parameter {rule.name}.{key} must be a finite number, got {value!r}")
            if f < 0 and default >= 0:
                raise ConfigError(f"parameter {rule.name}.{key} must be >= 0, got {value!r}")
            if _FRACTION.search(key) and 0 <= default <= 1 and f > 1:
                raise ConfigError(f"parameter {rule.name}.{key} is a fraction: it must lie in [0, 1], got {value!r}")
            if isinstance(default, int):
                if f != int(f) or abs(f) > 2**53:
                    raise ValueError(value)
                return int(f)
            return f
        if isinstance(default, list):
            return list(value) if not isinstance(value, str) else [value]
        return value
    except (TypeError, ValueError):
        raise ConfigError(
            f"parameter {rule.name}.{key} expects {type(default).__name__}, got {value!r}"
        ) from None


def make_params(rule: Rule, params_cls: type, overrides: dict[str, Any] | None = None):
    """Instantiate a detector's Params dataclass from the rule defaults plus validated overrides."""
    values = dict(rule.params)
    for k, v in (overrides or {}).items():
        values[k] = coerce_param(rule, k, v)
    fields = {f.name for f in dataclasses.fields(params_cls)}
    missing = fields - set(values)
    extra = set(values) - fields
    if missing or extra:
        raise ConfigError(
            f"rule {rule.name!r}: parameters in rules data {sorted(values)} do not match the detector's "
            f"{sorted(fields)} (missing {sorted(missing)}, unknown {sorted(extra)})"
        )
    return params_cls(**values)
