"""The HTML report of a lab run: tables and the charts of svg.py, each chart also as its own SVG file."""
from __future__ import annotations

from html import escape
from pathlib import Path

from . import LabError, svg
from .stats import ALPHA, MIN_GAMES, Summary

CSS = ("body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}"
       "table{border-collapse:collapse;margin:1em 0}td,th{padding:3px 8px;border-bottom:1px solid #ddd}"
       "td.n,th.n{text-align:right}tr.sig td{background:#fff3cd}tr.few td{color:#a33}figure{margin:1.5em 0}"
       "caption{text-align:left;font-weight:bold}p.warning{background:#fde2e1;padding:6px 10px}")


def run_line(run: dict) -> str:
    """A results file and the content it was made with: the --content folders and the content hash."""
    folders = run.get("content_folders")
    if folders is None:
        content = "content folders not recorded"
    elif not folders:
        content = "the bundled content alone"
    else:
        content = "the bundled content with " + ", ".join(folders)
    name = f"{run['file']}: " if run.get("file") else ""
    return f"{name}{content} (content hash {str(run.get('content'))[:12]})"


def compared_lines(summary: Summary) -> list[str]:
    """What the report is about: the results, and with a baseline the change compared, both named."""
    if summary.baseline_run is None:
        return [f"Results: {run_line(summary.run)}"]
    return [f"Changed: {run_line(summary.run)}", f"Baseline: {run_line(summary.baseline_run)}"]


def change_lines(summary: Summary) -> list[str]:
    """What a measured change changed: each component, then its lines as `gaia explain` shows them."""
    if not summary.change:
        return []
    out = ["What changed (the lines of `gaia explain`: - without the change, + with it):"]
    for c in summary.change:
        out.append(f"  {c['kind'].replace('_', ' ')} {c['id']} ({c['status']})")
        out += [f"    {line}" for line in c.get("lines", [])]
    return out


def span(mean, fmt: str) -> str:
    """A 95% interval as `lo to hi`; a dash when it rests on fewer than two deals (no interval)."""
    return "—" if mean.n < 2 else f"{mean.lo:{fmt}} to {mean.hi:{fmt}}"


def effect_rows(effects) -> list[list[str]]:
    return [[e.faction, str(e.deals), str(e.games), f"{e.win.mean:+.1%}", span(e.win, "+.1%"),
             f"{e.vp.mean:+.1f}", span(e.vp, "+.1f"), "—" if e.more_games is None else f"+{e.more_games}"]
            for e in effects]


EFFECT_HEAD = ["faction", "deals", "games", "win share change", "95% interval", "VP change", "95% interval",
               "more games to halve"]


def charts(summary: Summary) -> dict[str, str]:
    """The report's pictures by name (the name is also the SVG file's suffix)."""
    out = {}
    base = {c.faction: c for c in summary.changes} if summary.changes is not None else None
    rows = []
    for s in summary.factions:
        row = (s.faction, s.win.rate, s.win.lo, s.win.hi)
        if base is not None and s.faction in base:
            row += (base[s.faction].win_before, None, None)
        rows.append(row)
    fair = 1 / summary.seats_per_game if summary.seats_per_game else None
    if base is not None:
        rows = [r[:4] + (r[4], r[4], r[4]) if len(r) > 4 else r for r in rows]
    out["win-rate"] = svg.dots("Win rate per faction (95% exact interval)", rows, 0.0, max(r[3] for r in rows),
                               mark=fair, legend=("these results", "baseline") if base is not None else None)
    keys = list(summary.sources)
    out["vp-sources"] = svg.stacked("Mean VP per faction, by source (costs, such as power charges, left of 0)", [(s.faction, s.sources) for s in summary.factions],
                                    keys)
    out["seats"] = svg.dots("Win rate per seat (95% exact interval)",
                            [(s.faction, s.win.rate, s.win.lo, s.win.hi) for s in summary.seats],
                            0.0, max(s.win.hi for s in summary.seats), mark=fair)
    labels = [s.faction for s in summary.factions]
    h2h = summary.head_to_head
    out["head-to-head"] = svg.heatmap("Share of meetings won: row faction against column faction (n: games)", labels,
                                      lambda a, b: h2h.get(a, {}).get(b))
    out["deciders"] = svg.bars("Winner minus runner-up, mean VP per source",
                               [(d.source, d.margin, False) for d in summary.deciders], "+.1f")
    if summary.changes is not None:
        out["change"] = svg.bars("Change in win rate against the baseline (red: significant)",
                                 [(c.faction, c.win_after - c.win_before, c.win_significant) for c in summary.changes],
                                 "+.0%")
        out["change-vp"] = svg.bars("Change in mean VP against the baseline (red: significant)",
                                    [(c.faction, c.vp_after - c.vp_before, c.vp_significant) for c in summary.changes],
                                    "+.0f")
    return out


