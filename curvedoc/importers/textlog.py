"""Plain-text training logs: what a training script printed (``train.log``, ``nohup.out``, ``slurm-*.out``,
W&B's captured ``output.log``), for nanoGPT / modded-nanogpt, Megatron-LM, DeepSpeed, fairseq, HF Trainer /
TRL / LLaMA-Factory / ms-swift printed dicts, MMEngine / MMCV, Detectron2, YOLOX, Ultralytics YOLO tables,
Keras and Lightning progress lines, torchtitan, OLMo, AverageMeter loggers and ad-hoc prints.

Source: ``text-log``.

There is no schema, so the reader works from principles that hold across these styles rather than from
one parser per framework:

* **Cleaning.** ANSI colour codes are removed; a ``\\r`` rewrite splits a physical line into renderings
  (each progress-bar refresh is its own rendering); the line prefix a logger or launcher adds (time stamps,
  ``[rank0]:``, ``0: [default0]:``, ``INFO - module:line -``, ``[INFO|...] file.py:157 >>``) is cut off.
* **Pairs.** A number belongs to the words just before it (``key: v``, ``key=v``, ``key v``, ``'key': 'v'``),
  so multi-word keys survive (``lm loss``, ``grad norm``, ``Train Loss``). ``v (avg)`` after a value is the
  running average (AverageMeter). ``n/N`` after a key is a counter with its planned total. A key repeated
  in one line belongs to the split named last (``Val Loss: .. | Token Acc: ..``). A bare split name used
  as a key (``train 9.85 val 9.84``) is that split's loss. Numbers keep their printed value: exponents,
  ``nan``/``inf``, thousands separators and unit suffixes are read, the unit is not applied; a number printed
  through a library repr (``np.float64(0.69)``, ``tensor(1.23, device='cuda:0')``) is that number.
* **Tables.** A header line of names followed by rows with as many numbers (Ultralytics YOLO, pycocotools'
  ``copypaste`` CSV lines) is read column by column.
* **Records and templates.** One line is one logger call; lines with the same keys are one *template*,
  i.e. one series family. A line holding a single ``key=value`` right after a position line continues that
  record (OLMo prints one metric per line).
* **Position.** A step counter in the line (``step``, ``iter``, ``iteration``, ``num_updates``,
  ``global_step``) is the x axis; else an epoch with an in-epoch counter ``[e][i/N]`` gives the global
  iteration ``(e - first_epoch) * N + i`` (N is part of that clock: records with another N come from another
  job appended to or interleaved with the log, and form their own series, ``key [2]``); else the epoch. A line with no clock of its own takes the
  epoch (or step) of the nearest preceding line when that changed since the template was last printed,
  else its ordinal. When consecutive records of a template share one epoch, the epoch is not their clock
  and the ordinal is used. Successive renderings of one progress bar at one position are one point (the
  last rendering wins). The same record printed again at the same position is an echo (one point), unless a
  configuration was printed between the two (a dozen settings with named choices: an argparse Namespace, a
  config dict): a launch started there, and its records are its own.
* **Split.** ``[eval]``, ``Epoch(val)``, ``valid``/``val``/``test`` context marks a record held-out; keys
  that do not name a split then get a ``val/`` prefix.
* **Crashes.** A traceback, out-of-memory, kill or signal message after the last logged point becomes a
  ``crash`` import issue (``killed`` when the traceback ends in an interrupt or a signal; rule I003 reads it).
* **Time left.** The ETA of the last progress record (``eta: 13:02:11``), when it still expects more than three
  logging intervals and a minute of training, is kept as ``meta["eta_at_end_s"]`` (rule S002 reads it).
* **Inside an epoch.** A log whose last point is a training record printed well inside an epoch (``[100/188]``,
  more than two logging intervals and 2% of the epoch to go) is kept as ``meta["ends_inside_epoch"]`` (rule S002).
* **Resumes.** A statement that training went on from a saved state (``Starting training from iteration 5500``,
  ``Continuing training from checkpoint``, ``resumed from ... at step N``) becomes a ``resumed`` issue (rule I001),
  even when no step is written twice; a setting such as ``resume_from = None`` is not a statement.
* **Nothing silent.** Lines that hold numbers but no readable pair are counted and reported.

Memory is bounded by the series, not the file: the file is decoded and parsed incrementally.

Speed comes from reading each *shape* of line once. A log prints the same few lines with other numbers in
them; the reading of a line (:func:`_analyse`, pure) is kept as a plan for the later lines of its shape (each
digit written 0), whose numbers are taken from the same places once three probes have shown that the reading
does not depend on their digits (:class:`_Plan`). Numbers that change width from line to line (``%g``, rounded
reprs) make many shapes of one *family*; a new shape gets the plan of a planned line of its family when a probe
of it reads alike, and without a reading once its widths have all read alike (:class:`_Template`). Records whose
effect on the parser's state is known in advance (a record on a step or epoch clock, an epoch line, a record
with no clock) are held back and applied in batches, their numbers converted as columns
(:meth:`TextLogParser._flush`); everything else is applied one by one, in its place. Reading with and without
plans gives the same result (``read_text_log(reuse=False)``; tests/test_textlog_shapes.py compares them).
"""

from __future__ import annotations

import codecs
import collections
import dataclasses
import functools
import itertools
import math
import operator
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers._base import RunData, RunSpec, check_file, is_lfs_pointer, looks_utf16le, open_binary
from curvedoc.importers._tabular import restart_issue
from curvedoc.model.run import ImportIssue, make_frame

SOURCE = "text-log"
CHUNK = 1 << 20
MAX_LINE = 1 << 16  # characters of one line that are parsed; the rest of a longer line is ignored (counted)

# ---------------------------------------------------------------------------------------------- cleaning
ANSI = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
LEVELS = r"(?:INFO|WARNING|WARN|DEBUG|ERROR|CRITICAL|TRACE|SUCCESS|NOTICE)"
_TS = r"(?:\d{4}[-/]\d\d[-/]\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?|\d\d/\d\d(?:/\d\d(?:\d\d)?)? \d\d:\d\d:\d\d(?:[.,]\d+)?|\d+:\d\d:\d\d(?:[.,]\d+)?)"
PREFIX = re.compile(
    r"^(?:\s+|\d{1,5}:\s+(?=\S)|\[(?:rank|default|RANK|Rank)\s*\d+\]:?|(?:rank|Rank)\s*\d+:|\[titan\]|"
    r"\[?" + _TS + r"\]?|\[[^\]\[]*(?:\.py:\d+|" + LEVELS + r")[^\]\[]*\]|[-|>]+(?=\s)|"
    r"[\w.\-]*[A-Za-z][\w.\-]*:\d+(?::\w+)?(?=\s)|" + LEVELS + r"(?=[\s:|\]])[:|]?|[A-Z]\d{4} (?=\d))"
)
# after a log level: an optional "logger.name:" / "name:lineno:" then the message
AFTER_LEVEL = re.compile(r"^[\s:|\]\-]*(?:(?:[\w.<>\-]+(?::\w+)*:\d+|[\w.]+\.py:\d+)\s*(?:-|>>|:)?\s*)?")
LEVEL_IN_LINE = re.compile(r"(?<![\w/])" + LEVELS + r"(?=[\s:|\]])")
PY_LOGGING_NAME = re.compile(r"^:([\w.<>]+):(?=\S)")  # INFO:__main__:msg (logging.basicConfig default)

# ---------------------------------------------------------------------------------------------- numbers
NUM = r"[-+]?(?:nan(?:\.0)?|inf(?:inity)?|(?:\d{1,3}(?:,\d{3})+(?![\d])|\d+)(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)"
UNIT = r"(?:%|[kKMGTB](?:i?B)?(?![A-Za-z])|ms|us|s(?![A-Za-z])|sec|min|h(?![A-Za-z])|MiB|GiB|MB|GB|it/s|s/it|tok/s)?"
_WORD = r"[A-Za-z_][\w.@/\-]*(?:\([\w/%]*\)?)?"
KEY = _WORD + r"(?:[ ](?:" + _WORD + r"|\([\w/%]+\)))" + r"{0,4}"
PAIR = re.compile(
    r"(?<![\w.@/\-])(?P<key>" + KEY + r")\s*(?P<sep>[:=]\s*|\s+)['\"]?(?P<lst>\[\s*)?(?P<val>" + NUM + r")(?![\w.]*[A-Za-z_](?<!e)\d)"
    r"(?P<unit>" + UNIT + r")['\"]?(?(lst)(?:\s*,\s*" + NUM + r")*\s*\])"
    r"(?P<tot>\s*/\s*\d+(?![\d.]))?(?P<avg>\s*\(\s*(?P<avgv>" + NUM + r")\s*\))?(?![\w.]|:\d)",
    re.IGNORECASE,
)
DICT_PAIR = re.compile(r"['\"](?P<key>[^'\"]{1,80})['\"]\s*:\s*['\"]?(?P<val>" + NUM + r")(?P<tot>/\d+)?['\"]?\s*[,}]",
                       re.IGNORECASE)
# a number printed through its library's repr: numpy >= 2 scalars in a dict ("'mAP50': np.float64(0.696)") and torch
# scalar tensors ("'loss': tensor(1.23, device='cuda:0', grad_fn=<NllLossBackward0>)") hold the number the user meant
WRAPPED_NUM = re.compile(r"\b(?:(?:np|numpy|torch)\.(?:float|int|uint|bool_|bfloat)\d*|tensor)\(\s*(" + NUM +
                         r")\s*(?:,[^()]*)?\)", re.IGNORECASE)
BARE_COUNTER = re.compile(r"(?<![\w./])(\d+)\s*/\s*(\d+)(?![\w./])")
EPOCH_BRACKETS = re.compile(
    r"\bepoch(?:\((?P<ctx>\w+)\))?\s*:?\s*\[\s*(?P<e>\d+)\s*(?:/\s*(?P<E>\d+)\s*)?\]"
    r"(?:\s*\[\s*(?P<i>\d+)\s*(?:/\s*(?P<N>\d+)\s*)?\])?",
    re.IGNORECASE,
)
EPOCH_WORD = re.compile(r"\bepoch\b\s*[:=#]?\s*(?P<e>\d+)(?:\s*/\s*(?P<E>\d+))?(?!\.\d)", re.IGNORECASE)
BAR = re.compile(r"\d+%\s*(?:\||━|[\u2580-\u259f]|\[)|\[[=>.\s]{5,}\]|━{3,}|[\u2588\u2589\u258a\u258b\u258c\u258d\u258e\u258f]{2,}")


def has_bar(msg: str) -> bool:
    """A progress bar in the line (BAR). Every form of it holds '%', '[' or a non-ASCII bar glyph, so a plain
    ASCII line without those is answered without running the pattern (most lines of a log)."""
    return (not msg.isascii() or "%" in msg or "[" in msg) and BAR.search(msg) is not None
BRACKET_COUNTER = re.compile(r"\[\s*(?:(?P<ctx>[A-Za-z]+)\s*\|\s*)?(?P<n>\d+)\s*/\s*(?P<N>\d+)\s*\]")

STEP_KEYS = ("num_updates", "global_step", "global step", "globalstep", "step", "steps", "iteration", "iter",
             "iters", "it", "update", "updates", "total_steps", "global_step/max_steps", "train_step")
EPOCH_KEYS = ("epoch", "epochs", "ep")
OPTIMIZER_KEY = re.compile(r"^(?:lr|learning[ _]rate|momentum|mom|grad[ _]?norm|gnorm|weight[ _]decay|loss[ _]scale)\b",
                           re.IGNORECASE)
SPLIT_WORDS = {"train": "train", "training": "train", "val": "val", "valid": "val", "validation": "val",
               "eval": "val", "evaluation": "val", "test": "val", "dev": "val", "v": "val"}
HELDOUT = {"val", "valid", "validation", "eval", "evaluation", "test", "dev"}
# words that are never metric keys (prose that happens to precede a number)
NOT_KEYS = {"of", "at", "in", "to", "the", "a", "an", "and", "or", "for", "with", "by", "on", "from", "is", "was",
            "are", "be", "after", "before", "than", "over", "under", "per", "every", "line", "file", "rank", "gpu",
            "cuda", "version", "pid", "port", "seed", "size", "v_num",
            # calendar words ("Fri May 15 19:07:23 CEST 2026") are dates, not keys
            "mon", "tue", "wed", "thu", "fri", "sat", "sun", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
            "sep", "oct", "nov", "dec", "utc", "gmt", "cest", "cet", "est", "pst", "pdt", "edt", "datetime", "date"}

CRASH = re.compile(
    r"Traceback \(most recent call last\)|CUDA out of memory|OutOfMemoryError|out of memory|"
    r"\bKilled\b|SIGTERM|SIGKILL|Signals\.SIG\w+|KeyboardInterrupt|Segmentation fault|core dumped|"
    r"CANCELLED AT|DUE TO TIME LIMIT|ChildFailedError|exitcode\s*:\s*-?[1-9]|Error executing job|"
    r"RuntimeError:|NCCL error|Watchdog caught collective operation timeout|terminate called|"
    r"received signal|Aborted|exited with code [1-9]|error: \*\*\*"
)
# the time a trainer's progress line says is left: "eta: 13:02:11", "eta: 1 day, 2:03:04" (detectron2, MMEngine, YOLOX)
ETA = re.compile(r"\beta\s*[:=]\s*(?:(?P<d>\d+)\s*days?,\s*)?(?P<h>\d+):(?P<m>\d\d):(?P<s>\d\d)\b", re.IGNORECASE)
# a statement that training went on from a saved state (not a setting such as "resume_from = None"): detectron2's
# "Starting training from iteration 5500", HF's "Continuing training from checkpoint", Lightning's "Restoring states
# from the checkpoint path", Megatron's "loaded checkpoint from ... at iteration 14001", ad-hoc "resumed from ..."
RESUME = re.compile(
    r"\bstarting training from (?:iteration|iter|step|epoch)\s+(?P<n1>\d+)|\bcontinuing training from\b|"
    r"\bresum(?:ed|ing)\s+(?:training\s+|the\s+run\s+)?(?:from|at)\b|"
    r"\brestor(?:ed|ing)\s+(?:all\s+)?(?:training\s+)?states?\s+from\b|"
    r"\bloaded checkpoint\b.*\bat (?:iteration|step)\s+(?P<n2>\d+)",
    re.IGNORECASE,
)
# a training framework saying its early-stopping rule ended the run (a planned end, not a cut-off): MMEngine's and
# Lightning's "... did not improve in the last 10 records", Keras' "Epoch 29: early stopping", Ultralytics'
# "Stopping training early as no improvement observed ...", fairseq's "early stop since valid performance hasn't
# improved"; settings that merely name the feature ("early_stopping=True", EarlyStoppingHook) are not this
EARLY_STOP = re.compile(r"did not improve in the last \d+ (?:records|epochs|evaluations|checks|validations)"
                        r"|^\s*Epoch \d+: early stopping\s*$|stopping training early|early stop since"
                        r"|early stopping (?:triggered|activated|at epoch)", re.IGNORECASE)
KILL_WORDS = re.compile(r"\bKilled\b|SIGTERM|SIGKILL|CANCELLED|TIME LIMIT|KeyboardInterrupt|received signal|Signals\.SIG",
                        re.IGNORECASE)


