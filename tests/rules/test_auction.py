"""Auctions for factions (game.yaml `auctions`, parameters `opening_bids` and `bid_raise`).

The rules are those of the site's engine as the variants README describes
them: bids of 0-8 on a faction nobody holds, current bid + 1 to + 9 on a held
one; an outbid player bids again; play order follows the order factions were
first chosen; the winning bid is paid in VP at the very end.
"""
from __future__ import annotations

import json

import pytest

from gaia_rules.content import load_catalogue
from gaia_rules.formats.corpus import corpus_file
from gaia_rules.formats.replay import replay_record
from gaia_rules.rules import Engine
from gaia_rules.setup import SetupError, random_setup
from gaia_rules.state import GameState
from rules_helpers import CAT, ENGINE


def auction(kind: str, players: int = 2, engine: Engine = ENGINE) -> GameState:
    return engine.new_game(random_setup(engine.catalogue, players, "auction", auction=kind))


def play_seat(state: GameState, *lines: str, engine: Engine = ENGINE) -> GameState:
    from gaia_rules.formats.notation import parse_line

    for line in lines:
        for move in parse_line(line, {}, state.setup.players, engine.catalogue.token_words).moves:
            state = engine.apply(state, move)
    return state


def listed(state: GameState, engine: Engine = ENGINE) -> list[str]:
    return [str(m) for m in engine.legal_moves(state)]


def bids(state: GameState, faction: str) -> list[int]:
    return [int(m.split()[-1]) for m in listed(state) if m.startswith(f"bid {faction} ")]


# ------------------------------------------------------------------ choose-bid

def test_choose_bid_first_round_only_puts_factions_on_offer():
    s = play_seat(auction("choose-bid"), "p1 faction nevlas", "p2 faction taklons")
    assert s.phase == "bids" and ENGINE.to_move(s) == 0
    assert all(p.faction is None for p in s.players)
    assert bids(s, "nevlas") == list(range(0, 9)) and bids(s, "taklons") == list(range(0, 9))
    assert not any(m.startswith("faction") for m in listed(s))  # the choices are over


def test_a_held_faction_takes_current_bid_plus_1_to_9():
    s = play_seat(auction("choose-bid"), "p1 faction nevlas", "p2 faction taklons", "p1 bid nevlas 3")
    assert ENGINE.to_move(s) == 1
    assert bids(s, "nevlas") == list(range(4, 13))
    assert bids(s, "taklons") == list(range(0, 9))


def test_an_outbid_player_bids_again_and_keeps_the_last_bid_that_won():
    s = play_seat(auction("choose-bid"), "p1 faction nevlas", "p2 faction taklons",
                  "p1 bid nevlas 0", "p2 bid nevlas 1", "p1 bid nevlas 3")
    assert ENGINE.to_move(s) == 1  # p2 lost nevlas and moves again
    s = play_seat(s, "p2 bid taklons 2")
    assert [(p.faction, p.bid) for p in s.players] == [("nevlas", 3), ("taklons", 2)]
    assert s.phase == "setup"


@pytest.mark.parametrize("amount", ["9", "-1"])
def test_opening_bids_outside_0_to_8_are_refused(amount):
    s = play_seat(auction("choose-bid"), "p1 faction nevlas", "p2 faction taklons")
    assert refused_seat(s, f"p1 bid nevlas {amount}") == "bid"


def test_raising_by_more_than_9_or_by_nothing_is_refused():
    s = play_seat(auction("choose-bid"), "p1 faction nevlas", "p2 faction taklons", "p1 bid nevlas 3")
    assert refused_seat(s, "p2 bid nevlas 3") == "bid"
    assert refused_seat(s, "p2 bid nevlas 13") == "bid"


def refused_seat(state: GameState, line: str) -> str:
    from gaia_rules.formats.notation import parse_line
    from gaia_rules.rules import IllegalMoveError

    (move,) = parse_line(line, {}, state.setup.players, CAT.token_words).moves
    with pytest.raises(IllegalMoveError) as err:
        ENGINE.apply(state, move)
    return err.value.rule


def test_play_order_follows_the_order_factions_were_first_chosen():
    """auction-choosebid-4p-01: chosen lantids, nevlas, gleens, bescods; ended with seats 4, 1, 3, 2."""
    s = play_seat(auction("choose-bid", 4), "p1 faction lantids", "p2 faction nevlas", "p3 faction gleens",
                  "p4 faction bescods", "p1 bid nevlas 1", "p2 bid lantids 1", "p3 bid lantids 2",
                  "p4 bid lantids 6", "p2 bid bescods 0", "p3 bid gleens 3")
    assert s.seats == [3, 0, 2, 1]
    assert [p.bid for p in s.players] == [1, 0, 3, 6]
    assert s.setup_queue[0] == [3, "m"]  # the new first player places the first mine


