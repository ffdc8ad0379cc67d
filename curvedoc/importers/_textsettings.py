"""The settings a run logs as text beside its scalars (TensorBoard's text plugin), read as hyperparameters.

People and frameworks write a run's configuration into its event file as text, once, when it starts:

* the Hugging Face Trainer's ``TensorBoardCallback`` writes its ``TrainingArguments`` as JSON under ``args`` (the plan:
  ``num_train_epochs``, ``max_steps``; ``learning_rate``, ``max_grad_norm``) and the model's configuration under
  ``model_config`` (FORMATS.md 1.4: it does not use the hparams plugin);
* a script's own ``writer.add_text("config", "epochs=60 lr=0.02 cosine")``, ``add_text("args", str(args))`` (an
  argparse ``Namespace(..)``), a dict printed whole, or CleanRL's markdown table (``|param|value|`` rows);
* Megatron-LM writes every argument as its own text summary, the tag naming the setting (``train_iters`` -> ``500``).

Those are the run's settings exactly as it stated them, so they are read as its hyperparameters (the plan a rule
compares progress with, a clipping threshold, K) -- below whatever the hparams plugin or ``hparams.yaml`` says.

What is not a setting: a tag whose text changes from one record to the next (generated samples, a per-epoch report)
is output, not configuration, and is skipped; so is a text too long to be a configuration (> 200,000 characters).
Nothing here evaluates anything: JSON through :mod:`json`, the rest through patterns.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable

_MAX_TEXT = 200_000
_MAX_VALUE = 200
_SUFFIX = "/text_summary"  # torch's and tensorboardX's add_text name the summary '<tag>/text_summary'

# "key=value" / "key: value" (a Namespace's items, a config line); the key starts a word and is no part of a number
_PAIR = re.compile(r"(?<![\w.\-/])([A-Za-z_][\w.\-]{0,60})\s*[=:]\s*('[^'\n]{0,200}'|\"[^\"\n]{0,200}\"|[^\s,;|(){}\[\]]+)")
# "'key': value" in a dict printed by Python (single quotes: no JSON)
_QUOTED_PAIR = re.compile(r"['\"]([A-Za-z_][\w.\-/]{0,60})['\"]\s*:\s*('[^'\n]{0,200}'|\"[^\"\n]{0,200}\"|[^\s,;(){}\[\]]+)")
# a markdown table row "|key|value|" (CleanRL: "|param|value|\n|-|-|\n|learning_rate|0.00025|")
_MD_ROW = re.compile(r"^\s*\|\s*`?([A-Za-z_][\w.\-/]{0,60})`?\s*\|\s*([^|\n]{0,200}?)\s*\|\s*$", re.MULTILINE)
_MD_HEADER_KEYS = {"param", "parameter", "parameters", "name", "key", "hyperparameter", "setting", "option"}
_INT = re.compile(r"[+-]?\d+")
_FLOAT = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_TOKEN = re.compile(r"[^\s]{1,100}")


def setting_value(raw: str) -> Any:
    """A setting's value as written: a whole number, a number, a flag, None, or the text (quotes removed)."""
    v = raw.strip()
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
        return v[1:-1][:_MAX_VALUE]
    if _INT.fullmatch(v):
        return int(v)
    if _FLOAT.fullmatch(v):
        return float(v)
    low = v.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    return v[:_MAX_VALUE]


def _json_settings(text: str) -> dict[str, Any] | None:
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    if not isinstance(obj, dict):
        return None
    from curvedoc.importers._yaml import flatten_hparams

    return flatten_hparams(obj)


def parse_settings_text(text: str) -> dict[str, Any]:
    """The settings one text states: a JSON object (flattened, ``a.b``), markdown ``|key|value|`` rows, a dict printed
    by Python, or ``key=value`` / ``key: value`` items (a Namespace, a config line). Empty when it states none."""
    t = text.strip()
    if not t or len(t) > _MAX_TEXT:
        return {}
    if t[0] == "{":
        js = _json_settings(t)
        if js is not None:
            return js
        pairs = _QUOTED_PAIR.findall(t)
        if pairs:
            return {k: setting_value(v) for k, v in pairs}
    rows = [(k, v) for k, v in _MD_ROW.findall(t) if k.lower() not in _MD_HEADER_KEYS and not set(v) <= set("-: ")]
    if rows:
        return {k: setting_value(v) for k, v in rows}
    return {k: setting_value(v) for k, v in _PAIR.findall(t)}


def text_settings(texts: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The hyperparameters stated by a run's text summaries ``(tag, text)``: each tag whose text is the same in every
    record it has; a structured text's settings under ``<tag>/<key>``, a text of one word or number as the value of
    the setting its tag names. Tags whose text changes (samples, reports) state nothing."""
    by_tag: dict[str, set[str]] = {}
    for tag, text in texts:
        by_tag.setdefault(tag, set()).add(text)
    out: dict[str, Any] = {}
    for tag, seen in by_tag.items():
        if len(seen) != 1:
            continue
        text = next(iter(seen)).strip()
        name = tag[: -len(_SUFFIX)] if tag.endswith(_SUFFIX) else tag
        if not name or not text:
            continue
        if _TOKEN.fullmatch(text) and not _PAIR.fullmatch(text):
            out.setdefault(name, setting_value(text))
            continue
        for k, v in parse_settings_text(text).items():
            out.setdefault(f"{name}/{k}", v)
    return out
