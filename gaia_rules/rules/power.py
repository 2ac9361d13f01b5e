"""The power cycle: charging, gaining, spending, burning and moving tokens.

Tokens sit in areas I, II, III and the Gaia area. A faction may own one special token that moves
like one token but is worth its own value spent from area III; `special_token` says where it is
and where it goes, and these functions move it only through that module.
"""
from __future__ import annotations

from ..state import PlayerState
from . import special_token
from .errors import IllegalMoveError
from .special_token import CYCLE


def in_area(p: PlayerState, area: str) -> int:
    """Tokens in one area, the special token included."""
    return p.power[area] + special_token.count_in(p, area)


def tokens_in_cycle(p: PlayerState) -> int:
    """Tokens in areas I-III, the special token included: what a `t` price (discarding tokens) can take."""
    return sum(in_area(p, a) for a in CYCLE)


def charge_capacity(p: PlayerState) -> int:
    """How much power can still move: two steps per area-I token, one per area-II token."""
    return 2 * in_area(p, "area1") + in_area(p, "area2")


def _charge(p: PlayerState, n: int, token_first: bool) -> int:
    done = 0
    for src, dst in (("area1", "area2"), ("area2", "area3")):
        order = ("token", "plain") if token_first else ("plain", "token")
        for what in order:
            if done >= n:
                return done
            if what == "token":
                if special_token.move(p, src, dst):
                    done += 1
            else:
                k = min(p.power[src], n - done)
                p.power[src] -= k
                p.power[dst] += k
                done += k
    return done


def charge(p: PlayerState, n: int, token_first: bool = True) -> int:
    """Charge n power (area I to II first, then II to III). Returns how much moved.

    The special token moves before the plain tokens of its area, unless
    `token_first` is False (then only when the plain tokens do not suffice).
    """
    return _charge(p, n, token_first)


def gain_tokens(p: PlayerState, n: int) -> None:
    p.power["area1"] += n


spendable = special_token.spendable
spend_options = special_token.spend_options


def spend_power(p: PlayerState, n: int, token_value: int, special_value: int, use_token: bool | None = None,
                to: str = "area1") -> None:
    """Spend n power from area III; spent tokens, the special one too, go to `to` (`token_route[spend]`)."""
    options = spend_options(p, n, token_value, special_value)
    if not options:
        raise IllegalMoveError("power", f"{n} power needed in area III, you have {spendable(p, token_value, special_value)}")
    if use_token is None:
        use_token = options[-1] if True in options and len(options) == 1 else (True if True in options and False not in options else False)
    if use_token not in options:
        raise IllegalMoveError("power", "that choice for the special token does not pay this cost")
    if use_token:
        special_token.send(p, to)
        n = max(0, n - special_value)
    tokens = -(-n // token_value)
    p.power["area3"] -= tokens
    if to in p.power:
        p.power[to] += tokens


def burnable(p: PlayerState, rule) -> int:
    """How many times player p can burn under `rule` (free-actions.yaml's `burn`: from, to, take, keep)."""
    plain_only = rule.keep == 0   # a burn keeping nothing never takes the special token
    return (p.power[rule.source] if plain_only else in_area(p, rule.source)) // rule.take


def burn(p: PlayerState, times: int, discard_to: str, rule) -> None:
    """Burn `times` times: each takes `rule.take` tokens from `rule.source`, `rule.keep` of them go to
    `rule.target` (the special token first, when it is among them) and the rest leave (to `discard_to`)."""
    if times < 1:
        raise IllegalMoveError("burn", "burn at least once")
    need = rule.take * times
    if burnable(p, rule) < times:
        raise IllegalMoveError("burn", f"burning {times} needs {need} tokens in {rule.source}, you have "
                                       f"{in_area(p, rule.source)}")
    for _ in range(times):
        kept = rule.keep
        if kept and special_token.move(p, rule.source, rule.target):
            taken, kept = rule.take - 1, kept - 1
        else:
            taken = rule.take
        p.power[rule.source] -= taken
        p.power[rule.target] += kept
        if discard_to in p.power:
            p.power[discard_to] += rule.take - rule.keep


def take_tokens(p: PlayerState, n: int, token_goes: bool | None = None) -> dict[str, int]:
    """Remove n tokens, area I first, then II, then III. Returns how many left each area.

    `token_goes` says whether the special token is among them when either way works.
    """
    total = tokens_in_cycle(p)
    if total < n:
        raise IllegalMoveError("tokens", f"{n} power tokens needed, you have {total}")
    plain = sum(p.power[a] for a in CYCLE)
    if token_goes is None:
        token_goes = special_token.token_goes_by_default(p, n)
    if token_goes and not special_token.in_cycle(p):
        token_goes = False
    if not token_goes and plain < n:
        raise IllegalMoveError("tokens", "the special token is needed to pay this")
    taken: dict[str, int] = {}
    left = n
    if token_goes:
        taken["token"] = 1
        left -= 1
    for a in CYCLE:
        k = min(p.power[a], left)
        if k:
            p.power[a] -= k
            taken[a] = k
            left -= k
    return taken
