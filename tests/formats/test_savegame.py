"""Saved games on disk: what a save refuses to overwrite, what it cleans up, what it cannot write.

Another process may save the same file between this one's load and save; the
save must then refuse (SaveConflict) rather than drop the other's moves. A
save killed half-way leaves a temporary file that the next save removes.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.formats import savegame
from gaia_rules.formats.savegame import FileStamp, SaveConflict, SaveError, SaveWriteError
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup


@pytest.fixture(scope="module")
def engine():
    return Engine(default_catalogue())


@pytest.fixture
def saved(tmp_path, engine) -> Path:
    path = tmp_path / "g.json"
    savegame.save(savegame.new_game(engine, random_setup(engine.catalogue, 2, "stamps")), path)
    return path


def first_move(engine, game):
    return savegame.apply_move(engine, game, engine.legal_moves(game.state)[0])


def last_move(engine, game):
    return savegame.apply_move(engine, game, engine.legal_moves(game.state)[-1])


# ------------------------------------------------------------------ two writers of one file

def test_a_loaded_game_remembers_the_bytes_it_read(saved, engine):
    game = savegame.load(engine, saved)
    assert game.origin == FileStamp.read(saved)
    assert game.origin.path == os.path.abspath(saved) and len(game.origin.digest) == 64


def test_save_refuses_when_another_process_saved_the_file_since_it_was_loaded(saved, engine):
    mine = savegame.load(engine, saved)
    theirs = savegame.load(engine, saved)
    savegame.save(last_move(engine, theirs), saved)       # the other process is first
    their_bytes = saved.read_bytes()
    with pytest.raises(SaveConflict, match=r"g\.json changed since it was loaded \(another gaia process\?\)"):
        savegame.save(first_move(engine, mine), saved)
    assert saved.read_bytes() == their_bytes               # their move is kept
    assert [p.name for p in saved.parent.iterdir()] == ["g.json"]   # and no temporary file is left


def test_successive_saves_of_one_game_do_not_conflict_with_themselves(saved, engine):
    game = savegame.load(engine, saved)
    for _ in range(3):
        game = first_move(engine, game)
        stamp = savegame.save(game, saved)
        assert game.origin == stamp == FileStamp.read(saved)
    assert len(savegame.load(engine, saved).moves) == 3


def test_a_moved_game_keeps_its_origin_so_the_check_follows_it(saved, engine):
    game = savegame.load(engine, saved)
    assert first_move(engine, game).origin == game.origin
    assert savegame.with_moves(engine, game, []).origin == game.origin


def test_save_refuses_a_file_removed_or_created_meanwhile(saved, engine, tmp_path):
    game = savegame.load(engine, saved)
    saved.unlink()
    with pytest.raises(SaveConflict, match="was removed since it was loaded"):
        savegame.save(game, saved)
    assert not saved.exists()
    fresh = tmp_path / "fresh.json"
    absent = FileStamp.read(fresh)
    assert absent.digest is None
    fresh.write_text("someone else's\n")
    with pytest.raises(SaveConflict, match="was created by someone else meanwhile"):
        savegame.save(game, fresh, expect=absent)
    assert fresh.read_text() == "someone else's\n"


def test_a_copy_elsewhere_is_not_checked_and_leaves_the_game_tied_to_its_file(saved, engine, tmp_path):
    game = savegame.load(engine, saved)
    loaded = game.origin
    saved.write_text("changed\n")
    other = tmp_path / "copy.json"
    stamp = savegame.save(game, other)         # another file: nothing to compare with
    assert stamp == FileStamp.read(other) and game.origin == loaded
    with pytest.raises(SaveConflict):          # so its own file is still checked
        savegame.save(game, saved)
    savegame.save(game, saved, expect=None)    # None: overwrite whatever is there
    assert savegame.load(engine, saved).moves == [] and game.origin == FileStamp.read(saved)


def test_a_new_game_is_tied_to_the_first_file_it_is_saved_to(tmp_path, engine):
    game = savegame.new_game(engine, random_setup(engine.catalogue, 2, "first"))
    first = tmp_path / "first.json"
    savegame.save(game, first)
    assert game.origin == FileStamp.read(first)
    first.write_text("someone else's\n")
    with pytest.raises(SaveConflict):
        savegame.save(game, first)


def test_the_same_file_spelt_another_way_is_still_checked(saved, engine, monkeypatch):
    monkeypatch.chdir(saved.parent)
    game = savegame.load(engine, Path("g.json"))
    saved.write_text(saved.read_text().replace('"moves": []', '"moves":  []'))
    with pytest.raises(SaveConflict):
        savegame.save(game, Path(".") / ".." / saved.parent.name / "g.json")


def test_a_conflict_is_a_save_error_so_callers_that_catch_those_stay_one_line():
    assert issubclass(SaveConflict, SaveError) and issubclass(SaveWriteError, SaveError)


# ------------------------------------------------------------------ temporary files left by a killed save

def dead_pid() -> int:
    """The pid of a process that has exited (and was waited for)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_the_next_save_removes_temporaries_of_dead_processes_and_old_ones_only(saved, engine):
    folder = saved.parent
    dead = folder / f".g.json.{dead_pid()}.k1ll3d.tmp"          # a save killed with -9
    old = folder / ".g.json.x8y9z0.tmp"                        # an old one without a pid
    mine = folder / f".g.json.{os.getpid()}.busy.tmp"          # this process, recent: kept
    live = folder / f".g.json.{os.getppid()}.busy.tmp"         # a live process, recent: kept
    other = folder / f".other.json.{dead_pid()}.abc.tmp"       # another file's: never touched
    for path in (dead, old, mine, live, other):
        path.write_text("{")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    savegame.save(savegame.load(engine, saved), saved)
    left = sorted(p.name for p in folder.iterdir())
    assert left == sorted(["g.json", mine.name, live.name, other.name])


