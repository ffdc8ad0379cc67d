"""HuggingFace ``Trainer`` state: ``trainer_state.json`` (``checkpoint-N/`` or the output folder).

``log_history`` is a list of dicts, one per ``Trainer.log()`` call. Train rows (``loss``,
``grad_norm``, ``learning_rate``, ``epoch``, custom keys), eval rows (``eval_loss``, ``eval_*``,
``eval_<set>_loss`` with several eval sets) and the final summary row (``train_runtime``,
``train_loss`` = mean over the run ...) are separate dicts; each becomes points at its ``step``.

Choices (see FORMATS.md 4.1):

* **Final summary row** -> tags ``train_summary/<key>``. The row's ``train_loss`` is the *mean*
  training loss of the whole run; left as ``train_loss`` it would win the ``train_loss`` role
  (``rules/roles.toml`` tries the pattern ``train_loss`` before ``loss``) and every detector would
  look at one averaged point instead of the real per-step ``loss`` curve. The values are also in
  ``meta["train_summary"]``.
* **epoch** is written once per step: train and eval rows at the same step repeat the same
  ``epoch`` value, which would otherwise look like duplicate steps.
* **Rows without ``step``** (``trainer.predict`` rows) get the last step seen (or ``global_step``)
  and an info issue.
* Non-numeric values (strings, ``null``, lists, booleans) are skipped and counted; ``NaN`` /
  ``Infinity`` literals (Python's ``json`` writes them) are kept as floats.
* ``max_steps``, ``global_step`` ... go to ``meta``; ``global_step < max_steps`` adds an info issue
  ``ended-early`` (the ``unfinished-schedule`` detector reads ``meta["max_steps"]``).
* Hyperparameters: ``trial_params`` plus a JSON dump of ``TrainingArguments`` beside the state
  (``training_args.json``, ``args.json`` ...). ``training_args.bin`` is a pickle and is never
  loaded; nothing is invented (HF's default ``max_grad_norm=1.0`` is not assumed).
* Discovery passes older ``checkpoint-N/trainer_state.json`` files in
  ``spec.extras["other_states"]``; only the newest is read (it holds the whole history), but an
  older state with *more* log rows means a restart and is reported.
* A truncated / half-written file: the complete ``log_history`` rows before the break are
  salvaged with a warning; with nothing to salvage it is a :class:`LoadError`.
"""

from __future__ import annotations

import json
import math
import re
from array import array
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers._base import (
    RunData,
    RunSpec,
    check_file,
    decode_text,
    is_lfs_pointer,
    json_number,
    read_bytes,
    repeated_points,
    tags_from_codes,
)
from curvedoc.model.run import ImportIssue, make_frame

SOURCE = "hf-trainer-state"

# Keys only the final summary row has (Trainer.train() -> speed_metrics("train", ...)).
SUMMARY_MARKERS = frozenset({"train_runtime", "train_samples_per_second", "train_steps_per_second"})
SUMMARY_PREFIX = "train_summary/"

META_KEYS = (
    "max_steps", "global_step", "num_train_epochs", "logging_steps", "eval_steps", "save_steps",
    "train_batch_size", "best_metric", "best_model_checkpoint", "best_global_step", "epoch",
    "total_flos", "num_input_tokens_seen", "trial_name", "is_hyper_param_search",
)

# TrainingArguments fields worth keeping as hyperparameters (a whitelist: an args dump also holds
# paths, hub tokens and user names that a report must not echo).
ARG_KEYS = (
    "learning_rate", "per_device_train_batch_size", "per_device_eval_batch_size", "train_batch_size",
    "gradient_accumulation_steps", "max_grad_norm", "weight_decay", "warmup_steps", "warmup_ratio",
    "lr_scheduler_type", "num_train_epochs", "max_steps", "seed", "data_seed", "optim", "adam_beta1",
    "adam_beta2", "adam_epsilon", "fp16", "bf16", "label_smoothing_factor", "logging_steps",
    "eval_steps", "save_steps", "eval_strategy", "evaluation_strategy", "gradient_checkpointing",
    "torch_compile", "dataloader_num_workers", "group_by_length", "neftune_noise_alpha",
)
ARGS_FILES = ("training_args.json", "train_args.json", "training_arguments.json", "trainer_args.json",
              "args.json", "hyperparameters.json", "config.json")
