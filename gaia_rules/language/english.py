"""Effects in plain English, for people reading content: `gaia explain`, docs/catalogue.md.

`english(node, words)` renders any node of the effect language (`ast.py`): a
whole `Effect`, a `Statement` or a clause as sentences ("Income: 1 ore and 1
knowledge."), a gain, cost, event or scope as a phrase ("charge 4 power",
"you build a mine on a Gaia planet"), a tuple of costs (a price) as a phrase
("6 credits and 2 ore", or "free").

The words of content -- resource names, structure names (and their plurals),
track names, federation token names -- are given in a `Words` of plain dicts,
as the catalogue has them; this module does not read content. A word missing
from `Words` is shown as written in the effect string ("Until you build ac2: ...").
The fixed words of the language (counters, events, event data, filters,
areas) come from `vocabulary.py`.

Counts read by their meaning: a condition says what is compared, in the
number it is compared with ("if you have at least 2 research labs", "if you
have colonized at least 4 planet types", "if the level reached is 5"), and a
datum of the event that fired reads as what it is ("1 VP per power charged").
"""
from __future__ import annotations

from typing import Mapping

from . import ast
from .english_words import (BOOL_WORDS, BUILD_BY_PHRASES, COST_FORMS, COUNTER_NOUNS, COUNTER_QUANTITIES,
                            EVENT_DATA_WORDS, EVENT_PHRASES, FILTER_PHRASES, GAIN_VERBS, NO_WORDS, Noun,
                            QUANTITY_COMPARISONS, WITHIN_PHRASES, Words, join_and, join_or, lower_first, plural_noun,
                            sentence, with_article)
from .vocabulary import (AREAS, BUILD_BY, COMPARISONS, COUNTERS, EVENT_DATA, EVENT_FILTERS, EVENT_PIECES,
                         FED_WORDS, ONCE_PERIODS, POWER_AREAS, UP_CHOICES, WHERE)


