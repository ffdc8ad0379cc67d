"""Map each run's tags to roles (train_loss, val_loss, lr, grad_norm, ...).

The alias table is data: ``rules/roles.toml``. See that file for the matching rules.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Mapping

from curvedoc._resources import load_toml

if TYPE_CHECKING:  # pragma: no cover
    from curvedoc.model.run import Run


@functools.lru_cache(maxsize=1)
def _table():
    """(role, ordered patterns, one combined regex) per role, and per family.

    The combined regex is the patterns as ordered alternatives ``(?P<p0>...)|(?P<p1>...)``: one
    ``fullmatch`` per tag finds the FIRST pattern that matches (the alternation is tried in order), so a
    log with 100k tags costs one regex call per tag and role instead of one per pattern."""
    data = load_toml("roles.toml")
    roles = []
    for role in data["order"]:
        pats = data["roles"][role]["patterns"]
        roles.append((role, [re.compile(p) for p in pats], _combine(pats)))
    families = {
        name: ([re.compile(p) for p in spec["patterns"]], _combine(spec["patterns"]))
        for name, spec in data.get("families", {}).items()
    }
    return roles, families, _combine(data.get("rl_markers", []) or ["(?!)"])


def _combine(patterns: list[str]) -> re.Pattern:
    return re.compile("|".join(f"(?P<p{i}>{p})" for i, p in enumerate(patterns)))


def _first_pattern(combined: re.Pattern, text: str) -> int | None:
    """Index of the first pattern that fully matches ``text`` (the outer named group closes last)."""
    m = combined.fullmatch(text)
    return int(m.lastgroup[1:]) if m else None


def role_names() -> list[str]:
    return [r for r, _, _ in _table()[0]]


# Roles a rule may need that no single tag fills: "metric" = at least one quality metric (accuracy, mAP, WER,
# reward ...; curvedoc.model.metrics) with 3+ finite points.
PSEUDO_ROLES = ("metric",)


def family_names() -> list[str]:
    return list(_table()[1])


def _norm(tag: str) -> str:
    return " ".join(tag.strip().lower().split())


def _stem(tag: str) -> str:
    """The part of a loss tag that names *which* loss it is, for pairing train and val tags."""
    t = _norm(tag)
    t = re.sub(r"(^|[/_ ])(train|training|val|valid|validation|eval|test)(?=$|[/_ ])", " ", t)
    t = re.sub(r"_(step|epoch)$", "", t)
    return " ".join(re.split(r"[/_ ]+", t)).strip()


def rl_marker(run: "Run") -> str | None:
    """The first tag that marks a reinforcement-learning run (returns, episode rewards, success rates), or None.

    Computed once per run (a run's tags never change) and kept on it: role resolution and several detectors ask."""
    cache = run.__dict__
    if "_rl_marker" not in cache:
        rl_markers = _table()[2]
        cache["_rl_marker"] = next((t for t in run.tags if rl_markers.fullmatch(_norm(t))), None)
    return cache["_rl_marker"]


def resolve_roles(run: "Run", overrides: Mapping[str, str] | None = None) -> tuple[dict[str, str], list[str]]:
    """Return (role -> tag, notes). Notes explain choices among several candidates and bad overrides."""
    roles_table = _table()[0]
    counts = run.tag_counts()
    tags = list(counts)
    norm = {t: _norm(t) for t in tags}
    chosen: dict[str, str] = {}
    notes: list[str] = []
    used: set[str] = set()
    overrides = dict(overrides or {})
    for role, tag in overrides.items():
        if tag in counts:
            chosen[role] = tag
            used.add(tag)
        else:
            notes.append(f"role override {role}={tag}: the run has no tag {tag!r}")
    rl_tag = rl_marker(run)
    if rl_tag is not None:
        notes.append(f"reinforcement-learning run ({rl_tag!r} logged): its losses are not a convergence signal, "
                     "so no train_loss/val_loss is chosen (--role train_loss=TAG to force one)")
    for role, _patterns, combined in roles_table:
        if role in chosen or (rl_tag is not None and role in ("train_loss", "val_loss")):
            continue
        idx = {t: i for t in tags if t not in used and (i := _first_pattern(combined, norm[t])) is not None}
        if not idx:
            continue
        all_candidates = sorted(idx, key=idx.__getitem__)  # stable: pattern order, then tag order
        best = min(idx.values())
        cands = [t for t in all_candidates if idx[t] == best]
        multi = [c for c in cands if counts[c] >= 2] or cands
        if role == "val_loss" and "train_loss" in chosen and len(multi) > 1:
            stem = _stem(chosen["train_loss"])
            paired = [c for c in multi if _stem(c) == stem]
            multi = paired or multi
        pick = sorted(multi, key=lambda c: (-counts[c], len(c), c))[0]
        if pick is None:
            continue
        chosen[role] = pick
        used.add(pick)
        others = [c for c in all_candidates if c != pick]
        if others and role in ("train_loss", "val_loss", "train_acc", "val_acc", "lr", "grad_norm"):
            shown = ", ".join(repr(o) for o in others[:4]) + (" ..." if len(others) > 4 else "")
            notes.append(f"{role}: chose {pick!r} ({counts[pick]} points) over {shown}")
    return chosen, notes


def resolve_families(run: "Run") -> dict[str, dict[str, str]]:
    """family -> {layer name -> tag} for tags not already used by a role."""
    _, families, _ = _table()
    used = set(run.roles.values())
    out: dict[str, dict[str, str]] = {}
    for fam, (patterns, combined) in families.items():
        layers: dict[str, str] = {}
        for tag in run.tags:
            if tag in used:
                continue
            n = _norm(tag)
            i = _first_pattern(combined, n)
            if i is not None:
                layers.setdefault(patterns[i].fullmatch(n).group(1), tag)
        if layers:
            out[fam] = layers
    return out