# a named setting whose value is a word, printed in an argument echo: the optimizer and the LR schedule
# (detectors ask whether the optimizer normalises update sizes, and what shape the schedule has)
NAMED_SETTING = re.compile(r"\b(optim|optimizer|optimizer_type|optimizer_name|lr_scheduler_type|lr_scheduler|scheduler)"
                           r"\s*[=:]\s*['\"]?(?:OptimizerNames\.|SchedulerType\.)?([A-Za-z][\w.]{1,60})(?![\w.(])", re.IGNORECASE)
# a command-line option with a value: "--n_epoch=100", "--lr 5e-4" (a value is not another option)
CMD_OPTION = re.compile(r"(?:^|\s)--([A-Za-z][\w.\-]{0,60})(?:=|\s+)(?!--)([^\s\"']{1,200})")
NUMBER_ONLY = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
DOT_LEADER = re.compile(r"^([A-Za-z_][\w.\-]*)\s*\.{3,}\s*(\S+)\s*$")
# two renderings written over each other leave numbers glued together ("0.8667.8622")
GARBLED = re.compile(r"(?<![\w.])\d+\.\d{3,}\.\d{3,}(?![\w.])")


def _num(s: str) -> float:
    s = s.strip().replace(",", "")
    low = s.lower()
    if "nan" in low:
        return math.nan
    if "inf" in low:
        return -math.inf if low.startswith("-") else math.inf
    try:
        return float(s)
    except ValueError:
        return math.nan


def _clean_key(k: str) -> str:
    return " ".join(k.strip().strip("'\"").split())


# ---------------------------------------------------------------------------------------------- decoding
def _lines(path: Path, issues: list[ImportIssue]):
    """Yield (physical line number of the first, texts) for consecutive lines, decoding incrementally; a very long
    line's renderings can come in several parts with the same line number."""
    with open_binary(path) as fh:
        head = fh.read(CHUNK)
        if is_lfs_pointer(head[:64]):
            raise LoadError(path, "Git LFS pointer, not the data (run `git lfs pull`)", kind="lfs-pointer")
        enc = "utf-8"
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            enc = "utf-16"
        elif head.startswith(b"\xef\xbb\xbf"):
            enc = "utf-8-sig"
        elif looks_utf16le(head):
            enc = "utf-16-le"
        else:
            # NUL runs inside a text log are damage (a file preallocated or cut by a crash), not a binary
            # format: they are dropped and reported; a file that is mostly control bytes is not text
            sample = head[:65536].replace(b"\x00", b"")
            ctrl = sum(sample.count(bytes([b])) for b in range(32) if b not in (8, 9, 10, 11, 12, 13, 27))
            if not sample.strip() or ctrl > 0.1 * len(sample) or b"\n" not in sample and len(sample) > MAX_LINE:
                raise UnsupportedFormat(path, "binary data, not a text log")
        dec = codecs.getincrementaldecoder(enc)(errors="replace")
        nuls = 0
        buf = ""
        lineno = 0
        cut_lines: dict[int, int] = {}  # line number -> characters dropped from an endless line
        chunk = head
        while True:
            text = dec.decode(chunk, final=not chunk)
            if "\x00" in text:
                nuls += text.count("\x00")
                text = text.replace("\x00", "")
            buf += text
            parts = buf.split("\n")
            buf = parts.pop()
            if parts:
                yield lineno + 1, parts
                lineno += len(parts)
            if len(buf) > MAX_LINE and "\r" in buf:
                # a progress bar redrawn with \r for hours is one physical line of many renderings: hand over
                # the complete renderings as they come (same line number), so none is lost to the length cap
                cut = buf.rfind("\r")
                yield lineno + 1, [buf[:cut]]
                buf = buf[cut:]
            if len(buf) > MAX_LINE * 16:  # one endless line (a 1 GB line with no newline): keep its tail only
                cut_lines[lineno + 1] = cut_lines.get(lineno + 1, 0) + len(buf) - MAX_LINE
                buf = buf[-MAX_LINE:]
            if not chunk:
                break
            chunk = fh.read(CHUNK)
        if cut_lines:  # one note for all of them, not one per megabyte read
            first, longest = min(cut_lines), max(cut_lines.values())
            issues.append(ImportIssue(
                "long-line", f"{len(cut_lines):,} line(s) longer than 1 MB were cut and only their last "
                f"{MAX_LINE:,} characters read (first at line {first:,}; {longest / 1e6:,.0f}M characters dropped "
                "from the longest)", file=str(path), count=len(cut_lines), severity="info"))
        if nuls:
            issues.append(ImportIssue("bad-chunks", f"{nuls:,} NUL byte(s) inside the text (a damaged or "
                                      "preallocated file) were dropped", file=str(path), count=1))
        if buf:
            lineno += 1
            size = fh.tell()
            if size % 65536 == 0 and enc.startswith("utf-8"):
                # ends mid-line at an exact multiple of 64 KiB: a copy cut at a block boundary
                issues.append(ImportIssue("truncated", f"the file ends mid-line at {size:,} bytes, an exact "
                                          "multiple of 64 KiB: a truncated copy", file=str(path), count=1))
            yield lineno, [buf]


def strip_prefix(line: str) -> tuple[str, str]:
    """(message, prefix): cut what a logger / launcher put in front of the message."""
    s = ANSI.sub("", line) if "\x1b" in line else line
    m = LEVEL_IN_LINE.search(s, 0, 200)
    prefix = ""
    if m:
        before = s[: m.start()]
        # only a prefix when nothing before the level looks like a metric pair
        if not PAIR.search(before) or re.match(r"^[\s\[\]\d:/.,\-| A-Za-z_]*$", before) and "=" not in before:
            prefix = before
            rest = s[m.end():]
            pm = PY_LOGGING_NAME.match(rest)
            if pm:
                rest = rest[pm.end():]
            else:
                rest = rest[AFTER_LEVEL.match(rest).end():]
            s = rest
    for _ in range(12):
        m2 = PREFIX.match(s)
        if not m2 or m2.end() == 0:
            break
        prefix += s[: m2.end()]
        s = s[m2.end():]
    return s.strip(), prefix


# ---------------------------------------------------------------------------------------------- records
@dataclass
class Rec:
    keys: tuple[str, ...]
    values: list[float]
    step: int | None = None
    epoch: int | None = None
    inner: tuple[int, int] | None = None  # (i, N) counter inside the epoch
    counter: int | None = None  # bare n/N counter
    ctx: str = ""
    bar: bool = False
    planned: dict = field(default_factory=dict)
    step_total: int | None = None  # N of a "step n/N" printed beside an epoch (maybe an in-epoch counter)
    config: bool = False  # a line of a dozen settings or more: the configuration a launch prints as it starts
    asked: tuple = ()  # the values whose sign, integrality or NaN decided how the line reads (see _Plan)


@functools.lru_cache(maxsize=8192)
def _split_of(key: str) -> str | None:
    """'val' / 'train' when a key names its split ('val_loss', 'eval/acc', 'train loss'), else None. Keys repeat on
    every line of a log: the answer is kept per key."""
    low = key.lower()
    first = re.split(r"[\s_/.\-]", low, 1)[0]
    if first in SPLIT_WORDS:
        return SPLIT_WORDS[first]
    if re.match(r"^(val|valid|validation|eval|test|dev)[A-Z_/ ]", key) or low.startswith(("val", "eval")):
        return "val"
    return None


@functools.lru_cache(maxsize=8192)
def _pair_key(raw: str) -> str | None:
    """The key a PAIR match names, or None when it is not a key (filler words). Kept per raw text: the same keys
    come back on every line of a log."""
    words = _clean_key(raw).split(" ")
    # prose words before the real key: keep the last words that are not filler
    while len(words) > 1 and (words[0].lower() in NOT_KEYS or words[0].lower() in ("info", "-", "epoch")):
        words = words[1:]
    if words[-1].lower() in NOT_KEYS or words[-1].lower() in ("x", "e"):
        return None
    key = " ".join(words)
    if ". " in key:  # "Skipping step. Attempted loss scale": a sentence ends inside; the key is after it
        key = key.rsplit(". ", 1)[1]
    return key


def _pairs(msg: str) -> tuple[list[tuple[str, float, str | None, str]], list[tuple[int, int]]]:
    """(key, value, total, printed value) pairs of one message and its bare n/N counters."""
    out: list[tuple[str, float, str | None, str]] = []
    if "{" in msg and (":" in msg):
        dp = [(m.group("key"), m.group("val"), m.group("tot")) for m in DICT_PAIR.finditer(msg)]
        if dp:
            return [(_clean_key(k), _num(v), t[1:] if t else None, v) for k, v, t in dp], [(-1, -1)]
    used = []
    for m in PAIR.finditer(msg):
        key = _pair_key(m.group("key"))
        if key is None:
            continue
        tot = m.group("tot")
        out.append((key, _num(m.group("val")), tot.replace("/", "").strip() if tot else None, m.group("val")))
        if m.group("avg"):
            out.append((key + " (avg)", _num(m.group("avgv")), None, m.group("avgv")))
        used.append((m.start(), m.end()))
    counters = []
    for m in BARE_COUNTER.finditer(msg):
        if any(a <= m.start() < b for a, b in used):
            continue
        counters.append((int(m.group(1)), int(m.group(2))))
    return out, counters


SETTING_ASSIGN = re.compile(r"(?<![\w.])[A-Za-z_][\w.]*=(?!=)")
DICT_KEY = re.compile(r"['\"][A-Za-z_][\w./\-]*['\"]\s*:")
WORD_VALUE = re.compile(r"""[=:]\s*(?:'[A-Za-z][^']*'|"[A-Za-z][^"]*"|True\b|False\b|None\b)""")
# a record needs a number: a digit, or a NaN / infinity written out (NUM)
_MAY_HOLD_NUMBER = re.compile(r"\d|nan|inf", re.IGNORECASE)


def parse_record(msg: str) -> Rec | None:
    if _MAY_HOLD_NUMBER.search(msg) is None:
        return None  # no value, step or epoch can be read from a line without a number
    if "(" in msg and ("np." in msg or "tensor(" in msg or "numpy." in msg or "torch." in msg):
        msg = WRAPPED_NUM.sub(r"\1", msg)
    ctx = ""
    bar = has_bar(msg)
    epoch = inner = None
    planned: dict = {}
    m = EPOCH_BRACKETS.search(msg)
    if m:
        epoch = int(m.group("e"))
        if m.group("E"):
            planned["epochs"] = int(m.group("E"))
        if m.group("i") is not None:
            inner = (int(m.group("i")), int(m.group("N")) if m.group("N") else 0)
        c = (m.group("ctx") or "").lower()
        if c in HELDOUT:
            ctx = "val"
        msg = msg[: m.start()] + " | " + msg[m.end():]
    bm = BRACKET_COUNTER.search(msg)
    if bm and epoch is None:
        c = (bm.group("ctx") or "").lower()
        if c:
            ctx = SPLIT_WORDS.get(c, ctx)
            epoch = int(bm.group("n"))
            planned["epochs"] = int(bm.group("N"))
            msg = msg[: bm.start()] + " | " + msg[bm.end():]
        elif re.search(r"\bepoch\b", msg[: bm.start()], re.IGNORECASE):
            inner = (int(bm.group("n")), int(bm.group("N")))
            msg = msg[: bm.start()] + " | " + msg[bm.end():]
    lead = re.match(r"^\s*\[\s*(train|training|eval|evaluation|val|valid|validation|test)\s*\]", msg, re.IGNORECASE)
    if lead:
        ctx = SPLIT_WORDS[lead.group(1).lower()]
        msg = msg[lead.end():]
    if bar:
        # the bar's own counter n/N is the position inside the epoch; then keep what precedes the bar and its
        # postfix, not the bar's counters and rates
        bc = re.search(r"\d+%\s*(?:\|[^|]*\||━+)\s*(\d+)/(\d+)", msg)
        if bc and inner is None:
            inner = (int(bc.group(1)), int(bc.group(2)))
        msg = re.sub(r"\d+%\s*\|[^|]*\|\s*\d+/\d+\s*\[[^\],]*,\s*[^\],]*(?:,|\])", " | ", msg)
        msg = re.sub(r"\d+%\s*━+\s*\d+/\d+\s+\S+\s+\S+", " | ", msg)
    pairs, counters = _pairs(msg)
    is_dict = counters == [(-1, -1)]
    if is_dict:
        counters = []
    has_epoch = epoch is not None or any(k.lower() in EPOCH_KEYS for k, *_ in pairs) or bool(EPOCH_WORD.search(msg))
    keys: list[str] = []
    vals: list[float] = []
    step = None
    step_total = None
    seen: dict[str, int] = {}
    last_split = None
    # a line of a dozen settings or more ("task=detect, epochs=75, batch=6, lr0=0.01, ...") echoes the
    # configuration: a plural count in it ("epochs", "steps") is the planned total, not the current position
    config_echo = len(pairs) >= 12
    asked = []
    for key, v, tot, raw in pairs:
        low = key.lower()
        # would this value, with other properties (integral, NaN, sign), have been read otherwise? (a plan of this
        # line may read another line's value here only if it has the same properties: see _Plan)
        consulted = ((config_echo and low in ("epochs", "steps", "iterations", "iters") and not tot)
                     or ((low in STEP_KEYS or low.endswith("num_updates")) and step is None)
                     or (low in EPOCH_KEYS and "." not in raw and not is_dict and epoch is None
                         and not (config_echo and low == "epochs" and not tot)))
        if config_echo and low in ("epochs", "steps", "iterations", "iters") and not tot:
            if not math.isnan(v) and float(v).is_integer() and v > 0:
                planned.setdefault("epochs" if low == "epochs" else "steps", int(v))
        elif low in STEP_KEYS or low.endswith("num_updates"):
            if not math.isnan(v) and float(v).is_integer() and step is None:
                step = int(v)
                if tot:
                    planned["steps"] = int(tot)
                    step_total = int(tot)
                continue
        # an epoch printed with a decimal point ('epoch': 1.0 in an HF dict) is progress, not a clock
        # (and a dict's 'epoch' is HF Trainer's fractional progress even when it prints '1')
        if low in EPOCH_KEYS and not math.isnan(v) and float(v).is_integer() and "." not in raw and not is_dict \
                and not (config_echo and low == "epochs" and not tot):
            if epoch is None:
                epoch = int(v)
                if tot:
                    planned["epochs"] = int(tot)
                continue
        sp = _split_of(key)
        if sp:
            last_split = sp
        if low in SPLIT_WORDS and SPLIT_WORDS[low] in ("train", "val") and low != "v":
            key = key + " loss"
        if key in seen:
            if last_split and not _split_of(key):
                key = f"{last_split} {key}"
            if key in seen:
                seen[key] += 1
                key = f"{key} #{seen[key]}"
        seen.setdefault(key, 1)
        if consulted:
            asked.append(len(vals))
        keys.append(key)
        vals.append(v)
    if epoch is None:
        em = EPOCH_WORD.search(msg)
        if em:
            epoch = int(em.group("e"))
            if em.group("E"):
                planned["epochs"] = int(em.group("E"))
    counter = None
    if counters and not bar:
        n, N = counters[0]
        if epoch is not None and inner is None and re.search(r"\b(?:step|iter|batch)\b", msg, re.IGNORECASE):
            inner = (n, N)
        else:
            counter = n
    elif counters and bar and epoch is None and inner is None:
        counter = counters[0][0]
    if not keys and step is None and epoch is None:
        return None
    # the configuration a launch prints as it starts: a dozen settings or more (name=value, or 'name': value in a
    # dict) with at least one named choice among the values ('AdamW', 'x.yaml', True, None): an argparse
    # Namespace, a config dump; a line of a dozen metrics (a JSON progress line, all numbers) is a record
    config = (len(SETTING_ASSIGN.findall(msg)) + len(DICT_KEY.findall(msg)) >= 12
              and WORD_VALUE.search(msg) is not None)
    return Rec(tuple(keys), vals, step, epoch, inner, counter, ctx, bar, planned, step_total if has_epoch else None,
               config, tuple(asked))


