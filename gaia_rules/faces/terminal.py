"""How wide the faces print, and tables that fit that width without cutting a cell.

`console()` is the one Console the commands print to. Its width: the
terminal's when stdout is a terminal; otherwise (a pipe, a file, a test) the
COLUMNS environment variable when set, else `PIPE_WIDTH` columns.

Every table it prints is fitted to that width (`Fitted`): each column keeps at
least its longest word (a number, a name, a word of a header), the widest
columns give up room first (a header before a cell, between columns as wide),
and cells wrap between words. A table whose longest words alone do not fit is
printed as several narrower tables, one under the other, each repeating the
columns that name a row (the first; the second too when the first names a
section on its first row only), the other columns shared out as evenly as they
go. A title or caption wider than its table gets lines of its own. Cells fold
instead of ending in an ellipsis, so even a word wider than the whole width
keeps every character. Text printed through the console wraps between words.
"""
from __future__ import annotations

import copy
import itertools
import os
import re
import sys
import textwrap
from dataclasses import replace

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

PIPE_WIDTH = 120   # columns when stdout is not a terminal and COLUMNS is not set
_WIDE = 100_000    # a width that cuts nothing, to measure cells at their natural size


def output_width(stream=None) -> int | None:
    """Columns to print to `stream` (stdout): None on a terminal (rich follows its width), else COLUMNS or 120."""
    stream = sys.stdout if stream is None else stream
    try:
        if stream.isatty():
            return None
    except (AttributeError, ValueError):
        pass
    columns = os.environ.get("COLUMNS", "").strip()
    return int(columns) if columns.isdigit() and int(columns) > 0 else PIPE_WIDTH


# The head of a line whose continuation lines are indented under its text: spaces, then a list mark
# ("- ", "* ") or a move number ("12. ") if any.
_HANGING = re.compile(r"^( *(?:[-*] |\d+\. )?)")


def wrap_width(console: Console) -> int | None:
    """The width text is wrapped at: the terminal's; None (no wrapping) in a pipe or a file, where no terminal
    cuts a line and a script (`| grep`, `> catalogue.md`) reads whole lines."""
    return console.width if console.is_terminal else None


def wrap_words(text: str, width: int | None) -> str:
    """`text` with every line longer than `width` wrapped between words, never inside one ("Gaiaformer"
    stays whole; a word wider than the width keeps a line of its own), each continuation indented under
    the text of its line (after a list mark or a move number). Lines that fit are left as they are;
    `width` None leaves the text as it is (`wrap_width`)."""
    if width is None:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip(" "))]
        indent = " " * len(_HANGING.match(line).group(1))
        out.extend(textwrap.wrap(line[len(lead):], max(width, len(indent) + 1), initial_indent=lead,
                                 subsequent_indent=indent, break_long_words=False, break_on_hyphens=False) or [line])
    return "\n".join(out)


class FittingConsole(Console):
    """A Console that prints each table fitted to its width (`Fitted`)."""

    def print(self, *objects, **kwargs) -> None:  # noqa: A003 - rich's name
        super().print(*(Fitted(o) if isinstance(o, Table) else o for o in objects), **kwargs)


def console(**kwargs) -> Console:
    """The Console of stdout for every command: `output_width()` wide, tables fitted, text wrapped between words."""
    kwargs.setdefault("highlight", False)
    kwargs.setdefault("soft_wrap", False)
    return FittingConsole(width=output_width(kwargs.get("file")), **kwargs)


class Fitted:
    """A table laid out to the width it is rendered at (see the module's text)."""

    def __init__(self, table: Table):
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from fit_table(self.table, console, options)


def _measures(table: Table, console: Console, options: ConsoleOptions) -> tuple[list[int], list[int], list[int]]:
    """Each column's least width (its longest word), the width of its widest body cell on one line, and its
    natural width (the header's too), padding included; a no_wrap column's least is its natural width."""
    wide = options.update_width(_WIDE)
    lows, bodies, highs = [], [], []
    for column in table.columns:
        cells = [Measurement.get(console, wide, c.renderable) for c in table._get_cells(console, column._index, column)]
        body = cells[int(table.show_header):len(cells) - int(table.show_footer)] or cells
        high = max((m.maximum for m in cells), default=1)
        low = high if column.no_wrap else max((m.minimum for m in cells), default=1)
        lows.append(low)
        bodies.append(max(low, max((m.maximum for m in body), default=1)))
        highs.append(high)
    return lows, bodies, highs


def _borders(table: Table, columns: int) -> int:
    """The width the borders of `table` take with `columns` columns."""
    return (2 if table.box and table.show_edge else 0) + (columns - 1 if table.box else 0)


