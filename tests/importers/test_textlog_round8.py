"""An HF Trainer / TRL console (issue 36, "the printed step is the x axis"): the log dicts are read on the optimizer
step of the training loop's tqdm bar, and the bar's total is the planned number of steps, so that a console that
stops mid-bar reads as a run stopped before its plan. Each console is written the way tqdm and HF print it (the bar
redrawn with carriage returns on stderr; each dict printed through tqdm.write, which clears the bar, prints the
dict on stdout and draws the bar again) and read with and without plans (the two readings must be equal)."""

from __future__ import annotations

from test_textlog_shapes import _assert_same

from curvedoc.importers.textlog import read_text_log

WIDTH = 10


def _bar(n: int, total: int, desc: str = "", unit: str = "it") -> str:
    pct = 100 * n // total
    fill = WIDTH * n // total
    glyphs = ("█" * fill + ("▌" if fill < WIDTH and n else ""))[:WIDTH].ljust(WIDTH)
    left = max(total - n, 0) // 3
    head = f"{desc}: " if desc else ""
    return (f"{head}{pct:3d}%|{glyphs}| {n}/{total} [{n // 180:02d}:{n // 3 % 60:02d}<{left // 60:02d}:{left % 60:02d},"
            f"  3.{n % 90 + 10:02d}{unit}/s]")


def _clear() -> str:
    return "\r" + " " * 52 + "\r"


def _loss(step: int) -> float:
    return round(2.5 / (1 + step / 200) + 0.01 * (step % 7), 4)


def hf_console(total=3000, stop=1234, logging_steps=10, eval_steps=None, buffered=0, map_between=False) -> str:
    """What an HF Trainer prints to a file (stdout and stderr redirected to it): the training bar over ``total``
    optimizer steps, stopped (killed) at ``stop``; a dict every ``logging_steps`` written through tqdm.write; an
    evaluation every ``eval_steps`` (its own bar over 50 batches, closed without leaving it, then an eval_* dict);
    ``buffered``: stdout block-buffered, the dicts reaching the file in bursts of that many, long after their step."""
    out = ["***** Running training *****\n", "  Num examples = 48,000\n", "  Instantaneous batch size per device = 4\n",
           "".join(f"\r{_bar(k, 1000, 'Map', ' examples')}" for k in (0, 500, 1000)) + "\n",
           f"\r  0%|          | 0/{total} [00:00<?, ?it/s]"]
    held: list[str] = []

    def write(msg: str):
        """tqdm.write: clear the bar (stderr, at once), print the message (stdout), draw the bar again."""
        out.append(_clear())
        if buffered:
            held.append(msg + "\n")
            if len(held) >= buffered:
                out.extend(held)
                held.clear()
        else:
            out.append(msg + "\n")
        out.append("\r" + _bar(step, total))

    for step in range(1, stop + 1):
        out.append("\r" + _bar(step, total))
        if step % logging_steps == 0:
            write(f"{{'loss': {_loss(step)}, 'grad_norm': {0.5 + step % 13 / 100}, 'learning_rate': 0.0002, "
                  f"'epoch': {round(step / (total / 3), 2)}}}")
        if eval_steps and step % eval_steps == 0:
            out.append("\n")
            out.extend("\r" + _bar(k, 50) for k in range(51))
            out.append(_clear())  # the evaluation bar closed (leave=False)
            if map_between:
                out.append("\n" + "".join(f"\r{_bar(k, 200, 'Map', ' examples')}" for k in (0, 100, 200)) + "\n")
            write(f"{{'eval_loss': {round(_loss(step) + 0.1, 4)}, 'eval_runtime': 5.12, "
                  f"'eval_samples_per_second': 97.6, 'eval_steps_per_second': 9.76, 'epoch': {round(step / 1000, 2)}}}")
    return "".join(out)


def _read(tmp_path, text: str):
    p = tmp_path / "console.log"
    p.write_bytes(text.encode("utf-8"))
    _assert_same(p)
    return read_text_log(p)


def _steps(rd, tag: str) -> list[int]:
    return rd.frame[rd.frame["tag"] == tag]["step"].tolist()


def test_the_log_dicts_are_on_the_training_bars_step_and_its_total_is_the_plan(tmp_path):
    """A console stopped at 1,234 of 3,000 steps: its 123 dicts are on steps 10, 20, ... 1,230 (not 1, 2, ... 123, a
    complete-looking 123-point run); the bar's total is the planned length and its last count the step reached."""
    rd = _read(tmp_path, hf_console())
    assert _steps(rd, "loss") == list(range(10, 1231, 10))
    assert rd.meta["max_steps"] == 3000 and rd.hparams["max_steps"] == 3000
    assert rd.meta["global_step"] == 1234


