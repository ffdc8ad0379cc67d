"""curvedoc: a linter for training runs.

Point it at a run or a sweep of runs and it says, with evidence, what went wrong,
when, how sure it is, the likely causes ranked, and what to try first.

The public API is imported lazily so that ``import curvedoc`` and the CLI start fast:

    >>> import curvedoc
    >>> runs = curvedoc.load("sample_runs/healthy-mlp-cosine")
    >>> report = curvedoc.diagnose("sample_runs/overfitting-mlp")
    >>> settings = curvedoc.Settings.build(select=["D"], fail_on="warning")   # built once, passed to any of
    >>> report = curvedoc.diagnose("sample_runs/overfitting-mlp", settings=settings)  # diagnose/audit/compare
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "load",
    "diagnose",
    "audit",
    "compare",
    "Watcher",
    "Run",
    "ImportIssue",
    "Finding",
    "Report",
    "Settings",
    "CurvedocError",
    "LoadError",
]

_LAZY = {
    "load": ("curvedoc.importers", "load"),
    "Run": ("curvedoc.model.run", "Run"),
    "ImportIssue": ("curvedoc.model.run", "ImportIssue"),
    "CurvedocError": ("curvedoc.errors", "CurvedocError"),
    "LoadError": ("curvedoc.errors", "LoadError"),
    "diagnose": ("curvedoc.engine", "diagnose"),
    "audit": ("curvedoc.engine.audit", "audit"),
    "compare": ("curvedoc.comparison", "compare"),
    "Watcher": ("curvedoc.watch", "Watcher"),
    "Finding": ("curvedoc.engine.findings", "Finding"),
    "Report": ("curvedoc.engine.report", "Report"),
    "Settings": ("curvedoc.engine.config", "Settings"),
}


def __getattr__(name: str):
    try:
        module_name, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'curvedoc' has no attribute {name!r}") from None
    import importlib

    value = getattr(importlib.import_module(module_name), attr)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
