"""Labels for tests/data/textlogs_unseen6 (helpers copied from textlogs_unseen5), computed from the raw text with regexes (never with curvedoc)."""
import re, json, sys, os
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LABELS = {}

def text(run):
    d = os.path.join(ROOT, run)
    f = [x for x in os.listdir(d)][0]
    raw = open(os.path.join(d, f), "rb").read()
    for enc in ("utf-8", "gbk", "latin-1"):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            pass

def lines(run, cr_split=True):
    t = text(run)
    return re.split(r"\r\n|\r|\n" if cr_split else r"\r?\n", t)

def num(s):
    return float(s.rstrip('%').rstrip('.'))

def ser(pts, key, x, dedupe_consecutive=False):
    if dedupe_consecutive:
        pts = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]
    assert pts, key
    return {"key": key, "x": x, "points": len(pts), "first": list(pts[0]), "last": list(pts[-1])}

def label(run, style, healthy, must, may, series, notes):
    LABELS[run] = {"style": style, "healthy": healthy, "must": must, "may": may,
                   "expected_series": series, "notes": notes}

def grab(run, rx, xg, vg, cr_split=True, xconv=int, filt=None):
    out = []
    r = re.compile(rx)
    for l in lines(run, cr_split):
        m = r.search(l)
        if m and (filt is None or filt(l)):
            out.append((xconv(m.group(xg)) if xg else None, num(m.group(vg))))
    return out

def ordinal(pts):
    return [(i + 1, v) for i, (_, v) in enumerate(pts)]
