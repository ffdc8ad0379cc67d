"""Settings: ``[tool.curvedoc]`` in a ``pyproject.toml`` merged with command-line options or keywords, in one frozen
:class:`Settings` built once (:meth:`Settings.build`) and passed down to the plan, the readers (as a
:class:`~curvedoc.importers.context.ReadContext`), the audit workers and the callbacks.

    settings = Settings.build(select=["D"], fail_on="warning")   # keywords over the working directory's pyproject
    settings = Settings.build("ci.toml", extend_select=["V"])     # over a settings file (the CLI's --config)
    curvedoc.diagnose(path, settings=settings)

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

import dataclasses
import functools
import math
import os
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from curvedoc.errors import ConfigError
from curvedoc.vocab import FAIL_ON_LEVELS
KNOWN_KEYS = {"select", "ignore", "extend-select", "fail-on", "rules-dir", "roles", "params", "max-file-mb", "jobs",
              "max-seconds", "max-memory-mb", "reader"}
READERS = ("native", "tbparse")  # event-file readers: curvedoc's own decoder, or tbparse as a reference


@dataclass(frozen=True)
class Settings:
    """Everything a diagnosis is configured by, built once and passed down: the rule selection, parameters and
    role overrides, the exit threshold, the reading and time limits, the number of workers.

    Frozen: a step that needs other settings builds new ones (:meth:`merged`, :func:`dataclasses.replace`), so the
    settings an audit's workers, a Dask batch or a watch loop were given cannot change under them. Build them with
    :meth:`build` (keywords over a config file or over other settings) or :func:`load_settings` (a config file
    alone). Lists are stored as tuples; ``roles`` and ``params`` are copies owned by the settings (read them, do not
    write them)."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    fail_on: str = "error"
    roles: dict[str, str] = field(default_factory=dict)
    params: dict[str, dict[str, Any]] = field(default_factory=dict)
    rules_dirs: tuple[str, ...] = ()
    max_file_mb: float | None = None
    max_seconds: float | None = None  # None: curvedoc._guard.DEFAULT_MAX_SECONDS; 0: no limit
    max_memory_mb: float | None = None  # None: a share of the machine's memory per audit worker; 0: no limit
    jobs: int | None = None
    config_file: str | None = None
    reader: str = "native"  # event files: "native" (curvedoc's decoder) or "tbparse"

    def __post_init__(self):
        # own copies, in immutable containers where the type allows: a caller's list or dict changed later never
        # changes these settings
        set_ = object.__setattr__
        if self.select is not None:
            set_(self, "select", _names(self.select))
        set_(self, "ignore", _names(self.ignore or ()))
        set_(self, "rules_dirs", _names(self.rules_dirs or ()))
        set_(self, "roles", dict(self.roles or {}))
        set_(self, "params", {k: dict(v) for k, v in (self.params or {}).items()})

    def max_file_bytes(self) -> int | None:
        """The ``max-file-mb`` guard in bytes, or None when not configured."""
        return int(self.max_file_mb * 1024 * 1024) if self.max_file_mb else None

    def merged(self, **cli: Any) -> "Settings":
        """New settings: these with keyword (command-line or API) values on top. Keywords win over the config file;
        ``select`` given replaces, ``extend_select``, ``ignore`` and ``rules_dirs`` add, ``params`` and ``roles``
        merge key by key; ``fail_on``, ``jobs`` and ``reader`` replace when given. Unknown keywords raise
        :class:`TypeError`."""
        unknown = set(cli) - MERGE_KEYS
        if unknown:
            raise TypeError(f"unknown setting(s): {', '.join(sorted(unknown))}")
        select = self.select
        if cli.get("select"):
            select = _names(cli["select"])
        if cli.get("extend_select"):
            select = (select or ("ALL",)) + _names(cli["extend_select"])
        roles = {**self.roles, **(cli.get("roles") or {})}
        params = {k: dict(v) for k, v in self.params.items()}
        for rule, kv in (cli.get("params") or {}).items():
            params.setdefault(rule, {}).update(kv)
        s = dataclasses.replace(
            self,
            select=select,
            ignore=self.ignore + _names(cli.get("ignore") or ()),
            fail_on=cli.get("fail_on") or self.fail_on,
            roles=roles,
            params=params,
            rules_dirs=self.rules_dirs + _names(cli.get("rules_dirs") or ()),
            jobs=cli.get("jobs") or self.jobs,
            reader=cli.get("reader") or self.reader,
        )
        if s.reader not in READERS:
            raise ConfigError(f"reader must be one of {', '.join(READERS)}, not {s.reader!r}")
        if s.fail_on not in FAIL_ON_LEVELS:
            raise ConfigError(f"fail-on must be one of {', '.join(FAIL_ON_LEVELS)}, not {s.fail_on!r}")
        return s

    @classmethod
    def build(
        cls,
        base: "str | os.PathLike | Settings | None" = None,
        *,
        select: Iterable[str] | None = None,
        extend_select: Iterable[str] | None = None,
        ignore: Iterable[str] | None = None,
        params: Mapping[str, Mapping[str, Any]] | None = None,
        roles: Mapping[str, str] | None = None,
        fail_on: str | None = None,
        rules_dirs: Iterable[str] | None = None,
        jobs: int | None = None,
        reader: str | None = None,
    ) -> "Settings":
        """The one way keywords become settings (the library's functions, the callbacks and the command line all
        come here): ``base`` -- settings already built, a config file, or None for the working directory's
        ``pyproject.toml`` (never the data's: see the module's note) -- with the keywords on top (:meth:`merged`)."""
        start = base if isinstance(base, Settings) else load_settings(config_file=base)
        return start.merged(
            select=_names(select) if select else None,
            extend_select=_names(extend_select) if extend_select else None,
            ignore=_names(ignore) if ignore else None,
            params={k: dict(v) for k, v in (params or {}).items()},
            roles=dict(roles or {}),
            fail_on=fail_on,
            rules_dirs=_names(rules_dirs or ()),
            jobs=jobs,
            reader=reader,
        )


