"""The Automa's move (`automa`): its set-up pieces, its first booster, and its turns (§5 of the solo rules).

Whenever the Automa's seat is to act, its one legal move is `automa`; applying it plays what its
deck and rules say, with no choice left. A turn: the card revealed last turn becomes the support
card (the first turn of a round reveals one for that); the next card is revealed as the action
card, unless the deck is empty or that card shows the pass icon in the pass zone: then the Automa
passes. The action card's action is done with the support card, and its VP are scored even when
nothing could be done. Passing scores the round tile's Automa value and takes a booster by the
support card's position among those on offer (none in the last round).

Each move leaves a record in `state.automa.log` (plain data): what it did and why, for a face
to tell (`faces.automa_text`).
"""
from __future__ import annotations

from ...state import GameState
from .. import holdings
from . import actions, deck, score, setup
from .actions import Turn
from ..bound import Bound
from ..errors import IllegalMoveError
from ..moves import Move

COMMAND = "automa"
LOG_KEPT = 40   # records kept in the Automa's log (a round or two of turns)


def play(b: Bound, move: Move) -> None:
    """The `automa` move: whatever the Automa's seat must do now (`b`: the mover's view, the Automa's once
    the mover is checked)."""
    state = b.state
    if not state.is_automa(move.player):
        raise IllegalMoveError("automa", f"'{COMMAND}' is the Automa's move; player {move.player + 1} plays "
                                         "by the ordinary rules")
    if move.command != COMMAND:
        raise IllegalMoveError("automa", f"the Automa's seat plays by its deck: its one move is '{COMMAND}', "
                                         f"not '{move.command}'")
    if state.phase == "setup":
        piece = state.setup_queue.pop(0)[1]
        _log(state, setup.place_starting_mine(b, piece))
    elif state.phase == "boosters":
        state.setup_queue.pop(0)
        _log(state, setup.take_first_booster(b))
    elif state.phase == "actions":
        _log(state, turn(b))
        state.main_done = state.turn_done = True
    else:
        raise IllegalMoveError("phase", f"the Automa has nothing to do in the {state.phase} phase")


def _log(state: GameState, record: dict) -> None:
    record = {"round": state.round, **record}
    state.automa.log = (state.automa.log + [record])[-LOG_KEPT:]


def turn(b: Bound) -> dict:
    """One turn of the action phase (§5.2) of the Automa, the bound seat; its record."""
    a = b.state.automa
    automa = b.content.catalogue.automa
    cards = automa.cards
    if a.support is None:               # the round's first turn: a card only for its support half
        if a.deck:
            a.support = a.deck.pop(0)
    elif a.action is not None:          # last turn's action card now supports
        a.discard.append(a.support)
        a.support, a.action = a.action, None
    candidate = a.deck[0] if a.deck else None
    if a.support is None or candidate is None or _passes(automa, b.state, cards[candidate], cards[a.support]):
        return pass_turn(b, candidate)
    a.action = a.deck.pop(0)
    t = Turn(b, cards[a.support])
    actions.resolve(t, cards[a.action])
    return {"kind": "turn", "card": a.action, "support": a.support, "action": cards[a.action].action,
            "steps": t.steps, "vp": t.vp}


def _passes(automa, state: GameState, candidate, support) -> bool:
    """Whether the card to be acted on lies in the pass zone with the pass icon (read from the card the
    content's Automa rules say)."""
    rules = automa.rules
    shown = candidate if rules.pass_icon_from == "action" else support
    return deck.in_pass_zone(state, candidate.id) and shown.pass_icon


def pass_turn(b: Bound, candidate: str | None) -> dict:
    """It passes (§5.4): the round tile's Automa value, then a booster (none in the last round)."""
    state = b.state
    a = state.automa
    automa = b.content.catalogue.automa
    record: dict = {"kind": "pass", "support": a.support, "why": "pass-icon" if candidate else "no-card-left"}
    if candidate is not None:
        record["card"] = candidate
    tile = state.setup.round_tiles[state.round - 1]
    value = automa.round_vp(tile, state.round) or 0
    record["vp"] = score.gain(b, "round-tile", value, f"round{state.round}")
    record["tile"] = tile
    if state.round < b.content.catalogue.game["rounds"]:
        _swap_booster(state, a.seat, a.support if automa.rules.booster_from == "support" or candidate is None
                      else candidate, automa, record)
    # in the last round it takes no booster and returns none: it keeps its own (§5.4, step 2)
    player = state.players[a.seat]
    player.passed = True
    state.pass_order.append(a.seat)
    state.main_done = state.turn_done = True
    return record


def _swap_booster(state: GameState, seat: int, source: str | None, automa, record: dict) -> None:
    """The booster at the position card `source` shows replaces its own, which goes to the right end of the row."""
    old = state.players[seat].booster
    new = _booster_at(state.boosters_table, automa.cards[source].booster) if source else None
    if new is not None:
        state.boosters_table.remove(new)
        record.update({"booster": new, "position": automa.cards[source].booster})
    holdings.set_booster(state, seat, new)
    if old is not None:
        state.boosters_table.append(old)    # to the right end of the row


def _booster_at(table: list[str], position: str) -> str | None:
    """The booster at a position of the row on offer: `left`, `middle` or `right`."""
    if not table:
        return None
    return table[{"left": 0, "middle": (len(table) - 1) // 2, "right": len(table) - 1}[position]]
