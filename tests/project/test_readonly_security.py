"""Read-only guarantee and security.

* Auditing / diagnosing / loading a tree (library and CLI, with the cache on) leaves every input
  file's bytes (sha256), mtime (ns), mode, every folder's mtime and the list of entries unchanged;
  caches live outside the input tree; the CLI writes nothing but ``--out`` (never a path taken from
  log content) and its cache.
* No ``eval``/``exec``/``pickle``/unsafe ``yaml.load``/``marshal``/``shelve``... in the package
  (checked on the AST, with a self-test proving the checker catches each pattern).
* ``!!python/object/apply:os.system`` and friends in every YAML the readers touch are never executed
  and never import anything.
* Reporters escape log content: no raw HTML from a run or tag name in HTML/Markdown, no GitHub
  workflow-command injection, no terminal escape sequences from log content in text output.
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
import stat
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from fuzz_profile import TARGETS, time_limit

import curvedoc
from curvedoc.importers import load_all

REPO = Path(__file__).resolve().parents[2]
PKG = REPO / "curvedoc"


# ------------------------------------------------------------------------------------------ snapshot


def snapshot(root: Path) -> dict[str, tuple]:
    """Every entry under ``root`` (not following links): type, mode, size, mtime_ns, sha256 / link target."""
    out: dict[str, tuple] = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = os.lstat(p)
            rel = p.relative_to(root).as_posix()
            if stat.S_ISLNK(st.st_mode):
                out[rel] = ("link", os.readlink(p))
            elif stat.S_ISDIR(st.st_mode):
                out[rel] = ("dir", st.st_mode, st.st_mtime_ns)
            elif not stat.S_ISREG(st.st_mode):  # a FIFO or socket: opening it would block; its identity is enough
                out[rel] = ("special", st.st_mode, st.st_ino)
            else:
                h = hashlib.sha256()
                try:
                    with open(p, "rb") as fh:
                        for block in iter(lambda: fh.read(1 << 20), b""):
                            h.update(block)
                    digest = h.hexdigest()
                except OSError as exc:
                    digest = f"unreadable:{exc.errno}"
                out[rel] = ("file", st.st_mode, st.st_size, st.st_mtime_ns, digest)
    st = os.lstat(root)
    out["."] = ("dir", st.st_mode, st.st_mtime_ns)
    return out


def build_tree(root: Path) -> Path:
    """Good runs of every format, broken files, symlinks (one a loop), read-only files."""
    tree = root / "sweep"
    for i, (name, t) in enumerate(sorted(TARGETS.items())):
        t.write(tree / f"lr={10 ** -(i % 4 + 1)}_{name}")
    (tree / "broken").mkdir()
    (tree / "broken" / "half.csv").write_bytes(TARGETS["csv-generic"].seed[:100])
    (tree / "broken" / "binary.csv").write_bytes(bytes(range(256)) * 10)
    (tree / "broken2").mkdir()
    (tree / "broken2" / "trainer_state.json").write_bytes(b"")
    (tree / "loop").mkdir()
    os.symlink("..", tree / "loop" / "up")
    os.symlink(tree / "lr=0.1_csv-generic", tree / "alias")
    ro = tree / "readonly"
    ro.mkdir()
    (ro / "log.csv").write_bytes(TARGETS["csv-generic"].seed)
    os.chmod(ro / "log.csv", 0o444)
    os.chmod(ro, 0o555)
    return tree


def _diff(a: dict, b: dict) -> list[str]:
    out = [f"removed {k}" for k in sorted(set(a) - set(b))] + [f"added {k}" for k in sorted(set(b) - set(a))]
    out += [f"changed {k}: {a[k]} -> {b[k]}" for k in sorted(set(a) & set(b)) if a[k] != b[k]]
    return out


@pytest.fixture
def tree(tmp_path):
    t = build_tree(tmp_path)
    yield t
    os.chmod(t / "readonly", 0o755)


def test_library_audit_diagnose_load_leave_the_tree_untouched(tree, tmp_path):
    before = snapshot(tree)
    cache = tmp_path / "cache"
    with time_limit(240, "audit of the read-only tree"):
        r1 = curvedoc.audit(tree, jobs=2, cache_dir=cache)
        r2 = curvedoc.audit(tree, jobs=1, cache_dir=cache)  # served from the cache
        curvedoc.diagnose(tree)
        load_all(tree)
    assert not _diff(before, snapshot(tree)), _diff(before, snapshot(tree))
    assert len(r1.runs) >= len(TARGETS) and r2.sweep["cached_runs"] > 0
    assert any(cache.iterdir()), "the cache was not used"
    assert not cache.resolve().is_relative_to(tree.resolve())


def _cli(args, cwd, env_extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CURVEDOC_")}
    env.update(env_extra)
    return subprocess.run([sys.executable, "-m", "curvedoc", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, check=False)


def test_cli_writes_only_out_and_its_cache(tree, tmp_path):
    """Run from INSIDE the tree (cwd), default cache location: only --out and the user cache change."""
    home, xdg, outdir = tmp_path / "home", tmp_path / "xdg", tmp_path / "out"
    for d in (home, xdg, outdir):
        d.mkdir()
    before = snapshot(tmp_path)
    env = {"HOME": str(home), "XDG_CACHE_HOME": str(xdg), "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"}
    r = _cli(["audit", str(tree), "--format", "json", "--out", str(outdir / "report.json"), "--jobs", "2"], tree, env)
    assert r.returncode in (0, 1), r.stderr
    after = snapshot(tmp_path)
    changed = _diff(before, after)
    allowed = ("out", "xdg")
    bad = [c for c in changed if c.split(" ", 1)[1].split(":")[0].split("/")[0] not in allowed]
    assert not bad, bad
    assert (outdir / "report.json").is_file()
    assert any(p.is_file() for p in (xdg / "curvedoc").rglob("*")), "the audit cache should live in XDG_CACHE_HOME"


def _cli_inproc(args, cwd, env, monkeypatch):
    from click.testing import CliRunner

    from curvedoc.cli import main

    monkeypatch.chdir(cwd)
    for k in [k for k in os.environ if k.startswith("CURVEDOC_")]:
        monkeypatch.delenv(k)
    return CliRunner().invoke(main, args, env=env, catch_exceptions=False)


def test_cli_never_writes_paths_named_in_logs(tmp_path, monkeypatch):
    """Run names, tags and hparams that look like paths do not become output files."""
    tree = tmp_path / "sweep"
    evil = tree / "run..%2f..%2fpwned.html"
    evil.mkdir(parents=True)
    (evil / "log.csv").write_bytes(b"step,../../pwned.md/loss,/tmp/pwned_abs/val_loss\n" +
                                   b"".join(f"{i},{1 / (i + 1)},{2 / (i + 1)}\n".encode() for i in range(30)))
    (evil / "hparams.yaml").write_bytes(b"out: /tmp/pwned_hp.html\nreport: ../../pwned.json\n")
    work, home, xdg, outdir = tmp_path / "cwd", tmp_path / "home", tmp_path / "xdg", tmp_path / "out"
    for d in (work, home, xdg, outdir):
        d.mkdir()
    before = snapshot(tmp_path)
    env = {"HOME": str(home), "XDG_CACHE_HOME": str(xdg), "PYTHONDONTWRITEBYTECODE": "1"}
    for fmt in ("text", "json", "markdown", "html", "github"):
        r = _cli_inproc(["audit", str(tree), "--format", fmt, "--no-cache", "--jobs", "1"], work, env, monkeypatch)
        assert r.exit_code in (0, 1), (fmt, r.output)
    r = _cli_inproc(["diagnose", str(evil), "--format", "html", "--out", str(outdir / "report.html")], work, env,
                    monkeypatch)
    assert r.exit_code in (0, 1), r.output
    # the user's home/cache may gain tool caches (matplotlib's font list), --out its file; nothing else may change
    changed = [c for c in _diff(before, snapshot(tmp_path)) if c.split(" ", 1)[1].split("/")[0].split(":")[0]
               not in ("home", "xdg", "out")]
    assert not changed, changed
    assert sorted(p.name for p in outdir.iterdir()) == ["report.html"]
    for p in ("/tmp/pwned_abs", "/tmp/pwned_hp.html", str(tmp_path / "pwned.md"), str(tmp_path.parent / "pwned.json")):
        assert not os.path.exists(p), p


# ------------------------------------------------------------------------------------------ static checks

BANNED_MODULES = {"pickle", "cPickle", "_pickle", "dill", "cloudpickle", "marshal", "shelve", "joblib"}
BANNED_CALLS = {  # dotted call names that execute or deserialize code
    "eval", "exec", "compile", "__import__", "yaml.unsafe_load", "yaml.full_load", "yaml.unsafe_load_all",
    "yaml.full_load_all", "torch.load", "pd.read_pickle", "pandas.read_pickle", "pd.eval", "pandas.eval",
    "marshal.loads", "marshal.load", "os.system", "os.popen",
}
UNSAFE_YAML_NAMES = {"Loader", "UnsafeLoader", "FullLoader", "CLoader", "CFullLoader", "CUnsafeLoader",
                     "UnsafeConstructor", "FullConstructor", "Constructor"}


def _dotted(node) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _safe_loader_expr(node, assigns: dict[str, list]) -> bool:
    """True when a ``Loader=`` expression can only be a safe loader (names containing 'Safe')."""
    names = [n for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute))]
    leaves = []
    for n in names:
        if isinstance(n, ast.Attribute):
            leaves.append(n.attr)
        elif isinstance(n, ast.Name) and not any(isinstance(p, ast.Attribute) and p.value is n for p in names):
            leaves.append(n.id)
    for leaf in leaves:
        if leaf in ("yaml", "getattr"):
            continue
        if "Safe" in leaf:
            continue
        if leaf in assigns:  # a local variable: every assignment must be safe
            if not all(_safe_loader_expr(v, {}) for v in assigns[leaf]):
                return False
            continue
        return False
    consts = [c.value for c in ast.walk(node) if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    return all("Safe" in c for c in consts)


def find_unsafe(source: str, filename: str = "<src>") -> list[str]:
    """Every use of an unsafe deserializer / code executor in ``source`` (as ``file:line: what``)."""
    tree = ast.parse(source, filename)
    assigns: dict[str, list] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    assigns.setdefault(t.id, []).append(node.value)
    out = []
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for m in mods:
                if m.split(".")[0] in BANNED_MODULES:
                    out.append(f"{where}: imports {m}")
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "yaml":
                for a in node.names:
                    if a.name in ("unsafe_load", "full_load", "load") or a.name in UNSAFE_YAML_NAMES:
                        out.append(f"{where}: from yaml import {a.name}")
        elif isinstance(node, ast.Call):
            name = _dotted(node.func) or ""
            if name in BANNED_CALLS:
                out.append(f"{where}: calls {name}()")
            if name in ("yaml.load", "yaml.load_all"):
                loader = [k.value for k in node.keywords if k.arg == "Loader"] or node.args[1:2]
                if not loader or not _safe_loader_expr(loader[0], assigns):
                    out.append(f"{where}: {name}() without a safe Loader")
            for k in node.keywords:
                if k.arg == "allow_pickle" and not (isinstance(k.value, ast.Constant) and k.value.value is False):
                    out.append(f"{where}: allow_pickle={ast.unparse(k.value)}")
                if k.arg == "shell" and not (isinstance(k.value, ast.Constant) and k.value.value is False):
                    out.append(f"{where}: shell={ast.unparse(k.value)}")
        elif isinstance(node, ast.Attribute) and _dotted(node.value) == "yaml" and node.attr in UNSAFE_YAML_NAMES:
            out.append(f"{where}: uses yaml.{node.attr}")
    return out


def test_checker_catches_every_pattern():
    """The static check can fail: each banned pattern in a snippet is reported."""
    snippet = '''
import pickle
import yaml, marshal, shelve
from yaml import unsafe_load
x = eval("1")
exec("y = 2")
yaml.load(data)
yaml.load(data, Loader=yaml.Loader)
yaml.load(data, Loader=yaml.FullLoader)
yaml.unsafe_load(data)
bad = yaml.UnsafeLoader
yaml.load(data, Loader=bad)
np.load(f, allow_pickle=True)
torch.load(f)
pd.read_pickle(f)
subprocess.run(cmd, shell=True)
ok = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
yaml.load(data, Loader=ok)
yaml.load(data, Loader=yaml.SafeLoader)
'''
    found = find_unsafe(snippet)
    lines = sorted({int(f.split(":")[1]) for f in found})
    assert lines == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], found
    assert not [f for f in found if ":17:" in f or ":18:" in f or ":19:" in f], found


def test_package_has_no_unsafe_deserialization_or_code_execution():
    found = []
    for p in sorted(PKG.rglob("*.py")):
        found += find_unsafe(p.read_text(encoding="utf-8"), str(p.relative_to(REPO)))
    assert not found, "unsafe calls in the package:\n" + "\n".join(found)


# ------------------------------------------------------------------------------------------ YAML tags


@pytest.fixture
def canary(tmp_path, monkeypatch):
    """A module that, if anything imports it, writes a marker file; plus a shell marker path."""
    tag = uuid.uuid4().hex[:10]
    mod = f"curvedoc_canary_{tag}"
    marker = tmp_path / "IMPORTED"
    shell_marker = Path("/tmp") / f"curvedoc_pwned_{tag}"
    (tmp_path / "canarylib").mkdir()
    (tmp_path / "canarylib" / f"{mod}.py").write_text(
        f"open({str(marker)!r}, 'w').write('imported')\ndef boom(*a, **k):\n    open({str(marker)!r}, 'w').write('called')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path / "canarylib"))
    payload = f"""lr: 0.01
