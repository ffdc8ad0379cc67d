"""The fast path, part two: how the parser is fed. Lines of a shape whose plan is applied in batches are held back
and applied together, their numbers converted as columns (:meth:`BatchedFeed.flush`); every other line is read (by
a plan when one fits, else afresh by :func:`.records.analyse`) and applied by itself, in its place, through the
parser's :meth:`~.parser.TextLogParser.apply`. :class:`BatchedFeed` is the part of :class:`.parser.TextLogParser`
that does this; with ``reuse=False`` every line is read afresh and applied one by one (the reference reading)."""

from __future__ import annotations

import itertools
import re

import numpy as np

from curvedoc.importers.textlog import records, shapes
from curvedoc.importers.textlog.decoding import GLUED_EPOCH, MAX_LINE, renderings
from curvedoc.importers.textlog.records import BEST_HEADING, SETTING_KEY, Line, evaluation_heading
from curvedoc.importers.textlog.series import Pending, Series
from curvedoc.importers.textlog.shapes import (DIGITS_AS_ZERO, MAX_BATCH, MAX_FAST, MAX_SHAPES, PLAN_AT,
                                               PLANS_PER_SHAPE, PROPERTIES_PER_SHAPE, RUN_AT_ONCE,
                                               TEMPLATES_PER_FAMILY, Plan, Shape, Template, acts_beyond_its_numbers,
                                               family_key, fast_entry, free_numbers, gaps_of, guard_key, guards_of,
                                               leaves_of, numbers_of_run, probes_of, rebuild, shape_key, shape_of)
from curvedoc.importers.textlog.decoding import GLUED_RECORDS  # noqa: E402 (records glued on one line)
from curvedoc.importers.textlog.decoding import glued_log_record  # noqa: E402 (a logging record glued to a line)

# two words in a row, in any script ('using MLP', 'Args', '训练'): a message that says something
_WORDS = re.compile(r"[^\W\d_]{2,}")
CLEARED = Line("", empty=True, clear=True)  # the reading of a rendering of spaces only (records.analyse)


# how many of a log's last lines with text are kept (ends_at_start reads them)
_LAST_TEXTS = 3


