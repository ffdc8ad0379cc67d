"""Labels for tests/data/textlogs_unseen5, computed from the raw text with regular expressions (never with curvedoc),
before curvedoc read any of these files. Run: python .labelling/build.py"""
import json, os, re
from lab import *

F = r"(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)"

def each(run, rx, conv, cr_split=True):
    out, r = [], re.compile(rx)
    for l in lines(run, cr_split):
        m = r.search(l)
        if m:
            out.append(conv(m))
    return out

def epoched(run, epoch_rx, rx, groups, cr_split=True):
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

def pairs(pts):
    """(epoch, iteration) pairs: the label does not say which step the reader should compute from them."""
    return [([a, b], v) for (a, b), v in pts]

def nox(pts):
    return [(None, v) for _, v in pts]

# ---------------------------------------------------------------------------------------------------------------
R = "mmdet2-md-sockets-val-per-epoch"
tr = each(R, r"mmdet - INFO - Epoch \[(\d+)\]\[(\d+)/(\d+)\].*loss_cls: " + F + r".*loss_bbox: " + F + r", loss_mask: " + F + r", loss: " + F,
          lambda m: (int(m.group(1)), int(m.group(2)), int(m.group(3)), float(m.group(4)), float(m.group(5)), float(m.group(6)), float(m.group(7))))
va = each(R, r"mmdet - INFO - Epoch\(val\) \[(\d+)\]\[\d+\]\s+bbox_mAP: " + F + r".*segm_mAP: " + F, lambda m: (int(m.group(1)), float(m.group(2)), float(m.group(3))))
g = lambda i: [((t[0] - 1) * t[2] + t[1], t[i]) for t in tr]
label(R, "MMDetection 2.x text log pasted into a markdown diary between headings ('**epoch: 1**', code fences): '- mmdet - INFO - Epoch [e][i/930]  lr: .., loss_rpn_cls: .., loss_cls: .., acc: .., loss_bbox: .., loss_mask: .., loss: ..', COCO evaluation tables, then 'Epoch(val) [e][764]  bbox_mAP: .., segm_mAP: ..'", True, [], ["plateau"],
      {"train_loss": ser(g(6), "loss", "global iteration (e-1)*930+i (the printed epoch and iteration)"),
       "train_loss_cls": ser(g(3), "loss_cls", "global iteration"),
       "train_loss_mask": ser(g(5), "loss_mask", "global iteration"),
       "val_bbox_mAP": ser([(None, v) for _, v, _ in va], "Epoch(val) bbox_mAP", "one per epoch (12)"),
       "val_segm_mAP": ser([(None, v) for _, _, v in va], "Epoch(val) segm_mAP", "one per epoch")},
      "Mask R-CNN on a small sockets set, 12 epochs; mAP stays ~0.01-0.03.")

for R, key, rx, note in (
        ("mmengine-test-only-classifier", "accuracy/top1", r"Epoch\(test\) \[\d+/\d+\]\s+accuracy/top1: " + F, "MMPretrain 1.x (mmengine) test of a fine-tuned classifier: environment and config dump, then 'Epoch(test) [28/28]  accuracy/top1: 93.9189  accuracy/top5: ..data_time: ..' (no space before data_time)"),
        ("mmpretrain-test-only-top1-top5", "accuracy/top1", r"Epoch\(test\) \[\d+/\d+\]\s+accuracy/top1: " + F, "MMPretrain 1.x (mmengine) test only: config dump with 'load_from = ..best_accuracy_top1_epoch_85.pth', progress 'Epoch(test) [ 1/13]  eta ..', then one 'Epoch(test) [13/13]  accuracy/top1: 70.0000  accuracy/top5: ..'"),
        ("mmengine-test-only-balloon-det", "coco/bbox_mAP", r"Epoch\(test\) \[\d+/\d+\]\s+coco/bbox_mAP: " + F, "MMDetection 3.x (mmengine) test only: environment, config dump, COCO tables, then one 'Epoch(test) [13/13]  coco/bbox_mAP: .. coco/bbox_mAP_l: 0.8480data_time: ..'"),
        ("mmdet3-test-only-coco-bbox", "coco/bbox_mAP", r"Epoch\(test\) \[\d+/\d+\]\s+coco/bbox_mAP: " + F, "MMDetection 3.x (mmengine) test only, as above, another dataset")):
    v = each(R, rx, lambda m: float(m.group(1)))
    top5 = each(R, r"accuracy/top5: " + F, lambda m: float(m.group(1)))
    s = {"test_" + key.split("/")[-1]: ser([(None, x) for x in v], key, "a single final evaluation (one point)")}
    if top5:
        s["test_top5"] = ser([(None, x) for x in top5], "accuracy/top5", "one point")
    label(R, note, True, [], [], s, "A single evaluation of a trained model: series of one point, kept; no training in this log.")

