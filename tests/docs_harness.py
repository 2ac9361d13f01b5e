"""Run the commands of the README and docs/*.md as a reader would, and compare what they print.

`tests/project/test_docs.py` uses this module; run as a script it rewrites the shown outputs of a
document from real runs (the way docs/cli.md is kept true):

    python tests/docs_harness.py docs/cli.md            # rerun every command, rewrite its output
    python tests/docs_harness.py --check docs/cli.md    # only say what differs (exit 1 if anything)
    python tests/docs_harness.py --fast README.md       # leave the slow commands' outputs as they are

What is run, per document, in the order it is written, in one scratch folder that holds copies of
`content/`, `schemas/`, `tests/conformance/`, `tests/content/`, `tests/data/` and `docs/examples/`
(so `gaia new ... -o game.json` and then `gaia move game.json 1` work as they would for a reader,
and no command can change the repository); `$GAIA` is the repository, `COLUMNS` 100:

- a fenced block (```` ``` ````, ```` ```sh ````, ```` ```console ````, ```` ```text ````) whose
  lines start with `$ ` is a transcript: each `$ ` line is a command (continued by a trailing `\\`,
  an open quote or a here-document), the lines up to the next `$ ` are its output (stdout and
  stderr as a terminal shows them, trailing spaces ignored), and a last line `[exit N]` is its exit
  code. Without `[exit N]` the command must exit 0. Each command starts in the scratch folder;
- a ```` ```sh ```` block without `$ ` lines holds commands whose output is not shown: each must exit 0;
- a ```` ```python ```` block is run with `python` and must exit 0;
- a plain block that starts with `gaia ` and holds no `$ ` is a synopsis (`gaia report RESULTS
  [BASELINE] [-o report.html]`): its command and option names are checked;
- an inline `` `gaia ...` `` in the prose is run too, exit 0 expected, unless it is a synopsis
  (it holds a placeholder such as `FILE`, `ID`, `N`, or `[`, `...`, `|`, or names only the
  command, `gaia play`): then only its command and option names are checked against the CLI.
  A command shown twice in one document runs once. `gaia --install-completion` is never run
  (it changes the reader's shell start-up files); its name is checked.

Every `gaia` command that is not run, or is shown succeeding, is also parsed by the CLI itself: an
option that does not exist, an option without its value or a value that is not one of the listed
choices fails the test (a synopsis: its option names only).

An HTML comment on the line before a block's opening fence changes how it is checked (it does not
show when the markdown is rendered):

    <!-- doc-test: slow -->             run only in the slow tier (`python -m pytest -m slow`)
    <!-- doc-test: pattern -->          `...` in an output line matches any text, and a line
                                        holding only `...` matches any number of lines
    <!-- doc-test: numbers -->          numbers and the padding around them may differ (figures
                                        of the machine, such as `gaia bench`); the words must match
    <!-- doc-test: session -->          an interactive session: the text after each `NAME> `
                                        prompt is typed in (the piped session does not echo it)
    <!-- doc-test: output -->           the block is what the ```python block before it prints
    <!-- doc-test: columns 110 -->      terminal width (default 100)
    <!-- doc-test: setup NAME -->        first prepare the scratch folder with FIXTURES[NAME] below
    <!-- doc-test: file PATH -->         the block is the text of PATH: write it in the scratch folder
    <!-- doc-test: same-as PATH -->      the block must equal the repository's PATH (apart from
                                        the comment lines each starts with)
    <!-- doc-test: produces PATH -->     after the block, the scratch folder's PATH must equal the
                                        repository's
    <!-- doc-test: not run: REASON -->  the commands are parsed by the CLI but not run (say why)
    <!-- doc-test: skip: REASON -->     not checked at all (say why; e.g. the install line)

Several words may be combined (`<!-- doc-test: slow numbers -->`). A comment on a line of its own
that is not before a fence, `<!-- doc-test: inline not run: REASON -->`, applies to every inline
command of its document. A command of `gaia bench`, `arena`, `tune` or `simulate`, and any later
command that reads a file such a command wrote (`-o FILE`, `> FILE`), is slow too.
"""
from __future__ import annotations

import argparse
import atexit
import difflib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

# every document whose commands are run; docs/catalogue.md is `gaia explain --all` itself
# (tests/language/test_explain.py keeps it true), so only its paths are checked
DOCUMENTS = [REPO / "README.md"] + sorted(p for p in (REPO / "docs").glob("*.md") if p.name != "catalogue.md")
ALL_DOCUMENTS = [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))

# copied into every scratch folder, so a command may read them (and change its copies)
# (never `gaia_rules/`: a folder of that name in the current folder would hide the installed package
# from `python -c` and `python script.py`)
COPIED = ["content", "schemas", "tests/conformance", "tests/content", "tests/data", "docs/examples"]

SLOW_COMMANDS = {"bench", "arena", "tune", "simulate"}
NEVER_RUN = {"--install-completion": "it changes the reader's shell start-up files"}
DEFAULT_COLUMNS = 100
TIMEOUT_S = 1800

