"""Bidding for factions in VP: the auction kinds of content/rules/game.yaml (`auctions`).

Factions go on offer in the order they are first chosen; each offer has a
holder and a bid. A bid on a held faction takes it from its holder, who
then bids again on a later turn. After each choice or bid, the next seat
after the mover (wrapping round) that holds no faction moves; the auction
ends when every player holds one. The order in which the factions were first
chosen becomes the order of play, and each player's final bid is paid in VP
at the end of the game (`rules/scoring.py`).

Kinds (game.yaml): `choose_all_first` -- every player, in seat order, first
puts one faction on offer (held by nobody), then bidding starts with the
first seat; otherwise a player on turn either takes a faction not yet on
offer (a bid of 0) or outbids a holder. Legal amounts are the game
parameters `opening_bids` (a faction nobody holds) and `bid_raise` (added to
the current bid): inclusive (lowest, highest) pairs.

A choice and a bid read the mover's bound view; the auction's kind, its bid ranges, its start and its
end have no acting seat and read only the content (and the state).
"""
from __future__ import annotations

from ..content.spelling import did_you_mean
from ..state import GameState
from . import holdings
from .common import arg
from .bound import Bound
from .content_view import ContentView
from .errors import IllegalMoveError, MoveSyntaxError
from .moves import Move


def kind(content: ContentView, state: GameState) -> dict:
    return content.catalogue.game.get("auctions", {}).get(state.setup.auction) or {}


def chooses_first(content: ContentView, state: GameState) -> bool:
    return bool(kind(content, state).get("choose_all_first"))


def start(content: ContentView, state: GameState) -> None:
    """Open the auction: a round of choices first, or bidding at once."""
    state.offers = []
    if chooses_first(content, state):
        state.phase = "factions"
    else:
        state.phase = "bids"
        state.current = state.seats[0]


def _check_new_faction(content: ContentView, state: GameState, fid: str) -> None:
    factions = content.catalogue.factions
    if fid not in factions:
        raise IllegalMoveError("faction", f"unknown faction '{fid}'{did_you_mean(fid, factions)}")
    for offer in state.offers:
        if offer["faction"] == fid:
            raise IllegalMoveError("faction", f"{factions[fid].name} is already on offer")
        if factions[offer["faction"]].home == factions[fid].home:
            raise IllegalMoveError("faction", f"{factions[offer['faction']].name} already plays {factions[fid].home}")


def choose(b: Bound, fid: str) -> None:
    """The bound seat's choice: in the first round of a choose-first auction it only puts the faction on offer."""
    content, state, p = b.content, b.state, b.p
    _check_new_faction(content, state, fid)
    if state.phase == "factions":
        state.offers.append({"faction": fid, "holder": None, "bid": None})
        if len(state.offers) == len(state.players):
            state.phase = "bids"
            state.current = state.seats[0]
        return
    if chooses_first(content, state):
        raise IllegalMoveError("auction", "every faction on offer was chosen before bidding; bid on one of them")
    low, _ = bid_range(content, None)
    state.offers.append({"faction": fid, "holder": p, "bid": low})
    _next_bidder(state, p)


def bid_range(content: ContentView, offer: dict | None) -> tuple[int, int]:
    """The lowest and highest legal bid on an offer (None or held by nobody: an opening bid)."""
    if offer is None or offer["holder"] is None:
        low, high = content.game_params["opening_bids"]
        return int(low), int(high)
    low, high = content.game_params["bid_raise"]
    return offer["bid"] + low, offer["bid"] + high


def bid(b: Bound, move: Move) -> None:
    """The bound seat (the mover) bids on a faction on offer."""
    state = b.state
    fid, amount = arg(move, 0), arg(move, 1)
    offer = next((o for o in state.offers if o["faction"] == fid), None)
    if offer is None:
        on = ", ".join(o["faction"] for o in state.offers) or "none"
        raise IllegalMoveError("bid", f"{fid} is not on offer (on offer: {on})")
    try:
        value = int(amount)
    except ValueError:
        raise MoveSyntaxError.of_move(move, f"a bid is a number of VP, not '{amount}'", 1) from None
    low, high = bid_range(b.content, offer)
    if not low <= value <= high:
        raise IllegalMoveError("bid", f"a bid on {fid} now is {low} to {high} VP, not {value}")
    offer["holder"], offer["bid"] = b.p, value  # the previous holder has no faction again
    _next_bidder(state, b.p)


def _next_bidder(state: GameState, mover: int) -> None:
    holders = {o["holder"] for o in state.offers}
    seats = state.seats
    i = seats.index(mover)
    state.current = next((p for p in seats[i + 1:] + seats[:i + 1] if p not in holders), None)


def over(state: GameState) -> bool:
    return state.phase == "bids" and state.current is None


def finish(state: GameState) -> None:
    """Hand each player the faction they hold; the order factions were first chosen is the order of play."""
    held = [o for o in state.offers if o["holder"] is not None]
    for o in held:
        player = state.players[o["holder"]]
        holdings.set_faction(state, player.index, o["faction"])
        player.bid = o["bid"]
    state.seats = [o["holder"] for o in held]
