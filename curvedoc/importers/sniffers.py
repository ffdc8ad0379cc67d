"""What a file is, by its name and first bytes: the sniffers of discovery and of the reader registry.

Each format's ``sniff(path, by)`` (:mod:`curvedoc.importers.registry`) says whether a file given on its own is of
that format -- ``by="name"``: its name says so and its first bytes agree; ``by="content"``: its first bytes alone
say so (a renamed file). The registry tries every format by name, then every format by content, in its table's
order. The predicates they are made of (``sniff_csv``, ``sniff_json``, ``looks_like_text_log``...) are what
discovery's folder walk uses too. Light by design: discovery imports this module for every target, never a
reader's module; a sniffer reads at most a file's first 64 kB (and its last 64 kB, for a printed log), through
:func:`~curvedoc.importers._base.head_bytes` (which also answers from a storage listing's prefetched heads).
"""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

from curvedoc.importers._base import active_tree, head_bytes, is_lfs_pointer, looks_utf16le, open_regular

CSV_NAMES_EXTRA = {"training.log", "training_log", "history.log"}
TEXT_LOG_EXT = {".log", ".txt", ".out", ".err", ".stdout", ".stderr"}
TEXT_LOG_NAME = re.compile(r"^(nohup|slurm[-_].*|stdout|stderr|output|train|training|log)(\.\w+)?$")
# a program's captured output by its extension (a '.log' is a log whatever its stem: 'training_v3.log', 'run.log';
# '.out' / '.err' are what schedulers and shells redirect into: 'slurm-123.out', 'job.err')
LOG_SUFFIXES = (".log", ".out", ".err", ".stdout", ".stderr")
# a stem whose words say log ('train_log.txt', 'log_train.txt', 'training-logs.txt'): the word, not a part of one
# ('catalog.txt', 'blog.txt' are not)
_LOG_WORD = re.compile(r"(?:^|[^a-z])logs?(?:[^a-z]|$)")
SQLITE_EXT = (".db", ".sqlite", ".sqlite3")


def named_as_log(low: str) -> bool:
    """Whether a (lower-case) file name says it is a captured training log: a conventional name ('nohup.out',
    'train.log', 'slurm-42.out'), a log's extension, or the word log in its stem ('train_log.txt'). Such a file is
    read as a print log whatever words its numbers carry (the reader decides for good: it is tentative)."""
    if TEXT_LOG_NAME.match(low) or low.endswith(LOG_SUFFIXES):
        return True
    stem = low.rsplit(".", 1)[0] if "." in low else low
    return bool(_LOG_WORD.search(stem))
SQLITE_MAGIC = b"SQLite format 3\x00"


def is_event_file(name: str) -> bool:
    return "tfevents" in name and not name.endswith(".profile-empty")


def first_line(head: bytes) -> bytes:
    """The first line of a file's head, whatever ends it: a newline, a CR-LF, or a carriage return alone (a CSV
    written with CR line endings -- classic Mac, or a Windows writer that doubled the CR -- is one line to a reader
    that splits on newlines only)."""
    return head.splitlines()[0] if head else b""


def sniff_csv(path: Path) -> bool:
    head = head_bytes(path, 2048)
    if not head or b"\x00" in head[:512]:
        return False
    first = first_line(head)
    return first.count(b",") >= 1 or first.count(b"\t") >= 1 or first.count(b";") >= 1


_NAME_CELL = re.compile(rb"[\w./\-@()\[\]]+")
# a name of a few words ('total loss', 'ctc loss'), as a hand-written header names its columns: starts with a letter
_WORDS_CELL = re.compile(rb"[A-Za-z_][\w./\-@()\[\]]*( [\w./\-@()\[\]]+){1,3}")


def csv_header_like(path: Path, spaced: bool = False) -> bool:
    """A Keras CSVLogger file (``training.log``) starts with a header of names: "epoch,loss,val_loss". A printed
    log of the same name starts with a time stamp or prose ("2025-06-04 17:36:55,380 - INFO - ..."). ``spaced``:
    names of a few words count too ('total loss<TAB>ctc loss'), for a caller that also checks the row below."""
    if not sniff_csv(path):
        return False
    first = first_line(head_bytes(path, 2048)).strip().lstrip(b"\xef\xbb\xbf")
    cells = re.split(rb"[,\t;]", first)
    return len(cells) >= 2 and all(_NAME_CELL.fullmatch(c.strip()) or (spaced and _WORDS_CELL.fullmatch(c.strip()))
                                   for c in cells if c.strip())


