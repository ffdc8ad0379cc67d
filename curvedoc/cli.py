"""The command line: a thin layer over the library.

    curvedoc diagnose PATH [--format text|json|markdown|html|github] [--select ...] [--ignore ...]
    curvedoc audit SWEEP_DIR [--jobs N] ...
    curvedoc compare RUN... --baseline BASE [--band K] [--rtol R] ...
    curvedoc watch PATH [--fail-on error] [--exec CMD] [--idle SECONDS] [--format json]
    curvedoc rules            # list every rule
    curvedoc rule NAME|CODE   # explain one rule

Exit codes: 0 nothing at or above --fail-on was found; 1 something was; 2 usage, config or input error.
"""

from __future__ import annotations

import os
import re
import sys

import click

from curvedoc import __version__
from curvedoc.errors import ConfigError, CurvedocError
from curvedoc.vocab import FAIL_ON_LEVELS, SEVERITIES

FORMAT_CHOICES = ["text", "json", "markdown", "html", "github"]
_SURROGATES = re.compile("[\ud800-\udfff]")
RULES_DIR_HELP = "Folder of extra rule TOML files that override or extend the built-in catalogue (repeatable)."


def _split(values) -> list[str]:
    out: list[str] = []
    for v in values or ():
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def _common_options(f):
    opts = [
        click.option("--format", "fmt", type=click.Choice(FORMAT_CHOICES), default=None,
                     help="Output format (default: the one --out's extension names -- .json, .md, .html -- else text)."),
        click.option("--out", "out", type=str, default=None, metavar="FILE",
                     help="Write the report to FILE instead of standard output (- = standard output; required for html on a terminal). Checked before any work: its folder must exist, and it must not lie inside the input."),
        click.option("--select", multiple=True, help="Rules to run: codes, code prefixes (D, V0) or names; comma-separated; default ALL."),
        click.option("--extend-select", multiple=True, help="Rules to add to the selection."),
        click.option("--ignore", multiple=True, help="Rules to skip: codes, prefixes or names."),
        click.option("--role", "role", multiple=True, metavar="ROLE=TAG", help="Use TAG for ROLE (e.g. train_loss=loss/total)."),
        click.option("--param", "param", multiple=True, metavar="RULE.PARAM=VALUE", help="Override a rule parameter."),
        click.option("--fail-on", type=click.Choice(FAIL_ON_LEVELS), default=None,
                     help="Lowest severity that makes the exit code 1 (default: error)."),
        click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings are present (2 still means bad input)."),
        click.option("--statistics", is_flag=True, help="Print counts per rule across everything diagnosed."),
        click.option("--rules-dir", "rules_dir", multiple=True, type=click.Path(file_okay=False),
                     help=RULES_DIR_HELP),
        click.option("--config", "config", type=click.Path(dir_okay=False), default=None,
                     help="Read settings from this TOML file instead of the nearest pyproject.toml [tool.curvedoc]."),
        click.option("--color/--no-color", "color", default=None, help="Force colour on or off (default: on for a terminal, off when NO_COLOR is set)."),
        click.option("--storage-option", "storage_option", multiple=True, metavar="KEY=VALUE",
                     help="An fsspec storage option for s3:// gs:// az:// URLs (e.g. endpoint_url=http://127.0.0.1:9000, anon=true); repeatable."),
    ]
    for o in reversed(opts):
        f = o(f)
    return f


_reader_option = click.option(
    "--reader", type=click.Choice(["native", "tbparse"]), default=None,
    help="Reader of TensorBoard event files: curvedoc's own decoder (native, the default) or tbparse, the "
         "independent reference it is tested against (to check a surprising finding; slower, no damage report).")


