"""TensorBoard event files: every writer's scalars come back exactly, TF2 tensor scalars, hparams,
restarts, unrelated runs in one folder, clear refusals, agreement with tbparse, real runs."""

from __future__ import annotations

import math
import re
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import google_crc32c
import numpy as np
import pytest

from curvedoc.errors import LoadError
from curvedoc.importers import load_all
from curvedoc.importers._base import RunSpec
from curvedoc.importers.tfevents import file_host, file_time, read, sort_files

REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "real_runs"


# ----------------------------------------------------------------------------- helpers
def _masked(b: bytes) -> int:
    c = google_crc32c.value(b)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame(payload: bytes) -> bytes:
    h = struct.pack("<Q", len(payload))
    return h + struct.pack("<I", _masked(h)) + payload + struct.pack("<I", _masked(payload))


def write_events(path: Path, events) -> Path:
    from tensorboard.compat.proto import event_pb2

    path.parent.mkdir(parents=True, exist_ok=True)
    head = event_pb2.Event(wall_time=1.0, file_version="brain.Event:2")
    with open(path, "wb") as fh:
        fh.write(frame(head.SerializeToString()))
        fh.writelines(frame(ev if isinstance(ev, bytes) else ev.SerializeToString()) for ev in events)
    return path


def simple_event(tag, step, value, wall=100.0):
    from tensorboard.compat.proto import event_pb2

    ev = event_pb2.Event(wall_time=wall, step=step)
    ev.summary.value.add(tag=tag, simple_value=value)
    return ev


def tensor_event(tag, step, value, *, form="content", dtype="float", plugin="scalars", wall=100.0, meta=True, shape=()):
    from tensorboard.compat.proto import (
        event_pb2,
        tensor_pb2,
        tensor_shape_pb2,
        types_pb2,
    )

    ev = event_pb2.Event(wall_time=wall, step=step)
    v = ev.summary.value.add(tag=tag)
    dt = {"float": types_pb2.DT_FLOAT, "double": types_pb2.DT_DOUBLE, "half": types_pb2.DT_HALF,
          "int32": types_pb2.DT_INT32, "int64": types_pb2.DT_INT64, "bool": types_pb2.DT_BOOL,
          "string": types_pb2.DT_STRING}[dtype]
    t = tensor_pb2.TensorProto(dtype=dt, tensor_shape=tensor_shape_pb2.TensorShapeProto(
        dim=[tensor_shape_pb2.TensorShapeProto.Dim(size=s) for s in shape]))
    npdt = {"float": "<f4", "double": "<f8", "half": "<f2", "int32": "<i4", "int64": "<i8", "bool": "?"}.get(dtype)
    if dtype == "string":
        t.string_val.append(str(value).encode())
    elif form == "content":
        t.tensor_content = np.asarray(value, dtype=npdt).tobytes()
    else:
        if dtype == "float":
            t.float_val.append(value)
        elif dtype == "double":
            t.double_val.append(value)
        elif dtype == "half":
            t.half_val.append(int(np.array(value, dtype=np.float16).view(np.uint16)))
        elif dtype == "int32":
            t.int_val.append(int(value))
        elif dtype == "int64":
            t.int64_val.append(int(value))
        elif dtype == "bool":
            t.bool_val.append(bool(value))
    v.tensor.CopyFrom(t)
    if meta:
        v.metadata.plugin_data.plugin_name = plugin
    return ev


def read_dir(path: Path, **kw):
    res = load_all(path)
    assert not res.failures, [f.reason for f in res.failures]
    return res.runs


def points(run):
    f = run.scalars
    return list(zip(f["tag"].astype(str), f["step"].tolist(), f["value"].tolist()))


def same_float(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1, a) == math.copysign(1, b)


def assert_points(run, expected):
    got = points(run)
    assert len(got) == len(expected), (len(got), len(expected))
    for (gt, gs, gv), (et, es, ev) in zip(got, expected):
        assert gt == et and gs == es and same_float(gv, ev), ((gt, gs, gv), (et, es, ev))


SPECIAL = [0.0, -0.0, 1.0, -2.5, float("nan"), float("inf"), float("-inf"), 1e-45, 1.17549435e-38 / 3, 3.4028235e38, 1e-300, 123456789.123]


def f32(x):
    return float(np.float32(x))


