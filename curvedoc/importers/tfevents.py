"""TensorBoard event files -> :class:`RunData` (source ``"tfevents"``).

Every record of every file is framed and both its CRC-32C checksums are verified
(:mod:`curvedoc.importers._tfrecord`); scalars written as TF1 ``simple_value`` or as TF2 rank-0
tensors (plugin ``scalars``) become points; nothing is ever downsampled.

Run-level rules (FORMATS.md 1.5-1.7):

* files are read in the time order of the 10-digit time after ``tfevents.`` (hostnames may hold dots);
* a TF2 tensor tag is a scalar when the *first* value of that tag in the file carries the
  ``scalars`` plugin metadata (TF1 FileWriter strips metadata from later values);
* restarts: within one folder, "later file wins for steps >= its first step" per tag (TensorBoard's
  data-server semantics); superseded points are dropped and reported (``restart`` /
  ``duplicate-steps``); several values per step inside ONE file are kept and reported (info);
* two unrelated runs written into one folder (different hostnames and the later file re-covering
  most of the earlier step range) come back as separate runs (``name_suffix="#<host>"``);
* hparams: the ``_hparams_/session_start_info`` plugin record and Lightning/HF ``hparams.yaml``
  next to the event files (read with the tolerant safe loader, never executing tags), then the settings the run
  logged as text (HF's ``args`` JSON, a script's ``add_text("config", ..)``: :mod:`~curvedoc.importers._textsettings`);
* bad input (LFS pointers, truncated or corrupted records, garbage, header-only files, no scalars)
  gives an :class:`ImportIssue` or a one-line :class:`LoadError`, never a traceback.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from curvedoc.errors import LoadError
from curvedoc.importers._base import (
    RunData,
    RunSpec,
    check_file,
    copy_cut,
    head_bytes,
    is_lfs_pointer,
)
from curvedoc.model.run import ImportIssue, make_frame

SOURCE = "tfevents"

_TIME_RE = re.compile(r"tfevents\.(\d{9,11})(?:\.|$)")
_REST_RE = re.compile(r"tfevents\.\d{9,11}\.(?P<rest>.*)$")
_HOST_RE = re.compile(r"^(?P<host>.+?)\.(?P<pid>\d+)(?: \(\d+\))?\.(?P<uid>\d+)(?P<suffix>(?:\.[A-Za-z0-9_-]*)*)$")
_NOISE_KINDS = {"file_version", "session_log", "scalar", "hparams", "run_metadata", "log_message"}


def file_time(name: str) -> int | None:
    m = _TIME_RE.search(name)
    return int(m.group(1)) if m else None


def file_host(name: str) -> str:
    """Hostname part of an event file name ('' when it cannot be told)."""
    m = _REST_RE.search(name)
    if not m:
        return ""
    rest = m.group("rest")
    for suf in (".v2", ".profile-empty"):
        rest = rest.removesuffix(suf)
    h = _HOST_RE.match(rest)
    if h:
        return h.group("host")
    return rest  # tensorboardX: events.out.tfevents.<time>.<hostname>


def sort_files(files: list[Path]) -> list[Path]:
    def key(p: Path):
        t = file_time(p.name)
        return (t if t is not None else math.inf, p.name, str(p))

    return sorted(files, key=key)


@dataclass
class _FileData:
    path: Path
    rel: str
    prefix: str
    host: str
    directory: str
    steps: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    values: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float64))
    walls: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float64))
    codes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))  # run-level tag codes
    kinds: dict[str, int] = field(default_factory=dict)
    hparams: dict[str, Any] = field(default_factory=dict)
    records: int = 0
    size: int = 0
    file_version: str | None = None
    fallback_records: int = 0

    @property
    def n(self) -> int:
        return len(self.values)


def rel_path(path: Path, root: Path) -> str:
    try:
        if root.is_file():
            return path.name
        r = path.relative_to(root).as_posix()
        return r if r not in ("", ".") else path.name
    except ValueError:
        return str(path)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class _Tags:
    def __init__(self) -> None:
        self.code: dict[str, int] = {}
        self.names: list[str] = []

    def get(self, name: str) -> int:
        c = self.code.get(name)
        if c is None:
            c = self.code[name] = len(self.names)
            self.names.append(name)
        return c


def _read_one(path: Path, rel: str, prefix: str, tags: _Tags, issues: list[ImportIssue], chunk_size: int | None):
    """Read one event file; returns _FileData or None when the file gives nothing at all."""
    from curvedoc.importers._tfrecord import read_event_file

    fd = _FileData(path, rel, prefix, file_host(path.name), Path(rel).parent.as_posix())
    try:
        fd.size = check_file(path)
    except LoadError as exc:
        issues.append(ImportIssue(exc.kind, f"{rel}: {exc.reason}", file=rel))
        return None
    if fd.size == 0:
        issues.append(ImportIssue("empty-file", f"{rel} is empty (0 bytes)", file=rel, severity="info"))
        return fd
    if is_lfs_pointer(head_bytes(path, 64)):
        return "lfs"
    try:
        scan = read_event_file(path, chunk_size)
    except OSError as exc:
        issues.append(ImportIssue("unreadable", f"{rel}: cannot read: {exc.strerror or exc}", file=rel))
        return None
    if scan.not_tfrecord:
        head = head_bytes(path, 64).lstrip()
        what = "an HTML page" if head[:1] == b"<" else "not a TFRecord event file"
        issues.append(ImportIssue("unsupported-format", f"{rel} is {what} (no valid record; {scan.size} bytes skipped)",
                                  file=rel, count=scan.size))
        return "garbage"
    fd.records = scan.records
    fd.kinds = dict(scan.kinds)
    fd.file_version = scan.file_version
    fd.fallback_records = scan.fallback_records
    # damage
    bad_crc = [d for d in scan.damage if d.kind == "bad-data-crc"]
    if bad_crc:
        issues.append(ImportIssue(
            "corrupt-records",
            f"{rel}: {_plural(len(bad_crc), 'record')} with a bad data checksum skipped "
            f"(first at byte {bad_crc[0].offset}); every other record kept",
            file=rel, count=len(bad_crc)))
    for d in scan.damage:
        if d.kind == "truncated":
            issues.append(ImportIssue("truncated-record", f"{rel}: {d.detail}", file=rel, count=1,
                                      severity="warning" if copy_cut(d.offset + d.nbytes) else "info"))
        elif d.kind == "corrupt":
            issues.append(ImportIssue("corrupt-records", f"{rel}: {d.detail}", file=rel,
                                      count=d.records if d.records is not None else 1))
        elif d.kind == "trailing-garbage":
            issues.append(ImportIssue("truncated-record", f"{rel}: {d.detail}", file=rel, count=d.nbytes))
    # hparams plugin
    for tag, content in scan.hparams:
        if tag.endswith("session_start_info"):
            try:
                from curvedoc.importers._tfproto import decode_session_start

                fd.hparams.update(decode_session_start(content))
            except Exception as exc:  # malformed plugin data must not lose the run
                issues.append(ImportIssue("bad-hparams", f"{rel}: hparams plugin data unreadable ({type(exc).__name__})",
                                          file=rel, severity="info"))
    # the settings the run wrote as text (HF's 'args' JSON, a script's add_text config): below the plugin's
    if scan.texts:
        from curvedoc.importers._textsettings import text_settings

        for k, v in text_settings(scan.texts).items():
            fd.hparams.setdefault(k, v)
    # tag resolution: tensor tags are scalars when their first value says so
    keep_ids = np.zeros(len(scan.tag_keys), dtype=bool)
    lut = np.zeros(len(scan.tag_keys), dtype=np.int32)
    no_meta: list[str] = []
    for i, (tag, tensor) in enumerate(scan.tag_keys):
        ok = True
        if tensor:
            first = scan.tensor_first.get(tag)
            plugin = first[1] if first else None
            data_class = first[2] if first else 0
            if plugin is None or (plugin == "" and data_class == 0):
                no_meta.append(tag)
            else:
                ok = plugin == "scalars" or data_class == 1
        keep_ids[i] = ok
        if ok:
            # (a prefix holding '{tag}' is a template: add_scalars sub-writers read as main_tag/key)
            lut[i] = tags.get(prefix.replace("{tag}", tag) if "{tag}" in prefix else prefix + tag)
    if no_meta:
        issues.append(ImportIssue(
            "tensor-without-metadata",
            f"{rel}: {_plural(len(no_meta), 'tensor tag')} without plugin metadata read as scalars "
            f"(numeric, rank 0): {', '.join(sorted(no_meta)[:5])}",
            file=rel, count=len(no_meta), severity="info"))
    if scan.values:
        steps = np.concatenate(scan.steps) if len(scan.steps) > 1 else scan.steps[0]
        values = np.concatenate(scan.values) if len(scan.values) > 1 else scan.values[0]
        walls = np.concatenate(scan.walls) if len(scan.walls) > 1 else scan.walls[0]
        ids = np.concatenate(scan.tagids) if len(scan.tagids) > 1 else scan.tagids[0]
        scan.steps = scan.values = scan.walls = scan.tagids = []  # type: ignore[assignment]
        if not keep_ids.all():
            m = keep_ids[ids]
            steps, values, walls, ids = steps[m], values[m], walls[m], ids[m]
            dropped = [scan.tag_keys[i][0] for i in np.flatnonzero(~keep_ids)]
            fd.kinds["tensors"] = fd.kinds.get("tensors", 0) + int((~m).sum())
            fd.kinds["scalar"] = fd.kinds.get("scalar", 0) - int((~m).sum())
            issues.append(ImportIssue(
                "non-scalar-tensors",
                f"{rel}: rank-0 tensors of non-scalar plugins skipped: {', '.join(sorted(dropped)[:5])}",
                file=rel, count=len(dropped), severity="info"))
        fd.steps, fd.values, fd.walls = steps, values, walls
        fd.codes = lut[ids] if len(ids) else np.zeros(0, np.int32)
    return fd


@dataclass
class _TagStats:
    tags: np.ndarray  # tag codes present in the file
    first: np.ndarray  # first step (write order) of each
    lo: np.ndarray
    hi: np.ndarray
    dups: int  # points repeating a (tag, step) of the same file


def _stats(fd: _FileData) -> _TagStats:
    st = fd.__dict__.get("_stats")
    if st is not None:
        return st
    codes = fd.codes
    small = codes.astype(np.int16) if len(codes) and int(codes.max()) < 32767 else codes
    order = np.argsort(small, kind="stable")  # radix sort for int16
    c = codes[order]
    s = fd.steps[order]
    if len(c):
        starts = np.flatnonzero(np.concatenate(([True], c[1:] != c[:-1])))
        tags, first = c[starts], s[starts]
        lo, hi = np.minimum.reduceat(s, starts), np.maximum.reduceat(s, starts)
    else:
        tags = first = lo = hi = np.zeros(0, np.int64)
    dups = 0
    if len(c) > 1:
        same = c[1:] == c[:-1]
        if (same & (s[1:] <= s[:-1])).any():  # not strictly increasing somewhere: count exact repeats
            o2 = np.lexsort((s, c))
            c2, s2 = c[o2], s[o2]
            dups = int(((c2[1:] == c2[:-1]) & (s2[1:] == s2[:-1])).sum())
    st = _TagStats(tags, first, lo, hi, dups)
    fd.__dict__["_stats"] = st
    return st


def _first_steps(fd: _FileData, ntags: int) -> np.ndarray:
    """First (write-order) step of every tag code in a file; int64 max where absent."""
    out = np.full(ntags, np.iinfo(np.int64).max, dtype=np.int64)
    st = _stats(fd)
    out[st.tags] = st.first
    return out


def _within_file_dups(fd: _FileData) -> int:
    return _stats(fd).dups if fd.n > 1 else 0


def _within_file_changes(fd: _FileData) -> int:
    """The repeats of a (tag, step) inside one file that carry another value than the write before them: several
    values at one step (per-batch losses written with step=epoch). A tag written again at its step with the same
    value -- the epoch Lightning and the HF Trainer log with each of a step's calls -- is one point, not that."""
    if not _within_file_dups(fd):
        return 0
    o = np.lexsort((fd.steps, fd.codes))  # stable: equal (tag, step) pairs keep their write order
    c, s, v = fd.codes[o], fd.steps[o], fd.values[o]
    same_key = (c[1:] == c[:-1]) & (s[1:] == s[:-1])
    same_value = (v[1:] == v[:-1]) | (np.isnan(v[1:]) & np.isnan(v[:-1]))
    return int((same_key & ~same_value).sum())