R = "mmpose-mmengine-epoch-val-coco-ap"
tr = each(R, r"Epoch\(train\)\s+\[(\d+)\]\[(\d+)/(\d+)\].*?\bloss: " + F + r"\s+loss_kpt: " + F + r"\s+acc_pose: " + F,
          lambda m: (int(m.group(1)), int(m.group(2)), int(m.group(3)), float(m.group(4)), float(m.group(5)), float(m.group(6))))
va = each(R, r"Epoch\(val\) \[(\d+)\]\[\d+/\d+\]\s+coco/AP: " + F + r".*PCK: " + F, lambda m: (int(m.group(1)), float(m.group(2)), float(m.group(3))))
label(R, "MMPose 1.x (mmengine) log: 'Epoch(train)   [1][1/6]  lr: .. loss: .. loss_kpt: .. acc_pose: ..' (6 iterations an epoch, 300 epochs), 'Epoch(val) [10][6/6]    coco/AP: .. coco/AP .5: .. PCK: .. AUC: .. NME: ..' every 10 epochs", True, [], ["plateau"],
      {"train_loss": ser([((t[0] - 1) * t[2] + t[1], t[3]) for t in tr], "loss", "global iteration (e-1)*6+i"),
       "train_acc_pose": ser([((t[0] - 1) * t[2] + t[1], t[5]) for t in tr], "acc_pose", "global iteration"),
       "val_coco_AP": ser([(None, a) for _, a, _ in va], "coco/AP", "every 10 epochs (30)"),
       "val_PCK": ser([(None, p) for _, _, p in va], "PCK", "every 10 epochs")},
      "Keypoints on a small ear/face set: loss falls 0.42 -> 0.024, coco/AP rises 0.01 -> 0.72.")

R = "mmseg-mmengine-iter-based-val"
tr = each(R, r"Iter\(train\) \[\s*(\d+)/\d+\].*?\bloss: " + F + r"\s+decode\.loss_ce: " + F + r"\s+decode\.acc_seg: " + F,
          lambda m: (int(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4))))
va = each(R, r"Iter\(val\) \[\d+/\d+\]\s+aAcc: " + F + r"\s+mIoU: " + F, lambda m: (float(m.group(1)), float(m.group(2))))
label(R, "MMSegmentation 1.x (mmengine) iteration-based: 'Iter(train) [ 100/3000]  lr: .. loss: .. decode.loss_ce: .. decode.acc_seg: .. aux.loss_ce: ..', 'Iter(val) [17/17]    aAcc: .. mIoU: .. mAcc: ..' every 400 iterations, a per-class IoU table before each", True, [], [],
      {"train_loss": ser([(t[0], t[1]) for t in tr], "loss", "iteration as printed"),
       "train_decode_loss_ce": ser([(t[0], t[2]) for t in tr], "decode.loss_ce", "iteration"),
       "train_decode_acc_seg": ser([(t[0], t[3]) for t in tr], "decode.acc_seg", "iteration"),
       "val_mIoU": ser([(None, b) for _, b in va], "Iter(val) mIoU", "every 400 iterations (the reader may place it at the iteration reached)"),
       "val_aAcc": ser([(None, a) for a, _ in va], "Iter(val) aAcc", "every 400 iterations")},
      "A PSPNet-like model on a small set, 3000 iterations; mIoU reaches ~62.")

