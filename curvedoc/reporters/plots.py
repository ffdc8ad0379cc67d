"""Plots of a run's curves with its findings marked (HTML report, notebooks).

    fig = report.plot("my-run")          # a matplotlib Figure; nothing is shown, nothing global changes

Works from the :class:`Run` when it is in memory (every point, downsampled to a min/max envelope
of at most ``MAX_LINE_POINTS`` per line so spikes survive) or, for audit reports, from the
100-point curves the audit keeps in ``meta["curves"]``. Figures are built with the object API on an
Agg canvas (the global backend is never touched, ``plt.show`` never called). Text from the logs is
drawn with mathtext off, so a tag named ``$x`` is shown as written and cannot break rendering.
"""

from __future__ import annotations

import io
import math
import re
from typing import Any, Sequence

import numpy as np

from curvedoc.model.metrics import rate_scale
from curvedoc.reporters._style import clean, middle_trunc
from curvedoc.vocab import FLAGGED_STATUSES, Severity, Status

MAX_LINE_POINTS = 2000
MAX_NONFINITE_MARKS = 200
MAX_MARKS = 300

SEVERITY_COLOR = {Severity.ERROR: "#c62828", Severity.WARNING: "#d98200", Severity.INFO: "#5c6bc0"}
STATUS_COLOR = {Status.FAILING: "#c62828", Status.WARNING: "#e69500", Status.HEALTHY: "#7aa37a",
                Status.NOT_ASSESSED: "#5c8fb0", Status.UNREADABLE: "#9e9e9e"}
ROLE_STYLE = {
    "train_loss": ("#1f4e79", "train"),
    "val_loss": ("#2ca02c", "val"),
    "train_acc": ("#1f4e79", "train"),
    "val_acc": ("#2ca02c", "val"),
    "lr": ("#7b3f99", "lr"),
    "grad_norm": ("#8c564b", "grad norm"),
    "grad_norm_clipped": ("#c49c94", "after clipping"),
    "weight_norm": ("#17becf", "weight norm"),
}
# panel name -> (roles drawn, y label); the loss panel first and tallest
PANELS = (
    ("loss", ("train_loss", "val_loss"), "loss"),
    ("acc", ("train_acc", "val_acc"), "accuracy"),
    ("lr", ("lr",), "learning rate"),
    ("grad", ("grad_norm", "grad_norm_clipped"), "grad norm"),
    ("weight", ("weight_norm",), "weight norm"),
)


_FIGURE_CLASS = None


def _mpl():
    """Import matplotlib lazily; never select a global backend (figures get their own Agg canvas).

    The figures are a small subclass of matplotlib's Figure that knows how to show itself in a notebook
    (``_repr_png_``): ``report.plot()`` as the last line of a cell draws the plot without
    ``%matplotlib inline`` (a plain Figure shows as '<Figure size 950x480 with 3 Axes>' there)."""
    global _FIGURE_CLASS
    import matplotlib  # noqa: F401
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    if _FIGURE_CLASS is None:
        class CurvedocFigure(Figure):
            def _repr_png_(self) -> bytes:
                self._curvedoc_shown = True  # the cell showed it (its last line's value): no second copy at its end
                buf = io.BytesIO()
                self.savefig(buf, format="png", dpi=96)
                return buf.getvalue()

        CurvedocFigure.__qualname__ = "CurvedocFigure"  # picklable as curvedoc.reporters.plots.CurvedocFigure
        globals()["CurvedocFigure"] = _FIGURE_CLASS = CurvedocFigure
    return _FIGURE_CLASS, FigureCanvasAgg


def _txt(s: Any, n: int = 80) -> str:
    return middle_trunc(clean(s), n)


# ---------------------------------------------------------------------------------------------- data


