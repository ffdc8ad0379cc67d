"""Text logs, fourteenth round (issue 36): misreadings found on the lock-box batches 2026-12-06y and 2026-12-06w, each
on a small log written the way its program prints it, read with and without plans (the two readings must be equal): a
YAML config dump's values are settings, its planned iterations the plan; ..."""

from __future__ import annotations

from test_textlog_readings import _assert_chunks_read_as_whole, _assert_same, _read, _series, _tags

import curvedoc
from curvedoc.importers.textlog import read_text_log


def _runs(path):
    got = read_text_log(path, segments=True)
    return got if isinstance(got, list) else [got]


# ------------------------------------------------------------------------------------------ a YAML config dump
_PREFIX = "2018-10-29 16:09:22,651 maskrcnn_benchmark"


def _yaml_launch(max_iter: int, lr: float, iters=()) -> list[str]:
    """One launch of maskrcnn-benchmark's train_net.py: the config file's text after 'Loaded configuration file', the
    merged config after 'Running with config:' (yacs' YAML dump, nested groups), then its training records."""
    lines = [f"{_PREFIX} INFO: Using 1 GPUs",
             f"{_PREFIX} INFO: Loaded configuration file configs/e2e_faster_rcnn_R_50_C4_1x.yaml",
             f"{_PREFIX} INFO: ",
             "MODEL:", '  META_ARCHITECTURE: "GeneralizedRCNN"', "  RPN:", "    PRE_NMS_TOP_N_TEST: 6000",
             "SOLVER:", f"  BASE_LR: {lr}", "  WEIGHT_DECAY: 0.0001", f"  MAX_ITER: {max_iter}", "  IMS_PER_BATCH: 8",
             "",
             f"{_PREFIX} INFO: Running with config:",
             "DATALOADER:", "  NUM_WORKERS: 4", "MODEL:", "  ROI_BOX_HEAD:", "    MLP_HEAD_DIM: 1024",
             "    POOLER_SCALES: (0.0625,)", "  ROI_HEADS:", "    BG_IOU_THRESHOLD: 0.5", "  ROI_MASK_HEAD:",
             "    MLP_HEAD_DIM: 1024", "  RPN:", "    BG_IOU_THRESHOLD: 0.3", "SOLVER:", f"  BASE_LR: {lr}",
             "  CHECKPOINT_PERIOD: 2500", f"  MAX_ITER: {max_iter}", "  STEPS: (120000, 160000)",
             f"{_PREFIX} INFO: Start training"]
    for i in iters:
        lines.append(f"{_PREFIX}.trainer INFO: eta: 1 day, 2:03:07  iter: {i}  loss: {1 / (1 + i / 100):.4f} "
                     f"({1.2 / (1 + i / 100):.4f})  time: 1.95 (1.95)  lr: {lr / 4:.6f}  max mem: 8788")
    return lines


def test_a_yaml_config_dump_printed_by_each_launch_is_settings_and_its_max_iter_the_plan(tmp_path):
    """A config dump (yacs/YAML: 'SOLVER:' over '  MAX_ITER: 180000'), printed again by later launches with other
    values, is settings named by their path, never series; the last printed is in force, and its planned iterations
    (MAX_ITER 72000) against the iteration reached (3960) say the run stopped before its plan."""
    lines = _yaml_launch(180000, 0.01) + _yaml_launch(180000, 0.01) + _yaml_launch(72000, 0.01, range(0, 4000, 20))
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"loss", "loss (avg)", "time", "time (avg)", "lr", "max mem"}, _tags(rd)
    assert _series(rd, "loss")[0] == list(range(0, 4000, 20))
    assert rd.hparams.get("SOLVER/MAX_ITER") == 72000 and rd.hparams.get("SOLVER/BASE_LR") == 0.01, rd.hparams
    assert rd.hparams.get("MODEL/ROI_BOX_HEAD/MLP_HEAD_DIM") == 1024 and rd.hparams.get("MODEL/RPN/BG_IOU_THRESHOLD") == 0.3
    assert rd.meta.get("max_steps") == 72000, rd.meta
    _assert_chunks_read_as_whole(tmp_path / "train.log", [len("\n".join(lines[:60])), len("\n".join(lines[:200]))])
    run = curvedoc.diagnose(str(tmp_path / "train.log")).runs[0]
    assert "unfinished-schedule" in {f.name for f in run.findings}, [(f.name, f.message) for f in run.findings]


