"""End of Round (AT-25, AT-D7, AT-D9) and End of Game (AT-26, AT-27, AT-D20)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.atrades.data import era_of
from games.atrades.model import State, display_size
from games.atrades.money import owned
from games.core.errors import RuleError

#: AT-26, AT-D26: what ends the game: a guild ran out of action cubes, no starting tile is
#: left to acquire, or one guild is left in the match.
EndReason = Literal["cubes", "tiles", "one_left"]


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """What the end of a round did: the starting tiles laid out, the era of the next round,
    and whether the game ended, why (`reasons`, AT-26) and who won (a plain record: the
    flow reads it once and tells it in `RoundEnded`)."""

    refilled: list[int]
    era: int
    ended: bool
    reasons: list[EndReason]
    winners: list[int]


def out_of_cubes(state: State) -> list[int]:
    """The guilds with no action cube left (AT-26): a cube spent never comes back."""
    return [seat for seat, guild in enumerate(state.guilds) if guild.cubes == 0]


def last_round_reasons(state: State) -> list[EndReason]:
    """AT-26: why the round under way is certainly the game's last, known before its end: a
    guild has spent its last cube, or no starting tile is left on display or in the pile
    (the display is refilled only from the pile). Empty while it may not be."""
    reasons: list[EndReason] = []
    if out_of_cubes(state):
        reasons.append("cubes")
    if not state.display and not state.pool:
        reasons.append("tiles")
    return reasons


def end_round(state: State) -> RoundEnd:
    """AT-25, AT-D7: the starting tiles left on display are checked and the display refilled
    from the shuffled pile to one more than the players; AT-26: the game ends if a guild has
    no action cubes left or no starting tile is left to acquire; else the next round starts,
    AT-D9: in the era the schedule gives it."""
    if state.ended:
        raise RuleError("game_over", "The game is over.")
    if state.merger is not None or state.free_acquires or state.expansions:
        raise RuleError("round_pending", "The round still has a merger or placement to finish.")
    wanted = display_size(len(state.guilds)) - len(state.display)
    refilled = state.pool[:wanted]
    state.pool = state.pool[len(refilled) :]
    state.display = sorted(state.display + refilled)
    # Refilled, the display is empty only with the pile: the last round's reasons are the end's.
    reasons = last_round_reasons(state)
    if reasons:
        state.ended = True
        state.winners = winners(state)
    else:
        state.round += 1
        state.era = era_of(state.round)
    return RoundEnd(
        refilled=refilled,
        era=state.era,
        ended=state.ended,
        reasons=reasons,
        winners=list(state.winners),
    )


def winners(state: State) -> list[int]:
    """AT-27: the most personal money wins; AT-D20: equal money is settled by the most money
    in the banks of the guild's companies still in business, and a tie on both is shared.
    A removed guild (AT-D26) is not ranked."""
    ranked = standings(state)
    return [seat for seat, place in ranked.items() if place == 1]


def standing(state: State, seat: int) -> tuple[int, int]:
    """AT-27, AT-D20: what ranks a guild at the end: its money, then its companies' banks."""
    return state.guilds[seat].money, sum(c.bank for c in owned(state, seat))


def standings(state: State) -> dict[int, int]:
    """Each guild still in and its place, 1 first; guilds equal on both counts share one
    (AT-27, AT-D20)."""
    ranks = {
        seat: standing(state, seat) for seat in range(len(state.guilds)) if seat not in state.out
    }
    return {seat: 1 + sum(other > rank for other in ranks.values()) for seat, rank in ranks.items()}