FLAGS = {"slow", "pattern", "numbers", "session", "output"}
WITH_VALUE = {"file", "same-as", "setup", "produces", "columns"}
DIRECTIVE = re.compile(r"^\s*<!--\s*doc-test:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```\s*([\w+-]*)\s*$")
EXIT_LINE = re.compile(r"^\[exit (\d+)\]$")
PROMPT = re.compile(r"^([\w-]+)> ")
PLACEHOLDER = re.compile(r"(?<![\w-])[A-Z][A-Z_]*(?![\w])|\[|\]|\.\.\.|…|(?<!\\)\|")


# ------------------------------------------------------------------ what a document holds

def _rel(path: Path) -> str:
    """A document's path as the messages name it: from the repository when it is inside."""
    try:
        return path.relative_to(REPO).as_posix()
    except ValueError:
        return str(path)


@dataclass
class Directive:
    flags: set = field(default_factory=set)
    values: dict = field(default_factory=dict)
    not_run: str | None = None
    skip: str | None = None

    @classmethod
    def parse(cls, text: str, where: str) -> "Directive":
        d = cls()
        words = text.split()
        i = 0
        while i < len(words):
            w = words[i]
            rest = " ".join(words[i:])
            if rest.startswith("not run:"):
                d.not_run = rest[len("not run:"):].strip()
                break
            if rest.startswith("skip:"):
                d.skip = rest[len("skip:"):].strip()
                break
            if w in FLAGS:
                d.flags.add(w)
            elif w in WITH_VALUE and i + 1 < len(words):
                d.values[w] = words[i + 1]
                i += 1
            else:
                raise ValueError(f"{where}: unknown doc-test word {w!r} in {text!r}")
            i += 1
        if (d.not_run is not None and not d.not_run) or (d.skip is not None and not d.skip):
            raise ValueError(f"{where}: say why a block is not run ({text!r})")
        return d

    @property
    def columns(self) -> int:
        return int(self.values.get("columns", DEFAULT_COLUMNS))


@dataclass
class Command:
    source: list[str]            # the lines as written, `$ ` prompt included for a transcript
    text: str                    # what the shell runs
    line: int                    # 1-based line of the document
    expected: list[str] | None   # the output shown (None: not shown)
    exit: int = 0
    exit_shown: bool = False
    slow: bool = False
    run: bool = True             # False: parsed by the CLI only
    why_not: str = ""


@dataclass
class Block:
    doc: Path
    line: int                    # 1-based line of the opening fence
    lang: str
    body: list[str]              # the lines between the fences
    body_start: int              # 0-based index of the first body line in the document
    directive: Directive
    kind: str = ""               # transcript, commands, python, file, same-as, inline, other
    commands: list[Command] = field(default_factory=list)
    blank_between: bool = False

    @property
    def where(self) -> str:
        return f"{_rel(self.doc)}:{self.line}"


def read_blocks(doc: Path) -> tuple[list[Block], list[str]]:
    """The fenced blocks of a document, in order, and the document's lines."""
    lines = doc.read_text(encoding="utf-8").split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            j += 1
        if j == len(lines):
            raise ValueError(f"{doc}:{i + 1}: a code block that is never closed")
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        dm = DIRECTIVE.match(lines[k]) if k >= 0 and k >= i - 2 else None
        directive = Directive.parse(dm.group(1), f"{doc.name}:{k + 1}") if dm else Directive()
        indent = len(m.group(1))
        body = [ln[indent:] if ln[:indent].strip() == "" else ln for ln in lines[i + 1:j]]
        blocks.append(Block(doc, i + 1, m.group(2), body, i + 1, directive))
        i = j + 1
    return blocks, lines


def _complete(text: str) -> bool:
    """Whether a shell command is whole (no open quote, here-document or trailing backslash)."""
    if text.endswith("\\"):
        return False
    heredoc = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", text)
    if heredoc:
        return text.rstrip().split("\n")[-1].strip() == heredoc.group(1) and text.count("\n") > 0
    try:
        shlex.split(text, comments=True)
    except ValueError:
        return False
    return True


def parse_transcript(block: Block) -> None:
    cmds: list[Command] = []
    body = block.body
    i = 0
    saw_blank_before = False
    while i < len(body):
        if not body[i].startswith("$ "):
            if not cmds and body[i].strip():
                raise ValueError(f"{block.where}: a transcript starts with a `$ ` command, not {body[i]!r}")
            i += 1
            continue
        start = i
        text = body[i][2:]
        source = [body[i]]
        while not _complete(text) and i + 1 < len(body):
            i += 1
            source.append(body[i])
            text += "\n" + body[i]
        i += 1
        out = []
        while i < len(body) and not body[i].startswith("$ "):
            out.append(body[i])
            i += 1
        while out and not out[-1].strip():
            out.pop()
            saw_blank_before = True
        code, shown = 0, False
        if out and EXIT_LINE.match(out[-1]):
            code, shown = int(EXIT_LINE.match(out[-1]).group(1)), True
            out.pop()
        cmds.append(Command(source, text, block.line + 1 + start, out, code, shown))
    block.kind = "transcript"
    block.commands = cmds
    block.blank_between = saw_blank_before


def parse_commands(block: Block) -> None:
    """A ```sh block without prompts: each (continued) line a command whose output is not shown."""
    cmds = []
    body = block.body
    i = 0
    while i < len(body):
        if not body[i].strip() or body[i].lstrip().startswith("#"):
            i += 1
            continue
        start = i
        text = body[i]
        source = [body[i]]
        while not _complete(text) and i + 1 < len(body):
            i += 1
            source.append(body[i])
            text += "\n" + body[i]
        i += 1
        cmds.append(Command(source, text, block.line + 1 + start, None))
    block.kind = "commands"
    block.commands = cmds


