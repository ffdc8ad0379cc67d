"""Text logs in styles the reader had not seen (issue 36, second round): each principle a misreading of a real log in
tests/data/textlogs_real broke, on a small synthetic log written the way its script prints, read with and without
plans; then the labelled corpus itself (tests/data/textlogs_real, textlogs_unseen3/4/5/6, ../shared): the
series the labels name come back exactly, a role, loss part or quality metric names them, and no series mixes
training and evaluation values."""

from __future__ import annotations

import bisect
import json
import math
from pathlib import Path

import pytest
from _helpers import paddle_hapi_fit_lines, real_labels, real_runs_dir
from test_textlog_readings import _read, _series, _tags

from curvedoc.importers.textlog import read_text_log

NEW = Path(__file__).parents[1] / "data" / "textlogs_real"
# the third batch (tests/data/textlogs_unseen3/README.md): labelled, scored once, then added to the corpus
NEW3 = Path(__file__).parents[1] / "data" / "textlogs_unseen3"
# the fourth batch (tests/data/textlogs_unseen4/README.md): labelled, scored once, then added to the corpus
NEW4 = Path(__file__).parents[1] / "data" / "textlogs_unseen4"
# the fifth batch (tests/data/textlogs_unseen5/README.md): labelled, scored once, then added to the corpus
NEW5 = Path(__file__).parents[1] / "data" / "textlogs_unseen5"
# the sixth batch (tests/data/textlogs_unseen6/README.md): labelled, scored once, then added to the corpus
NEW6 = Path(__file__).parents[1] / "data" / "textlogs_unseen6"
NEW_FOLDERS = (NEW, NEW3, NEW4, NEW5, NEW6)


# ------------------------------------------------------------------------------------------ pairs
def test_a_key_said_in_a_sentence_is_the_words_before_its_verb(tmp_path):
    """``avg loss so far is 0.11``, ``val loss is 0.05, val mse is 0.02.``: the verb joins the key to its value, and
    the full stop that ends the sentence is not part of the number."""
    lines = []
    for e in range(4):
        lines += [f"Epoch {e}, Step {s}, total used time {s * 0.3:.3f} (s), avg loss so far is {1 / (e + s):.6f}"
                  for s in (25, 50, 75)]
        lines.append(f"Epoch {e}, val loss is {0.5 / (e + 1):.6f}, val mse is {0.2 / (e + 1):.6f}.")
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "avg loss so far")[1]) == 12
    assert _series(rd, "val loss")[1] == [round(0.5 / (e + 1), 6) for e in range(4)]
    assert _series(rd, "val mse")[1] == [round(0.2 / (e + 1), 6) for e in range(4)]


def test_a_split_word_before_a_key_names_the_split_of_the_keys_after_it(tmp_path):
    """PaddleVideo's epoch summaries: ``END epoch:3  train loss_avg: .. top1_avg: ..`` and ``END epoch:3  val
    loss_avg: .. top1_avg: ..``; top1_avg of the val line is a validation value, not a second point of the training
    one."""
    lines = []
    for e in range(1, 6):
        lines.append(f"[12/25 14:25:53] END epoch:{e}   train loss_avg: {3 / e:.5f}  top1_avg: {0.1 * e:.5f}")
        lines.append(f"[12/25 14:26:56] END epoch:{e}   val loss_avg: {3.5 / e:.5f}  top1_avg: {0.09 * e:.5f}")
    rd = _read(tmp_path, lines)
    tops = {t: _series(rd, t)[1] for t in _tags(rd) if "top1_avg" in t}
    assert sorted(tops.values()) == sorted([[round(0.09 * e, 5) for e in range(1, 6)],
                                            [round(0.1 * e, 5) for e in range(1, 6)]])
    assert all(len(v) == 5 for v in tops.values())