def test_a_max_iter_setting_the_steps_went_past_is_no_plan(tmp_path):
    """A MAX_ITER the printed iterations exceed does not count the same iterations: no plan from it."""
    lines = _yaml_launch(1000, 0.01, range(0, 4000, 20))
    rd = _read(tmp_path, lines)
    assert rd.hparams.get("SOLVER/MAX_ITER") == 1000 and "max_steps" not in rd.meta, rd.meta


def test_a_max_iter_beside_another_budget_is_no_plan(tmp_path):
    """A config that also sets a number of epochs or a time limit (SSD-style 'SOLVER: MAX_ITER: 120000, MAX_MINUTES: 90',
    'TEST: NUM_EPOCHS: 50'): whichever budget comes first ends the training, so MAX_ITER alone is no plan."""
    for other in (["  MAX_MINUTES: 90"], ["TEST:", "  NUM_EPOCHS: 50"]):
        lines = ["2021-04-25 12:03:45,217 UNET INFO: Running with config:", "SOLVER:", "  LR: 0.01",
                 "  MAX_ITER: 120000", *other, "2021-04-25 12:03:45,217 UNET INFO: Start training"]
        lines += [f"2021-04-25 12:03:45,217 UNET.trainer INFO: iter: {i:06d}, lr: 0.01000, total_loss: {1 / i:.3f} "
                  f"({1 / i:.3f})" for i in range(10, 200, 10)]
        rd = _read(tmp_path, lines)
        assert rd.hparams.get("SOLVER/MAX_ITER") == 120000 and "max_steps" not in rd.meta, (other, rd.meta)
        assert _series(rd, "total_loss")[0] == list(range(10, 200, 10)), _tags(rd)


def test_a_yaml_dump_with_comments_and_lists_stays_settings_to_its_end(tmp_path):
    """detectron2's 'Contents of args.config_file=x.yaml:' and 'Running with full config:' dumps hold comments
    ('  # 3x schedule ...') and YAML lists ('  - 0.9', '    - - -90'): still the settings, up to the next logged line."""
    lines = ["[11/16 04:44:54] detectron2 INFO: Contents of args.config_file=configs/faster_rcnn_R_50_FPN_3x.yaml:",
             '_BASE_: "./Base-RCNN-FPN.yaml"', "MODEL:", "  RESNETS:", "    DEPTH: 50", "SOLVER:",
             "  # 3x schedule of COCO dataset is ~37 epoch", "  STEPS: (28000, 34000)", "  MAX_ITER: 37000",
             "  BASE_LR: 0.01", "TEST:", "  EVAL_PERIOD: 500",
             "[11/16 04:44:54] detectron2 INFO: Running with full config:", "DATASETS:", "  TEST:", "  - nyu_val",
             "MODEL:", "  ANCHOR_GENERATOR:", "    ANGLES:", "    - - -90", "      - 0", "    ASPECT_RATIOS:", "    - - 0.5",
             "      - 1.0", "    OFFSET: 0.0", "  RESNETS:", "    DEPTH: 50", "SOLVER:", "  BASE_LR: 0.01", "  MAX_ITER: 37000",
             "[11/16 04:44:54] detectron2 INFO: Full config saved to ./output/config.yaml"]
    lines += [f"[11/16 04:45:{i % 60:02d}] d2.utils.events INFO:  eta: 1:02:03  iter: {i}  total_loss: {1 / (i + 1):.4f}"
              f"  loss_cls: {0.5 / (i + 1):.4f}  lr: 0.001  max_mem: 5000M" for i in range(19, 400, 20)]
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"total_loss", "loss_cls", "lr", "max_mem"}, _tags(rd)
    assert rd.hparams.get("MODEL/ANCHOR_GENERATOR/OFFSET") == 0.0 and rd.hparams.get("SOLVER/MAX_ITER") == 37000
    assert rd.meta.get("max_steps") == 37000, rd.meta