def _names(v: Any) -> tuple:
    """Selectors, rule names or folders as a tuple; one given as a plain string (or path) is one, not its
    characters (``select="D001"`` means rule D001, as ``select = "D001"`` does in pyproject.toml)."""
    if isinstance(v, (str, os.PathLike)):
        return (os.fspath(v),)
    return tuple(os.fspath(x) if isinstance(x, os.PathLike) else x for x in v)


MERGE_KEYS = frozenset({"select", "extend_select", "ignore", "fail_on", "roles", "params", "rules_dirs", "jobs",
                        "reader"})


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
                    if _has_curvedoc_table(fh.read(MAX_CONFIG_BYTES + 1)):
                        return cand
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue
    return None


def _has_curvedoc_table(raw: bytes) -> bool:
    """``raw`` (a pyproject.toml) parses and has a ``[tool.curvedoc]`` table. The answers for the last few files
    read are kept by their bytes: every diagnose, audit or settings load in a project walks up to the same
    pyproject.toml, and parsing it again cost ~2 ms a call, most of a small run's settings (issue 41)."""
    if len(raw) > _CACHED_CONFIG_BYTES:
        return _parse_has_curvedoc(raw)
    return _cached_has_curvedoc(raw)


def _parse_has_curvedoc(raw: bytes) -> bool:
    return "curvedoc" in tomllib.loads(raw.decode("utf-8")).get("tool", {})


_cached_has_curvedoc = functools.lru_cache(maxsize=16)(_parse_has_curvedoc)  # an error raised is not kept
_CACHED_CONFIG_BYTES = 64 * 1024  # a pyproject.toml is a few kilobytes; a bigger one is parsed each time


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
    s: dict[str, Any] = {"config_file": str(path)}  # the Settings fields the table sets
    if "select" in table:
        s["select"] = _str_list(table["select"], "select", path)
    if "extend-select" in table:
        s["select"] = (s.get("select") or ["ALL"]) + _str_list(table["extend-select"], "extend-select", path)
    s["ignore"] = _str_list(table.get("ignore", []), "ignore", path)
    s["fail_on"] = table.get("fail-on", "error")
    if s["fail_on"] not in FAIL_ON_LEVELS:
        raise ConfigError(f"{path}: fail-on must be one of {', '.join(FAIL_ON_LEVELS)}")
    roles = table.get("roles", {})
    if not isinstance(roles, dict) or not all(isinstance(v, str) for v in roles.values()):
        raise ConfigError(f"{path}: [tool.curvedoc.roles] must map role names to tag strings")
    s["roles"] = dict(roles)
    params = table.get("params", {})
    if not isinstance(params, dict) or not all(isinstance(v, dict) for v in params.values()):
        raise ConfigError(f"{path}: [tool.curvedoc.params.<rule>] tables expected")
    s["params"] = {k: dict(v) for k, v in params.items()}
    rd = table.get("rules-dir")
    if rd:
        s["rules_dirs"] = [str((base / d).resolve()) for d in _str_list(rd, "rules-dir", path)]
    if "max-file-mb" in table:
        v = table["max-file-mb"]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
            raise ConfigError(f"{path}: max-file-mb must be a positive number of megabytes, not {v!r}")
        s["max_file_mb"] = float(v)
    if "jobs" in table:
        v = table["jobs"]
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ConfigError(f"{path}: jobs must be a whole number of worker processes >= 1, not {v!r}")
        s["jobs"] = v
    if "max-seconds" in table:
        v = table["max-seconds"]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v < 0:
            raise ConfigError(f"{path}: max-seconds must be a number of seconds >= 0 (0 = no limit), not {v!r}")
        s["max_seconds"] = float(v)
    if "reader" in table:
        v = table["reader"]
        if v not in READERS:
            raise ConfigError(f"{path}: reader must be one of {', '.join(READERS)} (the event-file reader), not {v!r}")
        s["reader"] = v
    if "max-memory-mb" in table:
        v = table["max-memory-mb"]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v < 0 or v == math.inf:
            raise ConfigError(f"{path}: max-memory-mb must be a number of megabytes >= 0 (0 = no limit), not {v!r}")
        s["max_memory_mb"] = float(v)
    return Settings(**s)


def _str_list(v: Any, key: str, path: Path) -> list[str]:
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    raise ConfigError(f"{path}: {key} must be a list of strings")


def parse_role_option(items: Iterable[str]) -> dict[str, str]:
    items = list(items)
    if not items:  # nothing to check: the role tables are not loaded (~25 ms of every command's start)
        return {}
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
