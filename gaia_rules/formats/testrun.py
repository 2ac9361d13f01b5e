"""Running a designer's test file (`testfile.py`): build the position, play the moves, compare.

Each part of `expect` is compared seat by seat with what the moves changed, exactly: a seat named
under a part must change as said there, and what the part does not name must not change. The
first difference is the outcome, with the line of the expectation it breaks (docs/designing.md).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..content import default_catalogue
from ..content.loader import ContentError
from ..content.spelling import did_you_mean
from ..content.yamlsrc import Diagnostic
from ..rules import Engine, IllegalMoveError, MoveSyntaxError, recorded_events
from ..state import AREAS, GameState
from .movetext import parse_move
from .position import PositionError, build_position, read_position, seat_number
from .testfile import SEAT_PARTS, TEST_SUFFIX, TestFile, TestFileError, designer_files, read_test

RESOURCE_FIELDS = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic"}


@dataclass
class Outcome:
    """One test's result: passed, failed at an expectation (`line`, expected/got), or not run (`error`)."""

    file: str
    passed: bool
    line: int | None = None
    message: str = ""
    expected: Any = None
    got: Any = None
    error: bool = False
    description: str = ""

    def text(self) -> str:
        """One line: `pass  FILE  description`, `FAIL  FILE:LINE: what: expected X, got Y`, `ERROR ...`."""
        if self.passed:
            return f"pass  {self.file}" + (f"  {self.description}" if self.description else "")
        if self.error:
            return f"ERROR {self.message}"
        return f"FAIL  {self.file}:{self.line}: {self.message}"

    def to_json(self) -> dict:
        return asdict(self)


class _Differs(Exception):
    """The first difference found (raised to stop comparing)."""

    def __init__(self, path: tuple, message: str, expected: Any = None, got: Any = None):
        super().__init__(message)
        self.path, self.message, self.expected, self.got = path, message, expected, got


def run_files(paths: list[Path]) -> list[Outcome]:
    return [run_file(p) for p in paths]


def run_file(path: Path) -> Outcome:
    """Read and run one test file."""
    try:
        test = read_test(path)
    except TestFileError as err:
        return Outcome(str(path), False, err.diagnostics[0].line, str(err.diagnostics[0]), error=True)
    return run_test(test)


@lru_cache(maxsize=16)
def _engine(overlays: tuple[str, ...]) -> Engine:
    return Engine(default_catalogue(overlays))


def designer_file_problems(paths: list[Path], catalogue) -> list[Diagnostic]:
    """Every problem of the test and position files under `paths` (`gaia validate`): a test file is read
    and its position built under its own content; a position file is built under `catalogue`."""
    out: list[Diagnostic] = []
    engine = Engine(catalogue)
    for path in designer_files(paths):
        if path.name.endswith(TEST_SUFFIX):
            out += _test_problems(path)
            continue
        pos, problems = read_position(path)
        if pos is not None:
            try:
                build_position(engine, pos)
            except PositionError as err:
                problems = err.diagnostics
        out += problems
    return out


def _test_problems(path: Path) -> list[Diagnostic]:
    try:
        test = read_test(path)
        build_position(_engine(tuple(str(p.resolve()) for p in test.content)), test.position)
    except (TestFileError, PositionError) as err:
        return err.diagnostics
    except ContentError as err:
        return [Diagnostic(str(path), 1, 1, f"its content has problems: {err.diagnostics[0]}")]
    return []


def run_test(test: TestFile) -> Outcome:
    name = str(test.path)
    try:
        engine = _engine(tuple(str(p.resolve()) for p in test.content))
    except ContentError as err:
        return Outcome(name, False, 1, f"{name}: its content has problems: {err.diagnostics[0]}", error=True)
    try:
        before = build_position(engine, test.position)
    except PositionError as err:
        return Outcome(name, False, err.diagnostics[0].line, str(err), error=True)
    try:
        after, events = _play(engine, test, before)
        _compare(engine, test, before, after, events)
    except TestFileError as err:
        return Outcome(name, False, err.diagnostics[0].line, str(err), error=True)
    except _Differs as d:
        return Outcome(name, False, test.line(d.path), d.message, d.expected, d.got, description=test.description)
    return Outcome(name, True, description=test.description)


