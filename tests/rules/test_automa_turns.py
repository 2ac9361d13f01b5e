"""The Automa's turns (solo rules §5, §9, §10): the `automa` move, passing, the deck cycle, scoring,
what the player meets of it, and a solo game's saves, notation and determinism."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
from automa_helpers import HUMAN, SEAT, automa_pieces, card, position, solo_setup, solo_start
from rules_helpers import CAT, ENGINE

from gaia_rules.faces.automa_text import automa_sentence
from gaia_rules.formats import savegame
from gaia_rules.formats.movetext import parse_move
from gaia_rules.formats.notation import parse_line, write_move
from gaia_rules.rules import IllegalMoveError, Move, scoring
from gaia_rules.state import GameState

TILES = ["score1", "score2", "score3", "score4", "score5", "score7"]   # Automa values 4/6, 2/4, 4/6, 0/5, 3/6, 0/5


def rig(state: GameState, *numbers: int) -> GameState:
    """The Automa's deck of the round, top first (the last three are the pass zone)."""
    a = state.automa
    a.deck = [card(n) for n in numbers]
    a.pass_zone = a.deck[-3:]
    a.support = a.action = None
    a.discard = []
    return state


def until_automa_passes(state: GameState) -> GameState:
    """The player has passed: the Automa plays on (the player declines every charge) until it passes."""
    while not (state.automa.log and state.automa.log[-1]["kind"] == "pass"):
        p = ENGINE.to_move(state)
        state = ENGINE.apply(state, Move(p, "automa") if state.is_automa(p) else Move(p, "decline"))
    return state


def player_passes(state: GameState) -> GameState:
    return ENGINE.apply(state, Move(HUMAN, "pass", (state.boosters_table[0],)))


# ------------------------------------------------------------------ the move

def test_the_automas_seat_has_exactly_one_legal_move():
    state = player_passes(solo_start())
    assert ENGINE.to_move(state) == SEAT
    assert ENGINE.legal_moves(state) == [Move(SEAT, "automa")]


def test_only_the_automas_seat_plays_automa_and_it_plays_nothing_else():
    state = solo_start()
    with pytest.raises(IllegalMoveError, match="the Automa's move; player 1 plays by the ordinary rules"):
        ENGINE.apply(state, Move(HUMAN, "automa"))
    state = player_passes(state)
    with pytest.raises(IllegalMoveError, match="its one move is 'automa', not 'build'"):
        ENGINE.apply(state, Move(SEAT, "build", ("m", "1A5")))


def test_the_worked_example_of_the_rules_one_round_of_turns():
    # deck 7, 4, 13, 11 | 2, 5, 1: card 7 supports card 4's mine, 4 supports 13 (the faction action),
    # 13 supports 11's upgrade; then card 2 shows the pass icon in the pass zone
    state = until_automa_passes(player_passes(rig(solo_start(round_tiles=TILES), 7, 4, 13, 11, 2, 5, 1)))
    turns = [(r["card"], r["support"], r["action"], r["vp"]) for r in state.automa.log if r["kind"] == "turn"]
    assert turns == [("automa4", "automa7", "build-mine", 1), ("automa13", "automa4", "faction", 2),
                     ("automa11", "automa13", "upgrade", 2)]
    passed = state.automa.log[-1]
    assert (passed["kind"], passed["card"], passed["support"], passed["why"]) == ("pass", "automa2", "automa11",
                                                                                  "pass-icon")
    assert passed["vp"] == 4                                 # score1's left value
    assert passed["booster"] == "booster9" and passed["position"] == "middle"   # card 11: middle of 6, 9, 1


def test_passing_scores_the_round_tile_and_takes_the_booster_by_the_support_card():
    state = player_passes(rig(solo_start(round_tiles=TILES), 1, 2, 3, 5))  # card 2 in the pass zone, pass icon
    table_before = list(state.boosters_table)                # booster6, booster9, booster1
    state = until_automa_passes(state)
    automa = state.players[SEAT]
    assert state.automa.log[-1]["support"] == "automa1"      # booster selector: left
    assert automa.booster == table_before[0] and automa.vp == 10 + 4
    assert automa.vp_sources == {"round1": 4}
    assert state.boosters_table[-1] == "booster8"            # its old booster at the right end


def test_a_pass_icon_outside_the_pass_zone_does_not_pass():
    state = rig(solo_start(), 1, 2, 4, 6, 7, 14, 17)         # card 2 is not among the last three
    state = ENGINE.apply(player_passes(state), Move(SEAT, "automa"))
    assert state.automa.log[-1]["kind"] == "turn" and state.automa.log[-1]["card"] == "automa2"


