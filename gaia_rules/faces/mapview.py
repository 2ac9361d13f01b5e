"""Pictures of the game: an SVG drawing of the map and the table (the text map is maptext.py).

`svg_map(view, state, to_move)` (`view`: the game's `GameView`, `Game.view()`)
returns a standalone SVG document (a string, built by hand: no drawing
library). Hexes are flat-topped, hex (q, r) at x = 1.5·r, y = (2q + r)·√3/2
with y up, as the site draws them. It shows:

- every map hex as one `<polygon class="hex">` filled with its planet's colour
  (the planet type's `colour` in content, looked up by colour name in
  `COLOURS`; empty space dark), with its name in small text;
- pieces in their owner's colour (the colour of the home planet of the
  player's faction), one shape per kind of piece, derived from the faction
  board alone (see `piece_shape`): no structure is named here;
- satellites as small dots near the hex edge, guest pieces beside the main one,
  federation hexes outlined in the player's colour;
- a legend under the map: planet types, piece shapes, players;
- beside and below it the table of `tableview`: research board, tiles,
  boosters, board actions, federation supply, one panel per player.

Every element that stands for something on the board carries `data-hex`
(and `data-player`, from 1, `data-piece`) so tools and tests can find it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from types import SimpleNamespace
from xml.sax.saxutils import escape, quoteattr


from ..board import DIRECTIONS
from ..rules import GameView
from ..state import GameState
from .automa_text import game_words
from .tableview import luminance, num, player_label, table_panels

# colour names used in content -> fill; a name not listed (or "none") has no colour of its own
COLOURS: dict[str, str] = {
    "blue": "#2e6fd8",
    "red": "#d0392b",
    "orange": "#f08a24",
    "yellow": "#f2d13c",
    "brown": "#8b5a2b",
    "gray": "#9ea3a8",
    "grey": "#9ea3a8",
    "white": "#f4f6f8",
    "green": "#3aa655",
    "purple": "#8e55c9",
    "black": "#222222",
    "pink": "#e86ab0",
    "cyan": "#35c3d6",
}
SPACE = "#0e1124"          # empty space
SPACE_EDGE = "#2b3150"     # hex outlines
SECTOR_EDGE = "#7c86b0"    # sector borders
NO_COLOUR = "#5c5c66"      # a planet type without a colour (e.g. one that only appears in play)
INK = "#111111"            # outlines of pieces
# players whose faction is unknown yet, or whose home colour another player already has
FALLBACK_PLAYERS = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45")

SCALE = 30.0               # pixels per hex radius
MARGIN = 16.0
GAP = 12.0                 # between panels
SQRT3 = math.sqrt(3.0)


# ------------------------------------------------------------------ colours

def hex_colour(name: str | None) -> str | None:
    if not name:
        return None
    name = name.strip().lower()
    if name.startswith("#") and len(name) in (4, 7):
        return name
    return COLOURS.get(name)


def is_space(view, planet: str) -> bool:
    pt = view.catalogue.planets.get(planet)
    return pt is not None and pt.habitable == "space"


def planet_fill(view, planet: str) -> str:
    """The fill of a hex holding `planet` (a planet type id)."""
    if is_space(view, planet):
        return SPACE
    pt = view.catalogue.planets.get(planet)
    return hex_colour(getattr(pt, "colour", None)) or NO_COLOUR


def player_colours(view, state: GameState) -> list[str]:
    """Each player's colour: their faction's home planet colour, else a fallback (never two alike)."""
    out: list[str] = []
    spare = [c for c in FALLBACK_PLAYERS]
    for p in state.players:
        colour = None
        faction = view.catalogue.factions.get(p.faction) if p.faction else None
        if faction is not None and not is_space(view, faction.home):
            pt = view.catalogue.planets.get(faction.home)
            colour = hex_colour(getattr(pt, "colour", None))
        if colour is None or colour in out:
            colour = next(c for c in spare if c not in out)
        out.append(colour)
    return out


def _text_on(fill: str) -> str:
    return "#111111" if luminance(fill) > 0.5 else "#e8eaf2"


# ------------------------------------------------------------------ pieces: shapes from the faction board

SHAPES = ("circle", "square", "triangle", "octagon", "diamond", "ring", "star")


def piece_shape(structures: dict, sid: str, institute: str | None) -> str:
    """The shape of piece `sid` among a faction board's `structures` (id -> Structure-like).

    Pieces that are not structures: a star if placed in space, else a ring.
    Structures: the faction's planetary institute an octagon; one built from
    nothing a circle; those of the highest power value a diamond; the others
    a square when upgraded from a first structure, a triangle further up.
    """
    s = structures.get(sid)
    if s is None:
        return "circle"
    if not s.structure:
        return "star" if ("space" in s.place_on or s.counts_as_satellite) else "ring"
    if sid == institute:
        return "octagon"
    depth, seen, cur = 0, {sid}, s
    while cur.upgrades_from and cur.upgrades_from in structures and cur.upgrades_from not in seen:
        seen.add(cur.upgrades_from)
        cur = structures[cur.upgrades_from]
        depth += 1
    if depth == 0:
        return "circle"
    top = max((x.power_value for x in structures.values() if x.structure), default=0)
    if s.power_value >= top and top > 0:
        return "diamond"
    return "square" if depth == 1 else "triangle"


def board_structures(view) -> dict:
    """The default faction board's pieces as Structure-like records (for the legend)."""
    board = next(iter(view.catalogue.boards.values()), None) or {}
    out = {}
    for sid, d in (board.get("structures") or {}).items():
        out[sid] = SimpleNamespace(
            id=sid, name=d.get("name", sid), structure=d.get("structure", True),
            place_on=(d["place_on"],) if isinstance(d.get("place_on"), str) else tuple(d.get("place_on") or ()),
            counts_as_satellite=d.get("counts_as_satellite", False), upgrades_from=d.get("upgrades_from"),
            power_value=d.get("power_value", 0))
    return out


