"""The typed parts of a report: what was analysed (:class:`Coverage`), the rules that could not run
(:class:`SkippedRule`), the ranked causes (:class:`CauseRank`), what the importer noticed (:class:`Issue`), the
numbers of each role's curve (:class:`RoleSummary`), a run against a baseline (:class:`Comparison`) and the
baseline itself (:class:`BaselineInfo`), a sweep's statistics (:class:`SweepSummary`) and the paths discovery could
not use (:class:`Problem`).

    rr.coverage.assessed, rr.coverage.reason          # attributes, not rr.coverage.get("assessed")
    rr.top_causes[0].title, rr.skipped[0].missing
    report.sweep.separating_hparams                   # the statements, as the JSON has them
    Coverage.from_dict(d).to_dict() == d              # the JSON contract, unchanged

Each is a frozen dataclass whose fields are the keys of its object in the JSON report
(``curvedoc/reporters/schema.json``; ``tests/engine/test_results.py`` holds the two together), in the same order;
``to_dict()`` gives exactly that object and ``from_dict()`` reads it back (a results stream, the cache, an audit
worker's answer, a saved report). A field that is None where the JSON has no null is left out of ``to_dict()``
(``why`` of a skipped rule, ``resumed_runs`` of a sweep that was not resumed, keys a report saved by an older
curvedoc does not have). The items of the lists inside (a comparison's curves, a sweep's ranking rows, a finding
the baseline shares) stay the plain JSON objects the schema describes.

For code written when these were dicts, each also reads as a read-only mapping of its JSON object
(``rr.coverage["assessed"]``, ``report.sweep.get("jobs")``, ``"why" in skipped``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterator, Mapping


class _Record:
    """The JSON mapping of a result: its fields in order, tuples as lists, the optional ones left out when None."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset()  # fields left out of to_dict() when None
    JSON_NAMES: ClassVar[dict[str, str]] = {}  # field -> its JSON key, where the key is a Python keyword ("with")

    @classmethod
    def json_keys(cls) -> list[str]:
        """The keys of the JSON object, in order."""
        return [cls.JSON_NAMES.get(f.name, f.name) for f in dataclasses.fields(cls)]  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, key, optional in _layout(type(self)):
            v = getattr(self, name)
            if v is None and optional:
                continue
            out[key] = _plain(v)
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]):
        """The result a JSON object describes; keys it does not know are left out, missing ones take their
        defaults (a report saved by an older or newer curvedoc still reads)."""
        by_key = _fields_by_key(cls)
        return cls(**{by_key[k]: v for k, v in d.items() if k in by_key})

    # a read-only mapping of the JSON object, for code written when results were dicts
    def __getitem__(self, key: str) -> Any:
        return self.to_dict()[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.to_dict().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.to_dict()

    def keys(self):
        return self.to_dict().keys()

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_dict())


# a result class's (field, JSON key, left out when None) in order, and JSON key -> field: worked out once per class
# (dataclasses.fields() and the lookups per object were most of the 1,000-run report's to_dict and from_dict)
_LAYOUTS: dict[type, tuple[tuple[str, str, bool], ...]] = {}
_BY_KEY: dict[type, dict[str, str]] = {}


def _layout(cls: type) -> tuple[tuple[str, str, bool], ...]:
    got = _LAYOUTS.get(cls)
    if got is None:
        got = _LAYOUTS[cls] = tuple((f.name, cls.JSON_NAMES.get(f.name, f.name), f.name in cls.OPTIONAL)
                                    for f in dataclasses.fields(cls))
    return got


def _fields_by_key(cls: type) -> dict[str, str]:
    got = _BY_KEY.get(cls)
    if got is None:
        got = _BY_KEY[cls] = {key: name for name, key, _ in _layout(cls)}
    return got


def _plain(v: Any) -> Any:
    t = type(v)
    if t is str or t is int or t is float or t is bool or v is None:  # the usual values: as they are
        return v
    if isinstance(v, _Record):
        return v.to_dict()
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def _tuple(v: Any) -> tuple | None:
    return None if v is None else tuple(v)