def csv_table_like(path: Path) -> bool:
    """A ``.log``/``.txt`` file that is a CSV table whatever its name (Keras' CSVLogger writes to any file the user
    names: ``speaker250_training.log``): a header of names (:func:`csv_header_like`) followed by a row with the same
    number of cells, most of them numbers. A printed log never starts that way (a time stamp, prose, a banner)."""
    if not csv_header_like(path, spaced=True):
        return False
    lines = [x.strip() for x in head_bytes(path, 4096).splitlines()[:3] if x.strip()]
    if len(lines) < 2:
        return False
    sep = max((b",", b"\t", b";"), key=lines[0].count)
    if re.search(rb"[A-Za-z]", lines[0]) and re.sub(rb"\d+", b"0", lines[0]) == re.sub(rb"\d+", b"0", lines[1]):
        # a first line of words of the same shape as the next one, only other digits ('epoch1<TAB>0.2549' over
        # 'epoch2<TAB>0.1222'), is the first row: a header names its columns once (a first line of numbers alone is
        # the CSV reader's headerless table)
        return False
    head, row = lines[0].split(sep), lines[1].split(sep)
    nums = sum(bool(re.fullmatch(rb"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|(?i:nan|inf)", c.strip())) for c in row)
    return len(head) == len(row) and nums * 2 >= len(row)


_NUM = rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf)"
# a row of YOLOv5's / Ultralytics-YOLOv3's results.txt (curvedoc.importers.yolo_txt): 'epoch/last', the GPU memory
# ('4.54G', '0G' on a CPU), then 13 numbers, whitespace-separated
YOLO_TXT_ROW = re.compile(rb"^\s*(\d+)/(\d+)\s+(\d+\.?\d*)([GMK]?)\s+" + rb"\s+".join([rb"(" + _NUM + rb")"] * 13)
                          + rb"\s*$")


def looks_like_results_txt(path: Path) -> bool:
    """The file's first lines are YOLO results.txt rows: at least one, and every complete line among the first five
    one (no header, no prose: the trainer writes nothing else into it)."""
    head = head_bytes(path, 4096)
    lines = [ln for ln in head.split(b"\n")[:6] if ln.strip()]
    if len(head) == 4096 and not head.endswith(b"\n") and len(lines) > 1:
        lines = lines[:-1]  # the head's last line may be cut by the head's end
    lines = lines[:5]
    return bool(lines) and all(YOLO_TXT_ROW.match(ln.rstrip(b"\r")) for ln in lines)


_NUMBER_CELL = re.compile(rb"\s*(" + _NUM + rb")?\s*")


def table_without_header_line(path: Path) -> bool:
    """A CSV whose first line is no header to put in front of each appended piece: a row of numbers (a headerless
    table), or Stable-Baselines3 Monitor's ``#{...}`` comment (its step is the running sum of every episode length
    before). Such a file is followed by reading it whole again (:func:`curvedoc.importers.registry.follow`)."""
    first = first_line(head_bytes(path, 4096)).strip().lstrip(b"\xef\xbb\xbf")
    if first.startswith(b"#{"):
        return True
    cells = re.split(rb"[,\t;|]", first)
    return bool(first) and all(_NUMBER_CELL.fullmatch(c) for c in cells) and any(c.strip() for c in cells)


def sniff_json(path: Path) -> bool:
    """JSON lines of objects, or a JSON object of lists (Keras history), or a JSON list of objects."""
    head = head_bytes(path, 65536).lstrip(b"\xef\xbb\xbf").lstrip()
    if not head:
        return False
    if head[:1] == b"[":
        # a list of objects, or a bare list of numbers (json.dump(losses, f)) or of rows of numbers
        return b"{" in head[:200] or bool(re.match(rb"\[\s*(\[\s*)?(-?[\d.]|NaN|-?Infinity|null)", head))
    if head[:1] == b'"':
        # one string holding a history: JSON dumped twice, or a Python dict's repr (json.dump(str(history.history)))
        return bool(re.match(rb'"\s*\{\s*(\\"|\')[^"\'\\]{1,200}(\\"|\')\s*:\s*\[', head))
    if head[:1] != b"{":
        return False
    line = first_line(head).strip()
    try:
        obj = json.loads(line)
        if isinstance(obj, dict) and any(isinstance(v, (int, float)) for v in obj.values()):
            return True  # JSON lines
    except (ValueError, RecursionError):  # 100k nested '[' must not take discovery (the whole audit) down
        pass
    # whole-document JSON: a dict of lists (Keras history.history dump), or pandas' to_json() of that history
    # (pd.DataFrame(history.history).to_json(...): a dict of {"0": value, "1": value ...} per column), or a list of
    # per-epoch records under a key beside the run's settings ({"args": {...}, "history": [{"epoch": 6, ...}, ...]}:
    # a hand-written loop's json.dump of what it kept), the first key of a record naming its counter (an episode's
    # for an agent) or a loss (a config's list of layers, [{"units": 64}, ...], is no log)
    # (a trainer_state.json saved under another name holds such records too: its own reader reads it)
    # ... or a dict of per-epoch records keyed by the epoch ({"1": {"train_loss": 18.75, "val_loss": 2.34}, "2": ..}:
    # json.dump of a dict the loop filled per epoch, pandas' to_json(orient="index"))
    if re.match(rb'\{\s*"-?\d+"\s*:\s*\{\s*"[^"\\]{1,100}"\s*:\s*-?[\d.NI]', head):
        return True
    # ... or a Python dict literal of per-epoch numbers keyed by number, under a name ('{"ep1":\n{\n0:575981.94,'):
    # no JSON, one literal the reader reads as one
    if re.match(rb'\{\s*["\']?[^"\'\\{}]{1,100}["\']?\s*:\s*\{\s*-?\d+\s*:\s*-?[\d.NI]', head):
        return True
    return bool(re.search(rb'"\s*:\s*\[\s*-?[\d.NI]', head)) or \
        bool(re.search(rb'"\s*:\s*\{\s*"-?\d+"\s*:\s*-?[\d.NI]', head)) or \
        (bool(re.search(rb'(?i)"\s*:\s*\[\s*\{\s*"[^"\\]{0,100}(epoch|step|iter|loss|episode)[^"\\]{0,100}"\s*:\s*-?[\d.NI]',
                        head)) and not looks_like_trainer_state(path))