def _play(engine: Engine, test: TestFile, state: GameState) -> tuple[GameState, list]:
    """The state after the moves (before the last, when it must be refused) and the events fired."""
    refused = test.expect.get("refused")
    with recorded_events() as events:
        for i, text in enumerate(test.moves):
            where = ("moves", i)
            try:
                move = parse_move(engine, state, text)
            except MoveSyntaxError as err:
                raise TestFileError([test.diag(where, str(err))]) from None
            last = i == len(test.moves) - 1
            try:
                new = engine.apply(state, move)
            except IllegalMoveError as err:
                if last and refused is not None:
                    if err.rule != refused:
                        raise _Differs(("expect", "refused"), f"move {i + 1} '{text}' refused: expected rule "
                                                              f"{refused}, got {err.rule} ({err.message})",
                                       refused, err.rule) from None
                    return state, events
                raise _Differs(where, f"move {i + 1} '{text}' refused: {err.message} [{err.rule}]",
                               "accepted", err.rule) from None
            if last and refused is not None:
                raise _Differs(("expect", "refused"), f"move {i + 1} '{text}': expected refused (rule {refused}), "
                                                      f"got accepted", refused, "accepted")
            state = new
    return state, events


# ------------------------------------------------------------------ comparing

def snapshot(engine: Engine, state: GameState, p: int) -> dict[str, Any]:
    """What a test compares of one seat."""
    player = state.players[p]
    resources = {code: getattr(player, attr) for code, attr in RESOURCE_FIELDS.items()}
    resources.update({r: player.other.get(r, 0) for r in sorted(engine.view(state).stored_resources)})
    return {"resources": resources, "vp": player.vp, "vp_sources": dict(player.vp_sources),
            "power": {a: player.power.get(a, 0) for a in AREAS},
            "research": {t: player.research.get(t, 0) for t in engine.catalogue.tracks},
            "pieces": {n: h.piece for n, h in state.board.items() if h.owner == p},
            "tiles": [(t.tile, t.enabled) for t in player.tech],
            "federation_tokens": [t.tile for t in player.fed_tokens]}


def _compare(engine: Engine, test: TestFile, before: GameState, after: GameState, events: list) -> None:
    for part in SEAT_PARTS:
        for ref, want in (test.expect.get(part) or {}).items():
            p = seat_number(before, ref)
            where = ("expect", part, ref)
            if p is None:
                names = ", ".join(f"p{i + 1} ({pl.faction})" for i, pl in enumerate(before.players))
                raise TestFileError([test.src.diag_key(where, f"no seat '{ref}' in this game (seats: {names})")])
            old, new = snapshot(engine, before, p), snapshot(engine, after, p)
            COMPARE[part](test, where, f"p{p + 1}", want, old, new, engine, after)
    for part, specs in test.events.items():
        for spec in specs:
            _compare_event(test, before, part, spec, events)


def _amounts(test: TestFile, where: tuple, seat: str, want: dict, old: dict, new: dict, what: str,
             closed: bool = True) -> None:
    """Exact changes of a mapping of amounts: named keys by their amount, the others by 0 (`closed`: the
    keys are a fixed set, so a key neither before nor after is a mistake of the file)."""
    for key in want if closed else ():
        if key not in old and key not in new:
            raise TestFileError([test.src.diag_key(where + (key,), f"unknown {what} '{key}'{did_you_mean(key, old)} "
                                                                  f"(choose {', '.join(old)})")])
    for key in list(want) + [k for k in sorted(set(old) | set(new)) if k not in want]:
        got = new.get(key, 0) - old.get(key, 0)
        expected = want.get(key, 0)
        if got != expected:
            at = where + (key,) if key in want else where
            named = "" if key in want else " (not named: unchanged)"
            raise _Differs(at, f"{seat} {what} {key}: expected {expected:+d}{named}, got {got:+d}", expected, got)


def _resources(test, where, seat, want, old, new, *_):
    _amounts(test, where, seat, want, old["resources"], new["resources"], "resource")


def _power(test, where, seat, want, old, new, *_):
    _amounts(test, where, seat, want, old["power"], new["power"], "power area")