# ------------------------------------------------------------------ bid-while-choosing

def test_bid_while_choosing_takes_a_new_faction_at_once_or_outbids():
    s = auction("bid-while-choosing", 3)
    first = listed(s)
    assert not any(m.startswith("bid") for m in first) and "faction ivits" in first
    s = play_seat(s, "p1 faction ivits")
    assert ENGINE.to_move(s) == 1
    assert bids(s, "ivits") == list(range(1, 10))
    assert "faction hadsch-hallas" not in listed(s)  # same home planet as a faction on offer
    s = play_seat(s, "p2 bid ivits 3", "p3 faction itars")
    assert ENGINE.to_move(s) == 0  # p1 was outbid
    s = play_seat(s, "p1 faction geodens")
    assert [(p.faction, p.bid) for p in s.players] == [("geodens", 0), ("ivits", 3), ("itars", 0)]
    assert s.seats == [1, 2, 0]


# ------------------------------------------------------------------ the bid at the end

def test_bid_is_paid_in_vp_at_the_end_and_shown_in_the_breakdown():
    data = json.loads(corpus_file("variants/auction-choosebid-4p-01.json").read_text(encoding="utf-8"))
    result = replay_record(ENGINE, data, keep_state=True)
    assert result.passed
    lantids = next(p for p in result.state.players if p.faction == "lantids")
    assert lantids.bid == 6
    assert lantids.final_scoring["bid_vp"] == -6
    assert lantids.vp_sources["bid"] == -6
    fs = lantids.final_scoring
    tiles = sum(fs[k]["vp"] for k in fs if k.startswith("final_tile_"))
    assert fs["total_final_scoring_vp"] == tiles + sum(fs["research_vp"].values()) + fs["resources_vp"] - 6


def test_a_bid_can_take_a_player_below_0_vp_as_on_the_site():
    # the bid is paid with no floor (the reference engine's choice, kept in the boardgamers variant):
    # 5 VP, nothing else to score (no structure, no research level 3, no resources), a bid of 12
    from gaia_rules.rules import scoring
    from rules_helpers import clear, start
    s = clear(start(["terrans", "xenos"], variant="boardgamers"), credits=0, ore=0, knowledge=0, qic=0,
              power=(0, 0, 0, 0), vp=5)
    s.players[0].bid = 12
    scoring.final_scoring(ENGINE.context(s), s)
    assert s.players[0].vp == -7 and s.players[0].vp_sources == {"bid": -12}
    assert s.players[0].final_scoring["total_final_scoring_vp"] == -12
    assert s.players[1].vp == 5


# ------------------------------------------------------------------ the rules are content

def test_a_designer_can_change_the_bid_ranges(tmp_path):
    folder = tmp_path / "bids"
    folder.mkdir()
    (folder / "rules.yaml").write_text(
        "kind: variant\nid: rules\nname: Printed rules\nparameters:\n  opening_bids: [0, 3]\n  bid_raise: [2, 4]\n",
        encoding="utf-8")
    cat, problems = load_catalogue([folder])
    assert problems == []
    engine = Engine(cat)
    s = play_seat(auction("choose-bid", engine=engine), "p1 faction nevlas", "p2 faction taklons", engine=engine)
    assert [m for m in listed(s, engine) if m.startswith("bid nevlas")] == [f"bid nevlas {n}" for n in range(4)]
    s = play_seat(s, "p1 bid nevlas 1", engine=engine)
    assert [m for m in listed(s, engine) if m.startswith("bid nevlas")] == [f"bid nevlas {n}" for n in (3, 4, 5)]


def test_unknown_auction_kind_and_fixed_factions_are_refused():
    with pytest.raises(SetupError, match="unknown auction 'dutch'"):
        random_setup(CAT, 2, 1, auction="dutch")
    with pytest.raises(SetupError, match="no fixed factions"):
        random_setup(CAT, 2, 1, auction="choose-bid", factions=["nevlas", "taklons"])


def test_a_whole_auction_game_with_a_variant_plays_to_the_end_with_random_moves():
    import random

    state = ENGINE.new_game(random_setup(CAT, 3, "whole", auction="bid-while-choosing", faction_variant="beta",
                                         layout="xshape"))
    rng = random.Random(3)
    for _ in range(2000):
        step = ENGINE.random_move(state, rng)
        if step is None:
            break
        state = step[1]
    assert state.ended
    assert all(p.final_scoring["bid_vp"] == -p.bid for p in state.players)