# ----------------------------------------------------------------------------- writers
def test_tensorboard_event_file_writer_simple_values(tmp_path):
    from tensorboard.compat.proto import event_pb2, summary_pb2
    from tensorboard.summary.writer.event_file_writer import EventFileWriter

    w = EventFileWriter(str(tmp_path))
    exp = []
    steps = [0, 1, 1, 5, 200, 16384, 2**40, -3, 7]  # gaps, repeats, negative, big
    tags = ["loss", "学习率/lr", "éval/accuracy", "a" * 200]
    for i, s in enumerate(steps):
        for j, tag in enumerate(tags):
            v = SPECIAL[(i + j) % len(SPECIAL)]
            w.add_event(event_pb2.Event(wall_time=1000.0 + i, step=s,
                                        summary=summary_pb2.Summary(value=[summary_pb2.Summary.Value(tag=tag, simple_value=v)])))
            exp.append((tag, s, f32(v)))
    w.close()
    (run,) = read_dir(tmp_path)
    assert run.source == "tfevents"
    assert_points(run, exp)
    assert run.scalars["wall_time"].iloc[0] == 1000.0
    assert str(run.scalars["source_file"].iloc[0]).startswith("events.out.tfevents.")
    # repeats within one file are kept and reported
    assert any(i.kind == "repeated-steps" for i in run.issues)


def test_tensorboardx_writer(tmp_path):
    tbx = pytest.importorskip("tensorboardX")
    w = tbx.SummaryWriter(str(tmp_path))
    exp = []
    for s in range(0, 300, 3):
        for tag in ("train/loss", "val/acc", "Δ"):
            v = math.sin(s) * 10 ** (s % 7 - 3)
            w.add_scalar(tag, v, s)
            exp.append((tag, s, f32(v)))
    w.add_scalar("train/loss", float("nan"), 400)
    exp.append(("train/loss", 400, float("nan")))
    w.add_text("note", "hello", 0)
    w.close()
    (run,) = read_dir(tmp_path)
    assert_points(run, exp)


def _torch_writer(tmp_path, new_style, double_precision=False):
    torch = pytest.importorskip("torch")
    from torch.utils.tensorboard import SummaryWriter

    w = SummaryWriter(str(tmp_path))
    exp = []
    for s in [0, 1, 2, 3, 10, 11, 1000, 1000]:
        for tag, v in (("Loss/train", 1.0 / (s + 1)), ("lr", 1e-4 * (s % 3)), ("weird", SPECIAL[s % len(SPECIAL)])):
            kw = {"new_style": True, "double_precision": double_precision} if new_style else {}
            w.add_scalar(tag, torch.tensor(v, dtype=torch.float64) if double_precision else v, s, **kw)
            exp.append((tag, s, v if double_precision else f32(v)))
    w.add_histogram("hist", np.arange(10), 0)
    w.add_image("img", np.zeros((3, 4, 4)), 0)
    w.close()
    (run,) = read_dir(tmp_path)
    assert_points(run, exp)
    return run


def test_torch_summary_writer(tmp_path):
    _torch_writer(tmp_path, new_style=False)


def test_torch_summary_writer_new_style(tmp_path):
    _torch_writer(tmp_path, new_style=True)


def test_torch_summary_writer_new_style_double(tmp_path):
    _torch_writer(tmp_path, new_style=True, double_precision=True)


@pytest.mark.parametrize("form", ["content", "vals"])
@pytest.mark.parametrize("dtype", ["float", "double", "half", "int32", "int64", "bool"])
def test_tf2_tensor_scalars(tmp_path, form, dtype):
    vals = {"float": [0.5, float("nan"), float("-inf"), 1e-40, -0.0], "double": [0.1, 1e-310, float("inf"), -7.25, 2.0**60],
            "half": [0.5, 65504.0, float("nan"), -0.0, 6e-8], "int32": [0, -1, 2**31 - 1, -(2**31), 7],
            "int64": [0, -(2**40), 2**40 + 1, 5, -1], "bool": [True, False, True, True, False]}[dtype]
    npdt = {"float": np.float32, "double": np.float64, "half": np.float16, "int32": np.int32, "int64": np.int64, "bool": np.bool_}[dtype]
    evs, exp = [], []
    for i in range(40):
        v = vals[i % len(vals)]
        step = i * 37
        evs.append(tensor_event("metric/x", step, v, form=form, dtype=dtype, meta=(i == 0) or (i % 2 == 0)))
        evs.append(simple_event("simple", step, 1.5))
        exp += [("metric/x", step, float(np.asarray(v, dtype=npdt))), ("simple", step, 1.5)]
    write_events(tmp_path / "events.out.tfevents.1700000000.host.1.0.v2", evs)
    (run,) = read_dir(tmp_path)
    assert_points(run, exp)


