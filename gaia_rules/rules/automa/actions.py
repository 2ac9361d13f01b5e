"""The Automa's actions (§7 of the solo rules), each with its condition, options and tie-breakers.

A step is one action word of the content's closed vocabulary (`content.automa.STEP_ACTIONS`): a
decision card's action, or one part of a faction action with the faction card's own range,
tie-breaker or track. Each step reads the turn's support card, records what it did and why in
the turn's record, and says whether it could be done; a step that cannot be done does its
`otherwise` (the faction card's fallback), if it has one. The Automa pays nothing and gains no
resources: it places and upgrades its pieces, moves up research tracks, covers action spaces.
Its faction card's permanent rules (`special`) apply where they fit: a repeated card action, VP
for an upgrade or a new planet type, a downgrade among the upgrades, an action after an upgrade.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...content.automa import Automa, AutomaCard, AutomaFaction, AutomaStep
from ...state import GameState
from .. import building, holdings
from . import score, select
from .select import fewest
from ..bound import Bound


@dataclass
class Turn:
    """One Automa turn under way: its seat's bound view, the support card it reads and what it did so far."""

    b: Bound
    support: AutomaCard
    in_faction: bool = False                      # doing its faction action (some rules apply only there)
    steps: list[dict] = field(default_factory=list)
    vp: int = 0

    @property
    def state(self) -> GameState:
        return self.b.state

    @property
    def seat(self) -> int:
        return self.b.p

    @property
    def automa(self) -> Automa:
        return self.b.content.catalogue.automa

    @property
    def faction(self) -> AutomaFaction:
        return self.automa.factions[self.state.automa.faction]

    def gain(self, source: str, vp: int, record: dict | None = None, key: str | None = None) -> None:
        got = score.gain(self.b, source, vp, key)
        self.vp += got
        if record is not None and got:
            record.setdefault("vp", {})[source] = record.get("vp", {}).get(source, 0) + got

    def specials(self, rule: str):
        return [s for s in self.faction.special if s.rule == rule]

    def supply_left(self, piece: str) -> int:
        """Copies of a structure still on its faction board (0 for one its board does not have)."""
        b = self.b
        s = b.faction.structures.get(piece)
        return 0 if s is None else s.supply - b.holdings.count(b.state, b.p, piece)


def do_step(turn: Turn, step: AutomaStep) -> bool:
    """Do one step; its `otherwise` when it cannot be done. Whether something was done."""
    done = STEPS[step.action](turn, step)
    if not done and step.otherwise is not None:
        turn.steps[-1]["otherwise"] = True
        return do_step(turn, step.otherwise)
    return done


def _record(turn: Turn, step: AutomaStep, **data) -> dict:
    record = {"do": step.action, **data}
    turn.steps.append(record)
    return record


# ------------------------------------------------------------------ build a mine (§7.1)

def build_mine(turn: Turn, step: AutomaStep) -> bool:
    b, state = turn.b, turn.state
    rules = turn.automa.rules
    if turn.supply_left(b.content.mine_id) <= 0:
        _record(turn, step, failed="no-mine-left", instead="upgrade")
        return upgrade(turn, AutomaStep("upgrade"))
    reach = step.range if step.range is not None else turn.support.range
    candidates = mine_candidates(b, reach)
    if not candidates:
        fallback = rules.unbuildable_mine == "upgrade"
        _record(turn, step, failed="no-planet-in-range", range=reach, **({"instead": "upgrade"} if fallback else {}))
        return upgrade(turn, AutomaStep("upgrade")) if fallback else False
    tests = mine_tests(turn, step.tiebreaker)
    name, trail = select.narrow(b.map, candidates, rules.mine_tiebreakers, tests, turn.support.direction)
    record = _record(turn, step, hex=name, planet=b.map.planet_at(state, name), range=reach,
                     options=len(candidates), by=trail, **_why(turn, trail, step.tiebreaker))
    place_mine(turn, name, record)
    return True


def _why(turn: Turn, trail: list[list], faction_tiebreaker: str | None = None) -> dict:
    """What the tie-breakers of a trail read: the faction's own, the final tile, the direction."""
    used = {word for word, _left in trail}
    out: dict = {}
    if "faction" in used:
        out["faction_tiebreaker"] = faction_tiebreaker
    if "final-tile" in used:
        out["final_tile"] = select.final_tile(turn.state, turn.support)
    if "direction" in used:
        out["direction"] = turn.support.direction
    return out


