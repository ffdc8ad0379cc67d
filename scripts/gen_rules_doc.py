#!/usr/bin/env python
"""Write docs/rules.md from the rule data (rules/*.toml): an index, one section per rule, the cause table.

    python scripts/gen_rules_doc.py           # regenerate docs/rules.md
    python scripts/gen_rules_doc.py --check   # exit 1 if docs/rules.md is out of date

tests/reporters/test_rules_doc.py fails when the committed page differs from what this script would write.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from curvedoc.engine.rules import load_catalog  # noqa: E402
from curvedoc.reporters.rulesdoc import rules_markdown  # noqa: E402

OUT = REPO / "docs" / "rules.md"


def generate() -> str:
    return rules_markdown(load_catalog())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if docs/rules.md is stale")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    text = generate()
    current = args.out.read_text(encoding="utf-8") if args.out.exists() else None
    if args.check:
        if current != text:
            print(f"{args.out} is out of date: run `python scripts/gen_rules_doc.py`", file=sys.stderr)
            return 1
        print(f"{args.out} is up to date")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if current != text:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        print(f"{args.out} already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
