"""Import a game as the boardgamers.space site stores it.

The site keeps a game as its engine's data: `options` (the map's sectors with
their rotations, the auction), `tiles` (boosters on offer, tech tiles by
position, round and final scoring tiles, the federation supply),
`terraformingFederation`, optionally `map` (every hex with its planet) and
`moveHistory` (the lines in the site's notation). `import_site_game` turns it
into our set-up plus moves, replayed and checked by our engine under the
`boardgamers` variant.
"""
from __future__ import annotations

from typing import Any

from ..board import PlacedSector, find_mirror
from .notation import NotationError, canonical, parse_line
from ..rules import Engine, IllegalMoveError, Move
from ..state import GameState, Setup

VARIANT = "boardgamers"


class ImportError_(ValueError):
    """Site data that cannot be imported, with where and why."""


def _need(data: dict, key: str, where: str = "the game data") -> Any:
    if not isinstance(data, dict) or key not in data:
        raise ImportError_(f"{where} has no '{key}'")
    return data[key]


def _sectors(options: dict) -> list[dict]:
    sectors = _need(_need(options, "map", "options"), "sectors", "options.map")
    out = []
    for i, s in enumerate(sectors):
        try:
            center = s["center"]
            out.append({"sector": str(s["sector"]), "rotation": int(s["rotation"]), "center": [center["q"], center["r"]]})
        except (KeyError, TypeError, ValueError):
            raise ImportError_(f"options.map.sectors[{i}] needs sector, rotation and center {{q, r}}") from None
    return out


def _mirror(engine: Engine, sectors: list[dict], data: dict) -> bool:
    """Read the map flipped if the stored hexes say so (old games), else as `options.map.mirror`."""
    declared = bool(data.get("options", {}).get("map", {}).get("mirror", False))
    hexes = data.get("map")
    if not isinstance(hexes, list):
        return declared
    cat = engine.catalogue
    code = {p.code: p.id for p in cat.planets.values()}
    placed = [PlacedSector(x["sector"], x["rotation"], tuple(x["center"])) for x in sectors]
    planets = {(h.get("q"), h.get("r")): code.get((h.get("data") or {}).get("planet"))
               for h in hexes if (h.get("data") or {}).get("planet") not in (None, "l")}
    mirror = find_mirror(placed, {k: v.hexes for k, v in cat.sectors.items()}, {k: v.tile for k, v in cat.sectors.items()},
                         planets)
    if mirror is None:
        raise ImportError_("the stored map matches no arrangement of our sector content")
    return mirror


def setup_from_site(engine: Engine, data: dict) -> Setup:
    options = _need(data, "options")
    tiles = _need(data, "tiles")
    moves = _need(data, "moveHistory")
    if not moves or not str(moves[0]).startswith("init "):
        raise ImportError_("moveHistory must start with 'init <players> <seed>'")
    init = str(moves[0]).split()
    try:
        players = int(init[1])
    except (IndexError, ValueError):
        raise ImportError_(f"cannot read the player count in '{moves[0]}'") from None
    sectors = _sectors(options)
    techs = _need(tiles, "techs", "tiles")
    scorings = _need(tiles, "scorings", "tiles")
    return Setup(
        players=players,
        variant=VARIANT,
        seed=init[2] if len(init) > 2 else "",
        sectors=sectors,
        mirror=_mirror(engine, sectors, data),
        round_tiles=list(_need(scorings, "round", "tiles.scorings")),
        final_tiles=list(_need(scorings, "final", "tiles.scorings")),
        boosters=sorted(b for b, on in _need(tiles, "boosters", "tiles").items() if on is not False),
        tech_tiles={pos: v["tile"] for pos, v in techs.items() if not pos.startswith("adv-")},
        advanced_tiles={pos[len("adv-"):]: v["tile"] for pos, v in techs.items() if pos.startswith("adv-")},
        terraforming_token=data.get("terraformingFederation"),
        fed_supply=dict(_need(tiles, "federations", "tiles")),
        **_options(data, options),
    )


def _options(data: dict, options: dict) -> dict:
    """The game options this engine plays (auction, faction variant); refuses the others by name."""
    from .replay import UnsupportedOption, game_options

    try:
        return game_options({"options": options, "flags": {"expansions": data.get("expansions") or []}})
    except UnsupportedOption as err:
        raise ImportError_(str(err)) from None


def import_site_game(engine: Engine, data: dict) -> tuple[Setup, list[Move], GameState]:
    """Set-up, moves and final state of a site game; raises `ImportError_` at the first bad line."""
    setup = setup_from_site(engine, data)
    state = engine.new_game(setup)
    tokens = engine.catalogue.token_words
    moves: list[Move] = []
    namer = engine.context(state).map.canonical_name
    for i, line in enumerate(data["moveHistory"][1:], start=1):
        names = {p.faction: p.index for p in state.players if p.faction is not None}
        try:
            parsed = parse_line(str(line), names, setup.players, tokens)
            for mv in parsed.moves:
                mv = engine.normalize(state, canonical(mv, namer))
                engine.apply_in_place(state, mv)
                moves.append(mv)
        except (NotationError, IllegalMoveError) as err:
            raise ImportError_(f"moveHistory[{i}] '{line}': {err}") from None
    return setup, moves, state
