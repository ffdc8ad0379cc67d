"""Text logs, round 25 on the seen lock-box batches 2026-12-12ak, al, am and nu16 (issue 36): misreadings found on their
text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- a value printed as a word ends its pair
@pytest.mark.parametrize("word", ["None", "True", "False", "null"])
@pytest.mark.parametrize("sep", ["=", ": "])
@pytest.mark.parametrize("epochs", [4, 15])
def test_a_value_printed_as_a_word_is_no_part_of_the_next_key(tmp_path, word, sep, epochs):
    """A script printing every field of its record prints the ones it did not compute as Python writes them
    (``tr_acc=None`` for a regression, ``use_amp=False``): the word is that field's value, and the next key starts
    after it -- ``val_loss``, never a key ``None val_loss``."""
    lines, vl = [], []
    for e in range(1, epochs + 1):
        vl.append(round(0.3 / e, 4))
        lines.append(f"[{e:02d}] tr_loss{sep}{0.5 / e:.4f} tr_acc{sep}{word} val_loss{sep}{0.3 / e:.4f} "
                     f"val_mae{sep}{30 / e:.4f}")
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"tr_loss", "val_loss", "val_mae"}
    assert _series(rd, "val_loss") == (list(range(1, epochs + 1)), vl)


# ------------------------------------------------------------- a file named for its quantity and its kind of file
@pytest.mark.parametrize("name,tag", [("loss_log.txt", "loss"), ("train_loss_history.txt", "train_loss"),
                                      ("acc-curve.txt", "acc"), ("reward_log.txt", "reward"),
                                      ("val_loss.log.txt", "val_loss")])
@pytest.mark.parametrize("counted", [False, True])
@pytest.mark.parametrize("rows", [12, 300])
def test_a_file_named_for_its_quantity_and_its_kind_names_its_rows(tmp_path, name, tag, counted, rows):
    """``loss_log.txt`` written one number a line (``f.write(f"{loss}\\n")``, or ``f"{i}, {loss}"``) holds a loss a row:
    the file's name says the quantity and then the kind of file it is (log, history, curve, record), so the rows
    are the quantity's -- a series ``loss``, as ``losses.txt``'s are, not one named ``loss_log``."""
    vals = [round(1.7 / (1 + i / 10), 6) for i in range(rows)]
    lines = [f"{i + 1}, {v}" if counted else f"{v}" for i, v in enumerate(vals)]
    rd = _read(tmp_path, lines, name=name)
    assert _tags(rd) == {tag}
    assert _series(rd, tag)[1] == vals


# ------------------------------------------------------------- a dash set off by spaces between a name and its value
@pytest.mark.parametrize("fmt", [
    "Epoch {e} - {split}: avg_loss - {v:.2f}",
    "epoch {e} | {split} | loss - {v:.4f}",
    "Epoch {e}/{E} - {split}: loss - {v:.4f}, acc - {a:.3f}",
])
@pytest.mark.parametrize("blank", [0, 40])
@pytest.mark.parametrize("epochs", [3, 11])
def test_a_dash_between_a_name_and_its_value_is_its_separator(tmp_path, fmt, blank, epochs):
    """A callback printing ``f"Epoch {e} - train: avg_loss - {x:.2f}"`` (a W&B console capture, its progress bars left
    as blank lines) separates each name from its value with a dash set off by spaces, as others use a colon: the
    value is the name's, and the split said after the record's position ('Epoch 3 - eval:') is the record's."""
    lines, tr, ev = [], [], []
    for e in range(1, epochs + 1):
        for split, out, base in (("train", tr, 3.0), ("eval", ev, 5.0)):
            v = round(base + 1 / e, 2 if "avg_loss" in fmt else 4)
            out.append(v)
            lines.append(fmt.format(e=e, E=epochs, split=split, v=v, a=0.5 + e / 100))
            lines += [""] * blank
    rd = _read(tmp_path, lines)
    key = "avg_loss" if "avg_loss" in fmt else "loss"
    assert _series(rd, key) == (list(range(1, epochs + 1)), tr)
    assert _series(rd, f"val/{key}") == (list(range(1, epochs + 1)), ev)
    assert not any(t.endswith("Epoch") or t.startswith("Epoch") for t in _tags(rd))


