"""Reading a text log: the file's lines through the parser, then the frame, meta, settings and import issues
(crash, resume, restart, time left, inside an epoch at the end...) of the run."""

from __future__ import annotations

import bisect
import dataclasses
import math
import re
from pathlib import Path

import numpy as np

from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers._base import RunData, RunSpec, check_file, open_binary
from curvedoc.importers import _tabular as T
from curvedoc.importers._tabular import Segment, duplicate_issues, restart_issue, time_still_to_go
from curvedoc.importers.literals import python_literal
from curvedoc.importers.textlog.decoding import text_lines
from curvedoc.importers.textlog.parser import TextLogParser
from curvedoc.importers.textlog.records import ANSI, CRASH, KILL_WORDS, SHELL_PROMPT, plan_name, split_of
from curvedoc.model.run import ImportIssue, empty_frame, make_frame

SOURCE = "text-log"

_PHASE_WORDS = re.compile(r"\b(?:epoch|epochs|iter|iters|iteration|step|steps|batch|phase|stage|round|fold)\b",
                          re.IGNORECASE)


def _started_again(p: "TextLogParser", file: str) -> ImportIssue | None:
    """The same statement that a training starts ('Starting Training...', 'Training Session Started: <date>', Keras'
    'Train on N samples') printed more than once, when no clock going back says so already: the script was launched
    again into this log -- launches that stopped after logging little or nothing (an aborted start) before the one
    that ran. A statement printed again while the clock goes on (its first point after it past the last one before:
    a banner printed at each phase, a job that went on where it stopped) opens no launch. Statements that differ by
    more than their numbers (dates, sizes) start different trainings (MTCNN's 'Start training P-Net' then 'R-Net'),
    not the same one again; one that names an epoch, a step, a stage or a fold with a number that changes between
    prints ('begin training epoch 10') opens a phase of one run."""
    groups: dict[str, list[tuple[int, str, int]]] = {}
    for ln, text, seq in p.starts:
        if "@" in text and SHELL_PROMPT.match(text):
            continue  # a command typed at a shell prompt may be anything (a 'tmux capture-pane'), not a training
        groups.setdefault(" ".join(re.sub(r"\d+", "#", text.lower()).split()), []).append((ln, text, seq))
    # a statement whose numbers change from one print to the next and that names an epoch, a step or a stage
    # ('begin training epoch 10', 'Start Training 20 Epoch') opens a phase of one run; the same plan printed again
    # ('Starting training for 10 epoch(s)' each time) or a date that moves on is a launch again
    groups = {k: g for k, g in groups.items()
              if len({tuple(re.findall(r"\d+", t)) for _, t, _ in g}) == 1 or not _PHASE_WORDS.search(k)}
    goes_on = _clock_goes_on(p)
    groups = {k: [g[0]] + [x for x in g[1:] if not goes_on(x[2])] for k, g in groups.items()}
    again = max(groups.values(), key=len, default=[])
    if len(again) < 2:
        return None
    lines = ", ".join(f"{ln:,}" for ln, _, _ in again[:6]) + (" ..." if len(again) > 6 else "")
    return ImportIssue(
        "restart", f"a training is started {len(again)} times in this log ('{again[-1][1]}' at lines {lines}): the "
        "script was launched again into the same file, the earlier launches stopping before the last; every record "
        "is kept", file=file, count=len(again) - 1)


def _launch_clock(p: "TextLogParser") -> tuple[str, np.ndarray, np.ndarray] | None:
    """(tag, clock, record orders) of the longest series on a real clock; with none, of the longest series numbered in
    order whose records each name their epoch ('Epoch: [3][50]  Loss ..', several records an epoch): the epochs they
    name are still a clock that goes back where a launch starts again (a heading 'Starting epoch 0' printed by each
    launch is no series to tell it)."""
    clocked = [t for t in p.clocked if p.clock_of.get(t) != "in-epoch" and t in p.clocked_orders]
    if clocked:
        tag = max(clocked, key=lambda t: len(p.clocked[t]))
        return tag, p.clocked[tag], p.clocked_orders[tag]
    numbered = [t for t in p.numbered_orders if t in p.ordinal_epochs and t != "epoch"]
    if numbered:
        tag = max(numbered, key=lambda t: len(p.numbered_orders[t]))
        return tag, p.ordinal_epochs[tag], p.numbered_orders[tag]
    return None


def _clock_goes_on(p: "TextLogParser"):
    """order -> does the clock of the longest series on a real clock go on across record order ``order`` (its first
    point after it past its last point before it)? False where it has no point on either side (an aborted start)."""
    got = _launch_clock(p)
    if got is None:
        return lambda order: False
    tag, st, od = got

    def goes_on(order: int) -> bool:
        i = int(np.searchsorted(od, order, side="left"))
        return 0 < i < len(st) and st[i] > st[i - 1]
    return goes_on


# the fewest epochs whose evaluated record is printed twice in a row for two trainings to be writing one log at once
MIN_TWICE_EPOCHS = 3


def _two_at_once(p: "TextLogParser", frame, file: str) -> ImportIssue | None:
    """Two trainings writing one log at the same time (launched twice into the same file): each epoch's closing
    record -- the one with its evaluation's results, which a training prints once per epoch -- printed twice in a row
    with results of its own, its training values too, epoch after epoch ('Epoch 1/20 | train_loss=0.986
    val_loss=0.607', 'Epoch 1/20 | train_loss=0.988 val_loss=0.973', then 'Epoch 2/20' twice ..): a restart issue,
    the clock never going back. One training printing a record twice at one epoch writes the same values (an echo),
    a record without an evaluation (a mid-epoch report), evaluations of two sets with its training's values once
    ('Validation BLEU: ..', 'Dev BLEU: ..' after one 'Average Train Loss'), or records that say where in the epoch
    they are ('[Epoch 3][Batch 0]', '[Epoch 3][Batch 50]')."""
    if frame is None:
        return None

    def twice(tag: str) -> int:
        """The epochs at which the records of ``tag`` are printed twice in a row with other values (0 unless all are,
        from the first on, at least MIN_TWICE_EPOCHS of them)."""
        if tag in p.ordinal_epochs:
            # (the epochs the records name: records numbered in order, their epoch shared two by two)
            steps = np.asarray(p.ordinal_epochs[tag])
        elif p.clock_of.get(tag) in ("epoch", "ctx-epoch"):
            steps = frame.loc[frame["tag"] == tag, "step"].to_numpy()
        else:
            return 0
        values = frame.loc[frame["tag"] == tag, "value"].to_numpy(dtype=np.float64)
        m = len(steps) - len(steps) % 2
        if len(steps) != len(values) or m < 2 * MIN_TWICE_EPOCHS:
            return 0
        first = steps[0:m:2]
        ok = np.array_equal(first, steps[1:m:2]) and np.all(np.diff(first) > 0) \
            and (len(steps) == m or steps[-1] > first[-1]) and np.mean(values[0:m:2] != values[1:m:2]) > 0.5
        return m // 2 if ok else 0

    tags = [str(t) for t in frame["tag"].unique() if str(t) != "epoch"]
    held = next(((t, k) for t in tags if split_of(t) == "val" and (k := twice(t))), None)
    if held is None or not any(twice(t) for t in tags if split_of(t) != "val"):
        return None
    for t in tags:
        v = frame.loc[frame["tag"] == t, "value"].to_numpy(dtype=np.float64)
        m = len(v) - len(v) % 2
        if twice(t) and len(set(v[0:m:2])) == 1 and len(set(v[1:m:2])) == 1:
            # a number taking the same two values in turn at every epoch ('[Epoch 3][Batch 0]', '[Epoch 3][Batch 50]')
            # is a position inside the epoch: one training reporting twice an epoch
            return None
    return ImportIssue(
        "restart", f"each epoch's record with its evaluation ('{held[0]}') is printed twice in a row with other results "
        f"({held[1]} epochs), its training's values too: two trainings writing this log at the same time; their records "
        "are kept, each second one at a step already written", file=file, count=held[1])


