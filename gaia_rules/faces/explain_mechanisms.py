"""`gaia explain` for the game's mechanisms: research tracks and board, board and free actions, the game,
planet types, resources, sectors, layouts, rule parameters and rules variants."""
from __future__ import annotations

import json

from ..content.catalogue import Catalogue
from ..language.english import effect_text, gains_text, price_text
from ..language.english_words import join_and, join_or, sentence
from ..language.vocabulary import AREAS
from ..setup import natural_key
from .explain_text import Doc, from_note, fx, origin_of, stop, words_for


def render_track(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    t = catalogue.tracks[ident]
    words = words_for(catalogue)
    doc.para(f"Position on the research board: {t.order}. \"Immediately\" is once, on reaching the level; "
             f"income is paid while it is your level on the track; rules hold on it and above.")
    origin = origin_of(catalogue, "research_track", ident)
    doc.items(f"Level {i}: " + (" ".join(fx(e, words) for e in level) if level else "nothing.")
              + from_note(origin, "levels") for i, level in enumerate(t.levels))


def render_research_board(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    r = catalogue.research
    words = words_for(catalogue)
    if r is None:  # pragma: no cover - a checked catalogue has one
        doc.para("No research board.")
        return
    items = [
        f"Research (a main action): pay {price_text(r.cost, words)} to advance one level on a track.",
        f"Levels 0 to {r.levels - 1} on each track: "
        + join_and(t.name for t in catalogue.tracks.values()) + ".",
        "At the end of the game, VP per track by level: " + ", ".join(map(str, r.vp_by_level)) + ".",
    ]
    if r.flip_green_token:
        items.append("Entering the top level turns over one of your green federation tokens (you need one).")
    if r.exclusive:
        items.append("Only one player can ever stand on the top level of a track.")
    doc.items(items)


def render_board_action(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    a = catalogue.board_actions[ident]
    words = words_for(catalogue)
    gains = [s.clause.gains for s in a.effect.statements if hasattr(s.clause, "gains") and s.scope is None]
    what = gains_text(gains[0], words) if len(gains) == 1 and len(a.effect.statements) == 1 else effect_text(a.effect, words)
    origin = origin_of(catalogue, "board_action", ident)
    doc.items([stop(f"Cost: {price_text(a.cost, words)}") + from_note(origin, "cost"),
               sentence(f"Action (a main action, once per round for the whole table): {what}")
               + f" (`{a.effect.text}`)" + from_note(origin, "effects")])


def render_free_actions(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    words = words_for(catalogue)
    doc.para("Any number of times on your own turn:")
    doc.items(fx(e, words) for e in catalogue.free_actions)
    b = catalogue.burn
    if b is not None:
        kept, lost = b.keep, b.take - b.keep
        rest = "the other leaves" if lost == 1 else f"the other {lost} leave"
        doc.para(f"Burning power (a free action): take {b.take} power tokens from {AREAS.get(b.source, b.source)}; "
                 f"{kept} of them move{'s' if kept == 1 else ''} to {AREAS.get(b.target, b.target)}, {rest} the "
                 f"power cycle (to the supply, unless the rule parameter `token_route[burn]` says otherwise).")


def render_game(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    g = catalogue.game
    items = []
    players = g.get("players", {})
    if players:
        items.append(f"Players: {players.get('min')} to {players.get('max')}.")
    if "rounds" in g:
        items.append(f"Rounds: {g['rounds']}.")
    if "boosters" in g:
        items.append(f"Boosters in play: one per player and {g['boosters'].get('extra', 0)} more.")
    if "final_scoring_vp" in g:
        drawn = f"{g['final_tiles']} drawn a game; " if "final_tiles" in g else ""
        items.append(f"Final scoring tiles ({drawn}paid by rank): " + join_and(map(str, g["final_scoring_vp"])) + " VP.")
    rv = g.get("resource_vp")
    if rv:
        words = words_for(catalogue)
        names = join_or(words.resources.get(c, {}).get("plural", c) for c in rv.get("of", []))
        items.append(f"At the end, 1 VP per {rv.get('per')} {names} left.")
    ch = g.get("charge")
    if ch:
        free = catalogue.parameters.get("charge_free_power")
        price = f"; charging N power costs N - {free.written} VP (rule parameter `charge_free_power`)" if free else ""
        items.append(f"Charging: neighbours within distance {ch.get('distance')} may charge{price}.")
    for key, label in (("near_opponent_distance", "A trading station is cheaper with an opponent within distance"),
                       ("satellite_limit", "Satellites per player at most"),
                       ("tech_tile_copies", "Copies of each standard tech tile")):
        if key in g:
            items.append(f"{label}: {g[key]}.")
    lim = g.get("effect_limits")
    if lim:
        items.append(f"Largest numbers content may write: {lim.get('amount')} in a gain, {lim.get('price')} in a "
                     f"price, {lim.get('count')} in a count (`if`, `per N`).")
    if "setup_order" in g:
        passes = [f"{k} {d}" for k, d in enumerate(g["setup_order"], 1)]
        items.append("Set-up placement passes (forward: in seat order; reverse: from the last seat; a faction's k-th "
                     "set-up piece goes in pass k unless it names its pass): " + ", ".join(passes) + " (the last).")
    doc.items(items)


def render_planets(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    doc.items(f"{p.name} (`{p.id}`, map code `{p.code}`): {p.habitable}" for p in catalogue.planets.values())
    names = {p.id: p.name for p in catalogue.planets.values()}
    doc.para("Terraforming wheel (steps go round it): " + " > ".join(names.get(w, w) for w in catalogue.wheel) + ".")


def render_resources(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    items = []
    for code, r in catalogue.resources.items():
        text = f"`{code}`: {r.get('name', code)} (plural: {r.get('plural', r.get('name', code))})"
        if "cap" in r:
            text += f", at most {r['cap']}"
        items.append(text)
    doc.items(items)


def render_sector(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    s = catalogue.sectors[ident]
    names = {p.id: p.name for p in catalogue.planets.values()}
    empty = {p.id for p in catalogue.planets.values() if p.habitable == "space"}
    planets = [f"{pos} {names.get(t, t)}" for pos, t in sorted(s.hexes.items(), key=lambda kv: natural_key(kv[0]))
               if t not in empty]
    doc.items([f"Printed tile number: {s.tile}.", f"Planets ({len(planets)} of {len(s.hexes)} hexes): "
               + ", ".join(planets) + "."])


def render_layout(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    lay = catalogue.layouts[ident]
    order = "in random order" if lay.draw == "shuffled" else "in the order listed"
    doc.items([f"Board `{lay.board}` (gaia new --layout {lay.board}), sectors {order}, each turned at random.",
               f"For {join_and(map(str, lay.players))} players.",
               "Sectors on slots (axial centre q, r): "
               + ", ".join(f"{s} at ({q}, {r})" for s, (q, r) in zip(lay.sectors, lay.slots)) + "."])


def as_yaml(value) -> str:
    """A parameter value as it is written in content: `true`, `[1, 2]`, `area1`."""
    return value if isinstance(value, str) else json.dumps(value)


def render_parameter(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    p = catalogue.parameters[ident]
    who = "a player parameter (an effect may `set` it)" if p.scope == "player" else \
        "a game parameter (a rules variant may change it)"
    items = [stop(p.doc[:1].upper() + p.doc[1:]), f"Scope: {who}.", f"Type: {p.type}"
             + (f", one of {', '.join(p.choices)}" if p.choices else "")
             + (f", keyed by {p.keyed_by}" if p.keyed_by else "") + "."]
    if p.written is not None:
        items.append(f"Default: `{as_yaml(p.written)}`.")
    if p.min is not None or p.max is not None:
        label = "Range of each item" if p.type == "list" else "Range"
        where = "a `set`" if p.scope == "player" else "a variant's value"
        items.append(f"{label}: {'' if p.min is None else p.min}..{'' if p.max is None else p.max} "
                     f"({where} outside it is a validation error).")
    if p.uses:
        items.append(f"Uses (`set {p.name} for USE` changes one only): "
                     + "; ".join(f"{use}: {meaning}" for use, meaning in p.uses.items()) + ".")
    doc.items(items)


def render_variant(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    v = catalogue.variants[ident]
    items = []
    for name, value in v.parameters.items():
        p = catalogue.parameters.get(name)
        doc_text = f" ({p.doc})" if p else ""
        items.append(f"`{name}` = `{as_yaml(value)}`{doc_text}")
    doc.items(items, none="No change: every parameter keeps its default.")