def _cluster(files: list[_FileData], tags: _Tags) -> list[list[_FileData]]:
    """Split files (time order) into unrelated runs: new host + re-covering the earlier step range."""
    clusters: list[dict[str, Any]] = []
    for fd in files:
        host = fd.host
        target = None
        if clusters:
            same = [c for c in clusters if c["host"] == host]
            if same:
                target = same[-1]
            elif not host or fd.n == 0:
                target = clusters[-1]
            else:
                last = clusters[-1]
                if not _covers_most(fd, last):
                    target = last
        if target is None:
            target = {"host": host, "files": [], "ranges": {}}
            clusters.append(target)
        target["files"].append(fd)
        if fd.n:
            st = _stats(fd)
            for c, lo, hi in zip(st.tags.tolist(), st.lo.tolist(), st.hi.tolist()):
                r = target["ranges"].get(c)
                target["ranges"][c] = (lo, hi) if r is None else (min(r[0], lo), max(r[1], hi))
    return [c["files"] for c in clusters]


def _covers_most(fd: _FileData, cluster: dict[str, Any]) -> bool:
    fr = []
    st = _stats(fd)
    for c, f in zip(st.tags.tolist(), st.first.tolist()):
        r = cluster["ranges"].get(c)
        if r is None:
            continue
        lo, hi = r
        if hi <= lo:
            fr.append(1.0 if f <= lo else 0.0)
        else:
            fr.append(max(0.0, min(1.0, (hi - max(f, lo)) / (hi - lo))))
    return bool(fr) and float(np.median(fr)) >= 0.5


