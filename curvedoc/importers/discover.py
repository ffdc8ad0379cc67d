"""Find the runs under a path: a single file, one run folder, or a whole tree of runs.

Rules (one run per folder; format detection by content, not only by name):

* An MLflow SQLite store (``*.db`` / ``*.sqlite`` with SQLite's header) holds every run of the store.
* MLflow run folders (``meta.yaml`` + ``metrics/``) and W&B run folders (``run-*.wandb`` or
  ``wandb-history.jsonl``) are runs; their sub-folders are not searched further.
* A folder with TensorBoard event files is a run. Its sub-folders named ``train``, ``eval``,
  ``validation``... and torch ``add_hparams`` timestamp folders belong to it (their tags get the
  folder as a prefix: ``eval/Loss/total_loss``). A folder with only such sub-folders is the run.
* A DVCLive output folder (``plots/metrics/`` inside it) is one run; its sub-folders are not searched.
* ``trainer_state.json`` is a HuggingFace run; ``checkpoint-N/trainer_state.json`` files of one
  output folder are ONE run (the newest state holds the whole history).
* CSV / JSON(L) files are sniffed by their first bytes; a file that is plainly not a training
  log (``config.json``) is passed over quietly.
* When one folder holds several formats, the first of ``trainer_state > tfevents > mlflow > wandb
  > csv > json`` is read, and the others are mentioned in the run's import issues.
* One training, several logs, in a layout its framework writes (HF Trainer: ``trainer_state.json`` and the
  events of ``runs/<run>/``; MMEngine: ``<stamp>.log`` and ``vis_data/{scalars.json,<stamp>.json}``): proposed as
  one group; reading keeps the logs together only if their shared steps carry equal values (``_layout_groups``).
* Symlinks are followed, loops are not; unreadable folders are reported, not fatal.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import re
from dataclasses import dataclass, field
from pathlib import Path

from curvedoc.importers._base import RunSpec, active_tree, head_bytes, is_lfs_pointer, looks_utf16le, remote_view
from curvedoc.importers.dvclive import METRICS_DIR, is_dvclive_dir

SUBRUN_NAMES = {"train", "training", "eval", "evaluation", "validation", "val", "valid", "test"}
TIMESTAMP_DIR = re.compile(r"^\d{9,11}(\.\d+)?$")
CHECKPOINT_DIR = re.compile(r"^checkpoint[-_](\d+)$")
CSV_NAMES_EXTRA = {"training.log", "training_log", "history.log"}
TEXT_LOG_EXT = {".log", ".txt", ".out", ".err", ".stdout", ".stderr"}
TEXT_LOG_NAME = re.compile(r"^(nohup|slurm[-_].*|stdout|stderr|output|train|training|log)(\.\w+)?$")
JSON_SKIP = {
    "config.json", "wandb-summary.json", "wandb-metadata.json", "tokenizer.json", "tokenizer_config.json",
    "special_tokens_map.json", "generation_config.json", "adapter_config.json", "preprocessor_config.json",
    "vocab.json", "package.json", "all_results.json", "train_results.json", "eval_results.json",
    "summary_metrics.json", "model_index.json", "added_tokens.json", "trainer_config.json",
    "training_args.json",  # HF TrainingArguments beside trainer_state.json: read by the HF reader as hparams
}
WANDB_RUN_DIR = re.compile(r"^(offline-)?run-\d{8}_\d{6}-\w+$|^latest-run$")
WANDB_DEBUG_LOGS = {"debug.log", "debug-internal.log", "debug-cli.log"}
PRIORITY = ["hf-trainer-state", "tfevents", "mlflow", "mlflow-db", "wandb", "dvclive", "csv", "json", "text-log"]
SQLITE_EXT = (".db", ".sqlite", ".sqlite3")
SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass
class Problem:
    """Something discovery could not use: an unreadable folder, a symlink loop, an unsupported file."""

    path: str
    reason: str
    kind: str = "unreadable"

    def to_dict(self):
        return {"path": self.path, "reason": self.reason, "kind": self.kind}


@dataclass
class Discovery:
    specs: list[RunSpec] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def is_event_file(name: str) -> bool:
    return "tfevents" in name and not name.endswith(".profile-empty")


def _sniff_csv(path: Path) -> bool:
    head = head_bytes(path, 2048)
    if not head or b"\x00" in head[:512]:
        return False
    first = head.split(b"\n", 1)[0]
    return first.count(b",") >= 1 or first.count(b"\t") >= 1 or first.count(b";") >= 1


def _csv_header_like(path: Path) -> bool:
    """A Keras CSVLogger file (``training.log``) starts with a header of names: "epoch,loss,val_loss". A printed
    log of the same name starts with a time stamp or prose ("2025-06-04 17:36:55,380 - INFO - ...")."""
    if not _sniff_csv(path):
        return False
    first = head_bytes(path, 2048).split(b"\n", 1)[0].strip().lstrip(b"\xef\xbb\xbf")
    cells = re.split(rb"[,\t;]", first)
    return len(cells) >= 2 and all(re.fullmatch(rb"[\w./\-@()\[\]]+", c.strip()) for c in cells if c.strip())


def _csv_table_like(path: Path) -> bool:
    """A ``.log``/``.txt`` file that is a CSV table whatever its name (Keras' CSVLogger writes to any file the user
    names: ``speaker250_training.log``): a header of names (:func:`_csv_header_like`) followed by a row with the same
    number of cells, most of them numbers. A printed log never starts that way (a time stamp, prose, a banner)."""
    if not _csv_header_like(path):
        return False
    lines = [x.strip() for x in head_bytes(path, 4096).splitlines()[:3] if x.strip()]
    if len(lines) < 2:
        return False
    sep = max((b",", b"\t", b";"), key=lines[0].count)
    head, row = lines[0].split(sep), lines[1].split(sep)
    nums = sum(bool(re.fullmatch(rb"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|(?i:nan|inf)", c.strip())) for c in row)
    return len(head) == len(row) and nums * 2 >= len(row)


def _sniff_json(path: Path) -> bool:
    """JSON lines of objects, or a JSON object of lists (Keras history), or a JSON list of objects."""
    head = head_bytes(path, 65536).lstrip(b"\xef\xbb\xbf").lstrip()
    if not head:
        return False
    if head[:1] == b"[":
        return b"{" in head[:200]
    if head[:1] != b"{":
        return False
    line = head.split(b"\n", 1)[0].strip()
    try:
        obj = json.loads(line)
        if isinstance(obj, dict) and any(isinstance(v, (int, float)) for v in obj.values()):
            return True  # JSON lines
    except (ValueError, RecursionError):  # 100k nested '[' must not take discovery (the whole audit) down
        pass
    # whole-document JSON: a dict of lists (Keras history.history dump), or pandas' to_json() of that history
    # (pd.DataFrame(history.history).to_json(...): a dict of {"0": value, "1": value ...} per column)
    return bool(re.search(rb'"\s*:\s*\[\s*-?[\d.NI]', head)) or \
        bool(re.search(rb'"\s*:\s*\{\s*"-?\d+"\s*:\s*-?[\d.NI]', head))


def _looks_like_text_log(path: Path) -> bool:
    """A text file whose first 64 KB name a training quantity (loss, lr, epoch, step...); UTF-16 text
    (PowerShell redirection) counts, binary does not. The reader decides for good (tentative)."""
    head = head_bytes(path, 65536)
    if not head:
        return False
    tree = active_tree()
    try:  # a long banner or config dump can fill the head: look at the tail too
        size = tree.size(path) if tree is not None else path.stat().st_size
        if size > 2 * 65536:
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
    return bool(re.search(rb"(?i)(\b|_)(loss|lr|learning.rate|epoch|iter(ation)?|step|episode|reward|return)(\b|_)", head))


def _rel_name(root: Path, base: Path, with_base: bool = False) -> str:
    """A run's name: its path relative to what the user gave (the given folder's own name when the
    user named the run itself; prefixed with it when ``with_base``, so ``diagnose runs/exp1`` shows
    ``exp1/lightning_logs/version_0`` rather than a bare ``lightning_logs/version_0``)."""
    own = (base if active_tree() is not None else base.resolve()).name or str(base)
    try:
        rel = root.relative_to(base)
    except ValueError:
        return str(root)
    s = rel.as_posix()
    if s in ("", "."):
        return own
    return f"{own}/{s}" if with_base else s


def discover(path: str | os.PathLike, with_base: bool = False, storage_options=None) -> Discovery:
    """Every run at ``path`` (a file, a run folder, or a tree), with what could not be used.

    ``path`` may be a storage URL (``s3://bucket/sweep``; see :mod:`curvedoc.importers.remote`): the same rules
    run over one listing of the prefix, and each spec carries what a worker needs to fetch its files itself.
    ``with_base`` prefixes run names with the given folder's name (``diagnose``); an audit names runs
    relative to the sweep folder."""
    from curvedoc.importers import remote

    if remote.is_url(path):
        tree = remote.RemoteTree(path, storage_options)
        if not tree.exists:
            return Discovery(problems=[Problem(str(path), "no such object or prefix", "not-found")])
        tree.prefetch_heads(v for v in tree.files if _may_sniff(v))
        with remote_view(tree):
            out = _discover(tree.base, with_base, tree)
        for spec in out.specs:
            remote.attach(tree, spec)
            for part in spec.extras.get("companions", ()):
                remote.attach(tree, part)
            if spec.extras.get("companions"):  # the run, if the logs prove one training, is named by its URL
                spec.extras["group_root"] = tree.url_of(spec.extras.get("group_root", spec.root))
        for pr in out.problems:
            if pr.path in tree.files or tree.is_dir(pr.path):
                pr.path = tree.url_of(pr.path)
        out.problems.extend(Problem(url, msg, "unsafe-key") for url, msg in remote.unclaimed_unsafe(tree, out.specs))
        return out
    return _discover(Path(remote.local_path(path)), with_base, None)


def _may_sniff(virtual: str) -> bool:
    """A file discovery may read the head of (by its name): worth a place in the one batched head fetch."""
    name = _inner(virtual.rsplit("/", 1)[-1])
    suffix = Path(name).suffix
    return (suffix in (".csv", ".tsv", ".json", ".jsonl", ".ndjson", "", *SQLITE_EXT, *TEXT_LOG_EXT)
            or name in CSV_NAMES_EXTRA or bool(TEXT_LOG_NAME.match(name))) and not is_event_file(name)


def _path_max(base: Path) -> int | None:
    try:
        return int(os.pathconf(base, "PC_PATH_MAX"))
    except (OSError, ValueError, AttributeError):
        return None


def _walk(base: Path, tree, out: Discovery):
    """(folder, sub-folder names (prune in place), regular file names) top-down: from the listing for a remote
    tree; for a local one, os.walk following symlinks but not loops, FIFOs and devices reported and left out."""
    if tree is not None:
        for d, dirnames, filenames in tree.walk(base):
            yield Path(d), dirnames, filenames
        return
    visited: dict[tuple[int, int], Path] = {}

    def why(err: OSError) -> str:
        if err.errno == errno.ENAMETOOLONG:
            # a tree nested deeper than the system's path limit: nothing below this folder can be opened by path
            limit = _path_max(base)
            return (f"cannot read folder: its path is longer than this system's limit"
                    f"{f' ({limit:,} bytes)' if limit else ''}; logs below it are not read (move them higher up)")
        return f"cannot read folder: {err.strerror or err}"

    def onerror(err: OSError):
        out.problems.append(Problem(str(err.filename or base), why(err), "unreadable"))

    for dirpath, dirnames, filenames in os.walk(base, topdown=True, onerror=onerror, followlinks=True):
        d = Path(dirpath)
        try:
            st = os.stat(d)
            key = (st.st_dev, st.st_ino)
        except OSError as exc:
            out.problems.append(Problem(str(d), why(exc), "unreadable"))
            dirnames[:] = []
            continue
        if key in visited:
            first = visited[key]
            try:
                loop = os.path.realpath(d).startswith(os.path.realpath(first).rstrip(os.sep) + os.sep) or \
                    os.path.realpath(d) == os.path.realpath(first) and str(d).startswith(str(first) + os.sep)
            except OSError:
                loop = True
            if loop:
                out.problems.append(Problem(str(d), "symlink loop (folder already visited); not followed",
                                            "symlink-loop"))
            else:  # a link that is another name for a folder already read: not a loop, just not read twice
                out.problems.append(Problem(str(d), f"another name for {first} (a symlink); read once, there",
                                            "duplicate-path"))
            dirnames[:] = []
            continue
        visited[key] = d
        # real folders before links to them: W&B's 'latest-run' link names the run folder beside it, which must
        # be read under its own name (the link is then 'another name', read once)
        dirnames.sort(key=lambda x: (os.path.islink(os.path.join(dirpath, x)), x))
        files = []
        for f in sorted(filenames):
            if _special(d / f):
                out.problems.append(Problem(str(d / f), "not a regular file (a FIFO, socket or device): never opened",
                                            "not-a-file"))
            else:
                files.append(f)  # regular, or a dangling link (its reader says why it cannot be read)
        yield d, dirnames, files


def _discover(base: Path, with_base: bool, tree) -> Discovery:
    out = Discovery()
    exists = (tree.is_file(base) or tree.is_dir(base)) if tree is not None else os.path.lexists(base)
    if not exists:
        out.problems.append(Problem(str(base), "no such file or directory", "not-found"))
        return out
    if (tree.is_file(base) if tree is not None else base.is_file()):
        spec = _spec_for_file(base, base.parent, name=base.name if base.name else str(base))
        if spec is None:
            reason = "unsupported format"
            if is_lfs_pointer(head_bytes(base, 64)):
                reason = "Git LFS pointer, not the data (run `git lfs pull`)"
            out.problems.append(Problem(str(base), reason, "unsupported-format"))
        else:
            out.specs.append(spec)
        return out
    if not (tree.is_dir(base) if tree is not None else base.is_dir()):
        out.problems.append(Problem(str(base), "not a regular file or directory", "unreadable"))
        return out

    tb_dirs: dict[Path, list[Path]] = {}
    other: dict[Path, list[RunSpec]] = {}
    hf_groups: dict[Path, list[tuple[int, Path]]] = {}
    for d, dirnames, files in _walk(base, tree, out):
        # Skip hidden/bookkeeping folders
        dirnames[:] = [x for x in dirnames if not x.startswith(".") and x not in ("__pycache__", "artifacts", "node_modules")]

        # MLflow run folder
        if "meta.yaml" in files and "metrics" in dirnames:
            other.setdefault(d, []).append(RunSpec(d, "", "mlflow", [d / "meta.yaml"]))
            dirnames[:] = []
            continue
        # DVCLive output folder: plots/metrics/**.tsv, params.yaml, metrics.json (one run; its files are not
        # separate logs)
        if "plots" in dirnames and is_dvclive_dir(d, dirnames):
            other.setdefault(d, []).append(RunSpec(d, "", "dvclive", [d.joinpath(*METRICS_DIR)]))
            dirnames[:] = []
            continue
        # W&B run folder
        wandb_files = [f for f in files if f.endswith(".wandb")]
        if wandb_files or "wandb-history.jsonl" in files:
            fl = [d / f for f in (wandb_files or ["wandb-history.jsonl"])]
            other.setdefault(d, []).append(RunSpec(d, "", "wandb", fl))
            dirnames[:] = [x for x in dirnames if x not in ("files", "logs", "tmp")]
            continue

        if any(WANDB_RUN_DIR.match(x) for x in dirnames):
            # W&B's own debug logs beside its run folders (links into the latest run's logs/): not training logs
            files = [f for f in files if f not in WANDB_DEBUG_LOGS]
        ev = [d / f for f in files if is_event_file(f)]
        if ev:
            tb_dirs[d] = ev
        for f in files:
            p = d / f
            low = _inner(f)
            if is_event_file(f):
                continue
            if low == "trainer_state.json":
                m = CHECKPOINT_DIR.match(d.name)
                group = d.parent if m else d
                hf_groups.setdefault(group, []).append((int(m.group(1)) if m else 1 << 62, p))
            elif low.endswith((".csv", ".tsv")) or (low in CSV_NAMES_EXTRA and _csv_header_like(p)) \
                    or (low.endswith((".log", ".txt")) and _csv_table_like(p)):
                # every .csv is handed to the reader: a damaged one (binary, truncated) must be reported,
                # while a readable CSV that is not a training log is passed over quietly (tentative)
                other.setdefault(d, []).append(RunSpec(d, "", "csv", [p], extras={"tentative": True}))
            elif low.endswith((".jsonl", ".json", ".ndjson")) and low not in JSON_SKIP:
                if low.endswith("hparams.json"):
                    continue
                if own_output(p):
                    out.problems.append(Problem(str(p), "a curvedoc report or watch output, not a training log: "
                                                "skipped", "own-output"))
                    continue
                if low.endswith((".jsonl", ".ndjson")) or low == "metrics.json" or _sniff_json(p):
                    other.setdefault(d, []).append(RunSpec(d, "", "json", [p], extras={"tentative": True}))
            elif low.endswith(SQLITE_EXT) and head_bytes(p, 16) == SQLITE_MAGIC:
                # an MLflow SQLite store (mlflow.db); a SQLite file of another schema is passed over (tentative)
                other.setdefault(d, []).append(RunSpec(d, "", "mlflow-db", [p], extras={"tentative": True}))
            elif (Path(low).suffix in TEXT_LOG_EXT or TEXT_LOG_NAME.match(low)) and _looks_like_text_log(p):
                other.setdefault(d, []).append(RunSpec(d, "", "text-log", [p], extras={"tentative": True}))

    # --- HuggingFace: one run per output folder
    for group, entries in hf_groups.items():
        entries.sort()
        newest = entries[-1][1]
        others = [str(p) for _, p in entries[:-1]]
        spec = RunSpec(group, "", "hf-trainer-state", [newest], extras={"other_states": others})
        other.setdefault(group, []).insert(0, spec)

    # --- TensorBoard: merge train/eval/timestamp sub-folders into their run
    tb_roots: dict[Path, RunSpec] = {}
    for d in sorted(tb_dirs):
        name = d.name
        parent = d.parent
        is_sub = (name.lower() in SUBRUN_NAMES or TIMESTAMP_DIR.match(name)) and d != base
        root = parent if is_sub else d
        prefix = "" if (not is_sub or TIMESTAMP_DIR.match(name)) else name + "/"
        found = _add_scalars_writer(d, tb_dirs, base)
        if found is not None:
            # SummaryWriter.add_scalars(main_tag, {key: value}) writes each key with a writer of its own, in
            # <logdir>/<main_tag with / as _>_<key>/ (torch) or <logdir>/<main_tag>/<key>/ (tensorboardX), under the
            # tag main_tag: one training with the logdir's own writer, read as main_tag/key
            root, key = found
            prefix = "{tag}/" + key
        spec = tb_roots.get(root)
        if spec is None:
            spec = tb_roots[root] = RunSpec(root, "", "tfevents", [])
        for f in tb_dirs[d]:
            spec.files.append(f)
            if prefix:
                spec.prefixes[str(f)] = prefix
    for root, spec in tb_roots.items():
        other.setdefault(root, []).append(spec)

    # --- one run per folder, by priority
    for d in sorted(other, key=lambda p: p.as_posix()):
        specs = other[d]
        specs.sort(key=lambda s: PRIORITY.index(s.format))
        chosen = specs[0]
        rest = specs[1:]
        if chosen.format in ("csv", "json", "text-log") and len(specs) > 1:
            # several plain data files in one folder: each is its own run (a printed log beside a CSV of
            # the same run is mentioned, not read twice)
            plain = [s for s in specs if s.format in ("csv", "json")] or specs
            if chosen.format != "text-log":
                logs = [s for s in specs if s.format == "text-log"]
                if logs:
                    plain[0].extras["also_found"] = [str(f) for s in logs for f in s.files]
            for s in plain:
                s.name = _rel_name(s.files[0], base, with_base)
                out.specs.append(s)
            continue
        chosen.name = _rel_name(d, base, with_base)
        if chosen.format == "hf-trainer-state":
            # TensorBoard events beside the state (logging_dir = output_dir): the same training, if values agree
            tb = [s for s in rest if s.format == "tfevents"]
            for s in tb:
                s.name = f"{chosen.name}#tfevents"
                chosen.extras.setdefault("companions", []).append(s)
            rest = [s for s in rest if s.format != "tfevents"]
        if rest:
            chosen.extras["also_found"] = [str(f) for s in rest for f in s.files]
        out.specs.append(chosen)

    out.specs = _layout_groups(out.specs, base, with_base)
    out.specs.sort(key=lambda s: s.name)
    return out


MMENGINE_VIS = "vis_data"
STAMP_NAME = re.compile(r"^\d{8}_\d{6}$")


def _add_scalars_writer(d: Path, tb_dirs: dict, base: Path) -> tuple[Path, str] | None:
    """(logdir, key) when the event folder ``d`` is an ``add_scalars`` sub-writer of a logdir that holds event files
    of its own (up to 4 levels above it, inside the target), else None. The folder's path below the logdir is
    ``<main_tag>_<key>`` (torch, a ``/`` in the main tag written as ``_``) or ``<main_tag>/<key>`` (tensorboardX), and
    its event file holds the values under the tag ``main_tag``: the folder is one when, for some split of that path
    at a ``_`` or ``/``, the main tag (as written, or with its underscores as slashes) is the tag of the file's first
    scalar (read from its first 4 KB). A sweep's run folders (``lr_0.1`` holding ``train/loss``) do not match."""
    up = d
    for _ in range(4):
        if up == base or up.parent == up:
            return None
        up = up.parent
        if up in tb_dirs:
            break
    else:
        return None
    rel = d.relative_to(up).as_posix()
    try:
        head = head_bytes(tb_dirs[d][0], 4096)
    except (OSError, IndexError):
        return None
    for i in [j for j, c in enumerate(rel) if c in "_/" and 0 < j < len(rel) - 1]:
        main, key = rel[:i], rel[i + 1:]
        for tag in {main, main.replace("_", "/")}:
            t = tag.encode("utf-8", "replace")
            # the tag is a length-prefixed string in the summary proto: field 1, wire type 2 (0x0a), then its length
            if len(t) < 128 and b"\x0a" + bytes([len(t)]) + t in head:
                return up, key.replace("/", "_")
    return None


def _layout_groups(specs: list[RunSpec], base: Path, with_base: bool) -> list[RunSpec]:
    """Logs of ONE training that a framework writes in a known layout, proposed as one group (the spec that
    stands for it carries the others in ``extras["companions"]``); reading keeps them together only where their
    shared steps carry equal values (:mod:`curvedoc.importers._group`). Layouts:

    * HF Trainer: ``<output_dir>/trainer_state.json`` and the TensorBoard events of ``<output_dir>/runs/<run>/``
      (the Trainer's default ``logging_dir``);
    * MMEngine: ``<work_dir>/<stamp>/<stamp>.log`` and ``<stamp>/vis_data/`` (``scalars.json``, ``<stamp>.json``,
      TensorBoard events); also without the printed log."""
    by_root: dict[Path, list[RunSpec]] = {}
    events_in: dict[Path, list[RunSpec]] = {}  # folder -> the TensorBoard runs in its sub-folders
    for s in specs:
        by_root.setdefault(Path(s.root), []).append(s)
        if s.format == "tfevents":
            events_in.setdefault(Path(s.root).parent, []).append(s)
    taken: set[int] = set()
    for s in specs:
        if s.format != "hf-trainer-state":
            continue
        for t in events_in.get(Path(s.root) / "runs", ()):
            if id(t) not in taken:
                s.extras.setdefault("companions", []).append(t)
                taken.add(id(t))
    for root in list(by_root):
        if root.name != MMENGINE_VIS:
            continue
        vis = [t for t in by_root[root] if t.format in ("json", "tfevents") and id(t) not in taken]
        if not vis:
            continue
        work = root.parent
        logs = [t for t in by_root.get(work, []) if t.format == "text-log" and id(t) not in taken
                and len(t.files) == 1 and (STAMP_NAME.match(Path(t.files[0]).stem) or len(by_root[work]) == 1)]
        # the structured records first (the printed log is compared with them), scalars.json before <stamp>.json
        members = sorted(vis, key=lambda t: (t.format != "json", Path(t.files[0]).name != "scalars.json")) + logs
        if len(members) < 2:
            continue
        lead = members[0]
        # named by the work folder when the logs prove one training; else each keeps its own name
        lead.extras = {**lead.extras, "companions": members[1:], "own_name": lead.name, "group_root": str(work)}
        lead.name = _rel_name(work, base, with_base)
        taken.update(id(t) for t in members[1:])
    _split_files(specs, taken, base, with_base)
    return [s for s in specs if id(s) not in taken]


# a split word in a file name: the file holds that split of the training ('train.log' / 'valid.log', 'history_train.csv'
# / 'history_val.csv'); the training side is the one whose word is a training word
SPLIT_WORD = re.compile(r"(?i)(?<![a-z])(train|training|valid|validation|val|eval|evaluation|dev|test)(?![a-z])")
_TRAIN_WORDS = ("train", "training")


def _split_files(specs: list[RunSpec], taken: set[int], base: Path, with_base: bool) -> None:
    """Custom loggers that write each split of one training to its own table, side by side in one folder and named
    alike but for the split ('train.log' + 'valid.log', 'log_train.csv' + 'log_val.csv'): the training file's spec
    carries the others in ``extras["split_companions"]`` as (spec, split word), and reading puts their series into
    the training's run under the split's name (``valid_loss``) -- where their steps lie on the training's clock;
    otherwise they stay runs of their own. A folder with more than one training file of that name is left alone."""
    by_key: dict[tuple[Path, str], list[tuple[RunSpec, str]]] = {}
    for s in specs:
        if id(s) in taken or s.format != "csv" or len(s.files) != 1 or set(s.extras) - {"tentative"}:
            continue
        file_name = Path(s.files[0]).name
        found = SPLIT_WORD.findall(file_name)
        if len(found) != 1:
            continue
        key = (Path(s.files[0]).parent, SPLIT_WORD.sub("{split}", file_name))
        by_key.setdefault(key, []).append((s, found[0].lower()))
    for (folder, pattern), members in by_key.items():
        train = [(s, w) for s, w in members if w in _TRAIN_WORDS]
        others = [(s, w) for s, w in members if w not in _TRAIN_WORDS]
        if len(train) != 1 or not others or len({w for _, w in others}) != len(others):
            continue
        lead = train[0][0]
        suffix = Path(pattern.replace("{split}", "x")).suffix
        rest = (pattern[: -len(suffix)] if suffix else pattern).replace("{split}", "")
        named = re.sub(r"^[\W_]+|[\W_]+$", "", rest)  # 'train.log' -> '' (the folder), 'log_train.csv' -> 'log'
        lead.extras = {**lead.extras, "split_companions": others, "own_name": lead.name}
        lead.name = _rel_name(folder / named, base, with_base) if named else _rel_name(folder, base, with_base)
        taken.update(id(s) for s, _ in others)


def _special(p: Path) -> bool:
    """A FIFO, socket or device (following symlinks): never to be opened -- a FIFO named like a log would block
    the first read forever. A path that cannot be stat-ed (a dangling link) is not special: its reader reports it."""
    try:
        mode = os.stat(p).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


# curvedoc's own outputs (a JSON report, watch events) saved beside the runs they describe: never runs themselves
_OWN_OUTPUT = re.compile(rb'^\s*\{\s*"(curvedoc_version|event)"\s*:')


def own_output(p: Path) -> bool:
    head = head_bytes(p, 256).lstrip(b"\xef\xbb\xbf")
    m = _OWN_OUTPUT.match(head)
    if not m:
        return False
    return m.group(1) == b"curvedoc_version" or b'"finding"' in head_bytes(p, 4096) or b'"stopped_by"' in head


def _inner(name: str) -> str:
    """The lower-case name a compressed log stands for: 'train.csv.gz' is read as 'train.csv'."""
    low = name.lower()
    return low[:-3] if low.endswith(".gz") and len(low) > 3 else low


def _spec_for_file(p: Path, base: Path, name: str) -> RunSpec | None:
    low = _inner(p.name)
    if low.endswith((".json", ".jsonl", ".ndjson")) and own_output(p):
        return None  # the caller says 'unsupported format'; a folder walk says what it is
    if is_event_file(p.name):
        return RunSpec(p, name, "tfevents", [p])
    if low == "trainer_state.json":
        return RunSpec(p, name, "hf-trainer-state", [p])
    if p.suffix == ".wandb":
        return RunSpec(p.parent, name, "wandb", [p])
    if head_bytes(p, 16) == SQLITE_MAGIC:
        return RunSpec(p, name, "mlflow-db", [p])
    if low.endswith((".jsonl", ".json", ".ndjson")) and _sniff_json(p):
        return RunSpec(p, name, "json", [p])
    if ((low.endswith((".csv", ".tsv")) or low in CSV_NAMES_EXTRA) and _sniff_csv(p)) \
            or (low.endswith((".log", ".txt")) and _csv_table_like(p)):
        return RunSpec(p, name, "csv", [p])
    # content sniffing for files with unhelpful names
    head = head_bytes(p, 16)
    if len(head) >= 12 and head[8:12] and not is_lfs_pointer(head) and p.suffix == "":
        # maybe a renamed TFRecord event file: first record length is small
        import struct

        (length,) = struct.unpack_from("<Q", head, 0)
        if 0 < length < 1 << 20:
            return RunSpec(p, name, "tfevents", [p])
    if _sniff_json(p):
        return RunSpec(p, name, "json", [p])
    if low.endswith((".txt", ".log")) and _sniff_csv(p):
        first = head_bytes(p, 512).split(b"\n", 1)[0].lower()
        # (a print of its arguments -- "Namespace(lr=0.1, epochs=3)", a dict -- is a printed log's first line)
        if (b"epoch" in first or b"loss" in first) and first.count(b",") >= 2 and b":" not in first \
                and b"=" not in first and not first.lstrip().startswith(b"{"):
            return RunSpec(p, name, "csv", [p])
    # anything else that is text: a printed training log (the reader says if it holds no metrics)
    if not head.startswith(b"\x00") and (Path(low).suffix in TEXT_LOG_EXT or TEXT_LOG_NAME.match(low)
                                         or _looks_like_text_log(p)):
        return RunSpec(p, name, "text-log", [p])
    return None
