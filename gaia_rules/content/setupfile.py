"""A set-up file: the parts of a new game's set-up a designer fixes instead of drawing them.

A YAML mapping (schema: `schemas/setup/setup.schema.json`) naming any of:
players, automa and difficulty (a solo game against the Automa), variant, seed, factions (by seat), round_tiles (in round order),
final_tiles, boosters, tech_tiles (position -> tile), advanced_tiles
(track -> tile), terraforming_token and map (a layout to draw, or placed
sectors and mirror). A list names every slot of its part; null leaves a slot
to the draw. What the file does not name is drawn from the seed
(`gaia_rules/setup.py`).

This module reads the file with positions, checks it against its schema and
against the content: every id exists (with a "did you mean"), the counts are
the game's (game.yaml: `rounds`, `final_tiles`, players + `boosters.extra`,
`standard_tech_positions`, the research tracks), nothing is named twice,
factions have distinct home planets. Checks that need the board (a layout's
name, placed sectors that overlap, the adjacency rule) are the set-up's
(`gaia_rules/setup.py`, `check_setup_map`). Every problem is a `Diagnostic`
at its line and column.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from .catalogue import Catalogue
from .data_dirs import schema_dir
from .diagnostic import Diagnostic
from .spelling import did_you_mean

if TYPE_CHECKING:  # the readers are imported when a set-up file is read, so that `gaia` starts at once
    from jsonschema import Draft202012Validator

    from .yamlsrc import Located

FIELDS = ("players", "automa", "difficulty", "variant", "seed", "factions", "round_tiles", "final_tiles", "boosters", "tech_tiles",
          "advanced_tiles", "terraforming_token", "map")
"""The fields a set-up file may fix, in the order they are described (`description` is free text)."""

SCHEMA_FILE = Path("setup") / "setup.schema.json"

SOLO_PLAYERS = 1
"""Players of a solo game: one player against the Automa, who takes a seat of its own."""


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator
    schema = json.loads((schema_dir() / SCHEMA_FILE).read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


@dataclass
class SetupFile:
    """A set-up file as read: its fields (only those it gives) and where each value is written."""

    file: str
    fields: dict[str, Any] = field(default_factory=dict)
    src: Located | None = None

    def fixed(self) -> list[str]:
        """The fields the file gives, in `FIELDS` order."""
        return [f for f in FIELDS if f in self.fields]

    def diag(self, path: tuple, message: str) -> Diagnostic:
        if self.src is None:
            return Diagnostic(self.file, 1, 1, message)
        return self.src.diag(path, message)

    def diag_key(self, path: tuple, message: str) -> Diagnostic:
        if self.src is None:
            return Diagnostic(self.file, 1, 1, message)
        return self.src.diag_key(path, message)


def read_setup_file(path: Path | str, display: str | None = None) -> tuple[SetupFile | None, list[Diagnostic]]:
    """Read a set-up file and check it against its schema; (the file, or None if unusable; problems)."""
    from .yamlsrc import load_yaml
    name = display or str(path)
    src, problems = load_yaml(path, name)
    if src is None:
        if problems and problems[0].message.startswith("empty file"):
            problems = [Diagnostic(name, 1, 1, "empty file; expected a mapping of set-up fields "
                                               f"({', '.join(FIELDS)})")]
        return None, problems
    return _schema_checked(src)


def _schema_checked(src: Located) -> tuple[SetupFile | None, list[Diagnostic]]:
    if not isinstance(src.data, dict):
        return None, [src.diag((), f"expected a mapping of set-up fields ({', '.join(FIELDS)}) at the top")]
    problems: list[Diagnostic] = []
    for err in sorted(_validator().iter_errors(src.data), key=lambda e: list(map(str, e.absolute_path))):
        problems.extend(_schema_messages(src, err))
    if problems:
        return None, problems
    data = {k: v for k, v in src.data.items() if k in FIELDS}
    return SetupFile(src.file, data, src), []


def _schema_messages(src: Located, err) -> list[Diagnostic]:
    path = tuple(err.absolute_path)
    if err.validator == "not" and path == ("map",):
        return [src.diag_key(("map", "sectors"), "map: give either 'layout' (a board to draw) or 'sectors' "
                                                 "(placed by hand), not both")]
    if err.validator == "propertyNames":
        return []  # the names themselves are checked against the content below
    from .loader import Loader
    return Loader._schema_messages(src, err, "set-up file")


# ------------------------------------------------------------------ against the content

def player_range(catalogue: Catalogue) -> range:
    limits = catalogue.game["players"]
    return range(limits["min"], limits["max"] + 1)


def players_words(catalogue: Catalogue, players) -> str:
    """`the game is for 2 to 4 players (or 1 against the Automa), not 5`: the counts the content allows."""
    counts = player_range(catalogue)
    solo = (f" (or {SOLO_PLAYERS} against the Automa)" if catalogue.automa.factions and players != SOLO_PLAYERS
            and SOLO_PLAYERS not in counts else "")
    return f"the game is for {counts.start} to {counts.stop - 1} players{solo}, not {players}"


def check_setup_file(setup: SetupFile, catalogue: Catalogue, players: int | None = None) -> list[Diagnostic]:
    """Every problem of the file's fields against the content (ids, counts, repeats, home planets).

    `players`: the player count of the game (a command's `--players`); by default the file's own.
    Counts that depend on it (factions, boosters) are checked only when it is known. In a solo game
    (1 player, or an Automa named) the Automa takes a seat of its own for the boosters.
    """
    out: list[Diagnostic] = []
    f = setup.fields
    game = catalogue.game
    counts = player_range(catalogue)
    solo_ok = bool(catalogue.automa.factions)
    if ("players" in f and f["players"] not in counts and players is None
            and not (f["players"] == SOLO_PLAYERS and solo_ok)):
        out.append(setup.diag(("players",), players_words(catalogue, f["players"])))
    n = players if players is not None else f.get("players")
    solo = n == SOLO_PLAYERS or (n is None and "automa" in f)
    out += _check_solo(setup, catalogue, n, solo)
    n = SOLO_PLAYERS if solo else n
    if n is not None and n not in counts and not solo:
        n = None
    seats = None if n is None else n + (1 if solo else 0)
    if "variant" in f and f["variant"] not in catalogue.variants:
        out.append(setup.diag(("variant",), f"unknown rules variant '{f['variant']}'"
                                            f"{did_you_mean(f['variant'], catalogue.variants)} "
                                            f"(choose {', '.join(sorted(catalogue.variants))})"))
    if "factions" in f:
        out += _check_factions(setup, catalogue, n)
    if "round_tiles" in f:
        out += _check_slots(setup, "round_tiles", catalogue.round_tiles, "round scoring tile",
                            game["rounds"], f"game.yaml's rounds: {game['rounds']}")
    if "final_tiles" in f:
        out += _check_slots(setup, "final_tiles", catalogue.final_tiles, "final scoring tile",
                            game["final_tiles"], f"game.yaml's final_tiles: {game['final_tiles']}")
    if "boosters" in f:
        extra = game["boosters"]["extra"]
        wanted = None if seats is None else seats + extra
        why = (f"{n} player, the Automa + game.yaml's boosters.extra {extra}" if solo
               else f"{n} players + game.yaml's boosters.extra {extra}")
        out += _check_slots(setup, "boosters", catalogue.boosters, "booster", wanted, why)
        if seats is None and (len(f["boosters"]) - extra) not in counts:
            lo, hi = counts.start + extra, counts.stop - 1 + extra
            out.append(setup.diag(("boosters",), f"{len(f['boosters'])} boosters fit no game: players + "
                                                 f"game.yaml's boosters.extra {extra} is {lo} to {hi}"))
    if "tech_tiles" in f:
        out += _check_table(setup, "tech_tiles", list(game["standard_tech_positions"]), "tech tile position",
                            catalogue.tech_tiles, "tech tile")
    if "advanced_tiles" in f:
        tracks = [t.id for t in sorted(catalogue.tracks.values(), key=lambda t: t.order)]
        out += _check_table(setup, "advanced_tiles", tracks, "research track", catalogue.advanced_tech_tiles,
                            "advanced tech tile")
    if "terraforming_token" in f:
        token = f["terraforming_token"]
        supply = sorted(t.id for t in catalogue.federation_tokens.values() if t.in_supply)
        if token not in catalogue.federation_tokens:
            out.append(setup.diag(("terraforming_token",), f"unknown federation token '{token}'"
                                                           f"{did_you_mean(token, catalogue.federation_tokens)}"))
        elif token not in supply:
            out.append(setup.diag(("terraforming_token",), f"federation token '{token}' is not in the supply "
                                                           f"(in_supply: false); choose {', '.join(supply)}"))
    if "map" in f and "sectors" in f["map"]:
        out += _check_sectors(setup, catalogue)
    return out


def _check_solo(setup: SetupFile, catalogue: Catalogue, players: int | None, solo: bool) -> list[Diagnostic]:
    """The solo fields: an Automa faction card and a difficulty the content has, only in a game of 1 player,
    and a fixed faction of the player that the Automa can face (another home planet)."""
    out = []
    f, content = setup.fields, catalogue.automa
    for key, known, what in (("automa", content.factions, "Automa faction card"),
                             ("difficulty", content.difficulties, "Automa difficulty")):
        if key not in f:
            continue
        if not solo:
            out.append(setup.diag((key,), f"'{key}' is for a solo game against the Automa: a game of "
                                          f"{SOLO_PLAYERS} player, not {players}"))
        elif f[key] not in known:
            names = sorted(known, key=lambda k: getattr(known[k], "level", 0)) or ["none: the content has no Automa"]
            out.append(setup.diag((key,), f"unknown {what} '{f[key]}'{did_you_mean(f[key], known)} "
                                          f"(choose {', '.join(names)})"))
    if solo and not content.factions:
        out.append(setup.diag(("players",) if "players" in f else (), "a game of 1 player is a solo game against "
                                                                     "the Automa, and the content has no Automa"))
    card = content.factions.get(f.get("automa", ""))
    home = catalogue.factions[card.faction].home if card is not None and card.faction in catalogue.factions else None
    for i, fid in enumerate(f.get("factions") or ()) if solo and home is not None else ():
        if fid in catalogue.factions and catalogue.factions[fid].home == home:
            out.append(setup.diag(("factions", i), f"the {card.name} plays {home}: it cannot face '{fid}', a faction "
                                                   f"of the same home planet (choose a faction of another home planet)"))
    return out


def _check_factions(setup: SetupFile, catalogue: Catalogue, players: int | None) -> list[Diagnostic]:
    out = []
    factions = setup.fields["factions"]
    if players is not None and len(factions) != players:
        out.append(setup.diag(("factions",), f"{len(factions)} faction{'s' if len(factions) != 1 else ''} "
                                             f"for {players} players: give one per seat (null leaves a seat open)"))
    seen: dict[str, int] = {}
    homes: dict[str, str] = {}
    for i, fid in enumerate(factions):
        if fid is None:
            continue
        if fid not in catalogue.factions:
            out.append(setup.diag(("factions", i), f"unknown faction '{fid}'{did_you_mean(fid, catalogue.factions)}"))
            continue
        if fid in seen:
            out.append(setup.diag(("factions", i), f"faction '{fid}' is given twice (seats {seen[fid] + 1} "
                                                   f"and {i + 1})"))
            continue
        seen[fid] = i
        home = catalogue.factions[fid].home
        if home in homes:
            out.append(setup.diag(("factions", i), f"'{homes[home]}' and '{fid}' both have home planet {home}; "
                                                   f"the factions of a game need distinct home planets"))
            continue
        homes[home] = fid
    return out


def _check_slots(setup: SetupFile, key: str, known: dict, what: str, wanted: int | None,
                 why: str) -> list[Diagnostic]:
    """A list of ids (null: drawn): known, each once, as many as the game draws."""
    out = []
    items = setup.fields[key]
    if wanted is not None and len(items) != wanted:
        out.append(setup.diag((key,), f"{len(items)} {what}s given; a game has {wanted} ({why}); "
                                      f"null leaves one to the draw"))
    seen: dict[str, int] = {}
    for i, ident in enumerate(items):
        if ident is None:
            continue
        if ident not in known:
            out.append(setup.diag((key, i), f"unknown {what} '{ident}'{did_you_mean(ident, known)}"))
        elif ident in seen:
            out.append(setup.diag((key, i), f"{what} '{ident}' is given twice (entries {seen[ident] + 1} "
                                            f"and {i + 1})"))
        else:
            seen[ident] = i
    return out


def _check_table(setup: SetupFile, key: str, places: list[str], place_word: str, known: dict,
                 what: str) -> list[Diagnostic]:
    """A mapping place -> tile id: known places, known tiles, no tile on two places."""
    out = []
    seen: dict[str, str] = {}
    for place, ident in setup.fields[key].items():
        if place not in places:
            out.append(setup.diag_key((key, place), f"unknown {place_word} '{place}'{did_you_mean(place, places)} "
                                                    f"(choose {', '.join(places)})"))
        if ident not in known:
            out.append(setup.diag((key, place), f"unknown {what} '{ident}'{did_you_mean(ident, known)}"))
        elif ident in seen:
            out.append(setup.diag((key, place), f"{what} '{ident}' lies on {seen[ident]} already"))
        else:
            seen[ident] = place
    return out


def _check_sectors(setup: SetupFile, catalogue: Catalogue) -> list[Diagnostic]:
    """Placed sectors: known ids, each sector tile once, each centre once."""
    out = []
    tiles: dict[int, str] = {}
    centres: dict[tuple, int] = {}
    for i, placed in enumerate(setup.fields["map"]["sectors"]):
        sid = placed["sector"]
        where = ("map", "sectors", i)
        if sid not in catalogue.sectors:
            out.append(setup.diag(where + ("sector",), f"unknown sector '{sid}'{did_you_mean(sid, catalogue.sectors)}"))
        else:
            tile = catalogue.sectors[sid].tile
            if tile in tiles:
                out.append(setup.diag(where + ("sector",), f"sector tile {tile} is used twice "
                                                           f"('{tiles[tile]}' and '{sid}')"))
            tiles[tile] = sid
        centre = tuple(placed["center"])
        if centre in centres:
            out.append(setup.diag(where + ("center",), f"two sectors centred on {list(centre)} "
                                                       f"(entries {centres[centre] + 1} and {i + 1})"))
        centres.setdefault(centre, i)
    return out



def describe(fields: Iterable[str]) -> str:
    """The fixed fields in words: 'round tiles, boosters'."""
    return ", ".join(f.replace("_", " ") for f in fields)
