"""Formats found in the wild that curvedoc did not read (issues 35/36): each written the way its tool writes it,
plus the real, labelled file of a seen lock-box batch it was found in."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import curvedoc
from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers._base import RunSpec
from curvedoc.importers.csvlog import read_csv_file
from curvedoc.importers.discover import discover
from curvedoc.importers.registry import reader, sniff_file

LOCKBOX = Path(__file__).resolve().parents[2] / "benchmarks" / "lockbox"


def _real(rel: str) -> Path:
    p = LOCKBOX / rel
    if not p.exists():
        pytest.skip(f"lock-box file not found: {p}")
    return p


def _tags(rd) -> dict[str, np.ndarray]:
    f = rd.frame
    return {t: f.loc[f["tag"] == t].sort_values("step")["value"].to_numpy() for t in f["tag"].unique()}


def _steps(rd, tag) -> np.ndarray:
    f = rd.frame
    return np.sort(f.loc[f["tag"] == tag, "step"].to_numpy())


def _read(spec: RunSpec):
    rd = reader(spec.format)(spec)
    assert not isinstance(rd, list), rd
    return rd


def _one_run(path: Path):
    found = discover(path)
    assert len(found.specs) == 1, (found.specs, found.problems)
    return found.specs[0]


# ------------------------------------------------------------------------- Stable-Baselines3 Monitor
def _write_monitor(path: Path, episodes: list[tuple[float, int, float]], env_id="CartPole-v1", t_start=1_700_000_000.5,
                   extra: str = "") -> Path:
    # stable_baselines3/common/monitor.py (ResultsWriter): '#' + json header line, then a csv.DictWriter of r, l, t
    lines = ["#" + json.dumps({"t_start": t_start, "env_id": env_id}), "r,l,t" + extra]
    lines += [f"{r},{n},{t}" + (",1" if extra else "") for r, n, t in episodes]
    path.write_text("\r\n".join(lines[:1]) + "\n" + "\r\n".join(lines[1:]) + "\r\n")
    return path


def test_sb3_monitor_steps_are_the_running_sum_of_episode_lengths(tmp_path):
    p = _write_monitor(tmp_path / "monitor.csv", [(10.0, 10, 0.5), (25.0, 25, 1.25), (200.0, 200, 4.0), (500.0, 500, 9.5)])
    rd = read_csv_file(p)
    assert rd.source == "sb3-monitor"
    tags = _tags(rd)
    assert set(tags) == {"episode_reward", "episode_length"}
    assert tags["episode_reward"].tolist() == [10.0, 25.0, 200.0, 500.0]
    assert _steps(rd, "episode_reward").tolist() == [10, 35, 235, 735]
    wall = rd.frame.loc[rd.frame["tag"] == "episode_reward"].sort_values("step")["wall_time"].to_numpy()
    assert np.allclose(wall, 1_700_000_000.5 + np.array([0.5, 1.25, 4.0, 9.5]))
    assert rd.hparams == {"env_id": "CartPole-v1"}


def test_sb3_monitor_info_keywords_are_kept_and_the_run_is_judged_on_its_return(tmp_path):
    rng = np.random.default_rng(0)
    eps = [(float(min(500, 20 + 2 * i + rng.integers(0, 10))), int(min(500, 20 + 2 * i)), 0.1 * i) for i in range(300)]
    p = _write_monitor(tmp_path / "0.monitor.csv", eps, extra=",is_success")
    rd = read_csv_file(p)
    assert "is_success" in _tags(rd)
    rep = curvedoc.diagnose(str(tmp_path))
    (rr,) = rep.runs
    assert rr.status != "not-assessed" and rr.coverage.signal_tag == "episode_reward", rr.coverage


def test_sb3_monitor_real_cartpole():
    p = _real("2026-12-01p/runs/csv_custom/sb3-monitor-cartpole")
    rep = curvedoc.diagnose(str(p))
    (rr,) = rep.runs
    assert rr.status not in ("not-assessed", "unreadable") and rr.coverage.signal_tag == "episode_reward"
    rd = _read(_one_run(p))
    # 389 episodes, 48,831 steps (the label's figures)
    assert len(_tags(rd)["episode_reward"]) == 389 and _steps(rd, "episode_reward")[-1] == 48_831


def test_a_hash_comment_that_is_not_a_monitor_header_is_not_read_as_one(tmp_path):
    p = tmp_path / "log.csv"
    p.write_text('#{"note": "x"}\nr,l,t\n1,2,3\n')  # no t_start: not SB3's Monitor header
    try:
        rd = read_csv_file(p)
    except (LoadError, UnsupportedFormat):
        return
    assert rd.source != "sb3-monitor"


# ------------------------------------------------------------------------- headerless tables
def test_headerless_two_columns_are_read_unnamed_and_said(tmp_path):
    p = tmp_path / "loss_log.txt"
    rows = [(10.0 / (i + 1), -200.0 + i) for i in range(50)]
    p.write_text("".join(f"{a:.2f},{b:.2f}\n" for a, b in rows))
    spec = _one_run(p)
    assert spec.format == "csv"
    rd = _read(spec)
    tags = _tags(rd)
    assert set(tags) == {"column_1", "column_2"}
    assert len(tags["column_1"]) == 50 and tags["column_1"][0] == 10.0  # the first line is a row, not a header
    (iss,) = [i for i in rd.issues if i.kind == "no-header"]
    assert "--role train_loss=column_1" in iss.message and iss.severity == "warning"
    rep = curvedoc.diagnose(str(p))
    assert rep.runs[0].status == "not-assessed"  # nothing says which column is the loss: not guessed


def test_headerless_single_column_takes_the_file_name(tmp_path):
    p = tmp_path / "train_loss.csv"
    np.savetxt(p, np.linspace(2.3, 0.2, 40), delimiter=",")  # one column: no delimiter written at all
    p.write_text(p.read_text().replace("\n", ",\n"))  # ... so as a writer with a trailing comma does
    rd = _read(_one_run(p))
    assert set(_tags(rd)) == {"train_loss"} and len(_tags(rd)["train_loss"]) == 40


def test_pandas_default_labels_are_no_names(tmp_path):
    p = tmp_path / "metrics.csv"
    p.write_text("0,1\n" + "".join(f"{1 / (i + 1)},{i}\n" for i in range(30)))
    rd = read_csv_file(p)
    tags = _tags(rd)
    assert set(tags) == {"column_1", "column_2"} and len(tags["column_1"]) == 30 and tags["column_1"][0] == 1.0


def test_headerless_real_ddqn_loss_reward():
    p = _real("2026-11-27a/runs/csv_custom/ddqn-headerless-loss-reward")
    rd = _read(_one_run(p))
    tags = _tags(rd)
    assert len(tags["column_1"]) == 8000 and tags["column_1"][0] == 16.84 and tags["column_2"][0] == -210.47
    rep = curvedoc.diagnose(str(p), roles={"train_loss": "column_1"})
    assert rep.runs[0].roles.get("train_loss") == "column_1"


def test_tab_separated_header_of_several_word_names_in_a_txt(tmp_path):
    # a hand-written loop: f.write('\t'.join(names) + '\t\n') then one row per logging step, trailing tab kept
    names = ["total loss", "score loss", "ctc loss"]
    p = tmp_path / "train_log.txt"
    p.write_text("\t".join(names) + "\t\n" + "".join(f"{40 - i * 0.1:.6f}\t{0.2:.6f}\t{9 - i * 0.01:.6f}\t\n"
                                                     for i in range(100)))
    spec = _one_run(p)
    assert spec.format == "csv"
    assert sniff_file(p) == "csv"
    rd = _read(spec)
    assert set(_tags(rd)) == set(names) and len(_tags(rd)["total loss"]) == 100


def test_printed_log_with_word_cells_is_still_a_text_log(tmp_path):
    p = tmp_path / "train_log.txt"
    p.write_text("epoch 1\tloss 0.52\tacc 0.81\nepoch 2\tloss 0.41\tacc 0.85\n")
    assert _one_run(p).format == "text-log"


def test_tsv_of_loss_names_real_pgnet():
    p = _real("2026-11-28f/runs/csv_custom/pgnet-600-rows-tsv-5-losses")
    rd = _read(_one_run(p))
    tags = _tags(rd)
    assert set(tags) == {"total loss", "score loss", "border loss", "direc loss", "ctc loss"}
    assert len(tags["total loss"]) == 600 and tags["total loss"][0] == 46.604204


# ------------------------------------------------------------------------- JSON: bare lists, string-wrapped history
def test_bare_json_list_of_losses_is_one_series_named_by_the_file(tmp_path):
    losses = [2.3 * 0.99 ** i for i in range(200)]
    p = tmp_path / "loss_log.json"
    p.write_text(json.dumps(losses))
    assert sniff_file(p) == "json"
    rd = _read(_one_run(p))
    assert set(_tags(rd)) == {"loss_log"} and np.allclose(_tags(rd)["loss_log"], losses)
    assert _steps(rd, "loss_log").tolist() == list(range(200))
    rep = curvedoc.diagnose(str(p))
    assert rep.runs[0].status != "not-assessed" and rep.runs[0].roles.get("train_loss") == "loss_log"


def test_bare_json_list_keeps_nan_as_a_point(tmp_path):
    p = tmp_path / "losses.json"
    p.write_text("[2.3, 1.9, NaN, NaN]")
    v = _tags(_read(_one_run(p)))["losses"]
    assert len(v) == 4 and np.isnan(v[2:]).all()


def test_json_list_of_number_rows_is_unnamed_columns(tmp_path):
    p = tmp_path / "log.json"
    p.write_text(json.dumps([[1.0 / (i + 1), i * 0.1] for i in range(20)]))
    rd = _read(_one_run(p))
    assert set(_tags(rd)) == {"column_1", "column_2"}
    assert any(i.kind == "no-header" and "--role train_loss=column_1" in i.message for i in rd.issues)


def test_bare_list_real_mlp_digits():
    p = _real("2026-11-28f/runs/csv_custom/mlp-digits-numpy-9380-step-losses-json")
    rd = _read(_one_run(p))
    v = _tags(rd)["loss_log"]
    assert len(v) == 9380 and abs(v[0] - 2.4235922022919008) < 1e-12


def _history(n=8):
    return {"loss": [1.0 / (i + 1) for i in range(n)], "accuracy": [0.5 + 0.04 * i for i in range(n)],
            "val_loss": [1.1 / (i + 1) + 0.01 for i in range(n)], "val_accuracy": [0.5 + 0.035 * i for i in range(n)]}


def test_history_written_as_a_python_repr_string(tmp_path):
    p = tmp_path / "training_history.json"
    with open(p, "w") as fh:
        json.dump(str(_history()), fh)  # the mistake as it is made: the history's str() dumped as JSON
    assert sniff_file(p) == "json"
    rd = _read(_one_run(p))
    assert rd.source == "keras-history"
    assert np.allclose(_tags(rd)["val_loss"], _history()["val_loss"])
    assert any(i.kind == "string-wrapped" and "nothing evaluated" in i.message for i in rd.issues)


def test_history_repr_with_numpy2_scalars_and_nan(tmp_path):
    h = "{'loss': [np.float64(0.9), np.float32(0.5), nan], 'val_loss': [np.float64(1.0), -0.0, inf]}"
    p = tmp_path / "history.json"
    p.write_text(json.dumps(h))
    t = _tags(_read(_one_run(p)))
    assert t["loss"][:2].tolist() == [0.9, 0.5] and np.isnan(t["loss"][2]) and np.isinf(t["val_loss"][2])


def test_history_double_encoded_json(tmp_path):
    p = tmp_path / "history.json"
    p.write_text(json.dumps(json.dumps(_history())))
    assert set(_tags(_read(_one_run(p)))) == set(_history())


@pytest.mark.parametrize("payload, words", [
    ("{'loss': [__import__('os').system('touch PWNED')]}", "not only literal values"),
    ("{'loss': [1, 2], 'x': open('/etc/passwd').read()}", "not only literal values"),
    ("{'loss': " + "[" * 200 + "1" + "]" * 200 + "}", "levels deep"),
    ("{'loss': [1, 2,", "neither JSON nor a Python literal"),
])
def test_python_repr_string_is_never_evaluated(tmp_path, payload, words, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = tmp_path / "history.json"
    p.write_text(json.dumps(payload))
    with pytest.raises(UnsupportedFormat) as err:
        reader("json")(RunSpec(tmp_path, "r", "json", [p]))
    assert words in str(err.value)
    assert not (tmp_path / "PWNED").exists()


def test_python_repr_string_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    from curvedoc.importers import jsonlog

    monkeypatch.setattr(jsonlog, "PY_LITERAL_MAX_CHARS", 100)
    p = tmp_path / "history.json"
    p.write_text(json.dumps(str(_history(40))))
    with pytest.raises(UnsupportedFormat, match="character"):
        reader("json")(RunSpec(tmp_path, "r", "json", [p]))


def test_history_repr_real_keras_11ep():
    p = _real("2026-11-29k/runs/keras_history_json/history-as-python-repr-string-11ep")
    rep = curvedoc.diagnose(str(p))
    (rr,) = rep.runs
    assert rr.roles.get("train_loss") == "loss" and rr.roles.get("val_loss") == "val_loss" and rr.points == 44


# ------------------------------------------------------------------------- YOLOv5 / YOLOv3 results.txt
def _yolo_row(epoch, epochs, mloss, targets, img, results, mem="4.54G"):
    # YOLOv5 train.py (v1-v5): s = ('%10s' * 2 + '%10.4g' * 6) % ('%g/%g' % (epoch, epochs - 1), mem, *mloss,
    # targets.shape[0], imgs.shape[-1]); f.write(s + '%10.4g' * 7 % results + '\n')
    s = ("%10s" * 2 + "%10.4g" * 6) % ("%g/%g" % (epoch, epochs - 1), mem, *mloss, targets, img)
    return s + "%10.4g" * 7 % tuple(results) + "\n"


def _write_yolo(path: Path, epochs=30, done=None, f1=False) -> Path:
    lines = []
    for e in range(done or epochs):
        box, obj, cls = 0.1 / (1 + 0.1 * e), 0.09 - 0.001 * e, 0.02 / (1 + e)
        m50 = min(0.9, 0.02 * (e + 1))
        col11 = min(0.95, 0.03 * (e + 1) + 0.05) if f1 else 0.6 * m50  # F1 (YOLOv3) may exceed mAP@0.5
        lines.append(_yolo_row(e, epochs, (box, obj, cls, box + obj + cls), 30 + e % 7, 640,
                               (0.3, 0.5, m50, col11, 0.09 / (1 + 0.1 * e), 0.05, 0.01)))
    path.write_text("".join(lines))
    return path


def test_yolov5_results_txt_columns_take_yolov5s_own_names(tmp_path):
    p = _write_yolo(tmp_path / "results.txt", epochs=30)
    spec = _one_run(tmp_path)
    assert spec.format == "yolo-txt"
    rd = _read(spec)
    tags = _tags(rd)
    assert {"train/box_loss", "train/obj_loss", "train/cls_loss", "metrics/precision", "metrics/recall",
            "metrics/mAP_0.5", "metrics/mAP_0.5:0.95", "val/box_loss", "val/obj_loss", "val/cls_loss",
            "epoch"} <= set(tags)
    assert "train/total_loss" not in tags  # the sum of the parts: not set against one validation part
    assert _steps(rd, "train/box_loss").tolist() == list(range(30))
    assert abs(tags["train/box_loss"][0] - 0.1) < 1e-9 and rd.meta["num_epochs"] == 30
    assert rd.hparams["img_size"] == 640 and rd.meta["trainer"] == "yolov5"
    assert np.allclose(tags["gpu_mem_gb"], 4.54)


def test_yolov3_results_txt_is_told_by_an_f1_above_map(tmp_path):
    rd = _read(_one_run(_write_yolo(tmp_path / "results.txt", epochs=20, f1=True)))
    tags = _tags(rd)
    assert {"train/giou_loss", "metrics/F1", "val/giou_loss"} <= set(tags) and "metrics/mAP_0.5:0.95" not in tags
    assert rd.meta["trainer"] == "yolov3"


def test_yolo_results_txt_stopped_early_says_its_plan(tmp_path):
    _write_yolo(tmp_path / "results.txt", epochs=100, done=12)
    rep = curvedoc.diagnose(str(tmp_path))
    (rr,) = rep.runs
    assert rr.meta.get("num_epochs") == 100
    assert any(f.name in ("unfinished-schedule", "crashed-run") for f in rr.findings), [f.name for f in rr.findings]


def test_yolo_results_txt_renamed_and_given_alone(tmp_path):
    p = _write_yolo(tmp_path / "exp3_metrics", epochs=5)
    assert sniff_file(p) == "yolo-txt"


def test_a_printed_log_or_table_is_not_a_yolo_results_txt(tmp_path):
    p = tmp_path / "results.txt"
    p.write_text("Epoch 0/99 loss 0.5 acc 0.3\n" * 5)
    assert _one_run(tmp_path).format == "text-log"
    q = tmp_path / "b" / "results.txt"
    q.parent.mkdir()
    q.write_text("0/9 1 2 3\n")  # too few fields
    assert sniff_file(q) != "yolo-txt"


@pytest.mark.parametrize("name, epochs", [("yolov5-results-txt-chess-100ep", 100), ("yolov5-results-txt-mushrooms-30ep", 30)])
def test_yolo_results_txt_real(name, epochs):
    p = _real(f"2026-12-01o/runs/text_log/{name}")
    rd = _read(_one_run(p))
    tags = _tags(rd)
    assert len(tags["train/box_loss"]) == epochs and rd.meta["num_epochs"] == epochs and rd.meta["trainer"] == "yolov5"
    rep = curvedoc.diagnose(str(p))
    (rr,) = rep.runs
    assert rr.status == "healthy" and "val_loss" in rr.roles and "train_loss" in rr.roles


# ------------------------------------------------------------------------- found by the lock-box sweep (item 5)
def _trainer_state(n=20) -> dict:
    rows = [{"epoch": i / n, "step": i, "loss": 2.0 / (1 + 0.1 * i), "learning_rate": 1e-4, "grad_norm": 0.5}
            for i in range(1, n + 1)]
    # TrainerState.save_to_json: json.dumps(asdict(self), indent=2, sort_keys=True)
    return {"best_metric": None, "epoch": 1.0, "global_step": n, "is_world_process_zero": True,
            "log_history": rows, "max_steps": n, "trial_name": None}


def test_trainer_state_saved_under_another_name_is_read_as_one(tmp_path):
    p = tmp_path / "training_logs.json"
    p.write_text(json.dumps(_trainer_state(), indent=2, sort_keys=True))
    spec = _one_run(tmp_path)
    assert spec.format == "hf-trainer-state"
    assert sniff_file(p) == "hf-trainer-state"
    assert len(_tags(_read(spec))["loss"]) == 20


def test_a_json_log_mentioning_log_history_only_is_not_a_trainer_state(tmp_path):
    p = tmp_path / "metrics.json"
    p.write_text(json.dumps({"log_history": "see wandb", "loss": [1.0, 0.5, 0.25]}))
    assert _one_run(tmp_path).format == "json"


def test_real_trainer_state_named_training_logs():
    p = _real("2026-11-28e/runs/hf_trainer_state/grpo-llama3b-reward-flat-250-steps")
    rd = _read(_one_run(p))
    assert rd.meta.get("max_steps") == 250 or rd.frame["step"].max() == 250


def test_history_dump_cut_short_keeps_its_complete_lists_and_says_damaged(tmp_path):
    h = _history(10)
    p = tmp_path / "model_history.json"
    full = json.dumps(h)
    p.write_text(full[: full.index('"val_loss"') + 15])  # cut inside val_loss's list
    rd = _read(_one_run(tmp_path))
    tags = _tags(rd)
    assert set(tags) == {"loss", "accuracy"} and np.allclose(tags["loss"], h["loss"])
    (iss,) = [i for i in rd.issues if i.kind == "truncated"]
    assert "'loss'" in iss.message and "cut short" in iss.message
    rep = curvedoc.diagnose(str(p))
    assert any(f.name == "damaged-log" for f in rep.runs[0].findings)


def test_real_truncated_history_food11():
    p = _real("2026-11-28d/runs/keras_history_json/food11-history-truncated-json")
    rep = curvedoc.diagnose(str(p))
    (rr,) = rep.runs
    assert rr.points == 10 and any(f.name == "damaged-log" for f in rr.findings)


def test_headerless_and_monitor_csvs_are_followed_whole(tmp_path):
    # `curvedoc watch` puts a CSV's header line in front of each appended piece: these files have none to put
    from curvedoc.importers.registry import WHOLE_FILE, follow

    a = tmp_path / "loss_log.csv"
    a.write_text("16.84,-210.47\n10.07,-158.77\n")
    b = _write_monitor(tmp_path / "monitor.csv", [(10.0, 10, 0.5)])
    c = tmp_path / "log.csv"
    c.write_text("step,loss\n0,1.0\n")
    assert follow("csv", a) is WHOLE_FILE and follow("csv", b) is WHOLE_FILE
    assert follow("csv", c).header
