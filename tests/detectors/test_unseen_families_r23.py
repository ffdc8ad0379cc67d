"""Synthetic families of the kinds of run curvedoc got wrong on logs nobody tuned on (issue 35), twenty-third round.

- A print log that names its numbers only by their split (``train 1.23 val 1.10``, ``tr nan va nan``) prints the
  one quantity a training is about per split: its loss. When those are NaN at every reading (weights blown up
  before the first print) they are the loss all the same, and the run diverged: it is no run with "no loss logged".
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import curvedoc


def _found_path(path) -> dict[str, str]:
    rep = curvedoc.diagnose(str(path))
    return {f.name: f.severity for rr in rep.runs for f in rr.findings}


# --------------------------------------------------------------------- split-named losses NaN from the first print
_SPLIT_STYLES = {
    "words": "epoch {e}: train {tr} val {va} score {sc:.4f}",
    "short": "e{e:03d} tr {tr} va {va} score {sc:.4f} lr 1.00e-03",
    "dev": "[epoch {e}] train={tr} dev={va} acc={sc:.4f}",
    "short_te": "ep{e} | tr {tr} | te {va} | f1 {sc:.4f}",
    "short_vl": "E{e:02d} tr {tr} vl {va} acc {sc:.4f}",
}


def _split_log(tmp_path, style, epochs, *, broken_from=None, seed=0):
    """A print log naming each number by its split; ``broken_from``: the epoch from which both losses print nan
    (None: the run learns)."""
    rng = np.random.default_rng(seed)
    lines = ["run: mlp, sgd lr 0.05"]
    for e in range(1, epochs + 1):
        if broken_from is not None and e >= broken_from:
            tr = va = "nan"
            sc = 0.2313
        else:
            t = 1.4 * (0.3 + 0.7 * math.exp(-e / 5)) * (1 + 0.02 * rng.standard_normal())
            tr, va = f"{t:.4f}", f"{t * 1.08:.4f}"
            sc = 0.25 + 0.6 * (1 - math.exp(-e / 5))
        lines.append(_SPLIT_STYLES[style].format(e=e, tr=tr, va=va, sc=sc))
    (tmp_path / "run.log").write_text("\n".join(lines) + "\n")
    return tmp_path


@pytest.mark.parametrize("style", sorted(_SPLIT_STYLES))
@pytest.mark.parametrize("epochs", [5, 25, 120])
def test_split_named_losses_nan_from_the_first_print_are_a_divergence(tmp_path, style, epochs):
    found = _found_path(_split_log(tmp_path, style, epochs, broken_from=1))
    assert found.get("divergence") == "error", found


@pytest.mark.parametrize("style", sorted(_SPLIT_STYLES))
@pytest.mark.parametrize("epochs", [5, 25, 120])
def test_split_named_losses_that_learn_are_no_divergence(tmp_path, style, epochs):
    found = _found_path(_split_log(tmp_path, style, epochs))
    assert "divergence" not in found and not any(s in ("warning", "error") for s in found.values()), found

