"""Showing a game to people: player labels, moves in the site notation, state and score tables.

Used by the `gaia` command. Labels, structures, tracks, tokens and tiles all
come from the state and the catalogue; no component is named here.
"""
from __future__ import annotations

from rich.console import Console
from rich.table import Table

import textwrap

from ..formats.movetext import move_text, player_label, token_word
from ..rules import AUTOMA_EXTRA_KEY, AUTOMA_SEAT, AUTOMA_VP_KEYS, Engine, FREE_ACTION, Game, IllegalMoveError, Move
from ..state import GameState
from .automa_text import automa_rows, game_words
from .describe import describe, kind_of, named
from .explain import title
from .explain_text import words_for
from ..language.english import gains_text, price_text

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
    rounds = engine.catalogue.game["rounds"]
    where = f"round {state.round}/{rounds}" if state.round else "set-up"
    n = len(state.moves)
    return f"{where}, phase {state.phase}, {n} move{'' if n == 1 else 's'}; to act: {waiting_for(engine, state)}"


# ------------------------------------------------------------------ names of components

def tile_title(engine: Engine, ident: str) -> str:
    """The short name of a tile, booster or token ('Q.I.C. and credits'), from the catalogue."""
    kind = kind_of(engine.catalogue, ident)
    return title(engine.catalogue, kind, ident) if kind else ident


def _tech_at(state: GameState, pos: str) -> str | None:
    """The tech tile at a position of the research board (`terra`, `free1`, `adv-nav`)."""
    if pos.startswith("adv-"):
        return state.setup.advanced_tiles.get(pos[4:])
    return state.setup.tech_tiles.get(pos)


def move_note(engine: Engine, state: GameState, move: Move) -> str:
    """What the ids in a move name ('BOOSTER: income 1 Q.I.C. and 2 credits'), or '' (state: before the move)."""
    cat, args = engine.catalogue, move.args
    if not args:
        return ""
    first = args[0]
    if move.command in ("faction", "bid"):
        return describe(cat, first, "faction")
    if move.command in ("booster", "pass"):
        return describe(cat, first, "booster")
    if move.command == "action":
        return describe(cat, first, "board_action")
    if move.command == "up":
        return describe(cat, first, "research_track")
    if move.command == "tech":
        tile = _tech_at(state, first)
        return named(cat, tile) if tile else ""
    if move.command == "cover":
        held = next((t.tile for t in state.players[move.player].tech if t.pos == first), None)
        return named(cat, held) if held else ""
    if move.command == "fedtile":
        return describe(cat, first, "federation_token")
    if move.command == "federation" and len(args) > 1:
        return describe(cat, args[1], "federation_token")
    if move.command == "special":
        return special_note(engine, state, move.player, first)
    if move.command == "build" and state.players[move.player].faction:
        faction = cat.factions[state.players[move.player].faction]
        s = faction.structures.get(first)
        return s.name if s is not None else ""
    return ""


def special_note(engine: Engine, state: GameState, p: int, name: str) -> str:
    """What the special action the notation calls `name` does, in words ('special down-lab' ->
    'turn a research lab of yours into a trading station and advance one level on any track');
    '' when player p holds none of that name."""
    gains = Game(state, engine).view().special_gains(p, name)
    if gains is None:
        return ""
    faction = engine.catalogue.factions.get(state.players[p].faction or "")
    return gains_text(gains, words_for(engine.catalogue, faction))


# Resources a move may cost or give, as the site's notation writes them, and the player's field for each.
DELTA_FIELDS: tuple[tuple[str, str], ...] = (("c", "credits"), ("o", "ore"), ("k", "knowledge"), ("q", "qic"),
                                              ("vp", "vp"))


def move_delta(engine: Engine, state: GameState, move: Move) -> str:
    """What the move costs and gives its player right away, e.g. '-2c -1o +2vp' ('' if nothing or refused)."""
    trial = state.clone()
    try:
        engine.apply_in_place(trial, move)
    except IllegalMoveError:
        return ""
    before, after = state.players[move.player], trial.players[move.player]
    parts = [f"{getattr(after, f) - getattr(before, f):+d}{code}" for code, f in DELTA_FIELDS
             if getattr(after, f) != getattr(before, f)]
    spent = before.power.get("area3", 0) - after.power.get("area3", 0)
    if spent > 0 and after.power.get("area1", 0) >= before.power.get("area1", 0):
        parts.append(f"-{spent}pw")
    moved = after.power.get("gaia", 0) - before.power.get("gaia", 0)
    owed = [f for f in trial.pending + trial.decisions if f.player == move.player and "to" in f.data]
    moved += sum(f.data.get("n", 0) for f in owed if f.data["to"] == "gaia")
    if moved > 0:
        parts.append(f"-{moved}t to the Gaia area")
    return " ".join(sorted(parts, key=lambda t: t.startswith("+")))


