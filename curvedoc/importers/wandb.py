"""Weights & Biases run folder: ``wandb/run-<date>-<id>/`` or ``offline-run-...`` (FORMATS.md 4.5).

The history lives only in ``run-<id>.wandb``; this reader does not need the ``wandb`` package.

File framing (the LevelDB log format): a 7-byte header ``b":W&B"`` + uint16 LE magic ``0xBEE1`` +
uint8 version ``0``; then 32 KiB blocks (counted from the start of the file, header included).
Each chunk is ``uint32 crc32 | uint16 length | uint8 type`` + data, where the CRC is zlib's CRC-32
(unmasked) over the type byte followed by the data, and type is 1 FULL, 2 FIRST, 3 MIDDLE,
4 LAST (a record larger than the room left in a block is split). When fewer than 7 bytes are
left in a block they are zero padding. An all-zero chunk header marks the end of the data (a
killed run can leave a pre-allocated, zero-filled tail).

Damage handling: a chunk with a bad CRC, an impossible length or an unknown type is skipped and
counted, the partial record it belonged to is dropped, and reading resumes at the next block
(LevelDB's own recovery rule). A record cut off by the end of the file (killed run, partial
copy) is dropped and reported. Nothing here raises for damaged data.

Each reassembled record is a ``wandb_internal.Record`` protobuf, decoded with the generic
:mod:`curvedoc.importers._protowire` decoder. Field numbers, from the public
``wandb/proto/wandb_internal.proto`` (stable since client 0.10) and checked against the six real
files in ``shared/real_runs/wandb_offline`` (values match ``files/wandb-summary.json``):

* ``Record``: ``history = 2``, ``summary = 3``, ``config = 5``, ``run = 17``, ``exit = 18``,
  ``final = 20``, ``footer = 22`` (``header = 21``, ``output_raw = 13``, ``stats = 7``,
  ``telemetry = 11``, ``environment = 26`` ... are not needed and never decoded: the environment
  record holds the user's e-mail, host and program and must not be echoed).
* ``HistoryRecord``: ``item = 1`` (repeated), ``step = 2`` (``HistoryStep.num = 1``).
* ``HistoryItem`` / ``SummaryItem`` / ``ConfigItem``: ``key = 1``, ``nested_key = 2`` (repeated),
  ``value_json = 16``. Newer clients write every key as ``nested_key`` (one element for a plain
  key); media values are flattened to ``<key>/_type``, ``<key>/sha256``, ``<key>/width`` ...
* ``SummaryRecord`` / ``ConfigRecord``: ``update = 1``, ``remove = 2``.
* ``RunExitRecord``: ``exit_code = 1``, ``runtime = 2``.
* ``MetricRecord`` (``Record.metric = 12``, written by ``run.define_metric``): ``name = 1``, ``glob_name = 2``,
  ``step_metric = 4``.
* ``RunRecord``: ``run_id = 1``, ``project = 3``, ``config = 4``, ``display_name = 8``,
  ``starting_step = 14``, ``start_time = 17`` (Timestamp ``seconds = 1``), ``resumed = 18``.

Every history row carries ``_step``, ``_runtime``, ``_timestamp`` plus the keys logged in that
call. ``step = _step``, ``wall_time = _timestamp``; but a key that ``define_metric`` gave a step metric
(``define_metric("*", step_metric="trainer/global_step")``, as Lightning's ``WandbLogger`` and the HF Trainer's
``WandbCallback`` do: they log once per call, so ``_step`` counts calls, not training steps) is placed at that
metric's value in its row -- or, as W&B's ``step_sync`` does, at the last value logged before -- which is the
x-axis W&B itself plots it against; an exact name's definition wins over a glob, a definition governs the rows
after it (the clients send it before logging), and a value the same key repeats at the same step with the same
value (Lightning logs ``epoch`` in each of a step's calls) is one point; values are ``json.loads(value_json)``
(``NaN`` / ``Infinity`` kept); non-numeric values are skipped; a media group (a nested key with a
``_type`` sibling: image ``width`` / ``height`` / ``size`` ...) is skipped whole. Nested keys are
joined with ``/``.

Hyperparameters come from ``files/config.yaml`` (``key: {value: ...}``; the ``_wandb`` block is
skipped; nested dicts are flattened with ``.``), or, without it, from the config records inside
the ``.wandb`` file. Clients older than 0.10 wrote ``wandb-history.jsonl`` (one JSON object per
``wandb.log`` call) instead; it gives the same output.
"""

