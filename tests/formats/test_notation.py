"""The boardgamers.space notation: every corpus line reads, writes back and reads the same."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_rules.formats.notation import parse_line, strip_annotations, write_line
from gaia_rules.rules import MoveSyntaxError
from gaia_rules.formats.corpus import corpus_dir

CORPUS = corpus_dir()
FILES = sorted(CORPUS.glob("*.json")) + sorted((CORPUS / "spec").glob("*.json"))
TOKEN_WORDS = ("brainstone",)  # the special token's name in the bundled content


def _names(record):
    factions = record["setup"].get("factions") or []
    return {f: i for i, f in enumerate(factions) if f}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_corpus_line_round_trips_through_our_moves(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    names = _names(record)
    for line in record["moves"][1:]:
        first = parse_line(line, names, record["players"], TOKEN_WORDS)
        head = line.split(" ", 1)[0]
        again = parse_line(write_line(head, first.moves, "brainstone"), names, record["players"], TOKEN_WORDS)
        assert again.moves == first.moves, line


def test_log_annotations_are_stripped():
    assert strip_annotations("baltaks up int (2 ⇒ 3). (3/1/0/0 ⇒ 0/4/0/0)") == "baltaks up int."
    assert strip_annotations("xenos pass booster2 returning booster9") == "xenos pass booster2"
    assert strip_annotations("p2 build gf 1A3 using area1: 5, area2: 1") == "p2 build gf 1A3"


def test_trailing_dot_ends_the_turn():
    parsed = parse_line("ambas build m 6B0.", {"ambas": 0}, 2)
    assert [m.command for m in parsed.moves] == ["build", "endturn"]
    assert parsed.finished


def test_a_line_without_its_end_is_unfinished():
    parsed = parse_line("p1 special step", {}, 2)
    assert not parsed.finished


def test_site_codes_become_our_price_language():
    parsed = parse_line("nevlas spend 1t-a3 for 1k", {"nevlas": 0}, 2)
    assert parsed.moves[0].args == ("move 1 area3>gaia", "1k")
    parsed = parse_line("baltaks spend 2gf for 2q", {"baltaks": 0}, 2)
    assert parsed.moves[0].args == ("move 2 gf>gaia", "2q")


@pytest.mark.parametrize("line, column, words", [
    ("p9 build m 4A2", 1, "no player p9"),
    ("nobody build m 4A2", 1, "unknown player"),
    ("p1 fly m 4A2", 4, "unknown command 'fly'"),
    ("p1 build m", 12, "needs 2 arguments"),  # where the missing word would go
    ("p1 spend 3pw 1o", 4, "spend <cost> for <gain>"),
])
def test_malformed_lines_get_one_error_with_their_position(line, column, words):
    with pytest.raises(MoveSyntaxError) as err:
        parse_line(line, {}, 2)
    assert err.value.column == column
    assert words in err.value.message


def test_set_up_option_commands_read_and_write_back():
    """`rotate` and `set` (the site's advanced and custom set-up options) round-trip through our moves."""
    for line in ("p2 rotate 0x0 1 -3x5 2", "p2 rotate", "p1 set booster 1 to booster3"):
        parsed = parse_line(line, {}, 2)
        assert write_line(line.split()[0], parsed.moves) == line
        assert parse_line(write_line("p1", parsed.moves), {}, 2).moves == [
            m.__class__(0, m.command, m.args) for m in parsed.moves]


@pytest.mark.parametrize("line, message", [
    ("p1 rotate 0x0", "expected 'rotate <centre qxr> <turns> ...'"),
    ("p1 rotate 2A3 1", "expected 'rotate <centre qxr> <turns> ...'"),
    ("p1 set booster 1 booster3", "expected 'set <type> <position> to <option>'"),
])
def test_malformed_set_up_option_commands_are_refused_with_their_position(line, message):
    with pytest.raises(MoveSyntaxError) as err:
        parse_line(line, {}, 2)
    assert err.value.column == 4 and err.value.message == message


def test_the_engine_refuses_set_up_option_commands_naming_the_option():
    from gaia_rules.rules import Engine, IllegalMoveError, Move
    from gaia_rules.setup import random_setup

    engine = Engine()
    state = engine.new_game(random_setup(engine.catalogue, 2, "options"))
    for move in (Move(0, "rotate", ("0x0", "1")), Move(0, "set", ("booster", "1", "booster3"))):
        with pytest.raises(IllegalMoveError) as err:
            engine.apply(state, move)
        assert err.value.rule == "option" and f"'{move.command}' belongs to a set-up option" in err.value.message


@pytest.mark.parametrize("line, column, message", [
    ("p1 build m 1A8 extra junk", 16, "'build' takes 2 arguments; 'extra' is one word too many"),
    ("p1 up nav nav", 11, "'up' takes 1 argument; 'nav' is one word too many"),
    ("p1 pass booster1 booster2", 18, "'pass' takes at most a booster; 'booster2' is one word too many"),
    ("p1 decline 2pw now", 16, "'decline' takes at most the offer it declines; 'now' is one word too many"),
    ("p1 spend 1o for 1c 1c", 20, "'spend' takes '<cost> for <gain>'; '1c' is one word too many"),
    ("p1 build m 1A8. endturn now", 25, "'endturn' takes no argument; 'now' is one word too many"),
])
def test_extra_words_are_refused_naming_the_word(line, column, message):
    with pytest.raises(MoveSyntaxError) as err:
        parse_line(line, {}, 2)
    assert (err.value.column, err.value.message) == (column, message)
    assert line[column - 1:].split()[0] == message.split("'")[-2]


def test_site_annotations_are_not_extra_words():
    """The site's notes (bowls, `returning`, `using`, with or without commas) are stripped, not refused."""
    parsed = parse_line("p1 build gf 6A7 using area1: 4 area2: 2. (4/6/0/0 ⇒ 0/4/0/6)", {}, 2)
    assert [str(m) for m in parsed.moves] == ["build gf 6A7", "endturn"]
    parsed = parse_line("p1 pass booster2 returning booster9", {}, 2)
    assert [str(m) for m in parsed.moves] == ["pass booster2"]
    assert [str(m) for m in parse_line("p1 decline 2pw", {}, 2).moves] == ["decline"]
