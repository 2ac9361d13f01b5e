"""Set-up of a solo game against the Automa (solo rules §3): the table, the deck by difficulty,
the Automa's seat, its starting mines and first booster, and the set-ups that are refused."""
from __future__ import annotations

import dataclasses
import random

import pytest
from automa_helpers import AUTOMA, SEAT, SEED, card, solo_setup, solo_start
from rules_helpers import CAT, ENGINE

from gaia_rules.rules import IllegalMoveError, Move
from gaia_rules.rules.automa.deck import build
from gaia_rules.setup import SetupError, random_setup
from gaia_rules.state import GameState


# ------------------------------------------------------------------ the table

def test_a_solo_game_has_the_players_seat_and_the_automas_on_a_two_player_table():
    setup = solo_setup()
    assert (setup.players, setup.seat_count(), setup.automa, setup.difficulty) == (1, 2, "automa-terrans", "automa")
    assert len(setup.sectors) == len(random_setup(CAT, 2, SEED).sectors)   # the 2-player map
    assert len(setup.boosters) == 5                                         # players + 3, the Automa counted
    assert setup.fed_supply == {"fed1": 2, "fed2": 2, "fed3": 2, "fed4": 2, "fed5": 2, "fed6": 2,
                                setup.terraforming_token: 1}
    state = ENGINE.new_game(setup)
    assert [p.faction for p in state.players] == ["itars", "terrans"]
    assert state.automa.seat == SEAT and state.is_automa(SEAT) and not state.is_automa(0)


def test_the_solo_draw_is_the_two_player_draw_of_the_same_seed():
    solo, duo = solo_setup(), random_setup(CAT, 2, SEED)
    assert (solo.sectors, solo.round_tiles, solo.final_tiles, solo.boosters) == \
        (duo.sectors, duo.round_tiles, duo.final_tiles, duo.boosters)


def test_an_open_seat_gets_a_faction_the_automa_can_face():
    for seed in range(12):
        setup = random_setup(CAT, 1, seed, automa="automa-terrans", difficulty="automa", factions=[None])
        assert CAT.factions[setup.factions[0]].home != "terra"


# ------------------------------------------------------------------ the deck (§3.5, §11)

@pytest.mark.parametrize("level, starting, size", [
    ("automalein", [1, 4, 5, 7, 13], 6),
    ("automa", [1, 2, 4, 5, 7, 13], 7),
    ("automaechtig", [1, 2, 4, 5, 7, 9, 13], 8),
    ("ultoma", [1, 2, 4, 5, 7, 9, 13, 15], 9),
    ("alptrauma", [1, 2, 4, 5, 7, 9, 13, 15], 9),
])
def test_the_round_1_deck_is_the_difficultys_starters_and_one_reserve_card(level, starting, size):
    state = ENGINE.new_game(solo_setup(difficulty=level))
    a = state.automa
    assert len(a.deck) == size and a.support is None and a.discard == []
    assert {card(n) for n in starting} < set(a.deck)
    extra = (set(a.deck) - {card(n) for n in starting}).pop()
    assert not AUTOMA.cards[extra].starter or extra == card(2)
    assert sorted(a.deck + a.reserve + a.out) == sorted(AUTOMA.cards)
    assert a.pass_zone == a.deck[-3:]


def test_automalein_puts_card_2_in_the_reserve():
    state = ENGINE.new_game(solo_setup(difficulty="automalein"))
    a = state.automa
    assert card(2) in a.reserve or (card(2) in a.deck and len(a.deck) == 6)   # back as the random card, or waiting
    assert a.out == []
    assert state.players[SEAT].vp == 0


def test_a_difficulty_that_takes_cards_out_of_the_game():
    level = dataclasses.replace(AUTOMA.difficulties["automalein"], removed_to="out-of-game",
                                random_reserve_cards=0)
    cards = build(AUTOMA, level, random.Random(1))
    assert cards["out"] == [card(2)] and len(cards["deck"]) == 5 and len(cards["reserve"]) == 11


def test_the_deck_follows_from_the_seed():
    a = ENGINE.new_game(solo_setup(seed="deal-1")).automa
    b = ENGINE.new_game(solo_setup(seed="deal-1")).automa
    assert (a.deck, a.reserve) == (b.deck, b.reserve)
    decks = {tuple(ENGINE.new_game(solo_setup(seed=f"deal-{i}")).automa.deck) for i in range(6)}
    assert len(decks) == 6


# ------------------------------------------------------------------ the Automa's seat (§3.3, §3.4)

def test_the_automa_starts_with_the_difficultys_vp_and_its_faction_cards_research():
    state = solo_start()
    automa = state.players[SEAT]
    assert automa.vp == 10 and automa.credits == automa.ore == automa.qic == 0
    assert automa.research == {"terra": 0, "nav": 0, "int": 0, "gaia": 1, "eco": 0, "sci": 0}
    xenos = solo_start("automa-xenos", "automalein")
    assert xenos.players[SEAT].vp == 0 and xenos.players[SEAT].research["int"] == 1