def _dedup(files: list[_FileData], ntags: int, tag_names: list[str], issues: list[ImportIssue]) -> tuple[list[np.ndarray | None], int]:
    """Later file wins for steps >= its first step, per tag, within one folder."""
    keeps: list[np.ndarray | None] = [None] * len(files)
    total = 0
    by_dir: dict[str, list[int]] = {}
    for i, fd in enumerate(files):
        if fd.n:
            by_dir.setdefault(fd.directory, []).append(i)
    for idxs in by_dir.values():
        if len(idxs) < 2:
            continue
        for kpos in range(1, len(idxs)):
            k = idxs[kpos]
            thr = _first_steps(files[k], ntags)
            dropped = 0
            differing = 0
            restart = False
            affected: set[int] = set()
            for j in idxs[:kpos]:
                fj = files[j]
                drop = fj.steps >= thr[fj.codes]
                nd = int(drop.sum())
                if not nd:
                    continue
                differing += _differing(fj, drop, files[k])
                if keeps[j] is not None:
                    nd = int((drop & keeps[j]).sum())
                    keeps[j] &= ~drop
                else:
                    keeps[j] = ~drop
                dropped += nd
                dc = np.unique(fj.codes[drop])
                affected.update(dc.tolist())
                # a restart when the earlier file went beyond the later file's first step
                if (fj.steps[drop] > thr[fj.codes[drop]]).any():
                    restart = True
            if dropped:
                total += dropped
                fk = files[k]
                first_step = int(thr[list(affected)].min()) if affected else 0
                names = ", ".join(sorted(tag_names[c] for c in affected)[:4])
                if restart:
                    msg = (f"{fk.rel} restarts at step {first_step} over an earlier file of the same folder; "
                           f"{_plural(dropped, 'superseded point')} of the earlier file(s) dropped "
                           f"(later file wins for steps >= its first step, like TensorBoard) — tags: {names}")
                    issues.append(ImportIssue("restart", msg, file=fk.rel, count=dropped))
                elif differing:
                    msg = (f"{fk.rel} writes steps an earlier file of the same folder already holds; "
                           f"{_plural(dropped, 'duplicate point')} of the earlier file(s) dropped (later file wins), "
                           f"{differing} with a different value — tags: {names}")
                    issues.append(ImportIssue("duplicate-steps", msg, file=fk.rel, count=differing))
                # else: the later file wrote the same values again at the same steps (Hugging Face's end-of-training
                # summary repeats the last train/epoch): an echo, not two sessions -- nothing to report
    return keeps, total


