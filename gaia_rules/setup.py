"""Drawing a new game's set-up from a seed: board, scoring tiles, boosters, tech tiles, tokens.

Everything comes from content (the catalogue): the layout for the player
count, its sectors and slots, the number of rounds and of extra boosters, the
standard tech-tile positions, the research tracks and the federation tokens.
No component is named here.

The draw is a function of the seed only: `random.Random(str(seed))`, and the
draws are taken in a fixed order (board, round tiles, final tiles, boosters,
tech tiles, advanced tiles, terraforming token). The same seed, player count,
layout and catalogue give the same `Setup`.

Board: a layout file (content/sectors/layouts) belongs to a named board
(`board`, default its id) and holds for some player counts. A game asks for
a board by name:
- `standard`: the standard board's layout for the player count, its sectors
  on its slots in the listed order (or shuffled if the layout says
  `draw: shuffled`), each with a random rotation;
- `random`: the standard board with its sectors shuffled over the slots;
- any other board named in content (e.g. the x-shaped map): its layout for
  the player count, drawn as it says.
Either way the draw is repeated until the same-type adjacency rule holds
(variant parameter `adjacency_check`): `all-types` forbids two neighbouring
planets of one type (every type but empty space), `coloured-types` only the
types on the terraforming wheel. A sector face printed with two touching
planets of one type (possible under `all-types`) cannot be changed by placing
it, so pairs inside one sector are not held against the draw.
"""
from __future__ import annotations

import random
import re
from typing import Iterable

from .board import GameMap, PlacedSector, adjacency_ok, neighbours
from .content.catalogue import Catalogue
from .content.spelling import did_you_mean
from .state import Setup

LAYOUT_KINDS = ("standard", "random")   # the standard board in order, or shuffled; content adds boards by name
STANDARD_BOARD = "standard"
ROTATIONS = 6
MAX_BOARD_DRAWS = 100_000


def player_counts(catalogue: Catalogue) -> range:
    """The player counts the content's game is for (`players.min` to `players.max` of game.yaml)."""
    limits = catalogue.game["players"]
    return range(limits["min"], limits["max"] + 1)


def check_player_count(catalogue: Catalogue, players) -> None:
    """Refuse a player count the content's game is not for (set-up, the lab and `gaia explain` alike)."""
    counts = player_counts(catalogue)
    if not isinstance(players, int) or players not in counts:
        raise SetupError(f"the game is for {counts.start} to {counts.stop - 1} players, not {players}")


class SetupError(ValueError):
    """A set-up that cannot be drawn or played: bad player count, unknown variant, layout, faction or option.

    Its own kind of error, not a `MoveError`: `random_setup` and `Engine.new_game` raise it.
    """