def looks_like_text_log(path: Path, named_as_log: bool = False, by_name: bool = True) -> bool:
    """A text file whose first 64 KB name a training quantity (loss, lr, epoch, step...), a loss also inside a
    compound word (``logloss``, ``celoss``, ``trainloss``); UTF-16 text (PowerShell redirection) counts, binary does
    not. ``named_as_log``: the file's name is a log's (``train.log``, ``nohup.out``): any text will do, since a print
    log names its numbers as its script likes (``[3/40] mse 1080.3 | Test mse 1076.3``). ``by_name``: a text file
    (a log's extension) named after the quantity it holds (:func:`named_as_quantity`) is one too. The reader decides
    for good (tentative)."""
    head = head_bytes(path, 65536)
    if not head:
        return False
    tree = active_tree()
    try:  # a long banner or config dump can fill the head: look at the tail too
        size = tree.size(path) if tree is not None else path.stat().st_size
        if size > 65536:  # the head did not hold the whole file (a 64 KB banner before a 20 KB log)
            if tree is not None:
                head += tree.tail(path, 65536)
            else:
                with open(path, "rb") as fh:
                    fh.seek(size - 65536)
                    head += fh.read(65536)
    except OSError:
        pass
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or looks_utf16le(head):
        head = head.replace(b"\x00", b"")
    elif head.count(0) > 0.5 * len(head):
        return False
    if named_as_log or (by_name and Path(path.name.lower()).suffix in TEXT_LOG_EXT
                        and named_as_quantity(path.name.lower())):
        return True
    return bool(re.search(rb"(?i)(\b|_)([a-z]*loss|lr|learning.rate|epoch|iter(ation)?|step|episode|reward|return)(\b|_)", head))


# a file's stem naming a training quantity, one or many ('train_loss.txt', 'losses.txt', 'val_acc.txt', 'rewards.txt')
_QUANTITY_WORD = re.compile(r"(?:^|[^a-z])(?:[a-z]*loss(?:es)?|acc(?:s|uracy|uracies)?|rewards?|perplexit(?:y|ies))"
                            r"(?:[^a-z]|$)")


def named_as_quantity(low: str) -> bool:
    """Whether a (lower-case) file name names the training quantity it holds ('train_loss.txt', 'losses.txt'): a
    script that writes a number a line (``f.write(f"{loss}\\n")``, ``np.savetxt``) names the file, not the numbers,
    so its content alone never says it is a training log."""
    stem = low.rsplit(".", 1)[0] if "." in low else low
    return bool(_QUANTITY_WORD.search(stem))


# curvedoc's own outputs (a JSON report, watch events) saved beside the runs they describe: never runs themselves
_OWN_OUTPUT = re.compile(rb'^\s*\{\s*"(curvedoc_version|event)"\s*:')


def own_output(p: Path) -> bool:
    head = head_bytes(p, 256).lstrip(b"\xef\xbb\xbf")
    m = _OWN_OUTPUT.match(head)
    if not m:
        return False
    return m.group(1) == b"curvedoc_version" or b'"finding"' in head_bytes(p, 4096) or b'"stopped_by"' in head


def inner_name(name: str) -> str:
    """The lower-case name a compressed log stands for: 'train.csv.gz' is read as 'train.csv'."""
    low = name.lower()
    return low[:-3] if low.endswith(".gz") and len(low) > 3 else low


# ------------------------------------------------------------------------------ one sniffer per format (registry)


_TRAINER_STATE_KEYS = re.compile(rb'"(log_history|global_step|max_steps|trial_name|is_world_process_zero)"\s*:')