def _restart_issue(p: "TextLogParser", file: str) -> ImportIssue | None:
    """A clock that goes back in the longest series on a real clock: a job appended a new launch (or a
    resume from a checkpoint) to the same log."""
    # (a counter inside the epoch starts again at every epoch: that is no restart)
    clocked = [t for t in p.clocked if p.clock_of.get(t) != "in-epoch"]
    if not clocked:
        return None
    tag = max(clocked, key=lambda t: len(p.clocked[t]))
    if len(p.clocked[tag]) < 3:
        return None
    return restart_issue(p.clocked[tag], file, what=f"step of '{tag}'")


def console_ending(path: Path, max_bytes: int = 1 << 16) -> tuple[str, str] | None:
    """How a captured console (W&B's ``files/output.log``) ends: ``("killed", line)`` when its last error block
    holds a kill or interrupt message (a traceback that ends in ``KeyboardInterrupt``), ``("crash", line)`` for an
    error of the run's own, None when it ends otherwise. Only the last lines are read: the metrics come from the
    tracker's own records, the console only says how the process stopped."""
    try:
        size = path.stat().st_size
        with open_binary(path) as fh:
            fh.seek(max(0, size - max_bytes))
            tail = fh.read(max_bytes)
    except OSError:
        return None
    text = ANSI.sub("", tail.decode("utf-8", errors="replace"))
    lines = [ln.strip() for ln in re.split(r"[\r\n]+", text) if ln.strip()][-60:]
    start = next((i for i, ln in enumerate(lines) if CRASH.search(ln)), None)
    if start is None:
        return None
    block = lines[start:]
    kill = next((ln for ln in reversed(block) if KILL_WORDS.search(ln)), None)
    return ("killed", kill[:160]) if kill else ("crash", block[-1][:160])


# a line that says the training starts now ('Starting training', 'Start training...', 'begin training', 'training
# loop', 'training started', '开始训练'): what a script prints right before its first step
_TRAINING_STARTS = re.compile(
    r"(?i)(?:\b(?:start(?:s|ed|ing)?|begin(?:s|ning)?|commenc(?:e|es|ed|ing))\b[\s:.-]*(?:the\s+|to\s+)?"
    r"(?:model\s+|main\s+)?train(?:ing)?\b|\btraining\s+(?:loop|start(?:s|ed)?|begins?|begun)\b|开始训练|训练开始)")


def _ends_at_start(p: "TextLogParser") -> str | None:
    """'line N: <text>' when one of the log's last lines with text says the training starts now and no training
    record follows it, nor an error: the process died, or was killed, before its first report (an out-of-memory kill
    at the first batch, a node lost, a closed terminal) -- or is still running. None otherwise."""
    if p.crash_line and p.crash_line[0] >= p.last_point_line:
        return None  # an error said what stopped it (crashed-run reads that)
    for ln, text in reversed(p.last_texts):
        if ln > p.last_point_line and _TRAINING_STARTS.search(text):
            return f"line {ln:,}: '{text.strip()[:80]}'"
    return None


def _time_left_at_end(p: "TextLogParser") -> int | None:
    """Seconds of training the last progress record still expected (its ETA), when that record is the log's last
    point and the time left is more than three logging intervals (the ETA's fall between the last two records) and
    more than a minute: a finished run's last record says 0, or at most one interval."""
    etas = p.etas
    if p.bar_etas and p.training_bar is not None and p.bar_etas[-1][2] == p.training_bar \
            and (not etas or etas[-1][0] < p.bar_etas[-1][0]):
        # the remaining time of the training's own progress bar, its records in the postfix (a tqdm bar that is the
        # records' step): '806/55000 [2:56:51<205:09:29, ..]' says 205 h were left
        etas = [(line, left) for line, left, bar in p.bar_etas if bar == p.training_bar]
    if not etas or etas[-1][0] < p.last_point_line:
        return None
    return time_still_to_go([left for _, left in etas])


def _inside_an_epoch_at_end(p: "TextLogParser") -> dict | None:
    """{epoch, batch, batches} when the log's last point is a training record printed inside an epoch with more
    than two logging intervals and 2% of its batches still to go: an epoch-based training ends at an epoch's end,
    so a log that stops in the middle of one was cut off (a finished epoch's last record is at most one interval
    from its end)."""
    if not p.inner or p.inner[-1][0] < p.last_point_line:
        return _in_a_bar_at_end(p)
    _, epoch, i, n = p.inner[-1]
    # the logging interval in batches: from the record before in the same epoch, else the first record of an
    # epoch is printed one interval into it
    gap = i - p.inner[0][2] if len(p.inner) == 2 and p.inner[0][1] == epoch and p.inner[0][2] < i else i
    if n - i > max(2 * gap, 0.02 * n, 1):
        return {"epoch": epoch, "batch": i, "batches": n}
    return None


def _in_a_bar_at_end(p: "TextLogParser") -> dict | None:
    """{epoch, batch, batches} when the log ends, after its last record, on a bare progress bar (no record in it)
    that earlier ran to its total -- the per-epoch training loop's bar ('32/101' after fifteen epochs whose bars
    reached 101/101) -- with more than 2% of its total still to go: the run was inside its next epoch when the log
    stops. A bar that never reached its total before is no epoch's loop known to the log."""
    if p.last_bar is None or p.last_bar[0] <= p.last_point_line:
        return None
    label, i, n = p.last_bar[1]
    if (label, n) not in p.bars_done or not 0 <= i < n or n - i <= max(0.02 * n, 1):
        return None
    epoch = (p.ctx_epoch + 1) if p.ctx_epoch is not None else None
    return {"epoch": epoch, "batch": int(i), "batches": int(n)}


def read(spec: RunSpec) -> RunData | list[RunData]:
    path = Path(spec.files[0])
    return read_text_log(path, segments=True)


# the settings that state the planned number of optimizer iterations (last part of a config path, lower case)
PLAN_SETTINGS = ("max_iter", "max_iters", "max_steps")
# the settings of another budget that can end a training before its iterations (a number of epochs, a time limit)
OTHER_BUDGET = re.compile(r"(?:num_|max_|n_|total_)?epochs?|max_(?:minutes|hours|time|seconds)|time_limit", re.IGNORECASE)


def _other_budget(hparams: dict) -> bool:
    return any(OTHER_BUDGET.fullmatch(str(k).rsplit("/", 1)[-1]) and isinstance(v, (int, float))
               and not isinstance(v, bool) and v > 0 for k, v in hparams.items())


