"""One short line saying what a component is, for lists and prompts: `describe(catalogue, id)`.

`gaia explain` (explain.py) renders a component as a page; a move list or a
score row has room for one line: "income 1 Q.I.C. and 2 credits", "2 ore for
4 power", "Xyz (ice)". The words come from the same English renderer
(language/english.py) and the same catalogue lookups as explain.py; nothing
here names a component.
"""
from __future__ import annotations

from ..content.catalogue import Catalogue
from ..language import ast
from ..language.english import english, gains_text, price_text
from ..language.vocabulary import COUNTERS
from .explain import KINDS, has_id, ids_of, title
from .explain_text import words_for

# Short heads of the clauses a tile or booster holds ("income 1 ore", "on passing 1 VP per mine").
_HEADS: dict[type, str] = {ast.Income: "income", ast.Now: "now", ast.OnPass: "on passing", ast.Action: "action"}

# The kinds a bare id is looked up in, most likely first (an id may name a faction and a token).
_ORDER = ("faction", "booster", "tech_tile", "advanced_tech_tile", "board_action", "round_scoring",
          "final_scoring", "federation_token", "research_track")


def kind_of(catalogue: Catalogue, ident: str) -> str | None:
    """The kind of component an id names (the most likely one if several), or None."""
    for kind in _ORDER + tuple(k for k in KINDS if k not in _ORDER):
        if has_id(catalogue, kind, ident):
            return kind
    return None


def _unstop(text: str) -> str:
    """A sentence without its full stop; one ending an abbreviation ('... 1 Q.I.C.') stays."""
    return text[:-1] if text.endswith(".") and text.rsplit(" ", 1)[-1].count(".") == 1 else text


def effects_line(effects, words) -> str:
    """Statements as short phrases, those with the same head merged: 'income 1 knowledge and 1 ore; action 3 ore'."""
    parts: list[tuple[str, list]] = []  # (head, gains) or (phrase, [])
    for effect in effects:
        for s in effect.statements:
            head = _HEADS.get(type(s.clause))
            plain = s.scope is None and s.once is None and s.condition is None  # limits are said in full below
            if head is not None and plain:
                if parts and parts[-1][0] == head and parts[-1][1]:
                    parts[-1][1].extend(s.clause.gains)
                else:
                    parts.append((head, list(s.clause.gains)))
            elif isinstance(s.clause, ast.On) and plain:
                parts.append((f"each time {english(s.clause.event, words)}: {gains_text(s.clause.gains, words)}", []))
            else:
                phrase = _unstop(english(s, words))
                parts.append((phrase[:1].lower() + phrase[1:] if phrase[1:2].islower() else phrase, []))
    return "; ".join(f"{head} {gains_text(gains, words)}" if gains else head for head, gains in parts) or "no effect"


def describe(catalogue: Catalogue, ident: str, kind: str | None = None) -> str:
    """What the component `ident` is, in one line without its id; the id itself if it names nothing."""
    kind = kind or kind_of(catalogue, ident)
    if kind is None:
        return ident
    words = words_for(catalogue)
    try:
        if kind == "faction":
            f = catalogue.factions[ident]
            planet = catalogue.planets.get(f.home)
            return f"{f.name} ({planet.name if planet else f.home})"
        if kind in ("booster", "tech_tile", "advanced_tech_tile", "round_scoring"):
            table = {"booster": catalogue.boosters, "tech_tile": catalogue.tech_tiles,
                     "advanced_tech_tile": catalogue.advanced_tech_tiles, "round_scoring": catalogue.round_tiles}[kind]
            return effects_line(table[ident].effects, words)
        if kind == "board_action":
            a = catalogue.board_actions[ident]
            gains = [g for s in a.effect.statements if hasattr(s.clause, "gains") for g in s.clause.gains]
            return f"{gains_text(gains, words)} for {price_text(a.cost, words)}"
        if kind == "final_scoring":
            t = catalogue.final_tiles[ident]
            return f"{t.name}, ranked at the end (1 per {COUNTERS.get(t.count, t.count)})"
        if kind == "federation_token":
            t = catalogue.federation_tokens[ident]
            statements = [s for e in t.effects for s in e.statements]
            if statements and all(isinstance(s.clause, ast.Now) and s.scope is None for s in statements):
                return gains_text([g for s in statements for g in s.clause.gains], words)
            return effects_line(t.effects, words)
    except KeyError:
        return ident
    return title(catalogue, kind, ident)


def named(catalogue: Catalogue, ident: str, kind: str | None = None) -> str:
    """`id: what it is` ('BOOSTER: income 1 Q.I.C. and 2 credits'); the id alone if that says nothing more."""
    text = describe(catalogue, ident, kind)
    return ident if text == ident else f"{ident}: {text}"