def _common_institute(view) -> str | None:
    ids = [f.planetary_institute_structure for f in view.catalogue.factions.values()]
    return max(set(ids), key=ids.count) if ids else None


@dataclass
class _Shapes:
    view: GameView
    state: GameState

    def __post_init__(self):
        self.board = board_structures(self.view)
        self.institute = _common_institute(self.view)

    def of(self, p: int, sid: str) -> str:
        faction = self.view.catalogue.factions.get(self.state.players[p].faction or "")
        if faction is not None and sid in faction.structures:
            return piece_shape(faction.structures, sid, faction.planetary_institute_structure)
        return piece_shape(self.board, sid, self.institute)

    def name(self, p: int, sid: str) -> str:
        faction = self.view.catalogue.factions.get(self.state.players[p].faction or "")
        if faction is not None and sid in faction.structures:
            return faction.structures[sid].name
        s = self.board.get(sid)
        return s.name if s is not None else sid


_n = num


def _points(pts) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)


def _path(pts) -> str:
    return "M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in pts) + " Z"


def _regular(x: float, y: float, radius: float, n: int, start_deg: float) -> list[tuple[float, float]]:
    return [(x + radius * math.cos(math.radians(start_deg + 360 * i / n)),
             y + radius * math.sin(math.radians(start_deg + 360 * i / n))) for i in range(n)]


def shape_svg(shape: str, x: float, y: float, fill: str, size: float = 1.0) -> str:
    """One piece drawn at (x, y) in SVG units, with a dark outline and a light halo."""
    u = SCALE * size
    stroke = f'stroke="{INK}" stroke-width="1.3"'
    if shape == "ring":
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.24 * u)}" fill="none" stroke="#ffffff" stroke-width="6"/>'
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.24 * u)}" fill="none" stroke="{INK}" stroke-width="5"/>'
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.24 * u)}" fill="none" stroke="{fill}" stroke-width="3"/>')
    if shape == "circle":
        body = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.22 * u)}" fill="{fill}" {stroke}/>'
        halo = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.22 * u)}" fill="none" stroke="#ffffff" stroke-width="3.5"/>'
        return halo + body
    if shape == "square":
        pts = _regular(x, y, 0.32 * u, 4, 45)
    elif shape == "triangle":
        pts = _regular(x, y + 0.05 * u, 0.36 * u, 3, -90)
    elif shape == "octagon":
        pts = _regular(x, y, 0.40 * u, 8, 22.5)
    elif shape == "diamond":
        pts = _regular(x, y, 0.44 * u, 4, -90)
    elif shape == "star":
        outer = _regular(x, y, 0.36 * u, 4, -90)
        inner = _regular(x, y, 0.14 * u, 4, -45)
        pts = [p for pair in zip(outer, inner) for p in pair]
    else:
        return shape_svg("circle", x, y, fill, size)
    d = _path(pts)
    return (f'<path d="{d}" fill="none" stroke="#ffffff" stroke-width="3.5" stroke-linejoin="round"/>'
            f'<path d="{d}" fill="{fill}" {stroke} stroke-linejoin="round"/>')