def read_text_log(path: Path, reuse: bool = True, segments: bool = False) -> RunData | list[RunData]:
    """The run a text log holds; with ``segments``, one run per launch when several trainings were appended to the
    log (:func:`launch_segments`), as a table holding several runs is read (:func:`curvedoc.importers._tabular.
    split_runs`)."""
    check_file(path)
    issues: list[ImportIssue] = []
    p = TextLogParser(path, reuse)
    try:
        for first, lines in text_lines(path, issues):
            p.feed_lines(first, lines)
    except OSError as exc:
        raise LoadError(path, f"cannot read: {exc.strerror or exc}", kind="unreadable") from None
    d = run_data(p, path, issues)
    _wandb_config_beside(d, path)
    _cyclegan_options_beside(d, path)
    if not segments:
        return d
    segs = launch_segments(p)
    return d if len(segs) < 2 else split_launches(d, p, segs, path)


# the largest W&B config.yaml read beside a captured console
MAX_CONFIG_BYTES = 1 << 20


def _wandb_config_beside(d: RunData, path: Path) -> None:
    """W&B's run files: ``output.log``, the console it captured, beside ``config.yaml``, the run's config (each
    setting under ``value:``, W&B's own under ``_wandb``). The config is the run's settings as the log's own first
    lines would state them (the log's win where both name one), and a setting named as the plan (``epochs: 60``,
    ``max_steps``) is the run's plan when the log states none: ``d`` gains them. Any other ``config.yaml`` -- no
    ``_wandb`` block, no W&B ``value:`` form -- is left alone."""
    cfg = path.parent / "config.yaml"
    if path.name != "output.log" or not cfg.is_file():
        return
    import yaml

    from curvedoc.importers._yaml import flatten_hparams, load_yaml_tolerant

    try:
        if cfg.stat().st_size > MAX_CONFIG_BYTES:
            return
        doc = load_yaml_tolerant(cfg.read_bytes())
    except (OSError, yaml.YAMLError, RecursionError):  # (an unreadable or malformed config states nothing)
        return
    if not isinstance(doc, dict) or not ("_wandb" in doc or "wandb_version" in doc):
        return
    values = {str(k): v["value"] for k, v in doc.items()
              if not str(k).startswith("_wandb") and k != "wandb_version" and isinstance(v, dict) and "value" in v}
    settings = flatten_hparams(values)
    for k, v in settings.items():
        d.hparams.setdefault(k, v)
    for k, v in settings.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0 \
                or not float(v).is_integer():
            continue
        kind = plan_name(k)
        if kind == "epochs" and "num_epochs" not in d.meta:
            d.meta["num_epochs"] = int(v)
            d.hparams.setdefault("num_epochs", int(v))
        elif kind == "steps" and "max_steps" not in d.meta and not _other_budget(settings) \
                and (not len(d.frame) or int(d.frame["step"].max()) <= v):
            d.meta["max_steps"] = int(v)
            d.hparams.setdefault("max_steps", int(v))


# CycleGAN / pix2pix's options file, as its BaseOptions.print_options writes it beside loss_log.txt: a rule titled
# 'Options', then 'name: value' a line, a changed value followed by '[default: ..]'
_OPTIONS_TITLE = re.compile(r"-{3,}\s*Options\s*-{3,}")
_OPTION_LINE = re.compile(r"\s*([A-Za-z_][\w.]*):\s(.*?)\s*(?:\[default:[^\]]*\])?\s*")
# the planned epochs of such a run: the epochs at the starting rate and the epochs of its decay, whatever the version
# names them (niter / niter_decay before 2020, n_epochs / n_epochs_decay since)
_EPOCH_PHASES = (("niter", "niter_decay"), ("n_epochs", "n_epochs_decay"))


