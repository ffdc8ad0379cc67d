"""Text logs, round 26 on the seen lock-box batches 2026-12-13an, ao, ap and nu17 (issue 36): misreadings found on their
text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- "Epoch [0], Batch [5]": two counters as fields
@pytest.mark.parametrize("fmt", [
    "2025-06-18 09:14:00,086 INFO     Epoch [{e}], Batch [{b}], Loss: {v:.4f}",
    "Epoch [{e}], Batch [{b}/{B}], loss: {v:.4f}",
    "Epoch[{e}], Batch[{b}], train_loss={v:.4f}",
    "Epoch [{e}] , batch: [{b}] , Loss: {v:.4f}",
])
@pytest.mark.parametrize("epochs,per", [(2, 4), (5, 11)])
def test_a_batch_in_brackets_after_the_epoch_in_brackets_is_the_batch(tmp_path, fmt, epochs, per):
    """A script printing its loop's two counters as the fields they are, ``f"Epoch [{e}], Batch [{b}], Loss: .."``,
    names the epoch and then the batch inside it, a comma between, as MXNet's ``Epoch[145] Batch [20]`` does without
    one: the batch is the record's position, no series 'Batch'."""
    lines, vals = [], []
    for e in range(epochs):
        for i in range(per):
            v = round(1 / (e * per + i + 1), 4)
            vals.append(v)
            lines.append(fmt.format(e=e, b=i * 5, B=per * 5, v=v))
    rd = _read(tmp_path, lines)
    key = "train_loss" if "train_loss" in fmt else "loss" if "loss:" in fmt else "Loss"
    assert _tags(rd) - {"epoch"} == {key}
    assert _series(rd, key)[1] == vals
    assert sorted(set(rd.frame[rd.frame["tag"] == "epoch"]["value"])) == list(range(epochs))


# ------------------------------------------------------------- "*** epoch 3 val: loss .. acc ..": the split after the position
@pytest.mark.parametrize("fmt", [
    "*** epoch {e} {split}: loss {l:.4f} acc {a:.4f}",
    "epoch {e} {split}: loss={l:.4f}, acc={a:.4f}",
    "Epoch {e} {split}: Loss {l:.4f} | Acc {a:.4f}",
    "ep {e} {split}:  loss: {l:.4f}  acc: {a:.4f}",
])
@pytest.mark.parametrize("split,prefix", [("val", "val/"), ("valid", "val/"), ("test", "test/"), ("eval", "val/")])
@pytest.mark.parametrize("epochs", [3, 14])
def test_a_split_word_after_the_records_position_is_the_records_split(tmp_path, fmt, split, prefix, epochs):
    """``print(f"*** epoch {e} val: loss {l} acc {a}")`` after the per-step training lines names the split after the
    record's position, as 'Epoch 1 - eval:' does with a dash: the pairs are that split's, never a second training
    ``loss``."""
    lines, tl, vl = [], [], []
    for e in range(1, epochs + 1):
        for s in range(2):
            step = (e - 1) * 50 + (s + 1) * 25
            tl.append(round(2 / (step + 1), 4))
            lines.append(f"step {step:4d} | lr 1.00e-03 | loss {2 / (step + 1):.4f}")
        vl.append(round(1.5 / e, 4))
        lines.append(fmt.format(e=e, split=split, l=1.5 / e, a=0.5 + e / 40))
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    lo = "Loss" if "Loss" in fmt else "loss"
    assert f"{prefix}{lo}" in tags and f"{lo} [2]" not in tags
    assert _series(rd, f"{prefix}{lo}")[1] == vl
    assert _series(rd, "loss")[1] == tl