# ------------------------------------------------------------------ geometry

def centre(coord: tuple[int, int]) -> tuple[float, float]:
    """SVG position of a hex centre (y grows downwards in SVG, so y is negated)."""
    q, r = coord
    return 1.5 * r * SCALE, -(2 * q + r) * SQRT3 / 2 * SCALE


def corners(x: float, y: float, k: float = 1.0) -> list[tuple[float, float]]:
    return _regular(x, y, k * SCALE, 6, 0)


def _sector_edges(game_map) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Edges between hexes of different sectors, and on the board's rim."""
    edges, seen = [], set()
    for coord, h in game_map.hexes.items():
        x, y = centre(coord)
        pts = corners(x, y)
        for dq, dr in DIRECTIONS:
            other = game_map.hexes.get((coord[0] + dq, coord[1] + dr))
            if other is not None and other.sector == h.sector:
                continue
            nx, ny = centre((coord[0] + dq, coord[1] + dr))
            mx, my = (x + nx) / 2, (y + ny) / 2
            a, b = sorted(pts, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)[:2]
            key = tuple(sorted(((round(a[0], 1), round(a[1], 1)), (round(b[0], 1), round(b[1], 1)))))
            if key not in seen:
                seen.add(key)
                edges.append((a, b))
    return edges


# ------------------------------------------------------------------ the SVG

def svg_map(view, state: GameState, to_move: int | None = None) -> str:
    """The board and the table around it as a standalone SVG document.

    The map on the left with its legend below, the research board, scoring
    tiles, boosters, board actions and federation supply on the right, one
    panel per player along the bottom (`to_move`, if given, is outlined).
    """
    game_map = view.map
    colours = player_colours(view, state)
    shapes = _Shapes(view, state)
    panels = table_panels(view, state, colours, to_move)
    coords = sorted(game_map.hexes, key=lambda c: (-(2 * c[0] + c[1]), c[1]))
    xs = [centre(c)[0] for c in coords] or [0.0]
    ys = [centre(c)[1] for c in coords] or [0.0]
    title_h = 34.0
    left, right = min(xs) - SCALE - MARGIN, max(xs) + SCALE + MARGIN
    top, bottom = min(ys) - SCALE * SQRT3 / 2 - MARGIN - title_h, max(ys) + SCALE * SQRT3 / 2 + MARGIN
    side_x = right + GAP
    side = panels.side
    side_h = sum(pn.height for pn in side) + GAP * (len(side) - 1)
    legend_y = bottom + 4
    legend_h = _legend_height(view, state)
    row_y = max(legend_y + legend_h, top + title_h + side_h) + GAP
    players = panels.players
    row_w = sum(pn.width for pn in players) + GAP * (len(players) - 1)
    width = max(side_x + max(pn.width for pn in side), left + MARGIN + row_w) + MARGIN - left
    height = row_y + max((pn.height for pn in players), default=0) + MARGIN - top

    out: list[str] = []
    add = out.append
    add('<?xml version="1.0" encoding="UTF-8"?>')
    add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_n(left)} {_n(top)} {_n(width)} {_n(height)}" '
        f'width="{_n(width)}" height="{_n(height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">')
    add(f'<rect class="background" x="{_n(left)}" y="{_n(top)}" width="{_n(width)}" height="{_n(height)}" fill="#05060d"/>')
    rounds = view.catalogue.game["rounds"]
    where = f"round {state.round}/{rounds}, phase {state.phase}" if state.round else f"set-up, phase {state.phase}"
    if state.ended:
        where = "final position"
    players_words = (game_words(view.catalogue, state.setup) if state.automa is not None
                     else f"{state.setup.players} players")
    heading = f"{players_words}, seed {state.setup.seed}: {where}, {len(state.moves)} moves"
    add(f'<text class="title" x="{_n(left + MARGIN)}" y="{_n(top + 24)}" font-size="15" fill="#e8eaf2">{escape(heading)}</text>')

    out += _hex_layer(view, state, coords)
    out += _federation_layer(view, state, coords, colours)
    out += _name_layer(view, state, coords)
    out += _piece_layer(view, state, coords, colours, shapes)

    _legend(out, view, state, colours, left + MARGIN, legend_y)
    y = top + title_h
    for pn in side:
        add(pn.svg(side_x, y))
        y += pn.height + GAP
    x = left + MARGIN
    for pn in players:
        add(pn.svg(x, row_y))
        x += pn.width + GAP
    add('</svg>')
    return "\n".join(out) + "\n"