def test_a_value_with_its_counts_is_not_a_table_header_nor_a_position(tmp_path):
    """``Accuracy on Test-Set: 10.40% (1040 / 10000)`` every 100 steps: a pair (not the header of a table: a header
    is column names only) whose counts in parentheses are no position; it is placed at the step training reached."""
    lines = []
    for st in range(10, 510, 10):
        lines.append(f"Global Step: {st:6d}, accuracy: {10 + st / 50:5.1f}%, loss = {2.3 - st / 500:.2f} (611.0 "
                     f"examples/sec, 0.21 sec/batch)")
        if st % 100 == 0:
            lines.append(f"Accuracy on Test-Set: {10 + st / 60:.2f}% ({100 * st + 40} / 10000)")
    rd = _read(tmp_path, lines)
    assert _series(rd, "Accuracy on Test-Set") == ([100, 200, 300, 400, 500],
                                                   [round(10 + st / 60, 2) for st in (100, 200, 300, 400, 500)])


def test_a_ratio_written_with_its_value_is_the_value(tmp_path):
    """build-nanogpt: ``HellaSwag accuracy: 2497/10042=0.2487`` is 0.2487 (not 2497), and like the validation loss
    printed before the first step it is at step 0, then at the step training had reached."""
    lines = ["validation loss: 10.9519", "HellaSwag accuracy: 2497/10042=0.2487"]
    for st in range(0, 60):
        lines.append(f"step {st:5d} | loss: {10 - st / 10:.6f} | lr 3.0e-04 | norm: 1.4 | dt: 210.00ms")
        if st % 20 == 19:
            lines += [f"validation loss: {9 - st / 20:.4f}", f"HellaSwag accuracy: {2500 + st}/10042={(2500 + st) / 10042:.4f}"]
    rd = _read(tmp_path, lines)
    hs = [t for t in _tags(rd) if t.startswith("HellaSwag")]
    assert hs == ["HellaSwag accuracy"]
    assert _series(rd, hs[0]) == ([0, 19, 39, 59], [0.2487] + [round((2500 + st) / 10042, 4) for st in (19, 39, 59)])
    assert _series(rd, "validation loss")[0] == [0, 19, 39, 59]


def test_the_same_result_under_another_name_is_an_echo_and_a_test_is_not_the_validation(tmp_path):
    """``====> Validation loss: .., acc: ..%`` then ``====> Test set loss: .., acc: ..%`` and the same test numbers
    again as ``====> Test loss: .., acc: ..%``: per epoch one validation accuracy and one test accuracy, apart."""
    lines = []
    for e in range(1, 8):
        lines.append(f"====> Epoch {e} Average train loss: {2 / e:.4f}")
        lines.append(f"====> Validation loss: {1.9 / e:.4f},  acc: {20 + e:.2f}%")
        lines.append(f"====> Test set loss: {1.95 / e:.4f},  acc: {21 + e:.2f}%")
        lines.append(f"====> Test loss: {1.95 / e:.4f},  acc: {21 + e:.2f}%")
    rd = _read(tmp_path, lines)
    accs = sorted(_series(rd, t) for t in _tags(rd) if t.lower().endswith("acc"))
    epochs = list(range(1, 8))
    assert accs == [(epochs, [20.0 + e for e in epochs]), (epochs, [21.0 + e for e in epochs])]


def test_an_early_stopping_statement_is_no_epoch(tmp_path):
    """Keras 1 prints ``Epoch 00013: early stopping`` between ``Epoch 14/50`` and that epoch's line: the line is
    epoch 14's, and the next fit() starting again at epoch 1 keeps all its points."""
    lines = []
    for fit, n in ((1, 14), (2, 6)):
        lines.append("Train on 40000 samples, validate on 10000 samples")
        for e in range(1, n + 1):
            lines.append(f"Epoch {e}/50")
            if e == n and fit == 1:
                lines.append(f"Epoch {e - 1:05d}: early stopping")
            lines.append(f"225s - loss: {1 / (e + 10 * fit):.4f} - acc: 0.9 - val_loss: {1.2 / (e + 10 * fit):.4f} - val_acc: 0.8")
    rd = _read(tmp_path, lines)
    assert _series(rd, "val_loss")[0] == list(range(1, 15)) + list(range(1, 7))


