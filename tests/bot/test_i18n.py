"""Dealer in Czech and Korean (issue 46, its first step): the catalogues, who reads what, the
commands' texts in every language, and the pseudo-locale's check."""

from __future__ import annotations

import gettext
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from babel import Locale
from babel.messages.pofile import read_po

from bot import i18n
from bot.app import CommandTexts
from bot.cogs.config import NAMES
from bot.flows.common import NO_OPEN_MATCH
from bot.i18n import (
    LANGUAGES,
    Language,
    language,
    ngettext,
    number,
    refusal,
    speaking,
)
from games.core.drawing.words import join, listed
from games.core.errors import RuleError
from games.tm_catalogue.sets import parse_sets
from tests.bot.conftest import Table, make_bot
from tests.bot.pseudo import Sent, problems, problems_of
from tests.drivers.common import commands_written
from tests.drivers.languages import UNSPOKEN, reading
from tools.i18n_catalogues import main as catalogues

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def said(code: str, text: str) -> str:
    with speaking(language(code)):
        return i18n._(text)


async def manager(table: Table) -> Any:
    role = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("admin"), roles=[role])


def test_every_text_is_translated_into_every_language_with_its_placeholders() -> None:
    """The template holds every marked text of the code, and each catalogue (Czech, Korean,
    and any a translator adds: docs/translating.md) translates each of them (every plural
    form its language has) with the placeholders of the English."""
    assert catalogues(["--check"]) == 0, "the template is up to date with the code"
    with (i18n.LOCALES / "dealer.pot").open("rb") as source:
        template = {m.id for m in read_po(source) if m.id}
    assert len(template) > 250
    codes = sorted(p.parent.parent.name for p in i18n.LOCALES.glob("*/LC_MESSAGES/dealer.po"))
    assert {"cs", "ko"} <= set(codes)
    for code in codes:
        with (i18n.LOCALES / code / "LC_MESSAGES" / "dealer.po").open("rb") as source:
            catalogue = read_po(source, locale=code)
        forms = catalogue.num_plurals
        assert forms == {"cs": 3, "ko": 1}.get(code, forms)
        translated = {m.id: m for m in catalogue if m.id}
        assert set(translated) == template, code
        for message in translated.values():
            assert not message.fuzzy, message.id
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert len(strings) == (forms if isinstance(message.id, tuple) else 1), message.id
            # A placeholder the English leaves out is one its translator comment names.
            noted = " ".join(message.auto_comments)
            wanted = set().union(*(_PLACEHOLDER.findall(i) for i in (*ids, noted)))
            for string in strings:
                assert isinstance(string, str) and string, (code, message.id)
                assert set(_PLACEHOLDER.findall(string)) <= wanted, (code, message.id, string)


#: Czech words that address the reader informally (tykání): the pronoun's forms, "jsi", "bys",
#: the verbs' second person singular (-eš, -íš, -áš; "váš" and "náš" are not verbs) and the
#: imperatives a game's texts use. "ty" and "ti" are left out: they are "those" too.
_TYKANI = re.compile(
    r"\b(tv(ůj|oje|ojí|oji|á|é|ého|ém|ému|ou|ých|ým|ými)|teb(e|ou)|tobě|jsi|sis|ses|a?bys|kdybys"
    r"|(?!(?:v|n)áš\b)\w+(eš|íš|áš)"
    r"|vyber|zadej|stiskni|klikni|pošli|počkej|zkus|napiš|zahraj|přihoď|vlož|pasuj|otevři"
    r"|vyměň|polož|odhoď|lízni|nabídni|přidej|odpověz|ukonči|uzavři|změň|vyzvi|uprav)\b",
    re.IGNORECASE,
)


def test_the_czech_catalogue_addresses_the_reader_formally() -> None:
    """Czech says vy to the reader everywhere (docs/translating.md; the Czech MARSBOT rules
    do so): "Jste na tahu", "vaše karta", "vyberte", never "Jsi na tahu", "tvoje karta",
    "vyber" (issue 46)."""
    with (i18n.LOCALES / "cs" / "LC_MESSAGES" / "dealer.po").open("rb") as source:
        catalogue = read_po(source, locale="cs")
    informal: dict[object, list[str]] = {}
    for message in catalogue:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found = {w.group(0) for s in strings if isinstance(s, str) for w in _TYKANI.finditer(s)}
        if message.id and found:
            informal[message.id] = sorted(found)
    assert informal == {}, informal


def test_plural_rules_and_numbers_follow_the_language() -> None:
    def minutes(code: str, count: int) -> str:
        with speaking(language(code)):
            return ngettext("{count} minute", "{count} minutes", count).format(count=count)

    assert [minutes("cs", n) for n in (1, 3, 5)] == ["1 minuta", "3 minuty", "5 minut"]
    assert [minutes("ko", n) for n in (1, 5)] == ["1분", "5분"]
    assert [minutes("en-GB", n) for n in (1, 5)] == ["1 minute", "5 minutes"]
    with speaking(language("cs")):
        assert number(12345) == "12\xa0345"
    with speaking(language("ko")):
        assert number(12345) == "12,345"
    assert language(discord.Locale.korean).code == "ko"
    assert language(UNSPOKEN).code == "en", "a language Dealer does not speak is English"


