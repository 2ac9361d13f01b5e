"""The map as text: `gaia map --text`, the session's `map` command.

`text_map(view, state)` writes each hex as two lines in staggered columns: its
name, then its planet code and its pieces (`piece_glyphs`); `compact=True`
gives one short cell per hex. The colours and the pieces' kinds are the SVG's
(mapview.py), so both pictures name a piece alike.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.markup import escape as rich_escape
from rich.text import Text

from ..state import GameState
from .automa_text import automa_status
from .mapview import board_structures, counted, guest_piece, hex_colour, is_space, player_colours
from .tableview import player_label


def piece_glyphs(view) -> dict[str, str]:
    """One capital letter per piece id of the faction boards, taken from its id (then its name).

    Capitals never clash with the planet codes, which the map writes in lower case.
    """
    pieces: dict[str, str] = {sid: s.name for sid, s in board_structures(view).items()}
    for faction in sorted(view.catalogue.factions.values(), key=lambda f: f.id):
        for sid, s in faction.structures.items():
            pieces.setdefault(sid, s.name)
    glyphs: dict[str, str] = {}
    for sid, name in pieces.items():
        taken = set(glyphs.values())
        letters = [ch.upper() for ch in sid + name if ch.isalpha()]
        glyphs[sid] = next((ch for ch in letters if ch not in taken), "?")
    return glyphs


@dataclass
class _Cell:
    """A hex of the text map: its name line and its content line, as (text, style) runs."""

    name: str
    runs: list[tuple[str, str]]

    @property
    def plain(self) -> str:
        return "".join(t for t, _ in self.runs)


def _hex_cell(view, state: GameState, name: str, glyphs: dict[str, str], colours: list[str]) -> _Cell:
    planet = view.map.planet_at(state, name)
    pt = view.catalogue.planets.get(planet)
    if is_space(view, planet):
        runs = [(".", "")]
    else:
        runs = [(pt.code if pt is not None else "?", hex_colour(getattr(pt, "colour", None)) or "")]
    hs = state.board.get(name)
    if hs is None:
        return _Cell(name, runs)

    def piece(p: int, sid: str) -> None:
        fed = "+" if p in hs.federations else ""
        runs.append((f"{glyphs.get(sid, '?')}{p + 1}{fed}", f"bold {colours[p]}"))

    if hs.owner is not None and hs.piece is not None:
        piece(hs.owner, hs.piece)
    for g in hs.guests:
        piece(g, guest_piece(view))
    if hs.satellites:
        runs.append(("*", ""))
        runs.extend((str(p + 1), f"bold {colours[p]}") for p in hs.satellites)
    return _Cell(name, runs)


def _compact_cell(view, state: GameState, name: str, planet: str) -> str:
    pt = view.catalogue.planets.get(planet)
    code = pt.code if pt is not None else "?"
    hs = state.board.get(name)
    owner = hs.owner if hs is not None else None
    if owner is None and hs is not None and hs.guests:
        owner = hs.guests[0]
    if owner is None:
        return "." if is_space(view, planet) else code.lower()
    return f"{code.upper()}{owner + 1}"


def _wrap_entries(head: str, entries: list[str], width: int) -> list[str]:
    """`head` and the entries joined by commas, broken between entries to fit `width`."""
    lines, line = [], head
    for i, entry in enumerate(entries):
        piece = entry + ("," if i < len(entries) - 1 else "")
        if line.strip() and len(line) + len(piece) + 1 > width and line != head:
            lines.append(line.rstrip())
            line = "  "
        line += piece + " "
    lines.append(line.rstrip())
    return lines


def _styled(text: str, style: str, markup: bool) -> str:
    if not markup or not style:
        return text
    return f"[{style}]{text}[/]"


def text_map(view, state: GameState, markup: bool = False, compact: bool = False) -> str:
    """The board as text, a legend below.

    Hexes stand in columns as on the SVG (flat-topped, every other column half
    a hex lower). Each hex takes two lines: its name, then its planet's map
    code and what stands there (see the legend). `compact` gives one short
    cell per hex instead: the planet code, and the player's number when
    somebody is there. With `markup`, rich markup colours planets and pieces.
    """
    game_map = view.map
    if not game_map.hexes:
        return "(no map)\n"
    colours = player_colours(view, state)
    cut: list[str] = []
    grid = _compact_grid(view, state, markup, colours) if compact else _full_grid(view, state, markup, colours, cut)
    out = list(grid)
    width = max(72, max(len(_plain(line, markup)) for line in grid))
    out.append("")
    legend = _compact_legend(view) if compact else _full_legend(view)
    if cut:
        legend.insert(0, (f"{CUT} cut short, in full: ", cut))
    for head, entries in legend:
        out.extend(_wrap_entries(head, entries, width) if entries else [head])
    for p, pl in enumerate(state.players):
        pieces = sum(1 for hs in state.board.values() if hs.owner == p and hs.piece is not None)
        line = (f"{p + 1} = {player_label(state, p)}: {counted(pieces, 'piece')}, {counted(pl.satellites, 'satellite')}, "
                f"{counted(len(pl.federations), 'federation')}, {pl.vp} VP")
        out.append(line)
    first_player = len(out) - len(state.players)
    if state.automa is not None:   # its deck and next support card: what the player plans against
        out.extend(textwrap.wrap(automa_status(view.catalogue, state), width, subsequent_indent="  "))
    if markup:
        tail = out[len(grid):]
        out[len(grid):] = [rich_escape(x) for x in tail]
        for p in range(len(state.players)):
            i = first_player + p
            out[i] = f"[bold {colours[p]}]{p + 1}[/]" + out[i][1:]
    return "\n".join(out) + "\n"


def fitted_map(view, state: GameState, width: int, compact: bool = False) -> str:
    """The text map with markup as wide as `width` allows: the full map, or the compact one when the full
    one is wider (on a terminal, and in a pipe with COLUMNS set: `COLUMNS=80 gaia map game.json | cat`)."""
    if not compact and max(map(len, text_map(view, state).splitlines()), default=0) > width:
        compact = True
    return text_map(view, state, markup=True, compact=compact)


def _plain(line: str, markup: bool) -> str:
    if not markup:
        return line
    return Text.from_markup(line).plain


CELL = 6      # characters per column of the full text map: a hex name (up to 5) and a space


CUT = ">"     # ends a cell too long for its column (the legend then gives it in full)


def _full_grid(view, state: GameState, markup: bool, colours: list[str], cut: list[str]) -> list[str]:
    """Two lines per hex, `CELL` characters per column; cells too long are cut and listed in `cut`."""
    game_map = view.map
    glyphs = piece_glyphs(view)
    cells = {c: _hex_cell(view, state, h.name, glyphs, colours) for c, h in game_map.hexes.items()}
    width = max(CELL, 1 + max(len(cell.name) for cell in cells.values()))
    r0 = min(c[1] for c in cells)
    top = max(2 * c[0] + c[1] for c in cells)
    nlines = top - min(2 * c[0] + c[1] for c in cells) + 2
    ncols = max(c[1] for c in cells) - r0 + 1
    slots: list[list[tuple[str, str]]] = [[("", "")] * ncols for _ in range(nlines)]
    for c in sorted(cells, key=lambda c: (-(2 * c[0] + c[1]), c[1])):
        cell = cells[c]
        line, col = top - (2 * c[0] + c[1]), c[1] - r0
        slots[line][col] = (cell.name, _styled(cell.name, "dim", markup))
        runs = cell.runs
        if len(cell.plain) > width - 1:
            cut.append(f"{cell.name} {cell.plain}")
            runs = _cut_runs(runs, width - 2) + [(CUT, "")]
        plain = "".join(t for t, _ in runs)
        slots[line + 1][col] = (plain, "".join(_styled(t, st, markup) for t, st in runs))
    lines = ["".join(st + " " * (width - len(pl)) for pl, st in row).rstrip() for row in slots]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _cut_runs(runs: list[tuple[str, str]], n: int) -> list[tuple[str, str]]:
    """The first `n` characters of styled runs."""
    out = []
    for text, style in runs:
        if n <= 0:
            break
        out.append((text[:n], style))
        n -= len(text)
    return out


def _compact_grid(view, state: GameState, markup: bool, colours: list[str]) -> list[str]:
    """Two board rows per line, 4 characters per column: the planet code, the player's number."""
    game_map = view.map
    rs = [c[1] for c in game_map.hexes]
    ys = [2 * c[0] + c[1] for c in game_map.hexes]
    r0, top = min(rs), max(ys)
    ncols, nlines = max(rs) - r0 + 1, (top - min(ys)) // 2 + 1
    width = 4
    grid = [[" " * width for _ in range(ncols)] for _ in range(nlines)]
    for c, h in game_map.hexes.items():
        line = (top - (2 * c[0] + c[1])) // 2
        cell = _compact_cell(view, state, h.name, view.map.planet_at(state, h.name))
        text = cell.ljust(width)
        if markup and len(cell) > 1:
            text = f"[bold {colours[int(cell[1:]) - 1]}]{cell}[/]" + " " * (width - len(cell))
        grid[line][c[1] - r0] = text
    lines = ["".join(row).rstrip() for row in grid]
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def _planet_entries(view) -> list[str]:
    return [f"{pt.code} {pt.name.lower()}" for pt in view.catalogue.planets.values() if not is_space(view, pt.id)]


def _full_legend(view) -> list[tuple[str, list[str]]]:
    glyphs = piece_glyphs(view)
    names = {sid: s.name for sid, s in board_structures(view).items()}
    return [
        ("each hex: its name, below it the planet's code and what stands there;", []),
        ("a piece: a letter and its owner's number (+: in their federation); * and numbers: satellites", []),
        ("planets: ", _planet_entries(view) + [". empty space"]),
        ("pieces: ", [f"{g} {names.get(sid, sid)}" for sid, g in glyphs.items()]),
    ]


def _compact_legend(view) -> list[tuple[str, list[str]]]:
    return [
        ("planets: ", _planet_entries(view) + [". empty space"]),
        ("upper case + digit: that player's piece; lower case: nobody there", []),
    ]
