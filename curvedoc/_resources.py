"""Where the rule data lives: inside the installed package (``curvedoc/rules``, put there by
the wheel build) or, in a source checkout / editable install, the top-level ``rules/`` folder."""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path


@functools.lru_cache(maxsize=1)
def rules_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "rules", here.parent / "rules"):
        if (candidate / "roles.toml").is_file():
            return candidate
    raise FileNotFoundError(
        "curvedoc's rule data (rules/roles.toml) was not found next to the package; the installation is incomplete"
    )


@functools.lru_cache(maxsize=None)
def load_toml(name: str) -> dict:
    with open(rules_dir() / name, "rb") as fh:
        return tomllib.load(fh)