def _research(test, where, seat, want, old, new, *_):
    _amounts(test, where, seat, want, old["research"], new["research"], "research track")


def _vp(test, where, seat, want, old, new, *_):
    if isinstance(want, int):
        got = new["vp"] - old["vp"]
        if got != want:
            raise _Differs(where, f"{seat} vp: expected {want:+d}, got {got:+d} (by source: "
                                  f"{_source_changes(old, new) or 'none'})", want, got)
        return
    _amounts(test, where, seat, want, old["vp_sources"], new["vp_sources"], "vp from", closed=False)


def _source_changes(old: dict, new: dict) -> str:
    keys = sorted(set(old["vp_sources"]) | set(new["vp_sources"]))
    diffs = {k: new["vp_sources"].get(k, 0) - old["vp_sources"].get(k, 0) for k in keys}
    return ", ".join(f"{k} {v:+d}" for k, v in diffs.items() if v)


def _pieces(test, where, seat, want, old, new, engine, state):
    game_map = engine.view(state).map
    named = {}
    for text, piece in want.items():
        try:
            named[game_map.canonical_name(text)] = (text, piece)
        except ValueError:
            raise TestFileError([test.src.diag_key(where + (text,), f"unknown hex '{text}' on this game's map")]) from None
    old_p, new_p = old["pieces"], new["pieces"]
    for name, (text, piece) in named.items():
        if new_p.get(name) != piece:
            raise _Differs(where + (text,), f"{seat} piece on {name}: expected {piece or 'none'}, got "
                                            f"{new_p.get(name) or 'none'}", piece, new_p.get(name))
    for name in sorted(set(old_p) | set(new_p)):
        if old_p.get(name) != new_p.get(name) and name not in named:
            raise _Differs(where, f"{seat} piece on {name}: expected unchanged ({old_p.get(name) or 'none'}, not "
                                  f"named), got {new_p.get(name) or 'none'}", old_p.get(name), new_p.get(name))


def _tiles(test, where, seat, want, old, new, *_):
    by_key = want if isinstance(want, dict) else {"gained": want}
    gained = sorted((Counter(t for t, _ in new["tiles"]) - Counter(t for t, _ in old["tiles"])).elements())
    was_open = {t for t, enabled in old["tiles"] if enabled}
    covered = sorted(t for t, enabled in new["tiles"] if not enabled and t in was_open)
    for key, got in (("gained", gained), ("covered", covered)):
        expected = sorted(by_key.get(key, []))
        if expected != got:
            at = where + (key,) if key in by_key and by_key is want else where
            raise _Differs(at, f"{seat} tiles {key}: expected {expected or 'none'}, got {got or 'none'}", expected, got)


def _tokens(test, where, seat, want, old, new, *_):
    gained = sorted((Counter(new["federation_tokens"]) - Counter(old["federation_tokens"])).elements())
    if sorted(want) != gained:
        raise _Differs(where, f"{seat} federation tokens gained: expected {sorted(want) or 'none'}, got "
                              f"{gained or 'none'}", sorted(want), gained)


COMPARE = {"resources": _resources, "vp": _vp, "power": _power, "research": _research, "pieces": _pieces,
           "tiles": _tiles, "federation_tokens": _tokens}


def _compare_event(test: TestFile, state: GameState, part: str, spec, events: list) -> None:
    seat = None
    if spec.seat is not None:
        seat = seat_number(state, spec.seat)
        if seat is None:
            raise TestFileError([test.diag(spec.path, f"no seat '{spec.seat}' in this game")])
    found = [(p, tags) for p, name, tags in events
             if name == spec.name and (seat is None or p == seat) and all(t in tags for t in spec.tags)]
    text = " ".join(([spec.seat] if spec.seat else []) + [spec.name, *spec.tags])
    if part == "fired" and not found:
        raise _Differs(spec.path, f"event '{text}': expected fired, got not fired", "fired", "not fired")
    if part == "not_fired" and found:
        raise _Differs(spec.path, f"event '{text}': expected not fired, got fired {len(found)} "
                                  f"time{'s' if len(found) != 1 else ''} (for p{found[0][0] + 1})", "not fired", "fired")
