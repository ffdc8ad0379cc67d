"""Labels for tests/data/textlogs_unseen4, computed from the raw text with regular expressions (never with curvedoc),
before curvedoc read any of these files. Run: python .labelling/build.py"""
import json, os, re
from lab import *

def each(run, rx, conv, cr_split=True):
    out, r = [], re.compile(rx)
    for l in lines(run, cr_split):
        m = r.search(l)
        if m:
            out.append(conv(m))
    return out

def epoched(run, epoch_rx, rx, groups, cr_split=True):
    """Values of ``rx`` (one list per group) placed at the epoch the last ``epoch_rx`` match named."""
    ep, out = None, {g: [] for g in groups}
    er, r = re.compile(epoch_rx), re.compile(rx)
    for l in lines(run, cr_split):
        m = er.search(l)
        if m:
            ep = int(m.group(1))
        m = r.search(l)
        if m:
            for g in groups:
                out[g].append((ep, num(m.group(g))))
    return out

F = r"(-?[\d.]+(?:e[-+]?\d+)?)"
# ---------------------------------------------------------------------------------------------------------------
R = "adhoc-lnn-train-test-pipes-full"
tr = epoched(R, r"^\[Epoch (\d+)\]", r"^TRAIN \| Acc: ([\d.]+) \| F1: ([\d.]+) \| P: [\d.]+ \| R: [\d.]+ \| Loss: ([\d.]+)", (1, 3))
te = epoched(R, r"^\[Epoch (\d+)\]", r"^TEST  \| Acc: ([\d.]+) \| F1: ([\d.]+) \| P: [\d.]+ \| R: [\d.]+ \| Loss: ([\d.]+)", (1, 2, 3))
label(R, "shell transcript of a print log: tqdm bar, '[Epoch N] Method: LNN', then 'TRAIN | Acc: .. | F1: .. | Loss: ..' and 'TEST  | ..' with the same words, 'LR: x'", True, [], ["plateau", "overfitting"],
      {"train_loss": ser(tr[3], "TRAIN ... Loss", "epoch from '[Epoch N]'"),
       "train_acc": ser(tr[1], "TRAIN Acc", "epoch"),
       "test_loss": ser(te[3], "TEST Loss (same words as TRAIN, split by the line's first word)", "epoch"),
       "test_acc": ser(te[1], "TEST Acc", "epoch"),
       "test_f1": ser(te[2], "TEST F1", "epoch")},
      "A liquid neural network on QuickDraw categories, 30 epochs; train and test accuracy rise to ~0.96.")

R = "adhoc-lnn-lstm-shell-several-runs"
tr = epoched(R, r"^\[Epoch (\d+)\]", r"^TRAIN \| Acc: ([\d.]+) \| Loss: ([\d.]+)", (1, 2))
te = epoched(R, r"^\[Epoch (\d+)\]", r"^TEST  \| Acc: ([\d.]+) \| Loss: ([\d.]+)", (1, 2))
label(R, "a shell script running several trainings (LSTM / LNN on QuickDraw and N-MNIST) into one terminal: each prints '[Epoch N] Dataset: .. | Method: ..', 'TRAIN | Acc | Loss' and 'TEST  | Acc | Loss', 'real/user/sys' times and a traceback between runs", True, [], ["plateau", "overfitting"],
      {"train_loss": ser(tr[2], "TRAIN Loss", "epoch as printed (several runs, 1-30 each)"),
       "train_acc": ser(tr[1], "TRAIN Acc", "epoch"),
       "test_loss": ser(te[2], "TEST Loss", "epoch"),
       "test_acc": ser(te[1], "TEST Acc", "epoch")},
      "Several runs one after the other; a script that starts training again is a restart, never one curve. Accuracies reach ~0.9-0.99.")

R = "adhoc-lstm-iam-cer-wer-brackets"
s = each(R, r"^\[Epoch (\d+)\] \| Loss: ([\d.]+) \| CER: ([\d.]+) \| WER: ([\d.]+)", lambda m: m)
label(R, "'[Epoch N] | Loss: x | CER: y | WER: z' with blank lines between, handwriting recognition", True, [], ["plateau"],
      {"train_loss": ser([(int(m.group(1)), float(m.group(2))) for m in s], "Loss", "epoch"),
       "val_cer": ser([(int(m.group(1)), float(m.group(3))) for m in s], "CER (an error rate: lower is better)", "epoch"),
       "val_wer": ser([(int(m.group(1)), float(m.group(4))) for m in s], "WER", "epoch")},
      "LSTM on IAM lines, 30 epochs; CER falls from 0.63 to 0.11.")

