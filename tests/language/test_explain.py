"""Plain English: the renderer of the effect language and `gaia explain`.

`docs/catalogue.md` is `gaia explain --all` of the bundled content; the last
test regenerates it and fails when it is out of date (regenerate with
`gaia explain --all > docs/catalogue.md`).
"""
from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.content import default_catalogue
from gaia_rules.faces.explain import KINDS, explain_all, ids_of
from gaia_rules.faces.explain_text import words_for
from gaia_rules.language import ast, parse_effect, parse_price
from gaia_rules.language import english as english_module
from gaia_rules.language import english_words
from gaia_rules.language.english import english
from gaia_rules.language.english_words import Words
from gaia_rules.language.parser import parse_count
from gaia_rules.language.vocabulary import AREAS, COUNTERS, EVENTS, FED_WORDS, UP_CHOICES, WHERE

ROOT = Path(__file__).resolve().parents[2]
TEST_FACTION = ROOT / "tests" / "content" / "test-faction"
runner = CliRunner()


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


@pytest.fixture(scope="module")
def words() -> Words:
    return words_for(default_catalogue())


# ------------------------------------------------------------------ the renderer

@pytest.mark.parametrize("text, expected", [
    ("income: 1o, 1k", "Income: 1 ore and 1 knowledge."),
    ("pass: 1vp per m", "When you pass: 1 VP per mine."),
    ("on build m on gaia: 3vp", "Each time you build a mine on a Gaia planet: 3 VP."),
    ("action: 4pw", "Special action (once per round): charge 4 power."),
    ("free: 4pw -> 1q", "Free action: 4 power -> 1 Q.I.C."),
    ("set federation_threshold = 6", "Rule: federation threshold is 6."),
    ("until ac2: replace q with o", "Until you build an academy (Q.I.C.): gain ore instead of Q.I.C."),
    ("lock up nav", "Cannot advance on Navigation."),
    ("now: 7vp", "Immediately: 7 VP."),
    ("income: 4pw; income: 1t", "Income: charge 4 power. Income: 1 power token."),
    ("income: 3c, 1o, 3pw", "Income: 3 credits, 1 ore and charge 3 power."),
    ("pass: 4vp per PI|ac1|ac2",
     "When you pass: 4 VP per planetary institute, academy (knowledge) and academy (Q.I.C.)."),
    ("on build PI|ac1|ac2: 5vp",
     "Each time you build a planetary institute, an academy (knowledge) or an academy (Q.I.C.): 5 VP."),
    ("on step: 2vp", "Each time you take a terraforming step: 2 VP."),
    ("on research: 2vp", "Each time you gain a research level: 2 VP."),
    ("on federation: 5vp", "Each time you gain a federation token: 5 VP."),
    ("on charge: 1t", "Each time you charge power from an opponent's build: 1 power token."),
    ("action: 2step, build m", "Special action (once per round): 2 free terraforming steps and build a mine."),
    ("action: 3range, build m|gf",
     "Special action (once per round): 3 extra range and build a mine or a Gaiaformer."),
    ("action: up lowest", "Special action (once per round): advance one level on one of your lowest tracks."),
    ("action: build ts from lab, up any",
     "Special action (once per round): turn a research lab of yours into a trading station and advance one "
     "level on any track."),
    ("action: swap PI with m",
     "Special action (once per round): swap your planetary institute with a mine of yours (they trade places; "
     "not a build)."),
    ("action: fed", "Special action (once per round): gain again the reward of a federation token you own."),
    ("now: fed here", "Immediately: take the federation token lying on this research level."),
    ("now: fed fed1", 'Immediately: take the federation token "12 VP".'),
    ("now: lost-planet", "Immediately: place the Lost Planet with a mine of yours on it."),
    ("now: tech", "Immediately: take a tech tile (standard, or advanced if you qualify)."),
    ("now: 1k per planet-type", "Immediately: 1 knowledge per planet type colonized."),
    ("pass: 3vp per fed", "When you pass: 3 VP per federation token."),
    ("gaia-phase: move 4 gaia>supply -> tech",
     "In the Gaia phase (optional): move 4 power tokens from the Gaia area to the supply -> take a tech tile "
     "(standard, or advanced if you qualify)."),
    ("free: move 1 gf>gaia -> 1q",
     "Free action: move 1 Gaiaformer from your available Gaiaformers to the Gaia area -> 1 Q.I.C."),
    ("set power_value[PI, ac1, ac2] = 4",
     "Rule: power value of planetary institute, academy (knowledge) and academy (Q.I.C.) is 4."),
    ("set token_route[gaia] = area2", "Rule: token route of gaia is area II."),
    ("set satellite_cost = 1q", "Rule: satellite cost is 1 Q.I.C."),
    ("set guest_mines = true", "Rule: guest mines is on."),
    ("set range = -1", "Rule: range is -1."),
    ("after PI: set range = 2", "Once you have built a planetary institute: rule: range is 2."),
    ("until PI: lock up nav", "Until you build a planetary institute: cannot advance on Navigation."),
])
def test_effects_read_as_english(text, expected, words):
    assert english(parse_effect(text), words) == expected


