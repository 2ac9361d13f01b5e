"""The Automa's moves in words, from the records the rules leave in `state.automa.log`.

`automa_sentence(catalogue, state, record)` tells one record (default: the last one), e.g.
"draws card 7 (support card 4): builds a mine on 5B3, range 3, the closest to your planets, +2 VP".
Every name comes from the content: cards by number, structures by their faction board's names,
tracks, final tiles and round tiles by theirs.
"""
from __future__ import annotations

from ..content.catalogue import Catalogue
from ..state import GameState

TIEBREAKERS = {
    "fewest-steps": "the fewest terraforming steps",
    "closest-to-human": "the closest to your planets",
}
FACTION_TIEBREAKERS = {"transdim": "a Transdim planet first", "closest-to-human": "the closest to your planets"}
DIRECTIONS = {"right-down": "the first reading from the top left", "left-up": "the first reading from the bottom right"}
FAILED = {
    "no-mine-left": "has no mine left to build",
    "no-planet-in-range": "finds no planet to build on within range {range}",
    "nothing-to-upgrade": "has nothing to upgrade",
    "no-research-area": "cannot advance in research",
    "no-space-left": "finds no power or Q.I.C. action space open",
    "no-home-planet": "finds no free planet of its home type",
}
SOURCES = {"faction-rule": "its faction card's rule", "faction-card": "its faction card", "card": "the card",
           "round-tile": "the round tile"}


def game_words(catalogue: Catalogue, setup) -> str:
    """'3-player game', or 'solo game against the Automa (CARD NAME, difficulty LEVEL NAME)'."""
    if setup.automa is None:
        return f"{setup.players}-player game"
    card = catalogue.automa.factions.get(setup.automa)
    level = catalogue.automa.difficulties.get(setup.difficulty or "")
    return (f"solo game against the Automa ({card.name if card else setup.automa}, "
            f"difficulty {level.name if level else setup.difficulty})")


class _Teller:
    def __init__(self, catalogue: Catalogue, state: GameState):
        self.c = catalogue
        self.state = state
        card = catalogue.automa.factions.get(state.automa.faction) if state.automa else None
        self.faction = catalogue.factions.get(card.faction) if card else None

    def card(self, ident: str | None) -> str:
        card = self.c.automa.cards.get(ident) if ident else None
        return f"card {card.number}" if card else str(ident)

    def piece(self, sid: str) -> str:
        s = self.faction.structures.get(sid) if self.faction else None
        return s.name if s else sid

    def why(self, step: dict) -> list[str]:
        """The tie-breakers that set candidates aside, in words."""
        out = []
        for word, _left in step.get("by", ()):
            if word == "faction":
                out.append(FACTION_TIEBREAKERS.get(step.get("faction_tiebreaker", ""), "its faction's preference"))
            elif word == "final-tile":
                tile = self.c.final_tiles.get(step.get("final_tile", ""))
                out.append(f"for the final tile {tile.name if tile else step.get('final_tile')}")
            elif word == "direction":
                out.append(DIRECTIONS.get(step.get("direction", ""), "the first in reading order"))
            else:
                out.append(TIEBREAKERS.get(word, word))
        return out

    def step(self, step: dict) -> str:
        if "failed" in step:
            text = FAILED.get(step["failed"], step["failed"]).format(range=step.get("range", "?"))
            return text + (", so it upgrades instead" if step.get("instead") == "upgrade" else "")
        do = step["do"]
        if do == "build-mine":
            parts = [f"builds a mine on {step['hex']}", f"range {step['range']}"] + self.why(step)
            if step.get("becomes"):
                parts.append(f"the planet becomes {step['becomes'].capitalize()}")
            if step.get("satellite"):
                parts.append("and a satellite")
        elif do == "upgrade":
            target = self.piece(step["target"])
            article = "an" if target[:1].lower() in "aeiou" else "a"
            parts = [f"turns its {self.piece(step['source'])} on {step['hex']} into {article} {target}"]
            parts += self.why(step)
        elif do.startswith("research"):
            track = self.c.tracks.get(step["track"])
            name = track.name if track else step["track"]
            parts = ([f"takes the advanced tile {step['tile']} of {name} out of the game"] if "tile" in step
                     else [f"advances in {name} to level {step['level']}"])
        else:
            action = self.c.board_actions.get(step["space"])
            gives = action.effect.text.split(":", 1)[-1].strip() if action else ""
            parts = [f"covers the action space {step['space']}" + (f" ({gives})" if gives else "")]
        for source, vp in step.get("vp", {}).items():
            parts.append(f"+{vp} VP from {SOURCES.get(source, source)}")
        return ", ".join(parts)

    def turn(self, record: dict) -> str:
        head = f"draws {self.card(record.get('card'))} (support {self.card(record.get('support'))})"
        steps = "; ".join(self.step(s) for s in record.get("steps", ())) or "does nothing"
        return f"{head}: {steps}, +{record.get('vp', 0)} VP"

    def passes(self, record: dict) -> str:
        why = (f"{self.card(record['card'])} shows the pass icon in the pass zone" if record.get("why") == "pass-icon"
               else "no card is left to act on")
        tile = self.c.round_tiles.get(record.get("tile", ""))
        parts = [f"passes ({why})", f"+{record.get('vp', 0)} VP for the round tile"
                 + (f" {tile.id}" if tile else "")]
        if record.get("booster"):
            parts.append(f"takes {record['booster']} ({record['position']} of those on offer)")
        return ", ".join(parts)

    def setup(self, record: dict) -> str:
        if record["do"] == "booster":
            source = f"{self.card(record['card'])} shows slot" if "card" in record else "a roll gives"
            return f"takes {record['booster']} as its first booster ({source} {record['position']})"
        if "failed" in record:
            return FAILED.get(record["failed"], record["failed"])
        text = f"places a starting {self.piece(record['piece'])} on {record['hex']}, its home type closest to the centre"
        if "card" in record:
            text += f" ({self.card(record['card'])}: {DIRECTIONS.get(record['direction'], '')})"
        return text