def _hex_layer(view, state: GameState, coords) -> list[str]:
    """Each hex in the colour of its planet, and the sectors' edges."""
    game_map = view.map
    out: list[str] = []
    add = out.append
    add('<g class="hexes">')
    for c in coords:
        h = game_map.hexes[c]
        planet = view.map.planet_at(state, h.name)
        x, y = centre(c)
        add(f'<polygon class="hex" data-hex={quoteattr(h.name)} data-planet={quoteattr(planet)} '
            f'points="{_points(corners(x, y))}" fill="{planet_fill(view, planet)}" stroke="{SPACE_EDGE}" stroke-width="1">'
            f'<title>{escape(h.name)}: {escape(_planet_name(view, planet))}</title></polygon>')
    add('</g>')
    add(f'<g class="sectors" stroke="{SECTOR_EDGE}" stroke-width="2" stroke-linecap="round">')
    for a, b in _sector_edges(game_map):
        add(f'<line x1="{_n(a[0])}" y1="{_n(a[1])}" x2="{_n(b[0])}" y2="{_n(b[1])}"/>')
    add('</g>')
    return out


def _federation_layer(view, state: GameState, coords, colours) -> list[str]:
    """An outline per federation, inset further for each further player on a hex."""
    game_map = view.map
    out: list[str] = []
    add = out.append
    # federations: an outline per player, inset further for each further player
    add('<g class="federations" fill="none" stroke-linejoin="round">')
    for c in coords:
        name = game_map.hexes[c].name
        hs = state.board.get(name)
        if hs is None:
            continue
        x, y = centre(c)
        for i, p in enumerate(hs.federations):
            d = _path(corners(x, y, 0.86 - 0.13 * i))
            add(f'<path class="federation" data-hex={quoteattr(name)} data-player="{p + 1}" d="{d}" '
                f'stroke="{INK}" stroke-width="5"/>'
                f'<path d="{d}" stroke="{colours[p]}" stroke-width="3"><title>{escape(name)}: federation of '
                f'{escape(player_label(state, p))}</title></path>')
    add('</g>')
    return out


def _name_layer(view, state: GameState, coords) -> list[str]:
    """Each hex's name, in ink that reads on its planet."""
    game_map = view.map
    out: list[str] = []
    add = out.append
    add('<g class="names" font-size="7.5" text-anchor="middle">')
    for c in coords:
        h = game_map.hexes[c]
        x, y = centre(c)
        fill = _text_on(planet_fill(view, view.map.planet_at(state, h.name)))
        add(f'<text class="name" data-hex={quoteattr(h.name)} x="{_n(x)}" y="{_n(y - 0.52 * SCALE)}" '
            f'fill="{fill}">{escape(h.name)}</text>')
    add('</g>')
    return out


def _piece_layer(view, state: GameState, coords, colours, shapes) -> list[str]:
    """The pieces, guests and satellites, each titled with what and whose it is."""
    game_map = view.map
    out: list[str] = []
    add = out.append
    add('<g class="pieces">')
    sat_angles = (90, 30, 150, 330, 210, 270)
    for c in coords:
        name = game_map.hexes[c].name
        hs = state.board.get(name)
        if hs is None:
            continue
        x, y = centre(c)
        if hs.owner is not None and hs.piece is not None:
            p = hs.owner
            dx = -0.18 * SCALE if hs.guests else 0.0
            add(f'<g class="piece" data-hex={quoteattr(name)} data-player="{p + 1}" data-piece={quoteattr(hs.piece)}>'
                f'<title>{escape(name)}: {escape(shapes.name(p, hs.piece))} of {escape(player_label(state, p))}</title>'
                f'{shape_svg(shapes.of(p, hs.piece), x + dx, y + 0.06 * SCALE, colours[p])}</g>')
        for g in hs.guests:
            mine = guest_piece(view)
            add(f'<g class="piece guest" data-hex={quoteattr(name)} data-player="{g + 1}" data-piece={quoteattr(mine)}>'
                f'<title>{escape(name)}: guest {escape(shapes.name(g, mine))} of {escape(player_label(state, g))}</title>'
                f'{shape_svg(shapes.of(g, mine), x + 0.3 * SCALE, y + 0.1 * SCALE, colours[g], 0.7)}</g>')
        for i, p in enumerate(hs.satellites):
            a = math.radians(sat_angles[i % len(sat_angles)])
            sx, sy = x + 0.7 * SCALE * math.cos(a), y + 0.7 * SCALE * math.sin(a)
            add(f'<circle class="satellite" data-hex={quoteattr(name)} data-player="{p + 1}" cx="{_n(sx)}" cy="{_n(sy)}" '
                f'r="{_n(0.12 * SCALE)}" fill="{colours[p]}" stroke="{INK}" stroke-width="1">'
                f'<title>{escape(name)}: satellite of {escape(player_label(state, p))}</title></circle>')
    add('</g>')
    return out


