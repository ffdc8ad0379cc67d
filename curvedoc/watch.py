"""``curvedoc watch``: diagnose a run (or a sweep) while it is being written, and say each new finding once.

    w = Watcher("runs/exp1", on_event=print)      # or the CLI: curvedoc watch runs/exp1 --fail-on error
    w.poll()                                      # one pass: new files and runs, new bytes, new findings
    w.run(interval=2.0, idle=600)                 # poll until nothing grew for `idle` seconds, then a last pass

Each poll walks the path again (new files and new runs are picked up), and reads only what was appended since
the last poll: event files from the last complete record, CSV / JSON-lines / text logs from the last complete
line (a CSV's header is put back in front): each format's way of being followed is its entry in the reader
registry (:func:`curvedoc.importers.registry.follow`), the framing of its records too. The bytes go through the
usual importers (via
:func:`curvedoc.importers._base.byte_windows`), so a line means the same thing live as in ``diagnose``. Small
whole-file formats (``trainer_state.json``, W&B, MLflow, DVCLive) are re-read when their size or mtime changes;
a file caught half-written is read again on the next poll. A partial record or line at the end of a growing
file is never read, so it is never reported as damage.

A print log (text-log) is not read piece by piece: where a piece starts says nothing of the clock (``iter 16/48``
is step 16 of an epoch whose number the piece may not hold, a validation line names only its epoch), so its new
lines are fed to one parser kept from the file's first line (:class:`~curvedoc.importers.textlog.GrowingTextLog`),
and the run becomes that parser's reading of the log so far -- what ``diagnose`` reads from a file holding those
lines. A poll parses what was appended and copies the points read so far (no re-parse of the file). A CSV or JSON
log whose step goes back between two polls gets the restart note ``diagnose`` gives it.

The runs are kept in bounded :class:`~curvedoc.live.LiveRun` s and diagnosed as live (whole-run rules wait), so
a poll costs what was appended, not the run length. When the watch ends (``idle`` seconds without growth), every
run is read in full and diagnosed once more with every rule, exactly as ``diagnose`` would: what that adds
(unfinished, schedule ended early...) is reported then.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from curvedoc.live import Event, LiveRun, Monitor
from curvedoc.model.run import ImportIssue

WINDOW_BYTES = 64 << 20  # at most this much of a file is read per poll (the rest on the next ones)
HEAD_CHECK = 256  # bytes of a file's start compared at each poll to tell a rewritten file from a grown one


@dataclass
class _File:
    path: Path
    follow: Any  # how the file is read as it grows (curvedoc.importers.registry.Follow)
    offset: int = 0  # bytes consumed (records / lines modes)
    size: int = -1
    mtime: float = -1.0
    header: bytes = b""  # a CSV's header line, put in front of every new chunk
    ident: tuple[int, int] | None = None  # (device, inode) of the file read from
    head: bytes = b""  # its first bytes (up to HEAD_CHECK) as read: a file rewritten in place differs
    tail: bytes = b""  # the last bytes read (up to HEAD_CHECK), just before ``offset``: they too must be unchanged
    follower: Any = None  # a text log: one parser fed every line since the file's start (GrowingTextLog)

    @property
    def mode(self) -> str:
        """'records' (complete framed records), 'lines' (complete lines) or 'whole' (read again when changed)."""
        return self.follow.unit


@dataclass
class _Watched:
    spec: Any
    live: LiveRun
    files: dict[str, _File] = field(default_factory=dict)
    started: bool = False
    # a whole-file store of several runs (an mlflow.db): one live run each, by name, never one merged run
    parts: dict[str, LiveRun] = field(default_factory=dict)

    def lives(self) -> list[LiveRun]:
        return list(self.parts.values()) if self.parts else [self.live]


def _whole_file_notes(issues, w: "_Watched") -> list:
    """The importer's notes on a whole-file format re-read: a file cut short (``truncated*``) was caught while being
    rewritten, not damaged -- not kept, and the file is read again at the next poll, changed or not."""
    kept = [i for i in issues if not str(i.kind).startswith("truncated")]
    if len(kept) < len(issues):
        for f in w.files.values():
            if f.mode == "whole":
                f.size = f.mtime = -1
    return kept


def _read_range(path: Path, a: int, b: int) -> bytes:
    from curvedoc.importers import open_regular

    with open_regular(path) as fh:
        fh.seek(a)
        return fh.read(b - a)


class Watcher:
    """Polls ``path`` and diagnoses what grew. ``on_event`` receives each new finding as an
    :class:`~curvedoc.live.Event`."""

    def __init__(self, path, *, settings=None, on_event: Callable[[Event], None] | None = None,
                 on_note: Callable[[str], None] | None = None):
        from curvedoc.engine import Plan, resolve_settings

        self.on_note = on_note
        self.notes: list[str] = []  # what could not be watched, and why (each said once)
        self.path = os.fspath(path)
        self.settings = settings if settings is not None else resolve_settings(self.path)
        self.monitor = Monitor(Plan.build(self.settings), on_event=on_event)
        self.runs: dict[str, _Watched] = {}
        self.last_growth = time.monotonic()
        self.polls = 0

    def _note(self, msg: str) -> None:
        if msg not in self.notes:
            self.notes.append(msg)
            if self.on_note is not None:
                self.on_note(msg)

    # ------------------------------------------------------------------ one poll
    def poll(self) -> list[Event]:
        """Discover, read what was appended, diagnose the runs that grew. Returns the new findings."""
        from curvedoc.importers import discover

        self.polls += 1
        events: list[Event] = []
        if not os.path.lexists(self.path):
            return events
        disc = discover(self.path, with_base=True)
        for spec in disc.specs:
            key = f"{spec.format}:{spec.root}:{spec.name}"
            w = self.runs.get(key)
            if w is None:
                w = self.runs[key] = _Watched(spec, LiveRun(spec.name, spec.format, path=spec.root))
            else:
                w.spec = spec  # new files of the run are in the new spec
            if self._grow(w):
                self.last_growth = time.monotonic()
                for live in w.lives():
                    events += self.monitor.check(live)
        return events

    def _grow(self, w: _Watched) -> bool:
        """Read the new bytes of the run's files into its LiveRun; True when anything was added."""
        from curvedoc.errors import LoadError
        from curvedoc.importers import byte_windows, max_file_bytes, open_regular, read_spec
        from curvedoc.importers.registry import follow, parser

        limit = max_file_bytes()
        if self._replaced(w):
            # a log rotated or replaced (a new inode, a shorter file, other first bytes: a restarted script's
            # new header): the run starts over from the new files, never the old offsets under the old header
            w.live = LiveRun(w.live.name, w.live.source, path=w.spec.root)
            w.files.clear()
            w.started = False
        windows: dict[str, bytes] = {}
        grown: list[Path] = []
        whole_changed = False
        for p in w.spec.files:
            p = Path(p)
            try:
                st = p.stat()
            except OSError:
                continue
            f = w.files.get(str(p))
            if f is None:
                f = w.files[str(p)] = _File(p, follow(w.spec.format, p))
            if st.st_size == f.size and st.st_mtime == f.mtime:
                continue
            if st.st_size > limit:  # as diagnose: over the size guard, not read -- and said, not a silent gap
                self._note(f"{p}: {st.st_size:,} bytes, over the {limit:,}-byte per-file limit: not watched (raise "
                           "it with CURVEDOC_MAX_FILE_BYTES or max-file-mb)")
                f.size, f.mtime = st.st_size, st.st_mtime
                continue
            if f.mode == "whole":
                f.size, f.mtime = st.st_size, st.st_mtime
                whole_changed = True
                continue
            try:  # the complete records or lines appended (at most a window of them), by the format's framing
                with open_regular(p) as fh:
                    end, chunk = f.follow.take(fh, f.offset, st.st_size, WINDOW_BYTES)
            except OSError:  # gone, or not a regular file any more: the next poll sees what took its place
                continue
            f.size, f.mtime = st.st_size, st.st_mtime
            if st.st_size - f.offset > WINDOW_BYTES:
                f.size = -1  # more than a window was waiting: the next poll reads on, grown or not
            if f.ident is None:
                f.ident = (st.st_dev, st.st_ino)
            if end <= f.offset:
                continue
            if f.offset < HEAD_CHECK:  # the first bytes, however few came with the first read (a lone header)
                f.head = (f.head + chunk[:HEAD_CHECK])[:HEAD_CHECK]
            f.tail = (f.tail + chunk[-HEAD_CHECK:])[-HEAD_CHECK:]
            if f.follow.parser is not None:
                # one parser for the whole file, fed what was appended: a piece of a printed log that starts
                # mid-epoch is read with the clocks the lines before it set (never "iter 16/48" taken as step 16)
                if f.follower is None:
                    f.follower = parser(f.follow, p)
                f.offset = end
                try:
                    f.follower.feed(chunk)
                except LoadError as exc:  # its first bytes are not text (a binary file named train.log)
                    self._note(f"{exc.path}: {exc.reason}: not watched")
                    continue
                grown.append(p)
                continue
            if f.follow.header:  # a table's header line, put back in front of every piece after the first
                if f.offset == 0:
                    nl = chunk.find(b"\n")
                    f.header = chunk[: nl + 1]
                elif f.header:
                    chunk = f.header + chunk
            windows[str(p)] = chunk
            grown.append(p)
            f.offset = end
        if not grown and not whole_changed:
            return False
        if whole_changed:
            # a whole-file format (or a run mixing one in): read the run in full, replace what was kept
            try:
                runs = read_spec(w.spec)
            except LoadError:
                for f in w.files.values():  # caught half-written: the next poll reads it again, changed or not
                    if f.mode == "whole":
                        f.size = f.mtime = -1
                return False
            if len(runs) > 1:  # several runs in one file (an mlflow.db): each its own live run
                parts = {}
                for r in runs:
                    lv = parts[r.name] = LiveRun(r.name, w.live.source, path=w.spec.root)
                    lv.append_scalars(r.scalars)
                    lv.hparams.update(r.hparams)
                    lv.meta.update(r.meta)
                    lv.issues = _whole_file_notes(r.issues, w)
                w.parts = parts
                return any(lv.points > 0 for lv in parts.values())
            fresh = LiveRun(w.live.name, w.live.source, path=w.spec.root)
            for r in runs:
                fresh.append_scalars(r.scalars)
                fresh.hparams.update(r.hparams)
                fresh.meta.update(r.meta)
                fresh.issues.extend(_whole_file_notes(r.issues, w))
            w.live, w.parts = fresh, {}
            return fresh.points > 0
        followed = [w.files[str(g)].follower for g in grown if w.files[str(g)].follower is not None]
        if followed:
            return self._reread_text(w, followed[0])
        import dataclasses

        part = dataclasses.replace(w.spec, files=grown)
        try:
            with byte_windows(windows):
                runs = read_spec(part)
        except LoadError as exc:
            self._note(f"{exc.path}: {exc.reason}: what was appended is not watched")
            return False
        added = 0
        for r in runs:
            before = w.live.points
            # a table whose row step goes back is a resumed run appended to it (csv / json lines importers): what was
            # appended starts before where the file had got, said as diagnose says it of the whole file
            back = w.live.steps_back(r.scalars) if w.files[str(grown[0])].follow.rows_restart else None
            if back is not None:
                w.live.issues.append(ImportIssue(
                    "restart", f"the step goes back where a watch poll read on (step {back[0]:,} -> {back[1]:,} in "
                    f"'{back[2]}': resumed or restarted run appended to the same file?)", file=str(grown[0]), count=1))
            # the importer's notes on what was appended (a restart or damage inside it), kept as diagnose keeps them
            w.live.issues.extend(r.issues)
            w.live.append_scalars(r.scalars)
            added += w.live.points - before
            if not w.started:
                w.live.hparams.update(r.hparams)
                w.live.meta.update({k: v for k, v in r.meta.items() if k != "live"})
        w.started = True
        return added > 0

    def _reread_text(self, w: _Watched, follower) -> bool:
        """A text log grew: the run becomes the reading of the log so far (what ``diagnose`` reads from a file
        holding those lines: the same points at the same steps, settings, facts and import notes)."""
        from curvedoc.errors import LoadError, UnsupportedFormat

        try:
            rd = follower.reading()
        except UnsupportedFormat:
            return False  # no metric printed yet (the start was checked to be text): wait for more lines
        except LoadError as exc:
            self._note(f"{exc.path}: {exc.reason}: what was appended is not watched")
            return False
        except Exception as exc:  # a reader bug must not stop the watch of the other runs
            self._note(f"{follower.path}: internal error in the text-log reader: {type(exc).__name__}: {exc}")
            return False
        fresh = LiveRun(w.live.name, w.live.source, path=w.spec.root)
        fresh.append_scalars(rd.frame)
        fresh.hparams.update(rd.hparams)
        fresh.meta.update(rd.meta)
        fresh.issues = list(rd.issues)
        w.live, w.started = fresh, True
        return fresh.points > 0

    @staticmethod
    def _replaced(w: _Watched) -> bool:
        """A file of the run already read from is now another file: another inode, shorter than what was read,
        or its first bytes differ (rewritten in place)."""
        for key, f in w.files.items():
            if f.mode == "whole" or f.offset == 0:
                continue
            try:
                st = f.path.stat()
            except OSError:
                continue  # gone for now (mid-rotation): the next poll sees what took its place
            if (f.ident is not None and (st.st_dev, st.st_ino) != f.ident) or st.st_size < f.offset:
                return True
            if f.head and (st.st_size != f.size or st.st_mtime != f.mtime):
                try:
                    if _read_range(f.path, 0, len(f.head)) != f.head or (
                            f.tail and _read_range(f.path, f.offset - len(f.tail), f.offset) != f.tail):
                        return True
                except OSError:
                    continue
        return False

    # ------------------------------------------------------------------ the end
    def finish(self) -> list[Event]:
        """Read every run in full and diagnose it with every rule (as ``diagnose`` does): new findings only."""
        from curvedoc.importers import read_spec
        from curvedoc.errors import LoadError

        events: list[Event] = []
        for w in self.runs.values():
            try:
                runs = read_spec(w.spec, self.settings.roles)
            except LoadError:
                continue
            for r in runs:
                events += self.monitor.finish(r, str(w.spec.root))
        return events

    def run(self, *, interval: float = 2.0, idle: float | None = None, stop: Callable[[Event], bool] | None = None,
            max_polls: int | None = None) -> Event | None:
        """Poll every ``interval`` seconds until nothing grew for ``idle`` seconds (None: forever), then finish.
        ``stop(event)`` true ends the watch at once and returns that event."""
        while True:
            for ev in self.poll():
                if stop is not None and stop(ev):
                    return ev
            if max_polls is not None and self.polls >= max_polls:
                break
            if idle is not None and time.monotonic() - self.last_growth >= idle:
                break
            time.sleep(interval)
        for ev in self.finish():
            if stop is not None and stop(ev):
                return ev
        return None