def inline_commands(doc: Path, lines: list[str], blocks: list[Block]) -> list[Block]:
    """The inline `gaia ...` of the prose, each as a one-command block at its line."""
    prose = list(lines)
    for b in blocks:
        for k in range(b.line - 1, b.body_start + len(b.body) + 1):
            prose[k] = ""
    text = "\n".join(prose)
    found = []
    for m in re.finditer(r"(?<!`)`((?:[^`\n]|\n(?!\s*\n))+)`(?!`)", text):
        code = " ".join(m.group(1).split())
        if not (code == "gaia" or code.startswith("gaia ")):
            continue
        words = code.split()
        if len(words) > 1 and words[1].endswith(":"):
            continue  # a message such as `gaia report: tour.jsonl:7: not JSON`
        line = text.count("\n", 0, m.start()) + 1
        b = Block(doc, line, "inline", [code], line - 1, Directive(), kind="inline")
        b.commands = [Command([code], code, line, None)]
        found.append(b)
    return found


@dataclass
class Document:
    path: Path
    lines: list[str]
    steps: list[Block]          # blocks and inline commands in document order
    inline_not_run: str | None = None


def read_document(path: Path) -> Document:
    blocks, lines = read_blocks(path)
    inline_not_run = None
    fence_lines = {b.line - 1 for b in blocks}
    for k, ln in enumerate(lines):
        m = DIRECTIVE.match(ln)
        if not m:
            continue
        nxt = k + 1
        while nxt < len(lines) and not lines[nxt].strip():
            nxt += 1
        if nxt in fence_lines and nxt <= k + 2:
            continue
        if m.group(1).startswith("inline not run:"):
            inline_not_run = m.group(1)[len("inline not run:"):].strip()
        else:
            raise ValueError(f"{path.name}:{k + 1}: a doc-test comment must stand right before a code block")
    for b in blocks:
        d = b.directive
        has_prompt = any(ln.startswith("$ ") for ln in b.body)
        if d.skip is not None:
            b.kind = "skip"
        elif "file" in d.values:
            b.kind = "file"
        elif "same-as" in d.values:
            b.kind = "same-as"
        elif "output" in d.flags:
            b.kind = "python-output"
        elif b.lang == "python":
            b.kind = "python"
        elif has_prompt and b.lang in ("", "sh", "console", "text", "shell"):
            parse_transcript(b)
        elif b.lang in ("sh", "shell", "bash"):
            parse_commands(b)
        elif b.lang in ("", "text") and b.body and b.body[0].startswith("gaia "):
            b.kind = "synopsis"   # `gaia simulate --games N [--bot KIND] ...`: its option names are checked
            text = " ".join(" ".join(b.body).split())
            b.commands = [Command(b.body, text, b.line + 1, None, run=False, why_not="a synopsis")]
        else:
            b.kind = "other"
        if d.not_run is not None:
            for c in b.commands:
                c.run, c.why_not = False, d.not_run
        if "slow" in d.flags:
            for c in b.commands:
                c.slow = True
    steps = sorted(blocks + inline_commands(path, lines, blocks), key=lambda b: b.line)
    doc = Document(path, lines, steps, inline_not_run)
    _classify(doc)
    return doc


SHELL_OPERATORS = {";", "&&", "||", "|", "&", "(", ")", ";;"}
REDIRECTIONS = {">", ">>", "<", "<<", ">&", "&>", "<&", ">|"}
SHELL_KEYWORDS = {"do", "then", "else", "!", "{", "time"}


def gaia_calls(text: str) -> list[list[str]]:
    """The argument lists of every `gaia` call in a shell command (after pipes, `;`, `&&`, ...)."""
    text = text.replace("\\\n", " ")
    try:
        lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|<>()")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        tokens = list(lexer)
    except ValueError:
        return []
    calls: list[list[str]] = []
    current: list[str] | None = None
    at_start, skip_next = True, False
    for tok in tokens:
        if skip_next:
            skip_next = False
            continue
        if tok in REDIRECTIONS:
            if current and current[-1].isdigit():
                current.pop()  # the descriptor of 2>&1
            skip_next = True
            continue
        if tok in SHELL_OPERATORS:
            if current is not None:
                calls.append(current)
            current, at_start = None, True
            continue
        if at_start:
            at_start = tok in SHELL_KEYWORDS
            if tok == "gaia":
                current = []
            continue
        if current is not None:
            current.append(tok)
    if current is not None:
        calls.append(current)
    return calls


def written_files(text: str) -> set[str]:
    """Files a command writes: after `-o`/`--output` and after `>`."""
    words = re.findall(r"(?:^|\s)(?:-o|--output)\s+(\S+)|>\s*(\S+)", text)
    return {a or b for a, b in words}


