"""The audit's results cache: one JSON file per input, keyed so that a changed input is never served old findings.

    key = spec_key(spec, settings_key(settings), listing)
    hit = read(cache_dir / f"{key}.json")          # None when absent or unreadable

A key covers every file that can change a run's result (its logs and the small config files beside them: size,
mtime, ctime and inode; for object storage each object's size and ETag), the settings that change findings, the rule
catalogues and curvedoc's own code. The cache lives in the user cache folder (:func:`default_cache_dir`), never
inside the sweep; an entry is written atomically and never for an infrastructure failure (see
:func:`curvedoc.engine.worker.is_transient`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from curvedoc.engine.config import Settings
from curvedoc.importers import SETTINGS_SUFFIXES, RunSpec, is_settings_file

def default_cache_dir() -> Path:
    """``$CURVEDOC_CACHE_DIR``, else ``$XDG_CACHE_HOME/curvedoc``, else ``~/.cache/curvedoc``."""
    if os.environ.get("CURVEDOC_CACHE_DIR"):
        return Path(os.environ["CURVEDOC_CACHE_DIR"])
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "curvedoc"
    home = Path.home()
    if not home.is_dir():
        # HOME=/nonexistent (a service account): never create a home folder; use the temporary folder instead
        import tempfile

        return Path(tempfile.gettempdir()) / f"curvedoc-cache-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
    return home / ".cache" / "curvedoc"


def settings_key(settings: Settings) -> str:
    from curvedoc import __version__
    from curvedoc._resources import rules_dir

    h = hashlib.sha256()
    h.update(__version__.encode())
    h.update(json.dumps({"select": settings.select, "ignore": settings.ignore, "params": settings.params,
                         "roles": settings.roles, "max_file_mb": settings.max_file_mb, "reader": settings.reader},
                        sort_keys=True, default=str).encode())
    for d in [rules_dir(), *map(Path, settings.rules_dirs)]:
        for p in sorted(Path(d).glob("*.toml")):
            h.update(p.name.encode())
            h.update(p.read_bytes())
    h.update(code_key().encode())
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def code_key() -> str:
    """A hash of curvedoc's own code: every release is 0.1.0 until it is not, and a changed detector must not be
    served the findings its previous version cached (about 5 ms, once per process)."""
    pkg = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for p in sorted(pkg.rglob("*.py")):
        try:
            h.update(str(p.relative_to(pkg)).encode())
            h.update(p.read_bytes())
        except OSError:
            pass
    return h.hexdigest()


class Listings:
    """Regular files per folder, listed once per audit: a folder of 10,000 logs is read once, not once per log
    (that made a cached audit quadratic in the logs per folder)."""

    def __init__(self):
        self._d: dict[Path, list[Path]] = {}
        self._c: dict[Path, list[Path]] = {}

    def configs(self, folder: Path) -> list[Path]:
        """The small YAML/JSON files of a folder (configs and hparams readers pick up beside a log)."""
        got = self._c.get(folder)
        if got is None:
            got = []
            for p in self.files(folder):
                if p.name.lower().endswith(SETTINGS_SUFFIXES):
                    try:
                        if is_settings_file(p.name, p.stat().st_size):
                            got.append(p)
                    except OSError:
                        pass
            self._c[folder] = got
        return got

    def files(self, folder: Path) -> list[Path]:
        got = self._d.get(folder)
        if got is None:
            try:
                got = [Path(e.path) for e in os.scandir(folder) if e.is_file()]
            except OSError:
                got = []
            self._d[folder] = got
        return got


def spec_files(spec: RunSpec, listing: Listings | None = None) -> list[Path]:
    """Every file that can change a run's result: its logs, and the files beside each of them (hparams.yaml in
    a TensorBoard sub-folder, training_args.json in an HF checkpoint folder, a config next to a CSV)."""
    listing = listing or Listings()
    files = set(spec.files)
    root = spec.root
    try:
        if root.is_dir():
            if spec.format == "mlflow":
                files.update(p for p in root.rglob("*") if p.is_file())
            if spec.format == "wandb" and (root / "files").is_dir():
                files.update(listing.files(root / "files"))
            if spec.format == "hf-trainer-state":  # other checkpoints' states and training_args.json are read too
                for ckpt in sorted({*root.glob("checkpoint-*"), *(Path(f).parent for f in spec.files)}):
                    if ckpt.is_dir():
                        files.update(p for p in listing.files(ckpt) if p.suffix.lower() == ".json")
            files.update(listing.configs(root))
        elif root.is_file():
            files.add(root)
        # beside each log file: the small config files readers pick up -- not every other log of the folder (a
        # folder of 10,000 CSVs made each run's key list 10,000 files: a cached audit was quadratic)
        for folder in {Path(f).parent for f in spec.files}:
            files.update(listing.configs(folder))
    except OSError:
        pass
    for part in spec.extras.get("companions", ()):  # the other logs of the same training (HF, MMEngine layouts)
        files.update(spec_files(part, listing))
    return sorted(files)


def _b(s: str) -> bytes:
    """A name as bytes for a hash: a file name that is not valid UTF-8 arrives as lone surrogates, which plain
    .encode() refuses (that crashed a cached audit of a folder named with a Latin-1 byte)."""
    return s.encode("utf-8", "surrogateescape")


def spec_key(spec: RunSpec, settings_key: str, listing: Listings | None = None) -> str:
    h = hashlib.sha256(settings_key.encode())
    h.update(_b(spec.name))
    h.update(spec.format.encode())
    h.update(_b(json.dumps(spec.prefixes, sort_keys=True)))
    if "remote" in spec.extras:  # in object storage: each needed object's size and ETag / mtime from the listing
        from curvedoc.importers.remote import fingerprint

        for part in [spec, *spec.extras.get("companions", ())]:
            for line in fingerprint(part):
                h.update(_b(line))
        return h.hexdigest()
    for p in spec_files(spec, listing):
        try:
            st = p.stat()
            h.update(_b(f"{p}|{st.st_size}|{st.st_mtime_ns}|{st.st_ctime_ns}|{st.st_ino}"))
        except OSError:
            h.update(_b(f"{p}|missing"))
    return h.hexdigest()


def plan_memo(cache_root: Path, settings: Settings, skey: str | None = None) -> Path:
    """Where an audit notes that ``settings`` passed :meth:`Plan.build <curvedoc.engine.Plan.build>`'s checks with
    this code and these rule files (and how many rules they select): a fully cached audit then need not import the
    detectors (and pandas with them, ~0.2 s) just to check the settings again. The name is the settings' key
    (:func:`settings_key`: the selection, the parameters, every rule file's bytes, curvedoc's code) and the extra
    rule folders' resolved paths; :func:`rules_checked` looks for it."""
    h = hashlib.sha256((skey or settings_key(settings)).encode())
    h.update(_b(json.dumps([str(Path(d).resolve()) for d in settings.rules_dirs])))
    return cache_root / f"plan-{h.hexdigest()}.ok"


