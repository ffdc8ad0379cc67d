"""Compiled TFRecord framing and scalar decoding, used when numba is installed (``pip install 'curvedoc[fast]'``).

The numpy reader in :mod:`curvedoc.importers._tfrecord` (its framing in :mod:`~curvedoc.importers._tfframe`) stays
the reference and the fallback: this module only
takes over the two loops that cost the most there, and only for what it can decode exactly.

* :func:`frame` walks the records of a buffer one by one, checking every length header against its masked
  CRC-32C as it goes, and stops where a header is damaged or a record runs past the buffer -- the same
  outcome as the numpy walk followed by its vectorised header check.
* :func:`decode` checks every record's data CRC-32C (every byte, no sampling: with the processor's CRC-32C
  instruction where there is one, x86 SSE4.2, else slice-by-8 tables) and parses
  the usual records -- an ``Event`` with a wall time, a step, a file version or a summary whose values are
  ``tag`` + ``simple_value`` (what torch's, tensorboardX's and Keras' TF1 writers emit). Every other record
  (tensors, images, histograms, hparams, session logs, metadata, repeated singular fields, several ``what``
  members, malformed wire data) is marked for the numpy path, which handles it exactly as before. Tags are
  interned with an exact byte comparison behind the hash, so two tags never share an id.

Both paths are tested against each other on generated, bundled and real event files (tests/test_tfevents_jit.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

_POLY = 0x82F63B78  # CRC-32C (Castagnoli), reflected


def _tables() -> np.ndarray:
    t = np.zeros((8, 256), dtype=np.int64)
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ (_POLY if c & 1 else 0)
        t[0, i] = c
    for k in range(1, 8):
        for i in range(256):
            t[k, i] = (t[k - 1, i] >> 8) ^ t[0, t[k - 1, i] & 0xFF]
    return t


TABLES = _tables()


@njit(cache=True, nogil=True)
def _masked_crc(buf, s, n, T):
    """Masked CRC-32C of ``buf[s:s+n]`` (TFRecord's checksum), slice-by-8."""
    return _crc_end(_crc_run(0xFFFFFFFF, buf, s, s + n, T))


@njit(cache=True, nogil=True)
def _crc_run(crc, buf, i, end, T):
    """The running CRC over ``buf[i:end]``: eight bytes at a time, then byte by byte."""
    while i + 8 <= end:
        crc = _crc_step8(crc, buf, i, T)
        i += 8
    while i < end:
        crc = (crc >> 8) ^ T[0, (crc ^ buf[i]) & 0xFF]
        i += 1
    return crc


@njit(cache=True, nogil=True)
def _crc_end(crc):
    """Finalise a running CRC-32C and mask it as TFRecord stores it."""
    return _mask(crc ^ 0xFFFFFFFF)


@njit(cache=True, nogil=True)
def _crc_step8(crc, buf, i, T):
    lo = crc ^ (np.int64(buf[i]) | (np.int64(buf[i + 1]) << 8) | (np.int64(buf[i + 2]) << 16)
                | (np.int64(buf[i + 3]) << 24))
    return (T[7, lo & 0xFF] ^ T[6, (lo >> 8) & 0xFF] ^ T[5, (lo >> 16) & 0xFF] ^ T[4, (lo >> 24) & 0xFF]
            ^ T[3, buf[i + 4]] ^ T[2, buf[i + 5]] ^ T[1, buf[i + 6]] ^ T[0, buf[i + 7]])


@njit(cache=True, nogil=True)
def _data_crc_ok_table(buf, w8, offs, lens, T, ok):
    """``ok[r]``: does record r's data match its stored masked CRC-32C? Two records at a time: each CRC is a chain
    of dependent table lookups, and two independent chains keep the processor busy while one waits. (``w8`` is not
    used: the signature is the hardware version's, so ``_decode`` calls either.)"""
    N = len(offs)
    r = 0
    while r < N:
        s1 = offs[r] + 12
        e1 = s1 + lens[r]
        c1 = 0xFFFFFFFF
        i1 = s1
        if r + 1 < N:
            s2 = offs[r + 1] + 12
            e2 = s2 + lens[r + 1]
            c2 = 0xFFFFFFFF
            i2 = s2
            while i1 + 8 <= e1 and i2 + 8 <= e2:
                c1 = _crc_step8(c1, buf, i1, T)
                c2 = _crc_step8(c2, buf, i2, T)
                i1 += 8
                i2 += 8
            ok[r + 1] = _crc_end(_crc_run(c2, buf, i2, e2, T)) == _u32(buf, e2)
        ok[r] = _crc_end(_crc_run(c1, buf, i1, e1, T)) == _u32(buf, e1)
        r += 2


def _host_has_crc32c() -> bool:
    """x86-64 processors with SSE4.2 (every one since 2008) compute CRC-32C in one instruction per 8 bytes."""
    try:
        from llvmlite import binding

        return bool(binding.get_host_cpu_features().get("sse4.2", False))
    except Exception:
        return False


def _crc32c_codegen(crc_bits: int, data_bits: int):
    """Code generator calling the processor's CRC-32C instruction on a ``crc_bits`` running value and ``data_bits``
    of data (LLVM's ``llvm.x86.sse42.crc32.<crc>.<data>``): no inversion, like a table step."""
    name = f"llvm.x86.sse42.crc32.{crc_bits}.{data_bits}"

    def codegen(context, builder, signature, args):
        from llvmlite import ir

        fnty = ir.FunctionType(ir.IntType(crc_bits), [ir.IntType(crc_bits), ir.IntType(data_bits)])
        return builder.call(cgutils.get_or_insert_function(builder.module, fnty, name), args)

    return codegen


@intrinsic
def _crc32c_u64(typingctx, crc, data):
    """The CRC-32C step over 8 bytes (x86 ``crc32 r64, r64``)."""
    return types.uint64(types.uint64, types.uint64), _crc32c_codegen(64, 64)


@intrinsic
def _crc32c_u8(typingctx, crc, data):
    """The CRC-32C step over one byte (x86 ``crc32 r32, r8``)."""
    return types.uint32(types.uint32, types.uint8), _crc32c_codegen(32, 8)


@intrinsic
def _crc32c_u32(typingctx, crc, data):
    """The CRC-32C step over 4 bytes (x86 ``crc32 r32, r32``)."""
    return types.uint32(types.uint32, types.uint32), _crc32c_codegen(32, 32)


@njit(cache=True, nogil=True)
def _hw_run(w8, buf, i, end):
    """Finished (inverted, unmasked) CRC-32C of ``buf[i:end]``: 8 bytes per instruction, then 4, then single bytes.
    ``w8[p]`` is the little-endian 8-byte word at byte ``p`` (the buffer's padding covers the last ones)."""
    c = np.uint64(0xFFFFFFFF)
    while i + 8 <= end:
        c = _crc32c_u64(c, w8[i])
        i += 8
    c32 = np.uint32(c)
    if i + 4 <= end:
        c32 = _crc32c_u32(c32, np.uint32(w8[i] & np.uint64(0xFFFFFFFF)))
        i += 4
    while i < end:
        c32 = _crc32c_u8(c32, buf[i])
        i += 1
    return np.int64(c32 ^ np.uint32(0xFFFFFFFF))


@njit(cache=True, nogil=True)
def _data_crc_ok_hw(buf, w8, offs, lens, T, ok):
    """``_data_crc_ok_table`` with the processor's CRC-32C instruction: the same checksums (tests/test_tfevents_jit.py
    compares both on intact and damaged records), 2-3x faster on this machine's short scalar records."""
    for r in range(len(offs)):
        s = offs[r] + 12
        e = s + lens[r]
        ok[r] = _mask(_hw_run(w8, buf, s, e)) == _u32(buf, e)


@njit(cache=True, nogil=True)
def _mask(crc):
    """TFRecord's mask of a finished CRC-32C."""
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


HARDWARE_CRC = _host_has_crc32c()
# chosen once per process; numba's cache keys compiled code by the processor, so a cache made on another machine
# is never used here
_data_crc_ok = _data_crc_ok_hw if HARDWARE_CRC else _data_crc_ok_table


@njit(cache=True, nogil=True)
def _u32(buf, p):
    return np.int64(buf[p]) | (np.int64(buf[p + 1]) << 8) | (np.int64(buf[p + 2]) << 16) | (np.int64(buf[p + 3]) << 24)


@njit(cache=True, nogil=True)
def _u64(buf, p):
    v = np.uint64(0)
    for j in range(8):
        v |= np.uint64(buf[p + j]) << np.uint64(8 * j)
    return v


@njit(cache=True, nogil=True)
def frame(buf, pos, end, T):
    """Offsets and lengths of the records from ``pos``, their length headers checked.

    Returns ``(offsets, lengths, stop, bad)``: ``stop`` is where the walk ended (a header that does not fit, or a
    record running past ``end``), ``bad`` is 1 when it ended on a length header whose checksum is wrong."""
    cap = (end - pos) // 16 + 1
    offs = np.empty(cap, dtype=np.int64)
    lens = np.empty(cap, dtype=np.int64)
    # a file has few record lengths: the checksum of each length is computed once (keyed by its low bits, the
    # whole length compared)
    memo_len = np.full(64, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    memo_crc = np.zeros(64, dtype=np.int64)
    k = 0
    while True:
        if pos + 12 > end:
            return offs[:k], lens[:k], pos, 0
        L = _u64(buf, pos)
        j = np.int64(L & np.uint64(63))
        if memo_len[j] == L:
            want = memo_crc[j]
        else:
            want = _masked_crc(buf, pos, 8, T)
            memo_len[j] = L
            memo_crc[j] = want
        if want != _u32(buf, pos + 8):
            return offs[:k], lens[:k], pos, 1
        if L > np.uint64(end - pos - 16) or pos + 16 > end:
            return offs[:k], lens[:k], pos, 0
        offs[k] = pos
        lens[k] = np.int64(L)
        k += 1
        pos += 16 + np.int64(L)


@njit(cache=True, nogil=True)
def _varint(buf, p, e):
    """(value as uint64, next position, ok): protobuf varint of at most 10 bytes ending before ``e``."""
    v = np.uint64(0)
    shift = 0
    while True:
        if p >= e or shift > 63:
            return v, p, False
        c = buf[p]
        p += 1
        v |= (np.uint64(c) & np.uint64(0x7F)) << np.uint64(shift)
        if c < 0x80:
            return v, p, True
        shift += 7


@njit(cache=True, nogil=True)
def _skip(buf, p, e, wt):
    """Position after a field of wire type ``wt`` starting at ``p``; -1 when malformed or unsupported."""
    if wt == 0:
        v, q, ok = _varint(buf, p, e)
        return q if ok else -1
    if wt == 1:
        return p + 8 if p + 8 <= e else -1
    if wt == 5:
        return p + 4 if p + 4 <= e else -1
    if wt == 2:
        n, q, ok = _varint(buf, p, e)
        if not ok or n > np.uint64(e - q):
            return -1
        return q + np.int64(n)
    return -1


@njit(cache=True, nogil=True)
def _word(w8, p, n):
    """The ``n`` <= 8 bytes at ``p`` as a little-endian integer (``w8``: 8-byte words at every byte offset)."""
    w = w8[p]
    if n < 8:
        w &= (np.uint64(1) << np.uint64(8 * n)) - np.uint64(1)
    return w


@njit(cache=True, nogil=True)
def _hash(w8, s, n):
    """64-bit hash of ``n`` bytes at ``s``, a word at a time, with splitmix64's finaliser (the table uses low bits)."""
    h = np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(n)
    i = 0
    while i < n:
        h = (h ^ _word(w8, s + i, min(8, n - i))) * np.uint64(0x100000001B3)
        i += 8
    h ^= h >> np.uint64(30)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(27)
    h *= np.uint64(0x94D049BB133111EB)
    return h ^ (h >> np.uint64(31))


@njit(cache=True, nogil=True)
def _same(w8, a, b, n):
    i = 0
    while i < n:
        m = min(8, n - i)
        if _word(w8, a + i, m) != _word(w8, b + i, m):
            return False
        i += 8
    return True


def decode(buf, w8, offs, lens, T):
    """Check and decode the records at ``offs`` / ``lens`` (header offsets, payload lengths) of ``buf``; ``w8`` is
    the same buffer read as little-endian 8-byte words at every byte offset (the reader's strided view).

    Returns ``(status, rec, step, wall, value, tag, tag_off, tag_len, fv_rec, fv_off, fv_len)``: per record
    0 = decoded, 1 = bad data checksum, 2 = left to the numpy path; per point its record, step, wall time,
    value and tag id; per tag id the position and length of its bytes in ``buf``; the records holding a file
    version and where its text is. The tag table has a fixed size inside the loop (arrays that can be
    replaced mid-loop cost reference counting on every access); a file with more tags runs again with a
    table eight times larger."""
    size = 4096
    while True:
        out = _decode(buf, w8, offs, lens, T, size)
        if not out[-1]:
            return out[:-1]
        size *= 8


@njit(cache=True, nogil=True)
def _decode(buf, w8, offs, lens, T, size):
    N = len(offs)
    status = np.zeros(N, dtype=np.int8)
    total = 0
    for r in range(N):
        total += lens[r]
    cap = total // 7 + 1
    p_rec = np.empty(cap, dtype=np.int64)
    p_step = np.empty(cap, dtype=np.int64)
    p_wall = np.empty(cap, dtype=np.float64)
    p_val = np.empty(cap, dtype=np.float64)
    p_tag = np.empty(cap, dtype=np.int32)
    fv_rec = np.empty(N, dtype=np.int64)
    fv_off = np.empty(N, dtype=np.int64)
    fv_len = np.empty(N, dtype=np.int64)
    nfv = 0
    slots = np.full(size, -1, dtype=np.int64)
    recent = np.full(64, -1, dtype=np.int64)  # tag id by (length, first 8 bytes): a file repeats a few tags
    t_off = np.empty(size // 2, dtype=np.int64)
    t_len = np.empty(size // 2, dtype=np.int64)
    t_hash = np.empty(size // 2, dtype=np.uint64)
    ntags = 0
    f32 = np.zeros(1, dtype=np.uint32)
    f32v = f32.view(np.float32)
    f64 = np.zeros(1, dtype=np.uint64)
    f64v = f64.view(np.float64)
    crc_ok = np.empty(N, dtype=np.bool_)
    _data_crc_ok(buf, w8, offs, lens, T, crc_ok)  # the hardware or the table version: see below
    k = 0
    for r in range(N):
        s = offs[r] + 12
        e = s + lens[r]
        if not crc_ok[r]:
            status[r] = 1
            continue
        k0 = k
        bad = False
        have_wall = False
        have_step = False
        what = 0
        wall = 0.0
        step = np.int64(0)
        fv_s = -1
        fv_n = 0
        p = s
        while p < e and not bad:
            key, p, ok = _varint(buf, p, e)
            fn = key >> np.uint64(3)
            wt = np.int64(key & np.uint64(7))
            if not ok or fn == 0:
                bad = True
            elif fn == 1:
                if wt != 1 or have_wall or p + 8 > e:
                    bad = True
                else:
                    f64[0] = w8[p]
                    wall = f64v[0]
                    have_wall = True
                    p += 8
            elif fn == 2:
                if wt != 0 or have_step:
                    bad = True
                else:
                    v, p, ok = _varint(buf, p, e)
                    bad = not ok
                    step = np.int64(v)
                    have_step = True
            elif fn == 3 or fn == 5:
                what += 1
                if wt != 2 or what > 1:
                    bad = True
                    continue
                n, q, ok = _varint(buf, p, e)
                if not ok or n > np.uint64(e - q):
                    bad = True
                    continue
                end = q + np.int64(n)
                if fn == 3:
                    fv_s, fv_n = q, np.int64(n)
                    p = end
                    continue
                # Summary: its values (field 1); other fields are skipped as the numpy parser skips them
                while q < end and not bad:
                    key2, q, ok = _varint(buf, q, end)
                    f2 = key2 >> np.uint64(3)
                    w2 = np.int64(key2 & np.uint64(7))
                    if not ok or f2 == 0:
                        bad = True
                        break
                    if f2 != 1:
                        q = _skip(buf, q, end, w2)
                        bad = q < 0
                        continue
                    if w2 != 2:
                        bad = True
                        break
                    m, vs, ok = _varint(buf, q, end)
                    if not ok or m > np.uint64(end - vs):
                        bad = True
                        break
                    ve = vs + np.int64(m)
                    q = ve
                    # Value: a tag and a simple_value, nothing else
                    tag_s = vs
                    tag_n = 0
                    has_tag = False
                    val_at = -1
                    while vs < ve:
                        key3, vs, ok = _varint(buf, vs, ve)
                        f3 = key3 >> np.uint64(3)
                        w3 = np.int64(key3 & np.uint64(7))
                        if not ok or f3 == 0:
                            bad = True
                            break
                        if f3 == 1 and w3 == 2 and not has_tag:
                            ln, vs, ok = _varint(buf, vs, ve)
                            if not ok or ln > np.uint64(ve - vs):
                                bad = True
                                break
                            tag_s, tag_n = vs, np.int64(ln)
                            has_tag = True
                            vs += tag_n
                        elif f3 == 2 and w3 == 5 and val_at < 0:
                            if vs + 4 > ve:
                                bad = True
                                break
                            val_at = vs
                            vs += 4
                        elif f3 > 9:  # unknown to this schema version: skipped, as the numpy parser does
                            vs = _skip(buf, vs, ve, w3)
                            if vs < 0:
                                bad = True
                                break
                        else:
                            bad = True
                            break
                    if bad or val_at < 0:
                        if not bad and has_tag:
                            bad = True  # a tag without a value: the numpy path knows what such values mean
                        continue
                    # intern the tag: first the tag last seen with the same length and first 8 bytes (compared in
                    # full), else hash, then compare the bytes with the tag already under that hash
                    fw = (_word(w8, tag_s, min(8, tag_n)) ^ np.uint64(tag_n)) * np.uint64(0x9E3779B97F4A7C15)
                    ri = np.int64(fw >> np.uint64(58))
                    tid = recent[ri]
                    if tid >= 0 and not (t_len[tid] == tag_n and _same(w8, t_off[tid], tag_s, tag_n)):
                        tid = -1
                    if tid < 0:
                        h = _hash(w8, tag_s, tag_n)
                        j = np.int64(h & np.uint64(size - 1))
                        while slots[j] >= 0:
                            c = slots[j]
                            if t_hash[c] == h and t_len[c] == tag_n and _same(w8, t_off[c], tag_s, tag_n):
                                tid = c
                                break
                            j = (j + 1) & (size - 1)
                        if tid < 0:
                            if ntags == size // 2:  # the table is half full: start again with a larger one
                                return (status, p_rec[:0], p_step[:0], p_wall[:0], p_val[:0], p_tag[:0],
                                        t_off[:0], t_len[:0], fv_rec[:0], fv_off[:0], fv_len[:0], True)
                            tid = ntags
                            t_off[tid], t_len[tid], t_hash[tid] = tag_s, tag_n, h
                            ntags += 1
                            slots[j] = tid
                        recent[ri] = tid
                    f32[0] = np.uint32(_u32(buf, val_at))
                    p_rec[k] = r
                    p_val[k] = np.float64(f32v[0])
                    p_tag[k] = tid
                    k += 1
                p = end
            elif fn == 4 or (fn >= 6 and fn <= 10):
                bad = True  # graph, log message, session log, run metadata...: the numpy path
            else:
                p = _skip(buf, p, e, wt)
                bad = p < 0
        if bad:
            k = k0
            status[r] = 2
            continue
        for i in range(k0, k):
            p_step[i] = step
            p_wall[i] = wall
        if fv_s >= 0:
            fv_rec[nfv], fv_off[nfv], fv_len[nfv] = r, fv_s, fv_n
            nfv += 1
    return (status, p_rec[:k], p_step[:k], p_wall[:k], p_val[:k], p_tag[:k], t_off[:ntags], t_len[:ntags],
            fv_rec[:nfv], fv_off[:nfv], fv_len[:nfv], False)


def warm() -> None:
    """Compile (or load from numba's cache) both kernels for the array kinds the reader passes: a bytearray-backed
    buffer and its strided 8-byte view. The audit calls this once before its workers start (they inherit it)."""
    import struct

    from curvedoc.importers._crc32c import masked_crc
    from curvedoc.importers._tfframe import PAD, Chunk

    event = b"\x09" + struct.pack("<d", 1.0) + b"\x10\x01" + b"\x2a\x0a\x0a\x08\x0a\x01x\x15" + struct.pack("<f", 1.0)
    head = struct.pack("<Q", len(event))
    rec = head + struct.pack("<I", masked_crc(head)) + event + struct.pack("<I", masked_crc(event))
    buf = bytearray(rec + bytes(PAD))
    ch = Chunk(buf, len(rec))
    offs, lens, _, _ = frame(ch.u8, 0, ch.n, TABLES)
    out = decode(ch.u8, ch.u64, offs, lens, TABLES)
    if not (len(offs) == 1 and out[0][0] == 0 and out[4][0] == 1.0):
        raise RuntimeError("the compiled event-file decoder failed its self-check")
