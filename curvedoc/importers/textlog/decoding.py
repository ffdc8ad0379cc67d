"""The lines of a text-log file, decoded incrementally (UTF-8, UTF-16, a BOM; NUL runs dropped; a binary file
refused), and the renderings of one physical line (a progress bar redrawn with \\r is several)."""

from __future__ import annotations

import re

import codecs
from pathlib import Path

from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers._base import is_lfs_pointer, looks_utf16le, open_binary
from curvedoc.model.run import ImportIssue

CHUNK = 1 << 20
MAX_LINE = 1 << 16  # characters of one line that are parsed; the rest of a longer line is ignored (counted)

# the first bytes of binary formats a log's name may be given to (a checkpoint, an array, an archive, a database)
BINARY_MAGIC = ((b"\x1f\x8b", "gzip-compressed data"), (b"PK\x03\x04", "a zip archive (a PyTorch checkpoint?)"),
                (b"\x93NUMPY", "a NumPy array file"), (b"\x89PNG", "a PNG image"),
                (b"SQLite format 3\x00", "an SQLite database"), (b"\x80\x02", "a pickle"), (b"\x80\x04", "a pickle"),
                (b"\x80\x05", "a pickle"), (b"\x7fELF", "an executable"),
                (b"\xfd7zXZ\x00", "xz-compressed data"), (b"\x28\xb5\x2f\xfd", "zstd-compressed data"))

# ---------------------------------------------------------------------------------------------- decoding
# the encodings a log written on a machine not set to UTF-8 is in, tried in order on a file that is not UTF-8: the
# Chinese national standard (GB18030, a superset of GBK and GB2312: a Windows console in China), then Western
# Windows (cp1252), then Latin-1, which reads any byte
LEGACY_ENCODINGS = ("gb18030", "cp1252", "latin-1")
LEGACY_NAMES = {"gb18030": "GB18030 (GBK)", "cp1252": "Windows-1252", "latin-1": "Latin-1",
                "mixed": "UTF-8 or GB18030 (GBK), line by line"}


def _strict(data: bytes, enc: str) -> bool:
    """Does ``data`` decode as ``enc`` with no error (a character cut at its end aside)?"""
    try:
        codecs.getincrementaldecoder(enc)(errors="strict").decode(data, final=False)
    except UnicodeDecodeError:
        return False
    return True


def legacy_encoding(head: bytes) -> str:
    """"utf-8", or the legacy encoding of a file whose first bytes ``head`` are not UTF-8: many invalid sequences
    (three or more, and more than the valid multi-byte characters: not a UTF-8 log with a few damaged bytes) that
    another common encoding decodes with none (the first of LEGACY_ENCODINGS that does; a character cut at the end
    of ``head`` does not count). "mixed" when the lines that are not UTF-8 (two or more) are GB18030 (a logging
    handler writing the console's code page beside lines printed in UTF-8): each line is decoded on its own."""
    if head.isascii():
        return "utf-8"
    text = codecs.getincrementaldecoder("utf-8")(errors="replace").decode(head, final=False)
    # (a U+FFFD written in the text, EF BF BD, is a character of it, no decoding error)
    bad = text.count("\ufffd") - head.count(b"\xef\xbf\xbd")
    if bad < 3:
        return "utf-8"
    mostly = bad > sum(1 for c in text if c > "\x7f") - bad  # (more invalid sequences than UTF-8 characters)
    if mostly and _strict(head, "gb18030"):
        return "gb18030"
    lines = head.split(b"\n")[:-1] or [head]
    invalid = [line for line in lines if not line.isascii() and not _strict(line, "utf-8")]
    if len(invalid) >= 2 and all(_strict(line, "gb18030") for line in invalid):
        return "mixed"
    if not mostly:
        return "utf-8"  # (a UTF-8 log with a few damaged bytes)
    return next((enc for enc in LEGACY_ENCODINGS[1:] if _strict(head, enc)), "utf-8")


def _line_text(line: bytes) -> str:
    for enc in ("utf-8", "gb18030"):
        try:
            return line.decode(enc)
        except UnicodeDecodeError:
            pass
    return line.decode("utf-8", errors="replace")


