"""Text-log reading speed, in lines per second.

Two measures (issue 13 asks for >= 300k lines/s on the common styles):

* **Common styles, long logs.** For each common style, a log of 200,000 lines written from a real line of that
  style (the file in ../shared/real_runs/text_log it comes from is named), numbers changing line by line as they
  do in training (a step that counts, losses and times that wander and change width now and then), an
  evaluation line now and then; and a tqdm bar redrawn with \\r (200,000 renderings, 1,000 per physical line).
  This is what reading a long training log costs.
* **The real corpus.** Every file in ../shared/real_runs/text_log, as they are: small files, many of odd
  styles, so a larger share of lines is read afresh (the reading of a line is reused only for lines of its
  shape, or of its family, seen before: textlog.shapes.Plan, textlog.shapes.Template).

Run `python benchmarks/textlog_speed.py` (add `--styles` or `--corpus` for one of the two).
"""

from __future__ import annotations

import math
import random
import sys
import tempfile
import time
from pathlib import Path

from curvedoc.importers.textlog import read_text_log

ROOT = Path(__file__).resolve().parents[2] / "shared" / "real_runs" / "text_log"
N_LINES = 200_000


def _styles() -> dict[str, tuple[str, callable]]:
    """name -> (the real file the line is modelled on, line(i, rng) -> text)."""
    def loss(i, rng, scale=3.0):
        return scale * math.exp(-i / 60_000) + rng.uniform(0, 0.3)

    return {
        "nanoGPT": ("nanogpt-modded-diffusion-nohup-unfinished", lambda i, r: (
            f"step {i}: train loss {loss(i, r):.4f}, val loss {loss(i, r):.4f}" if i % 250 == 0 else
            f"iter {i}: loss {loss(i, r):.4f}, time {r.uniform(90, 140):.2f}ms, mfu {r.uniform(30, 40):.2f}%")),
        "modded-nanogpt": ("modded-nanogpt-muon-20241010", lambda i, r: (
            f"step:{i}/{N_LINES} val_loss:{loss(i, r):.4f} train_time:{i * 98}ms step_avg:{r.uniform(95, 101):.2f}ms"
            if i % 125 == 0 else
            f"step:{i}/{N_LINES} train_loss:{loss(i, r):.4f} train_time:{i * 98}ms step_avg:{r.uniform(95, 101):.2f}ms")),
        "Megatron-LM": ("megatron-llama3-1b-resumed-14001-crash-at-end", lambda i, r: (
            f" [2024-09-12 10:{i // 60 % 60:02d}:{i % 60:02d}] iteration {i:>8d}/  500000 | consumed samples: "
            f"{i * 512:>12d} | elapsed time per iteration (ms): {r.uniform(900, 1100):.1f} | learning rate: "
            f"{3e-4 * (1 - i / 600_000):.6E} | global batch size:   512 | lm loss: {loss(i, r):.6E} | loss scale: 1.0 | "
            f"grad norm: {r.uniform(0.2, 0.6):.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |")),
        "HF Trainer dicts": ("hf_dict-trl-open-r1-sft-unfinished-cr", lambda i, r: (
            "{" + f"'eval_loss': {round(loss(i, r), 4)}, 'eval_runtime': {round(r.uniform(10, 99), 4)}, "
            f"'epoch': {round(i / 20_000, 2)}" + "}" if i % 500 == 0 else
            "{" + f"'loss': {round(loss(i, r), 4)}, 'grad_norm': {r.uniform(0.5, 2)}, 'learning_rate': {2e-5 * (1 - i / 3e5)}, "
            f"'epoch': {round(i / 20_000, 2)}" + "}")),
        "MMEngine": ("mmengine-frcnn-raw-earlystop-slurm", lambda i, r: (
            f"2024/05/31 04:{i // 60 % 60:02d}:{i % 60:02d} - mmengine - INFO - Epoch(train)  [{1 + i // 1000}][{i % 1000 + 1:>4d}/1000]"
            f"  lr: {2e-2:.4e}  eta: {(N_LINES - i) // 3600}:{(N_LINES - i) // 60 % 60:02d}:{(N_LINES - i) % 60:02d}  "
            f"time: {r.uniform(0.4, 0.6):.4f}  data_time: {r.uniform(0.01, 0.09):.4f}  memory: 4567  loss: {loss(i, r, 1):.4f}"
            f"  loss_cls: {loss(i, r, 0.5):.4f}  loss_bbox: {loss(i, r, 0.4):.4f}")),
        "detectron2": ("detectron2-frcnn-semisup-resumed-3x", lambda i, r: (
            f"[09/12 10:{i // 60 % 60:02d}:{i % 60:02d} d2.utils.events]:  eta: {(N_LINES - i) // 3600}:"
            f"{(N_LINES - i) // 60 % 60:02d}:{(N_LINES - i) % 60:02d}  iter: {i}  total_loss: {loss(i, r, 1):.4g}  "
            f"loss_cls: {loss(i, r, 0.4):.4g}  loss_box_reg: {loss(i, r, 0.4):.4g}  time: {r.uniform(0.4, 0.6):.4f}  "
            f"data_time: {r.uniform(0.01, 0.09):.4f}  lr: {0.004 * (1 - i / 3e5):.5g}  max_mem: 4567M")),
        "torchtitan": ("torchtitan-glm5-debug-npu-1000steps", lambda i, r: (
            f"[titan] 2025-01-01 10:{i // 60 % 60:02d}:{i % 60:02d},123 - root - INFO - step: {i:>5d}  loss: "
            f"{loss(i, r):8.5f}  grad_norm: {r.uniform(0.5, 2):7.4f}  memory: 12.34GiB(15.67%)  tps: {r.randint(4000, 4999):,}  "
            f"tflops: {r.uniform(10, 11):.2f}  mfu: {r.uniform(3, 4):.2f}%")),
        "fairseq": ("fairseq-json-wav2vec2-mandarin-pretrain", lambda i, r: (
            f"2021-06-01 10:{i // 60 % 60:02d}:{i % 60:02d} | INFO | train_inner | epoch {1 + i // 1000:03d}:    "
            f"{i % 1000 + 1:>4d} / 1000 loss={round(loss(i, r), 3)}, ppl={round(r.uniform(8, 12), 2)}, "
            f"wps={round(r.uniform(12000, 13000), 1)}, ups={round(r.uniform(1, 2), 2)}, wpb={round(r.uniform(12000, 13000), 1)}, "
            f"bsz=128, num_updates={i}, lr={1e-4:.6g}, gnorm={round(r.uniform(0.5, 2), 3)}, train_wall={r.randint(10, 99)}, "
            f"gb_free=12.3, wall={i}")),
        "Keras": ("keras2-carnd-behavioral-cloning-crlf", lambda i, r: (
            f"Epoch {i // 2 + 1}/{N_LINES // 2}" if i % 2 == 0 else
            f"1875/1875 [==============================] - {r.randint(5, 15)}s {r.randint(3, 9)}ms/step - loss: "
            f"{loss(i, r, 1):.4f} - accuracy: {r.uniform(0.8, 0.99):.4f} - val_loss: {loss(i, r, 1):.4f} - val_accuracy: "
            f"{r.uniform(0.8, 0.99):.4f}")),
        "AverageMeter": ("avgmeter-swav-cifar10-400ep", lambda i, r: (
            f"INFO - 09/02/20 14:{i // 60 % 60:02d}:{i % 60:02d} - 0:{i // 60 % 60:02d}:{i % 60:02d} - Epoch: [{i // 250}]"
            f"[{i % 250 * 50}]\tTime {r.uniform(1, 3):.3f} ({r.uniform(1, 3):.3f})\tData {r.uniform(0, 0.1):.3f} "
            f"({r.uniform(0, 0.1):.3f})\tLoss {loss(i, r):.4f} ({loss(i, r):.4f})\tLr: {r.uniform(0, 0.5):.4f}")),
        "MMCV 1.x": ("mmcv-cascade-rcnn-underwater-nohup-cr", lambda i, r: (
            f"2021-03-01 10:{i // 60 % 60:02d}:{i % 60:02d},123 - mmdet - INFO - Epoch [{1 + i // 500}][{i % 500 * 50 + 50}/25000]"
            f"\tlr: {2e-2:.5e}, eta: {(N_LINES - i) // 3600}:{(N_LINES - i) // 60 % 60:02d}:{(N_LINES - i) % 60:02d}, "
            f"time: {r.uniform(0.4, 0.6):.3f}, data_time: {r.uniform(0.01, 0.09):.3f}, memory: 4567, loss_rpn_cls: "
            f"{loss(i, r, 0.1):.4f}, loss_rpn_bbox: {loss(i, r, 0.1):.4f}, loss_cls: {loss(i, r, 0.5):.4f}, acc: "
            f"{r.uniform(80, 99):.4f}, loss_bbox: {loss(i, r, 0.4):.4f}, loss: {loss(i, r, 1):.4f}")),
        "DeepSpeed": ("deepspeed-dschat-step1-opt1.3b-sft-16ep", lambda i, r: (
            f"[2023-04-18 01:{i // 60 % 60:02d}:{i % 60:02d},{r.randint(100, 999)}] [INFO] [logging.py:96:log_dist] [Rank 0] "
            f"step={i * 10}, skipped={r.randint(0, 9)}, lr=[{9.6e-06 * (1 - i / 3e5)}, {9.6e-06 * (1 - i / 3e5)}], "
            f"mom=[(0.9, 0.95), (0.9, 0.95)]")),
    }