@pytest.mark.parametrize("line", ["Epoch 8 - 2.5s - loss: 0.3", "1/10 - 3s - loss: 0.3",
                                  "32/32 [==============================] - 1s 5ms/step - loss: 0.3"])
def test_a_dash_after_a_count_or_a_time_stays_a_dash(line):
    from curvedoc.importers.textlog import records
    rec = records.analyse(line, None).rec
    assert rec is not None and rec.keys == ("loss",) and rec.values == [0.3]


# ------------------------------------------------------------- Keras' history printed as one dict of lists
@pytest.mark.parametrize("epochs", [2, 5, 40])
@pytest.mark.parametrize("val", [False, True])
@pytest.mark.parametrize("quote", ["'", '"'])
def test_a_history_printed_as_one_dict_of_lists_is_a_series_per_key(tmp_path, epochs, val, quote):
    """``print(history.history)`` after ``model.fit`` (or ``json.dump`` of it into a .txt) leaves one line, a dict of
    per-epoch lists: each key is a series, an item an epoch, on the item's place in its list as the JSON reader puts
    a Keras history -- not a file refused for holding no 'key: value' line."""
    h = {"loss": [round(1.5 / (e + 1), 6) for e in range(epochs)],
         "accuracy": [round(0.5 + e / (2 * epochs), 6) for e in range(epochs)]}
    if val:
        h["val_loss"] = [round(1.6 / (e + 1), 6) for e in range(epochs)]
        h["val_accuracy"] = [round(0.45 + e / (2 * epochs), 6) for e in range(epochs)]
    text = repr(h) if quote == "'" else __import__("json").dumps(h)
    rd = _read(tmp_path, [text], name="log_train.txt")
    assert _tags(rd) == set(h)
    for k, v in h.items():
        assert _series(rd, k) == (list(range(epochs)), v)


def test_a_dict_of_settings_is_no_history(tmp_path):
    from curvedoc.errors import LoadError
    with pytest.raises(LoadError):
        _read(tmp_path, ["{'lr': 0.001, 'epochs': 10, 'layers': [64, 32]}"], name="log_train.txt")


# ------------------------------------------------------------- the next key written against a decimal value
@pytest.mark.parametrize("fmt", ["{i} Val Pi loss:{a}Val V loss:{b}", "Policy loss:{a}Value loss:{b}",
                                 "iter {i} Train Loss:{a}Grad Norm:{b}"])
@pytest.mark.parametrize("rows", [6, 30])
def test_the_next_key_written_against_a_decimal_value_starts_a_pair(tmp_path, fmt, rows):
    """``print(f"Val Pi loss:{pi}Val V loss:{v}")`` leaves no separator between a value and the next name: a name of
    a few words with a capital and its colon, right after a decimal value, is the next key -- both values are read,
    not the first lost and the second's name cut to its last words ('V loss')."""
    lines, first, second = [], [], []
    for i in range(1, rows + 1):
        a, b = round(1.2 - i / 100, 6), round(0.7 - i / 200, 6)
        first.append(a)
        second.append(b)
        lines.append(fmt.format(i=i, a=a, b=b))
    rd = _read(tmp_path, lines)
    names = {"{i} Val Pi loss:{a}Val V loss:{b}": ("Val Pi loss", "Val V loss"),
             "Policy loss:{a}Value loss:{b}": ("Policy loss", "Value loss"),
             "iter {i} Train Loss:{a}Grad Norm:{b}": ("Train Loss", "Grad Norm")}[fmt]
    assert _series(rd, names[0])[1] == first and _series(rd, names[1])[1] == second


