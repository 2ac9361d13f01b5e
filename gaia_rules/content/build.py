"""Turn schema-checked documents into the typed catalogue.

Each kind has one small builder. A faction is merged over the faction board it
names: its `start` values, `income`, `setup` and each structure's fields replace
the board's.
"""
from __future__ import annotations


from ..language import parse_effect, parse_price
from . import catalogue as cat
from . import automa as am
from .loader import Document, Loader, merge_patch
from .spelling import did_you_mean
from .values import typed_value
from .yamlsrc import Located

AREAS = ("area1", "area2", "area3", "gaia")
START_KEYS = ("vp", "credits", "ore", "knowledge", "qic")


def _words(value) -> tuple[str, ...]:
    """A placement field written as one word or a list of words."""
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def _place_prices(loader: Loader, src: Located, path: tuple, raw: dict | None) -> tuple[cat.PlacePrice, ...]:
    out = []
    for word, value in (raw or {}).items():
        parts = _words(value)
        costs: list = []
        params = []
        for i, part in enumerate(parts):
            if cat.is_price_parameter(part):
                params.append(part)
            else:
                at = path + (word,) if isinstance(value, str) else path + (word, i)
                costs.extend(loader.price(src, at, part))
        out.append(cat.PlacePrice(word, tuple(costs), tuple(params)))
    return tuple(out)


def _structure(loader: Loader, src: Located, path: tuple, sid: str, raw: dict) -> cat.Structure:
    cost_near = raw.get("cost_near_opponent")
    return cat.Structure(
        id=sid,
        name=raw.get("name", sid),
        supply=raw.get("supply", 0),
        cost=loader.price(src, path + ("cost",), raw.get("cost", "")),
        cost_near_opponent=None if cost_near is None else loader.price(src, path + ("cost_near_opponent",), cost_near),
        upgrades_from=raw.get("upgrades_from"),
        place_on=_words(raw.get("place_on")),
        power_value=raw.get("power_value", 0),
        slots=tuple(None if s is None else loader.effect(src, path + ("slots", i), s)
                    for i, s in enumerate(raw.get("slots", []))),
        effects=loader.effects(src, path + ("effects",), raw.get("effects")),
        structure=raw.get("structure", True),
        range_origin=raw.get("range_origin"),
        counts_as_satellite=raw.get("counts_as_satellite", False),
        guest_on=_words(raw.get("guest_on")),
        place_price=_place_prices(loader, src, path + ("place_price",), raw.get("place_price")),
        becomes=tuple((word, planet) for word, planet in (raw.get("becomes") or {}).items()),
        gaia_project=raw.get("gaia_project", False),
        gaiaformer=raw.get("gaiaformer", False),
        holds_planet=raw.get("holds_planet", False),
        over_gaia_project=raw.get("over_gaia_project", False),
        action_only=raw.get("action_only", False),
        counts_as_planet=raw.get("counts_as_planet"),
        in_federations=raw.get("in_federations"),
        charges=raw.get("charges"),
    )


class _Checked:
    """Reads a row that was checked already (a faction board in the catalogue): nothing to report."""

    def price(self, src, path, text):
        return parse_price(text or "")

    def effect(self, src, path, text):
        return parse_effect(text)

    def effects(self, src, path, items):
        return tuple(parse_effect(e) for e in items or ())


def row_structure(sid: str, raw: dict) -> cat.Structure:
    """A faction board's row (already checked) as the catalogue builds it."""
    return _structure(_Checked(), None, (), sid, raw)


