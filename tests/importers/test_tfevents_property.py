"""Property tests: random scalar streams written by real writers come back exactly as written."""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from curvedoc.importers._base import RunSpec
from curvedoc.importers.tfevents import read

TAGS = ["loss", "train/loss", "val/acc", "lr-Adam", "学习率", "ü/β γ", "x" * 90, "a"]

steps_st = st.integers(min_value=-(2**40), max_value=2**62)
f32_st = st.floats(width=32, allow_nan=True, allow_infinity=True, allow_subnormal=True)
f64_st = st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True)


def stream(values):
    return st.lists(st.tuples(st.sampled_from(TAGS), steps_st, values), min_size=1, max_size=120)


def _read(d: Path, chunk):
    files = sorted(d.rglob("*tfevents*"))
    rd = read(RunSpec(d, "r", "tfevents", files), chunk_size=chunk)
    assert not isinstance(rd, list)
    f = rd.frame
    return list(zip(f["tag"].astype(str), f["step"].tolist(), f["value"].tolist(), f["wall_time"].tolist()))


def _same(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def _check(got, exp):
    assert len(got) == len(exp)
    for g, e in zip(got, exp):
        assert g[0] == e[0] and g[1] == e[1] and _same(g[2], e[2]), (g, e)
        if len(e) > 3:
            assert g[3] == e[3]


def _write(d: Path, events):
    from tensorboard.summary.writer.event_file_writer import EventFileWriter

    w = EventFileWriter(str(d))
    for ev in events:
        w.add_event(ev)
    w.close()


@settings(max_examples=40, deadline=None)
@given(data=stream(f32_st), chunk=st.sampled_from([None, 4096, 300]))
def test_tf1_simple_values(data, chunk):
    from tensorboard.compat.proto import event_pb2

    exp = []
    events = []
    for i, (tag, step, v) in enumerate(data):
        ev = event_pb2.Event(wall_time=1.7e9 + i * 0.37, step=step)
        ev.summary.value.add(tag=tag, simple_value=v)
        events.append(ev)
        exp.append((tag, step, float(np.float32(v)), 1.7e9 + i * 0.37))
    with tempfile.TemporaryDirectory() as td:
        _write(Path(td), events)
        _check(_read(Path(td), chunk), exp)


@settings(max_examples=40, deadline=None)
@given(data=stream(f64_st), form=st.sampled_from(["content32", "content64", "float_val", "double_val"]),
       meta_every=st.booleans(), chunk=st.sampled_from([None, 2048]))
def test_tf2_tensor_scalars(data, form, meta_every, chunk):
    from tensorboard.compat.proto import event_pb2

    exp = []
    events = []
    seen = set()
    for i, (tag, step, v) in enumerate(data):
        ev = event_pb2.Event(wall_time=float(i), step=step)
        val = ev.summary.value.add(tag=tag)
        t = val.tensor
        t.tensor_shape.SetInParent()
        if form in ("content32", "float_val"):
            t.dtype = 1
            x = float(np.float32(v)) if np.isfinite(v) and abs(v) < 3.4e38 else (v if not np.isfinite(v) else math.copysign(math.inf, v))
            if form == "content32":
                t.tensor_content = np.float32(x).tobytes()
            else:
                t.float_val.append(x)
        else:
            t.dtype = 2
            x = v
            if form == "content64":
                t.tensor_content = np.float64(x).tobytes()
            else:
                t.double_val.append(x)
        if meta_every or tag not in seen:  # TF1 FileWriter keeps metadata on the first value only
            val.metadata.plugin_data.plugin_name = "scalars"
        seen.add(tag)
        events.append(ev)
        exp.append((tag, step, x, float(i)))
    with tempfile.TemporaryDirectory() as td:
        _write(Path(td), events)
        _check(_read(Path(td), chunk), exp)


@settings(max_examples=25, deadline=None)
@given(data=stream(f32_st.filter(lambda x: True)))
def test_tensorboardx_writer(data):
    tbx = pytest.importorskip("tensorboardX")
    exp = []
    with tempfile.TemporaryDirectory() as td:
        w = tbx.SummaryWriter(td)
        for i, (tag, step, v) in enumerate(data):
            step = abs(step) % (2**53)
            w.add_scalar(tag, v, step, walltime=1000.0 + i)
            exp.append((tag.replace(" ", "_"), step, float(np.float32(v)), 1000.0 + i))
        w.close()
        got = _read(Path(td), None)
    # tensorboardX rewrites some characters in tags; compare everything else
    assert len(got) == len(exp)
    for g, e in zip(got, exp):
        assert g[1] == e[1] and _same(g[2], e[2]) and g[3] == e[3]


@settings(max_examples=15, deadline=None)
@given(data=stream(f32_st), new_style=st.booleans())
def test_torch_writer(data, new_style):
    pytest.importorskip("torch")
    from torch.utils.tensorboard import SummaryWriter

    exp = []
    with tempfile.TemporaryDirectory() as td:
        w = SummaryWriter(td)
        for i, (tag, step, v) in enumerate(data):
            w.add_scalar(tag, v, step, walltime=50.0 + i, new_style=new_style)
            exp.append((tag, step, float(np.float32(v)), 50.0 + i))
        w.close()
        _check(_read(Path(td), None), exp)


def _layout_events(n_steps: int, every: int, extra: list[int], rng):
    """Training tags at every step, evaluation tags every ``every`` steps, odd records at the ``extra`` steps: the
    layouts real writers produce (a validation cycle longer than the small repeating unit of training records)."""
    from tensorboard.compat.proto import event_pb2

    train = ["train/loss", "train/lr", "train/grad_norm"]
    evals = ["eval/loss", "eval/accuracy"]
    events, exp = [], []

    def add(tag, step, v):
        ev = event_pb2.Event(wall_time=1.7e9 + step * 0.25, step=step)
        ev.summary.value.add(tag=tag, simple_value=v)
        events.append(ev)
        exp.append((tag, step, float(np.float32(v)), 1.7e9 + step * 0.25))

    extra_at = set(extra)
    for s in range(n_steps):
        for i, tag in enumerate(train):
            add(tag, s, float(rng.normal()))
            if i == 0 and s % every == every - 1:  # interleaved like a dict of train+eval values written in order
                for e in evals:
                    add(e, s, float(rng.normal()))
        if s in extra_at:
            add("sys/odd_tag_" + "x" * (s % 7), s, float(rng.normal()))
    return events, exp


@settings(max_examples=12, deadline=None)
@given(n_steps=st.integers(min_value=1, max_value=3000), every=st.sampled_from([1, 2, 7, 100, 333, 900]),
       extra=st.lists(st.integers(min_value=0, max_value=3000), max_size=6),
       chunk=st.sampled_from([None, 4096, 65536]), seed=st.integers(0, 2**16))
def test_layouts_with_long_cycles(n_steps, every, extra, chunk, seed):
    """The decoder extrapolates repeating layouts of any period and resumes exactly where one breaks (a step
    whose number needs one more varint byte, an odd record, a chunk end): every point comes back as written."""
    events, exp = _layout_events(n_steps, every, extra, np.random.default_rng(seed))
    with tempfile.TemporaryDirectory() as td:
        _write(Path(td), events)
        _check(_read(Path(td), chunk), exp)


def test_period_finder_prefers_the_cycle_that_explains_most():
    from curvedoc.importers._tfframe import best_period

    cycle = [50, 51, 52] * 99 + [50, 60, 51, 52, 61]  # training records, then an evaluation inside a step
    h = np.array(([9] * 40 + cycle * 3), dtype=np.uint64)
    assert best_period(h) == len(cycle)
    assert best_period(np.array([50, 51, 52] * 20, dtype=np.uint64)) == 3  # the smallest of equals
    assert best_period(np.arange(100, dtype=np.uint64)) == 0
