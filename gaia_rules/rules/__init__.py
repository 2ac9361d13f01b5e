"""The rules engine: interpreting content on a game state.

Where each rule lives:

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
- What the rules read besides the state, one view per concern (`context.Context` carries the three):
  `content_view` (the game's content and typed parameters), `map_view` (names, neighbours, distances,
  reach), `holdings` (what each player holds, and the only functions that change it).
"""
from .effects import recorded_events
from .engine import Engine
from .errors import IllegalMoveError, MoveError, MoveSyntaxError
from .moves import Move

__all__ = ["Engine", "IllegalMoveError", "Move", "MoveError", "MoveSyntaxError", "recorded_events"]