from __future__ import annotations

import fnmatch
import json
import math
import struct
import zlib
from array import array
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers import _protowire as pw
from curvedoc.importers._base import (
    RunData,
    RunSpec,
    check_file,
    copy_cut,
    decode_text,
    is_lfs_pointer,
    json_number,
    read_bytes,
    repeated_points,
    tags_from_codes,
)
from curvedoc.model.run import ImportIssue, concat_frames, empty_frame, make_frame

SOURCE = "wandb"

HEADER = b":W&B" + struct.pack("<H", 0xBEE1)
HEADER_LEN = 7
BLOCK = 32768
CHUNK_HDR = 7
FULL, FIRST, MIDDLE, LAST = 1, 2, 3, 4

# Record oneof field numbers (wandb_internal.proto)
R_HISTORY, R_SUMMARY, R_CONFIG, R_RUN, R_EXIT, R_FINAL, R_FOOTER = 2, 3, 5, 17, 18, 20, 22
R_METRIC = 12
RESERVED = ("_step", "_runtime", "_timestamp")


# ----------------------------------------------------------------------------- framing
class _Framing:
    """Counters of what the LevelDB-log scan met."""

    def __init__(self) -> None:
        self.bad_chunks = 0          # CRC mismatch / impossible length / unknown type
        self.orphans = 0             # MIDDLE/LAST without FIRST, FIRST/FULL interrupting a record
        self.truncated_tail = False  # the file ends inside a chunk or a split record
        self.zero_end: int | None = None  # offset of an all-zero chunk header (end of data)
        self.first_bad_offset: int | None = None


def iter_records(data: bytes, fr: _Framing) -> Iterator[bytes]:
    """Reassembled records of a ``.wandb`` file (the 7-byte header already checked)."""
    n = len(data)
    pos = HEADER_LEN
    parts: list[bytes] | None = None  # chunks of a split record being reassembled
    crc32 = zlib.crc32
    unpack = struct.unpack_from
    while pos < n:
        left = BLOCK - pos % BLOCK
        if left < CHUNK_HDR:
            pos += left  # zero padding at the end of a block
            continue
        if pos + CHUNK_HDR > n:
            if data[pos:].strip(b"\x00"):
                fr.truncated_tail = True
            break
        crc, length, ctype = unpack("<IHB", data, pos)
        if crc == 0 and length == 0 and ctype == 0:
            # all-zero header: end of the written data (pre-allocated tail) - unless real data follows
            nxt = pos + left
            if not data[pos:].strip(b"\x00"):
                fr.zero_end = pos
                break
            fr.zero_end = fr.zero_end if fr.zero_end is not None else pos
            parts = None
            pos = nxt
            continue
        start = pos + CHUNK_HDR
        end = start + length
        if end > n:
            fr.truncated_tail = True
            break
        if length > left - CHUNK_HDR or ctype not in (FULL, FIRST, MIDDLE, LAST) \
                or crc32(data[start:end], crc32(bytes((ctype,)))) & 0xFFFFFFFF != crc:
            fr.bad_chunks += 1
            if fr.first_bad_offset is None:
                fr.first_bad_offset = pos
            parts = None
            pos += left  # resync at the next block
            continue
        pos = end
        chunk = data[start:end]
        if ctype == FULL:
            if parts is not None:
                fr.orphans += 1
            parts = None
            yield chunk
        elif ctype == FIRST:
            if parts is not None:
                fr.orphans += 1
            parts = [chunk]
        elif ctype == MIDDLE:
            if parts is None:
                fr.orphans += 1
            else:
                parts.append(chunk)
        else:  # LAST
            if parts is None:
                fr.orphans += 1
            else:
                parts.append(chunk)
                yield b"".join(parts)
                parts = None
    if parts is not None:
        fr.truncated_tail = True


# ----------------------------------------------------------------------------- values
def _json_value(s: bytes | str) -> Any:
    """A ``value_json`` as a Python value; ``float()`` first (it takes bytes, and NaN/Infinity)."""
    try:
        return float(s) if s[:1] not in _NOT_FLOAT else json.loads(s)
    except ValueError:
        try:
            return json.loads(s)
        except (ValueError, RecursionError):
            return None