R = "keras1-verbose2-many-fits-rb"
k = epoched(R, r"^Epoch (\d+)/\d+", r"^\d+s - loss: ([\d.]+) - acc: ([\d.]+) - val_loss: ([\d.]+) - val_acc: ([\d.]+)", (1, 2, 3, 4))
label(R, "Keras 1 verbose=2 of 22 fit() calls appended in one file (a hyperparameter sweep): 'Building and compiling model ...', a tuple of settings, 'Train on N samples', 'Epoch e/15' then '67s - loss: .. - acc: .. - val_loss: .. - val_acc: ..'", True, [], ["overfitting", "plateau"],
      {"train_loss": ser(k[1], "loss", "epoch as printed (1-15, each fit() starts again at 1)"),
       "train_acc": ser(k[2], "acc", "epoch"),
       "val_loss": ser(k[3], "val_loss", "epoch"),
       "val_acc": ser(k[4], "val_acc", "epoch")},
      "22 LSTM/GRU settings trained one after the other on a 2000-sample validation set; several overfit (val_loss rising from epoch ~4 while loss falls).")

R = "keras2-verbose2-many-fits-summaries"
k = epoched(R, r"^Epoch (\d+)/\d+", r"^\d+/\d+ (?:- \d+m?s|\[=+\] - \d+m?s \d+m?s/step) - loss: ([\d.]+(?:e[-+]\d+)?) - accuracy: ([\d.]+(?:e[-+]\d+)?)", (1, 2))
label(R, "TF2 Keras verbose=2 ('128/128 - 0s - loss: .. - accuracy: .. - 358ms/epoch - 3ms/step') of five fit() calls in one text file, each after its model.summary() table, with generated text between", True, [], ["plateau"],
      {"train_loss": ser(k[1], "loss", "epoch as printed (100 / 500 / 500 / 500 / 100, each fit() from 1; the last fit() verbose=1, its final bar per epoch)"),
       "train_acc": ser(k[2], "accuracy (0.0000e+00 printed for zero)", "epoch")},
      "Five character/word language models; the model summaries (Total params: 39,344 ...) are no series.")

R = "yolov5-v62-readme-details-4000ep"
rx = r"^\s+(\d+)/3999\s+[\d.]+G\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+\d+\s+640:"
tr = {g: grab(R, rx, 1, g) for g in (2, 3, 4)}
val = {"P": [], "R": [], "mAP@.5": [], "mAP@.5:.95": []}
ep = None
for l in lines(R):
    m = re.match(r"^\s+(\d+)/3999\s", l)
    if m:
        ep = int(m.group(1))
    m = re.match(r"^\s+all\s+14\s+150\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$", l)
    if m and ep is not None:
        for kk, g in zip(val, range(1, 5)):
            val[kk].append((ep, float(m.group(g))))
for kk in val:  # the last 'all' row is the validation of best.pt after training stopped, not an epoch's
    val[kk] = val[kk][:-1]
label(R, "YOLOv5 v6.2 Colab console (Epoch gpu_mem box obj cls labels img_size; Class Images Labels P R mAP@.5 mAP@.5:.95) in a markdown <details> block, early stopping at epoch 359 of 3999", True, [], ["plateau", "overfitting"],
      {"train_box": ser(tr[2], "box", "epoch as printed (0-359)"),
       "train_obj": ser(tr[3], "obj", "epoch"),
       "train_cls": ser(tr[4], "cls", "epoch"),
       "val_P": ser(val["P"], "P (the 'all' row under each epoch)", "epoch"),
       "val_mAP50": ser(val["mAP@.5"], "mAP@.5", "epoch"),
       "val_mAP50_95": ser(val["mAP@.5:.95"], "mAP@.5:.95", "epoch")},
      "Garbage detection on 14 validation images; mAP@.5 stays ~0.1-0.19, early stopping after 100 epochs without improvement.")

