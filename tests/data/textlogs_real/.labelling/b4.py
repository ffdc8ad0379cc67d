from lab import *
from b2 import last_clock

R = "paddle-hapi-chexnet-auroc"
tr, ev, ev_auc, cur_ep, in_eval, last_ev = [], [], [], 0, False, None
for l in lines(R):
    s = l.strip()
    m = re.match(r"Epoch (\d+)/10", s)
    if m: cur_ep, in_eval = int(m.group(1)), False
    if s.startswith("Eval begin"): in_eval = True
    m = re.match(r"step\s+(\d+)/(\d+) - loss: ([\d.]+) - AUROC_Atelectasis: ([\d.]+)", s)
    if m:
        st, n, loss, auc = int(m.group(1)), int(m.group(2)), float(m.group(3)), float(m.group(4))
        if in_eval: last_ev = (loss, auc)
        else: tr.append(((cur_ep - 1) * n + st, loss))
    if s.startswith("Eval samples") and last_ev:
        ev.append((cur_ep * 614, last_ev[0])); ev_auc.append((cur_ep * 614, last_ev[1])); last_ev = None
label(R, "PaddlePaddle hapi Model.fit console (Keras-like, with 'Eval begin...' blocks)", True, [], ["overfitting", "oscillation"],
      {"train_loss": ser(tr, "loss on 'step s/614' lines", "global step = (epoch-1)*614 + s"),
       "eval_loss": ser(ev, "loss on the last 'step 88/88' line of each 'Eval begin...' block", "step training had reached (epoch*614)"),
       "eval_auroc_atelectasis": ser(ev_auc, "AUROC_Atelectasis on the last eval line of each block", "step training had reached")},
      "CheXNet (DenseNet) in Paddle 2 hapi: 'Epoch e/10', 'step 10/614 - loss: x - AUROC_<14 classes>: ... - 2s/step' every 10 steps, then 'Eval begin...' and the same 'step 10/88 - loss: ... - AUROC_...' format for the evaluation, 'Eval samples: 11219'. The eval lines use the same words as the training lines: only the 'Eval begin...' heading tells them apart. Train loss per step is noisy 0.09-0.2; eval AUROC ~0.77-0.80.")

R = "paddlevideo-3dresnet-ucf101"
label(R, "PaddleVideo logging (train/val step lines and 'END epoch' summaries)", True, [], ["overfitting"],
      {"train_loss_avg": ser(grab(R, r"END epoch:(\d+)\s+train loss_avg: ([\d.]+)", 1, 2), "END epoch train loss_avg", "epoch"),
       "train_top1_avg": ser(grab(R, r"END epoch:(\d+)\s+train loss_avg: [\d.]+\s+top1_avg: ([\d.]+)", 1, 2), "END epoch train top1_avg", "epoch"),
       "val_loss_avg": ser(grab(R, r"END epoch:(\d+)\s+val loss_avg: ([\d.]+)", 1, 2), "END epoch val loss_avg", "epoch"),
       "val_top1_avg": ser(grab(R, r"END epoch:(\d+)\s+val loss_avg: [\d.]+\s+top1_avg: ([\d.]+)", 1, 2), "END epoch val top1_avg", "epoch")},
      "3D-ResNet on UCF-101 in PaddleVideo: '[12/25 14:22:40] epoch:[  1/25 ] train step:0    loss: 4.97 lr: 0.01 top1: ...' and '... val step:0    loss: ...' (train and val step lines differ only in the word train/val), '[..] END epoch:1   train loss_avg: 3.94  top1_avg: 0.108 ...' and 'END epoch:1   val loss_avg: 3.62 ...'. Train loss_avg 3.94 -> ~0.5, val loss_avg 3.6 -> ~3 (val top1 ~0.33-0.42): a large train/val gap.")

R = "mxnet-module-info-root-cls"
label(R, "MXNet Module.fit through python logging (INFO:root: prefix)", True, [], ["plateau"],
      {"train_acc_epoch": ser(grab(R, r"INFO:root:Epoch\[(\d+)\] Train-accuracy=([\d.]+)", 1, 2), "Epoch[e] Train-accuracy", "epoch (0-based)"),
       "val_acc": ser(grab(R, r"INFO:root:Epoch\[(\d+)\] Validation-accuracy=([\d.]+)", 1, 2), "Epoch[e] Validation-accuracy", "epoch (0-based)")},
      "MXNet image classifier: 'INFO:root:Epoch[e] Batch [20]\\tSpeed: s samples/sec\\taccuracy=a' every 20 batches, 'INFO:root:Epoch[e] Train-accuracy=a', 'Time cost=', 'Saved checkpoint', 'INFO:root:Epoch[e] Validation-accuracy=v', a learning-rate change at Update[3751]; 10 epochs, val accuracy 0.71 -> ~0.9.")

