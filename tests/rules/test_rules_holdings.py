"""What a player holds is kept beside their state and changed in one place (`gaia_rules/rules/holdings.py`).

Each player of a state keeps their holding (statements, parameters, piece counts) until a function
of the holdings module changes what it depends on; a clone made by `holdings.clone` shares it with
its parent until one of them changes. These tests check that every such change is seen at once,
that a clone's change stays its own, that the state carries nothing but its data, and that no other
rule module writes what a player holds.
"""
from __future__ import annotations

import ast as pyast
from pathlib import Path

import pytest

from gaia_rules.rules import holdings
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState
from rules_helpers import ENGINE, clear, hexes, set_turn, start

ME, YOU = 0, 1
RULES = Path(holdings.__file__).resolve().parent


@pytest.fixture(scope="module")
def base():
    return start(["terrans", "gleens"], seed="holdings")


@pytest.fixture
def s(base):
    state = set_turn(clear(base.clone()), ME)
    for p in (ME, YOU):
        ENGINE.context(state).holdings.held(state, p)  # kept from here on
    return state


def view(state: GameState):
    return ENGINE.context(state).holdings


def sources(state: GameState, p: int) -> set[str]:
    return {h.source for h in view(state).held(state, p)}


# ------------------------------------------------------------------ each change is seen at once

def test_a_faction_chosen_is_held_at_once():
    state = ENGINE.new_game(random_setup(ENGINE.catalogue, 2, "holdings"))
    assert state.phase == "factions" and view(state).held(state, ME) == ()
    holdings.set_faction(state, ME, "gleens")
    assert "faction" in sources(state, ME) and view(state).replacements(state, ME) == {"q": "o"}


def test_research_levels_set_and_raised_change_the_parameters_at_once(s):
    assert view(s).param(s, ME, "range") == 1
    holdings.set_research(s, ME, {**s.players[ME].research, "nav": 2})
    assert view(s).param(s, ME, "range") == 2  # nav level 2: range 2
    holdings.raise_level(s, ME, "nav")
    holdings.raise_level(s, ME, "nav")
    assert (s.players[ME].research["nav"], view(s).param(s, ME, "range")) == (4, 3)


def test_a_tech_tile_taken_and_covered_changes_what_is_held_at_once(s):
    assert view(s).param(s, ME, "power_value", "PI") == 3
    holdings.take_tile(s, ME, "tech3", "tech-pos")
    assert view(s).param(s, ME, "power_value", "PI") == 4  # tech3: set power_value[PI, ac1, ac2] = 4
    holdings.cover_tile(s, ME, s.players[ME].tech[-1], "advtech1", "adv-gaia")
    assert view(s).param(s, ME, "power_value", "PI") == 3
    assert {"adv:advtech1"} <= sources(s, ME) and "tech:tech3" not in sources(s, ME)


def test_a_booster_taken_is_held_at_once(s):
    booster = next(b for b in ENGINE.catalogue.boosters if b != s.players[ME].booster)
    holdings.set_booster(s, ME, booster)
    assert f"booster:{booster}" in sources(s, ME)
    holdings.set_booster(s, ME, None)
    assert not any(x.startswith("booster:") for x in sources(s, ME))


def test_pieces_placed_replaced_and_guests_are_counted_at_once(s):
    a, b = hexes(s, "terra")[:2]
    holdings.place(s, a, ME, "m")
    holdings.place(s, b, YOU, "m")
    assert (view(s).count(s, ME, "m"), view(s).supply_used(s, ME, "m"), view(s).count(s, YOU, "m")) == (1, 1, 1)
    holdings.replace(s, a, ME, "ts")
    assert (view(s).count(s, ME, "m"), view(s).count(s, ME, "ts"), view(s).supply_used(s, ME, "ts")) == (0, 1, 1)
    holdings.place(s, b, ME, "m", guest=True)
    assert (view(s).count(s, ME, "m"), view(s).supply_used(s, ME, "m")) == (0, 1)  # a guest mine leaves the board
    holdings.place(s, b, ME, "m")  # in place of the opponent's mine: both holdings change
    assert (view(s).count(s, ME, "m"), view(s).count(s, YOU, "m")) == (1, 0)


def test_the_lost_planet_mine_is_on_the_map_but_not_taken_from_the_board(s):
    space = hexes(s, "empty")[0]
    holdings.place_lost_planet(s, space, ME, "m", ENGINE.context(s).content.planet_of_kind["lost"])
    assert (view(s).count(s, ME, "m"), view(s).supply_used(s, ME, "m"), s.players[ME].lost_planet) == (1, 0, space)


def test_an_event_a_scope_names_ends_an_until_statement_at_once(s):
    assert view(s).replacements(s, YOU) == {"q": "o"}  # Gleens: until ac2: replace q with o
    holdings.mark_event(s, YOU, "ac2")
    assert view(s).replacements(s, YOU) == {}


def test_a_state_edited_by_hand_is_read_again_once_it_says_so(s):
    booster = next(b for b in ENGINE.catalogue.boosters if b != s.players[ME].booster)
    s.players[ME].booster = booster
    holdings.edited(s)
    assert f"booster:{booster}" in sources(s, ME)


