"""Interpreting effects on a state: gains, prices and triggers.

A gain either changes resources at once (`resources`: credits, ore, VP, charges, tokens,
Gaiaformers, temporary steps and range) or asks the player for a follow-up
(a research step, a tech tile, a build, a federation token, the Lost Planet),
which becomes a `Pending` entry of the turn. Triggers (`on ...`) are found
among the statements a player holds (`holdings.Holdings.held`).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from ..language import ast
from ..state import FedTokenHeld, Pending
from . import choices, holdings, power, rescoring, resources, special_token
from .bound import Bound, bind
from .content_view import RESOURCE_FIELDS, ContentView
from .errors import IllegalMoveError

__all__ = ["RESOURCE_FIELDS", "Event", "fire", "apply_gains", "pay", "can_pay", "recorded_events", "hearing_refusals"]

_RECORDER: ContextVar[list | None] = ContextVar("recorded_events", default=None)


@contextmanager
def recorded_events() -> Iterator[list[tuple[int, str, frozenset]]]:
    """Every event fired while inside, as (player, name, tags and piece), heard or not: what a designer's test
    (`gaia test`, `fired:` and `not_fired:`) reads. Outside it the rules record nothing."""
    seen: list[tuple[int, str, frozenset]] = []
    token = _RECORDER.set(seen)
    try:
        yield seen
    finally:
        _RECORDER.reset(token)


class _Unheard:
    """The context of gains whose losses nobody hears or records: nothing to note (entered at most gains, so
    without the cost of a generator)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> None:
        return None


_UNHEARD = _Unheard()


def hearing_refusals(b: Bound, follow: list[Pending], instead: bool = False):
    """Gains cut short inside (above a cap, a charge with no token left to move) fire `refused` for their
    player afterwards, tagged with the resource and why (`cap`, `full`), `amount` the part lost; its
    follow-ups join `follow`. `instead`: these are gains a `refused` statement gives, whose losses are lost
    without a word (what comes instead is never refused in turn: no chain, no loop). `b` is the seat
    whose move it is; another seat that lost something (a charge offered) is bound when it lost."""
    if "refused" not in b.content.heard_events and _RECORDER.get() is None:
        return _UNHEARD   # nothing listens, nothing records: nothing to note
    return _noting_refusals(b, follow, instead)


@contextmanager
def _noting_refusals(b: Bound, follow: list[Pending], instead: bool) -> Iterator[None]:
    lost: list = []
    token = resources.LOST.set(lost)
    try:
        yield
    finally:
        resources.LOST.reset(token)
    if instead:
        return
    totals: dict[tuple[int, str, str], int] = {}
    for p, res, why, n in lost:   # once per player, resource and why, with all that was lost
        totals[p, res, why] = totals.get((p, res, why), 0) + n
    for (p, res, why), n in totals.items():
        seat = b if p == b.p else bind(b.ctx, b.state, p)
        fire(seat, Event("refused", frozenset((res, why)), {"amount": n, "step": 0}), 1, follow)


class Event:
    """A moment of the rules that happened to a player (docs/effects.md, "Events").

    `tags` are the filter words it matches (a track, `advanced`, `formed`, a step's `paid`/`free`,
    a build's `gaia`/`home`/... and what gave it, `main-action`/`special-action`/...), `data` what
    `per` can count (`step`, `pw`, `level`), `hexes` the pieces `per X in <event>` counts among, and
    `owner` the player whose pieces those are (None: the player it happened to; the builder of an
    `opponent-build`); a build also names its piece and source.
    (A plain class with slots: the rules make one for every event, heard or not.)
    """

    __slots__ = ("name", "tags", "data", "hexes", "piece", "source", "owner")

    def __init__(self, name: str, tags: frozenset = frozenset(), data: dict | None = None, hexes: tuple = (),
                 piece: str | None = None, source: str | None = None, owner: int | None = None):
        self.name, self.tags, self.data, self.hexes = name, tags, data or {}, hexes
        self.piece, self.source, self.owner = piece, source, owner

    def matches(self, ev) -> bool:
        if isinstance(ev, ast.BuildEvent):
            return (self.name == "build" and self.piece in ev.pieces
                    and (ev.source is None or ev.source == self.source)
                    and (ev.where is None or ev.where in self.tags)
                    and (not ev.by or any(b in self.tags for b in ev.by)))
        return ev.name == self.name and (not ev.filters or any(f in self.tags for f in ev.filters))


