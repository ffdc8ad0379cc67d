"""The canonical run model every importer produces and every detector reads: a :class:`Run` (the data) and a
:class:`RunView` (what the data means, read with given role overrides and baseline).

A :class:`Run` holds one training run as a *long* pandas frame with the columns ``tag, step, value, wall_time,
source_file`` (one row per logged point, in write order), plus the run's hyperparameters, format metadata and what
the importer noticed while reading (:class:`ImportIssue`). That is all it holds: its data, set by the importer that
made it, and an index of its own frame (which rows each tag has, the value column, each tag's step series), a
function of that data alone. Its class has ``__slots__``: no cache and no method can be attached to it from outside.

What the run *means* depends on choices made outside it -- the user's role overrides (``--role``,
``[tool.curvedoc.roles]``) and, for ``curvedoc compare``, the baseline runs -- and lives on a :class:`RunView`:

- :attr:`RunView.roles` and :attr:`RunView.role_notes`: which tag fills which role and why
  (:func:`curvedoc.model.roles.resolve`), with the series role resolution derived from logged ones (the sum of a
  loss logged only as its parts), reachable by name through :meth:`RunView.series` and :attr:`RunView.roles`,
  never listed among the logged :attr:`Run.tags`;
- :attr:`RunView.metrics`: quality metrics (:mod:`curvedoc.model.metrics`);
- :meth:`RunView.family`, :meth:`RunView.family_map`: per-layer families;
- :attr:`RunView.baseline`: the runs it is compared with, and :attr:`RunView.comparison`, the band comparison
  :func:`curvedoc.compare` made (for plots and notebooks);
- :meth:`RunView.memo`: named dicts where the detectors' shared helpers (and role resolution) keep what several
  rules ask for (a smoothed curve, a baseline comparison, the role facts of every tag name), once per view.

Each is worked out at its first question and kept on the view; the run under it is never written into. The engine
reads each run through one view per diagnosis (:func:`curvedoc.engine.view_for`) and hands it to every detector. A
view *is* a :class:`Run` (a subclass that reads the same data, not a copy), so a detector's ``run: Run`` is
either: a plain run answers the same questions read-only through its own view, :meth:`Run.view` (the importer's
role overrides, no baseline) -- a notebook or a test calls ``run.roles`` or ``run.series("train_loss")`` as a
detector does.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

if TYPE_CHECKING:  # imported where a frame is made or read: discovery and a fully cached audit need neither (~0.25 s)
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
    import numpy as np
    import pandas as pd

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
        src = pd.Categorical.from_codes(np.zeros(n, dtype=np.int8), dtype=_one_file(source_file or ""))
    elif isinstance(source_file, pd.Categorical):
        src = source_file
    else:
        src = pd.Categorical(np.asarray(source_file, dtype=object))
    return pd.DataFrame(
        {"tag": tag_col, "step": step, "value": value, "wall_time": wall_time, "source_file": src},
        # a copy of one Index (each frame its own, as its name can be set), not one made from the dict's keys: building
        # that string Index was a third of the frame's cost
        columns=_column_index().copy(),
        copy=False if take else None,
    )


@functools.lru_cache(maxsize=1)
def _column_index() -> pd.Index:
    import pandas as pd

    return pd.Index(SCALAR_COLUMNS)


@functools.lru_cache(maxsize=256)
def _one_file(name: str) -> pd.CategoricalDtype:
    """The categorical dtype of a source_file column of one file (immutable, so shared): building it from the name
    costs ~40 us a frame, ten times the column itself, and the tests and a text log's pieces make thousands."""
    import pandas as pd

    return pd.CategoricalDtype([name])


def empty_frame() -> pd.DataFrame:
    return make_frame([], [], [], [], None)


