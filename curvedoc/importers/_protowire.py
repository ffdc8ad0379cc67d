"""A small generic protobuf wire-format decoder (no generated code, no ``protobuf`` package).

Readers that only need a handful of fields of a protobuf message (the W&B ``Record``) decode the
wire format directly: every field is ``key = (field_number << 3) | wire_type`` as a varint,
followed by a varint (type 0), 8 bytes (type 1), a length-prefixed byte string (type 2: strings,
bytes and nested messages alike) or 4 bytes (type 5). Groups (types 3/4) were deprecated before
proto3 and are rejected.

Every malformed input raises :class:`ProtoError` (a ``ValueError``): a varint running past the
end or longer than 10 bytes, a length running past the end, field number 0, an unknown wire type.
Callers turn that into a skipped record, never a crash.
"""

from __future__ import annotations

import struct
from typing import Iterator

VARINT, FIXED64, LEN, SGROUP, EGROUP, FIXED32 = 0, 1, 2, 3, 4, 5

_U64 = (1 << 64) - 1


class ProtoError(ValueError):
    """The bytes are not a well-formed protobuf message."""


def read_varint(buf: bytes, pos: int, end: int | None = None) -> tuple[int, int]:
    """Decode one base-128 varint at ``pos``; return ``(value, next_pos)``."""
    if end is None:
        end = len(buf)
    result = 0
    shift = 0
    while True:
        if pos >= end:
            raise ProtoError("truncated varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result & _U64, pos
        shift += 7
        if shift >= 70:
            raise ProtoError("varint longer than 10 bytes")


def iter_fields(buf: bytes, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int, object]]:
    """Yield ``(field_number, wire_type, value)`` for every field of the message in ``buf[start:end]``.

    Values: type 0 -> int (unsigned 64-bit), type 1 -> 8 raw bytes, type 2 -> bytes,
    type 5 -> 4 raw bytes. Use :func:`as_double`, :func:`as_signed` ... to interpret them.
    """
    if end is None:
        end = len(buf)
    pos = start
    while pos < end:
        key = buf[pos]
        if key < 0x80:  # one-byte key: fields 1-15 (the common case), no call
            pos += 1
        else:
            key, pos = read_varint(buf, pos, end)
        field = key >> 3
        wt = key & 7
        if field == 0:
            raise ProtoError("field number 0")
        if wt == VARINT:
            val, pos = read_varint(buf, pos, end)
            yield field, wt, val
        elif wt == LEN:
            n, pos = read_varint(buf, pos, end)
            if n > end - pos:
                raise ProtoError(f"length {n} runs past the end of the message")
            yield field, wt, buf[pos : pos + n]
            pos += n
        elif wt == FIXED64:
            if pos + 8 > end:
                raise ProtoError("truncated fixed64")
            yield field, wt, bytes(buf[pos : pos + 8])
            pos += 8
        elif wt == FIXED32:
            if pos + 4 > end:
                raise ProtoError("truncated fixed32")
            yield field, wt, bytes(buf[pos : pos + 4])
            pos += 4
        else:
            raise ProtoError(f"unsupported wire type {wt} (field {field})")


def len_fields(buf: bytes) -> list[tuple[int, bytes]]:
    """Only the length-delimited fields of a message, as ``(field_number, bytes)`` in wire order.

    The same checks as :func:`iter_fields` (other wire types are skipped, not returned); a tight
    loop for the hot path of readers that decode millions of small string-only messages.
    """
    out: list[tuple[int, bytes]] = []
    end = len(buf)
    pos = 0
    while pos < end:
        key = buf[pos]
        if key < 0x80:
            pos += 1
        else:
            key, pos = read_varint(buf, pos, end)
        wt = key & 7
        if key >> 3 == 0:
            raise ProtoError("field number 0")
        if wt == LEN:
            if pos >= end:
                raise ProtoError("truncated length")
            n = buf[pos]
            if n < 0x80:
                pos += 1
            else:
                n, pos = read_varint(buf, pos, end)
            if n > end - pos:
                raise ProtoError(f"length {n} runs past the end of the message")
            out.append((key >> 3, buf[pos : pos + n]))
            pos += n
        elif wt == VARINT:
            _, pos = read_varint(buf, pos, end)
        elif wt == FIXED64:
            if pos + 8 > end:
                raise ProtoError("truncated fixed64")
            pos += 8
        elif wt == FIXED32:
            if pos + 4 > end:
                raise ProtoError("truncated fixed32")
            pos += 4
        else:
            raise ProtoError(f"unsupported wire type {wt} (field {key >> 3})")
    return out


def parse(buf: bytes) -> dict[int, list[object]]:
    """All fields of one message: field number -> list of raw values in wire order."""
    out: dict[int, list[object]] = {}
    for field, _wt, val in iter_fields(buf):
        out.setdefault(field, []).append(val)
    return out


def first(fields: dict[int, list[object]], number: int, default=None):
    vals = fields.get(number)
    return vals[0] if vals else default


def last(fields: dict[int, list[object]], number: int, default=None):
    """Protobuf semantics for a repeated non-repeated field: the last value wins."""
    vals = fields.get(number)
    return vals[-1] if vals else default


def as_str(val: object, default: str = "") -> str:
    if isinstance(val, (bytes, bytearray, memoryview)):
        return bytes(val).decode("utf-8", errors="replace")
    return default


def as_signed(val: object) -> int:
    """int64/int32 varint interpreted as two's complement."""
    if not isinstance(val, int):
        raise ProtoError("expected a varint")
    return val - (1 << 64) if val >= 1 << 63 else val


def as_zigzag(val: object) -> int:
    if not isinstance(val, int):
        raise ProtoError("expected a varint")
    return (val >> 1) ^ -(val & 1)


def as_double(val: object) -> float:
    if not isinstance(val, (bytes, bytearray)) or len(val) != 8:
        raise ProtoError("expected fixed64")
    return struct.unpack("<d", val)[0]


def as_float(val: object) -> float:
    if not isinstance(val, (bytes, bytearray)) or len(val) != 4:
        raise ProtoError("expected fixed32")
    return struct.unpack("<f", val)[0]


# ------------------------------------------------------------------ encoding (tests, fixtures)
def encode_varint(value: int) -> bytes:
    value &= _U64
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        if value:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def encode_field(field: int, value: int | bytes | str) -> bytes:
    """Encode one field: an int as a varint, bytes/str as length-delimited."""
    if isinstance(value, bool) or isinstance(value, int):
        return encode_varint(field << 3 | VARINT) + encode_varint(int(value))
    if isinstance(value, str):
        value = value.encode("utf-8")
    return encode_varint(field << 3 | LEN) + encode_varint(len(value)) + bytes(value)


__all__ = [
    "ProtoError", "read_varint", "iter_fields", "len_fields", "parse", "first", "last", "as_str", "as_signed",
    "as_zigzag", "as_double", "as_float", "encode_varint", "encode_field",
]
