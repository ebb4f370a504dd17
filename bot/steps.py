"""Walking an action's steps (`games.core.contract.Action.steps`) as Discord controls: how a
pick is listed (menus of at most 25 choices, by group, a menu of the menus first where they
are many, or a form where it is typed), and the answers given so far, carried in custom ids
so that a control works after a restart. Pure: no Discord here, so that the conformance
suite checks with the same code that every legal action can be shown."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import _, engine_words
from games.core.contract import MENU_OPTIONS, Action, Amount, Answer, Choice, Pick, Step
from games.core.drawing.words import listed

#: Menus one message holds (Discord's five rows).
MENUS = 5
#: Between the answers of two steps in a custom id, and between the values of a
#: multi-select (what `games.core.contract.SEPARATORS` keeps out of choice values).
STEP_SEPARATOR = "|"
VALUE_SEPARATOR = ","


@dataclass(frozen=True, slots=True)
class Menu:
    """One menu of a pick: its choices and, where a pick needs several, what tells it apart
    ("Spice", "Cards 26-50")."""

    choices: list[Choice]
    title: str | None


def menus(step: Pick) -> list[Menu]:
    """The menus a pick's choices are listed in: one per group (in the order the groups come),
    25 choices each at most; a multi-select in one menu. Empty when they do not fit, so the
    pick is typed."""
    if step.takes_list:
        return [Menu(step.choices, None)] if len(step.choices) <= MENU_OPTIONS else []
    groups: dict[str | None, list[Choice]] = {}
    for choice in step.choices:
        groups.setdefault(choice.group, []).append(choice)
    listed: list[Menu] = []
    for group, choices in groups.items():
        for start in range(0, len(choices), MENU_OPTIONS):
            chunk = choices[start : start + MENU_OPTIONS]
            title = group
            if len(choices) > MENU_OPTIONS:
                span = f"{start + 1}-{start + len(chunk)}"
                title = f"{group} {span}" if group else f"{step.label} {span}"
            listed.append(Menu(chunk, title))
    return listed if len(listed) <= MENU_OPTIONS else []


def shown(action: Action) -> list[str]:
    """What of `action` the controls could not show (empty: all of it): every step is an
    amount form, a pick whose every choice is in one of its menus (at most 25 menus, chosen
    from a menu of them past five), or a typed pick."""
    problems = []
    for step in action.walk():
        if not isinstance(step, Pick) or step.typed:
            continue
        listed = [c.value for menu in menus(step) for c in menu.choices]
        if sorted(listed) != sorted(c.value for c in step.choices):
            problems.append(f"{action.key}: {step.field}'s {len(step.choices)} choices")
    return problems


def encode(action: Action, answers: dict[str, Answer]) -> str:
    """The answers so far, in the order of the steps asked, as a custom id carries them."""
    tokens = []
    for step in action.path(answers):
        if step.field not in answers:
            break
        answer = answers[step.field]
        tokens.append(VALUE_SEPARATOR.join(answer) if isinstance(answer, list) else str(answer))
    return STEP_SEPARATOR.join(tokens)


def decode(action: Action, text: str | None) -> dict[str, Answer]:
    """The answers a custom id carried (`encode`); ValueError when they do not fit the
    action's steps (a control of an action that has changed since)."""
    answers: dict[str, Answer] = {}
    tokens = text.split(STEP_SEPARATOR) if text else []
    for token in tokens:
        step = action.next_step(answers)
        if step is None:
            raise ValueError(f"{action.key} takes fewer answers")
        answers[step.field] = _parse(step, token)
    return answers


def _parse(step: Step, token: str) -> Answer:
    if isinstance(step, Amount):
        return int(token)
    if step.takes_list:
        return token.split(VALUE_SEPARATOR) if token else []
    return token


#: A typed pick with at most this many choices names them when what was typed is none.
LISTED = 12


def _not_a_choice(step: Pick, part: str) -> str:
    """The refusal of a typed answer that is none of the step's choices (a hex taken since,
    a label mistyped): the choices themselves when they are few, else where they are listed."""
    labels = [engine_words(choice.label) for choice in step.choices]
    values = {"typed": part[:40], "step": engine_words(step.label).lower()}
    if len(labels) == 1:
        # TRANSLATORS: {step} is what the step asks ("hex to claim"), {choice} its only
        # choice left.
        said = _("“{typed}” is not one of the choices ({step}): the one left is {choice}.")
        return said.format(choice=labels[0], **values)
    if len(labels) <= LISTED:
        said = _("“{typed}” is not one of the choices ({step}): it is one of {choices}.")
        return said.format(choices=listed(labels, "or"), **values)
    said = _("“{typed}” is not one of the choices ({step}): the menus list them all.")
    return said.format(**values)


def typed(step: Pick, text: str) -> Answer:
    """What a player typed for a typed pick: values or labels (any case; a label in English
    or in the language in force, as the refusal lists them), several apart by commas or
    semicolons. Raises ValueError with a sentence for the player."""
    known: dict[str, str] = {}
    for choice in step.choices:
        known[choice.value.casefold()] = choice.value
        known.setdefault(choice.label.casefold(), choice.value)
        known.setdefault(engine_words(choice.label).casefold(), choice.value)
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    picked = []
    for part in parts:
        value = known.get(part.casefold())
        if value is None:
            raise ValueError(_not_a_choice(step, part))
        picked.append(value)
    if not step.min <= len(picked) <= step.max:
        label = engine_words(step.label).lower()
        if step.min == step.max:
            raise ValueError(
                _("Name {count} ({step}), apart by commas.").format(count=step.min, step=label)
            )
        raise ValueError(
            _("Name {least} to {most} ({step}), apart by commas.").format(
                least=step.min, most=step.max, step=label
            )
        )
    return picked if step.takes_list or not picked else picked[0]
