"""Gaining one plain resource: substitutions (`replace`), caps, and VP by source.

Credits, ore, knowledge, Q.I.C., stored resources, charges, tokens,
Gaiaformers, temporary steps and range change at once; VP are booked under
the source the score breakdown names. The effect language's gains
(`effects.apply_gains`) come down to these, through the special-token
questions of `choices`.

A gain a rule cuts short (above the resource's `cap`, a charge with no token left in area I or II
to move) is lost; while `effects.hearing_refusals` listens, each loss is noted in `LOST` so that
the `refused` event fires for it ("what happens instead", docs/effects.md).
"""
from __future__ import annotations

from contextvars import ContextVar

from ..state import GameState, Pending
from . import power
from .content_view import RESOURCE_FIELDS
from .bound import Bound
from .content_view import ContentView
from .errors import IllegalMoveError


# Gains cut short while `effects.hearing_refusals` listens: (player, resource, why, amount lost).
LOST: ContextVar[list | None] = ContextVar("lost_gains", default=None)

# Why a gain is cut short, as the `refused` event's filter words say it.
CAP, FULL = "cap", "full"


def lose(p: int, res: str, why: str, n: int) -> None:
    """Note n of `res` lost by player p (`why`: CAP or FULL) for the `refused` event, if anyone listens."""
    lost = LOST.get()
    if lost is not None and n > 0:
        lost.append((p, res, why, n))


def capped(content: ContentView, p: int, res: str, have: int, n: int) -> int:
    """`have + n` held within the cap of `res`; what the cap takes is noted as lost (as player p's)."""
    cap = content.caps.get(res)
    if cap is None or have + n <= cap:
        return have + n
    lose(p, res, CAP, have + n - max(cap, have))
    return max(cap, have)


def charge(state: GameState, p: int, n: int, token_first: bool = True) -> None:
    """Charge n power; power with no token left in area I or II to move is noted as lost."""
    lose(p, "pw", FULL, n - power.charge(state.players[p], n, token_first))


# The VP source of free actions and Gaia-phase conversions: the VP they pay and gain are booked under it.
FREE_ACTION = "free-action"


def add_vp(state: GameState, p: int, n: int, source: str) -> None:
    if n == 0:
        return
    player = state.players[p]
    player.vp += n
    key = vp_key(state, p, source)
    player.vp_sources[key] = player.vp_sources.get(key, 0) + n


def vp_key(state: GameState, p: int, source: str) -> str:
    """The score-breakdown key of a source, as the site's log names them.

    Tiles by where they were taken (`tech-<position>`, `adv-<track>`), boosters
    and board actions by id, faction abilities by the faction's id.
    """
    kind, _, rest = source.partition(":")
    player = state.players[p]
    if kind in ("tech", "adv") and rest:
        tile = rest.split("#")[0]
        pos = next((t.pos for t in player.tech if t.tile == tile), tile)
        return pos if kind == "adv" else f"tech-{pos}"
    if kind == "booster" and rest:
        return rest.split("#")[0]
    if kind in ("faction", "pi", "income") or source.startswith("structure:"):
        return player.faction or kind
    if kind == "research" and rest:
        return rest.split(":")[0]
    return source


def gain_resource(b: Bound, res: str, n: int, source: str, follow: list[Pending] | None = None) -> None:
    """The bound seat gains n of a plain resource, after substitutions (`replace`) and caps.

    Charges that may need a special-token choice go through `choices`.
    """
    if n <= 0 and res != "vp":
        return
    state, p, player, content = b.state, b.p, b.player, b.content
    res = b.holdings.replacements(state, p).get(res, res) if res != "vp" else res
    if res in content.stored_resources:
        # replaced: clones share it
        player.other = {**player.other, res: capped(content, p, res, player.other.get(res, 0), n)}
    elif res == "vp":
        add_vp(state, p, n, source)
    elif res in RESOURCE_FIELDS:
        attr = RESOURCE_FIELDS[res]
        setattr(player, attr, capped(content, p, res, getattr(player, attr), n))
    elif res == "pw":
        charge(state, p, n)
    elif res == "t":   # a cap on tokens counts every token the player holds (areas I-III and the Gaia area)
        held = power.tokens_in_cycle(player) + power.in_area(player, "gaia")
        power.gain_tokens(player, capped(content, p, res, held, n) - held)
    elif res == "gf":
        player.gaiaformers = capped(content, p, res, player.gaiaformers, n)
    elif res in ("step", "range"):
        state.temp[res] = state.temp.get(res, 0) + n
    else:  # pragma: no cover - the content checker rejects unknown resources
        raise IllegalMoveError("content", f"cannot gain '{res}'")
