"""The terminal's frame, written once for every game: one human seat, computer players at the others.

:class:`Frame` owns what every game's terminal table shares: the match (from
the game protocol), the computer players (each given only its own seat's
view), the console, asking the player for a line (end of input or Ctrl-C
stops cleanly), pacing the bots when a person watches, and saving the record
(atomically, in the data folder unless told otherwise) after the match or when
the player stops. A game's part (``troef.terminal.bonaken``) subclasses it and
fills in how its table looks and how a line of input becomes an action:
:meth:`Frame.human_turn`, and optionally :meth:`Frame.prepare`, :meth:`Frame.intro`,
:meth:`Frame.after_action` and :meth:`Frame.end_match`.

A game names its part in :attr:`~troef.core.game.Game.terminal_table`; a game
that names none is played at :class:`PlainTable`, which shows the view and
numbers the legal actions. :func:`play` starts a table by game name
(``troef play <game>``); its rule switches (:meth:`~troef.core.game.Game.switches`)
are options of that command.
"""

from __future__ import annotations

import os
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, Final

from platformdirs import user_data_dir
from rich.console import Console, RenderableType
from rich.markup import escape

from troef.core.bot import Bot
from troef.core.errors import TroefError
from troef.core.game import AnyGame, TableView
from troef.core.words import LANGS
from troef.games import game as get_game
from troef.games import part as game_part
from troef.terminal.words import t

#: Seconds of work the ``hint`` command may take.
HINT_BUDGET: Final = 1.0
#: What a player types for a hint, in every language of the terminal.
HINT_WORDS: Final = frozenset({"hint", "tip", "tipp", "advies"})
#: Sampled worlds per fair judgement in the summary after a deal (the human seat's decisions only).
SUMMARY_SAMPLES: Final = 6
#: Names of the computer players, by seat.
BOT_NAMES: Final = ("Anna", "Bram", "Cor", "Dirk", "Els", "Fien", "Gijs")


class UsageError(TroefError, ValueError):
    """A bad option of the terminal game (language, seat, game)."""


class Quit(Exception):
    """The player stopped: ``quit``, end of input or Ctrl-C."""


