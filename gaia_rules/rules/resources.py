"""Gaining one plain resource: substitutions (`replace`), caps, and VP by source.

Credits, ore, knowledge, Q.I.C., stored resources, charges, tokens,
Gaiaformers, temporary steps and range change at once; VP are booked under
the source the score breakdown names. The effect language's gains
(`effects.apply_gains`) come down to these, through the special-token
questions of `choices`.
"""
from __future__ import annotations

from ..state import GameState, Pending
from . import power
from .content_view import RESOURCE_FIELDS
from .context import Context
from .errors import IllegalMoveError


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


def gain_resource(ctx: Context, state: GameState, p: int, res: str, n: int, source: str,
                  follow: list[Pending] | None = None) -> None:
    """Gain n of a plain resource, after substitutions (`replace`) and caps.

    Charges that may need a special-token choice go through `choices`.
    """
    if n <= 0 and res != "vp":
        return
    res = ctx.holdings.replacements(state, p).get(res, res) if res != "vp" else res
    player = state.players[p]
    if res in ctx.content.stored_resources:
        value = player.other.get(res, 0) + n
        cap = ctx.content.caps.get(res)
        player.other = {**player.other, res: value if cap is None else min(cap, value)}  # replaced: clones share it
    elif res == "vp":
        add_vp(state, p, n, source)
    elif res in RESOURCE_FIELDS:
        attr = RESOURCE_FIELDS[res]
        value = getattr(player, attr) + n
        cap = ctx.content.caps.get(res)
        setattr(player, attr, value if cap is None else min(cap, value))
    elif res == "pw":
        power.charge(player, n)
    elif res == "t":
        power.gain_tokens(player, n)
    elif res == "gf":
        player.gaiaformers += n
    elif res in ("step", "range"):
        state.temp[res] = state.temp.get(res, 0) + n
    else:  # pragma: no cover - the content checker rejects unknown resources
        raise IllegalMoveError("content", f"cannot gain '{res}'")
