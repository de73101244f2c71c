"""Bonaken in the terminal (``troef play bonaken``): one human seat, computer players at the others.

The game shows the human only what :func:`~troef.games.bonaken.view.hand_view`
gives that seat; the bots get their own seat's view. A line of input is read
by :mod:`troef.terminal.bonaken_input` (a card's number or notation, bids,
trump, roem, commands); Enter takes the suggestion shown. A mistake is explained with the
engine's own reason (in Dutch for ``--lang nl``) and asked again.

Every hand is saved as a record (``troef replay`` reads it); end of input or
``quit`` stops cleanly with the record saved. Bots pause briefly between
moves only when a person is watching (stdin and stdout are terminals).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from troef.cards import SUIT_LETTERS, suit_of
from troef.games.bonaken.actions import (
    PASS,
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    Discard,
    NameTrump,
    Pass,
    Play,
    parse_action,
)
from troef.games.bonaken.game import GAME, legal_actions
from troef.games.bonaken.heuristic import HeuristicBot
from troef.games.bonaken.hints import format_hints, hints
from troef.games.bonaken.i18n import card_label, parse_card_text, suit_label, t
from troef.games.bonaken.match import Match, Status
from troef.games.bonaken.play import TRUMP_POWER
from troef.games.bonaken.reading import points as card_points
from troef.games.bonaken.state import DealState
from troef.games.bonaken.view import BonakenView, hand_view
from troef.terminal.bonaken_input import COMMANDS, LineReader, Parsed
from troef.terminal.frame import BOT_NAMES, Frame, Quit, UsageError
from troef.terminal.words import t as frame_t

#: Seconds the hint command may think.
HINT_BUDGET: Final = 1.5
#: Suits shown in this order after the trumps, so that the colours alternate (♥ ♣ ♦ ♠).
_SUIT_ORDER: Final = (0, 2, 1, 3)
_RED: Final = (0, 1)


__all__ = ["BOT_NAMES", "TerminalGame", "UsageError", "play_match"]


def play_match(
    rules: str = "nk",
    players: int = 4,
    seed: int | None = None,
    lang: str = "nl",
    bots: str = "heuristic",
    seat: int = 0,
    save: Path | None = None,
) -> None:
    """Play a match of Bonaken in the terminal: seat ``seat`` is the human, the others are ``bots``.

    The record is written to ``save`` (default: a new file in the user data
    folder) after every hand and when the match ends or is stopped.
    """
    game = TerminalGame(rules=rules, players=players, seed=seed, lang=lang, bots=bots, seat=seat, save=save)
    game.run()


class TerminalGame(Frame):
    """One match of Bonaken at the terminal, on the frame every game shares."""

    game_name = GAME.name
    match: Match

    def prepare(self) -> None:
        self.advisor = HeuristicBot(seed=self.match.seed % 2**31, name="advisor")
        self._hand: DealState | None = None
        self._events = 0
        self._tricks = 0
        self._pending_discards: tuple[int, int] | None = None
        self._announced_out = False
        self._table_shown: tuple[int, str, int] | None = None

    # ------------------------------------------------------------------ names and words
    def _say(self, key: str, seat: int, **params: object) -> str:
        """``key`` said of ``seat``: the human has his own grammar (``Je speelt`` / ``Anna speelt``)."""
        if seat == self.human:
            try:
                return t(f"{key}_you", self.lang, **params)
            except KeyError:
                pass
        return t(key, self.lang, name=self.name(seat), **params)

    def _and(self, seats: list[int] | tuple[int, ...]) -> str:
        names = [self.name(s) for s in seats]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + f" {t('and', self.lang)} " + names[-1]

    def card(self, card: int, style: str = "") -> Text:
        """A card in its colour (hearts and diamonds red)."""
        colour = "red" if suit_of(card) in _RED else "default"
        return Text(card_label(card, self.lang), style=f"{style} {colour}".strip())

    def cards(self, cards: tuple[int, ...] | list[int]) -> Text:
        return Text(" ").join(self.card(c, "bold") for c in cards)

    def bid_label(self, bid: Bid) -> str:
        if bid.kind == BidKind.NUMBER:
            return str(bid.value)
        word = {
            BidKind.MISERE: "misère",
            BidKind.ZWABBER: "zwabber",
            BidKind.BONAAK: "bonaak",
            BidKind.OPEN_BONAAK: "open bonaak",
        }[bid.kind]
        if bid.value:
            word += f" {bid.value}"
        if bid.six:
            word += f" ({t('six_card', self.lang)})"
        return word

    def contract_label(self, name: str) -> str:
        """An engine contract name (``'double misère'``) in the table's language."""
        return name.replace("double misère", t("double_misere", self.lang)).replace(
            "(six-card)", f"({t('six_card', self.lang)})"
        )

    def action_label(self, action: BonakenAction) -> str:
        """What the player would type for ``action``."""
        if isinstance(action, Pass):
            return t("pass_word", self.lang)
        if isinstance(action, Bid):
            return self.bid_label(action)
        if isinstance(action, (Discard, Play)):
            return card_label(action.card, self.lang)
        if isinstance(action, NameTrump):
            return suit_label(action.suit, self.lang)
        if isinstance(action, DeclareRoem):
            return str(action.value)
        return "stuk"

    # ------------------------------------------------------------------ the frame's hooks
    def before_ask(self) -> None:
        self._flush_discards()

    def before_action(self) -> None:
        hand = self.match.hand
        if hand is not self._hand:
            self._start_hand(hand)

    def human_turn(self) -> None:
        self._human_turn(self.match.hand)

    def after_action(self) -> None:
        assert self._hand is not None
        self._after(self._hand)  # the hand acted in (the match may have dealt the next one)

    def intro(self) -> None:
        self._intro()

    def end_match(self) -> None:
        self._end_match()

    def _intro(self) -> None:
        m = self.match
        others = [s for s in range(m.table) if s != self.human]
        self.print(Rule(t("title", self.lang, rules=self.rules_name, players=m.table), style="bold"))
        self.print(
            t("welcome", self.lang, seat=self.human, bots=self._and(others), kind=self.bot_kind)
            + f" [dim]({t('seed', self.lang, seed=m.seed)})[/dim]"
        )
        if m.lot:
            draws = ", ".join(self._say("draws", s, card=card_label(c, self.lang)) for s, c in m.lot)
            self.print(self._say("lot", m.first_dealer, draws=draws))

    def _start_hand(self, hand: DealState) -> None:
        self._hand = hand
        self._events = 0
        self._tricks = 0
        self._pending_discards = None
        number = len(self.match.hands)
        self.print()
        self.print(Rule(self._say("hand_header", hand.deal.dealer, n=number)))
        if self.human not in hand.seats and not self._announced_out:
            self._announced_out = True
            self.print(t("you_are_out", self.lang))

    def _after(self, hand: DealState) -> None:
        """Tell what just happened, and finish the hand when it is over."""
        watching = self.human in hand.seats
        if watching:
            self._narrate(hand)
        else:
            self._events = len(hand.history)
        if hand.is_over:
            self._flush_discards()
            self._end_hand(hand)

    # ------------------------------------------------------------------ the human's turn
    def _human_turn(self, hand: DealState) -> None:
        view = hand_view(hand, self.human)
        # the whole table when others did something since it was last shown, else just the cards
        others = (id(hand), view.phase, sum(1 for s, _ in view.events if s != self.human))
        if others != self._table_shown:
            self._show_table(hand, view)
            self._table_shown = others
        else:
            self._show_cards(view)
        while True:
            view = hand_view(hand, self.human)
            order = self._display_order(view)
            default = self._default(view)
            line = self.ask(self._prompt(view, default))
            parsed = self._parse(line, view, order)
            if parsed.command is not None:
                self._command(parsed.command, hand, view)
                continue
            if parsed.error is not None:
                self.print(f"[yellow]{escape(parsed.error)}[/yellow]")
                continue
            actions = [default] if parsed.default and default is not None else parsed.actions
            if not actions:
                self.print(f"[yellow]{escape(self._examples(view))}[/yellow]")
                continue
            applied = 0
            for action in actions:
                if self.match.hand is not hand or hand.to_act != self.human:
                    break
                refused = hand.refusal(action)
                if refused is not None:
                    self.print(
                        "[yellow]" + escape(t("not_now", self.lang, reason=refused.text(self.lang))) + "[/yellow]"
                    )
                    break
                self.match.apply(action)
                applied += 1
                self._after(hand)
            if applied:
                return

    def _command(self, command: str, hand: DealState, view: BonakenView) -> None:
        if command == "quit":
            raise Quit
        if command == "help":
            self.print(Panel(t("help", self.lang), box=box.ROUNDED, expand=False))
        elif command == "hand":
            self._show_table(hand, view)
        elif command == "sheet":
            self.print(self._sheet_table())
        elif command == "hint":
            # the strongest bot's evaluation: each option with its chance of success
            found = hints(view, self.match.rules, budget=HINT_BUDGET, seed=self.match.seed % 2**31)
            text = format_hints(found, self.action_label) if found else ""
            self.print(frame_t("hint", self.lang, action=text or self.action_label(self.advisor.act(view))))

    def _default(self, view: BonakenView) -> BonakenAction | None:
        """What Enter does: pass in the bidding, the highest roem, else the advisor's choice."""
        actions = legal_actions(view)
        if not actions:
            return None
        if view.phase == "bidding":
            return PASS if PASS in actions else actions[0]
        if view.phase == "roem":
            return max(actions, key=lambda a: a.value if isinstance(a, DeclareRoem) else -1)
        cards = [a for a in actions if isinstance(a, (Play, Discard))]
        if view.phase == "play" and len(cards) == 1 and len(actions) == 1:
            return cards[0]
        return self.advisor.act(view)

    def _prompt(self, view: BonakenView, default: BonakenAction | None) -> str:
        lang = self.lang
        phase = view.phase
        if phase == "bidding":
            text = t("prompt_bid", lang) + f" [dim]({self._bid_options(view)})[/dim]"
        elif phase == "exchange":
            need = len(view.hand or ()) - min(
                (n for s, n in view.hand_sizes.items() if s != self.human), default=len(view.hand or ())
            )
            key = "prompt_pass_on" if self._misere_chain(view) else "prompt_discard"
            text = t(key, lang, n=max(need, 1))
        elif phase == "trump":
            letters = "h r k s" if lang == "nl" else "h d c s"
            text = t("prompt_trump", lang) + f" [dim]({letters})[/dim]"
        elif phase == "roem":
            options = ", ".join(a.split()[1] for a in view.legal)
            text = t("prompt_roem", lang, options=options)
        else:
            text = t("prompt_play", lang)
            if "stuk" in view.legal:
                text += f" [dim]({t('or_stuk', lang)})[/dim]"
        if default is not None:
            text += f" [cyan]\\[{escape(t('enter_default', lang, default=self.action_label(default)))}][/cyan]"
        return f"[bold]{text}[/bold]: "

    def _bid_options(self, view: BonakenView) -> str:
        """The legal bids in short: ``pas, misère, 40-360, zwabber, bonaak``."""
        lang = self.lang
        numbers: list[int] = []
        words: list[str] = []
        for action in legal_actions(view):
            if isinstance(action, Pass):
                words.append(t("pass_word", lang))
            elif isinstance(action, Bid):
                if action.kind == BidKind.NUMBER:
                    numbers.append(action.value)
                elif action.kind != BidKind.BONAAK or not action.value:
                    words.append(self.bid_label(action))
                elif "bonaak 20+" not in words:
                    words.append("bonaak 20+")
        if numbers:
            span = f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
            words.insert(min(len(words), 2 if words[1:2] == ["misère"] else 1), span)
        return ", ".join(words)

    @staticmethod
    def _misere_chain(view: BonakenView) -> bool:
        return bool(view.contract and "misère" in view.contract and len(view.declarers) > 1)

    def _examples(self, view: BonakenView) -> str:
        key = {
            "bidding": "examples_bidding",
            "trump": "examples_trump",
            "roem": "examples_roem",
        }.get(view.phase, "examples_cards")
        return t(key, self.lang)

    # ------------------------------------------------------------------ reading input
    def _parse(self, line: str, view: BonakenView, order: list[int]) -> Parsed:
        return LineReader(self.lang, self._examples).parse(line, view, order)

    # ------------------------------------------------------------------ the table
    def _display_order(self, view: BonakenView) -> list[int]:
        """The viewer's cards as shown and numbered: trumps first (strongest first), then ♥ ♣ ♦ ♠."""
        trump = view.trump

        def key(card: int) -> tuple[int, int, int]:
            suit, rank = suit_of(card), card & 7
            strength = TRUMP_POWER[rank] if suit == trump else rank
            return (0 if suit == trump else 1, _SUIT_ORDER.index(suit), -strength)

        return sorted(view.hand or (), key=key)

    def _hand_line(self, view: BonakenView, order: list[int]) -> Text:
        legal: set[int] = set()
        marking = view.phase in ("play", "exchange")
        for text in view.legal:
            verb, _, rest = text.partition(" ")
            if verb in ("play", "discard"):
                legal.add(parse_card_text(rest))
        line = Text()
        previous = -1
        for i, card in enumerate(order, 1):
            suit = suit_of(card)
            if previous >= 0 and suit != previous:
                line.append(" │ ", style="dim")
            elif i > 1:
                line.append("  ")
            previous = suit
            playable = not marking or card in legal
            line.append(f"{i}:", style="cyan" if playable else "dim")
            line.append_text(self.card(card, "bold" if playable else "dim"))
            if suit == view.trump:
                line.append("*", style="yellow" if playable else "dim")
        return line

    def _show_table(self, hand: DealState, view: BonakenView) -> None:
        lang = self.lang
        rows: list[RenderableType] = []
        centre = Text.assemble((f"{t('centre', lang)}: ", "bold"))
        centre.append_text(self.cards(view.centre_open) if view.centre_open else Text("-"))
        if view.centre_closed:
            centre.append(f"  {t('blind_cards', lang, n=view.centre_closed)}", style="dim")
        if view.phase != "bidding" and view.declarers:
            centre.append(f"  → {self.name(view.declarers[0])}", style="dim")
        rows.append(centre)
        bids = [(s, txt) for s, txt in view.events if txt == "pass" or txt.startswith("bid ")]
        line = Text.assemble((f"{t('bidding', lang)}: ", "bold"))
        if bids:
            line.append(" · ".join(f"{self.name(s)} {self._event_bid(txt)}" for s, txt in bids))
        else:
            line.append(t("nobody_bid", lang), style="dim")
        rows.append(line)
        if view.contract is not None:
            line = Text.assemble((f"{t('contract', lang)}: ", "bold"))
            contract = self.contract_label(view.contract)
            line.append(t("contract_by", lang, contract=contract, names=self._and(view.declarers)))
            if view.phase in ("roem", "play", "done"):
                if view.trump >= 0:
                    line.append(f" · {t('trump', lang)} {suit_label(view.trump, lang)}")
                else:
                    line.append(f" · {t('no_trump', lang)}")
            if view.roem_declared:
                key = "roem_declared" if view.roem_counted or not view.contest else "roem_cancelled"
                line.append(" · " + t(key, lang, value=view.roem_declared))
            rows.append(line)
        if view.phase == "play":
            line = Text.assemble((f"{t('trick', lang)} {len(view.tricks) + 1}: ", "bold"))
            if view.trick:
                for i, (s, c) in enumerate(view.trick):
                    if i:
                        line.append(" · ")
                    line.append(f"{self.name(s)} ")
                    line.append_text(self.card(c, "bold"))
            else:
                line.append("-", style="dim")
            rows.append(line)
            won = " · ".join(f"{self.name(s)} {view.tricks_won[s]}" for s in view.seats)
            rows.append(Text.assemble((f"{t('tricks', lang)}: ", "bold")) + Text(won))
            if view.contract and view.contract.isdigit() and view.declarers:
                d = view.declarers[0]
                roem = view.roem_counted
                rows.append(
                    Text(
                        t(
                            "score_of",
                            lang,
                            name=self.name(d).capitalize(),
                            points=view.points[d],
                            roem=roem,
                            total=view.points[d] + roem,
                            need=view.contract,
                        ),
                        style="dim",
                    )
                )
        title = self._say("hand_header", view.dealer, n=len(self.match.hands))
        self.print(Panel(Group(*rows), title=title, title_align="left", box=box.ROUNDED, expand=False))
        self._show_cards(view)

    def _show_cards(self, view: BonakenView) -> None:
        order = self._display_order(view)
        self.print(Text.assemble((f"{t('your_hand', self.lang)}: ", "bold")) + self._hand_line(view, order))

    def _event_bid(self, text: str) -> str:
        if text == "pass":
            return t("pass_word", self.lang)
        action = parse_action(text)
        return self.bid_label(action) if isinstance(action, Bid) else text

    # ------------------------------------------------------------------ telling what happens
    def _flush_discards(self) -> None:
        if self._pending_discards is None:
            return
        seat, count = self._pending_discards
        self._pending_discards = None
        hand = self._hand
        chain = hand is not None and self._misere_chain(hand_view(hand, self.human))
        self.print(self._say("passes_on" if chain else "lays_away", seat, n=count))

    def _narrate(self, hand: DealState) -> None:
        view = hand_view(hand, self.human)
        lang = self.lang
        new = view.events[self._events :]
        start = self._events
        self._events = len(view.events)
        for offset, (seat, text) in enumerate(new):
            index = start + offset
            verb, _, rest = text.partition(" ")
            if text == "discard":
                if self._pending_discards and self._pending_discards[0] == seat:
                    self._pending_discards = (seat, self._pending_discards[1] + 1)
                else:
                    self._flush_discards()
                    self._pending_discards = (seat, 1)
                continue
            self._flush_discards()
            if text == "pass":
                self.print(self._say("passes", seat))
            elif verb == "bid":
                self.print(self._say("bids", seat, bid=self._event_bid(text)))
                self.pause(0.3)
            elif verb == "discard":
                key = "you_pass_on" if self._misere_chain(view) else "you_lay_away"
                self.print(t(key, lang, card=card_label(parse_card_text(rest), lang)))
            elif verb == "trump":
                self.print(self._say("names_trump", seat, suit=suit_label(SUIT_LETTERS.index(rest), lang)))
            elif verb == "roem":
                value = int(rest)
                self.print(
                    self._say("declares_roem", seat, value=value) if value else self._say("declares_no_roem", seat)
                )
                for opp, shown in view.contest:
                    self.print(self._say("shows_roem", opp, value=shown))
                if value and view.contest and not view.roem_counted:
                    self.print(t("roem_void", lang, name=self.name(seat)))
            elif verb == "stuk":
                self.print(self._say("declares_stuk", seat))
            elif verb == "play":
                self._print_play(seat, parse_card_text(rest))
                earlier = [e[1].partition(" ")[0] for e in view.events[:index]]
                if "play" not in earlier and "trump" not in earlier and view.trump >= 0:
                    # nk rule 75, pagat: leading without naming trump makes the led suit trump
                    self.print(self._say("leads_no_trump", seat, suit=suit_label(view.trump, lang)))
                self.pause(0.5)
        if self._pending_discards is not None and self._pending_discards[0] != view.to_act:
            self._flush_discards()
        if view.phase == "exchange" and view.to_act == self.human and new:
            if self.human == view.declarers[0] and not view.laid_away:
                self.print(Text(t("you_take", lang, cards="")) + self.cards(view.centre_open + view.blind))
            elif view.received and not view.laid_away:
                self.print(Text(t("you_receive", lang, cards="")) + self.cards(view.received))
        while self._tricks < len(view.tricks):
            trick, winner = view.tricks[self._tricks]
            self._tricks += 1
            won = sum(card_points(c, view.trump) for _, c in trick)
            self.print(
                Text(
                    "→ " + self._say("wins_trick", winner, points=won),
                    style="bold green" if winner == self.human else "bold",
                )
            )
            self.pause(1.0)

    def _print_play(self, seat: int, card: int) -> None:
        text = self._say("plays", seat, card="\0")
        before, _, after = text.partition("\0")
        self.print(Text(before) + self.card(card, "bold") + Text(after))

    def _end_hand(self, hand: DealState) -> None:
        lang = self.lang
        result = hand.result
        assert result is not None
        if result.redeal:
            self.print(t("redeal", lang))
            return
        contract = self.contract_label(result.contract_name)
        for seat in result.declarers:
            won = result.won.get(seat, False)
            verdict = t("made" if won else "lost", lang)
            reason = result.reasons.get(seat)
            if (
                result.contract is not None
                and result.contract.kind == BidKind.NUMBER
                and reason is not None
                and reason.value in ("made", "short")
            ):
                roem = result.roem_counted + result.trick_roem
                line = self._say(
                    "result_number",
                    seat,
                    contract=contract,
                    points=result.card_points,
                    roem=roem,
                    total=result.total,
                    verdict=verdict,
                )
            else:
                why = t(f"reason.{reason.value}", lang) if reason is not None else "-"
                line = self._say("result_other", seat, contract=contract, verdict=verdict, reason=why)
            self.print(Text(line, style="bold green" if won else "bold red"))
        for seat in result.false_roem:
            self.print(self._say("false_roem", seat))
        sheet = self.match.sheet
        for seat in sheet.last_out:
            status = sheet.status(seat)
            self.print(Text(self._say("goes_out" if status == Status.ERUIT else "goes_in", seat), style="bold"))
        if not self.match.is_over:
            self.print(self._sheet_table())
        self.save(announce=False)
        if self.interactive and not self.match.is_over and self.human in self.match.sheet.active:
            try:
                answer = self.console.input(f"[dim]{t('next_hand', lang)}[/dim]")
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            if COMMANDS.get(answer.strip().lower()) == "quit":
                raise Quit

    def _sheet_table(self) -> Table:
        lang = self.lang
        match = self.match
        sheet = match.sheet
        table = Table(title=t("sheet", lang), box=box.SIMPLE_HEAD, title_style="bold", title_justify="left")
        table.add_column("#", justify="right", style="dim")
        table.add_column(t("contract", lang))
        for seat in range(match.table):
            table.add_column(self.name(seat), justify="center", style="bold" if seat == self.human else "")
        for i, row in enumerate(sheet.rows, 1):
            marks = [self._mark(row.marks.get(s, "")) for s in range(match.table)]
            table.add_row(str(i), escape(self.contract_label(row.contract)), *marks)
        table.add_section()
        if match.rules.scoring in ("points5", "limpt_bogmans"):
            table.add_row("", t("points", lang), *[str(sheet.points[s]) for s in range(match.table)])
        table.add_row("", t("status", lang), *[self._status(sheet.status(s)) for s in range(match.table)])
        if match.rules.scoring == "nk" and (match.is_over or sheet.eruit_groups):
            # nk rules 54-57: the places are known for whoever is out; the rest at the end
            points = sheet.table_points()
            known = [match.is_over or s in sheet.out for s in range(match.table)]
            cells = [f"[bold]{points[s]}[/bold]" if known[s] else "" for s in range(match.table)]
            table.add_row("", t("table_points", lang), *cells)
        return table

    @staticmethod
    def _mark(mark: str) -> str:
        if mark.startswith("+"):
            return f"[green]{escape(mark)}[/green]"
        if mark.startswith("-") or mark.startswith("erin"):
            return f"[red]{escape(mark)}[/red]"
        return escape(mark)

    @staticmethod
    def _status(status: Status) -> str:
        style = {Status.ERUIT: "green", Status.ERIN: "red", Status.WIP: "yellow"}.get(status, "")
        return f"[{style}]{status.value}[/{style}]" if style else status.value

    # ------------------------------------------------------------------ the end
    def _end_match(self) -> None:
        lang = self.lang
        sheet = self.match.sheet
        self.print()
        self.print(Rule(t("match_over", lang), style="bold"))
        self.print(self._sheet_table())
        losers = sheet.losers()
        if not losers:
            self.print(Text(t("nobody_erin", lang), style="bold"))
        elif len(losers) == 1:
            self.print(Text(self._say("buys_round", losers[0], names=self.name(losers[0])), style="bold"))
        else:
            self.print(Text(t("buy_round_plural", lang, names=self._and(losers)), style="bold"))
        if self.match.rules.scoring == "nk":
            points = sheet.table_points()
            ranking = sorted(range(self.match.table), key=lambda s: -points[s])
            self.print(
                f"{t('table_points', lang).capitalize()}: "
                + ", ".join(f"{escape(self.name(s))} {points[s]}" for s in ranking)
            )
