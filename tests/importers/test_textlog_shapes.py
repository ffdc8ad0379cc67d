"""A line read by the plan of its shape (textlog.shapes.Plan) reads exactly as the same line read afresh: on the real
printed logs, on synthetic logs whose numbers take every property a reading may ask about (zero, sign, integral,
NaN, inf, thousands separators, exponents, widths that grow), with digits inside keys, bars that grow by a glyph,
value-reading patterns ("exitcode: 1"), tables and headings; and on random mutations of them."""

from __future__ import annotations

import dataclasses
import math
import random
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from _helpers import real_runs_dir

from curvedoc.errors import LoadError
from curvedoc.importers.textlog import MAX_BATCH, TextLogParser, read_text_log, records, shapes
from curvedoc.importers.textlog.decoding import text_lines
from curvedoc.importers.textlog.shapes import GLYPH_CLASSES, decimal_column, glyphs_as_class, shape_key


def _both(path):
    """(reading with plans, reading afresh): each a RunData or the error it raised."""
    out = []
    for reuse in (True, False):
        try:
            out.append(read_text_log(path, reuse=reuse))
        except LoadError as exc:
            out.append(f"{type(exc).__name__}: {exc}")
    return out


def _assert_same(path):
    a, b = _both(path)
    if isinstance(a, str) or isinstance(b, str):
        assert a == b
        return
    pd.testing.assert_frame_equal(a.frame, b.frame, check_exact=True)
    assert a.meta == b.meta
    assert [repr(i) for i in a.issues] == [repr(i) for i in b.issues]
    assert repr(sorted(a.hparams.items(), key=str)) == repr(sorted(b.hparams.items(), key=str))


def _number(rng: random.Random) -> str:
    """A printed number with the properties a reading may depend on drawn often."""
    kind = rng.randrange(14)
    if kind == 0:
        return "0.0000"
    if kind == 1:
        return f"{rng.randint(0, 9)}.0000"  # integral
    if kind == 2:
        return rng.choice(["nan", "inf", "-inf", "NaN"])
    if kind == 3:
        return f"{rng.uniform(-1, 1):.3e}"
    if kind == 4:
        return f"{rng.randint(0, 9_999_999):,}"  # thousands separators, width grows
    if kind == 5:
        return str(rng.randint(0, 120))
    if kind == 6:
        return f"{rng.uniform(-5, 5):.4f}"
    if kind == 7:
        return rng.choice(["1e+30", "1e999", "-0.0", "1.5e3", "2.0e0", "0.5e1"])
    return f"{rng.uniform(0, 10):.4f}"


def _bar(rng: random.Random, frac: float, width: int = 10) -> str:
    full = int(frac * width)
    part = "" if full == width else rng.choice(["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"])
    return ("█" * full + part).ljust(width)


