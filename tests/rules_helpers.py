"""Helpers for the rule tests (tests/rules/test_rules_*.py): build positions quickly and play moves.

A position is made in two steps:

1. `start(factions, ...)` draws a set-up with `random_setup` (explicit factions,
   optionally overriding drawn fields such as the round tiles or the boosters),
   plays the set-up placements and starting boosters through the engine and
   answers any income / Gaia-phase question with the first listed option, so
   the game stands at the first action turn of round 1.
2. `clear(state)` empties the board and gives every player plain resources,
   then `put(state, hex, player, piece)` places pieces directly, so a test sees
   exactly the pieces it placed. Both change the state through `rules.holdings`
   (`edited`, `place`), so the engine reads what the players hold again; so do
   the states `start` and `play` hand out. A test that changes by hand what a player
   holds (faction, pieces, research, tiles, booster) in a state the engine gave
   it directly says so with `holdings.edited(state)`.

Moves are written in the site's notation: `play(state, "p1 build m 4A2. endturn")`
(or with the faction name) applies each command through `Engine.apply`.
"""
from __future__ import annotations

from typing import Callable, Iterable

from gaia_rules.content import default_catalogue
from gaia_rules.formats.notation import parse_line
from gaia_rules.rules import Engine, IllegalMoveError, holdings
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup
from gaia_rules.state import AREAS, GameState
from gaia_rules.formats.movetext import token_words

ENGINE = Engine(default_catalogue())
CAT = ENGINE.catalogue


# ------------------------------------------------------------------ set-up

def make_setup(factions: list[str], seed="rules-tests", variant: str = "rules", **fields):
    setup = random_setup(CAT, len(factions), seed, variant=variant, factions=factions)
    for key, value in fields.items():
        if not hasattr(setup, key):
            raise AttributeError(key)
        setattr(setup, key, value)
    return setup


def settle(state: GameState, chooser: Callable | None = None, limit: int = 50) -> GameState:
    """Answer decisions (income order, Gaia phase, token questions) until a turn of the action phase."""
    for _ in range(limit):
        if state.ended or (state.phase == "actions" and not state.decisions):
            return state
        moves = ENGINE.legal_moves(state)
        move = chooser(state, moves) if chooser else moves[0]
        state = ENGINE.apply(state, move)
    raise AssertionError("the game did not reach an action turn")


def start(factions: list[str], seed="rules-tests", variant: str = "rules", mines: dict | None = None,
          boosters: list[str] | None = None, **fields) -> GameState:
    """A game at the first action turn of round 1.

    `mines`: {player: [hex, ...]} for the starting placements (else the first legal hex);
    `boosters`: the booster of each player (else the first on the table).
    """
    state = ENGINE.new_game(make_setup(factions, seed, variant, **fields))
    placed = {p: list(hexes) for p, hexes in (mines or {}).items()}
    while state.phase == "setup":
        p = ENGINE.to_move(state)
        if placed.get(p):
            piece = state.setup_queue[0][1]
            state = ENGINE.apply(state, Move(p, "build", (piece, placed[p].pop(0))))
        else:
            state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    while state.phase == "boosters" and not state.decisions:
        p = ENGINE.to_move(state)
        choice = boosters[p] if boosters else state.boosters_table[0]
        state = ENGINE.apply(state, Move(p, "booster", (choice,)))
    return handed_out(settle(state))


def handed_out(state: GameState) -> GameState:
    """A state as the helpers give it to a test: what its players hold is read again at the next engine
    call, so a test may change the state by hand first (`rules.holdings`)."""
    holdings.edited(state)
    return state


def clear(state: GameState, credits: int = 15, ore: int = 5, knowledge: int = 5, qic: int = 2,
          power=(2, 4, 0, 0), vp: int = 20) -> GameState:
    """Empty the board and give every player the same plain resources (a fresh position)."""
    state.board = {}
    for p in state.players:
        set_player(state, p.index, credits=credits, ore=ore, knowledge=knowledge, qic=qic, power=power, vp=vp)
        p.vp_sources = {}
    holdings.edited(state)
    return state


def set_player(state: GameState, p: int, power=None, **values) -> None:
    player = state.players[p]
    for key, value in values.items():
        if not hasattr(player, key):
            raise AttributeError(key)
        setattr(player, key, value)
    if power is not None:
        player.power = dict(zip(AREAS, power))
    holdings.edited(state, [p])  # the faction, research, tiles or booster may be among the values


def put(state: GameState, name: str, p: int, piece: str = "m") -> None:
    holdings.place(state, name, p, piece)


def set_turn(state: GameState, p: int) -> GameState:
    """Make it player p's turn (start of a turn, nothing pending)."""
    assert not state.decisions and not state.pending
    state.current = p
    state.main_done = state.turn_done = False
    return state


# ------------------------------------------------------------------ moves

def moves_of(state: GameState, line: str, engine: Engine = ENGINE) -> list[Move]:
    names = {p.faction: p.index for p in state.players if p.faction is not None}
    return parse_line(line, names, state.setup.players, token_words(engine)).moves


def play_on(engine: Engine, state: GameState, *lines: str) -> GameState:
    """Apply every command of the lines in order with `engine` (a designer's content), nothing handed out."""
    for line in lines:
        for move in moves_of(state, line, engine):
            state = engine.apply(state, move)
    return state


def play(state: GameState, *lines: str) -> GameState:
    """Apply every command of the lines in order (each through `Engine.apply`)."""
    for line in lines:
        for move in moves_of(state, line):
            state = ENGINE.apply(state, move)
    return handed_out(state)


