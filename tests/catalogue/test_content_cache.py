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


# ------------------------------------------------------------------ dataclass methods compiled once (user_cache.py)

def _run_program_imports(env: dict) -> str:
    """A new process that starts as `gaia` does and creates the state's classes: what compile_once did."""
    code = ("from gaia_rules.faces.cli import app\nimport gaia_rules.state\nfrom gaia_rules import user_cache\n"
            "m = user_cache.compile_once()\nprint('off' if m is None else m.compiled)")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout


def test_dataclass_methods_are_compiled_by_the_first_process_and_read_by_the_next(cache_home):
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home.parent)}
    assert int(_run_program_imports(env)) > 50  # every class of typer, rich and the layers it imported
    (path,) = cache_home.glob("methods-*.marshal")
    assert _run_program_imports(env).strip() == "0"
    path.write_bytes(b"not marshal")  # a corrupt file is a miss, written whole again
    assert int(_run_program_imports(env)) > 50
    assert _run_program_imports(env).strip() == "0"
    assert [p.name for p in cache_home.iterdir() if p.suffix == ".tmp"] == []


def test_no_cache_compiles_dataclass_methods_as_python_does(cache_home):
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home.parent), cache.OFF_VARIABLE: "1"}
    assert _run_program_imports(env).strip() == "off"
    assert not cache_home.exists()


def _point_class(exec_with):
    """A frozen dataclass made while dataclasses runs its method texts with `exec_with` (None: Python's own exec)."""
    import dataclasses
    saved = dataclasses.__dict__.get("exec")  # the program's hook, when this process installed it
    if exec_with is None:
        dataclasses.__dict__.pop("exec", None)
    else:
        dataclasses.exec = exec_with
    try:
        @dataclasses.dataclass(frozen=True)
        class Point:
            x: int
            y: tuple = ()
    finally:
        dataclasses.__dict__.pop("exec", None)
        if saved is not None:
            dataclasses.exec = saved
    return Point


def test_a_class_made_from_cached_code_has_the_code_python_compiles(tmp_path):
    import dataclasses
    from gaia_rules import user_cache
    path = tmp_path / "methods.marshal"
    first = user_cache._Methods(path)
    made = _point_class(first.exec)
    assert first.compiled == 6  # __init__, __repr__, __eq__, __setattr__, __delattr__, __hash__
    first.write()
    second = user_cache._Methods(path)
    again = _point_class(second.exec)
    assert second.compiled == 0
    plain = _point_class(None)
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert getattr(again, name).__code__ == getattr(plain, name).__code__ == getattr(made, name).__code__, name
    assert again.__init__.__annotations__ == plain.__init__.__annotations__ == {"x": "int", "y": "tuple",
                                                                                 "return": None}
    assert repr(again(1, (2,))).endswith("Point(x=1, y=(2,))") and again(1) == again(1) and hash(again(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        again(1).x = 2


def test_past_its_limit_the_methods_file_keeps_only_what_the_last_process_used(tmp_path, monkeypatch):
    import marshal
    from gaia_rules import user_cache
    path = tmp_path / "methods.marshal"
    old = {f"x = {i}\n": marshal.dumps(compile(f"x = {i}\n", "<string>", "exec")) for i in range(5)}
    path.write_bytes(marshal.dumps(old))
    monkeypatch.setattr(user_cache, "MAX_METHODS", 5)
    methods = user_cache._Methods(path)
    methods.exec("x = 1\n", {}, {})   # read from the file
    methods.exec("y = 2\n", {}, {})   # compiled here: six entries, one over the limit
    methods.write()
    assert sorted(marshal.loads(path.read_bytes())) == ["x = 1\n", "y = 2\n"]
