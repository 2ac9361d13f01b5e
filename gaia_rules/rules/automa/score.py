"""The Automa's VP: each gain booked under its source, the difficulty's extra VP, its final counts.

The Automa scores only what its rules give: decision-card VP, its faction card's VP and rules,
the round tile's Automa value when it passes, the final scoring tiles and research. A difficulty's
`extra_vp` adds VP to every gain from the sources it lists (a gain of 0 VP is no gain). On a
final scoring tile the Automa counts its pieces as a player does, unless its rules count
otherwise for that tile (`final_tile_counts`: it forms no federations, so its structures in
federations are its structures less one).
"""
from __future__ import annotations

from ..bound import Bound
from ..resources import add_vp

# Keys of the Automa's VP by source (PlayerState.vp_sources), for the sources that have no key of their
# own (round tiles are `roundN`, final tiles `finalN`, research the track).
VP_KEYS = {"card": "automa-card", "faction-card": "automa-faction", "faction-rule": "automa-rule"}
EXTRA_KEY = "automa-extra"


def gain(b: Bound, source: str, vp: int, key: str | None = None) -> int:
    """The Automa (the bound seat) gains `vp` from `source` (a word of `VP_SOURCES`); the VP gained, extra
    VP included."""
    if vp <= 0:
        return 0
    state, seat = b.state, b.p
    add_vp(state, seat, vp, key or VP_KEYS[source])
    extra = b.content.catalogue.automa.difficulties[state.automa.difficulty].extra_vp
    if extra is not None and source in extra.sources:
        add_vp(state, seat, extra.vp, EXTRA_KEY)
        return vp + extra.vp
    return vp


def extra(b: Bound, source: str, vp: int) -> int:
    """The extra VP of a gain the Automa (the bound seat) scored by the common rules (final scoring):
    added now, and returned."""
    more = b.content.catalogue.automa.difficulties[b.state.automa.difficulty].extra_vp
    if vp <= 0 or more is None or source not in more.sources:
        return 0
    add_vp(b.state, b.p, more.vp, EXTRA_KEY)
    return more.vp


def final_count(b: Bound, tile: str, counter: str) -> int:
    """What the Automa (the bound seat) counts on a final scoring tile."""
    rule = b.content.catalogue.automa.rules.final_tile_counts.get(tile)
    if rule is None:
        return b.holdings.count_of(b.state, b.p, counter)
    return max(0, b.holdings.counter(b.state, b.p, rule.count) + rule.add)