# an args dump must have one of these to be taken for TrainingArguments (config.json is usually the model's)
ARGS_MARKERS = ("per_device_train_batch_size", "gradient_accumulation_steps", "lr_scheduler_type",
                "max_grad_norm", "logging_steps")
MAX_ARGS_BYTES = 8 * 1024 * 1024
_WS = re.compile(r"[ \t\n\r]*")


# ----------------------------------------------------------------------------- JSON loading
def _salvage(text: str) -> dict[str, Any] | None:
    """Parse a broken top-level JSON object as far as it goes.

    Returns the top-level keys decoded before the break; ``log_history`` holds the complete rows
    read before the break, and the key ``_log_history_complete`` says whether its closing ``]``
    was reached. ``None`` when not even the opening ``{`` is there.
    """
    dec = json.JSONDecoder()
    i = _WS.match(text, 0).end()
    if text[i : i + 1] != "{":
        return None
    i += 1
    top: dict[str, Any] = {}
    try:
        while True:
            i = _WS.match(text, i).end()
            if text[i : i + 1] == "}":
                return top
            key, i = dec.raw_decode(text, i)
            if not isinstance(key, str):
                return top
            i = _WS.match(text, i).end()
            if text[i : i + 1] != ":":
                return top
            i = _WS.match(text, i + 1).end()
            if key == "log_history" and text[i : i + 1] == "[":
                rows: list[Any] = []
                top[key] = rows
                i += 1
                while True:
                    i = _WS.match(text, i).end()
                    if text[i : i + 1] == "]":
                        i += 1
                        top["_log_history_complete"] = True
                        break
                    row, i = dec.raw_decode(text, i)
                    rows.append(row)
                    i = _WS.match(text, i).end()
                    if text[i : i + 1] == ",":
                        i += 1
                    elif text[i : i + 1] == "]":
                        i += 1
                        top["_log_history_complete"] = True
                        break
                    else:
                        return top
            else:
                val, i = dec.raw_decode(text, i)
                top[key] = val
            i = _WS.match(text, i).end()
            if text[i : i + 1] == ",":
                i += 1
            else:
                return top
    except (ValueError, RecursionError):
        return top


def _read_text(path: Path, issues: list[ImportIssue]) -> tuple[str, int]:
    """The file's text and its size in bytes, after the checks that make it no JSON at all."""
    data = read_bytes(path)
    if is_lfs_pointer(data[:64]):
        raise LoadError(path, "Git LFS pointer, not the data (run `git lfs pull`)", kind="lfs-pointer")
    if not data.strip():
        raise LoadError(path, f"empty file ({len(data)} bytes)", kind="empty")
    if b"\x00" in data[:4096]:
        raise LoadError(path, "binary data, not JSON (not a trainer_state.json)", kind="bad-json")
    return decode_text(data, path, issues), len(data)


def _load_state(path: Path, text: str, n_bytes: int, issues: list[ImportIssue]) -> dict[str, Any]:
    """The whole text parsed at once (what :func:`_stream_state` leaves to it: broken JSON, with the parser's exact
    message and the rows before the break salvaged, or a repeated ``log_history`` key)."""
    try:
        state = json.loads(text)
    except RecursionError:
        raise LoadError(path, "JSON nested too deeply", kind="bad-json") from None
    except json.JSONDecodeError as exc:
        # half-written: the error is at the very end, or the text does not even end like an object
        stripped = text.rstrip()
        truncated = stripped.lstrip().startswith("{") and (exc.pos >= len(stripped) or not stripped.endswith("}"))
        if truncated:
            reason = f"truncated JSON ({n_bytes:,} bytes): {exc.msg} at line {exc.lineno} column {exc.colno}"
        else:
            reason = f"invalid JSON at line {exc.lineno} column {exc.colno} (char {exc.pos:,}): {exc.msg}"
        top = _salvage(text)
        rows = top.get("log_history") if top else None
        if isinstance(rows, list) and rows:
            complete = bool(top.pop("_log_history_complete", False))
            lost = ("log_history is complete; top-level keys after it are lost" if complete
                    else "later rows and the top-level keys after log_history are lost")
            issues.append(
                ImportIssue(
                    "truncated-record" if truncated else "corrupt-records",
                    f"{reason}; salvaged the {len(rows):,} complete log_history rows before the break ({lost})",
                    file=str(path),
                    count=len(rows),
                )
            )
            return top  # type: ignore[return-value]
        raise LoadError(path, reason, kind="truncated" if truncated else "bad-json") from None
    return state