def _settings(path, select, extend_select, ignore, role, param, fail_on, rules_dir, config, jobs=None, reader=None):
    """The one Settings of a command: its options over the config file (``--config``, else the working directory's
    pyproject.toml; never ``path``'s), built once and passed to the library."""
    from curvedoc.engine.config import Settings, parse_param_option, parse_role_option

    return Settings.build(
        config,
        select=_split(select) or None,
        extend_select=_split(extend_select) or None,
        ignore=_split(ignore) or None,
        params=parse_param_option(param),
        roles=parse_role_option(role),
        fail_on=fail_on,
        rules_dirs=list(rules_dir),
        jobs=jobs,
        reader=reader,
    )


def _storage_options(values) -> dict:
    """``KEY=VALUE`` pairs as fsspec storage options; a value that reads as JSON (true, 3, "x") is taken as such."""
    import json

    import re

    out: dict = {}
    for n, item in enumerate(values or (), 1):
        key, sep, value = item.partition("=")
        if not sep or not re.fullmatch(r"\s*[A-Za-z_][A-Za-z0-9_]*\s*", key):
            # never echoed: a mistyped option (secret:VALUE, a pasted credential) is likely to hold a secret
            _fail(f"--storage-option number {n} ({len(item)} characters, not shown as it may hold a secret): "
                  "expected KEY=VALUE with KEY a name such as endpoint_url (e.g. endpoint_url=http://127.0.0.1:9000)")
        try:
            out[key.strip()] = json.loads(value)
        except ValueError:
            out[key.strip()] = value
    return out


def _is_url(path) -> bool:
    from curvedoc.importers.remote import is_url

    return is_url(path)


def _use_color(color_flag) -> bool:
    if color_flag is not None:
        return color_flag
    if os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


