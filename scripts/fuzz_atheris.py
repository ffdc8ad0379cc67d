#!/usr/bin/env python
"""Coverage-guided fuzzing of curvedoc's importers with atheris (libFuzzer), for long unattended runs.

The pytest fuzz suite (``tests/importers/test_fuzz_importers.py``) runs a fixed, small budget in CI; this
harness runs for as long as you let it and follows coverage into the readers' corners.

Install and run (from the repository root)::

    pip install atheris
    python scripts/fuzz_atheris.py --target csv-generic -- -max_total_time=3600 -rss_limit_mb=4096
    python scripts/fuzz_atheris.py --target all -- -max_total_time=600        # round-robin every target
    python scripts/fuzz_atheris.py --list                                      # the targets

Everything after ``--`` goes to libFuzzer (``-max_total_time``, ``-jobs=4``, ``-timeout=30``,
``-dict=...``, a corpus folder...). A corpus folder given there is seeded with the target's valid
file on first use. Input bytes are used two ways, chosen by the first byte: as the whole file, or
as a recipe of mutations (bit flips, truncations, chunk duplication/deletion, splices, hostile
numbers) applied to the valid file, which reaches deep reader code far faster than raw bytes.

The contract checked on every input (``tests/fuzz_profile.check_contract``): ``read_spec`` returns
Run(s) or raises ``LoadError`` naming the file and the reason; never another exception, never a
reader crash wrapped as ``internal-error``, never longer than ``--seconds`` (SIGALRM). A violation
raises, atheris prints the traceback and writes the input to ``crash-<sha1>``; reproduce with
``python scripts/fuzz_atheris.py --target NAME --replay crash-<sha1>``.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent))

import fuzz_profile as fp


def recipe(data: bytes, seed: bytes, partners: list[bytes]) -> bytes:
    """Interpret ``data`` as mutation ops on ``seed`` (first byte odd) or as the file itself."""
    if not data or data[0] % 2 == 0:
        return data[1:]
    ops, pos = [], 1
    while pos + 8 <= len(data) and len(ops) < 8:
        kind, a, b, c = struct.unpack_from("<BIHB", data, pos)
        ops.append((fp.OP_KINDS[kind % len(fp.OP_KINDS)], a, b, c))
        pos += 8
    partner = partners[data[-1] % len(partners)] if partners else b""
    return fp.mutate(seed, ops, partner)


def make_test_one(names: list[str], seconds: float, discovery: bool):
    targets = [fp.TARGETS[n] for n in names]
    partners = [t.seed for t in fp.TARGETS.values()]
    tmp = Path(tempfile.mkdtemp(prefix="curvedoc-atheris-"))

    def test_one(data: bytes) -> None:
        t = targets[data[0] % len(targets)] if len(targets) > 1 and data else targets[0]
        body = data[1:] if len(targets) > 1 and data else data
        content = recipe(body, t.seed, partners)
        base = tmp / "run"
        if base.exists():
            import shutil

            shutil.rmtree(base)
        base.mkdir()
        spec = t.write(base, content)
        fp.check_spec(spec, len(content), seconds)
        if discovery:
            fp.check_discovery(base, seconds)

    return test_one


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    rest: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, rest = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--target", default="all", help="a target name (see --list) or 'all'")
    ap.add_argument("--list", action="store_true", help="list the targets and exit")
    ap.add_argument("--seconds", type=float, default=30.0, help="time bound of one input (SIGALRM)")
    ap.add_argument("--no-discovery", action="store_true", help="only read_spec, not load_all on the folder")
    ap.add_argument("--replay", metavar="FILE", help="run one saved input (a crash file) and exit")
    args = ap.parse_args(argv)

    if args.list:
        for n, t in sorted(fp.TARGETS.items()):
            print(f"{n:24s} {t.fmt:18s} fuzzes {t.fuzz}")
        return 0
    names = sorted(fp.TARGETS) if args.target == "all" else [args.target]
    unknown = [n for n in names if n not in fp.TARGETS]
    if unknown:
        ap.error(f"unknown target {unknown[0]!r}; see --list")
    test_one = make_test_one(names, args.seconds, not args.no_discovery)

    if args.replay:
        test_one(Path(args.replay).read_bytes())
        print("no contract violation")
        return 0

    try:
        import atheris
    except ImportError:
        print("atheris is not installed: pip install atheris", file=sys.stderr)
        return 2
    # seed a corpus folder (the first non-option argument for libFuzzer) with the valid files
    corpus = [a for a in rest if not a.startswith("-")]
    for d in corpus:
        os.makedirs(d, exist_ok=True)
        for i, n in enumerate(names):
            prefix = bytes([i]) if len(names) > 1 else b""
            Path(d, f"seed-{n}").write_bytes(prefix + b"\x00" + fp.TARGETS[n].seed)
    # readers are imported lazily by read_spec: import them now so instrument_all() covers them
    import importlib

    from curvedoc.importers import READERS

    for spec in READERS.values():
        importlib.import_module(spec.split(":")[0])
    atheris.instrument_all()
    atheris.Setup([sys.argv[0], *rest], test_one)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main())
