"""Tables that fit: piped output is COLUMNS wide, or 120 columns without it, and no cell loses a character.

Each command's output is checked at COLUMNS=80 and with no COLUMNS (CliRunner's stdout is
not a terminal, so 120): no line wider than that, no ellipsis, and every figure and name
of the table whole, on a line beside the name of its row.
"""
from __future__ import annotations

import io
import json
import re

import pytest
from rich.cells import cell_len
from rich.table import Table
from typer.testing import CliRunner

from gaia_rules.faces import terminal
from gaia_rules.lab.bench_report import render
from gaia_rules.lab.bench_targets import compare
from gaia_rules.faces.cli import app

runner = CliRunner()
WIDTHS = [({"COLUMNS": "80"}, 80), ({"COLUMNS": None}, 120)]


def gaia(*args, env=None):
    result = runner.invoke(app, [str(a) for a in args], prog_name="gaia", env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


def fits(text: str, width: int) -> list[str]:
    lines = text.splitlines()
    assert lines and max(cell_len(line) for line in lines) <= width
    assert "…" not in text
    return lines


def cells(line: str) -> list[str]:
    """The words of a printed line, table borders taken out."""
    return re.sub(r"[│┃]", " ", line).split()


def beside(lines: list[str], name: str, *figures: str) -> None:
    """Every figure is a whole word of some line that also holds `name` as a whole word."""
    rows = [cells(line) for line in lines if name in cells(line)]
    assert rows, name
    for figure in figures:
        assert any(figure in row for row in rows), (name, figure)


def words(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------ the width rule

def test_piped_output_is_columns_wide_else_120(monkeypatch):
    piped = io.StringIO()
    monkeypatch.setenv("COLUMNS", "80")
    assert terminal.output_width(piped) == 80
    assert terminal.console(file=piped).width == 80
    monkeypatch.setenv("COLUMNS", "wide")
    assert terminal.output_width(piped) == 120
    monkeypatch.delenv("COLUMNS")
    assert terminal.output_width(piped) == 120
    assert terminal.console(file=piped).width == 120

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    assert terminal.output_width(Terminal()) is None    # a terminal: rich follows its width


def test_a_word_wider_than_the_width_folds_and_keeps_every_character():
    table = Table(title="a title longer than the table it names")
    table.add_column("key")
    table.add_column("value")
    table.add_row("x", "y" * 50)
    out = io.StringIO()
    terminal.FittingConsole(width=30, file=out).print(table)
    lines = fits(out.getvalue(), 30)
    assert "".join(w for line in lines for w in cells(line) if set(w) == {"y"}) == "y" * 50
    assert "a title longer than the table it names" in words(out.getvalue())


def test_a_table_too_wide_for_its_words_is_printed_in_parts_each_naming_the_rows():
    table = Table(title="Wide")
    table.add_column("name")
    for k in range(8):
        table.add_column(f"column{k}")
    table.add_row("first-row", *(f"{k}0000.{k}" for k in range(8)))
    table.add_row("second-row", *(f"{k}1111.{k}" for k in range(8)))
    out = io.StringIO()
    terminal.FittingConsole(width=60, file=out).print(table)
    lines = fits(out.getvalue(), 60)
    assert sum("name" in cells(line) for line in lines) == 2     # two parts, each with the names column
    beside(lines, "first-row", *(f"{k}0000.{k}" for k in range(8)))
    beside(lines, "second-row", *(f"{k}1111.{k}" for k in range(8)))
    assert sum("Wide" in cells(line) for line in lines) == 1


# ------------------------------------------------------------------ the commands

@pytest.mark.parametrize("env,width", WIDTHS)
def test_arena_tables_fit_and_keep_every_figure(env, width):
    args = ("arena", "--bots", "greedy,random", "--deals", 1, "--seed", "t")
    kinds = json.loads(gaia(*args, "--json"))["kinds"]
    lines = fits(gaia(*args, "--sources", env=env), width)
    for k in kinds:
        lo, hi = k["win_rate_95"]
        vlo, vhi = k["vp_mean_95"]
        beside(lines, k["kind"], str(k["games"]), f"{k['win_rate']:.0%}", f"{lo:.0%}–{hi:.0%}", f"{k['vp_mean']:.1f}",
               f"{vlo:.1f}–{vhi:.1f}", f"{k['rank_mean']:.2f}", f"{k['rating']['mu']:.1f}")
        assert any(re.fullmatch(r"\d+\.\d", w) for line in lines if k["kind"] in cells(line)
                   for w in cells(line)[-1:])           # ms per decision, a timing: whole, whatever it is
    for source in kinds[0]["vp_by_source"]:
        row = next(line for line in lines if words(line).startswith(f"│ {source} │"))
        assert cells(row)[len(source.split()):] == [f"{k['vp_by_source'].get(source, 0.0):.1f}" for k in kinds]


def test_the_arena_rating_and_its_spread_stay_on_one_line_at_100_columns():
    args = ("arena", "--bots", "greedy,random", "--deals", 1, "--seed", "t")
    kinds = json.loads(gaia(*args, "--json"))["kinds"]
    lines = fits(gaia(*args, env={"COLUMNS": "100"}), 100)
    for k in kinds:
        row = next(line for line in lines if k["kind"] in cells(line))
        assert " ".join(cells(row)[-4:-1]) == f"{k['rating']['mu']:.1f} ± {k['rating']['sigma']:.1f}"


def test_play_quiet_score_table_fits_and_keeps_every_name_and_total():
    """Four greedy bots, seed 2, at 80 columns (slow_tables_fit.py plays them at 120)."""
    quiet_score_table_fits(*WIDTHS[0])


def quiet_score_table_fits(env, width):
    """Four greedy bots, seed 2: hadsch-hallas, the longest faction name, sits at the table."""
    from gaia_rules.content import default_catalogue

    factions = set(default_catalogue().factions)
    args = ("play", "--players", 4, "--bots", 4, "--bot", "greedy", "--seed", 2, "--quiet")
    lines = fits(gaia(*args, env=env), width)
    header = [w for line in lines if line.startswith("┃") for w in cells(line)]
    names = [w for w in header if w in factions]
    totals = [int(w) for line in lines if cells(line)[:1] == ["total"] for w in cells(line)[1:]]
    places = [int(w) for line in lines if cells(line)[:1] == ["place"] for w in cells(line)[1:]]
    winner = re.search(r"winner: (\S+) with (\d+) VP", words("\n".join(lines)))
    assert len(names) == len(totals) == len(places) == 4 and "hadsch-hallas" in names
    assert (winner[1], int(winner[2])) == (names[places.index(1)], max(totals))
    assert places == [1 + sum(u > v for u in totals) for v in totals]


# A `gaia bench --json` run, cut down to two games of the corpus (the real run takes half a minute).
FIGURES = {
    "load": {"s": 0.1061, "worst_s": 0.1102, "import_s": 0.0913, "runs": 3},
    "apply": {"median_us": 35.812, "worst_us": 136096.293, "p99_us": 219.04, "samples": 8478},
    "legal": {"median_ms": 0.126, "worst_ms": 14.61, "p99_ms": 3.37, "samples": 8478, "positions": 8478, "every": 1,
              "worst_position": {"game": "richbot-4p-02", "move_index": 135, "command_index": 0,
                                 "command": "spend 1o 1c",
                                 "line": "xenos spend 1o for 1c. up nav (1 ⇒ 2). spend 1k for 1c. endturn"}},
    "federation": {"median_ms": 0.048, "worst_ms": 12.55, "p99_ms": 5.01, "samples": 7776,
                   "worst_position": {"game": "fixture-piling-song-3477", "move_index": 198, "command_index": 0,
                                      "command": "charge 3pw", "player": 2,
                                      "line": "bescods charge 3pw (14/1/2/0 ⇒ 11/4/2/0)"}},
    "replay": {"bot-3p-03": {"ms": 6.46, "moves": 56, "moves_per_s": 8669, "commands": 202, "commands_per_s": 31271,
                             "passed": True},
               "fixture-wavely-triangle-5324": {"ms": 18.31, "moves": 246, "moves_per_s": 13431, "commands": 463,
                                                "commands_per_s": 25279, "passed": True}},
    "replay_median": {"ms": 6.3, "moves_per_s": 12004, "commands_per_s": 34440},
    "playout": {"2p": {"games_per_s": 61.61, "games": 20, "failed": 0},
                "4p": {"games_per_s": 28.71, "games": 20, "failed": 1}},
    "bots": {"clone": {"median_us": 22.998, "samples": 778},
             "fast": {"median_ms": 2.679, "worst_ms": 1593.769, "p99_ms": 234.418, "samples": 778},
             "every": 10, "positions": 7776, "fast_mean_ms": 8.61, "fast_decisions_per_s": 116.1,
             "worst_position": {"game": "richbot-3p-04", "move_index": 87, "command_index": 0,
                                "command": "build ts 5B5", "line": "gleens build ts 5B5. endturn"}},
    "memory": {"peak_mb": 1.45, "game": "fixture-wavely-triangle-5324", "moves": 246, "process_peak_mb": 34.0},
    "corpus": {"games": 38, "lines": 3359, "commands": 8478, "source": "tests/conformance"},
    "met": {"load.s": True, "apply.median_us": True, "legal.median_ms": True, "legal.worst_ms": True,
            "federation.worst_ms": True, "replay.median_moves_per_s": True, "playout.4p": True,
            "bots.fast_mean_ms": True, "memory.peak_mb": True},
    "elapsed_s": 16.8,
}


@pytest.mark.parametrize("baseline", [False, True], ids=["alone", "with-baseline"])
@pytest.mark.parametrize("columns,width", [("80", 80), (None, 120)])
def test_bench_tables_fit_and_keep_every_figure(monkeypatch, baseline, columns, width):
    figures = json.loads(json.dumps(FIGURES))
    if baseline:
        then = json.loads(json.dumps(FIGURES))
        then["apply"]["median_us"] = 47.5
        figures["baseline"] = compare(figures, then, "before.json")
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    out = io.StringIO()
    render(terminal.console(file=out), figures)
    lines = fits(out.getvalue(), width)
    beside(lines, "median", "35.8", "0.126", "2.68")
    beside(lines, "worst", "136,096.3", "14.61", "12.55", "1,593.8")
    beside(lines, "p99", "219.0", "3.37", "5.01", "234.4")
    beside(lines, "slowest:", "bot-3p-03", "8,669")
    beside(lines, "fixture-wavely-triangle-5324", "246", "463", "18.3", "13,431", "25,279")
    beside(lines, "bot-3p-03", "56", "202", "6.5", "8,669", "31,271")
    beside(lines, "(20", "61.61", "28.71")
    beside(lines, "play-out", "116")
    beside(lines, "memory", "1.45")
    beside(lines, "process", "34.0")
    assert "(command 1: 'charge 3pw', player 2): bescods charge 3pw (14/1/2/0 ⇒ 11/4/2/0)" in words(out.getvalue())
    if baseline:
        beside(lines, "median", "47.5", "1.33×", "faster", "≤", "2.79×")
        assert sum("baseline" in cells(line) for line in lines if line.startswith("┃")) == 1
