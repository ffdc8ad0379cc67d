"""Role inference on a corpus of real tag names (tests/data/tag_roles.tsv, 1,200+ names with their source).

The corpus was labelled with the role a practitioner gives each name; the inference is not tuned to it name
by name: each rule states a general convention (``rules/roles.toml`` and ``curvedoc.model.roles.infer_role``).
The bar is 98% right, and every miss is printed so a change that loses names shows which."""

from __future__ import annotations

import csv
from pathlib import Path

from curvedoc.model.roles import role_of_name

CORPUS = Path(__file__).resolve().parents[1] / "data" / "tag_roles.tsv"


def _rows() -> list[tuple[str, str, str]]:
    lines = [ln for ln in CORPUS.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]
    reader = csv.reader(lines[1:], delimiter="\t", quoting=csv.QUOTE_NONE)
    return [(name, role, source) for name, role, source in reader]


def test_corpus_is_large_distinct_and_sourced():
    rows = _rows()
    names = [r[0] for r in rows]
    assert len(rows) >= 1000 and len(set(names)) == len(names)
    assert all(src.strip() for _, _, src in rows)
    roles = {r[1] for r in rows}
    assert {"train_loss", "val_loss", "train_acc", "val_acc", "lr", "grad_norm", "clip_threshold", "epoch",
            "weight_norm", "loss_scale", "-"} <= roles


def test_inference_gets_at_least_98_percent_of_the_corpus_right():
    rows = _rows()
    misses = [(name, want, role_of_name(name) or "-", src) for name, want, src in rows
              if (role_of_name(name) or "-") != want]
    share = 1 - len(misses) / len(rows)
    report = "\n".join(f"  {n!r}: want {w}, got {g} ({s})" for n, w, g, s in misses)
    print(f"tag-name corpus: {len(rows) - len(misses)} of {len(rows)} right ({share:.1%})\n{report}")
    assert share >= 0.98, f"{len(misses)} misses:\n{report}"


def test_every_role_bearing_class_is_mostly_right():
    # the rare roles must not hide behind the many '-' names
    rows = _rows()
    by_role: dict[str, list[bool]] = {}
    for name, want, _ in rows:
        by_role.setdefault(want, []).append((role_of_name(name) or "-") == want)
    weak = {r: f"{sum(v)}/{len(v)}" for r, v in by_role.items() if len(v) >= 5 and sum(v) / len(v) < 0.9}
    assert not weak, weak
