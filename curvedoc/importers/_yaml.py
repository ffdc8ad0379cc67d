"""Safe, tolerant YAML for hyperparameter files (Lightning ``hparams.yaml``, W&B ``config.yaml``).

``yaml.safe_load`` refuses files with ``!!python/object...`` tags (Lightning dumps whole model objects
into ``hparams.yaml``). ``yaml.load`` with an unsafe loader would *execute* them. This loader is a
:class:`yaml.SafeLoader` subclass that turns every unknown tag into plain data **without constructing
or importing anything**: mappings stay mappings, sequences lists, scalars strings.

API::

    load_yaml_tolerant(path_or_text) -> object          # never executes anything
    flatten_hparams(obj) -> dict[str, scalar]           # dotted keys, hyperparameter-like values only
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

__all__ = ["UNSAFE_TAG_KEY", "StrictSafeLoader", "TolerantSafeLoader", "flatten_hparams", "load_yaml_tolerant",
           "truncation_note"]

UNSAFE_TAG_KEY = "__yaml_tag__"  # a mapping built from a tagged node records its tag here


try:  # libyaml's event parser when present (fast, iterative)
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _CParser = None

if _CParser is not None:

    class StrictSafeLoader(_CParser, SafeConstructor, Resolver):  # type: ignore[misc, valid-type]
        """``yaml.CSafeLoader`` with PyYAML's *Python* composer.

        CSafeLoader composes the node tree in recursive C code with no depth limit: ~30k nested ``[``
        or ``- `` (a 60 KB file) overflow the C stack and kill the process (a segfault, not an
        exception). The Python composer recurses in Python, so the same file raises
        :class:`RecursionError`, which callers report. Parsing stays in C; speed is unchanged.
        Semantics are ``SafeLoader``'s: Python object tags raise ``ConstructorError``.
        """

        def __init__(self, stream):
            _CParser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            Composer.__init__(self)

        check_node = Composer.check_node
        get_node = Composer.get_node
        get_single_node = Composer.get_single_node
        compose_document = Composer.compose_document
        compose_node = Composer.compose_node
        compose_scalar_node = Composer.compose_scalar_node
        compose_sequence_node = Composer.compose_sequence_node
        compose_mapping_node = Composer.compose_mapping_node

else:  # pragma: no cover
    StrictSafeLoader = yaml.SafeLoader  # type: ignore[misc, assignment]


class TolerantSafeLoader(StrictSafeLoader):  # type: ignore[misc, valid-type]
    """SafeLoader that maps unknown tags (``!!python/object:...``, ``!custom``) to plain data."""

    unknown_tags: int = 0


def _construct_unknown(loader: TolerantSafeLoader, tag_suffix: str, node: yaml.Node) -> Any:
    loader.unknown_tags = getattr(loader, "unknown_tags", 0) + 1
    tag = node.tag
    if isinstance(node, yaml.MappingNode):
        # flatten merge keys etc. like SafeLoader does, but never construct the tagged object
        data = loader.construct_mapping(node, deep=True) if _hashable_keys(loader, node) else {}
        out = {UNSAFE_TAG_KEY: tag}
        out.update({str(k): v for k, v in data.items()})
        return out
    if isinstance(node, yaml.SequenceNode):
        items = loader.construct_sequence(node, deep=True)
        if tag.endswith(("python/tuple", "python/list")):
            return list(items)
        return {UNSAFE_TAG_KEY: tag, "args": items}
    value = loader.construct_scalar(node)
    if tag.startswith("tag:yaml.org,2002:python/name:") or tag.startswith("tag:yaml.org,2002:python/module:"):
        return tag.split(":", 3)[-1]  # e.g. "torch.nn.functional.smooth_l1_loss" as a string
    if tag.endswith(("python/unicode", "python/str", "python/bytes")):
        return str(value)
    if tag.endswith("python/long") or tag.endswith("python/int"):
        try:
            return int(value)
        except ValueError:
            return str(value)
    if tag.endswith("python/float"):
        try:
            return float(value)
        except ValueError:
            return str(value)
    if tag.endswith("python/bool"):
        return str(value).lower() in ("true", "yes", "1")
    if tag.endswith("python/none"):
        return None
    return str(value)


def _hashable_keys(loader: TolerantSafeLoader, node: yaml.MappingNode) -> bool:
    for k, _ in node.value:
        if isinstance(k, (yaml.MappingNode, yaml.SequenceNode)):
            return False
    return True


# Every tag SafeLoader does not know: python/* tags and local "!tags"
TolerantSafeLoader.add_multi_constructor("tag:yaml.org,2002:python/", _construct_unknown)
TolerantSafeLoader.add_multi_constructor("!", _construct_unknown)
TolerantSafeLoader.add_multi_constructor("tag:", _construct_unknown)


def _construct_mapping_lenient(loader: TolerantSafeLoader, node: yaml.MappingNode) -> dict:
    """Plain mappings whose keys are unhashable (``? [a, b]``) become string-keyed instead of failing."""
    loader.flatten_mapping(node)
    out: dict = {}
    for knode, vnode in node.value:
        key = loader.construct_object(knode, deep=True)
        try:
            hash(key)
        except TypeError:
            key = str(key)
        out[key] = loader.construct_object(vnode, deep=True)
    return out


TolerantSafeLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping_lenient)


def _is_file(s: str) -> bool:
    try:
        return Path(s).is_file()
    except (OSError, ValueError):  # one-line YAML text longer than a file name, or holding a NUL
        return False


def load_yaml_tolerant(path_or_text: str | os.PathLike | bytes) -> Any:
    """Parse YAML safely. Accepts a path, text, or bytes. Unknown tags become plain data.

    Raises :class:`yaml.YAMLError` for YAML that is malformed (not for unknown tags).
    """
    if isinstance(path_or_text, bytes):
        text = path_or_text.decode("utf-8", "replace")
    elif isinstance(path_or_text, os.PathLike) or (
        isinstance(path_or_text, str) and "\n" not in path_or_text and len(path_or_text) < 4096 and _is_file(path_or_text)
    ):
        text = Path(path_or_text).read_bytes().decode("utf-8", "replace")
    else:
        text = str(path_or_text)
    text = text.removeprefix("\ufeff")
    loader = TolerantSafeLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


_MAX_STR = 256
_MAX_LIST = 32
_MAX_DEPTH = 6
_MAX_KEYS = 2000


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (bool, int, float, str))


def flatten_hparams(obj: Any, *, prefix: str = "", stats: dict[str, Any] | None = None) -> dict[str, Any]:
    """Flatten nested mappings into ``{"a.b.c": scalar}``.

    Keeps what is useful as a hyperparameter: numbers, booleans, None, short strings, and short
    lists of scalars (as a compact string ``"[1, 2, 3]"``). Objects rebuilt from ``!!python/object``
    tags are descended into only for their plain scalar attributes; private attributes (``_x``),
    binary blobs and serialized tensors are dropped.

    At most :data:`_MAX_KEYS` values are kept (YAML aliases can make a small file expand without end: an alias
    bomb); when values were left out, ``stats["truncated"]`` is set (a message for the caller's issues: the
    values dropped are not dropped silently, see :func:`truncation_note`).
    """
    out: dict[str, Any] = {}
    state = {"truncated": False}
    _flatten(obj, prefix, out, 0, state)
    if stats is not None:
        stats.update(state)
    return out


#: the settings files a Lightning log folder holds: the module's ``hparams.yaml`` and, when the run was started from
#: LightningCLI, the whole ``config.yaml`` it saves into the same folder (its ``trainer:`` section states the plan,
#: ``max_epochs`` / ``max_steps``), read in that order (the first that names a key wins)
LIGHTNING_SETTINGS = ("hparams.yaml", "config.yaml")


def lightning_settings_file(name: str, obj: Any) -> bool:
    """Whether ``obj``, read from the settings file ``name`` of a Lightning log folder, is one: ``hparams.yaml``
    always; ``config.yaml`` only as LightningCLI writes it (a ``trainer:`` mapping at its top), not any file of that
    common name."""
    return name != "config.yaml" or (isinstance(obj, dict) and isinstance(obj.get("trainer"), dict))


def truncation_note(name: str) -> str:
    """The issue message of a settings file whose values were cut at :data:`_MAX_KEYS`."""
    return (f"{name} holds more than {_MAX_KEYS:,} values (YAML aliases repeating a block without end, or a huge "
            f"config): only the first {_MAX_KEYS:,} are kept as hyperparameters, the rest dropped")


def _flatten(obj: Any, key: str, out: dict[str, Any], depth: int, state: dict | None = None) -> None:
    if len(out) >= _MAX_KEYS:
        if state is not None and (key not in out):
            state["truncated"] = True
        return
    if _scalar(obj):
        if isinstance(obj, str) and len(obj) > _MAX_STR:
            return
        if key:
            out[key] = obj
        return
    if isinstance(obj, bytes):
        return
    if depth >= _MAX_DEPTH:
        return
    if isinstance(obj, dict):
        tag = obj.get(UNSAFE_TAG_KEY)
        if isinstance(tag, str) and ("torch" in tag and ("rebuild" in tag or "storage" in tag or "_load_from_bytes" in tag)):
            return  # a serialized tensor/parameter
        for k, v in obj.items():
            if k == UNSAFE_TAG_KEY:
                continue
            ks = str(k)
            if tag is not None and ks.startswith("_"):
                continue  # private attributes of dumped objects (_modules, _buffers, hooks...)
            _flatten(v, f"{key}.{ks}" if key else ks, out, depth + 1, state)
        return
    if isinstance(obj, (list, tuple, set)):
        items = list(obj)
        if all(_scalar(x) for x in items) and len(items) <= _MAX_LIST:
            if key:
                out[key] = "[" + ", ".join(repr(x) if isinstance(x, str) else str(x) for x in items) + "]"
        return
