"""Replaying recorded games (the conformance format) and comparing every number.

A file gives the set-up, the move lines and the expected state after each
line (`trace`), at each round end (`checkpoints`) and at the end (`final`).
`replay_file` applies every line under the `boardgamers` variant and reports
the first divergence. A saved game of ours (savegame.py; a solo game against
the Automa, say) is replayed too: its moves from its set-up, compared with the
state it stores.
"""
from __future__ import annotations

import json
import operator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import GaiaError
from ..board import GameMap, PlacedSector
from . import savegame
from .notation import canonical, parse_line
from ..rules import Engine, Game, IllegalMoveError, Move, MoveError
from ..setup import SetupError
from ..state import LEGACY_AUCTION, GameState, Setup

TRACE_FIELDS = ("vp", "credits", "ore", "knowledge", "qic", "area1", "area2", "area3", "gaia")
VARIANT = "boardgamers"
OPTIONS_FIELD = "options"   # a divergence before the first move: the game's options cannot be played
SAVED_FIELD = "saved game"  # a saved game whose moves do not replay to the state it stores


@dataclass
class Divergence:
    move_index: int
    move: str
    player: int | None
    field: str
    expected: Any
    got: Any

    def __str__(self) -> str:
        if self.field == OPTIONS_FIELD:  # the game cannot be set up at all
            return f"not replayed: {self.got}"
        if self.field == SAVED_FIELD:
            return str(self.got)
        who = "" if self.player is None else f", player {self.player}"
        return f"move {self.move_index} '{self.move}'{who}, field {self.field}: expected {self.expected}, got {self.got}"


@dataclass
class ReplayResult:
    id: str
    moves: int
    checkpoints_total: int = 0
    checkpoints_matched: int = 0
    final_matched: bool | None = None
    first_divergence: Divergence | None = None
    expect_rejected_ok: bool | None = None
    state: GameState | None = None
    saved: bool = False            # a saved game of ours, checked against the state it stores

    @property
    def passed(self) -> bool:
        if self.expect_rejected_ok is not None:
            return self.first_divergence is None and self.expect_rejected_ok
        return self.first_divergence is None

    def to_json(self) -> dict:
        out = {"id": self.id, "moves": self.moves, "checkpoints_total": self.checkpoints_total,
               "checkpoints_matched": self.checkpoints_matched, "final_matched": self.final_matched,
               "first_divergence": None if self.first_divergence is None else str(self.first_divergence)}
        if self.expect_rejected_ok is not None:
            out["expect_rejected_ok"] = self.expect_rejected_ok
        if self.saved:
            out["saved_game"] = True
        return out


def setup_from_record(engine: Engine, record: dict) -> Setup:
    """The exact set-up of a recorded game (never re-drawn from its seed)."""
    s = record["setup"]
    sectors = sectors_of(s["map"])
    return Setup(
        players=record["players"],
        variant=VARIANT,
        seed=seed_of(record["moves"]),
        sectors=sectors,
        mirror=_detect_mirror(engine, sectors, s["map"]["hexes"]),
        round_tiles=list(s["round_scoring_tiles"]),
        final_tiles=list(s["final_scoring_tiles"]),
        boosters=list(s["boosters"]),
        tech_tiles={pos: v["tile"] for pos, v in s["tech_tiles"].items()},
        advanced_tiles={pos.removeprefix("adv-"): tile for pos, tile in s["advanced_tech_tiles"].items()},
        terraforming_token=s.get("terraforming_federation"),
        fed_supply=dict(s["federation_supply"]),
        **game_options(record),
    )


def sectors_of(map_config: dict) -> list[dict]:
    """`{sectors: [{sector, rotation, center: {q, r}}]}` (the site's map option, kept as is by records) -> ours."""
    return [{"sector": str(x["sector"]), "rotation": int(x["rotation"]), "center": [x["center"]["q"], x["center"]["r"]]}
            for x in map_config["sectors"]]


