"""Text logs, tenth round (issue 36): misreadings known from the lock-box batches and from how such scripts print,
each on a small log written the way its script prints it, read with and without plans (the two readings must be
equal): keys in any alphabet, an abbreviated clock heading a record, a tqdm bar's count and total, an HF Trainer
console resumed from a checkpoint, and trainings appended to one log read as one run each."""

from __future__ import annotations


from test_textlog_readings import _read, _series, _tags
from test_textlog_round8 import _bar, _clear, _loss, hf_console
from test_textlog_shapes import _assert_same

from curvedoc.importers.textlog import read_text_log
from curvedoc.importers.textlog.records import strip_prefix


# ------------------------------------------------------------------------------------------ keys and clocks
def test_greek_and_other_non_ascii_names_are_keys(tmp_path):
    """An RL or regularisation script prints ``ε: 0.05``, ``λ=0.1``, ``β1 0.9``: keys like any other (a letter of
    any alphabet starts a key), not lost numbers."""
    lines = [f"Ep {e} | loss {1 / e:.4f} | ε: {0.5 / e:.3f} | λ={0.1 * e:.2f} | β1 0.9 | acc {0.5 + e / 20:.3f}"
             for e in range(1, 7)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "ε") == (list(range(1, 7)), [round(0.5 / e, 3) for e in range(1, 7)])
    assert _series(rd, "λ")[1] == [round(0.1 * e, 2) for e in range(1, 7)]
    assert _series(rd, "β1")[0] == list(range(1, 7))


def test_an_abbreviated_clock_heading_a_record_is_its_position(tmp_path):
    """``e 005 | train ..``, ``e:3 loss=..``, ``Itr 120 loss=..``, ``Ep 3``: the epoch or the iteration the record is
    at, not an ordinal (and ``epoch:3`` at a line's start is no logger's ``name:lineno`` prefix)."""
    for head, xs in (("e {:03d} |", [5, 10, 15, 20]), ("e:{}", [5, 10, 15, 20]), ("Itr {}", [100, 200, 300, 400]),
                     ("Ep {}", [1, 2, 3, 4]), ("epoch:{}", [1, 2, 3, 4])):
        lines = [f"{head.format(x)} loss={2 / (q + 1):.4f} acc={0.5 + q / 10:.2f}" for q, x in enumerate(xs)]
        rd = _read(tmp_path, lines)
        assert _series(rd, "loss") == (xs, [round(2 / (q + 1), 4) for q in range(4)]), head
        assert not {"e", "Itr", "It", "Ep"} & _tags(rd), head
    assert strip_prefix("epoch:3 loss=0.5")[0] == "epoch:3 loss=0.5"
    assert strip_prefix("train.py:123 loss=0.5")[0] == "loss=0.5"  # (a logger's file:line is still cut off)


def test_a_lone_e_elsewhere_is_still_no_key(tmp_path):
    """Only at the head of a record is ``e`` the epoch: ``loss 0.5 e 3`` keeps its reading (no epoch, no key e)."""
    rd = _read(tmp_path, [f"step {s} loss {1 / s:.3f} e {s}" for s in range(1, 6)])
    assert "e" not in _tags(rd) and "epoch" not in _tags(rd)
    assert _series(rd, "loss")[0] == [1, 2, 3, 4, 5]


# ------------------------------------------------------------------------------------------ a tqdm bar
def _postfix_bar(stop: int, total: int, every: int = 13) -> str:
    out = ["Training...\n", f"\r  0%|          | 0/{total} [00:00<?, ?it/s]"]
    for n in range(every, stop + 1, every):
        out.append(f"\r  {100 * n // total}%|▏         | {n}/{total} [00:{n // 60 % 60:02d}<3:{n % 60:02d}:12, "
                   f"2.{n % 9}it/s, loss={2.5 - n / 1000:.3f}, lr=1e-4]")
    return "".join(out) + "\n"


def test_a_tqdm_bars_count_is_the_step_and_its_total_the_plan(tmp_path):
    """``806/55000 [00:12<03:45, 2.1it/s, loss=..]``: the postfix's values are at the bar's count, its total is the
    planned number of steps (a run that stops at 806 of 55,000 is unfinished), and the elapsed<remaining time and the
    rate are timing: no series, never the step."""
    p = tmp_path / "train.log"
    p.write_text(_postfix_bar(806, 55000), encoding="utf-8")
    _assert_same(p)
    rd = read_text_log(p)
    steps, values = _series(rd, "loss")
    assert steps == list(range(13, 807, 13)) and values[0] == 2.487
    assert rd.meta["max_steps"] == 55000 and rd.hparams["max_steps"] == 55000
    assert _tags(rd) == {"loss", "lr"}


