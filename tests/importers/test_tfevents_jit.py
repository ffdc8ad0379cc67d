"""The compiled event-file decoder (numba, ``pip install '.[fast]'``) against the numpy reference decoder.

Both must give the same points (tag, step, wall time, value bit for bit, in the same order), the same record
count, the same damage reports and the same side information (file version, kinds, hparams, tensor metadata)
on every event file at hand, on generated files of every record kind, and on damaged files."""

from __future__ import annotations

import math
import struct
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

numba = pytest.importorskip("numba", reason="numba is not installed (pip install '.[fast]'): compiled decoder untested")

from _helpers import REAL_RUNS  # noqa: E402
from test_tfevents import simple_event, tensor_event, write_events  # noqa: E402
from test_tfevents_corruption import DATA, OFFS, _frame  # noqa: E402

from curvedoc.importers import _tfcompiled, _tfrecord  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _scan(monkeypatch, path, decoder, chunk=None):
    monkeypatch.setenv("CURVEDOC_TF_DECODER", decoder)
    return _tfrecord.read_event_file(path, chunk)  # None: each decoder's own chunk size


def _flat(scan, name):
    parts = getattr(scan, name)
    return np.concatenate(parts) if parts else np.zeros(0)


def assert_same(a, b):
    """Every field of two FileScans equal; tag ids may be numbered differently, the tag of every point may not."""
    assert a.records == b.records
    assert a.size == b.size and a.not_tfrecord == b.not_tfrecord
    ta = [a.tag_keys[i] for i in _flat(a, "tagids").astype(int)]
    tb = [b.tag_keys[i] for i in _flat(b, "tagids").astype(int)]
    assert ta == tb
    assert sorted(a.tag_keys) == sorted(b.tag_keys)
    for name in ("steps", "values", "walls"):
        x, y = _flat(a, name), _flat(b, name)
        assert x.dtype == y.dtype and len(x) == len(y), name
        assert np.array_equal(x.view(np.uint64) if x.dtype == np.float64 else x,
                              y.view(np.uint64) if y.dtype == np.float64 else y), name  # bit for bit: NaN, -0.0
    assert a.kinds == b.kinds
    assert [(d.kind, d.offset, d.nbytes, d.records) for d in a.damage] == \
           [(d.kind, d.offset, d.nbytes, d.records) for d in b.damage]
    assert a.file_version == b.file_version and a.session_starts == b.session_starts
    assert a.hparams == b.hparams and a.tensor_first == b.tensor_first
    assert a.fallback_records == b.fallback_records


def _both(monkeypatch, path, chunk=None):
    a = _scan(monkeypatch, path, "numpy", chunk)
    b = _scan(monkeypatch, path, "compiled", chunk)
    assert_same(a, b)
    return b


# ----------------------------------------------------------------------------- files at hand
def _event_files(*roots: Path) -> list[Path]:
    return sorted(p for r in roots for p in r.rglob("*tfevents*") if p.is_file())


def _decode_both_ways(monkeypatch, files: list[Path]) -> int:
    points = 0
    for p in files:
        points += _both(monkeypatch, p).n_points
        if p.stat().st_size > 20_000:
            _both(monkeypatch, p, chunk=4096)  # records cut by chunk ends
    return points


def test_every_bundled_event_file_decodes_the_same(monkeypatch):
    """The sample runs and the test data (35 files, every record kind and damage the tests keep): both decoders,
    whole and in 4 KB chunks."""
    files = _event_files(ROOT / "sample_runs", ROOT / "tests" / "data")
    assert len(files) >= 20
    assert _decode_both_ways(monkeypatch, files) > 30_000


@pytest.mark.slow  # decodes the corpus's 68 event files (13.6 MB) twice, whole and chunked (~10-20 s); CI runs it (.ci/run)
def test_every_real_event_file_decodes_the_same(monkeypatch):
    if not REAL_RUNS.is_dir():
        pytest.skip(f"{REAL_RUNS} not found")
    files = _event_files(REAL_RUNS)
    assert len(files) >= 20
    assert _decode_both_ways(monkeypatch, files) > 100_000


