"""Build and check the Automa kinds (`automa_*`, content/automa/).

`add_automa` turns one schema-checked document into its typed form
(content/automa.py); `check_automa` then checks what the schemas cannot:
unique card numbers, difficulties that name existing cards sensibly, faction
cards that name an existing faction and tracks, round values for existing
round tiles, and words of the rules that name structures, planet types, final
tiles and board actions. Every message points at the file, line and column of
the word, with a "did you mean" when a known word is close.
"""
from __future__ import annotations

from typing import Any

from ..language.vocabulary import COUNTERS
from . import automa as am
from .loader import Document, Loader
from .spelling import did_you_mean
from .yamlsrc import Located

KINDS = ("automa_card", "automa_faction", "automa_difficulty", "automa_round_scoring", "automa_rules")


def _step(raw: dict) -> am.AutomaStep:
    other = raw.get("otherwise")
    return am.AutomaStep(raw["do"], raw.get("range"), raw.get("tiebreaker"), raw.get("track"),
                         None if other is None else _step(other))


def add_automa(automa: am.Automa, doc: Document) -> None:
    """Put one Automa document into the catalogue's `automa` (the schema has checked its shape)."""
    x, file = doc.src.data, doc.src.file
    if doc.kind == "automa_card":
        act, sup, strip = x["action"], x["support"], x["strip"]
        automa.cards[doc.id] = am.AutomaCard(
            doc.id, x["number"], x["starter"], act["do"], act["vp"], sup["final_tiebreaker"], sup["range"],
            sup["direction"], am.Numbered(sup["numbered"]["from"], sup["numbered"]["count"]), strip["pass"],
            strip["booster"], x["initial_booster"], x.get("name", ""), x.get("description", ""), file)
    elif doc.kind == "automa_faction":
        fa = x["faction_action"]
        automa.factions[doc.id] = am.AutomaFaction(
            doc.id, x.get("name", doc.id), x["faction"], tuple(x["setup"]["research"]), x["setup"]["starting_mines"],
            tuple(_step(s) for s in fa["steps"]), fa["vp"],
            tuple(am.AutomaSpecial(s["rule"], s.get("action"), s.get("times"), s.get("from"), s.get("to"), s.get("vp"),
                                   s.get("position"), s.get("applies_to")) for s in x.get("special", ())),
            x.get("description", ""), file)
    elif doc.kind == "automa_difficulty":
        deck, extra = x.get("deck", {}), x.get("extra_vp")
        automa.difficulties[doc.id] = am.AutomaDifficulty(
            doc.id, x["name"], x["level"], x["starting_vp"], tuple(deck.get("add", ())), tuple(deck.get("remove", ())),
            x.get("removed_to", "reserve"), x.get("random_reserve_cards", 1),
            None if extra is None else am.ExtraVP(extra["vp"], tuple(extra["sources"])), x.get("description", ""), file)
    elif doc.kind == "automa_round_scoring":
        automa.left_until_round = x["left_until_round"]
        automa.round_values.update({t: am.RoundValue(v["left"], v["right"]) for t, v in x["values"].items()})
    elif doc.kind == "automa_rules":
        automa.rules = am.AutomaRules(
            x["pass_zone"], x["reserve_cards_per_round"], x["pass_icon_from"], x["booster_from"], x["initial_booster"],
            x["unbuildable_mine"], x["transdim_becomes_gaia"], tuple(x["mine_tiebreakers"]),
            tuple(x["upgrade_tiebreakers"]), tuple(am.Upgrade(u["from"], tuple(u["to"].split("|"))) for u in x["upgrades"]),
            dict(x["planet_steps"]), dict(x["final_tile_preferences"]), tuple(x["action_spaces"]),
            tuple(x.get("lone_mine_satellite", ())),
            {t: am.FinalCount(v["count"], v.get("add", 0)) for t, v in x.get("final_tile_counts", {}).items()},
            x.get("federation_token_copies"), x.get("standard_difficulty"), dict(x.get("game_parameters") or {}), file)


# ------------------------------------------------------------------ checks

