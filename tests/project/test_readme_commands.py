"""Every `curvedoc ...` command the README shows runs as shown: its options exist and it ends with a verdict (exit 0
or 1), never a usage error (2). The placeholder paths of the examples (runs/exp1, sweeps/grid, golden/ ...) are
replaced by bundled runs; a watch gets a short --idle so that it ends, a hook command a harmless one."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from curvedoc.cli import main

REPO = Path(__file__).resolve().parents[2]
PLACEHOLDERS = {
    "runs/exp1": "sample_runs/divergence-warmup-too-high",
    "runs/": "sample_runs/divergence-warmup-too-high",
    "runs/*": "tests/data/compare/label-noise-late/healthy-mlp-cosine",
    "runs/new": "tests/data/compare/label-noise-late/healthy-mlp-cosine",
    "sweeps/grid": "sample_runs",
    "golden/": "sample_runs/healthy-mlp-cosine",
}


def _commands() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            if line.startswith("curvedoc "):
                out.append(re.split(r"\s+#\s", line)[0].split(" && ")[0].split(" | ")[0].strip())
    return out


@pytest.mark.parametrize("cmd", _commands())
def test_readme_command_runs_as_shown(cmd, tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    args = shlex.split(cmd)[1:]
    args = [PLACEHOLDERS.get(a, a) for a in args]
    args = [str(tmp_path / a) if a.endswith((".html", ".json", ".md")) and not Path(a).exists() else a for a in args]
    args = ["true" if a == "scancel 4242" else a for a in args]
    if args[0] == "watch":
        args += ["--idle", "1", "--interval", "0.2"]
    res = CliRunner().invoke(main, args)
    assert res.exit_code in (0, 1), (cmd, res.exit_code, res.output[-600:])
