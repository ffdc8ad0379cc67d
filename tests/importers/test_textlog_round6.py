"""Text logs of the fifth unseen batch (tests/data/textlogs_unseen5, issue 36): each principle a misreading of one
of its real logs broke, on a small synthetic log written the way its script or framework prints, read with and
without plans (the two readings must be equal)."""

from __future__ import annotations

from test_textlog_readings import _read, _series, _tags


def test_a_value_glued_to_the_next_key_is_still_the_value(tmp_path):
    """MMEngine's test summary leaves out the space before its timings: ``accuracy/top5: 98.9865data_time: 0.0004``
    is a top-5 accuracy of 98.9865 (a single final evaluation: one point)."""
    lines = ["2023/06/08 20:07:20 - mmengine - INFO - Epoch(test) [10/28]    eta: 0:00:03  time: 0.1796  data_time: "
             "0.1318  memory: 758  ",
             "2023/06/08 20:07:21 - mmengine - INFO - Epoch(test) [28/28]  accuracy/top1: 93.9189  accuracy/top5: "
             "98.9865data_time: 0.0004  time: 0.0357  "]
    rd = _read(tmp_path, lines)
    top5 = [t for t in _tags(rd) if t.endswith("accuracy/top5")]
    assert len(top5) == 1 and _series(rd, top5[0])[1] == [98.9865]
    top1 = [t for t in _tags(rd) if t.endswith("accuracy/top1")]
    assert len(top1) == 1 and _series(rd, top1[0])[1] == [93.9189]


def test_a_key_in_capitals_is_an_acronym_not_a_filler_word(tmp_path):
    """``Val PER: 0.0338`` is the phoneme error rate, a metric, though "per" in small letters is prose ("samples
    per second")."""
    lines = [f"Epoch {e:02d} | Train Loss: {1 / e:.4f} | Val Loss: {1.2 / e:.4f} | Val PER: {0.1 / e:.4f} | "
             f"Time: 37.{e}s" for e in range(1, 9)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Val PER") == (list(range(1, 9)), [round(0.1 / e, 4) for e in range(1, 9)])


def test_a_boosting_round_in_brackets_is_the_step_and_a_possessive_names_the_split(tmp_path):
    """LightGBM / XGBoost print ``[50]\\tvalid's binary_logloss: 0.4389`` every 50 rounds: the round is the step,
    the data set named with its possessive is the split; a second training starts again at round 50."""
    lines = ['{"learning_rate": 0.17, "num_leaves": 50, "max_bin": 63, "num_threads": 5}']
    for fold in range(3):
        lines += [f"[{r}]\tvalid's binary_logloss: {0.44 - fold / 1000 - r / 1e5:.6f}" for r in (50, 100, 150)]
    rd = _read(tmp_path, lines)
    tags = [t for t in _tags(rd) if "binary_logloss" in t]
    assert len(tags) == 1 and not tags[0].startswith("s ")
    steps, vals = _series(rd, tags[0])
    assert steps == [50, 100, 150] * 3
    assert vals[0] == 0.4395 and vals[-1] == round(0.44 - 0.002 - 0.0015, 6)