def counted(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def guest_piece(view) -> str:
    """The piece a guest stands as: the structure built on planets (else the board's first piece)."""
    try:
        return view.mine_id
    except LookupError:
        return next(iter(board_structures(view)), "?")


def _planet_name(view, planet: str) -> str:
    pt = view.catalogue.planets.get(planet)
    return pt.name if pt is not None else planet


def _legend_height(view, state: GameState) -> float:
    rows = max(len(view.catalogue.planets) * 16, len(_legend_shapes(view)) * 20 + 44, len(state.players) * 18)
    return 24 + rows


def _legend_shapes(view) -> dict[str, list[str]]:
    """Piece names of the default board by the shape they are drawn as."""
    board = board_structures(view)
    institute = _common_institute(view)
    by_shape: dict[str, list[str]] = {}
    for sid, s in board.items():
        by_shape.setdefault(piece_shape(board, sid, institute), []).append(s.name)
    return by_shape


def _legend(out: list[str], view, state: GameState, colours: list[str], x0: float, y0: float) -> None:
    """Three columns under the map: planet types, piece shapes, player colours."""
    add = out.append
    add('<g class="legend" font-size="11" fill="#e8eaf2">')
    y = y0 + 12
    add(f'<text x="{_n(x0)}" y="{_n(y)}" font-weight="bold">Planets (map code)</text>')
    for i, pt in enumerate(view.catalogue.planets.values()):
        yy = y + 18 + 16 * i
        d = _path(_regular(x0 + 8, yy - 4, 7, 6, 0))
        add(f'<path d="{d}" fill="{planet_fill(view, pt.id)}" stroke="{SECTOR_EDGE}" stroke-width="1"/>')
        add(f'<text x="{_n(x0 + 22)}" y="{_n(yy)}">{escape(pt.code)}  {escape(pt.name)}</text>')
    x1 = x0 + 150
    add(f'<text x="{_n(x1)}" y="{_n(y)}" font-weight="bold">Pieces</text>')
    yy = y + 20
    for shape, names in _legend_shapes(view).items():
        add(shape_svg(shape, x1 + 10, yy - 4, "#c9cde0", 0.75))
        add(f'<text x="{_n(x1 + 26)}" y="{_n(yy)}">{escape(", ".join(names))}</text>')
        yy += 20
    add(f'<circle cx="{_n(x1 + 10)}" cy="{_n(yy - 4)}" r="{_n(0.12 * SCALE)}" fill="#c9cde0" stroke="{INK}"/>')
    add(f'<text x="{_n(x1 + 26)}" y="{_n(yy)}">satellite</text>')
    yy += 22
    d = _path(_regular(x1 + 10, yy - 4, 9, 6, 0))
    add(f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="4"/><path d="{d}" fill="none" stroke="#c9cde0" stroke-width="2.5"/>')
    add(f'<text x="{_n(x1 + 26)}" y="{_n(yy)}">federation (outline in the owner\'s colour)</text>')
    x2 = x1 + 300
    add(f'<text x="{_n(x2)}" y="{_n(y)}" font-weight="bold">Players</text>')
    for p in range(len(state.players)):
        yy = y + 18 + 18 * p
        add(shape_svg("circle", x2 + 8, yy - 4, colours[p], 0.9))
        add(f'<text x="{_n(x2 + 22)}" y="{_n(yy)}">{escape(player_label(state, p))}</text>')
    add('</g>')
