"""Text logs, round 15 on the lock-box batch 2026-12-07aa (issue 36): misreadings found on its 17 text logs, each
checked on small logs written the way such programs print them (several wordings, lengths and encodings), read
with and without plans (the two readings must be equal). (The file is named apart from the round-15 tests of the
batches 2026-12-06z/nu10, tests/importers/test_textlog_round15.py, so that both branches merge.)"""

from __future__ import annotations

import pytest
from test_textlog_readings import _assert_same, _read, _series, _tags

from curvedoc.importers.textlog import read_text_log


# ------------------------------------------------------------------------------- a banner names its block's split
def _banner_log(train_banner: str | None, eval_banner: str, epochs: int, rule: str) -> list[str]:
    """A script that prints a banner over each phase ('===== training epoch 3 =====', '===== validate epoch 3
    ====='), then the same record under both ('Epoch 2 | avg_loss = 0.41'): only the banner says which is which."""
    lines = []
    for e in range(1, epochs + 1):
        lines.append(f"2022-04-23 10:{e:02d}:40")
        if train_banner is not None:
            lines.append(f"{rule}{train_banner.format(e=e)}{rule}")
        lines.append(f"Epoch {e - 1} | avg_loss = {1 / e:.4f}")
        lines.append(f"Training consumes {2 + e / 10:.2f} second")
        lines.append("")
        lines.append(f"{rule}{eval_banner.format(e=e)}{rule}")
        lines.append(f"Epoch {e - 1} | avg_loss = {1.5 / e:.4f}")
        lines.append("")
    return lines


@pytest.mark.parametrize("train_banner, eval_banner, epochs, rule", [
    ("training epoch {e}", "validate epoch {e}", 6, "=" * 22),
    ("Training Epoch {e}", "Validation Epoch {e}", 11, "=" * 10),
    (" Epoch {e} train ", " Epoch {e} evaluation ", 4, "-" * 8),
    (" TRAINING ", " TESTING ", 7, "*" * 5),
    (None, " Validation ", 9, "=" * 6),  # (no banner over training: the next epoch's record is training's)
])
def test_the_banner_over_a_block_names_the_split_of_its_records(tmp_path, train_banner, eval_banner, epochs, rule):
    rd = _read(tmp_path, _banner_log(train_banner, eval_banner, epochs, rule))
    steps = list(range(epochs))
    assert _series(rd, "avg_loss") == (steps, [round(1 / e, 4) for e in range(1, epochs + 1)])
    # (a banner naming a test, ' TESTING ', holds its block out as test/: a test is not the validation -- round 16)
    held = "test" if "TEST" in eval_banner.upper() else "val"
    assert _series(rd, f"{held}/avg_loss") == (steps, [round(1.5 / e, 4) for e in range(1, epochs + 1)])
    assert not any("validate" in t or "evaluation" in t.lower() for t in _tags(rd))
    assert not [i for i in rd.issues if i.kind == "restart"]


# ------------------------------------------------------------------------- a log in a legacy encoding is read in it
def _chinese_log(wording: str, n: int) -> list[str]:
    """A fine-tune printing in Chinese, full-width colons (an input method's '：') between its keys and values."""
    lines = ["模型训练开始，起始时间：2024-07-13 06:23:43.091239"]
    for i in range(1, n + 1):
        e, b = divmod(i - 1, 20)
        loss, acc = 10 / (1 + i / 10), 0.2 + i / (2 * n)
        if wording == "current":
            lines.append(f"当前Batch：{(b + 1) * 10}/200 | 当前epoch:{e}/5 | 当前损失值：{loss:.4f} | 当前准确率：{100 * acc:.2f}%")
        elif wording == "epoch-step":
            lines.append(f"Epoch：{e}，step：{i}，训练损失：{loss:.4f}，训练准确率：{acc:.4f}")
        else:
            lines.append(f"Epoch: [{e}][{b}/20]  损失值 {loss:.4f}  正确率 {acc:.4f}")
        if b == 19:
            lines.append("最佳模型保存成功！")
    return lines