def _table(caption: str, head: list[str], rows: list[list], marked: set[int] = frozenset(),
           few: set[int] = frozenset()) -> str:
    cells = "".join(f'<th class="{"" if i == 0 else "n"}">{escape(h)}</th>' for i, h in enumerate(head))
    body = []
    for k, row in enumerate(rows):
        tds = "".join(f'<td class="{"" if i == 0 else "n"}">{escape(str(v))}</td>' for i, v in enumerate(row))
        body.append(f'<tr class="{"sig" if k in marked else "few" if k in few else ""}">{tds}</tr>')
    return f"<table><caption>{escape(caption)}</caption><tr>{cells}</tr>{''.join(body)}</table>"


def faction_rows(stats) -> list[list]:
    return [[s.faction, f"{s.win.games} (few)" if s.win.games < MIN_GAMES else s.win.games, f"{s.win.rate:.1%}", f"{s.win.lo:.1%}–{s.win.hi:.1%}",
             f"{s.rank.mean:.2f}", f"{s.rank.lo:.2f}–{s.rank.hi:.2f}", f"{s.vp.mean:.1f}", f"{s.vp.sd:.1f}",
             f"{s.vp.lo:.1f}–{s.vp.hi:.1f}"] for s in stats]


FACTION_HEAD = ["faction", "games", "win rate", "95% interval", "mean rank", "95% interval", "mean VP", "sd VP",
                "95% interval"]


def change_rows(changes) -> list[list]:
    return [[c.faction, f"{c.win_before:.1%}", f"{c.win_after:.1%}", f"{c.win_after - c.win_before:+.1%}",
             f"{c.win_p_holm:.3g}" + (" *" if c.win_significant else ""), f"{c.vp_before:.1f}", f"{c.vp_after:.1f}",
             f"{c.vp_after - c.vp_before:+.1f}", f"{c.vp_p_holm:.3g}" + (" *" if c.vp_significant else "")]
            for c in changes]


def solo_rows(stats) -> list[list]:
    return [[s.difficulty, s.faction, s.win.games, f"{s.win.rate:.1%}", f"{s.win.lo:.1%}–{s.win.hi:.1%}",
             f"{s.vp.mean:.1f}", f"{s.vp.lo:.1f}–{s.vp.hi:.1f}", f"{s.automa_vp.mean:.1f}"] for s in stats]


SOLO_HEAD = ["difficulty", "faction", "games", "win rate", "95% interval", "mean VP", "95% interval", "Automa VP"]


CHANGE_HEAD = ["faction", "win before", "win after", "change", "p (Holm)", "VP before", "VP after", "change",
               "p (Holm)"]


