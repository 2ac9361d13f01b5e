"""`on opponent EVENT`: an event of one player heard by the others (docs/effects.md, "Events").

A statement `on opponent EVENT: GAINS` fires for its holder each time EVENT
happens to one of the holder's opponents, with the same filters, event data,
conditions and limits as `on EVENT`. It gives amounts only, and cannot name an
event of the whole table (round-start, round-end, ...).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.content import load_catalogue
from gaia_rules.language import parse_effect
from gaia_rules.players import GreedyBot, RandomBot, play_game
from gaia_rules.rules import Engine
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup

from rules_helpers import WHEEL, clear, dist, hexes, put, set_turn, start

RIVALS = Path(__file__).resolve().parents[1] / "content" / "designer" / "v7-rivals"


def patched_terrans(tmp_path: Path, *abilities: str) -> Engine:
    lines = "\n".join(f'  - "{a}"' for a in ("set token_route[gaia] = area2",) + abilities)
    (tmp_path / "terrans.yaml").write_text(f"kind: faction\npatch: terrans\nability:\n{lines}\n")
    return Engine(default_catalogue([tmp_path]))


def seat_of(state, faction: str) -> int:
    return next(i for i, p in enumerate(state.players) if p.faction == faction)


def test_on_opponent_pass_gives_one_vp_for_each_pass_of_each_opponent():
    engine = Engine(default_catalogue([RIVALS]))
    for players, factions in ((2, ["terrans", "xenos"]), (3, ["terrans", "xenos", "ivits"])):
        end = play_game(engine, random_setup(engine.catalogue, players, "rivals", factions=factions),
                        [RandomBot(i) for i in range(players)])
        terrans = end.players[seat_of(end, "terrans")]
        assert terrans.vp_sources["terrans"] == 6 * (players - 1)   # six rounds, each opponent passes once


def test_on_opponent_build_counts_the_opponents_builds_and_never_the_holders_own(tmp_path):
    engine = patched_terrans(tmp_path, "on opponent build m: 1vp")
    for seed in ("a", "b"):
        setup = random_setup(engine.catalogue, 2, seed, factions=["terrans", "xenos"])
        counted = {"xenos": 0, "terrans": 0}
        before = {"phase": "factions"}   # the phase in which each move was played (a step shows the state after)

        def count(step):
            if before["phase"] != "setup" and step.move.command == "build" and step.move.args[0] == "m":
                counted[step.state.players[step.move.player].faction] += 1
            before["phase"] = step.state.phase

        end = play_game(engine, setup, [GreedyBot(0), GreedyBot(1)], on_move=count)
        assert counted["xenos"] > 0 and counted["terrans"] > 0
        assert end.players[seat_of(end, "terrans")].vp_sources.get("terrans", 0) == counted["xenos"]


def test_on_opponent_reads_the_opponents_event_data(tmp_path):
    """`per pw` counts the power the opponent charged."""
    engine = patched_terrans(tmp_path, "on opponent charge: 1vp per pw")
    charged = {"total": 0}

    def count(step):
        if step.move.command == "charge" and step.state.players[step.move.player].faction == "xenos":
            charged["total"] += int(re.match(r"(\d+)pw", step.move.args[0]).group(1))

    end = play_game(engine, random_setup(engine.catalogue, 2, "c", factions=["terrans", "xenos"]),
                    [GreedyBot(0), GreedyBot(1)], on_move=count)
    assert charged["total"] > 0
    assert end.players[seat_of(end, "terrans")].vp_sources.get("terrans", 0) == charged["total"]


@pytest.mark.parametrize("statement, message", [
    ("on opponent round-end: 1c",
     "'on opponent round-end' can never fire: 'round-end' happens to every player at once; write 'on round-end'"),
    ("on opponent build m: up any",
     "'on opponent' gives amounts only (such as '1c', '2pw', '1vp per m'): a choice, a build, a step or range "
     "would have to be taken in the opponent's turn"),
    ("on opponent build m: 1step",
     "'on opponent' gives amounts only (such as '1c', '2pw', '1vp per m'): a choice, a build, a step or range "
     "would have to be taken in the opponent's turn"),
])
def test_validation_refuses_what_an_opponents_event_cannot_give(tmp_path, statement, message):
    (tmp_path / "terrans.yaml").write_text(f'kind: faction\npatch: terrans\nability:\n  - "{statement}"\n')
    _, problems = load_catalogue([tmp_path])
    assert [d.message for d in problems] == [message]


def test_an_opponents_refusal_is_not_heard(tmp_path):
    # a refusal is what its player gets instead; heard by others it would answer each cut gain with gains
    # that can be cut in turn, without end
    (tmp_path / "t.yaml").write_text('kind: tech_tile\nid: gloat\nname: Gloat\neffects: ["on opponent refused: 1c"]\n')
    _, problems = load_catalogue([tmp_path])
    assert [d.message for d in problems] == ["'on opponent refused' is not heard: 'refused' is what its player gets "
                                             "instead of a gain cut short, heard by that player alone; write "
                                             "'on refused'"]


def test_a_round_tile_cannot_listen_to_opponents(tmp_path):
    (tmp_path / "r.yaml").write_text('kind: round_scoring\nid: rivalry\nname: Rivalry\n'
                                     'effects: ["on opponent pass: 2vp"]\n')
    _, problems = load_catalogue([tmp_path])
    assert [d.message for d in problems] == ["'on opponent' can never fire on a round scoring tile: the tile scores "
                                             "its player's own events"]


def test_opponent_events_read_as_english():
    from gaia_rules.faces.explain_text import words_for
    from gaia_rules.language.english import english

    words = words_for(default_catalogue())
    assert english(parse_effect("on opponent build m on gaia: 2c"), words) \
        == "Each time an opponent builds a mine on a Gaia planet: 2 credits."
    assert english(parse_effect("on opponent pass: 1vp"), words) == "Each time an opponent passes: 1 VP."
    assert english(parse_effect("on opponent charge: 1vp per pw"), words) \
        == "Each time an opponent charges power from another player's build: 1 VP per power charged."
    assert english(parse_effect("on opponent gaia-complete: 1c"), words) \
        == "Each time a Gaia Project of an opponent is completed: 1 credit."


def _abilities(catalogue, fid: str) -> list[str]:
    return [effect.text for effect in catalogue.factions[fid].ability]


def _table(catalogue, factions: list[str], start: int) -> list[str]:
    """Four factions of different home planets, starting from `start` in the sorted list."""
    table: list[str] = []
    for fid in factions[start:] + factions[:start]:
        if catalogue.factions[fid].home not in {catalogue.factions[t].home for t in table}:
            table.append(fid)
        if len(table) == 4:
            return table
    raise AssertionError("no four home planets")


@pytest.mark.parametrize("kind, vp", [("gaia", 1), ("desert", 0)])
def test_on_opponent_counts_among_the_pieces_of_the_opponent_the_event_happened_to(tmp_path, kind, vp):
    """`per X in EVENT` counts the pieces of the player the event happened to: the Xenos' new mine here."""
    engine = patched_terrans(tmp_path, "on opponent build m: 1vp per gaia-planet in build")
    s = set_turn(clear(start(["terrans", "xenos"], seed="rivals-pieces")), 1)
    site = hexes(s, kind)[0]
    origin = next(h for k in WHEEL for h in hexes(s, k) if h != site and dist(s, h, site) <= 2)
    put(s, origin, 1, "m")
    after = engine.apply(s, Move(1, "build", ("m", site)))
    assert after.board[site].owner == 1
    assert after.players[0].vp == s.players[0].vp + vp