class Frame(ABC):
    """One match at the terminal. :meth:`run` plays it to its end or until the player stops."""

    #: The game's name (``troef.games.game(name)``).
    game_name: ClassVar[str]
    #: Whether a one-line analysis of the human seat's decisions follows each deal (``troef play`` turns it on).
    analysis: bool = False

    def __init__(
        self,
        *,
        rules: str,
        players: int | None,
        seed: int | None,
        lang: str | None,
        bots: str,
        seat: int,
        save: Path | None,
        console: Console | None = None,
        switches: dict[str, Any] | None = None,
    ) -> None:
        self.game: AnyGame = get_game(self.game_name)
        lang = lang or self.game.languages[0]
        if lang not in LANGS:
            raise UsageError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
        table = players or self.game.preset(rules).default_players
        if not 0 <= seat < table:
            raise UsageError(f"your seat must be 0 to {table - 1}, not {seat}")
        self.lang = lang
        self.rules_name = rules
        self.match: Any = self.game.new_match(rules, table, seed=seed, switches=switches)
        self.human = seat
        self.bot_kind = bots
        base = self.match.seed
        self.bots: dict[int, Bot] = {
            s: self.game.make_bot(bots, (base + 7919 * (s + 1)) % 2**63) for s in range(table) if s != seat
        }
        self.console = console or Console(highlight=False)
        self.interactive = sys.stdin.isatty() and self.console.is_terminal
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        self.save_path = save or Path(user_data_dir("troef")) / self.game_name / f"{stamp}-{rules}-seed{base}.json"
        self.prepare()

    def prepare(self) -> None:
        """What a game's part keeps beside the frame (its advisor, what it has shown so far); the last step of
        ``__init__``, when the match and the bots are there."""
        return None  # nothing by default

    # ------------------------------------------------------------------ names
    @property
    def table(self) -> int:
        """The number of seats."""
        return self.game.players(self.match)

    def name(self, seat: int) -> str:
        """A seat's name at the table."""
        return t("you", self.lang) if seat == self.human else BOT_NAMES[seat % len(BOT_NAMES)]

    # ------------------------------------------------------------------ hints
    def show_hints(self, view: Any, label: Callable[[str], str]) -> bool:
        """Print each legal action of ``view`` with its value from the game's hints, the best first.

        ``label`` turns an action's text into the table's words. False (nothing printed) where
        the game gives no hints. The seed is the match's, so a position always gets the same hint.
        """
        found = self.game.hints(view, HINT_BUDGET, self.match.seed % 2**31)
        if not found:
            return False
        ranked = sorted(found, key=lambda h: (not h.best, -1.0 if h.value is None else -h.value))
        lines = [t("hints_heading", self.lang)]
        for h in ranked:
            value = "" if h.value is None else f"  {h.value:.0%}"
            lines.append(f"{'*' if h.best else ' '} {escape(label(h.text))}{value}")
        self.print("\n".join(lines))
        return True

    def hint(self, view: Any, label: Callable[[str], str], fallback: str | None = None) -> None:
        """The ``hint`` command, for every table: the game's hints (:meth:`show_hints`), else ``fallback``
        (a table's own advice, an action's text), else the choice of the strongest computer player the
        game offers, given the same view."""
        if self.show_hints(view, label):
            return
        if fallback is None:
            level = self.game.offered_levels()[-1]
            fallback = self.game.make_bot(level, self.match.seed % 2**31).act(view).text()
        self.print(escape(t("hint", self.lang, action=label(fallback))))

    # ------------------------------------------------------------------ console
    def print(self, *items: RenderableType | str) -> None:
        self.console.print(*items)

    def pause(self, seconds: float) -> None:
        """Wait a moment, only when a person is watching (stdin and stdout are terminals)."""
        if self.interactive:
            time.sleep(seconds)

    def before_ask(self) -> None:
        """What a game's part prints before the player is asked (e.g. events it held back)."""
        return None  # nothing by default

    def ask(self, prompt: str) -> str:
        """One line from the player; end of input or Ctrl-C stops the game."""
        self.before_ask()
        try:
            if self.interactive:
                return self.console.input(prompt)
            self.console.print(prompt, end="")
            line = input()
            self.console.print(escape(line))  # piped input is not echoed: keep the transcript readable
            return line
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Quit from None

    # ------------------------------------------------------------------ the match
    def run(self) -> None:
        """Play the match; save the record at the end (or when the player stops)."""
        try:
            self.intro()
            while not self.match.is_over:
                self.before_action()
                seat = self.match.to_act
                deals = self.game.deals(self.match)
                if seat == self.human:
                    self.human_turn()
                else:
                    self.match.apply(self.bots[seat].act(self.game.view(self.match, seat)))
                    self.after_action()
                if self.analysis and (self.match.is_over or self.game.deals(self.match) > deals):
                    self.summarise_deal(deals - 1)
            self.end_match()
            self.save(announce=True)
        except (Quit, KeyboardInterrupt):
            self.before_ask()
            self.print(t("quit", self.lang))
            self.save(announce=True)

    def summarise_deal(self, deal: int) -> None:
        """One line on the human seat's decisions in ``deal`` (0-based), which has just ended, and how to see more.

        Called only once the deal is over: the analysis refuses a deal in play, whose cards are still hidden.
        The record is saved first, so that the command shown works at once.
        """
        from troef.analysis import AnalysisError, Settings, analyse
        from troef.analysis.report import WORDS, deal_summary

        try:
            found = analyse(
                self.game.record(self.match, self.seats()),
                deals=[deal],
                seats=[self.human],
                settings=Settings(samples=SUMMARY_SAMPLES, seed=self.match.seed % 2**31),
            )
        except AnalysisError:
            return
        except (TroefError, ValueError) as exc:  # a failed analysis must not end the player's match
            self.print(f"[red]{escape(str(exc))}[/red]")
            return
        self.save(announce=False)
        command = f"troef analyse {self.save_path} --deal {deal + 1} --seat {self.human}"
        self.print(escape(deal_summary(found, self.human, self.lang)))
        self.print(escape(WORDS.t("analysis_more", self.lang, command=command)))

    def intro(self) -> None:
        """What the table shows before the first action."""
        return None  # nothing by default

    def before_action(self) -> None:
        """Called before every action (e.g. to announce a new deal)."""
        return None  # nothing by default

    @abstractmethod
    def human_turn(self) -> None:
        """Ask the human for an action until one is legal, and apply it (and call :meth:`after_action`)."""

    def after_action(self) -> None:
        """Called after every action (e.g. to narrate what happened)."""
        return None  # nothing by default

    def end_match(self) -> None:
        """What the table shows when the match is over."""
        return None  # nothing by default

    # ------------------------------------------------------------------ the record
    def seats(self) -> list[dict[str, str]]:
        """Who sat where, for the record."""
        return [
            {"name": self.name(s), "player": "human" if s == self.human else f"bot:{self.bot_kind}"}
            for s in range(self.table)
        ]

    def save(self, announce: bool) -> None:
        """Write the record (atomically); say where when ``announce``."""
        meta = {"program": f"troef play {self.game_name}", "lang": self.lang, "human_seat": self.human}
        text = self.game.record(self.match, self.seats(), meta)
        path = self.save_path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            self.print(f"[red]{escape(t('save_failed', self.lang, path=path, error=exc.strerror or exc))}[/red]")
            return
        if announce:
            self.print(escape(t("saved", self.lang, path=path)))


