"""Importers: turn log files of every common format into :class:`curvedoc.model.run.Run` objects.

``load(path)`` finds every run at ``path`` (see :mod:`curvedoc.importers.discover`) and reads
it with the reader of its format. Readers live one per module and are looked up lazily, so
reading a CSV never imports the TensorBoard protobufs. Every format is one entry of the reader registry
(:mod:`curvedoc.importers.registry`: how a file of it is recognised, read, and followed while it grows), which
discovery, reading, object storage and ``curvedoc watch`` all go by; adding a format = one importer module + one
entry there. :func:`find_runs` is how ``diagnose`` and ``compare`` turn a target into runs (a target that does not
exist raises); :func:`load_all` reads them all.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from curvedoc.errors import LoadError
from curvedoc.importers._base import (SETTINGS_SUFFIXES, RunData, RunSpec, byte_windows, is_settings_file,
                                      max_file_bytes, open_regular, windowed)
from curvedoc.importers.context import ReadContext, current, use
from curvedoc.importers.discover import SPLIT_WORD, TRAIN_WORDS, Discovery, Problem, discover
from curvedoc.importers.registry import EVENT_READERS, FORMATS, reader
from curvedoc.model.axes import place_epoch_indexed
from curvedoc.model.run import ImportIssue, Run, concat_frames

# format family -> "module:function" of its reader, ``read(spec: RunSpec) -> RunData | list[RunData]``; the event-file
# readers by name (curvedoc's own decoder, or tbparse as an independent reference): both from the reader registry
READERS: dict[str, str] = {f.name: f.read for f in FORMATS}


@contextlib.contextmanager
def event_reader(name: str | None):
    """The event-file reader for the duration of a block (``None``: leave it as it is)."""
    if not name:
        yield
        return
    if name not in EVENT_READERS:
        raise ValueError(f"unknown event-file reader {name!r} (known: {', '.join(EVENT_READERS)})")
    with use(dataclasses.replace(current(), reader=name)):
        yield


def prepare_event_decoder(total_bytes: int) -> bool:
    """Ready the compiled event-file decoder (numba) in this process when ``total_bytes`` of event files are to be
    read (an audit, once before its workers start; see :func:`curvedoc.importers._tfcompiled.prepare_compiled`)."""
    from curvedoc.importers._tfcompiled import prepare_compiled

    return prepare_compiled(total_bytes)


def flatten_hparams(obj, **kw) -> dict:
    """Nested hyperparameters as one flat mapping (``{"optimizer.lr": 0.1}``), kept as the readers keep them (numbers,
    booleans, short strings and lists; no blobs, no private attributes): for callbacks that receive a framework's
    hyperparameters (PyYAML is imported on first use)."""
    from curvedoc.importers._yaml import flatten_hparams as flatten

    return flatten(obj, **kw)


def reading_context(settings) -> ReadContext:
    """The context to read with under ``settings``: the per-file size limit (``max-file-mb``) and the event-file
    reader (``reader``) they ask for, the byte windows and storage listing in force kept; the precedence rule is
    :mod:`curvedoc.importers.context`'s. Pass it to :func:`read_spec` / :func:`read_into` (``context=``)."""
    wanted = ReadContext.from_settings(settings)
    return dataclasses.replace(current(), max_file_bytes=wanted.max_file_bytes, reader=wanted.reader)


def reading(settings):
    """:func:`reading_context` in force for the duration of a block (for code that cannot pass it explicitly)."""
    return use(reading_context(settings))


def _reader(fmt: str) -> Callable[[RunSpec], RunData | list[RunData]]:
    return reader(fmt, current().reader)


@dataclass
class Failure:
    """A run (or file) that could not be read, with the reason in one line."""

    name: str
    path: str
    reason: str
    kind: str = "unreadable"

    def to_dict(self):
        return {"run": self.name, "path": self.path, "reason": self.reason, "kind": self.kind}


