"""The wire format of one event record, read without protobuf: :func:`parse_template` reads a record into a
:class:`Template` -- where its wall time, step and scalar values sit and how they are encoded -- so that every
record of the same layout is decoded with numpy column views (:func:`decode_slot`), not one by one. A record the
small parser does not handle raises :class:`Fallback` (the decoder then uses TensorBoard's own protobuf,
:mod:`curvedoc.importers._tfproto`)."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

import numpy as np

from curvedoc.importers._tfproto import DTYPES

_unpack_d = struct.Struct("<d").unpack_from

# ----------------------------------------------------------------------------- wire-format template
class Fallback(Exception):
    """The small parser does not handle this record; use the real protobuf."""


_FIXED_KINDS = {"f4": 4, "f8": 8}


@dataclass
class Slot:
    """One scalar value inside a record."""

    tag: str
    tensor: bool  # False: simple_value (always a scalar); True: a rank-0 tensor (scalar if its tag is)
    kind: str  # "f4", "f8", "<i4"... (fixed, numpy dtype) | "v:i64" / "v:u64" / "v:half" / "v:bf16" / "v:bool" (varint) | "zero"
    off: int = 0
    size: int = 0


@dataclass
class TensorInfo:
    tag: str
    plugin: str | None  # plugin_name of the value's metadata; None when the value carries no metadata
    data_class: int
    scalar_slot: bool  # the value is numeric rank 0 (a Slot was made for it)
    dtype: int = 0


@dataclass
class Template:
    length: int
    wall_off: int = -1
    step_off: int = -1
    step_len: int = 0
    slots: list[Slot] = field(default_factory=list)
    tensors: list[TensorInfo] = field(default_factory=list)
    varints: list[tuple[int, int]] = field(default_factory=list)  # (offset, length) spans to check
    fixed: list[tuple[int, int]] = field(default_factory=list)  # (offset, length) free bytes
    kinds: dict[str, int] = field(default_factory=dict)  # what the record holds, for statistics
    file_version: str | None = None
    session_status: int | None = None
    hparams: list[tuple[str, bytes]] = field(default_factory=list)  # (tag, plugin content)
    texts: list[tuple[str, str]] = field(default_factory=list)  # (tag, text) of the text plugin's summaries
    wall: float = 0.0  # for the representative only (single-record use)

    def variable_positions(self) -> np.ndarray:
        pos: list[int] = []
        for off, n in self.fixed + self.varints:
            pos.extend(range(off, off + n))
        return np.array(sorted(set(pos)), dtype=np.int64)


def _varint(b: bytes, p: int, end: int) -> tuple[int, int]:
    result = 0
    shift = 0
    while True:
        if p >= end or shift > 63:
            raise Fallback("bad varint")
        c = b[p]
        p += 1
        result |= (c & 0x7F) << shift
        if c < 0x80:
            return result, p
        shift += 7


def _fields(b: bytes, p: int, end: int):
    """Yield (field_number, wire_type, value_start, value_end, varint_value)."""
    while p < end:
        key, p = _varint(b, p, end)
        fn, wt = key >> 3, key & 7
        if fn == 0:
            raise Fallback("field 0")
        if wt == 0:
            s = p
            v, p = _varint(b, p, end)
            yield fn, wt, s, p, v
        elif wt == 1:
            s = p
            p += 8
            if p > end:
                raise Fallback("fixed64 past end")
            yield fn, wt, s, p, 0
        elif wt == 5:
            s = p
            p += 4
            if p > end:
                raise Fallback("fixed32 past end")
            yield fn, wt, s, p, 0
        elif wt == 2:
            n, p = _varint(b, p, end)
            s = p
            p += n
            if p > end:
                raise Fallback("length-delimited past end")
            yield fn, wt, s, p, n
        else:
            raise Fallback("unsupported wire type")


def _decode_str(b: bytes) -> str:
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        raise Fallback("invalid utf-8") from None


def parse_template(rec: bytes) -> Template:
    """Parse one serialized ``Event`` into a :class:`Template` (positions of every variable field).

    Raises :class:`Fallback` for anything unusual (duplicated singular fields, several members of a
    oneof, malformed wire data): those records go through the real protobuf.
    """
    L = len(rec)
    t = Template(length=L)
    seen: set[int] = set()
    what = 0
    for fn, wt, s, e, v in _fields(rec, 0, L):
        if fn in seen and fn in (1, 2, 3, 5, 7, 10):
            raise Fallback("repeated singular Event field")
        seen.add(fn)
        if fn in (3, 4, 5, 6, 7, 8, 9):
            what += 1
            if what > 1:
                raise Fallback("several Event.what members")
        if fn == 1:
            if wt != 1:
                raise Fallback("wall_time wire type")
            t.wall_off = s
            t.fixed.append((s, 8))
        elif fn == 2:
            if wt != 0:
                raise Fallback("step wire type")
            t.step_off, t.step_len = s, e - s
            t.varints.append((s, e - s))
        elif fn == 3:
            if wt != 2:
                raise Fallback("file_version wire type")
            t.file_version = rec[s:e].decode("utf-8", "replace")
            t.kinds["file_version"] = 1
        elif fn == 5:
            if wt != 2:
                raise Fallback("summary wire type")
            _parse_summary(rec, s, e, t)
        elif fn == 7:
            if wt != 2:
                raise Fallback("session_log wire type")
            for f2, w2, s2, e2, v2 in _fields(rec, s, e):
                if f2 == 1 and w2 == 0:
                    t.session_status = v2
            t.kinds["session_log"] = 1
        elif fn in (4, 9):
            t.kinds["graph"] = 1
        elif fn == 8:
            t.kinds["run_metadata"] = 1
        elif fn == 6:
            t.kinds["log_message"] = 1
    if t.wall_off >= 0:
        t.wall = _unpack_d(rec, t.wall_off)[0]
    return t


def _parse_summary(rec: bytes, s: int, e: int, t: Template) -> None:
    for fn, wt, vs, ve, _ in _fields(rec, s, e):
        if fn == 1:
            if wt != 2:
                raise Fallback("Summary.value wire type")
            _parse_value(rec, vs, ve, t)


def _parse_value(rec: bytes, s: int, e: int, t: Template) -> None:
    tag = None
    node_name = None
    meta = None
    payload = None  # (field, wire type, start, end)
    seen: set[int] = set()
    for fn, wt, vs, ve, _ in _fields(rec, s, e):
        if fn in seen and fn in (1, 2, 3, 4, 5, 6, 7, 8, 9):
            raise Fallback("repeated singular Value field")
        seen.add(fn)
        if fn == 1:
            if wt != 2:
                raise Fallback("tag wire type")
            tag = _decode_str(rec[vs:ve])
        elif fn == 7:
            if wt != 2:
                raise Fallback("node_name wire type")
            node_name = _decode_str(rec[vs:ve])
        elif fn == 9:
            if wt != 2:
                raise Fallback("metadata wire type")
            meta = (vs, ve)
        elif fn in (2, 3, 4, 5, 6, 8):
            if payload is not None:
                raise Fallback("several Value.value members")
            payload = (fn, wt, vs, ve)
    if not tag:
        tag = node_name or ""
    plugin: str | None = None
    content = b""
    data_class = 0
    if meta is not None:
        plugin = ""
        for fn, wt, ms, me, mv in _fields(rec, meta[0], meta[1]):
            if fn == 1 and wt == 2:
                for f2, w2, ps, pe, _ in _fields(rec, ms, me):
                    if f2 == 1 and w2 == 2:
                        plugin = rec[ps:pe].decode("utf-8", "replace")
                    elif f2 == 2 and w2 == 2:
                        content = rec[ps:pe]
            elif fn == 4 and wt == 0:
                data_class = mv
    if plugin == "hparams":
        t.hparams.append((tag, bytes(content)))
        t.kinds["hparams"] = t.kinds.get("hparams", 0) + 1
    if payload is None:
        if plugin and plugin != "hparams":
            t.kinds[plugin] = t.kinds.get(plugin, 0) + 1
        return
    fn, wt, vs, ve = payload
    if fn == 2:
        if wt != 5:
            raise Fallback("simple_value wire type")
        t.slots.append(Slot(tag, False, "f4", vs, 4))
        t.fixed.append((vs, 4))
        t.kinds["scalar"] = t.kinds.get("scalar", 0) + 1
        return
    if fn != 8:
        name = {3: "histograms", 4: "images", 5: "histograms", 6: "audio"}[fn]
        t.kinds[name] = t.kinds.get(name, 0) + 1
        return
    if wt != 2:
        raise Fallback("tensor wire type")
    _parse_tensor(rec, vs, ve, t, tag, plugin, data_class)


def _parse_tensor(rec: bytes, s: int, e: int, t: Template, tag: str, plugin: str | None, data_class: int) -> None:
    dtype = 0
    rank0 = True
    content: tuple[int, int] | None = None
    vals: dict[int, list[tuple[int, int, int]]] = {}  # field -> [(wire type, start, end)]
    for fn, wt, vs, ve, v in _fields(rec, s, e):
        if fn == 1:
            if wt != 0:
                raise Fallback("dtype wire type")
            dtype = v
        elif fn == 2:
            if wt != 2:
                raise Fallback("shape wire type")
            for f2, w2, _, _, v2 in _fields(rec, vs, ve):
                if f2 == 2 or (f2 == 3 and v2):
                    rank0 = False
        elif fn == 4:
            if wt != 2:
                raise Fallback("tensor_content wire type")
            if content is not None:
                raise Fallback("repeated tensor_content")
            content = (vs, ve)
        elif fn in (5, 6, 7, 8, 10, 11, 13, 16, 17):
            vals.setdefault(fn, []).append((wt, vs, ve))
    spec = DTYPES.get(dtype)
    numeric = spec is not None
    info = TensorInfo(tag, plugin, data_class, False, dtype)
    t.tensors.append(info)
    kind_name = plugin or ("scalars" if numeric and rank0 else "tensors")
    if not (numeric and rank0):
        if dtype == 7 and not plugin:
            kind_name = "text"
        t.kinds[kind_name] = t.kinds.get(kind_name, 0) + 1
        strings = vals.get(8, [])
        if dtype == 7 and kind_name == "text" and len(strings) == 1 and strings[0][0] == 2:
            # one string (``add_text``): kept whole, for the settings a run logs as text (tfevents.text_settings)
            t.texts.append((tag, rec[strings[0][1]:strings[0][2]].decode("utf-8", "replace")))
        return
    np_dtype, typed_field, vkind = spec  # type: ignore[misc]
    if content is not None and content[1] > content[0]:
        cs, ce = content
        size = 2 if np_dtype == "bf16" else np.dtype(np_dtype).itemsize
        if ce - cs != size:
            t.kinds["tensors"] = t.kinds.get("tensors", 0) + 1
            return  # not one element
        slot = Slot(tag, True, np_dtype, cs, size)
        t.fixed.append((cs, size))
    else:
        entries = vals.get(typed_field, [])
        other = [f for f in vals if f != typed_field]
        if other:
            raise Fallback("tensor values in a field not matching its dtype")
        if not entries:
            slot = Slot(tag, True, "zero", 0, 0)
        else:
            if len(entries) != 1:
                raise Fallback("several value entries")
            wt, vs, ve = entries[0]
            if vkind in _FIXED_KINDS:
                size = _FIXED_KINDS[vkind]
                want = 2 if wt == 2 else (5 if size == 4 else 1)
                if wt != want or (wt == 2 and ve - vs != size):
                    t.kinds["tensors"] = t.kinds.get("tensors", 0) + 1
                    return
                slot = Slot(tag, True, "<f4" if size == 4 else "<f8", vs, size)
                t.fixed.append((vs, size))
            else:
                if wt == 2:  # packed: exactly one varint inside
                    _, p = _varint(rec, vs, ve)
                    if p != ve:
                        t.kinds["tensors"] = t.kinds.get("tensors", 0) + 1
                        return
                elif wt != 0:
                    raise Fallback("varint value wire type")
                slot = Slot(tag, True, "v:" + vkind, vs, ve - vs)
                t.varints.append((vs, ve - vs))
    info.scalar_slot = True
    t.slots.append(slot)
    t.kinds["scalar"] = t.kinds.get("scalar", 0) + 1


# ----------------------------------------------------------------------------- numpy decoding helpers
def decode_varints(cols: np.ndarray) -> np.ndarray:
    """(N, v) uint8 varint bytes -> uint64 values."""
    out = np.zeros(cols.shape[0], dtype=np.uint64)
    for j in range(cols.shape[1]):
        out |= (cols[:, j].astype(np.uint64) & np.uint64(0x7F)) << np.uint64(7 * j)
    return out


def decode_slot(slot: Slot, R8: np.ndarray) -> np.ndarray:
    n = R8.shape[0]
    k = slot.kind
    if k == "zero":
        return np.zeros(n, dtype=np.float64)
    cols = np.ascontiguousarray(R8[:, slot.off : slot.off + slot.size])
    if k.startswith("v:"):
        u = decode_varints(cols)
        vk = k[2:]
        if vk == "i64":
            return u.view(np.int64).astype(np.float64)
        if vk == "u64":
            return u.astype(np.float64)
        if vk == "bool":
            return (u != 0).astype(np.float64)
        if vk == "half":
            return (u & np.uint64(0xFFFF)).astype(np.uint16).view(np.float16).astype(np.float64)
        if vk == "bf16":
            return ((u & np.uint64(0xFFFF)).astype(np.uint32) << np.uint32(16)).view(np.float32).astype(np.float64)
        raise AssertionError(k)
    if k == "bf16":
        return (cols.view("<u2").astype(np.uint32).ravel() << np.uint32(16)).view(np.float32).astype(np.float64)
    return cols.view(k).ravel().astype(np.float64)

