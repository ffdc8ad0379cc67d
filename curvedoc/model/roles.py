"""Map each run's tags to roles (train_loss, val_loss, lr, grad_norm, ...).

The alias table is data: ``rules/roles.toml``. See that file for the matching rules.

Pure functions of a run's data and the overrides given: :func:`resolve` returns the roles, the notes and the
series it derived, and a :class:`~curvedoc.model.run.RunView` keeps them; nothing here writes into a run. What a
function works out once per run (the role facts of every tag name, the reinforcement-learning marker) is kept in
the view's memo (``run.memo("roles")``).
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Mapping

import numpy as np

from curvedoc._resources import load_toml

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from curvedoc.model.run import Run


@functools.lru_cache(maxsize=1)
def _table():
    """(role, ordered patterns, one combined regex) per role, and per family.

    The combined regex is the patterns as ordered alternatives ``(?P<p0>...)|(?P<p1>...)``: one
    ``fullmatch`` per tag finds the FIRST pattern that matches (the alternation is tried in order), so a
    log with 100k tags costs one regex call per tag and role instead of one per pattern."""
    data = load_toml("roles.toml")
    roles = []
    for role in data["order"]:
        pats = data["roles"][role]["patterns"]
        roles.append((role, pats, _combine(pats)))  # the combined regex is the one matched
    families = {
        name: ([re.compile(p) for p in spec["patterns"]], _combine(spec["patterns"]))
        for name, spec in data.get("families", {}).items()
    }
    return roles, families, _combine(data.get("rl_markers", []) or ["(?!)"])


@functools.lru_cache(maxsize=1)
def _any_table_name() -> tuple[re.Pattern, re.Pattern]:
    """(one regex over every role's patterns, one over every family's): a tag that fully matches neither -- most
    tags of a log with thousands of keys -- is passed over with one regex call instead of one per role/family."""
    roles, families, _ = _table()
    return (_union([p for _, pats, _ in roles for p in pats]),
            _union([p.pattern for pats, _ in families.values() for p in pats]))


def _union(patterns: list[str]) -> re.Pattern:
    return re.compile("|".join(f"(?:{p})" for p in patterns) or "(?!)")


def _combine(patterns: list[str]) -> re.Pattern:
    return re.compile("|".join(f"(?P<p{i}>{p})" for i, p in enumerate(patterns)))


def _first_pattern(combined: re.Pattern, text: str) -> int | None:
    """Index of the first pattern that fully matches ``text`` (the outer named group closes last)."""
    m = combined.fullmatch(text)
    return int(m.lastgroup[1:]) if m else None


def _table_hits(norm: str) -> tuple[int | None, ...]:
    """The first pattern of each role (in the table's order) that fully matches the normalised name ``norm``;
    all None, after one regex call, when no role's pattern does."""
    if _any_table_name()[0].fullmatch(norm) is None:
        return _no_hits()  # one shared tuple: a run keeps these for each of its (maybe 200,000) tags
    return tuple(_first_pattern(combined, norm) for _, _, combined in _table()[0])


@functools.lru_cache(maxsize=1)
def _no_hits() -> tuple[None, ...]:
    return (None,) * len(_table()[0])


def _name_facts(run: "Run") -> dict[str, tuple[tuple[str, int] | None, tuple[int | None, ...]]]:
    """tag -> (its role by its words (infer_role), its first table pattern per role (_table_hits)) for every tag
    of the run: what role resolution asks of each name, asked once per tag -- a log with 200,000 distinct keys
    costs 200,000 inferences, not one per tag and role (infer_role's bounded cache cannot hold them all).
    Kept in the view's memo (:meth:`~curvedoc.model.run.RunView.memo`): the run's tags never change."""
    held = run.memo("roles")
    facts = held.get("name_facts")
    if facts is None:
        facts = held["name_facts"] = {t: _tag_facts(t) for t in run.tags}
    return facts


@functools.lru_cache(maxsize=1 << 16)
def _tag_facts(tag: str) -> tuple[tuple[str, int] | None, tuple[int | None, ...]]:
    """(infer_role(tag), _table_hits(_norm(tag))): pure functions of the name and the role table, so the runs of a
    sweep, which mostly log the same names, ask the regexes once per name and process (~2 us a tag otherwise,
    asked again on every run); bounded, so a log of 200,000 keys costs what it did."""
    return infer_role(tag), _table_hits(_norm(tag))


def _inferred(run: "Run", tag: str) -> tuple[str, int] | None:
    """infer_role(tag) through the run's facts (a derived series or an override's name: asked directly)."""
    f = _name_facts(run).get(tag)
    return f[0] if f is not None else infer_role(tag)


def role_names() -> list[str]:
    return [r for r, _, _ in _table()[0]]


# Roles a rule may need that no single tag fills: "metric" = at least one quality metric (accuracy, mAP, WER,
# reward ...; curvedoc.model.metrics) with 3+ finite points. "baseline" = the run is being compared with a
# baseline run (curvedoc compare); rules that need it do not apply to diagnose and are not listed as skipped.
# "rl_return" = a reinforcement-learning run (rl_marker) with a return, reward or success rate among those metrics:
# what a rule reads instead of a loss that tracks a moving target.
PSEUDO_ROLES = ("metric", "baseline", "rl_return")


def family_names() -> list[str]:
    return list(_table()[1])


def _norm(tag: str) -> str:
    return " ".join(tag.strip().lower().split())


def tag_stem(tag: str) -> str:
    """The part of a loss tag that names *which* loss it is, for pairing train and val tags (``train/loss_cls`` and
    ``val/loss_cls`` -> ``loss cls``)."""
    t = _norm(tag)
    t = re.sub(r"(^|[/_ ])(train|training|val|valid|validation|eval|test)(?=$|[/_ ])", " ", t)
    t = re.sub(r"_(step|epoch)$", "", t)
    return " ".join(re.split(r"[/_ ]+", t)).strip()


_stem = tag_stem  # the name this module and the detectors use (the detectors move to tag_stem in their own room)


# which held-out set a split word names: a test set's words, the prediction run's, and every other held-out word of
# the one split vocabulary ([tokens] val) a validation set's
_TEST_WORDS = frozenset({"test", "testing", "tst", "te"})


@functools.lru_cache(maxsize=1)
def _held_out_sets() -> tuple[tuple[str, frozenset[str]], ...]:
    said = set(_vocab().get("val", ()))
    return (("test", frozenset(said & _TEST_WORDS)), ("predict", frozenset(said & {"predict"})),
            ("val", frozenset(said - _TEST_WORDS - {"predict"})))


def split_word(tag: str) -> str:
    """Which data a loss tag measures, by its split word: 'test', 'predict', 'val' (a validation set under any of
    its names), else 'train'."""
    from curvedoc.model.metrics import held_out_as_one_word

    words = set(re.split(r"[/_ .\-]+", held_out_as_one_word(_norm(tag))))
    return next((name for name, said in _held_out_sets() if words & said), "train")


def rl_marker(run: "Run") -> str | None:
    """The first tag that marks a reinforcement-learning run (returns, episode rewards, success rates), or None.

    Computed once per view (a run's tags never change) and kept in its memo: role resolution and several detectors
    ask."""
    held = run.memo("roles")
    if "rl_marker" not in held:
        held["rl_marker"] = next((t for t in run.tags if _marks_rl(t)), None)
    return held["rl_marker"]


@functools.lru_cache(maxsize=1 << 16)
def _marks_rl(tag: str) -> bool:
    """Whether the tag's name fully matches an RL marker (asked once per name and process, like :func:`_tag_facts`)."""
    return _table()[2].fullmatch(_norm(tag)) is not None


def resolve_roles(run: "Run", overrides: Mapping[str, str] | None = None) -> tuple[dict[str, str], list[str]]:
    """Return (role -> tag, notes). Notes explain choices among several candidates and bad overrides."""
    chosen, notes, _ = resolve(run, overrides)
    return chosen, notes


def resolve(run: "Run", overrides: Mapping[str, str] | None = None) -> tuple[dict[str, str], list[str],
                                                                              dict[str, "pd.Series"]]:
    """(role -> tag, notes, derived series): :func:`resolve_roles`, plus the series made from logged ones that a
    role names (the sum of a loss logged only as its parts), name -> series. A
    :class:`~curvedoc.model.run.RunView` keeps all three; nothing is written into ``run``."""
    derived: dict[str, "pd.Series"] = {}
    roles_table = _table()[0]
    counts = run.tag_counts()
    tags = list(counts)
    facts = _name_facts(run)
    # only a tag some role's pattern names, or whose words give it a role, can fill one: the others (most keys of a
    # log with thousands of them) are set aside once instead of being looked at again for every role
    named = [t for t in tags if facts[t][0] is not None or any(i is not None for i in facts[t][1])]
    chosen: dict[str, str] = {}
    notes: list[str] = []
    used: set[str] = set()
    overrides = dict(overrides or {})
    for role, tag in overrides.items():
        if tag in counts:
            chosen[role] = tag
            used.add(tag)
        else:
            notes.append(f"role override {role}={tag}: the run has no tag {tag!r}")
    for k, (role, _patterns, _combined) in enumerate(roles_table):
        if role in chosen:
            continue
        # the words of a tag say which role it can fill (infer_role); among those candidates a name the table
        # knows ranks first, in the table's order (the conventional name of each framework), then the plainest
        # name by its words; a name known only by its words must also have values that role can take
        idx: dict[str, tuple[int, int]] = {}
        for t in named:
            if t in used:
                continue
            r, hits = facts[t]
            i = hits[k]
            if i is not None and _table_name_stands(r, t, role):
                # a conventional name, unless its words say it is another role or no series at all
                # ('lr_scale' is a multiplier; 'MAE on validation after epoch' has no vocabulary word and stands)
                rank = (0, i)
            elif r is not None and r[0] == role and (r[1] == 0 or role not in _WHOLE_ONLY) \
                    and _values_fit(run, t, role):
                rank = (1, r[1])
            else:
                continue
            if role in _LOSS_ROLES and (is_placeholder(run, t) or _switched_off(run, t, r)):
                continue
            idx[t] = rank
        if not idx:
            continue
        # a single point beside a curve is a summary written at the end (DVCLive's and HF's
        # final 'train/loss'), not the curve the role is about: the name ranks only among curves
        if any(counts[t] >= _MIN_CURVE for t in idx):
            idx = {t: r for t, r in idx.items() if counts[t] >= _MIN_CURVE}
        # two readings beside a curve of the same role with at least 3x as many over the same span are a summary
        # printed twice (the best checkpoint's 'val_loss=' at each save beside the per-epoch 'ValLoss'), not the curve
        idx = {t: r for t, r in idx.items()
               if counts[t] > 2 or not any(counts[d] >= max(6, 3 * counts[t]) and _covers(run, d, t) for d in idx)}
        if role in _EPOCH_SUMMARY_ROLES and len(idx) > 1:
            idx = _forward_over_in_epoch(run, idx)
        if role == "train_loss" and len(idx) > 1:
            # a per-epoch summary beside the curve it summarises: fairseq's '[train]' train_loss (17 points) beside
            # its per-update loss (71): the denser curve over the same span is the one the rules should read
            idx = _dense_over_summary(run, idx, counts)
        all_candidates = sorted(idx, key=idx.__getitem__)  # stable: pattern order, then tag order
        best = min(idx.values())
        cands = [t for t in all_candidates if idx[t] == best]
        multi = [c for c in cands if counts[c] >= 2] or cands
        if role == "train_loss" and len(multi) > 1:
            # the training loss is the one a validation loss mirrors: 'loss_G' beside 'val_loss_G' (a GAN's
            # generator), not 'loss_D' (its discriminator), when both are equally plain names
            val_stems = {_stem(t) for t in named if (r := facts[t][0]) is not None and r[0] == "val_loss"}
            multi = [c for c in multi if _stem(c) in val_stems] or multi
        if role == "val_loss" and "train_loss" in chosen and len(multi) > 1:
            stem = _stem(chosen["train_loss"])
            paired = [c for c in multi if _stem(c) == stem]
            multi = paired or multi
        if role == "lr" and all(_warms_down(run, c) for c in multi):
            # an optimizer's parameter groups side by side (YOLO's x/lr0, x/lr1, x/lr2; lr/pg0, lr/pg1): the
            # schedule is read on a group whose start is not a transient far above the rest of its run -- the first
            # group of YOLO's optimizer holds the biases, warmed DOWN from 10x the LR (warmup_bias_lr 0.1 -> lr0
            # 0.01), which would put the schedule's 'peak' at that first reading. A sibling (the same name with
            # other digits) with as many points that starts at or below its schedule is read instead
            sib = [t for t in all_candidates if t not in multi and _siblings(t, multi[0])
                   and counts[t] >= counts[multi[0]] and not _warms_down(run, t)]
            multi = sib[:1] or multi
        # among as many points, the plainest name by its words first: a total ('total loss', rank 0) over its parts
        # ('ctc loss', 'score loss': rank 1) when one table pattern names them all, then the shortest
        # and for a held-out role, a validation set's series over a test set's of the same standing: the one scored
        # to steer the training (Ludwig's 'validation/combined/accuracy' beside 'test/combined/accuracy')
        pick = sorted(multi, key=lambda c: (-counts[c], _word_rank(facts[c][0], role),
                                            role.startswith("val") and split_word(c) == "test", len(c), c))[0]
        if pick is None:
            continue
        chosen[role] = pick
        used.add(pick)
        others = [c for c in all_candidates if c != pick]
        if idx[pick][0] == 1:
            notes.append(f"{role}: {pick!r} by its words (no conventional {role} name)"
                         + (f"; chosen over {', '.join(repr(o) for o in others[:4])}" if others else ""))
        elif others and role in ("train_loss", "val_loss", "train_acc", "val_acc", "lr", "grad_norm"):
            shown = ", ".join(repr(o) for o in others[:4]) + (" ..." if len(others) > 4 else "")
            notes.append(f"{role}: chose {pick!r} ({counts[pick]} points) over {shown}")
    _unqualified_acc_held_out(chosen, notes)
    rl_tag = rl_marker(run)
    if rl_tag is not None:
        if "train_loss" not in chosen:
            _rl_value_loss(run, chosen, notes, counts, used)
        if "train_loss" in chosen or "val_loss" in chosen:
            notes.append(f"reinforcement-learning run ({rl_tag!r} logged): its loss tracks a moving target and need "
                         "not fall, so the rules that expect a falling loss judge the return or success instead")
    elif "train_loss" not in overrides:
        _total_of_parts(run, chosen, notes, counts, used)
        _component_sums(run, chosen, notes, counts, overrides, derived)
    if "train_loss" not in chosen and "val_loss" not in chosen:
        _regression_error_as_loss(run, chosen, notes, counts, used)
    if not overrides and ("train_loss" not in chosen or "val_loss" not in chosen):
        _split_named_loss(run, chosen, notes, counts, used)
    if "lr" not in chosen:
        _eta_as_lr(run, chosen, notes, counts, used)
    return chosen, notes, derived


def _eta_as_lr(run: "Run", chosen: dict[str, str], notes: list[str], counts: Mapping[str, int], used: set[str]) -> None:
    """A series named 'eta' (or 'η') alone whose every reading is a number in (0, 1) is the learning rate η, the
    symbol the optimisation literature writes it with -- not the time a progress bar says is left (seconds or a
    clock, above 1 for all but a run's last moments; 'eta' is bookkeeping to the vocabulary). Three readings or
    more, where no LR is named."""
    for t, n in counts.items():
        if t in used or n < 3 or _norm(t) not in ("eta", "η"):
            continue
        v = run.tag_values(t)
        if len(v) and np.isfinite(v).all() and (v > 0).all() and (v < 1).all():
            chosen["lr"] = t
            used.add(t)
            notes.append(f"lr: {t!r} holds numbers in (0, 1) at every reading: the learning rate η, not a time left")
            return


def _unqualified_acc_held_out(chosen: dict[str, str], notes: list[str]) -> None:
    """An accuracy named by no split is the held-out one where the log names its losses by their splits
    (:func:`unqualified_metrics_held_out`): train_acc becomes val_acc."""
    from curvedoc.model.metrics import named_split, unqualified_metrics_held_out

    acc = chosen.get("train_acc")
    if acc is None or "val_acc" in chosen or named_split(acc) is not None:
        return
    if unqualified_metrics_held_out(chosen, [acc]):
        chosen["val_acc"] = chosen.pop("train_acc")
        notes.append(f"val_acc: {acc!r} names no split beside {chosen['train_loss']!r} and {chosen['val_loss']!r}, "
                     "losses named by theirs: read as the held-out accuracy")


# the names of a split alone ('0 train 11.03', '250 val 10.91')
_SPLIT_ALONE = {"train": "train_loss", "training": "train_loss", "trn": "train_loss", "val": "val_loss",
                "valid": "val_loss", "validation": "val_loss", "dev": "val_loss", "eval": "val_loss", "test": "val_loss",
                "tst": "val_loss", "heldout": "val_loss", "held-out": "val_loss", "holdout": "val_loss",
                "testing": "val_loss", "evaluation": "val_loss", "hold": "val_loss", "check": "val_loss",
                # (the training phase by its verb: Keras' and Lightning's fit, 'fit 2.07 | holdout 1.38')
                "fit": "train_loss",
                # ... and the training objective named as such ('round 3 -> objective 1.41 heldout 1.65 hit-rate
                # 0.20'): the quantity a training minimises, under the same guards (no loss named, it falls)
                "objective": "train_loss"}
# ... and the splits' two-letter short forms alone ('e001 tr 1.0965 va 0.6791 score 0.74'): names of a split only where
# two different ones are tags of the run (a lone 'tr' or 'te' may be any quantity's short name), as the reader takes
# 'tr_' / 'va_' column prefixes for splits only side by side (textlog.parser.abbreviated_splits)
_SHORT_SPLIT_ALONE = {"tr": "train_loss", "va": "val_loss", "vl": "val_loss", "te": "val_loss"}
# ... and a split's objective named as such ('objective 1.41 | heldout_objective 1.65', 'train objective' / 'holdout
# objective', or short, 'fit_obj' / 'holdout_obj'): the quantity that split's examples are scored by, the loss, under
# the same guards
_SPLIT_OBJECTIVE = re.compile(r"(train|training|trn|fit|val|valid|validation|dev|eval|evaluation|test|testing|tst|heldout"
                              r"|held-out|holdout|hold|check)"
                              r"[ _/\-]?(?:objective|obj)")
# ... and the training objective under the statistic it was taken as ('avg objective', 'mean_objective', 'epoch
# objective'): the objective of the training split
_STAT_OBJECTIVE = re.compile(r"(?:avg|average|mean|running|epoch|batch|total)[ _/\-]?(?:objective|obj)")


def _split_named_loss(run: "Run", chosen: dict[str, str], notes: list[str], counts: Mapping[str, int],
                      used: set[str]) -> None:
    """A print log that names each number only by its split ('STEP train LOSS' / 'STEP val LOSS', nanoGPT-style
    scripts) prints the one quantity a training is about for each split: its loss -- as does one that names it the
    split's objective ('heldout_objective', 'fit_obj') or the training objective under a statistic ('avg objective').
    A role a loss name fills already keeps it; the others are filled only for a training series that falls (the medians of its last fifth
    below those of its first: a rate that rises is an accuracy) and is positive -- or that broke to NaN/Inf (a rate
    never does); the held-out series of the same log then fills val_loss unless a held-out loss is named already
    ('objective 1.61 heldout loss 1.65': a print log's bare 'heldout' is read as that split's loss)."""
    picks: dict[str, str] = {}
    if "val_loss" in chosen:
        used = used | {chosen["val_loss"]}
    shorts = {t.strip().lower() for t in counts} & set(_SHORT_SPLIT_ALONE)
    alone = {**_SPLIT_ALONE, **(_SHORT_SPLIT_ALONE if len(shorts) >= 2 and "tr" in shorts else {})}
    for t, n in counts.items():
        role = alone.get(t.strip().lower())
        if role is None and (m := _SPLIT_OBJECTIVE.fullmatch(_norm(t))) and m.group(1) in _SPLIT_ALONE:
            role = _SPLIT_ALONE[m.group(1)]  # 'heldout_objective', 'train objective': the objective of that split
        if role is None and _STAT_OBJECTIVE.fullmatch(_norm(t)):
            role = "train_loss"
        if role is None or t in used or role in picks:
            continue
        raw = run.tag_values(t)
        v = raw[np.isfinite(raw)]
        if len(v) < 3 and len(raw) >= (3 if role == "train_loss" else 1) and not np.isfinite(raw).all():
            # NaN or infinite at every reading, or at all but the first one or two: the loss broken from its first
            # prints (see below)
            picks[role] = t
            continue
        if len(v) < (3 if role == "train_loss" else 1) or (v <= 0).any():
            continue
        picks[role] = t
    train = picks.get("train_loss")
    if train is None and "train_loss" in chosen and "val_loss" in picks and "val_loss" not in chosen:
        # a held-out series named only by its split beside a training loss named as one ('trn loss 0.62 | hold
        # 0.71'): the loss of that split when it falls as a loss does -- an accuracy printed the same way rises
        held = run.tag_values(picks["val_loss"])
        held = held[np.isfinite(held)]
        k = max(1, len(held) // 5)
        if len(held) >= 3 and float(np.median(held[-k:])) < float(np.median(held[:k])):
            chosen["val_loss"] = picks["val_loss"]
            used.add(picks["val_loss"])
            notes.append(f"val_loss: {picks['val_loss']!r} names only its split beside {chosen['train_loss']!r}, and "
                         "falls: read as that split's loss")
        return
    if train is None:
        return
    v = run.tag_values(train)
    v = v[np.isfinite(v)]
    # a training series never finite (NaN from the first epoch: weights blown up before the first print) is the
    # loss all the same -- a rate or score printed per split holds a number even when the model is broken, the
    # loss is what turns NaN -- and that it never held a number is divergence's finding, not a silence
    fifth = max(1, len(v) // 5)
    last, first = (float(np.median(v[-fifth:])), float(np.median(v[:fifth]))) if len(v) else (0.0, 0.0)
    # (a series named the objective is what the training minimises: it need not fall from fifth to fifth -- a frozen
    # model's never moved, one that fell at its first step sits flat after -- only not rise past where it began, its
    # first reading or its first fifth; a bare split name must show it falls)
    if re.search(r"(?:^|[ _/\-])(?:objective|obj)$", _norm(train)):
        falls = len(v) > 0 and last <= max(first, float(v[0]))
    else:
        falls = last < first
    if len(v) and not falls and np.isfinite(run.tag_values(train)).all():
        # a rising series named by its split is an accuracy or a score, not the loss -- unless it broke to NaN/Inf:
        # a rate never does, and what a training minimises that rose until it broke (or broke at once) diverged
        return
    for role, t in picks.items():
        if role in chosen:
            # (a loss named already keeps its role; the split-named series of a role still open -- the held-out
            # 'valid_objective' beside a named 'batch_loss' -- takes it, the training one's fall its witness)
            continue
        chosen[role] = t
        used.add(t)
        notes.append(f"{role}: {t!r} names only its split; no loss is named, so it is read as that split's loss")


# the errors a regression minimises, most usual loss first: MSE is the loss, RMSE and MAE follow it step for step
_REGRESSION_ERRORS = ("mse", "rmse", "mae")


def _siblings(a: str, b: str) -> bool:
    """Two tags that differ only in their digits (x/lr0 and x/lr2, lr/pg0 and lr/pg1): parameter groups of one
    optimizer."""
    return a != b and re.sub(r"\d+", "#", a) == re.sub(r"\d+", "#", b)


def _warms_down(run: "Run", tag: str) -> bool:
    """An LR series whose first reading stands 3x or more above the median of the run after it: a warmup that
    starts high and falls to the schedule (a bias group's), not the schedule's own start."""
    v = _raw_values(run, tag)
    if v is None or len(v) < 5 or not v[0] > 0:
        return False
    return bool(v[0] >= 3.0 * float(np.median(v[1:])))


def _word_rank(fact: tuple[str, int] | None, role: str) -> int:
    """The rank a tag's words give it for ``role`` (:func:`infer_role`: 0 a total or plain name, 1 a part ...), or
    one past any rank when its words name another role or none."""
    return fact[1] if fact is not None and fact[0] == role else 99


_GRANULARITY_TAIL = re.compile(r"[/_\-\s](?:step|steps|batch|iter|iters|iteration)$")


def _beyond_a_share(run: "Run", tag: str) -> bool:
    """A series whose finite readings go above 100 somewhere: no share of examples, neither of 1 nor of 100."""
    v = run.tag_values(tag)
    v = v[np.isfinite(v)]
    return len(v) > 0 and float(np.max(v)) > 100.0


def _regression_error_as_loss(run: "Run", chosen: dict[str, str], notes: list[str], counts: Mapping[str, int],
                              used: set[str]) -> None:
    """A log with no loss series that records a regression error on the training split (``train_mse``): that
    error is what the model minimises (MSE is the regression loss; RMSE and MAE move with it), so it fills the loss
    roles -- its training-split series train_loss, the same error's held-out series val_loss. A bare name beside its
    'val_' twin (Keras's ``mse`` and ``val_mse``) is the training split. The first error kind of _REGRESSION_ERRORS
    that has a training-split series (of 3+ points: a curve) decides; both roles take that kind. The held-out series
    needs only one point: evaluations are rare, and a run evaluated once (at its end) still has a validation loss to
    set beside its training loss."""
    from curvedoc.model.metrics import classify, named_split

    found: dict[tuple[str, str], list[str]] = {}
    errors: dict[str, tuple[str, str | None]] = {}
    magnitude: dict[str, tuple[str | None, bool]] = {}
    for t, n in counts.items():
        if t in used or n < 1:
            continue
        c = classify(t)
        if c is not None and c[0] == "error" and not c[1]:
            # an 'error' with readings above 100 is no share of examples (nor a percentage): a magnitude the model
            # minimises ('trainError = 409.99', a sum of squared errors), the loss where none is named -- and its
            # held-out twin the same magnitude, whatever its own readings (testError 0.61 -> 14.7)
            magnitude[t] = (named_split(t), _beyond_a_share(run, t))
            continue
        if c is None or c[0] not in _REGRESSION_ERRORS or c[1] or c[3]:
            continue
        errors[t] = (c[0], named_split(t))
    # ... and so is an 'error' beside a coefficient of determination (R²): the run is a regression, its error the
    # squared or absolute distance it minimises, not a share of examples misclassified ('train_err' / 'check_err'
    # beside 'r2')
    regression = any((c := classify(t)) is not None and c[0] == "r2" for t in counts)
    if any(beyond for _, beyond in magnitude.values()) or (magnitude and regression):
        errors.update({t: ("error", split) for t, (split, _) in magnitude.items()})
    held_stems = {tag_stem(t) for t, (_, split) in errors.items() if split == "val"}
    named_train = {kind for kind, split in errors.values() if split == "train"}
    for t, (kind, split) in errors.items():
        # a granularity word after the name says how often it is logged, not which split ('mse/step', 'mse_batch',
        # Lightning's '_step'): the name without it is the bare name
        bare = _GRANULARITY_TAIL.sub("", _norm(t))
        if split is None and kind not in named_train and tag_stem(bare) == bare and bare in held_stems:
            # Keras's convention (History, CSVLogger, TensorBoard): the bare name is the training split of the
            # 'val_'-prefixed one beside it (mse / val_mse, or mse/step beside mse/valid) -- where no name says
            # 'train' itself
            split = "train"
        if split is not None and (split == "val" or counts[t] >= 3):
            found.setdefault((kind, split), []).append(t)
    for kind in (*_REGRESSION_ERRORS, "error"):
        train = found.get((kind, "train"))
        if not train:
            continue
        for role, tags in (("train_loss", train), ("val_loss", found.get((kind, "val")))):
            if not tags:  # (neither loss role is chosen here: an override of either skips this whole step)
                continue
            pick = sorted(tags, key=lambda c: (-counts[c], len(c), c))[0]
            chosen[role] = pick
            used.add(pick)
            notes.append(f"{role}: no loss is logged, so the regression error {pick!r} ("
                         + ("an error above 100 at some reading: no share of examples, a magnitude the model "
                            "minimises" if kind == "error" else f"{kind.upper()}, what a regression minimises")
                         + ") stands for it")
        return


# the words of a value-function loss: the part of an actor-critic or Q-learning run trained by regression
_VALUE_WORDS = frozenset({"critic", "value", "q", "td", "cri", "vf"})


_EPOCH_SUMMARY_ROLES = ("train_loss", "val_loss", "train_acc", "val_acc")


def _in_epoch_steps(steps: np.ndarray) -> bool:
    """Do these steps count inside each epoch (or each evaluation) rather than along the run: they go back to their
    first value three times or more, each climb stopping where the one before or after it stops (PaddleClas' 'train
    step:10' and 'valid step:10', printed with no epoch length)? A run restarted in the same file goes back too, but
    its launches do not stop where the launch before or after them stopped."""
    back = np.flatnonzero(steps[1:] < steps[:-1])
    if len(back) < 3 or not np.all(steps[back + 1] == steps[0]):
        return False
    tops = steps[back]
    same = tops[1:] == tops[:-1]
    paired = np.zeros(len(tops), dtype=bool)
    paired[1:] |= same
    paired[:-1] |= same
    return bool(paired.all())


def _forward_over_in_epoch(run: "Run", idx: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Candidates whose steps count inside each epoch or evaluation (PaddleClas' running 'loss' at 'train step:10',
    the evaluation's progress at 'valid step:10') give way to a candidate of the same series -- the same name and
    split once the split words are set aside -- whose steps only go forward (the 'END epoch:3  train loss: ..' /
    'valid loss: ..' summary): on a step axis that starts again at every epoch the later epochs overwrite the
    earlier ones, and an evaluation's progress is no evaluation result."""
    steps = {t: run.tag_steps(t) for t in idx}
    forward = {t for t, st in steps.items() if len(st) >= _MIN_CURVE and np.all(st[1:] > st[:-1])}
    if not forward:
        return idx
    out = dict(idx)
    for t, st in steps.items():
        if t in forward or not _in_epoch_steps(st):
            continue
        if any(_stem(f) == _stem(t) and split_word(f) == split_word(t) for f in forward):
            del out[t]
    return out or idx


def _covers(run: "Run", dense: str, sparse: str) -> bool:
    """The steps of ``dense`` span those of ``sparse`` (to within one of the dense curve's own logging intervals at
    either end: nanoGPT logs its first iteration at step 10 and evaluates at step 0)."""
    a, b = run.tag_series(sparse).index, run.tag_series(dense).index
    if not len(a) or len(b) < 2:
        return False
    gap = float(np.median(np.diff(b.to_numpy(dtype=np.float64))))
    return bool(b[0] <= a[0] + gap and b[-1] >= a[-1] - gap)


def _dense_over_summary(run: "Run", idx: dict[str, tuple[int, int]], counts: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """The best-ranked candidate yields its rank to a plainer candidate with at least 3x its points whose steps
    span its own (to within one of the dense curve's logging intervals at either end: nanoGPT logs its first
    iteration at step 10 and evaluates at step 0): the sparse one is a summary of that curve."""
    best = min(idx, key=idx.__getitem__)
    for t in sorted(idx, key=idx.__getitem__):
        if t == best or counts[t] < 3 * counts[best] or idx[t][0] != 0:
            continue
        if _covers(run, t, best):
            return {**idx, t: (idx[best][0], idx[best][1] - 1)}
    return idx


def _rl_value_loss(run: "Run", chosen: dict[str, str], notes: list[str], counts: Mapping[str, int],
                   used: set[str]) -> None:
    """A reinforcement-learning run that logs no plain loss ('train/loss_critic' beside 'train/loss_actor',
    'value_loss' beside 'policy_loss'): its training loss is the value (critic, Q, TD) loss, the one part of an
    actor-critic or Q-learning update that is a regression to targets; the policy/actor loss is a negated value
    estimate, not an error. Held-out losses and single points are not candidates; the most points wins. A loss named
    by its network alone ('critic=0.45 | actor=0.30', the networks' losses printed under their names in an agent's
    log) is that network's loss: a tag whose one word is a value word is a candidate as 'critic_loss' is."""
    v = _vocab()
    cands = []
    for t, n in counts.items():
        if t in used or n < _MIN_CURVE:
            continue
        words, have, _ = _words(t)
        named_alone = len(words) == 1 and words[0] in _VALUE_WORDS
        if (have & v["loss"] or named_alone) and have & _VALUE_WORDS and not have & v["val"] \
                and not is_placeholder(run, t):
            cands.append(t)
    if cands:
        pick = sorted(cands, key=lambda c: (-counts[c], len(c), c))[0]
        chosen["train_loss"] = pick
        used.add(pick)
        notes.append(f"train_loss: {pick!r}, the value (critic) loss: a reinforcement-learning run's regression part")


# A loss logged only as its parts (Ultralytics box/cls/dfl, Detectron2 without total_loss, a VAE's recon + kl) is
# judged on their sum -- the quantity the optimiser minimises, up to the weights -- not on whichever part was
# picked: one part can overfit or blow up while the others hide it, and the sum shows both. Only parts logged
# together (at least SUM_SHARED of each one's steps in common) and never negative are added (an adversarial
# 'task - lambda * domain' has a negative part: its sum is not a loss to judge). The parts stay available to the
# rules that judge each one (overfitting, spikes).
SUM_SHARED = 0.8
SUM_MAX_PARTS = 12


def _loss_parts(run: "Run", role: str, counts: Mapping[str, int], skip: set[str]) -> list[str]:
    """The tags whose words make them a part of ``role``'s loss (rank >= 1: a qualified loss name), as curves;
    none when one of them goes negative (the parts then do not add up to a loss to judge)."""
    out = []
    for t, n in counts.items():
        if t in skip or n < 3:
            continue
        r = _inferred(run, t)
        if r is None or r[0] != role or r[1] < 1 or is_placeholder(run, t):
            continue
        v = _raw_values(run, t)
        if v is None or not len(v):
            continue
        if v.min() < 0:
            return []
        out.append(t)
    return sorted(out)


def _extends(tag: str, base: str) -> bool:
    """``tag`` is ``base`` with more words after it (``loss_G_l1`` extends ``loss_G``; ``loss_Gx`` does not)."""
    return len(tag) > len(base) + 1 and tag.startswith(base) and tag[len(base)] in "_/.-: "


def _extended(tags: list[str]) -> list[str]:
    """The tags (of a sorted list) that another tag of the list extends (:func:`_extends`), in their order. The
    tags starting with ``base + sep`` sit together in sorted order, so each base costs a few bisections, not a
    pass over every other tag (a log with thousands of loss parts)."""
    import bisect

    out = []
    for base in tags:
        for sep in "_/.-: ":
            head = base + sep
            at = bisect.bisect_left(tags, head)
            # the first tag at or after base+sep that starts with it; base+sep itself does not extend base
            if at < len(tags) and tags[at] == head:
                at += 1
            if at < len(tags) and tags[at].startswith(head):
                out.append(base)
                break
    return out


_TOTAL_WORDS = ("total", "sum")
_TOTAL_PARTS_MAX = 6  # the other series of a run tried as the parts of a total (tags with many series: none tried)


def _total_of_parts(run: "Run", chosen: dict[str, str], notes: list[str], counts: Mapping[str, int],
                    used: set[str]) -> None:
    """A series named only 'total' (or 'sum') whose every point is the sum of two or more other series logged with it
    (a VAE's ``recon=.. kl=.. total=..``), each maybe with its weight (``total=.. det=.. kd=..``: det + 0.5 kd), is
    the loss those parts make up: the training loss, and the held-out
    series of the same name ('val total') the validation loss -- when no name says which series is the loss, or the
    one chosen is one of its parts ('recon', a loss by its words)."""
    import itertools

    import numpy as np

    def named_total(t: str) -> bool:
        words = [w for w in re.split(r"[/_ .\-]+", _norm(t)) if w]
        return bool(words) and words[-1] in _TOTAL_WORDS and all(
            w in _TOTAL_WORDS or split_word(w) != "train" or w in ("train", "training") for w in words)

    totals = [t for t in counts if named_total(t) and counts[t] >= 3 and t not in used]
    if not totals or len(counts) > 40 or (chosen.get("train_loss") is not None and _table_hits(
            _norm(chosen["train_loss"]))[role_names().index("train_loss")] is not None):
        return  # (none, or the loss has its conventional name)
    for t in sorted(totals, key=lambda x: (split_word(x) != "train", -counts[x])):
        if split_word(t) != "train":
            continue
        tot = run.tag_series(t)
        sibs = [o for o in counts if o != t and not named_total(o) and counts[o] == counts[t]
                and split_word(o) == "train" and run.tag_series(o).index.equals(tot.index)]
        want = tot.to_numpy(dtype=np.float64)
        for k in range(2, min(len(sibs), _TOTAL_PARTS_MAX) + 1):
            for parts in itertools.combinations(sibs, k):
                cols = np.column_stack([run.tag_series(o).to_numpy(dtype=np.float64) for o in parts])
                got = _weighted_sum(cols, want)
                if got is not None and np.all(np.isfinite(want)) and np.allclose(got, want, rtol=2e-3, atol=2e-3):
                    weighted = not np.allclose(cols.sum(axis=1), want, rtol=2e-3, atol=2e-3)
                    if "train_loss" in chosen and chosen["train_loss"] not in parts:
                        return
                    used.discard(chosen.get("train_loss"))
                    chosen["train_loss"] = t
                    used.add(t)
                    notes.append(f"train_loss: {t!r}, the {'weighted ' if weighted else ''}sum of "
                                 f"{', '.join(repr(o) for o in parts)} at every step")
                    held = [v for v in totals if v not in used and split_word(v) != "train" and _stem(v) == _stem(t)]
                    if held and "val_loss" not in chosen:
                        chosen["val_loss"] = max(held, key=lambda v: counts[v])
                        used.add(chosen["val_loss"])
                    return


def _weighted_sum(parts, want):
    """The parts' sum, or -- a loss weighting its terms, 'total = det + 0.5 * kd' -- their sum with the positive
    weights that fit ``want`` best, when there are points enough to tell (three more than the parts) and every term
    moves; None when the parts are not finite."""
    import numpy as np

    if not np.all(np.isfinite(parts)):
        return None
    plain = parts.sum(axis=1)
    if np.allclose(plain, want, rtol=2e-3, atol=2e-3) or len(want) < parts.shape[1] + 3 or not np.all(np.isfinite(want)) \
            or np.ptp(want) == 0 or np.any(np.ptp(parts, axis=0) == 0):
        return plain  # (a weight is told only by terms that move: a constant term times some weight fits any constant)
    w, *_ = np.linalg.lstsq(parts, want, rcond=None)
    return parts @ w if np.all(w > 0) else plain


def _sum_series(run: "Run", tags: list[str]):
    """The sum of ``tags`` at the steps they share, or None when they are not logged together."""
    import numpy as np
    import pandas as pd

    series = [run.tag_series(t) for t in tags]
    common = series[0].index
    for s in series[1:]:
        common = common.intersection(s.index)
    if any(len(common) < SUM_SHARED * len(s) for s in series) or len(common) < 3:
        return None
    total = np.zeros(len(common))
    for s in series:
        total += s.reindex(common).to_numpy(dtype=np.float64)
    return pd.Series(total, index=pd.Index(common.to_numpy(dtype=np.int64), name="step"))


def _sum_name(split: str, tags: list[str]) -> str:
    shown = " + ".join(tags[:4]) + (" + ..." if len(tags) > 4 else "")
    return f"{split} loss = sum of {len(tags)} parts ({shown})"


def _component_sums(run: "Run", chosen: dict[str, str], notes: list[str], counts: Mapping[str, int],
                    overrides: Mapping[str, str], derived: dict) -> None:
    """When no total training loss is logged, only its parts: the training-loss role becomes their sum (a derived
    series, added to ``derived``), and the validation-loss role the sum of the same parts on the held-out side when those
    are all logged too."""
    tr = chosen.get("train_loss")
    r = infer_role(tr) if tr else None
    if tr is None or r is None or r[1] < 1:
        return  # a total (or a name the table knows) is logged: it is what is judged
    used = set(chosen.values()) - {tr, chosen.get("val_loss")}
    parts = _loss_parts(run, "train_loss", counts, used)
    if tr not in parts or len(parts) < 2:
        return
    totals = _extended(parts)
    if len(totals) == 1:
        # a loss whose name the others extend (loss_G beside loss_G_l1, loss_G_adv) is their total, logged: it is
        # judged as it is, and summing it with its own parts would count them twice
        chosen["train_loss"] = totals[0]
        if totals[0] != tr:
            notes.append(f"train_loss: chose {totals[0]!r}, the total whose parts extend its name "
                         f"({', '.join(o for o in parts if _extends(o, totals[0]))})")
        return
    parts = parts[:SUM_MAX_PARTS]
    total = _sum_series(run, parts)
    if total is None:
        return
    name = _sum_name("train", parts)
    derived[name] = total
    chosen["train_loss"] = name
    notes[:] = [n for n in notes if not n.startswith(("train_loss: chose", f"train_loss: {tr!r} by its words"))]
    notes.append(f"train_loss: no total training loss is logged, so the sum of its {len(parts)} parts "
                 f"({', '.join(parts)}) at the {len(total):,} steps they share is judged; each part is judged too "
                 "where a rule reads parts")
    va = chosen.get("val_loss")
    if va is None or "val_loss" in overrides:
        return
    rv = infer_role(va)
    if rv is None or rv[1] < 1:
        return
    stems = {_stem(t): t for t in parts}
    vparts = [t for t in _loss_parts(run, "val_loss", counts, used) if _stem(t) in stems]
    if sorted(_stem(t) for t in vparts) != sorted(stems) or va not in vparts:
        return  # the held-out side lacks a part: its sum would not be the same loss
    vtotal = _sum_series(run, vparts)
    if vtotal is None:
        return
    vname = _sum_name("val", vparts)
    derived[vname] = vtotal
    chosen["val_loss"] = vname
    notes[:] = [n for n in notes if not n.startswith(("val_loss: chose", f"val_loss: {va!r} by its words"))]
    notes.append(f"val_loss: the sum of the same {len(vparts)} parts on the held-out side ({', '.join(vparts)})")


def other_losses(run: "Run") -> list[str]:
    """The loss series besides the train_loss / val_loss roles that rules read: the parts of a loss (each judged
    for overfitting and spikes, and summed when no total is logged) and the losses of other eval sets. Curves of
    2+ points; none for a reinforcement-learning run (its losses are not a convergence signal). Held-out first.

    Worked out once per view (its memo: the tags and roles never change under it); the coverage and two rules ask."""
    held = run.memo("roles")
    if "other_losses" not in held:
        held["other_losses"] = _other_losses(run)
    return list(held["other_losses"])


def _other_losses(run: "Run") -> list[str]:
    if rl_marker(run) is not None:
        return []
    used = set(run.roles.values())
    # the role's own loss logged twice (Lightning's train_loss_step beside train_loss_epoch) is a copy, not another
    # loss; the same loss on another held-out set ('Test loss' beside the val_loss role's 'Validation loss') is not
    copies = {(_stem(run.roles[r]), split_word(run.roles[r])) for r in ("train_loss", "val_loss") if r in run.roles}
    counts = run.tag_counts()
    out = []
    for t, n in counts.items():
        if t in used or n < _MIN_CURVE:
            continue
        r = _inferred(run, t)
        if r is None or (_stem(t), split_word(t)) in copies:
            continue
        if r is not None and r[0] in _LOSS_ROLES and not is_placeholder(run, t):
            out.append((r[0] != "val_loss", t))
    return [t for _, t in sorted(out)]


def resolve_families(run: "Run") -> dict[str, dict[str, str]]:
    """family -> {layer name -> tag} for tags not already used by a role."""
    _, families, _ = _table()
    any_family = _any_table_name()[1]
    used = set(run.roles.values())
    # each tag is looked at once: a family pattern can name it (one regex over all of them first) or its words
    # (only a tag with 'norm' in it); the others -- most tags of a log with thousands -- are passed over
    member: list[tuple[str, str, tuple[str, str] | None]] = []
    for tag in run.tags:
        if tag in used:
            continue
        n = _norm(tag)
        if any_family.fullmatch(n) is not None:
            member.append((tag, n, None))
        elif "norm" in n:  # _part_norm needs the word 'norm'
            part = _part_norm(tag)
            if part is not None:
                member.append((tag, n, part))
    out: dict[str, dict[str, str]] = {}
    for fam, (patterns, combined) in families.items():
        layers: dict[str, str] = {}
        for tag, n, part in member:
            i = _first_pattern(combined, n) if part is None else None
            if i is not None:
                layers.setdefault(patterns[i].fullmatch(n).group(1), tag)
                continue
            part = part or _part_norm(tag)
            if part is not None and part[0] == fam:
                layers.setdefault(part[1], tag)
        if layers:
            out[fam] = layers
    return out


def _part_norm(tag: str) -> tuple[str, str] | None:
    """(family, part) for the norm of one part of a model named by its words: '<part> gradient norm' is a
    member of layer_grad_norm, '<part> parameter norm' of layer_weight_norm ('hidden_parameter_norm' ->
    ('layer_weight_norm', 'hidden')). Only a plain L2 norm: an L1 norm, a mean or an 'effective' variant
    of it is another statistic."""
    v = _vocab()
    if not v:
        return None
    from curvedoc.model.metrics import tokens

    raw = tokens(_COPY_SUFFIX.sub("", tag))
    have = set(raw)
    if "norm" not in have or have & {"l1", "abs", "mean", "effective", "max", "min", "total", "global", "avg"}:
        return None
    kinds = [("layer_grad_norm", v["grad"]), ("layer_weight_norm", v["weight"])]
    for fam, vocab in kinds:
        if have & vocab:
            part = [w for w in raw if not (w in vocab or w in v["norm"] or w in v["neutral"] or w in v["train"]
                                             or w in ("l2", "2"))]
            if part and not ((have - vocab) & (v["setting"] | v["bookkeeping"] | v["val"])):
                return fam, " ".join(part)
    return None


# ------------------------------------------------------------------------------------------ token inference
# the values a role can take: a learning rate, a norm, a loss scale, a threshold or an epoch is never negative;
# an accuracy lies in [0, 1] or [0, 100]
_NON_NEGATIVE = {"lr", "grad_norm", "grad_norm_clipped", "clip_threshold", "grad_norm_sq", "epoch", "weight_norm",
                 "loss_scale"}
_LOSS_ROLES = frozenset({"train_loss", "val_loss"})


def _raw_values(run: "Run", tag: str):
    """The finite values logged for ``tag``, in write order (run.series() would resolve the roles being resolved
    here); None when the run has no such tag."""
    if tag not in run.tag_rows():
        return None
    v = run.tag_values(tag)  # the run reads its value column once per frame, not once per tag
    return v[np.isfinite(v)]


def is_placeholder(run: "Run", tag: str) -> bool:
    """The same negative whole number at every point ('Loss: -1.0000' printed by a wrapper that never computed
    the loss): a placeholder, not a series a role can be about."""
    v = _raw_values(run, tag)
    return bool(v is not None and len(v) >= 2 and v[0] < 0 and v[0] == round(v[0]) and (v == v[0]).all())


def _switched_off(run: "Run", tag: str, inferred: tuple[str, int] | None) -> bool:
    """A qualified loss term ('unsuper_loss', 'aux_loss') that is exactly 0 at every point: a term switched off
    (no dataset or a zero coefficient), not the training loss. A plain 'loss' at 0 keeps its role: a whole loss
    stuck at exactly 0 is a fault the constant-loss rule reports."""
    if inferred is None or inferred[1] == 0:
        return False
    v = _raw_values(run, tag)
    return bool(v is not None and len(v) >= 2 and not v.any())


def _values_fit(run: "Run", tag: str, role: str) -> bool:
    v = _raw_values(run, tag)
    if v is None:
        return False
    if not len(v):
        # a loss NaN or infinite at every reading is still the run's loss, broken from its first reading (a
        # hand-written log(p) on saturated sigmoids, an LR that blew the weights up before the first print): that
        # it never held a number is the finding (divergence's, or damaged-log's when a quality rate rose beside it)
        return role in _LOSS_ROLES and len(run.tag_values(tag)) > 0
    if role in _NON_NEGATIVE:
        return bool(v.min() >= 0)
    if role in ("train_acc", "val_acc"):
        return bool(v.min() >= 0 and v.max() <= 100)
    return True


_MIN_CURVE = 2

# roles a qualified name cannot fill by its words alone: 'val_Obj_Accuracy' is the accuracy of one output of a
# detector, not the model's accuracy (a qualified loss such as 'loss_cls' may still be the only training loss)
_WHOLE_ONLY = ("train_acc", "val_acc")


def _not_a_series(tag: str) -> bool:
    """The words of a tag say it is a setting, bookkeeping, a fragment of a printed repr or an RL/adversary loss."""
    v = _vocab()
    if not v or ("(" in tag and ")" not in tag):
        return bool(v)
    _words_, have, _copy = _words(tag)
    return bool(have & (v["bookkeeping"] | v["setting"] | v["not_convergence"] | v.get("derived", frozenset())))


_CLIP_TIMING = frozenset({"clipped", "pre", "preclip", "before", "unclipped", "post", "postclip", "after"})
_COPY_SUFFIX = re.compile(r"\s*(?:\[\d+\]|#\d+)$")


@functools.lru_cache(maxsize=1)
def _vocab() -> dict[str, frozenset]:
    return {k: frozenset(v) for k, v in load_toml("roles.toml").get("tokens", {}).items()}


@functools.lru_cache(maxsize=1)
def _known_words() -> frozenset:
    """Every word of the vocabulary."""
    return frozenset().union(*_vocab().values())


@functools.lru_cache(maxsize=1)
def _role_words() -> frozenset:
    """The words one of which a name needs for infer_role to give it a role: the vocabulary, plus the words its
    conventions test by themselves (the loss scale's 'scale', a bare 'grad')."""
    return _known_words() | {"loss scale", "loss scaler", "scaler", "scale", "grad scale", "grad", "grads"}


def _words(tag: str) -> tuple[list[str], set[str], bool]:
    """(words, words and adjacent pairs, copy) of a tag: the metric tokenizer's words with trailing digits
    dropped from a word the vocabulary does not know whole ('lr0' -> 'lr', 'acc1' -> 'acc'); ``copy`` is a
    numbered copy of a key ('loss [2]', 'loss_cls #2': the same key printed by a second line shape)."""
    from curvedoc.model.metrics import tokens

    known = _known_words()
    copy = bool(_COPY_SUFFIX.search(tag))
    words = []
    for t in tokens(_COPY_SUFFIX.sub("", tag)):
        words.append(t if t in known or t.isdigit() else (t.rstrip("0123456789") or t))
    pairs = {f"{a} {b}" for a, b in zip(words, words[1:])}
    return words, set(words) | pairs, copy


_VS = re.compile(r"\s+vs\.?\s+")
# BasicSR / MMEditing name each loss 'l_' + what it measures ('l_pix', 'l_percep', 'L_steg'): a loss, as 'loss_pix' is
_L_PREFIX = re.compile(r"(?:^|[/\s])[lL]_[A-Za-z]")


# a pure function of the name, asked ~7 times per name (the text-log reader, role resolution, several rules): the
# cache holds the names of a log with 200,000 distinct keys (about 25 MB when full; it was 65,536 names, and past
# that every question was answered afresh)
@functools.lru_cache(maxsize=1 << 18)
def infer_role(tag: str) -> tuple[str, int] | None:
    """(role, rank) read from the words of a tag, or None; a lower rank is a plainer name for that role
    (``train/loss`` 0, ``train/loss_cls`` 1, ``loss_ce_0`` 2), so a total wins over its components.

    The conventions, in the order they are tried (vocabulary: ``rules/roles.toml`` [tokens]):

    * a fragment of a printed Python repr (``dict(lr``, ``AdamW(lr``: an unclosed parenthesis) is no series;
      nor is bookkeeping (time, throughput, memory, counts);
    * ``loss`` + ``scale`` (fp16 GradScaler) is the loss scale, unless it is one of its settings (min, window);
    * a clip word with a bound (``clip_threshold``, ``CLIP_VALUE``, ``grad_clip``) or ``max`` + grad norm
      (``max_grad_norm``) is the clipping threshold;
    * grad + norm (or ``gnorm``) is the global gradient norm - before clipping, unless clipped/post/after say
      otherwise, squared when sq/square says so - but only when no other word narrows it to a part of the
      model (``embedding_grad_l2_norm``, ``hidden_gradient_norm`` are per-layer norms, a family);
    * weight/param + norm with nothing narrowing it is the global weight norm;
    * a setting word (weight, coef, min, max, warmup, best ...) makes the rest a setting, not a series;
    * ``lr`` / ``learning rate`` (of any optimizer or group) is the learning rate;
    * ``epoch`` alone (with a split or ``total``) is the epoch counter;
    * a loss word is a loss: validation when a held-out split word is present (or a leading ``v``), else
      training; losses of an RL actor/critic or of an adversary are not convergence signals;
    * an accuracy word is an accuracy, split the same way.
    """
    v = _vocab()
    if not v or ("(" in tag and ")" not in tag):
        return None
    # 'lm loss vs samples': the series named before 'vs', drawn against another x axis
    words, have, copy = _words(_VS.split(tag, maxsplit=1)[0])
    if not have & _role_words() and _L_PREFIX.search(tag) is None:
        return None  # no word any convention below reads (most keys of a log with thousands of them)
    # the last path part names the series; earlier parts are groups, which may name an x axis
    # ('Train/Samples/train_loss' is the training loss plotted against samples)
    last = _words(tag.rsplit("/", 1)[-1])[1] if "/" in tag else have
    if not words or last & v["bookkeeping"] or have & v.get("derived", frozenset()):
        return None

    def any_of(key: str) -> bool:
        return bool(have & v[key])

    extra_rank = 1 if copy else 0
    setting = have & v["setting"]
    # loss scale
    if ("loss scale" in have or "loss scaler" in have or {"scaler", "scale"} <= have or "grad scale" in have) \
            and not (setting - {"scale", "scaler"}) and not any_of("schedule_setting"):
        return "loss_scale", extra_rank
    # 'clip_val' / 'gradient_clip_val': after a clip word, 'val' is its value, not a validation split
    if "clip val" in have:
        have = (have - {"val"}) | {"value"}
    # clipping threshold; a norm measured before or after clipping ('grad_norm_pre_clip', 'grad_norm_post_clip')
    # names the clip only to say when the norm was taken
    if any_of("clip") and (have & ({"threshold", "thresh", "value", "max", "norm"} | v["grad"])) and not any_of("loss") \
            and not (setting - {"threshold", "thresh", "max"}) and not (have & _CLIP_TIMING):
        return "clip_threshold", extra_rank
    is_grad_norm = any_of("grad_norm_words") or (any_of("grad") and any_of("norm")) or words in (["grad"], ["grads"])
    if is_grad_norm:
        if "max" in have and not (setting - {"max"}):
            return "clip_threshold", extra_rank
        if setting:
            return None
        narrowing = [w for w in words if not (w in v["grad"] or w in v["norm"] or w in v["grad_norm_words"]
                                              or w in v["neutral"] or w in v["val"] or w in v["train"] or w.isdigit()
                                              or w in ("sq", "square", "squared", "post", "postclip", "after", "clipped", "clip"))]
        if narrowing:
            return None
        if have & {"sq", "square", "squared"}:
            return "grad_norm_sq", extra_rank
        if have & {"clipped", "post", "postclip", "after"}:
            return "grad_norm_clipped", extra_rank
        return "grad_norm", extra_rank
    if any_of("weight") and any_of("norm"):
        narrowing = [w for w in words if not (w in v["weight"] or w in v["norm"] or w in v["neutral"]
                                              or w in v["val"] or w in v["train"] or w.isdigit())]
        return None if narrowing else ("weight_norm", extra_rank)
    if setting:
        return None
    if any_of("lr"):
        return None if any_of("schedule_setting") else ("lr", extra_rank)
    rest = [w for w in words if w not in v["train"] and w not in ("total", "cur", "current", "trainer")]
    if rest and all(w in v["epoch"] for w in rest) and len(rest) == 1:
        return "epoch", extra_rank
    held_out = any_of("val") or (len(words) > 1 and words[0] == "v") or bool(have & v.get("heldout_acc", frozenset()))
    criterion = v.get("criterion", frozenset())
    for kind, role_train, role_val in (("loss", "train_loss", "val_loss"), ("acc", "train_acc", "val_acc")):
        named = any_of(kind) or (kind == "loss" and bool(have & criterion) and not any_of("acc")) \
            or (kind == "loss" and _L_PREFIX.search(tag) is not None and not any_of("acc"))
        if not named:
            continue
        if have & v["not_convergence"]:
            return None
        said = v[kind] | criterion if kind == "loss" else v[kind]
        qualifiers = [w for w in words if not (w in said or w in v["neutral"] or w in v["val"] or w in v["train"]
                                               or (w in ("v", "t") and words[0] == w) or w == "entropy")]
        rank = len(qualifiers) + extra_rank
        # an accuracy under a leading 'metrics/' namespace with no train word is a held-out one: Ultralytics writes
        # its validation scores there ('metrics/accuracy_top1' beside 'val/loss'), and the metric table counts the
        # namespace as held-out (rules/roles.toml [metrics] val_split) -- the two readings must agree
        if kind == "acc" and not held_out and tag.lower().startswith("metrics/") and not any_of("train"):
            return role_val, rank
        return (role_val if held_out else role_train), rank
    return None


def _table_name_stands(r: tuple[str, int] | None, tag: str, role: str) -> bool:
    """A name the alias table gives ``role`` keeps it unless its words say otherwise: another role, or no
    series at all (a setting such as 'loss_weight', bookkeeping, an RL or adversary loss); a name with no
    vocabulary word ('MAE on validation after epoch') stands."""
    return r[0] == role if r is not None else not _not_a_series(tag)


def role_of_name(tag: str) -> str | None:
    """The role a tag's name alone gives it, as :func:`resolve_roles` reads names: the first role (in the
    table's order) whose patterns name it and whose words do not veto it, else the role read from its words
    (:func:`infer_role`); None when the name fills no role. The values can still disqualify a name known only by
    its words (see ``_values_fit``). Per-layer family members and quality metrics are not roles (see
    :func:`resolve_families`, ``curvedoc.model.metrics``)."""
    r = infer_role(tag)
    for (role, _patterns, _combined), i in zip(_table()[0], _table_hits(_norm(tag))):
        if i is not None and _table_name_stands(r, tag, role):
            return role
    return r[0] if r else None