def _own(obj: Any, *names: str) -> None:
    """Lists given to a frozen result become tuples (nothing outside can change them later)."""
    for n in names:
        object.__setattr__(obj, n, _tuple(getattr(obj, n)))


@dataclass(frozen=True)
class SkippedRule(_Record):
    """A selected rule that did not run on a run: the roles it needs that are not logged (``missing``: role groups,
    alternatives joined by '|'), or, with its roles logged, why it does not apply (``why``: a reinforcement-learning
    loss need not fall)."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"why"})

    name: str = ""
    code: str = ""
    missing: tuple[str, ...] = ()
    why: str | None = None

    def __post_init__(self):
        _own(self, "missing")


@dataclass(frozen=True)
class CauseRank(_Record):
    """One of a run's most likely causes: its share of the findings' weight (severity x confidence / rank), the
    findings that support it and the fixes, filled with the evidence of its strongest finding."""

    id: str = ""
    title: str = ""
    weight: float = 0.0
    supported_by: tuple[str, ...] = ()
    fixes: tuple[str, ...] = ()

    def __post_init__(self):
        _own(self, "supported_by", "fixes")


@dataclass(frozen=True)
class MetricEntry(_Record):
    """A quality metric a run logs (``MetricInfo.to_dict()``): its tag, kind (accuracy, f1, map ...), which
    direction is better, its split and scale."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"scale"})

    tag: str = ""
    kind: str = ""
    direction: str = ""
    split: str = ""
    scale: float | None = None


@dataclass(frozen=True)
class Coverage(_Record):
    """What was analysed on a run (see :func:`curvedoc.engine.coverage`): the training signal, the rules that ran
    and those that read the signal, and why the run is not assessed (``reason``; empty when it is). ``metrics``
    (:class:`MetricEntry`) are the quality metrics the run logs; ``loss_kind`` (what the training loss is) is the
    JSON object the schema describes."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({
        "assessed", "signal_note", "rules_ran", "rules_on_signal", "fraction", "metrics", "other_losses",
        "unused_tags", "reason", "loss_kind"})

    assessed: bool | None = None
    signal: str | None = None
    signal_tag: str | None = None
    signal_note: str | None = None
    rules_ran: tuple[str, ...] | None = None
    rules_on_signal: tuple[str, ...] | None = None
    fraction: float | None = None
    metrics: tuple[MetricEntry, ...] | None = None
    other_losses: tuple[str, ...] | None = None
    unused_tags: tuple[str, ...] | None = None
    reason: str | None = None
    loss_kind: dict[str, Any] | None = None

    def __post_init__(self):
        _own(self, "rules_ran", "rules_on_signal", "other_losses", "unused_tags")
        object.__setattr__(self, "metrics", _typed(MetricEntry, self.metrics))


@dataclass(frozen=True)
class CurveComparison(_Record):
    """One curve of a run against the baseline's (a role, a metric, a loss component), on the comparison's axis:
    whether it was compared (else ``reason``), where it left the baseline's noise band for good (``left_at`` on the
    axis, ``left_step`` the run's own step) and to which side, the band's width, the finals and bests of both, and
    ``nonfinite_step`` when the run's curve turned NaN or inf where the baseline's is finite. Numbers that are not
    finite are None."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"reason", "nonfinite_step"})

    key: str = ""
    run_tag: str = ""
    baseline_tag: str = ""
    direction: str | None = None
    axis: str = "step"
    scale: str = "linear"
    compared: bool = False
    points: int = 0
    overlap: tuple[float | None, float | None] | None = None
    left_at: float | None = None
    left_step: int | None = None
    side: str | None = None
    out_share: float = 0.0
    excess: float = 0.0
    band_rel: float | None = None
    band_abs: float | None = None
    run_final: float | None = None
    baseline_final: float | None = None
    final_delta: float | None = None
    final_rel: float | None = None
    run_best: float | None = None
    baseline_best: float | None = None
    run_best_at: float | None = None
    baseline_best_at: float | None = None
    best_rel: float | None = None
    run_end: float | None = None
    baseline_end: float | None = None
    reason: str | None = None
    nonfinite_step: int | None = None

    def __post_init__(self):
        _own(self, "overlap")