def _differing(earlier: _FileData, drop: np.ndarray, later: _FileData) -> int:
    """How many of the ``drop``-ped points of ``earlier`` the ``later`` file holds at the same tag and step with a
    different value (or does not hold at all: written over by a different stretch of steps)."""
    big = np.int64(1) << np.int64(40)
    lk = later.codes.astype(np.int64) * big + later.steps.astype(np.int64)
    order = np.argsort(lk, kind="stable")
    lk, lv = lk[order], later.values[order]
    ek = earlier.codes[drop].astype(np.int64) * big + earlier.steps[drop].astype(np.int64)
    ev = earlier.values[drop]
    pos = np.searchsorted(lk, ek, side="right") - 1  # the last write at that (tag, step) in the later file
    at = np.clip(pos, 0, None)
    found = (pos >= 0) & (lk[at] == ek)
    same = found & ((lv[at] == ev) | (np.isnan(lv[at]) & np.isnan(ev)))
    return int((~same).sum())


def has_yaml_hparams(dirs: list[Path]) -> bool:
    """Whether any of ``dirs`` holds a Lightning settings file (``hparams.yaml``, a LightningCLI ``config.yaml``)."""
    from curvedoc.importers._yaml import LIGHTNING_SETTINGS

    return any((d / name).is_file() for d in dirs for name in LIGHTNING_SETTINGS)


