"""Drawing a new game's set-up from a seed: board, scoring tiles, boosters, tech tiles, tokens.

Everything comes from content (the catalogue): the layout for the player
count, its sectors and slots, the number of rounds and of extra boosters, the
standard tech-tile positions, the research tracks and the federation tokens.
No component is named here.

The draw is a function of the seed only: `random.Random(str(seed))`, and the
draws are taken in a fixed order (board, round tiles, final tiles, boosters,
tech tiles, advanced tiles, terraforming token). The same seed, player count,
layout and catalogue give the same `Setup`.

Fixed parts (a set-up file, `gaia new --setup FILE`; read and checked by
`content/setupfile.py` and `load_setup_file` below) replace what the seed
draws, slot by slot. Every draw is still taken, in the same order, so fixing
one part leaves the others as the seed draws them; an open slot keeps the
seed's draw for it unless that component is fixed elsewhere, and then takes
the first drawn component left over. Open seats among fixed factions are
filled the same way from `draw_factions` (seeded with `factions/SEED`).

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
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from .errors import GaiaError
from .board import GameMap, PlacedSector, adjacency_ok, neighbours
from .content.catalogue import Catalogue
from .content.setupfile import SOLO_PLAYERS, SetupFile, check_setup_file, players_words, read_setup_file
from .content.spelling import did_you_mean
from .content.diagnostic import Diagnostic
from .state import Setup

LAYOUT_KINDS = ("standard", "random")   # the standard board in order, or shuffled; content adds boards by name
STANDARD_BOARD = "standard"
ROTATIONS = 6
MAX_BOARD_DRAWS = 100_000


SEED_MOST_CHARS = 64
"""What a seed may be: text of 1 to this many printable characters (letters, digits, punctuation,
spaces), such as `7` or `deal-3`; a number is its digits. The commands refuse any other seed."""


def seed_problem(seed: str) -> str | None:
    """Why `seed` cannot be a seed (in words that do not echo it), or None."""
    rule = f"a seed is 1 to {SEED_MOST_CHARS} printable characters (such as 7 or deal-3)"
    if not seed:
        return f"{rule}, not an empty text"
    if len(seed) > SEED_MOST_CHARS:
        return f"{rule}, not {len(seed)} characters"
    odd = next((ch for ch in seed if not ch.isprintable()), None)
    if odd is not None:
        return f"{rule}; character {seed.index(odd) + 1} is not printable ({ascii(odd)})"
    return None


def player_counts(catalogue: Catalogue) -> range:
    """The player counts the content's game is for (`players.min` to `players.max` of game.yaml)."""
    limits = catalogue.game["players"]
    return range(limits["min"], limits["max"] + 1)


def check_player_count(catalogue: Catalogue, players, automa: str | None = None) -> None:
    """Refuse a player count the content's game is not for (set-up, the lab and `gaia explain` alike);
    with an Automa faction card, a solo game (`check_solo` checks the rest)."""
    counts = player_counts(catalogue)
    if automa is not None and isinstance(players, int) and players == SOLO_PLAYERS:
        return
    if not isinstance(players, int) or players not in counts:
        solo = (f"; a game of {SOLO_PLAYERS} player is a solo game against the Automa: name an Automa faction "
                f"card and a difficulty" if players == SOLO_PLAYERS and catalogue.automa.factions else "")
        raise SetupError(f"{players_words(catalogue, players)}{solo}")