R = "logging-main-epoch-tgt-src-losses"
t = each(R, r"INFO:__main__:Epoch: (\d+) avg_loss_tgt: " + F, lambda m: (int(m.group(1)), float(m.group(2))))
s = each(R, r"INFO:__main__:Epoch: (\d+) avg_loss_src: " + F, lambda m: (int(m.group(1)), float(m.group(2))))
label(R, "Python logging with the default 'INFO:__main__:' prefix over several trainings: 'Epoch: 0000 avg_loss_tgt: .. time: ..s', 'Epoch: 0000 avg_loss_src: ..' (the second only in the early runs), later 'origin_loss_tgt / cluster_loss_tgt / trans_loss_tgt / pos_tgt / neg_tgt', evaluation lists 'best_eval_tgt:[..]'", True, [], [],
      {"train_avg_loss_tgt": ser(t, "avg_loss_tgt", "epoch as printed (zero-padded; each training starts again at 0000)"),
       "train_avg_loss_src": ser(s, "avg_loss_src", "epoch as printed")},
      "Cross-domain recommendation trainings one after the other in one file.")

R = "logging-epoch-of-n-train-val-then-test"
k = each(R, r"Epoch \[(\d+)/\d+\], Train Loss: " + F + r", Train Acc: " + F + r", Val Loss: " + F + r", Val Acc: " + F, lambda m: m)
te = each(R, r"Test Loss: " + F + r", Test Acc: " + F, lambda m: (float(m.group(1)), float(m.group(2))))
E = lambda i: [(int(m.group(1)), float(m.group(i))) for m in k]
label(R, "Python logging ('%(asctime)s - INFO - ..', Chinese messages) of 19 trainings appended to one file: 'Epoch [e/N], Train Loss: .., Train Acc: .., Val Loss: .., Val Acc: ..' on one line, 'Test Loss: .., Test Acc: ..' after each", True, [], ["overfitting"],
      {"train_loss": ser(E(2), "Train Loss", "epoch as printed (each training from 1)"),
       "train_acc": ser(E(3), "Train Acc", "epoch"),
       "val_loss": ser(E(4), "Val Loss (same line as Train Loss: split by the words)", "epoch"),
       "val_acc": ser(E(5), "Val Acc", "epoch"),
       "test_loss": ser([(None, a) for a, _ in te], "Test Loss", "one per training (11 printed)"),
       "test_acc": ser([(None, b) for _, b in te], "Test Acc", "one per training")},
      "Face pose classification runs; train and validation on one line must come apart.")

R = "logging-train-val-lines-several-runs"
h = epoched(R, r"INFO - Epoch (\d+)/\d+", r"INFO - Train Loss: " + F + r", Train Acc: " + F + "%", (1, 2))
v = epoched(R, r"INFO - Epoch (\d+)/\d+", r"INFO - Val Loss: " + F + r", Val Acc: " + F + "%", (1, 2))
te = each(R, r"INFO - Test Loss: " + F + r", Test Accuracy: " + F + "%", lambda m: (float(m.group(1)), float(m.group(2))))
label(R, "Python logging of many trainings: 'Epoch e/20' on its own line, then 'Train Loss: .., Train Acc: 16.41%' and 'Val Loss: .., Val Acc: 18.81%' lines, 'New best validation accuracy', 'Test Loss: .., Test Accuracy: ..%' (several per training)", True, [], ["overfitting"],
      {"train_loss": ser(h[1], "Train Loss", "epoch from the 'Epoch e/N' line above"),
       "train_acc": ser(h[2], "Train Acc (percent)", "epoch"),
       "val_loss": ser(v[1], "Val Loss", "epoch"),
       "val_acc": ser(v[2], "Val Acc", "epoch"),
       "test_loss": ser([(None, a) for a, _ in te], "Test Loss", "as printed")},
      "ResNet on a 7-class set, several trainings appended; val accuracy plateaus ~60%.")