def refused(state: GameState, line: str) -> IllegalMoveError:
    """The error of the last command of `line` (the commands before it must be accepted)."""
    moves = moves_of(state, line)
    for move in moves[:-1]:
        state = ENGINE.apply(state, move)
    try:
        ENGINE.apply(state, moves[-1])
    except IllegalMoveError as err:
        return err
    raise AssertionError(f"'{line}' was accepted")


def legal_texts(state: GameState) -> list[str]:
    return [str(m) for m in ENGINE.legal_moves(state)]


# ------------------------------------------------------------------ the map

def ctx(state: GameState):
    return ENGINE.context(state)


def planet(state: GameState, name: str) -> str:
    return ctx(state).map.planet_at(state, name)


def dist(state: GameState, a: str, b: str) -> int:
    return ctx(state).map.distance(a, b)


def hexes(state: GameState, kind: str | None = None) -> list[str]:
    """Hex names on the map (of one planet type), in a fixed order."""
    c = ctx(state)
    return sorted(h.name for h in c.map.hexes.values() if kind is None or c.map.planet_at(state, h.name) == kind)


def find(state: GameState, test: Callable[..., bool], *kinds: str | None) -> tuple[str, ...]:
    """The first tuple of hexes (one per kind) that are pairwise distinct and pass `test`."""
    pools = [hexes(state, k) for k in kinds]

    def rec(chosen: tuple[str, ...]):
        if len(chosen) == len(pools):
            return chosen if test(*chosen) else None
        for name in pools[len(chosen)]:
            if name in chosen:
                continue
            found = rec(chosen + (name,))
            if found:
                return found
        return None

    found = rec(())
    if found is None:
        raise AssertionError(f"no hexes of kinds {kinds} fit")
    return found


def far_from(state: GameState, name: str, others: Iterable[str], d: int = 2) -> bool:
    return all(dist(state, name, o) > d for o in others)


def neighbours(state: GameState, name: str) -> list[str]:
    return sorted(n for n in hexes(state) if dist(state, name, n) == 1)


def total_tokens(player) -> int:
    return sum(player.power[a] for a in AREAS) + (1 if player.token in AREAS else 0)


WHEEL = list(CAT.wheel)


def steps(home: str, target: str) -> int:
    d = abs(WHEEL.index(home) - WHEEL.index(target))
    return min(d, len(WHEEL) - d)


def type_at_steps(home: str, n: int) -> str:
    return next(t for t in WHEEL if steps(home, t) == n)


def finish_round(state: GameState, answer_income: bool = True) -> GameState:
    """Every player still in the round passes (taking the first booster on the table).

    Stops at the first decision after the passes that is not an income order
    (answered with the first listed option when `answer_income`), e.g. a
    Gaia-phase question, or at the next round's first action turn.
    """
    start_round = state.round
    while state.round == start_round and not state.ended:
        assert not state.decisions, state.decisions
        p = ENGINE.to_move(state)
        assert not state.pending and not state.main_done, 'finish the turn first'
        last = state.round >= CAT.game["rounds"]
        move = Move(p, "pass") if last else Move(p, "pass", (state.boosters_table[0],))
        state = ENGINE.apply(state, move)
    while answer_income and state.decisions and state.decisions[0].kind in ("income", "token"):
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    return state


def area_answers(state: GameState) -> dict[str, dict[str, int]]:
    """The listed answers of a pending 'which areas do the tokens come from' question, parsed."""
    out = {}
    for move in ENGINE.legal_moves(state):
        if move.command == "areas":
            out[move.args[0]] = {a: int(k) for a, _, k in (x.partition("=") for x in move.args[0].split(","))}
    return out


def take_areas(state: GameState, p: int, **split: int) -> GameState:
    """Answer the areas question with exactly `split` (e.g. area1=2, area2=1)."""
    for text, parsed in area_answers(state).items():
        if parsed == split:
            return ENGINE.apply(state, Move(p, "areas", (text,)))
    raise AssertionError(f"{split} is not among {list(area_answers(state))}")


def near(state: GameState, kind: str, d: int, origin_kinds: Iterable[str] | None = None) -> tuple[str, str]:
    """(a hex of `kind`, a planet exactly `d` away from it), the first in board order."""
    for target in hexes(state, kind):
        for k in (WHEEL if origin_kinds is None else origin_kinds):
            for origin in hexes(state, k):
                if origin != target and dist(state, target, origin) == d:
                    return target, origin
    raise AssertionError(f"no {kind} at distance {d} from a planet")


def fed_layouts(state: GameState) -> list[tuple[str, str, str, str]]:
    """Planets a, b (adjacent), c (distance 2 from b, 3+ from a) and the one empty hex e touching b and c.

    No other planet touches a, b or c, so the federation {a, b, e, c} is the only one-satellite way.
    """
    planets = {h for k in WHEEL + ["gaia", "transdim"] for h in hexes(state, k)}
    empty = set(hexes(state, "empty"))
    found = []
    for a in sorted(planets):
        for b in sorted(planets):
            if dist(state, a, b) != 1:
                continue
            for c in sorted(planets):
                if c in (a, b) or dist(state, b, c) != 2 or dist(state, a, c) < 3:
                    continue
                common = [e for e in empty if dist(state, e, b) == 1 and dist(state, e, c) == 1]
                others = [x for x in planets - {a, b, c} if min(dist(state, x, y) for y in (a, b, c)) == 1]
                if len(common) == 1 and not others:
                    found.append((a, b, c, common[0]))
    return found
