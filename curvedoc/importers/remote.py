"""Runs where they live: object storage (``s3://``, ``gs://``, ``az://``, ``memory://``, any fsspec URL).

Built on fsspec (an extra: ``pip install 'curvedoc[s3]'``, ``[gcs]``, ``[azure]``); nothing here is a storage
layer of its own. What it does:

* **One listing.** :class:`RemoteTree` lists the whole prefix once (``fs.find``, which the stores page through
  in batches of 1,000 keys) and answers discovery's questions -- which folders, which files, what size -- from
  that listing, so discovery walks a bucket with the same rules as a local folder.
* **Only the bytes needed.** Discovery sniffs a file by its first 64 kB: those heads are fetched in one batched
  call (``fs.cat_ranges``, concurrent on the async stores), never whole files. A run is read by fetching only the
  files its reader opens (its logs and the small settings files beside them, :func:`needed_files`), not
  checkpoints, media or artifacts.
* **Read where it runs.** A remote run spec carries its URL and the listing's size + ETag (or mtime) of each needed
  file, never data: an audit worker (a local process or a Dask worker) fetches its run's files itself into a
  private temporary folder outside the data (removed afterwards), reads them with the local reader -- the same
  code, so the same result -- and names them by their URLs in the report. The cache keys a remote run by those
  sizes and ETags, so a changed object is never served from the cache.
* **Read-only.** Nothing is ever written to the store.

``file://`` URLs are plain local paths (no fsspec involved, no change in speed).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import threading
import zlib
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import unquote

from curvedoc.errors import ConfigError, LoadError
from curvedoc.importers._base import is_settings_file
from curvedoc.importers.registry import BY_NAME
from curvedoc.model.run import ImportIssue

_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]+)(::[A-Za-z][A-Za-z0-9+.\-]*)*://")

# the extra that brings each store's fsspec implementation
EXTRAS = {"s3": "s3", "s3a": "s3", "gs": "gcs", "gcs": "gcs", "az": "azure", "abfs": "azure", "abfss": "azure",
          "adl": "azure"}

HEAD_BYTES = 65536  # what discovery's sniffers read of a file (the largest head any of them asks for)


def unsafe_key(key: str) -> str | None:
    """Why an object key cannot be given a local name under the staging folder, or None.

    A key is only a string: ``run/metrics/../../../home/u/.bashrc`` is a valid S3 key. Staging names a fetched
    object by its key, so a key with a ``..`` or ``.`` segment, an empty segment inside it (``a//b``, an
    absolute path glued on), a backslash (a Windows separator) or a NUL byte would name a
    file elsewhere, or two keys would name one file: such keys are never fetched."""
    if "\0" in key:
        return "a NUL byte"
    if "\\" in key:
        return "a backslash (a Windows path separator)"
    parts = key.strip("/").split("/")
    for part in parts:
        if part in ("..", "."):
            return f"a '{part}' path segment"
        if part == "":
            return "an empty path segment ('//', an absolute path inside the key)"
    return None


def _unsafe_message(url: str, why: str) -> str:
    return f"object {url!r} skipped: its key has {why}, so it cannot be staged under a local name safely"



def is_url(target: Any) -> bool:
    """A storage URL other than ``file://`` (which is a local path)."""
    if not isinstance(target, str):
        return False
    m = _URL.match(target)
    return bool(m) and m.group(1).lower() not in ("file", "local")


def local_path(target: Any) -> Any:
    """``file:///runs/x`` -> ``/runs/x``; anything else unchanged."""
    if isinstance(target, str) and re.match(r"^(file|local)://", target, re.I):
        return unquote(target.split("://", 1)[1]) or "/"
    return target


def _protocol(url: str) -> str:
    return url.split("://", 1)[0].split("::")[-1].lower()