@dataclass(frozen=True)
class ResolvedFinding(_Record):
    """A finding of a baseline run that the compared run does not have."""

    code: str = ""
    name: str = ""
    severity: str = ""
    message: str = ""
    step: int | None = None
    baseline_run: str = ""


@dataclass(frozen=True)
class HparamDiff(_Record):
    """A hyperparameter whose value differs between the run and the (first) baseline run; None: not logged there."""

    key: str = ""
    run: Any = None
    baseline: Any = None


@dataclass(frozen=True)
class Comparison(_Record):
    """A run against a baseline (``curvedoc compare``): the verdict, the axis the curves were aligned on and why,
    notes, the codes of the findings the baseline does not have, the findings it shares and those it had that
    this run does not, one entry per paired curve (``series``), and the hyperparameters that differ."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"hparams_diff"})

    baseline: tuple[str, ...] = ()
    verdict: str = ""
    axis: str = "step"
    axis_reason: str = ""
    notes: tuple[str, ...] = ()
    new_findings: tuple[str, ...] = ()
    shared_findings: tuple[dict[str, Any], ...] = ()  # the findings as Finding.to_dict() gives them
    resolved_findings: tuple[ResolvedFinding, ...] = ()
    series: tuple[CurveComparison, ...] = ()
    hparams_diff: tuple[HparamDiff, ...] | None = None

    def __post_init__(self):
        _own(self, "baseline", "notes", "new_findings", "shared_findings")
        object.__setattr__(self, "resolved_findings", _typed(ResolvedFinding, self.resolved_findings or ()))
        object.__setattr__(self, "series", _typed(CurveComparison, self.series or ()))
        object.__setattr__(self, "hparams_diff", _typed(HparamDiff, self.hparams_diff))


def _typed(cls, items: Any) -> tuple | None:
    """``items`` (JSON objects or results already) as a tuple of ``cls``; None stays None."""
    if items is None:
        return None
    return tuple(x if isinstance(x, cls) else cls.from_dict(x) for x in items)


@dataclass(frozen=True)
class RankRow(_Record):
    """One run in a sweep's ranking, worst first: its status and score, its top finding and where it starts."""

    rank: int = 0
    run: str = ""
    status: str = ""
    score: float = 0.0
    top_finding: str | None = None
    step: int | None = None
    message: str = ""


@dataclass(frozen=True)
class Separation(_Record):
    """A hyperparameter that separates runs with an outcome (a finding's name, or ``failing``) from the others:
    ``with_`` = [runs with the outcome, runs] where the condition holds (JSON key ``with``), ``without`` the same
    where it does not, Fisher's one-sided p-value, and the sentence."""

    JSON_NAMES: ClassVar[dict[str, str]] = {"with_": "with"}

    outcome: str = ""
    hparam: str = ""
    condition: str = ""
    with_: tuple[int, int] = (0, 0)
    without: tuple[int, int] = (0, 0)
    p_value: float = 1.0
    statement: str = ""

    def __post_init__(self):
        _own(self, "with_", "without")


@dataclass(frozen=True)
class SharedFailure(_Record):
    """A finding (by name) in nearly every readable run of a sweep: a bug of the whole pipeline, not a setting."""

    finding: str = ""
    runs: int = 0
    of: int = 0
    statement: str = ""


@dataclass(frozen=True)
class BestRun(_Record):
    """The best run of a sweep and by what (``final val_loss``), with its value."""

    run: str = ""
    by: str = ""
    value: float = 0.0


@dataclass(frozen=True)
class UnreadableRun(_Record):
    """A run of a sweep that could not be read, and why."""

    run: str = ""
    path: str = ""
    reason: str = ""