def test_tf2_non_scalar_tensors_and_plugins_skipped(tmp_path):
    evs = [
        tensor_event("img", 1, "png-bytes", dtype="string", plugin="images", shape=(3,)),
        tensor_event("txt", 1, "hello", dtype="string", plugin="text"),
        tensor_event("hist", 1, [1.0, 2.0], dtype="float", plugin="histograms", shape=(2,)),
        tensor_event("custom0", 1, 3.0, plugin="custom_plugin"),  # rank 0 but not the scalars plugin
        tensor_event("vec", 1, [1.0], plugin="scalars", shape=(1,)),  # rank 1
        tensor_event("ok", 1, 2.0),
        # later value of "custom0" without metadata: still not a scalar (first value decides)
        tensor_event("custom0", 2, 4.0, meta=False),
        tensor_event("ok", 2, 3.0, meta=False),
    ]
    write_events(tmp_path / "events.out.tfevents.1700000000.h.1.0.v2", evs)
    (run,) = read_dir(tmp_path)
    assert_points(run, [("ok", 1, 2.0), ("ok", 2, 3.0)])


def test_multi_value_summary_and_odd_layouts(tmp_path):
    from tensorboard.compat.proto import event_pb2

    ev = event_pb2.Event(wall_time=5.0, step=3)
    for k in range(5):
        ev.summary.value.add(tag=f"m{k}", simple_value=k + 0.25)
    # node_name instead of tag (old TF1), and a record whose fields are out of canonical order
    ev2 = event_pb2.Event(wall_time=6.0, step=4)
    ev2.summary.value.add(node_name="legacy", simple_value=9.0)
    summ = ev2.SerializeToString()
    reordered = bytes([0x10, 0x05]) + bytes([0x09]) + struct.pack("<d", 7.0) + summ[summ.index(b"\x2a"):]
    # the same Event field twice (protobuf: last wins) -> handled by the protobuf fallback
    twice = simple_event("dup", 6, 1.0).SerializeToString() + bytes([0x10, 0x07])
    write_events(tmp_path / "events.out.tfevents.1700000000.h.1.0", [ev, ev2, reordered, twice])
    (run,) = read_dir(tmp_path)
    exp = [(f"m{k}", 3, k + 0.25) for k in range(5)] + [("legacy", 4, 9.0), ("legacy", 5, 9.0), ("dup", 7, 1.0)]
    assert_points(run, exp)
    assert run.meta.get("protobuf_fallback_records", 0) >= 1


# ----------------------------------------------------------------------------- hparams
def test_hparams_plugin_and_yaml(tmp_path):
    from tensorboard.compat.proto import event_pb2
    from tensorboard.plugins.hparams import summary_v2 as hp

    s = hp.hparams_pb({"lr": 0.001, "optimizer": "adam", "layers": 4, "use_bn": True})
    ev = event_pb2.Event(wall_time=1.0, summary=s)
    write_events(tmp_path / "events.out.tfevents.1700000000.h.1.0", [ev, simple_event("hp_metric", 0, -1.0),
                                                                      simple_event("loss", 1, 0.5)])
    (tmp_path / "hparams.yaml").write_text(textwrap.dedent("""\
        layers: 4
        model: !!python/object:__main__.Net
          hidden: 128
          _modules: !!python/object/apply:collections.OrderedDict
          - []
        danger: !!python/object/apply:os.system ["echo pwned > PWNED"]
        loss_fn: !!python/name:torch.nn.functional.smooth_l1_loss ''
        sched: {name: cosine, warmup: 100}
        betas: !!python/tuple [0.9, 0.999]
        """))
    (run,) = read_dir(tmp_path)
    h = run.hparams
    assert h["lr"] == pytest.approx(0.001) and h["optimizer"] == "adam" and h["use_bn"] is True
    assert h["layers"] == 4 and isinstance(h["layers"], int)  # the yaml keeps the int
    assert h["model.hidden"] == 128 and "model._modules" not in h
    assert h["sched.name"] == "cosine" and h["sched.warmup"] == 100
    assert h["betas"] == "[0.9, 0.999]"
    assert h["loss_fn"] == "torch.nn.functional.smooth_l1_loss"
    assert not (tmp_path / "PWNED").exists() and not Path("PWNED").exists()
    kinds = {i.kind for i in run.issues}
    assert "unsafe-yaml" in kinds and "placeholder-metric" in kinds
    assert run.n_points == 2  # hp_metric is kept


def test_yaml_api():
    from curvedoc.importers._yaml import flatten_hparams, load_yaml_tolerant

    obj = load_yaml_tolerant("a: 1\nb: !custom {x: [1, 2]}\nc: !!python/object/new:foo.Bar {state: 3}\nlong: " + "x" * 500)
    flat = flatten_hparams(obj)
    assert flat["a"] == 1 and flat["b.x"] == "[1, 2]" and "long" not in flat
    assert load_yaml_tolerant(b"- 1\n- 2\n") == [1, 2]
    with pytest.raises(Exception):  # noqa: B017 - any YAML error
        load_yaml_tolerant("a: [unclosed")


