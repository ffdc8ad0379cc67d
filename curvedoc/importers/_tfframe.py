"""TFRecord framing: where the records of a buffer of event-file bytes start and end.

Each record is ``uint64 length | uint32 masked_crc32c(length) | data[length] | uint32 masked_crc32c(data)``
(FORMATS.md 1.1). :func:`walk_records` finds record offsets in a :class:`Chunk` -- one by one until the lengths
repeat with a period (:func:`best_period`), then predicted and confirmed in vectorised blocks;
:func:`header_ok_at` checks length headers in bulk. :func:`complete_records` is the framing a growing file is
followed with (``curvedoc watch``): the complete records of what was appended, resynchronised past a damaged
header as the reader does.
"""

from __future__ import annotations

import struct

import numpy as np

from curvedoc.importers._crc32c import crc_table, mask_np, masked_crc, zero_crc

unpack_q = struct.Struct("<Q").unpack_from
unpack_i = struct.Struct("<I").unpack_from
PAD = 16  # zero bytes after each chunk so unaligned 8-byte reads never leave the buffer


# ----------------------------------------------------------------------------- the reader
class Chunk:
    """A buffer of file bytes with strided unaligned views for vectorised field reads."""

    __slots__ = ("buf", "n", "u8", "u32", "u64")

    def __init__(self, data: bytearray | bytes, n: int | None = None):
        """``data`` holds ``n`` file bytes followed by at least ``PAD`` zero bytes."""
        if n is None:
            n = len(data)
            data = bytes(data) + bytes(PAD)
        self.n = n
        self.buf = data
        self.u8 = np.frombuffer(self.buf, dtype=np.uint8)
        total = len(self.buf)
        self.u32 = np.ndarray(shape=(total - 3,), dtype="<u4", buffer=self.buf, offset=0, strides=(1,))
        self.u64 = np.ndarray(shape=(total - 7,), dtype="<u8", buffer=self.buf, offset=0, strides=(1,))


def len_crc_expected(lens: np.ndarray) -> np.ndarray:
    """The masked CRC each record's 8-byte length header must carry. A file has few distinct lengths: hash them
    (:func:`factorize`, linear) rather than sort them (``np.unique``, which cost a quarter of the decode)."""
    inv, uniq = factorize(lens)
    exp = np.fromiter((masked_crc(struct.pack("<Q", int(x))) for x in uniq), dtype=np.uint32, count=len(uniq))
    return exp[inv]


def header_ok_at(ch: Chunk, positions: np.ndarray) -> np.ndarray:
    """Vectorised: does the 8-byte length at each position match its stored masked CRC?"""
    if len(positions) == 0:
        return np.zeros(0, dtype=bool)
    crc = np.full(len(positions), zero_crc(8), dtype=np.uint32)
    for j in range(8):
        crc ^= crc_table(7 - j)[ch.u8[positions + j]]
    return mask_np(crc) == ch.u32[positions + 8]


_HIST = 4096  # record lengths remembered when looking for a layout that repeats
_MAX_PERIOD = _HIST // 2


