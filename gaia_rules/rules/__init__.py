"""The rules engine: interpreting content on a game state.

Where each rule lives:

- `game`: `Game` — the one object faces, players, the lab and formats hold (legal moves, push, pop,
  turn, seats, score); `game_view`: `GameView`, its read-only answers for showing a game. Nothing
  outside `rules/` imports another module of it (`tests/project/test_import_graph.py`).
- `engine`: `Engine` — `new_game`, `apply` (atomic), `legal_moves`, `random_move`, `to_move`, `normalize`.
- `phases`: the flow of a game — set-up (factions, starting resources and pieces), income, Gaia phase,
  turn order, round end, game end. `charges`: the charges offered after a build.
- `actions`: dispatching a move — set-up choices, decisions outside the turn (charges, income order,
  Gaia-phase conversions), board actions, specials, research, passing, follow-ups of an action.
- `building`: mines (terraforming, Gaia planets, range and Q.I.C.), Gaia Projects, space stations,
  upgrades and their discount near opponents.
- `conversions`: free actions — spends (sums of conversions) and burning power.
- `federations`: forming federations, the fewest-satellites rule, listing possible federations.
- `research`, `tech`: research tracks; tech tiles and covering them with advanced ones.
- `power`, `choices`: the power cycle; where a special token goes when the player chooses.
- `effects`: gains, prices and triggers of the effect language; `resources`: gaining one plain resource.
- `scoring`: final scoring tiles, research and resource VP.
- `legal`: listing the legal moves; `common`: reading a move's arguments; `moves`: `Move`; `errors`:
  `MoveError`, the base of `MoveSyntaxError` (not a move) and `IllegalMoveError` (a move the rules
  refuse, naming a rule of `RULE_CODES`).
- `seats`: what the common rules ask of a seat (`SeatRules`); `player_seat`: a player's answers;
  `automa/`: the Automa's rules in a room of their own (set-up, deck, turn, actions, score, its seat).
  The common rules ask the seat (`Context.seat`) instead of testing for the Automa.
- What the rules read besides the state, one view per concern (`context.Context` carries the three, and the seats):
  `content_view` (the game's content and typed parameters), `map_view` (names, neighbours, distances,
  reach), `holdings` (what each player holds, and the only functions that change it).
- `bound`: `Bound`, the one view a move's rules read: the state, the acting seat, its player and faction
  and the three views, bound once per move by the engine (`actions`' handlers and `building` take it).
"""
from .automa.score import EXTRA_KEY as AUTOMA_EXTRA_KEY, VP_KEYS as AUTOMA_VP_KEYS
from .automa.turn import COMMAND as AUTOMA_COMMAND
from .effects import recorded_events
from .engine import Engine
from .errors import AmbiguousMoveError, IllegalMoveError, MoveError, MoveSyntaxError
from .game import Game, LegalMoves, Seat
from .game_view import GameView
from .moves import COMMANDS, SWAP_PREFIX, Move
from .resources import FREE_ACTION
from .seats import AUTOMA as AUTOMA_SEAT
from .tech import ADV as ADVANCED_PREFIX

# the public surface: what code outside `rules/` may import (tests/project/test_import_graph.py)
__all__ = ["ADVANCED_PREFIX", "AUTOMA_COMMAND", "AUTOMA_EXTRA_KEY", "AUTOMA_SEAT", "AUTOMA_VP_KEYS", "AmbiguousMoveError", "COMMANDS",
           "Engine", "FREE_ACTION", "Game", "GameView", "IllegalMoveError", "LegalMoves", "Move", "MoveError", "MoveSyntaxError",
           "SWAP_PREFIX", "Seat", "recorded_events"]