def automa_sentence(catalogue: Catalogue, state: GameState, record: dict | None = None) -> str:
    """One Automa record in words (default: its last), without the subject ("the Automa")."""
    if record is None:
        if state.automa is None or not state.automa.log:
            return ""
        record = state.automa.log[-1]
    teller = _Teller(catalogue, state)
    kind = record.get("kind")
    if kind == "turn":
        return teller.turn(record)
    if kind == "pass":
        return teller.passes(record)
    return teller.setup(record)


def automa_rows(catalogue: Catalogue, state: GameState) -> list[tuple[str, str]]:
    """Where the Automa stands, row by row (name, value): its card, difficulty, VP, deck, next support card,
    reserve and last move. Nothing hidden is told: of the deck only its size and the pass zone's."""
    a = state.automa
    if a is None:
        return []
    card = catalogue.automa.factions.get(a.faction)
    level = catalogue.automa.difficulties.get(a.difficulty)
    player = state.players[a.seat]
    zone = sum(1 for c in a.deck if c in a.pass_zone)
    rows = [("faction card", f"{card.name if card else a.faction} ({a.faction})"),
            ("difficulty", f"{level.name if level else a.difficulty} ({a.difficulty})"),
            ("VP", str(player.vp)),
            ("deck", f"{len(a.deck)} card{'' if len(a.deck) == 1 else 's'}"
                     + (f", the last {zone} in the pass zone" if zone else ""))]
    rows.append(("next support card", next_support(catalogue, state)))
    rows.append(("reserve", f"{len(a.reserve)} card{'' if len(a.reserve) == 1 else 's'}"
                            + (f"; {len(a.out)} out of the game" if a.out else "")))
    if a.log:
        rows.append(("last move", automa_sentence(catalogue, state, a.log[-1])))
    return rows


def next_support(catalogue: Catalogue, state: GameState) -> str:
    """The card whose support half the Automa's next turn reads: 'card 7 (range 2)', or why none is known."""
    a = state.automa
    if a is None or state.ended:
        return "-"
    if state.players[a.seat].passed:
        return "none: it has passed this round"
    if a.action is None:
        return "the top card of its deck, at its first turn of the round"
    card = catalogue.automa.cards.get(a.action)
    return f"card {card.number} (range {card.range})" if card else a.action


def automa_status(catalogue: Catalogue, state: GameState) -> str:
    """The Automa in one line: 'the Automa (CARD NAME, difficulty LEVEL NAME): 13 VP; deck 9 cards, the last 3
    in the pass zone; next support card: card 9 (range 2); reserve 8 cards'."""
    rows = dict(automa_rows(catalogue, state))
    if not rows:
        return ""
    return (f"the Automa ({rows['faction card'].rsplit(' (', 1)[0]}, difficulty {rows['difficulty'].rsplit(' (', 1)[0]}): "
            f"{rows['VP']} VP; deck {rows['deck']}; next support card: {rows['next support card']}; "
            f"reserve {rows['reserve']}")
