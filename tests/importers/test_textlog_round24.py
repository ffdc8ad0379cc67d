"""Text logs, round 24 on the seen lock-box batches 2026-12-11aj and 2026-12-11nu15 (issue 36): misreadings found on
their text logs, each checked on small logs written the way such programs write them (several wordings and lengths)."""

from __future__ import annotations

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- a checkpoint named by its file restates a value
@pytest.mark.parametrize("saved", [
    "  saved best.pt (PSNR {v:.4f})",
    "Saving model_best.pth (PSNR={v:.4f})",
    "=> wrote checkpoints/best_psnr.ckpt  PSNR {v:.4f}",
    "best weights stored to out/best.h5 (PSNR: {v:.4f})",  # (read so before: the word 'weights')
    "out/best_model.keras saved (PSNR: {v:.4f})",
])
@pytest.mark.parametrize("evals", [3, 9])
def test_a_checkpoint_named_by_its_file_restates_the_evaluation(tmp_path, saved, evals):
    """A checkpoint is often named by its file alone (``saved best.pt (PSNR 24.54)``, ``model_best.pth``): saved after
    the evaluation it keeps, with that evaluation's value, it is a checkpoint statement like 'Saving best model
    (PSNR ..)' -- an echo of the evaluation, no training series of the best values."""
    lines, psnr = ["training : 5000 iters, batch 64, lr 0.0002"], []
    for k in range(1, evals + 1):
        for s in range(k * 1000 - 900, k * 1000 + 1, 100):
            lines.append(f"  step {s:6d}/5000  loss {0.08 / (1 + s / 1000):.5f}  lr 2.00e-04")
        v = 24.5 + 3 * (1 - 1 / k) - (0.4 * (k - 4) if k > 4 else 0)
        psnr.append(round(v, 4))
        lines.append(f"  VAL step {k * 1000}: PSNR {v:.4f}  SSIM {0.6 + k / 100:.4f}")
        if k <= 4:
            lines.append(saved.format(v=v))
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"loss", "lr", "val/PSNR", "val/SSIM"}
    assert _series(rd, "val/PSNR") == ([k * 1000 for k in range(1, evals + 1)], psnr)


# ------------------------------------------------------------- a JSON object printed over several lines
def _pretty(d: dict, indent: int) -> list[str]:
    import json
    return json.dumps(d, indent=indent, sort_keys=True).split("\n")


@pytest.mark.parametrize("indent", [2, 4])
@pytest.mark.parametrize("epochs", [3, 12])
@pytest.mark.parametrize("valid", [False, True])
def test_a_json_object_printed_over_several_lines_is_one_record(tmp_path, indent, epochs, valid):
    """``print(json.dumps(log, indent=4))`` (robomimic's 'Train Epoch 1' then the epoch's log dict) spreads one dict
    over lines: '{', one '"key": value,' a line, '}'. It is one record, read as the same object on one line: under the
    line that says where it stands and its split ('Train Epoch 3', 'Validation Epoch 3'), that position and split. A
    configuration printed so, nesting objects and lists, is settings, its number of epochs the plan."""
    lines = ["", "============= Config =============", *_pretty(
        {"algo_name": "bc", "experiment": {"name": "run", "validate": valid, "save": {"epochs": [50, 100]}},
         "train": {"num_epochs": epochs, "batch_size": 16, "seq_length": 10}}, indent), ""]
    loss, vloss = [], []
    for e in range(1, epochs + 1):
        v = round(0.33 / e + 0.1, 6)
        loss.append(v)
        lines += [f"Train Epoch {e}", *_pretty({"Loss": v, "L1_Loss": round(v / 2, 6), "Optimizer/policy0_lr": 0.0001,
                                                 "Time_Epoch": 3.8}, indent), "", f"Epoch {e} Memory Usage: 8403 MB"]
        if valid:
            w = round(0.35 / e + 0.12, 6)
            vloss.append(w)
            lines += [f"Validation Epoch {e}", *_pretty({"Loss": w, "L1_Loss": round(w / 2, 6)}, indent)]
        lines.append("")
    lines.append("finished run successfully!")
    rd = _read(tmp_path, lines)
    assert _series(rd, "Loss") == (list(range(1, epochs + 1)), loss)
    assert len(_series(rd, "L1_Loss")[0]) == epochs
    assert {"algo_name", "num_epochs", "batch_size"} <= set(rd.hparams)
    assert rd.meta.get("num_epochs") == epochs
    if valid:
        assert _series(rd, "val/Loss") == (list(range(1, epochs + 1)), vloss)
    assert not {t for t in _tags(rd) if "seq_length" in t or "batch_size" in t or "epochs" in t}