# ------------------------------------------------------------------------------ the --exec hook

HOOK_TIMEOUT = 300.0  # seconds a hook may run before it (and what it started) is stopped
HOOK_OUTPUT_BYTES = 64 * 1024  # of a hook's output shown; the rest is counted, read and dropped
HOOK_ENV_CHARS = 4096  # per CURVEDOC_* variable (the whole finding is on stdin); the kernel caps one at 128 kB
HOOK_DRAIN_SECONDS = 0.5  # after the hook exits, how long its output is still read (a background child may hold it)


@dataclass
class HookResult:
    returncode: int | None  # None: not started or stopped at the time limit
    output: str  # stdout + stderr, the first HOOK_OUTPUT_BYTES
    dropped: int = 0  # output bytes beyond those
    error: str = ""  # why it did not run or was stopped


def hook_env(values: dict[str, str], base: dict[str, str] | None = None) -> dict[str, str]:
    """The hook's environment: ``base`` (default: this process's) plus ``values``, each made a valid environment
    string (a NUL byte or a lone surrogate from a log becomes U+FFFD) of at most :data:`HOOK_ENV_CHARS`
    characters (cut with '...': the full finding is on stdin), so no run name or tag can stop the hook."""
    env = dict(os.environ if base is None else base)
    for k, v in values.items():
        v = str(v).replace("\0", "\ufffd").encode("utf-8", "replace").decode("utf-8")
        if len(v) > HOOK_ENV_CHARS:
            v = v[: HOOK_ENV_CHARS - 3] + "..."
        env[k] = v
    return env