def apply_gains(b: Bound, gains, source: str, follow: list[Pending] | None = None,
                event: Event | None = None, by: str = "reward") -> list[Pending]:
    """Apply gains in order; follow-ups are returned (and appended to `follow`).

    Runs of plain amounts are applied as one sequence, so a special-token
    question stops the rest of the run until it is answered. `per` counts
    the data of `event` (the event that fired the statement) before the
    holder's counters. A build it gives is `by` that kind of thing (`special-action`,
    `board-action`; any other effect's is a `reward`): the `build ... by` filter.
    """
    follow = [] if follow is None else follow
    batch: list = []
    p = b.p

    def flush():
        if batch:
            with hearing_refusals(b, follow, instead=event is not None and event.name == "refused"):
                choices.apply_sequence(b, list(batch), follow)
            batch.clear()

    for g in gains:
        if isinstance(g, ast.Amount):
            n = g.count * (b.holdings.count_per(b.state, p, g.per, g.each, g.within, event, g.near) if g.per else 1)
            batch.append([g.resource, n, source])
            continue
        flush()
        if isinstance(g, ast.Up):
            follow.append(Pending("up", p, {"track": g.track, "source": source}))
        elif isinstance(g, ast.Tech):
            follow.append(Pending("tech", p, {"source": source}))
        elif isinstance(g, ast.Build):
            follow.append(Pending("build", p, {"pieces": list(g.pieces), "from": g.source, "source": source,
                                               "by": by}))
        elif isinstance(g, ast.Swap):
            follow.append(Pending("swap", p, {"first": g.first, "second": g.second}))
        elif isinstance(g, ast.Fed):
            if g.token is None:
                follow.append(rescoring.ask(p, source))
            else:
                follow.extend(gain_fed_token(b, g.token, source))
        elif isinstance(g, ast.LostPlanet):
            follow.append(Pending("lostPlanet", p, {"by": by}))
    flush()
    return follow


def gain_fed_token(b: Bound, token: str, source: str, formed: Event | None = None) -> list[Pending]:
    """Take a federation token (a named one, or `here`: the one on the research level) and its reward.

    `formed` is the `federation` event of a federation just formed (its hexes, tagged `formed`).
    """
    state = b.state
    if token == "here":
        token = state.terraforming_token
        if token is None:
            return []
        state.terraforming_token = None
    fed = b.content.catalogue.federation_tokens[token]
    b.player.fed_tokens.append(FedTokenHeld(token, fed.green))
    follow: list[Pending] = []
    for eff in fed.effects:
        for st in eff.statements:
            apply_gains(b, st.clause.gains, "federation", follow)
    fire(b, formed or Event("federation", tags=frozenset((token,))), 1, follow)
    return follow


def silent(content: ContentView, name: str) -> bool:
    """Whether firing event `name` would do nothing: no statement of the content hears it and nothing
    records events (a caller firing it for every seat skips binding their views)."""
    return name not in content.heard_events and _RECORDER.get() is None


def fire(b: Bound, event: Event, times: int = 1,
         follow: list[Pending] | None = None, without: frozenset = frozenset()) -> list[Pending]:
    """Fire every `on` statement the bound seat holds (and the round tile's) that listens to `event`.

    Each statement's condition and once-per-round/game limit are checked as it
    fires; an event some `until`/`after` scope names is remembered for the player.
    Plain amounts of the resources in `without` are left out (the rules gave them already).
    An opponent that hears it (`on opponent ...`) is bound once, only when it holds a listener.
    """
    follow = [] if follow is None else follow
    state, p, content = b.state, b.p, b.content
    recorder = _RECORDER.get()
    if recorder is not None and times > 0:
        recorder.append((p, event.name, event.tags | {event.piece} if event.piece else event.tags))
    if times <= 0 or event.name not in content.heard_events:
        return follow  # nothing in the content listens to it (most events, in most games)
    if event.name in content.watched_events:
        holdings.mark_event(state, p, event.name)
    _hear(b, b.holdings.listeners(state, p, event.name), event, times, follow, without)
    if 1 <= state.round <= len(state.setup.round_tiles):
        tile = content.catalogue.round_tiles[state.setup.round_tiles[state.round - 1]]
        for i, st in enumerate(s for eff in tile.effects for s in eff.statements):
            if (isinstance(st.clause, ast.On) and not st.clause.opponent and event.matches(st.clause.event)
                    and may_fire(b, st, f"round{state.round}#{i}", event)):
                for _ in range(1 if st.once else times):
                    apply_gains(b, st.clause.gains, f"round{state.round}", follow, event)
    if event.name in content.heard_by_opponents:
        seats = len(state.players)
        if event.owner is None:  # its pieces are p's, whoever hears it
            event = Event(event.name, event.tags, event.data, event.hexes, event.piece, event.source, p)
        key = f"opponent {event.name}"
        for q in ((p + k) % seats for k in range(1, seats)):  # the opponents, in seat order after p
            heard = b.holdings.listeners(state, q, key)
            if heard:
                _hear(bind(b.ctx, state, q), heard, event, times, follow, frozenset())
    return follow


def _hear(b: Bound, heard, event: Event, times: int, follow: list[Pending], without: frozenset) -> None:
    """The bound seat's `on` statements `heard` (its listeners under the event's key) fire for `event`
    (their filters, conditions, limits)."""
    for h in heard:
        st = h.statement
        if event.matches(st.clause.event) and may_fire(b, st, f"{h.source}#{h.index}", event):
            gains = st.clause.gains
            if without:
                gains = tuple(g for g in gains if not (isinstance(g, ast.Amount) and g.resource in without and not g.per))
            for _ in range(1 if st.once else times):  # a limited statement fires once, however many steps
                apply_gains(b, gains, h.source, follow, event)


