"""Follow a mine build call by call, as `gaia move` plays it, and say how often it returns to a file.

`gaia move game.json "build m HEX"` reads the saved game, reads the move text (`movetext.parse_move`)
and plays it (`savegame.apply_move`). `build_path` does the same on a game saved at the first turn of
round 1 and records, with `sys.setprofile`, each file of `gaia_rules` entered: a call (or a generator
resumed) from code in another file, or from outside the package; a call within one file enters none.
Files entered one after another are one step. A step *returns* when its file was entered at an
earlier step. Issue 37 asks that fewer than half of the steps return: each concern of a move (reading
the move, the bound view, the build's plan, paying, placing, the events it sets off, the end of the
turn) in one place. (Counting every call instead, a call within a file after one into another file
as a step too, the same build took 125 steps, 0.81 of them returns, before the bound view.)

Run `python tests/project/call_path.py` to print the figure and the files in order.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import gaia_rules
from gaia_rules.formats import savegame
from gaia_rules.formats.movetext import parse_move
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup

PACKAGE = str(Path(gaia_rules.__file__).resolve().parent)


@dataclass(frozen=True)
class CallPath:
    """The files entered in order (consecutive calls into one file are one step)."""

    steps: tuple[str, ...]

    @property
    def files(self) -> int:
        return len(set(self.steps))

    @property
    def returns(self) -> int:
        """Steps that enter a file already entered at an earlier step."""
        return len(self.steps) - self.files

    @property
    def share(self) -> float:
        return self.returns / len(self.steps) if self.steps else 0.0

    def summary(self) -> str:
        return (f"{len(self.steps)} steps, {self.files} files, {self.returns} returns "
                f"({self.share:.2f} of the steps)")


def trace(run: Callable[[], object], root: str = PACKAGE) -> CallPath:
    """The files under `root` that `run()` enters from another file, in order, as a `CallPath`."""
    prefix = root.rstrip("/") + "/"
    steps: list[str] = []

    def profile(frame, event, _arg) -> None:
        if event != "call":
            return
        path = frame.f_code.co_filename
        caller = frame.f_back
        if path.startswith(prefix) and (caller is None or caller.f_code.co_filename != path):
            rel = path[len(prefix):]
            if not steps or steps[-1] != rel:
                steps.append(rel)

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return CallPath(tuple(steps))


def saved_first_turn(folder: Path, engine: Engine, seed: str = "call-path") -> Path:
    """A 2-player game saved at the first action turn of round 1 (the set-up answered by the first listed move)."""
    game = savegame.new_game(engine, random_setup(engine.catalogue, 2, seed, variant="rules"))
    while game.state.phase != "actions" or game.state.decisions:
        game = savegame.apply_move(engine, game, engine.legal_moves(game.state)[0])
    path = folder / "first-turn.json"
    savegame.save(game, path)
    return path


def build_path(folder: Path) -> tuple[str, CallPath]:
    """(the move text, its `CallPath`) of the first mine build listed at the saved first turn."""
    engine = Engine()
    path = saved_first_turn(folder, engine)
    engine = Engine(engine.catalogue)   # a fresh process's engine: it knows the game only from the file
    game = savegame.load(engine, path)
    text = next(str(m) for m in engine.legal_moves(game.state)
                if m.command == "build" and m.args[0] == engine.view(game.state).mine_id)
    return text, trace(lambda: savegame.apply_move(engine, game, parse_move(engine, game.state, text)))


if __name__ == "__main__":
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        move_text, found = build_path(Path(tmp))
    print(f"{move_text}: {found.summary()}")
    print(" > ".join(found.steps))
