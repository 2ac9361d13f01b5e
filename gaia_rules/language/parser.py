"""Parse effect strings into typed AST nodes.

The grammar (`effects.lark`) is package data; the LALR parser is built once,
lazily, and `parse_effect` is cached because content repeats the same strings.
Lark's exceptions become one `EffectSyntaxError` that says where and what was
expected, in words a designer understands.

The lexer is Lark's basic (context-free) one: it reads each word whole, so a
keyword run together with the next word ("onstep", "setrange") is one unknown
word that the parser refuses, instead of a keyword plus a shorter word.
"""
from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import resources

from lark import Lark, Token, Transformer, ast_utils, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import ast
from .errors import EffectSyntaxError

# How Lark's non-keyword terminals read to a person.
_TERMINAL_KINDS = {"NAME": "a word", "INT": "a number", "NEG_INT": "a number", "$END": "end of text"}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = resources.files(__package__).joinpath("effects.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="basic", propagate_positions=True, maybe_placeholders=False,
                start=["start", "price", "count"])


def _words(tokens) -> tuple[str, ...]:
    return tuple(str(t) for t in tokens)


def _columns(tokens) -> tuple[int, ...]:
    return tuple(t.column or 0 for t in tokens)


def _built(make, as_list: bool = False) -> type:
    """A rule of lark's `ast_utils`: a class whose call builds `make(*children)` (`make(children)` with
    `as_list`), so the typed node is the AST's own dataclass and the language layer needs no lark."""
    bases = (ast_utils.Ast, ast_utils.AsList) if as_list else (ast_utils.Ast,)
    return type(make.__name__, bases, {"__new__": staticmethod(lambda _cls, *children: make(*children))})


# The rules whose node is built from its children as they come, by rule name (CamelCase of the rule):
# `ast_utils.create_transformer` makes their methods; the other rules need the hand-written ones below.
_PLAIN_RULES = type("_PlainRules", (), {
    "Gains": _built(tuple, as_list=True), "Costs": _built(tuple, as_list=True),
    "Income": _built(ast.Income), "Now": _built(ast.Now), "Pass_": _built(ast.OnPass), "On": _built(ast.On),
    "Action": _built(ast.Action), "Free": _built(ast.Free), "GaiaPhase": _built(ast.GaiaPhase),
})


@lru_cache(maxsize=1)
def _to_ast() -> Transformer:
    """The transformer of parse trees into typed nodes (stateless: built once)."""
    return ast_utils.create_transformer(_PLAIN_RULES, _ToAst())