def filesystem(url: str, options: Mapping[str, Any] | None = None):
    """(fsspec filesystem, path inside it) for ``url``. A missing extra is a user mistake (ConfigError: exit 2)
    that says what to install."""
    proto = _protocol(url)
    hint = f"pip install 'curvedoc[{EXTRAS[proto]}]'" if proto in EXTRAS else "pip install fsspec (and the package for this store)"
    try:
        import fsspec
        import fsspec.core
    except ImportError:
        raise ConfigError(f"{url}: reading {proto}:// URLs needs fsspec: {hint}") from None
    try:
        return fsspec.core.url_to_fs(url, **dict(options or {}))
    except ImportError as exc:
        raise ConfigError(f"{url}: reading {proto}:// URLs needs a package that is not installed ({exc}): {hint}") from None
    except ValueError as exc:
        raise ConfigError(f"{url}: {exc}") from None
    except TypeError as exc:  # a storage option this store does not take
        raise ConfigError(f"{url}: bad storage option ({exc})") from None


def _version(info: Mapping[str, Any]) -> str:
    """What says an object changed, besides its size: the ETag, else a modification time."""
    for k in ("ETag", "etag", "md5Hash", "content_md5", "generation", "mtime", "LastModified", "last_modified",
              "updated", "created"):
        v = info.get(k)
        if v not in (None, ""):
            return f"{k}={v}"
    return ""


