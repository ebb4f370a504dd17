"""`python -m tools.build_tm_catalogue SOURCE OUT`: extract the card facts of the built-in
Terraforming Mars catalogue (`games/tm_catalogue/cards.json`) from the public repository
`terraforming-mars/terraforming-mars`.

SOURCE is that repository, either a checkout (a folder with `src/`) or a bare git directory
(as the `fetch` tool or `git clone --bare` gives; its HEAD is read). OUT is the file to write,
normally `games/tm_catalogue/cards.json`. To regenerate the data::

    git clone --bare https://github.com/terraforming-mars/terraforming-mars /tmp/tm.git
    python -m tools.build_tm_catalogue /tmp/tm.git games/tm_catalogue/cards.json
    git diff games/tm_catalogue/cards.json

What is read, and nothing else: the module manifests of the official sets (`MANIFESTS`: the
base game, Corporate Era, Prelude, Venus Next, Colonies, Turmoil, Prelude 2, promos), which
name every card of those sets, the file that defines it and the other sets it needs (an
entry's `compatibility`, the card's `requires`), and the cards of other sets a set replaces
(`cardsToRemove`, their `replaced_by`); in each card's file the
top-level properties of the object passed to `super({...})` (`name`, `type`, `tags`, `cost`,
`startingMegaCredits`, and `metadata.cardNumber`); and the card names
(`src/common/cards/CardName.ts`) and tags (`src/common/cards/Tag.ts`). No code or card text
is copied: effects, descriptions and requirements are not read. The type of a corporation or
a prelude comes from its base class (`CorporationCard`, `PreludeCard`), which does not name it
in `super`. An event card is given the `event` tag, which the source keeps out of `tags`.

Anything the script does not understand (a property that is not a literal, a card without a
number, a file it cannot find, two cards with one number) stops it with a message rather than
guessing. The source's known slips are corrected and listed (`NUMBER_TYPOS`,
`BORROWED_NUMBERS`, `RULEBOOK_SPELLINGS`, `VERSION`). The output is
sorted by card number and written by `games.tm_catalogue.catalogue.dumps`, so the same source
gives the same bytes; `tests/tm_catalogue/` checks that the committed file is in that form,
since the source repository is not at hand in CI.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.tm_catalogue.catalogue import Source, dumps
from games.tm_catalogue.model import Card, CardType, Expansion

REPOSITORY = "terraforming-mars/terraforming-mars"
CARDS = "src/server/cards"
#: Each built-in expansion: the manifest file, and the name of its `ModuleManifest` constant.
MANIFESTS: dict[Expansion, tuple[str, str]] = {
    "base": (f"{CARDS}/StandardCardManifests.ts", "BASE_CARD_MANIFEST"),
    "corpera": (f"{CARDS}/StandardCardManifests.ts", "CORP_ERA_CARD_MANIFEST"),
    "prelude": (f"{CARDS}/prelude/PreludeCardManifest.ts", "PRELUDE_CARD_MANIFEST"),
    "venus": (f"{CARDS}/venusNext/VenusCardManifest.ts", "VENUS_CARD_MANIFEST"),
    "colonies": (f"{CARDS}/colonies/ColoniesCardManifest.ts", "COLONIES_CARD_MANIFEST"),
    "turmoil": (f"{CARDS}/turmoil/TurmoilCardManifest.ts", "TURMOIL_CARD_MANIFEST"),
    "prelude2": (f"{CARDS}/prelude2/Prelude2CardManifest.ts", "PRELUDE2_CARD_MANIFEST"),
    "promo": (f"{CARDS}/promo/PromoCardManifest.ts", "PROMO_CARD_MANIFEST"),
}
#: The manifest sections read, and the card type their base class gives (None: from `type`).
SECTIONS: dict[str, CardType | None] = {
    "projectCards": None,
    "corporationCards": "corporation",
    "preludeCards": "prelude",
}
TYPES: dict[str, CardType] = {
    "CardType.AUTOMATED": "automated",
    "CardType.ACTIVE": "active",
    "CardType.EVENT": "event",
}
#: Names spelled as the project's rulebooks (`../shared/rules/`) spell them where the source
#: spells them otherwise (only in case): marsbot-corporations.en.md writes Thorgate, the
#: source `ThorGate`.
RULEBOOK_SPELLINGS = {"ThorGate": "Thorgate"}
#: The source names a card that replaces another of the same name `Name:set` (`Deimos
#: Down:promo`); the catalogue writes `Name (set)`, as a person would.
VERSION = re.compile(r"(.+):(\w+)")
#: Numbers the source misprints: Turmoil's Diaspora Movement is `TO4`, a letter O, between
#: T03 and T05.
NUMBER_TYPOS = {"TO4": "T04"}
#: Cards the source gives another card's number, as a placeholder: the catalogue leaves them
#: without one (the promo Weather Balloons has the base game's Regolith Eaters' 033).
BORROWED_NUMBERS = {("Weather Balloons", "033")}
_OPEN = {"(": ")", "[": "]", "{": "}"}
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


class SourceError(Exception):
    """The source says something this script does not understand."""


class Repository:
    """Files of the source repository at one commit, from a checkout or a bare git dir."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.checkout = (path / "src").is_dir()
        self.commit = self._git("rev-parse", "HEAD").strip()

    def _git(self, *args: str) -> str:
        where = ["-C", str(self.path)] if self.checkout else ["--git-dir", str(self.path)]
        done = subprocess.run(["git", *where, *args], capture_output=True, text=True)
        if done.returncode:
            raise SourceError(f"git {' '.join(args)} failed in {self.path}: {done.stderr}")
        return done.stdout

    def read(self, name: str) -> str:
        if self.checkout:
            file = self.path / name
            if not file.is_file():
                raise SourceError(f"{name} is not in {self.path}")
            return file.read_text(encoding="utf-8")
        return self._git("show", f"HEAD:{name}")


