"""W&B run folder importer: the six real .wandb files, framing damage, old JSONL clients."""

from __future__ import annotations

import json
import math
import re
import shutil
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest

import curvedoc
from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers import load_all
from curvedoc.importers import _protowire as pw
from curvedoc.importers._base import RunSpec
from curvedoc.importers.wandb import read
from fuzz_profile import WANDB_BLOCK, wandb_log

REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "real_runs"
WB = REAL / "wandb_offline"
BLOCK = WANDB_BLOCK


def _real_dirs():
    if not WB.is_dir():
        return []
    return sorted(p for p in WB.iterdir() if list(p.glob("*.wandb")))


def _need_real():
    if not WB.is_dir():
        pytest.skip(f"../shared/real_runs not found: {WB}")


def _manifest_points(name: str) -> int:
    text = (REAL / "MANIFEST.md").read_text()
    m = re.search(r"`shared/real_runs/wandb_offline/%s/` \|.*?\| [\d.]+ [KM]?B \| (\d+) \|" % re.escape(name), text)
    assert m, name
    return int(m.group(1))


# ----------------------------------------------------------------------------- independent decoder
def _official_record_class():
    """wandb_internal.Record (the few fields needed), built with the official protobuf runtime."""
    pytest.importorskip("google.protobuf")
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    F = descriptor_pb2.FieldDescriptorProto
    fdp = descriptor_pb2.FileDescriptorProto(name="curvedoc_test_wandb.proto", package="cdtest", syntax="proto3")

    def message(name, fields):
        m = fdp.message_type.add(name=name)
        for fname, num, ftype, label, tname in fields:
            f = m.field.add(name=fname, number=num, type=ftype, label=label)
            if tname:
                f.type_name = tname

    opt, rep = F.LABEL_OPTIONAL, F.LABEL_REPEATED
    message("HistoryItem", [("key", 1, F.TYPE_STRING, opt, None), ("nested_key", 2, F.TYPE_STRING, rep, None),
                            ("value_json", 16, F.TYPE_STRING, opt, None)])
    message("HistoryRecord", [("item", 1, F.TYPE_MESSAGE, rep, ".cdtest.HistoryItem")])
    message("RunExitRecord", [("exit_code", 1, F.TYPE_INT32, opt, None), ("runtime", 2, F.TYPE_INT32, opt, None)])
    message("Record", [("num", 1, F.TYPE_INT64, opt, None),
                       ("history", 2, F.TYPE_MESSAGE, opt, ".cdtest.HistoryRecord"),
                       ("exit", 18, F.TYPE_MESSAGE, opt, ".cdtest.RunExitRecord")])
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fdp)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("cdtest.Record"))


def _independent_records(data: bytes):
    """Plain LevelDB-log reassembly (no CRC shortcuts), written separately from the importer."""
    out, pos, pending = [], 7, b""
    while pos + 7 <= len(data):
        room = BLOCK - pos % BLOCK
        if room < 7:
            pos += room
            continue
        crc, length, kind = struct.unpack("<IHB", data[pos : pos + 7])
        if (crc, length, kind) == (0, 0, 0):
            break
        body = data[pos + 7 : pos + 7 + length]
        if len(body) < length:
            break
        assert zlib.crc32(bytes([kind]) + body) == crc
        pos += 7 + length
        if kind == 1:
            out.append(body)
        elif kind == 2:
            pending = body
        elif kind == 3:
            pending += body
        elif kind == 4:
            out.append(pending + body)
            pending = b""
    return out


def _independent_count(path: Path):
    Record = _official_record_class()
    numeric = media_numeric = rows = 0
    exit_seen = False
    for raw in _independent_records(path.read_bytes()):
        rec = Record()
        rec.ParseFromString(raw)
        if rec.HasField("exit"):
            exit_seen = True
        if not rec.HasField("history"):
            continue
        rows += 1
        items = [("/".join(it.nested_key) if it.nested_key else it.key, json.loads(it.value_json))
                 for it in rec.history.item]
        media = {k[: -len("/_type")] for k, v in items if k.endswith("/_type")}
        for k, v in items:
            if k in ("_step", "_runtime", "_timestamp") or isinstance(v, bool) or not isinstance(v, (int, float)):
                continue
            if any(k.startswith(m + "/") for m in media):
                media_numeric += 1
            else:
                numeric += 1
    return numeric, media_numeric, rows, exit_seen


