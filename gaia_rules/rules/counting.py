"""Counts for `per`, `if` and final scoring tiles: a player's counters, and counts among some hexes.

A mixin of `holdings.Holdings` (it needs its `content`, `map`, `of`, `count`, `colonized`, ... ): the
counter words are those of `vocabulary.COUNTERS` and `COUNTER_FORMS`, `opponent-X` (X of every other
player), and a count may be scoped to an event's hexes, their sector or a distance from them.
"""
from __future__ import annotations

from ..state import GameState
from . import sharing, special_token

# The counters over colonised planets (pieces that count as planets: `Structure.counts_for`).
PLANET_COUNTERS = ("planet-type", "gaia-planet", "sector")

# `opponent-X`: X counted over every other player's pieces; `in sector`: the sector of an event's hexes.
OPPONENT = "opponent-"
SECTOR = "sector"

# The power counters (`vocabulary.COUNTERS`) and the area each counts.
POWER_COUNTERS = {"area1": "area1", "area2": "area2", "area3": "area3", "area-gaia": "gaia"}


class Counting:
    """Counters over a player's holdings and pieces (`per ...`, `if ...`, `count:`)."""

    # ------------------------------------------------------------ counters ("per ...")
    def counter(self, state: GameState, p: int, word: str) -> int:
        if word.startswith(OPPONENT):   # every other player's pieces, anywhere on the map
            return self.counter_among(state, p, word, tuple(state.board))
        player = state.players[p]
        planet_at = self.map.planet_at
        if word == "planet-type":
            return len({planet_at(state, n) for n in self.colonized(state, p)})
        if word == "gaia-planet":
            return sum(1 for n in self.colonized(state, p) if self.map.kind_at(state, n) == "gaia")
        if word == "sector":
            return len({self.map.sector_tile(n) for n in self.planets_with_guests(state, p)})
        if word == "structure":
            return len(self.structures_with_guests(state, p))
        if word == "federated-structure":
            return sum(1 for n in self.structures_with_guests(state, p) if p in state.board[n].federations)
        if word == "satellite":
            structure = self.content.structure
            stations = sum(1 for h in state.board.values()
                           if h.owner == p and h.piece is not None and structure(player, h.piece).counts_as_satellite)
            return player.satellites + stations
        if word == "fed":
            return len(player.fed_tokens)
        if word == "research":
            return sum(player.research.values())
        if word == "round":
            return state.round
        if word in POWER_COUNTERS:
            return player.power.get(POWER_COUNTERS[word], 0)
        if word == "special-token":
            return 1 if special_token.in_cycle(player) else 0
        if word == "gf-available":
            return self.free_gaiaformers(state, p)
        if word == "gf-map":
            return self.gaiaformers_on_map(state, p)
        if word == "gf-gaia":
            return player.gaiaformers_in_gaia
        if word == "federation":
            return len(player.federations)
        if word == "tech-tile":
            standard = self.content.catalogue.tech_tiles
            return sum(1 for t in player.tech if t.enabled and t.tile in standard)
        if word == "adv-tile":
            advanced = self.content.catalogue.advanced_tech_tiles
            return sum(1 for t in player.tech if t.tile in advanced)
        if word.startswith("research-") and word[9:] in self.content.catalogue.tracks:
            return player.research.get(word[9:], 0)
        if "-on-" in word:
            piece, _, kind = word.partition("-on-")
            return self.counter_among(state, p, piece, [n for n, h in state.board.items()
                                                        if self.map.planet_at(state, n) == kind])
        amount = self.content.held_amount(player, word)
        if amount is not None:
            return amount
        # a structure id: copies on the map, guest pieces and the Lost Planet mine included
        n = self.count(state, p, word)
        guests = sharing.guest_hexes(state, p)
        if guests and word == sharing.guest_piece(self.content, player):
            n += len(guests)
        return n

    def count_per(self, state: GameState, p: int, words: tuple[str, ...], each: int = 1,
                  within: str | None = None, event=None, near: int | None = None) -> int:
        """What `per [N] words [in EVENT | in sector] [within D]` counts: the event's data first, then the
        holder's counters.

        `within` counts only among the hexes of the event that fired (none when another event fired), or
        `sector`: the hexes of the sector(s) of the event's hexes; `near` only the hexes within that
        distance of them. The pieces counted are those of the player the event belongs to (an opponent's,
        for `on opponent ...` and `opponent-build`); `opponent-X` counts everyone else's. `each` counts
        whole groups of N.
        """
        if within is not None or near is not None:
            hexes = self.place(state, event, within, near)
            owner = p if event is None or event.owner is None else event.owner
            n = sum(self.counter_among(state, owner, w, hexes) for w in words)
        else:
            data = event.data if event is not None else None
            n = sum(data[w] if data and w in data else self.counter(state, p, w) for w in words)
        return n // each if each > 1 else n

    def place(self, state: GameState, event, within: str | None, near: int | None) -> tuple[str, ...]:
        """The hexes a scoped count looks at: the event's own (`in EVENT`), its sector(s) (`in sector`),
        within `near` of its hexes (`within N`), or both of the last two (none without an event's hexes)."""
        base = () if event is None else event.hexes
        if within not in (None, SECTOR):
            base = base if event.name == within else ()
            if near is None:
                return base
        found = None
        if within == SECTOR:
            sectors = {self.map.sector_tile(n) for n in base}
            found = {h.name for h in self.map.hexes.values() if h.tile in sectors}
        if near is not None:
            around = {n for b in base for n in self.map.within(b, near)}
            found = around if found is None else found & around
        return tuple(sorted(found or ()))

    def count_of(self, state: GameState, p: int, text: str) -> int:
        """What a count written on its own counts for p (a final scoring tile's `count:`, `parse_count`)."""
        from ..language.parser import parse_count  # lark: only when a count is read, so that `gaia` starts at once
        c = parse_count(text)
        return self.count_per(state, p, c.counters, c.each)

    def counter_among(self, state: GameState, p: int, word: str, hexes) -> int:
        """A counter over the given hexes only (the pieces of a federation, the hex of a build); `opponent-X`:
        X of every other player there."""
        if word.startswith(OPPONENT):
            return sum(self.counter_among(state, q, word[len(OPPONENT):], hexes)
                       for q in range(len(state.players)) if q != p)
        if "-on-" in word:
            piece, _, kind = word.partition("-on-")
            return self.counter_among(state, p, piece, [n for n in hexes if self.map.planet_at(state, n) == kind])
        if word in PLANET_COUNTERS:
            planets = [n for n in hexes if sharing.has_structure(self.content, state, state.board.get(n), p, "planet")]
            if word == "planet-type":
                return len({self.map.planet_at(state, n) for n in planets})
            if word == "gaia-planet":
                return sum(1 for n in planets if self.map.kind_at(state, n) == "gaia")
            return len({self.map.sector_tile(n) for n in planets})
        if word in ("structure", "federated-structure"):
            return sum(1 for n in hexes if sharing.has_structure(self.content, state, state.board.get(n), p))
        if word == "satellite":
            return sum(1 for n in hexes if (h := state.board.get(n)) is not None and p in h.satellites)
        return sum(1 for n in hexes if sharing.piece_of(self.content, state, state.board.get(n), p) == word)