def test_an_announced_evaluation_holds_out_the_records_under_it(tmp_path):
    """Paddle's hapi ``Model.fit`` prints its evaluation with the training's words (``step 10/88 - loss: ..``) under
    ``Eval begin...``: those records are held out, their own counter is the evaluation's progress (its last line
    holds the result: one point per evaluation), and the block ends when the next epoch starts."""
    lines = paddle_hapi_fit_lines()
    rd = _read(tmp_path, lines)
    assert _series(rd, "val/loss")[1] == [round(0.3 + e / 100 + 0.044, 4) for e in range(1, 5)]
    assert len(_series(rd, "loss")[1]) == 120 and min(_series(rd, "loss")[1]) < 0.001


def test_a_command_running_an_evaluation_script_holds_out_its_launch(tmp_path):
    """A terminal copy with the training launch, then ``$ python -u tools/infer.py -m config.yaml`` evaluating
    saved epochs with the same words: the second launch's records are held out, not more training points."""
    lines = ["user@host:~/work/models/sign$ python -u ../../tools/trainer.py -m config.yaml"]
    lines += [f"2022-04-12 17:24:35,400 - INFO - epoch: {e} done, AUC: {0.87 + e / 100:.6f},ACC: 0.82, epoch time: 1105.58 s"
              for e in range(5)]
    lines += ["", "user@host:~/work/models/sign$ python -u ../../tools/infer.py -m config.yaml"]
    lines += [f"2022-04-12 23:20:18,932 - INFO - epoch: {e} done, AUC: {0.94 + e / 1000:.6f},ACC: 0.89, epoch time: 71.35 s"
              for e in (3, 4)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "AUC")[1] == [round(0.87 + e / 100, 6) for e in range(5)]
    assert _series(rd, "val/AUC") == ([3, 4], [0.943, 0.944])


# ------------------------------------------------------------------------------------------ key | value tables
def _sb3_table(rows: list[tuple[str, object]]) -> list[str]:
    width = max(len(k) for k, _ in rows) + 4
    rule = "-" * (width + 16)
    out = [rule]
    for k, v in rows:
        out.append(f"| {k:<{width}} | {'' if v is None else v!s:<12} |")
    return out + [rule]