class _Naming:
    """The words: resources, structures, tracks, counters and event data by their names in the content."""

    def __init__(self, words: Words | None):
        self.w = words or NO_WORDS
        self.event: str | None = None  # the event of the statement being rendered: its data can be counted

    def resource(self, code: str, count: int) -> str:
        """The name of `count` of a resource: singular for 1, else the plural.

        A plural written as an abbreviation ('VP', 'Q.I.C.') is used for every count.
        """
        r = self.w.resources.get(code) or {}
        name = str(r.get("name", code))
        plural = str(r.get("plural", name if code not in self.w.resources else name + "s"))
        if count == 1 and any(ch.islower() for ch in plural):
            return name
        return plural

    def amount(self, count: int, code: str) -> str:
        if code in GAIN_VERBS:
            return GAIN_VERBS[code].format(n=count)
        if code not in self.w.resources:
            return f"{count}{code}"  # an unknown code reads as written: '2vp'
        return f"{count} {self.resource(code, count)}"

    def cost_amount(self, count: int, code: str) -> str:
        if code in COST_FORMS:
            return COST_FORMS[code].format(n=count)
        if code not in self.w.resources:
            return f"{count}{code}"
        return f"{count} {self.resource(code, count)}"

    def structure(self, sid: str) -> str:
        """'mine' (a known structure's name) or the id as written."""
        return self.w.structures.get(sid, sid)

    def key(self, key: str) -> str:
        """A `set` key: a structure ('mine'), or one on a planet kind ('mine on your home planet type')."""
        piece, on, kind = key.partition("-on-")
        if not on:
            return self.structure(key)
        where = "your home planet type" if kind == "home" else f"{kind[:1].upper() + kind[1:]} planets"
        return f"{self.structure(piece)} on {where}"

    def a_structure(self, sid: str) -> str:
        """'a mine', 'an academy (knowledge)'; an unknown id stays bare ('ac2')."""
        return with_article(self.w.structures[sid]) if sid in self.w.structures else sid

    def track(self, tid: str) -> str:
        if tid in UP_CHOICES:
            return UP_CHOICES[tid]
        return self.w.tracks.get(tid, tid)

    def counter(self, word: str, within: str | None = None) -> str:
        """What `per` counts, as a unit: 'planet type colonized', 'mine', 'power charged' (a datum of the event)."""
        if within is None and self.is_datum(word):
            return self.datum(word)[1]
        if word in COUNTER_QUANTITIES:
            return COUNTER_QUANTITIES[word][1]
        if within is not None and word in COUNTER_NOUNS:  # among the event's pieces: 'planet type in the federation'
            return COUNTER_NOUNS[word].one
        if word in COUNTERS:
            return COUNTERS[word]
        if word in self.w.resources and word not in self.w.structures:
            return self.resource(word, 1)
        if (form := self.noun_of_form(word)) is not None:
            return form.one
        return self.structure(word)

    def noun_of_form(self, word: str) -> Noun | None:
        """A counter written with a content word in it (`vocabulary.COUNTER_FORMS`): `research-terra`, `m-on-gaia`."""
        if word.startswith("research-") and word[9:] in self.w.tracks:
            track = self.w.tracks[word[9:]]
            return Noun(f"level on {track}", f"levels on {track}")
        if word.startswith("opponent-"):   # opponent-m: every other player's mines
            inner = self.noun(word[len("opponent-"):])
            one, many = (inner.one, inner.many) if inner is not None else (word[9:], word[9:])
            return Noun(f"{one} of an opponent", f"{many} of opponents")
        piece, on, kind = word.partition("-on-")
        if on:
            where = f"on {kind[:1].upper() + kind[1:]} planets"
            if piece == "structure":
                return Noun(f"structure {where}", f"structures {where}")
            name = self.w.structures.get(piece, piece)
            return Noun(f"{name} {where}", f"{self.w.plurals.get(piece) or plural_noun(name)} {where}")
        return None

    def is_datum(self, word: str) -> bool:
        """Whether `word` counts a datum of the event that fired the statement (`pw` on `charge`)."""
        return word in EVENT_DATA.get(self.event or "", {})

    def datum(self, word: str) -> tuple[str, str]:
        """A datum of the event as (a quantity, a unit): ('the level reached', 'level reached')."""
        event = self.event or ""
        if (event, word) in EVENT_DATA_WORDS:
            return EVENT_DATA_WORDS[(event, word)]
        text = EVENT_DATA[event][word].split(" (")[0].replace("the holder", "you")
        unit = text.removeprefix("the ")
        return "the " + unit, unit

    def place(self, within: str | None, near: int | None) -> str:
        """Where a scoped count is made: 'in the federation', 'in the same sector', 'within 2 of it'."""
        parts = [] if within is None else [self.within(within)]
        if near is not None:
            parts.append(f"within distance {near} of {'them' if within is not None else 'the hex'}")
        return " ".join(parts)

    def within(self, event: str) -> str:
        """'in the federation': where a count among the pieces of an event is made."""
        if event == "sector":
            return "in the sector of the hex"
        if event in WITHIN_PHRASES:
            return WITHIN_PHRASES[event]
        if event in EVENT_PIECES:
            return "among " + EVENT_PIECES[event].split(" (")[0]
        return f"in the {event.replace('-', ' ')}"

    def counters(self, word: str, within: str | None = None) -> str:
        """What `per K` counts when K is more than 1, in the plural: 'power tokens in area II', 'mines'."""
        noun = None if within is None and self.is_datum(word) else self.noun(word)
        if noun is None:
            return self.counter(word, within)
        return noun.alone if within is None and noun.alone else noun.many

    def count(self, words, each: int = 1, within: str | None = None, near: int | None = None) -> str:
        """`per 2 influence in federation` -> '2 influence in the federation' (a count, as a phrase)."""
        if each > 1:
            text = f"{each} " + join_and(self.counters(c, within) for c in words)
        else:
            text = join_and(self.counter(c, within) for c in words)
        if within is not None or near is not None:
            text += " " + self.place(within, near)
        return text

    def noun(self, word: str) -> Noun | None:
        """What a counter counts as a noun ('research lab' / 'research labs'); None for a word unknown here."""
        if word in COUNTER_NOUNS:
            return COUNTER_NOUNS[word]
        if word in COUNTERS:  # a counter of the language without a noun here: its meaning, as written
            return Noun(COUNTERS[word], COUNTERS[word], alone=COUNTERS[word])
        if word in self.w.resources and word not in self.w.structures:
            return Noun(self.resource(word, 1), self.resource(word, 2))
        if word in self.w.structures:
            name = self.w.structures[word]
            return Noun(name, self.w.plurals.get(word) or plural_noun(name))
        return self.noun_of_form(word)

    def area(self, word: str) -> str:
        return AREAS.get(word, word)


