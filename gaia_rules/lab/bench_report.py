"""`gaia bench`'s tables: each figure beside the reference run or a baseline, with its target."""
from __future__ import annotations

from rich.console import Console
from rich.table import Table

from .bench import machine_text
from .bench_targets import REFERENCE, TARGETS, change_text, target_ratio

# ------------------------------------------------------------------ the tables

def _target_text(section: str, key: str) -> str:
    """The target as a ratio to the baseline: `≤ 2.79×` (a time may grow that much), `≥ 0.83×` (a rate)."""
    target = TARGETS.get((section, key))
    if target is None:
        return ""
    return f"{'≤' if target[1] == 'max' else '≥'} {target_ratio(section, key):.2f}×"


def _reference_text(section: str, key: str, unit: str, fmt: str) -> str:
    value = REFERENCE["figures"].get(f"{section}.{key}")
    return "" if value is None else f"{fmt.format(value)} {unit}".strip()


def _where(pos: dict | None) -> str:
    if not pos:
        return ""
    who = f", player {pos['player']}" if "player" in pos else ""
    return (f"{pos['game']} move {pos['move_index']} (command {pos['command_index'] + 1}: '{pos['command']}'{who}): "
            f"{pos['line']}")


class _Figures:
    """The table of figures: one section per benchmark, each row beside its reference or baseline."""

    def __init__(self, changes: dict | None):
        self.changes = changes
        if changes is None:
            title = "gaia bench (reference: the run of docs/bench.md, on another machine)"
            columns = ["benchmark", "figure", "value", "reference"]
        else:
            title = "gaia bench against the baseline (targets as ratios to it)"
            columns = ["benchmark", "figure", "value", "baseline", "change", "target", "met"]
        self.table = Table(title=title, title_justify="left")
        for col in columns:
            self.table.add_column(col, justify="left" if col in ("benchmark", "figure")
                                  else "center" if col == "met" else "right")
        self.shown: set[str] = set()

    def row(self, section, label, value, unit, key=None, fmt="{:,.3g}"):
        text = "—" if value is None else f"{fmt.format(value)} {unit}".strip()
        first = section not in self.shown
        self.shown.add(section)
        if first and self.shown - {section}:
            self.table.add_section()
        cells = [section if first else "", label, text]
        if self.changes is None:
            cells.append(_reference_text(section, key, unit, fmt) if key else "")
        else:
            change = self.changes.get(f"{section}.{key}") if key else None
            if change is None:
                cells += ["", "", "", ""]
            else:
                ok = change["met"]
                cells += [f"{fmt.format(change['then'])} {unit}".strip(), change_text(section, key, change["ratio"]),
                          _target_text(section, key), "" if ok is None else ("[green]yes[/]" if ok else "[bold red]NO[/]")]
        self.table.add_row(*cells)


def _load_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("load", f"cold load_catalogue (median of {r['runs']} runs)", r["s"], "s", "s", "{:.3f}")
    t.row("load", "  worst", r["worst_s"], "s", fmt="{:.3f}")
    t.row("load", "  import (not counted)", r["import_s"], "s", fmt="{:.3f}")


def _apply_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("apply", f"median ({r['samples']:,} commands)", r["median_us"], "us", "median_us", "{:,.1f}")
    if "p99_us" in r:
        t.row("apply", "  p99", r["p99_us"], "us", fmt="{:,.1f}")
    t.row("apply", "  worst", r["worst_us"], "us", fmt="{:,.1f}")


def _spread_rows(t: _Figures, name: str, r: dict, median_ref: str | None) -> None:
    """A per-position figure's median, p99 (when measured) and worst, in ms: legal moves and federations alike."""
    t.row(name, f"median ({r['samples']:,} positions)", r["median_ms"], "ms", median_ref, "{:,.3f}")
    if "p99_ms" in r:
        t.row(name, "  p99", r["p99_ms"], "ms", fmt="{:,.2f}")
    t.row(name, "  worst", r["worst_ms"], "ms", "worst_ms", "{:,.2f}")


def _legal_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    which = "every position" if r["every"] == 1 else f"1 position in {r['every']}"
    _spread_rows(t, "legal", r, "median_ms")
    notes.append(f"legal: {which} of the corpus ({r['samples']:,} of {r['positions']:,}); "
                 f"worst at {_where(r['worst_position'])}")


def _federation_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    _spread_rows(t, "federation", r, None)
    notes.append(f"federation: every action-phase position, for the player to move; "
                 f"worst at {_where(r['worst_position'])}")


def _replay_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    games = _replayed_games(r)
    med = results.get("replay_median", {})
    t.row("replay", f"median of {len(games)} games", med.get("moves_per_s"), "moves/s",
          "median_moves_per_s", "{:,.0f}")
    t.row("replay", "  median, in commands", med.get("commands_per_s"), "commands/s", fmt="{:,.0f}")
    t.row("replay", "  median ms per game", med.get("ms"), "ms", fmt="{:,.1f}")
    if games:
        slowest = min(games, key=lambda g: games[g]["moves_per_s"])
        t.row("replay", f"  slowest: {slowest}", games[slowest]["moves_per_s"], "moves/s", fmt="{:,.0f}")
    if med.get("worst_per_move") is not None:
        t.row("replay", "  worst game / median game, per move", med["worst_per_move"], "×", fmt="{:,.2f}")


