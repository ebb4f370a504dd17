"""Ratings: each member's skill at one game in one server, by the Weng-Lin method (openskill's
Plackett-Luce model: a Bayesian rating for matches of any number of players, ranked first to
last with ties, as TrueSkill is).

A skill is a mean (`mu`) and how unsure it still is (`sigma`); a member who never played a
rated match of the game has the model's prior. What people read is the conservative estimate
`mu - 3 sigma` (openskill's ordinal), scaled to a friendly number (`shown`): 1000 for a
newcomer, rising as a member wins and as their rating grows sure.

A rated match is ranked by the game's placings among its members: a shared place is a tie, and
the members the game left unranked (removed from the match) share the last place. Computer
seats take no part: their strength is no rating (it depends on the game's playout, not on a
record of matches), so a fixed one would reward or cost the people an arbitrary amount; the
people are ranked among themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
#: The scale of `shown`: a newcomer's conservative estimate (0) reads as `BASE`, and each
#: point of it as `SCALE`.
BASE = 1000
SCALE = 40


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float


#: A member's skill before their first rated match of a game.
PRIOR = Skill(MODEL.mu, MODEL.sigma)


def shown(skill: Skill) -> int:
    """The rating people read: the conservative estimate, scaled."""
    return round(MODEL.rating(skill.mu, skill.sigma).ordinal(alpha=SCALE, target=BASE))


def rerated(before: Sequence[Skill], places: Sequence[int | None]) -> list[Skill]:
    """The members' skills after a match that placed them `places` (1 is first; None: not
    ranked, which ranks below everyone ranked), in the same order. At least two members."""
    last = max((p for p in places if p is not None), default=0) + 1
    after = MODEL.rate(
        [[MODEL.rating(s.mu, s.sigma)] for s in before],
        ranks=[float(last if p is None else p) for p in places],
    )
    return [Skill(team[0].mu, team[0].sigma) for team in after]


def replayed(matches: Iterable[Sequence[tuple[int, int | None]]]) -> dict[int, Skill]:
    """Each member's skill after `matches` (each its members' (user id, place)), rated in
    the order given, from the prior."""
    skills: dict[int, Skill] = {}
    for match in matches:
        after = rerated([skills.get(u, PRIOR) for u, _ in match], [p for _, p in match])
        skills.update(zip((u for u, _ in match), after, strict=True))
    return skills
