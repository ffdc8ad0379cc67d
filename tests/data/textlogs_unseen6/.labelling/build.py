"""Labels for tests/data/textlogs_unseen6, computed from the raw text with regular expressions (never with curvedoc),
before curvedoc read any of these files. Run: python .labelling/build.py"""
import json, os, re
from lab import *

F = r"(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?|nan|-?inf)"


def each(run, rx, conv, cr_split=True):
    out, r = [], re.compile(rx)
    for l in lines(run, cr_split):
        for m in r.finditer(l):
            out.append(conv(m))
    return out


def v(run, rx, g=1, x=None, cr_split=True):
    """(x, value) pairs of group g; x is group x (an int) or None."""
    return each(run, rx, lambda m: (int(m.group(x)) if x else None, num(m.group(g))), cr_split)


def blocks(run, head_rx, rx, g=1, cr_split=True):
    """values of rx under the last heading matched by head_rx, keyed by the heading's first group."""
    out, cur = {}, None
    hr, r = re.compile(head_rx), re.compile(rx)
    for l in lines(run, cr_split):
        m = hr.search(l)
        if m:
            cur = m.group(1)
            continue
        m = r.search(l)
        if m and cur is not None:
            out.setdefault(cur, []).append((None, num(m.group(g))))
    return out


def S(pts, key, x):
    return ser(pts, key, x)


# ---------------------------------------------------------------------------------------------------------------
R = "ner-logging-iteration-step-eval"
label(R, "Python logging '%(asctime)s - log\\train.log - INFO - ..' of a Chinese NER trainer, a config dump ('model_type     :\\tidcnn') at each of six launches, then 'iteration:1 step:100/1687, NER loss:79.399948'", True, [], [],
      {"train_ner_loss": S(v(R, r"iteration:\d+ step:\d+/\d+, NER loss:\s*" + F), "NER loss", "(iteration, step) as printed; several launches appended")},
      "ID-CNN/BiLSTM-CRF NER, six launches appended to one file.")

R = "captioning-epoch-step-perplexity"
label(R, "the Udacity image-captioning print 'Epoch [1/3], Step [2280/12942], Loss: 3.9568, Perplexity: 52.2890' on every step (38,826 lines)", True, [], [],
      {"train_loss": S(v(R, r"Epoch \[\d+/\d+\], Step \[\d+/\d+\], Loss: " + F), "Loss", "(epoch, step) as printed, 3 x 12942"),
       "train_perplexity": S(v(R, r", Perplexity: " + F), "Perplexity", "every step")},
      "CNN-RNN captioner on COCO, 3 epochs.")

R = "flows-epoch-loss-parts"
label(R, "normalizing-flow experiment print: a YAML config, then per epoch 'epoch: 3, loss: 7.94, loss2: 0.28, pf:0.00e+00, pf1:2.69e-05, loss data: -10.51, loss prior: -3.59, logdet: -0.31' among 166,000 'sim  N' lines and probability prints", True, [], [],
      {"train_loss": S(v(R, r"^epoch: \d+, loss: " + F), "loss", "epoch as printed (several experiments appended)"),
       "train_loss_data": S(v(R, r", loss data: " + F), "loss data", "epoch")},
      "Bayesian model updating with RealNVP-like flows, several seeds appended.")

R = "composition-validation-perp"
label(R, "Theano captioning trainer (python 2): 'Epoch 0 Update 1 Cost 19.14 PD .. UD ..' every update, 'validation loss: 163.6, validation perp: 383.3' after each validation, 52,000 'genearate the captions of sample 0' lines, BLEU/METEOR/CIDEr prints", True, [], [],
      {"train_cost": S(v(R, r"^Epoch \d+ Update \d+ Cost " + F), "Cost", "update as printed"),
       "val_loss": S(v(R, r"^validation loss: " + F), "validation loss", "after each validation (51)"),
       "val_perp": S(v(R, r"validation perp: " + F), "validation perp", "after each validation")},
      "Image-composition captioning; validation perplexity falls ~383 -> ~73.")

