"""The table around the map, drawn in SVG: what a player sees beside the board on the site.

`table_panels(view, state, colours, to_move)` returns the panels `svg_map` places
beside and below the map, each a `Panel` drawn from (0, 0):

- the research board: one column per track (tracks and their order from
  content), one cell per level, every player's marker in the cell of their
  level; the advanced tech tile above each track and the standard tile below
  it, the other standard tiles (positions that are not tracks) in a row under
  them, each with the copies left; the federation token waiting on the top
  level of the track that holds one;
- the board actions (used ones crossed out) and the federation tokens left
  in the supply;
- the round scoring tiles (the current round marked, past rounds dimmed) and
  the final scoring tiles with each player's count so far;
- the boosters: who holds which, which lie on the table;
- one panel per player: faction, VP, resources, power areas, held tiles,
  tokens and pieces.

Every label is an id from content and its `name`; no component is named
here. Elements carry `data-*` attributes (`data-track`, `data-level`,
`data-player` from 1, `data-tile`, `data-left`...) so tools and tests can
read the picture.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from ..language.ast import Fed
from ..rules import ADVANCED_PREFIX as ADV
from ..state import GameState
from .automa_text import automa_rows

PANEL = "#161a2e"          # panel background
PANEL_EDGE = "#3a4163"
TILE = "#232945"           # a tile on the table
TILE_EDGE = "#8a93b8"
TEXT = "#e8eaf2"
DIM = "#8a90a8"
MARK = "#ffd84a"           # the current round, the player to move
TAKEN = "#0b0d18"          # a used action, a tile with no copy left
CHAR = 0.58                # average glyph width, in font sizes (for wrapping)


def num(v: float) -> str:
    """A coordinate with at most two decimals and no '-0'."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass
class Panel:
    """SVG drawn from (0, 0) and the box it takes."""

    cls: str
    width: float
    height: float
    body: list[str] = field(default_factory=list)
    attrs: str = ""        # more attributes of the panel's group

    def svg(self, x: float, y: float) -> str:
        more = f" {self.attrs}" if self.attrs else ""
        return (f'<g class="{self.cls}"{more} transform="translate({num(x)},{num(y)})">\n'
                + "\n".join(self.body) + "\n</g>")


# ------------------------------------------------------------------ drawing primitives

def text(x: float, y: float, s: str, size: float = 10, fill: str = TEXT, extra: str = "") -> str:
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}"{" " + extra if extra else ""}>'
            f'{escape(s)}</text>')


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = TILE_EDGE, extra: str = "") -> str:
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="3" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1"{" " + extra if extra else ""}/>')


def disc(x: float, y: float, r: float, fill: str, extra: str = "") -> str:
    return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="#111111" '
            f'stroke-width="1.2"{" " + extra if extra else ""}/>')


def wrap(s: str, width: float, size: float, lines: int = 2) -> list[str]:
    """`s` broken between words to fit `width` pixels at font `size`, at most `lines` lines."""
    limit = max(4, int(width / (CHAR * size)))
    out: list[str] = []
    for word in s.split():
        if out and len(out[-1]) + 1 + len(word) <= limit:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: limit - 1] + "…"
    return [line if len(line) <= limit else line[: limit - 1] + "…" for line in out]


