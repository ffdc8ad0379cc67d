"""CRC-32C as TFRecord uses it: the masked checksum of a record's length header and data, and the tables that make
it affine (``crc(a) = crc(b) ^ lin(a ^ b)`` for two messages of one length), which the event-file decoder
(:mod:`curvedoc.importers._tfrecord`) uses to check every record's checksum with a few table look-ups.

``google_crc32c`` (hardware CRC-32C) computes every checksum; a bit-by-bit fallback keeps the package importable
without it. ``CURVEDOC_TF_CRC=direct`` (:func:`crc_mode`) makes the decoder call it once per record instead.
"""

from __future__ import annotations

import os

import numpy as np

try:  # hardware CRC-32C
    import google_crc32c as _gcrc

    crc_value = _gcrc.value
except Exception:  # pragma: no cover - google-crc32c is a hard dependency; keep a slow path anyway
    _gcrc = None

    def crc_value(data: bytes) -> int:  # type: ignore[misc]
        crc = 0xFFFFFFFF
        for b in data:
            crc ^= b
            for _ in range(8):
                crc = (crc >> 1) ^ (0x82F63B78 & -(crc & 1))
        return crc ^ 0xFFFFFFFF


MASK_DELTA = 0xA282EAD8
_U32 = 0xFFFFFFFF


def masked_crc(data) -> int:
    if type(data) is not bytes:
        data = bytes(data)
    crc = crc_value(data)
    return (((crc >> 15) | (crc << 17)) + MASK_DELTA) & _U32


def mask_np(crc: np.ndarray) -> np.ndarray:
    crc = crc.astype(np.uint32, copy=False)
    return ((crc >> np.uint32(15)) | (crc << np.uint32(17))) + np.uint32(MASK_DELTA)


def crc_mode() -> str:
    return "direct" if os.environ.get("CURVEDOC_TF_CRC", "").lower() == "direct" else "affine"


# ----------------------------------------------------------------------------- affine CRC tables
_TABLES: dict[int, np.ndarray] = {}
_ZERO_CRC: dict[int, int] = {}


def zero_crc(n: int) -> int:
    v = _ZERO_CRC.get(n)
    if v is None:
        v = _ZERO_CRC[n] = crc_value(bytes(n))
    return v


def crc_table(k: int) -> np.ndarray:
    """``T[b] = crc(b . 0^k) ^ crc(0^(k+1))``: the linear CRC contribution of byte ``b`` followed by ``k`` bytes."""
    t = _TABLES.get(k)
    if t is None:
        z = zero_crc(k + 1)
        tail = bytes(k)
        t = np.fromiter((crc_value(bytes((b,)) + tail) ^ z for b in range(256)), dtype=np.uint32, count=256)
        _TABLES[k] = t
    return t


_TABLES2: dict[int, np.ndarray] = {}


def crc_table2(k: int) -> np.ndarray:
    """Linear CRC contribution of two bytes (little-endian uint16 ``lo | hi << 8``) at distance k, k-1 from the end."""
    t = _TABLES2.get(k)
    if t is None:
        lo = crc_table(k)
        hi = crc_table(k - 1)
        t = (hi[:, None] ^ lo[None, :]).ravel()
        _TABLES2[k] = t
    return t

