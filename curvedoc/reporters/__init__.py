"""Reporters turn a :class:`~curvedoc.engine.report.Report` into text for people and machines.

One module per format, each with ``render(report, **options) -> str``. Looked up lazily so that
``--format json`` never imports matplotlib.
"""

from __future__ import annotations

import importlib

FORMATS = {
    "text": "curvedoc.reporters.text",
    "json": "curvedoc.reporters.jsonfmt",
    "markdown": "curvedoc.reporters.markdown",
    "html": "curvedoc.reporters.html",
    "github": "curvedoc.reporters.github",
}


def render(report, fmt: str = "text", **options) -> str:
    try:
        module = FORMATS[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})") from None
    return importlib.import_module(module).render(report, **options)
