"""Text logs, round 15 on the lock-box batch 2026-12-07aa (issue 36): misreadings found on its 17 text logs, each
checked on small logs written the way such programs print them (several wordings, lengths and encodings), read
with and without plans (the two readings must be equal). (The file is named apart from the round-15 tests of the
batches 2026-12-06z/nu10, tests/importers/test_textlog_round15.py, so that both branches merge.)"""

from __future__ import annotations

import pytest
from test_textlog_readings import _assert_same, _read, _series, _tags

from curvedoc.importers.textlog import read_text_log


# ------------------------------------------------------------------------------- a banner names its block's split
def _banner_log(train_banner: str | None, eval_banner: str, epochs: int, rule: str) -> list[str]:
    """A script that prints a banner over each phase ('===== training epoch 3 =====', '===== validate epoch 3
    ====='), then the same record under both ('Epoch 2 | avg_loss = 0.41'): only the banner says which is which."""
    lines = []
    for e in range(1, epochs + 1):
        lines.append(f"2022-04-23 10:{e:02d}:40")
        if train_banner is not None:
            lines.append(f"{rule}{train_banner.format(e=e)}{rule}")
        lines.append(f"Epoch {e - 1} | avg_loss = {1 / e:.4f}")
        lines.append(f"Training consumes {2 + e / 10:.2f} second")
        lines.append("")
        lines.append(f"{rule}{eval_banner.format(e=e)}{rule}")
        lines.append(f"Epoch {e - 1} | avg_loss = {1.5 / e:.4f}")
        lines.append("")
    return lines


@pytest.mark.parametrize("train_banner, eval_banner, epochs, rule", [
    ("training epoch {e}", "validate epoch {e}", 6, "=" * 22),
    ("Training Epoch {e}", "Validation Epoch {e}", 11, "=" * 10),
    (" Epoch {e} train ", " Epoch {e} evaluation ", 4, "-" * 8),
    (" TRAINING ", " TESTING ", 7, "*" * 5),
    (None, " Validation ", 9, "=" * 6),  # (no banner over training: the next epoch's record is training's)
])
def test_the_banner_over_a_block_names_the_split_of_its_records(tmp_path, train_banner, eval_banner, epochs, rule):
    rd = _read(tmp_path, _banner_log(train_banner, eval_banner, epochs, rule))
    steps = list(range(epochs))
    assert _series(rd, "avg_loss") == (steps, [round(1 / e, 4) for e in range(1, epochs + 1)])
    assert _series(rd, "val/avg_loss") == (steps, [round(1.5 / e, 4) for e in range(1, epochs + 1)])
    assert not any("validate" in t or "evaluation" in t.lower() for t in _tags(rd))
    assert not [i for i in rd.issues if i.kind == "restart"]
