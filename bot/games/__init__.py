"""Each game's plug-in: its texts, options, commands, controls and computer seat, one folder
per game (`bot/games/<game>/`), found through `bot.games.registry`. Nothing else in `bot/`
names a game. This package's own import is light: render workers import a game's `texts`
module through it without loading Discord."""