def mine_candidates(b: Bound, reach: int) -> list[str]:
    """Empty planets (Transdim included) within `reach` of a planet the Automa (the bound seat) has
    colonised, in map order."""
    state, map_ = b.state, b.map
    near: set[str] = set()
    for origin in b.holdings.colonized(state, b.p):
        near.update(map_.within(origin, reach))
    return [n for n, _planet in map_.planets_by_name if n in near and map_.kind_at(state, n) not in ("space", "lost")
            and (state.board.get(n) is None or state.board[n].piece is None)]


def type_after_mine(turn: Turn, name: str) -> str:
    """The planet type a hex will have once the Automa's mine stands on it."""
    b = turn.b
    if b.map.kind_at(b.state, name) == "gaia-project" and turn.automa.rules.transdim_becomes_gaia:
        return b.content.planet_of_kind["gaia"]
    return b.map.planet_at(b.state, name)


def mine_tests(turn: Turn, faction_tiebreaker: str | None) -> dict:
    """The mine tie-breakers (`MINE_TIEBREAKERS` but direction) as tests on candidate hexes."""
    b, state = turn.b, turn.state
    map_ = b.map
    to_human = select.distance_to(map_, select.human_planets(b))
    home = b.faction.home
    off_wheel = turn.automa.rules.planet_steps   # the rules' count for a planet off the wheel
    steps = lambda n: building.terraform_steps(b.ctx, home, map_.planet_at(state, n), off_wheel)  # noqa: E731
    tests = {"fewest-steps": lambda c: fewest(c, steps),
             "closest-to-human": lambda c: fewest(c, to_human)}
    if faction_tiebreaker == "transdim":
        tests["faction"] = lambda c: [n for n in c if map_.kind_at(state, n) == "gaia-project"]
    elif faction_tiebreaker == "closest-to-human":
        tests["faction"] = tests["closest-to-human"]
    tile = select.final_tile(state, turn.support)
    preference = turn.automa.rules.final_tile_preferences.get(tile) if tile else None
    if preference is not None:
        tests["final-tile"] = lambda c: [n for n in c if prefers(turn, preference, n)]
    return tests


def prefers(turn: Turn, preference: str, name: str) -> bool:
    """Whether a final tile's preference (`FINAL_PREFERENCES`) keeps a candidate planet."""
    b = turn.b
    state, map_ = b.state, b.map
    if preference == "gaia-or-transdim":
        return map_.kind_at(state, name) in ("gaia", "gaia-project")
    own = b.holdings.colonized(state, b.p)
    if preference == "new-planet-type":
        return type_after_mine(turn, name) not in {map_.planet_at(state, n) for n in own}
    return map_.sector_tile(name) not in {map_.sector_tile(n) for n in own}   # new-sector


def place_mine(turn: Turn, name: str, record: dict) -> None:
    """The mine on the map (charges follow the turn); a Transdim planet may become a Gaia planet; then
    the faction card's rules for a new planet type and the satellite of a lone mine."""
    b = turn.b
    state, seat, map_ = b.state, b.p, b.map
    planet = type_after_mine(turn, name)
    had = {map_.planet_at(state, n) for n in b.holdings.colonized(state, seat)}
    lone = not any(state.board.get(n) is not None and state.board[n].owner == seat and state.board[n].piece
                   for n in map_.neighbour_names[name])
    if building.put_piece(b, b.content.mine_id, name, planet):
        record["becomes"] = planet
    if planet not in had:
        for rule in turn.specials("vp-for-new-planet-type"):
            turn.gain("faction-rule", rule.vp, record)
    if lone and set(state.setup.final_tiles) & set(turn.automa.rules.lone_mine_satellite):
        state.players[seat].satellites += 1
        record["satellite"] = True


# ------------------------------------------------------------------ upgrade (§7.2)

def upgrade_lines(turn: Turn) -> list[tuple[str, tuple[str, ...]]]:
    """The upgrade priority: the rules' lines, with the faction card's downgrade at its position."""
    lines = [(u.source, u.targets) for u in turn.automa.rules.upgrades]
    for rule in turn.specials("downgrade"):
        if rule.applies_to == "every-upgrade" or turn.in_faction:
            lines.insert(min(max(rule.position, 1) - 1, len(lines)), (rule.source, (rule.target,)))
    return lines