class _Conditions(_Naming):
    """Conditions (`if ...`) by their meaning: what is counted or compared, and against what."""

    def condition(self, c: ast.Condition) -> str:
        """`if lab >= 2` -> 'if you have at least 2 research labs'; `if level = 5` on research ->
        'if the level reached is 5'; `if planet-type >= 3 in federation` -> 'if there are at least
        3 planet types in the federation'."""
        words = c.counters
        if c.within is None and any(self.is_datum(w) or w in COUNTER_QUANTITIES for w in words):
            return "if " + self.quantity(c)
        nouns = [self.noun(w) for w in words]
        if any(n is None for n in nouns):  # words this renderer does not know: shown as written
            what = join_and(words) + (f" (in groups of {c.each})" if c.each > 1 else "")
            if c.within is not None or c.near is not None:
                what += " " + self.place(c.within, c.near)
            return f"if your count of {what} {QUANTITY_COMPARISONS.get(c.op, c.op)} {c.value}"
        have = nouns[0].have if len(nouns) == 1 else "you have {count}"
        if len(nouns) == 1:
            one, many = nouns[0].one, nouns[0].many
        else:  # several counters added up: 'at least 3 mines and trading stations together'
            many = join_and(n.alone or n.many for n in nouns) + " together"
            one = join_or(n.one for n in nouns) if all(n.alone is None for n in nouns) else "in all of " + many
        if c.each > 1:
            counted = f"{c.value} group{'' if c.value == 1 else 's'} of {c.each} {many}"
        else:
            counted = f"{c.value} {one if c.value == 1 else many}"
        if c.op == "=" and c.value == 0:
            count = f"no {many}"
        elif c.op == "<" and len(nouns) == 1 and one == many:  # a mass noun: 'less than 3 ore'
            count = f"less than {counted}"
        else:
            count = f"{COMPARISONS.get(c.op, c.op)} {counted}"
        if c.within is not None or c.near is not None:
            verb = "is" if c.value == 1 and c.each == 1 and len(nouns) == 1 else "are"
            return f"if there {verb} {count} {self.place(c.within, c.near)}"
        return "if " + have.format(count=count)

    def quantity(self, c: ast.Condition) -> str:
        """A condition on the event's data (and perhaps counters): 'the level reached is 5'."""
        parts = []
        for w in c.counters:
            if self.is_datum(w):
                parts.append(self.datum(w)[0])
            elif w in COUNTER_QUANTITIES:
                parts.append(COUNTER_QUANTITIES[w][0])
            else:
                noun = self.noun(w)
                parts.append(f"your {noun.alone or noun.many}" if noun is not None else f"your count of {w}")
        what = parts[0] if len(parts) == 1 else "the total of " + join_and(parts)
        if c.each > 1:
            what += f", in whole groups of {c.each},"
        return f"{what} {QUANTITY_COMPARISONS.get(c.op, c.op)} {c.value}"

    # ------------------------------------------------------------ clauses
    def value(self, v) -> str:
        if isinstance(v, tuple) and v and isinstance(v[0], tuple):  # a price: 4c, 2o
            return join_and(self.value(pair) for pair in v)
        if isinstance(v, tuple):
            count, code = v
            return self.cost_amount(count, code)
        if isinstance(v, bool):  # pragma: no cover - the parser gives words, not bools
            return "on" if v else "off"
        if isinstance(v, int):
            return str(v)
        return BOOL_WORDS.get(v, POWER_AREAS.get(v, v))


