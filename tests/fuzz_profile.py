"""Shared fuzzing machinery for the importer fuzz tests and ``scripts/fuzz_atheris.py``.

* Hypothesis profiles: ``ci`` (default; deterministic, small, the whole fuzz suite well under a
  minute or two) and ``long`` (``CURVEDOC_FUZZ=long``; random, 50x the examples). ``examples(n)``
  scales a per-test example count by the active profile.
* ``time_limit(seconds)``: SIGALRM-based bound on one example. It raises :class:`FuzzTimeout`, a
  ``BaseException``, so a reader's broad ``except Exception`` cannot swallow it.
* ``TARGETS``: one small VALID run per importer input (event files TF1/TF2, CSV generic /
  Lightning / Keras / YOLO, JSONL, Detectron2 ``metrics.json``, Keras history, ``trainer_state.json``,
  MLflow metric file and ``meta.yaml``, Lightning ``hparams.yaml``, W&B ``.wandb``), each naming the
  one file that gets fuzzed. Built from scratch here (no shared data needed).
* ``mutate(data, ops)``: bit flips, truncations, chunk duplication / deletion, random inserts,
  splices with another seed, hostile-number substitution. Pure function of its arguments, so
  Hypothesis shrinks it and atheris can drive it from raw bytes.
* ``check_contract(target, data)``: write the run with ``data`` as the fuzzed file, read it with
  ``read_spec`` (and through discovery with ``load_all``) and assert the importer contract: Run(s)
  or a ``LoadError`` naming a file and a reason; never any other exception, never a reader crash
  wrapped as ``internal-error``, never a hang.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import signal
import struct
import tempfile
import threading
import traceback
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

# ------------------------------------------------------------------------------------------ profiles

_HC = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
       HealthCheck.function_scoped_fixture, HealthCheck.large_base_example]
settings.register_profile("ci", deadline=None, derandomize=True, suppress_health_check=_HC, database=None,
                          print_blob=True)
# the long profile keeps its failure database outside the repository (replays failures on the next run)
_DB = os.environ.get("CURVEDOC_FUZZ_DB") or os.path.join(tempfile.gettempdir(), "curvedoc-hypothesis-db")
settings.register_profile("long", deadline=None, derandomize=False, suppress_health_check=_HC, print_blob=True,
                          database=DirectoryBasedExampleDatabase(_DB))
PROFILE = os.environ.get("CURVEDOC_FUZZ", "ci").strip().lower() or "ci"
if PROFILE not in ("ci", "long"):
    PROFILE = "ci"
settings.load_profile(PROFILE)
SCALE = 50 if PROFILE == "long" else 1
# one example must never take longer than this (a generous bound: a hang is minutes, not seconds)
EXAMPLE_SECONDS = float(os.environ.get("CURVEDOC_FUZZ_TIMEOUT", "20"))


def examples(n: int) -> int:
    """Per-test example count scaled by the active profile."""
    return n * SCALE


# ------------------------------------------------------------------------------------------ timeouts


class FuzzTimeout(BaseException):
    """One example exceeded its time bound (BaseException: readers' ``except Exception`` won't eat it)."""


@contextlib.contextmanager
def time_limit(seconds: float, what: str = "example"):
    """Raise :class:`FuzzTimeout` in the main thread after ``seconds`` (no-op where SIGALRM is missing)."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        raise FuzzTimeout(f"{what} took longer than {seconds:g} s (hang?)")

    old = signal.signal(signal.SIGALRM, handler)
    prev = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        if prev and prev[0]:
            signal.setitimer(signal.ITIMER_REAL, *prev)


# ------------------------------------------------------------------------------------------ encoders


def _varint(v: int) -> bytes:
    v &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def pb_varint(field_no: int, v: int) -> bytes:
    return _varint(field_no << 3) + _varint(v)


def pb_bytes(field_no: int, b: bytes | str) -> bytes:
    if isinstance(b, str):
        b = b.encode()
    return _varint(field_no << 3 | 2) + _varint(len(b)) + b