@pytest.mark.parametrize("encoding", ["gbk", "gb18030", "utf-8"])
@pytest.mark.parametrize("wording, n", [("current", 73), ("epoch-step", 40), ("brackets", 55)])
def test_a_chinese_log_in_gbk_is_read_as_its_text_its_full_width_colons_separators(tmp_path, encoding, wording, n):
    from curvedoc.model.run import Run

    p = tmp_path / "train_log.txt"
    p.write_bytes(("\n".join(_chinese_log(wording, n)) + "\n").encode(encoding))
    _assert_same(p)
    rd = read_text_log(p)
    loss = {"current": "当前损失值", "epoch-step": "训练损失", "brackets": "损失值"}[wording]
    acc = {"current": "当前准确率", "epoch-step": "训练准确率", "brackets": "正确率"}[wording]
    steps, values = _series(rd, loss)
    assert values == [round(10 / (1 + i / 10), 4) for i in range(1, n + 1)]
    assert len(set(steps)) == n and steps == sorted(steps)  # (each on its own step: batch counted inside the epoch)
    assert len(_series(rd, acc)[1]) == n
    assert _tags(rd) <= {loss, acc, "epoch"}
    notes = [i for i in rd.issues if i.kind == "encoding"]
    assert len(notes) == (encoding != "utf-8") and all("GB18030" in i.message for i in notes)
    run = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles.get("train_loss") == loss and run.roles.get("train_acc") == acc


@pytest.mark.parametrize("encoding, expect", [("cp1252", "Windows-1252"), ("latin-1", "Latin-1")])
def test_a_western_log_not_in_utf8_is_read_in_its_legacy_encoding(tmp_path, encoding, expect):
    """A log written on a Western Windows console (cp1252, or Latin-1 bytes cp1252 leaves undefined): its accented
    keys are words, not U+FFFD."""
    lines = ["Entraînement démarré -- paramètres: lr=0.01"]
    for e in range(1, 16):
        extra = " | \x8d" if encoding == "latin-1" and e == 3 else ""  # (a byte cp1252 does not define)
        lines.append(f"Époque {e} | itération {e * 100} | perte: {1 / e:.4f} | précision: {0.5 + e / 40:.4f} | "
                     f"durée: {2 + e / 10:.2f}s{extra}")
    p = tmp_path / "train.log"
    p.write_bytes(("\n".join(lines) + "\n").encode(encoding))
    _assert_same(p)
    rd = read_text_log(p)
    assert _series(rd, "précision")[1] == [round(0.5 + e / 40, 4) for e in range(1, 16)]
    assert not any("\ufffd" in t for t in _tags(rd))
    assert [i.message for i in rd.issues if i.kind == "encoding"] == \
        [f"not UTF-8: read as {expect} (its bytes are that encoding's text)"]


def test_a_utf8_log_with_a_few_damaged_bytes_stays_utf8(tmp_path):
    """Three bytes damaged in a UTF-8 log that draws tqdm bars (█, valid multi-byte characters): still UTF-8."""
    lines = [f"epoch {e} |{'█' * e}{' ' * (10 - e)}| loss: {1 / e:.4f}" for e in range(1, 11)]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    data = data[:40] + b"\xff" + data[40:80] + b"\xc3\x28" + data[80:]
    p = tmp_path / "train.log"
    p.write_bytes(data)
    rd = read_text_log(p)
    assert not [i for i in rd.issues if i.kind == "encoding"]
    assert len(_series(rd, "loss")[1]) >= 9  # (the line whose number was damaged may be lost)


# ---------------------------------------------------- records printed without their newline, one line holding many
def _glued_log(head: str, sep: str, epochs: int, saves: set[int]) -> str:
    """A script that prints each epoch's record with print(.., end=' ') and adds ' >>> save models!' and the newline
    only when the model improved: the records of the epochs in between are glued on one line."""
    out = ["some config:", "epoch = %d" % epochs, "lr = 1.0", "-" * 38, "start to train the model ..."]
    line = ""
    for e in range(1, epochs + 1):
        pos = head.format(e=e, n=epochs)
        line += f"{pos} train_loss{sep}{1 / e:.3f} | dev_loss{sep}{0.5 + e / 100:.3f} | micro f1 on dev{sep}{0.6 + e / 500:.4f}"
        if e in saves:
            out.append(line + " >>> save models!")
            line = ""
        else:
            line += " "
    out.append(line + "-" * 38)
    out.append("start test ...")
    out.append(f"test_loss{sep}0.809 | micro f1 on test{sep} 0.8365")
    return "\r\n".join(out) + "\r\n"


