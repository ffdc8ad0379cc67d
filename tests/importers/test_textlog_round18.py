"""Text logs, round 18 on the lock-box batches 2026-12-08ac/ad/nu12 (issue 36): misreadings found on their text logs,
each checked on small logs written the way such programs print them (several wordings, lengths and cuts), read with
and without plans (the two readings must be equal: ``_read``)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _assert_chunks_read_as_whole, _read, _series, _tags

from curvedoc.model.run import Run


def _run(rd):
    return Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)


# ------------------------------------------------------------- a name's index before its '=' is part of the name
@pytest.mark.parametrize("name, sep, avg, heading", [
    ("Stage", " = ", True, "Average train loss = "),
    ("Stage", "=", False, "Average train loss: "),
    ("head", " = ", True, "Epoch losses: "),
    ("Loss", " = ", False, None),
])
@pytest.mark.parametrize("epochs, parts", [(3, 4), (6, 2)])
def test_an_indexed_name_before_its_sign_is_one_series_per_index(tmp_path, name, sep, avg, heading, epochs, parts):
    """A multi-stage network's script prints each stage's loss as 'Stage 0 = 1.37(4.34)\\tStage 1 = ..' (the running
    average in parentheses): the stage's number names the series, the value is after the '=' -- not a key 'Stage'
    valued 0, 'Stage #2' valued 1 ... A glued epoch with its batch in brackets ('Epoch0 [100/7876]') is the position;
    a heading naming the loss before the parts ('Average train loss = Stage 0 = 9.14 ..', each epoch) gives series of
    their own, not points of the per-batch ones."""
    n_batches, every = 500, 100
    lines = ["[2019-03-22 09:57:09 main.py:84] INFO     lr:0.001", "[2019-03-22 09:57:09 main.py:84] INFO     gamma:0.6"]
    want: dict[int, list] = {k: [] for k in range(parts)}
    for e in range(epochs):
        lines.append(f"[2019-03-22 09:57:13 main.py:114] INFO     This is {e}-th epoch")
        for i in range(0, n_batches, every):
            vals = [round(3.0 / (1 + e) + k * 0.5 + i / 10000, 2) for k in range(parts)]
            cells = "\t".join(f"{name} {k}{sep}{v:.2f}" + (f"({v + 1:.2f})" if avg else "") for k, v in enumerate(vals))
            lines.append(f"[2019-03-22 10:00:00 main.py:176] INFO     Epoch{e} [{i}/{n_batches}] {cells}")
            for k, v in enumerate(vals):
                want[k].append((e * n_batches + i, v))
        if heading:
            cells = "\t".join(f"{name} {k}{sep}{2.0 / (1 + e) + k:.2f}" for k in range(parts))
            lines.append(f"[2019-03-22 19:41:01 main.py:191] INFO     {heading}{cells}")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    for k in range(parts):
        assert _series(rd, f"{name}_{k}") == ([s for s, _ in want[k]], [v for _, v in want[k]])
        if heading:
            head = heading.strip(" :=")
            assert _series(rd, f"{head} {name}_{k}")[1] == [round(2.0 / (1 + e) + k, 2) for e in range(epochs)]
    assert name not in tags and not any("#" in t or "[2]" in t for t in tags), tags
    assert "This" not in tags  # ('This is 0-th epoch': an ordinal is a position said in words, no value)


def test_a_clock_word_keeps_its_number_before_a_sign(tmp_path):
    """'epoch 3 = ..' is no indexed name: the clocks keep their numbers ('step 20 loss=0.5' stays step 20)."""
    lines = [f"step {20 * i} loss={1 / i:.4f} acc={0.5 + i / 100:.3f}" for i in range(1, 30)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == [20 * i for i in range(1, 30)]
    assert not any("_" in t for t in _tags(rd))


def test_a_multi_stage_log_is_assessed_on_its_epoch_averages(tmp_path):
    """The run is analysed: the per-epoch averages of the stages' losses (the heading names them a training loss) are
    the training loss's parts."""
    lines = []
    for e in range(8):
        lines.append(f"INFO     This is {e}-th epoch")
        for i in range(0, 1000, 100):
            lines.append(f"INFO     Epoch{e} [{i}/1000] " + "\t".join(
                f"Stage {k} = {2.0 + k - e / 10:.2f}({2.5 + k - e / 10:.2f})" for k in range(3)))
        lines.append("INFO     Average train loss = " + "\t".join(f"Stage {k} = {2.0 + k - e / 10:.2f}" for k in range(3)))
    run = _run(_read(tmp_path, lines))
    assert "train_loss" in run.roles