def move_line(engine: Engine, state: GameState, move: Move, with_player: bool = True) -> str:
    """A move in the notation followed by what its ids name: 'p1 pass BOOSTER: income 1 Q.I.C. and 2 credits'."""
    text = move_text(engine, state, move, with_player)
    note = move_note(engine, state, move)
    return f"{text}: {note}" if note and note != move.args[-1] else text


def numbered_moves(engine: Engine, state: GameState, moves: list[Move]) -> list[str]:
    """The legal moves one per line, numbered from 1 as `gaia moves FILE` and `gaia move FILE N` count them."""
    width = len(str(len(moves)))
    return [f"{i:>{width}}. {move_line(engine, state, m)}" for i, m in enumerate(moves, 1)]


FREE_COMMANDS = ("spend", "burn")
LIST_WIDTH = 100


def _numbers(indices: list[int]) -> str:
    """'4', '4-9' or '4-6, 9' from 1-based move numbers."""
    runs: list[list[int]] = []
    for i in indices:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _resource_words(engine: Engine, text: str) -> str:
    """'4pw' -> 'power', '1t' -> 'power tokens' (the resource as a price names it, in the plural)."""
    from ..language.parser import EffectSyntaxError, parse_price  # the parser: only when a move spends a resource
    code = text.lstrip("0123456789")
    try:
        return price_text(parse_price(f"2{code}"), words_for(engine.catalogue)).removeprefix("2 ")
    except EffectSyntaxError:  # not a price the language reads: show it as written
        return code


def free_summary(engine: Engine, moves: list[Move]) -> str:
    """The free actions in one phrase: 'spend Q.I.C. for ore; ore for credits or power tokens; burn 1-2 power'."""
    spends: dict[str, list[str]] = {}
    burns: list[str] = []
    for m in moves:
        if m.command == "spend" and len(m.args) >= 2:
            gains = spends.setdefault(_resource_words(engine, m.args[0]), [])
            gain = " and ".join(_resource_words(engine, g) for g in m.args[1].split(","))
            if gain not in gains:
                gains.append(gain)
        elif m.command == "burn" and m.args:
            burns.append(m.args[0])
    parts = [f"{cost} for {' or '.join(gains)}" for cost, gains in spends.items()]
    text = ("spend " + "; ".join(parts)) if parts else ""
    if burns:
        span = burns[0] if len(burns) == 1 else f"{burns[0]}-{burns[-1]}"
        text += ("; " if text else "") + f"burn {span} power"
    return text