@dataclass
class LoadResult:
    runs: list[Run] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def _print_log_under_a_table_name(spec: RunSpec, exc: LoadError) -> RunSpec | None:
    """The text-log spec of a file named as a table (``loss.csv``, ``training_loss.csv``) whose CSV reading found no
    numeric column at all, while its text names training quantities (``===> Epoch[1](0/25343): Loss: 2.2144``,
    ``Epoch 0:   Training Loss=508804.57``): a script's prints saved under a table's name are a print log, read as
    one. None otherwise (a table with numbers the CSV reader refused for other reasons stays refused)."""
    if spec.format != "csv" or exc.kind != "unsupported-format" or len(spec.files) != 1 \
            or not str(exc.reason).startswith("no numeric columns:"):
        return None
    from curvedoc.importers.sniffers import looks_like_text_log

    if not looks_like_text_log(spec.files[0], by_name=False):
        return None
    return dataclasses.replace(spec, format="text-log")


def read_spec(spec: RunSpec, role_overrides: Mapping[str, str] | None = None,
              context: ReadContext | None = None) -> list[Run]:
    """Read one discovered run. Raises :class:`LoadError` (never anything else) on failure.

    ``context``: the reading limits and views to read it with (:class:`ReadContext`); None: the one in force.

    A spec with ``extras["companions"]`` (other logs the framework writes of the same training, by the layout) is
    read with them, and the sources whose shared steps carry equal values come back as ONE run (see
    :mod:`curvedoc.importers._group`)."""
    if context is not None:
        with use(context):
            return read_spec(spec, role_overrides)
    if spec.extras.get("companions"):
        if any(windowed(f) for f in spec.files):  # a watch poll: the part appended to this file, nothing else
            import dataclasses

            return read_spec(dataclasses.replace(spec, extras={k: v for k, v in spec.extras.items()
                                                               if k not in _GROUP_KEYS}), role_overrides)
        return _read_group(spec, role_overrides)
    if spec.extras.get("split_companions"):
        return _read_splits(spec, role_overrides)
    if "remote" in spec.extras:  # in object storage: fetched by this process, read by the same reader
        from curvedoc.importers.remote import read_remote

        return read_remote(spec, role_overrides, read=read_spec)
    try:
        try:
            data = _reader(spec.format)(spec)
        except LoadError as exc:
            text = _print_log_under_a_table_name(spec, exc)
            if text is None:
                raise
            data = _reader("text-log")(text)
    except LoadError:
        raise
    except MemoryError as exc:
        from curvedoc._guard import memory_reason

        raise LoadError(spec.root, memory_reason(), kind="out-of-memory") from exc
    except RecursionError as exc:
        raise LoadError(spec.root, f"{type(exc).__name__} while reading", kind="unreadable") from exc
    except Exception as exc:  # a reader bug must not take the audit down: report it as this run's error
        raise LoadError(
            spec.files[0] if spec.files else spec.root,
            f"internal error in the {spec.format} reader: {type(exc).__name__}: {exc}",
            kind="internal-error",
        ) from exc
    datas = data if isinstance(data, list) else [data]
    runs = []
    whole = not any(windowed(f) for f in spec.files)
    for d in datas:
        issues = list(d.issues)
        frame = d.frame
        if whole:
            # held-out evaluations written against the epoch index while training counts steps: onto its clock
            frame, moved = place_epoch_indexed(frame)
            if moved is not None:
                issues.append(moved)
        st = frame["step"].to_numpy() if len(frame) else None
        if st is not None and st.max() < 0:
            # steps all below zero: read as given, but say so (a counter written as an offset from the end, or a
            # signed overflow); rules measure spans and shares, which do not care about the sign
            issues.append(ImportIssue(
                "negative-steps", f"every step is negative ({int(st.min()):,} to {int(st.max()):,}); read as given",
                severity="info"))
        also = spec.extras.get("also_found")
        if also:
            issues.append(
                ImportIssue(
                    "also-found",
                    f"this folder also holds {len(also)} other log file(s) of another format, not merged: "
                    + ", ".join(Path(a).name for a in also[:5]),
                    severity="info",
                )
            )
        name = spec.name + d.name_suffix
        if spec.format == "mlflow":
            name = _mlflow_name(name, d.meta)
        runs.append(
            Run(
                name,
                d.source,
                frame,
                hparams=d.hparams,
                issues=issues,
                meta=d.meta,
                path=spec.root,
                role_overrides=role_overrides,
            )
        )
    return runs