# ----------------------------------------------------------------------- tables: '|' columns, a labelled header
@pytest.mark.parametrize("head, rule, fmt", [
    ("epoch | train_loss | val_loss | val_rmse", "------+------------+----------+---------",
     " {e}/{E} | {a:.4f} | {b:.4f} | {c:.2f}dB"),
    ("| epoch | train_loss | val_loss | val_rmse |", "|-------|------------|----------|----------|",
     "| {e} | {a:.4f} | {b:.4f} | {c:.2f} |"),
    ("Epoch | Train Loss | Val Loss | Val RMSE", None, "{e:>3} | {a:.3f} | {b:.3f} | {c:.3f}"),
])
@pytest.mark.parametrize("E", [12, 30])
def test_a_table_drawn_with_bars_is_read_column_by_column(tmp_path, head, rule, fmt, E):
    """A script printing its epochs as a console table ('epoch | train_loss | val_loss | val_rmse', a rule under it,
    then ' 1/30 | 379612.0000 | 10475.9 | 1023.80dB') was refused as 'no training metrics': the bars are the
    columns' edges (a name may hold spaces), the epoch column the rows' position, a unit against a number no part of
    it."""
    lines = ["Training link-budget regressor (raw units)", head] + ([rule] if rule else [])
    want = []
    for e in range(1, E + 1):
        a, b, c = 1e6 / e ** 2, 2e5 / e, 300.0 / e
        lines.append(fmt.format(e=e, E=E, a=a, b=b, c=c))
        want.append((e, round(float(f"{a:.3f}"), 6)))
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    loss = next(t for t in tags if t.lower().replace(" ", "_").endswith("train_loss"))
    steps, vals = _series(rd, loss)
    assert steps == list(range(1, E + 1))
    assert [round(v, 3) for v in vals] == [round(v, 3) for _, v in want]
    assert len([t for t in tags if "rmse" in t.lower()]) == 1


@pytest.mark.parametrize("label", ["columns", "fields", "header"])
@pytest.mark.parametrize("launches", [(15, 20), (8, 8, 12)])
def test_a_labelled_header_over_bracketed_rows_is_a_table_and_a_relaunch_goes_back(tmp_path, label, launches):
    """'columns: epoch train_loss val_loss val_acc' then '[1] 1.6481 1.4593 0.537' a row per epoch: a table whose
    first cell, in brackets, is the epoch. The same script run again into the same file (its config printed again,
    the epoch back at 1) is a restart: every row is kept, and the importer says so."""
    lines = []
    for k, E in enumerate(launches):
        lines += [f'config: {{"task": "crop", "model": "mlp", "lr": 0.001, "epochs": {E}}}',
                  f"{label}: epoch train_loss val_loss val_acc"]
        for e in range(1, E + 1):
            lines.append(f"[{e}] {1.6 / e + k / 10:.4f} {1.4 / e + k / 10:.4f} {0.5 + e / 50:.3f}")
        lines.append("saved model.pt")
    rd = _read(tmp_path, lines)
    steps, _ = _series(rd, "train_loss")
    assert steps == [e for E in launches for e in range(1, E + 1)]
    assert len(_series(rd, "val_acc")[0]) == sum(launches)
    assert any(i.kind == "restart" for i in rd.issues)