class RemoteTree:
    """The listing of everything under a URL, as discovery needs it.

    Paths are *virtual*: ``PurePosixPath('/' + key)`` (``s3://bucket/sweep/run1/x.csv`` ->
    ``/bucket/sweep/run1/x.csv``), so discovery's path arithmetic (parents, names, relative names) is the same
    as for a local tree, and a run is named exactly as in a local audit of the same folder."""

    def __init__(self, url: str, options: Mapping[str, Any] | None = None):
        self.url, self.options = url, dict(options or {})
        self.fs, root = filesystem(url, self.options)
        self.root_key = root.rstrip("/") or root
        self.files: dict[str, dict[str, Any]] = {}  # virtual path -> info (key, size, version)
        self.dirs: dict[str, tuple[list[str], list[str]]] = {}
        self._heads: dict[str, bytes] = {}
        self.unsafe: dict[str, str] = {}  # object key -> why it is never fetched (see unsafe_key)
        self._subdir_names: dict[str, set[str]] = {}  # folder -> its subfolders' names (membership in O(1))
        self._lock = threading.Lock()
        try:
            info = self.fs.info(self.root_key)
        except FileNotFoundError:
            info = None
        except Exception as exc:  # credentials, network, a bucket that does not exist: one line
            raise LoadError(url, f"cannot list: {type(exc).__name__}: {exc}", kind="unreadable") from None
        self.exists = info is not None
        if info is None:
            return
        if info.get("type") == "file":
            self._add(self.root_key, info)
            return
        try:
            listing = self.fs.find(self.root_key, detail=True)
        except Exception as exc:
            raise LoadError(url, f"cannot list: {type(exc).__name__}: {exc}", kind="unreadable") from None
        if len(listing) == 1 and next(iter(listing)).strip("/") == self.root_key.strip("/"):
            # a folder that is also an object ('run' beside 'run/metrics/loss'): a store may list it as the object
            # alone (fsspec's memory store does); what lies under it is then listed from the folder above
            above = self.root_key.strip("/").rpartition("/")[0]
            try:
                wider = self.fs.find(above, detail=True) if above else {}
            except Exception:
                wider = {}
            inside = self.root_key.strip("/") + "/"
            listing.update({k: v for k, v in wider.items() if k.strip("/").startswith(inside)})
        for key, inf in sorted(listing.items()):
            if inf.get("type", "file") == "file":
                self._add(key, inf)
        self.dirs.setdefault(self.virtual(self.root_key), ([], []))
        self._drop_objects_named_like_folders()

    def _drop_objects_named_like_folders(self) -> None:
        """A store may hold an object ``run/metrics`` beside ``run/metrics/loss`` (or one named like the listed
        folder itself, a folder marker with content): no local tree can, so staging the run failed whole, or the
        folder was taken for a file. Such an object is skipped and reported; the folder is read."""
        clash = [v for v in self.files if v in self.dirs]
        parents: set[str] = set()
        for v in clash:
            info = self.files.pop(v)
            self.unsafe[info["key"]] = "the name of a folder that holds other objects"
            parents.add(v.rpartition("/")[0] or "/")
        for parent in parents:
            if parent in self.dirs:
                subdirs, files = self.dirs[parent]
                self.dirs[parent] = (subdirs, [n for n in files if (parent.rstrip("/") + "/" + n) not in self.dirs])

    # -------------------------------------------------------------- paths
    @staticmethod
    def virtual(key: str) -> str:
        return "/" + key.strip("/")

    @property
    def base(self) -> Path:
        return Path(self.virtual(self.root_key))

    def key(self, p) -> str:
        return self.files[str(p)]["key"]

    def url_of(self, p) -> str:
        """The URL of a virtual path (a file or a folder)."""
        s = str(p)
        key = self.files[s]["key"] if s in self.files else s.lstrip("/")
        try:
            return self.fs.unstrip_protocol(key)
        except Exception:  # pragma: no cover - every fsspec filesystem has it
            return f"{_protocol(self.url)}://{key}"

    def _add(self, key: str, info: Mapping[str, Any]) -> None:
        why = unsafe_key(key)
        if why:
            self.unsafe[key] = why
            return
        v = self.virtual(key)
        self.files[v] = {"key": key, "size": int(info.get("size") or 0), "version": _version(info)}
        top = self.virtual(self.root_key)
        parent, _, name = v.rpartition("/")
        parent = parent or "/"
        self.dirs.setdefault(parent, ([], []))[1].append(name)
        # each folder above, up to the root of the listing, once: linear in the keys (a list scanned for every key
        # made 8,000 MLflow runs take a minute)
        while parent != top and parent != "/":
            up, _, name = parent.rpartition("/")
            up = up or "/"
            known = self._subdir_names.setdefault(up, set())
            if name in known:
                break  # this folder and every one above it are known already
            known.add(name)
            self.dirs.setdefault(up, ([], []))[0].append(name)
            parent = up

    # -------------------------------------------------------------- what discovery asks
    def is_file(self, p) -> bool:
        return str(p) in self.files

    def is_dir(self, p) -> bool:
        return str(p) in self.dirs

    def size(self, p) -> int:
        return self.files[str(p)]["size"]

    def walk(self, top) -> Iterable[tuple[str, list[str], list[str]]]:
        """``os.walk(top)``, top-down, from the listing (the caller may prune the folder list in place)."""
        stack = [str(top)]
        while stack:
            d = stack.pop()
            subdirs, names = self.dirs.get(d, ([], []))
            dirnames = sorted(subdirs)
            yield d, dirnames, sorted(names)
            stack.extend(str(PurePosixPath(d) / x) for x in reversed(dirnames))

    def prefetch_heads(self, paths: Iterable) -> None:
        """Fetch the first :data:`HEAD_BYTES` of many files in one batched call."""
        want = [str(p) for p in paths if str(p) in self.files and str(p) not in self._heads]
        if not want:
            return
        keys = [self.files[v]["key"] for v in want]
        ends = [min(HEAD_BYTES, self.files[v]["size"]) for v in want]
        try:
            got = self.fs.cat_ranges(keys, [0] * len(keys), ends, on_error="return")
        except Exception:
            got = [b""] * len(keys)
        with self._lock:
            for v, b in zip(want, got):
                self._heads[v] = b if isinstance(b, bytes) else b""

    def head(self, p, n: int) -> bytes:
        s = str(p)
        if s not in self.files:
            return b""
        if s not in self._heads:
            self.prefetch_heads([s])
        raw = self._heads.get(s, b"")
        if s.lower().endswith(".gz"):  # the start of what a gzip file holds, from its first compressed bytes
            try:
                return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(raw, n)
            except zlib.error:
                return b""
        return raw[:n]

    def tail(self, p, n: int) -> bytes:
        s = str(p)
        size = self.files[s]["size"]
        try:
            return self.fs.cat_file(self.files[s]["key"], start=max(0, size - n), end=size)
        except Exception:
            return b""


# ------------------------------------------------------------------------------ what a run's reader opens


