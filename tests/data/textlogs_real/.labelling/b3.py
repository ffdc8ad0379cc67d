from lab import *
from b2 import last_clock

def sb3_tables(run):
    """Each | key | value | block between dashed lines is one record at its total_timesteps."""
    recs, cur, sec = [], None, ""
    for l in lines(run):
        if re.match(r"^-{10,}$", l.strip()):
            if cur: recs.append(cur)
            cur = {} if cur is None or cur else cur
            if cur: cur = {}
            continue
        m = re.match(r"^\|\s*(\S+)\s*\|\s*(\S*)\s*\|$", l.strip())
        if m and cur is not None:
            k, v = m.groups()
            if k.endswith("/"): sec = k; continue
            cur[sec + k] = float(v)
    if cur: recs.append(cur)
    return recs

def sb3_series(recs, key):
    return [(int(r["time/total_timesteps"]), r[key]) for r in recs if key in r]

R = "sb3-ppo-frozenlake-4x4-slippery"
recs = sb3_tables(R)
out = grab(R, r"^Output (\d+): Average over \d+ episodes - Reward: ([\d.]+)", 1, 2)
label(R, "Stable-Baselines3 tabular console + ad-hoc reward print", True, [], ["plateau"],
      {"train_loss": ser(sb3_series(recs, "train/loss"), "train/loss", "time/total_timesteps"),
       "value_loss": ser(sb3_series(recs, "train/value_loss"), "train/value_loss", "time/total_timesteps"),
       "entropy_loss": ser(sb3_series(recs, "train/entropy_loss"), "train/entropy_loss", "time/total_timesteps"),
       "approx_kl": ser(sb3_series(recs, "train/approx_kl"), "train/approx_kl", "time/total_timesteps"),
       "avg100_reward": ser(out, "Output N: Average over k episodes - Reward", "N as printed")},
      f"PPO on slippery FrozenLake 4x4 (no Monitor, so no rollout/ section): {len(recs)} SB3 tables ('| time/ | |', '|    fps | 1089 |', ... '|    total_timesteps | 2048 |', from iteration 2 a train/ section) each preceded by an ad-hoc 'Output N: Average over 100 episodes - Reward: r' line. The average reward climbs from 0.0 to ~0.7 (near the optimum for slippery 4x4); the episode window shrinks from 100 to ~45 as episodes get longer.")

R = "sb3-ppo-breakout-md-fenced"
recs = sb3_tables(R)
# two agents: PPO then DQN (markdown fences, '# PPO agent' / '# DQN agent')
t = text(R)
ppo_part, dqn_part = t.split("# DQN agent")
def recs_of(part):
    tmp = os.path.join("/tmp/tl2", "part.txt"); return part
nppo = len(re.findall(r"\|\s+total_timesteps", ppo_part)); ndqn = len(re.findall(r"\|\s+total_timesteps", dqn_part))
rew = sb3_series(recs, "rollout/ep_rew_mean")
ppo_loss = sb3_series(recs[:nppo], "train/loss"); dqn_loss = sb3_series(recs[nppo:], "train/loss")
label(R, "Stable-Baselines3 tabular console, two agents (PPO then DQN) in one markdown file", False, [], ["no_learning", "plateau"],
      {"ep_rew_mean": ser(rew, "rollout/ep_rew_mean (both agents; total_timesteps restarts for DQN)", "time/total_timesteps"),
       "train_loss": ser(ppo_loss + dqn_loss, "train/loss (PPO tables then DQN tables)", "time/total_timesteps"),
       "ppo_value_loss": ser(sb3_series(recs, "train/value_loss"), "train/value_loss (PPO only)", "time/total_timesteps"),
       "dqn_exploration_rate": ser(sb3_series(recs, "rollout/exploration_rate"), "rollout/exploration_rate (DQN only)", "time/total_timesteps")},
      f"Breakout (ALE) results pasted into markdown: '# PPO agent' fenced block with {nppo} SB3 tables (rollout/ep_rew_mean 1.4-2.3), then '# DQN agent' with {ndqn} tables (episodes, exploration_rate 0.95 -> ...), ending 'Killed'. Reward never leaves ~1-2.5.")

R = "keras1-kanji-50ep-verbose2"
def keras(run, key):
    return last_clock(run, r"^Epoch (\d+)/\d+", r"(?:^|- )" + key + r": ([\d.]+)", conv=lambda m: int(m.group(1)))
label(R, "Keras 1 fit(verbose=2), four fit() calls in one file", True, [], ["overfitting"],
      {"train_loss": ser(keras(R, "loss"), "loss", "epoch from the preceding 'Epoch N/M' (resets per fit)"),
       "train_acc": ser(keras(R, "acc"), "acc", "epoch (resets)"),
       "val_loss": ser(keras(R, "val_loss"), "val_loss (fits 1-2 only)", "epoch (resets)"),
       "val_acc": ser(keras(R, "val_acc"), "val_acc (fits 1-2 only)", "epoch (resets)")},
      "Handwritten kanji CNN: 'Train on 40000 samples, validate on 10000 samples', 'Epoch e/50', '224s - loss: x - acc: y - val_loss: z - val_acc: w', early stopping after 19 and 14 epochs, then two fits on all data without validation ('Epoch e/19', 'Epoch e/14', '268s - loss - acc'). Loss 3.55 -> 0.045, val_acc ~0.97.")

R = "adhoc-resnet110-val-test-arrows"
def arrows(rx):
    return last_clock(R, r"^====> Epoch (\d+) Average", rx, conv=lambda m: int(m.group(1)))
