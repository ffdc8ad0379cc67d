"""The reference reading of a text log: what one line means, read from its text alone (and the table header in
force). Cleaning (ANSI codes, the prefix a logger or launcher adds), pairs, records, tables and the other things a
line can say (a crash, a resume, settings...): :func:`analyse` gives a :class:`Line`. Nothing here depends on the
lines read before, and nothing here imports the fast path (:mod:`.shapes`, :mod:`.batches`), which is checked
against this reading (tests/test_textlog_shapes.py)."""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from dataclasses import dataclass, field
from typing import NamedTuple

# ---------------------------------------------------------------------------------------------- cleaning
ANSI = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
LEVELS = r"(?:INFO|WARNING|WARN|DEBUG|ERROR|CRITICAL|TRACE|SUCCESS|NOTICE)"
# (torchlight's IO, ST-GCN's logger: "[03.24.23|09:56:11]", the date with dots and a bar before the time; vLLM's
# logger: "INFO 04-23 21:28:29 __init__.py:183] ..", the month and day with a dash, no year)
_TS = r"(?:\d{4}[-/]\d\d[-/]\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?|\d\d[/-]\d\d(?:/\d\d(?:\d\d)?)? \d\d:\d\d:\d\d(?:[.,]\d+)?|\d\d\.\d\d\.\d\d(?:\d\d)?[| ]\d\d:\d\d:\d\d(?:[.,]\d+)?|\d+:\d\d:\d\d(?:[.,]\d+)?)"
# a clock's name and its count ("epoch:3", "e:3", "step:10"): a position heading the record, not a logger's name:lineno
_CLOCK_NAMED = r"(?i:e|ep|epoch|epochs|itr|iter|step):\d"
PREFIX = re.compile(
    # (glog / absl's time before absl::InitializeLog() is called, after its level letter and zeroed date "I0000 ": a
    # zeroed hour and minute, then the seconds since 1970 -- "I0000 00:00:1776710231.442377    2592 port.cc:153]
    # oneDNN custom operations are on", TensorFlow 2.16+ -- before the time stamps below read "00:00:17" of it)
    r"^(?:\d\d:\d\d:\d{9,11}\.\d+(?=\s)|\s+|\d{1,5}:\s+(?=\S)|\[(?:rank|default|RANK|Rank)\s*\d+\]:?|(?:rank|Rank)\s*\d+:|\[titan\]|"
    # (the time stamp and the logger's name in one bracket: detectron2's "[06/07 02:05:36 d2.evaluation.testing]: ")
    r"\[" + _TS + r"\s+[A-Za-z_][\w.<>\-]*\]:?|"
    r"\[?" + _TS + r"\]?|\[[^\]\[]*(?:\.py:\d+|" + LEVELS + r")[^\]\[]*\]|[-|>]+(?=\s)|"
    # (a logger's "name:lineno", but not an epoch heading the record: "epoch:3 loss=..", "e:3", "Ep:3" are positions)
    r"(?!" + _CLOCK_NAMED + r")"
    r"[\w.\-]*[A-Za-z][\w.\-]*:\d+(?::\w+)?(?=\s)|" + LEVELS + r"(?=[\s:|\]])[:|]?|[A-Z]\d{4} (?=\d)|"
    # a markdown code fence the output was pasted in, on the output's own first line ("``` Epoch GPU_mem ...")
    r"(?:`{3,}|~{3,})[\w+\-]*(?=\s|$)|"
    # glog / absl / TensorFlow C++ logging: "I1128 12:00:00.123 4567 solver.cpp:218] msg" (after its level-and-date
    # part: the thread id and the source file:line), "2023-01-17 17:27:07.438560: I tensorflow/.../cuda_dnn.cc:428] msg"
    r":?\s*[IWEF](?=\s+[\w./\-]+\.\w+:\d+\])|(?:\d+\s+)?[\w./\-]+\.[A-Za-z]\w*:\d+\])"
)
# after a log level: an optional "logger.name:" / "name:lineno:" then the message; after a level in brackets, a
# logger's name and a dash ('%(asctime)s [%(levelname)s] %(name)s - %(message)s': "[INFO] train - Epoch 1/100 | ..",
# "[INFO] dataset - Using 744 files"), not a name and its value written with a dash ("[INFO] avg_loss - 3.65")
AFTER_LEVEL = re.compile(r"^[\s:|\]\-]*(?:(?:(?!" + _CLOCK_NAMED + r")[\w.<>\-]+(?::\w+)*:\d+|[\w.]+\.py:\d+|"
                         r"(?<=\]\s)[A-Za-z_<][\w.<>]*(?=\s+-\s+(?![-+]?\.?\d|nan\b|inf\b)\S)|"
                         # (a Python logger's name between dashes, as HF's example scripts format their lines:
                         # "%(asctime)s - %(levelname)s - %(name)s -   %(message)s" -- root, __main__ or a module path)
                         r"(?<=-\s)(?:root|__main__|[A-Za-z_]\w*(?:\.\w+)+)(?=\s+-\s+\S))\s*(?:-|>>|:)?\s*)?")
LEVEL_IN_LINE = re.compile(r"(?<![\w/])" + LEVELS + r"(?=[\s:|\]])")
# INFO:__main__:msg (logging.basicConfig default); a word then its colon, a space and a number is the message's first
# pair, not a logger's name ('[.. PM-train.py-INFO:epoch: 1, dataset: Kvasir, dice: 0.21]': the epoch)
PY_LOGGING_NAME = re.compile(r"^:([\w.<>]+):(?=\S|\s+\S)(?!\s+[-+]?\.?\d)")

# ---------------------------------------------------------------------------------------------- numbers
NUM = r"[-+]?(?:nan(?:\.0)?|inf(?:inity)?|(?:\d{1,3}(?:,\d{3})+(?![\d])|\d+)(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)"
# (a unit written against its number: percent, decibels -- a PSNR "18.33dB" --, bytes, durations, rates, and the
# lengths and angles a regression's error is measured in -- "mae=57.21km", "MPJPE 43.1mm", "err 2.5px", "12.0deg")
UNIT = r"(?:%|dB(?![A-Za-z])|(?:km|cm|mm|nm|um|px|deg)(?![A-Za-z])|[kKMGTB](?:i?B)?(?![A-Za-z])|ms|us|s(?![A-Za-z])|sec|min|h(?![A-Za-z])|MiB|GiB|MB|GB|it/s|s/it|tok/s)?"
# (a key starts with a letter of any alphabet: "ε: 0.05", "λ=0.1", "β1 0.9" are keys as "eps" is)
# (two names joined by '+', "D_real+fake", "loss_cls+reg", are one key: the sum the log prints under that name)
_WORD = r"[^\W\d][\w.@/\-]*(?:\+[^\W\d][\w.@/\-]*)*(?:\([\w/%]*\)?)?"
# a key's further words are never a number's spelling: "loss nan lr 0.05" is loss = nan, then lr = 0.05
KEY = _WORD + r"(?:[ ](?!(?:nan|inf(?:inity)?)(?![\w.]))(?:" + _WORD + r"|\([\w/%]+\)))" + r"{0,4}"
# a qualifier in parentheses between a key and its colon belongs to the key: "Training Loss (avg over last 100): 2.45"
# is a training loss of 2.45, not "avg over last" = 100 (only before ':' or '=': "loss (0.52)" is an average)
KEY = KEY + r"(?:\s\([A-Za-z][\w .,/%\-]{0,38}\)(?=\s*[:=]))?"
# (a counter with its total may end a sentence with an ellipsis: "Epoch 8/50... Train loss: 474868.36" -- its total is
# 50; a bare number before one, "Reshuffling data loader for epoch 0...", stays prose)
# the next key written against a value, the logger having left out the space ("accuracy/top5: 98.9865data_time:
# 0.0004", MMEngine's test summary): a name of two letters or more and its colon, then a number
# (an ordinal, "This is 0-th epoch", "the 2nd stage", is a position said in words, no value)
GLUED_KEY = r"[A-Za-z_][A-Za-z_]+[\w./]*:\s*[-+]?\.?\d"
# a value printed as a word -- Python's None, True, False, JSON's null -- ends its pair: "tr_acc=None val_loss=0.24" is
# tr_acc (no number) then val_loss, never a key "None val_loss"
# -- and so does any word written against its '=' ("inst=u120_19 reward=1.0000", "model=resnet18 loss=0.5": the
# instance's or the model's name, then reward, never a key "u120_19 reward"): a key never starts right after an '='
_WORD_VALUE_AHEAD = r"(?!(?<=[=:])\s?(?:None|True|False|null)\s)(?!(?<=[=:]\s)(?:None|True|False|null)\s)"
PAIR = re.compile(
    r"(?<![\w.@/\-=])" + _WORD_VALUE_AHEAD + r"(?P<key>" + KEY + r")\s*(?P<sep>[:=]\s*|\s+)['\"]?(?P<lst>\[\s*)?(?P<val>" + NUM + r")(?![\w.]*[A-Za-z_](?<!e)\d)(?!-?(?:th|st|nd|rd)\b)"
    r"(?P<unit>" + UNIT + r")['\"]?(?(lst)(?:\s*,\s*" + NUM + r")*\s*\])"
    r"(?P<tot>\s*/\s*\d+(?!\d|\.\d))?(?P<avg>\s*\(\s*(?P<avgv>" + NUM + r")\s*\))?"
    r"(?(tot)(?![\w]|\.(?!\.\.)[\w.]|:\d)|(?:(?!" + GLUED_KEY + r")(?![\w]|\.[\w.]|:\d)|(?=" + GLUED_KEY + r")))",
    re.IGNORECASE,
)
DICT_PAIR = re.compile(r"['\"](?P<key>[^'\"]{1,80})['\"]\s*:\s*['\"]?(?P<val>" + NUM + r")(?P<tot>/\d+)?['\"]?\s*[,}]",
                       re.IGNORECASE)
# a number printed through its library's repr: numpy >= 2 scalars in a dict ("'mAP50': np.float64(0.696)") and torch
# scalar tensors ("'loss': tensor(1.23, device='cuda:0', grad_fn=<NllLossBackward0>)") hold the number the user meant
WRAPPED_NUM = re.compile(r"\b(?:(?:np|numpy|torch)\.(?:float|int|uint|bool_|bfloat)\d*|tensor)\(\s*(" + NUM +
                         r")\s*(?:,[^()]*)?\)", re.IGNORECASE)
# a number alone in braces -- an f-string whose braces were doubled to print them ("epoch: {1/300}, loss : {1.9027}",
# f"{{{epoch}/{n}}}") -- is that number: braces around a number (or a count of a total) and nothing else hold no dict
BRACED_NUM = re.compile(r"\{\s*(" + NUM + r"(?:\s*/\s*\d+)?)\s*\}", re.IGNORECASE)
# the power or energy a load or generation forecast's error is measured in, written against the value after its key's
# sign ("mae=554.8W", "rmse: 1.2kW", "err=3.4kWh"): the number, in that unit, as "mae=57.21km" is -- only after '=' or
# ':', so that a status table's readings ("P0   111W / 700W", nvidia-smi's power draw of its cap) stay no pair
POWER_VALUE = re.compile(r"(?<=[=:])(\s?)(" + NUM + r")[kMG]?Wh?(?![A-Za-z\d])")
# an amount of money after its key's sign, the currency's symbol before the number, the number's own sign either side
# of it ("cash=$+3,032.72", "inv_adj=$-7.91", "pnl: -$12.50", "revenue €1,204"): the number, signed -- the value a
# trading or bidding agent is scored by; a price per unit ("p_ref = $24.21/MWh", "$1.0/MWh") is a setting's words, left
CURRENCY_VALUE = re.compile(r"(?<=[:=\s])([-+]?)[$€£¥]([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?![\d.,]*\s*/\s*[A-Za-z])")
RATIO_VALUE = re.compile(r"(?<![\w.])\d+\s*/\s*\d+\s*=\s*(" + NUM + r")(?![\w.])", re.IGNORECASE)
POSSESSIVE = re.compile(r"(?<![\w'])([A-Za-z_]\w*)'s\s+(?=[A-Za-z_])")
# a value named by its key and the clock it was measured at, the value after the clock's number and a colon
# ("Loss at step 88: 5.063702", "accuracy at epoch 3: 0.91"): the key names the value, the clock is the position
AT_CLOCK = re.compile(r"(?<![\w.])(?P<key>[A-Za-z_][\w.\-]*(?: [A-Za-z_][\w.\-]*){0,3}) at (?P<clock>(?:global )?step|"
                      r"iter(?:ation)?|epoch|batch|update)\s+(?P<n>\d+)\s*:(?=\s*[-+]?(?:\d|\.\d|nan|inf))", re.IGNORECASE)
# ... and a value measured after a number of steps or epochs ("Test accuracy after 15 steps: 30.2%", "loss after 3
# epochs = 0.41"): the words before "after" name it, the count is the position
AFTER_CLOCK = re.compile(r"(?<![\w.])(?P<key>[A-Za-z_][\w.\-]*(?: [A-Za-z_][\w.\-]*){0,3}) after (?P<n>\d+) "
                         r"(?P<clock>steps?|iter(?:ation)?s?|epochs?|updates?)\s*[:=](?=\s*[-+]?(?:\d|\.\d|nan|inf))",
                         re.IGNORECASE)
# a rank written apart from its metric ("top 1 acc: 0.03", "Top 5 Error = 9.1"): one name, "top-1 acc", not a key "top"
# holding the rank (which would put the top-1 and the top-5 values into one "acc")
TOP_K = re.compile(r"(?<![\w.\-])(top)\s+(\d{1,3})(?=\s*(?:acc|accuracy|err|error|recall|prec|precision|hits?)\b)",
                   re.IGNORECASE)
# an abbreviated epoch in brackets heading a record ("[E2] step 0 loss ..", "[Ep 3] it 40 ..", "[e.1]"): its epoch
BRACKET_EPOCH = re.compile(r"^\s*\[\s*(?:E|e|Ep|EP|ep)\.?\s*(?P<e>\d+)\s*\]")
# values each followed by their name, in a list after a colon ("Epoch 23 @ 06:19 AM : 0.9540 C.E. Loss, 98.49% Accuracy"):
# the words after a number name it (two items or more, the list ending the line)
NAMED_AFTER = re.compile(r"(?:(?<=:)|(?<=,))\s*(?P<val>" + NUM + r")(?P<unit>%?)\s+(?P<key>[A-Za-z][A-Za-z.\-]*"
                         r"(?: [A-Za-z][A-Za-z.\-]*){0,2})\s*(?=,|$)", re.IGNORECASE)
BARE_COUNTER = re.compile(r"(?<![\w./])(\d+)\s*/\s*(\d+)(?![\w./])")
# a tqdm bar's elapsed<remaining ("[2:56:51<205:09:29, 13.63s/it"): the time left (its hours may pass 24)
TQDM_LEFT = re.compile(r"\[\s*(?:\d+:)?\d+:\d+\s*<\s*(?:(?P<h>\d+):)?(?P<m>\d+):(?P<s>\d+)\s*[,\]]")
# "[50]" and a tab opening a line: the boosting round of LightGBM / XGBoost ("[50]\tvalid_0's binary_logloss: 0.43")
BOOST_ROUND = re.compile(r"^\[(\d{1,7})\]\t")
# "[3570] " opening a record of key=value pairs: the step clu's metric writer (JAX / Flax, vit_jax) heads each record
# with ("[3570] img_sec_core_train=40.18, train_loss=0.033119", "[31] steps_per_sec=0.43"); so does a script's print
# of its epoch's record ("[001] train_loss: 1.153 | dev_loss: 1.161")
BRACKET_STEP = re.compile(r"^\[(\d{1,9})\]\s+(?=[A-Za-z_][\w.\-]*(?:=|:\s*)[-+]?(?:\d|\.\d|nan|inf))", re.IGNORECASE)
# "[epoch, batch]" opening a line, two integers (the PyTorch tutorial's print: "[1,  2000] loss: 2.187")
HASH_STEP = re.compile(r"^#(\d{1,9})\s+(?=[A-Za-z_][\w.\-]*(?:\s*[=:]\s*|\s+)[-+]?(?:\d|\.\d|nan|inf))", re.IGNORECASE)
EPOCH_BATCH_PAIR = re.compile(r"^\[\s*(\d{1,6})\s*,\s*(\d{1,9})\s*\]\s*(?=[A-Za-z])")
# two fractions in brackets heading a line, "[3/25][120/782]": the epoch of the plan, then the batch of the epoch
EPOCH_FRACTION_PAIR = re.compile(r"^\[\s*(\d{1,6})\s*/\s*(\d{1,6})\s*\]\s*\[\s*(\d{1,9})\s*/\s*(\d{1,9})\s*\]\s*(?=[A-Za-z])")
# a whole number in brackets followed by a fraction in brackets, "Iter: [0][50/391]", "TRAIN [3][120/782]" (the
# PyTorch ImageNet example's print, its 'Epoch: ' renamed or left out): the outer loop's count and the batch of its
# batches -- the epoch and the batch inside it, whatever word names the pair
EPOCH_INNER_PAIR = re.compile(r"(?<![\w\]])\[\s*(?P<e>\d{1,6})\s*\]\s*\[\s*(?P<i>\d{1,9})\s*/\s*(?P<N>\d{1,9})\s*\](?!\S)")
# ("Epoch[145] Batch [20]": MXNet's Speedometer names the batch between the two brackets; a script's print lists the
# two counters as the fields they are, a comma between, "Epoch [0], Batch [5], Loss: 0.09": the same epoch and batch)
EPOCH_BRACKETS = re.compile(
    r"\bepoch(?:\((?P<ctx>\w+)\))?\s*:?\s*\[\s*(?P<e>\d+)\s*(?:/\s*(?P<E>\d+)\s*)?\]"
    r"(?:\s*(?:,\s*batch\s*:?\s*|batch\s*:?\s*)?\[\s*(?P<i>\d+)\s*(?:/\s*(?P<N>\d+)\s*)?\])?",
    re.IGNORECASE,
)
# a line that says its epoch is over: "epoch: 3 done, AUC: ..", "Epoch 3 finished", "End of epoch 3", "END epoch:3"
EPOCH_OVER = re.compile(r"\bepoch\b\W{0,3}\d+(?:\s*/\s*\d+)?\s*(?:is\s+)?(?:done|finished|complete[d]?|ended|over)\b"
                        r"|\bend of epoch\b|^\W*end\s+epoch\b", re.IGNORECASE)
# (the whole number: "Epoch 23.0000" is no epoch 2, nor 23 -- a fractional epoch is no epoch counter)
# (the plan after a slash or the word 'of': "epoch 3/40", "Epoch 3 of 40")
# (not a rate per epoch: 'steps/epoch: 94', 'iters per epoch: 94' is a setting of the run, never its epoch counter)
EPOCH_WORD = re.compile(r"(?<![/])(?<!per )(?<!per_)\bepoch\b\s*[:=#]?\s*(?P<e>\d+)(?!\d)(?:\s*(?:/|\bof\b)\s*(?P<E>\d+)(?!\d))?(?!\.\d)",
                        re.IGNORECASE)
# (tqdm without its bar glyphs, as a notebook's text output or ``ncols=0`` renders it: "100% 15/15 [00:12<00:00,
# 1.22it/s]", the percentage, the counter and the [elapsed<remaining] block, is a bar too)
# (Keras 3's bar drawn where its '━' cannot be -- a console on a legacy code page, a PowerShell redirect --: '35/35
# ==================== 42s 899ms/step - loss: ..', its count, then the bar in '=' with no brackets)
BAR = re.compile(r"\d+%\s*(?:\||━|[\u2580-\u259f]|\[)|\[[=>.\s]{5,}\]|━{3,}|[\u2588\u2589\u258a\u258b\u258c\u258d\u258e\u258f]{2,}"
                 r"|\d+%\s+\d+/\d+\s+\[\d+:\d+(?::\d+)?<|^\s*\d+/\d+\s+[=>.]{5,}\s")


# a statement that a checkpoint (a model, its weights) was saved, loaded or restored: "Saving best model",
# "saved checkpoint", "Loaded checkpoint from ...", "best model saved", "=> loading checkpoint", "保存最佳模型"; a
# checkpoint named by its file alone, with a checkpoint's extension ("saved best.pt (PSNR 24.54)", "Saving
# model_best.pth", "wrote out/epoch_3.ckpt"); the best model said found ("Best model found at epoch 19 with
# train_loss=0.19": the statement of which epoch was best)
CKPT_FILE = r"[\w./\\-]*\.(?:pt|pth|ckpt|pdparams|safetensors|h5|hdf5|keras|pkl|npz)\b"
CHECKPOINT_SAID = re.compile(
    r"\b(?:sav(?:e|ed|ing)|load(?:ed|ing)?|restor(?:e|ed|ing)|writ(?:e|ing|ten)|wrote|stor(?:e|ed|ing))\b[^=:\d]{0,40}?"
    r"(?:\b(?:model|checkpoint|ckpt|weights|snapshot|state[_ ]dict)s?\b|(?<![\w.])" + CKPT_FILE + r")"
    r"|(?:\b(?:model|checkpoint|ckpt|weights|snapshot)s?\b|(?<![\w.])" + CKPT_FILE + r")[^=:\d]{0,30}?"
    r"\b(?:saved|loaded|restored|written|stored|found)\b"
    r"|(?:保存|加载|载入)[^=:\d]{0,10}(?:模型|权重|检查点)", re.IGNORECASE)
# a new best said on a line of its own, no position on it ("↑ New best (healthy): inv_adj=$+1,886.06" after the
# evaluation's "★ Val: cash=.. | inv_adj=$+1,886.06 | .."): the statement that the value just printed is the best so
# far, as "Saving best model (val_loss=1.05)" is -- checked as one (TextLogParser.apply); a record that opens with the
# tag and its own position ("[NEW BEST] Epoch #7: train_loss=..") is the record
NEW_BEST = re.compile(r"\bnew best\b", re.IGNORECASE)


# Keras' progress bar: its count first, then the bar ('[====>....]', '━━━━', or in '=' where '━' cannot be drawn), then
# ' - ETA: 3s - loss: ..' or the time and the rate ('2s 10ms/step - loss: ..'). What it shows are the epoch's running
# means (Keras' Progbar averages each metric over the batches seen so far, and starts again every epoch): no
# reading at the batch it counts. Its renderings in an epoch are one point, the epoch's, as the last rendering says it
# (TextLogParser._resolve_positionless); a sawtooth of running means is no curve.
KERAS_BAR = re.compile(r"\s*(?P<n>\d+)/(?P<N>\d+)\s+(?:\[[=>.]*\]|━+[\s━]*|[=>.]{5,})\s*-?\s*(?:(?P<eta>ETA:)|\d)")


def has_bar(msg: str) -> bool:
    """A progress bar in the line (BAR). Every form of it holds '%', '[' or a non-ASCII bar glyph, so a plain
    ASCII line without those is answered without running the pattern (most lines of a log)."""
    return (not msg.isascii() or "%" in msg or "[" in msg or "==" in msg) and BAR.search(msg) is not None
# a tqdm bar: "{desc}: {percentage}%|{bar}| {n}/{total} [{elapsed}<{remaining}, {rate}]" (the description optional)
PROGRESS = re.compile(r"(?:(?P<label>[^|%\d][^|%]*?):?\s+)?\d{1,3}%\|[^|]*\|\s*(?P<n>\d+)/(?P<N>\d+)\s*\[")
BRACKET_COUNTER = re.compile(r"\[\s*(?:(?P<ctx>[A-Za-z]+)\s*\|\s*)?(?P<n>\d+)\s*/\s*(?P<N>\d+)\s*\]")

