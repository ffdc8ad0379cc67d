"""Text logs, round 27 on the seen lock-box batches 2026-12-14aq, ar, as and nu18 (issue 36): misreadings found on their
text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- "Evaluation:" over one record with training's words
@pytest.mark.parametrize("heading,prefix", [("Evaluation:", "val/"), ("Validation:", "val/"), ("Eval:", "val/"),
                                            ("Test:", "test/")])
@pytest.mark.parametrize("stamp", ["2017-07-11 18:01:13,167: INFO: 2017-07-11T18:01:13.167293: ", ""])
@pytest.mark.parametrize("steps,every", [(300, 100), (45, 5)])
def test_a_heading_naming_an_evaluation_holds_out_the_record_under_it(tmp_path, heading, prefix, stamp, steps, every):
    """TensorFlow's text-CNN example logs ``"\\nEvaluation:"`` and then the evaluation's one line, written with the
    training's words at the training's step (``step 100, loss 0.024, acc 0.99``): the record under a heading that
    names an evaluation and nothing else is the evaluation's -- never a second point of the training loss at that step
    -- and the training's next record is training's again."""
    lines, tl, vl = [], [], []
    for s in range(1, steps + 1):
        tl.append(round(2 / s, 5))
        lines.append(f"{stamp}step {s}, loss {2 / s:.5f}, acc {0.5 + s / 1000:.4f}")
        if s % every == 0:
            vl.append(round(0.3 / s, 5))
            lines += ["2017-07-11 18:01:13,167: INFO: " if stamp else "", heading,
                      f"{stamp}step {s}, loss {0.3 / s:.5f}, acc {0.9:.4f}", "",
                      f"Saved model checkpoint to /runs/1499766378/checkpoints/model-{s}"]
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"loss", "acc", f"{prefix}loss", f"{prefix}acc"}
    assert _series(rd, "loss") == (list(range(1, steps + 1)), tl)
    assert _series(rd, f"{prefix}loss") == (list(range(every, steps + 1, every)), vl)


# ------------------------------------------------------------- "train 26/210 | loss=.." and "val 6/54 | loss=.."
@pytest.mark.parametrize("fmt", ["{w} {i}/{n} | loss={v:.4f}", "  {w} {i}/{n} | loss={v:.4f} | acc={a:.3f}",
                                 "{w} {i}/{n}: loss {v:.4f}", "{w} {i}/{n} - loss: {v:.4f}"])
@pytest.mark.parametrize("words", [("train", "val"), ("Train", "Valid"), ("training", "eval")])
@pytest.mark.parametrize("prefix", ["2026-05-22 06:13:32 [INFO] train - ", "", "2026-05-22 06:13:32 [INFO] loop - "])
@pytest.mark.parametrize("epochs", [2, 6])
def test_a_split_word_with_its_count_heads_that_splits_record(tmp_path, fmt, words, prefix, epochs):
    """A loop that prints its split's word and its count through the split's batches before the pairs (``  train
    26/210 | loss=3.14`` during training, ``  val 6/54 | loss=1.30`` during the evaluation, each epoch, behind a logger's
    ``[INFO] train - `` whose name is the module's): the records are that split's -- no series 'train' or 'val' of
    counts, and no one 'loss' holding both splits' values. The evaluation's count on its way is its running result:
    the line at its end ('val 54/54') holds the evaluation's, one a pass."""
    lines, tr, va = [], [], []
    for e in range(1, epochs + 1):
        for i in (26, 52, 78, 104):
            v = 3 - e / 10 - i / 1000
            tr.append(round(v, 4))
            lines.append(prefix + fmt.format(w=words[0], i=i, n=104, v=v, a=0.5))
        for i in (6, 12):
            v = 4 - e / 10 - i / 1000
            if i == 12:
                va.append(round(v, 4))
            lines.append(prefix + fmt.format(w=words[1], i=i, n=12, v=v, a=0.6))
        lines.append(f"{prefix}Epoch   {e}/100 | TrainLoss={2.8 - e / 10:.4f} | ValLoss={3.2 - e / 10:.4f}")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert not {"train", "val", "Train", "Valid", "training", "eval"} & tags
    train = sorted(v for t in tags if t.split(" [")[0] == "loss" for v in _series(rd, t)[1])
    held = sorted(v for t in tags if t.split(" [")[0] == "val/loss" for v in _series(rd, t)[1])
    assert train == sorted(tr) and held == sorted(va)
    assert _series(rd, "TrainLoss")[1] == [round(2.8 - e / 10, 4) for e in range(1, epochs + 1)]


# ------------------------------------------------------------- "inst=u120_19 reward=1.0": a word value ends its pair
@pytest.mark.parametrize("fmt,word", [
    ("[Epoch 1/{E}] Step {s}/{S} inst={w} reward={v:.4f} rc={r:.4f} infeasible=False action_idx={a}", "u120_19"),
    ("step {s} model={w} loss={v:.4f} acc={r:.4f}", "resnet18"),
    ("iter={s} opt={w} reward={v:.4f} lr=0.001", "adam"),
    ("Step {s}/{S} | env={w} reward={v:.4f} | len={a}", "CartPole-v1"),
])
@pytest.mark.parametrize("steps", [6, 40])
def test_a_word_written_against_its_equals_sign_ends_its_pair(tmp_path, fmt, word, steps):
    """``f"inst={name} reward={r:.4f}"``: the instance's (the model's, the optimizer's, the environment's) name is a
    word written against its '=' -- a label of the record, no number --, and the next name starts after it: the series
    is 'reward' (or 'loss'), never 'u120_19 reward' with a series per instance name."""
    lines, vals = [], []
    for i in range(1, steps + 1):
        v = 1 / i
        vals.append(round(v, 4))
        lines.append(fmt.format(E=1, s=i * 10, S=steps * 10, w=word if i % 3 else word.upper(), v=v, r=0.5, a=i))
    rd = _read(tmp_path, lines)
    key = "loss" if "loss=" in fmt else "reward"
    assert not any(word.lower() in t.lower() for t in _tags(rd))
    assert _series(rd, key)[1] == vals


@pytest.mark.parametrize("label", ["epoch_summary", "eval_report", "train_stats"])
@pytest.mark.parametrize("epochs", [3, 12])
def test_identifiers_before_a_name_written_against_its_equals_sign_label_the_record(tmp_path, label, epochs):
    """``[Epoch 3/10] epoch_summary avg_return=1.0000 avg_rc=0.1183 ..``: an identifier written as code names things,
    standing before a name written against its '=', labels the record -- the name is ``avg_return``, as the pairs after
    it are named alone (a split's word before it stays: ``val avg_loss=0.3`` is the evaluation's)."""
    lines, vals = [], []
    for e in range(1, epochs + 1):
        lines.append(f"[Epoch {e}/{epochs}] step={e * 64} reward={0.5 + e / 100:.4f}")
        vals.append(round(1 - 1 / (e + 1), 4))
        lines.append(f"[Epoch {e}/{epochs}] {label} avg_return={1 - 1 / (e + 1):.4f} avg_rc=0.1183 diversity=2.8750")
        lines.append(f"[Epoch {e}/{epochs}] val avg_loss={1 / e:.4f}")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert not any(label in t for t in tags)
    assert _series(rd, "avg_return")[1] == vals and "avg_rc" in tags and "val avg_loss" in tags


@pytest.mark.parametrize("word", ["global", "Global"])
@pytest.mark.parametrize("per,epochs", [(64, 3), (200, 5)])
def test_the_global_step_beside_the_epochs_step_is_the_x_axis(tmp_path, word, per, epochs):
    """``[Epoch 2/3] Step 20/64 (global 84) reward=..``: the step inside the epoch, then the run's step in parentheses
    named 'global' (the global step said with its first word) -- the x axis, no series 'global'."""
    lines, steps = [], []
    g = 0
    for e in range(1, epochs + 1):
        for s in range(per // 4, per + 1, per // 4):
            g = (e - 1) * per + s
            steps.append(g)
            lines.append(f"[Epoch {e}/{epochs}] Step {s}/{per} ({word} {g}) reward={1 - 1 / g:.4f} rc=0.25")
    rd = _read(tmp_path, lines)
    assert "global" not in {t.lower() for t in _tags(rd)}
    assert _series(rd, "reward")[0] == steps


@pytest.mark.parametrize("over", ["Training finished", "Training complete.", "=== Training complete ==="])
@pytest.mark.parametrize("start", ["Starting trainer on device: cuda",
                                   "Starting training with config:"])
def test_a_launch_after_the_training_is_over_is_training_again(tmp_path, over, start):
    """A trainer appended to one log launch after launch: 'Training finished', then the next launch's start and its
    ``Args: Namespace(..)``, then its records -- training's records of a new launch, not a test of the model the
    last launch trained (what follows a line saying the training is over is held out only until a launch starts)."""
    lines, vals = [], []
    for launch in range(3):
        lines += [start, f"Args: Namespace(data_path='/data/set{launch}.txt', max_instances={launch + 2}, hidden_size=128, "
                  f"epochs=1, steps_per_epoch=64, lr=0.0003, use_lr_decay=False, optimizer='adam', log_dir='logs', seed={launch})"]
        for s in (16, 32, 48, 64):
            v = round(0.5 + launch / 10 + s / 1000, 4)
            vals.append(v)
            lines.append(f"[Epoch 1/1] Step {s}/64 loss={v:.4f}")
        lines.append(over)
    rd = _read(tmp_path, lines)
    assert not any(t.startswith("test/") for t in _tags(rd))
    assert sorted(v for t in _tags(rd) if t.split(" [")[0] == "loss" for v in _series(rd, t)[1]) == sorted(vals)


# ------------------------------------------------------------- "loss is nan, stopping": the run ends in error
@pytest.mark.parametrize("last", ["loss is nan, stopping", "NaN loss detected, aborting training.",
                                  "Loss became inf -- terminating", "Stopping training: loss is NaN",
                                  "loss is not finite, giving up"])
@pytest.mark.parametrize("steps", [5, 60])
def test_a_program_stopping_on_a_non_finite_loss_has_crashed(tmp_path, last, steps):
    """A script that checks its loss and quits when it went non-finite (``if not math.isfinite(loss): print("loss is
    nan, stopping"); break``) ends in error there: a crash, as a traceback is -- the line is no record of the loss."""
    lines = ["relu rnn, identity*1.6 init"] + [f"step {s * 10} loss nan" for s in range(1, steps + 1)]
    lines += ["== epoch 1 val loss nan val acc 0.260", last]
    rd = _read(tmp_path, lines)
    assert [i.kind for i in rd.issues if i.kind in ("crash", "killed")] == ["crash"]
    assert len(_series(rd, "loss")[0]) == steps and not any(t.endswith("[2]") for t in _tags(rd))


@pytest.mark.parametrize("line", ["EarlyStopping counter: 3 out of 5, best score inf", "Validation loss decreased (inf "
                                  "--> 0.6931). Saving model ...", "Early stopping: best val_loss inf after 5 epochs"])
def test_an_early_stopping_rules_words_about_inf_are_no_crash(tmp_path, line):
    """An early-stopping rule's best score starts at inf: its words are no program stopping on a non-finite loss."""
    lines = [f"epoch {e} loss {1 / e:.4f} val_loss {1.2 / e:.4f}" for e in range(1, 8)] + [line]
    rd = _read(tmp_path, lines)
    assert not [i for i in rd.issues if i.kind in ("crash", "killed")]


# ------------------------------------------------------------- "| Val Loss: .. (PPL: ..) | TF Ratio: ..": a field's split
@pytest.mark.parametrize("other", ["TF Ratio", "Grad Norm", "Tokens", "Beta"])
@pytest.mark.parametrize("epochs", [4, 12])
def test_a_split_word_names_its_fields_keys_not_the_next_fields_quantity(tmp_path, other, epochs):
    """``Epoch 3/30 | Train Loss: 5.64 (PPL: 282.2) | Val Loss: 5.35 (PPL: 210.5) | TF Ratio: 0.96 | Time: 151.3s``: the
    split written in a field names the keys of that field (the perplexity in parentheses is the validation's), not the
    next field's quantity, which names no split -- a teacher-forcing ratio is the training's schedule, no evaluation's
    'Val TF Ratio'. (A quality measure in the next field is still the evaluation's: '| Val Loss: .. | Acc: ..'.)"""
    lines = [f"Epoch {e:3d}/30 | Train Loss: {5 / e:.4f} (PPL: {2.7 ** (5 / e):.2f}) | Val Loss: {5.5 / e:.4f} "
             f"(PPL: {2.7 ** (5.5 / e):.2f}) | {other}: {1 - e / 50:.2f} | Acc: {0.5 + e / 100:.3f} | Time: 123.4s"
             for e in range(1, epochs + 1)]
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert other in tags and f"Val {other}" not in tags
    assert {"Train Loss", "Train PPL", "Val Loss", "Val PPL", "Val Acc"} <= tags
    assert _series(rd, other)[1] == [round(1 - e / 50, 2) for e in range(1, epochs + 1)]


# ------------------------------------------------------------- "Iterations: 200" in the banner: the plan of 'Iter N'
@pytest.mark.parametrize("banner,rec", [
    ("Iterations: {n}, Games/iter: 40", "Iter {i:4d} | loss={v:.4f} (v={v:.4f} p={v:.4f}) | buf={i}0 | lr=0.05"),
    ("Total timesteps: {n:,}", "step {i} | reward {v:.3f} | fps 812"),
    ("Timesteps: {n}, envs: 8", "[step {i}] loss: {v:.4f}"),
    ("iterations = {n}", "it {i} loss {v:.4f}"),
])
@pytest.mark.parametrize("plan,ran,every", [(200, 200, 1), (200, 57, 1), (100000, 40960, 2048)])
def test_a_count_of_the_records_steps_stated_once_is_their_plan(tmp_path, banner, rec, plan, ran, every):
    """A script's banner states how many of its steps it runs ("Iterations: 200, Games/iter: 40" over 'Iter 1 | loss=
    ..'; "Total timesteps: 1,000,000" over a PPO's steps): said once before the records, on a clock of steps (no
    epochs), it is their plan -- a run stopped at step 57 of 200 stopped before it."""
    lines = ["=" * 40, "AlphaZero-style training", banner.format(n=plan), "Device: cuda", "=" * 40]
    lines += [rec.format(i=i, v=5 / (i + 1)) for i in range(every, ran + 1, every)]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("max_steps") == plan and "num_epochs" not in rd.meta


@pytest.mark.parametrize("banner", ["Iterations: 200", "Total steps: 500"])
def test_a_count_of_steps_beside_records_on_epochs_is_no_plan_of_them(tmp_path, banner):
    """The same words over records on a clock of epochs ('Epoch 3 | loss ..') name no plan of those records."""
    lines = [banner] + [f"Epoch {e} | loss {1 / e:.4f} | val_loss {1.1 / e:.4f}" for e in range(1, 30)]
    rd = _read(tmp_path, lines)
    assert "max_steps" not in rd.meta


# ------------------------------------------------------------- a fixed-width header whose names hold a space
@pytest.mark.parametrize("names", [("Train Loss", "Train Recall", "Val Loss", "Val Recall"),
                                   ("Train Loss", "Val Loss", "Val Acc"),
                                   ("train loss", "train acc", "valid loss", "valid acc", "test acc")])
@pytest.mark.parametrize("width", [13, 14, 16])
@pytest.mark.parametrize("prefix", ["2025-11-30 16:31:56,386 - __main__ - INFO - ", ""])
@pytest.mark.parametrize("epochs", [3, 21])
def test_a_fixed_width_headers_names_hold_their_spaces(tmp_path, names, width, prefix, epochs):
    """``logger.info(f"{'Epoch':<7}{'Train Loss':<13}{'Train Recall':<13}{'Val Loss':<13}{'Val Recall':<12}")`` then a
    row of numbers laid out alike each epoch: the names hold a space and the width may leave a single one between two
    ('Train Recall Val Loss') -- two spaces or more, or a split's word starting the next name, end a name: one column
    a name, one series a column."""
    head = f"{'Epoch':<7}" + "".join(f"{n:<{width}}" for n in names)
    lines = [prefix + "Classes: ['broken_large', 'broken_small', 'good']", prefix + head, prefix + "-" * 60]
    for e in range(1, epochs + 1):
        lines.append(prefix + f"{e:<7}" + "".join(f"{(j + 1) / (e + j):<{width}.4f}" for j in range(len(names))))
    rd = _read(tmp_path, lines)
    for j, n in enumerate(names):
        assert _series(rd, n) == (list(range(1, epochs + 1)), [round((j + 1) / (e + j), 4) for e in range(1, epochs + 1)])


# ------------------------------------------------------------- "dA[1.526,0.768] dB[..] g[..]": a name against its list
@pytest.mark.parametrize("fmt", [">{i}, dA[{a:.3f},{b:.3f}] dB[{b:.3f},{a:.3f}] g[{c:.3f},{d:.3f}]",
                                 "{i} dA[{a:.3f}, {b:.3f}] dB[{b:.3f}, {a:.3f}] g[{c:.3f}, {d:.3f}]",
                                 "iter {i}: dA[{a:.3f},{b:.3f},{a:.3f}] dB[{b:.3f},{a:.3f}] g[{c:.3f},{d:.3f}]"])
@pytest.mark.parametrize("n", [12, 300])
def test_a_name_written_against_its_list_of_values_is_read(tmp_path, fmt, n):
    """The Keras CycleGAN tutorial prints ``'>%d, dA[%.3f,%.3f] dB[%.3f,%.3f] g[%.3f,%.3f]'`` each step: a name
    against the bracketed list of its losses, read as a list printed after its name is (its first value) -- not a
    file with nothing to read."""
    lines, dA, g = [], [], []
    for i in range(1, n + 1):
        a, b, c, d = 1 / i, 0.5 + 1 / i, 18 / i ** 0.5, 19 / i ** 0.5
        dA.append(round(a, 3))
        g.append(round(c, 3))
        lines.append(fmt.format(i=i, a=a, b=b, c=c, d=d))
    rd = _read(tmp_path, lines)
    assert {"dA", "dB", "g"} <= _tags(rd)
    assert _series(rd, "dA")[1] == dA and _series(rd, "g")[1] == g


# ------------------------------------------------------------- Keras bars drawn complete again and again
def _keras_line(n, N, loss, acc, eta=None):
    bar = "[" + "=" * 29 + ">" + "]" if eta is None else "[" + "=" * (29 * n // N) + ">" + "." * (29 - 29 * n // N) + "]"
    timing = f"- {9}s 2s/step" if eta is None else f"- ETA: {eta}s"
    return f"{n}/{N} {bar} {timing} - loss: {loss:.4f} - binary_accuracy: {acc:.4f}"


@pytest.mark.parametrize("heading", ["=== Epoch {e} ===", "Round {e}", ""])
@pytest.mark.parametrize("calls,per", [(20, 9), (3, 4)])
def test_keras_bars_drawn_complete_under_one_heading_are_passes_of_their_own(tmp_path, heading, calls, per):
    """A script calling ``model.fit(.., epochs=1)`` in a loop under its own heading ('=== Epoch 3 ===' over twenty
    '4/4 [======] - 9s 2s/step - loss: ..' lines, one per call): within an epoch Keras' bar closes once, so each bar
    drawn complete is a pass of its own -- one point each, in order, not one point per heading."""
    lines, vals = [], []
    for e in range(1, per + 1):
        if heading:
            lines.append(heading.format(e=e))
        for c in range(calls):
            v = round(0.07 - (e * calls + c) / 10000, 4)
            vals.append(v)
            lines += [_keras_line(4, 4, v, 0.5), ""]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[1] == vals


@pytest.mark.parametrize("epochs", [3, 15])
def test_a_keras_fits_renderings_are_still_one_point_an_epoch(tmp_path, epochs):
    """Keras' own 'Epoch 3/15' over its bar's renderings ('2/4 [=====>....] - ETA: 2s - loss: ..') and the line that
    closes it: one point an epoch, the closing line's."""
    lines, vals = [], []
    for e in range(1, epochs + 1):
        lines.append(f"Epoch {e}/{epochs}")
        for n in (1, 2, 3):
            lines.append(_keras_line(n, 4, 0.9 / e + n / 100, 0.5, eta=4 - n))
        vals.append(round(0.8 / e, 4))
        lines.append(_keras_line(4, 4, 0.8 / e, 0.5))
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == (list(range(1, epochs + 1)), vals)


# ------------------------------------------------------------- tqdm's postfix set before the bar counts its batch
def _tqdm(e, E, n, N, loss, avg):
    pct = 100 * n // N
    return (f"Epoch {e}/{E}: {pct:3d}%|{'█' * (pct // 10):<10}| {n}/{N} [00:{n:02d}<01:00, 15.17s/it, "
            f"loss={loss:.4f}, avg_loss={avg:.4f}, batch_time=0.256s]")


@pytest.mark.parametrize("N,stop", [(103, 44), (20, 20), (12, 30)])
def test_a_postfix_drawn_before_the_bar_counts_is_the_batch_it_counts_next(tmp_path, N, stop):
    """``for x in tqdm(loader): ..; pbar.set_postfix(loss=..)``: the postfix is drawn at the count before its batch
    ('0/103 .. loss=5.7598'), then again once the count moves ('1/103 .. loss=5.7598'), and the next batch's postfix at
    that count ('1/103 .. loss=5.8519'): one point per batch, the value drawn as the count reached it -- no point at
    count 0, none shifted by one."""
    raw, vals = [], []
    for b in range(1, stop + 1):
        e, n = (b - 1) // N + 1, (b - 1) % N + 1
        loss = round(5.8 - b / 100 + (0.05 if b % 2 else 0), 4)
        vals.append(loss)
        raw.append(_tqdm(e, 3, n - 1, N, loss, loss))  # the postfix set: drawn at the count before the batch
        raw.append(_tqdm(e, 3, n, N, loss, loss))  # the count moved
    p = tmp_path / "out.log"
    p.write_text("Loading data...\n" + "\r".join(raw) + "\n", encoding="utf-8")
    from test_textlog_readings import _assert_same
    from curvedoc.importers.textlog import read_text_log
    _assert_same(p)
    rd = read_text_log(p)
    assert _series(rd, "loss") == (list(range(1, stop + 1)), vals)


@pytest.mark.parametrize("N,stop", [(103, 44), (20, 30)])
def test_a_postfix_set_after_the_bar_counts_is_still_the_last_rendering(tmp_path, N, stop):
    """``pbar.update(1); pbar.set_postfix(loss=..)``: the count moves first (drawn with the last batch's postfix), then
    the postfix: at each count the last rendering holds that batch's loss, as before."""
    raw, vals = [], []
    prev = None
    for b in range(1, stop + 1):
        e, n = (b - 1) // N + 1, (b - 1) % N + 1
        loss = round(5.8 - b / 100 + (0.05 if b % 2 else 0), 4)
        vals.append(loss)
        if prev is not None:
            raw.append(_tqdm(e, 3, n, N, prev, prev))
        raw.append(_tqdm(e, 3, n, N, loss, loss))
        prev = loss
    p = tmp_path / "out.log"
    p.write_text("Loading data...\n" + "\r".join(raw) + "\n", encoding="utf-8")
    from test_textlog_readings import _assert_same
    from curvedoc.importers.textlog import read_text_log
    _assert_same(p)
    rd = read_text_log(p)
    assert _series(rd, "loss") == (list(range(1, stop + 1)), vals)


@pytest.mark.parametrize("n", [5, 60])
def test_a_bar_description_naming_its_own_batch_keeps_every_batch(tmp_path, n):
    """``pbar.set_description(f"Epoch [0][{i}/1200] Loss {loss:.4f}")``: the record names its own batch, drawn at the
    bar's count before and after it moves -- each batch is its point, the first (batch 0, at count 0) included."""
    raw, vals = [], []
    for i in range(n):
        loss = round(300 / (i + 1) + (i % 3), 4)
        vals.append(loss)
        for c in (i, i + 1):
            raw.append(f"Epoch [0][{i}/1200] Time/b 0.22 (0.32) Loss {loss:.4f} ({loss:.3f}) :   0%|          | "
                       f"{c}/1200 [00:00<08:17,  2.41it/s]")
    p = tmp_path / "train.out"
    p.write_text("start\n" + "\r".join(raw) + "\n", encoding="utf-8")
    from test_textlog_readings import _assert_same
    from curvedoc.importers.textlog import read_text_log
    _assert_same(p)
    rd = read_text_log(p)
    assert _series(rd, "Loss") == (list(range(n)), vals)


# ------------------------------------------------------------- "[ITER 7000] Evaluating train: L1 .. PSNR ..": held out
@pytest.mark.parametrize("pos", ["[ITER {s}]", "[Iter {s}]", "[step {s}]", "[Epoch {e}]"])
@pytest.mark.parametrize("word", ["Evaluating train", "Evaluating", "Validation", "Eval"])
@pytest.mark.parametrize("evals", [2, 7])
def test_a_split_word_after_a_bracketed_position_is_the_records_split(tmp_path, pos, word, evals):
    """Gaussian splatting's ``print(f"\\n[ITER {iteration}] Evaluating {config['name']}: L1 {l1} PSNR {psnr}")`` beside
    the training bar's Loss: the words right after the bracketed position say the record is an evaluation -- held out
    ('val/L1'), never a training series 'L1'."""
    lines = []
    for k in range(1, evals + 1):
        s = k * 1000
        lines += [f"[step {s - 500}] loss {1 / k:.4f}", f"[step {s}] loss {0.9 / k:.4f}",
                  pos.format(s=s, e=k) + f" {word}: L1 {0.05 / k:.4f} PSNR {20 + k:.2f}"]
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert "val/L1" in tags and "L1" not in tags and "val/PSNR" in tags
    assert _series(rd, "val/L1")[1] == [round(0.05 / k, 4) for k in range(1, evals + 1)]


@pytest.mark.parametrize("word", ["Evaluating test", "Evaluation test set", "Eval test"])
@pytest.mark.parametrize("evals", [2, 7])
def test_an_evaluation_said_with_the_test_set_is_the_tests(tmp_path, word, evals):
    """Gaussian splatting evaluates its 'test' cameras and its 'train' cameras after one another ('[ITER 7000]
    Evaluating test: L1 .. PSNR ..', then '.. Evaluating train: ..'): a test is not the validation -- the test's results
    are test/, the other evaluation's val/, never one series zig-zagging between the two."""
    lines = []
    for k in range(1, evals + 1):
        s = k * 1000
        lines += [f"[step {s}] loss {0.9 / k:.4f}", f"[ITER {s}] {word}: L1 {0.07 / k:.4f} PSNR {19 + k:.2f}",
                  f"[ITER {s}] Evaluating train: L1 {0.05 / k:.4f} PSNR {20 + k:.2f}"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "test/L1")[1] == [round(0.07 / k, 4) for k in range(1, evals + 1)]
    assert _series(rd, "val/L1")[1] == [round(0.05 / k, 4) for k in range(1, evals + 1)]