_NOT_FLOAT = frozenset((b'"', b"{", b"[", b"t", b"f", b"n", '"', "{", "[", "t", "f", "n"))


def _number(v: Any) -> float | None:
    return json_number(v, nonfinite_strings=True)


_KEY_CACHE: dict[bytes, str] = {}


def _items(buf: bytes, field: int = 1) -> list[tuple[str, bytes]]:
    """(key, value_json bytes) of the repeated item field of a History/Summary/Config record.

    ``key`` is ``nested_key`` joined with ``/`` (newer clients write even plain keys that way)
    or else ``key``. Keys repeat in every row, so their decoded text is cached.
    """
    out = []
    cache = _KEY_CACHE
    for f, val in pw.len_fields(buf):
        if f != field:
            continue
        key = b""
        nested: list[bytes] = []
        vj = b""
        for g, gv in pw.len_fields(val):
            if g == 2:
                nested.append(gv)
            elif g == 16:
                vj = gv
            elif g == 1:
                key = gv
        kb = b"/".join(nested) if nested else key
        k = cache.get(kb)
        if k is None:
            k = kb.decode("utf-8", errors="replace")
            if len(cache) < 100_000:
                cache[kb] = k
        out.append((k, vj))
    return out


class _Rows:
    """Turns history rows (key -> parsed JSON value) into points, counting what is skipped."""

    def __init__(self) -> None:
        # typed arrays and tag codes: 25 bytes a point (lists of Python objects held ~90)
        self.codes = array("i")
        self.code_of: dict[str, int] = {}
        self.steps = array("q")
        self.values = array("d")
        self.walls = array("d")
        self.n_rows = 0
        self.nonnumeric: Counter[str] = Counter()
        self.media = 0
        self.no_step = 0
        self.last_step: int | None = None
        # define_metric: exact name -> its step metric ("" = defined without one), [(glob, step metric)] in order;
        # the last value of each step metric (step_sync); key -> its step metric, cached until a new definition
        self.step_of_name: dict[str, str] = {}
        self.step_globs: list[tuple[str, str]] = []
        self.last_axis: dict[str, int] = {}
        self._axis_of: dict[str, str] = {}
        self.rekeyed = 0

    def define(self, name: str, glob: str, step_metric: str) -> None:
        """A ``define_metric`` record: ``name`` (or the ``glob``) is plotted against ``step_metric``."""
        if name:
            self.step_of_name[name] = step_metric
        elif glob and step_metric:
            self.step_globs.append((glob, step_metric))
        self._axis_of.clear()

    def _axis(self, k: str) -> str:
        """The step metric ``k`` is plotted against ("" for ``_step``)."""
        a = self._axis_of.get(k)
        if a is None:
            a = self.step_of_name.get(k, "")
            if not a and k not in self.step_of_name and not k.startswith("_"):
                # the last matching glob wins, as a later define_metric call overrides an earlier one
                for g, sm in reversed(self.step_globs):
                    if fnmatch.fnmatchcase(k, g):
                        a = sm
                        break
            if a == k or a in RESERVED:
                a = ""
            self._axis_of[k] = a
        return a

    def add(self, row: list[tuple[str, Any]], fallback_step: int | None) -> None:
        self.n_rows += 1
        step = ts = None
        media_prefixes = set()
        for k, v in row:
            if k == "_step":
                x = _number(v)
                if x is not None and math.isfinite(x) and abs(x) <= 2**62:  # 1e300 is no step (int64 overflow)
                    step = int(x)
            elif k == "_timestamp":
                ts = _number(v)
            elif k.endswith("/_type") and isinstance(v, str):
                media_prefixes.add(k[: -len("_type")])
        if step is None:
            step = fallback_step if fallback_step is not None else (
                self.last_step + 1 if self.last_step is not None else 0)
            self.no_step += 1
        self.last_step = step
        wall = ts if ts is not None else math.nan
        row_step = step
        if self.step_globs or self.step_of_name:
            axes = set(self.step_of_name.values()) | {sm for _, sm in self.step_globs}
            for k, v in row:
                if k in axes:
                    x = _number(v)
                    if x is not None and math.isfinite(x) and abs(x) <= 2**62:
                        self.last_axis[k] = int(x)
        for k, v in row:
            if k in RESERVED:
                continue
            step = row_step
            if self.step_globs or self.step_of_name:
                a = self._axis(k) or (k if k in self.last_axis else "")
                if a and a in self.last_axis:
                    step = self.last_axis[a]
                    self.rekeyed += 1
            if media_prefixes and "/" in k and any(k.startswith(p) for p in media_prefixes):
                self.media += 1
                continue
            if isinstance(v, dict):
                if "_type" in v:
                    self.media += 1
                    continue
                for sub_k, sub_v in _flatten(v, k, "/"):
                    self._point(sub_k, sub_v, step, wall)
                continue
            self._point(k, v, step, wall)

    def _point(self, k: str, v: Any, step: int, wall: float) -> None:
        x = _number(v)
        if x is None:
            self.nonnumeric[k] += 1
            return
        code = self.code_of.get(k)
        if code is None:
            code = self.code_of[k] = len(self.code_of)
        self.codes.append(code)
        self.steps.append(step)
        self.values.append(x)
        self.walls.append(wall)

    def frame(self, src: str):
        return make_frame(tags_from_codes(self.codes, self.code_of), np.frombuffer(self.steps, dtype=np.int64).copy(),
                          np.frombuffer(self.values, dtype=np.float64).copy(),
                          np.frombuffer(self.walls, dtype=np.float64).copy(), src)

    def issues(self, src: str) -> list[ImportIssue]:
        out = []
        if self.nonnumeric:
            n = sum(self.nonnumeric.values())
            shown = ", ".join(repr(k) for k, _ in self.nonnumeric.most_common(5))
            out.append(ImportIssue("non-numeric", f"{n} non-numeric history values skipped (keys {shown})",
                                   file=src, count=n, severity="info"))
        if self.media:
            out.append(ImportIssue("media-skipped", f"{self.media} media fields (images/tables: _type, sha256, "
                                   "width, height ...) skipped", file=src, count=self.media, severity="info"))
        if self.no_step:
            out.append(ImportIssue("missing-step", f"{self.no_step} history rows have no _step; numbered in order",
                                   file=src, count=self.no_step))
        return out