def looks_like_trainer_state(path: Path) -> bool:
    """A JSON object with the keys of HF ``TrainerState`` (``log_history`` and at least two of ``global_step``,
    ``max_steps``, ``trial_name``, ``is_world_process_zero`` in its first 64 kB): a ``trainer_state.json`` saved
    under another name (``training_logs.json``, ``state.json``) -- the Trainer writes the keys in sorted order, so
    ``global_step`` comes before ``log_history``'s rows."""
    head = head_bytes(path, 65536).lstrip(b"\xef\xbb\xbf").lstrip()
    if head[:1] != b"{":
        return False
    keys = {m.group(1) for m in _TRAINER_STATE_KEYS.finditer(head)}
    return b"log_history" in keys and len(keys) >= 3


def hf_trainer_state(p: Path, by: str) -> bool:
    if by == "name":
        return inner_name(p.name) == "trainer_state.json"
    return inner_name(p.name).endswith(".json") and looks_like_trainer_state(p)


def event_file(p: Path, by: str) -> bool:
    if by == "name":
        return is_event_file(p.name)
    # a renamed TFRecord event file: no extension, and its first record's length is small
    head = head_bytes(p, 16)
    if len(head) >= 12 and head[8:12] and not is_lfs_pointer(head) and p.suffix == "":
        (length,) = struct.unpack_from("<Q", head, 0)
        return 0 < length < 1 << 20
    return False


def sqlite(p: Path, by: str) -> bool:
    """An SQLite file (an MLflow store), whatever its name; by content only (no CSV or JSON file starts this way)."""
    return by == "content" and head_bytes(p, 16) == SQLITE_MAGIC


def wandb_file(p: Path, by: str) -> bool:
    return by == "name" and p.suffix == ".wandb"


def csv_file(p: Path, by: str) -> bool:
    low = inner_name(p.name)
    if by == "name":
        # a Keras CSVLogger's default names hold a CSV only when they start with a header of names, as in a
        # folder walk: a printed 'training.log' whose time stamps have commas is a text log, given alone or not
        return bool((low.endswith((".csv", ".tsv")) and sniff_csv(p)) or (low in CSV_NAMES_EXTRA and csv_header_like(p))
                    or (low.endswith((".log", ".txt")) and csv_table_like(p)))
    if not (low.endswith((".txt", ".log")) and sniff_csv(p)) or sniff_json(p):  # JSON's own content comes first
        return False
    first = first_line(head_bytes(p, 512)).lower()
    # (a print of its arguments -- "Namespace(lr=0.1, epochs=3)", a dict -- is a printed log's first line)
    return (b"epoch" in first or b"loss" in first) and first.count(b",") >= 2 and b":" not in first \
        and b"=" not in first and not first.lstrip().startswith(b"{")


def yolo_results_txt(p: Path, by: str) -> bool:
    """YOLOv5 / Ultralytics-YOLOv3 ``results.txt``: by its rows, under any name ending in ``.txt`` (``results.txt``,
    ``results_exp3.txt`` as those trainers' plot functions glob ``results*.txt``), or under no such name by content."""
    low = inner_name(p.name)
    if by == "name" and not low.endswith(".txt"):
        return False
    return looks_like_results_txt(p)


def json_file(p: Path, by: str) -> bool:
    if by == "name":
        return inner_name(p.name).endswith((".jsonl", ".json", ".ndjson")) and sniff_json(p)
    return sniff_json(p)


def text_log(p: Path, by: str) -> bool:
    """Anything else that is text: a printed training log (the reader says if it holds no metrics). By content
    only: the last resort, after every other format's content."""
    if by != "content":
        return False
    low = inner_name(p.name)
    return not head_bytes(p, 16).startswith(b"\x00") and bool(
        Path(low).suffix in TEXT_LOG_EXT or TEXT_LOG_NAME.match(low) or looks_like_text_log(p))


def looks_json_lines(path: Path) -> bool:
    """The file's first 64 kB are JSON lines (two or more lines, each one object that JSON parses): a JSON log under
    a name that does not say so, followed line by line while it grows. Python's printed dicts (``{'loss': 2.07}``,
    an HF console redirected to a file) look alike but are no JSON: the text-log reader reads those."""
    try:
        with open_regular(path) as fh:
            head = fh.read(65536)
    except OSError:
        return False
    lines = [ln.strip() for ln in head.split(b"\n")[:-1] if ln.strip()]
    if len(lines) < 2 or not all(ln.startswith(b"{") and ln.endswith(b"}") for ln in lines[:3]):
        return False
    try:
        return all(isinstance(json.loads(ln), dict) for ln in lines[:3])
    except ValueError:  # (JSONDecodeError and a line that is not UTF-8 are both ValueErrors)
        return False
