"""The SimCord drivers of the games and the helpers the tests share (issue 40, item 5)."""
