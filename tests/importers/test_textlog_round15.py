"""Text logs, fifteenth round (issue 36): misreadings found on the lock-box batches 2026-12-06z and 2026-12-06nu10, each
on small logs written the way their programs print them (several wordings and lengths), read with and without plans
(the two readings must be equal): a line that names training is training's, whatever evaluation was announced above
it; a YAML config dump printed in colour is still settings; a model printed by PyTorch is no series; the time stamp
and the logger's name in one bracket are a prefix; a training record's count of its planned steps is the step its
evaluations are placed at."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------------------------------------ the split of a record
def _phases_log(train_word: str, epochs: int, bar: bool) -> list[str]:
    """A script that announces each phase ('Training...', 'Evaluating...', 'Testing...'), draws a bar for each, then
    prints the three results with the phase's word heading each line."""
    lines = ["train, validation, test: 8000 960 960", "#Params: 52124"]
    for e in range(1, epochs + 1):
        lines.append(f"=====Epoch {e}")
        for phase in ("Training...", "Evaluating...", "Testing..."):
            lines.append(phase)
            if bar:
                lines.append("100%|##########| 40/40 [00:01<00:00, 30.1it/s]")
        lines.append(f"{train_word} loss_R={5 / e:.6f}, loss_C={-3 - e / 10:.6f}, loss_S={1 + e / 100:.6f}")
        lines.append(f"Validation: loss_R={4 / e + 0.01:.6f}, loss_C={-2 - e / 10:.6f}, loss_S={2 + e / 100:.6f}")
        lines.append(f"Test: loss_R={4 / e + 0.02:.6f}, loss_C={-2.5 - e / 10:.6f}, loss_S={3 + e / 100:.6f}")
    return lines


@pytest.mark.parametrize("train_word,epochs,bar", [("Train:", 12, True), ("Training:", 5, False),
                                                    ("train |", 30, True), ("TRAIN -", 8, False)])
def test_a_line_that_names_training_is_training_s_after_an_announced_evaluation(tmp_path, train_word, epochs, bar):
    """``Evaluating...`` and ``Testing...`` announce evaluations, and the results come after them: ``Train: loss_R=..``
    names its split on its own line -- training's, one point per epoch --, and no held-out series holds its values."""
    rd = _read(tmp_path, _phases_log(train_word, epochs, bar))
    train = [round(5 / e, 6) for e in range(1, epochs + 1)]
    assert _series(rd, "loss_R") == (list(range(1, epochs + 1)), train)
    held = [t for t in _tags(rd) if t.startswith("val/")]
    assert held and not any(set(train) & set(_series(rd, t)[1]) for t in held)


@pytest.mark.parametrize("val_word,test_word,epochs", [("Validation:", "Test:", 10), ("Val |", "Test |", 25),
                                                       ("[valid]", "test set:", 7), ("Eval -", "TEST -", 40)])
def test_a_test_is_not_the_validation_when_each_line_names_its_own(tmp_path, val_word, test_word, epochs):
    """Each epoch the validation and the test results with the same keys, each line opened by its split's word: two
    held-out series, one point per epoch each, not one zig-zagging between the two."""
    lines = []
    for e in range(1, epochs + 1):
        lines.append(f"Epoch {e}")
        lines.append(f"train loss={2 / e:.5f} acc={0.5 + e / 200:.5f}")
        lines.append(f"{val_word} loss={1.5 / e + 0.1:.5f} acc={0.45 + e / 200:.5f}")
        lines.append(f"{test_word} loss={1.6 / e + 0.2:.5f} acc={0.44 + e / 200:.5f}")
    rd = _read(tmp_path, lines)
    held = {t: _series(rd, t) for t in _tags(rd) if t.lower().endswith("loss") and "train" not in t.lower()}
    assert sorted(v for _, v in held.values()) == sorted([[round(1.5 / e + 0.1, 5) for e in range(1, epochs + 1)],
                                                          [round(1.6 / e + 0.2, 5) for e in range(1, epochs + 1)]])
    assert all(st == list(range(1, epochs + 1)) for st, _ in held.values())


# ------------------------------------------------------------------------------------------ settings
_GREY, _KEY, _NUMC, _STR, _OFF = "\x1b[38;5;15m", "\x1b[38;5;204m", "\x1b[38;5;141m", "\x1b[38;5;186m", "\x1b[39m"


