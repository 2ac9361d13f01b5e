"""Explain what is meant: conditions, counters and event data read by their meaning, in the
singular or plural their number needs; special actions in move lists read by what they do.

The renderer is `gaia_rules/language/english.py` (it knows no game: the content's nouns come
in a `Words`, from `gaia_rules/faces/explain.py`); the move notes are `gaia_rules/faces/view.py`.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.faces.explain_text import words_for
from gaia_rules.faces.session_text import question
from gaia_rules.faces.view import compact_moves, move_note, numbered_moves
from gaia_rules.language import parse_effect, vocabulary
from gaia_rules.language import english as english_module
from gaia_rules.language import english_words
from gaia_rules.language.english import english
from gaia_rules.language.english_words import COUNTER_NOUNS, COUNTER_QUANTITIES, WITHIN_PHRASES, Words, plural_noun
from gaia_rules.language.vocabulary import COUNTERS, EVENT_DATA, EVENT_PIECES
from gaia_rules.rules import holdings
from gaia_rules.rules.moves import Move

from rules_helpers import ENGINE, clear, hexes, play, put, set_turn, start

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def words() -> Words:
    return words_for(default_catalogue())


def read(text: str, words: Words | None) -> str:
    return english(parse_effect(text), words)


# ------------------------------------------------------------------ comparisons

@pytest.mark.parametrize("op, expected", [
    (">=", "Income, if you have at least 2 research labs: 1 Q.I.C."),
    ("<=", "Income, if you have at most 2 research labs: 1 Q.I.C."),
    (">", "Income, if you have more than 2 research labs: 1 Q.I.C."),
    ("<", "Income, if you have fewer than 2 research labs: 1 Q.I.C."),
    ("=", "Income, if you have exactly 2 research labs: 1 Q.I.C."),
])
def test_each_comparison_of_a_count_reads_in_words(op, expected, words):
    assert read(f"if lab {op} 2: income: 1q", words) == expected


@pytest.mark.parametrize("op, expected", [
    ("=", "if the level reached is 5"),
    (">=", "if the level reached is at least 5"),
    ("<=", "if the level reached is at most 5"),
    (">", "if the level reached is more than 5"),
    ("<", "if the level reached is less than 5"),
])
def test_each_comparison_of_an_event_datum_reads_in_words(op, expected, words):
    assert read(f"if level {op} 5: on research: 3vp", words) == \
        f"Each time you gain a research level, {expected}: 3 VP."


def test_the_grammar_has_exactly_the_comparisons_rendered():
    grammar = (Path(english_module.__file__).parent / "effects.lark").read_text(encoding="utf-8")
    ops = set(re.findall(r'"([<>=!]+)"', re.search(r"!compare:(.*)", grammar).group(1)))
    assert ops == set(vocabulary.COMPARISONS) == set(english_words.QUANTITY_COMPARISONS)


def test_none_and_less_of_a_mass_noun(words):
    assert read("if o = 0: income: 1o", words) == "Income, if you have no ore: 1 ore."
    assert read("if o < 3: income: 1o", words) == "Income, if you have less than 3 ore: 1 ore."
    assert read("if m < 3: income: 1o", words) == "Income, if you have fewer than 3 mines: 1 ore."


# ------------------------------------------------------------------ counters

@pytest.mark.parametrize("word, expected", [
    ("planet-type", "if you have colonized at least 4 planet types"),
    ("gaia-planet", "if you have colonized at least 4 Gaia planets"),
    ("sector", "if you have structures in at least 4 sectors"),
    ("structure", "if you have at least 4 structures on the map"),
    ("federated-structure", "if you have at least 4 structures in your federations"),
    ("satellite", "if you have at least 4 satellites (pieces counting as satellites included)"),
    ("fed", "if you have at least 4 federation tokens"),
    ("research", "if you have at least 4 research levels (all tracks added up)"),
])
def test_each_fixed_counter_reads_by_its_meaning(word, expected, words):
    assert read(f"if {word} >= 4: pass: 1vp", words) == f"When you pass, {expected}: 1 VP."


def test_every_counter_of_the_language_has_a_noun():
    assert set(COUNTER_NOUNS) | set(COUNTER_QUANTITIES) == set(COUNTERS)
    assert not set(COUNTER_NOUNS) & set(COUNTER_QUANTITIES)


def test_the_round_reads_as_a_number_compared(words):
    assert read("if round >= 4: pass: 1vp", words) == "When you pass, if the round number is at least 4: 1 VP."
    assert read("on pass: 1vp per round", words) == "Each time you pass: 1 VP per round number."


@pytest.mark.parametrize("text, expected", [
    ("if m >= 3: pass: 1vp", "When you pass, if you have at least 3 mines: 1 VP."),
    ("if ac1 >= 2: pass: 1vp", "When you pass, if you have at least 2 academies (knowledge): 1 VP."),
    ("if c >= 10: pass: 1vp", "When you pass, if you have at least 10 credits: 1 VP."),
    ("if k >= 10: pass: 1vp", "When you pass, if you have at least 10 knowledge: 1 VP."),
    ("if q > 2: pass: 1vp", "When you pass, if you have more than 2 Q.I.C.: 1 VP."),
    ("if vp >= 50: pass: 1q", "When you pass, if you have at least 50 VP: 1 Q.I.C."),
])
def test_structures_and_resources_are_counted_by_their_catalogue_names(text, expected, words):
    assert read(text, words) == expected


@pytest.mark.parametrize("text, expected", [
    ("if lab = 1: income: 1q", "Income, if you have exactly 1 research lab: 1 Q.I.C."),
    ("if c = 1: income: 1q", "Income, if you have exactly 1 credit: 1 Q.I.C."),
    ("if planet-type >= 1: income: 1q", "Income, if you have colonized at least 1 planet type: 1 Q.I.C."),
    ("if 2 k >= 1: income: 1q", "Income, if you have at least 1 group of 2 knowledge: 1 Q.I.C."),
    ("if 2 k >= 3: income: 1q", "Income, if you have at least 3 groups of 2 knowledge: 1 Q.I.C."),
    ("if m|ts >= 1: income: 1q", "Income, if you have at least 1 mine or trading station: 1 Q.I.C."),
    ("if m|ts >= 3: income: 1q", "Income, if you have at least 3 mines and trading stations together: 1 Q.I.C."),
    ("if planet-type in federation = 1: on federation formed: 1q",
     "Each time you gain a federation token (gained by forming a federation), if there is exactly 1 planet type "
     "in the federation: 1 Q.I.C."),
    ("if m in build >= 2: on build m: 1q",
     "Each time you build a mine, if there are at least 2 mines on the hex built on: 1 Q.I.C."),
])
def test_singular_for_one_plural_otherwise(text, expected, words):
    out = read(text, words)
    assert out == expected
    assert "(s)" not in out


def test_no_condition_of_any_counter_writes_a_plural_in_brackets(words):
    counters = list(COUNTERS) + list(words.structures) + [c for c in words.resources
                                                          if c not in vocabulary.ENGINE_RESOURCES]
    for word in counters:
        for n in (0, 1, 2):
            assert "(s)" not in read(f"if {word} >= {n}: pass: 1vp", words), word


# ------------------------------------------------------------------ event data

@pytest.mark.parametrize("event, datum, quantity, unit", [
    ("research", "level", "the level reached", "level reached"),
    ("charge", "pw", "the power charged", "power charged"),
    ("spend", "pw", "the power spent", "power spent"),
    ("burn", "pw", "the power burned", "power burned"),
    ("build m", "step", "the number of terraforming steps of the build", "terraforming step of the build"),
    ("build m", "paid-step", "the number of terraforming steps paid for the build", "terraforming step paid for the build"),
    ("build m", "free-step", "the number of free terraforming steps the build used",
     "free terraforming step the build used"),
    ("step", "step", "the number of terraforming steps (1 each time)", "terraforming step"),
    ("federation", "satellite", "the number of satellites placed for the federation",
     "satellite placed for the federation"),
    ("opponent-build", "pw", "the power you could charge from it", "power you could charge from it"),
])
def test_each_event_datum_reads_as_what_it_is(event, datum, quantity, unit, words):
    out = read(f"if {datum} >= 2: on {event}: 1c per {datum}", words)
    assert f", if {quantity} is at least 2: 1 credit per {unit}." in out


def test_every_event_datum_of_the_vocabulary_has_a_reading(words):
    for event, data in EVENT_DATA.items():
        for datum in data:
            out = read(f"if {datum} > 1: on {'build m' if event == 'build' else event}: 1c", words)
            assert " is more than 1: 1 credit." in out and "holder" not in out, out


def test_a_new_datum_reads_as_the_vocabulary_describes_it(monkeypatch, words):
    monkeypatch.setitem(EVENT_DATA, "tech", {"price": "the knowledge paid for the tile (0 when free)"})
    assert read("if price >= 2: on tech: 1vp per price", words) == \
        "Each time you take a tech tile, if the knowledge paid for the tile is at least 2: " \
        "1 VP per knowledge paid for the tile."


def test_the_same_word_counts_the_datum_in_its_event_and_the_holding_elsewhere(words):
    assert read("on charge: 1vp per pw", words) == \
        "Each time you charge power from an opponent's build: 1 VP per power charged."
    assert read("on opponent charge: 1vp per pw", words) == \
        "Each time an opponent charges power from another player's build: 1 VP per power charged."
    assert read("if c >= 3: on charge: 1vp", words) == \
        "Each time you charge power from an opponent's build, if you have at least 3 credits: 1 VP."


def test_counts_among_the_pieces_of_an_event(words):
    assert set(WITHIN_PHRASES) == set(EVENT_PIECES)
    assert read("on federation formed: 1o per planet-type in federation", words) == \
        "Each time you gain a federation token (gained by forming a federation): 1 ore per planet type in the " \
        "federation."


# ------------------------------------------------------------------ limits and scopes

@pytest.mark.parametrize("text, expected", [
    ("once per round: on build m: 2vp", "Each time you build a mine (at most once each round): 2 VP."),
    ("once per game: if planet-type >= 5: on build m: 5vp",
     "Each time you build a mine (at most once in the game), if you have colonized at least 5 planet types: 5 VP."),
    ("once per game: action: 3k", "Special action (once per round; at most once in the game): 3 knowledge."),
    ("once per round: if lab >= 2: action: 2k", "Special action (once per round), if you have at least 2 research "
                                                "labs: 2 knowledge."),
    ("if m >= 4: now: 1q", "Immediately, if you have at least 4 mines: 1 Q.I.C."),
    ("after federation: income: 1o", "From the first time you gain a federation token: income: 1 ore."),
    ("until federation: income: 1o", "Until the first time you gain a federation token: income: 1 ore."),
    ("until PI|federation: income: 1o",
     "Until you build a planetary institute, or until the first time you gain a federation token: income: 1 ore."),
    ("until PI: if lab >= 1: income: 1o",
     "Until you build a planetary institute: income, if you have at least 1 research lab: 1 ore."),
])
def test_limits_follow_the_head_of_what_fires(text, expected, words):
    assert read(text, words) == expected


def test_the_examples_of_docs_effects_md_read_as_shown(words):
    doc = (ROOT / "docs" / "effects.md").read_text(encoding="utf-8")
    start_at = doc.index("| written | `gaia explain` reads |")
    rows = re.findall(r"^\| `(.+?)` \| (.+) \|$", doc[start_at:doc.index("\n\n", start_at)], re.M)
    assert len(rows) == 10
    for written, shown in rows:
        assert read(written.replace("\\|", "|"), words) == shown


# ------------------------------------------------------------------ the naming table

def test_plurals_come_from_the_words_given():
    words = Words(structures={"m": "outpost", "lab": "think tank"}, plurals={"m": "outposts-of-old"},
                  resources={"o": {"name": "rock", "plural": "rocks"}})
    assert read("if m >= 2: income: 1o", words) == "Income, if you have at least 2 outposts-of-old: 1 rock."
    assert read("if lab >= 2: income: 1o", words) == "Income, if you have at least 2 think tanks: 1 rock."
    assert read("if o >= 2: income: 1o", words) == "Income, if you have at least 2 rocks: 1 rock."


def test_without_words_the_counted_word_is_shown_as_written():
    assert read("if lab >= 2: income: 1q", None) == "Income, if your count of lab is at least 2: 1q."
    assert read("if planet-type >= 2: income: 1q", None) == "Income, if you have colonized at least 2 planet types: 1q."


@pytest.mark.parametrize("name, plural", [
    ("mine", "mines"), ("research lab", "research labs"), ("academy (knowledge)", "academies (knowledge)"),
    ("Gaiaformer", "Gaiaformers"), ("space station", "space stations"), ("box", "boxes"), ("day", "days"),
])
def test_plural_noun(name, plural):
    assert plural_noun(name) == plural


def test_the_catalogue_gives_every_structure_a_plural(words):
    assert words.plurals == {"m": "mines", "ts": "trading stations", "lab": "research labs",
                             "PI": "planetary institutes", "ac1": "academies (knowledge)",
                             "ac2": "academies (Q.I.C.)", "gf": "Gaiaformers", "sp": "space stations"}


# ------------------------------------------------------------------ special actions in move lists

@pytest.fixture(scope="module")
def firaks_with_pi():
    """Firaks (p1) with their planetary institute and a research lab, at their action turn."""
    s = set_turn(clear(start(["firaks", "terrans"]), power=(2, 4, 0, 0)), 0)
    pi, lab = hexes(s, "titanium")[:2]
    put(s, pi, 0, "PI")
    put(s, lab, 0, "lab")
    return s, lab


def test_a_special_action_is_listed_by_what_it_does_under_its_site_id(firaks_with_pi):
    s, _lab = firaks_with_pi
    legal = ENGINE.legal_moves(s)
    special = [i for i, m in enumerate(legal) if m.command == "special"]
    assert [legal[i] for i in special] == [Move(0, "special", ("down-lab",))]
    line = f"{special[0] + 1}. firaks special down-lab: turn a research lab of yours into a trading station and " \
           f"advance one level on any track"
    assert line in numbered_moves(ENGINE, s, legal)
    assert line in compact_moves(ENGINE, s, legal)


def test_a_special_action_not_held_has_no_note(firaks_with_pi):
    s, _lab = firaks_with_pi
    assert move_note(ENGINE, s, Move(0, "special", ("swap-PI",))) == ""


def test_the_follow_up_of_a_piece_built_in_place_of_another_says_so(firaks_with_pi):
    s, _lab = firaks_with_pi
    after = play(s, "p1 special down-lab")
    assert question(ENGINE, after) == \
        "build a trading station in place of a research lab of yours: where? [build PIECE HEX]"


def test_booster_and_tile_specials_read_by_their_gains():
    s = start(["terrans", "xenos"])
    holdings.set_booster(s, 0, "booster5")
    holdings.take_tile(s, 0, "tech9", "free1")
    legal = ENGINE.legal_moves(s)
    notes = {m.args[0]: move_note(ENGINE, s, m) for m in legal if m.command == "special"}
    assert notes == {"range+3": "3 extra range and build a mine or a Gaiaformer", "4pw": "charge 4 power"}


def test_one_line_descriptions_keep_a_condition(words):
    from gaia_rules.faces.describe import effects_line

    effects = [parse_effect("income: 2pw"), parse_effect("if lab >= 2: income: 1q"),
               parse_effect("if level = 5: on research: 2vp")]
    assert effects_line(effects, words) == (
        "income charge 2 power; income, if you have at least 2 research labs: 1 Q.I.C.; each time you gain a "
        "research level, if the level reached is 5: 2 VP")
