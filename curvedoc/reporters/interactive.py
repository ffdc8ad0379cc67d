"""One run's curves in the HTML page: an interactive chart (uPlot, embedded) over a static SVG fallback.

The page stays one self-contained file that opens offline: uPlot (MIT, ``vendor/``) and the few lines that build
the charts are inline scripts allowed by their SHA-256 in the page's Content-Security-Policy, which forbids every
network access (``default-src 'none'``); each figure's data is an inert ``application/json`` block whose ``<``,
``>`` and ``&`` are escaped, so nothing from the logs can end the block or run. The fallback is a plain SVG drawn
here from the same data (no matplotlib: a run's page renders in a fraction of a second); the script hides it once
the chart is drawn, so a viewer without JavaScript (or a mail client, or a notebook's sanitiser) sees the SVG.

What is drawn comes from :func:`curvedoc.reporters.plots.panel_specs`, the same panels the notebook figure shows:
loss (train and validation on one axis, log where positive), the other losses the rules read, accuracy, quality
metrics, LR, grad norm (with the clip threshold), weight norm; findings marked at their steps (a shaded span, a
dashed line at the key step labelled with the rule code), appended sessions as dotted lines. Zoom: drag across a
panel (double-click resets) or turn the wheel; pan: drag with Shift held; hover: every curve's value at the cursor.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import json
import math
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from curvedoc.reporters._style import clean, middle_trunc
from curvedoc.reporters.plots import SEVERITY_COLOR, envelope

VENDOR = Path(__file__).resolve().parent / "vendor"
# points per curve in the page (a min/max envelope keeps one-point spikes): enough to zoom into, small enough to load
CHART_POINTS = 2000
FALLBACK_POINTS = 600
SESSION_COLOR = "#607d8b"


@functools.lru_cache(maxsize=1)
def _vendor() -> tuple[str, str]:
    return ((VENDOR / "uPlot.iife.min.js").read_text(encoding="utf-8"),
            (VENDOR / "uPlot.min.css").read_text(encoding="utf-8"))


def _num(v: float) -> float | None:
    """A JSON number with 6 significant digits (the chart's precision), None for NaN/inf (a gap)."""
    if not math.isfinite(v):
        return None
    return float(f"{v:.6g}")


def _marks(findings) -> list[dict]:
    out = []
    for f in findings:
        d: dict[str, Any] = {"code": f.code, "color": SEVERITY_COLOR.get(f.severity, "#555555")}
        if f.step is not None:
            d["step"] = int(f.step)
        if f.steps and f.steps[1] > f.steps[0]:
            d["span"] = [int(f.steps[0]), int(f.steps[1])]
        if f.code == "I001" and f.marks:
            d["sessions"] = [int(m) for m in f.marks[:50]]
        out.append(d)
    return out


def _line_meta(ln: dict) -> dict:
    """A curve's label, colour, dash and its NaN/inf points (marked at the bottom of the panel and counted in the
    legend, as the notebook figure does)."""
    from curvedoc.reporters.plots import MAX_NONFINITE_MARKS, nonfinite_steps

    y = np.asarray(ln["y"], dtype=np.float64)
    nbad = int((~np.isfinite(y)).sum())
    out = {"label": clean(ln["label"]), "color": ln["color"], "dash": ln["dash"] != "-",
           "sparse": bool(np.isfinite(y).sum() <= 40)}
    if nbad:
        out["bad"] = [_num(v) for v in nonfinite_steps(ln["x"], y, MAX_NONFINITE_MARKS)]
        out["bad_label"] = f"{clean(ln['short'])} NaN/inf ({nbad:,})"
    return out


def chart_data(rr, small: bool = False) -> dict | None:
    """The figure as plain JSON-able data: per panel its y label, log flag, one shared x array (the union of its
    curves' steps) and one y array per curve (None where the curve has no point); the findings' marks; the logged
    x range. None when nothing can be drawn."""
    from curvedoc.reporters.plots import logged_range, panel_specs

    specs = panel_specs(rr, small)
    if not specs:
        return None
    rng = logged_range(specs)
    panels = []
    for p in specs:
        cols = []
        for ln in p["lines"]:
            ex, ey = envelope(ln["x"], ln["y"], CHART_POINTS)
            cols.append((np.asarray(ex, dtype=np.float64), np.asarray(ey, dtype=np.float64)))
        xs = np.unique(np.concatenate([c[0][np.isfinite(c[0])] for c in cols])) if cols else np.array([])
        ys = []
        for ex, ey in cols:
            ok = np.isfinite(ex)
            ex, ey = ex[ok], ey[ok]
            # one value per step (the envelope keeps the last of a pair at the same step)
            _, last = np.unique(ex[::-1], return_index=True)
            keep = len(ex) - 1 - last
            col = np.full(len(xs), np.nan)
            col[np.searchsorted(xs, ex[keep])] = ey[keep]
            ys.append(col)
        if p["log"]:  # a log axis cannot show 0 or a negative value: a gap, as the notebook figure leaves it
            ys = [np.where(y > 0, y, np.nan) for y in ys]
        panels.append({
            "name": p["name"], "ylabel": p["ylabel"], "log": bool(p["log"]),
            "ylim": None if p.get("ylim") is None else [_num(p["ylim"][0]), _num(p["ylim"][1])],
            "x": [_num(v) for v in xs],
            "ys": [[_num(v) for v in y] for y in ys],
            "lines": [_line_meta(ln) for ln in p["lines"]],
            "hline": None if p["hline"] is None else {"y": _num(p["hline"][0]), "label": p["hline"][1]},
        })
    return {"panels": panels, "x0": None if rng is None else _num(rng[0]), "x1": None if rng is None else _num(rng[1]),
            "marks": _marks(rr.findings)}


def _json_block(data: Any) -> str:
    """JSON for an inert <script type="application/json">: '<', '>' and '&' escaped, so no text from the logs can
    close the element or open another; U+2028/2029 escaped for old parsers."""
    s = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (s.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


# ---------------------------------------------------------------------------------------------- static fallback

def _ticks(lo: float, hi: float, log: bool, n: int = 5) -> list[float]:
    if log:
        a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
        step = max(1, math.ceil((b - a) / n))
        t = [10.0 ** k for k in range(a, b + 1, step) if lo <= 10.0 ** k <= hi]
        return t or [lo, hi]
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / n
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.ceil(lo / step) * step
    return [start + i * step for i in range(int((hi - start) / step) + 1)]


def _fmt(v: float) -> str:
    if v == 0:
        return "0"
    a = abs(v)
    return f"{v:.0e}".replace("e-0", "e-").replace("e+0", "e") if a < 1e-3 or a >= 1e5 else f"{v:.4g}"


def fallback_svg(data: dict, small: bool = False) -> str:
    """The static picture of :func:`chart_data` for viewers without JavaScript: one SVG, panels stacked on a
    shared x axis (the logged steps), a legend at the right of each panel, findings marked as on the chart."""
    W, left, right, gap = 1000, 64, 210, 14
    pw = W - left - right
    x0, x1 = data.get("x0"), data.get("x1")
    if x0 is None or x1 is None:
        return ""
    if x1 <= x0:
        x0, x1 = x0 - 1, x1 + 1
    panels = data["panels"]
    heights = [200 if p["name"] == "loss" and not small else 110 for p in panels]
    H = sum(heights) + gap * (len(panels) - 1) + 40
    out = [f'<svg class="cd-plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
           f'aria-label="training curves" font-family="sans-serif" font-size="11">']

    def sx(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * pw

    top = 8
    for p, h in zip(panels, heights):
        vals = [v for y in p["ys"] for v in y if v is not None]
        if p["hline"] is not None and p["hline"]["y"] is not None:
            vals.append(p["hline"]["y"])
        log = p["log"] and vals and min(vals) > 0
        if p.get("ylim"):  # a rate's full scale (0-1 or 0-100)
            lo, hi = p["ylim"]
        elif vals:
            lo, hi = min(vals), max(vals)
        else:
            lo, hi = 0.0, 1.0
        if log:
            lo, hi = math.log10(lo), math.log10(hi)
        if hi - lo <= 1e-12 * max(1.0, abs(hi)):
            lo, hi = lo - 0.5, hi + 0.5
        pad = 0.05 * (hi - lo)
        lo, hi = lo - pad, hi + pad

        def sy(v: float, lo=lo, hi=hi, log=log, top=top, h=h) -> float:
            t = math.log10(v) if log else v
            return top + h - (t - lo) / (hi - lo) * h

        out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{h}" fill="none" stroke="#cfd8dc"/>')
        for t in _ticks(10 ** lo if log else lo, 10 ** hi if log else hi, bool(log), 4):
            y = sy(t)
            out.append(f'<line x1="{left}" x2="{left + pw}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eceff1"/>'
                       f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" fill="#555">{_fmt(t)}</text>')
        out.append(f'<text transform="translate(12 {top + h / 2:.0f}) rotate(-90)" text-anchor="middle" '
                   f'fill="#333">{html.escape(p["ylabel"])}</text>')
        for m in data["marks"]:
            if "span" in m:
                a, b = sx(max(m["span"][0], x0)), sx(min(m["span"][1], x1))
                if b > a:
                    out.append(f'<rect x="{a:.1f}" y="{top}" width="{b - a:.1f}" height="{h}" fill="{m["color"]}" '
                               'fill-opacity="0.08"/>')
            if "step" in m and x0 <= m["step"] <= x1:
                x = sx(m["step"])
                out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{top + h}" stroke="{m["color"]}" '
                           'stroke-dasharray="4 3"/>')
            for j, s in enumerate(m.get("sessions", ())):
                if x0 <= s <= x1:
                    out.append(f'<line x1="{sx(s):.1f}" x2="{sx(s):.1f}" y1="{top}" y2="{top + h}" '
                               f'stroke="{SESSION_COLOR}" stroke-dasharray="1 3"/>')
                    if p is panels[0]:
                        out.append(f'<text x="{sx(s) + 3:.1f}" y="{top + h - 4}" fill="{SESSION_COLOR}">'
                                   f'session {j + 2}</text>')
        for ln, y in zip(p["lines"], p["ys"]):
            xs = np.asarray(p["x"], dtype=np.float64)
            yv = np.asarray([np.nan if v is None else v for v in y], dtype=np.float64)
            ok = np.isfinite(yv)
            xs, yv = xs[ok], yv[ok]
            if len(xs) > FALLBACK_POINTS:
                xs, yv = envelope(xs, yv, FALLBACK_POINTS)
            dash = ' stroke-dasharray="5 3"' if ln["dash"] else ""
            pts = " ".join(f"{sx(a):.1f},{sy(b):.1f}" for a, b in zip(xs, yv) if math.isfinite(b))
            if pts:
                out.append(f'<polyline fill="none" stroke="{ln["color"]}" stroke-width="1.2"{dash} points="{pts}"/>')
        if p["hline"] is not None and p["hline"]["y"] is not None:
            y = sy(p["hline"]["y"])
            out.append(f'<line x1="{left}" x2="{left + pw}" y1="{y:.1f}" y2="{y:.1f}" stroke="#8c564b" '
                       'stroke-dasharray="2 3"/>')
        for ln in p["lines"]:
            for b in ln.get("bad", ()):
                if b is not None and x0 <= b <= x1:
                    out.append(f'<text x="{sx(b):.1f}" y="{top + h - 3}" text-anchor="middle" fill="#c62828">x</text>')
        labels = [(ln["label"], ln["color"]) for ln in p["lines"]]
        labels += [(ln["bad_label"], "#c62828") for ln in p["lines"] if "bad_label" in ln]
        if p["hline"] is not None:
            labels.append((p["hline"]["label"], "#8c564b"))
        for i, (lab, col) in enumerate(labels[:8]):
            ly = top + 12 + 14 * i
            out.append(f'<rect x="{left + pw + 8}" y="{ly - 8}" width="10" height="3" fill="{col}"/>'
                       f'<text x="{left + pw + 22}" y="{ly - 3}" fill="#333">{html.escape(middle_trunc(lab, 44))}</text>')
        if p is panels[0]:
            for m in data["marks"]:
                if "step" in m and x0 <= m["step"] <= x1:
                    out.append(f'<text x="{sx(m["step"]) + 3:.1f}" y="{top + 11}" fill="{m["color"]}" '
                               f'font-weight="bold">{html.escape(m["code"])}</text>')
        top += h + gap
    for t in _ticks(x0, x1, False, 6):
        out.append(f'<text x="{sx(t):.1f}" y="{top + 4}" text-anchor="middle" fill="#555">{t:,.0f}</text>')
    out.append(f'<text x="{left + pw / 2:.0f}" y="{top + 20}" text-anchor="middle" fill="#333">step</text></svg>')
    return "".join(out)


# ---------------------------------------------------------------------------------------------- the page

INIT_JS = r"""
(function () {
  "use strict";
  if (typeof uPlot === "undefined") return;
  function fmt(v) {
    if (v == null || !isFinite(v)) return "-";
    var a = Math.abs(v);
    return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(3) : String(+v.toPrecision(5));
  }
  function tick(v) {
    if (v == null || !isFinite(v)) return "";
    var a = Math.abs(v);
    if (a !== 0 && (a < 1e-3 || a >= 1e5)) {
      var m = v.toExponential(3).split("e");
      return String(+m[0]) + "e" + m[1].replace("+", "");
    }
    return String(+v.toPrecision(4));
  }
  // log-axis ticks that label the data's own range: uPlot's log ticks label whole decades only, which leaves a
  // loss between 30 and 40, or between 0.4 and 1.9, without a number beside it
  function logSplits(u, ax, lo, hi) {
    var dec = Math.log10(hi / lo), out = [];
    if (dec < 1) {  // less than a decade: five ticks evenly spaced in log space, two significant digits
      for (var i = 0; i <= 4; i++) {
        var v = +Math.pow(10, Math.log10(lo) + (i + 0.5) * dec / 5).toPrecision(2);
        if (out.indexOf(v) < 0 && v >= lo && v <= hi) out.push(v);
      }
      return out;
    }
    var ms = dec <= 1.5 ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : dec <= 3 ? [1, 2, 3, 5] : dec <= 6 ? [1, 3] : [1];
    for (var k = Math.floor(Math.log10(lo)); k <= Math.ceil(Math.log10(hi)); k++) {
      ms.forEach(function (m) {
        var w = +(m * Math.pow(10, k)).toPrecision(6);
        if (w >= lo && w <= hi) out.push(w);
      });
    }
    return out;
  }
  function wheelAndPan(charts) {
    return { hooks: { ready: function (u) {
      var over = u.over;
      over.addEventListener("wheel", function (e) {
        e.preventDefault();
        var x = u.posToVal(e.offsetX, "x"), s = u.scales.x, f = e.deltaY < 0 ? 0.8 : 1.25;
        var lo = x - (x - s.min) * f, hi = x + (s.max - x) * f;
        charts.forEach(function (c) { c.setScale("x", { min: lo, max: hi }); });
      }, { passive: false });
      over.addEventListener("mousedown", function (e) {
        if (!e.shiftKey) return;
        e.preventDefault(); e.stopPropagation();
        var x0 = e.clientX, s = u.scales, lo = s.x.min, hi = s.x.max, per = (hi - lo) / over.clientWidth;
        function move(ev) {
          var dx = (ev.clientX - x0) * per;
          charts.forEach(function (c) { c.setScale("x", { min: lo - dx, max: hi - dx }); });
        }
        function up() { document.removeEventListener("mousemove", move); document.removeEventListener("mouseup", up); }
        document.addEventListener("mousemove", move); document.addEventListener("mouseup", up);
      }, true);
    } } };
  }
  function marks(d, first) {
    return { hooks: { draw: function (u) {
      var c = u.ctx, t = u.bbox.top, h = u.bbox.height, r = window.devicePixelRatio || 1;
      c.save(); c.textAlign = "left"; c.textBaseline = "alphabetic";
      var placed = [];  // labels closer than 40 px stack downwards instead of overprinting
      d.marks.forEach(function (m) {
        if (m.span) {
          var a = u.valToPos(m.span[0], "x", true), b = u.valToPos(m.span[1], "x", true);
          a = Math.max(a, u.bbox.left); b = Math.min(b, u.bbox.left + u.bbox.width);
          if (b > a) { c.globalAlpha = 0.08; c.fillStyle = m.color; c.fillRect(a, t, b - a, h); c.globalAlpha = 1; }
        }
        if (m.step != null) {
          var x = u.valToPos(m.step, "x", true);
          c.strokeStyle = m.color; c.setLineDash([4 * r, 3 * r]); c.lineWidth = r;
          c.beginPath(); c.moveTo(x, t); c.lineTo(x, t + h); c.stroke();
          if (first) {
            var level = placed.filter(function (p) { return Math.abs(p - x) < 40 * r; }).length;
            placed.push(x);
            c.setLineDash([]); c.fillStyle = m.color; c.font = "bold " + 11 * r + "px sans-serif";
            c.fillText(m.code, x + 3 * r, t + (12 + 13 * (level % 6)) * r);
          }
        }
        (m.sessions || []).forEach(function (s, j) {
          var x = u.valToPos(s, "x", true);
          c.strokeStyle = "#607d8b"; c.setLineDash([r, 3 * r]); c.lineWidth = r;
          c.beginPath(); c.moveTo(x, t); c.lineTo(x, t + h); c.stroke();
          if (first) { c.setLineDash([]); c.fillStyle = "#607d8b"; c.font = 11 * r + "px sans-serif";
                       c.fillText("session " + (j + 2), x + 3 * r, t + h - 4 * r); }
        });
      });
      c.restore();
    } } };
  }
  function hline(p) {
    return { hooks: { draw: function (u) {
      var c = u.ctx, r = window.devicePixelRatio || 1;
      c.save();
      if (p.hline && p.hline.y != null) {
        var y = u.valToPos(p.hline.y, "y", true);
        c.strokeStyle = "#8c564b"; c.setLineDash([2 * r, 3 * r]); c.lineWidth = r;
        c.beginPath(); c.moveTo(u.bbox.left, y); c.lineTo(u.bbox.left + u.bbox.width, y); c.stroke();
      }
      c.fillStyle = "#c62828"; c.font = 11 * r + "px sans-serif"; c.textAlign = "center";
      p.lines.forEach(function (l) {
        (l.bad || []).forEach(function (b) {
          if (b != null) c.fillText("x", u.valToPos(b, "x", true), u.bbox.top + u.bbox.height - 3 * r);
        });
      });
      c.restore();
    } } };
  }
  document.querySelectorAll(".cd-fig").forEach(function (fig, k) {
    try {
      var d = JSON.parse(fig.querySelector("script.cd-data").textContent);
      var live = fig.querySelector(".cd-live"), width = Math.max(360, (fig.clientWidth || 900) - 8);
      var charts = [], key = "cd" + k;
      live.style.display = "block";
      d.panels.forEach(function (p, i) {
        var series = [{ label: "step", value: function (u, v) { return v == null ? "-" : Math.round(v).toLocaleString("en-US"); } }];
        p.lines.forEach(function (l) {
          series.push({ label: l.label, stroke: l.color, width: 1.2, dash: l.dash ? [5, 3] : undefined, spanGaps: true,
                        points: { show: l.sparse }, value: function (u, v) { return fmt(v); } });
        });
        var extra = [];
        if (p.hline) extra.push({ label: p.hline.label, stroke: "#8c564b" });
        p.lines.forEach(function (l) { if (l.bad_label) extra.push({ label: l.bad_label, stroke: "#c62828" }); });
        extra.forEach(function (s) { s.value = function () { return ""; }; series.push(s); });
        var data = [p.x].concat(p.ys);
        extra.forEach(function () { data.push(p.x.map(function () { return null; })); });
        var last = i === d.panels.length - 1;
        var opts = {
          width: width, height: p.name === "loss" ? 280 : 180,
          series: series,
          // a log axis spans the data (uPlot would round it out to whole decades, flattening a 0.5-1.6 loss)
          scales: { x: { time: false }, y: p.log ? { distr: 3, range: function (u, lo, hi) { return [lo / 1.15, hi * 1.15]; } }
                                                   : p.ylim ? { range: function () { return p.ylim.slice(); } } : {} },
          axes: [{ label: last ? "step" : "", size: last ? 44 : 30 }, { label: p.ylabel, size: 64, values: function (u, v) { return v.map(tick); },
                   splits: p.log ? logSplits : undefined, filter: p.log ? function (u, v) { return v; } : undefined }],
          cursor: { sync: { key: key, setSeries: false }, drag: { x: true, y: false, setScale: true } },
          legend: { live: true },
          hooks: { setScale: [function (u, s) {
            if (s !== "x" || u._cdsync) return;
            charts.forEach(function (c) { if (c !== u) { c._cdsync = true; c.setScale("x", { min: u.scales.x.min, max: u.scales.x.max }); c._cdsync = false; } });
          }] },
          plugins: [marks(d, i === 0), hline(p), wheelAndPan(charts)]
        };
        charts.push(new uPlot(opts, data, live));
      });
      // every panel on the logged steps of the whole run (a panel's own data may start later or end sooner)
      if (d.x0 != null && d.x1 > d.x0) charts[0].setScale("x", { min: d.x0, max: d.x1 });
      fig.classList.add("cd-ready");
    } catch (e) {
      fig.classList.add("cd-failed");
      if (window.console) console.error("curvedoc: chart not drawn", e);
    }
  });
})();
"""

CSS = """
.curvedoc .cd-live{display:none}
.curvedoc .cd-fig.cd-ready .cd-static{display:none}
.curvedoc .cd-fig.cd-failed .cd-live{display:none}
.curvedoc .cd-hint{color:#8a949c;font-size:12px;margin:2px 0 8px}
.curvedoc .uplot{font-family:inherit}
.curvedoc .u-legend{font-size:12px;text-align:left}
.curvedoc .u-legend .u-marker{width:12px;height:3px}
"""


def _sha(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def page_parts() -> tuple[str, str, str]:
    """(CSS, scripts, Content-Security-Policy) for a full page with interactive figures: the embedded uPlot and
    the figure builder as inline scripts, allowed by their hashes; no network source of any kind."""
    lib, lib_css = _vendor()
    scripts = f"<script>{lib}</script><script>{INIT_JS}</script>"
    csp = (f"default-src 'none'; script-src {_sha(lib)} {_sha(INIT_JS)}; style-src 'unsafe-inline'; img-src data:; "
           "base-uri 'none'; form-action 'none'")
    return lib_css + CSS, scripts, csp


def figure_html(rr, small: bool = False, interactive: bool = True) -> str:
    """One run's figure: the static SVG, and (interactive pages) the data the chart is built from."""
    data = chart_data(rr, small)
    if data is None:
        return '<p class="muted">no train/val loss, accuracy, LR or grad-norm curve to plot</p>'
    svg = fallback_svg(data, small)
    if not interactive:
        return f'<div class="cd-fig"><div class="cd-static">{svg}</div></div>'
    return (f'<div class="cd-fig"><div class="cd-static">{svg}</div><div class="cd-live"></div>'
            f'<script type="application/json" class="cd-data">{_json_block(data)}</script></div>'
            '<p class="cd-hint">Drag across a panel to zoom (double-click resets), turn the wheel to zoom, '
            'Shift-drag to pan; the legend shows each value under the cursor.</p>')


def figures_on_page(parts: Sequence[str]) -> bool:
    return any('class="cd-data"' in p for p in parts)
