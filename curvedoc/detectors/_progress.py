"""Private helpers for the PROGRESS (P) and SCHEDULE (S) detector families.

* clean series: finite points only, steps strictly increasing (``Run.series`` already sorts and
  de-duplicates), capped to a bounded number of points for trend work;
* the number of classes K a loss may be a cross-entropy over: from the user's rule parameter, from an
  accuracy role sitting at 1/K, or from a loss level that matches log(K) for a *plausible* K (small
  class counts, 100, 1000 and the vocabulary sizes of common tokenizers) -- integers are dense on a
  log scale above a few dozen, so "some K matches" is no evidence by itself;
* hints that a loss is NOT a single cross-entropy (regression / detection losses, a sum of several
  logged component losses), where log(K) reasoning does not apply;
* robust noise and segment statistics used to tell "does not move" from "moves slowly".
"""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.detectors._gradients import last_key
from curvedoc.detectors._instability import EXTREME_LR
from curvedoc.detectors._signal import downsample, fifth_medians, finite_mask, mad, median_se, shared
from curvedoc.detectors._signal import median as sig_median
from curvedoc.detectors._signal import rolling_median_values
from curvedoc.detectors._signal import np_median, theil_sen
from curvedoc.model.metrics import RL_KINDS, rate_scale, tokens
from curvedoc.model.roles import split_word

# the RL metrics that sum an episode's rewards (a success rate is a share, not a sum)
_RETURN_KINDS = frozenset({"reward", "return"})

# Vocabulary sizes of widely used tokenizers (BERT, T5, Llama-2, GPT-2/RoBERTa, Whisper, Llama-3,
# Qwen, mT5/Gemma...). A loss level near log(V) for one of them is "uniform over the vocabulary".
VOCAB_SIZES = (30522, 32000, 32100, 32128, 49152, 50257, 50265, 50304, 51865, 65024, 65536, 100277,
               128256, 151936, 250112, 256000, 262144)
SMALL_K_MAX = 32  # every integer 2..32 is a plausible class count; above that only round numbers
ROUND_K = (40, 50, 64, 80, 100, 128, 200, 256, 365, 500, 1000, 1001)
# K accepted from a loss level alone: the class counts of the most common benchmark tasks (binary,
# 3-way NLI, 4-way topic, 5-way sentiment, CIFAR-10/MNIST, CIFAR-100, ImageNet) and vocabularies.
# Neighbouring K between these are a few percent apart on a log scale, so any loss would match one.
LOSS_K = (2, 3, 4, 5, 10, 100, 1000) + VOCAB_SIZES

_REGRESSION_RE = re.compile(
    r"(^|[^a-z])(mse|mae|rmse|l1|l2|huber|smooth_?l1|regression|reg|recon|reconstruction|box|bbox|dfl|obj|"
    r"giou|iou|kl|kld|vae|elbo|critic|actor|value|td|q_?loss|mape|r2|contrastive|triplet|dice|focal|"
    r"ssim|psnr|perceptual|adv|gan|disc|gen|domain)($|[^a-z])"
)
_LOSS_RE = re.compile(r"loss")
_EVAL_RE = re.compile(r"(^|[/_ .-])(val|valid|validation|eval|test|predict)($|[/_ .-])")


def clean(s: pd.Series) -> pd.Series:
    """Finite points of a step-indexed series (a copy-free view when nothing is dropped)."""
    if len(s) == 0:
        return s
    m = finite_mask(s)
    return s if m is None else s[m]


def lr_zero_throughout(run, min_readings: int) -> pd.Series | None:
    """The run's learning rate (its finite readings) when it is logged at exactly 0 at every one of ``min_readings``
    readings or more -- no step moves the weights --, else None."""
    if "lr" not in run.roles:
        return None
    s = clean(run.series("lr"))
    return s if len(s) >= min_readings and bool(np.all(s.to_numpy(dtype=np.float64) == 0.0)) else None


STRIDE_CAP = 200_000


def prepared(run, role: str, max_points: int = 2000) -> pd.Series:
    """Finite, bin-median downsampled series of a role (empty when missing).

    Very long series are first thinned to at most ``STRIDE_CAP`` points by a regular stride (the
    median of a bin of every k-th point estimates the same level), which keeps a 1M-point run at a
    few milliseconds. Results are memoised on the run object: the six detectors of this family ask
    for the same few series.
    """
    tag = run.roles.get(role, role)
    cache = run.memo("progress_prepared")
    raw = run.series(role)
    key = (tag, max_points, len(raw))
    hit = cache.get(key)
    if hit is not None:
        return hit
    s = clean(raw)
    if len(s) > max_points:
        if len(s) > STRIDE_CAP:
            k = int(math.ceil(len(s) / STRIDE_CAP))
            s = s.iloc[::k]
        s = downsample(s, max_points)
        s = clean(s)
    cache[key] = s
    return s


@shared
def accuracy(run, role: str, max_points: int = 2000) -> pd.Series:
    """Accuracy role as fractions in [0, 1] (percent logs divided by 100); empty when missing/implausible."""
    if role not in run.roles:
        return pd.Series([], dtype=np.float64)
    s = prepared(run, role, max_points)
    if len(s) == 0:
        return s
    v = s.to_numpy(dtype=np.float64)
    lo, hi = float(v.min()), float(v.max())
    if lo < 0:
        return pd.Series([], dtype=np.float64)
    if rate_scale(hi) > 1.0:
        if hi <= 100.0 + 1e-6:
            return s / 100.0
        return pd.Series([], dtype=np.float64)
    return s


@shared
def looks_non_ce(run, role: str = "train_loss") -> str | None:
    """Why the loss of ``role`` is probably not one cross-entropy (None when nothing says so).

    Regression/detection/adversarial names on the loss tag, regression metrics logged beside it, or
    several other train-side component losses (a weighted sum of heads) all break log(K) reasoning.
    """
    tag = run.roles.get(role)
    if tag is None:
        return "no loss tag"
    t = tag.lower()
    if _REGRESSION_RE.search(t):
        return f"the tag {tag!r} names a regression/detection/adversarial loss"
    others = []
    # (a series another role holds -- the held-out loss under any split word of the vocabulary, 'va_loss' or
    # 'check_loss' -- measures other data, not a part of this one)
    held = set(run.roles.values())
    for other in run.tags:
        o = other.lower()
        if other == tag:
            continue
        if _REGRESSION_METRICS & set(tokens(other)):
            # an error or a correlation against a real-valued target scores a regression, on the training data or
            # held out ('val_r2' beside a loss of 1.04 is no 3-class cross-entropy at log 3)
            return f"regression metric {other!r} is logged beside it"
        if _EVAL_RE.search(o):
            continue
        if re.search(r"(^|[/_ ])(m?ap(50|75)?|map_?[0-9.:-]*|ndcg|mrr|recall@\d+|iou|miou)($|[/_ (@])", o):
            return f"detection/retrieval metric {other!r} is logged beside it (the loss is not one classifier cross-entropy)"
        if _LOSS_RE.search(o) and not o.endswith(("_epoch", "_step")) and other not in held \
                and split_word(other) == "train":
            others.append(other)
    # a train_loss_step/train_loss_epoch pair is the same loss twice; several other loss tags = components
    others = [o for o in others if _stem(o) != _stem(tag)]
    if len(others) >= 2:
        return f"{len(others)} other loss tags ({', '.join(others[:3])}{' ...' if len(others) > 3 else ''}) suggest a sum of components"
    heads = _accuracy_heads(run)
    if len(heads) >= 2:
        # 'val_Class_Accuracy', 'val_Obj_Accuracy', 'val_No_Obj_Accuracy': each output head is scored on its own,
        # so the training loss is a sum over heads
        return f"accuracies of {len(heads)} output heads ({', '.join(sorted(heads)[:3])}) suggest a sum of per-head losses"
    return None