def upgrade(turn: Turn, step: AutomaStep) -> bool:
    b = turn.b
    state, seat = b.state, b.p
    for source, targets in upgrade_lines(turn):
        hexes = [n for n, h in state.board.items() if h.owner == seat and h.piece == source]
        target = next((t for t in targets if turn.supply_left(t) > 0), None)
        if not hexes or target is None:
            continue
        to_human = select.distance_to(b.map, select.human_planets(b))
        tests = {"closest-to-human": lambda c: fewest(c, to_human)}
        name, trail = select.narrow(b.map, hexes, turn.automa.rules.upgrade_tiebreakers, tests,
                                    turn.support.direction)
        record = _record(turn, step, hex=name, source=source, target=target, options=len(hexes), by=trail,
                         **_why(turn, trail))
        building.change_piece(b, name, target)
        after_upgrade(turn, source, target, record)
        return True
    _record(turn, step, failed="nothing-to-upgrade")
    return False


def after_upgrade(turn: Turn, source: str, target: str, record: dict) -> None:
    """The faction card's rules for an upgrade: VP for the structure it became, an action after it."""
    for rule in turn.specials("vp-for-upgrade"):
        if rule.target == target:
            turn.gain("faction-rule", rule.vp, record)
    for rule in turn.specials("research-after-upgrade"):
        if rule.source == source and rule.target == target:
            do_step(turn, AutomaStep(rule.action))


# ------------------------------------------------------------------ research (§7.3-7.5)

def research_option(b: Bound, track: str) -> str | None:
    """How the Automa (the bound seat) can act on a track: `advance`, take its advanced tile (`tile`: one
    level below the top, the tile still there), or None. No federation token is needed for the top
    level; it is taken by one player only, as for everyone."""
    state, seat = b.state, b.p
    research = b.content.catalogue.research
    top = research.levels - 1
    level = b.player.research.get(track, 0)
    if level >= top:
        return None
    if level + 1 == top:
        if state.tech_supply.get(f"adv-{track}", 0) > 0:
            return "tile"
        if research.exclusive and any(o.research.get(track, 0) >= top for o in state.players if o.index != seat):
            return None
    return "advance"


def valid_tracks(turn: Turn) -> list[str]:
    """The tracks it can act on, in their order on the research board."""
    tracks = sorted(turn.b.content.catalogue.tracks.values(), key=lambda t: t.order)
    return [t.id for t in tracks if research_option(turn.b, t.id) is not None]


def research(turn: Turn, step: AutomaStep) -> bool:
    valid = valid_tracks(turn)
    levels = turn.state.players[turn.seat].research
    if step.action == "research-track":
        options = [step.track] if step.track in valid else []
    elif step.action == "research-highest" and valid:
        high = max(levels[t] for t in valid)
        options = [t for t in valid if levels[t] == high]
    else:
        options = valid
    track = select.numbered(options, turn.support.numbered)
    if track is None:
        _record(turn, step, failed="no-research-area", **({"track": step.track} if step.track else {}))
        return False
    record = _record(turn, step, track=track, options=len(options))
    if research_option(turn.b, track) == "tile":
        position = f"adv-{track}"
        turn.state.tech_supply[position] = 0   # out of the game
        record["tile"] = turn.state.setup.advanced_tiles.get(track, position)
    else:
        record["level"] = holdings.raise_level(turn.state, turn.seat, track)
    return True


# ------------------------------------------------------------------ power and Q.I.C. action spaces (§7.6)

def action_space(turn: Turn, step: AutomaStep) -> bool:
    state = turn.state
    open_spaces = [a for a in turn.automa.rules.action_spaces if a not in state.board_actions_used]
    space = select.numbered(open_spaces, turn.support.numbered)
    if space is None:
        _record(turn, step, failed="no-space-left")
        return False
    state.board_actions_used.append(space)
    _record(turn, step, space=space, options=len(open_spaces))
    return True


STEPS = {"build-mine": build_mine, "upgrade": upgrade, "research-highest": research, "research-random": research,
         "research-track": research, "power-qic": action_space}


# ------------------------------------------------------------------ a card's action (§7, §8)

def resolve(turn: Turn, card: AutomaCard) -> None:
    """The action card's action with the support card, then its VP (even when nothing could be done)."""
    if card.action == "faction":
        turn.in_faction = True
        for step in turn.faction.steps:
            do_step(turn, step)
        turn.in_faction = False
        turn.gain("faction-card", turn.faction.vp)
        return
    times = max([r.times for r in turn.specials("repeat-card-action") if r.action == card.action], default=1)
    for _ in range(times):
        do_step(turn, AutomaStep(card.action))
    turn.gain("card", card.vp)