def _part(table: Table, indices: list[int]) -> Table:
    """A copy of the table with only the columns `indices`, each folding its cells."""
    part = copy.copy(table)
    part.columns = [replace(table.columns[i], _index=j, overflow="fold") for j, i in enumerate(indices)]
    return part


def _narrowed(widths: list[int], lows: list[int], room: int, bodies: list[int] | None = None) -> list[int]:
    """Widths within `room`: the widest column gives up one column at a time, none below `lows`; between
    columns as wide, first one whose body still fits (`bodies`: only its header wraps)."""
    widths = list(widths)
    bodies = bodies or lows
    excess = sum(widths) - room
    while excess > 0:
        i = max(range(len(widths)), key=lambda k: (widths[k] > lows[k], widths[k], widths[k] > bodies[k]))
        if widths[i] <= lows[i]:
            break
        widths[i] -= 1
        excess -= 1
    return widths


def _sized(table: Table, console: Console, options: ConsoleOptions,
           measures: tuple[list[int], list[int], list[int]] | None = None) -> tuple[Table, int]:
    """The table with fixed column widths when it is wider than `options`; its width. `measures`: the
    table's own (`_measures`), when the caller has them."""
    room = options.max_width - table._extra_width
    lows, bodies, highs = measures or _measures(table, console, options)
    if sum(highs) <= room:
        return table, sum(highs) + table._extra_width
    pads = [table._get_padding_width(c._index) for c in table.columns]
    widths = _narrowed(highs, lows, room, bodies)
    widths = _narrowed(widths, [pad + 1 for pad in pads], room)    # a word wider than the room folds
    table.columns = [replace(c, width=w - pad, no_wrap=False) for c, w, pad in zip(table.columns, widths, pads)]
    return table, sum(widths) + table._extra_width


def _key(table: Table) -> int:
    """How many leading columns name a row: the first, and the next while the one before has blank cells
    (a section's name written on its first row only)."""
    key = 1
    while key < len(table.columns) - 1 and any(isinstance(c, str) and not c.strip()
                                               for c in table.columns[key - 1]._cells):
        key += 1
    return key


def _groups(key: int, lows: list[int], highs: list[int], fits) -> list[list[int]]:
    """The columns after the `key` first ones in the fewest runs that fit beside those (`fits(run)`), the runs'
    widths as even as can be; each run starts with the key columns."""
    n, head = len(lows), list(range(key))
    count, run = 1, list(head)
    for i in range(key, n):        # the fewest runs: fill each one in turn
        if len(run) > key and not fits(run + [i]):
            count, run = count + 1, list(head)
        run.append(i)
    best = None
    for cuts in itertools.combinations(range(key + 1, n), count - 1):
        bounds = (key, *cuts, n)
        runs = [head + list(range(a, b)) for a, b in zip(bounds, bounds[1:])]
        if all(fits(r) or len(r) == key + 1 for r in runs):
            widest = max(sum(highs[i] for i in r) for r in runs)
            if best is None or widest < best[0]:
                best = (widest, runs)
    return best[1]


def _annotation(console: Console, text, style: str) -> Text:
    return console.render_str(text, style=style) if isinstance(text, str) else text


def fit_table(table: Table, console: Console, options: ConsoleOptions) -> list:
    """The table as one or more tables no wider than `options.max_width`, no word cut (see the module); a title or
    caption wider than its table goes on lines of its own."""
    measures = _measures(table, console, options)
    lows, _, highs = measures
    width = options.max_width
    n = len(table.columns)
    key = _key(table)
    if n <= key + 1 or sum(lows) + table._extra_width <= width:
        runs = [list(range(n))]
    else:
        runs = _groups(key, lows, highs, lambda run: sum(lows[i] for i in run) + _borders(table, len(run)) <= width)
    out: list = []
    for k, run in enumerate(runs):
        whole = len(run) == n  # the part has the table's columns and padding: measured already
        part, used = _sized(_part(table, run), console, options, measures if whole else None)
        title, caption = (table.title if k == 0 else None), (table.caption if k == len(runs) - 1 else None)
        part.title = part.caption = None
        if title is not None and Measurement.get(console, options, title).maximum <= used:
            part.title, title = title, None
        if caption is not None and Measurement.get(console, options, caption).maximum <= used:
            part.caption, caption = caption, None
        if title is not None:
            out.append(_annotation(console, title, "table.title"))
        out.append(part)
        if caption is not None:
            out.append(_annotation(console, caption, "table.caption"))
    return out