# ---------------------------------------------------------------------------------------------- tables
TABLE_HEAD = re.compile(r"^(?:[A-Za-z][\w()\-./@]*\s+){2,}[A-Za-z][\w()\-./@]*\)?\s*(?::|$)")


def _table_header(msg: str) -> list[str] | None:
    head = msg.split(":", 1)[0] if ("%" in msg or "━" in msg) else msg
    if not TABLE_HEAD.match(head + ":"):  # the header of a bar-less table has no ':' of its own
        return None
    cols = head.split()
    if len(cols) < 3 or len(cols) > 20:
        return None
    if any(re.fullmatch(NUM, c, re.IGNORECASE) for c in cols):
        return None
    low = " ".join(cols).lower()
    if not re.search(r"loss|map|acc|ap50|precision|recall|p\b|r\b|epoch", low):
        return None
    return cols


def _table_row(msg: str, ncols: int) -> list[str] | None:
    body = msg.split(":", 1)[0] if has_bar(msg) else msg
    cells = body.split()
    if len(cells) != ncols:
        return None
    nums = sum(1 for c in cells if re.fullmatch(NUM + UNIT + r"|\d+/\d+", c, re.IGNORECASE))
    return cells if nums >= ncols - 1 and nums >= 2 else None


# ---------------------------------------------------------------------------------------------- one rendering
class _TableRow(NamedTuple):
    keys: list
    vals: list
    epoch: int | None
    planned_epochs: int | None
    bar: bool
    label: str | None  # the class a per-class row names ("all" is the table's own row: None)


def _table_values(cells: list[str], cols: list[str], bar: bool) -> _TableRow:
    keys, vals = [], []
    epoch = planned = None
    label = None
    for c, cell in zip(cols, cells):
        if re.fullmatch(r"\d+/\d+", cell):
            if c.lower().startswith("epoch") or epoch is None:
                epoch = int(cell.split("/")[0])
                planned = int(cell.split("/")[1])
            continue
        if not re.fullmatch(NUM + UNIT, cell, re.IGNORECASE):
            label = cell
            continue
        name = c.strip("()").replace("Box(", "").rstrip(")")
        num = re.match(NUM, cell, re.IGNORECASE).group(0)
        keys.append(name)
        vals.append(_num(num))
    return _TableRow(keys, vals, epoch, planned, bar, label if label and label.lower() != "all" else None)


@dataclass
class _Line:
    """What one rendering says, read from its text alone (and the table header in force): the parser's state
    is not consulted, so the same text always reads the same way (see :meth:`TextLogParser._apply`)."""
    msg: str | None = None  # the message (None when not kept: it is then read again if a note needs it)
    empty: bool = False
    garbled: bool = False
    crash: bool = False
    kill: bool = False
    resume: bool = False
    early: bool = False
    settings: tuple | list = ()
    options: tuple | list = ()
    dot: tuple | None = None
    copypaste: list | None = None
    table_head: list | None = None
    table_row: _TableRow | None = None
    rec: Rec | None = None
    eta: tuple | None = None  # (days, hours, minutes, seconds) left
    heading: str | None = None
    unparsed: bool = False


def _analyse(raw: str, table: list[str] | None) -> _Line:
    msg, prefix = strip_prefix(raw)
    if not msg:
        return _Line(msg, empty=True)
    a = _Line(msg)
    a.garbled = GARBLED.search(msg) is not None
    if CRASH.search(msg) or CRASH.search(prefix):
        a.crash = True
        a.kill = bool(KILL_WORDS.search(msg) or KILL_WORDS.search(prefix))
    if ("esum" in msg or "from iter" in msg or "ontinuing" in msg or "estor" in msg or "oaded checkpoint" in msg) \
            and len(msg) < 2_000:
        m = RESUME.search(msg)
        a.resume = bool(m and int(m.group("n1") or m.group("n2") or 1) > 0)
    if ("improve" in msg or "early" in msg or "Early" in msg) and len(msg) < 2_000 and EARLY_STOP.search(msg):
        a.early = True
    if ("optim" in msg or "schedul" in msg) and len(msg) < 100_000:
        a.settings = [(key, word) for key, word in NAMED_SETTING.findall(msg)
                      if word.lower() not in ("none", "null", "true", "false")]
    # a printed command line ("python train.py --n_epoch=100 --lr=5e-4 ..."): its options are settings
    if "--" in msg and len(msg) < 20_000:
        opts = CMD_OPTION.findall(msg)
        if len(opts) >= 2:
            a.options = []
            for key, val in opts:
                num = _num(val) if NUMBER_ONLY.match(val) else None
                if num is not None and math.isfinite(num):
                    a.options.append((key.replace("-", "_"), int(num) if re.fullmatch(r"[+-]?\d+", val) else num))
                else:
                    a.options.append((key.replace("-", "_"), val))
    # an argument dump with dot leaders ("train_iters ........ 500"): a setting
    dm = DOT_LEADER.match(msg) if "..." in msg else None  # the pattern needs three dots
    if dm:
        a.dot = (dm.group(1), _num(dm.group(2)) if re.fullmatch(NUM, dm.group(2), re.IGNORECASE) else None)
        return a
    # pycocotools / detectron2 'copypaste' CSV header + values
    cp = re.match(r"^copypaste:\s*(.*)$", msg)
    if cp:
        a.copypaste = [c.strip() for c in cp.group(1).split(",")]
        return a
    # whitespace tables (Ultralytics YOLO)
    a.table_head = _table_header(msg)
    if a.table_head is not None:
        return a
    if table is not None:
        cells = _table_row(msg, len(table))
        if cells is not None:
            a.table_row = _table_values(cells, table, has_bar(msg))
            return a
    rec = a.rec = parse_record(msg)
    if rec is not None and ("eta" in msg or "ETA" in msg):
        em = ETA.search(msg)
        if em:
            a.eta = (int(em.group("d") or 0), int(em.group("h")), int(em.group("m")), int(em.group("s")))
    if rec is None:
        if msg.endswith(":") and len(msg) < 80 and not re.search(r"\d", msg):
            a.heading = msg[:-1].strip()
        elif not has_bar(msg) and re.search(r"\d\.\d|\d[eE][-+]?\d", msg) \
                and not re.search(r"\.py|File \"|0x[0-9a-f]|\(\w+\):|Linear|Conv|Norm|Dropout", msg):
            a.unparsed = True
    return a


def _tag(key: str, ctx: str) -> str:
    """A held-out record's keys get ``val/`` unless they name their split already; optimizer state (lr,
    momentum, grad norm) printed on an eval line belongs to no split."""
    if ctx == "val" and not _split_of(key) and not OPTIMIZER_KEY.search(key):
        return "val/" + key
    return key


# ---------------------------------------------------------------------------------------------- shapes
# A log prints the same few lines over and over with other numbers in them. How a line reads depends on its
# characters' classes (a digit is a digit: the patterns above read digits as \d, count them and never ask which
# digit it is) and on a few properties of the numbers it holds (NaN, sign, integral); the numbers themselves are
# only copied into the result. So the reading of one line serves every later line of the same *shape* (the line
# with each digit written 0, each bar glyph as its class): the numbers are taken from the same places, once it
# is checked that
#   * three probes of the first line (the digits of its free-standing numbers shifted by amounts drawn per place,
#     twice, and written 0) read the same way, and each number of the reading is found at one place, and one
#     only, of the line in all four (a slot);
#   * the digits that are not free-standing numbers (``mAP50``, ``layer3``, ``v1.2``) are the same as there;
#   * each number read converts as in the first line (an int stays an int); a value whose properties decided how
#     the first line reads (a clock or planned count that was not one because it was not integral: Rec.asked)
#     has the same sign, integrality and NaN. (An int -- an epoch, a counter -- is only copied: what its value
#     decides, the parser decides when it applies the reading.)
# Anything else (a line that reads a setting, a crash, a resume, a table header; a digit's value read by CRASH's
# "exitcode: [1-9]"; a check that fails) is read afresh. tests/test_textlog_shapes.py compares both ways of
# reading, line by line and log by log.
DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")  # over UTF-8 bytes: an ASCII digit is one byte


# Block glyphs of a progress bar ("██▌   ") are read only through the two classes BAR names (U+2588-U+258F, and
# the rest of U+2580-U+259F): a bar that grew by a glyph is the same shape; probes change the glyphs within their
# class, so a glyph that reaches the reading (a cell read as a label) leaves such lines to be read afresh.
_GLYPH_CLASSES = ([chr(c) for c in range(0x2588, 0x2590)],
                  [chr(c) for c in [*range(0x2580, 0x2588), *range(0x2590, 0x25A0)]])
_OTHER_GLYPHS = re.compile("[" + "".join(_GLYPH_CLASSES[1][1:]) + "]")


def _glyphs_as_class(raw: str) -> str:
    """Each bar glyph written as the first of its class (str.translate with a table does the same at a fifth of
    the speed: a bar is on most lines of a progress log)."""
    for g in _GLYPH_CLASSES[0][1:]:
        if g in raw:
            raw = raw.replace(g, _GLYPH_CLASSES[0][0])
    if _OTHER_GLYPHS.search(raw):
        raw = _OTHER_GLYPHS.sub(_GLYPH_CLASSES[1][0], raw)
    return raw


def _renderings(line: str) -> list[str]:
    """The renderings of a physical line (a progress bar redrawn with \r is several), each cut at MAX_LINE."""
    return [line] if "\r" not in line and len(line) <= MAX_LINE else \
        [rendering[:MAX_LINE] for rendering in line.split("\r")]


def _shape_key(raw: str) -> bytes:
    if not raw.isascii():
        raw = _glyphs_as_class(raw)
    return raw.encode("utf-8", "surrogatepass").translate(DIGITS_AS_ZERO)


# the shift of each place's digit in the two probes: drawn once (fixed seed), so that two numbers at different
# places change alike only by chance (1 in 81 per digit over both probes), not by a period of the places
_SHIFTS = np.random.default_rng(20261126).integers(1, 10, size=(2, MAX_LINE))