def load_yaml_hparams(dirs: list[Path], issues: list[ImportIssue], root: Path) -> dict[str, Any]:
    """The hyperparameters of the Lightning settings files in ``dirs`` (``hparams.yaml``, then a LightningCLI
    ``config.yaml``: the first to name a key wins), flattened."""
    from curvedoc.importers._yaml import LIGHTNING_SETTINGS, lightning_settings_file

    out: dict[str, Any] = {}
    seen: set[Path] = set()
    for d, name in [(d, name) for name in LIGHTNING_SETTINGS for d in dirs]:
        p = d / name
        if p in seen or not p.is_file():
            continue
        seen.add(p)
        rel = rel_path(p, root)
        try:
            check_file(p)
            from curvedoc.importers._yaml import flatten_hparams, truncation_note

            obj = _load_counting(p)
            cut: dict = {}
            flat = flatten_hparams(obj, stats=cut)
            if cut.get("truncated"):
                issues.append(ImportIssue("truncated-hparams", truncation_note(rel), file=rel))
        except LoadError as exc:
            issues.append(ImportIssue("bad-hparams", f"{rel}: {exc.reason}", file=rel, severity="info"))
            continue
        except Exception as exc:
            issues.append(ImportIssue("bad-hparams", f"{rel}: not readable YAML ({type(exc).__name__}); hparams from it ignored",
                                      file=rel, severity="info"))
            continue
        if (obj is not None and not isinstance(obj, dict)) or not lightning_settings_file(name, obj):
            continue
        if _load_counting.unknown:
            issues.append(ImportIssue(
                "unsafe-yaml",
                f"{rel} holds {_plural(_load_counting.unknown, 'Python object tag')} (!!python/...); read safely without "
                "executing them, only plain values kept", file=rel, count=_load_counting.unknown, severity="info"))
        for k, v in flat.items():
            out.setdefault(k, v)
    return out