class _NotStreamed(Exception):
    """The row-by-row parse stops: the text is not one well-formed JSON object with at most one ``log_history``.
    The whole-text parse (:func:`_load_state`) then decides, with the parser's own message."""


_DECODER = json.JSONDecoder()


def _stream_state(text: str, top: dict[str, Any]) -> Iterator[Any]:
    """The rows of ``log_history`` one at a time, each parsed by the json module's own scanner (the one
    ``json.loads`` uses, so every value comes out the same); ``top`` receives the other top-level keys, complete
    once the rows are exhausted. Parsing the whole text at once held every row as a dict of Python objects (about
    3x the text) beside the points taken from them: the largest part of the reader's peak memory.

    Raises :class:`_NotStreamed` wherever ``json.loads`` would raise (same scanner, same grammar), and for a
    second ``log_history`` key (``json.loads`` keeps the last one; the rows of the first are already taken)."""
    scan = _DECODER.scan_once
    ws = _WS.match
    try:
        i = ws(text, 0).end()
        if text[i : i + 1] != "{":
            raise _NotStreamed
        i = ws(text, i + 1).end()
        if text[i : i + 1] == "}":
            i += 1
        else:
            while True:
                if text[i : i + 1] != '"':
                    raise _NotStreamed
                key, i = scan(text, i)
                i = ws(text, i).end()
                if text[i : i + 1] != ":":
                    raise _NotStreamed
                i = ws(text, i + 1).end()
                if key == "log_history" and key in top:
                    raise _NotStreamed
                if key == "log_history" and text[i : i + 1] == "[":
                    top[key] = []  # a list, as the rows were: they are taken as they come, not kept
                    i = ws(text, i + 1).end()
                    if text[i : i + 1] == "]":
                        i += 1
                    else:
                        # between two rows: the same whitespace, comma, whitespace and "{" as last time (",\n    {"
                        # in HF's indented files) is one string compare instead of two whitespace matches
                        sep = None
                        while True:
                            row, i = scan(text, i)
                            yield row
                            if sep is not None and text.startswith(sep, i):
                                i += len(sep) - 1
                                continue
                            j = ws(text, i).end()
                            c = text[j : j + 1]
                            if c == ",":
                                k = ws(text, j + 1).end()
                                sep = text[i : k + 1]
                                i = k
                            elif c == "]":
                                i = j + 1
                                break
                            else:
                                raise _NotStreamed
                else:
                    top[key], i = scan(text, i)
                i = ws(text, i).end()
                c = text[i : i + 1]
                if c == ",":
                    i = ws(text, i + 1).end()
                elif c == "}":
                    i += 1
                    break
                else:
                    raise _NotStreamed
        if ws(text, i).end() != len(text):
            raise _NotStreamed
    except (StopIteration, ValueError, RecursionError) as exc:
        raise _NotStreamed from exc


# ----------------------------------------------------------------------------- values
_num = json_number  # a JSON value as a float, or None (HF writes NaN/Infinity as literals, not strings)


_EXACT = 2**53  # an int up to this size is its own float: _step(n) == n


def _step(v: Any) -> int | None:
    x = _num(v)
    if x is None or not math.isfinite(x) or abs(x) > 2**62:  # 1e300 is no step: int64 would overflow
        return None
    return int(x)


def _int_or_none(v: Any) -> int | None:
    x = _num(v)
    if x is None or not math.isfinite(x) or abs(x) > 2**62:
        return None
    return int(x)


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (bool, int, float, str))


# ----------------------------------------------------------------------------- hyperparameters
def _args_dirs(path: Path, spec: RunSpec) -> list[Path]:
    dirs = [path.parent]
    root = spec.root if spec.root.is_dir() else spec.root.parent
    if root not in dirs:
        dirs.append(root)
    if re.match(r"^checkpoint[-_]\d+$", path.parent.name) and path.parent.parent not in dirs:
        dirs.append(path.parent.parent)
    return dirs