class _ToAst(Transformer):
    """One method per grammar rule that needs more than its children in order (positions, words, defaults)."""

    @v_args(inline=True)
    def start(self, *statements):
        return tuple(statements)

    @v_args(meta=True)
    def statement(self, meta, children):
        scope = next((c for c in children if isinstance(c, ast.Scope)), None)
        once = next((c for c in children if isinstance(c, Token)), None)
        condition = next((c for c in children if isinstance(c, ast.Condition)), None)
        return ast.Statement(clause=children[-1], scope=scope, column=meta.column,
                             once=None if once is None else str(once), condition=condition,
                             once_column=0 if once is None else once.column)

    @v_args(meta=True)
    def until(self, meta, children):
        return ast.Scope("until", _words(children[0]), column=meta.column, piece_columns=_columns(children[0]))

    @v_args(meta=True)
    def after(self, meta, children):
        return ast.Scope("after", _words(children[0]), column=meta.column, piece_columns=_columns(children[0]))

    @v_args(inline=True)
    def once(self, period):
        return period  # the NAME token: round, game

    @v_args(meta=True)
    def condition(self, meta, children):
        (counters, each, within, near), op, value = children
        return ast.Condition(_words(counters), str(op), int(value), each, None if within is None else str(within),
                             column=meta.column, counter_columns=_columns(counters),
                             within_column=0 if within is None else within.column, near=near)

    def compare(self, children):
        return "".join(str(c) for c in children)

    def count(self, children):
        each = 1
        if isinstance(children[0], Token) and children[0].type == "INT":
            each = max(1, int(children[0]))
            children = children[1:]
        near = next((c for c in children[1:] if isinstance(c, int) and not isinstance(c, Token)), None)
        within = next((c for c in children[1:] if isinstance(c, Token)), None)
        return children[0], each, within, near

    @v_args(inline=True)
    def near(self, distance):
        return int(distance)

    @v_args(inline=True)
    def in_(self, name):
        return name

    @v_args(inline=True)
    def in_word(self, word):
        return word

    def price(self, children):
        return children[0] if children else ()

    def names(self, children):
        return tuple(children)  # the word tokens: callers keep each word's text and column

    counters = names
    filters = names

    @v_args(inline=True)
    def filter(self, word):
        return word

    # clauses
    @v_args(inline=True)
    def on_opponent(self, event, gains):
        return ast.On(event, gains, opponent=True)

    def set(self, children):
        (name, keys), *use, op, (value, value_column) = children
        use = use[0] if use else None
        return ast.Set(str(name), _words(keys), value, column=name.column, key_columns=_columns(keys),
                       value_column=value_column, op=str(op.children[0]),
                       use=None if use is None else str(use), use_column=0 if use is None else use.column)

    @v_args(inline=True)
    def for_use(self, name):
        return name

    @v_args(inline=True)
    def replace(self, old, new):
        return ast.Replace(str(old), str(new), column=old.column, new_column=new.column)

    @v_args(inline=True)
    def lock(self, track):
        return ast.Lock(str(track), column=track.column)

    # events
    @v_args(meta=True)
    def build_event(self, meta, children):
        pieces = children[0]
        source = next((c for c in children[1:] if isinstance(c, tuple)), None)
        where = next((c for c in children[1:] if isinstance(c, Token)), None)
        by = next((c for c in children[1:] if isinstance(c, list)), [])
        return ast.BuildEvent(_words(pieces), None if where is None else str(where),
                              None if source is None else str(source[0]), column=meta.column,
                              piece_columns=_columns(pieces), where_column=0 if where is None else where.column,
                              source_column=0 if source is None else source[0].column,
                              by=_words(by), by_columns=_columns(by))

    @v_args(inline=True)
    def named_event(self, name, filters=()):
        return ast.NamedEvent(str(name), _words(filters), column=name.column, filter_columns=_columns(filters))

    @v_args(inline=True)
    def event_word(self, word):
        return word

    @v_args(inline=True)
    def where(self, name):
        return name

    # gains
    @v_args(meta=True)
    def amount(self, meta, children):
        count = 1
        if isinstance(children[0], Token) and children[0].type == "INT":
            count = int(children[0])
            children = children[1:]
        per, each, within, near = children[1] if len(children) > 1 else ((), 1, None, None)
        return ast.Amount(count, str(children[0]), _words(per), each, None if within is None else str(within),
                          column=meta.column, per_columns=_columns(per),
                          within_column=0 if within is None else within.column, near=near)

    @v_args(inline=True)
    def per(self, count):
        return count

    @v_args(meta=True)
    def up(self, meta, children):
        return ast.Up(str(children[0]), column=meta.column, track_column=children[0].column)

    @v_args(meta=True)
    def build(self, meta, children):
        pieces = children[0]
        source = children[1][0] if len(children) > 1 else None
        return ast.Build(_words(pieces), None if source is None else str(source), column=meta.column,
                         piece_columns=_columns(pieces), source_column=0 if source is None else source.column)

    @v_args(inline=True)
    def from_(self, name):
        return (name,)  # a tuple: tells `from` apart from `on` in a build event

    @v_args(inline=True)
    def by_(self, names):
        return list(names)  # a list: tells `by` apart from `from` and `on` in a build event

    @v_args(meta=True)
    def swap(self, meta, children):
        first, second = children
        return ast.Swap(str(first), str(second), column=meta.column, first_column=first.column,
                        second_column=second.column)

    @v_args(meta=True)
    def fed(self, meta, children):
        token = children[1] if len(children) > 1 else None  # children[0] is the keyword "fed"
        return ast.Fed(None if token is None else str(token), column=meta.column,
                       token_column=0 if token is None else token.column)

    @v_args(meta=True)
    def tech(self, meta, children):
        return ast.Tech(column=meta.column)

    @v_args(meta=True)
    def lost_planet(self, meta, children):
        return ast.LostPlanet(column=meta.column)

    # costs
    @v_args(meta=True)
    def pay(self, meta, children):
        count = 1
        if len(children) == 2:
            count = int(children[0])
        return ast.Pay(count, str(children[-1]), column=meta.column)

    @v_args(meta=True)
    def move(self, meta, children):
        count, source, target = children
        return ast.Move(int(count), str(source), str(target), column=meta.column,
                        source_column=source.column, target_column=target.column)

    # set: `param` gives (name token, key tokens); values give (value, column)
    def param(self, children):
        return children[0], tuple(children[1:])

    def number_value(self, children):
        if len(children) > 2:  # a price: ((4, "c"), (2, "o"))
            pairs = tuple((int(children[i]), str(children[i + 1])) for i in range(0, len(children), 2))
            return pairs, children[0].column
        if len(children) == 2:
            return (int(children[0]), str(children[1])), children[0].column
        return int(children[0]), children[0].column

    @v_args(inline=True)
    def name_value(self, name):
        return str(name), name.column