@pytest.mark.parametrize("n", [2, 30])
def test_a_json_object_naming_its_own_position_needs_no_heading(tmp_path, n):
    """A log dict printed with its own clock (``{"step": 100, "loss": ..}`` pretty-printed) is on that clock."""
    lines = []
    for k in range(1, n + 1):
        lines += _pretty({"step": 100 * k, "loss": round(2 / k, 5), "lr": 0.001}, 4)
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == ([100 * k for k in range(1, n + 1)], [round(2 / k, 5) for k in range(1, n + 1)])


# ------------------------------------------------------------- a title naming one run of several
@pytest.mark.parametrize("title", [
    "=== run lr={lr} ===", "*** run {k}: lr={lr}, wd=1e-4 ***", "---------- fold {k} ----------",
    "##### Trial {k} (lr={lr}) #####", "=== seed {seed} | lr {lr} ===",
])
@pytest.mark.parametrize("runs,epochs", [(2, 10), (3, 4)])
def test_a_title_naming_one_run_of_several_starts_it_and_is_no_record(tmp_path, title, runs, epochs):
    """A script that runs several trainings one after another (a sweep, k folds, seeds; or '>> log.txt' twice) prints a
    title framed by rules before each ('=== run lr=0.01 ==='): a launch starts there, the settings it names are that
    run's -- never a one-point series ('run lr') of the titles after the first."""

    lines = []
    for k in range(1, runs + 1):
        lr = [0.003, 0.01, 0.03][k - 1]
        lines.append(title.format(k=k, lr=lr, seed=40 + k))
        for e in range(1, epochs + 1):
            lines.append(f"epoch {e} train loss {1.6 / (e * k):.4f} val loss {1.5 / (e * k):.4f} val acc {0.2 + e / 20:.4f}")
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"epoch", "train loss", "val loss", "val acc"}
    assert len(_series(rd, "train loss")[0]) == runs * epochs
    from curvedoc.importers.textlog import read_text_log
    segs = read_text_log(tmp_path / "train.log", segments=True)
    assert isinstance(segs, list) and len(segs) == runs
    if "lr" in title:  # (each launch keeps the settings its own title named)
        assert [sg.hparams.get("lr") for sg in segs] == [0.003, 0.01, 0.03][:runs]


# ------------------------------------------------------------- the best epoch restated, its name in another spelling
@pytest.mark.parametrize("said", [
    "Best model found at epoch {b} with train_loss={v:.4f}",
    "Saved best model: epoch {b}, train-loss {v:.4f}",  # (read so before: its 'best', the value printed)
    "Best model found at epoch {b} (TRAIN_LOSS: {v:.4f})",
])
@pytest.mark.parametrize("epochs", [5, 20])
def test_the_best_epoch_restated_in_another_spelling_is_no_point(tmp_path, said, epochs):
    """After the last epoch, a sentence naming the best epoch and its value ('Best model found at epoch 19 with
    train_loss=0.1932') restates that epoch's record, whose 'Train Loss' is the same name spelt otherwise: the run's
    best, no one-point series of its own."""
    lines, loss = ["Training started on device=cuda"], []
    for e in range(1, epochs + 1):
        v = round(0.9 / e + (0.01 if e == epochs else 0), 4)
        loss.append(v)
        lines.append(f"2026-05-01 04:25:38 | INFO | Epoch [{e:02d}/{epochs}] LR: 0.001000 | Train Loss: {v:.4f} | "
                     f"Train Acc: {0.5 + e / 50:.4f}")
    b = epochs - 1
    lines.append("2026-05-01 04:37:12 | INFO | " + said.format(b=b, v=loss[b - 1]))
    rd = _read(tmp_path, lines)
    assert {"LR", "Train Loss", "Train Acc"} <= _tags(rd) <= {"epoch", "LR", "Train Loss", "Train Acc"}
    assert _series(rd, "Train Loss")[1] == loss