def _line(rng: random.Random, i: int) -> str:
    n = lambda: _number(rng)  # noqa: E731
    e, big = 1 + i // 40, rng.choice([50, 100, 1000])
    frac = rng.random()
    styles = [
        lambda: f"iter {i}: loss {n()}, time {n()}ms, mfu {n()}%",
        lambda: f"2024-05-0{rng.randint(1, 9)} 12:{rng.randint(0, 59):02d}:07,123 | INFO | step={i}, loss={n()}, lr={n()}",
        lambda: "{" + f"'loss': {n()}, 'grad_norm': {n()}, 'learning_rate': {n()}, 'epoch': {n()}" + "}",
        lambda: f" iteration {i}/ {big} | lm loss: {n()} | grad norm: {n()} | number of skipped iterations: {rng.randint(0, 2)} |",
        lambda: f"Epoch [{e}][{i % 50}/50]\tlr: {n()}, eta: 0:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}, loss: {n()}, loss_cls: {n()}",
        lambda: f"Epoch {e}/{big}",
        lambda: f"{i % 30}/30 [==>......] - ETA: {rng.randint(0, 99)}s - loss: {n()} - accuracy: {n()}",
        lambda: f"layer{rng.randint(0, 12)} grad norm {n()}",  # a digit inside the key
        lambda: f"s{rng.randint(0, 3)}.loss_cls: {n()}  s{rng.randint(0, 3)}.acc: {n()}",
        lambda: f"exitcode  : {rng.choice([0, 1, -9])} (pid: {rng.randint(100, 99999)})",  # CRASH reads the digit
        lambda: f"Epoch {e}: {int(frac * 100):3d}%|{_bar(rng, frac)}| {int(frac * 200)}/200 [00:{rng.randint(0, 59):02d}<00:12, "
                f"{n()}it/s, loss={n()}, v_num=0]",
        lambda: "\r".join(f"Epoch {e}: {k * 10:3d}%|{_bar(rng, k / 10)}| {k * 20}/200 [00:01<00:02, 4.{k}it/s, loss={n()}]"
                          for k in range(rng.randint(1, 11))),
        lambda: f"val: epoch {e} acc {n()} mAP50 {n()} mAP50-95 {n()}",
        lambda: "Evaluation Results:",
        lambda: f"  accuracy: {n()}",
        lambda: "      Epoch    GPU_mem   box_loss   cls_loss  Instances       Size",
        lambda: f"      {e}/{big}      {n()}G      {n()}      {n()}        {rng.randint(1, 300)}        640: "
                f"{int(frac * 100):3d}%|{_bar(rng, frac)}| {int(frac * 30)}/30 [00:01<00:02, 4.2it/s]",
        lambda: f"                   all        {rng.randint(1, 999)}       {rng.randint(1, 9999)}      {n()}      {n()}      {n()}",
        lambda: f"v{rng.randint(0, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 9)} loaded 0x{rng.randint(0, 255):02x}f {n()}",
        lambda: f"Train Loss {n()}, Test Acc {n()} | step {i:,}",
        lambda: f"[{rng.choice(['train', 'eval'])}] epoch: {e} | loss: {n()} | step: {i} | {n()} tok/s",
        lambda: f"nan.{rng.randint(0, 9)} loss {n()}",
        # a step is the clock only when integral; a planned count only when positive
        lambda: f"step: {rng.choice(['2.0', '2.5', '3.0', '7.25', '1.00', '1.50', '0'])} loss: {n()}",
        lambda: ", ".join([f"task=detect, epochs={rng.choice([0, 3, 50])}, steps={rng.choice([0, 100])}, lr0={n()}"]
                          + [f"p{k}={n()}" for k in range(10)] + ["name='exp'"]),
    ]
    return rng.choice(styles)()


@pytest.mark.parametrize("seed", range(12))
def test_synthetic_logs_read_alike_with_and_without_plans(tmp_path, seed):
    rng = random.Random(seed)
    # a few styles per log, so that shapes repeat and plans are made and used
    lines = []
    picks = [rng.random() for _ in range(4)]
    for i in range(rng.choice([40, 300, 1500])):
        r = random.Random(int(picks[i % 4] * 1e6) + i * (seed + 1))
        lines.append(_line(r if rng.random() < 0.9 else rng, i))
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _assert_same(p)
    _assert_each_line_reads_alike(lines)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("style", ["iter {i}: loss {v}, time {w}ms, mfu {v}%",
                                   "{{'loss': {v}, 'grad_norm': {w}, 'learning_rate': 1e-05, 'epoch': 0.{i}}}",
                                   " iteration {i}/ 9999 | lm loss: {v} | grad norm: {w} | skipped: 0 |",
                                   "Epoch {i}/9999\n1875/1875 [==============================] - 12s - loss: {v} - val_loss: {w}",
                                   "Epoch: [{i}][50]\tTime {w} ({w})\tLoss {v} ({v})"])
