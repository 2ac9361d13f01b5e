"""A game at the terminal: the interactive session behind `gaia play`.

Each prompt says what the engine waits for, from the state's pending decision
("X built next to you: charge 2 power for 1 VP?"), above a short move
list (builds of one piece at one price on one line, free actions collapsed).
A move is typed as its number (the numbers of `gaia moves`), in the site's
notation in any case, or as a session command (`help` lists them). In a solo
game the Automa's seat has one move, `automa`: the session plays it at once
and prints what the Automa did in words (docs/solo.md). On a
terminal the line is read with prompt_toolkit (editing, history, tab
completion of commands, hex names and tile ids); piped input is read line by
line, so scripts and tests drive the same session.

Nothing here names a component: the words come from the catalogue
(describe.py) and the decision kinds of the engine; what the session says (the question, the round
header, the Automa's move, the result) is session_text.py.
"""
from __future__ import annotations

import difflib
import re
import sys
import time
from pathlib import Path
from typing import Callable

import typer
from rich.console import Console

from ..errors import GaiaError
from ..formats import savegame
from ..formats.movetext import listed_move, move_text, parse_move, player_label
from ..formats.savegame import SavedGame, SaveError
from ..players import DEFAULT_BOT, describe_wait, make_bot
from ..rules import AUTOMA_COMMAND as AUTOMA_MOVE, COMMANDS, Engine, Game, IllegalMoveError, Move, MoveSyntaxError
from ..state import GameState
from .explain import ExplainError, KINDS, explain, ids_of, resolve
from .maptext import fitted_map
from .terminal import console as stdout_console, wrap_width, wrap_words
from .view import compact_moves, game_words, groups_table, move_line, numbered_moves, score_table, show_state
from .session_text import automa_line, question, result_words, round_header, where_label

EXIT_OK, EXIT_FAILED = 0, 1

# The session's own commands (a move's command is any other word), and their short forms.
SESSION_COMMANDS = ("moves", "show", "score", "map", "explain", "undo", "save", "auto", "help", "quit")
ALIASES = {"m": "moves", "ls": "moves", "q": "quit", "exit": "quit", "?": "help", "h": "help"}
YES, NO = ("y", "yes"), ("n", "no")

PLAY_HELP = """Type a move number (from `moves`), or one command in the site notation (e.g. `build m 4A2`,
any case), or:
  moves [all]     the legal moves (all: every free action on its own line)
  show [P]        the state (P: one player, 1..N, pN or a faction)
  score           the VP so far, by source
  map             the board as text
  explain ID      what a component is (a faction, a booster, a tile, an action...)
  undo            take back your last move (and the bots' moves after it)
  auto [N|end]    let the bot play your next move (N moves, or to the end of the game)
  save [FILE]     save the game (to FILE, which is then kept for later saves)
  quit            stop (asks first if the game is not saved)
In a charge decision, y / n answer the question. Tab completes commands, hexes and ids."""

HEX = re.compile(r"^(\d+)([a-z])(\d+)$")


class SessionError(GaiaError):
    """A one-line reason the session cannot go on, and its exit code."""

    def __init__(self, message: str, code: int = EXIT_FAILED):
        super().__init__(message)
        self.code = code


# ------------------------------------------------------------------ reading a line

def did_you_mean(word: str, known) -> str | None:
    close = difflib.get_close_matches(word.lower(), list(known), n=1, cutoff=0.6)
    return close[0] if close else None


def _hex_case(word: str) -> str:
    """'4a2' -> '4A2': hex names are typed in any case."""
    m = HEX.match(word)
    return f"{m.group(1)}{m.group(2).upper()}{m.group(3)}" if m else word


def completions(engine: Engine, state: GameState, legal: list[Move], before: str) -> list[str]:
    """Words that may follow `before` (what is typed up to the cursor): commands, hexes, ids."""
    words = before.split(" ")
    typed, head = words[-1].lower(), [w.lower() for w in words[:-1] if w]
    if not head:
        firsts = list(SESSION_COMMANDS)
        firsts += [c for c in dict.fromkeys(m.command for m in legal) if c not in firsts]
        options = firsts
    elif head[0] == "explain" and len(head) == 1:
        options = sorted({i for k in KINDS for i in ids_of(engine.catalogue, k)})
    else:
        options = []
        for m in legal:
            parts = move_text(engine, state, m, with_player=False).split(" ")
            if len(parts) > len(head) and [x.lower() for x in parts[:len(head)]] == head:
                if parts[len(head)] not in options:
                    options.append(parts[len(head)])
    return [o for o in options if o.lower().startswith(typed)]