# words in a loss tag or a hyperparameter name that say the loss is a cross-entropy over classes or tokens
_CE_WORDS = frozenset({"ce", "xent", "nll", "crossentropy", "cross_entropy", "logloss", "bce", "lm", "mlm", "clm",
                       "token", "tokens", "ppl", "perplexity"})
_CE_HPARAMS = frozenset({"vocab_size", "num_labels", "num_classes", "n_classes", "nb_classes", "num_class",
                         "n_vocab", "ntokens", "vocab",
                         # the context of a language model: it reads token sequences and predicts the next token
                         "seq_len", "seq_length", "sequence_length", "sequence length", "max_seq_len",
                         "max_seq_length", "block_size", "context_length", "n_ctx", "n_positions"})
# throughput and progress counted in tokens: a language model's log
_TOKEN_TAG = re.compile(r"token.?acc|perplexity|(^|[/_ ])(ppl|tps|tokens?_per_s(ec(ond)?)?|num_tokens|"
                        r"num_input_tokens_seen|tokens_seen)($|[/_ ])")


def ce_evidence(run) -> str | None:
    """What says the training loss is a cross-entropy over classes or tokens (None when nothing does): an accuracy
    logged beside it, a language-model metric (perplexity, BLEU ...), a loss tag naming a cross-entropy or a token
    loss, token counts or throughput logged beside it, or a class-count / vocabulary / context-length
    hyperparameter. log(K) arguments about a loss's LEVEL need one of these:
    a detection total, a physics residual or a regression error can sit anywhere, including far above log K."""
    if any(m.kind == "accuracy" for m in run.metrics):
        return f"an accuracy is logged ({next(m.tag for m in run.metrics if m.kind == 'accuracy')})"
    lm = lm_metric(run)
    if lm:
        return f"a language-model metric is logged ({lm})"
    tag = run.roles.get("train_loss")
    if tag is not None:
        words = set(tokens(tag)) | {tag.lower().replace(" ", "_")}
        if words & _CE_WORDS or re.search(r"cross.?entropy|token.?acc", tag.lower()):
            return f"the loss tag {tag!r} names a cross-entropy"
    for t in run.tags:
        if _TOKEN_TAG.search(t.lower()):
            return f"{t!r} is logged beside it"
    for key in (run.hparams or {}):
        if re.split(r"[./]", str(key).lower())[-1] in _CE_HPARAMS:
            return f"the hyperparameter {key!r} counts classes or tokens"
    return None


_GAN_RE = re.compile(r"(^|[^a-z])(gan|disc|discriminator|gen|generator|adv|adversarial|[dg]_?loss|loss_?[dg])"
                     r"($|[^a-z])")
_DETECTION_RE = re.compile(r"box|bbox|obj|dfl|giou|(^|[^a-z])iou|rpn|(^|[^a-z])loc($|[^a-z])|detection|"
                           r"m?ap(50|75)?\b")
_REGRESSION_RE2 = re.compile(r"mse|mae|rmse|(^|[^a-z])l[12]($|[^a-z])|huber|recon|regression|(^|[^a-z])r2($|[^a-z])|"
                             r"nse|kge|spearman|pearson|pde|physics|residual")
_CONTRASTIVE_RE = re.compile(r"contrastive|triplet|infonce|(^|[^a-z])nce($|[^a-z])|simclr|clip")
_TOKEN_WORDS = ("language-model", "token", "vocab", "perplexity", "ppl", "sequence", "context", "seq_len",
                "block_size", "n_ctx", "n_positions", "tps")


_G_LOSS_RE = re.compile(r"(^|[^a-z])(g|gen|generator)[_ /]?loss|loss[_ /]?(g|gen|generator)($|[^a-z])|"
                        r"(^|[^a-z])(g|gen|generator)[_/](adv|gan|total)")
_D_LOSS_RE = re.compile(r"(^|[^a-z])(d|disc|discriminator|critic)[_ /]?loss|loss[_ /]?(d|disc|discriminator)($|[^a-z])|"
                        r"(^|[^a-z])(d|disc|discriminator)[_/](real|fake|adv|gan|total)")


def adversarial(run) -> bool:
    """The run trains a generator against a discriminator: it logs a loss of each (Loss_G and Loss_D, g_loss and
    d_loss, loss/generator and loss/discriminator, D_real/D_fake). Its accuracies are the discriminator's, and its
    losses are a game's, not one model's fit."""
    tags = [t.lower() for t in run.tags]
    return any(_G_LOSS_RE.search(t) for t in tags) and any(_D_LOSS_RE.search(t) for t in tags)


REGRESSION_KIND = "a regression or reconstruction loss"
TOKEN_CE_KIND = "a token cross-entropy of a language model"


@shared
def loss_kind(run) -> dict:
    """What the training loss is, as far as the run says, and why: ``{'kind', 'why'[, 'num_classes']}`` (empty
    without a training loss). ``kind`` is a noun phrase for reports: a reinforcement-learning loss; a detection loss
    of several parts, a regression or reconstruction loss, a contrastive loss, an adversarial (GAN) loss, a sum of
    several losses (what :func:`looks_non_ce` says, named by the words that said it); a token cross-entropy of a
    language model, a cross-entropy over (K) classes, a binary cross-entropy (what :func:`ce_evidence` or a stated K
    says); or "of unknown kind" when nothing says -- then no rule argues from log K unless K is stated."""
    from curvedoc.model.roles import rl_marker

    tag = run.roles.get("train_loss")
    if tag is None:
        return {}
    rl = rl_marker(run)
    if rl is not None:
        return {"kind": "a reinforcement-learning loss", "why": f"{rl!r} is logged"}
    non = looks_non_ce(run)
    k = stated_k(run, 0)
    if non and k is None:
        # the tag first, then the other tags the reason names (not its generic wording)
        for words in (tag.lower(), non.lower().replace("regression/detection/adversarial", "")):
            for kind, rx in (("a detection loss of several parts", _DETECTION_RE),
                             (REGRESSION_KIND, _REGRESSION_RE2),
                             ("a contrastive loss", _CONTRASTIVE_RE), ("an adversarial (GAN) loss", _GAN_RE)):
                if rx.search(words):
                    return {"kind": kind, "why": non}
        return {"kind": "a sum of several losses", "why": non}
    why = ce_evidence(run) if k is None else f"K = {k} is stated"
    if why is None:
        return {"kind": "of unknown kind", "why": "nothing logged says what it is: log(K) arguments need a stated "
                                                  "num_classes, an accuracy, or a loss named as a cross-entropy"}
    if k is None and (lm_metric(run) or any(w in why.lower() for w in _TOKEN_WORDS)):
        return {"kind": TOKEN_CE_KIND, "why": why}
    if k == 2:
        return {"kind": "a binary cross-entropy", "why": why, "num_classes": 2}
    out = {"kind": f"a cross-entropy over {k} classes" if k else "a cross-entropy over classes", "why": why}
    if k is not None:
        out["num_classes"] = k
    return out


def _accuracy_heads(run) -> set[str]:
    """The distinct qualifiers of accuracy tags ('obj', 'class', 'no obj'), split words and the framework's
    grouping dropped: several of them are several heads of one model."""
    from curvedoc.model.roles import infer_role

    heads = set()
    for t in run.tags:
        r = infer_role(t)
        if r is None or r[0] not in ("train_acc", "val_acc") or r[1] == 0:
            continue
        q = " ".join(w for w in tokens(t) if w not in _SPLIT_OR_ACC)
        if q:
            heads.add(q)
    return heads


_REGRESSION_METRICS = frozenset({"mse", "mae", "rmse", "r2", "nse", "kge", "spearman", "pearson"})
_SPLIT_OR_ACC = frozenset({"train", "training", "val", "valid", "validation", "eval", "test", "acc", "accuracy",
                           "epoch", "step", "mean", "avg"})


def _stem(tag: str) -> str:
    t = tag.lower()
    t = re.sub(r"(^|[/_ ])(train|training)(?=$|[/_ ])", " ", t)
    t = re.sub(r"_(step|epoch|local)$", "", t)
    return " ".join(re.split(r"[/_ ]+", t)).strip()


