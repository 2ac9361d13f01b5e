"""Helpers for the solo tests (tests/rules/test_automa_*.py): solo games, built positions, one Automa action.

`solo_start(...)` plays a solo game's set-up through the engine (the Automa's `automa` moves, the
player's first legal placements and the first booster on offer) up to the first action turn.
`position(...)` then empties the board and places the pieces a test names, so the test sees exactly
the pieces it placed (rules_helpers.py: `clear`, `put`). `act(state, action, support)` does one
decision card's action with another card's support half on a copy of the state, without drawing.

The map of the seed `automa-tests` (a 2-player map) is used throughout; the hexes the tests name,
with their planet, their distance from 1B2 and from 2A5, and their row (height 2q + r) and column r:

    1B2 terra     0 / 4   (-1, 1)       1A11 desert    3 / 1
    1A5 transdim  1 / 5   row -3 col 1  1A8 oxide      3 / 4   row -2 col -2
    1B0 swamp     2 / 2                 4B4 volcanic   3 / 6
    4A9 ice       2 / 5                 5B0 gaia       3 / 7
    1A7 volcanic  2 / 4   row -3 col -1 3B3 gaia       4 / 4   row 5 col 3
    3A8 transdim  3 / 2                 4B0 oxide      4 / 6
"""
from __future__ import annotations

import dataclasses

from rules_helpers import CAT, ENGINE, clear, put

from gaia_rules.content.automa import AutomaStep
from gaia_rules.rules import holdings
from gaia_rules.rules.automa.actions import Turn, do_step, resolve
from gaia_rules.rules.bound import bind
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState

SEED = "automa-tests"
AUTOMA = CAT.automa
HUMAN = 0
SEAT = 1
# the player's faction against each Automa faction card: one of another home planet
HUMAN_FACTION = {card: ("terrans" if card == "automa-itars" else "itars") for card in AUTOMA.factions}


def card(number: int) -> str:
    return f"automa{number}"


def solo_setup(automa: str = "automa-terrans", difficulty: str = "automa", seed=SEED, human: str | None = None,
               **fields):
    setup = random_setup(CAT, 1, seed, automa=automa, difficulty=difficulty,
                         factions=[human or HUMAN_FACTION[automa]])
    return dataclasses.replace(setup, **fields) if fields else setup


def solo_start(automa: str = "automa-terrans", difficulty: str = "automa", seed=SEED, **fields) -> GameState:
    """A solo game at the player's first action turn of round 1."""
    state = ENGINE.new_game(solo_setup(automa, difficulty, seed, **fields))
    while state.phase != "actions" or state.decisions:
        p = ENGINE.to_move(state)
        if state.is_automa(p):
            state = ENGINE.apply(state, Move(p, "automa"))
        elif state.phase == "boosters":
            state = ENGINE.apply(state, Move(p, "booster", (state.boosters_table[0],)))
        else:
            state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    holdings.edited(state)
    return state


def position(automa: str = "automa-terrans", pieces: dict | None = None, human: dict | None = None,
             final_tiles: list[str] | None = None, research: dict | None = None, difficulty: str = "automa",
             **fields) -> GameState:
    """A solo game at round 1 with only the given pieces on the map: `pieces` the Automa's, `human`
    the player's ({hex: structure}); the Automa's research levels (default all 0) and VP 20."""
    if final_tiles is not None:
        fields["final_tiles"] = final_tiles
    state = clear(solo_start(automa, difficulty, **fields))
    for name, piece in (pieces or {}).items():
        put(state, name, SEAT, piece)
    for name, piece in (human or {}).items():
        put(state, name, HUMAN, piece)
    levels = {t: 0 for t in CAT.tracks}
    levels.update(research or {})
    holdings.set_research(state, SEAT, levels)
    holdings.edited(state)
    return state


def turn_of(state: GameState, support: int) -> Turn:
    return Turn(bind(ENGINE.context(state), state, state.automa.seat), AUTOMA.cards[card(support)])


def act(state: GameState, action: int, support: int) -> tuple[GameState, Turn]:
    """Decision card `action` done with card `support`'s support half, on a copy of `state`."""
    state = state.clone()
    turn = turn_of(state, support)
    resolve(turn, AUTOMA.cards[card(action)])
    return state, turn


def step(state: GameState, support: int, action: str, **fields) -> tuple[GameState, Turn]:
    """One step (an action word with a faction card's fields) with card `support`, on a copy."""
    state = state.clone()
    turn = turn_of(state, support)
    do_step(turn, AutomaStep(action, **fields))
    return state, turn


def automa_pieces(state: GameState) -> dict[str, str]:
    return {n: h.piece for n, h in state.board.items() if h.owner == SEAT and h.piece}


def automa_turn(state: GameState) -> GameState:
    """Make it the Automa's turn and play its `automa` move."""
    state.current = SEAT
    state.main_done = state.turn_done = False
    return ENGINE.apply(state, Move(SEAT, "automa"))


# A designer's own decision card (not one of the 17): the validation and whole-game tests lay it over the content.
DESIGNER_CARD = """kind: automa_card
id: automa18
number: 18
starter: false
action: {do: build-mine, vp: 2}
support: {final_tiebreaker: bottom, range: 3, direction: left-up, numbered: {from: right, count: 2}}
strip: {pass: true, booster: middle}
initial_booster: 3
"""
