"""Private helpers of the gradient and weight-norm detectors (G002, G003, W001, W002).

* reading a gradient-clipping threshold from the hyperparameters a format carries,
* the pre-clip global gradient norm (``grad_norm``, or the square root of ``grad_norm_sq``),
* per-layer families: a sensible input -> output order of layer names, parameter kinds, a global norm
  rebuilt from per-layer norms,
* small robust numerics on positive series (levels, log-space drops).

Pure functions, no I/O.
"""

from __future__ import annotations

import math
import re
from typing import Any, Mapping

import numpy as np
import pandas as pd

from curvedoc.detectors import _signal as sig
from curvedoc.detectors._signal import downsample, finite

# Hyperparameter names (last dotted component, lower-cased) that hold a global-norm clipping threshold,
# in order of preference. HF TrainingArguments: max_grad_norm; Lightning Trainer: gradient_clip_val;
# DeepSpeed: gradient_clipping; torchtune: clip_grad_norm; nanoGPT-style configs: grad_clip; fairseq: clip_norm.
CLIP_KEYS = (
    "max_grad_norm", "gradient_clip_val", "clip_grad_norm", "grad_clip", "clip_norm", "grad_clip_norm",
    "gradient_clipping", "clip_grad", "max_norm", "grad_norm_clip", "clip_gradient", "gradient_clip_norm",
    "clip_grad_norm_val", "global_clipnorm",
)
# Keys that say the clipping is by VALUE (element-wise), where comparing a norm with it means nothing.
VALUE_CLIP_ALGO_KEYS = ("gradient_clip_algorithm", "clip_algorithm", "clip_type", "grad_clip_type")


def _as_float(v: Any) -> float | None:
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (int, float, np.integer, np.floating)):
        x = float(v)
    elif isinstance(v, str):
        try:
            x = float(v.strip())
        except ValueError:
            return None
    elif isinstance(v, Mapping) and "value" in v:  # W&B config.yaml style {"value": 1.0}
        return _as_float(v["value"])
    else:
        return None
    return x if math.isfinite(x) else None


def last_key(key: str) -> str:
    """The last part of a hyperparameter or tag key, lower-case: 'optimizer.Grad_Clip' and 'trainer/grad_clip' ->
    'grad_clip' (the name a setting goes by, whatever it is nested under)."""
    return re.split(r"[./]", str(key).strip().lower())[-1]


def clip_threshold_from_hparams(hparams: Mapping[str, Any]) -> tuple[float | None, str | None, bool]:
    """(threshold, key, disabled) from a run's hyperparameters.

    ``threshold`` is None when no clipping key is present, or when clipping is explicitly off (a value
    <= 0, None, or value-clipping instead of norm clipping); ``disabled`` says clipping was explicitly off.
    Several keys: the first name in :data:`CLIP_KEYS` order wins; among keys with that name, the shortest
    (least nested) one.
    """
    if not hparams:
        return None, None, False
    by_name: dict[str, list[tuple[str, Any]]] = {}
    algo_value = False
    for k, v in hparams.items():
        last = last_key(k)
        if last in CLIP_KEYS:
            by_name.setdefault(last, []).append((str(k), v))
        elif last in VALUE_CLIP_ALGO_KEYS and isinstance(v, str) and v.strip().lower() == "value":
            algo_value = True
    for name in CLIP_KEYS:
        cands = sorted(by_name.get(name, []), key=lambda kv: (len(kv[0]), kv[0]))
        for key, raw in cands:
            x = _as_float(raw)
            if raw is None or raw is False or (x is not None and x <= 0):
                return None, key, True
            if x is None:
                continue
            if algo_value:
                return None, key, True
            return x, key, False
    return None, None, False


# the Hugging Face Trainer's default max_grad_norm: it clips the global gradient norm at 1.0 unless told otherwise,
# and (since transformers 4.38) logs the norm measured before clipping
HF_DEFAULT_MAX_GRAD_NORM = 1.0


