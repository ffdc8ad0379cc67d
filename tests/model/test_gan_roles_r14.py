"""An image-to-image GAN's log (pytorch-CycleGAN-and-pix2pix's console and loss_log.txt, the form most CycleGAN and
pix2pix trainings print) is analysed on its reconstruction term: the cycle-consistency loss of CycleGAN, the L1 term of
pix2pix -- the terms that fall as the generator learns, where the adversarial ones hover by design. Such a log was
'not assessed' (no training loss), so a run killed mid-epoch or stopped at 12 of 200 epochs was never told."""

from __future__ import annotations

import math

import numpy as np
import pytest

import curvedoc
from curvedoc.importers import load


def _cyclegan_log(path, epochs, planned, iters_per_epoch=400, every=100, pix2pix=False, cut_inside=False, seed=0):
    rng = np.random.default_rng(seed)
    lines = ["----------------- Options ---------------", f"                  n_epochs: {planned // 2}",
             f"            n_epochs_decay: {planned - planned // 2}", "               lambda_L1: 100.0",
             "----------------- End -------------------", "learning rate 0.0002000 -> 0.0002000"]
    t = 0
    for e in range(1, epochs + 1):
        last = iters_per_epoch if not (cut_inside and e == epochs) else iters_per_epoch // 2
        for it in range(every, last + 1, every):
            t += 1
            rec = 3.0 * math.exp(-t / 40) + 0.6
            if pix2pix:
                parts = (f"G_GAN: {0.7 + 0.1 * rng.standard_normal():.3f} G_L1: {rec * 10 * math.exp(0.05 * rng.standard_normal()):.3f} "
                         f"D_real: {0.6 + 0.1 * rng.random():.3f} D_fake: {0.6 + 0.1 * rng.random():.3f} ")
            else:
                parts = (f"D_A: {0.25 + 0.05 * rng.random():.3f} G_A: {0.5 + 0.1 * rng.random():.3f} "
                         f"cycle_A: {rec * math.exp(0.05 * rng.standard_normal()):.3f} idt_A: {rec / 2:.3f} "
                         f"D_B: {0.25 + 0.05 * rng.random():.3f} G_B: {0.5 + 0.1 * rng.random():.3f} "
                         f"cycle_B: {rec * math.exp(0.05 * rng.standard_normal()):.3f} idt_B: {rec / 2:.3f} ")
            lines.append(f"(epoch: {e}, iters: {it}, time: 0.215, data: 0.004) {parts}")
        if not (cut_inside and e == epochs):
            lines.append(f"saving the model at the end of epoch {e}, iters {e * iters_per_epoch}")
            lines.append(f"End of epoch {e} / {planned} \t Time Taken: 95 sec")
            lines.append("learning rate 0.0002000 -> 0.0002000")
    path.mkdir()
    (path / "train.log").write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("pix2pix", [False, True])
@pytest.mark.parametrize("epochs", [3, 20])
def test_the_reconstruction_term_of_an_image_to_image_gan_is_its_training_loss(pix2pix, epochs, tmp_path):
    d = _cyclegan_log(tmp_path / f"gan-{pix2pix}-{epochs}", epochs, 200, pix2pix=pix2pix, seed=epochs)
    run = load(d)[0]
    tl = run.roles.get("train_loss") or ""
    if pix2pix:
        assert tl == "G_L1", run.roles
    else:
        # the cycle-consistency term, or the sum of the reconstruction terms (cycle and identity, both directions:
        # the generator's non-adversarial objective, read as parts of one loss since they are all named losses) --
        # never an adversarial term
        assert tl == "cycle_A" or (tl.startswith("train loss = sum of") and "cycle_A" in tl and "G_A" not in tl
                                   and "D_A" not in tl), run.roles
    rr = curvedoc.diagnose(str(d)).runs[0]
    assert rr.status != "not-assessed", rr.coverage


@pytest.mark.parametrize("pix2pix", [False, True])
def test_an_image_to_image_gan_killed_inside_an_epoch_is_told(pix2pix, tmp_path):
    d = _cyclegan_log(tmp_path / f"cut-{pix2pix}", 4, 200, pix2pix=pix2pix, cut_inside=True, seed=3)
    rr = curvedoc.diagnose(str(d)).runs[0]
    names = {f.name for f in rr.findings}
    assert "unfinished-schedule" in names or "crashed-run" in names, [(f.name, f.message) for f in rr.findings]


def test_a_counter_named_cycle_is_no_loss(tmp_path):
    # 'after cycle=3 avg(utility)=281.2': a cycle counter, not CycleGAN's cycle-consistency loss
    lines = [f"after cycle={c} avg(utility)={280 + c % 7:.3f} avg(num_wins)={0.3 + 0.01 * (c % 5):.2f}"
             for c in range(200)]
    (tmp_path / "log.txt").write_text("\n".join(lines) + "\n")
    run = load(tmp_path / "log.txt")[0]
    assert run.roles.get("train_loss") != "cycle", run.roles