def test_long_runs_of_one_shape_read_alike(tmp_path, seed, style):
    """Hundreds of lines of one shape (their numbers are converted as columns at once), broken now and then by a
    number of other properties (integral, zero, NaN, inf, a separator), another line, or a line of the same shape
    under a heading."""
    rng = random.Random(seed)
    lines = []
    for i in range(rng.choice([20, 400, 3000])):
        v = f"{rng.uniform(1, 9):.4f}"
        w = f"{rng.uniform(10, 99):.2f}"
        roll = rng.random()
        if roll < 0.02:
            v = rng.choice(["2.0000", "0.0000", "nan", "inf", "1,234", "-1.500"])
        elif roll < 0.03:
            w = rng.choice(["nan", "10.00", "1e+01"])
        elif roll < 0.035:
            lines.append(rng.choice(["Evaluation Results:", "saving checkpoint", f"eval loss {v}", "",
                                     "Traceback (most recent call last):", "exitcode: 1"]))
        lines.append(style.format(i=1000 + i, v=v, w=w))
    p = tmp_path / "runs.log"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _assert_same(p)


@pytest.mark.parametrize("seed", range(8))
def test_mutated_logs_read_alike_with_and_without_plans(tmp_path, seed):
    """Lines that repeat, then one digit, sign, separator or letter changed at random places: shapes that plans
    were made for, met with what a plan must not read alike."""
    rng = random.Random(1000 + seed)
    base = [_line(random.Random(seed * 7 + k), i) for i, k in enumerate([0, 1, 2, 3] * 150)]
    out = []
    for line in base:
        chars = list(line)
        for _ in range(rng.choice([0, 0, 1, 2])):
            if chars:
                at = rng.randrange(len(chars))
                chars[at] = rng.choice("0123456789.,-+eE: |/%xnaA█▌")
        out.append("".join(chars))
    p = tmp_path / "mut.log"
    p.write_text("\n".join(out) + "\n", encoding="utf-8")
    _assert_same(p)
    _assert_each_line_reads_alike(out)


def _assert_each_line_reads_alike(lines: list[str]) -> TextLogParser:
    """Every rendering's reading by plan equals its reading afresh (textlog.records.analyse; the message text aside: a
    plan does not keep it), fed in order so that table headers are in force as in a real read."""
    p = TextLogParser(Path("x.log"))
    for n, line in enumerate(lines, 1):
        for raw in line.split("\r"):
            if not raw.strip():
                continue
            got, want = p.read_line(raw), records.analyse(raw, p.table)
            assert repr(dataclasses.replace(got, msg=None)) == repr(dataclasses.replace(want, msg=None)), raw
            p.apply(n, raw, want)
    return p


@pytest.mark.parametrize("digit", ["0", "1", "2"])
def test_the_digit_a_crash_pattern_reads_is_not_taken_from_a_plan(digit):
    """CRASH reads which digit an exit code is ([1-9]): a line of the same shape with another digit is no guide."""
    lines = [f"failed (exitcode: {d}) local_rank: 0 (pid: 4242) of binary: /usr/bin/python" for d in "0000"]
    lines += [f"Process exited with code {d}" for d in "0000"]
    _assert_each_line_reads_alike(lines + [lines[0].replace("exitcode: 0", f"exitcode: {digit}"),
                                           lines[-1].replace("code 0", f"code {digit}")])


def test_a_number_of_other_properties_is_not_read_by_the_plan():
    """1.5e3 is integral (a step), 2.5e0 is not (a value): the same shape, and the probes of the first cannot tell
    (5.4e8, 9.9e2 and 0.0e0 are all integral); the number read from its place must be checked."""
    lines = ["step 1.5e3 loss 0.5", "step 2.5e3 loss 0.4", "step 3.5e3 loss 0.3", "step 4.5e3 loss 0.2",
             "step 2.5e0 loss 0.1"]
    _assert_each_line_reads_alike(lines)


@pytest.mark.parametrize("fmt", ["{:.4f}", "{:.6E}", "{:.3e}", "{:,.1f}", "{:+.2f}", "{:.0f}", "{:g}", "{:.12f}",
                                 "{:,d}", "{:d}", "{:+d}", "{:07d}", "{:.15g}", "{:.17g}", "{:.1e}", "{:.25f}",
                                 "{:.30f}"])
