"""`on opponent EVENT`: an event of one player heard by the others (docs/effects.md, "Events").

Its slow tier: test_opponent_events.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.players import RandomBot, play_game
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup

from test_opponent_events import _abilities, _table

pytestmark = pytest.mark.slow


def test_every_faction_plays_whole_games_hearing_every_opponent_event(tmp_path):
    """Each bundled faction holds an `on opponent` statement for every event of one player: random
    bots play 4-player games to the end (gains of power and tokens included)."""
    from gaia_rules.language.vocabulary import EVENTS, OWN_EVENTS, TABLE_EVENTS

    catalogue = default_catalogue()
    pieces = "|".join(sorted({sid for f in catalogue.factions.values() for sid in f.structures} - {"gf"}))
    events = [e if e != "build" else f"build {pieces}" for e in EVENTS if e not in TABLE_EVENTS | OWN_EVENTS]
    lines = "\n".join(f'  - "on opponent {e}: 1c, 1pw, 1t"' for e in events)
    for fid in catalogue.factions:
        (tmp_path / f"{fid}.yaml").write_text(f"kind: faction\npatch: {fid}\nability:\n"
                                               + "\n".join(f'  - "{st}"' for st in _abilities(catalogue, fid))
                                               + ("\n" if _abilities(catalogue, fid) else "") + lines + "\n")
    engine = Engine(default_catalogue([tmp_path]))
    factions = sorted(catalogue.factions)
    for i in range(0, len(factions), 4):
        table = _table(catalogue, factions, i)
        end = play_game(engine, random_setup(engine.catalogue, 4, f"hear{i}", factions=table),
                        [RandomBot(k) for k in range(4)])
        assert end.ended
