"""Import a game as the boardgamers.space site stores it.

The site keeps a game as its engine's data *now*: `options` (the map's
sectors with their rotations, the auction...), `tiles` (boosters with those
in players' hands marked `false`, tech tiles with the copies left, round and
final scoring tiles, the federation tokens left), `terraformingFederation`
(gone once a player took it), `map` (every hex as it is now: Transdim planets
turned Gaia, the Lost Planet placed), `players` and `moveHistory`.

The import never reads the set-up off the current board: the planets come
from our sector content placed with the site's rotations and centres (the
stored map only confirms them, allowing what play changes), the boosters and
tiles are the site's full lists, and the federation supply is the content's
minus the terraforming token, which the move history identifies when the
token is gone. Every line is then replayed under the `boardgamers` variant
and the end is checked against what the site stores: supplies and each
player's resources.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import GaiaError
from .notation import parse_line
from ..board import DIRECTIONS
from .replay import (VARIANT, UnsupportedOption, build_map, game_options, hex_namer, map_fits, map_mirror, play_line,
                     player_trace, seed_of, sectors_of)
from ..rules import Engine, Move, MoveError, MoveSyntaxError
from ..setup import natural_key
from ..state import GameState, Setup

# Options of the site's engine that change the game in a way this import does not replay: name -> what it does.
REFUSED_OPTIONS = {
    "advancedRules": "the last player turns sectors before factions are chosen",
    "customBoardSetup": "the last player places the set-up items by hand",
    "randomFactions": "the site deals the factions at random",
    "flexibleFederations": "federations may go round occupied planets",
}
# Options that change nothing the rules decide (the map's shape comes from `map`; `noFedCheck` only affects the site's menus).
HARMLESS_OPTIONS = ("layout", "creator", "map", "auction", "factionVariant", "factionVariantVersion", "noFedCheck")
STANDARD_FACTIONS = "standard"
# what a hex may show now where a sector prints another planet kind (planets.yaml `habitable`)
BECOMES = {"gaia-project": "gaia", "space": "lost"}
# the site's player numbers -> our trace fields (see replay.TRACE_FIELDS)
SITE_TRACE = ("victoryPoints", "credits", "ores", "knowledge", "qics")
POWER_AREAS = ("area1", "area2", "area3", "gaia")


class ImportError_(GaiaError, ValueError):
    """Site data that cannot be imported, with where and why."""


@dataclass
class SiteGame:
    """A site game turned into ours: the rebuilt set-up, the moves as played and the state they reach."""

    setup: Setup
    moves: list[Move]
    state: GameState
    lines: int                       # lines of moveHistory, `init` included
    checked: list[str]               # what the end was compared with in the site's stored game


def _need(data: Any, key: str, where: str = "the game data") -> Any:
    if not isinstance(data, dict) or key not in data:
        raise ImportError_(f"{where} has no '{key}'")
    return data[key]


def _table(data: dict, key: str, where: str) -> dict:
    """A field that must be a JSON object (the site's tile tables)."""
    value = _need(data, key, where)
    if not isinstance(value, dict):
        raise ImportError_(f"'{key}' in {where} is not a JSON object")
    return value


# ------------------------------------------------------------------ options

def refuse_unsupported(data: dict) -> None:
    """Raise naming the first option this import cannot play as the site did."""
    options = _table(data, "options", "the game data")
    if data.get("expansions") or options.get("expansions"):
        raise ImportError_(f"option 'expansions' ({data.get('expansions') or options.get('expansions')}) is not "
                           "supported: only the base game can be imported")
    for name, what in REFUSED_OPTIONS.items():
        if options.get(name):
            raise ImportError_(f"option '{name}' is not supported: {what}")
    variant = options.get("factionVariant") or STANDARD_FACTIONS
    if variant != STANDARD_FACTIONS:
        raise ImportError_(f"option 'factionVariant' '{variant}' is not supported: our content has the "
                           f"{STANDARD_FACTIONS} factions only")
    for name, value in options.items():
        if name not in HARMLESS_OPTIONS and name not in REFUSED_OPTIONS and value:
            raise ImportError_(f"option '{name}' is not supported: this import does not know it")


# ------------------------------------------------------------------ the map

def _sectors(engine: Engine, data: dict) -> list[dict]:
    """The sectors as `options.map` places them, or as the stored hexes show them (old games keep no `options.map`)."""
    options = data["options"]
    if "map" not in options:
        return _sectors_from_hexes(engine, data)[0]
    try:
        sectors = sectors_of(options["map"])
    except (KeyError, TypeError, ValueError):
        raise ImportError_("options.map.sectors needs sector, rotation and center {q, r} for each sector") from None
    _known(engine, [s["sector"] for s in sectors], "options.map")
    return sectors


def _known(engine: Engine, sectors: list[str], where: str) -> None:
    unknown = [s for s in sectors if s not in engine.catalogue.sectors]
    if unknown:
        raise ImportError_(f"{where} names sector '{unknown[0]}', which our content does not have")


def _stored_hexes(data: dict) -> list[dict]:
    """The stored map's hexes (none if the file has no map); each needs whole q, r and a planet code."""
    hexes = data.get("map")
    if not isinstance(hexes, list):
        return []
    for i, h in enumerate(hexes):
        ok = isinstance(h, dict) and isinstance(h.get("data"), dict) and isinstance(h["data"].get("planet"), str)
        if not ok or not all(isinstance(h.get(k), int) and not isinstance(h.get(k), bool) for k in ("q", "r")):
            raise ImportError_(f"map[{i}] needs whole q and r and a planet code in data.planet")
    return hexes


def _sectors_from_hexes(engine: Engine, data: dict) -> tuple[list[dict], bool]:
    """Each sector's centre (the middle of its stored hexes) and turn (the one its planets fit), and the reading."""
    groups: dict[str, dict[tuple[int, int], str]] = {}
    for h in _stored_hexes(data):
        if "sector" in h["data"]:
            groups.setdefault(str(h["data"]["sector"]), {})[(h["q"], h["r"])] = h["data"]["planet"]
    if not groups:
        raise ImportError_("options has no 'map' and the stored map names no sectors: the map cannot be rebuilt")
    _known(engine, list(groups), "the stored map")
    fits, turns = _fits(engine), len(DIRECTIONS)  # a sector turns by sixths
    for mirror in (False, True):
        fitting = {sector: [p for p in ({"sector": sector, "rotation": t, "center": _middle(codes)} for t in range(turns))
                            if map_fits(engine, [p], mirror, codes, fits)]
                   for sector, codes in groups.items()}
        if all(fitting.values()):
            unsure = next((sector for sector, found in fitting.items() if len(found) > 1), None)
            if unsure is not None:
                raise ImportError_(f"options has no 'map' and the stored hexes of sector {unsure} fit more than one "
                                   "turn of it: the map cannot be rebuilt")
            return [found[0] for found in fitting.values()], mirror
    raise ImportError_("options has no 'map' and the stored hexes fit no turn of our sectors: the map cannot be rebuilt")


def _middle(codes: dict[tuple[int, int], str]) -> list[int]:
    """The centre of a sector: the middle of its hexes."""
    return [round(sum(q for q, _ in codes) / len(codes)), round(sum(r for _, r in codes) / len(codes))]


def _fits(engine: Engine):
    kinds = {p.id: p.habitable for p in engine.catalogue.planets.values()}

    def fits(printed: str, shown: str | None) -> bool:
        return shown == printed or (shown is not None and BECOMES.get(kinds[printed]) == kinds.get(shown))
    return fits


def _mirror(engine: Engine, sectors: list[dict], data: dict) -> bool:
    """`options.map.mirror`, confirmed by the stored hexes (old games store the map flipped)."""
    if "map" not in data["options"]:
        return _sectors_from_hexes(engine, data)[1]
    declared = bool(data["options"]["map"].get("mirror", False))
    codes = {(h["q"], h["r"]): h["data"]["planet"] for h in _stored_hexes(data)}
    if not codes:
        return declared
    fits = _fits(engine)
    mirror = map_mirror(engine, sectors, codes, fits, first=declared)
    if mirror is None:
        raise ImportError_(_misfit(engine, sectors, declared, codes, fits))
    return mirror


def _misfit(engine: Engine, sectors: list[dict], mirror: bool, codes: dict, fits) -> str:
    """Where the stored map first differs from our sectors placed as the options say."""
    hexes = build_map(engine, sectors, mirror).hexes
    by_code = {p.code: p.id for p in engine.catalogue.planets.values()}
    for (q, r), code in sorted(codes.items()):
        h = hexes.get((q, r))
        if h is None:
            return f"the stored map has hex {q}x{r}, which no sector of options.map covers"
        if not fits(h.planet, by_code.get(code)):
            return f"the stored map shows '{code}' at {h.name} ({q}x{r}), where our sector {h.sector} prints {h.planet}"
    return "the stored map matches no arrangement of our sector content"


# ------------------------------------------------------------------ tiles

def _federations_taken(engine: Engine, lines: list[str], players: int) -> Counter:
    """Federation tokens taken from the supply by the moves (`federation <hexes> <token>`)."""
    anyone = {name: 0 for name in engine.catalogue.factions}   # who formed it does not matter here
    taken: Counter = Counter()
    for line in lines[1:]:
        try:
            parsed = parse_line(str(line), anyone, players, engine.catalogue.token_words)
        except MoveSyntaxError:
            continue  # the replay reports it with its index
        taken.update(m.args[1] for m in parsed.moves if m.command == "federation" and len(m.args) > 1)
    return taken


def _federation_supply(engine: Engine, data: dict, players: int) -> tuple[str | None, dict[str, int]]:
    """The terraforming token and the supply at set-up: the content's tokens minus that one."""
    full = {t.id: t.copies for t in sorted(engine.catalogue.federation_tokens.values(), key=lambda t: natural_key(t.id))
            if t.in_supply}
    token = data.get("terraformingFederation")
    if token is not None and not isinstance(token, str):
        raise ImportError_("terraformingFederation is not a federation token's name")
    if token is None:
        stored = _table(data["tiles"], "federations", "tiles")
        taken = _federations_taken(engine, data["moveHistory"], players)
        if not all(isinstance(n, int) for n in stored.values()):
            raise ImportError_("tiles.federations needs a number of tokens left for each federation token")
        missing = {f: n - stored.get(f, 0) - taken[f] for f, n in full.items()}
        gone = [f for f, n in missing.items() if n]
        if len(gone) != 1 or missing[gone[0]] != 1:
            raise ImportError_("cannot tell which federation token lay on the terraforming track: tokens missing "
                               f"beyond those the moves took: {({f: n for f, n in missing.items() if n}) or 'none'}")
        token = gone[0]
    if token not in full:
        raise ImportError_(f"terraformingFederation '{token}' is no federation token of our content's supply")
    return token, {f: n - (1 if f == token else 0) for f, n in full.items()}


def setup_from_site(engine: Engine, data: dict) -> Setup:
    """The set-up the site drew, rebuilt from its options, full tile lists and move history."""
    refuse_unsupported(data)
    options, tiles, lines = data["options"], _table(data, "tiles", "the game data"), _need(data, "moveHistory")
    if not isinstance(lines, list) or not lines or not str(lines[0]).startswith("init "):
        raise ImportError_("moveHistory must start with 'init <players> <seed>'")
    try:
        players = int(str(lines[0]).split()[1])
    except (IndexError, ValueError):
        raise ImportError_(f"cannot read the player count in '{lines[0]}'") from None
    sectors = _sectors(engine, data)
    techs = _table(tiles, "techs", "tiles")
    scorings = _table(tiles, "scorings", "tiles")
    token, supply = _federation_supply(engine, data, players)
    try:
        setup = Setup(
            players=players,
            variant=VARIANT,
            seed=seed_of([str(lines[0])]),
            sectors=sectors,
            mirror=_mirror(engine, sectors, data),
            round_tiles=list(_need(scorings, "round", "tiles.scorings")),
            final_tiles=list(_need(scorings, "final", "tiles.scorings")),
            boosters=sorted(_table(tiles, "boosters", "tiles"), key=natural_key),  # `false`: in a player's hand now
            tech_tiles={pos: v["tile"] for pos, v in techs.items() if not pos.startswith("adv-")},
            advanced_tiles={pos.removeprefix("adv-"): v["tile"] for pos, v in techs.items() if pos.startswith("adv-")},
            terraforming_token=token,
            fed_supply=supply,
            **_options(data, options),
        )
    except (KeyError, TypeError, AttributeError):
        raise ImportError_("tiles.techs needs {tile, count} for each position") from None
    _known_tiles(engine, setup)
    return setup


def _known_tiles(engine: Engine, setup: Setup) -> None:
    """Every tile the site names must be one of our content's."""
    cat = engine.catalogue
    for where, ids, known in (("tiles.boosters", setup.boosters, cat.boosters),
                              ("tiles.techs", setup.tech_tiles.values(), cat.tech_tiles),
                              ("tiles.techs", setup.advanced_tiles.values(), cat.advanced_tech_tiles),
                              ("tiles.scorings.round", setup.round_tiles, cat.round_tiles),
                              ("tiles.scorings.final", setup.final_tiles, cat.final_tiles)):
        for tile in ids:
            if not isinstance(tile, str) or tile not in known:
                raise ImportError_(f"{where} names '{tile}', which our content does not have")


# ------------------------------------------------------------------ replay and checks

def _options(data: dict, options: dict) -> dict:
    """The game options this engine plays (auction, faction variant); refuses the others by name."""
    try:
        return game_options({"options": options, "flags": {"expansions": data.get("expansions") or []}})
    except UnsupportedOption as err:
        raise ImportError_(str(err)) from None


def import_site_game(engine: Engine, data: dict) -> tuple[Setup, list[Move], GameState]:
    """Set-up, moves and final state of a site game; raises `ImportError_` at the first bad line."""
    game = read_site_game(engine, data)
    return game.setup, game.moves, game.state


def read_site_game(engine: Engine, data: dict, after_line=None) -> SiteGame:
    """Rebuild, replay (calling `after_line(index, state)` after each line) and check a site game."""
    if not isinstance(data, dict):
        raise ImportError_("the game data is not a JSON object")
    setup = setup_from_site(engine, data)
    state = engine.new_game(setup)
    namer = hex_namer(engine, state)
    moves: list[Move] = []
    lines = data["moveHistory"]
    for i, line in enumerate(lines[1:], start=1):
        try:
            moves.extend(play_line(engine, state, str(line), namer))
        except MoveError as err:
            raise ImportError_(f"moveHistory[{i}] '{line}': {err}") from None
        if after_line is not None:
            after_line(i, state)
    return SiteGame(setup, moves, state, len(lines), check_against_site(state, data))


def check_against_site(state: GameState, data: dict) -> list[str]:
    """The replay must end where the site's stored game is; returns what was compared.

    Compared: the supplies left (boosters, tech tiles, federation tokens, the
    terraforming token) and each player's VP, resources and power areas.
    """
    tiles = data["tiles"]
    left = sorted((b for b, on in tiles["boosters"].items() if on), key=natural_key)
    _same("boosters on the table", sorted(state.boosters_table, key=natural_key), left)
    _same("tech tiles left", state.tech_supply, {pos: v.get("count") for pos, v in tiles["techs"].items()})
    _same("federation tokens left", {f: n for f, n in state.fed_supply.items() if n},
          {f: n for f, n in _table(tiles, "federations", "tiles").items() if n})
    _same("terraforming token", state.terraforming_token, data.get("terraformingFederation"))
    checked = ["boosters", "tech tiles", "federation tokens"]
    if data.get("turnMoves"):
        return checked  # the site is in the middle of a turn: its numbers include commands not in moveHistory
    compared = 0
    stored_players = data.get("players")
    for p, stored in enumerate(stored_players if isinstance(stored_players, list) else []):
        pd = stored.get("data") if isinstance(stored, dict) else None
        if not isinstance(pd, dict) or p >= len(state.players):
            continue
        power = pd.get("power") if isinstance(pd.get("power"), dict) else {}
        site = [pd.get(k) for k in SITE_TRACE] + [power.get(a) for a in POWER_AREAS]
        _same(f"player {p + 1}'s VP, credits, ore, knowledge, QIC and power areas", player_trace(state, p), site)
        compared += 1
    if compared == len(state.players):
        checked.append("every player's VP, resources and power")
    return checked


def _same(what: str, ours: Any, site: Any) -> None:
    if ours != site:
        raise ImportError_(f"after the last move the replay has {what} {ours}, but the site stores {site}")


def summary(game: SiteGame) -> list[str]:
    """What was imported, for people: the game, its players with their VP, and what was checked."""
    state = game.state
    players = ", ".join(f"p{p.index + 1} {p.faction or '?'} {p.vp} VP" for p in state.players)
    where = f"round {state.round}" if state.round else "set-up"
    return [f"imported {state.setup.seed or 'a game'}: {state.setup.players} players, {game.lines - 1} lines "
            f"({len(game.moves)} moves), {where}, phase {state.phase}{', ended' if state.ended else ''}",
            f"players: {players}",
            f"checked against the site's stored game: {', '.join(game.checked)}"]
