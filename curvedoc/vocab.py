"""The words curvedoc's results are made of, declared once: a finding's severity, a run's status, and the
``--fail-on`` level. Ground floor: imports nothing from curvedoc, so every layer may use it.

The members are :class:`enum.StrEnum` s: each *is* its string (``Severity.ERROR == "error"``, JSON writes
``"error"``), so findings, reports and the rules' TOML keep plain strings and compare equal to these. The orders
that matter are declared here too, once, instead of one ranking per module:

* severities, worst first: error, warning, info (:data:`SEVERITIES`, :func:`severity_rank`);
* statuses in the report's order (healthy, warning, failing, not-assessed, unreadable: :data:`STATUSES`, the order
  of the JSON ``status_counts``), and worst first for ranking runs (:data:`STATUS_RANK`);
* a fail-on level names the least severe finding that fails; ``never`` fails on none (:func:`at_or_above`).

``reporters/schema.json`` spells the severity and status enums out for JSON Schema readers; a test holds it to
this module.
"""

from __future__ import annotations

from enum import StrEnum


class Severity(StrEnum):
    """How serious a finding is. Declared worst first."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Status(StrEnum):
    """A run's verdict. Declared in the report's order (the JSON ``status_counts`` keys)."""

    HEALTHY = "healthy"  # checked, and nothing at warning or above
    WARNING = "warning"  # the worst finding is a warning
    FAILING = "failing"  # at least one error
    NOT_ASSESSED = "not-assessed"  # read, but no training signal the core checks could judge
    UNREADABLE = "unreadable"  # nothing could be read


class FailOn(StrEnum):
    """The least severe finding that makes the exit code 1 (``--fail-on``, ``fail-on``); NEVER: none does."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    NEVER = "never"


# the values as plain strings, for membership tests and messages ("one of error, warning, info")
SEVERITIES: tuple[str, ...] = tuple(s.value for s in Severity)  # worst first
STATUSES: tuple[str, ...] = tuple(s.value for s in Status)
FAIL_ON_LEVELS: tuple[str, ...] = tuple(s.value for s in FailOn)

# statuses worst first, for ranking runs: unreadable, failing, warning, not-assessed, healthy
STATUS_RANK: dict[str, int] = {s.value: i for i, s in enumerate(
    (Status.UNREADABLE, Status.FAILING, Status.WARNING, Status.NOT_ASSESSED, Status.HEALTHY))}
# the severities at warning or above, and the statuses they give a run: what needs a look
WARNING_OR_WORSE: tuple[str, ...] = (Severity.ERROR.value, Severity.WARNING.value)
FLAGGED_STATUSES: tuple[str, ...] = (Status.FAILING.value, Status.WARNING.value)


def severity_rank(severity: str, unknown: int = len(SEVERITIES)) -> int:
    """0 for error, 1 for warning, 2 for info (worst first, for sorting); ``unknown`` for anything else."""
    try:
        return SEVERITIES.index(severity)
    except ValueError:
        return unknown


def status_rank(status: str, unknown: int = 9) -> int:
    """A status's place worst first (unreadable 0 ... healthy 4); ``unknown`` for anything else."""
    return STATUS_RANK.get(status, unknown)


def failing_severities(fail_on: str | None) -> tuple[str, ...]:
    """The severities that fail at this level: error -> (error,), info -> all three, never or None -> ().
    Raises ValueError for a level that is not one of :data:`FAIL_ON_LEVELS`."""
    if fail_on is None or fail_on == FailOn.NEVER:
        return ()
    if fail_on not in SEVERITIES:
        raise ValueError(f"fail-on must be one of {', '.join(FAIL_ON_LEVELS)}, not {fail_on!r}")
    return SEVERITIES[: SEVERITIES.index(fail_on) + 1]


def at_or_above(severity: str, fail_on: str | None) -> bool:
    """The severity fails at this level (a severity that is none of the three never does)."""
    return severity in failing_severities(fail_on)


__all__ = ["Severity", "Status", "FailOn", "SEVERITIES", "STATUSES", "FAIL_ON_LEVELS", "STATUS_RANK",
           "WARNING_OR_WORSE", "FLAGGED_STATUSES",
           "severity_rank", "status_rank", "failing_severities", "at_or_above"]