def needed_files(tree: RemoteTree, fmt: str, root, files: list, extras: Mapping[str, Any]) -> list[str]:
    """The virtual paths a reader of ``fmt`` may open for this run, from the listing: its logs (a folder in the
    list stands for its files), other checkpoints' states (HF), the settings files (YAML/JSON under 1 MB,
    ``training_args.bin``) in the run folder, beside each log and in the folder above a checkpoint folder, and
    the parts of a run folder its format keeps data in (its reader registry entry's ``fetch``: MLflow ``metrics/
    params/ tags/``; ``fetch_settings``: W&B ``files/``).
    Never the rest of a folder: a folder of 2,000 CSV runs is not fetched 2,000 times."""
    root = str(root)
    out: set[str] = set()

    def subtree(d: str) -> None:
        pre = d.rstrip("/") + "/"
        out.update(v for v in tree.files if v.startswith(pre))

    def settings_in(d: str) -> None:
        _, names = tree.dirs.get(d, ([], []))
        for name in names:
            v = str(PurePosixPath(d) / name)
            low = name.lower()
            if is_settings_file(name, tree.size(v)) or low == "training_args.bin":
                out.add(v)

    for f in [*files, *extras.get("other_states", [])]:
        f = str(f)
        if tree.is_file(f):
            out.add(f)
        elif tree.is_dir(f):
            subtree(f)
    dirs = {root} if tree.is_dir(root) else set()
    for f in files:
        parent = PurePosixPath(str(f)).parent
        dirs.add(str(parent))
        if re.match(r"^checkpoint[-_]\d+$", parent.name):
            dirs.add(str(parent.parent))
    for d in dirs:
        settings_in(d)
    entry = BY_NAME.get(fmt)
    if tree.is_dir(root) and entry is not None:  # the parts of a run folder its format keeps data in (registry)
        for part in entry.fetch:
            subtree(str(PurePosixPath(root) / part))
        for part in entry.fetch_settings:
            settings_in(str(PurePosixPath(root) / part))
    return sorted(out)


def attach(tree: RemoteTree, spec) -> None:
    """Give a discovered spec what a worker needs to read it on its own: the URL, storage options and each
    needed file's key, size and version; and the objects under the run's folder that were skipped for an
    unsafe key (reported as the run's import issues)."""
    need = needed_files(tree, spec.format, spec.root, spec.files, spec.extras)
    spec.extras["remote"] = {
        "url": tree.url,
        "options": tree.options,
        "files": [[v, tree.files[v]["key"], tree.files[v]["size"], tree.files[v]["version"]] for v in need],
        "root_url": tree.url_of(spec.root),
        "unsafe": [[tree.url_of(tree.virtual(k)), why] for k, why in sorted(tree.unsafe.items())
                   if tree.is_dir(spec.root) and _under(k, tree, spec.root)],
    }


def _under(key: str, tree: RemoteTree, folder) -> bool:
    return tree.virtual(key).startswith(str(folder).rstrip("/") + "/")


def unclaimed_unsafe(tree: RemoteTree, specs) -> list[tuple[str, str]]:
    """(URL, message) of each object skipped for an unsafe key that is in no run's folder (a discovery
    problem: the others are their runs' import issues)."""
    roots = [s.root for s in specs if tree.is_dir(s.root)]
    return [(tree.url_of(tree.virtual(k)), _unsafe_message(tree.url_of(tree.virtual(k)), why))
            for k, why in sorted(tree.unsafe.items()) if not any(_under(k, tree, r) for r in roots)]


def fingerprint(spec) -> list[str]:
    """What the cache keys a remote run by: each needed file's path, size and ETag / mtime (and the objects
    skipped for an unsafe key, which its report names)."""
    info = spec.extras["remote"]
    return ([f"{v}|{size}|{version}" for v, _key, size, version in info["files"]]
            + [f"unsafe|{url}|{why}" for url, why in info.get("unsafe", [])])


# ------------------------------------------------------------------------------ reading a remote run


def _remap(text: str, stage: str, tree_urls: Mapping[str, str]) -> str:
    """A local staging path in a message or field -> the object's URL."""
    if stage not in text:
        return text
    def sub(m: re.Match) -> str:
        v = m.group(0)[len(stage):]
        return tree_urls.get(v) or tree_urls.get(v.rstrip("/")) or v
    return re.sub(re.escape(stage) + r"/[^\s'\"(),;]*", sub, text)