def _skip(text: str, i: int) -> int:
    """The index just past the string, comment or bracketed group that starts at `i`, or
    `i + 1` when none does."""
    char = text[i]
    if char in "'\"`":
        i += 1
        while text[i] != char:
            i += 2 if text[i] == "\\" else 1
        return i + 1
    comment = _COMMENT.match(text, i)
    if comment:
        return comment.end()
    if char in _OPEN:
        close, i = _OPEN[char], i + 1
        while text[i] != close:
            if text[i] in ")]}":
                raise SourceError(f"unbalanced {text[i]!r} at {i}")
            i = _skip(text, i)
        return i + 1
    return i + 1


def inside(text: str, opening: int) -> str:
    """What stands between the bracket at `opening` and the one that closes it."""
    return text[opening + 1 : _skip(text, opening) - 1]


def entries(body: str) -> list[str]:
    """The top-level comma-separated entries of a list, object or enum body, comments
    removed."""
    found: list[str] = []
    start = i = 0
    while i <= len(body):
        if i == len(body) or body[i] == ",":
            entry = _COMMENT.sub("", body[start:i]).strip()
            if entry:
                found.append(entry)
            start = i = i + 1
        else:
            i = _skip(body, i)
    return found


def properties(body: str, separator: str = ":") -> dict[str, str]:
    """The top-level `key: value` (or, for an enum, `KEY = value`) pairs of a body, values as
    source text. Shorthand, spread and computed entries (`action`, `...x`, `[k]: v`) are left
    out."""
    pairs = (re.fullmatch(rf"(\w+)\s*{separator}\s*(.+)", e, re.DOTALL) for e in entries(body))
    return {pair.group(1): pair.group(2) for pair in pairs if pair}


def string_literal(text: str) -> str:
    """The value of a TypeScript string literal in single or double quotes."""
    if len(text) < 2 or text[0] not in "'\"" or text[-1] != text[0]:
        raise SourceError(f"not a string literal: {text}")
    return re.sub(r"\\(.)", r"\1", text[1:-1])


def integer(text: str) -> int:
    if not re.fullmatch(r"\d+", text):
        raise SourceError(f"not a number: {text}")
    return int(text)


def enum_members(source: str, enum: str) -> dict[str, str]:
    """`Enum.MEMBER` -> its string value, for a TypeScript string enum."""
    start = re.search(rf"export enum {enum}\s*{{", source)
    if not start:
        raise SourceError(f"enum {enum} not found")
    members = properties(inside(source, start.end() - 1), "=")
    return {f"{enum}.{key}": string_literal(value) for key, value in members.items()}


@dataclass(frozen=True)
class Entry:
    """A card a manifest lists: its `CardName` member, section, defining file and the other
    sets it is only dealt with (the entry's `compatibility`)."""

    member: str
    section: str
    file: str
    requires: tuple[Expansion, ...] = ()


@dataclass(frozen=True)
class Manifest:
    """One expansion's manifest: its cards in order, and the `CardName` members of the cards
    of other sets it replaces (`cardsToRemove`)."""

    entries: list[Entry]
    removes: list[str]


