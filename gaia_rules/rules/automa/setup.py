"""The Automa's seat at set-up (§3 of the solo rules): its faction, VP, research, deck, first pieces.

The Automa takes the last seat. It plays the faction of its Automa faction card (colour, home
planet, structures), starts with the difficulty's VP and the card's research steps, and nothing
else: no resources, no power, no faction abilities (the holdings give its seat none). Its starting
mines go down in the base game's order, each on an empty planet of its home type closest to the
centre of the map (ties: the reading direction of a card drawn at random); its first booster is
taken first, at the position a random card's five-slot indicator shows (or a roll, per the rules).
"""
from __future__ import annotations

from ...board import distance
from ...content.automa import Automa
from ...content.catalogue import SetupPlacement
from ...state import GameState
from .. import holdings
from . import deck, select
from ..bound import Bound
from ..content_view import ContentView
from ..map_view import MapView


def seat(automa: Automa, state: GameState) -> None:
    """The Automa's seat of a new solo game: its faction on the last seat, and its cards. (It reads the
    content's Automa alone: the seat it makes has no view to bind yet.)"""
    s = state.setup
    index = s.seat_count() - 1
    card = automa.factions[s.automa]
    holdings.set_faction(state, index, card.faction)
    state.automa = deck.start(automa, state, index, s.automa, s.difficulty)


def init_seat(b: Bound) -> None:
    """Its VP and research at the start (once every faction is chosen); nothing else (`b`: its seat)."""
    a = b.state.automa
    automa = b.content.catalogue.automa
    player = b.player
    player.vp = automa.difficulties[a.difficulty].starting_vp
    player.credits = player.ore = player.knowledge = player.qic = 0
    player.power = {area: 0 for area in player.power}
    levels = {t: 0 for t in b.content.catalogue.tracks}
    holdings.set_research(b.state, b.p, levels)
    for track in automa.factions[a.faction].research:
        holdings.raise_level(b.state, b.p, track)


def starting_pieces(content: ContentView, state: GameState) -> tuple[SetupPlacement, ...]:
    """The pieces it places at set-up: its faction card's starting mines, the k-th in pass k (read from
    the content and the state's Automa alone)."""
    mines = content.catalogue.automa.factions[state.automa.faction].starting_mines
    return tuple(SetupPlacement(content.mine_id, k) for k in range(1, mines + 1))


# ------------------------------------------------------------------ placing and choosing at set-up

def map_centre(map_: MapView) -> tuple[int, int]:
    """The hex at the centre of the map: the mean of its hexes' coordinates, rounded to a hex."""
    coords = list(map_.hexes)
    q = sum(c[0] for c in coords) / len(coords)
    r = sum(c[1] for c in coords) / len(coords)
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def random_card(automa: Automa, state: GameState, purpose: str):
    """A decision card drawn at random from all of the content's Automa's (its support half or strip is read)."""
    cards = sorted(automa.cards.values(), key=lambda c: c.number)
    return deck.rng(state, purpose).choice(cards)


def place_starting_mine(b: Bound, piece: str) -> dict:
    """Its next starting piece on an empty planet of its home type closest to the centre; the record."""
    state, seat, map_ = b.state, b.p, b.map
    home = b.faction.home
    free = [name for name, planet in map_.planets_by_name
            if planet == home and map_.planet_at(state, name) == home
            and (state.board.get(name) is None or state.board[name].piece is None)]
    placed = sum(1 for h in state.board.values() if h.owner == seat and h.piece is not None)
    record = {"kind": "setup", "do": "build-mine", "piece": piece}
    if not free:
        record["failed"] = "no-home-planet"
        return record
    centre = map_centre(map_)
    closest = select.fewest(free, lambda n: distance(map_.by_name[n], centre))
    card = random_card(b.content.catalogue.automa, state, f"start{placed + 1}")
    name = select.by_direction(map_, closest, card.direction)
    holdings.place(state, name, seat, piece)
    record.update({"hex": name, "planet": home, "options": len(free), "closest": len(closest)})
    if len(closest) > 1:
        record.update({"card": card.id, "direction": card.direction})
    return record


def take_first_booster(b: Bound) -> dict:
    """Its first booster, chosen before the players': the position from a random card or a roll."""
    state, automa = b.state, b.content.catalogue.automa
    table = state.boosters_table
    rule = automa.rules.initial_booster
    record: dict = {"kind": "setup", "do": "booster"}
    if rule == "roll":
        position = deck.rng(state, "booster").randrange(len(table)) + 1
    else:
        card = random_card(automa, state, "booster")
        position = card.initial_booster
        record["card"] = card.id
    booster = table[(position - 1) % len(table)]
    table.remove(booster)
    holdings.set_booster(state, b.p, booster)
    record.update({"booster": booster, "position": position})
    return record