def test_numbers_read_as_a_column_equal_those_read_one_by_one(fmt):
    """A column of numbers of one written form converts to exactly what float() / int() give (Clinger's fast path,
    else numpy's own correctly rounded parse)."""
    rng = random.Random(fmt)
    integral = fmt.endswith("d}")
    by_width: dict[int, list[str]] = {}
    for _ in range(3000):
        mag = 10 ** rng.uniform(*rng.choice([(-30, 30), (-8, 8)])) if not integral else \
            rng.randint(0, 10 ** rng.randint(1, 15))
        x = fmt.format(rng.choice([-1, 1]) * mag)
        by_width.setdefault(shape_key(x), []).append(x)
    for texts in by_width.values():
        chars = np.frombuffer("".join(texts).encode(), dtype=np.uint8).reshape(len(texts), -1)
        kind = int if integral else float
        got = decimal_column(chars, texts[0], kind)
        if got is None:
            continue  # written so that numpy's parse is used for the column (test below)
        want = [kind(t.replace(",", "")) for t in texts]
        assert got.tolist() == want
        assert [math.copysign(1, g) for g in got.tolist()] == [math.copysign(1, w) for w in want]


def test_bar_glyphs_are_written_by_class_as_a_translation_table_would():
    classes = {g: cls[0] for cls in GLYPH_CLASSES for g in cls}
    table = str.maketrans(classes)
    rng = random.Random(3)
    chars = [chr(c) for c in range(0x2570, 0x25B0)] + list("ab 1%|\u00e9")
    for _ in range(5000):
        text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 30)))
        assert glyphs_as_class(text) == text.translate(table)


def test_numpy_parses_numbers_as_float_does():
    rng = random.Random(7)
    texts = [repr(rng.uniform(-1e3, 1e3)) for _ in range(5000)] + \
            [f"{rng.random() * 10 ** rng.randint(-300, 300):.17e}" for _ in range(5000)] + ["nan", "inf", "-inf", "1e999"]
    got = np.array([t.encode() for t in texts]).astype(np.float64).tolist()
    assert [repr(g) for g in got] == [repr(float(t)) for t in texts]


@pytest.mark.parametrize("head", ["Evaluation Results:", "Epoch 1/50"])
def test_epoch_lines_and_records_that_cannot_be_applied_as_two_runs(tmp_path, head):
    """Epoch lines alternating with clockless two-key records under a heading (the records' keys are the
    heading's): applied run by run, in order, as one by one would."""
    rng = random.Random(5)
    lines = [head]
    for e in range(2, 1500):
        lines += [f"precision: {rng.random():.4f} recall: {rng.random():.4f}", f"Epoch {e}/5000"]
    p = tmp_path / "heading.log"
    p.write_text("\n".join(lines) + "\n")
    _assert_same(p)


def test_memory_for_lines_of_new_shapes_stays_bounded(tmp_path, monkeypatch):
    """A log whose lines are mostly of shapes not seen before: the plans numbered for one batch only are freed
    and their places reused, so what the parser keeps is bounded by a batch and the shapes, not the lines.

    Batches of a quarter of MAX_BATCH (set where the parser reads it) and a quarter of the lines: the same three
    batches at a quarter of the CPU (5.6 s before, the lines of new shapes are read the slow way). Without the
    freed places put back for reuse the numbers grow with the lines and this fails, as at full size."""
    from curvedoc.importers.textlog import batches

    batch = MAX_BATCH // 4
    monkeypatch.setattr(batches, "MAX_BATCH", batch)
    rng = random.Random(0)
    n = 3 * batch
    p = tmp_path / "new-shapes.log"
    # (a run name with the line's number in it: digits attached to a word are guards, so no two lines share a plan)
    p.write_text("\n".join(f"step {i} loss {rng.random():.4f} acc {rng.random():.4f} seed{i}" for i in range(n)) + "\n")
    parser = TextLogParser(p)
    for first, lines in text_lines(p, []):
        parser.feed_lines(first, lines)
    parser.result()
    assert len(parser.plan_of) < 2 * batch
    _assert_same(p)


@pytest.mark.slow  # reads the real text logs twice (~15 s); CI runs it (.ci/run)
def test_real_text_logs_read_alike_with_and_without_plans():
    root = real_runs_dir() / "text_log"
    files = [f for d in sorted(root.iterdir()) if d.is_dir() for f in sorted(d.iterdir()) if f.is_file()]
    assert len(files) >= 40
    for f in files:
        _assert_same(f)