# ----------------------------------------------------------------------------- real runs
@pytest.mark.parametrize("run_dir", _real_dirs(), ids=lambda p: p.name)
def test_real_runs_match_independent_decode_and_manifest(run_dir):
    _need_real()
    runs = curvedoc.load(run_dir)
    assert len(runs) == 1
    run = runs[0]
    assert run.source == "wandb"
    (wfile,) = run_dir.glob("*.wandb")
    numeric, media_numeric, rows, exit_seen = _independent_count(wfile)
    assert run.n_points == numeric
    assert run.meta["history_rows"] == rows
    # MANIFEST counted every numeric history value, image width/height/size included
    assert numeric + media_numeric == _manifest_points(run_dir.name)
    assert run.meta["finished"] == exit_seen
    assert "train_loss" in run.roles
    # last history value of every key == files/wandb-summary.json (the client's own summary)
    summary = json.loads((run_dir / "files" / "wandb-summary.json").read_text(), parse_constant=float)
    checked = 0
    for tag in run.tags if exit_seen else []:
        if tag in summary and isinstance(summary[tag], (int, float)):
            last = run.scalars[run.scalars.tag == tag].value.iloc[-1]
            assert last == pytest.approx(summary[tag], rel=1e-12, nan_ok=True), tag
            checked += 1
    if exit_seen:
        assert checked > 0
    # steps / wall times from _step / _timestamp
    assert run.scalars.step.min() >= 0
    if "_step" in summary and exit_seen:
        assert run.scalars.step.max() == summary["_step"]
    wt = run.scalars.wall_time.to_numpy()
    assert np.all(np.isfinite(wt)) and wt.min() > 1.5e9
    # hparams from files/config.yaml, never the private _wandb block
    assert run.hparams and not any(k.startswith("_wandb") for k in run.hparams)
    assert not any("@" in str(v) for v in run.hparams.values())


def test_real_roles():
    _need_real()
    r = curvedoc.load(WB / "cifar10-resnet-sjgsz037")[0]
    assert (r.roles["train_loss"], r.roles["val_loss"], r.roles["lr"]) == ("train_loss", "val_loss", "learning_rate")
    r = curvedoc.load(WB / "tinylm-kj3gdsjx")[0]
    assert (r.roles["train_loss"], r.roles["val_loss"], r.roles["lr"]) == ("train/loss", "val/loss", "train/lr")
    assert r.hparams["grad_clip"] == 1
    r = curvedoc.load(WB / "vst-t2wihhdg")[0]
    assert r.roles["train_loss"] == "train_loss_local" and r.roles["grad_norm_sq"] == "grad_norm_square"
    assert r.hparams["optimizer.lr"] == 0.001  # nested config value flattened with "."
    assert r.meta["footer"] is True


def test_killed_run():
    _need_real()
    (run,) = curvedoc.load(WB / "vst-r8mtbfdx-killed")
    assert run.meta["finished"] is False
    assert run.n_points == 11871
    msgs = [i.message for i in run.issues if i.kind == "no-exit-record"]
    assert len(msgs) == 1 and msgs[0].startswith("no exit record: run was killed or is still running")
    assert [i.severity for i in run.issues if i.kind == "no-exit-record"] == ["info"]
    # files/wandb-summary.json was written until step 62509: the .wandb copy holds only the start
    inc = [i for i in run.issues if i.kind == "incomplete-history"]
    assert len(inc) == 1 and "62,509" in inc[0].message and "3,956" in inc[0].message
    assert run.meta["summary_step"] == 62509 and run.scalars.step.max() == 3956


def test_media_fields_skipped_not_counted_as_metrics():
    _need_real()
    (run,) = curvedoc.load(WB / "loss-plateau-79u2qtit")
    assert not [t for t in run.tags if t.endswith(("/width", "/height", "/size", "/_type"))]
    kinds = {i.kind for i in run.issues}
    assert {"media-skipped", "non-numeric"} <= kinds
    assert run.roles["train_loss"] == "train_loss"


# ----------------------------------------------------------------------------- damage to real files
def _copy(tmp_path: Path, name="vst-t2wihhdg") -> Path:
    dst = tmp_path / name
    shutil.copytree(WB / name, dst)
    for p in [dst, *dst.rglob("*")]:
        p.chmod(0o755 if p.is_dir() else 0o644)
    return dst


def _wfile(d: Path) -> Path:
    return next(d.glob("*.wandb"))


