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
    data = load_toml("roles.toml")
    roles = []
    for role in data["order"]:
        spec = data["roles"][role]
        roles.append((role, [re.compile(p) for p in spec["patterns"]]))
    families = {
        name: [re.compile(p) for p in spec["patterns"]] for name, spec in data.get("families", {}).items()
    }
    return roles, families


def role_names() -> list[str]:
    return [r for r, _ in _table()[0]]


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


def resolve_roles(run: "Run", overrides: Mapping[str, str] | None = None) -> tuple[dict[str, str], list[str]]:
    """Return (role -> tag, notes). Notes explain choices among several candidates and bad overrides."""
    roles_table, _ = _table()
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
    for role, patterns in roles_table:
        if role in chosen:
            continue
        all_candidates: list[str] = []
        pick = None
        for pat in patterns:
            cands = [t for t in tags if t not in used and pat.fullmatch(norm[t])]
            if not cands:
                continue
            for c in cands:
                if c not in all_candidates:
                    all_candidates.append(c)
            if pick is None:
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
    _, families = _table()
    used = set(run.roles.values())
    out: dict[str, dict[str, str]] = {}
    for fam, patterns in families.items():
        layers: dict[str, str] = {}
        for tag in run.tags:
            if tag in used:
                continue
            n = _norm(tag)
            for pat in patterns:
                m = pat.fullmatch(n)
                if m:
                    layers.setdefault(m.group(1), tag)
                    break
        if layers:
            out[fam] = layers
    return out