def check_solo(catalogue: Catalogue, players: int, automa: str | None, difficulty: str | None,
               factions: Iterable[str | None] | None = None, auction: str | None = None,
               round_tiles: Iterable[str] = ()) -> None:
    """The solo fields of a set-up: an Automa faction card and a difficulty the content has, one player
    whose faction (if fixed) the Automa can face, no auction, round tiles with an Automa value."""
    content = catalogue.automa
    if automa is None:
        if difficulty is not None:
            raise SetupError(f"a difficulty is for a solo game against the Automa: name an Automa faction card "
                             f"too ({', '.join(sorted(content.factions)) or 'the content has none'})")
        return
    if players != SOLO_PLAYERS:
        raise SetupError(f"the Automa is a solo opponent: a game against it has {SOLO_PLAYERS} player, not {players}")
    if automa not in content.factions:
        playing = [c for c in sorted(content.factions) if content.factions[c].faction == automa]
        hint = f" (did you mean '{playing[0]}', the card that plays it?)" if playing else \
            did_you_mean(automa, content.factions)
        raise SetupError(f"unknown Automa faction '{automa}'{hint} "
                         f"(choose {', '.join(sorted(content.factions)) or 'none: the content has no Automa'})")
    levels = sorted(content.difficulties, key=lambda d: content.difficulties[d].level)
    if difficulty is None:
        raise SetupError(f"a solo game needs a difficulty (choose {', '.join(levels)})")
    if difficulty not in content.difficulties:
        raise SetupError(f"unknown difficulty '{difficulty}'{did_you_mean(difficulty, content.difficulties)} "
                         f"(choose {', '.join(levels)})")
    if content.rules is None:
        raise SetupError("the content has no Automa rules (an automa_rules file): a solo game cannot be played")
    if auction is not None:
        raise SetupError("an auction is for several players: a solo player chooses a faction")
    card = content.factions[automa]
    home = catalogue.factions[card.faction].home
    factions = list(factions) if factions is not None else None
    if factions is not None and len(factions) != players:
        raise SetupError(f"a solo game has {players} player: give {players} faction (the Automa's comes from "
                         f"its card), not {len(factions)}")
    for fid in factions or ():
        if fid is not None and fid in catalogue.factions and catalogue.factions[fid].home == home:
            raise SetupError(f"the {card.name} plays {home}: it cannot face '{fid}', a faction of the same home "
                             f"planet (choose a faction of another home planet)")
    for tile in round_tiles:
        if content.round_vp(tile, 1) is None:
            raise SetupError(f"the round scoring tile '{tile}' has no Automa value: a solo game cannot use it "
                             f"(give it one in the automa_round_scoring table)")


class SetupError(GaiaError, ValueError):
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

def check_factions(catalogue: Catalogue, players: int, factions: Iterable[str | None]) -> list[str | None]:
    """Fixed factions: known, one per player (None: a seat left open), distinct, with different home planets."""
    factions = list(factions)
    if len(factions) != players:
        raise SetupError(f"{len(factions)} faction{'s' if len(factions) != 1 else ''} given for {players} players")
    homes: dict[str, str] = {}
    for fid in factions:
        if fid is None:
            continue
        if fid not in catalogue.factions:
            raise SetupError(f"unknown faction '{fid}'{did_you_mean(fid, catalogue.factions)}")
        if factions.count(fid) > 1:
            raise SetupError(f"faction '{fid}' is given twice")
        home = catalogue.factions[fid].home
        if home in homes:
            raise SetupError(f"'{homes[home]}' and '{fid}' both have home planet {home}")
        homes[home] = fid
    return factions


def draw_factions(catalogue: Catalogue, players: int, rng: random.Random) -> tuple[str, ...]:
    """Distinct factions with distinct home planets, drawn with `rng` (the arena's deals, open seats)."""
    chosen: list[str] = []
    homes: set[str] = set()
    for fid in rng.sample(sorted(catalogue.factions), len(catalogue.factions)):
        home = catalogue.factions[fid].home
        if home not in homes:
            chosen.append(fid)
            homes.add(home)
        if len(chosen) == players:
            return tuple(chosen)
    raise SetupError(f"the content has factions of only {len(homes)} home planets, not {players}")


def fill_factions(catalogue: Catalogue, seats: Sequence[str | None], drawn: Sequence[str]) -> list[str]:
    """Open seats (None) filled from `drawn` (distinct homes, one per seat), keeping every home distinct."""
    home = {f: catalogue.factions[f].home for f in catalogue.factions}
    return fill_slots(seats, drawn, key=home.__getitem__)


# ------------------------------------------------------------------ fixed parts

def fill_slots(slots: Sequence[str | None] | None, drawn: Sequence[str], key=lambda x: x) -> list[str]:
    """Fixed slots kept, open ones (None) from `drawn` (one draw per slot, all distinct by `key`).

    An open slot takes the draw of its own place unless that component (by `key`)
    is fixed elsewhere; such slots then take, in order, the drawn components left
    at the fixed places. Nothing fixed: `drawn` itself.
    """
    if slots is None:
        return list(drawn)
    if len(slots) != len(drawn):
        raise SetupError(f"{len(slots)} fixed slots for {len(drawn)} drawn")
    fixed = {key(x) for x in slots if x is not None}
    out = [x if x is not None else (d if key(d) not in fixed else None) for x, d in zip(slots, drawn)]
    used = {key(x) for x in out if x is not None}
    spare = iter(d for d in drawn if key(d) not in used)
    return [x if x is not None else next(spare) for x in out]