@pytest.mark.parametrize("head, sep, epochs, saves, encoding", [
    ("[{e:03d}]", ": ", 50, {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 14, 17}, "utf-16"),
    ("[{e:03d}]", ": ", 30, {2, 9, 10, 11}, "utf-8"),
    ("[{e}/{n}]", "=", 24, {1, 5}, "utf-16"),
    ("[ {e}]", ": ", 12, set(range(1, 13, 2)), "utf-8"),
])
def test_records_glued_on_one_line_are_one_record_each(tmp_path, head, sep, epochs, saves, encoding):
    p = tmp_path / "train.log"
    p.write_bytes(_glued_log(head, sep, epochs, saves).encode(encoding))
    _assert_same(p)
    rd = read_text_log(p)
    es = list(range(1, epochs + 1))
    assert _series(rd, "train_loss") == (es, [round(1 / e, 3) for e in es])
    assert _series(rd, "dev_loss") == (es, [round(0.5 + e / 100, 3) for e in es])
    assert _series(rd, "micro f1 on dev")[0] == es
    assert not any("#" in t for t in _tags(rd))


@pytest.mark.parametrize("sep", [": ", ":", "="])
def test_a_position_in_brackets_heading_a_record_is_its_step(tmp_path, sep):
    """'[005] train_loss: ..' every fifth epoch: the bracketed count is the record's position, not its ordinal."""
    lines = ["start to train the model ..."]
    lines += [f"[{e:03d}] train_loss{sep}{1 / e:.3f} | dev_loss{sep}{0.5 + e / 100:.3f}" for e in range(5, 101, 5)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "train_loss")[0] == list(range(5, 101, 5))
    assert _series(rd, "dev_loss")[0] == list(range(5, 101, 5))


# ------------------------------------------------------------ a header of tab-separated names, a name with spaces
def _logger_file(cols: list[str], epochs: int, trailing_tab: bool, arguments: bool) -> list[str]:
    """pytorch-classification's Logger: an '==>Arguments:' block of key:value lines, '==>Training log:', then its
    tab-separated table: a header of names (spaces inside a name) and one row of numbers per epoch."""
    end = "\t" if trailing_tab else ""
    lines = []
    if arguments:
        lines += ["==>Arguments:", "arch:deep", "checkpoint:./checkpoints/", f"epochs:{epochs}", "gamma:0.1",
                  "lr:0.01", "momentum:0.9", "schedule:[70]", "train_batchsize:64", "==>Training log:"]
    lines.append("\t".join(cols) + end)
    for e in range(1, epochs + 1):
        lines.append("\t".join(f"{(k + 1) * 1.0 / e + k:.6f}" for k in range(len(cols))) + end)
    return lines


@pytest.mark.parametrize("cols, epochs, trailing_tab, arguments", [
    (["Learning Rate", "Train Loss", "Valid Loss", "Train Acc", "Valid Acc"], 100, True, True),
    (["Learning Rate", "Train Loss", "Valid Loss", "Train Acc.", "Valid Acc."], 31, False, True),
    (["Train Loss", "Valid Loss", "Valid Acc"], 12, True, False),
    (["Train Loss", "Test Loss", "Test Top-1 Acc", "Test Top-5 Acc"], 45, False, False),
])
def test_a_header_of_tab_separated_names_maps_its_columns_one_to_one(tmp_path, cols, epochs, trailing_tab, arguments):
    rd = _read(tmp_path, _logger_file(cols, epochs, trailing_tab, arguments))
    es = list(range(1, epochs + 1))
    for k, col in enumerate(cols):
        tag = col if col.split()[0] in ("Train", "Valid", "Test") else "train/" + col
        assert _series(rd, tag) == (es, [round((k + 1) * 1.0 / e + k, 6) for e in es]), tag
    assert len(_tags(rd)) == len(cols)
    if arguments:
        assert rd.hparams["lr"] == 0.01 and rd.hparams["epochs"] == epochs and rd.hparams["arch"] == "deep"