# (an RL script's "Episode 12" is the position of the records it prints: its episodes are its clock)
STEP_KEYS = ("num_updates", "global_step", "global step", "globalstep", "iteration step", "step", "steps", "iteration", "iter", "episode",
             "iters", "it", "itr", "global", "update", "updates", "total_steps", "global_step/max_steps", "train_step")
# (the run's step said as the global iteration -- "Global Iter: 35000 training loss: ..", counting on across relaunches
# from a checkpoint -- is the global step said with the other word for a step)
STEP_KEYS += ("global iter", "global iteration", "global_iter", "global_iteration", "globaliter")
# (a pass over the data is an epoch by another name: PaddlePaddle's "Pass 0, Batch 100, Cost ..", "pass 3 | train ..",
# "40 passes" for the plan)
EPOCH_KEYS = ("epoch", "epochs", "ep", "pass")
# a batch counted against its total ("epoch 3 batch 15/75") is a position like "iter 15/75"; alone ("batch 64") it is
# the batch size, a setting
BATCH_COUNTERS = ("batch", "batches", "minibatch", "mini-batch")
# the last word of a sentence naming the position it speaks of ("Saved checkpoint at step 5000")
CLOCK_WORDS = {"step", "steps", "epoch", "epochs", "iteration", "iterations", "iter", "it", "update", "updates"}
# a word that says a clock's value is the one now ("current epoch: 3", "当前 epoch:0/50"): the clock, no key
# (... and the words that announce a clock's next count, "Starting Epoch: 3", "Start of epoch 3", "Beginning epoch 3":
# the epoch the lines below are in, no series 'Starting Epoch')
CLOCK_QUALIFIERS = {"current", "cur", "curr", "now", "当前", "目前",
                    "starting", "start", "started", "begin", "beginning", "entering", "end", "ending"}
# clocks written as abbreviations with their full stop (Marian NMT: "Ep. 1 : Up. 500"): the epoch, the update (step)
ABBREVIATED_CLOCKS = {"ep.": "epoch", "up.": "step", "upd.": "step", "it.": "step", "iter.": "step"}
OPTIMIZER_KEY = re.compile(r"^(?:lr|learning[ _]rate|momentum|mom|grad[ _]?norm|gnorm|weight[ _]decay|loss[ _]scale)\b",
                           re.IGNORECASE)
SPLIT_WORDS = {"train": "train", "training": "train", "val": "val", "valid": "val", "validation": "val",
               "eval": "val", "evaluation": "val", "test": "val", "dev": "val", "v": "val",
               # (the loop said as it runs: a tqdm bar's "validating...: 67%|..", "Evaluating: ..")
               "validating": "val", "evaluating": "val",
               # (the loop named by its verb: "==== validate epoch 2 ====")
               "validate": "val", "evaluate": "val",
               # (the training split's three-letter abbreviation, 'trn 2.53 | dev 1.94 acc 19.0%': the roles'
               # token lists know it already)
               "trn": "train",
               # (the held-out split by its own name, in each spelling the roles know: 'holdout 1.338', 'heldout acc')
               "holdout": "val", "heldout": "val", "hold-out": "val", "held-out": "val"}
HELDOUT = {"val", "valid", "validation", "eval", "evaluation", "test", "dev", "holdout", "heldout", "hold-out", "held-out"}
# the verb that joins a key to its value in a sentence ("val loss is 0.05")
COPULAS = {"is", "was", "are", "were", "equals"}
# words that are never metric keys (prose that happens to precede a number)
# calendar words ("Fri May 15 19:07:23 CEST 2026") are dates, not keys
CALENDAR_WORDS = {"mon", "tue", "wed", "thu", "fri", "sat", "sun", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
                  "sep", "oct", "nov", "dec", "utc", "gmt", "cest", "cet", "est", "pst", "pdt", "edt", "datetime", "date"}
# identifiers printed with a number that names a thing, not a measurement ("GPU 0", "CUDA:0", "rank 3", "pid 4242")
IDENTIFIER_WORDS = {"line", "file", "rank", "gpu", "cuda", "version", "pid", "port", "seed", "size", "v_num"}
# words written in capitals that are still the word (a time zone, a device), not an acronym naming a metric
# (TensorFlow's "Creating TensorFlow device (/gpu:0) -> (device: 0, name: Tesla P100, ..)" at every launch: which device,
# an identifier as a GPU's number is, no series)
IDENTIFIER_WORDS |= {"device"}
_SPELLED_IN_CAPITALS = CALENDAR_WORDS | IDENTIFIER_WORDS
NOT_KEYS = {"of", "at", "in", "to", "the", "a", "an", "and", "or", "for", "with", "by", "on", "from", "is", "was",
            "are", "be", "after", "before", "than", "over", "under", "per", "every"} | IDENTIFIER_WORDS | CALENDAR_WORDS

# a banner naming a group of metrics ("***** eval metrics *****", "***** train metrics *****": HF Trainer's
# log_metrics, after training)
METRICS_BANNER = re.compile(r"^\*{3,}\s*(\w+ metrics)\s*\*{3,}$", re.IGNORECASE)
CRASH = re.compile(
    r"Traceback \(most recent call last\)|CUDA out of memory|OutOfMemoryError|out of memory|"
    r"\bKilled\b|SIGTERM|SIGKILL|Signals\.SIG\w+|KeyboardInterrupt|Segmentation fault|core dumped|"
    r"CANCELLED AT|DUE TO TIME LIMIT|ChildFailedError|exitcode\s*:\s*-?[1-9]|Error executing job|"
    r"RuntimeError:|NCCL error|Watchdog caught collective operation timeout|terminate called|"
    r"received signal|Aborted|exited with code [1-9]|error: \*\*\*|"
    # a compiled program's own last words: darknet's 'Error: ...' and the glibc backtrace it prints before exiting
    # (not 'Error: 0.000099999', a quantity called the error and its value)
    r"^Error: (?![-+]?(?:\d|\.\d|nan\b|inf\b))|^backtrace \(\d+ entries\)|\bFatal error\b"
)
# a program saying it stops because a value went non-finite: "loss is nan, stopping", "NaN loss detected, aborting
# training", "Loss became infinite -- terminating", "Stopping training: loss is NaN" (see analyse)
_NON_FINITE = r"(?:nan|inf|infinite|infinity|non-?finite|not\s+finite)"
_STOPS = r"(?:stop(?:s|ping|ped)?|abort(?:s|ing|ed)?|terminat(?:e|es|ing|ed)|exit(?:s|ing)?|halt(?:s|ing|ed)?|quit(?:s|ting)?|giving\s+up)"
NAN_STOP = re.compile(r"\b" + _NON_FINITE + r"\b[^\n]{0,60}?\b" + _STOPS + r"\b|\b" + _STOPS + r"\b[^\n]{0,60}?\b"
                      + _NON_FINITE + r"\b", re.IGNORECASE)
# (not an early-stopping rule's words, whose best score starts at inf: "EarlyStopping: best=inf, patience 5")
EARLY_OR_BEST = re.compile(r"early|patience|\bbest\b|improv", re.IGNORECASE)
# A Python traceback: 'Traceback (most recent call last):', then frames ('  File "x.py", line 88, in main', each with
# the source line under it), then the exception's line: its class (a CamelCase name, maybe dotted by its module,
# ending as exception classes do) and its message. Its numbers are the exception's words, not a record: a line
# 'FloatingPointError: validation loss is nan at epoch 3' says why the run died (the crash), it is no point of a
# 'validation loss' series.
TRACEBACK_FRAME = re.compile(r'^\s*File "[^"]*", line \d+(?:, in \S.*)?$')
EXCEPTION_LINE = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Interrupt|Exit|Failure|Fault)(?::\s.*|:?)$")
# What Python's logging module prints when a handler fails to write a record (a console that cannot encode a character,
# a closed stream): '--- Logging error ---', the traceback of that failure, 'Call stack:' with the frames of the call
# that logged, then 'Message: <its repr>' and 'Arguments: <their repr>'. The program goes on: the traceback in it is
# no crash, and its lines are no records.
LOGGING_ERROR = re.compile(r"^(?:(?P<open>--- Logging error ---)|Call stack:|Message: (?:'.*'|\".*\")|"
                           r"(?P<close>Arguments: (?:\(.*\)|\[.*\]|\{.*\}|None)))\s*$")
# What Python prints for an exception it ignores -- raised in a finalizer ('__del__'), an atexit callback, a
# generator closed by the collector, mostly as the interpreter shuts down after the script's work is done -- before
# that exception's traceback: 'Exception ignored in: <function AtomicFunction.__del__ at 0x7f..>', 'Exception ignored in
# atexit callback: ..', 'Exception ignored on calling ctypes callback function: ..', 'Exception ignored while ..'.
# Python goes on (or goes on exiting) as if nothing happened: the traceback under it is no crash.
IGNORED_EXCEPTION = re.compile(r"^Exception ignored (?:in|on|while|when|during)\b")
# the time a trainer's progress line says is left: "eta: 13:02:11", "eta: 1 day, 2:03:04" (detectron2, MMEngine, YOLOX)
ETA = re.compile(r"\beta\s*[:=]\s*(?:(?P<d>\d+)\s*days?,\s*)?(?P<h>\d+):(?P<m>\d\d):(?P<s>\d\d)\b", re.IGNORECASE)
# a statement that training went on from a saved state (not a setting such as "resume_from = None"): detectron2's
# "Starting training from iteration 5500", HF's "Continuing training from checkpoint", Lightning's "Restoring states
# from the checkpoint path", Megatron's "loaded checkpoint from ... at iteration 14001", ad-hoc "resumed from ...",
# MXNet's example scripts' "Resume training with (gpu(0)) from epoch 149"
RESUME = re.compile(
    r"\bstarting training from (?:iteration|iter|step|epoch)\s+(?P<n1>\d+)|\bcontinuing training from\b|"
    r"\bresum(?:e|ed|ing)\s+(?:training\s+|the\s+run\s+)?(?:with\b[^\n]{0,80}?\s)?(?:from|at)\b|"
    r"\brestor(?:ed|ing)\s+(?:all\s+)?(?:training\s+)?states?\s+from\b|"
    r"\bloaded checkpoint\b.*\bat (?:iteration|step)\s+(?P<n2>\d+)|"
    # a saved model said found or loaded, and training said to go on from it ("Model found at path
    # .._s0_i16000.pdparams, pursuing the training", "checkpoint loaded, continuing training")
    r"\b(?:model|checkpoint|weights|ckpt)\b.{0,200}?\b(?:found|loaded|restored)\b.{0,200}?"
    r"\b(?:pursu|continu|resum|carry)(?:e|es|ed|ing)\b(?:\s+(?:the|on))?\s+training\b",
    re.IGNORECASE,
)
# a training framework saying its early-stopping rule ended the run (a planned end, not a cut-off): MMEngine's and
# Lightning's "... did not improve in the last 10 records", Keras' "Epoch 29: early stopping", Ultralytics'
# "Stopping training early as no improvement observed ...", fairseq's "early stop since valid performance hasn't
# improved", LightGBM's "Early stopping, best iteration is:", XGBoost's "Stopping. Best iteration:"; settings that
# merely name the feature ("early_stopping=True", EarlyStoppingHook) are not this, nor LightGBM's "Did not meet early
# stopping"
EARLY_STOP = re.compile(r"did not improve in the last \d+ (?:records|epochs|evaluations|checks|validations)"
                        r"|^\s*Epoch \d+: early stopping\s*$|stopping training early|early stop since"
                        r"|early stopping (?:triggered|activated|at epoch)|^\s*early stopping, best iteration is"
                        r"|^\s*stopping\. best iteration"
                        # a hand-written loop's own words: "early stopping: no improvement for 6 epochs (stopped at 15)"
                        r"|^\W*early[ _-]?stop(?:ping|ped)?\s*[:!.\-](?!\s*(?:[:=]|true\b|false\b|none\b|on\b|off\b|\d))"
                        r"|no improvement (?:in|for) (?:the last )?\d+ (?:epochs|evaluations|checks|validations|rounds)"
                        # ... and the rule named by its counter running out: "patience exhausted at epoch 27", "ran
                        # out of patience", "patience reached, stopping"
                        r"|patience (?:exhausted|exceeded|ran out|reached|run out|used up)|(?:ran|run|running) out of patience",
                        re.IGNORECASE)
# a program's own stopping rule said as it fires, the value it tested against its bound ("[EARLY STOP] log_pi +0.003 >
# 0.0 at step 130,954. Policy collapsed.", "critic 312.4 > 300: stopping", "Stopping: val_loss 0.91 >= 0.90"): the rule's
# test, the reason for the stop -- no record (the value is the one that crossed the bound, as "loss is nan, stopping"
# is no point of the loss); nor a framework's planned early stop (EARLY_STOP): the program's guard ended a run its plan
# had not finished
_CMP = r"\s*(?:>=?|<=?|≥|≤)\s*"
STOP_RULE = re.compile(r"\b(?:early[\s_-]?stop\w*|stop(?:s|ping|ped)?)\b.{0,80}?" + NUM + _CMP + NUM
                       + r"|" + NUM + _CMP + NUM + r".{0,40}?\b(?:early[\s_-]?stop\w*|stop(?:s|ping|ped)?)\b", re.IGNORECASE)
# a heading that says the record under it is the best one restated ("Best iteration is:" before LightGBM's
# "[485]\ttrain's auc: .."; XGBoost's "Stopping. Best iteration:"): a summary of the run, no new point
BEST_HEADING = re.compile(r"\bbest\s+(?:iteration|iter|epoch|step|round)\b(?:\s+(?:is|was))?\s*$", re.IGNORECASE)
KILL_WORDS = re.compile(r"\bKilled\b|SIGTERM|SIGKILL|CANCELLED|TIME LIMIT|KeyboardInterrupt|received signal|Signals\.SIG",
                        re.IGNORECASE)


# a named setting whose value is a word, printed in an argument echo: the optimizer and the LR schedule
# (detectors ask whether the optimizer normalises update sizes, and what shape the schedule has)
NAMED_SETTING = re.compile(r"\b(optim|optimizer|optimizer_type|optimizer_name|lr_scheduler_type|lr_scheduler|scheduler)"
                           r"\s*[=:]\s*['\"]?(?:OptimizerNames\.|SchedulerType\.)?([A-Za-z][\w.]{1,60})(?![\w.(])", re.IGNORECASE)
# a command-line option with a value: "--n_epoch=100", "--lr 5e-4" (a value is not another option)
CMD_OPTION = re.compile(r"(?:^|\s)--([A-Za-z][\w.\-]{0,60})(?:=|\s+)(?!--)([^\s\"']{1,200})")
NUMBER_ONLY = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
DOT_LEADER = re.compile(r"^([A-Za-z_][\w.\-]*)\s*\.{3,}\s*(\S+)\s*$")
# two renderings written over each other leave numbers glued together ("0.8667.8622")
GARBLED = re.compile(r"(?<![\w.])\d+\.\d{3,}\.\d{3,}(?![\w.])")
# another logger's line written into the middle of this one (two streams into one file, neither ending its line first:
# TensorFlow's stderr inside a script's stdout record, "Global Iter: 35000 training loss: 2017-06-21 05:44:29.037849: I
# tensorflow/core/..", "Glo2017-06-21 ..", "training acc: 0.06252017-06-21 .."): a full date and time followed by what
# opens a logged line -- a glog/absl level letter after a colon, a level name -- after the start of the message
SPLICED_LINE = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?::\s*[IWEF]\s+[\w./\-]+|\s*(?:-\s*|\[|\|\s*)?"
                          + LEVELS + r"\b)")


# ... and, in what was cut off as a logger's prefix ("Glo2017-06-21 12:44:29 - INFO - ..": the level is what strip_prefix
# looks for), the same date after a record's head
STAMP = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d")
DATE_REST = re.compile(r"-\d\d-\d\d[ T]\d\d:\d\d")  # what follows a date's year
# what follows the first number of a range of whole numbers ("Epochs 1-5", "epochs 6–20"): the range names which
# epochs (or items) a phase covers, neither number is a value of the word before it
RANGE_REST = re.compile(r"[-–]\d+(?![\d.eE])")
# a setting whose name says it is the planned length of the training -- a total, a number or a maximum of epochs or
# steps ("Total epochs: 20", "Number of epochs = 30", "max_epochs: 50", "num_train_epochs", "Max iterations: 5000",
# "Total training steps: 1000"), or the plural count alone ("epochs=30") --, not a count of what ran ("epochs done")
PLAN_NAME = re.compile(
    r"(?:(?:total|num|number|no|max|maximum|planned|target|n)(?:[\s_.]+of)?[\s_.]+)?(?:(?:train|training)[\s_.]+)?"
    r"(?P<p>epochs|steps|iterations|iters)(?:[\s_.]+to[\s_.]+(?:train|run))?|"
    r"(?:total|num|number|max|maximum|n)(?:[\s_.]+of)?[\s_.]*(?:(?:train|training)[\s_.]+)?"
    r"(?P<s>epoch|step|iteration|iter)", re.IGNORECASE)


def plan_name(key: str) -> str | None:
    """``"epochs"`` or ``"steps"`` when a setting's name (its last part: ``train/epochs``; a configuration's path written
    with dots, JoeyNMT's ``cfg.training.epochs``, OmegaConf's ``trainer.max_epochs``) says it is the planned length
    of the training (:data:`PLAN_NAME`), else None."""
    m = PLAN_NAME.fullmatch(re.split(r"[/.]", str(key).strip())[-1].strip())
    if m is None:
        return None
    noun = (m.group("p") or m.group("s")).lower()
    if noun.startswith("epoch"):
        return "epochs"
    # (a count of steps is a plan only when its name says so: 'Max iterations', 'Number of steps', 'Total training
    # steps'; a bare or total count -- 'steps: 5000', 'Total steps: 5000' printed by an RL script -- can be progress)
    words = set(re.split(r"[\s_.]+", m.group(0).lower()))
    return "steps" if words & {"max", "maximum", "planned", "target", "num", "number", "n"} \
        or {"total", "training"} <= words or {"total", "train"} <= words else None
# a record's head waiting for its value: a key and its colon ("Global Iter: ", "training loss: "; a word or more with a
# space among them -- a launcher's "node01: 2021-.." is a prefix, and so is PowerShell's "python : 2026-..")
KEY_HEAD = re.compile(r"\S\s+(?:\S.*)?[^\W_]:\s+$")


def _cuts_a_record(head: str, in_message: bool = False) -> bool:
    """Is ``head``, the text before a date that opens another logged line, the head of a record the intruder cut: the
    date glued to it ("Glo2017-..", "training acc: 0.06252017-.."), a key before it waiting for its value, or a
    record's pairs? (A cut where a word ends before any pair, "Global 2017-..", is not told from a launcher's name
    before its lines: the intruder's date is no value there either -- see _pairs -- and the rest of the record, "Iter:
    161600 training loss: 2.05", printed whole after the intruder, reads as the record.)"""
    if not head.strip():
        return False
    if not head[-1].isspace():
        return head[-1] not in "[(|<"
    if in_message and re.search(r"[^\W_]\s+$", head):
        # (a word and a space before a glog line's date in the message -- no launcher's prefix strip_prefix knows:
        # "Global 2017-06-21 05:44:29.03: I tensorflow/..": the record cut where a word ends)
        return True
    # (or pairs of the record before a cut where a word ends: "Global Iter: 161600 training 2017-..")
    return KEY_HEAD.search(head) is not None or any(_pair_key(m.group("key")) for m in PAIR.finditer(head))


def spliced_rest(msg: str, prefix: str = "") -> str | None:
    """The other logged line written into the middle of this one (two streams writing one file, neither ending its
    line first): its text, from its date on, or None. The record it cut is damaged -- the number before the cut may
    have lost its last digits (``2.045`` of 2.04583, the ``83`` printed on a line after the intruder) or be the
    intruder's year (``training loss: 2017-06-21 ..``) --, and the intruder is a line of its own."""
    if "-" not in msg + prefix or ":" not in msg + prefix:
        return None
    m = SPLICED_LINE.search(msg, 1)
    if m is not None and _cuts_a_record(msg[:m.start()], in_message=True):
        return msg[m.start():]
    for m in STAMP.finditer(prefix, 1):
        if _cuts_a_record(strip_prefix(prefix[:m.start()])[0] + prefix[m.start() - 1:m.start()]):
            return prefix[m.start():] + " " + msg
    return None


def to_number(s: str) -> float:
    s = s.strip().replace(",", "")
    low = s.lower()
    if "nan" in low:
        return math.nan
    if "inf" in low:
        return -math.inf if low.startswith("-") else math.inf
    try:
        return float(s)
    except ValueError:
        return math.nan


def _clean_key(k: str) -> str:
    return " ".join(k.strip().strip("'\"").split())



def strip_prefix(line: str) -> tuple[str, str]:
    """(message, prefix): cut what a logger / launcher put in front of the message."""
    s = ANSI.sub("", line) if "\x1b" in line else line
    m = LEVEL_IN_LINE.search(s, 0, 200)
    prefix = ""
    if m:
        before = s[: m.start()]
        # only a prefix when nothing before the level looks like a metric pair
        if not PAIR.search(before) or re.match(r"^[\s\[\]\d:/.,\-| A-Za-z_]*$", before) and "=" not in before:
            prefix = before
            rest = s[m.end():]
            pm = PY_LOGGING_NAME.match(rest)
            if pm:
                rest = rest[pm.end():]
            else:
                rest = rest[AFTER_LEVEL.match(rest).end():]
            s = rest
    for _ in range(12):
        m2 = PREFIX.match(s)
        if not m2 or m2.end() == 0:
            break
        prefix += s[: m2.end()]
        s = s[m2.end():]
    return s.strip(), prefix


# ---------------------------------------------------------------------------------------------- records
@dataclass
class Rec:
    keys: tuple[str, ...]
    values: list[float]
    step: int | None = None
    epoch: int | None = None
    inner: tuple[int, int] | None = None  # (i, N) counter inside the epoch
    counter: int | None = None  # bare n/N counter
    ctx: str = ""
    bar: bool = False
    planned: dict = field(default_factory=dict)
    # N of a "step n/N" (maybe a counter inside the epoch: the epoch printed beside it, or on a line of its own)
    step_total: int | None = None
    config: bool = False  # a line of a dozen settings or more: the configuration a launch prints as it starts
    asked: tuple = ()  # the values whose sign, integrality or NaN decided how the line reads (see Plan)
    closes: bool = False  # the line says its epoch is over ("epoch: 3 done, ..."): that epoch's summary
    # the total of a bare fraction heading the record ("12/30  train_loss: .."; its count is ``counter``): the epoch
    # and the planned epochs when the log stated that plan (the parser decides, see TextLogParser.lead_fraction)
    lead_total: int | None = None


# the things a data set or a loader counts: a whole number followed by one of them is the size of a set
_ITEMS = (r"samples|images|imgs|examples|sentences|items|files|sequences|documents|docs|utterances|videos|clips|"
          r"instances|records|graphs|molecules|pairs|queries|passages|frames|episodes? loaded")


_ITEMS_AFTER = re.compile(rf"\s(?:{_ITEMS})\b", re.IGNORECASE)


def _counts_items(msg: str, key: str, raw: str) -> bool:
    """Is ``key``'s value ``raw`` a count of things written with their noun in ``msg`` ("Loaded 4699 samples",
    "train: 3709 samples (day-wise split)", "Found 1200 images")? A data set's size, printed once by each launch: no
    training series (a value printed once stays a setting through the settings rule, not through this)."""
    if not raw.replace(",", "").isdigit() or _ITEMS_AFTER.search(msg) is None:
        return False
    if key.lower() in SPLIT_WORDS and _SIZES_BY_SPLIT.search(msg):
        # (the sizes of the splits side by side, one noun after the last: "train=45000  val=5000  test=10000 images")
        return True
    # (a word or two naming the set may stand between the count and its noun: "total 100000 Im2LatexDataset samples",
    # "Loaded 5000 training images" -- a word such as 'of' or 'per' ends the count's phrase)
    return re.search(rf"(?<![\w.]){re.escape(key)}\s*[:=]?\s*{re.escape(raw)}\s+{_SET_WORDS}(?:{_ITEMS})\b", msg,
                     re.IGNORECASE) is not None