def test_running_out_of_cards_passes():
    state = until_automa_passes(player_passes(rig(solo_start(), 4, 6)))   # no pass icon: one action, then none left
    kinds = [(r["kind"], r.get("why")) for r in state.automa.log if r["round"] == 1]
    assert kinds == [("turn", None), ("pass", "no-card-left")]
    assert state.automa.log[-1]["booster"] == "booster1"     # card 6's selector: right of 6, 9, 1


def test_the_round_tiles_right_value_from_round_4():
    state = player_passes(rig(solo_start(round_tiles=TILES), 1, 2))
    state.round = 4
    state = until_automa_passes(state)
    assert state.players[SEAT].vp_sources == {"round4": 5}


def test_in_the_last_round_the_automa_keeps_its_booster_and_returns_none():
    # §5.4 step 2: in round 6 it takes no booster; its own stays with it, the row is unchanged
    state = player_passes(rig(solo_start(round_tiles=TILES), 1, 2))
    state.round = 6
    row = list(state.boosters_table)
    assert state.players[SEAT].booster == "booster8" and "booster8" not in row
    state = until_automa_passes(state)
    passed = state.automa.log[-1]
    assert passed["kind"] == "pass" and "booster" not in passed and "position" not in passed
    assert state.players[SEAT].booster == "booster8" and state.boosters_table == row
    assert state.players[SEAT].vp_sources["round6"] == 5 and state.ended   # then the final scoring


def test_alptrauma_adds_1_vp_to_every_gain():
    state = until_automa_passes(player_passes(rig(solo_start(difficulty="alptrauma", round_tiles=TILES),
                                                  7, 4, 13, 11, 2, 5, 1)))
    assert state.players[SEAT].vp_sources == {"automa-card": 1 + 2, "automa-faction": 2, "round1": 4,
                                              "automa-extra": 4}
    assert [r["vp"] for r in state.automa.log if r["round"] == 1] == [2, 3, 3, 5]


def test_the_deck_cycle_adds_one_reserve_card_each_round():
    state = rig(solo_start(), 7, 4, 13, 11, 2, 5, 1)
    reserve = list(state.automa.reserve)
    state = until_automa_passes(player_passes(state))
    while state.round == 1 or state.phase != "actions" or state.decisions:
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    a = state.automa
    assert sorted(a.deck) == sorted([card(n) for n in (7, 4, 13, 11, 2, 5, 1)] + [reserve[0]])
    assert a.reserve == reserve[1:] and a.discard == [] and a.support is None and a.action is None
    assert a.pass_zone == a.deck[-3:] and len(a.deck) == 8


# ------------------------------------------------------------------ what the player meets (§10)

def test_an_automa_mine_offers_the_player_a_charge():
    state = position(pieces={"1B2": "m"}, human={"4B4": "m"}, final_tiles=["structure", "structureFed"])
    state = ENGINE.apply(player_passes(rig(state, 7, 4, 1, 2, 3)), Move(SEAT, "automa"))
    assert automa_pieces(state) == {"1B2": "m", "4A9": "m"}          # 4A9 is next to the player's 4B4
    decision = state.decisions[0]
    assert (decision.kind, decision.player, decision.data["amount"], decision.data["builder"]) == ("charge", HUMAN, 1, SEAT)
    assert ENGINE.to_move(state) == HUMAN


def test_the_automa_never_charges_from_the_players_builds():
    state = position(pieces={"4A9": "m"}, human={"4B4": "m"})
    state = ENGINE.apply(state, Move(HUMAN, "build", ("ts", "4B4")))
    state = ENGINE.apply(state, Move(HUMAN, "endturn"))
    assert state.decisions == [] and ENGINE.to_move(state) == SEAT


def test_a_trading_station_next_to_an_automa_structure_costs_the_cheaper_price():
    near = ENGINE.apply(position(pieces={"4A9": "m"}, human={"4B4": "m"}), Move(HUMAN, "build", ("ts", "4B4")))
    far = ENGINE.apply(position(pieces={"5A9": "m"}, human={"4B4": "m"}), Move(HUMAN, "build", ("ts", "4B4")))
    assert (near.players[HUMAN].credits, far.players[HUMAN].credits) == (15 - 3, 15 - 6)