def manifest(repo: Repository, expansion: Expansion) -> Manifest:
    """The cards of one expansion's manifest, in the manifest's order."""
    path, constant = MANIFESTS[expansion]
    source = repo.read(path)
    imports = {
        name: (Path(path).parent / relative).as_posix() + ".ts"
        for name, relative in re.findall(r"import \{(\w+)\} from '(\.[^']+)';", source)
    }
    start = re.search(rf"export const {constant} = new ModuleManifest\(\{{", source)
    if not start:
        raise SourceError(f"{constant} not found in {path}")
    listing = properties(inside(source, start.end() - 1))
    if listing.get("module") != f"'{expansion}'":
        raise SourceError(f"{constant} is not the {expansion!r} module")
    removes = entries(inside(listing.get("cardsToRemove", "[]"), 0))
    if any(not re.fullmatch(r"CardName\.\w+", member) for member in removes):
        raise SourceError(f"{constant}.cardsToRemove: not a list of CardName members")
    found = []
    for section in SECTIONS:
        for entry in entries(inside(listing.get(section, "{}"), 0)):
            plain = re.fullmatch(
                r"\[(CardName\.\w+)\]\s*:\s*\{\s*Factory\s*:\s*(\w+)\s*"
                r"(?:,\s*compatibility\s*:\s*([^}]+?)\s*)?,?\s*\}",
                entry,
            )
            if not plain or plain.group(2) not in imports:
                raise SourceError(f"{constant}.{section}: not a plain imported card: {entry}")
            requires = _compatibility(plain.group(3)) if plain.group(3) else ()
            found.append(Entry(plain.group(1), section, imports[plain.group(2)], requires))
    return Manifest(found, removes)


def _compatibility(text: str) -> tuple[Expansion, ...]:
    """The sets an entry's `compatibility` names: `'venus'` or `['colonies', 'turmoil']`."""
    listed = entries(inside(text, 0)) if text.startswith("[") else [text]
    sets = [string_literal(item) for item in listed]
    if any(name not in MANIFESTS for name in sets):
        raise SourceError(f"compatibility {text} names a set this script does not read")
    return tuple(name for name in MANIFESTS if name in sets)


def card_properties(repo: Repository, file: str, given: dict[str, str]) -> dict[str, str]:
    """The properties of the object literal a card's class passes to `super`. A constructor
    parameter stands for its value: the one `given` by a subclass, or its default (a card
    shared with another expansion takes its name and metadata as parameters). A `super` call
    with positional arguments hands them to the parent class's constructor, read in turn."""
    source = repo.read(file)
    parameters, call = _constructor(file, source)
    values = {name: given.get(name, default) for name, default in parameters}
    arguments = [values.get(argument, argument) for argument in call]
    if len(arguments) == 1 and arguments[0].startswith("{"):
        found: dict[str, str] = {}
        for entry in entries(inside(arguments[0], 0)):
            pair = re.fullmatch(r"(\w+)\s*:\s*(.+)", entry, re.DOTALL)
            key, value = (pair.group(1), pair.group(2)) if pair else (entry, entry)
            if re.fullmatch(r"\w+", key):
                found[key] = values.get(value, value)
        return found
    parent = re.search(r"class \w+ extends (\w+)", source)
    imported = parent and re.search(rf"import \{{{parent.group(1)}\}} from '(\.[^']+)';", source)
    if not parent or not imported:
        raise SourceError(f"{file}: super(...) of a class not imported from a file")
    parent_file = (Path(file).parent / imported.group(1)).as_posix() + ".ts"
    names = [name for name, _ in _constructor(parent_file, repo.read(parent_file))[0]]
    if len(names) < len(arguments):
        raise SourceError(f"{file}: more arguments than {parent_file} takes")
    return card_properties(repo, parent_file, dict(zip(names, arguments, strict=False)))


def _constructor(file: str, source: str) -> tuple[list[tuple[str, str]], list[str]]:
    """A class's constructor parameters (name, default) and the arguments of its `super`
    call, as source text."""
    opening = source.find("constructor(")
    call = source.find("super(", opening)
    if opening < 0 or call < 0:
        raise SourceError(f"{file}: no constructor calling super")
    parameters = entries(inside(source, opening + len("constructor")))
    return [_parameter(entry) for entry in parameters], entries(inside(source, call + 5))