def apply_now(b: Bound, effect_list, source: str, follow: list[Pending], key: str | None = None) -> None:
    """Gain every `now` statement of `effect_list` (a tile taken, a level reached, a piece built),
    each only when its condition holds and its once-per limit allows (counted under `key`)."""
    i = 0
    for eff in effect_list:
        for st in eff.statements:
            if isinstance(st.clause, ast.Now) and (
                    (st.condition is None and st.once is None) or may_fire(b, st, f"{key or source}#{i}")):
                apply_gains(b, st.clause.gains, source, follow)
            i += 1


def may_fire(b: Bound, st: ast.Statement, key: str, event: Event | None = None) -> bool:
    """Whether a held statement fires now: its condition holds and its once-per limit is not used up.

    A statement that fires is marked as used for its round or game.
    """
    cond = st.condition
    if cond is not None and not cond.holds(b.holdings.count_per(b.state, b.p, cond.counters, cond.each, cond.within,
                                                                 event, cond.near)):
        return False
    if st.once is not None:
        mark = f"{st.once}:{key}"
        player = b.player
        if mark in player.marks:
            return False
        player.marks = player.marks + [mark]  # replaced: clones share it
    return True


def can_pay(b: Bound, costs, use: str = "price") -> str | None:
    """Why the bound seat cannot pay `costs`, or None (`use`: what the price pays for, a use of `area3_token_value`)."""
    return short_of(b, amounts_of(costs), use=use)


def amounts_of(costs) -> tuple[tuple[str, int], ...]:
    """The amounts a price asks for, per resource (token moves aside)."""
    need: dict[str, int] = {}
    for c in costs:
        if isinstance(c, ast.Pay):
            need[c.resource] = need.get(c.resource, 0) + c.count
    return tuple(need.items())


def short_of(b: Bound, need: tuple[tuple[str, int], ...], have: dict | None = None,
             use: str = "price") -> str | None:
    """Why the bound seat does not have these amounts (`amounts_of` a price), or None.

    `have` keeps what the player has of each resource asked, for a caller asking many times about one state.
    """
    for res, n in need:
        got = have.get(res) if have is not None else None
        if got is None:
            got = _available(b, res, use)
            if have is not None:
                have[res] = got
        if got is not None and got < n:
            if res == "pw":
                return f"{n} power needed in area III, you have {got}"
            if res == "t":
                return f"{n} power tokens needed, you have {got}"
            return f"{n}{res} needed, you have {got}"
    return None


def _available(b: Bound, res: str, use: str = "price") -> int | None:
    """How much of `res` the bound seat can pay now (None: not a resource a price takes from the player)."""
    player = b.player
    attr = RESOURCE_FIELDS.get(res)
    if attr is not None:
        return getattr(player, attr)
    if res in b.content.stored_resources:
        return player.other.get(res, 0)
    if res == "pw":
        return power.spendable(player, b.holdings.param(b.state, b.p, "area3_token_value", use=use),
                               b.content.special_value(player))
    if res == "t":
        return power.tokens_in_cycle(player)
    return None


def pay(b: Bound, costs, source: str, use_token: bool | None = None, use: str = "price") -> None:
    """Pay a price; VP paid are booked under `source` (what was bought), as VP gained are."""
    problem = can_pay(b, costs, use)
    if problem:
        raise IllegalMoveError("cost", problem)
    state, p, player, content = b.state, b.p, b.player, b.content
    for c in costs:
        if isinstance(c, ast.Pay):
            if c.resource == "vp":
                resources.add_vp(state, p, -c.count, source)
            elif c.resource in RESOURCE_FIELDS:
                attr = RESOURCE_FIELDS[c.resource]
                setattr(player, attr, getattr(player, attr) - c.count)
            elif c.resource in content.stored_resources:
                player.other = {**player.other, c.resource: player.other.get(c.resource, 0) - c.count}
            elif c.resource == "pw":
                value, special, to = special_token.spending(b, use)
                power.spend_power(player, c.count, value, special, use_token, to=to)
                if "spend" in content.heard_events:
                    state.pending.extend(fire(b, Event("spend", data={"pw": c.count})))
            elif c.resource == "t":   # tokens paid leave the game, the special token with them
                if power.take_tokens(player, c.count, use_token).get("token"):
                    special_token.discarded(player, "discard")
        else:
            move_pieces(b, c)


def move_pieces(b: Bound, c: ast.Move) -> None:
    """`move N from>to`: tokens between areas, or Gaiaformers into the Gaia area."""
    player = b.player
    if c.source == "gf":
        free = b.holdings.free_gaiaformers(b.state, b.p)
        if free < c.count:
            raise IllegalMoveError("gaiaformer", f"{c.count} available Gaiaformer(s) needed, you have {free}")
        player.gaiaformers_in_gaia += c.count
        return
    if player.power.get(c.source, 0) < c.count:
        raise IllegalMoveError("tokens", f"{c.count} token(s) needed in {c.source}, you have {player.power.get(c.source, 0)}")
    player.power[c.source] -= c.count
    if c.target in player.power:
        player.power[c.target] += c.count