R = "nanogpt-finetune-step-train-val"
label(R, "nanoGPT-style log.txt (step N train_loss / val_loss)", True, [], ["overfitting"],
      {"train_loss": ser(grab(R, r"^step (\d+) train_loss ([\d.]+)", 1, 2), "train_loss", "step"),
       "val_loss": ser(grab(R, r"^step (\d+) val_loss ([\d.]+)", 1, 2), "val_loss", "step")},
      "GPT-2 fine-tune log file: 'step N train_loss x' every step, 'step N val_loss v' every ~60 steps, 'final val_loss 2.2426' at the end (one number with no step).")

R = "adhoc-reid-train-val-same-words"
ep = r"^Epoch (\d+)/69"
label(R, "PyTorch-tutorial style print ('Epoch e/N', '----------', 'train Loss: ... Acc: ...')", True, [], ["plateau"],
      {"train_loss": ser(last_clock(R, ep, r"^train Loss: ([\d.]+)", conv=lambda m: int(m.group(1))), "train Loss", "epoch (0-based)"),
       "train_acc": ser(last_clock(R, ep, r"^train Loss: [\d.]+ Reg: [\d.]+ Acc: ([\d.]+)", conv=lambda m: int(m.group(1))), "train Acc", "epoch"),
       "mean_margin": ser(last_clock(R, ep, r"MeanMargin: (-?[\d.]+)", conv=lambda m: int(m.group(1))), "MeanMargin", "epoch")},
      "Person re-ID with triplet loss (Windows console): 'Epoch e/69', '----------', 'batch = 405', 'now_margin: 0.3000', 'train Loss: x Reg: 0.0000 Acc: a MeanMargin: m' for 70 epochs, no validation ('--train_all'). Loss 0.455 -> ~0.05, acc 0.009 -> ~0.9.")

R = "logging-appended-runs-train-loss"
label(R, "python logging, four trainings appended to one file", True, [], [],
      {"train_loss": ser(grab(R, r"Epoch (\d+)/10, Train Loss: ([\d.]+)", 1, 2), "Train Loss", "epoch (1-10, four times)")},
      "Homework: gensim FastText training logs (lifecycle events, 'EPOCH 0: training on 73847 raw words ...') then 'Epoch e/10, Train Loss: x' of a classifier, four launches appended (21:07, 21:29, 21:33, 21:51). Each run 0.46-0.50 -> 0.21-0.24.")

R = "gluoncv-ssd-logging-val-ap"
g = lambda k: [([int(a), int(b)], float(c)) for a, b, c in re.findall(r"\[Epoch (\d+)\]\[Batch (\d+)\], Speed: [\d.]+ samples/sec, .*?" + k + r"=([\d.e+-]+)", text(R))]
label(R, "GluonCV-style logging ('[Epoch e][Batch b], Speed, CrossEntropy=, SmoothL1=, val_AP=')", True, [], ["plateau"],
      {"cross_entropy": ser(g("CrossEntropy"), "CrossEntropy", "(epoch, batch)"),
       "smooth_l1": ser(g("SmoothL1"), "SmoothL1", "(epoch, batch)"),
       "val_ap": ser(g("val_AP"), "val_AP (the last evaluation, repeated on each line)", "(epoch, batch)")},
      "MXNet/GluonCV SSD on a small detection set, 20 epochs x 2 lines; 'val_AP' is printed on every training line (the latest evaluation). CrossEntropy 1.83 -> 0.009, val_AP 0.14 -> 0.47.")

R = "tf1-cifar10-global-step-test"
gs = r"^Global Step:\s+(\d+),"
label(R, "TensorFlow 1 ad-hoc print ('Global Step: N, accuracy, loss') with a GAN-style discriminator line", True, [], ["overfitting"],
      {"train_loss": ser(grab(R, r"^Global Step:\s+(\d+), accuracy:\s+[\d.]+%, loss = ([\d.]+)", 1, 2), "loss", "Global Step"),
       "train_acc": ser(grab(R, r"^Global Step:\s+(\d+), accuracy:\s+([\d.]+)%", 1, 2), "accuracy (%)", "Global Step"),
       "test_acc": ser(last_clock(R, gs, r"^Accuracy on Test-Set: ([\d.]+)%", conv=lambda m: int(m.group(1))), "Accuracy on Test-Set (%)", "step training had reached"),
       "discr_acc": ser(last_clock(R, gs, r"^Discriminator Accuracy \(Loss\): ([\d.]+) \(", conv=lambda m: int(m.group(1))), "Discriminator Accuracy", "step of the preceding Global Step line")},
      "CIFAR-10 CNN with an adversarial discriminator: 'Global Step: N, accuracy: a%, loss = l (ex/sec, sec/batch)' every 10 steps to 10,000, each followed by 'Discriminator Accuracy (Loss): d (dl)', and 'Accuracy on Test-Set: t% (k / 10000)' every 100 steps. Test accuracy 10% -> ~71%.")

