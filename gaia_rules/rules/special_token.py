"""The special token: the one module that reads or moves it.

A faction may own one special token (content: `special_token`, with the area it starts in and
what it is worth spent from area III, `ContentView.special_value`). It sits in area I, II, III or
the Gaia area like one power token (`PlayerState.token`; None when the faction has none or it left
play) and moves with the plain tokens. This module says where it is, where it goes when tokens
are charged, spent, burnt, taken or come back from the Gaia area, and which choices it raises:
when charging, spending or removing tokens could leave it in two places, the player is asked
(a `KIND` question; `choices` interrupts the sequence of gains and resumes it with the answer).
The power cycle (`power`) and the questions (`choices`) read it only through these functions.
"""
from __future__ import annotations

from typing import Any

from ..content.catalogue import Faction
from ..state import PlayerState

SeatView = Any   # the rules' `bound.Bound`: it imports the holdings, which import this module, so not imported here

KIND = "token"   # the question where the special token goes (the answer names an area)
CYCLE = ("area1", "area2", "area3")   # the areas of the power cycle (the Gaia area is outside it)


# ------------------------------------------------------------------ where it is
def start(player: PlayerState, faction: Faction) -> None:
    """At set-up: the token in its starting area (none for a faction without one)."""
    player.token = faction.special_token.start if faction.special_token else None


def area(p: PlayerState) -> str | None:
    """The area the token is in (None: the faction has none, or it left play)."""
    return p.token


def held(p: PlayerState) -> bool:
    return p.token is not None


def at(p: PlayerState, where: str) -> bool:
    return p.token == where


def count_in(p: PlayerState, where: str) -> int:
    """1 if the token is in that area, else 0 (it counts as one token there)."""
    return 1 if p.token == where else 0


def in_cycle(p: PlayerState) -> bool:
    return p.token in CYCLE


def trial(p: PlayerState) -> PlayerState:
    """A copy of the player's power cycle (areas, the token, VP) to try a charge or a gain on."""
    return PlayerState(p.index, power=dict(p.power), token=p.token, vp=p.vp)


# ------------------------------------------------------------------ where it goes
def send(p: PlayerState, to: str | None) -> None:
    """The token goes to an area of the player's cycle or the Gaia area; anywhere else: out of play."""
    p.token = to if to is not None and to in p.power else None


def move(p: PlayerState, src: str, dst: str) -> bool:
    """Move the token from `src` to `dst` if it is in `src` (a charge step, a burn); whether it moved."""
    if p.token != src:
        return False
    p.token = dst
    return True


def leave_gaia(p: PlayerState, target: str) -> None:
    """In the Gaia phase the token in the Gaia area goes back with the others (`token_route[gaia]`)."""
    if p.token == "gaia":
        send(p, target)


def discarded(p: PlayerState, to: str) -> None:
    """The token is taken from the cycle: into the Gaia area, or out of play."""
    p.token = "gaia" if to == "gaia" else None


# ------------------------------------------------------------------ spending it
def spending(b: SeatView, use: str = "price") -> tuple[int, int, str]:
    """What a power spend of the bound seat reads: (a plain area-III token's value for `use` (a use of
    `area3_token_value` in parameters.yaml), the special token's value, where spent tokens go:
    `token_route[spend]`)."""
    state, p, param = b.state, b.p, b.holdings.param
    return (param(state, p, "area3_token_value", use=use), b.content.special_value(b.player),
            param(state, p, "token_route", "spend"))


def spendable(p: PlayerState, token_value: int, special_value: int) -> int:
    """Power available in area III."""
    return p.power["area3"] * token_value + (special_value if p.token == "area3" else 0)


def spend_options(p: PlayerState, n: int, token_value: int, special_value: int) -> list[bool]:
    """Ways to pay n power: [use the special token?]. Empty if it cannot be paid."""
    options = []
    plain = p.power["area3"] * token_value
    if plain >= n:
        options.append(False)
    if p.token == "area3" and plain + special_value >= n:
        options.append(True)
    return options


def spend_question(p: PlayerState, n: int, token_value: int, special_value: int) -> bool | list[str]:
    """Whether spending n power uses the token (True/False), or the areas the player may send it to
    when that is their choice (a list)."""
    if p.token != "area3":
        return False
    need = p.power["area3"] * token_value < n
    small = n < special_value
    if need and not small:
        return True
    if not need and small:
        return False
    return ["area1"] if need else ["area1", "area3"]


# ------------------------------------------------------------------ taking tokens from the cycle
def token_goes_by_default(p: PlayerState, n: int) -> bool:
    """Whether taking n tokens (area I first) must take the special token: only when the plain ones do not do."""
    plain = sum(p.power[a] for a in CYCLE)
    return plain < n


def take_question(p: PlayerState, n: int, to: str) -> bool | list[str]:
    """Taking n tokens (area I first) to `to`: whether the token goes (True/False), or the player's
    options when either way works."""
    if p.token not in CYCLE:
        return False
    plain = sum(p.power[a] for a in CYCLE)
    if plain + 1 == n:
        return True
    if to == "gaia":
        return [p.token, "gaia"]
    upto = sum(p.power[a] for a in CYCLE[: CYCLE.index(p.token) + 1])
    if upto < n:
        return [p.token, "discard"]
    return False