class _Checker:
    def __init__(self, c: Any, loader: Loader, located: dict[tuple[str, str], Located]):
        self.c, self.loader, self.located = c, loader, located
        self.structures: set[str] = set()
        for board in c.boards.values():
            self.structures.update(board.get("structures", {}))
        for f in c.factions.values():
            self.structures.update(f.structures)

    def err(self, src: Located, path: tuple, message: str) -> None:
        self.loader.diagnostics.append(src.diag(path, message, src.string_offset(path)))

    def word(self, src: Located, path: tuple, word: Any, known, what: str, key: bool = False,
             kind: str | None = None) -> bool:
        """Whether `word` is known; if not, an error at it (`key`: the word is the mapping key at `path`),
        unless it names a component of `kind` whose own file is broken."""
        if word in known:
            return True
        if kind is not None and self.broken(kind, word):
            return False
        message = f"unknown {what} '{word}'{did_you_mean(word, known)}"
        if key:
            self.loader.diagnostics.append(src.diag_key(path, message))
        else:
            self.err(src, path, message)
        return False

    # -------------------------------------------------------------- per kind
    def in_order(self, kind: str, docs: dict[str, Located]) -> list[tuple[str, Located]]:
        """Bundled components first, then by file: a clash is reported in the designer's file."""
        def key(kv):
            origin = self.c.origins.get((kind, kv[0]))
            return (not (origin is not None and origin.bundled), kv[1].file, kv[0])
        return sorted(docs.items(), key=key)

    def card_numbers(self, docs: dict[str, Located]) -> None:
        first: dict[int, str] = {}
        for ident, src in self.in_order("automa_card", docs):
            number = src.data["number"]
            if number in first:
                self.err(src, ("number",), f"card number {number} is taken by '{first[number]}' too; "
                                           "each decision card needs its own number")
            else:
                first[number] = ident

    def difficulty(self, src: Located, data: dict, cards: dict[str, am.AutomaCard]) -> None:
        deck = data.get("deck") or {}
        for key in ("add", "remove"):
            for i, card in enumerate(deck.get(key) or ()):
                path = ("deck", key, i)
                if not self.word(src, path, card, cards, "decision card", kind="automa_card"):
                    continue
                starter = cards[card].starter
                if key == "add" and starter:
                    self.err(src, path, f"'{card}' is a starter card, already in the starting deck; "
                                        "'add' moves a reserve card into it")
                if key == "remove" and not starter:
                    self.err(src, path, f"'{card}' is not a starter card; 'remove' takes a starter card out "
                                        "of the starting deck")
                if key == "remove" and card in (deck.get("add") or ()):
                    self.err(src, path, f"'{card}' is both added and removed")
        if "removed_to" in data and not deck.get("remove"):
            self.err(src, ("removed_to",), "'removed_to' says where removed cards go, but 'deck' removes none")
        level = am.AutomaDifficulty("", "", 1, 0, tuple(deck.get("add") or ()), tuple(deck.get("remove") or ()))
        if cards and not level.starting_deck(cards) and not data.get("random_reserve_cards", 1):
            self.err(src, ("deck",) if "deck" in data else (), "the starting deck of this difficulty is empty")

    def levels(self, docs: dict[str, Located]) -> None:
        first: dict[int, str] = {}
        for ident, src in self.in_order("automa_difficulty", docs):
            level = src.data["level"]
            if level in first:
                self.err(src, ("level",), f"level {level} is taken by the difficulty '{first[level]}' too; "
                                          "each difficulty needs its own level")
            else:
                first[level] = ident

    def step(self, src: Located, path: tuple, raw: dict) -> None:
        do = raw["do"]
        for key in ("range", "tiebreaker"):
            if key in raw and do != "build-mine":
                self.err(src, path + (key,), f"'{key}' goes with 'do: build-mine', not '{do}'")
        if do == "research-track" and "track" not in raw:
            self.err(src, path + ("do",), "'do: research-track' needs 'track' (a research track id)")
        if "track" in raw:
            if do != "research-track":
                self.err(src, path + ("track",), f"'track' goes with 'do: research-track', not '{do}'")
            else:
                self.word(src, path + ("track",), raw["track"], self.c.tracks, "research track", kind="research_track")

    def broken(self, kind: str, ident: Any) -> bool:
        """Whether a component's own file exists but is broken (already reported there: stay quiet here)."""
        return (kind, ident) in self.located or ident in self.loader.unreadable or any(
            k == kind and isinstance(b.data, dict) and b.data.get("id") == ident for k, b in self.loader.broken)

    def faction(self, src: Located, data: dict) -> None:
        self.word(src, ("faction",), data["faction"], self.c.factions, "faction", kind="faction")
        for i, track in enumerate(data["setup"]["research"]):
            self.word(src, ("setup", "research", i), track, self.c.tracks, "research track", kind="research_track")
        for i, raw in enumerate(data["faction_action"]["steps"]):
            self.step(src, ("faction_action", "steps", i), raw)
            if "otherwise" in raw:
                self.step(src, ("faction_action", "steps", i, "otherwise"), raw["otherwise"])
        for i, raw in enumerate(data.get("special") or ()):
            path = ("special", i)
            needed = am.SPECIAL_RULES[raw["rule"]]
            for key in raw:
                if key != "rule" and key not in needed:
                    self.err(src, path + (key,), f"'{key}' does not go with the rule '{raw['rule']}' "
                                                 f"(it takes {', '.join(needed)})")
            for key in ("from", "to"):
                if key in raw and key in needed:
                    self.word(src, path + (key,), raw[key], self.structures, "structure")

    def round_values(self, src: Located, data: dict) -> None:
        for tile in data["values"]:
            self.word(src, ("values", tile), tile, self.c.round_tiles, "round scoring tile", key=True,
                      kind="round_scoring")
        rounds = self.c.game.get("rounds")
        if isinstance(rounds, int) and data["left_until_round"] >= rounds:
            self.err(src, ("left_until_round",), f"the left value would count in every round: a game has "
                                                 f"{rounds} rounds, so 'left_until_round' is at most {rounds - 1}")

    def rules(self, src: Located, data: dict) -> None:
        for key in ("mine_tiebreakers", "upgrade_tiebreakers"):
            if data[key][-1] != "direction":
                self.err(src, (key, len(data[key]) - 1), f"'{key}' ends with 'direction', the one tie-breaker "
                                                         "that always leaves a single candidate")
        for i, line in enumerate(data["upgrades"]):
            self.word(src, ("upgrades", i, "from"), line["from"], self.structures, "structure")
            column = 0
            for target in line["to"].split("|"):
                if target not in self.structures:
                    path = ("upgrades", i, "to")
                    self.loader.diagnostics.append(src.diag(path, f"unknown structure '{target}'"
                                                                  f"{did_you_mean(target, self.structures)}",
                                                            src.string_offset(path) + column))
                column += len(target) + 1
        off_wheel = {p for p, t in self.c.planets.items() if t.habitable != "home"}
        for planet in data["planet_steps"]:
            if self.word(src, ("planet_steps", planet), planet, self.c.planets, "planet type", key=True) \
                    and planet not in off_wheel:
                self.loader.diagnostics.append(src.diag_key(
                    ("planet_steps", planet), f"'{planet}' is on the terraforming wheel: its steps are counted "
                                              "round the wheel"))
        for tile in data["final_tile_preferences"]:
            self.word(src, ("final_tile_preferences", tile), tile, self.c.final_tiles, "final scoring tile",
                      key=True, kind="final_scoring")
        for i, action in enumerate(data["action_spaces"]):
            self.word(src, ("action_spaces", i), action, self.c.board_actions, "board action",
                      kind="board_action")
        for i, tile in enumerate(data.get("lone_mine_satellite") or ()):
            self.word(src, ("lone_mine_satellite", i), tile, self.c.final_tiles, "final scoring tile",
                      kind="final_scoring")
        if "standard_difficulty" in data:
            self.word(src, ("standard_difficulty",), data["standard_difficulty"], self.c.automa.difficulties,
                      "Automa difficulty")
        counters = set(COUNTERS) | {t.count for t in self.c.final_tiles.values()}
        for tile, rule in (data.get("final_tile_counts") or {}).items():
            self.word(src, ("final_tile_counts", tile), tile, self.c.final_tiles, "final scoring tile", key=True,
                      kind="final_scoring")
            self.word(src, ("final_tile_counts", tile, "count"), rule["count"], counters,
                      "final scoring count")