def tile_svg(x: float, y: float, w: float, h: float, tid: str, name: str, note: str = "",
             fill: str = TILE, attrs: str = "", title: str = "") -> str:
    """A tile: its id in bold, its name wrapped below, a note (copies left...) at the bottom."""
    parts = [f'<g {attrs}>' if attrs else "<g>"]
    parts.append(f"<title>{escape(title or f'{tid}: {name}')}</title>")
    parts.append(rect(x, y, w, h, fill))
    parts.append(text(x + 4, y + 11, tid, min(9.5, (w - 6) / (CHAR * 1.1 * max(len(tid), 1))), TEXT,
                      'font-weight="bold"'))
    room = max(1, int((h - 26 - (10 if note else 0)) // 9) + 1)   # name lines that clear the note
    for i, line in enumerate(wrap(name, w - 8, 8, room)):
        parts.append(text(x + 4, y + 22 + 9 * i, line, 8, "#c9cde0"))
    if note:
        parts.append(text(x + w - 4, y + h - 4, note, 8, DIM, 'text-anchor="end"'))
    parts.append("</g>")
    return "".join(parts)


def player_label(state: GameState, p: int) -> str:
    faction = state.players[p].faction
    return f"p{p + 1} {faction}" if faction else f"p{p + 1}"


def _holders(state: GameState, tile: str) -> list[int]:
    return [p for p, pl in enumerate(state.players) if any(t.tile == tile for t in pl.tech)]


def _owner_dots(x: float, y: float, players: list[int], colours: list[str]) -> str:
    return "".join(disc(x + 11 * i, y, 4.5, colours[p], f'class="holder" data-player="{p + 1}"')
                   for i, p in enumerate(players))


# ------------------------------------------------------------------ the research board

COL = 94.0      # width of one track column
LEVEL_H = 30.0  # height of one level cell
TILE_H = 46.0


def research_panel(view, state: GameState, colours: list[str]) -> Panel:
    cat = view.catalogue
    tracks = sorted(cat.tracks.values(), key=lambda t: t.order)
    levels = cat.research.levels if cat.research else 0
    free = [pos for pos in state.setup.tech_tiles if pos not in cat.tracks]
    width = 12 + COL * len(tracks)
    top = 22.0
    adv_y = top + 16
    grid_y = adv_y + TILE_H + 8
    tech_y = grid_y + LEVEL_H * levels + 8
    free_y = tech_y + TILE_H + 8
    height = free_y + (TILE_H + 8 if free else 0) + 4
    panel = Panel("research", width, height)
    add = panel.body.append
    add(rect(0, 0, width, height, PANEL, PANEL_EDGE))
    add(text(8, 15, "Research board", 12, TEXT, 'font-weight="bold"'))
    for i, track in enumerate(tracks):
        x = 6 + COL * i
        add(f'<g class="track" data-track={quoteattr(track.id)}>')
        add(text(x + COL / 2 - 2, top + 10, f"{track.id}: {wrap(track.name, COL, 8.5, 1)[0]}", 8.5, TEXT,
                 'text-anchor="middle"'))
        _advanced(panel, view, state, track.id, x, adv_y, colours)
        for level in range(levels):
            _level_cell(panel, view, state, track.id, level, levels, x, grid_y + LEVEL_H * (levels - 1 - level), colours)
        _standard(panel, view, state, track.id, x, tech_y, colours)
        add("</g>")
    for i, pos in enumerate(free):
        _standard(panel, view, state, pos, 6 + COL * i * len(tracks) / max(len(free), 1), free_y, colours,
                  w=COL * len(tracks) / max(len(free), 1) - 4)
    return panel


def _level_cell(panel: Panel, view, state: GameState, track: str, level: int, levels: int,
                x: float, y: float, colours: list[str]) -> None:
    add = panel.body.append
    vp = view.catalogue.research.vp_by_level
    top = level == levels - 1
    add(rect(x, y, COL - 4, LEVEL_H - 2, "#2b3358" if top else ("#1f2440" if level else "#14182b"),
             PANEL_EDGE, f'class="level" data-track={quoteattr(track)} data-level="{level}"'))
    add(text(x + 3, y + 10, str(level), 8, DIM))
    if level < len(vp) and vp[level]:
        add(text(x + COL - 8, y + 10, f"{vp[level]}vp", 7, DIM, 'text-anchor="end"'))
    if top and state.terraforming_token and _holds_token(view, track):
        tok = view.catalogue.federation_tokens.get(state.terraforming_token)
        add(f'<g class="track-token" data-tile={quoteattr(state.terraforming_token)}>'
            f'<title>{escape(state.terraforming_token)}: {escape(tok.name if tok else "")}</title>'
            + rect(x + COL - 34, y + 12, 26, 13, "#3d4a2b" if tok and tok.green else "#3a3f4d")
            + text(x + COL - 21, y + 22, state.terraforming_token, 7.5, TEXT, 'text-anchor="middle"') + "</g>")
    on = [p for p, pl in enumerate(state.players) if pl.research.get(track, 0) == level]
    for i, p in enumerate(on):
        cx = x + 12 + 15 * i
        add(f'<circle class="marker" data-player="{p + 1}" data-track={quoteattr(track)} data-level="{level}" '
            f'cx="{num(cx)}" cy="{num(y + 19)}" r="6" fill="{colours[p]}" stroke="#ffffff" stroke-width="1.5">'
            f'<title>{escape(player_label(state, p))}: {escape(track)} level {level}</title></circle>')


def _holds_token(view, track: str) -> bool:
    """The track whose top level gains "the token on this level" (`fed here`) holds the set-up's token."""
    levels = view.catalogue.tracks[track].levels
    return bool(levels) and any(isinstance(g, Fed) and g.token == "here"
                                for e in levels[-1] for st in e.statements
                                for g in getattr(st.clause, "gains", ()))


def _standard(panel: Panel, view, state: GameState, pos: str, x: float, y: float, colours: list[str],
              w: float = COL - 4) -> None:
    tid = state.setup.tech_tiles.get(pos)
    if tid is None:
        return
    tile = view.catalogue.tech_tiles.get(tid)
    left = state.tech_supply.get(pos, 0)
    attrs = f'class="tech-tile" data-tile={quoteattr(tid)} data-pos={quoteattr(pos)} data-left="{left}"'
    panel.body.append(tile_svg(x, y, w, TILE_H, tid, tile.name if tile else tid, f"{left} left",
                               TILE if left else TAKEN, attrs))
    panel.body.append(_owner_dots(x + 8, y + TILE_H - 7, _holders(state, tid), colours))


def _advanced(panel: Panel, view, state: GameState, track: str, x: float, y: float, colours: list[str]) -> None:
    tid = state.setup.advanced_tiles.get(track)
    if tid is None:
        return
    tile = view.catalogue.advanced_tech_tiles.get(tid)
    left = state.tech_supply.get(ADV + track, 0)
    attrs = (f'class="tech-tile advanced" data-tile={quoteattr(tid)} data-pos={quoteattr(ADV + track)} '
             f'data-left="{left}"')
    panel.body.append(tile_svg(x, y, COL - 4, TILE_H, tid, tile.name if tile else tid, f"{left} left",
                               "#3a2f52" if left else TAKEN, attrs))
    panel.body.append(_owner_dots(x + 8, y + TILE_H - 7, _holders(state, tid), colours))


# ------------------------------------------------------------------ actions and federation tokens

def supply_panel(view, state: GameState, width: float) -> Panel:
    """Board actions (used ones crossed out) and the federation tokens left in the supply."""
    cat = view.catalogue
    actions = list(cat.board_actions.values())
    per_row = max(1, int((width - 12) // 64))
    rows = -(-len(actions) // per_row)
    tokens = [t for t in cat.federation_tokens.values() if t.id in state.fed_supply]
    fed_y = 24 + rows * 40 + 22
    height = fed_y + (-(-len(tokens) // per_row)) * 40 + 8
    panel = Panel("supply", width, height)
    add = panel.body.append
    add(rect(0, 0, width, height, PANEL, PANEL_EDGE))
    add(text(8, 15, "Board actions", 12, TEXT, 'font-weight="bold"'))
    for i, a in enumerate(actions):
        x, y = 6 + 64 * (i % per_row), 22 + 40 * (i // per_row)
        used = a.id in state.board_actions_used
        cost = ", ".join(f"{c.count}{c.resource}" for c in a.cost)
        gain = a.effect.text.split(":", 1)[-1].strip()
        attrs = f'class="board-action" data-action={quoteattr(a.id)} data-used="{str(used).lower()}"'
        add(f'<g {attrs}><title>{escape(a.id)}: {escape(cost)} for {escape(gain)}'
            f'{" (used this round)" if used else ""}</title>'
            + rect(x, y, 60, 36, TAKEN if used else TILE)
            + text(x + 4, y + 11, a.id, 9, DIM if used else TEXT, 'font-weight="bold"')
            + text(x + 4, y + 22, cost, 8, DIM if used else "#f2d13c")
            + text(x + 4, y + 32, wrap(gain, 52, 8, 1)[0], 8, DIM if used else "#c9cde0")
            + (f'<line x1="{num(x + 3)}" y1="{num(y + 3)}" x2="{num(x + 57)}" y2="{num(y + 33)}" '
               f'stroke="#d0392b" stroke-width="2"/>' if used else "") + "</g>")
    add(text(8, fed_y - 7, "Federation tokens in the supply", 12, TEXT, 'font-weight="bold"'))
    for i, t in enumerate(tokens):
        x, y = 6 + 64 * (i % per_row), fed_y + 40 * (i // per_row)
        left = state.fed_supply.get(t.id, 0)
        attrs = f'class="fed-token" data-tile={quoteattr(t.id)} data-left="{left}"'
        add(tile_svg(x, y, 60, 36, t.id, t.name, f"{left} left",
                     ("#2f4a2b" if t.green else "#3a3f4d") if left else TAKEN, attrs))
    return panel


# ------------------------------------------------------------------ scoring tiles and boosters

def scoring_panel(view, state: GameState, colours: list[str], width: float) -> Panel:
    cat = view.catalogue
    rounds = state.setup.round_tiles
    finals = state.setup.final_tiles
    n = len(rounds) + len(finals)
    w = min(110.0, (width - 12 - 10) / max(n, 1) - 4)
    height = 24 + TILE_H + 30
    panel = Panel("scoring", width, height)
    add = panel.body.append
    add(rect(0, 0, width, height, PANEL, PANEL_EDGE))
    add(text(8, 15, "Round scoring", 12, TEXT, 'font-weight="bold"'))
    for i, tid in enumerate(rounds, 1):
        x = 6 + (w + 4) * (i - 1)
        current = i == state.round and not state.ended
        past = i < state.round or state.ended
        tile = cat.round_tiles.get(tid)
        attrs = (f'class="round-tile" data-tile={quoteattr(tid)} data-round="{i}" '
                 f'data-current="{str(current).lower()}"')
        add(tile_svg(x, 22, w, TILE_H + 12, tid, tile.name if tile else tid, f"round {i}",
                     TAKEN if past else TILE, attrs))
        if current:
            add(f'<rect class="current-round" x="{num(x - 2)}" y="20" width="{num(w + 4)}" '
                f'height="{num(TILE_H + 16)}" rx="4" fill="none" stroke="{MARK}" stroke-width="3"/>')
    x0 = 6 + (w + 4) * len(rounds) + 10
    add(text(x0, 15, "Final scoring", 12, TEXT, 'font-weight="bold"'))
    for k, tid in enumerate(finals):
        x = x0 + (w + 4) * k
        tile = cat.final_tiles.get(tid)
        counts = [view.counter(p, tile.count) if tile else 0 for p in range(len(state.players))]
        attrs = f'class="final-tile" data-tile={quoteattr(tid)}'
        add(tile_svg(x, 22, w, TILE_H + 12, tid, tile.name if tile else tid, "", "#2b2340", attrs))
        for p, c in enumerate(counts):
            cx = x + 9 + 15 * p
            add(f'<g class="final-count" data-tile={quoteattr(tid)} data-player="{p + 1}" data-count="{c}">'
                f'<title>{escape(player_label(state, p))}: {c}</title>' + disc(cx, 22 + TILE_H + 2, 6.5, colours[p])
                + text(cx, 22 + TILE_H + 5, str(c), 7.5, "#111111", 'text-anchor="middle" font-weight="bold"') + "</g>")
    return panel


def boosters_panel(view, state: GameState, colours: list[str], width: float) -> Panel:
    boosters = state.setup.boosters
    holder = {pl.booster: p for p, pl in enumerate(state.players) if pl.booster}
    w = min(110.0, (width - 12) / max(len(boosters), 1) - 4)
    height = 24 + TILE_H + 26
    panel = Panel("boosters", width, height)
    add = panel.body.append
    add(rect(0, 0, width, height, PANEL, PANEL_EDGE))
    add(text(8, 15, "Boosters", 12, TEXT, 'font-weight="bold"'))
    for i, bid in enumerate(boosters):
        x = 6 + (w + 4) * i
        tile = view.catalogue.boosters.get(bid)
        p = holder.get(bid)
        where = "on the table" if bid in state.boosters_table else ("held" if p is not None else "out of play")
        attrs = (f'class="booster" data-tile={quoteattr(bid)} data-holder="{"" if p is None else p + 1}" '
                 f'data-table="{str(bid in state.boosters_table).lower()}"')
        title = f"{bid}: {tile.name if tile else bid} ({player_label(state, p) if p is not None else where})"
        add(tile_svg(x, 22, w, TILE_H + 8, bid, tile.name if tile else bid, "", TILE, attrs, title))
        if p is not None:
            add(rect(x, 22 + TILE_H + 10, w, 13, colours[p], "#111111")
                + text(x + w / 2, 22 + TILE_H + 20, player_label(state, p), 8, _ink_on(colours[p]), 'text-anchor="middle"'))
        else:
            add(text(x + w / 2, 22 + TILE_H + 20, where, 8, DIM, 'text-anchor="middle"'))
    return panel


def luminance(colour: str) -> float:
    """Relative luminance of `#rgb` / `#rrggbb`: dark ink goes on fills above 0.5."""
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    r, g, b = (int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ink_on(fill: str) -> str:
    return "#111111" if luminance(fill) > 0.5 else "#f4f6f8"


# ------------------------------------------------------------------ the players

PLAYER_W = 250.0


def player_panel(view, state: GameState, p: int, colour: str, to_move: int | None, rows: int = 0) -> Panel:
    """One player's panel; `rows` lines of text at least (panels side by side share a height)."""
    cat = view.catalogue
    pl = state.players[p]
    faction = cat.factions.get(pl.faction or "")
    lines = _panel_lines(view, state, p)
    height = 130.0 + 13 * max(len(lines), rows)
    panel = Panel("player", PLAYER_W, height, attrs=f'data-player="{p + 1}"')
    add = panel.body.append
    add(f'<rect class="player-box" data-player="{p + 1}" data-faction={quoteattr(pl.faction or "")} x="0" y="0" '
        f'width="{num(PLAYER_W)}" height="{num(height)}" rx="4" fill="{PANEL}" '
        f'stroke="{MARK if p == to_move else colour}" stroke-width="{3 if p == to_move else 2}"/>')
    add(rect(0, 0, PLAYER_W, 24, colour, colour))
    ink = _ink_on(colour)
    head = f"p{p + 1} {faction.name if faction else '(no faction yet)'}"
    add(text(8, 16, head, 12, ink, 'font-weight="bold"'))
    add(text(PLAYER_W - 8, 17, f"{pl.vp} VP", 14, ink, f'class="vp" data-player="{p + 1}" text-anchor="end" '
             'font-weight="bold"'))
    y = 40.0
    status = "passed" if pl.passed else ("to move" if p == to_move else "")
    if pl.faction:
        add(text(8, y, f"{pl.faction}{'  ·  ' + status if status else ''}", 9, DIM))
        y += 15
    if not view.holds_abilities(p):  # it holds no resources and no power: its deck and next card instead
        _automa_panel(panel, view, state, y, lines)
        return panel
    res = [("c", pl.credits), ("o", pl.ore), ("k", pl.knowledge), ("q", pl.qic)]
    for i, (code, value) in enumerate(res):
        name = (cat.resources.get(code) or {}).get("plural", code)
        x = 8 + 60 * i + 24
        add(f'<g class="resource" data-resource="{code}" data-player="{p + 1}" data-value="{value}">'
            f'<title>{escape(name)}: {value}</title>'
            + text(x, y + 4, str(value), 14, TEXT, 'text-anchor="middle" font-weight="bold"')
            + text(x, y + 14, name, 7.5, DIM, 'text-anchor="middle"') + "</g>")
    y += 22
    _bowls(panel, view, state, p, y)
    y += 46
    for line in lines:
        add(text(8, y, line, 9, "#c9cde0"))
        y += 13
    return panel


def _automa_panel(panel: Panel, view, state: GameState, y: float, lines: list[str]) -> None:
    """The Automa's part of its panel: what it has (VP, deck, next support card, reserve), then its pieces."""
    shown = ("difficulty", "deck", "next support card", "reserve")
    rows = [line for name, value in automa_rows(view.catalogue, state) if name in shown
            for line in textwrap.wrap(f"{name}: {value}", 46, subsequent_indent="  ")]
    add = panel.body.append
    end = y + 68   # where a player's resources and power areas end
    for row in rows:
        add(text(8, y, row, 9, TEXT, 'class="automa"'))
        y += 13
    y = max(y, end)
    for line in lines[:1] + lines[4:5]:   # its pieces and its booster: no Gaiaformers, federations or token
        add(text(8, y, line, 9, "#c9cde0"))
        y += 13


def _bowls(panel: Panel, view, state: GameState, p: int, y: float) -> None:
    """The three power areas and the Gaia area as bowls, with the special token where it lies."""
    pl = state.players[p]
    faction = view.catalogue.factions.get(pl.faction or "")
    token = faction.special_token.name if faction and faction.special_token else None
    areas = list(pl.power)
    add = panel.body.append
    for i, area in enumerate(areas):
        x = 8 + 60 * i
        label = area.replace("area", "") if area.startswith("area") else area
        label = {"1": "I", "2": "II", "3": "III"}.get(label, label)
        here = token is not None and pl.token == area
        extra = f" and the {token}" if here else ""
        add(f'<g class="bowl" data-player="{p + 1}" data-area={quoteattr(area)} data-tokens="{pl.power[area]}">'
            f'<title>{escape(area)}: {pl.power[area]}{escape(extra)}</title>'
            f'<ellipse cx="{num(x + 24)}" cy="{num(y + 18)}" rx="24" ry="17" fill="#0b0e1d" '
            f'stroke="{"#3aa655" if area == "gaia" else "#c58bff"}" stroke-width="1.5"/>'
            + text(x + 24, y + 18, str(pl.power[area]), 13, TEXT, 'text-anchor="middle" font-weight="bold"')
            + text(x + 24, y + 29, label, 7.5, DIM, 'text-anchor="middle"')
            + (disc(x + 42, y + 6, 5, MARK, f'class="special-token" data-area={quoteattr(area)}') if here else "")
            + "</g>")


def _panel_lines(view, state: GameState, p: int) -> list[str]:
    pl = state.players[p]
    counts: dict[str, int] = {}
    for h in state.board.values():
        if h.owner == p and h.piece:
            counts[h.piece] = counts.get(h.piece, 0) + 1
    guests = sum(1 for h in state.board.values() if p in h.guests)
    faction = view.catalogue.factions.get(pl.faction or "")
    order = list(faction.structures) if faction else sorted(counts)
    pieces = " ".join(f"{sid} {counts[sid]}" for sid in order if counts.get(sid))
    if guests:
        pieces += f" +{guests} guest"
    used = view.pieces_used(p)
    left = " ".join(f"{sid} {s.supply - used.get(sid, 0)}"
                    for sid, s in faction.structures.items() if s.structure and s.supply) if faction else ""
    lines = [
        f"pieces: {pieces or '-'}; satellites {pl.satellites}",
        f"left to build: {left or '-'}",
        f"Gaiaformers {pl.gaiaformers} ({pl.gaiaformers_in_gaia} in the Gaia area)",
        f"federations formed: {pl.federations_formed}",
        "booster: " + _named(view.catalogue.boosters, pl.booster),
    ]
    if faction is not None and faction.special_token is not None:
        lines.append(f"{faction.special_token.name}: {pl.token or 'not in play'}")
    lines += ["tech: " + _named(_tiles(view), t.tile) + ("" if t.enabled else " (covered)") for t in pl.tech]
    lines += ["token: " + _named(view.catalogue.federation_tokens, t.tile) + (" (green)" if t.green else "")
              for t in pl.fed_tokens]
    return [line if len(line) <= 46 else line[:45] + "…" for line in lines]


def _tiles(view) -> dict:
    return {**view.catalogue.tech_tiles, **view.catalogue.advanced_tech_tiles}


def _named(components: dict, cid: str | None) -> str:
    """An id and its name from content ('-' for none)."""
    if not cid:
        return "-"
    c = components.get(cid)
    return f"{cid} {c.name}" if c is not None else cid


@dataclass
class TablePanels:
    """The panels around the map: a side column (top to bottom) and a row of player panels."""

    side: list[Panel]
    players: list[Panel]


def table_panels(view, state: GameState, colours: list[str], to_move: int | None) -> TablePanels:
    """Every panel of the table: research board, scoring, boosters, supply; the players' panels."""
    research = research_panel(view, state, colours)
    rows = max((len(_panel_lines(view, state, p)) for p in range(len(state.players))), default=0)
    side = [research, scoring_panel(view, state, colours, research.width),
            boosters_panel(view, state, colours, research.width), supply_panel(view, state, research.width)]
    players = [player_panel(view, state, p, colours[p], to_move, rows) for p in range(len(state.players))]
    return TablePanels(side, players)