def _cyclegan_options_beside(d: RunData, path: Path) -> None:
    """CycleGAN / pix2pix write their options beside ``loss_log.txt`` (``opt.txt``, ``train_opt.txt``): a block
    titled 'Options', one 'name: value' a line. They are the run's settings (the log's own win), and the run's plan
    of epochs is the epochs at the starting learning rate plus the epochs of its decay ('niter: 200', 'niter_decay:
    200': 400), when the log states none."""
    if path.name != "loss_log.txt":
        return
    for name in ("train_opt.txt", "opt.txt"):
        f = path.parent / name
        try:
            if not f.is_file() or f.stat().st_size > MAX_CONFIG_BYTES:
                continue
            lines = f.read_bytes().decode("utf-8", errors="replace").splitlines()
        except OSError:
            continue
        if not lines or not _OPTIONS_TITLE.fullmatch(lines[0].strip()):
            continue
        settings: dict = {}
        for line in lines[1:]:
            m = _OPTION_LINE.fullmatch(line)
            if m is None:
                continue
            v = m.group(2)
            settings[m.group(1)] = int(v) if re.fullmatch(r"[-+]?\d+", v) else float(v) \
                if re.fullmatch(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?", v) else v
        for k, v in settings.items():
            d.hparams.setdefault(k, v)
        for a, b in _EPOCH_PHASES:
            na, nb = settings.get(a), settings.get(b)
            if isinstance(na, int) and isinstance(nb, int) and na > 0 and nb >= 0 and "num_epochs" not in d.meta:
                d.meta["num_epochs"] = na + nb
                d.hparams.setdefault("num_epochs", na + nb)
        return


# the most launches a log's clock may tell by going back to its start with nothing printed before them
MAX_UNMARKED_LAUNCHES = 2


def _launch_cuts(p: TextLogParser, tag: str, st: np.ndarray, od: np.ndarray, marks: np.ndarray,
                 unmarked: bool, staying: bool = True) -> list[tuple[int, str, bool, bool]]:
    """(record order, why, rerun, unmarked) of each launch start :func:`launch_segments` finds on the clock ``st``
    (records ``od``); with ``unmarked``, a clock back at its start with nothing printed before it starts one too."""
    cuts: list[tuple[int, str, bool, bool]] = []
    first = st[0]
    # (a clock that stays at the value its launch started at across a launch printed again is back at its start too:
    # launches that each stop in their first epoch, CycleGAN's 'epoch: 1' under each dated banner)
    stays = (st[1:] == st[:-1]) & staying & (np.searchsorted(marks, od[1:], side="right") != np.searchsorted(marks, od[:-1], side="right"))
    for i in np.flatnonzero((st[1:] < st[:-1]) | stays) + 1:
        if st[i] == st[i - 1] and st[i] != first:
            continue
        k = int(np.searchsorted(marks, od[i], side="right"))
        if not k or marks[k - 1] <= od[i - 1]:
            if unmarked and st[i] <= first:
                # no launch printed between, but the clock back at (or below) the value its launch started at: the
                # script was launched again into the log with nothing printed before its records ('Step, 143, ..'
                # then 'Step, 0, ..'), a training of its own, as a table's counter back at its start is
                cuts.append((int(od[i]), f"the clock of '{tag}' starts again ({int(st[i - 1]):,} -> {int(st[i]):,}) "
                                         "back at its start", True, True))
                first = st[i]
            continue  # back to a later point with no launch printed between: a resume, the restart issue says it
        if st[i] > first and int(marks[k - 1]) not in p.plan_launches:
            continue  # back to a later point than its launch started at: a resume (unless it states its own plan)
        if st[i] > first and _resumed_longer(p, int(marks[k - 1]), float(st[i])):
            # the same training resumed with a longer plan ('Epoch 100/100', then 'loaded best model (Epoch: 98)',
            # 'Epoch 99/198'): its clock goes back into the earlier plan's second half, a relaunch of that training
            cuts.append((int(marks[k - 1]), f"the clock of '{tag}' goes back ({int(st[i - 1]):,} -> {int(st[i]):,}) "
                                            "into the training before, resumed with a longer plan of epochs", True, False))
        elif st[i] > first:
            # a training of its own that follows (a second stage: its own plan, its clock from its own start), not
            # the same training started again
            cuts.append((int(marks[k - 1]), f"the clock of '{tag}' goes back ({int(st[i - 1]):,} -> {int(st[i]):,}) "
                                            "with a plan of epochs of its own", False, False))
        else:
            cuts.append((int(marks[k - 1]), f"the step of '{tag}' starts again ({int(st[i - 1]):,} -> "
                                            f"{int(st[i]):,}) after a configuration or start statement printed again",
                         True, False))
        first = st[i]
    return cuts


def launch_segments(p: TextLogParser) -> list[Segment]:
    """Where trainings appended to one log start (in record order): a launch printed again (the start banner's
    configuration, an argparse Namespace, 'Starting training') and, after it, the clock of the longest series on a
    real clock back to (or below) the value its launch started at -- or staying there across the launch printed again
    (launches that each stopped in their first epoch). A clock back at its start with nothing printed between is a
    launch too (a script's output appended to the log, as a table's counter back at its start starts a run) where it
    happens seldom (twice at most) and each launch holds a few records: more often, or after a few records, it is a
    counter of the run (an episode, a phase), the ``restart`` issue says it. A clock
    that goes back to a later point and goes on is a resume: one launch (its overlap is the ``restart`` issue). The
    launch starts
    at the configuration or statement printed before its first record (the records before it belong to the launch
    before). A counter inside the epoch is no clock here, and one that starts again every few
    records, or hundreds of times, counts inside one run (as for tables: :func:`curvedoc.importers._tabular.
    split_rows`)."""
    got = _launch_clock(p)
    n = p.seq + 1
    if got is None or p.frame_order is None:
        return [Segment(1, n)]
    tag, st, od = got
    if len(st) < 3:
        return [Segment(1, n)]
    marks = np.asarray(p.launches, dtype=np.int64)
    cuts = _launch_cuts(p, tag, st, od, marks, unmarked=True)
    unmarked = [c for c in cuts if c[3]]
    if unmarked:
        # a clock back at its start with nothing printed is a relaunch only where it happens seldom, each launch
        # with records of its own: a counter that starts again more than twice, or after a few records, counts
        # inside one run (an episode, a phase, a sweep's trial), the restart issue says it
        bounds = np.searchsorted(od, [c[0] for c in cuts])
        sizes = np.diff(np.concatenate([[0], bounds, [len(od)]]))
        # (a launch's records are all it printed: a script printing a result per data set each epoch holds a dozen
        # records in two epochs -- a launch of its own though its clock counts two points)
        held = np.diff(np.concatenate([[1], [c[0] for c in cuts], [n]]))
        few = sizes.min() < T.MIN_BLOCK_ROWS and not (sizes.min() >= 2 and held.min() >= 2 * T.MIN_BLOCK_ROWS)
        if len(unmarked) > MAX_UNMARKED_LAUNCHES or few:
            cuts = _launch_cuts(p, tag, st, od, marks, unmarked=False)
    cuts = [c[:3] for c in cuts]

    def too_many(cuts):
        return len(cuts) >= T.MAX_RUNS_PER_FILE or (len(cuts) > 2 and (len(cuts) + 1) * T.MIN_BLOCK_ROWS > len(st))

    if too_many(cuts):
        # (a clock staying at its start across launches printed many times over a few records each is no launch
        # each: the launches its clock goes back at are)
        cuts = [c[:3] for c in _launch_cuts(p, tag, st, od, marks, unmarked=False, staying=False)]
    if not cuts or too_many(cuts):
        return [Segment(1, n)]
    starts = [1] + [c for c, _, _ in cuts]
    segs = [Segment(a, b) for a, b in zip(starts, starts[1:] + [n])]
    for k, (seg, (_, why, rerun)) in enumerate(zip(segs, [(0, "", False)] + cuts), 1):
        seg.label, seg.why, seg.kind, seg.rerun = str(k), why, "counter" if k > 1 else "", rerun
    return segs


def split_launches(d: RunData, p: TextLogParser, segs: list[Segment], path: Path) -> list[RunData]:
    """One run per launch (``segs``, record orders ``start:end``): its records, and the ``epoch`` tag's points
    within the steps it covers; named ``<log>#1``, ``#2``.., with ``meta["segment"]`` and the ``segments`` and
    ``restart`` issues a table split into runs has. Issues about the log's end (a crash, time left) stay with the
    last launch."""
    frame, order = d.frame, p.frame_order
    is_epoch = order == 0
    name = path.name
    how = "; ".join(f"{s.why} at record {s.start:,}" for s in segs[1:])
    out = []
    end_kinds = {"crash", "killed", "unparsed-lines"}
    for k, seg in enumerate(segs, 1):
        mine = (order >= seg.start) & (order < seg.end)
        if not mine.any():
            continue
        steps = frame["step"].to_numpy()[mine]
        mine |= is_epoch & (frame["step"].to_numpy() >= steps.min()) & (frame["step"].to_numpy() <= steps.max())
        part = frame[mine].reset_index(drop=True)
        if "tag" in part and hasattr(part["tag"], "cat"):
            part["tag"] = part["tag"].cat.remove_unused_categories()
        issues = [i for i in d.issues if (i.kind not in end_kinds or k == len(segs)) and (i.kind != "restart" or (
            # (the same start printed more times than there are launches with records -- launches that stopped
            # before they logged anything -- is still said, by the last launch)
            k == len(segs) and i.count is not None and i.count >= len(segs) and "is started" in i.message))]
        issues.append(ImportIssue(
            "segments", f"{name} holds {len(segs)} trainings one after another ({how}): this is launch {k} of "
            f"{len(segs)} (records {seg.start:,}-{seg.end - 1:,}), read on its own so that no rule compares across "
            "the boundary", file=str(path), count=len(segs), severity="info"))
        if seg.rerun:
            issues.append(ImportIssue("restart", f"a new training appended to {name}: {seg.why}; read as a run of "
                                      "its own, not stitched to the records before", file=str(path), count=None))
        meta = {kk: v for kk, v in d.meta.items() if (k == len(segs) or kk not in _END_META) and kk != "early_stopped"}
        stop = _early_stop_of(p, seg, k == 1)
        if stop is not None:  # (each launch keeps its own statement that its early-stopping rule ended it)
            meta["early_stopped"] = stop
        meta["segment"] = T.segment_meta([Segment(s.start - 1, s.end - 1, s.label, s.rerun) for s in segs], k)
        hparams = dict(d.hparams)
        # each launch keeps the settings its own title named ('=== run lr=0.01 ==='; the last named before its end)
        named = [st for at, st in p.launch_settings if at < seg.end]
        if named:
            hparams.update(named[-1])
        # each launch keeps the plan of epochs its own records stated (the last stated before its end)
        plan = [e for at, e in p.epoch_plans if at < seg.end]
        if plan and meta.get("num_epochs") != plan[-1] and (meta.get("num_epochs") is not None or len(segs) > 1):
            # (a plan a launch's configuration set -- 'config: {.., "epochs": 20}' printed by each launch -- is that
            # launch's, its 'epochs' setting too)
            meta["num_epochs"] = hparams["num_epochs"] = plan[-1]
            if isinstance(hparams.get("epochs"), (int, float)) and not isinstance(hparams.get("epochs"), bool):
                hparams["epochs"] = plan[-1]
        elif not plan and meta.get("num_epochs") is not None \
                and meta["num_epochs"] in [e for at, e in p.epoch_plans if at >= seg.end]:
            # (the plan a later launch's records stated is not this one's: it stated none)
            del meta["num_epochs"]
            if hparams.get("num_epochs") == d.meta["num_epochs"]:
                del hparams["num_epochs"]
        out.append(RunData(frame=part, source=d.source, meta=meta, issues=issues, hparams=hparams,
                           name_suffix=f"#{seg.label}"))
    return out


def _early_stop_of(p: TextLogParser, seg: Segment, first: bool) -> str | None:
    """The statement that the early-stopping rule ended the launch of records ``seg`` (its last one), when said
    after (or among the last records of) that launch, as :func:`run_data` reads it for a whole log."""
    k = bisect.bisect_left(p.launches, seg.end)
    end_line = p.launch_ends[k] if k < len(p.launches) and p.launches[k] == seg.end else p.last_point_line
    said = [(ln, text) for ln, text, seq in p.early_stops if seq < seg.end and (seq >= seg.start or first)]
    if said and said[-1][0] >= end_line - 50:
        return f"line {said[-1][0]:,}: '{said[-1][1]}'"
    return None


def _resumed_longer(p: TextLogParser, launch: int, back_to: float) -> bool:
    """Whether the launch at record order ``launch``, whose clock went back to ``back_to``, is the training before it
    resumed with a longer plan: its own plan of epochs is longer than the one in force before it, and it went back
    no further than the second half of that earlier plan (a second stage starts its clock from its own start)."""
    before = [e for at, e in p.epoch_plans if at <= launch]
    after = [e for at, e in p.epoch_plans if at > launch]
    if not before or not after:
        return False
    return after[0] > before[-1] and back_to >= 0.5 * before[-1]


# what the log says about how it ends: the last launch's
def _one_off_readings(frame) -> bool:
    """Whether the log holds a series of one reading beside series of several, read at the end: a value printed once
    (a final test score, a summary line), which a program prints when its training loop is over -- at the step the
    curves reached, not at an earlier one (the single record of a launch that died after its first step, a banner's
    count printed by one launch)."""
    if not len(frame):
        return False
    counts = frame["tag"].value_counts()
    counts = counts[counts > 0]
    once, several = counts.index[counts == 1], counts.index[counts >= 3]
    if not len(once) or not len(several):
        return False
    tags = frame["tag"].astype(str)
    end = frame.loc[tags.isin({str(t) for t in several}).to_numpy(), "step"].max()
    return bool((frame.loc[tags.isin({str(t) for t in once}).to_numpy(), "step"] >= end).any())


_END_META = frozenset({"eta_at_end_s", "ends_inside_epoch", "ends_on_record", "ends_at_start", "global_step",
                       "early_stopped"})


_BARE_ROW = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)", re.IGNORECASE)
# a counter's word glued to its count at a row's head ('epoch1<TAB>0.2549', 'iter200 0.51'): the row's position
_GLUED_COUNT = re.compile(r"(?:epoch|ep|iter|iteration|it|step|batch|round|episode|update)[_#-]?(\d+)", re.IGNORECASE)
# ... or set apart from its count and followed by a colon, an equals sign or a bar ('epoch 0:1655.59', 'Epoch 3 = 0.52':
# a script writing one quantity per file, the file's name its name): read as glued, the count the row's position
_SPACED_COUNT = re.compile(r"\s*(epoch|ep|iter|iteration|it|step|batch|round|episode|update)\s*[_#-]?\s*(\d+)"
                           r"\s*[:=|]\s*(?=[-+.\d]|nan|inf)", re.IGNORECASE)
