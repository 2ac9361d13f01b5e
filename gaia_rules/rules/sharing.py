"""Several players on one hex: the one module that reads who shares a hex.

A hex holds one player's piece (`HexState.owner`, `piece`) and, beside a structure, guests: players
whose faction has a structure that may be placed on a planet another player holds (content: the
structure's `guest_on`). A guest's piece is that structure (`guest_piece`); it is theirs like any
other: it counts for their counters and supply, has its power value (for charges and federations),
measures range and keeps opponents near, each as far as the piece counts for it (`counts_for`). The saved state keeps the guests as a list of players per
hex (`HexState.guests`); holdings.place is the one write to it.
"""
from __future__ import annotations

from ..state import GameState, HexState, PlayerState
from .content_view import ContentView


def guest_piece(content: ContentView, player: PlayerState) -> str:
    """The piece player's faction places as a guest: its structure with `guest_on` (else the mine)."""
    def find() -> str:
        shared = [sid for sid, s in content.faction(player).structures.items() if s.guest_on]
        return shared[0] if shared else content.mine_id
    return content.kept("guest piece", player.faction, find)


def may_share(content: ContentView, player: PlayerState) -> bool:
    """Whether the player's faction places any piece on hexes another player holds."""
    return content.kept("may share", player.faction,
                        lambda: any(s.guest_on for s in content.faction(player).structures.values()))


def is_guest(h: HexState | None, p: int) -> bool:
    return h is not None and bool(h.guests) and p in h.guests


def has_piece(h: HexState | None, p: int) -> bool:
    """Whether player p has a piece on the hex: their own, or as a guest."""
    return h is not None and ((h.owner == p and h.piece is not None) or (bool(h.guests) and p in h.guests))


def has_structure(content: ContentView, state: GameState, h: HexState | None, p: int, use: str = "structure") -> bool:
    """Whether player p has a piece on the hex that counts for `use` (a structure by default; `planet`,
    `federation`, `charge`: `catalogue.PIECE_USES`): their own, or as a guest."""
    if h is None:
        return False
    if h.owner == p and h.piece is not None:
        return content.counts(state.players[p], h.piece, use)
    return bool(h.guests) and p in h.guests and content.counts(state.players[p], guest_piece(content, state.players[p]), use)


def piece_of(content: ContentView, state: GameState, h: HexState | None, p: int) -> str | None:
    """Player p's piece on the hex (their own, or their guest piece), or None."""
    if h is None:
        return None
    if h.owner == p and h.piece is not None:
        return h.piece
    if h.guests and p in h.guests:
        return guest_piece(content, state.players[p])
    return None


def with_structures(content: ContentView, state: GameState, h: HexState) -> list[int]:
    """Every player with a structure on the hex: the holder, then the guests."""
    owner = h.owner
    held = owner is not None and h.piece is not None and content.is_structure(state.players[owner], h.piece)
    return ([owner] if held else []) + list(h.guests)


def guest_hexes(state: GameState, p: int) -> list[str]:
    """Hexes where player p is a guest."""
    return [n for n, h in state.board.items() if h.guests and p in h.guests]


def shared_by(h: HexState) -> tuple[int, ...]:
    """The guests of a hex, as a key (what a cached search over the board reads)."""
    return tuple(h.guests)


def may_join(content: ContentView, state: GameState, p: int, h: HexState, planet: str, piece: str) -> bool | None:
    """Placing p's `piece` on a hex another player holds: True if it goes there as a guest, None if
    p is a guest there already, False if the hex cannot be shared (the piece's `guest_on` does not
    name the planet, or the holder's piece is no colonised planet)."""
    if h.owner == p or planet not in content.placement(state.players[p], piece).guest:
        return False
    if not content.counts(state.players[h.owner], h.piece, "planet"):
        return False
    return None if is_guest(h, p) else True