_GROUP_KEYS = ("companions", "own_name", "group_root")  # what discovery adds to the spec standing for a group
_SPLIT_KEYS = ("split_companions", "own_name")
# columns that say where in the training a row is, not what was measured: the training's own say that
_CLOCK = re.compile(r"(?i)(epoch|epochs|step|steps|global_step|iter|iteration|iterations|time|timestamp|wall_time|"
                    r"date|lr|learning_rate)")


def _read_splits(spec: RunSpec, role_overrides: Mapping[str, str] | None) -> list[Run]:
    """A training whose custom logger wrote each split to its own table ('train.log' beside 'valid.log'): the
    training's run gets the other tables' series named by their split (``valid_loss``, ``valid_accuracy``; their
    clock columns are the training's own), where their steps lie on the training's clock (within its first and last
    step). A table that cannot be read, holds several runs, or counts on another clock stays a run of its own."""
    lead = dataclasses.replace(spec, name=spec.extras.get("own_name", spec.name),
                               extras={k: v for k, v in spec.extras.items() if k not in _SPLIT_KEYS})
    runs = read_spec(lead, role_overrides)
    comps = spec.extras["split_companions"]
    if len(runs) != 1:
        return runs + [r for c, _ in comps for r in _read_apart(c, role_overrides, runs[0].issues if runs else [])]
    base = runs[0]
    steps = base.scalars["step"].to_numpy()
    lo, hi = (int(steps.min()), int(steps.max())) if len(steps) else (0, -1)
    frames, issues, apart = [base.scalars], list(base.issues), []
    have = set(base.scalars["tag"].astype(str))
    for comp, word in comps:
        f = str(comp.files[0])
        what = f"the {word} table {Path(f).name}" if word else Path(f).name
        try:
            cr = read_spec(comp, role_overrides)  # read once: merged under the split's name, or kept as it is
        except LoadError as exc:
            issues.append(ImportIssue("companion-unreadable", f"{what} could not be read: {exc.reason}", file=f,
                                      severity="info"))
            continue
        sc = cr[0].scalars if len(cr) == 1 else None
        if sc is None or not len(sc) or int(sc["step"].min()) < lo or int(sc["step"].max()) > hi \
                or (not word and not _same_clock(runs[0], cr[0])):
            apart.extend(cr)  # another clock, or several runs: its own
            continue
        own = sc["tag"].astype(str)
        if word:  # a split's table: its clock columns are the training's own; its series take the split's name
            measured = sc[~own.str.fullmatch(_CLOCK.pattern, case=False).to_numpy()]
            # (a series already named for a split keeps its name: 'val_loss' in 'val_loss.csv' is no 'val_val_loss')
            named = measured["tag"].astype(str).map(lambda t: t if _names_split(t) and t not in have else f"{word}_{t}")
        else:  # one more quantity of the training: its series as read, but for what the run already has
            measured = sc[~own.isin(have).to_numpy()]
            named = measured["tag"].astype(str)
        if not len(measured):
            apart.extend(cr)
            continue
        frames.append(measured.assign(tag=named.to_numpy()))
        have.update(named)
        said = ", ".join(sorted(set(named))[:4])
        issues.append(ImportIssue("split-files", f"{Path(f).name} holds the {word} side of this training: its series "
                                                 f"are read into this run as {word}_*" if word else
                                  f"{Path(f).name} holds one more quantity of this training, on its clock: read into "
                                  f"this run ({said})", file=f, severity="info"))
    if len(frames) > 1:
        base = Run(spec.name, base.source, concat_frames(frames), hparams=base.hparams, issues=issues, meta=base.meta,
                   path=Path(spec.files[0]).parent, role_overrides=role_overrides)
    else:
        base = base.replace(issues=issues)
    return [base] + apart


def _names_split(tag: str) -> bool:
    """A held-out split's word stands alone in a series' name ('val_loss', 'test acc'; not 'validate_every'): the
    split words a file's name is read by (discover.SPLIT_WORD), the training ones aside."""
    return any(w.lower() not in TRAIN_WORDS for w in SPLIT_WORD.findall(tag))