@dataclass(frozen=True)
class SweepSummary(_Record):
    """What an audit's runs say together (:func:`curvedoc.engine.sweep.sweep_analysis`): counts, the ranking,
    the hyperparameters that separate failing runs, failures every run shares, identical curves, the best run,
    the unreadable runs; and how the audit ran (workers, runs served from the cache or kept from a results
    stream)."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"unreadable", "jobs", "cached_runs", "resumed_runs"})

    runs: int = 0
    status_counts: dict[str, int] = field(default_factory=dict)
    ranking: tuple[RankRow, ...] = ()
    finding_counts: dict[str, int] = field(default_factory=dict)
    separating_hparams: tuple[Separation, ...] = ()
    shared_failures: tuple[SharedFailure, ...] = ()
    duplicate_runs: tuple[tuple[str, ...], ...] = ()
    best_run: BestRun | None = None
    unreadable: tuple[UnreadableRun, ...] | None = None  # None: not listed (a report saved before it was)
    jobs: int | None = None
    cached_runs: int | None = None
    resumed_runs: int | None = None

    def __post_init__(self):
        set_ = object.__setattr__
        set_(self, "ranking", _typed(RankRow, self.ranking or ()))
        set_(self, "separating_hparams", _typed(Separation, self.separating_hparams or ()))
        set_(self, "shared_failures", _typed(SharedFailure, self.shared_failures or ()))
        set_(self, "unreadable", _typed(UnreadableRun, self.unreadable))
        if isinstance(self.best_run, Mapping):
            set_(self, "best_run", BestRun.from_dict(self.best_run))
        set_(self, "duplicate_runs", tuple(tuple(g) for g in self.duplicate_runs or ()))


@dataclass(frozen=True)
class Problem(_Record):
    """A path discovery could not use (an unsupported or unreadable file, a symlink loop, a file that is not a
    training log): listed in the report, not a run."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"kind"})

    path: str = ""
    reason: str = ""
    kind: str | None = None


@dataclass(frozen=True)
class Issue(_Record):
    """Something the importer noticed about a run (skipped records, a restart, duplicate steps...) or why it could
    not be read: a stable kebab-case ``kind``, a sentence, the file, how many times, how serious."""

    kind: str = ""
    message: str = ""
    file: str | None = None
    count: int | None = None
    severity: str = "warning"


@dataclass(frozen=True)
class RoleSummary(_Record):
    """A few numbers of one role's curve for tables and sweep analysis: its first, last and best finite values, the
    best one's step, the last step and the number of points (``last_step`` is absent when no value is finite)."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"last_step"})

    first: float | None = None
    last: float | None = None
    best: float | None = None
    best_step: int | None = None
    last_step: int | None = None
    points: int = 0


@dataclass(frozen=True)
class BaselineRun(_Record):
    """One run of a baseline with its own diagnosis (its findings as ``Finding.to_dict()`` gives them)."""

    run: str = ""
    source: str = ""
    status: str = ""
    score: float = 0.0
    path: str = ""
    findings: tuple[dict[str, Any], ...] = ()

    def __post_init__(self):
        _own(self, "findings")


@dataclass(frozen=True)
class BaselineInfo(_Record):
    """What ``curvedoc compare`` compared the runs with: the baseline's path, its runs with their own diagnosis and
    the files of it that could not be read (``{"run", "path", "reason", "kind"}``)."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"unreadable"})

    path: str = ""
    runs: tuple[BaselineRun, ...] = ()
    unreadable: tuple[dict[str, Any], ...] | None = None

    def __post_init__(self):
        object.__setattr__(self, "runs", _typed(BaselineRun, self.runs or ()))
        _own(self, "unreadable")


__all__ = ["BaselineInfo", "BaselineRun", "BestRun", "CauseRank", "Comparison", "Coverage", "CurveComparison",
           "HparamDiff", "Issue", "MetricEntry", "Problem", "RankRow", "ResolvedFinding", "RoleSummary", "Separation",
           "SharedFailure", "SkippedRule", "SweepSummary", "UnreadableRun"]
