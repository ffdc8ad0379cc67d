"""A Python literal read as data, never evaluated: the one reader every importer uses for a dict or list a program
printed with ``print()`` / ``str()`` (a Keras ``history.history``, a metrics dict) -- numpy 2 writes a history's values as
``np.float64(0.5)``, which :func:`ast.literal_eval` refuses. Bounded in size and nesting before the parser sees it."""

from __future__ import annotations

import ast
import math
from pathlib import Path
from typing import Any

import numpy as np

from curvedoc.errors import UnsupportedFormat

# a string holding a Python literal is parsed only up to this size and bracket depth: ast's parser recurses per
# nesting level (a deep one overflows the C stack) and holds a node per token (a 64 MB history is already ~1 GB)
PY_LITERAL_MAX_CHARS = 64 * 1024 * 1024
PY_LITERAL_MAX_DEPTH = 32
NUMPY_SCALARS = frozenset({"float64", "float32", "float16", "float", "int64", "int32", "int16", "int8", "int", "longdouble",
                           "float_", "int_", "double", "single", "half", "uint8", "uint16", "uint32", "uint64"})


def _nan_or_inf(name: str) -> Any:
    # (as JSON's constants are read by the JSON importer: NaN stays the string "NaN", apart from a missing value)
    return "NaN" if name.lower() == "nan" else math.inf


def python_literal(text: str, path: Path, what: str = "a Python literal", max_chars: int | None = None,
                   max_depth: int | None = None, unparsed: str | None = None) -> Any:
    """A Python literal (a dict/list repr) parsed with :mod:`ast` and converted node by node: numbers, strings,
    ``None``/booleans, lists, tuples, dicts, a sign before a number, the names ``nan``/``inf`` (NaN as the string
    ``"NaN"``, as the JSON reader keeps it) and one-argument calls of numpy's scalar types (``np.float32(0.25)``:
    numpy 2's repr of a history's values). Anything else (a name, an attribute, another call, an operator) is refused
    with what it is (``UnsupportedFormat``, ``what`` naming the text; ``unparsed`` what text the parser cannot read
    is): nothing is evaluated. Bounded by ``max_chars``
    and ``max_depth`` (:data:`PY_LITERAL_MAX_CHARS`, :data:`PY_LITERAL_MAX_DEPTH` when not given) before the parser
    sees it."""
    max_chars = PY_LITERAL_MAX_CHARS if max_chars is None else max_chars
    max_depth = PY_LITERAL_MAX_DEPTH if max_depth is None else max_depth
    if len(text) > max_chars:
        raise UnsupportedFormat(path, f"{what} of {len(text):,} characters, over the {max_chars:,}-character "
                                      "limit for reading one")
    b = np.frombuffer(text.encode("utf-8", "replace"), dtype=np.uint8)
    opens = np.isin(b, np.frombuffer(b"[{(", dtype=np.uint8)).astype(np.int32)
    closes = np.isin(b, np.frombuffer(b"]})", dtype=np.uint8)).astype(np.int32)
    depth = int(np.max(np.cumsum(opens - closes))) if len(b) else 0
    if depth > max_depth:
        raise UnsupportedFormat(path, f"{what} nested {depth} levels deep, over the {max_depth}-level limit")
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise UnsupportedFormat(path, f"{unparsed or what + ' that is no Python literal'} "
                                      f"({type(exc).__name__}: {str(exc).splitlines()[0][:80] if str(exc) else ''})") from None

    def conv(node: ast.AST) -> Any:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str, bool, type(None))):
            return node.value
        if isinstance(node, (ast.List, ast.Tuple)):
            return [conv(e) for e in node.elts]
        if isinstance(node, ast.Dict) and all(k is not None for k in node.keys):
            return {str(conv(k)): conv(v) for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            v = conv(node.operand)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.Name) and node.id in ("nan", "inf", "NaN", "Infinity"):
            return _nan_or_inf(node.id)
        if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and \
                f.value.id in ("np", "numpy") else None
            if name in NUMPY_SCALARS:
                v = conv(node.args[0])
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    return v
                if v == "NaN":  # (np.float64(nan))
                    return v
        raise UnsupportedFormat(path, f"{what} holding {type(node).__name__.lower()} "
                                      f"{(ast.get_source_segment(text, node) or '')[:60]!r}, not only literal values "
                                      "(read, never evaluated)")

    try:
        return conv(tree.body)
    except RecursionError:
        raise UnsupportedFormat(path, f"{what} nested too deep to read") from None
