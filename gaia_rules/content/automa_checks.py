"""The checks of the Automa's content (`automa_*`, content/automa/) that its schemas cannot make.

Unique card numbers and difficulty levels, one rules file and one round scoring file, difficulties
that name existing cards sensibly, faction cards that name an existing faction and tracks, round
values for existing round tiles, and words of the rules that name structures, planet types, final
tiles and board actions. They run in the common content check (`checks.check_catalogue` calls
`check_automa` with its checker, `ctx`): the same diagnostics at the file, line and column of the
word, the same "did you mean" for a close known word, and silence about a component whose own file
is broken (reported there).
"""
from __future__ import annotations

from typing import Any, Callable

from ..language.vocabulary import COUNTERS
from . import automa as am
from .spelling import did_you_mean
from .yamlsrc import Located

KINDS = ("automa_card", "automa_faction", "automa_difficulty", "automa_round_scoring", "automa_rules")


def _err(ctx: Any, src: Located, path: tuple, message: str) -> None:
    ctx.err(src, path, message, src.string_offset(path))


def _known(ctx: Any, src: Located, path: tuple, word: Any, known, what: str, key: bool = False,
           kind: str | None = None) -> bool:
    """Whether `word` is known; if not, the common checker's error at it (`key`: the word is the mapping
    key at `path`), unless it names a component of `kind` whose own file is broken."""
    if word in known:
        return True
    if kind is not None and _broken(ctx, kind, word):
        return False
    if key:
        ctx.loader.diagnostics.append(src.diag_key(path, f"unknown {what} '{word}'{did_you_mean(word, known)}"))
    else:
        ctx.word(src, path, 0, word, known, what)
    return False


def _in_order(ctx: Any, kind: str, docs: dict[str, Located]) -> list[tuple[str, Located]]:
    """Bundled components first, then by file: a clash is reported in the designer's file."""
    def key(kv):
        origin = ctx.c.origins.get((kind, kv[0]))
        return (not (origin is not None and origin.bundled), kv[1].file, kv[0])
    return sorted(docs.items(), key=key)


def _unique(ctx: Any, kind: str, docs: dict[str, Located], field: str, taken: Callable[[Any, str], str]) -> None:
    """Each document of `kind` has its own `field`; `taken(value, first holder)` says a clash."""
    first: dict[Any, str] = {}
    for ident, src in _in_order(ctx, kind, docs):
        value = src.data[field]
        if value in first:
            _err(ctx, src, (field,), taken(value, first[value]))
        else:
            first[value] = ident


def _difficulty(ctx: Any, src: Located, data: dict, cards: dict[str, am.AutomaCard]) -> None:
    deck = data.get("deck") or {}
    for key in ("add", "remove"):
        for i, card in enumerate(deck.get(key) or ()):
            path = ("deck", key, i)
            if not _known(ctx, src, path, card, cards, "decision card", kind="automa_card"):
                continue
            starter = cards[card].starter
            if key == "add" and starter:
                _err(ctx, src, path, f"'{card}' is a starter card, already in the starting deck; "
                                     "'add' moves a reserve card into it")
            if key == "remove" and not starter:
                _err(ctx, src, path, f"'{card}' is not a starter card; 'remove' takes a starter card out "
                                     "of the starting deck")
            if key == "remove" and card in (deck.get("add") or ()):
                _err(ctx, src, path, f"'{card}' is both added and removed")
    if "removed_to" in data and not deck.get("remove"):
        _err(ctx, src, ("removed_to",), "'removed_to' says where removed cards go, but 'deck' removes none")
    level = am.AutomaDifficulty("", "", 1, 0, tuple(deck.get("add") or ()), tuple(deck.get("remove") or ()))
    if cards and not level.starting_deck(cards) and not data.get("random_reserve_cards", 1):
        _err(ctx, src, ("deck",) if "deck" in data else (), "the starting deck of this difficulty is empty")