# ------------------------------------------------------------------------------------------ an HF resume
def _resumed_console(words: bool, total=3000, first_stop=640, resume_at=500, stop=1200) -> str:
    """An HF Trainer console killed at step 640, then started again from its checkpoint at 500 (``resume_from_
    checkpoint``): the bar is drawn again from 500/3000 and the dicts' ``'epoch'`` goes back with it."""
    text = hf_console(total=total, stop=first_stop) + "\nTraceback (most recent call last):\nKeyboardInterrupt\n"
    out = ["***** Running training *****\n", "  Num examples = 48,000\n"]
    if words:
        out += ["  Continuing training from checkpoint, will skip to saved global_step\n",
                f"  Continuing training from global step {resume_at}\n"]
    out.append("\r" + _bar(resume_at, total))
    for step in range(resume_at + 1, stop + 1):
        out.append("\r" + _bar(step, total))
        if step % 10 == 0:
            out += [_clear(), f"{{'loss': {_loss(step)}, 'grad_norm': 0.5, 'learning_rate': 0.0002, "
                              f"'epoch': {round(step / (total / 3), 2)}}}\n", "\r" + _bar(step, total)]
    return text + "".join(out)


def test_an_hf_console_resumed_from_a_checkpoint_goes_on_at_the_step_it_resumed_from(tmp_path):
    """The dicts' ``'epoch'`` goes back (a resume, with or without HF's "Continuing training" lines): the training
    bar is still the clock, the resumed dicts are on steps 510 ... 1,200 (not read as ordinals, nor as a new run
    from scratch); the overlap is a restart, the plan 3,000 and the step reached 1,200."""
    for words in (True, False):
        p = tmp_path / f"console{words}.log"
        p.write_text(_resumed_console(words), encoding="utf-8")
        _assert_same(p)
        rd = read_text_log(p)
        assert _series(rd, "loss")[0] == list(range(10, 641, 10)) + list(range(510, 1201, 10))
        assert rd.meta["max_steps"] == 3000 and rd.meta["global_step"] == 1200
        assert "restart" in {i.kind for i in rd.issues}
        got = read_text_log(p, segments=True)
        assert not isinstance(got, list)  # (a resume continues its counter: one run)


# ------------------------------------------------------------------------------------------ appended launches
def _launches(seeds=(0, 1), epochs=(6, 4)) -> list[str]:
    lines = []
    for seed, n in zip(seeds, epochs):
        lines += [f"Namespace(batch_size=64, epochs={n}, lr=0.001, model='resnet18', optimizer='adam', seed={seed})",
                  "Starting training"]
        for e in range(1, n + 1):
            lines += [f"Epoch {e} step {(e - 1) * 100 + s} loss {2 / (e + s / 100) + seed:.4f}" for s in (25, 50, 75, 100)]
            lines.append(f"Epoch {e} val_loss {2.2 / e + seed:.4f} val_acc {0.5 + e / 20:.3f}")
    return lines


def test_appended_launches_are_one_run_each(tmp_path):
    """The same Namespace and 'Starting training' printed again, the step back at its start: a second training
    appended to the log. Read whole, its points are all kept (a restart); read as runs (what diagnose and audit do),
    each launch is a run of its own (``train.log#1``, ``#2``) with ``meta["segment"]``, the ``segments`` note and, for
    the second, the restart -- as a table holding several runs is read."""
    lines = _launches()
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "loss")[0]) == 40 and "restart" in {i.kind for i in rd.issues}
    runs = read_text_log(tmp_path / "train.log", segments=True)
    assert isinstance(runs, list) and [r.name_suffix for r in runs] == ["#1", "#2"]
    first, second = (r.frame for r in runs)
    assert first[first["tag"] == "loss"]["step"].tolist() == [(e - 1) * 100 + s for e in range(1, 7) for s in (25, 50, 75, 100)]
    assert second[second["tag"] == "loss"]["step"].tolist() == [(e - 1) * 100 + s for e in range(1, 5) for s in (25, 50, 75, 100)]
    assert second[second["tag"] == "val_loss"]["value"].round(4).tolist() == [round(2.2 / e + 1, 4) for e in range(1, 5)]
    assert [r.meta["segment"]["index"] for r in runs] == [1, 2] and runs[1].meta["segment"]["new_training"]
    assert {i.kind for i in runs[0].issues} >= {"segments"} and "restart" not in {i.kind for i in runs[0].issues}
    assert "restart" in {i.kind for i in runs[1].issues}