def plausible_k(k: int) -> bool:
    return (2 <= k <= SMALL_K_MAX) or k in ROUND_K or k in VOCAB_SIZES


def k_from_loss(level: float, tol: float, cands=LOSS_K) -> int | None:
    """The K among ``cands`` whose log(K) is closest to ``level``, if within ``tol`` (relative)."""
    if not math.isfinite(level) or level <= 0.5:
        return None
    best, best_err = None, math.inf
    for k in cands:
        lk = math.log(k)
        err = abs(level - lk) / lk
        if err < best_err:
            best, best_err = k, err
    if best is not None and best_err <= tol:
        return best
    return None


def k_of_level(run, level: float, tol: float, cands=LOSS_K) -> int | None:
    """:func:`k_from_loss` for a loss of ``run``, where a vocabulary-sized K (above 1001) counts only when
    something says the loss is a cross-entropy (:func:`ce_evidence`) or the level is log V within 0.1%: integers
    are dense up there, so a level alone names a vocabulary by coincidence as often as not (a masked autoencoder
    flat at 11.5 nats sits 0.3% from log 100,277)."""
    k = k_from_loss(level, tol, cands)
    if k is not None and k > 1001 and ce_evidence(run) is None:
        # ... unless the level is log V to the printed digit (within 0.1%: a flat loss at 10.3735 = log 32,000 after a
        # fine-tune at 1.6 collapsed): the 17 vocabularies' logs cover ~1% of the 10-12.5 nat range at that
        # tolerance, and only a cross-entropy has a ceiling at exactly log V
        if abs(level - math.log(k)) > 1e-3 * math.log(k):
            return None
    return k


# metrics that score generated text or a next-token model: their run trains a language model whose K is a
# tokenizer vocabulary, never a handful of classes
_LM_METRICS = frozenset({"bleu", "rouge", "meteor", "chrf", "cider", "spice", "perplexity", "bpc", "bpb", "ter"})


def lm_metric(run) -> str | None:
    """The tag of a text-generation / language-model metric logged with the run, or None."""
    return next((m.tag for m in run.metrics if m.kind in _LM_METRICS), None)


def k_from_first_loss(v: np.ndarray, head: float, tol: float = 0.05, isolation: float = 4.0) -> int | None:
    """K read from a starting loss alone, or None when that reading is a coincidence.

    A first loss at log K is evidence of a fresh K-class model only when (a) the very first point agrees
    with the start's median (a noisy or fast-falling start proves nothing) and (b) the match is unambiguous:
    the nearest other candidate's log lies more than ``isolation`` x ``tol`` away. log 3, log 4 and log 5 sit
    within 16-26% of each other, so between 1.0 and 1.7 nats nearly any loss (a pretrained model fine-tuned
    on new data starts anywhere) falls within 5% of one of them."""
    k = k_from_loss(head, tol)
    if k is None or k_from_loss(float(v[0]), tol) != k:
        return None
    lk = math.log(k)
    nearest = min((abs(math.log(c) - lk) / lk for c in LOSS_K if c != k), default=math.inf)
    return k if nearest > isolation * tol else None


_TOP_K_RE = re.compile(r"top[-_ ]?(\d{1,3})(?!\d)|acc(?:uracy)?@(\d{1,3})(?!\d)", re.I)


def top_k_of(tag: str) -> int:
    """The k of a top-k accuracy named so ('accuracy_top5', 'top-5', 'acc@5'), else 1."""
    hit = _TOP_K_RE.search(str(tag))
    return int(hit.group(1) or hit.group(2)) if hit else 1


@shared  # asked by initial-loss-off, plateau-at-chance (several readings) and underfitting of one run
def more_classes_than(run) -> int:
    """The largest k of a top-k accuracy the run logs that fell short of 1 at some reading: the task has more than
    k classes (with k classes or fewer every label is among the top k, and a top-k accuracy is 1 at every reading --
    Ultralytics logs top-5 for every classifier). 0 when nothing bounds K so."""
    out = 0
    for m in getattr(run, "metrics", ()) or ():
        if not (m.rate and m.higher_is_better):
            continue
        k = top_k_of(m.tag)
        if k <= max(out, 1):
            continue
        v = run.series(m.tag).to_numpy(dtype=np.float64)
        v = v[np.isfinite(v)] / m.scale
        if len(v) and float(np.min(v)) < 1.0 - 1e-6:
            out = k
    return out


def k_from_acc(acc: float, tol: float = 0.2, k_max: int = 1000, k_above: int = 0) -> int | None:
    """K such that ``acc`` is 1/K within ``tol`` relative (accuracy at chance of a balanced K-way task); None also
    when that K is at most ``k_above`` (:func:`more_classes_than`: a top-5 accuracy below 1 rules out K <= 5)."""
    if not math.isfinite(acc) or acc <= 0 or acc > 0.55:
        return None
    k = int(round(1.0 / acc))
    if k < 2 or k > k_max or k <= k_above:
        return None
    if abs(acc * k - 1.0) > tol:
        return None
    return k


def acc_at_chance(acc: float, k: int, slack: float) -> bool:
    """``acc`` no more than ``slack`` of the way from chance (1/K) to perfect (1)."""
    chance = 1.0 / k
    return acc <= chance + slack * (1.0 - chance)


def chance_margin(v: np.ndarray, k: int, margin: float, slack: float, chance: float | None = None) -> float:
    """How far above 1/K an accuracy series ``v`` (fractions) may reach and still be at chance: ``margin`` of the
    way from 1/K to 1, or four times the series' own scatter when that is larger (a small evaluation set scatters
    an accuracy at chance; the larger of the point-to-point noise and the robust spread around the median, since
    a model at chance may also drift slowly between evaluations), never beyond ``slack`` of the way (where
    learning is proven) -- or beyond three binomial sigmas of the evaluation set when its size shows and that is
    larger (a small evaluation set proves nothing by a few points). ``chance`` is the accuracy of predicting the prior: 1/K for balanced classes, the majority
    share of a binary evaluation set otherwise."""
    chance = 1.0 / k if chance is None else chance
    out = margin * (1.0 - chance)
    cap = slack * (1.0 - chance)
    if len(v) >= 3:
        binom = binomial_sigma(v, chance)
        sigma = max(noise_sigma(v), mad(v), binom)
        if math.isfinite(sigma):
            out = max(out, 4.0 * sigma)
        # 'learning is proven' only beyond what the evaluation set's own sampling scatter does at chance: a binary
        # accuracy over 100 examples reads 0.60 at 2 sigma, once in seven evaluations by luck alone
        cap = max(cap, 3.0 * binom)
    return min(out, cap)


def eval_set_size(v: np.ndarray) -> int:
    """The size N of the evaluation set an accuracy series ``v`` (fractions) was measured on, when it shows: an
    accuracy over N examples moves in steps of 1/N, so when every value (three distinct ones at least) is a multiple
    of the smallest step between distinct values (within 1% of a step, N up to 10,000), that step is 1/N. 0 otherwise
    (a large or unknown set). Values printed to two decimals read as N = 100 or a divisor of it."""
    u = np.unique(v[np.isfinite(v)])
    if len(u) < 3:
        # two distinct values name no step: any two numbers differ by some 1/N (0.522 and 0.478, the two class
        # shares of a large binary set, differ by 1/23)
        return 0
    d = float(np.min(np.diff(u)))
    if d <= 0:
        return 0
    n = int(round(1.0 / d))
    if 2 <= n <= 10_000 and float(np.max(np.abs(u * n - np.round(u * n)))) <= 0.01:
        return n
    return _rounded_set_size(u, d)