R = "stgcn-torchlight-mean-loss"
tb = blocks(R, r"\] (Training|Eval) epoch: \d+", r"\]\s+mean_loss: " + r"(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?|nan)")
te = blocks(R, r"\] (Training|Eval) epoch: \d+", r"\]\s+Top1: " + F + "%")
label(R, "ST-GCN (torchlight IO) log: '[03.24.23|09:56:11] Training epoch: 0', '[..] \\tmean_loss: 5.99', 'Eval epoch: 4' with mean_loss / Top1: 0.00% / Top5, a parameter dict at each of ~60 launches (many dying at once, several losses nan)", False, [], ["nan-loss"],
      {"train_mean_loss": S(tb["Training"], "mean_loss under 'Training epoch'", "epoch as printed, launches appended"),
       "val_mean_loss": S(tb["Eval"], "mean_loss under 'Eval epoch'", "every 5 epochs"),
       "val_top1": S(te["Eval"], "Top1 (percent)", "every 5 epochs")},
      "Skeleton action recognition on a CPU; most launches give nan or chance accuracy.")

R = "logging-dashes-train-epoch"
label(R, "logging '%(asctime)s - train.py[line:123] - INFO: Train Epoch 1 --- train loss : 0.628 --- train accuracy:0.838' and 'Test Epoch 1 --- test loss : .. --- test accuracy:0.9032'", True, [], [],
      {"train_loss": S(v(R, r"Train Epoch (\d+) --- train loss : " + F, 2, 1), "train loss", "epoch"),
       "train_accuracy": S(v(R, r"Train Epoch (\d+) .*train accuracy:" + F, 2, 1), "train accuracy", "epoch"),
       "test_loss": S(v(R, r"Test Epoch (\d+) --- test loss : " + F, 2, 1), "test loss", "epoch"),
       "test_accuracy": S(v(R, r"Test Epoch (\d+) .*test accuracy:" + F, 2, 1), "test accuracy", "epoch")},
      "A NumPy MLP on Fashion-MNIST, 50 epochs.")

R = "pipes-epoch-lr-miou"
label(R, "' | ' separated epoch lines with percent metrics: 'Epoch 19/100 [133.5s] | LR: 4.97e-05 | Train Loss: 1.52 | Val Loss: 0.79 | mP=49.56% mR=55.61% mIoU=40.62% mDice=50.77% <- best IoU', three launches, a final per-class block", True, [], [],
      {"train_loss": S(v(R, r"^Epoch \d+/\d+.*?\| Train Loss: " + F), "Train Loss", "epoch as printed (three launches from 1)"),
       "val_loss": S(v(R, r"^Epoch \d+/\d+.*?\| Val Loss: " + F), "Val Loss", "epoch"),
       "val_mIoU": S(v(R, r"^Epoch \d+/\d+.*? mIoU=" + F), "mIoU (percent, the validation's)", "epoch")},
      "DINO-based semi-supervised segmentation; mIoU reaches ~41%.")

R = "logging-iter-dev-f1"
label(R, "logging of a Chinese medical NER trainer over several launches: 'Iter: 14500 | Train Loss: 157.24 | Dev Loss: 0.73 | Dev F1-macro: 0.9677 | Time: 0:53:46 | *', later lines without the train loss, 'Epoch [1/50]' headings, conlleval blocks ('accuracy:  78.49%; precision: ..; FB1:  37.42' then one line per entity type)", True, [], [],
      {"train_loss": S(v(R, r"Iter: \d+ \| Train Loss: " + F), "Train Loss", "iteration as printed, launches appended"),
       "dev_loss": S(v(R, r"Iter: \d+ \|.*?Dev Loss: " + F), "Dev Loss", "iteration"),
       "dev_f1_macro": S(v(R, r"Dev F1-macro: " + F), "Dev F1-macro", "iteration"),
       "eval_accuracy": S(v(R, r"INFO - accuracy:\s+" + F + "%"), "conlleval accuracy (percent)", "one per evaluation")},
      "BiLSTM-CRF NER; dev F1 reaches ~0.97.")

