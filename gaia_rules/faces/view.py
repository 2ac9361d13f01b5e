"""Showing a game to people: player labels, moves in the site notation, state and score tables.

Used by the `gaia` command. Labels, structures, tracks, tokens and tiles all
come from the state and the catalogue; no component is named here.
"""
from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ..formats.movetext import player_label, token_word
from ..rules import Engine
from ..rules.moves import Move
from ..state import GameState

# ------------------------------------------------------------------ what the game waits for

def waiting_for(engine: Engine, state: GameState) -> str:
    if state.ended:
        return "the game has ended"
    p = engine.to_move(state)
    who = "nobody" if p is None else player_label(state, p)
    if state.decisions:
        return f"{who}: decision '{state.decisions[0].kind}'"
    if state.phase == "actions" and state.pending:
        return f"{who}: follow-up '{state.pending[0].kind}'"
    if state.phase == "actions":
        return f"{who}: {'end the turn or take free actions' if state.main_done else 'action'}"
    return f"{who}: {state.phase}"


def status_line(engine: Engine, state: GameState) -> str:
    rounds = engine.catalogue.game.get("rounds", 6)
    where = f"round {state.round}/{rounds}" if state.round else "set-up"
    n = len(state.moves)
    return f"{where}, phase {state.phase}, {n} move{'' if n == 1 else 's'}; to act: {waiting_for(engine, state)}"


# ------------------------------------------------------------------ the state

def _pieces(state: GameState, p: int, engine: Engine) -> str:
    counts: dict[str, int] = {}
    faction = state.players[p].faction
    guest_piece = None
    if faction:
        structures = engine.catalogue.factions[faction].structures
        order = list(structures)
        guest_piece = next((sid for sid, s in structures.items() if s.place_on == "planet" and s.upgrades_from is None), None)
    else:
        order = []
    guests = 0
    for h in state.board.values():
        if h.owner == p and h.piece is not None:
            counts[h.piece] = counts.get(h.piece, 0) + 1
        if p in h.guests:
            guests += 1
    keys = [k for k in order if k in counts] + sorted(k for k in counts if k not in order)
    parts = [f"{k} {counts[k]}" for k in keys]
    if guests:
        parts.append(f"guest {guest_piece or 'piece'} {guests}")
    return ", ".join(parts) or "-"


def _power(engine: Engine, state: GameState, p: int) -> str:
    pl = state.players[p]
    bowls = "/".join(str(pl.power.get(a, 0)) for a in ("area1", "area2", "area3"))
    text = f"{bowls} gaia {pl.power.get('gaia', 0)}"
    if pl.token is not None:
        text += f", {token_word(engine, state, p)} in {pl.token}"
    return text


def players_table(engine: Engine, state: GameState, only: int | None = None) -> Table:
    cat = engine.catalogue
    indices = [only] if only is not None else list(range(len(state.players)))
    table = Table(title="Players", show_lines=False, title_justify="left")
    table.add_column("", style="bold")
    current = engine.to_move(state)
    for p in indices:
        mark = " *" if p == current else ""
        table.add_column(f"p{p + 1} {state.players[p].faction or '(no faction)'}{mark}")

    def row(label: str, fn) -> None:
        table.add_row(label, *[fn(state.players[p], p) for p in indices])

    row("VP", lambda pl, p: str(pl.vp))
    row("credits", lambda pl, p: str(pl.credits))
    row("ore", lambda pl, p: str(pl.ore))
    row("knowledge", lambda pl, p: str(pl.knowledge))
    row("QIC", lambda pl, p: str(pl.qic))
    for code in sorted(engine.context(state).stored_resources):  # resources the content adds (data alone)
        name = cat.resources.get(code, {}).get("plural", code)
        row(name, lambda pl, p, c=code: str(pl.other.get(c, 0)))
    row("power I/II/III", lambda pl, p: _power(engine, state, p))
    row("Gaiaformers", lambda pl, p: f"{pl.gaiaformers} ({pl.gaiaformers_in_gaia} in gaia)" if pl.gaiaformers else "0")
    for track in sorted(cat.tracks.values(), key=lambda t: t.order):
        row(f"research {track.id}", lambda pl, p, t=track.id: str(pl.research.get(t, 0)))
    row("structures", lambda pl, p: _pieces(state, p, engine))
    row("tech tiles", lambda pl, p: ", ".join(f"{t.tile} ({t.pos}{'' if t.enabled else ', covered'})" for t in pl.tech) or "-")
    row("federations", lambda pl, p: str(pl.federations_formed))
    row("fed. tokens", lambda pl, p: ", ".join(f"{t.tile}{' (green)' if t.green else ''}" for t in pl.fed_tokens) or "-")
    row("satellites", lambda pl, p: str(pl.satellites))
    row("booster", lambda pl, p: pl.booster or "-")
    row("passed", lambda pl, p: "yes" if pl.passed else "no")
    return table