def _time(path: Path) -> tuple[int, float, int]:
    """(lines, seconds, points read): the points, so that a reading that got faster by losing some shows it
    (tests/importers/test_textlog_shapes.py checks these logs read alike one by one)."""
    t = time.perf_counter()
    rd = read_text_log(path)
    return rd.meta["lines"], time.perf_counter() - t, len(rd.frame)


def _tqdm_log(path: Path, renderings_per_line: int = 1000) -> int:
    """A tqdm / Lightning progress bar redrawn with \\r (like lightning-unet-dicebce-flat-loss-cr-killed): one
    physical line per epoch of ``renderings_per_line`` renderings. Returns the number of renderings."""
    rng = random.Random(0)
    n = renderings_per_line
    with open(path, "w") as fh:
        for epoch in range(N_LINES // n):
            parts = []
            for i in range(n):
                full = 10 * i // n
                bar = ("\u2588" * full + rng.choice(["", "\u258f", "\u258c", "\u258a"])).ljust(10)[:10]
                parts.append(f"Epoch {epoch}: {100 * i // n:3d}%|{bar}| {i}/{n} [00:{i % 60:02d}<00:{(n - i) % 60:02d}, "
                             f"{rng.uniform(40, 50):.2f}it/s, loss={rng.uniform(0.1, 2):.3f}, v_num=0]")
            fh.write("\r".join(parts) + "\n")
    return N_LINES // n * n


def styles() -> None:
    """Best of three reads per style (the machine's noise is one-sided)."""
    print(f"common styles, {N_LINES:,} lines each (best of 3 reads):")
    with tempfile.TemporaryDirectory() as tmp:
        for name, (model, line) in _styles().items():
            rng = random.Random(0)
            p = Path(tmp) / f"{name}.log"
            p.write_text("\n".join(line(i, rng) for i in range(1, N_LINES + 1)) + "\n")
            lines, dt, points = min((_time(p) for _ in range(3)), key=lambda r: r[1])
            print(f"  {name:20s} (like {model}) {lines:9,d} lines {dt:6.2f} s {lines / dt:10,.0f} lines/s "
                  f"{points:11,d} points")
        p = Path(tmp) / "tqdm.log"
        renderings = _tqdm_log(p)
        lines, dt, points = min((_time(p) for _ in range(3)), key=lambda r: r[1])
        print(f"  {'tqdm bar, redrawn':20s} (like lightning-unet-dicebce-flat-loss-cr-killed) {lines:,d} lines of "
              f"{renderings:,d} renderings {dt:6.2f} s {renderings / dt:10,.0f} renderings/s {points:,d} points")


def corpus() -> None:
    if not ROOT.is_dir():
        print(f"real corpus skipped: {ROOT} not found")
        return
    total_lines = total_bytes = 0
    total_s = 0.0
    for d in sorted(p for p in ROOT.iterdir() if p.is_dir()):
        for f in d.iterdir():
            lines, dt, _ = _time(f)
            total_s += dt
            total_lines += lines
            total_bytes += f.stat().st_size
            print(f"  {d.name:60s} {lines:8,d} lines {dt:6.2f} s {lines / dt:10,.0f} lines/s")
    print(f"real corpus: {total_lines:,} lines, {total_bytes / 1e6:.1f} MB in {total_s:.2f} s: "
          f"{total_lines / total_s:,.0f} lines/s, {total_bytes / 1e6 / total_s:.2f} MB/s")


def main(argv: list[str]) -> int:
    if "--corpus" not in argv:
        styles()
    if "--styles" not in argv:
        corpus()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