# a row's cells: between white space, commas or semicolons ('0.31, 0.29', '3;0.5')
_CELL_SEP = re.compile(r"[\s,;]+")
# a whole file that is one list of numbers, as Python prints one or json.dump writes it ('[0.55, 0.55, 0.32, ..]')
_LIST_LITERAL = re.compile(r"\s*\[\s*([^\[\]]*?)\s*,?\s*\]\s*")
# the fewest numbers on a file's one line for the line to be one list of them ('0.69, 0.66, 0.68', '0.93 0.90 0.93')
MIN_JOINED = 3
# the fewest rows of bare numbers before the program's last words for those rows to be the log (see
# _bare_number_table)
MIN_ROWS_BEFORE_END = 10
# a line that only names a quantity, ending in a colon or a tab ('Generator Losses:', Torch's optim.Logger header
# 'training error<TAB>' over one value a row): the name of the bare numbers under it
_BLOCK_NAME = re.compile(r"\s*(?P<n>[^\W\d_][^\d:\t]{0,60}?)\s*(?::|\t+)\s*")


def _bare_number_table(path: Path, issues: list[ImportIssue], p: TextLogParser | None = None,
                       points: int = 0) -> RunData | None:
    """A text log that is nothing but rows of numbers separated by white space (or commas), as many in each row ('0
    0.2027 0.8718' per epoch: a script's ``print(epoch, loss, acc)``), with no line naming them. What can honestly
    be read: the numbers, column by column, one row per step, named by their place as a headerless CSV's are
    (``column_2``..; a single column takes the file's name, said in the singular: ``losses.txt`` holds a loss a row)
    -- no word says which is the loss, so none is taken for one (the ``no-header`` warning says how to name one). A
    first column of whole numbers counting by one is the row's position (the epoch the script printed first), not a
    series; so is a counter's word glued to its count heading each row (``epoch1<TAB>0.2549``: ``print(f"epoch{e}\t
    {loss}")``), or set apart from it and closed by a colon (``epoch 0:1655.59`` in a ``train_loss.txt``). A file that
    is one list of numbers (``[0.55, 0.55, 0.32, ..]``: ``print(losses)`` at the end, or
    ``json.dump``) is one column, an item a row. Rows followed by other lines only (the program's last words: a
    launcher's warnings, a traceback -- ``print(loss)`` each step, then the job killed), at least
    ``MIN_ROWS_BEFORE_END`` of them and half the file's lines at least, are the log too unless the parser ``p`` read
    as many points (``points``) from those other lines as the rows hold; a crash said after the rows is the run's end.
    None otherwise (and, when the parser read points, None for a file of rows alone: its reading stands)."""
    rows: list[list[float]] = []
    heads: list[tuple[str, int]] = []  # (name, first row) of each block of one number a row under a line naming it
    width = None
    glued = None
    end_at = None  # the line the rows stop at, when other lines follow them
    others = 0
    whole: list[str] = []
    for first, texts in text_lines(path, []):
        for i, text in enumerate(texts):
            if len(whole) < 2 and text.strip():
                whole.append(text)
            if end_at is not None:
                others += bool(text.strip())
                continue
            if (sc := _SPACED_COUNT.match(text)) is not None:
                text = f"{sc.group(1)}{sc.group(2)} {text[sc.end():]}"
            cells = [c for c in _CELL_SEP.split(text.strip()) if c]
            if not cells:
                continue
            if (h := _BLOCK_NAME.fullmatch(text)) is not None and width in (None, 1) and not glued and end_at is None \
                    and (not rows or (heads and heads[-1][1] < len(rows))):
                # a line naming the quantity of the bare numbers under it, and the next such line the next quantity's
                # ('Generator Losses:' over 100 numbers, then 'Discriminator Losses:' over 100 more)
                heads.append((h.group("n").strip(), len(rows)))
                continue
            m = _GLUED_COUNT.fullmatch(cells[0])
            if glued is None:
                glued = bool(m) and len(cells) > 1
            if glued:
                cells = [m.group(1), *cells[1:]] if m else [None]
            if width is None:
                width = len(cells)
            if len(cells) != width or width > 64 or not all(c is not None and _BARE_ROW.fullmatch(c) for c in cells):
                if p is None or len(rows) < MIN_ROWS_BEFORE_END:
                    # (a first line that is no row: one list of numbers, if it is the file's only line)
                    return _list_literal(path, issues, whole) if not rows and _one_line(path) else None
                end_at = first + i
                others += 1
                continue
            rows.append([float(c) for c in cells])
    if (end_at is None and points) or (end_at is not None and (others > len(rows) or points >= len(rows) * width)):
        return None
    if len(rows) < 2:
        return _list_literal(path, issues, whole) if len(whole) == 1 else None
    if heads:
        return _named_blocks(path, issues, heads, rows, width, end_at, p)
    table = np.asarray(rows, dtype=np.float64)
    first = table[:, 0]
    # (from any start: a window of the file read from a later line -- `watch`, a tail -- counts on from where it is)
    counts = width > 1 and bool(np.all(first == np.round(first))) and first[0] >= 0 \
        and (bool(np.all(np.diff(first) == 1)) or (glued and bool(np.all(np.diff(first) > 0))))
    steps = first.astype(np.int64) if counts else np.arange(len(table), dtype=np.int64)
    values = table[:, 1:] if counts else table
    names = _column_names(values.shape[1], path)
    if counts and len(names) > 1:
        names = [f"column_{i + 2}" for i in range(values.shape[1])]
    out = _bare_run(path, issues, names, steps, values, "its first column, which counts the rows, is their step"
                    if counts else "the row number is the step")
    if end_at is not None and p is not None and p.crash_line is not None and p.crash_line[0] >= end_at:
        out.issues.append(_ending_issue(p, path))
    return out


