"""Typed errors. Every error a user can cause names the file and the reason."""

from __future__ import annotations

from pathlib import Path


class CurvedocError(Exception):
    """Base class for every error curvedoc raises on purpose."""


class LoadError(CurvedocError):
    """A file or run could not be read. ``path`` names it, ``reason`` says why in one line."""

    def __init__(self, path: str | Path, reason: str, kind: str = "unreadable"):
        self.path = str(path)
        self.reason = reason
        self.kind = kind
        super().__init__(f"{self.path}: {reason}")


class UnsupportedFormat(LoadError):
    """The file exists and is readable but is not a log format curvedoc reads."""

    def __init__(self, path: str | Path, reason: str):
        super().__init__(path, reason, kind="unsupported-format")


class ConfigError(CurvedocError):
    """Bad configuration: unknown rule, unknown parameter, bad role override. CLI exit code 2."""