_SET_WORDS = (r"(?:(?!(?:of|the|per|in|for|over|from|to|at|with|and|or|by|on|each|every|all)\b)[^\W\d][\w\-]*\s+)"
              r"{0,2}")


def _counts_epochs(msg: str, key: str, raw: str) -> bool:
    """Is ``key``'s value ``raw`` a whole number of epochs written with its plural noun in ``msg`` ("Finished 30
    epochs, val acc 0.93", "trained 12 epochs: loss 0.41")? A count of epochs -- run or planned -- is no value of the
    word before it (the plan said so is read as the plan: PLAN_IN_WORDS)."""
    return raw.isdigit() and re.search(rf"(?<![\w.]){re.escape(key)}\s*[:=]?\s*{re.escape(raw)}\s+epochs\b", msg,
                                       re.IGNORECASE) is not None


def _is_duration(msg: str, key: str, raw: str) -> bool:
    """Is ``key``'s value ``raw`` written with a unit of time in ``msg`` ("train 2.2s", "val: 310ms")?"""
    return re.search(rf"(?<![\w.]){re.escape(key)}\s*[:=]?\s*{re.escape(raw)}\s*(?:s|ms|sec|secs|seconds?|min|mins|minutes?|h)\b",
                     msg) is not None


# a held-out split's word (HELDOUT, or a leading 'v') and the separator after it, at the start of a key
_HELD_PREFIX = re.compile(r"^(?:" + "|".join(sorted(map(re.escape, HELDOUT | {"v"}), key=len, reverse=True))
                          + r")[\s_/.\-]+")


def _has_held_out_twins(keys) -> bool:
    """Does a bare key of the record have its held-out twin beside it ('v_recons 0.45  recons 0.46', 'val_loss ..
    loss ..'): then the bare keys are training's, the record holding both splits."""
    held = {_HELD_PREFIX.sub("", k.lower()) for k in keys if split_of(k) == "val"}
    return any(k.lower() in held for k in keys if split_of(k) is None)


@functools.lru_cache(maxsize=8192)
def split_of(key: str) -> str | None:
    """'val' / 'train' when a key names its split ('val_loss', 'eval/acc', 'train loss'), else None. Keys repeat on
    every line of a log: the answer is kept per key."""
    low = key.lower()
    words = re.split(r"[\s_/.\-]", low, 2)
    first = words[0]
    if first in SPLIT_WORDS:
        return SPLIT_WORDS[first]
    if first in _BARE_STATISTICS and len(words) > 1 and words[1] in SPLIT_WORDS:
        # a statistic said before the split it was taken over ('mean train 1.276', 'avg val loss'): that split
        return SPLIT_WORDS[words[1]]
    # (a word that only begins with the letters of one -- 'Value', 'value_loss', 'Valence' -- is no split: an RL
    # agent's value head, a quantity of its own)
    if re.match(r"^(val|valid|validation|eval|test|dev)[A-Z_/ ]", key) or low.startswith("eval") \
            or (low.startswith("val") and not low.startswith(("valu", "valen"))):
        return "val"
    return None


# words that say the phase just printed is over ("epoch=1 done avg_train_loss=1.3895 valid_loss=..", "epoch 3 finished
# mean loss: 0.41"): the record's status, said before its first key -- no part of that key's name, which is the words
# after it (a key of its own word alone, "done: 40", stays a key)
PHASE_DONE_WORDS = frozenset({"done", "finished", "complete", "completed", "ended"})
# words that say which statistic of a quantity a value is, not which quantity
_BARE_STATISTICS = frozenset({"mean", "avg", "average", "total", "sum", "median", "min", "max"})


@functools.lru_cache(maxsize=8192)
def _pair_key(raw: str) -> str | None:
    """The key a PAIR match names, or None when it is not a key (filler words). Kept per raw text: the same keys
    come back on every line of a log."""
    words = _clean_key(raw).split(" ")
    # prose words before the real key: keep the last words that are not filler
    while len(words) > 1 and (words[0].lower() in NOT_KEYS or words[0].lower() in ("info", "-", "epoch")
                              or words[0].lower() in PHASE_DONE_WORDS):
        if words[0].lower() == "epoch" and len(words) == 2 and words[1].lower() in _BARE_STATISTICS:
            break  # ("epoch mean: 86.67", the running mean over the epoch: a statistic names nothing alone)
        words = words[1:]
    # a key said in a sentence ("avg loss so far is 0.11", "val loss was 0.48"): the copula joins the key to its
    # value; the words before it are the key
    if len(words) > 1 and words[-1].lower() in COPULAS and words[-2].lower() not in NOT_KEYS:
        words = words[:-1]
    # ... and in "The result of ResNet18 with Adam is test acc: 76.82%, loss: 0.68" the key is what the sentence
    # says its subject is: the words after the copula
    elif len(words) > 2 and any(w.lower() in COPULAS for w in words[1:-1]):
        at = max(i for i, w in enumerate(words[:-1]) if w.lower() in COPULAS)
        words = words[at + 1:]
    # (a word in capitals is an acronym, a metric's name -- "Val PER: 0.03", the phoneme error rate --, never the
    # filler word it spells in small letters; a time zone is written in capitals too: "CEST 2026" is a date, and a
    # device in capitals is still a device: "GPU 0", "CUDA:0")
    if (words[-1].lower() in NOT_KEYS
            and not (len(words[-1]) > 1 and words[-1].isupper()
                     and words[-1].lower() not in _SPELLED_IN_CAPITALS)) \
            or words[-1].lower() in ("x", "e"):
        return None
    key = " ".join(words)
    if ". " in key:  # "Skipping step. Attempted loss scale": a sentence ends inside; the key is after it
        head, key = key.rsplit(". ", 1)
        # ... but a split word's full stop is an abbreviation's ("**Epoch: 001/020 | Test. Acc.: 97.43% | Loss: .."):
        # the split stays with the key
        hw = head.split(" ")
        if hw[-1].lower() in SPLIT_WORDS:
            key = hw[-1] + " " + key
        elif len(hw) >= 2 and hw[-2].lower() in SPLIT_WORDS and re.fullmatch(r"[A-Z][a-z]{1,3}", hw[-1]):
            # ... and so is a short capitalised word's after a split word ("Val Cls. Acc 7.41%", "Val Ret. Acc
            # 89.7%": the classification and the retrieval accuracies of one evaluation, two series)
            key = f"{hw[-2]} {hw[-1]} {key}"
    return key


def _singular(clock: str) -> str:
    """The clock's name said once ("steps" -> "step", "Iterations" -> "iteration")."""
    low = clock.lower()
    return low[:-1] if low.endswith("s") else low


# a "key: value" pair written around a dict inside a record (the colon and a space: not a logger's "name:lineno")
OUTER_PAIR = re.compile(r"(?<![\w.])[A-Za-z_][\w.\-]*:\s+[-+]?\.?\d")
# ... or a name and its value a space apart, pairs between commas ("Pass 0, Batch 100, Cost 0.5823, {'classification_
# error_evaluator': 0.27}": PaddlePaddle's event printer): two such pairs at least, so a lone "Epoch 3 {..}" stays as
# it was read
OUTER_SPACED_PAIR = re.compile(r"(?:^|,)\s*[A-Za-z_][\w.\-]*\s+[-+]?\.?\d[\d.eE+\-]*\s*(?=,|\||$)")


# names joined by commas before one colon, then as many values joined by commas ("IS, FID: 1.666, 341.353", "P, R, F1:
# 0.81, 0.72, 0.76"): one value per name, in order -- not the last name with the first value
_LISTED_NAME = r"[A-Za-z][\w@\-]*(?:\.[\w@\-]+)*"
_LISTED_VALUE = NUM + r"%?(?![\w./])"
NAMES_THEN_VALUES = re.compile(r"(?<![\w.@\-])(?P<names>" + _LISTED_NAME + r"(?:\s*,\s*" + _LISTED_NAME + r")+)\s*:\s*"
                               r"(?P<vals>" + _LISTED_VALUE + r"(?:\s*,\s*" + _LISTED_VALUE + r")+)(?!\s*[/\w])",
                               re.IGNORECASE)
# a sentence that says the learning rate is set to a value (torch's verbose scheduler: "Adjusting learning rate of group 0
# to 1.0000e-03.", "learning_rate changed to 0.0045", "Reducing learning rate to 1e-4"): the value after 'to' is the
# learning rate, the group's number no value
LR_SET_TO = re.compile(r"(?:\b(?:adjusting|reducing|setting|changing|decaying|updating|lowering)\s+)?"
                       r"\b(?:learning[ _]rate|lr)(?:\s+of\s+(?:param(?:eter)?\s+)?group\s+\d+)?\s+"
                       r"(?:(?:is\s+)?(?:changed|set|reduced|decayed|adjusted|updated|lowered|dropped)\s+)?to\s+(?=[-+]?\.?\d)",
                       re.IGNORECASE)
# a term of the loss printed with its weight ("Train net output #3: loss = 9.2667 (* 1 = 9.2667 loss)", Caffe's net
# outputs beside the solver's "Iteration 500, loss = 8.896"): a term named like the total is the term, not the total
LOSS_TERM = re.compile(r"(?<![\w.])loss(?=\s*=\s*" + NUM + r"\s*\(\s*\*\s*" + NUM + r"\s*=\s*" + NUM + r"\s+loss\s*\))",
                       re.IGNORECASE)


def _names_then_values(m: re.Match) -> str:
    names = [n.strip() for n in m.group("names").split(",")]
    vals = [v.strip() for v in m.group("vals").split(",")]
    if len(names) != len(vals):
        return m.group(0)
    return ", ".join(f"{n}: {v}" for n, v in zip(names, vals))


# a name and its value separated by a dash set off by spaces, the value closing the line or its field ("Epoch 1 - train:
# avg_loss - 3.65", "loss - 0.41 | acc - 0.88"): the dash is the name's separator, as a colon is (the name one word with
# a letter, never a count: "Epoch 8 - 2.5s", "1/10 - 3s" keep their dash)
DASH_PAIR = re.compile(r"(?<![\w.\-])([A-Za-z][\w.]*[A-Za-z_][\w.]*|[A-Za-z])\s+-\s+(" + NUM + r")(?=\s*(?:$|[,;|]))")


# Python 2's print of a name and its value in parentheses -- print("Accuracy : ", acc) under Python 2 prints the tuple
# "('Accuracy : ', 56.25)" -- and of several ("('epoch', 3, 'loss', 0.52)"): the names and their values
_PY2_ITEM = r"""(?:'(?P<k1>[^'\n]{1,60})'|"(?P<k2>[^"\n]{1,60})")\s*,\s*(?P<v>""" + NUM + r")"
PY2_TUPLE = re.compile(r"\(\s*" + _PY2_ITEM.replace("?P<k1>", "?:").replace("?P<k2>", "?:").replace("?P<v>", "?:")
                       + r"(?:\s*,\s*" + _PY2_ITEM.replace("?P<k1>", "?:").replace("?P<k2>", "?:").replace("?P<v>", "?:")
                       + r")*\s*,?\s*\)", re.IGNORECASE)
PY2_ITEM = re.compile(_PY2_ITEM, re.IGNORECASE)


def _py2_tuple(msg: str) -> str:
    """The pairs of a Python 2 printed tuple (:data:`PY2_TUPLE`) written as 'name: value, ..'."""
    out = []
    for m in PY2_ITEM.finditer(msg):
        name = (m.group("k1") or m.group("k2") or "").strip().rstrip(":=").strip()
        if not name or not re.match(r"[^\W\d]", name):
            return msg
        out.append(f"{name}: {m.group('v')}")
    return ", ".join(out)


GLUED_NAME = re.compile(r"(\d\.\d+)(?!(?:[KMGTP]i?B|[KMGTPB]|dB|Hz|MHz|GHz|FPS|TFLOPS|GFLOPS)\b)(?=[A-Z][A-Za-z_]*(?: [A-Za-z_][\w\-]*){0,3}\s*:\s*[-+]?\.?\d)")


def _pairs(msg: str) -> tuple[list[tuple[str, float, str | None, str]], list[tuple[int, int]]]:
    """(key, value, total, printed value) pairs of one message and its bare n/N counters."""
    out: list[tuple[str, float, str | None, str]] = []
    if msg[:1] == "(" and "," in msg and PY2_TUPLE.fullmatch(msg.rstrip()):
        msg = _py2_tuple(msg)
    if " - " in msg:
        msg = DASH_PAIR.sub(r"\1: \2", msg)
    if ":" in msg:
        # the next key written against a decimal value, the print having no separator ("Val Pi loss:0.8156Val V loss:
        # 0.6376"): a capitalised name of up to four words and its colon, then a number, starts the next pair (a unit
        # against its value stays the value's: "GPU 11.2GB Train loss: 0.3")
        msg = GLUED_NAME.sub(r"\1 ", msg)
    if "," in msg and ":" in msg:
        msg = NAMES_THEN_VALUES.sub(_names_then_values, msg)
    if " to " in msg and ("rate" in msg or "lr" in msg or "LR" in msg):
        msg = LR_SET_TO.sub("lr: ", msg)
    if "(*" in msg or "( *" in msg:
        msg = LOSS_TERM.sub("loss term", msg)
    if "{" in msg and (":" in msg):
        dp = [(m.group("key"), m.group("val"), m.group("tot")) for m in DICT_PAIR.finditer(msg)]
        if dp:
            inner = [(_clean_key(k), to_number(v), t[1:] if t else None, v) for k, v, t in dp]
            outside = re.sub(r"\{[^{}]*\}", " | ", msg)
            if "{" not in outside and (OUTER_PAIR.search(outside) or len(OUTER_SPACED_PAIR.findall(outside)) >= 2):
                # a dict printed inside a record ("iter: 000010, lr: 0.01, total_loss: 1.070 (1.070), .., Dice
                # scores: {'DICE class 1': 0.0, ..}"): the pairs around it are the record's too
                rest, counters = _pairs(outside)
                return rest + inner, counters
            return inner, [(-1, -1)]
    used = []
    if "W" in msg and ("=" in msg or ":" in msg):
        msg = POWER_VALUE.sub(r"\1\2", msg)
    if ("$" in msg or "€" in msg or "£" in msg or "¥" in msg) and CURRENCY_VALUE.search(msg):
        msg = CURRENCY_VALUE.sub(lambda m: ("-" if (m.group(1) == "-") != m.group(2).startswith("-") else "")
                                 + m.group(2).lstrip("+-"), msg)
    if "=" in msg and "/" in msg:
        # a ratio written with its value ("HellaSwag accuracy: 2497/10042=0.2487"): the value
        msg = RATIO_VALUE.sub(r"\1", msg)
    if " at " in msg:
        msg = AT_CLOCK.sub(r"\g<clock> \g<n>, \g<key>:", msg)
    if " after " in msg:
        msg = AFTER_CLOCK.sub(lambda m: f"{_singular(m.group('clock'))} {m.group('n')}, {m.group('key')}:", msg)
    if "top " in msg or "Top " in msg or "TOP " in msg:
        msg = TOP_K.sub(r"\1-\2", msg)
    if msg.lstrip().startswith("["):
        msg = BRACKET_EPOCH.sub(r"epoch \g<e> ", msg, count=1)
    if "," in msg:
        named = list(NAMED_AFTER.finditer(msg))
        if len(named) >= 2 and named[-1].end() == len(msg.rstrip()) \
                and all(a.end() < b.start() and msg[a.end():b.start()].strip() == "," for a, b in zip(named, named[1:])):
            msg = msg[:named[0].start()] + " " + ", ".join(
                f"{m.group('key')}: {m.group('val')}{m.group('unit')}" for m in named)
    if "/" in msg:
        # a split's loss and accuracy written as a pair ("e 005 | train 2.9988 / 35.7% | val 3.1567 / 1.3%", "ep 1
        # train 2.3204 / 0.094  dev 2.3190 / 0.095"): the bare value is the split's loss (below), the percentage or
        # the fraction after the slash its accuracy
        msg = SPLIT_LOSS_ACC.sub(r"\g<s>: \g<a>, \g<s> acc: \g<b>\g<pct>", msg)
    if "%)" in msg or "% )" in msg:
        msg = SPLIT_LOSS_PCT.sub(r"\g<s>: \g<a>, \g<s> acc: \g<b>%,", msg)
        if "%" in msg:
            # counts with their percentage in parentheses (the PyTorch MNIST example's "Accuracy: 9890/10000 (99%)"):
            # the value is the share the counts make (the percentage rounds it), the counts no position nor plan
            msg = COUNTS_PERCENT.sub(counts_as_percent, msg)
    if ",)" in msg or ", " in msg and "(" in msg:
        # a value printed as a tuple of one per parameter group (BasicSR's "lr:(1.000e-04,)", "lr=(1e-4, 1e-5)"):
        # the first group's, as a list's first value is
        msg = TUPLE_VALUE.sub(r"\g<sep>\g<v>", msg)
    if "→" in msg or "->" in msg or "=>" in msg or "⇒" in msg:
        # a key's training value, an arrow, and its held-out value named by its split in parentheses ('loss 1.39 →
        # 0.80 (val)'): the held-out one is that split's
        msg = VALUE_TO_SPLIT.sub(r"\g<k>: \g<a>, \g<s> \g<k>: \g<b>,", msg)
        msg = metric_by_split(msg)
    if "(" in msg and ")" in msg and VALUE_PER_SPLIT.search(msg):
        msg = VALUE_PER_SPLIT.sub(value_per_split, msg)
    if "(" in msg and "/" in msg:
        # a key qualified by its splits in parentheses, one value each after it ('losses(train/val)=1.2024/0.5218')
        msg = KEY_OF_SPLITS.sub(_key_of_splits, msg)
    if "(" in msg and ")" in msg:
        # a key qualified by its split in parentheses against it ('objective(train)=0.539 objective(valid)=0.391'):
        # that split's series of the key
        msg = KEY_OF_SPLIT.sub(r"\g<s> \g<k>\g<sep>", msg)
    if "#" in msg:
        # a clock numbered with a hash ('ep#003', 'epoch #3', 'iter#120'): its count, as 'ep 003' is read
        msg = HASH_CLOCK.sub(r"\g<c> \g<n>", msg)
    if "@" in msg:
        # a value said 'at' its key ('tr.loss 0.91  va.loss 0.62  @lr 1.00e-03': the learning rate it ran at)
        msg = AT_KEY.sub("", msg)
    if "'s " in msg:
        # a data set's name with its possessive (LightGBM's "valid's binary_logloss: 0.43", "training's auc"): the
        # split the key is measured on
        msg = POSSESSIVE.sub(r"\1 ", msg)
    if "[" in msg and "," in msg and GLUED_LIST.search(msg):
        # a name written against a bracketed list of its values ("dA[1.526,0.768] dB[0.943,0.858] g[18.519,19.388]",
        # a Keras GAN's print of each model's losses): read as a list printed after its name is, its first value
        msg = GLUED_LIST.sub(r" \g<k>: \g<v> ", msg)
    if "=" in msg and INDEXED_KEY.search(msg):
        msg = INDEXED_KEY.sub(lambda m: m.group(0) if m.group("k").lower() in _NOT_INDEXED else
                              f"{m.group('k')}_{m.group('i')}", msg)
    for m in PAIR.finditer(msg):
        if len(m.group("val")) == 4 and DATE_REST.match(msg, m.end("val")):
            continue  # ("Global 2017-06-21 05:44:29: I tensorflow/..": a date's year, no value)
        if m.group("val").isdigit() and not m.group("tot") and RANGE_REST.match(msg, m.end("val")):
            continue  # ("PHASE 1: head only (Epochs 1-5)": a range of epochs, no value nor plan)
        key = _pair_key(m.group("key"))
        if key is None and m.group("key") in ("x", "X") and msg[m.end():m.end() + 1] == "," \
                and msg[:m.start()].rstrip()[-1:] in (":", ",") and not m.group("tot") and not m.group("sep").strip():
            # a coordinate's term among the items of a list of pairs ("[Losses: x 0.27, y 0.25, w 4.8, h 4.6, conf 4.4,
            # .., total 15.14]", YOLOv3's box terms): a key as 'y' beside it is -- no multiplier's 'x'
            key = "x"
        if key is None:
            # a one-letter abbreviation of the epoch heading a record ("e:3 loss=..", "e 005 | train ..") is its
            # epoch; elsewhere a lone "e" is no key (an exponent's letter, a constant)
            if not (out or used) and m.group("key") in ("e", "E") and m.group("val").isdigit() \
                    and not msg[:m.start()].strip(" \t|[(#-"):
                key = "epoch"
            else:
                continue
        if " " in key and "_" in key and msg[m.end("key"):m.end("key") + 1] == "=":
            # a name written against its '=' as code names things ("avg_return=1.0"): the identifiers before it, each
            # a word of its own ("[Epoch 1/1] epoch_summary avg_return=1.0 avg_rc=0.12"), label the record -- they
            # are no part of the name (a split's word before it is: "val avg_loss=0.3")
            words = key.split(" ")
            while len(words) > 1 and "_" in words[0] and words[0].lower() not in SPLIT_WORDS:
                words = words[1:]
            key = " ".join(words)
        tot = m.group("tot")
        out.append((key, to_number(m.group("val")), tot.replace("/", "").strip() if tot else None, m.group("val")))
        if m.group("avg"):
            out.append((key + " (avg)", to_number(m.group("avgv")), None, m.group("avgv")))
        used.append((m.start(), m.end()))
    counters = []
    for m in BARE_COUNTER.finditer(msg):
        if any(a <= m.start() < b for a, b in used):
            continue
        if msg[:m.start()].rstrip().endswith("(") and msg[m.end():].lstrip().startswith(")"):
            continue  # "accuracy: 10.40% (1040 / 10000)": the counts behind a value, not a position
        counters.append((int(m.group(1)), int(m.group(2))))
    return out, counters


LEADING_COUNTER = re.compile(r"(\d{1,7})\s{1,8}(?=[A-Za-z_][\w.\-]*\s*[=:]\s*[-+]?\.?\d)")
LEADING_EPOCH_STEP = re.compile(r"(\d{1,5})\s{1,8}(\d{1,9})\s{1,8}(?=[A-Za-z_][\w.\-]*\s*[=:]\s*[-+]?\.?\d)")
KEY_ASSIGN = re.compile(r"(?<![\w.])[A-Za-z_][\w.\-]*\s*[=:]\s*[-+]?\.?\d")
# (a real number: a tuple of whole numbers is a size, "input: (224, 224)", no value)
TUPLE_VALUE = re.compile(r"(?P<sep>[:=]\s*)\(\s*(?P<v>[-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+))"
                         r"\s*,(?:\s*" + NUM + r"\s*,)*(?:\s*" + NUM + r")?\s*\)", re.IGNORECASE)
COUNTS_PERCENT = re.compile(r"(?P<k>[A-Za-z][\w ]*:)\s*(?P<a>\d+)\s*/\s*(?P<b>\d+)\s*\(\s*(?P<p>[-+]?\d+(?:\.\d+)?)\s*%\s*\)")


