"""What the analysis shows: the text of ``troef analyse``, the one-line summary after a deal, the JSON.

The words are kept here (a :class:`troef.core.words.Words`), so the summary after a deal of
``troef play`` speaks the table's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from troef.analysis.core import MISTAKE, Decision, MatchAnalysis, SeatSummary
from troef.core.words import Words

__all__ = ["deal_summary", "describe", "pretty_label"]

_SUITS: Final = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}

#: The analysis's words; ``t`` looks them up (else the shared catalogue's).
WORDS: Final = Words(
    {
        "analysis_none": {
            "nl": "Analyse: geen fouten{open}.",
            "en": "Analysis: no mistakes{open}.",
            "de": "Analyse: keine Fehler{open}.",
        },
        "analysis_mistakes": {
            "nl": "Analyse: {n} {n|fout|fouten}, kost {cost}: {where}{open}.",
            "en": "Analysis: {n} {n|mistake|mistakes}, cost {cost}: {where}{open}.",
            "de": "Analyse: {n} Fehler, kostet {cost}: {where}{open}.",
        },
        "analysis_open": {
            "nl": "; met open kaarten {cost} {unit} verloren",
            "en": "; with open cards {cost} {unit} lost",
            "de": "; mit offenen Karten {cost} {unit} verloren",
        },
        # the units of the values (troef.analysis.core.Part.open_unit)
        "analysis_trick": {"nl": "slag {n} {card}", "en": "trick {n} {card}", "de": "Stich {n} {card}"},
        "unit_points": {"nl": "punten", "en": "points", "de": "Punkte"},
        "unit_table points": {"nl": "tafelpunten", "en": "table points", "de": "Tischpunkte"},
        "unit_rounds": {"nl": "rondes", "en": "rounds", "de": "Runden"},
        "unit_contract": {"nl": "contract", "en": "contract", "de": "Kontrakt"},
        "unit_chance": {"nl": "procentpunt kans", "en": "percentage points of chance", "de": "Prozentpunkte Chance"},
        "analysis_more": {
            "nl": "Meer: {command}",
            "en": "More: {command}",
            "de": "Mehr: {command}",
        },
    }
)
t = WORDS.t


def pretty_label(label: str) -> str:
    """A decision's label with suit symbols (``trick 3 Ks`` -> ``trick 3 K♠``)."""
    head, _, last = label.rpartition(" ")
    if last and last[-1] in _SUITS and last[:-1] and (last[:-1].isdigit() or last[:-1] in "AKQJ"):
        return f"{head} {last[:-1]}{_SUITS[last[-1]]}".strip()
    return label


def _worded_label(label: str, lang: str) -> str:
    """A decision's label in ``lang``: a card play (``trick 3 Ks``) as ``slag 3 K♠``; others as :func:`pretty_label`."""
    words = pretty_label(label).split(" ")
    if len(words) == 3 and words[0] == "trick" and words[1].isdigit():
        return t("analysis_trick", lang, n=words[1], card=words[2])
    return " ".join(words)