def table_table(engine: Engine, state: GameState) -> Table:
    cat = engine.catalogue
    s = state.setup
    table = Table(title="Table", show_header=False, title_justify="left")
    table.add_column("", style="bold")
    table.add_column("")
    rounds = [f"[{i}] {t}" if i == state.round else f"{i} {t}" for i, t in enumerate(s.round_tiles, 1)]
    table.add_row("round tiles", ", ".join(rounds))
    table.add_row("final tiles", ", ".join(s.final_tiles))
    table.add_row("boosters", ", ".join(state.boosters_table) or "-")
    used = [a for a in cat.board_actions if a in state.board_actions_used]
    table.add_row("actions used", ", ".join(used) or "-")
    table.add_row("tech tiles", ", ".join(f"{pos} {tile}" for pos, tile in s.tech_tiles.items()))
    table.add_row("advanced", ", ".join(f"{track} {tile}" + ("" if state.tech_supply.get(f"adv-{track}", 1) else " (taken)")
                                        for track, tile in s.advanced_tiles.items()))
    table.add_row("terraforming token", state.terraforming_token or "-")
    table.add_row("federation supply", ", ".join(f"{k} {v}" for k, v in state.fed_supply.items() if v) or "-")
    table.add_row("turn order", ", ".join(player_label(state, p) for p in state.turn_order) or "-")
    return table


def show_state(console: Console, engine: Engine, state: GameState, only: int | None = None) -> None:
    console.print(f"Game {state.setup.seed!r}: {state.setup.players} players, variant {state.setup.variant}")
    console.print(status_line(engine, state))
    console.print(players_table(engine, state, only))
    if only is None:
        console.print(table_table(engine, state))


# ------------------------------------------------------------------ the final score

def _source_order(state: GameState, engine: Engine) -> list[str]:
    keys: list[str] = []
    if any(pl.final_scoring for pl in state.players):
        keys.extend(f"final{k}" for k in range(1, len(state.setup.final_tiles) + 1))
    for pl in state.players:
        for k in pl.vp_sources:
            if k not in keys:
                keys.append(k)
    tracks = [t.id for t in sorted(engine.catalogue.tracks.values(), key=lambda t: t.order)]

    def group(k: str) -> tuple:
        if k.startswith("round") and k[5:].isdigit():
            return (0, int(k[5:]), k)
        if k.startswith("final") and k[5:].isdigit():
            return (2, int(k[5:]), k)
        if k in tracks:
            return (3, tracks.index(k), k)
        if k == "spend":
            return (4, 0, k)
        return (1, 0, k)

    return sorted(keys, key=group)


def score_table(engine: Engine, state: GameState) -> Table:
    """Final (or current) VP of each player, by source: `vp_sources` and `final_scoring`."""
    title = "Final score" if state.ended else f"Score after {len(state.moves)} moves"
    table = Table(title=title, title_justify="left")
    table.add_column("source", style="bold")
    for p, pl in enumerate(state.players):
        table.add_column(f"p{p + 1} {pl.faction or ''}".strip(), justify="right")
    tracks = set(engine.catalogue.tracks)
    finals = state.setup.final_tiles
    rows = []
    start = [pl.vp - sum(pl.vp_sources.values()) for pl in state.players]
    rows.append(("start", [str(v) for v in start]))
    for key in _source_order(state, engine):
        label = key
        if key.startswith("final") and key[5:].isdigit() and 0 < int(key[5:]) <= len(finals):
            label = f"{key} {finals[int(key[5:]) - 1]} (count)"
        elif key in tracks:
            label = f"research {key}"
        elif key == "spend":
            label = "resources left"
        cells = []
        for pl in state.players:
            v = pl.vp_sources.get(key, 0)
            cell = str(v)
            if key.startswith("final") and pl.final_scoring:
                info = pl.final_scoring.get(f"final_tile_{key[5:]}")
                if isinstance(info, dict) and "count" in info:
                    cell = f"{v} ({info['count']})"
            cells.append(cell)
        rows.append((label, cells))
    for label, cells in rows:
        table.add_row(label, *cells)
    table.add_section()
    table.add_row("total", *[str(pl.vp) for pl in state.players], style="bold")
    if state.ended:
        ranking = sorted(range(len(state.players)), key=lambda p: -state.players[p].vp)
        places = {p: 1 + sum(1 for q in range(len(state.players)) if state.players[q].vp > state.players[p].vp)
                  for p in ranking}
        table.add_row("place", *[str(places[p]) for p in range(len(state.players))])
    return table
