"""Developer tools, outside the bot's runtime package: `python -m tools.demo` plays a whole
match through SimCord, `python -m tools.start` is what `./dealer` runs (the bot, or the demo
without a token), `python -m tools.render_samples OUT_DIR` draws every board,
`python -m tools.build_tm_catalogue SOURCE OUT` extracts the Terraforming Mars card facts."""
