"""The text-log parser: what each reading changes in its state (clocks, templates, series, settings, crash and
resume notes), in the order the log says it, and the canonical frame built from it when the log has been read."""

from __future__ import annotations

import bisect
import collections
import dataclasses
import functools
import math
import operator
import re
from pathlib import Path

import numpy as np
import pandas as pd

from curvedoc.importers.textlog.batches import BatchedFeed
from curvedoc.importers.textlog.records import (ANSI, analyse, evaluation_heading, OPTIMIZER_KEY, BEST_HEADING, SETTING_KEY, KV_STEP_KEYS, NUM, Line, Rec, TableRow, GROUP_ROW, group_words, setting_value, split_of, strip_prefix, tag_of,
                                                to_number)
from curvedoc.importers.textlog.series import CLOCK_KIND, LastAt, Pending, Series
from curvedoc.model.run import make_frame

# what an evaluation reports: a loss, or a quality metric (accuracy, AP/mAP, F1, BLEU, a regression's error ...) -- a
# key printed once that names one is a final evaluation, not a setting
EVAL_METRIC = re.compile(r"(?:^|[\s/_\-.])(?:loss|m?ap(?:50|75|s|m|l)?(?:@[\d.:]+)?|acc(?:uracy)?|top-?[15](?:[_ ]acc)?|f1|"
                         r"bleu|rouge\w*|wer|cer|auc|m?iou|dice|perplexity|ppl|precision|recall|r?mse|mae)(?=$|[\s/_\-.(])",
                         re.IGNORECASE)


# the longest run of lines of one setting each followed (a configuration longer than this is read as several)
MAX_SETTINGS_RUN = 1000
# the most lines a '--- Logging error ---' block spans (its traceback and the call stack of the logging call)
MAX_LOGGING_ERROR_LINES = 200
# a heading of a page in two columns, a phase at each, far apart: '  Training:        ..        Testing:'
PAGE_COLUMNS = re.compile(r"^\s*(?:Train|Training|Trn)\s*:?\s{8,}(?P<right>Test|Testing|Val|Valid|Validation|Eval|"
                          r"Evaluation|Dev)\s*:?\s*$", re.IGNORECASE)

# a heading whose lines are settings, and such a line ("  lr: 0.0003", "epochs = 2")
SETTINGS_HEADING = re.compile(r"(?i)\b(?:config\w*|arguments|args|hyper-?parameters|hparams|settings|options|parameters)\s*$")
# a line of a nested group in a settings block: brackets only ("),", "])"), or a member that opens a group or goes
# on to the next line ("dict(", "1333, 800),", "'bbox',")
NESTING_ONLY = re.compile(r"^[\s()\[\]{},]+$|^[^:=]*[,(\[{]\s*$")
SETTING_LINE = re.compile(r"^([A-Za-z_][\w.\-]*)\s*[:=]\s*(\S.*?)\s*$")
# a YAML mapping key opening a nested group of a config dump ("SOLVER:" over "  MAX_ITER: 180000"): one name
YAML_GROUP = re.compile(r"[A-Za-z_][\w.\-]*")
YAML_ITEM = re.compile(r"^\s*-(?:\s+-)*(?:\s|$)")  # an item of a YAML list ("  - 0.9", "    - - -90")
# a heading over the text a model generated, or the text it was to generate ("Predict: ### Assistant:", "Target:",
# "Generated:", "Sample output:"): what follows is words, not records
SAMPLE_HEADING = re.compile(r"(?i)^\W*(?:predict(?:ed|ion)?s?|targets?|generated|generations?|samples?(?: output| text)?|"
                            r"completions?|references?|ground truth)\b\s*(?::|$)")
# a line that says a configuration is shown or was loaded ("Loaded configuration file configs/x.yaml", "Running with
# config:"): a YAML document printed right after it is that configuration
CONFIG_SAID = re.compile(r"(?i)\bconfig(?:uration)?s?\b|\.ya?ml\b")


@functools.lru_cache(maxsize=4096)
def _spelled(tag: str) -> str:
    """A series' name said one way: lower case, words apart (``Train Loss``, ``train_loss``, ``train-loss``)."""
    return " ".join(re.split(r"[\s_\-]+", tag.lower())).strip()


def is_evaluation(key: str) -> bool:
    """Does a key name an evaluation result: a loss or quality metric, not of the training split ("eval_loss",
    "Test AP", "val/mAP50", a regression's "Final dev mse"; not "train_loss", an average over training, nor
    "val/DataLoader" or "eval_runtime")?"""
    return EVAL_METRIC.search(key) is not None and split_of(key) != "train" and not key.startswith("train/")


def counts_inside_epochs(steps: np.ndarray) -> bool:
    """Is this "step" a counter inside the epoch rather than the run's step? It climbs to the same value and
    starts again from its first value, three times or more ("TRAIN in epoch 3 , step 0 ... step 750", "Epoch 3,
    Step 25 ... Step 125"): each climb is an epoch whose length is not printed, so the counter cannot be made
    global, and records that name only their epoch stay on the epoch. Trainings run one after the other in one
    file (MTCNN's P-, R- and O-Net) each have their epoch length: the climbs stop at one value for several epochs in
    a row, then at another. (A run restarted or resumed in the same file starts again too, but its launches do not
    stop at the value of the launch before or after them.)"""
    if len(steps) < 4:
        return False
    back = np.flatnonzero(steps[1:] < steps[:-1])
    if len(back) < 3 or not np.all(steps[back + 1] == steps[0]):
        return False
    tops = steps[back]  # the value reached before each restart (the last climb may be cut short)
    # every top is the top of the climb before or after it: epochs of one length, in runs
    same = tops[1:] == tops[:-1]
    paired = np.zeros(len(tops), dtype=bool)
    paired[1:] |= same
    paired[:-1] |= same
    return bool(paired.all())


# a plain table's column that counts steps: the rows' clock
TABLE_CLOCKS = frozenset({"step", "steps", "global_step", "iter", "iteration", "it"})


MAX_BARS = 16  # progress bars remembered (the last met): memory per record with no clock stays bounded
# the times a progress bar drawn after an error counts on before the records after it are training going on (a
# loading bar of two or three shards is not yet a launch at work: see TextLogParser._counted_on_after_crash)
MIN_BAR_MOVES_AFTER_CRASH = 3



#: the short forms tables write a column's split in ('tr_loss | va_loss | te_loss'): read as splits only where two or
#: more of them head columns of the same measure, so a lone 'te_' or 'va_' column keeps its own meaning
SPLIT_ABBREVIATIONS = {"tr": "train/", "trn": "train/", "va": "val/", "vl": "val/", "te": "test/", "ts": "test/",
                       "tst": "test/"}


def abbreviated_splits(keys) -> dict[str, str]:
    """{column: split prefix} for the columns of a table whose names open with a split's short form and an
    underscore ('tr_', 'va_', 'te_'), when at least two different short forms head the same measure (tr_loss beside
    va_loss): the columns of one table printing each split side by side. Empty otherwise. Asked once per row of a
    table whose header does not change: the answer is kept per header."""
    return _abbreviated_splits(tuple(keys))


@functools.lru_cache(maxsize=256)
def _abbreviated_splits(keys: tuple) -> dict[str, str]:
    heads: dict[str, set[str]] = collections.defaultdict(set)
    found = {}
    for k in keys:
        head, sep, rest = k.partition("_")
        if sep and rest and head.lower() in SPLIT_ABBREVIATIONS:
            heads[rest.lower()].add(SPLIT_ABBREVIATIONS[head.lower()])
            found[k] = SPLIT_ABBREVIATIONS[head.lower()]
    if not any(len(v) >= 2 for v in heads.values()):
        return {}
    return found

def _repeated(st: np.ndarray, va: np.ndarray) -> np.ndarray:
    """Over consecutive points t, t + 1: the same position and the same value (NaN and NaN alike) printed again."""
    return (st[1:] == st[:-1]) & ((va[1:] == va[:-1]) | (np.isnan(va[1:]) & np.isnan(va[:-1])))


