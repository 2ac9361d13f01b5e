"""The Automa's decision deck: built by difficulty at set-up, drawn from each turn, grown each round.

At set-up the starter cards, changed by the difficulty, plus its random reserve cards, are
shuffled into the round-1 deck; the other cards, shuffled, are the reserve (never shuffled again).
At each new round the deck, the cards revealed, the support and action cards and the top cards of
the reserve are shuffled into the new deck. The bottom cards of a new deck are its pass zone.

Every shuffle is drawn from the game's seed (`rng`), so a seeded solo game deals the same deck to
everyone, byte for byte.
"""
from __future__ import annotations

import random

from ...content.automa import Automa, AutomaDifficulty
from ...state import AutomaState, GameState

REMOVED_OUT = "out-of-game"


def rng(state: GameState, purpose: str) -> random.Random:
    """The random numbers of one of the Automa's draws, from the game's seed alone."""
    return random.Random(f"automa/{state.setup.seed}/{purpose}")


def _by_number(automa: Automa, cards) -> list[str]:
    return sorted(cards, key=lambda c: automa.cards[c].number)


def build(automa: Automa, level: AutomaDifficulty, draw: random.Random) -> dict[str, list[str]]:
    """The round-1 deck, the reserve and the cards out of the game of a difficulty (§3.5)."""
    starting = level.starting_deck(automa.cards)
    removed = [c for c in level.remove if c in automa.cards]
    out = _by_number(automa, removed) if level.removed_to == REMOVED_OUT else []
    reserve = _by_number(automa, set(automa.cards) - set(starting) - set(out))
    draw.shuffle(reserve)
    taken, reserve = reserve[:level.random_reserve_cards], reserve[level.random_reserve_cards:]
    deck = starting + taken
    draw.shuffle(deck)
    return {"deck": deck, "reserve": reserve, "out": out}


def pass_zone(automa: Automa, deck: list[str]) -> list[str]:
    """The bottom cards of a new deck: the pass zone."""
    n = automa.rules.pass_zone
    return list(deck[-n:]) if n > 0 else []


def start(automa: Automa, state: GameState, seat: int, faction: str, difficulty: str) -> AutomaState:
    """The Automa's cards at set-up (`automa`: the content's Automa, all the deal reads besides the seed)."""
    cards = build(automa, automa.difficulties[difficulty], rng(state, "deck"))
    return AutomaState(seat, faction, difficulty, cards["deck"], pass_zone(automa, cards["deck"]),
                       reserve=cards["reserve"], out=cards["out"])


def new_round(automa: Automa, state: GameState, number: int) -> None:
    """Every card of the round, and the top cards of the reserve, shuffled into the new round's deck (§5.5);
    `automa` is the content's Automa (its deck is all it changes: no view of the seat is needed)."""
    a = state.automa
    k = automa.rules.reserve_cards_per_round
    cards = a.deck + a.discard + [c for c in (a.support, a.action) if c is not None] + a.reserve[:k]
    deck = _by_number(automa, cards)
    rng(state, f"round{number}").shuffle(deck)
    a.deck, a.reserve, a.discard = deck, a.reserve[k:], []
    a.support = a.action = None
    a.pass_zone = pass_zone(automa, deck)


def in_pass_zone(state: GameState, card: str) -> bool:
    """Whether a card still in the deck lies in the pass zone (the deck is only ever drawn from the top)."""
    return card in state.automa.pass_zone