def test_lists_follow_the_language_an_engines_own_texts_stay_english() -> None:
    """A list of names in a sentence reads as its language lists (Babel's CLDR patterns), a
    refusal's too, in the reader's language; an engine's own text keeps English's."""
    names = ["ann", "bob", "cleo"]

    def lists(code: str) -> list[str]:
        with speaking(language(code)):
            return [listed(names), listed(names[:2], "or"), listed(names[:1]), join(names)]

    assert lists("en") == ["ann, bob and cleo", "ann or bob", "ann", "ann, bob and cleo"]
    assert lists("cs") == ["ann, bob a\xa0cleo", "ann nebo bob", "ann", "ann, bob and cleo"]
    assert lists("ko") == ["ann, bob 및 cleo", "ann 또는 bob", "ann", "ann, bob and cleo"]
    with pytest.raises(RuleError) as raised:
        parse_sets("lunar")
    assert ", prelude2 (Prelude 2) and promo (promos)," in raised.value.message, "English"
    with speaking(language("ko")):
        korean = refusal(raised.value)
    with speaking(language("cs")):
        czech = refusal(raised.value)
    assert "prelude2 (Prelude 2) 및 promo (promos)" in korean and " and " not in korean, korean
    assert "prelude2 (Prelude 2) a\xa0promo (promos)" in czech and " and " not in czech, czech