def test_flipped_byte_skips_block_and_reports(tmp_path):
    _need_real()
    d = _copy(tmp_path)
    f = _wfile(d)
    data = bytearray(f.read_bytes())
    full = read(RunSpec(d, "r", "wandb", [f]))
    data[5 * BLOCK + 1234] ^= 0x40  # inside some chunk of block 5
    f.write_bytes(bytes(data))
    dmg = read(RunSpec(d, "r", "wandb", [f]))
    bad = [i for i in dmg.issues if i.kind == "corrupt-records"]
    assert bad and bad[0].count == 1
    assert 0 < len(dmg.frame) < len(full.frame)
    assert len(full.frame) - len(dmg.frame) < 3 * BLOCK // 20  # at most about one block of rows lost
    assert dmg.meta["finished"] is True  # the exit record at the end still read


def test_flipped_crc_byte(tmp_path):
    _need_real()
    d = _copy(tmp_path)
    f = _wfile(d)
    data = bytearray(f.read_bytes())
    data[7] ^= 0xFF  # the CRC of the very first chunk
    f.write_bytes(bytes(data))
    res = read(RunSpec(d, "r", "wandb", [f]))
    assert [i.count for i in res.issues if i.kind == "corrupt-records"][:1] == [1]
    assert len(res.frame) > 0


@pytest.mark.parametrize("cut", [0, 3, 6, 7, 20, BLOCK - 3, BLOCK, BLOCK + 5, 100_000, 500_001, -1])
def test_truncated_at_many_offsets(tmp_path, cut):
    _need_real()
    d = _copy(tmp_path)
    f = _wfile(d)
    data = f.read_bytes()
    f.write_bytes(data[:cut] if cut >= 0 else data[:-1])
    try:
        res = read(RunSpec(d, "r", "wandb", [f]))
    except LoadError as exc:
        assert cut in (0, 3, 6)
        assert exc.reason and "\n" not in exc.reason
        return
    assert cut not in (0, 3, 6)
    kinds = {i.kind for i in res.issues}
    if cut == 7:
        assert len(res.frame) == 0 and "empty-history" in kinds
    if 0 <= cut < len(data):
        assert res.meta["finished"] is False and "no-exit-record" in kinds
    if cut == 500_001 or cut == 100_000:
        assert "truncated-record" in kinds
        assert len(res.frame) > 0


def test_not_a_wandb_file(tmp_path):
    d = tmp_path / "run-x"
    d.mkdir()
    f = d / "run-x.wandb"
    f.write_bytes(bytes(range(256)) * 10)
    with pytest.raises(UnsupportedFormat, match="does not start with ':W&B'"):
        read(RunSpec(d, "r", "wandb", [f]))
    f.write_bytes(b":W&B" + struct.pack("<H", 0xBEE1) + b"\x07" + b"\x00" * 100)
    with pytest.raises(UnsupportedFormat, match="version 7"):
        read(RunSpec(d, "r", "wandb", [f]))
    res = load_all(d)
    assert not res.runs and res.failures[0].kind == "unsupported-format"


# ----------------------------------------------------------------------------- synthetic files
def _item(key, value, nested=False):
    k = pw.encode_field(2, key) if nested else pw.encode_field(1, key)
    return pw.encode_field(1, k + pw.encode_field(16, value if isinstance(value, str) else json.dumps(value)))


def _history(step, items: dict, t0=1.7e9, nested=True):
    body = b"".join(_item(k, v, nested) for k, v in items.items())
    body += _item("_step", step, nested) + _item("_timestamp", t0 + step, nested) + _item("_runtime", step, nested)
    return pw.encode_field(1, step) + pw.encode_field(2, body)


def _config(items: dict):
    body = b"".join(pw.encode_field(1, pw.encode_field(1, k) + pw.encode_field(16, json.dumps(v)))
                    for k, v in items.items())
    return pw.encode_field(5, body)


def _exit(code=0):
    return pw.encode_field(18, pw.encode_field(1, code) + pw.encode_field(2, 12))


_frame_log = wandb_log  # records framed as a .wandb file holds them (the fuzzers' writer: one copy of the framing)


def _write_run(tmp_path: Path, records, name="run-20240101_000000-abc") -> Path:
    d = tmp_path / "wandb" / name
    d.mkdir(parents=True)
    (d / "run-abc.wandb").write_bytes(_frame_log(records))
    return d


