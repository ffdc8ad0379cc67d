"""The fast path, part one: the reading of a line (:func:`.records.analyse`) reused for the later lines of its
*shape* (:class:`Plan`) and of its *family* (:class:`Template`), and the numbers of many lines of one shape
converted as columns (:func:`numbers_of_run`). Every plan is made from, and checked against, the reference reading;
``records.analyse`` is looked up on its module at each call, so that a test can put another reader in its place."""

from __future__ import annotations

import collections
import math
import re
from typing import NamedTuple

import numpy as np

from curvedoc.importers.textlog import records
from curvedoc.importers.textlog.decoding import MAX_LINE
from curvedoc.importers.textlog.records import Line, Rec, tag_of, to_number

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
GLYPH_CLASSES = ([chr(c) for c in range(0x2588, 0x2590)],
                  [chr(c) for c in [*range(0x2580, 0x2588), *range(0x2590, 0x25A0)]])
_OTHER_GLYPHS = re.compile("[" + "".join(GLYPH_CLASSES[1][1:]) + "]")


def glyphs_as_class(raw: str) -> str:
    """Each bar glyph written as the first of its class (str.translate with a table does the same at a fifth of
    the speed: a bar is on most lines of a progress log)."""
    for g in GLYPH_CLASSES[0][1:]:
        if g in raw:
            raw = raw.replace(g, GLYPH_CLASSES[0][0])
    if _OTHER_GLYPHS.search(raw):
        raw = _OTHER_GLYPHS.sub(GLYPH_CLASSES[1][0], raw)
    return raw



def shape_key(raw: str) -> bytes:
    if not raw.isascii():
        raw = glyphs_as_class(raw)
    return raw.encode("utf-8", "surrogatepass").translate(DIGITS_AS_ZERO)


# the shift of each place's digit in the two probes: drawn once (fixed seed), so that two numbers at different
# places change alike only by chance (1 in 81 per digit over both probes), not by a period of the places
SHIFTS = np.random.default_rng(20261126).integers(1, 10, size=(2, MAX_LINE))


def probes_of(raw: str, tokens: list[tuple[int, int]], which: tuple = (1, 2, None)) -> list[str]:
    """The line with every digit of its free-standing numbers changed, by a shift (1-9) drawn for each place, so
    that two places rarely change alike (two probes); and the line with those digits 0. (The other digits are
    guards: a line they differ in is read afresh.) Bar glyphs change alike within their class."""
    code = np.frombuffer(raw.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    inside = np.zeros(len(code), dtype=bool)
    for a, b in tokens:
        inside[a:b] = True
    at = np.flatnonzero(inside & (code >= 48) & (code <= 57))
    glyphs = [] if raw.isascii() else [(np.flatnonzero(np.isin(code, [ord(g) for g in cls])), cls)
                                       for cls in GLYPH_CLASSES]
    out = []
    for k in which:
        c = code.copy()
        c[at] = 48 if k is None else 48 + (c[at] - 48 + SHIFTS[k - 1, at]) % 10
        for where, cls in glyphs:
            if len(where):
                n = len(cls)
                index = np.searchsorted(np.array([ord(g) for g in cls]), c[where])
                c[where] = ord(cls[0]) if k is None else np.array([ord(g) for g in cls])[
                    (index + 1 + SHIFTS[k - 1, where] % (n - 1)) % n]
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
    """Where each of a record's numbers starts among its leaves (the order :func:`leaves_of` lists them)."""
    nv, npl = len(r.values), len(r.planned)
    return {"values": 0, "step": nv, "epoch": nv + 1, "inner": nv + 2, "counter": nv + 4, "planned": nv + 5,
            "step_total": nv + 5 + npl, "lead_total": nv + 6 + npl, "end": nv + 7 + npl}


def leaves_of(a: Line) -> list:
    """The numbers of a reading, in a fixed order (None where the shape has none)."""
    out: list = []
    if a.table_row is not None:
        out.extend(a.table_row.vals)
        out += [a.table_row.epoch, a.table_row.planned_epochs]
    r = a.rec
    if r is not None:
        out.extend(r.values)
        out += [r.step, r.epoch, *(r.inner or (None, None)), r.counter, *r.planned.values(), r.step_total, r.lead_total]
    out.extend(a.eta or (None,) * 4)
    if a.progress is not None:
        out.extend(a.progress[1:])
    return out


def shape_of(a: Line) -> tuple:
    """A reading with its numbers left out: what must be the same for two lines to read alike."""
    t, r = a.table_row, a.rec
    return (a.empty, a.garbled, a.spliced, a.crash, a.frame, a.exception, a.resume, a.early, a.checkpoint, a.logging_error,
            a.ignored, bool(a.settings), bool(a.options), a.dot is not None,
            a.copypaste is not None, a.table_head, a.heading, a.unparsed, a.eta is None, a.clear,
            None if a.progress is None else a.progress[0],
            None if t is None else (tuple(t.keys), len(t.vals), t.bar, t.label),
            None if r is None else (r.keys, len(r.values), r.inner is None, r.ctx, r.bar, tuple(r.planned), r.config,
                                    r.asked, r.closes),
            tuple(type(x) for x in leaves_of(a)))


def rebuild(a: Line, x: list) -> Line:
    """A reading of the shape of ``a`` holding the numbers ``x`` (ordered as :func:`leaves_of`)."""
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
                  planned, x[o["step_total"]], r.config, r.asked, r.closes, x[o["lead_total"]])
        i = o["end"]
    eta = None if a.eta is None else tuple(x[i:i + 4])
    progress = None if a.progress is None else (a.progress[0], x[i + 4], x[i + 5])
    return Line(None, a.empty, a.garbled, table_row=row, rec=rec, eta=eta, heading=a.heading, unparsed=a.unparsed,
                progress=progress, clear=a.clear)