# ------------------------------------------------------------------------------------------ clu's metric writer
def test_a_bracketed_step_heading_key_value_pairs_is_the_records_step(tmp_path):
    """vit_jax through clu's metric writer (absl lines): '[3570] img_sec_core_train=40.18, train_loss=0.033119' is the
    record at step 3570 -- not at the step of the progress line before it ('Step: 3560/10000 35.6%'), and the first
    ([10]) not at the plan's total; the progress line's total is the plan."""
    def absl(src, msg):
        return f"I0103 20:09:51.218508 139972513848384 {src}] {msg}"
    lines = [absl("train.py:171", "Starting training loop; initial compile can take a while...")]
    for s in range(10, 400, 10):
        lines.append(absl("logging_writer.py:35", f"[{s}] img_sec_core_train={100 + s / 7:.6f}, train_loss={1 / s:.6f}"))
        lines.append(absl("train.py:201", f"Step: {s}/10000 {s / 100:.1f}%, img/sec/core: {100 + s / 7:.1f}, ETA: 4.64h"))
        if s % 30 == 0:
            lines.append(absl("logging_writer.py:35", f"[{s + 1}] steps_per_sec=0.{400 + s}"))
        if s % 100 == 0:
            lines.append(absl("logging_writer.py:35", f"[{s}] accuracy_test={0.5 + s / 1000:.6f}, lr=0.007500"))
    lines.append("KeyboardInterrupt")
    rd = _read(tmp_path, lines)
    assert _series(rd, "train_loss")[0] == list(range(10, 400, 10)), _series(rd, "train_loss")
    assert _series(rd, "steps_per_sec")[0] == list(range(31, 400, 30))
    assert _series(rd, "accuracy_test")[0] == [100, 200, 300]
    assert rd.meta.get("max_steps") == 10000, rd.meta
    _assert_chunks_read_as_whole(tmp_path / "train.log", [len("\n".join(lines[:30])), len("\n".join(lines[:77]))])


# ------------------------------------------------------------------------------------------ numbers that name things
def test_a_network_summary_table_is_nothing(tmp_path):
    """Darknet prints its network as a table ('  0 conv 32 3 x 3/ 1 416 x 416 x 3 -> 416 x 416 x 32 0.299 BF',
    'Shortcut Layer: 1, wt = 0, wn = 0, outputs: 208 x 208 x 64', 'route 91 -> 26 x 26 x 256', '[yolo] params:
    iou_norm: 0.75, ..'): a model summary, no series -- a console that then ends in an error crashed before training."""
    lines = [" CUDA-version: 12020 (12020), cuDNN: 8.9.6, GPU count: 1  ", " OpenCV version: 4.5.4",
             "   layer   filters  size/strd(dil)      input                output"]
    for i in range(0, 40, 4):
        lines += [f"  {i:>2} conv     32       3 x 3/ 1    416 x 416 x   3 ->  416 x 416 x  32 0.299 BF",
                  f"  {i + 1:>2} conv     64       3 x 3/ 2    416 x 416 x  32 ->  208 x 208 x  64 1.595 BF",
                  f"  {i + 2:>2} Shortcut Layer: {i},  wt = 0, wn = 0, outputs: 208 x 208 x  64 0.003 BF",
                  f"  {i + 3:>2} route  {i + 1} \t                           ->   26 x  26 x 256 "]
    lines += ["  40 yolo", "[yolo] params: iou loss: mse (2), iou_norm: 0.75, obj_norm: 1.00, cls_norm: 1.00, "
              "delta_norm: 1.00, scale_x_y: 1.00", "  41 upsample                 4x    26 x  26 x 128 ->  104 x 104 x 128",
              "Darknet error location: ./src/parser.c, parse_yolo(), line #458",
              "Error: l.outputs == params.inputs, filters= in the [convolutional]-layer doesn't correspond to classes="]
    rd = _read(tmp_path, lines)
    assert len(rd.frame) == 0 and rd.hparams.get("iou_norm") == 0.75, (_tags(rd), rd.hparams)
    assert [i.kind for i in rd.issues if i.kind == "crash"] == ["crash"], rd.issues


def test_an_http_status_and_a_gpu_name_are_no_series(tmp_path):
    """httpx's 'HTTP Request: HEAD https://.. "HTTP/1.1 404 Not Found"' (a model download) and 'Using GPU: NVIDIA
    GeForce GTX 1660 Ti' hold numbers that name a status and a product, not a training series."""
    lines = ["2026-03-30 22:44:47,048 [INFO] Using GPU: NVIDIA GeForce GTX 1660 Ti"]
    lines += [f'2026-03-30 22:44:52,415 [INFO] HTTP Request: HEAD https://huggingface.co/openai/whisper-small/resolve/'
              f'main/file{i}.json "HTTP/1.1 {404 if i % 2 else 200} {"Not Found" if i % 2 else "OK"}"' for i in range(6)]
    lines += [f"2026-03-30 22:46:{e:02d},000 [INFO] epoch {e} train_loss: {1 / e:.4f}" for e in range(1, 6)]
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"train_loss", "epoch"}, _tags(rd)
    assert _series(rd, "train_loss")[0] == [1, 2, 3, 4, 5]