def _check_out(out: str | None, inputs: str | None) -> str | None:
    """Check ``--out`` before any work: '-' is standard output; the folder must exist and be writable, the
    path must not be a folder, and it must not lie inside the input (a report written into a run folder would
    overwrite a log or be read as one next time). Exits 2 with one line otherwise."""
    if out is None or out == "-":
        return None
    target = os.path.abspath(out)
    parent = os.path.dirname(target) or "."
    if os.path.isdir(target):
        _fail(f"--out {out}: is a folder; name a file (e.g. {os.path.join(out, 'report.html')})")
    if not os.path.isdir(parent):
        _fail(f"--out {out}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK):
        _fail(f"--out {out}: the folder {parent} is not writable")
    if inputs is not None and _inside(out, inputs):  # None: the input is a storage URL, never a local folder
        _fail(f"--out {out}: inside the input {inputs} (or another name for one of its files); write the report "
              "outside the logs it reads")
    return out


def _inside(path: str, root: str) -> bool:
    """``path`` is ``root`` itself or lies under it, compared as absolute paths and as real paths (a
    ``latest -> runs/exp1`` symlink on either side is the same folder), or ``path`` is an existing file that a
    name in ``root`` resolves to (a symlink or hard link in the run folder to a log elsewhere)."""
    for target, src in ((os.path.abspath(path), os.path.abspath(root)), (os.path.realpath(path), os.path.realpath(root))):
        if target == src or target.startswith(src.rstrip(os.sep) + os.sep):
            return True
    return _names_file(root, path)


def _names_file(root: str, path: str) -> bool:
    """Some name under the folder ``root`` (followed through symlinked folders, each folder once) is the existing
    file ``path``. One listing of the tree, from the directory entries (no stat per file but the candidates)."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    if not os.path.isdir(root) or not os.path.isfile(path):
        return False
    seen, stack = set(), [root]
    while stack:
        d = stack.pop()
        try:
            dst = os.stat(d)
            if (dst.st_dev, dst.st_ino) in seen:
                continue
            seen.add((dst.st_dev, dst.st_ino))
            entries = list(os.scandir(d))
        except OSError:
            continue
        for e in entries:
            try:
                if e.is_dir():  # follows symlinks, as discovery does
                    stack.append(e.path)
                elif (e.is_symlink() or e.inode() == st.st_ino) and os.path.samefile(e.path, path):
                    return True
            except OSError:
                continue
    return False


def _emit(report, fmt, out, color, statistics):
    from curvedoc.reporters import render

    if fmt == "html" and out is None and sys.stdout.isatty():
        _fail("--format html writes a file: add --out report.html")
    use_color = _use_color(color) and out is None
    text = render(report, fmt, color=use_color, statistics=statistics)
    # a file or folder name that is not valid UTF-8 reaches the text as lone surrogates: they become U+FFFD
    # (the replacement character) so the file -- or the JSON piped from stdout -- stays valid UTF-8
    try:  # fails exactly when the text holds one (UTF-8 has no surrogates): a fifth of the regex's time on 6 MB
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = _SURROGATES.sub("\ufffd", text)
    if out:
        try:
            with open(out, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            _fail(f"--out {out}: cannot write: {exc.strerror or exc}")
        click.echo(f"curvedoc: wrote {out}", err=True)
    else:
        # color= tells click not to strip (or add) ANSI codes on its own: --color works through a pipe
        click.echo(text, nl=not text.endswith("\n"), color=use_color)


# set by entry(): this process ends when the command does (not so for main() called in-process: click's test runner,
# a notebook), so the audit may freeze what it keeps to the end (curvedoc._gcpause)
_ENDS_WITH_COMMAND = False

# the report format a file name's extension names (--out without --format)
OUT_EXTENSIONS = {".json": "json", ".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html",
                  ".txt": "text", ".log": "text"}


def _out_format(fmt: str | None, out: str | None) -> str:
    """The format to write: --format when given, else the one --out's extension names (text without --out or an
    extension). Exits 2 when the extension names no report format, or another one than --format (text written
    into x.json is no JSON file)."""
    if out is None or out == "-":
        return fmt or "text"
    ext = os.path.splitext(out)[1].lower()
    named = OUT_EXTENSIONS.get(ext)
    known = ", ".join(sorted(OUT_EXTENSIONS))
    if fmt is None:
        if named is not None or not ext:
            return named or "text"
        _fail(f"--out {out}: {ext!r} names no report format ({known}); add --format "
              f"({', '.join(FORMAT_CHOICES)})")
    if named is not None and named != fmt and not (named == "text" and fmt == "github"):
        _fail(f"--out {out}: the name says {named} ({ext}), but --format is {fmt}; drop --format or name the file "
              f"{os.path.splitext(out)[0]}{_EXT_FOR.get(fmt, '.txt')}")
    return fmt


_EXT_FOR = {"json": ".json", "markdown": ".md", "html": ".html", "text": ".txt", "github": ".txt"}


def _no_log_message(path: str, problems, what: str = "no training log found") -> str:
    from curvedoc.importers.discover import nothing_found

    return nothing_found(path, problems, what)


def _fail(msg: str) -> "NoReturn":  # noqa: F821
    from curvedoc.reporters.events import error_line

    click.echo(error_line(msg), err=True)  # paths and names in it come from the user's disk: cleaned there
    sys.exit(2)


def _check_plan(plan, settings) -> None:
    """A selection that leaves no rule to run is a mistake, not a clean bill of health."""
    _check_rule_count(len(plan.rules), settings)


def _check_rule_count(n_rules: int, settings) -> None:
    if not n_rules:
        sel = ", ".join(settings.select or ["ALL"])
        ign = ", ".join(settings.ignore or []) or "nothing"
        _fail(f"no rule left to run: the selection ({sel}) minus the ignored rules ({ign}) is empty; "
              "check --select/--ignore and [tool.curvedoc] in pyproject.toml")


def _check_roles(report, settings) -> None:
    """A role override whose tag no run has is a typo: say which tags come closest."""
    import difflib

    if not settings.roles or not report.runs:
        return
    seen: set[str] = set()
    used: set[str] = set()
    for rr in report.runs:
        seen.update(rr.tags or {})
        used.update(v for k, v in rr.roles.items() if settings.roles.get(k) == v)
    for role, tag in settings.roles.items():
        if tag in used or tag in seen:
            continue
        close = difflib.get_close_matches(tag, sorted(seen), n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        _fail(f"role {role}={tag}: no run has a tag {tag!r}{hint}")


class _Group(click.Group):
    """click's group, with Ctrl-C answered by exit code 130 (the shell's convention for SIGINT) instead of
    click's 'Aborted!' and exit 1, which this tool's exit codes reserve for 'findings'."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except (KeyboardInterrupt, click.exceptions.Abort, EOFError):
            click.echo("curvedoc: interrupted", err=True)
            sys.exit(130)
        except click.UsageError as exc:  # one line, as for every other user mistake
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            click.echo(f"curvedoc: error: {exc.format_message()}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="curvedoc")
def main():
    """curvedoc: a linter for training runs.

    Point it at a run or a sweep of runs; it says what went wrong, when, how sure it is, the likely
    causes ranked, and what to try first.
    """


@main.command()
@click.argument("path", type=click.Path(exists=False))
@_common_options
@_reader_option
def diagnose(path, fmt, out, select, extend_select, ignore, role, param, fail_on, exit_zero, statistics, rules_dir,
             config, color, storage_option, reader):
    """Diagnose the run(s) at PATH (a log file, a run folder, a folder of runs, or an s3:// gs:// az:// URL).

    \b
    Examples:
      curvedoc diagnose runs/exp1
      curvedoc diagnose s3://bucket/runs/exp1
      curvedoc diagnose train.log --select D,V --ignore D003
      curvedoc diagnose runs/exp1 --format html --out report.html
      curvedoc diagnose runs/exp1 --role train_loss=loss/total --fail-on warning
    """
    from curvedoc.engine import Plan, diagnose as _diagnose

    try:
        settings = _settings(path, select, extend_select, ignore, role, param, fail_on, rules_dir, config,
                             reader=reader)
        _check_plan(Plan.build(settings), settings)  # validate selectors and parameters before reading anything
    except (ConfigError, CurvedocError) as exc:
        _fail(str(exc))
    options = _storage_options(storage_option)
    remote = _is_url(path)
    if not remote and not os.path.lexists(path):
        _fail(f"{path}: no such file or directory")
    out = _check_out(out, None if remote else path)
    fmt = _out_format(fmt, out)
    try:
        report = _diagnose(path, settings=settings, storage_options=options)
    except (ConfigError, CurvedocError) as exc:
        _fail(str(exc))
    if not report.runs:
        _fail(_no_log_message(path, report.problems))
    _check_roles(report, settings)
    _emit(report, fmt, out, color, statistics)
    code = report.exit_status(settings.fail_on)
    if exit_zero and code == 1:
        code = 0
    sys.exit(code)


@main.command()
@click.argument("path", type=click.Path(exists=False))
@click.option("--jobs", "-j", type=int, default=None, help="Worker processes (default: number of cores).")
@click.option("--no-cache", is_flag=True, help="Do not read or write the results cache.")
@click.option("--cache-dir", type=click.Path(file_okay=False), default=None,
              help="Where to keep the results cache (default: the user cache folder, never inside the sweep).")
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: on a terminal only).")
@click.option("--resume", is_flag=True,
              help="With --out results.jsonl: keep the runs already complete in it (inputs unchanged) and diagnose only the rest.")
