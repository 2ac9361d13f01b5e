"""The Automa kinds in plain English, for `gaia explain` (explain.py registers them).

One renderer per kind: a decision card (its two halves and its strip), an
Automa faction card, a difficulty level (with its starting deck worked out),
the Automa's round scoring values and its rules. The words for the closed
vocabulary of content/automa.py live here; component names come from the
catalogue.
"""
from __future__ import annotations

from typing import Any, Callable

from ..content.automa import AutomaCard, AutomaSpecial, AutomaStep
from ..content.catalogue import Catalogue
from ..language.english_words import join_and, sentence

# The kinds, in the order of docs/catalogue.md, with a label and a section title (explain.KINDS).
AUTOMA_KINDS: dict[str, tuple[str, str]] = {
    "automa_rules": ("Automa rules", "Automa rules"),
    "automa_card": ("Automa decision card", "Automa decision cards"),
    "automa_faction": ("Automa faction", "Automa factions"),
    "automa_difficulty": ("Automa difficulty", "Automa difficulty levels"),
    "automa_round_scoring": ("Automa round scoring values", "Automa round scoring values"),
}
AUTOMA_ALIASES: dict[str, str] = {"card": "automa_card", "decision_card": "automa_card",
                                  "difficulty": "automa_difficulty", "level": "automa_difficulty"}

SHORT_ACTIONS = {
    "upgrade": "upgrade", "build-mine": "build a mine", "research-highest": "research where highest",
    "research-random": "research a random area", "research-track": "research", "power-qic": "power or Q.I.C. action",
    "faction": "faction action",
}
ACTIONS = {
    "upgrade": "upgrade one of its structures (the first line of its upgrade priority it can do)",
    "build-mine": "build a mine",
    "research-highest": "advance in the research area where it is highest (numbered selection among ties)",
    "research-random": "advance in a research area chosen by numbered selection",
    "power-qic": "block a power or Q.I.C. action space chosen by numbered selection (it gains nothing from it)",
    "faction": "its faction action (see its Automa faction card)",
}
FINAL_TIEBREAKERS = {"top": "the top final scoring tile", "bottom": "the bottom final scoring tile",
                     "none": "none"}
DIRECTIONS = {"right-down": "right-down (top row first, each row from the left)",
              "left-up": "left-up (bottom row first, each row from the right)"}
FACTION_TIEBREAKERS = {"transdim": "Transdim planets first",
                       "closest-to-human": "planets nearest to one of the human's planets first"}
TIEBREAKERS = {"faction": "the faction action's own tie-breaker", "final-tile": "the support card's final scoring tile",
               "fewest-steps": "fewest terraforming steps for its faction",
               "closest-to-human": "nearest to one of the human's planets",
               "direction": "the support card's direction"}
PREFERENCES = {"gaia-or-transdim": "Gaia and Transdim planets", "new-planet-type": "a planet type it has not colonised",
               "new-sector": "a sector where it has no planet"}
VP_SOURCES = {"card": "decision cards", "faction-card": "faction actions", "faction-rule": "faction rules",
              "round-tile": "round scoring tiles", "final-tiles": "final scoring tiles", "research": "research tracks"}


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _structures(catalogue: Catalogue) -> dict[str, str]:
    names: dict[str, str] = {}
    for board in catalogue.boards.values():
        for sid, row in (board.get("structures") or {}).items():
            names.setdefault(sid, row.get("name", sid))
    return names


def _track(catalogue: Catalogue, track: str | None) -> str:
    t = catalogue.tracks.get(track or "")
    return t.name if t is not None else str(track)


def _card_label(catalogue: Catalogue, ident: str) -> str:
    card = catalogue.automa.cards.get(ident)
    return f"card {card.number}" if card is not None else ident


def card_title(card: AutomaCard) -> str:
    return card.name or f"Card {card.number}: {SHORT_ACTIONS.get(card.action, card.action)}"


def automa_title(catalogue: Catalogue, kind: str, ident: str) -> str:
    a = catalogue.automa
    if kind == "automa_card":
        return card_title(a.cards[ident])
    if kind == "automa_faction":
        return a.factions[ident].name
    if kind == "automa_difficulty":
        return a.difficulties[ident].name
    return ident


