"""Labels for tests/data/textlogs_unseen3, computed from the raw text with regular expressions (never with curvedoc),
before curvedoc read any of these files. Run: python .labelling/build.py"""
import json, os, re
from lab import *

def grab_any(run, rx, conv):
    """Every match of ``rx`` anywhere in the text (lines split on \\r and \\n), in order; conv(m) -> (x, v)."""
    out = []
    r = re.compile(rx)
    for l in lines(run):
        for m in r.finditer(l):
            out.append(conv(m))
    return out

# ---------------------------------------------------------------------------------------------------------------
R = "adhoc-resnet-18-34-50-train-test-same-words"
ep = None
tr = {k: [] for k in ("loss", "top1", "top5")}
te = {k: [] for k in ("loss", "top1", "top5")}
for l in lines(R):
    m = re.match(r"resnet-\d+ - Epoch (\d+)/\d+", l)
    if m:
        ep = int(m.group(1))
    m = re.match(r"(train|test) Loss: ([\d.]+) Top-1 Acc: ([\d.]+) Top-5 Acc: ([\d.]+)", l)
    if m:
        d = tr if m.group(1) == "train" else te
        d["loss"].append((ep, float(m.group(2)))); d["top1"].append((ep, float(m.group(3)))); d["top5"].append((ep, float(m.group(4))))
label(R, "ad-hoc print in markdown: 'resnet-N - Epoch e/100', 'train Loss: .. Top-1 Acc: ..' and 'test Loss: ..' with the same words, three models one after the other", True, [], ["overfitting", "plateau"],
      {"train_loss": ser(tr["loss"], "train Loss", "epoch as printed (1-100, three times)"),
       "train_top1": ser(tr["top1"], "train Top-1 Acc", "epoch"),
       "train_top5": ser(tr["top5"], "train Top-5 Acc", "epoch"),
       "test_loss": ser(te["loss"], "test Loss (same words as train, split by the line's first word)", "epoch"),
       "test_top1": ser(te["top1"], "test Top-1 Acc", "epoch"),
       "test_top5": ser(te["top5"], "test Top-5 Acc", "epoch")},
      "ResNet-50, -34, -18 trained one after the other for 100 epochs each on a 10-class image set; each epoch prints 'lr: [x]', a train line and a test line with the same words; each run ends with 'Best test Top-1 Acc: a' / 'Best test Top-5 Acc: b'. Test top-1 reaches ~89-90%.")

# ---------------------------------------------------------------------------------------------------------------
R = "yolov5-v7-console-md-details"
tr = grab(R, r"^\s+(\d+)/499\s+[\d.]+G\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+\d+\s+640:", 1, 2)
obj = grab(R, r"^\s+(\d+)/499\s+[\d.]+G\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+\d+\s+640:", 1, 3)
cls = grab(R, r"^\s+(\d+)/499\s+[\d.]+G\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+\d+\s+640:", 1, 4)
val = {"P": [], "R": [], "mAP50": [], "mAP50-95": []}
ep = None
for l in lines(R):
    m = re.match(r"^\s+(\d+)/499\s+[\d.]+G", l)
    if m:
        ep = int(m.group(1))
    m = re.match(r"^\s+all\s+51\s+87\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$", l)
    if m and ep is not None:
        for k, g in zip(val, range(1, 5)):
            val[k].append((ep, float(m.group(g))))
for k in val:  # the last 'all' row is the final validation of best.pt (after training), not an epoch's
    val[k] = val[k][:-1]
label(R, "YOLOv5 v7.0 console (box_loss obj_loss cls_loss Instances, mAP50 mAP50-95) pasted in a markdown <details> block, early stopping", True, [], ["plateau", "overfitting"],
      {"train_box_loss": ser(tr, "box_loss", "epoch as printed (0-332)"),
       "train_obj_loss": ser(obj, "obj_loss", "epoch"),
       "train_cls_loss": ser(cls, "cls_loss", "epoch"),
       "val_P": ser(val["P"], "P (the 'all' row under each epoch)", "epoch"),
       "val_R": ser(val["R"], "R", "epoch"),
       "val_mAP50": ser(val["mAP50"], "mAP50", "epoch"),
       "val_mAP50_95": ser(val["mAP50-95"], "mAP50-95", "epoch")},
      "YOLOv5s on a 3-class surgical-instrument set (51 val images), 'Epoch GPU_mem box_loss obj_loss cls_loss Instances Size' header and a 'Class Images Instances P R mAP50 mAP50-95' row per epoch; EarlyStopping(patience=100) stops at epoch 332 (best 232); then best.pt is validated once more with per-class rows. mAP50 0.02 -> ~0.55-0.6.")