def _flatten(d: dict, prefix: str, sep: str) -> Iterator[tuple[str, Any]]:
    for k, v in d.items():
        key = f"{prefix}{sep}{k}" if prefix else str(k)
        if isinstance(v, dict):
            yield from _flatten(v, key, sep)
        else:
            yield key, v


# ----------------------------------------------------------------------------- .wandb
def _read_wandb(path: Path, rows: _Rows, issues: list[ImportIssue], meta: dict[str, Any],
                config_items: dict[str, Any], summary: dict[str, Any]) -> None:
    data = read_bytes(path)
    if is_lfs_pointer(data[:64]):
        raise LoadError(path, "Git LFS pointer, not the data (run `git lfs pull`)", kind="lfs-pointer")
    if not data:
        raise LoadError(path, "empty file (0 bytes)", kind="empty")
    if len(data) < HEADER_LEN:
        if HEADER.startswith(data[:6]):
            raise LoadError(path, f"truncated .wandb file: {len(data)} bytes, shorter than its 7-byte header",
                            kind="truncated")
        raise UnsupportedFormat(path, "not a W&B .wandb file (too short, no ':W&B' header)")
    if data[:6] != HEADER:
        raise UnsupportedFormat(path, "not a W&B .wandb file: it does not start with ':W&B' and magic 0xBEE1")
    if data[6] != 0:
        raise UnsupportedFormat(path, f"unsupported .wandb format version {data[6]} (only version 0 is known)")

    fr = _Framing()
    bad_records = 0
    n_records = 0
    exit_seen = final_seen = footer_seen = False
    for rec in iter_records(data, fr):
        n_records += 1
        try:
            body = None
            kind = 0
            for f, wt, val in pw.iter_fields(rec):
                if wt == pw.LEN and f in (R_HISTORY, R_SUMMARY, R_CONFIG, R_RUN, R_EXIT, R_FINAL, R_FOOTER, R_METRIC):
                    kind, body = f, val
            if kind == R_HISTORY:
                items = _items(body)  # type: ignore[arg-type]
                fallback = None
                if not any(k == "_step" for k, _ in items):
                    h = pw.parse(body)  # type: ignore[arg-type]
                    st = pw.first(h, 2)
                    if st is not None:
                        fallback = pw.as_signed(pw.first(pw.parse(st), 1, 0))  # type: ignore[arg-type]
                rows.add([(k, _json_value(v)) for k, v in items], fallback)
            elif kind == R_SUMMARY:
                for k, v in _items(body):  # type: ignore[arg-type]
                    summary[k] = v
            elif kind == R_METRIC:
                m = pw.parse(body)  # type: ignore[arg-type]
                name, glob, sm = (pw.first(m, n, b"") for n in (1, 2, 4))
                if all(isinstance(x, bytes) for x in (name, glob, sm)):
                    rows.define(pw.as_str(name), pw.as_str(glob), pw.as_str(sm))
            elif kind == R_CONFIG:
                for k, v in _items(body):  # type: ignore[arg-type]
                    config_items[k] = v
            elif kind == R_RUN:
                _run_record(body, meta, config_items)  # type: ignore[arg-type]
            elif kind == R_EXIT:
                exit_seen = True
                ex = pw.parse(body)  # type: ignore[arg-type]
                meta["exit_code"] = pw.as_signed(pw.first(ex, 1, 0))
                rt = pw.first(ex, 2)
                if rt is not None:
                    meta["runtime_s"] = pw.as_signed(rt)
            elif kind == R_FINAL:
                final_seen = True
            elif kind == R_FOOTER:
                footer_seen = True
        except pw.ProtoError:
            bad_records += 1

    src = str(path)
    meta["records"] = n_records
    meta["finished"] = exit_seen or footer_seen
    if final_seen or footer_seen:
        meta["footer"] = True
    if fr.bad_chunks:
        where = f" (first at byte {fr.first_bad_offset:,})" if fr.first_bad_offset is not None else ""
        issues.append(ImportIssue("corrupt-records", f"{fr.bad_chunks} damaged chunk(s) (bad CRC or framing){where} "
                                  "skipped; reading resumed at the next 32 KiB block, so the records of the rest "
                                  "of each damaged block are lost", file=src, count=fr.bad_chunks))
    if fr.orphans:
        issues.append(ImportIssue("corrupt-records", f"{fr.orphans} record fragment(s) without their other parts "
                                  "dropped", file=src, count=fr.orphans))
    if bad_records:
        issues.append(ImportIssue("corrupt-records", f"{bad_records} record(s) that are not valid protobuf skipped",
                                  file=src, count=bad_records))
    if fr.truncated_tail:
        cut = copy_cut(len(data))
        issues.append(ImportIssue(
            "truncated-record", "the file ends in the middle of a record (killed run or partial copy); the incomplete "
            "last record was dropped" + (f" -- its size, {len(data):,} bytes, is a whole number of 4 KiB blocks: a copy "
                                         "cut short, so more may be missing" if cut else ""),
            file=src, severity="warning" if cut else "info"))
    if fr.zero_end is not None:
        meta["zero_tail_at"] = fr.zero_end
    if not exit_seen:
        extra = " (zero-filled tail)" if fr.zero_end is not None else ""
        issues.append(ImportIssue("no-exit-record", f"no exit record: run was killed or is still running{extra}",
                                  file=src, severity="info"))
    elif meta.get("exit_code"):
        issues.append(ImportIssue("exit-code", f"the run exited with code {meta['exit_code']}", file=src,
                                  severity="info"))


