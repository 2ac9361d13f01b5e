"""The Automa's VP: each gain booked under its source, the difficulty's extra VP, its final counts.

The Automa scores only what its rules give: decision-card VP, its faction card's VP and rules,
the round tile's Automa value when it passes, the final scoring tiles and research. A difficulty's
`extra_vp` adds VP to every gain from the sources it lists (a gain of 0 VP is no gain). On a
final scoring tile the Automa counts its pieces as a player does, unless its rules count
otherwise for that tile (`final_tile_counts`: it forms no federations, so its structures in
federations are its structures less one).
"""
from __future__ import annotations

from ...content.automa import Automa
from ...state import GameState
from ..context import Context
from ..resources import add_vp

# Keys of the Automa's VP by source (PlayerState.vp_sources), for the sources that have no key of their
# own (round tiles are `roundN`, final tiles `finalN`, research the track).
VP_KEYS = {"card": "automa-card", "faction-card": "automa-faction", "faction-rule": "automa-rule"}
EXTRA_KEY = "automa-extra"


def content(ctx: Context) -> Automa:
    return ctx.content.catalogue.automa


def gain(ctx: Context, state: GameState, source: str, vp: int, key: str | None = None) -> int:
    """The Automa gains `vp` from `source` (a word of `VP_SOURCES`); the VP gained, extra VP included."""
    if vp <= 0:
        return 0
    seat = state.automa.seat
    add_vp(state, seat, vp, key or VP_KEYS[source])
    extra = content(ctx).difficulties[state.automa.difficulty].extra_vp
    if extra is not None and source in extra.sources:
        add_vp(state, seat, extra.vp, EXTRA_KEY)
        return vp + extra.vp
    return vp


def extra(ctx: Context, state: GameState, source: str, vp: int) -> int:
    """The extra VP of a gain scored by the common rules (final scoring): added now, and returned."""
    more = content(ctx).difficulties[state.automa.difficulty].extra_vp
    if vp <= 0 or more is None or source not in more.sources:
        return 0
    add_vp(state, state.automa.seat, more.vp, EXTRA_KEY)
    return more.vp


def final_count(ctx: Context, state: GameState, tile: str, counter: str) -> int:
    """What the Automa counts on a final scoring tile."""
    rule = content(ctx).rules.final_tile_counts.get(tile)
    if rule is None:
        return ctx.holdings.count_of(state, state.automa.seat, counter)
    return max(0, ctx.holdings.counter(state, state.automa.seat, rule.count) + rule.add)