def test_an_action_space_the_automa_took_is_refused_to_the_player():
    state = position(pieces={"1B2": "m"})
    state = ENGINE.apply(player_passes(rig(state, 1, 5, 2, 3, 4)), Move(SEAT, "automa"))  # card 5 with card 1: power1
    assert state.board_actions_used == ["power1"]
    state = position(pieces={"1B2": "m"})
    state.board_actions_used = ["power1"]
    with pytest.raises(IllegalMoveError) as err:
        ENGINE.apply(state, Move(HUMAN, "action", ("power1",)))
    assert err.value.rule == "board-action" and "taken this round" in str(err.value)


def test_the_top_research_level_the_automa_holds_is_refused_to_the_player():
    state = position(pieces={"1B2": "m"}, research={"eco": 5})
    state.players[HUMAN].research["eco"] = 4
    with pytest.raises(IllegalMoveError, match="another player already stands on the top level of eco"):
        ENGINE.apply(state, Move(HUMAN, "up", ("eco",)))


# ------------------------------------------------------------------ final scoring (§9.2)

def final_position(difficulty="automa"):
    pieces = {"1B2": "PI", "1A7": "ts", "4A9": "m", "1A5": "m", "1B0": "lab"}
    state = position(pieces=pieces, human={"2A5": "m"}, final_tiles=["structureFed", "satellite"],
                     research={"eco": 5, "nav": 3}, difficulty=difficulty)
    state.players[SEAT].satellites = 2
    scoring.final_scoring(ENGINE.context(state), state)
    return state


def test_final_scoring_the_automa_races_with_its_structures_less_one_and_its_satellites():
    state = final_position()
    automa = state.players[SEAT].final_scoring
    assert automa["final_tile_1"] == {"tile": "structureFed", "count": 4, "vp": 12}   # 5 structures less one; neutral 10
    assert automa["final_tile_2"] == {"tile": "satellite", "count": 2, "vp": 12}      # neutral 8
    assert automa["research_vp"]["eco"] == 12 and automa["research_vp"]["nav"] == 4
    assert automa["resources_vp"] == 0                                                # 15 credits: nothing
    assert state.players[SEAT].vp == 20 + 12 + 12 + 12 + 4


def test_final_scoring_alptrauma_adds_1_vp_to_each_final_gain():
    state = final_position("alptrauma")
    assert state.players[SEAT].final_scoring["automa_extra_vp"] == 4
    assert state.players[SEAT].vp == 20 + 12 + 12 + 12 + 4 + 4


def zero_position(pieces: dict, human_satellites: int, automa_satellites: int) -> GameState:
    """Final scoring with the satellite tile (the neutral player counts 8) and the structures tile."""
    state = position(pieces=pieces, human={"2A5": "m"}, final_tiles=["satellite", "structureFed"])
    state.players[HUMAN].satellites = human_satellites
    state.players[SEAT].satellites = automa_satellites
    scoring.final_scoring(ENGINE.context(state), state)
    return state


def test_solo_final_tile_a_count_of_0_scores_nothing_on_both_sides():
    # 0 satellites each, tied behind the neutral player's 8: the 12 + 6 VP of places 2 and 3 would
    # give 9 each; the solo rules' final scoring (§9.2) gives nothing for 0
    state = zero_position({"1B2": "m"}, 0, 0)
    tiles = [state.players[p].final_scoring["final_tile_1"] for p in (HUMAN, SEAT)]
    assert tiles == [{"tile": "satellite", "count": 0, "vp": 0}] * 2
    assert state.players[HUMAN].vp_sources.get("final1", 0) == 0 and state.players[SEAT].vp_sources.get("final1", 0) == 0


def test_solo_final_tile_the_player_with_0_scores_nothing_while_the_automa_scores():
    state = zero_position({"1B2": "m"}, 0, 3)
    assert state.players[HUMAN].final_scoring["final_tile_1"]["vp"] == 0     # third place, but 0 satellites
    assert state.players[SEAT].final_scoring["final_tile_1"]["vp"] == 12     # second behind the neutral 8


def test_solo_final_tile_the_automa_with_0_scores_nothing_while_the_player_scores():
    # one structure: the Automa's count on structures in federations is 1 less one, 0
    state = zero_position({"1B2": "m"}, 9, 0)
    automa = state.players[SEAT].final_scoring
    assert automa["final_tile_2"] == {"tile": "structureFed", "count": 0, "vp": 0}
    assert automa["final_tile_1"]["vp"] == 0
    assert state.players[HUMAN].final_scoring["final_tile_1"]["vp"] == 18    # 9 satellites beat the neutral 8