@click.option("--executor", type=click.Choice(["processes", "dask"]), default="processes", show_default=True,
              help="Where runs are diagnosed: a local process pool, or a Dask cluster (pip install 'curvedoc[dask]').")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Dask scheduler address (tcp://HOST:PORT) for --executor dask; default: a local cluster of --jobs workers.")
@_common_options
@_reader_option
def audit(path, jobs, no_cache, cache_dir, progress, resume, executor, scheduler, fmt, out, select, extend_select,
          ignore, role, param, fail_on, exit_zero, statistics, rules_dir, config, color, storage_option, reader):
    """Audit every run under a sweep folder or storage URL: rank them, count findings, explain what failing runs
    share.

    With --out FILE.jsonl each run's result is written to FILE as one JSON line the moment it is diagnosed (the
    report in --format still goes to standard output); --resume after an interrupted audit diagnoses only the
    runs missing from FILE. PATH may also be such a results file: the report is built from it, nothing is read
    again.

    \b
    Examples:
      curvedoc audit sweeps/grid --jobs 4
      curvedoc audit sweeps/grid --format html --out sweep.html
      curvedoc audit s3://bucket/sweep --out results.jsonl --resume
      curvedoc audit results.jsonl --format html --out sweep.html
      curvedoc audit s3://bucket/sweep --executor dask --scheduler tcp://10.0.0.5:8786
      curvedoc audit sweeps/grid --format json --out results.json --no-cache
    """
    from pathlib import Path

    from curvedoc._gcpause import freeze_at_end_of_pauses
    from curvedoc.engine.audit import audit as _audit, report_from_stream
    from curvedoc.engine.cache import default_cache_dir, rules_checked
    from curvedoc.engine.stream import is_stream

    if _ENDS_WITH_COMMAND:  # the process ends with this command: what the audit keeps needs no more scanning
        freeze_at_end_of_pauses()
    try:
        settings = _settings(path, select, extend_select, ignore, role, param, fail_on, rules_dir, config, jobs,
                             reader=reader)
        # checked as Plan.build checks, or read from the note an earlier audit with these settings and this code left
        # in the cache (written there by the audit, never here: the --cache-dir checks below come first)
        cache_root = None if no_cache else (Path(cache_dir) if cache_dir else default_cache_dir())
        _check_rule_count(rules_checked(settings, cache_root)[0], settings)
    except (ConfigError, CurvedocError) as exc:
        _fail(str(exc))
    options = _storage_options(storage_option)
    remote = _is_url(path)
    stream = out if out and out.lower().endswith((".jsonl", ".ndjson")) else None
    if resume and stream is None:
        _fail("--resume needs --out FILE.jsonl (the results file to resume)")
    if scheduler and executor != "dask":
        _fail("--scheduler is for --executor dask")
    from_stream = not remote and os.path.isfile(path) and is_stream(path)
    if not from_stream and not remote and not os.path.isdir(path):
        _fail(f"{path}: not a folder" if os.path.lexists(path) else f"{path}: no such file or directory")
    # where the output goes is checked first (as for diagnose): an --out that is one of the input's files is refused
    # as such, whatever its extension says about the format
    out = _check_out(out, None if remote else path)
    fmt = _out_format(fmt, None if stream else out)  # a results stream is JSON lines; the report goes to stdout
    if from_stream:
        if stream or resume:
            _fail(f"{path} is a results file: its report is rebuilt as it is; --out FILE.jsonl/--resume are for a sweep")
        report = report_from_stream(path)
    else:
        if cache_dir is not None and not remote and _inside(cache_dir, path):
            _fail(f"--cache-dir {cache_dir}: inside the sweep {path}; the cache would be read as runs next time")
        show_progress = progress if progress is not None else sys.stderr.isatty()
        try:
            report = _audit(path, settings=settings, jobs=settings.jobs, cache=not no_cache, cache_dir=cache_dir,
                            progress=show_progress, storage_options=options, executor=executor, scheduler=scheduler,
                            stream=stream, resume=resume)
        except (ConfigError, CurvedocError) as exc:
            _fail(str(exc))
        if stream:
            click.echo(f"curvedoc: wrote {stream} ({len(report.runs)} runs; "
                       f"{report.sweep.resumed_runs or 0} kept from before)", err=True)
            out = None
    if not report.runs:
        _fail(_no_log_message(path, report.problems, "no training runs found"))
    _check_roles(report, settings)
    _emit(report, fmt, out, color, statistics)
    code = report.exit_status(settings.fail_on)
    if exit_zero and code == 1:
        code = 0
    sys.exit(code)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=False))
