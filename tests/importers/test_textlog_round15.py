"""Text logs, fifteenth round (issue 36): misreadings found on the lock-box batches 2026-12-06z and 2026-12-06nu10, each
on small logs written the way their programs print them (several wordings and lengths), read with and without plans
(the two readings must be equal): a line that names training is training's, whatever evaluation was announced above
it; a YAML config dump printed in colour is still settings; a model printed by PyTorch is no series; the time stamp
and the logger's name in one bracket are a prefix; a training record's count of its planned steps is the step its
evaluations are placed at."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------------------------------------ the split of a record
def _phases_log(train_word: str, epochs: int, bar: bool) -> list[str]:
    """A script that announces each phase ('Training...', 'Evaluating...', 'Testing...'), draws a bar for each, then
    prints the three results with the phase's word heading each line."""
    lines = ["train, validation, test: 8000 960 960", "#Params: 52124"]
    for e in range(1, epochs + 1):
        lines.append(f"=====Epoch {e}")
        for phase in ("Training...", "Evaluating...", "Testing..."):
            lines.append(phase)
            if bar:
                lines.append("100%|##########| 40/40 [00:01<00:00, 30.1it/s]")
        lines.append(f"{train_word} loss_R={5 / e:.6f}, loss_C={-3 - e / 10:.6f}, loss_S={1 + e / 100:.6f}")
        lines.append(f"Validation: loss_R={4 / e + 0.01:.6f}, loss_C={-2 - e / 10:.6f}, loss_S={2 + e / 100:.6f}")
        lines.append(f"Test: loss_R={4 / e + 0.02:.6f}, loss_C={-2.5 - e / 10:.6f}, loss_S={3 + e / 100:.6f}")
    return lines


@pytest.mark.parametrize("train_word,epochs,bar", [("Train:", 12, True), ("Training:", 5, False),
                                                    ("train |", 30, True), ("TRAIN -", 8, False)])
def test_a_line_that_names_training_is_training_s_after_an_announced_evaluation(tmp_path, train_word, epochs, bar):
    """``Evaluating...`` and ``Testing...`` announce evaluations, and the results come after them: ``Train: loss_R=..``
    names its split on its own line -- training's, one point per epoch --, and no held-out series holds its values."""
    rd = _read(tmp_path, _phases_log(train_word, epochs, bar))
    train = [round(5 / e, 6) for e in range(1, epochs + 1)]
    assert _series(rd, "loss_R") == (list(range(1, epochs + 1)), train)
    held = [t for t in _tags(rd) if t.startswith("val/")]
    assert held and not any(set(train) & set(_series(rd, t)[1]) for t in held)