def _coloured(line: str) -> str:
    """A YAML line as pygments colours it for a terminal (detectron2's 'Running with full config:' dump): the
    indentation, the key, the colon and the value each in their colour."""
    body = line.lstrip(" ")
    indent = line[: len(line) - len(body)]
    out = f"{_GREY}{indent}{_OFF}" if indent else ""
    if body.startswith("- "):
        return out + f"{_GREY}-{_OFF}{_GREY} {_OFF}{_NUMC}{body[2:]}{_OFF}"
    key, _, value = body.partition(":")
    out += f"{_KEY}{key}{_OFF}{_GREY}:{_OFF}"
    if value.strip():
        colour = _NUMC if value.strip()[0].isdigit() or value.strip() in ("true", "false") else _STR
        out += f"{_GREY} {_OFF}{colour}{value.strip()}{_OFF}"
    return out


def _d2_launch(max_iter: int, iters, colour: bool) -> list[str]:
    yaml = ["DATALOADER:", "  NUM_WORKERS: 4", "  SAMPLER_TRAIN: TrainingSampler", "INPUT:", "  CROP:",
            "    ENABLED: false", "    SIZE:", "    - 0.9", "    - 0.9", "  MAX_SIZE_TEST: 1333", "  MIN_SIZE_TRAIN:",
            "  - 640", "  - 672", "MODEL:", "  ROI_HEADS:", "    NUM_CLASSES: 10", "    BATCH_SIZE_PER_IMAGE: 512",
            "  RPN:", "    POST_NMS_TOPK_TRAIN: 2000", "SOLVER:", "  BASE_LR: 0.01", "  CHECKPOINT_PERIOD: 5000",
            f"  MAX_ITER: {max_iter}", "  STEPS:", "  - 50000", "  - 70000", "  WARMUP_ITERS: 1000",
            "TEST:", "  EVAL_PERIOD: 5000"]
    lines = ["[06/06 22:46:45 detectron2]: Running with full config:"]
    lines += [_coloured(y) if colour else y for y in yaml]
    lines.append("[06/06 22:46:45 detectron2]: Full config saved to ./output/config.yaml")
    for i in iters:
        lines.append(f"[06/06 22:50:20 d2.utils.events]:  eta: 6:22:05  iter: {i}  total_loss: {1 / (1 + i / 500):.4f}"
                     f"  loss_cls: {0.5 / (1 + i / 500):.4f}  time: 0.2535  data_time: 0.0599  lr: 0.0099  max_mem: 11155M")
    return lines


@pytest.mark.parametrize("launches,n", [(1, 30), (3, 12), (2, 60)])
def test_a_yaml_config_dump_printed_in_colour_is_settings(tmp_path, launches, n):
    """detectron2 colours the YAML of 'Running with full config:' (each launch prints it again): the colour codes are
    no part of its text -- its indentation and list items still make it one dump, its values settings named by their
    path and its MAX_ITER the plan, never series with a point per launch."""
    lines = []
    for k in range(launches):
        lines += _d2_launch(90000, range(100 * k * n + 99, 100 * (k + 1) * n, 100), colour=True)
    rd = _read(tmp_path, lines)
    assert _tags(rd) <= {"total_loss", "loss_cls", "time", "data_time", "lr", "max_mem"}, _tags(rd)
    assert rd.hparams.get("SOLVER/MAX_ITER") == 90000 and rd.meta.get("max_steps") == 90000
    assert len(_series(rd, "total_loss")[1]) == launches * n


_MODEL = ["GeneralizedRCNN(", "  (backbone): FPN(", "    (fpn_lateral2): Conv2d(256, 256, kernel_size=(1, 1), stride=(1, 1))",
          "    (bottom_up): ResNet(", "      (stem): BasicStem(", "        (conv1): Conv2d(",
          "          3, 64, kernel_size=(7, 7), stride=(2, 2), padding=(3, 3), bias=False",
          "          (norm): FrozenBatchNorm2d(num_features=64, eps=1e-05)", "        )", "      )", "    )", "  )",
          "  (roi_heads): StandardROIHeads(", "    (box_pooler): ROIPooler(", "      (level_poolers): ModuleList(",
          "        (0): ROIAlign(output_size=(7, 7), spatial_scale=0.25, sampling_ratio=0, aligned=True)",
          "        (1): ROIAlign(output_size=(7, 7), spatial_scale=0.125, sampling_ratio=0, aligned=True)", "      )",
          "    )", "    (box_head): FastRCNNConvFCHead(",
          "      (fc1): Linear(in_features=12544, out_features=1024, bias=True)", "      (fc_relu1): ReLU()",
          "      (bn): BatchNorm1d(1024, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)",
          "      (drop): Dropout(p=0.5, inplace=False)", "    )", "  )", ")"]