def _named_blocks(path: Path, issues: list[ImportIssue], heads: list[tuple[str, int]], rows: list[list[float]],
                  width: int | None, end_at: int | None, p: TextLogParser | None) -> RunData | None:
    """Bare numbers, one a row, in blocks each under a line naming its quantity (``heads``: the name and the block's
    first row): each block is that quantity's series, its rows one a step from 0 (a block named as one before
    goes on from where it stopped). A line naming a quantity is a column's header as a CSV's first row is (Torch's
    optim.Logger writes its names, then one value a row, each followed by a tab). None when the numbers do not all
    sit under a name, or rows hold more than one number (a table with a header is the parser's)."""
    if width != 1 or heads[0][1] != 0:
        return None
    bounds = [at for _, at in heads[1:]] + [len(rows)]
    tags, steps, values = [], [], []
    reached: dict[str, int] = {}
    for (name, at), end in zip(heads, bounds):
        k = reached.get(name, 0)
        tags += [name] * (end - at)
        steps += range(k, k + end - at)
        values += [r[0] for r in rows[at:end]]
        reached[name] = k + end - at
    frame = make_frame(np.asarray(tags, dtype=object), np.asarray(steps, dtype=np.int64),
                       np.asarray(values, dtype=np.float64), source_file=str(path))
    out = RunData(frame=frame, source=SOURCE, meta={"format": "text-log", "lines": len(rows) + len(heads)},
                  issues=list(issues), hparams={})
    if end_at is not None and p is not None and p.crash_line is not None and p.crash_line[0] >= end_at:
        out.issues.append(_ending_issue(p, path))
    return out


# a whole file that is one dict of lists of numbers, as Python prints Keras' History.history ("{'loss': [1.53, 0.21,
# ..], 'accuracy': [..], 'val_loss': [..], ..}") or json.dump writes it
_DICT_OF_LISTS = re.compile(r"""\s*\{\s*(?:['"][^'"]{1,80}['"]\s*:\s*\[[^\[\]]*\]\s*,?\s*)+\}\s*""")


def _dict_of_lists(path: Path, issues: list[ImportIssue], line: str) -> RunData | None:
    """The run of a file that is one dict of lists of numbers (``print(history.history)`` after ``model.fit``): each
    key a series, its items one an epoch, on the item's place in its list as the JSON reader puts a Keras history
    (``keras-history``: the first epoch at 0), or None."""
    if not _DICT_OF_LISTS.fullmatch(line):
        return None
    # (the shared literal reader, never evaluating, bounded in size and nesting: numpy 2 prints a history's values
    # as "np.float64(0.5)", which ast.literal_eval refuses; a NaN is read as the string "NaN", a NaN point)
    try:
        d = python_literal(line.strip(), path, what="a printed dict of lists")
    except UnsupportedFormat:
        return None
    if isinstance(d, dict):
        d = {k: [math.nan if x == "NaN" else x for x in v] if isinstance(v, list) else v for k, v in d.items()}
    if not isinstance(d, dict) or not d or not all(
            isinstance(v, list) and len(v) >= 1 and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                       for x in v) for v in d.values()) \
            or max(len(v) for v in d.values()) < 2:
        return None
    tags, steps, values = [], [], []
    for k, v in d.items():
        tags += [str(k)] * len(v)
        steps += range(len(v))
        values += [float(x) for x in v]
    frame = make_frame(np.asarray(tags, dtype=object), np.asarray(steps, dtype=np.int64),
                       np.asarray(values, dtype=np.float64), source_file=str(path))
    return RunData(frame=frame, source=SOURCE, meta={"format": "text-log", "lines": 1}, issues=list(issues),
                   hparams={})


def _one_line(path: Path) -> bool:
    """Whether the file says something on one line only (read up to its second such line): a list printed on the
    file's one line is its log, while lines of lists are more than the first one."""
    said = 0
    for _, texts in text_lines(path, []):
        said += sum(1 for t in texts if t.strip())
        if said > 1:
            return False
    return said == 1


def _list_literal(path: Path, issues: list[ImportIssue], whole: list[str]) -> RunData | None:
    """The run of a file that is one list of numbers on its line (``whole``: the file's first lines), or one dict of
    such lists (:func:`_dict_of_lists`), or None."""
    if len(whole) != 1:
        return None
    if whole[0].lstrip().startswith("{"):
        return _dict_of_lists(path, issues, whole[0])
    m = _LIST_LITERAL.fullmatch(whole[0])
    if m is not None:
        cells = [c.strip() for c in m.group(1).split(",")]
    else:
        # the list's items joined by commas or spaces, without its brackets (``f.write(", ".join(map(str, losses)))``,
        # ``print(*losses)``, ``np.savetxt`` of one row): the same list -- a file's one line of numbers is no table
        # (a table's one row would be one step of a log, nothing to follow)
        cells = [c for c in _CELL_SEP.split(whole[0].strip()) if c]
        if len(cells) < MIN_JOINED:
            return None
    if len(cells) < 2 or not all(_BARE_ROW.fullmatch(c) for c in cells):
        return None
    values = np.asarray([float(c) for c in cells], dtype=np.float64)[:, None]
    return _bare_run(path, issues, _column_names(1, path), np.arange(len(values), dtype=np.int64), values,
                     "one list of numbers: the item's place in it is the step")