def _same_clock(lead: Run, other: Run) -> bool:
    """Two files of one training count on the same clock: a file whose row number is its step (bare numbers, one a
    row) shares it only with a file of the same steps -- a per-epoch list beside a per-batch one does not."""
    bare = lead.meta.get("bare_table") or other.meta.get("bare_table")
    if not bare:
        return True
    a, b = lead.scalars, other.scalars
    return set(a["step"].to_numpy().tolist()) == set(b["step"].to_numpy().tolist())


def _read_apart(spec: RunSpec, role_overrides: Mapping[str, str] | None, issues: list[ImportIssue]) -> list[Run]:
    """A split table read as a run of its own; one that cannot be read is said on the training's run (not lost)."""
    try:
        return read_spec(spec, role_overrides)
    except LoadError as exc:
        issues.append(ImportIssue("companion-unreadable", f"{Path(str(exc.path)).name} could not be read: "
                                                          f"{exc.reason}", file=str(exc.path), severity="info"))
        return []


def _read_group(spec: RunSpec, role_overrides: Mapping[str, str] | None) -> list[Run]:
    """The runs of a layout group: each source read on its own, then kept together where the values agree."""
    import dataclasses

    from curvedoc.importers._group import merge

    first = dataclasses.replace(spec, name=spec.extras.get("own_name", spec.name),
                                extras={k: v for k, v in spec.extras.items() if k not in _GROUP_KEYS})
    parts: list[tuple[Run, list[str]]] = []
    apart: list[Run] = []
    errors: list[tuple[RunSpec, LoadError]] = []
    for part in [first, *spec.extras["companions"]]:
        try:
            runs = read_spec(part, role_overrides)
        except LoadError as exc:
            errors.append((part, exc))
            continue
        if len(runs) == 1:
            parts.append((runs[0], [str(f) for f in part.files]))
        else:  # a source that is itself several runs (two hosts' events) is never one of the group's
            apart.extend(runs)
    if not parts and not apart:
        raise errors[0][1]
    out = merge(spec.name, parts, spec.extras.get("group_root", spec.root)) + apart
    # a log left apart keeps its own name; where that is the group's (a printed log alone in the work folder),
    # it is named by its file
    files_of = {id(r): f for r, f in parts}
    seen: set[str] = set()
    named = []
    for run in out:
        if run.name in seen and files_of.get(id(run)):
            run = run.replace(name=f"{run.name}/{Path(files_of[id(run)][0]).name}")
        seen.add(run.name)
        named.append(run)
    out = named
    for part, exc in errors:  # a source of the training that cannot be read: said on the run that was read
        out[0].issues.append(ImportIssue(
            "companion-unreadable",
            f"{part.format} log of the same folder layout ({Path(exc.path).name}) could not be read: {exc.reason}",
            file=str(exc.path), severity="info",
        ))
    return out


def _mlflow_name(name: str, meta: Mapping) -> str:
    """An MLflow file-store run named by its run name, not by its store path: 'x/mlruns/4810991356/8aa1ac63...'
    becomes 'x/unleashed-ape-323 (8aa1ac63)' (the short id keeps same-named runs apart)."""
    run_name = str(meta.get("run_name") or "").strip()
    parts = name.split("/")
    if "mlruns" in parts and len(parts) >= parts.index("mlruns") + 3:
        i = parts.index("mlruns")
        run_id = parts[i + 2]
        label = f"{run_name} ({run_id[:8]})" if run_name else run_id[:8]
        return "/".join(parts[:i] + [label] + parts[i + 3:])
    return name  # a run folder named by the user (no store layout around it) keeps that name


def existing_target(target):
    """``target`` as discovery takes it (``file:///runs/x`` -> ``/runs/x``); a local path that does not exist
    raises :class:`LoadError` (kind ``not-found``): a mistyped path is a mistake to raise, not an empty report."""
    from curvedoc.importers.remote import is_url, local_path

    target = local_path(target)
    if not is_url(target) and not os.path.lexists(target):
        raise LoadError(target, "no such file or directory", kind="not-found")
    return target


