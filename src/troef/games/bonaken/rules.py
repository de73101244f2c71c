"""The rules of Bonaken as data: one frozen :class:`Rules` object, three presets.

Every difference between the rule texts is a switch here, and the engine reads
each switch in exactly one place. ``docs/rules/bonaken.md`` lists every rule of
every preset with its source and how each ambiguity was decided.

Presets (see ``shared/rules/README.md``):

* ``nk``: the 80 rules of the Stichting Bonaken Nederland (2019).
* ``pagat``: Hazerswoude-Rijndijk as described on pagat (German text rules).
* ``hazerswoude``: "Leuke kaartspelen", section 2.

>>> preset("nk").min_bid, preset("pagat").min_bid, preset("hazerswoude").min_bid
(25, 5, 30)
>>> preset("pagat", min_bid=25).min_bid
25
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Final, Literal

from troef.core.errors import RecordError
from troef.core.switches import Custom, PresetRules

Undertrump = Literal["allowed", "unless_forced", "unless_only_trumps"]
RoemCombine = Literal["exclusive", "pagat"]
RoemContest = Literal["none", "opponent_wins_tie", "declarer_wins_tie"]
Scoring = Literal["nk", "plusminus", "points5", "limpt_bogmans"]
NextDealer = Literal["left", "declarer"]
MisereTrump = Literal["none", "single"]

PRESETS: Final = ("nk", "pagat", "hazerswoude")

#: The allowed words of the switches that take a fixed set of words.
_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "undertrump": ("allowed", "unless_forced", "unless_only_trumps"),
    "roem_contest": ("none", "opponent_wins_tie", "declarer_wins_tie"),
    "scoring": ("nk", "plusminus", "points5", "limpt_bogmans"),
    "next_dealer": ("left", "declarer"),
    "misere_trump": ("none", "single"),
}


def rank_equal(points: int) -> int:
    """Bid rank of a bid *worth* ``points`` (a number bid of ``points`` neither beats it nor loses to it)."""
    return points * 10


def rank_above(points: int) -> int:
    """Bid rank just above the number bid ``points`` and below ``points + 5``."""
    return points * 10 + 2


@lru_cache(maxsize=64)
def _parse_script(script: str) -> tuple[tuple[str, int], ...]:
    out = []
    for token in script.split():
        if token[0] == "O":
            out.append(("open", int(token[1:])))
        elif token[0] == "C":
            out.append(("closed", int(token[1:])))
        elif token.isdigit():
            out.append(("deal", int(token)))
        else:
            raise RecordError(f"bad token {token!r} in deal script {script!r}")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CentreLayout:
    """How one deal is laid out for a number of players.

    ``script`` is the order of dealing: a digit gives every player that many
    cards (packets of three, the last packet smaller where the hand size is not
    a multiple of three), ``O<k>`` puts ``k`` cards face up in the centre,
    ``C<k>`` puts ``k`` cards face down (the blind card(s)). Whatever is left of
    the 32 cards "sleeps": it takes no part in the hand.
    """

    script: str

    @property
    def steps(self) -> tuple[tuple[str, int], ...]:
        """The script as (kind, count) pairs, kind being ``deal``, ``open`` or ``closed``."""
        return _parse_script(self.script)

    @property
    def hand(self) -> int:
        """Cards per player."""
        return sum(n for kind, n in self.steps if kind == "deal")

    @property
    def open(self) -> int:
        """Open centre cards."""
        return sum(n for kind, n in self.steps if kind == "open")

    @property
    def closed(self) -> int:
        """Closed (blind) centre cards."""
        return sum(n for kind, n in self.steps if kind == "closed")

    def sleepers(self, players: int) -> int:
        """Cards set aside, out of play, for this number of players."""
        return 32 - players * self.hand - self.open - self.closed


@dataclass(frozen=True, slots=True)
class RoemTable:
    """Values of the roem combinations and which cards may combine.

    ``combine``: ``exclusive`` (nk rule 43, hazerswoude 2.3): a card counts in
    at most one set or sequence, stuk (trump king and queen) counts on top;
    ``pagat``: a card is in at most one sequence, but may at the same time
    count in a set of four and in stuk.
    """

    seq3: int = 20
    seq4: int = 50
    seq5: int = 100
    seq6: int = 200
    four_jacks: int = 200
    four_queens_kings_aces: int = 100
    four_nines: int = 0
    stuk: int = 20
    combine: RoemCombine = "exclusive"

    def sequence_value(self, length: int) -> int:
        """Value of one sequence of ``length`` cards (longer runs count as the longest listed)."""
        if length < 3:
            return 0
        return (self.seq3, self.seq4, self.seq5, self.seq6)[min(length, 6) - 3]


#: The four deals of a preset, by number of players.
Layouts = tuple[tuple[int, CentreLayout], ...]


def _read_roem(value: Any) -> RoemTable:
    if isinstance(value, RoemTable):
        return value
    if not isinstance(value, dict):
        raise RecordError("the 'roem' switch must be an object of roem values")
    return RoemTable(**value)


def _read_layouts(value: Any) -> Layouts:
    if isinstance(value, tuple):
        return value
    if not isinstance(value, list) or not all(
        isinstance(item, list) and len(item) == 2 and type(item[0]) is int and isinstance(item[1], str)
        for item in value
    ):
        raise RecordError("the 'layouts' switch must be a list of [players, \"deal script\"]")
    return tuple((n, CentreLayout(script)) for n, script in value)


def _write_layouts(value: Layouts) -> list[list[object]]:
    return [[n, layout.script] for n, layout in value]


@dataclass(frozen=True, slots=True)
class Rules(PresetRules):
    """Every rule of Bonaken that differs between the texts, as a switch.

    Bid ranks are ten times the points of a number bid: a number bid of 75 has
    rank 750; :func:`rank_above` (e.g. 1002: above 100, below 105) and
    :func:`rank_equal` build the others.
    """

    preset: str
    #: Numbers of players a hand may be dealt for.
    players: tuple[int, ...]
    layouts: Layouts
    # --- bidding -------------------------------------------------------------
    min_bid: int
    #: pagat variant: with two to four players one closed and two open centre cards.
    one_closed_two_open: bool = False
    #: Highest number bid offered: all 141 card points plus the largest roem.
    max_number_bid: int = 360
    misere: bool = True
    misere_rank: int = rank_above(100)
    #: Rank once two players bid misère in a row (hazerswoude "dubbele misère" 100), or None.
    double_misere_rank: int | None = None
    #: After this many misère bids only misère or pass may follow (pagat 2, hazerswoude 3).
    misere_locks_after: int | None = None
    zwabber: bool = True
    zwabber_rank: int = rank_above(125)
    #: With this many players or more, misère sits at 100/105 and zwabber at 125/130 (pagat variant).
    high_misere_zwabber_from: int | None = None
    zwabber_with_roem: bool = False
    #: Rank of plain bonaak; None puts it above every number bid.
    bonaak_rank: int | None = None
    bonaak_with_roem: bool = True
    #: Bonaak with roem only after somebody bid plain bonaak (nk rule 19).
    bonaak_roem_after_plain: bool = False
    #: A six-card sequence over-roems a five-card one of the same value (nk rule 50).
    six_over_five: bool = False
    #: Open bonaak (Limpt-Bogmans): the declarer plays with his cards face up.
    open_bonaak: bool = False
    #: A player who bid a number may not bid any bonaak later (Limpt-Bogmans).
    number_bidder_no_bonaak: bool = False
    #: In bonaak the declarer may not take the centre cards (Limpt-Bogmans).
    bonaak_no_centre: bool = False
    #: Everybody must bid misère in the first hand of a seven-player match (pagat variant).
    seven_compulsory_misere: bool = False
    # --- play ----------------------------------------------------------------
    #: "single": a lone misère player names trump (nk rule 15); "none": misère has no trump.
    misere_trump: MisereTrump = "none"
    trump_jack_may_be_kept: bool = True
    may_trump_instead_of_following: bool = True
    #: On a trump lead a player must beat the highest trump if he can.
    overtrump_on_trump_lead: bool = False
    undertrump: Undertrump = "unless_forced"
    #: End the hand as soon as its result is certain (nk rule 31), else play every trick.
    stop_when_decided: bool = False
    # --- roem ----------------------------------------------------------------
    roem: RoemTable = field(default_factory=RoemTable)
    #: Declared roem must be lower than a number bid (nk rule 49, pagat).
    roem_below_bid: bool = True
    roem_contest: RoemContest = "none"
    #: Roem that falls in the declarer's won tricks counts too (hazerswoude 2.3).
    roem_in_tricks: bool = False
    #: Stuk may also be declared when its first card is played (nk rule 46).
    stuk_when_played: bool = False
    #: A bid that needs roem the bidder cannot hold puts him "erin" (nk rules 66-69).
    false_roem_erin: bool = False
    # --- match ---------------------------------------------------------------
    scoring: Scoring = "plusminus"
    #: In a two-player hand the non-declarer gets the opposite mark (hazerswoude 2.6).
    two_player_opposite_mark: bool = False
    first_dealer_by_lot: bool = False
    next_dealer: NextDealer = "left"

    #: The roem table is written as an object, each layout as ``[players, "deal script"]``.
    CUSTOM: ClassVar[Mapping[str, Custom]] = {
        "roem": Custom(_read_roem, dataclasses.asdict),
        "layouts": Custom(_read_layouts, _write_layouts),
    }

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RecordError(f"rule switch {name!r} must be one of {', '.join(allowed)}, not {value!r}")
        if self.roem.combine not in ("exclusive", "pagat"):
            raise RecordError("roem 'combine' must be 'exclusive' or 'pagat'")
        if self.min_bid <= 0 or self.min_bid % 5:
            raise RecordError(f"min_bid must be a positive multiple of 5, not {self.min_bid}")
        if self.max_number_bid < self.min_bid or self.max_number_bid % 5:
            raise RecordError("max_number_bid must be a multiple of 5 not below min_bid")
        for n, layout in self.layouts:
            if layout.sleepers(n) < 0:
                raise RecordError(f"the layout {layout.script!r} needs more than 32 cards for {n} players")
        if not self.players or any(n not in dict(self.layouts) for n in self.players):
            raise RecordError("every allowed number of players needs a centre layout")

    def layout(self, players: int) -> CentreLayout:
        """The deal for ``players`` players."""
        if self.one_closed_two_open and 2 <= players <= 4 and players in self.players:
            return _ONE_CLOSED_TWO_OPEN
        for n, layout in self.layouts:
            if n == players:
                return layout
        raise RecordError(
            f"the {self.preset} rules have no deal for {players} players (allowed: {', '.join(map(str, self.players))})"
        )

    def misere_rank_for(self, players: int) -> int:
        """Rank of a single misère in a hand of ``players`` players."""
        if self.high_misere_zwabber_from is not None and players >= self.high_misere_zwabber_from:
            return rank_above(100)
        return self.misere_rank

    def zwabber_rank_for(self, players: int) -> int:
        """Rank of zwabber in a hand of ``players`` players."""
        if self.high_misere_zwabber_from is not None and players >= self.high_misere_zwabber_from:
            return rank_above(125)
        return self.zwabber_rank

    @classmethod
    def of_preset(cls, name: str, **switches: Any) -> Rules:
        """:func:`preset`, for the shared JSON form (:class:`~troef.core.switches.PresetRules`)."""
        return preset(name, **switches)


def _layouts(**scripts: str) -> Layouts:
    return tuple((int(n[1:]), CentreLayout(s)) for n, s in scripts.items())


# pagat variant for two to four players: one card face down, then two face up.
_ONE_CLOSED_TWO_OPEN: Final = CentreLayout("3 C1 3 O2")

# nk rule 6: three each, two open and one blind card, three each; the rest sleeps.
_NK_LAYOUT: Final = "3 O2 C1 3"

_BASE: Final[dict[str, Rules]] = {
    "nk": Rules(
        preset="nk",
        players=(2, 3, 4),  # nk rule 1: four players, going down to three and two
        layouts=_layouts(p2=_NK_LAYOUT, p3=_NK_LAYOUT, p4=_NK_LAYOUT),
        min_bid=25,  # nk rule 12
        misere_rank=rank_above(100),  # nk rule 18
        zwabber_rank=rank_above(125),  # nk rule 18
        bonaak_roem_after_plain=True,  # nk rule 19
        six_over_five=True,  # nk rule 50
        misere_trump="single",  # nk rule 15
        overtrump_on_trump_lead=False,  # nk rule 26
        undertrump="unless_forced",  # nk rules 27-28
        stop_when_decided=True,  # nk rule 31
        roem=RoemTable(seq6=100, combine="exclusive"),  # nk rules 43, 44, 48
        roem_below_bid=True,  # nk rule 49
        roem_contest="none",  # nk rule 46
        stuk_when_played=True,  # nk rule 46
        false_roem_erin=True,  # nk rules 66-69
        scoring="nk",  # nk rules 51-59
        first_dealer_by_lot=True,  # nk rule 5
        next_dealer="declarer",  # nk rule 5
    ),
    "pagat": Rules(
        preset="pagat",
        players=(2, 3, 4, 5, 6, 7),
        # pagat "Das Kartengeben": four players two down after the first round
        # and two up after the second; five players one up after each round;
        # two and three players as four. Variants: six players five cards each
        # and two up; seven players four each, two up and two down.
        layouts=_layouts(
            p2="3 C2 3 O2",
            p3="3 C2 3 O2",
            p4="3 C2 3 O2",
            p5="3 O1 3 O1",
            p6="3 2 O2",
            p7="3 C2 1 O2",
        ),
        min_bid=5,  # pagat: any multiple of 5 (variant: at least 25)
        misere_rank=rank_above(70),
        misere_locks_after=2,  # pagat: after two misère bids no higher bid
        zwabber_rank=rank_above(100),
        misere_trump="none",
        overtrump_on_trump_lead=False,
        undertrump="allowed",
        roem=RoemTable(seq6=200, combine="pagat"),
        roem_below_bid=True,
        roem_contest="opponent_wins_tie",
        scoring="plusminus",
        next_dealer="left",
    ),
    "hazerswoude": Rules(
        preset="hazerswoude",
        players=(2, 3, 4, 5, 6, 7),
        # hazerswoude table 2.1 (hand / closed / open per player count); the
        # text gives no order of dealing, the closed cards go first as in pagat.
        layouts=_layouts(
            p2="3 C2 3 O2",
            p3="3 C2 3 O2",
            p4="3 C2 3 O2",
            p5="3 C1 3 O1",
            p6="3 C1 2 O1",
            p7="3 C2 1 O2",
        ),
        min_bid=30,  # hazerswoude table 2.2
        misere_rank=rank_equal(75),
        double_misere_rank=rank_equal(100),
        misere_locks_after=3,
        zwabber_rank=rank_equal(100),
        bonaak_rank=rank_equal(141),
        misere_trump="none",
        overtrump_on_trump_lead=True,  # 2.5 rule 4 read for trump leads too
        undertrump="unless_forced",
        roem=RoemTable(seq6=100, four_nines=150, combine="exclusive"),
        roem_below_bid=False,
        roem_contest="declarer_wins_tie",
        roem_in_tricks=True,
        scoring="plusminus",
        two_player_opposite_mark=True,
        next_dealer="left",
    ),
}


def preset(name: str, **switches: Any) -> Rules:
    """The rules of a named preset, with any switches changed.

    Unknown presets or switch names raise :class:`RecordError` with the list of
    valid names.
    """
    key = _memo_key(name, switches)
    known = _MADE.get(key) if key is not None else None
    if known is not None:
        return known
    base = _BASE.get(name)
    if base is None:
        raise RecordError(f"unknown rules preset {name!r}; choose one of {', '.join(PRESETS)}")
    Rules.refuse_unknown(switches)
    try:
        rules = dataclasses.replace(base, **Rules.switch_values(switches))
        for _, layout in rules.layouts:
            layout.steps  # noqa: B018 - parses the deal script, raising on a bad token
    except (TypeError, ValueError) as exc:  # a switch of the wrong type or shape
        raise RecordError(f"bad rule switch value: {exc}") from None
    if key is not None and len(_MADE) < _MADE_MAX:
        _MADE[key] = rules
    return rules


# Rules are immutable, so equal requests may share one object: a server makes the rules of every new table
# (and of every table it rebuilds), and building them (replace, validation, parsing the deal scripts) cost
# about a tenth of a millisecond each time. Only hashable switch values are remembered (JSON lists are not).
_MADE: dict[tuple[Any, ...], Rules] = {}
_MADE_MAX: Final = 1024


def _memo_key(name: str, switches: dict[str, Any]) -> tuple[Any, ...] | None:
    """What identifies the rules ``preset(name, **switches)`` makes, or None if it cannot be hashed.

    The values' types are part of it, so that ``1`` and ``True`` (equal and
    of equal hash) never share an entry.
    """
    key = (name, tuple(sorted((k, type(v), v) for k, v in switches.items())))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def limpt_bogmans() -> Rules:
    """The pagat variant of Eefje Limpt-Bogmans as one bundle of switches.

    Five cards each and two open centre cards, no misère and no zwabber, bids
    from 25, open bonaak as the top bid, no centre cards in any bonaak, and
    the points race from 5 (out below 1, loser at 10 or more).
    """
    return preset(
        "pagat",
        players=(2, 3, 4, 5, 6),
        layouts=tuple((n, CentreLayout("3 2 O2")) for n in (2, 3, 4, 5, 6)),
        min_bid=25,
        misere=False,
        zwabber=False,
        open_bonaak=True,
        number_bidder_no_bonaak=True,
        bonaak_no_centre=True,
        scoring="limpt_bogmans",
    )