def _probes(raw: str, tokens: list[tuple[int, int]], which: tuple = (1, 2, None)) -> list[str]:
    """The line with every digit of its free-standing numbers changed, by a shift (1-9) drawn for each place, so
    that two places rarely change alike (two probes); and the line with those digits 0. (The other digits are
    guards: a line they differ in is read afresh.) Bar glyphs change alike within their class."""
    code = np.frombuffer(raw.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    inside = np.zeros(len(code), dtype=bool)
    for a, b in tokens:
        inside[a:b] = True
    at = np.flatnonzero(inside & (code >= 48) & (code <= 57))
    glyphs = [] if raw.isascii() else [(np.flatnonzero(np.isin(code, [ord(g) for g in cls])), cls)
                                       for cls in _GLYPH_CLASSES]
    out = []
    for k in which:
        c = code.copy()
        c[at] = 48 if k is None else 48 + (c[at] - 48 + _SHIFTS[k - 1, at]) % 10
        for where, cls in glyphs:
            if len(where):
                n = len(cls)
                index = np.searchsorted(np.array([ord(g) for g in cls]), c[where])
                c[where] = ord(cls[0]) if k is None else np.array([ord(g) for g in cls])[
                    (index + 1 + _SHIFTS[k - 1, where] % (n - 1)) % n]
        out.append(c.tobytes().decode("utf-32-le", "surrogatepass"))
    return out
# a number not attached to a word: digits with thousands separators only between groups of three ("12,345", not
# the "128," of "bsz=128, lr=..."), a fraction, an exponent
FREE_NUMBER = re.compile(r"(?<![A-Za-z_\d.])[-+]?(?:(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?")
_DIGIT_RUN = re.compile(r"\d+")
MAX_SHAPES = 50_000  # shapes remembered per table header: memory stays bounded on a log of unique lines
MAX_FAST = 4096  # shapes that go straight to a batch
MAX_BATCH = 8192  # records held back at most: memory, and the lines a stale fast plan sends to be looked up again
RUN_AT_ONCE = 16  # lines of one shape in a batch whose numbers are converted as columns (fewer: one by one)
PLAN_AT = 3  # a plan is made at the third line of its shape and guard digits (lines printed once or twice are many)
PROPERTIES_PER_SHAPE = 4  # plans per shape and guard digits (one per set of number properties)
PLANS_PER_SHAPE = 64  # plans per shape (one per set of guard digits), then lines of new guard digits are read afresh


def _rec_offsets(r: Rec) -> dict[str, int]:
    """Where each of a record's numbers starts among its leaves (the order :func:`_leaves` lists them)."""
    nv, npl = len(r.values), len(r.planned)
    return {"values": 0, "step": nv, "epoch": nv + 1, "inner": nv + 2, "counter": nv + 4, "planned": nv + 5,
            "step_total": nv + 5 + npl, "end": nv + 6 + npl}


def _leaves(a: _Line) -> list:
    """The numbers of a reading, in a fixed order (None where the shape has none)."""
    out: list = []
    if a.table_row is not None:
        out.extend(a.table_row.vals)
        out += [a.table_row.epoch, a.table_row.planned_epochs]
    r = a.rec
    if r is not None:
        out.extend(r.values)
        out += [r.step, r.epoch, *(r.inner or (None, None)), r.counter, *r.planned.values(), r.step_total]
    out.extend(a.eta or (None,) * 4)
    return out


def _shape(a: _Line) -> tuple:
    """A reading with its numbers left out: what must be the same for two lines to read alike."""
    t, r = a.table_row, a.rec
    return (a.empty, a.garbled, a.crash, a.resume, a.early, bool(a.settings), bool(a.options), a.dot is not None,
            a.copypaste is not None, a.table_head, a.heading, a.unparsed, a.eta is None,
            None if t is None else (tuple(t.keys), len(t.vals), t.bar, t.label),
            None if r is None else (r.keys, len(r.values), r.inner is None, r.ctx, r.bar, tuple(r.planned), r.config,
                                    r.asked),
            tuple(type(x) for x in _leaves(a)))


def _rebuild(a: _Line, x: list) -> _Line:
    """A reading of the shape of ``a`` holding the numbers ``x`` (ordered as :func:`_leaves`)."""
    i = 0
    row = rec = None
    if a.table_row is not None:
        n = len(a.table_row.vals)
        row = a.table_row._replace(vals=x[:n], epoch=x[n], planned_epochs=x[n + 1])
        i = n + 2
    r = a.rec
    if r is not None:
        o = {k: i + v for k, v in _rec_offsets(r).items()}
        planned = dict(zip(r.planned, x[o["planned"]:o["step_total"]]))
        rec = Rec(r.keys, x[i:o["step"]], x[o["step"]], x[o["epoch"]],
                  None if r.inner is None else (x[o["inner"]], x[o["inner"] + 1]), x[o["counter"]], r.ctx, r.bar,
                  planned, x[o["step_total"]], r.config, r.asked)
        i = o["end"]
    eta = None if a.eta is None else tuple(x[i:i + 4])
    return _Line(None, a.empty, a.garbled, table_row=row, rec=rec, eta=eta, heading=a.heading, unparsed=a.unparsed)


def _as(kind: type, text: str):
    """The number ``text`` says, as the reading holds it (None when it does not say one)."""
    try:
        return kind(text)
    except ValueError:
        v = _num(text)
        if kind is float:
            return v
        return int(v) if math.isfinite(v) and v.is_integer() else None


def _same(a, b) -> bool:
    return a == b or (a != a and b != b)


def _props(v: float) -> tuple:
    """What a reading may ask of a value besides copying it: its sign, whether it is integral (False for inf) and
    NaN."""
    return (v > 0, v < 0, v.is_integer(), v != v)


def _guard_key(raw: str, guards: list[tuple[int, int]]) -> str:
    """The guard digits of a line (at the places :func:`_guards` found for its shape)."""
    return "".join([raw[a:b] for a, b in guards]) if guards else ""


def _free_numbers(raw: str) -> list[tuple[int, int]]:
    """The places of a line's free-standing numbers (FREE_NUMBER)."""
    return [m.span() for m in FREE_NUMBER.finditer(raw)]


def _fast_entry(guards: list[tuple[int, int]], gkey: str, pid: int) -> int | tuple:
    """What feed_lines looks up for a shape: the plan's number alone for a shape without guard digits, else
    (places, guard digits, number) with the places as a slice when there is one run (``d2.utils``, ``layer3``)."""
    return pid if not guards else (slice(*guards[0]) if len(guards) == 1 else guards, gkey, pid)


def _guards(raw: str, tokens: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Where the digits outside free-standing numbers (``tokens``, when known) are (``mAP50``, ``layer3``,
    ``v1.2``): the same places in every line of a shape."""
    out, at = [], 0
    for a, b in [*(_free_numbers(raw) if tokens is None else tokens), (len(raw), len(raw))]:
        out += [d.span() for d in _DIGIT_RUN.finditer(raw, at, a)]
        at = b
    return out


class _Shape:
    """The plans of one shape per set of guard digits: one per set of number properties met (an int: times seen so
    far; True: none can be made), and how often no plan fitted since the last was made."""

    __slots__ = ("guards", "plans", "misses")

    def __init__(self, guards: list[tuple[int, int]]):
        self.guards, self.plans, self.misses = guards, {}, {}


class _Plan:
    """How to read any line of one shape and guard digits: the first line's reading and where each of its numbers
    is (slots)."""

    __slots__ = ("line", "leaves", "slots", "table", "bulk", "tagged", "need", "at", "columns")

    def __init__(self, line: _Line, leaves: list, slots: list, table: list[str] | None):
        self.line, self.leaves, self.slots, self.table = line, leaves, slots, table
        self.columns = None  # where its numbers are as columns of bytes (_numbers_of_run), once worked out
        # records that change the parser's state alike, line after line, are applied together (TextLogParser._flush):
        # a training record on a step clock (with or without an epoch), on an epoch and in-epoch counter ("[e][i/N]"),
        # on its epoch alone ("Epoch: [e][i]", "Epoch 3 - loss"), or a record of two keys or more with no clock
        # (placed when the log has been read)
        r = line.rec
        self.bulk = self.tagged = self.need = self.at = None
        if r is None or r.config:
            return
        if not r.keys:  # a line that only says where training is ("Epoch 3/50" before Keras' progress line)
            if r.epoch is None or r.step is not None or r.inner is not None or r.bar:
                return
            kind = "position"
        elif r.step is None and r.epoch is None and len(r.keys) >= 2:
            kind = "none"  # (a progress bar's counter is its clock only before any epoch: checked when applied)
        elif r.step is not None and (r.epoch is None or r.step_total is None):  # (else the step may count in-epoch)
            kind = "step"
        elif r.step is None and r.epoch is not None:
            kind = "global" if r.inner is not None and r.inner[1] else "epoch"
        else:
            return
        self.tagged = [_tag(k, r.ctx) for k in r.keys]
        o = _rec_offsets(r)
        # the numbers a bulk apply uses (indices into the leaves), and where each kind starts among them
        self.need, self.at = list(range(len(r.values))), {}
        for name, count, present in (("step", 1, r.step is not None), ("epoch", 1, r.epoch is not None),
                                     ("inner", 2, r.inner is not None), ("counter", 1, r.counter is not None),
                                     ("planned", len(r.planned), len(r.planned) > 0), ("eta", 4, line.eta is not None)):
            if present:
                self.at[name] = len(self.need)
                first = o["end"] if name == "eta" else o[name]  # (an ETA's numbers follow the record's)
                self.need += range(first, first + count)
        self.bulk = (kind, r.ctx, r.keys, tuple(r.planned), tuple(self.at), line.garbled, r.bar)

    def numbers(self, raw: str, table: list[str] | None) -> list | None:
        """The numbers of ``raw`` (ordered as :func:`_leaves`), or None when this plan does not read it."""
        if self.table is not None and self.table != table:
            return None  # a table row under another header of as many columns: other names
        x = self.leaves.copy()
        for j, a, b, kind, props in self.slots:
            t = raw[a:b]
            try:
                v = kind(t)
            except ValueError:
                v = _as(kind, t)
                if v is None:
                    return None
            if props is not None and _props(v) != props:
                return None
            x[j] = v
        return x


_DECIMAL = re.compile(r"([-+]?)(\d[\d,]*|)(?:\.(\d*))?(?:[eE]([-+]?)(\d+))?")
_POW10 = np.array([float(10 ** i) for i in range(23)])  # exact: 10**22 < 2**53 * 2**22


class _DecimalSpec(NamedTuple):
    """Where the digits of columns written alike are, and what they weigh (:func:`_decimal_spec`)."""
    mpos: np.ndarray  # ranks x columns (flat): the place of each column's mantissa digit of each rank
    mweight: np.ndarray  # ranks x columns: what a digit of that rank weighs (0 where the column has none)
    epos: np.ndarray  # the same for the exponents' digits
    eweight: np.ndarray
    frac: np.ndarray  # digits after the point, per column
    esign: np.ndarray  # the exponent's sign, per column
    fast: list  # (column, negative) of the columns written so


def _decimal_spec(spans: list[tuple[int, int, str, type]]) -> _DecimalSpec | None:
    """The digits' places of columns (``spans``: start, end, the first line's text, int or float) for
    :func:`_decimal_columns`: they depend only on where the first line has digits, sign, point and exponent, so a
    plan works them out once. None when no column is written so."""
    mpos, mcol, mpow, epos, ecol, epow, fast = [], [], [], [], [], [], []
    frac, esign = np.zeros(len(spans), dtype=np.int64), np.ones(len(spans), dtype=np.int64)
    for q, (a, b, text, kind) in enumerate(spans):
        m = _DECIMAL.fullmatch(text)
        if m is None:
            continue
        mant = [a + p for p in range(*m.span(2)) if text[p] != ","]
        mant += [a + p for p in range(*m.span(3))] if m.group(3) else []
        if not mant or len(mant) > 15 or (kind is int and (m.group(3) is not None or m.group(5) is not None)):
            continue
        mpos += mant
        mcol += [q] * len(mant)
        mpow += range(len(mant) - 1, -1, -1)
        frac[q] = len(m.group(3) or "")
        if m.group(5) is not None:
            ep = [a + p for p in range(*m.span(5))]
            epos += ep
            ecol += [q] * len(ep)
            epow += range(len(ep) - 1, -1, -1)
            esign[q] = -1 if m.group(4) == "-" else 1
        fast.append((q, m.group(1) == "-"))
    if not fast:
        return None

    def where(pos: list[int], col: list[int], pw: list[int]) -> tuple:
        """(places, weights) by rank (the power of ten) and column; a column with fewer digits has weight 0 at
        the ranks it lacks (and the place of one of its digits, or 0)."""
        ranks = max(pw, default=-1) + 1
        place, weight = np.zeros((ranks, len(spans)), dtype=np.intp), np.zeros((ranks, len(spans)))
        place[pw, col] = pos
        weight[pw, col] = 10.0 ** np.asarray(pw, dtype=np.float64)
        return place.ravel(), weight

    return _DecimalSpec(*where(mpos, mcol, mpow), *where(epos, ecol, epow), frac, esign, fast)


def _decimal_columns(chars: np.ndarray, spans: list[tuple[int, int, str, type]],
                     spec: _DecimalSpec | None) -> list[np.ndarray | None]:
    """The numbers of columns of characters (``spans``: start, end, the first line's text, int or float; ``spec``:
    their :func:`_decimal_spec`), each column written like its first line (same sign, separators,
    point and exponent places; other digits): the digits' integer M and the power of ten E are exact, and
    M * 10**E (or M / 10**-E) is one correctly rounded operation when M < 2**53 and |E| <= 22 (Clinger's fast
    path), so each value is the one float() gives (numpy's own correctly rounded parse for a power of ten beyond
    22). All columns at once: the digits of every column are one array, their Ms and Es two sums. None for a
    column not written so (NaN, inf, more than 15 digits): numpy's parse is used for it."""
    out: list[np.ndarray | None] = [None] * len(spans)
    if spec is None:
        return out

    def sums(place: np.ndarray, weight: np.ndarray) -> np.ndarray:
        """rows x columns: each column's digits times what they weigh, summed over the ranks -- exact in float64:
        every product and partial sum is an integer below 10**15 < 2**53. (A product of matrices does the same
        but wakes a BLAS library's threads, which then spin: twice the CPU for no time saved.)"""
        digits = (chars[:, place] - np.uint8(48)).reshape(chars.shape[0], *weight.shape)
        return (digits * weight).sum(axis=1)

    m = sums(spec.mpos, spec.mweight)  # rows x columns
    if len(spec.epos):
        e = sums(spec.epos, spec.eweight).astype(np.int64) * spec.esign - spec.frac
        v = np.where(e >= 0, m * _POW10[np.clip(e, 0, 22)], m / _POW10[np.clip(-e, 0, 22)])
        far_in = (np.abs(e) > 22).any(axis=0)
    else:  # a power of ten per column (at most 15 digits after the point): one division
        e = None
        v = m / _POW10[spec.frac]
    for q, minus in spec.fast:
        a, b, _, kind = spans[q]
        if kind is int:
            col = m[:, q].astype(np.int64)
            out[q] = -col if minus else col
            continue
        col = -v[:, q] if minus else v[:, q].copy()
        if e is not None and far_in[q]:  # beyond the fast path: numpy's parse for those
            far = np.flatnonzero(np.abs(e[:, q]) > 22)
            col[far] = np.ascontiguousarray(chars[far, a:b]).view(f"S{b - a}").ravel().astype(np.float64)
        out[q] = col
    return out


def _decimal_column(chars: np.ndarray, first: str, kind: type) -> np.ndarray | None:
    """One column of :func:`_decimal_columns` (``chars``: the column's characters)."""
    spans = [(0, chars.shape[1], first, kind)]
    return _decimal_columns(chars, spans, _decimal_spec(spans))[0]


def _numbers_of_run(plan: _Plan, raws: list[str]) -> tuple[list[np.ndarray], np.ndarray] | None:
    """Columns of the numbers ``plan.need`` for lines of one shape at once, and which lines the plan reads (their
    numbers have the first line's properties): the lines have the same length and their numbers the same places,
    so each number is a column of characters, converted by numpy (the same correctly rounded parse as float()).
    Lines with other characters (a bar's glyphs) are taken as UTF-8 bytes: lines of one shape have the same
    bytes before each number. None when a column does not convert (thousands separators, an exponent in an int):
    they are then read one by one."""
    n = len(raws)
    data = "".join(raws).encode("utf-8", "surrogatepass")
    first = raws[0]
    width = len(data) // n
    if len(data) != n * width:
        return None
    chars = np.frombuffer(data, dtype=np.uint8).reshape(n, width)
    ok = np.ones(n, dtype=bool)
    found = {}
    if plan.columns is None:  # where the numbers are, in bytes, and their digits (the same for every line)
        slots, spans = [], []
        for j, a, b, kind, props in plan.slots:
            if j not in plan.need:
                continue
            text = first[a:b]
            if not first.isascii():  # the number's place in bytes
                if not text.isascii():
                    plan.columns = False  # (digits of other scripts: one by one)
                    return None
                a = len(first[:a].encode("utf-8", "surrogatepass"))
                b = a + len(text)
            slots.append((j, props))
            spans.append((a, b, text, kind))
        plan.columns = slots, spans, _decimal_spec(spans)
    elif plan.columns is False:
        return None
    slots, spans, spec = plan.columns
    for (j, props), (a, b, _, kind), v in zip(slots, spans, _decimal_columns(chars, spans, spec)):
        if v is None:
            text = np.ascontiguousarray(chars[:, a:b]).view(f"S{b - a}").ravel()
            try:
                v = text.astype(np.float64 if kind is float else np.int64)
            except (ValueError, OverflowError):
                return None
        if props is not None:
            for got, want in zip((v > 0, v < 0, (v == np.floor(v)) & np.isfinite(v), np.isnan(v)), props):
                ok &= got == want
        found[j] = v
    return [found[j] if j in found else np.full(n, plan.leaves[j]) for j in plan.need], ok


def _acts_beyond_its_numbers(a: _Line) -> bool:
    """Does the reading say more than a record or table row: a crash, a resume, an early stop, settings, a table
    header (what the parser does with it depends on its text, not only on its numbers)?"""
    return bool(a.crash or a.resume or a.early or a.settings or a.options or a.dot is not None
                or a.copypaste is not None or a.table_head is not None)


def _plan(raw: str, a: _Line, table: list[str] | None) -> _Plan | None:
    """A plan for the shape of ``raw`` read as ``a``, or None when lines of that shape must be read afresh."""
    if _acts_beyond_its_numbers(a) or "xit" in raw:
        return None
    shape, leaves = _shape(a), _leaves(a)
    tokens = _free_numbers(raw)
    probes = _probes(raw, tokens)
    seen = []
    for p in probes:
        b = _analyse(p, table)
        if _shape(b) != shape:
            return None
        seen.append(_leaves(b))
    texts = [raw, *probes]
    # the values whose properties the reading consulted (Rec.asked); the others are only copied
    read_props = set(a.rec.asked) if a.rec is not None else set()
    nan = "nan"  # NaN equals itself here: a NaN read from a place is that place's NaN

    def read_at(kind, i, k):
        return tuple(nan if v != v else v for v in (_as(kind, t[i:k]) for t in texts))

    at_token: dict = {}  # kind -> {the four numbers a whole free-standing number reads as -> its places}
    slots = []
    for j, v in enumerate(leaves):
        vs = [v] + [x[j] for x in seen]
        if v is None or all(_same(v, w) for w in vs[1:]):
            continue  # not in this shape, or not from a digit that varies (NaN, inf, a guarded digit)
        kind = type(v)
        want = tuple(nan if w != w else w for w in vs)
        if kind not in at_token:
            at_token[kind] = {}
            for span in tokens:
                at_token[kind].setdefault(read_at(kind, *span), []).append(span)
        # a whole free-standing number, else a part of one ("1,2345" read as 1): exactly one place must fit
        found = at_token[kind].get(want, [])
        if not found:
            found = [(i, k) for s0, e0 in tokens if e0 - s0 <= 40 for i in range(s0, e0)
                     for k in range(i + 1, e0 + 1) if (i, k) != (s0, e0) and read_at(kind, i, k) == want]
        if len(found) != 1:
            return None
        slots.append((j, found[0][0], found[0][1], kind, _props(v) if j in read_props else None))
    return _Plan(a, leaves, slots, None if a.table_row is None else list(table))


# A log that prints numbers with %g or as a rounded repr writes them with more or fewer digits from line to line
# (0.6274, 1.253, 0.491, iteration 99 then 100), and each set of widths is another shape: a long log of such lines
# has hundreds, most seen a few times. Lines of one *family* -- the shape with each run of digits written once --
# whose text outside their free-standing numbers is the same read alike, except where a pattern counts digits (a
# time stamp's \d\d, a thousands group, a "12:" prefix) or a number moves to another key. So when a line of a new
# shape comes, a probe of it (its free-standing digits shifted, as for a plan: a line of the same shape) is read
# afresh, and when that reading is the one of a planned line of its family (the same reading with its numbers
# left out, each number taken from the free-standing number of the same rank, the other numbers the same), the
# shape gets a plan at once and the line is read by it: the planned line's probes vouched that the digits' values
# do not matter, the probe's reading that these widths do not. A number is placed by its value; where another
# free-standing number of the probe reads the same (two places could be swapped unseen), a second probe must read
# as the plan says too. A plan with a number inside a free-standing one ("1,2345" read as 1) is not a template.
# Once such readings have shown that some widths read alike, a line of a new shape whose widths are all among
# them is read by the template's plan without a reading of its own (_Template.lend): its widths are checked
# number by number -- and together for numbers next to each other or one character apart ("12:05:33", "1,234",
# "2021-06-01 10:00:08", "3/50"), which is where the patterns that count digits look at several numbers -- and
# its length must lie between the lengths read (a few checks ask how long a message is). (A pattern added to the
# reader that counts the digits of numbers further apart must widen these groups: _Template.__init__.)
_ZERO_RUN = re.compile(rb"0+")
TEMPLATES_PER_FAMILY = 8  # planned lines kept per family (one per text outside the numbers: layer2, layer3, ...)


def _family_key(skel: bytes) -> bytes:
    """The shape key with each run of digits written once."""
    return _ZERO_RUN.sub(b"0", skel)


def _gaps(raw: str, tokens: list[tuple[int, int]]) -> tuple[str, ...]:
    """The text around and between the free-standing numbers ``tokens``."""
    ends = [0, *(x for span in tokens for x in span), len(raw)]
    return tuple(raw[ends[i]:ends[i + 1]] for i in range(0, len(ends), 2))


class _Template:
    """A planned line (its plan made by probes) that lines of other shapes of its family are compared with: the
    text outside its free-standing numbers, its reading with the numbers left out, and the rank of the number
    each slot reads."""

    __slots__ = ("plan", "shape", "gaps", "where", "groups", "seen", "lengths")

    def __init__(self, raw: str, plan: _Plan, tokens: list[tuple[int, int]], where: list[tuple]):
        self.plan, self.shape, self.gaps, self.where = plan, _shape(plan.line), _gaps(raw, tokens), where
        # free-standing numbers next to each other or one character apart (by rank), whose widths are checked
        # together; the widths of each group and the lengths of the lines read as this template reads
        self.groups: list[list[int]] = []
        for i in range(len(tokens)):
            if i and len(self.gaps[i]) <= 1:
                self.groups[-1].append(i)
            else:
                self.groups.append([i])
        self.seen: list[set] = [set() for _ in self.groups]
        self.lengths = [len(raw), len(raw)]
        self.learn(raw, tokens)

    def _same_text(self, gaps: tuple[str, ...], table: list[str] | None) -> bool:
        """Does a line with the text ``gaps`` outside its numbers, under the table header ``table``, have the
        template's text (and header, for a table row)?"""
        return gaps == self.gaps and (self.plan.table is None or self.plan.table == table)

    def _widths(self, raw: str, tokens: list[tuple[int, int]]) -> list[tuple]:
        """The widths of the digit runs of each group of free-standing numbers."""
        runs = [tuple(len(r) for r in _DIGIT_RUN.findall(raw, a, b)) for a, b in tokens]
        return [tuple(runs[i] for i in group) for group in self.groups]

    def learn(self, raw: str, tokens: list[tuple[int, int]]):
        """A line of the family read afresh has read as this template does: its widths read alike."""
        for seen, widths in zip(self.seen, self._widths(raw, tokens)):
            seen.add(widths)
        self.lengths = [min(self.lengths[0], len(raw)), max(self.lengths[1], len(raw))]

    def lend(self, raw: str, tokens: list[tuple[int, int]], gaps: tuple[str, ...],
             table: list[str] | None) -> _Plan | None:
        """The template's plan with its numbers' places in ``raw`` (a line of another shape of the family, its
        free-standing numbers ``tokens``), when every group of its numbers has widths read alike before; else
        None."""
        plan = self.plan
        if not self._same_text(gaps, table) or not self.lengths[0] <= len(raw) <= self.lengths[1]:
            return None
        if not all(w in seen for seen, w in zip(self.seen, self._widths(raw, tokens))):
            return None
        slots = [(j, *tokens[t], kind, slot[4]) for (j, t, kind), slot in zip(self.where, plan.slots)]
        return _Plan(plan.line, plan.leaves, slots, plan.table)

    @staticmethod
    def of(raw: str, plan: _Plan) -> "_Template | None":
        """The template of a plan, or None when a slot is part of a free-standing number."""
        tokens = _free_numbers(raw)
        rank = {span: i for i, span in enumerate(tokens)}
        where = []
        for j, a, b, kind, _ in plan.slots:
            if (a, b) not in rank:
                return None
            where.append((j, rank[a, b], kind))
        return _Template(raw, plan, tokens, where)

    def derive(self, raw: str, a: _Line, table: list[str] | None, tokens: list[tuple[int, int]],
               gaps: tuple[str, ...], shape: tuple) -> _Plan | None:
        """A plan for the shape of ``raw`` (read as ``a``; its free-standing numbers ``tokens``), or None when the
        line does not read as this template does."""
        if not self._same_text(gaps, table) or shape != self.shape:
            return None
        plan = self.plan
        leaves = _leaves(a)
        in_slot = set()
        alike = False
        read_props = set(a.rec.asked) if a.rec is not None else set()
        slots = []
        told: dict = {}  # kind -> how many free-standing numbers read as each value
        for j, t, kind in self.where:
            v = leaves[j]
            s0, e0 = tokens[t]
            if not _same(_as(kind, raw[s0:e0]), v):
                return None
            if not alike:  # another number reads the same: a probe tells which one the reading took
                if kind not in told:
                    told[kind] = collections.Counter("nan" if w != w else w
                                                     for w in (_as(kind, raw[s:e]) for s, e in tokens))
                alike = told[kind]["nan" if v != v else v] > 1
            in_slot.add(j)
            slots.append((j, s0, e0, kind, _props(v) if j in read_props else None))
        if not all(_same(v, w) for j, (v, w) in enumerate(zip(leaves, plan.leaves)) if j not in in_slot):
            return None  # a number not from a free-standing one (a guard digit's) reads otherwise
        derived = _Plan(a, leaves, slots, None if a.table_row is None else list(table))
        if alike:
            probe = _probes(raw, tokens, which=(2,))[0]
            b = _analyse(probe, table)
            x = derived.numbers(probe, table)
            if x is None or _shape(b) != shape or not all(_same(v, w) for v, w in zip(x, _leaves(b))):
                return None
        return derived


# ---------------------------------------------------------------------------------------------- parser
@dataclass
class _Series:
    """The points of one key of one template: runs of points added at once (``chunks``: arrays of steps, values
    and record orders, and how they are placed), then the points added one by one since (the lists)."""
    steps: list = field(default_factory=list)
    values: list = field(default_factory=list)
    order: list = field(default_factory=list)
    how: list = field(default_factory=list)  # position kind per point: "step" | "epoch" | "ordinal" | "ctx"
    last_bar: bool = False  # the last point came from a progress-bar rendering (the next one may replace it)
    period: int = 0  # the epoch length N of "[e][i/N]" records (0: none); a different N is another training
    chunks: list = field(default_factory=list)

    def add(self, steps: np.ndarray, values: np.ndarray, order: np.ndarray, how: str):
        if self.steps:  # the points added one by one come first
            self.chunks.append(self._tail())
            self.steps, self.values, self.order, self.how = [], [], [], []
        self.chunks.append((steps, values, order, how))
        self.last_bar = False

    def _tail(self) -> tuple:
        return (np.asarray(self.steps, dtype=np.int64), np.asarray(self.values, dtype=np.float64),
                np.asarray(self.order, dtype=np.int64), self.how)

    def count(self) -> int:
        return sum(len(c[0]) for c in self.chunks) + len(self.steps)

    def last_point(self) -> tuple[int, int]:
        """(step, record order) of the last point."""
        if self.steps:
            return self.steps[-1], self.order[-1]
        c = self.chunks[-1]
        return int(c[0][-1]), int(c[2][-1])

    def replace_last(self, value: float, order: int):
        """The last point, at the same step and placed the same way, with another value and record order."""
        if not self.steps:  # in a run added at once: moved to the points added one by one
            c = self.chunks[-1]
            self.drop_last()
            self.steps, self.values, self.order = [int(c[0][-1])], [c[1][-1].item()], [int(c[2][-1])]
            self.how = [c[3] if isinstance(c[3], str) else c[3][-1]]
        self.values[-1] = value
        self.order[-1] = order

    def drop_last(self):
        if self.steps:
            for column in (self.steps, self.values, self.order, self.how):
                column.pop()
            return
        c = self.chunks.pop()
        if len(c[0]) > 1:
            self.chunks.append((c[0][:-1], c[1][:-1], c[2][:-1], c[3] if isinstance(c[3], str) else c[3][:-1]))

    def first(self) -> tuple:
        """(value, how, record order) of the first point."""
        if self.chunks:
            c = self.chunks[0]
            v = c[1][0].item()
            # (a NaN as _num gives it)
            return math.nan if v != v else v, c[3] if isinstance(c[3], str) else c[3][0], c[2][0]
        return self.values[0], self.how[0], self.order[0]

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, set]:
        """(steps, values, orders) of every point, in the order added, and the set of ways they were placed."""
        parts = [*self.chunks, self._tail()] if self.steps or not self.chunks else self.chunks
        hows = {h for c in parts for h in ([c[3]] if isinstance(c[3], str) else set(c[3]))}
        if len(parts) == 1:
            return parts[0][0], parts[0][1], parts[0][2], hows
        return (np.concatenate([c[0] for c in parts]), np.concatenate([c[1] for c in parts]),
                np.concatenate([c[2] for c in parts]), hows)


