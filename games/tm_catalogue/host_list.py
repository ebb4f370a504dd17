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

Every problem is reported with its line, up to `MAX_PROBLEMS` of them at once, each an
English template with its values (a `RuleError`, code `host_list`), which the bot words in
its reader's language (docs/translating.md).
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from games.core.drawing.words import plural
from games.core.errors import RuleError, typed
from games.core.speech import N_
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
    """A host's list that cannot be loaded. `errors` are its problems, most naming a line
    (templates with their values), `problems` their English sentences, and `more` how many
    more were found; the message lists them, one a line."""

    def __init__(self, errors: list[RuleError], more: int = 0) -> None:
        self.errors = tuple(errors)
        self.problems = tuple(error.message for error in errors)
        self.more = more
        tail = [f"… and {plural(more, 'more problem')}."] if more else []
        super().__init__("\n".join([*self.problems, *tail]))


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
            [
                RuleError(
                    "host_list",
                    "The file is {size} kB; a list may be at most {most} kB.",
                    size=f"{size / 1000:,.0f}",
                    most=most,
                )
            ]
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise HostListError(
                [RuleError("host_list", "The file is not UTF-8 text; save it as CSV (UTF-8).")]
            ) from None
    reader = _Reader(text.removeprefix("\ufeff"), base)
    added = reader.cards()
    return Catalogue([*base.cards, *added], hosted=reader.named)


