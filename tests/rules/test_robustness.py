"""No input hangs or crashes the engine: every bad or absurd move is refused, quickly and by name.

Each test names the rule the engine applies; work is bounded by construction (a count of
positions searched), never by a timed assertion.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gaia_rules.rules import IllegalMoveError, MoveSyntaxError, conversions
from gaia_rules.rules.bound import bind
from gaia_rules.rules.moves import ARGUMENTS, COMMANDS, Move
from rules_helpers import ENGINE, hexes, play, put, refused, set_player, start

ME = 0


def _hoarder(credit_loops: bool = True, amount: int = 1_000_000):
    """A hand-made position: player 1 holds `amount` of everything (Hadsch Hallas with its PI: credit loops)."""
    s = start(["hadsch-hallas", "gleens"], seed="robust")
    assert ENGINE.to_move(s) == ME
    if credit_loops:
        put(s, hexes(s, "oxide")[0], ME, "PI")
    set_player(s, ME, credits=amount, ore=amount, knowledge=amount, qic=amount, power=(0, 0, amount, 0))
    return s


def _table(s):
    return conversions.conversion_table(bind(ENGINE.context(s), s, ME), False)[1]


# ------------------------------------------------------------------ spend: bounded planning

def test_spend_of_more_than_the_player_holds_is_refused_before_any_search():
    s = start(["terrans", "gleens"], seed="robust")
    set_player(s, ME, power=(0, 0, 4, 0), ore=1)
    err = refused(s, "p1 spend 1000pw for 1c")
    assert err.rule == "cost" and err.message == "1000 power needed in area III, you have 4"
    err = refused(s, "p1 spend 99999999999999999999o for 1c")
    assert err.rule == "cost" and err.message == "99999999999999999999o needed, you have 1"


def test_spend_gaining_more_units_than_it_costs_is_refused_without_search():
    s = start(["terrans", "gleens"], seed="robust")
    set_player(s, ME, ore=1)
    err = refused(s, "p1 spend 1o for 20c")
    assert err.rule == "free-action" and err.message == "no conversion turns 1o into 20c"
    assert conversions.decompose({"o": 1}, {"c": 20}, _table(s)) == (None, 0)


def test_spend_standing_for_more_power_than_a_credit_can_is_refused_without_search():
    """Without conversion loops a credit stands for at most 4 power (4pw -> 1q -> 1o -> 1c)."""
    s = _hoarder(credit_loops=False)
    assert refused(s, "p1 spend 1000pw for 1c").rule == "free-action"
    assert conversions.decompose({"pw": 1000}, {"c": 1}, _table(s)) == (None, 0)
    assert conversions.decompose({"pw": 4}, {"c": 1}, _table(s))[0] is not None


def test_spend_that_could_not_add_up_even_with_split_conversions_is_refused_without_search():
    """Eight ore-like units (o, t) from 3 Q.I.C., 16 power and 8 knowledge: at most 3 + 16/3 + 8/3 = 11."""
    s = _hoarder()
    assert conversions.decompose({"pw": 16, "k": 8, "q": 3}, {"c": 4, "o": 8, "t": 7}, _table(s)) == (None, 0)


@pytest.mark.parametrize("cost, gain", [("1000000o", "1c,1t"), ("1000000c", "1c"), ("1000000pw", "2q,1k")])
def test_spend_search_is_bounded_whatever_the_numbers(cost, gain):
    """With credit loops, a million ore might turn into a credit and a token in a million steps: the
    search stops after SEARCH_LIMIT positions and asks for smaller steps."""
    s = _hoarder()
    with pytest.raises(IllegalMoveError) as err:
        ENGINE.apply(s, Move(ME, "spend", (cost, gain)))
    err = err.value
    assert err.rule == "free-action"
    assert err.message == f"'spend {cost} for {gain}' mixes too many conversions to work out; spend in smaller steps"
    costs, gains = conversions._parse_spend(cost, gain)
    counts, tried = conversions.decompose(conversions.vector(costs), conversions.vector(gains), _table(s))
    assert counts is None and tried == conversions.SEARCH_LIMIT + 1


@pytest.mark.parametrize("cost, gain, credits, ore, qic, area3", [
    ("13c", "1c", 18, 15, 10, 16),        # 4c -> 1q -> 1o -> 1c, three times over, then 4c -> 1k -> 1c
    ("4pw,1o", "1q,1c", 30, 14, 11, 12),  # two conversions side by side
    ("8pw,3c", "2q,1o", 27, 15, 12, 8),   # 4pw -> 1q twice, 3c -> 1o
])
def test_mixed_and_chained_spends_still_add_up(cost, gain, credits, ore, qic, area3):
    s = _hoarder(amount=0)
    set_player(s, ME, credits=30, ore=15, knowledge=15, qic=10, power=(0, 0, 16, 0))
    p = ENGINE.apply(s, Move(ME, "spend", (cost, gain))).players[ME]
    assert (p.credits, p.ore, p.qic, p.power["area3"]) == (credits, ore, qic, area3)


# ------------------------------------------------------------------ Python API: Move values

def _position():
    return start(["terrans", "gleens"], seed="robust")


POSITION = _position()


def _syntax_refusal(state, move) -> MoveSyntaxError:
    """Apply and normalize both refuse `move` as not a move (the same error) and leave the state as it was."""
    before = state.to_json()
    with pytest.raises(MoveSyntaxError) as applied:
        ENGINE.apply(state, move)
    with pytest.raises(MoveSyntaxError) as normalized:
        ENGINE.normalize(state, move)
    assert state.to_json() == before
    assert (applied.value.text, applied.value.column, applied.value.message) == (
        normalized.value.text, normalized.value.column, normalized.value.message)
    return applied.value


@pytest.mark.parametrize("command", ["special", "burn", "build", "spend", "up", "charge", "federation", "set"])
def test_move_missing_its_arguments_is_a_syntax_error(command):
    err = _syntax_refusal(POSITION, Move(ME, command, ()))
    assert (err.text, err.column, err.message) == (command, len(command) + 2, f"'{command}' needs more arguments")


@pytest.mark.parametrize("move, message", [
    (Move(None, "burn", ("1",)), "the player of a move is a seat number 0-1, not None"),
    (Move(True, "burn", ("1",)), "the player of a move is a seat number 0-1, not True"),
    (Move(0.0, "burn", ("1",)), "the player of a move is a seat number 0-1, not 0.0"),
    (Move("0", "burn", ("1",)), "the player of a move is a seat number 0-1, not '0'"),
    (Move(-1, "burn", ("1",)), "the player of a move is a seat number 0-1, not -1"),
    (Move(10 ** 30, "burn", ("1",)), f"the player of a move is a seat number 0-1, not {10 ** 30}"),
    (Move(ME, "fly", ()), "unknown command 'fly'"),
    (Move(ME, None, ()), "unknown command None"),
    (Move(ME, "burn", ["1"]), "the arguments of 'burn' are a tuple of texts, not ['1']"),
    (Move(ME, "burn", "1"), "the arguments of 'burn' are a tuple of texts, not '1'"),
    (Move(ME, "burn", (1,)), "the arguments of 'burn' are a tuple of texts, not (1,)"),
    (Move(ME, "burn", (None,)), "the arguments of 'burn' are a tuple of texts, not (None,)"),
    (Move(ME, "burn", {"n": "1"}), "the arguments of 'burn' are a tuple of texts, not {'n': '1'}"),
    (Move(ME, "up", ("nav", "nav")), "'up' takes 1 argument; 'nav' is one too many"),
    (Move(ME, "build", ("m", "1A8", "extra", "junk")), "'build' takes 2 arguments; 'extra' is one too many"),
    (Move(ME, "pass", ("booster1", "booster2")), "'pass' takes 1 argument; 'booster2' is one too many"),
    (Move(ME, "endturn", ("now",)), "'endturn' takes 0 arguments; 'now' is one too many"),
    ({"player": 0, "command": "burn"}, "a move is a Move(player, command, args), not dict"),
    (None, "a move is a Move(player, command, args), not NoneType"),
])
def test_move_of_the_wrong_shape_is_a_syntax_error(move, message):
    assert _syntax_refusal(POSITION, move).message == message


def test_huge_numbers_in_arguments_are_refused_by_name():
    huge = "9" * 5000  # longer than Python reads as an int by default
    assert ENGINE.normalize(POSITION, Move(ME, "burn", (huge,))) == Move(ME, "burn", (huge,))
    with pytest.raises(MoveSyntaxError) as err:
        ENGINE.apply(POSITION, Move(ME, "burn", (huge,)))
    assert err.value.column == 6 and err.value.message == f"burn takes a number, not '{'9' * 24}...'"
    assert len(str(err.value)) < 200  # the one-line message quotes the start of the text only
    with pytest.raises(MoveSyntaxError) as err:
        ENGINE.apply(POSITION, Move(ME, "special", (huge + "pw",)))
    assert err.value.message == "'999999999999...' is not an amount"


WORDS = st.one_of(st.sampled_from(["1", "-1", "0", "m", "PI", "1A8", "-4x2", "nav", "4pw", "1q", "4pw,1o", "2pw",
                                    "move 4 gaia>supply", "tech", "area1", "1c, 1t", "99999999999999999999"]),
                  st.text(max_size=12))
ANYTHING = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.integers(-10 ** 30, 10 ** 30),
                     st.text(max_size=5), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _well_formed(move: Move) -> bool:
    p, command, args = move.player, move.command, move.args
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < 2:
        return False
    if not isinstance(command, str) or command not in ARGUMENTS:
        return False
    if not isinstance(args, tuple) or not all(isinstance(a, str) for a in args):
        return False
    least, most = ARGUMENTS[command]
    return least <= len(args) and (most is None or len(args) <= most)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.builds(Move,
                 player=st.one_of(st.sampled_from([0, 1]), ANYTHING),
                 command=st.one_of(st.sampled_from(COMMANDS), ANYTHING),
                 args=st.one_of(st.lists(WORDS, max_size=3).map(tuple), st.lists(WORDS, max_size=2),
                                st.lists(ANYTHING, max_size=2).map(tuple), ANYTHING)))
def test_any_move_value_is_applied_or_refused_by_name_and_the_state_is_untouched(move):
    """Fuzzed Move values: ill-formed ones are not moves (`MoveSyntaxError`); the others are played or refused."""
    before = POSITION.to_json()
    for call in (ENGINE.apply, ENGINE.normalize):
        try:
            call(POSITION, move)
        except MoveSyntaxError:
            pass  # ill-formed, or an argument that does not read (a number that is not one)
        except IllegalMoveError:
            assert _well_formed(move)
        else:
            assert _well_formed(move)
    assert POSITION.to_json() == before


# ------------------------------------------------------------------ legal moves: order depends on the position only

def corpus_positions(name: str, every: int):
    """Positions of a corpus game, one every `every` lines (replayed as `gaia replay` does)."""
    import json

    from gaia_rules.formats.corpus import corpus_file
    from gaia_rules.formats.notation import canonical, parse_line
    from gaia_rules.formats.replay import hex_namer, setup_from_record, token_words

    record = json.loads(corpus_file(name).read_text(encoding="utf-8"))
    state = ENGINE.new_game(setup_from_record(ENGINE, record))
    words, namer = token_words(ENGINE), hex_namer(ENGINE, state)
    for i, line in enumerate(record["moves"][1:], start=1):
        names = {p.faction: p.index for p in state.players if p.faction}
        for mv in parse_line(line, names, state.setup.players, words).moves:
            state = ENGINE.apply(state, ENGINE.normalize(state, canonical(mv, namer)))
        if i % every == 0 and not state.ended:
            yield state


def bot_positions(seed: int, players: int, every: int, moves: int = 2000):
    """Positions of a seeded random-bot game, one every `every` moves."""
    from gaia_rules.players import RandomBot
    from gaia_rules.setup import random_setup

    state = ENGINE.new_game(random_setup(ENGINE.catalogue, players, f"order-{seed}"))
    bot = RandomBot(seed=seed)
    for i in range(moves):
        if state.ended:
            return
        if i % every == 0:
            yield state
        _, state = bot.play(ENGINE, state)


def _reloaded(state):
    from gaia_rules.state import GameState

    return GameState.from_json(state.to_json())


@pytest.mark.parametrize("source", ["corpus richbot-4p-01.json", "corpus fixture-piling-song-3477.json",
                                    "bots 1 2", "bots 2 3", "bots 3 4"])
def test_legal_moves_are_listed_in_the_same_order_after_a_save_and_reload(source):
    kind, *rest = source.split()
    positions = list(corpus_positions(rest[0], 4) if kind == "corpus" else bot_positions(int(rest[0]), int(rest[1]), 4))
    assert len(positions) >= 20
    for state in positions:
        assert ENGINE.legal_moves(state) == ENGINE.legal_moves(_reloaded(state))


LISTING = """
import sys
from test_robustness import ENGINE, bot_positions, corpus_positions
for state in list(corpus_positions("richbot-4p-01.json", 5)) + list(bot_positions(4, 3, 5, moves=300)):
    print(";".join(str(m) for m in ENGINE.legal_moves(state)))
"""