class _Portuguese(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return {"Dealer's settings": "Configurações do Dealer"}.get(message, message)


async def test_a_catalogue_of_a_region_serves_discords_locale_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A translator names a region's catalogue as gettext does (`pt_BR`, docs/translating.md);
    Discord names the locale `pt-BR`: the members and the commands get it all the same."""
    brazil = Language("pt_BR", _Portuguese(), Locale.parse("pt_BR"))
    monkeypatch.setitem(LANGUAGES, "pt_BR", brazil)
    assert language(discord.Locale.brazil_portuguese) is brazil
    assert language("pt_BR") is brazil and language("pt-PT").code == "en"
    where = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_description,
        None,  # type: ignore[call-overload]
    )
    string = discord.app_commands.locale_str("Dealer's settings")
    said = await CommandTexts().translate(string, discord.Locale.brazil_portuguese, where)
    assert said == "Configurações do Dealer"


async def test_a_private_answer_is_in_the_members_own_language(
    real_languages: None, simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Table(simcord_env, 2)
    reading(monkeypatch, {t.players[0].id: "ko", t.players[1].id: "cs"})
    answers = [(await m.slash(t.channel, "match status")) for m in (*t.players, t.host)]
    assert all(r.ephemeral for r in answers)
    assert [r.response.content for r in answers] == [
        "이 채널에 열린 매치가 없어요. 진행자가 `/match create`로 열 수 있어요.",
        "V tomto kanálu není otevřený žádný zápas. Pořadatel ho může otevřít přes `/match create`.",
        i18n._(NO_OPEN_MATCH),
    ]


async def test_channel_posts_are_in_the_servers_language_and_replies_in_the_members(
    real_languages: None, simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server whose Discord language is Korean gets its lobby and the host's pause in
    Korean, while the Czech host is answered in Czech; `/config language` changes the
    channel's language, and "discord" gives it back to the server's Discord language."""
    t = Table(simcord_env, 4, language="ko")
    admin = await manager(t)
    reading(monkeypatch, {t.host.id: "cs", admin.id: "ko"})
    r = await t.host.slash(t.channel, "match create auction-auction")
    lobby = r.response
    for player in t.players:
        await player.click(lobby, label="참가")
    host = f"<@{t.host.id}>"
    assert lobby.content.startswith(f"**Auction Auction** — {host}님이 진행하는 새 매치.\n")
    assert lobby.content.endswith("\n**참가**를 눌러 참여하세요. 진행자가 **시작**을 눌러요.")
    await t.host.click(lobby, label="시작")
    r = await t.host.slash(t.channel, "match pause")
    assert r.ephemeral and r.response.content == "Pozastaveno."
    assert t.channel.last_message.content == (
        "⏸️ 진행자가 매치를 일시 정지했어요: 시계가 멈추고, 플레이어의 기권 말고는 어떤 수도 "
        "받지 않아요."
    )

    r = await t.host.slash(t.channel, "config language", language="cs")
    assert (
        r.response.content == "Jazyk serveru může nastavit jen člen s oprávněním Spravovat server."
    )
    r = await admin.slash(t.channel, "config language", language="cs")
    assert r.ephemeral and r.response.content == (
        "이제 Dealer는 이 서버 채널에 čeština(으)로 글을 올려요."
    )
    await t.host.slash(t.channel, "match resume")
    assert t.channel.last_message.content.startswith("▶️ Zápas pokračuje: fáze končí <t:")

    await admin.slash(t.channel, "config language", language="discord")
    await t.host.slash(t.channel, "match pause")
    assert t.channel.last_message.content.startswith("⏸️ 진행자가 매치를 일시 정지했어요")
    await admin.slash(t.channel, "config language", language="en")
    await t.host.slash(t.channel, "match resume")
    assert t.channel.last_message.content.startswith("▶️ The match resumes: the phase closes")


async def test_a_server_in_a_language_dealer_does_not_speak_reads_english(
    real_languages: None,
    simcord_env: Any,
) -> None:
    t = Table(simcord_env, 4, language=UNSPOKEN)
    lobby = await t.open()
    assert lobby.content.startswith("**Auction Auction** — a new match hosted by"), lobby.content


@pytest.mark.first_start
async def test_the_commands_texts_are_sent_in_every_language(simcord_env: Any) -> None:
    """The synced commands carry each description and choice in Czech and Korean; names stay
    English (the texts and the help name them so)."""
    sent = next(
        r.json
        for r in simcord_env.http_requests
        if r.method == "PUT" and r.path.endswith("/commands")
    )
    config = next(c for c in sent if c["name"] == "config")
    assert config["description_localizations"] == {"cs": "Nastavení Dealera", "ko": "Dealer 설정"}
    assert "name_localizations" not in config or not config["name_localizations"]
    chosen = next(o for o in config["options"] if o["name"] == "language")
    assert chosen["description_localizations"]["ko"] == "이 서버 채널에 올리는 Dealer 글의 언어"
    option = chosen["options"][0]
    names = [c["name"] for c in option["choices"]]
    assert names[0] == "English" and {"čeština", "한국어"} <= set(names)
    assert names == [*(NAMES[code] for code in i18n.CHOICES), "The server's Discord language"]
    assert option["choices"][-1]["name_localizations"] == {
        "cs": "Jazyk serveru na Discordu",
        "ko": "서버의 Discord 언어",
    }


class _Retranslated(gettext.NullTranslations):
    """A Czech catalogue with one text translated anew."""

    def gettext(self, message: str) -> str:
        if message == "Dealer's settings":
            return "Nastavení"
        return LANGUAGES_BEFORE["cs"].gettext(message)


LANGUAGES_BEFORE = dict(LANGUAGES)


@pytest.mark.first_start
async def test_a_new_translation_reaches_discord(
    simcord_env: Any, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fingerprint of the synced commands holds their translations: the same commands
    with one description translated anew are sent again at the next start."""
    app = simcord_env.bot.application_id
    everywhere = f"/applications/{app}/commands"
    await simcord_env.restart_bot(make_bot(db_path))
    assert commands_written(simcord_env) == [everywhere], "nothing changed: nothing sent"
    monkeypatch.setitem(LANGUAGES, "cs", Language("cs", _Retranslated(), Locale.parse("cs")))
    await simcord_env.restart_bot(make_bot(db_path))
    assert commands_written(simcord_env) == [everywhere] * 2


async def test_the_translator_leaves_names_and_english_alone() -> None:
    texts = CommandTexts()
    where = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_description,
        None,  # type: ignore[call-overload]
    )
    name = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_name,
        None,  # type: ignore[call-overload]
    )
    string = discord.app_commands.locale_str("Dealer's settings")
    assert await texts.translate(string, discord.Locale.czech, where) == "Nastavení Dealera"
    assert await texts.translate(string, discord.Locale.czech, name) is None
    assert await texts.translate(string, discord.Locale.american_english, where) is None
    assert await texts.translate(string, discord.Locale(UNSPOKEN), where) is None


def test_the_pseudo_locale_check_finds_what_is_not_translated_cut_or_too_long() -> None:
    wrapped = i18n.pseudo("The match is over.")
    assert wrapped.startswith("⟦The match is over.") and wrapped.endswith("⟧")
    assert len(wrapped) >= len("The match is over.") * 1.4
    assert list(problems_of(f"{wrapped} <@123>", 2000, "a message")) == []
    assert list(problems_of(i18n.pseudo("Now: {x}.").format(x=wrapped), 2000, "a")) == []
    (unwrapped,) = problems_of(f"{wrapped} The host paused it.", 2000, "a message")
    assert "'The host paused it'" in unwrapped
    (cut,) = problems_of(wrapped[:-5], 2000, "a message")
    assert "cut off" in cut
    (long,) = problems_of(i18n.pseudo("x" * 60), 80, "a button")
    assert "past Discord's 80" in long


def test_the_pseudo_locale_check_finds_an_alt_text_too_long_to_go_whole() -> None:
    """An image's alt text is recorded whole (`{"alt": …}`, before `Board.description` cuts
    it to Discord's 1,024 characters): one past it is a text cut."""
    whole = i18n.pseudo("MARSBOT keeps Lava Flows. " * 30)
    assert 1024 < len(whole) < 2000
    (cut,) = problems([Sent("POST", "/channels/1/messages", {"alt": whole})])
    assert cut.startswith("an image's alt text (POST /channels/1/messages) is ")
    assert "past Discord's 1024" in cut
    assert problems([Sent("POST", "/channels/1/messages", {"alt": whole[:1000]})])
    assert problems([Sent("POST", "/channels/1/messages", {"alt": i18n.pseudo("Ok.")})]) == []
