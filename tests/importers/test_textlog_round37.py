"""Text logs, thirty-seventh round (issue 36): series the lock-box labels expect and the reading missed.

- (textlog37, lock-box 2026-12-20bi har-lstm-nohup) a Python logging record in logging's default format,
  'WARNING:tensorflow:From ..', written to stderr while stdout's line was not ended yet -- 'PERFORMANCE ON TEST SET:
  Batch Loss = 10.44, Accuracy = 0.8884012699127197WARNING:tensorflow:From ..' in a nohup.out of both streams --
  is a line of its own: the record before it keeps its last value and its split (before, that line's Accuracy was
  lost and its Batch Loss counted twice at the test's first step).
"""

from __future__ import annotations

from test_textlog_readings import _assert_chunks_read_as_whole

from curvedoc.importers.textlog import read_text_log
from curvedoc.importers.textlog.decoding import glued_log_record, renderings

_WARN = ("WARNING:tensorflow:From /opt/lib/python3.7/site-packages/tensorflow/python/training/saver.py:966: "
         "remove_checkpoint (from tensorflow.python.training.checkpoint_management) is deprecated and will be removed")


def test_a_logging_record_glued_to_a_printed_number_is_a_line_of_its_own():
    line = "PERFORMANCE ON TEST SET: Batch Loss = 10.437199592590332, Accuracy = 0.8884012699127197" + _WARN
    assert renderings(line) == ["PERFORMANCE ON TEST SET: Batch Loss = 10.437199592590332, Accuracy = 0.8884012699127197",
                                _WARN]
    assert renderings("Epoch 3 loss=0.52INFO:root:saved checkpoint") == ["Epoch 3 loss=0.52", "INFO:root:saved checkpoint"]
    # (a level word inside a line, not glued to a number, or a record at the line's head, is no glued record)
    for plain in ("WARNING:tensorflow:From x.py:91: LSTMCell is deprecated", "step 5 status=WARNING: loss 0.3",
                  "epoch 2 loss 0.5 INFO:root:done", "level INFO:3 loss: 0.2"):
        assert not glued_log_record(plain) and renderings(plain) == [plain], plain


def _log(glue_at: set[int]) -> str:
    lines = ["WARNING:tensorflow:From all_three_lstm.py:91: LSTMCell.__init__ is deprecated.",
             "Instructions for updating:", "Use tf.cast instead."]
    for i in range(1, 41):
        lines.append(f"Training iter #{i * 2000}:   Batch Loss = {30 - i * 0.5:.6f}, Accuracy = {0.1 + i * 0.02}")
        test = f"PERFORMANCE ON TEST SET: Batch Loss = {31 - i * 0.5}, Accuracy = {0.1 + i * 0.019}"
        if i in glue_at:
            lines += [test + _WARN, "Instructions for updating:", "Use standard file APIs to delete files.", ""]
        else:
            lines.append(test)
    return "\n".join(lines) + "\n"


def test_a_glued_logging_record_costs_the_test_record_nothing(tmp_path):
    p, q = tmp_path / "glued" / "nohup.out", tmp_path / "plain" / "nohup.out"
    p.parent.mkdir()
    q.parent.mkdir()
    p.write_text(_log({7, 23}))
    q.write_text(_log(set()))
    got, want = read_text_log(p).frame, read_text_log(q).frame
    sizes = {str(t): len(g) for t, g in got.groupby("tag", observed=True)}
    assert sizes.get("test/Accuracy") == 40 and sizes.get("test/Batch Loss") == 40, sizes
    assert sizes.get("Accuracy") == 40 and sizes.get("Batch Loss") == 40, sizes
    for tag in ("test/Accuracy", "test/Batch Loss", "Accuracy", "Batch Loss"):
        a = got[got.tag == tag][["step", "value"]].reset_index(drop=True)
        b = want[want.tag == tag][["step", "value"]].reset_index(drop=True)
        assert a.equals(b), tag


def test_a_log_with_glued_logging_records_reads_the_same_in_chunks(tmp_path):
    p = tmp_path / "nohup.out"
    p.write_text(_log({3, 11, 12, 30}))
    size = p.stat().st_size
    for cuts in ([size // 5, size // 2, size * 4 // 5], [size // 3], [100, size - 400]):
        _assert_chunks_read_as_whole(p, cuts)