def rules_checked(settings: Settings, cache_root: Path | None, skey: str | None = None) -> tuple[int, bool]:
    """How many rules ``settings`` select, checked as :meth:`Plan.build <curvedoc.engine.Plan.build>` checks them
    (its :class:`~curvedoc.errors.ConfigError` raised as it raises it), and whether that was read from the note
    (:func:`plan_memo`) an earlier audit left in ``cache_root`` rather than built here. A note exists only for
    settings that passed with at least one rule; a rule folder that is gone is checked again (its absence is the
    error)."""
    if cache_root is not None and all(Path(d).is_dir() for d in settings.rules_dirs):
        try:
            n = int(plan_memo(cache_root, settings, skey).read_text(encoding="ascii"))
            if n > 0:
                return n, True
        except (OSError, ValueError):
            pass
    from curvedoc.engine import Plan

    return len(Plan.build(settings).rules), False


def note_rules_checked(cache_root: Path, settings: Settings, n_rules: int, skey: str | None = None) -> None:
    """Leave the note :func:`rules_checked` reads (atomically; nothing on failure, nothing for an empty selection)."""
    if n_rules <= 0:
        return
    path = plan_memo(cache_root, settings, skey)
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "w", encoding="ascii") as fh:
            fh.write(str(n_rules))
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def read(path: str) -> list[dict[str, Any]] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        return data if isinstance(data, list) else None
    except (OSError, ValueError):
        return None


def write(path: str, result: list[dict[str, Any]]) -> None:
    """Write a cache entry atomically; on any failure (a full disk) leave nothing behind, not a partial .tmp."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        text = json.dumps(result, allow_nan=False)  # dumps runs the C encoder in one shot; dump streams in Python
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except (OSError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass


__all__ = ["Listings", "default_cache_dir", "note_rules_checked", "plan_memo", "read", "rules_checked", "settings_key",
           "spec_files", "spec_key", "write"]
