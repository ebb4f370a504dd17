"""Walking an action's steps (`games.core.contract.Action.steps`) as Discord controls: how a
pick is listed (menus of at most 25 choices, by group, a menu of the menus first where they
are many, or a form where it is typed), and the answers given so far, carried in custom ids
so that a control works after a restart. Pure: no Discord here, so that the conformance
suite checks with the same code that every legal action can be shown."""

from __future__ import annotations

from dataclasses import dataclass

from games.core.contract import MENU_OPTIONS, Action, Amount, Answer, Choice, Pick, Step

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
    labels = [choice.label for choice in step.choices]
    if len(labels) == 1:
        where = f"the one left is {labels[0]}"
    elif len(labels) <= LISTED:
        where = f"it is one of {', '.join(labels[:-1])} or {labels[-1]}"
    else:
        where = "the menus list them all"
    return f"“{part[:40]}” is not one of the choices ({step.label.lower()}): {where}."


def typed(step: Pick, text: str) -> Answer:
    """What a player typed for a typed pick: values or labels (any case), several apart by
    commas or semicolons. Raises ValueError with a sentence for the player."""
    known: dict[str, str] = {}
    for choice in step.choices:
        known[choice.value.casefold()] = choice.value
        known.setdefault(choice.label.casefold(), choice.value)
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    picked = []
    for part in parts:
        value = known.get(part.casefold())
        if value is None:
            raise ValueError(_not_a_choice(step, part))
        picked.append(value)
    if not step.min <= len(picked) <= step.max:
        many = f"{step.min}" if step.min == step.max else f"{step.min} to {step.max}"
        raise ValueError(f"Name {many} ({step.label.lower()}), apart by commas.")
    return picked if step.takes_list or not picked else picked[0]
