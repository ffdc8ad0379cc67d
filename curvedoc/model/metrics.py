"""Quality metrics (accuracy, mAP, F1, BLEU, WER, reward, success rate, ...): which tags are metrics, which
way is better, and whether they measure the training or the held-out data.

Inference is over a tag's *tokens*, not a list of whole names, so it holds for names it has never seen:

* a tag is split on ``/ . _ - : @ ( ) [ ] |`` and spaces and at camelCase boundaries, lower-cased
  (``eval/DetectionBoxes_Precision/mAP@.50IOU`` -> eval, detection, boxes, precision, map, 50, iou);
* a token from the ``higher`` vocabulary (acc, map, f1, bleu, rouge, reward, success, dice, psnr, ...) or the
  ``lower`` vocabulary (wer, cer, ppl, perplexity, error, mae, fid, ...) in ``rules/roles.toml`` [metrics]
  makes the tag a metric with that direction; the LAST such token decides (``val_error_rate_acc`` would be
  read as accuracy) because names qualify from left to right;
* bookkeeping tokens (runtime, samples, per second, std, count, time, lr ...) and running extremes (max, best)
  veto: ``eval_samples_per_second`` and ``max_val_acc`` are not metrics; so does a loss token, because
  losses have their own roles;
* the split is ``val`` when a token says so (val, valid, eval, test, dev, metrics, coco ...), ``train`` when a
  token says train, and otherwise ``val`` for metrics that are only ever computed on held-out data
  (detection AP/AR, BLEU/ROUGE, WER) and ``train`` for the rest; RL returns and success rates are the run's
  own signal (split ``train``) unless prefixed test/eval;
* the values must fit the kind: a rate-like metric (accuracy, precision, recall, F1, success, IoU, dice,
  mAP) lies in [0, 1] or [0, 100] (percent), and its scale is recorded so rules can reason in the metric's
  own units.

Users override with ``--role val_metric=TAG`` (the metric the report leads with).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from curvedoc._resources import load_toml

if TYPE_CHECKING:  # pragma: no cover
    from curvedoc.model.run import Run

_SPLIT = re.compile(r"[/\s._:@()\[\]|,=+-]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_PREFIXED = re.compile(r"[a-z][A-Z][A-Za-z0-9]*")
# an acronym written with single small letters between its capitals ('IoU', 'PaQ'): one word, as 'IOU' is
_MIXED_ACRONYM = re.compile(r"[A-Z](?:[a-z]?[A-Z])+[0-9]*")
# a split word glued to the measure after it, lower-cased ('validacc', 'trainloss', 'valaccuracy', 'testf1'; the
# split words of rules/roles.toml [tokens] of three letters or more, and the one-letter 'v' of 'vloss' / 'vacc', as
# 'v_loss' is read)
_GLUED = re.compile(r"(train|training|trn|fit|val|valid|validation|test|testing|tst|eval|evaluation|dev|heldout|hold|check|v)"
                    r"(acc|accuracy|loss|f1|auc)")

# a split's loss written as two letters, its split's and the loss's initial ('tl=0.84 vl=0.57 vacc=0.745', a print
# beside 'vacc'): read as 't loss' / 'v loss', the one-letter split forms 't_loss' / 'v_loss' are read as
_SHORT = {"tl": ("t", "loss"), "vl": ("v", "loss")}


# 'held-out', 'held out', 'hold-out', 'holdout': one word, the held-out split's name
_HELD_OUT = re.compile(r"(?i)(?<![a-z])(?:held|hold)[ _\-]?out(?![a-z])")


def held_out_as_one_word(text: str) -> str:
    """``text`` with every spelling of 'held-out' ('held out', 'hold-out', 'holdout', any case) written 'heldout',
    the one word the split vocabularies know."""
    return _HELD_OUT.sub("heldout", text)


def tokens(tag: str) -> list[str]:
    """``'eval/DetectionBoxes_Precision/mAP@.50IOU'`` -> ``['eval', 'detection', 'boxes', 'precision', 'map', '50', 'iou']``.

    camelCase splits only where a lower-case letter meets an upper-case one (``DetectionBoxes``), so
    acronyms stay whole (``mAP``, ``AP50`` -> ``ap50``, ``IOU``, ``IoU``)."""
    out: list[str] = []
    for part in _SPLIT.split(held_out_as_one_word(tag.strip())):
        if not part:
            continue
        # keep 'mAP', 'mIoU', 'aAcc' whole: a single lower-case letter before capitals is a prefix
        if _PREFIXED.fullmatch(part) or _MIXED_ACRONYM.fullmatch(part):
            out.append(part.lower())
            continue
        out.extend(p.lower() for p in _CAMEL.split(part) if p)
    # Keras names a metric by its class's name in snake case, cutting an acronym written with a small letter at each
    # capital after it: 'BinaryIoU' is logged as 'binary_io_u', 'MeanIoU' as 'mean_io_u' -- the 'io', 'u' of the
    # name are the IoU
    for i in range(len(out) - 1, 0, -1):
        if out[i - 1] == "io" and out[i] == "u":
            out[i - 1:i + 1] = ["iou"]
        # (the coefficient of determination written with an underscore, 'test_r_2', as 'r2' is)
        elif out[i - 1] == "r" and out[i] == "2" and i == len(out) - 1:
            out[i - 1:i + 1] = ["r2"]
        # (a depth estimate's absolute and squared relative errors, 'AbsRel' / 'abs_rel', 'SqRel': one word each)
        elif out[i - 1] in ("abs", "sq") and out[i] == "rel":
            out[i - 1:i + 1] = [out[i - 1] + "rel"]
    # a regression error spelt out (Keras' and scikit-learn's names: 'mean_absolute_error', 'root_mean_squared_error')
    # is its abbreviation, one word: an error in the target's units, not a classification error rate
    for phrase, word in _SPELT_ERRORS:
        k = len(phrase)
        i = 0
        while i + k <= len(out):
            if tuple(out[i:i + k]) == phrase:
                out[i:i + k] = [word]
            i += 1
    # a split glued to what it measures ('validacc', 'trainloss', 'testacc': a print that drops the separator) is the
    # two words
    return [w for t in out for w in (_GLUED.fullmatch(t).groups() if _GLUED.fullmatch(t) else _SHORT.get(t, (t,)))]


# the spelt-out regression errors, longest first (a 'root mean squared error' holds a 'mean squared error')
_SPELT_ERRORS = ((("root", "mean", "squared", "error"), "rmse"),
                 (("mean", "absolute", "percentage", "error"), "mape"),
                 (("mean", "squared", "logarithmic", "error"), "msle"),
                 (("mean", "absolute", "error"), "mae"),
                 (("mean", "squared", "error"), "mse"))


@functools.lru_cache(maxsize=1)
def _vocab() -> dict:
    table = load_toml("roles.toml")
    data = table.get("metrics", {})
    # word lists become sets for lookups; an *_order list keeps its order (a set's order changes with the
    # hash seed, and the lead metric with it)
    v = {k: (list(v) if k.endswith("order") else set(v)) if isinstance(v, list) else v for k, v in data.items()}
    # the split words are one list ([tokens] val / train), which the metric table extends with its own namespaces
    words = table.get("tokens", {})
    v["val_split"] = set(v.get("val_split", ())) | set(words.get("val", ()))
    v["train_split"] = set(v.get("train_split", ())) | set(words.get("train", ()))
    return v


@dataclass(frozen=True)
class Metric:
    tag: str
    kind: str  # the token that made it a metric: 'accuracy', 'map', 'wer', 'reward', ...
    higher_is_better: bool
    split: str  # 'train' | 'val'
    rate: bool  # a bounded rate (accuracy, F1, mAP...): [0, 1] or [0, 100]
    scale: float  # 1.0, or 100.0 for percent
    points: int = 0  # finite points

    @property
    def direction(self) -> str:
        return "higher" if self.higher_is_better else "lower"

    def to_dict(self) -> dict:
        return {"tag": self.tag, "kind": self.kind, "direction": self.direction, "split": self.split,
                "scale": self.scale}


def _kind_of(tok: str, v: dict) -> tuple[str, bool] | None:
    for t in (tok, tok.rstrip("0123456789")):  # 'ap50', 'rouge1', 'top5', 'acc1'
        if t in v["higher"]:
            return v["aliases"].get(t, t), True
        if t in v["lower"]:
            return v["aliases"].get(t, t), False
    return None


def classify(tag: str) -> tuple[str, bool, str, bool] | None:
    """(kind, higher_is_better, split, rate) from the name alone, or None when the tag is not a metric."""
    v = _vocab()
    toks = tokens(tag)
    if not toks or any(t in v["veto"] for t in toks):
        return None
    found = None
    for tok in toks:
        k = _kind_of(tok, v)
        if k is not None:
            found = k
    if found is None:
        return None
    kind, higher = found
    split = _split_in(toks, v) or ("val" if kind in v["heldout_kinds"] else "train")
    return kind, higher, split, kind in v["rate_kinds"]


def _split_in(toks: list[str], v: dict) -> str | None:
    if any(t in v["val_split"] for t in toks):
        return "val"
    if any(t in v["train_split"] for t in toks):
        return "train"
    # a leading one-letter 'v' / 't' before the measure is the split's short form ('v_acc', 'vacc', 't_acc'), as the
    # role vocabulary reads 'v_loss' / 't_loss'
    if len(toks) > 1 and toks[0] in ("v", "t"):
        return "val" if toks[0] == "v" else "train"
    return None


def named_split(tag: str) -> str | None:
    """'val' / 'train' when a word of the name says which split it was measured on, else None (no default)."""
    return _split_in(tokens(tag), _vocab())


def unqualified_metrics_held_out(roles: Mapping[str, str], metric_tags) -> bool:
    """Whether the quality metrics a log names by no split ('Accuracy' in a table of 'Train Loss', 'Test Loss',
    'Accuracy', 'Precision', 'Recall') are held-out ones: the log names its losses by their splits -- a training loss
    that says train and a held-out loss that says so -- and no metric says train. A writer who qualified the training
    loss would have qualified a training accuracy too; the plain names are the evaluation's, the numbers a script
    computes on its test set after each epoch. (Keras' 'loss'/'accuracy' beside 'val_loss' name the training split by
    no word at all, and keep it.)"""
    tl, vl = roles.get("train_loss"), roles.get("val_loss")
    if not tl or not vl or named_split(tl) != "train" or named_split(vl) != "val":
        return False
    return not any(named_split(t) == "train" for t in metric_tags)


# a tag named by a capital initial alone, after an optional prefix that ends in a separator ('P', 'val/P', 'Test P')
_INITIAL = re.compile(r"(?P<pre>(?:.*[/\s_.:-])?)(?P<i>[PR])")


def initial_pairs(tags) -> dict[str, str]:
    """The tags that name the precision and the recall by their initials, printed as a pair: 'P' beside an 'R' of the
    same prefix ('P=0.247 R=0.872 dist=2.45', '| P: 0.3196 | R: 0.3370 |', 'val/P' with 'val/R') -- the pair every
    detection table heads 'P  R  mAP@.5' and scripts copy into their records. One initial alone names nothing (a
    'P' with no 'R' may be a pressure, a power, a policy term), nor do lower-case ones ('p' beside 'v' is
    AlphaZero's policy loss). {tag: 'precision' | 'recall'}."""
    tagset = {str(t) for t in tags}
    out = {}
    for t in tagset:
        m = _INITIAL.fullmatch(t)
        if m and m.group("i") == "P" and m.group("pre") + "R" in tagset:
            out[t], out[m.group("pre") + "R"] = "precision", "recall"
    return out


def infer_metrics(run: "Run", used: set[str] | None = None) -> list[Metric]:
    """Every quality metric of a run (tags already filling another role are left out)."""
    import numpy as np

    used = used or set()
    out = []
    # (the precision and recall printed by their initials as a pair, 'P' beside 'R', are those metrics: classify()
    # sees one name at a time and cannot tell; :func:`initial_pairs`)
    pairs = initial_pairs(run.tags)
    v = _vocab()

    def _classify(tag):
        if tag in pairs:
            kind = pairs[tag]
            return kind, True, _split_in(tokens(tag), v) or "train", kind in v["rate_kinds"]
        return classify(tag)

    # metrics named by no split are held-out ones in a log that names its losses by their splits
    named = [(tag, c) for tag in run.tags if tag not in used and (c := _classify(tag)) is not None]
    plain_held_out = unqualified_metrics_held_out(getattr(run, "roles", None) or {}, [tag for tag, _ in named])
    tagset = set(run.tags)
    for tag, (kind, higher, split, rate) in named:
        if split == "val" and named_split(tag) is None and any(p + tag in tagset for p in ("val_", "val/", "valid_")):
            # a metric of a held-out kind (an IoU, an AP) named without a split beside its 'val_' twin is the
            # training split's, Keras's convention ('binary_io_u' beside 'val_binary_io_u', 'mean_io_u' beside
            # 'val_mean_io_u'): the twin is the held-out one
            split = "train"
        if plain_held_out and split == "train" and named_split(tag) is None and kind not in ("reward", "return",
                                                                                               "success"):
            split = "val"
        vals = run.series(tag).to_numpy(dtype=np.float64)
        vals = vals[np.isfinite(vals)]
        if len(vals) == 0:
            continue
        scale = 1.0
        if rate:
            lo, hi = float(vals.min()), float(vals.max())
            if lo < -1e-9 or hi > 100.0 + 1e-9:
                if kind != "error" or lo < -1e-9:
                    continue  # not a rate after all (a reward named 'success_score', a count)
                # (an error past 100 is no classification error rate but a regression's error, a distance: lower is
                # better, unbounded -- Torch7's 'training error' of a linear regression, 476 at its start)
                rate = False
            else:
                scale = rate_scale(hi)
        out.append(Metric(tag, kind, higher, split, rate, scale, int(len(vals))))
    return out


# a share written as a float32 (a framework's averaged accuracy) reads up to a few parts in 10^8 past 1 at 1.0
# (1.0000000149): past 1 by more than this is a percentage, by less a fraction that reached 1
_FRACTION_SLACK = 1e-6


def rate_scale(hi: float) -> float:
    """100 when a bounded rate whose largest reading is ``hi`` is written as a percentage, else 1 (a fraction, float32
    rounding above 1 included)."""
    return 100.0 if hi > 1.0 + _FRACTION_SLACK else 1.0


# quality metrics that combine precision and recall: where one is logged, it judges the model
# (a ROC-AUC summarises the trade-off over every threshold: beside it the halves at one threshold are its shadows)
COMBINED_KINDS = ("map", "ap", "f1", "auc")
# what a reinforcement-learning agent is scored by (its returns, rewards, success rates): the chance level is the
# untrained policy's, read from the start of the run -- the metrics that stand in for a loss tracking a moving target
RL_KINDS = frozenset({"reward", "return", "success"})


def trade_off_halves(metrics: list[Metric]) -> set[str]:
    """Tags of the precision and recall metrics of a split that also logs a metric combining them (mAP, AP, F1, or a
    ROC-AUC, which reads the model at every threshold).
    The two halves trade against each other through the confidence threshold: a detector predicting boxes
    everywhere has a recall near 1 and a precision near 0, and either may swing from one evaluation to the next
    while the model does not change. The combined metric is the one to judge; the halves neither fire nor veto."""
    splits = {m.split for m in metrics if m.kind in COMBINED_KINDS}
    return {m.tag for m in metrics if m.kind in ("precision", "recall") and m.split in splits}


def _name_words(tag: str, v: dict) -> set[str]:
    """The words of a metric's name that say what it measures and on what: numbers (thresholds, indices) and split
    words left out."""
    return {t for t in tokens(tag) if not t.replace(".", "").isdigit() and t not in v["val_split"]
            and t not in v["train_split"]}


def breakdowns(metrics: list[Metric], lead: Metric) -> set[str]:
    """Tags of the metrics that break ``lead`` down by a sub-population: the same kind on the same split, named with
    every word of the lead's name and more (``metrics/banana_mAP`` beside ``metrics/mAP_0.5``, ``eval_g3_accuracy``
    beside ``eval_accuracy``). A class's or a group's score is a share of the aggregate's examples: it swings by the
    few examples it holds, and one class falls while another rises whenever the model trades between them -- the
    aggregate logged beside it is the model's quality. Numbers (IoU thresholds, top-k, indices) and split words are
    not words that narrow the population: ``mAP_0.5`` and ``mAP_0.5:0.95`` are two aggregates, ``val_acc/dataloader_idx_1``
    is another eval set (no aggregate of its name is logged)."""
    v = _vocab()
    base = _name_words(lead.tag, v)
    out = set()
    for m in metrics:
        if m.tag == lead.tag or m.kind != lead.kind or m.split != lead.split:
            continue
        w = _name_words(m.tag, v)
        if base < w:
            out.add(m.tag)
    return out


def primary(metrics: list[Metric], counts: dict[str, int], split: str) -> Metric | None:
    """The metric a report leads with for a split: rates first (accuracy, mAP...), then most points,
    then the shortest name (``eval_accuracy`` over ``eval_g3_accuracy``)."""
    cands = [m for m in metrics if m.split == split]
    if not cands:
        return None
    order = _vocab()["primary_order"]
    rank = {k: i for i, k in enumerate(order)}
    return min(cands, key=lambda m: (rank.get(m.kind, len(order)), -counts.get(m.tag, 0), len(m.tag), m.tag))