# ---------------------------------------------------------------------------------------------------------------
R = "simple-nmt-seq2seq-transformer-validation-same-words"
tl = grab_any(R, r"Epoch (\d+) - \|param\|=\S+ \|g_param\|=\S+ loss=([\d.e+-]+) ppl=([\d.]+)", lambda m: (int(m.group(1)), float(m.group(2))))
tp = grab_any(R, r"Epoch (\d+) - \|param\|=\S+ \|g_param\|=\S+ loss=([\d.e+-]+) ppl=([\d.]+)", lambda m: (int(m.group(1)), float(m.group(3))))
vl, vp, ep = [], [], None
for l in lines(R):
    for m in re.finditer(r"Epoch (\d+) - \|param\|", l):
        ep = int(m.group(1))
    m = re.search(r"Validation - loss=([\d.e+-]+) ppl=([\d.]+)", l)
    if m:
        vl.append((ep, float(m.group(1)))); vp.append((ep, float(m.group(2))))
label(R, "simple-nmt (ignite) in markdown: 'Epoch N - |param|=.. loss=.. ppl=..' then 'Validation - loss=.. ppl=.. best_loss=..' (same words), four trainings (seq2seq and transformer, both directions)", True, [], ["overfitting"],
      {"train_loss": ser(tl, "loss on 'Epoch N -' lines", "epoch as printed (1-100, four times)"),
       "train_ppl": ser(tp, "ppl on 'Epoch N -' lines", "epoch"),
       "val_loss": ser(vl, "loss on 'Validation -' lines (best_loss is the running best, not it)", "epoch of the 'Epoch N' line before"),
       "val_ppl": ser(vp, "ppl on 'Validation -' lines", "epoch")},
      "Myanmar-Beik translation with simple-nmt: seq2seq my-bk, seq2seq bk-my, transformer my-bk, transformer bk-my, 100 epochs each, each launch after a dict of its arguments; the transformer runs print tqdm 'Iteration:' bars (loss/ppl in the bar postfix) before their epoch lines; between runs, shell scripts and BLEU tables. Validation loss bottoms out and rises (overfitting) while training loss keeps falling.")

# ---------------------------------------------------------------------------------------------------------------
R = "adhoc-kan-tqdm-postfix-val-epoch"
vl = grab_any(R, r"Epoch (\d+), Val Loss: ([\d.e-]+), Val Accuracy: ([\d.e-]+)", lambda m: (int(m.group(1)), float(m.group(2))))
va = grab_any(R, r"Epoch (\d+), Val Loss: ([\d.e-]+), Val Accuracy: ([\d.e-]+)", lambda m: (int(m.group(1)), float(m.group(3))))
cl = grab(R, r"^Epoch (\d+): Loss = ([\d.]+), Accuracy = ([\d.]+)", 1, 2)
ca = grab(R, r"^Epoch (\d+): Loss = ([\d.]+), Accuracy = ([\d.]+)", 1, 3)
S = {"val_loss": ser(vl, "Val Loss ('Epoch N, Val Loss: x, Val Accuracy: y', some after a tqdm bar on the same line)", "epoch as printed (many runs)"),
     "val_acc": ser(va, "Val Accuracy", "epoch")}
if cl:
    S["cpp_train_loss"] = ser(cl, "Loss on 'Epoch N: Loss = x, Accuracy = y' (C++ MLP baseline)", "epoch")
    S["cpp_train_acc"] = ser(ca, "Accuracy on the same lines", "epoch")
label(R, "experiment notebook in markdown: tqdm bars (accuracy/loss/lr in the postfix) then 'Epoch N, Val Loss: x, Val Accuracy: y', many runs (FastKAN, Efficient-KAN, FasterKAN, MLP) on English and Myanmar MNIST, some pasted from the middle", True, [], ["overfitting", "plateau"],
      S, "KAN variants vs MLP on MNIST and Myanmar-digit MNIST: each run prints per-epoch tqdm bars and a validation line; some runs pasted from epoch 7-8 onward, several 10-, 20- and 36-epoch runs; comparison tables in markdown between them. Validation accuracy ~0.97-0.99.")

