"""One training written by several logs: which of the sources discovery put side by side hold the same run.

Frameworks write one training more than once: the HF Trainer keeps ``trainer_state.json`` and the TensorBoard events
of the same steps (``<output_dir>/runs/<date>_<host>/``); MMEngine writes the printed log ``<stamp>.log``, and
``vis_data/scalars.json`` and ``vis_data/<stamp>.json`` beside it. Discovery proposes such a group from the layout
the framework writes (never from names alone); the sources are then read and kept together only on evidence: the
steps they share carry the same values. The most complete source is the run (the others' hyperparameters and
facts fill what it lacks), the others are cross-checked and named in ``meta["sources"]``; values that differ are
an importer issue. Sources without that evidence stay runs of their own (two trainings in one folder are two).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from curvedoc.model.run import ImportIssue, Run

# A shared point agrees when the two values are equal up to how logs print them: four decimals ("loss: 0.1234",
# "lr: 1.0000e-02") or float32 (TensorBoard) against float64 (JSON)
REL_TOL = 5e-5
# Tags whose values the schedule alone decides (the same in two trainings of one config): agreement on them is no
# evidence that two logs hold the same training
_SCHEDULE = re.compile(
    r"(^|_)(lr|learning_rate|lr_\w+|epoch|epochs|step|steps|global_step|iter|iteration|time|data_time|runtime|eta|"
    r"memory|mem|flos|total_flos|samples_per_second|steps_per_second|gen_len|num_tokens|tokens|num_input_tokens_seen|"
    r"momentum|weight_decay|batch_size)($|_)")
# what a source says of where its log stops (HF ``global_step`` and its 'ended early' note): not taken from a source
# that stops before the one read
STOP_META = ("global_step",)
STOP_ISSUES = ("ended-early",)
# fewest shared points on tags that are not the schedule for two logs to count as one training
MIN_EVIDENCE = 3
# share of those points that must agree
MIN_AGREEMENT = 0.9


def norm_tag(tag: str) -> str:
    """A tag as the frameworks' writers spell it in every format: 'train/loss', 'loss', 'train_loss' -> 'loss';
    'eval/loss', 'eval_loss' -> 'eval_loss' (the HF TensorBoard callback prefixes train/ and turns eval_ into
    eval/)."""
    t = re.sub(r"[/.\-\s]+", "_", str(tag).strip().lower())
    return t[len("train_"):] if t.startswith("train_") and len(t) > len("train_") else t


@dataclass
class Check:
    """What two logs share: points compared, how many agree, on which tags; the same on the evidence tags."""

    compared: int = 0
    equal: int = 0
    evidence: int = 0
    evidence_equal: int = 0
    differing_tags: tuple[str, ...] = ()

    @property
    def same_training(self) -> bool:
        return self.evidence >= MIN_EVIDENCE and self.evidence_equal >= MIN_AGREEMENT * self.evidence


def _by_norm(run: Run) -> dict[str, str]:
    out: dict[str, str] = {}
    dup: set[str] = set()
    for tag in run.tags:
        k = norm_tag(tag)
        if k in out:
            dup.add(k)
        out[k] = tag
    return {k: v for k, v in out.items() if k not in dup}  # two tags of one run under one name: not comparable


def compare(a: Run, b: Run) -> Check:
    """The points two runs share (same tag once normalised, same step), and how many carry equal values."""
    ta, tb = _by_norm(a), _by_norm(b)
    c = Check()
    differing = []
    for k in sorted(set(ta) & set(tb)):
        sa, sb = a.tag_series(ta[k]), b.tag_series(tb[k])
        common = sa.index.intersection(sb.index)
        if not len(common):
            continue
        va = sa.loc[common].to_numpy(dtype=np.float64)
        vb = sb.loc[common].to_numpy(dtype=np.float64)
        scale = np.maximum(1.0, np.maximum(np.abs(va), np.abs(vb)))
        with np.errstate(invalid="ignore"):
            eq = (np.abs(va - vb) <= REL_TOL * scale) | (va == vb) | (np.isnan(va) & np.isnan(vb))
        n, m = len(common), int(eq.sum())
        c.compared += n
        c.equal += m
        if m < n:
            differing.append(ta[k])
        finite = va[np.isfinite(va)]
        if not _SCHEDULE.search(k) and len(finite) >= 2 and np.ptp(finite) > 0:
            c.evidence += n
            c.evidence_equal += m
    c.differing_tags = tuple(differing)
    if c.evidence < MIN_EVIDENCE:
        _episode_means(a, b, c)
    return c


# Stable-Baselines3: its logger's rollout/ep_rew_mean at timestep T is the mean of the returns of the last 100
# episodes the Monitor finished by T (``ep_info_buffer = deque(maxlen=100)``)
SB3_EPISODES = 100


def _episode_means(a: Run, b: Run, c: Check) -> None:
    """Evidence that an SB3 monitor and a logger hold one training: each ``rollout/ep_rew_mean`` point against the
    mean of the monitor's last 100 ``episode_reward`` values up to its step (the monitor prints 6 digits)."""
    for mon, log in ((a, b), (b, a)):
        if mon.source == "sb3-monitor" and "episode_reward" in mon.tags and "rollout/ep_rew_mean" in log.tags:
            break
    else:
        return
    er = mon.tag_series("episode_reward")
    steps, rewards = er.index.to_numpy(), er.to_numpy(dtype=np.float64)
    s = log.tag_series("rollout/ep_rew_mean")
    for t, v in zip(s.index.to_numpy(), s.to_numpy(dtype=np.float64)):
        done = rewards[: int(np.searchsorted(steps, t, side="right"))][-SB3_EPISODES:]
        if not len(done):
            continue
        expect = float(done.mean())
        c.compared += 1
        c.evidence += 1
        if abs(expect - v) <= 1e-4 * max(1.0, abs(v), abs(expect)):
            c.equal += 1
            c.evidence_equal += 1


