"""`gaia explain` for tiles: tech and advanced tech tiles, boosters, round and final scoring, federation tokens."""
from __future__ import annotations

from ..content.catalogue import Catalogue
from ..language.english import count_text
from ..language.english_words import join_and
from ..language.vocabulary import COUNTERS
from .explain_automa import round_tile_line
from .explain_text import Doc, from_note, fx, origin_of, words_for, yes_no


def _tile(doc: Doc, catalogue: Catalogue, tile, intro: str | None = None) -> None:
    words = words_for(catalogue)
    if intro:
        doc.para(intro.removesuffix(":") + from_note(origin_of(catalogue, tile.kind, tile.id), "effects") + ":")
    doc.items((fx(e, words) for e in tile.effects), none="no effect")


def render_tech(doc, catalogue, ident):
    _tile(doc, catalogue, catalogue.tech_tiles[ident], "When taken, and while held (not covered):")


def render_advanced(doc, catalogue, ident):
    _tile(doc, catalogue, catalogue.advanced_tech_tiles[ident], "Taken by covering one of your tech tiles; when taken, and while held:")


def render_booster(doc, catalogue, ident):
    _tile(doc, catalogue, catalogue.boosters[ident], "While you hold it (taken for one round):")


def render_round(doc, catalogue, ident):
    _tile(doc, catalogue, catalogue.round_tiles[ident], "For every player, during its round:")
    automa = round_tile_line(catalogue, ident)
    if automa is not None:
        doc.para(automa)


def _final_count(catalogue: Catalogue, text: str) -> str:
    """A final tile's count in words: a fixed counter's meaning, else the count read as after `per`."""
    from ..language.parser import EffectSyntaxError, parse_count
    if text in COUNTERS:
        return COUNTERS[text]
    try:
        return count_text(parse_count(text), words_for(catalogue))
    except EffectSyntaxError:
        return text


def render_final(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    t = catalogue.final_tiles[ident]
    vp = catalogue.game.get("final_scoring_vp", [])
    items = [f"At the end of the game, each player's count is 1 per {_final_count(catalogue, t.count)} "
             f"(`{t.count}`); players are ranked by it."]
    if vp:
        items.append("By rank: " + join_and(str(v) for v in vp) + " VP (tied players share the VP of their ranks).")
    items.append(f"The neutral player, in games where it takes part, counts {t.neutral}.")
    doc.items(items)


def render_fed(doc: Doc, catalogue: Catalogue, ident: str) -> None:
    t = catalogue.federation_tokens[ident]
    words = words_for(catalogue)
    origin = origin_of(catalogue, "federation_token", ident)
    items = [f"When gained: {fx(e, words)}" + from_note(origin, "effects") for e in t.effects]
    items.append(f"Copies: {t.copies}. Green (can be turned over to pay): {yes_no(t.green)}. "
                 f"In the supply at the start: {yes_no(t.in_supply)}"
                 + ("." if t.in_supply else " (gained only through an effect).")
                 + from_note(origin, "copies", "green", "in_supply"))
    doc.items(items)