# ------------------------------------------------------------- a 'total' printed with its weighted terms
@pytest.mark.parametrize("fmt", [
    "2026-03-24 11:15:52,482 | INFO | epoch=0 step={s} lr=0.001 total={t:.6f} det={a:.6f} kd={b:.6f} w_l2=201.642",
    "iter {s}: total {t:.4f} | cls {a:.4f} | reg {b:.4f}",
    "[{s}] Total: {t:.4f}, recon: {a:.4f}, kl: {b:.4f}",
])
@pytest.mark.parametrize("weight", [0.5, 0.1, 2.0])
@pytest.mark.parametrize("n", [8, 64])
def test_a_total_of_weighted_terms_is_the_training_loss(tmp_path, fmt, weight, n):
    """A training record that names no loss but prints a 'total' beside its terms, each weighted as the loss weighs it
    ('total=2.19 det=1.93 kd=0.52': det + 0.5 kd), has the total loss there -- as a total that is their plain sum is
    (test_roles_infer): the run is assessed on it, not left with 'no training signal'. A 'total' that sums nothing
    stays no loss."""
    import math

    from curvedoc.model.run import Run

    lines = []
    for s in range(n):
        a, b = 1.9 - s / 120 + 0.05 * math.sin(s), 0.5 - s / 500 + 0.03 * math.cos(3 * s)
        lines.append(fmt.format(s=s, t=a + weight * b, a=a, b=b))
    rd = _read(tmp_path, lines)
    run = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles.get("train_loss", "").lower() == "total"
    lines = [fmt.format(s=s, t=5000 + 0 * s, a=1.9 - s / 120 + 0.05 * math.sin(s), b=0.5 - s / 500) for s in range(n)]
    rd = _read(tmp_path, lines)
    assert Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams).roles.get("train_loss", "").lower() != "total"


# ------------------------------------------------------------- a hit ratio at k is a quality metric
@pytest.mark.parametrize("fmt", [
    "Epoch {e:4d}/{n}  loss={l:.4f}  time=20.8s  HR@10: {h:.4f}  NDCG@10: {g:.4f}  HR@20: {h2:.4f}",
    "epoch {e} | loss {l:.4f} | Hits@10 {h:.4f} | MRR {g:.4f}",
    "[{e}/{n}] train_loss={l:.4f} hit_rate@10={h:.4f} ndcg@10={g:.4f}",
])
@pytest.mark.parametrize("n", [5, 40])
def test_a_hit_ratio_at_k_is_a_held_out_quality_metric(tmp_path, fmt, n):
    """A recommender's (or a link predictor's) hit ratio at k -- 'HR@10', 'Hits@10', 'hit_rate@10' -- is the share of
    held-out items ranked in the top k: a quality metric of the evaluation, as NDCG@k and MRR printed beside it."""
    from curvedoc.model.run import Run

    lines = [fmt.format(e=e, n=n, l=0.3 / e, h=0.5 + e / (4 * n), g=0.28 + e / (8 * n), h2=0.7 + e / (5 * n))
             for e in range(1, n + 1)]
    rd = _read(tmp_path, lines)
    run = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    hits = [m for m in run.metrics if "h" in m.tag.lower() and "@" in m.tag and m.kind == "hit_ratio"]
    assert hits and all(m.split == "val" and m.higher_is_better for m in hits)


# ------------------------------------------------------------- the test results of several named sets
@pytest.mark.parametrize("lead", ["Test Metrics - {s} metrics", "Test results on {s}", "test {s} scores"])
@pytest.mark.parametrize("sets", [("Combined", "HeadMic", "ArrayMic"), ("CIFAR10C", "SVHN")])
@pytest.mark.parametrize("epochs", [3, 20])
def test_the_test_results_of_several_named_sets_are_each_sets_own(tmp_path, lead, sets, epochs):
    """At the end a script evaluates on several sets and prints each set's dict after the words naming it ('Test Metrics
    - HeadMic metrics: {'accuracy': ..}'): each is that set's result, a point of its own series -- not one 'test/accuracy'
    series going from set to set (read as a metric that regressed)."""
    lines = [f"2026-05-01 04:25:38 | INFO | Epoch [{e:02d}/{epochs}] LR: 0.001000 | Train Loss: {0.9 / e:.4f} | "
             f"Train Acc: {0.5 + e / 50:.4f}" for e in range(1, epochs + 1)]
    accs = {}
    for q, s in enumerate(sets):
        accs[s] = round(0.74 + 0.04 * ((-1) ** q) * q, 4)
        lines.append("2026-05-01 04:37:40 | INFO | " + lead.format(s=s) +
                     f": {{'accuracy': {accs[s]}, 'f1': {accs[s] - 0.1:.4f}, 'roc_auc': 0.77}}")
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    assert not {"test/accuracy", "test/f1"} & tags
    for s in sets:
        assert _series(rd, f"test/{s} accuracy")[1] == [accs[s]]
