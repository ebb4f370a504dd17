"""Money: what a guild can pay from its purse and one company (AT-7, AT-14, AT-19), paying,
and the ledger that shows money conserved (AT-D10).

Money enters play as the guilds' starting money; afterwards only the market's income and the
Govt.'s payouts create it, and only bids, research, Govt. dispersions and a merged company's
old bank destroy it. Every rule that does either books it in `State.created` or
`State.destroyed`, so `conservation(state)` is 0 in every reachable state.
"""

from __future__ import annotations

from games.atrades.model import Company, Payment, State
from games.core.errors import RuleError


def owned(state: State, seat: int) -> list[Company]:
    """The companies a guild owns that are still in business (not flipped)."""
    return [c for c in state.companies if c.owner == seat and not c.flipped]


def capacity(state: State, seat: int) -> int:
    """The most a guild can pay: its money and the richest of its companies' banks."""
    return state.seat(seat).money + max((c.bank for c in owned(state, seat)), default=0)


def check_payment(state: State, seat: int, payment: Payment, amount: int, what: str) -> None:
    """Refuse a payment that is not exactly `amount`, or draws on money the guild lacks."""
    guild = state.seat(seat)
    if payment.total != amount:
        raise RuleError(
            "payment_total",
            "{what} costs ${amount}, but the payment adds up to ${total}.",
            what=what,
            amount=amount,
            total=payment.total,
        )
    if payment.company is not None:
        company = state.company(payment.company)
        if company.owner != seat or company.flipped:
            raise RuleError(
                "not_your_company",
                "Company {company} is not yours to pay from.",
                company=company.initiative,
            )
        if payment.from_company > company.bank:
            raise RuleError(
                "short_bank",
                "Company {company} holds ${bank}, not the ${asked} asked of it.",
                company=company.initiative,
                bank=company.bank,
                asked=payment.from_company,
            )
    if payment.from_money > guild.money:
        raise RuleError(
            "short_money",
            "You hold ${money}, not the ${asked} asked.",
            money=guild.money,
            asked=payment.from_money,
        )


def take(state: State, seat: int, payment: Payment) -> None:
    """Take a checked payment out of the guild's purse and company (nothing booked)."""
    state.seat(seat).money -= payment.from_money
    if payment.company is not None:
        state.company(payment.company).bank -= payment.from_company


def spend(state: State, seat: int, payment: Payment) -> None:
    """Take a checked payment and return it to the supply."""
    take(state, seat, payment)
    state.destroyed += payment.total


def in_play(state: State) -> int:
    """All money in play: the guilds' purses and the companies' banks."""
    return sum(g.money for g in state.guilds) + sum(c.bank for c in state.companies)


def conservation(state: State) -> int:
    """AT-D10: money in play less what the ledger says there should be; 0 when no rule made
    or lost money it did not book."""
    return in_play(state) - (state.money_at_start + state.created - state.destroyed)


def payment(state: State, seat: int, pay_from: str, amount: int) -> Payment:
    """AT-7, AT-D24: `amount` paid from personal money ("purse"), or from a company of the
    guild's, whose bank pays first and personal money the rest; refused when that is more
    than the source holds."""
    if pay_from == "purse":
        return Payment(from_money=amount)
    if not pay_from.isdigit():
        raise RuleError(
            "bad_source",
            "Pay from your money or a company, not {source}.",
            source=repr(pay_from[:10]),
        )
    company = state.company(int(pay_from))
    if company.owner != seat or company.flipped:
        raise RuleError(
            "not_your_company",
            "Company {company} is not yours to pay from.",
            company=company.initiative,
        )
    most = company.bank + state.seat(seat).money
    if amount > most:
        raise RuleError(
            "bid_over",
            "You named ${amount}, but your money and company {company}'s bank hold ${most}.",
            amount=amount,
            company=company.initiative,
            most=most,
        )
    part = min(company.bank, amount)
    return Payment(company=company.initiative, from_company=part, from_money=amount - part)