@click.option("--baseline", "-b", required=True, type=click.Path(exists=False), metavar="BASE",
              help="The baseline: a run (file or folder), or a folder of several seeds of one recipe (their spread widens the band).")
@click.option("--band", type=float, default=None, metavar="K",
              help="Band half-width in standard deviations of the baseline's noise (default 4; larger = more tolerant).")
@click.option("--rtol", type=float, default=None, metavar="R", help="Smallest band half-width relative to the baseline (e.g. 0.05 = 5%%).")
@click.option("--atol", type=float, default=None, metavar="A", help="Smallest band half-width in the curve's own units.")
@click.option("--seed-rtol", "seed_rtol", type=float, default=None, metavar="R",
              help="Relative half-width assumed for seed-to-seed spread when the baseline is one run (default 0.2; 0 for same-seed runs).")
@click.option("--align", type=click.Choice(["auto", "step", "epoch", "tokens"]), default=None,
              help="Common axis (default auto: the step, or the epoch / tokens when the steps per epoch differ).")
@_common_options
@_reader_option
def compare(paths, baseline, band, rtol, atol, seed_rtol, align, fmt, out, select, extend_select, ignore, role, param,
            fail_on, exit_zero, statistics, rules_dir, config, color, storage_option, reader):
    """Compare run(s) with a baseline run: curves out of the baseline's noise band, final and best values,
    and findings the baseline does not have.

    The exit code is 1 when a finding the baseline does not have is at or above --fail-on (default error):
    a curve that became worse than the baseline (C001), or a new problem such as a divergence.

    \b
    Examples:
      curvedoc compare runs/new --baseline golden/
      curvedoc compare runs/* --baseline golden/ --format markdown
      curvedoc compare runs/new --baseline golden/ --rtol 0.05 --fail-on warning
      curvedoc compare runs/new --baseline golden/ --format html --out compare.html
    """
    from curvedoc.comparison import compare as _compare
    from curvedoc.engine import Plan
    from curvedoc.errors import LoadError

    for name, v in (("--band", band), ("--rtol", rtol), ("--atol", atol), ("--seed-rtol", seed_rtol)):
        if v is not None and not (v >= 0 and v != float("inf")):
            _fail(f"{name} must be a finite number >= 0, got {v}")
    try:
        settings = _settings(paths[0], select, extend_select, ignore, role, param, fail_on, rules_dir, config,
                             reader=reader)
        _check_plan(Plan.build(settings), settings)
    except (ConfigError, CurvedocError) as exc:
        _fail(str(exc))
    options = _storage_options(storage_option)
    for p in (*paths, baseline):
        if not _is_url(p) and not os.path.lexists(p):
            _fail(f"{p}: no such file or directory")
    for p in paths:
        out = _check_out(out, p) if out not in (None, "-") and not _is_url(p) else out
    out = _check_out(out, None if _is_url(baseline) else baseline) if out not in (None, "-") else None
    fmt = _out_format(fmt, out)
    try:
        report = _compare(list(paths), baseline, settings=settings, band=band, rtol=rtol, atol=atol,
                          seed_rtol=seed_rtol, align=align, storage_options=options)
    except LoadError as exc:
        _fail(str(exc))
    except ConfigError as exc:
        _fail(str(exc))
    if not report.runs:
        _fail(_no_log_message(paths[0], []) if len(paths) == 1 else f"{', '.join(paths)}: no training log found")
    _check_roles(report, settings)
    _emit(report, fmt, out, color, statistics)
    stuck = [rr for rr in report.runs if rr.comparison is not None and rr.comparison.verdict == "not-compared"]
    if stuck:  # nothing was compared: neither a pass nor a failure
        notes = "; ".join(stuck[0].comparison.notes) or "no shared role, metric or loss tag"
        _fail(f"{stuck[0].run}{f' (and {len(stuck) - 1} more)' if len(stuck) > 1 else ''}: no curve could be "
              f"compared with the baseline ({notes})")
    code = report.exit_status(settings.fail_on)
    if exit_zero and code == 1:
        code = 0
    sys.exit(code)


