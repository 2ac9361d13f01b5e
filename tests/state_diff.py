"""What two game states differ in, leaf by leaf: how the designer tests see a statement's exact effect.

A design's effect is measured by playing the same moves with the design and without one of its
statements and comparing the states' JSON. Some leaves are bookkeeping rather than effects: the
content's hash always differs between two contents, and the order income sources were gained in
holds one more source with the design; callers name more (`ignore`).
"""
from __future__ import annotations

import json
from typing import Callable

from gaia_rules.state import GameState

BOOKKEEPING = ("setup.content_hash", ".income_order")


def flat(value, path: str = "") -> dict[str, object]:
    """Every leaf of a JSON-like value by its path ('players[0].credits')."""
    if isinstance(value, dict):
        return {k2: v2 for k, v in value.items() for k2, v2 in flat(v, f"{path}.{k}" if path else str(k)).items()}
    if isinstance(value, list):
        return {k2: v2 for i, v in enumerate(value) for k2, v2 in flat(v, f"{path}[{i}]").items()}
    return {path: value}


def differences(a: GameState, b: GameState, ignore: Callable[[str], bool] = lambda key: False) -> dict[str, tuple]:
    """Leaves that differ ('players[0].vp': (a's, b's)), bookkeeping and what `ignore` names left out."""
    fa, fb = flat(json.loads(a.to_json())), flat(json.loads(b.to_json()))
    return {k: (fa.get(k), fb.get(k)) for k in sorted(set(fa) | set(fb))
            if fa.get(k) != fb.get(k) and not any(part in k for part in BOOKKEEPING) and not ignore(k)}