def hf_trainer_like(run) -> bool:
    """Whether a run comes from the Hugging Face Trainer (its trainer_state.json, or its W&B/TensorBoard tags)."""
    if str(run.source).startswith("hf"):
        return True
    tags = set(run.tags)
    return run.roles.get("grad_norm") == "train/grad_norm" and {"train/learning_rate", "train/epoch"} <= tags


def clip_bound(run) -> tuple[float, str] | None:
    """(threshold, where it comes from) when the run's steps are clipped at a known global-norm threshold: the one
    its hyperparameters set, else the Hugging Face Trainer's default for a Trainer run that states none; None when
    clipping is off, unknown, or by value."""
    thr, key, disabled = clip_threshold_from_hparams(run.hparams or {})
    if thr is not None:
        return thr, f"{key} = {thr:g}"
    if not disabled and key is None and hf_trainer_like(run):
        return HF_DEFAULT_MAX_GRAD_NORM, f"the Hugging Face Trainer's default max_grad_norm {HF_DEFAULT_MAX_GRAD_NORM:g}"
    return None


_ADAPTIVE = re.compile(r"adam|lion|adafactor|lamb|lars|rmsprop|adagrad|adadelta|sophia|muon|shampoo|prodigy|nadam|radam")


def adaptive_optimizer(hparams: Mapping[str, Any]) -> str | None:
    """The optimizer's name when the hyperparameters say it normalises update sizes (Adam family, Lion,
    Adafactor, RMSprop ...): a constant rescaling of the gradient (clipping on every step) then mostly
    cancels out. None when unknown or SGD-like."""
    for k, v in (hparams or {}).items():
        if "optim" not in str(k).lower() or not isinstance(v, str) or len(v) > 200:
            continue
        m = _ADAPTIVE.search(v.lower())
        if m:
            return v.strip().rsplit(".", 1)[-1]
    return None


def pre_clip_norm(run) -> tuple[pd.Series, str]:
    """The global gradient norm before clipping: the ``grad_norm`` role, else sqrt(``grad_norm_sq``).

    Returns (series, label); the series is empty when the run has neither.
    """
    if "grad_norm" in run.roles:
        s = run.series("grad_norm")
        return s, run.roles["grad_norm"]
    if "grad_norm_sq" in run.roles:
        s = run.series("grad_norm_sq")
        v = s.to_numpy(dtype=np.float64)
        with np.errstate(invalid="ignore"):
            root = np.where(v >= 0, np.sqrt(np.abs(v)), np.nan)
        return pd.Series(root, index=s.index, name=s.name), f"sqrt({run.roles['grad_norm_sq']})"
    empty = pd.Series([], dtype=np.float64, index=pd.Index([], dtype=np.int64, name="step"))
    return empty, ""


def positive(s: pd.Series) -> pd.Series:
    """Finite, strictly positive points only."""
    s = finite(s)
    v = s.to_numpy(dtype=np.float64)
    m = v > 0
    return s if m.all() else s[m]


def clean_steps(s: pd.Series) -> pd.Series:
    """Sorted by step with unique steps (last write wins): guards against hand-built series."""
    if len(s) < 2:
        return s
    idx = s.index.to_numpy()
    if np.all(idx[1:] > idx[:-1]):
        return s
    s = s[~s.index.duplicated(keep="last")]
    return s.sort_index(kind="stable")


def log_level_series(s: pd.Series, max_points: int = 2000) -> pd.Series:
    """Natural log of the finite positive points, bin medians to at most ``max_points``."""
    s = positive(clean_steps(s))
    if len(s) == 0:
        return s
    d = trend(s, max_points=max_points)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.log(d.to_numpy(dtype=np.float64))
    return pd.Series(out, index=d.index, name=s.name)


def window_median(v: np.ndarray, lo: int, hi: int) -> float:
    lo = max(0, min(lo, len(v) - 1))
    hi = max(lo + 1, min(hi, len(v)))
    return float(np.median(v[lo:hi]))


# ---------------------------------------------------------------------------------------------- layers
_HEAD_WORDS = ("lm_head", "head", "classifier", "output", "out", "fc_out", "logits", "proj_out", "final", "last",
               "readout", "decoder_out", "pred", "cls")