def test_appended_launches_are_two_runs_to_diagnose(tmp_path):
    """Through the reader registry (diagnose, audit): two runs named by their launch, the restarted-run detector sees
    the second one's restart."""
    from curvedoc.importers import load

    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "train.log").write_text("\n".join(_launches()) + "\n", encoding="utf-8")
    runs = load(tmp_path / "run")
    assert sorted(r.name.rsplit("#", 1)[-1] for r in runs) == ["1", "2"]


def test_a_resume_that_continues_the_counter_is_one_run(tmp_path):
    """A job started again from its checkpoint prints its Namespace again and goes on from step 400 (below the 600
    it had reached, above its start): one training, its overlap a restart, not two runs."""
    lines = _launches(seeds=(0,), epochs=(6,))
    lines += ["Namespace(batch_size=64, epochs=6, lr=0.001, model='resnet18', optimizer='adam', seed=0)",
              "Resuming training from epoch 4"]
    for e in (5, 6, 7, 8):
        lines += [f"Epoch {e} step {(e - 1) * 100 + s} loss {2 / (e + s / 100):.4f}" for s in (25, 50, 75, 100)]
    rd = _read(tmp_path, lines)
    got = read_text_log(tmp_path / "train.log", segments=True)
    assert not isinstance(got, list)
    assert _series(rd, "loss")[0][-1] == 800


def test_a_value_each_launch_prints_once_is_a_setting(tmp_path):
    """``Num examples = 48,000`` printed by each launch's start (after its Namespace and "Starting training"), with no clock: a setting, as a
    value printed once is, not a two-point curve; a final evaluation, or any value that differs from launch to launch,
    printed by each launch stays a series."""
    lines = []
    for seed, block in ((0, _launches(seeds=(0,), epochs=(3,))), (1, _launches(seeds=(1,), epochs=(3,)))):
        lines += block[:2] + ["  Num examples = 48,000"] + block[2:] + [f"Test accuracy: {0.8 + seed / 10:.3f}", "",
                                                                           f"Fine-tuned: {85 + seed}.5%"]
    rd = _read(tmp_path, lines)
    assert "Num examples" not in _tags(rd) and rd.hparams["Num examples"] == 48000
    assert _series(rd, "Test accuracy")[1] == [0.8, 0.9]
    assert _series(rd, "Fine-tuned")[1] == [85.5, 86.5]  # (a result of each launch, not the same value again)


def test_a_splits_loss_and_accuracy_written_as_a_pair(tmp_path):
    """``e 005 | train 2.9988 / 35.7% | val 3.1567 / 1.3%``: each split's bare value is its loss and the percentage
    after the slash its accuracy (four series on the epoch), not a loss alone with the accuracies lost."""
    lines = [f"e {e:03d} | train {3 / e:.4f} / {30 + e / 5:.1f}% | val {3.2 + e / 100:.4f} / {1 + e / 100:.1f}%"
             for e in range(5, 65, 5)]
    rd = _read(tmp_path, lines)
    epochs = list(range(5, 65, 5))
    assert _series(rd, "train acc") == (epochs, [round(30 + e / 5, 1) for e in epochs])
    assert _series(rd, "val acc")[0] == epochs and _series(rd, "val loss")[1][0] == 3.25
    assert _series(rd, "train loss")[1][-1] == 0.05


def test_a_splits_loss_and_fraction_accuracy_written_as_a_pair(tmp_path):
    """``ep 1  train 2.3204 / 0.094   dev 2.3190 / 0.095``: the fraction after the slash is the split's accuracy as a
    percentage is; a count against its total (``train 120 / 500``) is no such pair."""
    lines = [f"ep {e}  train {2.3 - e / 50:.4f} / {0.09 + e / 100:.3f}   dev {2.31 + e / 40:.4f} / {0.095:.3f}"
             for e in range(1, 11)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "train acc") == (list(range(1, 11)), [round(0.09 + e / 100, 3) for e in range(1, 11)])
    assert _series(rd, "dev acc")[1] == [0.095] * 10 and len(_series(rd, "dev loss")[1]) == 10
    assert _series(rd, "train loss")[1][0] == 2.28