R = "pytorch-tutorial-bracket-loss-test-acc"
s = each(R, r"^\[(\d+),\s+(\d+)\] loss: ([\d.]+)", lambda m: (None, float(m.group(3))))
a = each(R, r"^Accuracy of the network on the 10000 test images: (\d+) %", lambda m: (None, float(m.group(1))))
label(R, "the PyTorch CIFAR-10 tutorial print: '[epoch, batch] loss: x' every 20 batches and 'Accuracy of the network on the 10000 test images: N %' with per-class accuracies, at start and every 5 epochs", True, [], ["plateau", "overfitting"],
      {"train_loss": ser(s, "loss in '[e,  i] loss: x'", "epoch and batch in brackets"),
       "test_acc": ser(a, "Accuracy of the network on the 10000 test images (the first before training)", "every 5 epochs")},
      "350 epochs of a small CNN; test accuracy rises from 10% (chance) to ~60-70%.")

R = "marian-md-several-systems"
c = each(R, r"\] Ep\. \d+ : Up\. (\d+) : Sen\. [\d,]+ : Cost ([\d.]+) ", lambda m: (int(m.group(1)), float(m.group(2))))
v = each(R, r"\[valid\] Ep\. \d+ : Up\. (\d+) : cross-entropy : ([\d.]+) : ", lambda m: (int(m.group(1)), float(m.group(2))))
p = each(R, r"\[valid\] Ep\. \d+ : Up\. (\d+) : perplexity : ([\d.]+) : ", lambda m: (int(m.group(1)), float(m.group(2))))
label(R, "Marian NMT training logs of several systems (s2s, transformer, ...) pasted into one markdown running log: '[date] Ep. 1 : Up. 500 : Sen. 15,203 : Cost 6.01 * 414,436 after ... : Time ..' and '[valid] Ep. 1 : Up. 5000 : cross-entropy : 219.3 : new best'", True, [], ["plateau"],
      {"train_cost": ser(c, "Cost", "update (Up.) as printed; each system starts again"),
       "val_cross_entropy": ser(v, "[valid] cross-entropy", "update"),
       "val_perplexity": ser(p, "[valid] perplexity", "update")},
      "Several Marian trainings with shell commands and evaluation between them; a thousands separator (15,203) is part of a number.")

R = "adhoc-skeleton-e-bracket-step-loss"
s = each(R, r"^\[E(\d+)\] step (\d+) loss ([\d.]+)", lambda m: (None, float(m.group(3))))
e = each(R, r"^Epoch (\d+) avg-loss ([\d.]+)", lambda m: (int(m.group(1)), float(m.group(2))))
label(R, "'[E1] step 10 loss 21.58' every 10 steps (the step starts again each epoch) and 'Epoch 1 avg-loss 1.0192' at the end of each epoch", True, [], ["plateau"],
      {"train_loss": ser(s, "loss on '[E e] step s loss x'", "step within the epoch"),
       "train_avg_loss": ser(e, "avg-loss per epoch", "epoch")},
      "Skeleton-based action recognition homework, 5 epochs of 1500 logged steps; the per-step loss is noisy.")

R = "keras2-verbose1-leaf-1000ep-bars"
k = epoched(R, r"^Epoch (\d+)/1000", r"- loss: ([\d.]+) - sparse_categorical_accuracy: ([\d.]+) - val_loss: ([\d.]+) - val_sparse_categorical_accuracy: ([\d.]+)", (1, 2, 3, 4))
label(R, "Keras 2 verbose=1 with the progress bars kept on their own lines ('32/58 [====>...] - ETA: 0s - loss: ..' then the epoch's final bar with val_loss), 1000 epochs", True, [], ["overfitting", "plateau"],
      {"train_loss": ser(k[1], "loss on the final bar of each epoch", "epoch"),
       "train_acc": ser(k[2], "sparse_categorical_accuracy", "epoch"),
       "val_loss": ser(k[3], "val_loss", "epoch"),
       "val_acc": ser(k[4], "val_sparse_categorical_accuracy", "epoch")},
      "A small dense network on a tabular leaf-disease set, 1000 epochs; mid-epoch bars are partial averages, not epoch points.")