def pb_double(field_no: int, x: float) -> bytes:
    return _varint(field_no << 3 | 1) + struct.pack("<d", x)


def pb_float(field_no: int, x: float) -> bytes:
    return _varint(field_no << 3 | 5) + struct.pack("<f", x)


def _crc32c(b: bytes) -> int:
    try:
        import google_crc32c

        return google_crc32c.value(b)
    except ImportError:  # pragma: no cover - a dependency of curvedoc
        crc = 0xFFFFFFFF
        for byte in b:
            crc ^= byte
            for _ in range(8):
                crc = (crc >> 1) ^ (0x82F63B78 & -(crc & 1))
        return crc ^ 0xFFFFFFFF


def _masked(b: bytes) -> int:
    c = _crc32c(b)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def tfrecord(payload: bytes) -> bytes:
    h = struct.pack("<Q", len(payload))
    return h + struct.pack("<I", _masked(h)) + payload + struct.pack("<I", _masked(payload))


def tf_event(step: int | None = None, wall: float = 1.7e9, *, version: str | None = None, values=()) -> bytes:
    """An ``Event`` protobuf: ``values`` are ``Summary.Value`` messages (bytes)."""
    b = pb_double(1, wall)
    if step is not None:
        b += pb_varint(2, step)
    if version is not None:
        b += pb_bytes(3, version)
    if values:
        b += pb_bytes(5, b"".join(pb_bytes(1, v) for v in values))
    return b


def tf1_value(tag: str, x: float) -> bytes:
    return pb_bytes(1, tag) + pb_float(2, x)


def tf2_value(tag: str, x: float) -> bytes:
    """A TF2 ``tf.summary.scalar``: a rank-0 DT_FLOAT tensor with the ``scalars`` plugin."""
    tensor = pb_varint(1, 1) + pb_bytes(2, b"") + pb_bytes(4, struct.pack("<f", x))
    meta = pb_bytes(1, pb_bytes(1, "scalars"))
    return pb_bytes(1, tag) + pb_bytes(8, tensor) + pb_bytes(9, meta)


def event_file(values_of_step, n: int = 40) -> bytes:
    out = tfrecord(tf_event(wall=1.7e9, version="brain.Event:2"))
    for s in range(n):
        out += tfrecord(tf_event(s * 10, 1.7e9 + s, values=values_of_step(s)))
    return out


WANDB_BLOCK = 32768


def wandb_log(records: list[bytes]) -> bytes:
    out = bytearray(b":W&B" + struct.pack("<H", 0xBEE1) + b"\x00")
    for rec in records:
        data, first = rec, True
        while True:
            room = WANDB_BLOCK - len(out) % WANDB_BLOCK
            if room < 7:
                out += b"\x00" * room
                continue
            frag, data = data[: room - 7], data[room - 7:]
            last = not data
            kind = 1 if first and last else 2 if first else 4 if last else 3
            out += struct.pack("<IHB", zlib.crc32(bytes([kind]) + frag), len(frag), kind) + frag
            first = False
            if last:
                break
    return bytes(out)


def _wandb_item(key: str, value) -> bytes:
    return pb_bytes(1, pb_bytes(2, key) + pb_bytes(16, json.dumps(value)))


def wandb_file(n: int = 40) -> bytes:
    recs = [pb_bytes(5, pb_bytes(1, pb_bytes(1, "lr") + pb_bytes(16, json.dumps(0.001))))]
    for s in range(n):
        items = {"loss": _loss(s), "lr": 0.001, "nested": {"acc": 0.5 + s / 100}, "_step": s,
                 "_timestamp": 1.7e9 + s, "_runtime": float(s)}
        body = b""
        for k, v in items.items():
            if isinstance(v, dict):
                for kk, vv in v.items():
                    body += pb_bytes(1, pb_bytes(2, k) + pb_bytes(2, kk) + pb_bytes(16, json.dumps(vv)))
            else:
                body += _wandb_item(k, v)
        recs.append(pb_bytes(2, body + pb_bytes(2, pb_varint(1, s))))
    recs.append(pb_bytes(18, pb_varint(1, 0) + pb_varint(2, 12)))
    return wandb_log(recs)