def _run_record(body: bytes, meta: dict[str, Any], config_items: dict[str, Any]) -> None:
    r = pw.parse(body)
    for num, name in ((1, "run_id"), (3, "project"), (8, "display_name")):
        v = pw.first(r, num)
        if isinstance(v, bytes) and v:
            meta[name] = pw.as_str(v)
    st = pw.first(r, 14)
    if isinstance(st, int) and st:
        meta["starting_step"] = pw.as_signed(st)
    if pw.first(r, 18):
        meta["resumed"] = True
    t = pw.first(r, 17)
    if isinstance(t, bytes):
        secs = pw.first(pw.parse(t), 1)
        if isinstance(secs, int):
            meta["start_time"] = float(pw.as_signed(secs))
    cfg = pw.first(r, 4)
    if isinstance(cfg, bytes):
        for k, v in _items(cfg):
            config_items.setdefault(k, v)


# ----------------------------------------------------------------------------- old clients
def _read_history_jsonl(path: Path, rows: _Rows, issues: list[ImportIssue]) -> None:
    data = read_bytes(path)
    if is_lfs_pointer(data[:64]):
        raise LoadError(path, "Git LFS pointer, not the data (run `git lfs pull`)", kind="lfs-pointer")
    text = decode_text(data, path, issues)
    lines = text.splitlines()
    bad = 0
    truncated = False
    for i, line in enumerate(lines):
        s = line.strip()
        if not s:
            continue
        try:
            obj = json.loads(s)
        except (ValueError, RecursionError):
            if i == len(lines) - 1 and not text.endswith("\n"):
                truncated = True
            else:
                bad += 1
            continue
        if not isinstance(obj, dict):
            bad += 1
            continue
        rows.add(list(obj.items()), None)
    if bad:
        issues.append(ImportIssue("bad-rows", f"{bad} lines of wandb-history.jsonl are not JSON objects; skipped",
                                  file=str(path), count=bad))
    if truncated:
        issues.append(ImportIssue("truncated-record", "the last line of wandb-history.jsonl is cut off; dropped",
                                  file=str(path), severity="info"))


