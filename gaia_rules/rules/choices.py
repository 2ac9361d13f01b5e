"""Where a faction's special token goes when that is the player's choice.

A special token (content: `special_token`) moves like one power token. When
charging, spending or removing tokens could leave it in two places, the
player is asked (`token <area>`; the site writes the token's name). The
question belongs to a sequence of gains: everything from the interrupted gain
on waits for the answer, as the site's engine does.

Items of a sequence are `[resource, count, source]` lists (plain data, so a
pending question survives a save).
"""
from __future__ import annotations

from ..language import ast
from ..state import GameState, Pending, PlayerState
from . import power, resources
from .context import Context
from .errors import IllegalMoveError

KIND = "token"


def _copy(p: PlayerState) -> PlayerState:
    return PlayerState(p.index, power=dict(p.power), token=p.token, vp=p.vp)


def charge_options(p: PlayerState, n: int) -> list[str]:
    """[default area, other area] of the token after charging n, or [] if they agree."""
    first, other = _copy(p), _copy(p)
    power.charge(first, n)
    power.charge(other, n, token_first=False)
    if p.token is None or first.token == other.token:
        return []
    return [str(first.token), str(other.token)]


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


def apply_events(ctx: Context, state: GameState, p: int, events: list, follow: list[Pending]) -> None:
    """Apply events (lists of gains) in order; stop at the first one whose charge needs a token choice.

    That event and every later one wait for the answer (the site's engine re-runs
    the interrupted event from its start).
    """
    player = state.players[p]
    for k, event in enumerate(events):
        if player.token is not None:
            found = _question(_copy(player), event)
            if found is not None:
                i, options = found
                follow.append(Pending(KIND, p, {"op": "charge", "before": event[:i], "n": event[i][1],
                                                "then": event[i + 1:], "later": events[k + 1:], "options": options}))
                return
        for res, count, source in event:
            _gain(ctx, state, p, res, count, source, follow)


def apply_sequence(ctx: Context, state: GameState, p: int, items: list, follow: list[Pending]) -> None:
    """Apply one event: a list of gains that waits as a whole for a token choice."""
    if items:
        apply_events(ctx, state, p, [items], follow)


def _gain(ctx, state, p, res, count, source, follow) -> None:
    if res == "tech":
        follow.append(Pending("tech", p, {"source": source}))
    elif res == "vp":
        resources.add_vp(state, p, count, source)
    else:
        resources.gain_resource(ctx, state, p, res, count, source)


def spend_with_choice(ctx: Context, state: GameState, p: int, n: int, then: list, follow: list[Pending],
                      use: str = "price") -> None:
    """Spend n power; with the token in area III the player may be asked whether to use it.

    The caller fires the `spend` event first (`effects.fire`, which the gains here come before).
    """
    player = state.players[p]
    faction = ctx.content.faction(player)
    special = faction.special_token.spend_value if faction.special_token else 0
    value = ctx.holdings.param(state, p, "area3_token_value", use=use)
    to = ctx.holdings.param(state, p, "token_route", "spend")
    if player.token != "area3":
        power.spend_power(player, n, value, special, use_token=False, to=to)
        apply_sequence(ctx, state, p, then, follow)
        return
    need = player.power["area3"] * value < n
    small = n < special
    if need and not small:
        power.spend_power(player, n, value, special, use_token=True, to=to)
        apply_sequence(ctx, state, p, then, follow)
        return
    if not need and small:
        power.spend_power(player, n, value, special, use_token=False, to=to)
        apply_sequence(ctx, state, p, then, follow)
        return
    options = ["area1"] if need else ["area1", "area3"]
    data = {"op": "spend", "n": n, "then": then, "options": options}
    if use != "price":
        data["use"] = use   # the use of area3_token_value the answer spends for
    follow.append(Pending(KIND, p, data))


AREAS_KIND = "areas"


def area_splits(player: PlayerState, n: int) -> list[str]:
    """Every way to take n tokens from areas I-III (and the special token): `area1=2,area2=1,token=1`."""
    out = []
    have = [player.power[a] for a in ("area1", "area2", "area3")]
    token = 1 if player.token in ("area1", "area2", "area3") else 0
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
            player.token = "gaia" if to == "gaia" else None
        else:
            player.power[area] -= int(k)
            if to == "gaia":
                player.power["gaia"] += int(k)


def take_with_choice(ctx: Context, state: GameState, p: int, n: int, to: str, follow: list[Pending]) -> None:
    """Remove n tokens, to the Gaia area or out of play.

    Under `token_discard_order: choice` the player picks the areas when there
    is more than one way; otherwise area I goes first and only the special
    token may be a question.
    """
    player = state.players[p]
    if ctx.content.game_params["token_discard_order"] == "choice":
        splits = area_splits(player, n)
        if len(splits) > 1:
            follow.append(Pending(AREAS_KIND, p, {"n": n, "to": to, "options": splits}))
            return
        if splits:
            take_from_areas(player, splits[0], to)
            return
    order = ("area1", "area2", "area3")
    plain = sum(player.power[a] for a in order)
    if player.token not in order:
        _take(player, n, False, to)
        return
    if plain + 1 == n:
        _take(player, n, True, to)
        return
    if to == "gaia":
        follow.append(Pending(KIND, p, {"op": "take", "n": n, "to": to, "options": [player.token, "gaia"]}))
        return
    upto = sum(player.power[a] for a in order[: order.index(player.token) + 1])
    if upto < n:
        follow.append(Pending(KIND, p, {"op": "take", "n": n, "to": to, "options": [player.token, "discard"]}))
        return
    _take(player, n, False, to)


def _take(player: PlayerState, n: int, token_goes: bool, to: str) -> None:
    taken = power.take_tokens(player, n, token_goes)
    moved = n - taken.get("token", 0)
    if to == "gaia":
        player.power["gaia"] += moved
    if taken.get("token"):
        player.token = "gaia" if to == "gaia" else None


def resolve(ctx: Context, state: GameState, p: int, answer: str, question: Pending, follow: list[Pending]) -> None:
    """Carry out the interrupted operation with the player's answer."""
    data = question.data
    if answer not in data["options"]:
        raise IllegalMoveError("special-token", f"the token can go to {' or '.join(data['options'])}, not {answer}")
    player = state.players[p]
    op = data["op"]
    if op == "charge":
        for res, count, source in data["before"]:
            _gain(ctx, state, p, res, count, source, follow)
        power.charge(player, data["n"], token_first=(answer == data["options"][0]))
        apply_sequence(ctx, state, p, data["then"], follow)
        if not follow:
            apply_events(ctx, state, p, data.get("later", []), follow)
    elif op == "spend":
        faction = ctx.content.faction(player)
        power.spend_power(player, data["n"], ctx.holdings.param(state, p, "area3_token_value",
                                                                  use=data.get("use", "price")),
                          faction.special_token.spend_value, use_token=(answer == "area1"),
                          to=ctx.holdings.param(state, p, "token_route", "spend"))
        apply_sequence(ctx, state, p, data["then"], follow)
    elif op == "take":
        _take(player, data["n"], answer in ("gaia", "discard"), data["to"])


def items_of(gains, source: str) -> list:
    """Plain-resource gains as sequence items (others are not sequenced)."""
    return [[g.resource, g.count, source] for g in gains if isinstance(g, ast.Amount) and not g.per]