def _classify(doc: Document) -> None:
    """Decide which inline commands run, and which commands are slow."""
    seen: set[str] = set()
    slow_files: set[str] = set()
    for step in doc.steps:
        for cmd in step.commands:
            if step.kind == "inline":
                code = cmd.text
                args = code.split()[1:]
                if code in seen:
                    cmd.run, cmd.why_not = False, "shown before"
                elif any(a in NEVER_RUN for a in args):
                    cmd.run, cmd.why_not = False, next(NEVER_RUN[a] for a in args if a in NEVER_RUN)
                elif len(args) <= 1 and not (args and args[0].startswith("-")):
                    cmd.run, cmd.why_not = False, "a command's name"
                elif PLACEHOLDER.search(" ".join(args)):
                    cmd.run, cmd.why_not = False, "a synopsis"
                elif doc.inline_not_run:
                    cmd.run, cmd.why_not = False, doc.inline_not_run
                seen.add(code)
            calls = gaia_calls(cmd.text)
            if any(c and c[0] in SLOW_COMMANDS for c in calls):
                cmd.slow = True
            if not cmd.slow and slow_files and any(f in re.split(r"[\s'\"=]+", cmd.text) for f in slow_files):
                cmd.slow = True
            if cmd.slow and cmd.run:
                slow_files |= written_files(cmd.text)


# ------------------------------------------------------------------ the CLI's own parser

def cli_problem(args: list[str], synopsis: bool = False) -> str | None:
    """Why the `gaia` CLI would not accept these arguments (None: it would)."""
    import typer
    try:
        from typer import _click as click   # typer >= 0.26 carries its own click
    except ImportError:  # pragma: no cover - older typer
        import click

    from gaia_rules.faces import app as app_module
    from gaia_rules.faces.cli import app

    group = typer.main.get_command(app)
    group_opts = {o for p in group.params for o in p.opts} | {"-h", "--help", "--install-completion",
                                                              "--show-completion"}
    i = 0
    while i < len(args) and args[i].startswith("-"):
        if args[i] not in group_opts:
            return f"gaia has no option {args[i]}"
        if args[i] == "--show-completion" and i + 1 < len(args) and args[i + 1] in ("bash", "zsh", "fish", "powershell"):
            i += 1
        i += 1
    if i == len(args):
        return None
    name, rest = args[i], args[i + 1:]
    if name not in group.commands:
        return f"gaia has no command {name!r}"
    sub = group.commands[name]
    if synopsis:
        known = {o for p in sub.params for o in list(p.opts) + list(p.secondary_opts)} | {"-h", "--help"}
        for opt in re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", " ".join(rest)):
            if opt not in known:
                return f"gaia {name} has no option {opt}"
        return None
    ctx = click.Context(group, info_name="gaia")
    try:
        sub_ctx = sub.make_context(name, list(rest), parent=ctx)
    except typer.Exit:
        return None
    except click.ClickException as err:
        return f"gaia {name}: {err.format_message()}"
    if "--content" in rest:
        return None  # a designer's folder may add variants: the command itself checks them
    for p in sub.params:
        for flag in p.opts:
            if flag in app_module._CHOICES and sub_ctx.params.get(p.name) is not None:
                value = sub_ctx.params[p.name]
                allowed = app_module._CHOICES[flag]()
                if value not in allowed:
                    return f"gaia {name} {flag}: {value!r} is not one of {'|'.join(allowed)}"
    return None


# ------------------------------------------------------------------ running

@dataclass
class Failure:
    where: str
    command: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.command}\n{self.message}"


def fixture_broken_copy(sandbox: Path, folder: str, edits: list[tuple[str, str, str]]) -> None:
    """`cp -r content FOLDER`, then each edit (file, old text, new text); old "" appends new."""
    target = sandbox / folder
    shutil.copytree(REPO / "content", target)
    for rel, old, new in edits:
        path = target / rel
        if old is None:
            path.write_text(new, encoding="utf-8")
            continue
        text = path.read_text(encoding="utf-8")
        if old not in text:
            raise AssertionError(f"fixture {folder}: {old!r} is not in {rel}")
        path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _tampered(sandbox: Path) -> None:
    """A copy of bot-2p-01 with one VP changed in the trace of its fifth line (docs/cli.md)."""
    record = json.loads((REPO / "tests/conformance/bot-2p-01.json").read_text(encoding="utf-8"))
    record["id"] = "tampered"
    record["trace"]["after_each_move"][5][0][0] += 1   # player 0's VP after move 5
    (sandbox / "tampered.json").write_text(json.dumps(record), encoding="utf-8")


FIXTURES: dict[str, Callable[[Path], None]] = {}


def fixture(name: str):
    def register(fn):
        FIXTURES[name] = fn
        return fn
    return register


fixture("tampered-replay")(_tampered)


@fixture("advanced-rules-game")
def _advanced_rules_game(sandbox: Path) -> None:
    """docs/import.md: a site export played with the site's advanced rules, as my-game.data.json."""
    data = json.loads((REPO / "tests/data/site-exports/Piling-song-3477.data.json").read_text(encoding="utf-8"))
    data["options"]["advancedRules"] = True
    (sandbox / "my-game.data.json").write_text(json.dumps(data), encoding="utf-8")


@fixture("broken-automa")
def _broken_automa(sandbox: Path) -> None:
    """docs/automa-content.md: two Automa files with mistakes, beside my-automa/ultoma.yaml."""
    folder = sandbox / "my-automa"
    folder.mkdir(exist_ok=True)
    firaks = (REPO / "content/automa/factions/automa-firaks.yaml").read_text(encoding="utf-8").split("\n")
    body = [ln for ln in firaks if not ln.startswith("#")][4:]   # after kind, id, name, faction
    (folder / "automa-lantids.yaml").write_text("\n".join(
        ["kind: automa_faction", "id: automa-lantids", "name: Lantids Automa", "faction: lantid"] + body),
        encoding="utf-8")
    (folder / "nightmare.yaml").write_text("\n".join(
        ["kind: automa_difficulty", "id: nightmare", "name: Nightmare", "level: 6", "starting_vp: 10", "deck:",
         "  add: [automa9, automa2, automa99]", ""]), encoding="utf-8")


