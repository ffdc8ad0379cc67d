"""Reading a text log: the file's lines through the parser, then the frame, meta, settings and import issues
(crash, resume, restart, time left, inside an epoch at the end...) of the run."""

from __future__ import annotations

import math
import re
from pathlib import Path

from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers._base import RunData, RunSpec, check_file, open_binary
from curvedoc.importers._tabular import restart_issue
from curvedoc.importers.textlog.decoding import text_lines
from curvedoc.importers.textlog.parser import TextLogParser
from curvedoc.importers.textlog.records import ANSI, CRASH, KILL_WORDS
from curvedoc.model.run import ImportIssue

SOURCE = "text-log"

def _restart_issue(p: "TextLogParser", file: str) -> ImportIssue | None:
    """A clock that goes back in the longest series on a real clock: a job appended a new launch (or a
    resume from a checkpoint) to the same log."""
    # (a counter inside the epoch starts again at every epoch: that is no restart)
    clocked = [t for t in p.clocked if p.clock_of.get(t) != "in-epoch"]
    if not clocked:
        return None
    tag = max(clocked, key=lambda t: len(p.clocked[t]))
    if len(p.clocked[tag]) < 3:
        return None
    return restart_issue(p.clocked[tag], file, what=f"step of '{tag}'")


def console_ending(path: Path, max_bytes: int = 1 << 16) -> tuple[str, str] | None:
    """How a captured console (W&B's ``files/output.log``) ends: ``("killed", line)`` when its last error block
    holds a kill or interrupt message (a traceback that ends in ``KeyboardInterrupt``), ``("crash", line)`` for an
    error of the run's own, None when it ends otherwise. Only the last lines are read: the metrics come from the
    tracker's own records, the console only says how the process stopped."""
    try:
        size = path.stat().st_size
        with open_binary(path) as fh:
            fh.seek(max(0, size - max_bytes))
            tail = fh.read(max_bytes)
    except OSError:
        return None
    text = ANSI.sub("", tail.decode("utf-8", errors="replace"))
    lines = [ln.strip() for ln in re.split(r"[\r\n]+", text) if ln.strip()][-60:]
    start = next((i for i, ln in enumerate(lines) if CRASH.search(ln)), None)
    if start is None:
        return None
    block = lines[start:]
    kill = next((ln for ln in reversed(block) if KILL_WORDS.search(ln)), None)
    return ("killed", kill[:160]) if kill else ("crash", block[-1][:160])


def _time_left_at_end(p: "TextLogParser") -> int | None:
    """Seconds of training the last progress record still expected (its ETA), when that record is the log's last
    point and the time left is more than three logging intervals (the ETA's fall between the last two records) and
    more than a minute: a finished run's last record says 0, or at most one interval."""
    if not p.etas or p.etas[-1][0] < p.last_point_line:
        return None
    left = p.etas[-1][1]
    step = p.etas[-2][1] - left if len(p.etas) == 2 else 0
    if left > 60 and left > 3 * max(step, 0):
        return left
    return None


def _inside_an_epoch_at_end(p: "TextLogParser") -> dict | None:
    """{epoch, batch, batches} when the log's last point is a training record printed inside an epoch with more
    than two logging intervals and 2% of its batches still to go: an epoch-based training ends at an epoch's end,
    so a log that stops in the middle of one was cut off (a finished epoch's last record is at most one interval
    from its end)."""
    if not p.inner or p.inner[-1][0] < p.last_point_line:
        return None
    _, epoch, i, n = p.inner[-1]
    # the logging interval in batches: from the record before in the same epoch, else the first record of an
    # epoch is printed one interval into it
    gap = i - p.inner[0][2] if len(p.inner) == 2 and p.inner[0][1] == epoch and p.inner[0][2] < i else i
    if n - i > max(2 * gap, 0.02 * n, 1):
        return {"epoch": epoch, "batch": i, "batches": n}
    return None


def read(spec: RunSpec) -> RunData:
    path = Path(spec.files[0])
    return read_text_log(path)


def read_text_log(path: Path, reuse: bool = True) -> RunData:
    check_file(path)
    issues: list[ImportIssue] = []
    p = TextLogParser(path, reuse)
    try:
        for first, lines in text_lines(path, issues):
            p.feed_lines(first, lines)
    except OSError as exc:
        raise LoadError(path, f"cannot read: {exc.strerror or exc}", kind="unreadable") from None
    return run_data(p, path, issues)