# --------------------------------------------------------------- the plan said in words beside the run's settings
@pytest.mark.parametrize("first", [
    "[INFO] link-budget MLP: {E} epochs, lr=0.002, batch 64",
    "Training ResNet-18 for {E} epochs (lr 0.1, batch 128)",
    "model=mlp, {E} epochs, lr=0.002",
    "Training for {E} epochs, lr 1e-3",
])
@pytest.mark.parametrize("E, stop", [(40, 17), (30, 9)])
def test_the_plan_said_beside_settings_is_the_plan_and_no_record(tmp_path, first, E, stop):
    """A script's first line states its plan with its settings ('link-budget MLP: 40 epochs, lr=0.002, batch 64'), then
    one record per epoch; killed at epoch 17 the log is a run stopped before its plan: the plan is read (40 epochs),
    and the settings on that line are settings, not series of one point ('lr', 'batch', 'link-budget MLP')."""
    lines = [first.format(E=E)]
    for e in range(1, stop + 1):
        lines.append(f"[INFO] ep {e} mse {0.3 / e:.4f} val_mse {0.06 / e ** 0.5:.4f} (rmse {5.8 / e ** 0.3:.2f} dB)")
    rd = _read(tmp_path, lines)
    assert rd.meta.get("num_epochs") == E
    assert _tags(rd) >= {"mse", "val_mse"}
    assert not any(t in _tags(rd) for t in ("lr", "batch", "link-budget MLP", "model")), _tags(rd)
    assert len(_series(rd, "mse")[0]) == stop


def test_a_line_that_says_epochs_beside_a_measurement_is_no_plan(tmp_path):
    """'Finished 30 epochs, val acc 0.93' is a result, not a plan with settings."""
    lines = ["Training for 30 epochs"] + [f"epoch {e} loss {1 / e:.3f}" for e in range(1, 31)] + \
        ["Finished 30 epochs, val acc 0.93"]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("num_epochs") == 30 and "val acc" in " ".join(_tags(rd))


