"""Players: the bots that choose moves, and `play_game` that runs a whole game between them."""
from .bots import (BOTS, Bot, BotGameError, Evaluator, GreedyBot, RandomBot, Step, describe_wait, make_bot,
                   play_from, play_game)

__all__ = ["BOTS", "Bot", "BotGameError", "Evaluator", "GreedyBot", "RandomBot", "Step", "describe_wait",
           "make_bot", "play_from", "play_game"]