def _word(terminal: str) -> str:
    """How one expected terminal reads to a person: a keyword quoted, or a kind of token."""
    if terminal in _TERMINAL_KINDS:
        return _TERMINAL_KINDS[terminal]
    try:
        pattern = _parser().get_terminal(terminal).pattern
    except KeyError:
        return terminal.lower()
    return repr(pattern.value) if pattern.type == "str" else terminal.lower()


def _expected_words(expected) -> list[str]:
    return sorted({_word(e) for e in expected})


def _acceptable(err: UnexpectedInput) -> set[str]:
    """The terminals the parser could really take where it stopped.

    Lark's own `expected` is the LALR table row, which mixes in lookaheads of
    other contexts that share the state (a price's end of text inside a `free:`
    statement, `free:`'s '->' inside a price); trying each terminal on a copy of
    the parser gives the exact set. An unknown character has no table row at
    all: the basic lexer only knows every terminal of the grammar.
    """
    interactive = getattr(err, "interactive_parser", None)
    if interactive is not None:
        try:
            return set(interactive.accepts())
        except UnexpectedInput:  # pragma: no cover - defensive: fall back to the table row
            pass
    return set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())


def _syntax_error(text: str, err: UnexpectedInput) -> EffectSyntaxError:
    column = getattr(err, "column", None) or 1
    found_word = None
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        column = len(text.rstrip()) + 1
        found = "the end of the text"
    elif isinstance(err, UnexpectedToken):
        found_word = str(err.token)
        found = repr(found_word)
    elif isinstance(err, UnexpectedCharacters):
        found = repr(text[err.pos_in_stream]) if err.pos_in_stream < len(text) else "the end of the text"
    else:  # pragma: no cover - Lark has no other kinds today
        found = "something unexpected"
    expected = _expected_words(_acceptable(err))
    message = f"unexpected {found}"
    if expected:
        shown = expected if len(expected) <= 14 else expected[:14] + ["..."]
        message += f"; expected {', '.join(shown)}"
        keywords = [w.strip("'") for w in expected if w.startswith("'")]
        # with a single keyword expected, "expected 'with'" already says it
        close = difflib.get_close_matches(found_word, keywords, n=1, cutoff=0.6) if found_word and len(expected) > 1 else []
        if close:
            message += f" (did you mean '{close[0]}'?)"
        else:
            message += _misspelt_before(text, column)
    return EffectSyntaxError(text, column, message)


def keywords() -> list[str]:
    """Every keyword of the grammar (`build`, `income`, `per`, ...)."""
    return sorted({t.pattern.value for t in _parser().terminals
                   if t.pattern.type == "str" and t.pattern.value[:1].isalpha()})


def _misspelt_before(text: str, column: int) -> str:
    """' (did you mean `build`?)' when the word just before the error is a near-miss of a keyword.

    A misspelt keyword in a place where a word may stand ("action: biuld m") parses as
    that word, and the parser only stumbles on the next one.
    """
    before = text[: max(column - 1, 0)].rstrip().replace(":", " ").replace(",", " ").split()
    if not before:
        return ""
    word = before[-1].lstrip("0123456789")
    known = keywords()
    if not word or word in known:
        return ""
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.75)
    return f" ('{word}' is not a keyword: did you mean `{close[0]}`?)" if close else ""


@lru_cache(maxsize=4096)
def parse_effect(text: str) -> ast.Effect:
    """Parse one effect string; raises `EffectSyntaxError` with its column."""
    if not text or not text.strip():
        raise EffectSyntaxError(text or "", 1, "empty effect; expected a statement such as 'income: 1o'")
    try:
        tree = _parser().parse(text, start="start")
        statements = _to_ast().transform(tree)
    except UnexpectedInput as err:
        raise _syntax_error(text, err) from None
    except VisitError as err:  # pragma: no cover - a transformer bug, not user input
        raise EffectSyntaxError(text, 1, f"internal error: {err.orig_exc}") from None
    return ast.Effect(text, statements)


@lru_cache(maxsize=1024)
def parse_price(text: str) -> tuple[ast.Cost, ...]:
    """Parse a price such as '6c, 2o' (an empty text is free)."""
    try:
        return _to_ast().transform(_parser().parse(text or "", start="price"))
    except UnexpectedInput as err:
        raise _syntax_error(text, err) from None


@lru_cache(maxsize=1024)
def parse_count(text: str) -> ast.Count:
    """Parse a count as written after `per` or `if` (`ts|PI`, `2 structure`, `m-on-gaia`): a final
    scoring tile's `count:`."""
    try:
        counters, each, within, near = _to_ast().transform(_parser().parse(text or "", start="count"))
    except UnexpectedInput as err:
        raise _syntax_error(text, err) from None
    return ast.Count(_words(counters), each, None if within is None else str(within), columns=_columns(counters),
                     near=near)
