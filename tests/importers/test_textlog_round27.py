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


# ------------------------------------------------------------- "train 26/210 | loss=.." and "val 6/54 | loss=.."
@pytest.mark.parametrize("fmt", ["{w} {i}/{n} | loss={v:.4f}", "  {w} {i}/{n} | loss={v:.4f} | acc={a:.3f}",
                                 "{w} {i}/{n}: loss {v:.4f}", "{w} {i}/{n} - loss: {v:.4f}"])
@pytest.mark.parametrize("words", [("train", "val"), ("Train", "Valid"), ("training", "eval")])
@pytest.mark.parametrize("prefix", ["2026-05-22 06:13:32 [INFO] train - ", "", "2026-05-22 06:13:32 [INFO] loop - "])
@pytest.mark.parametrize("epochs", [2, 6])
def test_a_split_word_with_its_count_heads_that_splits_record(tmp_path, fmt, words, prefix, epochs):
    """A loop that prints its split's word and its count through the split's batches before the pairs (``  train
    26/210 | loss=3.14`` during training, ``  val 6/54 | loss=1.30`` during the evaluation, each epoch, behind a logger's
    ``[INFO] train - `` whose name is the module's): the records are that split's -- no series 'train' or 'val' of
    counts, and no one 'loss' holding both splits' values."""
    lines, tr, va = [], [], []
    for e in range(1, epochs + 1):
        for i in (26, 52, 78, 104):
            v = 3 - e / 10 - i / 1000
            tr.append(round(v, 4))
            lines.append(prefix + fmt.format(w=words[0], i=i, n=104, v=v, a=0.5))
        for i in (6, 12):
            v = 4 - e / 10 - i / 1000
            va.append(round(v, 4))
            lines.append(prefix + fmt.format(w=words[1], i=i, n=12, v=v, a=0.6))
        lines.append(f"{prefix}Epoch   {e}/100 | TrainLoss={2.8 - e / 10:.4f} | ValLoss={3.2 - e / 10:.4f}")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert not {"train", "val", "Train", "Valid", "training", "eval"} & tags
    train = sorted(v for t in tags if t.split(" [")[0] == "loss" for v in _series(rd, t)[1])
    held = sorted(v for t in tags if t.split(" [")[0] == "val/loss" for v in _series(rd, t)[1])
    assert train == sorted(tr) and held == sorted(va)
    assert _series(rd, "TrainLoss")[1] == [round(2.8 - e / 10, 4) for e in range(1, epochs + 1)]