R = "logging-print-mixed-train-loss-val-acc"
tl = each(R, r"Epoch (\d+): Training Loss = " + F, lambda m: (int(m.group(1)), float(m.group(2))))
va = each(R, r"Validation Accuracy: " + F + "%", lambda m: float(m.group(1)))
label(R, "a script mixing print() ('Epoch 1: Training Loss = 0.2301') and logging ('- INFO - Validation Accuracy: 94.44%'), later both through logging; three trainings", True, [], [],
      {"train_loss": ser(tl, "Training Loss", "epoch as printed (1-10, three times)"),
       "val_acc": ser([(None, x) for x in va], "Validation Accuracy (percent)", "after each epoch")},
      "Chest CT classifier: validation accuracy 91-100%.")

R = "adhoc-g2p-pipes-val-per"
k = each(R, r"^Epoch (\d+) \| Train Loss: " + F + r" \| Val Loss: " + F + r" \| Val PER: " + F, lambda m: m)
E = lambda i: [(int(m.group(1)), float(m.group(i))) for m in k]
label(R, "print log with ' | ' separators: 'Epoch 01 | Train Loss: .. | Val Loss: .. | Val PER: .. | Time: 37.9s', '  >> No improvement (2 epochs).', several trainings (epochs restart)", True, [], [],
      {"train_loss": ser(E(2), "Train Loss", "epoch as printed"),
       "val_loss": ser(E(3), "Val Loss", "epoch"),
       "val_per": ser(E(4), "Val PER (phoneme error rate: lower is better)", "epoch")},
      "Indonesian grapheme-to-phoneme model.")

R = "adhoc-model-prefixed-epoch-loss"
k = each(R, r"^(\S+) Epoch (\d+): Loss = " + F, lambda m: (int(m.group(2)), float(m.group(3))))
label(R, "several models trained one after the other, each line prefixed with the model's name: 'LSTM_e1 Epoch 1: Loss = 4.1839', 'Transformer_L2_e1 Epoch 1: Loss = ..', '[LSTM_e1] Temperature=0.7' then generated text", True, [], [],
      {"train_loss": ser(k, "Loss", "epoch as printed (each model from 1)")},
      "Character language models; loss falls within each model.")

R = "slurm-cirkd-out-nvidia-smi"
it = each(R, r"Iters: (\d+)/\d+ \|\| Lr: " + F + r" \|\| Task Loss: " + F + r" \|\| KD Loss: " + F, lambda m: (int(m.group(1)), float(m.group(3)), float(m.group(4))))
res = []
for l in lines(R):
    m = re.search(r"Sample: (\d+), Validation pixAcc: " + F + r", mIoU: " + F, l)
    if m and int(m.group(1)) == 500:
        res.append((float(m.group(2)), float(m.group(3))))
label(R, "SLURM .out of a distillation job: nvidia-smi table, torch.distributed warnings, 'semantic_segmentation INFO: Namespace(..)', 'Iters: 10/20000 || Lr: .. || Task Loss: .. || KD Loss: ..|| Cost Time: ..', each evaluation's running 'Sample: i, Validation pixAcc: .., mIoU: ..' for i = 1..500", True, [], [],
      {"train_task_loss": ser([(a, b) for a, b, _ in it], "Task Loss", "iteration as printed"),
       "train_kd_loss": ser([(a, c) for a, _, c in it], "KD Loss", "iteration"),
       "val_mIoU": ser([(None, b) for _, b in res], "Validation mIoU: the running value at the last sample (500) is the evaluation's result", "one per evaluation (25)"),
       "val_pixAcc": ser([(None, a) for a, _ in res], "Validation pixAcc at sample 500", "one per evaluation")},
      "SegFormer-B0 student distilled on Cityscapes, 20000 iterations.")

R = "adhoc-tab-indented-epoch-acc-loss"
k = each(R, r"^\tepoch (\d+): train acc: " + F + r"%, loss: " + F, lambda m: (int(m.group(1)), float(m.group(2)), float(m.group(3))))
te = each(R, r"is test acc: " + F + r"%, loss: " + F, lambda m: (float(m.group(1)), float(m.group(2))))
label(R, "print log indented with a tab: '\\tepoch 1: train acc: 49.672%, loss: 1.45..', every five epochs 'The result of BN_Relu_RestNet18 with Adam is test acc: 76.82%, loss: 0.68..', per-class test accuracies at the end", True, [], ["overfitting"],
      {"train_acc": ser([(a, b) for a, b, _ in k], "train acc", "epoch"),
       "train_loss": ser([(a, c) for a, _, c in k], "loss", "epoch"),
       "test_acc": ser([(None, a) for a, _ in te], "test acc", "every five epochs (10)"),
       "test_loss": ser([(None, b) for _, b in te], "test loss (the same word 'loss' on a test line)", "every five epochs")},
      "ResNet-18 on CIFAR-10, 50 epochs.")