# ------------------------------------------------------------------------------------------ seeds


def _loss(s: int) -> float:
    return round(2.3 * math.exp(-s / 15) + 0.1 + 0.01 * ((s * 7919) % 13) / 13, 6)


def _csv_generic(n=40) -> bytes:
    rows = ["step,train/loss,val/loss,lr"]
    rows += [f"{s * 10},{_loss(s)},{_loss(s) + 0.1 if s % 5 == 0 else ''},{1e-3 * (1 - s / n):.6g}" for s in range(n)]
    return ("\n".join(rows) + "\n").encode()


def _csv_lightning(n=40) -> bytes:
    rows = ["epoch,step,train_loss_step,val_loss,lr-Adam"]
    for s in range(n):
        rows.append(f"{s // 10},{s * 5},{_loss(s)},,")
        if s % 10 == 9:
            rows.append(f"{s // 10},{s * 5},,{_loss(s) + 0.2},")
        if s % 10 == 0:
            rows.append(f",{s * 5},,,0.001")
    return ("\n".join(rows) + "\n").encode()


HPARAMS_YAML = b"""lr: 0.001
batch_size: 64
model:
  hidden: [128, 64]
  dropout: 0.1
optimizer: adam
loss_fn: !!python/name:torch.nn.functional.cross_entropy ''
"""


def _csv_keras(n=20) -> bytes:
    rows = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    rows += [f"{e},{0.5 + e / 50:.4f},{_loss(e)},{0.45 + e / 60:.4f},{_loss(e) + 0.15}" for e in range(n)]
    return ("\n".join(rows) + "\n").encode()


def _csv_yolo(n=20) -> bytes:
    head = ["epoch", "train/box_loss", "train/cls_loss", "train/dfl_loss", "metrics/mAP50(B)", "val/box_loss", "lr/pg0"]
    rows = [",".join(f"{h:>20}" for h in head)]
    for e in range(n):
        vals = [e, _loss(e), _loss(e) / 2, 1.1, 0.1 + e / 40, _loss(e) + 0.1, 0.01]
        rows.append(",".join(f"{v:>20}" for v in vals))
    return ("\n".join(rows) + "\n").encode()


def _jsonl(n=40) -> bytes:
    lines = [json.dumps({"step": s * 10, "loss": _loss(s), "lr": 1e-3, "eval": {"loss": _loss(s) + 0.1}})
             for s in range(n)]
    return ("\n".join(lines) + "\n").encode()


def _detectron2(n=40) -> bytes:
    lines = []
    for s in range(n):
        d = {"data_time": 0.01, "eta_seconds": 100 - s, "fast_rcnn/cls_accuracy": 0.9, "iteration": s * 20 + 19,
             "loss_box_reg": _loss(s) / 3, "loss_cls": _loss(s) / 2, "lr": 0.02, "total_loss": _loss(s), "time": 0.3}
        lines.append(json.dumps(d))
    return ("\n".join(lines) + "\n").encode()


def _keras_history(n=20) -> bytes:
    return json.dumps({"loss": [_loss(e) for e in range(n)], "val_loss": [_loss(e) + 0.1 for e in range(n)],
                       "accuracy": [0.5 + e / 50 for e in range(n)]}).encode()


def _trainer_state(n=40) -> bytes:
    hist = []
    for s in range(1, n + 1):
        hist.append({"epoch": s / n, "grad_norm": 1.0 + s / 10, "learning_rate": 5e-5 * (1 - s / n),
                     "loss": _loss(s), "step": s * 10})
        if s % 10 == 0:
            hist.append({"epoch": s / n, "eval_loss": _loss(s) + 0.1, "eval_runtime": 1.0, "step": s * 10})
    hist.append({"epoch": 1.0, "step": n * 10, "total_flos": 1e15, "train_loss": 0.5, "train_runtime": 100.0,
                 "train_samples_per_second": 10.0, "train_steps_per_second": 1.0})
    state = {"best_metric": None, "epoch": 1.0, "global_step": n * 10, "is_hyper_param_search": False,
             "log_history": hist, "logging_steps": 10, "max_steps": n * 10, "num_train_epochs": 1,
             "total_flos": 1e15, "train_batch_size": 8, "trial_name": None, "trial_params": None}
    return json.dumps(state, indent=2).encode()


