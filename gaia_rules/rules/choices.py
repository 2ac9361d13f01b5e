"""Questions the power cycle raises in the middle of a sequence of gains, and their answers.

Where the special token goes, when that is the player's choice (`special_token` says when it is
and which areas they may name: `token <area>`; the site writes the token's name), and which areas
tokens are taken from under `token_discard_order: choice` (`areas ...`). A question belongs to a
sequence of gains: everything from the interrupted gain on waits for the answer, as the site's
engine does.

Items of a sequence are `[resource, count, source]` lists (plain data, so a
pending question survives a save).
"""
from __future__ import annotations

from ..language import ast
from ..state import Pending, PlayerState
from . import power, resources, special_token
from .bound import Bound
from .errors import IllegalMoveError
from .special_token import CYCLE, KIND


def charge_options(p: PlayerState, n: int) -> list[str]:
    """[default area, other area] of the special token after charging n, or [] if they agree."""
    if not special_token.held(p):
        return []
    first, other = special_token.trial(p), special_token.trial(p)
    power.charge(first, n)
    power.charge(other, n, token_first=False)
    if special_token.area(first) == special_token.area(other):
        return []
    return [str(special_token.area(first)), str(special_token.area(other))]


def _question(trial: PlayerState, event: list) -> tuple[int, list[str]] | None:
    """Simulate one event on `trial`; the index of a charge needing a token choice, if any."""
    for i, (res, count, _source) in enumerate(event):
        if res == "pw":
            options = charge_options(trial, count)
            if options:
                return i, options
            power.charge(trial, count)
        elif res == "t":
            power.gain_tokens(trial, count)
    return None


def apply_events(b: Bound, events: list, follow: list[Pending]) -> None:
    """Apply events (lists of gains) in order; stop at the first one whose charge needs a token choice.

    That event and every later one wait for the answer (the site's engine re-runs
    the interrupted event from its start).
    """
    p, player = b.p, b.player
    for k, event in enumerate(events):
        if special_token.held(player):
            found = _question(special_token.trial(player), event)
            if found is not None:
                i, options = found
                follow.append(Pending(KIND, p, {"op": "charge", "before": event[:i], "n": event[i][1],
                                                "then": event[i + 1:], "later": events[k + 1:], "options": options}))
                return
        for res, count, source in event:
            _gain(b, res, count, source, follow)


def apply_sequence(b: Bound, items: list, follow: list[Pending]) -> None:
    """Apply one event: a list of gains that waits as a whole for a token choice."""
    if items:
        apply_events(b, [items], follow)


def _gain(b: Bound, res: str, count: int, source: str, follow: list[Pending]) -> None:
    if res == "tech":
        follow.append(Pending("tech", b.p, {"source": source}))
    elif res == "vp":
        resources.add_vp(b.state, b.p, count, source)
    else:
        resources.gain_resource(b, res, count, source)


def spend_with_choice(b: Bound, n: int, then: list, follow: list[Pending], use: str = "price") -> None:
    """Spend n power; with the token in area III the player may be asked whether to use it.

    The caller fires the `spend` event first (`effects.fire`, which the gains here come before).
    """
    p, player = b.p, b.player
    value, special, to = special_token.spending(b, use)
    how = special_token.spend_question(player, n, value, special)
    if isinstance(how, list):
        data = {"op": "spend", "n": n, "then": then, "options": how}
        if use != "price":
            data["use"] = use   # the use of area3_token_value the answer spends for
        follow.append(Pending(KIND, p, data))
        return
    power.spend_power(player, n, value, special, use_token=how, to=to)
    apply_sequence(b, then, follow)


AREAS_KIND = "areas"


def area_splits(player: PlayerState, n: int) -> list[str]:
    """Every way to take n tokens from areas I-III (and the special token): `area1=2,area2=1,token=1`."""
    out = []
    have = [player.power[a] for a in CYCLE]
    token = 1 if special_token.in_cycle(player) else 0
    for t in range(token + 1):
        for a1 in range(min(have[0], n - t) + 1):
            for a2 in range(min(have[1], n - t - a1) + 1):
                a3 = n - t - a1 - a2
                if 0 <= a3 <= have[2]:
                    parts = [f"{a}={k}" for a, k in (("area1", a1), ("area2", a2), ("area3", a3)) if k]
                    out.append(",".join(parts + (["token=1"] if t else [])))
    return out


def take_from_areas(player: PlayerState, split: str, to: str) -> None:
    """Remove tokens as the player chose (`area1=2,area2=1,token=1`)."""
    for part in split.split(","):
        area, _, k = part.partition("=")
        if area == "token":
            special_token.discarded(player, to)
        else:
            player.power[area] -= int(k)
            if to == "gaia":
                player.power["gaia"] += int(k)


def take_with_choice(b: Bound, n: int, to: str, follow: list[Pending]) -> None:
    """Remove n tokens, to the Gaia area or out of play.

    Under `token_discard_order: choice` the player picks the areas when there
    is more than one way; otherwise area I goes first and only the special
    token may be a question.
    """
    p, player = b.p, b.player
    if b.content.game_params["token_discard_order"] == "choice":
        splits = area_splits(player, n)
        if len(splits) > 1:
            follow.append(Pending(AREAS_KIND, p, {"n": n, "to": to, "options": splits}))
            return
        if splits:
            take_from_areas(player, splits[0], to)
            return
    goes = special_token.take_question(player, n, to)
    if isinstance(goes, list):
        follow.append(Pending(KIND, p, {"op": "take", "n": n, "to": to, "options": goes}))
        return
    _take(player, n, goes, to)


def _take(player: PlayerState, n: int, token_goes: bool, to: str) -> None:
    taken = power.take_tokens(player, n, token_goes)
    moved = n - taken.get("token", 0)
    if to == "gaia":
        player.power["gaia"] += moved
    if taken.get("token"):
        special_token.discarded(player, to)


def resolve(b: Bound, answer: str, question: Pending, follow: list[Pending]) -> None:
    """Carry out the interrupted operation with the answer of the bound seat."""
    state, p = b.state, b.p
    data = question.data
    if answer not in data["options"]:
        raise IllegalMoveError("special-token", f"the token can go to {' or '.join(data['options'])}, not {answer}")
    player = b.player
    op = data["op"]
    if op == "charge":
        for res, count, source in data["before"]:
            _gain(b, res, count, source, follow)
        resources.charge(state, p, data["n"], token_first=(answer == data["options"][0]))
        apply_sequence(b, data["then"], follow)
        if not follow:
            apply_events(b, data.get("later", []), follow)
    elif op == "spend":
        value, special, to = special_token.spending(b, data.get("use", "price"))
        power.spend_power(player, data["n"], value, special, use_token=(answer == "area1"), to=to)
        apply_sequence(b, data["then"], follow)
    elif op == "take":
        _take(player, data["n"], answer in ("gaia", "discard"), data["to"])


def items_of(gains, source: str) -> list:
    """Plain-resource gains as sequence items (others are not sequenced)."""
    return [[g.resource, g.count, source] for g in gains if isinstance(g, ast.Amount) and not g.per]