def move_named(engine: Engine, state: GameState, legal: list[Move], line: str) -> Move:
    """The move a line names: a number of the list, the notation in any case, or a short answer.

    Raises SessionError (a line to show) when it names none.
    """
    line = line.split(":", 1)[0].strip()  # a line copied from the list, with what its ids name
    if line.isdigit():
        n = int(line)
        if not 1 <= n <= len(legal):
            raise SessionError(f"no move {n}: there {'is' if len(legal) == 1 else 'are'} {len(legal)} legal "
                               f"move{'' if len(legal) == 1 else 's'} (type moves)")
        return legal[n - 1]
    low = " ".join(line.lower().split())
    decision = state.decisions[0].kind if state.decisions else None
    if decision == "charge" and low in YES + NO:
        wanted = "decline" if low in NO else "charge"
        return next(m for m in legal if m.command == wanted)
    found = listed_move(engine, state, legal, line)  # AmbiguousMoveError when several moves share the text
    if found is not None:
        return found
    words = line.split()
    labels = {p.faction for p in state.players if p.faction} | {f"p{i + 1}" for i in range(len(state.players))}
    at = 1 if words[0].lower() in labels and len(words) > 1 else 0  # the command, after a player if one is named
    commands = {c.lower(): c for c in COMMANDS}
    word = words[at].lower()
    if word not in commands:
        close = did_you_mean(word, list(SESSION_COMMANDS) + list(COMMANDS))
        hint = f" (did you mean '{close}'?)" if close else " (type help)"
        raise SessionError(f"unknown command '{word}'{hint}")
    words[:at + 1] = [w.lower() for w in words[:at]] + [commands[word]]
    text = " ".join(_hex_case(w) for w in words)
    try:
        return parse_move(engine, state, text)
    except MoveSyntaxError as err:  # quotes the text as read (command and hexes in their case)
        raise SessionError(str(err)) from None


def human_undo(engine: Engine, game: SavedGame, bots) -> tuple[SavedGame | None, str]:
    """The game just before the last move of a human seat (None when there is none), and what was taken back."""
    moves, state = game.moves, game.state
    played_for = engine.view(state).plays_by_deck   # a seat whose moves are played for it (the Automa's)
    for i in range(len(moves) - 1, -1, -1):
        if moves[i].player not in bots and not played_for(moves[i].player):
            back = savegame.with_moves(engine, game, moves[:i])
            taken = move_text(engine, back.state, moves[i])
            after = len(moves) - i - 1
            tail = f" and {_whose(played_for, bots, moves[i + 1:])} {after} move{'s' if after != 1 else ''} after it" \
                if after else ""
            return back, f"took back your last move: {taken}{tail}"
    return None, "nothing to take back"


def _whose(played_for: Callable[[int], bool], bots, moves: list[Move]) -> str:
    """'the bot's', 'the bots'', 'the Automa's' or 'the' for the moves taken back after a human's move
    (`played_for`: whether a seat's moves are played for it, as the Automa's are)."""
    players = {m.player for m in moves}
    if all(played_for(p) for p in players):
        return "the Automa's"
    if not players <= set(bots):
        return "the"
    return "the bot's" if len(players) == 1 else "the bots'"


class LineReader:
    """Reads one answer: prompt_toolkit on a terminal, plain lines from a pipe."""

    def __init__(self, complete: Callable[[str], list[str]] | None = None, interactive: bool | None = None):
        self.interactive = sys.stdin.isatty() if interactive is None else interactive
        self.complete = complete
        self._session = None

    def _prompt_session(self):
        if self._session is None:
            # prompt_toolkit only when a person types at a terminal: `gaia move` tells the Automa's turns with
            # this module's words, and importing prompt_toolkit cost it more than the rest of the command
            from prompt_toolkit import PromptSession
            from prompt_toolkit.completion import Completer, Completion
            from prompt_toolkit.history import InMemoryHistory
            reader = self

            class _Words(Completer):
                def get_completions(self, document, complete_event):
                    if reader.complete is None:
                        return
                    word = document.get_word_before_cursor(WORD=True)
                    for c in reader.complete(document.text_before_cursor):
                        yield Completion(c, start_position=-len(word))

            self._session = PromptSession(history=InMemoryHistory(), completer=_Words(), complete_while_typing=False)
        return self._session

    def read(self, prompt: str) -> str | None:
        """The line typed (without its end), or None at the end of input."""
        if self.interactive:
            try:
                return self._prompt_session().prompt(prompt)
            except (EOFError, KeyboardInterrupt):
                return None
        typer.echo(prompt, nl=False)
        line = sys.stdin.readline()
        return line.rstrip("\r\n") if line else None