# the unseen batches of tests/data, each read twice; what each batch brought to read apart: a shell prompt and a
# checkpoint statement (lines that act beyond their numbers), W&B summaries, parameter counts and abbreviated clocks,
# epoch summaries, resumed jobs and metrics banners
@pytest.mark.slow  # ~10, ~30 and ~12 s; CI runs it (.ci/run)
@pytest.mark.parametrize("folder,least", [("textlogs_unseen3", 7), ("textlogs_unseen4", 25), ("textlogs_unseen5", 30)])
def test_each_unseen_batch_reads_alike_with_and_without_plans(folder, least):
    """The fast path (plans reused from line to line) and the reference reading agree on every log of the batch."""
    root = Path(__file__).parents[1] / "data" / folder
    files = [f for d in sorted(root.iterdir()) if d.is_dir() and not d.name.startswith(".")
             for f in sorted(d.iterdir()) if f.is_file()]
    assert len(files) >= least
    for f in files:
        _assert_same(f)


def _width_varying(rng: random.Random) -> str:
    """A number as %g or a rounded repr prints it: its width changes from line to line (0.6274, 1.253, 12.5, 3)."""
    x = 10 ** rng.uniform(-5, 5) * rng.choice([1, 1, 1, -1])
    kind = rng.randrange(6)
    if kind == 0:
        return f"{x:.4g}"
    if kind == 1:
        return repr(round(x, rng.randint(0, 4)))
    if kind == 2:
        return str(rng.randint(0, 10 ** rng.randint(1, 7)))
    if kind == 3:
        return rng.choice(["0", "1", "1.0", "0.0", "nan", "inf", "2.5e-05", "1e+30"])
    return f"{x:.5g}"


_FAMILY_STYLES = [
    "[09/12 10:{m:02d}:{s:02d} d2.utils.events]:  eta: {h}:{m:02d}:{s:02d}  iter: {i}  total_loss: {v}  loss_cls: {v}  "
    "lr: {v}  max_mem: {n}M",
    "2021-06-01 10:{m:02d}:{s:02d} | INFO | train_inner | epoch {e:03d}: {i:>6d} / 1000 loss={v}, ppl={v}, bsz={n}, "
    "num_updates={i}, lr={v}, gnorm={v}, wall={i}",
    "{{'loss': {v}, 'grad_norm': {v}, 'learning_rate': {v}, 'epoch': {v}}}",
    "{i}: loss {v} acc {v}",  # "99999:" is a prefix a launcher adds, "100000:" is not (\d{{1,5}}:)
    "step {i} val {n},{n} lr {v}",  # "12,345" is one number with a separator, "12,3456" two
    "Epoch: [{e}][{i}/{n}]\tTime {v} ({v})\tLoss {v} ({v})",
    "eta: {h}:{m}:{s} iter {i} loss {v}",  # an ETA's minutes and seconds are two digits: other widths are not one
    "layer{e} grad norm {v} step {i}",
    "exitcode: {e} step {i} loss {v}",
]


@pytest.mark.parametrize("seed", range(10))
def test_numbers_that_change_width_read_alike_with_and_without_plans(tmp_path, seed):
    """Lines whose numbers change width (%g, rounded reprs, counters that grow) are of many shapes of one family:
    a new shape gets its plan from a planned line of its family when it reads as that line does
    (textlog.shapes.Template), and reads exactly as afresh -- also where a width changes the reading (a prefix, a
    thousands separator, an ETA), where two numbers of the line are equal, and where digits are in keys."""
    rng = random.Random(seed)
    styles = rng.sample(_FAMILY_STYLES, 3)
    lines = []
    for k in range(rng.choice([200, 1500])):
        i = rng.choice([k, 99_990 + k, 10 ** rng.randint(0, 6) + k])
        style = re.sub(r"\{v\}", lambda _: _width_varying(rng), rng.choice(styles))  # (each {v} a number of its own)
        lines.append(style.format(i=i, e=rng.randint(0, 12), n=rng.choice([0, 7, 45, 128, 999, 1000, 12345]),
                                  h=rng.choice([0, 9, 10, 123]), m=rng.randint(0, 59), s=rng.randint(0, 59)))
    p = tmp_path / "widths.log"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _assert_same(p)
    _assert_each_line_reads_alike(lines)