# ------------------------------------------------------------- a table with a remark column and dashes for no value
@pytest.mark.parametrize("note_col", ["Notes", "Comment", "status"])
@pytest.mark.parametrize("dash", ["—", "-", "n/a"])
@pytest.mark.parametrize("rows", [5, 40])
def test_a_tables_remark_column_and_its_dash_cells_leave_the_numbers_read(tmp_path, note_col, dash, rows):
    """A hand-kept training history written as an aligned table (``Iter  W  B  D  Positions  GenTime  NNEvals  Loss
    Policy  Value  Notes`` over a rule of dashes) ends with a column of remarks written on some rows only ('(Modal)',
    '100% vs random') and writes a dash where a row has no value: the remark is words, no class of a per-class row, and
    the dash no number -- every other column is read, one point a row."""
    lines = ["Self-play history", "=================", "",
             f"Iter  W    B    Positions  GenTime  NNEvals     Loss    Policy  Value   {note_col}",
             "----  ---  ---  ---------  -------  ----------  ------  ------  ------  -----"]
    loss, value, nn = [], [], []
    for i in range(1, rows + 1):
        note = "(Modal)" if i == 1 else "100% vs random" if i % 10 == 0 else ""
        evals = dash if i <= rows // 2 else str(4000000 + i)
        if i > rows // 2:
            nn.append(4000000 + i)
        loss.append(round(3.1 - i / 100, 4))
        value.append(round(0.18 + i / 1000, 4))
        lines.append(f"{i:4d}  {100 + i:3d}  {90 - i % 7:3d}  {13000 + i:9d}  {2800 + i / 10:6.1f}s  {evals:>10}  "
                     f"{3.1 - i / 100:6.4f}  {2.9 - i / 100:6.4f}  {0.18 + i / 1000:6.4f}  {note}".rstrip())
    rd = _read(tmp_path, lines, name="training_history.txt")
    tags = _tags(rd)
    assert {"train/Loss", "train/Policy", "train/Value", "train/NNEvals"} <= tags, tags
    assert _series(rd, "train/Loss") == (list(range(1, rows + 1)), loss)
    assert _series(rd, "train/Value")[1] == value
    assert _series(rd, "train/NNEvals")[1] == nn
    assert not any("Modal" in t or "random" in t for t in tags)


# ------------------------------------------------------------- MetricLogger's evaluation: progress lines, then its averages
def _metric_logger(epochs: int, per: int, test_word: str, gap: str, total_line: bool) -> tuple[list[str], list, list]:
    lines = ["[21:45:53.330261] Start training for 200 epochs"]
    f1, f1_avg = [], []
    n = per * 20
    for e in range(epochs):
        for i in range(0, n, 20):
            lines.append(f"[21:45:57.798286] Epoch: [{e}]{gap}[{i:4d}/{n + 1}]  eta: 0:00:10  lr: 0.000100  "
                         f"total_loss: {1 / (e + 1) + i / 10000:.4f} ({1 / (e + 1):.4f})  time: 1.4492  data: 0.7441")
        lines.append(f"[23:07:20.050195] Epoch: [{e}] Total time: 0:01:02 (1.6 s / it)")
        lines.append(f"[23:07:20.050195] Averaged stats: lr: 0.000100  total_loss: {1 / (e + 1):.4f} "
                     f"({1 / (e + 1) + 0.1:.4f})")
        for i in range(0, 40, 20):
            lines.append(f"[23:07:21.434295] {test_word}: [{e}]{gap}[{i:3d}/41]  eta: 0:02:44  average_f1: "
                         f"{0.1 + i / 100:.4f} ({0.1 + e / 10:.4f})  loss: 0.0001 (0.0001)  time: 0.7136")
        if total_line:
            lines.append(f"[23:09:57.792522] {test_word}: [{e}] Total time: 0:02:37 (0.6829 s / it)")
        f1.append(round(0.15 + e / 10, 4))
        f1_avg.append(round(0.2 + e / 10, 4))
        lines.append(f"[23:09:58.673215] Averaged stats: average_f1: {0.15 + e / 10:.4f} ({0.2 + e / 10:.4f})  "
                     f"loss: 0.0000 (0.0001)  acc: 1.0000")
    return lines, f1, f1_avg


