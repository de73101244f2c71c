"""Fixed integer action ids per game, shared by the OpenSpiel and PettingZoo wrappers.

Each game declares every action text it writes, in blocks
(:meth:`troef.core.game.ResearchPart.blocks`); the id of a text is its place
in that list. troef's games put the cards first, numbered as
:mod:`troef.cards` numbers them (suit * 8 + rank, so ids 0..31 are
``play 7h`` .. ``play Ah`` .. ``play As``; Binokel plays card *kinds*, its two
copies of a card being the same card in play), then each game's second card
action (Bonaken's ``discard``, Binokel's ``give``), then the words, trumps,
bids and roem, so :meth:`ActionTable.text_of` is the game's own notation. The
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
from typing import Any

from troef.core.errors import TroefError
from troef.core.game import ResearchPart
from troef.games import game as get_game
from troef.games import names, part

__all__ = ["ActionTable", "UnknownActionError", "research_part", "table"]


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


def research_part(game: str) -> ResearchPart[Any, Any]:
    """What ``game`` declares for research (its :attr:`~troef.core.game.Game.research_part`); a game that
    declares none is refused by name."""
    found = get_game(game)
    loaded = part(found, "research_part", "research part")
    if loaded is None:
        raise TroefError(f"{game} declares no research part (Game.research_part): it has no action ids or chance")
    if not isinstance(loaded, ResearchPart):
        raise TroefError(f"{game}'s research part ({found.research_part}) is not a ResearchPart")
    return loaded


@cache
def table(game: str) -> ActionTable:
    """The action table of ``game``: the texts its research part declares, numbered in order."""
    texts: list[str] = []
    blocks: list[tuple[int, int, str]] = []
    for block in research_part(game).blocks():
        if not block:
            continue
        what = f"`{block[0]}` .. `{block[-1]}`" if len(block) > 1 else f"`{block[0]}`"
        blocks.append((len(texts), len(texts) + len(block) - 1, what))
        texts.extend(block)
    return ActionTable(game, tuple(texts), tuple(blocks))


if __name__ == "__main__":  # the tables of docs/research.md
    for name in names():
        t = table(name)
        print(f"\n{name}: {len(t)} ids\n\n| ids | actions |\n|---|---|")
        for first, last, what in t.blocks:
            print(f"| {first}..{last} | {what} |" if last > first else f"| {first} | {what} |")
