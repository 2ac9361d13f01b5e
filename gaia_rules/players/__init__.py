"""Players: one `Bot` interface and the bots that implement it, `play_game`, and the arena.

Bot kinds by name (`BOTS`): `random` (uniform over the legal moves), `greedy`
(one ply over a simple count of holdings), `fast` (one ply over an estimate of
the final score, weights tuned by self-play; the default opponent), `search`
(the fast bot's move, overruled where fast-bot play-outs to the round's end find a clearly better one).
"""
from __future__ import annotations

from .base import Bot, BotGameError, Step, describe_wait, dead_end, is_free, play_from, play_game
from .fast import FastBot, FastEvaluator
from .greedy import Evaluator, GreedyBot, structure_values
from .kinds import BOTS, DEFAULT_BOT, make_bot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["BOTS", "DEFAULT_BOT", "Bot", "BotGameError", "Evaluator", "FastBot", "FastEvaluator", "GreedyBot",
           "RandomBot", "SearchBot", "Step", "dead_end", "describe_wait", "is_free", "make_bot", "play_from", "play_game",
           "structure_values"]