def test_stable_baselines_tables_are_one_record_each_at_their_timesteps(tmp_path):
    """Stable-Baselines3 prints each logger record as a ``| key | value |`` table with section rows (``rollout/``,
    ``time/``, ``train/``) between rule lines: one record per table, at its ``total_timesteps``, keys named by their
    section; an ad-hoc print between two tables is a record of its own."""
    lines = ["Using cpu device", "Wrapping the env with a `Monitor` wrapper"]
    for it in range(1, 7):
        rows = [("rollout/", None), ("   ep_len_mean", 200 + it), ("   ep_rew_mean", round(it * 0.5, 3)),
                ("time/", None), ("   fps", 900 - it), ("   iterations", it), ("   total_timesteps", 2048 * it)]
        if it > 1:
            rows += [("train/", None), ("   approx_kl", 0.01), ("   entropy_loss", round(-1.4 + it / 100, 3)),
                     ("   loss", round(0.5 / it, 5)), ("   n_updates", 10 * (it - 1)), ("   value_loss", round(1 / it, 5))]
        lines += _sb3_table(rows)
        lines.append(f"Output {it}: Average over 100 episodes - Reward: {it / 10}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "train/loss") == ([2048 * it for it in range(2, 7)], [round(0.5 / it, 5) for it in range(2, 7)])
    assert _series(rd, "rollout/ep_rew_mean") == ([2048 * it for it in range(1, 7)], [it * 0.5 for it in range(1, 7)])
    assert "time/total_timesteps" not in _tags(rd) and "total_timesteps" not in _tags(rd)
    assert len(_series(rd, "Reward")[1]) == 6


def test_openai_baselines_tables_without_sections(tmp_path):
    """OpenAI baselines' logger: the same table without sections (``| eprewmean | 21.3 |``), its step in
    ``total_timesteps``; a table cut off by the end of the log is still its record."""
    lines = []
    for u in range(1, 5):
        lines += _sb3_table([("eplenmean", 100 + u), ("eprewmean", 20.0 + u), ("fps", 1500), ("nupdates", u),
                             ("policy_entropy", 1.1 - u / 10), ("total_timesteps", 2048 * u), ("value_loss", 1.0 / u)])
    rd = _read(tmp_path, lines[:-1])
    assert _series(rd, "eprewmean") == ([2048, 4096, 6144, 8192], [21.0, 22.0, 23.0, 24.0])


def test_a_line_that_closes_its_epoch_is_that_epochs_summary(tmp_path):
    """PaddleRec prints ``epoch: 3, batch_id: 500, AUC:.., loss:..`` during the epoch and ``epoch: 3 done, AUC: ..,
    loss: ..`` at its end: the summary is a series of its own (one point per epoch), not one more batch point."""
    lines = []
    for e in range(6):
        lines += [f"2022-04-12 17:10:51,909 - INFO - epoch: {e}, batch_id: {b}, AUC:{0.7 + e / 50 + b / 1e5:.6f}, "
                  f"ACC:0.69, loss:{0.2 - e / 100 - b / 1e5:.6f}, avg_reader_cost: 0.00012 sec" for b in (0, 500, 1000)]
        lines.append(f"2022-04-12 17:24:35,400 - INFO - epoch: {e} done, AUC: {0.8 + e / 50:.6f},ACC: 0.82,"
                     f"loss:{0.15 - e / 100:.6f}, epoch time: 1105.58 s")
    rd = _read(tmp_path, lines)
    summaries = [t for t in _tags(rd) if t.startswith("loss") and len(_series(rd, t)[1]) == 6]
    assert len(summaries) == 1
    assert _series(rd, summaries[0]) == (list(range(6)), [round(0.15 - e / 100, 6) for e in range(6)])
    assert any(len(_series(rd, t)[1]) == 18 for t in _tags(rd) if t.startswith("loss"))


# ------------------------------------------------------------------------------------------ the clock
def test_a_step_counted_inside_the_epoch_is_laid_end_to_end_and_evaluations_at_the_step_reached(tmp_path):
    """``TRAIN in epoch 3 , step 0 ... step 750`` then ``TEST in epoch3, loss = ..``: the step starts again at every
    epoch and its epoch's length is not printed: the epochs are laid end to end on one clock, each as long as the log
    shows (0 .. 750 printed every 50: 800 steps), and a test that names its epoch is placed at the step training had
    reached, not at "step 750" every time."""
    lines = []
    for e in range(6):
        lines += [f"TRAIN in epoch {e} , step {s}, loss = {4 / (1 + e + s / 750):.6f}" for s in range(0, 800, 50)]
        lines.append(f"TEST in epoch{e}, loss = {2 + e / 10:.6f}, acc = {44 + e / 7:.6f}%")
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == [800 * e + s for e in range(6) for s in range(0, 800, 50)]
    test = [t for t in _tags(rd) if t.startswith(("val/", "test/")) and "loss" in t]  # (a test is held out as test/)
    assert len(test) == 1
    assert _series(rd, test[0]) == ([800 * e + 750 for e in range(6)], [round(2 + e / 10, 6) for e in range(6)])
    assert _series(rd, "epoch")[1][-1] == 5
    assert not [i for i in rd.issues if i.kind == "restart"]  # (starting again at each epoch is no restart)


def test_an_rl_script_prints_its_records_at_their_episode(tmp_path):
    """``Episode 7\tFrame 161 \tAverage100 Score: 23.00`` rewritten with \r, every 10th episode printed once more
    on its own line: one point per episode, at the episode (not a series named Episode, nor twice the 10th)."""
    text, frame = "", 0
    for ep in range(1, 41):
        frame += 20 + ep % 7
        text += f"\rEpisode {ep}\tFrame {frame} \tAverage100 Score: {20 + ep / 10:.2f}"
        if ep % 10 == 0:
            text += f"\rEpisode {ep}\tFrame {frame}\tAverage100 Score: {20 + ep / 10:.2f}\n"
    p = tmp_path / "training.log"
    p.write_text("Using  cpu\n" + text, encoding="utf-8")
    rd = read_text_log(p)
    assert _series(rd, "Average100 Score") == (list(range(1, 41)), [round(20 + ep / 10, 2) for ep in range(1, 41)])
    assert "Episode" not in _tags(rd)


# ------------------------------------------------------------------------------------------ the labelled corpus
def _same(a: float, b) -> bool:
    b = float(b)
    if math.isnan(b):
        return math.isnan(a)
    return a == b if math.isinf(b) else math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-12)