_INPUT_WORDS = ("embed", "embedding", "embeddings", "wte", "wpe", "tok_emb", "input", "stem", "patch_embed", "first",
                "in_proj", "conv_in", "conv0")
_BIAS_WORDS = ("bias", "b")
_NORM_WORDS = ("ln", "layernorm", "layer_norm", "norm", "bn", "batchnorm", "ln_f", "ln_1", "ln_2", "rmsnorm", "gamma", "beta",
               "scale", "running_mean", "running_var")


def _tokens(name: str) -> list[str]:
    return [t for t in re.split(r"[./:_\-\s]+", name.lower()) if t]


def param_kind(name: str) -> str:
    """'bias', 'norm' or 'weight' (anything else) for a per-parameter tag name."""
    toks = _tokens(name)
    if not toks:
        return "weight"
    if toks[-1] in _BIAS_WORDS or name.lower().endswith("bias"):
        return "bias"
    low = name.lower()
    if any(t in _NORM_WORDS for t in toks) or re.search(r"(layer_?norm|batch_?norm|rms_?norm|\bln_?\w*|\bbn\d*)", low):
        return "norm"
    return "weight"


def _natural_key(name: str) -> tuple:
    parts = re.split(r"(\d+)", name.lower())
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts if p != "")


def layer_position(name: str) -> int:
    """-1 for an input-side module (embeddings, stem), +1 for an output head, 0 otherwise.

    Only the first two name components count (``lm_head.weight``, ``model.embed_tokens.weight``,
    ``bert.embeddings...``, a top-level ``fc``): words deeper in a name name sub-modules of a block
    (BERT's ``layer.3.output.dense``, LLaMA's ``layers.0.input_layernorm``)."""
    toks = _tokens(name)[:2]
    if any(t in _INPUT_WORDS or t.startswith("embed") for t in toks):
        return -1
    if any(t in _HEAD_WORDS for t in toks) or (toks and toks[0] == "fc"):
        return 1
    return 0


def order_layers(names: list[str]) -> list[str] | None:
    """Input -> output order of layer names, or None when the names carry no order.

    Numbers in the names order the layers naturally (``layer_2`` before ``layer_10``, ``0.weight`` before
    ``3.weight``, ``encoder.layer.3`` ...); embeddings/stems go first and heads/classifiers last. Names
    without numbers or position words (``conv``, ``dense``) cannot be ordered.
    """
    if len(names) < 2:
        return None
    has_digit = [bool(re.search(r"\d", n)) for n in names]
    pos = [layer_position(n) for n in names]
    ordered_info = sum(1 for d, p in zip(has_digit, pos) if d or p != 0)
    if ordered_info < max(2, int(math.ceil(0.8 * len(names)))):
        return None
    return sorted(names, key=lambda n: (layer_position(n), _natural_key(n)))


def family_frame(run, family: str, names: list[str] | None = None, max_points: int | None = None) -> pd.DataFrame:
    """Per-layer series of a family as a step-indexed frame (outer join on steps, one column per layer).

    With ``max_points`` each layer is first reduced to bin medians of its finite points (for trends)."""
    fam = run.family(family)
    if not fam:
        return pd.DataFrame()
    cols = {}
    for layer, tag in fam.items():
        if names is not None and layer not in names:
            continue
        s = clean_steps(run.series(tag))
        if max_points is not None:
            s = trend(finite(s), max_points=max_points)
        if len(s):
            cols[layer] = s
    if not cols:
        return pd.DataFrame()
    return pd.concat(cols, axis=1, sort=True)