# ----------------------------------------------------------------------------- generated record kinds
def _raw_event(tag: bytes, step: int, value: float, wall: float = 5.0, extra: bytes = b"") -> bytes:
    """An Event serialized by hand, for what the protobuf writers refuse (invalid UTF-8 tags, unknown fields)."""
    def ld(field, payload):
        return bytes([field << 3 | 2]) + _varint(len(payload)) + payload
    val = ld(1, tag) + b"\x15" + struct.pack("<f", value) + extra
    return b"\x09" + struct.pack("<d", wall) + b"\x10" + _varint(step & (2**64 - 1)) + ld(5, ld(1, val))


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _mixed_events():
    from tensorboard.compat.proto import event_pb2, summary_pb2
    from tensorboard.plugins.hparams import summary_v2 as hp

    evs = []
    for s in range(400):
        evs.append(simple_event("train/loss", s, math.exp(-s / 100.0), wall=1e9 + s))
        if s % 7 == 0:
            evs.append(simple_event("eval/acc", s, s / 400.0, wall=1e9 + s))
        if s % 50 == 0:
            evs.append(tensor_event("tf2/loss", s, 1.0 / (s + 1)))
            evs.append(tensor_event("img", s, "x" * 300, dtype="string", plugin="images", shape=(1,)))
    special = event_pb2.Event(wall_time=7.0, step=3)
    for i, v in enumerate([float("nan"), float("inf"), -float("inf"), -0.0, 3.4e38, 1e-45]):
        special.summary.value.add(tag=f"edge/{i}", simple_value=v)  # several values in one record
    evs.append(special)
    evs.append(event_pb2.Event(wall_time=8.0, step=-5, summary=summary_pb2.Summary(
        value=[summary_pb2.Summary.Value(tag="neg", simple_value=1.5)])))
    evs.append(event_pb2.Event(step=9, summary=summary_pb2.Summary(
        value=[summary_pb2.Summary.Value(simple_value=2.5)])))  # no tag, no wall time
    evs.append(event_pb2.Event(wall_time=9.0, step=10, summary=summary_pb2.Summary(
        value=[summary_pb2.Summary.Value(node_name="node", simple_value=3.5)])))
    evs.append(event_pb2.Event(wall_time=9.0, step=11, summary=summary_pb2.Summary(
        value=[summary_pb2.Summary.Value(tag="tag-only")])))
    evs.append(event_pb2.Event(wall_time=9.5, session_log=event_pb2.SessionLog(status=1)))
    evs.append(event_pb2.Event(wall_time=9.6, log_message=event_pb2.LogMessage(level=20, message="hi")))
    pb = hp.hparams_pb({"lr": 0.01, "opt": "adam"})
    evs.append(event_pb2.Event(wall_time=9.7, summary=pb))
    return evs


@pytest.mark.parametrize("chunk", [None, 4096, 1000])
def test_every_record_kind_decodes_the_same(tmp_path, monkeypatch, chunk):
    p = write_events(tmp_path / "events.out.tfevents.1.h.1.0", _mixed_events())
    # hand-made records: an invalid UTF-8 tag, an unknown Value field (skipped by both), a step beyond 2^63
    extra = [_raw_event(b"bad\xff\xfetag", 1, 1.0), _raw_event(b"unknown-field", 2, 2.0, extra=b"\x58\x07"),
             _raw_event(b"huge-step", 2**63 + 5, 3.0), _raw_event(b"train/loss", 401, 0.5)]
    p.write_bytes(p.read_bytes() + b"".join(_frame(r) for r in extra))
    b = _both(monkeypatch, p, chunk)
    tags = {t for t, _ in b.tag_keys}
    assert {"train/loss", "eval/acc", "edge/5", "neg", "", "unknown-field", "huge-step"} <= tags
    assert b.kinds.get("file_version") == 1 and b.kinds.get("images") and b.kinds.get("hparams")


