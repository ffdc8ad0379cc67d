"""The canonical run model every importer produces and every detector reads.

A :class:`Run` holds one training run as a *long* pandas frame with the columns
``tag, step, value, wall_time, source_file`` (one row per logged point, in write
order), plus the run's hyperparameters, format metadata and what the importer
noticed while reading (:class:`ImportIssue`).

Roles ("train_loss", "val_loss", "lr", ...) map to the tag actually used; see
:mod:`curvedoc.model.roles`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

import numpy as np
import pandas as pd

SCALAR_COLUMNS = ("tag", "step", "value", "wall_time", "source_file")


@dataclass
class ImportIssue:
    """Something the importer noticed: skipped records, restarts, duplicate steps, LFS pointers...

    ``kind`` is a stable kebab-case identifier (``truncated-record``, ``corrupt-records``,
    ``duplicate-steps``, ``restart``, ``lfs-pointer``, ``header-only``, ``unsafe-yaml``,
    ``unreadable``, ``unsupported-format``, ``bad-rows``, ``ended-early`` ...).
    """

    kind: str
    message: str
    file: str | None = None
    count: int | None = None
    severity: str = "warning"  # "info" | "warning" | "error"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "file": self.file,
            "count": self.count,
            "severity": self.severity,
        }


def make_frame(
    tag: Iterable[str] | np.ndarray,
    step: Iterable[int] | np.ndarray,
    value: Iterable[float] | np.ndarray,
    wall_time: Iterable[float] | np.ndarray | None = None,
    source_file: str | Iterable[str] | np.ndarray | None = None,
    *,
    take: bool = False,
) -> pd.DataFrame:
    """Build a canonical scalars frame with the canonical dtypes.

    ``tag`` and ``source_file`` are categorical (a 3M-point run stays small in memory),
    ``step`` is int64, ``value`` and ``wall_time`` are float64 (NaN/inf are kept as they are).
    ``take=True``: the arrays were made for this frame and the caller keeps no other use of them, so the frame
    takes them as they are (without it pandas copies value and wall_time into one block: 16 bytes a point more at
    the reader's peak).
    """
    value = np.asarray(value, dtype=np.float64)
    n = len(value)
    step = np.asarray(step, dtype=np.int64)
    if wall_time is None:
        wall_time = np.full(n, np.nan)
    wall_time = np.asarray(wall_time, dtype=np.float64)
    if isinstance(tag, pd.Categorical):
        tag_col = tag
    else:
        tag_col = pd.Categorical(np.asarray(tag, dtype=object) if not isinstance(tag, np.ndarray) else tag)
    if source_file is None or isinstance(source_file, str):
        src = pd.Categorical.from_codes(np.zeros(n, dtype=np.int8), categories=[source_file or ""])
    elif isinstance(source_file, pd.Categorical):
        src = source_file
    else:
        src = pd.Categorical(np.asarray(source_file, dtype=object))
    return pd.DataFrame(
        {"tag": tag_col, "step": step, "value": value, "wall_time": wall_time, "source_file": src},
        copy=False if take else None,
    )


def empty_frame() -> pd.DataFrame:
    return make_frame([], [], [], [], None)


def concat_frames(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Concatenate canonical frames, keeping categorical columns categorical."""
    frames = [f for f in frames if len(f)]
    if not frames:
        return empty_frame()
    if len(frames) == 1:
        return frames[0].reset_index(drop=True)
    from pandas.api.types import union_categoricals

    tag = union_categoricals([f["tag"].astype("category") for f in frames], ignore_order=True)
    src = union_categoricals([f["source_file"].astype("category") for f in frames], ignore_order=True)
    out = pd.DataFrame(
        {
            "tag": tag,
            "step": np.concatenate([f["step"].to_numpy(np.int64) for f in frames]),
            "value": np.concatenate([f["value"].to_numpy(np.float64) for f in frames]),
            "wall_time": np.concatenate([f["wall_time"].to_numpy(np.float64) for f in frames]),
            "source_file": src,
        }
    )
    return out


class Run:
    """One training run.

    Attributes
    ----------
    name:
        Path of the run relative to what the user gave (``"."`` when the user named the run itself).
    source:
        Format name (``tfevents``, ``hf-trainer-state``, ``lightning-csv``, ``csv``, ``jsonl``, ...).
    scalars:
        Long frame ``tag, step, value, wall_time, source_file`` in write order.
    hparams:
        Hyperparameters the format carries (empty dict if none).
    issues:
        :class:`ImportIssue` list: what the importer noticed.
    meta:
        Format facts useful to detectors, e.g. ``max_steps`` (planned length), ``global_step``,
        ``status`` (MLflow), ``finished`` (W&B exit record seen).
    path:
        Filesystem path of the run root (file or directory).
    baseline:
        Runs of the baseline this run is compared with (set by :func:`curvedoc.compare`), else None.
    """

    baseline: list["Run"] | None = None

    def __init__(
        self,
        name: str,
        source: str,
        scalars: pd.DataFrame,
        *,
        hparams: Mapping[str, Any] | None = None,
        issues: list[ImportIssue] | None = None,
        meta: Mapping[str, Any] | None = None,
        path: str | Path | None = None,
        role_overrides: Mapping[str, str] | None = None,
    ):
        self.name = name
        self.source = source
        self.scalars = scalars
        self.hparams: dict[str, Any] = dict(hparams or {})
        self.issues: list[ImportIssue] = list(issues or [])
        self.meta: dict[str, Any] = dict(meta or {})
        self.path = Path(path) if path is not None else None
        self._role_overrides = dict(role_overrides or {})
        self._roles: dict[str, str] | None = None
        self._role_notes: list[str] = []
        self._index: dict[str, np.ndarray] | None = None
        self._series_cache: dict[str, pd.Series] = {}
        # series made from logged ones while roles are resolved (the sum of a loss logged only as its parts):
        # reachable by name through series() and roles, never listed among the logged tags
        self._derived: dict[str, pd.Series] = {}

    # ------------------------------------------------------------------ tags
    def _tag_index(self) -> dict[str, np.ndarray]:
        if self._index is None:
            if len(self.scalars) == 0:
                self._index = {}
            else:
                tags = self.scalars["tag"]
                if not isinstance(tags.dtype, pd.CategoricalDtype):
                    tags = tags.astype("category")
                codes = tags.cat.codes.to_numpy()
                cats = tags.cat.categories
                order = np.argsort(codes, kind="stable")
                bounds = np.searchsorted(codes[order], np.arange(len(cats) + 1))
                self._index = {
                    str(cats[i]): order[bounds[i] : bounds[i + 1]]
                    for i in range(len(cats))
                    if bounds[i + 1] > bounds[i]
                }
        return self._index

    @property
    def tags(self) -> list[str]:
        """Every tag with at least one point, sorted."""
        return sorted(self._tag_index())

    @property
    def n_points(self) -> int:
        return int(len(self.scalars))

    def tag_counts(self) -> dict[str, int]:
        return {t: int(len(ix)) for t, ix in sorted(self._tag_index().items())}

    # ----------------------------------------------------------------- roles
    @property
    def roles(self) -> dict[str, str]:
        """role -> tag actually used (only roles that were found)."""
        if self._roles is None:
            from curvedoc.model.roles import resolve_roles

            self._roles, self._role_notes = resolve_roles(self, self._role_overrides)
        return self._roles

    @property
    def role_notes(self) -> list[str]:
        """Why a role was chosen where several tags could have filled it."""
        _ = self.roles
        return self._role_notes

    def set_role_overrides(self, overrides: Mapping[str, str]) -> None:
        self._role_overrides = dict(overrides)
        self._roles = None
        self._role_notes = []
        self._derived = {}
        self.__dict__.pop("_metrics_cache", None)

    @property
    def metrics(self) -> list:
        """Quality metrics (:class:`curvedoc.model.metrics.Metric`): accuracy, mAP, WER, reward, ... with their
        direction and split, for tags that fill no other role."""
        cached = self.__dict__.get("_metrics_cache")
        if cached is None:
            from curvedoc.model.metrics import infer_metrics

            cached = self.__dict__["_metrics_cache"] = infer_metrics(
                self, {t for r, t in self.roles.items() if r not in ("train_acc", "val_acc")})
        return cached

    def has(self, *roles: str) -> bool:
        r = self.roles
        return all(role in r for role in roles)

    # ---------------------------------------------------------------- series
    def series(self, role_or_tag: str) -> pd.Series:
        """Step-indexed float series for a role (or, failing that, a tag name).

        Sorted by step; where a step was written more than once the later write wins
        (the importer has already reported duplicates in :attr:`issues`).
        Returns an empty series when neither a role nor a tag of that name exists.
        """
        return self.tag_series(self.roles.get(role_or_tag, role_or_tag))

    def tag_series(self, tag: str) -> pd.Series:
        """:meth:`series` of a tag by its name only (no role lookup: usable while roles are being resolved)."""
        cached = self._series_cache.get(tag)
        if cached is not None:
            return cached
        derived = self._derived.get(tag)
        if derived is not None:
            return derived.rename(tag)
        ix = self._tag_index().get(tag)
        if ix is None or len(ix) == 0:
            s = pd.Series([], dtype=np.float64, index=pd.Index([], dtype=np.int64, name="step"), name=tag)
        else:
            steps = self.scalars["step"].to_numpy()[ix]
            values = self.scalars["value"].to_numpy()[ix]
            if len(steps) > 1 and not np.all(steps[1:] > steps[:-1]):
                # stable sort by step, then keep the last write of each step
                order = np.argsort(steps, kind="stable")
                steps, values = steps[order], values[order]
                last = np.ones(len(steps), dtype=bool)
                last[:-1] = steps[1:] != steps[:-1]
                steps, values = steps[last], values[last]
            s = pd.Series(values, index=pd.Index(steps, name="step"), name=tag, copy=False)
        self._series_cache[tag] = s
        return s

    def tag_values(self, tag: str) -> np.ndarray:
        """Every value written for a tag, in write order, re-writes of a step included (a restarted session that
        evaluated again at a step already written): for questions about everything the log saw, such as the best
        score any evaluation reached, where :meth:`tag_series` keeps one value per step."""
        ix = self._tag_index().get(tag)
        if ix is None:
            return np.zeros(0, dtype=np.float64)
        return self.scalars["value"].to_numpy(dtype=np.float64)[ix]

    def tag_steps(self, tag: str) -> np.ndarray:
        """The step of every write of a tag, in write order: the steps of :meth:`tag_values`."""
        ix = self._tag_index().get(tag)
        if ix is None:
            return np.zeros(0, dtype=np.int64)
        return self.scalars["step"].to_numpy()[ix]

    def tag_for(self, role: str) -> str | None:
        return self.roles.get(role)

    # ------------------------------------------------------------- summaries
    def summary(self) -> dict[str, Any]:
        return {
            "run": self.name,
            "source": self.source,
            "points": self.n_points,
            "tags": self.tag_counts(),
            "roles": dict(self.roles),
            "hparams": dict(self.hparams),
            "issues": [i.to_dict() for i in self.issues],
        }

    def __repr__(self) -> str:
        return f"Run(name={self.name!r}, source={self.source!r}, points={self.n_points}, tags={len(self._tag_index())})"


def _families(run: Run) -> dict[str, dict[str, str]]:
    from curvedoc.model.roles import resolve_families

    return resolve_families(run)


def _family_map(self: Run) -> dict[str, dict[str, str]]:
    """Every per-layer family found: family -> {layer -> tag}."""
    _family(self, "")
    return dict(self.__dict__["_families_cache"])


Run.family_map = _family_map  # type: ignore[attr-defined]


def _family(self: Run, name: str) -> dict[str, str]:
    """Per-layer tags of a family (``layer_grad_norm``, ``layer_weight_norm``): layer -> tag."""
    cache = self.__dict__.setdefault("_families_cache", None)
    if cache is None:
        cache = self.__dict__["_families_cache"] = _families(self)
    return cache.get(name, {})


Run.family = _family  # type: ignore[attr-defined]
