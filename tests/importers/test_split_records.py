"""Logs whose records name their split -- JSON lines with a "type", a CSV with a "split" column -- (issue 35:
trainings a new user wrote): each split keeps its own series."""

from __future__ import annotations


def test_json_lines_whose_records_name_their_split_keep_train_and_eval_apart(tmp_path):
    """print(json.dumps({"type": "train", "step": s, "loss": ..})) every few steps and {"type": "eval", "step": s,
    "epoch": e, "loss": .., "accuracy": ..} per epoch: both kinds log a 'loss', so the keys they hold cannot tell
    them apart -- the record's own 'type' does. The evaluation loss is no point of the training loss (no 'repeated
    step' with another value), and its accuracy is a held-out one."""
    import json

    from curvedoc.importers import load

    lines = []
    for s in range(4, 401, 4):
        lines.append(json.dumps({"type": "train", "step": s, "loss": 2.0 / (1 + s / 100)}))
        if s % 100 == 0:
            lines.append(json.dumps({"type": "eval", "step": s, "epoch": s // 100, "loss": 2.2 / (1 + s / 100),
                                     "accuracy": 0.5 + s / 1000}))
    path = tmp_path / "events.jsonl"
    path.write_text("\n".join(lines) + "\n")
    run = load(path)[0]
    assert len(run.series(run.roles["train_loss"])) == 100
    assert run.roles.get("val_loss") and run.roles.get("val_acc"), run.roles
    assert not [i for i in run.issues if i.kind in ("duplicate-steps", "restart")], run.issues


def test_a_csv_whose_rows_name_their_split_keeps_train_and_val_apart(tmp_path):
    """pd.DataFrame(history).to_csv with one row per (epoch, split): 'epoch,split,loss,acc' with a train row and a val
    row each epoch. Read as one table, the epoch 'started again' at every val row (segments) and the two losses
    mixed; the split column says which rows are held out."""
    from curvedoc.importers import load

    rows = ["epoch,split,loss,acc"]
    for e in range(1, 21):
        rows += [f"{e},train,{2 / e:.4f},{1 - 1 / (e + 1):.4f}", f"{e},val,{2.2 / e:.4f},{1 - 1.2 / (e + 1):.4f}"]
    path = tmp_path / "log.csv"
    path.write_text("\n".join(rows) + "\n")
    runs = load(path)
    assert len(runs) == 1
    run = runs[0]
    assert run.roles.get("train_loss") == "loss" and run.roles.get("val_loss") == "val/loss", run.roles
    assert len(run.series("loss")) == 20 and list(run.series("val/loss").index) == list(range(1, 21))
    assert not [i for i in run.issues if i.kind in ("segments", "restart")], run.issues


def test_a_text_column_that_is_not_a_split_changes_nothing(tmp_path):
    from curvedoc.importers import load

    rows = ["epoch,note,loss"] + [f"{e},{'warm' if e < 3 else 'main'},{2 / e:.4f}" for e in range(1, 11)]
    path = tmp_path / "log.csv"
    path.write_text("\n".join(rows) + "\n")
    run = load(path)[0]
    assert not [c for c in run.tags if c.startswith("val/")] and not [i for i in run.issues if i.kind == "record-kinds"]