def concat_frames(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Concatenate canonical frames, keeping categorical columns categorical."""
    import numpy as np

    frames = [f for f in frames if len(f)]
    if not frames:
        return empty_frame()
    if len(frames) == 1:
        return frames[0].reset_index(drop=True)
    import pandas as pd
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
    """One training run: its data, as the importer read it.

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
        ``status`` (MLflow), ``finished`` (W&B exit record seen): the keys rules read are the contract
        :class:`curvedoc.model.meta.RunMeta` documents.
    path:
        Filesystem path of the run root (file or directory).
    role_overrides:
        role -> tag the user chose for this run when it was read (``--role``), applied by its :meth:`view`.

    The attributes are set when the run is made and not after: a run is frozen (:meth:`replace` makes another, as a
    grouped run takes its group's name); the class has no other attributes (``__slots__``): a cache or a method
    cannot be attached to a run from outside.
    Reading methods: the tag index (:attr:`tags`, :meth:`tag_counts`, :meth:`tag_series`, :meth:`tag_values`,
    :meth:`tag_steps`) reads the frame; :attr:`roles`, :meth:`series`, :attr:`metrics`, :meth:`family` ... are
    those of the run's own :meth:`view`.
    """

    __slots__ = ("name", "source", "scalars", "hparams", "issues", "meta", "path", "role_overrides",
                 "_index", "_values", "_logged", "_view", "_sealed")

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
        self.role_overrides: dict[str, str] = dict(role_overrides or {})
        # the index of the frame, each keyed by the frame it was made from (an importer that gives the run another
        # frame gets a new index): (frame, tag -> rows), (frame, step and value columns), (frame, tag -> step series)
        self._index: tuple[pd.DataFrame, dict[str, np.ndarray]] | None = None
        self._values: tuple[pd.DataFrame, np.ndarray, np.ndarray, np.ndarray] | None = None
        self._logged: tuple[pd.DataFrame, dict[str, pd.Series]] | None = None
        self._view: Any = None
        object.__setattr__(self, "_sealed", True)

    _DATA = ("name", "source", "scalars", "hparams", "issues", "meta", "path", "role_overrides")

    def __setattr__(self, name: str, value: Any) -> None:
        # frozen once made: its data attributes are set by the constructor (or :meth:`replace`, which makes another
        # run), so a reader holding it -- a view, a report, a worker -- sees the run the importer returned
        if name in Run._DATA and getattr(self, "_sealed", False):
            raise AttributeError(f"a Run is frozen once made: make another with run.replace({name}=...)")
        object.__setattr__(self, name, value)

    def replace(self, **changes: Any) -> "Run":
        """Another run with the same data but ``changes`` (data attributes only; the frame is shared, the dicts and the
        issue list are copied). ``path`` is kept as given (a URL stays a string)."""
        unknown = sorted(set(changes) - set(Run._DATA))
        if unknown:
            raise TypeError(f"Run.replace(): not a data attribute: {', '.join(unknown)}")
        state = {k: getattr(self, k) for k in Run._DATA}
        state.update({"hparams": dict(self.hparams), "issues": list(self.issues), "meta": dict(self.meta),
                      "role_overrides": dict(self.role_overrides)})
        state.update(changes)
        new = Run.__new__(Run)
        new.__setstate__(state)
        return new

    def __getstate__(self) -> dict[str, Any]:
        # the data only: the index and the run's own view are made again at the first question
        return {k: getattr(self, k) for k in Run._DATA}

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_sealed", False)
        for k in Run._DATA:
            setattr(self, k, state[k])
        self._index = self._values = self._logged = self._view = None
        object.__setattr__(self, "_sealed", True)

    # ------------------------------------------------------------------ tags
    def tag_rows(self) -> Mapping[str, np.ndarray]:
        """tag -> the rows of :attr:`scalars` it was written in, in write order (tags with at least one point).
        Built once per frame; read-only for callers."""
        import numpy as np

        frame = self.scalars
        if self._index is None or self._index[0] is not frame:
            if len(frame) == 0:
                index: dict[str, np.ndarray] = {}
            else:
                import pandas as pd

                tags = frame["tag"]
                if not isinstance(tags.dtype, pd.CategoricalDtype):
                    tags = tags.astype("category")
                codes = tags.array.codes  # the Categorical's own (read-only): no accessor and Series per frame
                cats = tags.array.categories
                order = np.argsort(codes, kind="stable")
                bounds = np.searchsorted(codes[order], np.arange(len(cats) + 1))
                index = {
                    str(cats[i]): order[bounds[i] : bounds[i + 1]]
                    for i in range(len(cats))
                    if bounds[i + 1] > bounds[i]
                }
            self._index = (frame, index)
        return self._index[1]

    @property
    def tags(self) -> list[str]:
        """Every tag with at least one point, sorted."""
        return sorted(self.tag_rows())

    @property
    def n_points(self) -> int:
        return int(len(self.scalars))

    def tag_counts(self) -> dict[str, int]:
        return {t: int(len(ix)) for t, ix in sorted(self.tag_rows().items())}

    def tag_series(self, tag: str) -> pd.Series:
        """The step-indexed float series of a logged tag, by its name only (no role lookup).

        Sorted by step; where a step was written more than once the later write wins (the importer has already
        reported duplicates in :attr:`issues`). An empty series when the run has no such tag. A view also
        answers for the series it derived (:meth:`RunView.tag_series`)."""
        import numpy as np

        frame = self.scalars
        if self._logged is None or self._logged[0] is not frame:
            self._logged = (frame, {})
        logged = self._logged[1]
        cached = logged.get(tag)
        if cached is not None:
            return cached
        import pandas as pd

        ix = self.tag_rows().get(tag)
        if ix is None or len(ix) == 0:
            s = pd.Series([], dtype=np.float64, index=pd.Index([], dtype=np.int64, name="step"), name=tag)
        else:
            step_column, value_column, _ = self._columns()
            steps = step_column[ix]
            values = value_column[ix]
            if len(steps) > 1 and not np.all(steps[1:] > steps[:-1]):
                # stable sort by step, then keep the last write of each step
                order = np.argsort(steps, kind="stable")
                steps, values = steps[order], values[order]
                last = np.ones(len(steps), dtype=bool)
                last[:-1] = steps[1:] != steps[:-1]
                steps, values = steps[last], values[last]
            s = pd.Series(values, index=pd.Index(steps, name="step"), name=tag, copy=False)
        logged[tag] = s
        return s

    def tag_values(self, tag: str) -> np.ndarray:
        """Every value written for a tag, in write order, re-writes of a step included (a restarted session that
        evaluated again at a step already written): for questions about everything the log saw, such as the best
        score any evaluation reached, where :meth:`tag_series` keeps one value per step."""
        import numpy as np

        ix = self.tag_rows().get(tag)
        if ix is None:
            return np.zeros(0, dtype=np.float64)
        return self._columns()[2][ix]

    def tag_steps(self, tag: str) -> np.ndarray:
        """The step of every write of a tag, in write order: the steps of :meth:`tag_values`."""
        import numpy as np

        ix = self.tag_rows().get(tag)
        if ix is None:
            return np.zeros(0, dtype=np.int64)
        return self._columns()[0][ix]

    def _columns(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The frame's step column, its value column, and the values as float64, as ``to_numpy`` gives them: read
        once per frame, not once per tag (role resolution asks for thousands of tags; each column read of a frame
        costs more than taking a tag's rows)."""
        import numpy as np

        frame = self.scalars
        if self._values is None or self._values[0] is not frame:
            self._values = (frame, frame["step"].to_numpy(), frame["value"].to_numpy(),
                            frame["value"].to_numpy(dtype=np.float64))
        return self._values[1:]

    # ---------------------------------------------------- the run's own reading
    def view(self) -> "RunView":
        """The run's own reading: a :class:`RunView` with the importer's role overrides and
        no baseline, made at the first question and the same one after (the run's data does not change).
        A view with other overrides or a baseline is ``RunView(run, roles=..., baseline=...)``."""
        if self._view is None:
            self._view = RunView(self)
        return self._view

    @property
    def baseline(self) -> list["Run"] | None:
        """The runs this run is compared with: none for a run itself (a :class:`RunView` made by
        :func:`curvedoc.compare` carries them)."""
        return None

    @property
    def roles(self) -> dict[str, str]:
        """role -> tag actually used (only roles that were found): :attr:`RunView.roles` of :meth:`view`."""
        return self.view().roles

    @property
    def role_notes(self) -> list[str]:
        """Why a role was chosen where several tags could have filled it: :attr:`RunView.role_notes` of :meth:`view`."""
        return self.view().role_notes

    @property
    def metrics(self) -> list:
        """Quality metrics (:class:`curvedoc.model.metrics.Metric`): :attr:`RunView.metrics` of :meth:`view`."""
        return self.view().metrics

    def has(self, *roles: str) -> bool:
        return self.view().has(*roles)

    def series(self, role_or_tag: str) -> pd.Series:
        """Step-indexed float series for a role (or, failing that, a tag name): :meth:`RunView.series` of
        :meth:`view`."""
        return self.view().series(role_or_tag)

    def tag_for(self, role: str) -> str | None:
        return self.view().tag_for(role)

    def family(self, name: str) -> dict[str, str]:
        """Per-layer tags of a family (``layer_grad_norm``, ``layer_weight_norm``): layer -> tag."""
        return self.view().family(name)

    def family_map(self) -> dict[str, dict[str, str]]:
        """Every per-layer family found: family -> {layer -> tag}."""
        return self.view().family_map()

    def memo(self, key: str) -> dict:
        """The memo dict ``key`` of the run's :meth:`view` (see :meth:`RunView.memo`)."""
        return self.view().memo(key)

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
        return f"Run(name={self.name!r}, source={self.source!r}, points={self.n_points}, tags={len(self.tag_rows())})"


def _data(attr: str, doc: str) -> property:
    """A data attribute of the view: the underlying run's, read through (an importer may still set it)."""
    return property(lambda self: getattr(self.run, attr), doc=doc)


class RunView(Run):
    """A run read with given role overrides and baseline: its roles, metrics, families, derived series and the
    detectors' memos.

    ``RunView(run)`` reads ``run`` with the overrides it was imported with; ``roles=`` replaces them when given
    (non-empty), as the settings' ``roles`` do; ``baseline=`` are the runs it is compared with. A view of a view
    reads the run under it. The data attributes (:attr:`name`, :attr:`scalars`, :attr:`meta` ...) and the tag
    index are the run's own.
    """

    __slots__ = ("run", "overrides", "baseline", "comparison", "_resolved", "_metrics", "_families", "_memo")

    def __init__(self, run: Run, *, roles: Mapping[str, str] | None = None, baseline: Sequence[Run] | None = None):
        base = run.run if isinstance(run, RunView) else run
        self.run: Run = base
        self.overrides: dict[str, str] = dict(roles) if roles else (
            dict(run.overrides) if isinstance(run, RunView) else dict(base.role_overrides))
        self.baseline: list[Run] | None = list(baseline) if baseline is not None else None
        # the band comparison with the baseline, set by curvedoc.compare (for the HTML report's plots, notebooks)
        self.comparison: Any = None
        self._resolved: tuple[dict[str, str], list[str], dict[str, pd.Series]] | None = None
        self._metrics: list | None = None
        self._families: dict[str, dict[str, str]] | None = None
        self._memo: dict[str, dict] = {}

    # ------------------------------------------------------------ the run's data
    name = _data("name", "Path of the run relative to what the user gave.")
    source = _data("source", "Format name.")
    scalars = _data("scalars", "Long frame ``tag, step, value, wall_time, source_file`` in write order.")
    hparams = _data("hparams", "Hyperparameters the format carries.")
    issues = _data("issues", "What the importer noticed (:class:`ImportIssue` list).")
    meta = _data("meta", "Format facts useful to detectors.")
    path = _data("path", "Filesystem path of the run root.")
    role_overrides = _data("role_overrides", "role -> tag the run was read with (this view applies :attr:`overrides`).")

    def tag_rows(self) -> Mapping[str, np.ndarray]:
        return self.run.tag_rows()

    def tag_values(self, tag: str) -> np.ndarray:
        return self.run.tag_values(tag)

    def tag_steps(self, tag: str) -> np.ndarray:
        return self.run.tag_steps(tag)

    def view(self) -> "RunView":
        """A view is its own reading."""
        return self

    # ------------------------------------------------------------------- roles
    def _resolve(self) -> tuple[dict[str, str], list[str], dict[str, pd.Series]]:
        if self._resolved is None:
            from curvedoc.model.roles import resolve

            self._resolved = resolve(self, self.overrides)
        return self._resolved

    @property
    def roles(self) -> dict[str, str]:
        """role -> tag actually used (only roles that were found)."""
        return self._resolve()[0]

    @property
    def role_notes(self) -> list[str]:
        """Why a role was chosen where several tags could have filled it."""
        return self._resolve()[1]

    def has(self, *roles: str) -> bool:
        r = self.roles
        return all(role in r for role in roles)

    def tag_for(self, role: str) -> str | None:
        return self.roles.get(role)

    @property
    def metrics(self) -> list:
        """Quality metrics (:class:`curvedoc.model.metrics.Metric`): accuracy, mAP, WER, reward, ... with their
        direction and split, for tags that fill no other role."""
        if self._metrics is None:
            from curvedoc.model.metrics import infer_metrics

            self._metrics = infer_metrics(self, {t for r, t in self.roles.items() if r not in ("train_acc", "val_acc")})
        return self._metrics

    def family_map(self) -> dict[str, dict[str, str]]:
        """Every per-layer family found: family -> {layer -> tag}."""
        if self._families is None:
            from curvedoc.model.roles import resolve_families

            self._families = resolve_families(self)
        return dict(self._families)

    def family(self, name: str) -> dict[str, str]:
        """Per-layer tags of a family (``layer_grad_norm``, ``layer_weight_norm``): layer -> tag."""
        self.family_map()
        return self._families.get(name, {})

    # ------------------------------------------------------------------ series
    def series(self, role_or_tag: str) -> pd.Series:
        """Step-indexed float series for a role (or, failing that, a tag name).

        Sorted by step; where a step was written more than once the later write wins
        (the importer has already reported duplicates in :attr:`issues`).
        Returns an empty series when neither a role nor a tag of that name exists.
        """
        return self.tag_series(self.roles.get(role_or_tag, role_or_tag))

    def tag_series(self, tag: str) -> pd.Series:
        """:meth:`series` of a tag by its name only (no role lookup): a logged tag's, or a series role resolution
        derived (usable while roles are being resolved: it then knows the logged tags only)."""
        if self._resolved is not None:
            derived = self._resolved[2].get(tag)
            if derived is not None:
                return derived.rename(tag)
        return self.run.tag_series(tag)

    # -------------------------------------------------------------------- memo
    def memo(self, key: str) -> dict:
        """The dict named ``key`` where a helper keeps what it computed from this view (made empty at the first
        call): a detector family's prepared series, a baseline comparison, role resolution's facts about the tag
        names. It lives as long as the view, so it never outlives the overrides and baseline it was computed with."""
        d = self._memo.get(key)
        if d is None:
            d = self._memo[key] = {}
        return d

    def __reduce__(self):
        # pickled as what it reads (the run, the overrides, the baseline, the comparison): what it derived is
        # worked out again at the first question
        return (_unpickle_view, (self.run, self.overrides, self.baseline, self.comparison))

    def __repr__(self) -> str:
        extra = (f", roles={self.overrides!r}" if self.overrides else "") + (
            f", baseline={[b.name for b in self.baseline]!r}" if self.baseline is not None else "")
        return f"RunView({self.run!r}{extra})"


def _unpickle_view(run: Run, overrides: dict[str, str], baseline: list[Run] | None, comparison: Any) -> RunView:
    view = RunView(run, baseline=baseline)
    view.overrides = dict(overrides)
    view.comparison = comparison
    return view
