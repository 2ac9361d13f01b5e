"""How a seat played a whole game: the counts `gaia arena --behaviour` prints.

The VP say who won; these say whether the bot played the whole game: planets
colonised, which structures it reached, federations, power actions, a research
track at its top level, advanced tiles and federation tokens used, and the VP
its resources were worth when the game ended (left unspent: they score only
the final conversion). Every count is read off the final state and the moves
through the content (a structure's id, the cost of a board action, the research
board's levels), so a designer's new structure or action is counted too.
"""
from __future__ import annotations

from typing import Sequence

from ..rules import Engine, Game
from ..state import GameState

STRUCTURE_PREFIX = "built "   # a behaviour key per structure id: the seat held at least one at the end


def power_actions(engine: Engine) -> set[str]:
    """The board actions paid with power (content: their cost's resource)."""
    return {a for a, action in engine.catalogue.board_actions.items()
            if any(getattr(pay, "resource", None) == "pw" for pay in action.cost)}


def behaviour(engine: Engine, state: GameState, p: int) -> dict[str, float]:
    """Seat p's counts at the end of a game (a player's seat, not the Automa's)."""
    view = Game(state, engine).view()
    player = state.players[p]
    catalogue = engine.catalogue
    top = catalogue.research.levels - 1 if catalogue.research else 0
    by_power = power_actions(engine)
    prefix = f"p{p + 1} action "
    out: dict[str, float] = {
        "planets": len(view.planets(p)),
        "federations": player.federations_formed,
        "power actions": sum(1 for m in state.moves if m.startswith(prefix) and m[len(prefix):].split(" ")[0]
                             in by_power),
        "track at top level": 1.0 if any(lv >= top for lv in player.research.values()) else 0.0,
        "advanced tiles": sum(1 for t in player.tech if t.tile in catalogue.advanced_tech_tiles),
        "federation tokens": len(player.fed_tokens),
        "green tokens left": sum(1 for t in player.fed_tokens if t.green),
        "resources VP at end": float((player.final_scoring or {}).get("resources_vp", 0)),
    }
    structures = catalogue.factions[player.faction].structures if player.faction in catalogue.factions else {}
    for piece in sorted({h.piece for h in state.board.values() if h.owner == p and h.piece is not None}):
        if piece in structures and view.is_structure(p, piece):
            out[STRUCTURE_PREFIX + piece] = 1.0
    return out


def behaviour_means(rows: Sequence[dict[str, float]]) -> dict[str, float]:
    """Mean of each count over seats (a structure key: the share of seats that built one)."""
    if not rows:
        return {}
    keys: list[str] = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    fixed = [k for k in keys if not k.startswith(STRUCTURE_PREFIX)]
    built = sorted(k for k in keys if k.startswith(STRUCTURE_PREFIX))
    return {k: sum(r.get(k, 0.0) for r in rows) / len(rows) for k in fixed + built}