@pytest.mark.parametrize("test_word,prefix", [("Test", "test/"), ("Val", "val/"), ("Eval", "val/")])
@pytest.mark.parametrize("gap", ["  ", " "])
@pytest.mark.parametrize("total_line", [True, False])
@pytest.mark.parametrize("epochs,per", [(3, 3), (12, 8)])
def test_an_evaluations_averaged_stats_are_held_out_as_its_progress_is(tmp_path, test_word, prefix, gap, total_line,
                                                                       epochs, per):
    """DeiT / MAE / DETR's MetricLogger prints an evaluation's progress (``Test: [3]  [ 20/230]  average_f1: 0.15
    (0.21) ..``: the epoch, the batch of the evaluation's batches set apart by spaces) and then its ``Averaged stats:``
    -- the same keys with no position of their own, as training's progress is followed by training's. The progress
    is the evaluation's own (one result per evaluation, at the step training reached), and the averages after it are
    the evaluation's too: held out, never a training series 'average_f1'."""
    lines, f1, f1_avg = _metric_logger(epochs, per, test_word, gap, total_line)
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert "average_f1" not in tags and "average_f1 (avg)" not in tags and "acc" not in tags, tags
    summary = [t for t in tags if t.startswith(prefix) and t.split("/", 1)[1].startswith("average_f1") and "[2]" in t]
    assert sorted(summary) == [f"{prefix}average_f1 (avg) [2]", f"{prefix}average_f1 [2]"]
    assert _series(rd, f"{prefix}average_f1 [2]")[1] == f1
    assert _series(rd, f"{prefix}average_f1 (avg) [2]")[1] == f1_avg
    # (the progress is one result per evaluation, at the step training reached)
    steps, _ = _series(rd, f"{prefix}average_f1")
    assert len(steps) == epochs and steps == _series(rd, f"{prefix}average_f1 [2]")[0]
    assert len(_series(rd, "total_loss")[0]) == epochs * per


# ------------------------------------------------------------- "evaluate:dev": an evaluation announced with its set
@pytest.mark.parametrize("say", ["evaluate:{s}", "evaluate: {s}", "Evaluating on {s}...", "Evaluate on the {s} set"])
@pytest.mark.parametrize("sets", [("dev", "test"), ("dev",), ("test",)])
@pytest.mark.parametrize("epochs", [3, 9])
def test_an_evaluation_announced_with_its_set_holds_out_that_sets_results(tmp_path, say, sets, epochs):
    """A NER trainer logs ``evaluate:dev`` and then conlleval's lines (``processed .. tokens ..; found: ..; correct:
    ..``, ``accuracy: 93.39%; precision: ..; FB1: 29.22``), then ``evaluate:test`` and the test's: the set the
    announcement names is the split of the records under it (dev: val/, test: test/), and the training's own kind
    of record coming back after them ('iteration:2 step26/174,NER loss: ..') ends the evaluation -- never a dev and
    test series merged into one 'FB1', nor the training loss held out."""
    pre = "2019-09-14 11:48:38,312 - log\\train.log - INFO - "
    lines, loss, fb = [pre + "start training"], [], {s: [] for s in sets}
    for e in range(1, epochs + 1):
        for k in (26, 126):
            loss.append(round(20 / (e * 2 + k / 100), 6))
            lines.append(pre + f"iteration:{e} step{k}/174,NER loss:{20 / (e * 2 + k / 100):.6f}")
        for s in sets:
            f1 = round(30 + e * 5 + (1 if s == "test" else 0), 2)
            fb[s].append(f1)
            lines.append(pre + say.format(s=s))
            lines.append(pre + f"processed 109870 tokens with 3819 phrases; found: {4000 + e} phrases; correct: "
                         f"{1000 + e}.")
            lines.append("")
            lines.append(pre + f"accuracy:  {90 + e / 10:.2f}%; precision:  {f1 - 1:.2f}%; recall:  {f1 + 1:.2f}%; "
                         f"FB1:  {f1:.2f}")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert "FB1" not in tags and "NER loss" in tags, tags
    assert _series(rd, "NER loss")[1] == loss
    for s in sets:
        tag = ("test/" if s == "test" else "val/") + "FB1"
        assert _series(rd, tag)[1] == fb[s], (tag, tags)


