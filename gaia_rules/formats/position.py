"""A position file: a game state written directly, for a designer to start a game or a test from.

A YAML mapping (schema: `schemas/setup/position.schema.json`): the set-up file's fields
(`content/setupfile.py`), then `round`, `phase`, `turn` and `seats`, what each seat holds
(docs/designing.md, "Positions"). The state is built in two steps, so that what the file does
not name follows from the set-up as usual:

1. the set-up is drawn from the file's fields and played by the engine (starting pieces on the
   first legal hexes the file does not name, the boosters the seats name or the first ones left,
   every question answered with its first listed answer) to the first turn of round 1;
2. what the file names replaces what the set-up gave (`position_seats.py`: one part at a time), through the holdings' functions, and the engine reads the state again (`Engine.resume`).

A position the rules could not reach in a way that breaks them (two pieces on one hex, more pieces
than the faction has, a tile or booster held twice, an unknown hex, tile or track) is refused with
every problem at its line (`PositionError`), never half built.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from ..errors import GaiaError
from ..content.loader import Loader, schema_dir
from ..content.setupfile import FIELDS, SOLO_PLAYERS, SetupFile
from ..content.yamlsrc import Diagnostic, Located, load_yaml, load_yaml_text
from ..rules import Engine, Move
from ..setup import SetupError, random_setup, setup_arguments, setup_problems, solo_choices
from ..state import GameState
from .position_seats import apply_seats, check_seats

SCHEMA_FILE = Path("setup") / "position.schema.json"
SETUP_SCHEMA_FILE = Path("setup") / "setup.schema.json"
POSITION_FIELDS = ("round", "phase", "turn", "seats")
DEFAULT_SEED = "position"
"""The seed of a position whose file names none (a position is the same state every time it is read)."""
SETTLE_LIMIT = 500
"""Moves the engine plays at most to bring the set-up to the first turn (a 4-player set-up takes about 20)."""


class PositionError(GaiaError, ValueError):
    """A position file that cannot be used: its problems, each at its place (the first is the message)."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        more = len(diagnostics) - 1
        super().__init__(f"{diagnostics[0]}" + (f" (and {more} more problem{'s' if more != 1 else ''})" if more else ""))