# a key with one value per data split, each value followed by its split in parentheses: "objective: 1.38 (train)
# 1.41 (valid)", "accuracy: 0.52 (valid)" -- one pair per split, named by it ("train objective: 1.38, valid objective:
# 1.41"); without this the first value was the key's and the others were lost
# (the split names these per-split forms take, one list: the training's, then the held-out sets')
_HELD_OUT_WORDS = "valid|val|validation|dev|eval|test"
_SPLIT_NAMES = r"(?:train|training|trn|" + _HELD_OUT_WORDS + ")"
_PAREN_SPLIT = r"\(\s*" + _SPLIT_NAMES + r"\s*\)"
VALUE_PER_SPLIT = re.compile(r"(?<![\w.])(?P<k>[A-Za-z][A-Za-z_\-]*(?: [A-Za-z][A-Za-z_\-]*){0,3})\s*[:=]\s*"
                             r"(?P<rest>" + NUM + r"\s*" + _PAREN_SPLIT + r"(?:\s*,?\s*" + NUM + r"\s*" + _PAREN_SPLIT
                             + r")*)", re.IGNORECASE)
_ONE_PER_SPLIT = re.compile(r"(?P<v>" + NUM + r")\s*\(\s*(?P<s>[A-Za-z]+)\s*\)")


KEY_OF_SPLIT = re.compile(r"(?<![\w.])(?P<k>[A-Za-z][\w.\-]*)\(\s*(?P<s>" + _SPLIT_NAMES + r")\s*\)(?P<sep>\s*[=:])",
                          re.IGNORECASE)
# an '@' read 'at' before a key and its value ('@lr 1.00e-03'; not an address's, 'user@host', nor a threshold's after
# a name, 'mAP@0.5')
AT_KEY = re.compile(r"(?<![\w@])@(?=[A-Za-z_][\w.]*\s*[:=]?\s*[-+]?\.?\d)")


HASH_CLOCK = re.compile(r"(?<![\w#])(?P<c>ep|epoch|iter|iteration|it|step|batch)\s?#\s?(?P<n>\d+)(?![\w.])", re.IGNORECASE)


VALUE_TO_SPLIT = re.compile(r"(?<![\w.])(?P<k>[A-Za-z][\w.\-]*)\s+(?P<a>" + NUM + r")\s*(?:→|->|=>|⇒)\s*(?P<b>" + NUM
                            + r")\s*\(\s*(?P<s>" + _HELD_OUT_WORDS + r")\s*\)", re.IGNORECASE)
KEY_OF_SPLITS = re.compile(r"(?<![\w.])(?P<k>[A-Za-z][\w.\-]*)\(\s*(?P<ss>" + _SPLIT_NAMES + r"(?:\s*/\s*" + _SPLIT_NAMES
                           + r")+)\s*\)\s*[=:]\s*(?P<vs>" + NUM + r"(?:\s*/\s*" + NUM + r")+)", re.IGNORECASE)


def _key_of_splits(m: re.Match) -> str:
    """'losses(train/val)=1.2024/0.5218' -> 'train losses: 1.2024, val losses: 0.5218,' (as printed when the counts
    differ)."""
    splits = [x.strip() for x in m.group("ss").split("/")]
    vals = [x.strip() for x in m.group("vs").split("/")]
    if len(splits) != len(vals):
        return m.group(0)
    return " ".join(f"{sp} {m.group('k')}: {v}," for sp, v in zip(splits, vals))


def value_per_split(m: re.Match) -> str:
    """'objective: 1.38 (train) 1.41 (valid)' -> 'train objective: 1.38, valid objective: 1.41,'."""
    k = m.group("k")
    return " ".join(f"{x.group('s').lower()} {k}: {x.group('v')}," for x in _ONE_PER_SPLIT.finditer(m.group("rest")))


def counts_as_percent(m: re.Match) -> str:
    """``Accuracy: 9882/10000 (99%)`` -> ``Accuracy: 98.82%``: the share the counts make, which the percentage printed
    beside them rounds (to a whole percent in the PyTorch MNIST example: 99% at every epoch from 9882 to 9946 right).
    The printed percentage when the counts do not make it (a total of 0, or counts of something else)."""
    a, b, pct = int(m.group("a")), int(m.group("b")), float(m.group("p"))
    if b > 0 and abs(100.0 * a / b - pct) <= 0.5 + 1e-9 * abs(pct):
        return f"{m.group('k')} {100.0 * a / b:.6g}%"
    return f"{m.group('k')} {m.group('p')}%"
SPLIT_LOSS_ACC = re.compile(r"(?<![\w.])(?P<s>train|training|val|valid|validation|test|dev|eval)\s*[:=]?\s+(?P<a>\d+\.\d+)"
                            r"\s*/\s*(?P<b>\d+(?:\.\d+)?\s*(?P<pct>%)|[01]?\.\d+(?![\d.%/]))", re.IGNORECASE)
# ... and with the accuracy as a percentage in parentheses ("ep 1/15  train 2.1616  (22.2%)   eval 2.0390  (41.8%)"): a
# running average is printed so too, but never as a percentage beside a loss
SPLIT_LOSS_PCT = re.compile(r"(?<![\w.])(?P<s>train|training|val|valid|validation|test|dev|eval)\s*[:=]?\s+(?P<a>\d+\.\d+)"
                            r"\s*\(\s*(?P<b>\d+(?:\.\d+)?)\s*%\s*\)", re.IGNORECASE)
SETTING_ASSIGN = re.compile(r"(?<![\w.])[A-Za-z_][\w.]*=(?!=)")
DICT_KEY = re.compile(r"['\"][A-Za-z_][\w./\-]*['\"]\s*:")
WORD_VALUE = re.compile(r"""[=:]\s*(?:'[A-Za-z][^']*'|"[A-Za-z][^"]*"|True\b|False\b|None\b)""")
# a model summary (YOLO's "Model summary: 214 layers, 7022326 parameters", its layer table "models.common.C3
# [64, 64, 1]", "Fusing layers...") or a dataset scan ("Scanning '...' images and labels... 1000 found, 0 missing")
# (and a launcher's process management -- torchrun's "Received 15 death signal, shutting down workers", "Sending
# process 55014 closing signal SIGTERM", an exit code -- whose numbers are a signal, a process id, a status)
NOT_A_SERIES = re.compile(r"\b(?:[Mm]odel [Ss]ummary|Fusing layers|Scanning\b|images and labels|\d+ found, \d+ missing)"
                          r"|\bmodels?\.[a-z_]+\.[A-Z]\w*|\btorch\.nn\.[A-Za-z]"
                          r"|\b(?:death|closing|kill(?:ing)?|termination) signal\b|\bSending process \d+|\bexitcode\b"
                          # a layer's tensor shape "416 x 416 x 3" (a network summary's row: Darknet's layer table),
                          # an HTTP response's status ("HTTP/1.1 404 Not Found": a download logged by httpx), a GPU's
                          # model name ("NVIDIA GeForce GTX 1660 Ti"): what the numbers name is no training series
                          r"|\b\d+\s*x\s*\d+\s*x\s*\d+\b|\bHTTP/\d(?:\.\d)?\"?\s+\d{3}\b"
                          r"|\b(?:NVIDIA|GeForce|Quadro|Radeon)\b"
                          # a model printed by PyTorch, one child module a line ("(fc1): Linear(in_features=12544,
                          # out_features=1024, bias=True)", "(norm): FrozenBatchNorm2d(num_features=64, eps=1e-05)"):
                          # its numbers are the model's shape, printed again by every launch, no series
                          r"|^\s*\([\w.\-]+\):\s*[A-Za-z_][\w.]*\("
                          # a config written as Python source (MMCV / MMEngine print theirs: "    logger=dict(interval=50,
                          # type='LoggerHook'),"): a dict built from keyword arguments is settings' text, no record
                          r"|\bdict\(\s*[A-Za-z_]\w*\s*="
                          # a warning of Python's warnings module ("/site-packages/torch/utils/data/dataloader.py:478:
                          # UserWarning: This DataLoader will create 8 worker processes .."): a message about the code
                          # (its file, line and category), whatever numbers its text holds -- the line's own (a record
                          # the warning was glued after, "iter 0 || Loss: 19.4798 || /../augmentations.py:238:
                          # VisibleDeprecationWarning: ..", is still read)
                          r"|^[^\s|]*\.py:\d+:\s*[A-Z]\w*Warning:"
                          # what Slurm's step daemon says about the job ("slurmstepd: error: *** JOB 16880092 ON gv001
                          # CANCELLED AT ..", "*** STEP 123.0 ..", "Detected 1 oom-kill event(s) in StepId=..."): the
                          # job's id, step and time, no record (the cancellation is still the run's end: CRASH)
                          r"|^\s*slurmstepd:")
# the repr of a tuple or list of strings, and the "name: value" settings written inside its strings
STRINGS_REPR = re.compile(r"""^[(\[]\s*(?:'[^'\n]*'|"[^"\n]*")(?:\s*,\s*(?:'[^'\n]*'|"[^"\n]*"))+\s*,?\s*[)\]]$""")
QUOTED_SETTING = re.compile(r"""['"]\s*([A-Za-z][\w .\-]{0,40}?)\s*:\s*([^'":]+?)\s*['"]""")
# a row of the summary W&B prints as a run ends ("wandb:   train/box_loss 0.02659", under "wandb: Run summary:")
WANDB_SUMMARY_ROW = re.compile(r"^wandb:\s+([A-Za-z_][\w./\-:@]*)\s+(" + NUM + r")\s*$", re.IGNORECASE)
# the keys of a model's parameter count (see analyse)
PARAM_COUNT_KEY = re.compile(r"(?:(?:total|trainable|non[-_ ]?trainable|all|learnable|frozen|model|num|n)[-_ ]?)?"
                             r"(?:params?|parameters?)(?:[-_ ]?count)?|total|trainable|non[-_ ]?trainable",
                             re.IGNORECASE)
NAMESPACE = re.compile(r"^(?:[A-Za-z][\w ]{0,40}:\s*)?Namespace\(")
NAMESPACE_ITEM = re.compile(r"(?<![\w.])([A-Za-z_]\w*)=('[^']*'|\"[^\"]*\"|\[[^\]]*\]|\([^)]*\)|[^,()]+)")
DICT_ITEM = re.compile(r"['\"]([A-Za-z_][\w./\-]*)['\"]\s*:\s*('[^']*'|\"[^\"]*\"|[^,{}\[\]]+)")
# a key a setting printed alone on its line may have ("base_lr", "model.depth": see TextLogParser.note_setting_line)
SETTING_KEY = re.compile(r"[A-Za-z_][\w.\-]*")
# a held-out word among the first words of a line, before its first number (see parse_record)
# (the record's position may come first, its clock named with its count and then a dash or a bar: "Epoch 1 - eval:
# avg_loss - 5.14", "step 200 | validation | loss .."; or a space alone, the split word then ending in its colon:
# "*** epoch 1 val: loss 1.48 acc 0.62" -- or in its comma, T2ICount's "Epoch 50 Val, MAE: 14.68, MSE: 64.80" beside
# "Epoch 50 Test, MAE: .." and "Epoch 50 Train, reg: ..": each record that split's, never one MAE of both sets)
# (or in brackets, a space after them: gaussian-splatting's "[ITER 7000] Evaluating train: L1 0.0337 PSNR 24.71")
_LEAD_POSITION = (r"(?:(?:epoch|ep|step|iter|iteration|episode)\s*\d+(?:\s*/\s*\d+)?(?:\s*[|\-]\s*|\s+(?=[A-Za-z]+\s*[:,]))|"
                  r"\[\s*(?:epoch|ep|step|iter|iteration|episode)\s*\d+(?:\s*/\s*\d+)?\s*\]\s+)?")
SPLIT_LEAD = re.compile(r"^[^\w\d]*" + _LEAD_POSITION + r"(?:(?!(?:nan|inf)(?![A-Za-z]))[A-Za-z]+[\s:|,\-]+){0,2}?(?P<w>evaluation|evaluating|eval|validation|validating|valid|val|test|dev)"
                        r"(?![\w/\-])(?!\.\w)(?![\s:=]*[-+]?\.?\d)", re.IGNORECASE)
# (a value written nan or inf is no word: "Epoch [1/10] | Loss: nan | Val Accuracy: 0.48" opens with no held-out word)
# a split's word, then its count against its total, heading a record of pairs ("  train 26/210 | loss=3.14", "val
# 6/54 | loss=1.30", "Test 3/10: acc ..."): see parse_record
SPLIT_COUNT_LEAD = re.compile(r"^\s*(?P<w>train|training|val|valid|validation|eval|test|dev)\s+(?P<n>\d+)\s*/\s*(?P<N>\d+)\s*"
                              r"(?:[|:,\-]\s*)?(?=[^\W\d_][\w.\-]*(?: [^\W\d_][\w.\-]*){0,2}\s*[:=]?\s*[-+]?\.?\d)",
                              re.IGNORECASE)
# a split's summary heading a line ("Train_summary:", "Test summary |"): see parse_record
SUMMARY_LEAD = re.compile(r"^(?P<h>(?P<w>train|training|eval|evaluation|val|valid|validation|test|dev)[_ ]summary)\b\s*[:|\-]?",
                          re.IGNORECASE)
# a closing summary heading a line with no position ('FINAL RESULT: Batch Loss = 12.62, Accuracy = 0.89' after
# 'Optimization Finished!', 'Final results - loss: ..', 'Overall result: ..', 'Best: ..'): the final evaluation, or the
# best one, printed once after the training records -- never one more point of the training series named alike (see
# parse_record; a heading that names its split, 'Final test:', 'Test results:', is SPLIT_LEAD's)
FINAL_LEAD = re.compile(r"^(?P<h>(?P<w>final|best|overall)(?:[ _](?:results?|scores?|metrics?|performance|model|values?))?"
                        r"|results?|summary)\s*(?::|\s-|\|)\s*(?=[^\W\d_])", re.IGNORECASE)
# (a position is a clock's name with its number, 'epoch 3', 'step: 500' -- a 'Batch Loss' is no position)
_POSITION_WORD = re.compile(r"\b(?:epoch|ep|step|iter|iteration|episode|batch)\b\s*[:=#\[]?\s*\d", re.IGNORECASE)
# a training word among the first words of a line, standing alone as SPLIT_LEAD's held-out word does
TRAIN_LEAD = re.compile(r"^[^\w\d]*" + _LEAD_POSITION + r"(?:(?!(?:nan|inf)(?![A-Za-z]))[A-Za-z]+[\s:|,\-]+){0,2}?(?:train|training)"
                        r"(?![\w/\-])(?!\.\w)(?![\s:=]*[-+]?\.?\d)", re.IGNORECASE)
BARE_WORD_VALUE = re.compile(r"(?<![\w.])[A-Za-z_][\w.]*=(?:[A-Za-z_][\w\-]*\.[A-Za-z]\w*|[\w\-]*/[\w./\-]+)(?=[,\s)]|$)")
SETTINGS_LEAD = re.compile(r"^\W*(?:\[[\w\-. ]{1,30}\]\s*)?(?:hyperparameters|hyper-parameters|hyps?|args|arguments|config|configuration|settings"
                           r"|options|params|parameters)\s*[:=]", re.IGNORECASE)
# a record needs a number: a digit, or a NaN / infinity written out (NUM)
_MAY_HOLD_NUMBER = re.compile(r"\d|nan|inf", re.IGNORECASE)


def _is_config(msg: str) -> bool:
    """The configuration a launch prints as it starts (its settings are hyperparameters, not series): a dozen
    settings or more (name=value, or 'name': value in a dict) with at least one named choice among the values
    ('AdamW', 'x.yaml', True, None) -- an argparse Namespace, a config dump; half a dozen name=value settings with a
    named choice written bare ("weights=yolov5s.pt, data=coco128.yaml, epochs=100"); or settings under a name that
    says so ("hyperparameters: lr0=0.01, momentum=0.937"). A line of a dozen metrics (a JSON progress line, all
    numbers) is a record."""
    if "=" not in msg and ":" not in msg:
        return False
    assigned = len(SETTING_ASSIGN.findall(msg))
    if assigned + len(DICT_KEY.findall(msg)) >= 12 and WORD_VALUE.search(msg) is not None:
        return True
    if assigned >= 6 and BARE_WORD_VALUE.search(msg) is not None:
        return True
    # (under such a name the settings may be written "name: value": Darknet's "[yolo] params: iou_norm: 0.75, ..")
    return SETTINGS_LEAD.match(msg) is not None and (assigned >= 2 or len(KEY_ASSIGN.findall(msg)) >= 3)


CODE_ASSIGNMENT = re.compile(r"`[^`\s]+=[^`]*`")
# a setting named by a word ("Scheduler: StepLR", "optimizer=AdamW"): the name, then a word that is no number
WORD_SETTING = re.compile(r"(?:^|[,;|]\s*)[A-Za-z][\w ]{0,30}?\s*[:=]\s*(?!(?:nan|inf)\b)[A-Za-z][\w\-]*\s*(?=[,;|]|$)",
                          re.IGNORECASE)
PLURAL_COUNTS = ("epochs", "steps", "iterations", "iters")


def _settings_by_word(msg: str, pairs) -> bool:
    """A line of settings: it names one by a word ("Label smoothing: 0.1, Scheduler: StepLR, Epochs: 50"), and has no
    clock but a plural count (the plan) and no loss -- its numbers are hyperparameters, not a record."""
    if WORD_SETTING.search(msg) is None:
        return False
    for k, _, tot, _ in pairs:
        low = k.lower()
        if tot or LOSS_WORD.search(k) or (low not in PLURAL_COUNTS and (low in STEP_KEYS or low in EPOCH_KEYS)):
            return False
    return True


# a number of epochs said in words ("bits GRU, 30 epochs", "Training for 30 epochs"); not a period ("every 5 epochs"),
# a patience or a count of what happened ("no improvement for the last 3 epochs", "after 19 epochs", "in 2 epochs")
PLAN_IN_WORDS = re.compile(r"(?<!every )(?<!last )(?<!after )(?<!in )(?<!at )(?<!within )(?<![\w./])(\d{1,6})\s+(?:epochs|passes)\b"
                           r"(?!\s+(?:ago|done|completed|finished|passed|elapsed|without|with no))"
                           # (not when 'epochs' names the next setting: 'eval_batch=8 epochs=30' is no "8 epochs")
                           r"(?!\s*[:=]\s*[-+]?\.?\d)", re.IGNORECASE)
# a name between bars, touching them ("|grad|", "|w|"), then a space and a value: the norm of that quantity (field
# separators stand apart from the words: "loss 0.4 | grad 3.1")
NORM_BARS = re.compile(r"(?<![\w|])\|([A-Za-z][\w.]*)\|(?=[ \t:=]+[-+]?(?:\d|\.\d|nan|inf))", re.IGNORECASE)
# the items an evaluation counts as it goes ("Sample: 37, Validation pixAcc: .."): its progress, no value
EVAL_ITEM_COUNTERS = frozenset({"sample", "samples", "image", "images", "img", "example", "examples"})
# a name of something a run measures (not a setting): a plan said beside settings holds none
_MEASURED = re.compile(r"acc|f1|auc|map|score|err|ppl|perplex|bleu|rmse|mse|mae|dice|iou|reward|psnr|precision|recall",
                       re.IGNORECASE)
# a name of a quality measure (what an evaluation reports: accuracy, precision, recall, F1, an error ..)
_QUALITY = re.compile(_MEASURED.pattern + r"|prec|\brec(?:all)?\b|sensitiv|specific|kappa", re.IGNORECASE)
# a bare fraction heading a record, before its first key ("12/30  train_loss: 0.41", "07/30 | loss 0.5")
LEAD_FRACTION = re.compile(r"^\s*\[?\s*(\d{1,6})\s*/\s*(\d{1,6})(?![\w./%])\s*\]?[\s|:,\-]*(?=[^\W\d_])")


# a record written as a CSV row of names and their values, one after the other ("Step, 0, Loss, 0.114, PSNR, 9.42,
# StepTime, 5.42,": a script's f.write(f"{k}, {v}, " for each item)): each name with the value after it, as "key: v"
_PAIR_VALUE = r"[-+]?(?:nan|inf|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)"
_PAIR_NAME = r"[^\W\d][\w./@\-]*(?: [^\W\d][\w./@\-]*){0,2}"
COMMA_PAIRS = re.compile(r"^\s*(?:" + _PAIR_NAME + r"\s*,\s*" + _PAIR_VALUE + r"\s*(?:,\s*|$)){2,}$", re.IGNORECASE)
COMMA_PAIR = re.compile(r"(" + _PAIR_NAME + r")\s*,\s*(" + _PAIR_VALUE + r")\s*(?:,|$)", re.IGNORECASE)


# the end of a sentence's words that say where it stands: a preposition, then the epoch's name ("... model at epoch")
SENTENCE_AT_CLOCK = re.compile(r"\s(?:at|after|in|on|of|from|for|until)\s+(?:the\s+)?epoch$", re.IGNORECASE)


# the training phase's word and its count of a planned total in brackets heading a record ("[Train 10/1882] {'grads_finite':
# 1.0, 'train_loss': 0.0077}", a JAX / absl trainer's print every 10 steps; "[Training 300/5000] loss: 0.41"): the
# record's step, its total the plan of steps -- no key 'Train' holding the count
PHASE_COUNT = re.compile(r"^\s*\[\s*(?:train|training)\s+(\d{1,9})\s*/\s*(\d{1,9})\s*\]\s*(?=[{A-Za-z_'\"])", re.IGNORECASE)
# counters written glued to a one- or two-letter name at the head of a record ("e1 s20 loss: 3.18", "ep3 it400 loss=..",
# "e2 EVAL loss: .."): the epoch, then the step, as a script short of space prints them
COMPACT_COUNTERS = re.compile(r"^(?P<lead>\s*)(?:e|ep|epoch)(?P<e>\d+)(?:\s+(?:s|st|step|it|iter|b|batch)(?P<s>\d+))?"
                              r"(?=\s+(?:[^\W\d]|\[\s*\d+\s*/\s*\d+\s*\]\s*[^\W\d])|\s*[,;|]\s*[^\W\d])", re.IGNORECASE)
# ... or heading short 'name value' pairs with no sign between ("e001 tr 15.3945 va 1.3837 score 0.2663 lr 1.00e-03":
# a logging call's f"e{ep:03d} tr {tl:.4f} va {vl:.4f} .."): the counter is the epoch when all the rest of the line is
# such pairs, two or more, each a name then a number -- so a sentence after a glued 'e3' ("e3 is the best 2 runs") or
# a name with no value after it is no record of pairs
SPACED_PAIRS = re.compile(r"(?:\s+[A-Za-z_][\w.\-]*\s+" + NUM + r"){2,}\s*$", re.IGNORECASE)
# (... or followed by the batch of the epoch in brackets, "Epoch0 [100/7876] Stage 0 = ..": the epoch, the batch; or
# set off from the record's pairs by a comma, a semicolon or a bar, "Epoch0,loss:517.1": the counter still heads it)
# a name with a small index before its '=' ("Stage 0 = 1.37(4.34)\tStage 1 = ..", "head 2 = 0.41", "loss 3 = .."): the
# index says which one (a network's stage, a head, an output) and is part of the name -- not the value, the value is
# after the sign; a clock's number stays its position ("epoch 3 = .." is written by no one; "Epoch 3: loss" is a
# position with ':')
# a name against a bracketed list of two numbers or more, no separator between (see _pairs)
GLUED_LIST = re.compile(r"(?<![\w.\-])(?P<k>[A-Za-z][A-Za-z_]*\w*)\[\s*(?P<v>" + NUM + r")(?:\s*,\s*" + NUM + r")+\s*\]",
                        re.IGNORECASE)
INDEXED_KEY = re.compile(r"(?<![\w.\-])(?P<k>[A-Za-z][A-Za-z\-]*) (?P<i>\d{1,2})(?=\s*=\s*(?:[-+]?\.?\d|nan|inf))",
                         re.IGNORECASE)