def _exec_hook(cmd: str, ev) -> None:
    """Run ``cmd`` for a finding (:func:`curvedoc.watch.exec_hook`: no shell, the finding as data); its output
    (bounded) and how it ended go to stderr."""
    from curvedoc.watch import exec_hook

    f = ev.finding
    r = exec_hook(cmd, ev)
    if r.output:  # the hook's own output goes to stderr: stdout stays the watch's (JSON lines stay parseable)
        click.echo(r.output, err=True, nl=not r.output.endswith("\n"))
    if r.dropped:
        click.echo(f"curvedoc: --exec {cmd!r}: {r.dropped:,} more bytes of output not shown", err=True)
    if r.error:
        click.echo(f"curvedoc: --exec {cmd!r} {r.error} for {f.code} on {ev.run}", err=True)
    elif r.returncode:
        click.echo(f"curvedoc: --exec {cmd!r} exited with {r.returncode} for {f.code} on {ev.run}", err=True)


@main.command()
@click.argument("path", type=click.Path(exists=False))
@click.option("--interval", type=float, default=2.0, show_default=True, metavar="SECONDS", help="Seconds between polls.")
@click.option("--idle", type=float, default=None, metavar="SECONDS",
              help="End after this many seconds without growth (default: watch until Ctrl-C), after a last full diagnosis.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one block per new finding; json: one JSON object per line (event 'finding', then 'end').")
