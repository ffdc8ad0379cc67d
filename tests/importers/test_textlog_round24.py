"""Text logs, round 24 on the seen lock-box batches 2026-12-11aj and 2026-12-11nu15 (issue 36): misreadings found on
their text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- a checkpoint named by its file restates a value
@pytest.mark.parametrize("saved", [
    "  saved best.pt (PSNR {v:.4f})",
    "Saving model_best.pth (PSNR={v:.4f})",
    "=> wrote checkpoints/best_psnr.ckpt  PSNR {v:.4f}",
    "best weights stored to out/best.h5 (PSNR: {v:.4f})",  # (read so before: the word 'weights')
    "out/best_model.keras saved (PSNR: {v:.4f})",
])
@pytest.mark.parametrize("evals", [3, 9])
def test_a_checkpoint_named_by_its_file_restates_the_evaluation(tmp_path, saved, evals):
    """A checkpoint is often named by its file alone (``saved best.pt (PSNR 24.54)``, ``model_best.pth``): saved after
    the evaluation it keeps, with that evaluation's value, it is a checkpoint statement like 'Saving best model
    (PSNR ..)' -- an echo of the evaluation, no training series of the best values."""
    lines, psnr = ["training : 5000 iters, batch 64, lr 0.0002"], []
    for k in range(1, evals + 1):
        for s in range(k * 1000 - 900, k * 1000 + 1, 100):
            lines.append(f"  step {s:6d}/5000  loss {0.08 / (1 + s / 1000):.5f}  lr 2.00e-04")
        v = 24.5 + 3 * (1 - 1 / k) - (0.4 * (k - 4) if k > 4 else 0)
        psnr.append(round(v, 4))
        lines.append(f"  VAL step {k * 1000}: PSNR {v:.4f}  SSIM {0.6 + k / 100:.4f}")
        if k <= 4:
            lines.append(saved.format(v=v))
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"loss", "lr", "val/PSNR", "val/SSIM"}
    assert _series(rd, "val/PSNR") == ([k * 1000 for k in range(1, evals + 1)], psnr)
