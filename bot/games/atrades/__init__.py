"""Atrades in Discord: its texts, rules, board controls and `/match create atrades`."""
