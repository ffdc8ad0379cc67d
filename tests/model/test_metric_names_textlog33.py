"""Quality metrics named in the lock-box batches seen at text-log round textlog33 (issue 36): the precision and the
recall printed by their initials as a pair, 'P=0.247 R=0.872' -- the two columns every detection table heads
'P  R  mAP@.5', which scripts copy into their own records (lock-box 2026-12-11aj panos_wellrack_heatmap, 2026-11-28d
vgg16-skin, 2026-11-29k custom-print, tests/data/textlogs_unseen4 adhoc-lnn)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import curvedoc
from curvedoc.importers.textlog import read_text_log
from curvedoc.model.metrics import initial_pairs, infer_metrics
from curvedoc.model.run import Run

LOCKBOX = Path(__file__).parents[2] / "benchmarks" / "lockbox"


@pytest.mark.parametrize("tags,want", [
    ({"P", "R", "dist"}, {"P": "precision", "R": "recall"}),
    ({"val/P", "val/R", "val_loss"}, {"val/P": "precision", "val/R": "recall"}),
    ({"Test P", "Test R", "Train P", "Train R"},
     {"Test P": "precision", "Test R": "recall", "Train P": "precision", "Train R": "recall"}),
])
def test_the_initials_p_and_r_printed_as_a_pair_are_precision_and_recall(tags, want):
    assert initial_pairs(tags) == want


@pytest.mark.parametrize("tags", [{"P", "loss"}, {"R", "loss"}, {"p", "r"}, {"p", "v"}, {"val/P", "train/R"},
                                  {"MAP", "MAR"}, {"TP", "TR"}])
def test_an_initial_alone_or_in_lower_case_names_nothing(tags):
    """One initial alone may be a pressure, a power, a policy term; lower-case 'p' beside 'v' is AlphaZero's policy
    loss; 'P' and 'R' with different prefixes are no pair; an initial glued to a word is that word's."""
    assert initial_pairs(tags) == {}


def _log(tmp_path, lines):
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return p


def test_a_scripts_p_and_r_beside_its_losses_are_the_evaluations_precision_and_recall(tmp_path):
    lines = [f"Epoch {e:03d}/20 | train_loss={1.0 / e:.4f} | val_loss={1.1 / e:.4f} | P={0.2 + e / 40:.3f} "
             f"R={0.8 - e / 100:.3f} dist={3.0 - e / 10:.2f} | lr=1.0e-03" for e in range(1, 21)]
    rd = read_text_log(_log(tmp_path, lines))
    run = Run("x", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    got = {m.tag: (m.kind, m.split, m.higher_is_better) for m in run.metrics}
    assert got == {"P": ("precision", "val", True), "R": ("recall", "val", True)}, got
    assert curvedoc.diagnose(str(_log(tmp_path, lines))).runs  # (read and assessed as before)


def test_a_p_out_of_a_rates_range_is_no_precision(tmp_path):
    """A rate is in [0, 1] or [0, 100]: a 'P' of 250 beside an 'R' is a power or a pressure, not a precision."""
    from _helpers import make_run

    n = 10
    run = make_run(steps=np.arange(n), loss=np.linspace(1, 0.1, n), P=np.linspace(200, 250, n),
                   R=np.linspace(0.1, 0.2, n))
    assert {m.tag for m in infer_metrics(run)} == {"R"}


def test_real_log_panos_wellrack_heatmap_precision_and_recall():
    """2026-12-11aj panos_wellrack_heatmap: 'Epoch 001/150 | train_loss=0.141221 | val_loss=0.133002 | P=0.247
    R=0.872 dist=2.45 | lr=1.0e-03 | 5.6s' -- its label names P and R (20 points each): the held-out precision and
    recall of the keypoint heatmaps."""
    path = LOCKBOX / "2026-12-11aj" / "runs" / "text_log" / "panos_wellrack_heatmap" / "train_log.txt"
    rd = read_text_log(path)
    run = Run("panos", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    got = {m.tag: (m.kind, m.split, m.points) for m in run.metrics}
    assert got == {"P": ("precision", "val", 20), "R": ("recall", "val", 20)}, got