def find_runs(target, *, with_base: bool = True, storage_options=None) -> Discovery:
    """The runs at ``target`` -- a file, a run folder, a tree, or a storage URL --, discovered, not read: what
    ``diagnose`` and ``compare`` turn a target into (``audit`` and ``watch`` discover a folder that may hold
    nothing yet). A local path or a storage URL that does not exist raises :class:`LoadError` (``not-found``)."""
    from curvedoc.importers.remote import is_url

    target = existing_target(target)
    disc = discover(target, with_base=with_base, storage_options=storage_options)
    if is_url(target) and not disc.specs and any(p.kind == "not-found" for p in disc.problems):
        raise LoadError(target, "no such object or prefix", kind="not-found")
    return disc


def load_all(path, role_overrides: Mapping[str, str] | None = None, with_base: bool = False,
             storage_options=None, context: ReadContext | None = None, must_exist: bool = False) -> LoadResult:
    """Every run at ``path`` (a local path or a storage URL) plus everything that could not be read (never raises
    for bad input but, with ``must_exist``, a target that does not exist: see :func:`find_runs`). ``context``: the
    reading limits and views to discover and read with; None: the one in force."""
    if context is not None:
        with use(context):
            return load_all(path, role_overrides, with_base, storage_options, must_exist=must_exist)
    if must_exist:
        disc = find_runs(path, with_base=with_base, storage_options=storage_options)
    else:
        disc = discover(path, with_base=with_base, storage_options=storage_options)
    res = LoadResult(problems=list(disc.problems))
    for spec in disc.specs:
        read_into(res, spec, role_overrides)
    return res


def not_a_log(spec: RunSpec, exc: LoadError) -> bool:
    """A file discovery only guessed at (a .csv/.json in a tree) that turned out not to be a training log:
    a problem to mention, not a broken run."""
    return bool(spec.extras.get("tentative")) and exc.kind == "unsupported-format"


def read_into(res: LoadResult, spec: RunSpec, role_overrides: Mapping[str, str] | None = None,
              context: ReadContext | None = None) -> list[Run]:
    """Read one spec into ``res``: its runs, or its failure (a tentative file that is not a log: a problem).
    ``context`` as for :func:`read_spec`.

    Returns the runs read (empty on failure).
    """
    try:
        runs = read_spec(spec, role_overrides, context)
    except LoadError as exc:
        if not_a_log(spec, exc):
            res.problems.append(Problem(exc.path, exc.reason, exc.kind))
        else:
            res.failures.append(Failure(spec.name, exc.path, exc.reason, exc.kind))
        return []
    res.runs.extend(runs)
    return runs


def load(path, roles: Mapping[str, str] | None = None, storage_options=None) -> list[Run]:
    """Every run found at ``path`` (a file, a run directory, a tree, or a storage URL such as ``s3://bucket/runs``
    with fsspec's ``storage_options``).

    Runs that cannot be read are reported with :func:`warnings.warn` and skipped; when nothing at
    all can be read a :class:`~curvedoc.errors.LoadError` says why.
    """
    res = load_all(path, roles, storage_options=storage_options)
    if not res.runs:
        reasons = [f"{f.path}: {f.reason}" for f in res.failures] + [f"{p.path}: {p.reason}" for p in res.problems]
        raise LoadError(path, "no readable training log found" + (" (" + "; ".join(reasons[:3]) + ")" if reasons else ""),
                        kind="nothing-readable")
    for f in res.failures:
        warnings.warn(f"curvedoc: could not read {f.path}: {f.reason}", stacklevel=2)
    return res.runs


__all__ = ["load", "load_all", "find_runs", "existing_target", "read_spec", "read_into", "discover", "LoadResult", "Failure", "RunSpec", "RunData",
           "READERS", "EVENT_READERS", "SETTINGS_SUFFIXES", "is_settings_file", "prepare_event_decoder", "ReadContext",
           "reading", "reading_context", "event_reader", "byte_windows", "max_file_bytes", "flatten_hparams",
           "open_regular"]