class LineDecoder:
    """An incremental decoder for a file whose lines are in UTF-8 or GB18030: each line in the first of the two that
    decodes it with no error (else UTF-8, U+FFFD for what it cannot)."""

    def __init__(self):
        self.buf = b""

    def decode(self, data: bytes, final: bool = False) -> str:
        self.buf += data
        cut = len(self.buf) if final else self.buf.rfind(b"\n") + 1
        done, self.buf = self.buf[:cut], self.buf[cut:]
        return "".join(map(_line_text, done.splitlines(keepends=True)))


def text_lines(path: Path, issues: list[ImportIssue]):
    """Yield (physical line number of the first, texts) for consecutive lines, decoding incrementally; a very long
    line's renderings can come in several parts with the same line number."""
    with open_binary(path) as fh:
        head = fh.read(CHUNK)
        if is_lfs_pointer(head[:64]):
            raise LoadError(path, "Git LFS pointer, not the data (run `git lfs pull`)", kind="lfs-pointer")
        enc = "utf-8"
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            enc = "utf-16"
        elif head.startswith(b"\xef\xbb\xbf"):
            enc = "utf-8-sig"
        elif looks_utf16le(head):
            enc = "utf-16-le"
        else:
            # NUL runs inside a text log are damage (a file preallocated or cut by a crash), not a binary
            # format: they are dropped and reported; a file that is mostly control bytes is not text
            # (a printed log holds almost no other control bytes: compressed or packed data holds one in ten)
            sample = head[:65536].replace(b"\x00", b"")
            ctrl = sum(sample.count(bytes([b])) for b in range(32) if b not in (8, 9, 10, 11, 12, 13, 27))
            magic = next((name for sig, name in BINARY_MAGIC if head.startswith(sig)), None)
            if magic is not None:
                raise UnsupportedFormat(path, f"{magic}, not a text log (binary data)")
            if not sample.strip() or ctrl > 0.02 * len(sample) or b"\n" not in sample and len(sample) > MAX_LINE:
                raise UnsupportedFormat(path, f"binary data, not a text log ({ctrl:,} control bytes in its first "
                                        f"{len(sample):,})")
            enc = legacy_encoding(head)
            if enc != "utf-8":
                issues.append(ImportIssue("encoding", f"not UTF-8: read as {LEGACY_NAMES[enc]} (its bytes are "
                                          "that encoding's text)", file=str(path), count=1, severity="info"))
        dec = LineDecoder() if enc == "mixed" else codecs.getincrementaldecoder(enc)(errors="replace")
        nuls = 0
        buf = ""
        lineno = 0
        cut_lines: dict[int, int] = {}  # line number -> characters dropped from an endless line
        before: list[str] = []  # the last complete lines (a last line without its end is compared with them)
        chunk = head
        while True:
            text = dec.decode(chunk, final=not chunk)
            if "\x00" in text:
                nuls += text.count("\x00")
                text = text.replace("\x00", "")
            buf += text
            parts = buf.split("\n")
            buf = parts.pop()
            if parts:
                before = (before + parts[-_CUT_LOOKBACK:])[-_CUT_LOOKBACK:]
                yield lineno + 1, parts
                lineno += len(parts)
            if len(buf) > MAX_LINE and "\r" in buf:
                # a progress bar redrawn with \r for hours is one physical line of many renderings: hand over
                # the complete renderings as they come (same line number), so none is lost to the length cap
                cut = buf.rfind("\r")
                yield lineno + 1, [buf[:cut]]
                buf = buf[cut:]
            if len(buf) > MAX_LINE * 16:  # one endless line (a 1 GB line with no newline): keep its tail only
                cut_lines[lineno + 1] = cut_lines.get(lineno + 1, 0) + len(buf) - MAX_LINE
                buf = buf[-MAX_LINE:]
            if not chunk:
                break
            chunk = fh.read(CHUNK)
        if cut_lines:  # one note for all of them, not one per megabyte read
            first, longest = min(cut_lines), max(cut_lines.values())
            issues.append(ImportIssue(
                "long-line", f"{len(cut_lines):,} line(s) longer than 1 MB were cut and only their last "
                f"{MAX_LINE:,} characters read (first at line {first:,}; {longest / 1e6:,.0f}M characters dropped "
                "from the longest)", file=str(path), count=len(cut_lines), severity="info"))
        if nuls:
            issues.append(ImportIssue("bad-chunks", f"{nuls:,} NUL byte(s) inside the text (a damaged or "
                                      "preallocated file) were dropped", file=str(path), count=1))
        if buf:
            lineno += 1
            size = fh.tell()
            if size % 65536 == 0 and enc.startswith("utf-8"):
                # ends mid-line at an exact multiple of 64 KiB: a copy cut at a block boundary
                issues.append(ImportIssue("truncated", f"the file ends mid-line at {size:,} bytes, an exact "
                                          "multiple of 64 KiB: a truncated copy", file=str(path), count=1))
            elif (like := cut_inside_record(buf, before)) is not None:
                # the log stops inside a record: the job was stopped while writing it, or a block of its buffered
                # output never reached the file (stdout redirected to a file is written 4 or 8 KiB at a time) -- at a
                # block boundary what came after is unknown (a warning), else that one record is lost (info). The
                # cut record is not read: the number it stops in may have lost its last digits
                block = size % 4096 == 0
                issues.append(ImportIssue(
                    "truncated-record", f"the file ends inside its last record, line {lineno:,} "
                    f"('{buf.strip()[:60]}' of a record such as '{like.strip()[:60]}')"
                    + (f" at {size:,} bytes, a whole number of 4 KiB blocks: the output was cut at a block, more "
                       "may be lost" if block else ": the job stopped while writing it"),
                    file=str(path), count=1, severity="warning" if block else "info"))
                return
            yield lineno, [buf]