@pytest.mark.parametrize("line,keys", [("GPU 11.2GB Train loss: 0.3", ("Train loss",)),
                                       ("mem 3.2MiB Val loss: 1.5", ("mem", "Val loss"))])
def test_a_unit_against_its_value_is_no_glued_key(line, keys):
    from curvedoc.importers.textlog import records
    assert records.analyse(line, None).rec.keys == keys


# ------------------------------------------------------------- groups of a header's columns named in parentheses
def _yolo_console(epochs: int, second: str | None, kind: str) -> tuple[list[str], list[float], list[float]]:
    bar = "\u2588" * 10
    head = f"{'Class':>22}{'Images':>11}{'Instances':>11}{'Box(P':>11}{'R':>11}{'mAP50':>11}{'mAP50-95)':>11}"
    if second:
        head += f"{second + '(P':>11}{'R':>11}{'mAP50':>11}{'mAP50-95)':>11}"
    lines = [f"Starting training for {epochs} epochs...", ""]
    box, other = [], []
    for e in range(1, epochs + 1):
        b, o = round(0.4 + e / (3 * epochs), 3), round(0.35 + e / (4 * epochs), 3)
        box.append(b)
        other.append(o)
        lines.append(f"{'Epoch':>11}{'GPU_mem':>11}{'box_loss':>11}{kind + '_loss':>11}{'cls_loss':>11}{'dfl_loss':>11}"
                     f"{'Instances':>11}{'Size':>11}")
        lines.append(f"{f'{e}/{epochs}':>11}{'14.5G':>11}{1 / e:>11.4g}{1.5 / e:>11.4g}{2 / e:>11.4g}{1.1 / e:>11.4g}"
                     f"{182:>11}{640:>11}: 100%|{bar}| 12/12 [00:10<00:00,  1.15it/s]")
        lines.append(f"{head}: 100%|{bar}| 1/1 [00:00<00:00,  2.1it/s]")
        row = f"{'all':>22}{20:>11}{249:>11}{0.5:>11}{0.8:>11}{0.7:>11}{b:>11}"
        if second:
            row += f"{0.45:>11}{0.75:>11}{0.65:>11}{o:>11}"
        lines.append(row)
        lines.append("")
    return lines, box, other


@pytest.mark.parametrize("second,kind", [("Mask", "seg"), ("Pose", "pose")])
@pytest.mark.parametrize("epochs", [3, 20])
def test_groups_of_columns_named_in_parentheses_qualify_their_columns(tmp_path, second, kind, epochs):
    """A segmentation or pose model's YOLO validation header holds two groups of the same columns, 'Box(P R mAP50
    mAP50-95)' and 'Mask(P R mAP50 mAP50-95)': each group's name qualifies its columns -- 'val/Box mAP50-95' and
    'val/Mask mAP50-95', one point an epoch each -- never one 'mAP50-95' series of both (two points an epoch, read as
    a restart) nor a column named 'Mask(P'."""
    lines, box, other = _yolo_console(epochs, second, kind)
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert _series(rd, "val/Box mAP50-95") == (list(range(1, epochs + 1)), box)
    assert _series(rd, f"val/{second} mAP50-95") == (list(range(1, epochs + 1)), other)
    assert {"val/Box precision", f"val/{second} recall"} <= tags
    assert not any("(" in t for t in tags) and "val/mAP50-95" not in tags
    assert not any(i.kind == "restart" for i in rd.issues)


@pytest.mark.parametrize("epochs", [3, 20])
def test_a_lone_group_of_a_detector_names_nothing(tmp_path, epochs):
    lines, box, _ = _yolo_console(epochs, None, "obj")
    rd = _read(tmp_path, lines)
    assert _series(rd, "val/mAP50-95") == (list(range(1, epochs + 1)), box)
    assert {"val/precision", "val/recall", "val/mAP50"} <= _tags(rd)


