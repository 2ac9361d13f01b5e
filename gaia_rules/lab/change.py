"""What a designer's --content changes, and how a run puts the changed components in every game.

A change is measured where it acts: a changed faction is seated at every
table (rotated over the seats, `schedule.FocusSchedule`), a changed tile,
booster or scoring tile is in every deal (forced into it here), and every game
is played a second time on the same deal without the change (the baseline
run). The components that changed are found from the content files: a
component whose file (or patch) hashes otherwise than in the bundled content,
or that the bundled content lacks.

Forcing keeps the deal of the bundled content: every tile part of the set-up
is drawn with the bundled content (so adding a component changes no draw),
then each focused component not dealt replaces one dealt component of its
kind, chosen from the set-up seed. A component the bundled content lacks is
forced only in the changed run; its baseline game has the slot as drawn.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from ..content.catalogue import Catalogue
from . import LabError

# The component kinds a deal holds some of, and the set-up part that holds them (a list of slots or a
# table of places). Federation tokens are all in the supply of every game: nothing to force.
DEALT = {"booster": "boosters", "round_scoring": "round_tiles", "final_scoring": "final_tiles",
         "tech_tile": "tech_tiles", "advanced_tech_tile": "advanced_tiles"}
CATALOGUE_FIELDS = {"faction": "factions", "booster": "boosters", "round_scoring": "round_tiles",
                    "final_scoring": "final_tiles", "tech_tile": "tech_tiles",
                    "advanced_tech_tile": "advanced_tech_tiles", "federation_token": "federation_tokens"}
# Set-up parts taken from the bundled content's deal when a run forces tiles (both runs deal the same).
DEAL_PARTS = ("round_tiles", "final_tiles", "boosters", "tech_tiles", "advanced_tiles", "terraforming_token")


@dataclass(frozen=True)
class Component:
    """One changed component: its kind (as `gaia explain --kind` names it), id, and `changed` or `added`."""

    kind: str
    id: str
    status: str


def changed_components(base: Catalogue, changed: Catalogue) -> list[Component]:
    """The components whose content differs from the bundled content's, in kind then id order."""
    out = []
    for key, (_, digest) in sorted(changed.files.items()):
        before = base.files.get(key)
        if before is None or before[1] != digest:
            out.append(Component(key[0], key[1], "added" if before is None else "changed"))
    return out


@dataclass(frozen=True)
class Focus:
    """The components every game of a run holds: factions seated at every table, tiles in every deal."""

    factions: tuple[str, ...] = ()
    tiles: tuple[tuple[str, str], ...] = ()    # (kind, id), kinds of DEALT
    new: tuple[str, ...] = ()                  # factions the baseline lacks: no game without them to pair with

    def to_json(self) -> dict:
        out = {"factions": list(self.factions), "tiles": [list(t) for t in self.tiles]}
        return {**out, "new": list(self.new)} if self.new else out

    @staticmethod
    def from_json(data: Mapping[str, Any] | None) -> "Focus":
        data = data or {}
        return Focus(tuple(data.get("factions", ())), tuple(tuple(t) for t in data.get("tiles", ())),
                     tuple(data.get("new", ())))


def focus_of(components: list[Component], players: int) -> Focus:
    """The factions and dealt tiles of a change (a new faction is seated too, but has no game without it to pair
    with); LabError when the changed factions cannot sit at one table."""
    factions = tuple(c.id for c in components if c.kind == "faction")
    if len(factions) > players:
        raise LabError(f"{len(factions)} changed factions cannot all sit at a {players}-player table: measure "
                       f"them one change at a time")
    new = tuple(c.id for c in components if c.kind == "faction" and c.status == "added")
    return Focus(factions, tuple((c.kind, c.id) for c in components if c.kind in DEALT), new)


def forced_deal(deal, focus: Focus, catalogue: Catalogue, seed: str, held: Mapping[str, Any]) -> dict:
    """The set-up parts of `deal` (a Setup drawn with the bundled content) with every focused tile the
    catalogue has put in: a tile not dealt replaces a dealt one of its kind (not another focused one, nor
    one the set-up file `held`), chosen from `seed`. The result is `random_setup`'s `fixed`."""
    fixed: dict[str, Any] = {part: _copy(getattr(deal, part)) for part in DEAL_PARTS}
    rng = random.Random(f"lab-force/{seed}")
    wanted = {part: {i for k, i in focus.tiles if DEALT[k] == part} for part in set(DEALT.values())}
    for kind, ident in focus.tiles:
        part = DEALT[kind]
        if ident not in getattr(catalogue, CATALOGUE_FIELDS[kind]):
            continue   # a new component: the baseline keeps the slot as dealt
        slots = fixed[part]
        places = list(slots) if isinstance(slots, dict) else list(range(len(slots)))
        values = [slots[p] for p in places]
        if ident in values:
            continue
        kept = set(_values(held.get(part))) | wanted[part]
        free = [p for p, v in zip(places, values) if v not in kept]
        if not free:
            raise LabError(f"no {kind.replace('_', ' ')} of the deal can make way for '{ident}' (every one is "
                           f"changed too or held by the set-up file)")
        slots[rng.choice(free)] = ident
    return fixed


def _copy(value):
    return dict(value) if isinstance(value, dict) else list(value) if isinstance(value, (list, tuple)) else value


def _values(part) -> list:
    if part is None:
        return []
    return [v for v in (part.values() if isinstance(part, dict) else part) if v is not None]