def fill_table(fixed: Mapping[str, str] | None, drawn: Mapping[str, str], spare: Sequence[str] = ()) -> dict[str, str]:
    """A table place -> component: the fixed places kept, the others as drawn unless their component is
    fixed elsewhere (then the drawn components left over, then `spare`, in order)."""
    if not fixed:
        return dict(drawn)
    taken = set(fixed.values())
    out = {place: fixed.get(place) or (t if t not in taken else None) for place, t in drawn.items()}
    used = {t for t in out.values() if t is not None}
    left = iter(t for t in [*drawn.values(), *spare] if t not in used)
    return {place: t if t is not None else next(left) for place, t in out.items()}


ARGUMENT_FIELDS = ("players", "automa", "difficulty", "variant", "seed", "factions")
"""Fields of a set-up file that are `random_setup`'s arguments (as are a map's `layout`); the others are
its `fixed` parts."""


def check_setup_map(setup: SetupFile, catalogue: Catalogue, variant: str | None) -> list[Diagnostic]:
    """The file's map against the board: a known layout, placed sectors that do not overlap and keep the
    variant's same-type adjacency rule."""
    placed = setup.fields.get("map", {})
    out = []
    if "layout" in placed:
        names = layout_names(catalogue)
        if placed["layout"] not in names:
            out.append(setup.diag(("map", "layout"), f"unknown layout '{placed['layout']}'"
                                                     f"{did_you_mean(placed['layout'], names)} (choose {', '.join(names)})"))
    sectors = placed.get("sectors")
    if not sectors or any(s["sector"] not in catalogue.sectors for s in sectors):
        return out   # unknown sectors are reported by check_setup_file
    mirror = bool(placed.get("mirror", False))
    seen: dict = {}
    for i, s in enumerate(sectors):
        alone = build_map(catalogue, [s], mirror)
        for coord in alone.hexes:
            if coord in seen:
                j = seen[coord]
                out.append(setup.diag(("map", "sectors", i, "center"),
                                      f"sector '{s['sector']}' overlaps sector '{sectors[j]['sector']}' (entry {j + 1}) "
                                      f"at hex {list(coord)}"))
                break
        else:
            seen.update({coord: i for coord in alone.hexes})
    variant = variant if variant in catalogue.variants else None
    if not out and variant is not None:
        restricted = restricted_types(catalogue, variant)
        if not same_type_rule_holds(build_map(catalogue, sectors, mirror), restricted):
            rule = variant_parameter(catalogue, variant, "adjacency_check")
            out.append(setup.diag(("map", "sectors"), f"two neighbouring planets of one type on different sectors: "
                                                      f"the map breaks variant '{variant}''s adjacency rule ({rule})"))
    return out


def setup_problems(catalogue: Catalogue, setup: SetupFile, players: int | None = None,
                   variant: str | None = None) -> list[Diagnostic]:
    """Every problem of a set-up file for a game of `players` under `variant` (default: the file's own)."""
    variant = variant or setup.fields.get("variant") or "rules"
    found = check_setup_file(setup, catalogue, players) + check_setup_map(setup, catalogue, variant)
    if "seed" in setup.fields and (problem := seed_problem(str(setup.fields["seed"]))) is not None:
        found.append(setup.diag(("seed",), problem))
    return sorted(found, key=lambda d: (d.line, d.column))   # in the order of the file