# ------------------------------------------------------------- Python 2's printed tuples; a test after training's end
@pytest.mark.parametrize("fmt,key", [("('Accuracy : ', {v})", "Accuracy"), ('("val loss:", {v})', "val loss"),
                                     ("('epoch', {e}, 'loss', {v})", "loss")])
@pytest.mark.parametrize("rows", [5, 40])
def test_a_tuple_python_2_printed_is_its_names_and_values(tmp_path, fmt, key, rows):
    """``print("Accuracy : ", acc)`` run by Python 2 prints a tuple, ``('Accuracy : ', 56.25)``: the quoted name and
    the number after it are a pair, as ``Accuracy : 56.25`` is (a line of them is no unparsed line)."""
    vals = [round(40 + 50 * i / rows, 4) for i in range(rows)]
    rd = _read(tmp_path, [fmt.format(v=v, e=i + 1) for i, v in enumerate(vals)])
    assert _series(rd, key)[1] == vals


@pytest.mark.parametrize("over", ["OK: Finished training for {E} epochs", "Training finished.", "=== Training complete ===",
                                  "Finished Training", "training done!"])
@pytest.mark.parametrize("epochs,batches", [(3, 5), (6, 12)])
def test_what_a_program_prints_after_training_is_over_is_held_out(tmp_path, over, epochs, batches):
    """A script that prints 'Loss : x' for each batch while it trains, then says the training is over ('OK: Finished
    training for 25 epochs', 'Training finished.') and runs its test loop with the same print, holds the test's
    losses out ('test/Loss'): they are no further points of the training loss."""
    lines, train, test = [], [], []
    for e in range(1, epochs + 1):
        lines.append(f"Epoch : {e}")
        for b in range(batches):
            v = round(4 / (1 + e + b / batches), 6)
            train.append(v)
            lines.append(f"Loss : {v}")
    lines.append(over.format(E=epochs))
    for b in range(4):
        v = round(1.5 + b / 100, 6)
        test.append(v)
        lines += [f"Loss : {v}", f"('Accuracy : ', {60 + b})"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Loss")[1] == train
    assert _series(rd, "test/Loss")[1] == test
    assert _series(rd, "test/Accuracy")[1] == [60, 61, 62, 63]


# ------------------------------------------------------------- an RL loop's episode, then the step inside it
@pytest.mark.parametrize("fmt", ["Episode {e}/{E} | Step {k} | Action: {a} | Reward: {r:.2f} | Epsilon: {x:.4f}",
                                 "episode {e}/{E}, step {k}, reward {r:.2f}, epsilon {x:.4f}",
                                 "Episode: {e} Step: {k} Reward: {r:.2f} Epsilon: {x:.4f}"])
@pytest.mark.parametrize("episodes,steps", [(1, 63), (3, 20)])
@pytest.mark.parametrize("counted", [False, True])
def test_an_episode_then_its_step_is_the_outer_loop_and_the_position(tmp_path, fmt, episodes, steps, counted):
    """A DQN script printing one line per environment step, ``Episode 1/1000 | Step 12 | Reward: -4.5``, names the
    episode (the outer loop, its total the plan) and then the step: every record is at its step -- counted inside
    the episode (laid end to end) or over the run --, never all on the episode's number (one point an episode, the
    others taken for echoes), and the plan is the episodes'."""
    lines, rewards, g = ["Training started with GUI.", ""], [], 0
    for e in range(1, episodes + 1):
        for k in range(1, steps + 1):
            g += 1
            r = -0.5 * k - e
            rewards.append(round(r, 2))
            lines.append(fmt.format(e=e, E=1000, k=g if counted else k, a=k % 3, r=r, x=0.999 ** g))
    rd = _read(tmp_path, lines)
    assert _series(rd, "Reward" if "Reward" in fmt else "reward") == (list(range(1, episodes * steps + 1)), rewards)
    if "/" in fmt:
        assert rd.meta.get("num_epochs") == 1000 and "max_steps" not in rd.meta
