"""The engine's one cache: every value the rules work out once and read again, under one size limit.

An `Engine` owns one `Cache` and hands it to each view it builds (`Context.for_setup`): the views of
the content, the map and what players hold, and the contexts themselves, keep their tables in it.
A key holds everything its value depends on (the view it belongs to is part of it, so two games'
maps never share an entry), and the values are pure: dropping any of them changes no result, only
the time the next question takes. So the policy is the simplest that bounds memory: past `LIMIT`
entries the cache starts over (a long run of bot games draws a new map each game).
"""
from __future__ import annotations

from typing import Any, Callable, Hashable

LIMIT = 100_000
"""Entries kept at most by one engine (contexts, holdings, searches on the map, derived tables)."""


class Cache:
    """Values kept under keys, at most `LIMIT` of them; full, it starts over."""

    __slots__ = ("values", "limit")

    def __init__(self, limit: int = LIMIT):
        # read `values` directly where a lookup runs on every move (`values.get(key)`: no call of the
        # rules between); write only through `put`, which keeps the limit
        self.values: dict[Hashable, Any] = {}
        self.limit = limit

    def get(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The value kept under `key`, else `compute()` kept there."""
        found = self.values.get(key, _MISSING)
        if found is _MISSING:
            found = compute()
            self.put(key, found)
        return found

    def peek(self, key: Hashable, default: Any = None) -> Any:
        """The value kept under `key`, or `default` (nothing computed)."""
        return self.values.get(key, default)

    def put(self, key: Hashable, value: Any) -> None:
        if len(self.values) >= self.limit:
            self.values.clear()
        self.values[key] = value

    def __len__(self) -> int:
        return len(self.values)


_MISSING = object()
