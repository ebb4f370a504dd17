"""What a hostile or careless person types: every command option and form field, at Discord's
own limits and as arbitrary text, gets a private answer that fits a message and changes
nothing it refuses (issue #12, items 1 and 2)."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from typing import Any

import discord
import pytest
from discord import app_commands
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from simcord.backend.errors import OptionError, SetupError

from bot.amounts import MAX_AMOUNT, parse_amount, parse_numbers
from bot.errors import UNEXPECTED, UserError
from bot.flows import lobby
from bot.games.registry import PLUGINS
from games.core.errors import typed
from tests.bot.conftest import Table
from tests.drivers.marsbot_draft import Draft
from tests.drivers.project_mars import Mars

#: A long value a hostile member may paste: mentions, markdown and text in other scripts.
LONG = ("@everyone <@&1> **bold** `code` ünïcödé 汉字 " * 200)[:4000]
FORM_CHECKS = settings(
    max_examples=25,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _value(parameter: app_commands.Parameter, t: Table, role: Any) -> Any:
    """A valid value for an option that is not the one under test."""
    kind = parameter.type
    if parameter.choices:
        return parameter.choices[0].value
    if kind is discord.AppCommandOptionType.integer:
        return int(parameter.min_value or 1)
    if kind is discord.AppCommandOptionType.boolean:
        return False
    if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
        return t.players[1]
    if kind is discord.AppCommandOptionType.channel:
        return t.channel
    if kind is discord.AppCommandOptionType.role:
        return role
    return "x"


def _text_options(
    tree: app_commands.CommandTree[Any],
) -> list[tuple[str, app_commands.Command[Any, Any, Any], str]]:
    """(command name, command, option name) of every text option of every slash command."""
    return [
        (command.qualified_name, command, parameter.name)
        for command in tree.walk_commands()
        if isinstance(command, app_commands.Command)
        for parameter in command.parameters
        if parameter.type is discord.AppCommandOptionType.string
    ]


def _unexpected_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_every_text_option_and_form_field_takes_4000_characters(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Each text option of each command, from a host and from a player, and each form field,
    given 4,000 characters: Discord refuses what the option declares too long (SimCord does
    as Discord does), and everything else is answered in one message that fits."""
    t = Table(simcord_env, 4)
    role = t.guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    admin = t.guild.add_member(simcord_env.create_user("admin"), roles=[role])
    await t.start(phase_minutes=60)
    before = (await t.state()).model_dump()
    options = _text_options(t.bot.tree)
    assert {name for name, _, _ in options} >= {"bid", "season history", "season start"}
    answered = 0
    for name, command, option in options:
        for member in (admin, t.players[0]):
            values = {
                p.name: _value(p, t, role)
                for p in command.parameters
                if p.required and p.name != option
            }
            values[option] = LONG
            try:
                r = await member.slash(t.channel, name, **values)
            except OptionError:
                declared = next(p for p in command.parameters if p.name == option)
                assert declared.choices or (declared.max_value or 6000) < len(LONG), name
                continue
            assert r.response is not None, f"/{name} {option}: no answer reached the member"
            assert len(r.response.content) <= 2000
            assert not r.response.content.startswith(UNEXPECTED), f"/{name} {option}"
            answered += 1
    assert answered >= 4, "the open text options were answered, not only refused by Discord"
    assert (await t.state()).model_dump() == before

    with pytest.raises(SetupError, match="max_length"):
        await t.bid_by_button(t.players[0], "genre-shop", LONG)
    r = await t.bid_by_button(t.players[0], "genre-shop", LONG[:12])
    assert r.ephemeral and "is not an amount" in r.response.content
    assert (await t.state()).model_dump() == before
    assert not _unexpected_logged(caplog)


