"""Dealer's Discord shell: commands, buttons, modals, DMs, threads, timers and the presenter."""