def _faction(loader: Loader, doc: Document, boards: dict[str, Document]) -> cat.Faction | None:
    src, data = doc.src, doc.src.data
    board_doc = boards.get(data["board"])
    if board_doc is None:
        loader.diagnostics.append(src.diag(("board",), f"unknown faction board '{data['board']}'{did_you_mean(data['board'], boards)}"))
        return None
    board = board_doc.src.data
    start = {**board["start"], **data.get("start", {})}
    power = {a: 0 for a in AREAS}
    power.update(board["start"].get("power", {}))
    power.update(data.get("start", {}).get("power", {}))
    structures = {}
    for sid, raw in board["structures"].items():
        override = data.get("structures", {}).get(sid, {})
        merged = merge_patch(raw, override)   # key by key, mappings too: `place_price: {desert: 1c}` adds a planet
        # Positions: a field overridden by the faction is reported in the faction file.
        where = (src, ("structures", sid)) if override else (board_doc.src, ("structures", sid))
        structures[sid] = _structure(loader, where[0], where[1], sid, merged)
    for sid, raw in data.get("structures", {}).items():
        if sid not in structures:
            structures[sid] = _structure(loader, src, ("structures", sid), sid, raw)
    income_src = (src, ("income",)) if "income" in data else (board_doc.src, ("income",))
    income = loader.effect(income_src[0], income_src[1], data.get("income", board["income"]))
    token = data.get("special_token")
    return cat.Faction(
        id=doc.id,
        name=data["name"],
        home=data["home"],
        start={k: start.get(k, 0) for k in START_KEYS},
        power=power,
        income=income,
        research=tuple(data.get("research", [])),
        setup=setup_placements(data.get("setup", board["setup"])),
        structures=structures,
        ability=loader.effects(src, ("ability",), data.get("ability")),
        planetary_institute=loader.effects(src, ("planetary_institute",), data.get("planetary_institute")),
        planetary_institute_structure=data.get("planetary_institute_structure", "PI"),
        special_token=None if token is None else cat.SpecialToken(token.get("name", "special token"), token["start"], token["spend_value"]),
        file=src.file,
    )


def setup_placements(items: list) -> tuple[cat.SetupPlacement, ...]:
    """A `setup` list as placements: `m` (or `{piece: m}`) is placed in the pass of its place in the list
    (the first item in pass 1, ...), unless it says its `pass` or its place `at` in the whole sequence."""
    out = []
    for i, item in enumerate(items):
        if isinstance(item, dict):
            at = item.get("at")
            out.append(cat.SetupPlacement(item["piece"], None if at is not None else item.get("pass", i + 1), at))
        else:
            out.append(cat.SetupPlacement(str(item), i + 1))
    return tuple(out)


def _tile(loader: Loader, doc: Document) -> cat.Tile:
    d = doc.src.data
    return cat.Tile(doc.id, doc.kind, d.get("name", doc.id), loader.effects(doc.src, ("effects",), d["effects"]), doc.src.file)


def _automa_step(raw: dict) -> am.AutomaStep:
    """One step of an Automa faction action, with its `otherwise`."""
    other = raw.get("otherwise")
    return am.AutomaStep(raw["do"], raw.get("range"), raw.get("tiebreaker"), raw.get("track"),
                         None if other is None else _automa_step(other))