def automa_ids(catalogue: Catalogue, kind: str) -> list[str] | None:
    """The ids of an Automa kind in reading order (None for a kind that is not the Automa's)."""
    a = catalogue.automa
    if kind == "automa_card":
        return sorted(a.cards, key=lambda i: (a.cards[i].number, i))
    if kind == "automa_faction":
        return sorted(a.factions)
    if kind == "automa_difficulty":
        return sorted(a.difficulties, key=lambda i: (a.difficulties[i].level, i))
    return None


# ------------------------------------------------------------------ renderers (doc: explain.Doc)

def render_card(doc: Any, catalogue: Catalogue, ident: str) -> None:
    card = catalogue.automa.cards[ident]
    rules = catalogue.automa.rules
    if card.description:
        doc.para(card.description.strip())
    if card.action == "faction":
        vp = "the VP of its Automa faction card" + (f", plus {card.vp} VP" if card.vp else "")
    else:
        vp = f"{card.vp} VP, even when the action cannot be done"
    n = card.numbered.count
    count = f"from the left ({n} →)" if card.numbered.start == "left" else f"from the right (← {n})"
    strip_from = ""
    if rules is not None:
        strip_from = (f" (the pass icon is read on the {rules.pass_icon_from} card, the booster selector on the "
                      f"{rules.booster_from} card)")
    doc.items([
        "Starter card: " + ("yes (green number box): it is in the starting deck unless a difficulty removes it."
                            if card.starter else "no: it starts in the reserve."),
        sentence(f"Action half, when this is the action card: {ACTIONS.get(card.action, card.action)}; then {vp}"),
        f"Support half, when this is the support card of the next action: final-scoring tie-breaker: "
        f"{FINAL_TIEBREAKERS[card.final_tiebreaker]}; range: {card.range}; direction: "
        f"{DIRECTIONS[card.direction]}; numbered selection: the {_ordinal(n)} valid option counted {count}.",
        f"Central strip: pass icon: {'yes' if card.pass_icon else 'no'}; booster selector: {card.booster}"
        f"{strip_from}.",
        f"Initial booster indicator: slot {card.initial_booster} of 5 (the booster it takes at set-up when this card "
        "is read for it).",
    ])
    levels = sorted(catalogue.automa.difficulties.values(), key=lambda d: d.level)
    for verb, chosen in (("Added to", [d for d in levels if ident in d.add]),
                         ("Removed from", [d for d in levels if ident in d.remove])):
        if chosen:
            doc.para(f"{verb} the starting deck by " + join_and(f"{d.name} (`{d.id}`)" for d in chosen) + ".")


def step_text(catalogue: Catalogue, step: AutomaStep) -> str:
    if step.action == "research-track":
        text = f"advance one level on {_track(catalogue, step.track)}"
    else:
        text = ACTIONS.get(step.action, step.action)
    if step.range is not None:
        text += f" within range {step.range} (instead of the support card's)"
    if step.tiebreaker is not None:
        text += f", {FACTION_TIEBREAKERS.get(step.tiebreaker, step.tiebreaker)}"
    if step.otherwise is not None:
        text += f"; if it cannot: {step_text(catalogue, step.otherwise)}"
    return text


def special_text(catalogue: Catalogue, rule: AutomaSpecial) -> str:
    names = _structures(catalogue)
    src, dst = names.get(rule.source or "", rule.source), names.get(rule.target or "", rule.target)
    texts: dict[str, Callable[[], str]] = {
        "repeat-card-action": lambda: f"Each {SHORT_ACTIONS.get(rule.action, rule.action)} of a decision card is "
                                      f"done {rule.times} times, with the same support card.",
        "vp-for-upgrade": lambda: f"Each upgrade that results in a {dst}: {rule.vp} VP.",
        "vp-for-new-planet-type": lambda: f"Each mine on a planet type it has not colonised before: {rule.vp} VP.",
        "downgrade": lambda: f"Its upgrade priority holds, as its {_ordinal(rule.position or 0)} line, a {src} "
                             f"turned back into a {dst} ("
                             + ("in every upgrade" if rule.applies_to == "every-upgrade" else
                                "in its faction action only") + ").",
        "research-after-upgrade": lambda: sentence(f"Each time a {src} becomes a {dst}: "
                                                   f"{ACTIONS.get(rule.action, rule.action)}"),
    }
    return texts[rule.rule]() if rule.rule in texts else rule.rule