_NOT_INDEXED = frozenset(STEP_KEYS) | frozenset(EPOCH_KEYS) | frozenset(BATCH_COUNTERS) | CLOCK_WORDS | {"e", "x", "top"}
# a heading that names the quantity, then its parts each with '=' or ':' ("Average train loss = Stage 0 = 9.14\tStage
# 1 = 4.95", "Losses: D = 0.3, G = 1.2"): each value is that quantity's part -- a series of its own ("Average train
# loss Stage_0"), not a point of the part's per-batch series printed with the same names
QUANTITY_HEADING = re.compile(r"^\s*(?P<h>[A-Za-z][A-Za-z ]{0,40}?)\s*[:=]\s*(?=[A-Za-z][\w\-]*(?: \d{1,2})?\s*[:=]\s*[-+]?\.?\d)")
# (... and the item a breakdown's row names, a word in capitals -- an entity type "LOC", "PER", "MISC" --, its
# measures the quality measures of a classifier; not a log level, a split, nor the aggregate of all items)
ITEM_HEAD = re.compile(r"[A-Z]{2,}")
NOT_ITEMS = frozenset({"info", "debug", "warning", "warn", "error", "critical", "train", "training", "val", "valid",
                       "validation", "eval", "test", "dev", "all", "overall", "total", "avg", "average", "mean", "micro",
                       "macro", "weighted", "best", "final", "epoch", "step", "iter"})
ITEM_MEASURE = re.compile(r"(?i)precision|recall|f1|fb1|f1[-_ ]?score|f-?score|f-?measure|acc|accuracy|support|iou|ap")
_KEY_THEN_NUMBER = re.compile(r"[^\W\d][\w .%()/-]*?\s*[:=]\s*[-+]?(?:\d|\.\d|nan|inf)", re.IGNORECASE)


# a metric given for each split after an arrow ("Top-k Acc → Train: 0.024, Val: 0.344;  PR-AUC → Train: 0.017, Val:
# 0.274"): the name is the metric, qualified by the split ("Train Top-k Acc", "Val Top-k Acc"), never the split alone
_SPLIT_NAME = r"(?:train|training|val|valid|validation|eval|evaluation|test|dev)"
METRIC_BY_SPLIT = re.compile(
    r"(?P<m>[^\W\d][\w.@/\-]*(?: [^\W\d][\w.@/\-]*){0,3})\s*(?:→|->|=>|⇒)\s*"
    r"(?P<body>" + _SPLIT_NAME + r"\s*[:=]\s*" + NUM + r"%?(?:\s*[,/|]\s*" + _SPLIT_NAME + r"\s*[:=]\s*" + NUM + r"%?)*)",
    re.IGNORECASE)
# the splits' sizes printed side by side with one noun after the last ("train=45000  val=5000  test=10000 images",
# "train: 800, val: 100, test: 100 samples")
_SIZES_BY_SPLIT = re.compile(rf"(?:\b{_SPLIT_NAME}\s*[:=]\s*\d[\d,]*[\s,;|/]+)+{_SPLIT_NAME}\s*[:=]\s*\d[\d,]*\s+(?:{_ITEMS})\b",
                             re.IGNORECASE)
_SPLIT_VALUE = re.compile(r"(?P<s>" + _SPLIT_NAME + r")\s*[:=]\s*(?P<v>" + NUM + r"%?)", re.IGNORECASE)


def metric_by_split(msg: str) -> str:
    """``msg`` with each 'metric → split: value, split: value' written as 'split metric: value, split metric: value'
    (the pairs a reader of 'key: value' takes)."""
    return METRIC_BY_SPLIT.sub(lambda m: ", ".join(f"{sv.group('s')} {m.group('m')}: {sv.group('v')}"
                                                   for sv in _SPLIT_VALUE.finditer(m.group("body"))), msg)


# a record of one class, its line headed by the class ("Class 1: Top-k Acc → ..", "class 2 | acc: 0.5 | f1: 0.3",
# "Label 3: precision=0.5"): its series are that class's, each name qualified by it; the class's number is no value
CLASS_HEAD = re.compile(r"^\s*(?P<w>class|label|category)\s*#?\s*(?P<id>\d{1,4})(?:\s*[:|,]\s*|\s+-\s+|\s+)(?=[^\W\d])",
                        re.IGNORECASE)


def _of_class(key: str, cls: str) -> str:
    """``key`` of the record of class ``cls`` ("Class 1"): the class after a split word that opens the key ("Val Class
    1 Top-k Acc": still a held-out series), else before it."""
    first, _, rest = key.partition(" ")
    if rest and first.lower() in SPLIT_WORDS:
        return f"{first} {cls} {rest}"
    return f"{cls} {key}"


# a test's results printed as a dict after the words that name them ('Test Metrics - HeadMic metrics: {..}'), and the
# words of such a lead that name no set (the split, what a result is called, prose)
TEST_SET_DICT = re.compile(r"^(?P<lead>[^{}:=]{1,80}?)\s*:\s*\{")
SET_FILLER = {"test", "testing", "tested", "metrics", "metric", "results", "result", "scores", "score", "set", "sets",
              "summary", "report", "final", "on", "of", "the", "for", "data", "dataset", "split", "performance", "eval",
              "evaluation", "stats", "statistics", "values", "best", "model", "a", "at", "end", "overall", "-", "after",
              "training", "all", "full", "whole"}


# a quantity said to be of an epoch, an iteration or a step, then its value after 'is' / '=' / ':': "running loss of
# epoch 0 is : 12.5", "mean loss in iteration 300 = 0.52" (the clock's number is not the quantity's value)
QUANTITY_OF_CLOCK = re.compile(r"\b(?P<name>[A-Za-z][A-Za-z_\-]*(?: [A-Za-z][A-Za-z_\-]*){0,3}?)\s+(?:of|in|at|for)\s+"
                               r"(?:the\s+)?(?P<clock>epoch|iteration|iter|step)\s+(?P<n>\d+)\s*(?:is|was|=|:)\s*:?\s*"
                               r"(?=[-+]?(?:\d|\.\d))", re.IGNORECASE)


# a quantity named in words, its short name in parentheses, then '=' / ':' and its value: "mean average precision
# (mAP@0.50) = 0.403355", "mean_average_precision (mAP@0.5) = 0.40", "Peak signal-to-noise ratio (PSNR): 31.2"
NAMED_THEN_SHORT = re.compile(r"(?P<long>[A-Za-z][A-Za-z_\-]*(?: [A-Za-z][A-Za-z_\-]*){0,5})\s*"
                              r"\((?P<short>[A-Za-z][\w@.\-]{1,20})\)\s*[=:]\s*(?=[-+]?(?:\d|\.\d))")


# the kinds of measure a short name may end by spelling out: "Error (MPJPE)" -- mean per joint position error --,
# "Distance (FID)", "Error (RMSE)": the words before the parentheses say only the kind, the short name which one
_MEASURE_KINDS = ("error", "distance", "score", "loss", "accuracy", "rate", "divergence", "deviation", "similarity")


def _abbreviates(m: re.Match) -> bool:
    """Do the short name's letters (up to a digit, '@', '-' or '.') abbreviate the words before it -- each letter,
    in order, a word's first letter? Or is the short name an acronym in capitals (three letters or more, a prefix
    joined by '-' counted: 'P-MPJPE') whose last letter is the initial of the kind of measure the word before it
    names ('Error (MPJPE)', 'Distance (FID)'): the measure is the acronym's, the word only its kind."""
    acronym = re.sub(r"[^A-Za-z]", "", m.group("short"))
    last = m.group("long").lower().split()[-1]
    if len(acronym) >= 3 and acronym.isupper() and last in _MEASURE_KINDS and acronym[-1].lower() == last[0]:
        return True
    letters = re.match(r"[A-Za-z]+", m.group("short")).group(0).lower()
    initials = "".join(w[0] for w in re.split(r"[\s_\-]+", m.group("long").lower()) if w)
    if len(letters) < 2 or len(letters) > len(initials):
        return False
    it = iter(initials)
    return all(ch in it for ch in letters)


# a bare whole number first on a record's line, set off by a tab or a run of spaces before a named value
LEAD_COUNT = re.compile(r"\s*(\d{1,7})(?:\t|\s{2,})[A-Za-z][\w .\-]*\s*[=:]\s*[-+]?(?:\d|\.\d|nan)")


# the data set a record's values were measured on, named by a word after its key ("epoch: 1, dataset: Kvasir, dice:
# 0.21", "data_set=CVC-300 dice=0.05", "| benchmark: ETIS | mIoU: .."; the name set off from what follows by a
# separator, two spaces, or after '=' a space -- "Test set: Average loss: .." names no set 'Average'): a script
# evaluating one model on several sets
# prints one such record a set, each its own series ("Kvasir dice"), never points of one series across the sets
SET_NAMED = re.compile(r"(?:^|(?<=[\s,;|(\[{]))(?:dataset|data[ _]set|data|subset|benchmark|corpus)"
                       r"(?:\s*:\s*['\"]?(?P<name>[^\W\d][\w.\-]*?)['\"]?(?=\s*[,;|)\]}]|\s*$|\s{2,}|\t)"
                       r"|\s*=\s*['\"]?(?P<name2>[^\W\d][\w.\-]*?)['\"]?(?=\s*[,;|)\]}]|\s*$|\s))", re.IGNORECASE)


# a decimal number glued to the key after it ('0.9999823trainError = 409.99': the print's separator missing)
GLUED_NEXT_KEY = re.compile(r"(\d\.\d+)([A-Za-z][A-Za-z_]{2,}\w*\s*[:=]\s*[-+.\d])")