R = "adhoc-usrnet-angle-epoch-lr-loss"
s = each(R, r"^<epoch:\s*(\d+), lr:[\d.e+-]+> loss: ([\d.e+-]+)", lambda m: (int(m.group(1)), float(m.group(2))))
p = each(R, r"^<epoch:\s*(\d+), Average PSNR : ([\d.]+)dB", lambda m: (int(m.group(1)), float(m.group(2))))
label(R, "KAIR-style '<epoch:  2, lr:1.000e-04> loss: 2.458e-01' and '<epoch: 10, Average PSNR : 18.33dB' in angle brackets", True, [], ["plateau"],
      {"train_loss": ser(s, "loss", "epoch in the bracket"),
       "val_psnr": ser(p, "Average PSNR (dB, higher is better)", "epoch")},
      "USRNet super-resolution; PSNR rises from ~18 to ~27 dB.")

R = "adhoc-mtcnn-epoch-step-det-bbox"
rx = r"Epoch: (\d+), Step: (\d+), accuracy: ([\d.]+), det loss: ([\d.]+), bbox loss: ([\d.]+), (?:landmark loss: [\d.]+, )?all_loss: ([\d.]+), lr:"
s = each(R, rx, lambda m: m)
label(R, "MTCNN (P-, R- and O-Net trained one after the other, with data generation between; O-Net adds a landmark loss): 'datetime : Epoch: 1, Step: 200, accuracy: .., det loss: .., bbox loss: .., all_loss: .., lr:0.01'", True, [], ["plateau"],
      {"train_all_loss": ser([(None, float(m.group(6))) for m in s], "all_loss", "step within each net's training"),
       "train_det_loss": ser([(None, float(m.group(4))) for m in s], "det loss", "step"),
       "train_accuracy": ser([(None, float(m.group(3))) for m in s], "accuracy", "step")},
      "Three networks trained in sequence in one nohup file, between thousands of data-generation lines.")

R = "adhoc-drl-grasp-used-time-step"
s = each(R, r"^used time:[\d.e-]+,step:(\d+),loss:([\d.]+),mse_loss:([\d.]+)", lambda m: m)
label(R, "comma-separated 'used time:0.18,step:161,loss:26.7,mse_loss:1.67' of a DRL grasping agent", True, [], ["plateau"],
      {"train_loss": ser([(int(m.group(1)), float(m.group(2))) for m in s], "loss", "step"),
       "train_mse_loss": ser([(int(m.group(1)), float(m.group(3))) for m in s], "mse_loss", "step")},
      "Reinforcement learning for robot grasping; the loss is noisy.")

for R, nruns in (("logging-dual-d-twelve-runs-pipes", 12), ("logging-dual-d-pipes-new-best", 1)):
    rx = r"\| Epoch (\d+)/100 \| loss ([\d.]+) \| cls ([\d.]+) .*\| train_acc ([\d.]+) \| train_full [\d.]+ \| val_acc ([\d.]+) \| val_f1 ([\d.]+) \|"
    s = each(R, rx, lambda m: m)
    label(R, "logging with ' | ' separators: 'date | Epoch 001/100 | loss .. | cls .. | tal .. | dual_g .. | train_acc .. | val_acc .. | val_f1 .. | grad(main/disc) a/b | lr(main/disc) a/b | secs' and 'New best val_acc: x at epoch n'" + (", twelve runs (domains x iterations) one after the other" if nruns > 1 else ""), True, [], ["overfitting", "plateau"],
          {"train_loss": ser([(int(m.group(1)), float(m.group(2))) for m in s], "loss", "epoch as printed" + (" (twelve runs)" if nruns > 1 else "")),
           "train_cls": ser([(int(m.group(1)), float(m.group(3))) for m in s], "cls (a loss part)", "epoch"),
           "train_acc": ser([(int(m.group(1)), float(m.group(4))) for m in s], "train_acc", "epoch"),
           "val_acc": ser([(int(m.group(1)), float(m.group(5))) for m in s], "val_acc", "epoch"),
           "val_f1": ser([(int(m.group(1)), float(m.group(6))) for m in s], "val_f1", "epoch")},
          "Domain-adaptation classifier with a discriminator; 'New best ...' lines repeat a value already printed.")