def seed_of(lines: list[str]) -> str:
    """The seed named by the first line, `init <players> <seed>`."""
    return lines[0].split()[-1] if lines else ""


# options of the site's games this engine does not play, with what they do
UNSUPPORTED_OPTIONS = {
    "advancedRules": "sectors turned by the last player before factions are chosen (`rotate`)",
    "customBoardSetup": "a set-up picked by hand (`setup` commands)",
    "randomFactions": "factions drawn at random at the start",
    "flexibleFederations": "federations that need not use the fewest satellites",
    "frontiers": "the Frontiers expansion",
}


class UnsupportedOption(GaiaError, ValueError):
    """A recorded game uses a game option this engine does not play."""


def game_options(record: dict) -> dict:
    """The Setup fields of a record's game options (`options`, else `flags`): auction and faction variant.

    Raises `UnsupportedOption` naming the first option this engine cannot play.
    """
    options, flags = record.get("options") or {}, record.get("flags") or {}
    for name, what in UNSUPPORTED_OPTIONS.items():
        if options.get(name):
            raise UnsupportedOption(f"the game uses the option '{name}' ({what}), which this engine does not play")
    if flags.get("expansions"):
        raise UnsupportedOption(f"the game uses the expansion(s) {', '.join(flags['expansions'])}, which this engine does not play")
    auction = options.get("auction", flags.get("auction"))
    if auction is True:
        auction = LEGACY_AUCTION
    family = options.get("factionVariant", flags.get("faction_variant"))
    version = options.get("factionVariantVersion", flags.get("faction_variant_version"))
    if family in (None, "standard"):
        family, version = None, None
    return {"auction": auction or None, "faction_variant": family, "faction_variant_version": version}


def _detect_mirror(engine: Engine, sectors: list[dict], hexes: list[dict]) -> bool:
    """Whether the recorded map is our sectors read flipped (remembered per map: replays repeat maps)."""
    key = (tuple((x["sector"], x["rotation"], tuple(x["center"])) for x in sectors),
           tuple((h["q"], h["r"], h["planet"]) for h in hexes))
    seen = engine.__dict__.setdefault("_mirrors", {})
    if key not in seen:
        if len(seen) > 256:
            seen.clear()
        mirror = map_mirror(engine, sectors, {(h["q"], h["r"]): h["planet"] for h in hexes})
        if mirror is None:
            raise ValueError("the recorded map matches no arrangement of our sector content")
        seen[key] = mirror
    return seen[key]


def map_mirror(engine: Engine, sectors: list[dict], codes: dict[tuple[int, int], str],
               fits=operator.eq, first: bool = False) -> bool | None:
    """Whether a map whose hexes show these planet `codes` is our sectors read flipped; None if neither way fits.

    The reading `first` is tried first; `fits` as for `map_fits`.
    """
    for mirror in (first, not first):
        if map_fits(engine, sectors, mirror, codes, fits):
            return mirror
    return None


def map_fits(engine: Engine, sectors: list[dict], mirror: bool, codes: dict[tuple[int, int], str],
             fits=operator.eq) -> bool:
    """Whether every hex of `codes` (coordinate -> planet code) lies on our sectors placed so and fits them.

    `fits(printed, shown)` (planet type ids) says whether a hex may show `shown`
    where our sector prints `printed` (by default only the same type).
    """
    by_code = {p.code: p.id for p in engine.catalogue.planets.values()}
    hexes = build_map(engine, sectors, mirror).hexes
    return all(c in hexes and fits(hexes[c].planet, by_code.get(code)) for c, code in codes.items())


def build_map(engine: Engine, sectors: list[dict], mirror: bool) -> GameMap:
    """Our sector content placed as `sectors` say (the planets printed at set-up)."""
    cat = engine.catalogue
    placed = [PlacedSector(x["sector"], x["rotation"], tuple(x["center"])) for x in sectors]
    return GameMap.build(placed, {k: v.hexes for k, v in cat.sectors.items()},
                         {k: v.tile for k, v in cat.sectors.items()}, mirror)