@pytest.mark.parametrize("launches,prefix", [(2, "[06/06 22:49:53 d2.engine.defaults]: Model:"),
                                             (4, "2024-01-02 10:00:00,001 - INFO - Model:"), (3, "")])
def test_a_model_printed_by_pytorch_is_no_series(tmp_path, launches, prefix):
    """``print(model)``: one child module a line, ``(fc1): Linear(in_features=12544, out_features=1024, bias=True)``;
    each launch prints it again. Its numbers are the model's shape: no series (and no settings of the run)."""
    lines = []
    for k in range(launches):
        if prefix:
            lines.append(prefix)
        lines += _MODEL
        lines += [f"epoch {e} loss {2 / e + k:.4f} acc {0.5 + e / 100:.4f}" for e in range(1, 11)]
    rd = _read(tmp_path, lines)
    assert not {t for t in _tags(rd) if t.split()[0] not in ("loss", "acc", "epoch")}, _tags(rd)
    assert not {"eps", "momentum", "p", "spatial_scale"} & set(rd.hparams)


# ------------------------------------------------------------------------------------------ prefixes
@pytest.mark.parametrize("name,evals", [("d2.evaluation.testing", 5), ("detectron2", 12), ("fvcore.common.checkpoint", 3)])
def test_the_time_stamp_and_the_logger_s_name_in_one_bracket_are_a_prefix(tmp_path, name, evals):
    """detectron2's default format, ``[06/07 02:05:36 d2.evaluation.testing]: copypaste: AP,AP50,..`` then the row
    of values: the bracket is the logger's prefix, and the copypaste header and row are a table (``val/AP`` ...)."""
    lines = []
    for k in range(1, evals + 1):
        for i in range(k * 1000 - 900, k * 1000, 100):
            lines.append(f"[06/06 23:{k % 60:02d}:20 d2.utils.events]:  eta: 6:22:05  iter: {i - 1}  total_loss: "
                         f"{1 / (1 + i / 500):.4f}  lr: 0.01  max_mem: 11155M")
        lines += [f"[06/07 02:{k % 60:02d}:36 {name}]: copypaste: Task: bbox",
                  f"[06/07 02:{k % 60:02d}:36 {name}]: copypaste: AP,AP50,AP75,APs,APm,APl",
                  f"[06/07 02:{k % 60:02d}:36 {name}]: copypaste: {20 + k:.4f},{40 + k:.4f},{19 + k:.4f},{15 + k:.4f},"
                  f"{29 + k:.4f},{27 + k:.4f}"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "val/AP")[1] == [20.0 + k for k in range(1, evals + 1)]
    assert _series(rd, "val/AP50")[1] == [40.0 + k for k in range(1, evals + 1)]
    assert _series(rd, "val/AP")[0] == [k * 1000 - 101 for k in range(1, evals + 1)]  # (the last iteration logged)
    assert "copypaste" not in _tags(rd)


# ------------------------------------------------------------------------------------------ positions
@pytest.mark.parametrize("every,total,evals,style", [(200, 8000, 5, "[{e} {s}/{t}] loss {v:.4f} lr 3e-4 0.5m"),
                                                     (50, 1500, 3, "[{s}/{t}] train loss: {v:.4f}"),
                                                     (100, 12000, 8, "{s}/{t} | loss {v:.4f} | 12.1 it/s")])