R = "logging-hf-eval-dicts-step-pipes"
s = each(R, r"Epoch: (\d+) \| Step: (\d+) \| Train loss: ([\d.]+) \| Eval loss: ([\d.]+) \| Eval accuracy: ([\d.]+)", lambda m: m)
d = each(R, r"Evaluation results: \{'eval_loss': ([\d.]+), 'eval_accuracy': ([\d.]+)", lambda m: (None, float(m.group(1))))
label(R, "Python logging of many fine-tuning runs (adapters, LoRA, DP): 'Epoch: 1 | Step: 5000 | Train loss: .. | Eval loss: .. | Eval accuracy: .. | ɛ: ..', 'Evaluation results: {'eval_loss': .., ...}' dicts and 'Train results: {...}'", True, [], ["plateau"],
      {"train_loss": ser([(int(m.group(2)), float(m.group(3))) for m in s], "Train loss", "step as printed (runs start again)"),
       "val_loss": ser([(int(m.group(2)), float(m.group(4))) for m in s], "Eval loss", "step"),
       "val_acc": ser([(int(m.group(2)), float(m.group(5))) for m in s], "Eval accuracy", "step"),
       "eval_loss_dicts": ser(d, "eval_loss in the 'Evaluation results' dicts (one per run)", "one per run")},
      "Three-class sentiment fine-tunings, accuracy ~0.35-0.5 in many runs.")

R = "adhoc-rl-trading-epsilon-loss"
s = each(R, r"^\[\d+\]\[Epoch (\d+)/\d+\] Epsilon:([\d.]+) .* Loss:([\d.]+) ET:", lambda m: m)
label(R, "a stock-trading RL agent: '[035420][Epoch 01/10] Epsilon:1.0000 #Expl.:243/243 #Buy:109 ... PV:10,434,100 LC:16 Loss:14.286 ET:49.1' for several stock codes per epoch, TF retracing warnings and matplotlib findfont noise", True, [], ["plateau"],
      {"train_loss": ser([(int(m.group(1)), float(m.group(3))) for m in s], "Loss", "epoch as printed (several lines per epoch, one per stock)"),
       "epsilon": ser([(int(m.group(1)), float(m.group(2))) for m in s], "Epsilon (exploration rate)", "epoch")},
      "A3C-style agent over several stocks; the stock code in brackets names the environment, PV is a portfolio value with thousands separators.")

R = "adhoc-taichi-epoch-loss-md-backslash"
s = each(R, r"^Epoch (\d+), Loss: ([\d.]+)\\", lambda m: (int(m.group(1)), float(m.group(2))))
label(R, "markdown notes where every log line ends with a backslash (a forced line break): 'Epoch 100, Loss: 4646.0986\\', two runs", True, [], ["plateau"],
      {"train_loss": ser(s, "Loss", "epoch (every 100)")},
      "A differentiable-physics fit whose loss barely moves (4646 -> ~4600).")

R = "adhoc-bilstm-epoch-of-n-val-acc-runs"
s = each(R, r"^Epoch (\d+)/\d+ \| Loss: ([\d.]+) \| Val Acc: ([\d.]+)%", lambda m: m)
label(R, "'Epoch 1/20 | Loss: 1.7597 | Val Acc: 24.00%' over several runs (commands between), early stopping statements", True, [], ["overfitting", "plateau"],
      {"train_loss": ser([(int(m.group(1)), float(m.group(2))) for m in s], "Loss", "epoch as printed (several runs)"),
       "val_acc": ser([(int(m.group(1)), float(m.group(3))) for m in s], "Val Acc (%)", "epoch")},
      "A BiLSTM emotion classifier, six classes; validation accuracy ~25-55%.")

R = "adhoc-bilstm-config-then-epochs"
s = each(R, r"^Epoch (\d+)/\d+ \| Loss: ([\d.]+) \| Val Acc: ([\d.]+)%", lambda m: m)
label(R, "a 'key = value' configuration block before each run, then 'Epoch 1/100 | Loss: .. | Val Acc: ..%', twelve runs", True, [], ["overfitting"],
      {"train_loss": ser([(int(m.group(1)), float(m.group(2))) for m in s], "Loss", "epoch as printed (twelve runs)"),
       "val_acc": ser([(int(m.group(1)), float(m.group(3))) for m in s], "Val Acc (%)", "epoch")},
      "The 'key = value' lines are settings, not series; the loss falls to ~0 while validation accuracy stays ~45%.")

R = "adhoc-ensemble-two-models-one-line"
trl, vl = [], []
val = False
t = text(R)
for blk in re.split(r"#### Epoch \d+/\d+", t)[1:]:
    tr_part, _, va_part = blk.partition("Validating...")
    m = re.search(r"Epoch,\s*Model1 Loss: ([\d.]+),", tr_part)
    trl.append((None, float(m.group(1))))
    m = re.search(r"Epoch,\s*Model1 Loss: ([\d.]+),", va_part)
    vl.append((None, float(m.group(1))))