def hf(R, style, notes, evalkeys=("eval_loss",)):
    tl, ev = [], {k: [] for k in evalkeys}
    for l in lines(R):
        m = re.search(r"\{'loss': " + F + r", 'grad_norm': " + F + r", 'learning_rate': " + F + r", 'epoch': " + F + r"\}", l)
        if m:
            tl.append((None, float(m.group(1))))
        if "{'eval_loss'" in l:
            for k in evalkeys:
                m = re.search(r"'" + k + r"': " + F, l)
                ev[k].append((None, float(m.group(1))))
    s = {"train_loss": ser(tl, "loss", "logging step (the dict's epoch is a fraction)")}
    for k in evalkeys:
        if ev[k]:
            s[k.replace("eval_", "val_")] = ser(ev[k], k, "each evaluation")
    label(R, style, True, [], [], s, notes)

hf("hf-trainer-tqdm-wandb-output", "HF Trainer console captured to a file: wandb lines, FutureWarnings, tqdm bars joined by carriage returns with {'loss': .., 'grad_norm': .., 'learning_rate': .., 'epoch': 0.75} and {'eval_loss': .., 'eval_accuracy': .., 'eval_f1': ..} printed after the bar", "An image classifier fine-tuned for 650 steps.", ("eval_loss", "eval_accuracy", "eval_f1"))
hf("hf-dicts-peft-qwen-config", "HF Trainer stdout of a PEFT fine-tune: model list, a config dict, 'trainable params: ..', TrainingArguments dump ('adam_beta1=0.9,'), then 10000 {'loss': ..} dicts and {'eval_loss': ..} dicts", "Qwen3-0.6B LoRA on a syntax task.")
hf("hf-wandb-output-interrupted", "W&B output.log of an HF Trainer run: tqdm bars, DataLoader warning, {'loss': ..} dicts, then a KeyboardInterrupt traceback", "An interrupted DPO-like fine-tune (134 of 3750 steps).")
hf("hf-wandb-output-eval-dicts", "W&B output.log of an HF Trainer run: tqdm bars, {'loss': ..} and {'eval_loss': .., 'eval_accuracy': ..} dicts, the final {'train_runtime': ..} and model-card dict", "A causal LM fine-tune with periodic evaluation.", ("eval_loss", "eval_accuracy"))
hf("hf-wandb-output-eval-every-few", "W&B output.log of an HF Trainer run: one {'eval_loss': ..} after each {'loss': ..}", "As above; evaluation as often as logging.", ("eval_loss", "eval_accuracy"))

R = "mxnet-epoch-batch-speed-metrics"
ser_ = {}
for key in ("Acc", "ObjectAcc", "SmoothL1"):
    b = each(R, r"^Epoch\[(\d+)\] Batch \[(\d+)\]\tSpeed: [\d.]+ samples/sec\tTrain-" + key + "=" + F, lambda m: ([int(m.group(1)), int(m.group(2))], float(m.group(3))))
    e = each(R, r"^Epoch\[(\d+)\] Train-" + key + "=" + F, lambda m: (int(m.group(1)), float(m.group(2))))
    ser_["train_" + key.lower()] = ser(b, "Train-" + key + " (batch lines)", "(epoch, batch) as printed; runs resumed from epoch 145/149 and restarted from 0")
    ser_["train_" + key.lower() + "_epoch_end"] = ser(e, "Train-" + key + " at the end of the epoch ('Epoch[e] Train-..=' without Batch)", "epoch")
label(R, "MXNet Module.fit log: 'Epoch[145] Batch [20]\\tSpeed: 36.22 samples/sec\\tTrain-Acc=0.77' (one metric per line, three lines per batch), 'Epoch[145] Train-Acc=..' at the epoch's end, 'Epoch[145] Time cost=..', 'Saved checkpoint', 'Resume training with (gpu(0)) from epoch 149'", True, [], [],
      ser_, "SSD on traffic signs; several launches appended (resumes and from-scratch restarts).")