def envelope(steps, values, max_points: int = MAX_LINE_POINTS) -> tuple[np.ndarray, np.ndarray]:
    """At most ``max_points`` points that keep the shape of a long curve: per bin the minimum and the
    maximum (in step order), so a one-point spike stays visible. Bins with no finite value become NaN
    (a gap in the line). Short curves are returned unchanged."""
    x = np.asarray(steps, dtype=np.float64)
    y = np.asarray(values, dtype=np.float64)
    n = len(y)
    if n <= max_points:
        return x, y
    nb = max(1, max_points // 2)
    k = int(math.ceil(n / nb))
    nb = int(math.ceil(n / k))
    pad = nb * k - n
    yp = np.concatenate([y, np.full(pad, np.nan)]).reshape(nb, k)
    xp = np.concatenate([x, np.full(pad, x[-1])]).reshape(nb, k)
    fin = np.isfinite(yp)
    any_fin = fin.any(axis=1)
    lo_i = np.argmin(np.where(fin, yp, np.inf), axis=1)
    hi_i = np.argmax(np.where(fin, yp, -np.inf), axis=1)
    first = np.minimum(lo_i, hi_i)
    second = np.maximum(lo_i, hi_i)
    rows = np.arange(nb)
    xs = np.stack([xp[rows, first], xp[rows, second]], axis=1).ravel()
    ys = np.stack([yp[rows, first], yp[rows, second]], axis=1).ravel()
    ys[np.repeat(~any_fin, 2)] = np.nan
    return xs, ys


def nonfinite_steps(steps, values, limit: int = MAX_NONFINITE_MARKS) -> np.ndarray:
    x = np.asarray(steps, dtype=np.float64)
    y = np.asarray(values, dtype=np.float64)
    bad = x[~np.isfinite(y)]
    if len(bad) > limit:
        bad = bad[np.linspace(0, len(bad) - 1, limit).astype(int)]
    return bad


METRIC_PREFIX = "metric:"
PART_PREFIX = "part:"  # the other losses rules read: parts of a loss, other eval sets (their own panel)
MAX_PARTS = 8
PART_COLORS = ("#6a3d9a", "#b15928", "#1f78b4", "#33a02c", "#e31a1c", "#ff7f00", "#a6cee3", "#fb9a99")
MAX_METRICS = 4
_PENDING: list = []  # figures made by report.plot() in the running notebook cell, shown at its end if not yet
_HOOKED: list = []  # the IPython shell whose post_execute event shows them


def _notebook_shell():
    """The running IPython kernel's shell (Jupyter, VS Code, nbconvert), else None (a script, a terminal)."""
    import sys

    ipython = sys.modules.get("IPython")
    if ipython is None:
        return None
    try:
        shell = ipython.get_ipython()
    except Exception:  # pragma: no cover - an IPython too old or half-imported
        return None
    return shell if shell is not None and getattr(shell, "kernel", None) is not None else None


def _show_pending() -> None:
    pending = list(_PENDING)
    _PENDING.clear()
    if not pending:
        return
    from IPython.display import display

    for fig in pending:
        if not getattr(fig, "_curvedoc_shown", True):
            display(fig)


def show_at_cell_end(fig) -> None:
    """In a notebook, show ``fig`` when the cell ends unless the cell already showed it, as pyplot's inline backend
    does: ``fig = report.plot(0)`` draws the plot too (``display(fig)`` shows it again elsewhere). Nothing
    happens outside a notebook kernel."""
    shell = _notebook_shell()
    if shell is None:
        return
    if shell not in _HOOKED:
        shell.events.register("post_execute", _show_pending)
        _HOOKED.append(shell)
    fig._curvedoc_shown = False
    _PENDING.append(fig)


METRIC_COLORS = ("#c2185b", "#ef6c00", "#00838f", "#6d4c41")


def _drawn_metrics(run) -> list:
    """The quality metrics drawn in their own panel (the ones the rules read): held-out first, at most
    MAX_METRICS, all on the scale of the first (a 0-1 rate beside a 0-100 one would flatten it); accuracies
    already drawn as train_acc/val_acc are not repeated."""
    try:
        ms = list(run.metrics)
    except Exception:  # a plot must never fail on a run the rules could read
        return []
    used = set(run.roles.values())
    ms = [m for m in ms if m.tag not in used]
    ms.sort(key=lambda m: (m.split != "val", m.tag))
    if not ms:
        return []
    scale = getattr(ms[0], "scale", 1.0)
    return [m for m in ms if getattr(m, "scale", 1.0) == scale][:MAX_METRICS]


def _curves(rr) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """role -> (steps, values) for every plotted role present."""
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    run = getattr(rr, "run_obj", None)
    wanted = [r for _, roles, _ in PANELS for r in roles]
    if run is not None:
        for role in wanted:
            if role in run.roles:
                s = run.series(role)
                if len(s):
                    out[role] = (s.index.to_numpy(dtype=np.float64), s.to_numpy(dtype=np.float64))
        for m in _drawn_metrics(run):
            s = run.series(m.tag)
            out[METRIC_PREFIX + m.tag] = (s.index.to_numpy(dtype=np.float64), s.to_numpy(dtype=np.float64))
        for tag in ((rr.coverage.other_losses if rr.coverage is not None else None) or ())[:MAX_PARTS]:
            s = run.series(tag)
            if len(s):
                out[PART_PREFIX + tag] = (s.index.to_numpy(dtype=np.float64), s.to_numpy(dtype=np.float64))
        return out
    curves = (rr.meta or {}).get("curves") or {}
    for role in wanted:
        pts = curves.get(role)
        if pts:
            out[role] = (np.array([p[0] for p in pts], dtype=np.float64),
                         np.array([np.nan if p[1] is None else p[1] for p in pts], dtype=np.float64))
    return out


def _use_log(arrays: Sequence[np.ndarray]) -> bool:
    """Log y when every finite value is positive and they span more than a decade."""
    fin = [a[np.isfinite(a)] for a in arrays]
    fin = [a for a in fin if len(a)]
    if not fin:
        return False
    v = np.concatenate(fin)
    return bool((v > 0).all()) and float(v.max()) / float(v.min()) > 10.0


def _all_positive(arrays: Sequence[np.ndarray]) -> bool:
    fin = [a[np.isfinite(a)] for a in arrays]
    fin = [a for a in fin if len(a)]
    return bool(fin) and all(bool((a > 0).all()) for a in fin)


def _logged_range(curves) -> tuple[float, float] | None:
    """First and last logged step over every curve drawn (the x range of the plot)."""
    lo, hi = math.inf, -math.inf
    for xs, _ys in curves.values():
        xs = np.asarray(xs, dtype=np.float64)
        xs = xs[np.isfinite(xs)]
        if len(xs):
            lo, hi = min(lo, float(xs.min())), max(hi, float(xs.max()))
    return (lo, hi) if math.isfinite(lo) else None


def _use_log_lr(values: np.ndarray) -> bool:
    """Log y for a learning rate with step decays (most of the run a decade or more below its peak); a
    warmup-then-cosine or linear schedule reads better on a linear axis (its tail toward 0 would
    otherwise fill the panel)."""
    v = np.asarray(values, dtype=np.float64)
    v = v[np.isfinite(v)]
    if len(v) < 2 or (v <= 0).any():
        return False
    return float(np.mean(v < v.max() / 10.0)) > 0.3


def _span(values: np.ndarray, log: bool) -> float:
    v = np.asarray(values, dtype=np.float64)
    v = v[np.isfinite(v)]
    if log:
        v = np.log(v[v > 0])
    return float(v.max() - v.min()) if len(v) else 0.0


def _flat_axis(ax, arrays) -> None:
    """A constant curve (a fixed LR) gets one tick at its value instead of an offset scale of 1e-9 steps."""
    fin = [a[np.isfinite(a)] for a in arrays]
    fin = [a for a in fin if len(a)]
    if not fin:
        return
    v = np.concatenate(fin)
    lo, hi = float(v.min()), float(v.max())
    if hi - lo <= 1e-9 * max(abs(hi), 1e-30):
        pad = abs(hi) * 0.5 if hi != 0 else 1.0
        if ax.get_yscale() == "log":
            ax.set_ylim(hi / 2, hi * 2)
        else:
            ax.set_ylim(hi - pad, hi + pad)
        ax.set_yticks([hi])
        ax.set_yticklabels([f"{hi:.4g}"])
        ax.minorticks_off()


def _margins(fig, top_title: bool, wspace: float | None = None, legend: int = 0, small: bool = False) -> None:
    """Fixed margins in inches (tight_layout measures every tick label and costs more than the plot); a
    legend outside the panels gets a column on the right as wide as its longest label (``legend`` characters)."""
    w, h = fig.get_size_inches()
    right_in = 0.15
    if legend:
        per_char = 0.048 if small else 0.056
        right_in = max(right_in, min(0.4 * w, 0.45 + per_char * legend))
    kw = dict(left=0.8 / w, right=1 - right_in / w, bottom=0.5 / h,
              top=1 - (0.38 if top_title else 0.12) / h, hspace=0.12)
    if wspace is not None:
        kw["wspace"] = wspace
    fig.subplots_adjust(**kw)


def _step_ticks(ax) -> None:
    """Step tick labels as 200k / 1.5M instead of an offset '1e6'."""
    from matplotlib.ticker import FuncFormatter

    def fmt(x, _pos=None):
        ax_ = abs(x)
        if ax_ >= 1e6:
            return f"{x / 1e6:g}M"
        if ax_ >= 1e4:
            return f"{x / 1e3:g}k"
        return f"{x:g}"

    lo, hi = ax.get_xlim()
    if max(abs(lo), abs(hi)) >= 1e4:
        ax.xaxis.set_major_formatter(FuncFormatter(fmt))


def _clip_threshold(rr) -> float | None:
    run = getattr(rr, "run_obj", None)
    if run is not None and "clip_threshold" in run.roles:
        s = run.series("clip_threshold")
        v = s.to_numpy(dtype=np.float64)
        v = v[np.isfinite(v)]
        if len(v):
            return float(np.median(v))
    for k in ("max_grad_norm", "gradient_clip_val", "clip_grad_norm", "grad_clip", "clip_norm"):
        v = (rr.hparams or {}).get(k)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v > 0:
            return float(v)
    return None


def _panel_for(code: str, have: set[str]) -> str:
    if code.startswith("M") and "metric" in have:
        return "metric"
    if code.startswith("G") and "grad" in have:
        return "grad"
    if code.startswith("W") and "weight" in have:
        return "weight"
    if code == "S001" and "lr" in have:
        return "lr"
    if code == "V003" and "acc" in have:
        return "acc"
    return "loss"


# ---------------------------------------------------------------------------------------------- drawing


def _no_math(*texts) -> None:
    for t in texts:
        if t is not None:
            t.set_parse_math(False)


def line_style(role: str, tag: str, color: str | None = None) -> tuple[str, str, str]:
    """(legend label, colour, line style) of one drawn curve: a role's own colour and name ('train: loss'), a
    quality metric or another loss by its tag (held-out parts dashed, as the eye pairs them)."""
    if role.startswith(METRIC_PREFIX):
        return _txt(role[len(METRIC_PREFIX):], 60), color or METRIC_COLORS[0], "-"
    if role.startswith(PART_PREFIX):
        from curvedoc.model.roles import infer_role

        label = _txt(role[len(PART_PREFIX):], 60)
        r = infer_role(label)
        return label, color or PART_COLORS[0], "--" if r is not None and r[0] == "val_loss" else "-"
    color, label = ROLE_STYLE.get(role, ("#333333", role))
    m = re.match(r"^(?:train|val) loss = (sum of \d+ parts)", tag)
    if m:  # a derived sum: its parts are listed in the panel below and in the role notes
        tag = m.group(1)
    return (_txt(f"{label}: {tag}", 60) if tag else label), color, "-"


def _draw_line(ax, line: dict, small: bool) -> None:
    xs, ys = line["x"], line["y"]
    ex, ey = envelope(xs, ys)
    sparse = np.isfinite(ys).sum() <= 40
    ax.plot(ex, ey, color=line["color"], lw=0.9 if not small else 0.8, label=line["label"], ls=line["dash"],
            marker="o" if sparse else None, ms=3.5 if sparse else 0,
            zorder=4 if line["role"].startswith("val") else 3)
    bad = nonfinite_steps(xs, ys)
    if len(bad):
        tr = ax.get_xaxis_transform()
        name = line["short"]
        ax.scatter(bad, np.full(len(bad), 0.04), transform=tr, marker="x", s=18, color="#c62828", zorder=5,
                   label=f"{name} NaN/inf ({int((~np.isfinite(np.asarray(ys))).sum()):,})", clip_on=False)


def panel_specs(rr, small: bool = False) -> list[dict]:
    """What one run's figure shows, as plain data (no matplotlib): the panels in order -- loss; the other losses
    the rules read; accuracy; quality metrics; LR; grad norm; weight norm -- each with its y label, whether its y
    axis is logarithmic, its curves (role, label, colour, dash, steps, values) and a horizontal line (the clip
    threshold). The notebook figure and the HTML page (interactive chart and static fallback) draw the same."""
    curves = _curves(rr)
    roles = dict(rr.roles or {})
    run = getattr(rr, "run_obj", None)
    rates = {METRIC_PREFIX + m.tag: float(getattr(m, "scale", 1.0)) for m in (_drawn_metrics(run) if run else [])
             if getattr(m, "rate", False)}
    panels = [(name, [r for r in rs if r in curves], ylabel) for name, rs, ylabel in PANELS]
    metric_rs = [r for r in curves if r.startswith(METRIC_PREFIX)]
    if metric_rs:
        at = 2 if len(panels) > 1 else len(panels)  # after loss and accuracy
        panels.insert(at, ("metric", metric_rs, "quality metric"))
    part_rs = [r for r in curves if r.startswith(PART_PREFIX)]
    if part_rs:  # under the loss: the parts of a loss and the other eval sets the rules read
        panels.insert(1, ("parts", part_rs, "other losses"))
    panels = [p for p in panels if p[1]]
    if small:
        panels = [p for p in panels if p[0] in ("loss", "acc")][:1] or panels[:1]
    out = []
    for name, rs, ylabel in panels:
        if name == "parts":  # a part's training and held-out curves share a colour (held-out dashed)
            from curvedoc.model.roles import tag_stem

            stems = list(dict.fromkeys(tag_stem(r[len(PART_PREFIX):]) for r in rs))
        lines = []
        for i, role in enumerate(rs):
            color = None
            if name == "metric":
                color = METRIC_COLORS[i % len(METRIC_COLORS)]
            elif name == "parts":
                color = PART_COLORS[stems.index(tag_stem(role[len(PART_PREFIX):])) % len(PART_COLORS)]
            label, color, dash = line_style(role, roles.get(role, ""), color)
            short = label if role.startswith((METRIC_PREFIX, PART_PREFIX)) else ROLE_STYLE.get(role, ("", role))[1]
            xs, ys = curves[role]
            lines.append({"role": role, "label": label, "short": short, "color": color, "dash": dash,
                          "x": xs, "y": ys})
        # train and validation share one axis, so a gap between them is drawn as the gap it is (a right-hand
        # axis of its own can put a validation loss 6x above training below it); losses go on a log axis
        # whenever every value is positive, where a ratio reads as a distance
        if name == "lr":
            log = _use_log_lr(curves[rs[0]][1])
        elif name in ("loss", "parts"):
            log = _all_positive([curves[r][1] for r in rs])
        else:
            log = _use_log([curves[r][1] for r in rs])
        ylim = _rate_range(rs, curves, rates) if name in ("acc", "metric") else None
        if ylim is not None:
            log = False
        hline = None
        if name == "grad":
            thr = _clip_threshold(rr)
            if thr is not None:
                hline = (thr, f"clip threshold {thr:g}")
        out.append({"name": name, "ylabel": ylabel, "log": log, "lines": lines, "hline": hline, "ylim": ylim})
    return out


def _rate_range(rs: Sequence[str], curves, rates: dict[str, float]) -> tuple[float, float] | None:
    """The full scale of a panel of bounded rates (accuracy, mAP, AUC, F1...): (0, 1), or (0, 100) for percents,
    so that chance-level noise of a point or two does not fill the panel and look like swings. A metric panel
    qualifies when every curve in it is a known rate (``rates``: role -> its scale); an accuracy panel by its
    values. None when a value falls outside the scale (then it is not the rate it seemed) or nothing is finite."""
    vals = [curves[r][1][np.isfinite(curves[r][1])] for r in rs]
    vals = np.concatenate(vals) if vals else np.array([])
    if not len(vals):
        return None
    scales = {rates.get(r) for r in rs}
    if None in scales:
        if any(r.startswith(METRIC_PREFIX) for r in rs):
            return None  # a metric that is not a bounded rate (loss-like, BLEU, reward...) keeps its own range
        scales = {rate_scale(float(vals.max()))}
    scale = max(scales)
    if vals.min() < 0 or vals.max() > scale:
        return None
    return (0.0, float(scale))


def logged_range(panels: Sequence[dict]) -> tuple[float, float] | None:
    """First and last logged step over every curve of :func:`panel_specs` (the x range of the plot)."""
    return _logged_range({i: (ln["x"], ln["y"]) for i, ln in enumerate(ln for p in panels for ln in p["lines"])})


def _value_at(xs: np.ndarray, ys: np.ndarray, step: float) -> float:
    if len(xs) == 0:
        return float("nan")
    i = int(np.clip(np.searchsorted(xs, step), 0, len(xs) - 1))
    if i > 0 and abs(xs[i - 1] - step) < abs(xs[i] - step):
        i -= 1
    return float(ys[i])


def plot_run(rr, *, small: bool = False, title: bool = True, findings: Sequence | None = None):
    """One run's curves (loss; accuracy, quality metrics, LR, grad norm, weight norm when logged) with each
    finding marked: its step range shaded, its key step as a labelled vertical line, its marks (spikes, epoch
    boundaries...) as points on the curve. Returns a :class:`matplotlib.figure.Figure`."""
    Figure, FigureCanvasAgg = _mpl()
    import matplotlib

    specs = panel_specs(rr, small)
    curves = {ln["role"]: (ln["x"], ln["y"]) for p in specs for ln in p["lines"]}
    panels = [(p["name"], [ln["role"] for ln in p["lines"]], p["ylabel"]) for p in specs]
    findings = list(findings if findings is not None else rr.findings)

    with matplotlib.rc_context({"font.size": 8 if small else 9, "axes.titlesize": 9 if small else 10,
                                "svg.fonttype": "none", "axes.spines.top": False, "axes.spines.right": False}):
        if not panels:
            fig = Figure(figsize=(5.5 if small else 9, 1.2 if small else 1.6))
            FigureCanvasAgg(fig)
            t = fig.text(0.5, 0.5, "no train/val loss, accuracy, LR or grad-norm curve to plot",
                         ha="center", va="center", color="#666666")
            _no_math(t)
            if title:
                _no_math(fig.suptitle(_txt(rr.run), fontsize=9))
            return fig
        heights = [2.6 if p[0] == "loss" else 1.3 for p in panels]
        if small:
            fig = Figure(figsize=(5.5, 2.3))
        else:
            fig = Figure(figsize=(9.5, 0.9 + sum(heights)))
        FigureCanvasAgg(fig)
        axes = fig.subplots(len(panels), 1, sharex=True, squeeze=False,
                            gridspec_kw={"height_ratios": heights})[:, 0]
        by_panel = {}
        longest_label = 0
        for ax, spec in zip(axes, specs):
            name = spec["name"]
            by_panel[name] = ax
            main_rs = [ln["role"] for ln in spec["lines"]]
            for line in spec["lines"]:
                _draw_line(ax, line, small)
            if spec["log"]:
                ax.set_yscale("log")
            if spec["hline"] is not None:
                ax.axhline(spec["hline"][0], color="#8c564b", ls=":", lw=0.8, label=spec["hline"][1])
            _flat_axis(ax, [curves[r][1] for r in main_rs])
            if spec.get("ylim") is not None:
                lo, hi = spec["ylim"]
                ax.set_ylim(lo - 0.03 * (hi - lo), hi + 0.03 * (hi - lo))  # a curve at 0 or at the top stays visible
            ax.set_ylabel(spec["ylabel"])
            ax.grid(True, alpha=0.25, lw=0.5)
            ax.tick_params(labelsize=7 if small else 8)
            if small:
                ax.minorticks_off()  # log axes make dozens of minor ticks: most of a small plot's cost
        axes[-1].set_xlabel("step")
        rng = _logged_range(curves)
        if rng is not None:
            pad = max(1.0, 0.01 * (rng[1] - rng[0]))
            axes[-1].set_xlim(rng[0] - pad, rng[1] + pad)
        _step_ticks(axes[-1])
        _mark_findings(by_panel, axes, findings, curves, small)
        if rng is not None:
            # findings may name steps past the logged data (the planned end of an unfinished schedule): the x
            # range stays on what was logged, and the planned end is a note at the right edge
            axes[-1].set_xlim(rng[0] - pad, rng[1] + pad)
            ends = [f.steps[1] for f in findings if f.steps and f.steps[1] > rng[1] + pad]
            if ends and not small:
                t = axes[0].text(1.0, 1.02, f"planned end: step {max(ends):,} →", transform=axes[0].transAxes,
                                 ha="right", va="bottom", fontsize=7.5, color="#555555")
                _no_math(t)
        for name, ax in zip([p[0] for p in panels], axes):
            handles, labels = ax.get_legend_handles_labels()
            longest_label = max([longest_label] + [len(lb) for lb in labels])
            if handles:
                # outside the data, to the right of the panel (inside, it covers the start of the curve)
                if small:
                    leg = ax.legend(handles, labels, fontsize=6.5, loc="upper left", bbox_to_anchor=(1.0, 1.0),
                                    borderaxespad=0.2, framealpha=0.85, handlelength=1.2)
                else:
                    leg = ax.legend(handles, labels, fontsize=7.5, loc="upper left", bbox_to_anchor=(1.005, 1.0),
                                    borderaxespad=0.0, framealpha=0.85, handlelength=1.5)
                _no_math(*leg.get_texts())
        if title:
            head = f"{_txt(rr.run, 90)}  ({rr.status}, score {rr.score:.0f})"
            _no_math(fig.suptitle(head, fontsize=9 if small else 10, x=0.01, ha="left"))
        _margins(fig, top_title=title, legend=longest_label, small=small)
    return fig


def _mark_findings(by_panel: dict, axes, findings, curves, small: bool) -> None:
    have = set(by_panel)
    top = axes[0]
    label_slots: list[float] = []
    xmin, xmax = top.get_xlim()
    span = max(xmax - xmin, 1e-9)
    for f in sorted(findings, key=lambda f: (f.step if f.step is not None else -1)):
        color = SEVERITY_COLOR.get(f.severity, "#555555")
        if f.steps and f.steps[1] > f.steps[0]:
            for ax in axes:
                ax.axvspan(f.steps[0], f.steps[1], color=color, alpha=0.08, lw=0, zorder=0)
        if f.step is not None:
            for ax in axes:
                ax.axvline(f.step, color=color, ls="--", lw=0.9, alpha=0.8, zorder=2)
            # stack labels that would overlap (closer than 6% of the x range)
            level = sum(1 for s in label_slots if abs(s - f.step) < 0.06 * span)
            label_slots.append(f.step)
            t = top.text(f.step, 1.0 - 0.09 * (level % 6), f" {f.code}", transform=top.get_xaxis_transform(),
                         color=color, fontsize=6.5 if small else 7.5, fontweight="bold", va="top", ha="left",
                         zorder=6, bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.7})
            _no_math(t)
        if f.marks and f.code == "I001":
            # the start of each appended training session: a boundary across every panel, not a point
            for i, m in enumerate(f.marks[:MAX_MARKS]):
                for ax in axes:
                    ax.axvline(m, color="#607d8b", ls=":", lw=1.0, zorder=2)
                t = top.text(m, 0.02, f" session {i + 2}", transform=top.get_xaxis_transform(), color="#607d8b",
                             fontsize=6.5 if small else 7.5, va="bottom", ha="left", zorder=6)
                _no_math(t)
            continue
        if f.marks:
            pname = _panel_for(f.code, have)
            ax = by_panel.get(pname, top)
            line_roles = [r for r in ("train_loss", "grad_norm", "weight_norm", "lr", "train_acc", "val_loss")
                          if r in curves and any(r in rs for n, rs, _ in PANELS if n == pname)]
            marks = np.asarray(f.marks[:MAX_MARKS], dtype=np.float64)
            if line_roles:
                xs, ys = curves[line_roles[0]]
                yv = np.array([_value_at(xs, ys, m) for m in marks])
                ok = np.isfinite(yv)
                ax.scatter(marks[ok], yv[ok], s=16 if not small else 10, facecolor="none", edgecolor=color,
                           lw=1.0, zorder=6)
                if (~ok).any():
                    ax.scatter(marks[~ok], np.full(int((~ok).sum()), 0.09), transform=ax.get_xaxis_transform(),
                               marker="|", s=30, color=color, zorder=6)
            else:
                ax.scatter(marks, np.full(len(marks), 0.03), transform=ax.get_xaxis_transform(), marker="|", s=30,
                           color=color, zorder=6)
            if f.step is None:
                t = top.text(marks[0], 0.98, f" {f.code}", transform=top.get_xaxis_transform(), color=color,
                             fontsize=6.5 if small else 7.5, fontweight="bold", va="top", ha="left", zorder=6)
                _no_math(t)