@fixture("my-lantids")
def _my_lantids(sandbox: Path) -> None:
    """docs/content.md: a copy of lantids.yaml with `guest_on: [gaiaa]`."""
    fixture_broken_copy(sandbox, "my-lantids", [])
    keep = sandbox / "my-lantids"
    text = (keep / "factions/lantids.yaml").read_text(encoding="utf-8")
    shutil.rmtree(keep)
    keep.mkdir()
    (keep / "lantids.yaml").write_text(text.replace("guest_on: [any]", "guest_on: [gaiaa]"), encoding="utf-8")


@fixture("testers-draft")
def _testers_draft(sandbox: Path) -> None:
    """docs/content.md, step 3: the first draft of the test faction, with its four slips."""
    text = (REPO / "tests/content/test-faction/testers.yaml").read_text(encoding="utf-8")
    for old, new in (("home: ice", "home: icy"),
                     ('["income: 2k", "income: 1k, 1c", "income: 2k"]', '["income: 2k", "income: 1k, 1c"]'),
                     ('"on research: 1c"', '"on reserch: 1c"'), ('"action: 2k"', '"action 2k"')):
        if old not in text:
            raise AssertionError(f"fixture testers-draft: {old!r} is not in testers.yaml")
        text = text.replace(old, new, 1)
    (sandbox / "test-faction").mkdir()
    (sandbox / "test-faction/testers.yaml").write_text(text, encoding="utf-8")


@fixture("broken-copy-12")
def _broken_copy_12(sandbox: Path) -> None:
    """docs/content.md: a copy of the content in try/, twelve files broken (the table there)."""
    fixture_broken_copy(sandbox, "try", [
        ("boosters/booster3.yaml", "kind: booster", "kind: boster"),
        ("factions/firaks.yaml", "home: titanium\n", ""),
        ("factions/geodens.yaml", "research: [terra]", "reserch: [terra]"),
        ("factions/itars.yaml", 'ac1: {slots: ["income: 3k"]}', 'ac1: {slots: ["income: 3k", "income: 1k"]}'),
        ("factions/lantids.yaml", "home: terra", "home: terrra"),
        ("factions/terrans.yaml", "  power:", "\tpower:"),
        ("research/sci.yaml", '  - ["now: 9k"]   # 5\n', ""),
        ("rules/variants/boardgamers.yaml", "turn_order: pass-order", "turn_order: pass-ordr"),
        ("sectors/layouts/standard-2p.yaml", "players: [2]", "players: [2"),
        ("tiles/federation/fed2.yaml", "copies: 3", "copies: three"),
        ("tiles/tech/tech1b.yaml", None, (REPO / "content/tiles/tech/tech1.yaml").read_text(encoding="utf-8")),
        ("tiles/tech/tech5.yaml", "name: Ore and power income\n", "name: Ore and power income\nname: Ore and power\n"),
    ])


@fixture("broken-copy-23")
def _broken_copy_23(sandbox: Path) -> None:
    """docs/effects.md: a copy of the content in try/, one effect broken in each of 23 files (the table there)."""
    fixture_broken_copy(sandbox, "try", [
        ("actions/power/power3.yaml", 'cost: "4pw"', 'cost: "4pw 1o"'),
        ("boosters/booster1.yaml", '"income: 1k; income: 1o"', '"incom: 1k; income: 1o"'),
        ("boosters/booster2.yaml", '"income: 1o; income: 2t"', '"income 1o; income: 2t"'),
        ("boosters/booster3.yaml", '"income: 1q; income: 2c"', '"income: 1q; income: 2c,"'),
        ("boosters/booster4.yaml", '"income: 2c"', '"income: 2cc"'),
        ("boosters/booster5.yaml", "build m|gf", "build m|gff"),
        ("boosters/booster6.yaml", '"pass: 1vp per m"', '"pass: 1vp per mines"'),
        ("factions/ambas.yaml", 'income: "income: 2o, 1k"', 'income: "now: 2o, 1k"'),
        ("factions/baltaks.yaml", '"until PI: lock up nav"', '"until PII: lock up nav"'),
        ("factions/bescods.yaml", '"action: up lowest"', '"action: up lowset"'),
        ("factions/gleens.yaml", '"now: fed gleens"', '"now: fed gleen"'),
        ("factions/ivits.yaml", '"set satellite_cost = 1q"', '"set satellite_cost = qq"'),
        ("factions/lantids.yaml", "guest_on: [any]", "guest_on: [gaiaa]"),
        ("factions/nevlas.yaml", '"free: move 1 area3>gaia -> 1k"', '"free: move 1 area4>gaia -> 1k"'),
        ("factions/terrans.yaml", '"set token_route[gaia] = area2"', '"set token_route[gaia] = gf"'),
        ("factions/xenos.yaml", '"set federation_threshold = 6"', '"set federation_threshold = six"'),
        ("research/nav.yaml", '["set range = 2"]', '["set rnage = 2"]'),
        ("tiles/federation/fed1.yaml", '"now: 12vp"', '"income: 12vp"'),
        ("tiles/round/score1.yaml", '"on step: 2vp"', '"onstep: 2vp"'),
        ("tiles/round/score2.yaml", '"on research: 2vp"', '"pass: 2vp"'),
        ("tiles/round/score6.yaml", '"on build m on gaia: 4vp"', '"on build m on gaiaa: 4vp"'),
        ("tiles/tech/tech3.yaml", '"set power_value[PI, ac1, ac2] = 4"', '"set power_value[PI, ac1, acc2] = 4"'),
        ("tiles/tech/tech4.yaml", '"now: 7vp"', '"set turn_order = pass-order"'),
    ])