async def test_a_4000_character_deck_list_is_refused_in_a_message_that_fits(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    t = Mars(simcord_env)
    await t.start(deck="vanguard")
    dm = t.last_with(t.bob, f"dealer:pm:deck-list:{t.match_id}")
    for pasted in (LONG, "\n".join(f"card {i}" for i in range(600))[:4000], "9" * 3990 + "x Scout"):
        shown = await t.bob.user.click(dm, custom_id=f"dealer:pm:deck-list:{t.match_id}")
        r = await t.bob.user.submit_modal(shown, {"cards": pasted})
        assert r.response is not None and r.ephemeral
        assert len(r.response.content) <= 2000 and not r.response.content.startswith(UNEXPECTED)
        assert (await t.state()).seats[t.pid(t.bob)].deck_name is None
    assert not _unexpected_logged(caplog)


def _pings(env: Any, channel_id: int) -> list[tuple[list[int], list[int], bool]]:
    """Whom each message of a channel notified, as SimCord applies the allowed mentions:
    (members, roles, whether @everyone or @here)."""
    return [
        (list(m.ping_user_ids), list(m.ping_role_ids), m.mention_everyone)
        for m in env.backend.messages[channel_id].values()
    ]


async def test_a_mention_people_type_pings_nobody(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a member types and Dealer repeats (a card of MARSBOT's pile written out, a
    season's name, a reason) may hold a member's or a role's mention, or @everyone: it pings
    nobody where it is repeated, in the channel or in the answer (a typed member's mention
    pinged that member)."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 5)
    t = Draft(simcord_env)
    zed = t.guild.add_member(simcord_env.create_user("zed"))
    mods = t.guild.create_role("mods", mentionable=True)
    await t.ann.slash(t.channel, "marsbot start", corporation="celestic", own_first=True)
    await t.opened()
    await t.ann.slash(t.channel, "marsbot take", card="birds")
    card = f"<@{zed.id}> <@&{mods.id}> @everyone"
    r = await t.ann.slash(
        t.channel, "marsbot pick", cards=f"{card}:4:venus; Asteroid; Comet; Lichen"
    )
    assert r.ephemeral and f"MARSBOT took **{card}**" in r.response.content, r.response.content
    assert f"MARSBOT takes **{card}**" in t.channel_text()

    boss = t.guild.add_member(
        simcord_env.create_user("boss"),
        roles=[t.guild.create_role("Series", permissions=discord.Permissions(manage_guild=True))],
    )
    other = t.guild.create_text_channel("series")
    started = await boss.slash(other, "season start", name=f"<@{zed.id}>")
    assert f"**Season <@{zed.id}>** has started" in started.response.content
    cut = await boss.slash(other, "season eliminate", member=t.ann, reason=f"<@{zed.id}>")
    assert f"<@{zed.id}>" in cut.response.content, cut.response.content
    sent = _pings(simcord_env, t.channel.id) + _pings(simcord_env, other.id)
    assert sent == [([], [], False)] * len(sent)


@pytest.mark.parametrize(
    ("typed", "amount"),
    [
        ("25", 25),
        ("$25", 25),
        ("25$", 25),
        (" $ 1,200 ", 1200),
        ("1 200", 1200),
        ("1'200", 1200),
        ("0", 0),
        (" 12 ", 12),
        ("007", 7),
        ("1000000000", MAX_AMOUNT),
        ("25 M€", 25),
        ("25mc", 25),
    ],
)
def test_amounts_as_people_type_them(typed: str, amount: int) -> None:
    assert parse_amount(typed) == amount


def test_a_refusal_names_the_games_money() -> None:
    """The Mars Auction counts in M€ (it said 'a whole number of dollars')."""
    money = PLUGINS["mars-auction"].texts.money
    with pytest.raises(UserError) as refused:
        parse_amount("12.5", money)
    assert str(refused.value) == (
        "'12.5' is not an amount: type a whole number of M€ with the digits 0-9, such as 25 or "
        "25 M€."
    )
    with pytest.raises(UserError) as signed:
        parse_amount("-3", money)
    assert str(signed.value) == str(refused.value).replace("'12.5'", "'-3'")


@pytest.mark.parametrize(
    ("typed", "refusal"),
    [
        ("²", "not an amount"),
        ("⁵", "not an amount"),
        ("--5", "not an amount"),
        ("𝟗", "not an amount"),
        ("٣", "not an amount"),
        ("１２", "not an amount"),
        ("12.5", "not an amount"),
        ("1,00", "not an amount"),
        ("", "empty answer"),
        ("-5", "not an amount"),
        ("$-5", "not an amount"),
        ("-0", "not an amount"),
        ("-1", "not an amount"),
        ("+5", "not an amount"),
        ("+0", "not an amount"),
        ("1_000", "not an amount"),
        ("12.0", "not an amount"),
        (" ", "empty answer"),
        ("1000000001", "far more"),
        ("9" * 4000, "far more"),
    ],
)
def test_what_is_not_an_amount_is_refused_clearly(typed: str, refusal: str) -> None:
    with pytest.raises(UserError, match=refusal):
        parse_amount(typed)


@pytest.mark.parametrize("digit", ["²", "⁵", "𝟗", "٣", "１", "１２", "৪"])
def test_numbers_people_type_are_the_digits_0_to_9_everywhere(digit: str) -> None:
    """One rule for the numbers people type (#25): what an amount refuses, a list of card
    numbers refuses too, alone or beside a number that is one."""
    with pytest.raises(UserError, match="not an amount"):
        parse_amount(digit)
    assert parse_numbers(digit) is None
    assert parse_numbers(f"3 {digit}") is None
    assert parse_numbers("3, 7 and 12") == [3, 7, 12]


@given(st.text())
def test_a_list_of_numbers_takes_what_an_amount_takes(text: str) -> None:
    numbers = parse_numbers(text)
    if numbers is not None:
        assert all(parse_amount(str(n)) == n for n in numbers)
        assert set(re.sub(r"[\s,;&+]|and", "", text, flags=re.IGNORECASE)) <= set("0123456789")


@given(st.text(), st.integers(min_value=2, max_value=100))
def test_typed_text_is_quoted_back_on_one_line_and_bounded(text: str, limit: int) -> None:
    quoted = typed(text, limit)
    assert len(quoted) <= limit + 2 and quoted.isprintable()
    assert quoted.startswith("'") and quoted.endswith("'")


@given(st.text())
def test_any_text_is_an_amount_in_range_or_a_refusal(text: str) -> None:
    try:
        amount = parse_amount(text)
    except UserError as refusal:
        assert len(refusal.message) <= 200
    else:
        assert 0 <= amount <= MAX_AMOUNT
        assert any(c in "0123456789" for c in text)
        assert not set(text) & set("-+_."), "an amount is unsigned, with no other grouping"


@pytest.fixture
async def running(simcord_env: Any) -> Table:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    return t


def _accepted(content: str) -> bool:
    """The answer to an accepted bid: its receipt in the channel, the 1-on-1 in DMs."""
    return "is recorded" in content or content.startswith("✅ Accepted.")


def _check_answer(r: Any) -> str:
    assert r.response is not None, "no answer reached the member"
    content: str = r.response.content
    assert r.ephemeral and not content.startswith(UNEXPECTED) and len(content) <= 2000, content
    return content


async def _refusal_changes_nothing(t: Table, bid: Awaitable[Any]) -> None:
    """Make the bid: a private answer that fits, and no change unless it was accepted."""
    before = (await t.state()).model_dump()
    content = _check_answer(await bid)
    if not _accepted(content):
        assert (await t.state()).model_dump() == before, content


@FORM_CHECKS
@given(text=st.text(min_size=1, max_size=12))
@example(text="²")
@example(text="--5")
@example(text="１２")
async def test_any_text_in_the_amount_form(running: Table, text: str) -> None:
    t = running
    await _refusal_changes_nothing(t, t.bid_by_button(t.players[0], "genre-shop", text))


@FORM_CHECKS
@given(target=st.text(min_size=1, max_size=300))
async def test_any_text_as_a_bid_target(running: Table, target: str) -> None:
    t = running
    bid = t.players[1].slash(t.channel, "bid", target=target, amount=5)
    await _refusal_changes_nothing(t, bid)


@FORM_CHECKS
@given(name=st.text(min_size=1, max_size=300))
async def test_any_text_as_a_season_name_to_read(running: Table, name: str) -> None:
    t = running
    for command in ("season standings", "season history", "season export"):
        _check_answer(await t.players[2].slash(t.channel, command, season=name))