def _read_args(dirs: list[Path], issues: list[ImportIssue]) -> tuple[dict[str, Any], str | None, str | None]:
    """(hparams, args file used, training_args.bin seen)."""
    bin_seen = None
    for d in dirs:
        b = d / "training_args.bin"
        if bin_seen is None and b.is_file():
            bin_seen = str(b)
    for d in dirs:
        for name in ARGS_FILES:
            p = d / name
            if not p.is_file():
                continue
            try:
                if check_file(p) > MAX_ARGS_BYTES:
                    continue
                obj = json.loads(decode_text(read_bytes(p), p, []))
            except (LoadError, ValueError, RecursionError):
                if name != "config.json":
                    issues.append(ImportIssue("unreadable", f"{name} beside the state is not valid JSON; not used",
                                              file=str(p), severity="info"))
                continue
            if not isinstance(obj, dict) or not any(k in obj for k in ARGS_MARKERS):
                continue
            hp = {k: obj[k] for k in ARG_KEYS if k in obj and _scalar(obj[k])}
            if hp:
                return hp, str(p), bin_seen
    return {}, None, bin_seen


# ----------------------------------------------------------------------------- restarts
def _count_rows(path: Path) -> tuple[int, Any] | None:
    """(log rows, global_step) of another state file, or None when it is unreadable or holds no list of rows. The
    rows are counted as they are parsed, not kept (an older checkpoint's state is about as big as the newest)."""
    try:
        text = read_bytes(path).decode("utf-8", errors="replace")
    except LoadError:
        return None
    top: dict[str, Any] = {}
    try:
        n = sum(1 for _ in _stream_state(text, top))
    except _NotStreamed:
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            return None
        rows = obj.get("log_history") if isinstance(obj, dict) else None
        return (len(rows), obj.get("global_step")) if isinstance(rows, list) else None
    return (n, top.get("global_step")) if isinstance(top.get("log_history"), list) else None


def _other_states(path: Path, n_rows: int, others: list[str], issues: list[ImportIssue]) -> None:
    """Report an older checkpoint state with more log rows than the newest one (a restart)."""
    try:
        size = path.stat().st_size
    except OSError:
        return
    budget = 512 * 1024 * 1024
    for other in others:
        p = Path(other)
        try:
            osize = p.stat().st_size
        except OSError:
            continue
        # A state with more rows than the newest one is (almost surely) not much smaller in bytes:
        # skip parsing the many small early checkpoints.
        if osize < 0.8 * size or osize > budget:
            continue
        budget -= osize
        count = _count_rows(p)
        if count is None:
            continue
        n_other, gs = count
        if n_other > n_rows:
            issues.append(
                ImportIssue(
                    "restart",
                    f"{p.parent.name}/{p.name} holds {n_other:,} log rows (global_step {gs}), more than the "
                    f"{n_rows:,} rows of the state read ({path.parent.name}/{path.name}): the run was probably "
                    "restarted or resumed from an earlier checkpoint; only the newest state is read",
                    file=str(p),
                    count=n_other - n_rows,
                )
            )