def test_dicts_held_back_by_a_buffered_stdout_are_on_the_step_they_were_written_at(tmp_path):
    """stdout block-buffered (a job redirected to a file): the dicts reach the file in bursts of 40, long after the
    bar drew their steps, and the last 3 never do (the job was killed). Each clear of the bar marks where one was
    written: they are on steps 10 ... 1,200, the run reached 1,234 of 3,000."""
    rd = _read(tmp_path, hf_console(buffered=40))
    assert _steps(rd, "loss") == list(range(10, 1201, 10))
    assert rd.meta["max_steps"] == 3000 and rd.meta["global_step"] == 1234


def test_an_evaluation_loops_bar_and_a_map_bar_are_not_the_training_bar(tmp_path):
    """Evaluations every 200 steps draw their own bar (50/50 at each dict) and a data set ``Map:`` bar runs between:
    the training bar is the one whose count grows across the dicts; the evaluations are on its steps too."""
    rd = _read(tmp_path, hf_console(total=2000, stop=1500, logging_steps=20, eval_steps=200, map_between=True))
    assert _steps(rd, "loss") == list(range(20, 1501, 20))
    assert _steps(rd, "eval_loss") == list(range(200, 1401, 200))
    assert rd.meta["max_steps"] == 2000 and rd.meta["global_step"] == 1500


def test_a_console_with_dicts_and_no_bar_keeps_its_reading(tmp_path):
    """No progress bar (a `disable_tqdm=True` run): the dicts are on their order, with no planned length."""
    lines = [f"{{'loss': {_loss(s)}, 'grad_norm': 0.5, 'learning_rate': 0.0002, 'epoch': {s / 1000}}}"
             for s in range(10, 610, 10)]
    rd = _read(tmp_path, "\n".join(lines) + "\n")
    assert _steps(rd, "loss") == list(range(1, 61))
    assert "max_steps" not in rd.meta and "global_step" not in rd.meta


def test_a_bar_that_does_not_grow_across_the_dicts_is_no_clock(tmp_path):
    """Only a data set's ``Map:`` bar, drawn before the training printed its dicts: its count is the same at every
    dict, so it is not the training's clock and the dicts keep their order."""
    text = "".join(f"\r{_bar(k, 1000, 'Map', ' examples')}" for k in (0, 500, 1000)) + "\n"
    text += "".join(f"{{'loss': {_loss(s)}, 'learning_rate': 0.0002, 'epoch': {s / 1000}}}\n" for s in range(10, 310, 10))
    rd = _read(tmp_path, text)
    assert _steps(rd, "loss") == list(range(1, 31))
    assert "max_steps" not in rd.meta


def test_buffered_dicts_and_evaluations_take_the_marks_in_order(tmp_path):
    """Buffered stdout and evaluations: the evaluation bar is drawn (and closed) just before the clear that writes
    the eval dict, then the training bar is drawn again at its count -- that clear marks the eval dict's step too."""
    rd = _read(tmp_path, hf_console(total=2000, stop=1500, logging_steps=20, eval_steps=200, buffered=16))
    assert _steps(rd, "loss") == list(range(20, 1461, 20))  # (80 of the 82 dicts flushed: the last 2 never were)
    assert _steps(rd, "eval_loss") == list(range(200, 1401, 200))
    assert rd.meta["max_steps"] == 2000 and rd.meta["global_step"] == 1500


def test_dicts_on_a_bar_that_did_not_move_between_them_keep_their_order(tmp_path):
    """A console captured at intervals (W&B's output.log): the bar is drawn every 100 steps and never cleared, so
    ten dicts in a row are printed at one count. The bar cannot say their steps: all keep their order."""
    out = []
    for step in range(1, 1001):
        if step % 100 == 0:
            out.append("\r" + _bar(step, 3000))
        if step % 10 == 0:
            out.append(f"\n{{'loss': {_loss(step)}, 'learning_rate': 0.0002, 'epoch': {step / 1000}}}\n")
    rd = _read(tmp_path, "".join(out))
    assert _steps(rd, "loss") == list(range(1, 101))
    assert "max_steps" not in rd.meta


def test_bars_of_many_loops_are_remembered_up_to_a_bound(tmp_path):
    """A data set mapped shard by shard (a bar per shard, each its own total) before training: the reader keeps the
    last bars met only (memory per record stays bounded), and the training bar still places the dicts."""
    from curvedoc.importers.textlog import TextLogParser
    from curvedoc.importers.textlog.decoding import text_lines
    from curvedoc.importers.textlog.parser import MAX_BARS

    shards = "".join(f"\r{_bar(k, 1000 + s, 'Map', ' examples')}" for s in range(40) for k in (0, 1000 + s)) + "\n"
    rd = _read(tmp_path, shards + hf_console(total=600, stop=300))
    assert _steps(rd, "loss") == list(range(10, 301, 10)) and rd.meta["max_steps"] == 600
    p = TextLogParser(tmp_path / "console.log")
    for first, lines in text_lines(tmp_path / "console.log", []):
        p.feed_lines(first, lines)
    p.result()
    assert len(p.bar_last) <= MAX_BARS
