"""The built catalogue kept on disk: keyed by the content's bytes, whole or not at all, off on demand."""
from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from gaia_rules.content import cache, load_catalogue
from gaia_rules.content.catalogue import Catalogue
from gaia_rules.content.load import _cached_catalogue
from gaia_rules.content.loader import bundled_content_dir
from gaia_rules.faces.cli import app


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv(cache.OFF_VARIABLE, raising=False)
    cache.switch_off(False)
    _cached_catalogue.cache_clear()
    yield tmp_path / "xdg" / "gaia-rules"
    _cached_catalogue.cache_clear()
    cache.switch_off(False)


def _built(counter: list):
    def build():
        counter.append(1)
        return load_catalogue()[0]
    return build


def test_the_cache_lives_in_the_users_cache_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / "gaia-rules"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "gaia-rules"


def test_a_second_load_reads_the_catalogue_built_by_the_first(cache_home):
    builds: list = []
    first = cache.cached([bundled_content_dir()], Catalogue, _built(builds))
    second = cache.cached([bundled_content_dir()], Catalogue, _built(builds))
    assert len(builds) == 1
    assert [p.suffix for p in cache_home.iterdir()] == [".pickle"]  # no temporary file left behind
    assert second.counts() == first.counts()
    assert sorted(second.factions) == sorted(first.factions)


def test_a_corrupt_or_foreign_cache_file_is_a_miss_rebuilt_silently(cache_home):
    builds: list = []
    cache.cached([bundled_content_dir()], Catalogue, _built(builds))
    (path,) = cache_home.iterdir()
    for junk in (b"", b"not a pickle", pickle.dumps({"a": "dict"})):
        path.write_bytes(junk)
        assert isinstance(cache.cached([bundled_content_dir()], Catalogue, _built(builds)), Catalogue)
    assert len(builds) == 4
    assert isinstance(pickle.loads(path.read_bytes()), Catalogue)  # written whole again


def test_a_changed_content_file_changes_the_key(tmp_path):
    folder = tmp_path / "mine"
    shutil.copytree(bundled_content_dir() / "boosters", folder)
    before = cache.key([folder])
    some = sorted(folder.rglob("*.yaml"))[0]
    some.write_text(some.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert cache.key([folder]) != before


@pytest.mark.parametrize("how", ["env", "flag"])
def test_the_cache_can_be_turned_off(cache_home, monkeypatch, how):
    if how == "env":
        monkeypatch.setenv(cache.OFF_VARIABLE, "1")
    else:
        cache.switch_off(True)
    builds: list = []
    cache.cached([bundled_content_dir()], Catalogue, _built(builds))
    cache.cached([bundled_content_dir()], Catalogue, _built(builds))
    assert len(builds) == 2
    assert not cache_home.exists()


def test_content_with_problems_is_not_cached(cache_home):
    assert cache.cached([bundled_content_dir()], Catalogue, lambda: None) is None
    assert not cache_home.exists()


def test_gaia_no_cache_builds_afresh_and_writes_nothing(cache_home, tmp_path):
    result = CliRunner().invoke(app, ["--no-cache", "new", "--players", "2", "--seed", "1", "-o",
                                      str(tmp_path / "g.json")])
    assert result.exit_code == 0, result.output
    assert not cache_home.exists()
    _cached_catalogue.cache_clear()  # as in a new process
    result = CliRunner().invoke(app, ["show", str(tmp_path / "g.json")])
    assert result.exit_code == 0, result.output
    assert len(list(cache_home.iterdir())) == 1


def test_a_command_on_a_saved_game_reads_the_cache_without_the_readers(cache_home, tmp_path):
    """With the catalogue cached, `gaia moves`/`show` import no loader, YAML, jsonschema, lark or pydantic."""
    game = tmp_path / "game.json"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home.parent)}
    subprocess.run([sys.executable, "-c", "from gaia_rules.faces.cli import app; app()", "new", "--players", "2",
                    "--seed", "1", "-o", str(game)], env=env, check=True, capture_output=True)
    code = ("import sys; from gaia_rules.faces.cli import app\n"
            "for words in (['moves', sys.argv[1]], ['show', sys.argv[1]]):\n"
            "    try: app(words)\n"
            "    except SystemExit: pass\n"
            "print(sorted(m for m in ('lark', 'yaml', 'jsonschema', 'pydantic', 'gaia_rules.content.loader') "
            "if m in sys.modules), file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code, str(game)], env=env, capture_output=True, text=True)
    assert "p1 faction terrans" in run.stdout and "to act: p1" in run.stdout  # both commands ran
    assert run.stderr.strip().splitlines()[-1] == "[]"
