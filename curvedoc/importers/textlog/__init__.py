"""Plain-text training logs: what a training script printed (``train.log``, ``nohup.out``, ``slurm-*.out``,
W&B's captured ``output.log``), for nanoGPT / modded-nanogpt, Megatron-LM, DeepSpeed, fairseq, HF Trainer /
TRL / LLaMA-Factory / ms-swift printed dicts, MMEngine / MMCV, Detectron2, YOLOX, Ultralytics YOLO tables,
Keras and Lightning progress lines, torchtitan, OLMo, AverageMeter loggers and ad-hoc prints.

Source: ``text-log``.

There is no schema, so the reader works from principles that hold across these styles rather than from
one parser per framework:

* **Cleaning.** ANSI colour codes are removed; a ``\\r`` rewrite splits a physical line into renderings
  (each progress-bar refresh is its own rendering); the line prefix a logger or launcher adds (time stamps,
  ``[rank0]:``, ``0: [default0]:``, ``INFO - module:line -``, ``[INFO|...] file.py:157 >>``, the time stamp and the logger's name in one bracket: detectron2's ``[06/07
  02:05:36 d2.evaluation.testing]:``) is cut off -- but a word after the level followed by its colon, a space and a
  number is the message's first pair, not a logger's name (``..-train.py-INFO:epoch: 1, dataset: ..``: the epoch).
* **Pairs.** A number belongs to the words just before it (``key: v``, ``key=v``, ``key v``, ``'key': 'v'``),
  so multi-word keys survive (``lm loss``, ``grad norm``, ``Train Loss``). ``v (avg)`` after a value is the
  running average (AverageMeter). ``n/N`` after a key is a counter with its planned total. A key repeated
  in one line belongs to the split named last (``Val Loss: .. | Token Acc: ..``). The learning rate and a duration
  after held-out keys are no split's (``Val RMSE: .. | LR: 9.99e-04 | Time: 0.6s``). A bare split name used
  as a key (``train 9.85 val 9.84``) is that split's loss, unless its value is a duration (``train 2.2s``,
  ``Eval: 0.0002 s/iter``). A part of a detector's loss named alone beside the loss (``loss 6.86 cls 1.75
  box 0.10``) is that part (``cls_loss``), as YOLO's table columns are. Numbers keep their printed value: exponents,
  ``nan``/``inf``, thousands separators and unit suffixes are read, the unit is not applied; a number printed
  through a library repr (``np.float64(0.69)``, ``tensor(1.23, device='cuda:0')``) is that number (a PSNR
  ``18.33dB`` is 18.33), and so is a value glued to the next key (``top5: 98.98data_time: 0.0004``). A key word in
  capitals is an acronym (``Val PER``), not the filler word it spells; a data set's possessive (LightGBM's
  ``valid's binary_logloss``) names the split. A name with a small index before its ``=`` (``Stage 0 = 1.37(4.34)\tStage
  1 = ..``, ``head 2 = 0.41``) is one series per index (``Stage_0``), the index no value; a heading that names the loss
  before its parts (``Average train loss = Stage 0 = 9.14 ..``) gives the parts' series of its own (``Average train
  loss Stage_0``); an ordinal (``This is 0-th epoch``) is no value.
  A dict printed inside a record (``iter: 10, total_loss: 1.07, .., Dice scores: {'class 1': 0.5}``) adds its items to
  the record's pairs around it (``key: value``, a space after the colon).
* **Tables.** A header line of names followed by rows with as many numbers (Ultralytics YOLO, pycocotools'
  ``copypaste`` CSV lines) is read column by column. Names separated by tabs may hold spaces (pytorch-classification's
  Logger: ``Learning Rate\tTrain Loss\tValid Loss\t..``); a column that names its split (``Valid Acc``) keeps its
  name, the others get the table's ``train/`` or ``val/``. A table drawn with ``|`` between its columns (``epoch |
  train_loss | val_loss`` over `` 1/30 | 3796.1 | 1047.5``) has the bars for the columns' edges; a header announced by
  its word (``columns: epoch train_loss ..``) or commented out (``#Epoch\tTraining Error``) is that header, and a row's position in brackets (``[1] 1.64 1.45 ..``)
  its first cell; an epoch column's whole number is the row's epoch. Names aligned inside one group between bars,
  two spaces or more apart (``lr  iter  epoch | loss  top-1  top-2 | loss  top-1  top-2 |``), are columns of their own,
  each qualified by the word of a group row above the header (``|---- VALID ----|---- TRAIN ----|``); a duration
  cell (``0 hr 06 min``) is no class's name. A record written as a CSV row of names and their
  values one after the other (``Step, 0, Loss, 0.114, PSNR, 9.42,``) lists its pairs: each name with the value after it.
* **Records and templates.** One line is one logger call; lines with the same keys are one *template*,
  i.e. one series family. A line holding a single ``key=value`` right after a position line continues that
  record (OLMo prints one metric per line), unless it repeats a key the record holds (``#80 loss 2.14`` after ``** test
  @ epoch 2: loss .. acc ..``: a record of its own); a number after ``#`` heading a record (``#80 loss 2.14``) is its
  step. Records printed without their newline (``print(.., end=' ')``:
  ``[010] train_loss: .. | dev_loss: .. [011] train_loss: ..``) are one record each: the line is cut where the head
  of its first record (a position in brackets and the same first key) comes again. A checkpoint statement whose only
  number is its position (``Saved validation checkpoint at step 5000``) is no record; a sentence that says where it
  stands (``Saved PixelSNAIL model at epoch 1 with loss: 3.68``) has the epoch as its position, its words up to the
  epoch's name no key, and when such statements are the series' only print each is its point, an epoch the log
  had passed included (a relaunch). A checkpoint named by its file alone (``saved best.pt (PSNR 24.54)``,
  ``model_best.pth``) is such a statement; so is the best model said found (``Best model found at epoch 19 with
  train_loss=0.19``), whose names match the records' in any spelling (``train_loss`` is ``Train Loss``).
  A JSON object printed over several lines (``json.dumps(log, indent=4)``: ``{``, one ``"key": value,`` a line, ``}``)
  is one record, read as the object on one line -- under the line that says its position and split (robomimic's
  ``Train Epoch 1``, ``Validation Epoch 1``) as if printed on it; one that nests objects or lists is a configuration.
* **Position.** A step counter in the line (``step``, ``iter``, ``iteration``, ``num_updates``,
  ``global_step``) is the x axis; else an epoch with an in-epoch counter ``[e][i/N]`` gives the global
  iteration ``(e - first_epoch) * N + i`` (N is part of that clock: records with another N come from another
  job appended to or interleaved with the log, and form their own series, ``key [2]``); else the epoch. The pair
  ``[e][i/N]`` is the epoch and its batch whatever word names it (``Iter: [0][50/391]``, ``TRAINING - Epoch:
  [0][10/97]``), its first epoch the first one its own records print (not a ``Starting Epoch: 1`` heading, which is
  no series); an evaluation's own ``[e][i/M]`` (``EVALUATING - Epoch: [3][10/20]``, ``Epoch(val) [1][50/4016]``)
  is its progress: one result, the last rendering, at the step training reached. A line with no clock of its own takes the
  epoch (or step) of the nearest preceding line when that changed since the template was last printed,
  else its ordinal (a training record's bare count of its planned steps, ``[0 200/75400] loss ..``, is the step it
  reached). When consecutive records of a template share one epoch, the epoch is not their clock
  and the ordinal is used. Successive renderings of one progress bar at one position are one point (the
  last rendering wins). The same record printed again at the same position is an echo (one point) -- the whole record,
  not one value that repeats while its record's other values changed (CycleGAN's records, several an epoch) --, unless a
  configuration was printed between the two (a dozen settings with named choices: an argparse Namespace, a
  config dict): a launch started there, and its records are its own. ``[2,  2000] loss: ..`` (the PyTorch tutorial)
  names the epoch and the batch; Marian's abbreviated ``Ep. 1 : Up. 500`` are the epoch and the step; MXNet's
  ``Epoch[3] Batch [20]`` the epoch and the batch; LightGBM / XGBoost's ``[50]\\t`` the boosting round (the step); clu's metric writer's ``[3570] train_loss=..`` (JAX, vit_jax) the step, as a script's ``[001] train_loss: ..``.
  A resume statement (``Resume training .. from epoch 149``) starts a launch too, and a held-out record at the epoch
  of an earlier one is no echo when another epoch came between (a second training as long as the first).
* **Split.** Each split's loss by its bare name, then quality measures naming no split (``train 0.59 | val 0.54 |
  Acc 0.90 | F1 0.88``): the measures are the evaluation's (``val Acc``); the lr and a duration are no split's.
  ``[eval]``, ``Epoch(val)``, ``valid``/``val``/``test`` context, a held-out word among the first
  words of the line (``Validation Epoch 3: mean loss ..``, ``Test set: ..``) or a heading above a block
  (``Evaluation Results:``) marks a record held-out, never its position (a value written ``nan`` is no word: ``Loss: nan | Val Accuracy: ..``
  opens no held-out record); keys that do not name a split then get a
  ``val/`` prefix, and split words before a clock's name (``Validation Epoch``) are no key. A training word among
  them (``Train: loss_R=..``) makes the record training's, whatever evaluation was announced above it (``Evaluating...``
  then ``Testing...`` each epoch, the three results after them). A test is not the validation: a record whose line
  opens with ``Test`` gets ``test/`` (``Validation: loss_R=..`` then ``Test: loss_R=..`` each epoch are ``val/loss_R``
  and ``test/loss_R``, not one series zig-zagging between the two); so does a block under a banner or after an
  announcement that names a test (``===== Testing =====``, ``Testing...``, ``testing in eval mode``).
* **Printed step.** A step printed beside an epoch and an in-epoch counter (``epoch 19 | iter 3/43 | step 820``)
  is the x axis, and the counter counts inside the epoch; on a log whose training clock is the printed step, a
  record that names only its epoch (a validation per epoch) is placed at the step training had reached when it
  was printed. Read whole, in chunks or from any line onward, the series on the printed step are the same
  (tests/test_textlog_readings.py).
* **Settings, not series.** An argparse ``Namespace(..)`` line, a dict of settings as the first record (a dict said
  to be the configuration, ``config: {"task": "crop", "epochs": 20}``, wherever it is printed: printed again after
  records it starts a launch, its ``epochs`` that launch's plan), a line of
  settings (a dozen, or half a dozen with a named choice, or under ``hyperparameters:``), a block under a heading
  such as ``Configuration:``: hyperparameters. A YAML config dump (``Running with config:``, or a config file's text after
  ``Loaded configuration file x.yaml``) is settings to its end, its nested groups (``SOLVER:`` over ``  MAX_ITER: ..``),
  comments and list items included, each named by its path (``SOLVER/MAX_ITER``); printed again by a later launch,
  the last printed is in force. A configuration printed one setting a line (``for k, v in vars(args).items():
  logger.info(f"{k}: {v}")``, SwAV's one message over many lines) -- half a dozen or more lines of one setting each,
  one after the other, each key once, two named choices or more among them (``adam``, ``True``, a path) -- is
  settings and a launch, never series with a point per launch; a named choice alone on its line continues no record.
  Printed in colour (detectron2 highlights its YAML), it is read by its text, the
  colour codes hiding neither its indentation nor its list items. A planned number of iterations set there (``MAX_ITER``, ``max_iters``, ``max_steps``)
  is the plan when the log's steps stay within it and no other budget (epochs, a time limit) is set beside it. Model summaries (``Model summary``, ``models.common.C3``, a layer table's tensor shapes ``416 x 416 x 3``, a model
  printed by PyTorch one child module a line: ``(fc1): Linear(in_features=12544, out_features=1024, bias=True)``), a
  config written as Python source (MMCV / MMEngine: ``logger=dict(type='LoggerHook', interval=50),``), an HTTP
  status (``HTTP/1.1 404``), a warning of Python's (``dataloader.py:478: UserWarning: ..``), a GPU's model name (``NVIDIA GeForce GTX 1660 Ti``) and
  dataset scans (``images and labels...``) are nothing. A value printed once with no clock is a setting, unless it
  names an evaluation (a held-out key, a loss or a quality metric: a single final evaluation is a series of one
  point; HF Trainer's ``***** eval metrics *****`` banner heads such a group). A model's parameter count
  (``Total params: 39,344``, ``Trainable parameters: 258``) is no series; a tuple of strings printed whole
  (``('Cell type: LSTM', 'Drop Input: 0.1')``) holds settings; what W&B prints itself is
  no record, and its ``Run summary:`` rows are the run's summary (``meta["summary"]``), not one more point.
* **Key | value tables.** Stable-Baselines3 / OpenAI baselines print each logger record as ``| key | value |`` rows
  between rule lines, section rows (``rollout/``, ``train/``) naming the keys under them: one record per table, at
  its ``total_timesteps``.
* **Announced evaluations.** A line that says an evaluation starts and nothing else (``Eval begin...``, ``Start
  testing``) holds out the records after it until the next epoch, and inside it a record's own ``step n/N`` is the
  evaluation's progress (its last rendering holds the result); a command running an evaluation script (``python
  tools/infer.py``) holds out its launch. A line that says its epoch is over (``epoch: 3 done, loss: ..``) is that
  epoch's summary, a series apart from the records printed during the epoch; so is a line that says again, with
  only its epoch, the training keys records with a batch inside the epoch print (MXNet's ``Epoch[3] Train-Acc=..``).
  A banner naming a split (``===== validate epoch 2 =====``, ``---- Testing ----``, ``*** Epoch 3 evaluation ***``)
  holds out the records under it up to the next banner or announcement, or a record at another epoch than the
  block's first (training went on with no banner of its own); a banner naming training ends the block.
* **An epoch said on its own line.** ``step 10/614 - loss: ..`` under ``Epoch 2/10`` (Paddle hapi, Keras) counts
  inside that epoch once it starts again as the epoch advances: laid end to end ((epoch - first) * N + step), as
  when the epoch is on the record's own line. Records of ``[e][i/N]`` that are all at the end of their epoch (the
  last rendering of each epoch's bar, ``5005/5005``) are one point per epoch, placed on the epoch: a run resumed with
  another epoch length stays one series.
* **Keras' progress bar.** What it shows at batch b (``12/35 [===>...] - ETA: 9s - loss: ..``, ``12/35 ━━━━ 9s
  60ms/step - loss: ..``, or in ``=`` with no brackets where ``━`` cannot be drawn) is the epoch's running mean: its
  renderings in an epoch are one point, the epoch's, the value of the line that closes the bar (with the validation
  keys when there are some), as Keras' History holds it.
* **A console's progress bar.** HF Trainer / TRL print their log dicts (``{'loss': 1.19, .., 'epoch': 0.01}``,
  ``{'eval_loss': ..}``) with no step, between the redraws of a tqdm bar over the optimizer steps (``33%|███▎ |
  4364/13278 [26:15<45:51, 3.24it/s]``): each such record is on the count of the training bar when it was written,
  the bar's total is the planned number of steps (``max_steps``) and its last count the step the run reached
  (``global_step``), so a console that stops mid-bar reads as a run stopped before its plan. The training bar is the
  one whose count grows from each record to the next over the records of one template (the one printed most often):
  another loop's bar (an evaluation's ``50/50``, a data set's ``Map: .. 1000/1000``, checkpoint shards) is at its end
  or starts again whenever a training record is printed; a bar is known by its description and its total. The count
  is the one drawn last before the record, unless tqdm.write cleared the bar there: a rendering of spaces followed by
  the same bar at the same count marks where a message was written, and records take these marks in order -- a
  redirected job's stdout is buffered, so its dicts can reach the file in bursts long after the steps the bar drew
  (the bar is on stderr). With no bar, or none that grows across the records, they keep their clock (the ordinal).
* **Counters inside the epoch.** A step that climbs inside an epoch and starts again as the epoch advances (``TRAIN in
  epoch 3 , step 750``, ``[E2] step 0``, or under an ``Epoch 3`` heading; no epoch length printed) counts inside the
  epoch, and the epochs are laid end to end on one clock: each as long as the log shows it (the top a climb reaches,
  less the count the next starts at, plus the interval between prints: ``0 .. 400`` every 100 is 500 steps; the
  stated total when there is one). It is no restart; records that name only their epoch go at the step training
  reached; an epoch that goes back starts another training's clock. A step printed once per epoch, a held-out
  record's step (the evaluation's own batches) and a step under an epoch another record printed with its values
  stay as printed -- unless the step printed once per epoch stands still as the epoch advances (``epoch: 3 iter: 45``
  each epoch): a count inside the epoch, the epochs laid end to end (45, 90, ..). An RL script's ``Episode N`` is its records' position.
* **Plans.** A record that states another plan of epochs than the one in force (``Epoch: 0/12`` after ``Epoch:
  29/50``) starts a launch, and each launch read apart by :func:`~.reader.read` keeps its own plan (``num_epochs``)
  and its own early-stopping statement (``early_stopped``). The first plan stated after records that stated none,
  at an epoch before the one they reached (``Epoch #199: ..`` then ``Epoch 10/100: ..``: a second stage printed after
  the first), starts a training of its own: read apart, no rerun of the first (no ``restart``), the first with no
  plan. A checkpoint statement naming an epoch the training is past (``Loaded best model from epoch 185 (val_loss=
  ..)``) restates that epoch's record: the run's best (``summary``), no new point. A number of epochs said in words before the first record
  (``bits GRU, 30 epochs``, ``Training for 30 epochs``) is the plan, and so it is said beside the settings the run
  uses (``link-budget MLP: 40 epochs, lr=0.002, batch 64``: the plan and settings, no record, when nothing on the line
  is measured); a bare fraction heading each record (``12/30
  train_loss: ..``) whose total is the plan of epochs the log stated -- or, with no plan stated, heading a record that
  holds the evaluation's values beside training's (``[09/30] train_loss: .. val_loss: ..``, bracketed or not) -- is the
  epoch (under an ``Epoch 3/10`` line of its
  own, a fraction counts the epoch's batches).
* **An evaluation's own bar.** A tqdm bar named by its loop (``validating...``, ``Evaluating``) holds its records
  out; between training records on a step its renderings are one result (the last drawn) at the step reached.
* **Restarts.** A clock that goes back -- a printed step, a printed epoch, or the epoch of the heading above the
  records (Keras' ``Epoch 3/15`` before its line: several fit() calls appended to one file) -- is a ``restart``
  import issue: every point is kept, the runs are not read as one curve. Launches appended to one log (a
  configuration, Namespace or 'Starting training' printed again, then the clock back at its start) are read as one
  run each by :func:`~.reader.read` (``train.log#1``, ``#2``: ``meta["segment"]``, the ``segments`` and ``restart``
  issues, as a table holding several runs is split); a clock that goes back to a later point and goes on is a resume,
  one run. A clock back at (or below) the value its launch started at is a launch of its own even with nothing
  printed before it (a script's output appended to the log, ``Step, 143, ..`` then ``Step, 0, ..``), as a table's
  counter back at its start is, when each launch holds a few records -- all it printed counts: two epochs of a
  result per data set each are a launch; across a launch printed again, a clock that stays at its start (launches each
  stopped in their first epoch) is back at its start too. A title framed by rules that names a date or a time
  (CycleGAN's ``================ Training Loss (<date>) ================``, ``----- [START <date>] -----``) is the
  banner a script writes as it starts: a launch, no record; so is such a title naming one run of several with a
  number (``=== run lr=0.01 ===``, ``---- fold 2 ----``), the settings it names that run's. Keras 2's ``Train on N samples`` opens every fit(), as 'Starting training' ('=== Training started ===',
  'Training Session Started: <date>') opens a script's launch. The same statement that a training starts printed
  again (numbers aside: 'Starting training at <date>') with no clock going back to say so -- launches stopped before
  they logged much -- is a ``restart`` issue too, unless the clock goes on across it (its first point after the
  statement past its last before: a banner printed at each phase is one launch); statements
  that differ in words ('Start training P-Net', then 'R-Net') start different trainings. A step printed as
  ``Batch 0/15`` that stands still while the epoch advances counts inside the epoch, as one that goes back does.
  The same value printed once by each launch (a start banner's ``Num examples``) is a setting; a count written with the
  noun of what it counts (``Loaded 4699 samples``, ``train: 3709 samples``, ``Found 1200 images``) is a set's size,
  no series. An HF
  console whose ``'epoch'`` goes back was resumed from a checkpoint: its training bar, drawn again from the step it
  resumed at, stays the clock.
* **Names and abbreviations.** A key starts with a letter of any alphabet (``ε: 0.05``, ``λ=0.1``, ``β1``); an
  abbreviated epoch heading a record (``e:3``, ``e 005 |``, ``Ep 3``) or ``Itr 120`` is the record's position, and
  ``epoch:3`` at a line's start is no logger's ``name:lineno``; a bare number heading a record of ``key=value``
  pairs (``  4  loss=1.53  val_acc=0.40``) is its position, two (``0\\t5\\tloss=..``) its epoch and step. Of two
  epochs in brackets on a line, the first with no counter (an iteration runner's ``data epoch: [0]; inner epoch [3]
  [24/25]``), the later with its counter is the record's clock. A
  split's ``loss / acc`` pair (``train 2.99 / 35.7%``, ``dev 2.31 / 0.095``) is its loss and its accuracy, and so is a split's value with a percentage in parentheses
  (``train 2.1616  (22.2%)   eval 2.0390  (41.8%)``). A tqdm
  bar with the records in its postfix is drawn as a bar is: when its count grows from record to record it is their
  step and its total the plan (``806/55000``: unfinished) -- drawn twice at one count (the bar counts the step,
  then the postfix shows its loss) it is one point, the last rendering; its elapsed<remaining and rate are timing, and
  the remaining time of that training bar when the log ends is its ETA (``[2:56:51<205:09:29, ..]``: 205 h left; a
  sweep's bar over its trials is no training's). The text a model generated, under ``Predict:`` / ``Target:`` /
  ``Generated:``, is words, not records, up to a rule, a bar drawn again, a record with its position or a logged line.
* **Sentences.** ``Test accuracy after 15 steps: 30.2%`` is the test accuracy at step 15; ``top 1 acc: ..`` /
  ``Top 5 Error`` are one name each (``top-1 acc``), not a key ``top`` and a rank. ``avg loss so far is 0.11``: the
  verb joins key and value (``.. with Adam is test acc: 76.8%``: the
  key is the subject after the verb); a sentence's full stop is no part of the
  number; ``2497/10042=0.2487`` is 0.2487; the counts in parentheses after a value (``10.4% (1040 / 10000)``) are no
  position.
* **Said in a sentence, listed, weighted.** A sentence that sets the learning rate (torch's verbose scheduler:
  ``Adjusting learning rate of group 0 to 1.0000e-03.``, ``learning_rate changed to 0.0045``) gives the ``lr``, the
  group's number no value; names listed before as many values (``IS, FID: 1.666, 341.353``) map one to one; a term of the
  loss printed with its weight and named like the total (Caffe's ``Train net output #3: loss = 9.27 (* 1 = 9.27 loss)``
  beside the solver's ``Iteration 500, loss = 8.90``) is the ``loss term``, not a second point of the total.
* **Table columns.** A header's columns map one to one (``mAP@.5`` and ``mAP@.5:.95`` are two); a training table's
  columns named by a part of the loss alone (YOLO's ``box obj cls``) are that loss (``box_loss``).
* **Not text.** A file whose first bytes are a binary format's (gzip, zip, NumPy, SQLite, pickle...) or which holds
  control bytes a printed log does not is refused as not a text log, whatever its name.
* **Encodings.** UTF-8, UTF-16 (a BOM, or NULs at odd offsets). A file that is not UTF-8 (three invalid sequences
  or more, more than its valid multi-byte characters) but decodes cleanly as GB18030 (GBK: a Windows console in
  China), else as Windows-1252, else Latin-1, is read in that encoding, said in an ``encoding`` note; one whose lines
  are each UTF-8 or GB18030 (a logging handler writing the console's code page beside UTF-8 prints) is decoded line
  by line. Full-width
  punctuation (``当前损失值：10.11``, ``，``) is the ASCII separator it stands for, a Latin word right after CJK
  characters is a word of its own (``当前epoch:0/50``), and ``current``/``当前`` before a clock's name is no key.
* **Crashes.** A traceback, out-of-memory, kill or signal message after the last logged point becomes a
  ``crash`` import issue (``killed`` when the traceback ends in an interrupt or a signal; rule I003 reads it). The
  lines of a traceback are no records: its frames (``  File "train.py", line 88, in main``), the source line under
  each, and its last line, the exception (``FloatingPointError: validation loss is nan at epoch 3``), which the
  crash quotes.
* **Time left.** The ETA of the last progress record (``eta: 13:02:11``), when it still expects more than three
  logging intervals and a minute of training, is kept as ``meta["eta_at_end_s"]`` (rule S002 reads it).
* **Inside an epoch.** A log whose last point is a training record printed well inside an epoch (``[100/188]``,
  more than two logging intervals and 2% of the epoch to go) is kept as ``meta["ends_inside_epoch"]`` (rule S002).
* **Nothing after the records.** A log whose last line with any text is its last record (no closing summary, test
  score, 'done' or error after the training loop) is marked ``meta["ends_on_record"]`` (rule I003 reads it beside
  a stated plan the run fell short of).
* **Resumes.** A statement that training went on from a saved state (``Starting training from iteration 5500``,
  ``Continuing training from checkpoint``, ``resumed from ... at step N``) becomes a ``resumed`` issue (rule I001),
  even when no step is written twice; a setting such as ``resume_from = None`` is not a statement. So is a saved
  model said found or loaded with training said to go on from it (``Model found at path .._i16000.pdparams, pursuing
  the training``, ``Checkpoint loaded, continuing training``).
* **Two streams in one file.** A record another logged line was written into (a framework's stderr inside the
  script's stdout: ``Global Iter: 35000 training loss: 2017-06-21 05:44:29.03: I tensorflow/..``, ``Glo2017-06-21 ..``)
  is damaged: its values are not read (the number before the cut may have lost its last digits, or be the intruder's
  year), the intruder is read as the line it is, and the cut record's rest printed after it (``bal Iter: 15300
  training loss: 1.99``) is no series; a ``bad-lines`` note says so (rule I002 reads it). A date's year is no value.
* **Per split, per class.** ``Top-k Acc → Train: 0.02, Val: 0.34`` names the metric qualified by the split (``Train
  Top-k Acc``, ``Val Top-k Acc``), never the split word alone; a line headed by its class (``Class 1: ..``, ``class 2 |
  acc: ..``) gives that class's series (``Val Class 1 Top-k Acc``), the class's number no value. A test's results
  printed as a dict after the words naming their set (``Test Metrics - HeadMic metrics: {..}``) are that set's
  (``test/HeadMic accuracy``), not points of one series across the sets; so is a record that names the data set it
  was measured on by a word after ``dataset`` / ``data_set`` / ``benchmark`` (``epoch: 1, dataset: Kvasir, dice:
  0.21``: ``Kvasir dice``), the name set off by a separator (``Test set: Average loss`` names no set).
* **Rows of bare numbers.** A file of nothing but rows of as many numbers (``print(epoch, loss, acc)``: ``0 0.2027
  0.8718``), no word naming them, is read column by column, named by place as a headerless CSV's (``column_2``; one
  column takes the file's name), a first column counting by one being the rows' step; no word says which is the loss,
  so none takes a role (the ``no-header`` warning says how to name one). A first line naming the columns is a table.
  A file named in the plural for what its rows hold (``losses.txt``) names a loss a row; a counter's word glued to its
  count heading each row (``epoch1<TAB>0.2549``) is the row's position; a file that is one list of numbers (``[0.55,
  0.55, ..]``: ``print(losses)``) is one series of its items; rows followed only by the program's last words (a
  launcher's warnings, a traceback) are the log, the traceback its crash. In a folder, a text file named after the
  quantity it holds is a log though its content names nothing -- a dump beside the folder's own log is mentioned, not
  a second run.
* **Cut inside the last record.** A log whose last line stops, without its line end, inside a record of the shape
  printed just before it (numbers aside: ``step=229 ,loss=..`` then ``st``) was cut while that record was written --
  the job stopped mid-write, or its buffered output never reached the file: a ``truncated-record`` note (info; a
  warning when the file is a whole number of 4 KiB blocks, where more may be lost), the cut record not read.
* **Nothing silent.** Lines that hold numbers but no readable pair are counted and reported.

Memory is bounded by the series, not the file: the file is decoded and parsed incrementally.

Speed comes from reading each *shape* of line once. A log prints the same few lines with other numbers in
them; the reading of a line (:func:`analyse`, pure) is kept as a plan for the later lines of its shape (each
digit written 0), whose numbers are taken from the same places once three probes have shown that the reading
does not depend on their digits (:class:`Plan`). Numbers that change width from line to line (``%g``, rounded
reprs) make many shapes of one *family*; a new shape gets the plan of a planned line of its family when a probe
of it reads alike, and without a reading once its widths have all read alike (:class:`Template`). Records whose
effect on the parser's state is known in advance (a record on a step or epoch clock, an epoch line, a record
with no clock) are held back and applied in batches, their numbers converted as columns
(:meth:`TextLogParser.flush`); everything else is applied one by one, in its place. Reading with and without
plans gives the same result (``read_text_log(reuse=False)``; tests/test_textlog_shapes.py compares them).

The package, by section: :mod:`.records` is the reference reading (what one line means, one line at a time:
cleaning, pairs, records, tables; :func:`~.records.analyse`); :mod:`.decoding` gives a file's lines;
:mod:`.shapes` (plans, families, numbers as columns) and :mod:`.batches` (lines held back and applied together)
are the fast path, checked against the reference reading; :mod:`.series` holds the points collected;
:mod:`.parser` applies each reading to the parser's state and builds the frame; :mod:`.reader` reads a file.
The reference reading never imports the fast path.
"""

from curvedoc.importers.textlog.decoding import CHUNK, MAX_LINE
from curvedoc.importers.textlog.growing import GrowingTextLog
from curvedoc.importers.textlog.parser import TextLogParser
from curvedoc.importers.textlog.reader import SOURCE, console_ending, read, read_text_log
from curvedoc.importers.textlog.records import Line, Rec, analyse, parse_record, strip_prefix
from curvedoc.importers.textlog.shapes import MAX_BATCH

__all__ = ["CHUNK", "MAX_BATCH", "MAX_LINE", "SOURCE", "Line", "Rec", "TextLogParser", "analyse", "console_ending",
           "parse_record", "read", "read_text_log", "strip_prefix", "GrowingTextLog"]