def run_hook(argv: list[str], stdin: bytes, env: dict[str, str], *, timeout: float = HOOK_TIMEOUT,
             max_output: int = HOOK_OUTPUT_BYTES) -> HookResult:
    """Run ``argv`` (no shell) with ``stdin``, its output read as it comes and bounded to ``max_output`` bytes
    (the rest read and dropped: a hook printing gigabytes costs no memory). The hook runs in its own process
    group: at ``timeout`` the group is stopped. When the hook exits, its output is read for
    :data:`HOOK_DRAIN_SECONDS` more, then left: a child it put in the background and that keeps the pipe open
    never blocks the watch."""
    import selectors
    import signal
    import subprocess
    import threading

    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                env=env, start_new_session=True)
    except (OSError, ValueError) as exc:
        return HookResult(None, "", 0, f"cannot start: {exc}")

    def feed() -> None:
        try:
            proc.stdin.write(stdin)
        except OSError:  # the hook does not read its input: fine
            pass
        finally:
            try:
                proc.stdin.close()
            except OSError:
                pass

    threading.Thread(target=feed, daemon=True).start()
    kept, dropped = bytearray(), 0
    deadline = time.monotonic() + timeout
    exited_at = None
    error = ""
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    fd = proc.stdout.fileno()
    try:
        while True:
            now = time.monotonic()
            if exited_at is None and proc.poll() is not None:
                exited_at = now
            if exited_at is not None and now - exited_at >= HOOK_DRAIN_SECONDS:
                break
            if now >= deadline:
                error = f"stopped after {timeout:g} s (the time limit of a hook)"
                break
            if not sel.select(timeout=0.05):
                continue
            chunk = os.read(fd, 65536)
            if not chunk:  # every writer closed: done once the hook has exited
                if proc.wait(timeout=max(0.0, deadline - time.monotonic())) is not None:
                    break
                continue
            room = max_output - len(kept)
            kept += chunk[:room]
            dropped += max(0, len(chunk) - room)
    except subprocess.TimeoutExpired:
        error = f"stopped after {timeout:g} s (the time limit of a hook)"
    except BaseException:
        _stop_group(proc, signal)
        raise
    finally:
        sel.close()
        proc.stdout.close()
    if error:
        _stop_group(proc, signal)
    rc = proc.poll()
    return HookResult(None if error else rc, kept.decode("utf-8", "replace"), dropped, error)