# ------------------------------------------------------------------ a quicker `gaia`

SHIM = """#!{python} -S
# `gaia` for the documents' commands: runs the command in a fork of a process that has already
# imported gaia-rules (tests/docs_harness.py, GaiaServer); the real `gaia` when that is not there.
import os, socket, sys
try:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    s.connect({socket!r})
except OSError:
    os.execv({gaia!r}, [{gaia!r}] + sys.argv[1:])
import json
request = json.dumps({{"argv": sys.argv[1:], "cwd": os.getcwd(), "env": dict(os.environ)}}).encode()
socket.send_fds(s, [request], [0, 1, 2])
answer = s.recv(16)
sys.exit(int.from_bytes(answer, "big", signed=True) if len(answer) == 4 else 3)
"""


class GaiaServer:
    """A process that has imported gaia-rules and forks one child per `gaia` command.

    Every `gaia` of a document costs a Python start and the import of the package (about a
    second of CPU); forked from this process it costs a few milliseconds. The child gets the
    command's stdin, stdout and stderr, folder, environment and arguments, runs the same
    `gaia` entry point and exits with its code, so the command behaves as the installed
    `gaia` does. GAIA_DOCS_FORK=0 runs the installed `gaia` instead.
    """

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="gaia-fork-"))
        self.socket = self.dir / "gaia.sock"
        (self.dir / "bin").mkdir()
        shim = self.dir / "bin" / "gaia"
        shim.write_text(SHIM.format(python=sys.executable, socket=str(self.socket), gaia=str(BIN / "gaia")),
                        encoding="utf-8")
        shim.chmod(0o755)
        env = dict(os.environ, PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8")
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve", str(self.socket)], env=env,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(600):
            if self.socket.exists() or self.proc.poll() is not None:
                break
            time.sleep(0.05)

    @property
    def bin(self) -> Path | None:
        return self.dir / "bin" if self.proc.poll() is None and self.socket.exists() else None

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)


def serve(path: str) -> None:
    """The server of `GaiaServer`: import gaia-rules once, then fork a child per command."""
    from gaia_rules.content import default_catalogue
    from gaia_rules.faces import app as app_module
    from gaia_rules.faces.cli import app

    app.load_commands(app_module.COMMANDS)   # the program imports a command's module when it runs: here once for all
    default_catalogue()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)   # children are reaped by the system
    parent = os.getppid()
    server = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    server.bind(path)
    server.listen(64)
    server.settimeout(5)
    while True:
        try:
            conn, _ = server.accept()
        except socket.timeout:
            if os.getppid() != parent:   # the tests that started it are gone
                return
            continue
        conn.settimeout(None)
        if os.fork():
            conn.close()
            continue
        server.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        message, fds, _, _ = socket.recv_fds(conn, 1 << 22, 3)
        request = json.loads(message)
        for i, fd in enumerate(fds):
            os.dup2(fd, i)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["gaia"] + request["argv"]
        code = 0
        try:
            app(args=request["argv"], prog_name="gaia")
        except SystemExit as exit_:
            if isinstance(exit_.code, str):
                print(exit_.code, file=sys.stderr)
                code = 1
            else:
                code = exit_.code or 0
        except BaseException:
            traceback.print_exc()
            code = 1
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (BrokenPipeError, OSError):
                code = code or 120
        try:
            atexit._run_exitfuncs()
        finally:
            conn.send(int(code).to_bytes(4, "big", signed=True))
            os._exit(int(code))


_server: GaiaServer | None = None


def gaia_server() -> GaiaServer | None:
    """The fork server of this process (started on first use), or None with GAIA_DOCS_FORK=0."""
    global _server
    if os.environ.get("GAIA_DOCS_FORK", "1") == "0":
        return None
    if _server is None or _server.proc.poll() is not None:
        _server = GaiaServer()
        atexit.register(_server.close)
    return _server


