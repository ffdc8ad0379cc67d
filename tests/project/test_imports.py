"""The import graph of the curvedoc package, read from the source (ast, nothing imported): layers import one way,
no import cycles, no private names across modules.

Every ``import`` counts, the ones inside functions too (a lazy import is still a dependency), except those under
``if TYPE_CHECKING:`` (never run). An import of ``a.b.c`` is an edge to ``a.b.c`` only (not to the packages
above it).

* **cycles**: strongly connected groups of modules;
* **private names**: ``from x import _y`` (or ``x._y`` through an imported module) where ``x`` is another curvedoc
  module and ``_y`` is not a module;
* **private modules**: ``pkg._mod`` imported from outside ``pkg`` (``curvedoc._fmt`` is curvedoc's own, usable
  everywhere; ``curvedoc.importers._base`` belongs to the importers).

What is known and not fixed yet is listed below, each with its reason and the issue-40 item that removes it. The
lists only shrink: an entry that no longer occurs fails the test too, so it is deleted with the fix.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "curvedoc"

ALLOWED_CYCLES: dict[frozenset[str], str] = {}

ALLOWED_PRIVATE_NAMES: dict[tuple[str, str, str], str] = {}

ALLOWED_PRIVATE_MODULES: dict[tuple[str, str], str] = {}

GROUND_FLOOR = ("curvedoc.vocab", "curvedoc._fmt")  # import nothing from curvedoc


# ---------------------------------------------------------------------------------------------- the graph


def _modules(package: Path) -> dict[str, Path]:
    out = {}
    for p in sorted(package.rglob("*.py")):
        parts = list(p.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_time_nodes(tree: ast.AST):
    """Every node of the tree but the bodies of ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _owner_of_private_module(module: str) -> str | None:
    """``curvedoc.importers._base`` -> ``curvedoc.importers``; None for a module with no private part."""
    parts = module.split(".")
    for i, part in enumerate(parts):
        if _private(part):
            return ".".join(parts[:i])
    return None


def analyse(package: Path) -> dict:
    """edges (module -> modules it imports), private names and private modules imported across modules."""
    root = package.name
    mods = _modules(package)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    private_names: set[tuple[str, str, str]] = set()
    private_modules: set[tuple[str, str]] = set()

    def known(name: str) -> str:
        while name not in mods and "." in name:
            name = name.rsplit(".", 1)[0]
        return name

    for mod, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_pkg = path.name == "__init__.py"
        aliases: dict[str, str] = {}  # local name -> curvedoc module it is bound to
        targets: list[str] = []
        for node in _run_time_nodes(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name == root or a.name.startswith(root + "."):
                        targets.append(known(a.name))
                        if a.asname:
                            aliases[a.asname] = known(a.name)
            elif isinstance(node, ast.ImportFrom):
                src = node.module or ""
                if node.level:
                    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    src = ".".join(base + ([node.module] if node.module else []))
                if not (src == root or src.startswith(root + ".")):
                    continue
                for a in node.names:
                    sub = f"{src}.{a.name}"
                    if sub in mods:
                        targets.append(sub)
                        aliases[a.asname or a.name] = sub
                    else:
                        targets.append(known(src))
                        if _private(a.name) and known(src) != mod:
                            private_names.add((mod, known(src), a.name))
        for node in _run_time_nodes(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                    and _private(node.attr) and aliases[node.value.id] != mod
                    and f"{aliases[node.value.id]}.{node.attr}" not in mods):
                private_names.add((mod, aliases[node.value.id], node.attr))
        for t in targets:
            if t != mod:
                edges[mod].add(t)
            owner = _owner_of_private_module(t)
            if owner is not None and not (mod == owner or mod.startswith(owner + ".")):
                private_modules.add((mod, t))
    return {"edges": edges, "private_names": private_names, "private_modules": private_modules}


def cycles(edges: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: set[frozenset[str]] = set()
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in edges:
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        group.add(w)
                        if w == v:
                            break
                    if len(group) > 1:
                        out.add(frozenset(group))
    return out


@pytest.fixture(scope="module")
def graph():
    return analyse(PACKAGE)


def _check(found: set, allowed: dict, what: str) -> None:
    new = sorted(found - set(allowed), key=str)
    stale = sorted(set(allowed) - found, key=str)
    assert not new, f"new {what} (fix them, or list them with a reason): " + "; ".join(map(str, new))
    assert not stale, f"{what} listed as known but gone -- delete their entries: " + "; ".join(map(str, stale))


# ---------------------------------------------------------------------------------------------- the rules


def test_no_import_cycles(graph):
    _check(cycles(graph["edges"]), ALLOWED_CYCLES, "import cycles")


def test_no_private_names_across_modules(graph):
    _check(graph["private_names"], ALLOWED_PRIVATE_NAMES, "private names imported across modules")


def test_no_private_modules_across_packages(graph):
    _check(graph["private_modules"], ALLOWED_PRIVATE_MODULES, "private modules imported from outside their package")


def test_the_ground_floor_imports_nothing_from_curvedoc(graph):
    for mod in GROUND_FLOOR:
        assert graph["edges"][mod] == set(), f"{mod} imports {sorted(graph['edges'][mod])}"


def test_reporters_do_not_import_the_engine_at_run_time(graph):
    """The engine renders its reports with the reporters; the reporters get what they need from the vocabulary
    and the report they are handed, never by importing the engine back (for type hints: TYPE_CHECKING)."""
    up = sorted((m, t) for m, ts in graph["edges"].items() if m.startswith("curvedoc.reporters")
                for t in ts if t.startswith("curvedoc.engine"))
    assert not up, up


def test_the_checks_can_fail(tmp_path):
    """The analysis finds a cycle (lazy import included), a private name, a private module used from outside its
    package, and leaves TYPE_CHECKING imports alone."""
    pkg = tmp_path / "toy"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from toy.b import helper\n")
    (pkg / "b.py").write_text("def helper():\n    from toy import a\n    return a\n")
    (pkg / "c.py").write_text("from toy.b import _hidden\nfrom toy.sub import _inner\n"
                              "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toy.d import X\n")
    (pkg / "d.py").write_text("import toy.c as c\nY = c._private_thing\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "_inner.py").write_text("")
    (pkg / "sub" / "e.py").write_text("from toy.sub import _inner\n")  # inside its package: fine
    g = analyse(pkg)
    assert cycles(g["edges"]) == {frozenset({"toy.a", "toy.b"})}
    assert g["private_names"] == {("toy.c", "toy.b", "_hidden"), ("toy.d", "toy.c", "_private_thing")}
    assert g["private_modules"] == {("toy.c", "toy.sub._inner")}
    assert "toy.d" not in g["edges"]["toy.c"]
