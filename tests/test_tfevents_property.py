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