def hex_namer(engine: Engine, state: GameState):
    """Written hex (name or `q x r`) -> hex name on this game's map."""
    return Game(state, engine).view().map.canonical_name


def token_words(engine: Engine) -> tuple[str, ...]:
    """Names of the factions' special tokens (command words of the notation)."""
    return engine.catalogue.token_words


def _names(engine: Engine, state: GameState) -> dict[str, int]:
    return {p.faction: p.index for p in state.players if p.faction is not None}


def play_line(engine: Engine, state: GameState, line: str, namer, observer=None) -> list[Move]:
    """Apply one notation line to `state`; the moves as played (hexes by name, normalized).

    Raises a `MoveError` (text that is not a move, or a move refused); `observer` sees each round end.
    """
    parsed = parse_line(line, _names(engine, state), len(state.players), token_words(engine))
    played = []
    for mv in parsed.moves:
        mv = engine.normalize(state, canonical(mv, namer))
        engine.apply_with_observer(state, mv, observer)
        played.append(mv)
    return played


def player_trace(state: GameState, p: int) -> list[int]:
    pl = state.players[p]
    return [pl.vp, pl.credits, pl.ore, pl.knowledge, pl.qic,
            pl.power["area1"], pl.power["area2"], pl.power["area3"], pl.power["gaia"]]


def player_snapshot(engine: Engine, state: GameState, p: int) -> dict:
    """The fields of the conformance player state that our state holds."""
    pl = state.players[p]
    buildings = {k: 0 for k in ("m", "ts", "lab", "PI", "ac1", "ac2", "gf", "sp")}
    for name, h in state.board.items():
        if h.owner == p and h.piece is not None and name != pl.lost_planet:
            buildings[h.piece] = buildings.get(h.piece, 0) + 1
        if p in h.guests:
            buildings["m"] += 1
    return {
        "vp": pl.vp, "credits": pl.credits, "ore": pl.ore, "knowledge": pl.knowledge, "qic": pl.qic,
        "power": dict(pl.power), "research": dict(pl.research),
        "buildings": buildings, "gaiaformers": pl.gaiaformers, "gaiaformers_in_gaia_area": pl.gaiaformers_in_gaia,
        "satellites": pl.satellites, "lost_planet": 1 if pl.lost_planet else 0,
        "federations_formed": pl.federations_formed,
        "federation_tiles": [{"tile": t.tile, "green": t.green} for t in pl.fed_tokens],
        "tech_tiles": [{"tile": t.tile, "pos": t.pos, "enabled": t.enabled} for t in pl.tech],
        "booster": pl.booster, "range": Game(state, engine).view().param(p, "range"), "bid": pl.bid,
        # the format names the special token's place after the token itself
        **{word: pl.token for word in token_words(engine)},
    }


COMPARED = ("vp", "credits", "ore", "knowledge", "qic", "power", "research", "buildings",
            "gaiaformers", "gaiaformers_in_gaia_area", "satellites", "lost_planet", "federations_formed",
            "federation_tiles", "tech_tiles", "booster", "range", "bid")


def compare_player(engine: Engine, state: GameState, expected: dict, move_index: int, move: str) -> Divergence | None:
    p = expected["player"]
    got = player_snapshot(engine, state, p)
    for key in COMPARED + token_words(engine):
        if key in expected and expected[key] != got[key]:
            return Divergence(move_index, move, p, key, expected[key], got[key])
    if "vp_by_source" in expected:
        got_sources = {k: v for k, v in state.players[p].vp_sources.items() if v}
        want = {k: v for k, v in expected["vp_by_source"].items() if v}
        if got_sources != want:
            return Divergence(move_index, move, p, "vp_by_source", want, got_sources)
    if "final_scoring" in expected:
        fs = state.players[p].final_scoring or {}
        for key, value in expected["final_scoring"].items():
            if key in fs and fs[key] != value:
                return Divergence(move_index, move, p, f"final_scoring.{key}", value, fs[key])
    return None