# how many complete lines before a log's last one its text is compared with (:func:`cut_inside_record`)
_CUT_LOOKBACK = 8
_DIGITS = re.compile(r"\d+")
_METER_AT_END = re.compile(r"\[\d+:\d+(?::\d+)?<[\d:?]+(?:,[^\]\r\n]*)?\]\s*$")


def cut_inside_record(last: str, before: list[str]) -> str | None:
    """The complete line (one of ``before``, the lines just before it) that the log's last line, written without its
    line end, is the beginning of -- numbers aside (``step=229 ,lo`` of ``step=228 ,loss=0.23484, auc=0.50518``): the
    log stops inside a record of that shape. None when the last line is no such beginning: a line complete in its
    words (a log whose writer never ends its last line), a progress bar's renderings or a bar drawn whole, a line of
    another shape."""
    if "\r" in last or not last.strip() or _METER_AT_END.search(last):
        return None  # (a progress bar drawn whole, its meter closed -- '100% 1330/1330 [14:55<00:00, 1.48it/s]' --
        # though a line of the same bar with a record glued after it was printed before)
    cut = _DIGITS.sub("0", last)
    for line in reversed(before):
        line = line.rstrip("\r")
        if "\r" in line or not any(c.isdigit() for c in line):
            continue
        shape = _DIGITS.sub("0", line)
        if len(cut) < len(shape) and shape.startswith(cut):
            return line
    return None


# the end of a tqdm meter ("... 1/87 [00:00<?, ?it/s]", "[01:02<00:00, 44.4it/s, loss=0.1]") with more text right
# after it on the same physical line: tqdm writes no newline, so what a print() wrote next continues the line
TQDM_END = re.compile(r"\[\d+:\d+(?::\d+)?<[\d:?]+(?:,[^\]\r\n]*)?\](?=[ \t]*[^\s])")


# a record's epoch written against the last value of the record before it ("train_acc: 0.3898epoch: 2/1000,
# train_loss: .."): a print that lost its newline, the next record starts at its epoch
GLUED_EPOCH = re.compile(r"(?<=\d)(?=epoch\s*[:=]?\s*\d)", re.IGNORECASE)


# a Python logging record in logging's default format, 'LEVEL:logger:message' ('WARNING:tensorflow:From ..: ..
# is deprecated'), written to stderr while the line a print() wrote to stdout had not ended yet ('PERFORMANCE ON TEST
# SET: Batch Loss = 10.44, Accuracy = 0.8884012699127197WARNING:tensorflow:From ..', in a nohup.out of both streams):
# the record is a line of its own, and the number before it is whole (not a value spoilt by the words glued to it)
GLUED_LOG_RECORD = re.compile(r"(?<=\d)(?=(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL):[A-Za-z_][\w.]*:)")
LOG_LEVEL_HEADS = ("DEBUG:", "INFO:", "WARN", "ERROR:", "CRITICAL:", "FATAL:")


