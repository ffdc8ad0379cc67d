"""A TensorBoard event record with one simple_value, encoded by hand (no tensorboard needed): for benchmarks
that write event files of a chosen size."""

from __future__ import annotations

import struct


def masked_crc(b: bytes) -> int:
    import google_crc32c

    c = google_crc32c.value(b)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def event_record(step: int, tag: str, value: float, wall: float | None = None) -> bytes:
    """One framed TFRecord: Event{wall_time, step, summary{value{tag, simple_value}}}."""
    tb = tag.encode()
    val = b"\x0a" + bytes([len(tb)]) + tb + b"\x15" + struct.pack("<f", value)
    summ = b"\x0a" + bytes([len(val)]) + val
    sv, s = bytearray(), step
    while True:
        b = s & 0x7F
        s >>= 7
        sv.append(b | (0x80 if s else 0))
        if not s:
            break
    payload = (b"\x09" + struct.pack("<d", 1e9 + step if wall is None else wall) + b"\x10" + bytes(sv) + b"\x2a"
               + bytes([len(summ)]) + summ)
    h = struct.pack("<Q", len(payload))
    return h + struct.pack("<I", masked_crc(h)) + payload + struct.pack("<I", masked_crc(payload))