def test_synthetic_split_records_nan_and_nested(tmp_path):
    big = "x" * 80_000  # a string value spanning three blocks: FIRST/MIDDLE/LAST chunks
    recs = [_config({"lr": 0.1, "_wandb": {"e": {"email": "a@b.c"}}})]
    recs += [_history(i, {"loss": 1.0 / (i + 1), "val/loss": "NaN" if i == 3 else 2.0, "note": big if i == 2 else "s",
                          "inf": "Infinity", "ok": True}) for i in range(6)]
    recs.append(_exit(0))
    d = _write_run(tmp_path, recs)
    (run,) = curvedoc.load(tmp_path / "wandb")
    assert run.tag_counts() == {"loss": 6, "val/loss": 6, "inf": 6}
    s = run.series("val/loss")
    assert math.isnan(s[3]) and s[0] == 2.0
    assert run.series("inf").iloc[0] == math.inf
    assert list(run.series("loss").index) == list(range(6))
    assert run.scalars.wall_time.iloc[0] == 1.7e9
    assert run.meta["finished"] is True and run.meta["exit_code"] == 0
    assert run.hparams == {"lr": 0.1}  # from the config records (no config.yaml); _wandb skipped
    assert run.meta["config_source"] == "records"
    assert [i.count for i in run.issues if i.kind == "non-numeric"] == [12]
    assert not [i for i in run.issues if i.severity != "info"]
    assert d.name in run.name


def test_plain_key_items_and_nonzero_exit(tmp_path):
    recs = [_history(i, {"train/loss": 0.5}, nested=False) for i in range(3)] + [_exit(-1)]
    d = _write_run(tmp_path, recs)
    res = read(RunSpec(d, "r", "wandb", list(d.glob("*.wandb"))))
    assert list(res.frame.tag.astype(str)) == ["train/loss"] * 3
    assert res.meta["exit_code"] == -1
    assert [i.kind for i in res.issues] == ["exit-code"]


def test_zero_filled_tail_is_end_of_data(tmp_path):
    recs = [_history(i, {"loss": 1.0}) for i in range(10)]
    d = _write_run(tmp_path, recs)
    f = next(d.glob("*.wandb"))
    data = f.read_bytes()
    f.write_bytes(data + b"\x00" * (3 * BLOCK - len(data)))  # pre-allocated like a killed client
    res = read(RunSpec(d, "r", "wandb", [f]))
    assert len(res.frame) == 10
    assert {i.kind for i in res.issues} == {"no-exit-record"}
    assert res.meta["zero_tail_at"] == len(data)


def test_zero_header_then_more_data_resyncs(tmp_path):
    first = _frame_log([_history(0, {"loss": 1.0})])
    hole = first + b"\x00" * (BLOCK - len(first))  # zero header mid-block, rest of block 0 zero
    rest = _frame_log([_history(1, {"loss": 0.5})] + [_exit()])[7:]
    d = tmp_path / "run-z"
    d.mkdir()
    f = d / "run-z.wandb"
    f.write_bytes(hole + rest)
    res = read(RunSpec(d, "r", "wandb", [f]))
    assert list(res.frame.step) == [0, 1]
    assert res.meta["finished"] is True


def test_random_damage_never_raises_raw(tmp_path):
    recs = [_config({"a": 1})] + [_history(i, {"loss": 1.0 / (i + 1), "acc": i / 100}) for i in range(1000)] + [_exit()]
    base = _frame_log(recs)
    d = tmp_path / "run-f"
    d.mkdir()
    f = d / "run-f.wandb"
    rng = np.random.default_rng(1234)
    for trial in range(40):
        data = bytearray(base)
        for _ in range(int(rng.integers(1, 6))):
            pos = int(rng.integers(7, len(data)))
            data[pos] = int(rng.integers(0, 256))
        if trial % 3 == 0:
            data = data[: int(rng.integers(7, len(data)))]
        f.write_bytes(bytes(data))
        res = read(RunSpec(d, "r", "wandb", [f]))
        assert len(res.frame) <= 2000
        for i in res.issues:
            assert i.kind and i.message