@click.option("--exec", "exec_cmd", default=None, metavar="CMD",
              help="Run CMD for each new finding: the finding as JSON on stdin and in CURVEDOC_* environment variables (no shell).")
@click.option("--fail-on", type=click.Choice(SEVERITIES), default=None,
              help="Exit 1 at the first finding at or above this severity (e.g. to stop a job).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 at the end even when findings are present.")
@click.option("--select", multiple=True, help="Rules to run (as for diagnose).")
@click.option("--extend-select", multiple=True, help="Rules to add to the selection.")
@click.option("--ignore", multiple=True, help="Rules to skip.")
@click.option("--role", "role", multiple=True, metavar="ROLE=TAG", help="Use TAG for ROLE.")
@click.option("--param", "param", multiple=True, metavar="RULE.PARAM=VALUE", help="Override a rule parameter.")
@click.option("--rules-dir", "rules_dir", multiple=True, type=click.Path(file_okay=False), help=RULES_DIR_HELP)
@click.option("--config", "config", type=click.Path(dir_okay=False), default=None, help="Settings file (as for diagnose).")
@click.option("--color/--no-color", "color", default=None, help="Force colour on or off.")
def watch(path, interval, idle, fmt, exec_cmd, fail_on, exit_zero, select, extend_select, ignore, role, param,
          rules_dir, config, color):
    """Watch a run (or a sweep) while it is written: print each new finding once, as it appears.

    Reads only what was appended since the last poll; rules that judge a finished run (unfinished, schedule
    ended early, crashed, underfitting) wait for the end: after --idle seconds without growth every run is
    read in full and diagnosed as `diagnose` would.

    \b
    Examples:
      curvedoc watch runs/exp1
      curvedoc watch runs/exp1 --fail-on error && echo ok      # exit 1 at the first error
      curvedoc watch sweeps/grid --idle 600 --format json | jq .
      curvedoc watch runs/exp1 --fail-on error --exec "scancel 12345"
    """
    from curvedoc.engine import Plan
    from curvedoc.reporters.events import (event_json, event_text, note_line, palette, watch_end_json,
                                           watch_end_text)
    from curvedoc.vocab import at_or_above
    from curvedoc.watch import Watcher

    if not (interval > 0 and interval != float("inf")):
        _fail(f"--interval must be a positive number of seconds, got {interval}")
    if idle is not None and not (idle >= 0 and idle != float("inf")):
        _fail(f"--idle must be a number of seconds >= 0, got {idle}")
    if exec_cmd is not None:
        import shlex

        try:
            if not shlex.split(exec_cmd):
                _fail("--exec: empty command")
        except ValueError as exc:
            _fail(f"--exec {exec_cmd!r}: {exc}")
    try:
        settings = _settings(path, select, extend_select, ignore, role, param, None, rules_dir, config)
        _check_plan(Plan.build(settings), settings)
    except (ConfigError, CurvedocError) as exc:
        _fail(str(exc))
    if not os.path.lexists(path):
        _fail(f"{path}: no such file or directory")
    c = palette(_use_color(color))
    worst: list[str] = []

    def emit(ev) -> None:
        if fmt == "json":
            click.echo(event_json(ev))
        else:
            click.echo(event_text(ev, c), color=c.enabled)
        if exec_cmd:
            _exec_hook(exec_cmd, ev)
        worst.append(ev.finding.severity)

    watcher = Watcher(path, settings=settings, on_event=emit,
                      on_note=lambda msg: click.echo(note_line(msg), err=True))
    hit = watcher.run(interval=interval, idle=idle, stop=(lambda ev: at_or_above(ev.finding.severity, fail_on)))
    n = len(watcher.runs)
    if fmt == "json":
        click.echo(watch_end_json(n, len(worst), watcher.polls, None if hit is None else hit.finding.code))
    else:
        click.echo(watch_end_text(n, len(worst), watcher.polls, hit, c), err=True)
    if hit is not None:
        sys.exit(1)
    code = 1 if any(at_or_above(s, settings.fail_on) for s in worst) else 0
    sys.exit(0 if exit_zero else code)


