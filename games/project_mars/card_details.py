"""The 27 cards of Project Mars as the rulebook's CARD DETAILS print them (a data table):
each card's kind, PWR, subtypes and text, word for word."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Kind = Literal["offense", "guardian", "utility"]
Subtype = Literal["artificial", "building", "unit", "vehicle", "ghost", "support"]
Row = Literal["attack", "defence"]
#: PM-2: the row where each kind's effect works.
_EFFECT_ROW: dict[Kind, Row] = {"offense": "attack", "guardian": "defence"}


class CardDef(BaseModel):
    """One of the 27 cards as printed: `text` is the rulebook's, word for word."""

    model_config = ConfigDict(frozen=True)

    key: str
    name: str
    kind: Kind
    pwr: int | None
    subtypes: tuple[Subtype, ...] = ()
    trap: bool = False
    #: Infantry, and the two cards the rulebook counts as infantry (PM-D6).
    infantry: bool = False
    text: str

    def has(self, subtype: Subtype) -> bool:
        return subtype in self.subtypes

    @property
    def row(self) -> Row | None:
        """PM-2: the row where the card's effect works; None for utility cards."""
        return _EFFECT_ROW.get(self.kind)


def _card(
    name: str,
    kind: Kind,
    pwr: int | None,
    subtypes: tuple[Subtype, ...],
    text: str,
    *,
    trap: bool = False,
    infantry: bool = False,
) -> CardDef:
    key = name.lower().replace(" ", "-")
    return CardDef(
        key=key,
        name=name,
        kind=kind,
        pwr=pwr,
        subtypes=subtypes,
        trap=trap,
        infantry=infantry,
        text=text,
    )


_ALL = (
    # ATTACK / OFFENSE
    _card(
        "Scout", "offense", 2, ("artificial",), "Opponent reveals one random card from their hand."
    ),
    _card(
        "Drone",
        "offense",
        1,
        ("artificial",),
        "Reveal X amount of random cards from opponent's hand, where X is the amount of cards "
        "on the enemy column.",
    ),
    _card(
        "Android",
        "offense",
        1,
        ("artificial",),
        "When placed on a [TRAP] card, it destroys the card without triggering its effects.",
    ),
    _card(
        "Cyber Soldier",
        "offense",
        1,
        ("artificial",),
        "Also counted as an Infantry card.",
        infantry=True,
    ),
    _card(
        "Sentinel",
        "offense",
        0,
        ("artificial",),
        "If there is another sentinel in the column, add +6 to TPR.",
    ),
    _card(
        "Landmine",
        "offense",
        0,
        ("ghost",),
        "[TRAP] Destroy a placed card if it is a UNIT. If it is a building, its PWR is set to 0.",
        trap=True,
    ),
    _card(
        "Stealth Op",
        "offense",
        2,
        ("ghost",),
        "[TRAP] Opponent chooses: they reveal a card of choice from their hand OR this card "
        "goes back to the owner's field. (PWR only counts if it is in owner's field)",
        trap=True,
    ),
    _card("Humvee", "offense", 2, ("vehicle",), "Counts as an infantry card.", infantry=True),
    _card("Medic", "offense", 0, ("unit", "support"), "[OFFENSE] +4 to TPR."),
    _card("Artillery Cannon", "offense", 1, (), "Destroys enemy infantry."),
    _card(
        "Siege Vehicle",
        "offense",
        2,
        (),
        "Boost any vehicle subtype power by +2. Player can pick which vehicle card they want "
        "to apply the buff to.",
    ),
    _card(
        "Infantry",
        "offense",
        2,
        ("unit",),
        "+1 TPR per infantry on the field during resolution. (Only one instance of this "
        "effect applies.)",
        infantry=True,
    ),
    _card("Strike Team", "offense", 2, ("unit",), "Bring down an enemy UNIT card's power to 0."),
    _card(
        "Spy",
        "offense",
        2,
        (),
        "[TRAP] Opponent chooses: Destroy a placed card if it has 2 or less PWR or this card "
        "goes back to the owner's field. (PWR only counts if it is in owner's field)",
        trap=True,
    ),
    # DEFENSE / GUARDIAN
    _card("Outpost", "guardian", 3, ("building",), "+2 to TPR."),
    _card(
        "Defense System",
        "guardian",
        1,
        ("building",),
        "Disable an ARTIFICIAL card on the enemy column.",
    ),
    _card(
        "Research Station",
        "guardian",
        1,
        ("building",),
        "Trade in a card in your hand for any utility card in your deck.",
    ),
    _card(
        "Cybernetics Lab",
        "guardian",
        0,
        ("building",),
        "All ARTIFICIAL cards on your field that have 1 PWR gain +1 PWR.",
    ),
    _card(
        "Comms Station",
        "guardian",
        0,
        ("building",),
        "Cards on the left and right of the Comms Station get +2 PWR. (A card may only "
        "benefit from one comms station, this card cannot receive any PWR bonuses)",
    ),
    _card(
        "Ballistic Missiles",
        "guardian",
        1,
        ("support",),
        "Destroy a building on the enemy column.",
    ),
    _card("Defense Turret", "guardian", 3, ("support",), "No effect."),
    _card("Sniper", "guardian", 0, ("ghost",), "Destroy an enemy UNIT on the enemy column."),
    # UTILITY
    _card(
        "EMP Bomb",
        "utility",
        None,
        (),
        "Disables all ARTIFICIAL cards on the field. (Their power is 0 and card effects "
        "nullified, they stay on the field).",
    ),
    _card(
        "Top Secret Information",
        "utility",
        None,
        (),
        "Destroy all GHOST/TRAP cards on the field. (Sent to junkyard)",
    ),
    _card("Favorable Conditions", "utility", None, (), "Each UNIT card on the field gets +2 PWR."),
    _card(
        "Toxic Gas",
        "utility",
        None,
        (),
        "All UNIT cards on the field are destroyed. Both players are immune to card revealing "
        "effects.",
    ),
    _card(
        "Sinkhole",
        "utility",
        None,
        (),
        "Discard any amount of cards: Destroy any amount of enemy BUILDING cards on the field "
        "based on how many you have discarded.",
    ),
)

#: The 27 cards by key, in the rulebook's order.
CARDS: dict[str, CardDef] = {card.key: card for card in _ALL}