label(R, "ad-hoc print ('====>' summaries), two models trained one after the other", True, [], ["oscillation"],
      {"train_loss": ser(grab(R, r"^====> Epoch (\d+) Average train loss: ([\d.]+)", 1, 2), "Average train loss", "epoch (1-500, twice)"),
       "val_loss": ser(arrows(r"^====> Validation loss: ([\d.]+)"), "Validation loss", "epoch (from the preceding '====> Epoch N' line)"),
       "val_acc": ser(arrows(r"^====> Validation loss: [\d.]+,\s+acc: ([\d.]+)%"), "Validation acc (%)", "epoch"),
       "test_loss": ser(arrows(r"^====> Test set loss: ([\d.]+)"), "Test set loss (repeated verbatim by a 'Test loss' line)", "epoch"),
       "test_acc": ser(arrows(r"^====> Test set loss: [\d.]+,\s+acc: ([\d.]+)%"), "Test set acc (%)", "epoch")},
      "ResNet-110 on CIFAR-10 (course project): '>>> Training baseline ResNet' 500 epochs, then '>>> Training stochastic-depth ResNetDrop' 500 epochs; per batch 'Train Epoch: e [n/45000 (p%)]\\tLoss: x', per epoch '====> Epoch e Average train loss', '====> Validation loss: v,  acc: a%', '====> Test set loss: t,  acc: b%' and the same test numbers again as '====> Test loss: t,  acc: b%'.")

R = "adhoc-imagenet-resnet50-test-set"
tr = grab(R, r"Train Epoch: (\d+) Loss: ([\d.]+) Acc@1", 1, 2)
tr1 = grab(R, r"Train Epoch: (\d+) Loss: [\d.]+ Acc@1 ([\d.]+)", 1, 2)
te = last_clock(R, r"^Epoch: (\d+)$", r"Test set: Average loss: ([\d.]+)", conv=lambda m: int(m.group(1)))
te1 = last_clock(R, r"^Epoch: (\d+)$", r"Test set: Average loss: [\d.]+, Acc@1: ([\d.]+)%", conv=lambda m: int(m.group(1)))
label(R, "ad-hoc print with final tqdm bar per epoch", True, [], ["plateau"],
      {"train_loss": ser(tr, "Train Epoch N Loss (tqdm description)", "epoch"), "train_acc1": ser(tr1, "Train Acc@1", "epoch"),
       "test_loss": ser(te, "Test set: Average loss", "epoch (from 'Epoch: N')"), "test_acc1": ser(te1, "Test set Acc@1 (%)", "epoch")},
      "ResNet-50 on ImageNet-1k, 70 epochs: 'Epoch: N', 'Learning rate: lr', 'Train Epoch: N Loss: x Acc@1 a Acc@5 b: 100%|...| 5005/5005 [...]', 'Test set: Average loss: t, Acc@1: c%, Acc@5: d%', 'GPU Memory: ...'. Test Acc@1 8.4% -> 72.1%.")

R = "adhoc-helping-hands-tensor-acc"
ep = r"^#### Epoch (\d+)/99"
label(R, "ad-hoc print in markdown with tensor(...) reprs", True, [], ["oscillation", "overfitting"],
      {"train_loss": ser(last_clock(R, ep, r"^train loss: ([\d.]+)", conv=lambda m: int(m.group(1))), "train loss", "epoch"),
       "train_acc": ser(last_clock(R, ep, r"^train loss: [\d.]+, acc: tensor\(([\d.]+)", conv=lambda m: int(m.group(1))), "train acc (inside tensor(...))", "epoch"),
       "val_loss": ser(last_clock(R, ep, r"^val loss: ([\d.]+)", conv=lambda m: int(m.group(1))), "val loss", "epoch"),
       "val_acc": ser(last_clock(R, ep, r"^val loss: [\d.]+, acc: tensor\(([\d.]+)", conv=lambda m: int(m.group(1))), "val acc", "epoch")},
      "Sign-language number classifier (ResNet-18), markdown log: '#### Epoch e/99', 'train loss: x, acc: tensor(0.3262, device='cuda:0', dtype=torch.float64)<br>', 'val loss: ...'. 100 epochs; val acc peaks ~0.85.")

R = "adhoc-fcn-voc-start-testing"
tr = [([int(a), int(b)], float(c)) for a, b, c in re.findall(r"Train Epoch: (\d+) \[(\d+)/1464 \(\d+%\)\]\s+Loss: ([\d.]+)", text(R))]
clk = r"^Train Epoch: (\d+) "
label(R, "PyTorch-example style print with a 'Start testing' block", True, [], ["plateau"],
      {"train_loss": ser(tr, "Loss (Train Epoch e [n/1464])", "(epoch, samples seen in epoch)"),
       "test_pixel_acc": ser(last_clock(R, clk, r"^\s+Accuracy: ([\d.]+)", conv=lambda m: int(m.group(1))), "Accuracy (testing block)", "epoch of the preceding train lines"),
       "test_mean_iu": ser(last_clock(R, clk, r"^\s+Mean IU: ([\d.]+)", conv=lambda m: int(m.group(1))), "Mean IU", "epoch"),
       "test_fwav_acc": ser(last_clock(R, clk, r"^\s+FWAV Accuracy: ([\d.]+)", conv=lambda m: int(m.group(1))), "FWAV Accuracy", "epoch")},
      "FCN on VOC: 'Train Epoch: e [n/1464 (p%)]\\tLoss: x' 5 times per epoch, then 'Start testing' and indented 'Accuracy: a', 'Accuracy Class: b', 'Mean IU: c', 'FWAV Accuracy: d' for 50 epochs (0-49). Mean IU 22 -> ~50.")