# ---------------------------------------------------------------------------------------------------------------
R = "xnmt-fractional-epochs-dev-bleu"
tl = grab(R, r"^\[[^\]]+\] Epoch ([\d.]+): train_loss/word=([\d.]+) \(steps=\d+", 1, 2, xconv=float)
bl = grab(R, r"^\[[^\]]+\] Epoch ([\d.]+) dev BLEU4: ([\d.]+),", 1, 2, xconv=float)
dl = []
ep = None
for l in lines(R):
    m = re.match(r"^\[[^\]]+\] Epoch ([\d.]+) dev BLEU4", l)
    if m:
        ep = float(m.group(1))
    m = re.match(r"^\[[^\]]+\]\s+dev auxiliary Loss: ([\d.]+)", l)
    if m:
        dl.append((ep, float(m.group(1))))
label(R, "xnmt in markdown: '[exp] Epoch 19.5323: train_loss/word=x (steps=n, ...)' at fractional epochs, '[exp] Epoch 20.0000 dev BLEU4: b, ...' and 'dev auxiliary Loss' at epoch ends, four experiments (en-my, my-en, word and syllable)", True, [], ["overfitting", "plateau"],
      {"train_loss_per_word": ser(tl, "train_loss/word", "fractional epoch as printed (steps also printed)"),
       "dev_bleu": ser(bl, "dev BLEU4 (first number)", "epoch"),
       "dev_loss": ser(dl, "dev auxiliary Loss", "epoch of the BLEU line above")},
      "xnmt medical-domain English-Myanmar translation, four experiments in one notes file (some pasted from the middle of training, from epoch ~19 or ~23 on); train loss/word 8.3 -> ~1.9; dev BLEU 0.16-0.26 per experiment, with 'dev auxiliary GLEU' lines too.")

# ---------------------------------------------------------------------------------------------------------------
R = "keras2-notebook-lr-column-md"
kl = {k: [] for k in ("loss", "accuracy", "val_loss", "val_accuracy", "lr")}
ep = None
for l in lines(R):
    m = re.match(r"^Epoch (\d+)/20\s*$", l)
    if m:
        ep = int(m.group(1))
    m = re.search(r"\d+/\d+ \[=+\] - \d+s \d+ms/step - loss: ([\d.e-]+) - accuracy: ([\d.e-]+) - val_loss: ([\d.e-]+) - val_accuracy: ([\d.e-]+) - lr: ([\d.e-]+)", l)
    if m:
        for k, g in zip(kl, range(1, 6)):
            kl[k].append((ep, float(m.group(g))))
label(R, "Keras 2 fit(verbose=1) in markdown with an lr column, ETA snapshots before 'Epoch 6: ReduceLROnPlateau reducing learning rate' statements, TensorFlow warnings after 'Epoch 1/20'", True, [], ["overfitting"],
      {"train_loss": ser(kl["loss"], "loss (epoch-end line)", "epoch"),
       "train_acc": ser(kl["accuracy"], "accuracy", "epoch"),
       "val_loss": ser(kl["val_loss"], "val_loss", "epoch"),
       "val_acc": ser(kl["val_accuracy"], "val_accuracy", "epoch")},
      "Sign-language MNIST CNN, 20 epochs with ReduceLROnPlateau (lr 1e-3 -> 3.1e-5); the code is quoted above the log; val_loss 3.44 -> 0.0013, val_accuracy 0.18 -> 1.0.")

# ---------------------------------------------------------------------------------------------------------------
R = "adhoc-tsetlin-epoch-of-n-several-runs"
acc = grab(R, r"^Epoch (\d+)/\d+, Accuracy: ([\d.]+), F1 Score: ([\d.]+)", 1, 2)
f1 = grab(R, r"^Epoch (\d+)/\d+, Accuracy: ([\d.]+), F1 Score: ([\d.]+)", 1, 3)
label(R, "ad-hoc print in markdown: 'Epoch e/N, Accuracy: a, F1 Score: f, Precision: p, Recall: r', several runs (N = 100, 200, 500, 300, 100 x4), some printing every N/… epochs", False, [], ["no_learning", "plateau"],
      {"accuracy": ser(acc, "Accuracy", "epoch as printed"),
       "f1": ser(f1, "F1 Score", "epoch")},
      "Tsetlin machine on spelling-error type classification, several runs with different epoch counts; accuracy stays at 0.34-0.46 (majority class) and F1 at ~0.29: it does not learn.")

out = {f"textlogs_unseen3/{k}": v for k, v in sorted(LABELS.items())}
json.dump(out, open(os.path.join(ROOT, "LABELS.json"), "w"), indent=1, ensure_ascii=False)
print(len(out), "runs", sum(len(v["expected_series"]) for v in out.values()), "series")
for k, v in out.items():
    for n, s in v["expected_series"].items():
        print(f"{k:60s} {n:20s} {s['points']:5d} {s['first']} {s['last']}")