class _Renderer(_Conditions):
    """Sentences: gains, costs, events, conditions, clauses and whole statements, in those words."""

    # ------------------------------------------------------------ gains and costs
    def gain(self, g) -> str:
        if isinstance(g, ast.Amount):
            text = self.amount(g.count, g.resource)
            if g.per:
                text += " per " + self.count(g.per, g.each, g.within, g.near)
            return text
        if isinstance(g, ast.Up):
            return f"advance one level on {self.track(g.track)}"
        if isinstance(g, ast.Build):
            if g.source is not None:
                source = self.a_structure(g.source)
                of_yours = " of yours" if g.source in self.w.structures else ""
                return f"turn {source}{of_yours} into " + join_or(self.a_structure(p) for p in g.pieces)
            return "build " + join_or(self.a_structure(p) for p in g.pieces)
        if isinstance(g, ast.Swap):
            first = self.structure(g.first)
            second = self.a_structure(g.second)
            of_yours = " of yours" if g.second in self.w.structures else ""
            return f"swap your {first} with {second}{of_yours} (they trade places; not a build)"
        if isinstance(g, ast.Fed):
            if g.token is None:
                return "gain again the reward of a federation token you own"
            if g.token in FED_WORDS:
                return "take " + FED_WORDS[g.token]
            name = self.w.federation_tokens.get(g.token)
            if name is None:
                return f"take the federation token {g.token}"
            if "federation" in name.lower():
                return f"take the {name}"
            return f'take the federation token "{name}"'
        if isinstance(g, ast.Tech):
            return "take a tech tile (standard, or advanced if you qualify)"
        if isinstance(g, ast.LostPlanet):
            return "place the Lost Planet with a mine of yours on it"
        raise TypeError(f"not a gain: {g!r}")

    def gains(self, gains) -> str:
        return join_and(self.gain(g) for g in gains)

    def cost(self, c) -> str:
        if isinstance(c, ast.Pay):
            return self.cost_amount(c.count, c.resource)
        if isinstance(c, ast.Move):
            if c.source == "gf":
                thing = self.resource("gf", c.count) if "gf" in self.w.resources else (
                    "Gaiaformer" if c.count == 1 else "Gaiaformers")
                return f"move {c.count} {thing} from {self.area(c.source)} to {self.area(c.target)}"
            thing = self.resource("t", c.count) if "t" in self.w.resources else (
                "power token" if c.count == 1 else "power tokens")
            return f"move {c.count} {thing} from {self.area(c.source)} to {self.area(c.target)}"
        raise TypeError(f"not a cost: {c!r}")

    def costs(self, costs) -> str:
        costs = tuple(costs)
        return join_and(self.cost(c) for c in costs) if costs else "free"

    # ------------------------------------------------------------ events and scopes
    def event_phrase(self, e) -> str:
        if isinstance(e, ast.BuildEvent):
            text = "you build " + join_or(self.a_structure(p) for p in e.pieces)
            if e.source is not None:
                text += " from " + self.a_structure(e.source)
            if e.where is not None:
                text += " on " + WHERE.get(e.where, e.where)
            if e.by:
                text += " " + join_or(BUILD_BY_PHRASES.get(b) or BUILD_BY.get(b, b) for b in e.by)
            return text
        if isinstance(e, ast.NamedEvent):
            text = EVENT_PHRASES.get(e.name, f"'{e.name}' happens")
            if e.filters:
                fixed = EVENT_FILTERS.get(e.name)
                words = fixed if isinstance(fixed, dict) else {}
                text += " (" + join_or(self.filter_word(e.name, f, words) for f in e.filters) + ")"
            return text
        raise TypeError(f"not an event: {e!r}")

    def filter_word(self, event: str, word: str, fixed: Mapping[str, str]) -> str:
        """A filter of an event in words: its phrase, a track's or a federation token's name, a structure
        with its article ('a mine'); else the id as written (a tile, a faction, a board action)."""
        if (event, word) in FILTER_PHRASES or word in fixed:
            return FILTER_PHRASES.get((event, word)) or fixed[word]
        if word in self.w.tracks:
            return self.track(word)
        if word in self.w.federation_tokens:
            return self.w.federation_tokens[word]
        if word in self.w.structures:
            return self.a_structure(word)
        return word

    def opponent_event(self, e) -> str:
        """The event's phrase said of an opponent: 'you build a mine' -> 'an opponent builds a mine'."""
        text = self.event_phrase(e)
        if text.startswith("you "):
            verb, _, rest = text[4:].partition(" ")
            verb += "es" if verb.endswith(("s", "sh", "ch")) else "s"
            rest = rest.replace("an opponent's", "another player's")
            return f"an opponent {verb} {rest}".rstrip()
        return text.replace(" of yours", " of an opponent").replace("your ", "an opponent's ")

    def scope(self, s: ast.Scope) -> str:
        """`until ac2:` -> 'until you build an academy (Q.I.C.)'; `after federation:` -> 'from the first time
        you gain a federation token' (a name is a structure, or else an event)."""
        events = [p for p in s.pieces if p in EVENT_PHRASES and p not in self.w.structures]
        pieces = [p for p in s.pieces if p not in events]
        parts = []
        if pieces:
            built = join_or(self.a_structure(p) for p in pieces)
            parts.append(f"until you build {built}" if s.kind == "until" else f"once you have built {built}")
        if events:
            first = "the first time " + join_or(EVENT_PHRASES[e] for e in events)
            parts.append(f"until {first}" if s.kind == "until" else f"from {first}")
        return ", or ".join(parts)

    def limits(self, s: ast.Statement) -> str:
        """`once per round: if lab >= 2:` -> 'at most once each round, if you have at least 2 research labs'."""
        parts = []
        if s.once is not None:
            parts.append(self.once(s.once))
        if s.condition is not None:
            parts.append(self.condition(s.condition))
        return ", ".join(parts)

    def once(self, period: str) -> str:
        return ONCE_PERIODS.get(period, f"at most once per {period}")

    def fires(self, c) -> tuple[str, tuple[str, ...], str] | None:
        """A clause that fires, as its head, the notes on its head and its gains:
        ('Special action', ('once per round',), '2 knowledge'); None for any other clause."""
        if isinstance(c, ast.Income):
            return "Income", (), self.gains(c.gains)
        if isinstance(c, ast.Now):
            return "Immediately", (), self.gains(c.gains)
        if isinstance(c, ast.OnPass):
            return "When you pass", (), self.gains(c.gains)
        if isinstance(c, ast.On):
            self.event = c.event.name  # its data can be counted in the gains
            event = self.opponent_event(c.event) if c.opponent else self.event_phrase(c.event)
            return f"Each time {event}", (), self.gains(c.gains)
        if isinstance(c, ast.Action):
            return "Special action", ("once per round",), self.gains(c.gains)
        if isinstance(c, ast.Free):
            return "Free action", (), f"{self.costs(c.costs)} -> {self.gains(c.gains)}"
        if isinstance(c, ast.GaiaPhase):
            return "In the Gaia phase (optional)", (), f"{self.costs(c.costs)} -> {self.gains(c.gains)}"
        return None

    def clause(self, c) -> str:
        """One clause as a sentence without its full stop."""
        fired = self.fires(c)
        if fired is not None:
            head, notes, gains = fired
            return head + (f" ({'; '.join(notes)})" if notes else "") + ": " + gains
        if isinstance(c, ast.Set):
            name = c.name.replace("_", " ")
            if c.keys:
                name += " of " + join_and(self.key(k) for k in c.keys)
            if c.use is not None:
                name += f" (for {c.use.replace('-', ' ')} only)"
            if c.relative:
                return f"Rule: {name} is {self.value(c.value)} {'more' if c.op == '+=' else 'less'}"
            return f"Rule: {name} is {self.value(c.value)}"
        if isinstance(c, ast.Replace):
            return f"Gain {self.resource(c.new, 2)} instead of {self.resource(c.old, 2)}"
        if isinstance(c, ast.Lock):
            return f"Cannot advance on {self.track(c.track)}"
        raise TypeError(f"not a clause: {c!r}")

    def statement(self, s: ast.Statement) -> str:
        """A statement as a sentence; its limits follow the head of what fires:
        'Each time you gain a research level, if the level reached is 5: 3 VP.'"""
        self.event = s.clause.event.name if isinstance(s.clause, ast.On) else None
        fired = self.fires(s.clause)
        if fired is not None:
            head, notes, gains = fired
            if s.once is not None and not (s.once == "round" and "once per round" in notes):
                notes += (self.once(s.once),)
            text = head + (f" ({'; '.join(notes)})" if notes else "")
            if s.condition is not None:
                text += ", " + self.condition(s.condition)
            text += ": " + gains
        else:  # a lasting rule: held while its condition holds (a limit on it is refused by the checker)
            text = self.clause(s.clause)
            limits = self.limits(s)
            if s.condition is not None and s.once is None:
                limits = "while " + limits[3:]   # 'if you have ...' -> 'while you have ...'
            if limits:
                text = limits[0].upper() + limits[1:] + ": " + lower_first(text)
        if s.scope is not None:
            text = self.scope(s.scope) + ": " + lower_first(text)
        return sentence(text)

    def effect(self, e: ast.Effect) -> str:
        return " ".join(self.statement(s) for s in e.statements)


