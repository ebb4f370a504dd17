"""MARSBOT's draft priorities (marsbot-corporations.en.md §3.1, §3.2, §5) as data: each
corporation's priority box, the four kinds of priority, and Aridor's tracks.

- `Tags`: levels separated by ">" on the card, each level one tag or several symbols shown
  side by side (A3: a card's count within a level sums them, duplicates included);
- `MostExpensive` (CrediCor), `MostTags` (Spire);
- `LowestTrack` (Aridor): frozen into `Tags` at the start of each generation's draft from
  MARSBOT's track levels (§3.2, A4, A12) by `freeze`.

A priority is also written out, for the command line and a corporation not listed:
`venus>jovian`, `power+jovian>earth` (a level of several symbols), `most-expensive`,
`most-tags`, `lowest-track`. The wild tag is never part of a priority (§2: it is not counted).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.errors import RuleError, typed
from games.core.speech import N_
from games.tm_catalogue import TAGS, Tag, builtin, fold

#: How the levels of a tag priority are written, and the symbols of one level.
LEVEL_SEPARATOR = ">"
SYMBOL_SEPARATOR = "+"
#: Another word for a tag, as the rulebook writes it ("energy" for the power tag).
TAG_WORDS: dict[str, Tag] = {**{tag: tag for tag in TAGS}, "energy": "power"}


def tag_title(tag: str) -> str:
    """A tag as people read it: "Venus", "Jovian"."""
    return tag.capitalize()


class Tags(BaseModel):
    """Levels of tags, best first; a card's key is its count of each level's tags (A3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["tags"] = "tags"
    levels: tuple[tuple[Tag, ...], ...]

    @model_validator(mode="after")
    def _check(self) -> Tags:
        problem = levels_problem(self.levels)
        if problem:
            raise ValueError(problem)
        return self

    def written(self) -> str:
        return LEVEL_SEPARATOR.join(SYMBOL_SEPARATOR.join(level) for level in self.levels)

    def titles(self) -> list[str]:
        """Each level as people read it: "Venus", "Plant+Animal+Microbe"."""
        return [SYMBOL_SEPARATOR.join(tag_title(t) for t in level) for level in self.levels]


class MostExpensive(BaseModel):
    """CrediCor: the highest printed cost (A9)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["most-expensive"] = "most-expensive"

    def written(self) -> str:
        return self.kind


class MostTags(BaseModel):
    """Spire: the most tags, wild ones not counted, the event tag counted (A5, A6)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["most-tags"] = "most-tags"

    def written(self) -> str:
        return self.kind


class LowestTrack(BaseModel):
    """Aridor: the tags of MARSBOT's least advanced track, frozen at the start of each
    generation's draft (§3.2, A12) by `freeze`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["lowest-track"] = "lowest-track"

    def written(self) -> str:
        return self.kind


#: A priority picks and discards are made by.
Frozen = Annotated[Tags | MostExpensive | MostTags, Field(discriminator="kind")]


def levels_problem(levels: tuple[tuple[str, ...], ...]) -> str | None:
    """What is wrong with the levels of a tag priority, as a sentence, or None."""
    named = [tag for level in levels for tag in level]
    if not levels or not all(levels):
        return N_("a tag priority has at least one level, each of at least one tag")
    if "wild" in named:
        return N_("the wild tag is never counted in a draft priority")
    if len(set(named)) != len(named):
        return N_("a tag appears once in a draft priority")
    return None


def tags(*levels: str) -> Tags:
    """A tag priority from its levels as written: `tags("venus", "jovian")`,
    `tags("power+science")`. Raises RuleError `bad_priority`."""
    parsed = tuple(
        tuple(_tag(t) for t in level.split(SYMBOL_SEPARATOR) if t.strip()) for level in levels
    )
    problem = levels_problem(parsed)
    if problem:
        raise RuleError(
            "bad_priority",
            "In {typed}, {problem}.",
            typed=typed(LEVEL_SEPARATOR.join(levels)),
            problem=problem,
        )
    return Tags(levels=parsed)


def _tag(word: str) -> Tag:
    found = TAG_WORDS.get(word.strip().lower())
    if found is None:
        raise RuleError(
            "bad_priority",
            "{typed} is no tag; the tags are {tags}.",
            typed=typed(word.strip()),
            tags=", ".join(t for t in TAGS),
        )
    return found


# -- corporations ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Corporation:
    """A MARSBOT corporation card with a draft priority box (§5). `confirmed`: transcribed
    from owner-verified scans or confirmed by the Czech rulebook; otherwise from one fan
    source only (ignac8), with lower confidence."""

    number: str
    name: str
    priority: Tags | MostExpensive | MostTags | LowestTrack
    confirmed: bool = True


#: §5's table, in card order.
CORPORATIONS: tuple[Corporation, ...] = (
    Corporation("C01", "CrediCor", MostExpensive()),
    Corporation("C08", "Saturn Systems", tags("jovian", "space")),
    Corporation("C09", "Teractor", tags("earth")),
    Corporation("C10", "Tharsis Republic", tags("city")),
    Corporation("C11", "Thorgate", tags("power")),
    Corporation("C13", "Cheung Shing MARS", tags("building")),
    Corporation("C14", "Point Luna", tags("earth")),
    Corporation("C16", "Valley Trust", tags("science")),
    Corporation("C19", "Astrodrill", tags("space")),
    Corporation("C21", "Pharmacy Union", tags("science")),
    Corporation("C23", "Recyclon", tags("building")),
    Corporation("C24", "Splice", tags("microbe")),
    Corporation("C26", "Celestic", tags("venus", "jovian")),
    Corporation("C28", "Aphrodite", tags("plant", "animal", "venus"), confirmed=False),
    Corporation("C30", "Aridor", LowestTrack()),
    Corporation("C31", "Arklight", tags("animal", "plant"), confirmed=False),
    Corporation("C40", "Ecotec", tags("plant", "microbe", "animal"), confirmed=False),
    Corporation("C41", "Kuiper Cooperative", tags("space"), confirmed=False),
    Corporation("C43", "Palladin Shipping", tags("space", "event"), confirmed=False),
    Corporation("C45", "Spire", MostTags()),
    Corporation("C46", "Tycho Magnetics", tags("power", "science"), confirmed=False),
)
_BY_FOLDED = {fold(c.name): c for c in CORPORATIONS}
#: Corporations the MARSBOT rulebook names that show no draft priority box (§2), besides the
#: catalogue's corporations without one.
_NAMED_WITHOUT_PRIORITY = ("Lakefront Resorts", "Pristar", "Utopia Invest")


def corporation(name: str) -> Corporation | None:
    """The corporation with a draft priority that `name` names, as typed; or None."""
    return _BY_FOLDED.get(fold(name))


def without_priority(name: str) -> str | None:
    """The name of a known corporation without a draft priority box that `name` names
    (a catalogue corporation, or one the rulebook names), or None."""
    folded = fold(name)
    if folded in _BY_FOLDED:
        return None
    for known in _NAMED_WITHOUT_PRIORITY:
        if fold(known) == folded:
            return known
    card = builtin().match(name)
    return card.name if card is not None and card.type == "corporation" else None


def find_corporation(name: str) -> Corporation:
    """The corporation `name` names; RuleError `no_priority` for a known corporation whose
    MARSBOT card has no draft priority, `unknown_corporation` for any other name."""
    found = corporation(name)
    if found is not None:
        return found
    known = without_priority(name)
    if known is not None:
        raise RuleError(
            "no_priority",
            "{corporation}'s MARSBOT card has no draft priority: with it, MARSBOT drafts as in "
            "the base game (a random card from its pile, a random discard), so there is "
            "nothing to work out. The corporations with a priority are {corporations}.",
            corporation=known,
            corporations=corporation_names(),
        )
    raise RuleError(
        "unknown_corporation",
        "There is no MARSBOT corporation with a draft priority called {typed}; they are "
        "{corporations}.",
        typed=typed(name),
        corporations=corporation_names(),
    )


def corporation_names() -> str:
    return ", ".join(c.name for c in CORPORATIONS)


# -- written-out priorities -----------------------------------------------------------------


def parse_priority(text: str) -> tuple[str | None, Tags | MostExpensive | MostTags | LowestTrack]:
    """A priority as a person types it: a corporation's name (returned with it), or written
    out (`venus>jovian`, `power+jovian>earth`, `most-expensive`, `most-tags`,
    `lowest-track`). Raises RuleError."""
    text = text.strip()
    found = corporation(text)
    if found is not None:
        return found.name, found.priority
    word = text.lower().replace("_", "-").replace(" ", "-")
    for kind in (MostExpensive(), MostTags(), LowestTrack()):
        if word == kind.kind:
            return None, kind
    written_out = any(sep in text for sep in (LEVEL_SEPARATOR, SYMBOL_SEPARATOR))
    if not written_out and text.lower() not in TAG_WORDS:
        if without_priority(text) is not None:
            find_corporation(text)
        raise RuleError(
            "bad_priority",
            "{typed} is neither a MARSBOT corporation with a draft priority nor a priority "
            "written out (`venus>jovian`, `power+jovian>earth`, `most-expensive`, "
            "`most-tags`, `lowest-track`). The corporations are {corporations}.",
            typed=typed(text),
            corporations=corporation_names(),
        )
    return None, tags(*text.split(LEVEL_SEPARATOR))


# -- Aridor's tracks ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Track:
    """One of MARSBOT's tracks (§3.2), by its first tag, with the tags it counts."""

    id: str
    tags: tuple[Tag, ...]


#: MARSBOT's board for Tharsis, top to bottom (§3.2's upstream transcription); the Venus Next
#: board counts below the main tracks (the rulebook's energy-before-Venus example).
TRACKS: tuple[Track, ...] = (
    Track("building", ("building",)),
    Track("space", ("space",)),
    Track("event", ("event",)),
    Track("science", ("science",)),
    Track("power", ("power", "jovian")),
    Track("earth", ("earth", "city")),
    Track("plant", ("plant", "animal", "microbe")),
    Track("venus", ("venus",)),
)
MAIN_TRACKS = tuple(t.id for t in TRACKS if t.id != "venus")
_TRACK_OF: dict[str, Track] = {tag: track for track in TRACKS for tag in track.tags}
MAX_LEVEL = 99
AridorTracks = Literal["level", "cascade"]


def track_of(word: str) -> Track | None:
    """The track a word names: any of its tags ("jovian" is the power track)."""
    tag = TAG_WORDS.get(word.strip().lower())
    return _TRACK_OF.get(tag) if tag is not None else None


def check_levels(levels: Mapping[str, int]) -> None:
    """Raises RuleError unless `levels` gives every main track a level from 0 and names no
    other track (the Venus track only with Venus Next: optional)."""
    known = {t.id for t in TRACKS}
    strange = [t for t in levels if t not in known]
    if strange:
        raise RuleError(
            "bad_tracks",
            "{typed} is no track of MARSBOT's board; they are {tracks}.",
            typed=typed(strange[0]),
            tracks=", ".join(t.id for t in TRACKS),
        )
    missing = [t for t in MAIN_TRACKS if t not in levels]
    if missing:
        raise RuleError(
            "bad_tracks",
            "Aridor's priority needs the level of every track of MARSBOT's board; missing: "
            "{tracks} (venus too, with Venus Next).",
            tracks=", ".join(missing),
        )
    for track, level in levels.items():
        if not 0 <= level <= MAX_LEVEL:
            raise RuleError(
                "bad_tracks",
                "The {track} track's level is from 0 to {limit}, not {level}.",
                track=track,
                limit=MAX_LEVEL,
                level=level,
            )


def parse_levels(text: str) -> dict[str, int]:
    """Track levels as typed: `building 3, space 5, jovian 2, …` or with `=` or `:`; a track
    by any of its tags. Raises RuleError."""
    levels: dict[str, int] = {}
    for part in text.replace(";", ",").split(","):
        words = part.replace("=", " ").replace(":", " ").split()
        if not words:
            continue
        if len(words) != 2 or not words[1].isascii() or not words[1].isdigit():
            raise RuleError(
                "bad_tracks",
                "{typed} is not a track and its level (write them like "
                "`building 3, space 5, event 2, science 4, power 3, earth 6, plant 2`).",
                typed=typed(part.strip()),
            )
        track = track_of(words[0])
        if track is None:
            raise RuleError(
                "bad_tracks",
                "{typed} is no track of MARSBOT's board; they are {tracks}.",
                typed=typed(words[0]),
                tracks=", ".join(t.id for t in TRACKS),
            )
        if track.id in levels:
            raise RuleError("bad_tracks", "The {track} track is given twice.", track=track.id)
        levels[track.id] = int(words[1])
    check_levels(levels)
    return levels


def lowest_track(levels: Mapping[str, int]) -> Track:
    """§3.2: the track at the lowest level; a tie goes to the track printed highest on the
    board, the Venus track below the main ones (the rulebook's energy-before-Venus example)."""
    check_levels(levels)
    return min((t for t in TRACKS if t.id in levels), key=lambda t: levels[t.id])


def freeze(
    priority: Tags | MostExpensive | MostTags | LowestTrack,
    levels: Mapping[str, int] | None = None,
    aridor_tracks: AridorTracks = "level",
) -> Tags | MostExpensive | MostTags:
    """The priority the picks and the discard of one generation's draft go by (A12: frozen at
    its start). Aridor's is its lowest track's tags (`lowest_track`): one level of equal
    weight (A4, the default `level`), or a cascade in the track's printed order (`cascade`).
    Raises RuleError when Aridor has no track levels."""
    if not isinstance(priority, LowestTrack):
        return priority
    if levels is None:
        raise RuleError(
            "bad_tracks",
            "Aridor's priority is its least advanced track: give the levels of MARSBOT's tracks.",
        )
    track = lowest_track(levels)
    if aridor_tracks == "cascade":
        return Tags(levels=tuple((tag,) for tag in track.tags))
    return Tags(levels=(track.tags,))
