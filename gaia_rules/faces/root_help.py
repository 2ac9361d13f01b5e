"""`gaia --help` drawn as typer's rich help draws it, without importing typer's rich help.

typer.rich_utils imports rich's Markdown (markdown-it, pygments) and rich's traceback: 0.1 s of CPU,
more than the rest of `gaia --help`. The root's texts are plain sentences with at most `code` in
backticks, which Markdown draws as the same words with the code in rich's `markdown.code` style; so
the root help is drawn here with rich's Table and Panel in the same layout and styles. Any text with
other Markdown (emphasis, links, escapes...) goes to typer's own help, as does every command's help.
tests/faces/test_cli_conventions.py compares the two, in plain text and in colour, at several widths.
"""
from __future__ import annotations

import inspect
import os
import re

from rich.align import Align
from rich.columns import Columns
from rich.console import Console
from rich.highlighter import RegexHighlighter
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

# typer.rich_utils's styles and highlighters, as of the typer the project runs on
_THEME = {"option": "bold cyan", "switch": "bold green", "negative_option": "bold magenta",
          "negative_switch": "bold red", "types": "bold yellow", "types_sep": "dim", "usage": "yellow"}
_MARKDOWN = re.compile(r"[*_\[\]<>\\#!|~&:]|^\s*[-+>=\d]|\n|  ")   # anything Markdown might draw otherwise


class _OptionHighlighter(RegexHighlighter):
    highlights = [r"(^|\W)(?P<switch>\-\w+)(?![a-zA-Z0-9])", r"(^|\W)(?P<option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
                  r"(?P<types>\<[^\>]+\>)", r"(?P<usage>Usage: )"]


class _NegativeHighlighter(RegexHighlighter):
    highlights = [r"(^|\W)(?P<negative_switch>\-\w+)(?![a-zA-Z0-9])",
                  r"(^|\W)(?P<negative_option>\-\-[\w\-]+)(?![a-zA-Z0-9])"]


class _TypesHighlighter(RegexHighlighter):
    highlights = [r"^(?P<types_sep>(\[|<))", r"(?P<types_sep>\|)", r"(?P<types_sep>(\]|>))(\.\.\.)?$"]


def plain(text: str) -> bool:
    """Whether Markdown would draw this text as its words, `code` aside (else typer draws the help)."""
    words = re.sub(r"(?<=[A-Za-z0-9])_(?=[A-Za-z0-9])", "", re.sub(r"`[^`\n]+`", "", text))
    return "`" not in words and not _MARKDOWN.search(words.replace(": ", " ").replace("...", ""))


def _text(text: str, style: str = "") -> Text:
    """What rich's Markdown draws for one plain paragraph: its words, `code` in `markdown.code`."""
    out = Text(justify="left", style=style)
    for i, part in enumerate(text.split("`")):
        out.append(part, style="markdown.code" if i % 2 else None)
    return out


def _params(group, ctx) -> list:
    return [p for p in group.get_params(ctx) if not getattr(p, "hidden", False)]


def _commands(group, ctx) -> list:
    found = (group.get_command(ctx, name) for name in group.list_commands(ctx))
    return [c for c in found if c is not None and not c.hidden]


def _first_paragraph(command) -> str:
    return inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0].replace("\n", " ").strip()


def _default(param, ctx) -> str:
    """typer's `[default: ...]` text of an option, or ""."""
    value = param._extract_default_help_str(ctx=ctx)
    shown = isinstance(param.show_default, str)
    if shown or (value is not None and (param.show_default or ctx.show_default)):
        return param._get_default_string(ctx=ctx, show_default_is_str=shown, default_value=value) or ""
    return ""


def drawable(group, ctx) -> bool:
    """Whether every text of the root help is plain enough to be drawn here, in typer's plain layout."""
    params, commands = _params(group, ctx), _commands(group, ctx)
    texts = [inspect.cleandoc(group.help or "")] + [p.help or "" for p in params] + list(map(_first_paragraph, commands))
    return (not group.epilog and not group.deprecated and all(plain(t) for t in texts)
            and not any(c.deprecated or getattr(c, "rich_help_panel", None) for c in commands)
            and all(p.param_type_name == "option" and not p.required and getattr(p, "rich_help_panel", None) is None
                    and getattr(p, "envvar", None) is None and not p.help.startswith("\b") for p in params)
            and ctx.auto_envvar_prefix is None and not group.help.startswith("\b"))


def _console() -> Console:
    force = True if os.getenv("GITHUB_ACTIONS") or os.getenv("FORCE_COLOR") or os.getenv("PY_COLORS") else None
    if os.getenv("_TYPER_FORCE_DISABLE_TERMINAL"):
        force = False
    width = os.getenv("TERMINAL_WIDTH")
    return Console(theme=Theme(_THEME), highlighter=_OptionHighlighter(), color_system="auto", force_terminal=force,
                   width=int(width) if width else None)


def print_root_help(group, ctx) -> None:
    """The root help: usage, the help line, the Options panel, the Commands panel (typer's layout)."""
    console, light = _console(), _OptionHighlighter()
    console.print(Padding(light(group.get_usage(ctx)), 1), style="bold")
    if group.help:
        console.print(Padding(Align(_text(inspect.cleandoc(group.help).strip()), pad=False), (0, 1, 1, 1)))
    options = Table(highlight=True, show_header=False, expand=True, box=None, show_lines=False, leading=0,
                    pad_edge=False, padding=(0, 1))
    negative, types = _NegativeHighlighter(), _TypesHighlighter()
    for param in _params(group, ctx):
        word = Text(style="bold yellow", overflow="fold")
        if (shown := param.display_type_rich(ctx=ctx)) is not None:
            word.append(shown)
        options.add_row(light(",".join(o for o in param.opts if "--" in o)),
                        light(",".join(o for o in param.opts if "--" not in o)),
                        negative(",".join(o for o in param.secondary_opts if "--" in o)),
                        negative(",".join(o for o in param.secondary_opts if "--" not in o)),
                        types(word), Columns(_option_help(param, ctx)))
    console.print(Panel(options, border_style="dim", title="Options", title_align="left"))
    listed = _commands(group, ctx)
    commands = Table(highlight=False, show_header=False, expand=True, box=None, show_lines=False, leading=0,
                     pad_edge=False, padding=(0, 1))
    commands.add_column(style="bold cyan", no_wrap=True, width=max((len(c.name or "") for c in listed), default=0))
    commands.add_column("Description", justify="left", no_wrap=False, ratio=10)
    for command in listed:
        commands.add_row(Text(command.name or ""), _text(_first_paragraph(command)))
    if listed:
        console.print(Panel(commands, border_style="dim", title="Commands", title_align="left"))


def _option_help(param, ctx) -> list:
    items = [_text(inspect.cleandoc(param.help).strip())] if param.help else []
    if default := _default(param, ctx):
        items.append(Text(f"[default: {default}]", style="dim"))
    return items
