from lab import *

def last_clock(run, clock_rx, rx, vg=1, conv=int, cr_split=True, start=0):
    out, cur = [], start
    cr, r = re.compile(clock_rx), re.compile(rx)
    for l in lines(run, cr_split):
        m = cr.search(l)
        if m: cur = conv(m)
        m = r.search(l)
        if m: out.append((cur, num(m.group(vg))))
    return out

R = "adhoc-bilstm-lm-loss-test-acc"
loss = last_clock(R, r"^epoch\s+(\d+)$", r"^loss: ([\d.]+)", conv=lambda m: int(m.group(1)))
acc = last_clock(R, r"^epoch\s+(\d+)$", r"^test accuracy: ([\d.]+)%", conv=lambda m: int(m.group(1)))
label(R, "ad-hoc print, one value per line under an 'epoch N' line", True, [], ["plateau", "overfitting"],
      {"train_loss": ser(loss, "loss (line after 'epoch N')", "epoch"), "test_acc": ser(acc, "test accuracy (%)", "epoch")},
      "Chinese character Bi-LSTM language model, resumed: epochs 1-100 then a relaunch printing 71-270 (epochs 71-100 twice, different values). 'epoch N' / 'loss: x' / 'test accuracy: y%, (a/b)' per epoch for 300 epochs; loss 6.6 -> 0.86, test accuracy 20.8% -> 84% (peak ~84.1%).")

R = "adhoc-transformer-ende-zh-best"
tr = grab(R, r"Epoch (\d+)/100 - Train Loss: ([\d.]+)", 1, 2)
va = grab(R, r"Epoch (\d+)/100 - Train Loss: [\d.]+, Val Loss: ([\d.]+)", 1, 2)
label(R, "ad-hoc print (Chinese messages, nohup)", True, [], ["overfitting", "plateau"],
      {"train_loss": ser(tr, "Train Loss", "epoch"), "val_loss": ser(va, "Val Loss", "epoch")},
      "Marian-tokenised en-de transformer, 'Epoch e/100 - Train Loss: x, Val Loss: y' with Chinese '保存最佳模型 (val_loss=...)' lines repeating the val loss when it improves. Train 4.05 -> 1.12, val 3.25 -> ~1.36 (flat from ~epoch 60).")

R = "paddle-prednet-avg-loss-so-far"
tr = [((int(a), int(b)), float(c)) for a, b, c in re.findall(r"Epoch (\d+), Step (\d+), total used time [\d.]+ \(s\), avg loss so far is ([\d.e-]+)", text(R))]
tr = [([a, b], c) for (a, b), c in tr]
vl = grab(R, r"Epoch (\d+), val loss is ([\d.e-]+)", 1, 2)
vm = grab(R, r"Epoch (\d+), val loss is [\d.e-]+, val mse is ([\d.e-]+)", 1, 2)
tm = grab(R, r"Epoch (\d+), test mse is ([\d.e-]+)", 1, 2)
label(R, "PaddlePaddle ad-hoc print (PredNet)", True, [], ["plateau"],
      {"train_avg_loss": ser(tr, "avg loss so far (running mean within the epoch)", "(epoch, step in epoch)"),
       "val_loss": ser(vl, "val loss", "epoch"), "val_mse": ser(vm, "val mse", "epoch"), "test_mse": ser(tm, "test mse", "epoch")},
      "PredNet video prediction in Paddle: 'Epoch e, Step s, total used time t (s), avg loss so far is x' (s = 25..125 within the epoch, the running mean of the epoch), then 'Epoch e, val loss is v, val mse is m.' and 'Epoch e, test mse is m.' for 150 epochs. Train 0.11 -> 0.023, val loss 0.048 -> ~0.02.")

R = "adhoc-byol-linear-eval"
acc = grab(R, r"Train epoch (\d+), total time [\d.]+, accuracy:([\d.]+)", 1, 2)
label(R, "ad-hoc print after a wandb banner and a model print (killed)", False, [], ["no_learning", "plateau"],
      {"train_acc": ser(acc, "accuracy (linear probe, training)", "epoch")},
      "BYOL linear evaluation on CIFAR-10: a ResNet-50 printed, then 'Train epoch N, total time t, accuracy:a' for 26 epochs; accuracy 11.0 -> 12.6 (10 classes: barely above chance); 'Killed', a second launch prints its banner and model and is killed before any epoch.")

R = "adhoc-gaitset-iter-metrics"
h = grab(R, r"iter (\d+):, hard_loss_metric=([\d.]+)", 1, 2)
f = grab(R, r"iter (\d+):, hard_loss_metric=[\d.]+, full_loss_metric=([\d.]+)", 1, 2)
md = grab(R, r"iter (\d+):, .*mean_dist=([\d.]+)", 1, 2)
label(R, "ad-hoc print key=value (GaitSet)", True, [], ["plateau"],
      {"hard_loss_metric": ser(h, "hard_loss_metric", "iter"), "full_loss_metric": ser(f, "full_loss_metric", "iter"), "mean_dist": ser(md, "mean_dist", "iter")},
      "GaitSet triplet training: 'iter N:, hard_loss_metric=a, full_loss_metric=b, full_loss_num=c, mean_dist=d, lr=0.0001, hard or full='full'' every 100 iterations to 80,000 with elapsed-time lines; hard loss 0.44 -> ~0.16, full loss flat ~0.18-0.19, mean_dist 0.19 -> 4.7.")

R = "yolov5-v6-console-cots-64e"
rows = [(int(a), float(b), float(c)) for a, b, c in re.findall(r"^\s+(\d+)/63\s+[\d.]+G\s+([\d.]+)\s+([\d.]+)\s", text(R), re.M)]
vals, cur = [], None
for l in lines(R):
    m = re.match(r"\s+(\d+)/63\s", l)
    if m: cur = int(m.group(1))
    if re.match(r"Validating runs/", l): cur = "final"
    m = re.match(r"\s+all\s+\d+\s+\d+\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)", l)
    if m and cur != "final": vals.append((cur,) + tuple(float(g) for g in m.groups()))
label(R, "YOLOv5 v6.0 console (terminal copy saved as .md)", True, [], ["plateau"],
      {"train_box": ser([(e, b) for e, b, _ in rows], "box (train loss column)", "epoch (0-based as printed)"),
       "train_obj": ser([(e, o) for e, _, o in rows], "obj (train loss column)", "epoch"),
       "val_precision": ser([(v[0], v[1]) for v in vals], "P (all row)", "epoch"),
       "val_recall": ser([(v[0], v[2]) for v in vals], "R (all row)", "epoch"),
       "val_mAP50": ser([(v[0], v[3]) for v in vals], "mAP@.5 (all row)", "epoch"),
       "val_mAP50_95": ser([(v[0], v[4]) for v in vals], "mAP@.5:.95 (all row)", "epoch")},
      "YOLOv5n6 single-class COTS detection, 64 epochs: header 'Epoch gpu_mem box obj cls labels img_size' then '  e/63  4.89G  box obj cls labels 1280: 100%|...' (cls always 0, single class) and 'Class Images Labels P R mAP@.5 mAP@.5:.95' / 'all 677 2449 P R m50 m5095' per epoch; a model summary table (models.common.C3 ...) at the top; after training 'Validating runs/train/exp/weights/best.pt...' prints one more all row (the best checkpoint, 0.668): not an epoch. mAP@.5 0 -> 0.672.")
