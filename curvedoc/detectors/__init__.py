"""Detector registry.

One detector per module in this package (modules starting with ``_`` are helpers). A detector is a
pure function of a run and its rule's parameters to hits::

    @dataclass(frozen=True)
    class Params:            # no defaults: they live in the rule data (rules/*.toml) only
        min_rise: float

    @detector("overfitting", params=Params)
    def overfitting(run: Run, p: Params) -> Iterator[Hit]:
        ...
        yield Hit("val_loss +18% since its minimum at step 8,000 ...", step=8000, confidence=0.9,
                  evidence={"best_step": 8000, "rise": 0.18})

The engine joins hits with the rule (code, severity, causes, fixes) into findings. Adding a
detector = one module here + one ``[[rule]]`` entry in ``rules/`` + its tests; nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

__all__ = ["Hit", "DetectorSpec", "detector", "registry", "loss_kind", "run_evidence", "RunEvidence"]


@dataclass(frozen=True)
class Hit:
    """What a detector yields: evidence only; the rule supplies code, default severity and causes.

    ``step`` is the key step (onset, best checkpoint, spike); ``steps`` an inclusive range when the
    finding spans one. ``severity`` overrides the rule's default when the evidence warrants it
    (e.g. 100% clipped is worse than 60%). ``causes`` re-ranks the rule's cause ids by this run's
    evidence (ids not in the rule are allowed if they exist in the cause table). ``marks`` are extra
    steps for plots (each spike, each epoch boundary). ``check`` names the part of the rule that found it when the
    rule's data lists that part among its ``whole_run_checks`` (judged on a finished run only): a detector computes
    the same hits on a live run as on a finished one, and the engine leaves those out while the run is live.
    """

    message: str
    step: int | None = None
    steps: tuple[int, int] | None = None
    confidence: float = 0.8
    evidence: dict[str, Any] = field(default_factory=dict)
    severity: str | None = None
    causes: tuple[str, ...] | None = None
    tags: tuple[str, ...] = ()
    marks: tuple[int, ...] = ()
    check: str = ""


@dataclass(frozen=True)
class DetectorSpec:
    name: str
    func: Callable[..., Iterator[Hit]]
    params: type
    module: str


_REGISTRY: dict[str, DetectorSpec] = {}
_LOADED = False


def detector(name: str, params: type):
    """Register ``func`` as the detector ``name`` with its ``Params`` dataclass."""

    def wrap(func):
        if name in _REGISTRY and _REGISTRY[name].module != func.__module__:
            raise RuntimeError(f"detector {name!r} registered twice ({_REGISTRY[name].module}, {func.__module__})")
        _REGISTRY[name] = DetectorSpec(name, func, params, func.__module__)
        return func

    return wrap


def registry() -> dict[str, DetectorSpec]:
    """name -> DetectorSpec for every detector module in this package (imported on first call)."""
    global _LOADED
    if not _LOADED:
        for mod in pkgutil.iter_modules(__path__):
            if not mod.name.startswith("_"):
                importlib.import_module(f"{__name__}.{mod.name}")
        _LOADED = True
    return dict(_REGISTRY)


def loss_kind(run) -> dict:
    """What a run's training loss is (a cross-entropy over classes or tokens, regression, detection, RL, GAN ...) and
    what says so: the reading the log(K) rules rely on, reported in each run's coverage."""
    from curvedoc.detectors._progress import loss_kind as _loss_kind

    return _loss_kind(run)


# public for the audit worker (engine/worker.py): the overview plot's curves and the compiled rolling median's warm-up;
# for the engine: the evidence the rules of one run's diagnosis share
from curvedoc.detectors._signal import downsample, prepare_compiled as prepare_rolling_median  # noqa: E402,F401
from curvedoc.detectors._signal import RunEvidence, run_evidence  # noqa: E402,F401