class Sandbox:
    """A scratch folder with copies of the repository's data, where a document's commands run."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="gaia-docs-"))
        self.python_output: list[str] | None = None   # what the last ```python block printed
        for rel in COPIED:
            src = REPO / rel
            if src.exists():
                shutil.copytree(src, self.dir / rel)
        server = gaia_server()
        self.path = os.pathsep.join(str(p) for p in (server and server.bin, BIN) if p)

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def env(self, columns: int) -> dict:
        env = {k: v for k, v in os.environ.items()
               if k not in ("COLUMNS", "LINES", "FORCE_COLOR", "NO_COLOR", "TERM", "CLICOLOR_FORCE")}
        # the commands run in bash, so SHELL says bash (shell completion reads it; CI may not set it)
        env.update(COLUMNS=str(columns), LINES="50", TERM="dumb", GAIA=str(REPO), LC_ALL="C.UTF-8",
                   SHELL="bash",
                   PYTHONIOENCODING="utf-8", PATH=f"{self.path}{os.pathsep}{os.environ.get('PATH', '')}")
        return env

    def shell(self, text: str, columns: int, stdin: str | None = None) -> tuple[str, int]:
        proc = subprocess.run(["bash", "-c", text], cwd=self.dir, env=self.env(columns),
                              input=(stdin or "").encode(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=TIMEOUT_S)
        return proc.stdout.decode("utf-8", errors="replace"), proc.returncode


def output_lines(text: str) -> list[str]:
    lines = [ln.rstrip() for ln in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _numbers(line: str) -> str:
    line = re.sub(r"\d[\d,]*(?:\.\d+)?", "N", line)
    return re.sub(r"[ ━─═]+", " ", line).strip()


def output_matches(expected: list[str], actual: list[str], flags: set) -> bool:
    if "numbers" in flags:
        expected = [_numbers(x) for x in expected]
        actual = [_numbers(x) for x in actual]
    if "pattern" not in flags:
        return expected == actual
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.split("...")) + r"\n")
    return re.fullmatch("".join(parts), "".join(a + "\n" for a in actual)) is not None


def merge_session(output: str, inputs: list[str]) -> str:
    """The piped session's output with each typed line put back after its prompt."""
    out, pos = [], 0
    for typed in inputs:
        m = re.compile(r"(?:^|(?<=\n))[\w-]+> ").search(output, pos)
        if not m:
            break
        out.append(output[pos:m.end()] + typed + "\n")
        pos = m.end()
    out.append(output[pos:])
    return "".join(out)


def session_inputs(expected: list[str]) -> list[str]:
    return [PROMPT.sub("", ln, count=1) for ln in expected if PROMPT.match(ln)]


@dataclass
class Outcome:
    block: Block
    command: Command
    output: list[str]
    exit: int


def run_document(doc: Document, slow: bool, outcomes: list[Outcome] | None = None) -> list[Failure]:
    """Run a document's commands in order (the slow ones only when `slow`); every mismatch."""
    failures: list[Failure] = []
    box = Sandbox()
    try:
        for step in doc.steps:
            failures += run_step(box, step, slow, outcomes)
    finally:
        box.close()
    return failures


def run_step(box: Sandbox, step: Block, slow: bool, outcomes: list[Outcome] | None) -> list[Failure]:
    d = step.directive
    where = step.where
    failures: list[Failure] = []
    if step.kind in ("skip", "other"):
        return failures
    if step.kind == "same-as":
        rel = d.values["same-as"]
        body = _without_leading_comments(step.body)
        want = _without_leading_comments((REPO / rel).read_text(encoding="utf-8").rstrip("\n").split("\n"))
        if body != want:
            failures.append(Failure(where, f"(the text of {rel})", _diff(want, body, rel, "the document")))
        return failures
    if step.kind == "file":
        rel = d.values["file"]
        body = step.body[1:] if step.body and step.body[0].strip() == f"# {rel}" else step.body
        target = box.dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(body) + "\n", encoding="utf-8")
        return failures
    if "setup" in d.values:
        name = d.values["setup"]
        if name not in FIXTURES:
            failures.append(Failure(where, f"setup {name}", f"no fixture named {name!r} in tests/docs_harness.py"))
            return failures
        FIXTURES[name](box.dir)
    if step.kind == "python":
        if "slow" in d.flags and not slow:
            return failures
        script = box.dir / f".doc-block-{step.line}.py"
        script.write_text("\n".join(step.body) + "\n", encoding="utf-8")
        text, code = box.shell(f"python {shlex.quote(script.name)}", d.columns)
        box.python_output = output_lines(text)
        if code != 0:
            failures.append(Failure(where, "(the python block)", f"exit {code}:\n{text}"))
    if step.kind == "python-output":
        if box.python_output is None:
            if slow:  # (in the fast tier the python block may have been a slow one)
                failures.append(Failure(where, "(the output of a python block)", "no ```python block ran before it"))
        elif not output_matches(step.body, box.python_output, d.flags):
            failures.append(Failure(where, "(the output of the python block before it)",
                                    _diff(step.body, box.python_output, "the document", "the run")))
        if outcomes is not None and box.python_output is not None:
            outcomes.append(Outcome(step, Command(step.body, "", step.line, step.body), box.python_output, 0))
        box.python_output = None
    for cmd in step.commands:
        # (a command shown failing is checked by its run: its refusal is the point)
        synopsis = step.kind in ("inline", "synopsis") and not cmd.run
        calls = [cmd.text.split()[1:]] if synopsis else gaia_calls(cmd.text)
        for call in calls if cmd.exit == 0 or not cmd.run else []:
            problem = _cli_check(call, synopsis, box.dir)
            if problem:
                failures.append(Failure(f"{_rel(step.doc)}:{cmd.line}", cmd.text, problem))
        if not cmd.run or (cmd.slow and not slow):
            continue
        stdin = None
        if "session" in d.flags and cmd.expected is not None:
            stdin = "".join(x + "\n" for x in session_inputs(cmd.expected))
        text, code = box.shell(cmd.text, d.columns, stdin)
        if "session" in d.flags and cmd.expected is not None:
            text = merge_session(text, session_inputs(cmd.expected))
        actual = output_lines(text)
        if outcomes is not None:
            outcomes.append(Outcome(step, cmd, actual, code))
        here = f"{_rel(step.doc)}:{cmd.line}"
        if code != cmd.exit:
            failures.append(Failure(here, cmd.text, f"exit {code}, the document says {cmd.exit}; it printed:\n"
                                    + "\n".join(actual[-30:])))
        elif cmd.expected is not None and not output_matches(cmd.expected, actual, d.flags):
            failures.append(Failure(here, cmd.text, _diff(cmd.expected, actual, "the document", "the run")))
    if "produces" in d.values and (slow or not any(c.slow for c in step.commands)):
        rel = d.values["produces"]
        made = box.dir / rel
        if not made.exists() or made.read_bytes() != (REPO / rel).read_bytes():
            failures.append(Failure(where, f"(produces {rel})", f"{rel} made by the block differs from the repository's"))
    return failures