@pytest.mark.skipif(not (REAL / "tfevents" / "fractaldb-lightning-2020").is_dir(), reason="../shared/real_runs not found")
def test_real_unsafe_hparams_yaml():
    from curvedoc.importers._yaml import flatten_hparams, load_yaml_tolerant

    flat = flatten_hparams(load_yaml_tolerant(REAL / "tfevents" / "fractaldb-lightning-2020" / "hparams.yaml"))
    assert flat["learning_rate"] == 0.001
    assert all(not isinstance(v, (dict, list, bytes)) for v in flat.values())


# ----------------------------------------------------------------------------- several files
def test_file_names():
    assert file_time("events.out.tfevents.1742826235.DESKTOP-41L2EO3.107869.0") == 1742826235
    assert file_host("events.out.tfevents.1675054093.gpu07.cyverse.org.94170.2") == "gpu07.cyverse.org"
    assert file_host("events.out.tfevents.1642112235.DESKTOP-K7GINSN.12860.0.v2") == "DESKTOP-K7GINSN"
    assert file_host("events.out.tfevents.1765986614.cea12525cbc9.70 (1).0") == "cea12525cbc9"
    assert file_host("events.out.tfevents.1600000000.Nicolass-MacBook-Pro.local") == "Nicolass-MacBook-Pro.local"
    names = [Path("events.out.tfevents.1700000010.b.1.0"), Path("events.out.tfevents.1700000002.zz.1.0"),
             Path("events.out.tfevents.999999999.a.1.0")]
    assert [p.name for p in sort_files(names)] == [names[2].name, names[1].name, names[0].name]


def test_restart_later_file_wins(tmp_path):
    a = [simple_event("loss", s, 1.0) for s in range(150)] + [simple_event("eval", s, 5.0) for s in (0, 100)]
    b = [simple_event("loss", s, 2.0) for s in range(100, 200)] + [simple_event("eval", 200, 6.0)]
    write_events(tmp_path / "events.out.tfevents.1700000000.node1.1.0", a)
    write_events(tmp_path / "events.out.tfevents.1700005000.node1.2.0", b)
    (run,) = read_dir(tmp_path)
    s = run.series("loss")
    assert len(s) == 200 and (s.loc[:99] == 1.0).all() and (s.loc[100:] == 2.0).all()
    assert run.n_points == 100 + 100 + 2 + 1  # loss 0-99 from a, 100-199 from b, eval 0/100 and 200
    iss = [i for i in run.issues if i.kind == "restart"]
    assert iss and iss[0].count == 50 and run.meta["superseded_points"] == 50
    assert run.meta["points_before_dedup"] == run.n_points + 50
    assert list(run.scalars["source_file"].cat.categories) == [p.name for p in sorted(tmp_path.iterdir())]


def test_same_host_restart_from_zero_stays_one_run(tmp_path):
    write_events(tmp_path / "events.out.tfevents.1700000000.node1.1.0", [simple_event("loss", s, 1.0) for s in range(100)])
    write_events(tmp_path / "events.out.tfevents.1700009000.node1.2.0", [simple_event("loss", s, 2.0) for s in range(100)])
    runs = read_dir(tmp_path)
    assert len(runs) == 1 and runs[0].n_points == 100 and (runs[0].series("loss") == 2.0).all()


def test_two_unrelated_runs_in_one_folder(tmp_path):
    write_events(tmp_path / "events.out.tfevents.1765986614.cea12525cbc9.70.0", [simple_event("loss", s, 1.0) for s in range(300)])
    write_events(tmp_path / "events.out.tfevents.1768886380.5a8f612aea4b.122.0", [simple_event("loss", s, 2.0) for s in range(250)])
    runs = read_dir(tmp_path)
    assert sorted(r.name.split("#")[1] for r in runs) == ["5a8f612aea4b", "cea12525cbc9"]
    by = {r.name.split("#")[1]: r for r in runs}
    assert by["cea12525cbc9"].n_points == 300 and by["5a8f612aea4b"].n_points == 250
    assert all(any(i.kind == "mixed-runs" for i in r.issues) for r in runs)