def exec_hook(cmd: str, ev: Event) -> HookResult:
    """``curvedoc watch --exec CMD`` for one finding: ``cmd`` split like a shell would split it (never run through
    one), run by :func:`run_hook` with the finding as JSON on stdin and in ``CURVEDOC_*`` environment variables --
    text from the logs is data, never part of the command line."""
    import json
    import re
    import shlex

    f = ev.finding
    env = hook_env({"CURVEDOC_RUN": str(ev.run), "CURVEDOC_PATH": str(ev.path), "CURVEDOC_CODE": f.code,
                    "CURVEDOC_NAME": f.name, "CURVEDOC_SEVERITY": f.severity,
                    "CURVEDOC_STEP": "" if f.step is None else str(f.step), "CURVEDOC_MESSAGE": f.message,
                    "CURVEDOC_CONFIDENCE": f"{f.confidence:.3f}"})
    # a file or folder name that is not valid UTF-8 reaches the text as lone surrogates: U+FFFD on stdin
    payload = re.sub("[\ud800-\udfff]", "\ufffd", json.dumps(ev.to_dict(), ensure_ascii=False) + "\n")
    return run_hook(shlex.split(cmd), payload.encode("utf-8"), env)


def _stop_group(proc, signal) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        proc.wait(timeout=5)
    except Exception:
        pass


__all__ = ["Watcher", "HookResult", "hook_env", "run_hook", "exec_hook"]