def test_a_bare_number_heading_a_record_of_pairs_is_its_position(tmp_path):
    """``  4  loss=1.5371  train_acc=0.642  val_loss=1.8489  val_acc=0.404`` every 4th epoch: the number the script
    prints first is the record's position (4, 8, ... 80), not lost to an ordinal."""
    lines = [f"  {e}  loss={2 / e:.4f}  train_acc={0.5 + e / 200:.3f}  val_loss={2.2 / e:.4f}  val_acc={0.4 + e / 200:.3f}"
             for e in range(4, 84, 4)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == list(range(4, 84, 4))
    assert _series(rd, "val_acc") == (list(range(4, 84, 4)), [round(0.4 + e / 200, 3) for e in range(4, 84, 4)])


def test_two_bare_numbers_heading_a_record_are_its_epoch_and_step(tmp_path):
    """``0\\t5\\tloss=1.8164`` (the epoch, then the step it counts on), a ``VAL epoch=0 loss=.. acc=..`` line after each
    epoch: the training records are on their steps 5 ... 150, not merged into the validation's series."""
    lines = ["epochs=12 steps_per_epoch=75 total=900"]
    for e in range(2):
        lines += [f"{e}\t{s}\tloss={1.8 - s / 200:.4f}" for s in range(e * 75 + 5, e * 75 + 80, 5)]
        lines.append(f"VAL epoch={e} loss={1.3 - e / 10:.4f} acc={0.38 + e / 10:.4f}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == list(range(5, 155, 5))
    assert _series(rd, "val/loss")[1] == [1.3, 1.2]


def test_a_step_counted_again_every_epoch_is_said_never_dropped_silently(tmp_path):
    # '[E1] eval step 0 .. step 90', then '[E2] eval step 0 ..': every evaluation writes its own steps 0..90 again
    # (a held-out record's step counts the evaluation's batches, no clock of training's). The reader keeps every
    # point; a series shows the later write at each step -- which the run's issues say (an info: the log's restarts
    # are the reader's own reading of its clocks, not a count of repeats)
    from curvedoc.importers import load

    lines = ["Starting training..."]
    for e in (1, 2, 3, 4, 5):
        lines += [f"[E{e}] step {s} loss {1.0 / (e + s / 1000):.4f}" for s in range(0, 1000, 10)]
        lines += [f"[E{e}] eval step {s} loss {1.2 / (e + s / 1000):.4f}" for s in range(0, 100, 10)]
    (tmp_path / "train_log.txt").write_text("\n".join(lines) + "\n")
    run = load(str(tmp_path / "train_log.txt"))[0]
    dup = [i for i in run.issues if i.kind == "duplicate-steps"]
    assert dup and dup[0].severity == "info" and dup[0].count >= 40, [(i.kind, i.message) for i in run.issues]
    assert not [i for i in run.issues if i.kind == "restart"]


def test_a_log_that_ends_on_a_bare_epoch_bar_short_of_its_total_ended_inside_an_epoch(tmp_path):
    # fifteen epochs whose training bars ran to 101/101, each closed by its record, then the sixteenth epoch's bar
    # drawn to 32/101 and nothing more: the run was inside an epoch when the log stops (a killed job). A bar that
    # never ran to its total before says nothing of an epoch
    from curvedoc.importers import load

    out = []
    for e in range(15):
        out.append(f"------- round {e + 1} -------")
        out += [f"\r{100 * i // 101:3d}%|#   | {i}/101 [00:{i % 60:02d}<00:30,  2.3it/s]" for i in range(1, 102)]
        out.append(f"\nepoch {e:3d} | train_loss: {2.0 / (e + 1):.5f} | test_loss: {2.1 / (e + 1):.5f}")
    out.append("------- round 16 -------")
    cut = out + [f"\r{100 * i // 101:3d}%|#   | {i}/101 [00:{i:02d}<00:30,  2.3it/s]" for i in range(1, 33)]
    (tmp_path / "cut.log").write_text("\n".join(cut))
    run = load(str(tmp_path / "cut.log"))[0]
    assert run.meta.get("ends_inside_epoch", {}).get("batch") == 32, run.meta
    (tmp_path / "done.log").write_text("\n".join(out))
    assert "ends_inside_epoch" not in load(str(tmp_path / "done.log"))[0].meta