def compact_moves(engine: Engine, state: GameState, moves: list[Move]) -> list[str]:
    """The legal moves for a screen: numbered as `gaia moves` numbers them, builds of one piece at one
    price on one line, each main action with what it costs and gives, the free actions in one line."""
    lines: list[str] = []
    width = len(str(len(moves)))
    builds: dict[tuple[str, str], list[int]] = {}
    order: list[tuple[str, tuple]] = []
    free = [i for i, m in enumerate(moves) if m.command in FREE_COMMANDS]
    for i, m in enumerate(moves):
        if m.command in FREE_COMMANDS:
            continue
        delta = move_delta(engine, state, m) if state.phase == "actions" else ""
        if m.command == "build" and len(m.args) == 2:
            key = (m.args[0], delta)
            if key not in builds:
                builds[key] = []
                order.append(("build", key))
            builds[key].append(i)
        else:
            order.append(("one", (i, delta)))
    for what, key in order:
        if what == "build":
            piece, delta = key
            first = moves[builds[key][0]]
            head = f"{'':>{width}}  build {piece}"
            note = move_note(engine, state, first)
            head += f" ({note})" if note else ""
            head += f" {delta}:" if delta else ":"
            items = "  ".join(f"{i + 1} {moves[i].args[1]}" for i in builds[key])
            lines += textwrap.wrap(items, LIST_WIDTH, initial_indent=head + " ", subsequent_indent=" " * (width + 4))
        else:
            i, delta = key
            text = f"{i + 1:>{width}}. {move_line(engine, state, moves[i])}"
            lines.append(f"{text}  ({delta})" if delta else text)
    if free:
        numbers = _numbers([i + 1 for i in free])
        lines += textwrap.wrap(f"free actions {numbers}: {free_summary(engine, [moves[i] for i in free])} "
                               f"(`moves all` lists each)", LIST_WIDTH, initial_indent=f"{'':>{width}}  ",
                               subsequent_indent=" " * (width + 4))
    return lines


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
    view = engine.view(state)
    for p in indices:
        mark = " *" if p == current else ""
        automa = " (Automa)" if view.seat_kind(p) == AUTOMA_SEAT else ""
        table.add_column(f"p{p + 1} {state.players[p].faction or '(no faction)'}{automa}{mark}")

    def row(label: str, fn, held: bool = False) -> None:
        """`held`: what only a player holds (resources, power, tiles); the Automa's seat shows a dash."""
        table.add_row(label, *["-" if held and not view.holds_abilities(p) else fn(state.players[p], p) for p in indices])

    row("VP", lambda pl, p: str(pl.vp))
    row("credits", lambda pl, p: str(pl.credits), held=True)
    row("ore", lambda pl, p: str(pl.ore), held=True)
    row("knowledge", lambda pl, p: str(pl.knowledge), held=True)
    row("QIC", lambda pl, p: str(pl.qic), held=True)
    for code in sorted(Game(state, engine).view().stored_resources):  # resources the content adds (data alone)
        name = cat.resources.get(code, {}).get("plural", code)
        row(name, lambda pl, p, c=code: str(pl.other.get(c, 0)), held=True)
    row("power I/II/III", lambda pl, p: _power(engine, state, p), held=True)
    row("Gaiaformers", lambda pl, p: f"{pl.gaiaformers} ({pl.gaiaformers_in_gaia} in gaia)" if pl.gaiaformers else "0",
        held=True)
    for track in sorted(cat.tracks.values(), key=lambda t: t.order):
        row(f"research {track.id}", lambda pl, p, t=track.id: str(pl.research.get(t, 0)))
    row("structures", lambda pl, p: _pieces(state, p, engine))
    row("tech tiles", lambda pl, p: ", ".join(f"{t.tile} {tile_title(engine, t.tile)} ({t.pos}"
                                              f"{'' if t.enabled else ', covered'})" for t in pl.tech) or "-", held=True)
    row("federations", lambda pl, p: str(pl.federations_formed))
    row("fed. tokens", lambda pl, p: ", ".join(f"{t.tile} ({describe(cat, t.tile, 'federation_token')})"
                                               f"{' green' if t.green else ''}" for t in pl.fed_tokens) or "-", held=True)
    row("satellites", lambda pl, p: str(pl.satellites))
    row("booster", lambda pl, p: f"{pl.booster} ({tile_title(engine, pl.booster)})" if pl.booster else "-")
    row("passed", lambda pl, p: "yes" if pl.passed else "no")
    return table


def table_table(engine: Engine, state: GameState) -> Table:
    cat = engine.catalogue
    s = state.setup
    table = Table(title="Table", show_header=False, title_justify="left")
    table.add_column("", style="bold")
    table.add_column("")
    rounds = [f"[{i}] {t} ({tile_title(engine, t)})" if i == state.round else f"{i} {t} ({tile_title(engine, t)})"
              for i, t in enumerate(s.round_tiles, 1)]
    table.add_row("round tiles", "\n".join(rounds))
    table.add_row("final tiles", ", ".join(f"{t} ({tile_title(engine, t)})" for t in s.final_tiles))
    table.add_row("boosters", "\n".join(named(cat, b, "booster") for b in state.boosters_table) or "-")
    used = [a for a in cat.board_actions if a in state.board_actions_used]
    table.add_row("actions used", ", ".join(used) or "-")
    table.add_row("tech tiles", "\n".join(f"{pos} {named(cat, tile)}" for pos, tile in s.tech_tiles.items()))
    table.add_row("advanced", "\n".join(f"{track} {named(cat, tile)}"
                                         + ("" if state.tech_supply.get(f"adv-{track}", 1) else " (taken)")
                                         for track, tile in s.advanced_tiles.items()))
    table.add_row("terraforming token", named(cat, state.terraforming_token, "federation_token")
                  if state.terraforming_token else "-")
    table.add_row("federation supply", ", ".join(f"{k} {v}" for k, v in state.fed_supply.items() if v) or "-")
    table.add_row("turn order", ", ".join(player_label(state, p) for p in state.turn_order) or "-")
    return table


def auction_table(engine: Engine, state: GameState) -> Table:
    """The factions on offer in an auction: who holds each and for what bid (VP paid at set-up's end)."""
    table = Table(title=f"Auction ({state.setup.auction})", title_justify="left")
    for column in ("faction", "held by", "bid"):
        table.add_column(column)
    for offer in state.offers:
        holder, bid = offer["holder"], offer["bid"]
        table.add_row(named(engine.catalogue, offer["faction"], "faction"),
                      "nobody yet" if holder is None else player_label(state, holder),
                      "-" if bid is None else f"{bid} VP")
    return table


def show_state(console: Console, engine: Engine, state: GameState, only: int | None = None) -> None:
    s = state.setup
    what = game_words(engine.catalogue, s) if s.automa is not None else f"{s.players} players"
    console.print(f"Game {s.seed!r}: {what}, variant {s.variant}")
    console.print(status_line(engine, state))
    if state.offers and state.phase in ("factions", "bids"):
        console.print(auction_table(engine, state))
    console.print(players_table(engine, state, only))
    if state.automa is not None and (only is None or engine.view(state).seat_kind(only) == AUTOMA_SEAT):
        console.print(automa_table(engine, state))
    if only is None:
        console.print(table_table(engine, state))