SMALL_OBJECT = 1 << 20  # objects listed below this are fetched in batched range requests, the others streamed
BATCH_BYTES = 64 << 20  # listed bytes per batched request


def _fetch(fs, keys: list, targets: list, sizes: list, limit: int) -> list[int]:
    """Fetch each object into its target, never more than ``limit + 1`` bytes of it (its size may have grown since
    the listing: a whole download before the size check could fill the disk or the memory). Small objects come
    in batched range requests (``cat_ranges``, concurrent on the async stores), big ones streamed in pieces.
    Returns the indexes of the objects found over the limit (their targets removed)."""
    over: list[int] = []
    batches: list[list[int]] = []
    cur: list[int] = []
    total = 0
    for i in (j for j, n in enumerate(sizes) if n < SMALL_OBJECT):
        if cur and total + sizes[i] > BATCH_BYTES:
            batches.append(cur)
            cur, total = [], 0
        cur.append(i)
        total += sizes[i]
    if cur:
        batches.append(cur)
    for batch in batches:
        got = fs.cat_ranges([keys[j] for j in batch], [0] * len(batch), [limit + 1] * len(batch), on_error="return")
        for j, data in zip(batch, got):
            if isinstance(data, BaseException):
                raise data
            if len(data) > limit:
                over.append(j)
                continue
            with open(targets[j], "wb") as fh:
                fh.write(data)
    for i in (j for j, n in enumerate(sizes) if n >= SMALL_OBJECT):
        done = 0
        with fs.open(keys[i], "rb") as src, open(targets[i], "wb") as dst:
            while True:
                piece = src.read(min(8 << 20, limit + 1 - done))
                if not piece:
                    break
                dst.write(piece)
                done += len(piece)
                if done > limit:
                    break
        if done > limit:
            over.append(i)
    for i in over:
        try:
            os.unlink(targets[i])
        except OSError:
            pass
    return sorted(over)


def _name_limits(folder: str) -> tuple[int, int]:
    """(the longest file name, the longest path) the file system of ``folder`` takes, in bytes."""
    out = []
    for name, default in (("PC_NAME_MAX", 255), ("PC_PATH_MAX", 4096)):
        try:
            out.append(int(os.pathconf(folder, name)))
        except (OSError, ValueError, AttributeError):
            out.append(default)
    return out[0], out[1]


# ------------------------------------------------------------------------------------------ staging folders
#
# A staging folder is removed by the reader that made it (``finally``), but a process killed while it fetched or
# read (SIGKILL, the OOM killer: a Dask worker killed mid-audit) runs no ``finally``: its folder stayed in the
# temporary folder for good. So each folder has an owner's lock beside it, ``<folder>.lock``, held (flock) by the
# process reading into it, and released by the kernel whatever way that process ends. Any process that stages
# looks for folders whose lock nobody holds -- their owner is gone -- the first time it stages and then at most
# every STAGE_SWEEP_SECONDS, and removes them (a restarted Dask worker removes what its predecessor left).

STAGE_PREFIX = "curvedoc-stage-"
STAGE_SWEEP_SECONDS = 60.0
STAGE_ORPHAN_SECONDS = 3600.0  # a staging folder without a lock (made by an older curvedoc) left for this long
_SWEPT: dict[str, float] = {}  # "pid" -> when this process last swept (a forked child sweeps on its own)