def parse_record(msg: str) -> Rec | None:
    cls = CLASS_HEAD.match(msg) if msg[:1] in "CcLl \t" else None
    if cls is not None and _KEY_THEN_NUMBER.search(msg, cls.end()):
        msg = msg[cls.end():]
        rec = parse_record(msg)
        if rec is None or not rec.keys:
            return rec
        return dataclasses.replace(rec, keys=tuple(_of_class(k, f"{cls.group('w')} {cls.group('id')}") for k in rec.keys))
    if _MAY_HOLD_NUMBER.search(msg) is None:
        return None  # no value, step or epoch can be read from a line without a number
    if "=" in msg or ":" in msg:
        # a print missing its separator glues the next key to a value ('testError = 0.99998trainError = 409.997'):
        # a decimal number's last digit then a word of three letters or more and its '=' or ':' is two pairs
        msg = GLUED_NEXT_KEY.sub(r"\1, \2", msg)
    if msg.count(",") >= 3 and COMMA_PAIRS.match(msg):
        # "Step, 0, Loss, 0.114, PSNR, 9.42,": names and values alternating between commas are the pairs they list
        msg = ", ".join(f"{k}: {v}" for k, v in COMMA_PAIR.findall(msg))
    if msg.lstrip()[:1] == "[" and (pc := PHASE_COUNT.match(msg)) is not None:
        # "[Train 10/1882] {'train_loss': 0.0077}": the training's step of its planned total heads the record
        msg = f"step: {pc.group(1)}/{pc.group(2)}, " + msg[pc.end():]
    cm = COMPACT_COUNTERS.match(msg)
    if cm and (_KEY_THEN_NUMBER.search(msg, cm.end()) or SPACED_PAIRS.match(msg, cm.end())):
        # a glued counter heads a record of 'key: value' pairs: written out, it reads as "epoch 1 step 20 loss: .."
        msg = (cm.group("lead") + "epoch " + cm.group("e") + (" step " + cm.group("s") if cm.group("s") else "")
               + msg[cm.end():])
    if "(" in msg and ")" in msg and NAMED_THEN_SHORT.search(msg) is not None:
        # "mean average precision (mAP@0.50) = 0.4034": a quantity named in words, then its short name in parentheses
        # and its value -- the short name is its key (a unit in parentheses, 'PSNR (dB) = 31.2', abbreviates nothing)
        msg = NAMED_THEN_SHORT.sub(lambda m: f"{m.group('short')} = " if _abbreviates(m) else m.group(0), msg)
    if " of " in msg or " in " in msg or " at " in msg or " for " in msg:
        qm = QUANTITY_OF_CLOCK.search(msg)
        name = qm.group("name").split() if qm is not None else []
        while name and name[0].lower() in NOT_KEYS:
            name = name[1:]  # ('the loss of epoch 3 is 0.5': the loss)
        if name and not CHECKPOINT_SAID.search(msg):
            # "running loss of epoch 0 is : 12.5": a quantity said to be of an epoch (of a step) and then its value --
            # the epoch is the record's, the value the quantity's; written out, "epoch 0 | running loss: 12.5" (a
            # checkpoint saved at an epoch says where, as before)
            head = msg[:qm.start()]
            if (fm := re.fullmatch(r"\s*\[\s*(\d+)\s*/\s*(\d+)\s*\]\s*", head)) is not None \
                    and qm.group("clock").lower() == "epoch":
                # ('[12/251] running loss of epoch 0 is : ..': the fraction before it counts the epoch's batches)
                head = f"{qm.group('clock')} {qm.group('n')} [{fm.group(1)}/{fm.group(2)}] | "
                msg = head + f"{' '.join(name)}: " + msg[qm.end():]
            else:
                msg = head + f"{qm.group('clock')} {qm.group('n')} | {' '.join(name)}: " + msg[qm.end():]
    heading_fraction = LEAD_FRACTION.match(msg) if msg[:1].isdigit() or msg[:1].isspace() or msg[:1] == "[" else None
    if "`" in msg:
        # an assignment quoted as code in a sentence ("set the environment variable `TF_ENABLE_ONEDNN_OPTS=0`") is
        # what to type, not a value the run logged
        msg = CODE_ASSIGNMENT.sub(" ", msg)
    if "(" in msg and ("np." in msg or "tensor(" in msg or "numpy." in msg or "torch." in msg):
        msg = WRAPPED_NUM.sub(r"\1", msg)
    if "{" in msg:
        msg = BRACED_NUM.sub(r"\1", msg)
    ctx = ""
    lead_word = None
    set_name = None
    summary_head = None
    bar = has_bar(msg)
    if bar and msg[:1] in " 0123456789":
        kb = KERAS_BAR.match(msg)
        if kb:
            # (2: a Keras progress bar, whose values are the epoch's running means -- see KERAS_BAR; 3: one of its
            # renderings on the way, which says the time left, 'ETA: 9s' or 'ETA: 4:21'; 4: the bar drawn complete,
            # '4/4 [======] - 9s 2s/step - loss: ..', the line that closes an epoch)
            bar = 3 if kb.group("eta") else 4 if kb.group("n") == kb.group("N") else 2
    epoch = inner = None
    planned: dict = {}
    m = EPOCH_BRACKETS.search(msg)
    if m and m.group("i") is None and (later := EPOCH_BRACKETS.search(msg, m.end())) is not None:
        # two epochs in brackets on one line, the first with no batch counter: an iteration runner's pass over the
        # data, then the block of iterations the record is in (LAVIS: "Train: data epoch: [0]; inner epoch [1]
        # [24/25]  .. loss: 1.21") -- the later one, with the counter inside it, is the record's clock; the
        # first is no value
        msg = msg[: m.start()] + " | " + msg[m.end():]
        m = EPOCH_BRACKETS.search(msg, m.start() + 3)
    if m:
        epoch = int(m.group("e"))
        if m.group("E"):
            planned["epochs"] = int(m.group("E"))
        if m.group("i") is not None:
            inner = (int(m.group("i")), int(m.group("N")) if m.group("N") else 0)
        c = (m.group("ctx") or "").lower()
        if c in HELDOUT:
            ctx = "val"
        msg = msg[: m.start()] + " | " + msg[m.end():]
    elif ("][" in msg or "] [" in msg or "]  [" in msg) and (ip := EPOCH_INNER_PAIR.search(msg)) is not None:
        # (the two brackets side by side or set apart by spaces: MetricLogger's "Test: [3]  [ 20/230]" aligns them)
        epoch, inner = int(ip.group("e")), (int(ip.group("i")), int(ip.group("N")))
        # (the word naming the pair, "Iter:", names no value of its own)
        head = re.sub(r"(?i)\b(?:iter|iteration|step|batch|it)\s*:?\s*$", "", msg[: ip.start()])
        msg = head + " | " + msg[ip.end():]
    elif msg[:1] == "[":
        pb = EPOCH_BATCH_PAIR.match(msg)
        ef = EPOCH_FRACTION_PAIR.match(msg) if pb is None else None
        if ef and int(ef.group(1)) <= int(ef.group(2)) and int(ef.group(3)) <= int(ef.group(4)):
            # "[3/25][120/782] Loss_D: .." (the DCGAN example's print, pix2pix's): the epoch of the planned epochs,
            # then the batch of the epoch's batches, two fractions in brackets with no word
            epoch, inner = int(ef.group(1)), (int(ef.group(3)), int(ef.group(4)))
            planned["epochs"] = int(ef.group(2))
            msg = " | " + msg[ef.end():]
        elif pb:
            # the PyTorch CIFAR-10 tutorial's "[2,  2000] loss: 1.234": the epoch and the batch inside it (no
            # epoch length printed)
            epoch, inner = int(pb.group(1)), (int(pb.group(2)), 0)
            msg = " | " + msg[pb.end():]
        else:
            pb = BOOST_ROUND.match(msg) or BRACKET_STEP.match(msg)
            if pb:
                msg = "iteration " + pb.group(1) + " | " + msg[pb.end():]
    elif msg[:1] == "#":
        hs = HASH_STEP.match(msg)
        if hs:
            # "#80 loss 2.1397": the number after '#' heading a record is its position (the step), as "[80]" is
            msg = "iteration " + hs.group(1) + " | " + msg[hs.end():]
    if msg[:1].isdigit() and epoch is None:
        lc = LEADING_COUNTER.match(msg)
        l2 = LEADING_EPOCH_STEP.match(msg) if lc is None else None
        if lc and len(KEY_ASSIGN.findall(msg, lc.end())) >= 2:
            # a bare whole number heading a record of key=value pairs ("  4  loss=1.5371  train_acc=0.642  val_loss=
            # .."): the counter the script prints first, the record's position
            msg = "step " + lc.group(1) + " | " + msg[lc.end():]
        elif l2 and int(l2.group(1)) <= int(l2.group(2)) and KEY_ASSIGN.match(msg, l2.end()):
            # two ("0\t5\tloss=1.8164"): the epoch, then the step (which does not count below the epoch)
            msg = "epoch " + l2.group(1) + " | step " + l2.group(2) + " | " + msg[l2.end():]
    bm = BRACKET_COUNTER.search(msg)
    if bm and epoch is None:
        c = (bm.group("ctx") or "").lower()
        if c:
            ctx = SPLIT_WORDS.get(c, ctx)
            epoch = int(bm.group("n"))
            planned["epochs"] = int(bm.group("N"))
            msg = msg[: bm.start()] + " | " + msg[bm.end():]
        elif re.search(r"\bepoch\b", msg[: bm.start()], re.IGNORECASE):
            inner = (int(bm.group("n")), int(bm.group("N")))
            msg = msg[: bm.start()] + " | " + msg[bm.end():]
    lead = re.match(r"^\s*\[\s*(train|training|eval|evaluation|val|valid|validation|test)\s*\]", msg, re.IGNORECASE)
    sc = SPLIT_COUNT_LEAD.match(msg) if lead is None and not ctx and epoch is None and msg[:1] in " \ttTvVeEdD" else None
    if sc is not None:
        # a split's word heading a record with its count against its total, then the record's pairs ("  train
        # 26/210 | loss=3.14", "  val 6/54 | loss=1.30" each epoch): the record is that split's, the count its
        # progress through the split's batches -- no series 'train' or 'val' of counts, no one 'loss' of both
        ctx = SPLIT_WORDS[sc.group("w").lower()]
        if ctx == "val" and int(sc.group("n")) < int(sc.group("N")):
            # (an evaluation's count on its way, 'val 6/54 | loss=1.30': its running result, not yet the
            # evaluation's -- the line at its end, 'val 54/54 | loss=3.22', holds it, one result an evaluation, as an
            # evaluation's bar's last rendering does)
            return None
        if sc.group("w").lower() == "test":
            lead_word = sc.group("w")
        msg = " | " + msg[sc.end():]
    elif lead:
        ctx = SPLIT_WORDS[lead.group(1).lower()]
        msg = msg[lead.end():]
    elif not ctx and msg[:1].isalpha() and (sm := SUMMARY_LEAD.match(msg)):
        # a line headed by a split's summary ('Train_summary: [9/10/100]\tepoch: 0 .. Loss: 1.5521', 'Test_summary:
        # .. Loss: 0.0811'): the epoch's summary of that split -- a series apart from the records printed during the
        # epoch ('Train: [..] Loss: 0.35 (1.55)', 'Test: [..] Loss: ..'), named by its head, and held out for a test
        summary_head = sm.group("h")
        ctx = SPLIT_WORDS[sm.group("w").lower()]
        msg = msg[sm.end():]
    elif not ctx and msg[:1].isalpha() and (fl := FINAL_LEAD.match(msg)) is not None \
            and not _POSITION_WORD.search(msg) and not SPLIT_LEAD.match(msg):
        # a closing summary headed by its words ('FINAL RESULT: Batch Loss = .., Accuracy = ..', the final test after
        # 'Optimization Finished!'; 'Best: ..'), at no position: an evaluation's record apart from the training series
        # named alike, named by its heading -- the final result a test's ('test/FINAL RESULT Batch Loss'), the best
        # one the validation's ('val/Best loss')
        summary_head = fl.group("h")
        ctx = "val"
        if (fl.group("w") or "").lower() != "best":
            lead_word = "final"
        msg = msg[fl.end():]
    elif not ctx:
        # the words that open a line name its split ("Validation Epoch 3: mean loss ...", "Test set: Average
        # loss: ...", "Eval | step 500 | loss ..."): a held-out word among them, standing alone (not the start
        # of a key such as val_loss, nor a bare split name with its own number, "val 9.84"), marks the record
        words = SPLIT_LEAD.match(msg)
        if words and SPLIT_WORDS.get(words.group("w").lower()) == "val":
            ctx = "val"
            if words.group("w").lower() == "test" or (words.group("w").lower().startswith("eval")
                                                      and re.match(r"\s+test\b", msg[words.end():], re.IGNORECASE)):
                # (an evaluation said with the set it runs on, 'Evaluating test: L1 .. PSNR ..', is that set's)
                # (a test is not the validation -- "Validation: loss_R=.." and "Test: loss_R=.." after it each epoch
                # are two held-out series, "val/loss_R" and "test/loss_R", as a split word written before a key names
                # it, "Test set loss: .." -- not one zig-zagging between the two)
                lead_word = words.group("w")
                # (the results of one of several named sets, a dict after the words naming it -- 'Test Metrics -
                # HeadMic metrics: {..}', then '.. ArrayMic ..' --: that set's, qualified by its name, never points
                # of one series across the sets)
                if (dl := TEST_SET_DICT.match(msg)) is not None:
                    named = [w for w in re.split(r"[^\w\-]+", dl.group("lead")) if w and w.lower() not in SET_FILLER]
                    # (a number among the words is a position -- 'Test epoch 3: {..}' --, no set's name)
                    set_name = " ".join(named) if named and len(named) <= 3 and not any(
                        re.fullmatch(r"[\d.\-]*\d[\d.\-]*", w) for w in re.split(r"\s+", dl.group("lead"))) else None
        elif TRAIN_LEAD.match(msg):
            # ... and a training word among them ("Train: loss_R=..", "Training Epoch 3: loss ..") says the record is
            # training's: the line's own words name its split before the block it is printed in does (an evaluation
            # announced above it -- "Evaluating..." then "Testing..." each epoch, then the three results -- ends
            # where a line names training again)
            ctx = "train"
    if bar:
        # the bar's own counter n/N is the position inside the epoch; then keep what precedes the bar and its
        # postfix, not the bar's counters and rates
        bc = re.search(r"\d+%\s*(?:\|[^|]*\||━+)\s*(\d+)/(\d+)", msg)
        if bc and inner is None:
            inner = (int(bc.group(1)), int(bc.group(2)))
        msg = re.sub(r"\d+%\s*\|[^|]*\|\s*\d+/\d+\s*\[[^\],]*,\s*[^\],]*(?:,|\])", " | ", msg)
        msg = re.sub(r"\d+%\s*━+\s*\d+/\d+\s+\S+\s+\S+", " | ", msg)
    if "|" in msg and NORM_BARS.search(msg):
        # a quantity between bars ("it 5  mse 0.41  |grad| 3.46e+06"): its norm, written as the math is ("grad norm"),
        # not a field separator on each side of a key
        msg = NORM_BARS.sub(r" \1 norm ", msg)
    pairs, counters = _pairs(msg)
    is_dict = counters == [(-1, -1)]
    if is_dict:
        counters = []
    has_epoch = epoch is not None or any(k.lower() in EPOCH_KEYS for k, *_ in pairs) or bool(EPOCH_WORD.search(msg))
    keys: list[str] = []
    vals: list[float] = []
    step = None
    step_total = None
    step_word = None  # the clock's name the step was read from ("episode", "iter", ..)
    seen: dict[str, int] = {}
    last_split = None
    split_rest = None
    split_field = 0  # the '|' field of the line the split word was written in
    cursor = 0
    spelled = 0
    bare_train = bare_rest = False
    # a line of a dozen settings or more ("task=detect, epochs=75, batch=6, lr0=0.01, ...") echoes the
    # configuration: a plural count in it ("epochs", "steps") is the planned total, not the current position
    config = _is_config(msg)
    if not config and epoch is None and inner is None and pairs and _settings_by_word(msg, pairs):
        config = True
    # a plural count of epochs with no total, on a line with no loss ("Starting training: epochs=12 batch_size=16
    # lr=0.001", "Label smoothing: 0.1, Epochs: 50") names the plan, not the epoch the line is at
    plan_only = any(k.lower() == "epochs" and not t for k, _, t, _ in pairs) \
        and not any(LOSS_WORD.search(k) for k, *_ in pairs)
    config_echo = len(pairs) >= 12 or config or plan_only
    asked = []
    for i_pair, (key, v, tot, raw) in enumerate(pairs):
        low = key.lower()
        if " " in low and SPLIT_WORDS.get(low.rsplit(" ", 1)[1]) in ("train", "val") \
                and all(k.lower() in EPOCH_KEYS or k.lower() in STEP_KEYS for k, *_ in pairs[:i_pair]) \
                and any(k.lower() in SPLIT_WORDS for k, *_ in pairs[i_pair + 1:]):
            # the record's heading glued to its first key ('[E1] summary train=1.3874 valid=1.4074 accuracy=0.25'):
            # beside another split named bare, the key is its split's name alone (that split's loss, read below)
            key = key.rsplit(" ", 1)[1]
            low = key.lower()
        if "|" in msg:
            # (where the pair is: its name as printed, searched from the last pair on -- never its value, whose digits
            # may be printed elsewhere on the line too)
            at = msg.find(key.split(" ")[-1], cursor)
            if at >= 0:
                cursor = at + len(key.split(" ")[-1])
        if not tot and _counts_items(msg, key, raw):
            continue  # ("Loaded 4699 samples", "train: 3709 samples": the size of a set, no measurement)
        if not tot and "pochs" in msg and _counts_epochs(msg, key, raw):
            continue  # ("Finished 30 epochs, val acc 0.93": how many epochs ran, no value of 'Finished')
        if low in ABBREVIATED_CLOCKS:
            # Marian's "Ep. 1 : Up. 500 : Sen. 15,203 : Cost 6.01": the epoch and the update count, abbreviated
            key = low = ABBREVIATED_CLOCKS[low]
        if " " in low:
            # "Validation Epoch 3", "Train Step 20", "Validation at Global Step: 750": split words (and prose
            # such as "at") before a clock's name say the split of the record (taken from the line's first words
            # above); the key is the clock
            words = low.split()
            for cut in range(1, len(words)):
                clock = " ".join(words[cut:])
                if (clock in EPOCH_KEYS or clock in STEP_KEYS or (clock in BATCH_COUNTERS and tot)) \
                        and all(w in SPLIT_WORDS or w in NOT_KEYS or w in CLOCK_QUALIFIERS for w in words[:cut]) \
                        and any(w in SPLIT_WORDS or w in CLOCK_QUALIFIERS for w in words[:cut]):
                    key = " ".join(key.split()[cut:])
                    low = clock
                    if not ctx and any(SPLIT_WORDS.get(w) == "val" for w in words[:cut]):
                        ctx = "val"  # ("epoch:3, valid step:10, loss: ..": held out wherever the words stand)
                    break
        # would this value, with other properties (integral, NaN, sign), have been read otherwise? (a plan of this
        # line may read another line's value here only if it has the same properties: see Plan)
        # a step clock: its name, or a batch counted against its total
        step_key = low in STEP_KEYS or low.endswith("num_updates") or bool(low in BATCH_COUNTERS and tot) \
            or low in ("num of updates", "number of updates")  # (the count said in words: 'num of updates: 1000')
        if step_key and is_dict and "." in raw:
            # (a dict's clock printed with a decimal point is progress, as its 'epoch': 1.0 is: fairseq's "update":
            # 4.0 -- epochs done, 4.003 a moment later -- is no step, its "num_updates": "62050" is)
            step_key = False
        consulted = ((config_echo and low in PLURAL_COUNTS and not tot)
                     or step_key
                     or (low in EPOCH_KEYS and "." not in raw and not is_dict and epoch is None
                         and not (config_echo and low == "epochs" and not tot)))
        if config_echo and low in PLURAL_COUNTS and not tot:
            if not math.isnan(v) and float(v).is_integer() and v > 0:
                planned.setdefault("epochs" if low == "epochs" else "steps", int(v))
        elif step_key:
            if not math.isnan(v) and float(v).is_integer() and step is None:
                step = int(v)
                step_word = low
                if tot:
                    planned["steps"] = int(tot)
                    step_total = int(tot)
                continue
            if not math.isnan(v) and float(v).is_integer() and step_word == "episode" and low == "step" \
                    and epoch is None and not has_epoch and not tot:
                # an RL loop's episode with the step printed after it ("Episode 1/1000 | Step 12 | Reward: -4.5"):
                # the episode is the outer loop, as an epoch is, its total the plan; the step is the records'
                # position (the step a script prints, not the step count of a finished episode: "Steps: 200")
                epoch = step
                if step_total is not None:
                    planned.pop("steps", None)
                    planned["epochs"] = step_total
                step, step_total, step_word = int(v), None, low
                continue
            if not math.isnan(v) and float(v).is_integer():
                # a second step printed on the line is not a metric. Beside an epoch, a counter with a total
                # ("epoch 19 | iter 3/43 | step 820") counts inside the epoch, and the step printed without
                # one is the run's step: the x axis, however much of the log is read
                if step_total is not None and not tot and has_epoch and inner is None:
                    inner = (step, step_total)
                    if planned.get("steps") == step_total:
                        del planned["steps"]
                    step, step_total = int(v), None
                continue
        # an epoch printed with a decimal point ('epoch': 1.0 in an HF dict) is progress, not a clock
        # (and a dict's 'epoch' is HF Trainer's fractional progress even when it prints '1')
        if low in EPOCH_KEYS and not math.isnan(v) and float(v).is_integer() and "." not in raw and not is_dict \
                and not (config_echo and low == "epochs" and not tot):
            if epoch is None:
                epoch = int(v)
                if tot:
                    planned["epochs"] = int(tot)
                elif (em := EPOCH_WORD.search(msg)) is not None and em.group("E") and int(em.group("e")) == epoch:
                    planned["epochs"] = int(em.group("E"))  # "epoch 13 of 40": the plan after the word 'of'
                continue
        sp = split_of(key)
        if sp:
            last_split = sp
            if " " in low and low.split(" ", 1)[0] in SPLIT_WORDS:
                # a split word written alone before a key ("END epoch:1  val loss_avg: 3.0 top1_avg: 0.33") names
                # the split of the keys printed after it on the line, which do not repeat it; the word as written
                # ("Test set loss: .., acc: ..": a test, not the validation of the line before); the learning rate
                # after them is no split's, nor a duration after keys that each spelled their split ("Val Loss: .. |
                # Val RMSE: .. | LR: 5e-4 | Time: 0.1s": the optimizer's rate and the epoch's time, not an
                # evaluation's; "END epoch:1 val loss_avg: .. avg_batch_cost: 0.04 sec" is the evaluation's time)
                split_rest = key.split(" ", 1)[0]
                # (written with the record's first key, the split heads the whole record: '| Train. Acc.: 95.06% |
                # Loss: 0.157' is the training's loss; written later, it names its field's keys)
                split_field = msg.count("|", 0, cursor) if "|" in msg and keys else -1
                spelled += 1
        elif split_rest is not None and not OPTIMIZER_KEY.search(key) \
                and not ("|" in msg and split_field >= 0 and msg.count("|", 0, cursor) > split_field
                         and not _QUALITY.search(key)) \
                and not (spelled > 1 and _is_duration(msg, key, raw)) \
                and not (bare_rest and (_is_duration(msg, key, raw) or not _QUALITY.search(key))):
            key = f"{split_rest} {key}"
        # a bare split name beside others ("train 9.85 val 9.84") is that split's loss; alone ("train: 40000"
        # under "datasets target sizes:") it is not, nor with a whole number printed without a decimal point
        # ("Dataset split - Train: 7000, Val: 1000, Test: 2000": the splits' sizes), nor with a duration ("Epoch 5
        # loss 9.52 | train 2.2s | infer 4.5s": the time the split took)
        # (nor 'eval' after the line's own loss, 'loss = 0.78 * 1  eval = 0.79': what the program evaluates on the
        # batch -- a score --, the word naming the evaluation as much as its set, and the line's loss said already)
        if low in SPLIT_WORDS and SPLIT_WORDS[low] in ("train", "val") and low != "v" and len(pairs) >= 2 \
                and not ("." not in raw and not math.isnan(v) and float(v).is_integer()) \
                and not _is_duration(msg, key, raw) \
                and not (low.startswith("eval") and any(LOSS_WORD.search(k) and k.split()[0].lower() not in SPLIT_WORDS
                                                        for k in seen)):
            key = key + " loss"
            if SPLIT_WORDS[low] == "train":
                bare_train = True
            elif bare_train and split_rest is None:
                # each split's loss given by its bare name, training's first, then keys that name no split ("Ép1 |
                # train 0.59 | val 0.54 | Acc 0.90 | Prec .. | F1 0.88 | Durée 268.1s"): the quality measured after the
                # held-out loss is the evaluation's, as after a split word written before a key (the learning rate,
                # the epoch's duration and what is no quality measure -- a flow's 'z_std' -- are no split's)
                split_rest, bare_rest = key.split(" ", 1)[0], True
        if key in seen:
            if last_split and not split_of(key):
                key = f"{last_split} {key}"
            if key in seen:
                seen[key] += 1
                key = f"{key} #{seen[key]}"
        seen.setdefault(key, 1)
        if consulted:
            asked.append(len(vals))
        keys.append(key)
        vals.append(v)
    if keys and "=" in msg or ":" in msg:
        qh = QUANTITY_HEADING.match(msg)
        if qh and any(w in ("loss", "losses") for w in qh.group("h").lower().split()) \
                and not any(LOSS_WORD.search(k) or k.lower().endswith("loss") for k in keys):
            # "Average train loss = Stage 0 = 9.14\tStage 1 = ..": the parts of the quantity the heading names
            keys = [f"{qh.group('h').strip()} {k}" for k in keys]
        elif qh and ITEM_HEAD.fullmatch(qh.group("h").strip()) and qh.group("h").strip().lower() not in NOT_ITEMS \
                and all(ITEM_MEASURE.fullmatch(k) for k in keys):
            # a breakdown's row, headed by the item it measures in capitals (conlleval's "    LOC: precision:  41.58%;
            # recall:  37.21%; FB1:  39.28  1746" under the line of all types): that item's precision, recall and F1,
            # its own series ('LOC FB1'), never points of the overall ones named alike
            keys = [f"{qh.group('h').strip()} {k}" for k in keys]
    if not ctx and len(keys) >= 2 and split_of(keys[0]) == "val" and not any(split_of(k) == "train" for k in keys) \
            and any(split_of(k) is None and not OPTIMIZER_KEY.search(k) for k in keys) and keys[0] in msg \
            and re.match(r"(?:val|valid|validation|eval|evaluation|test|dev)(?:[\s_/.\-]|$)", keys[0], re.IGNORECASE) \
            and not _has_held_out_twins(keys):
        # a record whose first value names an evaluation, the others no split ('epoch: 0, 0/313, eval_acc: 37.5,
        # loss: 2.03'), is the evaluation's record: its bare keys are the evaluation's too (a line is one split's
        # record; its first key says which), not points of the training series named alike. (A bare split name
        # with its number, '>> val 0.42 | validity ..', is that split's loss, the rest left as they are named.)
        ctx = "val"
    if summary_head is not None:
        keys = [k if OPTIMIZER_KEY.search(k) else f"{summary_head} {k}" for k in keys]
    if keys and not config_echo and ("set" in msg or "data" in msg or "benchmark" in msg or "corpus" in msg) \
            and (sn := SET_NAMED.search(msg)) is not None:
        # (the set's name before the values measured on it, as a class's or a test set's is: "Kvasir dice"; the
        # learning rate is the optimizer's, no set's; a split's word for the set, 'dataset: val', names the split
        # of the keys that do not name theirs)
        set_word = sn.group("name") or sn.group("name2")
        split_set = set_word.lower() in SPLIT_WORDS
        keys = [k if OPTIMIZER_KEY.search(k) or (split_set and split_of(k)) else f"{set_word} {k}" for k in keys]
    if lead_word is not None and ctx == "val":
        keys = [k if split_of(k) or OPTIMIZER_KEY.search(k) or "test" in k.lower().split() else f"test/{k}" for k in keys]
        if set_name is not None:
            keys = [f"{k.split('/', 1)[0]}/{set_name} {k.split('/', 1)[1]}" if k.startswith("test/") else k for k in keys]
    if epoch is None:
        em = EPOCH_WORD.search(msg)
        if em:
            epoch = int(em.group("e"))
            if em.group("E"):
                planned["epochs"] = int(em.group("E"))
    if epoch is not None and len(keys) >= 2:
        # a sentence that says where it stands ("Saved PixelSNAIL model at epoch 1 with loss: 3.68", "Checkpoint written
        # after epoch 3, val_loss 0.52"): the words up to the clock's name are the sentence, its number the record's
        # epoch -- no value of a series named by the sentence
        drop = [i for i, k in enumerate(keys) if vals[i] == epoch and len(k.split()) >= 3
                and SENTENCE_AT_CLOCK.search(k)]
        if drop and len(drop) < len(keys):
            keys = [k for i, k in enumerate(keys) if i not in drop]
            vals = [v for i, v in enumerate(vals) if i not in drop]
            asked = [i - sum(d < i for d in drop) for i in asked if i not in drop]
    counter = lead_total = None
    if counters and not bar:
        n, N = counters[0]
        if epoch is not None and inner is None and re.search(r"\b(?:step|iter|batch)\b", msg, re.IGNORECASE):
            inner = (n, N)
        else:
            counter = n
            if epoch is None and step is None and inner is None and 0 < n <= N and "[" in msg \
                    and re.search(rf"\b(?:step|iter|iteration|batch)\s*\[\s*{n}\s*/\s*{N}\s*\]", msg, re.IGNORECASE):
                # a training's count in brackets after its name ('Batch [140/788] Loss: 0.16', 'Step [10/500]'), no
                # epoch on the line: the same counter as 'batch 140/788' -- its total is the planned length, so a log
                # that stops at batch 140 of 788 stops before its plan
                planned.setdefault("steps", N)
            if heading_fraction is not None and epoch is None and step is None and inner is None \
                    and (int(heading_fraction.group(1)), int(heading_fraction.group(2))) == (n, N) and 0 < N \
                    and (heading_fraction.group(0).lstrip()[:1] != "[" or (
                        any(split_of(k) == "val" for k in keys) and any(split_of(k) != "val" for k in keys))):
                # (in brackets, only over a record holding the evaluation's values beside training's: '[38/200],
                # train_loss: ..' after '[38/200], [604/604], ..' records is an epoch's summary, as before)
                lead_total = N
    elif counters and bar and epoch is None and inner is None and bar != 4:
        # (a Keras bar drawn complete counts no position: its count is its total, the same at every epoch)
        counter = counters[0][0]
    if counter is None and epoch is None and step is None and inner is None and not bar and keys \
            and (lc := LEAD_COUNT.match(msg)) is not None:
        # '5\ttrain loss=0.191\ttrain acc=0.899\tvalid loss=4.406': a bare whole number first on the line, set off
        # by a tab or a run of spaces before named values, counts the records -- their position
        counter = int(lc.group(1))
    if not keys and step is None and epoch is None:
        return None
    if len(keys) >= 2 and step is None and epoch is None and inner is None and not bar \
            and keys[0].lower() in EVAL_ITEM_COUNTERS and float(vals[0]).is_integer() and vals[0] >= 0 \
            and (ctx == "val" or all(split_of(k) == "val" for k in keys[1:])):
        # "Sample: 37, Validation pixAcc: 0.61, mIoU: 0.11" (awesome-semantic-segmentation, CIRKD): the count of the
        # items an evaluation has gone through heads its running result -- its progress, as an evaluation's bar is:
        # the renderings are one result (the last holds it), at the step training reached
        inner, bar, ctx = (int(vals[0]), 0), True, "val"
        keys, vals = keys[1:], vals[1:]
        asked = [i - 1 for i in asked if i > 0]
    if len(keys) >= 2 and any(LOSS_WORD.search(k) for k in keys):
        # "loss 10.97 | cls 5.06 | tal 0.07": a key that is a part of a detector's or classifier's loss named alone
        # (as YOLO's table columns are), printed beside the loss, is that part of the loss
        keys = [f"{k}_loss" if k.lower() in LOSS_PART_KEYS else k for k in keys]
    elif len(keys) >= 2 and any(k.lower() == "total" for k in keys) and any(k.lower() in PINN_TERMS for k in keys) \
            and not re.search(r"(?i)loss", msg):
        # "[Train] epoch:1, data:0.41, PDE:0.018, phys:0.014, total:0.427", "total=3.85e+00  PDE=2.60e-01 .. DATA=..":
        # a 'total' printed beside a physics-informed network's residual terms (PDE, BC, IC, Phys), with no loss named
        # on the line, is the loss those terms sum to -- the total loss -- and the terms are its parts. By their names:
        # a PINN weighs its terms adaptively, step by step ('PDE=2.60e-01 (w=2.231)'), so the sum the roles check
        # for a 'total' of weighted terms (round 24: 'total=2.19 det=1.93 kd=0.52') does not hold with fixed weights.
        # (Other terms beside a 'total' -- 'cls', 'reg', 'recon', 'kl' -- keep the numeric check; a line that names its
        # losses, PyTorch-YOLOv3's '[Losses: x .., cls .., total ..]', keeps its names.)
        keys = [f"{k}_loss" if k.lower() in PINN_TERMS | {"total"} else k for k in keys]
    closes = epoch is not None and step is None and inner is None and EPOCH_OVER.search(msg) is not None
    return Rec(tuple(keys), vals, step, epoch, inner, counter, ctx, bar, planned, step_total, config, tuple(asked),
               closes, lead_total)


# ---------------------------------------------------------------------------------------------- announcements
# a line that says an evaluation phase starts, and nothing else: "Eval begin...", "Start testing", "Evaluating:",
# "Running validation ..."; a training phase: "Start training...", "Training:"
_EVAL_WORD = r"(?:eval(?:uation|uating|uate)?|validat(?:e|ion|ing)|test(?:ing)?|infer(?:ence|ring)?|predict(?:ion|ing)?)"
# (the mode it runs in may be said: "testing in eval mode……"; an ellipsis may be repeated: "……")
_PHASE = (r"(?:\s+(?:begins?|start(?:s|ed)?|loop|phase|mode|stage|results?|set))?"
          r"(?:\s+in\s+(?:eval(?:uation)?|test|val(?:idation)?|train(?:ing)?)\s+mode)?\s*(?:\.\.\.|…|:|!)*\s*$")
# (... the set it evaluates named after it: "evaluate:dev", "evaluate: test", "Evaluating on the test set...")
_EVAL_SET = r"(?:\s*:\s*|\s+on\s+(?:the\s+)?)(?P<set>dev|val|valid|validation|eval|test)(?=\W|$)"
# (... or the model it evaluates: "* Evaluating basic_model", "Evaluating the model...", "Testing final_net" -- a
# script's own announcement before model.evaluate(), whose progress bar has the training's keys)
_EVAL_MODEL = r"(?:\s+(?:the\s+)?(?:best\s+|final\s+|trained\s+)?[\w\-]*(?:model|net|network|checkpoint|ckpt)[\w\-]*)"
# (... or the opponent or baseline a game-playing agent is evaluated against, and how many games: "📊 Evaluation vs
# RANDOM (500 games)", "Evaluating against greedy", "Test vs. minimax-3 (100 episodes)" -- the win, loss and draw
# shares under it are the evaluation's, not the training games' printed with the same words)
_EVAL_OPPONENT = r"(?:\s+(?:vs\.?|versus|against)\s+[\w\-.]+(?:[ \-][\w\-.]+){0,3}(?:\s*\([^()\n]{1,40}\))?)"
ANNOUNCE_EVAL = re.compile(r"^[\W_]*(?:now\s+)?(?:(?:start(?:ing)?|begin(?:ning)?|running|run)\s+)?" + _EVAL_WORD
                           + r"(?:" + _EVAL_SET + r"|" + _EVAL_MODEL + r"|" + _EVAL_OPPONENT + r")?" + _PHASE, re.IGNORECASE)
# ("Now continue training……" between an evaluation and the next epoch's records: training goes on; not a resume, which
# names what it goes on from)
ANNOUNCE_TRAIN = re.compile(r"^[\W_]*(?:now\s+)?(?:(?:start(?:ing)?|begin(?:ning)?|running|run|continu(?:e|ing))\s+)?"
                            r"train(?:ing)?" + _PHASE, re.IGNORECASE)
# a statement that a training starts ("Start training with CNNLSTM model", "Starting training...", "=== Training started
# ===", "Training Session Started: <date>", "AMHARIC H-NET TRAINING STARTED"; not one that it goes on from a saved
# state, a resume): a launch starts there, as with the configuration a script prints as it starts (it opens a new
# training only where the clock goes back: reader.launch_segments, reader._started_again)
START_TRAINING = re.compile(r"^[\W_]*(?:(?:start(?:s|ed|ing)?|begin(?:s|ning)?)\s+(?:the\s+|a\s+new\s+)?training\b"
                            r"|(?:[\w\-]+\s+){0,3}?training(?:\s+session|\s+run)?\s+(?:has\s+)?(?:started|starts|begins)\b)"
                            r"(?!\s+from\b)", re.IGNORECASE)