def test_a_sentence_with_tabs_is_no_header(tmp_path):
    """Words between tabs that name no loss or accuracy ('Name\tValue' of a settings dump) are no table."""
    lines = ["Setting Name\tSetting Value", "batch size\t64", "epochs\t3"]
    lines += [f"epoch {e} loss: {1 / e:.4f}" for e in range(1, 4)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[1] == [1.0, 0.5, 0.3333]


# ---------------------------------------------------- a saved model found, and training going on from it: a resume
@pytest.mark.parametrize("statement", [
    "Model found at path output_networks/celeba/celeba_s0_i{it}.pdparams, pursuing the training",
    "Checkpoint loaded from ./ckpt/last_{it}.pt, continuing training",
    "weights restored (iteration {it}); resuming training",
    "Found model checkpoint model_{it}.pth -- loaded. Carrying on training",
])
def test_a_saved_model_found_and_training_going_on_from_it_is_a_resume(tmp_path, statement):
    lines = ["Running GAN", "size 10", "202599 images found"]
    lines += [f"[0 : {i:6d}] loss G : {1 + i / 1e4:.3f} loss D : {0.5 + i / 1e5:.3f}" for i in range(100, 1601, 100)]
    lines += ["", "Running GAN", "size 10", statement.format(it=1600)]
    lines += [f"[0 : {i:6d}] loss G : {2 + i / 1e4:.3f} loss D : {0.4 + i / 1e5:.3f}" for i in range(1700, 2501, 100)]
    rd = _read(tmp_path, lines)
    assert [i.kind for i in rd.issues if i.kind == "resumed"] == ["resumed"]
    assert len(_series(rd, "loss G")[1]) == 25


@pytest.mark.parametrize("statement", [
    "Model found at path output_networks/celeba/celeba_s0_i{it}.pdparams",  # (found: nothing said about training)
    "Now continue training",  # (training goes on after an evaluation: no saved state named)
    "Saved checkpoint {it}, continuing training",  # (saved, not found or loaded)
])
def test_a_model_found_or_training_going_on_alone_is_no_resume(tmp_path, statement):
    lines = [f"[0 : {i:6d}] loss G : {1 + i / 1e4:.3f} loss D : {0.5 + i / 1e5:.3f}" for i in range(100, 1601, 100)]
    lines += [statement.format(it=1600)]
    lines += [f"[0 : {i:6d}] loss G : {2 + i / 1e4:.3f} loss D : {0.4 + i / 1e5:.3f}" for i in range(1700, 2501, 100)]
    rd = _read(tmp_path, lines)
    assert not [i for i in rd.issues if i.kind == "resumed"]


# ------------------------------------------------------------ where a checkpoint was written is no series
@pytest.mark.parametrize("statement", [
    'Saved validation checkpoint at step {s} to "output/checkpoints/step-{s}"',
    "Saving model checkpoint at step {s}",
    "checkpoint saved at iteration {s}",
    "Model weights written at epoch {e}",
])
def test_a_checkpoint_saved_at_a_position_is_no_series(tmp_path, statement):
    lines = ["Training [                    ] 0.0% 0/4000"]
    for k, s in enumerate(range(500, 4001, 500), 1):
        lines.append(f"Training [{'=' * (s // 200):<20}] {s / 40:.1f}% {s}/4000 | 4.62 it/s | loss={4 - s / 2000:.6f} | "
                     f"validation_loss={4.1 - s / 2100:.6f}")
        lines.append(statement.format(s=s, e=k))
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"loss", "validation_loss"}
    assert _series(rd, "loss")[0] == list(range(500, 4001, 500))


