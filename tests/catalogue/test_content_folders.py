"""The edges of a content folder (gaia_rules/content/folders.py): very deep folders, folders that
vanish while read, files judged by their first lines, and every YAML file passed over named with why."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from typer.testing import CliRunner

from gaia_rules.content import folders, load_catalogue
from gaia_rules.content import loader as content_loader
from gaia_rules.content.loader import content_files
from gaia_rules.faces.cli import app

PATCH = "kind: faction\npatch: terrans\nstart:\n  credits: 20\n"


def gaia(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def stack_depth() -> int:
    frame, n = sys._getframe(), 0
    while frame is not None:
        frame, n = frame.f_back, n + 1
    return n


def test_a_deep_folder_is_walked_without_recursion(tmp_path, monkeypatch):
    # 300 levels under a recursion limit of 100 frames more than the test's own: a walk that took a
    # frame per level (as 1,500 levels did, exit 3) fails here. Deeper trees are not made, as pytest's
    # own clean-up of tmp_path recurses and would fail on them.
    bottom = tmp_path / "deep"
    bottom.mkdir()
    for _ in range(300):
        bottom = bottom / "a"
        bottom.mkdir()
    (bottom / "terrans.yaml").write_text(PATCH, encoding="utf-8")
    content_files(tmp_path)   # the kinds are read once, at the usual limit
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(stack_depth() + 100)
    try:
        found = content_files(tmp_path / "deep")
    finally:
        sys.setrecursionlimit(old)
    assert found.files == [bottom / "terrans.yaml"]
    result = gaia("validate", "--content", tmp_path / "deep")
    assert result.exit_code == 0 and result.stdout.endswith("content is valid.\n")


def test_a_folder_that_vanishes_while_read_is_skipped(tmp_path, monkeypatch):
    mine = tmp_path / "mine"
    (mine / "gone").mkdir(parents=True)
    (mine / "gone" / "x.yaml").write_text(PATCH, encoding="utf-8")
    (mine / "terrans.yaml").write_text(PATCH, encoding="utf-8")
    real = os.scandir

    def vanishing(path):
        if Path(path).name == "gone":   # as a process's folder under /proc does
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return real(path)

    monkeypatch.setattr(folders.os, "scandir", vanishing)
    assert content_files(mine).files == [mine / "terrans.yaml"]
    assert gaia("validate", "--content", mine).exit_code == 0


def test_a_file_that_vanishes_after_the_walk_is_not_read(tmp_path, monkeypatch):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "a.yaml").write_text(PATCH, encoding="utf-8")
    (mine / "b.yaml").write_text(PATCH, encoding="utf-8")
    real = folders.head_of

    def gone(path):
        if path.name == "a.yaml":
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return real(path)

    monkeypatch.setattr(folders, "head_of", gone)
    assert content_files(mine).files == [mine / "b.yaml"]


def test_a_folder_with_more_entries_than_most_entries_is_not_a_content_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(content_loader, "MOST_ENTRIES", 5)
    other = tmp_path / "other"
    other.mkdir()
    for i in range(6):
        (other / f"photo{i}.jpg").write_bytes(b"")
    result = gaia("validate", "--content", other)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"gaia validate: {other} holds more than 5 files and folders: not a content folder (gaia reads at most "
        f"5 files and folders; give the folder of the content)"]


def test_a_file_is_judged_by_its_first_64_lines(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "late.yaml").write_text("# a comment\n" * 64 + PATCH, encoding="utf-8")
    (mine / "early.yaml").write_text("# a comment\n" * 63 + PATCH, encoding="utf-8")
    found = content_files(mine)
    assert found.files == [mine / "early.yaml"]
    assert [(p.path.name, p.why) for p in found.passed] == [
        ("late.yaml", "no top-level 'kind:' or 'patch:' in its first 64 lines")]


def test_only_the_head_of_a_large_file_is_read_to_judge_it(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"key: " + b"x" * 900_000 + b"\nkind: faction\n")
    head = folders.head_of(big)
    assert len(head) == folders.HEAD_BYTES == 16_384
    assert folders.why_not_content(head, ["faction"]) == (
        "no top-level 'kind:' or 'patch:' in its first 64 lines", False)


def test_a_misspelt_top_level_kind_is_named_with_a_did_you_mean(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "terrans.yaml").write_text("knd: faction\nid: terrans\n", encoding="utf-8")
    result = gaia("validate", "--content", mine)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"gaia validate: {mine} holds no gaia content files (looked for .yaml/.yml files with a top-level 'kind:' "
        f"naming a content kind, or 'patch:', in their first 64 lines; at most 10000 files of at most 1000000 "
        f"bytes; 1 other YAML file passed over; {mine / 'terrans.yaml'}: its top-level key 'knd:' is neither "
        f"'kind:' nor 'patch:' (did you mean 'kind'?))"]


def test_each_yaml_file_passed_over_beside_content_is_named_with_why(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "ok.yaml").write_text(PATCH, encoding="utf-8")
    (mine / "ci.yaml").write_text("name: job\n", encoding="utf-8")
    (mine / "deploy.yaml").write_text("kind: Deployment\n", encoding="utf-8")
    (mine / "typo.yaml").write_text("# my faction\nKnid: faction\nid: zz\n", encoding="utf-8")
    (mine / "key.yaml").write_text("id: zz\n", encoding="utf-8")   # `id` is not close enough to `kind`
    catalogue, problems = load_catalogue([mine])
    assert problems == []
    why = "note: passed over, not gaia content:"
    assert [n for n in catalogue.notes if "passed over" in n] == [
        f"{mine / 'typo.yaml'}: {why} its top-level key 'Knid:' is neither 'kind:' nor 'patch:' (did you mean 'kind'?)",
        f"{mine / 'ci.yaml'}: {why} no top-level 'kind:' or 'patch:' in its first 64 lines",
        f"{mine / 'deploy.yaml'}: {why} its kind 'Deployment' is not a content kind",
        f"{mine / 'key.yaml'}: {why} no top-level 'kind:' or 'patch:' in its first 64 lines"]