def overview_figure(report, runs: Sequence | None = None, max_runs: int = 400):
    """All runs' train (and val) loss on one chart each, coloured by status (audit overview).

    Steps are shown as a fraction of each run when the runs' lengths differ by more than 10x, and
    losses relative to each run's first value when their scales differ by more than 100x: the
    shapes stay comparable in a folder of unrelated runs."""
    Figure, FigureCanvasAgg = _mpl()
    import matplotlib
    from matplotlib.lines import Line2D

    runs = [r for r in (runs if runs is not None else report.runs) if r.status != Status.UNREADABLE]
    # keep every failing/warning run (up to the cap) and an even sample of the healthy ones
    bad = [r for r in runs if r.status in FLAGGED_STATUSES][:max_runs]
    good = [r for r in runs if r.status not in FLAGGED_STATUSES]
    room = max(0, max_runs - len(bad))
    if len(good) > room:
        good = [good[i] for i in np.linspace(0, len(good) - 1, room).astype(int)] if room else []
    chosen = good + bad
    data: dict[str, list] = {"train_loss": [], "val_loss": []}
    for r in chosen:
        cv = _curves(r)
        for role in data:
            if role in cv:
                xs, ys = cv[role]
                if len(xs) > 300:
                    xs, ys = envelope(xs, ys, 300)
                if np.isfinite(ys).any():
                    data[role].append((r, xs, ys))
    roles = [r for r in data if data[r]]
    with matplotlib.rc_context({"font.size": 9, "svg.fonttype": "none", "axes.spines.top": False,
                                "axes.spines.right": False}):
        fig = Figure(figsize=(10, 3.4))
        FigureCanvasAgg(fig)
        if not roles:
            _no_math(fig.text(0.5, 0.5, "no loss curves to draw", ha="center", va="center", color="#666666"))
            return fig
        axes = fig.subplots(1, len(roles), squeeze=False)[0]
        order = {Status.HEALTHY: 0, Status.WARNING: 1, Status.FAILING: 2}
        for ax, role in zip(axes, roles):
            items = sorted(data[role], key=lambda t: order.get(t[0].status, 0))
            lengths = [float(np.nanmax(xs)) for _, xs, _ in items if len(xs)]
            frac = len(lengths) > 1 and max(lengths) > 10 * max(min(lengths), 1.0)
            firsts = []
            for _, _, ys in items:
                fin = ys[np.isfinite(ys)]
                if len(fin):
                    firsts.append(abs(float(fin[0])))
            pos_first = [f for f in firsts if f > 0]
            rel = len(pos_first) > 1 and max(pos_first) > 100 * min(pos_first)
            all_y = []
            for r, xs, ys in items:
                x = xs / max(float(np.nanmax(xs)), 1.0) if frac else xs
                y = ys
                if rel:
                    fin = ys[np.isfinite(ys)]
                    if not len(fin) or fin[0] == 0:
                        continue
                    y = ys / abs(float(fin[0]))
                all_y.append(y)
                st = r.status
                ax.plot(x, y, color=STATUS_COLOR.get(st, "#999999"), lw=0.8 if st != Status.HEALTHY else 0.6,
                        alpha=0.85 if st != Status.HEALTHY else 0.45, zorder={Status.HEALTHY: 1, Status.WARNING: 2}.get(st, 3))
            if _use_log(all_y):
                ax.set_yscale("log")
            ax.set_xlabel("fraction of the run's steps" if frac else "step")
            ylabel = {"train_loss": "train loss", "val_loss": "val loss"}[role]
            ax.set_ylabel(f"{ylabel} / its first value" if rel else ylabel)
            ax.set_title(f"{ylabel} ({len(items)} runs)", fontsize=9)
            ax.grid(True, alpha=0.25, lw=0.5)
            ax.minorticks_off()
        handles = [Line2D([], [], color=STATUS_COLOR[s], lw=1.5, label=s.value)
                   for s in (Status.FAILING, Status.WARNING, Status.HEALTHY)]
        axes[-1].legend(handles=handles, fontsize=7.5, loc="best", framealpha=0.85)
        _margins(fig, top_title=True, wspace=0.28)
    return fig


