"""The MARSBOT draft (marsbot-corporations.en.md, RULINGS.md §3): MARSBOT, the Terraforming
Mars automa, drafts by its corporation's priority from generation 2. The priorities are data
(`priority`), the pick, the discard and the action deck pure functions (`draft`), the cards
those of the Terraforming Mars catalogue or written out (`cards`); a draft is a match
(`model`, and `rules`, whose engine routes each move to `rounds`, `finish` and `flow`), at the
table or dealt whole."""

from games.marsbot_draft.rules import MarsbotDraft

ENGINE = MarsbotDraft()

__all__ = ["ENGINE", "MarsbotDraft"]