def _without_leading_comments(lines: list[str]) -> list[str]:
    """A YAML text without the comment lines it starts with (a block names its file there)."""
    k = 0
    while k < len(lines) and lines[k].lstrip().startswith("#"):
        k += 1
    return lines[k:]


def _cli_check(call: list[str], synopsis: bool, cwd: Path) -> str | None:
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return cli_problem(call, synopsis)
    finally:
        os.chdir(old)


def _diff(expected: list[str], actual: list[str], a: str, b: str) -> str:
    return "\n".join(difflib.unified_diff(expected, actual, a, b, lineterm="", n=2))


# ------------------------------------------------------------------ rewriting a document's outputs

def regenerate(doc: Document, slow: bool = True) -> tuple[str, list[Failure], list[str]]:
    """The document with every shown output replaced by its run's; the failures left; warnings."""
    outcomes: list[Outcome] = []
    failures = run_document(doc, slow, outcomes)
    by_command = {id(o.command): o for o in outcomes}
    lines = list(doc.lines)
    warnings: list[str] = []
    for block in sorted((s for s in doc.steps if s.kind in ("transcript", "python-output")), key=lambda b: -b.line):
        if block.kind == "python-output":
            o = next((o for o in outcomes if o.block is block), None)
            if o is not None:
                new = _regenerated_output(block.body, o.output, block.directive.flags, warnings, block.where)
                lines[block.body_start:block.body_start + len(block.body)] = new
            continue
        new_body: list[str] = []
        for n, cmd in enumerate(block.commands):
            if n and block.blank_between:
                new_body.append("")
            new_body += cmd.source
            o = by_command.get(id(cmd))
            if o is None:
                out, code = cmd.expected or [], cmd.exit
            else:
                out = _regenerated_output(cmd.expected or [], o.output, block.directive.flags, warnings,
                                          f"{block.where} {cmd.text!r}")
                code = o.exit
            new_body += out
            if cmd.exit_shown or code != 0:
                new_body.append(f"[exit {code}]")
        indent = re.match(r"^(\s*)", lines[block.line - 1]).group(1)
        lines[block.body_start:block.body_start + len(block.body)] = [indent + x if x else x for x in new_body]
    remaining = [f for f in failures if not _is_output_failure(f)]
    return "\n".join(lines), remaining, warnings


def _is_output_failure(f: Failure) -> bool:
    return f.message.startswith("---") or f.message.startswith("exit ")


def _regenerated_output(expected: list[str], actual: list[str], flags: set, warnings: list[str], where: str) -> list[str]:
    if output_matches(expected, actual, flags):
        return expected
    if "pattern" not in flags:
        return actual
    if any(x.strip() == "..." for x in expected):
        warnings.append(f"{where}: lines left out with `...` were written in full; cut them again by hand")
    inline = [x for x in expected if "..." in x and x.strip() != "..."]
    return [next((p for p in inline if output_matches([p], [a], flags)), _timeless(a)) for a in actual]


def _timeless(line: str) -> str:
    """A line of a pattern block with its durations and rates as `...` (they are the run's own)."""
    return re.sub(r"(?<![\w.])\d+(?:\.\d+)? (s|games/s)\b", r"... \1", line)


def main(argv: Iterable[str]) -> int:
    parser = argparse.ArgumentParser(description="Rerun the commands of a document and rewrite their outputs.")
    parser.add_argument("documents", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="only report what differs; exit 1 if anything does")
    parser.add_argument("--fast", action="store_true", help="leave the outputs of slow commands as they are")
    args = parser.parse_args(list(argv))
    status = 0
    for path in args.documents:
        doc = read_document(path.resolve())
        if args.check:
            failures = run_document(doc, slow=not args.fast)
            for f in failures:
                print(f, end="\n\n")
            status |= bool(failures)
            continue
        text, failures, warnings = regenerate(doc, slow=not args.fast)
        if text != "\n".join(doc.lines):
            path.write_text(text, encoding="utf-8")
            print(f"{path}: outputs rewritten")
        for w in warnings:
            print(f"warning: {w}")
        for f in failures:
            print(f, end="\n\n")
        status |= bool(failures)
    return status


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(sys.argv[2])
    else:
        sys.exit(main(sys.argv[1:]))