# ------------------------------------------------------------------ the session

class Session:
    """An interactive game: humans on their seats, bots on the others; one prompt per human decision."""

    def __init__(self, engine: Engine, game: SavedGame, bots: dict, file: Path | None, quiet: bool,
                 auto_bot=None, reader: LineReader | None = None, console: Console | None = None):
        self.engine, self.game, self.bots, self.file, self.quiet = engine, game, bots, file, quiet
        self.console = console or stdout_console()
        self.reader = reader or LineReader(self.complete)
        if self.reader.complete is None:
            self.reader.complete = self.complete
        self.auto_bot = auto_bot or make_bot(DEFAULT_BOT, f"{game.setup.seed}/auto")
        self.auto_left = 0
        self.saved = file is not None and file.exists()
        self.round_seen = game.state.round
        self._legal: tuple[GameState, list[Move]] | None = None
        self.shown: int | None = None  # the position (move count) whose question and moves were last shown

    # ------------------------------------------------------------ small helpers
    def say(self, text: str) -> None:
        """A line (or lines) wrapped between words at the console's width: a terminal never cuts a word."""
        typer.echo(wrap_words(text, wrap_width(self.console)))

    @property
    def state(self) -> GameState:
        return self.game.state

    def legal(self) -> list[Move]:
        """The legal moves of the current position (computed once per position)."""
        if self._legal is None or self._legal[0] is not self.state:
            self._legal = (self.state, self.engine.legal_moves(self.state))
        return self._legal[1]

    def save(self, path: Path | None = None, quiet: bool = True) -> bool:
        """Save to `path` (else the session's file); a failure is one line and the game stays in memory."""
        target = path or self.file
        if target is None:
            return False
        try:
            savegame.save(self.game, target)
        except (SaveError, OSError) as err:
            why = str(err) if isinstance(err, SaveError) else f"cannot save to {target}: {err.strerror or err}"
            self.say(f"{why}; the game is kept in memory (try `save OTHER-FILE`)")
            if self.file is None or Path(target) == Path(self.file):
                self.saved = False
            return False
        self.saved = True
        if not quiet:
            self.say(f"saved to {target}")
        return True

    def play(self, mv: Move) -> None:
        """Apply one move (a refused one, a `MoveError`, leaves everything as it was), log it, save, announce a new round."""
        text = "" if self.quiet else move_line(self.engine, self.state, mv)
        self.game = savegame.apply_move(self.engine, self.game, mv)
        self.saved = False
        self.save()
        if not self.quiet and self.engine.view(self.state).plays_by_deck(mv.player):
            text = automa_line(self.engine, self.state)   # what it did, in words
        if not self.quiet:
            self.say(text)
            if self.state.round != self.round_seen and self.state.round and not self.state.ended:
                for line in round_header(self.engine, self.state):
                    self.say(line)
        self.round_seen = self.state.round

    # ------------------------------------------------------------ undo
    def undo_human(self) -> str:
        """Back to just before the last move of a human seat; says what was taken back."""
        back, said = human_undo(self.engine, self.game, self.bots)
        if back is not None:
            self.game = back
            self.round_seen = self.state.round
            self.saved, self.shown = False, None
            self.save()
        return said

    # ------------------------------------------------------------ reading a line
    def complete(self, before: str) -> list[str]:
        return completions(self.engine, self.state, self.legal(), before)

    def resolve(self, line: str) -> Move:
        return move_named(self.engine, self.state, self.legal(), line)

    # ------------------------------------------------------------ bots
    def bot_turns(self) -> None:
        while not self.state.ended:
            p = self.engine.to_move(self.state)
            if self.engine.view(self.state).plays_by_deck(p):   # its one move, played at once
                self.play(Move(p, AUTOMA_MOVE))
                continue
            if p is None or (p not in self.bots and not self.auto_left):
                return
            legal = self.legal()
            if not legal:
                raise SessionError(f"no legal move for {player_label(self.state, p)} after move "
                                   f"{len(self.state.moves)} ({describe_wait(self.state)}): the engine is stuck")
            bot = self.bots.get(p, self.auto_bot)
            mv = bot.choose(self.engine, self.state, legal)
            try:
                self.play(mv)
            except MoveSyntaxError as err:
                raise SessionError(f"bot {player_label(self.state, p)}: {err}") from None
            except IllegalMoveError as err:
                raise SessionError(f"bot {player_label(self.state, p)}: illegal move "
                                   f"'{move_text(self.engine, self.state, mv)}': {err}") from None
            if p not in self.bots:
                self.auto_left -= 1

    # ------------------------------------------------------------ one prompt
    def show_moves(self, every: bool = False) -> None:
        legal = self.legal()
        lines = numbered_moves(self.engine, self.state, legal) if every else compact_moves(self.engine, self.state, legal)
        for line in lines:
            self.say(line)

    def ask_quit(self) -> bool:
        """True when the player really quits (asked first if the game is not saved)."""
        if self.saved or not self.game.moves:
            return True
        answer = self.reader.read("the game is not saved: quit anyway? [y/N] ")
        return answer is None or answer.strip().lower() in YES

    def command(self, word: str, rest: str) -> bool | None:
        """A session command; False to stop, True to go on, None if `word` is not one."""
        word = ALIASES.get(word, word)
        if word == "quit":
            return not self.ask_quit()
        if word == "help":
            self.say(PLAY_HELP)
        elif word == "moves":
            self.show_moves(every=rest.lower() in ("all", "full"))
        elif word == "show":
            self.show(rest)
        elif word == "score":
            self.console.print(score_table(self.engine, self.state))
        elif word == "map":
            self.console.print(fitted_map(Game(self.state, self.engine).view(), self.state, self.console.width),
                               end="", soft_wrap=True)
        elif word == "explain":
            self.explain(rest)
        elif word == "undo":
            self.say(self.undo_human())
        elif word == "save":
            target = Path(rest) if rest else self.file
            if target is None:
                self.say("save where? `save FILE`")
            elif self.save(target, quiet=False):
                self.file = self.file or target
        elif word == "auto":
            self.auto(rest)
        else:
            return None
        return True

    def show(self, who: str) -> None:
        only = None
        if who:
            for p in self.state.players:
                if who.lower() in ((p.faction or "").lower(), f"p{p.index + 1}", str(p.index + 1)):
                    only = p.index
            if only is None:
                self.say(f"no player '{who}' (use 1..{len(self.state.players)}, pN or a faction)")
                return
        show_state(self.console, self.engine, self.state, only)

    def explain(self, ident: str) -> None:
        if not ident:
            self.say("explain what? `explain ID` (a faction, booster, tile, action, track...)")
            return
        try:
            try:
                kind, found = resolve(self.engine.catalogue, ident)
            except ExplainError:
                kind, found = resolve(self.engine.catalogue, ident.lower())  # ids in any case
        except ExplainError as err:
            self.say(str(err))
            return
        self.say(explain(self.engine.catalogue, kind, found).rstrip())

    def auto(self, rest: str) -> None:
        if rest.lower() in ("end", "all"):
            self.auto_left = 10 ** 9
        elif rest.isdigit() and int(rest) > 0:
            self.auto_left = int(rest)
        elif not rest:
            self.auto_left = 1
        else:
            self.say("auto takes a number of moves or `end`")

    def human_turn(self) -> bool:
        """One prompt; False when the player quits."""
        state = self.state
        p = self.engine.to_move(state)
        legal = self.legal()
        if self.shown != len(self.game.moves):
            self.shown = len(self.game.moves)
            self.say(f"[{where_label(state)}] {player_label(state, p)}: {question(self.engine, state)}")
            if not legal:
                self.say(f"no legal move for {player_label(state, p)} ({describe_wait(state)}): the engine is "
                         f"stuck; type undo or quit")
            elif not self.quiet:
                self.show_moves()
        line = self.reader.read(f"{player_label(state, p)}> ")
        if line is None:  # end of input (Ctrl-D or Ctrl-C on a terminal: asked first if not saved)
            self.say("")
            return self.reader.interactive and not self.ask_quit()
        line = line.strip()
        if not line:
            return True
        word, _, rest = line.partition(" ")
        done = self.command(word.lower(), rest.strip())
        if done is not None:
            return done
        try:
            self.play(self.resolve(line))
        except SessionError as err:
            self.say(str(err))
        except MoveSyntaxError as err:  # read by the rules, not by the notation: point into the line
            self.say(str(err.relocated(line)))
        except IllegalMoveError as err:
            self.say(f"illegal move '{line}': {err}")
        return True

    def run(self) -> int:
        start = time.perf_counter()
        if not self.quiet and self.state.round and not self.state.ended:
            # a saved game resumed mid-round: its income was paid before the save
            self.say(f"Round {self.state.round} (continued after {len(self.state.moves)} moves)")
        while not self.state.ended:
            self.bot_turns()
            if self.state.ended:
                break
            if not self.human_turn():
                self.save()
                where = f" (saved to {self.file})" if self.file and self.saved else ""
                n = len(self.game.moves)
                self.say(f"stopped after {n} move{'' if n == 1 else 's'}{where}")
                return EXIT_OK
        self.save()
        elapsed = time.perf_counter() - start
        state = self.state
        self.console.print(score_table(self.engine, state))
        if state.automa is not None:
            self.console.print(groups_table(self.engine, state))
        self.say(f"game over after {len(self.game.moves)} moves ({elapsed:.1f} s); {result_words(self.engine, state)}")
        return EXIT_OK


