"""A text log read while it is written (``curvedoc watch``).

The lines appended since the last reading are fed to ONE parser kept from the log's first line on, so a reading of
the log so far is the reading of a file holding exactly those bytes: the clocks -- the first epoch seen, an in-epoch
counter ``iter i/N`` made global once the epoch has turned, the printed step, a validation line that names only its
epoch placed at the step training had reached -- come from the whole log, never from where an appended piece starts.
A reading costs the lines appended since the last one plus a copy of the points kept (the parser itself is never
finished: :meth:`GrowingTextLog.reading` finishes a copy of it)."""

from __future__ import annotations

import codecs
import copy
from pathlib import Path

from curvedoc.errors import UnsupportedFormat
from curvedoc.importers._base import RunData, byte_windows, looks_utf16le
from curvedoc.importers.textlog.decoding import CHUNK
from curvedoc.importers.textlog.decoding import text_lines
from curvedoc.importers.textlog.parser import TextLogParser
from curvedoc.importers.textlog.reader import run_data
from curvedoc.model.run import ImportIssue


UTF16_PROBE = 64  # bytes needed to tell a UTF-16 log without a BOM (looks_utf16le) from a UTF-8 one


class GrowingTextLog:
    """``feed(appended_bytes)`` as the log grows, ``reading()`` for the :class:`RunData` of everything fed so far
    (equal to :func:`~curvedoc.importers.textlog.read_text_log` of a file holding those bytes).

    Bytes after the last newline (a line still being written, or a progress bar redrawn with ``\\r`` that has not
    ended its line) are kept: a reading reads them as the file's last line, as a reading of the file would, and
    the next ``feed`` puts them in front of what follows. The first bytes fed are the file's start: a binary file
    is refused there (:class:`~curvedoc.errors.UnsupportedFormat`), as the reader refuses it."""

    def __init__(self, path, reuse: bool = True):
        self.path = Path(path)
        self._parser = TextLogParser(self.path, reuse)
        self._issues: list[ImportIssue] = []
        self._lines = 0  # physical lines fed to the parser
        self._partial = b""  # the bytes after the last newline, not fed yet
        self.fed = 0  # bytes given to feed
        self._decoder = None  # a UTF-16 log's decoder (its text is read as UTF-8)
        self._decided = False  # the encoding has been told (from the file's first bytes)
        self._head = b""  # the first bytes, while too few to tell

    def feed(self, data: bytes) -> None:
        start = not self._lines and not self._decided
        self.fed += len(data)
        if not self._decided:
            head = self._head = self._head + data
            bom = head[:2] in (b"\xff\xfe", b"\xfe\xff")
            if not bom and len(head) <= UTF16_PROBE:
                self._partial = head  # too little to tell UTF-16 from UTF-8: a reading reads it as the file
                return
            self._decided, self._head, self._partial, data = True, b"", b"", head
            if bom or looks_utf16le(head[:CHUNK]):
                # a UTF-16 log (PowerShell): its pieces are cut between the two bytes of a character; decoded as
                # one stream and read as UTF-8 text, as the reader decodes the whole file
                self._decoder = codecs.getincrementaldecoder("utf-16" if bom else "utf-16-le")(errors="replace")
        if self._decoder is not None:
            data = self._decoder.decode(data).encode("utf-8")
        data = self._partial + data
        cut = data.rfind(b"\n") + 1
        self._partial = data[cut:]
        if cut:
            self._lines = _feed(self._parser, self.path, data[:cut], self._lines, self._issues, start)

    def reading(self) -> RunData:
        """The run as a reading of the file holding the bytes fed so far gives it (UnsupportedFormat when no
        metric has been printed yet)."""
        self._parser.flush()  # (the lines held back to be applied together: applied now, not copied)
        p = _copy(self._parser)
        issues = list(self._issues)
        if self._partial:
            _feed(p, self.path, self._partial, self._lines, issues, not self._decided)
        return run_data(p, self.path, issues)


def _copy(p: TextLogParser) -> TextLogParser:
    """A deep copy of the parser, made fast where it is big: the columns of points (lists of numbers and names,
    or of rows never changed in place) are copied as lists, not element by element. Correct without that help
    (a column not found here is deep-copied like the rest), only slower."""
    memo: dict[int, object] = {}

    def columns(obj, names):
        for name in names:
            col = getattr(obj, name, None)
            if type(col) is list:
                memo[id(col)] = list(col)

    for fam in p.series.values():
        for ser in fam.values():
            columns(ser, ("steps", "values", "order", "how"))
    for pend in p.pending.values():
        columns(pend, ("seq", "epoch", "step", "values", "bar"))
    for last in (*p.epoch_at.values(), p.epoch_own):
        columns(last, ("pos", "val"))
    return copy.deepcopy(p, memo)


def _feed(p: TextLogParser, path: Path, data: bytes, before: int, issues: list[ImportIssue], start: bool) -> int:
    """Feed the lines of ``data`` (which follows ``before`` physical lines) to ``p``; the lines fed in all. Only the
    file's start is checked for being text (a later piece is part of a file already read as a text log)."""
    if data.strip():
        try:
            with byte_windows({str(path): data}):
                for first, lines in text_lines(path, issues):
                    p.feed_lines(before + first, lines)
        except UnsupportedFormat:
            if start:
                raise
            # a later piece that looks binary on its own (mostly control bytes): damage inside a text log, said
            issues.append(ImportIssue("bad-chunks", f"{len(data):,} bytes after line {before:,} are not text and "
                                      "were not read", file=str(path), count=1))
    # (each piece is decoded on its own -- a log in a legacy encoding is told so by every piece that holds such text:
    # said once, as a reading of the whole file says it)
    said = [i for i in issues if i.kind == "encoding"]
    if len(said) > 1:
        issues[:] = [i for i in issues if i.kind != "encoding" or i is said[0]]
    return before + data.count(b"\n")


__all__ = ["GrowingTextLog"]