def _parameter(entry: str) -> tuple[str, str]:
    """A constructor parameter's name and default value (its name when it has none)."""
    found = re.fullmatch(
        r"(?:(?:public|private|protected|readonly)\s+)*(\w+)\??\s*(?::[^=]+)?(?:=\s*(.+))?",
        entry,
        re.DOTALL,
    )
    if not found:
        raise SourceError(f"not a constructor parameter: {entry}")
    return found.group(1), found.group(2) or found.group(1)


def card_of(
    repo: Repository,
    entry: Entry,
    expansion: Expansion,
    names: dict[str, str],
    tags: dict[str, str],
    replaced_by: list[Expansion],
) -> Card:
    """The facts of one card, read from the object its class passes to `super`;
    `replaced_by`: the sets whose manifests remove it."""
    found = card_properties(repo, entry.file, {})
    if found.get("name") != entry.member:
        raise SourceError(f"the card names itself {found.get('name')}")
    card_type = SECTIONS[entry.section]
    if card_type is None:
        if found.get("type") not in TYPES:
            raise SourceError(f"type {found.get('type')} is not a project card type")
        card_type = TYPES[found["type"]]
    elif "type" in found:
        raise SourceError(f"a {card_type} card that states its own type")
    listed = entries(inside(found.get("tags", "[]"), 0))
    if any(tag not in tags for tag in listed):
        raise SourceError(f"tags {found['tags']} are not a list of Tag members")
    number = properties(inside(found.get("metadata", "{}"), 0)).get("cardNumber")
    if number is None:
        raise SourceError("no metadata.cardNumber")
    name, printed = printed_name(names[entry.member]), as_printed(string_literal(number))
    fields: dict[str, Any] = {
        "number": None if (name, printed) in BORROWED_NUMBERS else printed,
        "name": name,
        "type": card_type,
        "expansion": expansion,
        "cost": None if card_type in ("corporation", "prelude") else integer(found["cost"]),
        # The source keeps a card's type out of its tags; an event card prints the event tag.
        "tags": [tags[tag] for tag in listed] + (["event"] if card_type == "event" else []),
        "starting_mc": integer(found["startingMegaCredits"])
        if card_type == "corporation"
        else None,
        "requires": [other for other in entry.requires if other != expansion],
        "replaced_by": replaced_by,
    }
    return Card.model_validate(fields)


def printed_name(name: str) -> str:
    """A card's name as the catalogue writes it: the rulebooks' spelling, and a replacing
    version `Deimos Down:promo` written `Deimos Down (promo)`."""
    version = VERSION.fullmatch(name)
    if version:
        return f"{version.group(1)} ({version.group(2)})"
    return RULEBOOK_SPELLINGS.get(name, name)


def as_printed(number: str) -> str:
    """A card's number as printed: project numbers have three digits (the source writes
    Heather's 088 as `88`), and the source's typos corrected (`NUMBER_TYPOS`)."""
    return number.zfill(3) if number.isdigit() else NUMBER_TYPOS.get(number, number)


def build(path: Path) -> tuple[Source, list[Card]]:
    """The catalogue's source and cards, from the repository at `path`, by card number."""
    repo = Repository(path)
    names = enum_members(repo.read("src/common/cards/CardName.ts"), "CardName")
    tags = enum_members(repo.read("src/common/cards/Tag.ts"), "Tag")
    manifests = {expansion: manifest(repo, expansion) for expansion in MANIFESTS}
    listed = {entry.member for m in manifests.values() for entry in m.entries}
    removed_by: dict[str, list[Expansion]] = {}
    for expansion, found in manifests.items():
        for member in found.removes:
            if member not in listed:
                raise SourceError(f"the {expansion} manifest removes {member}, no card here")
            removed_by.setdefault(member, []).append(expansion)
    cards = []
    for expansion, found in manifests.items():
        for entry in found.entries:
            try:
                replaced = removed_by.get(entry.member, [])
                cards.append(card_of(repo, entry, expansion, names, tags, replaced))
            except SourceError as error:
                raise SourceError(f"{entry.file} ({entry.member}): {error}") from None
    numbers = [card.number for card in cards if card.number is not None]
    repeated = sorted({number for number in numbers if numbers.count(number) > 1})
    if repeated:
        raise SourceError(f"cards share the numbers {', '.join(repeated)}")
    source = Source(repository=REPOSITORY, commit=repo.commit)
    return source, sorted(cards, key=lambda card: card.number or "")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    try:
        source, cards = build(Path(args[0]))
        text = dumps(source, cards)
    except (SourceError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    Path(args[1]).write_text(text, encoding="utf-8")
    print(f"{len(cards)} cards from {source.repository}@{source.commit[:9]} -> {args[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
