"""What each seat of a position file holds: checked against the game the set-up made, then laid over it.

`check_seats` finds every way the file breaks the rules' limits (a position no game could reach);
`apply_seats` replaces, for each part a seat names, what the set-up gave (by hand, then says so:
`Engine.edited`, so the rules read what each seat holds again). Parts: vp, resources, power, research, pieces,
Gaiaformers, tiles, federation tokens, booster, passed, and the Automa's deck.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..board import UnknownHex
from ..content.spelling import did_you_mean
from ..content.yamlsrc import Diagnostic
from ..rules import Engine, GameView
from ..state import AREAS, FedTokenHeld, GameState, TechTileHeld

RESOURCE_FIELDS = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic"}
PLAYER_ONLY = ("resources", "power", "gaiaformers", "tiles", "federation_tokens")
"""What only a player's seat holds: the Automa's seat holds VP, research, pieces, a booster and its deck."""


@dataclass
class _Check:
    """One seat's check: where to report, and the problems found so far."""

    pos: Any
    seat: int
    out: list[Diagnostic] = field(default_factory=list)

    def at(self, path: tuple, message: str, key: bool = False) -> None:
        where = ("seats", self.seat) + tuple(path)
        self.out.append(self.pos.diag_key(where, message) if key else self.pos.diag(where, message))


def seat_entries(pos) -> list[tuple[int, dict]]:
    return [(i, s) for i, s in enumerate(pos.data.get("seats") or []) if s]


def check_seats(engine: Engine, state: GameState, pos) -> list[Diagnostic]:
    """Every problem of the seats against the game the set-up made (the position is not built if any)."""
    seats = pos.data.get("seats") or []
    out: list[Diagnostic] = []
    if len(seats) > len(state.players):
        out.append(pos.diag(("seats", len(state.players)), f"{len(seats)} seats given; the game has "
                                                            f"{len(state.players)}"))
        return out
    for i, s in seat_entries(pos):
        check = _Check(pos, i)
        for part, fn in SEAT_CHECKS.items():
            if part in s:
                fn(engine, state, check, s[part])
        out += check.out
    out += _check_across(engine, state, pos)
    return sorted(out, key=lambda d: (d.line, d.column))


def _check_resources(engine: Engine, state: GameState, check: _Check, amounts: dict) -> None:
    view = engine.view(state)
    if not view.holds_abilities(check.seat):   # the Automa's seat holds no resources
        return
    known = sorted(set(RESOURCE_FIELDS) | set(view.stored_resources))
    caps = view.caps
    for code, n in amounts.items():
        if code not in known:
            check.at(("resources", code), f"unknown resource '{code}'{did_you_mean(code, known)} "
                                          f"(choose {', '.join(known)})", key=True)
        elif code in caps and n > caps[code]:
            check.at(("resources", code), f"{n} {code} is more than its cap {caps[code]} (resources.yaml)")


def _check_research(engine: Engine, state: GameState, check: _Check, levels: dict) -> None:
    cat = engine.catalogue
    top = cat.research.levels - 1 if cat.research is not None else 0
    for track, level in levels.items():
        if track not in cat.tracks:
            check.at(("research", track), f"unknown research track '{track}'{did_you_mean(track, cat.tracks)}",
                     key=True)
        elif level > top:
            check.at(("research", track), f"level {level} is past the top level {top} of the research board")


def _check_pieces(engine: Engine, state: GameState, check: _Check, pieces: dict) -> None:
    view = engine.view(state)
    player = state.players[check.seat]
    structures = view.catalogue.factions[player.faction].structures
    counts: dict[str, int] = {}
    for name, sid in pieces.items():
        try:
            view.map.hex(name)
        except UnknownHex:
            check.at(("pieces", name), f"unknown hex '{name}' on this game's map "
                                       f"(names are sector + letter + number, e.g. 4A2)", key=True)
            continue
        if sid not in structures:
            check.at(("pieces", name), f"'{sid}' is no piece of {player.faction}{did_you_mean(sid, structures)} "
                                       f"(choose {', '.join(structures)})")
            continue
        counts[sid] = counts.get(sid, 0) + 1
        problem = _stand_problem(view, check.seat, name, sid)
        if problem:
            check.at(("pieces", name), problem)
    gained = _gaiaformers(state, check)
    for sid, n in counts.items():
        s = structures[sid]
        most = gained if s.gaiaformer else s.supply
        if n > most:
            what = "Gaiaformers gained (gaiaformers: gained)" if s.gaiaformer else f"copies of '{sid}' on its board"
            check.at(("pieces",), f"{n} pieces '{sid}' on the map; {player.faction} has {most} {what}")


