"""Protobuf fallback for event records the fast template parser (:mod:`._tfrecord`) does not handle, and the
TensorProto dtype table both parsers read.

TensorBoard's generated protobufs are imported lazily, only when such a record appears.
"""

from __future__ import annotations

from typing import Any

import numpy as np

# TensorProto dtype -> (numpy dtype for tensor_content, typed field number, value kind)
# kinds: "f4"/"f8" fixed little-endian floats, varint kinds "i64", "u64", "half", "bf16", "bool"
DTYPES: dict[int, tuple[str, int, str]] = {
    1: ("<f4", 5, "f4"),  # DT_FLOAT   float_val
    2: ("<f8", 6, "f8"),  # DT_DOUBLE  double_val
    3: ("<i4", 7, "i64"),  # DT_INT32   int_val
    4: ("u1", 7, "i64"),  # DT_UINT8
    5: ("<i2", 7, "i64"),  # DT_INT16
    6: ("i1", 7, "i64"),  # DT_INT8
    9: ("<i8", 10, "i64"),  # DT_INT64  int64_val
    10: ("?", 11, "bool"),  # DT_BOOL  bool_val
    14: ("bf16", 13, "bf16"),  # DT_BFLOAT16 half_val
    17: ("<u2", 7, "i64"),  # DT_UINT16
    19: ("<f2", 13, "half"),  # DT_HALF  half_val
    22: ("<u4", 16, "u64"),  # DT_UINT32 uint32_val
    23: ("<u8", 17, "u64"),  # DT_UINT64 uint64_val
}
_NUMERIC = frozenset(DTYPES)


def _tensor_scalar(t) -> float | None:
    """Value of a numeric rank-0 TensorProto, or None if it is not one."""
    if t.dtype not in _NUMERIC or len(t.tensor_shape.dim) or t.tensor_shape.unknown_rank:
        return None
    np_dtype, field_no, kind = DTYPES[t.dtype]
    if t.tensor_content:
        if np_dtype == "bf16":
            if len(t.tensor_content) != 2:
                return None
            bits = np.frombuffer(t.tensor_content, "<u2").astype(np.uint32) << np.uint32(16)
            return float(bits.view(np.float32)[0])
        arr = np.frombuffer(t.tensor_content, dtype=np_dtype)
        return float(arr[0]) if arr.size == 1 else None
    vals: Any
    if kind == "f4":
        vals = t.float_val
    elif kind == "f8":
        vals = t.double_val
    elif kind == "half":
        vals = [float(np.array([v & 0xFFFF], dtype=np.uint16).view(np.float16)[0]) for v in t.half_val]
    elif kind == "bf16":
        vals = [float((np.array([v & 0xFFFF], dtype=np.uint32) << np.uint32(16)).view(np.float32)[0]) for v in t.half_val]
    elif kind == "bool":
        vals = [float(v) for v in t.bool_val]
    elif field_no == 10:
        vals = t.int64_val
    elif field_no == 16:
        vals = t.uint32_val
    elif field_no == 17:
        vals = t.uint64_val
    else:
        vals = t.int_val
    if len(vals) == 0:
        return 0.0
    if len(vals) != 1:
        return None
    return float(vals[0])


def event_points(rec: bytes):
    """Parse one serialized Event with the real protobuf.

    Returns ``(points, kinds, tensors, hparams, file_version, texts)`` where points are
    ``(tag, from_tensor, step, wall_time, value)`` tuples, tensors ``(tag, plugin|None, data_class)``, texts
    ``(tag, text)`` for a text summary holding one string.
    """
    from tensorboard.compat.proto import event_pb2

    ev = event_pb2.Event.FromString(rec)
    pts: list[tuple[str, bool, int, float, float]] = []
    kinds: dict[str, int] = {}
    tensors: list[tuple[str, str | None, int]] = []
    hparams: list[tuple[str, bytes]] = []
    texts: list[tuple[str, str]] = []
    fv = ev.file_version if ev.HasField("file_version") else None
    if fv:
        kinds["file_version"] = 1
    what = ev.WhichOneof("what")
    if what in ("graph_def", "meta_graph_def"):
        kinds["graph"] = 1
    if what == "summary":
        for v in ev.summary.value:
            tag = v.tag or v.node_name
            has_meta = v.HasField("metadata")
            plugin = v.metadata.plugin_data.plugin_name if has_meta else None
            which = v.WhichOneof("value")
            if plugin == "hparams":
                hparams.append((tag, bytes(v.metadata.plugin_data.content)))
                kinds["hparams"] = kinds.get("hparams", 0) + 1
            if which == "simple_value":
                pts.append((tag, False, ev.step, ev.wall_time, float(v.simple_value)))
                kinds["scalar"] = kinds.get("scalar", 0) + 1
            elif which == "tensor":
                tensors.append((tag, plugin, int(v.metadata.data_class) if has_meta else 0))
                x = _tensor_scalar(v.tensor)
                if x is None:
                    name = plugin or ("text" if v.tensor.dtype == 7 else "tensors")
                    kinds[name] = kinds.get(name, 0) + 1
                    if name == "text" and v.tensor.dtype == 7 and len(v.tensor.string_val) == 1:
                        texts.append((tag, bytes(v.tensor.string_val[0]).decode("utf-8", "replace")))
                else:
                    pts.append((tag, True, ev.step, ev.wall_time, x))
                    kinds["scalar"] = kinds.get("scalar", 0) + 1
            elif which is not None:
                name = {"image": "images", "histo": "histograms", "audio": "audio"}.get(which, which)
                kinds[name] = kinds.get(name, 0) + 1
            elif plugin and plugin != "hparams":
                kinds[plugin] = kinds.get(plugin, 0) + 1
    return pts, kinds, tensors, hparams, fv, texts


def decode_session_start(content: bytes) -> dict[str, Any]:
    """hparams of a ``_hparams_/session_start_info`` plugin content."""
    from tensorboard.plugins.hparams import plugin_data_pb2

    data = plugin_data_pb2.HParamsPluginData.FromString(content)
    if not data.HasField("session_start_info"):
        return {}
    out: dict[str, Any] = {}
    # (a protobuf map iterates in no fixed order -- it changed with the hash seed from one process to the next, and
    # with it the order of every report's hyperparameters: read by key)
    for k, v in sorted(data.session_start_info.hparams.items()):
        kind = v.WhichOneof("kind")
        if kind == "number_value":
            x = v.number_value
            out[k] = x
        elif kind == "string_value":
            out[k] = v.string_value
        elif kind == "bool_value":
            out[k] = bool(v.bool_value)
        elif kind == "null_value":
            out[k] = None
    return out