def _recovered(frame, exp: dict) -> str | None:
    """The tag holding the labelled series exactly (count, first and last point; the steps when the label gives
    them as integers), or None."""
    epochs = _epoch_at(frame)
    for tag, g in frame.groupby("tag", observed=True):
        st, va = g["step"].tolist(), g["value"].tolist()
        if len(va) != exp["points"] or not _same(va[0], exp["first"][1]) or not _same(va[-1], exp["last"][1]):
            continue
        # (a label whose x is an ordinal -- "ordinal of train-log dict (1-based)", "epoch (ordinal)" -- gives the
        # points' ranks, which the count checks: a reading that puts them on the steps the log names for them reads
        # the same series; so does a label whose x names no position, "once at the end", "final")
        x = str(exp.get("x", "")).lower()
        # (so does "eval index": the rank of an evaluation, no position the log prints -- unlike "batch index in
        # epoch 0", a clock)
        rank = "index" in x.split() and not any(w in x for w in ("batch", "step", "epoch", "iter"))
        if not isinstance(exp["first"][0], int) or "ordinal" in x or x.startswith(("once", "none", "final")) or rank:
            return str(tag)
        if (st[0], st[-1]) == (exp["first"][0], exp["last"][0]):
            return str(tag)
        # (a label whose x is the epoch, on a log whose clock is the step: the reading places the epoch's record at
        # the step training had reached, and its epoch series says which epoch that step is in)
        if x.startswith("epoch") and (epochs(st[0]), epochs(st[-1])) == (exp["first"][0], exp["last"][0]):
            return str(tag)
    return None


def _epoch_at(frame):
    """step -> the epoch the reading's ``epoch`` series gives at that step (its last point at or before it)."""
    g = frame[frame["tag"] == "epoch"]
    steps, values = g["step"].tolist(), g["value"].tolist()

    def at(step):
        i = bisect.bisect_right(steps, step) - 1
        return None if i < 0 or values[i] != values[i] else int(values[i])
    return at


def _is_eval(name: str) -> bool:
    n = name.lower()
    return n.startswith(("val", "test", "eval", "infer", "dev")) or "_val" in n


# Labels that contradict their own raw text, left out of the measure (the LABELS.json files are not edited):
# {entry: {series: why}}
INCONSISTENT: dict[str, dict[str, str]] = {
    "textlogs_unseen5/hf-dicts-peft-qwen-config": {
        "train_loss": "the log holds 10,000 \"{'loss': ..}\" dicts, one per line, none repeated (and the label's own style "
                      "says '10000 {'loss': ..} dicts'); the label counts 9,998"},
}


def _corpus() -> list[tuple[str, Path, dict]]:
    out = []
    root = real_runs_dir()
    for key, lab in real_labels().items():
        if key.startswith("text_log/"):
            out.append((key, next(f for f in (root / key).iterdir() if f.is_file()), lab))
    for folder in NEW_FOLDERS:
        for key, lab in json.loads((folder / "LABELS.json").read_text(encoding="utf-8")).items():
            d = folder / key.split("/", 1)[1]
            out.append((key, next(f for f in d.iterdir() if f.is_file()), lab))
    out = [(key, path, {**lab, "expected_series": {n: e for n, e in lab.get("expected_series", {}).items()
                                                   if n not in INCONSISTENT.get(key, {})}})
           for key, path, lab in out]
    return out