def _fake_reader(swap, lead: bool = False):
    """A reader (in place of textlog.records.analyse) whose reading depends on widths, as a pattern that counts digits may:
    'loss' and 'acc' from the last two numbers, and from each other's places when ``swap(line, numbers)``; with
    ``lead``, also a 'lead' number read from the step's first digit when the step has three digits or more (else 0).
    The step is the first number."""
    def read(raw, table):
        numbers = [m.group() for m in shapes.FREE_NUMBER.finditer(raw)]
        keys, vals = ["loss", "acc"], [float(numbers[-2]), float(numbers[-1])]
        if swap(raw, numbers):
            vals.reverse()
        if lead:
            keys.append("lead")
            vals.append(float(numbers[0][0]) if len(numbers[0]) >= 3 else 0.0)
        return records.Line(raw, rec=records.Rec(tuple(keys), vals, step=int(numbers[0])))
    return read


def _reads_alike(monkeypatch, reader, lines: list[str]) -> TextLogParser:
    """Each line read through a parser (plans made, lent and derived) reads as ``reader`` reads it."""
    monkeypatch.setattr(records, "analyse", reader)
    return _assert_each_line_reads_alike(lines)


@pytest.mark.parametrize("which, wide", [("swap", "x 100 y 0.5 z 0.7"), ("swap", "x 100 y 0.5 z 0.5"),
                                         ("lead", "x 100 y 0.5 z 0.7")])
def test_a_new_shape_whose_numbers_read_otherwise_gets_no_plan_from_its_family(monkeypatch, which, wide):
    """A template lends its plan to a line of another shape only when that line's reading takes each number from
    the same place (checked by value, and by a second probe where two numbers are equal in the first) and its
    other numbers are the template's: here a reader whose reading changes with a number's width. (The first
    probe's shifts are made 10 here, so that it is the line itself: "0.5 0.5" stays two equal numbers.)"""
    shifts = shapes.SHIFTS.copy()
    shifts[0] = 10
    monkeypatch.setattr(shapes, "SHIFTS", shifts)
    lines = ["x 10 y 0.1 z 0.2", "x 11 y 0.3 z 0.4", "x 12 y 0.5 z 0.6", wide, "x 101 y 0.1 z 0.2", "x 102 y 0.3 z 0.4",
             "x 103 y 0.5 z 0.6", "x 204 y 0.7 z 0.8"]
    reader = _fake_reader(lambda raw, n: which == "swap" and len(n[0]) >= 3, lead=which == "lead")
    p = _reads_alike(monkeypatch, reader, lines)
    assert p.families, "the lines of two-digit steps make a template"


def test_shapes_of_one_family_get_their_plans_from_a_template(tmp_path, monkeypatch):
    """Lines that differ only in the widths of their numbers (detectron2 prints %.4g) are hundreds of shapes; after
    the first plan made by probes, the others get theirs from it: by one reading of a probe while their widths are
    new, then without a reading (not three probes after three sightings each)."""
    probed, readings = [], []
    plan, analyse = shapes.make_plan, records.analyse
    monkeypatch.setattr(shapes, "make_plan", lambda *a: probed.append(1) or plan(*a))
    monkeypatch.setattr(records, "analyse", lambda *a: readings.append(1) or analyse(*a))
    rng = random.Random(4)
    lines = [f"[09/12 10:{i // 60 % 60:02d}:{i % 60:02d} d2.utils.events]:  eta: 1:{i // 60 % 60:02d}:{i % 60:02d}  "
             f"iter: {i}  total_loss: {rng.uniform(0.01, 3):.4g}  loss_cls: {rng.uniform(0.01, 1):.4g}  "
             f"lr: {0.004 * (1 - i / 3e3):.5g}  max_mem: 4567M" for i in range(2000)]
    p = tmp_path / "d2.log"
    p.write_text("\n".join(lines) + "\n")
    parser = TextLogParser(p)
    for first, chunk in text_lines(p, []):
        parser.feed_lines(first, chunk)
    planned = [s for s in parser.plans.values() if isinstance(s, shapes.Shape)]
    assert len(planned) > 100
    assert len(probed) <= 5
    assert len(readings) < len(planned) / 2
    _assert_same(p)