# ------------------------------------------------------------------------------------------ a tqdm bar with its records
def _unsloth_bar(counts, total=55000, preview_every=20) -> list[str]:
    """A custom loop's tqdm bar with the loss in its postfix, written to a file with \\r (each count drawn twice: the
    bar counts the step, then set_postfix draws the step's loss), and a preview of the model's generations every
    ``preview_every`` steps."""
    lines, renderings = ["Thunder: Training for 55000 total iterations (updates)..."], []
    loss = 11.53
    for n in counts:
        left = (total - n) * 13.6
        t = f"[{n * 13 // 3600}:{n * 13 // 60 % 60:02d}:{n * 13 % 60:02d}<{int(left // 3600)}:{int(left // 60 % 60):02d}:" \
            f"{int(left % 60):02d}, 13.60s/it"
        renderings.append(f"Training:   1%|▏         | {n}/{total} {t}, Loss={loss:.4f}, Denoising={loss - 0.17:.4f}]")
        loss = 11.53 - n / 1000
        renderings.append(f"Training:   1%|▏         | {n}/{total} {t}, Loss={loss:.4f}, Denoising={loss - 0.17:.4f}]")
        if n % preview_every == 0:
            lines.append("\r".join(renderings))
            renderings = []
            lines += [f"--- PREVIEW (Step {n} | t=428) ---", "Target: ### User:",
                      "The operation $\\Diamond$ is defined by $a\\Diamond b=ab^2-b+1$.  What is $(-1)\\Diamond 6$?", "",
                      "### Assistant:", "$$(-1)\\Diamond 6=(-1)6^2-6+1=\\boxed{-41}$$...", "Predict:  lệantu:",
                      "Compute the sum of all key numbers between 1000 and 1100, excluding 3 of them...",
                      "--------------------------------------", ""]
    if renderings:
        lines.append("\r".join(renderings))
    return lines


def test_a_tqdm_bar_drawn_twice_per_count_is_the_step_its_total_the_plan_and_its_remaining_time_the_eta(tmp_path):
    """'Training: 1%| 806/55000 [2:56:51<205:09:29, 13.63s/it, Loss=10.8577, Denoising=10.6877]', each count drawn
    before and after its loss is set: one point per count (the last rendering), on the count; the total is the plan,
    and the time left when the log ends (~205 h) is kept as the ETA at the end. The model's generations printed under
    'Target:' / 'Predict:' in between are text, not records."""
    lines = _unsloth_bar(range(1, 127))
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "Loss")
    assert steps == list(range(1, 127)) and values[-1] == round(11.53 - 0.126, 6), (steps[:5], values[-3:])
    assert _tags(rd) == {"Loss", "Denoising", "t"}, _tags(rd)
    assert rd.meta.get("max_steps") == 55000 and rd.meta.get("global_step") == 126, rd.meta
    assert abs(rd.meta.get("eta_at_end_s", 0) - (55000 - 126) * 13.6) < 2, rd.meta
    run = curvedoc.diagnose(str(tmp_path / "train.log")).runs[0]
    assert "unfinished-schedule" in {f.name for f in run.findings}, [(f.name, f.message) for f in run.findings]


def test_a_finished_tqdm_bar_leaves_no_time(tmp_path):
    """The same bar run to its total ('100/100 [..<00:00, ..]'): no time left, no ETA kept."""
    rd = _read(tmp_path, _unsloth_bar(range(1, 101), total=100, preview_every=1000))
    assert rd.meta.get("max_steps") == 100 and "eta_at_end_s" not in rd.meta, rd.meta


def test_a_sweeps_bar_at_the_end_is_no_training_eta(tmp_path):
    """A hyperparameter sweep's bar over its trials ('60%| 3/5 [13:32<08:25, 252.69s/it, best loss: 0.4393]') after
    the boosting rounds of the trial it ran: its time left is the sweep's, not the training's."""
    lines = [f"[{r}]\tvalid_0's binary_logloss: {0.44 - r / 10000:.6f}" for r in range(50, 101, 50)]
    lines += ["Valid Loss and AUC: 0.439569 0.688533",
              " 60%|██████    | 3/5 [13:32<08:25, 252.69s/it, best loss: 0.439281]"]
    rd = _read(tmp_path, lines)
    assert "eta_at_end_s" not in rd.meta, rd.meta