shell: !!python/object/apply:os.system ["touch {shell_marker}"]
popen: !!python/object/new:subprocess.Popen [["touch", "{shell_marker}"]]
call: !!python/object/apply:{mod}.boom [1]
name: !!python/name:{mod}.boom
module: !!python/module:{mod}
obj: !!python/object:{mod}.Thing {{a: 1}}
state: !!python/object/apply:builtins.eval ["__import__('os').system('touch {shell_marker}')"]
nested:
  deep: !!python/object/apply:os.system ["touch {shell_marker}"]
"""
    yield payload.encode(), mod, [marker, shell_marker]
    shell_marker.unlink(missing_ok=True)


def _nothing_ran(mod, markers):
    assert mod not in sys.modules, f"{mod} was imported"
    for m in markers:
        assert not m.exists(), f"{m} exists: a YAML tag was executed"


def test_tolerant_loader_never_executes(canary):
    from curvedoc.importers._yaml import flatten_hparams, load_yaml_tolerant

    payload, mod, markers = canary
    obj = load_yaml_tolerant(payload)
    flat = flatten_hparams(obj)
    _nothing_ran(mod, markers)
    assert flat["lr"] == 0.01
    assert isinstance(obj["shell"], dict)  # plain data, tag recorded


@pytest.mark.parametrize("where", ["lightning-hparams", "tfevents-hparams", "mlflow-meta", "wandb-config"])
def test_readers_never_execute_yaml_tags(canary, tmp_path, where):
    payload, mod, markers = canary
    d = tmp_path / "run"
    if where == "lightning-hparams":
        TARGETS["csv-lightning"].write(d)
        (d / "hparams.yaml").write_bytes(payload)
    elif where == "tfevents-hparams":
        TARGETS["tfevents-hparams-yaml"].write(d, payload)
    elif where == "mlflow-meta":
        TARGETS["mlflow-meta-yaml"].write(d, payload)
    else:
        TARGETS["wandb-config-yaml"].write(d, payload)
    res = load_all(d)
    _nothing_ran(mod, markers)
    assert len(res.runs) == 1, (res.failures, res.problems)
    issues = [i.kind for i in res.runs[0].issues]
    assert "unsafe-yaml" in issues, issues


# ------------------------------------------------------------------------------------------ reporters

HOSTILE_NAME = ("<script>alert(1)<\\script>\n::error file=etc-passwd::pwned\x1b[2J\x1b]0;owned\x07|x|"
                "\u202egnp.exe\u2066\x9b31m")  # no "/": a folder name; a right-to-left override, an isolate, a C1 CSI
HOSTILE_TAG = "<img src=x onerror=alert(2)>_loss"


@pytest.fixture
def hostile_report(tmp_path):
    d = tmp_path / HOSTILE_NAME
    d.mkdir()
    rows = [f"step,{HOSTILE_TAG},val_loss,lr"]
    for i in range(60):
        loss = 2.0 / (1 + i / 10) if i < 40 else float("nan")
        rows.append(f"{i},{loss},{1.0 + i / 20},{0.1}")
    (d / "log.csv").write_text("\n".join(rows) + "\n")
    (d / "hparams.yaml").write_text('lr: "<b>bold</b>"\nnote: "\\e[31mred"\n')
    report = curvedoc.diagnose(tmp_path, roles={"train_loss": HOSTILE_TAG})
    assert report.runs and report.runs[0].findings, "the hostile run should have findings to render"
    return report


def _render(report, fmt, **kw):
    from curvedoc.reporters import render

    try:
        return render(report, fmt, **kw)
    except ModuleNotFoundError as exc:  # the reporter helper has not written this format yet
        pytest.skip(f"reporter {fmt!r} not available yet: {exc}")


@pytest.mark.parametrize("fmt", ["html", "markdown"])
def test_reporters_escape_html(hostile_report, fmt):
    out = _render(hostile_report, fmt)
    if fmt == "html":  # the page's own chart scripts (CSP-hashed) are the only <script> elements it may hold
        from curvedoc.reporters.interactive import INIT_JS, _vendor

        out = out.replace(f"<script>{_vendor()[0]}</script>", "").replace(f"<script>{INIT_JS}</script>", "")
    for raw in ("<script>", "<img src=x onerror", "<b>bold</b>"):
        # Markdown may escape with a backslash (CommonMark renders \< as a literal '<')
        hits = [m.start() for m in re.finditer(re.escape(raw), out)
                if fmt == "html" or m.start() == 0 or out[m.start() - 1] != "\\"]
        assert not hits, f"{fmt}: raw {raw!r} from log content in the output: {out[hits[0] - 80: hits[0] + 80]!r}"


def test_github_reporter_no_workflow_command_injection(hostile_report):
    out = _render(hostile_report, "github")
    for line in out.splitlines():
        assert not line.startswith("::error file=etc-passwd"), line


@pytest.mark.parametrize("color", [False, True])
def test_text_reporter_no_escape_sequences_from_logs(hostile_report, color):
    out = _render(hostile_report, "text", color=color)
    assert "\x1b]" not in out and "\x07" not in out and "\x1b[2J" not in out, repr(out[:300])
    if not color:
        assert "\x1b" not in out


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "github"])
def test_no_terminal_or_bidi_control_from_the_logs_reaches_a_human_format(hostile_report, fmt):
    """Issue 18 item 10: ESC, BEL, C1 controls and bidirectional overrides/isolates in a run's name or a tag are
    shown as '?' in every format a person reads (JSON escapes them by its own rules)."""
    out = _render(hostile_report, fmt)
    for ch in ("\x1b", "\x07", "\x9b", "\u202e", "\u2066"):
        assert ch not in out, (fmt, repr(ch), out[max(0, out.find(ch) - 60): out.find(ch) + 20])


def test_an_error_line_neutralises_control_characters_in_paths(tmp_path):
    import subprocess
    import sys

    d = tmp_path / "x\x1b]0;owned\x07\u202ey"
    d.mkdir()
    out = subprocess.run([sys.executable, "-m", "curvedoc", "diagnose", str(d)], capture_output=True, text=True)
    assert out.returncode == 2 and "no training log found" in out.stderr
    assert "\x1b" not in out.stderr and "\x07" not in out.stderr and "\u202e" not in out.stderr, repr(out.stderr)