def _stand_problem(view: GameView, p: int, name: str, sid: str) -> str | None:
    """Why seat p's piece could never stand on a hex (its first piece's placement words name no such planet)."""
    root = sid
    structures = view.catalogue.factions[view.state.players[p].faction].structures
    while structures[root].upgrades_from is not None:
        root = structures[root].upgrades_from
    placement = view.placement(p, root)
    planet = view.map.planet_at(view.state, name)
    allowed = placement.on | placement.guest
    if planet in allowed or not allowed:
        return None
    return f"'{sid}' cannot stand on {name}, a hex of {planet} ('{root}' is placed on {', '.join(sorted(allowed))})"


def _gaiaformers(state: GameState, check: _Check) -> int:
    entry = (check.pos.data.get("seats") or [])[check.seat] or {}
    return entry.get("gaiaformers", {}).get("gained", state.players[check.seat].gaiaformers)


def _check_gaiaformers(engine: Engine, state: GameState, check: _Check, gf: dict) -> None:
    gained = gf.get("gained", state.players[check.seat].gaiaformers)
    if gf.get("in_gaia", 0) > gained:
        check.at(("gaiaformers", "in_gaia"), f"{gf['in_gaia']} Gaiaformers in the Gaia area; the seat gained {gained}")


def tile_positions(state: GameState) -> dict[str, str]:
    """Tile id -> its position on this game's board (`adv-TRACK` for an advanced tile)."""
    out = {tile: pos for pos, tile in state.setup.tech_tiles.items()}
    out.update({tile: f"adv-{track}" for track, tile in state.setup.advanced_tiles.items()})
    return out


def _tile_entries(tiles: list) -> list[tuple[str, bool]]:
    return [(t, False) if isinstance(t, str) else (t["tile"], bool(t.get("covered", False))) for t in tiles]


def _check_tiles(engine: Engine, state: GameState, check: _Check, tiles: list) -> None:
    where = tile_positions(state)
    seen: set[str] = set()
    covered = advanced = 0
    for k, (tile, is_covered) in enumerate(_tile_entries(tiles)):
        if tile not in where:
            check.at(("tiles", k), f"tile '{tile}' is not on this game's board{did_you_mean(tile, where)} "
                                   f"(tiles: {', '.join(sorted(where))})")
            continue
        if tile in seen:
            check.at(("tiles", k), f"tile '{tile}' is held twice by this seat")
        seen.add(tile)
        is_advanced = where[tile].startswith("adv-")
        advanced += is_advanced
        covered += is_covered
        if is_advanced and is_covered:
            check.at(("tiles", k), f"advanced tile '{tile}' cannot be covered (only a standard tile is)")
    if advanced > covered:
        check.at(("tiles",), f"{advanced} advanced tile{'s' if advanced != 1 else ''} and {covered} covered "
                             f"standard tile{'s' if covered != 1 else ''}: each advanced tile covers one")


def _check_tokens(engine: Engine, state: GameState, check: _Check, tokens: list) -> None:
    known = engine.catalogue.federation_tokens
    for k, (token, _green) in enumerate(_token_entries(tokens)):
        if token not in known:
            check.at(("federation_tokens", k), f"unknown federation token '{token}'{did_you_mean(token, known)}")


def _token_entries(tokens: list) -> list[tuple[str, bool]]:
    return [(t, True) if isinstance(t, str) else (t["token"], bool(t.get("green", True))) for t in tokens]


def _check_booster(engine: Engine, state: GameState, check: _Check, booster) -> None:
    if booster is not None and booster not in state.setup.boosters:
        check.at(("booster",), f"booster '{booster}' is not in this game{did_you_mean(booster, state.setup.boosters)} "
                               f"(boosters: {', '.join(state.setup.boosters)})")


