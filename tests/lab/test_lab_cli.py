"""`gaia simulate` and `gaia report` at the command line: output, exit codes, one-line errors."""
from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app

runner = CliRunner()
HAND = Path(__file__).parents[1] / "data" / "lab" / "hand.jsonl"
EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "lab" / "richer-xenos"


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


def wide(*args):
    """As `gaia`, at 1000 columns: each line of text on one line, whatever the temporary paths."""
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia", env={"COLUMNS": "1000"})


def one_line_error(result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_simulate_writes_one_line_per_game_and_resumes(tmp_path):
    out = tmp_path / "run.jsonl"
    args = ("simulate", "--games", 2, "--players", 2, "--bot", "greedy", "--workers", 1, "--seed", "cli", "-o", out)
    first = runner.invoke(app, [str(a) for a in args], prog_name="gaia", env={"COLUMNS": "1000"})  # one line
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith(f"2 games in {out}: 2 played, 0 already there;")
    assert "balanced exactly at multiples of 14 games" in first.stdout
    assert [json.loads(line)["index"] for line in out.read_text().splitlines()] == [0, 1]
    again = gaia(*args, "--json")
    assert again.exit_code == 0
    summary = json.loads(again.stdout)
    assert (summary["played"], summary["skipped"], summary["block"]) == (0, 2, 14)


def test_simulate_refuses_what_it_cannot_do(tmp_path):
    base = ("simulate", "--games", 1, "--players", 2, "--bot", "greedy")
    assert "cannot write: No such file or directory" in one_line_error(gaia(*base, "-o", tmp_path / "no" / "r.jsonl"))
    assert one_line_error(gaia(*base, "-o", tmp_path)).endswith("is a folder, not a results file")
    assert "unknown faction 'nobody'" in one_line_error(gaia(*base, "--factions", "nobody,xenos", "-o", tmp_path / "a"))
    assert "unknown bot 'clever'" in one_line_error(gaia(*base[:-1], "clever", "-o", tmp_path / "a"))
    assert "no such file or folder" in one_line_error(gaia(*base, "--content", tmp_path / "none", "-o", tmp_path / "a"))
    other = tmp_path / "other.jsonl"
    other.write_text(HAND.read_text())
    message = one_line_error(gaia(*base, "-o", other))
    assert "holds games of another run (content hash hand-made here" in message
    assert other.read_text() == HAND.read_text()
    assert not (tmp_path / "a").exists()


def test_report_prints_the_faction_table(tmp_path):
    result = runner.invoke(app, ["report", str(HAND)], prog_name="gaia", env={"COLUMNS": "140"})
    assert result.exit_code == 0, result.output
    assert "Factions over 6 games" in result.stdout
    greens = next(line for line in result.stdout.splitlines() if line.startswith("│ greens"))
    assert "75.0%" in greens and "19.4%–99.4%" in greens and "98.8" in greens
    assert "seat 1 75.0%" in result.stdout
    assert "round tiles +12.4" in result.stdout


def test_report_json_and_baseline(tmp_path):
    result = gaia("report", HAND, HAND, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["baseline_games"] == 6
    assert data["note"] == "both files were made with the same content"
    assert "Holm-Bonferroni" in data["test"]
    assert {c["faction"]: c["win_significant"] for c in data["changes"]} == {"blues": False, "greens": False,
                                                                             "reds": False}
    assert data["head_to_head"]["reds"]["blues"] == {"share": 0.75, "meetings": 2}


def test_report_writes_html_and_svg_charts(tmp_path):
    out = tmp_path / "report.html"
    result = gaia("report", HAND, HAND, "-o", out)
    assert result.exit_code == 0, result.output
    assert f"report written to {out} and 7 SVG charts beside it" in result.stdout.replace("\n", "")
    charts = sorted(p.name for p in tmp_path.glob("*.svg"))
    assert charts == ["report-change-vp.svg", "report-change.svg", "report-deciders.svg", "report-head-to-head.svg", "report-seats.svg",
                      "report-vp-sources.svg", "report-win-rate.svg"]
    for name in charts:
        assert ET.parse(tmp_path / name).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    page = out.read_text()
    assert page.count("<svg") == 7 and "paired t-test" in page and "greens" in page


def test_report_errors_are_one_line(tmp_path):
    assert one_line_error(gaia("report", tmp_path / "missing.jsonl")) == \
        f"gaia report: {tmp_path / 'missing.jsonl'}: no such file"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(HAND.read_text().splitlines()[0] + "\nnot json\n")
    assert one_line_error(gaia("report", bad)).startswith(f"gaia report: {bad}:2: not JSON")
    assert "cannot write" in one_line_error(gaia("report", HAND, "-o", tmp_path / "no" / "report.html"))
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert one_line_error(gaia("report", empty)) == f"gaia report: {empty}: no finished game"


def test_the_worked_example_patch_changes_the_content_hash(tmp_path):
    from gaia_rules.content import default_catalogue

    assert default_catalogue([EXAMPLE]).content_hash() != default_catalogue().content_hash()
    assert default_catalogue([EXAMPLE]).factions["xenos"].start["ore"] == 7


def test_report_refuses_a_file_mixing_two_runs(tmp_path):
    lines = HAND.read_text().splitlines()
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join([lines[0], lines[1].replace('"seed":"hand"', '"seed":"other"')]) + "\n")
    assert one_line_error(gaia("report", mixed)) == \
        f'gaia report: {mixed}:2: a game of another run than line 1 (seed "hand" on line 1, "other" here)'


def test_report_names_the_change_compared(tmp_path):
    """Both runs named: the file, the --content folders and the content hash."""
    from gaia_rules.content import default_catalogue

    changed, base = tmp_path / "changed.jsonl", tmp_path / "base.jsonl"
    one = ("simulate", "--games", 1, "--players", 2, "--bot", "greedy", "--workers", 1, "--seed", "names")
    assert gaia(*one, "--content", EXAMPLE, "-o", changed).exit_code == 0
    assert gaia(*one, "-o", base).exit_code == 0
    assert json.loads(changed.read_text())["content_folders"] == [str(EXAMPLE)]
    assert json.loads(base.read_text())["content_folders"] == []
    new, old = default_catalogue([EXAMPLE]).content_hash()[:12], default_catalogue().content_hash()[:12]
    lines = [f"Changed: {changed}: the bundled content with {EXAMPLE} (content hash {new})",
             f"Baseline: {base}: the bundled content alone (content hash {old})"]
    out = tmp_path / "report.html"
    result = wide("report", changed, base, "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == lines
    page = out.read_text()
    assert all(f"<p>{line}</p>" in page for line in lines)
    data = json.loads(gaia("report", changed, base, "--json").stdout)
    assert data["run"] == {"file": str(changed), "content": default_catalogue([EXAMPLE]).content_hash(),
                           "content_folders": [str(EXAMPLE)]}
    assert data["baseline_run"]["content_folders"] == []
    # a file written before the folders were recorded still reads, and says so
    assert wide("report", HAND).stdout.splitlines()[0] == \
        f"Results: {HAND}: content folders not recorded (content hash hand-made)"


def test_report_warns_about_few_games_and_shows_the_games_of_each_cell(tmp_path):
    out = tmp_path / "report.html"
    result = wide("report", HAND, "-o", out)
    assert result.exit_code == 0, result.output
    warning = "fewer than 30 games: every faction (4 each); their numbers are mostly luck, play more games"
    assert f"warning: {warning}" in result.stdout.splitlines()
    page = out.read_text()
    assert f'<p class="warning">Warning: {warning}.</p>' in page
    assert page.count('<tr class="few">') == 3 and "<td class=\"n\">4 (few)</td>" in page
    cells = ET.parse(tmp_path / "report-head-to-head.svg").getroot().iter("{http://www.w3.org/2000/svg}text")
    assert [t.text for t in cells].count("n=2") == 6          # three factions, each pair met in 2 games


def test_report_explains_each_interval_and_test_in_a_sentence(tmp_path):
    from gaia_rules.lab.stats import EXPLAINED

    out = tmp_path / "report.html"
    result = wide("report", HAND, HAND, "-o", out)
    page = out.read_text()
    for key in ("win", "rank", "vp", "paired", "holm"):
        assert f"<li>{EXPLAINED[key]}</li>".replace("'", "&#x27;") in page, key
        assert EXPLAINED[key] in result.stdout.splitlines(), key
    assert EXPLAINED["welch"].startswith("Welch's t-test compares a faction's mean VP in the two runs")


def test_report_draws_negative_sources_left_of_zero(tmp_path):
    """Power charges cost VP: their part of the bar lies left of the zero line, the gains right of it."""
    results = tmp_path / "charged.jsonl"
    lines = []
    for line in HAND.read_text().splitlines():
        game = json.loads(line)
        for src in game["sources"]:
            src["power charges"], src["round tiles"] = -4, src["round tiles"] + 4
        lines.append(json.dumps(game))
    results.write_text("\n".join(lines) + "\n")
    assert gaia("report", results, "-o", tmp_path / "r.html").exit_code == 0
    root = ET.parse(tmp_path / "r-vp-sources.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    zero = [float(line.get("x1")) for line in root.iter(f"{ns}line") if line.get("stroke") == "#222"]
    assert len(zero) == 1
    bars = [(r.find(f"{ns}title").text, float(r.get("x")), float(r.get("width"))) for r in root.iter(f"{ns}rect")
            if r.find(f"{ns}title") is not None]
    charges = [b for b in bars if ", power charges: " in b[0]]
    assert len(charges) == 3 and all(b[0].endswith("-4.0") for b in charges)
    assert all(x + w == pytest.approx(zero[0]) and w > 0 for _, x, w in charges)
    assert all(x >= zero[0] - 1e-9 for title, x, _ in bars if "power charges" not in title)


def test_the_same_results_give_the_same_report_byte_for_byte(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in (first, second):
        folder.mkdir()
        assert gaia("report", HAND, HAND, "-o", folder / "report.html").exit_code == 0
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir()) and len(names) == 8
    assert all((first / n).read_bytes() == (second / n).read_bytes() for n in names)


def test_report_without_scipy_names_the_extra_to_install():
    """SciPy blocked as if the lab extra were not installed: `gaia` still starts, `gaia report` says what to install."""
    import subprocess

    code = ("import sys; sys.modules['scipy'] = None; from gaia_rules.faces.cli import app; "
            "sys.argv[0] = 'gaia'; app()")
    done = subprocess.run([sys.executable, "-c", code, "report", str(HAND)], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("gaia report: the lab's statistics need SciPy, which the lab extra installs: "
                           "pip install -e '.[lab]'\n")
