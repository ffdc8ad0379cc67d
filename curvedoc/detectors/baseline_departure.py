"""## What it detects
With a baseline (``curvedoc compare RUN --baseline BASE``): a curve of the run -- training or validation
loss, accuracy, a quality metric, a loss component, the LR or a norm -- that left the baseline's noise band
and stayed out to the end of the part both runs cover. Worse than the baseline (a higher loss, a lower
accuracy) is an error; better, or different on a curve with no better side (the LR, a gradient norm), is
info. Curves are paired by role, so the two runs may come from different frameworks and formats; they are
aligned by step, or by epoch / tokens seen when the steps per epoch differ (another batch size). The band is
built from the baseline's own noise (``curvedoc/detectors/_baseline.py`` explains the method); several
baseline runs (seeds) widen it by their spread. Not applicable without a baseline: ``diagnose`` never runs it.

## Why it matters
Teams keep golden curves to check that a change to the training code did not make training worse. A
difference inside the baseline's own noise is what another seed looks like; one that leaves it for good
is a change to explain before it is merged.

## Example
tests/data/compare: sample recipes rerun with another seed (inside the band), with a 10x learning rate or
with 40% of the labels shuffled (worse, from the step where the curves part).

## Options
- ``band``: half-width of the band in baseline noise standard deviations.
- ``rtol``: smallest half-width relative to the baseline's value.
- ``atol``: smallest half-width in the curve's own units.
- ``seed_rtol``: smallest relative half-width when the baseline is a single run (another seed's spread).
- ``smooth_frac``: half-width of the running median both curves are smoothed with, as a fraction of the span.
- ``noise_frac``: half-width of the window the local noise is measured over, as a fraction of the span.
- ``shift_frac``: how far left or right (fraction of the span) the band is stretched.
- ``stay_frac``: share of the points from the onset to the end that must lie outside the band.
- ``min_points``: fewest comparison points outside the band for a departure.
- ``align``: common axis: auto, step, epoch or tokens.

## References
seeds/000 10.16 Debugging training: 'Sanity checks before launching a long run' (match a known recipe first);
seeds/002 'Reproducibility: Fighting Nondeterminism'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._baseline import BandParams, compare_run, hparams_diff
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    band: float
    rtol: float
    atol: float
    seed_rtol: float
    smooth_frac: float
    noise_frac: float
    shift_frac: float
    stay_frac: float
    min_points: int
    align: str


ALIGNS = ("auto", "step", "epoch", "tokens")


def band_params(p: Params) -> BandParams:
    if p.align not in ALIGNS:
        raise ValueError(f"align must be one of {', '.join(ALIGNS)}, got {p.align!r}")
    return BandParams(p.band, p.rtol, p.atol, p.seed_rtol, p.smooth_frac, p.noise_frac, p.shift_frac, p.stay_frac,
                      p.min_points, p.align)


def _where(sc, axis: str) -> str:
    if axis == "step":
        return f"step {fmt_step(sc.left_step)}"
    return f"{axis.rstrip('s')} {sc.left_at:.3g} (step {fmt_step(sc.left_step)})"


def _at(x, axis: str) -> str:
    return f"step {fmt_step(x)}" if axis == "step" else f"{axis.rstrip('s')} {x:.3g}"


def describe(sc, axis: str) -> str:
    name = sc.run_tag if sc.run_tag == sc.base_tag else f"{sc.run_tag} (baseline: {sc.base_tag})"
    band = f"±{sc.band_rel * 100:.1f}%" if sc.band_rel is not None else f"±{fmt_num(sc.band_abs)}"
    verb = {"worse": "has been worse than", "better": "has been better than", "different": "has differed from"}
    msg = (f"{name} {verb[sc.side]} the baseline since {_where(sc, axis)}: outside its band at {sc.out_share:.0%} "
           f"of the points to {_at(sc.overlap[1], axis)}, {sc.excess:.1f} band widths beyond it at the median; "
           f"final {fmt_num(sc.run_final)} vs {fmt_num(sc.base_final)}")
    if sc.final_rel is not None:
        msg += f" ({fmt_pct(sc.final_rel)})"
    msg += f", band {band}"
    if sc.run_best is not None and sc.base_best is not None:
        msg += (f"; best {fmt_num(sc.run_best)} at {_at(sc.run_best_at, axis)} vs {fmt_num(sc.base_best)} at "
                f"{_at(sc.base_best_at, axis)}")
    return msg


@detector("baseline-departure", params=Params)
def baseline_departure(run: Run, p: Params) -> Iterator[Hit]:
    bases = getattr(run, "baseline", None)
    if not bases:
        return
    cmp = compare_run(run, bases, band_params(p))
    lr = next((sc for sc in cmp.series if sc.key == "lr" and sc.compared), None)
    lr_differs = lr is not None and lr.side is not None
    hp = hparams_diff(run.hparams, bases[0].hparams)
    context = ""
    if lr_differs:
        context = f"; the LR differs from the baseline's (final {fmt_num(lr.run_final)} vs {fmt_num(lr.base_final)})"
    elif lr is not None:
        context = "; the LR follows the baseline's"
    if hp:
        shown = ", ".join(f"{d['key']} {d['run']} vs {d['baseline']}" for d in hp[:3])
        context += f"; hyperparameters that differ: {shown}" + (f" and {len(hp) - 3} more" if len(hp) > 3 else "")
    for sc in cmp.series:
        if not sc.compared or sc.side is None:
            continue
        worse = sc.side == "worse"
        conf = min(0.99, 0.6 + 0.4 * min(1.0, sc.excess / 2.0)) * (0.5 + 0.5 * min(1.0, sc.out_share))
        # rank by the evidence: a changed LR or configuration explains a departure first; with the same LR and
        # no differing hyperparameters in the logs, the code or the data are the first suspects; a departure
        # barely past a single seed's band may still be seed variation
        if lr_differs or hp:
            causes = ["changed-hyperparameters", "code-changed", "data-changed"]
        else:
            causes = ["code-changed", "data-changed", "changed-hyperparameters"]
        if len(bases) == 1 and sc.excess < 1.0:
            causes.insert(1, "baseline-too-narrow")
        else:
            causes.append("baseline-too-narrow")
        yield Hit(
            describe(sc, cmp.axis) + ("" if sc.key == "lr" else context),
            step=sc.left_step,
            steps=(sc.left_step, int(run.series(sc.run_tag).index[-1])),
            confidence=round(conf, 3),
            severity=None if worse else "info",
            causes=tuple(causes),
            tags=(sc.run_tag,),
            evidence={"curve": sc.key, "tag": sc.run_tag, "baseline_tag": sc.base_tag, "side": sc.side,
                      "axis": cmp.axis, "left_at": sc.left_at, "run_final": sc.run_final,
                      "baseline_final": sc.base_final, "final_rel": sc.final_rel, "lr_differs": lr_differs,
                      "hparams_differ": len(hp)},
        )