def _check_deck(engine: Engine, state: GameState, check: _Check, deck: list) -> None:
    if not engine.view(state).plays_by_deck(check.seat):
        check.at(("deck",), f"seat {check.seat + 1} is a player's: only the Automa's seat has a deck", key=True)
        return
    cards = engine.catalogue.automa.cards
    for k, card in enumerate(deck):
        if card not in cards:
            check.at(("deck", k), f"unknown Automa card '{card}'{did_you_mean(card, cards)}")
    if len(set(deck)) != len(deck):
        check.at(("deck",), "a card is named twice in the deck")


def _check_player_only(engine: Engine, state: GameState, check: _Check, entry: dict) -> None:
    if not engine.view(state).holds_abilities(check.seat):
        for part in PLAYER_ONLY:
            if part in entry:
                check.at((part,), f"the Automa's seat holds no {part.replace('_', ' ')}", key=True)


SEAT_CHECKS: dict[str, Callable] = {
    "resources": _check_resources, "research": _check_research, "pieces": _check_pieces,
    "gaiaformers": _check_gaiaformers, "tiles": _check_tiles, "federation_tokens": _check_tokens,
    "booster": _check_booster, "deck": _check_deck,
}


# ------------------------------------------------------------------ limits across the seats

def _check_across(engine: Engine, state: GameState, pos) -> list[Diagnostic]:
    """Two pieces on one hex, a tile or token held beyond its copies, a booster twice, two seats at an
    exclusive top level; and the Automa's seat holding what only a player holds."""
    out: list[Diagnostic] = []
    entries = seat_entries(pos)
    for i, s in entries:
        check = _Check(pos, i, out)
        _check_player_only(engine, state, check, s)
    out += _hex_owners(state, pos, entries)
    out += _supply_limits(engine, state, pos, entries)
    return out


def _hex_owners(state: GameState, pos, entries) -> list[Diagnostic]:
    out = []
    named = {i for i, s in entries if "pieces" in s}
    owners = {n: h.owner for n, h in state.board.items() if h.owner is not None and h.owner not in named}
    for i, s in entries:
        for name in s.get("pieces") or {}:
            if name in owners:
                out.append(pos.diag_key(("seats", i, "pieces", name), f"two pieces on {name}: seat {owners[name] + 1} "
                                                                      f"has one there already"))
            owners.setdefault(name, i)
    return out


def _supply_limits(engine: Engine, state: GameState, pos, entries) -> list[Diagnostic]:
    out = []
    where = tile_positions(state)
    copies = min(state.setup.players, engine.catalogue.game["tech_tile_copies"])
    held: dict[str, list[int]] = {}
    tokens: dict[str, list[int]] = {}
    boosters: dict[str, int] = {}
    for i, s in entries:
        for tile, _covered in _tile_entries(s.get("tiles") or []):
            held.setdefault(tile, []).append(i)
        for token, _green in _token_entries(s.get("federation_tokens") or []):
            tokens.setdefault(token, []).append(i)
        booster = s.get("booster")
        if booster is not None and booster in boosters:
            out.append(pos.diag(("seats", i, "booster"), f"booster '{booster}' is held by seat {boosters[booster] + 1} "
                                                         f"too"))
        elif booster is not None:
            boosters[booster] = i
    for tile, seats in held.items():
        most = 1 if where.get(tile, "").startswith("adv-") else copies
        if tile in where and len(seats) > most:
            out.append(pos.diag(("seats", seats[-1], "tiles"), f"tile '{tile}' is held by {len(seats)} seats; "
                                                               f"the game has {most} cop{'y' if most == 1 else 'ies'}"))
    start = {t: n for t, n in state.fed_supply.items()}
    for token, seats in tokens.items():
        given = sum(1 for p in state.players for t in p.fed_tokens if t.tile == token)
        most = start.get(token, 0) + given
        if token in start and len(seats) > most:  # a token outside the supply (a faction's own) has no limit
            out.append(pos.diag(("seats", seats[-1], "federation_tokens"),
                                f"federation token '{token}' is held {len(seats)} times; the supply has {most}"))
    out += _exclusive_tops(engine, state, pos, entries)
    return out