label(R, "two models and their blend in one line ('Batch 500,Model1 Train Loss:..,Model1 Train ACC:..,Model2 Train Loss:..'), 'Epoch, Model1 Loss: ..' after 'Training...' and again after 'Validating...' with the same words; the last epoch printed one key per line", True, [], [],
      {"train_model1_loss": ser(trl, "Model1 Loss on the 'Epoch,' line of the training block", "epoch 0-4"),
       "val_model1_loss": ser(vl, "Model1 Loss on the 'Epoch,' line after 'Validating...'", "epoch 0-4")},
      "Five epochs; the validation block is announced by 'Validating...', its words are the training's.")

for R in ("paddleclas-logging-train-from-scratch", "paddleclas-logging-finetune-resnet50vd"):
    tr = each(R, r"END epoch:(\d+)\s+train top1: ([\d.]+), top5: [\d.]+, loss: ([\d.]+),", lambda m: m)
    va = each(R, r"END epoch:(\d+)\s+valid top1: ([\d.]+), top5: [\d.]+, loss: ([\d.]+),", lambda m: m)
    label(R, "PaddleClas 2.0 logging in markdown: 'epoch:0  , train step:10  , top1: .., loss: .., lr: ..', 'END epoch:0   train top1: .., loss: ..', the same for 'valid step' / 'END epoch:0   valid ...', 'The best top1 acc x, in epoch: n'", True, [], ["overfitting", "plateau"],
          {"train_epoch_loss": ser([(int(m.group(1)), float(m.group(3))) for m in tr], "END epoch train loss", "epoch"),
           "train_epoch_top1": ser([(int(m.group(1)), float(m.group(2))) for m in tr], "END epoch train top1", "epoch"),
           "val_loss": ser([(int(m.group(1)), float(m.group(3))) for m in va], "END epoch valid loss", "epoch"),
           "val_top1": ser([(int(m.group(1)), float(m.group(2))) for m in va], "END epoch valid top1", "epoch")},
          "ResNet50_vd on flowers102 (20 epochs); the valid step lines are the evaluation's progress, its END line the result.")

R = "adhoc-lnn-mnist-download-then-epochs"
s = each(R, r"^\[Epoch (\d+)\] Loss: ([\d.]+) \| Acc: ([\d.]+)", lambda m: m)
label(R, "torchvision download messages then '[Epoch N] Loss: x | Acc: y' with dashed rules", True, [], ["plateau"],
      {"train_loss": ser([(int(m.group(1)), float(m.group(2))) for m in s], "Loss", "epoch"),
       "val_acc": ser([(int(m.group(1)), float(m.group(3))) for m in s], "Acc (test accuracy)", "epoch")},
      "A liquid network on MNIST, 30 epochs, accuracy ~0.99.")

R = "keras1-verbose2-no-epoch-lines-settings"
s = each(R, r"^\d+s - loss: ([\d.]+) - val_acc: ([\d.]+)", lambda m: (None, float(m.group(1))))
v = each(R, r"^\d+s - loss: ([\d.]+) - val_acc: ([\d.]+)", lambda m: (None, float(m.group(2))))
label(R, "Keras 1 verbose=2 epoch lines ('21s - loss: 2.5982 - val_acc: 0.3260') without their 'Epoch e/N' lines, eight fit() calls each under a settings line ('Input:0.4,Cell Count:64,Size: 128,Recurrent:0.0')", True, [], ["plateau"],
      {"train_loss": ser(s, "loss", "line order (no epoch printed; eight runs of ten epochs)"),
       "val_acc": ser(v, "val_acc", "line order")},
      "A sweep of eight settings, ten epochs each; the settings lines are the runs' hyperparameters, not series.")

out = {f"textlogs_unseen4/{k}": v for k, v in LABELS.items()}
json.dump(out, open(os.path.join(ROOT, "LABELS.json"), "w", encoding="utf-8"), indent=1, ensure_ascii=False)
print(len(out), "runs,", sum(len(v["expected_series"]) for v in out.values()), "series")
for k, v in out.items():
    for n, e in v["expected_series"].items():
        print(f"{k[18:]:45s} {n:20s} {e['points']:5d} {e['first']} {e['last']}")