def reading_of_corpus(corpus=None):
    """(total, exact, analysed, misses, unanalysed, mixes) over the labelled text logs (``corpus``: (key, path, label)
    triples, by default :func:`_corpus`; tests/importers/test_textlog_lockbox.py passes the lock-box batches')."""
    from curvedoc.model.roles import other_losses
    from curvedoc.model.run import Run

    total = exact = analysed = 0
    misses, unanalysed, mixes = [], [], []
    for key, path, lab in _corpus() if corpus is None else corpus:
        rd = read_text_log(path)
        run = Run(path.parent.name, "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
        named = set(run.roles.values()) | {m.tag for m in run.metrics} | set(other_losses(run))
        values = {str(t): (set(g["value"].round(9).tolist()), len(g)) for t, g in rd.frame.groupby("tag", observed=True)}
        exps = lab.get("expected_series", {})
        for name, exp in exps.items():
            total += 1
            tag = _recovered(rd.frame, exp)
            if tag is None:
                misses.append(f"{key}:{name}")
                continue
            exact += 1
            if tag in named:
                analysed += 1
            else:
                unanalysed.append(f"{key}:{name} ({tag})")
        # a series mixes training and evaluation when one tag holds the points of a training series and of an
        # evaluation series of the same run: their first and last values, and at least as many points as both
        ends = [(n, {round(float(e["first"][1]), 9), round(float(e["last"][1]), 9)}, e["points"]) for n, e in exps.items()]
        for tag, (vals, n) in values.items():
            for a, va, na in ends:
                for b, vb, nb in ends:
                    if not _is_eval(a) and _is_eval(b) and va | vb <= vals and not va & vb and n >= na + nb:
                        mixes.append(f"{key}: {tag!r} holds {a} and {b}")
    return total, exact, analysed, misses, unanalysed, mixes


@pytest.mark.slow  # reads every labelled text log (~25 s); CI runs it (.ci/run)
def test_labelled_text_logs_read_exactly_analysed_and_unmixed():
    total, exact, analysed, misses, unanalysed, mixes = reading_of_corpus()
    assert total >= 509  # (510 labelled series, one left out: INCONSISTENT)
    assert exact / total >= MIN_EXACT, (exact, total, misses)
    assert analysed / total >= MIN_ANALYSED, (analysed, total, unanalysed)
    assert not mixes, mixes


# Measured on ../shared + tests/data/textlogs_real + tests/data/textlogs_unseen3/4/5/6 (see the READMEs of the five
# folders): exact 487/510 (95.5%), analysed 452/510 (88.6%). Before the sixth batch: 395/420 (94.0%), 368/420 (87.6%);
# the sixth batch read 74/90 exactly (68 analysed) before the changes it prompted (tests/importers/
# test_textlog_round7.py), 87/90 (80) after. Before the fifth batch: 325/337 (96.4%), 300/337 (89.0%); the fifth read
# 55/83 (51) before round 6, 70/83 (68) after, 75/83 (73) after round 7. Issue 36 asks for 98% / 95%: these floors keep
# what is reached, the READMEs list what is still missed and why.
# Round 9 (tests/importers/test_textlog_lockbox.py): the label's x read as the measure means it (an "ordinal" x is no
# step, an epoch x is compared through the reading's epoch series): 490/510 (96.1%), 454 (89.0%).
# Round 11 (tests/importers/test_textlog_round11.py): unchanged, 490/510 (96.1%), 454 (89.0%) -- 'Val IoU' and 'Mean
# IoU' now analysed, the two PaddleClas END summaries of the training loss no longer (the per-step loss, now on one
# clock over every epoch, takes the train_loss role and the summary is its copy).
# Round 13 (tests/importers/test_textlog_round13.py): 493/510 (96.7%), 457 (89.6%) -- +2 slurm-cirkd's 'Sample: n,
# Validation pixAcc: .., mIoU: ..' read as an evaluation's progress (one result per evaluation, at the step reached),
# +1 fer-ssl's 'Validation accuracy' right after a training record (the evaluation's own, not a continuation of it);
# hf-dicts-peft-qwen-config's train_loss left out (INCONSISTENT: its label counts 9,998 of the 10,000 dicts the log and
# the label's own style name): 493/509 (96.9%), 457 (89.8%).
# The other misses are the ones listed above (the READMEs), the not-analysed series mostly a second print of a role's own loss (an epoch
# summary beside the per-step curve, an evaluation's estimate of the training loss), adversarial and RL losses (no
# convergence signal by design) and names the metric vocabulary vetoes or lacks ('Val PER', 'count_acc', 'ber').
# Round 15 (tests/importers/test_textlog_round15.py): 494/509 (97.1%), 458 (90.0%) -- +1 logging-iter-dev-f1's
# conlleval accuracy (its configuration, printed one setting a line by each launch, is settings now, not records).
# Round 20 (tests/importers/test_textlog_round20.py): 496/509 (97.4%), 460 (90.4%) -- +1 wandb-tqdm-detector-losses'
# val_map (a checkpoint statement quoting the best evaluation, 'Saved best model weights (Mean Average Precision =
# 61.39%)', is the run's best, no point; analysed too).
MIN_EXACT = 0.974
MIN_ANALYSED = 0.903


@pytest.mark.slow  # reads each new log a dozen times (~40 s); CI runs it (.ci/run)
def test_every_new_text_log_reads_the_same_whole_in_chunks_or_from_any_line():
    """The chunked / tail / whole property (tests/importers/test_textlog_readings.py) on every log of tests/data/textlogs_real,
    tests/data/textlogs_unseen3, textlogs_unseen4, textlogs_unseen5 and textlogs_unseen6.
    A key | value table is one record written at once: a window is not cut inside one (as `watch` reads what a
    flush appended, and a logger writes its table in one flush)."""
    import random

    from test_textlog_readings import _assert_chunks_read_as_whole

    for d in sorted(p for folder in NEW_FOLDERS for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        path = next(f for f in d.iterdir() if f.is_file())
        data = path.read_bytes()
        rng = random.Random(len(data))
        cuts = sorted(rng.sample(range(len(data)), min(5, len(data))))
        _assert_chunks_read_as_whole(path, [_after_table(data, c) for c in cuts])


def _after_table(data: bytes, cut: int) -> int:
    """The offset ``cut``, moved past the end of the key | value table it falls in (the rule line that closes it)."""
    start = data.rfind(b"\n", 0, cut) + 1
    end = data.find(b"\n", cut)
    line = data[start:end if end >= 0 else len(data)].strip()
    if not line.startswith(b"|"):
        return cut
    while end >= 0:
        nxt = data.find(b"\n", end + 1)
        line = data[end + 1:nxt if nxt >= 0 else len(data)].strip()
        if not line.startswith(b"|"):
            return end + 1
        end = nxt
    return len(data) - 1


@pytest.mark.parametrize("word", ["nan", "NaN", "inf", "-inf"])
def test_a_nan_printed_after_a_bare_key_is_that_keys_value(tmp_path, word):
    """``Epoch 0 iter 5/43 loss nan lr 0.05``: the word after ``loss`` is its value (the commonest way a blow-up
    shows in a print log), not a further word of a key ``loss nan lr``."""
    lines = [f"Epoch 0 iter {i}/43 loss {2.3 - i * 0.1:.3f} lr 0.05" for i in range(1, 6)]
    lines += [f"Epoch 0 iter {i}/43 loss {word} lr 0.05" for i in range(6, 10)]
    rd = _read(tmp_path, lines)
    assert _tags(rd) >= {"loss", "lr"} and not any(" " in t for t in _tags(rd)), _tags(rd)
    _, v = _series(rd, "loss")
    assert len(v) == 9 and all(not math.isfinite(x) for x in v[5:])
