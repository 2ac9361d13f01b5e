"""What the session says about the game: the question the engine asks, round headers, seats, results.

The prompt names what the engine waits for from the state's pending decision ("X built next to you:
charge 2 power for 1 VP?"), the round header each player's income, the Automa's move in words.
`gaia play` (session.py) and `gaia move` (cli_game.py) share these lines.
"""
from __future__ import annotations

from ..formats.movetext import player_label, token_word
from ..language.english_words import with_article
from ..rules import AUTOMA_COMMAND as AUTOMA_MOVE, AUTOMA_SEAT, Engine, Game
from ..state import GameState
from .automa_text import automa_sentence


def _faction_name(engine: Engine, state: GameState, p: int | None) -> str:
    if p is None:
        return "someone"
    faction = state.players[p].faction
    return engine.catalogue.factions[faction].name if faction in engine.catalogue.factions else f"p{p + 1}"


def _structure_names(engine: Engine, state: GameState, p: int, pieces, article: bool = False) -> str:
    """'mine', or with `article` 'a mine or a Gaiaformer' (the names player p's faction gives them)."""
    faction = state.players[p].faction
    structures = engine.catalogue.factions[faction].structures if faction else {}
    names = [structures[s].name if s in structures else s for s in pieces]
    return " or ".join(with_article(n) if article else n for n in names)


# Moves that place a piece and so may offer charges to the neighbours (the Automa's one move may).
PLACING = ("build", "lostPlanet", AUTOMA_MOVE)


def _builder(engine: Engine, state: GameState, p: int | None) -> str:
    """The name of whoever placed the piece that offers player p a charge (the last other player to place one)."""
    labels = {player_label(state, q): q for q in range(len(state.players))}
    labels.update({f"p{q + 1}": q for q in range(len(state.players))})
    for text in reversed(state.moves):
        parts = text.split()
        if len(parts) > 1 and parts[1] in PLACING and labels.get(parts[0]) not in (None, p):
            return _faction_name(engine, state, labels[parts[0]])
    return "an opponent"


def _charge_question(engine: Engine, state: GameState, data: dict) -> str:
    offset = Game(state, engine).view().param(engine.to_move(state), "charge_free_power")
    amount = data.get("amount", 0)
    cost = max(0, amount - offset)
    builder = _builder(engine, state, engine.to_move(state))
    price = f"for {cost} VP" if cost else "for free"
    extra = " (with your extra gain)" if data.get("extra") else ""
    return f"{builder} built next to you: charge {amount} power{extra} {price}? [charge/decline, or y/n]"


def _token_question(engine: Engine, state: GameState, p: int, data: dict) -> str:
    token = token_word(engine, state, p)
    options = "/".join(data.get("options", []))
    n = data.get("n", 0)
    doing = {"charge": f"charging {n} power", "spend": f"spending {n} power",
             "take": f"removing {n} power tokens"}.get(data.get("op"), "moving power")
    return f"{doing}: where does your {token} go? [token {options}]"


def _follow_up_question(engine: Engine, state: GameState, p: int, kind: str, data: dict) -> str:
    if kind == "up":
        track = data.get("track")
        if track in engine.catalogue.tracks:
            return f"advance one level on {engine.catalogue.tracks[track].name}? [up {track} / decline]"
        return "advance one research level: on which track? [up TRACK / decline]"
    if kind == "tech":
        return "choose a tech tile [tech POSITION]"
    if kind == "cover":
        return "choose a tech tile of yours to cover with the advanced one [cover POSITION]"
    if kind == "build":
        what = _structure_names(engine, state, p, data.get("pieces", []), article=True)
        if data.get("from"):  # `build ts from lab`: the new piece replaces one of yours
            what += f" in place of {_structure_names(engine, state, p, [data['from']], article=True)} of yours"
        return f"build {what}: where? [build PIECE HEX]"
    if kind == "swap":
        first = _structure_names(engine, state, p, [data.get("first")])
        second = _structure_names(engine, state, p, [data.get("second")], article=True)
        return f"swap your {first} with {second}: which one? [swap-PI HEX]"
    if kind == "fedtile":
        return "choose a federation token of yours to gain again [fedtile ID]"
    if kind == "lostPlanet":
        return "place the Lost Planet: on which space hex? [lostPlanet HEX]"
    if kind == "areas":
        where = "to the Gaia area" if data.get("to") == "gaia" else "out of play"
        return f"move {data.get('n', 0)} power tokens {where}: from which bowls? [areas SPLIT]"
    return f"answer '{kind}'"


