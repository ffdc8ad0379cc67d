"""Text logs, round 29 on the lock-box batches 2026-12-15au, 2026-12-15av and 2026-12-15nu19, scored and seen (issue
36): misreadings found on their text logs, each checked on small logs written the way such programs write them
(several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series

from curvedoc.importers.textlog import read_text_log


def _kinds(rd) -> set[str]:
    return {i.kind for i in rd.issues}


# ------------------------------------------------------------- 'Epoch0,loss:517.1': the glued counter heads the record
@pytest.mark.parametrize("word", ["Epoch", "epoch", "ep", "Ep", "e"])
@pytest.mark.parametrize("sep", [",", ", ", ";", " | ", "|"])
@pytest.mark.parametrize("n", [6, 40])
def test_a_counter_glued_to_its_word_and_set_off_by_a_comma_heads_the_record(tmp_path, word, sep, n):
    """``print(f"Epoch{epoch},loss:{loss}")``: the epoch's word glued to its count, then a comma (a semicolon, a bar)
    before the record's pairs -- the counter heads the record as 'Epoch 0, loss: ..' does: the records are on the
    epochs they print, not on their ordinal."""
    lines = [f"{word}{e}{sep}loss:{10 / (e + 1):.4f}{sep}acc:{e / (2 * n):.4f}" for e in range(n)]
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "loss")
    assert steps == list(range(n)), steps
    assert values == [round(10 / (e + 1), 4) for e in range(n)]
    assert _series(rd, "epoch")[1] == list(range(n))


@pytest.mark.parametrize("n", [30, 200])
def test_the_glued_counter_back_at_its_start_is_a_launch_of_its_own(tmp_path, n):
    """Two trainings appended to one file with such records ('Epoch0,loss:..' .. 'Epoch199,loss:..', then 'Epoch0,..'
    again, nothing printed between): the clock back at its start with nothing printed before it is a launch of its
    own, as for 'Epoch 0, loss: ..' (round 21): two runs, a restart."""
    lines = [f"Epoch{e},loss:{50 / (e + 1) + 5:.6f}" for e in range(n)]
    lines += [f"Epoch{e},loss:{30 / (e + 1) + 8:.6f}" for e in range(n)]
    p = tmp_path / "losses.txt"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    runs = read_text_log(p, segments=True)
    assert isinstance(runs, list) and len(runs) == 2
    assert "restart" in _kinds(runs[1])
    for r in runs:
        g = r.frame[r.frame["tag"] == "loss"]
        assert g["step"].tolist() == list(range(n))


@pytest.mark.parametrize("line", ["Epoch0 the loader is ready, 12 batches", "epoch1,2,3 done", "Ep3,4"])
def test_a_glued_counter_heading_no_pairs_stays_as_before(tmp_path, line):
    """Without a name and its value after the separator ('Epoch0 the loader is ready, 12 batches', 'epoch1,2,3
    done') nothing new is read as a position."""
    lines = [line] + [f"epoch {e}: loss {1 / e:.3f}" for e in range(1, 6)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == [1, 2, 3, 4, 5]


# ------------------------------------------------------------- an error, then a launch at work: no crash at the end
_EARLY_ERRORS = [
    ["Traceback (most recent call last):", '  File "/home/u/files/train.py", line 1, in <module>',
     "    from utils import *", '  File "/home/u/files/utils.py", line 87', "    return pickle_data",
     "IndentationError: unindent does not match any outer indentation level"],
    ["Traceback (most recent call last):", '  File "train.py", line 13, in <module>',
     "    peft_config=get_peft_config(model_config),",
     "ValueError: You need to have PEFT library installed in your environment."],
    ["Traceback (most recent call last):", '  File "main.py", line 4, in <module>', "    import wandb",
     "ModuleNotFoundError: No module named 'wandb'"],
]


def _bar(i: int, n: int, label: str = "") -> str:
    pct = int(100 * i / n)
    return f"{label}{pct:3d}%|{'#' * (pct // 10):<10}| {i}/{n} [00:{i:02d}<00:{n - i:02d}, 1.2it/s]"


def _hf_dict(step: int) -> str:
    return (f"{{'loss': {1 / step:.4f}, 'grad_norm': {0.1 * step:.4f}, 'learning_rate': {5e-07 * (1 - step / 100):.4e}, "
            f"'reward': {0.01 * step:.3f}, 'epoch': {step / 4:.2f}}}")


@pytest.mark.parametrize("errors", [1, 2, 3])
@pytest.mark.parametrize("every,total", [(10, 100), (5, 40)])
def test_an_error_before_a_launch_that_runs_is_no_crash(tmp_path, errors, every, total):
    """nohup.out of a job started again and again: launches that died at import ('IndentationError', a missing
    package: a traceback and nothing else), then one that runs -- its progress bar counting on, its records, its
    closing summary. The log does not end in those errors: the training after them ran (the errors were earlier
    launches'), so no crash is told."""
    lines = []
    for err in _EARLY_ERRORS[:errors]:
        lines += ["[2025-04-23 21:28:26,926] [INFO] [real_accelerator.py:219:get_accelerator] Setting ds_accelerator",
                  *err]
    lines.append("Loading checkpoint shards: 100%|##########| 2/2 [00:28<00:00, 14.19s/it]")
    bars = []
    for i in range(0, total + 1):
        bars.append(_bar(i, total))
        if i and i % every == 0:
            lines.append("\r".join(bars))
            bars = []
            lines.append(_hf_dict(i))
    lines.append("{'train_runtime': 21142.8, 'train_samples_per_second': 0.005, 'train_loss': 5.25e-07, 'epoch': 25.0}")
    rd = _read(tmp_path, lines)
    assert not _kinds(rd) & {"crash", "killed"}, rd.issues
    assert _series(rd, "loss")[1] == [round(1 / s, 4) for s in range(every, total + 1, every)]


@pytest.mark.parametrize("err", _EARLY_ERRORS)
@pytest.mark.parametrize("ranks", [1, 4])
def test_an_error_whose_own_lines_follow_it_is_still_the_end(tmp_path, err, ranks):
    """Training records, then the error that ended the run and what it prints of its own -- every rank's
    out-of-memory message with its numbers, a loading bar of a few shards drawn by a relaunch that died too: no bar
    counting on after the error, so the log still ends in it (a crash)."""
    lines = [f"step {s} | loss {1 / s:.4f} | lr 0.001" for s in range(1, 21)]
    lines += err
    lines.append("Loading checkpoint shards: " + "\r".join(_bar(i, 2).lstrip() for i in range(3)))
    for r in range(ranks):
        lines.append(f"[rank{r}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU {r} "
                     f"has a total capacity of 79.15 GiB of which 1.81 GiB is free.")
    rd = _read(tmp_path, lines)
    assert _kinds(rd) & {"crash", "killed"}, rd.issues


# ------------------------------------------------------------- a name over bare numbers, one a row: that quantity's
@pytest.mark.parametrize("names", [["Generator Losses"], ["Generator Losses", "Discriminator Losses"],
                                   ["train loss", "val loss", "val acc"]])
@pytest.mark.parametrize("end", [":", ": ", "\t", ":\t"])
@pytest.mark.parametrize("n", [5, 60])
def test_bare_numbers_under_a_line_naming_them_are_that_quantity(tmp_path, names, end, n):
    """``print("Generator Losses:"); for v in g_losses: print(v)`` and the same for the next list; Torch's
    optim.Logger writing its one name and a tab, then each value and a tab: each block of numbers is the series the
    line above it names, its rows one a step."""
    lines = []
    for k, name in enumerate(names):
        lines.append(name + end)
        lines += [f" {(k + 1) / (i + 1):.6e}\t" if end == "\t" else f"{(k + 1) / (i + 1)}" for i in range(n)]
    p = tmp_path / "losses.txt"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rd = read_text_log(p)
    assert sorted(set(rd.frame["tag"].astype(str))) == sorted(names)
    for k, name in enumerate(names):
        steps, values = _series(rd, name)
        assert steps == list(range(n))
        assert values == pytest.approx([(k + 1) / (i + 1) for i in range(n)], abs=2e-6)


def test_bare_numbers_then_a_closing_line_stay_one_column(tmp_path):
    """Rows of bare numbers and then the program's closing words with a colon ('Done:') are the rows, as before: a
    name after the numbers heads nothing."""
    lines = [f"{1 / (i + 1):.4f}" for i in range(30)] + ["Finished:"]
    p = tmp_path / "losses.txt"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rd = read_text_log(p)
    assert set(rd.frame["tag"].astype(str)) == {"loss"}
    assert len(rd.frame) == 30


# ------------------------------------------------------------- a length's unit against its number: the value
@pytest.mark.parametrize("unit", ["km", "mm", "cm", "px", "deg", "nm", "um"])
@pytest.mark.parametrize("form", ["eval @ it {s}: huber={h:.5f} mae={v:.2f}{u}",
                                  "step {s} | val_loss {h:.4f} | err {v:.2f}{u}",
                                  "[{s}] rmse: {v:.3f}{u}, loss: {h:.4f}"])
def test_a_value_with_its_unit_written_against_it_is_read(tmp_path, unit, form):
    """A regression's error printed with its unit against the number ('mae=57.21km', 'err 2.50px', 'rmse: 0.412mm'):
    the number is the value, in that unit, as '18.33dB' or '310ms' is."""
    lines = [form.format(s=s, h=1 / s, v=100 / s, u=unit) for s in range(10, 110, 10)]
    rd = _read(tmp_path, lines)
    key = next(k for k in ("mae", "err", "rmse") if k in form)
    tags = {t for t in set(rd.frame["tag"].astype(str)) if t.rsplit("/", 1)[-1] == key}
    assert len(tags) == 1, set(rd.frame["tag"].astype(str))
    steps, values = _series(rd, tags.pop())
    assert steps == list(range(10, 110, 10))
    assert values == pytest.approx([round(100 / s, 3 if "rmse" in form else 2) for s in range(10, 110, 10)])


# ------------------------------------------------------------- 'Error (MPJPE)': the acronym names the measure
@pytest.mark.parametrize("line,key", [
    ("Protocol #1 Error (MPJPE): {v} mm", "MPJPE"),
    ("Protocol #2 Error (P-MPJPE): {v} mm", "P-MPJPE"),
    ("Test Error (RMSE) = {v}", "RMSE"),
    ("Distance (FID): {v}", "FID"),
    ("mean error (MPJPE): {v}", "MPJPE"),
])
@pytest.mark.parametrize("n", [3, 12])
def test_a_kind_of_measure_then_its_acronym_is_the_acronyms_measure(tmp_path, line, key, n):
    """'Protocol #1 Error (MPJPE): 164.3 mm' -- the word before the parentheses says the kind of measure (an error,
    a distance) and the acronym, whose last letter spells that kind (mean per joint position Error), which one:
    the key is the acronym, as 'Peak signal-to-noise ratio (PSNR): 31.2' is 'PSNR'."""
    lines = []
    for e in range(n):
        lines += [f"[INFO] epoch {e}", f"loss: {1 / (e + 1):.4f}", line.format(v=f"{100 / (e + 1):.4f}")]
    rd = _read(tmp_path, lines)
    tags = {t.rsplit("/", 1)[-1] for t in set(rd.frame["tag"].astype(str))}
    assert key in tags, tags
    tag = next(t for t in set(rd.frame["tag"].astype(str)) if t.rsplit("/", 1)[-1] == key)
    assert _series(rd, tag)[1] == [round(100 / (e + 1), 4) for e in range(n)]


@pytest.mark.parametrize("line,key", [("Loss (MSE): {v}", "Loss (MSE)"), ("Error (top1): {v}", "Error (top1)"),
                                      ("Accuracy (val): {v}", "Accuracy (val)")])
def test_a_name_whose_acronym_spells_another_kind_stays_as_written(tmp_path, line, key):
    """An acronym whose last letter is not the kind's ('Loss (MSE)': a loss measured as an MSE), or a qualifier that
    is no acronym in capitals, keeps the name as written, as before."""
    lines = [f"epoch {e}: " + line.format(v=f"{1 / e:.4f}") for e in range(1, 6)]
    rd = _read(tmp_path, lines)
    assert key in {t.rsplit("/", 1)[-1] for t in set(rd.frame["tag"].astype(str))}, set(rd.frame["tag"].astype(str))


# ------------------------------------------------------------- two trainings writing one log at once
_CLOSING = ["Epoch {e}/{E}  |  train_loss={t:.4f}  val_loss={v:.4f}  val_CER={c:.4f}",
            "epoch {e}: loss {t:.4f} - val_loss {v:.4f} - val_acc {c:.4f}",
            "[Epoch {e}/{E}] train loss: {t:.4f}, valid loss: {v:.4f}, valid acc: {c:.4f}"]


@pytest.mark.parametrize("form", _CLOSING)
@pytest.mark.parametrize("epochs,extra", [(4, False), (9, True)])
def test_each_epochs_evaluated_record_printed_twice_is_two_trainings(tmp_path, form, epochs, extra):
    """Two launches of one script writing the same file at once: the epoch lines alternate between the two runs
    (epoch 1, 1, 2, 2, ..; one may be an epoch ahead at the end), each with results of its own. A training prints
    its evaluated epoch record once: printed twice, epoch after epoch, with other results, the log holds two
    trainings -- a restart is told."""
    lines = ["2026-04-09 22:58:37,382  INFO      Training steps: 42920  |  Warmup: 2146"]
    for e in range(1, epochs + 1):
        for k in (0, 1):
            lines.append(form.format(e=e, E=20, t=1 / e + 0.01 * k, v=0.6 / e + 0.03 * k, c=0.2 + 0.01 * e + 0.02 * k))
    if extra:
        lines.append(form.format(e=epochs + 1, E=20, t=0.05, v=0.5, c=0.3))
    rd = _read(tmp_path, lines)
    assert "restart" in _kinds(rd), rd.issues


@pytest.mark.parametrize("form", _CLOSING)
def test_an_epoch_record_printed_again_word_for_word_is_no_second_training(tmp_path, form):
    """The same epoch record printed twice with the same results (an echo: a logger with two handlers on one file)
    is one training, as before."""
    lines = []
    for e in range(1, 8):
        lines += [form.format(e=e, E=20, t=1 / e, v=0.6 / e, c=0.2 + 0.01 * e)] * 2
    rd = _read(tmp_path, lines)
    assert "restart" not in _kinds(rd), rd.issues


def test_a_record_without_an_evaluation_twice_an_epoch_is_no_second_training(tmp_path):
    """A training that reports its loss twice an epoch ('epoch 3: loss ..' at half and at the end), with no
    evaluation in those records, is one training."""
    lines = []
    for e in range(1, 8):
        lines += [f"epoch {e}: loss {1 / e + 0.05:.4f}", f"epoch {e}: loss {1 / e:.4f}"]
        lines.append(f"validation epoch {e}: val_loss {0.6 / e:.4f}")
    rd = _read(tmp_path, lines)
    assert "restart" not in _kinds(rd), rd.issues


# ------------------------------------------------------------- vLLM's logger: 'INFO 04-23 21:28:29 file.py:183]'
@pytest.mark.parametrize("level", ["INFO", "WARNING", "DEBUG"])
@pytest.mark.parametrize("msg", ["Automatically detected platform cuda.", "Using max model len 4096",
                                 "# GPU blocks: 2715, # CPU blocks: 512", "Loading weights took 3.21 seconds"])
def test_a_month_day_time_stamp_before_a_source_line_is_the_loggers_prefix(tmp_path, level, msg):
    """vLLM's logger writes 'INFO 04-23 21:28:29 __init__.py:183] msg' (the month and day with a dash, no year, then
    the time and the source file and line): the logger's prefix, no series '__init__.py' of the line numbers."""
    lines = [f"{level} 04-23 21:28:{s:02d} __init__.py:{180 + s}] {msg}" for s in range(3)]
    lines += [f"{{'loss': {1 / s:.4f}, 'learning_rate': 5e-07, 'epoch': {s / 10:.2f}}}" for s in range(1, 8)]
    rd = _read(tmp_path, lines)
    tags = set(rd.frame["tag"].astype(str))
    assert not any(".py" in t for t in tags), tags
    assert _series(rd, "loss")[1] == [round(1 / s, 4) for s in range(1, 8)]


@pytest.mark.parametrize("sets", [("Validation", "Dev"), ("Val", "Test")])
def test_two_evaluation_sets_after_one_training_record_are_one_training(tmp_path, sets):
    """One training evaluating two sets each epoch ('Epoch 2 - Average Train Loss: ..', 'Epoch 2 - Validation BLEU:
    BLEU-1 71.65, ..', 'Epoch 2 - Dev BLEU: BLEU-1 63.88, ..'): its training record is printed once an epoch, so it
    is one training, whatever the evaluations' names."""
    lines = []
    for e in range(1, 9):
        lines.append(f"2025-03-02 05:24:38,655 - INFO - Epoch {e} - Average Train Loss: {1 / e:.4f}")
        for k, s in enumerate(sets):
            lines.append(f"2025-03-02 05:34:00,482 - INFO - Epoch {e} - {s} BLEU: BLEU-1 {60 + e + 5 * k:.2f}, "
                         f"BLEU-2 {50 + e + 3 * k:.2f}")
    rd = _read(tmp_path, lines)
    assert "restart" not in _kinds(rd), rd.issues


# ------------------------------------------------------------- '[Train 10/1882] {..}': the step of a planned total
@pytest.mark.parametrize("word", ["Train", "train", "Training", "TRAIN"])
@pytest.mark.parametrize("body", ["{{'grads_finite': 1.0, 'loss_scale': 1.0, 'train_loss': {v}}}",
                                  "loss: {v}, acc: 0.5", "train_loss={v} lr=0.001"])
@pytest.mark.parametrize("every,total", [(10, 1882), (1, 12)])
def test_a_training_phase_count_of_its_total_in_brackets_is_the_step_and_plan(tmp_path, word, body, every, total):
    """A JAX / absl trainer's '[Train 10/1882] {'grads_finite': 1.0, .., 'train_loss': 0.0077}' every 10 steps: the
    count heading the record is its step and the total the planned steps (the x axis is the printed step, not the
    record's ordinal; no key 'Train' holding the count)."""
    steps = list(range(every, total + 1, every))[:40]
    lines = [f"I1216 14:22:57.913980 139628846601088 train.py:577] [{word} {s}/{total}] "
             + body.format(v=f"{1 / s:.6f}") for s in steps]
    rd = _read(tmp_path, lines)
    key = "train_loss" if "train_loss" in body else "loss"
    got_steps, values = _series(rd, key)
    assert got_steps == steps
    assert values == [round(1 / s, 6) for s in steps]
    assert "Train" not in set(rd.frame["tag"].astype(str)) and rd.meta.get("max_steps") == total


# ------------------------------------------------------------- W&B's output.log beside its config.yaml: the settings
def _wandb_config(settings: dict) -> str:
    out = ["_wandb:", "    value:", "        cli_version: 0.19.7", "        python_version: 3.8.20"]
    for k, v in settings.items():
        out += [f"{k}:", f"    value: {v}"]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("key", ["epochs", "num_epochs", "max_epochs", "n_epochs"])
@pytest.mark.parametrize("done,plan", [(25, 60), (3, 10)])
def test_wandb_console_takes_its_plan_from_the_config_beside_it(tmp_path, key, done, plan):
    """W&B's run files: 'output.log', the captured console, printing only '[INFO] epoch N' and its evaluation, beside
    'config.yaml' with '<key>: {value: 60}': the config is the run's settings and its planned epochs the plan."""
    lines = []
    for e in range(done):
        lines += [f"[INFO] epoch {e}", "[INFO] Evaluation", f"Protocol #1 Error (MPJPE): {100 / (e + 1):.3f} mm"]
    (tmp_path / "output.log").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text(_wandb_config({key: plan, "lr": 0.0005, "batch_size": 16}), encoding="utf-8")
    rd = read_text_log(tmp_path / "output.log")
    assert rd.meta.get("num_epochs") == plan
    assert rd.hparams.get(key) == plan and rd.hparams.get("lr") == 0.0005


def test_a_plan_the_console_states_wins_and_other_configs_are_not_read(tmp_path):
    """The console's own plan ('Epoch 3/30') stands over the config's; a config.yaml that is not W&B's (no '_wandb'
    block: a project's own file, Lightning's) is not read beside an output.log, nor any config beside another log."""
    lines = [f"Epoch {e}/30 - loss: {1 / e:.4f}" for e in range(1, 6)]
    (tmp_path / "output.log").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text(_wandb_config({"epochs": 60}), encoding="utf-8")
    assert read_text_log(tmp_path / "output.log").meta.get("num_epochs") == 30
    other = tmp_path / "other"
    other.mkdir()
    (other / "output.log").write_text("\n".join(f"step {s} loss {1 / s:.3f}" for s in range(1, 9)) + "\n")
    (other / "config.yaml").write_text("trainer:\n  max_epochs: 60\nmodel:\n  lr: 0.001\n", encoding="utf-8")
    rd = read_text_log(other / "output.log")
    assert "num_epochs" not in rd.meta and "lr" not in rd.hparams
    (other / "train.log").write_text("\n".join(f"step {s} loss {1 / s:.3f}" for s in range(1, 9)) + "\n")
    (other / "config.yaml").write_text(_wandb_config({"epochs": 60}), encoding="utf-8")
    assert "num_epochs" not in read_text_log(other / "train.log").meta


# ------------------------------------------------------------- CycleGAN's options beside loss_log.txt: the plan
def _options(pairs: dict) -> str:
    out = ["----------------- Options ---------------"]
    out += [f"{k:>25}: {str(v):<30}" + ("\t[default: 100]" if k.startswith("n") else "") for k, v in pairs.items()]
    out.append("----------------- End -------------------")
    return "\n".join(out) + "\n"


def _cyclegan_log(epochs: int) -> list[str]:
    lines = ["================ Training Loss (Tue Sep  5 12:56:56 2023) ================"]
    for e in range(1, epochs + 1):
        for it in (100, 200):
            lines.append(f"(epoch: {e}, iters: {it}, time: 0.412, data: 0.002) D_A: 0.31 G_A: 0.52 cycle_A: "
                         f"{2 / e:.3f} idt_A: 0.41 D_B: 0.29 G_B: 0.47 cycle_B: {2.2 / e:.3f} idt_B: 0.45 ")
    return lines


@pytest.mark.parametrize("name", ["opt.txt", "train_opt.txt"])
@pytest.mark.parametrize("keys", [("niter", "niter_decay"), ("n_epochs", "n_epochs_decay")])
@pytest.mark.parametrize("done,a,b", [(12, 100, 100), (30, 200, 200), (5, 10, 0)])
def test_cyclegan_options_beside_its_loss_log_state_its_plan(tmp_path, name, keys, done, a, b):
    """CycleGAN / pix2pix print their options into the checkpoint folder beside 'loss_log.txt' ('opt.txt',
    'train_opt.txt': '--- Options ---', one 'name: value' a line): the settings are the run's, and the plan of epochs
    is the epochs at the starting rate plus those of the decay ('niter: 200', 'niter_decay: 200': 400)."""
    (tmp_path / "loss_log.txt").write_text("\n".join(_cyclegan_log(done)) + "\n", encoding="utf-8")
    (tmp_path / name).write_text(_options({"batch_size": 4, "lr": 0.0002, keys[0]: a, keys[1]: b, "model": "cycle_gan"}),
                                 encoding="utf-8")
    rd = read_text_log(tmp_path / "loss_log.txt")
    assert rd.meta.get("num_epochs") == a + b
    assert rd.hparams.get("lr") == 0.0002 and rd.hparams.get("model") == "cycle_gan"


def test_a_text_file_beside_a_loss_log_that_is_no_options_block_is_not_read(tmp_path):
    """A 'opt.txt' that is not the options block (no '--- Options ---' title), or options beside a log of another
    name, state nothing for the log."""
    (tmp_path / "loss_log.txt").write_text("\n".join(_cyclegan_log(4)) + "\n", encoding="utf-8")
    (tmp_path / "opt.txt").write_text("niter: 200\nniter_decay: 200\n", encoding="utf-8")
    assert "num_epochs" not in read_text_log(tmp_path / "loss_log.txt").meta
    (tmp_path / "train.log").write_text("\n".join(_cyclegan_log(4)) + "\n", encoding="utf-8")
    (tmp_path / "opt.txt").write_text(_options({"niter": 200, "niter_decay": 200}), encoding="utf-8")
    assert "num_epochs" not in read_text_log(tmp_path / "train.log").meta


@pytest.mark.parametrize("where", ["[Epoch {e}][Batch {b}]", "Epoch {e} | batch {b} |"])
def test_records_that_say_where_in_the_epoch_they_are_are_one_training(tmp_path, where):
    """MXNet's '[Epoch 0][Batch 0], Speed: .., CrossEntropy=.., val_AP=0.097' then '[Epoch 0][Batch 50], ..': two
    reports an epoch, each saying where in the epoch it is -- one training, no restart."""
    lines = []
    for e in range(8):
        for b in (0, 50):
            lines.append(where.format(e=e, b=b) + f" Speed: 6.9 samples/sec, CrossEntropy={1 / (e + 1 + b / 100):.4e}, "
                         f"val_AP={0.1 + 0.01 * e + b / 5000:.3f}")
    rd = _read(tmp_path, lines)
    assert "restart" not in _kinds(rd), rd.issues
