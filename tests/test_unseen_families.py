"""Synthetic families of the kinds of run that curvedoc got wrong on logs nobody tuned on (issue 35).

Each family is drawn from a generative description (loss kind, K, length, logging interval, evaluation count,
noise), never from a visible run, and written in the formats people have (TensorBoard, Lightning CSV, a print log,
an HF trainer_state.json). Every member must get the verdict the family stands for.
"""

from __future__ import annotations

import pytest

import curvedoc
from _families import FORMATS, lr_blowup_to_chance, write

SEEDS = range(8)


@pytest.mark.parametrize("fmt", FORMATS)
def test_lr_blowup_then_chance_is_failing_at_chance_with_the_lr_first(fmt, tmp_path):
    pytest.importorskip("tensorboardX")
    for seed in SEEDS:
        c = lr_blowup_to_chance(seed)
        rep = curvedoc.diagnose(str(write(c, fmt, tmp_path / str(seed))))
        assert len(rep.runs) == 1
        rr = rep.runs[0]
        what = f"seed {seed} ({fmt}): {[(f.code, f.severity) for f in rr.findings]}"
        assert rr.status == "failing", what
        assert rr.findings[0].name == "plateau-at-chance", what
        assert rr.top_causes[0]["id"] == "lr-too-high", what
        assert "exploded" in rr.findings[0].message, what