R = "wandb-output-log-icecream-tqdm"
v, seen = [], set()
for l in lines(R):
    m = re.search(r"Validation at Global Step: (\d+), Validation Loss: " + F, l)
    if m and (m.group(1), m.group(2)) not in seen:
        seen.add((m.group(1), m.group(2)))
        v.append((int(m.group(1)), float(m.group(2))))
label(R, "W&B output.log of a custom loop: tqdm descriptions 'Epoch: 1, Loss: 0.4040:  21%|..' and 'Validation at Global Step: 750, Validation Loss: 0.4047: 100%|..', icecream debug prints with ANSI colours ('ic| metrics: {'ACCURACY': .., 'LOSS': ..}', multi-line tensors)", True, [], [],
      {"val_loss": ser(v, "Validation Loss", "global step as printed")},
      "A BERT-like classifier with a custom optimizer.")

R = "dbnet-pprint-config-logging"
st = each(R, r"DBNet INFO: \[(\d+)/\d+\], \[(\d+)/\d+\], global_step: (\d+),.*?, loss: " + F, lambda m: (int(m.group(3)), float(m.group(4))))
ep = each(R, r"DBNet INFO: \[(\d+)/\d+\], train_loss: " + F, lambda m: (int(m.group(1)), float(m.group(2))))
te = each(R, r"DBNet INFO: test: recall: " + F + r", precision: " + F + r", hmean: " + F, lambda m: (float(m.group(1)), float(m.group(3))))
label(R, "DBNet.pytorch logging: a pprint-ed config dict over 200 lines, '[1/200], [25/288], global_step: 25, speed: .., acc: .., iou_shrink_map: .., loss: .., loss_shrink_maps: ..', '[1/200], train_loss: .., time: .., lr: ..', 'test: recall: .., precision: .., hmean: ..', 'current best:recall: ..', resumes", True, [], [],
      {"train_loss": ser([(None, b) for a, b in st], "loss (step lines)", "global step as printed (resumed jobs)"),
       "train_loss_epoch": ser([(None, b) for a, b in ep], "train_loss (epoch lines)", "epoch")},
      "Text detection on CPU then GPU, resumed several times.")

R = "dino-train-out-knn"
k = each(R, r"^Epoch: \[(\d+)\]\s+\[\s*(\d+)/\d+\]\s+eta: \S+\s+lr: [\d.]+\s+loss: " + F, lambda m: ([int(m.group(1)), int(m.group(2))], float(m.group(3))))
label(R, "DINO (facebookresearch) stdout of a SLURM job: args dumped one per line ('clip_grad: 3.0'), 'Epoch: [0]  [ 20/782]  eta: ..  lr: ..  loss: 6.909647 (6.919506)  time: ..', 'Averaged stats: ..', k-NN evaluation '20-NN classifier result: Top1: .., Top5: ..'", True, [], [],
      {"train_loss": ser(k, "loss (the current value, before the running mean in parentheses)", "(epoch, iteration) as printed")},
      "Self-supervised ViT pretraining; several launches.")

R = "logging-meta-batch-loss-maml"
mb = each(R, r"INFO: Meta batch loss: " + F, lambda m: (None, float(m.group(1))))
tl = each(R, r"INFO: Total eval loss: " + F, lambda m: (None, float(m.group(1))))
jg = each(R, r"INFO: Joint goal accuracy: " + F, lambda m: (None, float(m.group(1))))
label(R, "Python logging '%(asctime)s:%(levelname)s: %(message)s' of MAML meta-learning for dialogue state tracking: 'Meta batch loss: ..', 'Average inner loss after inner updates : ..', 'Meta epoch N...', evaluation sentences 'Total eval loss: ..', 'Joint goal accuracy: ..', '- Eval metrics : batch_loss: .. ; joint_goal_accuracy: ..'", True, [], [],
      {"train_meta_batch_loss": ser(mb, "Meta batch loss", "as printed"),
       "val_total_eval_loss": ser(tl, "Total eval loss", "each evaluation"),
       "val_joint_goal_accuracy": ser(jg, "Joint goal accuracy", "each evaluation")},
      "Several launches appended.")

