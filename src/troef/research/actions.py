"""Fixed integer action ids per game, shared by the OpenSpiel and PettingZoo wrappers.

Cards come first, numbered as :mod:`troef.cards` numbers them (suit * 8 +
rank, so ids 0..31 are ``play 7h`` .. ``play Ah`` .. ``play As``); Binokel
plays card *kinds* (its two copies of a card are the same card in play, see
:mod:`troef.games.binokel.actions`), so its play ids are the same 0..31, of
which the sevens and eights are never legal. Then each game's second card
action (Bonaken's ``discard``, Binokel's ``give``), then the words, trumps,
bids and roem, every one written by the engine's own action classes (their
``text()``), so :meth:`ActionTable.text_of` is the game's own notation. The
tables are printed in docs/research.md (``python -m troef.research.actions``).

>>> t = table("klaverjas")
>>> t.id_of("play Jh"), t.text_of(32), len(t)
(4, 'trump h', 95)
>>> table("binokel").text_of(32)
'give 7h'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from troef.cards import card_str
from troef.core.errors import TroefError

__all__ = ["ActionTable", "UnknownActionError", "table"]


class UnknownActionError(TroefError, KeyError):
    """An action text or id the game's table does not have."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass(frozen=True, slots=True)
class ActionTable:
    """One game's action ids: ``texts[id]`` is the action's text in the game's notation."""

    game: str
    texts: tuple[str, ...]
    ids: dict[str, int] = field(init=False, repr=False, compare=False)
    #: (first id, text of the first, text of the last) of each block, for the docs.
    blocks: tuple[tuple[int, int, str], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "ids", {text: i for i, text in enumerate(self.texts)})
        if len(self.ids) != len(self.texts):
            raise TroefError(f"{self.game}: an action text appears twice in the id table")

    def __len__(self) -> int:
        return len(self.texts)

    def id_of(self, text: str) -> int:
        """The id of an action text; :class:`UnknownActionError` if the table has none."""
        found = self.ids.get(text)
        if found is None:
            raise UnknownActionError(f"{self.game} has no action id for {text!r}")
        return found

    def text_of(self, action_id: int) -> str:
        """The text of an id; :class:`UnknownActionError` outside 0..len-1."""
        if not 0 <= action_id < len(self.texts):
            raise UnknownActionError(f"{self.game} has no action {action_id}: ids are 0 to {len(self.texts) - 1}")
        return self.texts[action_id]


def _build(game: str, parts: list[list[str]]) -> ActionTable:
    texts: list[str] = []
    blocks: list[tuple[int, int, str]] = []
    for part in parts:
        what = f"`{part[0]}` .. `{part[-1]}`" if len(part) > 1 else f"`{part[0]}`"
        blocks.append((len(texts), len(texts) + len(part) - 1, what))
        texts.extend(part)
    return ActionTable(game, tuple(texts), tuple(blocks))


def _cards(verb: str) -> list[str]:
    return [f"{verb} {card_str(c)}" for c in range(32)]


def _trumps() -> list[str]:
    return [f"trump {s}" for s in "hdcs"]


def _bonaken() -> ActionTable:
    from troef.games.bonaken.actions import Bid, BidKind
    from troef.games.bonaken.bidding import bid_ladder, six_values
    from troef.games.bonaken.roem import max_table_roem
    from troef.games.bonaken.rules import PRESETS, preset

    # misère sits beside the ladder (nk rule 10); open bonaak is Limpt-Bogmans' (in the ladder where it is played)
    bids: list[str] = [Bid(BidKind.MISERE).text(), Bid(BidKind.OPEN_BONAAK).text()]
    top_roem = 0
    for name in PRESETS:
        rules = preset(name)
        top_roem = max(top_roem, max_table_roem(rules.roem), *six_values(rules), 0)
        for players in rules.players:
            for bid in bid_ladder(rules, players).bids:
                if bid.text() not in bids:
                    bids.append(bid.text())
    roem = [f"roem {v}" for v in range(0, top_roem + 1, 10)]
    return _build("bonaken", [_cards("play"), _cards("discard"), ["pass"], bids, _trumps(), roem, ["stuk"]])


def _klaverjas() -> ActionTable:
    from troef.games.klaverjas.actions import WORDS

    # roem from the hand (Kraken 3.2): the most eight cards can hold stays below 500 (decided bound; the
    # battery of tests/research plays random deals and finds every legal text in the table)
    roem = [f"roem {v}" for v in range(0, 510, 10)]  # "roem 0": declaring none (Kraken 3.2)
    return _build("klaverjas", [_cards("play"), _trumps(), list(WORDS), roem])


def _binokel() -> ActionTable:
    from troef.games.binokel.rules import Rules

    rules = Rules()
    bids = [f"bid {v}" for v in range(rules.min_bid, rules.max_bid + 1, 10)]
    return _build("binokel", [_cards("play"), _cards("give"), ["pass", "concede"], _trumps(), bids])


@cache
def table(game: str) -> ActionTable:
    """The action table of ``game`` (``bonaken``, ``klaverjas`` or ``binokel``)."""
    builders = {"bonaken": _bonaken, "klaverjas": _klaverjas, "binokel": _binokel}
    if game not in builders:
        raise TroefError(f"no action table for {game!r}; choose one of {', '.join(builders)}")
    return builders[game]()


if __name__ == "__main__":  # the tables of docs/research.md
    for name in ("bonaken", "klaverjas", "binokel"):
        t = table(name)
        print(f"\n{name}: {len(t)} ids\n\n| ids | actions |\n|---|---|")
        for first, last, what in t.blocks:
            print(f"| {first}..{last} | {what} |" if last > first else f"| {first} | {what} |")