def _as(kind: type, text: str):
    """The number ``text`` says, as the reading holds it (None when it does not say one)."""
    try:
        return kind(text)
    except ValueError:
        v = to_number(text)
        if kind is float:
            return v
        return int(v) if math.isfinite(v) and v.is_integer() else None


def _same(a, b) -> bool:
    return a == b or (a != a and b != b)


def _props(v: float) -> tuple:
    """What a reading may ask of a value besides copying it: its sign, whether it is integral (False for inf) and
    NaN."""
    return (v > 0, v < 0, v.is_integer(), v != v)


def guard_key(raw: str, guards: list[tuple[int, int]]) -> str:
    """The guard digits of a line (at the places :func:`guards_of` found for its shape)."""
    return "".join([raw[a:b] for a, b in guards]) if guards else ""


def free_numbers(raw: str) -> list[tuple[int, int]]:
    """The places of a line's free-standing numbers (FREE_NUMBER)."""
    return [m.span() for m in FREE_NUMBER.finditer(raw)]


def fast_entry(guards: list[tuple[int, int]], gkey: str, pid: int) -> int | tuple:
    """What feed_lines looks up for a shape: the plan's number alone for a shape without guard digits, else
    (places, guard digits, number) with the places as a slice when there is one run (``d2.utils``, ``layer3``)."""
    return pid if not guards else (slice(*guards[0]) if len(guards) == 1 else guards, gkey, pid)