# ----------------------------------------------------------------------------- reader
class _Points:
    """The points of the log rows, taken row by row: a tag code, an int64 step and a float64 value each in typed
    arrays (17 bytes a point; lists of Python objects held ~60), with what the rows' issues and meta need."""

    def __init__(self) -> None:
        self.codes = array("i")
        self.steps = array("q")
        self.values = array("d")
        self.code_of: dict[str, int] = {}
        self.epoch_at: dict[int, float] = {}
        self.summary: dict[str, float] = {}
        self.nonnumeric: Counter[str] = Counter()
        self.no_step_keys: Counter[str] = Counter()
        self.bad_rows = 0
        self.no_step_rows = 0
        self.n_rows = 0
        self.last_step: int | None = None

    def take(self, rows: Iterator[Any], global_step: int | None, known: bool = True) -> dict[str, Any] | None:
        """Take the points of ``rows`` in order. A row with no step before any row with one is placed at
        ``global_step``: when that is not ``known`` yet (a top-level key after ``log_history``), the row is returned
        untaken and the rest of ``rows`` is left for a second call once it is known."""
        codes, steps, values, code_of = self.codes, self.steps, self.values, self.code_of
        epoch_at, summary, nonnumeric = self.epoch_at, self.summary, self.nonnumeric
        last_step = self.last_step
        n_rows = bad_rows = 0
        waiting = None
        for row in rows:
            if not isinstance(row, dict):
                n_rows += 1
                bad_rows += 1
                continue
            step = row.get("step")
            if type(step) is not int or not -_EXACT <= step <= _EXACT:  # (the common case needs no conversion)
                step = _step(step)
            if step is None:
                if last_step is None and not known:
                    waiting = row
                    break
                self.no_step_rows += 1
                step = last_step if last_step is not None else (global_step or 0)
                for k in row:
                    if k != "epoch":
                        self.no_step_keys[k.split("_", 1)[0] + "_*" if "_" in k else k] += 1
            else:
                last_step = step
            n_rows += 1
            is_summary = not SUMMARY_MARKERS.isdisjoint(row)
            for key, raw in row.items():  # (a JSON key is a str, a JSON number an exact int or float)
                if key == "step":
                    continue
                if type(raw) is float:
                    x = raw
                else:
                    x = _num(raw)
                    if x is None:
                        nonnumeric[key] += 1
                        continue
                if key == "epoch":
                    prev = epoch_at.get(step)
                    if prev is not None and (prev == x or (math.isnan(prev) and math.isnan(x))):
                        continue
                    epoch_at[step] = x
                    tag = "epoch"
                elif is_summary:
                    tag = SUMMARY_PREFIX + key
                    summary[key] = x
                else:
                    tag = key
                code = code_of.get(tag)
                if code is None:
                    code = code_of[tag] = len(code_of)
                codes.append(code)
                steps.append(step)
                values.append(x)
        self.last_step = last_step
        self.n_rows += n_rows
        self.bad_rows += bad_rows
        return waiting


def _drained(rows: list[Any]) -> Iterator[Any]:
    """The rows of a parsed list, each let go once yielded: the parsed rows and the points never add up."""
    for i, row in enumerate(rows):
        rows[i] = None
        yield row


def _checked(path: Path, state: Any) -> list[Any]:
    if not isinstance(state, dict):
        raise UnsupportedFormat(
            path, f"not a HuggingFace trainer state: top level is a JSON {type(state).__name__}, expected an object"
        )
    if "log_history" not in state:
        raise UnsupportedFormat(path, "not a HuggingFace trainer state: no log_history key")
    log_history = state["log_history"]
    if not isinstance(log_history, list):
        raise LoadError(
            path, f"log_history is a JSON {type(log_history).__name__}, expected a list of log rows", kind="bad-format"
        )
    return log_history