# ------------------------------------------------------------------------------------------ two stages in one log
def _two_stages(tmp_path) -> list[str]:
    lines = ["TS-CVA Forecasting Training", "Training TS-CVA representations..."]
    for e in range(60):
        loss = 7 / (1 + e / 10)
        lines.append(f"{'[NEW BEST] ' if e % 7 == 0 else ''}Epoch #{e}: train_loss={loss:.6f}, val_loss={loss:.6f}, "
                     f"time=0.16s, remaining={(60 - e) * 0.003:.2f}min")
    lines += ["Loading best model...", "Loaded best model from epoch 56 (val_loss=0.911290)",
              "Saved best model from epoch 56 (val_loss=0.911290)", "", "Training Forecasting Head"]
    lines += [f"Epoch {e}/100: train_loss={0.08 / (e / 10):.6f}, val_loss={0.4 - e / 1000:.6f}" for e in range(10, 101, 10)]
    lines += ["Forecasting training time: 0:00:01", "Finished!"]
    return lines


def test_a_second_stage_with_its_own_plan_is_a_training_of_its_own(tmp_path):
    """Stage 1 prints 'Epoch #0 .. #59' with no plan; stage 2 'Epoch 10/100 .. 100/100': the clock goes back with a
    plan stated -- a training of its own, each read (and judged) apart, the second no restart of the first; 'Loaded best
    model from epoch 56 (val_loss=..)' restates the best epoch, no point."""
    path = tmp_path / "train.log"
    path.write_text("\n".join(_two_stages(tmp_path)) + "\n", encoding="utf-8")
    _assert_same(path)
    runs = _runs(path)
    assert len(runs) == 2, [r.meta.get("segment") for r in runs]
    first, second = runs
    assert _series(first, "train_loss")[0] == list(range(60)) and _series(first, "val_loss")[0] == list(range(60))
    assert first.meta.get("num_epochs") is None, first.meta
    assert _series(second, "train_loss")[0] == list(range(10, 101, 10)) and second.meta.get("num_epochs") == 100
    assert not any(i.kind == "restart" for r in runs for i in r.issues), [i for r in runs for i in r.issues]
    assert not second.meta["segment"]["new_training"]
    assert "Loaded best model from epoch" not in _tags(first)
    assert first.meta.get("summary", {}).get("best val_loss") == 0.91129, first.meta.get("summary")
    rep = curvedoc.diagnose(str(path))
    assert len(rep.runs) == 2 and not any(f.name == "restarted-run" for r in rep.runs for f in r.findings), \
        [(r.run, [f.name for f in r.findings]) for r in rep.runs]


def test_a_relaunch_from_the_start_is_still_a_restart(tmp_path):
    """The same training started again (its clock back to where it began, the same plan) stays a rerun."""
    one = [f"Epoch {e}/30: train_loss={1 / e:.4f}, val_loss={1.1 / e:.4f}" for e in range(1, 8)]
    path = tmp_path / "train.log"
    path.write_text("\n".join(["Namespace(lr=0.01, epochs=30, model='mlp', optimizer='adam', seed=1, batch_size=8)"] + one
                              + ["Namespace(lr=0.01, epochs=30, model='mlp', optimizer='adam', seed=1, batch_size=8)"]
                              + one) + "\n", encoding="utf-8")
    runs = _runs(path)
    assert len(runs) == 2 and runs[1].meta["segment"]["new_training"], [r.meta.get("segment") for r in runs]


# ------------------------------------------------------------------------------------------ rows of bare numbers
def test_rows_of_bare_numbers_are_read_by_place_with_no_role(tmp_path):
    """'print(epoch, loss, acc)' to a file: '0 0.2027 0.8718' per line, no word. The numbers are read column by column
    (named by their place, as a headerless CSV's; one column takes the file's name), the first column -- whole numbers
    counting by one -- is the row's step; nothing says which is the loss, so no role is taken (a warning says how to
    name one) rather than refusing the file as 'no training metrics'."""
    lines = [f"{e} {0.2 / (1 + e / 10)} {0.87 + e / 1000}" for e in range(40)]
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"column_2", "column_3"} and _series(rd, "column_2")[0] == list(range(40)), _tags(rd)
    assert any(i.kind == "no-header" and "--role train_loss=column_2" in i.message for i in rd.issues), rd.issues
    rd = _read(tmp_path, [f"{e} {0.34 / (1 + e / 10):.6f}" for e in range(37)], name="log_train.txt")
    assert _tags(rd) == {"log_train"} and _series(rd, "log_train")[0] == list(range(37))
    # (from a later line on, the counter goes on where it is; a first column that does not count is a value)
    rd = _read(tmp_path, [f"{e} {0.34 / (1 + e / 10):.6f}" for e in range(17, 37)], name="tail.txt")
    assert _series(rd, "tail")[0] == list(range(17, 37))
    rd = _read(tmp_path, [f"{0.5 - e / 100:.3f} {0.8 + e / 100:.3f}" for e in range(10)], name="two.txt")
    assert _tags(rd) == {"column_1", "column_2"} and _series(rd, "column_1")[0] == list(range(10))
    run = curvedoc.diagnose(str(tmp_path / "train.log")).runs[0]
    assert run.points == 80 and not run.roles, (run.points, run.roles)