def html(summary: Summary, title: str, pictures: dict[str, str], files: dict[str, str]) -> str:
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
             f"<style>{CSS}</style></head><body><h1>{escape(title)}</h1>",
             f"<p>{summary.games} finished games of {', '.join(map(str, summary.players))} players"
             + (f"; {summary.unfinished} the bots could not finish (left out)" if summary.unfinished else "")
             + (f"; baseline: {summary.baseline_games} games" if summary.baseline_games is not None else "")
             + ". Ties share the win; ranks are 1 for the best.</p>",
             "".join(f"<p>{escape(line)}</p>" for line in compared_lines(summary)),
             "".join(f'<p class="warning">Warning: {escape(w)}.</p>' for w in summary.warnings),
             "<h2>How to read the numbers</h2><ul>"
             + "".join(f"<li>{escape(e)}</li>" for e in summary.explanations) + "</ul>"]
    if summary.change:
        parts.append("<h2>What changed</h2><pre>" + escape("\n".join(change_lines(summary)[1:])) + "</pre>")
    if summary.effects:
        parts.append("<h2>The change's effect, paired by deal</h2>")
        parts.append(_table("Effect per faction (95% intervals over the deals)", EFFECT_HEAD,
                            effect_rows(summary.effects)))
    if summary.changes is not None:
        marked = {i for i, c in enumerate(summary.changes) if c.win_significant or c.vp_significant}
        parts.append("<h2>What the change moved</h2>")
        parts.append(f"<p>Test: {escape(summary.test or '')}. Rows with a * are significant at {ALPHA}.</p>")
        parts.append(_table("Against the baseline", CHANGE_HEAD, change_rows(summary.changes), marked))
        parts.append(_figure(pictures, files, "change"))
        parts.append(_figure(pictures, files, "change-vp"))
    if summary.solo is not None:
        parts.append("<h2>Against the Automa</h2><p>The player's games against the Automa at each difficulty: "
                     "every game, then each faction of the player.</p>")
        parts.append(_table("The player against the Automa", SOLO_HEAD, solo_rows(summary.solo)))
    parts.append("<h2>Factions</h2>")
    parts.append(_table("Per faction", FACTION_HEAD, faction_rows(summary.factions),
                        few={i for i, s in enumerate(summary.factions) if s.win.games < MIN_GAMES}))
    parts.append(_figure(pictures, files, "win-rate"))
    keys = list(summary.sources)
    parts.append(_table("Mean VP by source", ["faction", *keys],
                        [[s.faction, *(f"{s.sources.get(k, 0):.1f}" for k in keys)] for s in summary.factions]))
    parts.append(_figure(pictures, files, "vp-sources"))
    parts.append("<h2>Seats</h2>")
    parts.append(_table("Per seat (1 plays first in round 1)", ["seat", *FACTION_HEAD[1:]], faction_rows(summary.seats)))
    parts.append(_figure(pictures, files, "seats"))
    parts.append("<h2>Faction against faction</h2><p>Each cell: the share of the games where both sat at one "
                 "table that the row faction finished above the column faction (ties half), and under it (n=) "
                 "the number of those games: a cell of few games is mostly luck.</p>")
    parts.append(_figure(pictures, files, "head-to-head"))
    parts.append("<h2>What decides games</h2><p>Over games with one winner: the winner's VP from each source minus "
                 "the runner-up's, on average, and how often the winner got more from it.</p>")
    parts.append(_table("Deciding sources", ["source", "mean margin", "winner ahead"],
                        [[d.source, f"{d.margin:+.2f}", f"{d.led:.0%}"] for d in summary.deciders]))
    parts.append(_figure(pictures, files, "deciders"))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _figure(pictures: dict[str, str], files: dict[str, str], name: str) -> str:
    link = f'<figcaption><a href="{escape(files[name])}">{escape(files[name])}</a></figcaption>' if name in files else ""
    return f"<figure>{pictures[name]}{link}</figure>"


def write_report(summary: Summary, output: Path, title: str = "Balance lab report") -> list[Path]:
    """Write the HTML report and one SVG per chart next to it (`<stem>-<chart>.svg`); the files written."""
    output = Path(output)
    pictures = charts(summary)
    files = {name: f"{output.stem}-{name}.svg" for name in pictures}
    written = []
    try:
        for name, text in pictures.items():
            path = output.with_name(files[name])
            path.write_text(text, encoding="utf-8")
            written.append(path)
        output.write_text(html(summary, title, pictures, files), encoding="utf-8")
    except OSError as err:
        raise LabError(f"{err.filename or output}: cannot write: {err.strerror or err}") from None
    return [output, *written]