@pytest.mark.parametrize("swap, lines", [
    # each number's width was read alike before, not the two together ("10/5": numbers one character apart)
    (lambda raw, n: len(n[0]) > len(n[1]), ["x 1/5 y 0.1 z 0.2"] * 3 + ["x 10/50 y 0.3 z 0.4", "x 10/5 y 0.5 z 0.6",
                                                                       "x 11/6 y 0.7 z 0.8", "x 12/7 y 0.9 z 0.1"]),
    # each width was read alike before, not at this length
    (lambda raw, n: len(raw) > 26, ["x 10 y 0.1 z 0.2"] * 3 + ["x 10 y 0.1234567 z 0.2", "x 10 y 0.1 z 0.2345678",
                                                             "x 10 y 0.1234567 z 0.2345678",
                                                             "x 11 y 0.7654321 z 0.8765432"]),
])
def test_a_plan_is_lent_to_a_new_shape_only_for_widths_read_alike_before(monkeypatch, swap, lines):
    p = _reads_alike(monkeypatch, _fake_reader(swap), lines)
    assert any(len(seen) > 1 for t in p.families[shapes.family_key(shape_key(lines[0]))] for seen in t.seen)


@pytest.mark.parametrize("before", [1, 3])
def test_keras_progress_lines_before_the_first_epoch_line(tmp_path, before):
    """A log that starts inside an epoch (its head cut off): the progress lines before the first "Epoch k/N" have
    their counter as their clock, the later ones their epoch. Epoch lines and records applied in batches (as two
    runs) must read as one by one: the records before any epoch are applied in order, not with the rest."""
    rng = random.Random(before)
    rec = lambda: (f"1875/1875 [==============================] - {rng.randint(5, 15)}s {rng.randint(3, 9)}ms/step - "  # noqa: E731
                   f"loss: {rng.uniform(0.1, 2):.4f} - accuracy: {rng.uniform(0.8, 0.99):.4f}")
    lines = [rec() for _ in range(before)]
    for e in range(2, 1500):
        lines += [f"Epoch {e}/5000", rec()]
    p = tmp_path / "keras-cut.log"
    p.write_text("\n".join(lines) + "\n")
    _assert_same(p)
    frame = read_text_log(p).frame
    assert (frame["tag"] == "loss").sum() >= 1 + 1498  # (the records before any epoch are at one step: 1875)


@pytest.mark.slow  # ~20 s: each style read twice; CI runs it (.ci/run)
def test_the_benchmark_styles_read_alike_with_and_without_plans(tmp_path):
    """The long logs benchmarks/textlog_speed.py times (one per common style, numbers printed as the frameworks
    print them; a tqdm bar redrawn with \\r), cut to 20,000 lines: read by plans, families and batches exactly as
    one by one."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("textlog_speed", Path(__file__).parents[2] / "benchmarks" /
                                                  "textlog_speed.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for name, (_, line) in bench._styles().items():
        rng = random.Random(name)
        p = tmp_path / f"{name}.log"
        p.write_text("\n".join(line(i, rng) for i in range(1, 20_001)) + "\n")
        _assert_same(p)
    p = tmp_path / "tqdm.log"
    bench._tqdm_log(p, renderings_per_line=200)
    _assert_same(p)


def test_the_reference_reading_does_not_import_the_fast_path():
    """records (what a line means) is what the fast path is checked against: it must not depend on it."""
    import ast

    from curvedoc.importers.textlog import decoding

    for module in (records, decoding):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [n for n in names if "textlog" in n], (module.__name__, names)