# Keras 2's fit() opens every call with the sizes it trains on ("Train on 40000 samples, validate on 10000 samples"):
# a launch starts there -- a second fit() in the same console is another training, its epochs counted from 1 again
KERAS_FIT = re.compile(r"^Train on \d+ samples(?:, validate on \d+ samples)?\s*$")
# a command line that runs a script (a launch): what the script's name says it does
ANNOUNCE_CMD = re.compile(r"(?:^|[\s/$])(?:python\d?(?:\.\d+)?\s+(?:-u\s+)?)\S*?(?P<name>[\w\-]+)\.py\b.*$")
_HAS_DIGIT = re.compile(r"\d")


SHELL_PROMPT = re.compile(r"^(?:\([\w.\-]+\)\s*)?[\w.\-]+@[\w.\-]+:[^\s$#]*[$#]\s*\S")


# a banner: a few words between rules ("=========== validate epoch 2 ===========", "----- Training -----", "*** Epoch 3
# evaluation ***"); when its words are a split (the loop it heads, said as a noun or a verb: "validate", "Testing"),
# maybe with the epoch, the records under it are that split's up to the next banner -- the block a script prints
# under each heading, whatever the words on the records' own lines (see TextLogParser.apply)
_RULE = r"(?:[=*#~]{3,}|-{3,})"
_BANNER_EPOCH = r"(?:epoch|ep)\.?\s*\d+(?:\s*/\s*\d+)?"
BANNER = re.compile(r"^\s*" + _RULE + r"\s*(?:" + _BANNER_EPOCH + r"\s*[:\-]?\s+)?(?P<split>" + _EVAL_WORD
                    + r"|train(?:ing)?)(?:\s+(?:on\s+)?" + _BANNER_EPOCH + r")?(?:\s+(?:set|phase|stage|results?))?\s*"
                    + _RULE + r"\s*$", re.IGNORECASE)


# a title framed by rules that names a date or a time of day ("================ Training Loss (Sat Nov 29 20:58:22 2025)
# ================", CycleGAN's loss_log.txt; "------- [START 2021-10-14 15:29:13] -------"): the banner a script
# writes as it starts, when it was started -- printed again, the script was launched again into the log
_TITLE_DATE = (r"(?:\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b.*\b\d{1,2}:\d{2}|\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b"
               r"|\b\d{1,2}:\d{2}:\d{2}\b)")
DATED_TITLE = re.compile(r"^\s*" + _RULE + r"\s*(?=.*" + _TITLE_DATE + r")(?P<t>[^=*#~]*?\S)\s*" + _RULE + r"\s*$",
                         re.IGNORECASE)


# a title framed by rules that names one run of several -- a run, trial, fold, seed or sweep point -- and says which by
# a number (its index or a setting): the banner a script prints before each of the trainings it runs one after another
RUN_TITLE = re.compile(r"^\s*" + _RULE + r"\s*(?P<t>(?:run|trial|fold|seed|sweep|experiment|exp|job|launch)\b"
                       r"(?=[^\d]*\d).*?\S)\s*" + _RULE + r"\s*$", re.IGNORECASE)


def banner(msg: str) -> tuple | None:
    """("val" | "train", "banner") when the line is a banner naming a split (see BANNER); ("val", "banner", "test")
    when it names a test ('---- Testing ----'): a test is not the validation, as a record whose line opens with
    'Test' is not (its keys get test/)."""
    m = BANNER.match(msg) if len(msg) < 300 else None
    if m is None:
        return None
    word = m.group("split").lower()
    return ("train", "banner") if word.startswith("train") else ("val", "banner", "test") if word.startswith("test") \
        else ("val", "banner")


# a line that says the training is over, and nothing else ("OK: Finished training for 25 epochs", "Training
# finished.", "=== Training complete ==="): what the program prints after it -- a test of the trained model, its
# per-batch losses and accuracies printed with the training's words -- is held out, as after "Testing..." (the next
# epoch's records, a launch appended, end it)
TRAINING_OVER = re.compile(r"^[\W_]*(?:(?:ok|done|success)\s*[:!\-]\s*)?(?:(?:finished|completed|ended|done)\s+"
                           r"(?:the\s+)?training|training\s+(?:is\s+|has\s+)?(?:finished|complete[d]?|done|over|ended))"
                           r"(?:\s+(?:for|after|in)\s+\d+\s+(?:epochs?|steps?|iterations?))?[\W_]*$", re.IGNORECASE)


def announcement(msg: str) -> tuple | None:
    """("val" | "train", "phase" | "launch") when the line announces an evaluation or training (see Line.announce)."""
    if ("inish" in msg or "omplet" in msg or "nded" in msg or "one" in msg or "over" in msg) and TRAINING_OVER.match(msg):
        return ("val", "phase", "test", "over")
    cmd = ANNOUNCE_CMD.search(msg) if ".py" in msg else None
    if cmd:
        name = cmd.group("name").lower()
        if re.search(r"(?:^|_|-)" + _EVAL_WORD + r"(?:$|_|-)", name):
            return ("val", "launch")
        if re.search(r"(?:^|_|-)train(?:er|ing)?(?:$|_|-)", name):
            return ("train", "launch")
        return None
    if (ae := ANNOUNCE_EVAL.match(msg)) is not None:
        # ("Testing...", "Start testing": a test, the first word of an evaluation the line says -- "testing in eval
        # mode" is a test; so is the set an evaluation names, "evaluate:test")
        first = re.search(_EVAL_WORD, msg, re.IGNORECASE)
        said = (ae.group("set") or first.group() if first else "").lower()
        return ("val", "phase", "test") if said.startswith("test") else ("val", "phase")
    if ANNOUNCE_TRAIN.match(msg):
        return ("train", "phase")
    return None


# ---------------------------------------------------------------------------------------------- tables
# a row of a key | value table, as Stable-Baselines3 and OpenAI baselines print their logger's record (the leading
# "|" is cut with the line's prefix): "|    ep_rew_mean     | 1.53        |", a section row "| rollout/  |   |"
KV_ROW = re.compile(r"^\|?\s*(?P<k>[A-Za-z_][\w./\-]*(?: [\w./\-]+){0,3}/?)\s*\|\s*(?:(?P<v>" + NUM + r")\s*)?\|$",
                    re.IGNORECASE)
KV_RULE = re.compile(r"^-{5,}$")
# the key of such a table that says how far training went (its record's step): SB3's time/total_timesteps,
# baselines' total_timesteps / TimestepsSoFar, else the number of iterations
KV_STEP_KEYS = ("total_timesteps", "timestepssofar", "timesteps", "timesteps_total", "total_steps", "num_timesteps",
                "steps", "step", "global_step", "iterations", "iteration", "nupdates", "n_updates_total")

# a column name may hold a range of numbers with a colon (YOLOv5's "mAP@.5:.95"; not "step:1/20000", a pair); the
# colon that ends the header is followed by a space or nothing. A name may start with a dimension or an ordinal joined
# to its word by '_' ("2d_loss", "3D_loss", "1st_loss"): a name, not a number ("3ms" is a measurement, no name)
# A name may also be a Greek letter, the symbol of a parameter a script prints as such (an epsilon-greedy agent's
# 'EP  Reward  Loss  ε', a 'λ' or 'α' column): a name as a Latin letter is
_COLUMN = r"(?:\d{1,2}[A-Za-z]{0,3}_(?=[A-Za-z])|[A-Za-z\u0391-\u03c9])[\w()\-./@]*(?:(?<=\d):\.?\d[\w()\-./@]*)*"
TABLE_HEAD = re.compile(r"^(?:" + _COLUMN + r"\s+){2,}" + _COLUMN + r"\)?\s*(?::|$)")
# the columns of a training table (one with an epoch column) that YOLO names by the part of the loss alone
# ("box obj cls", "GIoU obj cls total"): each is that part of the loss, named so ("box_loss")
LOSS_PART_COLUMNS = {"box", "obj", "cls", "dfl", "seg", "kobj", "pose", "giou", "iou", "conf", "l1", "total"}
# ... and the other parts a loss is commonly split into, named alone beside it: a set-prediction detector's box
# regression term (DETR's 'Loss: 5.03 CE: 0.06 BBox: 0.08 GIoU: 0.83', MMDetection's 'loss_bbox'); a
# physics-informed network's residual, boundary-condition, initial-condition and physics terms ('Loss = 93.36 | BC =
# 0.93 | Phys = 0.017', 'PDE: 0.26'), the terms every PINN's loss sums
LOSS_PART_COLUMNS |= {"bbox", "pde", "bc", "ic", "phys", "physics"}
# the same parts printed as keys of a record beside its loss ("loss 10.97 | cls 5.06"); not the words that can
# as well be a metric or a count there (an IoU, an L1 error, a total)
LOSS_PART_KEYS = LOSS_PART_COLUMNS - {"iou", "l1", "total"}
# a physics-informed network's residual terms, which every PINN's loss sums
PINN_TERMS = {"pde", "bc", "ic", "phys", "physics"}
LOSS_WORD = re.compile(r"(?i)(?:^|[\s_/])loss(?:$|[\s_/])")
# the columns of a detection validation table (one with mAP columns) that name a metric by its initial: YOLO's
# "Class Images Labels P R mAP@.5 mAP@.5:.95" -- P is the precision, R the recall
METRIC_INITIAL_COLUMNS = {"p": "precision", "r": "recall"}


# a header announced by its own word ("columns: epoch train_loss val_loss val_acc", "fields: .."): the word is no column
TABLE_LABEL = re.compile(r"^\s*(?:columns|cols|fields|header)\s*[:=]\s*(?=[A-Za-z])", re.IGNORECASE)
# a column's name in a table drawn with '|' between its columns (a name may hold spaces: "| Train Loss | Val Acc |")
_MAY_HOLD_NUMBER_CELL = re.compile(r"(?<![A-Za-z_])(?<![A-Za-z]-)\d")  # (a number standing alone, not a name's digit: "mAP50", "top-1" are names)
_PIPE_COLUMN = re.compile(r"[A-Za-z][\w ()\-./@%]{0,40}")
# a row's position printed in brackets ("[1] 1.6481 1.4593 0.537", under "columns: epoch train_loss ..")
_BRACKET_CELL = re.compile(r"\[(\d{1,7})\]")


# a duration written in a table's cell ("0 hr 06 min", "3h 12m", "1:02:03")
DURATION_CELL = re.compile(r"(?:\d+(?:\.\d+)?\s*(?:d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)\s*)+"
                           r"|\d{1,3}:\d{2}(?::\d{2}(?:\.\d+)?)?", re.IGNORECASE)
# a row naming the groups of the columns below it, drawn with rules between bars ("|----- VALID -----|----- TRAIN
# -----|--- Accuracy ---|------|"): each group's word qualifies the names under it (see TextLogParser.apply)
GROUP_ROW = re.compile(r"^\s*\|?(?:\s*[-=]{2,}[^|\d]*[-=]{2,}\s*\|){2,}\s*$")


def group_words(row: str, head: str, cols: list[str]) -> list[str] | None:
    """The names of a bar-drawn header ``head`` qualified by the group word above each (the ``GROUP_ROW`` line
    ``row``, its groups aligned with the header's by their place on the line): 'VALID loss', 'TRAIN loss'."""
    spans, at = [], 0
    for cell in row.split("|"):
        word = " ".join(re.findall(r"[^\W\d_]+", cell))
        spans.append((at, at + len(cell), word))
        at += len(cell) + 1
    out, at = [], 0
    head = head.rstrip()
    for cell in head.split("|"):
        names = [n for n in re.split(r"\s{2,}", cell.strip()) if n]
        mid = at + len(cell) // 2
        word = next((w for a, b, w in spans if a <= mid < b), "")
        out += [f"{word} {n}" if word else n for n in names]
        at += len(cell) + 1
    return out if len(out) == len(cols) and any(o != c for o, c in zip(out, cols)) else None


def _pipe_cells(msg: str) -> list[str]:
    return [c.strip() for c in msg.strip().strip("|").split("|")]


def _table_header(msg: str) -> list[str] | None:
    lab = TABLE_LABEL.match(msg)
    if lab:
        msg = msg[lab.end():]
    elif msg[:1] == "#" and msg[1:2] not in "#!" and not msg[1:2].isdigit():
        # a header commented out ("#Epoch\tTraining Error", "# epoch train_loss val_loss": numpy.savetxt's header,
        # a data file written for gnuplot or a plotting script, which skip the '#' line): the names after the mark
        msg = msg[1:].lstrip()
    if msg.count("|") >= 2 and not _MAY_HOLD_NUMBER_CELL.search(msg):
        # a table drawn with '|' between its columns ("epoch | train_loss | val_loss | val_rmse" over "------+----",
        # then " 1/30 | 3796.1 | 1047.5 | 102.80dB"): the bars are the columns' edges, a name may hold spaces
        # (names aligned inside one group between bars, two spaces or more apart -- "lr     iter     epoch | loss
        # top-1  top-2 | loss  top-1  top-2 |" -- are columns of their own: the bars group the columns)
        cols = [n for c in _pipe_cells(msg) for n in re.split(r"\s{2,}", c)]
        if 3 <= len(cols) <= 20 and all(_PIPE_COLUMN.fullmatch(c) for c in cols) \
                and re.search(r"loss|acc|err|map|precision|recall|f1|epoch", " ".join(cols).lower()):
            return cols
        return None
    if msg[:1] == "%" and TORCH_LOGGER_HEAD.fullmatch(msg):
        # Torch7's optim.Logger: "% mean class accuracy (train set)\t% ..." -- a name per column, each after a '%',
        # then one row of numbers per epoch (a single column too)
        cols = [c.strip()[1:].strip() for c in msg.split("\t") if c.strip()]
        return cols if _HEADER_MEASURE.search(" ".join(cols).lower()) else None
    if msg.count(",") >= 2 and " " not in msg.strip() and COMMA_HEAD.fullmatch(msg.strip()) is not None:
        # a table printed as CSV into the log (pandas' DataFrame.to_csv of a Keras history: ',loss,acc,val_loss,
        # val_acc' over '0,0.526,0.855,0.400,0.864'): the names a comma apart; an empty first name is pandas' index,
        # which counts the history's rows -- its epochs
        cols = [c.strip() or ("epoch" if i == 0 else "") for i, c in enumerate(msg.strip().split(","))]
        if all(cols) and 2 <= len(cols) <= 40 and _HEADER_MEASURE.search(msg.lower()):
            return cols
        return None
    if "\t" in msg and TAB_HEAD.fullmatch(msg):
        # names separated by tabs, a name holding spaces (pytorch-classification's Logger: "Learning Rate\tTrain
        # Loss\tValid Loss\tTrain Acc\tValid Acc\t", then a row of as many numbers per epoch): a tab is the
        # column's edge, as in a TSV file's header
        cols = [c.strip() for c in msg.split("\t") if c.strip()]
        # (cells that each end in a number after their words -- 'local rank -1<TAB>global step 1000<TAB>train loss
        # 1.73' -- are pairs a tab apart, a record, not names)
        pairs = sum(bool(re.search(r"\s[-+]?(?:\d+\.?\d*|\.\d+)$", c)) for c in cols)
        if 2 <= len(cols) <= 20 and any(" " in c for c in cols) and 2 * pairs < len(cols) \
                and _HEADER_MEASURE.search(" ".join(cols).lower()):
            return cols
    # the part after the header's colon is its progress bar (YOLO: "Class Images ... mAP50-95): 100%|██"); a colon
    # followed by a value is a pair ("Accuracy on Test-Set: 10.40% (1040 / 10000)"), not a header
    head = re.split(r":(?=\s|$)", msg, maxsplit=1)[0] if ("%" in msg or "━" in msg) and has_bar(msg) else msg
    # the header of a bar-less table has no ':' of its own; the whole of it is column names
    cols = head.split()
    if "  " in head.strip() and len(cols) > 3 and not has_bar(head):
        # names that hold a space, laid out in fixed-width columns ('Epoch  Train Loss   Train Recall Val Loss     Val
        # Recall', f"{name:<13}" each): two spaces or more end a name, and so does a split's word starting the next
        # one where the width left a single space ('Train Recall Val Loss')
        named = [n for seg in re.split(r"\s{2,}", head.strip())
                 for n in re.split(r"\s(?=(?:train|training|val|valid|validation|test|eval|dev)\b)", seg, flags=re.IGNORECASE)]
        if 3 <= len(named) < len(cols) and any(" " in n for n in named) \
                and all(len(n.split()) <= 3 and TABLE_HEAD.fullmatch(" ".join(["a", "b", *n.split()]) + ":") for n in named) \
                and re.search(r"loss|acc|err|precision|recall|f1|epoch", head, re.IGNORECASE):
            return named
    # two columns make a table only when written as one: tab-separated, a clock first ("step\tloss", a script's
    # print(f"{step}\t{loss}") under its header); two words separated by a space are prose ("Training loss")
    two = len(cols) == 2 and "\t" in head and cols[0].lower() in ("step", "epoch", "iter", "iteration", "it", "batch")
    if not two and not TABLE_HEAD.fullmatch(head.rstrip() + ":"):
        return None
    if (len(cols) < 3 and not two) or len(cols) > 20:
        return None
    if any(re.fullmatch(NUM, c, re.IGNORECASE) for c in cols):
        return None
    low = " ".join(cols).lower()
    # (YOLO's "P" and "R" columns are words of their own: "Step" ends with a p, and is no precision)
    if not re.search(r"loss|map|acc|ap50|precision|recall|\bp\b|\br\b|epoch", low):
        return None
    return cols


# a header of names separated by tabs (a name may hold spaces, not a number: "Train Loss\tValid Acc\t")
TAB_HEAD = re.compile(r"[A-Za-z][\w ()\-./@%]*(?<! )(?:\t+[A-Za-z][\w ()\-./@%]*(?<! ))+\t*")
# names a comma apart, the first one maybe empty (pandas' unnamed index): see _table_header
COMMA_HEAD = re.compile(r"(?:[A-Za-z_][\w./@%()\-]*)?(?:,[A-Za-z_][\w./@%()\-]*)+,?")
# what a table's header names when the table holds a training's measures (a loss, an accuracy, an error rate, an mAP,
# precision, recall or F1): searched in its lower-cased names
_HEADER_MEASURE = re.compile(r"loss|acc|err|map|precision|recall|f1")
# Torch7's optim.Logger header: tab-separated names, each after a '%' (a name may hold spaces and parentheses)
TORCH_LOGGER_HEAD = re.compile(r"%[^\t%\d][^\t%]*(?:\t+%[^\t%\d][^\t%]*)*\t*")


# the last column of a table that holds words, not numbers ("Iter .. Loss Policy Value Notes"): a person's remark on
# the row, written on some rows only ("(Modal)", "100% vs random") and left empty on the others
NOTE_COLUMNS = frozenset({"notes", "note", "comment", "comments", "remark", "remarks", "status", "info", "message",
                          "msg", "description", "desc"})
# a cell printed as a dash where a row has no value for its column ("—", "-", "--", "n/a"): no number, no name
EMPTY_CELL = re.compile(r"[-\u2013\u2014]{1,2}|n/?a|N/?A|None|none")


# a duration in brackets, a row's elapsed time ('[5s]', '[1.2s]', '[3m]', '[0:01:23]')
ELAPSED_CELL = re.compile(r"\[(?:\d+(?:\.\d+)?\s?(?:ms|s|sec|m|min|h)|\d+:\d\d(?::\d\d)?)\]")


def _table_row(msg: str, ncols: int, notes: bool = False) -> list[str] | None:
    body = msg.split(":", 1)[0] if has_bar(msg) else msg
    cells = _pipe_cells(body) if "|" in body and body.strip().strip("|").count("|") == ncols - 1 else body.split()
    if notes and "|" not in body and len(cells) >= ncols - 1:
        # (a table whose last column is a remark -- NOTE_COLUMNS --: the cells before it are the columns before it,
        # the words after them, however many, the remark; none when the row has no remark)
        cells = cells[: ncols - 1] + [" ".join(cells[ncols - 1:])]
    if len(cells) == ncols + 1 and "|" not in body and ELAPSED_CELL.fullmatch(cells[-1]):
        # (a row that ends in the time it took, in brackets, under no heading of its own -- '  10  -316.82  17.5%  ..
        # 0.8187  [5s]' under 'EP  Reward  DropRate .. ε' --: that time is no column of the table, the cells before it
        # are its columns)
        cells = cells[:-1]
    if len(cells) != ncols and "|" in body:
        # the numbers of each group between bars, under a header whose groups hold several columns; a group that is
        # not numbers only (a duration, "0 hr 06 min") is one cell
        cells = []
        for c in _pipe_cells(body):
            parts = c.split()
            cells += parts if parts and all(re.fullmatch(NUM + UNIT, x, re.IGNORECASE) for x in parts) else [c]
    if len(cells) != ncols and "," in body and " " not in body.strip():
        cells = [c.strip() for c in body.strip().rstrip(",").split(",")]  # (a row of a table printed as CSV)
    if len(cells) != ncols:
        return None
    nums = sum(1 for c in cells if re.fullmatch(NUM + UNIT + r"|\d+/\d+|\[\d{1,7}\]", c, re.IGNORECASE))
    if notes:
        # (the remark is no number; a dash where a row has no value stands for a number of its column)
        nums += 1 + sum(1 for c in cells[:-1] if EMPTY_CELL.fullmatch(c)) - (
            1 if re.fullmatch(NUM + UNIT, cells[-1], re.IGNORECASE) else 0)
    # (a one-column table -- optim.Logger logging one quantity -- has rows of one number)
    return cells if nums >= ncols - 1 and (nums >= 2 or nums == ncols == 1) else None


# ---------------------------------------------------------------------------------------------- one rendering
class TableRow(NamedTuple):
    keys: list
    vals: list
    epoch: int | None
    planned_epochs: int | None
    bar: bool
    label: str | None  # the class a per-class row names ("all" is the table's own row: None)


# a group of a header's columns written as its name and the names of its columns in parentheses: YOLO's "Box(P R mAP50
# mAP50-95)", and beside it for a segmentation or pose model "Mask(P R mAP50 mAP50-95)" / "Pose(P R ..)"
_GROUP_OPEN = re.compile(r"([A-Za-z][\w\-]*)\((.+)")


def column_groups(cols: list[str]) -> list[str | None]:
    """The group each column of a header is in (:data:`_GROUP_OPEN`), None outside a group."""
    out: list[str | None] = []
    group = None
    for c in cols:
        m = _GROUP_OPEN.fullmatch(c)
        if m and group is None and ")" not in m.group(2):
            group = m.group(1)
        out.append(group)
        if group is not None and c.endswith(")") and c.count("(") < c.count(")") + (1 if m else 0):
            group = None
    return out