@pytest.mark.parametrize("every", [1, 3, 7])
def test_a_log_whose_lines_are_utf8_or_gbk_is_decoded_line_by_line(tmp_path, every):
    """A logging handler writing the console's code page (GBK) beside lines printed in UTF-8: each line in its own
    encoding, and an ``encoding`` note; a U+FFFD written in UTF-8 (EF BF BD) is a character, no decoding error."""
    from curvedoc.model.run import Run

    out = []
    for e in range(1, 31):
        line = f"2025-03-22 14:37:{e:02d} - INFO - 轮次 {e}/30 - 训练损失: {2000 / e:.4f}, 验证损失: {2100 / e:.4f}, 学习率: 0.0002"
        out.append(line.encode("gbk" if e % every == 0 else "utf-8"))
        if e == 2:
            out.append("系统信息 � CPU核心数: 14".encode("utf-8"))
    p = tmp_path / "training_log.txt"
    p.write_bytes(b"\n".join(out) + b"\n")
    _assert_same(p)
    rd = read_text_log(p)
    assert _series(rd, "训练损失")[1] == [round(2000 / e, 4) for e in range(1, 31)]
    assert len(_series(rd, "验证损失")[1]) == 30
    notes = [i.message for i in rd.issues if i.kind == "encoding"]
    assert notes == ["not UTF-8: read as UTF-8 or GB18030 (GBK), line by line (its bytes are that encoding's text)"]
    roles = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams).roles
    assert (roles.get("train_loss"), roles.get("val_loss"), roles.get("lr")) == ("训练损失", "val/验证损失", "学习率") \
        or (roles.get("train_loss"), roles.get("val_loss"), roles.get("lr")) == ("训练损失", "验证损失", "学习率")


def test_a_gbk_log_watched_as_it_grows_reads_as_the_whole_file(tmp_path):
    """``watch`` feeds the pieces appended since its last look: each piece is decoded as the file is, and the
    encoding is said once."""
    import random

    from curvedoc.importers.textlog import GrowingTextLog

    p = tmp_path / "train_log.txt"
    p.write_bytes(("\n".join(_chinese_log("current", 300)) + "\n").encode("gbk"))
    data = p.read_bytes()
    whole = read_text_log(p)
    for seed in range(3):
        cuts = sorted(random.Random(seed).sample(range(len(data)), 12)) + [len(data)]
        g, prev = GrowingTextLog(p), 0
        for c in cuts:
            g.feed(data[prev:c])
            prev = c
        got = g.reading()
        assert got.frame.reset_index(drop=True).equals(whole.frame.reset_index(drop=True))
        assert [i.kind for i in got.issues].count("encoding") == 1


# ------------------------------------------------ counters glued to a one- or two-letter name at a record's head
@pytest.mark.parametrize("style", [("e{e} s{s} ", "epoch {e} step {s} "), ("ep{e} it{s} ", "epoch {e} step {s} "),
                                   ("E{e} S{s} ", "epoch {e} step {s} ")])
@pytest.mark.parametrize("sep", [": ", "="])
def test_glued_epoch_and_step_counters_read_as_written_out(style, sep, tmp_path):
    from curvedoc import load

    glued, spelled = style
    a, b = [], []
    st = 0
    for e in range(1, 7):
        for _ in range(3):
            st += 20
            line = f"loss{sep}{3.2 - 0.01 * st / 20:.4f}"
            a.append(glued.format(e=e, s=st) + line)
            b.append(spelled.format(e=e, s=st) + line)
        a.append(f"e{e} EVAL loss{sep}{3.1 - 0.02 * e:.4f}" if style[0].startswith("e") else
                 f"ep{e} EVAL loss{sep}{3.1 - 0.02 * e:.4f}" if style[0].startswith("ep") else f"E{e} EVAL loss{sep}{3.1 - 0.02 * e:.4f}")
        b.append(f"epoch {e} EVAL loss{sep}{3.1 - 0.02 * e:.4f}")
    (tmp_path / "a.log").write_text("\n".join(a) + "\n")
    (tmp_path / "b.log").write_text("\n".join(b) + "\n")
    ra, rb = load(tmp_path / "a.log")[0], load(tmp_path / "b.log")[0]
    assert sorted(ra.tags) == sorted(rb.tags)
    for t in rb.tags:
        assert ra.series(t).equals(rb.series(t)), t
    assert len(rb.series("loss")) == 18


def test_a_word_that_only_starts_like_a_glued_counter_is_left_alone(tmp_path):
    from curvedoc import load

    (tmp_path / "c.log").write_text("".join(f"e2e loss: {1.0 - 0.05 * i:.3f}\n" for i in range(10)))
    r = load(tmp_path / "c.log")[0]
    assert "epoch" not in r.tags