def read(spec: RunSpec) -> RunData:
    path = spec.files[0] if spec.files else spec.root
    if path.is_dir():
        path = path / "trainer_state.json"
    issues: list[ImportIssue] = []
    text, n_bytes = _read_text(path, issues)
    # The rows are parsed and taken one at a time (peak: the text, one row and the points); a text the row-by-row
    # parse does not take whole (broken JSON, a second log_history) is parsed at once, with the salvage of the
    # rows before a break and the parser's own message.
    state: dict[str, Any] = {}
    pts = _Points()
    try:
        rows = _stream_state(text, state)
        waiting = pts.take(rows, None, known=False)
        if waiting is not None:
            rest = [waiting, *rows]  # wait for the top-level keys after log_history (global_step)
            _checked(path, state)
            pts.take(_drained(rest), _int_or_none(state.get("global_step")))
            del rest
        else:
            _checked(path, state)
    except _NotStreamed:
        pts = _Points()
        state = _load_state(path, text, n_bytes, issues)
        log_history = _checked(path, state)
        del text  # only the parsed rows are needed now
        pts.take(_drained(log_history), _int_or_none(state.get("global_step")))
        # only the scalar top-level keys are read below: the emptied list need not stay
        state["log_history"] = log_history = None
    text = None  # the text is no longer needed: let it go before the frame is built

    global_step = _int_or_none(state.get("global_step"))
    max_steps = _int_or_none(state.get("max_steps"))
    n_rows, bad_rows, no_step_rows, no_step_keys = pts.n_rows, pts.bad_rows, pts.no_step_rows, pts.no_step_keys
    summary, nonnumeric = pts.summary, pts.nonnumeric
    # each column is copied out of its typed array (exact size) and the array let go before the next one, and the
    # frame takes the copies as they are: the points are never held three times over
    codes, steps, values, code_of = pts.codes, pts.steps, pts.values, pts.code_of
    del pts
    steps = np.frombuffer(steps, dtype=np.int64).copy()
    values = np.frombuffer(values, dtype=np.float64).copy()
    tags = tags_from_codes(codes, code_of)
    del codes
    frame = make_frame(tags, steps, values, None, str(path), take=True)
    del tags, steps, values

    # ------------------------------------------------------------------ issues
    if bad_rows:
        issues.append(ImportIssue("bad-rows", f"{bad_rows} log_history entries are not objects; skipped",
                                  file=str(path), count=bad_rows))
    if no_step_rows:
        kinds = ", ".join(k for k, _ in no_step_keys.most_common(3))
        issues.append(
            ImportIssue(
                "missing-step",
                f"{no_step_rows} log_history rows have no step ({kinds}; e.g. trainer.predict results); "
                "placed at the last step logged before them",
                file=str(path), count=no_step_rows, severity="info",
            )
        )
    if nonnumeric:
        shown = ", ".join(f"{k!r}" for k, _ in nonnumeric.most_common(5))
        n = sum(nonnumeric.values())
        issues.append(ImportIssue("non-numeric", f"{n} non-numeric values skipped (keys {shown})",
                                  file=str(path), count=n, severity="info"))
    if len(frame):
        dtags_all, n_dup = repeated_points(frame, skip="epoch")
        if n_dup:
            dtags = dtags_all[:4]
            issues.append(
                ImportIssue(
                    "duplicate-steps",
                    f"{n_dup} points repeat a (tag, step) already logged (tags {', '.join(map(repr, dtags))}); "
                    "the later value is used",
                    file=str(path), count=n_dup,
                )
            )
    if not n_rows:
        issues.append(ImportIssue("empty-history", "log_history is empty: nothing was logged", file=str(path)))

    # ------------------------------------------------------------------ meta
    meta: dict[str, Any] = {"state_file": str(path), "log_rows": n_rows}
    for k in META_KEYS:
        if k in state and state[k] is not None and _scalar(state[k]):
            meta[k] = state[k]
    if summary:
        meta["train_summary"] = dict(summary)
    if global_step is not None and max_steps is not None and max_steps > 0 and global_step < max_steps:
        pct = 100.0 * global_step / max_steps
        pct_s = f"{pct:.0f}%" if pct < 99.5 else f"{pct:.1f}%"
        msg = f"stopped at step {global_step:,} of max_steps {max_steps:,} ({pct_s})"
        save_steps = _int_or_none(state.get("save_steps"))
        if save_steps and max_steps - global_step < save_steps:
            msg += "; this may just be the last checkpoint saved before the end of training"
        issues.append(ImportIssue("ended-early", msg, file=str(path), severity="info"))

    # ------------------------------------------------------------------ hparams
    hparams: dict[str, Any] = {}
    trial = state.get("trial_params")
    if isinstance(trial, dict):
        hparams.update({str(k): v for k, v in trial.items() if _scalar(v)})
    args, args_file, bin_file = _read_args(_args_dirs(path, spec), issues)
    for k, v in args.items():
        hparams.setdefault(k, v)
    if args_file:
        meta["args_file"] = args_file
    if bin_file:
        meta["training_args_bin"] = bin_file
        if not args_file:
            issues.append(
                ImportIssue(
                    "args-not-read",
                    "training_args.bin is a pickle and is not loaded (unsafe); TrainingArguments such as "
                    "max_grad_norm, weight_decay and warmup are unknown (save them as JSON to use them)",
                    file=bin_file, severity="info",
                )
            )

    others = spec.extras.get("other_states") or []
    if others:
        meta["other_states"] = len(others)
        _other_states(path, n_rows, list(others), issues)

    return RunData(frame=frame, source=SOURCE, hparams=hparams, meta=meta, issues=issues)
