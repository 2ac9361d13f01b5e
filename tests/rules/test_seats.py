"""Seats: the common rules ask a seat (a player's or the Automa's) instead of testing for the Automa, and
the Automa changes the board and counts terraforming steps with the primitives everyone uses."""
from __future__ import annotations

import ast
from pathlib import Path

from automa_helpers import SEAT, solo_start
from rules_helpers import ENGINE

from gaia_rules.rules import Move, building
from gaia_rules.rules.automa.seat import AutomaSeat
from gaia_rules.rules.player_seat import PlayerSeat
from gaia_rules.rules.seats import AUTOMA, PLAYER, SeatRules

RULES = Path(__file__).resolve().parents[2] / "gaia_rules" / "rules"
CORE = ("phases", "scoring", "holdings", "charges", "legal", "actions", "game")


def _automa_tests(path: Path) -> list[int]:
    """Lines that ask something other than the module's own object whether a seat is the Automa's."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "is_automa"
            and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self")]


def test_the_common_rules_ask_the_seat_and_never_test_for_the_automa():
    found = {name: _automa_tests(RULES / f"{name}.py") for name in CORE}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_check_finds_a_test_for_the_automa(tmp_path):
    src = tmp_path / "x.py"
    src.write_text("def f(state, p):\n    return state.is_automa(p)\n")
    assert _automa_tests(src) == [2]


def _questions() -> set[str]:
    members = set(SeatRules.__annotations__)
    members |= {k for k, v in vars(SeatRules).items() if callable(v) and not k.startswith("_")}
    return members


def test_each_kind_of_seat_answers_every_question_of_the_seat_interface():
    assert _questions() == {"kind", "takes_events", "holds_abilities", "charges", "start", "starting_pieces",
                            "deck_moves", "play", "new_round", "faction_clash", "final_count", "extra_vp",
                            "resource_vp"}
    for seat in (PlayerSeat(), AutomaSeat()):
        assert [q for q in sorted(_questions()) if not hasattr(seat, q)] == []


def test_the_seat_of_the_automa_plays_by_its_deck_and_a_player_by_the_move_list():
    state = solo_start()
    ctx = ENGINE.context(state)
    assert (ctx.seat(state, 0).kind, ctx.seat(state, SEAT).kind) == (PLAYER, AUTOMA)
    assert ctx.seat(state, 0).deck_moves(0) is None
    assert ctx.seat(state, SEAT).deck_moves(SEAT) == (Move(SEAT, "automa"),)
    assert (ctx.seat(state, SEAT).takes_events, ctx.seat(state, SEAT).holds_abilities,
            ctx.seat(state, SEAT).charges) == (False, False, False)


def test_the_automa_counts_steps_off_the_wheel_by_its_rules_and_a_player_needs_none_there():
    state = solo_start()
    ctx = ENGINE.context(state)
    home = ctx.content.faction(state.players[SEAT]).home
    off_wheel = ctx.content.catalogue.automa.rules.planet_steps
    wheel = ctx.content.catalogue.wheel
    opposite = wheel[(wheel.index(home) + len(wheel) // 2) % len(wheel)]
    assert [building.terraform_steps(ctx, home, planet, off_wheel) for planet in ("gaia", "transdim", opposite)] \
        == [1, 2, 3]
    assert [building.terraform_steps(ctx, home, planet) for planet in ("gaia", "transdim", opposite)] == [0, 0, 3]