R = "keras-gan-d-g-loss"
label(R, "Keras adversarial segmentation training: a model summary, then '376 [D loss: 0.688006, acc.: 50.00%] [G loss: 0.684850]' per step and per-class '#TP= .., IoU=0.836' blocks ending 'Mean IoU: 0.450'", True, [], [],
      {"d_loss": S(v(R, r"^\d+ \[D loss: " + F), "D loss", "step as printed (restarts)"),
       "g_loss": S(v(R, r"\[G loss: " + F), "G loss", "step"),
       "mean_iou": S(v(R, r"^Mean IoU: " + F), "Mean IoU", "after each evaluation")},
      "FCN-8 with a discriminator on a Stanford background set.")

R = "keras2-verbose2-voc-fcn"
label(R, "Keras 2 fit(verbose=2) after model summaries: 'Epoch 1/100', '300s - loss: 3.3691 - acc: 0.7004 - val_loss: 3.4281 - val_acc: 0.6971', 'Epoch 00001: val_acc did not improve', several fit() calls", True, [], [],
      {"train_loss": S(v(R, r"\d+s - loss: " + F + r" - acc: "), "loss", "epoch (fits appended)"),
       "val_loss": S(v(R, r" - val_loss: " + F), "val_loss", "epoch"),
       "val_acc": S(v(R, r" - val_acc: " + F), "val_acc", "epoch")},
      "FCN on Pascal VOC.")

R = "logging-loss-at-step-qg"
label(R, "logging with a tab after the date: '2017-08-18 02:43:53,914:\\tLoss at step 1: 8.499695'", True, [], [],
      {"train_loss": S(v(R, r"Loss at step (\d+): " + F, 2, 1), "Loss at step N", "step as printed")},
      "Question generation seq2seq, 175 steps of epoch 1.")

R = "aws-in-epoch-finished-loss-is"
label(R, "a Keras PSPNet fine-tune's print after a Namespace(...) line: '1518/10105 in 0 epoch finished at time 0:59:33.737994 from start, Loss is 1.628474 Acc is 0.338260'", True, [], [],
      {"train_loss": S(v(R, r"in \d+ epoch finished at .*Loss is " + F), "Loss is", "batch as printed"),
       "train_acc": S(v(R, r" Acc is " + F), "Acc is", "batch")},
      "One epoch of 10,105 batches on ADE20K.")

R = "logging-batch-epoch-brackets-parts"
label(R, "logging '%(asctime)s - ShadowDet - INFO - [batch 46/152, epoch 8/15]: loss_rmse:0.038 loss_inv:0.072 loss_var:0.017 loss_det:.. loss_alpha:..' and after each epoch a 'Scores:' block of tab-indented 'FSD_test.ber:3.83' lines", True, [], [],
      {"train_loss_det": S(v(R, r"\]: .*loss_det:" + F), "loss_det", "(epoch, batch) as printed"),
       "train_loss_rmse": S(v(R, r"\]: loss_rmse:" + F), "loss_rmse", "(epoch, batch)"),
       "test_ber": S(v(R, r"^\tFSD_test\.ber:" + F), "FSD_test.ber", "one per epoch (15)"),
       "test_acc": S(v(R, r"^\tFSD_test\.acc:" + F), "FSD_test.acc", "one per epoch")},
      "Shadow detection, 15 epochs; BER falls to ~1.5.")

R = "avgmeter-tabs-reid"
label(R, "cluster-contrast re-ID trainer: 'Epoch: [7][30/400]\\tTime 5.631 (5.762)\\tData ..\\tLoss 8.078 (8.311)\\tLoss dro ..' (value and running mean), debug prints 'loss_dro_s,loss_sat_s 7.18 5.51' after each, feature extraction and clustering between epochs", True, [], [],
      {"train_loss": S(v(R, r"^Epoch: \[\d+\]\[\d+/\d+\]\tTime .*?\tLoss " + F + r" \("), "Loss (the current value, before its running mean)", "(epoch, iter) as printed")},
      "Drone-satellite cross-view re-ID, unsupervised.")