# ----------------------------------------------------------------------------- config
def _config_yaml(paths: list[Path], issues: list[ImportIssue]) -> dict[str, Any] | None:
    import yaml

    for p in paths:
        if not p.is_file():
            continue
        try:
            if check_file(p) > 16 * 1024 * 1024:
                issues.append(ImportIssue("too-large", "config.yaml over 16 MB; not read", file=str(p), severity="info"))
                return None
            text = decode_text(read_bytes(p), p, issues)
        except LoadError as exc:
            issues.append(ImportIssue("unreadable", f"config.yaml: {exc.reason}", file=str(p), severity="info"))
            return None
        from curvedoc.importers._yaml import StrictSafeLoader  # CSafeLoader segfaults on deep nesting

        try:
            doc = yaml.load(text, Loader=StrictSafeLoader)  # noqa: S506 - a SafeLoader
        except yaml.constructor.ConstructorError:
            issues.append(ImportIssue("unsafe-yaml", "config.yaml holds Python object tags; not read (never loaded "
                                      "unsafely)", file=str(p)))
            return None
        except (yaml.YAMLError, RecursionError):
            issues.append(ImportIssue("unreadable", "config.yaml is not valid YAML; hyperparameters not read",
                                      file=str(p)))
            return None
        if not isinstance(doc, dict):
            return None
        out: dict[str, Any] = {}
        for k, v in doc.items():
            k = str(k)
            if k.startswith("_wandb") or k == "wandb_version":
                continue
            if isinstance(v, dict) and "value" in v:
                v = v["value"]
            _put_hparam(out, k, v)
        return out
    return None


def _put_hparam(out: dict[str, Any], key: str, v: Any) -> None:
    if isinstance(v, dict):
        for sub_k, sub_v in _flatten(v, key, "."):
            _put_hparam(out, sub_k, sub_v)
    elif v is None or isinstance(v, (bool, int, float, str)):
        out[key] = v
    elif isinstance(v, (list, tuple)) and len(v) <= 64 and all(
            x is None or isinstance(x, (bool, int, float, str)) for x in v):
        out[key] = list(v)