def completeness(run: Run) -> int:
    """How much of a training a log holds: its (tag, step) points of measured quantities -- not of counters and
    schedules (an epoch written again on every eval line is not more of the training)."""
    return sum(len(run.tag_series(t)) for t in run.tags if not _SCHEDULE.search(norm_tag(t)))


def _short(entry: dict) -> str:
    """'tfevents runs/Mar24_15-23-55_host/ (2 files)', 'jsonl scalars.json': a source in a few words."""
    files = [Path(f) for f in entry["files"]]
    if not files:
        return entry["format"]
    if len(files) == 1:
        return f"{entry['format']} {files[0].name}"
    return f"{entry['format']} {files[0].parent.name}/ ({len(files)} files)"


def merge(group_name: str, parts: list[tuple[Run, list[str]]], root=None) -> list[Run]:
    """The runs of a layout group: the sources that hold the same training as the first (the one discovery put
    first) become ONE run, the most complete of them, named ``group_name``; the others are returned as they are.

    ``parts``: each source's run with the files it was read from; ``root``: the folder of the group (the run's
    path)."""
    if len(parts) < 2:
        return [r for r, _ in parts]
    base = parts[0][0]
    same = [(base, parts[0][1], None)]
    apart = []
    for run, files in parts[1:]:
        chk = compare(base, run)
        if chk.same_training:
            same.append((run, files, chk))
        else:
            apart.append(run)
    if len(same) == 1:
        return [base] + apart
    # the most complete source: the most measured points (ties: the order discovery gave, structured records
    # before a printed log)
    best_i = max(range(len(same)), key=lambda i: (completeness(same[i][0]), -i))
    best, best_files, _ = same[best_i]
    sources = []
    issues = list(best.issues)
    best_end = int(best.scalars["step"].max()) if len(best.scalars) else None
    for i, (run, files, _) in enumerate(same):
        entry = {"format": run.source, "files": [str(f) for f in files], "points": int(run.n_points),
                 "read": i == best_i}
        if i != best_i:
            chk = compare(best, run)
            entry.update({"shared_points": chk.compared, "equal": chk.equal})
            for k, v in run.hparams.items():
                best.hparams.setdefault(k, v)
            # where a log stops is its own: a source that stops before the log read (the trainer state of the last
            # checkpoint of a killed run, its events going on past it) does not say where the training stopped
            stops = run.meta.get("global_step")
            superseded = (isinstance(stops, (int, float)) and best_end is not None and best_end > stops)
            for k, v in run.meta.items():
                if not (superseded and k in STOP_META):
                    best.meta.setdefault(k, v)
            # what the other log says of the training that the one read does not (the trainer state's 'ended
            # early', a damaged events file): kept, named by its file
            kinds = {iss.kind for iss in issues}
            for iss in run.issues:
                if superseded and iss.kind in STOP_ISSUES:
                    continue
                if iss.kind not in kinds:
                    issues.append(ImportIssue(iss.kind, f"{_short(entry)}: {iss.message}", file=iss.file,
                                              count=iss.count, severity=iss.severity))
            if chk.equal < chk.compared:
                tags = ", ".join(chk.differing_tags[:5]) + (" ..." if len(chk.differing_tags) > 5 else "")
                issues.append(ImportIssue(
                    "sources-disagree",
                    f"{chk.compared - chk.equal:,} of the {chk.compared:,} points this run shares with "
                    f"{_short(entry)} differ ({tags}); the values of {best.source} are used",
                    file=entry["files"][0] if entry["files"] else None, count=chk.compared - chk.equal,
                ))
        sources.append(entry)
    others = [s for s in sources if not s["read"]]
    issues.append(ImportIssue(
        "same-training",
        f"{len(others) + 1} logs hold this training; read from {_short(sources[best_i])} (the most complete: "
        f"{completeness(best):,} points of measured quantities), cross-checked against "
        + "; ".join(f"{_short(s)} ({s['shared_points']:,} shared points, {s['equal']:,} equal)" for s in others),
        severity="info", count=len(others) + 1,
    ))
    # a folder, or the URL of one in object storage (kept as written)
    path = best.path if root is None else root if isinstance(root, str) and "://" in root else Path(root)
    best = best.replace(issues=issues, meta={**best.meta, "sources": sources}, name=group_name, path=path)
    return [best] + apart


__all__ = ["norm_tag", "compare", "merge", "Check"]