def set_size_not_printing(v: np.ndarray, n: int | None = None) -> int:
    """:func:`eval_set_size` (``n``, when the caller has read it already) where the printing cannot explain it: values
    printed to ``d`` decimals lie on the grid of 1/10^d and of its divisors (two decimals read as N = 100, 50, 25, 20
    ...) whatever set they were measured on, so such an N says nothing; 88 from three decimals, or any N from full
    floats, is the set's own. 0 otherwise."""
    if n is None:
        n = eval_set_size(v)
    if not n:
        return 0
    dec = printed_decimals(np.unique(v[np.isfinite(v)]))
    return 0 if dec is not None and 10 ** dec % n == 0 else n


def printed_decimals(u: np.ndarray) -> int | None:
    """The fewest decimals (up to 6) that every value of ``u`` was printed with, or None (full floats)."""
    for dec in range(7):
        if float(np.max(np.abs(u - np.round(u, dec)))) <= 1e-9:
            return dec
    return None


def _rounded_set_size(u: np.ndarray, d: float) -> int:
    """The set size N of distinct accuracies ``u`` printed to a few decimals (``88`` from 0.943 = 83/88, 0.886 =
    78/88 ...): each value is k/N within half its last printed digit. Read only where the reading is specific: five
    distinct values at least, a rounding under a tenth of a step (so a value lands on the grid by chance less than
    one time in five, and all five about once in 3,000), and the smallest N that fits every value. 0 otherwise."""
    dec = printed_decimals(u)
    if dec is None or len(u) < 5:
        return 0
    r = 0.5 * 10.0 ** -dec
    lo = max(2, int(np.floor(1.0 / (d + 2 * r))))
    hi = min(10_000, int(np.ceil(1.0 / d - 2 * r)) if d > 2 * r else 10_000, int(0.1 / r))
    for n in range(lo, hi + 1):
        if float(np.max(np.abs(u * n - np.round(u * n)))) <= n * r + 0.01:
            return n
    return 0


def binomial_sigma(v: np.ndarray, p: float) -> float:
    """The scatter of an accuracy at ``p`` over the evaluation set the series ``v`` was measured on, when its size
    shows (:func:`eval_set_size`): sigma = sqrt(p (1-p) / N). 0 otherwise (the other noise readings decide)."""
    n = eval_set_size(v)
    if not n or not 0 < p < 1:
        return 0.0
    return math.sqrt(p * (1.0 - p) / n)


def never_beat_chance(v: np.ndarray, k: int, margin: float, slack: float, chance: float | None = None) -> bool:
    """The accuracy series ``v`` (fractions) never rose above 1/K plus :func:`chance_margin`, and its median sits
    at 1/K (within 10% of it or the margin). From 10 evaluations on, "rose" is read on the centred rolling median
    a tenth of the evaluations wide (as metric-regression finds a best): the maximum of 100 draws of one small
    evaluation set's scatter is 2.5 sigmas above its mean, a lasting rise is not."""
    n = len(v)
    if n == 0:
        return False
    chance = 1.0 / k if chance is None else chance
    m = chance_margin(v, k, margin, slack, chance)
    return running_best(v) <= chance + m and abs(np_median(v) - chance) <= max(0.1 * chance, m)


def beat_chance(v: np.ndarray, k: int, margin: float, slack: float) -> bool:
    """The accuracy series ``v`` (fractions, one reading or more) rose above 1/K plus :func:`chance_margin`, read as
    :func:`never_beat_chance` reads its best (:func:`running_best`): the model learned something, whatever the median
    did (a series below 1/K all along never beat chance either)."""
    return running_best(v) > 1.0 / k + chance_margin(v, k, margin, slack)


