"""The points the parser collects: the series of one key of one template (:class:`Series`), the value written last
at each position (:class:`LastAt`), and the records with no clock of their own, placed when the log has been read
(:class:`Pending`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

# ---------------------------------------------------------------------------------------------- series
@dataclass
class Series:
    """The points of one key of one template: runs of points added at once (``chunks``: arrays of steps, values
    and record orders, and how they are placed), then the points added one by one since (the lists)."""
    steps: list = field(default_factory=list)
    values: list = field(default_factory=list)
    order: list = field(default_factory=list)
    how: list = field(default_factory=list)  # position kind per point: "step" | "epoch" | "ordinal" | "ctx"
    last_bar: bool = False  # the last point came from a progress-bar rendering (the next one may replace it)
    # the epoch length N of "[e][i/N]" records (0: none); a different N is another training. -1: the records say their
    # epoch is over ("epoch: 3 done, loss: .."), the epoch's summary, a series apart from the records during it
    period: int = 0
    chunks: list = field(default_factory=list)
    continued: bool = False  # its points continue the record printed before them (OLMo: one metric a line)

    def add(self, steps: np.ndarray, values: np.ndarray, order: np.ndarray, how: str):
        if self.steps:  # the points added one by one come first
            self.chunks.append(self._tail())
            self.steps, self.values, self.order, self.how = [], [], [], []
        self.chunks.append((steps, values, order, how))
        self.last_bar = False

    def _tail(self) -> tuple:
        return (np.asarray(self.steps, dtype=np.int64), np.asarray(self.values, dtype=np.float64),
                np.asarray(self.order, dtype=np.int64), self.how)

    def count(self) -> int:
        return sum(len(c[0]) for c in self.chunks) + len(self.steps)

    def last_point(self) -> tuple[int, int]:
        """(step, record order) of the last point."""
        if self.steps:
            return self.steps[-1], self.order[-1]
        c = self.chunks[-1]
        return int(c[0][-1]), int(c[2][-1])

    def replace_last(self, value: float, order: int):
        """The last point, at the same step and placed the same way, with another value and record order."""
        if not self.steps:  # in a run added at once: moved to the points added one by one
            c = self.chunks[-1]
            self.drop_last()
            self.steps, self.values, self.order = [int(c[0][-1])], [c[1][-1].item()], [int(c[2][-1])]
            self.how = [c[3] if isinstance(c[3], str) else c[3][-1]]
        self.values[-1] = value
        self.order[-1] = order

    def drop_last(self):
        if self.steps:
            for column in (self.steps, self.values, self.order, self.how):
                column.pop()
            return
        c = self.chunks.pop()
        if len(c[0]) > 1:
            self.chunks.append((c[0][:-1], c[1][:-1], c[2][:-1], c[3] if isinstance(c[3], str) else c[3][:-1]))

    def first(self) -> tuple:
        """(value, how, record order) of the first point."""
        if self.chunks:
            c = self.chunks[0]
            v = c[1][0].item()
            # (a NaN as to_number gives it)
            return math.nan if v != v else v, c[3] if isinstance(c[3], str) else c[3][0], c[2][0]
        return self.values[0], self.how[0], self.order[0]

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, set]:
        """(steps, values, orders) of every point, in the order added, and the set of ways they were placed."""
        parts = [*self.chunks, self._tail()] if self.steps or not self.chunks else self.chunks
        hows = {h for c in parts for h in ([c[3]] if isinstance(c[3], str) else set(c[3]))}
        if len(parts) == 1:
            return parts[0][0], parts[0][1], parts[0][2], hows
        return (np.concatenate([c[0] for c in parts]), np.concatenate([c[1] for c in parts]),
                np.concatenate([c[2] for c in parts]), hows)


class LastAt:
    """The value written last at each position (the epoch a step was printed in), written one by one or as arrays
    and worked out once, when the log has been read."""

    __slots__ = ("chunks", "pos", "val")

    def __init__(self):
        self.chunks: list[tuple[np.ndarray, np.ndarray]] = []
        self.pos: list[int] = []
        self.val: list[float] = []

    def set(self, pos: int, val: float):
        self.pos.append(pos)
        self.val.append(val)

    def set_many(self, pos: np.ndarray, val):
        self._seal()
        self.chunks.append((np.asarray(pos, dtype=np.int64), np.broadcast_to(np.asarray(val, dtype=np.float64),
                                                                             (len(pos),))))

    def _seal(self):
        if self.pos:
            self.chunks.append((np.array(self.pos, dtype=np.int64), np.array(self.val, dtype=np.float64)))
            self.pos, self.val = [], []

    def resolved(self) -> tuple[np.ndarray, np.ndarray]:
        """(positions in increasing order, the last value written at each)."""
        self._seal()
        if not self.chunks:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        pos = np.concatenate([c[0] for c in self.chunks])[::-1]
        at, last = np.unique(pos, return_index=True)  # (the first in reverse: the last written)
        return at, np.concatenate([c[1] for c in self.chunks])[::-1][last]


class Pending:
    """The records of one template with no clock of their own, in log order, with the epoch and step of the
    nearest preceding line (their clock is chosen when the whole log has been read): runs of records added at
    once (arrays), then records added one by one (lists)."""

    __slots__ = ("keys", "chunks", "seq", "epoch", "step", "values", "bar")

    def __init__(self, keys: list[str]):
        self.keys = keys
        self.chunks: list[tuple] = []  # (orders, epoch, step, values: records x keys, bar)
        self.seq, self.epoch, self.step, self.values, self.bar = [], [], [], [], []

    def add_one(self, seq: int, epoch, step, values: list, bar: bool):
        self.seq.append(seq)
        self.epoch.append(epoch)
        self.step.append(step)
        self.values.append(values)
        self.bar.append(bar)

    def add(self, seqs: np.ndarray, epoch, step, values: np.ndarray, bar: bool):
        """Records at once: ``epoch`` is the epoch in force for all, or a list (one per record)."""
        if self.seq:
            self._seal()
        self.chunks.append((seqs, epoch, step, values, bar))

    def _seal(self):
        self.chunks.append((np.asarray(self.seq, dtype=np.int64), self.epoch, self.step,
                            np.asarray(self.values, dtype=np.float64).reshape(len(self.seq), len(self.keys)), self.bar))
        self.seq, self.epoch, self.step, self.values, self.bar = [], [], [], [], []

    def drop(self, orders: set) -> int:
        """Forget the records of these orders (they were settings); the number of records left."""
        seq, epochs, steps, values, bars = self.columns()
        keep = ~np.isin(seq, np.fromiter(orders, dtype=np.int64, count=len(orders)))
        idx = np.flatnonzero(keep).tolist()
        self.chunks = [(seq[keep], [epochs[i] for i in idx], [steps[i] for i in idx], values[keep],
                        [bars[i] for i in idx])]
        return len(idx)

    def columns(self) -> tuple[np.ndarray, list, list, np.ndarray, list]:
        """(orders, epochs, steps, values: records x keys, bars) of every record, in log order."""
        if self.seq:
            self._seal()
        n = [len(c[0]) for c in self.chunks]
        spread = [(c[1], c[2], c[4]) if isinstance(c[4], list) else
                  (c[1] if isinstance(c[1], list) else [c[1]] * k, [c[2]] * k, [c[4]] * k)
                  for c, k in zip(self.chunks, n)]
        return (np.concatenate([c[0] for c in self.chunks]), [x for e, _, _ in spread for x in e],
                [x for _, st, _ in spread for x in st], np.concatenate([c[3] for c in self.chunks]),
                [x for _, _, b in spread for x in b])


CLOCK_KIND = {"step": "step", "global-iter": "step", "epoch": "epoch", "ctx-epoch": "ctx", "ctx-step": "ctx",
              "ordinal": "ordinal", "counter": "counter"}
