"""Bring the message catalogues up to date with the code (docs/translating.md): extract every
marked text into `bot/locales/dealer.pot`, then merge it into each language's `.po`, where a
new text waits untranslated (English is shown meanwhile) and a text gone from the code is
dropped (git keeps its translation).

    python -m tools.i18n_catalogues            # extract and merge
    python -m tools.i18n_catalogues --check    # fail if the template is not up to date
    python -m tools.i18n_catalogues --new xx   # start a catalogue for language xx
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import DOMAIN, LOCALES

ROOT = Path(__file__).resolve().parent.parent
#: The functions that mark a text (`bot.i18n`, `games.core.speech`) and the argument that is
#: the text: an engine's refusal is the English template `RuleError` takes second.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "locale_str": None, "RuleError": (2,)}
#: Where the marked texts are: the bot, and the games whose engine texts and render's words
#: are converted (docs/translating.md, "For developers"; a game joins this list once its
#: engine's labels, titles and refusals are marked and its render's words asked through
#: `games.core.speech`).
CONVERTED_GAMES = (
    "core",
    "auction_auction",
    "marsbot_draft",
    "atrades",
    "mars_auction",
    "project_mars",
)
#: The parts of other packages whose words are marked: the Terraforming Mars catalogue's
#: problems with a host's card list, and its refusals of a card or a set that is none.
CONVERTED_PARTS = (
    "games/tm_catalogue/catalogue.py",
    "games/tm_catalogue/host_list.py",
    "games/tm_catalogue/model.py",
    "games/tm_catalogue/sets.py",
)
#: The games' texts (`ENGINE_KEYWORDS` finds the engines' own among them).
GAMES_MAP = [(f"games/{g}/**.py", "python") for g in CONVERTED_GAMES] + [
    (part, "python") for part in CONVERTED_PARTS
]
#: The bot's code, its web pages' templates (read by Jinja2's own extractor, `_()` in them),
#: and the games'.
METHOD_MAP = [
    ("bot/**.py", "python"),
    ("bot/web/templates/**.html", "jinja2.ext:babel_extract"),
    *GAMES_MAP,
]
#: How an engine marks its texts (`games.core.speech.N_`, `RuleError`'s template): the
#: template flags them `engine`, the texts `bot.i18n.engine_words` matches an engine's
#: filled-in text against (a render's `_` is not among them: it is translated where said).
ENGINE_KEYWORDS = {"N_": None, "RuleError": (2,)}
ENGINE = "engine"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
WIDTH = 100


def extracted() -> Catalog:
    """The template: every marked text of the code, with its translator comments; an
    engine's texts flagged `ENGINE`."""
    catalogue = Catalog(project="Dealer", copyright_holder="Dealer's authors", fuzzy=False)
    engines = {
        message
        for _filename, _line, message, _comments, _context in extract_from_dir(
            ROOT, GAMES_MAP, keywords=ENGINE_KEYWORDS
        )
    }
    for _filename, _line, message, comments, context in extract_from_dir(
        ROOT,
        METHOD_MAP,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        flags = [ENGINE] if message in engines else []
        catalogue.add(message, None, auto_comments=comments, context=context, flags=flags)
    return catalogue


def written(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalogue, width=WIDTH, no_location=True, omit_header=True, sort_output=True)
    return out.getvalue()


def merge(template: Catalog, path: Path, code: str) -> None:
    with path.open("rb") as source:
        catalogue = read_po(source, locale=code)
    catalogue.update(template, no_fuzzy_matching=True)
    with path.open("wb") as out:
        write_po(
            out, catalogue, width=WIDTH, no_location=True, sort_output=True, ignore_obsolete=True
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the template")
    parser.add_argument("--new", metavar="CODE", help="start the catalogue of a language")
    arguments = parser.parse_args(argv)
    template = extracted()
    if arguments.check:
        current = TEMPLATE.read_bytes() if TEMPLATE.exists() else b""
        if current != written(template):
            print(f"{TEMPLATE} is not up to date: run python -m tools.i18n_catalogues")
            return 1
        return 0
    TEMPLATE.write_bytes(written(template))
    if arguments.new:
        folder = LOCALES / arguments.new / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        fresh = Catalog(locale=arguments.new, project="Dealer", copyright_holder="Dealer's authors")
        fresh.update(template)
        with (folder / f"{DOMAIN}.po").open("wb") as out:
            write_po(out, fresh, width=WIDTH, no_location=True, sort_output=True)
    for path in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        merge(template, path, path.parent.parent.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