def check_automa(c: Any, located: dict[tuple[str, str], Located], loader: Loader) -> None:
    """The semantic checks of every Automa document (`c` is the built catalogue)."""
    by_kind: dict[str, dict[str, Located]] = {k: {} for k in KINDS}
    for (kind, ident), src in located.items():
        if kind in by_kind:
            by_kind[kind][ident] = src
    if not any(by_kind.values()):
        return
    check = _Checker(c, loader, located)
    for kind in ("automa_round_scoring", "automa_rules"):
        docs = sorted(by_kind[kind].items())
        for ident, src in docs[1:]:
            check.err(src, ("id",), f"a second {kind.replace('_', ' ')} file ('{ident}', after '{docs[0][0]}'); "
                                    "change the first with a patch instead")
    if by_kind["automa_card"]:
        anchor = next(iter(sorted(by_kind["automa_card"].values(), key=lambda s: s.file)))
        for kind, what in (("automa_rules", "the Automa's rules"),
                           ("automa_round_scoring", "the Automa's round scoring values")):
            if not by_kind[kind]:
                check.err(anchor, (), f"Automa decision cards need an '{kind}' file ({what})")
    check.card_numbers(by_kind["automa_card"])
    check.levels(by_kind["automa_difficulty"])
    for src in by_kind["automa_difficulty"].values():
        check.difficulty(src, src.data, c.automa.cards)
    for src in by_kind["automa_faction"].values():
        check.faction(src, src.data)
    for src in by_kind["automa_round_scoring"].values():
        check.round_values(src, src.data)
    for src in by_kind["automa_rules"].values():
        check.rules(src, src.data)
    for tile in uncovered_round_tiles(c) if by_kind["automa_round_scoring"] else ():
        ident, src = next(iter(sorted(by_kind["automa_round_scoring"].items())))
        origin = c.origins.get(("automa_round_scoring", ident))
        table = origin.file if origin is not None else src.file
        where = located[("round_scoring", tile)].file if ("round_scoring", tile) in located else tile
        loader.notes.append(f"{where}: note: the round scoring tile '{tile}' has no Automa value in {table}; "
                            "a solo game against the Automa cannot use it until a patch of that file gives one")


def uncovered_round_tiles(c: Any) -> list[str]:
    """Round scoring tiles without an Automa value (only when the content has Automa values at all)."""
    if not c.automa.round_values:
        return []
    return [t for t in c.round_tiles if t not in c.automa.round_values]