def render_faction(doc: Any, catalogue: Catalogue, ident: str) -> None:
    f = catalogue.automa.factions[ident]
    if f.description:
        doc.para(f.description.strip())
    human = catalogue.factions.get(f.faction)
    planet = catalogue.planets.get(human.home) if human is not None else None
    plays = f"{human.name} (`{f.faction}`)" if human is not None else f"`{f.faction}`"
    home = f", home planet {planet.name}" if planet is not None else ""
    research = join_and(f"one level on {_track(catalogue, t)}" for t in f.research) or "no research"
    doc.items([
        f"Plays as: {plays}{home}; the human plays a faction of another home planet.",
        f"Set-up: {research}; {f.starting_mines} starting mines.",
    ])
    doc.para(f"Faction action (when the action card says `faction`), in order, then {f.vp} VP:")
    doc.lines += [f"{i}. {sentence(step_text(catalogue, s))}" for i, s in enumerate(f.steps, 1)] + [""]
    doc.para("Permanent rules:")
    doc.items((special_text(catalogue, r) for r in f.special), none="none")


def render_difficulty(doc: Any, catalogue: Catalogue, ident: str) -> None:
    a = catalogue.automa
    d = a.difficulties[ident]
    if d.description:
        doc.para(d.description.strip())
    cards = lambda ids: join_and(_card_label(catalogue, i) for i in ids)
    starters = a.starters()
    deck = f"the starter cards ({', '.join(str(a.cards[i].number) for i in starters)})"
    if d.remove:
        where = "back in the reserve" if d.removed_to == "reserve" else "out of the game"
        deck += f" without {cards(d.remove)} ({where})"
    if d.add:
        deck += f", plus {cards(d.add)} from the reserve"
    if d.random_reserve_cards:
        deck += f", plus {d.random_reserve_cards} random reserve card{'s' if d.random_reserve_cards != 1 else ''}"
    size = len(d.starting_deck(a.cards)) + d.random_reserve_cards
    hardest = max((x.level for x in a.difficulties.values()), default=d.level)
    items = [f"Level {d.level} of {hardest} (1 is the easiest).", f"The Automa starts with {d.starting_vp} VP.",
             f"Starting deck: {deck}: {size} cards."]
    if d.extra_vp is not None:
        items.append(f"Each time the Automa gains VP from {join_and(VP_SOURCES.get(s, s) for s in d.extra_vp.sources)}:"
                     f" {d.extra_vp.vp} VP more.")
    doc.items(items)


def render_round_values(doc: Any, catalogue: Catalogue, ident: str) -> None:
    a = catalogue.automa
    doc.para(f"When it passes, the Automa scores the left value in rounds 1 to {a.left_until_round} and the right "
             "value in later rounds, whatever the tile's condition:")
    doc.items(f"{catalogue.round_tiles[t].name if t in catalogue.round_tiles else t} (`{t}`): {v.left} VP, then "
              f"{v.right} VP" for t, v in a.round_values.items())


def round_tile_line(catalogue: Catalogue, tile: str) -> str | None:
    """The Automa's value of one round scoring tile, for that tile's own explanation."""
    a = catalogue.automa
    v = a.round_values.get(tile)
    if v is None:
        return None
    table = next((i for k, i in catalogue.files if k == "automa_round_scoring"), "automa_round_scoring")
    return (f"The Automa, when it passes, scores {v.left} VP in rounds 1 to {a.left_until_round} and {v.right} VP "
            f"later (`{table}`).")


