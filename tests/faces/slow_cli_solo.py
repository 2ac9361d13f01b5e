"""Solo games against the Automa at the command line and in the lab (docs/solo.md).

Its slow tier: test_cli_solo.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import json

import pytest

from test_cli_solo import ok

pytestmark = pytest.mark.slow


def test_play_with_a_bot_in_the_players_seat_plays_a_whole_solo_game(tmp_path):
    lines = ok("play", "--players", "1", "--bots", "1", "--bot", "random", "--automa", "automa-taklons",
               "--difficulty", "automalein", "--seed", "4", "--quiet")
    assert lines[-1].startswith("game over after 99 moves (")
    assert lines[-1].endswith("; winner: the Automa (taklons) with 108 VP")
    groups = [x.split("│") for x in lines if x.startswith("│ decision cards") or x.startswith("│ faction card")]
    assert [[cell.strip() for cell in row[1:4]] for row in groups] == [["decision cards", "0", "34"],
                                                                       ["faction card", "0", "14"]]


def test_the_same_seed_plays_the_same_whole_solo_game_byte_for_byte(tmp_path):
    files = []
    for name in ("a.json", "b.json"):
        ok("play", tmp_path / name, "--players", "1", "--bots", "1", "--bot", "greedy", "--seed", "s", "--quiet")
        files.append((tmp_path / name).read_bytes())
    assert files[0] == files[1]
    assert json.loads(files[0])["state"]["ended"]


def test_report_of_a_solo_run_has_the_player_against_the_automa(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    out = tmp_path / "solo.jsonl"
    ok("simulate", "--games", "2", "--players", "1", "--automa", "automa-xenos", "--difficulty", "automalein,ultoma",
       "--bot", "random", "--workers", "1", "-o", out)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    data = json.loads(ok("report", out, "--json")[0])
    assert [(s["faction"], s["difficulty"], s["win"]["games"]) for s in data["solo"]] == [
        ("all", "automalein", 1), ("ambas", "automalein", 1), ("all", "ultoma", 1), ("ambas", "ultoma", 1)]
    assert [s["vp"]["mean"] for s in data["solo"][::2]] == [r["vp"][0] for r in records]
    assert [s["automa_vp"]["mean"] for s in data["solo"][::2]] == [r["vp"][1] for r in records]
    assert any(x.strip().startswith("Against the Automa over 2 games") for x in ok("report", out))