R = "adhoc-crowd-counting-tqdm-cr"
seen, pts = set(), []
for e, i, v in re.findall(r"Epoch \[(\d+)\]\[(\d+)/1200\] Time/b [\d.]+ \([\d.]+\) Loss ([\d.]+) \(", text(R)):
    k = (int(e) * 1200 + int(i), float(v))
    if k not in seen: seen.add(k); pts.append(k)
label(R, "tqdm bar descriptions rewritten with \\r (each update printed twice), unfinished first epoch", True, [], ["loss_spike"],
      {"train_loss": ser(pts, "Loss (current batch; the running mean in parentheses is not it)", "global iter = epoch*1200 + i (epoch 0 only)")},
      "Crowd counting (MSE density loss): 'Epoch [0][i/1200] Time/b t (avg) Loss x (avg) :   n%|...' tqdm descriptions, each update rendered twice; warnings interleaved; the file ends after ~200 of 1200 iterations of the first epoch. Loss noisy 90-1500.")

R = "adhoc-fer-ssl-validation-acc"
tr, va, cur = [], [], None
for l in lines(R):
    m = re.match(r"\[epoch: (\d+)/200, iter: (\d+)/(\d+)\] total: ([\d.]+)", l.strip())
    if m:
        cur = (int(m.group(1)) - 1) * int(m.group(3)) + int(m.group(2)); tr.append((cur, float(m.group(4))))
    m = re.match(r"Validation accuracy: ([\d.]+)", l.strip())
    if m: va.append((cur, float(m.group(1))))
label(R, "ad-hoc print ('[epoch: e/N, iter: i/M] total: x', 'Validation accuracy')", True, [], ["plateau"],
      {"train_total_loss": ser(tr, "total", "global iter = (epoch-1)*489 + iter"),
       "val_acc": ser(va, "Validation accuracy", "step training had reached (the last iter line before it)")},
      "Semi-supervised facial-expression recognition resumed from a checkpoint: model print, '[epoch: e/200, iter: i/489] total: x' every 25 iterations, 'Validation accuracy: a', 'Saving model', 'End of epoch e / 200', pseudo-label statistics; 16 epochs. Validation accuracy 0.44 -> ~0.6.")

R = "adhoc-wider-event-train-test-same-words"
tr = [([int(a), int(b)], float(c)) for a, b, c in re.findall(r"TRAIN in epoch (\d+) , step (\d+), loss = ([\d.]+)", text(R))]
label(R, "ad-hoc print where train and test lines share their words (TRAIN/TEST in epoch)", False, [], ["overfitting", "plateau"],
      {"train_loss": ser(tr, "loss on 'TRAIN in epoch e , step s' lines", "(epoch, step in epoch)"),
       "test_loss": ser(grab(R, r"TEST in epoch(\d+), loss = ([\d.]+)", 1, 2), "loss on 'TEST in epochN' lines", "epoch"),
       "test_acc": ser(grab(R, r"TEST in epoch(\d+), loss = [\d.]+, acc = ([\d.]+)%", 1, 2), "acc (%) on TEST lines", "epoch")},
      "WIDER event recognition (ResNet-101): 'TRAIN in epoch e , step s, loss = x' every 50 steps (0-750) and 'TEST in epoche, loss = y, acc = a%' per epoch, 25 epochs. Train loss falls 4.1 -> ~0.1 while test loss rises 2.2 -> 3.6 with test acc flat at 44-46%: overfitting.")

R = "adhoc-emcad-iteration-echo"
it = r"^iteration (\d+), epoch"
tr = grab(R, r"^iteration (\d+), epoch \d+ : loss : ([\d.]+)", 1, 2)
label(R, "ad-hoc logging print ('iteration N, epoch e : loss : x, lr: y') with echoed lines", False, [], ["no_learning"],
      {"train_loss": ser(tr, "loss", "iteration (lines at epoch ends printed twice: echoes)", dedupe_consecutive=True),
       "val_mean_dice": ser(last_clock(R, it, r"Testing performance in val model: mean_dice : ([\d.]+)", conv=lambda m: int(m.group(1))), "mean_dice (val)", "iteration training had reached")},
      "EMCAD (PVT-v2 + decoder) on TOM500 segmentation: Namespace(...) first line, 'iteration N, epoch e : loss : x, lr: 0.0008' every 25/50 iterations (the epoch-end line printed twice), 'Testing performance in val model: mean_dice : d, best_dice : b' every 10 epochs. Loss 5.75 -> ~2 but val mean_dice stays ~0 (0.000-0.003): the segmentation does not learn.")