def global_from_family(run, family: str) -> tuple[pd.Series, int]:
    """A global L2 norm rebuilt from per-layer norms: sqrt(sum of squares) at the steps where every layer
    was logged (or, when those are too few, with each layer carried forward). Returns (series, n_layers)."""
    df = family_frame(run, family, max_points=4000)
    if df.empty:
        return pd.Series([], dtype=np.float64, index=pd.Index([], dtype=np.int64, name="step")), 0
    vals = df.to_numpy(dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        full = np.all(np.isfinite(vals), axis=1)
        if full.sum() < max(3, 0.5 * df.notna().sum(axis=0).median()):
            vals = df.ffill().to_numpy(dtype=np.float64)
            full = np.all(np.isfinite(vals), axis=1)
        sq = np.sqrt(np.sum(np.square(vals[full]), axis=1))
    idx = df.index.to_numpy()[full].astype(np.int64)
    return pd.Series(sq, index=pd.Index(idx, name="step"), name=f"{family} (global)"), df.shape[1]


def weight_norm_series(run) -> tuple[pd.Series, str]:
    """The global weight norm: the ``weight_norm`` role, else one rebuilt from per-layer weight norms.

    Returns (series, label); empty when the run has neither.
    """
    if "weight_norm" in run.roles:
        return run.series("weight_norm"), run.roles["weight_norm"]
    s, n_layers = global_from_family(run, "layer_weight_norm")
    if n_layers:
        return s, f"weight norm of {n_layers} layers (L2 of the per-layer norms)"
    return s, ""


def smoothed_weight_norm(run, raw: pd.Series, label: str) -> tuple[np.ndarray, np.ndarray]:
    """:func:`smoothed_log` of the run's weight norm (``raw``, ``label`` from :func:`weight_norm_series`), computed
    once per run: weight-norm growth and collapse both read it, and smoothed_log keeps only the finite positive
    points, so either rule's own cleaning of the raw series gives the same level. Keyed by the series' tag and
    length (a role override that picks another tag gets its own)."""
    memo = run.memo("weight_norm_smoothed")
    key = (label, len(raw))
    if key not in memo:
        memo[key] = smoothed_log(raw)
    return memo[key]


def smoothed_log(s: pd.Series, frac: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """(steps, rolling-median log level) of the finite positive points, at most 2000 bins."""
    L = log_level_series(s)
    if len(L) == 0:
        return np.array([], dtype=np.int64), np.array([], dtype=np.float64)
    w = max(1, int(round(len(L) * frac)))
    w = w if w % 2 else w + 1
    return L.index.to_numpy(), sig.rolling_median_values(L.to_numpy(dtype=np.float64), w, 1, center=True)


def pos_arrays(s: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(steps, values) of the finite, strictly positive points, sorted by step with unique steps."""
    s = clean_steps(s)
    st = s.index.to_numpy(dtype=np.int64)
    v = s.to_numpy(dtype=np.float64)
    with np.errstate(invalid="ignore"):
        m = np.isfinite(v) & (v > 0)
    if m.all():
        return st, v
    return st[m], v[m]


def stats_sample(x: np.ndarray, max_n: int = 50_000) -> np.ndarray:
    """An evenly strided subsample for medians/quantiles of very long series (same statistics, bounded cost)."""
    if len(x) <= max_n:
        return x
    return x[:: int(math.ceil(len(x) / max_n))]


def trend(s: pd.Series, max_points: int = 2000) -> pd.Series:
    """Bin medians (at most ``max_points``) of a long series for trend work, cheap on 1M points: a very long
    series is first thinned to every k-th point (at most 8 per bin), then reduced by bin medians."""
    n = len(s)
    if n > 8 * max_points:
        s = s.iloc[:: int(math.ceil(n / (8 * max_points)))]
    return downsample(s, max_points=max_points)


def layer_grad_spread(run) -> float | None:
    """Ratio of the largest to the smallest per-layer median gradient norm (None without >= 2 layers)."""
    layers = run.family("layer_grad_norm")
    if len(layers) < 2:
        return None
    meds = []
    for tag in layers.values():
        v = run.series(tag).to_numpy(dtype=np.float64)
        v = v[np.isfinite(v) & (v > 0)]
        if len(v):
            meds.append(float(np.median(v)))
    if len(meds) < 2 or min(meds) <= 0:
        return None
    return max(meds) / min(meds)
