"""Settings: ``[tool.curvedoc]`` in a ``pyproject.toml`` merged with command-line options.

    [tool.curvedoc]
    select = ["D", "V001"]        # codes, code prefixes or names; default ALL
    ignore = ["S002"]
    fail-on = "warning"           # error (default) | warning | info | never
    rules-dir = "curvedoc_rules"  # extra rule files (override or extend the built-in catalogue)
    max-file-mb = 2048            # per-file size guard
    max-seconds = 300             # per-run time guard (read + diagnose); 0 = no limit

    [tool.curvedoc.roles]         # role -> tag, when the alias table guesses wrong
    train_loss = "loss/total"

    [tool.curvedoc.params.divergence]   # rule name -> parameter overrides
    min_rise = 0.5

The nearest ``pyproject.toml`` with a ``[tool.curvedoc]`` table is used, searched upward from the current
directory (the project curvedoc is run from). Never from the data: a ``pyproject.toml`` inside a run folder or a
downloaded sweep is part of what is diagnosed, and must not be able to turn checks off (``fail-on = "never"``),
raise the limits or the number of workers.
"""

from __future__ import annotations

import math
import os
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from curvedoc.errors import ConfigError
from curvedoc.vocab import FAIL_ON_LEVELS
KNOWN_KEYS = {"select", "ignore", "extend-select", "fail-on", "rules-dir", "roles", "params", "max-file-mb", "jobs",
              "max-seconds", "max-memory-mb", "reader"}
READERS = ("native", "tbparse")  # event-file readers: curvedoc's own decoder, or tbparse as a reference


@dataclass
class Settings:
    select: list[str] | None = None
    ignore: list[str] = field(default_factory=list)
    fail_on: str = "error"
    roles: dict[str, str] = field(default_factory=dict)
    params: dict[str, dict[str, Any]] = field(default_factory=dict)
    rules_dirs: list[str] = field(default_factory=list)
    max_file_mb: float | None = None
    max_seconds: float | None = None  # None: curvedoc._guard.DEFAULT_MAX_SECONDS; 0: no limit
    max_memory_mb: float | None = None  # None: a share of the machine's memory per audit worker; 0: no limit
    jobs: int | None = None
    config_file: str | None = None
    reader: str = "native"  # event files: "native" (curvedoc's decoder) or "tbparse"

    def max_file_bytes(self) -> int | None:
        """The ``max-file-mb`` guard in bytes, or None when not configured."""
        return int(self.max_file_mb * 1024 * 1024) if self.max_file_mb else None

    def merged(self, **cli: Any) -> "Settings":
        """CLI values win over the config file; lists given on the CLI replace, params/roles merge."""
        s = Settings(**{k: (v.copy() if isinstance(v, (list, dict)) else v) for k, v in self.__dict__.items()})
        if cli.get("select"):
            s.select = list(cli["select"])
        if cli.get("extend_select"):
            s.select = (s.select or ["ALL"]) + list(cli["extend_select"])
        if cli.get("ignore"):
            s.ignore = s.ignore + list(cli["ignore"])
        if cli.get("fail_on"):
            s.fail_on = cli["fail_on"]
        for k, v in (cli.get("roles") or {}).items():
            s.roles[k] = v
        for rule, kv in (cli.get("params") or {}).items():
            s.params.setdefault(rule, {}).update(kv)
        if cli.get("rules_dirs"):
            s.rules_dirs = s.rules_dirs + list(cli["rules_dirs"])
        if cli.get("jobs"):
            s.jobs = cli["jobs"]
        if cli.get("reader"):
            s.reader = cli["reader"]
        if s.reader not in READERS:
            raise ConfigError(f"reader must be one of {', '.join(READERS)}, not {s.reader!r}")
        if s.fail_on not in FAIL_ON_LEVELS:
            raise ConfigError(f"fail-on must be one of {', '.join(FAIL_ON_LEVELS)}, not {s.fail_on!r}")
        return s


def find_pyproject(project: str | os.PathLike | None = None) -> Path | None:
    """The nearest ``pyproject.toml`` with a ``[tool.curvedoc]`` table in ``project`` (default: the current
    directory) or a folder above it. Never searched from the diagnosed path (see the module's note)."""
    p = Path(project if project is not None else os.getcwd()).resolve()
    if p.is_file():
        p = p.parent
    for d in (p, *p.parents):
        cand = d / "pyproject.toml"
        if cand.is_file():
            try:
                with open(cand, "rb") as fh:
                    data = tomllib.loads(fh.read(MAX_CONFIG_BYTES + 1).decode("utf-8"))
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue
            if "curvedoc" in data.get("tool", {}):
                return cand
    return None


MAX_CONFIG_BYTES = 8 * 1024 * 1024  # a pyproject.toml is kilobytes; a settings file this big is a mistake