# a file named in the plural for the quantity each of its rows holds ('losses.txt', 'val_accuracies.txt')
_PLURAL_QUANTITY = re.compile(r"(?i)(.*?)(loss|accurac|reward|return|error|score|acc|perplexit|metric)(es|ies|s)")


# a file named for the quantity it holds and the kind of file it is ('loss_log.txt', 'train_loss_history.txt',
# 'acc-curve.txt', 'reward_record.txt'): the quantity names the rows
_QUANTITY_KIND = re.compile(r"(?i)(.*?(?:loss|accurac|acc|reward|return|error|score|perplexit|ppl|metric)\w*?)"
                            r"[_\-. ]?(?:log|logs|history|hist|curve|curves|record|records|values|trace)")


def _column_names(n: int, path: Path) -> list[str]:
    """The names of ``n`` unnamed columns (:func:`curvedoc.importers._tabular.unnamed_columns`), the file's name said
    in the singular when it names in the plural the quantity each row holds (``losses.txt``: a loss a row), without
    the word for the kind of file after the quantity (``loss_log.txt``, ``train_loss_history.txt``: a loss a row)."""
    names = T.unnamed_columns(n, path)
    if n == 1 and (k := _QUANTITY_KIND.fullmatch(names[0])):
        names = [k.group(1)]
    if n == 1:
        m = _PLURAL_QUANTITY.fullmatch(names[0])
        if m and (m.group(3).lower() == "ies") == (m.group(2).lower() in ("accurac", "perplexit")) \
                and (m.group(3).lower() != "es" or m.group(2).lower() == "loss"):
            names = [m.group(1) + m.group(2) + ("y" if m.group(3).lower() == "ies" else "")]
    return names


def _bare_run(path: Path, issues: list[ImportIssue], names: list[str], steps: np.ndarray, values: np.ndarray,
              pos: str) -> RunData:
    n = len(values)
    frame = make_frame(np.repeat(np.asarray(names, dtype=object), n),
                       np.tile(steps, values.shape[1]), values.T.reshape(-1), source_file=str(path))
    said = ", ".join(repr(x) for x in names[:6]) + (" ..." if len(names) > 6 else "")
    if len(names) == 1:  # one series: the file's name names it (T.unnamed_columns), and roles read that name
        text = (f"the file holds one series of bare numbers, with nothing naming it: read as {said} after the file's "
                f"name, {n:,} points ({pos}); if that is not what it holds, say so (--role <role>={names[0]})")
    else:
        text = (f"the file holds only rows of numbers, with no line naming them: {len(names)} column(s) read as "
                f"{said}, {n:,} rows ({pos}) -- nothing says which is the loss, so no column is judged as one "
                f"until you say so (--role train_loss={names[0]})")
    issues = [*issues, ImportIssue("no-header", text, file=str(path), severity="warning")]
    return RunData(frame=frame, source=SOURCE, meta={"format": "text-log", "lines": n, "bare_table": True},
                   issues=issues, hparams={})


def _ending_issue(p: TextLogParser, path: Path) -> ImportIssue:
    """The ``crash`` (or ``killed``: a kill or interrupt message in the crash block) issue of a log that ends in an
    error (``p.crash_line`` set), quoting the line that says so."""
    kill = p.kill_line if p.kill_line and p.kill_line[0] >= p.crash_line[0] else None
    line = kill or p.crash_line
    return ImportIssue("killed" if kill else "crash", f"the log ends with '{line[1]}' (line {line[0]:,})",
                       file=str(path))


# a count of steps named bare or as a total ("Iterations: 200", "Total timesteps: 1,000,000", "steps = 5000"), and a
# total of batches over records on a step clock that count batches ("total_batch=1082" over 'step=1 ,loss=..')
STEP_COUNT = re.compile(r"(?:total[\s_]+)?(?:time[\s_]?steps|steps|iterations|iters)|(?:total|num)[\s_]*batch(?:es)?",
                        re.IGNORECASE)


def _count_of_the_clock_stated(p: TextLogParser, frame: pd.DataFrame):
    """A script's banner stating how many of its steps it will run, once, as a setting ("Iterations: 200, Games/iter:
    40" over 'Iter 1 | loss=..' records; "Total timesteps: 1,000,000" over Stable-Baselines3's tables at their
    total_timesteps): the plan of the records' own clock, when the records are on a step clock (no epochs) and reach
    no further than it and one logging interval (SB3 finishes the rollout that crosses it) -- ``p.planned["steps"]``.
    A count named bare is a plan only so (a bare 'steps: 5000' printed per episode is progress, no setting)."""
    clocked = [t for t in p.clocked if p.clock_of.get(t) == "step"]
    if not clocked or any(p.clock_of.get(t) in ("epoch", "in-epoch") for t in p.clocked):
        return
    tag = max(clocked, key=lambda t: len(p.clocked[t]))
    steps = np.asarray(p.clocked[tag], dtype=np.float64)
    if len(steps) < 3 or (np.diff(steps) <= 0).any():
        return
    gap = float(np.median(np.diff(steps)))
    counts = {int(v) for k, v in p.hparams.items() if STEP_COUNT.fullmatch(str(k).strip().rsplit("/", 1)[-1])
              and isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v > 0
              and float(v).is_integer()}
    if len(counts) == 1 and not _other_budget(p.hparams):
        n = counts.pop()
        if steps[-1] <= n + gap and n <= 1000 * steps[-1]:
            p.planned["steps"] = n