# ----------------------------------------------------------------------------- old clients
def test_old_client_history_jsonl(tmp_path):
    d = tmp_path / "wandb" / "run-20200101_000000-old"
    d.mkdir(parents=True)
    lines = [
        {"_step": 0, "_runtime": 1.0, "_timestamp": 1.6e9, "loss": 2.0, "val_loss": float("nan")},
        {"_step": 1, "_runtime": 2.0, "_timestamp": 1.6e9 + 1, "loss": 1.5,
         "examples": {"_type": "images", "width": 28, "height": 28}, "grads": {"fc1": 0.5, "fc2": 0.25}},
        {"_step": 2, "_runtime": 3.0, "_timestamp": 1.6e9 + 2, "loss": float("inf"), "tag": "x"},
    ]
    text = "\n".join(json.dumps(x) for x in lines) + "\n{\"_step\": 3, \"loss\": 0."
    (d / "wandb-history.jsonl").write_text(text)
    (d / "wandb-summary.json").write_text("{}")
    (d / "config.yaml").write_text(
        "wandb_version: 1\n_wandb:\n  desc: null\n  value:\n    e:\n      abc:\n        email: me@example.com\n"
        "        host: myhost\nlr:\n  desc: null\n  value: 0.01\nmodel:\n  desc: null\n  value:\n    depth: 4\n"
    )
    (run,) = curvedoc.load(tmp_path / "wandb")
    assert run.source == "wandb"
    assert run.tag_counts() == {"grads/fc1": 1, "grads/fc2": 1, "loss": 3, "val_loss": 1}
    assert math.isnan(run.series("val_loss")[0]) and run.series("loss")[2] == math.inf
    assert run.roles["train_loss"] == "loss" and run.roles["val_loss"] == "val_loss"
    assert run.hparams == {"lr": 0.01, "model.depth": 4}
    kinds = {i.kind for i in run.issues}
    assert {"truncated-record", "media-skipped", "non-numeric"} <= kinds
    assert "me@example.com" not in json.dumps(run.summary(), default=str)


def test_unsafe_config_yaml(tmp_path):
    d = _write_run(tmp_path, [_history(0, {"loss": 1.0}), _exit()])
    (d / "files").mkdir()
    (d / "files" / "config.yaml").write_text("lr: !!python/object/apply:os.system ['echo hi']\n")
    res = read(RunSpec(d, "r", "wandb", list(d.glob("*.wandb"))))
    assert [i.kind for i in res.issues] == ["unsafe-yaml"]
    assert res.hparams == {}


@pytest.mark.parametrize("slack", [0, 1, 3, 6, 7, 8])
def test_block_tail_padding(tmp_path, slack):
    """A block ending with fewer than 7 free bytes is zero padding; the next chunk starts a block."""
    target = BLOCK - 7 - 7 - slack  # header + chunk header + record = BLOCK - slack
    pad = target
    while True:
        rec = _config({"blob": "y" * pad})
        if len(rec) == target:
            break
        pad += target - len(rec)
        if pad < 0:
            pytest.skip("cannot size the record")
    recs = [rec] + [_history(i, {"loss": float(i)}) for i in range(5)] + [_exit()]
    data = _frame_log(recs)
    d = tmp_path / "run-p"
    d.mkdir()
    f = d / "run-p.wandb"
    f.write_bytes(data)
    res = read(RunSpec(d, "r", "wandb", [f]))
    assert list(res.frame.value) == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert not [i for i in res.issues if i.kind == "corrupt-records"]
    assert res.hparams["blob"] == "y" * pad and res.meta["finished"] is True


def test_memory_is_a_few_frames_not_lists_of_python_objects(tmp_path):
    """Issue 41: the points were gathered in four Python lists (a float or int object and a pointer each) and the
    duplicate check hashed a copy of the frame: 6.4x the frame at peak (tracemalloc) on a 20,000-row history, 6.0x
    RSS on importer_memory.py's 40 MB file. Typed arrays with tag codes and a check on the integer codes: ~4x.

    10,000 rows measure what 20,000 did at half the CPU (tracemalloc), after a small run is read so that what a
    first load imports is not counted as the reader's peak (alone, this test measured 3.9x at 20,000 rows): 3.1x
    today; with the old duplicate check (DataFrame.duplicated on a copy) put back, 5.43x (5.46x at 20,000 rows:
    under the bound at both sizes); with the Python lists as well, ~7.3x at both sizes, which fails. (Smaller, the
    interpreter's own allocations weigh: 5.0x at 5,000 rows.)"""
    import tracemalloc

    d = _write_run(tmp_path, [_history(i, {"loss": 1 / (1 + i), "lr": 0.001, "grad_norm": 0.5}, nested=False)
                              for i in range(10_000)])
    curvedoc.load(_write_run(tmp_path / "warm-up", [_history(i, {"loss": 1.0}, nested=False) for i in range(30)]))
    tracemalloc.start()
    try:
        runs = curvedoc.load(d)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    frame = sum(int(r.scalars.memory_usage(deep=False).sum()) for r in runs)
    assert runs[0].n_points == 30_000 and peak < 5.5 * frame, (peak / frame, peak, frame)