def natural_key(text: str) -> list:
    """Sort key that orders embedded numbers by value (`x2` before `x10`)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


# ------------------------------------------------------------------ rule parameters

def variant_parameter(catalogue: Catalogue, variant: str, name: str):
    """A game-scope rule parameter under a variant (the variant's value, else the default)."""
    v = catalogue.variants[variant]
    if name in v.parameters:
        return v.parameters[name]
    return catalogue.parameters[name].default


def restricted_types(catalogue: Catalogue, variant: str) -> set[str]:
    """Planet types that may not touch a planet of the same type, under the variant."""
    check = variant_parameter(catalogue, variant, "adjacency_check")
    if check == "coloured-types":
        return set(catalogue.wheel)
    if check == "all-types":
        return {p.id for p in catalogue.planets.values() if p.habitable != "space"}
    raise SetupError(f"unknown adjacency check '{check}'")


def same_type_rule_holds(game_map: GameMap, restricted: set[str]) -> bool:
    """No two neighbouring planets of one restricted type, except two printed on one sector."""
    if adjacency_ok(game_map, restricted):
        return True
    for coord, h in game_map.hexes.items():
        if h.planet not in restricted:
            continue
        for n in neighbours(coord):
            other = game_map.hexes.get(n)
            if other is not None and other.planet == h.planet and other.sector != h.sector:
                return False
    return True


# ------------------------------------------------------------------ the board

def layout_names(catalogue: Catalogue) -> list[str]:
    """Every board a new game may ask for: the layout kinds, then the boards content names."""
    boards = sorted({lay.board for lay in catalogue.layouts.values()} - set(LAYOUT_KINDS))
    return list(LAYOUT_KINDS) + boards


def layout_for(catalogue: Catalogue, players: int, board: str = STANDARD_BOARD):
    """The layout of a board for a player count."""
    matches = sorted((lay for lay in catalogue.layouts.values() if players in lay.players and lay.board == board),
                     key=lambda x: x.id)
    if not matches:
        raise SetupError(f"no layout of the {board} board in the content for {players} players")
    return matches[0]


def build_map(catalogue: Catalogue, sectors: list[dict], mirror: bool = False) -> GameMap:
    placed = [PlacedSector(s["sector"], s["rotation"], tuple(s["center"])) for s in sectors]
    faces = {k: v.hexes for k, v in catalogue.sectors.items()}
    tiles = {k: v.tile for k, v in catalogue.sectors.items()}
    return GameMap.build(placed, faces, tiles, mirror)


def draw_board(catalogue: Catalogue, rng: random.Random, players: int, variant: str,
               layout: str = "standard") -> list[dict]:
    names = layout_names(catalogue)
    if layout not in names:
        raise SetupError(f"unknown layout '{layout}'{did_you_mean(layout, names)} (choose {', '.join(names)})")
    lay = layout_for(catalogue, players, STANDARD_BOARD if layout in LAYOUT_KINDS else layout)
    if len(lay.sectors) != len(lay.slots):
        raise SetupError(f"layout {lay.id} has {len(lay.sectors)} sectors for {len(lay.slots)} slots")
    shuffled = layout == "random" or lay.draw == "shuffled"
    restricted = restricted_types(catalogue, variant)
    for _ in range(MAX_BOARD_DRAWS):
        order = list(lay.sectors)
        if shuffled:
            rng.shuffle(order)
        sectors = [{"sector": sid, "rotation": rng.randrange(ROTATIONS), "center": [q, r]}
                   for sid, (q, r) in zip(order, lay.slots)]
        if same_type_rule_holds(build_map(catalogue, sectors), restricted):
            return sectors
    raise SetupError(f"no board satisfying the adjacency rule found in {MAX_BOARD_DRAWS} draws")


# ------------------------------------------------------------------ factions

def check_factions(catalogue: Catalogue, players: int, factions: Iterable[str]) -> list[str]:
    """Fixed factions: known, one per player, distinct, with different home planets."""
    factions = list(factions)
    if len(factions) != players:
        raise SetupError(f"{len(factions)} faction{'s' if len(factions) != 1 else ''} given for {players} players")
    homes: dict[str, str] = {}
    for fid in factions:
        if fid not in catalogue.factions:
            raise SetupError(f"unknown faction '{fid}'{did_you_mean(fid, catalogue.factions)}")
        if factions.count(fid) > 1:
            raise SetupError(f"faction '{fid}' is given twice")
        home = catalogue.factions[fid].home
        if home in homes:
            raise SetupError(f"'{homes[home]}' and '{fid}' both have home planet {home}")
        homes[home] = fid
    return factions


# ------------------------------------------------------------------ the whole set-up

def random_setup(catalogue: Catalogue, players: int, seed, variant: str = "rules", layout: str = "standard",
                 factions: Iterable[str] | None = None, auction: str | None = None,
                 faction_variant: str | None = None, faction_variant_version: int | None = None) -> Setup:
    """A new game's set-up, drawn deterministically from `seed`.

    `auction` (a kind of game.yaml `auctions`) and the faction variant do not
    change the draw; fixed factions cannot be combined with an auction.
    """
    game = catalogue.game
    check_player_count(catalogue, players)
    if variant not in catalogue.variants:
        raise SetupError(f"unknown rules variant '{variant}'{did_you_mean(variant, catalogue.variants)}")
    fixed = check_factions(catalogue, players, factions) if factions is not None else None
    check_options(catalogue, auction, faction_variant, faction_variant_version, fixed is not None)
    rng = random.Random(str(seed))

    sectors = draw_board(catalogue, rng, players, variant, layout)

    rounds = game["rounds"]
    round_tiles = rng.sample(sorted(catalogue.round_tiles, key=natural_key), rounds)
    final_tiles = rng.sample(sorted(catalogue.final_tiles, key=natural_key), game["final_tiles"])
    n_boosters = players + game["boosters"]["extra"]
    boosters = sorted(rng.sample(sorted(catalogue.boosters, key=natural_key), n_boosters), key=natural_key)

    positions = list(game["standard_tech_positions"])
    tiles = sorted(catalogue.tech_tiles, key=natural_key)
    if len(tiles) < len(positions):
        raise SetupError(f"{len(tiles)} tech tiles for {len(positions)} positions")
    rng.shuffle(tiles)
    tech_tiles = dict(zip(positions, tiles))

    tracks = [t.id for t in sorted(catalogue.tracks.values(), key=lambda t: t.order)]
    advanced = rng.sample(sorted(catalogue.advanced_tech_tiles, key=natural_key), len(tracks))
    advanced_tiles = dict(zip(tracks, advanced))

    in_supply = sorted((t for t in catalogue.federation_tokens.values() if t.in_supply), key=lambda t: natural_key(t.id))
    token = rng.choice(in_supply).id if in_supply else None
    fed_supply = {t.id: t.copies - (1 if t.id == token else 0) for t in in_supply}

    return Setup(
        players=players, variant=variant, seed=str(seed), sectors=sectors, mirror=False,
        round_tiles=round_tiles, final_tiles=final_tiles, boosters=boosters,
        tech_tiles=tech_tiles, advanced_tiles=advanced_tiles, terraforming_token=token,
        fed_supply=fed_supply, factions=fixed, auction=auction, content_hash=catalogue.content_hash(),
        faction_variant=faction_variant, faction_variant_version=faction_variant_version,
    )


def check_options(catalogue: Catalogue, auction: str | None, family: str | None, version: int | None,
                  fixed_factions: bool) -> None:
    """Game options a new game may use with this content: an auction kind, a faction variant and version."""
    kinds = catalogue.game.get("auctions", {})
    if auction is not None and auction not in kinds:
        raise SetupError(f"unknown auction '{auction}'{did_you_mean(auction, kinds)} (choose {', '.join(kinds) or 'none'})")
    if auction is not None and fixed_factions:
        raise SetupError("an auction decides the factions: give no fixed factions with it")
    if family is None:
        if version is not None:
            raise SetupError("a faction variant version needs a faction variant")
        return
    known = catalogue.faction_variants.get(family)
    if known is None:
        names = ", ".join(sorted(catalogue.faction_variants)) or "none"
        raise SetupError(f"unknown faction variant '{family}'{did_you_mean(family, catalogue.faction_variants)} "
                         f"(choose {names})")
    if version is not None and version not in known.versions:
        raise SetupError(f"faction variant '{family}' has versions {', '.join(map(str, known.versions))}, not {version}")