def _playout_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    for n, x in r.items():
        if not isinstance(x, dict) or "games_per_s" not in x:
            continue
        failed = f", {x['failed']} failed" if x["failed"] else ""
        t.row("playout", f"{n[:-1]} players ({x['games']} games{failed})", x["games_per_s"], "games/s", n, "{:,.2f}")


def _bots_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("bots", f"state clone, median ({r['clone']['samples']:,} positions)", r["clone"]["median_us"], "us",
          fmt="{:,.1f}")
    t.row("bots", "fast-bot decision, mean", r["fast_mean_ms"], "ms", "fast_mean_ms", "{:,.2f}")
    t.row("bots", "  median", r["fast"]["median_ms"], "ms", fmt="{:,.2f}")
    if "p99_ms" in r["fast"]:
        t.row("bots", "  p99", r["fast"]["p99_ms"], "ms", fmt="{:,.1f}")
    t.row("bots", "  worst", r["fast"]["worst_ms"], "ms", fmt="{:,.1f}")
    t.row("bots", "  play-out speed (1 / mean)", r["fast_decisions_per_s"], "decisions/s", fmt="{:,.0f}")
    notes.append(f"bots: one action-phase position in {r['every']} of the corpus ({r['fast']['samples']:,} of "
                 f"{r['positions']:,}); slowest decision at {_where(r['worst_position'])}")


def _memory_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("memory", f"peak, {r['game']} ({r['moves']} moves)", r["peak_mb"], "MB", "peak_mb", "{:,.2f}")
    if r.get("process_peak_mb") is not None:
        t.row("memory", "  whole process (Python, content, replay)", r["process_peak_mb"], "MB", fmt="{:,.1f}")


def _startup_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    ref = r["reference"]
    t.row("startup", f"python -c \"import typer, rich.console\" (median of {r['runs']})", ref["median_s"], "s CPU",
          fmt="{:.3f}")
    for name, label in (("version", "gaia --version"), ("help", "gaia --help"), ("show", "gaia show GAME"),
                        ("moves", "gaia moves GAME"), ("move", "gaia move GAME 1")):
        x = r[name]
        t.row("startup", f"{label} ({x['ratio']:.2f}× the import)", x["median_s"], "s CPU", fmt="{:.3f}")
    notes.append("startup: whole processes, CPU time of each child (user + system), content from the cache")


# each benchmark's rows, in the order the table shows them
_SECTIONS = (("load", _load_rows), ("apply", _apply_rows), ("legal", _legal_rows), ("federation", _federation_rows),
             ("replay", _replay_rows), ("playout", _playout_rows), ("bots", _bots_rows), ("memory", _memory_rows),
             ("startup", _startup_rows))


def _replayed_games(replay: dict) -> dict:
    return {k: v for k, v in replay.items() if isinstance(v, dict) and "moves" in v}


def _print_against(console: Console, base: dict | None) -> None:
    """What the figures are compared with: the reference run, or the baseline and how targets are judged."""
    if base is None or base.get("change") is None:
        console.print(f"reference: commit {REFERENCE['commit']} on {REFERENCE['machine']}, {REFERENCE['date']}; "
                      "figures from two machines compare the machines as much as the code. To judge the targets, "
                      "compare with a baseline run here: gaia bench --json > before.json, then --baseline before.json")
        return
    if base.get("machine"):
        console.print(f"baseline: {base.get('file')}, measured on {machine_text(base['machine'])}")
    else:
        console.print(f"baseline: {base.get('file')} (its machine is not recorded)")
    if base.get("same_machine") is False:
        console.print("[bold]the baseline was measured on another machine: its ratios compare the machines as "
                      "much as the code[/]")
    console.print(f"target: the room the reference run (commit {REFERENCE['commit']}, {REFERENCE['date']}) had below "
                  "each bound of docs/bench.md, as a ratio; judged on this run's ratio to the baseline")


def _replay_table(replay: dict) -> Table:
    per = Table(title="replay per game (median of runs)", title_justify="left")
    for col in ("game", "moves", "commands", "ms", "moves/s", "commands/s"):
        per.add_column(col, justify="left" if col == "game" else "right")
    for gid, v in _replayed_games(replay).items():
        mark = "" if v.get("passed", True) else " [red](diverges)[/]"
        per.add_row(gid + mark, str(v["moves"]), str(v["commands"]), f"{v['ms']:,.1f}", f"{v['moves_per_s']:,}",
                    f"{v['commands_per_s']:,}")
    return per


def render(console: Console, results: dict) -> None:
    base = results.get("baseline")
    figures = _Figures(base.get("change") if base else None)
    notes: list[str] = []
    for name, rows in _SECTIONS:
        if name in results:
            rows(figures, results[name], results, notes)
    console.print(f"machine: {machine_text(results.get('machine'))}")
    load = results.get("load_average") or {}
    if load.get("start") is not None:
        console.print(f"load average: {load['start']:g} at the start, {load.get('end'):g} at the end")
    console.print(figures.table)
    _print_against(console, base)
    if "replay" in results:
        console.print(_replay_table(results["replay"]))
    for note in notes:
        console.print(note)
    if "corpus" in results:
        c = results["corpus"]
        commands = f", {c['commands']:,} commands" if c.get("commands") else ""
        console.print(f"corpus: {c['games']} games, {c['lines']:,} move lines{commands} ({c['source']})")
    console.print(f"total {results['elapsed_s']:.1f} s")
