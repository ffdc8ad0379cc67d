"""Text logs, thirty-fifth round (issue 36): series read but not analysed, by names the roles did not know.

- (textlog35, lock-box 2026-12-19nu23 comet_cnn_killed, stack_lstm_relaunch) a split glued to what it measures --
  'trainloss validloss validacc', a print that drops the separator -- is the two words: 'validacc' is the held-out
  accuracy as 'valid_acc' is (the losses had their role already by the table's patterns).
- (2026-12-11ai cldot_regression) the coefficient of determination written with an underscore, 'test_r_2', is the R²
  as 'test_r2' is; the Pearson correlation abbreviated 'PCC' ('test_pcc') is the Pearson correlation.
- (2026-12-08ac ganilla, 2026-12-10ag melusine, 2026-12-15au cyclegan3d, 2026-12-15av nnfl / revit2real) the
  reconstruction terms of pytorch-CycleGAN-and-pix2pix's loss line, 'cycle_A cycle_B idt_A idt_B', are losses (L1
  distances that fall as the generators learn), as 'cycle_A' was by the table; the adversarial 'D_A', 'G_A' beside them
  stay unanalysed (an adversary's loss hovers by design).
"""

from __future__ import annotations

import curvedoc
from curvedoc.model.metrics import classify, tokens
from curvedoc.model.roles import infer_role


def test_a_split_glued_to_its_measure_is_two_words():
    assert tokens("validacc") == ["valid", "acc"] and tokens("trainloss") == ["train", "loss"]
    assert tokens("val_accuracy") == ["val", "accuracy"] and tokens("testf1") == ["test", "f1"]
    assert infer_role("validacc") == ("val_acc", 0) and infer_role("trainacc") == ("train_acc", 0)
    assert classify("validacc")[:3] == ("accuracy", True, "val")
    # (other words are left whole: no split hides in them)
    assert tokens("evaluation") == ["evaluation"] and tokens("trainer") == ["trainer"] and tokens("devices") == ["devices"]


def test_r_2_and_pcc_are_regression_scores():
    assert classify("test_r_2")[:3] == ("r2", True, "val")
    assert classify("test_pcc")[:3] == ("pearson", True, "val")
    assert tokens("r_2_loss") == ["r", "2", "loss"]  # (only a final 'r_2' is the R²)


def test_cyclegan_reconstruction_terms_are_losses_and_the_adversaries_are_not():
    for t in ("cycle_A", "cycle_B", "idt_A", "idt_B"):
        assert infer_role(t) is not None and infer_role(t)[0] == "train_loss", t
    for t in ("D_A", "G_A", "D_B", "G_B", "cycle", "idt"):
        assert infer_role(t) is None, t


def _cyclegan_log(tmp_path, n=30):
    p = tmp_path / "loss_log.txt"
    lines = ["================ Training Loss (Mon Nov 30 09:00:00 2026) ================"]
    for e in range(1, n + 1):
        f = 1.0 / e
        lines.append(f"(epoch: {e}, iters: 100, time: 0.512, data: 0.003) D_A: {0.25 + 0.01 * (e % 3):.3f} "
                     f"G_A: {0.4 + 0.02 * (e % 2):.3f} cycle_A: {1.5 * f + 0.2:.3f} idt_A: {0.7 * f + 0.1:.3f} "
                     f"D_B: {0.24 + 0.01 * (e % 2):.3f} G_B: {0.35 + 0.02 * (e % 3):.3f} cycle_B: {1.2 * f + 0.3:.3f} "
                     f"idt_B: {0.6 * f + 0.1:.3f}")
    p.write_text("\n".join(lines) + "\n")
    return p


def test_a_cyclegan_log_analyses_its_reconstruction_terms(tmp_path):
    rr = curvedoc.diagnose(str(_cyclegan_log(tmp_path))).runs[0]
    analysed = set(rr.roles.values())
    assert "cycle_A" in rr.roles.get("train_loss", "") and "idt_B" in rr.roles.get("train_loss", ""), rr.roles
    assert not {"D_A", "G_A", "D_B", "G_B"} & analysed, rr.roles


def test_a_chamfer_distance_is_a_loss():
    # (the Chamfer distance between two point sets, a point cloud's or a mesh's reconstruction loss: 'Chamfer',
    # 'O_chamfer' beside 'O_loss')
    assert infer_role("Chamfer")[0] == "train_loss" and infer_role("O_chamfer")[0] == "train_loss"
    assert infer_role("val_chamfer")[0] == "val_loss"


def test_an_error_past_100_is_a_regressions_error_not_a_rate(tmp_path):
    from curvedoc.importers.textlog import read_text_log
    from curvedoc.model.metrics import infer_metrics
    from curvedoc.model.run import Run

    p = tmp_path / "train.log"
    p.write_text("\n".join(f"iteration {i + 1}, training error: {400.0 / (i + 1) + 1.5:.4f}" for i in range(50)) + "\n")
    rd = read_text_log(p)
    run = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    got = {m.tag: m for m in infer_metrics(run)}
    tag = next(t for t in got if "error" in t)
    assert not got[tag].rate and not got[tag].higher_is_better, got
    # (a classification error in percent stays a rate)
    q = tmp_path / "cls.log"
    q.write_text("\n".join(f"iteration {i + 1}, training error: {60.0 / (i + 1):.4f}" for i in range(50)) + "\n")
    rd = read_text_log(q)
    run = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert all(m.rate for m in infer_metrics(run) if "error" in m.tag)
