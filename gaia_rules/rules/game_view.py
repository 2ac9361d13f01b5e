"""What the faces read of a game beyond its plain state, through one read-only door.

The rules derive things from the content and from what each player holds: the
map's hex names and geometry, a player's rule parameters (range, the free power
of a charge), counters of scoring tiles, income totals, the special actions a
player holds. A `GameView` answers those questions for one state, so that no
face, format or lab module needs the rules' context or imports a rule's module
(`tests/project/test_import_graph.py` keeps it so). It never changes the state.
"""
from __future__ import annotations

from typing import Any

from ..content.catalogue import Catalogue
from ..state import GameState
from . import actions, federation_listing, phases, scoring
from .bound import bind
from .content_view import Placement
from .context import Context
from .map_view import MapView


class GameView:
    """Read-only answers about one state: map, content parameters, what each seat holds and earns."""

    def __init__(self, ctx: Context, state: GameState):
        self._ctx = ctx
        self.state = state

    # ------------------------------------------------------------ content and map
    @property
    def catalogue(self) -> Catalogue:
        """The catalogue the game is played with (its faction variant applied)."""
        return self._ctx.content.catalogue

    @property
    def map(self) -> MapView:
        """The game's map: hex names (`canonical_name`), planets (`planet_at`), neighbours and distances."""
        return self._ctx.map

    @property
    def mine_id(self) -> str:
        """The structure built new on planets (the board's mine), whatever the content calls it."""
        return self._ctx.content.mine_id

    @property
    def caps(self) -> dict[str, int]:
        """The cap of each capped resource (content: resources.yaml)."""
        return self._ctx.content.caps

    def placement(self, p: int, piece: str) -> Placement:
        """Where seat p's `piece` is placed new, what each planet costs and becomes (its placement words read)."""
        return self._ctx.content.placement(self.state.players[p], piece)

    @property
    def stored_resources(self) -> frozenset[str]:
        """Resources the content adds beyond the engine's own (kept in `PlayerState.other`)."""
        return self._ctx.content.stored_resources

    # ------------------------------------------------------------ the seats (`seats.SeatRules`)
    def seat_kind(self, p: int) -> str:
        """The kind of seat p (`AUTOMA_SEAT` for the Automa's), for showing it: a rule asks the seat's answers below."""
        return self._ctx.seat(self.state, p).kind

    def plays_by_deck(self, p: int | None) -> bool:
        """Whether seat p plays by a deck of its own: its one move is played for it, no bot or person chooses it."""
        return p is not None and self._ctx.seat(self.state, p).deck_moves(p) is not None

    def holds_abilities(self, p: int) -> bool:
        """Whether seat p's faction, booster, tiles and levels give it statements (income, abilities), and so
        resources and power of its own to show and to lay in a position file."""
        return self._ctx.seat(self.state, p).holds_abilities

    # ------------------------------------------------------------ what a seat holds
    def param(self, p: int, name: str) -> Any:
        """Seat p's value of a rule parameter (`range`, `charge_free_power`, ...), its holdings applied."""
        return self._ctx.holdings.param(self.state, p, name)

    def counter(self, p: int, word: str) -> int:
        """Seat p's count of a scoring counter (`mine`, `sector`, `gaia` ...) as the scoring tiles count it."""
        return self._ctx.holdings.counter(self.state, p, word)

    def planets(self, p: int) -> list[str]:
        """The planets seat p holds, those it shares as a guest included (what the final tiles' planets count)."""
        return self._ctx.holdings.planets_with_guests(self.state, p)

    def is_structure(self, p: int, piece: str) -> bool:
        """Whether `piece` of seat p's board is a structure (a building), not a satellite or a Gaiaformer."""
        return self._ctx.content.is_structure(self.state.players[p], piece)

    def game_param(self, name: str) -> Any:
        """A game parameter of the content (`game.yaml`, the variant's and the solo rules' changes applied)."""
        return self._ctx.content.game_params[name]

    def count_per(self, p: int, per) -> int:
        """What a `per` of an effect counts for seat p now (a counter word, or several joined)."""
        return self._ctx.holdings.count_per(self.state, p, per)

    def held(self, p: int) -> tuple:
        """Every statement seat p holds now, each with its source (`faction:...`, `booster:...`, a tile)."""
        return self._ctx.holdings.held(self.state, p)

    def income_events(self, p: int) -> list:
        """(source, gains) of each income seat p's holdings pay, as the income phase applies them."""
        return phases.income_events(bind(self._ctx, self.state, p))

    def final_tile(self, tile_id: str) -> tuple[list[int], list[int]]:
        """A final scoring tile as the game's end would score it now: (each seat's count, each seat's VP)."""
        return scoring.final_tile_vp(self._ctx, self.state, tile_id)

    def power_value(self, p: int, name: str, use: str = "federation") -> int:
        """The power value of seat p's piece on hex `name` for `use` (`federation`, `charge`)."""
        return self._ctx.holdings.power_value(self.state, p, name, use)

    def is_range_origin(self, p: int, piece: str) -> bool:
        """Whether range is measured from seat p's `piece` (content: the structure's `range_origin`)."""
        return self._ctx.content.structure(self.state.players[p], piece).is_range_origin

    def terraform_steps(self, home: str, planet: str) -> int:
        """Terraforming steps from planet type `planet` to `home` on the content's wheel."""
        return self._ctx.content.terraform_steps(home, planet)

    def pieces_used(self, p: int) -> dict[str, int]:
        """Seat p's pieces of each structure taken from its board (on the map or elsewhere)."""
        return self._ctx.holdings.piece_counts(self.state, p)[1]

    def income_totals(self, p: int) -> dict[str, int]:
        """What seat p's income would pay now, by resource code (`pw` charges and `t` tokens included)."""
        return phases.income_totals(bind(self._ctx, self.state, p))

    def special_gains(self, p: int, name: str) -> tuple | None:
        """The gains of the special action seat p holds that the notation calls `name` (None if none)."""
        b = bind(self._ctx, self.state, p)
        for _key, statement in actions.held_specials(b):
            if actions.special_action_name(b, statement) == name:
                return statement.clause.gains
        return None

    def possible_federations(self, p: int) -> list[str]:
        """The federations seat p could form now (what `gaia bench` times)."""
        return federation_listing.possible_federations(bind(self._ctx, self.state, p))