def _mlflow_metric(n=40) -> bytes:
    return "".join(f"{1700000000000 + s * 1000} {_loss(s)} {s * 10}\n" for s in range(n)).encode()


MLFLOW_META = b"""artifact_uri: file:///tmp/mlruns/0/abc/artifacts
end_time: 1700000040000
entry_point_name: ''
experiment_id: '0'
lifecycle_stage: active
run_id: abc
run_name: fuzz-run
source_name: ''
source_type: 4
source_version: ''
start_time: 1700000000000
status: 3
tags: []
user_id: someone
"""


WANDB_CONFIG = b"""wandb_version: 1
_wandb:
  desc: null
  value:
    cli_version: 0.16.0
lr:
  desc: null
  value: 0.001
optimizer:
  desc: null
  value:
    name: adam
    betas: [0.9, 0.999]
"""


def _wandb_history_jsonl(n=40) -> bytes:
    lines = [json.dumps({"loss": _loss(s), "lr": 1e-3, "_step": s, "_runtime": s, "_timestamp": 1.7e9 + s})
             for s in range(n)]
    return ("\n".join(lines) + "\n").encode()


@dataclass
class Target:
    """One valid run on disk; ``fuzz`` names the file whose bytes the fuzzer replaces."""

    name: str
    fmt: str
    files: dict[str, bytes]
    fuzz: str
    root: str = "."          # relative folder (or file) that is the spec root
    spec_files: list[str] = field(default_factory=list)

    @property
    def seed(self) -> bytes:
        return self.files[self.fuzz]

    def write(self, base: Path, data: bytes | None = None) -> object:
        """Write the run under ``base`` with ``data`` as the fuzzed file; return the RunSpec."""
        from curvedoc.importers._base import RunSpec

        for rel, content in self.files.items():
            p = base / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data if (rel == self.fuzz and data is not None) else content)
        root = base / self.root
        return RunSpec(root, self.name, self.fmt, [base / f for f in (self.spec_files or [self.fuzz])])


EVENT_NAME = "events.out.tfevents.1700000000.host.123.0"