_CLAUSES = (ast.Income, ast.Now, ast.OnPass, ast.On, ast.Action, ast.Free, ast.GaiaPhase, ast.Set, ast.Replace,
            ast.Lock)
_GAINS = (ast.Amount, ast.Up, ast.Build, ast.Swap, ast.Fed, ast.Tech, ast.LostPlanet)


def english(node, words: Words | None = None) -> str:
    """Any node of the effect language in plain English.

    An `Effect`, a `Statement` or a clause gives sentences; a gain, cost,
    event or scope a phrase; a tuple of costs (a price) a phrase or "free";
    a tuple of gains a phrase.
    """
    r = _Renderer(words)
    if isinstance(node, ast.Effect):
        return r.effect(node)
    if isinstance(node, ast.Statement):
        return r.statement(node)
    if isinstance(node, _CLAUSES):
        return sentence(r.clause(node))
    if isinstance(node, _GAINS):
        return r.gain(node)
    if isinstance(node, (ast.Pay, ast.Move)):
        return r.cost(node)
    if isinstance(node, (ast.BuildEvent, ast.NamedEvent)):
        return r.event_phrase(node)
    if isinstance(node, ast.Scope):
        return r.scope(node)
    if isinstance(node, ast.Condition):
        return r.condition(node)
    if isinstance(node, ast.Count):
        return r.count(node.counters, node.each, node.within, node.near)
    if isinstance(node, tuple):
        if all(isinstance(x, (ast.Pay, ast.Move)) for x in node):
            return r.costs(node)
        if all(isinstance(x, _GAINS) for x in node):
            return r.gains(node)
    raise TypeError(f"not a node of the effect language: {node!r}")


def effect_text(effect: ast.Effect, words: Words | None = None) -> str:
    """'Income: 1 ore and 1 knowledge.' -- every statement of an effect, as sentences."""
    return _Renderer(words).effect(effect)


def price_text(costs, words: Words | None = None) -> str:
    """'6 credits and 2 ore', or 'free' for an empty price."""
    return _Renderer(words).costs(costs)


def gains_text(gains, words: Words | None = None) -> str:
    """'3 knowledge', '2 free terraforming steps and build a mine'."""
    return _Renderer(words).gains(gains)


def count_text(count: ast.Count, words: Words | None = None) -> str:
    """'trading station and planetary institute': what a count written on its own (a final tile's) counts."""
    return _Renderer(words).count(count.counters, count.each, count.within, count.near)