R = "info-root-epoch-evaluation-epoch"
label(R, "logging with the default 'INFO:root:' prefix over five fine-tunes: 'Epoch 62 - Average Loss: 3.5598, Average Accuracy: 0.6111, Samples: 1013' and 'Evaluation Epoch 62 - Average Loss: .., Average Accuracy: .., Samples: 211' (the same words)", True, [], [],
      {"train_loss": S(v(R, r"INFO:root:Epoch \d+ - Average Loss: " + F), "Average Loss", "epoch as printed (restarts per fine-tune)"),
       "train_acc": S(v(R, r"INFO:root:Epoch \d+ - .*Average Accuracy: " + F), "Average Accuracy", "epoch"),
       "val_loss": S(v(R, r"INFO:root:Evaluation Epoch \d+ - Average Loss: " + F), "Evaluation Average Loss", "epoch"),
       "val_acc": S(v(R, r"INFO:root:Evaluation Epoch \d+ - .*Average Accuracy: " + F), "Evaluation Average Accuracy", "epoch")},
      "Continual video-action adapters (CSTA).")

R = "logging-tabs-loss-accuracy-count"
label(R, "logging '%(asctime)s\\troot\\tINFO\\t..' (tab-separated fields) of many trainings: '====> Epoch: 1', 'loss: 0.702515  accuracy: 48.318408 [10050/66045]', 'Train  Loss: 0.548 accuracy: 70.55% ', 'Val loss: 0.349 Val accuracy: 85.07%', model prints between runs", True, [], [],
      {"train_loss_step": S(v(R, r"\tINFO\tloss: " + F + r"\s+accuracy: "), "loss (inside the epoch)", "samples seen as printed"),
       "train_loss": S(v(R, r"\tINFO\tTrain  Loss: " + F), "Train  Loss (epoch)", "epoch"),
       "val_loss": S(v(R, r"\tINFO\tVal loss: " + F), "Val loss", "epoch"),
       "val_accuracy": S(v(R, r"\tINFO\tVal loss: .*Val accuracy: " + F + "%"), "Val accuracy (percent)", "epoch")},
      "Sign-language sensor classifiers (CNN-LSTM, CNN), runs appended over a week.")

R = "gcn-iter-loss-train"
label(R, "a GCN trainer's logging '[2022-06-27 00:24:22,759]iter:0140 loss_train: 0.4283 acc_train: 0.8750 time: 0.1595s' (no space after the date), '[..]this epoch:' followed by a bare 'loss= 1.5874 accuracy= 0.5614' line, 'Test set results: loss= .. accuracy= ..' after each run", True, [], [],
      {"train_loss": S(v(R, r"\]iter:\d+ loss_train: " + F), "loss_train", "iteration inside the epoch as printed"),
       "train_acc": S(v(R, r"\]iter:\d+ .*acc_train: " + F), "acc_train", "iteration"),
       "epoch_loss": S(v(R, r"^loss= " + F + r" accuracy= "), "loss= under 'this epoch:'", "one per epoch"),
       "test_loss": S(v(R, r"Test set results: loss= " + F), "Test set results loss=", "one per run (7)")},
      "Graph classification with GCNs, several runs.")

R = "raschka-epoch-batch-out"
label(R, "Raschka-style print: 'Epoch: 001/020 | Batch 0050/0469 | Loss: 0.4454', '**Epoch: 001/020 | Train. Acc.: 95.060% | Loss: 0.1574', '**Epoch: 001/020 | Test. Acc.: 97.430% | Loss: 0.0829', three runs", True, [], [],
      {"train_loss_batch": S(v(R, r"\| Batch \d+/\d+ \| Loss: " + F), "Loss (batch lines)", "(epoch, batch) as printed"),
       "train_loss": S(v(R, r"\| Train\. Acc\.: .*\| Loss: " + F), "Loss on the Train. Acc. line", "epoch"),
       "test_loss": S(v(R, r"\| Test\. Acc\.: .*\| Loss: " + F), "Loss on the Test. Acc. line", "epoch"),
       "test_acc": S(v(R, r"\| Test\. Acc\.: " + F + "%"), "Test. Acc. (percent)", "epoch")},
      "ResNet18 on MNIST, three trainings.")