class _Builder:
    """A catalogue under construction: one method per kind of document, named after the kind."""

    def __init__(self, c: cat.Catalogue, loader: Loader, boards: dict[str, Document]):
        self.c, self.loader, self.boards = c, loader, boards
        self.tiles = {"tech_tile": c.tech_tiles, "advanced_tech_tile": c.advanced_tech_tiles,
                      "booster": c.boosters, "round_scoring": c.round_tiles}

    def add(self, d: Document) -> None:
        if d.kind in self.tiles:
            self.tiles[d.kind][d.id] = _tile(self.loader, d)
        elif d.kind != "faction_board":   # the boards are read with the factions
            getattr(self, d.kind)(d)

    def faction(self, d: Document) -> None:
        if d.variant is not None and d.id not in self.c.factions:
            return  # the standard faction did not build: its problem is reported in its own file
        f = _faction(self.loader, d, self.boards)
        if f is None:
            return
        if d.variant is None:
            self.c.factions[d.id] = f
            return
        family, version, players = d.variant
        self.c.variant_entries.append(cat.VariantEntry(family, version, players, f, d.src.file))

    def faction_variant(self, d: Document) -> None:
        x = d.src.data
        self.c.faction_variants[d.id] = cat.FactionVariant(d.id, x.get("name", d.id), tuple(x["versions"]),
                                                      x.get("description", ""), d.src.file)

    def final_scoring(self, d: Document) -> None:
        x = d.src.data
        self.c.final_tiles[d.id] = cat.FinalTile(d.id, x.get("name", d.id), x["count"], x["neutral"], d.src.file)

    def federation_token(self, d: Document) -> None:
        x = d.src.data
        self.c.federation_tokens[d.id] = cat.FederationToken(
            d.id, x.get("name", d.id), x["copies"], x["green"], x.get("in_supply", True),
            self.loader.effects(d.src, ("effects",), x["effects"]), d.src.file)

    def sector(self, d: Document) -> None:
        x = d.src.data
        self.c.sectors[d.id] = cat.Sector(d.id, x["tile"], dict(x["hexes"]), d.src.file)

    def layout(self, d: Document) -> None:
        x = d.src.data
        self.c.layouts[d.id] = cat.Layout(d.id, tuple(x["players"]), tuple(tuple(s) for s in x["slots"]),
                                     tuple(str(s) for s in x["sectors"]), d.src.file, x.get("board", d.id),
                                     x.get("draw", "fixed"))

    def research_track(self, d: Document) -> None:
        x = d.src.data
        levels = tuple(self.loader.effects(d.src, ("levels", i), lv) for i, lv in enumerate(x["levels"]))
        self.c.tracks[d.id] = cat.ResearchTrack(d.id, x["name"], x.get("order", 99), levels, d.src.file)

    def research_board(self, d: Document) -> None:
        x = d.src.data
        top = x.get("top_level", {})
        self.c.research = cat.ResearchBoard(x["levels"], self.loader.price(d.src, ("cost",), x["cost"]), tuple(x["vp_by_level"]),
                                       top.get("flip_green_token", False), top.get("exclusive", False))

    def board_action(self, d: Document) -> None:
        x = d.src.data
        effect = self.loader.effect(d.src, ("effects", 0), x["effects"][0])
        if effect is not None:
            self.c.board_actions[d.id] = cat.BoardAction(d.id, x.get("name", d.id), self.loader.price(d.src, ("cost",), x["cost"]),
                                                    effect, d.src.file)

    def free_actions(self, d: Document) -> None:
        x = d.src.data
        self.c.free_actions = self.c.free_actions + self.loader.effects(d.src, ("conversions",), x["conversions"])
        b = x["burn"]
        self.c.burn = cat.Burn(b["from"], b["to"], b["take"], b["keep"])

    def planets(self, d: Document) -> None:
        x = d.src.data
        for pid, p in x["types"].items():
            self.c.planets[pid] = cat.PlanetType(pid, p["code"], p["name"], p["habitable"], p.get("colour"))
        self.c.wheel = tuple(x["wheel"])

    def resources(self, d: Document) -> None:
        self.c.resources.update(d.src.data["resources"])

    def parameters(self, d: Document) -> None:
        for name, p in d.src.data["parameters"].items():
            written = p.get("default")
            default = None if written is None else typed_value(p["type"], written)
            self.c.parameters[name] = cat.Parameter(name, p["scope"], p["type"], default, p["doc"],
                                               tuple(p.get("choices", ())), p.get("keyed_by"),
                                               p.get("min"), p.get("max"), p.get("default_from"), written,
                                               dict(p.get("uses") or {}))

    def game(self, d: Document) -> None:
        self.c.game = dict(d.src.data)

    def variant(self, d: Document) -> None:
        x = d.src.data
        self.c.variants[d.id] = cat.Variant(d.id, x.get("name", d.id), dict(x["parameters"]))

    # the solo opponent's kinds (content/automa/, docs/automa-content.md), into the catalogue's `automa`
    def automa_card(self, d: Document) -> None:
        x, file = d.src.data, d.src.file
        act, sup, strip = x["action"], x["support"], x["strip"]
        self.c.automa.cards[d.id] = am.AutomaCard(
            d.id, x["number"], x["starter"], act["do"], act["vp"], sup["final_tiebreaker"], sup["range"],
            sup["direction"], am.Numbered(sup["numbered"]["from"], sup["numbered"]["count"]), strip["pass"],
            strip["booster"], x["initial_booster"], x.get("name", ""), x.get("description", ""), file)

    def automa_faction(self, d: Document) -> None:
        x, file = d.src.data, d.src.file
        fa = x["faction_action"]
        self.c.automa.factions[d.id] = am.AutomaFaction(
            d.id, x.get("name", d.id), x["faction"], tuple(x["setup"]["research"]), x["setup"]["starting_mines"],
            tuple(_automa_step(s) for s in fa["steps"]), fa["vp"],
            tuple(am.AutomaSpecial(s["rule"], s.get("action"), s.get("times"), s.get("from"), s.get("to"), s.get("vp"),
                                   s.get("position"), s.get("applies_to")) for s in x.get("special", ())),
            x.get("description", ""), file)

    def automa_difficulty(self, d: Document) -> None:
        x, file = d.src.data, d.src.file
        deck, extra = x.get("deck", {}), x.get("extra_vp")
        self.c.automa.difficulties[d.id] = am.AutomaDifficulty(
            d.id, x["name"], x["level"], x["starting_vp"], tuple(deck.get("add", ())), tuple(deck.get("remove", ())),
            x.get("removed_to", "reserve"), x.get("random_reserve_cards", 1),
            None if extra is None else am.ExtraVP(extra["vp"], tuple(extra["sources"])), x.get("description", ""), file)

    def automa_round_scoring(self, d: Document) -> None:
        x = d.src.data
        self.c.automa.left_until_round = x["left_until_round"]
        self.c.automa.round_values.update({t: am.RoundValue(v["left"], v["right"]) for t, v in x["values"].items()})

    def automa_rules(self, d: Document) -> None:
        x, file = d.src.data, d.src.file
        self.c.automa.rules = am.AutomaRules(
            x["pass_zone"], x["reserve_cards_per_round"], x["pass_icon_from"], x["booster_from"], x["initial_booster"],
            x["unbuildable_mine"], x["transdim_becomes_gaia"], tuple(x["mine_tiebreakers"]),
            tuple(x["upgrade_tiebreakers"]), tuple(am.Upgrade(u["from"], tuple(u["to"].split("|"))) for u in x["upgrades"]),
            dict(x["planet_steps"]), dict(x["final_tile_preferences"]), tuple(x["action_spaces"]),
            tuple(x.get("lone_mine_satellite", ())),
            {t: am.FinalCount(v["count"], v.get("add", 0)) for t, v in x.get("final_tile_counts", {}).items()},
            x.get("federation_token_copies"), x.get("standard_difficulty"), dict(x.get("game_parameters") or {}), file)


