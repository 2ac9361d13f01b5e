"""The boardgamers.space notation: every corpus line reads, writes back and reads the same."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_rules.notation import NotationError, parse_line, strip_annotations, write_line

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "conformance"
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
    ("p1 build m", 4, "needs 2 arguments"),
    ("p1 spend 3pw 1o", 4, "spend <cost> for <gain>"),
])
def test_malformed_lines_get_one_error_with_their_position(line, column, words):
    with pytest.raises(NotationError) as err:
        parse_line(line, {}, 2)
    assert err.value.column == column
    assert words in err.value.message
