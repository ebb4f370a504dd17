"""High Bid: a sealed-bid toy game that lives in the tests. It shows what adding a game takes
(docs/adding-a-game.md): an engine (`engine.py`), a plug-in (`texts.py`, `plugin.py`), and
registering both; `test_toy_game.py` plays it through Discord."""