class _Reader:
    def __init__(self, text: str, base: Catalogue) -> None:
        self.text = text
        self.base = base
        self.problems: list[RuleError] = []
        self.more = 0

    def problem(self, error: RuleError) -> None:
        """A problem of a line (its template names the line)."""
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(error)
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
            self.problem(
                RuleError(
                    "host_list",
                    "line {line}: the line cannot be read as CSV ({error}).",
                    line=self.rows.line_num,
                    error=str(error),
                )
            )
        if self.problems:
            raise HostListError(self.problems, self.more)
        if not self.count:
            raise HostListError(
                [RuleError("host_list", "The list has no cards: add a line for each card.")]
            )
        return found

    def _header(self, row: list[str]) -> list[str | None] | None:
        names = [_HEADERS.get(re.sub(r"[\s_\-]", "", cell.casefold())) for cell in row]
        if not any(names):
            self.problem(
                RuleError(
                    "host_list",
                    "line {line}: the first line must name the columns: {columns}.",
                    line=1,
                    columns=", ".join(COLUMNS),
                )
            )
            return None
        for cell, name in zip(row, names, strict=True):
            if name is None and cell.strip():
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: the column {column} is not one of {columns}.",
                        line=1,
                        column=typed(cell),
                        columns=", ".join(COLUMNS),
                    )
                )
        for column in COLUMNS:
            if names.count(column) > 1:
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: the column {column} is named twice.",
                        line=1,
                        column=column,
                    )
                )
            if column not in names:
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: the column {column} is missing.",
                        line=1,
                        column=column,
                    )
                )
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
                raise HostListError(
                    [
                        RuleError(
                            "host_list",
                            "The list has more than {most} cards.",
                            most=f"{MAX_ROWS:,}",
                        )
                    ]
                )
            values = {c: cell.strip() for c, cell in zip(columns, row, strict=False) if c}
            if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns) :]):
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: {count} values, but the first line names {columns}.",
                        line=line,
                        count=len(row),
                        columns=len(columns),
                    )
                )
                continue
            card = self._card(line, values)
            if card is None:
                continue
            key = fold(card.name)
            if key in lines:
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: {name} is already on line {other}.",
                        line=line,
                        name=typed(card.name),
                        other=lines[key],
                    )
                )
                continue
            lines[key] = line
            known = self.base.match(card.name)
            self.named.append(known.name if known else card.name)
            if known is None:
                found.append(card)
            elif _facts(known) != _facts(card):
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: {name} is already in the catalogue ({expansion}: {known}), "
                        "and this line says {card}.",
                        line=line,
                        name=typed(card.name),
                        expansion=EXPANSION_TITLES[known.expansion],
                        known=_describe(known),
                        card=_describe(card),
                    )
                )
        return found

    def _card(self, line: int, values: dict[str, str]) -> Card | None:
        before = len(self.problems) + self.more
        name = values.get("name", "")
        problem = name_problem(name)
        if problem and name:
            self.problem(
                RuleError(
                    "host_list",
                    "line {line}: the name {name}: {problem}.",
                    line=line,
                    name=typed(name),
                    problem=problem,
                )
            )
        elif problem:
            self.problem(
                RuleError("host_list", "line {line}: {problem}.", line=line, problem=problem)
            )
        kind = _TYPES.get(values.get("type", "").casefold())
        choices = ", ".join(CARD_TYPES)
        if kind is None and values.get("type"):
            self.problem(
                RuleError(
                    "host_list",
                    "line {line}: the type {type} is not one of {choices}.",
                    line=line,
                    type=typed(values["type"]),
                    choices=choices,
                )
            )
        elif kind is None:
            self.problem(
                RuleError(
                    "host_list",
                    "line {line}: the type is missing ({choices}).",
                    line=line,
                    choices=choices,
                )
            )
        cost = self._number(line, "cost", values.get("cost", ""), MAX_COST)
        starting = self._number(line, "starting M€", values.get("starting M€", ""), MAX_STARTING_MC)
        tags: list[Tag] = []
        for word in re.split(r"[+\s]+", values.get("tags", "").casefold()):
            tag = _TAGS.get(word)
            if tag:
                tags.append(tag)
            elif word:
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: the tag {tag} is not one of {tags}.",
                        line=line,
                        tag=typed(word),
                        tags=", ".join(TAGS),
                    )
                )
        if kind is None or len(self.problems) + self.more > before:
            return None
        if kind == "event" and "event" not in tags:
            tags.append("event")
        problem = shape_problem(kind, cost, tuple(tags), starting)
        if problem:
            self.problem(
                RuleError("host_list", "line {line}: {problem}.", line=line, problem=problem)
            )
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
            if re.fullmatch(r"[+-]?(\d+[.,]\d*|[.,]\d+)", value):
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: the {column} {value} is not a whole number.",
                        line=line,
                        column=column,
                        value=typed(value),
                    )
                )
            else:
                self.problem(
                    RuleError(
                        "host_list",
                        "line {line}: the {column} {value} is not a number.",
                        line=line,
                        column=column,
                        value=typed(value),
                    )
                )
            return None
        # A number of more digits than its bound is out of range: it is not read (Python
        # refuses to read a whole number of thousands of digits).
        digits = value.lstrip("+-").lstrip("0")
        if (value.startswith("-") and digits) or len(digits) > len(str(most)) or int(value) > most:
            shown = value if len(value) <= 12 else value[:12] + "…"
            self.problem(
                RuleError(
                    "host_list",
                    "line {line}: the {column} {value} is not between 0 and {most}.",
                    line=line,
                    column=column,
                    value=shown,
                    most=most,
                )
            )
            return None
        return int(value)


def _facts(card: Card) -> tuple[Any, ...]:
    return card.type, card.cost, sorted(card.tags), card.starting_mc


def _describe(card: Card) -> str:
    """A card's facts, as a problem compares them: "active, cost 10, tags animal" (an
    engine's text, by the card's shape: `shape_problem`)."""
    tags = "+".join(card.tags)
    if card.starting_mc is not None:
        template = (
            N_("{type}, tags {tags}, starting M€ {starting}")
            if tags
            else N_("{type}, no tags, starting M€ {starting}")
        )
    elif card.cost is not None:
        template = (
            N_("{type}, cost {cost}, tags {tags}") if tags else N_("{type}, cost {cost}, no tags")
        )
    else:
        template = N_("{type}, tags {tags}") if tags else N_("{type}, no tags")
    return template.format(type=card.type, cost=card.cost, tags=tags, starting=card.starting_mc)
