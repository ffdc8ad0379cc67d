from lab import *
R = "paddle-rec-sign-ctr-epoch-done"
tr = grab(R, r"epoch: (\d+), batch_id: \d+, AUC:[\d.]+, ACC:[\d.]+, loss:([\d.]+)", 1, 2)
# step: the printed batch_id within the epoch; x = (epoch, batch) -> global batch = epoch*N + batch; N unknown -> use the epoch-done summaries
done_loss = grab(R, r"epoch: (\d+) done, AUC: [\d.]+,ACC: [\d.]+,loss:([\d.]+)", 1, 2)
done_auc = grab(R, r"epoch: (\d+) done, AUC: ([\d.]+),ACC: [\d.]+,loss", 1, 2)
done_acc = grab(R, r"epoch: (\d+) done, AUC: [\d.]+,ACC: ([\d.]+),loss", 1, 2)
infer_auc = grab(R, r"epoch: (\d+) done, AUC: ([\d.]+),ACC: [\d.]+, epoch time", 1, 2)
label(R, "PaddleRec trainer logging (epoch/batch_id lines, 'epoch N done' summaries, then an infer pass)", True, [], ["plateau"],
      {"train_loss_epoch": ser(done_loss, "loss on 'epoch N done' lines", "epoch (0-based, as printed)"),
       "train_auc_epoch": ser(done_auc, "AUC on 'epoch N done, ... loss:' lines", "epoch"),
       "train_acc_epoch": ser(done_acc, "ACC on 'epoch N done, ... loss:' lines", "epoch"),
       "infer_auc": ser(infer_auc, "AUC on the infer pass's 'epoch N done' lines (no loss)", "epoch of the loaded model")},
      f"PaddleRec SIGN CTR model, 20 epochs of {len(tr)//20} batch lines each ('epoch: e, batch_id: b, AUC, ACC, loss'), an 'epoch e done' summary per epoch (loss 0.149 -> ~0.10), then a second launch that loads models 15-18 and evaluates them (AUC 0.942, no loss). Healthy, saturating.")

R = "adhoc-iqn-cartpole-cr-episodes"
pts = grab(R, r"Episode (\d+)\tFrame \d+\s*\tAverage100 Score: ([\d.]+)", 1, 2)
seen = set(); ep = []
for p in pts:
    if p[0] not in seen: seen.add(p[0]); ep.append(p)
label(R, "ad-hoc print with \\r (RL episodes)", False, [], ["plateau", "no_learning"],
      {"avg100_score": ser(ep, "Average100 Score", "episode (every 100th printed twice, once before \\n: an echo)")},
      "IQN on CartPole: 'Episode N\\tFrame F \\tAverage100 Score: s' rewritten with \\r, every 100th episode re-printed on its own line. The 100-episode average score stays at 20-25 for 502 episodes (CartPole solves at 195): the agent does not learn.")

R = "adhoc-umdc-fewshot-ft-many-runs"
loss = grab(R, r"\[FT\] ep=(\d+): loss=([\d.]+)", 1, 2)
acc = grab(R, r"\[FT\] ep=(\d+): loss=[\d.]+ acc=([\d.]+)%", 1, 2)
ft = grab(R, r"Fine-tuned: ([\d.]+)%", None, 1)
label(R, "ad-hoc print, 20 short fine-tunes in one file (two configs x 10 samplings)", True, [], ["overfitting"],
      {"ft_loss": ser(loss, "[FT] loss", "ep as printed (0,1,2,10,...,49; resets for each of 20 fine-tunes)"),
       "ft_acc": ser(acc, "[FT] acc (%)", "ep as printed, resets"),
       "finetuned_acc": ser(ordinal(ft), "Fine-tuned: x% (one per sampling)", "ordinal")},
      "Few-shot defect classifier: '[FT] ep=e: loss=l acc=a% lr=r' for e in 0,1,2,10,20,30,40,49, twenty times (config [1] and [2], 10 samplings each); train acc hits 100% by ep 10, loss 1.8 -> 0.8 (label smoothing floor); query accuracy 'Fine-tuned: 85%' after each.")

R = "slurm-build-nanogpt-2n8g"
st = grab(R, r"^step\s+(\d+) \| loss: ([\d.]+) \| lr", 1, 2)
val, hs, cur = [], [], 0
for l in lines(R):
    m = re.match(r"step\s+(\d+) \|", l)
    if m: cur = int(m.group(1))
    m = re.match(r"validation loss: ([\d.]+)", l)
    if m: val.append((cur, float(m.group(1))))
    m = re.match(r"HellaSwag accuracy: \d+/\d+=([\d.]+)", l)
    if m: hs.append((cur, float(m.group(1))))
label(R, "SLURM .out of build-nanogpt (2 nodes x 8 GPUs)", True, [], ["loss_spike"],
      {"train_loss": ser(st, "loss", "step"),
       "val_loss": ser(val, "validation loss (names no step: x = the step training had reached, the last step line before it; 0 before the first)", "step"),
       "hellaswag_acc": ser(hs, "HellaSwag accuracy (x as for validation loss)", "step")},
      "GPT-2 124M pre-training with build-nanogpt, 'step N | loss: x | lr | norm | dt | tok/sec' every step, 'validation loss: v' and 'HellaSwag accuracy: a/b=c' every 250 steps, sample generations from ranks. Loss 10.96 -> ~4.5. Each 'validation loss' line is printed before the step line of the step it evaluates.")