def glued_log_record(text: str) -> bool:
    """Whether ``text`` may hold a logging record glued after a number (:data:`GLUED_LOG_RECORD`)."""
    return any(h in text for h in LOG_LEVEL_HEADS) and GLUED_LOG_RECORD.search(text) is not None


# a record headed by its position in brackets ("[010] train_loss: 0.305 | dev_loss: .."), printed without its newline
# (print(.., end=" ") when nothing was saved): the next record follows on the same line, headed the same way and
# starting with the same key -- each is a record of its own. (GLUED_RECORDS finds lines that may hold such records)
RECORD_HEAD = re.compile(r"^[ \t]*\[[ \t]*\d+(?:[ \t]*/[ \t]*\d+)?[ \t]*\][ \t]*(?P<key>[A-Za-z_][\w .\-]{0,40}?)[ \t]*[:=]")
GLUED_RECORDS = re.compile(r"(?m)^[ \t]*\[[ \t]*\d+(?:[ \t]*/[ \t]*\d+)?[ \t]*\][^\n]*[ \t]\[[ \t]*\d+(?:[ \t]*/[ \t]*\d+)?[ \t]*\][ \t]*[A-Za-z_]")


def glued_records(line: str) -> list[str]:
    """``line`` cut before each record glued to the one before it (see RECORD_HEAD); [line] when none is."""
    m = RECORD_HEAD.match(line)
    if m is None:
        return [line]
    again = re.compile(r"(?<=\S)[ \t]+(?=\[[ \t]*\d+(?:[ \t]*/[ \t]*\d+)?[ \t]*\][ \t]*" + re.escape(m.group("key"))
                       + r"[ \t]*[:=])")
    if again.search(line, m.end()) is None:
        return [line]
    return [piece for piece in again.split(line) if piece]


# the punctuation a CJK input method types (full-width) is the ASCII punctuation it stands for: '当前损失值：10.11' is
# 'key: value', '，' a comma; and CJK text puts no space between words, so a Latin word written right after CJK
# characters is a word of its own ('当前epoch:0/50' is '当前 epoch': the clock, qualified)
FULL_WIDTH = str.maketrans({"：": ": ", "，": ", ", "；": "; ", "｜": " | ", "（": " (", "）": ") ", "＝": "="})
CJK_THEN_LATIN = re.compile(r"(?<=[\u3400-\u9fff\uf900-\ufaff])(?=[A-Za-z])")


def plain_punctuation(line: str) -> str:
    """``line`` with the full-width punctuation said in ASCII and a Latin word after CJK characters spaced off
    (see FULL_WIDTH); a line of ASCII as it is."""
    if line.isascii():
        return line
    return CJK_THEN_LATIN.sub(" ", line.translate(FULL_WIDTH))


def renderings(line: str) -> list[str]:
    """The renderings of a physical line (a progress bar redrawn with \r is several; a line printed right after a
    tqdm bar that ended without a newline is one more; so is a record whose epoch is glued to the record before
    it, and a logging record glued to a printed line's last number), each cut at MAX_LINE, its full-width
    punctuation said in ASCII."""
    line = plain_punctuation(line)
    parts = [line] if "\r" not in line and len(line) <= MAX_LINE else \
        [rendering[:MAX_LINE] for rendering in line.split("\r")]
    if "poch" in line and GLUED_EPOCH.search(line):
        parts = [piece for part in parts for piece in GLUED_EPOCH.split(part)]
    if "]" in line and GLUED_RECORDS.search(line):
        parts = [piece for part in parts for piece in glued_records(part)]
    if glued_log_record(line):
        parts = [piece for part in parts for piece in GLUED_LOG_RECORD.split(part)]
    if "<" not in line or "]" not in line:
        return parts
    out = []
    for part in parts:
        start = 0
        for m in TQDM_END.finditer(part):
            out.append(part[start:m.end()])
            start = m.end()
        out.append(part[start:])
    return out
