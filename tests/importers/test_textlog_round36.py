"""Text logs, thirty-sixth round (issue 36): series the lock-box labels expect and the reading missed.

- (textlog36, lock-box 2026-12-19bf manayporwal-t2icount-killed-105of300) a split's word after the record's epoch,
  ended by a comma -- T2ICount's 'Epoch 50 Val, MAE: 14.68, MSE: 64.80' beside 'Epoch 50 Test, MAE: 13.58, ..' and
  'Epoch 50 Train, reg: ..' -- names the record's split, as the word ended by its colon does ('epoch 1 val: loss
  1.48'): 'val/MAE' and 'test/MAE' are two series, not one 'MAE' zig-zagging between the validation and the test.
- (2026-12-13ao video_depth_anything_train) a depth estimate's absolute relative error, 'AbsRel' ('abs_rel'), and its
  squared form 'SqRel' are quality metrics, lower is better, as the delta accuracies beside them are.
"""

from __future__ import annotations

from curvedoc.importers.textlog import read_text_log
from curvedoc.importers.textlog.records import parse_record


def test_a_split_word_ended_by_a_comma_after_the_epoch_names_the_records_split():
    assert parse_record("Epoch 50 Val, MAE: 14.68, MSE: 64.80 Cost 239.5 sec").ctx == "val"
    assert parse_record("Epoch 50 Test, MAE: 13.58, MSE: 116.91 Cost 192.6 sec").ctx == "val"
    assert parse_record("Epoch 50 Train, reg: 0.32, RRC_stage1: 0.78, mae: 84.7, mse: 9000.1").ctx == "train"
    # (a word that names no split keeps the record's own reading)
    assert parse_record("Epoch 50 Batch, loss: 0.5, acc: 0.9").ctx == ""


def test_validation_and_test_results_after_the_epoch_are_two_series(tmp_path):
    lines = []
    for e in range(0, 12):
        lines.append(f"04-07 07:{e:02d}:10, Epoch {e} Train, reg: {0.3 / (e + 1):.4f}, mae: {80 / (e + 1):.2f}")
        if e >= 4:
            lines.append(f"04-07 07:{e:02d}:38, Epoch {e} Val, MAE: {14 + e * 0.1:.2f}, MSE: {64 + e:.2f} Cost 239.5 sec")
            if e % 4 == 0:
                lines.append(f"04-07 07:{e:02d}:50, Epoch {e} Test, MAE: {13 + e * 0.1:.2f}, MSE: {116 + e:.2f} Cost 192 sec")
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    rd = read_text_log(p)
    sizes = {str(t): len(g) for t, g in rd.frame.groupby("tag", observed=True)}
    assert sizes.get("val/MAE") == 8 and sizes.get("test/MAE") == 2 and sizes.get("mae") == 12, sizes
    assert "MAE" not in sizes, sizes


def test_a_depth_estimates_relative_errors_are_quality_metrics():
    # (textlog36, lock-box 2026-12-13ao video_depth_anything_train: 'AbsRel  : 0.2101' beside 'Delta1', which the
    # roles knew already -- the absolute relative error, lower is better; 'SqRel' its squared form)
    from curvedoc.model.metrics import classify, tokens

    assert tokens("AbsRel") == ["absrel"] and tokens("abs_rel") == ["absrel"] and tokens("val/SqRel") == ["val", "sqrel"]
    assert classify("val/AbsRel")[:3] == ("absrel", False, "val")
    # (the words alone name nothing)
    assert classify("abs") is None and classify("rel") is None and tokens("abs_diff") == ["abs", "diff"]