# ---------------------------------------------------------------------------------------------- SVG

_PROLOGUE = re.compile(r"^\s*<\?xml[^>]*\?>\s*(<!DOCTYPE[^>]*>\s*)?", re.S)
_METADATA = re.compile(r"<metadata>.*?</metadata>\s*", re.S)


def figure_to_svg(fig, salt: str = "curvedoc", close: bool = True) -> str:
    """The figure as an inline ``<svg>`` element: text kept as (escaped) text, no XML prologue, no
    metadata block, ids made unique per figure by ``salt``; sized by CSS (``width:100%``)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt, "svg.image_inline": True}):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
    svg = buf.getvalue()
    if close:
        fig.clear()
    svg = _PROLOGUE.sub("", svg)
    svg = _METADATA.sub("", svg)
    # responsive: drop the fixed pt width/height of the root element, keep its viewBox
    svg = re.sub(r'^<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 class="cd-plot" preserveAspectRatio="xMinYMin meet"',
                 svg, count=1)
    # matplotlib numbers its groups per file (figure_1, axes_1...): prefix them so several plots can share a page
    prefix = re.sub(r"[^A-Za-z0-9-]", "-", salt)
    svg = re.sub(r'id="([A-Za-z][A-Za-z0-9]*_\d+)"', lambda m: f'id="{prefix}-{m.group(1)}"', svg)
    return svg.strip()


# ---------------------------------------------------------------------------------------------- compare

SIDE_COLOR = {"worse": "#c62828", "better": "#2e7d32", "different": "#5c6bc0"}
MAX_COMPARE_PANELS = 6


def compare_figure(rr, *, title: bool = True):
    """A compared run against its baseline, one panel per curve the two share (losses and metrics first, then
    curves that left the band): the baseline's points faint, its smoothed curve grey with the band shaded, the
    run's points faint and its smoothed curve in colour, and the step where the run left the band for good
    marked. Returns a Figure, or None when the run carries no comparison curves."""
    run = getattr(rr, "run_obj", None)
    cmp = getattr(run, "comparison", None)  # a RunView made by curvedoc.compare carries it
    if cmp is None:
        return None
    series = [s for s in cmp.series if s.compared and s.curves]
    series.sort(key=lambda s: (s.direction is None and s.side is None, s.direction is None, s.key != "train_loss"))
    series = series[:MAX_COMPARE_PANELS]
    if not series:
        return None
    Figure, FigureCanvasAgg = _mpl()
    import matplotlib

    with matplotlib.rc_context({"font.size": 9, "svg.fonttype": "none", "axes.spines.top": False,
                                "axes.spines.right": False}):
        ncol = 2 if len(series) > 1 else 1
        nrow = (len(series) + ncol - 1) // ncol
        fig = Figure(figsize=(9.5, 0.6 + 2.3 * nrow))
        FigureCanvasAgg(fig)
        axes = fig.subplots(nrow, ncol, squeeze=False)
        for ax in axes.flat[len(series):]:
            ax.set_visible(False)
        for ax, s in zip(axes.flat, series):
            c = s.curves
            color = SIDE_COLOR.get(s.side, "#1f4e79")
            bx, by = envelope(c["base_x"], c["base_raw"])
            ax.plot(bx, by, color="#9e9e9e", lw=0.6, alpha=0.45)
            ax.fill_between(c["x"], c["lo"], c["hi"], color="#9e9e9e", alpha=0.22, lw=0, label="baseline band")
            ax.plot(c["x"], c["base"], color="#616161", lw=1.2, label="baseline")
            rx, ry = envelope(c["run_x"], c["run"])
            ax.plot(rx, ry, color=color, lw=0.6, alpha=0.35)
            ax.plot(c["x"], c["run_s"], color=color, lw=1.4, label="run")
            if s.side is not None and s.left_at is not None:
                ax.axvline(s.left_at, color=color, ls="--", lw=0.9)
            data = np.concatenate([np.asarray(v, dtype=float) for v in (c["run"], c["base_raw"], c["base"])])
            data = data[np.isfinite(data)]
            if s.scale == "log":
                ax.set_yscale("log")
                data = data[data > 0]
            if len(data):  # the band may reach far past the data where the baseline is steep: keep the data in view
                lo, hi = float(data.min()), float(data.max())
                if s.scale == "log":
                    ax.set_ylim(lo / 1.25, hi * 1.25)
                elif hi > lo:
                    pad = 0.08 * (hi - lo)
                    ax.set_ylim(lo - pad, hi + pad)
            name = s.run_tag if s.run_tag == s.base_tag else f"{s.run_tag} / {s.base_tag}"
            verdict = {"worse": "worse", "better": "better", "different": "differs"}.get(s.side, "inside the band")
            t = ax.set_title(f"{_txt(name, 48)}: {verdict}", fontsize=9, loc="left",
                             color=color if s.side else "#333333")
            _no_math(t)
            ax.grid(True, alpha=0.25, lw=0.5)
            ax.tick_params(labelsize=8)
            ax.set_xlabel(cmp.axis, fontsize=8)
            _step_ticks(ax)
        handles, labels = axes.flat[0].get_legend_handles_labels()
        if handles:
            leg = fig.legend(handles, labels, loc="upper right", fontsize=7.5, ncol=3, frameon=False)
            _no_math(*leg.get_texts())
        if title:
            _no_math(fig.suptitle(f"{_txt(rr.run, 70)} vs baseline", fontsize=10, x=0.01, ha="left"))
        fig.subplots_adjust(left=0.08, right=0.98, bottom=0.5 / fig.get_size_inches()[1] * 1.2,
                            top=1 - 0.55 / fig.get_size_inches()[1], hspace=0.75, wspace=0.22)
    return fig