def automa_table(engine: Engine, state: GameState) -> Table:
    """The Automa's cards in a solo game: its faction card, difficulty, VP, deck, next support card, last move."""
    table = Table(title="Automa", show_header=False, title_justify="left")
    table.add_column("", style="bold")
    table.add_column("")
    for name, value in automa_rows(engine.catalogue, state):
        table.add_row(name, value)
    return table


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


# Sources of VP that are mechanisms of the engine rather than components.
SOURCE_WORDS: dict[str, str] = {"spend": "resources left", FREE_ACTION: "free actions", "charge": "charging power (paid)",
                                "federation": "federation tokens",
                                AUTOMA_VP_KEYS["card"]: "Automa: decision cards", AUTOMA_VP_KEYS["faction-card"]:
                                    "Automa: faction card actions", AUTOMA_VP_KEYS["faction-rule"]:
                                    "Automa: faction card rules",
                                AUTOMA_EXTRA_KEY: "Automa: difficulty's extra VP"}


def source_label(engine: Engine, state: GameState, key: str) -> str:
    """A row of the score table named by its source: 'round3 TILE (4 VP per trading station)'."""
    cat = engine.catalogue
    finals, rounds = state.setup.final_tiles, state.setup.round_tiles
    number = key[5:] if key[:5] in ("final", "round") and key[5:].isdigit() else None
    if key.startswith("final") and number and 0 < int(number) <= len(finals):
        tile = finals[int(number) - 1]
        return f"{key} {tile} {tile_title(engine, tile)} (count)"
    if key.startswith("round") and number and 0 < int(number) <= len(rounds):
        return f"{key} {rounds[int(number) - 1]} ({tile_title(engine, rounds[int(number) - 1])})"
    if key in cat.tracks:
        return f"research {cat.tracks[key].name}"
    if key in SOURCE_WORDS:
        return SOURCE_WORDS[key]
    if key.startswith("tech-") and _tech_at(state, key[5:]):
        tile = _tech_at(state, key[5:])
        return id_and_name(tile, tile_title(engine, tile))
    if key in cat.board_actions:
        return f"action {key} ({describe(cat, key, 'board_action').rsplit(' for ', 1)[0]})"

    kind = kind_of(cat, key)
    return id_and_name(key, title(cat, kind, key)) if kind else key


def id_and_name(ident: str, name: str) -> str:
    """A component's id, then its name; the name alone when it only repeats the id (a designer's faction
    `delvers` named 'Delvers' reads 'Delvers', not 'delvers Delvers')."""
    if name.lower().replace(" ", "-") == ident.lower():
        return name
    return f"{ident} {name}"


def _seat_columns(engine: Engine, state: GameState, table: Table) -> None:
    """A column per seat, `pN FACTION`, the Automa's marked."""
    view = engine.view(state)
    for p, pl in enumerate(state.players):
        automa = " (Automa)" if view.seat_kind(p) == AUTOMA_SEAT else ""
        table.add_column(f"p{p + 1} {pl.faction or ''}{automa}".strip(), justify="right")


def groups_table(engine: Engine, state: GameState) -> Table:
    """Each player's VP by source group (`Game.score_groups`, the groups of the lab): a solo game's
    comparison with the Automa, whose VP come from its own sources (decision cards, faction card, ...)."""
    title = "VP by source group" + ("" if state.ended else f" after {len(state.moves)} moves")
    table = Table(title=title, title_justify="left")
    table.add_column("group", style="bold")
    game = Game(state, engine)
    groups = [game.score_groups(p) for p in range(len(state.players))]
    _seat_columns(engine, state, table)
    names: list[str] = []
    for g in groups:
        names += [k for k in g if k not in names]
    for name in names:
        table.add_row(name, *[str(g.get(name, 0)) for g in groups])
    table.add_section()
    table.add_row("total", *[str(pl.vp) for pl in state.players], style="bold")
    return table


def score_table(engine: Engine, state: GameState) -> Table:
    """Final (or current) VP of each player, by source: `vp_sources` and `final_scoring`."""
    title = "Final score" if state.ended else f"Score after {len(state.moves)} moves"
    table = Table(title=title, title_justify="left")
    table.add_column("source", style="bold")
    _seat_columns(engine, state, table)
    rows = []
    start = [pl.vp - sum(pl.vp_sources.values()) for pl in state.players]
    rows.append(("start", [str(v) for v in start]))
    for key in _source_order(state, engine):
        label = source_label(engine, state, key)
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