def _step(ctx: Any, src: Located, path: tuple, raw: dict) -> None:
    do = raw["do"]
    for key in ("range", "tiebreaker"):
        if key in raw and do != "build-mine":
            _err(ctx, src, path + (key,), f"'{key}' goes with 'do: build-mine', not '{do}'")
    if do == "research-track" and "track" not in raw:
        _err(ctx, src, path + ("do",), "'do: research-track' needs 'track' (a research track id)")
    if "track" in raw:
        if do != "research-track":
            _err(ctx, src, path + ("track",), f"'track' goes with 'do: research-track', not '{do}'")
        else:
            _known(ctx, src, path + ("track",), raw["track"], ctx.c.tracks, "research track", kind="research_track")


def _broken(ctx: Any, kind: str, ident: Any) -> bool:
    """Whether a component's own file exists but is broken (already reported there: stay quiet here)."""
    return (kind, ident) in ctx.located or ident in ctx.loader.unreadable or any(
        k == kind and isinstance(b.data, dict) and b.data.get("id") == ident for k, b in ctx.loader.broken)


def _faction(ctx: Any, src: Located, data: dict) -> None:
    _known(ctx, src, ("faction",), data["faction"], ctx.c.factions, "faction", kind="faction")
    for i, track in enumerate(data["setup"]["research"]):
        _known(ctx, src, ("setup", "research", i), track, ctx.c.tracks, "research track", kind="research_track")
    for i, raw in enumerate(data["faction_action"]["steps"]):
        _step(ctx, src, ("faction_action", "steps", i), raw)
        if "otherwise" in raw:
            _step(ctx, src, ("faction_action", "steps", i, "otherwise"), raw["otherwise"])
    for i, raw in enumerate(data.get("special") or ()):
        path = ("special", i)
        needed = am.SPECIAL_RULES[raw["rule"]]
        for key in raw:
            if key != "rule" and key not in needed:
                _err(ctx, src, path + (key,), f"'{key}' does not go with the rule '{raw['rule']}' "
                                              f"(it takes {', '.join(needed)})")
        for key in ("from", "to"):
            if key in raw and key in needed:
                _known(ctx, src, path + (key,), raw[key], ctx.structures, "structure")


def _round_values(ctx: Any, src: Located, data: dict) -> None:
    for tile in data["values"]:
        _known(ctx, src, ("values", tile), tile, ctx.c.round_tiles, "round scoring tile", key=True,
               kind="round_scoring")
    rounds = ctx.c.game.get("rounds")
    if isinstance(rounds, int) and data["left_until_round"] >= rounds:
        _err(ctx, src, ("left_until_round",), f"the left value would count in every round: a game has "
                                              f"{rounds} rounds, so 'left_until_round' is at most {rounds - 1}")


def _rules(ctx: Any, src: Located, data: dict) -> None:
    for key in ("mine_tiebreakers", "upgrade_tiebreakers"):
        if data[key][-1] != "direction":
            _err(ctx, src, (key, len(data[key]) - 1), f"'{key}' ends with 'direction', the one tie-breaker "
                                                      "that always leaves a single candidate")
    for i, line in enumerate(data["upgrades"]):
        _known(ctx, src, ("upgrades", i, "from"), line["from"], ctx.structures, "structure")
        column = 0
        for target in line["to"].split("|"):   # each word at its own column
            ctx.word(src, ("upgrades", i, "to"), column + 1, target, ctx.structures, "structure")
            column += len(target) + 1
    off_wheel = {p for p, t in ctx.c.planets.items() if t.habitable != "home"}
    for planet in data["planet_steps"]:
        if _known(ctx, src, ("planet_steps", planet), planet, ctx.c.planets, "planet type", key=True) \
                and planet not in off_wheel:
            ctx.loader.diagnostics.append(src.diag_key(
                ("planet_steps", planet), f"'{planet}' is on the terraforming wheel: its steps are counted "
                                          "round the wheel"))
    for tile in data["final_tile_preferences"]:
        _known(ctx, src, ("final_tile_preferences", tile), tile, ctx.c.final_tiles, "final scoring tile",
               key=True, kind="final_scoring")
    for i, action in enumerate(data["action_spaces"]):
        _known(ctx, src, ("action_spaces", i), action, ctx.c.board_actions, "board action",
               kind="board_action")
    for i, tile in enumerate(data.get("lone_mine_satellite") or ()):
        _known(ctx, src, ("lone_mine_satellite", i), tile, ctx.c.final_tiles, "final scoring tile",
               kind="final_scoring")
    if "standard_difficulty" in data:
        _known(ctx, src, ("standard_difficulty",), data["standard_difficulty"], ctx.c.automa.difficulties,
               "Automa difficulty")
    counters = set(COUNTERS) | {t.count for t in ctx.c.final_tiles.values()}
    for tile, rule in (data.get("final_tile_counts") or {}).items():
        _known(ctx, src, ("final_tile_counts", tile), tile, ctx.c.final_tiles, "final scoring tile", key=True,
               kind="final_scoring")
        _known(ctx, src, ("final_tile_counts", tile, "count"), rule["count"], counters,
               "final scoring count")