class SetupFileError(SetupError):
    """A set-up file that cannot be used: its problems, each at its place (the first is the message)."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        more = len(diagnostics) - 1
        extra = f" (and {more} more problem{'s' if more != 1 else ''}: see `gaia validate --setup`)" if more else ""
        super().__init__(f"{diagnostics[0]}{extra}")


def load_setup_file(catalogue: Catalogue, path: Path | str, players: int | None = None,
                    variant: str | None = None, default_players: int | None = None) -> SetupFile:
    """A set-up file read and checked for a game of `players` under `variant` (a command's options, which
    replace the file's fields; `default_players` when neither the command nor the file says);
    `SetupFileError` with every problem, at its line and column."""
    setup, problems = read_setup_file(path)
    if setup is not None:
        if players is None and "players" not in setup.fields:
            players = default_players
        problems = setup_problems(catalogue, setup, players, variant)
    if problems:
        raise SetupFileError(problems)
    return setup


PLACED = "placed"
"""The layout word of a map whose sectors a set-up file places by hand."""


def setup_arguments(fields: Mapping[str, Any] | None, players: int | None = None, seed=None,
                    variant: str | None = None, layout: str | None = None,
                    factions: Sequence[str | None] | None = None, automa: str | None = None,
                    difficulty: str | None = None) -> dict[str, Any]:
    """`random_setup`'s arguments from a set-up file's fields and a command's options.

    An option given (not None) replaces the file's field of the same name
    (`--layout` the file's whole `map`); what neither gives is left None
    (players, seed, factions) or takes its default (variant `rules`, layout
    `standard`). `fixed` holds the file's other fields; `layout` is `placed`
    when the file places the sectors by hand. `automa` and `difficulty` (a solo
    game) are left None when neither gives them (`solo_choices` fills them).
    """
    fields = dict(fields or {})
    placed = {} if layout is not None else dict(fields.get("map", {}))
    fixed = {k: v for k, v in fields.items() if k not in ARGUMENT_FIELDS and k != "map"}
    board = {k: v for k, v in placed.items() if k != "layout"}
    if board:
        fixed["map"] = board
    seed = seed if seed is not None else fields.get("seed")
    return {"players": players if players is not None else fields.get("players"),
            "seed": None if seed is None else str(seed),
            "variant": variant or fields.get("variant") or "rules",
            "layout": layout or placed.get("layout") or ("standard" if "sectors" not in placed else PLACED),
            "factions": list(factions) if factions is not None else fields.get("factions"),
            "automa": automa or fields.get("automa"), "difficulty": difficulty or fields.get("difficulty"),
            "fixed": fixed}


def solo_choices(catalogue: Catalogue, seed, automa: str | None = None, difficulty: str | None = None,
                 factions: Sequence[str | None] | None = None) -> tuple[str, str]:
    """The Automa faction card and difficulty of a solo game whose set-up leaves them open.

    A difficulty not given is the Automa rules' `standard_difficulty`; a card not given is drawn from
    the seed (`automa-card/SEED`, apart from the board's draw) among the cards whose faction has another
    home planet than the player's fixed faction. What is given is returned as it is (`check_solo` checks
    it). SetupError when the content cannot choose: no Automa, no standard difficulty.
    """
    content = catalogue.automa
    if not content.factions:
        raise SetupError(f"a game of {SOLO_PLAYERS} player is a solo game against the Automa, and the content has "
                         f"no Automa faction card")
    if difficulty is None:
        difficulty = content.rules.standard_difficulty if content.rules is not None else None
        if difficulty is None:
            levels = sorted(content.difficulties, key=lambda d: content.difficulties[d].level)
            raise SetupError(f"a solo game needs a difficulty (choose {', '.join(levels)}): the Automa rules name "
                             f"no standard_difficulty")
    if automa is None:
        homes = {catalogue.factions[f].home for f in factions or () if f in catalogue.factions}
        cards = [c for c in sorted(content.factions, key=natural_key)
                 if content.factions[c].faction in catalogue.factions
                 and catalogue.factions[content.factions[c].faction].home not in homes]
        if not cards:
            raise SetupError("no Automa faction card can face the player's faction (each plays its home planet)")
        automa = random.Random(f"automa-card/{seed}").choice(cards)
    return automa, difficulty


# ------------------------------------------------------------------ the whole set-up

def random_setup(catalogue: Catalogue, players: int, seed, variant: str = "rules", layout: str = "standard",
                 factions: Iterable[str | None] | None = None, auction: str | None = None,
                 faction_variant: str | None = None, faction_variant_version: int | None = None,
                 fixed: Mapping[str, Any] | None = None, automa: str | None = None,
                 difficulty: str | None = None) -> Setup:
    """A new game's set-up, drawn deterministically from `seed`.

    `auction` (a kind of game.yaml `auctions`) and the faction variant do not
    change the draw; fixed factions cannot be combined with an auction. A seat
    of `factions` left None is drawn (`draw_factions`). `fixed` holds the parts
    of a set-up file that replace the draw (round_tiles, final_tiles, boosters,
    tech_tiles, advanced_tiles, terraforming_token, map: sectors and mirror;
    None in a list leaves that slot to the draw); the file's other fields are
    this function's arguments (`setup_arguments`) and are ignored here.
    """
    game = catalogue.game
    fixed = {k: v for k, v in (fixed or {}).items() if k not in ARGUMENT_FIELDS}
    check_player_count(catalogue, players, automa)
    check_solo(catalogue, players, automa, difficulty, factions, auction)
    seats_drawn = players + (1 if automa is not None else 0)   # the Automa counts as a player for the draw
    if variant not in catalogue.variants:
        raise SetupError(f"unknown rules variant '{variant}'{did_you_mean(variant, catalogue.variants)}")
    if fixed:
        problems = setup_problems(catalogue, SetupFile("set-up", fixed), seats_drawn, variant)
        if problems:
            raise SetupError(problems[0].message)
    placed = fixed.get("map", {})
    if layout == PLACED and not placed.get("sectors"):
        raise SetupError("a map laid out by hand needs its sectors (map: sectors: in the set-up file)")
    seats = check_factions(catalogue, players, factions) if factions is not None else None
    check_options(catalogue, auction, faction_variant, faction_variant_version, seats is not None)
    rng = random.Random(str(seed))

    sectors = draw_board(catalogue, rng, seats_drawn, variant, STANDARD_BOARD if layout == PLACED else layout)
    if placed.get("sectors"):
        sectors = [{"sector": s["sector"], "rotation": s["rotation"], "center": list(s["center"])}
                   for s in placed["sectors"]]

    rounds = game["rounds"]
    round_tiles = rng.sample(sorted(catalogue.round_tiles, key=natural_key), rounds)
    round_tiles = fill_slots(fixed.get("round_tiles"), round_tiles)
    final_tiles = rng.sample(sorted(catalogue.final_tiles, key=natural_key), game["final_tiles"])
    final_tiles = fill_slots(fixed.get("final_tiles"), final_tiles)
    n_boosters = seats_drawn + game["boosters"]["extra"]
    boosters = rng.sample(sorted(catalogue.boosters, key=natural_key), n_boosters)
    boosters = sorted(fill_slots(fixed.get("boosters"), boosters), key=natural_key)

    positions = list(game["standard_tech_positions"])
    tiles = sorted(catalogue.tech_tiles, key=natural_key)
    if len(tiles) < len(positions):
        raise SetupError(f"{len(tiles)} tech tiles for {len(positions)} positions")
    rng.shuffle(tiles)
    tech_tiles = fill_table(fixed.get("tech_tiles"), dict(zip(positions, tiles)), tiles[len(positions):])

    tracks = [t.id for t in sorted(catalogue.tracks.values(), key=lambda t: t.order)]
    advanced = rng.sample(sorted(catalogue.advanced_tech_tiles, key=natural_key), len(tracks))
    spare = [t for t in sorted(catalogue.advanced_tech_tiles, key=natural_key) if t not in advanced]
    advanced_tiles = fill_table(fixed.get("advanced_tiles"), dict(zip(tracks, advanced)), spare)

    in_supply = sorted((t for t in catalogue.federation_tokens.values() if t.in_supply), key=lambda t: natural_key(t.id))
    token = rng.choice(in_supply).id if in_supply else None
    token = fixed.get("terraforming_token") or token
    most = catalogue.automa.rules.federation_token_copies if automa is not None else None
    fed_supply = {t.id: (t.copies if most is None else min(t.copies, most)) - (1 if t.id == token else 0)
                  for t in in_supply}

    if seats is not None and None in seats:
        if automa is None:
            seats = fill_factions(catalogue, seats, draw_factions(catalogue, players, random.Random(f"factions/{seed}")))
        else:  # drawn as for a table with the Automa's faction fixed on its seat
            table = fill_factions(catalogue, [*seats, catalogue.automa.factions[automa].faction],
                                  draw_factions(catalogue, seats_drawn, random.Random(f"factions/{seed}")))
            seats = table[:players]
    check_solo(catalogue, players, automa, difficulty, round_tiles=round_tiles)

    return Setup(
        players=players, variant=variant, seed=str(seed), sectors=sectors, mirror=bool(placed.get("mirror", False)),
        round_tiles=round_tiles, final_tiles=final_tiles, boosters=boosters,
        tech_tiles=tech_tiles, advanced_tiles=advanced_tiles, terraforming_token=token,
        fed_supply=fed_supply, factions=seats, auction=auction, content_hash=catalogue.content_hash(),
        faction_variant=faction_variant, faction_variant_version=faction_variant_version,
        automa=automa, difficulty=difficulty,
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
