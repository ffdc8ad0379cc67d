"""Which decoder reads event files in this process: the numpy reference (:mod:`curvedoc.importers._tfrecord`) or
the compiled one (:mod:`curvedoc.importers._tfrecord_jit`, numba, ``curvedoc[fast]``), and where numba keeps the
latter's machine code. :func:`compiled_decoder` decides per file, :func:`prepare_compiled` once before an audit's
workers start; ``CURVEDOC_TF_DECODER`` (``auto`` / ``numpy`` / ``compiled``) overrides."""

from __future__ import annotations

import importlib
import os

_JIT_AFTER_BYTES = 256 << 20
_JIT_WARM_SWEEP = 1 << 30
_read_bytes = 0  # event-file bytes this process has been asked to read
_jit_missing = False
_jit_ready = False  # the compiled decoder is loaded in this process (or was, in the parent of this fork)


def _mode() -> str:
    return os.environ.get("CURVEDOC_TF_DECODER", "auto").strip().lower()


def _writable(folder: str) -> bool:
    """``folder`` can be written, or created and written (its nearest existing parent can)."""
    while not os.path.isdir(folder):
        parent = os.path.dirname(folder)
        if parent == folder:
            return False
        folder = parent
    return os.access(folder, os.W_OK)


def numba_cache_dir() -> str | None:
    """The folder numba keeps the decoder's machine code in (``_tfrecord_jit.*.nbi``), found the way numba finds it,
    without importing numba: ``$NUMBA_CACHE_DIR``, else the module's ``__pycache__`` when this user can write it,
    else the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, then ``numba/``) -- where a package
    installed read-only (system-wide, a container image, another user's environment) gets its cache. None: numba
    could not cache it at all (it would compile in every process)."""
    here = os.path.dirname(os.path.abspath(__file__))
    import hashlib

    sub = f"{os.path.basename(here)}_{hashlib.sha1(here.encode()).hexdigest()}"
    if os.environ.get("NUMBA_CACHE_DIR"):
        return os.path.join(os.environ["NUMBA_CACHE_DIR"], sub)
    tree = os.path.join(here, "__pycache__")
    if _writable(tree):
        return tree
    user = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "numba", sub)
    return user if _writable(user) else None


def _cache_warm() -> bool:
    """numba's cache holds the decoder's machine code (see :func:`numba_cache_dir`): loading it takes a tenth of a
    second, compiling it about five."""
    folder = numba_cache_dir()
    try:
        names = os.listdir(folder) if folder else []
    except OSError:
        return False
    return all(any(n.startswith(f"_tfrecord_jit.{f}-") and n.endswith(".nbi") for n in names)
               for f in ("frame", "_decode"))


def compiled_decoder(size: int):
    """The compiled decoder module (numba, ``curvedoc[fast]``) when it is worth using for a file of ``size`` bytes.

    ``CURVEDOC_TF_DECODER``: ``numpy`` never uses it, ``compiled`` always does (ImportError without numba),
    ``auto`` (the default) whenever it is loaded already (:func:`prepare_compiled` in this process or its parent:
    an audit's workers), else once this process has been asked to read :data:`_JIT_AFTER_BYTES` (256 MB) of event
    files, counting this one, and only when numba's cache holds the machine code: importing numba and loading that
    code costs more than the numpy path takes for anything smaller (and 100-150 MB of memory), and compiling it
    takes about 5 s. Both paths give the same points, checksums and damage reports (tests/test_tfevents_jit.py)."""
    global _read_bytes, _jit_missing
    mode = _mode()
    _read_bytes += max(0, size)
    if mode == "numpy" or (mode != "compiled" and (_jit_missing or not (
            _jit_ready or (_read_bytes >= _JIT_AFTER_BYTES and _cache_warm())))):
        return None
    try:
        return importlib.import_module("curvedoc.importers._tfrecord_jit")
    except Exception:
        if mode == "compiled":
            raise
        _jit_missing = True
        return None


def prepare_compiled(total_bytes: int) -> bool:
    """Before an audit's workers start: with ``total_bytes`` of event files to read (1 GB or more), make the
    compiled decoder ready once here -- compiled on a fresh install, else loaded from numba's cache -- so that every
    worker uses it (a fork inherits it; a spawned worker finds the cache). True when it is ready."""
    global _jit_ready, _jit_missing
    mode = _mode()
    if mode == "numpy" or _jit_missing or (mode != "compiled" and total_bytes < _JIT_WARM_SWEEP):
        return False
    try:
        importlib.import_module("curvedoc.importers._tfrecord_jit").warm()
    except Exception:
        _jit_missing = True
        return False
    _jit_ready = True
    return True