def _number(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 1e-9 else f"{value:.1f}"


def _unit(unit: str, lang: str) -> str:
    """A unit in the reader's language (the fair values of a chance or a share: percentage points)."""
    key = "unit_chance" if unit in ("chance", "share") else f"unit_{unit}"
    return t(key, lang) if key in WORDS.words else unit


def _fair_costs(decisions: Sequence[Decision], lang: str = "en") -> str:
    """The fair costs of ``decisions`` summed per unit (chances in percentage points): "14 points"."""
    sums: dict[str, float] = {}
    for d in decisions:
        if d.fair is not None and d.fair.cost is not None:
            unit = d.fair.unit or "chance"
            sums[unit] = sums.get(unit, 0.0) + d.fair.cost * (100.0 if d.fair.unit is None else 1.0)
    return " + ".join(f"{_number(v)} {_unit(u, lang)}" for u, v in sums.items()) or "0"


def deal_summary(analysis: MatchAnalysis, seat: int, lang: str = "en", limit: int = 3) -> str:
    """One line on ``seat``'s decisions in the analysed deal(s): its mistakes, their fair cost, where; the open cost."""
    summary = next((s for s in analysis.seats if s.seat == seat), SeatSummary(seat))
    mistakes = [d for deal in analysis.deals for d in deal.decisions if d.seat == seat and d.mark == "mistake"]
    mistakes.sort(key=lambda d: (-d.fair_cost, d.deal, d.index))
    open_part = (
        t("analysis_open", lang, cost=_number(summary.open_cost), unit=_unit(analysis.open_unit, lang))
        if summary.open_cost > 1e-9
        else ""
    )
    if not mistakes:
        return t("analysis_none", lang, open=open_part)
    where = ", ".join(_worded_label(d.label, lang) for d in mistakes[:limit]) + (
        ", ..." if len(mistakes) > limit else ""
    )
    cost = _fair_costs(mistakes, lang)
    return t("analysis_mistakes", lang, n=len(mistakes), cost=cost, where=where, open=open_part)


def _values(d: Decision, kind: str, unit: str) -> str:
    judged = d.open if kind == "open" else d.fair
    if judged is None:
        return "-"
    scale = 100.0 if kind == "fair" and judged.unit is None else 1.0
    cost = "?" if judged.cost is None else _number(judged.cost * scale)
    if kind == "fair":
        cost += f" {_unit(judged.unit or 'chance', 'en')}"
        if judged.interval is not None and judged.unit is not None:
            cost += f" [{_number(judged.interval[0])}, {_number(judged.interval[1])}; {judged.worlds} worlds]"
    best = ", ".join(b for b in judged.best[:3]) + (" ..." if len(judged.best) > 3 else "")
    return f"cost {cost} (best {best})"


def _seat_line(s: SeatSummary, unit: str, decisions: Sequence[Decision]) -> str:
    accuracy = "-" if s.accuracy is None else f"{s.accuracy:.1f}"
    fair = _fair_costs([d for d in decisions if d.seat == s.seat])
    return (
        f"seat {s.seat}: {s.decisions} decisions, {s.mistakes} mistakes (fair cost {fair}), "
        f"{s.unlucky} unlucky, open-card cost {_number(s.open_cost)} {unit}, accuracy {accuracy}"
    )


def describe(analysis: MatchAnalysis, every: bool = False, seats: Sequence[int] | None = None) -> str:
    """The text of ``troef analyse``: per deal the seats' figures and the marked decisions (all with ``every``)."""
    s = analysis.settings
    kinds = [k for k, on in (("open cards", s.open), ("fair", s.fair)) if on]
    lines = [
        f"{analysis.game} {analysis.preset}, {analysis.players} players: {' and '.join(kinds)}",
        f"  open-card values in {analysis.open_unit}; fair values in {analysis.fair_unit} "
        f"(chances in percent; {s.samples} worlds each, more where close; seed {s.seed}); "
        f"a mistake: a fair cost of the game's mistake size (chances: {_number(100 * MISTAKE)}) "
        "whose 95% interval lies above zero",
    ]
    if analysis.in_play:
        lines.append(f"  deal(s) {', '.join(str(k + 1) for k in analysis.in_play)} still in play: not analysed")
    for deal in analysis.deals:
        lines.append("")
        lines.append(f"Deal {deal.deal + 1}")
        for summary in deal.seats:
            lines.append("  " + _seat_line(summary, analysis.open_unit, deal.decisions))
        for d in deal.decisions:
            if not every and d.mark not in ("mistake", "unlucky"):
                continue
            lines.append(
                f"  {pretty_label(d.label):<16} seat {d.seat}  {d.mark or '-':<8} "
                f"fair: {_values(d, 'fair', '')}  open: {_values(d, 'open', analysis.open_unit)}"
            )
            if d.consequence:
                lines.append(f"  {'':<16} on the sheet: {d.consequence}")
    lines.append("")
    lines.append("Whole record")
    everything = [d for deal in analysis.deals for d in deal.decisions]
    for summary in analysis.seats:
        lines.append("  " + _seat_line(summary, analysis.open_unit, everything))
    if analysis.turning_points:
        lines.append("  costliest decisions:")
        for d in analysis.turning_points:
            lines.append(
                f"    deal {d.deal + 1} {pretty_label(d.label)} (seat {d.seat}, {d.mark}): "
                f"fair cost {_fair_costs([d])}, open-card cost {_number(d.open_cost)} {analysis.open_unit}"
                + (f"; on the sheet: {d.consequence}" if d.consequence else "")
            )
    lines.append("")
    lines.append("accuracy = the share of the seat's judged decisions that are not mistakes, in percent")
    return "\n".join(lines)
