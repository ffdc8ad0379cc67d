"""``Run.meta`` is a contract between importers and rules (curvedoc/model/meta.py): every key a rule or the engine
reads from a run's meta is declared and documented in RunMeta."""

from __future__ import annotations

import re
from pathlib import Path

from curvedoc.model.meta import RUN_META_KEYS, RunMeta

PACKAGE = Path(__file__).resolve().parents[2] / "curvedoc"
READ = re.compile(r"\brun\.meta(?:\.get\(\s*|\[\s*)[\"'](\w+)[\"']")


def _keys_read() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for folder in ("detectors", "engine"):
        for path in sorted((PACKAGE / folder).glob("*.py")):
            for key in READ.findall(path.read_text(encoding="utf-8")):
                found.setdefault(key, set()).add(f"{folder}/{path.name}")
    return found


def test_every_meta_key_a_rule_reads_is_declared():
    read = _keys_read()
    assert read, "the scan found no meta reads at all: the pattern is stale"
    undeclared = {k: sorted(v) for k, v in read.items() if k not in RUN_META_KEYS}
    assert not undeclared, f"declare these in curvedoc/model/meta.py RunMeta: {undeclared}"


def test_every_declared_key_is_documented():
    import ast

    tree = ast.parse((PACKAGE / "model" / "meta.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "RunMeta")
    body = cls.body
    documented = set()
    for i, node in enumerate(body):
        if isinstance(node, ast.AnnAssign) and i + 1 < len(body) and isinstance(body[i + 1], ast.Expr) \
                and isinstance(body[i + 1].value, ast.Constant) and isinstance(body[i + 1].value.value, str):
            documented.add(node.target.id)
    assert documented == set(RunMeta.__annotations__)