@lru_cache(maxsize=4)
def validator(relative: Path = SCHEMA_FILE) -> Draft202012Validator:
    """A validator of a schema in schemas/setup/ that may refer to its neighbours there (`setup.schema.json#...`)."""
    registry = Registry()
    for path in sorted((schema_dir() / "setup").glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        registry = registry.with_resource(contents["$id"], Resource.from_contents(contents))
    schema = json.loads((schema_dir() / relative).read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=registry)


def schema_problems(src: Located, relative: Path, what: str, path: tuple = ()) -> list[Diagnostic]:
    """Every schema problem of the data at `path` of `src`, at its line (a `oneOf` names its first branch's)."""
    data = src.data
    for key in path:
        data = data[key]
    out = []
    for err in sorted(validator(relative).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        while err.validator == "oneOf" and err.context:  # the branch that got furthest into the data
            err = min(err.context, key=lambda e: (-len(e.absolute_path), e.validator == "type", str(e.message)))
        moved = _MovedError(path + tuple(err.absolute_path), err.validator, err.schema, err.instance, err.message,
                            err.validator_value)
        out.extend(Loader._schema_messages(src, moved, what))
    return out


@dataclass(frozen=True)
class _MovedError:
    """A schema error of data inside a file, with its path from the file's top (what the loader's messages read)."""

    absolute_path: tuple
    validator: str
    schema: Any
    instance: Any
    message: str
    validator_value: Any


@dataclass
class PositionFile:
    """A position file as read: its data with positions, the path of its mapping inside `src`, and its folder."""

    src: Located
    path: tuple = ()
    folder: Path = Path(".")

    @property
    def data(self) -> dict:
        data = self.src.data
        for key in self.path:
            data = data[key]
        return data

    def diag(self, path: tuple, message: str) -> Diagnostic:
        return self.src.diag(self.path + tuple(path), message)

    def diag_key(self, path: tuple, message: str) -> Diagnostic:
        return self.src.diag_key(self.path + tuple(path), message)

    def setup_file(self) -> SetupFile:
        """The set-up fields, located as in this file (for the set-up file's own checks)."""
        fields = {k: v for k, v in self.data.items() if k in FIELDS}
        return SetupFile(self.src.file, fields, _Shifted(self.src, self.path))


class _Shifted(Located):
    """A `Located` seen from a mapping inside it: paths are relative to that mapping."""

    def __init__(self, src: Located, prefix: tuple):
        super().__init__(src.file, src.data, src.positions, src.key_positions, src.styles)
        self.prefix = prefix

    def diag(self, path, message, offset=0):
        return super().diag(self.prefix + tuple(path), message, offset)

    def diag_key(self, path, message):
        return super().diag_key(self.prefix + tuple(path), message)


def read_position(path: Path | str, display: str | None = None) -> tuple[PositionFile | None, list[Diagnostic]]:
    """Read a position file and check it against its schema; (the file, or None if unusable; problems)."""
    src, problems = load_yaml(path, display or str(path))
    if src is None:
        return None, problems
    return located_position(src, (), Path(path).parent)


def read_position_text(text: str, name: str) -> tuple[PositionFile | None, list[Diagnostic]]:
    src, problems = load_yaml_text(text, name)
    if src is None:
        return None, problems
    return located_position(src, (), Path("."))


def located_position(src: Located, path: tuple, folder: Path) -> tuple[PositionFile | None, list[Diagnostic]]:
    """The position at `path` of a YAML file already read (a test file's inline `position:`), schema-checked."""
    pos = PositionFile(src, path, folder)
    if not isinstance(pos.data, dict):
        return None, [pos.diag((), "expected a mapping of position fields (set-up fields, round, phase, turn, seats)")]
    problems = schema_problems(src, SCHEMA_FILE, "position", path)
    return (None, problems) if problems else (pos, [])


# ------------------------------------------------------------------ building the state

def position_problems(engine: Engine, pos: PositionFile) -> list[Diagnostic]:
    """Every problem of a position against the engine's content (empty: `build_position` builds it)."""
    try:
        build_position(engine, pos)
    except PositionError as err:
        return err.diagnostics
    return []


def build_position(engine: Engine, pos: PositionFile) -> GameState:
    """The game state the position file says; `PositionError` with every problem otherwise."""
    setup = _setup(engine, pos)
    state = _played_setup(engine, pos, setup)
    data = pos.data
    rounds = engine.catalogue.game["rounds"]
    if data.get("round", 1) > rounds:
        raise PositionError([pos.diag(("round",), f"round {data['round']} is past the game's last round "
                                                  f"(game.yaml's rounds: {rounds})")])
    if data.get("phase") == "income" and data.get("round", 1) == 1:
        raise PositionError([pos.diag(("phase",), "round 1 begins with the set-up, whose income is paid already: "
                                                  "phase income is for round 2 or later (name the seats' "
                                                  "resources instead)")])
    problems = check_seats(engine, state, pos)
    if problems:
        raise PositionError(problems)
    apply_seats(engine, state, pos)
    turn = _turn(engine, state, pos)
    state.moves = []  # the set-up's moves led to the game the file changed: this state has no moves behind it
    engine.resume(state, data.get("round", 1), data.get("phase", "actions"), turn)
    return state


def _setup(engine: Engine, pos: PositionFile):
    setup_file = pos.setup_file()
    fields = setup_file.fields
    players = fields.get("players")
    if players is None:
        players = len(fields["factions"]) if "factions" in fields else None
    if players is None:
        raise PositionError([pos.diag((), "a position names its players (players: N, or factions: [...])")])
    problems = setup_problems(engine.catalogue, setup_file, players)
    if problems:
        raise PositionError(problems)
    args = setup_arguments(fields, players)
    seed = args["seed"] or DEFAULT_SEED
    try:
        if players == SOLO_PLAYERS:
            args["automa"], args["difficulty"] = solo_choices(engine.catalogue, seed, args["automa"],
                                                              args["difficulty"], args["factions"])
        return random_setup(engine.catalogue, players, seed, variant=args["variant"], layout=args["layout"],
                            factions=args["factions"] or [None] * players, fixed=args["fixed"],
                            automa=args["automa"], difficulty=args["difficulty"])
    except SetupError as err:
        raise PositionError([pos.diag((), f"the set-up is refused: {err}")]) from None


def _played_setup(engine: Engine, pos: PositionFile, setup) -> GameState:
    """The set-up played to the first turn of round 1, keeping off the hexes and boosters the file names."""
    try:
        state = engine.new_game(setup)
    except SetupError as err:
        raise PositionError([pos.diag((), f"the set-up is refused: {err}")]) from None
    seats = pos.data.get("seats") or []
    named_hexes = {h for s in seats if s for h in (s.get("pieces") or {})}
    wanted = {i: s["booster"] for i, s in enumerate(seats) if s and s.get("booster")}
    for _ in range(SETTLE_LIMIT):
        if state.ended or (state.phase == "actions" and not state.decisions):
            return state
        state = engine.apply(state, _set_up_move(engine, state, named_hexes, wanted))
    raise PositionError([pos.diag((), f"the set-up did not reach round 1 in {SETTLE_LIMIT} moves")])


def _set_up_move(engine: Engine, state: GameState, named_hexes: set[str], wanted: dict[int, str]) -> Move:
    moves = engine.legal_moves(state)
    p = engine.to_move(state)
    taken_later = set(wanted.values()) - {wanted.get(p)}
    for move in moves:
        if move.command == "booster" and wanted.get(p) in move.args:
            return move
    for move in moves:
        if move.command == "build" and move.args[-1] in named_hexes:
            continue
        if move.command == "booster" and move.args[0] in taken_later:
            continue
        return move
    return moves[0]


def _turn(engine: Engine, state: GameState, pos: PositionFile) -> int | None:
    """The seat whose turn it is (None: the first in turn order that has not passed)."""
    turn = pos.data.get("turn")
    if turn is None:
        return None
    seat = seat_number(state, turn)
    if seat is None:
        names = ", ".join(f"{i + 1} ({p.faction})" for i, p in enumerate(state.players))
        raise PositionError([pos.diag(("turn",), f"no seat '{turn}' in this game (seats: {names})")])
    if state.players[seat].passed:
        raise PositionError([pos.diag(("turn",), f"seat {seat + 1} has passed: it has no turn this round")])
    if engine.view(state).plays_by_deck(seat) and pos.data.get("phase", "actions") != "actions":
        raise PositionError([pos.diag(("turn",), "a turn is named only in the action phase")])
    return seat


def seat_number(state: GameState, ref: Any) -> int | None:
    """Seat index of a seat number (1 first), `pN` or a faction id."""
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref - 1 if 1 <= ref <= len(state.players) else None
    text = str(ref)
    if text.startswith("p") and text[1:].isdigit():
        return seat_number(state, int(text[1:]))
    return next((p.index for p in state.players if p.faction == text), None)


def load_position(engine: Engine, path: Path | str) -> GameState:
    """Read and build a position file; `PositionError` with every problem (its reading's too)."""
    pos, problems = read_position(path)
    if pos is None:
        raise PositionError(problems)
    return build_position(engine, pos)