R = "wandb-tqdm-detector-losses"
label(R, "W&B output.log of a Faster R-CNN trainer: a parameter table, tqdm bars one per line with 'detector_class_loss=.., rpn_regr_loss=.., total_loss=..' postfixes, evaluation bars, then 'Mean Average Precision = 21.55%'", True, [], [],
      {"val_map": S(v(R, r"^Mean Average Precision = " + F + "%"), "Mean Average Precision (percent)", "after each evaluation (20)")},
      "Faster R-CNN on VOC.")

R = "jovian-epoch-bracket-val"
label(R, "the Jovian course print 'Epoch [64], train_loss: 0.0227, val_loss: 2.4703, val_acc: 0.4601' after a weights download bar", True, [], ["overfitting"],
      {"train_loss": S(v(R, r"Epoch \[(\d+)\], train_loss: " + F, 2, 1), "train_loss", "epoch"),
       "val_loss": S(v(R, r"Epoch \[(\d+)\], .*val_loss: " + F, 2, 1), "val_loss", "epoch"),
       "val_acc": S(v(R, r"Epoch \[(\d+)\], .*val_acc: " + F, 2, 1), "val_acc", "epoch")},
      "VGG19 severity classifier; validation loss rises while training loss falls to 0.008.")

R = "vqa-epoch-batch-loss"
label(R, "nohup log of a VQA trainer: HF warnings, 'Epoch [1/5], Batch Loss: 10.75' every batch, tqdm bars joined by \\r, 'Epoch [1/5], Average Loss: ..', 'Validation Accuracy: 30.6753'", True, [], [],
      {"train_batch_loss": S(v(R, r"Epoch \[\d+/\d+\], Batch Loss: " + F), "Batch Loss", "batch"),
       "train_avg_loss": S(v(R, r"Epoch \[\d+/\d+\], Average Loss: " + F), "Average Loss", "epoch"),
       "val_accuracy": S(v(R, r"Validation Accuracy: " + F), "Validation Accuracy", "epoch")},
      "RoBERTa+ViT VQA, 5 epochs.")

R = "slurm-keras-verbose1-covid"
ep = each(R, r"\d+/\d+ \[=+\] - \d+s .*? - loss: " + F + r" - accuracy: " + F + r" - val_loss: " + F + r" - val_accuracy: " + F,
          lambda m: (float(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4))))
label(R, "SLURM .out of a Keras script training many models (model summaries between them): verbose=1 bars rewritten with \\r, each epoch ending '10/10 [====] - 13s 1s/step - loss: 0.9378 - accuracy: 0.5724 - val_loss: 0.5133 - val_accuracy: 0.8056', a table of final accuracies", True, [], [],
      {"train_loss": S([(None, a) for a, _, _, _ in ep], "loss (epoch-end line)", "epoch (nine fits)"),
       "val_loss": S([(None, c) for _, _, c, _ in ep], "val_loss", "epoch"),
       "val_accuracy": S([(None, d) for _, _, _, d in ep], "val_accuracy", "epoch")},
      "COVID X-ray classifiers (nine fits of 100 epochs).")

R = "tqdm-validate-dice-iou"
label(R, "final tqdm bars one per line: 'Train Epoch 3: 100%|..| 30/30 [..] Loss=0.1804, Dice=0.616, IoU=0.495, LR=1.00e-04]' and every ten epochs 'Validate: 100%|..| 8/8 [.., Val Loss=0.1133, Val Dice=0.780, Val IoU=0.660]'", True, [], [],
      {"train_loss": S(v(R, r"^Train Epoch \d+: .*, Loss=" + F), "Loss (postfix)", "epoch"),
       "train_dice": S(v(R, r"^Train Epoch \d+: .*, Dice=" + F), "Dice", "epoch"),
       "val_loss": S(v(R, r"^Validate: .*Val Loss=" + F), "Val Loss", "every ten epochs"),
       "val_iou": S(v(R, r"^Validate: .*Val IoU=" + F), "Val IoU", "every ten epochs")},
      "Crack segmentation U-Net, 600 epochs.")