def _load_counting(p: Path):
    from curvedoc.importers._yaml import TolerantSafeLoader

    text = p.read_bytes().decode("utf-8", "replace")
    text = text.removeprefix("\ufeff")
    loader = TolerantSafeLoader(text)
    loader.unknown_tags = 0
    try:
        obj = loader.get_single_data()
    finally:
        loader.dispose()
    _load_counting.unknown = loader.unknown_tags  # type: ignore[attr-defined]
    return obj


_load_counting.unknown = 0  # type: ignore[attr-defined]


def _describe_kinds(kinds: dict[str, int]) -> str:
    k = {a: b for a, b in kinds.items() if a not in _NOISE_KINDS and b > 0}
    if not k:
        return "only file headers: the writer was created but never logged anything"
    names = {"text": "text", "images": "images", "histograms": "histograms", "audio": "audio", "graph": "graphs",
             "tensors": "non-scalar tensors"}
    parts = [f"{names.get(a, a)} ({b})" for a, b in sorted(k.items(), key=lambda x: -x[1])]
    return "only " + ", ".join(parts)


def masked_crc(data) -> int:
    """TFRecord's masked CRC-32C of ``data`` (a record's length header or payload), for code that frames records of
    a growing event file itself (``curvedoc watch``)."""
    from curvedoc.importers._crc32c import masked_crc as crc

    return crc(data)


