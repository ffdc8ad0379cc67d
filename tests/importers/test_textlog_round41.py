"""Text logs, forty-first round (issue 36): launches told by the first message behind a logger's prefix.

A script launched again into the same log (``nohup python train.py >> train.log``, a ``logging.FileHandler`` in append
mode) prints, each time it starts, what it printed the first time -- behind another time in its prefix: '2025-06-18
09:12:59,625 INFO  using MLP layer as FFN', '2026-03-31 19:41 - INFO - Args:', '22:58:21    TRAINING -- Tanaman Usada
Bali'. The reader knew a launch by its words ('Starting training', Keras' 'Train on N samples') or by the file's first
line printed again word for word -- which a time in the prefix never is. Now the first message with words behind a
timed prefix, printed again (the prefix aside) after records, is a start statement too; reader._started_again keeps it
only where the clock does not go on across it (a banner printed at each phase of one run opens no launch), and the
records are not cut by it. Seen in 2026-12-04v usada-timm-phased-print, 2026-12-13an gloriayq_pinn_tft_weather and
2026-12-13ao video_depth_anything_train (labelled restarted_run, reported healthy).
"""

from __future__ import annotations

import pytest

from curvedoc.importers.textlog import read_text_log

PREFIXES = {
    "asctime-dash": "2025-06-18 {h:02d}:{m:02d}:{s:02d},625 - INFO - ",
    "asctime-space": "2025-06-18 {h:02d}:{m:02d}:{s:02d},625 INFO     ",
    "clock": "{h:02d}:{m:02d}:{s:02d}  ",
    "bracketed": "[2025-06-18 {h:02d}:{m:02d}:{s:02d}] ",
}
FIRST = ["Args:", "using MLP layer as FFN", "TRAINING — Tanaman Usada Bali", "训练开始 (model v3)"]