class _LastAt:
    """The value written last at each position (the epoch a step was printed in), written one by one or as arrays
    and worked out once, when the log has been read."""

    __slots__ = ("chunks", "pos", "val")

    def __init__(self):
        self.chunks: list[tuple[np.ndarray, np.ndarray]] = []
        self.pos: list[int] = []
        self.val: list[float] = []

    def set(self, pos: int, val: float):
        self.pos.append(pos)
        self.val.append(val)

    def set_many(self, pos: np.ndarray, val):
        self._seal()
        self.chunks.append((np.asarray(pos, dtype=np.int64), np.broadcast_to(np.asarray(val, dtype=np.float64),
                                                                             (len(pos),))))

    def _seal(self):
        if self.pos:
            self.chunks.append((np.array(self.pos, dtype=np.int64), np.array(self.val, dtype=np.float64)))
            self.pos, self.val = [], []

    def resolved(self) -> tuple[np.ndarray, np.ndarray]:
        """(positions in increasing order, the last value written at each)."""
        self._seal()
        if not self.chunks:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        pos = np.concatenate([c[0] for c in self.chunks])[::-1]
        at, last = np.unique(pos, return_index=True)  # (the first in reverse: the last written)
        return at, np.concatenate([c[1] for c in self.chunks])[::-1][last]


class _Pending:
    """The records of one template with no clock of their own, in log order, with the epoch and step of the
    nearest preceding line (their clock is chosen when the whole log has been read): runs of records added at
    once (arrays), then records added one by one (lists)."""

    __slots__ = ("keys", "chunks", "seq", "epoch", "step", "values", "bar")

    def __init__(self, keys: list[str]):
        self.keys = keys
        self.chunks: list[tuple] = []  # (orders, epoch, step, values: records x keys, bar)
        self.seq, self.epoch, self.step, self.values, self.bar = [], [], [], [], []

    def add_one(self, seq: int, epoch, step, values: list, bar: bool):
        self.seq.append(seq)
        self.epoch.append(epoch)
        self.step.append(step)
        self.values.append(values)
        self.bar.append(bar)

    def add(self, seqs: np.ndarray, epoch, step, values: np.ndarray, bar: bool):
        """Records at once: ``epoch`` is the epoch in force for all, or a list (one per record)."""
        if self.seq:
            self._seal()
        self.chunks.append((seqs, epoch, step, values, bar))

    def _seal(self):
        self.chunks.append((np.asarray(self.seq, dtype=np.int64), self.epoch, self.step,
                            np.asarray(self.values, dtype=np.float64).reshape(len(self.seq), len(self.keys)), self.bar))
        self.seq, self.epoch, self.step, self.values, self.bar = [], [], [], [], []

    def columns(self) -> tuple[np.ndarray, list, list, np.ndarray, list]:
        """(orders, epochs, steps, values: records x keys, bars) of every record, in log order."""
        if self.seq:
            self._seal()
        n = [len(c[0]) for c in self.chunks]
        spread = [(c[1], c[2], c[4]) if isinstance(c[4], list) else
                  (c[1] if isinstance(c[1], list) else [c[1]] * k, [c[2]] * k, [c[4]] * k)
                  for c, k in zip(self.chunks, n)]
        return (np.concatenate([c[0] for c in self.chunks]), [x for e, _, _ in spread for x in e],
                [x for _, st, _ in spread for x in st], np.concatenate([c[3] for c in self.chunks]),
                [x for _, _, b in spread for x in b])


CLOCK_KIND = {"step": "step", "global-iter": "step", "epoch": "epoch", "ctx-epoch": "ctx", "ctx-step": "ctx",
              "ordinal": "ordinal", "counter": "counter"}