def build_catalogue(docs: list[Document], loader: Loader) -> tuple[cat.Catalogue, dict[tuple[str, str], Located]]:
    c = cat.Catalogue()
    located = {d.key: d.src for d in docs}
    for d in docs:
        c.files[d.key] = (d.src.file, d.digest)
        c.origins[d.key] = cat.Origin(d.origin or d.src.file, d.origin_bundled, d.patches)
    boards = {d.id: d for d in docs if d.kind == "faction_board"}
    for d in boards.values():
        c.boards[d.id] = d.src.data
    builder = _Builder(c, loader, boards)
    for d in sorted(docs, key=lambda d: d.key):
        builder.add(d)
    c.tracks = dict(sorted(c.tracks.items(), key=lambda kv: (kv[1].order, kv[0])))
    solo = [c.automa.rules.game_parameters] if c.automa.rules is not None else []
    for params in [v.parameters for v in c.variants.values()] + solo:
        # typed as their parameters declare (parameters.yaml may be built after them)
        params.update({n: typed_value(c.parameters[n].type, x) for n, x in params.items() if n in c.parameters})
    _check_entries(c, docs, loader)
    return c, located


def _check_entries(c: cat.Catalogue, docs: list[Document], loader: Loader) -> None:
    """Each variant entry names a known family and one of its versions."""
    for d in docs:
        if d.variant is None:
            continue
        family, version, _ = d.variant
        known = c.faction_variants.get(family)
        if known is None:
            loader.diagnostics.append(d.src.diag(("variant",), f"unknown faction variant '{family}'"
                                                 f"{did_you_mean(family, c.faction_variants)}"))
        elif version not in known.versions:
            loader.diagnostics.append(d.src.diag(("version",), f"faction variant '{family}' has versions "
                                                 f"{', '.join(map(str, known.versions))}, not {version}"))
