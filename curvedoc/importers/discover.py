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
* A file given on its own is of the format the reader registry's sniffers recognise it as (by its name, else by
  its first bytes: :func:`curvedoc.importers.registry.sniff_file`); the walk of a folder uses the same predicates
  (:mod:`curvedoc.importers.sniffers`) with the rules of the layouts above.
* When one folder holds several formats, the first of ``trainer_state > tfevents > mlflow > wandb
  > csv > results.txt > json`` (the registry's precedence) is read, and the others are mentioned in the run's import issues.
* Nothing found: :func:`nothing_found` says what was there instead (only checkpoints, unreadable files) and
  every format curvedoc reads.
* One training, several logs, in a layout its framework writes (HF Trainer: ``trainer_state.json`` and the
  events of ``runs/<run>/``; MMEngine: ``<stamp>.log`` and ``vis_data/{scalars.json,<stamp>.json}``): proposed as
  one group; reading keeps the logs together only if their shared steps carry equal values (``_layout_groups``).
* One training written one quantity per file, side by side in one folder ('train_loss.txt' + 'val_loss.txt',
  'loss.txt' + 'val_loss.txt'): one run named by the folder where the files count on one clock (``_quantity_files``).
* Symlinks are followed, loops are not; unreadable folders are reported, not fatal.
"""

from __future__ import annotations

import errno
import os
import stat
import re
from dataclasses import dataclass, field
from pathlib import Path

from curvedoc.importers._base import RunSpec, active_tree, head_bytes, is_lfs_pointer, remote_view
from curvedoc.importers.dvclive import METRICS_DIR, is_dvclive_dir
from curvedoc.importers.registry import PRIORITY, sniff_file
from curvedoc.importers.sniffers import (CSV_NAMES_EXTRA, SQLITE_EXT, SQLITE_MAGIC, TEXT_LOG_EXT, TEXT_LOG_NAME,
                                        csv_header_like, csv_table_like, inner_name, is_event_file,
                                        looks_json_lines, looks_like_results_txt, looks_like_text_log,
                                        looks_like_trainer_state, named_as_log, own_output, sniff_json)

SUBRUN_NAMES = {"train", "training", "eval", "evaluation", "validation", "val", "valid", "test"}
TIMESTAMP_DIR = re.compile(r"^\d{9,11}(\.\d+)?$")
CHECKPOINT_DIR = re.compile(r"^checkpoint[-_](\d+)$")
JSON_SKIP = {
    "config.json", "wandb-summary.json", "wandb-metadata.json", "tokenizer.json", "tokenizer_config.json",
    "special_tokens_map.json", "generation_config.json", "adapter_config.json", "preprocessor_config.json",
    "vocab.json", "package.json", "all_results.json", "train_results.json", "eval_results.json",
    "summary_metrics.json", "model_index.json", "added_tokens.json", "trainer_config.json",
    "training_args.json",  # HF TrainingArguments beside trainer_state.json: read by the HF reader as hparams
}
WANDB_RUN_DIR = re.compile(r"^(offline-)?run-\d{8}_\d{6}-\w+$|^latest-run$")
WANDB_DEBUG_LOGS = {"debug.log", "debug-internal.log", "debug-cli.log"}


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


# a markdown page: documentation, unless it is all a folder holds and it names training quantities
MARKDOWN_EXT = (".md", ".markdown")


def _may_sniff(virtual: str) -> bool:
    """A file discovery may read the head of (by its name): worth a place in the one batched head fetch."""
    name = inner_name(virtual.rsplit("/", 1)[-1])
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
    pasted: list[tuple[Path, Path]] = []  # markdown pages and extensionless files: read only when the tree holds no
    # log of another kind
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
            low = inner_name(f)
            if is_event_file(f):
                continue
            if low == "trainer_state.json" or (low.endswith(".json") and low not in JSON_SKIP
                                                and looks_like_trainer_state(p)):
                # (a TrainerState saved under another name -- 'training_logs.json' -- by its keys)
                m = CHECKPOINT_DIR.match(d.name)
                group = d.parent if m else d
                hf_groups.setdefault(group, []).append((int(m.group(1)) if m else 1 << 62, p))
            elif low.endswith((".csv", ".tsv")) or (low in CSV_NAMES_EXTRA and csv_header_like(p)) \
                    or (low.endswith((".log", ".txt")) and csv_table_like(p)):
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
                if low.endswith((".jsonl", ".ndjson")) or low == "metrics.json" or sniff_json(p):
                    other.setdefault(d, []).append(RunSpec(d, "", "json", [p], extras={"tentative": True}))
            elif low.endswith(SQLITE_EXT) and head_bytes(p, 16) == SQLITE_MAGIC:
                # an MLflow SQLite store (mlflow.db); a SQLite file of another schema is passed over (tentative)
                other.setdefault(d, []).append(RunSpec(d, "", "mlflow-db", [p], extras={"tentative": True}))
            elif _text_log_named(low) or (not Path(low).suffix and named_as_log(low)):
                # (a name with no extension counts when its words say log -- 'logs1', 'train_log' -- as a file given
                # alone is read: its content decides below)
                if low.endswith(".txt") and looks_like_results_txt(p):
                    # YOLOv5's / YOLOv3's results.txt: a headerless table of 15 fields per epoch, no printed log
                    other.setdefault(d, []).append(RunSpec(d, "", "yolo-txt", [p], extras={"tentative": True}))
                elif looks_json_lines(p):
                    # one JSON object per line under a text log's name (DETR's and MAE's log.txt): JSON's own content
                    # comes first, as for a file given alone
                    other.setdefault(d, []).append(RunSpec(d, "", "json", [p], extras={"tentative": True}))
                elif looks_like_text_log(p, named_as_log=named_as_log(low)):
                    extras = {"tentative": True}
                    if not named_as_log(low) and not looks_like_text_log(p, by_name=False):
                        extras["named_only"] = True  # (its name says what it holds, its content nothing)
                    other.setdefault(d, []).append(RunSpec(d, "", "text-log", [p], extras=extras))
            elif low.endswith(MARKDOWN_EXT) or (not Path(low).suffix and not low.startswith(".")):
                pasted.append((d, p))

    if not other and not hf_groups and not tb_dirs:
        # nothing else here: a training's output pasted into a markdown page (a results write-up, a README's
        # 'Training log' section) is the log this folder holds -- read when it names training quantities; beside a
        # log of any other kind a README is documentation and is left alone. So is a file with no extension whose
        # content is a printed training log (a console redirected to 'output1', 'run'), as it is read given alone;
        # beside logs of other kinds an extensionless file is a LICENSE or a Makefile
        for d, p in pasted:
            if looks_like_text_log(p, by_name=False):
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
        # a file of bare numbers named after its quantity ('losses.txt') beside a log of the folder's training (a
        # printed log, a CSV, events): a dump of that training's numbers, mentioned, not read as a second run of it
        named_only = [s for s in specs if s.extras.get("named_only")]
        dumps = [str(f) for s in named_only for f in s.files] if len(named_only) < len(specs) else []
        if dumps:
            specs = [s for s in specs if not s.extras.get("named_only")]
        specs.sort(key=lambda s: PRIORITY.index(s.format))
        chosen = specs[0]
        rest = specs[1:]
        if chosen.format in ("csv", "yolo-txt", "json", "text-log") and len(specs) > 1:
            # several plain data files in one folder: each is its own run (a printed log beside a CSV of
            # the same run is mentioned, not read twice)
            plain = [s for s in specs if s.format in ("csv", "yolo-txt", "json")] or specs
            if chosen.format != "text-log":
                logs = [s for s in specs if s.format == "text-log"]
                if logs:
                    plain[0].extras["also_found"] = [str(f) for s in logs for f in s.files]
            if dumps:
                plain[0].extras["also_found"] = plain[0].extras.get("also_found", []) + dumps
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
        if rest or dumps:
            chosen.extras["also_found"] = [str(f) for s in rest for f in s.files] + dumps
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
      TensorBoard events); also without the printed log;
    * Lightning with several loggers on one ``save_dir`` (``logger=[CSVLogger(d), TensorBoardLogger(d)]``): each
      logger takes the next free ``<name>/version_N`` when it is made, so one training is ``version_N`` (one
      logger's format) and ``version_N+1`` (the other's) side by side; two adjacent version folders of different
      formats are proposed as one group, and two trainings with the same two loggers stay two (their values differ);
    * Keras: a ``CSVLogger`` table and a dumped ``History`` JSON alone in one folder (:func:`_table_and_json`);
    * Stable-Baselines3: ``Monitor(env, log_dir)`` writes ``log_dir/monitor.csv`` and ``PPO(..., tensorboard_log=log_dir)``
      the events of ``log_dir/PPO_1/`` (:func:`_sb3_monitor`); the logger's ``rollout/ep_rew_mean`` is the mean of
      the monitor's last 100 episode returns, which is the evidence."""
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
    _lightning_versions(specs, taken)
    _sb3_monitor(specs, taken)
    _split_files(specs, taken, base, with_base)
    _quantity_files(specs, taken, base, with_base)
    _table_and_json(specs, taken, base, with_base)
    return [s for s in specs if id(s) not in taken]


KERAS_TABLE = re.compile(rb"^(\xef\xbb\xbf)?epoch[,;\t]")
KERAS_HISTORY = re.compile(rb"^\s*\{\s*\"[^\"]{1,200}\"\s*:\s*\[")


def _table_and_json(specs: list[RunSpec], taken: set[int], base: Path, with_base: bool) -> None:
    """Keras's two records of one training alone side by side in a folder: Keras writes a training's per-epoch history both
    through ``CSVLogger`` and as the ``History`` the script dumps (``json.dump(h.history, ...)``); proposed as one
    group named by the folder (the table stands for it), kept together only when their shared epochs carry equal
    values; otherwise each keeps its own name."""
    by_dir: dict[Path, list[RunSpec]] = {}
    for s in specs:
        if id(s) in taken or len(s.files) != 1 or set(s.extras) - {"tentative"}:
            continue
        by_dir.setdefault(Path(s.files[0]).parent, []).append(s)
    for folder, members in by_dir.items():
        tables = [s for s in members if s.format == "csv"]
        jsons = [s for s in members if s.format == "json"]
        if len(tables) != 1 or len(jsons) != 1 or len(members) != 2:
            continue
        lead, other = tables[0], jsons[0]
        try:  # CSVLogger's table starts with its epoch column; the History dump is an object of lists
            shapes = (KERAS_TABLE.match(head_bytes(Path(lead.files[0]), 256)),
                      KERAS_HISTORY.match(head_bytes(Path(other.files[0]), 256)))
        except OSError:
            continue
        if not all(shapes):
            continue
        lead.extras = {**lead.extras, "companions": [other], "own_name": lead.name, "group_root": str(folder)}
        lead.name = _rel_name(folder, base, with_base)
        taken.add(id(other))


SB3_LOG_DIR = re.compile(r"^[A-Z][A-Za-z0-9]*_\d+$")  # SB3's tb_log_name (the algorithm's class) + run counter


def _sb3_monitor(specs: list[RunSpec], taken: set[int]) -> None:
    """One SB3 ``monitor.csv`` and ONE event folder ``<Algo>_<N>/`` beside it (one ``learn()`` call): the events
    stand for the group, the monitor is cross-checked against them (two or more ``learn()`` calls: left apart)."""
    by_dir: dict[Path, list[RunSpec]] = {}
    for s in specs:
        if id(s) not in taken and not s.extras.get("companions"):
            by_dir.setdefault(Path(s.root), []).append(s)
    for folder, members in by_dir.items():
        monitors = []
        for s in members:
            if s.format == "csv" and len(s.files) == 1 and Path(s.files[0]).name.endswith("monitor.csv"):
                try:
                    if head_bytes(Path(s.files[0]), 16).startswith(b'#{"t_start"'):
                        monitors.append(s)
                except OSError:
                    pass
        if len(monitors) != 1:
            continue
        logs = [t for t in specs if t.format == "tfevents" and id(t) not in taken and not t.extras.get("companions")
                and Path(t.root).parent == folder and SB3_LOG_DIR.match(Path(t.root).name)]
        if len(logs) != 1:
            continue
        lead = logs[0]
        lead.extras = {**lead.extras, "companions": [monitors[0]], "own_name": lead.name}
        taken.add(id(monitors[0]))


LIGHTNING_VERSION = re.compile(r"^version_(\d+)$")


def _lightning_versions(specs: list[RunSpec], taken: set[int]) -> None:
    """Adjacent ``version_N`` / ``version_N+1`` folders of one parent, each one run of a different format (a CSV
    and TensorBoard events): the lower version stands for the group (see :func:`_layout_groups`)."""
    by_parent: dict[Path, dict[int, list[RunSpec]]] = {}
    for s in specs:
        m = LIGHTNING_VERSION.match(Path(s.root).name)
        if m and id(s) not in taken and not s.extras.get("companions"):
            by_parent.setdefault(Path(s.root).parent, {}).setdefault(int(m.group(1)), []).append(s)
    for versions in by_parent.values():
        used: set[int] = set()
        for n in sorted(versions):
            a, b = versions[n], versions.get(n + 1)
            if n in used or not b or len(a) != 1 or len(b) != 1:
                continue
            lead, other = a[0], b[0]
            if lead.format == other.format or {lead.format, other.format} - {"csv", "tfevents"}:
                continue
            lead.extras = {**lead.extras, "companions": [other], "own_name": lead.name}
            taken.add(id(other))
            used.update((n, n + 1))


# a split word in a file name: the file holds that split of the training ('train.log' / 'valid.log', 'history_train.csv'
# / 'history_val.csv'); the training side is the one whose word is a training word
SPLIT_WORD = re.compile(r"(?i)(?<![a-z])(train|training|valid|validation|val|eval|evaluation|dev|test)(?![a-z])")
TRAIN_WORDS = ("train", "training")


def _split_files(specs: list[RunSpec], taken: set[int], base: Path, with_base: bool) -> None:
    """Custom loggers that write each split of one training to its own table, side by side in one folder and named
    alike but for the split ('train.log' + 'valid.log', 'log_train.csv' + 'log_val.csv'): the training file's spec
    carries the others in ``extras["split_companions"]`` as (spec, split word), and reading puts their series into
    the training's run under the split's name (``valid_loss``) -- where their steps lie on the training's clock;
    otherwise they stay runs of their own. A folder with more than one training file of that name is left alone."""
    by_key: dict[tuple[Path, str], list[tuple[RunSpec, str]]] = {}
    for s in specs:
        # (tables and JSON-lines records alike: 'train_metrics.jsonl' + 'eval_metrics.jsonl')
        if id(s) in taken or s.format not in ("csv", "json") or len(s.files) != 1 or set(s.extras) - {"tentative"}:
            continue
        file_name = Path(s.files[0]).name
        found = SPLIT_WORD.findall(file_name)
        if len(found) != 1:
            continue
        key = (Path(s.files[0]).parent, SPLIT_WORD.sub("{split}", file_name))
        by_key.setdefault(key, []).append((s, found[0].lower()))
    for (folder, pattern), members in by_key.items():
        train = [(s, w) for s, w in members if w in TRAIN_WORDS]
        others = [(s, w) for s, w in members if w not in TRAIN_WORDS]
        if len(train) != 1 or not others or len({w for _, w in others}) != len(others):
            continue
        lead = train[0][0]
        suffix = Path(pattern.replace("{split}", "x")).suffix
        rest = (pattern[: -len(suffix)] if suffix else pattern).replace("{split}", "")
        named = re.sub(r"^[\W_]+|[\W_]+$", "", rest)  # 'train.log' -> '' (the folder), 'log_train.csv' -> 'log'
        lead.extras = {**lead.extras, "split_companions": others, "own_name": lead.name}
        lead.name = _rel_name(folder / named, base, with_base) if named else _rel_name(folder, base, with_base)
        taken.update(id(s) for s, _ in others)


# the words of a file named for the one quantity it holds ('train_loss.txt', 'val_acc.txt', 'test_losses.txt',
# 'training_loss.txt', 'loss.txt'): a split word at most, a quantity, and words that only qualify them
QUANTITY_WORDS = frozenset({
    "loss", "losses", "acc", "accs", "accuracy", "accuracies", "err", "error", "errors", "f1", "auc", "ppl",
    "perplexity", "perplexities", "reward", "rewards", "return", "returns", "score", "scores", "dice", "iou", "miou",
    "map", "mse", "mae", "rmse", "bleu", "rouge", "precision", "recall", "lr", "lrs"})
_QUALIFIER_WORDS = frozenset({"epoch", "epochs", "mean", "avg", "average", "total", "history", "hist", "list", "log",
                              "logs", "values", "per", "step", "steps", "batch", "all", "top1", "top5"})
_STEM_WORDS = re.compile(r"[_\-\s.]+")


def _quantity_word(stem: str) -> str | None:
    """'' or the split word of a file stem named for one quantity, None when the stem names something else (a run,
    a model, a date: 'exp3_loss', 'resnet_acc')."""
    words = [w for w in _STEM_WORDS.split(stem.lower()) if w]
    splits = [w for w in words if SPLIT_WORD.fullmatch(w)]
    if len(splits) > 1 or not any(w in QUANTITY_WORDS for w in words) or not all(
            w in QUANTITY_WORDS or w in _QUALIFIER_WORDS or SPLIT_WORD.fullmatch(w) for w in words):
        return None
    return splits[0] if splits else ""


def _quantity_files(specs: list[RunSpec], taken: set[int], base: Path, with_base: bool) -> None:
    """A script that writes each quantity of one training to a file of its own, named for it, side by side in one
    folder ('train_loss.txt' + 'val_loss.txt', 'loss.txt' + 'val_loss.txt', 'train_losses.txt' + 'test_losses.txt'
    + 'train_accuracies.txt': ``np.savetxt`` / ``print(losses)`` per list): proposed as ONE run named by the folder,
    the training loss's file standing for it and the others in ``extras["split_companions"]`` with no split word
    (their series keep the names they are read under). Reading keeps a file in only where it counts on the same
    clock: the same steps when either file's row number is its step (:func:`curvedoc.importers._read_splits`).
    Only files whose every word is a split word (one at most), a quantity word or a qualifier ('epoch', 'mean',
    'history') are taken; a folder with fewer than two is left alone."""
    by_dir: dict[Path, list[tuple[RunSpec, str]]] = {}
    for s in specs:
        if id(s) in taken or s.format not in ("text-log", "csv") or len(s.files) != 1 \
                or set(s.extras) - {"tentative", "named_only"}:
            continue
        word = _quantity_word(inner_name(Path(s.files[0]).name).rsplit(".", 1)[0])
        if word is not None:
            by_dir.setdefault(Path(s.files[0]).parent, []).append((s, word))
    for folder, members in by_dir.items():
        if len(members) < 2:
            continue

        def rank(m: tuple[RunSpec, str]) -> tuple:  # a training loss first: a loss, on the training side or none
            s, w = m
            lossy = any(x in ("loss", "losses") for x in _STEM_WORDS.split(Path(s.files[0]).name.lower()))
            return not lossy, 0 if w in TRAIN_WORDS else 1 if w == "" else 2, Path(s.files[0]).name

        members.sort(key=rank)
        (lead, _), others = members[0], [(s, "") for s, _ in members[1:]]
        lead.extras = {**lead.extras, "split_companions": others, "own_name": lead.name}
        lead.name = _rel_name(folder, base, with_base)
        taken.update(id(s) for s, _ in others)


def _special(p: Path) -> bool:
    """A FIFO, socket or device (following symlinks): never to be opened -- a FIFO named like a log would block
    the first read forever. A path that cannot be stat-ed (a dangling link) is not special: its reader reports it."""
    try:
        mode = os.stat(p).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _text_log_named(low: str) -> bool:
    """A (lower-case) file name a printed log goes by: a log's extension ('.log', '.txt', '.out' ...) or a
    conventional name ('nohup', 'train', 'slurm-42'); its content then says whether it is one."""
    return Path(low).suffix in TEXT_LOG_EXT or bool(TEXT_LOG_NAME.match(low))


def _spec_for_file(p: Path, base: Path, name: str) -> RunSpec | None:
    """The run of a file given on its own: the format the registry's sniffers recognise it as
    (:func:`curvedoc.importers.registry.sniff_file`), or None."""
    low = inner_name(p.name)
    if low.endswith((".json", ".jsonl", ".ndjson")) and own_output(p):
        return None  # the caller says 'unsupported format'; a folder walk says what it is
    fmt = sniff_file(p)
    if fmt == "json" and not low.endswith((".json", ".jsonl", ".ndjson")) \
            and _text_log_named(low) and not looks_json_lines(p) \
            and not re.search(rb"(?m)^\s*\{", head_bytes(p, 1 << 16)) \
            and looks_like_text_log(p, named_as_log=named_as_log(low)):
        # a text log whose lines open with a bracket ('[2026-12-01 04:26:39,677] INFO trainer: ..') read as the folder
        # walk reads it: JSON lines only when its lines are JSON objects (the same file given by its folder read fine,
        # given alone it was 'no JSON record could be read')
        fmt = "text-log"
    if fmt is None:
        return None
    return RunSpec(p.parent if fmt == "wandb" else p, name, fmt, [p])


# ------------------------------------------------------------------------------ when nothing was found

# files that hold a model's weights, never its training curves
CHECKPOINT_EXTENSIONS = (".pt", ".pth", ".ckpt", ".safetensors", ".bin", ".h5", ".hdf5", ".keras", ".pkl", ".onnx",
                         ".pb", ".npz", ".msgpack", ".gguf", ".tflite")


def only_checkpoints(path: str, limit: int = 2000) -> list[str]:
    """The checkpoint files at ``path`` when nothing else is there (hidden files aside), else []."""
    found: list[str] = []
    if os.path.isfile(path):
        files = [path]
    else:
        files = []
        for root, dirs, names in os.walk(path):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            files += [os.path.join(root, n) for n in sorted(names) if not n.startswith(".")]
            if len(files) > limit:
                return []
    for f in files:
        if not f.lower().endswith(CHECKPOINT_EXTENSIONS):
            return []
        found.append(os.path.basename(f))
    return found


def nothing_found(path: str, problems, what: str = "no training log found") -> str:
    """The message for a target where no run was found: what was there instead (only a checkpoint, or the files
    that could not be read), and every format curvedoc reads (the reader registry's labels)."""
    from curvedoc.importers.registry import labels

    formats = ", ".join(labels())
    ckpts = only_checkpoints(path)
    if ckpts:
        shown = ", ".join(ckpts[:3]) + (f" and {len(ckpts) - 3} more" if len(ckpts) > 3 else "")
        return (f"{path}: {what}, only a checkpoint ({shown}): it holds the weights, not the "
                f"training curves; point curvedoc at the run's logs -- it reads {formats}")
    reasons = "; ".join(f"{p.path}: {p.reason}" for p in problems[:3])
    return f"{path}: {what}" + (f" ({reasons})" if reasons else "") + f"; curvedoc reads {formats}"