def _config_from_records(items: dict[str, bytes]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, vj in items.items():
        if k.startswith("_wandb"):
            continue
        try:
            v = json.loads(vj)
        except (ValueError, RecursionError):
            continue
        if isinstance(v, dict) and "value" in v and len(v) <= 2:
            v = v["value"]
        _put_hparam(out, k, v)
    return out


# ----------------------------------------------------------------------------- summary file
def _check_summary_file(root: Path, frame, meta: dict[str, Any], issues: list[ImportIssue]) -> None:
    """Compare ``wandb-summary.json``'s ``_step`` with the last step read from the history.

    The client rewrites the summary file until the end of the run, so a summary ``_step`` past
    the history's last step means the history file we have is incomplete (partial copy, lost tail).
    """
    for p in (root / "files" / "wandb-summary.json", root / "wandb-summary.json"):
        if not p.is_file():
            continue
        try:
            if check_file(p) > 64 * 1024 * 1024:
                return
            obj = json.loads(read_bytes(p))
        except (LoadError, ValueError, RecursionError):
            return
        step = _number(obj.get("_step")) if isinstance(obj, dict) else None
        if step is None or not math.isfinite(step):
            return
        meta["summary_step"] = int(step)
        last = int(frame["step"].max()) if len(frame) else None
        if last is None or step > last:
            shown = "no history" if last is None else f"the history read ends at _step {last:,}"
            issues.append(ImportIssue(
                "incomplete-history",
                f"{p.name} says the run reached _step {int(step):,} but {shown}: the history file is "
                "incomplete (lost tail or partial copy); the curves stop early",
                file=str(p)))
        return


# ----------------------------------------------------------------------------- reader
def read(spec: RunSpec) -> RunData:
    root = spec.root if spec.root.is_dir() else spec.root.parent
    files = list(spec.files) or sorted(root.glob("*.wandb")) or [root / "wandb-history.jsonl"]
    issues: list[ImportIssue] = []
    meta: dict[str, Any] = {}
    config_items: dict[str, bytes] = {}
    summary_items: dict[str, bytes] = {}
    frames = []
    wandb_files = [f for f in files if f.suffix == ".wandb"]
    if len(wandb_files) > 1:
        issues.append(ImportIssue("multiple-files", f"{len(wandb_files)} .wandb files in one run folder "
                                  "(resumed run?); read in name order and merged", file=str(root)))
    for f in files:
        rows = _Rows()
        if f.suffix == ".wandb":
            _read_wandb(f, rows, issues, meta, config_items, summary_items)
        else:
            _read_history_jsonl(f, rows, issues)
            meta["client"] = "pre-0.10 (wandb-history.jsonl)"
            meta.setdefault("finished", None)
        fr_ = rows.frame(str(f))
        if rows.rekeyed:
            # placed on a step metric: the same key at the same step with the same value, logged again by another
            # call of that step (Lightning's epoch, the step metric itself), is one point
            same = fr_.duplicated(subset=["tag", "step", "value"], keep="first").to_numpy()
            if same.any():
                fr_ = fr_[~same].reset_index(drop=True)
            meta["step_metric"] = sorted({rows._axis(k) for k in rows.code_of} - {""})
        frames.append(fr_)
        issues.extend(rows.issues(str(f)))
        meta["history_rows"] = meta.get("history_rows", 0) + rows.n_rows
    frame = concat_frames(frames) if frames else empty_frame()

    if len(frame):
        dtags, n_dup = repeated_points(frame)
        if n_dup:
            dtags = dtags[:4]
            issues.append(ImportIssue("duplicate-steps", f"{n_dup} points repeat a (tag, _step) already logged "
                                      f"(tags {', '.join(map(repr, dtags))}); the later value is used", count=n_dup))
    elif meta.get("history_rows", 0) == 0:
        issues.append(ImportIssue("empty-history", "no history rows: nothing was logged with wandb.log (or the "
                                  "records were lost)", file=str(files[0]) if files else None))

    _check_summary_file(root, frame, meta, issues)
    console = root / "files" / "output.log"
    if meta.get("exit_code") and console.is_file():
        # the captured console says how a process that exited non-zero stopped (255 is an uncaught error OR an
        # interrupt): a KeyboardInterrupt at the end of the traceback is a run stopped from outside
        from curvedoc.importers.textlog import console_ending

        end = console_ending(console)
        if end is not None:
            issues.append(ImportIssue(end[0], f"the captured console (files/output.log) ends with '{end[1]}'",
                                      file=str(console)))

    hparams = _config_yaml([root / "files" / "config.yaml", root / "config.yaml"], issues)
    if hparams is None:
        hparams = _config_from_records(config_items)
        if hparams:
            meta["config_source"] = "records"
    else:
        meta["config_source"] = "config.yaml"

    if summary_items:
        summ: dict[str, float] = {}
        for k, vj in summary_items.items():
            if k.startswith("_wandb"):
                continue
            x = _number(_json_value(vj))
            if x is not None:
                summ[k] = x
        meta["summary"] = summ
    return RunData(frame=frame, source=SOURCE, hparams=hparams, meta=meta, issues=issues)
