"""The README and docs/*.md say what is true: their commands run, print what is shown, and what they name exists.

`tests/docs_harness.py` runs each document's commands in a scratch folder, in the order written,
and says how a block is checked (its HTML comments). The fast tier runs every command but the
slow ones; the slow tier (`-m slow`) runs them all. After a change of output,
`python tests/docs_harness.py docs/cli.md` rewrites a document's outputs from real runs.
"""
from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import docs_harness as harness
from gaia_rules.faces import app as app_module
from gaia_rules.faces import cli  # noqa: F401  (registers every command's choices)
from gaia_rules.lab.bench_targets import REFERENCE

REPO = harness.REPO
NAMES = [p.relative_to(REPO).as_posix() for p in harness.DOCUMENTS]


def _fail_on(failures: list) -> None:
    if failures:
        pytest.fail(f"{len(failures)} difference(s) between the document and a run:\n\n"
                    + "\n\n".join(str(f) for f in failures), pytrace=False)


# The fast tier runs the README's commands (a newcomer's first hour); the slow tier, which CI runs
# too, runs every document whole. Paths, option lists and the harness itself are checked in both.
FAST_DOCUMENTS = ["README.md"]


@pytest.mark.parametrize("name", FAST_DOCUMENTS)
def test_every_command_of_the_document_prints_what_it_shows(name):
    """Fast tier: every command but the slow ones, with its output and exit code as shown."""
    _fail_on(harness.run_document(harness.read_document(REPO / name), slow=False))


def test_every_command_is_run_or_says_why_not():
    """A block is run, or its comment gives the reason; a command is never silently left out."""
    counted = {"run": 0, "slow": 0, "not run": 0}
    for path in harness.DOCUMENTS:
        doc = harness.read_document(path)
        for step in doc.steps:
            if step.kind == "skip":
                assert step.directive.skip, f"{step.where}: a skipped block says why"
            for cmd in step.commands:
                if not cmd.run:
                    assert cmd.why_not, f"{path.name}:{cmd.line}: {cmd.text} is not run, and nothing says why"
                    counted["not run"] += 1
                else:
                    counted["slow" if cmd.slow else "run"] += 1
    assert counted["run"] >= 100 and counted["slow"] >= 10   # most commands run in the fast tier


# ------------------------------------------------------------------ what the documents name

PATH_START = ("gaia_rules/", "docs/", "content/", "tests/", "schemas/", ".vscode/", "README.md", "pyproject.toml")
NAMED_FILE = re.compile(r"^[\w.-]+\.(?:py|md|lark)$")
MODULE = re.compile(r"^gaia_rules(?:\.\w+)+(?:\(\))?$")