def render_rules(doc: Any, catalogue: Catalogue, ident: str) -> None:
    r = catalogue.automa.rules
    if r is None:  # pragma: no cover - built with the file
        return
    names = _structures(catalogue)
    planets = {p.id: p.name for p in catalogue.planets.values()}
    upgrades = [f"{names.get(u.source, u.source)} to " + " or ".join(names.get(t, t) for t in u.targets)
                for u in r.upgrades]
    tiles = [f"{catalogue.final_tiles[t].name if t in catalogue.final_tiles else t} (`{t}`) prefers "
             f"{PREFERENCES.get(p, p)}" for t, p in r.final_tile_preferences.items()]
    doc.items([
        f"It passes when the card about to be its action card shows the pass icon and is one of the last "
        f"{r.pass_zone} cards of its deck, or when no card is left.",
        f"Each new round, {r.reserve_cards_per_round} reserve card{'s' if r.reserve_cards_per_round != 1 else ''} "
        "joins the deck, which is shuffled.",
        f"The pass icon is read on the {r.pass_icon_from} card, the booster selector on the {r.booster_from} card.",
        "Its first booster: " + ("the position lit on a random decision card's five-slot indicator."
                                 if r.initial_booster == "random-card" else "the position of a roll of 1 to 5."),
        "A mine with no planet in range: " + ("it upgrades instead." if r.unbuildable_mine == "upgrade"
                                              else "it does nothing (it still scores the card's VP)."),
        "A Transdim planet it builds a mine on becomes a Gaia planet: " + ("yes." if r.transdim_becomes_gaia
                                                                            else "no."),
        "Tie-breakers for a new mine, in order: " + "; ".join(TIEBREAKERS.get(t, t) for t in r.mine_tiebreakers) + ".",
        "Tie-breakers for an upgrade, in order: " + "; ".join(TIEBREAKERS.get(t, t) for t in r.upgrade_tiebreakers)
        + ".",
        "Upgrade priority (the first it can do): " + "; ".join(upgrades) + ".",
        "Terraforming steps off the wheel: " + join_and(f"{planets.get(p, p)} {n}" for p, n in r.planet_steps.items())
        + ".",
        "Final-scoring tie-breaker: " + ("; ".join(tiles) if tiles else "no tile prefers anything")
        + "; the other tiles prefer nothing.",
        "Numbered selection counts the action spaces in this order: " + ", ".join(f"`{s}`" for s in r.action_spaces)
        + ".",
    ] + _solo_lines(r, catalogue))


def _solo_lines(r: Any, catalogue: Catalogue) -> list[str]:
    """The rules' lines about the table of a solo game and the Automa's final counts."""
    def tile(t: str) -> str:
        return f"{catalogue.final_tiles[t].name if t in catalogue.final_tiles else t} (`{t}`)"

    out = []
    if r.standard_difficulty is not None:
        level = catalogue.automa.difficulties.get(r.standard_difficulty)
        name = level.name if level is not None else r.standard_difficulty
        out.append(f"A solo game that names no difficulty is played at {name} (`{r.standard_difficulty}`).")
    if r.federation_token_copies is not None:
        out.append(f"A solo game's supply holds {r.federation_token_copies} of each federation token.")
    if r.lone_mine_satellite:
        out.append("A mine it builds with none of its structures on a neighbouring hex brings it a satellite, "
                   "counted with " + join_and(tile(t) for t in r.lone_mine_satellite) + " in play.")
    for t, rule in r.final_tile_counts.items():
        change = f" {'plus' if rule.add > 0 else 'less'} {abs(rule.add)}" if rule.add else ""
        out.append(f"On {tile(t)} it counts its `{rule.count}`{change}.")
    if r.game_parameters:
        values = ", ".join(f"`{k}` = {str(v).lower() if isinstance(v, bool) else v}" for k, v in r.game_parameters.items())
        out.append(f"A solo game plays with these game parameters over its variant's: {values}.")
    return out


AUTOMA_RENDERERS: dict[str, Callable[[Any, Catalogue, str], None]] = {
    "automa_rules": render_rules, "automa_card": render_card, "automa_faction": render_faction,
    "automa_difficulty": render_difficulty, "automa_round_scoring": render_round_values,
}