def test_solo_final_tile_zero_scoring_is_content_of_the_automa_rules(tmp_path):
    from gaia_rules.content import default_catalogue
    from gaia_rules.rules import Engine
    (tmp_path / "zero.yaml").write_text("kind: automa_rules\npatch: automa-rules\ngame_parameters: {final_zero_scores: true}\n")
    engine = Engine(default_catalogue([tmp_path]))
    state = position(pieces={"1B2": "m"}, human={"2A5": "m"}, final_tiles=["satellite", "structureFed"])
    scoring.final_scoring(engine.context(state), state)
    assert [state.players[p].final_scoring["final_tile_1"]["vp"] for p in (HUMAN, SEAT)] == [9, 9]
    assert ENGINE.context(state).content.game_params["final_zero_scores"] is False
    duo = ENGINE.new_game(dataclasses.replace(solo_setup(), players=2, automa=None, difficulty=None,
                                              factions=[]))
    assert ENGINE.context(duo).content.game_params["final_zero_scores"] is True   # the printed rules' default


# ------------------------------------------------------------------ notation, saves, determinism

def test_the_notation_reads_and_writes_the_automa_move():
    parsed = parse_line("p2 automa", {}, 2)
    assert parsed.moves == [Move(1, "automa")] and parsed.finished
    assert parse_line("terrans automa", {"terrans": 1}, 2).moves == [Move(1, "automa")]
    assert write_move(Move(1, "automa")) == "automa"
    state = player_passes(solo_start())
    assert parse_move(ENGINE, state, "automa") == Move(SEAT, "automa")
    assert parse_move(ENGINE, state, "terrans automa") == Move(SEAT, "automa")


def random_game(seed, moves=80, difficulty="automa"):
    game = savegame.new_game(ENGINE, solo_setup(seed=seed, difficulty=difficulty))
    state, rng, played = game.state, random.Random(seed), []
    for _ in range(moves):
        if state.ended:
            break
        move, state = ENGINE.random_move(state, rng)
        played.append(move)
    return game, played, state


def test_same_seed_same_game_byte_for_byte():
    _, moves_a, a = random_game("same", 120)
    _, moves_b, b = random_game("same", 120)
    assert moves_a == moves_b and a.to_json() == b.to_json()
    _, _, c = random_game("other", 120)
    assert c.automa.log != a.automa.log


def test_a_mid_game_solo_state_round_trips_through_json():
    _, _, state = random_game("json", 90)
    assert state.round >= 2 and state.automa.log
    text = state.to_json()
    back = GameState.from_json(text)
    assert back.to_json() == text and state.clone().to_json() == text
    while ENGINE.to_move(state) != SEAT:
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
        back = ENGINE.apply(back, ENGINE.legal_moves(back)[0])
    assert ENGINE.apply(state, Move(SEAT, "automa")).to_json() == ENGINE.apply(back, Move(SEAT, "automa")).to_json()


def test_a_saved_solo_game_replays_and_undoes():
    game, moves, state = random_game("save", 70)
    assert Move(SEAT, "automa") in moves
    saved = savegame.with_moves(ENGINE, game, moves)
    loaded = savegame.from_dict(ENGINE, json.loads(savegame.dumps(saved)))
    assert loaded.state.to_json() == state.to_json() and loaded.moves == moves
    undone = savegame.with_moves(ENGINE, game, moves[:-1])
    replayed = savegame.replay(ENGINE, game.setup, moves[:-1])
    assert undone.state.to_json() == replayed.to_json()
    assert savegame.apply_move(ENGINE, undone, moves[-1]).state.to_json() == state.to_json()


def test_each_automa_move_is_told_in_words():
    state = until_automa_passes(player_passes(rig(solo_start(round_tiles=TILES), 7, 4, 13, 11, 2, 5, 1)))
    told = [automa_sentence(CAT, state, r) for r in state.automa.log]
    assert told[0] == "places a starting mine on 1B2, its home type closest to the centre"
    assert told[2] == "takes booster8 as its first booster (card 4 shows slot 4)"
    assert told[3].startswith("draws card 4 (support card 7): builds a mine on ")
    assert told[3].endswith(", +1 VP")
    assert told[-1] == ("passes (card 2 shows the pass icon in the pass zone), +4 VP for the round tile score1, "
                        "takes booster9 (middle of those on offer)")