def _targets() -> dict[str, Target]:
    t = [
        Target("tfevents-tf1", "tfevents",
               {EVENT_NAME: event_file(lambda s: [tf1_value("train/loss", _loss(s)), tf1_value("lr", 1e-3)])},
               EVENT_NAME),
        Target("tfevents-tf2", "tfevents",
               {f"train/{EVENT_NAME}": event_file(lambda s: [tf2_value("epoch_loss", _loss(s))]),
                f"validation/{EVENT_NAME}.v2": event_file(lambda s: [tf2_value("epoch_loss", _loss(s) + 0.1)], 10)},
               f"train/{EVENT_NAME}", spec_files=[f"train/{EVENT_NAME}", f"validation/{EVENT_NAME}.v2"]),
        Target("tfevents-hparams-yaml", "tfevents",
               {EVENT_NAME: event_file(lambda s: [tf1_value("loss", _loss(s))], 10), "hparams.yaml": HPARAMS_YAML},
               "hparams.yaml", spec_files=[EVENT_NAME]),
        Target("csv-generic", "csv", {"log.csv": _csv_generic()}, "log.csv"),
        Target("csv-lightning", "csv", {"metrics.csv": _csv_lightning(), "hparams.yaml": HPARAMS_YAML}, "metrics.csv"),
        Target("lightning-hparams-yaml", "csv", {"metrics.csv": _csv_lightning(10), "hparams.yaml": HPARAMS_YAML},
               "hparams.yaml", spec_files=["metrics.csv"]),
        Target("csv-keras", "csv", {"training.log": _csv_keras()}, "training.log"),
        Target("csv-yolo", "csv", {"results.csv": _csv_yolo()}, "results.csv"),
        Target("jsonl", "json", {"log.jsonl": _jsonl()}, "log.jsonl"),
        Target("detectron2", "json", {"metrics.json": _detectron2()}, "metrics.json"),
        Target("keras-history", "json", {"history.json": _keras_history()}, "history.json"),
        Target("trainer-state", "hf-trainer-state",
               {"checkpoint-400/trainer_state.json": _trainer_state(),
                "checkpoint-400/training_args.json": b'{"max_grad_norm": 1.0, "learning_rate": 5e-05}'},
               "checkpoint-400/trainer_state.json", root="."),
        Target("mlflow-metric", "mlflow",
               {"meta.yaml": MLFLOW_META, "metrics/loss": _mlflow_metric(), "metrics/eval/loss": _mlflow_metric(5),
                "params/lr": b"0.001", "tags/mlflow.runName": b"fuzz-run"},
               "metrics/loss", spec_files=["meta.yaml"]),
        Target("mlflow-meta-yaml", "mlflow",
               {"meta.yaml": MLFLOW_META, "metrics/loss": _mlflow_metric(10), "params/lr": b"0.001"},
               "meta.yaml", spec_files=["meta.yaml"]),
        Target("wandb", "wandb",
               {"run-abc.wandb": wandb_file(),
                "files/config.yaml": b"lr:\n  desc: null\n  value: 0.001\n_wandb:\n  value:\n    cli_version: 0.16.0\n"},
               "run-abc.wandb", spec_files=["run-abc.wandb"]),
        Target("wandb-config-yaml", "wandb",
               {"run-abc.wandb": wandb_file(10), "files/config.yaml": WANDB_CONFIG},
               "files/config.yaml", spec_files=["run-abc.wandb"]),
        Target("wandb-history-jsonl", "wandb",
               {"wandb-history.jsonl": _wandb_history_jsonl(), "wandb-summary.json": b'{"loss": 0.2, "_step": 39}'},
               "wandb-history.jsonl", spec_files=["wandb-history.jsonl"]),
        Target("dvclive-tsv", "dvclive",
               {"plots/metrics/train/loss.tsv": _dvclive_tsv("loss"), "plots/metrics/lr.tsv": _dvclive_tsv("lr", 10),
                "params.yaml": HPARAMS_YAML, "metrics.json": b'{"train": {"loss": 0.2}, "step": 39}'},
               "plots/metrics/train/loss.tsv", spec_files=["plots/metrics"]),
        Target("dvclive-params-yaml", "dvclive",
               {"plots/metrics/loss.tsv": _dvclive_tsv("loss", 10), "params.yaml": HPARAMS_YAML},
               "params.yaml", spec_files=["plots/metrics"]),
    ]
    return {x.name: x for x in t}


def _dvclive_tsv(name: str, n: int = 40) -> bytes:
    rows = [f"timestamp\tstep\t{name}"] + [f"{1700000000000 + 1000 * s}\t{s}\t{_loss(s):.6f}" for s in range(n)]
    return ("\n".join(rows) + "\n").encode()


TARGETS: dict[str, Target] = _targets()
TEXT_TARGETS = [n for n in TARGETS if not n.startswith("tfevents-tf") and n != "wandb"]

# ------------------------------------------------------------------------------------------ mutations

HOSTILE_NUMBERS = [
    b"1e400", b"-1e400", b"1e-400", b"nan", b"NaN", b"-nan", b"inf", b"-Infinity", b"Infinity",
    b"9223372036854775807", b"9223372036854775808", b"-9223372036854775809", b"18446744073709551616",
    b"99999999999999999999999999999999999999", b"1" * 400, b"0x1F", b"1_000", b"+-1", b"1e", b"-0",
    b"4.9e-324", b"1.7976931348623157e308", b"9007199254740993", b"65504", b"6e-08", b"1e19", b"-1e19",
    b"\"1\"", b"true", b"null", b"[]", b"{}", b"", b"1.0.0", b"\xef\xbf\xbd", b"\xff",
]