def read(spec: RunSpec, *, chunk_size: int | None = None) -> RunData | list[RunData]:
    root = Path(spec.root)
    files = sort_files([Path(f) for f in spec.files])
    if not files:
        raise LoadError(root, "no event files", kind="unreadable")
    issues: list[ImportIssue] = []
    tags = _Tags()
    datas: list[_FileData] = []
    lfs: list[str] = []
    garbage: list[str] = []
    header_only: list[str] = []
    for f in files:
        rel = rel_path(f, root)
        prefix = spec.prefixes.get(str(f), "")
        r = _read_one(f, rel, prefix, tags, issues, chunk_size)
        if r == "lfs":
            lfs.append(rel)
            continue
        if r == "garbage":
            garbage.append(rel)
            continue
        if r is None:
            continue
        datas.append(r)
        if r.n == 0 and r.size and r.records and set(r.kinds) <= {"file_version", "session_log"}:
            header_only.append(rel)
    nfiles = len(files)
    if lfs:
        if len(lfs) == nfiles:
            raise LoadError(files[0] if nfiles == 1 else root,
                            f"{'the event file is a Git LFS pointer' if nfiles == 1 else f'all {nfiles} event files are Git LFS pointers'}, "
                            "not the data (run `git lfs pull`)", kind="lfs-pointer")
        issues.append(ImportIssue("lfs-pointer", f"{_plural(len(lfs), 'event file')} are Git LFS pointers, not data (run `git lfs pull`): "
                                  + ", ".join(lfs[:3]), count=len(lfs)))
    if header_only:
        issues.append(ImportIssue("header-only", f"{_plural(len(header_only), 'event file')} hold only the file header "
                                  "(writer created, nothing logged — aborted starts?): " + ", ".join(header_only[:3]),
                                  count=len(header_only), severity="info"))
    total_points = sum(d.n for d in datas)
    if total_points == 0:
        if garbage and len(garbage) + len(lfs) == nfiles:
            raise LoadError(files[0] if nfiles == 1 else root,
                            "not a TensorBoard event file (no valid TFRecord)" if nfiles == 1
                            else f"none of the {nfiles} event files is a valid TFRecord file", kind="unsupported-format")
        kinds: dict[str, int] = {}
        for d in datas:
            for k, v in d.kinds.items():
                kinds[k] = kinds.get(k, 0) + v
        n_ev = len(datas)
        if n_ev == 0:
            # no event file could even be opened (over the size limit, unreadable, not a regular file): say so,
            # not that a writer logged nothing
            skipped = [i for i in issues if i.kind in ("too-large", "unreadable", "empty-file")]
            if skipped:
                reason = skipped[0].message if len(skipped) == 1 else \
                    f"none of the {nfiles} event files could be read (first: {skipped[0].message})"
                raise LoadError(files[0] if nfiles == 1 else root, reason, kind=skipped[0].kind)
        damaged = [i for i in issues if i.kind in ("truncated-record", "corrupt-records")]
        extra = f"; {damaged[0].message}" if damaged else ""
        raise LoadError(files[0] if nfiles == 1 else root,
                        f"no scalar data in {_plural(n_ev, 'event file')} ({_describe_kinds(kinds)}){extra}", kind="no-scalars")

    clusters = _cluster(datas, tags)
    yaml_dirs = sorted({f.parent for f in files} | ({root} if root.is_dir() else set()))
    yaml_hp = load_yaml_hparams(yaml_dirs, issues, root) if has_yaml_hparams(yaml_dirs) else {}

    hosts = [c[0].host for c in clusters]
    others = [f"{h or '?'} ({_plural(sum(1 for f in c if f.n), 'file')}, {_plural(sum(f.n for f in c), 'point')})"
              for h, c in zip(hosts, clusters)]
    out: list[RunData] = []
    for ci, cfiles in enumerate(clusters):
        cissues = list(issues)
        if len(clusters) > 1:
            cissues.append(ImportIssue(
                "mixed-runs",
                f"this folder holds {len(clusters)} unrelated runs (different hosts, overlapping steps): "
                + ", ".join(others) + f"; returned as separate runs — this is {hosts[ci] or '?'}",
                count=len(clusters)))
        out.append(_build(spec, root, cfiles, tags, cissues, yaml_hp, ci, hosts, len(clusters) > 1))
    if len(out) == 1:
        return out[0]
    # readable, unique suffixes
    suffixes = []
    for ci, h in enumerate(hosts):
        s = "#" + (h or f"run{ci + 1}")
        if hosts.count(h) > 1 or s in suffixes:
            s += f"-{ci + 1}"
        suffixes.append(s)
    for d, s in zip(out, suffixes):
        d.name_suffix = s
    return out