def test_other_host_resume_from_checkpoint_is_one_run(tmp_path):
    # preemptible job resumed on another machine near where it stopped: a restart, not another run
    write_events(tmp_path / "events.out.tfevents.1700000000.vm-a.1.0", [simple_event("loss", s, 1.0) for s in range(1000)])
    write_events(tmp_path / "events.out.tfevents.1700090000.vm-b.1.0", [simple_event("loss", s, 2.0) for s in range(950, 2000)])
    (run,) = read_dir(tmp_path)
    assert run.n_points == 2000 and run.meta["superseded_points"] == 50


def test_train_eval_subfolders_kept_apart(tmp_path):
    write_events(tmp_path / "train" / "events.out.tfevents.1700000000.h.1.0.v2", [tensor_event("loss", s, 1.0) for s in range(5)])
    write_events(tmp_path / "eval" / "events.out.tfevents.1700000100.h.2.0.v2", [tensor_event("loss", s, 9.0) for s in range(5)])
    (run,) = read_dir(tmp_path)
    assert run.tags == ["eval/loss", "train/loss"]
    assert (run.series("train/loss") == 1.0).all() and (run.series("eval/loss") == 9.0).all()


# ----------------------------------------------------------------------------- refusals
def test_lfs_pointers_refused(tmp_path):
    for k in range(2):
        (tmp_path / f"events.out.tfevents.170000000{k}.h.1.0").write_text(
            "version https://git-lfs.github.com/spec/v1\noid sha256:" + "a" * 64 + "\nsize 1234\n")
    res = load_all(tmp_path)
    assert not res.runs and res.failures[0].kind == "lfs-pointer" and "git lfs pull" in res.failures[0].reason
    # some pointers, some data: a warning issue
    write_events(tmp_path / "events.out.tfevents.1700000009.h.1.0", [simple_event("x", 1, 1.0)])
    (run,) = read_dir(tmp_path)
    assert any(i.kind == "lfs-pointer" and i.count == 2 for i in run.issues) and run.n_points == 1


def test_no_scalars_refused_with_reason(tmp_path):
    from tensorboard.compat.proto import event_pb2

    for k in range(3):
        write_events(tmp_path / f"events.out.tfevents.170000000{k}.h.1.0",
                     [tensor_event("args/text_summary", 0, "lr=1", dtype="string", plugin="text")])
    (tmp_path / "events.out.tfevents.1700000009.h.1.0").write_bytes(frame(event_pb2.Event(wall_time=1, file_version="brain.Event:2").SerializeToString()))
    res = load_all(tmp_path)
    assert not res.runs
    f = res.failures[0]
    assert f.kind == "no-scalars" and "no scalar data in 4 event files" in f.reason and "text" in f.reason


def test_header_only_and_empty_files_are_info(tmp_path):
    from tensorboard.compat.proto import event_pb2

    (tmp_path / "events.out.tfevents.1700000000.h.1.0.v2").write_bytes(frame(event_pb2.Event(wall_time=1, file_version="brain.Event:2").SerializeToString()))
    (tmp_path / "events.out.tfevents.1700000001.h.1.0.v2").write_bytes(b"")
    write_events(tmp_path / "events.out.tfevents.1700000002.h.1.0.v2", [tensor_event("loss", 1, 0.5)])
    (run,) = read_dir(tmp_path)
    kinds = {i.kind: i for i in run.issues}
    assert kinds["header-only"].severity == "info" and kinds["header-only"].count == 1
    assert kinds["empty-file"].severity == "info"
    assert run.n_points == 1


def test_garbage_named_like_event_file(tmp_path):
    (tmp_path / "events.out.tfevents.1700000000.h.1.0").write_bytes(b"<html><body>404 Not Found</body></html>" * 10)
    res = load_all(tmp_path)
    assert not res.runs and res.failures[0].kind == "unsupported-format"
    with pytest.raises(LoadError):
        read(RunSpec(tmp_path, "x", "tfevents", [tmp_path / "events.out.tfevents.1700000000.h.1.0"]))


