"""Numbers of content checked against other content, where a schema's range alone cannot say it
(docs/ranges.md).

- The burn of free-actions.yaml: the rules burn as the file says (`rules/power.py`): `take` tokens
  from the area `from`, `keep` of them to the area `to`, the rest out of the cycle. Areas must be
  power areas, and a burn cannot keep more tokens than it takes.
- A faction's (or board's) start resources above their cap in resources.yaml are noted: the game
  starts with the cap, as no player may hold more (a position file above a cap is refused).
"""
from __future__ import annotations

from ..language.vocabulary import POWER_AREAS

# Where burnt tokens can come from and go: the areas a player's tokens are in (not the supply).
BURN_AREAS = tuple(a for a in POWER_AREAS if a != "supply")


def check_burn(ctx, src, data: dict) -> None:
    """Report a burn area that is not a power area, and a `keep` above `take`, at their places."""
    burn = data.get("burn")
    if not isinstance(burn, dict):
        return
    for key in ("from", "to"):
        if isinstance(burn.get(key), str):
            ctx.word(src, ("burn", key), 1, burn[key], BURN_AREAS, "power area")
    take, keep = burn.get("take"), burn.get("keep")
    if isinstance(take, int) and isinstance(keep, int) and keep > take:
        ctx.err(src, ("burn", "keep"), f"a burn keeps {keep} of the {take} tokens it takes: 'keep' is at most "
                                       f"'take'")


# The start fields of a faction board that are capped resources, by their resource code.
START_RESOURCES = {"credits": "c", "ore": "o", "knowledge": "k", "qic": "q"}


def check_start_caps(ctx, src, data: dict) -> None:
    """Note a start amount above its resource's cap, at its place (a note: a designer lowering a cap need not
    rewrite every faction's start)."""
    start = data.get("start")
    if not isinstance(start, dict):
        return
    for field, code in START_RESOURCES.items():
        row = ctx.c.resources.get(code)
        cap = row.get("cap") if isinstance(row, dict) else None
        if isinstance(start.get(field), int) and cap is not None and start[field] > cap:
            line, col = src.where(("start", field))
            ctx.loader.notes.append(f"{src.file}:{line}:{col}: note: start {field} {start[field]} is more than the "
                                    f"cap {cap} of '{code}' (resources.yaml): the game starts with {cap}")