def run_data(p: TextLogParser, path: Path, issues: list[ImportIssue]) -> RunData:
    """The run read from the lines ``p`` was fed (its frame, meta, settings and import issues, after ``issues``
    met while decoding): ``p`` is finished by it (:meth:`TextLogParser.result`)."""
    frame = p.result()
    points = 0 if frame is None else len(frame)
    if (frame is not None or p.crash_line is not None) and not p.hparams \
            and p.unparsed >= max(MIN_ROWS_BEFORE_END, points):
        # rows of bare numbers (lines with numbers the parser could not read), then the program's last words (a
        # launcher's warnings, a traceback): the rows are the log, unless the words hold more points than they (see
        # _bare_number_table)
        bare = _bare_number_table(path, issues, p, points)
        if bare is not None:
            return bare
    if frame is None:
        if p.crash_line is not None:
            # a console that ends in an error before any training record (a config the framework refused, a data
            # loader that failed, a traceback at import): the run crashed before it logged a metric -- said, as an
            # MLflow run FAILED before its first metric is, not refused as 'no metrics'
            return RunData(frame=empty_frame(), source=SOURCE, meta={"format": "text-log", "lines": p.n_lines},
                           hparams=dict(p.hparams), issues=[*issues, _ending_issue(p, path)])
        bare = _bare_number_table(path, issues, p)
        if bare is not None:
            return bare
        raise UnsupportedFormat(path, "no training metrics found in this text file (no 'key: value' lines)")
    meta: dict = {"format": "text-log", "lines": p.n_lines}
    if p.summary:
        meta["summary"] = dict(list(p.summary.items())[:200])
    # the HF Trainer's start banner states the plan: "Num Epochs = 3", "Total optimization steps = 1,320"
    for key, val in [*p.hparams.items(), *p.summary.items()]:
        if isinstance(val, bool) or not isinstance(val, (int, float)) or not math.isfinite(val):
            continue
        k = key.strip().lower()
        if k == "total optimization steps" and val > 0 and not p.planned.get("steps"):
            p.planned["steps"] = int(val)
        elif (k == "num epochs" or plan_name(k) == "epochs") and val > 0 and float(val).is_integer() \
                and not p.planned.get("epochs"):
            # (a setting named as the plan of epochs: "Total epochs: 20", "Number of epochs = 30", "max_epochs: 50")
            p.planned["epochs"] = int(val)
        elif (k.rsplit("/", 1)[-1] in PLAN_SETTINGS or plan_name(k) == "steps") and val > 0 and float(val).is_integer() \
                and not p.planned.get("steps") \
                and (not len(frame) or int(frame["step"].max()) <= val) and not _other_budget(p.hparams):
            # a configuration's planned number of iterations (maskrcnn-benchmark / detectron's SOLVER.MAX_ITER, a
            # max_steps argument): the plan, when the log's steps stay within it (they count the same iterations)
            # and no other budget is set beside it (a number of epochs, a time limit: whichever comes first ends
            # the training, so the iterations alone are no plan)
            p.planned["steps"] = int(val)
    if p.planned.get("steps") and len(frame) and int(frame["step"].max()) > p.planned["steps"]:
        # the log's own steps went past it: the total printed in 'iter 20/50' beside an epoch was the epoch's
        # length, not the run's (the clock counts on across epochs). With the planned epochs printed too ('Epoch
        # 2/40' over '45/625' bars) the run's plan is their product, on that same clock
        epoch_len = p.planned.pop("steps")
        epochs = p.planned.get("epochs")
        if epochs and epochs * epoch_len >= int(frame["step"].max()):
            p.planned["steps"] = int(epochs * epoch_len)
    if not p.planned.get("steps") and not p.planned.get("epochs") and len(frame):
        _count_of_the_clock_stated(p, frame)
    if p.planned.get("steps"):
        meta["max_steps"] = p.planned["steps"]
        if p.bar_reached is not None and len(frame) and p.bar_reached >= int(frame["step"].max()):
            # the training bar's last count is the optimizer step the run reached (HF's global_step), past its last
            # logged record when the log stops between two logging steps or lost its last, buffered dicts
            meta["global_step"] = p.bar_reached
    if p.planned.get("epochs"):
        meta["num_epochs"] = p.planned["epochs"]
    # the totals printed in "n/N" counters are the planned length, as a config would state it
    hparams = dict(p.hparams)
    for key, val in (("max_steps", p.planned.get("steps")), ("num_epochs", p.planned.get("epochs"))):
        if val:
            hparams.setdefault(key, val)
    if p.crash_line and p.crash_line[0] > p.last_point_line:
        issues.append(_ending_issue(p, path))
    if p.early_stop is not None and p.early_stop[0] >= p.last_point_line - 50:
        # said after (or among the last records of) the training: the run ended by its own rule
        meta["early_stopped"] = f"line {p.early_stop[0]:,}: '{p.early_stop[1]}'"
    left = _time_left_at_end(p)
    if left is not None:
        meta["eta_at_end_s"] = left
    mid = _inside_an_epoch_at_end(p)
    if mid is not None:
        meta["ends_inside_epoch"] = mid
    if p.last_point_line and p.last_text_line <= p.last_point_line and not _one_off_readings(frame):
        # nothing after the last record: no closing summary, no test score, no 'done', no error -- a program that
        # reached its end usually says something after its training loop; one killed between two records does not.
        # A reading printed once ('Test Accuracy: 0.86', 'The MSE is 326.19') is such a closing summary, even when
        # it was read as a record
        meta["ends_on_record"] = True
    start = _ends_at_start(p)
    if start is not None:
        meta["ends_at_start"] = start
    if p.resumes:
        ln, text = p.resumes[0]
        more = f" (and {len(p.resumes) - 1} more time(s))" if len(p.resumes) > 1 else ""
        issues.append(ImportIssue("resumed", f"the log says training went on from a saved state at line {ln:,}: "
                                  f"'{text}'{more}", file=str(path)))
    if p.unparsed:
        issues.append(ImportIssue(
            "unparsed-lines",
            f"{p.unparsed:,} line(s) with numbers were not read as metrics (e.g. '{p.unparsed_examples[0]}')",
            file=str(path), count=p.unparsed, severity="info"))
    restart = _restart_issue(p, str(path)) or (_started_again(p, str(path)) if not p.resumes else None) \
        or _two_at_once(p, frame, str(path))
    if restart is not None:
        issues.append(restart)
        # an error message followed by training that starts its clock again: an earlier launch appended to this
        # log died (an out-of-memory error, a traceback) and the job was started again
        mid = list(p.mid_crashes)
        if p.crash_line and p.crash_line[0] <= p.last_point_line:
            mid.append(p.crash_line)
        if mid:
            issues.append(ImportIssue(
                "crash-restarted",
                f"{len(mid)} earlier launch(es) appended to this log ended in an error before training started "
                f"again (first: '{mid[0][1][:120]}', line {mid[0][0]:,})", file=str(path), count=len(mid),
                severity="info"))
    if p.garbled:
        issues.append(ImportIssue("bad-lines", f"{p.garbled:,} line(s) hold numbers glued together by "
                                  "overlapping writes; their values may be wrong", file=str(path), count=p.garbled))
    if p.splices:
        rests = f", nor the {p.splice_rests:,} cut line rest(s) printed after them" if p.splice_rests else ""
        issues.append(ImportIssue(
            "bad-lines", f"{len(p.splices):,} line(s) have another logged line written into their middle (two "
            f"streams writing one file; first at line {p.splices[0][0]:,}: '{p.splices[0][2]}'): damaged records, "
            f"their values were not read{rests}", file=str(path), count=len(p.splices) + p.splice_rests))
    if p.repeats:
        issues.append(ImportIssue("repeated-records", f"{p.repeats:,} value(s) printed again with no new step or "
                                  "epoch (an echo or a final re-evaluation) were not counted as new points",
                                  file=str(path), count=p.repeats, severity="info"))
    if restart is None and frame is not None:
        # points of one series at a step already written (a step counted inside the epoch with no epoch length
        # printed, '[E2] step 0 ...': every epoch writes steps 0..N again) are all kept, and the later write is the
        # one a series shows: said, as a table's repeated steps are, never dropped silently. An info: whether the
        # log holds a restart is the reader's own reading of its clocks and launches (the restart issue above), not
        # a count of repeated steps (a final evaluation printed again at the last step repeats one too)
        issues.extend(dataclasses.replace(i, severity="info") for i in duplicate_issues(frame, str(path)))
    return RunData(frame=frame, source=SOURCE, meta=meta, issues=issues, hparams=hparams)