R = "logging-main-epoch-step"
label(R, "logging '%(asctime)s - __main__ - INFO - epoch 3 step 17/62 loss 0.0232' with 'epoch 0' lines at each start, several launches", True, [], [],
      {"train_loss": S(v(R, r"INFO - epoch \d+ step \d+/\d+ loss " + F), "loss", "(epoch, step) as printed")},
      "Optical music recognition, launches appended.")

R = "adhoc-at-time-ce-loss-accuracy"
label(R, "a torchrun job's print 'Epoch 23 @ 06:19 AM : 0.9540 C.E. Loss, 98.49% Accuracy' (value before its name), c10d warnings, a rendezvous failure and a resumed job", True, [], [],
      {"train_ce_loss": S(v(R, r"^Epoch \d+ @ \d+:\d+ [AP]M : " + F + " C\.E\. Loss"), "C.E. Loss", "epoch as printed"),
       "accuracy": S(v(R, r"C\.E\. Loss, " + F + "% Accuracy"), "Accuracy (percent)", "epoch")},
      "Distributed CNN training, resumed after a node failure.")

R = "adhoc-train-test-loss-acc-epoch-of-n"
label(R, "print 'epoch: 21/100, train_loss: 1.1816, train_acc: 0.6446, test_loss: 1.2759, test_acc: 0.5349 ' (first test losses ~1e11), then a second run whose records are printed without newlines, one after the other on the last line", True, [], [],
      {"train_loss": S(v(R, r"epoch: \d+/\d+, train_loss: " + F), "train_loss (every record, also those glued on one line)", "epoch"),
       "test_loss": S(v(R, r"epoch: \d+/\d+, .*?test_loss: " + F), "test_loss", "epoch (first run only)"),
       "test_acc": S(v(R, r"test_acc: " + F), "test_acc", "epoch")},
      "Whale identification; the second run's print lost its newlines.")

R = "tf-step-val-loss-accuracy"
label(R, "TensorFlow print '2019-08-19 14:49:47.783573: Step [100]  train Loss : 2.378602, training accuracy :  0.25' and every 200 steps 'Step [200]  val Loss : 4.225092, val accuracy :  0.200269', '-----save:models/model.ckpt-2000'", True, [], [],
      {"train_loss": S(v(R, r"Step \[(\d+)\]  train Loss : " + F, 2, 1), "train Loss", "step"),
       "val_loss": S(v(R, r"Step \[(\d+)\]  val Loss : " + F, 2, 1), "val Loss", "step"),
       "val_accuracy": S(v(R, r"Step \[(\d+)\]  val .*val accuracy :\s+" + F, 2, 1), "val accuracy", "step")},
      "GoogLeNet on a five-class set, 10,000 steps.")

R = "pipes-table-vgg-epoch"
label(R, "a table row per epoch: '| epoch:        217 | accuracy:         26 | precision: 0.0201 | recall: 0.0769 | f1-score: 0.0319 | test loss: 2.2728 | train loss: 2.35 |', ended by a DataLoader worker killed", False, [], ["plateau"],
      {"train_loss": S(v(R, r"\| train loss:\s+" + F), "train loss", "epoch"),
       "test_loss": S(v(R, r"\| test loss:\s+" + F), "test loss", "epoch"),
       "test_f1": S(v(R, r"\| f1-score:\s+" + F), "f1-score", "epoch")},
      "VGG16 sketch classifier stuck at chance (accuracy 26 of 100 throughout).")

R = "nested-epoch-out-in"
label(R, "logging '2022/09/01 11:32:20 epoch_out: 0, epoch_in: 3, loss: -0.256' (an outer and an inner epoch), 'The epoch_out: 0, epoch_in: 9 of training F and G finished, losslist: [..]', alpha vectors printed over several lines", True, [], [],
      {"train_loss": S(v(R, r"\d \d+:\d+:\d+ epoch_out: \d+, epoch_in: \d+, loss: " + F), "loss", "(epoch_out, epoch_in) as printed")},
      "Multi-source domain adaptation with alternating updates.")