def _launch(prefix: str, first: str, t0: int, epochs: int, start_epoch: int = 1, settings: bool = True) -> list[str]:
    def at(k: int) -> str:
        t = t0 + k * 7
        return prefix.format(h=(t // 3600) % 24, m=(t // 60) % 60, s=t % 60)

    out = [at(0) + first]
    if settings:
        out += [at(0) + "\tlr: 0.001", at(0) + "\tbatch_size: 32", at(0) + "Total parameters: 29052993"]
    for e in range(start_epoch, start_epoch + epochs):
        loss = 2.0 / (e + 1)
        out.append(at(e) + f"Epoch {e}/40 - train_loss: {loss:.4f} - val_loss: {loss * 1.1:.4f}")
    return out


def _restart(d):
    return [i for i in d.issues if i.kind == "restart"]


@pytest.mark.parametrize("prefix", list(PREFIXES))
@pytest.mark.parametrize("first", FIRST[1:])
def test_a_launch_that_logged_little_then_the_real_one(tmp_path, prefix, first):
    # (two launches that stopped before their first epoch, each having printed its settings, then the one that ran:
    # no clock goes back, so only the first message printed again tells the launches)
    lines = _launch(PREFIXES[prefix], first, 3600, 0) + _launch(PREFIXES[prefix], first, 7200, 0) \
        + _launch(PREFIXES[prefix], first, 10800, 30)
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    d = read_text_log(tmp_path / "train.log")
    (iss,) = _restart(d)
    assert iss.count == 2, iss.message


@pytest.mark.parametrize("prefix", list(PREFIXES))
def test_one_launch_is_no_restart(tmp_path, prefix):
    (tmp_path / "train.log").write_text("\n".join(_launch(PREFIXES[prefix], "Args:", 3600, 30)) + "\n")
    assert not _restart(read_text_log(tmp_path / "train.log"))


@pytest.mark.parametrize("prefix", list(PREFIXES))
def test_a_banner_printed_at_each_phase_of_one_run_is_no_launch(tmp_path, prefix):
    # (the same first message before each stage while the epochs go on: one run in phases)
    lines = _launch(PREFIXES[prefix], "Starting stage", 3600, 10, 1) \
        + _launch(PREFIXES[prefix], "Starting stage", 7200, 10, 11, settings=False) \
        + _launch(PREFIXES[prefix], "Starting stage", 10800, 10, 21, settings=False)
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    assert not _restart(read_text_log(tmp_path / "train.log"))


def test_the_same_message_printed_twice_before_any_record_is_one_launch(tmp_path):
    p = PREFIXES["asctime-dash"]
    lines = [p.format(h=1, m=0, s=0) + "Args:", p.format(h=1, m=0, s=1) + "Args:"] \
        + _launch(p, "Model ready", 3700, 20, settings=False)[1:]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    assert not _restart(read_text_log(tmp_path / "train.log"))


def test_a_first_line_without_a_timed_prefix_is_not_looked_for_behind_one(tmp_path):
    # ('Args:' bare at the top, then the same words behind times: nothing says the top line was a logger's message)
    p = PREFIXES["clock"]
    lines = ["Args:"] + _launch(p, "Model ready", 3600, 5, settings=False)[1:] + [p.format(h=2, m=0, s=0) + "Args:"] \
        + _launch(p, "Model ready", 7200, 5, 6, settings=False)[1:]
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    assert not _restart(read_text_log(tmp_path / "train.log"))


@pytest.mark.parametrize("prefix", list(PREFIXES))
def test_an_args_dump_printed_by_each_launch(tmp_path, prefix):
    # (gloriayq's shape: an 'Args:' dump then nothing, the dump then 14 epochs, the dump then 18 epochs from 1 again;
    # a launch that printed only its configuration logged no record, so two of its three launches are told)
    p = PREFIXES[prefix]
    lines = _launch(p, "Args:", 3600, 0) + _launch(p, "Args:", 7200, 14) + _launch(p, "Args:", 10800, 18)
    (tmp_path / "train.log").write_text("\n".join(lines) + "\n")
    (iss,) = _restart(read_text_log(tmp_path / "train.log"))
    assert iss.count >= 1, iss.message


def test_a_library_message_printed_again_in_one_process_is_no_launch(tmp_path):
    # (TensorFlow prints 'Successfully opened dynamic library ..' for each library, more than once per process, with
    # device properties read as numbers between: the message after it differs, so it opens nothing)
    p = PREFIXES["asctime-space"]
    t = [p.format(h=18, m=27, s=k % 60) for k in range(40)]
    lines = [t[0] + "Successfully opened dynamic library cudart64_110.dll", t[1] + "Not creating XLA devices",
             t[2] + "Found device 0 with properties:", "coreClock: 1.185GHz coreCount: 30 deviceMemorySize: 6.00GiB",
             t[3] + "Successfully opened dynamic library cudart64_110.dll",
             t[4] + "Successfully opened dynamic library cublas64_11.dll"]
    for e in range(1, 21):
        lines += [f"Epoch {e}/20", f"19/19 - 21s - loss: {0.34 / e:.4f} - accuracy: {1 - 0.6 / e:.4f}"]
        if e == 1:
            lines += [t[5] + "Successfully opened dynamic library cudart64_110.dll",
                      t[6] + "Successfully opened dynamic library cudnn64_8.dll"]
    (tmp_path / "train_log.txt").write_text("\n".join(lines) + "\n")
    assert not _restart(read_text_log(tmp_path / "train_log.txt"))


def test_a_table_header_heading_each_epoch_is_no_launch(tmp_path):
    # (JDE's 'Epoch Batch box conf id total' header before each epoch's rows, behind a logger's time)
    p = "2021-01-25 05:{m:02d}:00 [INFO]:    "
    lines = []
    for e in range(12):
        lines.append(p.format(m=e) + "Epoch       Batch       box      conf        id     total")
        for b in (0, 40, 80, 120, 160):
            lines.append(p.format(m=e) + f"{e:>5d}     {b:>3d}/165   {0.08 / (e + 1):.4f}   {0.7 / (e + 1):.4f}   "
                         f"{17 - e:.3f}   {51.4 / (e + 1) - e:.3f}")
    (tmp_path / "log_train.txt").write_text("\n".join(lines) + "\n")
    assert not _restart(read_text_log(tmp_path / "log_train.txt"))
