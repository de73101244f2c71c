"""The game protocol: what every game of troef offers the layers above it.

In the spirit of OpenSpiel's Game/State split, a :class:`Game` is the game
itself (its name, presets, seats, action notation, record codec and computer
players) and a :class:`Match` is one play-through of it from a seed: whose
turn it is, the legal actions, ``check`` with a reason a player understands,
``apply``, whether it is over. What a seat or a spectator may know is its
:class:`View`, made by :meth:`Game.view`, the only projection of a match that
leaves the engine for a player, a bot, a spectator or a log.

Every layer above the games (``troef replay``, ``troef bench engine``, the
arena, the terminal's frame, the server's adapter registry, the bot registry)
takes a game through this protocol and :func:`troef.games.game`; what is
particular to one game lives in that game's package. The consistency battery
(``tests/test_battery.py``) runs over every game and preset through this
protocol alone. ``troef.games`` holds the registry of the games.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Never, Protocol, TypeAlias, TypeVar, cast

from troef.cards import SUIT_LETTERS, card_str, parse_card
from troef.core.actions import SPECTATOR, Action
from troef.core.bot import Bot, RandomBot
from troef.core.errors import NotationError, TroefError
from troef.core.refusals import UNWORDED, Refusal, Texts
from troef.core.switches import PresetRules

__all__ = [
    "SPECTATOR",
    "AnyGame",
    "DealInPlay",
    "Game",
    "Match",
    "Moment",
    "Outcome",
    "Preset",
    "ResearchPart",
    "Switch",
    "SwitchValue",
    "TableView",
    "UnknownBotError",
    "View",
]

#: What a rule switch may be set to: on/off, a number or a word (JSON values, as records and the lobby keep them).
SwitchValue: TypeAlias = bool | int | str


class View(Protocol):
    """One viewer's projection of a match: everything it may know, and nothing else."""

    # read-only: a view never changes (frozen dataclasses and compiled classes both provide these)
    @property
    def viewer(self) -> int:
        """The seat it belongs to, or :data:`SPECTATOR`."""
        ...

    @property
    def to_act(self) -> int:
        """The seat to act (-1 when nobody is)."""
        ...

    @property
    def phase(self) -> str:
        """The part of the deal it is in, in the game's words (every game has ``"play"``, the card play)."""
        ...

    @property
    def legal(self) -> tuple[str, ...]:
        """The viewer's legal actions in text form (empty unless it is the viewer's turn)."""
        ...

    @property
    def events(self) -> Sequence[tuple[int, str]]:
        """The deal's public moves so far, as (seat, action text), in order (its log)."""
        ...

    def to_json(self) -> dict[str, Any]:  # JSON: the values are the game's own
        """The view as JSON-ready data (what the server sends the viewer)."""
        ...

    def known_cards(self) -> int:
        """The mask of every card the view mentions (for leak checks)."""
        ...


class DealInPlay(Protocol):
    """One deal's own state as its game keeps it (every card's place, the tricks, whose turn): what
    :meth:`Game.deal_in_play` gives. The layers read only these two fields; the game's own parts (its
    solver, its analysis part, its cheat bot) read the rest."""

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        ...

    @property
    def to_act(self) -> int:
        """The seat to act in the deal (-1 or any value once it is over)."""
        ...


A_contra = TypeVar("A_contra", contravariant=True)


class Match(Protocol[A_contra]):
    """One play-through of a game, deal after deal, from a seed; ``A_contra`` is the game's action type."""

    #: The seed of the match's own generator: with the actions, it reproduces the match.
    seed: int

    @property
    def to_act(self) -> int:
        """The seat to act, -1 when the match is over."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of the seat to act."""
        ...

    def check(self, action: A_contra) -> str | None:
        """Why ``action`` is not allowed now (an English sentence for the player), or None.

        A troef game's match also has ``refusal(action)``: the same as a
        :class:`~troef.core.refusals.Refusal`, code and parameters.
        """
        ...

    def apply(self, action: A_contra) -> None:
        """Apply a legal action; an illegal one raises ``IllegalActionError`` and changes nothing."""
        ...


