"""Bot kinds by name: the one registry that the arena, the lab and the command line read."""
from __future__ import annotations

from .base import Bot
from .fast import FastBot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import SearchBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "fast": FastBot, "search": SearchBot}
DEFAULT_BOT = "fast"


def make_bot(kind: str, seed, avoid_dead_ends: bool = False, **options) -> Bot:
    """A bot of the named kind; unknown names list the known ones."""
    if kind not in BOTS:
        raise ValueError(f"unknown bot '{kind}' (choose {', '.join(BOTS)})")
    return BOTS[kind](seed, avoid_dead_ends, **options)