def question(engine: Engine, state: GameState) -> str:
    """What the engine waits for, in words, for whoever must act: 'choose a booster [booster ID]'."""
    if state.ended:
        return "the game has ended"
    p = engine.to_move(state)
    if p is None:
        return "nobody is to act"
    if state.decisions:
        d = state.decisions[0]
        if d.kind == "charge":
            return _charge_question(engine, state, d.data)
        if d.kind == "income":
            return "choose the order of your income: which comes first? [income AMOUNT]"
        if d.kind == "token":
            return _token_question(engine, state, p, d.data)
        if d.kind == "gaia-phase":
            return "Gaia phase: use a Gaia-phase conversion now? [spend ... / decline]"
        return _follow_up_question(engine, state, p, d.kind, d.data)
    if state.phase == "factions":
        return "choose a faction [faction NAME]"
    if state.phase == "bids":
        return "bid for a faction [bid FACTION VP]"
    if state.phase == "setup":
        piece = state.setup_queue[0][1] if state.setup_queue else "?"
        faction = engine.catalogue.factions.get(state.players[p].faction or "")
        home = engine.catalogue.planets.get(faction.home) if faction else None
        on = f" on {with_article(home.name)} planet" if home else ""
        return f"place a starting {_structure_names(engine, state, p, [piece])}{on} [build {piece} HEX]"
    if state.phase == "boosters":
        return "choose a booster [booster ID]"
    if state.phase == "actions":
        if state.pending:
            f = state.pending[0]
            if f.kind == "token":
                return _token_question(engine, state, p, f.data)
            return _follow_up_question(engine, state, p, f.kind, f.data)
        if state.main_done:
            return "end your turn, or take free actions first [endturn]"
        return "your action [a number from the list, or a move such as `build PIECE HEX`]"
    return f"{state.phase}"


def where_label(state: GameState) -> str:
    return f"round {state.round}" if state.round else "set-up"


def _amount_text(code: str, n: int) -> str:
    if code == "pw":
        return f"charge {n} power"
    if code == "t":
        return f"+{n} power token{'s' if n != 1 else ''}"
    return f"+{n}{code}"


def income_summary(engine: Engine, state: GameState, p: int) -> str:
    """What player p's income pays this round: '+4c +1o +2k, charge 3 power' ('nothing' if none)."""
    totals = Game(state, engine).view().income_totals(p)  # the engine's own reading of the income statements
    plain = " ".join(_amount_text(c, n) for c, n in totals.items() if c not in ("pw", "t") and n)
    power = [_amount_text(c, totals[c]) for c in ("pw", "t") if totals.get(c)]
    return ", ".join(x for x in [plain] + power if x) or "nothing"


def round_header(engine: Engine, state: GameState) -> list[str]:
    lines = [f"Round {state.round}"]
    view = engine.view(state)
    for p in range(len(state.players)):
        if view.holds_abilities(p):   # a seat that holds no abilities (the Automa) has no income
            lines.append(f"  income of {player_label(state, p)}: {income_summary(engine, state, p)}")
    return lines


def seat_label(engine: Engine, state: GameState, p: int) -> str:
    """A seat as the session names it: its label, or 'the Automa (FACTION)' for the Automa's seat."""
    automa = engine.view(state).seat_kind(p) == AUTOMA_SEAT
    return f"the Automa ({player_label(state, p)})" if automa else player_label(state, p)


def automa_line(engine: Engine, state: GameState) -> str:
    """The Automa's last move in words, with its VP after a turn or a pass (state: after the move)."""
    record = state.automa.log[-1] if state.automa is not None and state.automa.log else None
    if record is None:
        return f"{seat_label(engine, state, state.automa.seat)} moves"
    who = seat_label(engine, state, state.automa.seat)
    text = f"{who[:1].upper()}{who[1:]} {automa_sentence(engine.catalogue, state, record)}"
    if record.get("kind") in ("turn", "pass"):
        text += f" ({state.players[state.automa.seat].vp} VP)"
    return text


def result_words(engine: Engine, state: GameState) -> str:
    """`winner: <faction> with 61 VP`, or `tie for first: <faction> and <faction> with 58 VP` when the most VP are shared."""
    top = max(p.vp for p in state.players)
    first = [seat_label(engine, state, p.index) for p in state.players if p.vp == top]
    if len(first) == 1:
        return f"winner: {first[0]} with {top} VP"
    return f"tie for first: {', '.join(first[:-1])} and {first[-1]} with {top} VP"