def replay_record(engine: Engine, record: dict, keep_state: bool = False, setup: Setup | None = None) -> ReplayResult:
    """Replay a record and compare every number; `setup` replaces the record's own (e.g. one rebuilt by an import)."""
    moves = record["moves"]
    result = ReplayResult(record.get("id", "?"), len(moves))
    checkpoints = {(c["after_move_index"], c["round"]): c for c in record.get("checkpoints", [])}
    result.checkpoints_total = len(checkpoints)
    trace = record.get("trace", {}).get("after_each_move", [])
    try:
        state = engine.new_game(setup if setup is not None else setup_from_record(engine, record))
    except (UnsupportedOption, SetupError) as err:
        result.first_divergence = Divergence(0, moves[0] if moves else "", None, OPTIONS_FIELD,
                                             "a game this engine plays", str(err))
        return result
    current = {"index": 0, "line": ""}

    def observer(st: GameState, round_: int) -> None:
        cp = checkpoints.get((current["index"], round_))
        if cp is None or result.first_divergence is not None:
            return
        for exp in cp["players"]:
            d = compare_player(engine, st, exp, current["index"], current["line"])
            if d is not None:
                result.first_divergence = d
                return
        result.checkpoints_matched += 1

    def fail(i, line, field, expected, got, player=None):
        result.first_divergence = Divergence(i, line, player, field, expected, got)

    namer = hex_namer(engine, state)

    def run_moves() -> None:
        for i, line in enumerate(moves[1:], start=1):
            current["index"], current["line"] = i, line
            try:
                play_line(engine, state, line, namer, observer)
            except MoveError as err:
                fail(i, line, "accepted", "move accepted", f"refused: {err}")
                return
            if result.first_divergence is not None:
                return
            if i < len(trace):
                for p, row in enumerate(trace[i]):
                    got = player_trace(state, p)
                    if got != row:
                        k = next(j for j in range(len(row)) if row[j] != got[j])
                        fail(i, line, TRACE_FIELDS[k], row[k], got[k], p)
                        return
                if result.first_divergence is not None:
                    return
            # checkpoints taken at round ends that happened inside this line were checked by the observer

    run_moves()
    if result.first_divergence is None and "final" in record:
        for exp in record["final"]:
            d = compare_player(engine, state, exp, len(moves) - 1, moves[-1])
            if d is not None:
                result.first_divergence = d
                break
        result.final_matched = result.first_divergence is None
    rejected = record.get("expect_rejected")
    if rejected is not None and result.first_divergence is None:
        try:
            parsed = parse_line(rejected["move"], _names(engine, state), len(state.players), token_words(engine))
            trial = state.clone()
            for mv in parsed.moves:
                engine.apply_in_place(trial, mv)
            if not rejected.get("may_leave_turn_unfinished", True) and not parsed.finished:
                raise IllegalMoveError("turn", "the turn is not finished")
            result.expect_rejected_ok = False
        except MoveError:
            result.expect_rejected_ok = True
    if keep_state:
        result.state = state
    return result


def replay_file(engine: Engine, path: str | Path, keep_state: bool = False) -> ReplayResult:
    record = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(record, dict) and record.get("format") == savegame.FORMAT:
        return replay_saved(engine, record, Path(path).stem, keep_state)
    return replay_record(engine, record, keep_state)


def replay_saved(engine: Engine, data: dict, ident: str, keep_state: bool = False) -> ReplayResult:
    """A saved game replayed from its set-up and compared with the state it stores (its score included).

    A game made with other content raises `savegame.ContentMismatch` (it cannot be judged here)."""
    moves = data.get("moves")
    result = ReplayResult(ident, len(moves) if isinstance(moves, list) else 0, saved=True)
    try:
        game = savegame.from_dict(engine, data)
    except savegame.ContentMismatch:
        raise
    except savegame.SaveError as err:
        result.first_divergence = Divergence(0, "", None, SAVED_FIELD, "the stored state", str(err))
        return result
    result.final_matched = True
    if keep_state:
        result.state = game.state
    return result
