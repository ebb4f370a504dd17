"""A host's own card list: a CSV file that adds cards of other expansions to the catalogue.

The format (docs/rules/tm-catalogue.md)::

    name,type,cost,tags,starting M€
    Venus Governor,automated,4,venus+venus,
    Aphrodite,corporation,,plant venus,47

- The first line names the columns, in any order: `name`, `type`, `cost`, `tags` and
  `starting M€` (also written `starting MC`); case and spaces do not matter. Commas separate
  the values; a file whose first line has semicolons or tabs and no comma uses those.
- `type` is corporation, prelude, automated, active or event. `cost` is a project card's
  printed cost, 0-100, empty for corporations and preludes. `tags` are separated by `+` or
  spaces, from the known tags (`TAGS`); an event card gets its `event` tag when it is not
  written. `starting M€` is a corporation's, 0-100, empty for other cards.
- Blank lines are skipped. At most `MAX_ROWS` cards and `MAX_BYTES` of text.
- A card named like a card of the catalogue (ignoring case, accents and punctuation) is that
  card when its facts are the same, and an error when they differ; two lines may not name
  the same card.

Every problem is reported with its line, up to `MAX_PROBLEMS` of them at once.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from games.core.drawing.words import plural
from games.core.errors import typed
from games.tm_catalogue.catalogue import Catalogue, builtin
from games.tm_catalogue.model import (
    CARD_TYPES,
    EXPANSION_TITLES,
    MAX_COST,
    MAX_STARTING_MC,
    TAGS,
    Card,
    CardType,
    Tag,
    fold,
    name_problem,
    shape_problem,
)

MAX_ROWS = 2000
MAX_BYTES = 500_000
MAX_PROBLEMS = 10
#: The columns, as written in the documentation and in messages.
COLUMNS = ("name", "type", "cost", "tags", "starting M€")
_TYPES: dict[str, CardType] = {card_type: card_type for card_type in CARD_TYPES}
_TAGS: dict[str, Tag] = {tag: tag for tag in TAGS}
_HEADERS = {
    "name": "name",
    "type": "type",
    "cost": "cost",
    "tags": "tags",
    "tag": "tags",
    "startingm€": "starting M€",
    "startingmc": "starting M€",
    "startingmegacredits": "starting M€",
}


class HostListError(ValueError):
    """A host's list that cannot be loaded. `problems` are sentences, most naming a line;
    the message lists them, one a line."""

    def __init__(self, problems: list[str], more: int = 0) -> None:
        self.problems = tuple(problems)
        tail = [f"… and {plural(more, 'more problem')}."] if more else []
        super().__init__("\n".join([*problems, *tail]))


def parse_host_list(text: str | bytes, base: Catalogue | None = None) -> Catalogue:
    """`base` (the built-in catalogue when None) with the cards of the host's CSV `text`
    added after its own, in the file's order, as expansion `host`; a line naming one of
    `base`'s cards with its facts adds nothing, but that card counts as the host's too (it is
    dealt with `host`, `Catalogue.hosted`). Raises HostListError."""
    base = builtin() if base is None else base
    size = len(text if isinstance(text, bytes) else text.encode())
    if size > MAX_BYTES:
        most = MAX_BYTES // 1000
        raise HostListError(
            [f"The file is {size / 1000:,.0f} kB; a list may be at most {most} kB."]
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise HostListError(["The file is not UTF-8 text; save it as CSV (UTF-8)."]) from None
    reader = _Reader(text.removeprefix("\ufeff"), base)
    added = reader.cards()
    return Catalogue([*base.cards, *added], hosted=reader.named)


class _Reader:
    def __init__(self, text: str, base: Catalogue) -> None:
        self.text = text
        self.base = base
        self.problems: list[str] = []
        self.more = 0

    def problem(self, line: int, sentence: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(f"line {line}: {sentence}")
        else:
            self.more += 1

    def cards(self) -> list[Card]:
        first = self.text.split("\n", 1)[0]
        delimiter = next((d for d in ";\t" if d in first and "," not in first), ",")
        self.rows = csv.reader(io.StringIO(self.text, newline=""), delimiter=delimiter)
        self.count = 0
        #: Every card a line names, added or already in the catalogue.
        self.named: list[str] = []
        found: list[Card] = []
        try:
            columns = self._header(next(self.rows, []))
            found = self._rows(columns) if columns else []
        except csv.Error as error:
            self.problem(self.rows.line_num, f"the line cannot be read as CSV ({error}).")
        if self.problems:
            raise HostListError(self.problems, self.more)
        if not self.count:
            raise HostListError(["The list has no cards: add a line for each card."])
        return found

    def _header(self, row: list[str]) -> list[str | None] | None:
        names = [_HEADERS.get(re.sub(r"[\s_\-]", "", cell.casefold())) for cell in row]
        if not any(names):
            self.problem(1, f"the first line must name the columns: {', '.join(COLUMNS)}.")
            return None
        for cell, name in zip(row, names, strict=True):
            if name is None and cell.strip():
                self.problem(1, f"the column {typed(cell)} is not one of {', '.join(COLUMNS)}.")
        for column in COLUMNS:
            if names.count(column) > 1:
                self.problem(1, f"the column {column} is named twice.")
            if column not in names:
                self.problem(1, f"the column {column} is missing.")
        return None if self.problems else names

    def _rows(self, columns: list[str | None]) -> list[Card]:
        found: list[Card] = []
        lines: dict[str, int] = {}
        for row in self.rows:
            line = self.rows.line_num
            if not any(cell.strip() for cell in row):
                continue
            self.count += 1
            if self.count > MAX_ROWS:
                raise HostListError([f"The list has more than {MAX_ROWS:,} cards."])
            values = {c: cell.strip() for c, cell in zip(columns, row, strict=False) if c}
            if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns) :]):
                self.problem(line, f"{len(row)} values, but the first line names {len(columns)}.")
                continue
            card = self._card(line, values)
            if card is None:
                continue
            key = fold(card.name)
            if key in lines:
                self.problem(line, f"{typed(card.name)} is already on line {lines[key]}.")
                continue
            lines[key] = line
            known = self.base.match(card.name)
            self.named.append(known.name if known else card.name)
            if known is None:
                found.append(card)
            elif _facts(known) != _facts(card):
                self.problem(
                    line,
                    f"{typed(card.name)} is already in the catalogue "
                    f"({EXPANSION_TITLES[known.expansion]}: {_describe(known)}), "
                    f"and this line says {_describe(card)}.",
                )
        return found

    def _card(self, line: int, values: dict[str, str]) -> Card | None:
        before = len(self.problems) + self.more
        name = values.get("name", "")
        problem = name_problem(name)
        if problem:
            self.problem(line, f"the name {typed(name)}: {problem}." if name else f"{problem}.")
        kind = _TYPES.get(values.get("type", "").casefold())
        if kind is None:
            choices = ", ".join(CARD_TYPES)
            self.problem(
                line,
                f"the type {typed(values['type'])} is not one of {choices}."
                if values.get("type")
                else f"the type is missing ({choices}).",
            )
        cost = self._number(line, "cost", values.get("cost", ""), MAX_COST)
        starting = self._number(line, "starting M€", values.get("starting M€", ""), MAX_STARTING_MC)
        tags: list[Tag] = []
        for word in re.split(r"[+\s]+", values.get("tags", "").casefold()):
            tag = _TAGS.get(word)
            if tag:
                tags.append(tag)
            elif word:
                self.problem(line, f"the tag {typed(word)} is not one of {', '.join(TAGS)}.")
        if kind is None or len(self.problems) + self.more > before:
            return None
        if kind == "event" and "event" not in tags:
            tags.append("event")
        problem = shape_problem(kind, cost, tuple(tags), starting)
        if problem:
            self.problem(line, f"{problem}.")
            return None
        return Card(
            number=None,
            name=name,
            type=kind,
            expansion="host",
            cost=cost,
            tags=tuple(tags),
            starting_mc=starting,
        )

    def _number(self, line: int, column: str, value: str, most: int) -> int | None:
        if not value:
            return None
        if not re.fullmatch(r"[+-]?\d+", value):
            whole = "whole " if re.fullmatch(r"[+-]?(\d+[.,]\d*|[.,]\d+)", value) else ""
            self.problem(line, f"the {column} {typed(value)} is not a {whole}number.")
            return None
        # A number of more digits than its bound is out of range: it is not read (Python
        # refuses to read a whole number of thousands of digits).
        digits = value.lstrip("+-").lstrip("0")
        if (value.startswith("-") and digits) or len(digits) > len(str(most)) or int(value) > most:
            shown = value if len(value) <= 12 else value[:12] + "…"
            self.problem(line, f"the {column} {shown} is not between 0 and {most}.")
            return None
        return int(value)


def _facts(card: Card) -> tuple[Any, ...]:
    return card.type, card.cost, sorted(card.tags), card.starting_mc


def _describe(card: Card) -> str:
    parts: list[str] = [card.type]
    if card.cost is not None:
        parts.append(f"cost {card.cost}")
    parts.append(f"tags {'+'.join(card.tags)}" if card.tags else "no tags")
    if card.starting_mc is not None:
        parts.append(f"starting M€ {card.starting_mc}")
    return ", ".join(parts)