class Outcome(Protocol):
    """What a replay of a record found."""

    @property
    def finished(self) -> bool:
        """Whether the record reaches the end of the match (or hand, for a hand record)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON-ready data."""
        ...


class Hint(Protocol):
    """One legal action of a view with its value for the seat to act: the shape of every game's hints.

    ``value`` is in [0, 1] (the game's hints module says what it measures, e.g. the chance that
    the seat's side makes its goal), or None for an action the game does not value.
    """

    @property
    def text(self) -> str: ...

    @property
    def value(self) -> float | None: ...

    @property
    def best(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set of a game, as a menu shows it."""

    name: str
    #: The numbers of players it is for.
    players: tuple[int, ...]
    default_players: int
    #: One line saying what it is (English).
    description: str


@dataclass(frozen=True, slots=True)
class Switch:
    """A rule switch of a game, as data: the lobby, ``troef play``'s options, the records and the
    research API's game parameters all read it from :meth:`Game.switches`.

    Its default differs per preset (:meth:`Game.switch_default`); a match is made with
    ``new_match(..., switches={name: value})``.
    """

    name: str
    #: The values it may take, in the order a menu lists them (``(False, True)`` for on/off).
    choices: tuple[SwitchValue, ...]
    #: One line saying what it does (English), with the rule it stems from.
    text: str

    @property
    def kind(self) -> type[bool] | type[int] | type[str]:
        """The type of its values: ``bool``, ``int`` or ``str``."""
        first = self.choices[0]
        return bool if isinstance(first, bool) else int if isinstance(first, int) else str

    def parse(self, text: str) -> SwitchValue:
        """A value from its text form (a command-line option or a game parameter); unknown ones are refused."""
        for choice in self.choices:
            if str(choice).lower() == text.strip().lower() or (
                isinstance(choice, bool)
                and text.strip().lower() in (("on", "yes", "1") if choice else ("off", "no", "0"))
            ):
                return choice
        raise TroefError(f"{self.name} must be one of {', '.join(str(c).lower() for c in self.choices)}, not {text!r}")


@dataclass(frozen=True, slots=True)
class TableView:
    """What a plain table shows of one viewer's view, the same for every game: the contract between a game
    and the tables written once (the terminal's ``PlainTable``, the browser's ``plain.js``).

    A game gives it with :meth:`Game.table_view`, built from that viewer's :class:`View` alone, so it holds
    nothing the viewer may not know. Cards are troef's card numbers (:mod:`troef.cards`); ``events`` are the
    public moves of the deal so far as (seat, action text), which :meth:`Game.action_words` words.
    """

    #: The seat it belongs to, or :data:`SPECTATOR`.
    viewer: int
    #: The number of seats at the table.
    seats: int
    #: The seat to act, -1 when nobody is.
    to_act: int
    #: The part of the deal, in the game's words (``"play"`` for the card play); ``phase_<phase>`` words it.
    phase: str
    #: The deal's number in the match (1 is the first).
    deal: int
    #: The seat that dealt, -1 when the game has no dealer.
    dealer: int
    #: The viewer's own cards (empty for a spectator).
    hand: tuple[int, ...]
    #: How many cards each seat holds, by seat.
    hand_sizes: tuple[int, ...]
    #: The trick on the table: (seat, card) in the order played.
    trick: tuple[tuple[int, int], ...]
    #: The deal's completed tricks: each its cards as (seat, card) in the order played, and the seat that won it.
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]
    #: Each seat's score in the match so far (its points, tricks or marks, higher is better), by seat.
    score: tuple[int, ...]
    #: The trump suit (0-3, as :mod:`troef.cards`), or None.
    trump: int | None
    #: Open cards every seat sees besides the trick (a turned-up trump card, a centre), in the order shown.
    open_cards: tuple[int, ...]
    #: The viewer's legal actions (empty unless it is the viewer's turn).
    legal: tuple[str, ...]
    #: The deal's public moves so far: (seat, action text).
    events: tuple[tuple[int, str], ...]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data, cards in their text form (``"Ah"``): the ``table`` field of a plain table's state frames."""
        return {
            "viewer": self.viewer,
            "seats": self.seats,
            "to_act": self.to_act,
            "phase": self.phase,
            "deal": self.deal,
            "dealer": self.dealer,
            "hand": [card_str(card) for card in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "trick": [[seat, card_str(card)] for seat, card in self.trick],
            "tricks": [[[[seat, card_str(card)] for seat, card in cards], winner] for cards, winner in self.tricks],
            "score": list(self.score),
            "trump": self.trump,
            "open_cards": [card_str(card) for card in self.open_cards],
            "legal": list(self.legal),
            "events": [[seat, text] for seat, text in self.events],
        }


#: Where a deal stands for people watching a table: a deal about to start, a trick just completed, or neither.
Moment: TypeAlias = Literal["deal_start", "trick_done", "playing"]


class UnknownBotError(TroefError, ValueError):
    """A computer player the game does not have."""


# every match type is a Match[Never] (the action type is contravariant): a game's own narrows it
M = TypeVar("M", bound="Match[Never]")
A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=View)
O = TypeVar("O", bound=Outcome)  # noqa: E741


class Game(ABC, Generic[M, A, V, O]):
    """One game of troef, as every layer above the games sees it: ``Game[Match, Action, View, Outcome]``.

    A game is a stateless singleton (``troef.games.game(name)``). Its methods
    take and return the game's own objects (its matches ``M``, actions ``A``,
    views ``V`` and replay outcomes ``O``); the layers above only pass them back
    to the same game.

    Besides the protocol, a game names its parts in the layers above, each
    ``"module:attribute"`` in its own package, or None where the layer's
    general part serves it: the layers find them here (no layer lists games).
    """

    #: The game's name in commands, URLs, records and the database: lowercase letters, digits and ``_``.
    name: ClassVar[str]
    #: The name players know it by.
    title: ClassVar[str]
    #: The languages of its players, the first being the default (``("nl", "en", "de")``).
    languages: ClassVar[tuple[str, ...]]
    #: Whether seats play in two fixed partnerships (seat s with seat s + 2).
    partnerships: ClassVar[bool] = False
    #: Computer players besides ``random`` (which every game has), weakest first: kind ->
    #: ``"module:factory"``, where ``factory(seed)`` makes a :class:`Bot`. Bots that see every card
    #: (``cheat``, for measurement) are never listed here.
    bots: ClassVar[Mapping[str, str]]
    #: The computer players a lobby offers people, weakest first, when they are not every kind
    #: (:meth:`offered_levels`); the others can still be seated by name (the arena, the API, saved tables).
    levels: ClassVar[tuple[str, ...] | None] = None
    #: The presets troef runs tournaments of: preset -> ``"module:factory"`` of its score form and table
    #: points (:class:`troef.tournament.scoring.GameScoring`); empty for a game without tournaments.
    tournaments: ClassVar[Mapping[str, str]] = {}
    #: Its part of the arena (an :class:`troef.arena.core.ArenaPart`): what it counts and reports.
    arena_part: ClassVar[str | None] = None
    #: Its terminal table (a :class:`troef.terminal.frame.Frame` subclass); the plain table otherwise.
    terminal_table: ClassVar[str | None] = None
    #: Its part of the server (a :class:`troef.server.adapter.CoreAdapter` subclass): a score sheet, faster views.
    server_adapter: ClassVar[str | None] = None
    #: Its table in the browser: an ES module in the game's package, given as ``"package:file.js"``, which the
    #: server serves as ``/games/<name>.js`` (troef's own as ``/static/<file>``); None: the browser's plain
    #: table (``web/plain.js``) where the game gives :meth:`table_view`, else no table in the browser.
    web_module: ClassVar[str | None] = None
    #: Its part of the deal analysis (a :class:`troef.analysis.core.Part`), or None: no analysis.
    analysis_part: ClassVar[str | None] = None
    #: The measuring bot that sees every card (``CheatBot``, seated by the arena alone), or None.
    cheat_bot: ClassVar[str | None] = None
    #: What it declares for OpenSpiel and PettingZoo (a :class:`ResearchPart`), or None: not a research game.
    research_part: ClassVar[str | None] = None

    #: Presets that share a rating (the server's ratings, :mod:`troef.server.ratings`): preset -> the name of
    #: its rating family, the same name for presets whose rules make it the same game to be good at. A preset
    #: not named here is rated in the family named after the default preset: one rating for the whole game
    #: when the game names none.
    rating_families: ClassVar[Mapping[str, str]] = {}

    # ------------------------------------------------------------------ presets and matches
    @abstractmethod
    def presets(self) -> Mapping[str, Preset]:
        """The rule sets by name, the default first."""

    @property
    def default_preset(self) -> str:
        """The preset a menu offers first."""
        return next(iter(self.presets()))

    def rating_family(self, preset: str) -> str:
        """The rating family a match under ``preset`` is rated in (:attr:`rating_families`)."""
        return self.rating_families.get(preset, self.default_preset)

    def preset(self, name: str) -> Preset:
        """The preset ``name``; an unknown name raises :class:`TroefError` listing the known ones."""
        presets = self.presets()
        if name not in presets:
            raise TroefError(f"{self.name} has no rule set {name!r}; choose one of {', '.join(presets)}")
        return presets[name]

    @abstractmethod
    def new_match(
        self,
        preset: str,
        players: int | None = None,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        switches: Mapping[str, SwitchValue] | None = None,
    ) -> M:
        """A fresh :class:`Match`; the same arguments always give the same match."""

    @abstractmethod
    def players(self, match: M) -> int:
        """The number of seats of a match."""

    @abstractmethod
    def deals(self, match: M) -> int:
        """The deals so far, the current one included."""

    def deal_started(self, match: M) -> bool:
        """Whether anything has happened yet in the current deal (its view lists events)."""
        return bool(self.view(match).events)

    def moment(self, match: M) -> Moment:
        """Where the current deal stands for people watching (tables give them time to look)."""
        if not self.deal_started(match):
            return "deal_start"
        return "playing"

    # ------------------------------------------------------------------ rules revisions
    #: The game's rules class, whose revisions (docs/records.md, "Rules revisions") the records and the
    #: server read; None: a game whose readings never changed (revision 1).
    rules_type: ClassVar[type[PresetRules] | None] = None

    def rules_revision(self) -> int:
        """The game's rules revision now: what a new table or record is played under."""
        return self.rules_type.REVISION if self.rules_type is not None else 1

    def unmarked_revisions(self) -> tuple[int, ...]:
        """The revisions a stored table or record that names none may have been played under, newest first."""
        return self.rules_type.UNMARKED if self.rules_type is not None else (1,)

    def switches_at(self, preset: str, switches: Mapping[str, Any], revision: int) -> dict[str, Any]:
        """``switches`` with the old readings revision ``revision`` implies (for :meth:`new_match`)."""
        if self.rules_type is None:
            if revision != 1:
                raise TroefError(f"rules revision {revision} is newer than this troef reads for {self.name} (1)")
            return dict(switches)
        return self.rules_type.switches_at(preset, switches, revision)

    # ------------------------------------------------------------------ rule switches
    def switches(self) -> Sequence[Switch]:
        """The rule switches a table may set, in the order a menu lists them (none by default)."""
        return ()

    def switch_default(self, preset: str, name: str) -> SwitchValue:
        """What switch ``name`` is in ``preset`` when nobody sets it."""
        raise TroefError(f"{self.name} has no switch {name!r}")

    # ------------------------------------------------------------------ actions and views
    @abstractmethod
    def parse_action(self, text: str) -> A:
        """An action from its text form; malformed text raises ``NotationError`` with the reason."""

    def check(self, match: M, action: A) -> str | None:
        """Why ``action`` is not allowed in ``match`` now, or None (see :meth:`Match.check`)."""
        own = cast("Match[A]", match)  # M is the match of this game, which takes A
        return own.check(action)

    def refusal(self, match: M, action: A) -> Refusal | None:
        """Why ``action`` is not allowed in ``match`` now as code and parameters, worded in any language by
        :meth:`texts`, or None. A game without a catalogue of its own is refused with its English sentence
        (:meth:`check`) in every language; troef's games give their matches' refusals."""
        reason = self.check(match, action)
        return None if reason is None else UNWORDED.refusal("illegal", reason=reason)

    def texts(self) -> Texts:
        """The game's catalogue of refusal texts and words in every language (:mod:`troef.core.refusals`)."""
        return UNWORDED

    def word(self, key: str, lang: str, **params: str | int) -> str | None:
        """The game's own word ``key`` in ``lang`` from its catalogue's ``words`` (:attr:`Texts.words`), or None.

        The keys the layers written once ask for: ``deal`` (its name of a deal, with ``{n}``), ``title``,
        ``phase_<phase>``, ``preset_<name>``, ``level_<kind>``, ``switch_<name>``, ``action_<verb>``.
        """
        return self.texts().word(key, lang, **params)

    def action_words(self, text: str, lang: str) -> str:
        """An action's text (``"play Ah"``) in the reader's words, from the catalogue's ``action_<verb>``
        (``{card:card}`` for a card after the verb, ``{suit:suit}`` for a suit letter, ``{rest}`` for the
        text after it), or ``action_<verb>_<rest>`` for one action of its own (``action_roem_0``); the text
        itself where the game words no such verb."""
        verb, _, rest = text.strip().partition(" ")
        params: dict[str, str | int] = {"rest": rest}
        with contextlib.suppress(NotationError):  # a verb without a card: {rest} only
            params["card"] = parse_card(rest)
        if len(rest) == 1 and rest in SUIT_LETTERS:  # a suit by its letter ("trump c"): {suit:suit}
            params["suit"] = SUIT_LETTERS.index(rest)
        try:  # the whole action's own word first ("action_roem_0"), then its verb's
            worded = self.word(f"action_{verb}_{rest}", lang, **params) if rest else None
            worded = worded or self.word(f"action_{verb}", lang, **params)
        except KeyError:  # a template that needs a card where the text has none
            worded = None
        return text if worded is None else worded

    def table_view(self, view: V) -> TableView | None:
        """What the plain tables show of ``view`` (:class:`TableView`), or None where the game gives none:
        then the browser has no table for it unless it names a :attr:`web_module`, and the terminal's plain
        table shows the view's JSON."""
        return None

    def apply(self, match: M, action: A) -> None:
        """Apply ``action`` to ``match`` (see :meth:`Match.apply`)."""
        cast("Match[A]", match).apply(action)

    def clone(self, match: M) -> M:
        """An independent copy of ``match``: playing on in either leaves the other as it is.

        A deep copy; the engines' compiled classes support it (:mod:`troef.core.native`).
        """
        return copy.deepcopy(match)

    @abstractmethod
    def view(self, match: M, viewer: int = SPECTATOR, deal: int | None = None) -> V:
        """The view of a deal for a seat or the spectator: the one projection of a match.

        ``deal`` is the index of a deal (0 is the first); None, or the current deal's index, is the
        current deal. A finished deal's view is as the seat saw it when that deal ended, with the
        score up to it; an index out of range raises ``IndexError``.
        """

    def view_from_json(self, data: dict[str, Any], public: dict[str, Any] | None = None) -> V:
        """The view :meth:`View.to_json` wrote, read back: what a client that gets only the server's
        ``state`` frames hands a computer player of this game (``make_bot(kind).act(view)``).

        ``public`` is the frame's ``match`` field (the public score sheet), for what a game's view
        keeps beside its JSON. Raises :class:`TroefError` for a game that cannot read its views back.
        """
        raise TroefError(f"{self.name} cannot read its views back from JSON")

    @abstractmethod
    def standing(self, match: M) -> list[dict[str, Any]]:
        """Where each seat stands in the match (public: the score sheet), JSON-ready, one entry per seat."""

    @abstractmethod
    def scores(self, match: M) -> dict[int, float]:
        """Each seat's result of a finished match as one number, higher is better (the arena compares them)."""

    @abstractmethod
    def shuffle_unseen(self, match: M, viewer: int, seed: int) -> M | None:
        """The same match with cards ``viewer`` has not seen dealt differently among the others, or None.

        The public history stays the same (it is replayed onto the new deal;
        None when that is impossible). The consistency battery checks that the
        viewer's view does not change: hidden cards stay hidden.
        """

    # ------------------------------------------------------------------ records
    @abstractmethod
    def record(self, match: M, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None) -> str:
        """The match as a record (JSON text in the envelope of :mod:`troef.core.records`): every card.

        ``seats`` says who sat where, ``meta`` what program made it (both free-form, kept as they are).
        """

    @abstractmethod
    def replay(self, text: str) -> O:
        """Read a record and replay it; ``RecordError`` if malformed, ``ReplayError`` at an illegal action."""

    #: The game's record format (:class:`~troef.core.records.RecordFormat`), which ``troef replay`` reads
    #: revisions and upgrades with; None: a game whose records only :meth:`replay` reads.
    record_format: ClassVar[Any] = None

    @abstractmethod
    def describe(self, outcome: O) -> str:
        """A plain-text report of a replay's outcome."""

    # ------------------------------------------------------------------ the deal in play, and a match from a record
    def deal_in_play(self, match: M) -> DealInPlay:
        """The current deal's own state (the last deal once the match is over): what a game's solver, its
        analysis part and its cheat bot read. Hidden cards are in it: it never goes to a player as it is."""
        raise TroefError(f"{self.name} does not give its deal in play")

    def recorded_deals(self, record: Mapping[str, Any]) -> list[list[A]]:
        """The actions of each deal of a record (the parsed JSON object), in order: the deals
        :meth:`match_from_record` plays. ``RecordError`` if the record is malformed."""
        raise TroefError(f"{self.name} cannot read its records as deals")

    def match_from_record(self, record: Mapping[str, Any], actions: int | None = None) -> M:
        """The match a record (the parsed JSON object) holds after its first ``actions`` actions, counted
        over all its deals (all of them when None; 0: before the first). Its rules are those of the
        record's rules revision (docs/records.md, "Rules revisions"), its seed, first dealer and every
        recorded deal's cards are the record's, so that applying the record's next actions plays on as
        the record did. ``RecordError`` if the record is malformed or holds fewer actions, ``ReplayError``
        at an illegal action among the first ``actions``."""
        raise TroefError(f"{self.name} cannot rebuild a match from a record")

    # ------------------------------------------------------------------ benchmark
    @abstractmethod
    def random_deal(self, preset: str, players: int, seed: int, chooser: random.Random, dealer: int = 0) -> int:
        """Deal one hand from ``seed`` (``dealer`` deals) and play it to its end choosing uniformly with ``chooser``.

        Returns the number of actions. This is ``troef bench engine``'s
        workload: what a research loop does through the public API.
        """

    # ------------------------------------------------------------------ computer players
    def hints(self, view: V, budget: float, seed: int) -> Sequence[Hint]:
        """Every legal action of ``view`` with its value, from the game's strongest search (about
        ``budget`` seconds of work, reproducible from ``seed``); empty where the game has no hints."""
        return ()

    def bot_kinds(self) -> tuple[str, ...]:
        """The computer players a table may seat, weakest first."""
        return ("random", *self.bots)

    def offered_levels(self) -> tuple[str, ...]:
        """The computer players a lobby offers, weakest first: :attr:`levels`, or else every kind."""
        return self.levels if self.levels is not None else self.bot_kinds()

    def make_bot(self, kind: str, seed: int | None = None) -> Bot:
        """A computer player of ``kind`` with its own generator seeded with ``seed``."""
        if kind == "random":
            return RandomBot(seed, parse=self.parse_action)
        target = self.bots.get(kind)
        if target is None:
            kinds = ", ".join(self.bot_kinds())
            raise UnknownBotError(f"{self.name} has no computer player {kind!r}; choose one of {kinds}")
        module, _, attr = target.partition(":")
        factory = getattr(importlib.import_module(module), attr)
        bot: Bot = factory(seed)
        return bot


class ResearchPart(Generic[M, V]):
    """What a game declares for the research layer (``troef.research``: OpenSpiel and PettingZoo).

    It is what OpenSpiel's ``spiel.h`` asks of a game (``NumDistinctActions``,
    ``MinUtility``/``MaxUtility``, ``MaxGameLength``, the chance outcomes), in
    the game's own terms: every action text (its index is the action's id),
    the bounds of a deal's and a match's returns, the longest deal, the phases,
    and the deal as chance (the cards of the deck and the piles they are dealt
    into, one chance node per card). The view readers below serve the tensors;
    their defaults read the fields troef's own views have (``hand``,
    ``events``, ``trick``, ``trump``, ``dealer``, ``declarer``/``declarers``),
    a game with other views overrides them. A game names its part in
    :attr:`Game.research_part`; the game's :meth:`Game.switches` are the
    OpenSpiel game's parameters.
    """

    #: The phases of a deal, as the view's ``phase`` names them (the tensor's one-hot).
    phases: tuple[str, ...] = ("play", "done")
    #: Events of a deal kept in the information-state tensor (the last ones).
    history: int = 256
    #: Card slots of the hand part of a tensor: 32, or 64 where a hand may hold two copies of a card.
    card_slots: int = 32
    #: Whether a deal's and a match's returns add up to zero.
    zero_sum: bool = False
    #: The pyspiel game ``troef bench engine`` compares the game's speed with (the closest OpenSpiel has).
    reference: str = "euchre"

    def actions(self) -> tuple[str, ...]:
        """Every action text of the game in its notation, once; the index of a text is its action id."""
        raise NotImplementedError

    def blocks(self) -> tuple[tuple[str, ...], ...]:
        """The action texts in blocks of one kind (the docs' tables); by default one block."""
        return (self.actions(),)

    def utility(
        self, preset: str, players: int, episode: Literal["deal", "match"], switches: Mapping[str, SwitchValue]
    ) -> tuple[float, float]:
        """The least and the greatest return of one seat over a deal or a match (bounds it cannot pass)."""
        raise NotImplementedError

    def longest_deal(self, preset: str, players: int) -> int:
        """The most actions a deal can take (OpenSpiel's ``MaxGameLength`` of a one-deal episode)."""
        raise NotImplementedError

    def longest_match(self, preset: str, players: int) -> int:
        """The most deals a match can take."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the deal as chance
    def first_dealers(self, preset: str, players: int) -> tuple[int, ...]:
        """The seats that may deal first, each as likely (by default every seat)."""
        return tuple(range(players))

    def deck(self, match: M) -> tuple[int, ...]:
        """The cards of the current deal's deck as card numbers (0..31), a card as often as the deck holds it."""
        raise NotImplementedError

    def piles(self, match: M) -> tuple[int, ...]:
        """How many cards go to each pile of the current deal: the seats' hands in seat order (0 for a seat
        dealt none), then the game's other piles (the centre, the cards that take no part). They add up to
        the deck."""
        raise NotImplementedError

    def dealt(self, match: M, piles: Sequence[Sequence[int]]) -> M:
        """``match`` with its current deal, in which nothing has been played, dealt as ``piles`` (card numbers
        per pile, as :meth:`piles` orders them); the match before it is the same. The caller hands ``match``
        over: it may be changed in place and returned."""
        raise NotImplementedError

    def deal_piles(self, match: M, index: int) -> tuple[tuple[int, ...], ...]:
        """The piles deal ``index`` of ``match`` was dealt as (its cards as :meth:`dealt` takes them)."""
        raise NotImplementedError

    def deal_actions(self, match: M, index: int) -> tuple[str, ...]:
        """The texts of the actions taken in deal ``index`` of ``match``, in order (every card shown)."""
        raise NotImplementedError

    def first_dealer(self, match: M) -> int:
        """Who dealt the match's first deal."""
        first: int = match.first_dealer  # type: ignore[attr-defined]
        return first

    # ------------------------------------------------------------------ returns
    def deal_returns(self, match: M, deals_before: int) -> list[float]:
        """Each seat's return of the deal that just ended (``match`` has moved past it, or is over).

        ``deals_before`` is what :meth:`Game.deals` said while the deal was played.
        """
        raise NotImplementedError

    # ------------------------------------------------------------------ reading a view (the tensors)
    def hand(self, view: V) -> Sequence[int]:
        """The viewer's cards as card numbers (a second copy as the number + 32)."""
        return tuple(getattr(view, "hand", ()) or ())

    def events(self, view: V) -> Sequence[tuple[int, str]]:
        """The deal's events: (seat, action text), a text the action table lacks where the view hides it."""
        return tuple(getattr(view, "events", ()) or ())

    def trick(self, view: V) -> Sequence[tuple[int, int]]:
        """The cards on the table: (seat, card number)."""
        return tuple(getattr(view, "trick", ()) or ())

    def trump(self, view: V) -> int:
        """The trump suit (0..3) or -1."""
        trump: int = getattr(view, "trump", -1)
        return trump

    def dealer(self, view: V) -> int:
        """The dealer of the deal, or -1."""
        dealer: int = getattr(view, "dealer", -1)
        return dealer

    def declarers(self, view: V) -> tuple[int, ...]:
        """The seats that play the deal's contract."""
        found = getattr(view, "declarers", None)
        if found is not None:
            return tuple(found)
        declarer = getattr(view, "declarer", -1)
        return (declarer,) if declarer >= 0 else ()

    def context_size(self, players: int) -> int:
        """How many numbers :meth:`context` gives at a table of ``players`` (0: the game shows no match)."""
        return 0

    def context(self, view: V) -> Sequence[float]:
        """The match around the deal as the view shows it (the score, the sheet, the deal's number), as
        :meth:`context_size` numbers in [0, 1], seats relative to the viewer."""
        return ()

    def unsound(self, match: M, seat: int) -> frozenset[str]:
        """Legal actions of ``seat`` that lose at once by the rules whatever follows, found from what the seat
        knows (its hand, the public cards): what a learner starting out is spared (none by default)."""
        return frozenset()

    # ------------------------------------------------------------------ worlds
    def redeal(self, match: M, seat: int, rng: random.Random) -> M | None:
        """``match`` with the cards ``seat`` has not seen dealt again (the world sampler of its strong player),
        or None, when the research layer takes steps of :meth:`Game.shuffle_unseen` instead."""
        return None

    def from_view(self, view: V, rng: random.Random) -> M | None:
        """A match whose current deal ``view``'s seat cannot tell from the real one, made from the view alone
        (the ``openspiel-ismcts`` bot searches it), or None when the game has none."""
        return None

    def table_of(self, view: V) -> tuple[str, int, dict[str, SwitchValue]]:
        """The preset, the number of players and the switches of the table ``view`` is of."""
        raise NotImplementedError


#: A game of any kind, as the layers that hold every game see it (each passes a game's objects only back to it).
AnyGame: TypeAlias = "Game[Any, Any, Any, Any]"