def _table_values(cells: list[str], cols: list[str], bar: bool) -> TableRow:
    keys, vals = [], []
    epoch = planned = None
    label = None
    training = any(c.lower().startswith("epoch") for c in cols)
    detection = not training and any(c.lower().startswith("map") for c in cols)
    # (two groups or more side by side -- a segmentation model's "Box(P R mAP50 mAP50-95) Mask(P R mAP50 mAP50-95)"
    # -- are measures of different things under the same names: each group's name qualifies its columns, 'Box
    # mAP50-95' and 'Mask mAP50-95', never one series of both; a lone group, a detector's "Box(P ..)", names nothing)
    groups = column_groups(cols) if "(" in "".join(cols) else [None] * len(cols)
    named_groups = len({g for g in groups if g is not None}) >= 2
    notes = cols[-1].lower() in NOTE_COLUMNS
    for i, (c, cell, group) in enumerate(zip(cols, cells, groups)):
        if notes and (i == len(cols) - 1 or EMPTY_CELL.fullmatch(cell)):
            continue  # (a remark, or a dash where the row has no value: neither a number nor the row's class)
        if cell[:1] == "[" and _BRACKET_CELL.fullmatch(cell):
            cell = cell[1:-1]
        if epoch is None and c.lower() in ("epoch", "ep") and re.fullmatch(r"(?:-1|\d{1,6})(?:\.0+)?", cell):
            # (an epoch column's whole number is the row's epoch, as its 'n/N' is; -1 the evaluation a script runs
            # before training, numbered before its first epoch)
            epoch = int(float(cell))
            continue
        if re.fullmatch(r"\d+/\d+", cell):
            if c.lower().startswith("epoch") or epoch is None:
                epoch = int(cell.split("/")[0])
                planned = int(cell.split("/")[1])
            continue
        if not re.fullmatch(NUM + UNIT, cell, re.IGNORECASE):
            if not DURATION_CELL.fullmatch(cell.strip()):  # (a duration, "0 hr 06 min", "1:02:03", is no class's name)
                label = cell
            continue
        name = c.replace("Box(", "")
        if name.count("(") != name.count(")"):  # (a header's own brackets: YOLO's "Box(P" .. "mAP50-95)")
            name = name.strip("()")
        if training and name.lower() in LOSS_PART_COLUMNS:
            name += "_loss"
        elif detection and name.lower() in METRIC_INITIAL_COLUMNS:
            name = METRIC_INITIAL_COLUMNS[name.lower()]
        if named_groups and group is not None:
            inner = c[len(group) + 1:] if c.startswith(group + "(") else c
            inner = inner[:-1] if inner.endswith(")") and inner.count("(") < inner.count(")") else inner
            name = f"{group} {METRIC_INITIAL_COLUMNS.get(inner.lower(), inner) if detection else inner}"
        num = re.match(NUM, cell, re.IGNORECASE).group(0)
        keys.append(name)
        vals.append(to_number(num))
    return TableRow(keys, vals, epoch, planned, bar, label if label and label.lower() != "all" else None)


@dataclass
class Line:
    """What one rendering says, read from its text alone (and the table header in force): the parser's state
    is not consulted, so the same text always reads the same way (see :meth:`TextLogParser.apply`)."""
    msg: str | None = None  # the message (None when not kept: it is then read again if a note needs it)
    empty: bool = False
    garbled: bool = False
    crash: bool = False
    kill: bool = False
    resume: bool = False
    early: bool = False
    settings: tuple | list = ()
    options: tuple | list = ()
    dot: tuple | None = None
    copypaste: list | None = None
    table_head: list | None = None
    table_row: TableRow | None = None
    rec: Rec | None = None
    eta: tuple | None = None  # (days, hours, minutes, seconds) left
    heading: str | None = None
    unparsed: bool = False
    # a dict of settings ('name': value, with a named choice among the values): the hyperparameters when it is
    # the first record of the log (the parser decides), else a record
    dict_settings: list | None = None
    # ... said to be the configuration ("config: {"task": "crop", "lr": 0.001, "epochs": 15}"): settings wherever it is
    # printed -- printed again after records, the configuration of the launch that starts there
    config_said: bool = False
    launch: bool = False  # the configuration a launch prints as it starts (an argparse Namespace)
    # a row of a key | value table (Stable-Baselines3 / OpenAI baselines): (key, value), value None on a section
    # row ("| rollout/ |  |"); a rule line ("-----") closes the table, which is one record
    kv_row: tuple | None = None
    kv_rule: bool = False
    # a line that says an evaluation (or training) starts: "Eval begin...", "Start testing", a command running an
    # evaluation script ("python tools/infer.py -m config.yaml"): "val" / "train", with "phase" or "launch"
    announce: tuple | None = None
    # a line that says a checkpoint was saved or loaded ("Saving best model (val_loss=1.05)", "Loaded checkpoint
    # ... (epoch=20, val_loss=1.05)"): the values it names repeat what the run printed just before (see
    # TextLogParser.apply), not a series of their own
    checkpoint: bool = False
    # a row of W&B's end-of-run summary ("wandb:   train/box_loss 0.02659"): (key, value), the run's summary
    run_summary: tuple | None = None
    # a tqdm progress bar and nothing else (" 33%|███▎      | 4364/13278 [26:15<45:51,  3.24it/s]", "Map: 100%|..|
    # 1000/1000 [..]"): (its description, count, total); a bar is known by its description and total
    progress: tuple | None = None
    # a rendering of spaces only: what tqdm writes to clear its bar before a message is printed (tqdm.write, which
    # HF Trainer's console prints each log dict through); see TextLogParser.apply
    clear: bool = False
    # a number of epochs said in words ("bits GRU, 30 epochs", "Training for 30 epochs"): the plan when said before
    # the first record (the parser decides; after training it says what happened: "stopped after 19 epochs")
    plan_epochs: int | None = None
    # a line of a Python traceback that is no record, whatever numbers it holds: a frame ('  File "train.py", line
    # 88, in main') and the last line, the exception and its message ('FloatingPointError: validation loss is nan
    # at epoch 3', 'ValueError: loss=nan'); the source line printed under a frame is known by the frame before it
    # (TextLogParser.apply; batches.feed_lines reads it afresh so that both readings place it alike)
    frame: bool = False
    exception: bool = False
    # another logged line starts in the middle of this one (:func:`spliced`): a damaged record, its values not read
    spliced: bool = False
    # a line of what the logging module prints when it fails to write a record (LOGGING_ERROR): "open" for its first
    # line, "close" for its last ('Arguments: ..'), "line" between; no record, and the traceback inside is no crash
    logging_error: str | None = None
    # a line of a JSON object printed over several lines (see _json_line): the parser joins them into one object
    json: tuple | None = None
    # the line Python prints before the traceback of an exception it ignores (IGNORED_EXCEPTION): that traceback, up to
    # its exception's line, is no crash
    ignored: bool = False


JSON_ITEM = re.compile(r'"(?P<k>[^"\\]{1,120})"\s*:\s*(?P<v>.*?)\s*,?')


def _json_line(msg: str) -> tuple | None:
    """A line of a JSON object printed over several lines: ("open",) for '{' alone, ("close",) for '}' (and ']',
    ending a list), ("item", key, value's text, kind) for '"key": value,' -- kind "num" (value a number), "word" (a string,
    true/false/null, a list on the line), "open" (a nested object follows: '"train": {'), "list" (a list follows: '"x":
    [')."""
    m = msg.rstrip()
    if m == "{":
        return ("open",)
    if m in ("}", "},", "]", "],"):
        return ("close",)
    jm = JSON_ITEM.fullmatch(m)
    if jm is None:
        return None
    v = jm.group("v")
    if re.fullmatch(NUM, v, re.IGNORECASE) and v[:1] not in "+" and "," not in v:
        return ("item", jm.group("k"), v, "num")
    if v in ("{", "["):
        return ("item", jm.group("k"), v, "open" if v == "{" else "list")
    if re.fullmatch(r'"[^"]*"|true|false|null|\[.*\]|\{\s*\}', v):
        return ("item", jm.group("k"), v, "word")
    return None


def _opens_with_position(msg: str, rec: Rec) -> bool:
    """Does a record's line open with its position -- its epoch or step read, or a bare count first on the line?"""
    return rec.epoch is not None or rec.step is not None or bool(re.match(r"\s*\d+\b(?![.,:/])", msg))


def setting_value(text: str):
    """A printed setting's value: a number (an int when written as one), else the text without its quotes."""
    text = text.strip()
    if NUMBER_ONLY.match(text):
        v = to_number(text)
        return int(v) if re.fullmatch(r"[+-]?\d+", text) else v
    return text.strip("'\"")


def analyse(raw: str, table: list[str] | None) -> Line:
    msg, prefix = strip_prefix(raw)
    if not msg:
        return Line(msg, empty=True, clear=raw.isspace())
    rest = spliced_rest(msg, prefix) if ("-" in raw and ":" in raw) else None
    if rest is not None:
        # the line holds two: the head of a record another logged line cut (damaged: not read) and that line, read as
        # itself (TextLogParser.apply notes the damage)
        a = analyse(rest, table)
        a.spliced = True
        return a
    a = Line(msg)
    if (msg[:1] in "CMA" or msg == "Logging error ---") and len(msg) < 20_000 \
            and (lm := LOGGING_ERROR.match(msg if msg[:1] in "CMA" else raw.strip())):
        a.logging_error = "open" if lm.group("open") else "close" if lm.group("close") else "line"
        return a
    a.garbled = GARBLED.search(msg) is not None
    if msg[:1] == "E" and IGNORED_EXCEPTION.match(msg):
        a.ignored = True
        return a
    if CRASH.search(msg) or CRASH.search(prefix):
        a.crash = True
        a.kill = bool(KILL_WORDS.search(msg) or KILL_WORDS.search(prefix))
    if len(msg) < 200 and ("nan" in msg or "NaN" in msg or "NAN" in msg or "inf" in msg or "Inf" in msg or "finite" in msg) \
            and NAN_STOP.search(msg) and not EARLY_OR_BEST.search(msg):
        # the program's own words that it stops because a value went non-finite ("loss is nan, stopping", "NaN loss
        # detected, aborting training", "Stopping: loss became inf"): the run ends in error there -- a crash, as a
        # traceback is; the line is no record (its value is the reason, not a point of the loss)
        a.crash = True
        return a
    if 'File "' in msg and TRACEBACK_FRAME.match(msg):
        a.frame = True
        return a
    if ("rror" in msg or "xception" in msg or "nterrupt" in msg or "xit" in msg or "ailure" in msg or "ault" in msg) \
            and len(msg) < 2_000 and EXCEPTION_LINE.match(msg.rstrip()):
        a.exception = True
        return a
    if msg[:1] in '{}"[]' and len(msg) < 2_000:
        # a JSON object printed over several lines (json.dumps(d, indent=4): '{', '    "Loss": 0.3287,', '}'): its
        # lines, which the parser joins (TextLogParser.apply); an item alone is unparsed as before
        j = _json_line(msg)
        if j is not None:
            a.json = j
            a.unparsed = j[0] == "item" and j[3] == "num"
            return a
    if ("esum" in msg or "from iter" in msg or "ontinu" in msg or "estor" in msg or "oaded checkpoint" in msg
            or "ursu" in msg or "arry" in msg) \
            and len(msg) < 2_000:
        m = RESUME.search(msg)
        a.resume = bool(m and int(m.group("n1") or m.group("n2") or 1) > 0)
    if ("improve" in msg or "early" in msg or "Early" in msg or "atience" in msg) and len(msg) < 2_000 \
            and EARLY_STOP.search(msg):
        a.early = True
    if ("optim" in msg or "schedul" in msg) and len(msg) < 100_000:
        a.settings = [(key, word) for key, word in NAMED_SETTING.findall(msg)
                      if word.lower() not in ("none", "null", "true", "false")]
    # a printed command line ("python train.py --n_epoch=100 --lr=5e-4 ..."): its options are settings
    if "--" in msg and len(msg) < 20_000:
        opts = CMD_OPTION.findall(msg)
        if len(opts) >= 2:
            a.options = []
            for key, val in opts:
                num = to_number(val) if NUMBER_ONLY.match(val) else None
                if num is not None and math.isfinite(num):
                    a.options.append((key.replace("-", "_"), int(num) if re.fullmatch(r"[+-]?\d+", val) else num))
                else:
                    a.options.append((key.replace("-", "_"), val))
    # argparse's echo of its arguments ("Namespace(batch_size=64, lr=0.001, model='resnet18')"): settings, whatever
    # their number; never a record
    ns = NAMESPACE.match(msg) if "Namespace(" in msg else None
    if ns:
        a.options = [(k, setting_value(v)) for k, v in NAMESPACE_ITEM.findall(msg[ns.end():])]
        a.launch = True
        return a
    # a model summary or a dataset scan holds numbers that are no training series: nothing to read
    if NOT_A_SERIES.search(msg):
        return a
    # a tuple or list of strings printed whole ("('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')", a sweep
    # script naming the settings of the run it starts): the numbers are inside text, the settings of that run
    if msg[:1] in "([" and STRINGS_REPR.match(msg):
        a.settings = [(k.strip(), setting_value(v)) for k, v in QUOTED_SETTING.findall(msg)]
        return a
    # what W&B prints itself ("wandb: Run summary:", "wandb:   train/box_loss 0.02659", "wandb: Synced 5 W&B
    # file(s)"): its end-of-run summary repeats the last (or best) value of a series the run already logged, a
    # summary of the run and not one more point; nothing else it prints is a series
    if msg.startswith("wandb:"):
        sm = WANDB_SUMMARY_ROW.match(msg)
        if sm:
            a.run_summary = (sm.group(1), to_number(sm.group(2)))
        return a
    # an argument dump with dot leaders ("train_iters ........ 500"): a setting
    dm = DOT_LEADER.match(msg) if "..." in msg else None  # the pattern needs three dots
    if dm:
        a.dot = (dm.group(1), to_number(dm.group(2)) if re.fullmatch(NUM, dm.group(2), re.IGNORECASE) else None)
        return a
    # pycocotools / detectron2 'copypaste' CSV header + values
    cp = re.match(r"^copypaste:\s*(.*)$", msg)
    if cp:
        a.copypaste = [c.strip() for c in cp.group(1).split(",")]
        return a
    # an evaluation (or training) announced: the records after it are of that split (see TextLogParser.apply); a
    if ("tart" in msg or "egin" in msg) and len(msg) < 300 and START_TRAINING.match(msg):
        a.launch = True
    elif msg.startswith("Train on ") and KERAS_FIT.match(msg):
        a.launch = True
    # heading ("Validation:", a group of key: value lines under it) is not an announcement
    if len(msg) < 300 and ("python" in msg or not _HAS_DIGIT.search(msg) or ("raining" in msg and TRAINING_OVER.match(msg))
                           or (" vs" in msg or "against" in msg or "versus" in msg) and ANNOUNCE_EVAL.match(msg)) \
            and not msg.endswith(":"):
        a.announce = announcement(msg)
        if a.announce is not None and "python" not in msg:
            return a
    if a.announce is None and msg[-1:] in "=*#~-":
        # (a banner's epoch, when it says one, is still read: its record below; its rule may have been cut with the
        # line's prefix: "-------- " is one)
        a.announce = banner(msg if msg[:1] in "=*#~-" else raw)
        if a.announce is None and len(msg) < 300 and DATED_TITLE.match(msg if msg[:1] in "=*#~-" else raw):
            a.launch = True  # (a launch's dated start banner: no record, whatever numbers its date has)
            return a
        if a.announce is None and len(msg) < 300 and (tm := RUN_TITLE.match(msg if msg[:1] in "=*#~-" else raw)):
            # a title framed by rules that names one run of several ('=== run lr=0.01 ===', '---- fold 2 ----',
            # '##### Trial 3 (seed=7) #####'): a launch starts there, the settings it names are that run's -- no record
            a.launch = True
            lead, index, rest = re.match(r"([A-Za-z]+)\s*(\d+)?[\s:,.\-]*(.*)", tm.group("t")).groups()
            title = parse_record(rest.strip("()[] ")) if rest else None
            a.settings = ([(lead.lower(), int(index))] if index else []) + (
                [(k, v) for k, v in zip(title.keys, title.values)] if title is not None else [])
            if ("pochs" in rest or "passes" in rest) and (pm := PLAN_IN_WORDS.search(rest)) and int(pm.group(1)) > 0:
                # (its number of epochs said in words, '=== launch 1: resnet-ish, Adam 2e-3, 20 epochs ===': the plan)
                a.plan_epochs = int(pm.group(1))
                a.settings = [(k, v) for k, v in a.settings if v != a.plan_epochs]
            return a
    # a command typed at a shell prompt ("(env) user@host:~/exp$ xnmt --gpu config.yaml"): a launch starts here,
    # the records after it are that command's (its options were read above as settings)
    if "@" in msg and ("$" in msg or "#" in msg) and SHELL_PROMPT.match(msg):
        a.launch = True
        return a
    # key | value tables (Stable-Baselines3, OpenAI baselines' logger): a row per key, a rule line around them
    if "|" in msg:
        kv = KV_ROW.match(msg)
        if kv:
            a.kv_row = (kv.group("k").strip(), to_number(kv.group("v")) if kv.group("v") else None)
            return a
    elif msg[:1] == "-" and KV_RULE.match(msg):
        a.kv_rule = True
        return a
    # whitespace tables (Ultralytics YOLO)
    a.table_head = _table_header(msg)
    if a.table_head is not None:
        return a
    if table is not None:
        cells = _table_row(msg, len(table), table[-1].lower() in NOTE_COLUMNS)
        if cells is not None:
            a.table_row = _table_values(cells, table, has_bar(msg))
            return a
    rec = a.rec = parse_record(msg)
    if ("pochs" in msg or "passes" in msg) and len(msg) < 300:
        pm = PLAN_IN_WORDS.search(msg)
        if pm and int(pm.group(1)) > 0 and (rec is None or (rec.values == [float(pm.group(1))] and rec.step is None
                                                           and rec.epoch is None and rec.counter is None)):
            # "Training for 30 epochs", "Resuming: 30 epochs planned": the number is the plan, no value of a series
            a.plan_epochs = int(pm.group(1))
            rec = a.rec = None
            return a
        if pm and int(pm.group(1)) > 0 and rec is not None and rec.step is None and rec.epoch is None \
                and rec.counter is None and rec.inner is None and not rec.bar and rec.keys \
                and not any(LOSS_WORD.search(k) or k.lower().endswith("loss") or _MEASURED.search(k) for k in rec.keys):
            # the plan said in words beside the settings it runs with ("link-budget MLP: 40 epochs, lr=0.002, batch
            # 64", "Training for 30 epochs, batch size 64, lr 1e-3"): the plan and settings, no record -- nothing on
            # the line is measured (the parser takes it as the plan only before the first record)
            a.plan_epochs = int(pm.group(1))
            a.options = [(k, v) for k, v in zip(rec.keys, rec.values)
                         if not (v == a.plan_epochs and not SETTING_KEY.fullmatch(k))]
            rec = a.rec = None
            return a
    if rec is not None and rec.keys and "aram" in msg and all(PARAM_COUNT_KEY.fullmatch(k) for k in rec.keys):
        # the size of a model ("Total params: 39,344" under Keras' model.summary(), "Total parameters: 4386178 ||
        # Trainable parameters: 258", "Model parameters: total=17517458 | trainable=17359954"), printed again at
        # each fit or launch: it describes the model, it is no training series
        a.rec = None
        return a
    if rec is not None and rec.keys and rec.epoch is None and rec.step is None and ("best" in msg or "BEST" in msg
                                                                                   or "Best" in msg) \
            and NEW_BEST.search(msg) and not _opens_with_position(msg, rec):
        a.checkpoint = True  # (a new best said on a line of its own: NEW_BEST)
    elif rec is not None and rec.keys and (cm := CHECKPOINT_SAID.search(msg)) \
            and not (_opens_with_position(msg, rec) and not re.search(r"\d", msg[cm.start():])):
        # (a record opened by its position with a note after its last number that the model was saved -- '5  train
        # loss=0.19  valid acc=0.50  > saved as best model!', 'Epoch 3 val_loss=1.05 -> saving model' -- is the
        # record: the note says what was done with it, it restates nothing)
        a.checkpoint = True
        if all(k.lower().split()[-1] in CLOCK_WORDS for k in rec.keys):
            # "Saved validation checkpoint at step 5000 to ..", "Saving model at epoch 3": where a checkpoint was
            # written, a position said in a sentence -- no value of a series
            a.rec = None
            return a
    if rec is not None and ("top" in msg or "TOP" in msg) and ("<" in msg or ">" in msg or "≥" in msg or "≤" in msg) \
            and len(msg) < 300 and STOP_RULE.search(msg):
        rec = a.rec = None  # (the stopping rule's test, STOP_RULE: no record)
    if a.early and rec is not None:
        # "Epoch 00013: early stopping" (Keras 1, printed before the last epoch's own line), "Stopping training early
        # as no improvement observed in last 100 epochs. Best results observed at epoch 232" (Ultralytics): a
        # statement about the run, not a record; its numbers (a patience, the best epoch) are no points and its
        # epoch is not the clock (the best epoch is in the past: the final re-evaluation after it is no new epoch)
        rec = a.rec = None
    if rec is not None and msg.startswith("{") and msg.endswith("}") and WORD_VALUE.search(msg):
        a.dict_settings = [(k, setting_value(v)) for k, v in DICT_ITEM.findall(msg)]
    elif rec is not None and msg.endswith("}") and "{" in msg and WORD_VALUE.search(msg):
        sl = SETTINGS_LEAD.match(msg)
        if sl and msg[sl.end():].strip().startswith("{"):
            a.dict_settings = [(k, setting_value(v)) for k, v in DICT_ITEM.findall(msg[sl.end():])]
            a.config_said = True
    if rec is not None and ("eta" in msg or "ETA" in msg):
        em = ETA.search(msg)
        if em:
            a.eta = (int(em.group("d") or 0), int(em.group("h")), int(em.group("m")), int(em.group("s")))
    if rec is not None and rec.bar and rec.step is None and rec.epoch is None and "%" in msg and "/" in msg:
        # a tqdm bar with the records' values in its postfix ("806/55000 [00:12<03:45, 2.1it/s, loss=..]") is drawn as
        # a bar is: when its count grows from each record to the next it is the training's bar, the records' step,
        # and its total the planned steps (TextLogParser._training_bar); elapsed<remaining and the rate are timing
        pm = PROGRESS.search(msg)
        if pm and int(pm.group("N")) > 0:
            a.progress = ((pm.group("label") or "").strip(), int(pm.group("n")), int(pm.group("N")))
            tm = TQDM_LEFT.match(msg, pm.end() - 1) if a.eta is None else None
            if tm:
                # its remaining time ("[2:56:51<205:09:29, 13.63s/it, ..]": 205 h to go) is the record's ETA
                a.eta = (0, int(tm.group("h") or 0), int(tm.group("m")), int(tm.group("s")))
    if rec is None:
        pm = PROGRESS.match(msg) if "%" in msg and "/" in msg else None
        if pm and int(pm.group("N")) > 0:
            a.progress = ((pm.group("label") or "").strip(), int(pm.group("n")), int(pm.group("N")))
        elif msg.endswith(":") and len(msg) < 80 and not re.search(r"\d", msg):
            a.heading = msg[:-1].strip()
        elif msg.startswith("***") and METRICS_BANNER.match(msg.strip()):
            # HF Trainer's "***** eval metrics *****" over "  eval_loss = 0.0842" lines: the final results, a group
            # under its heading (a final evaluation: series of one point apart from the evaluations during training)
            a.heading = METRICS_BANNER.match(msg.strip()).group(1)
        elif not has_bar(msg) and re.search(r"\d\.\d|\d[eE][-+]?\d", msg) \
                and not re.search(r"\.py|File \"|0x[0-9a-f]|\(\w+\):|Linear|Conv|Norm|Dropout", msg) \
                and not SPLIT_COUNT_LEAD.match(msg):  # (an evaluation's count on its way: see parse_record)
            a.unparsed = True
    return a


def evaluation_heading(heading: str) -> tuple | None:
    """("val", "phase"[, "test"]) when a heading (a line of words ending in its colon, the colon cut) is an
    evaluation's word and nothing else ("Evaluation", "Validation", "Test"), as :func:`announcement` reads such a line
    (not the title of a group of results, "Evaluation Results", whose key: value lines the heading names)."""
    said = announcement(heading) if len(heading) < 20 and re.fullmatch(r"\W*" + _EVAL_WORD + r"\W*", heading,
                                                                       re.IGNORECASE) else None
    return said if said is not None and said[0] == "val" and said[1] == "phase" else None


def tag_of(key: str, ctx: str) -> str:
    """A held-out record's keys get ``val/`` unless they name their split already; optimizer state (lr,
    momentum, grad norm) printed on an eval line belongs to no split."""
    if ctx == "val" and not split_of(key) and not OPTIMIZER_KEY.search(key):
        return "val/" + key
    return key