# ------------------------------------------------------------------ starting one

def choose_seats(n: int, bots: int, seat: int | None) -> list[int]:
    """The human seats (0-based): seat N first if given, then the first free ones."""
    humans = n - bots
    if humans == 0:
        return []
    first = [seat - 1] if seat is not None else []
    return first + [p for p in range(n) if p not in first][:humans - len(first)]


def run_session(engine: Engine, game: SavedGame, file: Path | None, bots: int | None, bot_kind: str, seed: str,
                quiet: bool, seat: int | None, budget: dict | None = None) -> int:
    """Seat the players, then play until the end or until the player stops; the exit code.

    `budget` (`think` or `iterations`) is given to search bots."""
    n = game.setup.players
    k = bots if bots is not None else n - 1
    if not 0 <= k <= n:
        raise SessionError(f"--bots must be between 0 and {n}", 2)
    if seat is not None and not (1 <= seat <= n and k < n):
        raise SessionError(f"--seat must be between 1 and {n}, with at most {n - 1} bots" if k < n
                           else "--seat needs a seat without a bot (--bots less than the players)", 2)
    reader = LineReader()
    if seat is None and n - k == 1 and k > 0:
        question = f"which seat do you take? [1-{n}, Enter for 1] "
        if reader.interactive:
            answer = reader.read(question)
            seat = int(answer) if answer and answer.strip().isdigit() and 1 <= int(answer) <= n else None
        elif not quiet:  # piped input is the game's moves: the question is shown with the seat taken, not asked
            typer.echo(wrap_words(f"{question}1 (input is not a terminal: --seat N takes another)",
                                  wrap_width(stdout_console())))
    humans = choose_seats(n, k, seat)
    seats = {p: make_bot(bot_kind, f"{seed}/bot{p + 1}", **(budget or {})) for p in range(n) if p not in humans}
    if file is not None:  # a path given on the command line that cannot be written stops here (exit 2)
        try:
            savegame.save(game, file)
        except (SaveError, OSError) as err:
            why = err if isinstance(err, SaveError) else f"cannot save to {file}: {err.strerror or err}"
            raise SessionError(str(why), 2) from None
    session = Session(engine, game, seats, file, quiet, reader=reader)
    if not quiet:
        who = ", ".join(f"p{p + 1} {'bot (' + bot_kind + ')' if p in seats else 'you'}" for p in range(n))
        if game.state.automa is not None:
            who += f", p{game.state.automa.seat + 1} the Automa"
        session.say(f"{game_words(engine.catalogue, game.setup)}, seed {game.setup.seed}: {who}; "
                    f"type help for the commands")
    return session.run()