def test_a_training_record_s_count_of_its_planned_steps_places_its_evaluations(tmp_path, every, total, evals, style):
    """``[0 200/75400] loss ..`` every 200 steps and, now and then, ``  >> val 0.42 | validity ..``: the count is the
    step training reached, so each evaluation is placed at it (on the training curve's axis), not on its ordinal."""
    lines, at = [], []
    per_eval = total // evals
    for s in range(every, total + 1, every):
        lines.append(style.format(e=s * 3 // total, s=s, t=total, v=4 / (1 + s / 1000)))
        if s % per_eval == 0:
            lines.append(f"  >> val {2 / (1 + s / 1000):.4f} | validity 0.9 novelty 1.0")
            at.append(s)
    rd = _read(tmp_path, lines)
    losses = [t for t in _tags(rd) if t.endswith("loss") and not t.startswith("val")]
    assert len(losses) == 1 and _series(rd, losses[0])[0] == list(range(every, total + 1, every))
    assert _series(rd, "val loss")[0] == at


# ------------------------------------------------------------------------------------------ settings one a line
_SETTINGS = [("train", "True"), ("seg_dim", "20"), ("char_dim", "100"), ("hidden_dim", "256"), ("tag_schema", "iobes"),
             ("clip", "5"), ("dropout", "0.5"), ("batch_size", "128"), ("lr", "0.001"), ("weight_decay", "1e-05"),
             ("optimizer", "adam"), ("pre_emb", "True"), ("max_epoch", "50"), ("save_dir", "/home/u/result")]


def _settings_lines(style: str, settings) -> list[str]:
    if style == "logging":  # for k, v in config.items(): logger.info(f"{k:<15}:\t{v}")
        return [f"2020-05-23 19:12:24,208 - logger.py - print_config - INFO - {k:<15}:\t{v}" for k, v in settings]
    if style == "swav":  # one message over many lines: the first after the logger's prefix, the rest aligned under it
        pad = " " * 37
        return [f"INFO - 09/02/20 13:55:22 - 0:00:00 - {k}: {v}" if i == 0 else f"{pad}{k}: {v}"
                for i, (k, v) in enumerate(settings)]
    return [f"{k} = {v}" for k, v in settings]  # print(f"{k} = {v}")


@pytest.mark.parametrize("style,launches,epochs", [("logging", 3, 4), ("swav", 4, 6), ("print", 2, 12), ("logging", 1, 5)])
def test_a_configuration_printed_one_setting_a_line_is_settings_and_a_launch(tmp_path, style, launches, epochs):
    """A script prints its configuration one setting a line as it starts (named choices among them: ``adam``,
    ``True``, a path), then trains; launched again into the same log, it prints it again: the settings are the run's
    hyperparameters, never series with a point per launch (``lr`` would take the learning rate's role), and each
    block starts a launch -- the epochs counted from 1 again are another training, not an echo. (A number alone on
    its line right after a record continues that record, as OLMo prints one metric a line: a block that opens with
    numbers right after a record is read as settings from its first named choice on.)"""
    lines = []
    for k in range(launches):
        settings = [(key, "0.003" if key == "lr" and k else v) for key, v in _SETTINGS]
        lines += _settings_lines(style, settings)
        lines.append("Start training ......")
        for e in range(1, epochs + 1):
            lines.append(f"Epoch [{e}/50] Train Loss: {3 / e + k:.4f}, Dev F1: {0.5 + e / 100:.4f}")
    rd = _read(tmp_path, lines)
    assert {t.split(" [")[0] for t in _tags(rd)} <= {"Train Loss", "Dev F1", "epoch"}, _tags(rd)
    assert rd.hparams.get("optimizer") == "adam" and rd.hparams.get("hidden_dim") == 256
    assert rd.hparams.get("lr") == (0.003 if launches > 1 else 0.001)  # (the last printed is in force)
    assert len(_series(rd, "Train Loss")[1]) == launches * epochs


def test_a_result_printed_one_metric_a_line_is_no_configuration(tmp_path):
    """Lines of numbers only after each evaluation (``accuracy: 0.91`` then ``f1: 0.88`` ...: no named choice among
    them) are results, not settings."""
    lines = []
    for e in range(1, 9):
        lines.append(f"Epoch {e} loss {1 / e:.4f}")
        lines += [f"accuracy: {0.5 + e / 20:.4f}", f"precision: {0.4 + e / 20:.4f}", f"recall: {0.45 + e / 20:.4f}",
                  f"f1: {0.42 + e / 20:.4f}", f"auc: {0.6 + e / 30:.4f}", f"mcc: {0.3 + e / 30:.4f}"]
    rd = _read(tmp_path, lines)
    assert any(len(_series(rd, t)[1]) == 8 for t in _tags(rd) if t.endswith("accuracy"))
    assert not {"accuracy", "f1", "auc"} & set(rd.hparams)


_MM_CONFIG = ["Config:", "model = dict(", "    type='FasterRCNN',", "    rpn_head=dict(", "        type='RPNHead',",
              "        in_channels=256,", "        loss_cls=dict(type='CrossEntropyLoss', use_sigmoid=True, loss_weight=1.0),",
              "        loss_bbox=dict(type='L1Loss', loss_weight=1.0)),", "    test_cfg=dict(",
              "        rpn=dict(nms_pre=1000, max_per_img=1000, nms=dict(type='nms', iou_threshold=0.7)),",
              "        rcnn=dict(score_thr=0.05, nms=dict(type='nms', iou_threshold=0.5), max_per_img=100)))",
              "train_pipeline = [", "    dict(type='LoadImageFromFile'), dict(type='RandomFlip', prob=0.5),", "]",
              "default_hooks = dict(", "    logger=dict(type='LoggerHook', interval=50),",
              "    checkpoint=dict(type='CheckpointHook', interval=1))", ""]


@pytest.mark.parametrize("launches,epochs", [(2, 3), (5, 2), (3, 6)])
def test_a_config_written_as_python_source_is_no_series(tmp_path, launches, epochs):
    """MMEngine prints its config as Python source at each launch (``logger=dict(type='LoggerHook', interval=50),``,
    ``nms=dict(type='nms', iou_threshold=0.7)``): a dict built from keyword arguments is the config's text, its
    numbers no series with a point per launch."""
    lines = []
    for k in range(launches):
        lines += [f"2024/01/0{k + 1} 10:00:00 - mmengine - INFO - {line}" if i == 0 else line
                  for i, line in enumerate(_MM_CONFIG)]
        for e in range(1, epochs + 1):
            for it in (50, 100):
                lines.append(f"2024/01/0{k + 1} 10:0{e}:00 - mmengine - INFO - Epoch(train) [{e}][{it}/100]  lr: 2.0000e-02"
                             f"  eta: 0:10:00  time: 0.5000  data_time: 0.0100  memory: 3000  loss: {2 / e + k - it / 1000:.4f}"
                             f"  loss_cls: {1 / e:.4f}")
    rd = _read(tmp_path, lines)
    assert not [t for t in _tags(rd) if "dict(" in t or t in ("in_channels", "iou_threshold", "interval", "prob")], _tags(rd)
    assert len(_series(rd, "loss")[1]) == launches * epochs * 2


# ------------------------------------------------------------------------------------------ a count inside the epoch
@pytest.mark.parametrize("template,per_epoch,epochs", [
    ("2024-12-25 22:46:13,559 training INFO: eta: 0:29:06 epoch: {e} iter: {i} loss: {v:.4f} ({v:.4f}) lr: 0.000100",
     45, 12),
    ("Epoch {e} | step {i} | loss {v:.4f}", 300, 5),
    ("[epoch {e}] iteration {i}: train_loss={v:.4f}", 7, 30)])
def test_a_step_that_stands_still_as_the_epoch_advances_counts_inside_the_epoch(tmp_path, template, per_epoch, epochs):
    """A record printed once per epoch at its last iteration (``epoch: 3 iter: 45 loss: ..``: 45 iterations an
    epoch): the count stands still while the epoch advances, so it is no run-wide step -- the epochs are laid end to
    end (45, 90, 135, ...), not every point at x = 45."""
    lines = [template.format(e=e, i=per_epoch, v=2 / e) for e in range(1, epochs + 1)]
    rd = _read(tmp_path, lines)
    loss = next(t for t in _tags(rd) if "loss" in t and "(" not in t)
    assert _series(rd, loss) == ([per_epoch * e for e in range(1, epochs + 1)], [round(2 / e, 4) for e in range(1, epochs + 1)])


# ------------------------------------------------------------------------------------------ sizes
@pytest.mark.parametrize("sizes,launches", [(["Loaded {n} samples (0 missing images skipped).",
                                               "train: {t} samples (day-wise split enabled)."], 3),
                                              (["Found {n} images belonging to 10 classes.", "val {v} examples"], 2),
                                              (["train set: {n} sentences", "dev set: {v} sentences"], 4)])
def test_a_count_of_things_with_their_noun_is_a_size_not_a_series(tmp_path, sizes, launches):
    """``Loaded 4699 samples``, ``train: 3709 samples``: the size of a data set, printed again by each launch (three
    trainings appended to one log, none printing a configuration): no series ``Loaded`` / ``train`` with a point per
    launch; the training records around them are read as before."""
    lines = []
    for k in range(launches):
        lines += [s.format(n=4699, t=3709, v=990) for s in sizes]
        lines += [f"Epoch {e} [20/155] total={3000 - 50 * e - k:.4f} pose={2900 - 50 * e:.4f}" for e in range(1, 6)]
        lines.append("Training finished.")
    rd = _read(tmp_path, lines)
    assert {t.split(" [")[0] for t in _tags(rd)} <= {"total", "pose", "epoch"}, _tags(rd)