def _prose(path: Path) -> str:
    """The document without its fenced blocks (their paths are the commands' business)."""
    return re.sub(r"^\s*```.*?^\s*```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)


def _code_spans(text: str) -> list[str]:
    return [" ".join(m.group(1).split()) for m in re.finditer(r"(?<!`)`((?:[^`\n]|\n(?!\s*\n))+)`(?!`)", text)]


def _exists(ref: str, doc: Path) -> bool:
    ref = ref.rstrip("/").rstrip(".,;:")
    if "::" in ref:  # tests/room/test_x.py::test_name: the file holds that test
        file, name = ref.split("::", 1)
        path = REPO / file
        return path.is_file() and name in {n.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                                          if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    ref = re.sub(r"<[^>]+>", "*", ref)
    for base in (REPO, doc.parent):
        if any(ch in ref for ch in "*[?"):
            if any(base.glob(ref)):
                return True
        elif (base / ref).exists():
            return True
    return False


def _all_file_names() -> set[str]:
    skip = {".git", ".venv", "gaia_rules.egg-info", "__pycache__"}
    return {p.name for p in REPO.rglob("*") if not skip & set(p.relative_to(REPO).parts)}


def test_every_path_the_documents_name_exists():
    """`gaia_rules/x.py`, `docs/y.md`, `content/...`, `tests/...::test_z`, links, modules: all there."""
    names = _all_file_names()
    missing = []
    for doc in harness.ALL_DOCUMENTS:
        text = _prose(doc)
        for span in _code_spans(text):
            for word in span.split():
                word = word.strip("(),;'\"")
                where = f"{doc.relative_to(REPO)}: `{span}`"
                if word.startswith(PATH_START) and not word.startswith(("gaia_rules.", "tests/...", "docs/...")):
                    if "/" in word or word in ("README.md", "pyproject.toml"):
                        if not _exists(word, doc):
                            missing.append(f"{where}: no {word}")
                elif NAMED_FILE.match(word) and word not in names:
                    missing.append(f"{where}: no file named {word} anywhere in the repository")
                elif MODULE.match(word):
                    module, _, attr = word.removesuffix("()").rpartition(".")
                    try:
                        found = hasattr(importlib.import_module(module), attr)
                        if not found:  # a subpackage not imported yet (gaia imports its layers when a command runs)
                            importlib.import_module(word.removesuffix("()"))
                            found = True
                    except ImportError:
                        try:
                            importlib.import_module(word.removesuffix("()"))
                            found = True
                        except ImportError:
                            found = False
                    if not found:
                        missing.append(f"{where}: no {word}")
        for link in re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", text):
            if not link.startswith(("http://", "https://", "mailto:")) and not (doc.parent / link).exists():
                missing.append(f"{doc.relative_to(REPO)}: a link to {link}, which does not exist")
    assert not missing, "\n".join(missing)


def test_every_list_of_option_values_in_the_documents_is_the_commands_own():
    """`--bot random|greedy|fast|search` in prose lists exactly the values the option takes."""
    wrong = []
    for doc in harness.ALL_DOCUMENTS:
        for span in _code_spans(_prose(doc)) + [doc.read_text(encoding="utf-8")]:
            for flag, values in re.findall(r"(--[\w-]+) \[?([\w-]+(?:\\?\|[\w-]+)+)", span):
                if flag not in app_module._CHOICES:
                    continue
                shown = set(values.replace("\\|", "|").split("|"))
                allowed = set(app_module._CHOICES[flag]())
                if shown != allowed:
                    wrong.append(f"{doc.relative_to(REPO)}: `{flag} {values}`, but it takes {'|'.join(sorted(allowed))}")
    assert not wrong, "\n".join(wrong)


def test_the_reference_figures_of_docs_bench_are_those_gaia_bench_judges_with():
    """docs/bench.md shows the reference run's figures; `gaia bench` holds the same numbers."""
    text = (REPO / "docs/bench.md").read_text(encoding="utf-8")
    table = text[text.index("## The reference run"):]
    rows = dict(re.findall(r"^\| `([\w.]+)` \| ([\d,.]+) ", table, flags=re.M))
    assert {k: float(v.replace(",", "")) for k, v in rows.items()} == REFERENCE["figures"]
    assert REFERENCE["commit"] in table and REFERENCE["date"] in table


def test_the_readme_python_example_prints_what_it_says():
    """The README's example: three legal moves, a refused move naming its rule, then a whole game."""
    blocks = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    box = harness.Sandbox()
    try:
        (box.dir / "example.py").write_text(blocks[0], encoding="utf-8")
        text, code = box.shell("python example.py", 100)
    finally:
        box.close()
    out = text.splitlines()
    assert code == 0, text
    assert out[0].startswith("[Move(player=0, command='faction'")
    assert out[1] == "sequence - expected 'faction', got 'build'"
    assert out[2].endswith("bytes of JSON")


# ------------------------------------------------------------------ the harness itself

def test_a_transcript_is_read_as_commands_outputs_and_exit_codes(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("Text `gaia explain booster5` and `gaia show FILE`.\n\n"
                   "<!-- doc-test: pattern -->\n```\n$ echo one \\\n  two\none two\n[exit 0]\n\n"
                   "$ python -c \"\nimport sys\nsys.exit(3)\n\"\n[exit 3]\n$ printf 'a\\nb\\nc\\n'\na\n...\n```\n",
                   encoding="utf-8")
    parsed = harness.read_document(doc)
    inline = [s for s in parsed.steps if s.kind == "inline"]
    assert [(s.commands[0].text, s.commands[0].run) for s in inline] == [("gaia explain booster5", True),
                                                                       ("gaia show FILE", False)]
    block = next(s for s in parsed.steps if s.kind == "transcript")
    assert [(c.text, c.expected, c.exit) for c in block.commands] == [
        ("echo one \\\n  two", ["one two"], 0),
        ('python -c "\nimport sys\nsys.exit(3)\n"', [], 3),
        ("printf 'a\\nb\\nc\\n'", ["a", "..."], 0)]
    assert block.directive.flags == {"pattern"}


def test_a_pattern_stands_for_text_that_depends_on_time():
    assert harness.output_matches(["game over (... s); winner: xenos"], ["game over (0.3 s); winner: xenos"], {"pattern"})
    assert not harness.output_matches(["game over (... s); winner: xenos"], ["game over (0.3 s); winner: ivits"],
                                      {"pattern"})
    assert harness.output_matches(["a", "...", "d"], ["a", "b", "c", "d"], {"pattern"})
    assert not harness.output_matches(["a", "...", "d"], ["a", "b", "c", "d"], set())
    assert harness.output_matches(["│ apply │ 35.8 us │"], ["│ apply │ 1,035.75 us │"], {"numbers"})
    assert not harness.output_matches(["│ apply │ 35.8 us │"], ["│ legal │ 35.8 ms │"], {"numbers"})


def test_a_python_block_and_the_output_it_shows(tmp_path):
    doc = tmp_path / "x.md"
    block = "```python\nprint('one')\nprint('two')\n```\n\n<!-- doc-test: output -->\n```\n{}\n```\n"
    doc.write_text(block.format("one\ntwo"), encoding="utf-8")
    assert harness.run_document(harness.read_document(doc), slow=False) == []
    doc.write_text(block.format("one\nthree"), encoding="utf-8")
    [failure] = harness.run_document(harness.read_document(doc), slow=False)
    assert "-three" in failure.message and "+two" in failure.message


def test_a_session_gets_its_typed_lines_back_after_each_prompt():
    typed = harness.session_inputs(["list", "p1> faction terrans", "ok", "terrans> quit", "bye"])
    assert typed == ["faction terrans", "quit"]
    assert harness.merge_session("list\np1> ok\nterrans> bye\n", typed) == "list\np1> faction terrans\nok\nterrans> quit\nbye\n"


def test_the_gaia_calls_of_a_shell_line_are_found_and_parsed_by_the_cli():
    assert harness.gaia_calls("for i in 1 2; do gaia move g.json 1 | head -1; done") == [["move", "g.json", "1"]]
    assert harness.gaia_calls("gaia validate --content x 2>&1 >/dev/null; echo gaia") == [["validate", "--content", "x"]]
    assert harness.cli_problem(["play", "--bot", "fancy"]) == "gaia play --bot: 'fancy' is not one of random|greedy|fast|search"
    assert harness.cli_problem(["bench", "--jsn"]).startswith("gaia bench: No such option: --jsn")
    assert harness.cli_problem(["tune", "[--from", "FILE]"], synopsis=True) is None
    assert harness.cli_problem(["tune", "[--form", "FILE]"], synopsis=True) == "gaia tune has no option --form"