R = "logging-meta-experiments-damsl"
tl = each(R, r"INFO: Average Training loss: " + F, lambda m: (None, float(m.group(1))))
el = each(R, r"INFO: Average Eval loss: " + F, lambda m: (None, float(m.group(1))))
label(R, "the same logging format over many experiments: 'Epoch 3/10', 'Average Training loss: ..' (8001 lines), 'Average Eval loss: ..', meta-learning blocks between", True, [], [],
      {"train_loss": ser(tl, "Average Training loss", "as printed"),
       "val_loss": ser(el, "Average Eval loss", "as printed")},
      "Many trainings appended; loss is per batch group.")

R = "loguru-simcse-namespace-runs"
tl = each(R, r"__main__:train:\d+ - loss: " + F, lambda m: (None, float(m.group(1))))
cc = each(R, r"higher corrcoef: " + F + r" in batch: (\d+), save model", lambda m: (None, float(m.group(1))))
label(R, "loguru format '2021-11-10 23:58:16.732 | INFO     | __main__:train:45 - loss: 0.0968', 'higher corrcoef: 0.7 in batch: 100, save model', 'Namespace(batch_size=4, ..)' at each launch, 'run run run'", True, [], [],
      {"train_loss": ser(tl, "loss", "as printed (many launches)"),
       "val_corrcoef": ser(cc, "higher corrcoef (the validation Spearman correlation when it improves)", "as printed")},
      "SimCSE on STS-B.")

R = "keras-verbose1-bars-traffic-signs"
k = epoched(R, r"^Epoch (\d+)/\d+", r"\d+/\d+ \[=+\] - \d+s \d+ms/step - loss: " + F + r" - acc: " + F + r" - val_loss: " + F + r" - val_acc: " + F, (1, 2, 3, 4))
label(R, "Keras verbose=1 captured to a file, each bar update on its own line ('  13/285 [>....] - ETA: 5s - loss: 3.9622 - acc: 0.0577'), the epoch's last line with val_loss / val_acc, 'Epoch e/50' headings, model summaries", True, [], ["overfitting"],
      {"train_loss": ser(k[1], "loss (the epoch's final bar)", "epoch"),
       "train_acc": ser(k[2], "acc", "epoch"),
       "val_loss": ser(k[3], "val_loss", "epoch"),
       "val_acc": ser(k[4], "val_acc", "epoch")},
      "A CNN on Belgian traffic signs, several fits (200 epochs in all).")

R = "lightning-bars-imu2clip"
k = each(R, r"^Epoch (\d+):\s+\d+%\|[^|]*\| (\d+)/\d+ \[[^\]]*loss=" + F, lambda m: ([int(m.group(1)), int(m.group(2))], float(m.group(3))))
label(R, "PyTorch Lightning progress bar captured to a file with carriage returns: 'Epoch 14: 100%|..| 777/777 [22:42<00:00,  1.75s/it, loss=0.161, v_num=54]', 'Validation:   0%|..' bars, no printed metrics otherwise", True, [], [],
      {"train_loss": ser(k, "loss (bar postfix, a running mean)", "(epoch, batch) of each bar update")},
      "IMU-to-CLIP alignment, 15 epochs.")

R = "lightgbm-valid-logloss-json-params"
v = each(R, r"^\[(\d+)\]\tvalid's binary_logloss: " + F, lambda m: (int(m.group(1)), float(m.group(2))))
label(R, "LightGBM training notes: a JSON dict of parameters, then '[50]\\tvalid's binary_logloss: 0.438938' every 50 iterations, per fold and per parameter set (the iteration restarts)", True, [], [],
      {"val_binary_logloss": ser(v, "valid's binary_logloss", "iteration as printed")},
      "A gradient-boosting sweep; the validation log loss is nearly flat.")

json.dump({"textlogs_unseen5/" + k: v for k, v in LABELS.items()}, open(os.path.join(ROOT, "LABELS.json"), "w", encoding="utf-8"), indent=1, ensure_ascii=False)