def test_many_distinct_tags_grow_the_tag_table(tmp_path, monkeypatch):
    """3,000 tags: more than the compiled decoder's first table holds (it runs again with a larger one)."""
    p = write_events(tmp_path / "events.out.tfevents.1.h.1.0",
                     [simple_event(f"layer{i}/norm", i // 10, float(i)) for i in range(3000)])
    b = _both(monkeypatch, p)
    assert len(b.tag_keys) == 3000 and b.n_points == 3000


def test_tags_that_share_a_hash_bucket_stay_apart(tmp_path, monkeypatch):
    """Tags equal in their first 8 bytes and in length differ only in a later word: compared in full."""
    tags = [f"aaaaaaaa{i:04d}bbbbbbbb" for i in range(300)]
    p = write_events(tmp_path / "events.out.tfevents.1.h.1.0",
                     [simple_event(t, s, float(s * 1000 + j)) for s in range(20) for j, t in enumerate(tags)])
    b = _both(monkeypatch, p)
    assert len(b.tag_keys) == 300


# ----------------------------------------------------------------------------- damage
@pytest.mark.parametrize("rec", [0, 1, 45, 89, 90])
def test_every_flipped_byte_of_a_record_is_reported_the_same(tmp_path, monkeypatch, rec):
    for pos in range(int(OFFS[rec]), int(OFFS[rec + 1])):
        data = bytearray(DATA)
        data[pos] ^= 0x41
        p = tmp_path / f"events.out.tfevents.{pos}.h.1.0"
        p.write_bytes(bytes(data))
        _both(monkeypatch, p)
        p.unlink()


def test_truncation_at_every_offset_of_the_last_record_is_reported_the_same(tmp_path, monkeypatch):
    for cut in range(int(OFFS[-2]), int(OFFS[-1])):
        p = tmp_path / f"events.out.tfevents.{cut}.h.1.0"
        p.write_bytes(DATA[:cut])
        _both(monkeypatch, p)
        p.unlink()


def test_inserted_garbage_and_zero_tail_resynchronise_the_same(tmp_path, monkeypatch):
    mid = int(OFFS[30])
    p = tmp_path / "events.out.tfevents.1.h.1.0"
    p.write_bytes(DATA[:mid] + b"\x13garbage!" * 40 + DATA[mid:] + bytes(5000))
    b = _both(monkeypatch, p, chunk=4096)
    assert b.damage


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=st.lists(st.tuples(st.integers(0, len(DATA) - 1), st.integers(1, 255)), max_size=6),
       cut=st.integers(0, len(DATA)), chunk=st.sampled_from([None, 4096, 700]))
def test_random_damage_is_read_the_same(tmp_path, monkeypatch, flips, cut, chunk):
    data = bytearray(DATA[:cut])
    for pos, x in flips:
        if pos < len(data):
            data[pos] ^= x
    p = tmp_path / "events.out.tfevents.9.h.1.0"
    p.write_bytes(bytes(data))
    if len(data):
        _both(monkeypatch, p, chunk)


# ----------------------------------------------------------------------------- when it is used
def test_auto_uses_the_compiled_decoder_once_a_process_has_read_256_mb(monkeypatch):
    """Issue 41: loading numba was not won back below ~150 MB of event files read by one process (0.94 s vs 0.60 s
    of CPU for a 40 MB file) and added 100-150 MB of memory; an audit's worker, where it is loaded already, uses it
    from its first run."""
    monkeypatch.setenv("CURVEDOC_TF_DECODER", "auto")
    monkeypatch.setattr(_tfcompiled, "_read_bytes", 0)
    monkeypatch.setattr(_tfcompiled, "_jit_ready", False)
    monkeypatch.setattr(_tfcompiled, "_cache_warm", lambda: True)
    assert _tfcompiled.compiled_decoder(1 << 20) is None  # a small run: numba's start-up would cost more
    assert _tfcompiled.compiled_decoder(40 << 20) is None  # a 40 MB file: still cheaper without it
    assert _tfcompiled.compiled_decoder(215 << 20) is not None  # 256 MB read in all: a large file, many runs
    monkeypatch.setattr(_tfcompiled, "_read_bytes", 0)
    monkeypatch.setattr(_tfcompiled, "_jit_ready", True)  # loaded by the audit before its workers started
    assert _tfcompiled.compiled_decoder(1 << 20) is not None
    monkeypatch.setenv("CURVEDOC_TF_DECODER", "numpy")
    assert _tfcompiled.compiled_decoder(1 << 30) is None


def test_auto_never_compiles_on_its_own(monkeypatch):
    """Without numba's cache and outside a prepared audit, auto keeps the numpy decoder: compiling takes ~5 s."""
    monkeypatch.setenv("CURVEDOC_TF_DECODER", "auto")
    monkeypatch.setattr(_tfcompiled, "_read_bytes", 1 << 40)
    monkeypatch.setattr(_tfcompiled, "_jit_ready", False)
    monkeypatch.setattr(_tfcompiled, "_cache_warm", lambda: False)
    assert _tfcompiled.compiled_decoder(1 << 30) is None
    monkeypatch.setattr(_tfcompiled, "_cache_warm", lambda: True)
    assert _tfcompiled.compiled_decoder(1 << 30) is not None


def test_an_audit_of_a_gigabyte_prepares_the_compiled_decoder_once(monkeypatch):
    monkeypatch.setenv("CURVEDOC_TF_DECODER", "auto")
    monkeypatch.setattr(_tfcompiled, "_jit_ready", False)
    assert _tfcompiled.prepare_compiled(100 << 20) is False and not _tfcompiled._jit_ready
    assert _tfcompiled.prepare_compiled(2 << 30) is True and _tfcompiled._jit_ready
    monkeypatch.setattr(_tfcompiled, "_jit_ready", False)
    monkeypatch.setenv("CURVEDOC_TF_DECODER", "numpy")
    assert _tfcompiled.prepare_compiled(2 << 30) is False


def test_without_numba_auto_falls_back_and_compiled_says_so(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "curvedoc.importers._tfrecord_jit", None)  # import fails as if absent
    monkeypatch.setattr(_tfcompiled, "_jit_missing", False)
    monkeypatch.setattr(_tfcompiled, "_jit_ready", True)
    monkeypatch.setattr(_tfcompiled, "_read_bytes", 1 << 40)
    monkeypatch.setenv("CURVEDOC_TF_DECODER", "auto")
    assert _tfcompiled.compiled_decoder(1) is None
    monkeypatch.setenv("CURVEDOC_TF_DECODER", "compiled")
    with pytest.raises(ImportError):
        _tfcompiled.compiled_decoder(1)
    monkeypatch.setattr(_tfcompiled, "_jit_missing", False)
    monkeypatch.setenv("CURVEDOC_TF_DECODER", "auto")
    assert _tfcompiled.prepare_compiled(2 << 30) is False


def test_tags_alike_in_length_and_first_bytes_stay_apart(tmp_path, monkeypatch):
    """The compiled decoder remembers the last tag seen per (length, first 8 bytes) before it hashes: tags that share
    both ('train/loss_a', 'train/loss_b', ...) must still each keep their own points, alternating or not."""
    tags = [f"train/loss_{c}" for c in "abcdefgh"] + ["train/lo", "train/lo2", "x", "y"]
    events = [simple_event(tags[(i * 7) % len(tags)], i, float(i)) for i in range(600)]
    events += [simple_event(t, 1000 + j, float(-j)) for j, t in enumerate(tags * 5)]
    p = write_events(tmp_path / "events.out.tfevents.1.alike", events)
    b = _both(monkeypatch, p)
    assert len(b.tag_keys) == len(tags) and b.n_points == 600 + 5 * len(tags)


def test_hardware_and_table_checksums_agree():
    """The processor's CRC-32C instruction (x86 SSE4.2) and the slice-by-8 tables give the same verdict on every
    record: intact ones, every length from 0 to 80 bytes (the 8/4/1-byte tails), and records with a flipped bit."""
    from curvedoc.importers import _tfrecord_jit as J

    if not J.HARDWARE_CRC:
        pytest.skip("this processor has no CRC-32C instruction: the table version is the only one used")
    rng = np.random.default_rng(5)
    recs = []
    for n in list(range(81)) * 3:
        payload = rng.integers(0, 256, n, dtype=np.uint8).tobytes()
        head = struct.pack("<Q", n)
        recs.append(head + struct.pack("<I", _tfrecord.masked_crc(head)) + payload
                    + struct.pack("<I", _tfrecord.masked_crc(payload)))
    data = bytearray(b"".join(recs))
    offs = np.cumsum([0] + [len(r) for r in recs[:-1]]).astype(np.int64)
    lens = np.array([len(r) - 16 for r in recs], dtype=np.int64)
    for trial in range(400):
        d = bytearray(data)
        if trial:
            i = int(rng.integers(0, len(d)))
            d[i] ^= 1 << int(rng.integers(0, 8))
        ch = _tfrecord.Chunk(bytes(d) + bytes(_tfrecord.PAD), len(d))
        a = np.empty(len(offs), dtype=np.bool_)
        b = np.empty(len(offs), dtype=np.bool_)
        J._data_crc_ok_table(ch.u8, ch.u64, offs, lens, J.TABLES, a)
        J._data_crc_ok_hw(ch.u8, ch.u64, offs, lens, J.TABLES, b)
        assert np.array_equal(a, b)
        assert a.all() if trial == 0 else a.sum() >= len(offs) - 1