class PlainTable(Frame):
    """The table of a game with no terminal part of its own, in the reader's language.

    Where the game gives a :class:`~troef.core.game.TableView` it shows that (the deal by the game's
    name for it, the trump, the trick, the player's cards, the score) and words every action with
    :meth:`~troef.core.game.Game.action_words`; otherwise the view's JSON. The legal actions are
    numbered; the player types a number or an action in the game's notation, or ``hint``. A refused
    action is worded from its code in the table's language (:meth:`~troef.core.game.Game.refusal`).
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._seen = 0
        self._deal = 0

    def words(self, text: str) -> str:
        """An action's text in the table's language."""
        return self.game.action_words(text, self.lang)

    def card(self, card: int) -> str:
        """A card as the game writes it in the table's language."""
        return self.game.texts().card(card, self.lang)

    def _table(self) -> TableView | None:
        return self.game.table_view(self.game.view(self.match, self.human))

    def _events(self) -> list[str]:
        events = self.game.view(self.match, self.human).events
        return [t("plain_event", self.lang, name=self.name(s), action=self.words(a)) for s, a in events]

    def deal_name(self, n: int) -> str:
        """The game's name of its deal ``n`` in the table's language."""
        return self.game.word("deal", self.lang, n=n) or t("plain_deal", self.lang, n=n)

    def before_action(self) -> None:
        deal = self.game.deals(self.match)
        if deal != self._deal:  # a new deal
            self._deal, self._seen = deal, 0
            title = self.deal_name(deal)
            table = self._table()
            if table is not None and table.trump is not None:
                title += " · " + t("plain_trump", self.lang, suit=self.game.texts().suits[self.lang][table.trump])
            self.print(f"-- {escape(title)} --")
        events = self._events()
        for event in events[self._seen :]:
            self.print(escape(event))
        self._seen = len(events)

    def show_table(self, table: TableView) -> None:
        """The player's side of the table: the score, the open cards, the trick, the cards in hand."""
        lines = [t("plain_score", self.lang, score=", ".join(f"{self.name(s)} {n}" for s, n in enumerate(table.score)))]
        if table.open_cards:
            lines.append(t("plain_open", self.lang, cards=" ".join(self.card(c) for c in table.open_cards)))
        if table.trick:
            trick = ", ".join(f"{self.name(s)} {self.card(c)}" for s, c in table.trick)
            lines.append(t("plain_trick", self.lang, cards=trick))
        lines.append(t("plain_hand", self.lang, cards=" ".join(self.card(c) for c in table.hand)))
        self.print(escape("\n".join(lines)))

    def human_turn(self) -> None:
        view = self.game.view(self.match, self.human)
        table = self.game.table_view(view)
        if table is not None:
            self.show_table(table)
        else:
            data = view.to_json()
            shown = {key: value for key, value in data.items() if key not in ("events", "legal")}
            self.print(escape(" ".join(f"{key}={value}" for key, value in shown.items())))
        legal = list(view.legal)
        self.print(escape("  ".join(f"{n}) {self.words(text)}" for n, text in enumerate(legal, 1))))
        while True:
            line = self.ask(t("plain_prompt", self.lang)).strip()
            if line in ("quit", "stop"):
                raise Quit
            if line.lower() in HINT_WORDS:
                self.hint(view, self.words)
                continue
            worded = {self.words(text).lower(): text for text in legal}  # "speel B♦" as well as "play Jd"
            text = legal[int(line) - 1] if line.isascii() and line.isdigit() and 0 < int(line) <= len(legal) else line
            text = worded.get(line.lower(), text)
            try:
                action = self.game.parse_action(text)
            except TroefError as exc:
                self.print(f"[red]{escape(t('plain_unknown', self.lang, text=line, reason=exc))}[/red]")
                continue
            refused = self.game.refusal(self.match, action)
            if refused is None:
                self.game.apply(self.match, action)
                return
            self.print(f"[red]{escape(refused.text(self.lang))}[/red]")

    def end_match(self) -> None:
        self.before_action()
        table = self._table()
        if table is not None:
            self.print(
                escape(
                    t(
                        "plain_over",
                        self.lang,
                        score=", ".join(f"{self.name(s)} {n}" for s, n in enumerate(table.score)),
                    )
                )
            )
            return
        for row in self.game.standing(self.match):
            self.print(escape(", ".join(f"{key} {value}" for key, value in row.items())))


def frame_class(game: str) -> type[Frame]:
    """The terminal table of ``game``: the one it names, else :class:`PlainTable` for it."""
    played = get_game(game)
    found = game_part(played, "terminal_table", "terminal table")
    if found is None:
        return type(f"{game.title()}PlainTable", (PlainTable,), {"game_name": game})
    if not (isinstance(found, type) and issubclass(found, Frame)):
        raise UsageError(f"{game}'s terminal table is not a Frame")
    return found


def play(game: str, *, analysis: bool = True, **options: Any) -> None:
    """Play a match of ``game`` in the terminal (options as :class:`Frame` takes them).

    ``analysis``: a one-line analysis of the human seat's decisions after each deal.
    """
    frame = frame_class(game)(**options)
    frame.analysis = analysis
    frame.run()