R = "tqdm-batch-psnr"
label(R, "nohup log: tqdm bars joined by \\r ('Training Epoch 1:  39%|..| 11/28 [..] Batch_Loss=0.385, Batch_PSNR=10.7]'), then per epoch 'Epoch 30/30, Train Loss: 0.0735, Train PSNR: 23.77, Val Loss: 0.0764, Val PSNR: 24.25'", True, [], [],
      {"train_loss": S(v(R, r"^Epoch (\d+)/\d+, Train Loss: " + F, 2, 1), "Train Loss (epoch line)", "epoch"),
       "val_loss": S(v(R, r"^Epoch (\d+)/\d+, .*Val Loss: " + F, 2, 1), "Val Loss", "epoch"),
       "val_psnr": S(v(R, r"^Epoch (\d+)/\d+, .*Val PSNR: " + F, 2, 1), "Val PSNR", "epoch")},
      "Image restoration U-Net, 30 epochs.")

R = "logging-bracket-epoch-acc"
label(R, "logging '[INFO | main.py:45] 2021-01-23 23:02:14,289: [Epoch    1] Loss: 1.659 Acc: 32.000%' with a config dict at each of three launches", True, [], [],
      {"train_loss": S(v(R, r"\[Epoch\s+\d+\] Loss: " + F), "Loss", "epoch as printed"),
       "train_acc": S(v(R, r"\[Epoch\s+\d+\] Loss: .* Acc: " + F + "%"), "Acc (percent)", "epoch")},
      "ResNet26 on CIFAR10, short launches.")

R = "slurm-step-tokens-per-s"
label(R, "SLURM .out of a DeepSpeed LLM fine-tune: conda/module banners, DeepSpeed INFO lines ('step=0, skipped=0, lr=[2e-05]', 'RunningAvgSamplesPerSec=..'), '[Step 50/100] Loss: 4.8510 | Global Tokens/s: 5851.27 | GPU Mem (GB): 5.28 | Peak Mem: 5.79'", True, [], [],
      {"train_loss": S(v(R, r"^\[Step (\d+)/\d+\] Loss: " + F, 2, 1), "Loss", "step as printed")},
      "Qwen-style model, 100 steps, DeepSpeed ZeRO.")

R = "pipes-epoch-train-val-ts"
label(R, "a time-series script's output: data frames printed, then 'Epoch 3/20 | Train loss: 0.0353 | Val Loss: 0.0109', two models, a results table", True, [], [],
      {"train_loss": S(v(R, r"^Epoch \d+/\d+ \| Train loss: " + F), "Train loss", "epoch (two models)"),
       "val_loss": S(v(R, r"^Epoch \d+/\d+ \|.*Val Loss: " + F), "Val Loss", "epoch")},
      "LSTM stock-price forecasting.")

R = "cyclegan-gen-disc-loss"
label(R, "a CycleGAN-style trainer in a SLURM .out: 'End of epoch 0 / 100 \\t Time Taken: ..', 'Generator Loss: 3844.1664, Discriminator Loss: 1286.4466', 'learning rate = 0.0002000', ended by a scancel", True, [], [],
      {"generator_loss": S(v(R, r"^Generator Loss: " + F), "Generator Loss", "epoch"),
       "discriminator_loss": S(v(R, r"Discriminator Loss: " + F), "Discriminator Loss", "epoch")},
      "Identity-preserving CycleGAN on CARLA images, cancelled at epoch 47.")

R = "raschka-poetic-transformer"
label(R, "Raschka-style print of a small transformer: 'Epoch: 050/099 | Batch 0005/0011 | Loss: 1.122074', 'Time elapsed', 'Epoch 00090: reducing learning rate of group 0 to 5.0000e-04.'", True, [], [],
      {"train_loss": S(v(R, r"\| Batch \d+/\d+ \| Loss: " + F), "Loss", "(epoch, batch)")},
      "Poetry generation transformer, 99 epochs.")

if __name__ == "__main__":
    out = {f"textlogs_unseen6/{k}": v for k, v in LABELS.items()}
    json.dump(out, open(os.path.join(ROOT, "LABELS.json"), "w"), indent=1, ensure_ascii=False)
    for k, lab in LABELS.items():
        for n, s in lab["expected_series"].items():
            print(f"{k[:38]:38} {n:22} {s['points']:6d} {s['first']} {s['last']}")
