"""The effect language: every clause and gain form parses to the expected typed AST,
and every malformed string is refused with the column and words a designer needs.

Node `column` fields are excluded from equality, so the AST comparisons below
check shape and values; `test_columns_*` check the columns themselves.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gaia_rules.language import EffectSyntaxError, parse_effect, parse_price, parser
from gaia_rules.language.ast import (
    Action,
    Amount,
    Build,
    BuildEvent,
    Effect,
    Fed,
    Free,
    GaiaPhase,
    Income,
    Lock,
    LostPlanet,
    Move,
    NamedEvent,
    Now,
    On,
    OnPass,
    Pay,
    Replace,
    Scope,
    Set,
    Statement,
    Swap,
    Tech,
    Up,
)


def S(clause, scope=None) -> Statement:
    return Statement(clause=clause, scope=scope)


VALID = [
    # --- income / now / pass with every amount form
    ("income: 1o, 1k", (S(Income((Amount(1, "o"), Amount(1, "k")))),)),
    ("now: q", (S(Now((Amount(1, "q"),))),)),  # count omitted means 1
    ("now: 12vp", (S(Now((Amount(12, "vp"),))),)),
    ("pass: 1vp per m", (S(OnPass((Amount(1, "vp", ("m",)),))),)),
    ("pass: 4vp per PI|ac1|ac2", (S(OnPass((Amount(4, "vp", ("PI", "ac1", "ac2")),))),)),
    ("now: 2vp per m | ts", (S(Now((Amount(2, "vp", ("m", "ts")),))),)),
    ("now: 4vp, 1vp per gaia-planet",
     (S(Now((Amount(4, "vp"), Amount(1, "vp", ("gaia-planet",))))),)),
    ("action: 3vp, 1vp per planet-type",
     (S(Action((Amount(3, "vp"), Amount(1, "vp", ("planet-type",))))),)),
    # "fed" is a keyword (the fed gain) and also a counter after "per"
    ("pass: 3vp per fed", (S(OnPass((Amount(3, "vp", ("fed",)),))),)),
    ("now: 1vp per m|fed", (S(Now((Amount(1, "vp", ("m", "fed")),))),)),
    # --- on: build events (with and without a filter, with alternatives) and named events
    ("on build m on gaia: 3vp", (S(On(BuildEvent(("m",), "gaia"), (Amount(3, "vp"),))),)),
    ("on build m: 2vp", (S(On(BuildEvent(("m",)), (Amount(2, "vp"),))),)),
    ("on build PI|ac1|ac2: 5vp", (S(On(BuildEvent(("PI", "ac1", "ac2")), (Amount(5, "vp"),))),)),
    ("on build m on new-type: 3k", (S(On(BuildEvent(("m",), "new-type"), (Amount(3, "k"),))),)),
    ("on step: 2vp", (S(On(NamedEvent("step"), (Amount(2, "vp"),))),)),
    ("on charge: 1t", (S(On(NamedEvent("charge"), (Amount(1, "t"),))),)),
    ("on federation: 5vp", (S(On(NamedEvent("federation"), (Amount(5, "vp"),))),)),
    # --- action with the verb gains: build (| and from), up, swap, fed, tech
    ("action: 3range, build m|gf", (S(Action((Amount(3, "range"), Build(("m", "gf"))))),)),
    ("action: 1step, build m", (S(Action((Amount(1, "step"), Build(("m",))))),)),
    ("action: build ts from lab, up any", (S(Action((Build(("ts",), "lab"), Up("any")))),)),
    ("action: up lowest", (S(Action((Up("lowest"),))),)),
    ("now: up nav", (S(Now((Up("nav"),))),)),
    ("action: swap PI with m", (S(Action((Swap("PI", "m"),))),)),
    ("action: fed", (S(Action((Fed(),))),)),
    ("now: fed gleens", (S(Now((Fed("gleens"),))),)),
    ("now: fed here", (S(Now((Fed("here"),))),)),
    ("now: tech", (S(Now((Tech(),))),)),
    ("now: lost-planet", (S(Now((LostPlanet(),))),)),
    ("action: build sp", (S(Action((Build(("sp",)),))),)),
    # --- free and gaia-phase conversions: pay and move costs
    ("free: 4pw -> 1q", (S(Free((Pay(4, "pw"),), (Amount(1, "q"),))),)),
    ("free: 1o, 2c -> 1t, 1k", (S(Free((Pay(1, "o"), Pay(2, "c")), (Amount(1, "t"), Amount(1, "k")))),)),
    ("free: move 1 gf>gaia -> 1q", (S(Free((Move(1, "gf", "gaia"),), (Amount(1, "q"),))),)),
    ("free: move 1 area3>gaia -> 1k", (S(Free((Move(1, "area3", "gaia"),), (Amount(1, "k"),))),)),
    ("gaia-phase: move 4 gaia>area2 -> 1q", (S(GaiaPhase((Move(4, "gaia", "area2"),), (Amount(1, "q"),))),)),
    ("gaia-phase: move 4 gaia>supply -> tech", (S(GaiaPhase((Move(4, "gaia", "supply"),), (Tech(),))),)),
    # --- set: keys, and each value form (int, negative int, amount, word)
    ("set range = 2", (S(Set("range", (), 2)),)),
    ("set federation_threshold = 6", (S(Set("federation_threshold", (), 6)),)),
    ("set home_planet_power_bonus = -1", (S(Set("home_planet_power_bonus", (), -1)),)),
    ("set gaia_planet_cost = 1q", (S(Set("gaia_planet_cost", (), (1, "q"))),)),
    ("set gaia_planet_cost = 1o", (S(Set("gaia_planet_cost", (), (1, "o"))),)),
    ("set satellite_cost = 1q", (S(Set("satellite_cost", (), (1, "q"))),)),
    ("set x = -1", (S(Set("x", (), -1)),)),
    ("set satellite_cost = qq", (S(Set("satellite_cost", (), "qq")),)),  # a word: the checker refuses it
    ("set gaia_return_area = area2", (S(Set("gaia_return_area", (), "area2")),)),
    ("set guest_mines = true", (S(Set("guest_mines", (), "true")),)),
    ("set federation_mode = growing", (S(Set("federation_mode", (), "growing")),)),
    ("set power_value[PI, ac1, ac2] = 4", (S(Set("power_value", ("PI", "ac1", "ac2"), 4)),)),
    ("set power_value[m] = 2", (S(Set("power_value", ("m",), 2)),)),
    # --- replace, lock
    ("replace q with o", (S(Replace("q", "o")),)),
    ("lock up nav", (S(Lock("nav")),)),
    # --- scopes
    ("until ac2: replace q with o", (S(Replace("q", "o"), Scope("until", ("ac2",))),)),
    ("until PI: lock up nav", (S(Lock("nav"), Scope("until", ("PI",))),)),
    ("after PI: set federation_threshold = 6", (S(Set("federation_threshold", (), 6), Scope("after", ("PI",))),)),
    ("after PI|ac1: income: 2k", (S(Income((Amount(2, "k"),)), Scope("after", ("PI", "ac1"))),)),
    # --- several statements separated by ';'
    ("now: 1gf; set gaia_project_cost = 6",
     (S(Now((Amount(1, "gf"),))), S(Set("gaia_project_cost", (), 6)))),
    ("now:1o;income:2c", (S(Now((Amount(1, "o"),))), S(Income((Amount(2, "c"),))))),
    ("until ac2: replace q with o; on build m on gaia: 2vp; action: 4c",
     (S(Replace("q", "o"), Scope("until", ("ac2",))),
      S(On(BuildEvent(("m",), "gaia"), (Amount(2, "vp"),))),
      S(Action((Amount(4, "c"),))))),
]


@pytest.mark.parametrize("text, statements", VALID, ids=[t for t, _ in VALID])
def test_valid_effect_parses_to_expected_ast(text, statements):
    assert parse_effect(text) == Effect(text, statements)


def test_statement_trigger_names_follow_the_clause_keyword():
    effect = parse_effect("income: 1o; now: 1o; pass: 1o; on step: 1o; action: 1o; free: 1o -> 1c; "
                          "gaia-phase: move 1 gaia>area2 -> 1c; set range = 2; replace q with o; lock up nav")
    assert [st.trigger for st in effect.statements] == [
        "income", "now", "pass", "on", "action", "free", "gaia-phase", "set", "replace", "lock"]


def test_columns_point_at_each_gain_and_statement():
    effect = parse_effect("now: 1o, 2vp per m;income: 2c")
    first, second = effect.statements
    assert first.column == 1
    assert [g.column for g in first.clause.gains] == [6, 10]
    assert second.column == 20
    assert second.clause.gains[0].column == 28


def test_columns_of_each_word_inside_a_node():
    build = parse_effect("action: 3range, build m|gff").statements[0].clause.gains[1]
    assert (build.column, build.piece_columns, build.source_column) == (17, (23, 25), 0)
    source = parse_effect("action: build ts from labb").statements[0].clause.gains[0]
    assert (source.piece_columns, source.source_column) == ((15,), 23)
    amount = parse_effect("pass: 4vp per PI|ac1|acc2").statements[0].clause.gains[0]
    assert (amount.column, amount.per_columns) == (7, (15, 18, 22))
    move = parse_effect("free: move 1 area4>gaia -> 1k").statements[0].clause.costs[0]
    assert (move.column, move.source_column, move.target_column) == (7, 14, 20)
    key_set = parse_effect("set power_value[PI, ac1, acc2] = 4").statements[0].clause
    assert (key_set.column, key_set.key_columns, key_set.value_column) == (5, (17, 21, 26), 34)
    event = parse_effect("on build PI|ac1 on gaiaa: 5vp").statements[0].clause.event
    assert (event.column, event.piece_columns, event.where_column) == (4, (10, 13), 20)
    scoped = parse_effect("until PI|ac2: lock up nav").statements[0]
    assert (scoped.scope.column, scoped.scope.piece_columns) == (1, (7, 10))
    replace = parse_effect("replace q with oo").statements[0].clause
    assert (replace.column, replace.new_column) == (9, 16)
    up = parse_effect("action: up lowset").statements[0].clause.gains[0]
    assert (up.column, up.track_column) == (9, 12)
    fed = parse_effect("now: fed gleen").statements[0].clause.gains[0]
    assert (fed.column, fed.token_column) == (6, 10)
    swap = parse_effect("action: swap PII with m").statements[0].clause.gains[0]
    assert (swap.column, swap.first_column, swap.second_column) == (9, 14, 23)


def test_columns_of_scope_set_replace_lock_and_events():
    scoped = parse_effect("until ac2: replace q with o").statements[0]
    assert scoped.scope.column == 1
    assert scoped.clause.column == 20  # the first resource word
    assert parse_effect("set range = 2").statements[0].clause.column == 5
    assert parse_effect("lock up nav").statements[0].clause.column == 9
    assert parse_effect("on build m on gaia: 3vp").statements[0].clause.event.column == 4
    assert parse_effect("on step: 2vp").statements[0].clause.event.column == 4
    free = parse_effect("free: move 1 gf>gaia -> 1q").statements[0].clause
    assert free.costs[0].column == 7
    assert free.gains[0].column == 25


PRICES = [
    ("6c, 2o", (Pay(6, "c"), Pay(2, "o"))),
    ("4k", (Pay(4, "k"),)),
    ("q", (Pay(1, "q"),)),
    ("7pw", (Pay(7, "pw"),)),
    ("", ()),
    ("move 1 area3>gaia", (Move(1, "area3", "gaia"),)),
    ("move 4 gaia>area2", (Move(4, "gaia", "area2"),)),
    ("1o, move 1 gf>gaia", (Pay(1, "o"), Move(1, "gf", "gaia"))),
]


@pytest.mark.parametrize("text, costs", PRICES, ids=[t or "empty" for t, _ in PRICES])
def test_price_parses_to_expected_costs(text, costs):
    assert parse_price(text) == costs


def test_price_columns():
    assert [c.column for c in parse_price("6c, 2o")] == [1, 5]


INVALID = [
    # text, column, words in the message
    ("incom: 1o", 1, "unexpected 'incom'", "did you mean 'income'"),
    ("ince: 1o", 1, "unexpected 'ince'", "did you mean 'income'"),
    ("actoin: 1q", 1, "unexpected 'actoin'", "did you mean 'action'"),
    ("income 1o", 8, "unexpected '1'", "expected ':'"),
    ("income:", 8, "unexpected the end of the text", "expected 'build', 'fed', 'lost-planet', 'swap', 'tech', 'up', a number, a word"),
    ("income: 1o,", 12, "unexpected the end of the text", "a word"),
    ("income: 1o;", 12, "unexpected the end of the text", "'income'"),
    ("now: 1o,, 1k", 9, "unexpected ','", "expected 'build', 'fed', 'lost-planet', 'swap', 'tech', 'up', a number, a word"),
    ("now: 2", 7, "unexpected the end of the text", "expected a word"),
    ("now: 1o $", 9, "unexpected '$'", "expected ',', ';', 'per'"),
    ("now: -1o", 6, "unexpected '-1'", "expected 'build', 'fed', 'lost-planet', 'swap', 'tech', 'up', a number, a word"),
    ("income: 1o income: 1k", 12, "unexpected 'income'", "expected ',', ';', 'per'"),
    ("set range 2", 11, "unexpected '2'", "expected '+=', '-=', '=', '[', 'for'"),
    ("set range =", 12, "unexpected the end of the text", "expected a number, a word"),
    ("set range = 1.5", 14, "unexpected '.'", ""),
    ("set power_value[PI = 4", 20, "unexpected '='", "expected ',', ']'"),
    ("lock nav", 6, "unexpected 'nav'", "expected 'up'"),
    ("replace q o", 11, "unexpected 'o'", "expected 'with'"),
    ("on build: 2vp", 9, "unexpected ':'", "expected a word"),
    ("on build m on: 2vp", 14, "unexpected ':'", "expected a word"),
    ("until: income: 1o", 6, "unexpected ':'", "expected a word"),
    ("free: 4pw 1q", 11, "unexpected '1'", "expected ',', '->'"),
    ("set x = - 1", 9, "unexpected '-'", "expected a number, a word"),
    ("free: 4pw -> ", 13, "unexpected the end of the text", "a word"),
    ("free: move 1 area3 gaia -> 1k", 20, "unexpected 'gaia'", "expected '>'"),
    ("gaia-phase: move gaia>area2 -> 1q", 18, "unexpected 'gaia'", "expected a number"),
    ("action: up", 11, "unexpected the end of the text", "expected a word"),
    ("now: build ts from", 19, "unexpected the end of the text", "expected a word"),
    ("now: fed gleens here", 17, "unexpected 'here'", "expected ',', ';'"),
    ("swap PI with m", 1, "unexpected 'swap'", "expected 'action', 'after', 'free', 'gaia-phase', 'if', 'income', "
                                               "'lock', 'now', 'on', 'once', 'pass', 'replace', 'set', 'until'"),
]


@pytest.mark.parametrize("text, column, found, expected", INVALID, ids=[t for t, *_ in INVALID])
def test_invalid_effect_reports_column_and_message(text, column, found, expected):
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect(text)
    err = info.value
    assert err.column == column
    assert err.message.startswith(found)
    assert expected in err.message
    assert err.text == text
    # str() shows the column, the text and a caret under the column
    assert str(err).startswith(f"column {column}: {err.message}\n  {text}\n  ")
    assert str(err).endswith(" " * (column - 1) + "^")


# A keyword run together with the next word is one unknown word, not a keyword
# plus another word: "onstep" is not "on step".
RUN_TOGETHER = [
    ("incomes: 1o", "incomes", "income"),
    ("onstep: 2vp", "onstep", None),
    ("setrange = 2", "setrange", None),
    ("lockup nav", "lockup", None),
    ("freeze: 4pw -> 1q", "freeze", "free"),
    ("untilPI: lock up nav", "untilPI", None),
    ("gaia-phases: move 1 gaia>area2 -> 1c", "gaia-phases", "gaia-phase"),
]


@pytest.mark.parametrize("text, word, suggestion", RUN_TOGETHER, ids=[t for t, *_ in RUN_TOGETHER])
def test_keyword_run_into_next_word_is_one_unknown_word(text, word, suggestion):
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect(text)
    assert info.value.column == 1
    assert info.value.message.startswith(f"unexpected '{word}'")
    if suggestion:
        assert f"did you mean '{suggestion}'" in info.value.message


def test_keyword_run_into_resource_is_refused():
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect("replace q witho")
    assert info.value.column == 11
    # one keyword expected: no "did you mean" repeating it
    assert info.value.message == "unexpected 'witho'; expected 'with'"


@pytest.mark.parametrize("text, column, word, message", [
    ("lock upnav", 6, "upnav", "unexpected 'upnav'; expected 'up'"),
    ("action: build m fromlab", 17, "fromlab", "unexpected 'fromlab'; expected ',', ';', 'from', '|', end of text (did you mean 'from'?)"),
    ("now: 2vp perm", 10, "perm", "unexpected 'perm'; expected ',', ';', 'per', end of text (did you mean 'per'?)"),
])
def test_keyword_run_into_a_word_inside_a_statement_is_one_word(text, column, word, message):
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect(text)
    assert info.value.column == column
    assert info.value.message == message


def test_words_that_merely_start_with_a_keyword_are_plain_words():
    """Only a whole word is a keyword: these are resources and pieces, checked against content later."""
    assert parse_effect("now: 1techs, upnav").statements[0].clause == Now((Amount(1, "techs"), Amount(1, "upnav")))
    assert parse_effect("action: build fedx|ons").statements[0].clause == Action((Build(("fedx", "ons")),))


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_effect_is_an_error_at_column_1(text):
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect(text)
    assert info.value.column == 1
    assert info.value.message == "empty effect; expected a statement such as 'income: 1o'"


INVALID_PRICES = [
    ("6c 2o", 4, "unexpected '2'; expected ',', end of text"),
    ("4pw 1o", 5, "unexpected '1'; expected ',', end of text"),
    ("6c,", 4, "unexpected the end of the text; expected 'move', a number, a word"),
    ("6c, -2o", 5, "unexpected '-2'"),
    ("4pw -> 1q", 5, "unexpected '->'; expected end of text"),
    ("move 1 area3 gaia", 14, "unexpected 'gaia'; expected '>'"),
]


@pytest.mark.parametrize("text, column, found", INVALID_PRICES, ids=[t for t, *_ in INVALID_PRICES])
def test_invalid_price_reports_column(text, column, found):
    with pytest.raises(EffectSyntaxError) as info:
        parse_price(text)
    assert info.value.column == column
    assert info.value.message.startswith(found)
    assert "'->'" not in info.value.message.split("; expected ", 1)[-1]  # an arrow is never part of a price


def test_free_statement_does_not_offer_the_end_of_a_price():
    with pytest.raises(EffectSyntaxError) as info:
        parse_effect("free: 4pw 1q")
    assert info.value.message == "unexpected '1'; expected ',', '->'"


def test_parse_effect_is_cached_same_object_for_same_text():
    text = "income: 3c, 1o, 3pw"
    first = parse_effect(text)
    assert parse_effect(text) is first
    assert parse_effect("income: 3c,  1o, 3pw") is not first  # different text, different entry
    assert parse_effect("income: 3c,  1o, 3pw") == Effect("income: 3c,  1o, 3pw", first.statements)


def test_parse_price_is_cached_same_object_for_same_text():
    assert parse_price("6c, 6o") is parse_price("6c, 6o")


def test_ast_nodes_are_frozen():
    effect = parse_effect("now: 1o")
    with pytest.raises(AttributeError):
        effect.statements[0].clause.gains[0].count = 2  # type: ignore[misc]


def test_column_is_excluded_from_equality():
    assert Amount(1, "o", column=3) == Amount(1, "o", column=9)
    assert Amount(1, "o") != Amount(2, "o")


# ------------------------------------------------------------------ property: any amount list round-trips


# every word the grammar spells out (a keyword cannot be a resource word): read from the grammar, so a
# keyword added there is left out here too
KEYWORDS = set(re.findall(r'"([a-z][a-z0-9_-]*)"', (Path(parser.__file__).parent / "effects.lark").read_text()))
WORDS = st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True).filter(lambda w: w not in KEYWORDS)


@given(st.lists(st.tuples(st.integers(min_value=0, max_value=99), WORDS), min_size=1, max_size=6))
def test_any_list_of_amounts_parses_with_counts_words_and_columns(items):
    text = "income: " + ", ".join(f"{n}{w}" for n, w in items)
    (statement,) = parse_effect(text).statements
    assert statement.clause == Income(tuple(Amount(n, w) for n, w in items))
    expected_columns, column = [], len("income: ") + 1
    for n, w in items:
        expected_columns.append(column)
        column += len(f"{n}{w}") + 2
    assert [g.column for g in statement.clause.gains] == expected_columns


def test_the_clauses_built_by_lark_ast_utils_are_the_ast_dataclasses():
    """income/now/pass/on/action/free/gaia-phase and gains/costs come from `ast_utils.create_transformer`:
    each yields the AST's own node (equal to one built by hand), never a lark Tree."""
    from gaia_rules.language import parser
    transformer = parser._to_ast()
    for rule in ("gains", "costs", "income", "now", "pass_", "on", "action", "free", "gaia_phase"):
        assert rule in vars(transformer), rule            # made by create_transformer, not a method of _ToAst
        assert not hasattr(parser._ToAst, rule), rule
    gain, cost = (Amount(1, "o"),), (Pay(1, "q"),)
    assert [parse_effect(t).statements[0].clause for t in
            ("income: 1o", "now: 1o", "pass: 1o", "on step: 1o", "action: 1o", "free: 1q -> 1o",
             "gaia-phase: 1q -> 1o")] == [
        Income(gain), Now(gain), OnPass(gain), On(NamedEvent("step"), gain), Action(gain), Free(cost, gain),
        GaiaPhase(cost, gain)]
