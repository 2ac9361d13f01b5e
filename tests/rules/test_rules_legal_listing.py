"""Listing legal moves: moves listed without a trial (`certain`) are accepted by `apply`, and the
list holds the spends a player can make in one go (a conversion several times over).
"""
from __future__ import annotations


import pytest

from gaia_rules.lab.bench import load_games, walk
from gaia_rules.rules import Engine, IllegalMoveError
from gaia_rules.rules.legal import MOST_TIMES
from gaia_rules.rules.moves import Move
from gaia_rules.formats.corpus import corpus_dir
from rules_helpers import clear, legal_texts, set_turn, start

CORPUS = corpus_dir()
SAMPLE = sorted((CORPUS / "spec").glob("*.json"))[::3] + [CORPUS / "bot-4p-05.json", CORPUS / "richbot-3p-02.json"]


@pytest.fixture(scope="module")
def engine():
    return Engine()


def accepted(engine, games, listed) -> int:
    """Apply every move `listed(state)` gives at every position of the games; fail on a refusal."""
    checked = 0
    for game in games:
        for pos in walk(engine, game):
            for move in listed(pos):
                try:
                    engine.apply(pos.state, move)
                except IllegalMoveError as err:  # pragma: no cover - the failure message
                    pytest.fail(f"{game.id} move {pos.move_index}: listed '{move}' refused: {err}")
                checked += 1
    return checked


@pytest.fixture(scope="module")
def base():
    return start(["terrans", "xenos"], seed="listing")


def test_a_conversion_is_listed_as_many_times_over_as_it_can_be_paid(base):
    """With 5 power in area III: 1pw->1c up to 5 times, 3pw->1o once, 4pw->1q once."""
    s = set_turn(clear(base.clone(), power=(0, 0, 5, 0), credits=0, ore=0, knowledge=0, qic=0), 0)
    texts = legal_texts(s)
    assert [f"spend {k}pw {k}c" in texts for k in range(1, 7)] == [True] * 5 + [False]
    assert "spend 3pw 1o" in texts and "spend 6pw 2o" not in texts
    assert "spend 4pw 1q" in texts


def test_a_listed_multiple_does_what_the_conversions_one_by_one_do(base, engine):
    s = set_turn(clear(base.clone(), power=(0, 0, 5, 0), credits=0), 0)
    once = engine.apply(s, Move(0, "spend", ("4pw", "4c")))
    one_by_one = s
    for _ in range(4):
        one_by_one = engine.apply(one_by_one, Move(0, "spend", ("1pw", "1c")))
    assert once.players[0] == one_by_one.players[0]


def test_multiples_are_capped(base):
    s = set_turn(clear(base.clone(), knowledge=50), 0)
    texts = legal_texts(s)
    assert f"spend {MOST_TIMES}k {MOST_TIMES}c" in texts
    assert f"spend {MOST_TIMES + 1}k {MOST_TIMES + 1}c" not in texts


def test_a_site_spend_is_spelt_as_the_listing_spells_it(engine):
    """Terrans' Gaia-phase conversions send tokens to area II; the site writes `4tg` (from the Gaia area)."""
    game = load_games([CORPUS / "fixture-wavely-triangle-5324.json"])[0]
    pos = next(p for p in walk(engine, game) if p.move_index == 122 and p.command_index == 0)
    assert "spend 4tg for 1k" in pos.line
    written = Move(pos.move.player, "spend", ("move 4 gaia>supply", "1k"))  # as the notation reads it
    spelt = engine.normalize(pos.state, written)
    assert spelt == Move(written.player, "spend", ("move 4 gaia>area2", "1k"))
    assert spelt in engine.legal_moves(pos.state)
    assert engine.apply(pos.state, spelt).to_json() == engine.apply(pos.state, written).to_json().replace(
        "move 4 gaia>supply", "move 4 gaia>area2")


def test_normalize_leaves_other_moves_alone(engine, base):
    s = set_turn(clear(base.clone(), power=(0, 0, 5, 0)), 0)
    for move in (Move(0, "spend", ("1pw, 3pw", "1c, 1o")), Move(0, "burn", ("1",)), Move(0, "spend", ("5pw", "5c"))):
        assert engine.normalize(s, move) == move


def test_a_booster_named_when_passing_in_the_last_round_is_dropped(engine):
    """In the last round no booster is taken: `pass booster1` means `pass`, as the listing writes it."""
    game = load_games([CORPUS / "bot-2p-01.json"])[0]
    pos = next(p for p in walk(engine, game) if p.state.round == 6 and p.move.command == "pass")
    written = Move(pos.move.player, "pass", ("booster1",))
    assert engine.normalize(pos.state, written) == Move(pos.move.player, "pass") in engine.legal_moves(pos.state)
    early = next(p for p in walk(engine, game) if p.state.round == 1 and p.move.command == "pass")
    assert engine.normalize(early.state, early.move) == early.move


def test_successors_are_the_legal_moves_in_order_each_with_the_state_apply_gives(engine):
    """`Engine.successors`: the listing with each move's resulting state (one apply per move); `keep` filters first."""
    checked = 0
    for game in load_games([CORPUS / "bot-4p-05.json"]):
        for pos in list(walk(engine, game))[::7]:
            pairs = engine.successors(pos.state)
            assert [m for m, _ in pairs] == engine.legal_moves(pos.state)
            for move, after in pairs[:4]:
                assert after.to_dict() == engine.apply(pos.state, move).to_dict()
                checked += 1
            kept = engine.successors(pos.state, keep=lambda m: m.command != "spend")
            assert [m for m, _ in kept] == [m for m in engine.legal_moves(pos.state) if m.command != "spend"]
    assert checked > 100