def periods(h: np.ndarray) -> np.ndarray:
    """Every period ``P`` (in records) whose last ``P`` lengths repeat the ``P`` before them, smallest first.

    Candidates are filtered a growing block of positions at a time, so a history of thousands of lengths costs
    a handful of vectorised comparisons, not one per candidate.
    """
    n = len(h)
    pmax = min(_MAX_PERIOD, n // 2)
    if pmax < 1:
        return np.zeros(0, dtype=np.int64)
    cand = np.arange(1, pmax + 1, dtype=np.int64)
    done: list[np.ndarray] = []
    j, step = 0, 8
    while len(cand):
        js = np.arange(j, j + step, dtype=np.int64)
        live = js[None, :] < cand[:, None]  # position j only matters for periods longer than j
        idx = np.maximum(n - 1 - js[None, :] - cand[:, None], 0)
        ref = h[np.maximum(n - 1 - js, 0)]
        ok = ((h[idx] == ref[None, :]) | ~live).all(axis=1)
        cand = cand[ok]
        j += step
        full = cand <= j
        if full.any():
            done.append(cand[full])
            cand = cand[~full]
        step *= 2
    return np.concatenate(done) if done else np.zeros(0, dtype=np.int64)


def best_period(h: np.ndarray) -> int:
    """The layout to extrapolate: of the periods the recent lengths show, the one that explains the longest stretch
    of history (a validation record every 100 steps makes the whole cycle of 100 steps the period, not the
    training records between two evaluations); the smallest among equals. 0 when nothing repeats."""
    ps = periods(h)
    if len(ps) == 0:
        return 0
    if len(ps) == 1:
        return int(ps[0])
    n = len(h)
    best, span = 0, -1
    for P in ps.tolist():
        bad = np.flatnonzero(h[P:] != h[:-P])
        s = (n - P - (int(bad[-1]) + 1) if len(bad) else n - P) + P
        if s > span:
            best, span = P, s
        if span == n:  # nothing can explain more than all of it
            break
    return best


def walk_records(ch: Chunk, pos: int, end: int) -> tuple[list[np.ndarray], list[np.ndarray], int]:
    """Find record header offsets from ``pos``; records must end within ``end``.

    Returns lists of offset / length arrays and the position after the last complete record.
    No checksum is checked here (see :func:`_frame`). Records are walked one at a time only until their
    lengths show a repeating layout of any period up to ``_MAX_PERIOD`` records; from there the layout is
    extrapolated and checked in vectorised blocks, and the walk resumes where a length differs.
    """
    buf = ch.buf
    offs_parts: list[np.ndarray] = []
    lens_parts: list[np.ndarray] = []
    block = 256
    last_P = 0
    broke = False
    while True:
        o: list[int] = []
        ls: list[int] = []
        stopped = False
        for _ in range(64):
            if pos + 12 > end:
                stopped = True
                break
            L = unpack_q(buf, pos)[0]
            if pos + 16 + L > end:
                stopped = True
                break
            o.append(pos)
            ls.append(L)
            pos += 16 + L
        if o:
            offs_parts.append(np.array(o, dtype=np.int64))
            lens_parts.append(np.array(ls, dtype=np.uint64))
        if stopped:
            return offs_parts, lens_parts, pos
        tail: list[np.ndarray] = []
        have = 0
        for part in reversed(lens_parts):
            tail.append(part)
            have += len(part)
            if have >= _HIST:
                break
        hist = np.concatenate(tail[::-1])[-_HIST:]
        # the layout that held until now, unless a record broke it (then look again: a longer cycle may explain it)
        P = 0 if broke else last_P
        broke = False
        if not (P and 2 * P <= len(hist) and np.array_equal(hist[-P:], hist[-2 * P : -P])):
            P = last_P = best_period(hist)
        if not P:
            continue
        pattern = hist[-P:]
        rel = np.zeros(P, dtype=np.int64)
        rel[1:] = np.cumsum(pattern[:-1].astype(np.int64) + 16)
        B = int(pattern.astype(np.int64).sum()) + 16 * P
        while True:
            K = min(max(1, block // P), (end - pos) // B)
            if K <= 0:  # less than a cycle left: the records of a last partial cycle that fit
                fit = np.flatnonzero(pos + rel + 16 + pattern.astype(np.int64) > end)
                cut = int(fit[0]) if len(fit) else P
                if cut == 0:
                    break
                pred, expected = pos + rel[:cut], pattern[:cut]
            else:
                pred = (pos + np.arange(K, dtype=np.int64)[:, None] * B + rel[None, :]).ravel()
                expected = np.tile(pattern, K)
            actual = ch.u64[pred]
            bad = np.flatnonzero(actual != expected)
            m = int(bad[0]) if len(bad) else len(pred)
            if m:
                offs_parts.append(pred[:m])
                lens_parts.append(expected[:m])
            if m < len(pred):
                pos = int(pred[m])
                block = max(256, block // 2)
                broke = True
                break
            if K <= 0:
                pos = int(pred[-1]) + 16 + int(expected[-1])
                break
            pos += K * B
            block = min(block * 2, 1 << 16)
        # back to the walk (it stops cleanly at the chunk end)


# A process that has not loaded numba yet switches to the compiled decoder once it has been asked to read this many
# bytes of event files. Measured in a fresh process with numba's cache warm (CPU seconds, issue 41): a 40 MB file
# took 0.60 s with numpy and 0.94 s compiled, a 153 MB file 1.30 s and 1.40 s -- loading numba and the machine code
# is not won back below ~150 MB -- and loading it adds 100-150 MB to the process's peak memory (a 40 MB file peaked
# at 8.1x its frame compiled, 3.3x with numpy). From 256 MB on the compiled decoder is faster and that fixed memory


HASH_CONSTS = (np.random.default_rng(20240611).integers(1, 1 << 62, size=1024, dtype=np.int64).astype(np.uint64) * np.uint64(2) + np.uint64(1))


def factorize(h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Codes in order of first appearance (code 0 = the first row's value)."""
    import pandas as pd

    codes, uniq = pd.factorize(h, sort=False)
    return codes, uniq


# ----------------------------------------------------------------------------- following a growing file
def complete_records(fh, start: int, size: int, window: int) -> tuple[int, bytes]:
    """(offset after the last complete TFRecord in ``[start, size)``, the bytes of those records) of the open file
    ``fh``, reading at most ``window`` bytes (more only for a first record bigger than that: that one whole): read
    once and framed in memory (length header + data + both CRCs), not one seek and read per record.

    A record whose length header fails its checksum is damage, not a record still being written: the reading
    resynchronises at the next offset where a length header checks (as the reader does), so one torn record does
    not stop a watch for good; the damaged bytes are skipped. A record still being written is left for later."""
    fh.seek(start)
    data = fh.read(max(0, min(size - start, window)))
    if len(data) >= 12 and size - start > len(data):  # a first record bigger than the window: that one whole
        (length,) = struct.unpack_from("<Q", data, 0)
        if 12 + length + 4 > len(data) and start + 12 + length + 4 <= size:
            data += fh.read(12 + length + 4 - len(data))
    pos, n = 0, len(data)
    out = bytearray()
    while pos + 12 <= n:
        (length,) = struct.unpack_from("<Q", data, pos)
        (crc,) = struct.unpack_from("<I", data, pos + 8)
        if masked_crc(data[pos:pos + 8]) != crc:
            nxt = _resync(data, pos + 1)
            if nxt is None:
                break  # no good header after it yet: wait for more bytes
            pos = nxt
            continue
        end = pos + 12 + length + 4
        if end > n:
            break  # a record still being written
        out += data[pos:end]
        pos = end
    return start + pos, bytes(out)


def _resync(data: bytes, pos: int) -> int | None:
    """The next offset from ``pos`` where a length header passes its checksum, with room for its record's
    framing, or None."""
    n = len(data)
    while pos + 12 <= n:
        (crc,) = struct.unpack_from("<I", data, pos + 8)
        if masked_crc(data[pos:pos + 8]) == crc:
            return pos
        pos += 1
    return None
