"""End of game: final scoring tiles (ties, the neutral player), research VP, resources."""
from __future__ import annotations

import re

from ..content.catalogue import Catalogue
from ..state import GameState
from . import effects, power, special_token
from .automa.score import EXTRA_KEY as AUTOMA_EXTRA_KEY, VP_KEYS as AUTOMA_VP_KEYS
from .resources import FREE_ACTION, add_vp, gain_resource
from .bound import Bound, bind
from .context import Context


def rank_vp(values: list[int], counts: list[int], table: list[int], zero_scores: bool) -> list[int]:
    """VP per entry for a ranking: tied entries share the sum of the places they take, rounded down."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    out = [0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and values[order[j]] == values[order[i]]:
            j += 1
        share = sum(table[k] if k < len(table) else 0 for k in range(i, j)) // (j - i)
        for k in range(i, j):
            out[order[k]] = share if (zero_scores or values[order[k]] > 0) else 0
        i = j
    return out


def _extra_vp(b: Bound, breakdown: dict, source: str, vp: int) -> None:
    """A seat's own extra VP on its final VP from `source` (the Automa's difficulty; a player has none)."""
    extra = b.ctx.seat(b.state, b.p).extra_vp(b.ctx, b.state, b.p, source, vp)
    if extra is not None:
        breakdown["automa_extra_vp"] = breakdown.get("automa_extra_vp", 0) + extra


def final_tile_vp(ctx: Context, state: GameState, tile_id: str) -> tuple[list[int], list[int]]:
    """One final scoring tile as the game's end scores it now: (each seat's count, each seat's VP), the
    Automa counting by its rules and the neutral player ranked where the content seats one.

    Takes `ctx`, not a bound view: it ranks every seat, none acts."""
    n = len(state.players)
    table = list(ctx.content.catalogue.game["final_scoring_vp"])
    zero = ctx.content.game_params["final_zero_scores"]
    neutral = n in ctx.content.game_params["neutral_player_counts"]
    tile = ctx.content.catalogue.final_tiles[tile_id]
    counts = [ctx.seat(state, p).final_count(ctx, state, p, tile_id, tile.count) for p in range(n)]
    values = counts + ([tile.neutral] if neutral else [])
    return counts, rank_vp(values, values, table, zero)[:n]


def final_scoring(ctx: Context, state: GameState) -> None:
    """Score the game's end for every seat (so it takes `ctx`; each seat is bound once)."""
    n = len(state.players)
    seats = [bind(ctx, state, p) for p in range(n)]
    breakdown = [dict() for _ in range(n)]
    for k, tile_id in enumerate(state.setup.final_tiles, 1):
        counts, vp = final_tile_vp(ctx, state, tile_id)
        for p in range(n):
            add_vp(state, p, vp[p], f"final{k}")
            breakdown[p][f"final_tile_{k}"] = {"tile": tile_id, "count": counts[p], "vp": vp[p]}
            _extra_vp(seats[p], breakdown[p], "final-tiles", vp[p])
    for p, player in enumerate(state.players):
        vp_table = ctx.content.catalogue.research.vp_by_level
        research_vp = {t: vp_table[lv] for t, lv in player.research.items()}
        for t, vp in research_vp.items():
            add_vp(state, p, vp, t)
            _extra_vp(seats[p], breakdown[p], "research", vp)
        breakdown[p]["research_vp"] = research_vp
        resources = ctx.seat(state, p).resource_vp(ctx, state, p)   # none for the Automa, who keeps none
        add_vp(state, p, resources, "spend")
        breakdown[p]["resources_vp"] = resources
        breakdown[p]["bid_vp"] = -player.bid
        if player.bid:
            add_vp(state, p, -player.bid, "bid")
        breakdown[p]["total_final_scoring_vp"] = (
            sum(breakdown[p][f"final_tile_{k}"]["vp"] for k in range(1, len(state.setup.final_tiles) + 1))
            + sum(research_vp.values()) + resources - player.bid + breakdown[p].get("automa_extra_vp", 0))
        player.final_scoring = breakdown[p]


def resource_vp(b: Bound) -> int:
    """The bound seat burns and spends all power as credits, Q.I.C. as ore, then 1 VP per 3 resources."""
    state, p, player = b.state, b.p, b.player
    value, special, to = special_token.spending(b, "final-scoring")
    burning = b.content.catalogue.burn
    times = power.burnable(player, burning)
    if times:
        power.burn(player, times, b.holdings.param(state, p, "token_route", "burn"), burning)
    # spend all of area III as credits: g power buys g credits; the tokens moved are those
    # g / value power costs (the site's count: tokens worth more than 1 power partly stay)
    g = power.spendable(player, value, special)
    if g:
        power.spend_power(player, -(-g // value), value, special, use_token=special_token.at(player, "area3"), to=to)
        gain_resource(b, "c", g, "spend")
    gain_resource(b, "o", player.qic, "spend")
    player.qic = 0
    rule = b.content.catalogue.game["resource_vp"]
    total = sum(getattr(player, effects.RESOURCE_FIELDS[r]) for r in rule["of"])
    return total // rule["per"]


# ------------------------------------------------------------------ VP by source, in groups

_NUMBERED = re.compile(r"^(round|final)\d+$")
START = "start"


def source_groups(catalogue: Catalogue, vp: int, sources: dict[str, int]) -> dict[str, int]:
    """A player's VP in groups of sources (the groups are mechanisms; sum = final VP).

    The lab's reports and the arena both read a game's VP this way, so a designer's and a bot
    tuner's "where the VP come from" are the same table.
    """
    out: dict[str, int] = {START: vp - sum(sources.values())}
    for key, n in sources.items():
        group = source_group(catalogue, key)
        out[group] = out.get(group, 0) + n
    return {k: v for k, v in out.items() if v or k == START}


def source_group(catalogue: Catalogue, key: str) -> str:
    """The group of one `vp_sources` key: the mechanism that paid it."""
    m = _NUMBERED.match(key)
    if m:
        return "round tiles" if m.group(1) == "round" else "final tiles"
    if key in catalogue.tracks:
        return "research"
    if key.startswith("tech-"):
        return "tech tiles"
    if key.startswith("adv-"):
        return "advanced tiles"
    if key in catalogue.boosters:
        return "boosters"
    if key in catalogue.board_actions:
        return "actions"
    if key in catalogue.factions:
        return "faction"
    return {"spend": "resources", FREE_ACTION: "free actions", "charge": "power charges", "federation": "federations",
            "bid": "bid", **AUTOMA_GROUPS}.get(key, "other")


# The Automa's own VP sources (rules/automa/score.py) in groups.
AUTOMA_GROUPS = {AUTOMA_VP_KEYS["card"]: "decision cards", AUTOMA_VP_KEYS["faction-card"]: "faction card",
                 AUTOMA_VP_KEYS["faction-rule"]: "faction card", AUTOMA_EXTRA_KEY: "difficulty"}