class BatchedFeed:
    """Feeding lines to the parser: plans, batches and their apply (mixed into :class:`.parser.TextLogParser`,
    whose state -- clocks, series, pending records -- the batch apply changes as its ``apply`` would)."""

    def __init__(self, reuse: bool):
        self.reuse = reuse  # reuse the reading of a line for lines of the same shape (see Plan)
        # a table header in force changes how lines read only through its number of columns (_table_row), and the
        # names of a table row's values (a plan of a row keeps the header it was made under)
        self._plans_per_ncols: dict[int, dict] = {0: {}}
        self.plans: dict[bytes, int | Shape] = self._plans_per_ncols[0]  # shape -> times seen, or its plans
        self._families_per_ncols: dict[int, dict] = {0: {}}
        self.families: dict[bytes, list[Template]] = self._families_per_ncols[0]  # family -> its templates
        # records held back to apply together (flush): their line numbers, texts, plans (by number) and the
        # numbers already read of some (by place); the lists are emptied in place (feed_lines binds them)
        self.b_lines: list[int] = []
        self.b_raws: list[str] = []
        self.b_pids: list[int] = []
        self.b_x: dict[int, list] = {}
        self.plan_of: list[Plan] = []  # plans by number, and the number of each one's kind of record
        self.kind_of_pid: list[int] = []
        self._pids: dict[int, int] = {}
        self._kinds: dict[tuple, int] = {}
        self._kind_names: list[str] = []
        self._batch_only: list[int] = []  # plans of one line's reading, numbered for the batch being held
        self._free: list[int] = []  # their numbers once that batch is applied
        # shapes whose first plan is applied in batches: shape -> its number (with guard places and digits when it
        # has some: fast_entry); a line of one joins the batch without a lookup (its plan reads it, or it is read
        # afresh, when the batch is applied)
        self.fast: dict[bytes, int | tuple] = {}
        self.frame_fed = -2  # the line of the last traceback frame fed (the source line under it is read afresh)
        # (line, text) of the line fed before the one being applied by itself (a JSON object's '{' reads the position
        # line above it: TextLogParser._json_line), and of the last line of the batch applied before
        self.line_before: tuple[int, str] = (-2, "")
        self.line_held: tuple[int, str] = (-2, "")
        # the log's first line, when it states settings with their numbers ('running with learning rate = 0.0001 and
        # batch size = 700'): printed again, word for word, after records, it opens a launch (see _opening_again)
        self.opening: str | None = None
        self.opening_at: list[tuple[int, str, int]] = []
        self.opening_last = -1  # (the line it was last printed on)
        # ... and the first message a logger printed behind its prefix (a time, a date, a level: '2025-06-18 09:12:59,625
        # INFO  using MLP layer as FFN'): printed again after records, the prefix aside, it is a launch again (see
        # _message_again)
        self.opening_msg: str | None = None
        self.opening_msg_next: str | None = None  # (the message after it: the two are printed again together)
        self.opening_msg_at: list[tuple[int, str, int]] = []
        self.opening_msg_last = -1
        self.opening_msg_held: tuple[int, str, int] | None = None  # (printed again: told by the next message)

    def use_plans_of_table(self, ncols: int):
        """A table header of ``ncols`` columns is in force: lines read by the plans made under such headers."""
        self.plans = self._plans_per_ncols.setdefault(ncols, {})
        self.families = self._families_per_ncols.setdefault(ncols, {})
        self.fast = {}

    def _first_message(self, lineno: int, raw: str):
        """The log's first line behind a logger's or a launcher's prefix that says something in words ('22:58:21
        TRAINING -- Tanaman Usada Bali', '2026-03-31 19:41 - INFO - Args:'): its message is kept, the prefix dropped; a
        line of the prefix alone (or of rules, '22:58:21  =====') is passed over; a first line with no prefix ends the
        looking."""
        if not raw.strip():
            return
        msg, prefix = records.strip_prefix(raw)
        if not prefix.strip() or not re.search(r"\d", prefix):
            self.opening_msg = ""  # (no timed prefix: nothing to look for)
        elif _WORDS.search(msg):
            self.opening_msg = msg
            self.opening_msg_at = [(lineno, msg[:120], self.seq)]
            self.opening_msg_last = lineno

    def _message_again(self, lineno: int, raw: str):
        """The log's first two messages printed again, word for word behind other times in their prefixes, after
        records: the script was launched again into the same file (a logging launch prints what it printed first each
        time it starts: Video-Depth-Anything's 'using MLP layer as FFN' then 'Using 2 GPUs via DataParallel', an
        'Args:' dump's heading and first setting). The first message alone is not enough: a library prints its
        message many times in one process (TensorFlow's 'Successfully opened dynamic library ..' then each time
        another library), a table's header heads each epoch's rows; the message after it tells (held here, told by
        :meth:`_message_next`). Only a start statement for reader._started_again, which keeps it as a launch where the
        clock does not go on across it (a banner printed at each phase of one run is no launch); the records are not
        cut here."""
        if records.strip_prefix(raw)[0] != self.opening_msg or self.opening_msg_next is None:
            return
        if not self.last_point_line or self.last_point_line <= self.opening_msg_last:
            return  # (no record since it was last printed: a launch that logged nothing, or a message printed twice)
        self.opening_msg_held = (lineno, self.opening_msg[:120], self.seq)

    def _message_next(self, raw: str):
        """The message after the first message printed again (:meth:`_message_again`): the same as after its first
        print, the two open a launch."""
        held, self.opening_msg_held = self.opening_msg_held, None
        if records.strip_prefix(raw)[0] != self.opening_msg_next or any(ln == held[0] for ln, _, _ in self.starts):
            return
        self.opening_msg_last = held[0]
        self._printed_again(self.opening_msg_at, held)

    def _first_line(self, lineno: int, raw: str):
        """The log's first line that says something: kept when it states settings with their numbers (words and a
        number: a script's own first print as it starts), else never looked for again."""
        if raw.strip():
            # (else a text no line is: a line holds no newline)
            self.opening = raw if (re.search(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}", raw) and re.search(r"\d", raw)) else "\n"
            self.opening_at = [(lineno, raw.strip()[:120], self.seq)]
            self.opening_last = lineno

    def _opening_again(self, lineno: int, raw: str):
        """The log's first line printed again, word for word, after records: the script was launched again into the
        same file and printed what it prints as it starts (two launches each opened by 'running with learning rate =
        0.0001 and batch size = 700' and their epoch counter back at 1): the records after it are the new launch's,
        and the launches a restart (reader._started_again)."""
        last, self.opening_last = self.opening_last, lineno
        if not self.last_point_line or self.last_point_line <= last:
            return  # (no record since it was last printed, but its own: a banner printed twice)
        if any(ln == self.opening_at[0][0] for ln, _, _ in self.starts):
            return  # (a start statement the reading knows: a launch already, each time it is printed)
        self.launch_here()
        self._printed_again(self.opening_at, (lineno, raw.strip()[:120], self.seq))

    def _printed_again(self, prints: list[tuple[int, str, int]], again: tuple[int, str, int]):
        """An opening printed again opens a launch: the start statements get its first print (once: the first launch)
        and this one; ``prints`` keeps every print of it."""
        if len(prints) == 1:
            self.starts.append(prints[0])
        prints.append(again)
        self.starts.append(again)

    @property
    def last_text_line(self) -> int:
        """The last physical line with any text on it, 0 before one (ends_on_record: what, if anything, came after
        the records)."""
        return self.last_texts[-1][0] if self.last_texts else 0

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
        tail: list[tuple[int, str]] = []
        for j in range(len(lines) - 1, -1, -1):
            if lines[j].strip():  # the last line that says anything (ends_on_record: what, if anything, came after the records)
                tail.append((first + j, lines[j]))
                if len(tail) == _LAST_TEXTS:
                    break
        if tail:
            # the last few lines with text, in order (ends_at_start: a log whose last words start the training)
            self.last_texts = (self.last_texts + tail[::-1])[-_LAST_TEXTS:]
        fast, pids = self.fast, self.b_pids
        add_line, add_raw, add_pid = self.b_lines.append, self.b_raws.append, pids.append
        # each rendering (a progress bar redrawn with \r is several: the last one at a position stands) with its
        # shape key -- for a chunk of plain lines (ASCII, no \r) all keys at once, else one by one
        joined = "\n".join(lines) if self.reuse else ""
        if not self.reuse:
            items = ((lineno, raw, None) for lineno, line in enumerate(lines, first) for raw in renderings(line))
        elif joined.isascii() and "\r" not in joined and joined.count("\n") == len(lines) - 1 \
                and max(map(len, lines)) <= MAX_LINE and ("poch" not in joined or not GLUED_EPOCH.search(joined)) \
                and ("]" not in joined or not GLUED_RECORDS.search(joined)) and not glued_log_record(joined):
            items = zip(itertools.count(first), lines, joined.encode().translate(DIGITS_AS_ZERO).split(b"\n"))
        else:
            items = ((lineno, raw, shape_key(raw)) for lineno, line in enumerate(lines, first)
                     for raw in renderings(line))
        for lineno, raw, skel in items:
            if self.opening is None:
                self._first_line(lineno, raw)
            elif raw == self.opening:
                if self.reuse:
                    self.flush()  # (the records before it are ordered before the launch it opens)
                self._opening_again(lineno, raw)
            if self.opening_msg is None:
                self._first_message(lineno, raw)
            elif self.opening_msg:
                if self.opening_msg_held is not None and raw.strip():
                    self._message_next(raw)
                elif self.opening_msg_next is None:
                    if raw.strip():
                        self.opening_msg_next = records.strip_prefix(raw)[0]
                elif lineno > self.opening_msg_last and raw.endswith(self.opening_msg):
                    if self.reuse:
                        self.flush()
                    self._message_again(lineno, raw)
            if lineno == self.frame_fed + 1 and self.reuse:
                # the source line under a traceback's frame: read afresh and applied in its place, where the parser
                # knows the frame before it (TextLogParser.apply), as the reference reading does
                self._hold(lineno, raw, -1, records.analyse(raw, self.table))
                continue
            pid = fast.get(skel)
            if pid.__class__ is not int:  # (an int: the plan of a shape without guard digits)
                if pid is not None:
                    guards, gkey, pid = pid
                    if not (raw[guards] == gkey if guards.__class__ is slice else guard_key(raw, guards) == gkey):
                        pid = None
                if pid is None:
                    if raw and not raw.isspace():  # (blank lines have no plan)
                        self._feed_one(lineno, raw, skel)
                        fast = self.fast  # (a table header starts another set)
                    elif raw:  # spaces only: maybe a progress bar cleared (TextLogParser.apply), in its place
                        if self.reuse:
                            self._hold(lineno, raw, -1, CLEARED)
                        else:
                            self.apply(lineno, raw, records.analyse(raw, self.table))
                            self.line_before = (lineno, raw)
                    continue
            # its numbers are read when the batch is applied
            add_line(lineno)
            add_raw(raw)
            add_pid(pid)
            if len(pids) >= MAX_BATCH:  # memory stays bounded by the series, not the file
                self.flush()

    def _feed_one(self, lineno: int, raw: str, skel: bytes | None = None):
        if not self.reuse:
            self.apply(lineno, raw, records.analyse(raw, self.table))
            self.line_before = (lineno, raw)
            return
        if skel is None:
            skel = shape_key(raw)
        plan, x, shape, gkey = self._lookup(raw, skel)
        if plan is None or plan.bulk is None:
            a = x if plan is None else rebuild(plan.line, x)
            if a.frame:
                self.frame_fed = lineno
            if a.table_head is not None:  # how the lines after it read depends on it: applied now
                self.flush()
                self.apply(lineno, raw, a)
                return
            # a record of a kind applied in batches joins them with its numbers (a plan of its own reading:
            # lines of new shapes do not cut a batch's run of one kind); anything else is applied by itself, in
            # its place, when the batch is
            own = Plan(a, leaves_of(a), [], None) if a.rec is not None and not acts_beyond_its_numbers(a) else None
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
            self.fast[skel] = fast_entry(shape.guards, gkey, pid)
        self._hold(lineno, raw, pid, x)

    def _hold(self, lineno: int, raw: str, pid: int, known):
        """Hold a rendering back for the batch: read by plan ``pid`` (its numbers ``known``), or with pid -1 a
        reading ``known`` applied by itself in its place. (feed_lines does the same inline for the common case.)"""
        self.b_x[len(self.b_pids)] = known
        self.b_lines.append(lineno)
        self.b_raws.append(raw)
        self.b_pids.append(pid)
        if len(self.b_pids) >= MAX_BATCH:  # memory stays bounded by the series, not the file
            self.flush()

    def _pid(self, plan: Plan) -> int:
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

    def read_line(self, raw: str) -> Line:
        """The reading of one rendering (by a plan when one fits)."""
        if not self.reuse:
            return records.analyse(raw, self.table)
        plan, x, _, _ = self._lookup(raw, shape_key(raw))
        return x if plan is None else rebuild(plan.line, x)

    def _lookup(self, raw: str, skel: bytes) -> tuple[Plan | None, object, Shape | None, str]:
        """(plan, numbers, shape, guard digits) when a plan of the line's shape and guard digits fits (see Plan),
        else (None, the line read afresh, None, ""). A plan costs three readings (its probes), so it is made when
        its shape and guard digits are seen the PLAN_AT-th time -- or at once from a planned line of its family
        (see Template). Lines of one shape have their guard digits at the same places (FREE_NUMBER reads
        character classes), so ``layer3`` after ``layer2`` is the same shape with another plan."""
        got = self.plans.get(skel)
        if got.__class__ is Shape:
            key = guard_key(raw, got.guards)
            plans = got.plans.get(key, 0)
            if plans.__class__ is list:
                for q, plan in enumerate(plans):
                    x = plan.numbers(raw, self.table)
                    if x is not None:
                        if q:  # the plan read last is tried first (numbers of a line's neighbours look alike)
                            plans.insert(0, plans.pop(q))
                            if skel in self.fast and plan.bulk is not None:
                                self.fast[skel] = fast_entry(got.guards, key, self._pid(plan))
                        return plan, x, got, key
                # numbers of other properties (0.000 after 0.002): a plan of their own, once seen PLAN_AT times
                a = records.analyse(raw, self.table)
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
                a = records.analyse(raw, self.table)
                if plans + 1 >= PLAN_AT:
                    plan = self._probed(raw, skel, a)
                    got.plans[key] = [plan] if plan is not None else True  # True: none can be made
                else:
                    got.plans[key] = plans + 1
                return None, a, None, ""
            return None, records.analyse(raw, self.table), None, ""
        if got is None and len(self.plans) >= MAX_SHAPES:
            return None, records.analyse(raw, self.table), None, ""
        seen = (got or 0) + 1
        plan, tokens = self._derived(raw, skel)
        if plan is not None or seen >= PLAN_AT:
            shape = self.plans[skel] = Shape(guards_of(raw, tokens))
            key = guard_key(raw, shape.guards)
            if plan is not None:
                return self._read_by(plan, raw, shape, key)
            a = records.analyse(raw, self.table)
            plan = self._probed(raw, skel, a)
            shape.plans[key] = [plan] if plan is not None else True
            return None, a, None, ""
        self.plans[skel] = seen
        return None, records.analyse(raw, self.table), None, ""

    def _read_by(self, plan: Plan, raw: str, shape: Shape, key: str) -> tuple:
        """:meth:`_lookup`'s answer for a line whose shape and guard digits ``key`` get ``plan`` from its family:
        read by it (or afresh, when its numbers have other properties than the plan's)."""
        shape.plans[key] = [plan]
        x = plan.numbers(raw, self.table)
        return (plan, x, shape, key) if x is not None else (None, records.analyse(raw, self.table), None, "")

    def _probed(self, raw: str, skel: bytes, a: Line) -> Plan | None:
        """The plan :func:`make_plan` makes (by probes), kept as a template of its family when it can be one."""
        plan = shapes.make_plan(raw, a, self.table)
        if plan is not None:
            templates = self.families.get(family := family_key(skel))
            if templates is None:
                if len(self.families) >= MAX_SHAPES:
                    return plan
                templates = self.families[family] = []
            if len(templates) < TEMPLATES_PER_FAMILY:
                t = Template.of(raw, plan)
                if t is not None and not any(u.gaps == t.gaps and u.shape == t.shape for u in templates):
                    templates.append(t)
        return plan

    def _derived(self, raw: str, skel: bytes) -> tuple[Plan | None, list[tuple[int, int]] | None]:
        """(plan, the line's free-standing numbers): a plan for the shape of ``raw`` lent by a template of its
        family, or made from the reading of a probe of the line as a template reads (see Template; the probe's
        digits are shifted, so two numbers rarely read the same there, and the line itself is then read by the
        plan like every line of its shape). The plan is None when no template fits, the numbers when the family
        has no template."""
        templates = self.families.get(family_key(skel))
        if not templates or "xit" in raw:
            return None, None
        tokens = free_numbers(raw)
        gaps = gaps_of(raw, tokens)
        for t in templates:
            plan = t.lend(raw, tokens, gaps, self.table)
            if plan is not None:
                return plan, tokens
        if not any(t.gaps == gaps for t in templates):
            return None, tokens  # (other text between the numbers, which a probe keeps: no template can fit)
        probe = probes_of(raw, tokens, which=(1,))[0]
        b = records.analyse(probe, self.table)
        if acts_beyond_its_numbers(b):
            return None, tokens
        gaps, shape = gaps_of(probe, tokens), shape_of(b)
        for t in templates:
            plan = t.derive(probe, b, self.table, tokens, gaps, shape)
            if plan is not None:
                t.learn(probe, tokens)
                return plan, tokens
        return None, tokens

    def flush(self):
        """Apply the records held back (lines whose plans change the state in ways known in advance: Plan.bulk)
        as :meth:`apply` would one by one: the numbers of the lines of one plan are taken as columns at once, and
        consecutive records of one kind are applied in one go; a line its plan does not read is read and applied
        by itself, in its place."""
        n = len(self.b_pids)
        if not n:
            return
        lines, raws, xs = self.b_lines[:], self.b_raws[:], self.b_x
        line_held, self.line_held = self.line_held, (lines[-1], raws[-1])
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
            got = numbers_of_run(plan, [raws[t] for t in rows]) if len(rows) >= RUN_AT_ONCE else None
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
            plan, x, _, _ = self._lookup(raws[t], shape_key(raws[t]))
            if plan is not None and plan.bulk is not None:
                pid[t] = self._pid(plan)
                kid[t] = self.kind_of_pid[pid[t]]
                xs[t] = x
            else:
                own[t] = x if plan is None else rebuild(plan.line, x)
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
                    self.line_before = (lines[t - 1], raws[t - 1]) if t else line_held
                    self.apply(lines[t], raws[t], own[t])
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
                        self._apply_run(lines, raws, pid, kid, at_kind, cols, a, b)
                i = j
                continue
            self._apply_run(lines, raws, pid, kid, at_kind, cols, a, b)
            i += 1
        for q in self._batch_only:  # their places are free for the next batch's
            self.plan_of[q] = None
        self._free += self._batch_only
        self._batch_only = []

    def _apply_run(self, lines, raws, pid, kid, at_kind, cols, a: int, b: int):
        """Records [a, b) of a batch, all of one kind."""
        lo, hi = at_kind[a], at_kind[b - 1] + 1
        self._apply_records(self.plan_of[pid[a]], lines[a:b], [c[lo:hi] for c in cols[int(kid[a])]], raws=raws[a:b])

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
        if shared or ("eta" in p_plan.at and "eta" in n_plan.at) or (self.heading is not None and not is_pos[0])\
                or self.block is not None or self.page_columns is not None\
                or self.in_settings_block():
            return False
        p_cols = [c[at_kind[p_rows[0]]:at_kind[p_rows[-1]] + 1] for c in cols[int(kid[p_rows[0]])]]
        n_cols = [c[at_kind[n_rows[0]]:at_kind[n_rows[-1]] + 1] for c in cols[int(kid[n_rows[0]])]]
        if self._plan_changes(p_plan.line.rec, p_plan.at, p_cols):
            return False  # (a launch starts at an epoch line among them: run by run, in order)
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

    def _plan_changes(self, r, at: dict, cols: list[np.ndarray]) -> bool:
        """Do these records state a plan of epochs other than the one in force (a launch starts at the first that
        does: applied one by one, see TextLogParser.plan_stated)?"""
        if "planned" not in at or "epochs" not in r.planned or r.epoch is None or r.config:
            return False
        said = cols[at["planned"] + list(r.planned).index("epochs")]
        said = said[said != 0]
        if not len(said):
            return False
        if not self.epoch_plans and self.ctx_epoch is not None and "epoch" in at \
                and int(cols[at["epoch"]][0]) < self.ctx_epoch:
            return True  # (the first plan stated, the clock gone back: see TextLogParser.plan_stated)
        now = self.epoch_plans[-1][1] if self.epoch_plans else int(said[0])
        return bool((said != now).any())

    def _apply_records(self, plan: Plan, lines: list[int], cols: list[np.ndarray], epochs_seen: list | None = None,
                       raws: list[str] | None = None):
        """What :meth:`apply` and :meth:`_record` do for records of the kind ``plan.bulk``, for many at once
        (``cols``: their numbers ``plan.need``, as arrays; ``epochs_seen``: for records with no clock, the epoch in
        force at each, when epoch lines came between them). Numbers kept in the parser's state are Python's."""
        line, r, at = plan.line, plan.line.rec, plan.at
        kind = plan.bulk[0]
        n = len(lines)
        seen = epochs_seen if epochs_seen is not None else [self.ctx_epoch] * n
        if (kind == "none" and (self.heading is not None or ("counter" in at and None in seen) or self.bar_last)) \
                or (self.heading is not None and BEST_HEADING.search(self.heading)) \
                or (self.heading is not None and not r.ctx and evaluation_heading(self.heading)) \
                or self.block is not None or self.page_columns is not None \
                or self.in_settings_block() \
                or (kind == "global" and (not cols[at["inner"] + 1].all() or r.ctx == "val")) \
                or (kind == "global" and r.bar and self.postfix_ahead.get((r.ctx,) + r.keys, True) is not False) \
                or (kind == "epoch" and "inner" in at and cols[at["inner"] + 1].any()) \
                or self._plan_changes(r, at, cols) \
                or (kind == "none" and self.summary_of_progress(r) is not r):
            # a heading names these keys; a bar's counter is the clock before any epoch; an in-epoch counter is
            # the clock only with a total; a progress bar was drawn (each record takes its count): one by one
            rows = [c.tolist() for c in cols]
            for t, lineno in enumerate(lines):
                x = plan.leaves.copy()
                for j, c in zip(plan.need, rows):
                    x[j] = c[t]
                self.apply(lineno, raws[t] if raws is not None else "", rebuild(line, x))
            return
        if line.garbled:
            self.garbled += n
        if "eta" in at:
            e = at["eta"]
            for t in range(max(0, n - 2), n):
                d, h, m, sec = (int(cols[e + q][t]) for q in range(4))
                self.note_eta(lines[t], d * 86400 + h * 3600 + m * 60 + sec, line)
        if "planned" in at:
            p0 = at["planned"]
            for q, k in enumerate(r.planned):  # the last record that states a total sets it
                said = np.flatnonzero(cols[p0 + q])
                if len(said):
                    if k == "epochs" and r.epoch is not None and not r.config:  # (one plan: see _plan_changes)
                        self.plan_stated(int(cols[p0 + q][said[0]]))
                    self.planned[k] = int(cols[p0 + q][said[-1]])
        self.note_progress(r)
        if r.keys and not r.ctx and not r.config:  # (no block here: see the one-by-one case above)
            self.last_train_keys = r.keys
        r = self.summary_of_epoch(r)
        tpl = (r.ctx,) + r.keys
        if r.closes:
            tpl += (("period", -1),)
        last = lines[-1]
        if kind == "position":
            epochs = cols[at["epoch"]]
            self.heading = None
            self.mark_epochs(epochs, records=False)
            self.set_epoch(int(epochs[0]), mark=False)  # (the first sets the base when none was)
            self.set_epoch(int(epochs[-1]), mark=False)
            self.epoch_heading = True
            self.open_record = (tpl, self.ctx_epoch, "epoch", last)
            return
        if kind == "none":
            if len(r.keys) == 1 and not r.bar and not r.ctx and self.block is None and SETTING_KEY.fullmatch(plan.tagged[0]):
                # (as _positionless notes them)
                for t, lineno in enumerate(lines):
                    self.note_setting_line(lineno, self.seq + 1 + t, tpl, plan.tagged[0], float(cols[0][t]))
            first = self.first_seen.setdefault(tpl, lines[0])
            pending = self.pending.get(tpl) or self.pending.setdefault(tpl, Pending(list(plan.tagged)))
            pending.add(np.arange(self.seq + 1, self.seq + n + 1, dtype=np.int64),
                        seen if epochs_seen is not None else self.ctx_epoch, self.ctx_step,
                        np.column_stack(cols[:len(r.values)]).astype(np.float64), r.bar)
            self.remember_rows(cols, len(r.values), n)
            self.seq += n
            # (as _positionless decides it for the first; the same holds for the rest)
            if self.crash_line is None or self.crash_line[0] < self.last_point_line or first < self.crash_line[0] \
                    or self.crash_outlived == self.crash_line[0]:
                self.last_point_line = last
            self.open_record = None
            return
        self.heading = None
        epochs = cols[at["epoch"]] if "epoch" in at else None
        if epochs is not None:
            self.mark_epochs(epochs, records=True)
            self.set_epoch(int(epochs[0]), mark=False)  # (the first sets the base when none was)
            self.set_epoch(int(epochs[-1]), mark=False)
            self.epoch_heading = False
            if "inner" in at and r.ctx != "val":  # where in its epoch each training record was printed
                i0 = at["inner"]
                marked = np.flatnonzero(cols[i0 + 1])[-2:].tolist()
                self.inner = (self.inner + [(lines[t], int(epochs[t]), int(cols[i0][t]), int(cols[i0 + 1][t]))
                                            for t in marked])[-2:]
        orders = np.arange(self.seq + 1, self.seq + n + 1, dtype=np.int64)
        self.seq += n
        periods = None  # the epoch length N of "[e][i/N]" is part of the clock (see _record)
        if kind == "step" and "step_total" in at and self.ctx_epoch is not None and cols[at["step_total"]].all():
            # "step n/N" under an epoch line: the epoch is the same for the whole run of records, so only the first
            # can find the step gone back as the epoch advanced (see TextLogParser.step_in_epoch)
            steps, totals = cols[at["step"]], cols[at["step_total"]]
            self.step_in_epoch(tpl, self.ctx_epoch, int(steps[0]), int(totals[0]))
            st = self.tpl_clock[tpl]
            st[1] = int(steps[-1])
            if st[2]:
                steps, how = (self.ctx_epoch - st[3]) * totals + steps, "global-iter"
            else:
                how = "step"
        elif kind == "step" and (epochs is not None or (self.ctx_epoch is not None and self.epoch_heading)) \
                and r.ctx != "val":
            # a step with no total beside an epoch: record by record, as _record places it (step_climbing)
            eps = epochs.tolist() if epochs is not None else [self.ctx_epoch] * n
            placed = [self.step_climbing(tpl, int(e), int(s)) for e, s in zip(eps, cols[at["step"]].tolist())]
            steps = np.asarray([q for q, _ in placed], dtype=np.int64)
            hows = ["global-iter" if g else "step" for _, g in placed]
            how = hows[0] if len(set(hows)) == 1 else hows
        elif kind == "step":
            steps, how = cols[at["step"]], "step"
        elif kind == "global":
            i0, base = at["inner"], self.clock_base(int(epochs[0]))
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
                    ser = fam[k] = Series(period=period)
                if keep is None:
                    ser.add(st, sub(cols[q]), od, how)
                    continue
                if replace:
                    ser.drop_last()
                ser.add(st[keep], sub(cols[q])[keep], od[keep], how if isinstance(how, str) else
                        [h for h, k in zip(how, keep.tolist()) if k])
                ser.last_bar = True
            self.template_last[tp] = int(od[-1])
        self.remember_rows(cols, len(r.values), n)
        if how == "epoch":
            self.epoch_at["epoch"].set_many(steps, steps)
        else:
            if r.ctx == "val":
                pass  # (as _emit: training's steps say the epoch)
            elif epochs is not None:
                self.epoch_at["step"].set_many(steps, epochs)
                self.epoch_own.set_many(steps, 1)
            elif self.ctx_epoch is not None:
                self.epoch_at["step"].set_many(steps, self.ctx_epoch)
            self.ctx_step = int(steps[-1])
        last_tpl = parts[-1][0] if len(parts) == 1 else \
            (tpl + (("period", int(periods[-1])),) if periods[-1] else tpl)
        self.open_record = (last_tpl, int(steps[-1]), how if isinstance(how, str) else how[-1], last)
        self.last_point_line = last