# ----------------------------------------------------------------------------- internals
def test_lazy_protobuf_import(tmp_path):
    write_events(tmp_path / "events.out.tfevents.1700000000.h.1.0", [simple_event("a", s, s) for s in range(50)]
                 + [tensor_event("b", s, s) for s in range(50)])
    code = (
        "import sys; from curvedoc.importers import load\n"
        f"r = load({str(tmp_path)!r})[0]\n"
        "assert r.n_points == 100, r.n_points\n"
        "bad = [m for m in sys.modules if m.startswith('tensorboard')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_crc_modes_agree(tmp_path, monkeypatch):
    evs = [simple_event(f"t{s % 7}", s, s * 0.5, wall=1e9 + s) for s in range(3000)]
    p = write_events(tmp_path / "events.out.tfevents.1700000000.h.1.0", evs)
    data = bytearray(p.read_bytes())
    data[len(data) // 2] ^= 0x10  # one bad payload byte
    p.write_bytes(bytes(data))
    from curvedoc.importers._tfrecord import read_event_file

    a = read_event_file(p, chunk_size=8192)
    monkeypatch.setenv("CURVEDOC_TF_CRC", "direct")
    b = read_event_file(p, chunk_size=8192)
    assert a.records == b.records == 3000  # 3001 records minus the damaged one
    assert np.array_equal(np.concatenate(a.values), np.concatenate(b.values))
    assert [d.offset for d in a.damage] == [d.offset for d in b.damage]


def test_chunk_sizes_give_identical_results(tmp_path):
    from curvedoc.importers._tfrecord import read_event_file

    evs = [simple_event(["loss", "acc", "lr"][s % 3], s // 3, math.cos(s)) for s in range(5000)]
    evs.insert(2000, tensor_event("img", 1, "x" * 20000, dtype="string", plugin="images", shape=(1,)))
    p = write_events(tmp_path / "events.out.tfevents.1700000000.h.1.0", evs)
    ref = read_event_file(p)
    for cs in (4096, 5000, 65536):
        r = read_event_file(p, chunk_size=cs)
        assert np.array_equal(np.concatenate(r.values), np.concatenate(ref.values))
        assert np.array_equal(np.concatenate(r.steps), np.concatenate(ref.steps))
        assert r.records == ref.records == 5002


# ----------------------------------------------------------------------------- tbparse agreement
@pytest.fixture
def hardware_crc_for_tbparse(monkeypatch):
    """tbparse reads through TensorBoard's stub record reader (no TensorFlow here), which checks each record's
    masked CRC32C in pure Python: most of the reference's time on these files. The same masked CRC from
    google_crc32c (hardware), so that the reference reads, checks and refuses exactly what it did, sooner."""
    try:
        from tensorboard.compat.tensorflow_stub import pywrap_tensorflow as stub
    except ImportError:
        return
    if hasattr(stub, "masked_crc32c"):
        def masked_crc32c(data):
            x = google_crc32c.value(bytes(data))
            return (((x >> 15) | (x << 17)) + 0xA282EAD8) & 0xFFFFFFFF

        assert masked_crc32c(b"curvedoc") == stub.masked_crc32c(b"curvedoc")
        monkeypatch.setattr(stub, "masked_crc32c", masked_crc32c)


def _tbparse_points(path: Path):
    from tbparse import SummaryReader

    r = SummaryReader(str(path), event_types={"scalars", "tensors"})
    out = []
    for df in (r.scalars, r.tensors):
        for t, s, v in zip(df.get("tag", []), df.get("step", []), df.get("value", [])):
            if isinstance(v, (float, int, np.floating, np.integer)) and not isinstance(v, bool):
                out.append((str(t), int(s), float(v)))
    return out


def _key(p):
    t, s, v = p
    return (t, s, "nan" if math.isnan(v) else v)


def test_agrees_with_tbparse_on_written_files(tmp_path, hardware_crc_for_tbparse):
    tbx = pytest.importorskip("tensorboardX")
    w = tbx.SummaryWriter(str(tmp_path / "tbx"))
    for s in range(200):
        w.add_scalar("a/loss", 1.0 / (s + 1), s)
        w.add_scalar("b", SPECIAL[s % len(SPECIAL)], s)
    w.close()
    write_events(tmp_path / "tf2" / "events.out.tfevents.1700000000.h.1.0.v2",
                 [tensor_event("x", s, s * 0.1, form=("content" if s % 2 else "vals")) for s in range(100)])
    for d in ("tbx", "tf2"):
        (run,) = read_dir(tmp_path / d)
        ours = sorted(map(_key, points(run)))
        theirs = sorted(map(_key, _tbparse_points(tmp_path / d)))
        assert ours == theirs


# ----------------------------------------------------------------------------- real runs
def _manifest_points() -> dict[str, int]:
    text = (REAL / "MANIFEST.md").read_text()
    out = {}
    for line in text.splitlines():
        m = re.match(r"\|\s*\d+\s*\|\s*tfevents\s*\|\s*`shared/real_runs/tfevents/([^/`]+)/`", line)
        if m:
            cells = [c.strip() for c in line.split("|")]
            out[m.group(1)] = int(cells[8].replace(",", ""))
    return out


@pytest.fixture(scope="module")
def real_tf():
    if not (REAL / "tfevents").is_dir():
        pytest.skip(f"../shared/real_runs not found: {REAL}")
    return REAL / "tfevents"


def test_real_runs_point_counts(real_tf):
    manifest = _manifest_points()
    assert len(manifest) >= 10
    for name, n in sorted(manifest.items()):
        res = load_all(real_tf / name)
        if name == "whisper-ja-lfs-pointers":
            assert not res.runs and {f.kind for f in res.failures} == {"lfs-pointer"}
            continue
        if name == "securitybert-17-files-one-dir":
            assert not res.runs and res.failures[0].kind == "no-scalars" and "17 event files" in res.failures[0].reason
            continue
        assert not res.failures, (name, [f.reason for f in res.failures])
        before = sum(r.meta["points_before_dedup"] for r in res.runs)
        assert before == n, (name, before, n)
        assert sum(r.n_points for r in res.runs) == before - sum(r.meta["superseded_points"] for r in res.runs)


def test_real_tfod_tf2_train_eval(real_tf):
    (run,) = load_all(real_tf / "tfod-ssd-mobnet-tf2").runs
    assert run.n_points == 136
    assert run.series("train/Loss/classification_loss").loc[2000] == pytest.approx(0.27, abs=0.05)
    assert run.series("eval/Loss/classification_loss").loc[2000] == pytest.approx(10.6, abs=0.2)
    assert len(run.series("train/Loss/total_loss")) == 20
    assert any(i.kind == "header-only" and i.count == 3 for i in run.issues)


def test_real_two_runs_split(real_tf):
    runs = load_all(real_tf / "sketch-vlm-two-runs-one-dir").runs
    assert len(runs) == 2 and sorted(r.n_points for r in runs) == [146, 808]


@pytest.mark.parametrize("name", ["sketch-vlm-two-runs-one-dir", "yolov8-fire-smoke", "satd-lightning-240ep", "camels-ch-lightning-v125", "tfod-ssd-mobnet-tf2"])
def test_real_values_equal_tbparse(real_tf, name, hardware_crc_for_tbparse):
    ours = []
    for r in load_all(real_tf / name).runs:
        if r.meta["superseded_points"]:
            continue
        # tags of train/ and eval/ sub-folders carry the folder as a prefix; tbparse keeps it in dir_name
        for (t, s, v), src in zip(points(r), r.scalars["source_file"].astype(str)):
            d = Path(src).parent.as_posix()
            ours.append((t[len(d) + 1 :] if d != "." and t.startswith(d + "/") else t, s, v))
    if not ours:
        pytest.skip("dedup changed this run")
    theirs = _tbparse_points(real_tf / name)
    assert sorted(map(_key, ours)) == sorted(map(_key, theirs))


# ----------------------------------------------------------------------------- --reader tbparse
def _tf_run_dirs():
    root = Path(__file__).resolve().parents[2] / "sample_runs"
    dirs = sorted(d for d in root.iterdir() if d.is_dir() and any(d.rglob("*tfevents*")))
    if REAL.is_dir():
        dirs += sorted(d for d in (REAL / "tfevents").iterdir() if d.is_dir())
    return dirs


@pytest.mark.parametrize("folder", _tf_run_dirs(), ids=lambda d: d.name)
def test_the_tbparse_reader_sees_the_same_series_and_findings(folder, hardware_crc_for_tbparse):
    """``--reader tbparse`` is the independent reference: on every bundled and real TensorBoard run the series the
    rules read (one value per step, the later write winning) are the same, and so are the findings (codes and
    severities); a folder neither can read is refused by both."""
    pytest.importorskip("tbparse")
    import curvedoc
    from curvedoc.errors import LoadError
    from curvedoc.importers import event_reader

    def load():
        try:
            runs = curvedoc.load(folder)
        except LoadError:
            return None
        return runs if isinstance(runs, list) else [runs]

    native = load()
    with event_reader("tbparse"):
        theirs = load()
    if native is None:
        assert theirs is None
        return
    if len(native) != 1:
        pytest.skip("a folder of unrelated runs: only the native reader separates them")
    (ours,), (ref,) = native, theirs
    assert ref.meta.get("reader") == "tbparse"
    assert ours.tags == ref.tags
    for tag in ours.tags:
        a, b = ours.tag_series(tag), ref.tag_series(tag)
        assert a.index.tolist() == b.index.tolist(), tag
        assert np.array_equal(a.to_numpy(), b.to_numpy(), equal_nan=True), tag
    codes = lambda rep: sorted((f.code, f.severity) for r in rep.runs for f in r.findings)  # noqa: E731
    assert codes(curvedoc.diagnose(ours)) == codes(curvedoc.diagnose(ref))


def test_reader_option_through_the_cli_and_config(tmp_path):
    import json

    from click.testing import CliRunner

    from curvedoc.cli import main

    pytest.importorskip("tbparse")
    run = Path(__file__).resolve().parents[2] / "sample_runs" / "divergence-warmup-too-high"
    out = CliRunner().invoke(main, ["diagnose", str(run), "--reader", "tbparse", "--format", "json"])
    assert out.exit_code == 1, out.stderr[-500:]
    issues = json.loads(out.stdout)["runs"][0]["issues"]
    assert any(i["kind"] == "reader" and "tbparse" in i["message"] for i in issues)
    bad = CliRunner().invoke(main, ["diagnose", str(run), "--reader", "tensorflow"])
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    (tmp_path / "pyproject.toml").write_text('[tool.curvedoc]\nreader = "nope"\n')
    bad = CliRunner().invoke(main, ["diagnose", str(run), "--config", str(tmp_path / "pyproject.toml")])
    assert bad.exit_code == 2 and "reader must be one of native, tbparse" in bad.stderr, bad.stderr


def test_a_later_file_repeating_the_last_point_with_the_same_value_is_an_echo(tmp_path):
    """Hugging Face writes a second event file at the end of training with the final train/epoch again: the same
    value at the same step is an echo, not a second session; a different value there still is reported."""
    from curvedoc.importers import load_all

    run_dir = tmp_path / "runs" / "Jun01_host"
    write_events(run_dir / "events.out.tfevents.1700000000.host.1.0",
                 [simple_event("train/loss", s, 2.0 / (s + 1)) for s in range(1, 51)]
                 + [simple_event("train/epoch", s, s / 50.0) for s in range(1, 51)])
    write_events(run_dir / "events.out.tfevents.1700000900.host.1.1",
                 [simple_event("train/epoch", 50, 1.0), simple_event("train/train_runtime", 50, 123.0)])
    (run,) = load_all(run_dir).runs
    assert not [i for i in run.issues if i.kind in ("duplicate-steps", "restart")]
    write_events(run_dir / "events.out.tfevents.1700000900.host.1.1",
                 [simple_event("train/epoch", 50, 0.5), simple_event("train/train_runtime", 50, 123.0)])
    (run,) = load_all(run_dir).runs
    assert [i for i in run.issues if i.kind == "duplicate-steps"]


def test_the_compiled_decoders_cache_is_looked_for_where_numba_keeps_it(tmp_path, monkeypatch):
    """Issue 41: whether the compiled decoder's machine code is cached was read from the module's own __pycache__
    only. numba uses $NUMBA_CACHE_DIR first, and for a package installed where the user cannot write (system-wide,
    a container image) ~/.cache/numba: there the cache was never seen, and a single large read never used the
    compiled decoder however often it had been compiled. Checked without numba: the decision must not import it."""
    import hashlib
    import os

    from curvedoc.importers import _tfcompiled

    here = os.path.dirname(os.path.abspath(_tfcompiled.__file__))
    sub = f"importers_{hashlib.sha1(here.encode()).hexdigest()}"

    def fill(folder):
        os.makedirs(folder, exist_ok=True)
        for f in ("frame", "_decode"):
            open(os.path.join(folder, f"_tfrecord_jit.{f}-1.py311.nbi"), "w").close()

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "empty"))
    assert _tfcompiled.numba_cache_dir() == str(tmp_path / "empty" / sub)
    assert not _tfcompiled._cache_warm()  # whatever the module's __pycache__ holds: numba would not look there
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "user"))
    fill(tmp_path / "user" / sub)
    assert _tfcompiled._cache_warm()

    # installed read-only: numba falls back to the user's cache folder
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    writable = _tfcompiled._writable
    monkeypatch.setattr(_tfcompiled, "_writable", lambda d: not d.startswith(here) and writable(d))
    assert _tfcompiled.numba_cache_dir() == str(tmp_path / "xdg" / "numba" / sub)
    assert not _tfcompiled._cache_warm()
    fill(tmp_path / "xdg" / "numba" / sub)
    assert _tfcompiled._cache_warm()


def test_the_hparams_plugin_is_read_in_the_same_order_in_every_process():
    # a protobuf map iterates in an order that changes with the hash seed: the report's hyperparameters must not
    import os

    pytest.importorskip("tensorboard")
    code = ("from tensorboard.plugins.hparams import plugin_data_pb2 as p\n"
            "from curvedoc.importers._tfproto import decode_session_start\n"
            "d = p.HParamsPluginData()\n"
            "for i, k in enumerate(['lr', 'padding', 'block_size', 'optimizer', 'stride', 'zeta', 'alpha']):\n"
            "    d.session_start_info.hparams[k].number_value = float(i)\n"
            "print(list(decode_session_start(d.SerializeToString())))\n")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(4)}
    assert len(seen) == 1, seen
