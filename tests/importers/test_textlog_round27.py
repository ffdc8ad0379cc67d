"""Text logs, round 27 on the seen lock-box batches 2026-12-14aq, ar, as and nu18 (issue 36): misreadings found on their
text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- "Evaluation:" over one record with training's words
@pytest.mark.parametrize("heading,prefix", [("Evaluation:", "val/"), ("Validation:", "val/"), ("Eval:", "val/"),
                                            ("Test:", "test/")])
@pytest.mark.parametrize("stamp", ["2017-07-11 18:01:13,167: INFO: 2017-07-11T18:01:13.167293: ", ""])
@pytest.mark.parametrize("steps,every", [(300, 100), (45, 5)])
def test_a_heading_naming_an_evaluation_holds_out_the_record_under_it(tmp_path, heading, prefix, stamp, steps, every):
    """TensorFlow's text-CNN example logs ``"\\nEvaluation:"`` and then the evaluation's one line, written with the
    training's words at the training's step (``step 100, loss 0.024, acc 0.99``): the record under a heading that
    names an evaluation and nothing else is the evaluation's -- never a second point of the training loss at that step
    -- and the training's next record is training's again."""
    lines, tl, vl = [], [], []
    for s in range(1, steps + 1):
        tl.append(round(2 / s, 5))
        lines.append(f"{stamp}step {s}, loss {2 / s:.5f}, acc {0.5 + s / 1000:.4f}")
        if s % every == 0:
            vl.append(round(0.3 / s, 5))
            lines += ["2017-07-11 18:01:13,167: INFO: " if stamp else "", heading,
                      f"{stamp}step {s}, loss {0.3 / s:.5f}, acc {0.9:.4f}", "",
                      f"Saved model checkpoint to /runs/1499766378/checkpoints/model-{s}"]
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"loss", "acc", f"{prefix}loss", f"{prefix}acc"}
    assert _series(rd, "loss") == (list(range(1, steps + 1)), tl)
    assert _series(rd, f"{prefix}loss") == (list(range(every, steps + 1, every)), vl)
