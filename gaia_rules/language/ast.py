"""Typed, immutable nodes of the effect language.

Every node carries the column (1-based) where it starts in its source string,
and nodes holding several words also carry the column of each word
(`piece_columns`, `per_columns`, ...), so the content checker can point at the
exact word a designer got wrong. Columns are left out of equality and hashing.
Nodes know nothing about games: the engine gives them meaning.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

# ---------------------------------------------------------------- gains


@dataclass(frozen=True)
class Amount:
    """`2vp`, `q`, `3pw per m` -- gain `count` of `resource`, times a counter.

    `per 2 influence` counts whole pairs (`each` = 2); `per m in federation`
    counts only among the pieces of the event that fired (`within`).
    """

    count: int
    resource: str
    per: tuple[str, ...] = ()
    each: int = 1
    within: str | None = None
    column: int = field(default=0, compare=False)
    per_columns: tuple[int, ...] = field(default=(), compare=False)
    within_column: int = field(default=0, compare=False)
    near: int | None = None        # `within N`: only within N of the event's hex(es)


@dataclass(frozen=True)
class Up:
    """`up nav`, `up any`, `up lowest` -- advance one research level."""

    track: str
    column: int = field(default=0, compare=False)
    track_column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Build:
    """`build m`, `build m|gf`, `build ts from lab` -- place or change a piece."""

    pieces: tuple[str, ...]
    source: str | None = None
    column: int = field(default=0, compare=False)
    piece_columns: tuple[int, ...] = field(default=(), compare=False)
    source_column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Swap:
    """`swap PI with m` -- two of your pieces trade places (not a build)."""

    first: str
    second: str
    column: int = field(default=0, compare=False)
    first_column: int = field(default=0, compare=False)
    second_column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Fed:
    """`fed` re-scores a token you own; `fed <token id>` gains that token; `fed here` the one on this level."""

    token: str | None = None
    column: int = field(default=0, compare=False)
    token_column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Tech:
    """`tech` -- take a tech tile (standard, or advanced if you qualify)."""

    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class LostPlanet:
    """`lost-planet` -- place the Lost Planet with your mine on it."""

    column: int = field(default=0, compare=False)


Gain = Union[Amount, Up, Build, Swap, Fed, Tech, LostPlanet]

@dataclass(frozen=True)
class Count:
    """`ts|PI`, `2 structure`, `m-on-gaia` -- a count on its own (a final scoring tile's `count:`): the
    counters added up, in whole groups of `each`."""

    counters: tuple[str, ...]
    each: int = 1
    within: str | None = None
    columns: tuple[int, ...] = field(default=(), compare=False)
    near: int | None = None


# ---------------------------------------------------------------- costs


@dataclass(frozen=True)
class Pay:
    """`4pw`, `3c`, `1t` -- a price paid."""

    count: int
    resource: str
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Move:
    """`move 1 area3>gaia` -- move tokens (or pieces) between places as the price."""

    count: int
    source: str
    target: str
    column: int = field(default=0, compare=False)
    source_column: int = field(default=0, compare=False)
    target_column: int = field(default=0, compare=False)


Cost = Union[Pay, Move]

# ---------------------------------------------------------------- events


@dataclass(frozen=True)
class BuildEvent:
    """`build PI from ts on home by main-action` -- each time the holder builds one of `pieces`
    (optionally only from `source`, only on `where`, only by one of the ways `by`)."""

    pieces: tuple[str, ...]
    where: str | None = None
    source: str | None = None
    column: int = field(default=0, compare=False)
    piece_columns: tuple[int, ...] = field(default=(), compare=False)
    where_column: int = field(default=0, compare=False)
    source_column: int = field(default=0, compare=False)
    by: tuple[str, ...] = ()
    by_columns: tuple[int, ...] = field(default=(), compare=False)

    name = "build"


@dataclass(frozen=True)
class NamedEvent:
    """`research nav`, `tech advanced`, `charge` -- a named moment of the rules, with optional filters
    (the event fires the statement when it matches any of them)."""

    name: str
    filters: tuple[str, ...] = ()
    column: int = field(default=0, compare=False)
    filter_columns: tuple[int, ...] = field(default=(), compare=False)


Event = Union[BuildEvent, NamedEvent]

# ---------------------------------------------------------------- clauses


@dataclass(frozen=True)
class Scope:
    """`until ac2:` / `after PI:` -- the statement holds only before / after a build or an event."""

    kind: str  # "until" | "after"
    pieces: tuple[str, ...]
    column: int = field(default=0, compare=False)
    piece_columns: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Condition:
    """`if lab >= 2:` -- the statement fires only while the count compares true."""

    counters: tuple[str, ...]
    op: str
    value: int
    each: int = 1
    within: str | None = None
    column: int = field(default=0, compare=False)
    counter_columns: tuple[int, ...] = field(default=(), compare=False)
    within_column: int = field(default=0, compare=False)
    near: int | None = None        # `within N`: only within N of the event's hex(es)

    def holds(self, n: int) -> bool:
        v = self.value
        return {">=": n >= v, "<=": n <= v, ">": n > v, "<": n < v, "=": n == v}[self.op]


@dataclass(frozen=True)
class Income:
    """`income: ...` -- gains in each income phase."""

    gains: tuple[Gain, ...]


@dataclass(frozen=True)
class Now:
    """`now: ...` -- gains once, when the tile is taken, the level reached, the structure built."""

    gains: tuple[Gain, ...]


@dataclass(frozen=True)
class OnPass:
    """`pass: ...` -- gains when the holder passes."""

    gains: tuple[Gain, ...]


@dataclass(frozen=True)
class On:
    """`on EVENT: ...` -- gains each time the event happens (to the holder, or to an opponent)."""

    event: Event
    gains: tuple[Gain, ...]
    opponent: bool = False   # `on opponent EVENT`: the event happened to one of the holder's opponents

    @property
    def key(self) -> str:
        """What the statement listens to: the event's name, or `opponent NAME`."""
        return f"opponent {self.event.name}" if self.opponent else self.event.name


@dataclass(frozen=True)
class Action:
    """`action: ...` -- a special action the holder may take once a round (its main action)."""

    gains: tuple[Gain, ...]


@dataclass(frozen=True)
class Free:
    """`free: COSTS -> GAINS` -- a conversion, any number of times on the holder's turn."""

    costs: tuple[Cost, ...]
    gains: tuple[Gain, ...]


@dataclass(frozen=True)
class GaiaPhase:
    """`gaia-phase: COSTS -> GAINS` -- an optional conversion in the Gaia phase."""

    costs: tuple[Cost, ...]
    gains: tuple[Gain, ...]


@dataclass(frozen=True)
class Set:
    """`set name[key, ...] [for use] = value` -- a rule parameter for the holder; `+= n` / `-= n` change
    it by n (after every absolute `=`, whatever order the statements were gained in)."""

    name: str
    keys: tuple[str, ...]
    value: int | str | tuple[int, str] | tuple[tuple[int, str], ...]   # a number, a word, an amount, a price
    column: int = field(default=0, compare=False)  # of the parameter name
    key_columns: tuple[int, ...] = field(default=(), compare=False)
    value_column: int = field(default=0, compare=False)
    op: str = "="                  # "=" (absolute), "+=" or "-=" (relative: value is the number added or taken)
    use: str | None = None         # the one use of the parameter it changes (None: every use)
    use_column: int = field(default=0, compare=False)

    @property
    def relative(self) -> bool:
        return self.op != "="

    @property
    def delta(self) -> int:
        """What a relative change adds (negative for `-=`)."""
        return -self.value if self.op == "-=" else self.value


@dataclass(frozen=True)
class Replace:
    """`replace q with o` -- every gain of `old` arrives as `new`."""

    old: str
    new: str
    column: int = field(default=0, compare=False)  # of `old`
    new_column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Lock:
    """`lock up nav` -- the holder cannot advance on `track`."""

    track: str
    column: int = field(default=0, compare=False)  # of `track`


Clause = Union[Income, Now, OnPass, On, Action, Free, GaiaPhase, Set, Replace, Lock]

TRIGGER_OF = {
    Income: "income",
    Now: "now",
    OnPass: "pass",
    On: "on",
    Action: "action",
    Free: "free",
    GaiaPhase: "gaia-phase",
    Set: "set",
    Replace: "replace",
    Lock: "lock",
}


@dataclass(frozen=True)
class Statement:
    """One clause of an effect with its limits: scope, once a round or game, condition."""

    clause: Clause
    scope: Scope | None = None
    column: int = field(default=0, compare=False)
    once: str | None = None              # "round" | "game": fires at most once in each
    condition: Condition | None = None
    once_column: int = field(default=0, compare=False)

    @property
    def trigger(self) -> str:
        return TRIGGER_OF[type(self.clause)]


@dataclass(frozen=True)
class Effect:
    """One parsed effect string: its statements in order."""

    text: str
    statements: tuple[Statement, ...]