def _exclusive_tops(engine: Engine, state: GameState, pos, entries) -> list[Diagnostic]:
    board = engine.catalogue.research
    if board is None or not board.exclusive:
        return []
    levels = {p.index: dict(p.research) for p in state.players}
    for i, s in entries:
        levels[i].update(s.get("research") or {})
    out = []
    for track in engine.catalogue.tracks:
        at_top = [p for p in levels if levels[p].get(track, 0) >= board.levels - 1]
        if len(at_top) > 1:
            seat = max((p for p in at_top if p in dict(entries)), default=at_top[-1])
            out.append(pos.diag(("seats", seat, "research", track), f"seats {' and '.join(str(p + 1) for p in at_top)} "
                                                                    f"are both at the top of {track}: one seat "
                                                                    f"reaches it (research board: exclusive)"))
    return out


# ------------------------------------------------------------------ laying the seats over the game

def apply_seats(engine: Engine, state: GameState, pos) -> None:
    """Replace what the set-up gave by what each seat names (the file was checked: `check_seats`)."""
    rnd = pos.data.get("round", 1)
    for i, s in seat_entries(pos):
        player = state.players[i]
        if "vp" in s:
            player.vp = s["vp"]
        if "vp_sources" in s:
            player.vp_sources = dict(s["vp_sources"])
        for code, n in (s.get("resources") or {}).items():
            if code in RESOURCE_FIELDS:
                setattr(player, RESOURCE_FIELDS[code], n)
            else:
                player.other = {**player.other, code: n}
        player.power = {a: (s.get("power") or {}).get(a, player.power.get(a, 0)) for a in AREAS}
        if "research" in s:
            player.research = {**player.research, **s["research"]}
        if "gaiaformers" in s:
            player.gaiaformers = s["gaiaformers"].get("gained", player.gaiaformers)
            player.gaiaformers_in_gaia = s["gaiaformers"].get("in_gaia", 0)
        if "pieces" in s:
            _lay_pieces(engine, state, i, s["pieces"], rnd)
        if "tiles" in s:
            _lay_tiles(state, i, s["tiles"])
        if "federation_tokens" in s:
            _lay_tokens(state, i, s["federation_tokens"])
        if "booster" in s:
            _lay_booster(state, i, s["booster"])
        if "passed" in s:
            player.passed = s["passed"]
        if "deck" in s:
            state.automa.deck = list(s["deck"])
    engine.edited(state)   # laid by hand: what each seat holds is read again


def _lay_pieces(engine: Engine, state: GameState, p: int, pieces: dict, rnd: int) -> None:
    view = engine.view(state)
    player = state.players[p]
    for name in [n for n, h in state.board.items() if h.owner == p]:
        _lay(state, name, None, None)
    player.gaia_projects = {}
    for name, sid in pieces.items():
        name = view.map.canonical_name(name)
        _lay(state, name, p, sid)
        s = view.catalogue.factions[player.faction].structures[sid]
        planet = view.map.planet_at(state, name)
        if s.gaia_project and view.placement(p, sid).becomes.get(planet, planet) != planet:
            player.gaia_projects = {**player.gaia_projects, name: rnd}


def _lay(state: GameState, name: str, p: int | None, piece: str | None) -> None:
    """Seat p's piece on a hex, in place of what stood there (None, None: nothing)."""
    h = state.hex(name)
    h.owner, h.piece = p, piece


def _lay_tiles(state: GameState, p: int, tiles: list) -> None:
    where = tile_positions(state)
    player = state.players[p]
    for held in player.tech:
        state.tech_supply[held.pos] = state.tech_supply.get(held.pos, 0) + 1
    player.tech = []
    for tile, covered in _tile_entries(tiles):
        pos = where[tile]
        player.tech.append(TechTileHeld(tile, pos, not covered))
        state.tech_supply[pos] = state.tech_supply.get(pos, 0) - 1


def _lay_tokens(state: GameState, p: int, tokens: list) -> None:
    player = state.players[p]
    for held in player.fed_tokens:
        state.fed_supply[held.tile] = state.fed_supply.get(held.tile, 0) + 1
    player.fed_tokens = []
    for token, green in _token_entries(tokens):
        player.fed_tokens.append(FedTokenHeld(token, green))
        if token in state.fed_supply:
            state.fed_supply[token] -= 1


def _lay_booster(state: GameState, p: int, booster: str | None) -> None:
    old = state.players[p].booster
    if old is not None and old != booster:
        state.boosters_table = sorted(state.boosters_table + [old])
    if booster is not None and booster in state.boosters_table:
        state.boosters_table = [b for b in state.boosters_table if b != booster]
    state.players[p].booster = booster