@pytest.mark.parametrize("text, expected", [
    ("until ac2: replace q with o", "Until you build ac2: gain o instead of q."),
    ("lock up nav", "Cannot advance on nav."),
    ("pass: 1vp per m", "When you pass: 1vp per m."),
    ("action: 4pw", "Special action (once per round): charge 4 power."),
])
def test_without_the_content_words_the_words_are_shown_as_written(text, expected):
    assert english(parse_effect(text)) == expected


def test_only_the_words_given_are_used(words):
    just_resources = Words(resources=words.resources)
    assert english(parse_effect("until ac2: replace q with o"), just_resources) == \
        "Until you build ac2: gain ore instead of Q.I.C."
    assert english(parse_effect("lock up nav"), just_resources) == "Cannot advance on nav."


def test_resource_names_come_from_the_words_given():
    words = Words(resources={"o": {"name": "rock", "plural": "rocks"}, "vp": {"name": "point", "plural": "points"}},
                  structures={"m": "outpost"}, tracks={"nav": "Sailing"})
    assert english(parse_effect("income: 2o, 1o"), words) == "Income: 2 rocks and 1 rock."
    assert english(parse_effect("pass: 1vp per m"), words) == "When you pass: 1 point per outpost."
    assert english(parse_effect("until m: lock up nav"), words) == "Until you build an outpost: cannot advance on Sailing."