def run_data(p: TextLogParser, path: Path, issues: list[ImportIssue]) -> RunData:
    """The run read from the lines ``p`` was fed (its frame, meta, settings and import issues, after ``issues``
    met while decoding): ``p`` is finished by it (:meth:`TextLogParser.result`)."""
    frame = p.result()
    if frame is None:
        raise UnsupportedFormat(path, "no training metrics found in this text file (no 'key: value' lines)")
    meta: dict = {"format": "text-log", "lines": p.n_lines}
    if p.summary:
        meta["summary"] = dict(list(p.summary.items())[:200])
    # the HF Trainer's start banner states the plan: "Num Epochs = 3", "Total optimization steps = 1,320"
    for key, val in [*p.hparams.items(), *p.summary.items()]:
        if isinstance(val, bool) or not isinstance(val, (int, float)) or not math.isfinite(val):
            continue
        k = key.strip().lower()
        if k == "total optimization steps" and val > 0 and not p.planned.get("steps"):
            p.planned["steps"] = int(val)
        elif k == "num epochs" and val > 0 and not p.planned.get("epochs"):
            p.planned["epochs"] = int(val)
    if p.planned.get("steps") and len(frame) and int(frame["step"].max()) > p.planned["steps"]:
        # the log's own steps went past it: the total printed in 'iter 20/50' beside an epoch was the epoch's
        # length, not the run's (the clock counts on across epochs). With the planned epochs printed too ('Epoch
        # 2/40' over '45/625' bars) the run's plan is their product, on that same clock
        epoch_len = p.planned.pop("steps")
        epochs = p.planned.get("epochs")
        if epochs and epochs * epoch_len >= int(frame["step"].max()):
            p.planned["steps"] = int(epochs * epoch_len)
    if p.planned.get("steps"):
        meta["max_steps"] = p.planned["steps"]
        if p.bar_reached is not None and len(frame) and p.bar_reached >= int(frame["step"].max()):
            # the training bar's last count is the optimizer step the run reached (HF's global_step), past its last
            # logged record when the log stops between two logging steps or lost its last, buffered dicts
            meta["global_step"] = p.bar_reached
    if p.planned.get("epochs"):
        meta["num_epochs"] = p.planned["epochs"]
    # the totals printed in "n/N" counters are the planned length, as a config would state it
    hparams = dict(p.hparams)
    for key, val in (("max_steps", p.planned.get("steps")), ("num_epochs", p.planned.get("epochs"))):
        if val:
            hparams.setdefault(key, val)
    if p.crash_line and p.crash_line[0] > p.last_point_line:
        kill = p.kill_line if p.kill_line and p.kill_line[0] >= p.crash_line[0] else None
        line = kill or p.crash_line
        issues.append(ImportIssue("killed" if kill else "crash", f"the log ends with '{line[1]}' (line {line[0]:,})",
                                  file=str(path)))
    if p.early_stop is not None and p.early_stop[0] >= p.last_point_line - 50:
        # said after (or among the last records of) the training: the run ended by its own rule
        meta["early_stopped"] = f"line {p.early_stop[0]:,}: '{p.early_stop[1]}'"
    left = _time_left_at_end(p)
    if left is not None:
        meta["eta_at_end_s"] = left
    mid = _inside_an_epoch_at_end(p)
    if mid is not None:
        meta["ends_inside_epoch"] = mid
    if p.resumes:
        ln, text = p.resumes[0]
        more = f" (and {len(p.resumes) - 1} more time(s))" if len(p.resumes) > 1 else ""
        issues.append(ImportIssue("resumed", f"the log says training went on from a saved state at line {ln:,}: "
                                  f"'{text}'{more}", file=str(path)))
    if p.unparsed:
        issues.append(ImportIssue(
            "unparsed-lines",
            f"{p.unparsed:,} line(s) with numbers were not read as metrics (e.g. '{p.unparsed_examples[0]}')",
            file=str(path), count=p.unparsed, severity="info"))
    restart = _restart_issue(p, str(path))
    if restart is not None:
        issues.append(restart)
        # an error message followed by training that starts its clock again: an earlier launch appended to this
        # log died (an out-of-memory error, a traceback) and the job was started again
        mid = list(p.mid_crashes)
        if p.crash_line and p.crash_line[0] <= p.last_point_line:
            mid.append(p.crash_line)
        if mid:
            issues.append(ImportIssue(
                "crash-restarted",
                f"{len(mid)} earlier launch(es) appended to this log ended in an error before training started "
                f"again (first: '{mid[0][1][:120]}', line {mid[0][0]:,})", file=str(path), count=len(mid),
                severity="info"))
    if p.garbled:
        issues.append(ImportIssue("bad-lines", f"{p.garbled:,} line(s) hold numbers glued together by "
                                  "overlapping writes; their values may be wrong", file=str(path), count=p.garbled))
    if p.repeats:
        issues.append(ImportIssue("repeated-records", f"{p.repeats:,} value(s) printed again with no new step or "
                                  "epoch (an echo or a final re-evaluation) were not counted as new points",
                                  file=str(path), count=p.repeats, severity="info"))
    return RunData(frame=frame, source=SOURCE, meta=meta, issues=issues, hparams=hparams)
