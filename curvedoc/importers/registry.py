"""The reader registry: every log format curvedoc reads, one entry each -- how a file of it is recognised (sniff),
read (read) and followed while it grows (follow).

Discovery (:mod:`curvedoc.importers.discover`), reading (:func:`curvedoc.importers.read_spec`), object storage
(:mod:`curvedoc.importers.remote`), ``curvedoc watch`` (:mod:`curvedoc.watch`) and the CLI's messages all look a
format up here; none of them names a format's reader, framing or folder parts itself.

A :class:`Format` entry says:

* ``name`` -- the family name a :class:`~curvedoc.importers._base.RunSpec` carries (``spec.format``);
* ``label`` -- what a user calls it (in messages: "curvedoc reads TensorBoard event files, CSV, ...");
* ``read`` -- ``"module:function"``, ``function(spec) -> RunData | list[RunData]``, imported on first use (reading
  a CSV never imports the TensorBoard protobufs);
* ``precedence`` -- when one folder holds logs of several formats, the format with the lowest is read and the others
  are mentioned in the run's import issues (:data:`PRIORITY`: trainer_state > tfevents > mlflow > wandb > dvclive >
  csv > YOLO results.txt > json > text-log);
* ``sniff`` -- ``"module:function"``, ``function(path, by) -> bool``: a file given on its own is of this format.
  ``by="name"``: its name says so (and its first bytes agree); ``by="content"``: its first bytes alone say so (a
  renamed file). A lone file is tried by name against every entry in table order, then by content
  (:func:`sniff_file`); a format known only as a folder (MLflow's ``mlruns``, DVCLive) has none. Sniffers are
  imported by discovery for every file, so they live in a light module (:mod:`curvedoc.importers.sniffers`), not
  in the reader's;
* ``follow`` -- how a growing file of it is read piece by piece (:class:`Follow`): complete records (event files),
  complete lines (CSV, JSON lines, printed logs), or the whole file again when it changes (everything else);
* ``fetch`` -- the sub-folders of a run folder its reader takes data from, fetched for a run in object storage
  besides the logs and the settings files beside them (MLflow's ``metrics/``; ``files/`` of a W&B run, whose
  settings files only).

The table's order is the order formats are listed to a user (:func:`labels`) and tried on a lone file
(:func:`sniff_file`).

Adding a format = one importer module with its ``read`` (plus a sniffer in :mod:`~curvedoc.importers.sniffers`
if a lone file of it can be recognised) + one entry in :data:`FORMATS`. Discovery of a folder tree knows the
layouts frameworks write (a TensorBoard logdir with its ``train/`` and ``eval/`` writers, HF checkpoints, MLflow
and W&B run folders): a format that comes as such a folder also gets its rule in
:func:`curvedoc.importers.discover.discover`.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Callable

RECORDS, LINES, WHOLE = "records", "lines", "whole"


@dataclass(frozen=True)
class Follow:
    """How ``curvedoc watch`` reads a file of a format while it is being written.

    ``unit``: :data:`RECORDS` -- only complete framed records are read; :data:`LINES` -- only complete lines
    (:func:`take_lines`: a printed log's line may end with the ``\\r`` of a progress bar too); :data:`WHOLE` -- the
    file is read again, whole, when its size or mtime changes (a format rewritten in place, or one whose pieces
    mean nothing alone). ``take(fh, start, size, window)``: the offset after the last complete unit from
    ``start`` (at most ``window`` bytes on) and the bytes of those units. ``header``: the file's first line is a
    header, put in front of every appended piece (CSV). ``parser``: ``"module:Class"`` of one parser fed every
    piece since the file's start (printed logs: where a piece starts says nothing of the clock). ``rows_restart``:
    a table of rows, whose step going back from one piece to the next is a resumed run appended to the file (the
    restart its importer notes in a whole file: CSV, JSON lines)."""

    unit: str = WHOLE
    take: Callable[[BinaryIO, int, int, int], tuple[int, bytes]] | None = None
    header: bool = False
    parser: str | None = None
    rows_restart: bool = False


def take_lines(line_ends: bytes = b"\n") -> Callable[[BinaryIO, int, int, int], tuple[int, bytes]]:
    """``take(fh, start, size, window)`` for a line-based log: (the offset after the last complete line in
    ``[start, min(size, start + window))``, the bytes of those lines). The last line end is looked for from the
    end, 64 kB at a time (a long window is not read twice)."""

    def take(fh: BinaryIO, start: int, size: int, window: int) -> tuple[int, bytes]:
        end = min(size, start + window)
        cut = _last_line_end(fh, start, end, line_ends)
        if cut <= start:
            return start, b""
        fh.seek(start)
        return cut, fh.read(cut - start)

    return take


def _last_line_end(fh: BinaryIO, start: int, end: int, line_ends: bytes) -> int:
    step = 1 << 16
    while end > start:
        a = max(start, end - step)
        fh.seek(a)
        chunk = fh.read(end - a)
        i = max(chunk.rfind(bytes((c,))) for c in line_ends)
        if i >= 0:
            return a + i + 1
        end = a
    return start


def take_records(fh: BinaryIO, start: int, size: int, window: int) -> tuple[int, bytes]:
    """``take`` for TFRecord event files: see :func:`curvedoc.importers._tfframe.complete_records`."""
    from curvedoc.importers._tfframe import complete_records

    return complete_records(fh, start, size, window)


WHOLE_FILE = Follow()
JSON_LINES_FOLLOW = Follow(LINES, take_lines(), rows_restart=True)


@dataclass(frozen=True)
class Format:
    """One log format: see the module's docstring."""

    name: str
    label: str
    read: str
    precedence: int  # among the formats of one folder: the lowest is read, the others mentioned
    sniff: str | None = None
    follow: Callable[[Path], Follow] | None = None  # None: :data:`WHOLE_FILE` for every file
    fetch: tuple[str, ...] = ()
    fetch_settings: tuple[str, ...] = ()  # sub-folders of which only the settings files are read

    def follow_file(self, path) -> Follow:
        """How ``path`` (a file of this format) is followed while it grows: a compressed file is read whole
        (offsets into a gzip stream are not offsets into the log)."""
        if self.follow is None or os.fspath(path).lower().endswith(".gz"):
            return WHOLE_FILE
        return self.follow(Path(path))


def _follow_events(path: Path) -> Follow:
    # a renamed event file (found by its content) is read whole: its name does not say it keeps growing by records
    return Follow(RECORDS, take_records) if "tfevents" in path.name.lower() else WHOLE_FILE


def _follow_json(path: Path) -> Follow:
    from curvedoc.importers.sniffers import looks_json_lines

    return JSON_LINES_FOLLOW if path.name.lower().endswith(JSON_LINE_EXT) or looks_json_lines(path) else WHOLE_FILE


def _follow_csv(path: Path) -> Follow:
    from curvedoc.importers.sniffers import table_without_header_line

    # no header line to put in front of each piece (a headerless table, SB3's Monitor file): read whole again
    return WHOLE_FILE if table_without_header_line(path) else CSV_FOLLOW


def _follow_text(path: Path) -> Follow:
    return TEXT_FOLLOW


# a JSON log under one of these names is JSON lines (one record per line: followed by lines)
JSON_LINE_EXT = (".csv", ".tsv", ".jsonl", ".ndjson", ".jsonlines", ".log", ".txt", ".out", ".err")
CSV_FOLLOW = Follow(LINES, take_lines(), header=True, rows_restart=True)
TEXT_FOLLOW = Follow(LINES, take_lines(b"\n\r"), parser="curvedoc.importers.textlog:GrowingTextLog")

_S = "curvedoc.importers.sniffers:"
FORMATS: tuple[Format, ...] = (
    Format("tfevents", "TensorBoard event files", "curvedoc.importers.tfevents:read", 1, sniff=_S + "event_file",
           follow=_follow_events),
    Format("hf-trainer-state", "trainer_state.json (HF Trainer)", "curvedoc.importers.hf_trainer:read", 0,
           sniff=_S + "hf_trainer_state"),
    Format("csv", "CSV", "curvedoc.importers.csvlog:read", 6, sniff=_S + "csv_file", follow=_follow_csv),
    Format("yolo-txt", "YOLOv5 results.txt", "curvedoc.importers.yolo_txt:read", 7, sniff=_S + "yolo_results_txt"),
    Format("json", "JSON/JSONL", "curvedoc.importers.jsonlog:read", 8, sniff=_S + "json_file", follow=_follow_json),
    Format("mlflow", "MLflow (mlruns/, mlflow.db)", "curvedoc.importers.mlflow:read", 2,
           fetch=("metrics", "params", "tags")),
    Format("mlflow-db", "MLflow (mlruns/, mlflow.db)", "curvedoc.importers.mlflow_db:read", 3, sniff=_S + "sqlite"),
    Format("wandb", "W&B (wandb/)", "curvedoc.importers.wandb:read", 4, sniff=_S + "wandb_file",
           fetch_settings=("files",)),
    Format("text-log", "text logs (console output)", "curvedoc.importers.textlog:read", 9, sniff=_S + "text_log",
           follow=_follow_text),
    Format("dvclive", "DVCLive", "curvedoc.importers.dvclive:read", 5),
)
BY_NAME: dict[str, Format] = {f.name: f for f in FORMATS}
PRIORITY: list[str] = [f.name for f in sorted(FORMATS, key=lambda f: f.precedence)]

# the reader of TensorBoard event files: curvedoc's own decoder, or tbparse (``--reader tbparse``, ``reader =
# "tbparse"`` in pyproject) as an independent reference
EVENT_READERS: dict[str, str] = {
    "native": BY_NAME["tfevents"].read,
    "tbparse": "curvedoc.importers.tfevents_tbparse:read",
}


def _load(target: str):
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


def reader(fmt: str, event_reader: str = "native") -> Callable:
    """The read function of format ``fmt`` (for event files: of ``event_reader``, see :data:`EVENT_READERS`)."""
    return _load(EVENT_READERS[event_reader] if fmt == "tfevents" else BY_NAME[fmt].read)


def follow(fmt: str, path) -> Follow:
    """How ``curvedoc watch`` follows ``path``, a file of a run of format ``fmt``."""
    entry = BY_NAME.get(fmt)
    return WHOLE_FILE if entry is None else entry.follow_file(path)


def parser(spec: Follow, path):
    """A new parser of ``spec.parser`` for the file ``path`` (see :class:`Follow`)."""
    return _load(spec.parser)(path)


def sniff_file(path: Path) -> str | None:
    """The format of a file given on its own: the first entry whose sniffer recognises it by its name, else the
    first that recognises it by its content; None when none does."""
    for by in ("name", "content"):
        for f in FORMATS:
            if f.sniff is not None and _load(f.sniff)(path, by):
                return f.name
    return None


def labels() -> list[str]:
    """What curvedoc reads, as a user names it, each once (for messages)."""
    return list(dict.fromkeys(f.label for f in FORMATS))


__all__ = ["FORMATS", "BY_NAME", "PRIORITY", "EVENT_READERS", "Format", "Follow", "RECORDS", "LINES", "WHOLE",
           "reader", "follow", "parser", "sniff_file", "labels", "take_lines", "take_records"]