def _catalog(rules_dir):
    """The rule catalogue (built-in plus --rules-dir folders), or exit 2 with the configuration error."""
    from curvedoc.engine.rules import load_catalog

    try:
        return load_catalog(rules_dir)
    except ConfigError as exc:
        _fail(str(exc))


@main.command("rules")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text", show_default=True,
              help="Output format.")
@click.option("--rules-dir", "rules_dir", multiple=True, type=click.Path(file_okay=False), help=RULES_DIR_HELP)
def rules_cmd(fmt, rules_dir):
    """List every rule: code, name, severity, needed roles, symptom.

    \b
    Examples:
      curvedoc rules
      curvedoc rules --format markdown > RULES.md
    """
    from curvedoc.reporters.rulesdoc import list_rules

    click.echo(list_rules(_catalog(rules_dir), fmt), nl=False)


@main.command("rule")
@click.argument("name_or_code")
@click.option("--rules-dir", "rules_dir", multiple=True, type=click.Path(file_okay=False), help=RULES_DIR_HELP)
def rule_cmd(name_or_code, rules_dir):
    """Explain one rule: what it detects, why it matters, parameters, likely causes and fixes.

    \b
    Examples:
      curvedoc rule D001
      curvedoc rule overfitting
    """
    from curvedoc.reporters.rulesdoc import explain_rule

    cat = _catalog(rules_dir)
    rule = cat.get(name_or_code)
    if rule is None:
        _fail(f"unknown rule {name_or_code!r}{cat.did_you_mean(name_or_code)} (see `curvedoc rules`)")
    click.echo(explain_rule(cat, rule), nl=False)


def entry() -> None:
    """The ``curvedoc`` command (console script and ``python -m curvedoc``): :func:`main`, then a quick exit.

    Tearing the interpreter down (pandas' and numpy's modules, every object of the runs) took about 70 ms of a
    0.45 s diagnosis and does nothing a finished command needs. Once the output is flushed, and when no child
    process or other thread is left (an audit's pool, a storage client's I/O thread: those get the ordinary
    exit and its clean-up), the process ends at once with the command's exit code."""
    import os

    global _ENDS_WITH_COMMAND
    _ENDS_WITH_COMMAND = True
    try:
        main()
        code: object = 0
    except SystemExit as exc:
        code = exc.code
    if code is None:
        code = 0
    elif not isinstance(code, int):  # what the interpreter does with SystemExit("message")
        print(code, file=sys.stderr)
        code = 1
    import threading

    mp = sys.modules.get("multiprocessing")
    if threading.active_count() > 1 or (mp is not None and mp.active_children()):
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # a closed pipe: let the interpreter report it as it always does
        sys.exit(code)
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()