_NUM = re.compile(rb"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")

# op = (kind, a, b, c): a/b are positions or sizes (taken modulo the data length), c a byte value
OP_KINDS = ("flip", "truncate", "delete", "duplicate", "insert", "set", "splice", "number", "zero")


def mutate(data: bytes, ops, other: bytes = b"") -> bytes:
    """Apply mutation ops (a list of ``(kind, a, b, c)`` tuples of ints) to ``data``."""
    buf = bytearray(data)
    for kind, a, b, c in ops:
        n = len(buf)
        if kind == "flip" and n:
            i = a % n
            buf[i] ^= 1 << (c % 8)
        elif kind == "truncate":
            buf = buf[: (a % (n + 1))]
        elif kind == "delete" and n:
            i = a % n
            del buf[i: i + 1 + b % 4096]
        elif kind == "duplicate" and n:
            i = a % n
            chunk = buf[i: i + 1 + b % 4096]
            buf[i:i] = chunk
        elif kind == "insert":
            i = a % (n + 1)
            buf[i:i] = bytes([c % 256]) * (1 + b % 64)
        elif kind == "set" and n:
            i = a % n
            buf[i: i + 8] = struct.pack("<Q", (c * 0x9E3779B97F4A7C15 + b) & ((1 << 64) - 1))[: max(1, min(8, n - i))]
        elif kind == "splice" and other:
            i = a % (n + 1)
            j = b % (len(other) + 1)
            buf = buf[:i] + other[j:]
        elif kind == "number":
            nums = list(_NUM.finditer(bytes(buf)))
            if nums:
                m = nums[a % len(nums)]
                buf[m.start(): m.end()] = HOSTILE_NUMBERS[c % len(HOSTILE_NUMBERS)]
        elif kind == "zero" and n:
            i = a % n
            buf[i: i + 1 + b % 256] = b"\x00" * len(buf[i: i + 1 + b % 256])
    return bytes(buf)


# ------------------------------------------------------------------------------------------ special inputs

MB = 1024 * 1024


class _Lazy(Mapping):
    """name -> bytes, each input built when it is asked for: a test reads one input, and building all of them (three
    of 10 MB, one of random bytes, regular-expression rewrites of the seed) took ~36 ms a call -- ~14 s of CPU
    over the ~400 calls of tests/importers/test_fuzz_importers.py."""

    def __init__(self, makers: dict[str, Callable[[], bytes]]):
        self._makers = makers

    def __getitem__(self, name: str) -> bytes:
        return self._makers[name]()

    def __iter__(self):
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