def _nodes(value):
    """Every AST node inside a value, the value included."""
    if dataclasses.is_dataclass(value):
        yield value
        for f in dataclasses.fields(value):
            yield from _nodes(getattr(value, f.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _nodes(item)


def test_every_kind_of_node_renders(words):
    corpus = [
        "income: 1o, 1k", "now: 7vp", "pass: 1vp per m", "on build m on gaia: 3vp", "on step: 2vp",
        "action: up nav, build ts from lab, swap PI with m, fed, tech, lost-planet", "free: move 1 area3>gaia -> 1k",
        "gaia-phase: 4pw -> 1q", "set power_value[PI] = 4", "until ac2: replace q with o", "after PI: lock up nav",
        "once per round: if lab >= 2: on build PI from ts: 1vp per 2 planet-type in build",
    ]
    node_classes = {cls for _, cls in inspect.getmembers(ast, inspect.isclass)
                    if dataclasses.is_dataclass(cls) and cls.__module__ == ast.__name__}
    seen = set()
    for text in corpus:
        for node in _nodes(parse_effect(text)):
            seen.add(type(node))
            for w in (words, None):
                out = english(node, w)
                assert out and isinstance(out, str), node
    for text in ("ts|PI", "2 opponent-m within 2", "m-on-gaia in sector"):   # a count on its own (a final tile's)
        node = parse_count(text)
        seen.add(type(node))
        assert english(node, words) and english(node, None)
    assert english(parse_count("ts|PI"), words) == "trading station and planetary institute"
    assert seen == node_classes, node_classes - seen
    assert english(parse_price("6c, 2o"), words) == "6 credits and 2 ore"
    assert english(parse_price(""), words) == "free"
    assert english(parse_effect("income: 1o, 1k").statements[0].clause.gains, words) == "1 ore and 1 knowledge"
    with pytest.raises(TypeError):
        english(42)


def test_every_fixed_word_has_english(words):
    assert set(EVENTS) == set(english_words.EVENT_PHRASES)
    for word, meaning in COUNTERS.items():
        meaning = english_words.COUNTER_QUANTITIES.get(word, ("", meaning))[1]
        assert english(parse_effect(f"now: 1vp per {word}"), words) == f"Immediately: 1 VP per {meaning}."
    for word, meaning in WHERE.items():
        assert english(parse_effect(f"on build m on {word}: 1vp"), words).endswith(f" on {meaning}: 1 VP.")
    for word, meaning in UP_CHOICES.items():
        assert english(parse_effect(f"now: up {word}"), words) == f"Immediately: advance one level on {meaning}."
    for word, meaning in FED_WORDS.items():
        assert english(parse_effect(f"now: fed {word}"), words) == f"Immediately: take {meaning}."
    for word, meaning in AREAS.items():
        assert f"from {meaning} to the supply" in english(parse_effect(f"free: move 1 {word}>supply -> 1c"), words)


def test_every_effect_of_the_bundled_content_renders_with_known_words(words):
    cat = default_catalogue()
    effects = list(cat.free_actions)
    for f in cat.factions.values():
        effects += [f.income, *f.ability, *f.planetary_institute]
        for s in f.structures.values():
            effects += [e for e in s.slots if e is not None] + list(s.effects)
    for group in (cat.tech_tiles, cat.advanced_tech_tiles, cat.boosters, cat.round_tiles, cat.federation_tokens):
        for t in group.values():
            effects += list(t.effects)
    effects += [a.effect for a in cat.board_actions.values()]
    effects += [e for t in cat.tracks.values() for level in t.levels for e in level]
    assert len(effects) > 150
    for e in effects:
        text = english(e, words)
        assert text.endswith("."), text
        # every resource code is named: no count glued to a code is left ("2vp")
        assert not any(ch.isdigit() and nxt.isalpha() for ch, nxt in zip(text, text[1:]) if ch.isdigit()), text


def test_the_language_layer_does_not_read_content():
    for module in (english_module, english_words):
        source = Path(module.__file__).read_text(encoding="utf-8")
        assert "content" not in [line.split()[1].split(".")[-1] for line in source.splitlines()
                                 if line.startswith(("from ", "import "))]
        assert "gaia_rules.content" not in source and "from ..content" not in source


# ------------------------------------------------------------------ gaia explain

def test_explain_a_faction_shows_home_start_income_differences_abilities_and_pi():
    result = gaia("explain", "bescods")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("# Bescods (faction `bescods`)")
    assert "File: `content/factions/bescods.yaml`" in out
    assert "Home planet: Titanium (`titanium`)" in out
    assert "Starting resources: 10 VP, 15 credits, 4 ore, 1 knowledge and 1 Q.I.C." in out
    assert "Power bowls: 2 in area I, 4 in area II and 0 in area III." in out
    assert "Base income: 1 ore. (`income: 1o`)" in out
    assert "- starts with 1 knowledge (board: 3)" in out
    assert "- base income 1 ore (board: 1 ore and 1 knowledge)" in out
    assert ("- research lab (`lab`) income row (slot by slot): 3 credits / 4 credits / 5 credits "
            "(board: 1 knowledge / 1 knowledge / 1 knowledge)") in out
    assert "- planetary institute (`PI`) upgrades from: research lab (board: trading station)" in out
    assert ("- Special action (once per round): advance one level on one of your lowest tracks. "
            "(`action: up lowest`)") in out
    assert "- Rule: power bonus of home is 1. (`set power_bonus[home] = 1`)" in out


@pytest.mark.parametrize("ident, kind, expect", [
    ("nav", None, "- Level 2: Rule: range is 2. (`set range = 2`)"),
    ("power1", None, "- Cost: 7 power."),
    ("qic1", None, "- Cost: 4 Q.I.C.\n"),
    ("fed2", None, "- When gained: Immediately: 8 VP and 1 Q.I.C. (`now: 8vp, 1q`)"),
    ("booster9", None, "- When you pass: 4 VP per planetary institute, academy (knowledge) and academy (Q.I.C.)."),
    ("score1", None, "- Each time you take a terraforming step: 2 VP. (`on step: 2vp`)"),
    ("tech7", None, "- Each time you build a mine on a Gaia planet: 3 VP."),
    ("advtech1", None, "- When you pass: 3 VP per federation token."),
    ("planetType", None, "each player's count is 1 per planet type colonized (`planet-type`)"),
    ("gaia", "final_scoring", "# Gaia planets (final scoring tile `gaia`)"),
    ("gaia", "track", "- Level 3: Immediately: 1 Gaiaformer and charge 3 power."),
    ("default", None, "- mine (`m`): 8 in supply; costs 2 credits and 1 ore"),
    ("standard", None, "- Free action: 4 power -> 1 Q.I.C. (`free: 4pw -> 1q`)"),
    ("research", "research_board", "pay 4 knowledge to advance one level"),
    ("boardgamers", None, "`turn_order` = `pass-order`"),
    ("range", None, "Default: `1`."),
    ("Navigation", None, "# Navigation (research track `nav`)"),
])
def test_explain_any_component(ident, kind, expect):
    result = gaia("explain", ident, *(["--kind", kind] if kind else []))
    assert result.exit_code == 0, result.output + result.stderr
    assert expect in result.output


def test_an_ambiguous_id_lists_the_matches_and_asks_for_kind():
    result = gaia("explain", "gaia")
    assert result.exit_code == 2
    assert result.stdout == ""
    err = result.stderr.strip()
    assert "research track 'gaia' (Gaia Project)" in err and "final scoring tile 'gaia' (Gaia planets)" in err
    assert "--kind research_track or --kind final_scoring" in err


def test_explain_unknown_id_or_kind_is_a_usage_error_with_a_suggestion():
    result = gaia("explain", "terans")
    assert result.exit_code == 2 and "no component 'terans' (did you mean 'terrans'?)" in result.stderr
    result = gaia("explain", "nav", "--kind", "boster")
    assert result.exit_code == 2 and "unknown kind 'boster' (did you mean 'booster'?)" in result.stderr
    assert gaia("explain").exit_code == 2
    assert gaia("explain", "nav", "--all").exit_code == 2


def test_explain_with_content_shows_the_designers_faction():
    result = gaia("explain", "testers", "--content", TEST_FACTION)
    assert result.exit_code == 0, result.output + result.stderr
    assert "# Testers (faction `testers`)" in result.output
    assert "- Special action (once per round): 2 knowledge. (`action: 2k`)" in result.output
    assert gaia("explain", "testers").exit_code == 2


def test_explain_with_broken_content_lists_the_problems_and_exits_1(tmp_path):
    (tmp_path / "bad.yaml").write_text((TEST_FACTION / "testers.yaml").read_text().replace("action: 2k", "acton: 2k"))
    result = gaia("explain", "testers", "--content", tmp_path)
    assert result.exit_code == 1
    assert "Traceback" not in result.output + result.stderr
    assert "bad.yaml:" in result.stderr and "unexpected 'acton'" in result.stderr


def test_explain_all_covers_every_component():
    cat = default_catalogue()
    text = explain_all(cat)
    for kind in KINDS:
        for ident in ids_of(cat, kind):
            assert f"`{ident}`" in text, (kind, ident)


def test_docs_catalogue_md_is_up_to_date():
    result = gaia("explain", "--all")
    assert result.exit_code == 0, result.stderr
    committed = (ROOT / "docs" / "catalogue.md").read_text(encoding="utf-8")
    assert result.output == committed, "docs/catalogue.md is stale: run `gaia explain --all > docs/catalogue.md`"


def test_gaia_explain_wraps_between_words_on_a_terminal_and_not_in_a_pipe(monkeypatch):
    import gaia_rules.faces.cli as cli_module
    from gaia_rules.faces.terminal import FittingConsole, wrap_words
    wide = runner.invoke(app, ["explain", "terrans"], prog_name="gaia", env={"COLUMNS": "50"})   # a pipe
    monkeypatch.setattr(cli_module, "stdout_console", lambda **kw: FittingConsole(force_terminal=True, width=50, **kw))
    narrow = runner.invoke(app, ["explain", "terrans"], prog_name="gaia")
    assert narrow.exit_code == wide.exit_code == 0
    assert max(map(len, wide.stdout.splitlines())) > 50
    assert narrow.stdout.split() == wide.stdout.split()
    assert all(len(line) <= 50 or len(line.split()) == 1 for line in narrow.stdout.splitlines())
    assert narrow.stdout == wrap_words(wide.stdout, 50)


def test_wrap_words_indents_under_a_list_mark_or_a_move_number_and_never_cuts_a_word():
    from gaia_rules.faces.terminal import wrap_words
    assert wrap_words("- a Gaiaformer moves to the Gaia area", 16) == "- a Gaiaformer\n  moves to the\n  Gaia area"
    assert wrap_words("12. build m 4A2 for 2 ore", 14) == "12. build m\n    4A2 for 2\n    ore"
    assert wrap_words("  Gaiaformers", 5) == "  Gaiaformers"           # wider than the width: whole, on its own
    assert wrap_words("fits\n\nhere", 4) == "fits\n\nhere"