class TextLogParser(BatchedFeed):
    """Feed it the lines of a log (:meth:`feed_lines`), then take :meth:`result`. ``reuse=False`` reads every
    line afresh (the reference reading), else lines are read by the plans of their shapes (the fast path)."""

    def __init__(self, path: Path, reuse: bool = True):
        self.path = path
        BatchedFeed.__init__(self, reuse)
        self.series: dict[tuple, dict[str, Series]] = {}
        self.template_last: dict[tuple, int] = {}  # template -> seq of its last emitted record
        self.ctx_epoch: int | None = None
        self.ctx_step: int | None = None
        self.epoch_base: int | None = None
        self.inner_base: int | None = None  # the first epoch of the "[e][i/N]" clock (see clock_base)
        self.planned: dict = {}
        self.n_lines = 0
        self._last_lineno = -1
        self.last_texts: list[tuple[int, str]] = []  # (line, text) of the last few lines with text, in order
        self.ordinal_epochs: dict[str, np.ndarray] = {}  # series numbered in order -> the epoch of each record
        self.unparsed = 0
        self.unparsed_examples: list[str] = []
        self.crash_line: tuple[int, str] | None = None
        self.kill_line: tuple[int, str] | None = None  # a kill/interrupt message in the crash block at the end
        # a progress bar counting on after the error of crash_line: ((label, total), count, times it counted on), and
        # the line of the error it outlived (see _counted_on_after_crash)
        self.bar_after_crash: tuple | None = None
        self.crash_outlived: int | None = None
        self.frame_line = -2  # the last frame of a traceback ('  File "x.py", line 8, in f') read
        # the line of an open '--- Logging error ---' block (the logging module's report of a record it could not
        # write: the program goes on), None when none is open
        self.logging_error_line: int | None = None
        # (half the column where a page's right column starts, and its phase's word), under 'Training:  ..  Testing:'
        self.page_columns: tuple[int, str] | None = None
        self.ignored_line: int | None = None  # the last line of a traceback under 'Exception ignored in: ..
        self.resumes: list[tuple[int, str]] = []  # statements that training went on from a saved state
        # statements that a training starts ('Starting training...'): (line, text, the launch mark's record order)
        self.starts: list[tuple[int, str, int]] = []
        self.launch_settings: list[tuple[int, dict]] = []  # (record order, settings) a launch's title named
        self.early_stop: tuple[int, str] | None = None  # the framework saying its early-stopping rule ended the run
        self.early_stops: list[tuple[int, str, int]] = []  # every such statement: (line, text, record order there)
        self.etas: list[tuple[int, int]] = []  # (line, seconds left) of the last two records that stated an ETA
        self.bar_etas: list[tuple[int, int, tuple]] = []  # the same, of progress bars with records: (.., (label, total))
        self.training_bar: tuple | None = None  # (label, total) of the bar whose counts are the records' steps
        self.inner: list[tuple[int, int, int, int]] = []  # the last two training records with a [batch/N] counter
        # the split and the keys of the last record printed with its progress ("Test: [3]  [20/230]  average_f1: ..")
        self.last_progress: tuple[str, frozenset, bool] | None = None
        # the keys training records printed with a batch counted inside their epoch ("Epoch[3] Batch [20] .. Train-Acc=")
        self.batch_keys: set[str] = set()
        self.mid_crashes: list[tuple[int, str]] = []  # errors after which training printed points again
        self.last_point_line = 0
        self.table: list[str] | None = None
        self.group_row: tuple[int, str] | None = None  # (line, text) of the last row naming groups of columns
        self.table_ctx = ""
        self.csv_head: list[str] | None = None
        self.seq = 0
        self.open_record: tuple | None = None  # (template, step, how) a one-pair continuation attaches to
        self.repeats = 0
        # the values of the last few records (any template), to tell a checkpoint statement that repeats them
        self.recent_values: list[frozenset] = []
        self.checkpoint_points: dict[str, int] = {}  # tag -> its points printed by checkpoint statements (see _best_restated)
        self.first_seen: dict[tuple, int] = {}
        self.clocked: dict[str, np.ndarray] = {}  # tag -> its steps, for series on a real clock
        self.clocked_orders: dict[str, np.ndarray] = {}  # tag -> the record order of each of those steps
        self.numbered_orders: dict[str, np.ndarray] = {}  # series numbered in order -> the record order of each
        self.frame_order: np.ndarray | None = None  # the record order of each row of the frame (the epoch tag: 0)
        self.clock_of: dict[str, str] = {}  # tag -> how its points are placed ("step": the step the log prints)
        self.summary: dict[str, float] = {}
        self.garbled = 0
        # lines another logged line was written into (records.spliced): (line, the record order before it, its text),
        # and the records after them that were the cut lines' rests (not read)
        self.splices: list[tuple[int, int, str]] = []
        self.splice_rests = 0
        self.pending: dict[tuple, Pending] = {}
        # lines of one setting each ("base_lr: 0.6", "optimizer : adam"), one after the other: the run being read
        # [(line, record order or -1, last point line before, template, key, value)], and the runs that are a
        # configuration printed one setting a line (see note_setting_line)
        self.setting_run: list[tuple] = []
        self.setting_keys: set[str] = set()
        self.setting_runs: list[list[tuple]] = []
        self.tpl_clock: dict[tuple, list] = {}
        self.tpl_climb: dict[tuple, list] = {}  # template -> its step with no total, climbing inside each epoch
        self.epoch_heading = False  # the epoch in force was said by a line of its own ("Epoch 3" over its records)
        # where a configuration was printed (record order): a launch starts there, so the same record printed at
        # the same position on either side of it is two launches' records, not an echo
        self.launches: list[int] = []
        self.launch_ends: list[int] = []  # for each launch mark, the line of the last point printed before it
        # (record order, epochs) where a record stated a plan of epochs other than the one in force ("Epoch: 0/50" ..
        # "Epoch: 0/12"): each launch keeps its own (reader.split_launches)
        self.epoch_plans: list[tuple[int, int]] = []
        self.plan_launches: set[int] = set()  # the launch marks a record stating another plan made (see plan_stated)
        self.bar_resumed = False  # the training bar was drawn again from an earlier count (a resume: see _training_bar)
        # (record order, epoch) wherever the epoch in force changed -- an epoch line above records that print none
        # (Keras' "Epoch 2/100" of a fit stopped before its first record) moves the epoch as a record at it would
        self.epoch_marks: tuple[list[int], list[int]] = ([], [])
        self.heading: str | None = None
        self.heading_alone = False  # no record printed under the heading yet
        self.postfix_ahead: dict = {}  # template -> is its bar's postfix drawn before the bar counts its batch?
        # the nested groups of a YAML config dump being read ([(indent, name)]: "MODEL:" then "  RPN:" over "    NMS: ..")
        self.yaml_groups: list[tuple[int, str]] = []
        self.sample_text = False  # in the text of a model's generation, under 'Predict:' (see apply)
        self.said_config = False  # the line before (empty lines aside) said a configuration is shown or was loaded
        self.block: tuple | None = None  # (split, "phase" | "launch" | "banner") of an announced evaluation (see apply)
        self.block_held: set = set()  # (keys, epoch) of the records held out in the announced evaluation
        self.last_train_keys: tuple | None = None  # the keys of the last training record printed
        # (the keys of the last training record before the announced evaluation, whether the evaluation printed a
        # record of another kind since): see _record
        self.block_train: tuple | None = None
        self.closed_bars: set = set()  # templates of a bar's renderings placed on the epoch a closing line ends
        self.kv_block: list | None = None  # the rows of a key | value table being read (see _kv_line)
        # a JSON object printed over several lines being read (see _json_line): its items (key, value's text, kind),
        # the names of the nested objects open, whether it nests (a configuration), the depth of a list inside it
        self.json_block: list | None = None
        self.json_path: list[str] = []
        self.json_nested = False
        self.json_list = 0
        self.json_head = ""  # the position line right above the object ('Train Epoch 1'): see _json_line
        self.kv_section = ""
        self.kv_line = 0
        self.hparams: dict = {}
        # the epoch at each position, per clock kind: the epoch itself on an epoch clock, the epoch the line
        # was printed in on a step clock (kept as an ``epoch`` tag, as tabular importers keep their column)
        self.epoch_at: dict[str, LastAt] = {"epoch": LastAt(), "step": LastAt()}
        # the steps of training records that print their epoch on their own line ("Epoch 0, Step 125, ..."): there
        # the epoch is known, and a record naming another epoch ("Starting epoch 1 ..") placed there does not move it
        self.epoch_own: LastAt = LastAt()
        self.own_epoch = False  # (the record being emitted prints its epoch)
        # tqdm progress bars (see _bar_drawn): the last count of each bar, known by (description, total); the clear
        # marks not yet taken by a record; whether the bars were cleared since one was last drawn (1; 2: and a
        # record was printed right after, which took its counts); the bars' counts at each record with no clock of
        # its own (record order -> counts)
        self.bar_last: dict[tuple, int] = {}
        self.last_bar: tuple | None = None  # (line, (label, count, total)) of the last bar rendering
        self.bars_done: set = set()  # (label, total) of the bars drawn at their total at least once
        self.bar_marks: collections.deque = collections.deque()
        self.bar_cleared = 0
        self.bar_at: dict[int, dict] = {}
        self.bar_reached: int | None = None  # the training bar's last count, when records were placed on it

    # -- emit
    def _emit(self, tpl: tuple, keys, vals, pos: int, how: str, bar: bool):
        fam = self.series.setdefault(tpl, {})
        self.seq += 1
        for k, v in zip(keys, vals):
            s = fam.get(k)
            if s is None:
                s = fam[k] = Series(period=next((x[1] for x in tpl if isinstance(x, tuple)), 0),
                                    continued=tpl[-1] == "+")
            if bar and s.last_bar and s.last_point() == (pos, self.template_last.get(tpl)):
                s.replace_last(v, self.seq)
                continue
            s.steps.append(pos)
            s.values.append(v)
            s.order.append(self.seq)
            s.how.append(how)
            s.last_bar = bar
        self.template_last[tpl] = self.seq
        self.remember_values(vals)
        if how == "epoch":
            self.epoch_at["epoch"].set(pos, pos)
        elif how in ("step", "global-iter") and self.ctx_epoch is not None and tpl[0] != "val":
            # (a held-out record's step may count the evaluation's own batches: training's steps say the epoch)
            self.epoch_at["step"].set(pos, self.ctx_epoch)
            if self.own_epoch:
                self.epoch_own.set(pos, 1)


    def apply(self, lineno: int, raw: str, a: "Line"):
        """What a rendering read by :func:`analyse` changes in the parser's state, in the order the log says it."""
        if a.spliced:
            # another logged line written into the middle of a record (records.spliced_rest): the record is damaged,
            # its values not read; the intruder is a line of its own, and the record printed after it may be the cut
            # record's rest (see _drop_splice_rests)
            self.apply(lineno, raw, dataclasses.replace(a, spliced=False))
            self.splices.append((lineno, self.seq, raw.strip()[:120]))
            self.open_record = None
            return
        if self.sample_text:
            # the text a model wrote, under 'Predict:' / 'Target:' (a preview of its generations): words, whatever
            # numbers they hold (its empty lines and headings too), up to a rule, a progress bar drawn again, a
            # record with its position or a line a logger wrote
            rec = a.rec
            if (raw.strip() and not re.search(r"\w", raw)) or a.progress is not None or (rec is not None and (
                    rec.bar or rec.step is not None or rec.epoch is not None or rec.inner is not None)) \
                    or (a.msg is not None and a.msg.strip() != raw.strip() and strip_prefix(raw)[1].strip()):
                self.sample_text = False
            else:
                return
        if a.heading is not None and SAMPLE_HEADING.match(a.heading):
            self.sample_text = True
            return
        if a.empty:
            if a.clear and self.bar_last and not self.bar_cleared:
                self.bar_cleared = 1  # the bars cleared: a message may be written at their counts
            return
        if a.progress is not None:
            self._bar_drawn(a.progress)
            if self.crash_line is not None and lineno > self.crash_line[0] and self.crash_outlived != self.crash_line[0]:
                self._counted_on_after_crash(a.progress)
            self.last_bar = (lineno, a.progress)
            if a.progress[1] >= a.progress[2] > 0:
                self.bars_done.add((a.progress[0], a.progress[2]))
            if a.rec is None:
                return
        if a.run_summary is not None:  # the value W&B reports for the run as it ends: its summary, not a point
            self.summary[a.run_summary[0]] = a.run_summary[1]
            return
        if a.kv_row is not None or a.kv_rule:
            self._kv_line(a, lineno)
            return
        if self.kv_block:
            self._close_kv(lineno)
        if (self.json_block is not None or (a.json is not None and a.json[0] == "open")) and self._json_line(a, raw, lineno):
            return
        if a.announce is not None:
            # "Eval begin...": the records up to the next epoch (or the next announcement) are the evaluation's;
            # a command running an evaluation script: the records of that launch, up to the next command
            split, kind = a.announce[:2]
            # (a test announced -- "Testing...", "---- TESTING ----" -- holds its records out as test/, a test not
            # being the validation: the fourth item)
            self.block = (split, kind, self.ctx_step, "test" in a.announce[2:]) if split == "val" else None
            self.block_held = set()
            # (the kind of record training printed last before the announcement: see _record; not after a line saying
            # the training is over, where the test may print its results with the training's words)
            self.block_train = None if "over" in a.announce[2:] else (self.last_train_keys, False, False)
        # (a line read through a plan of its shape carries no message: the raw line says it)
        said_config, self.said_config = self.said_config, bool(
            a.rec is None and a.heading is None and CONFIG_SAID.search(a.msg if a.msg is not None else raw))
        if "\x1b" in raw and (self.in_settings_block() or said_config):
            # (a dump printed in colour -- detectron2 highlights its YAML config -- is indented and itemised by its
            # text: the colour codes before a line's spaces are no part of it)
            raw = ANSI.sub("", raw)
        if a.heading is not None and YAML_GROUP.fullmatch(a.heading) and (self.in_settings_block() or said_config):
            # a YAML config dump ("Running with config:", or the text of a config file after "Loaded configuration
            # file x.yaml"): a mapping key with nothing after it ("SOLVER:", "  ROI_HEADS:") opens a nested group of
            # the settings -- its values are settings named by their path (SOLVER/MAX_ITER), never series
            if not self.in_settings_block():
                self.heading, self.yaml_groups = "configuration", []
            indent = len(raw) - len(raw.lstrip(" "))
            self.yaml_groups = [g for g in self.yaml_groups if g[0] < indent] + [(indent, a.heading)]
            return
        if self.in_settings_block() and a.heading is None:
            # "Configuration:" then "  epochs: 2", "  lr: 0.0003", ...: settings, until a line that is not one
            msg = a.msg if a.msg is not None else strip_prefix(raw)[0]
            m = SETTING_LINE.match(msg)
            if m:
                value = m.group(2).rstrip(",")
                if not value.endswith(("(", "[", "{")):  # (a nested group's members follow)
                    indent = len(raw) - len(raw.lstrip(" "))
                    self.yaml_groups = [g for g in self.yaml_groups if g[0] < indent]
                    key = "/".join([g[1] for g in self.yaml_groups] + [m.group(1)])
                    # a configuration printed again (by a later launch, with other values) states the settings
                    # in force from there on: the last one printed is the run's
                    self.hparams[key] = setting_value(value)
                return
            if NESTING_ONLY.match(msg) or (self.yaml_groups and (msg.startswith("#") or YAML_ITEM.match(raw))):
                return  # a line of a nested group, a comment or a list's item in a YAML dump: still the settings
            self.heading, self.yaml_groups = None, []
        if a.garbled:
            self.garbled += 1
        if a.logging_error is not None:
            self.logging_error_line = lineno if a.logging_error == "open" else \
                None if a.logging_error == "close" else self.logging_error_line
            return
        if self.logging_error_line is not None and lineno - self.logging_error_line > MAX_LOGGING_ERROR_LINES:
            self.logging_error_line = None  # (a block that never printed its 'Arguments:' line ends anyway)
        in_logging_error = self.logging_error_line is not None
        if a.ignored:
            # 'Exception ignored in: <function X.__del__ ..>': the traceback Python prints under it, up to its
            # exception's line, is of an exception Python ignored (a finalizer's, at shutdown): the run went on or ended
            # as it would have, no crash
            self.ignored_line = lineno
            return
        if self.ignored_line is not None:
            if a.crash and a.msg is not None and a.msg.strip().startswith("Traceback") \
                    and lineno == self.ignored_line + 1:
                return  # (its 'Traceback (most recent call last):')
            if a.frame or (lineno == self.frame_line + 1 and raw[:1].isspace()):
                self.ignored_line = lineno if a.frame else self.ignored_line
            elif a.exception:
                self.ignored_line = None
                return  # (its exception's line, which ends it)
            else:
                self.ignored_line = None  # (a block cut short: what follows is read as itself)
        if a.crash and not in_logging_error and self.ignored_line is None:
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
        if a.frame:
            self.frame_line = lineno  # (the source line under it is printed next: no record either)
            return
        if a.exception:
            # the last line of a traceback says what ended the run: 'FloatingPointError: validation loss is nan at
            # epoch 3' is quoted with the 'Traceback (most recent call last):' above it
            if self.crash_line is not None and self.crash_line[0] >= self.last_point_line and not a.kill \
                    and not in_logging_error and self.crash_line[1].startswith("Traceback") and " … " not in self.crash_line[1]:
                self.crash_line = (self.crash_line[0], f"{self.crash_line[1]} … {a.msg.strip()[:160]}")
            return
        if lineno == self.frame_line + 1 and raw[:1].isspace():
            return  # the source line a traceback prints under its frame ('    raise ValueError(f"loss={loss}")')
        if a.resume:
            self.resumes.append((lineno, a.msg.strip()[:160]))
            # a job resumed from a saved state is a launch: a record it prints at a position the previous job had
            # reached ("Resume training from epoch 149", then "Epoch[149] Train-Acc=0.91" again) is its own, no echo
            self.launch_here()
        if a.early:
            self.early_stop = (lineno, a.msg.strip()[:160])
            # (the last of each launch: a launch keeps its own; bounded by the launches)
            if self.early_stops and not (self.launches and self.launches[-1] > self.early_stops[-1][2]):
                self.early_stops.pop()
            self.early_stops.append((lineno, self.early_stop[1], self.seq))
        for key, word in a.settings:
            if not self.hparams.get(key):
                self.hparams[key] = word
        for key, val in a.options:
            if key not in self.hparams:
                self.hparams[key] = val
        if a.plan_epochs is not None:
            if not self.last_point_line and not self.series and not self.pending:
                # a number of epochs said in words before the first record ("bits GRU, 30 epochs"): the plan
                self.planned.setdefault("epochs", a.plan_epochs)
            return
        if a.launch:  # a launch starts here: the records after it are its own (see _frame)
            self.launch_here()
            self.starts.append((lineno, a.msg.strip()[:120], self.seq))
            if a.settings:  # (the settings its title names are that launch's: reader.split_launches)
                self.launch_settings.append((self.seq, dict(a.settings)))
        if a.dict_settings is not None and not self.seq and not self.series:
            # a dict of settings before any record: the hyperparameters the script printed as it started
            for key, val in a.dict_settings:
                self.hparams.setdefault(key, val)
            if a.config_said:
                self._config_plan(a.dict_settings)
            return
        if a.dict_settings is not None and a.config_said:
            # the configuration said again after records ('config: {"task": "crop", "lr": 0.001, "epochs": 20}'): a
            # launch starts here, with its own plan of epochs (see epoch_plans); the settings first printed stay the
            # log's
            self.launch_here()
            for key, val in a.dict_settings:
                self.hparams.setdefault(key, val)
            self._config_plan(a.dict_settings)
            return
        if a.dot is not None:
            if a.dot[1] is not None:
                self.hparams.setdefault(*a.dot)
            return
        if a.copypaste is not None:
            cells = a.copypaste
            if cells and all(re.fullmatch(NUM, c, re.IGNORECASE) for c in cells) and self.csv_head and len(cells) == len(self.csv_head):
                tpl = ("copypaste",) + tuple(self.csv_head)
                self._positionless(tpl, [f"val/{h}" for h in self.csv_head], [to_number(c) for c in cells], lineno, False)
            elif cells and not any(re.fullmatch(NUM, c, re.IGNORECASE) for c in cells) and len(cells) > 1:
                self.csv_head = cells
            return
        if a.table_head is not None:
            if self.group_row is not None and self.group_row[0] == lineno - 1:
                # (a header under a row naming its groups -- '|---- VALID ----|---- TRAIN ----|' -- has each name
                # qualified by its group's word: the same names twice, 'loss top-1', are two splits' columns)
                # (aligned by their place on the line: both read whole, as printed)
                a.table_head = group_words(self.group_row[1], raw, a.table_head) or a.table_head
            self.table = a.table_head
            self.use_plans_of_table(len(a.table_head))
            self.table_ctx = "val" if a.table_head[0].lower() in ("class", "classes") else ""
            return
        if a.table_row is not None:
            self._table_record(a.table_row, lineno)
            return
        if a.rec is None and "|" in raw and "--" in raw and GROUP_ROW.match(raw):
            self.group_row = (lineno, raw)
        rec = a.rec
        if a.eta is not None:
            d, h, m, sec = a.eta
            self.note_eta(lineno, d * 86400 + h * 3600 + m * 60 + sec, a)
        if a.rec is None and "rain" in raw and (pm := PAGE_COLUMNS.match(raw)):
            # a page in two columns, headed 'Training:  ..  Testing:' (a console that prints the test's records
            # indented to the right of the training's): records printed well right of the left column are the test's
            self.page_columns = (pm.start("right") // 2, pm.group("right").lower())
        if a.heading is not None:
            # a heading ("Evaluation Results:") names the group of the key: value lines that follow it (they do
            # not continue the record printed before it)
            self.heading, self.yaml_groups = a.heading, []
            self.heading_alone = True  # (no record under it yet)
            self.open_record = None
            return
        if rec is not None and self.heading is not None and BEST_HEADING.search(self.heading) \
                and (rec.step is not None or rec.epoch is not None):
            # the best iteration's record restated under "Best iteration is:" (LightGBM, XGBoost at their end): the
            # run's best, printed again (or printed for the first time between two logging periods) -- no new point,
            # and no clock going back
            self.heading = None
            self.repeats += len(rec.keys)
            for key, val in zip(rec.keys, rec.values):
                self.summary.setdefault(f"best {tag_of(key, rec.ctx)}", val)
            return
        if rec is not None and self.heading is not None:
            # (a progress bar's rendering is no member of a heading's group: the bar was drawn again after a block of
            # text -- a sample generation's 'Predict:' -- and its records are the bar's)
            # (nor is a record opened by its bare count, '3  train loss=0.19  valid acc=0.50': the count is its position)
            if rec.step is None and rec.epoch is None and len(rec.keys) <= 2 and not rec.bar \
                    and not re.match(r"\s*\d+\s+[A-Za-z]", a.msg if a.msg is not None else strip_prefix(raw)[0]):
                # a new record, not the reading changed in place: a plan may hold that reading (see Plan)
                heldout = re.search(r"(?i)\b(eval\w*|valid\w*|val|test\w*|dev)\b", self.heading)
                rec = dataclasses.replace(rec, keys=tuple(f"{self.heading}/{k}" for k in rec.keys),
                                          ctx="val" if heldout else rec.ctx)
                self.heading_alone = False
            else:
                said = evaluation_heading(self.heading) if not rec.ctx and not rec.bar and rec.keys \
                    and self.heading_alone else None
                if said is not None:
                    # a heading that names an evaluation and nothing else ("Evaluation:", "Validation:", "Test:" on a
                    # line of its own, then 'step 100, loss 0.024, acc 0.99' -- TensorFlow's text-CNN prints
                    # "\nEvaluation:" before the evaluation's one line): the record under it, written with training's
                    # words at training's step, is the evaluation's result -- never a second point of the training
                    # series at that step. The heading heads that one record: training's next record is training's.
                    rec = dataclasses.replace(rec, ctx="val")
                    if "test" in said[2:]:
                        rec = dataclasses.replace(rec, keys=tuple(
                            k if split_of(k) or OPTIMIZER_KEY.search(k) or "test" in k.lower().split() else f"test/{k}"
                            for k in rec.keys))
                self.heading = None
        elif rec is None:
            self.heading = None
        if rec is None:
            if not self.in_settings_block():
                m = SETTING_LINE.match(a.msg if a.msg is not None else strip_prefix(raw)[0])
                if m and not re.fullmatch(NUM, m.group(2).rstrip(","), re.IGNORECASE) and " " not in m.group(2):
                    self.note_setting_line(lineno, -1, None, m.group(1), setting_value(m.group(2).rstrip(",")))
                    # (a named choice on a line of its own is a setting: the one-pair lines after it continue no
                    # record -- they are more settings, not a record's metrics printed one a line)
                    self.open_record = None
            if a.unparsed:
                self.unparsed += 1
                if len(self.unparsed_examples) < 3:
                    self.unparsed_examples.append((a.msg if a.msg is not None else strip_prefix(raw)[0])[:120])
            return
        if a.checkpoint and (self._echoed_by_checkpoint(rec) or (
                rec.epoch is not None and self.ctx_epoch is not None and rec.epoch < self.ctx_epoch
                and self._printed_by_others(rec)) or self._best_restated(a, rec)):
            # (a checkpoint statement naming an epoch the training is past -- "Loaded best model from epoch 185
            # (val_loss=1.669)" after epoch 199 -- restates that epoch's record: the run's best, no new point; when
            # the statements are the series' only prints -- "Saved model at epoch 1 with loss: 3.69" each time the
            # loss improved, the epoch back at 1 where the script was launched again -- they are its points)
            self.repeats += len(rec.keys)
            if not self._echoed_by_checkpoint(rec):
                for key, val in zip(rec.keys, rec.values):
                    if key != rec.keys[0] or rec.values[0] != rec.epoch:
                        self.summary.setdefault(f"best {tag_of(key, rec.ctx)}", val)
            return
        if self.page_columns is not None and rec.keys and not rec.ctx and not rec.config \
                and len(raw) - len(raw.lstrip()) >= self.page_columns[0]:
            # (a record in the right column of a page headed 'Training:  ..  Testing:': the held-out phase's)
            # (each key under the phase's word, 'test/eval': a key spelt with a split word -- Marvin's 'eval', the
            # batch's score -- is the left column's too, and the two columns' are two series)
            word = "test" if self.page_columns[1].startswith("test") else "val"
            rec = dataclasses.replace(rec, ctx="val", keys=tuple(
                k if OPTIMIZER_KEY.search(k) or (k.split()[0].lower() if " " in k else "") in (word, self.page_columns[1])
                else f"{word}/{k}" for k in rec.keys))
        if a.checkpoint:
            for key in rec.keys:  # (a statement that is the series' print: its points, counted as such)
                t = tag_of(key, rec.ctx)
                self.checkpoint_points[t] = self.checkpoint_points.get(t, 0) + 1
        self._record(rec, lineno)

    def _kv_line(self, a: "Line", lineno: int):
        """A row of a key | value table (or the rule around it). Stable-Baselines3 and OpenAI baselines print each
        logger record as such a table -- a section row ("| rollout/ |  |") names the keys under it, a rule line
        ends it -- so the rows between two rules are one record, at the step it prints (time/total_timesteps)."""
        if a.kv_rule:
            self._close_kv(lineno)
            return
        key, value = a.kv_row
        if value is None:
            self.kv_section = key if key.endswith("/") else ""
            return
        if self.kv_block is None:
            self.kv_block = []
        self.kv_block.append((self.kv_section + key, value))
        self.kv_line = lineno

    def _json_line(self, a: "Line", raw: str, lineno: int) -> bool:
        """A line of a JSON object printed over several lines (``print(json.dumps(log, indent=4))``: '{', one
        '"key": value,' a line, '}'): the object is one record, read as the same object printed on one line (robomimic's
        'Train Epoch 1' then its epoch's log dict), unless it nests objects or lists -- a configuration: settings, its
        plan of epochs the plan. False when the line is no part of the object (what was read of it is dropped: the
        line is read as itself)."""
        j = a.json
        if self.json_block is None or (j is not None and j[0] == "open" and not self.json_list):
            self.json_block, self.json_path, self.json_nested, self.json_list = [], [], False, 0
            at, text = self.line_before
            head = analyse(text, None).rec if at == lineno - 1 else None
            self.json_head = strip_prefix(text)[0] if head is not None and not head.keys and not head.bar and (
                head.epoch is not None or head.step is not None) else ""
            return True
        if self.json_list:  # (a list printed one item a line: a setting's value, its items no records)
            t = raw.strip()
            self.json_list += t.endswith(("[", "{")) - (t[:1] in "]}")
            return True
        if j is None:
            self.json_block = None
            return False
        if j[0] == "close":
            if self.json_path:
                self.json_path.pop()
            else:
                self._close_json(lineno)
            return True
        _, key, text, kind = j
        if kind in ("open", "list"):
            self.json_nested = True
            if kind == "open":
                self.json_path.append(key)
            else:
                self.json_list = 1
            return True
        self.json_block.append((key, text, kind))
        return True

    def _close_json(self, lineno: int):
        items, nested = self.json_block, self.json_nested
        self.json_block, self.json_path, self.json_nested, self.json_list = None, [], False, 0
        if not items:
            return
        if nested:
            # a configuration printed as nested JSON: settings by their own names (the first printed of a name kept)
            settings = [(k, setting_value(t.strip('"'))) for k, t, _ in items]
            if self.seq or self.series:
                self.launch_here()
            for key, val in settings:
                self.hparams.setdefault(key, val)
            self._config_plan(settings)
            return
        joined = "{" + ", ".join(f'"{k}": {t}' for k, t, _ in items) + "}"
        if self.json_head:
            # (under the line that says where it stands and which split it is -- 'Train Epoch 1', 'Validation Epoch
            # 1' -- as if printed on that line)
            joined = self.json_head + " " + joined
        self.apply(lineno, joined, analyse(joined, None))

    def _close_kv(self, lineno: int):
        block, self.kv_block, self.kv_section = self.kv_block, None, ""
        if not block:
            return
        keys, vals = [k for k, _ in block], [v for _, v in block]
        step = None
        names = [k.rsplit("/", 1)[-1].lower() for k in keys]
        for want in KV_STEP_KEYS:
            if want in names:
                j = names.index(want)
                v = vals[j]
                if not math.isnan(v) and float(v).is_integer():
                    step = int(v)
                    del keys[j], vals[j]
                break
        if keys:
            self._record(Rec(tuple(keys), vals, step), self.kv_line)

    def note_eta(self, lineno: int, left: int, a: "Line"):
        """The time a record says is left. A progress bar's remaining time ('[2:56:51<205:09:29, ..]', its records in
        the postfix) is the training's only when that bar is the training's clock (reader: a hyperparameter sweep's
        bar over its trials is not): kept apart, with its bar."""
        if a.progress is not None and a.rec is not None and a.rec.bar:
            self.bar_etas = (self.bar_etas + [(lineno, left, (a.progress[0], a.progress[2]))])[-2:]
        else:
            self.etas = (self.etas + [(lineno, left)])[-2:]

    def in_settings_block(self) -> bool:
        """Is a heading that names settings ("Configuration:", "Arguments:") in force?"""
        return self.heading is not None and SETTINGS_HEADING.search(self.heading) is not None

    def _table_record(self, row: TableRow, lineno: int):
        keys, vals, epoch, planned_epochs, bar, _ = row
        if planned_epochs is not None:
            self.planned["epochs"] = planned_epochs
        # a step column of a plain table ("step\tloss" over "5\t1.904") is the row's clock, not a series
        clock = next((i for i, k in enumerate(keys) if k.lower() in TABLE_CLOCKS), None) if epoch is None else None
        if clock is not None and float(vals[clock]).is_integer() and len(keys) > 1:
            step = int(vals[clock])
            keys, vals = keys[:clock] + keys[clock + 1:], vals[:clock] + vals[clock + 1:]
            prefix = "val/" if self.table_ctx == "val" else "train/"
            abbr = abbreviated_splits(keys)
            keys = [k if split_of(k) else abbr.get(k, prefix) + k for k in keys]
            self.ctx_step = step
            self._emit(("table",) + tuple(keys), keys, vals, step, "step", bar)
            self.last_point_line = lineno
            return
        prefix = "val/" if self.table_ctx == "val" else "train/"
        label_split = split_of(row.label) if row.label and " " not in row.label.strip() else None
        if label_split:
            # a row labelled by a split's name ('train\t3\t0.99 ..' and 'eval\t3\t0.92 ..' under 'Dataset\tEpoch\t
            # Precision ..'): that row's split, as a split word heading a record is -- not a class's name
            prefix = "test/" if row.label.strip().lower() in ("test", "testing") else f"{label_split}/"
        elif row.label:
            prefix += row.label + "/"
        # (a column that names its split keeps it: "Train Loss", "Valid Acc" of a table printing both splits' columns;
        # one that abbreviates it, beside its twins of the other splits, takes it: tr_loss | va_loss | te_loss)
        abbr = {} if row.label else abbreviated_splits(keys)
        keys = [k if split_of(k) and not row.label else abbr.get(k, prefix) + k for k in keys]
        tpl = ("table",) + tuple(keys)
        if epoch is not None:
            self.set_epoch(epoch)
            self._emit(tpl, keys, vals, epoch, "epoch", bar)
            self.last_point_line = lineno
        else:
            self._positionless(tpl, keys, vals, lineno, bar)

    def mark_epochs(self, epochs, records: bool) -> None:
        """Note where the epoch in force changes along a batch of lines applied together (see epoch_marks): at each
        record's order when the lines are records (the first is the next order), before the next record else."""
        prev = self.ctx_epoch
        for t, e in enumerate(epochs):
            e = int(e)
            if e != prev:
                self.epoch_marks[0].append(self.seq + t if records else self.seq)
                self.epoch_marks[1].append(e)
                prev = e

    def clock_base(self, e: int) -> int:
        """The first epoch of the "[e][i/N]" clock, (e - first) * N + i: the first epoch its own records print, 0 or 1
        (the PyTorch ImageNet example counts 'Epoch: [0][10/97]' from 0 under 'Starting Epoch: 1' headings counted
        from 1: an epoch said another way elsewhere is not the counter's base); a log read from an epoch later on
        counts from 0."""
        if self.inner_base is None:
            self.inner_base = e if e in (0, 1) else 0
        return self.inner_base

    def set_epoch(self, e: int, mark: bool = True):
        if self.block is not None and self.block[1] == "phase" and self.ctx_epoch is not None and e != self.ctx_epoch:
            self.block = None  # training went on: the evaluation announced in the last epoch is over
        if self.epoch_base is None:
            self.epoch_base = e if e in (0, 1) else 0
        if mark and e != self.ctx_epoch:
            self.epoch_marks[0].append(self.seq)
            self.epoch_marks[1].append(e)
        self.ctx_epoch = e

    def _bar_drawn(self, progress: tuple) -> None:
        """A rendering of a tqdm bar. tqdm.write -- what HF Trainer prints its log dicts through -- clears the bars
        (a rendering of spaces), prints the message and draws the bars again at the same count: a clear followed by
        a bar drawn again at its last count marks where a message was written (another bar -- an evaluation's,
        closing -- may be the one drawn just before the clear). The message itself may come later: the
        bar is written to stderr, the message to stdout, which a redirected job buffers (a burst of dicts printed
        at once, long after their steps); the marks, taken in order, say where each was written."""
        label, n, total = progress
        bar = (label, total)
        if self.bar_cleared == 1 and self.bar_last.get(bar) == n:
            self.bar_marks.append((bar, n))
        self.bar_cleared = 0
        new = bar not in self.bar_last
        self.bar_last[bar] = n
        if new and len(self.bar_last) > MAX_BARS:  # (bars named by their epoch, one per epoch: the oldest goes)
            del self.bar_last[next(iter(self.bar_last))]

    def _counted_on_after_crash(self, progress: tuple) -> None:
        """A progress bar drawn after the error of ``crash_line`` that counts on, rendering after rendering (three
        times at least: '1/100', '2/100', '3/100', '4/100'): a process was working after the error -- the job was
        started again after a launch that died ('IndentationError', a missing package) and this one runs. The
        records it prints are training going on, whatever their kind (the error's own lines -- an out-of-memory
        message's pairs, printed by every rank -- come with no bar counting on)."""
        label, n, total = progress
        bar, seen = (label, total), self.bar_after_crash
        if seen is not None and seen[0] == bar and n > seen[1]:
            self.bar_after_crash = (bar, n, seen[2] + 1)
            if seen[2] + 1 >= MIN_BAR_MOVES_AFTER_CRASH:
                self.crash_outlived = self.crash_line[0]
        else:
            self.bar_after_crash = (bar, n, 0)

    def _bar_counts(self) -> dict:
        """The count of each bar at a record printed now: the last count drawn, or for the bar of the oldest clear
        mark not yet taken (a message written there), the count at that mark."""
        counts = dict(self.bar_last)
        if self.bar_marks:
            bar, n = self.bar_marks.popleft()
            counts[bar] = n
        elif self.bar_cleared == 1:  # written right after the clear, before the bars are drawn again
            self.bar_cleared = 2
        return counts

    def _positionless(self, tpl, keys, vals, lineno, bar):
        """A record with no clock of its own: kept with the context it was printed in; its clock is chosen
        when the whole log has been read (see :meth:`_resolve_positionless`)."""
        self.seq += 1
        if len(keys) == 1 and not bar and not tpl[0] and self.block is None and SETTING_KEY.fullmatch(keys[0]):
            self.note_setting_line(lineno, self.seq, tpl, keys[0], float(vals[0]))
        if self.bar_last:
            self.bar_at[self.seq] = self._bar_counts()
        first = self.first_seen.setdefault(tpl, lineno)
        pending = self.pending.get(tpl) or self.pending.setdefault(tpl, Pending(list(keys)))
        if self.block is not None and bar and pending.bar and pending.bar[-1] and pending.epoch[-1] == self.ctx_epoch \
                and pending.step[-1] == self.ctx_step:
            # in an announced evaluation, the next rendering of its progress ("step 20/88" after "step 10/88")
            # replaces the last one
            pending.seq[-1], pending.values[-1] = self.seq, list(vals)
        else:
            pending.add_one(self.seq, self.ctx_epoch, self.ctx_step, list(vals), bar)
        self.remember_values(vals)
        # after an error message, only a kind of line training printed before the error shows training went
        # on (an out-of-memory message has 'key value' pairs of its own, and every rank prints it)
        if self.crash_line is None or self.crash_line[0] < self.last_point_line or first < self.crash_line[0] \
                or self.crash_outlived == self.crash_line[0]:
            self.last_point_line = lineno

    def note_setting_line(self, lineno: int, order: int, tpl, key: str, value) -> None:
        """A line that holds one setting and nothing else (``base_lr: 0.6``, ``optimizer : adam``). A script that
        prints its configuration one setting a line (``for k, v in vars(args).items(): logger.info(f"{k}: {v}")``;
        SwAV's logger, one message over many lines) prints half a dozen or more of them one after the other, named
        choices among them (``adam``, ``True``, a path): that block is the configuration a launch prints as it starts
        -- settings (the last printed in force), a launch, never series with one point per launch. Lines of numbers
        only (a result printed one metric a line), or a key printed twice, are no configuration; a named choice is
        one word ("adam", not "run run run"). Memory: the run being read, and the blocks."""
        run = self.setting_run
        # (a configuration names each setting once: a key printed again starts another block -- the configuration
        # printed again right after the last, or a record's "loss: 2.50" printed again)
        if run and (lineno != run[-1][0] + 1 or len(run) >= MAX_SETTINGS_RUN or key in self.setting_keys):
            self._close_setting_run()
            run = self.setting_run
        run.append((lineno, order, self.last_point_line, tpl, key, value))
        self.setting_keys.add(key)

    def _close_setting_run(self) -> None:
        run, self.setting_run = self.setting_run, []
        self.setting_keys = set()
        if len(run) >= 6 and sum(r[1] < 0 for r in run) >= 2 and any(r[1] >= 0 for r in run):
            self.setting_runs.append(run)

    def _settings_printed_one_a_line(self) -> None:
        """The blocks :meth:`note_setting_line` found: their records are settings, each block a launch."""
        self._close_setting_run()
        for run in self.setting_runs:
            drop: dict[tuple, set] = {}
            for _, order, _, tpl, key, value in run:
                self.hparams[key] = value
                if order >= 0:
                    drop.setdefault(tpl, set()).add(order)
            first = min(r for rs in drop.values() for r in rs)
            k = bisect.bisect_left(self.launches, first)
            self.launches.insert(k, first)
            self.launch_ends.insert(k, next(r[2] for r in run if r[1] == first))
            for tpl, orders in drop.items():
                pend = self.pending.get(tpl)
                if pend is not None and not pend.drop(orders):
                    del self.pending[tpl]
        self.setting_runs = []

    def remember_values(self, vals) -> None:
        self.recent_values = (self.recent_values + [frozenset(float(v) for v in vals)])[-3:]

    def remember_rows(self, cols, width: int, n: int) -> None:
        """remember_values for the last records of a batch of n (its columns), as applying them one by one would."""
        for t in range(max(0, n - 3), n):
            self.remember_values([cols[q][t] for q in range(width)])

    def _best_restated(self, a: "Line", rec: Rec) -> bool:
        """Does a checkpoint statement give the run's best value of series other records print ("Saved best model
        weights (Mean Average Precision = 61.39%) to 'x.pth'" after 'Mean Average Precision = ..' lines, the best
        printed evaluations before)? Then it restates that best, no new point of those series."""
        if not rec.keys or a.msg is None or re.search(r"(?i)\bbest\b", a.msg) is None:
            return False
        return self._printed_by_others(rec)

    def _printed_by_others(self, rec: Rec) -> bool:
        """Do records other than checkpoint statements print every series a checkpoint statement names? If not, the
        statement is the series' print: its points, counted as such (``checkpoint_points``)."""
        # (a name in another spelling is the same name: 'train_loss' in "Best model found at epoch 19 with
        # train_loss=0.19" is the 'Train Loss' each epoch's record prints)
        tags = [tag_of(k, rec.ctx) for k in rec.keys]
        printed = dict.fromkeys(map(_spelled, tags), 0)
        for fam in self.series.values():
            for t in fam:
                if _spelled(t) in printed:
                    printed[_spelled(t)] += fam[t].count()
        for pend in self.pending.values():
            n = len(pend.seq) + sum(len(ch[0]) for ch in pend.chunks)
            for t in pend.keys:
                if _spelled(t) in printed:
                    printed[_spelled(t)] += n
        return all(printed[_spelled(t)] > self.checkpoint_points.get(t, 0) for t in tags)

    def _echoed_by_checkpoint(self, rec: Rec) -> bool:
        """Does a checkpoint statement only repeat values the last records printed ("Epoch 3 - Val Loss: 1.05"
        then "Saving best model (val_loss=1.05)")? Then it is an echo, not a record."""
        seen = frozenset().union(*self.recent_values) if self.recent_values else frozenset()
        return bool(rec.values) and all(float(v) in seen for v in rec.values)

    def _once_per_launch(self, ser: Series) -> bool:
        """Is every point of ``ser`` (records with no clock) the same value, printed by another launch (see
        ``launches``)? (A result each launch gives -- its final accuracy -- differs from launch to launch.)"""
        if ser.count() > len(self.launches) + 1:
            return False
        _, values, orders, hows = ser.arrays()
        if hows != {"ordinal"} or not (values == values[0]).all():
            return False
        at = np.searchsorted(np.asarray(self.launches), orders, side="right")
        return len(np.unique(at)) == len(at)

    def _launch_between(self, a: int, b: int) -> bool:
        """Did a launch start between record orders a and b (a configuration printed between them)?"""
        return bisect.bisect_right(self.launches, a) != bisect.bisect_right(self.launches, b)

    def _epochs_by_order(self) -> tuple[np.ndarray, np.ndarray]:
        """(record orders, epochs) of every record placed at an epoch -- its own, or the one in force when it was
        printed --, in order."""
        ords, eps = [], []
        for pend in self.pending.values():
            seq, epochs = pend.columns()[:2]
            at = [t for t, e in enumerate(epochs) if e is not None]
            ords.append(np.asarray(seq, dtype=np.int64)[at])
            eps.append(np.asarray([epochs[t] for t in at], dtype=np.int64))
        for fam in self.series.values():
            for ser in fam.values():
                st, _, od, hows = ser.arrays()
                if hows == {"epoch"}:
                    ords.append(np.asarray(od, dtype=np.int64))
                    eps.append(np.asarray(st, dtype=np.int64))
        if not ords:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        o, e = np.concatenate(ords), np.concatenate(eps)
        by = np.argsort(o, kind="stable")
        return o[by], e[by]

    def _epoch_moved(self, a: int, b: int, e: int) -> bool:
        """Was a record printed at another epoch than ``e`` between record orders a and b (a second training that
        ran as many epochs: its test at the epoch the first one's test was at is no echo of it)?"""
        if self._by_order is None:
            self._by_order = self._epochs_by_order()
        o, ep = self._by_order
        i, j = np.searchsorted(o, a, side="right"), np.searchsorted(o, b, side="left")
        if np.any(ep[i:j] != e):
            return True
        # or the epoch in force moved between them with no record printed at it: an epoch line said another
        # epoch (a fit stopped at the start of its second epoch, the next fit's first epoch printed after it)
        mo, me = self.epoch_marks
        lo, hi = bisect.bisect_left(mo, a), bisect.bisect_left(mo, b)
        return any(x != e for x in me[lo:hi])

    def _resolve_positionless(self):
        """Clock of each positionless template: the epoch of the nearest preceding line when it changes
        between most of the template's records (an evaluation printed once per epoch), else the step of the
        nearest preceding line on the same test, else the ordinal. With a context clock, a record printed
        again before the clock moved (at the same position, the epoch not having changed between) is one point: the first print (an echo, a final re-evaluation of the
        best checkpoint follows it), or for a progress bar the last rendering."""
        self._by_order = None
        training_bar = self._training_bar()
        # templates of progress-bar renderings that another bar template says again with more keys (the time left
        # a rendering reports, Keras 2's '- ETA: 1s -', is no key of what it shows: its renderings, twenty a line
        # apart or redrawn with \r, are the closing line's on their way as Keras 3's are)
        bar_keys = {tpl: {k for k in tpl[1:] if k.lower() != "eta"} for tpl, pend in self.pending.items()
                    if pend.keys and all(pend.columns()[4])}
        closed_bars = {tpl for tpl, keys in bar_keys.items()
                       if any(o[:1] == tpl[:1] and keys < ok and not any(k.lower() == "eta" for k in o[1:])
                              for o, ok in bar_keys.items())}
        for tpl, pend in self.pending.items():
            seq, epochs, ctx_steps, values, bars = pend.columns()
            n = len(seq)
            how, ctx = "ordinal", None
            for column, name in ((epochs, "ctx-epoch"), (ctx_steps, "ctx-step")):
                changes = sum(map(operator.ne, column[:-1], column[1:]))
                if None not in column and (n == 1 or changes >= 0.5 * (n - 1)):
                    how, ctx = name, column
                    break
            passes = n > 1 and all(b == 4 for b in bars) and None not in epochs \
                and any(a == b for a, b in zip(epochs, epochs[1:]))
            if passes:
                # a Keras bar drawn complete again and again under one epoch's heading ("=== Epoch 3 ===" over twenty
                # '4/4 [======] - 9s 2s/step - loss: ..' lines, a fit() of one epoch called in a loop): within an epoch
                # the bar closes once, so each complete bar is a pass of its own -- one point each, in order
                how, ctx = "ordinal", None
            elif ctx is None and n > 1 and (tpl in closed_bars or all(b in (2, 3, 4) for b in bars)) and all(bars) \
                    and None not in epochs and epochs[0] != epochs[-1]:
                # the renderings of a progress bar with no clock of its own under the epoch's heading, which a line
                # closes with their keys and more (Keras 3's "Epoch 3/15", "46/160 ━━━━ 9:13 5s/step - loss: ..",
                # then "160/160 ━━━━ 807s 5s/step - loss: .. - val_loss: .."), are that epoch's bar: one point per
                # epoch, the last rendering (as successive renderings of one bar at one position are); so are a
                # Keras bar's renderings with no such line (a fit with no validation: its last rendering closes it):
                # the running means of the epoch (records.KERAS_BAR)
                how, ctx = "ctx-epoch", epochs
                self.closed_bars.add(tpl)
            elif how == "ctx-epoch" and tpl in closed_bars and all(b == 3 for b in bars):
                # (a kind of rendering met about once an epoch -- Keras 2's bar whose ETA is written 'ETA: 4:21', in
                # minutes, not '- ETA: 9s', so that the ETA is not among its keys -- is on the epoch's clock by
                # itself: still the closing line's on its way)
                self.closed_bars.add(tpl)
            if ctx is None and training_bar is not None:
                counts = self._bar_counts_of(seq, training_bar)
                if counts is not None:
                    # on the optimizer step of the training bar when it was printed (HF Trainer's log dicts, its
                    # evaluations and its final train_runtime dict alike)
                    how, ctx = "ctx-step", counts
                    self.planned.setdefault("steps", training_bar[1])
                    self.bar_reached = self.bar_last[training_bar]
                    self.training_bar = training_bar
            if ctx is None:
                kept, steps = slice(None), np.arange(1, n + 1, dtype=np.int64)
            else:
                kept, at = [], []
                many = self._records_in_place(seq, ctx, how, values, bars)
                for t in range(n):
                    pos = ctx[t]
                    if kept and at[-1] == pos and not many[t] and not self._launch_between(int(seq[kept[-1]]), int(seq[t])) \
                            and not (how == "ctx-epoch" and self._epoch_moved(int(seq[kept[-1]]), int(seq[t]), pos)):
                        self.repeats += len(pend.keys)
                        if bars[t]:
                            kept[-1] = t
                        continue
                    kept.append(t)
                    at.append(pos)
                steps = np.asarray(at, dtype=np.int64)
            # the records of one template have its keys: added key by key, as columns. Records of a template whose
            # other records name their own epoch or step, printed without it ("Accuracy: 0.50, F1 Score: .." after
            # the "Epoch 100/100, Accuracy: .." lines: the final evaluation; a progress bar's postfix beside the
            # epoch's own line), are a series of their own -- unless both are renderings of one progress bar (a
            # garbled Keras bar, its epoch glued to some renderings only, each reporting an ETA): one series
            clocked = [ser for ser in self.series.get(tpl, {}).values()
                       if ser.count() and ser.first()[1] in ("step", "epoch", "global-iter")]
            one_bar = (any(ser.last_bar for ser in clocked) and all(bars)) or any(
                isinstance(x, str) and x.lower() == "eta" for x in tpl)  # (a record reporting an ETA: a bar on its way)
            fam = self.series.setdefault(tpl + ("unclocked",) if clocked and not one_bar else tpl, {})
            orders, values = seq[kept], values[kept]
            for q, k in enumerate(pend.keys):
                ser = fam.get(k)
                if ser is None:
                    ser = fam[k] = Series()
                ser.add(steps, values[:, q], orders, how)
                ser.last_bar = bars[-1]

    def _bar_counts_of(self, seq, bar: tuple) -> list[int] | None:
        """The count of ``bar`` at each record (record orders ``seq``), or None when one was printed without it."""
        out = []
        for o in seq:
            n = self.bar_at.get(int(o), {}).get(bar)
            if n is None:
                return None
            out.append(n)
        return out

    def _training_bar(self) -> tuple | None:
        """The progress bar of the training loop, among the tqdm bars a console draws (a data set's ``Map:``, an
        evaluation loop's ``50/50``, a checkpoint's shards): the one whose count grows from each record with no
        clock of its own to the next, over the records of one template (HF Trainer's log dicts, written at the
        optimizer step the bar counts). Another loop's bar is at its end, or restarts, whenever a training record
        is printed. The bar must grow over the records of the template printed most often (the larger total when
        two do), and over those of every other template printed beside it with no clock of its own: a record
        placed on a step another record of its template is on would be a bar that did not move between two records
        (a console captured at intervals, marks of tqdm.write lost) -- then no bar is the clock. None when no bar
        grows so: the records keep their clock (the ordinal)."""
        if not self.bar_at:
            return None
        pends = sorted(self.pending.values(), key=lambda pend: len(pend.columns()[0]), reverse=True)
        if not pends or len(pends[0].columns()[0]) < 2:
            return None
        seqs = [pend.columns()[0] for pend in pends]
        views = [self.bar_at.get(int(o)) for o in seqs[0]]
        if any(v is None for v in views):
            return None
        resumed = self._resumed_between(pends[0])
        # (renderings of the bar itself, its records in the postfix, are drawn again at one count when a value set
        # during an iteration is drawn before the bar counts it -- '806/55000 .. Loss=10.55' then '806/55000 ..
        # Loss=10.86': the count stands still between them, and the last rendering is the point)
        drawn = pends[0].columns()[4]
        grows = [bar for bar in set(views[0]).intersection(*views[1:])
                 if all(v[bar] < w[bar] or r or (v[bar] == w[bar] and b and c)
                        for v, w, r, b, c in zip(views, views[1:], resumed, drawn, drawn[1:]))
                 and not all(r or v[bar] >= w[bar] for v, w, r in zip(views, views[1:], resumed))]
        if not grows:
            return None
        bar = max(grows, key=lambda b: b[1])
        for pend, seq in zip(pends[1:], seqs[1:]):
            counts = self._bar_counts_of(seq, bar)
            back = self._resumed_between(pend)
            if counts is not None and not all(a < b or r for a, b, r in zip(counts, counts[1:], back)):
                return None
        self.bar_resumed = any(resumed)
        return bar

    def _resumed_between(self, pend) -> list[bool]:
        """For each two records of a positionless template in a row: did the training resume between them? HF
        Trainer's ``'epoch'`` (its progress, in epochs) going back -- a job started again from a checkpoint, its
        bar drawn again from the step it resumed at --, or a launch or a resume statement printed between."""
        seq, _, _, values, _ = pend.columns()
        epoch = next((q for q, k in enumerate(pend.keys) if str(k).lower() == "epoch"), None)
        out = []
        for t in range(1, len(seq)):
            back = epoch is not None and values[t, epoch] < values[t - 1, epoch]
            out.append(bool(back or self._launch_between(int(seq[t - 1]), int(seq[t]))))
        return out

    def _records_in_place(self, seq, ctx, how: str, values, bars) -> list[bool]:
        """For each record of a positionless template, is it one of three or more records printed in a row at one
        context position, with other numbers (a script that says its epoch once, then trains fold after fold under
        it)? An echo, or a final re-evaluation of the best checkpoint, is one print more, not a run of them: such
        records all count."""
        n = len(seq)
        many = [False] * n
        start = 0
        for t in range(1, n + 1):
            if t < n and ctx[t] == ctx[t - 1] and not self._launch_between(int(seq[t - 1]), int(seq[t])) \
                    and not (how == "ctx-epoch" and self._epoch_moved(int(seq[t - 1]), int(seq[t]), ctx[t])):
                continue
            run = range(start, t)
            if len(run) >= 3 and not all(bars[i] for i in run) \
                    and len({tuple(float(x) for x in values[i]) for i in run}) == len(run):
                for i in run:
                    many[i] = True
            start = t
        return many

    def summary_of_epoch(self, rec: Rec) -> Rec:
        """``rec``, marked as its epoch's summary when it says again, with only its epoch, the training keys that
        records with a batch counted inside the epoch printed (MXNet's ``Epoch[3] Train-Acc=0.95`` after its
        ``Epoch[3] Batch [20] .. Train-Acc=0.77`` lines): a series apart, as a line that says its epoch is over."""
        if rec.epoch is None or rec.step is not None or rec.ctx == "val" or not rec.keys:
            return rec
        if rec.inner is not None:
            self.batch_keys.update(rec.keys)
        elif not rec.closes and any(k in self.batch_keys for k in rec.keys) \
                and all(k in self.batch_keys or split_of(k) == "val" for k in rec.keys):
            return dataclasses.replace(rec, closes=True)
        return rec

    def stated_epochs(self) -> int | None:
        """The plan of epochs the log stated so far: a total of epochs, a setting (``epochs=30``, ``num_epochs``), a
        number of epochs said in words before the first record."""
        if self.planned.get("epochs"):
            return int(self.planned["epochs"])
        for key in ("epochs", "num_epochs", "n_epochs", "max_epochs", "nb_epoch", "nb_epochs", "total_epochs"):
            v = self.hparams.get(key)
            if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and v > 0 and float(v).is_integer():
                return int(v)
        return None

    def lead_fraction(self, rec: Rec) -> Rec:
        """``rec``, whose bare fraction heading it ("12/30  train_loss: .. val_loss: ..") is the epoch and the planned
        epochs when its total is the plan of epochs the log stated ("30 epochs" on a first line, ``epochs: 30``) and
        no epoch is said on a line of its own above it (there a fraction counts the epoch's batches: Keras'
        ``1875/1875 - 3s - loss: ..`` under ``Epoch 3/10``); else its position, as before."""
        if rec.lead_total is None or rec.epoch is not None or rec.step is not None or rec.inner is not None \
                or self.epoch_heading:
            return rec
        stated = self.stated_epochs()
        # (with no plan stated, a fraction heading a record that holds the evaluation's values beside training's --
        # '[03/30] train_loss: .. val_loss: ..', printed once an epoch -- counts the epochs of its plan)
        evaluated = stated is None and rec.ctx != "val" and any(split_of(k) == "val" for k in rec.keys) \
            and any(split_of(k) != "val" for k in rec.keys)
        if rec.lead_total != stated and not evaluated:
            return rec
        return dataclasses.replace(rec, epoch=rec.counter, counter=None, lead_total=None,
                                   planned={**rec.planned, "epochs": rec.lead_total})

    def _held_out_after_training(self, rec: Rec) -> bool:
        """Is ``rec`` (one pair on its line, no clock) a held-out result printed after a training record with values
        of its own (not after a position line, which one-pair lines continue: OLMo's one metric per line)?"""
        tpl = self.open_record[0]
        trained = bool(tpl) and tpl[0] != "val" and any(isinstance(x, str) and x != "+" for x in tpl[1:])
        return trained and rec.ctx == "val"

    def _record(self, rec: Rec, lineno: int):
        rec = self.lead_fraction(rec)
        if self.block is not None and self.block[1] == "phase" and rec.epoch is not None \
                and self.ctx_epoch is not None and rec.epoch != self.ctx_epoch:
            self.block = None  # training went on: the evaluation announced in the last epoch is over
        if self.block is not None and self.block[1] == "phase" and rec.step is not None and not rec.step_total \
                and "steps" not in rec.planned and (self.block[2] is None or rec.step > self.block[2]):
            # a run-wide step (no total beside it: no evaluation's progress) past the one training had reached when
            # the evaluation was announced ("Test Set..." then "Epoch 29 Update 15100 Cost .." after update 15000):
            # training went on, the evaluation is over (when no step was seen before the announcement -- a window of
            # the log that starts there --, any such step is past it)
            self.block = None
        if self.block is not None and self.block[1] == "phase" and rec.epoch is not None and rec.step is None \
                and not rec.step_total and (rec.keys, rec.epoch) in self.block_held:
            # an evaluation gives its result once: the same record at the same epoch again, with no progress counter
            # of the evaluation's ("testing in eval mode" then "epoch: 0, loss is: 2.50", then "epoch: 0, loss is:
            # 0.63" as training starts), is training's -- the evaluation is over
            self.block = None
        if self.block is not None and self.block[1] == "banner" and rec.keys and not rec.ctx and not rec.config \
                and rec.epoch is not None:
            # under a banner naming an evaluation ("==== validate epoch 2 ===="), its records up to the next banner;
            # a record at another epoch than the block's first is training gone on with no banner of its own
            held_epoch = next((e for k, e in self.block_held if k == "@epoch"), None)
            if held_epoch is None:
                self.block_held.add(("@epoch", rec.epoch))
            elif held_epoch != rec.epoch:
                self.block = None
        if self.block is not None and self.block[1] == "phase" and self.block_train is not None and rec.keys \
                and not rec.ctx and not rec.config:
            clock = rec.step is not None or rec.epoch is not None or rec.inner is not None
            if (rec.keys == self.block_train[0] and self.block_train[1]) or (clock and self.block_train[2]):
                # the kind of record training printed before the evaluation was announced, back after the evaluation's
                # own records ("evaluate:dev", its results, "evaluate:test", its results, then "iteration:2
                # step26/174,NER loss: 12.43" again) -- or a record with a clock of its own after the evaluation's
                # results, which had none ('iteration:4 step:13/29, INTENT loss: ..' after 'accuracy: ..; FB1: ..'):
                # training went on, the evaluation is over
                self.block = None
            elif rec.keys != self.block_train[0]:
                self.block_train = (self.block_train[0], True, self.block_train[2] or not clock)
        if self.block is not None and rec.keys and not rec.ctx and not rec.config:
            if self.block[1] == "phase" and rec.epoch is not None:
                self.block_held.add((rec.keys, rec.epoch))
            # a record of an announced evaluation is held out; in an evaluation phase its own counter ("step 10/88")
            # is the evaluation's progress, not training's: its renderings are one result (the last one holds it)
            if self.block[1] == "phase" and rec.step is not None and (rec.step_total or "steps" in rec.planned):
                rec = dataclasses.replace(rec, step=None, step_total=None, bar=True,
                                          planned={k: v for k, v in rec.planned.items() if k != "steps"})
            rec = dataclasses.replace(rec, ctx="val")
            if self.block[3]:
                rec = dataclasses.replace(rec, keys=tuple(
                    k if split_of(k) or OPTIMIZER_KEY.search(k) or "test" in k.lower().split() else f"test/{k}"
                    for k in rec.keys))
        self.note_progress(rec)
        rec = self.summary_of_progress(rec)
        if rec.keys and not rec.ctx and not rec.config and self.block is None:
            self.last_train_keys = rec.keys
        if rec.epoch is not None and not rec.config:  # ("Epoch: 3/50": a position and its plan; not a settings dump)
            self.plan_stated(rec.planned.get("epochs"), rec.epoch)
        self.planned.update({k: v for k, v in rec.planned.items() if v})
        if rec.config:
            # a launch starts here (the records after it are its own); its settings are hyperparameters
            self.launch_here()
            for key, val in zip(rec.keys, rec.values):
                self.hparams.setdefault(key, val)
            return
        if rec.inner is not None and rec.inner[1] and rec.epoch is not None and rec.ctx != "val" and rec.keys:
            # where in its epoch each training record was printed: (line, epoch, batch, batches per epoch)
            self.inner = (self.inner + [(lineno, rec.epoch, rec.inner[0], rec.inner[1])])[-2:]
        # OLMo-style continuation: one key=value alone on a line right after a record
        # (a line repeating a key the record already holds -- '#80 loss 2.14' after '** test @ epoch 2: loss .. acc
        # ..' -- continues nothing: a record holds each key once, so it is a record of its own)
        if rec.step is None and rec.epoch is None and rec.inner is None and len(rec.keys) == 1 and self.open_record \
                and lineno - self.open_record[3] <= 2 \
                and not any(isinstance(x, str) and x.split("/")[-1] == rec.keys[0] for x in self.open_record[0][1:]):
            tpl, pos, how, _ = self.open_record
            if self._held_out_after_training(rec):
                # a held-out result printed right after a training record ("[epoch: 2/200, iter: 475/489] total: 1.58"
                # then "Validation accuracy: 0.508"): the evaluation's own record, placed at the step training
                # reached -- as the same line printed further from a training record is (one series, not two)
                # (on the epoch in force when there is one, as a record with no clock of its own is placed)
                if self.ctx_epoch is not None:
                    pos, ctx_how = self.ctx_epoch, "ctx-epoch"
                else:
                    ctx_how = {"step": "ctx-step", "global-iter": "ctx-step", "epoch": "ctx-epoch"}.get(how, how)
                self._emit((rec.ctx,) + rec.keys + ("@",), [tag_of(rec.keys[0], rec.ctx)], rec.values, pos, ctx_how,
                           False)
                self.open_record = (tpl, pos, how, lineno)
                return
            # (the record it continues names the split: "Eval epoch: 4" then "mean_loss: 5.99" on a line of its own)
            key = tag_of(rec.keys[0], rec.ctx or tpl[0]) if tpl and isinstance(tpl[0], str) else rec.keys[0]
            self._emit(tpl + ("+",), [key], rec.values, pos, how, False)
            self.open_record = (tpl, pos, how, lineno)
            self.last_point_line = lineno
            return
        rec = self.summary_of_epoch(rec)
        tpl = (rec.ctx,) + rec.keys
        if rec.closes:
            tpl += (("period", -1),)  # an epoch's summary is a series of its own (see series.Series.period)
        # "[e][i/N]" counters (and MMCV's "Epoch(val) [e][N]"): the epoch length N is part of the clock
        # (global step = (e - 1) * N + i), so records with another N come from another training -- a second
        # job appended to, or interleaved with, this log (another dataset or batch size) -- and form their own
        # series rather than one that jumps back and forth between two clocks
        period = 0
        if rec.epoch is not None and rec.inner is not None and rec.step is None:
            period = rec.inner[1] or (rec.inner[0] if rec.ctx == "val" else 0)
        if period:
            tpl += (("period", period),)
        keys = [tag_of(k, rec.ctx) for k in rec.keys]
        if rec.epoch is not None:
            self.set_epoch(rec.epoch)
            self.epoch_heading = not keys
        # the epoch a "step n/N" is printed in: on its line, else on a line of its own above it ("Epoch 2/10" over
        # Paddle hapi's and Keras' "step 45/625 - loss: ..")
        in_epoch = rec.epoch if rec.epoch is not None else self.ctx_epoch
        if rec.step is not None and rec.step_total and in_epoch is not None:
            # "epoch 2 | step 100/6501": the step is global until it goes back to a smaller value when the
            # epoch advances; from then on it counts inside the epoch (global = (epoch - first) * N + step)
            pos = self.step_in_epoch(tpl, in_epoch, rec.step, rec.step_total)
            how = "global-iter" if self.tpl_clock[tpl][2] else "step"  # (counted inside the epoch: made global)
            self.ctx_step = pos
        elif rec.step is not None and rec.ctx != "val" and keys \
                and (rec.epoch is not None or (self.ctx_epoch is not None and self.epoch_heading)):
            # "[E2] step 0 ..", "Epoch 3 | step 40": no epoch length printed; the same, the length read off the
            # climbs (see step_climbing). (A held-out record's step counts the evaluation's own batches: its
            # progress, no clock of training's)
            pos, made_global = self.step_climbing(tpl, in_epoch, rec.step)
            how = "global-iter" if made_global else "step"
            self.ctx_step = pos
        elif rec.step is not None:
            pos, how = rec.step, "step"
            self.ctx_step = rec.step
        elif rec.epoch is not None and rec.inner is not None and rec.inner[1] and rec.ctx == "val" and keys \
                and self.inner and self.ctx_step is not None:
            # an evaluation's own "[e][i/N]" ('EVALUATING - Epoch: [3][10/20]' after 'TRAINING - Epoch: [3][96/97]'):
            # its count is the evaluation's progress over its own batches, no clock of training's; its renderings are
            # one result (the last one printed holds it), at the step training had reached
            self._emit(tpl, keys, rec.values, self.ctx_step, "ctx-step", True)
            self.open_record = None
            return
        elif rec.epoch is not None and rec.inner is not None and rec.inner[1]:
            base = self.clock_base(rec.epoch)
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
        if pos is None and rec.bar and rec.ctx == "val" and rec.inner is not None and self.ctx_step is not None:
            # an evaluation's own bar ("validating...: 14/21 [.., loss:23.6]") between training records on a step:
            # its count is the evaluation's progress, its renderings one result (the last one drawn holds it), at the
            # step training had reached
            self._emit(tpl, keys, rec.values, self.ctx_step, "ctx-step", True)
            self.open_record = None
            return
        if pos is None:
            if rec.counter is not None and self.ctx_epoch is None:
                self._emit(tpl, keys, rec.values, rec.counter, "counter", rec.bar)
                if not rec.bar and rec.ctx != "val":
                    # a training record's count of its planned steps ("[0 200/75400] loss ..") is the step training
                    # has reached: an evaluation printed after it with no clock of its own ("  >> val 0.42 | ..") is
                    # placed there, as after a printed step
                    self.ctx_step = rec.counter
            else:
                self._positionless(tpl, keys, rec.values, lineno, rec.bar)
            self.open_record = None
            return
        if rec.bar and how == "global-iter" and rec.ctx != "val":
            # a progress bar's postfix drawn at the bar's count 0, before it counted a batch, was set before the bar
            # counts (tqdm's set_postfix inside 'for x in tqdm(..)'): each value is drawn first at the count before
            # its batch, then again once the count reaches it -- the first rendering at a count is that batch's, the
            # next one the next batch's on its way, and the count-0 rendering the first batch's, drawn again at 1
            # (told by the bar's first move: the first rendering at count 1 draws the values drawn at count 0 --
            # the same batch's; a record naming its own batch, 'Epoch [0][1/1200] Loss ..' in the bar's
            # description, draws the next batch's there)
            said = self.postfix_ahead.get(tpl)
            fam = self.series.get(tpl) or {}
            if said is None:
                self.postfix_ahead[tpl] = (pos, tuple(rec.values)) if rec.inner[0] == 0 else False
            elif isinstance(said, tuple) and pos == said[0]:
                self.postfix_ahead[tpl] = (pos, tuple(rec.values))
            elif isinstance(said, tuple):
                self.postfix_ahead[tpl] = pos == said[0] + 1 and tuple(rec.values) == said[1]
                if self.postfix_ahead[tpl]:
                    for k in keys:  # (the count-0 rendering: the first batch's, drawn before the bar counted it)
                        if k in fam and fam[k].count() and fam[k].last_point()[0] == said[0]:
                            fam[k].drop_last()
                            fam[k].last_bar = False  # (the next rendering is a point of its own)
                            self.repeats += 1
            elif said and keys[0] in fam and fam[keys[0]].count() and fam[keys[0]].last_point()[0] == pos:
                self.repeats += len(keys)
                self.open_record = (tpl, pos, how, lineno)
                return
        self.own_epoch = rec.epoch is not None
        self._emit(tpl, keys, rec.values, pos, how, rec.bar)
        self.own_epoch = False
        self.open_record = (tpl, pos, how, lineno)
        self.last_point_line = lineno

    def note_progress(self, rec: Rec) -> None:
        """Keep the split and the keys of a record printed with its progress ("Test: [3]  [20/230]  average_f1: ..",
        "Epoch: [3]  [100/2561]  loss: ..") for :meth:`summary_of_progress`."""
        if rec.inner is not None and rec.keys and not rec.config:
            tested = any(k.startswith("test/") for k in rec.keys)
            self.last_progress = (rec.ctx, frozenset(k.split("/", 1)[1] if k.startswith(("test/", "val/")) else k
                                                     for k in rec.keys), tested)

    def summary_of_progress(self, rec: Rec) -> Rec:
        """A summary with no position of its own printed after an evaluation's progress lines, most of its keys
        theirs (MetricLogger's "Averaged stats: average_f1: 0.09 (0.18) .." after "Test: [0]  [229/230]  average_f1:
        .."): the evaluation's result, held out as its progress was -- never a training series. (After training's
        progress lines the same summary is training's, as it reads.)"""
        lp = self.last_progress
        if lp is None or lp[0] != "val" or not rec.keys or rec.ctx or rec.config or rec.step is not None \
                or rec.epoch is not None or rec.inner is not None or rec.counter is not None or len(rec.keys) < 2 \
                or 2 * sum(k in lp[1] for k in rec.keys) <= len(rec.keys):
            return rec
        return dataclasses.replace(rec, ctx="val", keys=tuple(
            f"test/{k}" if lp[2] and not split_of(k) and not OPTIMIZER_KEY.search(k) else k for k in rec.keys))

    def step_in_epoch(self, tpl: tuple, epoch: int, step: int, total: int) -> int:
        """The position of a record of ``tpl`` printing ``step n/N`` in ``epoch``: the step as printed until the
        epoch advances without it moving on (back to a smaller value, or the same one: a log that prints only 'Batch
        0/15' each epoch); from then on (epoch - first epoch) * N + step."""
        st = self.tpl_clock.get(tpl)
        if st is None:
            st = self.tpl_clock[tpl] = [epoch, step, False, epoch]
        elif epoch > st[0] and step <= st[1]:
            st[2] = True
        elif epoch < st[0]:  # a new launch appended to the log: start again
            st[:] = [epoch, step, False, epoch]
        st[0], st[1] = epoch, step
        return (epoch - st[3]) * total + step if st[2] else step

    def _config_plan(self, settings) -> None:
        """The plan of epochs a configuration printed as a dict sets (``"epochs": 20``), the launch after it's own."""
        for key, val in settings:
            if str(key).lower() in ("epochs", "num_epochs", "n_epochs", "max_epochs", "total_epochs") \
                    and isinstance(val, (int, float)) and not isinstance(val, bool) and val > 0 and float(val).is_integer():
                if not self.epoch_plans or self.epoch_plans[-1][1] != int(val):
                    self.epoch_plans.append((self.seq + 1, int(val)))
                return

    @staticmethod
    def _second_loop(alts: list) -> int | None:
        """Of one record printed in every epoch by two loops counted against two totals ('[i/251] running loss ..' over
        the training set, then '[i/32] running loss ..' over the validation set, the same print in both loops), the
        one with the smaller total, each time after the other: the evaluation's pass (its index), None when the two
        do not take turns so."""
        periods = [parts[0].period for parts in alts]
        if any(len({x.period for x in parts}) != 1 for parts in alts) or min(periods) <= 0 or periods[0] == periods[1]:
            return None
        small = int(np.argmin(periods))
        orders = [np.sort(np.concatenate([x.arrays()[2] for x in parts])) for parts in alts]
        if orders[small][0] < orders[1 - small][0]:
            return None  # (the evaluation comes after training's loop)
        who = np.concatenate([np.zeros(len(orders[0]), dtype=np.int8), np.ones(len(orders[1]), dtype=np.int8)])
        who = who[np.argsort(np.concatenate(orders), kind="stable")]
        turns = int((who[1:] != who[:-1]).sum())
        # (each turn a whole loop, several records long: two jobs writing into one log line by line take turns at
        # every record, and are two trainings -- see test_two_jobs_with_different_epoch_lengths_are_two_series)
        if turns < 3 or min(len(o) for o in orders) < 3 * (turns + 1) / 2:
            return None
        # (... and each of its turns inside one epoch, as a loop over a set is: launches appended one after another,
        # with other batch counts, take turns that each span their epochs -- several trainings, not an evaluation)
        got = [x.arrays() for x in alts[small]]
        st = np.concatenate([g[0] for g in got])[np.argsort(np.concatenate([g[2] for g in got]), kind="stable")]
        block = np.cumsum(np.r_[0, (who[1:] != who[:-1]).astype(np.int64)])[who == small]
        epoch = st // periods[small]
        ends = np.flatnonzero(np.diff(block)) + 1
        return small if all(len(set(e.tolist())) == 1 for e in np.split(epoch, ends)) else None

    def launch_here(self):
        """A launch starts here (a configuration, a start or resume statement, another plan): the records after it
        are its own; the line of the last point before it is where the launch before ended (``launch_ends``)."""
        self.seq += 1
        self.launches.append(self.seq)
        self.launch_ends.append(self.last_point_line)
        if self.block is not None and self.block[1] == "phase":
            # a new launch is a training of its own: the evaluation announced before it (or the test after a line
            # saying the training was over: "Training finished", then "Starting trainer .." and its Namespace) is over
            self.block = None

    def plan_stated(self, epochs: int | None, epoch: int | None = None):
        """A record states its plan of ``epochs`` ("Epoch: 0/12"): another plan than the one in force starts a
        launch (a training appended to the log with its own number of epochs: its records are its own, and its plan
        is its own -- see ``epoch_plans``). So does the first plan stated, at ``epoch``, after records that stated
        none reached a later epoch: the clock goes back with a plan of its own (a second stage printed after the
        first, 'Epoch #199: ..' then 'Epoch 10/100: ..')."""
        if not epochs:
            return
        if (self.epoch_plans and self.epoch_plans[-1][1] != epochs) or (
                not self.epoch_plans and epoch is not None and self.ctx_epoch is not None and epoch < self.ctx_epoch):
            self.launch_here()
            self.plan_launches.add(self.launches[-1])
        if not self.epoch_plans or self.epoch_plans[-1][1] != epochs:
            self.epoch_plans.append((self.seq + 1, int(epochs)))

    def step_climbing(self, tpl: tuple, epoch: int, step: int) -> tuple[int, bool]:
        """(position, laid end to end?) of a record of ``tpl`` printing a step with no total in ``epoch``. The step is
        the run's until it goes back as the epoch advances: from then on it counts inside the epoch, and the epochs
        are laid end to end on one clock, each ``L`` steps long, ``L`` the epoch's length as the log shows it -- the
        top a climb reached, less the count the next climb starts at, plus the interval between prints (``0, 100 ..
        400`` then ``0``: 500; ``100 .. 500`` then ``100``: 500; ``1 .. N`` then ``1``: N), the longest climb so far
        (a log that starts inside an epoch shows a short first climb). Only a step seen climbing inside an epoch
        counts there: a record printed once per epoch at a step ('resumed epoch 9, iter 13347') keeps its step, unless
        that step stands still as the epoch advances ('epoch: 3 iter: 45' each epoch: 45 steps an epoch). An
        epoch that goes back is a new launch: its clock starts again (its own length, its own offset)."""
        st = self.tpl_climb.get(tpl)
        # [epoch, last step, offset, laid end to end, top of this climb, epoch length, interval between prints]
        if st is None or epoch < st[0]:
            st = self.tpl_climb[tpl] = [epoch, step, 0, False, step, 0, 0]
            return step, False
        if epoch > st[0]:
            # (climbed inside an epoch before: a counter; or printed once per epoch at the same count every epoch,
            # "epoch: 3 iter: 45 loss: ..": it stands still while the epoch advances -- a count inside the epoch, as
            # long as that count, not the run's step)
            still = step == st[1] and step > 0 and not st[6]
            if st[3] or (step < st[1] and st[6]) or still:
                interval = st[6] or (step if still else 1)
                st[5] = max(st[5], st[4] - step + interval)
                st[2] += st[5] * (epoch - st[0])
                st[3] = True
            st[0], st[4] = epoch, step  # (a new climb starts)
        elif step > st[1]:
            st[6] = step - st[1] if not st[6] else min(st[6], step - st[1])
            st[4] = max(st[4], step)
        st[1] = step
        return (st[2] + step, True) if st[3] else (step, False)

    # -- result
    def result(self):
        self.flush()
        if self.kv_block:
            self._close_kv(self.kv_line)
        self._settings_printed_one_a_line()
        self._drop_splice_rests()
        self._resolve_positionless()
        return self._frame()

    def _drop_splice_rests(self):
        """The rest of a line another logged line was written into comes after the intruder, as a line of its own:
        the first record printed after the spliced line is that rest when no whole line printed its keys ('bal Iter:
        15300 training loss: 1.99101' after 'Glo' + TensorFlow's line, 'ining loss: 2.03'), or when it lacks the clock
        the whole lines of its keys print ('0000 training acc: 0.156' after 'Global Iter: 20' + it): fragments of
        known keys are no new series, and a value cut from its position is no point. Not read, and counted (the
        damaged-log note). A record printed without a clock wherever it is printed ('Number of Patches: 7361' at
        each relaunch) is read."""
        if not self.splices:
            return
        after = {order + 1 for _, order, _ in self.splices}
        for tpl in list(self.pending):
            pend = self.pending[tpl]
            seq = pend.columns()[0]
            cut = after.intersection(seq.tolist())
            if not cut or (len(cut) < len(seq) and not any(ser.count() for ser in self.series.get(tpl, {}).values())):
                continue
            left = pend.drop(cut)
            self.splice_rests += len(seq) - left
            if not left:
                del self.pending[tpl]
        for tpl in list(self.series):
            fam = self.series[tpl]
            orders = {int(o) for ser in fam.values() for o in ser.arrays()[2]}
            if orders and orders <= after:
                self.splice_rests += len(orders)
                del self.series[tpl]

    def _whole_records_again(self, pairs: np.ndarray, parts, part_of, key: str, or_l) -> np.ndarray:
        """``pairs`` (over consecutive points t, t + 1 of ``key``: the same value again at the same position) kept
        only where the record at t + 1 printed every value of the one at t again (:meth:`_siblings_moved` of the
        template that printed it, among ``parts``; ``part_of`` says which, None with one): an echo, not a record of its
        own. A new array."""
        out = np.asarray(pairs, dtype=bool).copy()
        ords = np.asarray(or_l)
        for t in np.flatnonzero(out).tolist():
            own = parts if part_of is None else [parts[int(part_of[t + 1])]]
            if self._siblings_moved(own, key, int(ords[t]), int(ords[t + 1])):
                out[t] = False
        return out

    def _siblings_moved(self, parts, key: str, before: int, at: int) -> bool:
        """Do the other keys of the record at order ``at`` (the template printing ``key`` there, among ``parts``) hold
        values other than the record at order ``before`` had? Then that record is no echo of the one before."""
        if self._fam_of is None:
            self._fam_of = {id(ser): fam for fam in self.series.values() for ser in fam.values()}
            self._arrays_of = {}
        for fam in {id(f): f for f in (self._fam_of.get(id(ser)) for ser in parts) if f is not None}.values():
            for k2, ser in fam.items():
                if k2 == key:
                    continue
                if id(ser) not in self._arrays_of:
                    self._arrays_of[id(ser)] = ser.arrays()
                _, va, od, _ = self._arrays_of[id(ser)]
                i = np.searchsorted(od, [before, at])
                if i[0] < len(od) and i[1] < len(od) and od[i[0]] == before and od[i[1]] == at:
                    a, b = va[i[0]], va[i[1]]
                    if a != b and not (a != a and b != b):
                        return True
        return False

    def _frame(self):
        """The canonical frame (None when no series was found); settings printed once go to ``self.hparams``.

        The same key printed by several templates (a dict that gains keys at an eval step, a summary line
        that adds a column) is one series, merged in write order."""
        self._epoch_ends_on_their_epoch()
        self._fam_of = None  # (the template of each series, looked up by _siblings_moved)
        groups: dict[tuple[str, str], list[Series]] = {}
        # the series of templates that report an ETA: renderings of a progress bar on its way -- unless what the record
        # calls 'eta' is the learning rate, η (:func:`_eta_is_lr`)
        in_progress = {id(ser) for tpl, fam in self.series.items()
                       if any(isinstance(x, str) and x.lower() == "eta" and not _eta_is_lr(fam.get(x)) for x in tpl)
                       for ser in fam.values()}
        # ... and a progress bar's renderings whose keys the line that closes it says again with more (Keras 3's
        # "160/160 ━━━ 807s - loss: .. - val_loss: .." after "46/160 ━━━ 9:13 - loss: .."): that bar on its way
        closed = {id(ser) for tpl in self.closed_bars for ser in self.series.get(tpl, {}).values()}
        in_progress |= closed
        for fam in self.series.values():
            for k, ser in fam.items():
                if k.lower() == "eta" and not _eta_is_lr(ser):
                    continue  # the time a progress bar says is left ("- ETA: 3s -") is no series (see eta_at_end_s)
                value, first_how, _ = ser.first()
                once = ser.count() == 1 and (first_how == "ordinal" or first_how.startswith("ctx"))
                if once and first_how.startswith("ctx"):
                    # printed once after some point of the run (a W&B run summary, a final test score)
                    self.summary.setdefault(k, value)
                if once and not is_evaluation(k):
                    # printed once with no clock: a setting ("lr0=0.01", a config dump), or a summary value,
                    # not a curve of one point that would compete with the real series
                    if first_how == "ordinal":
                        self.hparams.setdefault(k, value)
                    continue
                if first_how == "ordinal" and self.launches and not is_evaluation(k) and self._once_per_launch(ser):
                    # ... and so is the same value printed once by each launch appended to the log (the configuration
                    # or start banner printed again: "Num examples = 48,000", "class_num: 1000" at every start)
                    self.hparams.setdefault(k, value)
                    continue
                # (a single final evaluation -- "{'eval_loss': 0.41}" once at the end, one AP line -- is a
                # series of one point)
                groups.setdefault((k, CLOCK_KIND.get(first_how, first_how), ser.period), []).append(ser)
        # one key on one kind of clock is one series; the same key on another clock (a final evaluation
        # printed after training without a step) is kept apart as "key [2]"
        merged: dict[str, list[Series]] = {}
        by_key: dict[str, list] = {}
        loops: dict[str, list] = {}
        for (k, clock, period), parts in groups.items():
            by_key.setdefault(k, []).append(parts)
            loops.setdefault(k, []).append((clock, period))
        for k, alts in by_key.items():
            alts.sort(key=lambda parts: -sum(x.count() for x in parts))
            held = self._second_loop(alts) if len(alts) == 2 and len(set(c for c, _ in loops[k])) == 1 \
                and not split_of(k) else None
            for j, parts in enumerate(alts):
                merged[f"val/{k}" if j == held else k if j == 0 else f"{k} [{j + 1}]"] = parts
        trained = self._printed_steps(merged)
        if trained is not None:
            self._join_evaluations(merged, trained)
        names, counts, steps, values, order = [], [], [], [], []
        for k, parts in merged.items():
            # how the earliest point was placed is the clock; hows: every way a point was
            clock = min(parts, key=lambda ser: ser.first()[2]).first()[1]
            part_of = None  # which template printed each point (when several did)
            if len(parts) == 1:
                st_l, va_l, or_l, hows = parts[0].arrays()
            else:  # merged in write order (each record has its own order)
                got = [ser.arrays() for ser in parts]
                or_l = np.concatenate([g[2] for g in got])
                by = np.argsort(or_l, kind="stable")
                or_l = or_l[by]
                part_of = np.concatenate([np.full(len(g[2]), q) for q, g in enumerate(got)])[by]
                st_l = np.concatenate([g[0] for g in got])[by]
                va_l = np.concatenate([g[1] for g in got])[by]
                hows = set().union(*[g[3] for g in got])
                # a rendering of a progress bar on its way (it reports an ETA: Keras' "214/215 [====>.] - ETA: 0s -
                # loss: .." printed before a callback's message), then the line that closes the same position (the
                # epoch's "215/215 [=====] - 6s - loss: .. - val_loss: .."): one point, the closing line's
                on_the_way = np.asarray([id(ser) in in_progress for ser in parts])[part_of]
                st0 = np.asarray(st_l, dtype=np.int64)
                gone = np.zeros(len(st0), dtype=bool)
                # (renderings of two kinds on the way at one position -- 'ETA: 9s' and 'ETA: 4:21' -- are one bar:
                # each gives way to the next at that position, the last one standing)
                gone[:-1] = (st0[1:] == st0[:-1]) & on_the_way[:-1]
                unclosed = np.asarray([id(ser) in closed for ser in parts])[part_of]
                if unclosed.any() and not unclosed.all():
                    # the bar of the epoch the log stops in, which no line closed, holds no result of that epoch
                    # (Keras' History has none): its epoch is still the one reached (see _epoch_tag)
                    gone[int(np.flatnonzero(~unclosed)[-1]) + 1:] |= unclosed[int(np.flatnonzero(~unclosed)[-1]) + 1:]
                if gone.any():
                    self.repeats += int(gone.sum())
                    keep = ~gone
                    st_l, va_l, or_l, part_of = st0[keep], np.asarray(va_l)[keep], or_l[keep], part_of[keep]
            st = np.asarray(st_l, dtype=np.int64)
            # an epoch shared by consecutive records is not their clock: use the ordinal (a value printed again at
            # the same epoch -- the same test result under another name, "Test set loss: .., acc: .." then "Test
            # loss: .., acc: .." -- is an echo, not a second record of that epoch)
            numbered = False
            if len(st) > 2 and hows <= {"epoch", "ctx-epoch"}:
                again = _repeated(st, np.asarray(va_l, dtype=np.float64))
                same = part_of[1:] == part_of[:-1] if part_of is not None else np.ones(len(again), dtype=bool)
                if (again & same).any():
                    # ... and so is the whole record printed again by its own template at that epoch ('[ Valid |
                    # 001/030 ] loss = 1.98945, acc = 0.35743', then the same line with ' -> best'): every value of
                    # it the same (a record whose other values changed -- another fold at one epoch -- is its own)
                    own = again & same
                    again = (again & ~own) | self._whole_records_again(own, parts, part_of, k, or_l)
                sf = st[np.concatenate([[True], ~again])]
                numbered = len(sf) > 2 and np.mean(sf[1:] == sf[:-1]) > 0.5
            if numbered:
                # ... but it still says which epoch each record belongs to (the epoch tag keeps it)
                self.ordinal_epochs[k] = st.copy()
                self.numbered_orders[k] = np.asarray(or_l, dtype=np.int64)
                st = np.arange(1, len(st) + 1, dtype=np.int64)
                clock = "ordinal"
            else:
                if trained is not None and clock in ("epoch", "ctx-epoch") and hows <= {"epoch", "ctx-epoch"}:
                    # a record that names only its epoch (a validation per epoch) on a log whose clock is the
                    # printed step: at the step training had reached when it was printed, not at "step e"
                    named = st
                    st = self._at_training_step(trained, np.asarray(or_l))
                    clock = "step"
                    if hows == {"epoch"}:
                        # ... and the epoch it names is the epoch training was in at that step (the run's epoch
                        # series, which says how far a plan of N epochs got, holds it) -- unless a training record
                        # printed its own epoch at that step ("Epoch 0, Step 125, ..", then "Starting epoch 1 ..":
                        # step 125 is still epoch 0's; "The best top1 acc 0.93, in epoch: 17" printed in epoch 19
                        # names a past epoch)
                        ahead = ~np.isin(st, self.epoch_own.resolved()[0])
                        self.epoch_at["step"].set_many(st[ahead], np.asarray(named)[ahead])
            if not numbered and len(st) > 1:
                # on a real clock, the same value printed again at the same position is an echo ("-> best")
                va = np.asarray(va_l, dtype=np.float64)
                echo = np.concatenate([[False], _repeated(st, va)])
                if echo.any() and self.launches:
                    # ... unless a launch started between the two prints (a job that died at its first epoch
                    # and was started again prints that epoch's record again: two records)
                    ords = np.asarray(or_l)
                    marks = np.asarray(self.launches)
                    echo[1:] &= np.searchsorted(marks, ords[1:]) == np.searchsorted(marks, ords[:-1])
                if echo.any() and clock in ("epoch", "ctx-epoch") and self.epoch_marks[0]:
                    # ... or the epoch moved between the two prints (the next fit's first epoch, after a fit that
                    # stopped at the start of its second: nan printed at epoch 1 by each is two records)
                    ords = np.asarray(or_l)
                    for i in np.flatnonzero(echo):
                        if self._epoch_moved(int(ords[i - 1]), int(ords[i]), int(st[i])):
                            echo[i] = False
                if echo.any() and clock in ("epoch", "ctx-epoch"):
                    # ... and on an epoch, which many records may share, an echo is the whole record printed again: a
                    # record whose other values changed at that epoch (CycleGAN's several records an epoch, '(epoch:
                    # 3, iters: 400, ..) D_A: 0.025 ..', a loss printing the same three decimals twice) is a record of
                    # its own. (A step is one moment of training: the same value at one step is one point, whatever
                    # timings beside it changed.)
                    echo[1:] = self._whole_records_again(echo[1:], parts, part_of, k, or_l)
                if echo.any():
                    self.repeats += int(echo.sum())
                    keep = ~echo
                    st = st[keep]
                    va_l = list(va[keep])
                    or_l = list(np.asarray(or_l)[keep])
            # (an epoch read off the heading above a record -- Keras' "Epoch 3/15" before its line -- is a clock too:
            # a file holding several fit() calls counts from 1 again at each, a restart like any other clock's)
            if clock in ("step", "epoch", "global-iter", "ctx-epoch") or (clock == "ctx-step" and self.bar_resumed):
                self.clocked[k] = st
                self.clocked_orders[k] = np.asarray(or_l, dtype=np.int64)
            # (how its points are placed: on one clock, or at a position another line printed; a "step" that counts
            # inside the epoch is no run-wide step: see counts_inside_epochs)
            self.clock_of[k] = "continued" if any(ser.continued for ser in parts) else \
                ("in-epoch" if clock == "step" and counts_inside_epochs(st) else clock) if hows <= {clock} else "mixed"
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
        self.frame_order = np.concatenate(order)[idx]
        if ep is not None:
            self.frame_order[-len(ep[0]):] = 0  # (the epoch tag is no record: placed by its steps, see reader)
        # the tag column as codes into the categories pandas would choose for these names (a column of millions of
        # strings is not built)
        unique = list(dict.fromkeys(names))
        base = pd.Categorical(np.asarray(unique, dtype=object))
        code_of = dict(zip(unique, base.codes))
        small = np.int8 if len(unique) <= np.iinfo(np.int8).max else np.int32  # what pandas keeps of them anyway
        codes = np.repeat(np.asarray([code_of[k] for k in names], dtype=small), counts)[idx]
        tag = pd.Categorical.from_codes(codes, dtype=base.dtype)
        return make_frame(tag, np.concatenate(steps)[idx], np.concatenate(values)[idx], source_file=str(self.path),
                          take=True)  # arrays made for the frame: not copied again into one block


    def _epoch_ends_on_their_epoch(self):
        """Records of an "[e][i/N]" template that are all at the end of their epoch (i = N: the last rendering of
        each epoch's progress bar, ``Train Epoch: 4 Loss: 2.97 ..: 100%| 5005/5005``) are one point per epoch: they
        are placed on the epoch, where a change of the epoch length (a run resumed with another batch size,
        10010 batches an epoch, then 5005) does not split them into two series nor send the clock back."""
        base = self.inner_base if self.inner_base is not None else (self.epoch_base or 0)
        for fam in self.series.values():
            for k, ser in list(fam.items()):
                if ser.period <= 0 or ser.count() < 2:
                    continue
                st, va, od, hows = ser.arrays()
                if hows != {"global-iter"} or np.any(st % ser.period) or np.any(np.diff(st) <= 0):
                    continue
                on_epoch = Series()
                on_epoch.add(st // ser.period + base - 1, va, od, "epoch")
                on_epoch.last_bar = ser.last_bar
                fam[k] = on_epoch

    def _printed_steps(self, merged: dict) -> tuple[np.ndarray, np.ndarray] | None:
        """(record orders, steps) of the training signal -- the longest training-loss series, else the longest
        series -- when its clock is a step the log prints; else None."""
        from curvedoc.model.roles import role_of_name

        if not merged:
            return None
        losses = [k for k in merged if role_of_name(k) == "train_loss"]
        key = max(losses or list(merged), key=lambda k: sum(x.count() for x in merged[k]))
        if sum(x.count() for x in merged[key]) < 2 or merged[key][0].first()[1] not in ("step", "global-iter"):
            return None
        if merged[key][0].first()[1] == "global-iter" and len({ser.period for parts in merged.values() for ser in parts
                                                               if ser.count() and ser.first()[1] == "global-iter"}) > 1:
            # ("[e][i/N]" records of two epoch lengths: two jobs' clocks in one log -- which one a record naming only
            # its epoch follows, its own "Epoch(val) [e][N]" says, not the step printed last)
            return None
        got = [ser.arrays() for ser in merged[key]]
        orders = np.concatenate([g[2] for g in got])
        by = np.argsort(orders, kind="stable")
        steps = np.asarray(np.concatenate([g[0] for g in got])[by], dtype=np.int64)
        if counts_inside_epochs(steps):
            return None
        return orders[by], steps

    def _join_evaluations(self, merged: dict, trained: tuple[np.ndarray, np.ndarray]):
        """One evaluation is one series, whatever placed each of its prints: on a log whose clock is the printed
        step, an evaluation line that names no position is at the step training had reached -- whether it was read
        as continuing the step line just before it, placed at the step in force, or printed before the first step
        (then at the first step). Its prints kept apart as ``key [2]`` by the way they were placed are joined."""
        for k in [k for k in merged if is_evaluation(k) and f"{k} [2]" in merged]:
            names = [k] + [f"{k} [{j}]" for j in range(2, 10) if f"{k} [{j}]" in merged]
            parts = [ser for n in names for ser in merged[n]]
            hows = set().union(*[ser.arrays()[3] for ser in parts])
            if not hows <= {"step", "ctx-step", "ordinal"} or any(ser.period for ser in parts):
                continue
            got = [ser.arrays() for ser in parts]
            orders = np.concatenate([g[2] for g in got])
            by = np.argsort(orders, kind="stable")
            orders = orders[by]
            values = np.concatenate([g[1] for g in got])[by]
            joined = Series()
            # (placed at a position other lines printed, as a record with no clock of its own: "ctx-step")
            joined.add(self._at_training_step(trained, orders), values, orders, "ctx-step")
            for n in names:
                del merged[n]
            merged[k] = [joined]

    @staticmethod
    def _at_training_step(trained: tuple[np.ndarray, np.ndarray], orders: np.ndarray) -> np.ndarray:
        """The step of the last training record printed before each record order (the first step printed, for a
        record printed before any)."""
        before = np.searchsorted(trained[0], orders) - 1
        return np.asarray(trained[1], dtype=np.int64)[np.maximum(before, 0)]

    def _epoch_tag(self, merged: dict) -> tuple[np.ndarray, np.ndarray | list[float]] | None:
        """(steps, epochs) of the ``epoch`` tag on the clock of the longest series, so that a planned number of
        epochs ("Epoch 3/400") can be compared with the epochs reached. None when the log names a key ``epoch``
        itself, or knows fewer than two epoch positions on that clock (one, when the log states its planned
        epochs)."""
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
        if longest[0].count() and longest[0].first()[1] == "ctx-epoch":
            # records placed at the epoch of the heading above them (Keras' "Epoch 9/15" over its bar): their
            # positions are the epochs reached
            got = [ser.arrays() for ser in longest]
            by = np.argsort(np.concatenate([g[2] for g in got]), kind="stable")
            st = np.asarray(np.concatenate([g[0] for g in got])[by], dtype=np.int64)
            st = st[np.concatenate([[True], st[1:] != st[:-1]])]
            marks, last = self.epoch_marks[1], max(int(g[2].max()) for g in got if len(g[2]))
            if len(st) and marks and self.epoch_marks[0][-1] > last and marks[-1] == st[-1] + 1:
                # the heading of the next epoch, after the last record: the log stopped inside that epoch
                st = np.append(st, marks[-1])
            return (st, st.astype(np.float64)) if len(st) >= 2 else None
        kind = "epoch" if longest[0].count() and longest[0].first()[1] == "epoch" else "step"
        pos, epochs = self.epoch_at[kind].resolved()
        if len(pos) and np.min(epochs) < 0:
            # (the evaluation a script runs before training, at epoch -1: no epoch of training reached)
            keep = np.asarray(epochs) >= 0
            pos, epochs = np.asarray(pos)[keep], np.asarray(epochs)[keep]
        # (with a planned number of epochs, one epoch position is already how far the plan got: "Starting Training
        # for 2 epochs..." then "Epoch 1/2 - Loss: 0.97655" and nothing more)
        return (pos, epochs) if len(pos) >= (1 if self.planned.get("epochs") else 2) else None


# an 'eta' read as the learning rate: this many readings at least, every one a number in (0, 1)
ETA_LR_MIN_POINTS = 3


def _eta_is_lr(ser) -> bool:
    """Whether a series a record calls 'eta' is the learning rate η ('eta 2.000e-03' on every epoch line), not the
    time a progress bar says is left: a time left is seconds or a clock ('0:01:23'), above 1 for all but the last
    moments of a run, while an LR is a number below 1 at every reading. Three readings or more, all in (0, 1)."""
    if ser is None or ser.count() < ETA_LR_MIN_POINTS:
        return False
    _steps, values, _order, _hows = ser.arrays()
    v = np.asarray(values, dtype=np.float64)
    return bool(np.isfinite(v).all() and (v > 0).all() and (v < 1).all())