@pytest.mark.parametrize("over", ["OK: Finished training for 25 epochs", "Training finished."])
def test_after_the_training_is_over_its_words_stay_the_tests(tmp_path, over):
    """(The rule above is the evaluation's own kind of record coming back after others: after a line saying the
    training is over, the test printing its per-batch results with the training's words is still the test.)"""
    lines = [f"Epoch {e} iter {i} Loss : {1 / (e * 10 + i):.4f}" for e in range(1, 4) for i in range(1, 6)]
    lines += [over] + [f"Loss : {0.5 + i / 100:.4f}" for i in range(6)] + [f"('Accuracy : ', {50 + i})" for i in range(2)]
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "Loss")[1]) == 15 and len(_series(rd, "test/Loss")[1]) == 6


@pytest.mark.parametrize("evals_per_log", [1, 3])
@pytest.mark.parametrize("epochs", [4, 10])
def test_a_training_record_with_its_clock_after_the_evaluations_results_ends_the_evaluation(tmp_path, evals_per_log,
                                                                                           epochs):
    """The same trainer evaluating every few steps and logging its loss less often ('evaluate:dev' and its results
    three times, then 'iteration:4 step:13/29, INTENT loss: 2.03, NER loss: 15.48'): no training record came before
    the first announcement, and the training record's clock after the evaluation's clockless results says training
    went on -- its losses are training's, never held out."""
    pre = "2018-09-03 22:30:34,880 - /home/u/ner/log/train.log - INFO - "
    lines, loss, acc = [pre + "start training"], [], []
    for e in range(1, epochs + 1):
        for _ in range(evals_per_log):
            acc.append(round(90 + len(acc) / 10, 2))
            lines += [pre + "evaluate:dev", pre + f"accuracy:  {acc[-1]:.2f}%; precision:  10.00%; recall:  12.00%; "
                      f"FB1:  11.00", "", pre + "intent accuracy score is:0.130"]
        loss.append(round(2 / e, 6))
        lines.append(pre + f"iteration:{e} step:{13 + e}/29, INTENT loss: {2 / e:.6f}, NER loss:{15 / e:.6f}")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert "val/INTENT loss" not in tags and _series(rd, "INTENT loss")[1] == loss, tags
    assert _series(rd, "val/accuracy")[1] == acc


# ------------------------------------------------------------- "D_real+fake": two names joined by '+' are one key
@pytest.mark.parametrize("fmt,key", [
    ("(epoch: {e}, iters: {i}, time: 0.622) G_GAN: {a:.3f} G_L1: {b:.3f} D_real+fake: {c:.3f} ", "D_real+fake"),
    ("epoch {e} iter {i} | loss_cls+reg: {c:.4f} | acc: {a:.4f}", "loss_cls+reg"),
    ("[{e}][{i}] ce+kl={c:.4f} lr=0.001", "ce+kl"),
])
@pytest.mark.parametrize("epochs", [2, 7])
def test_two_names_joined_by_a_plus_are_one_key(tmp_path, fmt, key, epochs):
    """pix2pix-style WGAN logs print the critic's loss on real and fake images summed as ``D_real+fake: -26.95``; a
    detector its classification and regression terms as ``loss_cls+reg``: the name joined by '+' is the key of that
    sum -- never a series 'fake' (or 'reg') that drops the half of the name before the '+'."""
    lines, vals = [], []
    for e in range(1, epochs + 1):
        for i in (100, 200, 300):
            c = -30 + e + i / 100
            vals.append(round(c, 3 if "D_real" in key else 4))
            lines.append(fmt.format(e=e, i=i, a=1 + e / 10, b=1000 / e, c=c))
    rd = _read(tmp_path, lines)
    assert key in _tags(rd) and key.split("+")[-1] not in _tags(rd), _tags(rd)
    assert _series(rd, key)[1] == vals


# ------------------------------------------------------------- "[Losses: x 0.27, y 0.25, w .., total ..]": 'x' is a term
@pytest.mark.parametrize("lead", ["[Epoch {e}/30, Batch {b}/7329] [Losses: ", "Epoch {e} Batch {b} | losses: ",
                                  "step {b}: loss terms: "])
