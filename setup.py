"""The packages, and their data (the fonts, the card catalogue, the web pages' templates):
everything else is in pyproject.toml. (The message catalogues are `bot/locales/`.)

The board fonts live in the repository's top-level `assets/fonts/`; a wheel carries them as
the package data `games/core/drawing/assets/fonts/`, where `games.core.drawing.fonts` looks
first (a source checkout has them at the top level, where it looks next).
"""

from setuptools import find_packages, setup

FONTS = "games.core.drawing.assets.fonts"

setup(
    packages=[*find_packages(include=["bot*", "games*"]), FONTS],
    package_dir={FONTS: "assets/fonts"},
    package_data={
        FONTS: ["*"],
        "games.tm_catalogue": ["cards.json"],
        "bot.web": ["templates/*.html"],
        # The message catalogues, compiled when `bot.i18n` is imported (docs/translating.md).
        # The template's message ids: what an engine's filled-in text is matched against.
        "bot": ["locales/*/LC_MESSAGES/*.po", "locales/*.pot"],
    },
)