def test_a_line_of_words_among_the_numbers_is_no_bare_table(tmp_path):
    """One line that is not a row of as many numbers: the file is no bare table (read, or refused, as before)."""
    from curvedoc.errors import UnsupportedFormat
    path = tmp_path / "odd.txt"
    path.write_text("0 0.5 0.7\n1 0.4\nsome words 3\n", encoding="utf-8")
    try:
        rd = read_text_log(path)
    except UnsupportedFormat:
        return
    assert "bare_table" not in rd.meta


def test_a_dict_inside_a_record_leaves_the_records_other_pairs(tmp_path):
    """An SSD-style logger prints 'iter: 000010, lr: 0.01000, total_loss: 1.070 (1.070), .., Dice scores: {'DICE
    class 1': 0.0, ..}, mem: 4671M' and 'Evaluation result: {'DICE class 1': 0.67, ..}, val loss: 0.248': the pairs
    around the dict are the record's too (the step, the loss, the validation loss), not only the dict's."""
    lines = []
    for i in range(10, 410, 10):
        lines.append(f"2021-04-25 12:03:45,217 UNET.trainer INFO: iter: {i:06d}, lr: 0.01000, total_loss: {1 / i:.3f} "
                     f"({1.2 / i:.3f}), time: 0.374 (0.374), eta: 0:00:33, Dice scores: {{'DICE Scores/Train - DICE "
                     f"Score, class 1': {i / 1000}, 'DICE Scores/Train - DICE Score, class 2': 0.0}}, mem: 4671M")
        if i % 100 == 0:
            lines.append(f"2021-04-25 12:05:54,922 UNET.trainer INFO: Evaluation result: {{'DICE Scores/Val - DICE "
                         f"Score, class 1': {i / 900}, 'DICE Scores/Val - DICE Score, class 2': 0.0}}, val loss: {2 / i}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "total_loss")[0] == list(range(10, 410, 10)), _tags(rd)
    assert _series(rd, "DICE Scores/Train - DICE Score, class 1")[0] == list(range(10, 410, 10))
    assert _series(rd, "val loss")[0] == [100, 200, 300, 400], _tags(rd)


# ------------------------------------------ the same training resumed with a longer plan is a relaunch, not a stage
def test_a_training_resumed_from_its_best_epoch_with_a_longer_plan_is_a_relaunch(tmp_path):
    lines = [f"Epoch {e}/100 - train_loss: {2000 - 5 * e:.2f}, val_loss: {1900 - 4 * e:.2f}" for e in range(1, 101)]
    lines.append("loaded best model (Epoch: 98)")
    lines += [f"Epoch {e}/198 - train_loss: {1500 - 2 * e:.2f}, val_loss: {1500 - 1.5 * e:.2f}" for e in range(99, 150)]
    p = tmp_path / "training_log.txt"
    p.write_text("\n".join(lines) + "\n")
    rr = curvedoc.diagnose(str(p)).runs
    assert any(f.name == "restarted-run" for r in rr for f in r.findings), [(r.run, [f.name for f in r.findings]) for r in rr]


def test_a_second_stage_from_its_own_start_is_still_no_relaunch(tmp_path):
    lines = [f"[NEW BEST] Epoch #{e}: train_loss={7 - 0.02 * e:.4f}, val_loss={7 - 0.02 * e:.4f}" for e in range(200)]
    lines += [f"Epoch {e}/100 train_loss: {0.08 - 0.0005 * e:.4f} val_loss: {0.4 - 0.0005 * e:.4f}"
              for e in range(10, 101, 10)]
    p = tmp_path / "log.txt"
    p.write_text("\n".join(lines) + "\n")
    rr = curvedoc.diagnose(str(p)).runs
    assert not any(f.name == "restarted-run" and f.severity != "info" for r in rr for f in r.findings)
    assert not any(i.kind == "restart" for r in rr for i in curvedoc.load(str(p))[-1].issues)