@pytest.mark.parametrize("batches", [5, 71])
def test_a_coordinates_term_x_in_a_list_of_loss_terms_is_a_key(tmp_path, lead, batches):
    """PyTorch-YOLOv3 prints its box terms as a list of pairs, ``[Losses: x 0.27, y 0.25, w 4.82, h 4.61, conf 4.37,
    cls 0.82, total 15.14, recall: 0.0, precision: 0.0]``: 'x' is the box centre's term as 'y' is (no multiplier
    'x 0.27'), and with it read the 'total' is the sum of the terms beside it -- the training loss."""
    lines, xs, tot = [], [], []
    for b in range(batches):
        terms = [0.27 + b / 1000, 0.25, 4.8 / (1 + b / 10), 4.6 / (1 + b / 10), 4.3, 0.82]
        xs.append(round(terms[0], 6))
        tot.append(round(sum(terms), 6))
        body = ", ".join(f"{k} {v:.6f}" for k, v in zip(("x", "y", "w", "h", "conf", "cls"), terms))
        lines.append(lead.format(e=0, b=b) + body + f", total {sum(terms):.6f}, recall: 0.00100, precision: 0.00010"
                     + ("]" if lead.startswith("[") else ""))
    rd = _read(tmp_path, lines)
    assert {"x", "y", "total"} <= _tags(rd), _tags(rd)
    assert _series(rd, "x")[1] == xs and _series(rd, "total")[1] == tot
    from curvedoc.model.run import Run
    run = Run("yolo", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles.get("train_loss") == "total"


# ------------------------------------------------------------- one literal reader: numpy 2's reprs in a printed history
@pytest.mark.parametrize("wrap", ["np.float64({v})", "np.float32({v})", "numpy.float64({v})", "{v}"])
@pytest.mark.parametrize("epochs", [3, 25])
def test_a_printed_history_of_numpy_2_scalars_is_read(tmp_path, wrap, epochs):
    """``print(history.history)`` under numpy 2 writes each value as its repr, ``{'loss': [np.float64(0.5), ..],
    ..}``: the text log reads it with the importers' one literal reader (curvedoc.importers.literals), as the JSON
    importer reads the same repr dumped as a string -- a series per key, never evaluated."""
    loss = [round(1 / (e + 1), 6) for e in range(epochs)]
    acc = [round(0.5 + e / 100, 6) for e in range(epochs)]
    body = ", ".join(f"'{k}': [" + ", ".join(wrap.format(v=v) for v in vals) + "]"
                     for k, vals in (("loss", loss), ("accuracy", acc), ("val_loss", loss)))
    rd = _read(tmp_path, ["{" + body + "}"], name="history.txt")
    assert _tags(rd) == {"loss", "accuracy", "val_loss"}
    assert _series(rd, "loss") == (list(range(epochs)), loss) and _series(rd, "accuracy")[1] == acc


@pytest.mark.parametrize("text,why", [
    ("{'loss': [__import__('os').system('touch PWNED'), 1.0]}", "not only literal values"),
    ("{'loss': [np.float64(0.5), np.array([1, 2])]}", "not only literal values"),
    ("{'loss': " + "(" * 40 + "1" + ")" * 40 + "}", "levels deep"),
])
def test_the_shared_literal_reader_evaluates_nothing_and_keeps_its_limits(tmp_path, text, why):
    from curvedoc.errors import UnsupportedFormat
    from curvedoc.importers.literals import python_literal
    with pytest.raises(UnsupportedFormat, match=why):
        python_literal(text, tmp_path / "x.txt")
    assert python_literal("{'a': [np.float64(nan), -np.float32(1.5), inf]}", tmp_path / "x.txt") == {
        "a": ["NaN", -1.5, float("inf")]}
    with pytest.raises(UnsupportedFormat, match="limit"):
        python_literal("[" + "1, " * 50 + "1]", tmp_path / "x.txt", max_chars=20)


# ------------------------------------------------------------- conlleval's per-type rows under the overall line
@pytest.mark.parametrize("types", [("LOC", "ORG", "PER"), ("DISEASE", "DRUG"), ("MISC",)])
@pytest.mark.parametrize("sep", ["; ", ", "])
@pytest.mark.parametrize("evals", [2, 12])
def test_a_breakdowns_row_headed_by_its_item_in_capitals_is_that_items(tmp_path, types, sep, evals):
    """conlleval (the CoNLL NER scorer most sequence-labelling scripts log) prints the overall line ``accuracy:
    93.39%; precision:  28.10%; recall:  30.43%; FB1:  29.22`` and then one row per entity type, indented and headed by
    the type in capitals, ``LOC: precision:  41.58%; recall:  37.21%; FB1:  39.28  1746``: each row is that type's
    (a series 'LOC FB1'), never more points of the overall 'FB1'."""
    lines, overall, first = [], [], {t: [] for t in types}
    for e in range(1, evals + 1):
        lines.append(f"iteration:{e} step100/174,NER loss:{20 / e:.6f}")
        f1 = round(30 + e, 2)
        overall.append(f1)
        lines.append(f"accuracy:  {90 + e / 10:.2f}%{sep}precision:  {f1 - 1:.2f}%{sep}recall:  {f1 + 1:.2f}%{sep}"
                     f"FB1:  {f1:.2f}")
        for i, t in enumerate(types):
            first[t].append(round(f1 + i + 1, 2))
            lines.append(f"{'':14}{t}: precision:  {f1:.2f}%{sep}recall:  {f1 + 2:.2f}%{sep}FB1:  {f1 + i + 1:.2f}  "
                         f"{1000 + i}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "FB1")[1] == overall
    for t in types:
        assert _series(rd, f"{t} FB1")[1] == first[t]


# ------------------------------------------------------------- "cfg.training.epochs : 100": a dotted path's plan
@pytest.mark.parametrize("key,kind", [("cfg.training.epochs", "num_epochs"), ("trainer.max_epochs", "num_epochs"),
                                      ("cfg.training.num_epochs", "num_epochs"), ("train.max_steps", "max_steps")])
@pytest.mark.parametrize("plan,ran", [(100, 3), (30, 12)])
def test_a_plan_set_under_a_dotted_configuration_path_is_the_runs_plan(tmp_path, key, kind, plan, ran):
    """JoeyNMT logs its configuration one setting a line under its dotted path (``cfg.training.epochs : 100``), as
    OmegaConf / Lightning print ``trainer.max_epochs``: the last part of the path names the setting as a '/' path's
    does, so the plan stated plainly reaches the run's plan -- a log that stops at epoch 3 of 100 is unfinished."""
    stamp = "2020-05-12 16:47:37,584 "
    plan = plan * 1000 if kind == "max_steps" else plan  # (a plan of steps past the steps the log reached)
    lines = [stamp + f"{k:35s}: {v}" for k, v in (("cfg.name", "transformer_iwslt14"), ("cfg.data.src", "de"),
                                                  ("cfg.training.optimizer", "adam"), ("cfg.training.learning_rate",
                                                                                       "0.0003"), (key, plan),
                                                  ("cfg.model.hidden_size", 256))]
    for e in range(1, ran + 1):
        lines.append(stamp + f"EPOCH {e}")
        for s in (100, 200):
            lines.append(stamp + f"Epoch {e:3d} Step: {(e - 1) * 200 + s:8d} Batch Loss: {5 / (e + s / 200):.6f} "
                         f"Tokens per Sec: 11000, Lr: 0.000300")
        lines.append(stamp + f"Epoch {e:3d}: total training loss {800 / e:.2f}")
    rd = _read(tmp_path, lines)
    assert rd.meta.get(kind) == plan, rd.meta


@pytest.mark.parametrize("tag", ["val/FB1", "test/FB1", "val/LOC FB1", "dev FB1"])
def test_conllevals_fb1_is_the_f1(tag):
    """conlleval's 'FB1' (the F-beta score with beta 1) is the F1: a quality metric, higher is better, so the dev and
    test FB1 read above are analysed (rules/roles.toml's metric vocabulary)."""
    from curvedoc.model.metrics import classify
    kind, higher, split, _ = classify(tag)
    assert kind == "f1" and higher and split == "val"