def load_settings(project: str | os.PathLike | None = None, config_file: str | os.PathLike | None = None) -> Settings:
    """The settings of ``config_file``, else of the project's ``pyproject.toml`` (:func:`find_pyproject`: from
    ``project``, default the current directory; never from the data)."""
    path = Path(config_file) if config_file else find_pyproject(project)
    if path is None:
        return Settings()
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):  # /dev/zero or a FIFO would be read forever
            raise ConfigError(f"config file {path}: not a regular file")
        if st.st_size > MAX_CONFIG_BYTES:
            raise ConfigError(f"config file {path}: {st.st_size:,} bytes, over the {MAX_CONFIG_BYTES:,}-byte limit "
                              "for a settings file")
        with open(path, "rb") as fh:
            data = tomllib.loads(fh.read(MAX_CONFIG_BYTES + 1).decode("utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"config file {path} not found") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"config file {path}: cannot read: {exc.strerror or exc}") from None
    table = data.get("tool", {}).get("curvedoc", data if config_file and "tool" not in data else {})
    unknown = set(table) - KNOWN_KEYS
    if unknown:
        raise ConfigError(f"{path}: unknown [tool.curvedoc] key(s): {', '.join(sorted(unknown))}")
    base = path.parent
    s = Settings(config_file=str(path))
    if "select" in table:
        s.select = _str_list(table["select"], "select", path)
    if "extend-select" in table:
        s.select = (s.select or ["ALL"]) + _str_list(table["extend-select"], "extend-select", path)
    s.ignore = _str_list(table.get("ignore", []), "ignore", path)
    s.fail_on = table.get("fail-on", "error")
    if s.fail_on not in FAIL_ON_LEVELS:
        raise ConfigError(f"{path}: fail-on must be one of {', '.join(FAIL_ON_LEVELS)}")
    roles = table.get("roles", {})
    if not isinstance(roles, dict) or not all(isinstance(v, str) for v in roles.values()):
        raise ConfigError(f"{path}: [tool.curvedoc.roles] must map role names to tag strings")
    s.roles = dict(roles)
    params = table.get("params", {})
    if not isinstance(params, dict) or not all(isinstance(v, dict) for v in params.values()):
        raise ConfigError(f"{path}: [tool.curvedoc.params.<rule>] tables expected")
    s.params = {k: dict(v) for k, v in params.items()}
    rd = table.get("rules-dir")
    if rd:
        s.rules_dirs = [str((base / d).resolve()) for d in _str_list(rd, "rules-dir", path)]
    if "max-file-mb" in table:
        v = table["max-file-mb"]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
            raise ConfigError(f"{path}: max-file-mb must be a positive number of megabytes, not {v!r}")
        s.max_file_mb = float(v)
    if "jobs" in table:
        v = table["jobs"]
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ConfigError(f"{path}: jobs must be a whole number of worker processes >= 1, not {v!r}")
        s.jobs = v
    if "max-seconds" in table:
        v = table["max-seconds"]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v < 0:
            raise ConfigError(f"{path}: max-seconds must be a number of seconds >= 0 (0 = no limit), not {v!r}")
        s.max_seconds = float(v)
    if "reader" in table:
        v = table["reader"]
        if v not in READERS:
            raise ConfigError(f"{path}: reader must be one of {', '.join(READERS)} (the event-file reader), not {v!r}")
        s.reader = v
    if "max-memory-mb" in table:
        v = table["max-memory-mb"]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v < 0 or v == math.inf:
            raise ConfigError(f"{path}: max-memory-mb must be a number of megabytes >= 0 (0 = no limit), not {v!r}")
        s.max_memory_mb = float(v)
    return s


def _str_list(v: Any, key: str, path: Path) -> list[str]:
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    raise ConfigError(f"{path}: {key} must be a list of strings")


def parse_role_option(items: Iterable[str]) -> dict[str, str]:
    from curvedoc.model.roles import family_names, role_names

    out = {}
    valid = set(role_names()) | set(family_names())
    for it in items:
        if "=" not in it:
            raise ConfigError(f"--role expects ROLE=TAG, got {it!r}")
        role, tag = it.split("=", 1)
        role = role.strip()
        if role not in valid:
            raise ConfigError(f"unknown role {role!r} (roles: {', '.join(sorted(valid))})")
        out[role] = tag
    return out


def parse_param_option(items: Iterable[str]) -> dict[str, dict[str, Any]]:
    """``--param divergence.min_rise=0.5`` -> {"divergence": {"min_rise": 0.5}} (values parsed as TOML)."""
    out: dict[str, dict[str, Any]] = {}
    for it in items:
        if "=" not in it or "." not in it.split("=", 1)[0]:
            raise ConfigError(f"--param expects RULE.PARAM=VALUE, got {it!r}")
        key, raw = it.split("=", 1)
        rule, param = key.rsplit(".", 1)
        try:
            value = tomllib.loads(f"v = {raw}")["v"]
        except tomllib.TOMLDecodeError:
            value = raw
        out.setdefault(rule.strip(), {})[param.strip()] = value
    return out