class _Stage:
    """A private staging folder in the temporary folder, locked by this process while it exists (see above)."""

    def __init__(self) -> None:
        tmp = tempfile.gettempdir()
        _sweep_orphans(tmp)
        self.fd = None
        # the lock is taken under a name no sweep looks at, then renamed beside the folder: a sweep never sees the
        # lock of a live owner unheld
        fd, pending = tempfile.mkstemp(prefix="." + STAGE_PREFIX, suffix=".locking", dir=tmp)
        self.path = None
        try:
            if _lock(fd):
                self.fd = fd
            self.path = os.path.realpath(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=tmp))
            os.replace(pending, self.path + ".lock")
        except BaseException:
            os.close(fd)
            _unlink(pending)
            if self.path is not None:
                shutil.rmtree(self.path, ignore_errors=True)
            raise
        if self.fd is None:  # no flock here (another platform): the folder is still removed by close()
            os.close(fd)

    def close(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        _unlink(self.path + ".lock")
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _lock(fd: int) -> bool:
    """flock ``fd`` exclusively, without waiting; False when another process holds it (or there is no flock)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _sweep_orphans(tmp: str, now: float | None = None) -> list[str]:
    """Remove the staging folders in ``tmp`` whose owner is gone (their lock unheld; a folder without a lock, from
    an older curvedoc, once it is STAGE_ORPHAN_SECONDS old). Done the first time a process stages, then at most
    every STAGE_SWEEP_SECONDS. Returns the folders removed."""
    import time

    now = time.time() if now is None else now
    key = str(os.getpid())
    if key in _SWEPT and now - _SWEPT[key] < STAGE_SWEEP_SECONDS:
        return []
    _SWEPT.clear()
    _SWEPT[key] = now
    try:
        names = [n for n in os.listdir(tmp) if n.startswith(STAGE_PREFIX) or n.startswith("." + STAGE_PREFIX)]
    except OSError:
        return []
    present = set(names)
    removed = []
    for name in names:
        path = os.path.join(tmp, name)
        if name.endswith(".lock") and not name.startswith("."):
            try:
                fd = os.open(path, os.O_RDWR)
            except OSError:
                continue
            try:
                if not _lock(fd):
                    continue  # its owner is alive (or flock is missing: leave it)
                folder = path[:-len(".lock")]
                shutil.rmtree(folder, ignore_errors=True)
                _unlink(path)
                removed.append(folder)
            finally:
                os.close(fd)
        elif name.startswith("."):  # a lock never renamed (its process killed in between): old ones only
            if _older(path, now, STAGE_ORPHAN_SECONDS):
                _unlink(path)
        elif name + ".lock" not in present and os.path.isdir(path) and _older(path, now, STAGE_ORPHAN_SECONDS):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _older(path: str, now: float, seconds: float) -> bool:
    try:
        return now - os.lstat(path).st_mtime > seconds
    except OSError:
        return False


def read_remote(spec, role_overrides=None, *, read: Callable[..., list]):
    """Read a remote spec: fetch its needed files into a private temporary folder (outside the data; removed
    afterwards), read them with ``read`` (:func:`curvedoc.importers.read_spec`, which calls this for a remote spec
    and passes itself: this module never imports the package's readers back), and name every file by its URL.
    Raises LoadError only."""
    import dataclasses

    from curvedoc._fmt import fmt_bytes
    from curvedoc.importers._base import max_file_bytes

    info = spec.extras["remote"]
    fs, _ = filesystem(info["url"], info["options"])
    limit = max_file_bytes()
    urls: dict[str, str] = {}
    keys, targets, sizes, logs = [], [], [], []
    skipped: list[tuple[str, str]] = [(u, why) for u, why in info.get("unsafe", [])]
    owner = _Stage()  # removed at the end; by the next process that stages, should this one be killed
    stage = owner.path
    name_max, path_max = _name_limits(stage)

    def unstageable(v: str) -> str | None:
        """Why virtual path ``v`` cannot be given a local name under the staging folder, or None: an unsafe key, a
        name no local file can have (a segment longer than a file name, a path past the system's limit: S3 keys
        go to 1,024 bytes in any segments), or a name that resolves outside the folder (``..``, a symlink made by
        an earlier object, an absolute form)."""
        why = unsafe_key(v)
        if why:
            return why
        longest = max((len(os.fsencode(seg)) for seg in v.split("/")), default=0)
        if longest > name_max:
            return f"a path segment of {longest:,} bytes, longer than a file name here ({name_max:,} bytes)"
        if len(os.fsencode(stage + v)) >= path_max:
            return f"a path longer than this system's limit ({path_max:,} bytes) once staged"
        t = os.path.realpath(os.path.join(stage, v.lstrip("/")))
        return None if os.path.commonpath([stage, t]) == stage and t != stage else "a local name outside the staging folder"

    def staged(v: str) -> str | None:
        """The local name of virtual path ``v`` under the staging folder, or None (see ``unstageable``)."""
        return None if unstageable(v) else os.path.realpath(os.path.join(stage, v.lstrip("/")))

    try:
        named = {str(f) for f in spec.files} | {str(spec.root)}
        for v in sorted(named):
            if unstageable(v):
                raise LoadError(info["root_url"], f"cannot stage {v!r} safely (its name has {unstageable(v)}); not read",
                                kind="unreadable")
        for v, key, size, _version in info["files"]:
            try:
                urls[v] = fs.unstrip_protocol(key)
            except Exception:  # pragma: no cover
                urls[v] = key
            why = unsafe_key(key) or unstageable(v)
            if why:
                skipped.append((urls[v], why))
                continue
            target = staged(v)
            if size > limit:
                if any(str(f) == v for f in spec.files):
                    raise LoadError(urls[v], f"file is {fmt_bytes(size)}, over the {fmt_bytes(limit)} per-file limit "
                                    "(raise it with CURVEDOC_MAX_FILE_BYTES or max-file-mb)", kind="too-large")
                continue
            keys.append(key)
            targets.append(target)
            sizes.append(size)
            logs.append(any(str(f) == v for f in spec.files))
        try:
            for t in targets:
                Path(t).parent.mkdir(parents=True, exist_ok=True)
            for v in named:
                if v not in urls:  # a folder named in the spec (DVCLive's plots/metrics, a run folder)
                    Path(staged(v)).mkdir(parents=True, exist_ok=True)
                    urls[v] = info["root_url"] if v == str(spec.root) else v
        except OSError as exc:  # an object and a folder of the same name (``a`` and ``a/b``)
            raise LoadError(info["root_url"], f"cannot stage the run's objects: {exc.strerror or exc}",
                            kind="unreadable") from None
        try:
            grew = _fetch(fs, keys, targets, sizes, limit)
        except FileNotFoundError as exc:
            raise LoadError(info["root_url"], f"an object disappeared while reading: {exc}", kind="fetch-failed") from None
        except Exception as exc:  # the network, credentials that expired: tried again by the next audit
            raise LoadError(info["root_url"], f"cannot fetch: {type(exc).__name__}: {exc}", kind="fetch-failed") from None
        for i in grew:  # an object that grew past the limit after the listing: fetched no further than limit + 1
            url = fs.unstrip_protocol(keys[i]) if hasattr(fs, "unstrip_protocol") else keys[i]
            if logs[i]:
                raise LoadError(url, f"file grew past the {fmt_bytes(limit)} per-file limit after it was listed "
                                "(raise it with CURVEDOC_MAX_FILE_BYTES or max-file-mb)", kind="too-large")
            skipped.append((url, f"a size past the {fmt_bytes(limit)} per-file limit (it grew after the listing)"))
        local = dataclasses.replace(
            spec,
            root=Path(stage + str(spec.root)),
            files=[Path(stage + str(f)) for f in spec.files],
            prefixes={stage + k: p for k, p in spec.prefixes.items()},
            extras={k: ([stage + s for s in x] if k in ("other_states", "also_found") else x)
                    for k, x in spec.extras.items() if k != "remote"},
        )
        try:
            runs = read(local, role_overrides)
        except LoadError as exc:
            raise LoadError(_remap(exc.path, stage, urls), _remap(exc.reason, stage, urls), exc.kind) from None
        runs = [run.replace(source=_remap(str(run.source), stage, urls), path=info["root_url"]) for run in runs]
        for run in runs:
            for url, why in skipped:
                run.issues.append(ImportIssue("unsafe-key", _unsafe_message(url, why), file=url))
            for issue in run.issues:
                if issue.file:
                    issue.file = _remap(issue.file, stage, urls)
                issue.message = _remap(issue.message, stage, urls)
        return runs
    finally:
        owner.close()


__all__ = ["RemoteTree", "is_url", "local_path", "filesystem", "needed_files", "attach", "read_remote", "fingerprint"]