def test_clean_stale_temporaries_says_what_it_removed_and_ages_by_the_clock_given(saved):
    tmp = saved.parent / f".g.json.{os.getpid()}.abc.tmp"
    tmp.write_text("{")
    assert savegame.clean_stale_temporaries(saved) == []
    later = time.time() + savegame.STALE_AFTER_S + 1
    assert savegame.clean_stale_temporaries(saved, now=later) == [tmp]
    assert not tmp.exists()


# ------------------------------------------------------------------ targets that cannot be written

def test_saving_into_a_missing_folder_is_one_line(tmp_path, engine):
    game = savegame.new_game(engine, random_setup(engine.catalogue, 2, "w"))
    with pytest.raises(SaveWriteError) as err:
        savegame.save(game, tmp_path / "missing" / "dir" / "x.json")
    assert str(err.value) == f"cannot write {tmp_path / 'missing' / 'dir' / 'x.json'}: " \
                             f"no such folder '{tmp_path / 'missing' / 'dir'}'"
    assert game.origin is None


def test_saving_onto_a_folder_or_under_a_file_is_one_line(tmp_path, engine):
    game = savegame.new_game(engine, random_setup(engine.catalogue, 2, "w"))
    (tmp_path / "d").mkdir()
    with pytest.raises(SaveWriteError, match="it is a folder$"):
        savegame.save(game, tmp_path / "d", expect=None)
    (tmp_path / "f").write_text("")
    with pytest.raises(SaveWriteError, match="'.*f' is not a folder$"):
        savegame.save(game, tmp_path / "f" / "x.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d", "f"]


def test_a_write_refused_by_the_system_is_one_line_and_leaves_nothing(tmp_path, engine, monkeypatch):
    game = savegame.new_game(engine, random_setup(engine.catalogue, 2, "w"))

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(savegame.os, "replace", refuse)
    with pytest.raises(SaveWriteError, match=r"cannot write .*x\.json: permission denied$"):
        savegame.save(game, tmp_path / "x.json")
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ files that cannot be read

def test_json_nested_too_deeply_is_a_one_line_save_error(tmp_path, engine):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    with pytest.raises(SaveError, match=r"deep\.json: not a saved game \(its JSON is nested too deeply to read\)"):
        savegame.load(engine, path)


def test_a_folder_given_as_a_saved_game_is_a_one_line_save_error(tmp_path, engine):
    with pytest.raises(SaveError, match="is a folder, not a saved game$"):
        savegame.load(engine, tmp_path)


def test_the_stamp_is_of_the_bytes_written(saved, engine):
    import hashlib

    game = savegame.load(engine, saved)
    stamp = savegame.save(game, saved)
    assert stamp.digest == hashlib.sha256(saved.read_bytes()).hexdigest()
    assert json.loads(saved.read_text())["format"] == savegame.FORMAT


def test_a_folder_without_write_permission_is_named(tmp_path, engine, monkeypatch):
    game = savegame.new_game(engine, random_setup(engine.catalogue, 2, "w"))
    monkeypatch.setattr(savegame.os, "access", lambda path, mode: False)   # as a user without the right
    with pytest.raises(SaveWriteError) as err:
        savegame.save(game, tmp_path / "x.json")
    assert str(err.value) == f"cannot write {tmp_path / 'x.json'}: permission denied (folder '{tmp_path}')"
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ a set-up edited by hand

def with_setup(saved: Path, **fields) -> Path:
    data = json.loads(saved.read_text())
    data["setup"].update(fields)
    saved.write_text(json.dumps(data))
    return saved


SECTORS = 'a list of placed sectors, each {"sector": ID, "rotation": 0 to 5, "center": [q, r]}'


@pytest.mark.parametrize("fields, message", [
    ({"sectors": 5}, f"'setup.sectors' should be {SECTORS}, not 5"),
    ({"sectors": [{"sector": "1"}]}, f"'setup.sectors' should be {SECTORS}; item 1 is {{\"sector\": \"1\"}}"),
    ({"sectors": [{"sector": "1", "rotation": "a", "center": [0, 0]}]},
     f"'setup.sectors' should be {SECTORS}; item 1 is {{\"sector\": \"1\", \"rotation\": \"a\", \"center\": [0, 0]}}"),
    ({"sectors": [{"sector": "99", "rotation": 0, "center": [0, 0]}]},
     "'setup.sectors' item 1 places sector '99', which this content does not have"),
    ({"tech_tiles": [1]}, "'setup.tech_tiles' should be a mapping of positions to tech tile ids, not [1]"),
    ({"players": "x"}, "'setup.players' should be a whole number of players, not \"x\""),
    ({"fed_supply": {"fed1": True}},
     "'setup.fed_supply' should be a mapping of federation token ids to whole numbers, not {\"fed1\": true}"),
])
def test_a_malformed_setup_field_is_said_in_the_games_words(saved, engine, fields, message):
    with pytest.raises(SaveError) as err:
        savegame.load(engine, with_setup(saved, **fields))
    assert str(err.value) == f"{saved}: {message}"


def test_every_setup_field_has_its_shape():
    import dataclasses

    from gaia_rules.formats.setup_shape import SHAPES
    from gaia_rules.state import Setup
    assert set(SHAPES) == {f.name for f in dataclasses.fields(Setup)}