def check_automa(ctx: Any, located: dict[tuple[str, str], Located]) -> None:
    """The semantic checks of every Automa document, with the common checker `ctx` (its built catalogue `ctx.c`)."""
    by_kind: dict[str, dict[str, Located]] = {k: {} for k in KINDS}
    for (kind, ident), src in located.items():
        if kind in by_kind:
            by_kind[kind][ident] = src
    if not any(by_kind.values()):
        return
    for kind in ("automa_round_scoring", "automa_rules"):
        docs = sorted(by_kind[kind].items())
        for ident, src in docs[1:]:
            _err(ctx, src, ("id",), f"a second {kind.replace('_', ' ')} file ('{ident}', after '{docs[0][0]}'); "
                                    "change the first with a patch instead")
    if by_kind["automa_card"]:
        anchor = next(iter(sorted(by_kind["automa_card"].values(), key=lambda s: s.file)))
        for kind, what in (("automa_rules", "the Automa's rules"),
                           ("automa_round_scoring", "the Automa's round scoring values")):
            if not by_kind[kind]:
                _err(ctx, anchor, (), f"Automa decision cards need an '{kind}' file ({what})")
    _unique(ctx, "automa_card", by_kind["automa_card"], "number",
            lambda n, other: f"card number {n} is taken by '{other}' too; each decision card needs its own number")
    _unique(ctx, "automa_difficulty", by_kind["automa_difficulty"], "level",
            lambda n, other: f"level {n} is taken by the difficulty '{other}' too; each difficulty needs its own level")
    for src in by_kind["automa_difficulty"].values():
        _difficulty(ctx, src, src.data, ctx.c.automa.cards)
    for src in by_kind["automa_faction"].values():
        _faction(ctx, src, src.data)
    for src in by_kind["automa_round_scoring"].values():
        _round_values(ctx, src, src.data)
    for src in by_kind["automa_rules"].values():
        _rules(ctx, src, src.data)
    for tile in uncovered_round_tiles(ctx.c) if by_kind["automa_round_scoring"] else ():
        ident, src = next(iter(sorted(by_kind["automa_round_scoring"].items())))
        origin = ctx.c.origins.get(("automa_round_scoring", ident))
        table = origin.file if origin is not None else src.file
        where = located[("round_scoring", tile)].file if ("round_scoring", tile) in located else tile
        ctx.loader.notes.append(f"{where}: note: the round scoring tile '{tile}' has no Automa value in {table}; "
                                "a solo game against the Automa cannot use it until a patch of that file gives one")


def uncovered_round_tiles(c: Any) -> list[str]:
    """Round scoring tiles without an Automa value (only when the content has Automa values at all)."""
    if not c.automa.round_values:
        return []
    return [t for t in c.round_tiles if t not in c.automa.round_values]