def _build(spec, root, cfiles: list[_FileData], tags: _Tags, issues: list[ImportIssue], yaml_hp, ci, hosts, split) -> RunData:
    ntags = len(tags.names)
    keeps, superseded = _dedup(cfiles, ntags, tags.names, issues)
    # many values per step inside one file (YOLOv8 per-batch losses with step=epoch): keep, report
    dups = 0
    dup_files = []
    for fd in cfiles:
        d = _within_file_changes(fd)
        if d:
            dups += d
            dup_files.append(fd.rel)
    if dups:
        issues.append(ImportIssue(
            "repeated-steps",
            f"{_plural(dups, 'point')} repeat a (tag, step) already written in the same file (several values per step, "
            "e.g. per-batch losses logged with step=epoch); all kept, series() uses the last",
            file=dup_files[0] if len(dup_files) == 1 else None, count=dups, severity="info"))
    parts_s, parts_v, parts_w, parts_c, parts_f = [], [], [], [], []
    src_names: list[str] = []
    for fd, keep in zip(cfiles, keeps):
        if not fd.n:
            continue
        fi = len(src_names)
        src_names.append(fd.rel)
        if keep is not None:
            parts_s.append(fd.steps[keep]); parts_v.append(fd.values[keep]); parts_w.append(fd.walls[keep])
            parts_c.append(fd.codes[keep])
            parts_f.append(np.full(int(keep.sum()), fi, dtype=np.int16 if len(cfiles) < 30000 else np.int32))
        else:
            parts_s.append(fd.steps); parts_v.append(fd.values); parts_w.append(fd.walls); parts_c.append(fd.codes)
            parts_f.append(np.full(fd.n, fi, dtype=np.int16 if len(cfiles) < 30000 else np.int32))
    if len(parts_s) == 1:
        steps, values, walls, codes, fcodes = parts_s[0], parts_v[0], parts_w[0], parts_c[0], parts_f[0]
    elif parts_s:
        steps = np.concatenate(parts_s); values = np.concatenate(parts_v); walls = np.concatenate(parts_w)
        codes = np.concatenate(parts_c); fcodes = np.concatenate(parts_f)
    else:
        steps = np.zeros(0, np.int64); values = np.zeros(0); walls = np.zeros(0)
        codes = np.zeros(0, np.int32); fcodes = np.zeros(0, np.int16)
    # free the per-file arrays early (peak memory)
    for fd in cfiles:
        fd.steps = fd.values = fd.walls = fd.codes = np.zeros(0)  # type: ignore[assignment]
    del parts_s, parts_v, parts_w, parts_c, parts_f
    # which tags have points: a count per code (linear; np.unique sorted all the run's points to find out)
    used = np.bincount(codes, minlength=ntags)[:ntags] > 0 if len(codes) else np.zeros(ntags, dtype=bool)
    if not used.all():  # only the tags of this run, in first-seen order
        remap = np.cumsum(used) - 1
        codes = remap[codes].astype(np.int32)
        names = [n for n, u in zip(tags.names, used) if u]
    else:
        names = list(tags.names)
    tag_cat = pd.Categorical.from_codes(codes.astype(np.int32, copy=False), categories=pd.Index(names, dtype=object), validate=False)
    src_cat = pd.Categorical.from_codes(fcodes, categories=pd.Index(src_names if src_names else [""], dtype=object), validate=False)
    frame = make_frame(tag_cat, steps, values, walls, src_cat)
    # Lightning placeholder
    if "hp_metric" in names:
        hv = values[codes == names.index("hp_metric")]
        if len(hv) == 1 and hv[0] == -1:
            issues.append(ImportIssue("placeholder-metric", "hp_metric = -1 is Lightning's placeholder (no real metric was logged to it)",
                                      severity="info"))
    hparams: dict[str, Any] = {}
    for fd in cfiles:
        for k, v in fd.hparams.items():
            hparams.setdefault(k, v)
    hparams.update(yaml_hp)  # hparams.yaml keeps the types (ints stay ints); the plugin stores doubles
    fv = next((fd.file_version for fd in cfiles if fd.file_version), None)
    meta: dict[str, Any] = {
        "files": [fd.rel for fd in cfiles],
        "records": int(sum(fd.records for fd in cfiles)),
        "bytes": int(sum(fd.size for fd in cfiles)),
        "superseded_points": int(superseded),
        "points_before_dedup": int(len(values) + superseded),
        "hosts": sorted({fd.host for fd in cfiles if fd.host}),
    }
    if fv:
        meta["file_version"] = fv
    fb = sum(fd.fallback_records for fd in cfiles)
    if fb:
        meta["protobuf_fallback_records"] = int(fb)
    return RunData(frame=frame, source=SOURCE, hparams=hparams, meta=meta, issues=issues)


__all__ = ["SOURCE", "file_host", "file_time", "masked_crc", "read", "sort_files"]