# ------------------------------------------------------------------ clones, saves, revisions

def test_a_clone_shares_its_parents_holding_until_one_of_them_changes(s):
    a, b = hexes(s, "terra")[:2]
    clone = holdings.clone(s)
    assert view(clone).of(clone, ME) is view(s).of(s, ME)
    holdings.place(clone, a, ME, "m")
    assert (view(clone).count(clone, ME, "m"), view(s).count(s, ME, "m")) == (1, 0)
    holdings.place(s, b, ME, "m")
    holdings.place(s, a, ME, "ts")
    assert (view(clone).count(clone, ME, "ts"), view(s).count(s, ME, "ts"), view(s).count(s, ME, "m")) == (0, 1, 1)
    assert view(clone).of(clone, YOU) is view(s).of(s, YOU)  # nobody changed the opponent's


def test_a_saved_state_holds_what_it_held_when_saved(s):
    holdings.take_tile(s, ME, "tech3", "tech-pos")
    again = GameState.from_json(s.to_json())
    assert view(again).held(again, ME) == view(s).held(s, ME)
    assert view(again).param(again, ME, "power_value", "PI") == 4


def test_revisions_tell_whose_holdings_changed(s):
    since = holdings.revision(s)
    assert holdings.changed_since(s, since) == ()
    holdings.raise_level(s, YOU, "eco")
    assert holdings.changed_since(s, since) == (YOU,)
    holdings.take_tile(holdings.clone(s), ME, "tech3", "tech-pos")  # a clone's change is not this state's
    assert holdings.changed_since(s, since) == (YOU,)


def test_what_the_engine_keeps_is_never_on_the_state(s):
    """State is plain data: after listing and applying moves (holdings read, hexes copied on write), the
    state, its players and its hexes carry their dataclass fields only, and a JSON round trip equals it."""
    import dataclasses

    state = s
    for _ in range(6):
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    parts = [state, *state.players, *state.board.values()]
    assert [set(vars(x)) - {f.name for f in dataclasses.fields(x)} for x in parts] == [set()] * len(parts)
    assert GameState.from_json(state.to_json()) == state


# ------------------------------------------------------------------ the one place of those writes

HELD_FIELDS = {"faction", "booster", "research", "tech", "lost_planet", "owner", "piece", "guests", "enabled"}
CHANGING = {"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault", "sort", "reverse"}


def writes_to_holdings(source: str) -> list[str]:
    """Lines of a module that change what a player holds: an assignment to a field of `HELD_FIELDS`
    (or into one), a call changing one in place, or an `event:` mark. (An object setting its own
    fields, `self.piece = ...`, is not one.)"""
    out = []

    def field_of(node) -> str | None:
        while isinstance(node, pyast.Subscript):
            node = node.value
        if not isinstance(node, pyast.Attribute) or node.attr not in HELD_FIELDS:
            return None
        return None if isinstance(node.value, pyast.Name) and node.value.id == "self" else node.attr

    for node in pyast.walk(pyast.parse(source)):
        targets = []
        if isinstance(node, (pyast.Assign, pyast.AugAssign, pyast.AnnAssign)):
            targets = node.targets if isinstance(node, pyast.Assign) else [node.target]
        elif isinstance(node, pyast.Delete):
            targets = node.targets
        flat = [t for x in targets for t in (x.elts if isinstance(x, pyast.Tuple) else [x])]
        if any(field_of(t) for t in flat):
            out.append((node.lineno, f"assigns {', '.join(sorted(filter(None, map(field_of, flat))))}"))
        if (isinstance(node, pyast.Call) and isinstance(node.func, pyast.Attribute) and node.func.attr in CHANGING
                and field_of(node.func.value)):
            out.append((node.lineno, f"{field_of(node.func.value)}.{node.func.attr}(...)"))
        if isinstance(node, pyast.Constant) and isinstance(node.value, str) and node.value.startswith("event:"):
            out.append((node.lineno, "an 'event:' mark"))
    return [f"line {n}: {what}" for n, what in sorted(out)]


def test_no_rule_module_but_holdings_writes_what_a_player_holds():
    found = {path.name: writes_to_holdings(path.read_text(encoding="utf-8"))
             for path in sorted(RULES.glob("*.py")) if path.name != "holdings.py"}
    assert {name: lines for name, lines in found.items() if lines} == {}
    assert len(found) >= 15


def test_the_check_sees_each_kind_of_write():
    code = """
def f(state, player, h, t):
    player.booster = "b"
    h.owner, h.piece = 1, "m"
    player.research["nav"] += 1
    h.guests.append(1)
    t.enabled = False
    self.piece = "m"
    player.marks = player.marks + ["event:x"]
    player.vp += 3
    h.federations.append(1)
"""
    assert [line.split(":")[0] for line in writes_to_holdings(code)] == [
        "line 3", "line 4", "line 5", "line 6", "line 7", "line 9"]
