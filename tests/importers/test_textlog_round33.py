"""Text logs, thirty-third round (issue 36): a 'total' printed beside the parts of a loss.

- (textlog33, lock-box 2026-12-13an gloriayq_pinn_tft_weather, 2026-12-15au pinn-cylinder-adam-then-oom) a 'total'
  printed beside a physics-informed network's residual terms (PDE, BC, IC, Phys), with no loss named -- '[Train] epoch:1, lr:.., data:0.41, PDE:0.018,
  phys:0.014, total:0.427', 'total=3.85e+00  PDE=2.60e-01 .. DATA=2.94e-01' -- is the loss those parts sum to, the
  total loss ('total_loss', the training loss), and the terms are its parts ('PDE_loss') -- by their names, since a
  PINN weighs its terms adaptively and the roles' check of a weighted sum (round 24) does not hold; a 'total' beside
  other terms keeps that check, and one beside no term stays what it says (a count, a sum of something else).
"""

from __future__ import annotations

import pytest
from _helpers import lockbox_text_log_sizes

import curvedoc
from curvedoc.importers.textlog import read_text_log


def _log(tmp_path, lines):
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return p


@pytest.mark.parametrize("parts", [("PDE", "phys"), ("BC", "IC"), ("Phys",)])
def test_a_total_beside_the_parts_of_a_loss_is_the_total_loss(tmp_path, parts):
    lines = []
    for e in range(1, 21):
        vals = ", ".join(f"{p}:{0.5 / e / (i + 1):.4f}" for i, p in enumerate(parts))
        lines.append(f"[Train] epoch:{e}, lr:0.000100, data:{0.4 / e:.4f}, {vals}, total:{1.0 / e:.4f}")
    tags = {str(t) for t in read_text_log(_log(tmp_path, lines)).frame["tag"].unique()}
    assert "total_loss" in tags and "total" not in tags, tags
    assert {f"{p}_loss" for p in parts} <= tags, tags
    rr = curvedoc.diagnose(str(_log(tmp_path, lines))).runs[0]
    assert rr.roles["train_loss"] == "total_loss", rr.roles


def test_a_total_beside_no_pinn_term_stays_as_printed(tmp_path):
    """A 'total' beside other terms ('cls', 'reg', 'det', 'kd') stays 'total': the roles make it the loss when its
    points are the terms' weighted sum (round 24); and on a line that names its losses it keeps its name (round 26)."""
    lines = [f"iter {s}: total {1.0 / s + 0.1:.4f} | cls {0.5 / s:.4f} | reg {0.5 / s + 0.1:.4f}" for s in range(1, 16)]
    tags = {str(t) for t in read_text_log(_log(tmp_path, lines)).frame["tag"].unique()}
    assert "total" in tags and "total_loss" not in tags, tags
    lines = [f"step {s} losses: PDE {0.5 / s:.4f}, BC {0.5 / s:.4f}, total {1.0 / s:.4f}" for s in range(1, 16)]
    tags = {str(t) for t in read_text_log(_log(tmp_path, lines)).frame["tag"].unique()}
    assert "total_loss" not in tags, tags
    lines = [f"epoch {e} loss {1.0 / e:.4f} acc {0.5 + e / 50:.3f} total {1000 + e}" for e in range(1, 16)]
    tags = {str(t) for t in read_text_log(_log(tmp_path, lines)).frame["tag"].unique()}
    assert "total" in tags and "total_loss" not in tags, tags
    lines = [f"step {s} data {0.4 / s:.4f} total {1.0 / s:.4f}" for s in range(1, 16)]
    tags = {str(t) for t in read_text_log(_log(tmp_path, lines)).frame["tag"].unique()}
    assert "total" in tags and "total_loss" not in tags, tags


@pytest.mark.parametrize("entry,points", [("2026-12-13an/text_log/gloriayq_pinn_tft_weather", 32),
                                          ("2026-12-15au/text_log/pinn-cylinder-adam-then-oom", 200)])
def test_real_logs_a_pinns_total_is_its_training_loss(entry, points):
    sizes = lockbox_text_log_sizes(entry)
    assert sizes.get("total_loss") == points and sizes.get("PDE_loss") == points, sizes
    assert "total" not in sizes