def guards_of(raw: str, tokens: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Where the digits outside free-standing numbers (``tokens``, when known) are (``mAP50``, ``layer3``,
    ``v1.2``): the same places in every line of a shape."""
    out, at = [], 0
    for a, b in [*(free_numbers(raw) if tokens is None else tokens), (len(raw), len(raw))]:
        out += [d.span() for d in _DIGIT_RUN.finditer(raw, at, a)]
        at = b
    return out


class Shape:
    """The plans of one shape per set of guard digits: one per set of number properties met (an int: times seen so
    far; True: none can be made), and how often no plan fitted since the last was made."""

    __slots__ = ("guards", "plans", "misses")

    def __init__(self, guards: list[tuple[int, int]]):
        self.guards, self.plans, self.misses = guards, {}, {}


class Plan:
    """How to read any line of one shape and guard digits: the first line's reading and where each of its numbers
    is (slots)."""

    __slots__ = ("line", "leaves", "slots", "table", "bulk", "tagged", "need", "at", "columns")

    def __init__(self, line: Line, leaves: list, slots: list, table: list[str] | None):
        self.line, self.leaves, self.slots, self.table = line, leaves, slots, table
        self.columns = None  # where its numbers are as columns of bytes (numbers_of_run), once worked out
        # records that change the parser's state alike, line after line, are applied together (TextLogParser.flush):
        # a training record on a step clock (with or without an epoch), on an epoch and in-epoch counter ("[e][i/N]"),
        # on its epoch alone ("Epoch: [e][i]", "Epoch 3 - loss"), or a record of two keys or more with no clock
        # (placed when the log has been read)
        r = line.rec
        self.bulk = self.tagged = self.need = self.at = None
        if r is None or r.config or line.progress is not None or r.lead_total is not None \
                or (r.bar and r.ctx == "val" and r.inner is not None):
            # (a record drawing a bar -- its values in the postfix -- draws it first; a fraction heading a record
            # may be its epoch, as the plan stated says; an evaluation's progress is placed at the step training
            # reached, its renderings one result: applied one by one)
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
        self.tagged = [tag_of(k, r.ctx) for k in r.keys]
        o = _rec_offsets(r)
        # the numbers a bulk apply uses (indices into the leaves), and where each kind starts among them
        self.need, self.at = list(range(len(r.values))), {}
        for name, count, present in (("step", 1, r.step is not None), ("epoch", 1, r.epoch is not None),
                                     ("inner", 2, r.inner is not None), ("counter", 1, r.counter is not None),
                                     ("planned", len(r.planned), len(r.planned) > 0),
                                     ("step_total", 1, r.step_total is not None), ("eta", 4, line.eta is not None)):
            if present:
                self.at[name] = len(self.need)
                first = o["end"] if name == "eta" else o[name]  # (an ETA's numbers follow the record's)
                self.need += range(first, first + count)
        # (a record that says its epoch is over -- 'Epoch 1 Complete: Avg. Loss: 1.96' after the epoch's 'Epoch[1](50/
        # 300): Loss: 1.88' lines, the same keys on the same clock -- is a kind of its own: its summary's series apart)
        self.bulk = (kind, r.ctx, r.keys, tuple(r.planned), tuple(self.at), line.garbled, r.bar, r.closes)

    def numbers(self, raw: str, table: list[str] | None) -> list | None:
        """The numbers of ``raw`` (ordered as :func:`leaves_of`), or None when this plan does not read it."""
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


def decimal_column(chars: np.ndarray, first: str, kind: type) -> np.ndarray | None:
    """One column of :func:`_decimal_columns` (``chars``: the column's characters)."""
    spans = [(0, chars.shape[1], first, kind)]
    return _decimal_columns(chars, spans, _decimal_spec(spans))[0]


def numbers_of_run(plan: Plan, raws: list[str]) -> tuple[list[np.ndarray], np.ndarray] | None:
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


def acts_beyond_its_numbers(a: Line) -> bool:
    """Does the reading say more than a record or table row: a crash, a resume, an early stop, settings, a table
    header (what the parser does with it depends on its text, not only on its numbers)?"""
    return bool(a.crash or a.frame or a.exception or a.resume or a.early or a.checkpoint or a.launch or a.spliced
                or a.logging_error or a.ignored or a.settings or a.options
                or a.dot is not None or a.copypaste is not None or a.table_head is not None or a.dict_settings is not None
                or a.kv_row is not None or a.kv_rule or a.json is not None or a.announce is not None or a.plan_epochs is not None)


def make_plan(raw: str, a: Line, table: list[str] | None) -> Plan | None:
    """A plan for the shape of ``raw`` read as ``a``, or None when lines of that shape must be read afresh."""
    if acts_beyond_its_numbers(a) or "xit" in raw:
        return None
    shape, leaves = shape_of(a), leaves_of(a)
    tokens = free_numbers(raw)
    probes = probes_of(raw, tokens)
    seen = []
    for p in probes:
        b = records.analyse(p, table)
        if shape_of(b) != shape:
            return None
        seen.append(leaves_of(b))
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
    return Plan(a, leaves, slots, None if a.table_row is None else list(table))


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
# them is read by the template's plan without a reading of its own (Template.lend): its widths are checked
# number by number -- and together for numbers next to each other or one character apart ("12:05:33", "1,234",
# "2021-06-01 10:00:08", "3/50"), which is where the patterns that count digits look at several numbers -- and
# its length must lie between the lengths read (a few checks ask how long a message is). (A pattern added to the
# reader that counts the digits of numbers further apart must widen these groups: Template.__init__.)
_ZERO_RUN = re.compile(rb"0+")
TEMPLATES_PER_FAMILY = 8  # planned lines kept per family (one per text outside the numbers: layer2, layer3, ...)


def family_key(skel: bytes) -> bytes:
    """The shape key with each run of digits written once."""
    return _ZERO_RUN.sub(b"0", skel)


def gaps_of(raw: str, tokens: list[tuple[int, int]]) -> tuple[str, ...]:
    """The text around and between the free-standing numbers ``tokens``."""
    ends = [0, *(x for span in tokens for x in span), len(raw)]
    return tuple(raw[ends[i]:ends[i + 1]] for i in range(0, len(ends), 2))


class Template:
    """A planned line (its plan made by probes) that lines of other shapes of its family are compared with: the
    text outside its free-standing numbers, its reading with the numbers left out, and the rank of the number
    each slot reads."""

    __slots__ = ("plan", "shape", "gaps", "where", "groups", "seen", "lengths")

    def __init__(self, raw: str, plan: Plan, tokens: list[tuple[int, int]], where: list[tuple]):
        self.plan, self.shape, self.gaps, self.where = plan, shape_of(plan.line), gaps_of(raw, tokens), where
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
             table: list[str] | None) -> Plan | None:
        """The template's plan with its numbers' places in ``raw`` (a line of another shape of the family, its
        free-standing numbers ``tokens``), when every group of its numbers has widths read alike before; else
        None."""
        plan = self.plan
        if not self._same_text(gaps, table) or not self.lengths[0] <= len(raw) <= self.lengths[1]:
            return None
        if not all(w in seen for seen, w in zip(self.seen, self._widths(raw, tokens))):
            return None
        slots = [(j, *tokens[t], kind, slot[4]) for (j, t, kind), slot in zip(self.where, plan.slots)]
        return Plan(plan.line, plan.leaves, slots, plan.table)

    @staticmethod
    def of(raw: str, plan: Plan) -> "Template | None":
        """The template of a plan, or None when a slot is part of a free-standing number."""
        tokens = free_numbers(raw)
        rank = {span: i for i, span in enumerate(tokens)}
        where = []
        for j, a, b, kind, _ in plan.slots:
            if (a, b) not in rank:
                return None
            where.append((j, rank[a, b], kind))
        return Template(raw, plan, tokens, where)

    def derive(self, raw: str, a: Line, table: list[str] | None, tokens: list[tuple[int, int]],
               gaps: tuple[str, ...], shape: tuple) -> Plan | None:
        """A plan for the shape of ``raw`` (read as ``a``; its free-standing numbers ``tokens``), or None when the
        line does not read as this template does."""
        if not self._same_text(gaps, table) or shape != self.shape:
            return None
        plan = self.plan
        leaves = leaves_of(a)
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
        derived = Plan(a, leaves, slots, None if a.table_row is None else list(table))
        if alike:
            probe = probes_of(raw, tokens, which=(2,))[0]
            b = records.analyse(probe, table)
            x = derived.numbers(probe, table)
            if x is None or shape_of(b) != shape or not all(_same(v, w) for v, w in zip(x, leaves_of(b))):
                return None
        return derived