def running_best(v: np.ndarray) -> float:
    """The best (highest) reading of a held-out series as a verdict of 'never left its level' reads it: the maximum
    itself below 10 evaluations, from 10 on the maximum of the centred rolling median a tenth of them wide (the
    maximum of 100 draws of one small evaluation set's scatter is 2.5 sigmas above its mean, a lasting rise is not;
    pandas' rolling median's numbers)."""
    if len(v) < 10:
        return float(np.max(v))
    return float(np.max(rolling_median_values(v, max(3, len(v) // 10) | 1, 1, center=True)))


def k_label(k: int) -> str:
    if k in VOCAB_SIZES and k > 20000:
        return f"K={k:,} (a tokenizer vocabulary)"
    return f"K={k:,}"


def step_weights(steps: np.ndarray) -> np.ndarray:
    """How much of the step axis each point stands for (irregular logging aware)."""
    n = len(steps)
    if n < 2:
        return np.ones(n)
    d = np.diff(steps.astype(np.float64))
    med = np_median(d) if len(d) else 1.0
    w = np.empty(n)
    w[0] = med
    w[1:] = d
    w = np.clip(w, 0, None)
    tot = w.sum()
    return w / tot if tot > 0 else np.full(n, 1.0 / n)


def longest_true_run(mask: np.ndarray) -> tuple[int, int] | None:
    """(start, end) inclusive indexes of the longest run of True, or None."""
    if not mask.any():
        return None
    m = np.concatenate(([False], mask, [False])).astype(np.int8)
    d = np.diff(m)
    starts = np.flatnonzero(d == 1)
    ends = np.flatnonzero(d == -1) - 1
    i = int(np.argmax(ends - starts))
    return int(starts[i]), int(ends[i])


def noise_sigma(v: np.ndarray) -> float:
    """Point-to-point noise as a Gaussian sigma, robust to trends (MAD of first differences / sqrt 2)."""
    if len(v) < 3:
        return float("nan")
    return mad(np.diff(v)) / math.sqrt(2.0)


def subsample(v: np.ndarray, cap: int = 50000) -> np.ndarray:
    """Every k-th point so at most ``cap`` remain (keeps the local noise, unlike bin medians)."""
    n = len(v)
    if n <= cap:
        return v
    k = int(math.ceil(n / cap))
    return v[::k]


def window_median(v: np.ndarray, lo_frac: float, hi_frac: float) -> float:
    n = len(v)
    a = int(n * lo_frac)
    b = max(a + 1, int(math.ceil(n * hi_frac)))
    return sig_median(v[a:b])


def trend_ratio(run, role: str) -> float | None:
    """|log| ratio of the median of the last vs first fifth of a positive series (None if unusable)."""
    if role not in run.roles and role not in run.tags:
        return None
    s = prepared(run, role, 2000)
    v = s.to_numpy(dtype=np.float64)
    v = v[v > 0] if len(v) else v
    if len(v) < 10:
        return None
    a = window_median(v, 0.0, 0.2)
    b = window_median(v, 0.8, 1.0)
    if a <= 0 or b <= 0:
        return None
    return abs(math.log(b / a))


# hyperparameter names that state the number of classes K (Lightning hparams, HF configs, MLflow params, ...)
K_HPARAM_KEYS = ("num_classes", "num_labels", "n_classes", "nb_classes", "num_class", "n_labels",
                 "num_categories", "number_of_classes", "classes")


def stated_k(run, num_classes: int) -> int | None:
    """K as the user stated it: the rule parameter ``num_classes`` if >= 2, else a class-count
    hyperparameter logged with the run (``num_classes``, ``num_labels``... also nested as ``model.num_classes``)."""
    if num_classes >= 2:
        return int(num_classes)
    hp = getattr(run, "hparams", None) or {}
    for key, value in hp.items():
        last = re.split(r"[./]", str(key).lower())[-1]
        if last not in K_HPARAM_KEYS or isinstance(value, bool):
            continue
        try:
            k = float(value)
        except (TypeError, ValueError):
            continue
        if k == int(k) and 2 <= k <= 10**6:
            return int(k)
    return None


def late_rate_levels(run) -> list[tuple]:
    """(metric, late level as a fraction of its scale: median of the last quarter) for every bounded rate metric
    with at least 3 finite values."""
    out = []
    for m in run.metrics:
        if not m.rate:
            continue
        v = run.series(m.tag).to_numpy(dtype=np.float64)
        v = v[np.isfinite(v)]
        if len(v) >= 3:
            out.append((m, window_median(v, 0.75, 1.0) / m.scale))
    return out


#: a rate this share of its scale above its start (10 points of accuracy) shows the model learned
LEARNED_GAIN = 0.1


def _thirds_fall(v: np.ndarray) -> tuple[float, float, float, float]:
    """(fall in log units, its standard error from the point-to-point noise, first-third level, last-third level) of
    positive values: medians of their first and last thirds."""
    g = np.log(v)
    k = max(1, len(g) // 3)
    head, tail = sig_median(g[:k]), sig_median(g[-k:])
    sigma = noise_sigma(g) if len(g) >= 3 else float("nan")
    se = median_se(sigma, k, k) if math.isfinite(sigma) else float("nan")
    return head - tail, se, math.exp(head), math.exp(tail)


# penalty_decay: readings falling by a steady factor (the largest of their ratios at most this multiple of the
# smallest) -- an explosion that recovers comes down in bounces and stalls, not at one rate
_STEADY_DECAY = 2.0
_DECAY_READINGS = 4


def penalty_decay(run) -> dict | None:
    """{'factor', 'readings'} when a training loss whose first reading is far above where it ends is a weight penalty
    decaying, not a loss thrown by an explosion: the first reading is the run's peak, and the loss's excess over
    where it ends (the median of its last quarter) shrinks by a steady factor from one reading to the next -- every
    ratio above 1, the largest at most ``_STEADY_DECAY`` times the smallest -- over at least ``_DECAY_READINGS``
    readings, until the loss is within twice that end level. A penalty on the weights (Keras's kernel_regularizer
    losses are part of the loss it logs) shrinks them by a constant factor per step of weight decay, and the logged
    loss with them; a step too large throws the weights, which then come back in bounces and stalls. Not with an LR of ``EXTREME_LR`` or more
    logged, nor one that decayed by half over that descent (a loss that only comes down as a schedule lowers a
    too-high LR also falls steadily)."""
    s = prepared(run, "train_loss")
    v = s.to_numpy(dtype=np.float64)
    if len(v) < _DECAY_READINGS + 2 or (v <= 0).any() or float(v[0]) < float(np.max(v)):
        return None
    end = window_median(v, 0.75, 1.0)
    far = np.flatnonzero(v > 2.0 * end)
    m = int(far[-1]) + 1 if len(far) and far[0] == 0 and np.all(np.diff(far) == 1) else 0
    if m < _DECAY_READINGS:
        return None
    ex = v[: m + 1] - end
    if (ex <= 0).any():
        return None
    r = ex[:-1] / ex[1:]
    if not (r > 1.0).all() or float(r.max()) > _STEADY_DECAY * float(r.min()):
        return None
    if "lr" in run.roles:
        lr = clean(run.series("lr"))
        lv = lr.to_numpy(dtype=np.float64)
        st = s.index.to_numpy()
        during = lv[(lr.index >= st[0]) & (lr.index <= st[m])]
        if len(lv) and (float(np.max(lv)) >= EXTREME_LR or
                        (len(during) >= 2 and float(during[-1]) <= 0.5 * float(during[0]))):
            return None
    return {"factor": float(np.exp(np.mean(np.log(r)))), "readings": int(m + 1)}


def thrown_then_flat(run, thrown_ratio: float, settle_ratio: float, floor: float, z: float) -> dict | None:
    """A training loss whose first readings are a blow-up, not an untrained model, and that learned nothing once it
    came back down. Its first reading stands ``thrown_ratio`` times its level at the end (the median of its last 15%)
    or more, and something logged at the start says the first steps threw the weights: a gradient norm whose first
    reading is ``thrown_ratio`` times the median of its second half, or a learning rate of 1 or more. From where it
    came back within ``settle_ratio`` of its end level (within the first fifth of the run, 10 readings left at least),
    it did not fall: the medians of the first and last thirds of that stretch show no fall of ``floor`` at ``z``
    standard errors of its own noise, and the point estimate is under ``floor`` too -- or, where the minibatch noise
    hides it, a validation loss evaluated 4 times or more from then on fell by less than ``floor`` -- and no quality
    metric moved the good way by ``floor`` (of its scale, or relative) from then on. Needs no K. None otherwise, else
    {'tag', 'first', 'first_step', 'ratio', 'why', 'settled_step', 'head', 'tail', 'fall', 'held'}."""
    from curvedoc.model.roles import rl_marker

    if "train_loss" not in run.roles or rl_marker(run) is not None or adversarial(run):
        return None
    s = clean(run.series("train_loss"))
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    n = len(v)
    if n < 10 or (v <= 0).any() or not saw_start(steps) or counter_opens_late(run):
        return None
    end = float(np.median(v[-max(3, int(0.15 * n)):]))
    if not v[0] >= thrown_ratio * end:
        return None
    why = None
    if "grad_norm" in run.roles:
        gv = clean(run.series("grad_norm")).to_numpy(dtype=np.float64)
        later = float(np.median(gv[len(gv) // 2:])) if len(gv) >= 6 else 0.0
        if later > 0 and gv[0] >= thrown_ratio * later:
            why = (f"the gradient norm's first reading {fmt_num(float(gv[0]))} is {fmt_num(float(gv[0]) / later)}x its "
                   "later level")
    if why is None and "lr" in run.roles:
        lv = clean(run.series("lr")).to_numpy(dtype=np.float64)
        if len(lv) and lv[0] >= EXTREME_LR:  # (every weight moved by its whole gradient or more a step)
            why = f"learning rate {fmt_num(float(lv[0]))} at the start"
    if why is None:
        return None
    back = np.flatnonzero(v <= settle_ratio * end)
    if not len(back) or back[0] > 0.2 * n or n - back[0] < 10:
        return None
    j = int(back[0])
    fall, se, head, tail = _thirds_fall(v[j:])
    if not math.isfinite(se) or fall - z * se >= floor:
        return None  # it fell by the floor from where it came back down: it learned
    held = None
    if "val_loss" in run.roles:
        vs = clean(run.series("val_loss"))
        vs = vs[vs.index >= steps[j]]
        vv = vs.to_numpy(dtype=np.float64)
        if len(vv) >= 4 and (vv > 0).all():
            hf = _thirds_fall(vv)[0]
            if hf >= floor:
                return None  # the held-out loss fell from then on: the model learned
            held = {"tag": run.roles["val_loss"], "change": math.expm1(-hf), "evaluations": int(len(vv)),
                    "first_step": int(vs.index[0])}
    if fall >= floor and held is None:
        return None  # the minibatch noise hides whether it fell by the floor, and no evaluation says it did not
    for m in run.metrics:
        ms = clean(run.series(m.tag))
        mv = ms[ms.index >= steps[j]].to_numpy(dtype=np.float64)
        if len(mv) < 3:
            continue
        first, last = fifth_medians(mv)
        sign = 1.0 if m.higher_is_better else -1.0
        if (m.rate and sign * (last - first) / m.scale > floor) or \
                (not m.rate and first != 0 and sign * (last - first) / abs(first) > floor):
            return None  # a quality metric moved the good way from then on: the model learned
    return {"tag": run.roles["train_loss"], "first": float(v[0]), "first_step": int(steps[0]),
            "ratio": float(v[0]) / end, "why": why, "settled_step": int(steps[j]), "head": head, "tail": tail,
            "fall": fall, "held": held}


def rate_rose(run, min_gain: float = LEARNED_GAIN, held_out: bool = False) -> tuple[str, float, float] | None:
    """(tag, first, last) of a bounded higher-is-better rate (accuracy, F1, mAP ...) whose last readings sit at least
    ``min_gain`` of its scale above its first ones (medians of the first and last three): the model learned. None
    when no rate logged at least four readings or none rose that far. ``held_out``: a training-split rate does not
    count (a training accuracy rises as the training split is memorised, which says nothing of what transfers)."""
    for m in run.metrics:
        if not (m.rate and m.higher_is_better) or (held_out and m.split == "train"):
            continue
        v = run.series(m.tag).to_numpy(dtype=np.float64)
        v = v[np.isfinite(v)] / m.scale
        if len(v) < 4:
            continue
        first, last = np_median(v[:3]), np_median(v[-3:])
        if last - first >= min_gain:
            return m.tag, first * m.scale, last * m.scale
    return None


def held_out_moved(run) -> tuple[str, float, float] | None:
    """(tag, first, last) of a held-out bounded higher-is-better rate evaluated at least four times that takes at
    least three different values and ends above where it started (medians of its first and last three): the
    model's outputs on a fixed evaluation set changed, and for the better -- its weights are finite and updating.
    A model whose weights went NaN predicts one fixed thing and scores the very same number at every evaluation,
    however small the set. None otherwise."""
    for m in run.metrics:
        if not (m.rate and m.higher_is_better and m.split == "val"):
            continue
        v = run.series(m.tag).to_numpy(dtype=np.float64)
        v = v[np.isfinite(v)]
        if len(v) < 4 or len(np.unique(v)) < 3:
            continue
        first, last = np_median(v[:3]), np_median(v[-3:])
        if last > first:
            return m.tag, first, last
    return None


# held-out scores of where a detector puts its boxes or a segmenter its masks: they have no chance level (a model
# that learned nothing scores 0, not 1/K) and rise only as the localisation gets good, so a low score beside a
# falling loss is a model still learning, not one stuck at the prior
LOCALISATION_KINDS = frozenset({"map", "ap", "ar", "iou", "dice"})


def saw_start(steps: np.ndarray) -> bool:
    """Whether a log saw its run's start: its first reading lies within the first 5% of its steps, or within one
    logging interval of step 0 (1.5 median intervals: a per-epoch log of 10 epochs first writes at epoch 1, the end of
    the first interval, and has seen everything since the untrained model). A log that opens at epoch 50 of a
    resumed run, one interval after the one before, did not."""
    if not len(steps) or steps[0] <= 0 or steps[0] <= 0.05 * float(steps[-1]):
        return True
    if len(steps) < 3:
        return False
    return float(steps[0]) <= 1.5 * np_median(np.diff(steps.astype(np.float64)))


def evaluation_wrote_zeros(run) -> bool:
    """Whether every held-out loss the run logs (the val_loss role and the other held-out losses: two at least, each
    with three readings or more) is exactly 0 at every reading: no evaluation computed them -- a framework that
    writes zeros where validation is switched off (Ultralytics' val=False until the last epoch: box, class and DFL
    losses 0.0 together). A real evaluation scores some part above 0 (the class loss of a detector whose boxes have no
    targets is still the background's), so its quality scores at 0 beside them say nothing of the model."""
    from curvedoc.model.roles import other_losses, split_word

    tags = ([run.roles["val_loss"]] if "val_loss" in run.roles else []) + \
        [t for t in other_losses(run) if split_word(t) != "train"]
    tags = list(dict.fromkeys(tags))
    if len(tags) < 2:
        return False
    for t in tags:
        v = run.tag_values(t)
        v = v[np.isfinite(v)]
        if len(v) < 3 or bool(np.any(v != 0)):
            return False
    return True


def resumed_session(run, role: str = "train_loss") -> bool:
    """Whether the log of ``role`` opens where an earlier session appended to the same file left off
    (``meta["continued_from"]``): its first value lies within a quarter of that session's own move (first to last)
    of that session's last value, and nearer it than that session's first. Such a session went on from the weights
    the one before left (a fine-tune stage at a lower LR, a resume that restarted the epoch counter), so its first
    reading is not the untrained model: a run judged from its own start would be judged from a trained one. A
    session that starts again from scratch opens near the earlier session's first value instead."""
    before = run.meta.get("continued_from") if isinstance(run.meta, dict) else None
    tag = run.roles.get(role)
    if not isinstance(before, dict) or tag not in before or role not in run.roles:
        return False
    pair = before[tag]
    s = clean(run.series(role))
    if not len(s) or not isinstance(pair, (list, tuple)) or len(pair) != 2:
        return False
    x0, (p0, p1) = float(s.iloc[0]), (float(pair[0]), float(pair[1]))
    moved = abs(p1 - p0)
    if not (math.isfinite(x0) and math.isfinite(moved) and moved > 0):
        return False
    return abs(x0 - p1) <= 0.25 * moved and abs(x0 - p1) < abs(x0 - p0)


_RL_COUNTERS = ("episode", "episodes", "iteration", "iterations", "iter", "total_timesteps", "timesteps", "epoch",
                "n_updates", "updates")


def counter_opens_late(run) -> bool:
    """Whether a progress counter the log carries -- the epoch role, or an episode/iteration/update count of its own
    column -- opens far from 0 (:func:`saw_start` on its sorted values): a log that begins at epoch 249 of a resumed
    run, every 5 epochs, whose rows the log numbers from 1. Its first reading is not the untrained model, whatever
    the step axis says."""
    tags = [run.roles["epoch"]] if "epoch" in run.roles else []
    tags += [t for t in run.tags if last_key(t) in _RL_COUNTERS and t not in tags]
    for tag in tags:
        # (its distinct values: an epoch counter repeats on every record of its epoch, 1, 1, 1, 2, 2 ..)
        c = np.unique(clean(run.series(tag)).to_numpy(dtype=np.float64))
        if len(c) >= 3 and not saw_start(c):
            return True
    return False


def _steady_rise(blocks: np.ndarray, least: float, z: float) -> bool:
    """Whether block medians (8 or more) rise over the run by ``least`` or more at the lower bound of their trend:
    the Theil-Sen slope's confidence interval at ``z`` (from Kendall's rank statistic) times their span -- a trend
    read from every block, where a first-vs-last comparison reads two."""
    if len(blocks) < 8:
        return False
    lo = theil_sen(np.arange(len(blocks), dtype=np.float64), blocks, z)[1]
    return bool(math.isfinite(lo) and lo * (len(blocks) - 1) >= least)


def rl_never_improved(run, min_points: int, floor: float, z: float) -> list[tuple]:
    """The returns, rewards and success rates of an agent that never beat its untrained policy: in reinforcement
    learning the chance level is the return the untrained (random) policy collects, the start of the run. Every such
    metric the run logs (``min_points`` points or more, a log that saw its start) ends -- the median of its last 15%
    -- without evidence that it rose above its start -- the median of its first 5%, 3 points at least: the rise,
    less ``z`` standard errors from the metric's own wander (differences of the medians of consecutive 5% blocks: a
    running mean over 100 episodes wanders by more than its point-to-point jitter), stays below ``floor`` of its
    own spread (5th to 95th percentile; returns have no natural zero, so not of its level) -- and no block of it
    rose a quarter of its spread above the start beyond that wander on the way (an agent that learned and lost it is
    metric-regression's), nor ended clearly below its start by the same measure (a policy that got worse changed:
    no random policy does). A constant metric says nothing here. Returns [(tag, start, end, spread, points, last
    step, wander: ``z`` standard errors of the change)] of the metrics judged, or [] when none was, or when one of
    them improved (an agent that learned shows it) or a counter the log carries opens far from 0 (a session
    continued from an earlier one: the untrained policy is not in this log)."""
    from curvedoc.model.roles import rl_marker

    if rl_marker(run) is None or counter_opens_late(run):
        return []
    judged = []
    for m in run.metrics:
        if not m.higher_is_better or m.kind not in RL_KINDS:
            continue
        s = clean(run.series(m.tag))
        v = s.to_numpy(dtype=np.float64)
        n = len(v)
        if n < min_points or not saw_start(s.index.to_numpy()):
            continue
        lo, hi = (float(x) for x in np.quantile(v, [0.05, 0.95]))
        spread = hi - lo
        if not spread > 0:
            if m.kind in _RETURN_KINDS and float(np.max(v)) == float(np.min(v)) and float(v[0]) < 0:
                # the same negative return in every episode: each one ran out its time limit collecting only the
                # per-step penalty (MountainCar's -200, Acrobot's -500) -- the goal never reached once, by the
                # untrained policy or after it. (A constant return above 0 may be a solved task's maximum, and one of
                # 0 a sparse reward never collected, which plateau-at-chance reads as a floor: neither is judged here.)
                judged.append((m.tag, float(v[0]), float(v[0]), 0.0, n, int(s.index[-1]), 0.0))
            continue
        a, b = max(3, n // 20), max(3, int(0.15 * n))
        first, last = float(np.median(v[:a])), float(np.median(v[-b:]))
        blocks = np.median(v[: n // a * a].reshape(-1, a), axis=1)
        d = np.diff(blocks)
        sigma = 1.4826 * float(np.median(np.abs(d - np.median(d)))) / math.sqrt(2.0) if len(d) >= 3 else float("inf")
        se = sigma * math.sqrt(1.0 + a / b)
        least = floor * spread
        if last - first - z * se >= least:
            return []  # this one improved beyond its own wander and the floor: the agent learned something
        if _steady_rise(blocks, least, z):
            # a rise the first 5% cannot show against the wander (a noisy per-episode return whose first block is a
            # handful of episodes) but the whole run shows as a trend: the block medians climb in rank order beyond
            # chance (396, 426, 483, 540, 537 by fifths) -- the agent learned, slowly
            return []
        if first - last - z * se >= least:
            continue  # clearly below the untrained policy's level: it changed, for the worse
        if float(np.max(blocks)) - first - z * sigma >= 0.25 * spread:
            return []  # rose a quarter of its spread on the way: learned and lost it (metric-regression's)
        judged.append((m.tag, first, last, spread, n, int(s.index[-1]), z * se))
    return judged


# the names an agent's exploration rate is logged under (SB3's rollout/exploration_rate, a hand-written loop's Epsilon)
_EXPLORATION_KEYS = ("epsilon", "eps", "exploration_rate", "exploration", "explore_rate")


def still_exploring(run, at_least: float = 0.5) -> tuple[str, float] | None:
    """(tag, level) of an agent's exploration rate -- a series named epsilon or exploration rate, every value in
    [0, 1] -- whose last 15% (median) is still ``at_least`` or more: the policy that collected the returns acted at
    random most of the time by design, so returns at the random policy's level say the exploration schedule had
    barely begun, not that nothing was learned. None otherwise."""
    for tag in run.tags:
        if last_key(tag).replace(" ", "_") not in _EXPLORATION_KEYS:
            continue
        v = clean(run.series(tag)).to_numpy(dtype=np.float64)
        if len(v) < 3 or float(v.min()) < 0.0 or float(v.max()) > 1.0:
            continue
        end = float(np.median(v[-max(1, int(0.15 * len(v))):]))
        if end >= at_least:
            return str(tag), end
    return None


def rl_unchanged(tag: str, value: float, n: int, end: int) -> str:
    """How a return that never changed is told (:func:`rl_never_improved`'s judged metric of spread 0)."""
    return (f"{tag} is {fmt_num(value)} in every one of its {n} readings to step {fmt_step(end)}: every episode ran "
            "out its limit collecting only the per-step penalty, the goal never once reached")


def rl_change(change: float, wander: float, floor: float) -> str:
    """How an RL metric's change from its start is told: what of it stands beyond the metric's own wander, which
    is below ``floor`` of its spread (the sentence goes on with 'of its own spread (...)')."""
    if change <= 0:
        return f"a change of {fmt_num(change)}, no rise, under {floor:.0%}"
    beyond = max(0.0, change - wander)
    return (f"a rise of {fmt_num(change)} of which {fmt_num(beyond)} stands beyond its own wander "
            f"(+-{fmt_num(wander)}): under {floor:.0%}")


def loss_fall(run, role: str, min_points: int) -> dict | None:
    """How far the loss of ``role`` fell from its start to its end, in log units (0.05 = ~5% lower), with the
    standard error of that fall from the run's own point-to-point noise: robust medians of the first 5% and the
    last 15% of the points (at least 3 each; every k-th point of a long log, which keeps the local noise). None for
    fewer than ``min_points`` finite points, a loss that is zero or negative anywhere (no relative change), or a log
    that did not see its start (:func:`saw_start`, :func:`counter_opens_late`; a session resumed from an earlier
    one's weights, :func:`resumed_session`).
    Returns {'fall', 'se', 'sigma', 'head', 'tail', 'a', 'b', 'm', 'g', 'steps'} (head/tail in log units)."""
    if role not in run.roles:
        return None
    s = clean(run.series(role))
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if len(v) < max(min_points, 6) or (v <= 0).any() or not saw_start(steps) or resumed_session(run, role) \
            or counter_opens_late(run):
        return None
    g = np.log(subsample(v))
    m = len(g)
    a, b = max(3, int(0.05 * m)), max(3, int(0.15 * m))
    sigma = noise_sigma(g)
    if not math.isfinite(sigma):
        return None
    head, tail = sig_median(g[:a]), sig_median(g[m - b:])
    se = math.hypot(median_se(sigma, a), median_se(sigma, b))
    return {"fall": head - tail, "se": se, "sigma": sigma, "head": head, "tail": tail, "a": a, "b": b, "m": m,
            "g": g, "steps": steps}


def learning_slowly(run, floor: float, z: float, fitted_factor: float, min_points: int) -> dict | None:
    """The model is learning, slowly: the training loss ended clearly below its start (its fall's ``z``-sigma lower
    bound at least ``floor`` in log units) but by less than ``fitted_factor`` (a loss that fell by an order of
    magnitude fitted its training data) and kept falling after the first fifth of the run (its end at least ``floor``
    below the median of that fifth: a loss that dropped at once and then stalled or rose back is no learner at
    work), and a validation loss, where one is evaluated, did not rise (the medians of its last
    fifth at most ``floor`` above its first). None otherwise; else {'first', 'last', 'fall'} of the training
    loss (values, and the fall as a fraction)."""
    f = loss_fall(run, "train_loss", min_points)
    if f is None or f["fall"] - z * f["se"] < floor or f["fall"] >= math.log(fitted_factor):
        return None
    if f["tail"] > window_median(f["g"], 0.0, 0.2) - floor:
        return None  # it fell within the first fifth and no further since (or rose back): not a learner at work
    if "val_loss" in run.roles:
        vv = clean(run.series("val_loss")).to_numpy(dtype=np.float64)
        if len(vv) >= 3:
            if (vv <= 0).any():
                return None
            first, last = fifth_medians(vv)
            if math.log(last / first) > floor:
                return None
    return {"first": math.exp(f["head"]), "last": math.exp(f["tail"]), "fall": -math.expm1(-f["fall"])}


def late_first_evaluation(run, steps: np.ndarray, share: float = 0.2) -> bool:
    """Whether the first of these evaluation ``steps`` came after the first ``share`` of the training (the training
    loss's last step, or the evaluations' own last when later): what they show is a late stretch of the run -- a
    converged one, say -- not the model's history from its start. False when no training loss says how long the run
    was."""
    ts = clean(run.series("train_loss")).index if "train_loss" in run.roles else ()
    if not len(ts) or not len(steps):
        return False
    return float(steps[0]) > share * max(float(ts[-1]), float(steps[-1]), 1.0)


def lr_still_warming(run) -> tuple[np.ndarray, np.ndarray, str] | None:
    """(steps, values, tag) of the LR role -- or of one of its optimizer's parameter groups -- when it rose over the
    whole run and is at its maximum at the last step: the warmup never finished. A learning rate is a schedule, not
    a measurement: it has no noise, so 5 points that rise at (nearly) every step already say the warmup was still
    running; 4 do when the first is exactly 0 and each rises (nobody trains at an LR of 0: a schedule that starts
    there is a warmup by construction, e.g. Ultralytics' logged once an epoch); 3 or 4 do when each rises by a
    nearly equal increment (within 25% of their mean: a linear warmup read once an epoch; no decay, restart or
    plateau rule raises an LR in equal steps); 2 do when the second is twice the first (-1% to +2%) or the first is
    0: a linear ramp from 0 read at the end of its first two equal intervals reads a, 2a -- nothing but a warmup
    doubles an LR, and a run that ends while its LR rises ended inside its warmup (1.9a to 2.04a: a warmup scaled by a
    decay running at the same time, Ultralytics', reads a little short of 2a for a plan of 20 epochs or more, and far
    short for a plan of a few epochs, whose warmup never could finish). The LR must at least double
    (from a start at 0, any rise does).

    The groups of one optimizer share one schedule's length but not its direction: YOLOv5 warms its bias group
    *down* from 0.1 while its weights' groups warm up from 0 (``x/lr0`` falls while ``x/lr1``, ``x/lr2`` rise), so
    the LR role's siblings -- the same name with other group numbers (``x/lr1``, ``lr-AdamW/pg2``) -- are read too."""
    if "lr" not in run.roles:
        return None
    tag = run.tag_for("lr")
    shape = re.sub(r"\d+", "#", tag) if tag else None
    siblings = [t for t in run.tags if t != tag and re.sub(r"\d+", "#", t) == shape] if shape and shape != tag else []
    for t in [tag] + sorted(siblings):
        warm = _warming(clean(run.series("lr") if t == tag else run.tag_series(t)))
        if warm is not None:
            return warm[0], warm[1], str(t)
    return None


def _warming(s: pd.Series) -> tuple[np.ndarray, np.ndarray] | None:
    """(steps, values) of one LR series still warming up at its end (:func:`lr_still_warming`), else None."""
    v = s.to_numpy(dtype=np.float64)
    n = len(v)
    if n < 2 or v.max() <= 0 or v[0] < 0:
        return None
    d = np.diff(v)
    if n == 2:
        # a, 2a; a ramp scaled by a decay that runs at the same time reads a little less (Ultralytics multiplies its
        # warmup by its linear decay factor 1 - 0.99 e/E: 1.96a for a 50-epoch plan, 1.9a for 20; a short plan, whose
        # warmup the decay swamps, reads 1.3a for 3 epochs -- not a doubling)
        rising = bool(d[0] > 0) and (v[0] == 0 or 1.9 <= v[1] / v[0] <= 2.04)
    elif n <= 4:
        linear = bool(np.all(d > 0)) and float(np.max(np.abs(d - d.mean()))) <= 0.25 * float(d.mean())
        rising = linear or bool(n == 4 and v[0] == 0 and np.all(d > 0))
    else:
        rising = np.mean(d > 0) >= 0.9
        up = np.flatnonzero(d > 0)
        if not rising and not (d < 0).any() and len(up) >= 5:
            # an LR updated once per optimizer step and logged once per micro-batch (gradient accumulation) holds
            # each value for a few readings: a ramp still, when it never fell and its rises come at a regular
            # interval from the start to the end (no long flat stretch, which a warmup that ended would leave)
            g = float(np.median(np.diff(up))) if len(up) > 1 else float(n)
            rising = (up[0] <= 3 * g and (n - 2 - up[-1]) <= 3 * g
                      and float(np.max(np.diff(up), initial=0)) <= 3 * g)
    if v[-1] < v.max() * (1 - 1e-9) or not rising or v[-1] < (1.9 if n == 2 else 1.98) * v[0]:
        return None  # (1% short of double still doubles: LRs are often logged in float32 and rounded)
    return s.index.to_numpy(), v


# an LR logged once per interval is the value that interval started with, and a linear decay reaches its floor
# (lrf x lr0, not 0) one or two intervals after the last reading: within this many intervals its schedule ran out
LR_END_INTERVALS = 2.5


def lr_decay_end(steps: np.ndarray, v: np.ndarray, skip: int = 1, min_after: int = 4) -> tuple[float, float] | None:
    """(step where the LR's decay reaches 0 if its recent slope goes on, the logging interval there) for an LR that
    falls smoothly after its peak (linear or cosine decay: at least ``min_after`` readings from the peak on, nearly
    every change a fall, no flat steps dominating); None for a constant, stepped, noisy or rising LR. ``skip`` first
    readings are passed over when finding the peak (a bias group's warmup starting 10x high)."""
    n = len(v)
    if n < 5 or not float(np.max(v)) > 0:
        return None
    skip = min(max(0, skip), n - 1)
    ip = skip + int(np.argmax(v[skip:]))
    peak = float(v[ip])
    post = v[ip:]
    if len(post) < min_after or post[-1] >= 0.95 * peak:
        return None
    d = np.diff(post)
    if np.mean(d <= 1e-12 * peak) < 0.9 or np.mean(d < -1e-9 * peak) < 0.6:
        return None  # not a smooth monotone decay (steps or noise): flat segments dominate
    k = max(3, len(post) // 4)
    xs, ys = steps[ip:][-k:].astype(np.float64), post[-k:]
    slope = float(np.polyfit(xs, ys, 1)[0])
    if not slope < 0:
        return None
    return float(steps[-1]) + float(post[-1]) / -slope, np_median(np.diff(xs))


def lr_cosine_end(steps: np.ndarray, v: np.ndarray, min_after: int = 8, tol: float = 0.02) -> tuple[float, float] | None:
    """(step where a cosine decay from the LR's peak reaches 0, the logging interval there) when the LR after its
    peak follows peak x (1 + cos(pi x t / T)) / 2 to within ``tol`` of T at every reading that has fallen by 0.1% of
    the peak or more (5 of them at least; the first readings of a cosine move less than the printed digits), falling
    at every reading with decrements that grow (a cosine's first half is concave; an exponential or inverse-sqrt
    decay, which has no planned end, is convex). Each such reading alone says T: T_i = pi x t_i / arccos(2 x lr_i /
    peak - 1); they agree only for a cosine with its floor at 0 (CosineAnnealingLR's default eta_min, the HF
    Trainer's 'cosine'). None otherwise -- a decay too shallow to tell, a floor, a restart, steps."""
    n = len(v)
    if n < min_after + 1 or not float(np.max(v)) > 0:
        return None
    ip = int(np.argmax(v))
    peak = float(v[ip])
    post, t = v[ip:].astype(np.float64), steps[ip:].astype(np.float64) - float(steps[ip])
    if len(post) < min_after:
        return None
    d = np.diff(post)
    if (d > 1e-12 * peak).any() or np.mean(d < -1e-9 * peak) < 0.9:
        return None  # a rise, or flat stretches: not a smooth decay
    r = post / peak
    use = (1.0 - r >= 1e-3) & (r > 0.0)
    if int(use.sum()) < 5 or r[-1] < 0.5:
        return None  # too shallow to tell; past the half-way point the existing slope extrapolation serves
    dd = -d[-max(3, len(d) // 2):]
    if not float(np.mean(dd[len(dd) // 2:])) > float(np.mean(dd[: max(1, len(dd) // 2)])):
        return None  # decrements not growing: convex (exponential, inverse sqrt) or linear
    T = math.pi * t[use] / np.arccos(np.clip(2.0 * r[use] - 1.0, -1.0, 1.0))
    mid = float(np.median(T))
    if not mid > 0 or (float(np.max(T)) - float(np.min(T))) > tol * mid:
        return None
    return float(steps[ip]) + mid, np_median(np.diff(steps[ip:].astype(np.float64)))


def lr_ran_out(steps: np.ndarray, v: np.ndarray, frac: float) -> bool:
    """The LR schedule had ended by the last reading: the LR is at most ``frac`` of its peak, or its smooth decay
    reaches 0 within LR_END_INTERVALS logging intervals (a short linear schedule logged per epoch ends well above
    frac of its peak: 2.1e-3 of 8e-3 at the last of 10 epochs)."""
    if not len(v) or not float(np.max(v)) > 0:
        return False
    if float(v[-1]) <= frac * float(np.max(v)):
        return True
    end = lr_decay_end(steps, v)
    return end is not None and end[0] - float(steps[-1]) <= LR_END_INTERVALS * end[1]