# ------------------------------------------------ a scheduler's sentence, names listed before values, a loss's term
@pytest.mark.parametrize("say", [
    "Adjusting learning rate of group 0 to {lr:.4e}.",
    "Epoch {e:05d}: adjusting learning rate of group 0 to {lr:.4e}.",
    "learning_rate changed to {lr}",
    "Reducing learning rate to {lr:g}",
])
@pytest.mark.parametrize("epochs", [6, 15])
def test_a_sentence_setting_the_learning_rate_is_the_lr(tmp_path, say, epochs):
    """torch's verbose scheduler prints 'Adjusting learning rate of group 0 to 1.0000e-03.' each epoch: the value after
    'to' is the learning rate ('lr'), the group's number no value -- not a series 'Adjusting learning rate of group'
    valued 0."""
    lines = []
    want = []
    for e in range(1, epochs + 1):
        lr = 0.001 * 0.5 ** (e // 3)
        lines.append(f"Epoch {e}: train loss {1 / e:.4f}, val loss {1.2 / e:.4f}")
        lines.append(say.format(e=e, lr=lr))  # (scheduler.step() at the epoch's end)
        want.append(float(say.split("to ")[1].rstrip(".").format(e=e, lr=lr)))
    rd = _read(tmp_path, lines)
    assert _series(rd, "lr")[1] == [round(v, 6) for v in want]
    assert not any("group" in t or "Adjusting" in t for t in _tags(rd)), _tags(rd)
    assert _run(rd).roles.get("lr") == "lr"


@pytest.mark.parametrize("names, fmt", [
    (("IS", "FID"), "Epoch {e}  IS, FID: {v}"),
    (("P", "R", "F1"), "eval @ {e}: P, R, F1: {v}"),
    (("loss", "acc"), "Epoch {e} | loss, acc: {v}"),
])
def test_names_listed_before_their_values_map_one_to_one(tmp_path, names, fmt):
    """iddpm's 'Epoch 5  IS, FID: 1.666, 341.353': one value per name, in order -- the FID was read as 1.666 (the IS)
    and the IS lost."""
    lines, want = [], {n: [] for n in names}
    for e in range(5, 55, 5):
        vals = [round(1.0 + e / 10 + 100 * k, 3) for k in range(len(names))]
        for n, v in zip(names, vals):
            want[n].append(v)
        lines.append(fmt.format(e=e, v=", ".join(f"{v:.3f}" for v in vals)))
    rd = _read(tmp_path, lines)
    for n in names:
        key = next(t for t in _tags(rd) if t.split("/")[-1] == n)
        assert _series(rd, key)[1] == want[n]


@pytest.mark.parametrize("outputs", [("accuracy", "loss"), ("accuracy", "accuracy_top5", "center_loss", "loss")])
def test_a_loss_term_named_like_the_total_is_no_point_of_the_total(tmp_path, outputs):
    """Caffe prints the solver's 'Iteration N, loss = x' (the total, smoothed) and each net output, the loss terms with
    their weight ('Train net output #3: loss = 9.2667 (* 1 = 9.2667 loss)'): the term named 'loss' is the term
    ('loss term'), not a second point of the total at every iteration."""
    lines, total = [], []
    for i in range(0, 5000, 500):
        t = round(9.27 - i / 1000, 4)
        total.append(t)
        lines.append(f"I0613 17:29:58.112738  1860 solver.cpp:228] Iteration {i}, loss = {t}")
        for k, name in enumerate(outputs):
            v = round(0.1 + i / 10000 + k, 6)
            w = " (* 1 = {0} loss)".format(v) if "loss" in name else ""
            lines.append(f"I0613 17:29:58.112792  1860 solver.cpp:244]     Train net output #{k}: {name} = {v}{w}")
        lines.append(f"I0613 17:29:58.112829  1860 sgd_solver.cpp:106] Iteration {i}, lr = {0.1 * 0.9 ** (i // 500):.6g}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == (list(range(0, 5000, 500)), total)
    assert len(_series(rd, "loss term")[0]) == 10 and len(_series(rd, "lr")[0]) == 10


# ------------------------------------------- '#N' heads a record as its step; a repeated key continues no record
@pytest.mark.parametrize("rec", ["#{s} loss {v:.4f}", "#{s} loss={v:.4f}", "#{s}  loss: {v:.4f}"])
@pytest.mark.parametrize("ev", ["** test @ epoch {e}: loss {l:.4f} acc {a:.4f}", "Test epoch {e}: loss {l:.4f} acc {a:.4f}",
                                "== eval @ epoch {e}: loss {l:.4f}, acc {a:.4f}"])
@pytest.mark.parametrize("epochs", [6, 12])
def test_a_hash_count_is_the_step_and_a_repeated_key_is_its_own_record(tmp_path, rec, ev, epochs):
    """A script printing '#10 loss 2.1724' every ten batches and, every other epoch, '** test @ epoch 2: loss 2.79 acc
    0.56': the '#N' is the step; the training line just after the test line repeats its key, so it continues nothing --
    it was read as the test's (val/loss, on ordinals), the training loss losing every point after the first test."""
    lines, steps, vals = [], [], []
    s = 0
    for e in range(1, epochs + 1):
        for _ in range(7):
            s += 10
            v = 2.2 - s / 400
            lines.append(rec.format(s=s, v=v))
            steps.append(s)
            vals.append(round(float(f"{v:.4f}"), 6))
        if e % 2 == 0:
            lines.append(ev.format(e=e, l=2.5 - e / 10, a=0.5 + e / 50))
    p = tmp_path / "train.log"
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == (steps, vals)
    held = [t for t in _tags(rd) if t.endswith("loss") and t != "loss"]
    assert len(held) == 1 and len(_series(rd, held[0])[0]) == epochs // 2
    _assert_chunks_read_as_whole(p, [len(p.read_bytes()) // 3, len(p.read_bytes()) // 2])


# ------------------------------------------------------ a split's loss with its accuracy in parentheses, as a percent
@pytest.mark.parametrize("fmt", [
    "ep {e:>3}/{E}  train {a:.4f}  ({b:.1f}%)   eval {c:.4f}  ({d:.1f}%)",
    "epoch {e}: train: {a:.3f} ({b:.2f}%) | val: {c:.3f} ({d:.2f}%)",
    "[{e}/{E}] train {a:.4f} ({b:.1f} %)  dev {c:.4f} ({d:.1f} %)",
])
@pytest.mark.parametrize("E", [15, 20])
def test_a_split_loss_with_a_percentage_in_parentheses_is_its_loss_and_accuracy(tmp_path, fmt, E):
    """'train 2.1616  (22.2%)   eval 2.0390  (41.8%)': the split's loss, then its accuracy as a percentage -- the
    evaluation's accuracy was lost (no quality metric: a run judged on its losses alone)."""
    lines = [fmt.format(e=e, E=E, a=2.0 / e, b=20 + 3 * e, c=2.1 / e, d=40 + 2 * e) for e in range(1, E + 1)]
    rd = _read(tmp_path, lines)
    accs = sorted(t for t in _tags(rd) if t.endswith("acc"))
    assert len(accs) == 2, _tags(rd)
    held = next(t for t in accs if not t.startswith("train"))
    assert [round(v, 2) for v in _series(rd, held)[1]] == [40.0 + 2 * e for e in range(1, E + 1)]
    assert held in {m.tag for m in _run(rd).metrics}
    assert not any("avg" in t for t in _tags(rd))


# ---------------------------------------------- the learning rate and a duration after a held-out key are no split's
@pytest.mark.parametrize("fmt", [
    "Epoch {e:04d} | Train Loss: {a:.6f} | Val Loss: {b:.6f} | Val RMSE: {c:.6f} | LR: {lr:.2e} | Time: 0.6s",
    "epoch {e} | val loss {b:.4f} | val rmse {c:.4f} | lr {lr:.2e} | time 12.5s | train loss {a:.4f}",
    "Epoch {e}: train_loss={a:.4f} Val Loss={b:.4f} Val RMSE={c:.4f} learning_rate={lr:.2e} epoch_time=3.2s",
])
def test_the_learning_rate_after_held_out_keys_is_the_runs(tmp_path, fmt):
    """'Val Loss: .. | Val RMSE: .. | LR: 9.99e-04 | Time: 0.9s': the split word the keys before it wrote, each its
    own, is not the learning rate's nor the time's -- 'Val LR' took the lr role with values no evaluation has. (A
    split word written once before the keys of its section names the time among them: PaddleVideo's 'END epoch:1  val
    loss_avg: .. avg_batch_cost: 0.04 sec' is the evaluation's time, below.)"""
    lines = [fmt.format(e=e, a=1 / e, b=1.1 / e, c=(1.1 / e) ** 0.5, lr=1e-3 * 0.9 ** e) for e in range(1, 13)]
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert not any(t.lower().startswith(("val lr", "val learning", "val time", "val epoch_time", "val/lr")) for t in tags), tags
    lr = _run(rd).roles.get("lr")
    assert lr is not None and "val" not in lr.lower() and len(_series(rd, lr)[0]) == 12


# ------------------------------------------------------------------- a value written 'nan' is no word of the line
@pytest.mark.parametrize("fmt", [
    "Epoch [{e}/{E}] | Loss: {l} | Val Accuracy: {a:.4f}",
    "epoch {e}: loss {l}, val acc {a:.3f}",
    "Ep {e}/{E} - loss: {l} - test acc: {a:.4f}",
])
@pytest.mark.parametrize("broken", [3, 10])
def test_a_nan_value_before_a_held_out_key_keeps_the_record_trainings(tmp_path, fmt, broken):
    """A run whose loss went NaN ('Loss: nan | Val Accuracy: 0.48', then launched again with a smaller lr): the line's
    first words are 'Epoch', 'Loss' and the value 'nan' -- not words opening a held-out record: its loss is
    training's, one series with the later launch's."""
    E = 10
    lines = [fmt.format(e=e, E=E, l="nan" if e <= broken else f"{0.7 - e / 50:.4f}", a=0.48 + e / 100)
             for e in range(1, E + 1)]
    rd = _read(tmp_path, lines)
    loss = next(t for t in _tags(rd) if t.lower() in ("loss",))
    assert len(_series(rd, loss)[0]) == E
    assert not any(t.startswith(("val/", "test/")) and t.lower().endswith("loss") for t in _tags(rd)), _tags(rd)


# --------------------------------------------------- an echo is the whole record again, not one value that repeats
@pytest.mark.parametrize("launch_every", [(2000, 4400), (2000, 4400, 4400), (2000, 6000, 2000, 6000)])
def test_a_value_repeating_in_a_changed_record_is_no_echo(tmp_path, launch_every):
    """CycleGAN's loss_log.txt, its launches appended: a record every N images, one to three an epoch, placed on the
    epoch ('(epoch: 3, iters: 1360, time: .., data: ..) D_A: 0.025 G_A: 0.94 ..' -- eight losses), printed with three
    decimals, so a discriminator's loss often prints the same value twice in one epoch: that value is a point of its
    record like the others -- not an echo dropped (D_A lost 13 of 910 points). The same record printed again whole
    stays one point."""
    size, lines, n = 4320, [], 0
    for k, every in enumerate(launch_every):
        lines.append(f"================ Training Loss (Sat Jun  {6 + k} 16:47:21 2020) ================")
        seen = 0
        while seen + every <= 20 * size:
            seen += every
            e, i = seen // size + 1, seen % size
            n += 1
            d_a = 0.025 if n % 4 else 0.031  # (the same three decimals, most records)
            lines.append(f"(epoch: {e}, iters: {i}, time: 0.3{n % 10}{k}, data: 0.00{n % 10}) D_A: {d_a:.3f} "
                         f"G_A: {0.5 + n / 1000:.3f} cycle_A: {2.4 - n / 1000:.3f} idt_A: 0.998 D_B: 0.194 G_B: "
                         f"{0.6 + n / 1000:.3f} cycle_B: 2.522 idt_B: 1.131 ")
    lines.append(lines[-1])  # (the last record printed again, whole: an echo)
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "D_A")[1]) == n and len(_series(rd, "G_A")[1]) == n


def test_a_name_then_a_position_is_no_list_of_names(tmp_path):
    """'Training.., epoch: 0, 0/1875, acc: 6.25, loss: 2.31' is no list of names ('Training..', 'epoch') over two
    values: the epoch is the epoch, the count its batch."""
    lines = [f"2024-02-23 22:40:28 | - Training.., epoch: {e}, {b}/1875, acc: {20 + e + b / 100:.4f}, loss: {2.3 - e / 10:.4f}"
             for e in range(3) for b in range(0, 1875, 100)]
    rd = _read(tmp_path, lines)
    assert not any(t.startswith("Training") for t in _tags(rd))
    assert len(_series(rd, "loss")[0]) == len(lines)


@pytest.mark.parametrize("say", ['config: {{"task": "crop", "model": "mlp", "lr": 0.001, "epochs": {E}}}',
                                 "args: {{'model': 'mlp', 'optimizer': 'adam', 'lr': 0.01, 'epochs': {E}}}",
                                 'Configuration: {{"dataset": "crop", "epochs": {E}, "batch_size": 64}}'])
def test_a_configuration_dict_printed_again_starts_a_launch_with_its_own_plan(tmp_path, say):
    """The same script launched twice into one file, each launch printing its configuration as a dict ('config:
    {"task": "crop", .., "epochs": 15}', then '.. "epochs": 20}'): the settings are no series ('epochs' and 'lr' of
    two points were), and the file holds two trainings, each read apart with its own plan."""
    from curvedoc.importers.textlog import read_text_log
    lines = []
    for k, E in enumerate((15, 20)):
        lines += [say.format(E=E), "columns: epoch train_loss val_loss val_acc"]
        lines += [f"[{e}] {1.6 / e + k / 10:.4f} {1.4 / e + k / 10:.4f} {0.5 + e / 50:.3f}" for e in range(1, E + 1)]
    rd = _read(tmp_path, lines)
    assert not ({"epochs", "lr", "batch_size"} & _tags(rd)), _tags(rd)
    runs = read_text_log(tmp_path / "train.log", segments=True)
    assert isinstance(runs, list) and len(runs) == 2
    assert [r.meta.get("num_epochs") for r in runs] == [15, 20]
    assert any(i.kind == "restart" for i in runs[1].issues)


# ------------------------------------------ a fraction heading a train-and-evaluation record counts the planned epochs
@pytest.mark.parametrize("fmt", ["[{e:02d}/{E}] train_loss: {a:.4f} val_loss: {b:.4f} val_acc: {c:.3f}",
                                 "{e:02d}/{E} loss {a:.4f} | val_loss {b:.4f} | val_acc {c:.3f}",
                                 "[{e}/{E}]  loss={a:.4f}  dev_loss={b:.4f}  dev_acc={c:.3f}"])
@pytest.mark.parametrize("E, stop", [(30, 9), (50, 50)])
def test_a_fraction_heading_train_and_evaluation_values_is_the_epoch_of_the_plan(tmp_path, fmt, E, stop):
    """'[09/30] train_loss: .. val_loss: .. val_acc: ..', no plan said elsewhere, killed at 9: a line holding the
    evaluation's values beside training's is printed once an epoch, so the fraction heading it is the epoch of the
    planned 30 -- the plan was lost (no unfinished schedule for a run killed at 9 of 30)."""
    lines = [fmt.format(e=e, E=E, a=1.2 / e, b=1.3 / e, c=0.5 + e / 200) for e in range(1, stop + 1)]
    rd = _read(tmp_path, lines)
    assert rd.meta.get("num_epochs") == E
    loss = next(t for t in _tags(rd) if t in ("train_loss", "loss"))
    assert _series(rd, loss)[0] == list(range(1, stop + 1))


def test_a_fraction_heading_training_records_alone_is_no_plan_of_epochs(tmp_path):
    """'[3/30] loss 0.52' alone may count the batches of an epoch: no plan of epochs is read from it."""
    lines = [f"[{b}/30] loss {1.2 / b:.4f}" for b in range(1, 10)]
    assert _read(tmp_path, lines).meta.get("num_epochs") is None


def test_a_bracketed_fraction_over_an_epochs_training_summary_keeps_every_summary(tmp_path):
    """DBNet's '[38/200], [604/604], global_step: 13702, .. loss: ..' records and its epoch summary '[38/200],
    train_loss: 1.0320, time: 542.3, lr: ..', resumed at epoch 38: each summary is a point (the bracketed fraction over
    training values alone is read as before)."""
    lines = []
    for e in (1, 38):
        for b in range(1, 5):
            lines.append(f"DBNet INFO: [{e}/200], [{b}/4], global_step: {e * 4 + b}, acc: 0.5, loss: {3.0 / (e + b):.4f}, "
                         f"lr:0.000{e}")
        lines.append(f"DBNet INFO: [{e}/200], train_loss: {2.0 / e:.4f}, time: 13.27, lr: 0.000{e}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "train_loss")[1] == [2.0, round(2.0 / 38, 4)]


def test_a_split_said_once_names_the_time_of_its_section(tmp_path):
    """PaddleVideo's epoch summaries 'END epoch:1   train loss_avg: 3.94  top1_avg: 0.10 avg_batch_cost: 6.85 sec' and
    'END epoch:1   val loss_avg: 3.62 top1_avg: 0.14 avg_batch_cost: 0.036 sec': each split's time is its own -- not one
    'avg_batch_cost' series zig-zagging between training's and the evaluation's."""
    lines = []
    for e in range(1, 11):
        lines.append(f"[12/25 14:25:53] END epoch:{e}   train loss_avg: {3.9 / e:.5f}  top1_avg: {0.1 * e:.5f} "
                     f"avg_batch_cost: {6.8 - e / 10:.5f} sec, avg_reader_cost: {6.4 - e / 10:.5f} sec")
        lines.append(f"[12/25 14:26:56] END epoch:{e}   val loss_avg: {3.6 / e:.5f} top1_avg: {0.09 * e:.5f} "
                     f"avg_batch_cost: 0.0{e % 10}663 sec, avg_reader_cost: 0.00000 sec")
    tags = _tags(_read(tmp_path, lines))
    assert {"train avg_batch_cost", "val avg_batch_cost"} <= tags and "avg_batch_cost" not in tags, tags