class TextLogParser:
    def __init__(self, path: Path, reuse: bool = True):
        self.path = path
        self.reuse = reuse  # reuse the reading of a line for lines of the same shape (see _Plan)
        # a table header in force changes how lines read only through its number of columns (_table_row), and the
        # names of a table row's values (a plan of a row keeps the header it was made under)
        self._plans_per_ncols: dict[int, dict] = {0: {}}
        self.plans: dict[bytes, int | _Shape] = self._plans_per_ncols[0]  # shape -> times seen, or its plans
        self._families_per_ncols: dict[int, dict] = {0: {}}
        self.families: dict[bytes, list[_Template]] = self._families_per_ncols[0]  # family -> its templates
        self.series: dict[tuple, dict[str, _Series]] = {}
        self.template_last: dict[tuple, int] = {}  # template -> seq of its last emitted record
        self.ctx_epoch: int | None = None
        self.ctx_step: int | None = None
        self.epoch_base: int | None = None
        self.planned: dict = {}
        self.n_lines = 0
        self._last_lineno = -1
        self.ordinal_epochs: dict[str, np.ndarray] = {}  # series numbered in order -> the epoch of each record
        self.unparsed = 0
        self.unparsed_examples: list[str] = []
        self.crash_line: tuple[int, str] | None = None
        self.kill_line: tuple[int, str] | None = None  # a kill/interrupt message in the crash block at the end
        self.resumes: list[tuple[int, str]] = []  # statements that training went on from a saved state
        self.early_stop: tuple[int, str] | None = None  # the framework saying its early-stopping rule ended the run
        self.etas: list[tuple[int, int]] = []  # (line, seconds left) of the last two records that stated an ETA
        self.inner: list[tuple[int, int, int, int]] = []  # the last two training records with a [batch/N] counter
        self.mid_crashes: list[tuple[int, str]] = []  # errors after which training printed points again
        self.last_point_line = 0
        self.table: list[str] | None = None
        self.table_ctx = ""
        self.csv_head: list[str] | None = None
        self.seq = 0
        self.open_record: tuple | None = None  # (template, step, how) a one-pair continuation attaches to
        self.repeats = 0
        self.first_seen: dict[tuple, int] = {}
        self.clocked: dict[str, np.ndarray] = {}  # tag -> its steps, for series on a real clock
        self.summary: dict[str, float] = {}
        self.garbled = 0
        self.pending: dict[tuple, _Pending] = {}
        self.tpl_clock: dict[tuple, list] = {}
        # where a configuration was printed (record order): a launch starts there, so the same record printed at
        # the same position on either side of it is two launches' records, not an echo
        self.launches: list[int] = []
        self.heading: str | None = None
        # records held back to apply together (_flush): their line numbers, texts, plans (by number) and the
        # numbers already read of some (by place); the lists are emptied in place (feed_lines binds them)
        self.b_lines: list[int] = []
        self.b_raws: list[str] = []
        self.b_pids: list[int] = []
        self.b_x: dict[int, list] = {}
        self.plan_of: list[_Plan] = []  # plans by number, and the number of each one's kind of record
        self.kind_of_pid: list[int] = []
        self._pids: dict[int, int] = {}
        self._kinds: dict[tuple, int] = {}
        self._kind_names: list[str] = []
        self._batch_only: list[int] = []  # plans of one line's reading, numbered for the batch being held
        self._free: list[int] = []  # their numbers once that batch is applied
        # shapes whose first plan is applied in batches: shape -> its number (with guard places and digits when it
        # has some: _fast_entry); a line of one joins the batch without a lookup (its plan reads it, or it is read
        # afresh, when the batch is applied)
        self.fast: dict[bytes, int | tuple] = {}
        self.hparams: dict = {}
        # the epoch at each position, per clock kind: the epoch itself on an epoch clock, the epoch the line
        # was printed in on a step clock (kept as an ``epoch`` tag, as tabular importers keep their column)
        self.epoch_at: dict[str, _LastAt] = {"epoch": _LastAt(), "step": _LastAt()}

    # -- emit
    def _emit(self, tpl: tuple, keys, vals, pos: int, how: str, bar: bool):
        fam = self.series.setdefault(tpl, {})
        self.seq += 1
        for k, v in zip(keys, vals):
            s = fam.get(k)
            if s is None:
                s = fam[k] = _Series(period=next((x[1] for x in tpl if isinstance(x, tuple)), 0))
            if bar and s.last_bar and s.last_point() == (pos, self.template_last.get(tpl)):
                s.replace_last(v, self.seq)
                continue
            s.steps.append(pos)
            s.values.append(v)
            s.order.append(self.seq)
            s.how.append(how)
            s.last_bar = bar
        self.template_last[tpl] = self.seq
        if how == "epoch":
            self.epoch_at["epoch"].set(pos, pos)
        elif how in ("step", "global-iter") and self.ctx_epoch is not None:
            self.epoch_at["step"].set(pos, self.ctx_epoch)

    def feed(self, lineno: int, raw: str):
        self.feed_lines(lineno, [raw])

    def feed_lines(self, first: int, lines: list[str]):
        """Physical lines ``first``, ``first + 1``, ... (the renderings of one long physical line can come in
        several parts: the first may continue the line fed last). The common case -- a rendering of a shape
        whose plan is applied in batches -- is handled here, the rest by :meth:`_feed_one`."""
        if not lines:
            return
        self.n_lines += len(lines) - (first == self._last_lineno)
        self._last_lineno = first + len(lines) - 1
        fast, pids = self.fast, self.b_pids
        add_line, add_raw, add_pid = self.b_lines.append, self.b_raws.append, pids.append
        # each rendering (a progress bar redrawn with \r is several: the last one at a position stands) with its
        # shape key -- for a chunk of plain lines (ASCII, no \r) all keys at once, else one by one
        joined = "\n".join(lines) if self.reuse else ""
        if not self.reuse:
            items = ((lineno, raw, None) for lineno, line in enumerate(lines, first) for raw in _renderings(line))
        elif joined.isascii() and "\r" not in joined and joined.count("\n") == len(lines) - 1 \
                and max(map(len, lines)) <= MAX_LINE:
            items = zip(itertools.count(first), lines, joined.encode().translate(DIGITS_AS_ZERO).split(b"\n"))
        else:
            items = ((lineno, raw, _shape_key(raw)) for lineno, line in enumerate(lines, first)
                     for raw in _renderings(line))
        for lineno, raw, skel in items:
            pid = fast.get(skel)
            if pid.__class__ is not int:  # (an int: the plan of a shape without guard digits)
                if pid is not None:
                    guards, gkey, pid = pid
                    if not (raw[guards] == gkey if guards.__class__ is slice else _guard_key(raw, guards) == gkey):
                        pid = None
                if pid is None:
                    if raw and not raw.isspace():  # (blank lines have no plan)
                        self._feed_one(lineno, raw, skel)
                        fast = self.fast  # (a table header starts another set)
                    continue
            # its numbers are read when the batch is applied
            add_line(lineno)
            add_raw(raw)
            add_pid(pid)
            if len(pids) >= MAX_BATCH:  # memory stays bounded by the series, not the file
                self._flush()

    def _feed_one(self, lineno: int, raw: str, skel: bytes | None = None):
        if not self.reuse:
            self._apply(lineno, raw, _analyse(raw, self.table))
            return
        if skel is None:
            skel = _shape_key(raw)
        plan, x, shape, gkey = self._lookup(raw, skel)
        if plan is None or plan.bulk is None:
            a = x if plan is None else _rebuild(plan.line, x)
            if a.table_head is not None:  # how the lines after it read depends on it: applied now
                self._flush()
                self._apply(lineno, raw, a)
                return
            # a record of a kind applied in batches joins them with its numbers (a plan of its own reading:
            # lines of new shapes do not cut a batch's run of one kind); anything else is applied by itself, in
            # its place, when the batch is
            own = _Plan(a, _leaves(a), [], None) if a.rec is not None and not _acts_beyond_its_numbers(a) else None
            if own is not None and own.bulk is not None:
                if self._free:  # (numbered for this batch only, in a place an earlier batch freed)
                    pid = self._free.pop()
                    self.plan_of[pid], self.kind_of_pid[pid] = own, self._kind(own.bulk)
                else:
                    pid = len(self.plan_of)
                    self.plan_of.append(own)
                    self.kind_of_pid.append(self._kind(own.bulk))
                self._batch_only.append(pid)
                self._hold(lineno, raw, pid, own.leaves)
            else:
                self._hold(lineno, raw, -1, a)
            return
        pid = self._pid(plan)
        if plan is shape.plans[gkey][0] and len(self.fast) < MAX_FAST:
            # lines of this shape and guard digits go straight to the batch from now on (feed_lines)
            self.fast[skel] = _fast_entry(shape.guards, gkey, pid)
        self._hold(lineno, raw, pid, x)

    def _hold(self, lineno: int, raw: str, pid: int, known):
        """Hold a rendering back for the batch: read by plan ``pid`` (its numbers ``known``), or with pid -1 a
        reading ``known`` applied by itself in its place. (feed_lines does the same inline for the common case.)"""
        self.b_x[len(self.b_pids)] = known
        self.b_lines.append(lineno)
        self.b_raws.append(raw)
        self.b_pids.append(pid)
        if len(self.b_pids) >= MAX_BATCH:  # memory stays bounded by the series, not the file
            self._flush()

    def _pid(self, plan: _Plan) -> int:
        """The number of a plan whose records are batched (and of its kind of record)."""
        pid = self._pids.get(id(plan))
        if pid is None:
            pid = self._pids[id(plan)] = len(self.plan_of)
            self.plan_of.append(plan)
            self.kind_of_pid.append(self._kind(plan.bulk))
        return pid

    def _kind(self, bulk: tuple) -> int:
        if bulk not in self._kinds:
            self._kinds[bulk] = len(self._kinds)
            self._kind_names.append(bulk[0])
        return self._kinds[bulk]

    def _read(self, raw: str) -> _Line:
        """The reading of one rendering (by a plan when one fits)."""
        if not self.reuse:
            return _analyse(raw, self.table)
        plan, x, _, _ = self._lookup(raw, _shape_key(raw))
        return x if plan is None else _rebuild(plan.line, x)

    def _lookup(self, raw: str, skel: bytes) -> tuple[_Plan | None, object, _Shape | None, str]:
        """(plan, numbers, shape, guard digits) when a plan of the line's shape and guard digits fits (see _Plan),
        else (None, the line read afresh, None, ""). A plan costs three readings (its probes), so it is made when
        its shape and guard digits are seen the PLAN_AT-th time -- or at once from a planned line of its family
        (see _Template). Lines of one shape have their guard digits at the same places (FREE_NUMBER reads
        character classes), so ``layer3`` after ``layer2`` is the same shape with another plan."""
        got = self.plans.get(skel)
        if got.__class__ is _Shape:
            key = _guard_key(raw, got.guards)
            plans = got.plans.get(key, 0)
            if plans.__class__ is list:
                for q, plan in enumerate(plans):
                    x = plan.numbers(raw, self.table)
                    if x is not None:
                        if q:  # the plan read last is tried first (numbers of a line's neighbours look alike)
                            plans.insert(0, plans.pop(q))
                            if skel in self.fast and plan.bulk is not None:
                                self.fast[skel] = _fast_entry(got.guards, key, self._pid(plan))
                        return plan, x, got, key
                # numbers of other properties (0.000 after 0.002): a plan of their own, once seen PLAN_AT times
                a = _analyse(raw, self.table)
                got.misses[key] = n = got.misses.get(key, 0) + 1
                if n >= PLAN_AT and len(plans) < PROPERTIES_PER_SHAPE:
                    got.misses[key] = 0
                    plan = self._probed(raw, skel, a)
                    if plan is not None:
                        plans.append(plan)
                return None, a, None, ""
            if plans is not True and (plans or len(got.plans) < PLANS_PER_SHAPE):  # seen ``plans`` times before
                plan, _ = self._derived(raw, skel)
                if plan is not None:
                    return self._read_by(plan, raw, got, key)
                a = _analyse(raw, self.table)
                if plans + 1 >= PLAN_AT:
                    plan = self._probed(raw, skel, a)
                    got.plans[key] = [plan] if plan is not None else True  # True: none can be made
                else:
                    got.plans[key] = plans + 1
                return None, a, None, ""
            return None, _analyse(raw, self.table), None, ""
        if got is None and len(self.plans) >= MAX_SHAPES:
            return None, _analyse(raw, self.table), None, ""
        seen = (got or 0) + 1
        plan, tokens = self._derived(raw, skel)
        if plan is not None or seen >= PLAN_AT:
            shape = self.plans[skel] = _Shape(_guards(raw, tokens))
            key = _guard_key(raw, shape.guards)
            if plan is not None:
                return self._read_by(plan, raw, shape, key)
            a = _analyse(raw, self.table)
            plan = self._probed(raw, skel, a)
            shape.plans[key] = [plan] if plan is not None else True
            return None, a, None, ""
        self.plans[skel] = seen
        return None, _analyse(raw, self.table), None, ""

    def _read_by(self, plan: _Plan, raw: str, shape: _Shape, key: str) -> tuple:
        """:meth:`_lookup`'s answer for a line whose shape and guard digits ``key`` get ``plan`` from its family:
        read by it (or afresh, when its numbers have other properties than the plan's)."""
        shape.plans[key] = [plan]
        x = plan.numbers(raw, self.table)
        return (plan, x, shape, key) if x is not None else (None, _analyse(raw, self.table), None, "")

    def _probed(self, raw: str, skel: bytes, a: _Line) -> _Plan | None:
        """The plan :func:`_plan` makes (by probes), kept as a template of its family when it can be one."""
        plan = _plan(raw, a, self.table)
        if plan is not None:
            templates = self.families.get(family := _family_key(skel))
            if templates is None:
                if len(self.families) >= MAX_SHAPES:
                    return plan
                templates = self.families[family] = []
            if len(templates) < TEMPLATES_PER_FAMILY:
                t = _Template.of(raw, plan)
                if t is not None and not any(u.gaps == t.gaps and u.shape == t.shape for u in templates):
                    templates.append(t)
        return plan

    def _derived(self, raw: str, skel: bytes) -> tuple[_Plan | None, list[tuple[int, int]] | None]:
        """(plan, the line's free-standing numbers): a plan for the shape of ``raw`` lent by a template of its
        family, or made from the reading of a probe of the line as a template reads (see _Template; the probe's
        digits are shifted, so two numbers rarely read the same there, and the line itself is then read by the
        plan like every line of its shape). The plan is None when no template fits, the numbers when the family
        has no template."""
        templates = self.families.get(_family_key(skel))
        if not templates or "xit" in raw:
            return None, None
        tokens = _free_numbers(raw)
        gaps = _gaps(raw, tokens)
        for t in templates:
            plan = t.lend(raw, tokens, gaps, self.table)
            if plan is not None:
                return plan, tokens
        if not any(t.gaps == gaps for t in templates):
            return None, tokens  # (other text between the numbers, which a probe keeps: no template can fit)
        probe = _probes(raw, tokens, which=(1,))[0]
        b = _analyse(probe, self.table)
        if _acts_beyond_its_numbers(b):
            return None, tokens
        gaps, shape = _gaps(probe, tokens), _shape(b)
        for t in templates:
            plan = t.derive(probe, b, self.table, tokens, gaps, shape)
            if plan is not None:
                t.learn(probe, tokens)
                return plan, tokens
        return None, tokens

    def _flush(self):
        """Apply the records held back (lines whose plans change the state in ways known in advance: _Plan.bulk)
        as :meth:`_apply` would one by one: the numbers of the lines of one plan are taken as columns at once, and
        consecutive records of one kind are applied in one go; a line its plan does not read is read and applied
        by itself, in its place."""
        n = len(self.b_pids)
        if not n:
            return
        lines, raws, xs = self.b_lines[:], self.b_raws[:], self.b_x
        pid = np.asarray(self.b_pids, dtype=np.int64)
        del self.b_lines[:], self.b_raws[:], self.b_pids[:]
        self.b_x = {}
        ok = np.ones(n, dtype=bool)
        order = np.argsort(pid, kind="stable")
        numbers = []  # (rows, their plan's columns, which the plan read)
        for idx in np.split(order, np.flatnonzero(np.diff(pid[order])) + 1):
            if pid[idx[0]] < 0:  # lines read afresh: applied by themselves
                continue
            plan = self.plan_of[pid[idx[0]]]
            rows = idx.tolist()
            got = _numbers_of_run(plan, [raws[t] for t in rows]) if len(rows) >= RUN_AT_ONCE else None
            if got is None:  # one by one
                found = [xs[t] if t in xs else plan.numbers(raws[t], None) for t in rows]
                got = [[x[j] if x is not None else None for x in found] for j in plan.need], \
                    np.array([x is not None for x in found], dtype=bool)
            ok[idx] = got[1]
            numbers.append((idx, *got))
        # a line the plan it joined with does not read: another plan of its shape may (the plan that read the
        # line before it may not read this one: 0.00, then 0.01); else it is read afresh and applied by itself
        kid = np.where(pid >= 0, np.asarray(self.kind_of_pid + [-1], dtype=np.int64)[pid], -1)
        own = {t: xs[t] for t in np.flatnonzero(pid < 0).tolist()}
        redone = np.flatnonzero(~ok).tolist()
        for t in redone:
            plan, x, _, _ = self._lookup(raws[t], _shape_key(raws[t]))
            if plan is not None and plan.bulk is not None:
                pid[t] = self._pid(plan)
                kid[t] = self.kind_of_pid[pid[t]]
                xs[t] = x
            else:
                own[t] = x if plan is None else _rebuild(plan.line, x)
                kid[t] = -1
        at_kind = np.zeros(n, dtype=np.int64)  # a row's place among the rows of its kind
        cols: dict[int, list[np.ndarray]] = {}
        for k in np.unique(kid).tolist():
            if k >= 0:
                idx = np.flatnonzero(kid == k)
                at_kind[idx] = np.arange(len(idx))
                first = self.plan_of[pid[idx[0]]]  # (the numbers of one kind have the same types)
                cols[k] = [np.empty(len(idx), dtype=np.float64 if isinstance(first.leaves[j], float) else np.int64)
                           for j in first.need]
        for idx, run_cols, run_ok in numbers:
            sel = np.flatnonzero(run_ok)
            if len(sel):
                where = at_kind[idx[sel]]
                whole = len(sel) == len(idx)
                for c, rc in zip(cols[kid[idx[sel[0]]]], run_cols):
                    c[where] = rc if whole else [rc[q] for q in sel.tolist()]
        for t in redone:
            if t not in own:
                for c, j in zip(cols[kid[t]], self.plan_of[pid[t]].need):
                    c[at_kind[t]] = xs[t][j]
        # consecutive records of one kind are applied together, in log order; epoch lines and the clockless
        # records between them (Keras: "Epoch 3/50", then its progress line) together
        starts = np.flatnonzero(np.concatenate(([True], kid[1:] != kid[:-1]))).tolist() + [n]
        runs = list(zip(starts[:-1], starts[1:]))
        i = 0
        while i < len(runs):
            a, b = runs[i]
            k = int(kid[a])
            if k < 0:
                for t in range(a, b):
                    self._apply(lines[t], raws[t], own[t])
                i += 1
                continue
            j = i + 1
            pair = {k}
            while j < len(runs) and kid[runs[j][0]] >= 0 and len(pair | {int(kid[runs[j][0]])}) <= 2:
                pair.add(int(kid[runs[j][0]]))
                j += 1
            if j > i + 1 and {self._kind_names[q] for q in pair} == {"position", "none"}:
                if not self._apply_interleaved(lines, pid, kid, at_kind, cols, runs[i][0], runs[j - 1][1]):
                    for a, b in runs[i:j]:  # (not as two runs: run by run, in order)
                        self._apply_run(lines, pid, kid, at_kind, cols, a, b)
                i = j
                continue
            self._apply_run(lines, pid, kid, at_kind, cols, a, b)
            i += 1
        for q in self._batch_only:  # their places are free for the next batch's
            self.plan_of[q] = None
        self._free += self._batch_only
        self._batch_only = []

    def _apply_run(self, lines, pid, kid, at_kind, cols, a: int, b: int):
        """Records [a, b) of a batch, all of one kind."""
        lo, hi = at_kind[a], at_kind[b - 1] + 1
        self._apply_records(self.plan_of[pid[a]], lines[a:b], [c[lo:hi] for c in cols[int(kid[a])]])

    def _apply_interleaved(self, lines, pid, kid, at_kind, cols, a: int, b: int) -> bool:
        """Records [a, b) of a batch, lines that only say the epoch and clockless records between them, applied as
        two runs: each clockless record keeps the epoch of the epoch line before it. False (nothing applied) when
        the two kinds share what they change (a planned total, an ETA), a heading is in force, or a record with a
        counter comes before any epoch (its counter is then its clock): the caller then applies them run by run."""
        rows = np.arange(a, b)
        is_pos = np.asarray([self._kind_names[int(q)] == "position" for q in kid[a:b]])
        p_rows, n_rows = rows[is_pos], rows[~is_pos]
        p_plan, n_plan = self.plan_of[pid[p_rows[0]]], self.plan_of[pid[n_rows[0]]]
        shared = set(p_plan.line.rec.planned) & set(n_plan.line.rec.planned)
        if shared or ("eta" in p_plan.at and "eta" in n_plan.at) or (self.heading is not None and not is_pos[0]):
            return False
        p_cols = [c[at_kind[p_rows[0]]:at_kind[p_rows[-1]] + 1] for c in cols[int(kid[p_rows[0]])]]
        n_cols = [c[at_kind[n_rows[0]]:at_kind[n_rows[-1]] + 1] for c in cols[int(kid[n_rows[0]])]]
        epochs = p_cols[p_plan.at["epoch"]].tolist()
        before = np.searchsorted(p_rows, n_rows) - 1  # the epoch line before each clockless record
        seen = [epochs[q] if q >= 0 else self.ctx_epoch for q in before.tolist()]
        if "counter" in n_plan.at and None in seen:
            return False
        self.heading = None  # (the first line is an epoch line, which ends a heading's group)
        self._apply_records(n_plan, [lines[t] for t in n_rows.tolist()], n_cols, epochs_seen=seen)
        last_point, open_record = self.last_point_line, self.open_record
        self._apply_records(p_plan, [lines[t] for t in p_rows.tolist()], p_cols)
        if not is_pos[-1]:  # the last line was a record: the open record is its (none), not the epoch line's
            self.open_record = open_record
        self.last_point_line = last_point
        return True

    def _apply_records(self, plan: _Plan, lines: list[int], cols: list[np.ndarray], epochs_seen: list | None = None):
        """What :meth:`_apply` and :meth:`_record` do for records of the kind ``plan.bulk``, for many at once
        (``cols``: their numbers ``plan.need``, as arrays; ``epochs_seen``: for records with no clock, the epoch in
        force at each, when epoch lines came between them). Numbers kept in the parser's state are Python's."""
        line, r, at = plan.line, plan.line.rec, plan.at
        kind = plan.bulk[0]
        n = len(lines)
        seen = epochs_seen if epochs_seen is not None else [self.ctx_epoch] * n
        if (kind == "none" and (self.heading is not None or ("counter" in at and None in seen))) \
                or (kind == "global" and not cols[at["inner"] + 1].all()) \
                or (kind == "epoch" and "inner" in at and cols[at["inner"] + 1].any()):
            # a heading names these keys; a bar's counter is the clock before any epoch; an in-epoch counter is
            # the clock only with a total: one by one
            rows = [c.tolist() for c in cols]
            for t, lineno in enumerate(lines):
                x = plan.leaves.copy()
                for j, c in zip(plan.need, rows):
                    x[j] = c[t]
                self._apply(lineno, "", _rebuild(line, x))
            return
        if line.garbled:
            self.garbled += n
        if "eta" in at:
            e = at["eta"]
            for t in range(max(0, n - 2), n):
                d, h, m, sec = (int(cols[e + q][t]) for q in range(4))
                self.etas = (self.etas + [(lines[t], d * 86400 + h * 3600 + m * 60 + sec)])[-2:]
        if "planned" in at:
            p0 = at["planned"]
            for q, k in enumerate(r.planned):  # the last record that states a total sets it
                said = np.flatnonzero(cols[p0 + q])
                if len(said):
                    self.planned[k] = int(cols[p0 + q][said[-1]])
        tpl = (r.ctx,) + r.keys
        last = lines[-1]
        if kind == "position":
            epochs = cols[at["epoch"]]
            self.heading = None
            self._set_epoch(int(epochs[0]))  # (the first sets the base when none was)
            self._set_epoch(int(epochs[-1]))
            self.open_record = (tpl, self.ctx_epoch, "epoch", last)
            return
        if kind == "none":
            first = self.first_seen.setdefault(tpl, lines[0])
            pending = self.pending.get(tpl) or self.pending.setdefault(tpl, _Pending(list(plan.tagged)))
            pending.add(np.arange(self.seq + 1, self.seq + n + 1, dtype=np.int64),
                        seen if epochs_seen is not None else self.ctx_epoch, self.ctx_step,
                        np.column_stack(cols[:len(r.values)]).astype(np.float64), r.bar)
            self.seq += n
            # (as _positionless decides it for the first; the same holds for the rest)
            if self.crash_line is None or self.crash_line[0] < self.last_point_line or first < self.crash_line[0]:
                self.last_point_line = last
            self.open_record = None
            return
        self.heading = None
        epochs = cols[at["epoch"]] if "epoch" in at else None
        if epochs is not None:
            self._set_epoch(int(epochs[0]))  # (the first sets the base when none was)
            self._set_epoch(int(epochs[-1]))
            if "inner" in at and r.ctx != "val":  # where in its epoch each training record was printed
                i0 = at["inner"]
                marked = np.flatnonzero(cols[i0 + 1])[-2:].tolist()
                self.inner = (self.inner + [(lines[t], int(epochs[t]), int(cols[i0][t]), int(cols[i0 + 1][t]))
                                            for t in marked])[-2:]
        orders = np.arange(self.seq + 1, self.seq + n + 1, dtype=np.int64)
        self.seq += n
        periods = None  # the epoch length N of "[e][i/N]" is part of the clock (see _record)
        if kind == "step":
            steps, how = cols[at["step"]], "step"
        elif kind == "global":
            i0, base = at["inner"], self.epoch_base or 0
            steps, how = (epochs - base) * cols[i0 + 1] + cols[i0], "global-iter"
            periods = cols[i0 + 1]
        else:
            steps, how = epochs, "epoch"
            if "inner" in at and r.ctx == "val":  # MMCV's "Epoch(val) [e][N]": N is the length
                periods = cols[at["inner"]]
        if periods is None:
            parts = [(tpl, None)]
        else:
            ps = periods.tolist()
            parts = [(tpl + (("period", big),) if big else tpl,
                      None if len(set(ps)) == 1 else np.flatnonzero(periods == big)) for big in dict.fromkeys(ps)]
        for tp, idx in parts:
            fam = self.series.setdefault(tp, {})
            period = next((x[1] for x in tp if isinstance(x, tuple)), 0)
            sub = (lambda c: c) if idx is None else (lambda c: c[idx])
            st, od = sub(steps), sub(orders)
            keep = replace = None
            if r.bar:
                # successive renderings of one progress bar at one position are one point, the last rendering
                # (as _emit decides it rendering by rendering): the first may replace the template's last point
                keep = np.ones(len(st), dtype=bool)
                keep[:-1] = st[1:] != st[:-1]
                ser = fam.get(plan.tagged[0])
                replace = ser is not None and ser.last_bar and \
                    ser.last_point() == (int(st[0]), self.template_last.get(tp))
            for q, k in enumerate(plan.tagged):
                ser = fam.get(k)
                if ser is None:
                    ser = fam[k] = _Series(period=period)
                if keep is None:
                    ser.add(st, sub(cols[q]), od, how)
                    continue
                if replace:
                    ser.drop_last()
                ser.add(st[keep], sub(cols[q])[keep], od[keep], how)
                ser.last_bar = True
            self.template_last[tp] = int(od[-1])
        if how == "epoch":
            self.epoch_at["epoch"].set_many(steps, steps)
        else:
            if epochs is not None:
                self.epoch_at["step"].set_many(steps, epochs)
            elif self.ctx_epoch is not None:
                self.epoch_at["step"].set_many(steps, self.ctx_epoch)
            self.ctx_step = int(steps[-1])
        last_tpl = parts[-1][0] if len(parts) == 1 else \
            (tpl + (("period", int(periods[-1])),) if periods[-1] else tpl)
        self.open_record = (last_tpl, int(steps[-1]), how, last)
        self.last_point_line = last

    def _apply(self, lineno: int, raw: str, a: "_Line"):
        """What a rendering read by :func:`_analyse` changes in the parser's state, in the order the log says it."""
        if a.empty:
            return
        if a.garbled:
            self.garbled += 1
        if a.crash:
            msg = a.msg
            if self.crash_line is None or self.crash_line[0] < self.last_point_line:
                if self.crash_line is not None:
                    self.mid_crashes.append(self.crash_line)  # training went on after it: a launch that died
                self.crash_line = (lineno, msg.strip()[:160])
                self.kill_line = None
            if self.kill_line is None and a.kill:
                # a traceback's last line says what ended it: "KeyboardInterrupt" after "Traceback (most recent
                # call last):" is a run stopped from outside, not a failure of its own
                self.kill_line = (lineno, msg.strip()[:160])
        if a.resume:
            self.resumes.append((lineno, a.msg.strip()[:160]))
        if a.early:
            self.early_stop = (lineno, a.msg.strip()[:160])
        for key, word in a.settings:
            if not self.hparams.get(key):
                self.hparams[key] = word
        for key, val in a.options:
            if key not in self.hparams:
                self.hparams[key] = val
        if a.dot is not None:
            if a.dot[1] is not None:
                self.hparams.setdefault(*a.dot)
            return
        if a.copypaste is not None:
            cells = a.copypaste
            if cells and all(re.fullmatch(NUM, c, re.IGNORECASE) for c in cells) and self.csv_head and len(cells) == len(self.csv_head):
                tpl = ("copypaste",) + tuple(self.csv_head)
                self._positionless(tpl, [f"val/{h}" for h in self.csv_head], [_num(c) for c in cells], lineno, False)
            elif cells and not any(re.fullmatch(NUM, c, re.IGNORECASE) for c in cells) and len(cells) > 1:
                self.csv_head = cells
            return
        if a.table_head is not None:
            self.table = a.table_head
            self.plans = self._plans_per_ncols.setdefault(len(a.table_head), {})
            self.families = self._families_per_ncols.setdefault(len(a.table_head), {})
            self.fast = {}
            self.table_ctx = "val" if a.table_head[0].lower() in ("class", "classes") else ""
            return
        if a.table_row is not None:
            self._table_record(a.table_row, lineno)
            return
        rec = a.rec
        if a.eta is not None:
            d, h, m, sec = a.eta
            self.etas = (self.etas + [(lineno, d * 86400 + h * 3600 + m * 60 + sec)])[-2:]
        if a.heading is not None:
            # a heading ("Evaluation Results:") names the group of the key: value lines that follow it
            self.heading = a.heading
            return
        if rec is not None and self.heading is not None:
            if rec.step is None and rec.epoch is None and len(rec.keys) <= 2:
                # a new record, not the reading changed in place: a plan may hold that reading (see _Plan)
                heldout = re.search(r"(?i)\b(eval\w*|valid\w*|val|test\w*|dev)\b", self.heading)
                rec = dataclasses.replace(rec, keys=tuple(f"{self.heading}/{k}" for k in rec.keys),
                                          ctx="val" if heldout else rec.ctx)
            else:
                self.heading = None
        elif rec is None:
            self.heading = None
        if rec is None:
            if a.unparsed:
                self.unparsed += 1
                if len(self.unparsed_examples) < 3:
                    self.unparsed_examples.append((a.msg if a.msg is not None else strip_prefix(raw)[0])[:120])
            return
        self._record(rec, lineno)

    def _table_record(self, row: _TableRow, lineno: int):
        keys, vals, epoch, planned_epochs, bar, _ = row
        if planned_epochs is not None:
            self.planned["epochs"] = planned_epochs
        prefix = "val/" if self.table_ctx == "val" else "train/"
        if row.label:
            prefix += row.label + "/"
        keys = [prefix + k for k in keys]
        tpl = ("table",) + tuple(keys)
        if epoch is not None:
            self._set_epoch(epoch)
            self._emit(tpl, keys, vals, epoch, "epoch", bar)
            self.last_point_line = lineno
        else:
            self._positionless(tpl, keys, vals, lineno, bar)

    def _set_epoch(self, e: int):
        if self.epoch_base is None:
            self.epoch_base = e if e in (0, 1) else 0
        self.ctx_epoch = e

    def _positionless(self, tpl, keys, vals, lineno, bar):
        """A record with no clock of its own: kept with the context it was printed in; its clock is chosen
        when the whole log has been read (see :meth:`_resolve_positionless`)."""
        self.seq += 1
        first = self.first_seen.setdefault(tpl, lineno)
        pending = self.pending.get(tpl) or self.pending.setdefault(tpl, _Pending(list(keys)))
        pending.add_one(self.seq, self.ctx_epoch, self.ctx_step, list(vals), bar)
        # after an error message, only a kind of line training printed before the error shows training went
        # on (an out-of-memory message has 'key value' pairs of its own, and every rank prints it)
        if self.crash_line is None or self.crash_line[0] < self.last_point_line or first < self.crash_line[0]:
            self.last_point_line = lineno

    def _launch_between(self, a: int, b: int) -> bool:
        """Did a launch start between record orders a and b (a configuration printed between them)?"""
        import bisect

        return bisect.bisect_right(self.launches, a) != bisect.bisect_right(self.launches, b)

    def _resolve_positionless(self):
        """Clock of each positionless template: the epoch of the nearest preceding line when it changes
        between most of the template's records (an evaluation printed once per epoch), else the step of the
        nearest preceding line on the same test, else the ordinal. With a context clock, a record printed
        again before the clock moved is one point: the first print (an echo, a final re-evaluation of the
        best checkpoint follows it), or for a progress bar the last rendering."""
        for tpl, pend in self.pending.items():
            seq, epochs, ctx_steps, values, bars = pend.columns()
            n = len(seq)
            how, ctx = "ordinal", None
            for column, name in ((epochs, "ctx-epoch"), (ctx_steps, "ctx-step")):
                changes = sum(map(operator.ne, column[:-1], column[1:]))
                if None not in column and (n == 1 or changes >= 0.5 * (n - 1)):
                    how, ctx = name, column
                    break
            if ctx is None:
                kept, steps = slice(None), np.arange(1, n + 1, dtype=np.int64)
            else:
                kept, at = [], []
                for t in range(n):
                    pos = ctx[t]
                    if kept and at[-1] == pos and not self._launch_between(int(seq[kept[-1]]), int(seq[t])):
                        self.repeats += len(pend.keys)
                        if bars[t]:
                            kept[-1] = t
                        continue
                    kept.append(t)
                    at.append(pos)
                steps = np.asarray(at, dtype=np.int64)
            # the records of one template have its keys: added key by key, as columns
            fam = self.series.setdefault(tpl, {})
            orders, values = seq[kept], values[kept]
            for q, k in enumerate(pend.keys):
                ser = fam.get(k)
                if ser is None:
                    ser = fam[k] = _Series()
                ser.add(steps, values[:, q], orders, how)
                ser.last_bar = bars[-1]

    def _record(self, rec: Rec, lineno: int):
        self.planned.update({k: v for k, v in rec.planned.items() if v})
        if rec.config:
            self.launches.append(self.seq + 1)  # the order the configuration's own record gets
        if rec.inner is not None and rec.inner[1] and rec.epoch is not None and rec.ctx != "val" and rec.keys:
            # where in its epoch each training record was printed: (line, epoch, batch, batches per epoch)
            self.inner = (self.inner + [(lineno, rec.epoch, rec.inner[0], rec.inner[1])])[-2:]
        # OLMo-style continuation: one key=value alone on a line right after a record
        if rec.step is None and rec.epoch is None and rec.inner is None and len(rec.keys) == 1 and self.open_record \
                and lineno - self.open_record[3] <= 2:
            tpl, pos, how, _ = self.open_record
            self._emit(tpl + ("+",), [rec.keys[0]], rec.values, pos, how, False)
            self.open_record = (tpl, pos, how, lineno)
            self.last_point_line = lineno
            return
        tpl = (rec.ctx,) + rec.keys
        # "[e][i/N]" counters (and MMCV's "Epoch(val) [e][N]"): the epoch length N is part of the clock
        # (global step = (e - 1) * N + i), so records with another N come from another training -- a second
        # job appended to, or interleaved with, this log (another dataset or batch size) -- and form their own
        # series rather than one that jumps back and forth between two clocks
        period = 0
        if rec.epoch is not None and rec.inner is not None and rec.step is None:
            period = rec.inner[1] or (rec.inner[0] if rec.ctx == "val" else 0)
        if period:
            tpl += (("period", period),)
        keys = [_tag(k, rec.ctx) for k in rec.keys]
        if rec.epoch is not None:
            self._set_epoch(rec.epoch)
        if rec.step is not None and rec.step_total and rec.epoch is not None:
            # "epoch 2 | step 100/6501": the step is global until it goes back to a smaller value when the
            # epoch advances; from then on it counts inside the epoch (global = (epoch - first) * N + step)
            st = self.tpl_clock.get(tpl)
            if st is None:
                st = self.tpl_clock[tpl] = [rec.epoch, rec.step, False, rec.epoch]
            elif rec.epoch > st[0] and rec.step < st[1]:
                st[2] = True
            elif rec.epoch < st[0]:  # a new launch appended to the log: start again
                st[:] = [rec.epoch, rec.step, False, rec.epoch]
            st[0], st[1] = rec.epoch, rec.step
            pos = (rec.epoch - st[3]) * rec.step_total + rec.step if st[2] else rec.step
            how = "step"
            self.ctx_step = pos
        elif rec.step is not None:
            pos, how = rec.step, "step"
            self.ctx_step = rec.step
        elif rec.epoch is not None and rec.inner is not None and rec.inner[1]:
            base = self.epoch_base or 0
            pos, how = (rec.epoch - base) * rec.inner[1] + rec.inner[0], "global-iter"
            self.ctx_step = pos
        elif rec.epoch is not None:
            pos, how = rec.epoch, "epoch"
        else:
            pos, how = None, ""
        if not keys:
            # a position line: it opens a record that one-pair lines may continue
            if pos is not None:
                self.open_record = (tpl, pos, how, lineno)
            return
        if pos is None:
            if rec.counter is not None and self.ctx_epoch is None:
                self._emit(tpl, keys, rec.values, rec.counter, "counter", rec.bar)
            else:
                self._positionless(tpl, keys, rec.values, lineno, rec.bar)
            self.open_record = None
            return
        self._emit(tpl, keys, rec.values, pos, how, rec.bar)
        self.open_record = (tpl, pos, how, lineno)
        self.last_point_line = lineno

    # -- result
    def result(self):
        self._flush()
        self._resolve_positionless()
        return self._frame()

    def _frame(self):
        """The canonical frame (None when no series was found); settings printed once go to ``self.hparams``.

        The same key printed by several templates (a dict that gains keys at an eval step, a summary line
        that adds a column) is one series, merged in write order."""
        groups: dict[tuple[str, str], list[_Series]] = {}
        for fam in self.series.values():
            for k, ser in fam.items():
                value, first_how, _ = ser.first()
                if ser.count() == 1 and first_how == "ordinal":
                    # printed once with no clock: a setting ("lr0=0.01", a config dump), not a curve
                    self.hparams.setdefault(k, value)
                    continue
                if ser.count() == 1 and first_how.startswith("ctx"):
                    # printed once after some point of the run (a W&B run summary, a final test score): a
                    # summary value, not a curve of one point that would compete with the real series
                    self.summary.setdefault(k, value)
                    continue
                groups.setdefault((k, CLOCK_KIND.get(first_how, first_how), ser.period), []).append(ser)
        # one key on one kind of clock is one series; the same key on another clock (a final evaluation
        # printed after training without a step) is kept apart as "key [2]"
        merged: dict[str, list[_Series]] = {}
        by_key: dict[str, list] = {}
        for (k, _, _), parts in groups.items():
            by_key.setdefault(k, []).append(parts)
        for k, alts in by_key.items():
            alts.sort(key=lambda parts: -sum(x.count() for x in parts))
            for j, parts in enumerate(alts):
                merged[k if j == 0 else f"{k} [{j + 1}]"] = parts
        names, counts, steps, values, order = [], [], [], [], []
        for k, parts in merged.items():
            # how the earliest point was placed is the clock; hows: every way a point was
            clock = min(parts, key=lambda ser: ser.first()[2]).first()[1]
            if len(parts) == 1:
                st_l, va_l, or_l, hows = parts[0].arrays()
            else:  # merged in write order (each record has its own order)
                got = [ser.arrays() for ser in parts]
                or_l = np.concatenate([g[2] for g in got])
                by = np.argsort(or_l, kind="stable")
                or_l = or_l[by]
                st_l = np.concatenate([g[0] for g in got])[by]
                va_l = np.concatenate([g[1] for g in got])[by]
                hows = set().union(*[g[3] for g in got])
            st = np.asarray(st_l, dtype=np.int64)
            # an epoch shared by consecutive records is not their clock: use the ordinal
            if len(st) > 2 and hows <= {"epoch", "ctx-epoch"} and np.mean(st[1:] == st[:-1]) > 0.5:
                # ... but it still says which epoch each record belongs to (the epoch tag keeps it)
                self.ordinal_epochs[k] = st.copy()
                st = np.arange(1, len(st) + 1, dtype=np.int64)
                clock = "ordinal"
            elif len(st) > 1:
                # on a real clock, the same value printed again at the same position is an echo ("-> best")
                va = np.asarray(va_l, dtype=np.float64)
                echo = np.concatenate([[False], (st[1:] == st[:-1]) & ((va[1:] == va[:-1]) | (np.isnan(va[1:]) & np.isnan(va[:-1])))])
                if echo.any() and self.launches:
                    # ... unless a launch started between the two prints (a job that died at its first epoch
                    # and was started again prints that epoch's record again: two records)
                    ords = np.asarray(or_l)
                    marks = np.asarray(self.launches)
                    echo[1:] &= np.searchsorted(marks, ords[1:]) == np.searchsorted(marks, ords[:-1])
                if echo.any():
                    self.repeats += int(echo.sum())
                    keep = ~echo
                    st = st[keep]
                    va_l = list(va[keep])
                    or_l = list(np.asarray(or_l)[keep])
            if clock in ("step", "epoch", "global-iter"):
                self.clocked[k] = st
            names.append(k)
            counts.append(len(st))
            steps.append(st)
            values.append(np.asarray(va_l, dtype=np.float64))
            order.append(np.asarray(or_l, dtype=np.int64))
        if not any(counts):
            return None
        ep = self._epoch_tag(merged)
        if ep is not None:
            names.append("epoch")
            counts.append(len(ep[0]))
            steps.append(ep[0])
            values.append(np.asarray(ep[1], dtype=np.float64))
            order.append(np.full(len(ep[0]), self.seq + 1, dtype=np.int64))
        idx = np.argsort(np.concatenate(order), kind="stable")
        # the tag column as codes into the categories pandas would choose for these names (a column of millions of
        # strings is not built)
        unique = list(dict.fromkeys(names))
        base = pd.Categorical(np.asarray(unique, dtype=object))
        code_of = dict(zip(unique, base.codes))
        codes = np.repeat(np.asarray([code_of[k] for k in names], dtype=np.int64), counts)[idx]
        tag = pd.Categorical.from_codes(codes, dtype=base.dtype)
        return make_frame(tag, np.concatenate(steps)[idx], np.concatenate(values)[idx], source_file=str(self.path))


    def _epoch_tag(self, merged: dict) -> tuple[np.ndarray, np.ndarray | list[float]] | None:
        """(steps, epochs) of the ``epoch`` tag on the clock of the longest series, so that a planned number of
        epochs ("Epoch 3/400") can be compared with the epochs reached. None when the log names a key ``epoch``
        itself, or knows fewer than two epoch positions on that clock."""
        if "epoch" in merged:
            return None
        from curvedoc.model.roles import role_of_name

        # the clock of the training signal: the longest LOSS series when there is one (profiler or progress
        # lines printed more often than the losses must not choose the clock)
        losses = [k for k in merged if role_of_name(k) in ("train_loss", "val_loss")]
        key = max(losses or list(merged), key=lambda k: sum(x.count() for x in merged[k]))
        ep = self.ordinal_epochs.get(key)
        if ep is not None and len(np.unique(ep)) >= 2:
            # records numbered in order, each printed with its epoch ("Epoch 3 - Batch loss: 0.12"): the epoch
            # tag sits on the same ordinal positions
            return np.arange(1, len(ep) + 1, dtype=np.int64), [float(x) for x in ep]
        longest = merged[key]
        kind = "epoch" if longest[0].count() and longest[0].first()[1] == "epoch" else "step"
        pos, epochs = self.epoch_at[kind].resolved()
        return (pos, epochs) if len(pos) >= 2 else None


def _restart_issue(p: "TextLogParser", file: str) -> ImportIssue | None:
    """A clock that goes back in the longest series on a real clock: a job appended a new launch (or a
    resume from a checkpoint) to the same log."""
    if not p.clocked:
        return None
    tag = max(p.clocked, key=lambda t: len(p.clocked[t]))
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
        for first, lines in _lines(path, issues):
            p.feed_lines(first, lines)
    except OSError as exc:
        raise LoadError(path, f"cannot read: {exc.strerror or exc}", kind="unreadable") from None
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
    if p.planned.get("steps"):
        meta["max_steps"] = p.planned["steps"]
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