def special_inputs(target: Target) -> Mapping[str, bytes]:
    """Structurally hostile inputs for one target: deep nesting, 10 MB lines, bad UTF-8, NULs... (built on access)"""
    seed = target.seed
    return _Lazy({
        "empty": lambda: b"",
        "one-newline": lambda: b"\n",
        "nul-bytes": lambda: b"\x00" * 4096,
        "nuls-in-valid": lambda: seed[: len(seed) // 2] + b"\x00" * 100 + seed[len(seed) // 2:],
        "invalid-utf8": lambda: seed[: len(seed) // 3] + b"\xff\xfe\xc3\x28\xa0\xa1\xe2\x28\xa1" + seed[len(seed) // 3:],
        "utf16": lambda: seed.decode("latin-1").encode("utf-16"),
        "bom-only": lambda: b"\xef\xbb\xbf",
        "deep-brackets": lambda: b"[" * 100_000,
        "deep-objects": lambda: b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
        "deep-yaml": lambda: b"a:\n" + b"".join(b" " * i + b"- \n" for i in range(1, 2000)),
        "long-line-10mb": lambda: b"a" * (10 * MB),
        "long-line-commas": lambda: b"loss," * (2 * MB),
        "valid-plus-long-line": lambda: seed + b"x" * (10 * MB) + b"\n",
        "lfs-pointer": lambda: b"version https://git-lfs.github.com/spec/v1\noid sha256:" + b"0" * 64 + b"\nsize 123456\n",
        "truncated-half": lambda: seed[: len(seed) // 2],
        "truncated-one-byte": lambda: seed[:-1],
        "header-only": lambda: seed.split(b"\n", 1)[0] + b"\n",
        "cr-only-newlines": lambda: seed.replace(b"\n", b"\r"),
        "repeated-100x": lambda: seed * 100,
        "huge-numbers": lambda: _NUM.sub(b"1e400", seed),
        "huge-ints": lambda: _NUM.sub(b"18446744073709551616", seed),
        "random-1mb": lambda: np.random.default_rng(0).integers(0, 256, MB, dtype=np.uint8).tobytes(),
    })


# ------------------------------------------------------------------------------------------ the contract


class ContractViolation(AssertionError):
    pass


def _check_runs(runs, data_len: int) -> None:
    import pandas as pd

    from curvedoc.model.run import Run

    assert isinstance(runs, list), type(runs)
    for r in runs:
        assert isinstance(r, Run), type(r)
        f = r.scalars
        assert list(f.columns) == ["tag", "step", "value", "wall_time", "source_file"], list(f.columns)
        assert f["step"].dtype == np.int64, f["step"].dtype
        assert f["value"].dtype == np.float64, f["value"].dtype
        assert isinstance(f["tag"].dtype, pd.CategoricalDtype) or f["tag"].dtype == object
        # role resolution and series extraction are what every detector does first: they must work
        roles = r.roles
        for role in roles:
            s = r.series(role)
            assert s.index.dtype == np.int64
        _ = r.tag_counts()
        for iss in r.issues:
            assert isinstance(iss.kind, str) and isinstance(iss.message, str)
        json.dumps([i.to_dict() for i in r.issues], default=str)


def check_spec(spec, data_len: int = 0, seconds: float | None = None):
    """read_spec under a time bound; Run(s) or a well-formed LoadError. Returns the runs or the error."""
    from curvedoc.errors import LoadError
    from curvedoc.importers import read_spec

    try:
        with time_limit(seconds or EXAMPLE_SECONDS, f"read_spec({spec.format})"):
            runs = read_spec(spec)
    except LoadError as exc:
        if exc.kind == "internal-error":
            cause = exc.__cause__
            tb = "".join(traceback.format_exception(cause)) if cause else ""
            raise ContractViolation(f"reader crashed ({exc.reason})\n{tb}") from cause
        assert isinstance(exc.path, str) and exc.path, "LoadError without a path"
        assert isinstance(exc.reason, str) and exc.reason.strip(), "LoadError without a reason"
        assert "\n" not in exc.reason.strip(), f"reason is not one line: {exc.reason!r}"
        return exc
    _check_runs(runs, data_len)
    return runs


def check_discovery(base: Path, seconds: float | None = None):
    """``load_all`` on the folder (discovery + every reader) never raises; failures carry a reason."""
    from curvedoc.importers import load_all

    with time_limit(seconds or EXAMPLE_SECONDS, "load_all"):
        res = load_all(base)
    for f in res.failures:
        if f.kind == "internal-error":
            raise ContractViolation(f"reader crashed via discovery: {f.path}: {f.reason}")
        assert f.reason and f.path
    _check_runs(res.runs, 0)
    return res


def check_contract(target: Target, data: bytes, *, discovery: bool = True, seconds: float | None = None):
    """Write ``target`` with ``data`` as its fuzzed file into a fresh temp folder and check the contract."""
    with tempfile.TemporaryDirectory(prefix="curvedoc-fuzz-") as tmp:
        base = Path(tmp)
        spec = target.write(base, data)
        out = check_spec(spec, len(data), seconds)
        if discovery:
            check_discovery(base, seconds)
        return out