def test_starting_mines_player_automa_automa_player_on_its_home_type_closest_to_the_centre():
    state = solo_start()
    assert [m.split()[0] for m in state.moves] == ["p1", "p2", "p2", "p1", "p2", "p1"]   # then the boosters
    assert [m.split()[1] for m in state.moves] == ["build", "automa", "automa", "build", "automa", "booster"]
    log = state.automa.log
    # Terra planets by distance to the centre: 1B2 1, 3A3 6, 6B4 6, 4A4 7
    assert (log[0]["hex"], log[0]["closest"]) == ("1B2", 1)
    # 3A3 and 6B4 tie: the random card 15 reads left-up, bottom row first: 6B4
    assert (log[1]["hex"], log[1]["card"], log[1]["direction"]) == ("6B4", "automa15", "left-up")


def test_the_xenos_automa_places_its_third_mine_after_everyone():
    state = solo_start("automa-xenos")
    assert [m.split()[0] for m in state.moves[:5]] == ["p1", "p2", "p2", "p1", "p2"]
    assert sum(1 for h in state.board.values() if h.owner == SEAT) == 3


def test_the_automa_takes_the_first_booster_at_a_random_cards_position():
    state = solo_start()
    record = state.automa.log[2]
    # card 4's five-slot indicator: slot 4 of booster1, booster2, booster6, booster8, booster9
    assert record == {"round": 0, "kind": "setup", "do": "booster", "card": "automa4", "booster": "booster8",
                      "position": 4}
    assert state.players[SEAT].booster == "booster8"
    assert state.moves[-1] == "p1 booster booster1"


def test_the_player_starts_round_1():
    state = solo_start()
    assert (state.round, state.turn_order, state.current) == (1, [0, 1], 0)


# ------------------------------------------------------------------ set-ups refused

@pytest.mark.parametrize("players, fields, message", [
    (1, {"automa": "automa-terran", "difficulty": "automa"},
     "unknown Automa faction 'automa-terran' (did you mean 'automa-terrans'?)"),
    (1, {"automa": "automa-terrans", "difficulty": "ultimate"}, "unknown difficulty 'ultimate'"),
    (1, {"automa": "automa-terrans", "difficulty": "automaechtg"}, "did you mean 'automaechtig'?"),
    (1, {"automa": "automa-terrans"}, "a solo game needs a difficulty (choose automalein, automa, automaechtig"),
    (3, {"automa": "automa-terrans", "difficulty": "automa"},
     "the Automa is a solo opponent: a game against it has 1 player, not 3"),
    (2, {"difficulty": "automa"}, "a difficulty is for a solo game against the Automa"),
    (1, {}, "the game is for 2 to 4 players, not 1; a game of 1 player is a solo game against the Automa"),
    (1, {"automa": "automa-terrans", "difficulty": "automa", "factions": ["lantids"]},
     "the Terrans Automa plays terra: it cannot face 'lantids'"),
    (1, {"automa": "automa-terrans", "difficulty": "automa", "auction": "choose-bid"},
     "an auction is for several players"),
])
def test_a_bad_solo_setup_is_refused_in_one_line(players, fields, message):
    with pytest.raises(SetupError) as err:
        random_setup(CAT, players, SEED, **fields)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_the_engine_refuses_a_bad_solo_setup_given_whole():
    good = solo_setup()
    for change, message in [({"players": 2}, "not 2"), ({"difficulty": "nope"}, "unknown difficulty 'nope'"),
                            ({"factions": ["lantids"]}, "cannot face 'lantids'"),
                            ({"automa": None, "players": 1}, "not 1"),
                            ({"factions": ["itars", "terrans"]}, "give 1 faction .the Automa's comes from its card., not 2")]:
        with pytest.raises(SetupError, match=message.replace("(", r"\(")):
            ENGINE.new_game(dataclasses.replace(good, **change))


def test_a_round_tile_without_an_automa_value_is_refused(monkeypatch):
    values = dict(AUTOMA.round_values)
    del values["score9"]
    monkeypatch.setattr(AUTOMA, "round_values", values)
    with pytest.raises(SetupError, match="the round scoring tile 'score9' has no Automa value"):
        ENGINE.new_game(solo_setup())


def test_the_player_cannot_choose_a_faction_of_the_automas_home_planet():
    state = ENGINE.new_game(solo_setup(factions=None))
    assert state.phase == "factions" and ENGINE.to_move(state) == 0
    with pytest.raises(IllegalMoveError, match="the Automa plays Terrans"):
        ENGINE.apply(state, Move(0, "faction", ("lantids",)))
    listed = {m.args[0] for m in ENGINE.legal_moves(state)}
    assert "lantids" not in listed and "terrans" not in listed and "itars" in listed


def test_a_game_of_several_players_is_written_as_before():
    state = ENGINE.new_game(random_setup(CAT, 2, SEED))
    data = state.to_dict()
    assert "automa" not in data and "automa" not in data["setup"] and "difficulty" not in data["setup"]
    assert GameState.from_dict(data).to_json() == state.to_json()
